//! UDGOAP NPCs through the C ABI: spawning by archetype, external drives, and reading drives,
//! goals, the plan and the explanation of the last decision.

use super::archetypes::motive_archetype_id;
use super::buffers::OutList;
use super::drives::motive_drive_id;
use super::goals::motive_goal_id;
use super::guard::{guard, FfiError};
use super::handles::{motive_entity, motive_npc, motive_object};
use super::pointers::out;
use super::status::motive_status;
use super::vec3::motive_vec3;
use super::world::{list_query, motive_world, query, with_world};
use crate::core::brains::udgoap::mind::{Candidate, DriveState, Explanation, GoalState};
use crate::core::brains::{SearchStatus, StopReason};
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::drive::DriveId;
use crate::core::world::Part;
use crate::core::world::Step;
use crate::core::Mind;
use crate::core::{Entity, EntityKind, World};

/// No action, drive or goal: the value of an id field that holds none.
pub const MOTIVE_NO_ID: u32 = u32::MAX;

/// A drive an NPC holds.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_drive_state {
    /// The drive definition.
    pub drive: motive_drive_id,
    /// True when added at run time with `motive_npc_add_drive`.
    pub external: bool,
    /// Satisfaction at the last think, in [0, 1].
    pub satisfaction: f64,
}

/// A goal an NPC holds.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_goal_state {
    /// The goal definition.
    pub goal: motive_goal_id,
    /// Index of its drive in the NPC's drive list (`motive_npc_drives`).
    pub drive_index: u32,
    /// The entity the goal is bound to.
    pub subject: motive_entity,
    /// Completeness at the last think, in [0, 1].
    pub completeness: f64,
}

/// One step of a plan: an action and its target (the supplier).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_plan_step {
    /// The action definition.
    pub action: u32,
    /// Its target.
    pub target: motive_entity,
}

/// How a decision's search ended.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_search_result {
    /// No decision yet.
    None = 0,
    /// A plan was found.
    Found = 1,
    /// Every candidate was tried: no plan within the depth limit.
    Exhausted = 2,
    /// The expansion limit was reached first.
    ExpansionLimit = 3,
    /// The search is still running (direct planning with a slice budget).
    InProgress = 4,
}

/// Summary of an NPC's last decision.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_explanation {
    /// World time of the decision, in seconds.
    pub time: f64,
    /// A `motive_search_result`.
    pub result: u32,
    /// Plan states expanded.
    pub expanded: u32,
    /// Plan states simulated.
    pub generated: u32,
    /// States dropped as duplicates.
    pub duplicates: u32,
    /// Arena bytes the search used.
    pub peak_bytes: u64,
    /// Candidates recorded (see `motive_npc_explain_candidates`); at most 256.
    pub candidate_count: u32,
    /// Drives per candidate in `motive_npc_explain_satisfactions`.
    pub drive_count: u32,
    /// Index of the candidate the plan came from, or `MOTIVE_NO_ID`.
    pub chosen: u32,
}

/// One candidate plan state of the last decision.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_candidate {
    /// Its index (the root, the NPC's state before acting, is 0).
    pub id: u32,
    /// The candidate it extends, or `MOTIVE_NO_ID` for the root.
    pub parent: u32,
    /// The action it added, or `MOTIVE_NO_ID` for the root.
    pub action: u32,
    /// That action's target.
    pub target: motive_entity,
    /// Number of steps in its plan.
    pub depth: u32,
    /// Utility of its simulated outcome, in [0, 1].
    pub utility: f64,
    /// Every precondition held in simulation: a complete plan.
    pub complete: bool,
    /// The NPC would die before the last step.
    pub truncated: bool,
}

/// The action an NPC is performing.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_running_action {
    /// The action definition.
    pub action: u32,
    /// Its target.
    pub target: motive_entity,
    /// The request id to report with `motive_npc_report_action`.
    pub request: u32,
    /// Seconds it has run (while waiting: seconds it has waited).
    pub elapsed: f64,
    /// A `motive_action_part`: alone, or how it takes part in a joint action.
    pub part: u32,
    /// Who leads the joint performance (the NPC itself when it leads); null when alone or
    /// waiting.
    pub leader: motive_npc,
}

/// How an NPC takes part in the action it is performing.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_action_part {
    /// It performs the action by itself.
    Alone = 0,
    /// It waits in its slot for the required slots of a joint action to fill.
    Waiting = 1,
    /// It leads a joint performance: motive times it through this NPC.
    Leading = 2,
    /// It helps the leader perform a joint action.
    Helping = 3,
}

