//! Which perceived entities a think can use: those a UDGOAP NPC remembers, and the suppliers
//! UBC and GOAP rate and bind ([`Interest`]). A think perceives at most its archetype's
//! `perception_limit` of them, the nearest (`World::perceivable`), so what cannot matter must
//! not take their places.
//!
//! **UDGOAP** remembers what can matter to its decisions.
//! The thesis's NPC senses every entity in range into its memory (000_16db0c300c7e0e65.txt:
//! 894-905), and its memory is bounded (:835-841). Taken literally, a room of irrelevant props
//! fills the memory, pushes out the patients the NPC cares for, and makes every think pay for
//! the props (`motive bench --objects`). We remember an entity only when some part of the
//! domain can bind it:
//!
//! - the NPC itself;
//! - a supplier of an action the NPC consumes (a plan step's supplier);
//! - an entity carrying a fact that a goal generator tests on its subject, or a world effect's
//!   filter on its other entity: the only ways a goal or a world effect binds an entity;
//! - every entity, when some generator or world-effect filter tests no such fact (it binds
//!   any entity it knows).
//!
//! Conditions and effects name entities only through these roles, so an entity outside them
//! can change no plan, goal or rating: leaving it out changes what an NPC decides only where
//! it used to push relevant facts out of a full memory.
//!
//! **UBC and GOAP** use a perceived entity only as the supplier of an action the NPC consumes:
//! a UBC plan's steps are actions its archetype consumes (checked when the plan is added), and
//! GOAP binds only consumed actions. Any other entity changes no rating and no binding.
//!
//! NPCs are entities of thinking archetypes (or of none, made by `World::create`): when no
//! such entity can interest an archetype, its thinks leave the NPC tier of the spatial index
//! out, and a crowd of others costs them nothing.

use crate::core::model::action::ActionId;
use crate::core::model::archetype::{ArchetypeId, ThinkSettings};
use crate::core::model::condition::Role;
use crate::core::model::domain::{AttributeId, Domain};
use crate::core::model::drive::TriggerScope;
use crate::core::model::entity::EntityKind;
use crate::core::model::fact_set::FactSet;

/// What makes an entity worth remembering, for every archetype of a domain.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Relevance {
    /// Some generator or world effect may bind any entity: remember everything perceived.
    everything: bool,
    /// Attributes whose facts make an entity a possible goal subject or world-effect target,
    /// ascending.
    attributes: Vec<AttributeId>,
    /// Number of archetypes: the side of `supplies`.
    archetypes: usize,
    /// Bit `consumer * archetypes + supplier` is set when archetype `supplier` supplies an
    /// action that archetype `consumer` consumes: looked up for every entity sensed and every
    /// supplier gathered, instead of comparing two action lists.
    supplies: Vec<u64>,
    /// Per action: some archetype whose entities are NPCs supplies it, so a supplier search
    /// must look at NPCs too (most actions are supplied by objects alone).
    npc_supplied: Vec<bool>,
    /// Per archetype: some NPC may supply an action it consumes.
    npcs_supply: Vec<bool>,
    /// Per archetype: some archetype consumes an action it supplies, so its entities may be
    /// a think's suppliers; the objects of the others are *inert* ([`Relevance::inert`]).
    serves_someone: Vec<bool>,
}

/// What one think perceives: the entities within `range` that can take its `interest`, at
/// most `limit` of them, the nearest (besides the NPC itself, always perceived).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sight {
    /// Entities farther than this are not perceived.
    pub(crate) range: f64,
    /// Most entities perceived besides the NPC itself.
    pub(crate) limit: u32,
    /// Which entities can matter.
    pub(crate) interest: Interest,
}

impl Sight {
    /// The sight of an archetype thinking with `think`, for `interest`.
    pub(crate) fn of(think: &ThinkSettings, interest: Interest) -> Self {
        Sight {
            range: think.perception_range,
            limit: think.perception_limit,
            interest,
        }
    }
}

/// Which perceived entities a think can use, by the consuming NPC's archetype.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Interest {
    /// What a UDGOAP NPC remembers ([`Relevance::matters`]).
    Memory(ArchetypeId),
    /// Suppliers of an action the archetype consumes: UBC's candidates, GOAP's targets.
    Supply(ArchetypeId),
}

