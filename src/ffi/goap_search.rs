//! Direct GOAP planning in a caller's arena — begun under the world lock, stepped in slices
//! without it, the plan copied out as a view — and the engine callbacks GOAP consults.
//!
//! A begin only reads the world, so it leaves the world's version as it was: a begin for the
//! NPC and goal of the arena's last one, at the same version, finds what that one gathered and
//! reruns its search with the new expansion limit, without gathering or comparing anything.

use std::ffi::c_void;
use std::sync::Arc;

use super::actions::motive_action_id;
use super::arena::motive_arena;
use super::goap_definitions::motive_goap_goal_id;
use super::guard::{guard, guard_value, FfiError, FfiResult};
use super::handles::{motive_entity, motive_npc};
use super::minds::search_result;
use super::pointers::{borrow_mut, null, out};
use super::status::motive_status;
use super::user_data::UserData;
use super::world::{motive_world, with_world, with_world_reading, WorldVersion};
use crate::core::brains::goap::bind_cache::BindStats;
use crate::core::brains::goap::gather::{ContextCallback, GoapInputs, RelevanceCallback};
use crate::core::brains::goap::{GoapSearch, Workspace};
use crate::core::brains::SearchStatus;
use crate::core::model::action::ActionId;
use crate::core::model::goap::GoapGoalId;
use crate::core::{Entity, EntityKind, World};

/// The GOAP side of a `motive_arena`: the search in flight, or the last one, ended, whose
/// buffers (and binding) the next reuses in place, so that, once warmed up, searches allocate
/// nothing and the workspace is never moved.
pub(crate) struct GoapSlot {
    inputs: GoapInputs,
    search: GoapSearch,
    /// Whether `search` is the arena's search (false before the first begin, after a reset and
    /// after a failed begin).
    active: bool,
    /// What `inputs` were gathered for, and `search` last began from: a begin for the same
    /// NPC and goal in a world not written since finds the same inputs, so it gathers nothing
    /// (issue 33: what stays per call is proportional to what changed).
    gathered: Option<Gathered>,
}

/// The request a slot's inputs were gathered for, and from which world as it was.
#[derive(Clone, Copy, PartialEq)]
struct Gathered {
    world: WorldVersion,
    npc: Entity,
    goal: motive_goap_goal_id,
}

impl Default for GoapSlot {
    fn default() -> Self {
        GoapSlot {
            inputs: GoapInputs::default(),
            search: GoapSearch::idle(Workspace::default()),
            active: false,
            gathered: None,
        }
    }
}

impl GoapSlot {
    /// Ends the search in flight, if any, keeping its buffers.
    pub(crate) fn end_search(&mut self) {
        self.active = false;
    }

    fn search(&self) -> FfiResult<&GoapSearch> {
        match self.active {
            true => Ok(&self.search),
            false => Err(no_search()),
        }
    }

    fn search_mut(&mut self) -> FfiResult<&mut GoapSearch> {
        match self.active {
            true => Ok(&mut self.search),
            false => Err(no_search()),
        }
    }
}

fn no_search() -> FfiError {
    FfiError::new(
        motive_status::NotFound,
        "the arena holds no GOAP search: begin one with motive_arena_goap_begin (motive_arena_reset ends it)",
    )
}

/// One step of a GOAP plan.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_goap_step {
    /// The action.
    pub action: motive_action_id,
    /// Its target: the entity that supplies it (the NPC itself for what it supplies).
    pub target: motive_entity,
    /// Its cost: the action's cost plus the cost of the distance to the target when the search
    /// began (its cost per distance times the distance, plus its distance curve's cost, if any).
    pub cost: f64,
}