/// The goal an NPC's plan serves most: the one whose completeness gain adds the most to its
/// utility.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_current_goal {
    /// The goal definition.
    pub goal: motive_goal_id,
    /// Its drive.
    pub drive: motive_drive_id,
    /// The entity the goal is bound to.
    pub subject: motive_entity,
    /// Completeness when the plan was made, in [0, 1].
    pub before: f64,
    /// Completeness the plan is expected to reach, in [0, 1].
    pub after: f64,
}

pub(crate) fn search_result(status: Option<SearchStatus>) -> motive_search_result {
    match status {
        None => motive_search_result::None,
        Some(SearchStatus::Found) => motive_search_result::Found,
        Some(SearchStatus::InProgress) => motive_search_result::InProgress,
        Some(SearchStatus::NoPlan(StopReason::Exhausted)) => motive_search_result::Exhausted,
        Some(SearchStatus::NoPlan(StopReason::ExpansionLimit)) => {
            motive_search_result::ExpansionLimit
        }
    }
}

pub(crate) fn plan_step(step: Step) -> motive_plan_step {
    motive_plan_step {
        action: step.action.0,
        target: step.supplier.into(),
    }
}

fn candidate(c: &Candidate) -> motive_candidate {
    motive_candidate {
        id: c.id(),
        parent: c.parent().unwrap_or(MOTIVE_NO_ID),
        action: c.step().map_or(MOTIVE_NO_ID, |s| s.action.0),
        target: c.step().map_or(Entity::NULL, |s| s.supplier).into(),
        depth: c.depth(),
        utility: c.utility(),
        complete: c.complete(),
        truncated: c.truncated(),
    }
}

/// Spawns `archetype` at `position`, storing the new entity's handle; `kind` must be what the
/// archetype makes (it thinks when it has drives or consumable actions).
fn spawn(
    world: &mut World,
    archetype: motive_archetype_id,
    position: motive_vec3,
    kind: EntityKind,
) -> Result<Entity, FfiError> {
    let def = world.domain().archetypes().get(archetype)?;
    let thinks = def.thinks();
    if thinks != (kind == EntityKind::Npc) {
        return Err(FfiError::invalid(format!(
            "archetype {:?} makes {}: spawn it with motive_{}_spawn",
            world.domain().archetypes().name(archetype),
            if thinks {
                "a thinking npc"
            } else {
                "a smart object"
            },
            if thinks { "npc" } else { "object" }
        )));
    }
    Ok(world.spawn(ArchetypeId(archetype), position.into())?)
}

/// Spawns a thinking NPC of `archetype` (one with drives or consumable actions) at `position`.
/// Its first think is staggered within its think interval.
///
/// # Safety
/// `world` must be NULL or live; `out_npc` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_spawn(
    world: *mut motive_world,
    archetype: motive_archetype_id,
    position: motive_vec3,
    out_npc: *mut motive_npc,
) -> motive_status {
    guard(|| {
        let out_npc = out(out_npc, "out_npc")?;
        // SAFETY: pointer validity is this function's contract.
        let npc = unsafe { with_world(world, |w| spawn(w, archetype, position, EntityKind::Npc)) }?;
        out_npc.write(npc.into());
        Ok(())
    })
}

/// Spawns a smart object of `archetype` (one that only supplies actions) at `position`.
///
/// # Safety
/// `world` must be NULL or live; `out_object` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_object_spawn(
    world: *mut motive_world,
    archetype: motive_archetype_id,
    position: motive_vec3,
    out_object: *mut motive_object,
) -> motive_status {
    guard(|| {
        let out_object = out(out_object, "out_object")?;
        // SAFETY: pointer validity is this function's contract.
        let object =
            unsafe { with_world(world, |w| spawn(w, archetype, position, EntityKind::Object)) }?;
        out_object.write(object.into());
        Ok(())
    })
}

/// Which brain decides for an NPC (`motive_npc_brain`): which explanation queries answer.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_brain {
    /// Drives and utility planning: `motive_npc_explain`, candidates, drives, goals.
    Udgoap = 0,
    /// GOAP: `motive_npc_goap_decision`, `motive_npc_goap_goals`.
    Goap = 1,
    /// Utility-based control: `motive_npc_ubc_decision`, `motive_npc_ubc_ratings`.
    Ubc = 2,
    /// Behaviour trees: `motive_npc_bt_layers`, `motive_npc_bt_running`, hints, blackboard.
    Bt = 3,
}

