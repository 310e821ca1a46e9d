//! The brains: one folder per decision model, each over the same facts, actions, smart
//! objects, claims and execution protocol.

pub mod goap;
mod search_status;
pub mod ubc;
pub mod udgoap;

pub use search_status::{SearchStats, SearchStatus, StopReason};
