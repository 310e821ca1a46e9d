//! The threads a world's think phases decide on besides the calling one
//! (`core/world/think_ahead.rs`): started at the first phase that uses them and kept, parked
//! between phases, until the world's thread count changes or the world is dropped, which joins
//! them.
//!
//! Threads started and joined per phase (`std::thread::scope`) cost 30-65 µs a phase beyond
//! its work on the 2-vCPU AMD VM of issue 33; kept threads 16-44 µs when the phase follows
//! 0.2-1 ms of serial work, as in a tick (a parked thread takes that long to wake), and none
//! back to back (measured 2026-11-26 with a standalone program: one helper, 17 µs of work a
//! phase; on an Intel VM the day before, waking cost more than starting,
//! docs/parallel-think.md §4.2). That is 1-3 % of a 5,008-NPC UDGOAP or 10,000-NPC UBC tick on
//! two threads.
//!
//! **Why not a crate.** The pool was rayon-core's until 2026-11-27: its scoped spawn boxes each
//! job and its injector queue grows by blocks, so a two-thread tick allocated about four times
//! (`tests/no_alloc_think_threads.rs`: 766 allocations in 10 s of a 2,000-NPC UDGOAP
//! hospital), against the promise of no heap churn per frame; the scoped pools on crates.io
//! (scoped_threadpool, scoped-thread-pool, scope-threadpool) box their jobs too. A phase here is
//! one piece of borrowed work run on every thread at once, which needs no queue: the caller
//! publishes a pointer to it under a mutex, wakes the threads with a condition variable and
//! waits, in a guard, until each has returned, as `std::thread::scope` does for the threads it
//! spawns. That wait is what makes the pointer's erased lifetime sound (the `unsafe` here: the
//! erasure, the call through the pointer and the pointer's `Send`); a phase never overlaps
//! another (a `run` while one is in progress, from its work or another thread, runs its work on
//! its caller alone). std's `Mutex` and `Condvar` allocate nothing on Linux. It is below `core`
//! (which forbids unsafe code) beside `prefetch.rs`.

use std::any::Any;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

/// A world's kept think threads: none until a phase needs them.
#[derive(Default)]
pub(crate) struct ThinkPool {
    /// `None` before the first phase that uses threads, after the thread count changed, or
    /// when the system refused to start them.
    kept: Option<Kept>,
}

/// Threads started for a world, joined when dropped: a world dropped leaves no thread of
/// motive running, so a host may unload the library at once (a thread still running its code
/// would crash the process).
struct Kept {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
}

/// What the caller and its kept threads share.
#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    /// Wakes the kept threads: a phase started, or the pool is ending.
    start: Condvar,
    /// Wakes the caller: the last thread of a phase returned.
    done: Condvar,
}

/// The phase in progress, if any.
#[derive(Default)]
struct State {
    /// Counts phases, so that a thread runs each at most once.
    phase: u64,
    /// The phase's work; `Some` only while [`ThinkPool::run`] waits for it.
    work: Option<Work>,
    /// Threads the phase asked for: the kept threads numbered below it run it.
    helpers: usize,
    /// Of those, the ones that have not returned from it yet.
    running: usize,
    /// The first panic of a kept thread in this phase, for the caller to resume.
    panic: Option<Box<dyn Any + Send>>,
    /// The pool is being dropped: the threads end.
    ending: bool,
}

/// The phase's work, its borrow's lifetime erased ([`ThinkPool::run`]).
#[derive(Clone, Copy)]
struct Work(*const (dyn Fn() + Sync + 'static));

// SAFETY: the pointee is `Sync`, so calling it from another thread is sound, and
// `ThinkPool::run` keeps it alive until every thread that took the pointer has returned (one
// phase at a time: a `run` during another runs on its caller alone).
unsafe impl Send for Work {}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // Nothing panics while holding the lock: the work runs outside it, and a panic's
        // payload is dropped after it.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The loop of kept thread number `index`: waits for a phase that asks for it, runs the
    /// phase's work, reports that it returned; until the pool ends.
    fn serve(&self, index: usize) {
        let mut seen = 0;
        loop {
            let work = {
                let mut state = self.lock();
                loop {
                    if state.ending {
                        return;
                    }
                    if state.phase != seen {
                        seen = state.phase;
                        if let Some(work) = state.work.filter(|_| index < state.helpers) {
                            break work;
                        }
                    }
                    state = self
                        .start
                        .wait(state)
                        .unwrap_or_else(PoisonError::into_inner);
                }
            };
            // SAFETY: `run` published this pointer to a live `Fn + Sync` and does not return,
            // or unwind past the work, until `running` is back to 0, which this thread's
            // decrement below is part of: the work outlives this call.
            let outcome = catch_unwind(AssertUnwindSafe(|| unsafe { (*work.0)() }));
            let mut state = self.lock();
            // A second panic of the phase is dropped after the lock: its drop may panic.
            let unreported = match outcome {
                Err(panic) if state.panic.is_none() => {
                    state.panic = Some(panic);
                    None
                }
                outcome => outcome.err(),
            };
            state.running -= 1;
            if state.running == 0 {
                self.done.notify_one();
            }
            drop(state);
            drop(unreported);
        }
    }
}

/// Waits, when dropped, for the kept threads running the phase to return: also when the
/// caller's own run of the work panics, which must not end the borrow they use.
struct PhaseEnd<'a>(&'a Shared);

