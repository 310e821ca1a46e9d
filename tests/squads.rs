//! Squads: Pittman's command hierarchy (P:199-201, P:325, P:329, P:377 of
//! 004_bdde6381c6c06595.txt), tested through the path an engine takes: scenarios loaded from
//! JSON, squads made by name, the headless simulator performing the members' actions.

use motive::core::world::event::{Event, EventKind};
use motive::core::world::squads::Report;
use motive::core::{Entity, EntityKind, Value, World};
use motive::domain::{load_scenario, load_scenario_file, Instance, Scenario};
use motive::sim::{Observer, Simulator};

fn shipped(name: &str) -> Scenario {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios")).join(name);
    load_scenario_file(&path).unwrap().value
}

/// Every event, in order, with the time it was drained.
#[derive(Default)]
struct Events(Vec<(f64, Event)>);

impl Observer for Events {
    fn event(&mut self, world: &World, event: &Event) {
        self.0.push((world.time(), *event));
    }
}

fn entity(instance: &Instance, name: &str) -> Entity {
    instance.names.iter().find(|(_, n)| n == name).unwrap().0
}

fn run(scenario: &Scenario, seed: u64, seconds: f64) -> (Instance, Events) {
    let mut instance = scenario.instantiate(None, Some(seed)).unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut events = Events::default();
    sim.run(&mut instance.world, seconds, &mut events).unwrap();
    (instance, events)
}

fn action_name(world: &World, event: &Event) -> String {
    event
        .action
        .map(|a| world.domain().actions().name(a.0).to_owned())
        .unwrap_or_default()
}

#[test]
fn room_clearing_advances_only_after_the_last_report_in_every_seed() {
    room_cleared_in_order(&shipped("room_clearing.json"), 0..100);
}

#[test]
fn a_squad_of_behaviour_tree_officers_clears_the_room_too() {
    // The members may run any brain: behaviour-tree officers take each order's target on
    // their blackboard, and the squad judges hold_assigned on their facts.
    let scenario = shipped("room_clearing.json").with_variant("bt").unwrap();
    room_cleared_in_order(&scenario, 0..20);
}

#[test]
fn a_behaviour_tree_squad_plans_and_orders_like_a_goap_one() {
    // The squad may run any brain: a tree whose plan leaf asks GOAP for clear_room performs
    // the same two orders.
    let scenario = shipped("room_clearing.json")
        .with_variant("bt_squad")
        .unwrap();
    room_cleared_in_order(&scenario, 0..20);
}

/// For each seed: every officer ends at its corner, the squad issued stack_up then
/// clear_corners, the second only after the four reports of the first.
fn room_cleared_in_order(scenario: &Scenario, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let (instance, events) = run(scenario, seed, 60.0);
        let world = &instance.world;
        let squad = entity(&instance, "alpha");
        let at = world.domain().find_attribute("at").unwrap();
        for i in 1..=4 {
            let officer = entity(&instance, &format!("officer_{i}"));
            let corner = entity(&instance, &format!("corner_{i}"));
            assert_eq!(
                world.fact(officer, at).unwrap().value,
                Value::Entity(corner),
                "seed {seed}: officer_{i} ends at its corner"
            );
            assert_eq!(world.superior(officer).unwrap(), squad);
        }
        let clear = world.domain().find_attribute("room_clear").unwrap();
        assert_eq!(world.fact(squad, clear).unwrap().value, Value::Bool(true));
        // The orders, in the order the squad planned them, each after every report of the one
        // before.
        let squad_events: Vec<&Event> = events
            .0
            .iter()
            .map(|(_, e)| e)
            .filter(|e| e.npc == squad)
            .collect();
        let issued: Vec<String> = squad_events
            .iter()
            .filter(|e| e.kind == EventKind::OrderIssued)
            .map(|e| action_name(world, e))
            .collect();
        assert_eq!(issued, ["stack_up", "clear_corners"], "seed {seed}");
        let second = squad_events
            .iter()
            .position(|e| {
                e.kind == EventKind::OrderIssued && action_name(world, e) == "clear_corners"
            })
            .unwrap();
        let completed_before = squad_events[..second]
            .iter()
            .filter(|e| e.kind == EventKind::MemberCompleted)
            .count();
        assert_eq!(completed_before, 4, "seed {seed}: all four reported first");
        let finished = squad_events[..second]
            .iter()
            .rposition(|e| e.kind == EventKind::ActionFinished)
            .unwrap();
        let last_report = squad_events[..second]
            .iter()
            .rposition(|e| e.kind == EventKind::MemberCompleted)
            .unwrap();
        assert!(
            last_report < finished,
            "seed {seed}: stack_up ends after the last report"
        );
        // A GOAP officer adopts (plans for) each goal once before it completes it.
        let adopted = squad_events
            .iter()
            .filter(|e| e.kind == EventKind::MemberAdopted)
            .count();
        let goap = world.goap_mind(entity(&instance, "officer_1")).is_ok();
        assert_eq!(adopted, if goap { 8 } else { 0 }, "seed {seed}");
        let command = world.command(squad).unwrap();
        let order = command.order.as_ref().unwrap();
        assert!(!order.active);
        assert!(order.entries.iter().all(|e| e.report == Report::Completed));
    }
}

