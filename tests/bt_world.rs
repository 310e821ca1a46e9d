//! The behaviour-tree brain in a world, through the path a user takes: `scenarios/guard_hebt.json`
//! loaded from JSON, run by the headless simulator, actions requested through the event
//! protocol and timed by motive. Ocio's guard (002_37948445dded21f3.txt, ch. 14) covers when
//! hurt, attacks an enemy it sees, patrols otherwise; the kamikaze layer (COVER-, L3765-3782)
//! and the coward layer (COVER+ with the hint condition, L3800-3806) re-order it without
//! touching it.

use motive::core::brains::Brain;
use motive::core::world::event::{Event, EventKind};
use motive::core::{Entity, Value, World};
use motive::domain::{load_scenario, load_scenario_file, Instance, Scenario};
use motive::sim::{Observer, Simulator};

fn guards() -> Scenario {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("guard_hebt.json");
    load_scenario_file(&path).unwrap().value
}

/// Every action requested: (time, NPC, action name).
#[derive(Default)]
struct Requests(Vec<(f64, Entity, String)>);

impl Observer for Requests {
    fn event(&mut self, world: &World, event: &Event) {
        if let (EventKind::ActionRequested, Some(action)) = (event.kind, event.action) {
            let name = world.domain().actions().name(action.0).to_owned();
            self.0.push((world.time(), event.npc, name));
        }
    }
}

fn run(scenario: &Scenario, seconds: f64) -> (Instance, Requests) {
    let mut instance = scenario.instantiate(None, Some(3)).unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut requests = Requests::default();
    sim.run(&mut instance.world, seconds, &mut requests)
        .unwrap();
    (instance, requests)
}

fn entity(instance: &Instance, name: &str) -> Entity {
    instance.names.iter().find(|(_, n)| n == name).unwrap().0
}

/// What `npc` was asked to do, in order.
fn asked(requests: &Requests, npc: Entity) -> Vec<&str> {
    requests
        .0
        .iter()
        .filter(|r| r.1 == npc)
        .map(|r| r.2.as_str())
        .collect()
}

#[test]
fn the_base_guard_attacks_when_well_and_covers_when_hurt() {
    let (instance, requests) = run(&guards(), 5.0);
    let guard = entity(&instance, "guard");
    let hurt = entity(&instance, "hurt_guard");
    assert_eq!(instance.world.mind(guard).unwrap().brain.kind(), Brain::Bt);
    let (g, h) = (asked(&requests, guard), asked(&requests, hurt));
    assert!(g.len() >= 3 && g.iter().all(|&a| a == "attack"), "{g:?}");
    assert!(
        h.len() >= 3 && h.iter().all(|&a| a == "take_cover"),
        "{h:?}"
    );
}

#[test]
fn the_kamikaze_layer_attacks_although_hurt() {
    let (instance, requests) = run(&guards().with_variant("kamikaze").unwrap(), 5.0);
    let hurt = asked(&requests, entity(&instance, "hurt_guard"));
    assert!(
        hurt.len() >= 3 && hurt.iter().all(|&a| a == "attack"),
        "{hurt:?}"
    );
}

#[test]
fn the_coward_layer_covers_although_well() {
    let (instance, requests) = run(&guards().with_variant("coward").unwrap(), 5.0);
    let guard = asked(&requests, entity(&instance, "guard"));
    assert!(
        guard.len() >= 3 && guard.iter().all(|&a| a == "take_cover"),
        "{guard:?}"
    );
}

/// Conditions read the world's facts each step: once the enemy is out of sight, the attack
/// branch's precondition fails and the guard patrols.
#[test]
fn conditions_follow_the_facts_as_they_change() {
    let mut instance = guards().instantiate(None, Some(3)).unwrap();
    let guard = entity(&instance, "guard");
    let enemy_visible = instance
        .world
        .domain()
        .find_attribute("enemy_visible")
        .unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut requests = Requests::default();
    sim.run(&mut instance.world, 2.0, &mut requests).unwrap();
    instance
        .world
        .set_fact(guard, enemy_visible, Value::Bool(false))
        .unwrap();
    sim.run(&mut instance.world, 3.0, &mut requests).unwrap();
    let asked = asked(&requests, guard);
    let last = asked.last().copied();
    assert_eq!(asked.first().copied(), Some("attack"));
    assert_eq!(
        last,
        Some("patrol"),
        "no enemy: the guard patrols ({asked:?})"
    );
}

#[test]
fn layers_must_hint_and_trees_must_be_whole() {
    let text = std::fs::read_to_string(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
            .join("guard_hebt.json"),
    )
    .unwrap();
    // A layer that acts above the base tree.
    let acting_layer = text.replace(
        "\"behaviour_trees\": [\"guard\", \"kamikaze\"]",
        "\"behaviour_trees\": [\"guard\", \"guard\"]",
    );
    let err = load_scenario(&acting_layer, None).expect_err("refused");
    assert!(
        err.diagnostics
            .iter()
            .any(|d| d.path.ends_with("/behaviour_trees") && d.message.contains("base layer")),
        "{:?}",
        err.diagnostics
    );
    // An empty selector.
    let empty = text.replace(
        "{ \"branch\": \"PATROL\", \"do\": { \"action\": \"patrol\" } }",
        "{ \"branch\": \"PATROL\", \"do\": { \"selector\": [] } }",
    );
    assert!(load_scenario(&empty, None).is_err());
    // A hint the layer below never exposes is a warning.
    let stray = text.replace(
        "\"root\": { \"loop\": { \"hint\": \"COVER\", \"state\": \"negative\" } }",
        "\"root\": { \"loop\": { \"hint\": \"HIDE\", \"state\": \"negative\" } }",
    );
    let loaded = load_scenario(&stray, None).unwrap();
    assert!(
        loaded
            .warnings
            .iter()
            .any(|w| w.message.contains("\"HIDE\"")),
        "{:?}",
        loaded.warnings
    );
}