impl Relevance {
    /// The relevance rules of `domain`. Drives can be given to any NPC at run time, so every
    /// drive's generators count, whatever the archetype.
    pub(crate) fn of(domain: &Domain) -> Self {
        let generators = domain
            .drives()
            .items()
            .iter()
            .flat_map(|d| &d.generators)
            .filter(|g| g.scope == TriggerScope::Known)
            .map(|g| required(&g.conditions, Role::Supplier));
        let world_effects = domain
            .world_effects()
            .items()
            .iter()
            .map(|w| required(&w.filter, Role::Other));
        let mut relevance = Relevance::default();
        for attribute in generators.chain(world_effects) {
            match attribute {
                Some(a) => relevance.attributes.push(a),
                None => relevance.everything = true,
            }
        }
        relevance.attributes.sort_unstable();
        relevance.attributes.dedup();
        let archetypes = domain.archetypes().items();
        relevance.archetypes = archetypes.len();
        relevance.supplies = vec![0; (archetypes.len() * archetypes.len()).div_ceil(64)];
        for (consumer, consumer_def) in archetypes.iter().enumerate() {
            for (supplier, supplier_def) in archetypes.iter().enumerate() {
                let serves = supplier_def
                    .supplies
                    .iter()
                    .any(|action| consumer_def.consumes.contains(action));
                if serves {
                    let bit = consumer * archetypes.len() + supplier;
                    relevance.supplies[bit / 64] |= 1 << (bit % 64);
                }
            }
        }
        relevance.npc_supplied = vec![false; domain.actions().len()];
        for def in archetypes.iter().filter(|a| a.thinks()) {
            for action in &def.supplies {
                relevance.npc_supplied[action.0 as usize] = true;
            }
        }
        relevance.npcs_supply = (0..archetypes.len())
            .map(|consumer| {
                let consumer = ArchetypeId(consumer as u32);
                (0..archetypes.len()).any(|supplier| {
                    archetypes[supplier].thinks()
                        && relevance.supplies(consumer, ArchetypeId(supplier as u32))
                })
            })
            .collect();
        relevance.serves_someone = (0..archetypes.len())
            .map(|supplier| {
                let supplier = ArchetypeId(supplier as u32);
                (0..archetypes.len())
                    .any(|consumer| relevance.supplies(ArchetypeId(consumer as u32), supplier))
            })
            .collect();
        relevance
    }

    /// Whether an entity of `kind` and `archetype` with `facts` is *inert*: an object that
    /// supplies no action any archetype consumes (props, clutter, scenery) and carries no
    /// watched fact, which takes a think's interest only when everything is remembered
    /// ([`Relevance::inert_may_interest`]). The spatial index keeps them apart, so that a think
    /// that cannot use them never visits them (`World::perceivable`); an inert object that
    /// gains a watched fact leaves their tier ([`Relevance::may_stir`]).
    pub(crate) fn inert(
        &self,
        kind: EntityKind,
        archetype: Option<ArchetypeId>,
        facts: &FactSet,
    ) -> bool {
        self.supplies_nothing_consumed(kind, archetype)
            && !facts.iter().any(|f| self.watches(f.attribute))
    }

    /// An object that supplies no action any archetype consumes.
    fn supplies_nothing_consumed(&self, kind: EntityKind, archetype: Option<ArchetypeId>) -> bool {
        kind == EntityKind::Object
            && !archetype.is_some_and(|a| {
                self.serves_someone
                    .get(a.0 as usize)
                    .copied()
                    .unwrap_or(true)
            })
    }

    /// Whether a fact of `attribute`, new to an entity of `kind` and `archetype`, may make an
    /// inert entity ([`Relevance::inert`]) stop being one: its tier must then be rebuilt.
    pub(crate) fn may_stir(
        &self,
        kind: EntityKind,
        archetype: Option<ArchetypeId>,
        attribute: AttributeId,
    ) -> bool {
        self.watches(attribute) && self.supplies_nothing_consumed(kind, archetype)
    }

    /// Whether facts of `attribute` make an entity worth remembering.
    fn watches(&self, attribute: AttributeId) -> bool {
        self.attributes.binary_search(&attribute).is_ok()
    }

    /// Whether some inert entity may take `interest` ([`Relevance::inert`]): never a supply
    /// (an inert entity supplies nothing consumed); a memory only when everything is
    /// remembered (an inert entity carries no watched fact).
    pub(crate) fn inert_may_interest(&self, interest: Interest) -> bool {
        match interest {
            Interest::Memory(_) => self.everything,
            Interest::Supply(_) => false,
        }
    }

    /// Whether `interest` can be taken by an entity of `archetype` with `facts`.
    pub(crate) fn interests(
        &self,
        interest: Interest,
        archetype: Option<ArchetypeId>,
        facts: &FactSet,
    ) -> bool {
        match interest {
            Interest::Memory(consumer) => self.matters(consumer, archetype, facts),
            Interest::Supply(consumer) => archetype.is_some_and(|a| self.supplies(consumer, a)),
        }
    }