#[test]
fn room_clearing_is_deterministic() {
    let scenario = shipped("room_clearing.json");
    // Worlds differ only in their serial, which every handle carries.
    let strip = |events: Vec<(f64, Event)>| -> Vec<String> {
        events
            .into_iter()
            .map(|(t, e)| {
                format!(
                    "{t} {:?} {} {:?} {} {} {}",
                    e.kind, e.npc.index1, e.action, e.target.index1, e.request, e.outcome
                )
            })
            .collect()
    };
    let a = strip(run(&scenario, 7, 30.0).1 .0);
    let b = strip(run(&scenario, 7, 30.0).1 .0);
    assert!(a.len() > 40);
    assert_eq!(a, b);
}

/// A squad whose order recommends `goal` with `bias` to its one member, which has goals
/// `first` (relevance 0.5) and `second` (0.7): the member's chosen goal after a few ticks.
fn chosen_with_bias(goal: &str, bias: f64, autonomous: bool) -> String {
    let json = format!(
        r#"{{
  "name": "bias", "world": {{ "seed": 1 }},
  "simulation": {{ "step": 0.1, "seconds": 5 }},
  "domain": {{
    "name": "bias",
    "attributes": [
      {{ "name": "a", "type": "bool" }}, {{ "name": "b", "type": "bool" }},
      {{ "name": "c", "type": "bool" }}, {{ "name": "ordered", "type": "bool" }}
    ],
    "actions": [
      {{ "name": "do_a", "effects": [ {{ "key": "a", "set": true }} ], "duration": "engine", "timeout": "never" }},
      {{ "name": "do_b", "effects": [ {{ "key": "b", "set": true }} ], "duration": "engine", "timeout": "never" }},
      {{ "name": "order", "effects": [ {{ "key": "ordered", "set": true }} ],
        "order": {{ "timeout": 100, "recommend": [ {{ "goal": "{goal}", "bias": {bias} }} ] }} }}
    ],
    "goap_goals": [
      {{ "name": "first", "relevance": 0.5, "requirements": [ {{ "key": "a", "op": "==", "value": true }} ] }},
      {{ "name": "second", "relevance": 0.7, "requirements": [ {{ "key": "b", "op": "==", "value": true }} ] }},
      {{ "name": "third", "relevance": 0.1, "requirements": [ {{ "key": "c", "op": "==", "value": true }} ] }},
      {{ "name": "command", "relevance": 1, "requirements": [ {{ "key": "ordered", "op": "==", "value": true }} ] }}
    ],
    "archetypes": [
      {{ "name": "squad", "squad": {{}}, "consumes": ["order"], "goap_goals": ["command"],
        "state": {{ "ordered": false }} }},
      {{ "name": "unit", "consumes": ["do_a", "do_b"], "supplies": ["do_a", "do_b"],
        "goap_goals": ["first", "second"], "autonomous": {autonomous},
        "think": {{ "interval": 0.2 }}, "state": {{ "a": false, "b": false, "c": false }} }}
    ]
  }},
  "entities": [
    {{ "name": "u", "archetype": "unit" }},
    {{ "name": "s", "archetype": "squad", "members": ["u"] }}
  ]
}}"#
    );
    let scenario = load_scenario(&json, None).unwrap().value;
    let mut instance = scenario.instantiate(None, None).unwrap();
    let unit = entity(&instance, "u");
    let squad = entity(&instance, "s");
    let world = &mut instance.world;
    // The squad orders first (its think is staggered before the unit's own plan would do).
    world.think_now(squad).unwrap();
    let mut events = Vec::new();
    for _ in 0..10 {
        world.tick(0.1).unwrap();
    }
    world.drain_events(&mut events);
    assert!(events
        .iter()
        .any(|e| e.kind == EventKind::GoalRecommended && e.target == unit));
    let goal = world.goap_mind(unit).unwrap().goal.unwrap();
    world.domain().goap_goals().name(goal.0).to_owned()
}

#[test]
fn a_recommendation_adds_its_bias_to_the_subordinate_relevance() {
    // P:325 and Part D 16 of the digest: 0.5 + 0.3 beats 0.7; 0.5 + 0.1 does not.
    assert_eq!(chosen_with_bias("first", 0.3, true), "first");
    assert_eq!(chosen_with_bias("first", 0.1, true), "second");
    // A negative bias suppresses.
    assert_eq!(chosen_with_bias("second", -0.6, true), "first");
    // A bias on a goal the subordinate lacks does nothing.
    assert_eq!(chosen_with_bias("third", 0.9, true), "second");
    // A unit that is not autonomous takes the most recommended goal, however small the bias.
    assert_eq!(chosen_with_bias("first", 0.01, false), "first");
    assert_eq!(chosen_with_bias("first", 0.01, true), "second");
}

