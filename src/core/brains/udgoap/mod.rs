//! Drive-based utility planning (UDGOAP, Sloan 2015; digest `../shared/spec/000_sloan_thesis.md`):
//! an NPC senses into a bounded memory, its drives generate goals, and a best-first planner
//! scores each plan by the utility of its simulated outcome.

pub mod candidate;
mod external_drives;
pub(crate) mod fact_key;
mod fact_times;
pub mod focus;
mod goal_update;
mod last_fact;
pub mod memory;
pub mod mind;
mod packed_fact;
pub mod planner;
pub mod proposal;
mod saved_memory;
pub(crate) mod think;
pub mod utility;
