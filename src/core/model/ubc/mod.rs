//! What utility-based control (Sloan, Kelleher & Mac Namee 2011, 003_a22f8616c585d8bb.txt;
//! digest `../shared/spec/003_004_ubc_and_goap.md` §A2) reads from the domain: goals with
//! their utility functions, predefined plans, and the authoring calls. Rating and the per-NPC
//! state are in `brains/ubc/`.

pub mod authoring;
pub mod goal;
pub mod plan;

pub use goal::{Scope, UbcGoalDef, UbcGoalId};
pub use plan::{StepTarget, UbcPlanDef, UbcPlanId, UbcStep};
