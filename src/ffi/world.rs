//! `motive_world`: the owned world, its lock, its poison flag, and the world-level calls.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{LockResult, PoisonError, RwLock, TryLockError, TryLockResult};

use super::buffers::OutList;
use super::defs::motive_world_def;
use super::domain::motive_domain;
use super::guard::{guard, guard_value, panic_message, FfiError, FfiResult};
use super::pointers::{borrow, free, out, read_def};
use super::status::motive_status;
use crate::core::{World, WorldConfig};

/// A world: the entities of one simulation, their facts and its clock (opaque; owned by the
/// caller from `motive_world_create` until `motive_world_destroy`).
///
/// Threads: a world may be used from any thread. Calls on one world are serialised by an
/// internal lock, so concurrent calls are safe but wait for each other; a call made from inside
/// one of the world's own callbacks fails with `MOTIVE_STATUS_WORLD_LOCKED` instead of
/// deadlocking. Different worlds never share state. The one exception to serialising is
/// `motive_world_think_range`, which any number of threads may call at once between
/// `motive_world_tick_begin` and `motive_world_tick_end`.
pub struct motive_world {
    /// Written by every call but `motive_world_think_range`, which reads.
    state: RwLock<World>,
    /// Token of the thread inside the lock, 0 when none: tells re-entry from contention.
    holder: AtomicU64,
    poisoned: AtomicBool,
    /// This world among all the process ever made (never reused, unlike its address).
    id: u64,
    /// Calls so far that held the world to write it, counted under the lock (see
    /// [`WorldVersion`]).
    writes: AtomicU64,
}

/// A world and how many calls held it to write so far: read under the lock, an equal version
/// means that nothing was written to the world in between, so what was read from it then
/// still holds (a GOAP arena keeps what it gathered, `goap_search.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WorldVersion {
    world: u64,
    writes: u64,
}

static NEXT_THREAD_TOKEN: AtomicU64 = AtomicU64::new(1);
static NEXT_WORLD_ID: AtomicU64 = AtomicU64::new(1);

thread_local! {
    static THREAD_TOKEN: u64 = NEXT_THREAD_TOKEN.fetch_add(1, Ordering::Relaxed);
}

impl motive_world {
    /// `world` behind a new lock, as a pointer the caller owns (`motive_world_destroy`): also
    /// how Rust code (benchmarks, tests) hands a world it built in Rust to the C functions.
    pub fn boxed(world: World) -> *mut motive_world {
        Box::into_raw(Box::new(motive_world {
            state: RwLock::new(world),
            holder: AtomicU64::new(0),
            poisoned: AtomicBool::new(false),
            id: NEXT_WORLD_ID.fetch_add(1, Ordering::Relaxed),
            writes: AtomicU64::new(0),
        }))
    }

    /// Runs `body` on the locked world; `MOTIVE_STATUS_TICK_OPEN` while a tick is open. A
    /// panic inside poisons the world.
    fn enter<R>(&self, body: impl FnOnce(&mut World) -> FfiResult<R>) -> FfiResult<R> {
        self.enter_open(|world| {
            no_tick_open(world)?;
            body(world)
        })
    }

    /// [`motive_world::enter`], also while a tick is open.
    fn enter_open<R>(&self, body: impl FnOnce(&mut World) -> FfiResult<R>) -> FfiResult<R> {
        self.enter_exclusive(|world| {
            // Under the lock: a reader of the version holds it too.
            self.writes.fetch_add(1, Ordering::Relaxed);
            body(world)
        })
    }

    /// [`motive_world::enter`] for a call that only reads, and so leaves the world's version
    /// as it was (given to `body`). The lock is still exclusive: such a call may ask the
    /// engine's callbacks, which are never asked on two threads at once.
    fn enter_reading<R>(
        &self,
        body: impl FnOnce(&World, WorldVersion) -> FfiResult<R>,
    ) -> FfiResult<R> {
        self.enter_exclusive(|world| {
            no_tick_open(world)?;
            let version = WorldVersion {
                world: self.id,
                writes: self.writes.load(Ordering::Relaxed),
            };
            body(world, version)
        })
    }

