//! The shipped scenarios run for a few simulated minutes in the headless simulator, and each
//! shows what it was written to show (`scenarios/README.md`).

use std::collections::HashMap;

use motive::core::model::action::ActionId;
use motive::core::world::event::{Event, EventKind};
use motive::core::{Entity, Value, World};
use motive::domain::{load_scenario_file, Instance, Scenario};
use motive::sim::{Ending, Measurement, Observer, Performed, SimStats, Simulator};

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
    // The first bottle is stolen once, by the unlawful pirate nearer it; the other finds it
    // gone and brews (P:383). Bottles set out later go to whoever is sober first.
    let stole: Vec<(f64, Entity)> = log
        .done
        .iter()
        .filter(|(_, _, a)| a == "steal_rum")
        .map(|(t, e, _)| (*t, *e))
        .collect();
    assert!(stole[0].0 < 20.0 && stole.iter().filter(|(t, _)| *t < 20.0).count() == 1);
    let other = if stole[0].1 == blackbeard {
        calico
    } else {
        blackbeard
    };
    let other_did = actions_of(&log, other);
    let first_drink = other_did.iter().position(|a| *a == "drink_rum");
    let brew = other_did.iter().position(|a| *a == "brew_rum");
    assert!(
        brew.is_some() && brew < first_drink,
        "the pirate without a bottle brews from molasses: {other_did:?}"
    );
    // Drunkenness wears off, so every pirate goes on pursuing it: two drinks or more, and
    // the last quarter of the run is not idle.
    for pirate in [jim, blackbeard, calico] {
        let drinks: Vec<f64> = log
            .done
            .iter()
            .filter(|(_, e, a)| *e == pirate && a == "drink_rum")
            .map(|(t, _, _)| *t)
            .collect();
        assert!(drinks.len() >= 2, "{:?}", actions_of(&log, pirate));
        let busy_late = log
            .done
            .iter()
            .any(|(t, e, a)| *e == pirate && *t > 45.0 && a != "idle");
        assert!(
            busy_late,
            "{:?} pursues rum to the end",
            actions_of(&log, pirate)
        );
        assert!(number(world, pirate, "drunkenness") <= 100.0);
    }
    for (_, npc, target, action) in &log.targets {
        if action == "drink_rum" || action == "brew_rum" {
            assert_eq!(npc, target, "a pirate drinks and brews for itself");
        }
    }
}

/// The patients' needs: each must be serviced and none may run out.
const PATIENT_NEEDS: [&str; 3] = ["medication", "hunger", "company"];

/// A hospital run: what every NPC did (the log) and the lowest value each of the `patients`'
/// needs reached at the end of any step.
struct Ward {
    log: Log,
    patients: Vec<Entity>,
    lowest: HashMap<(Entity, &'static str), f64>,
}

impl Observer for Ward {
    fn event(&mut self, world: &World, event: &Event) {
        self.log.event(world, event);
    }

    fn performed(&mut self, world: &World, p: &Performed) {
        self.log.performed(world, p);
    }

