//! Parallel think inside one world (issue 33 item 4; docs/parallel-think.md): decide in
//! parallel, commit in order.
//!
//! With more than one think thread and enough due thinks, the think phase first *decides ahead*:
//! each due NPC whose brain can decide by reading only ([`Brains::decide`]) decides on one of
//! the world's threads against the state the phase starts from, into a proposal. The phase then
//! runs exactly as a one-thread tick does, in the same order, and each think *commits* its
//! proposal instead of deciding, if what the proposal read is still what the world holds at that
//! think's turn (`write_log.rs`); otherwise it decides at its turn, as the one-thread tick does.
//! So the events, decisions and end state are those of one thread, byte for byte. Brains that
//! cannot decide ahead (GOAP, UDGOAP, behaviour trees for now) decide at their turn.
//!
//! The threads are motive's own, spawned per phase with `std::thread::scope` and joined before
//! the first commit; the calling thread decides too. Jobs are handed out in chunks of
//! consecutive due thinks, so each thread keeps the slot locality of the due order.

use std::sync::Mutex;

use crate::core::model::entity::Entity;
use crate::core::model::error::Result;
use crate::core::model::limits::{at_most, MAX_THINK_THREADS};
use crate::core::world::brains::Brains;
use crate::core::world::World;

/// Fewer due thinks than this in a tick decide at their turn on the calling thread: a phase's
/// threads cost tens of microseconds to start and join.
pub const PARALLEL_MIN_JOBS: usize = 256;

/// Due thinks one thread takes at a time from the phase's queue.
const CHUNK: usize = 16;

/// How the commits treat proposals: a test knob (`World::set_speculation_check`).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SpeculationCheck {
    /// A proposal whose reads still hold is committed (the only mode outside tests).
    #[default]
    Trust,
    /// Every proposal is taken as stale, so every think decides again at its turn.
    RejectAll,
    /// Every proposal whose reads still hold is decided again at its turn and must equal it
    /// (a panic otherwise): a write the log misses shows here.
    Verify,
}

/// What the world's think phases decided ahead so far: how well speculation pays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParallelStats {
    /// Thinks decided ahead of their turn.
    pub decided_ahead: u64,
    /// Of those, the ones whose reads no longer held at their turn, decided again there.
    pub stale: u64,
}

/// One due think's decision taken ahead.
#[derive(Default)]
struct Job<P> {
    /// The brain decided ahead (false: the think decides at its turn).
    ready: bool,
    proposal: P,
}

/// The proposals of the current phase, by position in the due list; kept from tick to tick so
/// that their buffers are reused.
pub(crate) struct Jobs<P> {
    jobs: Vec<Job<P>>,
    /// How many of `jobs` belong to the current phase (0: nothing was decided ahead).
    active: usize,
}

impl<P> Default for Jobs<P> {
    fn default() -> Self {
        Jobs {
            jobs: Vec::new(),
            active: 0,
        }
    }
}

impl<P> Jobs<P> {
    /// The proposal decided ahead for the due think at `at`, if any.
    pub(crate) fn proposal(&mut self, at: usize) -> Option<&mut P> {
        self.jobs[..self.active]
            .get_mut(at)
            .filter(|job| job.ready)
            .map(|job| &mut job.proposal)
    }

    /// Whether the current phase decided anything ahead.
    pub(crate) fn any(&self) -> bool {
        self.active > 0
    }
}

/// A world's think threads and what they keep between ticks.
pub(crate) struct ThinkAhead<B: Brains> {
    /// Threads a think phase decides on, the calling one included (1: no thread is started).
    pub(crate) threads: u32,
    /// Fewest due thinks that decide ahead ([`PARALLEL_MIN_JOBS`]; tests lower it).
    pub(crate) min_jobs: usize,
    /// The test knob.
    pub(crate) check: SpeculationCheck,
    stats: ParallelStats,
    jobs: Jobs<B::Proposal>,
    /// One set of decision buffers per thread.
    scratch: Vec<B::Scratch>,
}

impl<B: Brains> Default for ThinkAhead<B> {
    fn default() -> Self {
        ThinkAhead {
            threads: 1,
            min_jobs: PARALLEL_MIN_JOBS,
            check: SpeculationCheck::Trust,
            stats: ParallelStats::default(),
            jobs: Jobs::default(),
            scratch: Vec::new(),
        }
    }
}

/// Checks a think-thread count: 1 to [`MAX_THINK_THREADS`]; 0 means 1.
pub(crate) fn checked_threads(threads: u32) -> Result<u32> {
    at_most(
        "think_threads",
        threads,
        MAX_THINK_THREADS,
        "MOTIVE_MAX_THINK_THREADS",
    )?;
    Ok(threads.max(1))
}

