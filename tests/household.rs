//! The household experiment (thesis ch. 5, 000_16db0c300c7e0e65.txt:1385-1509) in the headless
//! simulator: from every drive at 0, a resident brings all seven above 90, the UDGOAP one sooner
//! than the GOAP one (Table 5.2, :1471-1473).

use std::collections::BTreeMap;

use motive::core::brains::goap::gather::GoapInputs;
use motive::core::brains::goap::Workspace;
use motive::core::model::action::ActionId;
use motive::core::model::archetype::ArchetypeId;
use motive::core::{Entity, Value, Vec3, World, WorldConfig};
use motive::sim::household::{HouseholdDomain, LAYOUT};
use motive::sim::{SimRules, Simulator};

/// Generous: both residents finish in a few minutes.
const LIMIT: f64 = 3600.0;
const STEP: f64 = 0.05;

/// A run from every drive at 0 to all drives above 90 (the thesis's stop rule, :1445).
struct Run {
    world: World,
    resident: Entity,
    engine: Simulator,
    /// Every action performed, with how many times it was started.
    performed: BTreeMap<ActionId, u32>,
}

/// Runs a household whose resident has archetype `resident`, same seed and step for every
/// brain, calling `each` after every step.
fn run(h: &HouseholdDomain, resident: ArchetypeId, mut each: impl FnMut(&World, Entity)) -> Run {
    let mut world = World::new(h.domain.clone(), WorldConfig::default()).unwrap();
    let resident = h
        .furnish_for(&mut world, resident, Vec3::default(), 0.0)
        .unwrap();
    let mut engine = Simulator::new(SimRules::new(&h.domain), &world).unwrap();
    let mut performed = BTreeMap::new();
    let mut request = None;
    while h.lowest_drive(&world, resident).unwrap() <= 90.0 {
        assert!(
            world.time() < LIMIT,
            "still below 90 after {LIMIT} s: {:?}",
            drives(h, &world, resident)
        );
        engine.step(&mut world, STEP, &mut ()).unwrap();
        if let Some(running) = world.mind(resident).unwrap().running {
            if request.replace(running.request) != Some(running.request) {
                *performed.entry(running.step.action).or_insert(0) += 1;
            }
        }
        each(&world, resident);
    }
    Run {
        world,
        resident,
        engine,
        performed,
    }
}

fn action(h: &HouseholdDomain, name: &str) -> ActionId {
    ActionId(h.domain.actions().find(name).unwrap())
}

#[test]
fn a_udgoap_resident_brings_all_seven_drives_above_90() {
    let h = HouseholdDomain::new().unwrap();
    let Run {
        world,
        engine,
        performed,
        ..
    } = run(&h, h.resident, |_, _| {});
    println!(
        "household: all drives above 90 after {:.1} simulated seconds, using {} kinds of action",
        world.time(),
        performed.len()
    );
    assert!(
        performed.len() >= 8,
        "drives need many different actions: {performed:?}"
    );
    let stats = engine.stats();
    assert_eq!(
        stats.stale_reports, 0,
        "every report answers a live request"
    );
    assert!(stats.needs_satisfied > 0 && stats.needs_satisfied <= stats.actions_performed);
    assert!(stats.plans_adopted > 0 && stats.plans_adopted <= stats.decisions);
}