/// A GOAP search's plan in an arena: `steps[0..count]` in execution order, valid until the
/// arena is reset or destroyed.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_goap_plan_view {
    /// The steps; NULL when `count` is 0 (no plan yet, none found, or the goal already holds).
    pub steps: *const motive_goap_step,
    /// Number of steps.
    pub count: usize,
    /// The plan's total cost (0 without steps).
    pub cost: f64,
    /// A `motive_search_result`: found, in progress, exhausted or expansion limit.
    pub result: u32,
    /// Nodes expanded so far.
    pub expanded: u32,
    /// Nodes generated so far.
    pub generated: u32,
    /// Bytes the search's reusable buffers hold.
    pub peak_bytes: u64,
}

/// Checks what `World::goap_restart` would reject for the handle and the goal, with the
/// messages the C ABI gives.
fn check_request(w: &World, npc: Entity, goal: motive_goap_goal_id) -> FfiResult<()> {
    // One lookup for both the kind and the archetype.
    let record = w.record(npc, None)?;
    if record.kind() != EntityKind::Npc {
        return Err(FfiError::invalid(
            "npc names a smart object: only NPCs plan",
        ));
    }
    if record.archetype().is_none() {
        return Err(FfiError::invalid(
            "the npc has no archetype (spawn it with motive_npc_spawn): it has no actions to plan with",
        ));
    }
    w.domain().goap_goals().get(goal)?;
    Ok(())
}

/// Begins a search in `arena`, ending the one in flight first.
///
/// # Safety
/// `world` must be NULL or live.
unsafe fn begin(
    arena: &mut motive_arena,
    world: *const motive_world,
    npc: motive_npc,
    goal: motive_goap_goal_id,
    max_expansions: u32,
) -> FfiResult<()> {
    if world.is_null() {
        return Err(null("world"));
    }
    let slot = &mut arena.goap;
    slot.end_search();
    let npc: Entity = npc.into();
    // SAFETY: forwarded from this function's contract.
    unsafe {
        with_world_reading(world, |w, version| {
            let request = Gathered {
                world: version,
                npc,
                goal,
            };
            // The checks below passed for this request, and the world is as it was then: only
            // the expansion limit may be new. Taken out, so that a begin failing here (a bad
            // limit) leaves the next one to gather afresh, as any failed begin does.
            if slot.gathered.take() == Some(request)
                && slot.inputs.rerun(&mut slot.search, max_expansions)?
            {
                slot.gathered = Some(request);
                return Ok(());
            }
            check_request(w, npc, goal)?;
            let (inputs, search) = (&mut slot.inputs, &mut slot.search);
            w.goap_restart(npc, GoapGoalId(goal), inputs, search, max_expansions)?;
            slot.gathered = Some(request);
            Ok(())
        })
    }?;
    slot.active = true;
    Ok(())
}

/// Copies the plan of the arena's search into its bump.
// Inlined, so that the view reaches the caller's out-parameter from registers: returned
// through memory, written field by field and read back 16 bytes at a time, it stalled
// store forwarding (perf annotate, the soldier through `motive_goap_plan_into`: half of that
// function's own time).
#[inline(always)]
fn plan_view(arena: &motive_arena) -> FfiResult<motive_goap_plan_view> {
    let search = arena.goap.search()?;
    let steps = arena
        .bump
        .alloc_slice_fill_iter(search.plan().iter().map(|s| motive_goap_step {
            action: s.action.0,
            target: s.target.into(),
            cost: s.cost,
        }));
    let stats = search.stats();
    let found = search.status() == SearchStatus::Found;
    Ok(motive_goap_plan_view {
        steps: if steps.is_empty() {
            std::ptr::null()
        } else {
            steps.as_ptr()
        },
        count: steps.len(),
        cost: if found { search.cost() } else { 0.0 },
        result: search_result(Some(search.status())) as u32,
        expanded: stats.expanded,
        generated: stats.generated,
        peak_bytes: stats.peak_bytes as u64,
    })
}