    /// Whether some NPC may take `interest`: otherwise a think looks at objects alone.
    pub(crate) fn npcs_may_interest(&self, interest: Interest) -> bool {
        let supply = |consumer: ArchetypeId| {
            self.npcs_supply
                .get(consumer.0 as usize)
                .copied()
                .unwrap_or(true)
        };
        match interest {
            // Any entity may carry a watched fact, an NPC with no archetype included.
            Interest::Memory(consumer) => {
                self.everything || !self.attributes.is_empty() || supply(consumer)
            }
            Interest::Supply(consumer) => supply(consumer),
        }
    }

    /// True when an NPC may supply `action` (some archetype that thinks supplies it).
    pub(crate) fn supplied_by_npcs(&self, action: ActionId) -> bool {
        self.npc_supplied
            .get(action.0 as usize)
            .copied()
            .unwrap_or(true)
    }

    /// True when archetype `supplier` supplies an action that archetype `consumer` consumes.
    pub(crate) fn supplies(&self, consumer: ArchetypeId, supplier: ArchetypeId) -> bool {
        let bit = consumer.0 as usize * self.archetypes + supplier.0 as usize;
        self.supplies[bit / 64] & (1 << (bit % 64)) != 0
    }

    /// True when every entity perceived is remembered.
    pub fn everything(&self) -> bool {
        self.everything
    }

    /// Attributes whose facts make an entity worth remembering, ascending.
    pub fn attributes(&self) -> &[AttributeId] {
        &self.attributes
    }

    /// Whether an NPC of archetype `consumer` remembers an entity of `archetype` with `facts`
    /// (the NPC itself is always remembered; the caller checks that).
    pub(crate) fn matters(
        &self,
        consumer: ArchetypeId,
        archetype: Option<ArchetypeId>,
        facts: &FactSet,
    ) -> bool {
        self.everything
            || archetype.is_some_and(|a| self.supplies(consumer, a))
            || facts.iter().any(|f| self.watches(f.attribute))
    }
}

/// The fact `role` must carry for `conditions` to hold, if one does.
fn required(
    conditions: &[crate::core::model::condition::Condition],
    role: Role,
) -> Option<AttributeId> {
    conditions.iter().find_map(|c| c.required_fact(role))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::model::condition::{CmpOp, Condition, Operand};
    use crate::core::model::drive::GoalGenerator;
    use crate::core::model::goal::GoalCondition;
    use crate::core::{DomainBuilder, Value, ValueType};

    /// A domain whose one drive has a generator over known subjects with `conditions`.
    fn relevance(conditions: impl Fn(AttributeId) -> Vec<Condition>) -> (Relevance, AttributeId) {
        let mut b = DomainBuilder::new();
        let health = b.add_attribute("health", ValueType::Number).unwrap();
        let goal = b.add_goal("healed", 1.0).unwrap();
        b.add_goal_condition(goal, GoalCondition::maximize_own(health, 100.0).unwrap())
            .unwrap();
        let drive = b.add_drive("care", 1.0).unwrap();
        let generator = GoalGenerator {
            scope: TriggerScope::Known,
            conditions: conditions(health),
            goal,
        };
        b.add_goal_generator(drive, generator).unwrap();
        (b.build().unwrap().relevance().clone(), health)
    }

    /// The supply table answers what comparing the two archetypes' action lists does, for
    /// every pair of the wizard domain's archetypes.
    #[test]
    fn the_supply_table_matches_the_action_lists() {
        let domain = crate::sim::wizard::WizardDomain::new().unwrap().domain;
        let archetypes = domain.archetypes().items();
        let mut served = 0;
        for consumer in 0..archetypes.len() {
            for supplier in 0..archetypes.len() {
                let expected = archetypes[supplier]
                    .supplies
                    .iter()
                    .any(|a| archetypes[consumer].consumes.contains(a));
                let (c, s) = (ArchetypeId(consumer as u32), ArchetypeId(supplier as u32));
                assert_eq!(
                    domain.relevance().supplies(c, s),
                    expected,
                    "{consumer} {supplier}"
                );
                served += usize::from(expected);
            }
        }
        assert!(served > 0, "some archetype serves another");
    }

    #[test]
    fn a_generator_that_tests_a_fact_watches_it_and_one_that_tests_none_watches_everything() {
        let (watched, health) = relevance(|health| {
            vec![Condition::Compare {
                role: Role::Supplier,
                attribute: health,
                op: CmpOp::Lt,
                rhs: Operand::Constant(Value::Number(30.0)),
            }]
        });
        assert_eq!(watched.attributes(), &[health]);
        assert!(!watched.everything());
        let (everything, _) = relevance(|_| Vec::new());
        assert!(everything.everything());
    }
}
