//! Steady-state ticks allocate nothing at the populations we promise (issue 33): the hospital
//! as shipped, each brain at its target population (UBC 20,000 thinking NPCs, GOAP 14,000,
//! UDGOAP 5,000), after a minute of warm-up. Small worlds reach every buffer's high-water mark
//! in seconds; a large one keeps meeting NPCs whose first long plan or first claim grows a
//! buffer of their own, which is what this catches (GOAP made 12 allocations per tick here).
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

/// The population a build of this kind checks: the target, or a fiftieth of it unoptimised.
fn population(target: u32) -> u32 {
    if cfg!(debug_assertions) {
        target / 50
    } else {
        target
    }
}

#[test]
fn steady_state_ticks_allocate_nothing_at_each_brains_target_population() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/hospital.json");
    let hospital = load_scenario_file(std::path::Path::new(path))
        .unwrap()
        .value;
    for (variant, target) in TARGETS {
        let scenario = hospital.with_variant(variant).unwrap();
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
            allocations_during(|| run(WARM_UP)) > 0,
            "the counter counts"
        );
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
}
