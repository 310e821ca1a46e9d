//! Per-NPC decision history through the C ABI (`src/core/world/history.rs`): turning it on,
//! and reading an NPC's entries, oldest first, with their plans and scores.

use super::events::event_kind;
use super::guard::guard;
use super::handles::{motive_entity, motive_npc};
use super::minds::{motive_plan_step, plan_step, MOTIVE_NO_ID};
use super::status::motive_status;
use super::world::{list_query, motive_world, query, with_world};
use crate::core::world::history::{HistoryEntry, Moment};
use crate::core::{Entity, World};

/// One entry of an NPC's history.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_history_entry {
    /// World time, in seconds.
    pub time: f64,
    /// True for a decision (the brain chose a plan, possibly an empty one); false for an event.
    pub decision: bool,
    /// For an event, its `motive_event_kind`; 0 for a decision.
    pub event_kind: u32,
    /// The event's action, or `MOTIVE_NO_ID`.
    pub action: u32,
    /// The event's target, or null.
    pub target: motive_entity,
    /// The goal pursued at a decision, as the brain names it (a GOAP goal id for GOAP, a UDGOAP
    /// goal id for UDGOAP), or `MOTIVE_NO_ID`.
    pub goal: u32,
    /// Steps of the plan chosen (`motive_npc_history_plan`).
    pub plan_length: usize,
    /// Scores at the decision (`motive_npc_history_scores`).
    pub score_count: usize,
    /// Plans weighed at the decision (`motive_npc_history_candidates`).
    pub candidate_count: usize,
}

/// A plan a brain weighed at a decision of an NPC's history.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_history_candidate {
    /// The action it adds to the plan it extends (the search builds plans a step at a time,
    /// not always at the end), or `MOTIVE_NO_ID` for the empty plan (doing nothing).
    pub action: u32,
    /// That action's target, or null.
    pub target: motive_entity,
    /// Steps in the plan.
    pub depth: u32,
    /// Its rating (UDGOAP: the top-level utility after it).
    pub utility: f64,
    /// Whether it is the plan chosen.
    pub chosen: bool,
}

/// Keeps the last `entries` decisions and events of every NPC and squad of `world` from now on
/// (at most 4,096; 0, the default, turns history off and forgets it). Off, recording costs a
/// branch; on, each NPC's ring is reserved at its first entry and then reused, so ticks still
/// allocate nothing. A save leaves history out.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_set_history(
    world: *mut motive_world,
    entries: u32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.set_history(entries)?)) })
}

/// The number of entries `npc`'s history holds now, in `*out_count`.
///
/// # Safety
/// `world` must be NULL or live; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_history_count(
    world: *const motive_world,
    npc: motive_npc,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_count, "out_count", |w| {
            Ok(w.history(npc.into())?.count())
        })
    }
}

/// Entry `index` (0 the oldest) of `npc`'s history; `MOTIVE_STATUS_NOT_FOUND` past the last.
///
/// # Safety
/// `world` must be NULL or live; `out_entry` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_history_entry(
    world: *const motive_world,
    npc: motive_npc,
    index: usize,
    out_entry: *mut motive_history_entry,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_entry, "out_entry", |w| {
            let e = entry(w, npc, index)?;
            let (decision, kind) = match e.moment {
                Moment::Decision => (true, 0),
                Moment::Event(kind) => (false, event_kind(kind) as u32),
            };
            Ok(motive_history_entry {
                time: e.time,
                decision,
                event_kind: kind,
                action: e.action.map_or(MOTIVE_NO_ID, |a| a.0),
                target: e.target.into(),
                goal: e.goal.unwrap_or(MOTIVE_NO_ID),
                plan_length: e.plan.len(),
                score_count: e.scores.len(),
                candidate_count: e.candidates.len(),
            })
        })
    }
}

/// Copies the plan chosen at entry `index` of `npc`'s history into `buffer`, like
/// `motive_npc_plan` (empty for events).
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_history_plan(
    world: *const motive_world,
    npc: motive_npc,
    index: usize,
    buffer: *mut motive_plan_step,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            list.fill(entry(w, npc, index)?.plan.iter().map(|s| plan_step(*s)))
        })
    }
}

/// Copies the scores at entry `index` of `npc`'s history into `buffer`: GOAP each goal's
/// relevance with bias (archetype order), UDGOAP each drive's satisfaction, UBC each plan's
/// gain (NaN when no target allowed it); none for events and behaviour trees.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_history_scores(
    world: *const motive_world,
    npc: motive_npc,
    index: usize,
    buffer: *mut f64,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            list.fill(entry(w, npc, index)?.scores.iter().copied())
        })
    }
}

/// Copies the plans weighed at entry `index` of `npc`'s history into `buffer` (UDGOAP's
/// candidates, in the order its search rated them; none for the other brains, whose
/// alternatives are their scores, and for events).
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_history_candidates(
    world: *const motive_world,
    npc: motive_npc,
    index: usize,
    buffer: *mut motive_history_candidate,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            list.fill(
                entry(w, npc, index)?
                    .candidates
                    .iter()
                    .map(|c| motive_history_candidate {
                        action: c.step.map_or(MOTIVE_NO_ID, |s| s.action.0),
                        target: c.step.map_or(Entity::NULL, |s| s.supplier).into(),
                        depth: c.depth,
                        utility: c.utility,
                        chosen: c.chosen,
                    }),
            )
        })
    }
}

/// Entry `index` of `npc`'s history, or not-found.
fn entry(w: &World, npc: motive_npc, index: usize) -> crate::core::Result<&HistoryEntry> {
    w.history(npc.into())?.nth(index).ok_or_else(|| {
        crate::core::Error::new(
            crate::core::model::error::ErrorKind::NotFound,
            format!("the NPC's history has no entry {index}"),
        )
    })
}
