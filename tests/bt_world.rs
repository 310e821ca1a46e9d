//! The behaviour-tree brain in a world, through the path a user takes: `scenarios/guard_hebt.json`
//! loaded from JSON, run by the headless simulator, actions requested through the event
//! protocol and timed by motive. Ocio's guard (002_37948445dded21f3.txt, ch. 14) covers when
//! hurt, attacks an enemy it sees, patrols otherwise; the kamikaze layer (COVER-, L3765-3782)
//! and the coward layer (COVER+ with the hint condition, L3800-3806) re-order it without
//! touching it.

#[path = "common/guard_scenario.rs"]
mod guard_scenario;

use guard_scenario::{archetype, asked, edited, entity, guards, run, Requests};
use motive::core::brains::Brain;
use motive::core::{Entity, Value, World};
use motive::domain::Instance;
use motive::sim::Simulator;

#[test]
fn the_base_guard_attacks_when_well_and_covers_when_hurt() {
    let (instance, requests) = run(&guards(), 5.0);
    let guard = entity(&instance, "guard");
    let hurt = entity(&instance, "hurt_guard");
    assert_eq!(instance.world.mind(guard).unwrap().brain.kind(), Brain::Bt);
    let (g, h) = (asked(&requests, guard), asked(&requests, hurt));
    assert!(g.len() >= 3 && g.iter().all(|&a| a == "attack"), "{g:?}");
    assert!(
        h.len() >= 3 && h.iter().all(|&a| a == "take_cover"),
        "{h:?}"
    );
}

#[test]
fn the_kamikaze_layer_attacks_although_hurt() {
    let (instance, requests) = run(&guards().with_variant("kamikaze").unwrap(), 5.0);
    let hurt = asked(&requests, entity(&instance, "hurt_guard"));
    assert!(
        hurt.len() >= 3 && hurt.iter().all(|&a| a == "attack"),
        "{hurt:?}"
    );
}

#[test]
fn the_coward_layer_covers_although_well() {
    let (instance, requests) = run(&guards().with_variant("coward").unwrap(), 5.0);
    let guard = asked(&requests, entity(&instance, "guard"));
    assert!(
        guard.len() >= 3 && guard.iter().all(|&a| a == "take_cover"),
        "{guard:?}"
    );
}

/// Conditions read the world's facts each step: once the enemy is out of sight, the attack
/// branch's precondition fails and the guard patrols.
#[test]
fn conditions_follow_the_facts_as_they_change() {
    let mut instance = guards().instantiate(None, Some(3)).unwrap();
    let guard = entity(&instance, "guard");
    let enemy_visible = instance
        .world
        .domain()
        .find_attribute("enemy_visible")
        .unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut requests = Requests::default();
    sim.run(&mut instance.world, 2.0, &mut requests).unwrap();
    instance
        .world
        .set_fact(guard, enemy_visible, Value::Bool(false))
        .unwrap();
    sim.run(&mut instance.world, 3.0, &mut requests).unwrap();
    let asked = asked(&requests, guard);
    let last = asked.last().copied();
    assert_eq!(asked.first().copied(), Some("attack"));
    assert_eq!(
        last,
        Some("patrol"),
        "no enemy: the guard patrols ({asked:?})"
    );
}

#[test]
fn layers_must_hint_and_trees_must_be_whole() {
    // A layer that acts above the base tree.
    let err = edited(|j| {
        archetype(j, "kamikaze_guard")["behaviour_trees"] = serde_json::json!(["guard", "guard"])
    })
    .expect_err("refused");
    assert!(
        err.diagnostics
            .iter()
            .any(|d| d.path == "/domain/archetypes/2/behaviour_trees"
                && d.message.contains("base layer")),
        "{:?}",
        err.diagnostics
    );
    // An empty selector.
    let err = edited(|j| {
        j["domain"]["behaviour_trees"][1]["root"] = serde_json::json!({ "selector": [] })
    })
    .expect_err("refused");
    assert!(
        err.diagnostics[0].message.contains("no children"),
        "{:?}",
        err.diagnostics
    );
    // A flag that is not a bool attribute.
    let err = edited(|j| {
        j["domain"]["behaviour_trees"][1]["root"] = serde_json::json!({ "flag": "health" })
    })
    .expect_err("refused");
    assert!(
        err.diagnostics[0].message.contains("bool"),
        "{:?}",
        err.diagnostics
    );
    // A hint the layer below never exposes is a warning.
    let loaded = edited(|j| {
        j["domain"]["behaviour_trees"][1]["root"] =
            serde_json::json!({ "loop": { "hint": "HIDE", "state": "negative" } })
    })
    .unwrap();
    assert!(
        loaded
            .warnings
            .iter()
            .any(|w| w.message.contains("\"HIDE\"")),
        "{:?}",
        loaded.warnings
    );
    // A parallel in a high-level layer is a warning (L2910-2917).
    let loaded = edited(|j| {
        j["domain"]["behaviour_trees"][1]["root"] = serde_json::json!({ "parallel": [
            { "loop": { "hint": "COVER", "state": "negative" } },
            { "loop": { "hint": "COVER", "state": "positive" } }
        ] })
    })
    .unwrap();
    assert!(
        loaded
            .warnings
            .iter()
            .any(|w| w.message.contains("parallel")),
        "{:?}",
        loaded.warnings
    );
}