    fn after_step(&mut self, world: &World, _stats: &SimStats) {
        for &p in &self.patients {
            for need in PATIENT_NEEDS {
                let level = number(world, p, need);
                let lowest = self.lowest.entry((p, need)).or_insert(level);
                *lowest = lowest.min(level);
            }
        }
    }
}

/// The hospital as `variant` runs it (as written when `None`) for 240 s with seed 1, the
/// paper's four minutes (S:155), checked against what every brain must do
/// (`scenarios/README.md`): every patient gets `give_pills`, `give_food` and `talk` at least
/// once ("all actions completed at least once") and none of its needs reaches 0; every bed's
/// chart is checked, only by doctors; `chat` pairs two different staff members; visitors talk
/// only to patients and rest only at the rest area.
fn hospital_serves_every_need(variant: Option<&str>) {
    let written = scenario("hospital.json");
    let s = match variant {
        Some(name) => written.with_variant(name).unwrap(),
        None => written,
    };
    let mut instance = s.instantiate(None, Some(1)).unwrap();
    let name_of = |e: Entity| {
        instance
            .names
            .iter()
            .find(|(x, _)| *x == e)
            .map_or("?", |(_, n)| n.as_str())
    };
    let is = |e: Entity, role: &str| name_of(e).starts_with(role);
    let patients: Vec<Entity> = instance
        .names
        .iter()
        .map(|(e, _)| *e)
        .filter(|e| is(*e, "patient_"))
        .collect();
    assert_eq!(patients.len(), 16);
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut ward = Ward {
        log: Log::default(),
        patients: patients.clone(),
        lowest: HashMap::new(),
    };
    sim.run(&mut instance.world, 240.0, &mut ward).unwrap();
    let got = |p: Entity| -> std::collections::BTreeSet<&str> {
        ward.log
            .targets
            .iter()
            .filter(|(_, _, target, _)| *target == p)
            .map(|(_, _, _, action)| action.as_str())
            .collect()
    };
    for &p in &patients {
        let done = got(p);
        for service in ["give_pills", "give_food", "talk"] {
            assert!(
                done.contains(service),
                "{variant:?}: {} never got {service}: {done:?}",
                name_of(p)
            );
        }
        for need in PATIENT_NEEDS {
            let lowest = ward.lowest[&(p, need)];
            assert!(lowest > 0.0, "{variant:?}: {}'s {need} ran out", name_of(p));
        }
    }
    for (_, npc, target, action) in &ward.log.targets {
        let pair = (name_of(*npc), name_of(*target));
        match action.as_str() {
            "check_chart" => assert!(is(*npc, "doctor_"), "{variant:?}: {pair:?} check a chart"),
            "chat" => assert!(
                npc != target
                    && [*npc, *target]
                        .iter()
                        .all(|e| is(*e, "nurse_") || is(*e, "doctor_")),
                "{variant:?}: {pair:?} chat"
            ),
            "talk" => assert!(is(*target, "patient_"), "{variant:?}: {pair:?} talk"),
            "rest" => assert_eq!(pair.1, "rest_area", "{variant:?}: {pair:?} rest"),
            _ => {}
        }
    }
    for bed in instance.names.iter().filter(|(_, n)| n.starts_with("bed_")) {
        assert!(
            got(bed.0).contains("check_chart"),
            "{variant:?}: {}'s chart is never checked",
            bed.1
        );
    }
}

#[test]
fn hospital_every_patient_is_medicated_fed_and_visited() {
    hospital_serves_every_need(None);
}

#[test]
fn hospital_goap_every_patient_is_medicated_fed_and_visited() {
    hospital_serves_every_need(Some("goap"));
}

#[test]
fn hospital_udgoap_every_patient_is_medicated_fed_and_visited() {
    hospital_serves_every_need(Some("udgoap"));
}

#[test]
fn hospital_ubc_every_patient_is_medicated_fed_and_visited() {
    hospital_serves_every_need(Some("ubc"));
}

/// A log and the scenario's measures, together.
struct Measured {
    log: Log,
    measurement: Measurement,
}

impl Observer for Measured {
    fn event(&mut self, world: &World, event: &Event) {
        self.log.event(world, event);
        self.measurement.event(world, event);
    }

    fn performed(&mut self, world: &World, p: &Performed) {
        self.log.performed(world, p);
        self.measurement.performed(world, p);
    }

    fn spawned(&mut self, world: &World, entity: Entity) {
        self.measurement.spawned(world, entity);
    }

    fn died(&mut self, world: &World, entity: Entity, ending: Ending) {
        self.measurement.died(world, entity, ending);
    }