/// Begins a GOAP search in `arena` for `npc` towards the GOAP goal `goal`, over the actions
/// its archetype consumes and the entities it perceives, expanding at most `max_expansions`
/// nodes in all (0: the archetype's limit; at most `MOTIVE_MAX_PLAN_EXPANSIONS`). Step it with `motive_arena_goap_step`.
///
/// Binding happens here, under the world lock: every action is bound to every perceived
/// target that supplies it, its operands read from the world's facts, its cost computed, and
/// the world's context callback asked, on this thread, for actions whose planning asks for it.
/// The arena keeps the binding, and the next search in it reuses it when only whose turn it
/// is or the costs' inputs differ (found plans are the same as a fresh binding's): for the
/// same NPC, targets and facts read, with its costs computed again when positions, contention
/// or ambiance moved; for another NPC whose targets and facts read correspond but for itself
/// (soldiers of one archetype planning over the actions each supplies itself), handed to it.
/// It binds again otherwise, and always when the context callback was asked while binding
/// (then every search binds, and asks, again).
/// After this call the search needs no world: the world may change or be destroyed meanwhile.
///
/// A search already in the arena ends first — once the arguments are checked for NULL — even
/// when this call then fails (the arena then holds none); its buffers are reused. The NPC itself is not changed (its own plan stays).
/// One arena holds one search: give each thread that plans its own.
///
/// # Safety
/// `arena` must be NULL or a live arena not used by another call (nor by the context
/// callback); `world` NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_arena_goap_begin(
    arena: *mut motive_arena,
    world: *const motive_world,
    npc: motive_npc,
    goal: motive_goap_goal_id,
    max_expansions: u32,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let arena = unsafe { borrow_mut(arena, "arena") }?;
        // SAFETY: as above.
        unsafe { begin(arena, world, npc, goal, max_expansions) }
    })
}

/// Expands at most `max_expansions` more nodes of the arena's GOAP search (`UINT32_MAX`: until
/// it ends; its total limit from `motive_arena_goap_begin` applies either way) and writes where
/// it stands, a `motive_search_result`, to `*out_result`. Needs no world: a job thread may step
/// while other threads use the world.
///
/// Returns `MOTIVE_STATUS_IN_PROGRESS` (not a failure; `*out_result` is
/// `MOTIVE_SEARCH_RESULT_IN_PROGRESS`) while the search goes on, and `MOTIVE_STATUS_OK` once it
/// ended, `*out_result` telling how: `FOUND`, `EXHAUSTED` (there is no plan) or
/// `EXPANSION_LIMIT`. Stepping an ended search returns the same again. A search that ends
/// without a plan is an answer, not a failure: `MOTIVE_STATUS_NO_PLAN` and
/// `MOTIVE_STATUS_BUDGET_EXHAUSTED` are not used here. `MOTIVE_STATUS_NOT_FOUND` when the arena
/// holds no search.
///
/// # Safety
/// `arena` must be NULL or a live arena not used by another call; `out_result` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_arena_goap_step(
    arena: *mut motive_arena,
    max_expansions: u32,
    out_result: *mut u32,
) -> motive_status {
    let mut in_progress = false;
    let status = guard(|| {
        let out_result = out(out_result, "out_result")?;
        // SAFETY: pointer validity is this function's contract.
        let arena = unsafe { borrow_mut(arena, "arena") }?;
        let status = arena.goap.search_mut()?.step(max_expansions);
        in_progress = status == SearchStatus::InProgress;
        out_result.write(search_result(Some(status)) as u32);
        Ok(())
    });
    if status == motive_status::Ok && in_progress {
        motive_status::InProgress
    } else {
        status
    }
}

/// Copies the plan of the arena's GOAP search into the arena and writes a view of it to
/// `*out_view`, valid until `motive_arena_reset` or `motive_arena_destroy`. The plan is empty
/// unless the result is `MOTIVE_SEARCH_RESULT_FOUND` (and then too when the goal already holds).
/// Each call copies again: reset the arena to reclaim the memory. `MOTIVE_STATUS_NOT_FOUND`
/// when the arena holds no search.
///
/// # Safety
/// `arena` must be NULL or a live arena not used by another call; `out_view` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_arena_goap_plan(
    arena: *mut motive_arena,
    out_view: *mut motive_goap_plan_view,
) -> motive_status {
    guard(|| {
        let out_view = out(out_view, "out_view")?;
        // SAFETY: pointer validity is this function's contract.
        let arena = unsafe { borrow_mut(arena, "arena") }?;
        out_view.write(plan_view(arena)?);
        Ok(())
    })
}

