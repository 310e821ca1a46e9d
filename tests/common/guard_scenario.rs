//! `scenarios/guard_hebt.json` as the behaviour-tree tests use it: loaded (or edited, then
//! loaded), run by the headless simulator with an observer of the actions requested.
#![allow(dead_code)] // each test file uses some of these

use motive::core::world::event::{Event, EventKind};
use motive::core::{Entity, World};
use motive::domain::{load_scenario, load_scenario_file, Instance, Scenario};
use motive::sim::{Observer, Simulator};

/// The shipped scenario, loaded.
pub fn guards() -> Scenario {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("guard_hebt.json");
    load_scenario_file(&path).unwrap().value
}

/// Every action requested: (time, NPC, action name, target).
#[derive(Default)]
pub struct Requests(pub Vec<(f64, Entity, String, Entity)>);

impl Observer for Requests {
    fn event(&mut self, world: &World, event: &Event) {
        if let (EventKind::ActionRequested, Some(action)) = (event.kind, event.action) {
            let name = world.domain().actions().name(action.0).to_owned();
            self.0.push((world.time(), event.npc, name, event.target));
        }
    }
}

/// `scenario` instantiated with seed 3 and run for `seconds`.
pub fn run(scenario: &Scenario, seconds: f64) -> (Instance, Requests) {
    let mut instance = scenario.instantiate(None, Some(3)).unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut requests = Requests::default();
    sim.run(&mut instance.world, seconds, &mut requests)
        .unwrap();
    (instance, requests)
}

/// The entity the scenario names `name`.
pub fn entity(instance: &Instance, name: &str) -> Entity {
    instance.names.iter().find(|(_, n)| n == name).unwrap().0
}

/// What `npc` was asked to do, in order.
pub fn asked(requests: &Requests, npc: Entity) -> Vec<&str> {
    requests
        .0
        .iter()
        .filter(|r| r.1 == npc)
        .map(|r| r.2.as_str())
        .collect()
}

/// `guard_hebt.json` as JSON, edited by `edit`, loaded.
pub fn edited(
    edit: impl FnOnce(&mut serde_json::Value),
) -> Result<motive::domain::Loaded<Scenario>, motive::domain::LoadError> {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("guard_hebt.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    edit(&mut json);
    load_scenario(&json.to_string(), None)
}

/// The archetype called `name` in the scenario's domain.
pub fn archetype<'a>(json: &'a mut serde_json::Value, name: &str) -> &'a mut serde_json::Value {
    let archetypes = json["domain"]["archetypes"].as_array_mut().unwrap();
    archetypes.iter_mut().find(|a| a["name"] == name).unwrap()
}
