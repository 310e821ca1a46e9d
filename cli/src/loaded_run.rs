//! A scenario ready to run: its world, the simulator's rules and the names of its entities.
//! Every command starts from [`load`].

use std::error::Error;
use std::path::Path;
use std::time::{Duration, Instant};

use motive::core::{Entity, World};
use motive::domain::{load_scenario, load_scenario_file, Loaded, Scenario};
use motive::sim::{Measure, Observer, RunSummary, SimRules, SimStats, Simulator};

/// The embedded default: the household of Sloan's thesis, chapter 5 (`scenarios/household.json`),
/// once per NPC.
const DEFAULT_SCENARIO: &str = include_str!("../../scenarios/household.json");

/// NPCs (households) the embedded default runs when `--npcs` is not given.
pub const DEFAULT_NPCS: u32 = 32;

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
    /// The headless engine, once a run has begun (or was loaded): it continues from there.
    pub simulator: Option<Simulator>,
    /// What the scenario counts as success.
    pub measures: Vec<Measure>,
    /// The variant run; `None` for the scenario as written.
    pub variant: Option<String>,
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

/// Loads the scenario at `path`, or the embedded household when there is none, as its
/// `variant` when given, with at least `npcs` NPCs (whole copies of the scenario; the default
/// runs [`DEFAULT_NPCS`]) and `seed` instead of the scenario's own when given. Lint warnings go
/// to stderr; errors fail the load.
pub fn load(
    path: Option<&Path>,
    variant: Option<&str>,
    npcs: Option<u32>,
    seed: Option<u64>,
) -> Result<LoadedRun, Box<dyn Error>> {
    let (loaded, npcs) = match path {
        None => (
            load_scenario(DEFAULT_SCENARIO, None),
            Some(npcs.unwrap_or(DEFAULT_NPCS)),
        ),
        Some(path) => (load_scenario_file(path), npcs),
    };
    let Loaded { value, warnings } = loaded?;
    for warning in &warnings {
        eprintln!("motive: {warning}");
    }
    match variant {
        Some(name) => instantiate(&value.with_variant(name)?, variant, npcs, seed),
        None => instantiate(&value, variant, npcs, seed),
    }
}

/// `scenario` (its `variant`, named in the title) made into a world for `npcs` and `seed`.
fn instantiate(
    scenario: &Scenario,
    variant: Option<&str>,
    npcs: Option<u32>,
    seed: Option<u64>,
) -> Result<LoadedRun, Box<dyn Error>> {
    let instance = scenario.instantiate(npcs, seed)?;
    let name = match variant {
        Some(variant) => format!("{}, variant {variant}", scenario.name),
        None => scenario.name.clone(),
    };
    let title = if scenario.description.is_empty() {
        name
    } else {
        format!("{name}: {}", first_sentence(&scenario.description))
    };
    Ok(LoadedRun {
        world: instance.world,
        rules: instance.rules,
        names: instance.names,
        title,
        simulator: None,
        measures: instance.measures,
        variant: variant.map(str::to_owned),
    })
}

/// The text up to its first full stop, colon or parenthesis (or all of it): a description's
/// headline, without its citations.
fn first_sentence(text: &str) -> &str {
    let end = [". ", ": ", " ("]
        .iter()
        .filter_map(|stop| text.find(stop))
        .min()
        .unwrap_or(text.len());
    &text[..end]
}

impl LoadedRun {
    /// Runs the world for `seconds` of simulated time, telling `observer` what happens.
    pub fn simulate(
        &mut self,
        seconds: f64,
        observer: &mut impl Observer,
    ) -> Result<Ran, Box<dyn Error>> {
        let started = Instant::now();
        let mut simulator = match self.simulator.take() {
            Some(simulator) => simulator,
            None => Simulator::new(self.rules.clone(), &self.world)?,
        };
        let summary = simulator.run(&mut self.world, seconds, observer)?;
        let stats = *simulator.stats();
        self.simulator = Some(simulator);
        Ok(Ran {
            summary,
            stats,
            wall: started.elapsed(),
        })
    }
}
