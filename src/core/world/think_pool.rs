//! The threads a world's think phases decide on besides the calling one (`think_ahead.rs`):
//! started at the first phase that uses them and kept, parked between phases, until the
//! world's thread count changes or the world is dropped, which joins them.
//!
//! Threads started and joined per phase (`std::thread::scope`) cost 30-65 µs a phase beyond
//! its work on the 2-vCPU AMD VM of issue 33; kept threads 16-44 µs when the phase follows
//! 0.2-1 ms of serial work, as in a tick (a parked thread takes that long to wake), and none
//! back to back (measured 2026-11-26 with a standalone program: one helper, 17 µs of work a
//! phase; on an Intel VM the day before, waking cost more than starting, docs/parallel-think.md
//! §4.2). That is 1-3 % of a 5,008-NPC UDGOAP or 10,000-NPC UBC tick on two threads, and it is
//! what lets a tick split more than one pass across threads (§3.10): a second phase right after
//! the first finds its threads awake.
//!
//! The pool is rayon-core's, private to the world (never the global one), and nothing is
//! scheduled on it but the phases' work.

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
    /// `Some` until dropped: the pool must be gone, telling its threads to end, before they
    /// are joined.
    pool: Option<rayon_core::ThreadPool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Kept {
    /// Starts `count` threads, or none when the system refuses one.
    fn start(count: usize) -> Option<Kept> {
        let mut threads = Vec::with_capacity(count);
        let pool = rayon_core::ThreadPoolBuilder::new()
            .num_threads(count)
            .spawn_handler(|thread| {
                let name = format!("motive-think-{}", thread.index());
                let mut builder = std::thread::Builder::new().name(name);
                if let Some(size) = thread.stack_size() {
                    builder = builder.stack_size(size);
                }
                threads.push(builder.spawn(|| thread.run())?);
                Ok(())
            })
            .build();
        match pool {
            Ok(pool) => Some(Kept {
                pool: Some(pool),
                threads,
            }),
            // rayon tells the threads started before the failure to end: join them.
            Err(_) => {
                for thread in threads {
                    let _ = thread.join();
                }
                None
            }
        }
    }

    fn count(&self) -> usize {
        self.threads.len()
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        drop(self.pool.take());
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
    /// a panic in any of them reaches the caller after all have returned.
    pub(crate) fn run(&self, helpers: usize, work: impl Fn() + Sync) {
        match self
            .kept
            .as_ref()
            .and_then(|k| Some((k.count(), k.pool.as_ref()?)))
        {
            Some((count, pool)) if helpers > 0 => pool.in_place_scope(|scope| {
                for _ in 0..helpers.min(count) {
                    scope.spawn(|_| work());
                }
                work();
            }),
            _ => work(),
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
                // Held by the thread until it ends: rayon keeps nothing of a finished job,
                // so a thread-local clone is dropped only when the thread exits.
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
