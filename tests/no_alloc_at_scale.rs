//! Steady-state ticks allocate nothing at the populations we promise (issue 33): the hospital
//! as shipped, each brain at its target population (UBC 20,000 thinking NPCs, GOAP 14,000,
//! UDGOAP 5,000), after a minute of warm-up; and behaviour trees and squads, which have no
//! target of their own, in worlds of thousands. Small worlds reach every buffer's high-water mark
//! in seconds; a large one keeps meeting NPCs whose first long plan or first claim grows a
//! buffer of their own, which is what this catches (GOAP made 12 allocations per tick here).
//!
//! Shortly after spawn a large world still meets first plans and first claims now and then,
//! so the seconds after its first ones are held to a small rate rather than to none: enough to
//! catch a tick that allocates for every entity it touches (a layout that copied facts to
//! exact size made 12 allocations per tick here at 5 s, and the minute's warm-up hid it).
//!
//! The target populations take seconds in an optimised build and minutes in a debug one, so
//! `scripts/test` runs this file with `--release`; a debug build (plain `cargo test`) runs the
//! same check at a fiftieth of each population. Its own process: it counts with a global
//! allocator.

use motive::core::brains::mind_limits::MindLimits;
use motive::core::World;
use motive::domain::load_scenario_file;
use motive::sim::Simulator;

#[path = "common/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::{allocations_during, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Each brain's variant of the hospital and its target population (`motive bench --targets`).
const TARGETS: [(&str, u32); 3] = [("ubc", 20_000), ("goap", 14_000), ("udgoap", 5_000)];

/// Simulated seconds before counting: the minute.
const WARM_UP: f64 = 60.0;

/// The early window: from `EARLY.0` to `EARLY.1` simulated seconds after spawn, when the
/// spawn's own allocations are over (about 2 s at every target) but the minute is not.
const EARLY: (f64, f64) = (5.0, 15.0);

/// Most allocations per tick in the early window: measured 0.02 at most (a few NPCs' first
/// long plans), against 12 for a per-entity fault.
const EARLY_PER_TICK: f64 = 0.1;

/// The population a build of this kind checks: the target, or a fiftieth of it unoptimised.
fn population(target: u32) -> u32 {
    if cfg!(debug_assertions) {
        target / 50
    } else {
        target
    }
}

/// Behaviour trees (Ocio's guards) and squads (room-clearing drills) have no target population
/// of their own; they are checked at populations of the same order, so that "every brain"
/// holds at scale too (issue 33 item 3).
const OTHER_BRAINS: [(&str, Option<&str>, u32); 3] = [
    ("guard_hebt.json", None, 10_000),
    ("guard_hebt.json", Some("planner"), 10_000),
    ("squad_drill.json", None, 4_000),
];

#[test]
fn steady_state_ticks_allocate_nothing_at_each_brains_target_population() {
    for (variant, target) in TARGETS {
        steady_state_allocates_nothing("hospital.json", Some(variant), target);
    }
}

#[test]
fn behaviour_trees_and_squads_allocate_nothing_in_large_worlds() {
    for (file, variant, target) in OTHER_BRAINS {
        steady_state_allocates_nothing(file, variant, target);
    }
}

/// Runs the shipped scenario `file` (with `variant`) at `target` thinking NPCs (a fiftieth in
/// a debug build) for [`WARM_UP`], asserting at most [`EARLY_PER_TICK`] allocations a tick in
/// the [`EARLY`] window on the way, then two 10 s windows without an allocation, and that a
/// loaded copy's minds have the room spawned ones have.
fn steady_state_allocates_nothing(file: &str, variant: Option<&str>, target: u32) {
    let path = format!("{}/scenarios/{file}", env!("CARGO_MANIFEST_DIR"));
    let scenario = load_scenario_file(std::path::Path::new(&path))
        .unwrap()
        .value;
    let scenario = match variant {
        Some(name) => scenario.with_variant(name).unwrap(),
        None => scenario,
    };
    let variant = format!("{file} {}", variant.unwrap_or("as shipped"));
    let mut instance = scenario
        .instantiate(Some(population(target)), Some(1))
        .unwrap();
    let thinking = instance
        .world
        .entities()
        .filter(|&e| instance.world.mind(e).is_ok())
        .count();
    assert!(
        thinking >= population(target) as usize,
        "{variant}: {thinking} thinking NPCs"
    );
    let mut engine = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut run = |seconds: f64| {
        engine.run(&mut instance.world, seconds, &mut ()).unwrap();
    };
    assert!(
        allocations_during(|| run(EARLY.0)) > 0,
        "the counter counts"
    );
    let early = allocations_during(|| run(EARLY.1 - EARLY.0));
    let ticks = (EARLY.1 - EARLY.0) / instance.rules.step;
    assert!(
        early as f64 <= EARLY_PER_TICK * ticks,
        "{variant} at {thinking} NPCs: {early} allocations in {ticks} ticks from {} s",
        EARLY.0
    );
    run(WARM_UP - EARLY.1);
    // Two windows: a buffer that still grows now and then fails one of them.
    for window in 0..2 {
        assert_eq!(
            allocations_during(|| run(10.0)),
            0,
            "{variant} at {thinking} NPCs, window {window}"
        );
    }
    let decided = engine.stats().decisions;
    assert!(decided > thinking as u64, "{variant}: {decided} decisions");
    // A loaded world's minds have the room a spawned one's have.
    let world = &mut instance.world;
    let loaded = World::load(world.domain().clone(), &world.save().unwrap()).unwrap();
    for npc in loaded.entities() {
        let (Ok(mind), Ok(Some(archetype))) = (loaded.mind(npc), loaded.archetype(npc)) else {
            continue;
        };
        let steps = MindLimits::of(loaded.domain(), archetype).plan_steps;
        assert!(
            mind.plan.capacity() >= steps && mind.claims.capacity() >= steps,
            "{variant}: a loaded mind has room for {} steps and {} claims of {steps}",
            mind.plan.capacity(),
            mind.claims.capacity()
        );
    }
}