/// Table 5.2: UDGOAP 118 s, GOAP 146 s. Our numbers are not the thesis's (amounts, durations,
/// decay and layout are ours), so the ordering is asserted and the ratio reported. Also the
/// reasons the thesis gives (:1489-1497): GOAP only ever takes the cheapest action for its
/// drive (:1465), so it never takes the long multi-drive ones UDGOAP prefers, and it switches
/// drives after every action, walking more.
#[test]
fn udgoap_brings_every_drive_above_90_sooner_than_goap() {
    let h = HouseholdDomain::new().unwrap();
    let udgoap = run(&h, h.resident, |_, _| {});
    let mut decisions = 0;
    let mut last = None;
    let goap = run(&h, h.goap_resident, |world, resident| {
        let decision = world.goap_mind(resident).unwrap().decision;
        if decision.status.is_none() || last.replace(decision.time) == Some(decision.time) {
            return;
        }
        decisions += 1;
        let goal = decision.goal.expect("every drive below 100 has a plan");
        let pursued = h.goap_goals.iter().position(|&g| g == goal).unwrap();
        let values = drives(&h, world, resident);
        let lowest = values.iter().copied().fold(f64::INFINITY, f64::min);
        // Read after the tick of the decision, which may already have run one tick of the new
        // plan's first action: at most 0.5 (sleep's 10 per second for 0.05 s).
        assert!(
            values[pursued] <= lowest + 0.5,
            "at {:.2} s GOAP pursues {} while the lowest drive is {lowest}: {values:?}",
            world.time(),
            h.domain.goap_goals().name(goal.0),
        );
    });
    let (u, g) = (udgoap.world.time(), goap.world.time());
    println!(
        "household, all drives above 90: UDGOAP {u:.1} s, GOAP {g:.1} s, ratio {:.2} (thesis: 118 / 146 = 0.81)",
        u / g
    );
    assert!(u < g, "UDGOAP {u} s, GOAP {g} s");
    assert!(decisions > 20, "GOAP re-selects its goal after every plan");

    for long in [
        "wash_in_bath",
        "sleep_in_bed",
        "play_computer_game",
        "poop_in_toilet",
        "eat_meal",
    ] {
        assert!(
            !goap.performed.contains_key(&action(&h, long)),
            "every drive {long} raises has a cheaper action, so GOAP never takes it"
        );
    }
    assert!(
        udgoap.performed.contains_key(&action(&h, "wash_in_bath")),
        "UDGOAP prefers the bath, which raises hygiene and comfort at once (:1491)"
    );
    let walks = |r: &Run| r.performed.get(&h.goto).copied().unwrap_or(0);
    assert!(
        walks(&goap) > walks(&udgoap),
        "GOAP moves around the flat more (:1497): {} walks against {}",
        walks(&goap),
        walks(&udgoap)
    );
    assert_eq!(goap.engine.stats().stale_reports, 0);
    assert!(h.lowest_drive(&goap.world, goap.resident).unwrap() > 90.0);
}

/// make_cappuccino (:1441) is drink_cappuccino's prerequisite: with the chair out of reach,
/// GOAP's cheapest way to more energy walks to the coffee machine, makes a cappuccino and
/// drinks it (cost 1 + 2 + 2) rather than sleeping (1 + 10).
#[test]
fn goap_makes_a_cappuccino_before_drinking_one() {
    let h = HouseholdDomain::new().unwrap();
    let mut world = World::new(h.domain.clone(), WorldConfig::default()).unwrap();
    let resident = h
        .furnish_for(&mut world, h.goap_resident, Vec3::default(), 0.0)
        .unwrap();
    let mut inputs = GoapInputs::default();
    inputs.excluded.push(action(&h, "sit_on_chair"));
    let energy = h.goap_goals[1];
    let mut search = world
        .goap_begin(resident, energy, &mut inputs, Workspace::default(), 0)
        .unwrap();
    search.step(u32::MAX);
    let plan: Vec<&str> = search
        .plan()
        .iter()
        .map(|s| h.domain.actions().name(s.action.0))
        .collect();
    assert_eq!(plan, ["goto", "make_cappuccino", "drink_cappuccino"]);
    assert_eq!(search.cost(), 5.0);
    let machine = LAYOUT.iter().position(|(n, _)| *n == "coffee_machine");
    assert_eq!(
        world.archetype(search.plan()[0].target).unwrap(),
        machine.map(|m| h.objects[m])
    );
}

fn drives(h: &HouseholdDomain, world: &World, resident: Entity) -> Vec<f64> {
    h.drives
        .iter()
        .map(|a| match world.fact(resident, *a).unwrap().value {
            Value::Number(n) => n,
            _ => f64::NAN,
        })
        .collect()
}
