//! Joint actions in a world: the rusty lever of the AI-for-games book (001_3e3461db8de0826f.txt:
//! 907-909): three slots, two required; users wait in their slots until the required ones are
//! filled, give up after a timeout, and every user gets every event of the performance.

use std::sync::Arc;

#[path = "common/claim_sequences.rs"]
mod claim_sequences;
#[path = "common/walk_up.rs"]
mod walk_up;
use claim_sequences::{npcs_and_objects, report_one, run_claim_sequences};
use motive::core::model::rng::WorldRng;
use walk_up::{walk_up_then, WalkUp};

use motive::core::model::action::{ActionDuration, ActionId, Planning};
use motive::core::model::archetype::ArchetypeId;
use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
use motive::core::model::domain::DomainBuilder;
use motive::core::model::effect::{Effect, EffectOp};
use motive::core::model::goap::Relevance;
use motive::core::model::smart_object::{ClaimPriority, Contention, JointAction, SlotDef};
use motive::core::world::actions::ActionOutcome;
use motive::core::world::event::{Event, EventKind, NO_SLOT};
use motive::core::{
    AttributeId, Domain, Entity, EntityKind, ErrorKind, Value, ValueType, Vec3, World, WorldConfig,
};

/// Seconds a user waits at the lever.
const TIMEOUT: f64 = 3.0;

/// A rusty lever (slots: required, required, optional) and pullers who walk to it and pull.
struct Lever {
    /// What built `domain`, for authoring tests.
    builder: DomainBuilder,
    /// Supplies `pull` with one optional slot: it cannot make it joint.
    crank: ArchetypeId,
    domain: Arc<Domain>,
    lever: ArchetypeId,
    puller: ArchetypeId,
    goto: ActionId,
    pull: ActionId,
    pulled: AttributeId,
    moved: AttributeId,
}

/// `duration` is the pull's; `chance` the joint action's chances by optional users.
fn rusty_lever(duration: ActionDuration, chance: Vec<f64>) -> Lever {
    let mut b = DomainBuilder::new();
    let WalkUp { goto, action: pull } = walk_up_then(&mut b, "pull");
    let pulled = b.add_attribute("pulled", ValueType::Bool).unwrap();
    let moved = b.add_attribute("moved", ValueType::Number).unwrap();
    // Each user has pulled; the lever moves once per performance, however many pull it.
    b.add_effect(
        pull,
        Effect {
            role: Role::Consumer,
            op: EffectOp::Set(pulled, Operand::Constant(Value::Bool(true))),
        },
    )
    .unwrap();
    b.add_effect(
        pull,
        Effect {
            role: Role::Supplier,
            op: EffectOp::Add(moved, Operand::Constant(Value::Number(1.0))),
        },
    )
    .unwrap();
    b.set_action_duration(pull, duration).unwrap();
    for a in [goto, pull] {
        b.set_action_planning(a, Planning::default()).unwrap();
    }
    // Below 1, so that a test's own goal may come first.
    let goal = b.add_goap_goal("pull", 1, Relevance::Fixed(0.5)).unwrap();
    b.add_goap_requirement(
        goal,
        Condition::Compare {
            role: Role::Consumer,
            attribute: pulled,
            op: CmpOp::Eq,
            rhs: Operand::Constant(Value::Bool(true)),
        },
    )
    .unwrap();
    let puller = b.add_archetype("puller").unwrap();
    b.add_consumed_action(puller, goto).unwrap();
    b.add_consumed_action(puller, pull).unwrap();
    b.add_archetype_goap_goal(puller, goal).unwrap();
    let lever = b.add_archetype("rusty_lever").unwrap();
    b.add_supplied_action(lever, goto).unwrap();
    b.add_supplied_action(lever, pull).unwrap();
    b.set_archetype_state(lever, moved, Value::Number(0.0))
        .unwrap();
    // The optional slot first: users still take the required ones first.
    b.add_slot(lever, SlotDef::default()).unwrap();
    for _ in 0..2 {
        let required = SlotDef {
            required: true,
            ..SlotDef::default()
        };
        b.add_slot(lever, required).unwrap();
    }
    b.set_joint_action(
        lever,
        JointAction {
            action: pull,
            timeout: TIMEOUT,
            chance,
        },
    )
    .unwrap();
    let crank = b.add_archetype("crank").unwrap();
    b.add_supplied_action(crank, pull).unwrap();
    b.add_slot(crank, SlotDef::default()).unwrap();
    Lever {
        domain: b.build().unwrap(),
        builder: b,
        crank,
        lever,
        puller,
        goto,
        pull,
        pulled,
        moved,
    }
}

