//! The shipped scenarios run for a few simulated minutes in the headless simulator, and each
//! shows what it was written to show (`scenarios/README.md`).

use std::collections::HashMap;

use motive::core::action::ActionId;
use motive::core::event::{Event, EventKind};
use motive::core::{Entity, Value, World};
use motive::domain::{load_scenario_file, Instance, Scenario};
use motive::sim::{Observer, Performed, Simulator};

fn scenario(name: &str) -> Scenario {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios")).join(name);
    load_scenario_file(&path).unwrap().value
}

/// Every action completed, engine-performed or timed: (time, NPC, action name).
#[derive(Default)]
struct Log {
    done: Vec<(f64, Entity, String)>,
    /// (time, NPC, target, action) of the same completions.
    targets: Vec<(f64, Entity, Entity, String)>,
}

impl Observer for Log {
    fn event(&mut self, world: &World, event: &Event) {
        if let (EventKind::ActionFinished, Some(action)) = (event.kind, event.action) {
            self.record(world, event.npc, event.target, action);
        }
    }

    fn performed(&mut self, world: &World, p: &Performed) {
        self.record(world, p.npc, p.target, p.action);
    }
}

impl Log {
    fn record(&mut self, world: &World, npc: Entity, target: Entity, action: ActionId) {
        let name = world.domain().actions().name(action.0).to_owned();
        self.done.push((world.time(), npc, name.clone()));
        self.targets.push((world.time(), npc, target, name));
    }
}

/// Runs `name` for `seconds` with `seed`: the instance and what every NPC did.
fn run(name: &str, seconds: f64, seed: u64) -> (Instance, Log) {
    let s = scenario(name);
    let mut instance = s.instantiate(None, Some(seed)).unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut log = Log::default();
    sim.run(&mut instance.world, seconds, &mut log).unwrap();
    (instance, log)
}

fn entity(instance: &Instance, name: &str) -> Entity {
    instance.names.iter().find(|(_, n)| n == name).unwrap().0
}

/// The actions `npc` completed, in order.
fn actions_of(log: &Log, npc: Entity) -> Vec<&str> {
    log.done
        .iter()
        .filter(|(_, e, _)| *e == npc)
        .map(|(_, _, a)| a.as_str())
        .collect()
}

fn number(world: &World, e: Entity, attribute: &str) -> f64 {
    let id = world.domain().find_attribute(attribute).unwrap();
    match world.fact(e, id).unwrap().value {
        Value::Number(n) => n,
        other => panic!("{attribute} is {other:?}"),
    }
}

fn flag(world: &World, e: Entity, attribute: &str) -> bool {
    let id = world.domain().find_attribute(attribute).unwrap();
    world
        .fact(e, id)
        .is_ok_and(|f| f.value == Value::Bool(true))
}

#[test]
fn household_the_resident_keeps_every_drive_up_with_many_kinds_of_action() {
    let (instance, log) = run("household.json", 600.0, 1);
    let resident = entity(&instance, "resident");
    let lowest = motive::sim::household::DRIVES
        .iter()
        .map(|d| number(&instance.world, resident, d))
        .fold(f64::INFINITY, f64::min);
    let kinds: std::collections::BTreeSet<&str> = actions_of(&log, resident).into_iter().collect();
    assert!(kinds.len() >= 8, "many kinds of action: {kinds:?}");
    assert!(lowest > 50.0, "drives kept up after 600 s: lowest {lowest}");
}

