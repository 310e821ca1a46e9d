//! GOAP NPCs through the C ABI: sensor interrupts, relevance bias, the goal pursued and why
//! (each goal's relevance, bias and satisfaction, and the last decision), and the planning
//! budget actually spent.

use super::goap_definitions::motive_goap_goal_id;
use super::guard::guard;
use super::handles::motive_npc;
use super::minds::{search_result, MOTIVE_NO_ID};
use super::status::motive_status;
use super::world::{list_query, motive_world, query, with_world};
use crate::core::model::goap::GoapGoalId;

/// The last GOAP decision of an NPC.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_goap_decision {
    /// World time the decision ended, in seconds.
    pub time: f64,
    /// The goal the plan pursues, or `MOTIVE_NO_ID` when no goal had a plan.
    pub goal: motive_goap_goal_id,
    /// How the last search ended: a `motive_search_result`.
    pub result: u32,
    /// Goals tried, the chosen one included (most relevant first).
    pub tried: u32,
    /// Nodes expanded over all goals tried.
    pub expanded: u32,
    /// Nodes generated over all goals tried.
    pub generated: u32,
    /// The plan's cost.
    pub cost: f64,
    /// No goal had a plan and the archetype's fallback action was chosen.
    pub fallback: bool,
    /// A plan request is waiting in the world's planning queue.
    pub queued: bool,
}

/// One GOAP goal of an NPC, as its last think saw it.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_goap_goal_state {
    /// The goal definition.
    pub goal: motive_goap_goal_id,
    /// Relevance including the bias.
    pub relevance: f64,
    /// The additive bias set with `motive_npc_set_goal_bias`.
    pub bias: f64,
    /// Whether its requirements held.
    pub satisfied: bool,
}

/// Marks a significant fact change for `npc` (a sensor interrupt): at its next think it
/// re-selects its goal and replans, cancelling its running action
/// (`MOTIVE_EVENT_KIND_ACTION_CANCELLED`). `npc` must have GOAP goals.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_interrupt(
    world: *mut motive_world,
    npc: motive_npc,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.interrupt(npc.into())?)) })
}

/// Sets the additive relevance bias (finite, may be negative) of `goal` for `npc`: how a
/// superior recommends goals. A goal the NPC does not have is unaffected.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_set_goal_bias(
    world: *mut motive_world,
    npc: motive_npc,
    goal: motive_goap_goal_id,
    bias: f64,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe {
        with_world(world, |w| {
            Ok(w.set_goal_bias(npc.into(), GoapGoalId(goal), bias)?)
        })
    })
}

/// The last GOAP decision of `npc`: the goal pursued and how planning went.
///
/// # Safety
/// `world` must be NULL or live; `out_decision` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_goap_decision(
    world: *const motive_world,
    npc: motive_npc,
    out_decision: *mut motive_goap_decision,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_decision, "out_decision", |w| {
            let mind = w.goap_mind(npc.into())?;
            let d = mind.decision;
            Ok(motive_goap_decision {
                time: d.time,
                goal: mind.goal.map_or(MOTIVE_NO_ID, |g| g.0),
                result: search_result(d.status) as u32,
                tried: d.tried,
                expanded: d.stats.expanded,
                generated: d.stats.generated,
                cost: d.cost,
                fallback: d.fallback,
                queued: mind.queued,
            })
        })
    }
}

/// Copies `npc`'s GOAP goals (archetype order) with their relevance, bias and satisfaction at
/// its last think into `buffer`; `*out_count` receives the number of goals even when the
/// buffer is too small (`MOTIVE_STATUS_BUFFER_TOO_SMALL`).
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_goap_goals(
    world: *const motive_world,
    npc: motive_npc,
    buffer: *mut motive_goap_goal_state,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            let npc = npc.into();
            let mind = w.goap_mind(npc)?;
            let archetype = w.archetype(npc)?.expect("a goap mind has an archetype");
            let goals = &w.domain().archetype(archetype).goap_goals;
            list.fill(
                goals
                    .iter()
                    .enumerate()
                    .map(|(i, g)| motive_goap_goal_state {
                        goal: g.0,
                        relevance: mind.relevance[i],
                        bias: mind.bias[i],
                        satisfied: mind.satisfied[i],
                    }),
            )
        })
    }
}

/// Planner expansions spent in the last tick, UDGOAP and GOAP together: never more than the
/// world's `plan_budget_per_tick` when that is set.
///
/// # Safety
/// `world` must be NULL or live; `out_expansions` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_last_tick_expansions(
    world: *const motive_world,
    out_expansions: *mut u32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_expansions, "out_expansions", |w| {
            Ok(w.last_tick_expansions())
        })
    }
}
