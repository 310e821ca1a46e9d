//! Steady-state frames allocate nothing: once entities and their facts exist, ticking, moving
//! entities and writing and reading facts (directly and through the C boundary) never touch
//! the global heap. A counting global allocator proves it; this file is its own process.

use motive::core::{DomainBuilder, EntityKind, Value, ValueType, Vec3, World, WorldConfig};
use motive::ffi::entities::motive_entity_set_position;
use motive::ffi::facts::{
    motive_entity_get_fact, motive_entity_set_fact, motive_value, motive_value_data,
    motive_value_type,
};
use motive::ffi::status::motive_status;
use motive::ffi::vec3::motive_vec3;
use motive::ffi::world::motive_world_tick;

mod common;
use common::c_abi_world::CAbiWorld;

#[path = "common/counting_alloc.rs"]
mod counting_alloc;
#[path = "common/tree_household.rs"]
mod tree_household;
use counting_alloc::{allocations_during, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn steady_state_core_frames_allocate_nothing() {
    let mut domain = DomainBuilder::new();
    let hunger = domain.add_attribute("hunger", ValueType::Number).unwrap();
    let target = domain.add_attribute("target", ValueType::Entity).unwrap();
    let mut world = World::new(domain.build().unwrap(), WorldConfig::default()).unwrap();
    let object = world.create(EntityKind::Object, Vec3::default()).unwrap();
    let npcs: Vec<_> = (0..100)
        .map(|_| world.create(EntityKind::Npc, Vec3::default()).unwrap())
        .collect();
    let mut frame = |i: usize| {
        world.tick(1.0 / 60.0).unwrap();
        for &npc in &npcs {
            world
                .set_position(npc, Vec3::new(i as f32, 0.0, 0.0))
                .unwrap();
            world
                .set_fact(npc, hunger, Value::Number(i as f64))
                .unwrap();
            world.set_fact(npc, target, Value::Entity(object)).unwrap();
            assert_eq!(
                world.fact(npc, hunger).unwrap().value,
                Value::Number(i as f64)
            );
        }
    };
    // Warm-up: the first write of each fact inserts it, which the counter must see.
    assert!(allocations_during(|| frame(0)) > 0, "the counter counts");
    assert_eq!(allocations_during(|| (1..60).for_each(&mut frame)), 0);
}

#[test]
fn steady_state_c_abi_frames_allocate_nothing() {
    let fixture = CAbiWorld::new();
    let (world, entity, hunger) = (fixture.world, fixture.npc, fixture.hunger);
    let mut read = motive_value {
        r#type: 0,
        data: motive_value_data { number: 0.0 },
    };
    let mut frame = |i: u32| {
        let value = motive_value {
            r#type: motive_value_type::Number as u32,
            data: motive_value_data {
                number: f64::from(i),
            },
        };
        let position = motive_vec3 {
            x: i as f32,
            y: 0.0,
            z: 0.0,
        };
        // SAFETY: the world is live; value and out-parameter are valid.
        let statuses = unsafe {
            [
                motive_world_tick(world, 1.0 / 60.0),
                motive_entity_set_position(world, entity, position),
                motive_entity_set_fact(world, entity, hunger, &value),
                motive_entity_get_fact(world, entity, hunger, &mut read),
            ]
        };
        assert_eq!(statuses, [motive_status::Ok; 4]);
    };
    assert!(allocations_during(|| frame(0)) > 0, "the counter counts");
    assert_eq!(allocations_during(|| (1..60).for_each(&mut frame)), 0);
}

#[test]
fn steady_state_udgoap_ticks_allocate_nothing() {
    // Ten households of the thesis's chapter-5 experiment, planned and executed every 200 ms:
    // sensing, goal updates, planning (arena reset, not freed), events and timed actions, and
    // the simulator walking residents around and counting decisions.
    use motive::sim::household::HouseholdDomain;
    use motive::sim::{SimRules, Simulator};
    let h = HouseholdDomain::new().unwrap();
    let mut world = World::new(h.domain.clone(), WorldConfig::default()).unwrap();
    for house in 0..10 {
        h.furnish(&mut world, Vec3::new(house as f32 * 100.0, 0.0, 0.0), 0.0)
            .unwrap();
    }
    let mut engine = Simulator::new(SimRules::new(&h.domain), &world).unwrap();
    let mut run = |seconds: f64| {
        for _ in 0..(seconds / 0.05) as usize {
            engine.step(&mut world, 0.05, &mut ()).unwrap();
        }
    };
    assert!(allocations_during(|| run(300.0)) > 0, "the counter counts");
    assert_eq!(allocations_during(|| run(120.0)), 0);
}

#[test]
fn goap_plans_and_replanning_ticks_allocate_nothing_once_warm() {
    use motive::core::brains::goap::gather::GoapInputs;
    use motive::core::brains::goap::Workspace;
    use motive::core::model::action::Planning;
    use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
    use motive::core::model::effect::{Effect, EffectOp};
    use motive::core::model::goap::Relevance;
    use motive::core::world::event::Event;
    // A chain p0 → p1 → … → p6 with dearer alternatives, planned by 20 NPCs that are
    // interrupted every think, so every think replans through the queue.
    let mut b = DomainBuilder::new();
    let p: Vec<_> = (0..7)
        .map(|i| b.add_attribute(&format!("p{i}"), ValueType::Bool).unwrap())
        .collect();
    let is = |a| Condition::Compare {
        role: Role::Consumer,
        attribute: a,
        op: CmpOp::Eq,
        rhs: Operand::Constant(Value::Bool(true)),
    };
    let unit = b.add_archetype("unit").unwrap();
    for i in 1..7 {
        for (name, cost) in [("a", 1.0), ("b", 2.0)] {
            let a = b.add_action(&format!("{name}{i}")).unwrap();
            b.add_precondition(a, is(p[i - 1])).unwrap();
            b.add_effect(
                a,
                Effect {
                    role: Role::Consumer,
                    op: EffectOp::Set(p[i], Operand::Constant(Value::Bool(true))),
                },
            )
            .unwrap();
            b.set_action_planning(
                a,
                Planning {
                    cost,
                    ..Planning::default()
                },
            )
            .unwrap();
            b.add_consumed_action(unit, a).unwrap();
            b.add_supplied_action(unit, a).unwrap();
        }
    }
    let goal = b.add_goap_goal("end", 0, Relevance::Fixed(1.0)).unwrap();
    b.add_goap_requirement(goal, is(p[6])).unwrap();
    b.add_archetype_goap_goal(unit, goal).unwrap();
    let config = WorldConfig {
        plan_budget_per_tick: 64,
        ..WorldConfig::default()
    };
    let mut world = World::new(b.build().unwrap(), config).unwrap();
    let npcs: Vec<_> = (0..20)
        .map(|i| {
            let npc = world.spawn(unit, Vec3::new(i as f32, 0.0, 0.0)).unwrap();
            world.set_fact(npc, p[0], Value::Bool(true)).unwrap();
            npc
        })
        .collect();
    // Direct planning with a reused workspace and inputs.
    let mut inputs = GoapInputs::default();
    let mut ws = Some(Workspace::default());
    let mut plan_all = |world: &World| {
        for &npc in &npcs {
            let mut search = world
                .goap_begin(npc, goal, &mut inputs, ws.take().unwrap(), 0)
                .unwrap();
            search.step(u32::MAX);
            assert_eq!(search.plan().len(), 6);
            ws = Some(search.into_workspace());
        }
    };
    plan_all(&world);
    assert_eq!(allocations_during(|| plan_all(&world)), 0);
    // Ticks: every NPC is interrupted and replans under a 64-expansion budget.
    let mut events: Vec<Event> = Vec::with_capacity(1024);
    let mut run = |world: &mut World, ticks: usize| {
        for _ in 0..ticks {
            for &npc in &npcs {
                world.interrupt(npc).unwrap();
            }
            world.tick(0.05).unwrap();
            events.clear();
            world.drain_events(&mut events);
        }
    };
    assert!(
        allocations_during(|| run(&mut world, 100)) > 0,
        "the counter counts"
    );
    assert_eq!(allocations_during(|| run(&mut world, 100)), 0);
}

#[test]
fn ambiance_costs_and_event_effects_allocate_nothing_once_warm() {
    use motive::core::model::action::{ActionDuration, Planning};
    use motive::core::model::ambiance::{Modifier, Rate};
    use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
    use motive::core::model::effect::{Effect, EffectOp};
    use motive::core::model::goap::Relevance;
    use motive::core::world::ambiance_areas::{Falloff, Shape};
    use motive::core::world::event::Event;
    // Criers shout (a timed, loud action whose effect makes the hall louder for 0.3 s) over
    // and over in a hall with a location modifier and a moving camera's projection: costs
    // include ambiance at every plan, and every shout adds an event modifier.
    let mut b = DomainBuilder::new();
    let done = b.add_attribute("done", ValueType::Bool).unwrap();
    let loud = b.add_annotation("loud").unwrap();
    let instant = Rate::Instantaneous;
    let modifier = |amount, hold| {
        Modifier::new(
            0.0,
            amount,
            [loud].into_iter().collect(),
            instant,
            hold,
            instant,
        )
        .unwrap()
    };
    let shout = b.add_action("shout").unwrap();
    b.add_effect(
        shout,
        Effect {
            role: Role::Consumer,
            op: EffectOp::Set(done, Operand::Constant(Value::Bool(true))),
        },
    )
    .unwrap();
    b.set_action_duration(shout, ActionDuration::Seconds(0.1))
        .unwrap();
    b.set_action_planning(
        shout,
        Planning {
            cost: 2.0,
            ..Planning::default()
        },
    )
    .unwrap();
    b.set_action_annotations(shout, &[loud]).unwrap();
    b.set_action_ambiance_effect(shout, modifier(-0.1, 0.3))
        .unwrap();
    let goal = b
        .add_goap_goal("shouted", 0, Relevance::Fixed(1.0))
        .unwrap();
    let requirement = Condition::Compare {
        role: Role::Consumer,
        attribute: done,
        op: CmpOp::Eq,
        rhs: Operand::Constant(Value::Bool(true)),
    };
    b.add_goap_requirement(goal, requirement).unwrap();
    let crier = b.add_archetype("crier").unwrap();
    b.add_consumed_action(crier, shout).unwrap();
    b.add_supplied_action(crier, shout).unwrap();
    b.add_archetype_goap_goal(crier, goal).unwrap();
    b.set_archetype_annotations(crier, &[loud]).unwrap();
    let mut world = World::new(b.build().unwrap(), WorldConfig::default()).unwrap();
    let hall = Shape::Sphere {
        center: Vec3::default(),
        radius: 100.0,
    };
    let hall = world
        .add_ambiance_area(hall, vec![modifier(0.5, f64::INFINITY)])
        .unwrap();
    let camera = world.create(EntityKind::Object, Vec3::default()).unwrap();
    world
        .add_ambiance_projection(camera, 50.0, modifier(1.0, f64::INFINITY), Falloff::Linear)
        .unwrap();
    let npcs: Vec<_> = (0..10)
        .map(|i| world.spawn(crier, Vec3::new(i as f32, 0.0, 0.0)).unwrap())
        .collect();
    let mut events: Vec<Event> = Vec::with_capacity(1024);
    let mut most_events = 0;
    let mut run = |world: &mut World, ticks: usize| {
        for i in 0..ticks {
            let x = (i % 20) as f32;
            world.set_position(camera, Vec3::new(x, 0.0, 0.0)).unwrap();
            for &npc in &npcs {
                world.set_fact(npc, done, Value::Bool(false)).unwrap();
            }
            world.tick(0.05).unwrap();
            events.clear();
            world.drain_events(&mut events);
            most_events = most_events.max(world.ambiance().area(hall).unwrap().events().len());
        }
    };
    assert!(
        allocations_during(|| run(&mut world, 200)) > 0,
        "the counter counts"
    );
    assert_eq!(allocations_during(|| run(&mut world, 200)), 0);
    assert!(most_events > 0, "shouts spread their effect");
    // The location's 0.5, the camera's 1 at 19 of its 50 units, and 0.1 less per shout.
    let shouts = world.ambiance().area(hall).unwrap().events().len() as f64;
    let delta = world.ambiance_cost_delta(npcs[0], shout).unwrap();
    assert!((delta - (0.5 + (1.0 - 19.0 / 50.0) - 0.1 * shouts)).abs() < 1e-9);
}

#[test]
fn steady_state_hospital_ticks_allocate_nothing_under_every_brain() {
    // The hospital's GOAP staff and UDGOAP visitors, then its UBC staff and visitors: thinks,
    // ratings, plans, claims, timed actions, needs and the simulator. Warm once every kind of
    // plan has been made at least once (four simulated minutes: the run the paper times,
    // S:155); buffers grown for the largest search so far are kept.
    use motive::domain::load_scenario_file;
    use motive::sim::Simulator;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/hospital.json");
    let shipped = load_scenario_file(std::path::Path::new(path))
        .unwrap()
        .value;
    // The last run keeps a decision history: its rings fill during the warm-up, then wrap.
    for (variant, history) in [(None, 0), (Some("ubc"), 0), (None, 64)] {
        let scenario = variant.map_or(shipped.clone(), |v| shipped.with_variant(v).unwrap());
        let mut instance = scenario.instantiate(Some(64), Some(1)).unwrap();
        instance.world.set_history(history).unwrap();
        let mut engine = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
        let mut run = |seconds: f64| {
            engine.run(&mut instance.world, seconds, &mut ()).unwrap();
        };
        assert!(allocations_during(|| run(240.0)) > 0, "the counter counts");
        // Several windows: a buffer that still grows now and then fails one of them.
        for window in 0..3 {
            assert_eq!(
                allocations_during(|| run(60.0)),
                0,
                "{variant:?}, history {history}, window {window}"
            );
        }
    }
}

#[test]
fn steady_state_squad_ticks_allocate_nothing() {
    // 250 squads of four drilling room clearing: squads planning and issuing orders, members
    // receiving recommendations and targets, planning their walks and reporting, rosters
    // checked every tick, orders completing and the next issued.
    use motive::domain::load_scenario_file;
    use motive::sim::Simulator;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/squad_drill.json");
    let scenario = load_scenario_file(std::path::Path::new(path))
        .unwrap()
        .value;
    let mut instance = scenario.instantiate(Some(1000), Some(1)).unwrap();
    assert_eq!(instance.world.squad_count(), 250);
    let mut engine = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut run = |seconds: f64| {
        engine.run(&mut instance.world, seconds, &mut ()).unwrap();
    };
    assert!(allocations_during(|| run(30.0)) > 0, "the counter counts");
    for window in 0..3 {
        assert_eq!(allocations_during(|| run(10.0)), 0, "window {window}");
    }
}

#[test]
fn steady_state_behaviour_tree_ticks_allocate_nothing() {
    // Ocio's guards under each layer stack: trees stepping, hints re-ordering and restarting
    // trees, flags broadcast, GOAP plans of plan leaves, actions requested, timed and claimed.
    use motive::domain::load_scenario_file;
    use motive::sim::Simulator;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/guard_hebt.json");
    let shipped = load_scenario_file(std::path::Path::new(path))
        .unwrap()
        .value;
    for variant in [
        None,
        Some("kamikaze"),
        Some("coward"),
        Some("disguise"),
        Some("planner"),
    ] {
        let scenario = variant.map_or(shipped.clone(), |v| shipped.with_variant(v).unwrap());
        let mut instance = scenario.instantiate(Some(64), Some(1)).unwrap();
        let mut engine = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
        let mut run = |seconds: f64| {
            engine.run(&mut instance.world, seconds, &mut ()).unwrap();
        };
        assert!(allocations_during(|| run(20.0)) > 0, "the counter counts");
        for window in 0..3 {
            assert_eq!(
                allocations_during(|| run(10.0)),
                0,
                "{variant:?}, window {window}"
            );
        }
    }
}

#[test]
fn behaviour_tree_engine_hooks_and_udgoap_plan_leaves_allocate_nothing_once_warm() {
    // Action leaves aimed by the blackboard, the engine's callback conditions and actions, a
    // group hinting its members and flags broadcast to it, and plan leaves handing UDGOAP
    // goals to the utility planner: all through the simulator, as an engine runs them.
    use motive::core::brains::bt::{BtCallbacks, CallPhase, Status};
    use motive::domain::load_scenario;
    use motive::sim::Simulator;
    use serde_json::json;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    let read = |name: &str| {
        let path = format!("{}/scenarios/{name}", env!("CARGO_MANIFEST_DIR"));
        serde_json::from_str::<serde_json::Value>(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let push = |list: &mut serde_json::Value, item: serde_json::Value| {
        list.as_array_mut().unwrap().push(item)
    };
    let mut guards = read("guard_hebt.json");
    push(
        &mut guards["domain"]["attributes"],
        json!({ "name": "enemy", "type": "entity" }),
    );
    for tree in [
        json!({ "name": "hunter", "root": { "loop": { "ignore_failure":
            { "action": "attack", "target": "enemy" } } } }),
        json!({ "name": "sentry", "root": { "loop": { "selector": [
            { "sequence": [ { "precondition": { "ask": "sees" } }, { "call": "shout" } ] },
            { "sequence": [ { "flag": "announced", "to": "group" }, { "action": "patrol" } ] }
        ] } } }),
    ] {
        push(&mut guards["domain"]["behaviour_trees"], tree);
    }
    let archetypes = guards["domain"]["archetypes"].as_array_mut().unwrap();
    for (name, tree) in [("hunter_guard", "hunter"), ("sentry_guard", "sentry")] {
        let mut arch = archetypes[0].clone();
        arch["name"] = json!(name);
        arch["behaviour_trees"] = json!([tree]);
        archetypes.push(arch);
    }
    for (name, archetype, at) in [
        ("hunter", "hunter_guard", [0, 0, 8]),
        ("sentry", "sentry_guard", [-3, 0, 3]),
        ("sentry2", "sentry_guard", [-3, 0, 5]),
    ] {
        push(
            &mut guards["entities"],
            json!({ "name": name, "archetype": archetype, "at": at }),
        );
    }
    guards["groups"] = json!([{ "name": "watch", "tree": "coward",
        "members": ["guard", "sentry", "sentry2"] }]);

    let household = tree_household::tree_household();

    let calls = Arc::new(AtomicU32::new(0));
    for (json, shouts) in [(guards, true), (household, false)] {
        let scenario = load_scenario(&json.to_string(), None).unwrap().value;
        let mut instance = scenario.instantiate(Some(64), Some(1)).unwrap();
        let world = &mut instance.world;
        if let Some(enemy) = world.domain().find_attribute("enemy") {
            let intruder = instance
                .names
                .iter()
                .find(|(_, n)| n == "intruder")
                .unwrap()
                .0;
            for (npc, _) in instance
                .names
                .iter()
                .filter(|(_, n)| n.starts_with("hunter"))
            {
                world
                    .set_bt_blackboard(*npc, enemy, Value::Entity(intruder))
                    .unwrap();
            }
            let flip = AtomicU32::new(0);
            let counted = calls.clone();
            world.set_bt_callbacks(BtCallbacks {
                condition: Some(Arc::new(move |_, _| {
                    flip.fetch_add(1, Ordering::Relaxed) % 7 < 3
                })),
                action: Some(Arc::new(move |_, _, phase| {
                    counted.fetch_add(1, Ordering::Relaxed);
                    match phase {
                        CallPhase::Step => Status::Succeeded,
                        _ => Status::InProgress,
                    }
                })),
            });
        }
        let mut engine = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
        let mut run = |seconds: f64| {
            engine.run(&mut instance.world, seconds, &mut ()).unwrap();
            engine.stats().decisions
        };
        let mut decisions = 0;
        assert!(
            allocations_during(|| decisions = run(30.0)) > 0,
            "the counter counts"
        );
        let called = calls.load(Ordering::Relaxed);
        for window in 0..3 {
            let before = decisions;
            assert_eq!(
                allocations_during(|| decisions = run(10.0)),
                0,
                "window {window}"
            );
            assert!(decisions > before, "window {window} thinks");
        }
        assert_eq!(
            calls.load(Ordering::Relaxed) > called,
            shouts,
            "call leaves run"
        );
    }
}

#[test]
fn interrupting_a_squads_hierarchy_allocates_nothing_once_warm() {
    // A significant fact the engine writes on a squad interrupts the squad and every member
    // (P:329): a sensor the game may write every frame, so the walk down the hierarchy must
    // not allocate.
    use motive::domain::load_scenario;
    use motive::sim::Simulator;
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"));
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("squad_drill.json")).unwrap())
            .unwrap();
    doc["domain"]["attributes"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({
            "name": "alarm", "type": "bool", "significant": true,
            "description": "A sensor no action reads: writing it only interrupts."
        }));
    let scenario = load_scenario(&doc.to_string(), Some(dir)).unwrap().value;
    let mut instance = scenario.instantiate(Some(64), Some(1)).unwrap();
    let alarm = instance.world.domain().find_attribute("alarm").unwrap();
    let squads: Vec<_> = instance
        .world
        .entities()
        .filter(|&e| instance.world.kind(e).unwrap() == EntityKind::Squad)
        .collect();
    assert_eq!(squads.len(), 16);
    let mut engine = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut frame = 0;
    let mut run = |seconds: f64| {
        for _ in 0..(seconds / 0.1) as usize {
            frame += 1;
            for &squad in &squads {
                let on = Value::Bool(frame % 2 == 0);
                instance.world.set_fact(squad, alarm, on).unwrap();
            }
            engine.step(&mut instance.world, 0.1, &mut ()).unwrap();
        }
    };
    assert!(allocations_during(|| run(30.0)) > 0, "the counter counts");
    assert_eq!(allocations_during(|| run(10.0)), 0);
}
