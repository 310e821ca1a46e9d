//! Goal-oriented action planning (Pittman 2007, 004_bdde6381c6c06595.txt; digest
//! `../shared/spec/003_004_ubc_and_goap.md`): the second brain over the same actions and
//! smart objects as UDGOAP. An NPC's own boolean, number and entity facts form a compact
//! symbolic state (`model/goap/layout.rs`); actions are bound to the targets that supply them
//! ([`bind`]); a regressive A* finds the cheapest plan to the most relevant goal ([`search`]).

pub mod bind;
pub mod bind_cache;
pub mod gather;
pub mod mind;
pub mod regression;
mod replay;
pub mod search;
pub(crate) mod span;
pub(crate) mod think;

pub use bind::{BindInput, EngineCheck, Target, Test};
pub use search::{GoapProblem, GoapSearch, GoapStep, Workspace};