/// Two units, each with one engine-ended action the test reports (or not), under a squad
/// whose one order recommends their goal and waits 5 s.
const TWO_UNITS: &str = r#"{
  "name": "roster", "world": { "seed": 1 }, "simulation": { "step": 0.1, "seconds": 1 },
  "domain": {
    "name": "roster",
    "attributes": [ { "name": "done", "type": "bool" }, { "name": "ordered", "type": "bool" },
                    { "name": "alive", "type": "number", "min": 0, "max": 10 },
                    { "name": "reported", "type": "number", "min": 0, "max": 10 } ],
    "actions": [
      { "name": "work", "effects": [ { "key": "done", "set": true } ], "timeout": "never" },
      { "name": "order", "effects": [ { "key": "ordered", "set": true } ],
        "order": { "timeout": 5, "recommend": [ { "goal": "finish", "bias": 1 } ] } }
    ],
    "goap_goals": [
      { "name": "finish", "relevance": 0, "requirements": [ { "key": "done", "op": "==", "value": true } ] },
      { "name": "command", "relevance": 1, "requirements": [ { "key": "ordered", "op": "==", "value": true } ] }
    ],
    "archetypes": [
      { "name": "squad", "squad": { "members_alive": "alive", "members_reported": "reported" },
        "consumes": ["order"], "goap_goals": ["command"], "state": { "ordered": false } },
      { "name": "unit", "consumes": ["work"], "supplies": ["work"], "goap_goals": ["finish"],
        "state": { "done": false } }
    ]
  },
  "entities": [
    { "name": "a", "archetype": "unit" }, { "name": "b", "archetype": "unit" },
    { "name": "s", "archetype": "squad", "members": ["a", "b"] }
  ]
}"#;

/// A world of [`TWO_UNITS`] and its units `a`, `b` and squad `s`.
fn two_units() -> (Instance, [Entity; 3]) {
    let scenario = load_scenario(TWO_UNITS, None).unwrap().value;
    let instance = scenario.instantiate(None, None).unwrap();
    let units = ["a", "b", "s"].map(|name| entity(&instance, name));
    (instance, units)
}

/// Ticks `world` for `seconds`, reporting success for every request of the units in
/// `performers` as soon as it is made; every event, timed.
fn tick_reporting(world: &mut World, seconds: f64, performers: &[Entity]) -> Vec<(f64, Event)> {
    let mut all = Vec::new();
    let mut events = Vec::new();
    for _ in 0..(seconds / 0.1).round() as usize {
        world.tick(0.1).unwrap();
        world.drain_events(&mut events);
        for e in &events {
            if e.kind == EventKind::ActionRequested && performers.contains(&e.npc) {
                world
                    .report_action(
                        e.npc,
                        e.request,
                        motive::core::world::actions::ActionOutcome::Succeeded,
                    )
                    .unwrap();
            }
        }
        all.extend(events.drain(..).map(|e| (world.time(), e)));
    }
    all
}

fn kinds_of(events: &[(f64, Event)], npc: Entity) -> Vec<EventKind> {
    events
        .iter()
        .filter(|(_, e)| e.npc == npc)
        .map(|(_, e)| e.kind)
        .collect()
}

#[test]
fn an_order_completes_only_after_every_member_reported() {
    let (mut instance, [a, b, squad]) = two_units();
    let world = &mut instance.world;
    // a performs at once; b's work is reported only after 2 s.
    let mut events = tick_reporting(world, 2.0, &[a]);
    let reported = world.domain().find_attribute("reported").unwrap();
    let alive = world.domain().find_attribute("alive").unwrap();
    assert!(!kinds_of(&events, squad).contains(&EventKind::ActionFinished));
    let order = world.command(squad).unwrap().order.clone().unwrap();
    assert!(order.active);
    assert_eq!(
        order.entries.iter().map(|e| e.report).collect::<Vec<_>>(),
        [Report::Completed, Report::Adopted]
    );
    world.tick(0.0).unwrap();
    assert_eq!(
        world.fact(squad, reported).unwrap().value,
        Value::Number(1.0)
    );
    assert_eq!(world.fact(squad, alive).unwrap().value, Value::Number(2.0));
    // The engine reports b's work now.
    let (_, request) = events
        .iter()
        .find(|(_, e)| e.kind == EventKind::ActionRequested && e.npc == b)
        .unwrap();
    world
        .report_action(
            b,
            request.request,
            motive::core::world::actions::ActionOutcome::Succeeded,
        )
        .unwrap();
    events.extend(tick_reporting(world, 1.0, &[a, b]));
    let kinds = kinds_of(&events, squad);
    let finished = kinds
        .iter()
        .position(|&k| k == EventKind::ActionFinished)
        .unwrap();
    let completed: Vec<usize> = kinds
        .iter()
        .enumerate()
        .filter(|(_, &k)| k == EventKind::MemberCompleted)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(completed.len(), 2);
    assert!(completed.iter().all(|&i| i < finished));
    let b_done = events
        .iter()
        .find(|(_, e)| e.kind == EventKind::MemberCompleted && e.target == b)
        .unwrap()
        .0;
    assert!(
        b_done >= 2.0,
        "b completed when its work was reported, at {b_done}"
    );
    let ordered = world.domain().find_attribute("ordered").unwrap();
    assert_eq!(world.fact(squad, ordered).unwrap().value, Value::Bool(true));
}

