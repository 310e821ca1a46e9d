//! The headless engine stand-in: runs worlds without an engine, for the CLI, tests and
//! benchmarks.

#![forbid(unsafe_code)]

pub mod executor;
pub mod goap_examples;
pub mod household;
pub mod rules;
pub mod run;
pub mod wizard;

pub use run::{run_fixed_step, RunSummary};
