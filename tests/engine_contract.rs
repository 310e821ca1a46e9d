//! What an engine meets on first contact, through the path its components take: NPCs spawned
//! from an archetype name alone (their starting state comes from the archetype), requests
//! that say who ends them, and engine actions that time out when the engine never reports
//! them — all driven tick by tick as an engine drives a world, with no simulator.

use motive::core::model::action::ActionId;
use motive::core::model::action::{ActionEnd, DEFAULT_ENGINE_TIMEOUT};
use motive::core::model::archetype::ArchetypeId;
use motive::core::world::event::{Event, EventKind};
use motive::core::{Domain, Entity, ErrorKind, Value, Vec3, World, WorldConfig};
use motive::domain::{load_scenario, load_scenario_file};
use std::sync::Arc;

fn household() -> Arc<Domain> {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("household.json");
    load_scenario_file(&path).unwrap().value.domain
}

/// A household world with its furniture placed as the scenario places it, and one resident
/// spawned by archetype name at the scenario's spot, as `MotiveNpc` / `UMotiveNpcComponent`
/// spawn one: no fact given by the caller.
fn furnished(archetype: &str) -> (World, Entity) {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("household.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    json["entities"]
        .as_array_mut()
        .unwrap()
        .retain(|e| e["name"] != "resident");
    let scenario = load_scenario(&json.to_string(), None).unwrap().value;
    let mut world = scenario.instantiate_copies(1, Some(1)).unwrap().world;
    let kind = ArchetypeId(world.domain().archetypes().find(archetype).unwrap());
    let npc = world.spawn(kind, Vec3::new(5.0, 0.0, 4.0)).unwrap();
    (world, npc)
}

/// Ticks `world` for `seconds` at 20 Hz, as an engine's frame loop, handing every event to
/// `engine`, which may report actions back.
fn drive(world: &mut World, seconds: f64, mut engine: impl FnMut(&mut World, &Event)) {
    let mut events = Vec::new();
    for _ in 0..(seconds * 20.0) as u32 {
        world.tick(0.05).unwrap();
        events.clear();
        world.drain_events(&mut events);
        for event in &events {
            engine(world, event);
        }
    }
}

/// An engine that walks instantly and reports every engine-ended action as done.
fn obliging(world: &mut World, event: &Event) {
    if event.kind == EventKind::ActionRequested && event.ended_by == Some(ActionEnd::Engine) {
        let _ = world.report_action(
            event.npc,
            event.request,
            motive::core::world::actions::ActionOutcome::Succeeded,
        );
    }
}

/// The resident's starting state lives on its archetype (thesis :1401, :1447: every drive at
/// 0, nowhere, holding nothing), so one spawned by archetype name plans and acts, under both
/// brains; its facts are the ones the scenario used to give it by hand.
#[test]
fn residents_spawned_by_archetype_name_act() {
    for archetype in ["resident", "goap_resident"] {
        let (mut world, npc) = furnished(archetype);
        let at = world.domain().find_attribute("at").unwrap();
        assert_eq!(
            world.fact(npc, at).unwrap().value,
            Value::Entity(Entity::NULL)
        );
        let mut requested = Vec::new();
        drive(&mut world, 20.0, |world, event| {
            if event.kind == EventKind::ActionRequested && event.npc == npc {
                requested.push(
                    world
                        .domain()
                        .actions()
                        .name(event.action.unwrap().0)
                        .to_owned(),
                );
            }
            obliging(world, event);
        });
        assert!(
            requested.iter().filter(|a| *a != "goto").count() >= 2,
            "{archetype}: {requested:?}"
        );
    }
}

/// Every request says who ends it and when: the engine (with the timeout after which motive
/// gives up on it), motive's timer (with its seconds), or motive when a drive is full.
#[test]
fn requests_say_who_ends_them() {
    let (mut world, npc) = furnished("resident");
    let mut seen = Vec::new();
    drive(&mut world, 60.0, |world, event| {
        if event.kind == EventKind::ActionRequested && event.npc == npc {
            let def = world.domain().action(event.action.unwrap());
            seen.push((event.ended_by, event.seconds, def.duration));
        }
        obliging(world, event);
    });
    use motive::core::model::action::ActionDuration;
    let mut kinds = Vec::new();
    for (ended_by, seconds, duration) in seen {
        let expected = match duration {
            ActionDuration::Engine => (ActionEnd::Engine, DEFAULT_ENGINE_TIMEOUT),
            ActionDuration::Seconds(s) => (ActionEnd::Timer, s),
            ActionDuration::UntilFull(_) => (ActionEnd::UntilFull, 0.0),
        };
        assert_eq!((ended_by, seconds), (Some(expected.0), expected.1));
        if !kinds.contains(&expected.0) {
            kinds.push(expected.0);
        }
    }
    assert_eq!(kinds.len(), 3, "the run meets every kind: {kinds:?}");
}

/// An engine that never reports an engine-ended action (a walk it dropped) does not strand
/// the NPC: at the timeout motive fails it with `ActionTimedOut`, and the NPC replans and asks
/// again. The world's timeout is bounded; an action's own wins over it.
#[test]
fn unreported_engine_actions_time_out_and_the_npc_replans() {
    let (mut world, npc) = furnished("resident");
    world.set_engine_action_timeout(3.0).unwrap();
    for bad in [0.0, -1.0, f64::NAN] {
        let err = world.set_engine_action_timeout(bad).unwrap_err();
        assert_eq!(err.kind, ErrorKind::InvalidArgument, "{bad}");
    }
    assert_eq!(
        world.engine_action_timeout(),
        3.0,
        "a refused value changes nothing"
    );
    let mut log = Vec::new();
    drive(&mut world, 10.0, |world, event| {
        if event.npc == npc {
            log.push((world.time(), event.kind, event.request));
        }
    });
    let first = log
        .iter()
        .find(|e| e.1 == EventKind::ActionRequested)
        .copied()
        .unwrap();
    let timed_out = log
        .iter()
        .find(|e| e.1 == EventKind::ActionTimedOut)
        .copied()
        .unwrap_or_else(|| panic!("{log:?}"));
    assert_eq!(timed_out.2, first.2, "the same request");
    let waited = timed_out.0 - first.0;
    assert!(
        (3.0..3.0 + 0.051).contains(&waited),
        "after the timeout: {waited}"
    );
    let asked_again = log
        .iter()
        .filter(|e| e.1 == EventKind::ActionRequested && e.0 > timed_out.0)
        .count();
    assert!(asked_again >= 1, "it replans and asks again: {log:?}");
    world.check_claims().unwrap();

    // Never: no timeout at all.
    let (mut world, npc) = furnished("resident");
    world.set_engine_action_timeout(f64::INFINITY).unwrap();
    let mut timeouts = 0;
    drive(&mut world, 120.0, |_, event| {
        timeouts += usize::from(event.npc == npc && event.kind == EventKind::ActionTimedOut);
    });
    assert_eq!(timeouts, 0);
}

/// An action's `"timeout"` in the domain wins over the world's; it is for actions the engine
/// ends, and a bad one is refused at its JSON Pointer.
#[test]
fn an_actions_own_timeout_wins_and_is_checked() {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("household.json");
    let base: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let with_timeout = |action: usize, timeout: serde_json::Value| {
        let mut json = base.clone();
        json["domain"]["actions"][action]["timeout"] = timeout;
        load_scenario(&json.to_string(), None)
    };
    assert_eq!(base["domain"]["actions"][0]["name"], "goto");
    let loaded = with_timeout(0, serde_json::json!(1.5)).unwrap().value;
    let goto = loaded.domain.actions().find("goto").unwrap();
    assert_eq!(
        loaded.domain.action(ActionId(goto)).engine_timeout,
        Some(1.5)
    );
    let mut world = loaded.instantiate(None, Some(1)).unwrap().world;
    world.set_engine_action_timeout(100.0).unwrap();
    let mut first_timeout = None;
    drive(&mut world, 5.0, |world, event| {
        if event.kind == EventKind::ActionTimedOut && first_timeout.is_none() {
            first_timeout = Some(world.time());
        }
    });
    let at = first_timeout.expect("goto timed out");
    assert!(
        at < 5.0,
        "after the action's 1.5 s, not the world's 100: {at}"
    );

    let never = with_timeout(0, serde_json::json!("never")).unwrap().value;
    let goto = ActionId(never.domain.actions().find("goto").unwrap());
    assert_eq!(
        never.domain.action(goto).engine_timeout,
        Some(f64::INFINITY)
    );
    for (action, bad, says) in [
        (0, serde_json::json!(0), "> 0"),
        (0, serde_json::json!(-2), "> 0"),
        (0, serde_json::json!("soon"), "number"),
    ] {
        let err = with_timeout(action, bad).unwrap_err();
        let d = &err.diagnostics[0];
        assert_eq!(d.path, format!("/domain/actions/{action}/timeout"));
        assert!(d.message.contains(says), "{}", d.message);
    }
    let timed = base["domain"]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| a["duration"].get("seconds").is_some())
        .unwrap();
    let err = with_timeout(timed, serde_json::json!(5)).unwrap_err();
    assert!(
        err.diagnostics[0].message.contains("motive times this one"),
        "{:?}",
        err.diagnostics
    );
}

