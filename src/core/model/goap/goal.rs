//! GOAP goals: a desired state, a relevance in [0, 1] and a priority (Pittman P:283 and
//! P:449-475 of 004_bdde6381c6c06595.txt; priorities as the hospital study used them, S:140 of
//! 003_a22f8616c585d8bb.txt).

use crate::core::model::condition::{Condition, FactView};
use crate::core::model::curve::Curve;
use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;
use crate::core::model::value::Value;

/// Dense id of a GOAP goal definition.
#[derive(
    serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
)]
pub struct GoapGoalId(pub u32);

/// How relevant a goal is now, in [0, 1]; 0 means "not now".
#[derive(Clone, Debug, PartialEq)]
pub enum Relevance {
    /// Always this value.
    Fixed(f64),
    /// A response curve over one of the NPC's own numeric facts (TakeCover is relevant at low
    /// health, P:283); an unknown fact gives 0.
    Curve {
        /// The NPC's attribute.
        attribute: AttributeId,
        /// From value to relevance.
        curve: Curve,
    },
    /// Asked of the engine's relevance callback (`EvaluateRelevancy`, P:449-475) on the thread
    /// that selects goals; 0 when none is set.
    Engine,
}

/// A GOAP goal definition.
#[derive(Clone, Debug, PartialEq)]
pub struct GoapGoalDef {
    /// The desired state: comparisons on the NPC's own boolean, number and entity attributes.
    /// Operands naming the NPC's attributes are read when the goal is chosen.
    pub requirements: Vec<Condition>,
    /// Breaks ties in relevance, and a goal of higher priority becoming unsatisfied makes the
    /// NPC replan (S:140).
    pub priority: u32,
    /// How relevant it is.
    pub relevance: Relevance,
}

impl GoapGoalDef {
    /// The relevance from the NPC's facts, clamped to [0, 1]; `engine` answers `Engine` goals.
    pub fn relevance(
        &self,
        view: &impl FactView,
        npc: Entity,
        engine: impl FnOnce() -> f64,
    ) -> f64 {
        let r = match &self.relevance {
            Relevance::Fixed(r) => *r,
            Relevance::Curve { attribute, curve } => match view.value(npc, *attribute) {
                Some(Value::Number(n)) => curve.evaluate(n),
                _ => 0.0,
            },
            Relevance::Engine => engine(),
        };
        if r.is_nan() {
            0.0
        } else {
            r.clamp(0.0, 1.0)
        }
    }
}