impl PhaseEnd<'_> {
    /// Waits for the phase's threads; the first panic among them.
    fn wait(&self) -> Option<Box<dyn Any + Send>> {
        let mut state = self.0.lock();
        while state.running > 0 {
            state = self
                .0
                .done
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        state.work = None;
        state.panic.take()
    }
}

impl Drop for PhaseEnd<'_> {
    fn drop(&mut self) {
        self.wait();
    }
}

impl Kept {
    /// Starts `count` threads, or none when the system refuses one.
    fn start(count: usize) -> Option<Kept> {
        let mut kept = Kept {
            shared: Arc::default(),
            threads: Vec::with_capacity(count),
        };
        for index in 0..count {
            let shared = Arc::clone(&kept.shared);
            let thread = std::thread::Builder::new()
                .name(format!("motive-think-{index}"))
                .spawn(move || shared.serve(index));
            // Dropping `kept` ends and joins the threads started before the refusal.
            kept.threads.push(thread.ok()?);
        }
        Some(kept)
    }

    fn count(&self) -> usize {
        self.threads.len()
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        self.shared.lock().ending = true;
        self.shared.start.notify_all();
        for thread in self.threads.drain(..) {
            // A panic in a think reached the caller of the phase it ran in; the thread
            // itself only ends.
            let _ = thread.join();
        }
    }
}

impl ThinkPool {
    /// Makes sure `helpers` threads are kept, starting them when there are not exactly that
    /// many. Returns false when the system refused to start them: the phase then decides at
    /// each think's turn on the calling thread, with the same results (a parallel phase
    /// decides exactly what one thread would), and the next phase tries again.
    pub(crate) fn keep(&mut self, helpers: usize) -> bool {
        if self
            .kept
            .as_ref()
            .is_some_and(|kept| kept.count() == helpers)
        {
            return true;
        }
        self.kept = None;
        self.kept = Kept::start(helpers);
        self.kept.is_some()
    }

