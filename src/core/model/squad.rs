//! Squads as authored: what makes an archetype a squad's (an entity without a body that runs a
//! brain over its own facts, Pittman's command level, P:325 of 004_bdde6381c6c06595.txt), the
//! aggregate facts motive keeps on it, whether a unit weighs recommendations against its own
//! goals (autonomy, P:199), and the `DomainBuilder` calls for these and for orders. Same rules
//! as the rest of [`DomainBuilder`]: every call validates what it adds, and a rejected call
//! changes nothing.

use crate::core::model::action::{ActionDuration, ActionId};
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::domain::{AttributeId, DomainBuilder};
use crate::core::model::error::{Error, Result};
use crate::core::model::order::{OrderDef, TargetSource};
use crate::core::model::value::ValueType;

/// Most members one squad holds, and deepest a hierarchy goes (a commander at depth 0): the
/// bounds that keep an order's issue, a roster's check and an interrupt's cascade finite.
pub const MAX_SQUAD_MEMBERS: usize = 256;

/// Deepest a command hierarchy goes: a squad at this depth takes no squad as a member.
pub const MAX_SQUAD_DEPTH: usize = 8;

/// What makes an archetype a squad's, and the aggregate facts motive keeps on its squads
/// (each optional: a numeric attribute of the domain, written before every tick's thinks).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SquadDef {
    /// How many members the squad has (dead members leave it).
    pub members_alive: Option<AttributeId>,
    /// How many members have reported the running order's goals complete.
    pub members_reported: Option<AttributeId>,
}

impl DomainBuilder {
    /// Makes `archetype` a squad's: its entities are created with `World::create_squad`, have
    /// no body (their position is their members' centroid) and plan over their own facts, the
    /// squad's shared blackboard. It must think (have a brain); the orders it consumes it
    /// supplies itself.
    pub fn set_archetype_squad(&mut self, archetype: ArchetypeId, squad: SquadDef) -> Result<()> {
        for attribute in [squad.members_alive, squad.members_reported]
            .into_iter()
            .flatten()
        {
            self.domain.expect_number(attribute)?;
        }
        self.domain.archetypes.get_mut(archetype.0)?.squad = Some(squad);
        Ok(())
    }

    /// Sets whether `archetype`'s NPCs (or squads) decide what to do themselves (P:199): an
    /// autonomous unit (the default) adds a recommendation's bias to its own relevance; one
    /// that is not pursues the most recommended goal, and its own only while it has no
    /// recommendation (P:325). Only GOAP weighs goals, so only GOAP archetypes may be set.
    pub fn set_archetype_autonomous(
        &mut self,
        archetype: ArchetypeId,
        autonomous: bool,
    ) -> Result<()> {
        self.domain.archetypes.get_mut(archetype.0)?.autonomous = autonomous;
        Ok(())
    }

    /// Makes `action` an order (`model/order.rs`): its recommendations' goals exist, their
    /// targets are entity attributes, and the action is ended by motive, so it has no duration.
    pub fn set_action_order(&mut self, action: ActionId, order: OrderDef) -> Result<()> {
        order.check()?;
        for r in &order.recommend {
            self.domain.goap_goals().get(r.goal.0)?;
            let facts = r.target.iter().flat_map(|t| match &t.from {
                TargetSource::Facts(from) => from.as_slice(),
                TargetSource::Supplier => &[],
            });
            for &attribute in facts.chain(r.target.iter().map(|t| &t.into)) {
                let def = self.domain.attribute(attribute)?;
                if def.value_type != ValueType::Entity {
                    return Err(Error::invalid(format!(
                        "an order's target attribute {:?} must hold entities",
                        self.domain.attribute_table().name(attribute.0)
                    )));
                }
            }
        }
        let def = self.domain.actions_mut().get_mut(action.0)?;
        if def.duration != ActionDuration::Engine {
            return Err(Error::invalid(
                "an order has no duration: motive ends it when the members report",
            ));
        }
        def.order = Some(Box::new(order));
        Ok(())
    }
}
