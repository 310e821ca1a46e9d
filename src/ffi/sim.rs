//! `motive_sim`: the headless simulator (`crate::sim::Simulator`) behind the C ABI, stepping
//! the world a scenario made (`motive_scenario_instantiate`) and playing the engine's part in
//! it: walks, performances, reports, spawns. The same run as `motive run` for the same
//! scenario, copies and seed.

use std::ffi::c_char;

use super::buffers::{copy_name, OutList};
use super::guard::{guard, guard_value, FfiError, FfiResult};
use super::handles::motive_entity;
use super::pointers::{borrow, borrow_mut, free, out};
use super::status::motive_status;
use super::world::{motive_world, with_world};
use crate::core::{Entity, World};
use crate::sim::{SimStats, Simulator};

/// What a simulator has done since it was made (`motive_sim_get_stats`). Actions are counted per
/// NPC taking part.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct motive_sim_stats {
    /// Steps run.
    pub ticks: u64,
    /// Thinks that produced a decision, "no plan" included.
    pub decisions: u64,
    /// Decisions after which the NPC holds a plan at the end of the tick.
    pub plans_adopted: u64,
    /// Actions started (engine-performed or timed).
    pub actions_requested: u64,
    /// Actions that ended well.
    pub actions_performed: u64,
    /// Actions that failed or timed out.
    pub actions_failed: u64,
    /// Performed actions that serve one of the performer's needs or drives.
    pub needs_satisfied: u64,
    /// Entities brought in by the scenario's spawn rules.
    pub spawned: u64,
}

/// The headless engine for one world (opaque; owned by the caller from
/// `motive_scenario_instantiate` until `motive_sim_destroy`). Not safe for concurrent use: one
/// thread at a time (the world it steps may be queried from other threads meanwhile).
pub struct motive_sim {
    pub(crate) simulator: Simulator,
    /// The serial of the world it was made with; every call checks it.
    world: u16,
    /// The entities the scenario spawned, in spawn order, with their names.
    pub(crate) names: Vec<(Entity, String)>,
}

impl motive_sim {
    /// Wraps `simulator`, made for `world`, with the names of the entities the scenario made.
    pub(crate) fn new(simulator: Simulator, world: &World, names: Vec<(Entity, String)>) -> Self {
        motive_sim {
            simulator,
            world: world.serial(),
            names,
        }
    }

    /// Runs `body` on `world` after checking that it is this simulator's.
    ///
    /// # Safety
    /// `world` must be NULL or live.
    unsafe fn on_world<R>(
        &mut self,
        world: *const motive_world,
        body: impl FnOnce(&mut Simulator, &mut World) -> crate::core::Result<R>,
    ) -> FfiResult<R> {
        // SAFETY: forwarded from this function's contract.
        unsafe {
            with_world(world, |w| {
                if w.serial() != self.world {
                    return Err(FfiError::invalid(
                        "the world is not the one this simulator was made with",
                    ));
                }
                Ok(body(&mut self.simulator, w)?)
            })
        }
    }
}

impl From<&SimStats> for motive_sim_stats {
    fn from(s: &SimStats) -> Self {
        motive_sim_stats {
            ticks: s.ticks,
            decisions: s.decisions,
            plans_adopted: s.plans_adopted,
            actions_requested: s.actions_requested,
            actions_performed: s.actions_performed,
            actions_failed: s.actions_failed,
            needs_satisfied: s.needs_satisfied,
            spawned: s.spawned,
        }
    }
}

/// Frees a simulator; its world lives on. NULL does nothing.
///
/// # Safety
/// `sim` must be NULL or live, and not used again.
#[no_mangle]
pub unsafe extern "C" fn motive_sim_destroy(sim: *mut motive_sim) {
    // SAFETY: created by Box::into_raw in motive_scenario_instantiate (or NULL).
    guard_value((), || unsafe { free(sim) })
}