fn world(lever: &Lever, seed: u64) -> World {
    let config = WorldConfig {
        seed,
        ..WorldConfig::default()
    };
    World::new(lever.domain.clone(), config).unwrap()
}

fn drain(world: &mut World) -> Vec<Event> {
    let mut events = Vec::new();
    world.drain_events(&mut events);
    events
}

fn of(events: &[Event], npc: Entity, kind: EventKind) -> Vec<Event> {
    events
        .iter()
        .filter(|e| e.npc == npc && e.kind == kind)
        .copied()
        .collect()
}

/// Spawns `n` pullers and ticks until each has been asked to walk to the lever (claiming a
/// slot); returns them with their walk requests.
fn walking(lever: &Lever, w: &mut World, n: usize) -> Vec<(Entity, Event)> {
    let users: Vec<Entity> = (0..n)
        .map(|_| w.spawn(lever.puller, Vec3::default()).unwrap())
        .collect();
    let events = half_a_second(w);
    users
        .into_iter()
        .map(|u| {
            let walk = of(&events, u, EventKind::ActionRequested);
            assert_eq!(walk.len(), 1, "{u:?} walks: {events:?}");
            assert_eq!(walk[0].action, Some(lever.goto));
            (u, walk[0])
        })
        .collect()
}

/// Five ticks of 0.1 s, and the events they raised.
fn half_a_second(w: &mut World) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..5 {
        w.tick(0.1).unwrap();
        events.extend(drain(w));
    }
    events
}

/// Reports `user`'s walk done: it arrives at its slot.
fn arrive(w: &mut World, (user, walk): (Entity, Event)) -> Vec<Event> {
    w.report_action(user, walk.request, ActionOutcome::Succeeded)
        .unwrap();
    drain(w)
}