    /// Runs `body` on the write-locked world, noting this thread inside; a panic inside
    /// poisons the world.
    fn enter_exclusive<R>(&self, body: impl FnOnce(&mut World) -> FfiResult<R>) -> FfiResult<R> {
        self.check_not_poisoned()?;
        let mut world = self.acquire(|| self.state.try_write(), || self.state.write())?;
        self.check_not_poisoned()?;
        self.holder
            .store(THREAD_TOKEN.with(|t| *t), Ordering::Release);
        let result = self.catching(|| body(&mut world));
        self.holder.store(0, Ordering::Release);
        result
    }

    /// Runs `body` on the world read-locked, so that other threads may do the same at once;
    /// a call from inside one of the world's callbacks fails with `WORLD_LOCKED`.
    pub(crate) fn enter_shared<R>(
        &self,
        body: impl FnOnce(&World) -> FfiResult<R>,
    ) -> FfiResult<R> {
        self.check_not_poisoned()?;
        let world = self.acquire(|| self.state.try_read(), || self.state.read())?;
        self.check_not_poisoned()?;
        self.catching(|| body(&world))
    }

    /// Takes one side of the lock: at once when it is free, waiting while another thread holds
    /// it, `WORLD_LOCKED` when this thread holds it (a call from inside a callback).
    fn acquire<G>(
        &self,
        try_lock: impl FnOnce() -> TryLockResult<G>,
        lock: impl FnOnce() -> LockResult<G>,
    ) -> FfiResult<G> {
        match try_lock() {
            Ok(guard) => Ok(guard),
            Err(TryLockError::WouldBlock)
                if self.holder.load(Ordering::Acquire) == THREAD_TOKEN.with(|t| *t) =>
            {
                Err(reentered())
            }
            // The std poison flag is never set (panics are caught inside the lock) but we
            // track poison ourselves either way.
            Err(TryLockError::WouldBlock) => Ok(lock().unwrap_or_else(PoisonError::into_inner)),
            Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
        }
    }

    /// Runs `body`, poisoning the world if it panics.
    fn catching<R>(&self, body: impl FnOnce() -> FfiResult<R>) -> FfiResult<R> {
        catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|payload| {
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

/// `MOTIVE_STATUS_TICK_OPEN` while a tick is open.
fn no_tick_open(world: &World) -> FfiResult<()> {
    if world.tick_is_open() {
        return Err(FfiError::new(
            motive_status::TickOpen,
            "a tick is open: only motive_world_think_range and motive_world_tick_end may be called until it ends",
        ));
    }
    Ok(())
}

/// The error of a call made from inside one of the world's own callbacks.
fn reentered() -> FfiError {
    FfiError::new(
        motive_status::WorldLocked,
        "the world was re-entered from one of its own callbacks",
    )
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

/// [`with_world`] for a call that only reads the world: its version, given to `body`, stays
/// as it was.
///
/// # Safety
/// `world` must be NULL or a live pointer from `motive_world_create`.
pub(crate) unsafe fn with_world_reading<R>(
    world: *const motive_world,
    body: impl FnOnce(&World, WorldVersion) -> FfiResult<R>,
) -> FfiResult<R> {
    // SAFETY: forwarded from this function's contract.
    unsafe { borrow(world, "world") }?.enter_reading(body)
}

/// Runs a read-only query on the world behind `world` and writes its result to `*out_ptr`
/// (named `out_name` in messages) only when it succeeds. It leaves the world's version as it
/// was: an engine that reads the world between two plans of a GOAP arena for the same NPC and
/// goal (a fact, the time, the stats each frame) keeps the second from gathering again.
///
/// # Safety
/// `world` must be NULL or live; `out_ptr` NULL or writable.
pub(crate) unsafe fn query<T>(
    world: *const motive_world,
    out_ptr: *mut T,
    out_name: &str,
    read: impl FnOnce(&World) -> crate::core::Result<T>,
) -> motive_status {
    guard(|| {
        let out_ptr = out(out_ptr, out_name)?;
        // SAFETY: forwarded from this function's contract.
        let value = unsafe { with_world_reading(world, |w, _| Ok(read(w)?)) }?;
        out_ptr.write(value);
        Ok(())
    })
}

/// Checks a caller's list arguments, then fills them from the world behind `world`: the shape of
/// every list query (`*out_count` always receives the number of items; see `OutList`). A read,
/// as [`query`]: it leaves the world's version as it was.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
pub(crate) unsafe fn list_query<T: Copy>(
    world: *const motive_world,
    buffer: *mut T,
    capacity: usize,
    out_count: *mut usize,
    fill: impl FnOnce(&World, OutList<T>) -> FfiResult<()>,
) -> motive_status {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let list = unsafe { OutList::new(buffer, capacity, out_count) }?;
        // SAFETY: forwarded from this function's contract.
        unsafe { with_world_reading(world, |w, _| fill(w, list)) }
    })
}

/// [`list_query`] for a list whose call writes the world (polling consumes its events) or
/// needs it mutable (its scratch, a save moving its state out and back): the world's version
/// moves, as for any write.
///
/// # Safety
/// As [`list_query`].
pub(crate) unsafe fn list_query_writing<T: Copy>(
    world: *const motive_world,
    buffer: *mut T,
    capacity: usize,
    out_count: *mut usize,
    fill: impl FnOnce(&mut World, OutList<T>) -> FfiResult<()>,
) -> motive_status {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let list = unsafe { OutList::new(buffer, capacity, out_count) }?;
        // SAFETY: forwarded from this function's contract.
        unsafe { with_world(world, |w| fill(w, list)) }
    })
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
                plan_budget_per_tick: def.plan_budget_per_tick,
                think_threads: 1,
            },
        )?;
        out_world.write(motive_world::boxed(world));
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
        unsafe { free(world) };
    })
}

