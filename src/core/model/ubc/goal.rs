//! UBC goals: one utility function per goal over a numeric attribute (S:124 of
//! 003_a22f8616c585d8bb.txt), weighted by the archetype that pursues it (S:147).

use crate::core::model::curve::Curve;
use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;

/// Dense id of a UBC goal definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UbcGoalId(pub u32);

/// Whose attribute a goal rates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The NPC's own: the watch buyer's money and style (S:126).
    Own,
    /// Every other entity's: the nurse's "all patients medicated" sums over the patients
    /// (S:142).
    Others,
    /// Both.
    All,
}

impl Scope {
    /// True when the goal counts `entity`'s attribute for the NPC `npc`.
    pub fn covers(self, npc: Entity, entity: Entity) -> bool {
        match self {
            Scope::Own => entity == npc,
            Scope::Others => entity != npc,
            Scope::All => true,
        }
    }
}

/// A goal: `u(s) = Σ over the entities in scope of f(attribute)`, where `f` is a response curve
/// or, without one, the value itself (the paper's "1 util per euro", S:126).
#[derive(Clone, Debug, PartialEq)]
pub struct UbcGoalDef {
    /// The numeric attribute it rates.
    pub attribute: AttributeId,
    /// Whose attribute.
    pub scope: Scope,
    /// The weight an archetype gives it unless it says otherwise (S:147), finite and > 0.
    pub weight: f64,
    /// From value to utility; `None` rates the value itself.
    pub curve: Option<Curve>,
}

impl UbcGoalDef {
    /// The goal's utility of one entity's value, before weighting.
    pub fn utility(&self, value: f64) -> f64 {
        self.curve.as_ref().map_or(value, |c| c.evaluate(value))
    }
}