fn moved(lever: &Lever, w: &World, object: Entity) -> f64 {
    match w.fact(object, lever.moved).unwrap().value {
        Value::Number(n) => n,
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_required_slots_start_the_lever_and_every_user_gets_the_events() {
    let lever = rusty_lever(ActionDuration::Engine, Vec::new());
    let mut w = world(&lever, 1);
    let object = w.spawn(lever.lever, Vec3::default()).unwrap();
    let users = walking(&lever, &mut w, 2);
    let slots: Vec<u32> = users
        .iter()
        .map(|(u, _)| w.claims(*u).unwrap()[0].slot)
        .collect();
    let mut sorted = slots.clone();
    sorted.sort();
    assert_eq!(sorted, [1, 2], "required slots are taken first");

    // The first to arrive waits in its slot; nothing is requested yet.
    let first = arrive(&mut w, users[0]);
    let waiting = of(&first, users[0].0, EventKind::ActionWaiting);
    assert_eq!(waiting.len(), 1, "{first:?}");
    assert_eq!(
        (waiting[0].action, waiting[0].slot),
        (Some(lever.pull), slots[0])
    );
    assert!(of(&first, users[0].0, EventKind::ActionRequested).is_empty());
    assert!(w.slots(object).unwrap()[slots[0] as usize].in_use);
    for _ in 0..10 {
        w.tick(0.1).unwrap();
    }
    assert!(drain(&mut w).is_empty(), "waiting quietly");

    // The second fills the required slots: both are asked at once, with one request.
    let second = arrive(&mut w, users[1]);
    let requested: Vec<Event> = second
        .iter()
        .filter(|e| e.kind == EventKind::ActionRequested)
        .copied()
        .collect();
    assert_eq!(requested.len(), 2, "{second:?}");
    assert_eq!(of(&second, users[1].0, EventKind::ActionWaiting).len(), 1);
    let request = requested[0].request;
    assert_eq!(requested[1].request, request);
    assert_eq!(request, waiting[0].request, "the request of the wait");
    for (user, slot) in users.iter().zip(&slots) {
        let mine = of(&requested, user.0, EventKind::ActionRequested);
        assert_eq!((mine[0].slot, mine[0].action), (*slot, Some(lever.pull)));
    }

    // One report, through either user, ends it for both; the lever moves once.
    w.report_action(users[0].0, request, ActionOutcome::Succeeded)
        .unwrap();
    let err = w
        .report_action(users[1].0, request, ActionOutcome::Succeeded)
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::NotFound, "already reported");
    assert_eq!(moved(&lever, &w, object), 1.0);
    for (user, _) in &users {
        assert_eq!(
            w.fact(*user, lever.pulled).unwrap().value,
            Value::Bool(true)
        );
        assert!(w.claims(*user).unwrap().is_empty());
    }
    assert!(w.slots(object).unwrap().iter().all(|s| s.holder.is_null()));
    w.check_claims().unwrap();
}

#[test]
fn a_timed_performance_runs_on_the_leaders_clock_and_moves_the_lever_once() {
    let lever = rusty_lever(ActionDuration::Seconds(1.0), Vec::new());
    let mut w = world(&lever, 2);
    let object = w.spawn(lever.lever, Vec3::default()).unwrap();
    let users = walking(&lever, &mut w, 2);
    arrive(&mut w, users[0]);
    arrive(&mut w, users[1]);
    let mut events = Vec::new();
    for _ in 0..12 {
        w.tick(0.1).unwrap();
        events.extend(drain(&mut w));
    }
    for (user, _) in &users {
        let finished = of(&events, *user, EventKind::ActionFinished);
        assert_eq!(finished.len(), 1, "{events:?}");
        assert_eq!(finished[0].action, Some(lever.pull));
    }
    assert!(
        (moved(&lever, &w, object) - 1.0).abs() < 1e-9,
        "accrued once: {}",
        moved(&lever, &w, object)
    );
    w.check_claims().unwrap();
}

#[test]
fn a_lone_user_gives_up_after_the_timeout() {
    let lever = rusty_lever(ActionDuration::Engine, Vec::new());
    let mut w = world(&lever, 3);
    let object = w.spawn(lever.lever, Vec3::default()).unwrap();
    let users = walking(&lever, &mut w, 1);
    let (user, _) = users[0];
    let slot = w.claims(user).unwrap()[0].slot;
    arrive(&mut w, users[0]);
    let start = w.time();
    let mut timed_out = None;
    while w.time() < start + TIMEOUT + 1.0 {
        w.tick(0.1).unwrap();
        let events = drain(&mut w);
        if let Some(e) = of(&events, user, EventKind::ActionTimedOut).first() {
            timed_out = Some((w.time(), *e));
            break;
        }
        assert!(of(&events, user, EventKind::ActionRequested).is_empty());
    }
    let (at, event) = timed_out.expect("timed out");
    assert!(
        at >= start + TIMEOUT - 1e-9 && at < start + TIMEOUT + 0.1 + 1e-9,
        "{at}"
    );
    assert_eq!((event.action, event.slot), (Some(lever.pull), slot));
    assert!(
        w.slots(object).unwrap()[slot as usize].holder.is_null(),
        "it left the slot"
    );
    assert!(w.mind(user).unwrap().running.is_none());
    w.check_claims().unwrap();
}

#[test]
fn one_user_leaving_ends_the_performance_for_all_and_latecomers_cannot_join() {
    let lever = rusty_lever(ActionDuration::Engine, Vec::new());
    let mut w = world(&lever, 4);
    let object = w.spawn(lever.lever, Vec3::default()).unwrap();
    let users = walking(&lever, &mut w, 3);
    // The two required slots' holders arrive; the optional one is still walking.
    let optional = users
        .iter()
        .position(|(u, _)| w.claims(*u).unwrap()[0].slot == 0)
        .expect("the third takes the optional slot");
    let required: Vec<_> = (0..3).filter(|&i| i != optional).collect();
    arrive(&mut w, users[required[0]]);
    let started = arrive(&mut w, users[required[1]]);
    let request = started
        .iter()
        .find(|e| e.kind == EventKind::ActionRequested)
        .unwrap()
        .request;
    let late = arrive(&mut w, users[optional]);
    let (latecomer, _) = users[optional];
    assert_eq!(
        of(&late, latecomer, EventKind::PlanInvalid).len(),
        1,
        "{late:?}"
    );
    assert!(of(&late, latecomer, EventKind::ActionWaiting).is_empty());
    assert!(w.slots(object).unwrap()[0].holder.is_null());

    // One of the two is destroyed mid-pull: the other is cancelled and replans.
    let (gone, stays) = (users[required[0]].0, users[required[1]].0);
    w.destroy(gone, EntityKind::Npc).unwrap();
    let events = drain(&mut w);
    let cancelled = of(&events, stays, EventKind::ActionCancelled);
    assert_eq!(cancelled.len(), 1, "{events:?}");
    assert_eq!(
        (cancelled[0].request, cancelled[0].action),
        (request, Some(lever.pull))
    );
    assert!(w.mind(stays).unwrap().running.is_none());
    assert_eq!(moved(&lever, &w, object), 0.0);
    let err = w
        .report_action(stays, request, ActionOutcome::Succeeded)
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::NotFound);
    w.check_claims().unwrap();
}

