//! Every shipped scenario does, for its whole duration, what its line in `scenarios/README.md`
//! says: each runs its own length (as written and as each variant) through the simulator, the
//! path `motive run` takes, and no NPC ends the run idle while it still has something to do
//! (issue 31: the wizard idled after 85 s of 300, the pirates after one drink).

use motive::core::brains::BrainState;
use motive::core::model::action::ActionId;
use motive::core::world::event::{Event, EventKind};
use motive::core::{Entity, EntityKind, Value, World};
use motive::domain::{load_scenario_file, Instance, Scenario};
use motive::sim::{Ending, MeasureValue, Measurement, Observer, Performed, SimStats, Simulator};

fn scenario(name: &str) -> Scenario {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios")).join(name);
    load_scenario_file(&path).unwrap().value
}

/// Each completed action (time, NPC, action), and the scenario's measures.
struct Watch {
    done: Vec<(f64, Entity, ActionId)>,
    /// Entities spawned during the run, and when.
    spawned: Vec<(f64, Entity)>,
    measurement: Measurement,
}

impl Watch {
    fn record(&mut self, world: &World, npc: Entity, action: ActionId) {
        self.done.push((world.time(), npc, action));
    }
}

impl Observer for Watch {
    fn event(&mut self, world: &World, event: &Event) {
        if let (EventKind::ActionFinished, Some(action)) = (event.kind, event.action) {
            self.record(world, event.npc, action);
        }
        self.measurement.event(world, event);
    }

    fn performed(&mut self, world: &World, p: &Performed) {
        self.record(world, p.npc, p.action);
        self.measurement.performed(world, p);
    }

    fn spawned(&mut self, world: &World, entity: Entity) {
        self.spawned.push((world.time(), entity));
        self.measurement.spawned(world, entity);
    }

    fn died(&mut self, world: &World, entity: Entity, ending: Ending) {
        self.measurement.died(world, entity, ending);
    }

    fn after_step(&mut self, world: &World, stats: &SimStats) {
        self.measurement.after_step(world, stats);
    }
}

/// A run of a scenario to its end.
struct Ran {
    instance: Instance,
    watch: Watch,
    seconds: f64,
}

impl Ran {
    fn measure(&self, name: &str) -> MeasureValue {
        let values = self.watch.measurement.values(&self.instance.world);
        values.into_iter().find(|v| v.name == name).unwrap()
    }

    fn name(&self, e: Entity) -> &str {
        self.instance
            .names
            .iter()
            .find(|(x, _)| *x == e)
            .map_or("(spawned)", |(_, n)| n.as_str())
    }
}

/// Runs `file` as `variant` for its own length with seed 1.
fn run(file: &str, variant: Option<&str>) -> Ran {
    let written = scenario(file);
    let s = match variant {
        Some(v) => written.with_variant(v).unwrap(),
        None => written,
    };
    let mut instance = s.instantiate(None, Some(1)).unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut watch = Watch {
        done: Vec::new(),
        spawned: Vec::new(),
        measurement: Measurement::new(instance.measures.clone(), &instance.world),
    };
    let seconds = instance.rules.seconds;
    sim.run(&mut instance.world, seconds, &mut watch).unwrap();
    Ran {
        instance,
        watch,
        seconds,
    }
}

/// Whether `npc`'s mind, at its last think, had nothing left to pursue: every GOAP goal
/// satisfied or irrelevant, every UDGOAP drive nearly full.
fn content(world: &World, npc: Entity) -> bool {
    let Ok(mind) = world.mind(npc) else {
        return true; // gone
    };
    match &mind.brain {
        BrainState::Goap(g) => g
            .satisfied
            .iter()
            .zip(&g.relevance)
            .all(|(&satisfied, &relevance)| satisfied || relevance <= 0.0),
        BrainState::Udgoap(u) => u.drives.iter().all(|d| d.satisfaction >= 0.99),
        _ => false,
    }
}

/// The thinking NPCs (squads aside) that did nothing but their fallback in the run's last
/// quarter although their mind still wanted something, by name; those spawned within it, and
/// those `exempt` says have nothing to do (a downed unit, a doctor when no chart is stale),
/// are left out.
fn idle_with_needs(ran: &Ran, exempt: impl Fn(&World, Entity) -> bool) -> Vec<String> {
    let world = &ran.instance.world;
    let late = world.time() - ran.seconds / 4.0;
    let mut idle = Vec::new();
    for npc in world.entities() {
        let Ok(Some(archetype)) = world.archetype(npc) else {
            continue;
        };
        let def = world.domain().archetype(archetype);
        let newcomer = ran.watch.spawned.iter().any(|&(t, e)| e == npc && t > late);
        if !world.is_live(npc, EntityKind::Npc) || !def.thinks() || def.squad.is_some() || newcomer
        {
            continue;
        }
        let fallback = def.fallback;
        let acted = ran
            .watch
            .done
            .iter()
            .any(|&(t, e, a)| e == npc && t > late && Some(a) != fallback);
        if !acted && !content(world, npc) && !exempt(world, npc) {
            idle.push(ran.name(npc).to_owned());
        }
    }
    idle
}

fn never(_: &World, _: Entity) -> bool {
    false
}

