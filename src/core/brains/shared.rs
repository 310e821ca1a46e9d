//! What the brains keep world-wide, beside the per-NPC [`super::BrainState`]: buffers every
//! think reuses (so a steady-state tick allocates nothing), GOAP's planning queue and the
//! engine's callbacks.

use crate::core::brains::bt::{BtCallbacks, BtGroups};
use crate::core::brains::goap::think::GoapShared;
use crate::core::brains::ubc::think::UbcScratch;
use crate::core::brains::udgoap::think::UdgoapScratch;
use crate::core::world::perceived::Perceived;

/// The brains' world-wide state ([`crate::core::world::Brains::Shared`]).
#[derive(serde::Serialize, serde::Deserialize, Default)]
pub struct Shared {
    /// Slots of the entities a think perceives (UDGOAP sensing, UBC candidates).
    #[serde(skip)]
    pub(crate) perceived: Perceived,
    #[serde(skip)]
    pub(crate) udgoap: UdgoapScratch,
    pub(crate) goap: GoapShared,
    #[serde(skip)]
    pub(crate) ubc: UbcScratch,
    /// Behaviour-tree groups and their trees.
    pub(crate) bt_groups: BtGroups,
    /// The engine's behaviour-tree conditions and actions: the engine's to register again
    /// after a load.
    #[serde(skip)]
    pub(crate) bt_callbacks: BtCallbacks,
}
