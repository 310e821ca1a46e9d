//! Where a world's ticks spend their time, phase by phase, when the caller asks
//! ([`World::set_phase_timing`]): the per-tick passes over the entities (needs, running
//! actions, the due thinks and the spatial index), the thinks decided ahead on the world's
//! threads, the thinks at their turn, and what follows them (GOAP's planning queue, squads'
//! orders).
//!
//! A tick on several think threads is as fast as its one-thread parts allow: the passes and
//! the commits run on the calling thread. The phases say how much of a tick that is, which a
//! tick's total cannot (issue 33: parallel think, measured with `motive bench
//! --think-threads`). Off by default, so that a tick reads no clock it does not need.

use std::time::{Duration, Instant};

use crate::core::world::brains::Brains;
use crate::core::world::World;

/// Wall time the world's ticks spent in each phase since phase timing was switched on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TickPhases {
    /// Ticks timed ([`World::tick`], or [`World::tick_begin`] with its [`World::tick_end`]).
    pub ticks: u64,
    /// The passes before the thinks: needs and running actions, the due thinks and the
    /// spatial index, squads.
    pub passes: Duration,
    /// Thinks decided ahead on the world's own threads (`WorldConfig::think_threads`); the
    /// engine's, between [`World::tick_begin`] and [`World::tick_end`], are its own to time.
    pub ahead: Duration,
    /// The thinks at their turn, in order: each committing what was decided ahead for it, or
    /// deciding there.
    pub thinks: Duration,
    /// What follows the thinks: GOAP's planning queue, squads' orders.
    pub after: Duration,
}

/// One phase of a tick ([`TickPhases`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    Passes,
    Ahead,
    Thinks,
    After,
}

/// The world's phase timer: off, or the phases so far and when the current one began.
#[derive(Debug, Default)]
pub(crate) struct PhaseClock {
    timing: Option<(TickPhases, Instant)>,
}

impl PhaseClock {
    /// Starts timing a tick's first phase, when timing is on.
    #[inline]
    pub(crate) fn start(&mut self) {
        if let Some((_, since)) = &mut self.timing {
            *since = Instant::now();
        }
    }

    /// Ends `phase`, which began at the last start or lap, and starts the next; the last
    /// phase of a tick counts the tick.
    #[inline]
    pub(crate) fn lap(&mut self, phase: Phase) {
        let Some((phases, since)) = &mut self.timing else {
            return;
        };
        let now = Instant::now();
        let spent = now - *since;
        *since = now;
        match phase {
            Phase::Passes => phases.passes += spent,
            Phase::Ahead => phases.ahead += spent,
            Phase::Thinks => phases.thinks += spent,
            Phase::After => {
                phases.after += spent;
                phases.ticks += 1;
            }
        }
    }
}

impl<B: Brains> World<B> {
    /// Switches timing the phases of each tick on (from zero) or off ([`TickPhases`]). It
    /// reads the clock five times a tick and changes nothing else: the same events and state
    /// either way.
    pub fn set_phase_timing(&mut self, on: bool) {
        self.phases.timing = on.then(|| (TickPhases::default(), Instant::now()));
    }

    /// The phases of the ticks since timing was switched on; `None` when it is off.
    pub fn tick_phases(&self) -> Option<TickPhases> {
        self.phases.timing.map(|(phases, _)| phases)
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::shipped_instance;
    use crate::sim::Simulator;

    /// Timed or not, a run is the same; timed, every tick is counted once and its phases
    /// add up to no more than the ticks took.
    #[test]
    fn timing_the_phases_counts_every_tick_and_changes_nothing() {
        let run = |timed: bool| {
            let mut instance = shipped_instance("hospital.json", Some(48), 3);
            let world = &mut instance.world;
            world.set_think_threads(2).unwrap();
            world.set_parallel_min_jobs(1);
            world.set_phase_timing(timed);
            let mut sim = Simulator::new(instance.rules.clone(), world).unwrap();
            let step = instance.rules.step;
            let began = std::time::Instant::now();
            for _ in 0..100 {
                sim.step(world, step, &mut ()).unwrap();
            }
            let wall = began.elapsed();
            let state = world.save().unwrap();
            (world.tick_phases(), wall, state, world.parallel_stats())
        };
        let (untimed, _, plain, _) = run(false);
        assert_eq!(untimed, None);
        let (timed, wall, state, parallel) = run(true);
        let header = crate::core::world::save::SAVE_HEADER_BYTES;
        assert!(plain[header..] == state[header..], "timing changed the run");
        let phases = timed.expect("timing is on");
        assert_eq!(phases.ticks, 100);
        let total = phases.passes + phases.ahead + phases.thinks + phases.after;
        assert!(total <= wall, "{phases:?} within {wall:?}");
        assert!(phases.passes > std::time::Duration::ZERO);
        assert!(phases.thinks > std::time::Duration::ZERO);
        // Ahead counts only ticks that decided ahead on the threads.
        assert_eq!(
            phases.ahead > std::time::Duration::ZERO,
            parallel.phases > 0
        );
    }
}