impl<B: Brains> World<B> {
    /// Sets how many threads a tick thinks on: 0 or 1 is the calling thread only; at most
    /// [`MAX_THINK_THREADS`]. Any count gives the same events, decisions and state as one.
    pub fn set_think_threads(&mut self, threads: u32) -> Result<()> {
        self.ahead.threads = checked_threads(threads)?;
        Ok(())
    }

    /// Threads a tick thinks on (1: the calling thread only).
    pub fn think_threads(&self) -> u32 {
        self.ahead.threads
    }

    /// Sets the fewest due thinks that decide ahead (default [`PARALLEL_MIN_JOBS`]), so that
    /// tests run small worlds in parallel; 0 counts as 1.
    #[doc(hidden)]
    pub fn set_parallel_min_jobs(&mut self, jobs: usize) {
        self.ahead.min_jobs = jobs.max(1);
    }

    /// Sets how commits treat proposals ([`SpeculationCheck`]); a test knob.
    #[doc(hidden)]
    pub fn set_speculation_check(&mut self, check: SpeculationCheck) {
        self.ahead.check = check;
    }

    /// Decides ahead for the `due` thinks of this phase on the world's threads, when it has more
    /// than one and enough are due; the proposals, by position in `due` (none otherwise).
    pub(crate) fn decide_ahead(&mut self, due: &[(f64, Entity)]) -> Jobs<B::Proposal> {
        let mut jobs = std::mem::take(&mut self.ahead.jobs);
        jobs.active = 0;
        let threads = self.ahead.threads as usize;
        if threads <= 1 || due.len() < self.ahead.min_jobs {
            return jobs;
        }
        if jobs.jobs.len() < due.len() {
            jobs.jobs.resize_with(due.len(), Job::default);
        }
        let threads = threads.min(due.len().div_ceil(CHUNK));
        let mut scratch = std::mem::take(&mut self.ahead.scratch);
        scratch.resize_with(threads.max(scratch.len()), B::Scratch::default);
        let queue = Mutex::new(
            jobs.jobs[..due.len()]
                .chunks_mut(CHUNK)
                .zip(due.chunks(CHUNK)),
        );
        let world = &*self;
        let work = |scratch: &mut B::Scratch| loop {
            // The lock is held only to take the next chunk.
            let next = queue.lock().unwrap_or_else(|e| e.into_inner()).next();
            let Some((chunk, npcs)) = next else {
                return;
            };
            for (job, &(_, npc)) in chunk.iter_mut().zip(npcs) {
                job.ready = world.decide_one_ahead(npc, scratch, &mut job.proposal);
            }
        };
        std::thread::scope(|scope| {
            let (mine, others) = scratch[..threads].split_first_mut().expect("threads >= 1");
            for scratch in others {
                scope.spawn(|| work(scratch));
            }
            work(mine);
        });
        self.ahead.scratch = scratch;
        jobs.active = due.len();
        let ready = jobs.jobs[..due.len()]
            .iter()
            .filter(|job| job.ready)
            .count();
        self.ahead.stats.decided_ahead += ready as u64;
        jobs
    }

    /// Gives back the phase's proposals, kept for their buffers.
    pub(crate) fn keep_jobs(&mut self, jobs: Jobs<B::Proposal>) {
        self.ahead.jobs = jobs;
    }

    /// [`Brains::decide`] for `npc`, if it is a live thinking NPC.
    fn decide_one_ahead(
        &self,
        npc: Entity,
        scratch: &mut B::Scratch,
        proposal: &mut B::Proposal,
    ) -> bool {
        let Some(record) = self.live_record(npc) else {
            return false;
        };
        match (record.archetype, record.mind.as_deref()) {
            (Some(archetype), Some(mind)) => {
                B::decide(self, npc, archetype, mind, scratch, proposal)
            }
            _ => false,
        }
    }

    /// Whether a commit may take `npc`'s proposal of `archetype` that read `priced`: its reads
    /// still hold ([`World::reads_still_hold`]) and the test knob does not reject it. A stale
    /// one is counted. Under [`SpeculationCheck::Verify`] the caller decides again and compares.
    pub(crate) fn proposal_holds(
        &mut self,
        npc: Entity,
        archetype: crate::core::model::archetype::ArchetypeId,
        priced: &[crate::core::world::write_log::PricedRead],
    ) -> bool {
        let holds = self.ahead.check != SpeculationCheck::RejectAll
            && self.reads_still_hold(npc, archetype, priced);
        self.ahead.stats.stale += u64::from(!holds);
        holds
    }

    /// Whether a commit should decide a proposal that holds again, to compare
    /// ([`SpeculationCheck::Verify`]).
    pub(crate) fn verifying(&self) -> bool {
        self.ahead.check == SpeculationCheck::Verify
    }

    /// What the think phases decided ahead since the world was made.
    pub fn parallel_stats(&self) -> ParallelStats {
        self.ahead.stats
    }
}
