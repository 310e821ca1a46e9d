//! The loader fuzz target: any text through the JSON loader (a scenario when it has a
//! `domain`, else a domain), and what loads made into a world and run for a few steps.
//! Panics on a breach: a panic in the loader or the run, a refusal without an error
//! diagnostic, a diagnostic pointing outside the document, a loaded scenario that will not
//! instantiate, or an input taking longer than [`TIME_BOUND`]. Shared by `tests/fuzz.rs` and
//! the coverage-guided targets in `fuzz/`; needs `fuzz_json_edits` and `thread_cpu` beside it
//! at the crate root.

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use motive::core::model::archetype::ArchetypeId;
use motive::core::{Domain, Vec3, World, WorldConfig};
use motive::domain::{is_scenario, load_domain, load_scenario, Diagnostic, Scenario};
use motive::sim::Simulator;
use serde_json::Value;

use crate::fuzz_json_edits::mutate;
use crate::thread_cpu::thread_cpu_ns;

/// The documents edits start from: every shipped scenario and a domain alone.
const BASES: [&str; 10] = [
    include_str!("../../scenarios/adaptive_guards.json"),
    include_str!("../../scenarios/guard_hebt.json"),
    include_str!("../../scenarios/hospital.json"),
    include_str!("../../scenarios/household.json"),
    include_str!("../../scenarios/pirate.json"),
    include_str!("../../scenarios/room_clearing.json"),
    include_str!("../../scenarios/squad_drill.json"),
    include_str!("../../scenarios/squad_skirmish.json"),
    include_str!("../../scenarios/wizard_arena.json"),
    include_str!("../data/kitchen.json"),
];

/// Longest one input may take, loading and running (unoptimised builds included), in the
/// thread's CPU time where it has a CPU clock: the bound is on what an input costs, and on a
/// machine shared with other work, wall time also counts the waits for a core (the crowd of
/// 20,000 residents takes about 5 s of CPU in a debug build, and took 12 to 16 s of wall time
/// beside other builds on two cores).
pub const TIME_BOUND: Duration = Duration::from_secs(10);

/// Simulator steps (or world ticks) run on what loads.
const STEPS: usize = 8;

/// Checks, with [`check_document`], the document `data` describes ([`edited`]).
pub fn check_edits(data: &[u8]) {
    if let Some(text) = edited(data) {
        check_document(&text);
    }
}

/// One of the base documents edited as `data` describes (its first bytes pick the document);
/// `None` when `data` is too short to pick one.
pub fn edited(data: &[u8]) -> Option<String> {
    static PARSED: OnceLock<Vec<Value>> = OnceLock::new();
    let bases = PARSED.get_or_init(|| {
        BASES
            .iter()
            .map(|t| serde_json::from_str(t).expect("a base parses"))
            .collect()
    });
    let mut u = arbitrary::Unstructured::new(data);
    mutate(u.choose(bases).ok()?, &mut u).ok()
}

/// Loads `text` and runs what loads; panics on a breach (see the module's documentation).
pub fn check_document(text: &str) {
    let started = (Instant::now(), thread_cpu_ns());
    if is_scenario(text) {
        match load_scenario(text, None) {
            Ok(loaded) => {
                check_paths(text, &loaded.warnings);
                run_scenario(&loaded.value);
            }
            Err(e) => check_refusal(text, &e.diagnostics),
        }
    } else {
        match load_domain(text) {
            Ok(loaded) => {
                check_paths(text, &loaded.warnings);
                run_domain(loaded.value);
            }
            Err(e) => check_refusal(text, &e.diagnostics),
        }
    }
    let took = match (started.1, thread_cpu_ns()) {
        (Some(start), Some(now)) => Duration::from_nanos(now.saturating_sub(start)),
        _ => started.0.elapsed(),
    };
    assert!(took < TIME_BOUND, "the input took {took:?}");
}

fn check_refusal(text: &str, diagnostics: &[Diagnostic]) {
    assert!(
        diagnostics
            .iter()
            .any(|d| d.severity == motive::domain::Severity::Error),
        "refused without an error: {diagnostics:?}"
    );
    check_paths(text, diagnostics);
}

/// Every diagnostic of a document that parses points at one of its values.
fn check_paths(text: &str, diagnostics: &[Diagnostic]) {
    let Ok(doc) = serde_json::from_str::<serde_json::Value>(text) else {
        return;
    };
    for d in diagnostics {
        assert!(doc.pointer(&d.path).is_some(), "{d} points nowhere");
    }
}

fn run_scenario(scenario: &Scenario) {
    let mut instance = scenario
        .instantiate_copies(2, Some(7))
        .unwrap_or_else(|e| panic!("a loaded scenario does not instantiate: {e}"));
    let mut sim = Simulator::new(instance.rules, &instance.world)
        .unwrap_or_else(|e| panic!("a loaded scenario's rules are refused: {e}"));
    let dt = sim.rules().step;
    for _ in 0..STEPS {
        // A step may fail by design (a spawn rule's fact naming an entity that is gone).
        if sim.step(&mut instance.world, dt, &mut ()).is_err() {
            break;
        }
    }
    check_save(&mut instance.world);
}

/// A domain alone: one entity of each archetype, ticked.
fn run_domain(domain: Arc<Domain>) {
    let archetypes = domain.archetypes().len() as u32;
    let mut world = World::new(domain, WorldConfig::default()).expect("a default world");
    for a in 0..archetypes {
        let _ = world.spawn(ArchetypeId(a), Vec3::new(a as f32, 0.0, 0.0));
    }
    for _ in 0..STEPS {
        world.tick(0.5).expect("a tick of 0.5 s");
    }
    check_save(&mut world);
}

/// The world saves, and the save loads and ticks.
fn check_save(world: &mut World) {
    let bytes = world.save().expect("the world saves");
    let mut back = World::load(world.domain().clone(), &bytes).expect("the save loads");
    back.tick(0.5).expect("the loaded world ticks");
}