#[test]
fn a_failure_reported_through_a_helper_fails_every_user() {
    let lever = rusty_lever(ActionDuration::Engine, Vec::new());
    let mut w = world(&lever, 5);
    let object = w.spawn(lever.lever, Vec3::default()).unwrap();
    let users = walking(&lever, &mut w, 2);
    arrive(&mut w, users[0]);
    let started = arrive(&mut w, users[1]);
    let request = of(&started, users[0].0, EventKind::ActionRequested)[0].request;
    // users[1] completed the required slots, so it leads and users[0] helps.
    w.report_action(users[0].0, request, ActionOutcome::Failed)
        .unwrap();
    let events = drain(&mut w);
    for (user, _) in &users {
        let failed = of(&events, *user, EventKind::ActionFailed);
        assert_eq!(failed.len(), 1, "{events:?}");
        assert_ne!(failed[0].slot, NO_SLOT);
        assert!(w.mind(*user).unwrap().running.is_none());
        assert!(w.fact(*user, lever.pulled).is_err(), "no effects");
    }
    assert_eq!(moved(&lever, &w, object), 0.0);
    w.check_claims().unwrap();
}

/// Runs one pull of the rusty lever with `n` users (2 or 3) on a world seeded `seed`; true
/// when it worked.
fn pull_once(lever: &Lever, seed: u64, n: usize) -> bool {
    let mut w = world(lever, seed);
    let object = w.spawn(lever.lever, Vec3::default()).unwrap();
    let users = walking(lever, &mut w, n);
    // The optional user (if any) arrives first, so that all of them take part.
    let mut order: Vec<_> = users.clone();
    order.sort_by_key(|(u, _)| w.claims(*u).unwrap()[0].slot);
    let mut events = Vec::new();
    for user in order {
        events = arrive(&mut w, user);
    }
    let requested: Vec<Event> = events
        .iter()
        .filter(|e| e.kind == EventKind::ActionRequested)
        .copied()
        .collect();
    assert_eq!(requested.len(), n, "all {n} take part");
    w.report_action(users[0].0, requested[0].request, ActionOutcome::Succeeded)
        .unwrap();
    let events = drain(&mut w);
    let failed = events
        .iter()
        .filter(|e| e.kind == EventKind::ActionFailed)
        .count();
    let worked = moved(lever, &w, object) == 1.0;
    assert_eq!(failed, if worked { 0 } else { n }, "{events:?}");
    worked
}

#[test]
fn two_users_pull_the_rusty_lever_60_percent_of_the_time_and_a_third_helps() {
    // The seed's numbers (:909): 60% with the two required users; "a third character can join
    // and improve the chance" without a figure, so 90% here.
    let lever = rusty_lever(ActionDuration::Engine, vec![0.6, 0.9]);
    let trials = 400;
    let worked = |n| (0..trials).filter(|&s| pull_once(&lever, s, n)).count();
    let (two, three) = (worked(2), worked(3));
    // Binomial sd over 400: ≈ 9.8 at 60%, 6 at 90%.
    assert!((210..=270).contains(&two), "two users: {two}/{trials}");
    assert!(
        (335..=385).contains(&three),
        "three users: {three}/{trials}"
    );
    let again: Vec<bool> = (0..20).map(|s| pull_once(&lever, s, 2)).collect();
    let same: Vec<bool> = (0..20).map(|s| pull_once(&lever, s, 2)).collect();
    assert_eq!(again, same, "same seeds, same draws");
}

#[test]
fn joint_actions_are_authored_with_checks_and_rejections_change_nothing() {
    let mut lever = rusty_lever(ActionDuration::Engine, Vec::new());
    let b = &mut lever.builder;
    let valid = JointAction {
        action: lever.pull,
        timeout: 2.0,
        chance: vec![0.5, 0.75],
    };
    let cases = [
        (lever.crank, valid.clone(), "has no required slot"),
        (lever.puller, valid.clone(), "does not supply"),
        (
            lever.lever,
            JointAction {
                timeout: 0.0,
                ..valid.clone()
            },
            "timeout",
        ),
        (
            lever.lever,
            JointAction {
                timeout: f64::NAN,
                ..valid.clone()
            },
            "timeout",
        ),
        (
            lever.lever,
            JointAction {
                chance: vec![1.5],
                ..valid.clone()
            },
            "chance",
        ),
        (
            lever.lever,
            JointAction {
                chance: vec![0.5, 0.6, 0.7],
                ..valid.clone()
            },
            "3 chances given for 0 to 1 optional users",
        ),
        (
            lever.lever,
            JointAction {
                action: ActionId(99),
                ..valid.clone()
            },
            "",
        ),
    ];
    for (archetype, joint, why) in cases {
        let err = b.set_joint_action(archetype, joint).unwrap_err();
        assert!(err.message.contains(why), "{err}");
    }
    let unchanged = b.build().unwrap();
    for archetype in [lever.lever, lever.crank, lever.puller] {
        assert_eq!(
            unchanged.archetype(archetype).joint,
            lever.domain.archetype(archetype).joint,
            "rejected calls changed nothing"
        );
    }
    b.set_joint_action(lever.lever, valid.clone()).unwrap();
    let redefined = b.build().unwrap();
    assert_eq!(redefined.archetype(lever.lever).joint, [valid]);
}