#[test]
fn an_order_a_member_never_completes_times_out_and_the_squad_replans() {
    let (mut instance, [a, _, squad]) = two_units();
    let world = &mut instance.world;
    // b never reports.
    let events = tick_reporting(world, 8.0, &[a]);
    let issued: Vec<f64> = events
        .iter()
        .filter(|(_, e)| e.npc == squad && e.kind == EventKind::OrderIssued)
        .map(|(t, _)| *t)
        .collect();
    let timed_out: Vec<f64> = events
        .iter()
        .filter(|(_, e)| e.npc == squad && e.kind == EventKind::ActionTimedOut)
        .map(|(t, _)| *t)
        .collect();
    assert_eq!(timed_out.len(), 1, "one timeout in 8 s: {timed_out:?}");
    assert!(
        (timed_out[0] - issued[0] - 5.0).abs() < 0.11,
        "{issued:?} {timed_out:?}"
    );
    assert!(
        issued.len() == 2 && issued[1] >= timed_out[0],
        "the squad replanned: {issued:?}"
    );
    assert!(!kinds_of(&events, squad).contains(&EventKind::ActionFinished));
    // The timed-out order's bias was withdrawn, then the new order's given again.
    let bias = world.goap_mind(a).unwrap().bias[0];
    assert_eq!(bias, 1.0);
}

#[test]
fn a_destroyed_member_fails_the_order_and_the_squad_goes_on_with_the_rest() {
    let (mut instance, [a, b, squad]) = two_units();
    let world = &mut instance.world;
    let mut events = tick_reporting(world, 1.0, &[]);
    world.destroy(b, EntityKind::Npc).unwrap();
    let mut drained = Vec::new();
    world.drain_events(&mut drained);
    events.extend(drained.into_iter().map(|e| (world.time(), e)));
    assert!(events
        .iter()
        .any(|(_, e)| e.kind == EventKind::MemberFailed && e.target == b));
    assert_eq!(world.command(squad).unwrap().members, [a]);
    events.extend(tick_reporting(world, 1.0, &[a]));
    let kinds = kinds_of(&events, squad);
    assert!(kinds.contains(&EventKind::ActionFailed), "{kinds:?}");
    // The squad replans (the failed order left out once, S:105), and its next order goes to
    // the one member left, and completes.
    let failed = kinds
        .iter()
        .position(|&k| k == EventKind::ActionFailed)
        .unwrap();
    assert!(
        kinds[failed..].contains(&EventKind::ActionFinished),
        "{kinds:?}"
    );
}

/// Every member an order awaits leaves the squad: nobody is left to complete it, so it fails
/// at the tick's end, as for a member destroyed, and the squad replans at once rather than
/// idling to the order's 5 s deadline.
#[test]
fn an_order_whose_awaited_members_all_left_fails_at_once() {
    let (mut instance, [a, b, squad]) = two_units();
    let world = &mut instance.world;
    let mut events = tick_reporting(world, 1.0, &[]);
    let issued = events
        .iter()
        .filter(|(_, e)| e.npc == squad && e.kind == EventKind::OrderIssued)
        .count();
    assert_eq!(issued, 1);
    world.leave_squad(a).unwrap();
    events.extend(tick_reporting(world, 0.5, &[]));
    assert!(
        !kinds_of(&events, squad).contains(&EventKind::ActionFailed),
        "b is still awaited"
    );
    world.leave_squad(b).unwrap();
    let left = world.time();
    events.extend(tick_reporting(world, 0.1, &[]));
    let failed: Vec<f64> = events
        .iter()
        .filter(|(_, e)| e.npc == squad && e.kind == EventKind::ActionFailed)
        .map(|(t, _)| *t)
        .collect();
    assert_eq!(failed, [left + 0.1], "{:?}", kinds_of(&events, squad));
    assert!(!kinds_of(&events, squad).contains(&EventKind::ActionTimedOut));
    // Nothing stands: the units it recommended goals to keep no bias.
    assert!(!world.command(squad).unwrap().order.as_ref().unwrap().active);
    for unit in [a, b] {
        assert_eq!(world.goap_mind(unit).unwrap().bias[0], 0.0);
    }
}

#[test]
fn membership_refuses_cycles_second_superiors_and_bad_handles() {
    let (mut instance, [a, _, squad]) = two_units();
    let world = &mut instance.world;
    let archetype = world.archetype(squad).unwrap().unwrap();
    let other = world.create_squad(archetype).unwrap();
    let err = world.join_squad(other, a).unwrap_err();
    assert!(
        err.message.contains("leaves that squad first"),
        "{}",
        err.message
    );
    world.join_squad(other, squad).unwrap();
    let err = world.join_squad(squad, other).unwrap_err();
    assert!(
        err.message.contains("cycle") || err.message.contains("member of squad"),
        "{}",
        err.message
    );
    world.leave_squad(squad).unwrap();
    let err = world.join_squad(squad, squad).unwrap_err();
    assert!(err.message.contains("cycle"), "{}", err.message);
    let err = world.join_squad(a, squad).unwrap_err();
    assert!(
        err.message.contains("not an squad") || err.message.contains("squad"),
        "{}",
        err.message
    );
    // Nothing was lost: the squad still commands both units and runs.
    assert_eq!(world.command(squad).unwrap().members.len(), 2);
    world.tick(0.5).unwrap();
    world.destroy(other, EntityKind::Squad).unwrap();
    assert!(world.command(other).is_err());
    assert_eq!(world.squad_count(), 1);
}

