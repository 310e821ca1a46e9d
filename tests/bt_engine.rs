//! What a game engine adds to a behaviour-tree NPC, through the path an engine takes
//! (`scenarios/guard_hebt.json` from JSON, the headless simulator performing the actions):
//! targets it writes on the NPC's blackboard, its own conditions and actions as callbacks,
//! layers swapped at run time, and flags broadcast to the sender's groups.

#[path = "common/guard_scenario.rs"]
mod guard_scenario;
#[path = "common/tree_household.rs"]
mod tree_household;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use guard_scenario::{archetype, asked, edited, entity, Requests};
use motive::core::brains::bt::{BtCallbacks, CallPhase, Status};
use motive::core::model::bt::{BtCallbackId, BtTreeId, HintId, HintState};
use motive::core::{Entity, ErrorKind, Value, World};
use motive::domain::Instance;
use motive::sim::Simulator;
use serde_json::json;

/// The guard scenario with a hunter (attacks the `enemy` on its blackboard), a second intruder
/// nearer the hunter than the first, and a sentry (shouts through the engine while it sees the
/// player, patrols otherwise), and two trees to swap in.
fn engine_guards() -> Instance {
    let loaded = edited(|j| {
        let domain = &mut j["domain"];
        push(&mut domain["attributes"], json!({ "name": "enemy", "type": "entity" }));
        for tree in [
            json!({ "name": "hunter", "root": { "loop": { "ignore_failure":
                { "action": "attack", "target": "enemy" } } } }),
            json!({ "name": "sentry", "root": { "loop": { "selector": [
                { "sequence": [ { "precondition": { "ask": "sees_player" } }, { "call": "shout" } ] },
                { "action": "patrol" }
            ] } } }),
            json!({ "name": "caller", "root": { "sequence": [
                { "flag": "announced", "to": "group" },
                { "loop": { "action": "patrol" } }
            ] } }),
            json!({ "name": "rifle_drill", "root": { "action": "pick_up_rifle" } }),
        ] {
            push(&mut domain["behaviour_trees"], tree);
        }
        let mut guard_like = |name: &str, tree: &str| {
            let mut arch = archetype(j, "guard").clone();
            arch["name"] = json!(name);
            arch["behaviour_trees"] = json!([tree]);
            push(&mut j["domain"]["archetypes"], arch);
        };
        guard_like("hunter_guard", "hunter");
        guard_like("sentry_guard", "sentry");
        for entity in [
            json!({ "name": "hunter", "archetype": "hunter_guard", "at": [0, 0, 8] }),
            json!({ "name": "intruder2", "archetype": "intruder", "at": [0, 0, 12] }),
            json!({ "name": "sentry", "archetype": "sentry_guard", "at": [-3, 0, 3] }),
        ] {
            push(&mut j["entities"], entity);
        }
    })
    .unwrap();
    loaded.value.instantiate(None, Some(3)).unwrap()
}

fn push(list: &mut serde_json::Value, item: serde_json::Value) {
    list.as_array_mut().unwrap().push(item);
}

fn attribute(world: &World, name: &str) -> motive::core::AttributeId {
    world.domain().find_attribute(name).unwrap()
}

fn tree(world: &World, name: &str) -> BtTreeId {
    BtTreeId(world.domain().bt_trees().find(name).unwrap())
}

/// Runs `instance` for `seconds` more, adding what was requested to `requests`.
fn run_for(instance: &mut Instance, sim: &mut Simulator, requests: &mut Requests, seconds: f64) {
    sim.run(&mut instance.world, seconds, requests).unwrap();
}

/// The targets of the attacks `npc` was asked to make from request `from` on.
fn attacked(requests: &Requests, npc: Entity, from: usize) -> Vec<Entity> {
    requests.0[from..]
        .iter()
        .filter(|r| r.1 == npc && r.2 == "attack")
        .map(|r| r.3)
        .collect()
}

