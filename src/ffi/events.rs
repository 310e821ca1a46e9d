//! The event protocol through the C ABI: the engine polls what motive asks of it and reports
//! what it did.

use super::enum_codes::{c_enum, decode};
use super::guard::guard;
use super::handles::{motive_entity, motive_npc};
use super::minds::MOTIVE_NO_ID;
use super::status::motive_status;
use super::world::{list_query_writing, motive_world, query, with_world};
use crate::core::model::action::ActionEnd;
use crate::core::world::actions::ActionOutcome;
use crate::core::world::event::{Event, EventKind};

/// What an event says.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_event_kind {
    /// Perform `action` on `target` following the hints. `ended_by` says who ends it: with
    /// `MOTIVE_ACTION_END_ENGINE` report it with `motive_npc_report_action` within `seconds`
    /// (or it fails with `ACTION_TIMED_OUT`); otherwise motive ends it with `ACTION_FINISHED`.
    ActionRequested = 1,
    /// A timed action ran its course; its effects are applied.
    ActionFinished = 2,
    /// A requested action failed (reported by the engine, or its target vanished while it
    /// ran); the NPC replans.
    ActionFailed = 3,
    /// A think found no plan; the NPC idles until one is found.
    NoPlan = 4,
    /// An effect ended `target` (a potion drunk): motive destroyed it; remove its body.
    EntityEnded = 5,
    /// The plan's next step (`action` on `target`) could not start: the target is gone or a
    /// precondition no longer holds. Nothing was requested; the NPC replans.
    PlanInvalid = 6,
    /// motive abandoned the running action to replan (a goal of higher priority became
    /// unsatisfied, or a sensor interrupt): stop performing it; do not report it.
    ActionCancelled = 7,
    /// The NPC committed to a plan that uses `target` and holds slot `slot` of it.
    ClaimGranted = 8,
    /// An NPC of higher priority took slot `slot` of `target` before this NPC used it: its
    /// plan is dropped (a running action is cancelled with `ACTION_CANCELLED`) and it replans.
    ClaimLost = 9,
    /// `target`, whose slot `slot` this NPC held, was destroyed: as for `CLAIM_LOST`.
    ObjectDestroyed = 10,
    /// The action on `target` succeeded and outcome number `outcome` of its outcome table was
    /// drawn from the world's seeded RNG; its effects are applied.
    OutcomeDrawn = 11,
    /// The NPC is at slot `slot` of `target` for joint action `action` (one several users
    /// perform together) and waits there for the required slots to fill; `ACTION_REQUESTED`
    /// with the same `request` follows, to every user at once. Report the performance once,
    /// through any of its users.
    ActionWaiting = 12,
    /// The NPC waited for a joint action's timeout without the required slots filling, or the
    /// engine never reported an engine-ended action within its timeout: stop performing it,
    /// do not report it; the NPC leaves its slot and replans.
    ActionTimedOut = 13,
    /// Squad `npc` began order `action` (request `request`) on `target` (itself, or the entity
    /// its planner bound the order to): motive performs it, not the engine. `GOAL_RECOMMENDED` follows for each recipient; it ends with `ACTION_FINISHED`
    /// (every awaited member completed), `ACTION_FAILED` (one failed), `ACTION_TIMED_OUT`
    /// (after `seconds`) or `ACTION_CANCELLED`.
    OrderIssued = 14,
    /// Squad `npc`'s order recommends the GOAP goal whose id is in `outcome` to its member
    /// `target`.
    GoalRecommended = 15,
    /// Member `target` of squad `npc` adopted the recommended goal `outcome` (it has a plan).
    MemberAdopted = 16,
    /// The recommended goal `outcome` holds for member `target` of squad `npc`.
    MemberCompleted = 17,
    /// Member `target` of squad `npc` found no plan for the recommended goal `outcome`, or was
    /// destroyed: an order awaiting it fails.
    MemberFailed = 18,
}

/// Who ends an action, in `motive_event.ended_by`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_action_end {
    /// The event is about no action.
    None = 0,
    /// The engine performs it and reports it (`motive_npc_report_action`) within
    /// `motive_event.seconds`, else motive fails it with `ACTION_TIMED_OUT`.
    Engine = 1,
    /// motive times it: it ends with `ACTION_FINISHED` after `motive_event.seconds`.
    Timer = 2,
    /// motive ends it with `ACTION_FINISHED` when the consumer's attribute is full.
    UntilFull = 3,
    /// A squad's order: motive ends it with `ACTION_FINISHED` when every required member has
    /// reported, or with `ACTION_TIMED_OUT` after `motive_event.seconds`.
    Order = 4,
}