/// One random operation on a room of rusty levers: spawn or destroy pullers and levers, report
/// walks as done or failed, interrupt, tick. Returns the events it caused.
fn random_lever_step(
    lever: &Lever,
    w: &mut World,
    rng: &mut WorldRng,
    pending: &mut Vec<Event>,
) -> Vec<Event> {
    let (npcs, objects) = npcs_and_objects(w);
    match rng.below(8) {
        0 if npcs.len() < 8 => {
            w.spawn(lever.puller, Vec3::default()).unwrap();
        }
        1 if !npcs.is_empty() && rng.below(2) == 0 => {
            w.destroy(npcs[rng.below(npcs.len())], EntityKind::Npc)
                .unwrap();
        }
        2 if objects.len() < 2 => {
            w.spawn(lever.lever, Vec3::default()).unwrap();
        }
        3 if !objects.is_empty() && rng.below(4) == 0 => {
            w.destroy(objects[rng.below(objects.len())], EntityKind::Object)
                .unwrap();
        }
        4 | 5 if !pending.is_empty() => report_one(w, rng, pending, 5),
        6 if !npcs.is_empty() => {
            let npc = npcs[rng.below(npcs.len())];
            w.interrupt(npc).unwrap();
            let _ = w.set_fact(npc, lever.pulled, Value::Bool(false));
        }
        _ => w.tick(0.25).unwrap(),
    }
    let events = drain(w);
    pending.extend(
        events
            .iter()
            .filter(|e| e.kind == EventKind::ActionRequested && e.action == Some(lever.goto)),
    );
    events
}

#[test]
fn random_sequences_keep_every_performance_whole() {
    let lever = rusty_lever(ActionDuration::Seconds(0.5), vec![0.6, 0.9]);
    run_claim_sequences(
        0..40,
        300,
        |seed| world(&lever, seed),
        |w, rng, pending| random_lever_step(&lever, w, rng, pending),
        &[
            EventKind::ActionWaiting,
            EventKind::ActionTimedOut,
            EventKind::ActionFinished,
            EventKind::ActionCancelled,
            EventKind::ActionFailed,
            EventKind::ObjectDestroyed,
            EventKind::PlanInvalid,
        ],
    );
}

/// The rusty lever, and a bench to rest on once pulled (one slot): pulling then resting is
/// every NPC's goal. `steady` NPCs claim every object of a plan when it starts; `hasty` ones
/// may plan to rest on a bench another holds, and claim it when their rest starts.
struct LeverAndBench {
    lever: Lever,
    domain: Arc<Domain>,
    bench: ArchetypeId,
    rest: ActionId,
    rested: AttributeId,
    steady: ArchetypeId,
    hasty: ArchetypeId,
}

/// [`LeverAndBench`], the pull lasting `pull_seconds`.
fn lever_and_bench(pull_seconds: f64) -> LeverAndBench {
    let mut lever = rusty_lever(ActionDuration::Seconds(pull_seconds), Vec::new());
    let b = &mut lever.builder;
    let rested = b.add_attribute("rested", ValueType::Bool).unwrap();
    let rest = b.add_action("rest").unwrap();
    b.add_precondition(
        rest,
        Condition::Compare {
            role: Role::Consumer,
            attribute: lever.pulled,
            op: CmpOp::Eq,
            rhs: Operand::Constant(Value::Bool(true)),
        },
    )
    .unwrap();
    b.add_effect(
        rest,
        Effect {
            role: Role::Consumer,
            op: EffectOp::Set(rested, Operand::Constant(Value::Bool(true))),
        },
    )
    .unwrap();
    b.set_action_planning(rest, Planning::default()).unwrap();
    let goal = b
        .add_goap_goal("pull_then_rest", 1, Relevance::Fixed(1.0))
        .unwrap();
    for (attribute, value) in [(lever.pulled, true), (rested, true)] {
        b.add_goap_requirement(
            goal,
            Condition::Compare {
                role: Role::Consumer,
                attribute,
                op: CmpOp::Eq,
                rhs: Operand::Constant(Value::Bool(value)),
            },
        )
        .unwrap();
    }
    let bench = b.add_archetype("bench").unwrap();
    b.add_supplied_action(bench, rest).unwrap();
    b.add_slot(bench, SlotDef::default()).unwrap();
    let hasty = b.add_archetype("hasty").unwrap();
    b.set_contention(
        hasty,
        Contention::Penalty {
            cost: 0.0,
            utility_factor: 1.0,
        },
    )
    .unwrap();
    let steady = b.add_archetype("steady").unwrap();
    for archetype in [steady, hasty] {
        for action in [lever.goto, lever.pull, rest] {
            b.add_consumed_action(archetype, action).unwrap();
        }
        b.add_archetype_goap_goal(archetype, goal).unwrap();
    }
    let domain = b.build().unwrap();
    LeverAndBench {
        lever,
        domain,
        bench,
        rest,
        rested,
        steady,
        hasty,
    }
}

