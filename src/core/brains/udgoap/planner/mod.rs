//! The UDGOAP planner: regressive best-first search over plan states ranked by the utility of
//! their simulated outcome (Algorithm 3, 000_16db0c300c7e0e65.txt:1017-1078).
//!
//! A pure function of its [`PlanRequest`] and an arena: it reads no world and takes no lock,
//! so it can run on any thread. [`Search`] is resumable: [`Search::step`] expands at most a
//! given number of states and can be called again next frame.

mod open_list;
mod request;
mod search;
mod sim_state;

pub use request::{BoundGoal, PlanRequest, Supplier};
pub use search::{PlanState, Search};