/// Advances the world's clock by `dt` seconds. `dt` must be finite and not negative (0 is
/// allowed), and the clock must stay finite (`world time + dt` below `DBL_MAX`); otherwise
/// `MOTIVE_STATUS_INVALID_ARGUMENT` and the world is unchanged.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_tick(world: *mut motive_world, dt: f64) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.tick(dt)?)) })
}

/// Sets how many threads `motive_world_tick` thinks on, the calling thread included: 0 or 1
/// is the calling thread only (the default); at most `MOTIVE_MAX_THINK_THREADS` (64), else
/// `MOTIVE_STATUS_INVALID_ARGUMENT`. motive starts the threads itself at the first tick with
/// enough due thinks, and keeps them, idle between ticks, until the count changes or the world
/// is destroyed: `motive_world_destroy` joins them, so no thread of motive outlives its world
/// (the library may be unloaded once its worlds are destroyed). Any count gives the same events,
/// decisions and state as one thread, byte for byte.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_set_think_threads(
    world: *mut motive_world,
    threads: u32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.set_think_threads(threads)?)) })
}

/// Writes how many threads `motive_world_tick` thinks on, the calling thread included, to
/// `*out_threads`: 1 unless `motive_world_set_think_threads` set more. A loaded world
/// (`motive_world_load`) thinks on one until it is set again: the count is the machine's, not
/// the save's. Like every call but `motive_world_think_range` and `motive_world_tick_end`, it
/// fails with `MOTIVE_STATUS_TICK_OPEN` while a tick is open.
///
/// # Safety
/// `world` must be NULL or live; `out_threads` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_think_threads(
    world: *const motive_world,
    out_threads: *mut u32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe { query(world, out_threads, "out_threads", |w| Ok(w.think_threads())) }
}

