//! `motive_world`: the owned world, its lock, its poison flag, and the world-level calls.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, TryLockError};

use super::defs::motive_world_def;
use super::domain::motive_domain;
use super::guard::{guard, guard_value, panic_message, FfiError, FfiResult};
use super::pointers::{borrow, out, read_def};
use super::status::motive_status;
use crate::core::{World, WorldConfig};

/// A world: the entities of one simulation, their facts and its clock (opaque; owned by the
/// caller from `motive_world_create` until `motive_world_destroy`).
///
/// Threads: a world may be used from any thread. Calls on one world are serialised by an
/// internal lock, so concurrent calls are safe but wait for each other; a call made from inside
/// one of the world's own callbacks fails with `MOTIVE_STATUS_WORLD_LOCKED` instead of
/// deadlocking. Different worlds never share state.
pub struct motive_world {
    state: Mutex<World>,
    /// Token of the thread inside the lock, 0 when none: tells re-entry from contention.
    holder: AtomicU64,
    poisoned: AtomicBool,
}

static NEXT_THREAD_TOKEN: AtomicU64 = AtomicU64::new(1);

thread_local! {
    static THREAD_TOKEN: u64 = NEXT_THREAD_TOKEN.fetch_add(1, Ordering::Relaxed);
}

impl motive_world {
    /// Runs `body` on the locked world. A panic inside poisons the world.
    fn enter<R>(&self, body: impl FnOnce(&mut World) -> FfiResult<R>) -> FfiResult<R> {
        self.check_not_poisoned()?;
        let me = THREAD_TOKEN.with(|t| *t);
        let mut world = match self.state.try_lock() {
            Ok(world) => world,
            Err(TryLockError::WouldBlock) if self.holder.load(Ordering::Acquire) == me => {
                return Err(FfiError::new(
                    motive_status::WorldLocked,
                    "the world was re-entered from one of its own callbacks",
                ))
            }
            // The std poison flag is never set (panics are caught inside the lock) but we
            // track poison ourselves either way.
            Err(TryLockError::WouldBlock) => self.state.lock().unwrap_or_else(|p| p.into_inner()),
            Err(TryLockError::Poisoned(p)) => p.into_inner(),
        };
        self.check_not_poisoned()?;
        self.holder.store(me, Ordering::Release);
        let result = catch_unwind(AssertUnwindSafe(|| body(&mut world)));
        self.holder.store(0, Ordering::Release);
        result.unwrap_or_else(|payload| {
            self.poisoned.store(true, Ordering::Release);
            Err(FfiError::new(
                motive_status::Panic,
                panic_message(payload.as_ref()),
            ))
        })
    }

    fn check_not_poisoned(&self) -> FfiResult<()> {
        if self.poisoned.load(Ordering::Acquire) {
            Err(FfiError::new(
                motive_status::Poisoned,
                "the world is poisoned by an earlier panic; destroy it",
            ))
        } else {
            Ok(())
        }
    }
}

/// Runs `body` on the world behind `world` (NULL is an error).
///
/// # Safety
/// `world` must be NULL or a live pointer from `motive_world_create`.
pub(crate) unsafe fn with_world<R>(
    world: *const motive_world,
    body: impl FnOnce(&mut World) -> FfiResult<R>,
) -> FfiResult<R> {
    // SAFETY: forwarded from this function's contract.
    unsafe { borrow(world, "world") }?.enter(body)
}

/// Creates a world over `domain` as `def` describes, and stores it in `*out_world`.
///
/// The world keeps its own reference to the domain: the caller may destroy `domain` at any time
/// afterwards. The caller owns the new world and frees it with `motive_world_destroy`.
/// `def` must come from `motive_world_def_default()` (its `struct_size` is checked).
/// Thread-safe.
///
/// # Safety
/// `domain` must be NULL or live; `def` NULL or a valid definition; `out_world` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_create(
    domain: *const motive_domain,
    def: *const motive_world_def,
    out_world: *mut *mut motive_world,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let domain = unsafe { borrow(domain, "domain") }?;
        // SAFETY: as above.
        let def = unsafe { read_def(def, "def") }?;
        let out_world = out(out_world, "out_world")?;
        let world = World::new(
            domain.shared().clone(),
            WorldConfig {
                seed: def.seed,
                entity_capacity: def.entity_capacity,
            },
        );
        out_world.write(Box::into_raw(Box::new(motive_world {
            state: Mutex::new(world),
            holder: AtomicU64::new(0),
            poisoned: AtomicBool::new(false),
        })));
        Ok(())
    })
}

/// Destroys `world` and everything in it; every handle it issued becomes invalid. NULL does
/// nothing. Works on poisoned worlds. Must not be called while another thread is using the
/// world, nor from inside one of its callbacks (that call is refused and the error recorded).
///
/// # Safety
/// `world` must be NULL or a live pointer from `motive_world_create`, not used again after.
#[no_mangle]
pub unsafe extern "C" fn motive_world_destroy(world: *mut motive_world) {
    guard_value((), || {
        if world.is_null() {
            return;
        }
        // SAFETY: non-null and live per the contract.
        let holder = unsafe { &*world }.holder.load(Ordering::Acquire);
        if holder != 0 && holder == THREAD_TOKEN.with(|t| *t) {
            super::last_error::set(
                "motive_world_destroy was called from inside a callback of the same world; ignored",
            );
            return;
        }
        // SAFETY: created by Box::into_raw in motive_world_create; ownership returns here.
        drop(unsafe { Box::from_raw(world) });
    })
}

/// Advances the world's clock by `dt` seconds. `dt` must be finite and not negative (0 is
/// allowed); otherwise `MOTIVE_STATUS_INVALID_ARGUMENT` and the world is unchanged.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_tick(world: *mut motive_world, dt: f64) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.tick(dt)?)) })
}

/// Writes the world's simulated time, in seconds since creation, to `*out_seconds`.
///
/// # Safety
/// `world` must be NULL or live; `out_seconds` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_time(
    world: *const motive_world,
    out_seconds: *mut f64,
) -> motive_status {
    guard(|| {
        let out_seconds = out(out_seconds, "out_seconds")?;
        // SAFETY: pointer validity is this function's contract.
        let time = unsafe { with_world(world, |w| Ok(w.time())) }?;
        out_seconds.write(time);
        Ok(())
    })
}

/// Writes the seed the world was created with to `*out_seed`.
///
/// # Safety
/// `world` must be NULL or live; `out_seed` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_seed(
    world: *const motive_world,
    out_seed: *mut u64,
) -> motive_status {
    guard(|| {
        let out_seed = out(out_seed, "out_seed")?;
        // SAFETY: pointer validity is this function's contract.
        let seed = unsafe { with_world(world, |w| Ok(w.seed())) }?;
        out_seed.write(seed);
        Ok(())
    })
}

/// True when a panic happened inside `world`; it then refuses every call but destroy.
/// False for NULL.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_is_poisoned(world: *const motive_world) -> bool {
    guard_value(false, || {
        // SAFETY: pointer validity is this function's contract.
        unsafe { world.as_ref() }.is_some_and(|w| w.poisoned.load(Ordering::Acquire))
    })
}