    /// Runs `work` on the calling thread and on `helpers` of the kept threads at once (at
    /// most as many as [`ThinkPool::keep`] kept), and returns when every run has returned;
    /// a panic in any of them reaches the caller after all have returned. Allocates nothing.
    pub(crate) fn run(&self, helpers: usize, work: impl Fn() + Sync) {
        let Some(kept) = self.kept.as_ref().filter(|_| helpers > 0) else {
            return work();
        };
        let work: &(dyn Fn() + Sync) = &work;
        // SAFETY: only the lifetime changes (same pointer, same vtable). The pointer is
        // published only when no other phase is in progress (checked under the lock below);
        // the threads call the work only between taking the pointer and their `running`
        // decrement, and `end` waits for that on every way out of this function, unwinding
        // included, so the borrow outlives every use.
        let erased = unsafe {
            std::mem::transmute::<*const (dyn Fn() + Sync + '_), *const (dyn Fn() + Sync + 'static)>(
                work,
            )
        };
        let shared = &*kept.shared;
        {
            let mut state = shared.lock();
            // A phase in progress (this is called from its work, or from another thread):
            // publishing this one would overwrite it while its threads run.
            if state.work.is_some() {
                drop(state);
                return work();
            }
            let helpers = helpers.min(kept.count());
            state.phase += 1;
            state.work = Some(Work(erased));
            (state.helpers, state.running) = (helpers, helpers);
        }
        let end = PhaseEnd(shared);
        shared.start.notify_all();
        work();
        if let Some(panic) = end.wait() {
            resume_unwind(panic);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;

    /// Every run happens before `run` returns, each on a thread of its own, the caller's
    /// among them; the threads are the same from one phase to the next.
    #[test]
    fn runs_on_the_caller_and_the_kept_threads_and_keeps_them() {
        let mut pool = ThinkPool::default();
        assert!(pool.keep(2));
        let caller = std::thread::current().id();
        let mut kept = None;
        for _ in 0..20 {
            let threads = Mutex::new(Vec::new());
            let runs = AtomicUsize::new(0);
            // Each run waits for all three to have started: they must run at once.
            pool.run(2, || {
                threads.lock().unwrap().push(std::thread::current().id());
                runs.fetch_add(1, Ordering::SeqCst);
                while runs.load(Ordering::SeqCst) < 3 {
                    std::hint::spin_loop();
                }
            });
            let threads = threads.into_inner().unwrap();
            let distinct: HashSet<_> = threads.iter().copied().collect();
            assert_eq!(distinct.len(), 3, "{threads:?}");
            assert!(distinct.contains(&caller));
            let helpers: HashSet<_> = distinct.into_iter().filter(|t| *t != caller).collect();
            assert_eq!(*kept.get_or_insert_with(|| helpers.clone()), helpers);
        }
    }

    /// Fewer helpers than kept use that many; none, or no pool, run on the caller alone.
    #[test]
    fn runs_as_many_as_asked_and_on_the_caller_without_threads() {
        let count = |pool: &ThinkPool, helpers| {
            let runs = AtomicUsize::new(0);
            pool.run(helpers, || {
                runs.fetch_add(1, Ordering::SeqCst);
            });
            runs.into_inner()
        };
        let mut pool = ThinkPool::default();
        assert_eq!(count(&pool, 3), 1, "no threads kept yet");
        assert!(pool.keep(3));
        assert_eq!(count(&pool, 0), 1);
        assert_eq!(count(&pool, 2), 3);
        assert_eq!(count(&pool, 9), 4, "at most the kept ones");
        assert!(pool.keep(1));
        assert_eq!(count(&pool, 3), 2, "the count changed: one kept");
    }

    /// Dropping the pool ends and joins its threads: none is left running motive's code.
    #[test]
    fn dropping_joins_the_threads() {
        let mut pool = ThinkPool::default();
        assert!(pool.keep(2));
        let alive = std::sync::Arc::new(());
        let caller = std::thread::current().id();
        let held = Mutex::new(Vec::new());
        let runs = AtomicUsize::new(0);
        pool.run(2, || {
            runs.fetch_add(1, Ordering::SeqCst);
            while runs.load(Ordering::SeqCst) < 3 {
                std::hint::spin_loop();
            }
            if std::thread::current().id() != caller {
                // Held by the thread until it ends: a thread-local clone is dropped only
                // when the thread exits.
                let clone = alive.clone();
                THREAD_HOLDS.with(|h| *h.borrow_mut() = Some(clone));
                held.lock().unwrap().push(());
            }
        });
        assert_eq!(held.lock().unwrap().len(), 2);
        assert_eq!(std::sync::Arc::strong_count(&alive), 3);
        drop(pool);
        assert_eq!(
            std::sync::Arc::strong_count(&alive),
            1,
            "every thread has exited, dropping its thread-locals"
        );
    }

    thread_local! {
        static THREAD_HOLDS: std::cell::RefCell<Option<std::sync::Arc<()>>> =
            const { std::cell::RefCell::new(None) };
    }

    /// A run asked for while a phase is in progress (from its own work, on the caller and on a
    /// kept thread) runs on its caller alone: phases never overlap, and nothing waits forever.
    #[test]
    fn a_run_within_a_phase_runs_on_its_caller_alone() {
        let mut pool = ThinkPool::default();
        assert!(pool.keep(1));
        let outer = AtomicUsize::new(0);
        let inner = Mutex::new(Vec::new());
        pool.run(1, || {
            outer.fetch_add(1, Ordering::SeqCst);
            let here = std::thread::current().id();
            pool.run(1, || {
                inner
                    .lock()
                    .unwrap()
                    .push(std::thread::current().id() == here)
            });
        });
        assert_eq!(outer.into_inner(), 2);
        assert_eq!(inner.into_inner().unwrap(), vec![true, true]);
    }

    /// A panic in a kept thread reaches the caller once every run has returned, and the pool
    /// still works after it.
    #[test]
    fn a_panic_reaches_the_caller_after_every_run() {
        let mut pool = ThinkPool::default();
        assert!(pool.keep(1));
        let caller = std::thread::current().id();
        let finished = AtomicUsize::new(0);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            pool.run(1, || {
                if std::thread::current().id() != caller {
                    panic!("a think thread failed");
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
                finished.fetch_add(1, Ordering::SeqCst);
            })
        }));
        assert!(caught.is_err());
        assert_eq!(
            finished.load(Ordering::SeqCst),
            1,
            "the caller's run completed first"
        );
        let runs = AtomicUsize::new(0);
        pool.run(1, || {
            runs.fetch_add(1, Ordering::SeqCst);
        });
        assert_eq!(runs.into_inner(), 2);
    }
}
