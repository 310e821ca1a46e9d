//! The world's spatial index through the C ABI: its cell size, and rebuilding it between ticks.

use super::guard::guard;
use super::status::motive_status;
use super::world::{motive_world, query, with_world};

/// Sets the side of the square ground-plane (x, z) cells of `world`'s spatial index, which
/// finds the entities within NPCs' perception range. Only speed depends on it (results are
/// exact with any size); it is best at a quarter to a half of the perception ranges. A world
/// starts with half the largest finite perception range among its domain's NPC archetypes (10
/// when none is finite). `cell_size` must be finite and > 0; otherwise
/// `MOTIVE_STATUS_INVALID_ARGUMENT` and nothing changes.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_set_spatial_cell_size(
    world: *mut motive_world,
    cell_size: f32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.set_spatial_cell_size(cell_size)?)) })
}

/// Writes the side of `world`'s spatial index cells to `*out_cell_size`.
///
/// # Safety
/// `world` must be NULL or live; `out_cell_size` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_spatial_cell_size(
    world: *const motive_world,
    out_cell_size: *mut f32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_cell_size, "out_cell_size", |w| {
            Ok(w.spatial_cell_size())
        })
    }
}

/// Rebuilds `world`'s spatial index if an entity was created, destroyed or moved since it was
/// last built. `motive_world_tick` does it before thinks; call it after moving entities between
/// ticks so that direct planning calls (`motive_npc_plan_into`, `motive_goap_plan_into`,
/// `motive_arena_goap_begin`) use the index instead of testing every entity. Results are the
/// same either way.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_refresh_spatial_index(
    world: *mut motive_world,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe {
        with_world(world, |w| {
            w.refresh_spatial_index();
            Ok(())
        })
    })
}