/// A unit whose health ran out (the skirmish's fallen, which lie where they fell).
fn down(world: &World, npc: Entity) -> bool {
    let Some(health) = world.domain().find_attribute("health") else {
        return false;
    };
    matches!(world.fact(npc, health).map(|f| f.value), Ok(Value::Number(h)) if h <= 0.0)
}

#[test]
fn household_every_resident_gets_all_drives_above_90_and_keeps_them_up() {
    for variant in [None, Some("udgoap"), Some("goap")] {
        let ran = run("household.json", variant);
        let metric = ran.measure("time until all drives > 90");
        let mean = metric.headline.expect("reached");
        assert!(
            metric.text.ends_with("1 of 1"),
            "{variant:?}: {}",
            metric.text
        );
        // Table 5.2: UDGOAP 118 s, GOAP 146 s (T:1472-1473); ours within the run's 180 s,
        // UDGOAP ahead (tests/household.rs pins the ordering over many seeds).
        assert!(mean > 60.0 && mean < 180.0, "{variant:?}: {mean}");
        assert_eq!(
            idle_with_needs(&ran, never),
            Vec::<String>::new(),
            "{variant:?}"
        );
    }
}

#[test]
fn hospital_every_patient_need_is_served_and_nobody_idles_while_needed() {
    for variant in [None, Some("goap"), Some("udgoap"), Some("ubc")] {
        let ran = run("hospital.json", variant);
        let served = ran.measure("patient needs served").headline.unwrap();
        // 16 patients with 3 needs each, served again as they decay over 240 s.
        assert!(served >= 48.0, "{variant:?}: {served}");
        // A doctor's work is a stale chart: with none, its rounds have no plan, rightly.
        let no_stale_chart = |world: &World, npc: Entity| {
            ran.name(npc).starts_with("doctor") && !any_below(world, "chart", 50.0)
        };
        assert_eq!(
            idle_with_needs(&ran, no_stale_chart),
            Vec::<String>::new(),
            "{variant:?}"
        );
    }
}

/// Whether any entity's `attribute` is below `threshold`.
fn any_below(world: &World, attribute: &str, threshold: f64) -> bool {
    let id = world.domain().find_attribute(attribute).unwrap();
    world.entities().any(
        |e| matches!(world.fact(e, id).map(|f| f.value), Ok(Value::Number(v)) if v < threshold),
    )
}

#[test]
fn wizard_arena_nobody_idles_while_needed() {
    let ran = run("wizard_arena.json", None);
    assert_eq!(idle_with_needs(&ran, never), Vec::<String>::new());
    assert!(ran.measure("antlions killed").headline.unwrap() > 12.0);
}

#[test]
fn pirates_drink_again_and_again() {
    let ran = run("pirate.json", None);
    // Three pirates, sober again 10 s after each drink: several rounds each in 60 s.
    assert!(ran.measure("rum drunk").headline.unwrap() >= 6.0);
    assert_eq!(idle_with_needs(&ran, never), Vec::<String>::new());
}

#[test]
fn guards_patrol_cover_or_attack_to_the_end() {
    for (file, variants) in [
        (
            "guard_hebt.json",
            &[
                None,
                Some("kamikaze"),
                Some("coward"),
                Some("disguise"),
                Some("planner"),
            ][..],
        ),
        ("adaptive_guards.json", &[None][..]),
    ] {
        for &variant in variants {
            let ran = run(file, variant);
            let world = &ran.instance.world;
            let late = world.time() - ran.seconds / 4.0;
            // A behaviour tree always has something to do: every guard acts in the last quarter.
            for (npc, name) in &ran.instance.names {
                if !world.is_live(*npc, EntityKind::Npc) {
                    continue;
                }
                let acted = ran
                    .watch
                    .done
                    .iter()
                    .any(|&(t, e, _)| e == *npc && t > late);
                assert!(acted, "{file} {variant:?}: {name} idles at the end");
            }
        }
    }
}

#[test]
fn squads_clear_the_room_drill_and_fight_to_the_end() {
    for variant in [None, Some("bt"), Some("bt_squad")] {
        let ran = run("room_clearing.json", variant);
        // Officers rest at their corners once the room is clear: each holds what it was
        // assigned (a GOAP officer's one goal; a tree officer's blackboard target).
        let holding = |world: &World, npc: Entity| {
            let fact = |name| {
                let id = world.domain().find_attribute(name).unwrap();
                world.fact(npc, id).map(|f| f.value).ok()
            };
            fact("at").is_some() && fact("at") == fact("assigned")
        };
        assert_eq!(
            idle_with_needs(&ran, holding),
            Vec::<String>::new(),
            "{variant:?}"
        );
    }
    let drill = run("squad_drill.json", None);
    assert_eq!(idle_with_needs(&drill, never), Vec::<String>::new());
    let skirmish = run("squad_skirmish.json", None);
    // The fallen lie where they fell; whoever stands fights on until one side is down.
    let side_down = |world: &World, side: &str| {
        skirmish
            .instance
            .names
            .iter()
            .filter(|(_, n)| n.starts_with(side))
            .all(|&(e, _)| down(world, e))
    };
    let over = |world: &World, npc: Entity| {
        down(world, npc) || side_down(world, "trooper") || side_down(world, "raider")
    };
    assert_eq!(idle_with_needs(&skirmish, over), Vec::<String>::new());
}
