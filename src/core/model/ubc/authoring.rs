//! Defining what the UBC brain needs: goals with their utility functions, predefined plans,
//! and an archetype's weighted goals and plans. Same rules as the rest of [`DomainBuilder`]:
//! every call validates what it adds, and a rejected call changes nothing.

use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::curve::Curve;
use crate::core::model::domain::{check_weight, AttributeId, DomainBuilder};
use crate::core::model::error::{Error, Result};
use crate::core::model::limits::MAX_PLAN_DEPTH;

use crate::core::model::ubc::goal::{Scope, UbcGoalDef, UbcGoalId};
use crate::core::model::ubc::plan::{StepTarget, UbcPlanDef, UbcPlanId, UbcStep};

impl DomainBuilder {
    /// Defines a UBC goal rating the numeric `attribute` of the entities in `scope`, with a
    /// default weight (> 0, at most `MAX_WEIGHT`) and, optionally, a response curve (without
    /// one the goal rates the value itself).
    pub fn add_ubc_goal(
        &mut self,
        name: &str,
        attribute: AttributeId,
        scope: Scope,
        weight: f64,
        curve: Option<Curve>,
    ) -> Result<UbcGoalId> {
        self.domain.expect_number(attribute)?;
        check_weight(weight)?;
        if let Some(c) = &curve {
            c.check()?;
        }
        let def = UbcGoalDef {
            attribute,
            scope,
            weight,
            curve,
        };
        self.domain.ubc_goals.add(name, def).map(UbcGoalId)
    }

    /// Defines an empty predefined plan; add its steps next.
    pub fn add_ubc_plan(&mut self, name: &str) -> Result<UbcPlanId> {
        self.domain
            .ubc_plans
            .add(name, UbcPlanDef::default())
            .map(UbcPlanId)
    }

    /// Appends a step to `plan`: `action` performed on `on`. A plan has at most one kind of
    /// target, so every `Target` step shares it. Refused once an archetype holds the plan:
    /// giving it to an archetype checks its steps (a last step on the next one's supplier, an
    /// action the archetype does not consume), and a step added after would pass unchecked
    /// into a domain whose first tick then failed.
    pub fn add_ubc_plan_step(
        &mut self,
        plan: UbcPlanId,
        action: ActionId,
        on: StepTarget,
    ) -> Result<()> {
        self.domain.actions().get(action.0)?;
        self.domain.ubc_plans.get(plan.0)?;
        if let Some(holder) = self
            .domain
            .archetypes
            .items()
            .iter()
            .position(|a| a.ubc.plans.contains(&plan))
        {
            return Err(Error::invalid(format!(
                "predefined plan {:?} is archetype {:?}'s already: add its steps first",
                self.domain.ubc_plans.name(plan.0),
                self.domain.archetypes.name(holder as u32)
            )));
        }
        let def = self.domain.ubc_plans.get_mut(plan.0)?;
        if def.steps.len() >= MAX_PLAN_DEPTH as usize {
            return Err(Error::invalid(format!(
                "a predefined plan has at most {} steps",
                MAX_PLAN_DEPTH
            )));
        }
        def.steps.push(UbcStep { action, on });
        Ok(())
    }

    /// Gives `archetype`'s NPCs the goal `goal`, weighted `weight` (`None`: the goal's own).
    pub fn add_archetype_ubc_goal(
        &mut self,
        archetype: ArchetypeId,
        goal: UbcGoalId,
        weight: Option<f64>,
    ) -> Result<()> {
        let weight = match weight {
            Some(w) => {
                check_weight(w)?;
                w
            }
            None => self.domain.ubc_goals.get(goal.0)?.weight,
        };
        self.domain.ubc_goals.get(goal.0)?;
        let goals = &mut self.domain.archetypes.get_mut(archetype.0)?.ubc.goals;
        match goals.iter_mut().find(|(g, _)| *g == goal) {
            Some(entry) => entry.1 = weight,
            None => goals.push((goal, weight)),
        }
        Ok(())
    }

    /// Gives `archetype`'s NPCs the predefined plan `plan`: they are driven by the UBC brain.
    /// The plan must have steps, end on a step that is not `Next`, and use only actions the
    /// archetype consumes.
    pub fn add_archetype_ubc_plan(
        &mut self,
        archetype: ArchetypeId,
        plan: UbcPlanId,
    ) -> Result<()> {
        let name = self.domain.ubc_plans.name(plan.0).to_owned();
        let def = self.domain.ubc_plans.get(plan.0)?;
        if def.steps.last().is_none_or(|s| s.on == StepTarget::Next) {
            return Err(Error::invalid(format!(
                "predefined plan {name:?} needs steps, and its last step cannot be on \"next\""
            )));
        }
        let arch = self.domain.archetypes.get(archetype.0)?;
        if let Some(step) = def
            .steps
            .iter()
            .find(|s| !arch.consumes.contains(&s.action))
        {
            return Err(Error::invalid(format!(
                "predefined plan {name:?} uses action {:?}, which archetype {:?} does not consume",
                self.domain.actions().name(step.action.0),
                self.domain.archetypes.name(archetype.0)
            )));
        }
        let plans = &mut self.domain.archetypes.get_mut(archetype.0)?.ubc.plans;
        if !plans.contains(&plan) {
            plans.push(plan);
        }
        Ok(())
    }
}
