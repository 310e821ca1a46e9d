//! The options every command that runs a scenario shares: which scenario and variant, how many
//! NPCs, which seed, which step.

use std::error::Error;
use std::path::PathBuf;

use clap::Args;
use motive::core::model::limits::MAX_THINK_THREADS;
use motive::core::World;

use crate::loaded_run::{self, LoadedRun};

/// Which run: the same options give the same run, so `explain` sees what `run` ran.
#[derive(Args)]
pub struct RunOptions {
    /// Scenario file [default: the embedded household of thesis ch. 5].
    #[arg(value_name = "SCENARIO")]
    scenario: Option<PathBuf>,
    /// NPCs to run (for the household: households, one resident each) [default: the scenario's].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    npcs: Option<u32>,
    /// World seed [default: the scenario's].
    #[arg(long, value_name = "K")]
    seed: Option<u64>,
    /// Fixed simulation step in seconds [default: the scenario's].
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    step: Option<f64>,
    /// Run this variant of the scenario (its archetype swaps) [default: the scenario as written].
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// Threads each tick thinks on, this one included (1 to 64): any count gives the same run,
    /// byte for byte; more finish a large population's ticks sooner.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = think_threads())]
    think_threads: u32,
}

impl RunOptions {
    /// Loads the scenario these options name, instantiated as they say.
    pub fn load(&self) -> Result<LoadedRun, Box<dyn Error>> {
        let mut run = loaded_run::load(
            self.scenario.as_deref(),
            self.variant.as_deref(),
            self.npcs,
            self.seed,
        )?;
        if let Some(step) = self.step {
            run.rules.step = step;
        }
        self.think_on_threads(&mut run.world)?;
        Ok(run)
    }

    /// Makes `world` think on the threads these options name: a world loaded from a save
    /// thinks on one until told, since a save holds no threads.
    pub fn think_on_threads(&self, world: &mut World) -> Result<(), Box<dyn Error>> {
        Ok(world.set_think_threads(self.think_threads)?)
    }
}

/// A think-thread count: 1 to [`MAX_THINK_THREADS`], as `World::set_think_threads` takes.
pub fn think_threads() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=i64::from(MAX_THINK_THREADS))
}

/// A duration in seconds, finite and ≥ 0.
pub fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!("{text:?} is not a number of seconds >= 0")),
    }
}

/// A duration in seconds, finite and > 0.
pub fn positive_seconds(text: &str) -> Result<f64, String> {
    match seconds(text) {
        Ok(s) if s > 0.0 => Ok(s),
        _ => Err(format!("{text:?} is not a number of seconds > 0")),
    }
}