#[test]
fn scenario_hierarchies_are_checked_by_name() {
    let bad = TWO_UNITS.replace(
        r#"{ "name": "s", "archetype": "squad", "members": ["a", "b"] }"#,
        r#"{ "name": "s", "archetype": "squad", "members": ["a", "b", "t"] },
    { "name": "t", "archetype": "squad", "members": ["s", "a"] }"#,
    );
    let err = load_scenario(&bad, None).unwrap_err();
    let messages: Vec<String> = err
        .diagnostics
        .iter()
        .map(|d| format!("{}: {}", d.path, d.message))
        .collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("/entities/3/members/1") && m.contains("one superior")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("/entities/3/members/0") && m.contains("cycle")),
        "{messages:?}"
    );
    let not_squad = TWO_UNITS.replace(
        r#""name": "b", "archetype": "unit""#,
        r#""name": "b", "archetype": "unit", "members": ["a"]"#,
    );
    let err = load_scenario(&not_squad, None).unwrap_err();
    assert!(err
        .diagnostics
        .iter()
        .any(|d| d.path == "/entities/1/members"));
}

/// Found by the fuzzer (`tests/data/fuzz-regressions/loader_text/squad-named-like-an-entity.json`):
/// a squad with members named like an earlier entity made the loader index past the entities.
#[test]
fn a_squad_named_like_another_entity_is_an_error_not_a_panic() {
    let bad = TWO_UNITS.replace(
        r#""name": "s", "archetype": "squad""#,
        r#""name": "a", "archetype": "squad""#,
    );
    let err = load_scenario(&bad, None).unwrap_err();
    assert!(
        err.diagnostics
            .iter()
            .any(|d| d.path == "/entities/2" && d.message.contains("already defined")),
        "{:?}",
        err.diagnostics
    );
}

#[test]
fn interrupting_a_commander_replans_three_levels_on_one_tick() {
    let json = r#"{
  "name": "cascade", "world": { "seed": 1 }, "simulation": { "step": 0.1, "seconds": 1 },
  "domain": {
    "name": "cascade",
    "attributes": [ { "name": "done", "type": "bool" }, { "name": "busy", "type": "bool" },
                    { "name": "alarm", "type": "bool", "significant": true } ],
    "actions": [
      { "name": "work", "effects": [ { "key": "busy", "set": true } ], "timeout": "never" },
      { "name": "command", "effects": [ { "key": "done", "set": true } ],
        "order": { "timeout": 1000, "recommend": [ { "goal": "keep_busy", "bias": 0.5 } ] } }
    ],
    "goap_goals": [
      { "name": "keep_busy", "relevance": 0.5, "requirements": [ { "key": "busy", "op": "==", "value": true } ] },
      { "name": "lead", "relevance": 1, "requirements": [ { "key": "done", "op": "==", "value": true } ] }
    ],
    "archetypes": [
      { "name": "commander", "squad": {}, "consumes": ["command"], "goap_goals": ["lead"], "think": { "interval": 10 }, "state": { "done": false } },
      { "name": "squad", "squad": {}, "consumes": ["command"], "goap_goals": ["lead"], "think": { "interval": 10 }, "state": { "done": false } },
      { "name": "unit", "consumes": ["work"], "supplies": ["work"], "goap_goals": ["keep_busy"], "think": { "interval": 10 }, "state": { "busy": false } }
    ]
  },
  "entities": [
    { "name": "u1", "archetype": "unit" }, { "name": "u2", "archetype": "unit" },
    { "name": "u3", "archetype": "unit" },
    { "name": "s1", "archetype": "squad", "members": ["u1", "u2"] },
    { "name": "s2", "archetype": "squad", "members": ["u3"] },
    { "name": "top", "archetype": "commander", "members": ["s1", "s2"] }
  ]
}"#;
    let scenario = load_scenario(json, None).unwrap().value;
    let mut instance = scenario.instantiate(None, None).unwrap();
    let names = ["top", "s1", "s2", "u1", "u2", "u3"];
    let all: Vec<Entity> = names.iter().map(|n| entity(&instance, n)).collect();
    let world = &mut instance.world;
    // Everyone thinks once and holds a plan (think intervals are long: no think is due soon).
    for _ in 0..200 {
        world.tick(0.1).unwrap();
    }
    let before: Vec<f64> = all
        .iter()
        .map(|&e| world.goap_mind(e).unwrap().decision.time)
        .collect();
    let now = world.time();
    world.interrupt(all[0]).unwrap();
    world.tick(0.1).unwrap();
    for (i, &e) in all.iter().enumerate() {
        let decided = world.goap_mind(e).unwrap().decision.time;
        assert!(
            decided > before[i] && decided > now,
            "{} replanned on the tick after the interrupt ({decided} vs {})",
            names[i],
            before[i]
        );
        assert_eq!(decided, world.time(), "{}: the same tick", names[i]);
    }
    assert_eq!(world.kind(all[0]).unwrap(), EntityKind::Squad);

    // A significant fact the engine writes on s1 interrupts s1 and its units, not the rest.
    for _ in 0..10 {
        world.tick(0.1).unwrap();
    }
    let before: Vec<f64> = all
        .iter()
        .map(|&e| world.goap_mind(e).unwrap().decision.time)
        .collect();
    let alarm = world.domain().find_attribute("alarm").unwrap();
    world.set_fact(all[1], alarm, Value::Bool(true)).unwrap();
    world.tick(0.1).unwrap();
    let replanned: Vec<&str> = all
        .iter()
        .zip(&names)
        .zip(&before)
        .filter(|((&e, _), &b)| world.goap_mind(e).unwrap().decision.time > b)
        .map(|((_, &n), _)| n)
        .collect();
    assert_eq!(replanned, ["s1", "u1", "u2"]);
    // Writing the same value again is no change: no interrupt.
    let before: Vec<f64> = all
        .iter()
        .map(|&e| world.goap_mind(e).unwrap().decision.time)
        .collect();
    world.set_fact(all[1], alarm, Value::Bool(true)).unwrap();
    world.tick(0.1).unwrap();
    for (i, &e) in all.iter().enumerate() {
        assert_eq!(
            world.goap_mind(e).unwrap().decision.time,
            before[i],
            "{}",
            names[i]
        );
    }
}