/// One event.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_event {
    /// A `motive_event_kind`.
    pub kind: u32,
    /// The NPC concerned.
    pub npc: motive_entity,
    /// The action, or `MOTIVE_NO_ID`.
    pub action: u32,
    /// The action's target, or the ended entity.
    pub target: motive_entity,
    /// The request id to echo in `motive_npc_report_action`.
    pub request: u32,
    /// Distance to keep from the target while performing the action.
    pub stand_off: f64,
    /// Engine-defined animation id from the action's hints.
    pub animation: u32,
    /// Face the target while performing the action.
    pub face_target: bool,
    /// The slot of `target` concerned (claims, and requests at a claimed slot);
    /// `MOTIVE_NO_SLOT` when none.
    pub slot: u32,
    /// The outcome drawn (`OUTCOME_DRAWN` only); `MOTIVE_NO_SLOT` otherwise.
    pub outcome: u32,
    /// A `motive_action_end`: who ends the action (`MOTIVE_ACTION_END_NONE` when the event is
    /// about none).
    pub ended_by: u32,
    /// For `MOTIVE_ACTION_END_TIMER`, the action's seconds; for `MOTIVE_ACTION_END_ENGINE`, the
    /// seconds after the request at which motive fails it unreported (may be infinite); 0
    /// otherwise.
    pub seconds: f64,
}

/// `motive_event.slot` when no slot is concerned.
pub const MOTIVE_NO_SLOT: u32 = u32::MAX;

/// The C code of an event kind.
pub(crate) fn event_kind(kind: EventKind) -> motive_event_kind {
    match kind {
        EventKind::ActionRequested => motive_event_kind::ActionRequested,
        EventKind::ActionFinished => motive_event_kind::ActionFinished,
        EventKind::ActionFailed => motive_event_kind::ActionFailed,
        EventKind::NoPlan => motive_event_kind::NoPlan,
        EventKind::EntityEnded => motive_event_kind::EntityEnded,
        EventKind::PlanInvalid => motive_event_kind::PlanInvalid,
        EventKind::ActionCancelled => motive_event_kind::ActionCancelled,
        EventKind::ClaimGranted => motive_event_kind::ClaimGranted,
        EventKind::ClaimLost => motive_event_kind::ClaimLost,
        EventKind::ObjectDestroyed => motive_event_kind::ObjectDestroyed,
        EventKind::OutcomeDrawn => motive_event_kind::OutcomeDrawn,
        EventKind::ActionWaiting => motive_event_kind::ActionWaiting,
        EventKind::ActionTimedOut => motive_event_kind::ActionTimedOut,
        EventKind::OrderIssued => motive_event_kind::OrderIssued,
        EventKind::GoalRecommended => motive_event_kind::GoalRecommended,
        EventKind::MemberAdopted => motive_event_kind::MemberAdopted,
        EventKind::MemberCompleted => motive_event_kind::MemberCompleted,
        EventKind::MemberFailed => motive_event_kind::MemberFailed,
    }
}

fn event(e: &Event) -> motive_event {
    let kind = event_kind(e.kind);
    motive_event {
        kind: kind as u32,
        npc: e.npc.into(),
        action: e.action.map_or(MOTIVE_NO_ID, |a| a.0),
        target: e.target.into(),
        request: e.request,
        stand_off: e.hints.stand_off,
        animation: e.hints.animation,
        face_target: e.hints.face_target,
        slot: e.slot,
        outcome: e.outcome,
        ended_by: match e.ended_by {
            None => motive_action_end::None,
            Some(ActionEnd::Engine) => motive_action_end::Engine,
            Some(ActionEnd::Timer) => motive_action_end::Timer,
            Some(ActionEnd::UntilFull) => motive_action_end::UntilFull,
            Some(ActionEnd::Order) => motive_action_end::Order,
        } as u32,
        seconds: e.seconds,
    }
}

/// Sets the seconds an engine-ended action may go unreported before motive fails it with
/// `MOTIVE_EVENT_KIND_ACTION_TIMED_OUT`, for actions whose domain sets none
/// (`motive_domain_builder_set_action_timeout`): finite and > 0, or infinite for never
/// (`MOTIVE_STATUS_INVALID_ARGUMENT` otherwise, nothing changed). Applies to requests made from
/// now on; the default is `MOTIVE_DEFAULT_ENGINE_TIMEOUT` (60 s).
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_set_engine_action_timeout(
    world: *mut motive_world,
    seconds: f64,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.set_engine_action_timeout(seconds)?)) })
}