    fn after_step(&mut self, world: &World, stats: &SimStats) {
        self.measurement.after_step(world, stats);
    }
}

/// Runs `scenario` for its own length with seed 1, logging and measuring.
fn run_measured(scenario: &Scenario) -> (Instance, Measured) {
    let mut instance = scenario.instantiate(None, Some(1)).unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut measured = Measured {
        log: Log::default(),
        measurement: Measurement::new(instance.measures.clone(), &instance.world),
    };
    let seconds = instance.rules.seconds;
    sim.run(&mut instance.world, seconds, &mut measured)
        .unwrap();
    (instance, measured)
}

#[test]
fn wizard_arena_the_wizard_fights_for_all_300_s() {
    let (instance, measured) = run_measured(&scenario("wizard_arena.json"));
    let world = &instance.world;
    let wizard = entity(&instance, "wizard");
    // The dead are removed as the game removes them (issue 31: they used to lie in the arena,
    // counting and thinking), so no antlion in the world has run out of health.
    let antlion = world.domain().archetypes().find("antlion").unwrap();
    let antlions: Vec<Entity> = world
        .entities()
        .filter(|e| world.archetype(*e).ok().flatten().map(|a| a.0) == Some(antlion))
        .collect();
    assert!(
        antlions.len() <= 12,
        "at most 3 per spawn point: {}",
        antlions.len()
    );
    for &a in &antlions {
        assert!(number(world, a, "health") > 0.0);
    }
    // The wizard attacks in every minute of the run: spawning never stops.
    for minute in 0..5 {
        let window = (minute as f64 * 60.0, minute as f64 * 60.0 + 60.0);
        let attacks = measured
            .log
            .done
            .iter()
            .filter(|(t, e, a)| {
                *e == wizard
                    && (window.0..window.1).contains(t)
                    && ["melee", "lightning", "blast"].contains(&a.as_str())
            })
            .count();
        assert!(attacks > 0, "the wizard fights in {window:?}");
    }
    let values = measured.measurement.values(world);
    let killed = values.iter().find(|v| v.name == "antlions killed").unwrap();
    assert!(
        killed.headline.unwrap() > 12.0,
        "far more than the 12 of the old arena: {}",
        killed.text
    );
}

#[test]
fn wizard_arena_resets_at_the_wizards_death_and_counts_the_episode() {
    let s = scenario("wizard_arena.json");
    let mut instance = s.instantiate(None, Some(1)).unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut measurement = Measurement::new(instance.measures.clone(), &instance.world);
    let world = &mut instance.world;
    sim.run(world, 40.0, &mut measurement).unwrap();
    let wizard = entity(&instance, "wizard");
    let world = &mut instance.world;
    let spawned_before = world.entities().count();
    assert!(spawned_before > 1, "antlions came");
    let health = world.domain().find_attribute("health").unwrap();
    world.set_fact(wizard, health, Value::Number(0.0)).unwrap();
    sim.step(world, 0.05, &mut measurement).unwrap();
    // T:1526: the reset removes every antlion and item; the wizard is back as it began.
    assert_eq!(world.entities().collect::<Vec<_>>(), vec![wizard]);
    assert_eq!(number(world, wizard, "health"), 100.0);
    assert_eq!(number(world, wizard, "mana"), 100.0);
    assert_eq!(
        world.position(wizard).unwrap(),
        motive::core::Vec3::default()
    );
    let lifespan = &measurement.values(world)[0];
    assert_eq!(lifespan.name, "wizard lifespan");
    let life = lifespan.headline.expect("one life ended");
    assert!((life - 40.05).abs() < 1e-6, "{}", lifespan.text);
    // The arena fills again and the new episode goes on.
    sim.run(world, 30.0, &mut measurement).unwrap();
    assert!(world.entities().count() > 1);
}

/// The antlions a reset clears neither died nor live on: an antlion lifespan measured over the
/// reset counts no life ended and none going right after it, and the next ones from their spawn.
#[test]
fn a_reset_takes_what_it_clears_out_of_the_measures() {
    use motive::core::model::archetype::ArchetypeId;
    use motive::sim::{Measure, MeasureKind};

    let s = scenario("wizard_arena.json");
    let mut instance = s.instantiate(None, Some(1)).unwrap();
    let world = &mut instance.world;
    let antlion = ArchetypeId(world.domain().archetypes().find("antlion").unwrap());
    let measure = |name: &str, kind| Measure {
        name: name.to_owned(),
        kind,
        published: Vec::new(),
        source: String::new(),
    };
    let measures = vec![measure(
        "antlion lives",
        MeasureKind::Lifespan { of: vec![antlion] },
    )];
    let mut sim = Simulator::new(instance.rules.clone(), world).unwrap();
    let mut measurement = Measurement::new(measures, world);
    sim.run(world, 40.0, &mut measurement).unwrap();
    let lives =
        |measurement: &Measurement, world: &World| measurement.values(world)[0].text.clone();
    assert!(
        lives(&measurement, world).contains("going"),
        "antlions live"
    );
    let wizard = entity(&instance, "wizard");
    let world = &mut instance.world;
    let ended = lives(&measurement, world);
    let health = world.domain().find_attribute("health").unwrap();
    world.set_fact(wizard, health, Value::Number(0.0)).unwrap();
    sim.step(world, 0.05, &mut measurement).unwrap();
    assert_eq!(world.entities().count(), 1, "the reset cleared the arena");
    let after = lives(&measurement, world);
    assert!(!after.contains("going"), "{after}");
    assert_eq!(
        ended.split(';').next(),
        after.split(';').next(),
        "no life ended by the reset"
    );
    sim.run(world, 30.0, &mut measurement).unwrap();
    let refilled = lives(&measurement, world);
    let longest = refilled.rsplit("longest ").next().unwrap();
    let longest: f64 = longest.trim_end_matches(" s so far").parse().unwrap();
    assert!(
        longest < 30.0,
        "a new antlion's life starts at its spawn: {refilled}"
    );
}

#[test]
fn an_antlion_the_game_spawns_is_ended_when_it_dies_too() {
    let s = scenario("wizard_arena.json");
    let mut instance = s.instantiate(None, Some(1)).unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let world = &mut instance.world;
    sim.run(world, 1.0, &mut ()).unwrap();
    // Made by the game, not by a spawn rule, after the simulator's first look at the world.
    let antlion = world.domain().archetypes().find("antlion").unwrap();
    let made = world
        .spawn(
            motive::core::model::archetype::ArchetypeId(antlion),
            motive::core::Vec3::new(30.0, 0.0, 30.0),
        )
        .unwrap();
    sim.step(world, 0.05, &mut ()).unwrap();
    assert!(world.is_alive(made), "alive while its health lasts");
    let health = world.domain().find_attribute("health").unwrap();
    world.set_fact(made, health, Value::Number(0.0)).unwrap();
    sim.step(world, 0.05, &mut ()).unwrap();
    assert!(
        !world.is_alive(made),
        "ended at the end of the step it died in"
    );
}