/// An action leaf with a `target` key attacks the entity the engine wrote there, not the nearest
/// supplier; with no entry, or an entry that does not supply the action, it fails and asks for
/// nothing. A value of the wrong type is refused and the blackboard keeps what it had.
#[test]
fn an_action_leaf_attacks_the_target_on_its_blackboard() {
    let mut instance = engine_guards();
    let (hunter, far, near) = (
        entity(&instance, "hunter"),
        entity(&instance, "intruder"),
        entity(&instance, "intruder2"),
    );
    let cover = entity(&instance, "cover");
    let enemy = attribute(&instance.world, "enemy");
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut requests = Requests::default();

    run_for(&mut instance, &mut sim, &mut requests, 1.0);
    assert!(attacked(&requests, hunter, 0).is_empty(), "no target yet");

    instance
        .world
        .set_bt_blackboard(hunter, enemy, Value::Entity(far))
        .unwrap();
    let from = requests.0.len();
    run_for(&mut instance, &mut sim, &mut requests, 3.0);
    let targets = attacked(&requests, hunter, from);
    assert!(
        targets.len() >= 2 && targets.iter().all(|&t| t == far),
        "the blackboard's intruder, not the nearer one ({near:?}): {targets:?}"
    );

    let err = instance
        .world
        .set_bt_blackboard(hunter, enemy, Value::Number(1.0))
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeMismatch);
    let kept = instance.world.bt_blackboard(hunter, enemy).unwrap();
    assert_eq!(
        kept.value,
        Value::Entity(far),
        "a refused write changes nothing"
    );

    instance
        .world
        .set_bt_blackboard(hunter, enemy, Value::Entity(cover))
        .unwrap();
    run_for(&mut instance, &mut sim, &mut requests, 1.5);
    let from = requests.0.len();
    run_for(&mut instance, &mut sim, &mut requests, 2.0);
    assert!(
        attacked(&requests, hunter, from).is_empty(),
        "a cover spot supplies no attack"
    );

    instance.world.remove_bt_blackboard(hunter, enemy).unwrap();
    assert_eq!(
        instance
            .world
            .bt_blackboard(hunter, enemy)
            .unwrap_err()
            .kind,
        ErrorKind::NotFound
    );
    let guard = entity(&instance, "post");
    assert!(
        instance
            .world
            .set_bt_blackboard(guard, enemy, Value::Entity(far))
            .is_err(),
        "an object has no blackboard"
    );
}

/// What the engine's callbacks saw: (npc, callback, phase).
type Calls = Arc<Mutex<Vec<(Entity, BtCallbackId, CallPhase)>>>;

/// Callbacks answering `sees` for every ask, and for `shout` in progress twice, then done.
fn callbacks(sees: Arc<AtomicBool>, calls: Calls, with_action: bool) -> BtCallbacks {
    let steps = Arc::new(AtomicUsize::new(0));
    let action = move |npc: Entity, id: BtCallbackId, phase: CallPhase| {
        calls.lock().unwrap().push((npc, id, phase));
        match phase {
            CallPhase::Start => {
                steps.store(0, Ordering::SeqCst);
                Status::InProgress
            }
            CallPhase::Step if steps.fetch_add(1, Ordering::SeqCst) < 2 => Status::InProgress,
            CallPhase::Step => Status::Succeeded,
            CallPhase::Stop => Status::InProgress,
        }
    };
    BtCallbacks {
        condition: Some(Arc::new(move |_, _| sees.load(Ordering::SeqCst))),
        action: with_action
            .then(|| -> motive::core::brains::bt::ActionCallback { Arc::new(action) }),
    }
}

/// `ask` tests and `call` leaves run the engine's callbacks with the domain's ids: while the
/// sentry does not see the player it patrols and nothing is called; once it does, `shout` is
/// started, stepped until it answers, and stopped, and the loop starts it again.
#[test]
fn callback_leaves_run_the_engines_conditions_and_actions() {
    let mut instance = engine_guards();
    let sentry = entity(&instance, "sentry");
    let shout = BtCallbackId(
        instance
            .world
            .domain()
            .bt_callbacks()
            .find("shout")
            .unwrap(),
    );
    let (sees, calls) = (Arc::new(AtomicBool::new(false)), Calls::default());
    instance
        .world
        .set_bt_callbacks(callbacks(sees.clone(), calls.clone(), true));
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut requests = Requests::default();

    run_for(&mut instance, &mut sim, &mut requests, 1.5);
    assert!(calls.lock().unwrap().is_empty(), "unseen: no shout");
    assert_eq!(asked(&requests, sentry).first(), Some(&"patrol"));

    sees.store(true, Ordering::SeqCst);
    run_for(&mut instance, &mut sim, &mut requests, 3.0);
    let phases: Vec<CallPhase> = calls
        .lock()
        .unwrap()
        .iter()
        .inspect(|c| assert_eq!((c.0, c.1), (sentry, shout)))
        .map(|c| c.2)
        .collect();
    use CallPhase::{Start, Step, Stop};
    assert_eq!(
        phases[..6],
        [Start, Step, Step, Step, Stop, Start],
        "{phases:?}"
    );
    let patrols = asked(&requests, sentry).len();

    // Without an action callback a call leaf fails, so the selector falls back to patrolling.
    instance
        .world
        .set_bt_callbacks(callbacks(sees, Calls::default(), false));
    run_for(&mut instance, &mut sim, &mut requests, 3.0);
    assert!(asked(&requests, sentry).len() > patrols, "patrols again");
}