impl LeverAndBench {
    /// A world seeded `seed` with a lever and a bench (returned) in it.
    fn room(&self, seed: u64) -> (World, Entity) {
        let config = WorldConfig {
            seed,
            ..WorldConfig::default()
        };
        let mut w = World::new(self.domain.clone(), config).unwrap();
        w.spawn(self.lever.lever, Vec3::default()).unwrap();
        let seat = w.spawn(self.bench, Vec3::default()).unwrap();
        (w, seat)
    }
}

/// Reports the walk each of `users` was asked for in `events` done, in that order.
fn arrive_in_order(w: &mut World, events: &[Event], users: &[Entity]) {
    for &user in users {
        let walk = of(events, user, EventKind::ActionRequested);
        assert_eq!(walk.len(), 1, "{user:?} walks: {events:?}");
        arrive(w, (user, walk[0]));
    }
}

/// `n` ticks of 0.1 s, checking the claims after each; the events they raised.
fn checked_ticks(w: &mut World, n: usize) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..n {
        w.tick(0.1).unwrap();
        events.extend(drain(w));
        w.check_claims().unwrap();
    }
    events
}

/// A leader's mind is out of the world while its performance ends, and its helpers go on with
/// their plans meanwhile: a helper whose next step claims, at a higher priority, the object the
/// leader holds for its own next step must still take the leader's plan, as any other claimant
/// would (`ClaimLost`, the claim gone, a replan), not leave both planning to use one slot.
#[test]
fn a_helper_taking_its_leaders_next_object_makes_the_leader_lose_its_plan() {
    let room = lever_and_bench(1.0);
    let LeverAndBench {
        rest,
        steady,
        hasty,
        ..
    } = room;
    let (mut w, seat) = room.room(5);
    let leader = w.spawn(steady, Vec3::default()).unwrap();
    let mut events = half_a_second(&mut w);
    // The helper plans with the bench held at its own priority, so it leaves the claim for
    // later; then the game raises its priority.
    let helper = w.spawn(hasty, Vec3::default()).unwrap();
    events.extend(half_a_second(&mut w));
    w.set_claim_priority(helper, ClaimPriority::HIGH).unwrap();
    assert_eq!(
        w.slots(seat).unwrap()[0].holder,
        leader,
        "the leader claimed the bench with its plan: {events:?}"
    );
    // The helper arrives first and waits; the leader fills the required slots and leads.
    arrive_in_order(&mut w, &events, &[helper, leader]);
    let events = checked_ticks(&mut w, 15);
    for user in [helper, leader] {
        assert_eq!(
            of(&events, user, EventKind::ActionFinished).len(),
            1,
            "{user:?} pulled: {events:?}"
        );
    }
    assert_eq!(w.slots(seat).unwrap()[0].holder, helper, "{events:?}");
    let lost = of(&events, leader, EventKind::ClaimLost);
    assert_eq!(lost.len(), 1, "{events:?}");
    assert_eq!(lost[0].target, seat);
    let resting: Vec<Entity> = events
        .iter()
        .filter(|e| e.kind == EventKind::ActionRequested && e.action == Some(rest))
        .map(|e| e.npc)
        .collect();
    assert_eq!(resting, [helper], "one rests on the one seat: {events:?}");
}

