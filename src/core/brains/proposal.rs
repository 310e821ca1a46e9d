//! What a think decided ahead of its turn (`core/world/think_ahead.rs`), whatever its brain:
//! a part per brain that decides ahead, so that a job's buffers serve an NPC of any brain.

use crate::core::brains::ubc::UbcProposal;
use crate::core::brains::udgoap::proposal::UdgoapProposal;

/// A decision taken ahead ([`crate::core::world::Brains::Proposal`]): the part of the NPC's
/// brain is the one filled.
#[derive(Default)]
pub struct Proposal {
    pub(crate) ubc: UbcProposal,
    pub(crate) udgoap: UdgoapProposal,
}