/// Swapping a layer replaces it in one step: the coward's COVER+ gives way to the kamikaze's
/// COVER-, and the healthy guard attacks again. An acting tree cannot be swapped in above the
/// base, a base tree must use what the NPC consumes, and an NPC with no layer has none to swap:
/// each refusal leaves the layers as they were.
#[test]
fn a_swapped_layer_takes_over_and_refusals_change_nothing() {
    let scenario = guard_scenario::guards().with_variant("coward").unwrap();
    let mut instance = scenario.instantiate(None, Some(3)).unwrap();
    let guard = entity(&instance, "guard");
    let world = &mut instance.world;
    let cover = HintId(world.domain().hints().find("COVER").unwrap());
    let (kamikaze, base) = (tree(world, "kamikaze"), tree(world, "guard"));
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut requests = Requests::default();
    run_for(&mut instance, &mut sim, &mut requests, 2.0);
    assert_eq!(asked(&requests, guard).last(), Some(&"take_cover"));

    let world = &mut instance.world;
    world.swap_bt_layer(guard, kamikaze).unwrap();
    let from = requests.0.len();
    run_for(&mut instance, &mut sim, &mut requests, 3.0);
    let after: Vec<&str> = requests.0[from..]
        .iter()
        .filter(|r| r.1 == guard)
        .map(|r| r.2.as_str())
        .collect();
    assert!(
        after.len() >= 2 && after[1..].iter().all(|&a| a == "attack"),
        "{after:?}"
    );
    let world = &mut instance.world;
    assert_eq!(world.bt_hint(guard, 1, cover).unwrap(), HintState::Negative);

    let layers = |w: &World| w.bt_mind(guard).unwrap().layers.len();
    assert!(
        world.swap_bt_layer(guard, base).is_err(),
        "an acting tree above the base"
    );
    assert_eq!(layers(world), 2);
    assert_eq!(world.bt_hint(guard, 1, cover).unwrap(), HintState::Negative);

    world.clear_bt_layers(guard).unwrap();
    assert_eq!(
        world.swap_bt_layer(guard, kamikaze).unwrap_err().kind,
        ErrorKind::NotFound
    );
}

/// A base tree that performs an action the NPC does not consume is refused, pushed or swapped.
#[test]
fn a_base_tree_must_use_what_the_npc_consumes() {
    let mut instance = engine_guards();
    let guard = entity(&instance, "guard");
    let world = &mut instance.world;
    let drill = tree(world, "rifle_drill");
    let err = world.swap_bt_layer(guard, drill).unwrap_err();
    assert!(err.message.contains("pick_up_rifle"), "{}", err.message);
    assert_eq!(world.bt_mind(guard).unwrap().layers.len(), 1);
    world.clear_bt_layers(guard).unwrap();
    assert!(world.push_bt_layer(guard, drill).is_err());
    assert_eq!(world.bt_mind(guard).unwrap().layers.len(), 0);
}

/// A flag sent `to: group` reaches every member of the sender's groups and no one else; a
/// sender in no group writes only its own blackboard.
#[test]
fn group_flags_reach_the_senders_groups_only() {
    let mut instance = engine_guards();
    let (guard, guard2, hurt) = (
        entity(&instance, "guard"),
        entity(&instance, "guard2"),
        entity(&instance, "hurt_guard"),
    );
    let world = &mut instance.world;
    let (caller, coward) = (tree(world, "caller"), tree(world, "coward"));
    let announced = attribute(world, "announced");
    world.swap_bt_layer(hurt, caller).unwrap();
    world.think_now(hurt).unwrap();
    let flag = |w: &World, npc| w.bt_mind(npc).unwrap().blackboard.get(announced).is_some();
    assert!(flag(world, hurt), "its own");
    assert!(!flag(world, guard) && !flag(world, guard2), "in no group");

    let group = world.create_bt_group(coward).unwrap();
    world.add_bt_group_member(group, guard).unwrap();
    world.add_bt_group_member(group, hurt).unwrap();
    world.swap_bt_layer(hurt, caller).unwrap();
    world.think_now(hurt).unwrap();
    assert!(flag(world, guard), "a member of its group");
    assert!(!flag(world, guard2), "not in its group");
}