/// How the GOAP searches begun in an arena came by their bound actions, counted since the
/// arena was created (`motive_arena_goap_bind_stats`): whether the engine's way of sharing
/// arenas between NPCs lets them keep their binding.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct motive_goap_bind_stats {
    /// Searches that bound afresh (the arena's last binding did not fit: other targets, the
    /// context callback asked), or from the first action whose changed facts make it bind
    /// otherwise on.
    pub bound: u64,
    /// Searches that took the arena's last binding adjusted: handed to another NPC whose
    /// targets and facts read correspond but for itself, with its costs computed again for
    /// new positions, contention or ambiance, or with the actions whose facts read changed
    /// bound again on their targets.
    pub adjusted: u64,
    /// Searches that took the arena's last binding as it was.
    pub kept: u64,
}

/// Writes to `*out_stats` how the GOAP searches begun in `arena` since it was created came by
/// their bound actions (`motive_arena_reset` does not clear the counts).
///
/// # Safety
/// `arena` must be NULL or a live arena not used by another call; `out_stats` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_arena_goap_bind_stats(
    arena: *mut motive_arena,
    out_stats: *mut motive_goap_bind_stats,
) -> motive_status {
    guard(|| {
        let out_stats = out(out_stats, "out_stats")?;
        // SAFETY: pointer validity is this function's contract.
        let arena = unsafe { borrow_mut(arena, "arena") }?;
        let BindStats {
            bound,
            adjusted,
            patched,
            kept,
            ..
        } = arena.goap.search.bind_stats();
        out_stats.write(motive_goap_bind_stats {
            bound,
            adjusted: adjusted.saturating_add(patched),
            kept,
        });
        Ok(())
    })
}

/// Plans for `npc` towards the GOAP goal `goal` in one call: `motive_arena_goap_begin`, then
/// stepping until the search ends (at most `max_expansions` nodes, itself at most
/// `MOTIVE_MAX_PLAN_EXPANSIONS`; 0: the archetype's limit),
/// then `motive_arena_goap_plan`. The search stays in the arena, ended, until the next begin or
/// reset. `*out_view` points into the arena.
///
/// # Safety
/// `world` must be NULL or live; `arena` NULL or a live arena not used by another call (nor by
/// the context callback); `out_view` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_goap_plan_into(
    world: *const motive_world,
    npc: motive_npc,
    goal: motive_goap_goal_id,
    arena: *mut motive_arena,
    max_expansions: u32,
    out_view: *mut motive_goap_plan_view,
) -> motive_status {
    guard(|| {
        let out_view = out(out_view, "out_view")?;
        // SAFETY: pointer validity is this function's contract.
        let arena = unsafe { borrow_mut(arena, "arena") }?;
        // SAFETY: as above.
        unsafe { begin(arena, world, npc, goal, max_expansions) }?;
        arena.goap.search_mut()?.step(u32::MAX);
        out_view.write(plan_view(arena)?);
        Ok(())
    })
}

/// The engine's context precondition: may `npc` use `action` on `target` now (a line of
/// sight, a path, a free slot)? Return true to allow. `user` is the pointer given with it.
pub type motive_context_callback = Option<
    unsafe extern "C" fn(
        user: *mut c_void,
        npc: motive_npc,
        action: motive_action_id,
        target: motive_entity,
    ) -> bool,
>;

