//! What the GOAP brain (Pittman 2007, 004_bdde6381c6c06595.txt; digest
//! `../shared/spec/003_004_ubc_and_goap.md`) reads from the domain: goals with their
//! requirements and relevance, the compact symbolic state an NPC's own facts form
//! ([`layout`]), the cost of distance, and the authoring calls. The planner and the per-NPC
//! state are in `brains/goap/`.

pub mod authoring;
pub mod distance_cost;
pub mod goal;
pub mod layout;

pub use distance_cost::DistanceCurve;
pub use goal::{GoapGoalDef, GoapGoalId, Relevance};
pub use layout::{Slot, SymbolLayout, SymbolicState};
