//! Defining what the GOAP brain needs: action costs, goals with their requirements and
//! relevance, and an archetype's goals and fallback. Same rules as the rest of
//! [`DomainBuilder`]: every call validates what it adds, and a rejected call changes nothing.

use crate::core::model::action::{ActionId, Planning};
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::condition::{Condition, Role};
use crate::core::model::domain::DomainBuilder;
use crate::core::model::error::{Error, Result};
use crate::core::model::limits::{at_most, check_cost_range, MAX_COST};

use crate::core::model::goap::goal::{GoapGoalDef, GoapGoalId, Relevance};
use crate::core::model::goap::layout::Slot;

impl DomainBuilder {
    /// Sets how the GOAP planner prices and checks `action`: cost ≥ 1, cost per distance ≥ 0,
    /// both finite.
    pub fn set_action_planning(&mut self, action: ActionId, planning: Planning) -> Result<()> {
        let Planning {
            cost,
            cost_per_distance,
            ..
        } = planning;
        check_cost(cost)?;
        check_cost_per_distance(cost_per_distance)?;
        self.domain.actions_mut().get_mut(action.0)?.planning = planning;
        Ok(())
    }

    /// Defines a GOAP goal; add its requirements next.
    pub fn add_goap_goal(
        &mut self,
        name: &str,
        priority: u32,
        relevance: Relevance,
    ) -> Result<GoapGoalId> {
        match &relevance {
            Relevance::Fixed(r) => check_fixed_relevance(*r)?,
            Relevance::Curve { attribute, .. } => self.domain.expect_number(*attribute)?,
            Relevance::Engine => {}
        }
        let def = GoapGoalDef {
            requirements: Vec::new(),
            priority,
            relevance,
        };
        self.domain.goap_goals.add(name, def).map(GoapGoalId)
    }

    /// Adds a requirement to `goal`: a comparison on one of the NPC's own boolean, number or
    /// entity attributes, against a constant or another of its attributes.
    pub fn add_goap_requirement(&mut self, goal: GoapGoalId, condition: Condition) -> Result<()> {
        condition.validate(&self.domain, &[Role::Consumer])?;
        let symbolic = match &condition {
            Condition::Compare {
                role: Role::Consumer,
                attribute,
                ..
            } => self.domain.symbols().slot(*attribute) != Slot::None,
            _ => false,
        };
        if !symbolic {
            return Err(Error::invalid(format!(
                "a GOAP goal requires comparisons on the NPC's own boolean, number or entity attributes, got {condition:?}"
            )));
        }
        self.domain
            .goap_goals
            .get_mut(goal.0)?
            .requirements
            .push(condition);
        Ok(())
    }

    /// Gives `archetype`'s NPCs the GOAP goal `goal`: they are planned for by the GOAP brain.
    pub fn add_archetype_goap_goal(
        &mut self,
        archetype: ArchetypeId,
        goal: GoapGoalId,
    ) -> Result<()> {
        if self.domain.goap_goals.get(goal.0)?.requirements.is_empty() {
            return Err(Error::invalid(format!(
                "goap goal {:?} has no requirement yet",
                self.domain.goap_goals.name(goal.0)
            )));
        }
        let def = self.domain.archetypes.get_mut(archetype.0)?;
        if !def.goap_goals.contains(&goal) {
            def.goap_goals.push(goal);
        }
        Ok(())
    }

    /// Sets the action `archetype`'s NPCs perform on themselves when no goal has a plan; the
    /// archetype must consume and supply it.
    pub fn set_fallback(&mut self, archetype: ArchetypeId, action: ActionId) -> Result<()> {
        self.domain.actions_mut().get(action.0)?;
        let def = self.domain.archetypes.get_mut(archetype.0)?;
        if !def.consumes.contains(&action) || !def.supplies.contains(&action) {
            return Err(Error::invalid(
                "a fallback action must be consumed and supplied by the archetype (it is performed on the NPC itself)",
            ));
        }
        def.fallback = Some(action);
        Ok(())
    }
}

/// An action's cost: at least 1 (P:541) and at most [`MAX_COST`].
pub(crate) fn check_cost(cost: f64) -> Result<()> {
    if !(cost.is_finite() && cost >= 1.0) {
        return Err(Error::invalid(format!(
            "an action's cost must be finite and >= 1 (P:541), got {cost}"
        )));
    }
    at_most("an action's cost", cost, MAX_COST, "MOTIVE_MAX_COST")
}

/// An action's cost per unit of distance: not negative, at most
/// [`MAX_COST`](crate::core::model::limits::MAX_COST).
pub(crate) fn check_cost_per_distance(cost_per_distance: f64) -> Result<()> {
    check_cost_range("an action's cost per distance", cost_per_distance, 0.0)
}

/// A GOAP goal's fixed relevance: in [0, 1].
pub(crate) fn check_fixed_relevance(relevance: f64) -> Result<()> {
    if (0.0..=1.0).contains(&relevance) {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "a fixed relevance must be in [0, 1], got {relevance}"
        )))
    }
}
