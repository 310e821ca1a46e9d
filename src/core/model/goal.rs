//! Goal definitions: what a drive wants of one entity (000_16db0c300c7e0e65.txt:875-892).

use crate::core::model::condition::{Bindings, Condition, FactView, Role};
use crate::core::model::curve::Curve;
use crate::core::model::domain::AttributeId;
use crate::core::model::effect::Change;

/// Dense id of a goal definition.
#[derive(
    serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
)]
pub struct GoalId(pub u32);

/// The roles a goal's conditions and removal triggers may name: the NPC (consumer) and the
/// entity the goal is bound to (supplier).
pub const GOAL_ROLES: &[Role] = &[Role::Consumer, Role::Supplier];

/// One condition of a goal: a fact of the NPC or of the goal's subject, the direction that
/// makes progress, and the curve from its value to completeness.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalCondition {
    /// The NPC (consumer) or the goal's subject (supplier).
    pub role: Role,
    /// The numeric attribute.
    pub attribute: AttributeId,
    /// `Increase` or `Decrease`: which effects serve it (the condition key, :1939).
    pub change: Change,
    /// Value → completeness: `linear`, `inverse_linear` or any response curve (:951).
    pub curve: Curve,
}

impl GoalCondition {
    /// The NPC's own `attribute` raised toward `max`, scored linearly: the thesis's
    /// `maximize_health` (:1946) and every household need.
    pub fn maximize_own(
        attribute: AttributeId,
        max: f64,
    ) -> crate::core::model::error::Result<Self> {
        Ok(GoalCondition {
            role: Role::Consumer,
            attribute,
            change: Change::Increase,
            curve: Curve::linear(max)?,
        })
    }
}

/// A goal definition. A generated goal binds it to one subject entity, so a goal to kill
/// goblin1 is never served by hurting goblin2 (digest §3.3.3).
#[derive(Clone, Debug, PartialEq)]
pub struct GoalDef {
    /// Importance within its drive (a ranged goblin 2.0, a melee one 1.0, :1262).
    pub weight: f64,
    /// At least one condition; completeness is their mean.
    pub conditions: Vec<GoalCondition>,
    /// The goal is removed when any of these holds; none means it is never removed
    /// (`maximize_health`, :890-892). A goal is also removed when its subject is forgotten.
    pub removal: Vec<Condition>,
}

impl GoalDef {
    /// Completeness in [0, 1]: the mean of its conditions' curves over the bound facts. A fact
    /// the NPC does not know counts as no progress.
    pub fn completeness(&self, view: &impl FactView, bindings: &Bindings) -> f64 {
        self.completeness_of(|_, c| view.number(bindings.entity(c.role), c.attribute))
    }

    /// [`GoalDef::completeness`] with each condition's number found by `number` (given the
    /// condition's index; `None` when unknown or not a number): the planner looks its facts up
    /// by index, not by key.
    pub(crate) fn completeness_of(
        &self,
        mut number: impl FnMut(usize, &GoalCondition) -> Option<f64>,
    ) -> f64 {
        if self.conditions.is_empty() {
            return 0.0;
        }
        let total: f64 = self
            .conditions
            .iter()
            .enumerate()
            .map(|(i, c)| number(i, c).map_or(0.0, |n| c.curve.evaluate(n)))
            .sum();
        total / self.conditions.len() as f64
    }
}