/// Runs the skirmish with `seed`, the troopers under their squad or (`coordinated` false) on
/// their own: whether the troopers won (every raider down, one of them standing) and when.
fn skirmish(scenario: &Scenario, seed: u64, coordinated: bool) -> (bool, f64) {
    let mut instance = scenario.instantiate(None, Some(seed)).unwrap();
    let troopers: Vec<Entity> = (1..=3)
        .map(|i| entity(&instance, &format!("trooper_{i}")))
        .collect();
    let raiders: Vec<Entity> = (1..=3)
        .map(|i| entity(&instance, &format!("raider_{i}")))
        .collect();
    if !coordinated {
        for &t in &troopers {
            instance.world.leave_squad(t).unwrap();
        }
    }
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let health = instance.world.domain().find_attribute("health").unwrap();
    let standing = |world: &World, units: &[Entity]| {
        units
            .iter()
            .filter(
                |&&u| matches!(world.fact(u, health).unwrap().value, Value::Number(h) if h > 0.0),
            )
            .count()
    };
    let mut events = Events::default();
    for step in 1..=1200 {
        sim.step(&mut instance.world, 0.05, &mut events).unwrap();
        let (t, r) = (
            standing(&instance.world, &troopers),
            standing(&instance.world, &raiders),
        );
        if t == 0 || r == 0 {
            return (r == 0 && t > 0, step as f64 * 0.05);
        }
    }
    (false, 60.0)
}

#[test]
fn the_coordinated_squad_usually_wins_the_skirmish() {
    // P:371: "a squad of three units could use shared knowledge and coordinated behavior to
    // (usually) defeat three opponents working independently".
    let scenario = shipped("squad_skirmish.json");
    let wins = |coordinated| {
        (0..100)
            .filter(|&seed| skirmish(&scenario, seed, coordinated).0)
            .count()
    };
    let (squad, alone) = (wins(true), wins(false));
    eprintln!("skirmish over 100 seeds: the squad wins {squad}, the same troopers alone {alone}");
    assert!(squad > 50, "the squad won {squad} of 100");
    assert!(squad > alone, "coordination helps: {squad} against {alone}");
}

#[test]
fn the_engine_reports_for_members_it_drives() {
    let (mut instance, [a, b, squad]) = two_units();
    let world = &mut instance.world;
    let mut events = tick_reporting(world, 1.0, &[]);
    let finish = world
        .domain()
        .goap_goals()
        .find("finish")
        .map(motive::core::model::goap::GoapGoalId)
        .unwrap();
    let command = world
        .domain()
        .goap_goals()
        .find("command")
        .map(motive::core::model::goap::GoapGoalId)
        .unwrap();
    // Nothing recommended `command` to a unit, and "pending" is no report.
    let err = world
        .report_to_squad(a, command, Report::Failed)
        .unwrap_err();
    assert!(err.message.contains("no standing order"), "{}", err.message);
    assert!(world.report_to_squad(a, finish, Report::Pending).is_err());
    // The engine says a completed its goal, though its facts do not show it: trusted.
    world.report_to_squad(a, finish, Report::Completed).unwrap();
    // And that b failed: the order fails at the next roster check.
    world.report_to_squad(b, finish, Report::Failed).unwrap();
    assert!(
        world.report_to_squad(b, finish, Report::Completed).is_err(),
        "b reported already"
    );
    events.extend(tick_reporting(world, 0.1, &[]));
    let kinds = kinds_of(&events, squad);
    let failed = kinds
        .iter()
        .position(|&k| k == EventKind::ActionFailed)
        .unwrap();
    let completed = kinds
        .iter()
        .position(|&k| k == EventKind::MemberCompleted)
        .unwrap();
    assert!(completed < failed, "{kinds:?}");
}

