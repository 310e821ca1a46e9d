//! The hospital of Sloan, Kelleher & Mac Namee 2011 under different brains: the UBC nurse
//! weighs a very hungry patient against a slightly unmedicated one and feeds first, where the
//! priority-driven GOAP nurse always medicates first (S:178; thesis T:1381).

use motive::core::world::event::{Event, EventKind};
use motive::core::{Entity, EntityKind, Value, World};
use motive::domain::{load_scenario_file, Instance, Scenario};
use motive::sim::{Observer, Performed, Simulator};

fn hospital() -> Scenario {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/hospital.json");
    load_scenario_file(std::path::Path::new(path))
        .unwrap()
        .value
}

/// The hospital as shipped (GOAP staff), or its `variant`.
fn staffed_by(variant: Option<&str>) -> Scenario {
    let s = hospital();
    variant.map_or(s.clone(), |v| s.with_variant(v).unwrap())
}

/// The first patient care a nurse gives: (action, patient).
#[derive(Default)]
struct FirstCare(Option<(String, Entity)>);

impl FirstCare {
    fn note(
        &mut self,
        world: &World,
        action: motive::core::model::action::ActionId,
        target: Entity,
    ) {
        let name = world.domain().actions().name(action.0);
        if self.0.is_none() && (name == "give_pills" || name == "give_food") {
            self.0 = Some((name.to_owned(), target));
        }
    }
}

impl Observer for FirstCare {
    fn event(&mut self, world: &World, event: &Event) {
        if let (EventKind::ActionFinished, Some(action)) = (event.kind, event.action) {
            self.note(world, action, event.target);
        }
    }

    fn performed(&mut self, world: &World, p: &Performed) {
        self.note(world, p.action, p.target);
    }
}

fn named(instance: &Instance, name: &str) -> Entity {
    instance.names.iter().find(|(_, n)| n == name).unwrap().0
}

fn set(world: &mut World, e: Entity, attribute: &str, value: f64) {
    let a = world.domain().find_attribute(attribute).unwrap();
    world.set_fact(e, a, Value::Number(value)).unwrap();
}

/// One nurse on a ward where every need is met but two: `slight` has medication `medication`,
/// `hungry` has hunger `hunger`. Returns what the nurse does first, and the two patients.
fn first_care(
    variant: Option<&str>,
    medication: f64,
    hunger: f64,
) -> ((String, Entity), Entity, Entity) {
    let mut instance = staffed_by(variant).instantiate(None, Some(1)).unwrap();
    let nurse = named(&instance, "nurse_1");
    let (slight, hungry) = (
        named(&instance, "patient_a"),
        named(&instance, "patient_b#2"),
    );
    let everyone: Vec<Entity> = instance.names.iter().map(|n| n.0).collect();
    let world = &mut instance.world;
    for e in everyone {
        let archetype = world.archetype(e).unwrap().unwrap();
        match world.domain().archetypes().name(archetype.0) {
            "patient" => {
                for need in ["medication", "hunger", "company"] {
                    set(world, e, need, 100.0);
                }
            }
            _ if e != nurse && world.kind(e).unwrap() == EntityKind::Npc => {
                world.destroy(e, EntityKind::Npc).unwrap()
            }
            _ => {}
        }
    }
    set(world, slight, "medication", medication);
    set(world, hungry, "hunger", hunger);
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut first = FirstCare::default();
    while first.0.is_none() {
        assert!(
            instance.world.time() < 60.0,
            "{variant:?}: the nurse gave no care"
        );
        sim.step(&mut instance.world, 0.05, &mut first).unwrap();
    }
    (first.0.unwrap(), slight, hungry)
}

#[test]
fn the_ubc_nurse_feeds_a_very_hungry_patient_before_medicating_a_slightly_unmedicated_one() {
    let ((action, patient), _, hungry) = first_care(Some("ubc"), 28.0, 5.0);
    assert_eq!((action.as_str(), patient), ("give_food", hungry));
}

#[test]
fn the_goap_nurse_medicates_first_whatever_the_hunger() {
    let ((action, patient), slight, _) = first_care(None, 28.0, 5.0);
    assert_eq!((action.as_str(), patient), ("give_pills", slight));
}

#[test]
fn at_equal_need_the_ubc_nurse_medicates_first_since_medication_weighs_more() {
    let ((action, patient), slight, _) = first_care(Some("ubc"), 20.0, 20.0);
    assert_eq!((action.as_str(), patient), ("give_pills", slight));
}