#[test]
fn pirate_lawful_works_and_buys_unlawful_steals_or_brews() {
    let (instance, log) = run("pirate.json", 60.0, 1);
    let world = &instance.world;
    let jim = entity(&instance, "jim");
    let blackbeard = entity(&instance, "blackbeard");
    let calico = entity(&instance, "calico_jack");
    let jim_did = actions_of(&log, jim);
    let work = jim_did
        .iter()
        .position(|a| *a == "work")
        .expect("jim works");
    let buy = jim_did
        .iter()
        .position(|a| *a == "buy_rum")
        .expect("jim buys");
    assert!(work < buy, "work before buying: {jim_did:?}");
    assert!(
        !jim_did.contains(&"steal_rum"),
        "the lawful pirate never steals"
    );
    let stole: Vec<Entity> = log
        .done
        .iter()
        .filter(|(_, _, a)| a == "steal_rum")
        .map(|(_, e, _)| *e)
        .collect();
    assert_eq!(stole.len(), 1, "one bottle, stolen once");
    let other = if stole[0] == blackbeard {
        calico
    } else {
        blackbeard
    };
    let other_did = actions_of(&log, other);
    let brew = other_did.iter().position(|a| *a == "brew_rum");
    assert!(
        brew.is_some(),
        "the pirate without a bottle brews from molasses: {other_did:?}"
    );
    for pirate in [jim, blackbeard, calico] {
        assert!(
            flag(world, pirate, "drunk"),
            "{:?} drunk by 60 s",
            actions_of(&log, pirate)
        );
    }
    for (_, npc, target, action) in &log.targets {
        if action == "drink_rum" || action == "brew_rum" {
            assert_eq!(npc, target, "a pirate drinks and brews for itself");
        }
    }
}

#[test]
fn hospital_every_patient_is_medicated_fed_and_visited() {
    let (instance, targeted) = run_targets("hospital.json", 240.0, 1);
    let patient = instance
        .world
        .domain()
        .archetypes()
        .find("patient")
        .unwrap();
    let patients: Vec<Entity> = instance
        .names
        .iter()
        .map(|(e, _)| *e)
        .filter(|e| instance.world.archetype(*e).unwrap().map(|a| a.0) == Some(patient))
        .collect();
    assert_eq!(patients.len(), 16);
    for p in &patients {
        let done = targeted.get(p).cloned().unwrap_or_default();
        for need in ["give_pills", "give_food", "talk"] {
            assert!(
                done.contains(need),
                "patient {p:?} never got {need}: {done:?}"
            );
        }
    }
}

/// Runs `name` and records, per target, the engine actions performed on it.
fn run_targets(
    name: &str,
    seconds: f64,
    seed: u64,
) -> (
    Instance,
    HashMap<Entity, std::collections::BTreeSet<String>>,
) {
    #[derive(Default)]
    struct Targets(HashMap<Entity, std::collections::BTreeSet<String>>);
    impl Observer for Targets {
        fn performed(&mut self, world: &World, p: &Performed) {
            let name = world.domain().actions().name(p.action.0).to_owned();
            self.0.entry(p.target).or_default().insert(name);
        }
        fn event(&mut self, world: &World, event: &Event) {
            if let (EventKind::ActionFinished, Some(action)) = (event.kind, event.action) {
                let name = world.domain().actions().name(action.0).to_owned();
                self.0.entry(event.target).or_default().insert(name);
            }
        }
    }
    let s = scenario(name);
    let mut instance = s.instantiate(None, Some(seed)).unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut targets = Targets::default();
    sim.run(&mut instance.world, seconds, &mut targets).unwrap();
    (instance, targets.0)
}

#[test]
fn wizard_arena_antlions_come_and_the_wizard_fights() {
    let (instance, log) = run("wizard_arena.json", 120.0, 1);
    let wizard = entity(&instance, "wizard");
    let antlion = instance
        .world
        .domain()
        .archetypes()
        .find("antlion")
        .unwrap();
    let alive = instance
        .world
        .entities()
        .filter(|e| instance.world.archetype(*e).ok().flatten().map(|a| a.0) == Some(antlion))
        .count();
    assert!(alive <= 12, "at most 3 per spawn point: {alive}");
    let fought = actions_of(&log, wizard)
        .into_iter()
        .filter(|a| ["melee", "lightning", "blast"].contains(a))
        .count();
    assert!(
        fought > 0,
        "the wizard attacks: {:?}",
        actions_of(&log, wizard)
    );
}
