//! Hinted-execution behaviour trees (Ocio 2010; digest `../shared/spec/002_ocio_thesis.md`),
//! the fourth brain: a per-NPC stack of trees, the base tree acting through motive's actions and
//! conditions, the layers above re-ordering it with hints.

mod adapt;
mod blackboard;
mod callbacks;
mod groups;
mod host;
mod layers;
mod layers_api;
pub mod mind;
mod run;
mod status;
pub(crate) mod think;

pub use callbacks::{ActionCallback, BtCallbacks, CallPhase, ConditionCallback};
pub(crate) use groups::BtGroups;
pub use groups::{MAX_GROUP_ADAPTIVE_LAYERS, MAX_GROUP_MEMBERS};
pub use host::BtHost;
pub use layers::{Layers, MAX_LAYERS};
pub use mind::BtMind;
pub use run::TreeRun;
pub use status::Status;