/// A world made without a scenario: the default timeout.
#[test]
fn the_default_timeout_is_documented() {
    let world = World::new(household(), WorldConfig::default()).unwrap();
    assert_eq!(world.engine_action_timeout(), DEFAULT_ENGINE_TIMEOUT);
    assert_eq!(DEFAULT_ENGINE_TIMEOUT, 60.0);
}

/// An archetype's starting state may name the one entity a domain can: the entity itself
/// (`"self"`), besides `null`. Each spawned entity holds its own handle; a scenario's fact
/// overrides it; a non-entity attribute is refused at its pointer.
#[test]
fn an_archetype_can_start_its_entities_holding_themselves() {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("household.json");
    let base: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let with_home = |home: serde_json::Value, kind: &str| {
        let mut json = base.clone();
        json["domain"]["attributes"]
            .as_array_mut()
            .unwrap()
            .push(serde_json::json!({ "name": "home", "type": kind }));
        json["domain"]["archetypes"][0]["state"]["home"] = home;
        load_scenario(&json.to_string(), None)
    };
    let scenario = with_home(serde_json::json!("self"), "entity")
        .unwrap()
        .value;
    let mut world = scenario.instantiate_copies(1, Some(1)).unwrap().world;
    let home = world.domain().find_attribute("home").unwrap();
    let kind = ArchetypeId(world.domain().archetypes().find("resident").unwrap());
    let a = world.spawn(kind, Vec3::default()).unwrap();
    let b = world.spawn(kind, Vec3::default()).unwrap();
    assert_eq!(world.fact(a, home).unwrap().value, Value::Entity(a));
    assert_eq!(world.fact(b, home).unwrap().value, Value::Entity(b));
    let err = with_home(serde_json::json!("self"), "number").unwrap_err();
    assert_eq!(err.diagnostics[0].path, "/domain/archetypes/0/state/home");
    let null = with_home(serde_json::Value::Null, "entity").unwrap().value;
    let mut world = null.instantiate_copies(1, Some(1)).unwrap().world;
    let a = world.spawn(kind, Vec3::default()).unwrap();
    let home = world.domain().find_attribute("home").unwrap();
    assert_eq!(
        world.fact(a, home).unwrap().value,
        Value::Entity(Entity::NULL)
    );
}
