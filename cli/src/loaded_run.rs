//! A scenario ready to run: its world, the simulator's rules and the names of its entities.
//! Every command starts from [`load`].

use std::error::Error;
use std::path::Path;
use std::time::{Duration, Instant};

use motive::core::{Entity, World};
use motive::sim::{Observer, RunSummary, SimRules, SimStats, Simulator};

use crate::default_scenario;

/// A loaded scenario, instantiated for a number of NPCs and a seed.
pub struct LoadedRun {
    /// The world, at its start.
    pub world: World,
    /// How the headless engine plays its part.
    pub rules: SimRules,
    /// Scenario names of entities, in spawn order; entities not listed are named by archetype.
    pub names: Vec<(Entity, String)>,
    /// One line saying what runs, for summaries and trace files.
    pub title: String,
}

/// What a run did.
pub struct Ran {
    /// The world's counts at the end.
    pub summary: RunSummary,
    /// The simulator's counters.
    pub stats: SimStats,
    /// Wall-clock time of the whole run.
    pub wall: Duration,
}

/// Loads the scenario at `path`, or the embedded household when there is none, with `npcs`
/// NPCs and `seed` instead of the scenario's own when given.
///
/// This is the one place scenario files come in: the JSON loader replaces the `Some` arm.
pub fn load(
    path: Option<&Path>,
    npcs: Option<u32>,
    seed: Option<u64>,
) -> Result<LoadedRun, Box<dyn Error>> {
    match path {
        None => Ok(default_scenario::build(
            npcs.unwrap_or(default_scenario::NPCS),
            seed.unwrap_or(default_scenario::SEED),
        )?),
        Some(path) => Err(format!(
            "{}: scenario files are not supported yet; run without SCENARIO for the embedded household",
            path.display()
        )
        .into()),
    }
}

impl LoadedRun {
    /// Runs the world for `seconds` of simulated time, telling `observer` what happens.
    pub fn simulate(
        &mut self,
        seconds: f64,
        observer: &mut impl Observer,
    ) -> Result<Ran, Box<dyn Error>> {
        let started = Instant::now();
        let mut simulator = Simulator::new(self.rules.clone(), &self.world)?;
        let summary = simulator.run(&mut self.world, seconds, observer)?;
        Ok(Ran {
            summary,
            stats: *simulator.stats(),
            wall: started.elapsed(),
        })
    }
}
