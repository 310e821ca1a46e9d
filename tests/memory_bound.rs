//! The memory bound each archetype's declared limits give (`MemoryBound`, what `motive
//! validate` states) against the heap real NPCs of every brain take in the shipped scenarios:
//! never more, and not so much less that the bound tells a game nothing (within
//! [`LOOSEST`]).
//!
//! Measured per NPC: `COPIES` NPCs like one of the scenario's (its facts, its place) join the
//! running scenario, which then runs on; the heap they added, over their number. One test, so
//! that nothing else runs in the process while the heap is read.

#[path = "common/counting_alloc.rs"]
mod counting_alloc;

use std::path::Path;

use counting_alloc::{live_bytes, Counting};
use motive::core::brains::memory_bound::MemoryBound;
use motive::core::model::condition::FactView;
use motive::core::{AttributeId, Entity, EntityKind, Vec3, World};
use motive::domain::load_scenario_file;
use motive::sim::Simulator;

#[global_allocator]
static HEAP: Counting = Counting;

/// NPCs added per measure: enough that the world's own growth meanwhile is a small share.
const COPIES: usize = 64;

/// The bound may be this many times what NPCs were measured to hold, at most. A bound counts
/// what the limits allow: a UDGOAP memory full to capacity, a goal per remembered entity for
/// each generator over what the NPC knows, a full explanation, every vector at twice its
/// length; a running NPC holds a share of each, so UDGOAP's bound is 2.5-5x what it holds
/// in the shipped scenarios, and the other brains', whose state is mostly fixed, 1.2-2.5x.
/// Beyond 20x, the bound would overstate a game's budget by an order of magnitude.
const LOOSEST: f64 = 20.0;

/// Scenarios and variants covering every brain: GOAP and UDGOAP (the hospital mixes them, the
/// household), UBC, behaviour trees with and without plan leaves, squads' troopers.
const SCENARIOS: [(&str, Option<&str>); 7] = [
    ("hospital.json", None),
    ("hospital.json", Some("ubc")),
    ("hospital.json", Some("udgoap")),
    ("household.json", None),
    ("guard_hebt.json", None),
    ("guard_hebt.json", Some("planner")),
    ("squad_skirmish.json", None),
];

#[test]
fn measured_heap_per_npc_is_within_the_bound_and_the_bound_within_twenty_times_it() {
    let mut report = Vec::new();
    for (file, variant) in SCENARIOS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(file);
        let mut scenario = load_scenario_file(&path)
            .expect("shipped scenarios load")
            .value;
        if let Some(variant) = variant {
            scenario = scenario.with_variant(variant).expect("the variant exists");
        }
        let archetypes = thinking_archetypes(&scenario.instantiate_copies(1, None).unwrap().world);
        for (archetype, name) in archetypes {
            let instance = scenario.instantiate_copies(1, None).unwrap();
            let (mut world, rules) = (instance.world, instance.rules);
            let mut sim = Simulator::new(rules, &world).unwrap();
            sim.run(&mut world, 10.0, &mut ()).unwrap();
            let template = world
                .entities()
                .find(|&e| {
                    world.is_live(e, EntityKind::Npc)
                        && world
                            .archetype(e)
                            .unwrap()
                            .is_some_and(|a| a.0 == archetype)
                })
                .expect("the archetype has an NPC");
            let before = live_bytes();
            for k in 0..COPIES {
                clone_npc(&mut world, template, k);
            }
            sim.run(&mut world, 20.0, &mut ()).unwrap();
            let measured = (live_bytes() - before) as f64 / COPIES as f64;
            let bound = MemoryBound::of(
                world.domain(),
                motive::core::model::archetype::ArchetypeId(archetype),
            );
            let total = bound.total() as f64;
            let brain = bound.brain.expect("a thinking archetype").name();
            let scenario_name = format!(
                "{file}{}",
                variant.map_or(String::new(), |v| format!(":{v}"))
            );
            report.push(format!(
                "{scenario_name:28} {name:16} {brain:7} measured {measured:9.0} B  bound {total:9.0} B  ({:.1}x)",
                total / measured
            ));
            assert!(
                measured <= total,
                "{scenario_name} {name}: {measured:.0} bytes measured per NPC, over the bound of {total}"
            );
            assert!(
                total <= LOOSEST * measured,
                "{scenario_name} {name}: the bound {total} is over {LOOSEST}x the {measured:.0} bytes measured"
            );
        }
    }
    eprintln!("{}", report.join("\n"));
}

/// Each archetype whose NPCs the world holds (squads aside: a game creates those, and they
/// are not spawned), with its name, in first-seen order.
fn thinking_archetypes(world: &World) -> Vec<(u32, String)> {
    let mut found: Vec<(u32, String)> = Vec::new();
    for entity in world.entities() {
        if !world.is_live(entity, EntityKind::Npc) {
            continue;
        }
        let Some(archetype) = world.archetype(entity).unwrap() else {
            continue;
        };
        if !found.iter().any(|(a, _)| *a == archetype.0) {
            let name = world.domain().archetypes().name(archetype.0).to_owned();
            found.push((archetype.0, name));
        }
    }
    found
}

/// An NPC of `template`'s archetype beside it, with its facts: one more of the scenario's.
fn clone_npc(world: &mut World, template: Entity, k: usize) {
    let archetype = world.archetype(template).unwrap().unwrap();
    let at = world.position(template).unwrap();
    let offset = 0.1 * (k % 8) as f32;
    let npc = world
        .spawn(archetype, Vec3::new(at.x + offset, at.y, at.z - offset))
        .unwrap();
    for a in 0..world.domain().attributes().len() as u32 {
        let attribute = AttributeId(a);
        if let Some(value) = world.value(template, attribute) {
            if value != motive::core::Value::Entity(template) {
                world.set_fact(npc, attribute, value).unwrap();
            }
        }
    }
}
