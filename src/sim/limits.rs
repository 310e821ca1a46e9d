//! The headless engine's bounds on the loops its rules and callers drive: how many ticks one
//! run may take and how far a spawn rule catches up in one step, so that no document or call
//! makes `motive_sim_run` or `motive_sim_step` run for ever (issue 32). The C header repeats
//! them as `MOTIVE_MAX_*` (`src/ffi/limits.rs`), hence each `cbindgen:ignore`.

use crate::core::MAX_ENTITY_CAPACITY_HINT;

/// Most ticks one run may take, `seconds / step` (16,777,216: 233 hours at the default
/// 50 ms). A step of 1e-300 s made a one-minute run last for ever.
///
/// cbindgen:ignore
pub const MAX_RUN_TICKS: u32 = 1 << 24;

/// Most periods of one spawn rule, or of one scripted player rule, a step catches up: a step
/// longer than many periods spawns at most this many entities of the rule (reports at most
/// this many actions), and the periods missed beyond are dropped. A rule spawning every 1e-9 s
/// caught up a billion periods a step.
///
/// cbindgen:ignore
pub const MAX_SPAWN_CATCH_UP: u32 = 1 << 10;

/// Largest `max_alive` of a spawn rule: as many entities as a world's capacity hint may hold.
///
/// cbindgen:ignore
pub const MAX_SPAWN_ALIVE: u32 = MAX_ENTITY_CAPACITY_HINT;
