//! Smart objects in a world: slots and claims with priorities, release on every path,
//! contention seen by both planners, per-object hints and starting state, and the claim
//! invariant under random operation sequences and concurrent thinking.

use std::sync::{Arc, Mutex};

use motive::core::model::rng::WorldRng;

#[path = "common/claim_sequences.rs"]
mod claim_sequences;
#[path = "common/walk_up.rs"]
mod walk_up;
use claim_sequences::{npcs_and_objects, report_one, run_claim_sequences};
use walk_up::{walk_up_then, WalkUp};

use motive::core::model::action::{ActionId, ExecutionHints, Planning};
use motive::core::model::archetype::ArchetypeId;
use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
use motive::core::model::domain::DomainBuilder;
use motive::core::model::effect::{Effect, EffectOp};
use motive::core::model::goap::Relevance;
use motive::core::model::smart_object::{ClaimPriority, Contention, SlotDef, UserFilter};
use motive::core::world::actions::ActionOutcome;
use motive::core::world::event::{Event, EventKind, NO_SLOT};
use motive::core::{AttributeId, Entity, EntityKind, Value, ValueType, Vec3, World, WorldConfig};

/// A café: chairs with one slot each (goto, then sit), guests who want to be seated, and
/// VIPs whose claims take precedence.
struct Cafe {
    domain: Arc<motive::core::Domain>,
    chair: ArchetypeId,
    bench: ArchetypeId,
    guest: ArchetypeId,
    vip: ArchetypeId,
    staff_only: ArchetypeId,
    /// A guest whose planners price a busy chair (contention penalty 3) instead of ignoring it.
    patient: ArchetypeId,
    sit: ActionId,
    seated: AttributeId,
    occupied: AttributeId,
}

fn cafe() -> Cafe {
    let mut b = DomainBuilder::new();
    let WalkUp { goto, action: sit } = walk_up_then(&mut b, "sit");
    let seated = b.add_attribute("seated", ValueType::Bool).unwrap();
    let occupied = b.add_attribute("occupied", ValueType::Bool).unwrap();
    b.add_effect(
        sit,
        Effect {
            role: Role::Consumer,
            op: EffectOp::Set(seated, Operand::Constant(Value::Bool(true))),
        },
    )
    .unwrap();
    for a in [goto, sit] {
        b.set_action_planning(a, Planning::default()).unwrap();
    }
    let staff = b.add_tag("staff").unwrap();
    let goal = b
        .add_goap_goal("be_seated", 1, Relevance::Fixed(1.0))
        .unwrap();
    b.add_goap_requirement(
        goal,
        Condition::Compare {
            role: Role::Consumer,
            attribute: seated,
            op: CmpOp::Eq,
            rhs: Operand::Constant(Value::Bool(true)),
        },
    )
    .unwrap();
    let npc = |b: &mut DomainBuilder, name: &str| {
        let a = b.add_archetype(name).unwrap();
        b.add_consumed_action(a, goto).unwrap();
        b.add_consumed_action(a, sit).unwrap();
        b.add_archetype_goap_goal(a, goal).unwrap();
        a
    };
    let guest = npc(&mut b, "guest");
    let vip = npc(&mut b, "vip");
    b.set_claim_priority(vip, ClaimPriority::HIGH).unwrap();
    let patient = npc(&mut b, "patient");
    let penalty = |cost, utility_factor| Contention::Penalty {
        cost,
        utility_factor,
    };
    b.set_contention(patient, penalty(3.0, 1.0)).unwrap();
    for (cost, factor) in [(-1.0, 1.0), (f64::NAN, 1.0), (1.0, 1.5), (1.0, f64::NAN)] {
        let err = b
            .set_contention(patient, penalty(cost, factor))
            .unwrap_err();
        assert!(err.message.contains("contention penalty"), "{err}");
    }
    let staff_only = npc(&mut b, "waiter");
    b.add_archetype_tag(staff_only, staff).unwrap();
    let object = |b: &mut DomainBuilder, name: &str, slots: Vec<SlotDef>| {
        let a = b.add_archetype(name).unwrap();
        b.add_supplied_action(a, goto).unwrap();
        b.add_supplied_action(a, sit).unwrap();
        for slot in slots {
            b.add_slot(a, slot).unwrap();
        }
        a
    };
    let chair = object(&mut b, "chair", vec![SlotDef::default()]);
    b.set_archetype_state(chair, occupied, Value::Bool(false))
        .unwrap();
    b.set_archetype_hints(
        chair,
        sit,
        ExecutionHints {
            stand_off: 0.25,
            animation: 7,
            face_target: false,
        },
    )
    .unwrap();
    // The bench: two public seats and one for staff.
    let public = SlotDef {
        offset: Vec3::new(-0.5, 0.0, 0.0),
        ..SlotDef::default()
    };
    let staff_seat = SlotDef {
        offset: Vec3::new(0.5, 0.0, 0.0),
        users: UserFilter {
            archetypes: Vec::new(),
            tags: vec![staff],
        },
        ..SlotDef::default()
    };
    let bench = object(&mut b, "bench", vec![public.clone(), public, staff_seat]);
    Cafe {
        domain: b.build().unwrap(),
        chair,
        bench,
        guest,
        vip,
        staff_only,
        patient,
        sit,
        seated,
        occupied,
    }
}

