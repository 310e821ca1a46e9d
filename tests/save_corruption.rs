//! Saves changed after they were made, their checksum sealed again (what a corrupted file that
//! passes FNV-1a by chance, or a hand-edited one, holds): `World::load` refuses them, or gives a
//! world that ticks, takes the engine's reports and saves again without a panic. Every shipped
//! scenario, a few bytes changed at random per save. A panic here is what a C caller would get
//! as a poisoned world, and an unbounded walk an abort.

use std::panic::{catch_unwind, AssertUnwindSafe};

use motive::core::model::fnv::fnv1a;
use motive::core::model::rng::WorldRng;
use motive::core::world::actions::ActionOutcome;
use motive::core::world::event::EventKind;
use motive::core::world::save::SAVE_HEADER_BYTES;
use motive::core::World;
use motive::domain::load_scenario_file;
use motive::sim::Simulator;

/// Saves changed per scenario; each test run draws them from its own seed.
const CHANGED_SAVES: usize = 300;

/// Seals `bytes` again: the checksum over the payload, where the header keeps it.
fn reseal(bytes: &mut [u8]) {
    let sum = fnv1a(&bytes[SAVE_HEADER_BYTES..]);
    bytes[SAVE_HEADER_BYTES - 8..SAVE_HEADER_BYTES].copy_from_slice(&sum.to_le_bytes());
}

/// Ticks a loaded world for 4 s, reporting every action it asks for done, then saves it.
fn run_on(world: &mut World) {
    let mut events = Vec::new();
    for _ in 0..40 {
        let _ = world.tick(0.1);
        world.drain_events(&mut events);
        for e in events.drain(..) {
            if e.kind == EventKind::ActionRequested {
                let _ = world.report_action(e.npc, e.request, ActionOutcome::Succeeded);
            }
        }
    }
    let _ = world.object_count();
    let _ = world.save();
}

#[test]
fn a_resealed_corrupted_save_is_refused_or_loads_a_world_that_runs() {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"));
    let shipped = [
        ("hospital.json", Some("goap")),
        ("hospital.json", Some("ubc")),
        ("hospital.json", Some("udgoap")),
        ("room_clearing.json", None),
        ("guard_hebt.json", None),
        ("adaptive_guards.json", None),
        ("squad_skirmish.json", None),
        ("squad_drill.json", None),
        ("guard_watch.json", None),
        ("household.json", None),
        ("wizard_arena.json", None),
        ("pirate.json", None),
    ];
    for (index, (file, variant)) in shipped.into_iter().enumerate() {
        let mut scenario = load_scenario_file(&dir.join(file)).unwrap().value;
        if let Some(variant) = variant {
            scenario = scenario.with_variant(variant).unwrap();
        }
        // A small budget leaves GOAP searches in flight in the save.
        scenario.config.plan_budget_per_tick = 12;
        let mut instance = scenario.instantiate(Some(16), Some(1)).unwrap();
        let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
        // Whatever state a run is in, its save loads: the checks refuse no world motive made.
        let mut good = Vec::new();
        for second in 1..=6 {
            sim.run(&mut instance.world, 1.0, &mut ()).unwrap();
            good = instance.world.save().unwrap();
            if let Err(e) = World::load(scenario.domain.clone(), &good) {
                panic!("{file} {variant:?}: its own save at {second} s is refused: {e}");
            }
        }
        let mut rng = WorldRng::new(index as u64);
        let (mut refused, mut loaded) = (0, 0);
        for change in 0..CHANGED_SAVES {
            let mut bad = good.clone();
            for _ in 0..1 + rng.below(4) {
                let at = SAVE_HEADER_BYTES + rng.below(good.len() - SAVE_HEADER_BYTES);
                bad[at] = rng.below(256) as u8;
            }
            reseal(&mut bad);
            let domain = scenario.domain.clone();
            let outcome = catch_unwind(AssertUnwindSafe(|| match World::load(domain, &bad) {
                Ok(mut world) => {
                    run_on(&mut world);
                    true
                }
                Err(_) => false,
            }));
            match outcome {
                Ok(true) => loaded += 1,
                Ok(false) => refused += 1,
                Err(_) => panic!("{file} {variant:?}, changed save {change}: a panic"),
            }
        }
        // Both happen: the test reaches past the decoder's own refusals.
        assert!(
            refused > 0 && loaded > 0,
            "{file}: {refused} refused, {loaded} loaded"
        );
    }
}
