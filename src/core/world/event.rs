//! Events: what motive asks of the engine and tells it, drained by polling (no callbacks:
//! Unity IL2CPP and Unreal both prefer polling).

use crate::core::model::action::{ActionEnd, ActionId, ExecutionHints};
use crate::core::model::entity::Entity;

/// What happened.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The NPC wants the engine to perform `action` on `target`, following `hints`;
    /// `ended_by` says who ends it. Actions the engine ends must be reported back with
    /// [`crate::core::World::report_action`] (within `seconds`, or they time out); timed
    /// actions (a duration in seconds, or until full) are timed by motive and end with
    /// `ActionFinished`.
    ActionRequested,
    /// A timed action ran its course; its effects are applied.
    ActionFinished,
    /// The engine reported failure, or the running action's target vanished; the NPC replans
    /// at its next think.
    ActionFailed,
    /// The next step of the plan could not start: its target is gone or one of its
    /// preconditions no longer holds in the world (checked on arrival, P:383 of
    /// 004_bdde6381c6c06595.txt). Nothing was requested; the NPC learns the target's facts and
    /// replans at its next tick.
    PlanInvalid,
    /// motive abandoned the running action to replan (a goal of higher priority became
    /// unsatisfied, or a sensor interrupt): stop performing it and do not report it.
    ActionCancelled,
    /// A think found no plan: the NPC idles until a later think finds one.
    NoPlan,
    /// An action's effect ended `target` (a potion drunk); motive destroyed it.
    EntityEnded,
    /// The NPC committed to a plan that uses `target` and holds slot `slot` of it.
    ClaimGranted,
    /// An NPC of higher priority took slot `slot` of `target`, which this NPC held but was not
    /// using yet: its plan is dropped (the running action, if any, is cancelled with
    /// `ActionCancelled`) and it replans.
    ClaimLost,
    /// `target`, whose slot `slot` this NPC held, was destroyed: as for `ClaimLost`.
    ObjectDestroyed,
    /// The NPC's action on `target` succeeded and outcome number `outcome` of the action's
    /// table was drawn; its effects are applied.
    OutcomeDrawn,
    /// The NPC is at slot `slot` of `target` for joint action `action` and waits there for the
    /// object's required slots to fill; `ActionRequested` (same `request`) follows when they
    /// do, to every user at once.
    ActionWaiting,
    /// The NPC waited in its slot for the joint action's timeout without the required slots
    /// filling, or the engine never reported an engine-ended action within its timeout
    /// (`World::set_engine_action_timeout`): stop performing it and do not report it; the
    /// NPC replans at once.
    ActionTimedOut,
    /// Squad `npc` began order `action` (request `request`) on `target` (itself, or the entity
    /// its planner bound the order to): motive performs it, not the engine; `GoalRecommended` follows for each recipient, and it ends with
    /// `ActionFinished` (every awaited member completed), `ActionFailed` (one failed),
    /// `ActionTimedOut` or `ActionCancelled`.
    OrderIssued,
    /// Squad `npc`'s order recommends goal `outcome` to its member `target` (P:325 of
    /// 004_bdde6381c6c06595.txt).
    GoalRecommended,
    /// Member `target` of squad `npc` adopted recommended goal `outcome`: it has a plan for it.
    MemberAdopted,
    /// Recommended goal `outcome` holds for member `target` of squad `npc`.
    MemberCompleted,
    /// Member `target` of squad `npc` found no plan for recommended goal `outcome`, or was
    /// destroyed: an order awaiting it fails.
    MemberFailed,
}

/// One event. Plain data: it copies straight into the C struct.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct Event {
    /// What happened.
    pub kind: EventKind,
    /// The NPC concerned.
    pub npc: Entity,
    /// The action concerned (requests, finishes, failures).
    pub action: Option<ActionId>,
    /// The action's target, or the ended entity.
    pub target: Entity,
    /// Identifies one performance of an action: the engine echoes it when reporting.
    pub request: u32,
    /// How to perform it (requests only).
    pub hints: ExecutionHints,
    /// The slot of `target` concerned (claims, and requests at a claimed slot);
    /// [`NO_SLOT`] when none.
    pub slot: u32,
    /// The outcome drawn (`OutcomeDrawn`), or the goal recommended (`GoalRecommended` and
    /// the member reports); [`NO_SLOT`] otherwise.
    pub outcome: u32,
    /// Who ends the action (events about an action): the engine, with a report, or motive.
    pub ended_by: Option<ActionEnd>,
    /// For an action motive times, its seconds; for one the engine ends, the seconds after
    /// the request at which motive fails it unreported; 0 otherwise.
    pub seconds: f64,
}

/// `Event::slot` when no slot is concerned.
pub const NO_SLOT: u32 = u32::MAX;