/// Seconds an engine-ended action may go unreported before motive fails it, by default.
pub const MOTIVE_DEFAULT_ENGINE_TIMEOUT: f64 = crate::core::model::action::DEFAULT_ENGINE_TIMEOUT;

/// Moves up to `capacity` pending events, oldest first, into `buffer` and sets `*out_count` to
/// how many it moved. Events left over stay queued for the next call: poll until the count is
/// below the capacity.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// events; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_poll_events(
    world: *mut motive_world,
    buffer: *mut motive_event,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query_writing(world, buffer, capacity, out_count, |w, list| {
            let n = list.room(w.events().len());
            list.fill(w.events()[..n].iter().map(event))?;
            w.consume_events(n);
            Ok(())
        })
    }
}

/// Sets the most events a world keeps pending until polled: 1 to `MOTIVE_MAX_EVENT_LIMIT`
/// (`MOTIVE_STATUS_INVALID_ARGUMENT` otherwise, nothing changed); the default is
/// `MOTIVE_DEFAULT_EVENT_LIMIT`. Past it each new event drops the oldest pending one, counted by
/// `motive_world_dropped_events`, so a world that is never polled stays bounded; lowering it
/// below what is pending drops the oldest at once. Dropping changes only what the engine reads:
/// a request it never read ends unread (timed actions) or times out (engine-ended ones; never,
/// under an infinite `motive_world_set_engine_action_timeout`), and a cancellation it never read
/// leaves it performing an action whose report is then refused: when the dropped count grows,
/// resync each NPC from `motive_npc_running_action`. At most twice the limit's events are held
/// in memory (32 MB at the default). Not saved (it is the engine's setting): a loaded world has
/// the default, and keeps every event of a save that held more until its next event or
/// `motive_world_set_event_limit` (set it first) trims them.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_set_event_limit(
    world: *mut motive_world,
    limit: u32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.set_event_limit(limit)?)) })
}

/// Writes to `*out_limit` the most events the world keeps pending until polled
/// (`motive_world_set_event_limit`).
///
/// # Safety
/// `world` must be NULL or live; `out_limit` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_event_limit(
    world: *const motive_world,
    out_limit: *mut u32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe { query(world, out_limit, "out_limit", |w| Ok(w.event_limit())) }
}

/// Writes to `*out_dropped` how many events the world dropped unpolled since it was created or
/// loaded, because more than its event limit were pending (`motive_world_set_event_limit`): 0
/// in a game that polls every frame. A count that grows means events were lost: poll more
/// often or raise the limit.
///
/// # Safety
/// `world` must be NULL or live; `out_dropped` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_dropped_events(
    world: *const motive_world,
    out_dropped: *mut u64,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(
            world,
            out_dropped,
            "out_dropped",
            |w| Ok(w.dropped_events()),
        )
    }
}

/// Pending events a world keeps by default before it drops the oldest:
/// `motive_world_set_event_limit`.
pub const MOTIVE_DEFAULT_EVENT_LIMIT: u32 = 1 << 18;
const _: () =
    assert!(MOTIVE_DEFAULT_EVENT_LIMIT == crate::core::world::event_queue::DEFAULT_EVENT_LIMIT);

/// What the engine reports about a requested action.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_action_outcome {
    /// Done: effects apply and the plan moves on.
    Succeeded = 1,
    /// Not done: the NPC replans at its next think.
    Failed = 2,
}

c_enum!(motive_action_outcome => ActionOutcome {
    Succeeded => ActionOutcome::Succeeded,
    Failed => ActionOutcome::Failed,
});

/// Reports the outcome (a `motive_action_outcome`) of request `request` of `npc`.
/// `MOTIVE_STATUS_NOT_FOUND` when the NPC is not performing that request (already reported,
/// failed or replaced); nothing changes then.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_report_action(
    world: *mut motive_world,
    npc: motive_npc,
    request: u32,
    outcome: u32,
) -> motive_status {
    guard(|| {
        let outcome: ActionOutcome = decode::<motive_action_outcome>(outcome, "outcome")?.into();
        // SAFETY: pointer validity is this function's contract.
        unsafe {
            with_world(world, |w| {
                Ok(w.report_action(npc.into(), request, outcome)?)
            })
        }
    })
}
