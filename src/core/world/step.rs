//! One step of a plan, whatever brain made it: what the world requests, claims for and
//! performs.

use crate::core::model::action::ActionId;
use crate::core::model::entity::Entity;

/// One step of a plan: an action and the entity that supplies it.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The action.
    pub action: ActionId,
    /// Its supplier (the target).
    pub supplier: Entity,
}