/// One random operation on a room of levers and benches: spawn or destroy NPCs of either kind
/// and objects, report walks and rests as done or failed, change an NPC's claim priority,
/// make an NPC want to pull and rest again, tick. Returns the events it caused.
fn random_bench_step(
    room: &LeverAndBench,
    w: &mut World,
    rng: &mut WorldRng,
    pending: &mut Vec<Event>,
) -> Vec<Event> {
    let (npcs, objects) = npcs_and_objects(w);
    let priorities = [
        ClaimPriority::LOW,
        ClaimPriority::NORMAL,
        ClaimPriority::HIGH,
    ];
    match rng.below(10) {
        0 if npcs.len() < 8 => {
            let kind = [room.steady, room.hasty][rng.below(2)];
            w.spawn(kind, Vec3::default()).unwrap();
        }
        1 if !npcs.is_empty() && rng.below(3) == 0 => {
            w.destroy(npcs[rng.below(npcs.len())], EntityKind::Npc)
                .unwrap();
        }
        2 if objects.len() < 3 => {
            let kind = [room.lever.lever, room.bench][rng.below(2)];
            w.spawn(kind, Vec3::default()).unwrap();
        }
        3 if !objects.is_empty() && rng.below(6) == 0 => {
            w.destroy(objects[rng.below(objects.len())], EntityKind::Object)
                .unwrap();
        }
        4 | 5 if !pending.is_empty() => report_one(w, rng, pending, 6),
        6 if !npcs.is_empty() => {
            let npc = npcs[rng.below(npcs.len())];
            let priority = priorities[rng.below(priorities.len())];
            w.set_claim_priority(npc, priority).unwrap();
        }
        7 if !npcs.is_empty() => {
            let npc = npcs[rng.below(npcs.len())];
            for attribute in [room.lever.pulled, room.rested] {
                w.set_fact(npc, attribute, Value::Bool(false)).unwrap();
            }
        }
        _ => w.tick(0.25).unwrap(),
    }
    let events = drain(w);
    pending.extend(events.iter().filter(|e| {
        e.kind == EventKind::ActionRequested
            && (e.action == Some(room.lever.goto) || e.action == Some(room.rest))
    }));
    events
}

/// Claims at three priorities, deferred and eager, over joint performances and a second step
/// after them: every slot keeps one holder that lists it, whatever the order of events.
#[test]
fn random_sequences_of_priorities_over_joint_performances_keep_every_claim_whole() {
    let room = lever_and_bench(0.5);
    run_claim_sequences(
        0..150,
        400,
        |seed| {
            let config = WorldConfig {
                seed,
                ..WorldConfig::default()
            };
            World::new(room.domain.clone(), config).unwrap()
        },
        |w, rng, pending| random_bench_step(&room, w, rng, pending),
        &[
            EventKind::ActionWaiting,
            EventKind::ActionFinished,
            EventKind::ClaimLost,
            EventKind::ActionCancelled,
            EventKind::ObjectDestroyed,
        ],
    );
}

/// A joint action that ends its consumers ("everyone boards") ends every user of the
/// performance, helpers as well as the leader, each as a destroyed NPC is ended, and nothing is
/// asked of them afterwards.
#[test]
fn a_joint_action_that_ends_its_consumers_ends_every_user() {
    let mut lever = rusty_lever(ActionDuration::Seconds(0.5), Vec::new());
    lever
        .builder
        .add_effect(
            lever.pull,
            Effect {
                role: Role::Consumer,
                op: EffectOp::End,
            },
        )
        .unwrap();
    lever.domain = lever.builder.build().unwrap();
    let mut w = world(&lever, 4);
    w.spawn(lever.lever, Vec3::default()).unwrap();
    let users = walking(&lever, &mut w, 3);
    for user in &users {
        arrive(&mut w, *user);
    }
    let events = checked_ticks(&mut w, 10);
    for (user, _) in &users {
        assert!(w.kind(*user).is_err(), "{user:?} boarded: {events:?}");
        let ended = events
            .iter()
            .position(|e| e.kind == EventKind::EntityEnded && e.target == *user)
            .unwrap_or_else(|| panic!("{user:?} ended: {events:?}"));
        assert!(
            events[ended..]
                .iter()
                .all(|e| e.npc != *user || e.kind == EventKind::EntityEnded),
            "{events:?}"
        );
    }
}

