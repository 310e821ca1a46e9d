//! Saving and loading worlds (and the headless simulator beside them) through the C ABI:
//! bytes into a caller's buffer, size query first, and a world rebuilt from them over the same
//! domain. The format is `src/core/world/save.rs`'s, documented there and in
//! docs/architecture.md.

use super::buffers::OutList;
use super::domain::motive_domain;
use super::guard::{guard, guard_value, FfiError, FfiResult};
use super::handles::motive_entity;
use super::pointers::{borrow, out, slice};
use super::sim::motive_sim;
use super::status::motive_status;
use super::world::{list_query_writing, motive_world, with_world};
use crate::core::model::entity::loading_into;
use crate::core::World;
use crate::sim::Simulator;

/// Largest save `motive_world_load` and `motive_sim_load` accept: 1 GiB.
pub const MOTIVE_MAX_SAVE_BYTES: usize = 1 << 30;

/// Writes `world`, whole, into `buffer`: `*out_size` receives the save's size in bytes, and
/// the bytes are written only when `capacity` holds them all (else
/// `MOTIVE_STATUS_BUFFER_TOO_SMALL`, nothing written): call first with NULL and 0 to learn the
/// size. The format is versioned and names the domain's fingerprint (docs/architecture.md,
/// "Saving and loading"). Engine callbacks are not saved: register them again after a load.
/// The world is unchanged. Each call encodes the world anew; between two calls that tick
/// nothing, the bytes are the same.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// bytes; `out_size` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_save(
    world: *mut motive_world,
    buffer: *mut u8,
    capacity: usize,
    out_size: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query_writing(world, buffer, capacity, out_size, |w, list| {
            let bytes = w.save()?;
            list.fill(bytes.iter().copied())
        })
    }
}

/// Rebuilds a world from `bytes[0..length]` (made by `motive_world_save`) over `domain`, the
/// domain it was saved with, into `*out_world` (free it with `motive_world_destroy`). It
/// continues exactly as the saved world would have. It takes back the saved world's serial
/// when no live world holds it, so handles the engine kept are valid again; otherwise see
/// `motive_world_rebase`. Refused with `MOTIVE_STATUS_INVALID_ARGUMENT`, creating nothing:
/// another domain, a truncated or corrupted save (checksummed), another format version, more
/// than `MOTIVE_MAX_SAVE_BYTES`.
///
/// # Safety
/// `domain` must be NULL or live; `bytes` readable for `length` bytes; `out_world` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_load(
    domain: *const motive_domain,
    bytes: *const u8,
    length: usize,
    out_world: *mut *mut motive_world,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let domain = unsafe { borrow(domain, "domain") }?;
        let out_world = out(out_world, "out_world")?;
        // SAFETY: as above.
        let bytes = unsafe { save_bytes(bytes, length) }?;
        let world = World::load(domain.shared().clone(), bytes)?;
        out_world.write(motive_world::boxed(world));
        Ok(())
    })
}

/// `entity`, a handle the engine saved from a world that `world` was loaded from, as a handle
/// of `world`: needed only when the loaded world could not take its saved serial back (a world
/// holding it was alive). Null stays null; a NULL world gives null. Never fails.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_rebase(
    world: *const motive_world,
    entity: motive_entity,
) -> motive_entity {
    guard_value(motive_entity::default(), || {
        // SAFETY: pointer validity is this function's contract.
        unsafe { with_world(world, |w| Ok(w.rebase(entity.into()))) }
            .map_or(motive_entity::default(), Into::into)
    })
}

/// Writes the headless simulator's state (what it performs, its spawner, its draws, the names
/// of the scenario's entities) into `buffer`, like `motive_world_save`: saved beside its
/// world's, it lets a tool continue a scenario run exactly.
///
/// # Safety
/// `sim` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// bytes; `out_size` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_sim_save(
    sim: *const motive_sim,
    buffer: *mut u8,
    capacity: usize,
    out_size: *mut usize,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let list = unsafe { OutList::new(buffer, capacity, out_size) }?;
        // SAFETY: as above.
        let sim = unsafe { borrow(sim, "sim") }?;
        let bytes = postcard::to_stdvec(&(&sim.simulator, &sim.names))
            .map_err(|e| FfiError::invalid(format!("the simulator cannot be saved: {e}")))?;
        list.fill(bytes.iter().copied())
    })
}

/// Rebuilds a simulator from `bytes[0..length]` (made by `motive_sim_save`) for `world`, the
/// world loaded from the save taken with it, into `*out_sim` (free it with
/// `motive_sim_destroy`).
///
/// # Safety
/// `world` must be NULL or live; `bytes` readable for `length` bytes; `out_sim` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_sim_load(
    world: *const motive_world,
    bytes: *const u8,
    length: usize,
    out_sim: *mut *mut motive_sim,
) -> motive_status {
    guard(|| {
        let out_sim = out(out_sim, "out_sim")?;
        // SAFETY: pointer validity is this function's contract.
        let bytes = unsafe { save_bytes(bytes, length) }?;
        // SAFETY: as above.
        let sim = unsafe {
            with_world(world, |w| {
                let (simulator, names): (Simulator, _) =
                    loading_into(w.serial(), || postcard::from_bytes(bytes))
                        .map_err(|e| FfiError::invalid(format!("not a simulator save: {e}")))?;
                simulator.rules().validate(w.domain())?;
                Ok(motive_sim::new(simulator, w, names))
            })
        }?;
        out_sim.write(Box::into_raw(Box::new(sim)));
        Ok(())
    })
}

/// The caller's save bytes, at most `MOTIVE_MAX_SAVE_BYTES`.
///
/// # Safety
/// `bytes` readable for `length` bytes (or NULL with 0).
unsafe fn save_bytes<'a>(bytes: *const u8, length: usize) -> FfiResult<&'a [u8]> {
    if length > MOTIVE_MAX_SAVE_BYTES {
        return Err(FfiError::invalid(format!(
            "a save of {length} bytes is above MOTIVE_MAX_SAVE_BYTES ({MOTIVE_MAX_SAVE_BYTES})"
        )));
    }
    // SAFETY: forwarded from this function's contract.
    unsafe { slice(bytes, length, "bytes") }
}
