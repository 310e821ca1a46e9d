//! What a think perceives is bounded by its archetype's `think.perception_limit`: of the
//! entities in range that can matter to it, the nearest (ties in slot order), through the
//! paths a game takes (a JSON scenario, a UDGOAP think, a GOAP search begun by the engine).
//! The household of the fuzz finding `crowd-of-10000-residents.json`, with smaller crowds.

use std::collections::BTreeSet;

use motive::core::brains::goap::gather::GoapInputs;
use motive::core::brains::goap::Workspace;
use motive::core::model::condition::distance_between;
use motive::core::model::goap::GoapGoalId;
use motive::core::{Entity, World};
use motive::domain::load_scenario;
use serde_json::{json, Value as Json};

/// The household scenario with `count` residents of `archetype` spread `spread` m apart along
/// x, perceiving at most `limit`; residents supply `goto` (so they matter to each other) when
/// `mutual`.
fn household(archetype: &str, count: u32, spread: f64, limit: u32, mutual: bool) -> World {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/household.json");
    let mut doc: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for def in doc["domain"]["archetypes"].as_array_mut().unwrap() {
        if def["name"] == "resident" || def["name"] == "goap_resident" {
            def["think"]["perception_limit"] = json!(limit);
            if mutual {
                def["supplies"] = json!(["goto"]);
            }
        }
    }
    let resident = doc["entities"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["name"] == "resident")
        .unwrap();
    resident["archetype"] = json!(archetype);
    resident["count"] = json!(count);
    resident["spread"] = json!([spread, 0, 0]);
    let scenario = load_scenario(&doc.to_string(), None).unwrap().value;
    scenario.instantiate_copies(1, Some(7)).unwrap().world
}

/// By sorting every other entity in range that `matters`: `npc` and the `limit` nearest
/// (distance, then slot).
fn nearest(
    world: &World,
    npc: Entity,
    limit: u32,
    matters: impl Fn(Entity) -> bool,
) -> BTreeSet<Entity> {
    let from = world.position(npc).unwrap();
    let mut others: Vec<(f64, Entity)> = world
        .entities()
        .filter(|&e| e != npc && matters(e))
        .map(|e| (distance_between(from, world.position(e).unwrap()), e))
        .filter(|&(d, _)| d <= 20.0)
        .collect();
    others.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.index1.cmp(&b.1.index1)));
    let mut chosen: BTreeSet<Entity> = others
        .iter()
        .take(limit as usize)
        .map(|&(_, e)| e)
        .collect();
    chosen.insert(npc);
    chosen
}

/// The residents of `world`, in spawn order.
fn residents(world: &World, archetype: &str) -> Vec<Entity> {
    let id = world.domain().archetypes().find(archetype).unwrap();
    let residents: Vec<Entity> = world
        .entities()
        .filter(|&e| world.archetype(e).unwrap().map(|a| a.0) == Some(id))
        .collect();
    residents
}

/// The entities a UDGOAP resident remembers after its first think.
fn remembered(world: &mut World, npc: Entity) -> BTreeSet<Entity> {
    world.think_now(npc).unwrap();
    let memory = &world.udgoap_mind(npc).unwrap().memory;
    memory.located().map(|(e, _)| e).collect()
}

#[test]
fn a_crowd_that_cannot_matter_takes_no_place_under_the_limit() {
    // 300 residents on one spot and a limit of 12: residents supply nothing to each other, so
    // each still perceives the household's 12 objects, as a lone resident does.
    // Objects are spawned first, in the same slots in both worlds.
    let objects = |world: &mut World, npc: Entity| -> Vec<u32> {
        let seen = remembered(world, npc);
        seen.iter()
            .filter(|&&e| e != npc)
            .map(|e| e.index1)
            .collect()
    };
    let mut lone = household("resident", 1, 0.0, 12, false);
    let npc = residents(&lone, "resident")[0];
    let alone = objects(&mut lone, npc);
    assert_eq!(alone.len(), 12, "the 12 objects: {alone:?}");
    let mut crowd = household("resident", 300, 0.0, 12, false);
    for npc in residents(&crowd, "resident").into_iter().step_by(37) {
        assert_eq!(objects(&mut crowd, npc), alone, "resident {npc:?}");
    }
}

#[test]
fn a_udgoap_resident_remembers_the_nearest_of_a_crowd_that_matters() {
    for (spread, limit) in [(0.0, 8), (0.5, 8), (0.25, 3), (0.0, 1)] {
        let mut world = household("resident", 120, spread, limit, true);
        let everyone = residents(&world, "resident");
        for &npc in everyone.iter().step_by(17) {
            let expected = nearest(&world, npc, limit, |_| true);
            assert_eq!(
                remembered(&mut world, npc),
                expected,
                "spread {spread}, limit {limit}, {npc:?}"
            );
        }
    }
}

#[test]
fn a_crowd_on_one_spot_is_perceived_in_slot_order() {
    // Every resident stands on the same spot: the nearest are the lowest slots but its own.
    let mut world = household("resident", 50, 0.0, 4, true);
    let everyone = residents(&world, "resident");
    let last = *everyone.last().unwrap();
    let mut expected: BTreeSet<Entity> = everyone[..4].iter().copied().collect();
    expected.insert(last);
    assert_eq!(remembered(&mut world, last), expected);
}

#[test]
fn goap_targets_are_the_nearest_suppliers_of_a_crowd() {
    let limit = 6;
    let world = household("goap_resident", 80, 0.3, limit, true);
    let goal = GoapGoalId(world.domain().goap_goals().find("improve_hygiene").unwrap());
    let mut inputs = GoapInputs::default();
    for &npc in residents(&world, "goap_resident").iter().step_by(9) {
        let search = world.goap_begin(npc, goal, &mut inputs, Workspace::default(), 0);
        drop(search.unwrap());
        let targets: BTreeSet<Entity> = inputs.targets.iter().map(|t| t.entity).collect();
        // Every object and resident supplies `goto`, the NPC itself included.
        assert_eq!(targets, nearest(&world, npc, limit, |_| true), "{npc:?}");
        assert!(inputs
            .targets
            .windows(2)
            .all(|w| w[0].entity.index1 < w[1].entity.index1));
    }
}
