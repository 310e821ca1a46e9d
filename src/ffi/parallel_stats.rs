//! What a world's think threads did: `motive_world_parallel_stats`, so that an engine that
//! set threads (`motive_world_set_think_threads`) or thinks ranges on its job system
//! (`motive_world_think_range`) can see whether its ticks decided ahead, and how often a
//! decision taken ahead had to be taken again at its turn.

use crate::core::world::think_ahead::ParallelStats;
use crate::ffi::status::motive_status;
use crate::ffi::world::{motive_world, query};

/// Counts of the thinks a world decided ahead of their turn, since it was created or loaded
/// (a save holds none).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct motive_parallel_stats {
    /// Think phases open to deciding ahead: the ticks motive's own threads decided ahead (a
    /// tick with fewer due thinks that can decide ahead than the world's minimum, 256, thinks
    /// on the calling thread alone), and every `motive_world_tick_begin` with thinks due. The
    /// thinks that can are those of UDGOAP NPCs and of UBC NPCs with nothing running (GOAP and
    /// behaviour-tree NPCs think at their turn).
    pub phases: u64,
    /// Thinks decided ahead of their turn and reached in their tick.
    pub decided_ahead: u64,
    /// Of those, the ones whose decision was checked again at their turn.
    pub checked: u64,
    /// Of those checked, the ones whose reads no longer held, decided again at their turn:
    /// work the threads did for nothing.
    pub stale: u64,
}

impl From<ParallelStats> for motive_parallel_stats {
    fn from(s: ParallelStats) -> Self {
        motive_parallel_stats {
            phases: s.phases,
            decided_ahead: s.decided_ahead,
            checked: s.checked,
            stale: s.stale,
        }
    }
}

/// Writes to `*out_stats` what the world's think threads (its own, or the engine's through
/// `motive_world_think_range`) decided ahead since it was created or loaded. The events and
/// decisions are the same whatever these say. A read: it leaves a GOAP arena's gathered inputs
/// standing, so a frame may read it. Like every call but `motive_world_think_range` and
/// `motive_world_tick_end`, it fails with `MOTIVE_STATUS_TICK_OPEN` while a tick is open.
///
/// # Safety
/// `world` must be NULL or live; `out_stats` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_parallel_stats(
    world: *const motive_world,
    out_stats: *mut motive_parallel_stats,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_stats, "out_stats", |w| {
            Ok(w.parallel_stats().into())
        })
    }
}
