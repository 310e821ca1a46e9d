//! `World::decided_in_last_tick` lists exactly the minds that decided in the tick, each once:
//! checked against a visit to every NPC, tick by tick, on every shipped scenario, with and
//! without a per-tick planning budget (which sends GOAP requests through the planning queue).

use motive::core::{EntityKind, World};
use motive::domain::load_scenario_file;
use motive::sim::Simulator;

/// Every NPC whose mind's last decision is now: the brute-force reference.
fn deciders(world: &World) -> Vec<u64> {
    let now = world.time();
    let mut found: Vec<u64> = world
        .entities()
        .filter(|&e| world.is_live(e, EntityKind::Npc))
        .filter(|&e| {
            world
                .mind(e)
                .is_ok_and(|m| m.brain.last_decision() == Some(now))
        })
        .map(|e| e.to_bits())
        .collect();
    found.sort_unstable();
    found
}

#[test]
fn the_deciders_of_a_tick_are_every_mind_that_decided_once() {
    let folder = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"));
    let mut checked = 0;
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "json") {
            continue;
        }
        for budget in [0, 40] {
            let mut scenario = load_scenario_file(&path).unwrap().value;
            scenario.config.plan_budget_per_tick = budget;
            let mut instance = scenario.instantiate(None, Some(3)).unwrap();
            let world = &mut instance.world;
            let mut sim = Simulator::new(instance.rules.clone(), world).unwrap();
            for _ in 0..400 {
                sim.step(world, 0.05, &mut ()).unwrap();
                let listed = world.decided_in_last_tick();
                let mut npcs: Vec<u64> = listed
                    .iter()
                    .filter(|&&e| world.is_live(e, EntityKind::Npc))
                    .map(|e| e.to_bits())
                    .collect();
                let before = npcs.len();
                npcs.sort_unstable();
                npcs.dedup();
                assert_eq!(npcs.len(), before, "{path:?}: an NPC listed twice");
                assert_eq!(npcs, deciders(world), "{path:?} at {}", world.time());
                checked += npcs.len();
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// Thinks an engine forces between two ticks (`think_now`) list each NPC once, in the order
/// they first decided, until the next tick begins: A, B and A again listed A twice.
#[test]
fn thinks_forced_between_ticks_list_each_npc_once() {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("hospital.json");
    let scenario = load_scenario_file(&path).unwrap().value;
    let mut instance = scenario.instantiate(Some(16), Some(1)).unwrap();
    let world = &mut instance.world;
    world.tick(0.1).unwrap();
    world.tick(0.1).unwrap();
    // The tick's own deciders stay listed; forced thinks add those that decide, the first
    // time only.
    let npcs: Vec<_> = world
        .entities()
        .filter(|&e| world.kind(e).ok() == Some(EntityKind::Npc))
        .collect();
    for &npc in &npcs {
        world.think_now(npc).unwrap();
    }
    let listed = world.decided_in_last_tick().to_vec();
    let forced = listed.len();
    assert!(forced > 2, "{listed:?}");
    for &npc in npcs.iter().rev().chain(&npcs) {
        world.think_now(npc).unwrap();
    }
    assert_eq!(world.decided_in_last_tick(), listed);
    world.tick(0.1).unwrap();
    let listed = world.decided_in_last_tick();
    let distinct: std::collections::HashSet<_> = listed.iter().collect();
    assert_eq!(distinct.len(), listed.len(), "each once: {listed:?}");
}
