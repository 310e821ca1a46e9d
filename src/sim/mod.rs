//! The headless engine stand-in: runs worlds without an engine, for the CLI, tests and
//! benchmarks.

#![forbid(unsafe_code)]

pub mod chaos;
mod deaths;
pub mod goap_examples;
pub mod household;
mod life;
pub mod limits;
pub mod measure;
pub mod measurement;
mod need_servers;
pub mod observer;
mod performance;
pub mod rules;
pub mod run;
pub mod scripted_player;
pub mod simulator;
pub mod soak;
mod spawner;
pub mod stats;
pub mod wizard;

pub use chaos::ChaosRules;
pub use life::lives;
pub use measure::{Measure, MeasureKind};
pub use measurement::{MeasureValue, Measurement};
pub use observer::{Ending, Observer, Performed};
pub use rules::{EngineAction, RuleFault, SimRules, SpawnRule};
pub use run::{run_fixed_step, RunSummary};
pub use simulator::Simulator;
pub use stats::SimStats;