/// The engine's relevance of the GOAP goal `goal` for `npc` now, in [0, 1] (values outside
/// are clamped, NaN reads as 0). `user` is the pointer given with it.
pub type motive_relevance_callback = Option<
    unsafe extern "C" fn(user: *mut c_void, npc: motive_npc, goal: motive_goap_goal_id) -> f64,
>;

/// Sets `world`'s context callback (NULL `callback` clears it), asked whether `npc` may use
/// `action` on `target` for every action whose `motive_action_planning.engine_check` is set,
/// when that action is bound: in `motive_arena_goap_begin` and `motive_goap_plan_into`, and
/// when the world plans for its GOAP NPCs (`motive_world_tick`, `motive_npc_think_now`).
/// Without a callback such actions are allowed.
///
/// The callback runs on the thread that made the call that binds, while the world is locked
/// (so never on two threads at once for one world): it must not call functions on the same
/// world (they fail with `MOTIVE_STATUS_WORLD_LOCKED`) nor on the arena that is planning; if
/// the engine plans from job threads it must be callable there, and if it is shared by several
/// worlds, thread-safe. It must return normally (no exception or longjmp through motive).
/// `user` is passed back untouched and must stay valid until the world is destroyed or this
/// callback is replaced.
///
/// # Safety
/// `world` must be NULL or live; `callback` NULL or a function callable with these arguments
/// under the rules above.
#[no_mangle]
pub unsafe extern "C" fn motive_world_set_context_callback(
    world: *mut motive_world,
    callback: motive_context_callback,
    user: *mut c_void,
) -> motive_status {
    guard(|| {
        let user = UserData(user);
        let context = callback.map(|f| -> ContextCallback {
            Arc::new(move |npc: Entity, action: ActionId, target: Entity| {
                let user = user.get();
                guard_value(false, || {
                    // SAFETY: the caller promised, setting it, that `f` may be called with its
                    // `user` pointer and any npc, action id and entity, on this thread.
                    unsafe { f(user, npc.into(), action.0, target.into()) }
                })
            })
        });
        // SAFETY: pointer validity is this function's contract.
        unsafe {
            with_world(world, |w| {
                let mut callbacks = w.callbacks().clone();
                callbacks.context = context;
                w.set_callbacks(callbacks);
                Ok(())
            })
        }
    })
}

/// Sets `world`'s relevance callback (NULL `callback` clears it), asked the relevance of GOAP
/// goals whose `motive_relevance.kind` is `MOTIVE_RELEVANCE_KIND_ENGINE` when the world selects
/// goals for its GOAP NPCs (`motive_world_tick`, `motive_npc_think_now`). Without a callback
/// such goals have relevance 0.
///
/// The same rules as for `motive_world_set_context_callback` apply: it runs on the thread that
/// made the call, while the world is locked; it must not call back into the same world, must
/// be callable from every thread that ticks the world (thread-safe if shared by several
/// worlds), and `user` must stay valid until the world is destroyed or this callback is
/// replaced.
///
/// # Safety
/// `world` must be NULL or live; `callback` NULL or a function callable with these arguments
/// under the rules above.
#[no_mangle]
pub unsafe extern "C" fn motive_world_set_relevance_callback(
    world: *mut motive_world,
    callback: motive_relevance_callback,
    user: *mut c_void,
) -> motive_status {
    guard(|| {
        let user = UserData(user);
        let relevance = callback.map(|f| -> RelevanceCallback {
            Arc::new(move |npc: Entity, goal: GoapGoalId| {
                let user = user.get();
                guard_value(0.0, || {
                    // SAFETY: the caller promised, setting it, that `f` may be called with its
                    // `user` pointer and any npc and goal id, on this thread.
                    unsafe { f(user, npc.into(), goal.0) }
                })
            })
        });
        // SAFETY: pointer validity is this function's contract.
        unsafe {
            with_world(world, |w| {
                let mut callbacks = w.callbacks().clone();
                callbacks.relevance = relevance;
                w.set_callbacks(callbacks);
                Ok(())
            })
        }
    })
}
