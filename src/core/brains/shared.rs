//! What the brains keep world-wide, beside the per-NPC [`super::BrainState`]: buffers every
//! think reuses (so a steady-state tick allocates nothing), GOAP's planning queue and the
//! engine's callbacks.

use std::sync::{Mutex, PoisonError};

use crate::core::brains::bt::{BtCallbacks, BtGroups};
use crate::core::brains::goap::think::GoapShared;
use crate::core::brains::proposal_marks::ProposalMarks;
use crate::core::brains::ubc::think::UbcScratch;
use crate::core::brains::udgoap::think::UdgoapScratch;
use crate::core::world::buffer_room::{Buffers, Room};
use crate::core::world::perceived::Perceived;

/// The brains' world-wide state ([`crate::core::world::Brains::Shared`]).
#[derive(serde::Serialize, serde::Deserialize, Default)]
pub struct Shared {
    /// The committing thread's decision buffers.
    #[serde(skip)]
    pub(crate) scratch: ThinkScratch,
    pub(crate) goap: GoapShared,
    /// How long decisions taken ahead have needed their buffers to be, world-wide.
    #[serde(skip)]
    pub(crate) marks: ProposalMarks,
    /// Behaviour-tree groups and their trees.
    pub(crate) bt_groups: BtGroups,
    /// The engine's behaviour-tree conditions and actions: the engine's to register again
    /// after a load.
    #[serde(skip)]
    pub(crate) bt_callbacks: BtCallbacks,
}

/// The buffers a thread's decisions reuse: each think thread's for the decisions it takes
/// ahead ([`crate::core::world::Brains::Scratch`]), and [`Shared`]'s for the committing
/// thread's.
#[derive(Default)]
pub struct ThinkScratch {
    /// Slots of the entities a think perceives (UDGOAP sensing, UBC candidates).
    pub(crate) perceived: Perceived,
    pub(crate) ubc: UbcScratch,
    pub(crate) udgoap: UdgoapScratch,
}

impl Buffers for ThinkScratch {
    fn each_buffer(&mut self, each: &mut dyn FnMut(&mut dyn Room)) {
        self.perceived.each_buffer(each);
        self.ubc.each_buffer(each);
        self.udgoap.each_buffer(each);
    }
}

/// A value of the world that only its `&mut` owner reaches, so that sharing the world between
/// think threads (`World: Sync`) never shares it: what a `Mutex` gives a value that is `Send`
/// but not `Sync` (a `Bump`), with no lock taken, since `&mut` access needs none.
#[derive(Default)]
pub(crate) struct Unshared<T>(Mutex<T>);

impl<T> Unshared<T> {
    /// The value.
    pub(crate) fn get_mut(&mut self) -> &mut T {
        self.0.get_mut().unwrap_or_else(PoisonError::into_inner)
    }
}