/// Every helper's part of a performance ends (its effects, `ActionFinished`) before any helper
/// goes on with its plan: one going on may take, at a higher priority, a slot another holds
/// for later, which must cost that other its next steps, not the performance that already
/// ended well.
#[test]
fn a_helper_going_on_first_does_not_cancel_another_helpers_finished_performance() {
    let room = lever_and_bench(1.0);
    let (lever, steady, hasty) = (&room.lever, room.steady, room.hasty);
    let (mut w, seat) = room.room(6);
    // Slots: the optional 0, then the required 1 and 2, taken first.
    let later = w.spawn(steady, Vec3::default()).unwrap();
    let mut events = half_a_second(&mut w);
    let leader = w.spawn(lever.puller, Vec3::default()).unwrap();
    events.extend(half_a_second(&mut w));
    let first = w.spawn(hasty, Vec3::default()).unwrap();
    events.extend(half_a_second(&mut w));
    w.set_claim_priority(first, ClaimPriority::HIGH).unwrap();
    assert_eq!(w.slots(seat).unwrap()[0].holder, later, "{events:?}");
    let slot_of = |w: &World, npc| w.claims(npc).unwrap()[0].slot;
    assert_eq!(
        [first, later, leader].map(|npc| slot_of(&w, npc)),
        [0, 1, 2],
        "{events:?}"
    );
    arrive_in_order(&mut w, &events, &[first, later, leader]);
    let events = checked_ticks(&mut w, 15);
    for user in [first, later, leader] {
        let finished = of(&events, user, EventKind::ActionFinished);
        assert_eq!(finished.len(), 1, "{user:?}: {events:?}");
        assert_eq!(finished[0].action, Some(lever.pull));
        assert_eq!(w.fact(user, lever.pulled).unwrap().value, Value::Bool(true));
        let cancelled = of(&events, user, EventKind::ActionCancelled);
        assert!(
            cancelled.iter().all(|e| e.action != Some(lever.pull)),
            "{user:?}'s pull ended well: {events:?}"
        );
    }
    assert_eq!(w.slots(seat).unwrap()[0].holder, first);
    assert_eq!(
        of(&events, later, EventKind::ClaimLost).len(),
        1,
        "{events:?}"
    );
}

/// A plan that repeats a joint step (pull the lever twice): when the first performance ends,
/// every user goes on to the second, which no user of the first may take for a performance
/// still under way (each helper's part ends before any goes on). Every user pulls twice, the
/// lever moves twice, and nobody replans.
#[test]
fn a_plan_that_repeats_a_joint_step_performs_it_twice_without_replanning() {
    let mut lever = rusty_lever(ActionDuration::Seconds(1.0), Vec::new());
    let mut b = lever.builder.clone();
    let pulls = b.add_attribute("pulls", ValueType::Number).unwrap();
    b.add_effect(
        lever.pull,
        Effect {
            role: Role::Consumer,
            op: EffectOp::Add(pulls, Operand::Constant(Value::Number(1.0))),
        },
    )
    .unwrap();
    b.set_archetype_state(lever.puller, pulls, Value::Number(0.0))
        .unwrap();
    let twice = b
        .add_goap_goal("pull_twice", 1, Relevance::Fixed(1.0))
        .unwrap();
    b.add_goap_requirement(
        twice,
        Condition::Compare {
            role: Role::Consumer,
            attribute: pulls,
            op: CmpOp::Ge,
            rhs: Operand::Constant(Value::Number(2.0)),
        },
    )
    .unwrap();
    b.add_archetype_goap_goal(lever.puller, twice).unwrap();
    lever.domain = b.build().unwrap();
    let mut w = world(&lever, 4);
    let object = w.spawn(lever.lever, Vec3::default()).unwrap();
    // Three: two helpers, one of which goes on before the other.
    let users = walking(&lever, &mut w, 3);
    let mut events = Vec::new();
    for &user in &users {
        events.extend(arrive(&mut w, user));
    }
    events.extend(checked_ticks(&mut w, 40));
    for (user, _) in &users {
        let finished = of(&events, *user, EventKind::ActionFinished);
        assert_eq!(
            finished.iter().map(|e| e.action).collect::<Vec<_>>(),
            [Some(lever.pull), Some(lever.pull)],
            "{events:?}"
        );
        assert!(
            of(&events, *user, EventKind::PlanInvalid).is_empty(),
            "{events:?}"
        );
        assert!(
            of(&events, *user, EventKind::ActionCancelled).is_empty(),
            "{events:?}"
        );
        // Only once both pulls are done: nothing is left to want.
        let done = events
            .iter()
            .rposition(|e| e.npc == *user && e.kind == EventKind::ActionFinished);
        let gave_up = events
            .iter()
            .position(|e| e.npc == *user && e.kind == EventKind::NoPlan);
        assert!(gave_up.is_none_or(|at| Some(at) > done), "{events:?}");
        // A timed action's effects accrue over its seconds.
        match w.fact(*user, pulls).unwrap().value {
            Value::Number(n) => assert!((n - 2.0).abs() < 1e-9, "{n}"),
            other => panic!("{other:?}"),
        }
    }
    assert!((moved(&lever, &w, object) - 2.0).abs() < 1e-9);
}