/// Units that leave through a door (an action that ends its own performer) and then wave (a
/// step planned after it), under a squad that counts its live members.
const LEAVERS: &str = r#"{
  "name": "leavers", "world": { "seed": 1 }, "simulation": { "step": 0.1, "seconds": 1 },
  "domain": {
    "name": "leavers",
    "attributes": [ { "name": "left", "type": "bool" }, { "name": "waved", "type": "bool" },
                    { "name": "ready", "type": "bool" },
                    { "name": "alive", "type": "number", "min": 0, "max": 10 } ],
    "actions": [
      { "name": "leave", "effects": [ { "key": "left", "set": true }, { "end": true } ],
        "timeout": "never" },
      { "name": "wave", "preconditions": [ { "key": "left", "op": "==", "value": true } ],
        "effects": [ { "key": "waved", "set": true } ], "timeout": "never" }
    ],
    "goap_goals": [
      { "name": "go", "relevance": 1,
        "requirements": [ { "key": "waved", "op": "==", "value": true } ] },
      { "name": "stand_by", "relevance": 1,
        "requirements": [ { "key": "ready", "op": "==", "value": true } ] }
    ],
    "archetypes": [
      { "name": "squad", "squad": { "members_alive": "alive" }, "goap_goals": ["stand_by"],
        "consumes": ["wave"],
        "state": { "ready": true } },
      { "name": "door", "supplies": ["leave"] },
      { "name": "unit", "consumes": ["leave", "wave"], "supplies": ["wave"],
        "goap_goals": ["go"], "state": { "left": false, "waved": false } }
    ]
  },
  "entities": [
    { "name": "door", "archetype": "door" },
    { "name": "a", "archetype": "unit" }, { "name": "b", "archetype": "unit" },
    { "name": "s", "archetype": "squad", "members": ["a", "b"] }
  ]
}"#;

/// An NPC ended by its own action is ended as a destroyed one is: it leaves its squad, its
/// plan goes with it (no step is asked of it afterwards), and its claims and squad stay whole.
#[test]
fn a_unit_whose_own_action_ends_it_leaves_its_squad_and_its_plan() {
    let mut twice: serde_json::Value = serde_json::from_str(LEAVERS).unwrap();
    // Ended by its effects and by its outcome too: ended once.
    twice["domain"]["actions"][0]["outcomes"] = serde_json::json!({
        "learning": "fixed", "table": [ { "weight": 1, "effects": [ { "end": true } ] } ]
    });
    for text in [LEAVERS.to_owned(), twice.to_string()] {
        leaves_its_squad_and_its_plan(&load_scenario(&text, None).unwrap().value);
    }
}

/// [`a_unit_whose_own_action_ends_it_leaves_its_squad_and_its_plan`] on a [`LEAVERS`] world.
fn leaves_its_squad_and_its_plan(scenario: &Scenario) {
    let mut instance = scenario.instantiate(None, None).unwrap();
    let [a, b, squad] = ["a", "b", "s"].map(|name| entity(&instance, name));
    let world = &mut instance.world;
    let alive = world.domain().find_attribute("alive").unwrap();
    // The engine performs what a is asked at once (leaving), and nothing of b's.
    let all: Vec<Event> = tick_reporting(world, 2.0, &[a])
        .into_iter()
        .map(|(_, e)| e)
        .collect();
    world.check_claims().unwrap();
    let ended = all
        .iter()
        .position(|e| e.kind == EventKind::EntityEnded && e.target == a)
        .unwrap_or_else(|| panic!("a left: {all:?}"));
    assert!(world.kind(a).is_err(), "a is gone");
    assert!(
        all[ended..]
            .iter()
            .all(|e| e.npc != a || e.kind == EventKind::EntityEnded),
        "nothing is asked of a once it is gone: {:?}",
        &all[ended..]
    );
    assert_eq!(world.command(squad).unwrap().members, [b]);
    assert_eq!(world.fact(squad, alive).unwrap().value, Value::Number(1.0));
}

/// A squad whose order is supplied by an object with one slot (a turret to man): the order's
/// recipients are the ones who use it.
const TURRET_CREW: &str = r#"{
  "name": "turret_crew", "world": { "seed": 1 },
  "simulation": { "step": 0.1, "seconds": 10, "action_seconds": 0.5 },
  "domain": {
    "name": "turret_crew",
    "attributes": [ { "name": "ordered", "type": "bool" }, { "name": "operating", "type": "bool" },
                    { "name": "mounted", "type": "bool" }, { "name": "station", "type": "entity" } ],
    "actions": [
      { "name": "operate", "effects": [ { "key": "operating", "set": true } ] },
      { "name": "man", "effects": [ { "key": "ordered", "set": true } ],
        "preconditions": [ { "of": "supplier", "key": "mounted", "op": "==", "value": true } ],
        "order": { "timeout": 5, "recommend": [ { "goal": "operate_it", "bias": 1,
          "target": { "from": { "entity": "supplier" }, "into": "station" } } ] } }
    ],
    "goap_goals": [
      { "name": "operate_it", "relevance": 0,
        "requirements": [ { "key": "operating", "op": "==", "value": true } ] },
      { "name": "command", "relevance": 1,
        "requirements": [ { "key": "ordered", "op": "==", "value": true } ] }
    ],
    "archetypes": [
      { "name": "crew", "squad": {}, "consumes": ["man"], "goap_goals": ["command"],
        "state": { "ordered": false } },
      { "name": "turret", "supplies": ["man", "operate"], "slots": [ {} ],
        "state": { "mounted": true } },
      { "name": "gunner", "consumes": ["operate"], "goap_goals": ["operate_it"],
        "state": { "operating": false } }
    ]
  },
  "entities": [
    { "name": "turret", "archetype": "turret" },
    { "name": "g", "archetype": "gunner" },
    { "name": "s", "archetype": "crew", "members": ["g"] }
  ]
}"#;