/// Begins a tick whose thinks the engine's own threads decide (its job system): advances the
/// world as `motive_world_tick` does up to its thinks, and writes to `*out_jobs` how many
/// thinks are due, the jobs of `motive_world_think_range`, numbered from 0. Then call
/// `motive_world_think_range` on ranges of jobs, from any threads, and finally
/// `motive_world_tick_end` once, after every range has returned. Until then every other call on
/// the world fails with `MOTIVE_STATUS_TICK_OPEN`. The tick's events, decisions and state are
/// those of `motive_world_tick`, byte for byte, whatever ranges were thought. A bad `dt` is
/// `MOTIVE_STATUS_INVALID_ARGUMENT` and changes nothing; `*out_jobs` is written on success only.
///
/// # Safety
/// `world` must be NULL or live; `out_jobs` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_tick_begin(
    world: *mut motive_world,
    dt: f64,
    out_jobs: *mut usize,
) -> motive_status {
    guard(|| {
        let out_jobs = out(out_jobs, "out_jobs")?;
        // SAFETY: pointer validity is this function's contract.
        let jobs = unsafe { with_world(world, |w| Ok(w.open_tick(dt)?)) }?;
        out_jobs.write(jobs);
        Ok(())
    })
}

/// Decides ahead, reading the world only, for the jobs `first` to `first + count - 1` of the
/// open tick. Thread-safe: any number of threads may call it at once on disjoint ranges, between
/// `motive_world_tick_begin` and `motive_world_tick_end`. Jobs no range covers decide during
/// `motive_world_tick_end`, so any partition (or none) is correct; ranges only spread the work.
/// `MOTIVE_STATUS_NO_TICK` without an open tick; `MOTIVE_STATUS_INVALID_ARGUMENT` for a range
/// past the jobs or a job already thought (the jobs before it are thought). Never call it from
/// one of the world's callbacks (`MOTIVE_STATUS_WORLD_LOCKED`).
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_think_range(
    world: *const motive_world,
    first: usize,
    count: usize,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let world = unsafe { borrow(world, "world") }?;
        world.enter_shared(|w| {
            no_tick_unless_open(w)?;
            Ok(w.decide_range(first, count)?)
        })
    })
}

/// Ends the tick `motive_world_tick_begin` opened: the due thinks run in order, each
/// committing what a range decided for it if that still holds, then the rest of the tick, as
/// `motive_world_tick` ends it. Call it once every `motive_world_think_range` has returned
/// (one still running delays it). `MOTIVE_STATUS_NO_TICK` without an open tick.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_tick_end(world: *mut motive_world) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let world = unsafe { borrow(world, "world") }?;
        world.enter_open(|w| {
            no_tick_unless_open(w)?;
            w.close_tick();
            Ok(())
        })
    })
}

