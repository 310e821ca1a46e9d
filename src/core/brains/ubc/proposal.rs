//! A UBC decision taken ahead of its think's turn (`core/world/think_ahead.rs`): what the
//! think decided, and the prices it read, so that its commit can tell whether it still holds.

use crate::core::brains::ubc::mind::UbcRating;
use crate::core::model::entity::Entity;
use crate::core::world::write_log::PricedRead;

/// What a UBC think decided ahead against the think phase's starting state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UbcProposal {
    /// Every plan's rating, in the archetype's order.
    pub(crate) ratings: Vec<UbcRating>,
    /// The index in `ratings` of the plan to perform (the fallback rule applied).
    pub(crate) best: Option<usize>,
    /// The plan's steps could be resolved: `suppliers` holds each step's.
    pub(crate) resolved: bool,
    /// The supplier of each step of the best plan.
    pub(crate) suppliers: Vec<Entity>,
    /// The price of every slotted object the decision priced, by slot, ascending.
    pub(crate) priced: Vec<PricedRead>,
}