/// The disguise layer (L4765-4933), flags between NPCs: when one guard dies it tells everyone
/// the player is disguised, and the other patrols past the intruder (PATROL+) until it is hurt,
/// when it tells everyone the disguise is blown and attacks again. Checked phase by phase.
#[test]
fn the_disguise_layer_broadcasts_flags_that_reorder_the_others() {
    let scenario = guards().with_variant("disguise").unwrap();
    let mut instance = scenario.instantiate(None, Some(3)).unwrap();
    let (guard, guard2) = (entity(&instance, "guard"), entity(&instance, "guard2"));
    let attribute = |name: &str| instance.world.domain().find_attribute(name).unwrap();
    let (alive, damaged) = (attribute("alive"), attribute("damaged"));
    let disguised = attribute("player_disguised");
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut requests = Requests::default();
    let mut phase = |instance: &mut Instance, requests: &mut Requests| {
        let before = requests.0.len();
        sim.run(&mut instance.world, 3.0, requests).unwrap();
        let mine: Vec<String> = requests.0[before..]
            .iter()
            .filter(|r| r.1 == guard)
            .map(|r| r.2.clone())
            .collect();
        mine
    };
    let flag = |instance: &Instance| {
        let bt = instance.world.bt_mind(guard).unwrap();
        bt.blackboard.get(disguised).is_some()
    };
    let first = phase(&mut instance, &mut requests);
    assert!(
        first.iter().all(|a| a == "attack") && !flag(&instance),
        "{first:?}"
    );
    instance
        .world
        .set_fact(guard2, alive, Value::Bool(false))
        .unwrap();
    let disguise = phase(&mut instance, &mut requests);
    assert!(flag(&instance), "guard2's death was broadcast");
    assert_eq!(
        disguise.last().map(String::as_str),
        Some("patrol"),
        "{disguise:?}"
    );
    assert!(
        !disguise.iter().skip(1).any(|a| a == "attack"),
        "{disguise:?}"
    );
    instance
        .world
        .set_fact(guard, damaged, Value::Bool(true))
        .unwrap();
    let blown = phase(&mut instance, &mut requests);
    assert!(!flag(&instance), "the hurt guard told everyone");
    assert_eq!(
        blown.last().map(String::as_str),
        Some("attack"),
        "{blown:?}"
    );
}

/// A plan leaf: GOAP works out how to get armed (one step: the rifle rack), the tree performs
/// the plan as the leaf's body, then attacks.
#[test]
fn a_plan_leaf_hands_a_goal_to_goap_and_performs_the_plan() {
    let (instance, requests) = run(&guards().with_variant("planner").unwrap(), 5.0);
    let guard = asked(&requests, entity(&instance, "guard"));
    assert_eq!(guard.first().copied(), Some("pick_up_rifle"), "{guard:?}");
    assert!(
        guard.len() >= 3 && guard[1..].iter().all(|&a| a == "attack"),
        "{guard:?}"
    );
    let armed = instance.world.domain().find_attribute("armed").unwrap();
    let fact = instance
        .world
        .fact(entity(&instance, "guard"), armed)
        .unwrap();
    assert_eq!(fact.value, Value::Bool(true));
}

/// Group layers (L5006-5022): one high-level tree hinting every member's top layer. The coward
/// tree leads both healthy guards to cover; a guard that leaves the group attacks again, and
/// destroying the group frees the other. Bad requests are refused with nothing changed.
#[test]
fn a_group_layer_hints_every_member_and_lets_go() {
    use motive::core::model::bt::BtTreeId;
    use motive::core::ErrorKind;
    let mut instance = guards().instantiate(None, Some(3)).unwrap();
    let (guard, guard2) = (entity(&instance, "guard"), entity(&instance, "guard2"));
    let tree = |world: &World, name: &str| BtTreeId(world.domain().bt_trees().find(name).unwrap());
    let (coward, base) = (
        tree(&instance.world, "coward"),
        tree(&instance.world, "guard"),
    );
    let world = &mut instance.world;
    assert!(
        world.create_bt_group(base).is_err(),
        "a tree that acts cannot lead a group"
    );
    let group = world.create_bt_group(coward).unwrap();
    world.add_bt_group_member(group, guard).unwrap();
    world.add_bt_group_member(group, guard2).unwrap();
    world.add_bt_group_member(group, guard2).unwrap();
    assert_eq!(world.bt_group_members(group).unwrap(), [guard, guard2]);
    let post = entity(&instance, "post");
    assert!(
        instance.world.add_bt_group_member(group, post).is_err(),
        "an object"
    );
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut requests = Requests::default();
    let mut phase = |instance: &mut Instance, requests: &mut Requests, npc: Entity| {
        let before = requests.0.len();
        sim.run(&mut instance.world, 3.0, requests).unwrap();
        let last = requests.0[before..].iter().rev().find(|r| r.1 == npc);
        last.map(|r| r.2.clone())
    };
    assert_eq!(
        phase(&mut instance, &mut requests, guard).as_deref(),
        Some("take_cover")
    );
    let cover = instance.world.domain().hints().find("COVER").unwrap();
    let hint = |world: &World, npc| world.bt_hint(npc, 0, motive::core::model::bt::HintId(cover));
    assert_eq!(
        hint(&instance.world, guard2).unwrap(),
        motive::core::model::bt::HintState::Positive
    );
    instance
        .world
        .remove_bt_group_member(group, guard2)
        .unwrap();
    assert_eq!(
        instance
            .world
            .remove_bt_group_member(group, guard2)
            .unwrap_err()
            .kind,
        ErrorKind::NotFound
    );
    assert_eq!(
        phase(&mut instance, &mut requests, guard2).as_deref(),
        Some("attack")
    );
    assert_eq!(
        phase(&mut instance, &mut requests, guard).as_deref(),
        Some("take_cover")
    );
    instance.world.destroy_bt_group(group).unwrap();
    assert_eq!(
        phase(&mut instance, &mut requests, guard).as_deref(),
        Some("attack")
    );
    assert_eq!(
        instance.world.bt_group_members(group).unwrap_err().kind,
        ErrorKind::StaleHandle
    );
}

