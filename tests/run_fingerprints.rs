//! Every shipped scenario, as written and in each variant, runs as it ran when its fingerprint
//! was recorded: its events, the NPCs that decided each tick, what UDGOAP deciders explain,
//! the simulator's statistics and the saved state, all hashed, bit for bit
//! (`tests/data/run_fingerprints.golden`).
//!
//! Performance work must not change behaviour (issue 33). The household golden
//! (`sim_golden.rs`) guards one scenario, in which every NPC acts on its own needs only; the
//! hospital, where the performance work happens, has nurses serving patients' needs, and a
//! change of the order in which a tick decays needs and advances actions changed its GOAP
//! variant's need values with every other test still passing. These fingerprints make any
//! such change fail here. `MOTIVE_BLESS=1 cargo test --release --test run_fingerprints`
//! rewrites the file after an intended change of behaviour; say why in the commit.

#[path = "common/golden_file.rs"]
mod golden_file;
#[path = "common/traced_run.rs"]
mod traced_run;

use std::fmt::Write;

use golden_file::assert_golden;
use motive::core::model::fnv::fnv1a;
use motive::core::world::think_ahead::{ParallelStats, SpeculationCheck};
use traced_run::{run, shipped};

/// NPCs per run: four copies of the hospital, more than one of every other scenario's.
const NPCS: u32 = 64;
const SEED: u64 = 7;
const SECONDS: f64 = 20.0;

const HEADER: &str = "\
# Fingerprints of every shipped scenario's run (tests/run_fingerprints.rs; MOTIVE_BLESS=1 rewrites it).
# Lines: `FILE VARIANT FNV-1A` of the run's trace, statistics and saved state, then its decisions
# and events; 64 NPCs, seed 7, 20 simulated seconds, one think thread.
";

/// The fingerprint lines of every shipped scenario's run.
fn fingerprints() -> String {
    let mut out = String::from(HEADER);
    let mut collected = 0;
    for (name, scenario) in shipped() {
        let run = run(&scenario, NPCS, SEED, SECONDS, 1, SpeculationCheck::Trust);
        assert_eq!(run.parallel, ParallelStats::default(), "{name}: one thread");
        collected += run.collect.collected;
        let mut bytes = Vec::new();
        bytes.extend_from_slice(run.trace.as_bytes());
        bytes.extend_from_slice(run.stats.as_bytes());
        bytes.extend_from_slice(&run.state);
        let decisions: usize = run
            .trace
            .lines()
            .filter_map(|line| line.split_once(" decided ["))
            .map(|(_, rest)| rest.matches(':').count())
            .sum();
        let events = run
            .trace
            .lines()
            .filter(|line| !line.starts_with("tick ") && !line.starts_with(' '))
            .count();
        writeln!(
            out,
            "{name} {:016x} decisions {decisions} events {events}",
            fnv1a(&bytes)
        )
        .unwrap();
    }
    // The fingerprints were recorded when a second pass over the entities collected every
    // tick's due thinks; they hold the advance pass's collection to that run.
    assert!(
        collected > 0,
        "no tick collected its due thinks in the advance pass"
    );
    out
}

#[test]
fn every_shipped_scenario_runs_as_its_fingerprint_says() {
    let lines = fingerprints();
    assert_golden(
        "run_fingerprints.golden",
        &lines,
        "a shipped scenario's run changed",
    );
    // A fingerprint guards only a run that did something: every one decided and had events.
    for line in lines.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(' ').collect();
        let count = |key: &str| -> u64 {
            let at = fields.iter().position(|f| *f == key).unwrap();
            fields[at + 1].parse().unwrap()
        };
        assert!(count("decisions") > 0 && count("events") > 0, "{line}");
    }
}