/// A plan leaf hands a UDGOAP goal to the utility planner (`"planner": "udgoap"`): a household
/// resident driven by a tree that, in turn, plans to eat and plans to sleep. Each leaf plans
/// from what the NPC perceives, performs the plan through the event protocol, and the next
/// starts when it is done: hunger and energy rise from 0, in that order, and the walk to the
/// bed comes after the meal. A goal that holds already needs no step: the leaf succeeds.
#[test]
fn a_plan_leaf_hands_a_udgoap_goal_to_the_utility_planner() {
    let mut json = tree_household::tree_household();
    let load = |json: &serde_json::Value| {
        let scenario = motive::domain::load_scenario(&json.to_string(), None);
        scenario.unwrap().value.instantiate(None, Some(1)).unwrap()
    };
    let mut instance = load(&json);
    let resident = entity(&instance, "resident");
    let (hunger, energy) = (
        attribute(&instance.world, "hunger"),
        attribute(&instance.world, "energy"),
    );
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut requests = Requests::default();
    let number = |w: &World, a| match w.fact(resident, a).unwrap().value {
        Value::Number(n) => n,
        other => panic!("{other:?}"),
    };
    run_for(&mut instance, &mut sim, &mut requests, 60.0);
    let done = asked(&requests, resident);
    let ate = done.iter().position(|a| a.starts_with("eat_"));
    let slept = done.iter().position(|&a| a == "sleep_in_bed");
    assert!(
        matches!((ate, slept), (Some(a), Some(s)) if a < s),
        "eat, then sleep: {done:?}"
    );
    assert!(number(&instance.world, hunger) > 50.0 && number(&instance.world, energy) > 50.0);
    let decision = instance.world.bt_mind(resident).unwrap();
    assert!(decision.planner.is_some(), "its planning memory is kept");

    // Fed already (and no longer getting hungry): the first leaf needs no step, and the
    // resident goes straight to bed.
    let entities = json["entities"].as_array_mut().unwrap();
    entities.last_mut().unwrap()["facts"]["hunger"] = json!(100);
    let archetypes = json["domain"]["archetypes"].as_array_mut().unwrap();
    archetypes.last_mut().unwrap()["needs"] = json!([]);
    let mut instance = load(&json);
    let resident = entity(&instance, "resident");
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut requests = Requests::default();
    run_for(&mut instance, &mut sim, &mut requests, 20.0);
    let done = asked(&requests, resident);
    let first_use = done.iter().find(|&&a| a != "goto");
    assert_eq!(first_use, Some(&"sleep_in_bed"), "{done:?}");
}

/// A destroyed NPC's running call leaf hears `Stop` (the engine ends what it started), and an
/// archetype whose tree acts only through engine callbacks still makes NPCs, not objects.
#[test]
fn destroying_an_npc_stops_its_call_leaves_and_callback_only_trees_make_npcs() {
    let mut instance = engine_guards();
    let sentry = entity(&instance, "sentry");
    let (sees, calls) = (Arc::new(AtomicBool::new(true)), Calls::default());
    instance
        .world
        .set_bt_callbacks(callbacks(sees, calls.clone(), true));
    instance.world.think_now(sentry).unwrap();
    assert_eq!(
        calls.lock().unwrap().last().map(|c| c.2),
        Some(CallPhase::Start)
    );
    instance
        .world
        .destroy(sentry, motive::core::EntityKind::Npc)
        .unwrap();
    assert_eq!(
        calls.lock().unwrap().last().map(|c| c.2),
        Some(CallPhase::Stop)
    );

    let loaded = edited(|j| {
        push(
            &mut j["domain"]["behaviour_trees"],
            json!({ "name": "taunter", "root": { "loop": { "call": "taunt" } } }),
        );
        push(
            &mut j["domain"]["archetypes"],
            json!({ "name": "taunter", "brain": "bt", "behaviour_trees": ["taunter"] }),
        );
        push(
            &mut j["entities"],
            json!({ "name": "taunter", "archetype": "taunter", "at": [1, 0, 1] }),
        );
    })
    .unwrap();
    let instance = loaded.value.instantiate(None, Some(3)).unwrap();
    let taunter = entity(&instance, "taunter");
    assert_eq!(
        instance.world.kind(taunter).unwrap(),
        motive::core::EntityKind::Npc
    );
    assert!(instance.world.bt_mind(taunter).is_ok());
}

/// A domain that names no play style still has PaSSAGE's five at run time, so the engine can
/// give a group adaptive trees on any domain.
#[test]
fn every_domain_has_play_styles_for_adaptive_groups() {
    let mut instance = engine_guards();
    let world = &mut instance.world;
    assert_eq!(world.domain().player_styles().len(), 5);
    let coward = tree(world, "coward");
    let group = world.create_bt_group(tree(world, "kamikaze")).unwrap();
    let fighter = motive::core::model::player_style::StyleId(0);
    world
        .add_bt_group_adaptive_layer(group, coward, &[(fighter, 1.0)])
        .unwrap();
}