/// Hints are interned on first mention, so a misspelt one is a new hint: lint reports a hint a
/// tree sends that no tree exposes, and one a tree tests that no tree sends, each with the
/// nearest name of the other side.
#[test]
fn misspelt_hints_are_reported_with_a_suggestion() {
    let loaded = edited(|j| {
        j["domain"]["behaviour_trees"][1]["root"] =
            serde_json::json!({ "loop": { "hint": "COVR", "state": "negative" } })
    })
    .unwrap();
    let sends = loaded
        .warnings
        .iter()
        .find(|w| w.message.contains("\"COVR\", which no tree exposes"))
        .unwrap_or_else(|| panic!("{:?}", loaded.warnings));
    assert_eq!(sends.path, "/domain/behaviour_trees/1");
    assert!(
        sends.message.contains("did you mean \"COVER\""),
        "{}",
        sends.message
    );

    let loaded = edited(|j| {
        j["domain"]["behaviour_trees"][0]["root"]["conditional_loop"]["do"]["selector"][0]["do"]
            ["sequence"][0]["precondition"]["any"][1] = serde_json::json!({ "hint": "COWER" })
    })
    .unwrap();
    let tests = loaded
        .warnings
        .iter()
        .find(|w| {
            w.message
                .contains("tests hint \"COWER\", which no tree sends")
        })
        .unwrap_or_else(|| panic!("{:?}", loaded.warnings));
    assert_eq!(tests.path, "/domain/behaviour_trees/0");
    assert!(
        tests.message.contains("did you mean \"COVER\""),
        "{}",
        tests.message
    );
}

/// Two actions under a parallel are an error of the tree, which clears the stack; the action
/// the parallel had started must stop with it. It ran on, holding the NPC's one action, so
/// every tree pushed afterwards failed at its first action and was cleared in turn: the guard
/// never acted again.
#[test]
fn a_parallel_that_errs_leaves_the_npc_free_to_run_the_next_tree() {
    let scenario = edited(|json| {
        let trees = json["domain"]["behaviour_trees"].as_array_mut().unwrap();
        trees.push(
            serde_json::json!({ "name": "two_at_once", "root": { "parallel": [
            { "action": "patrol" }, { "action": "attack" } ] } }),
        );
        trees.push(
            serde_json::json!({ "name": "patroller", "root": { "loop": { "action": "patrol" } } }),
        );
    })
    .unwrap()
    .value;
    let mut instance = scenario.instantiate(None, Some(3)).unwrap();
    let guard = entity(&instance, "guard");
    let world = &mut instance.world;
    let tree = |world: &World, name: &str| {
        motive::core::model::bt::BtTreeId(world.domain().bt_trees().find(name).unwrap())
    };
    world.clear_bt_layers(guard).unwrap();
    world
        .push_bt_layer(guard, tree(world, "two_at_once"))
        .unwrap();
    world.think_now(guard).unwrap();
    assert!(
        world.bt_mind(guard).unwrap().layers.is_empty(),
        "the error cleared the stack"
    );
    assert!(
        world.mind(guard).unwrap().running.is_none(),
        "and stopped its action"
    );
    world
        .push_bt_layer(guard, tree(world, "patroller"))
        .unwrap();
    world.think_now(guard).unwrap();
    assert_eq!(
        world.bt_mind(guard).unwrap().layers.len(),
        1,
        "the patroller runs"
    );
    let patrol = world.domain().actions().find("patrol").unwrap();
    let running = world.mind(guard).unwrap().running.map(|r| r.step.action.0);
    assert_eq!(running, Some(patrol));
}
