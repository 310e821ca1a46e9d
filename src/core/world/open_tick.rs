//! A tick whose thinks the engine's own threads decide ahead ([`World::tick_begin`]), held
//! as a guard that borrows the world for as long as the tick is open.
//!
//! Between the tick's begin and its end, the minds of the NPCs due to think may be out of
//! their records (in the jobs that decide them in place), so nothing else may read or change
//! the world. The C ABI refuses every other call then (`MOTIVE_STATUS_TICK_OPEN`); in Rust
//! the borrow makes it a compile error: the guard lends the world only to
//! [`OpenTick::think_range`], which any number of threads may call through a shared
//! reference. Dropping the guard ends the tick, so a caller that returns early, or unwinds
//! from a panic in its job threads, still leaves a world whose tick has ended and whose minds
//! are back (what `docs/parallel-think.md` §4.1 first designed as `TickSession`).

use crate::core::world::brains::Brains;
use crate::core::world::World;
use crate::core::Result;

/// A tick opened by [`World::tick_begin`]: its due thinks are jobs `0 .. jobs()`, which
/// [`OpenTick::think_range`] decides ahead from any threads. [`OpenTick::end`], or dropping
/// the guard, runs the thinks in order and the rest of the tick.
///
/// ```
/// # use motive::domain::load_scenario_file;
/// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/hospital.json");
/// # let scenario = load_scenario_file(std::path::Path::new(path)).unwrap().value;
/// # let mut world = scenario.instantiate(Some(64), Some(1)).unwrap().world;
/// // In an engine's frame: two of its job threads decide half the due thinks each.
/// let tick = world.tick_begin(0.1)?;
/// let (jobs, half) = (tick.jobs(), tick.jobs() / 2);
/// std::thread::scope(|s| {
///     s.spawn(|| tick.think_range(0, half).unwrap());
///     s.spawn(|| tick.think_range(half, jobs - half).unwrap());
/// });
/// tick.end();
/// # Ok::<(), motive::core::Error>(())
/// ```
///
/// While the tick is open the world cannot be used otherwise:
///
/// ```compile_fail,E0499
/// # use motive::domain::load_scenario_file;
/// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/hospital.json");
/// # let scenario = load_scenario_file(std::path::Path::new(path)).unwrap().value;
/// # let mut world = scenario.instantiate(Some(64), Some(1)).unwrap().world;
/// let tick = world.tick_begin(0.1)?;
/// world.tick(0.1)?; // `world` is borrowed by the open tick
/// tick.end();
/// # Ok::<(), motive::core::Error>(())
/// ```
#[must_use = "dropping the tick at once ends it with every think decided at its turn"]
pub struct OpenTick<'w, B: Brains> {
    world: &'w mut World<B>,
    jobs: usize,
}

impl<B: Brains> World<B> {
    /// Begins a tick whose thinks the engine's threads decide ahead: advances the world as
    /// [`World::tick`] does up to its thinks and lists them, the jobs of the returned
    /// [`OpenTick`]. The world is borrowed until the tick ends. An error when `dt` is refused
    /// (then nothing changed).
    pub fn tick_begin(&mut self, dt: f64) -> Result<OpenTick<'_, B>> {
        let jobs = self.open_tick(dt)?;
        Ok(OpenTick { world: self, jobs })
    }
}

impl<B: Brains> OpenTick<'_, B> {
    /// How many thinks are due this tick: the jobs of [`OpenTick::think_range`], numbered
    /// from 0.
    pub fn jobs(&self) -> usize {
        self.jobs
    }

    /// Decides ahead for the jobs `first .. first + count`, reading only: any number of
    /// threads may call it at once, on disjoint ranges. Jobs no range covers decide at their
    /// turn when the tick ends; the result is the same either way. An error when the range
    /// goes past the jobs, or a job in it was taken already (the jobs before that one are
    /// decided).
    pub fn think_range(&self, first: usize, count: usize) -> Result<()> {
        self.world.decide_range(first, count)
    }

    /// Ends the tick: runs its thinks in order, each committing what was decided ahead for it
    /// if that still holds, then the rest of the tick. Call it once every
    /// [`OpenTick::think_range`] has returned (the borrow checker sees to it for scoped
    /// threads).
    pub fn end(self) {
        // `Drop` ends it.
    }
}

impl<B: Brains> Drop for OpenTick<'_, B> {
    fn drop(&mut self) {
        self.world.close_tick();
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::shipped_instance;
    use crate::sim::Simulator;

    /// A guard dropped early (a caller's `?` after it began) still ends the tick: the world
    /// ticks again, and is the world a tick that decided nothing ahead leaves.
    #[test]
    fn a_tick_dropped_without_end_is_ended() {
        let run = |engine: bool| {
            let mut instance = shipped_instance("hospital.json", Some(48), 3);
            let world = &mut instance.world;
            let mut sim = Simulator::new(instance.rules.clone(), world).unwrap();
            let step = instance.rules.step;
            for _ in 0..40 {
                sim.step_with(
                    world,
                    step,
                    &mut (),
                    |w: &mut crate::core::world::World<_>, dt| {
                        if engine {
                            let tick = w.tick_begin(dt)?;
                            assert!(tick.world.tick_is_open());
                            Ok(())
                        } else {
                            w.tick(dt)
                        }
                    },
                )
                .unwrap();
                assert!(!world.tick_is_open());
            }
            world.save().unwrap()
        };
        let header = crate::core::world::save::SAVE_HEADER_BYTES;
        assert_eq!(run(true)[header..], run(false)[header..]);
    }

    /// A job thread that panics unwinds through the caller, whose guard ends the tick: the
    /// world ticks on.
    #[test]
    fn a_panic_in_a_job_thread_leaves_the_tick_ended() {
        let mut instance = shipped_instance("hospital.json", Some(48), 3);
        let world = &mut instance.world;
        let dt = instance.rules.step;
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let tick = world.tick_begin(dt).unwrap();
            std::thread::scope(|s| {
                s.spawn(|| {
                    tick.think_range(0, tick.jobs() / 2).unwrap();
                    panic!("an engine's job failed");
                });
            });
        }));
        assert!(unwound.is_err());
        assert!(!world.tick_is_open());
        world.tick(dt).unwrap();
    }
}
