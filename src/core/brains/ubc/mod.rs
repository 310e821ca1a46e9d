//! Utility-based control (UBC), the brain of Sloan, Kelleher & Mac Namee 2011
//! (003_a22f8616c585d8bb.txt; digest `../shared/spec/003_004_ubc_and_goap.md` §A2).
//!
//! One utility function per goal, weighted and summed (S:124): `U(s) = Σ_g w_g · u_g(s)`.
//! Actions are *predefined plans*, fixed sequences treated as one unit like an HTN method
//! (S:142): go to the cabinet, take the medicine, go to the patient, give it. Each plan is
//! rated by the utility of the state one plan ahead (S:142), simulated against its single best
//! target (S:147: "only the hungriest patient will be considered"), and the NPC performs the
//! plan whose state rates highest. There is no search: a decision costs one forward
//! simulation per (plan, candidate target).

pub mod mind;
pub mod overlay;
pub mod proposal;
pub mod rating;
pub(crate) mod think;

pub use mind::{UbcMind, UbcRating};
pub use proposal::UbcProposal;