/// Advances `world` by `dt` seconds (finite, ≥ 0, keeping the world's clock finite, as
/// `motive_world_tick`) and plays the engine's part: NPCs walk, the world ticks, requested
/// actions are taken up, finished ones reported, spawn rules run (each catching up at most
/// `MOTIVE_MAX_SPAWN_CATCH_UP` periods a step).
/// `world` must be the one made with `sim` (`MOTIVE_STATUS_INVALID_ARGUMENT` otherwise); a
/// rejected `dt` changes nothing.
///
/// # Safety
/// `sim` must be NULL or live and not in use by another thread; `world` NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_sim_step(
    sim: *mut motive_sim,
    world: *mut motive_world,
    dt: f64,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let sim = unsafe { borrow_mut(sim, "sim") }?;
        // SAFETY: forwarded from this function's contract.
        unsafe { sim.on_world(world, |s, w| s.step(w, dt, &mut ())) }
    })
}

/// Runs `world` for `seconds` (finite, ≥ 0) in steps of the scenario's step length, the last
/// one shortened to land on the end: the run `motive run` makes. At most
/// `MOTIVE_MAX_RUN_TICKS` steps (`seconds / step`): a longer run is
/// `MOTIVE_STATUS_INVALID_ARGUMENT` before any step; so is a step too small to move the clock
/// (the steps before it stay done).
///
/// # Safety
/// As `motive_sim_step`.
#[no_mangle]
pub unsafe extern "C" fn motive_sim_run(
    sim: *mut motive_sim,
    world: *mut motive_world,
    seconds: f64,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let sim = unsafe { borrow_mut(sim, "sim") }?;
        // SAFETY: forwarded from this function's contract.
        unsafe { sim.on_world(world, |s, w| s.run(w, seconds, &mut ()).map(|_| ())) }
    })
}

/// The scenario's step length in seconds, in `*out_seconds`.
///
/// # Safety
/// `sim` must be NULL or live; `out_seconds` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_sim_step_length(
    sim: *const motive_sim,
    out_seconds: *mut f64,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let sim = unsafe { borrow(sim, "sim") }?;
        out(out_seconds, "out_seconds")?.write(sim.simulator.rules().step);
        Ok(())
    })
}

/// What the simulator has done since it was made, in `*out_stats`.
///
/// # Safety
/// `sim` must be NULL or live; `out_stats` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_sim_get_stats(
    sim: *const motive_sim,
    out_stats: *mut motive_sim_stats,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let sim = unsafe { borrow(sim, "sim") }?;
        out(out_stats, "out_stats")?.write(sim.simulator.stats().into());
        Ok(())
    })
}

/// Copies the entities the scenario spawned (every copy, in spawn order; not those spawn
/// rules add later) into `buffer`, as list queries do: `*out_count` always receives how many
/// there are, and a buffer too small is `MOTIVE_STATUS_BUFFER_TOO_SMALL` with nothing copied.
/// Some may have ended since.
///
/// # Safety
/// `sim` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_sim_entities(
    sim: *const motive_sim,
    buffer: *mut motive_entity,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let list = unsafe { OutList::new(buffer, capacity, out_count) }?;
        // SAFETY: pointer validity is this function's contract.
        let sim = unsafe { borrow(sim, "sim") }?;
        list.fill(sim.names.iter().map(|(e, _)| motive_entity::from(*e)))
    })
}

/// Copies the scenario's name for `entity` ("resident"; "resident@2" in the second copy) and a
/// NUL into `buffer`: `*out_length` receives its length in bytes without the NUL, and a
/// `capacity` not above that is `MOTIVE_STATUS_BUFFER_TOO_SMALL` with nothing copied (pass
/// NULL and 0 to ask for the length). An entity the scenario did not spawn is
/// `MOTIVE_STATUS_NOT_FOUND`.
///
/// # Safety
/// `sim` must be NULL or live; `buffer` NULL or writable for `capacity` bytes; `out_length`
/// NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_sim_entity_name(
    sim: *const motive_sim,
    entity: motive_entity,
    buffer: *mut c_char,
    capacity: usize,
    out_length: *mut usize,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let sim = unsafe { borrow(sim, "sim") }?;
        let entity = Entity::from(entity);
        let name = sim
            .names
            .iter()
            .find(|(e, _)| *e == entity)
            .map(|(_, n)| n.as_str())
            .ok_or_else(|| {
                FfiError::new(
                    motive_status::NotFound,
                    "the entity was not spawned by this simulator's scenario",
                )
            })?;
        // SAFETY: forwarded from this function's contract.
        unsafe { copy_name(name, buffer, capacity, out_length) }
    })
}