/// A squad has no body: it claims no slot of the object its order is bound to, which its
/// members are ordered to use (a squad holding the turret's one slot left its gunner no plan,
/// and the order failed over and over).
#[test]
fn a_squad_claims_no_slot_of_the_object_its_order_names() {
    let scenario = load_scenario(TURRET_CREW, None).unwrap().value;
    let (instance, events) = run(&scenario, 1, 10.0);
    let [turret, gunner, squad] = ["turret", "g", "s"].map(|name| entity(&instance, name));
    let world = &instance.world;
    let of = |npc: Entity, kind: EventKind| {
        events
            .0
            .iter()
            .filter(|(_, e)| e.npc == npc && e.kind == kind)
            .map(|(_, e)| action_name(world, e))
            .collect::<Vec<_>>()
    };
    assert!(
        of(squad, EventKind::ClaimGranted).is_empty(),
        "{:?}",
        events.0
    );
    assert_eq!(
        of(gunner, EventKind::ClaimGranted).len(),
        1,
        "{:?}",
        events.0
    );
    assert_eq!(of(gunner, EventKind::ActionRequested), ["operate"]);
    assert_eq!(of(squad, EventKind::ActionFinished), ["man"]);
    assert!(
        of(squad, EventKind::ActionFailed).is_empty(),
        "{:?}",
        events.0
    );
    assert_eq!(
        world
            .fact(gunner, world.domain().find_attribute("station").unwrap())
            .unwrap()
            .value,
        Value::Entity(turret)
    );
    world.check_claims().unwrap();
}

/// Two squads whose orders await nobody and end together; the first's order ends the squad
/// itself (it disbands).
const DISBANDING: &str = r#"{
  "name": "disbanding", "world": { "seed": 1 }, "simulation": { "step": 0.1, "seconds": 3 },
  "domain": {
    "name": "disbanding",
    "attributes": [ { "name": "done", "type": "bool" }, { "name": "idle", "type": "bool" } ],
    "actions": [
      { "name": "disband", "effects": [ { "key": "done", "set": true }, { "end": true } ],
        "order": { "timeout": 1,
                   "recommend": [ { "goal": "rest", "bias": 1, "required": false } ] } },
      { "name": "hold", "effects": [ { "key": "done", "set": true } ],
        "order": { "timeout": 1,
                   "recommend": [ { "goal": "rest", "bias": 1, "required": false } ] } },
      { "name": "nap", "effects": [ { "key": "idle", "set": true } ] }
    ],
    "goap_goals": [
      { "name": "rest", "relevance": 0,
        "requirements": [ { "key": "idle", "op": "==", "value": true } ] },
      { "name": "finish", "relevance": 1,
        "requirements": [ { "key": "done", "op": "==", "value": true } ] }
    ],
    "archetypes": [
      { "name": "leaving", "squad": {}, "consumes": ["disband"], "goap_goals": ["finish"],
        "state": { "done": false } },
      { "name": "staying", "squad": {}, "consumes": ["hold"], "goap_goals": ["finish"],
        "state": { "done": false } },
      { "name": "unit", "consumes": ["nap"], "supplies": ["nap"], "goap_goals": ["rest"],
        "state": { "idle": true } }
    ]
  },
  "entities": [
    { "name": "u1", "archetype": "unit" }, { "name": "u2", "archetype": "unit" },
    { "name": "a", "archetype": "leaving", "members": ["u1"] },
    { "name": "b", "archetype": "staying", "members": ["u2"] }
  ]
}"#;

/// A squad its own order ends leaves the list of squads while the tick checks their rosters:
/// the squad after it is checked in the same tick all the same.
#[test]
fn a_squad_its_order_ends_does_not_make_the_next_squads_order_wait() {
    let scenario = load_scenario(DISBANDING, None).unwrap().value;
    let (instance, events) = run(&scenario, 1, 3.0);
    let [leaving, staying] = ["a", "b"].map(|name| entity(&instance, name));
    let at = |npc: Entity, kind: EventKind, target: Entity| {
        events
            .0
            .iter()
            .find(|(_, e)| e.npc == npc && e.kind == kind && e.target == target)
            .map(|(t, _)| *t)
            .unwrap_or_else(|| panic!("{kind:?} of {npc:?}: {:?}", events.0))
    };
    assert!(instance.world.kind(leaving).is_err(), "a disbanded");
    assert_eq!(instance.world.squad_count(), 1);
    assert_eq!(
        at(leaving, EventKind::EntityEnded, leaving),
        at(staying, EventKind::ActionFinished, staying),
        "{:?}",
        events.0
    );
}