/// `MOTIVE_STATUS_NO_TICK` when no tick is open.
fn no_tick_unless_open(world: &World) -> FfiResult<()> {
    if world.tick_is_open() {
        Ok(())
    } else {
        Err(FfiError::new(
            motive_status::NoTick,
            "no tick is open: call motive_world_tick_begin first",
        ))
    }
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
    // SAFETY: pointer validity is this function's contract.
    unsafe { query(world, out_seconds, "out_seconds", |w| Ok(w.time())) }
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
    // SAFETY: pointer validity is this function's contract.
    unsafe { query(world, out_seed, "out_seed", |w| Ok(w.seed())) }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::defs::motive_world_def_default;
    use crate::ffi::domain::{motive_domain_builder_build, motive_domain_builder_create};
    use crate::ffi::domain::{motive_domain_builder_destroy, motive_domain_destroy};
    use std::ptr::null_mut;

    /// A fresh world over an empty domain; the caller destroys it.
    fn new_world() -> *mut motive_world {
        let (mut builder, mut domain, mut world) = (null_mut(), null_mut(), null_mut());
        // SAFETY: every pointer passed is either a valid out-parameter or just created.
        unsafe {
            assert_eq!(
                motive_domain_builder_create(&mut builder),
                motive_status::Ok
            );
            assert_eq!(
                motive_domain_builder_build(builder, &mut domain),
                motive_status::Ok
            );
            let def = motive_world_def_default();
            assert_eq!(
                motive_world_create(domain, &def, &mut world),
                motive_status::Ok
            );
            motive_domain_builder_destroy(builder);
            motive_domain_destroy(domain);
        }
        world
    }

    /// The world's version, as a GOAP arena's begin reads it.
    fn version(world: *mut motive_world) -> WorldVersion {
        // SAFETY: the callers pass a live world.
        unsafe { with_world_reading(world, |_, version| Ok(version)) }.unwrap()
    }

    #[test]
    fn queries_leave_the_version_and_writes_move_it() {
        let world = new_world();
        let start = version(world);
        let (mut seconds, mut threads) = (0.0, 0);
        // SAFETY: `world` is live until destroyed at the end; the out-parameters are writable.
        unsafe {
            assert_eq!(motive_world_time(world, &mut seconds), motive_status::Ok);
            assert_eq!(
                motive_world_think_threads(world, &mut threads),
                motive_status::Ok
            );
            let (mut shares, mut count) = ([0.0; 8], 0);
            assert_eq!(
                crate::ffi::bt::motive_world_player_model(
                    world,
                    shares.as_mut_ptr(),
                    shares.len(),
                    &mut count
                ),
                motive_status::Ok
            );
            assert_eq!(version(world), start, "reads wrote nothing");
            let mut events = 0;
            assert_eq!(
                crate::ffi::events::motive_world_poll_events(world, null_mut(), 0, &mut events),
                motive_status::Ok
            );
            assert_ne!(
                version(world),
                start,
                "polling consumes the events: a write"
            );
            let polled = version(world);
            assert_eq!(motive_world_tick(world, 1.0), motive_status::Ok);
            assert_ne!(version(world), polled, "a tick writes");
            motive_world_destroy(world);
        }
    }

    #[test]
    fn reentry_from_the_same_thread_is_world_locked_not_a_deadlock() {
        let world = new_world();
        // SAFETY: `world` is live until destroyed at the end.
        unsafe {
            let inner = with_world(world, |_| {
                Ok(with_world(world, |w| Ok(w.time())).map_err(|e| e.status))
            });
            assert_eq!(inner.unwrap(), Err(motive_status::WorldLocked));
            assert_eq!(
                motive_world_tick(world, 1.0),
                motive_status::Ok,
                "lock released"
            );
            motive_world_destroy(world);
        }
    }

    #[test]
    fn destroy_from_inside_the_world_is_refused() {
        let world = new_world();
        // SAFETY: `world` is live; the inner destroy is refused, so it stays live until the end.
        unsafe {
            with_world(world, |_| {
                motive_world_destroy(world);
                Ok(())
            })
            .unwrap();
            assert_eq!(motive_world_tick(world, 1.0), motive_status::Ok);
            motive_world_destroy(world);
        }
    }

    #[test]
    fn concurrent_calls_on_one_world_serialise() {
        struct Shared(*mut motive_world);
        // SAFETY: motive_world serialises access internally; the pointer outlives the threads.
        unsafe impl Sync for Shared {}
        impl Shared {
            fn get(&self) -> *mut motive_world {
                self.0
            }
        }
        let world = Shared(new_world());
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..1000 {
                        // SAFETY: the world is live for the whole scope.
                        let status = unsafe { motive_world_tick(world.get(), 0.5) };
                        assert_eq!(status, motive_status::Ok);
                    }
                });
            }
        });
        let mut time = 0.0;
        // SAFETY: live world, valid out-parameter; destroyed once, after the threads joined.
        unsafe {
            assert_eq!(motive_world_time(world.0, &mut time), motive_status::Ok);
            motive_world_destroy(world.0);
        }
        assert_eq!(time, 2000.0, "no tick lost or torn");
    }

    #[test]
    fn a_panic_poisons_only_its_own_world() {
        let (sick, healthy) = (new_world(), new_world());
        // SAFETY: both worlds are live until destroyed at the end.
        unsafe {
            let status = guard(|| {
                with_world(sick, |_| -> FfiResult<()> {
                    panic!("deliberate test panic")
                })
            });
            assert_eq!(status, motive_status::Panic);
            assert!(motive_world_is_poisoned(sick));
            assert_eq!(motive_world_tick(sick, 1.0), motive_status::Poisoned);
            assert!(!motive_world_is_poisoned(healthy));
            assert_eq!(motive_world_tick(healthy, 1.0), motive_status::Ok);
            motive_world_destroy(sick);
            motive_world_destroy(healthy);
        }
    }
}