/// The brain deciding for `npc` (a `motive_brain`) in `*out_brain`, so that tools ask the
/// queries that answer for it instead of trying each.
///
/// # Safety
/// `world` must be NULL or live; `out_brain` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_brain(
    world: *const motive_world,
    npc: motive_npc,
    out_brain: *mut u32,
) -> motive_status {
    use crate::core::brains::Brain;
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_brain, "out_brain", |w| {
            Ok(match w.mind(npc.into())?.brain.kind() {
                Brain::Udgoap => motive_brain::Udgoap,
                Brain::Goap => motive_brain::Goap,
                Brain::Ubc => motive_brain::Ubc,
                Brain::Bt => motive_brain::Bt,
            } as u32)
        })
    }
}

/// Makes `npc` think now, whatever its schedule: sense, update drives and goals, and plan if it
/// is not performing an action. Requests appear in the event queue.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_think_now(
    world: *mut motive_world,
    npc: motive_npc,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.think_now(npc.into())?)) })
}

/// Gives `npc` an external drive (an order, a map annotation); the drive's removal triggers
/// remove it later with its goals. `MOTIVE_STATUS_ALREADY_EXISTS` if the NPC holds it.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_add_drive(
    world: *mut motive_world,
    npc: motive_npc,
    drive: motive_drive_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe {
        with_world(world, |w| {
            Ok(w.add_external_drive(npc.into(), DriveId(drive))?)
        })
    })
}

/// The drives of a UDGOAP NPC; none for an NPC of another brain (drives are UDGOAP's).
fn drives_of(mind: &Mind) -> &[DriveState] {
    mind.brain.udgoap().map_or(&[], |u| &u.drives)
}

/// The goals of a UDGOAP NPC; none for an NPC of another brain.
fn goals_of(mind: &Mind) -> &[GoalState] {
    mind.brain.udgoap().map_or(&[], |u| &u.goals)
}

/// The last UDGOAP decision's record; `None` for an NPC of another brain, which the calls
/// below report as an explanation with no decision, as before the brains were split.
fn explanation_of(mind: &Mind) -> Option<&Explanation> {
    mind.brain.udgoap().map(|u| &u.explanation)
}

/// Checks the list arguments, then fills them from the mind of `npc` under the world lock.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
unsafe fn list_from_mind<T: Copy>(
    world: *const motive_world,
    npc: motive_npc,
    buffer: *mut T,
    capacity: usize,
    out_count: *mut usize,
    fill: impl FnOnce(&Mind, OutList<T>) -> super::guard::FfiResult<()>,
) -> motive_status {
    // SAFETY: forwarded from this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            fill(w.mind(npc.into())?, list)
        })
    }
}

/// Copies `npc`'s drives (internal first, then external) into `buffer`. `*out_count` receives
/// the number of drives even when the buffer is too small (`MOTIVE_STATUS_BUFFER_TOO_SMALL`);
/// pass NULL and 0 to ask for the count.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL or writable for `capacity` items; `out_count`
/// NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_drives(
    world: *const motive_world,
    npc: motive_npc,
    buffer: *mut motive_drive_state,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_from_mind(world, npc, buffer, capacity, out_count, |mind, list| {
            let items = drives_of(mind).iter().map(|d| motive_drive_state {
                drive: d.drive.0,
                external: d.external,
                satisfaction: d.satisfaction,
            });
            list.fill(items)
        })
    }
}

/// Copies `npc`'s goals into `buffer`, like `motive_npc_drives`.
///
/// # Safety
/// As `motive_npc_drives`.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_goals(
    world: *const motive_world,
    npc: motive_npc,
    buffer: *mut motive_goal_state,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_from_mind(world, npc, buffer, capacity, out_count, |mind, list| {
            let items = goals_of(mind).iter().map(|g| motive_goal_state {
                goal: g.goal.0,
                drive_index: g.drive,
                subject: g.subject.into(),
                completeness: g.completeness,
            });
            list.fill(items)
        })
    }
}

