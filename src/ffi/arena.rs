//! Caller-owned search arenas: plan directly, from any thread that holds the world, into memory
//! the caller controls (the plan is a view into the arena, valid until it is reset). GOAP
//! searches in an arena are in `goap_search.rs`.

use bumpalo::Bump;

use super::goap_search::GoapSlot;
use super::guard::{guard, guard_value};
use super::handles::motive_npc;
use super::minds::{motive_plan_step, plan_step, search_result};
use super::pointers::{borrow_mut, free, out};
use super::status::motive_status;
use super::world::{motive_world, with_world};

/// An arena for planning: memory for plan views, and the reusable buffers of at most one GOAP
/// search in flight (`motive_arena_goap_begin`). One arena serves one call at a time and holds
/// one search at a time: give each job thread its own.
pub struct motive_arena {
    /// Plan views.
    pub(super) bump: Bump,
    /// The GOAP search in flight, or the buffers of the last one.
    pub(super) goap: GoapSlot,
}

/// A plan in an arena: `steps[0..count]` in execution order, valid until the arena is reset or
/// destroyed.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_plan_view {
    /// The steps; NULL when `count` is 0.
    pub steps: *const motive_plan_step,
    /// Number of steps.
    pub count: usize,
    /// A `motive_search_result`.
    pub result: u32,
    /// Plan states expanded.
    pub expanded: u32,
    /// Plan states simulated.
    pub generated: u32,
    /// Bytes the arena held after the search.
    pub peak_bytes: u64,
}

/// Creates an arena that first reserves `capacity_hint` bytes (0 reserves on first use).
///
/// # Safety
/// `out_arena` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_arena_create(
    capacity_hint: usize,
    out_arena: *mut *mut motive_arena,
) -> motive_status {
    guard(|| {
        let out_arena = out(out_arena, "out_arena")?;
        let bump = Bump::try_with_capacity(capacity_hint).map_err(|_| {
            super::guard::FfiError::invalid(format!("cannot reserve {capacity_hint} bytes"))
        })?;
        out_arena.write(Box::into_raw(Box::new(motive_arena {
            bump,
            goap: GoapSlot::default(),
        })));
        Ok(())
    })
}

/// Destroys an arena and every plan view into it. NULL does nothing.
///
/// # Safety
/// `arena` must be NULL or a live arena not used by another call.
#[no_mangle]
pub unsafe extern "C" fn motive_arena_destroy(arena: *mut motive_arena) {
    // SAFETY: forwarded from this function's contract.
    guard_value((), || unsafe { free(arena) })
}

/// Forgets everything in the arena, keeping its memory for reuse: plan views into it become
/// invalid, and its GOAP search, if any, ends (its buffers are kept for the next one).
///
/// # Safety
/// `arena` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_arena_reset(arena: *mut motive_arena) -> motive_status {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let arena = unsafe { borrow_mut(arena, "arena") }?;
        arena.goap.end_search();
        arena.bump.reset();
        Ok(())
    })
}

/// Bytes the arena holds for plan views (a GOAP search's own buffers are counted in its
/// `motive_goap_plan_view.peak_bytes`).
///
/// # Safety
/// `arena` must be NULL or live; `out_bytes` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_arena_allocated_bytes(
    arena: *mut motive_arena,
    out_bytes: *mut usize,
) -> motive_status {
    guard(|| {
        let out_bytes = out(out_bytes, "out_bytes")?;
        // SAFETY: forwarded from this function's contract.
        out_bytes.write(
            unsafe { borrow_mut(arena, "arena") }?
                .bump
                .allocated_bytes(),
        );
        Ok(())
    })
}

/// Plans for `npc` from what it knows now, with all search memory in `arena`, without changing
/// the NPC (its own plan and explanation stay as they are). Expands at most `max_expansions`
/// states (0: the archetype's limit; at most `MOTIVE_MAX_PLAN_EXPANSIONS`). `*out_view` points
/// into the arena.
///
/// # Safety
/// `world` and `arena` must be NULL or live; `out_view` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_plan_into(
    world: *mut motive_world,
    npc: motive_npc,
    arena: *mut motive_arena,
    max_expansions: u32,
    out_view: *mut motive_plan_view,
) -> motive_status {
    guard(|| {
        let out_view = out(out_view, "out_view")?;
        // SAFETY: forwarded from this function's contract.
        let bump = &unsafe { borrow_mut(arena, "arena") }?.bump;
        // SAFETY: forwarded from this function's contract.
        let (steps, status, stats) = unsafe {
            with_world(world, |w| {
                Ok(w.plan_into(npc.into(), bump, max_expansions)?)
            })
        }?;
        let steps = bump.alloc_slice_fill_iter(steps.iter().map(|s| plan_step(*s)));
        out_view.write(motive_plan_view {
            steps: if steps.is_empty() {
                std::ptr::null()
            } else {
                steps.as_ptr()
            },
            count: steps.len(),
            result: search_result(Some(status)) as u32,
            expanded: stats.expanded,
            generated: stats.generated,
            peak_bytes: bump.allocated_bytes() as u64,
        });
        Ok(())
    })
}