fn world(cafe: &Cafe, seed: u64) -> World {
    World::new(
        cafe.domain.clone(),
        WorldConfig {
            seed,
            ..WorldConfig::default()
        },
    )
    .unwrap()
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

fn holder(world: &World, object: Entity, slot: usize) -> Entity {
    world.slots(object).unwrap()[slot].holder
}

/// Ticks until `npc` has been asked to do something; returns everything that happened.
fn until_requested(world: &mut World, npc: Entity) -> Vec<Event> {
    let mut all = Vec::new();
    for _ in 0..20 {
        world.tick(0.1).unwrap();
        all.extend(drain(world));
        if !of(&all, npc, EventKind::ActionRequested).is_empty() {
            break;
        }
    }
    all
}

#[test]
fn one_chair_serves_one_guest_at_a_time() {
    let cafe = cafe();
    let mut w = world(&cafe, 1);
    let chair = w.spawn(cafe.chair, Vec3::new(0.0, 0.0, 5.0)).unwrap();
    assert_eq!(
        w.fact(chair, cafe.occupied).unwrap().value,
        Value::Bool(false),
        "the archetype's starting state"
    );
    let a = w.spawn(cafe.guest, Vec3::default()).unwrap();
    let events = until_requested(&mut w, a);
    let granted = of(&events, a, EventKind::ClaimGranted);
    assert_eq!(granted.len(), 1);
    assert_eq!((granted[0].target, granted[0].slot), (chair, 0));
    assert_eq!(holder(&w, chair, 0), a);
    let goto = of(&events, a, EventKind::ActionRequested)[0];
    assert!(
        !w.slots(chair).unwrap()[0].in_use,
        "walking up does not lock the slot"
    );

    // A second guest sees a full chair: no candidate, no plan, no claim.
    let b = w.spawn(cafe.guest, Vec3::default()).unwrap();
    let mut events = Vec::new();
    for _ in 0..5 {
        w.tick(0.1).unwrap();
        events.extend(drain(&mut w));
    }
    assert!(of(&events, b, EventKind::ClaimGranted).is_empty());
    assert_eq!(of(&events, b, EventKind::NoPlan).len(), 1);

    // Sitting: the slot is in use, the request names it and carries the chair's hints.
    w.report_action(a, goto.request, ActionOutcome::Succeeded)
        .unwrap();
    let sit = of(&drain(&mut w), a, EventKind::ActionRequested)[0];
    assert_eq!(sit.action, Some(cafe.sit));
    assert_eq!(sit.slot, 0);
    assert_eq!((sit.hints.stand_off, sit.hints.animation), (0.25, 7));
    assert!(!sit.hints.face_target);
    assert_eq!(goto.slot, 0, "the walk is toward the claimed slot too");
    assert!(w.slots(chair).unwrap()[0].in_use);
    w.report_action(a, sit.request, ActionOutcome::Succeeded)
        .unwrap();
    assert!(holder(&w, chair, 0).is_null(), "released when the use ends");
    assert!(w.claims(a).unwrap().is_empty());

    // Now the second guest gets it.
    let events = until_requested(&mut w, b);
    assert_eq!(of(&events, b, EventKind::ClaimGranted).len(), 1);
    assert_eq!(holder(&w, chair, 0), b);
    w.check_claims().unwrap();
}

#[test]
fn a_contention_penalty_prices_a_busy_chair_and_claims_it_on_arrival() {
    let cafe = cafe();
    let mut w = world(&cafe, 3);
    let busy = w.spawn(cafe.chair, Vec3::new(0.0, 0.0, 5.0)).unwrap();
    let guest = w.spawn(cafe.guest, Vec3::default()).unwrap();
    let walk = of(
        &until_requested(&mut w, guest),
        guest,
        EventKind::ActionRequested,
    )[0];
    assert_eq!(holder(&w, busy, 0), guest);

    // Only the busy chair: the patient guest still goes for it (a plain guest has no plan),
    // walking up without a claim.
    let patient = w.spawn(cafe.patient, Vec3::default()).unwrap();
    let events = until_requested(&mut w, patient);
    let approach = of(&events, patient, EventKind::ActionRequested)[0];
    assert_eq!(approach.target, busy);
    assert_eq!(approach.slot, NO_SLOT, "no slot is its yet");
    assert!(of(&events, patient, EventKind::ClaimGranted).is_empty());
    let decision = w.goap_mind(patient).unwrap().decision;
    assert_eq!(
        decision.cost,
        2.0 * (1.0 + 3.0),
        "goto and sit, each 1 + the penalty"
    );

    // The guest sits and leaves; the patient arrives, claims the slot and sits.
    w.report_action(guest, walk.request, ActionOutcome::Succeeded)
        .unwrap();
    let sit = of(&drain(&mut w), guest, EventKind::ActionRequested)[0];
    w.report_action(guest, sit.request, ActionOutcome::Succeeded)
        .unwrap();
    w.report_action(patient, approach.request, ActionOutcome::Succeeded)
        .unwrap();
    let events = drain(&mut w);
    let granted = of(&events, patient, EventKind::ClaimGranted);
    assert_eq!((granted.len(), granted[0].slot), (1, 0), "{events:?}");
    let sits = of(&events, patient, EventKind::ActionRequested);
    assert_eq!((sits[0].action, sits[0].slot), (Some(cafe.sit), 0));
    assert!(w.slots(busy).unwrap()[0].in_use);
    w.check_claims().unwrap();

    // Arriving while the chair is still taken invalidates the plan instead.
    let late = w.spawn(cafe.patient, Vec3::default()).unwrap();
    let approach = of(
        &until_requested(&mut w, late),
        late,
        EventKind::ActionRequested,
    )[0];
    w.report_action(late, approach.request, ActionOutcome::Succeeded)
        .unwrap();
    let events = drain(&mut w);
    assert_eq!(
        of(&events, late, EventKind::PlanInvalid).len(),
        1,
        "{events:?}"
    );
    assert!(w.claims(late).unwrap().is_empty());
    assert_eq!(holder(&w, busy, 0), patient);

    // With a free chair too, the penalty sends the next one there.
    w.destroy(late, EntityKind::Npc).unwrap();
    let free = w.spawn(cafe.chair, Vec3::new(0.0, 0.0, 5.0)).unwrap();
    let another = w.spawn(cafe.patient, Vec3::default()).unwrap();
    let events = until_requested(&mut w, another);
    assert_eq!(
        of(&events, another, EventKind::ActionRequested)[0].target,
        free
    );
    w.check_claims().unwrap();
}

#[test]
fn a_higher_priority_takes_a_claimed_slot_but_never_one_in_use() {
    let cafe = cafe();
    let mut w = world(&cafe, 2);
    let chair = w.spawn(cafe.chair, Vec3::new(0.0, 0.0, 5.0)).unwrap();
    let guest = w.spawn(cafe.guest, Vec3::default()).unwrap();
    until_requested(&mut w, guest);
    assert_eq!(holder(&w, chair, 0), guest);

    let vip = w.spawn(cafe.vip, Vec3::default()).unwrap();
    let events = until_requested(&mut w, vip);
    assert_eq!(holder(&w, chair, 0), vip);
    let lost = of(&events, guest, EventKind::ClaimLost);
    assert_eq!(lost.len(), 1);
    assert_eq!((lost[0].target, lost[0].slot), (chair, 0));
    assert_eq!(
        of(&events, guest, EventKind::ActionCancelled).len(),
        1,
        "the guest's walk is cancelled"
    );
    assert!(w.mind(guest).unwrap().remaining_plan().is_empty());
    w.check_claims().unwrap();

    // The VIP sits: in use. A second VIP cannot take it, and neither can anyone else.
    let walk = of(&events, vip, EventKind::ActionRequested)[0];
    w.report_action(vip, walk.request, ActionOutcome::Succeeded)
        .unwrap();
    drain(&mut w);
    assert!(w.slots(chair).unwrap()[0].in_use);
    let vip2 = w.spawn(cafe.vip, Vec3::default()).unwrap();
    let mut events = Vec::new();
    for _ in 0..5 {
        w.tick(0.1).unwrap();
        events.extend(drain(&mut w));
    }
    assert!(of(&events, vip, EventKind::ClaimLost).is_empty());
    assert!(of(&events, vip2, EventKind::ClaimGranted).is_empty());
    assert_eq!(holder(&w, chair, 0), vip);
    w.check_claims().unwrap();
}

#[test]
fn claims_go_when_the_action_fails_or_either_side_is_destroyed() {
    let cafe = cafe();
    let mut w = world(&cafe, 3);
    let chair = w.spawn(cafe.chair, Vec3::new(0.0, 0.0, 5.0)).unwrap();
    let guest = w.spawn(cafe.guest, Vec3::default()).unwrap();
    let events = until_requested(&mut w, guest);
    let walk = of(&events, guest, EventKind::ActionRequested)[0];
    w.report_action(guest, walk.request, ActionOutcome::Failed)
        .unwrap();
    assert!(holder(&w, chair, 0).is_null(), "released on failure");
    w.check_claims().unwrap();

    // Claimed again on the replan, then the guest is destroyed.
    until_requested(&mut w, guest);
    assert_eq!(holder(&w, chair, 0), guest);
    w.destroy(guest, EntityKind::Npc).unwrap();
    assert!(holder(&w, chair, 0).is_null(), "released when the NPC goes");
    w.check_claims().unwrap();

    // A guest holding the chair sees it destroyed.
    let other = w.spawn(cafe.guest, Vec3::default()).unwrap();
    until_requested(&mut w, other);
    drain(&mut w);
    w.destroy(chair, EntityKind::Object).unwrap();
    let events = drain(&mut w);
    let gone = of(&events, other, EventKind::ObjectDestroyed);
    assert_eq!(gone.len(), 1);
    assert_eq!((gone[0].target, gone[0].slot), (chair, 0));
    assert_eq!(of(&events, other, EventKind::ActionCancelled).len(), 1);
    assert!(w.claims(other).unwrap().is_empty());
    w.check_claims().unwrap();
}

#[test]
fn slot_filters_admit_only_the_npcs_they_name() {
    let cafe = cafe();
    let mut w = world(&cafe, 4);
    let bench = w.spawn(cafe.bench, Vec3::new(0.0, 0.0, 5.0)).unwrap();
    let guests: Vec<Entity> = (0..3)
        .map(|_| w.spawn(cafe.guest, Vec3::default()).unwrap())
        .collect();
    for _ in 0..10 {
        w.tick(0.1).unwrap();
    }
    let events = drain(&mut w);
    let seated: Vec<Entity> = guests
        .iter()
        .copied()
        .filter(|&g| !of(&events, g, EventKind::ClaimGranted).is_empty())
        .collect();
    assert_eq!(
        seated.len(),
        2,
        "two public seats; the staff seat is not theirs"
    );
    assert!(w.slots(bench).unwrap()[2].holder.is_null());
    let waiter = w.spawn(cafe.staff_only, Vec3::default()).unwrap();
    until_requested(&mut w, waiter);
    assert_eq!(holder(&w, bench, 2), waiter);
    w.check_claims().unwrap();
}

#[test]
fn requests_without_slots_say_so() {
    // An object with no slots has no limit on users and its requests name no slot.
    let mut b = DomainBuilder::new();
    let fed = b.add_attribute("fed", ValueType::Bool).unwrap();
    let eat = b.add_action("eat").unwrap();
    b.add_effect(
        eat,
        Effect {
            role: Role::Consumer,
            op: EffectOp::Set(fed, Operand::Constant(Value::Bool(true))),
        },
    )
    .unwrap();
    let goal = b.add_goap_goal("fed", 1, Relevance::Fixed(1.0)).unwrap();
    b.add_goap_requirement(
        goal,
        Condition::Compare {
            role: Role::Consumer,
            attribute: fed,
            op: CmpOp::Eq,
            rhs: Operand::Constant(Value::Bool(true)),
        },
    )
    .unwrap();
    let buffet = b.add_archetype("buffet").unwrap();
    b.add_supplied_action(buffet, eat).unwrap();
    let diner = b.add_archetype("diner").unwrap();
    b.add_consumed_action(diner, eat).unwrap();
    b.add_archetype_goap_goal(diner, goal).unwrap();
    let mut w = World::new(b.build().unwrap(), WorldConfig::default()).unwrap();
    w.spawn(buffet, Vec3::default()).unwrap();
    let diners: Vec<Entity> = (0..4)
        .map(|_| w.spawn(diner, Vec3::default()).unwrap())
        .collect();
    for _ in 0..5 {
        w.tick(0.1).unwrap();
    }
    let events = drain(&mut w);
    for d in diners {
        let asked = of(&events, d, EventKind::ActionRequested);
        assert_eq!(asked.len(), 1);
        assert_eq!(asked[0].slot, NO_SLOT);
    }
}

#[test]
fn authoring_rejects_bad_slots_state_and_hints() {
    let mut b = DomainBuilder::new();
    let n = b.add_attribute("n", ValueType::Number).unwrap();
    let e = b.add_attribute("e", ValueType::Entity).unwrap();
    let act = b.add_action("act").unwrap();
    let a = b.add_archetype("thing").unwrap();
    let bad = SlotDef {
        offset: Vec3::new(f32::NAN, 0.0, 0.0),
        ..SlotDef::default()
    };
    assert!(b.add_slot(a, bad).is_err());
    let unknown = SlotDef {
        users: UserFilter {
            archetypes: vec![ArchetypeId(9)],
            tags: Vec::new(),
        },
        ..SlotDef::default()
    };
    assert!(b.add_slot(a, unknown).is_err());
    assert!(b.set_archetype_state(a, n, Value::Bool(true)).is_err());
    assert!(b
        .set_archetype_state(a, n, Value::Number(f64::NAN))
        .is_err());
    assert!(b
        .set_archetype_state(a, e, Value::Entity(Entity::from_bits(1 << 32 | 1)))
        .is_err());
    assert!(
        b.set_archetype_hints(a, act, ExecutionHints::default())
            .is_err(),
        "thing does not supply act"
    );
    b.add_supplied_action(a, act).unwrap();
    let far = ExecutionHints {
        stand_off: -1.0,
        ..ExecutionHints::default()
    };
    assert!(b.set_archetype_hints(a, act, far).is_err());
    // Nothing rejected was kept.
    let domain = b.build().unwrap();
    let def = domain.archetype(a);
    assert!(def.slots.is_empty() && def.state.is_empty() && def.hints.is_empty());
}

/// One random operation on the café: spawn or destroy guests and furniture, tick, report
/// requests as done or failed, change priorities, interrupt. Returns the events it caused.
fn random_step(
    cafe: &Cafe,
    w: &mut World,
    rng: &mut WorldRng,
    pending: &mut Vec<Event>,
) -> Vec<Event> {
    let (npcs, objects) = npcs_and_objects(w);
    match rng.below(10) {
        0 if npcs.len() < 12 => {
            let kinds = [cafe.guest, cafe.vip, cafe.staff_only, cafe.patient];
            let kind = kinds[rng.below(kinds.len())];
            w.spawn(kind, Vec3::new(rng.below(10) as f32, 0.0, 0.0))
                .unwrap();
        }
        1 if !npcs.is_empty() => {
            w.destroy(npcs[rng.below(npcs.len())], EntityKind::Npc)
                .unwrap();
        }
        2 if objects.len() < 4 => {
            let kind = if rng.below(2) == 0 {
                cafe.chair
            } else {
                cafe.bench
            };
            w.spawn(kind, Vec3::new(rng.below(10) as f32, 0.0, 3.0))
                .unwrap();
        }
        3 if !objects.is_empty() && rng.below(3) == 0 => {
            w.destroy(objects[rng.below(objects.len())], EntityKind::Object)
                .unwrap();
        }
        4 | 5 if !pending.is_empty() => report_one(w, rng, pending, 4),
        6 if !npcs.is_empty() => {
            let npc = npcs[rng.below(npcs.len())];
            let priority = ClaimPriority(rng.below(256) as u8);
            w.set_claim_priority(npc, priority).unwrap();
        }
        7 if !npcs.is_empty() => {
            let npc = npcs[rng.below(npcs.len())];
            w.interrupt(npc).unwrap();
            // Unseat now and then, so goals come back.
            let _ = w.set_fact(npc, cafe.seated, Value::Bool(false));
        }
        _ => {
            w.tick(0.1).unwrap();
        }
    }
    let mut events = Vec::new();
    w.drain_events(&mut events);
    pending.extend(
        events
            .iter()
            .filter(|e| e.kind == EventKind::ActionRequested),
    );
    events
}

#[test]
fn random_operation_sequences_never_give_a_slot_two_holders() {
    let cafe = cafe();
    // The sequences reach every path that changes a claim.
    run_claim_sequences(
        0..60,
        400,
        |seed| world(&cafe, seed),
        |w, rng, pending| random_step(&cafe, w, rng, pending),
        &[
            EventKind::ClaimGranted,
            EventKind::ClaimLost,
            EventKind::ObjectDestroyed,
            EventKind::ActionCancelled,
            EventKind::ActionFailed,
            EventKind::PlanInvalid,
        ],
    );
}

#[test]
fn concurrent_thinking_keeps_the_claim_invariant() {
    // The world serialises callers (as the C boundary's per-world mutex does); several
    // threads drive it at once and check the invariant after each of their operations.
    let cafe = Arc::new(cafe());
    let world = Arc::new(Mutex::new(world(&cafe, 99)));
    std::thread::scope(|scope| {
        for t in 0..4u64 {
            let (cafe, world) = (cafe.clone(), world.clone());
            scope.spawn(move || {
                let mut rng = WorldRng::new(1000 + t);
                let mut pending = Vec::new();
                for _ in 0..300 {
                    let mut w = world.lock().unwrap();
                    let _ = random_step(&cafe, &mut w, &mut rng, &mut pending);
                    w.check_claims().unwrap();
                }
            });
        }
    });
    let w = world.lock().unwrap();
    w.check_claims().unwrap();
}

/// The lever's outcomes (001_3e3461db8de0826f.txt:903): door opens 90%, chain breaks 7%,
/// lever breaks 3%; the door opening sets `open` on the lever.
fn lever_outcomes(open: AttributeId) -> Vec<motive::core::model::outcome::Outcome> {
    use motive::core::model::outcome::Outcome;
    [(90.0, true), (7.0, false), (3.0, false)]
        .into_iter()
        .map(|(weight, opens)| Outcome {
            weight,
            effects: if opens {
                vec![Effect {
                    role: Role::Supplier,
                    op: EffectOp::Set(open, Operand::Constant(Value::Bool(true))),
                }]
            } else {
                Vec::new()
            },
        })
        .collect()
}

/// A room with a lever (no slots) and `n` NPCs who each want to pull it once; the pull's
/// outcome table is `table(door_open)`. Returns the world, the pull action and `door_open`.
fn lever_room(
    seed: u64,
    n: usize,
    table: impl FnOnce(AttributeId) -> motive::core::model::outcome::OutcomeTable,
) -> (World, ActionId, AttributeId) {
    let mut b = DomainBuilder::new();
    let pulled = b.add_attribute("pulled", ValueType::Bool).unwrap();
    let open = b.add_attribute("door_open", ValueType::Bool).unwrap();
    let pull = b.add_action("pull").unwrap();
    b.add_effect(
        pull,
        Effect {
            role: Role::Consumer,
            op: EffectOp::Set(pulled, Operand::Constant(Value::Bool(true))),
        },
    )
    .unwrap();
    b.set_action_outcomes(pull, table(open)).unwrap();
    let goal = b.add_goap_goal("pull", 1, Relevance::Fixed(1.0)).unwrap();
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
    let lever = b.add_archetype("lever").unwrap();
    b.add_supplied_action(lever, pull).unwrap();
    let puller = b.add_archetype("puller").unwrap();
    b.add_consumed_action(puller, pull).unwrap();
    b.add_archetype_goap_goal(puller, goal).unwrap();
    let config = WorldConfig {
        seed,
        ..WorldConfig::default()
    };
    let mut w = World::new(b.build().unwrap(), config).unwrap();
    w.spawn(lever, Vec3::default()).unwrap();
    for _ in 0..n {
        w.spawn(puller, Vec3::default()).unwrap();
    }
    (w, pull, open)
}

/// Ticks `w`, reporting every request a success, and calls `drawn` with each outcome drawn,
/// in event order.
fn pull_all(w: &mut World, mut drawn: impl FnMut(&World, u32)) {
    for _ in 0..5 {
        w.tick(0.1).unwrap();
        for e in drain(w) {
            match e.kind {
                EventKind::ActionRequested => {
                    w.report_action(e.npc, e.request, ActionOutcome::Succeeded)
                        .unwrap();
                    for e in drain(w) {
                        if e.kind == EventKind::OutcomeDrawn {
                            drawn(w, e.outcome);
                        }
                    }
                }
                EventKind::OutcomeDrawn => drawn(w, e.outcome),
                _ => {}
            }
        }
    }
}

/// `n` NPCs pull the 90/7/3 lever once each; returns the outcomes drawn, the world and
/// `door_open`.
fn pull_levers(seed: u64, n: usize) -> (Vec<u32>, World, AttributeId) {
    use motive::core::model::outcome::{Learning, OutcomeTable};
    let (mut w, _, open) = lever_room(seed, n, |open| {
        OutcomeTable::new(lever_outcomes(open), Learning::Fixed).unwrap()
    });
    let mut drawn = Vec::new();
    pull_all(&mut w, |_, outcome| drawn.push(outcome));
    (drawn, w, open)
}

#[test]
fn the_room_of_levers_learns_from_every_pull_in_the_world() {
    use motive::core::model::outcome::{Learning, Outcome, OutcomeTable};
    // Four levers hide the exit, the treasure, the dire badger and the pit (:905): once one
    // is found the others are 33/33/33, after a second 50/50. The history is the world's.
    let (mut w, pull, _) = lever_room(11, 4, |_| {
        let hidden = (0..4).map(|_| Outcome {
            weight: 1.0,
            effects: Vec::new(),
        });
        OutcomeTable::new(hidden.collect(), Learning::WithoutReplacement).unwrap()
    });
    let odds: Vec<f64> = w.outcome_odds(pull).unwrap().collect();
    assert_eq!(odds, [0.25; 4]);
    let mut seen = Vec::new();
    pull_all(&mut w, |w, outcome| {
        seen.push(outcome as usize);
        let odds: Vec<f64> = w.outcome_odds(pull).unwrap().collect();
        let left = 4 - seen.len();
        for (i, p) in odds.iter().enumerate() {
            let expected = if seen.contains(&i) || left == 0 {
                // All four found: the history no longer describes the room; back to the odds.
                if left == 0 {
                    0.25
                } else {
                    0.0
                }
            } else {
                1.0 / left as f64
            };
            assert!((p - expected).abs() < 1e-12, "after {seen:?}: {odds:?}");
        }
    });
    seen.sort();
    assert_eq!(seen, [0, 1, 2, 3], "each lever hides a different outcome");
    let err = w.outcome_odds(ActionId(99)).err().unwrap();
    assert_eq!(err.kind, motive::core::ErrorKind::NotFound);
}

#[test]
fn outcomes_are_drawn_from_the_seed_and_apply_their_effects() {
    let (drawn, w, open) = pull_levers(7, 400);
    assert_eq!(drawn.len(), 400, "one outcome per successful pull");
    let count = |i| drawn.iter().filter(|&&d| d == i).count();
    // 90/7/3 over 400 fixed-seed draws (binomial sd ≈ 6, 5 and 3.4).
    assert!((330..=390).contains(&count(0)), "{}", count(0));
    assert!((10..=50).contains(&count(1)), "{}", count(1));
    assert!((2..=25).contains(&count(2)), "{}", count(2));
    let lever = w
        .entities()
        .find(|&e| w.kind(e) == Ok(EntityKind::Object))
        .unwrap();
    assert_eq!(w.fact(lever, open).unwrap().value, Value::Bool(true));
    assert_eq!(pull_levers(7, 400).0, drawn, "same seed, same outcomes");
    assert_ne!(pull_levers(8, 400).0, drawn, "another seed, other outcomes");
}

#[test]
fn find_suppliers_answers_nearest_first_through_the_index_and_the_scan() {
    use motive::core::world::find::Found;
    let cafe = cafe();
    let mut w = world(&cafe, 5);
    let mut rng = WorldRng::new(5);
    let coordinate = |rng: &mut WorldRng| (rng.unit() * 200.0 - 100.0) as f32;
    for i in 0..300 {
        let kind = [cafe.chair, cafe.bench, cafe.guest][i % 3];
        let at = Vec3::new(coordinate(&mut rng), 0.0, coordinate(&mut rng));
        w.spawn(kind, at).unwrap();
    }
    let objects: Vec<Entity> = w
        .entities()
        .filter(|&e| w.kind(e) == Ok(EntityKind::Object))
        .collect();
    let brute = |w: &World, center: Vec3, range: f64| {
        let mut found: Vec<Found> = w
            .entities()
            .filter(|&e| {
                let archetype = w.archetype(e).unwrap().unwrap();
                w.domain().archetype(archetype).supplies.contains(&cafe.sit)
            })
            .map(|entity| Found {
                entity,
                distance: motive::core::model::condition::distance_between(
                    center,
                    w.position(entity).unwrap(),
                ),
            })
            .filter(|f| f.distance <= range)
            .collect();
        found.sort_by(|a, b| {
            a.distance
                .total_cmp(&b.distance)
                .then(a.entity.index1.cmp(&b.entity.index1))
        });
        found
    };
    for query in 0..200 {
        let center = Vec3::new(coordinate(&mut rng), 0.0, coordinate(&mut rng));
        let range = if query % 10 == 0 {
            f64::INFINITY
        } else {
            rng.unit() * 60.0
        };
        let expected = brute(&w, center, range);
        let scanned = w
            .find_suppliers(cafe.sit, center, range, None)
            .unwrap()
            .to_vec();
        assert_eq!(scanned, expected, "stale index: query {query}");
        w.refresh_spatial_index();
        let indexed = w
            .find_suppliers(cafe.sit, center, range, None)
            .unwrap()
            .to_vec();
        assert_eq!(indexed, expected, "fresh index: query {query}");
        let moved = objects[query % objects.len()];
        let to = Vec3::new(coordinate(&mut rng), 0.0, coordinate(&mut rng));
        w.set_position(moved, to).unwrap();
    }
}

#[test]
fn find_suppliers_for_an_npc_sees_contention_as_its_planners_do() {
    let cafe = cafe();
    let mut w = world(&cafe, 6);
    let near = w.spawn(cafe.chair, Vec3::new(0.0, 0.0, 1.0)).unwrap();
    let far = w.spawn(cafe.chair, Vec3::new(0.0, 0.0, 9.0)).unwrap();
    let a = w.spawn(cafe.guest, Vec3::default()).unwrap();
    until_requested(&mut w, a);
    assert_eq!(holder(&w, near, 0), a);
    let b = w.spawn(cafe.guest, Vec3::default()).unwrap();
    let vip = w.spawn(cafe.vip, Vec3::default()).unwrap();
    let found = |w: &mut World, user| -> Vec<Entity> {
        w.find_suppliers(cafe.sit, Vec3::default(), f64::INFINITY, user)
            .unwrap()
            .iter()
            .map(|f| f.entity)
            .collect()
    };
    assert_eq!(found(&mut w, None), [near, far], "nearest first");
    assert_eq!(
        found(&mut w, Some(b)),
        [far],
        "the claimed chair is not for b"
    );
    assert_eq!(
        found(&mut w, Some(a)),
        [near, far],
        "its own claim is open to a"
    );
    assert_eq!(
        found(&mut w, Some(vip)),
        [near, far],
        "a VIP may take a claimed slot"
    );

    // Bad queries are errors and find nothing.
    let err = w
        .find_suppliers(ActionId(99), Vec3::default(), 1.0, None)
        .unwrap_err();
    assert_eq!(err.kind, motive::core::ErrorKind::NotFound);
    for range in [f64::NAN, -1.0] {
        let err = w
            .find_suppliers(cafe.sit, Vec3::default(), range, None)
            .unwrap_err();
        assert!(err.message.contains("range"), "{err}");
    }
    let err = w
        .find_suppliers(cafe.sit, Vec3::default(), 1.0, Some(near))
        .unwrap_err();
    assert!(err.message.contains("not an npc"), "{err}");
    w.destroy(b, EntityKind::Npc).unwrap();
    let err = w
        .find_suppliers(cafe.sit, Vec3::default(), 1.0, Some(b))
        .unwrap_err();
    assert_eq!(err.kind, motive::core::ErrorKind::StaleHandle);
}