/// Copies the rest of `npc`'s plan into `buffer`, like `motive_npc_drives`: the step it is
/// performing (see `motive_npc_running_action`) first, then those not yet started. Empty once
/// the plan is done or dropped.
///
/// # Safety
/// As `motive_npc_drives`.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_plan(
    world: *const motive_world,
    npc: motive_npc,
    buffer: *mut motive_plan_step,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_from_mind(world, npc, buffer, capacity, out_count, |mind, list| {
            list.fill(mind.remaining_plan().iter().map(|s| plan_step(*s)))
        })
    }
}

/// The action `npc` is performing; `MOTIVE_STATUS_NOT_FOUND` when it is idle.
///
/// # Safety
/// `world` must be NULL or live; `out_action` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_running_action(
    world: *const motive_world,
    npc: motive_npc,
    out_action: *mut motive_running_action,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_action, "out_action", |w| {
            let running = w.mind(npc.into())?.running.ok_or_else(|| {
                crate::core::Error::new(
                    crate::core::ErrorKind::NotFound,
                    "the npc is not performing an action",
                )
            })?;
            Ok(motive_running_action {
                action: running.step.action.0,
                target: running.step.supplier.into(),
                request: running.request,
                elapsed: running.elapsed,
                part: match running.part {
                    Part::Alone => motive_action_part::Alone,
                    Part::Waiting => motive_action_part::Waiting,
                    Part::Leading => motive_action_part::Leading,
                    Part::Helping(_) => motive_action_part::Helping,
                } as u32,
                leader: match running.part {
                    Part::Leading => npc,
                    Part::Helping(leader) => leader.into(),
                    Part::Alone | Part::Waiting => Entity::NULL.into(),
                },
            })
        })
    }
}

/// The goal `npc`'s plan pursues; `MOTIVE_STATUS_NOT_FOUND` when it has no plan left or its
/// plan gains no goal.
///
/// # Safety
/// `world` must be NULL or live; `out_goal` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_current_goal(
    world: *const motive_world,
    npc: motive_npc,
    out_goal: *mut motive_current_goal,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_goal, "out_goal", |w| {
            let focus = w.mind(npc.into())?.current_goal().ok_or_else(|| {
                crate::core::Error::new(
                    crate::core::ErrorKind::NotFound,
                    "the npc pursues no goal: it has no plan left",
                )
            })?;
            Ok(motive_current_goal {
                goal: focus.goal.0,
                drive: focus.drive.0,
                subject: focus.subject.into(),
                before: focus.before,
                after: focus.after,
            })
        })
    }
}

/// Summary of `npc`'s last decision: why it does what it does.
///
/// # Safety
/// `world` must be NULL or live; `out_explanation` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_explain(
    world: *const motive_world,
    npc: motive_npc,
    out_explanation: *mut motive_explanation,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_explanation, "out_explanation", |w| {
            let none = Explanation::default();
            let ex = explanation_of(w.mind(npc.into())?).unwrap_or(&none);
            Ok(motive_explanation {
                time: ex.time,
                result: search_result(ex.status) as u32,
                expanded: ex.stats.expanded,
                generated: ex.stats.generated,
                duplicates: ex.stats.duplicates,
                peak_bytes: ex.stats.peak_bytes as u64,
                candidate_count: ex.candidates.len() as u32,
                drive_count: ex.drives as u32,
                chosen: ex.chosen.unwrap_or(MOTIVE_NO_ID),
            })
        })
    }
}

/// Copies the candidate plan states of `npc`'s last decision into `buffer`, in the order they
/// were generated, like `motive_npc_drives`.
///
/// # Safety
/// As `motive_npc_drives`.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_explain_candidates(
    world: *const motive_world,
    npc: motive_npc,
    buffer: *mut motive_candidate,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_from_mind(world, npc, buffer, capacity, out_count, |mind, list| {
            let candidates = explanation_of(mind).map_or(&[][..], |ex| &ex.candidates);
            list.fill(candidates.iter().map(candidate))
        })
    }
}

/// Copies the drive satisfactions behind each candidate of `npc`'s last decision:
/// `drive_count` values per candidate, candidates in order, like `motive_npc_drives`.
///
/// # Safety
/// As `motive_npc_drives`.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_explain_satisfactions(
    world: *const motive_world,
    npc: motive_npc,
    buffer: *mut f64,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_from_mind(world, npc, buffer, capacity, out_count, |mind, list| {
            let values = explanation_of(mind).map_or(&[][..], |ex| &ex.satisfactions);
            list.fill(values.iter().copied())
        })
    }
}
