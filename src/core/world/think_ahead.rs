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
//! cannot decide ahead (GOAP, behaviour trees for now) decide at their turn.
//!
//! A brain that decides *in place* (UDGOAP: sensing and its goals write the NPC's own mind)
//! gets the NPC's mind out of its record for the phase: it is taken out before the threads
//! start and put back before the first commit, since commits reach other NPCs' minds. What
//! it writes ahead no one else writes before its turn, and what it reads stays fixed until
//! then, unless a think earlier in the phase may write facts ([`Brains::fences`]): the
//! in-place minds after such a think in the due order decide at their turn.
//!
//! The threads are motive's own, kept between phases (`think_pool.rs`), and done before the
//! first commit; the calling thread decides too. Jobs are handed out in runs of consecutive
//! due thinks, so each thread keeps the slot locality of the due order, shortening as the
//! phase ends ([`guided_chunk`]), so that no thread waits long for another's last run.

use crate::core::world::alarm::Alarm;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, Result};
use crate::core::model::limits::{at_most, MAX_THINK_THREADS};
use crate::core::world::brains::{Brains, Speculation};
use crate::core::world::mind::Mind;
use crate::core::world::tick_phases::Phase;
use crate::core::world::{EntityRecord, World};
use crate::think_pool::ThinkPool;

/// Fewer due thinks that may decide ahead than this in a tick decide at their turn on the
/// calling thread: a phase's threads cost tens of microseconds to start and join, and its
/// commits reload on one core what the others wrote. Counted without loading minds: a UBC
/// NPC performing an action has nothing to decide (most of a busy world's due UBC thinks; at
/// 10,000 hospital NPCs two threads cost 0.59-0.88x one until they were left out).
pub const PARALLEL_MIN_JOBS: usize = 256;

/// Most due thinks one thread takes at a time from the phase's queue. Consecutive due thinks
/// are neighbours in slot order, whose surroundings overlap, and the locks of adjacent jobs
/// share cache lines: long runs keep both on one core (16 → 64 took UDGOAP at 10,000 NPCs
/// from 1.39-1.44× to 1.45-1.49× on two threads, UBC from 0.87-0.95× to 0.97×).
const MAX_CHUNK: usize = 64;

/// Fewest runs what is left of a phase is cut into per thread, so that a thread slowed down
/// (by the engine, by a costly think) leaves the others work to take: a thread takes
/// [`guided_chunk`] of what is left, so runs shorten as the phase ends.
const CHUNKS_PER_THREAD: usize = 2;

/// Fewest due thinks a thread takes at a time: as many as it prefetches ahead
/// ([`FAR_AHEAD`]), so that a run's first thinks are not all waiting on memory.
const MIN_CHUNK: usize = FAR_AHEAD;

/// How many of the `left` due thinks of a phase a thread takes next, with `threads` deciding:
/// guided self-scheduling (a share of what is left, within [`MIN_CHUNK`] and [`MAX_CHUNK`]).
/// Runs of a fixed length left one thread idle for up to a run at the end of each phase
/// while the other finished its last (64 UDGOAP thinks are about 0.25 ms, a tenth of a
/// 5,008-NPC phase on two threads); shortening runs leave at most [`MIN_CHUNK`].
fn guided_chunk(left: usize, threads: usize) -> usize {
    (left / (threads * CHUNKS_PER_THREAD))
        .clamp(MIN_CHUNK, MAX_CHUNK)
        .min(left)
}

/// How many jobs ahead a deciding thread starts loading a mind's brain
/// ([`World::prefetch_job`]): first what finds its buffers, then the buffers.
const FAR_AHEAD: usize = 4;
/// See [`FAR_AHEAD`].
const NEAR_AHEAD: usize = 2;

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
    /// Think phases open to deciding ahead: those motive's own threads decided (a phase with
    /// fewer due thinks that may decide ahead than the world's minimum,
    /// `World::set_parallel_min_jobs`, [`PARALLEL_MIN_JOBS`] by default, runs on the calling
    /// thread alone), and every [`World::tick_begin`] with thinks due, whose jobs the
    /// engine's threads may take.
    pub phases: u64,
    /// Thinks decided ahead of their turn and reached in their tick (a think the plan budget
    /// postpones drops its proposal uncounted).
    pub decided_ahead: u64,
    /// Of those, the ones whose decision was checked at their turn (a UBC NPC still idle, a
    /// UDGOAP one that planned ahead and plans at its turn): adopted, or stale.
    pub checked: u64,
    /// Of those checked, the ones whose reads no longer held at their turn, decided again
    /// there.
    pub stale: u64,
}

/// One due think's decision taken ahead.
struct Job<B: Brains> {
    /// A thread took this think (`OpenTick::think_range`): it is not taken twice.
    taken: bool,
    /// The brain decided ahead (false: the think decides at its turn).
    ready: bool,
    proposal: B::Proposal,
    /// The NPC's mind, out of its record while the phase decides ([`Speculation::InPlace`]).
    mind: Option<Box<Mind<B>>>,
}

impl<B: Brains> Default for Job<B> {
    fn default() -> Self {
        Job {
            taken: false,
            ready: false,
            proposal: B::Proposal::default(),
            mind: None,
        }
    }
}

/// The proposals of the current phase, by position in the due list, each behind its own lock,
/// which only the thread deciding it takes (the commits reach them through `&mut`); kept from
/// tick to tick so that their buffers are reused.
pub(crate) struct Jobs<B: Brains> {
    jobs: Vec<Mutex<Job<B>>>,
    /// How many of `jobs` belong to the current phase (0: nothing is decided ahead).
    active: usize,
    /// The marks' rises when every job was last given room for them
    /// ([`Brains::marks_risen`]).
    roomed: usize,
}

impl<B: Brains> Default for Jobs<B> {
    fn default() -> Self {
        Jobs {
            jobs: Vec::new(),
            active: 0,
            roomed: 0,
        }
    }
}

impl<B: Brains> Jobs<B> {
    /// Opens a phase of `count` jobs, none taken, their buffers with room for the largest
    /// decision of the world (`shared`'s marks, `core/brains/proposal_marks.rs`). Jobs are
    /// added by doubling, as a growing `Vec` does, so that a due list's new highs (a UBC
    /// hospital's kept rising for minutes) seldom add any.
    fn open(&mut self, count: usize, shared: &B::Shared) {
        let risen = B::marks_risen(shared);
        if self.jobs.len() < count || risen != self.roomed {
            if self.jobs.len() < count {
                self.jobs
                    .resize_with(count.next_power_of_two(), Mutex::default);
            }
            for job in &mut self.jobs {
                let job = job.get_mut().unwrap_or_else(PoisonError::into_inner);
                B::room_for_marks(shared, &mut job.proposal);
            }
            self.roomed = risen;
        }
        for job in &mut self.jobs[..count] {
            let job = job.get_mut().unwrap_or_else(PoisonError::into_inner);
            (job.taken, job.ready) = (false, false);
        }
        self.active = count;
    }
}

impl<B: Brains> Jobs<B> {
    /// The proposal decided ahead for the due think at `at`, if any.
    pub(crate) fn proposal(&mut self, at: usize) -> Option<&mut B::Proposal> {
        let job = self.jobs[..self.active].get_mut(at)?;
        let job = job.get_mut().unwrap_or_else(PoisonError::into_inner);
        job.ready.then_some(&mut job.proposal)
    }

    /// Whether the due think at `at` was decided ahead (its proposal is ready).
    pub(crate) fn ready(&mut self, at: usize) -> bool {
        self.proposal(at).is_some()
    }

    /// Whether the current phase may have decided anything ahead.
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
    /// A tick is open ([`World::tick_begin`]) and not yet ended.
    open: bool,
    /// By archetype: how its NPCs decide ahead ([`Brains::speculation`]).
    speculation: Vec<Speculation>,
    /// By archetype: its thinks may write facts ([`Brains::fences`]).
    fences: Vec<bool>,
    jobs: Jobs<B>,
    /// Decision buffers, one taken per deciding thread at a time.
    scratch: Mutex<Vec<B::Scratch>>,
    /// The threads besides the calling one, kept between phases.
    pool: ThinkPool,
}

impl<B: Brains> ThinkAhead<B> {
    /// One thread, for a world over `domain`.
    pub(crate) fn for_domain(domain: &crate::core::model::domain::Domain) -> Self {
        ThinkAhead {
            threads: 1,
            min_jobs: PARALLEL_MIN_JOBS,
            check: SpeculationCheck::Trust,
            stats: ParallelStats::default(),
            open: false,
            speculation: domain
                .archetypes()
                .items()
                .iter()
                .map(B::speculation)
                .collect(),
            fences: domain.archetypes().items().iter().map(B::fences).collect(),
            jobs: Jobs::default(),
            scratch: Mutex::default(),
            pool: ThinkPool::default(),
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
    /// The threads besides the calling one start at the first tick that decides ahead and are
    /// kept, idle between ticks, until the count changes or the world is dropped; should the
    /// system refuse to start them, ticks think on the calling thread.
    pub fn set_think_threads(&mut self, threads: u32) -> Result<()> {
        self.ahead.threads = checked_threads(threads)?;
        if self.ahead.threads == 1 {
            self.ahead.pool = ThinkPool::default();
        }
        Ok(())
    }

    /// Threads a tick thinks on (1: the calling thread only).
    pub fn think_threads(&self) -> u32 {
        self.ahead.threads
    }

    /// Sets the fewest due thinks that may decide ahead for a phase to use the threads
    /// (default [`PARALLEL_MIN_JOBS`]), so that tests run small worlds in parallel; 0 counts
    /// as 1.
    #[doc(hidden)]
    pub fn set_parallel_min_jobs(&mut self, jobs: usize) {
        self.ahead.min_jobs = jobs.max(1);
    }

    /// Sets how commits treat proposals ([`SpeculationCheck`]); a test knob.
    #[doc(hidden)]
    pub fn set_speculation_check(&mut self, check: SpeculationCheck) {
        self.ahead.check = check;
    }

    /// Decides ahead for the due thinks of this phase on the world's threads, when it has more
    /// than one and enough are due; the proposals, by position in the due list (none otherwise).
    pub(crate) fn decide_ahead(&mut self) -> Jobs<B> {
        let due = self.due.len();
        let threads = self.ahead.threads as usize;
        if threads <= 1
            || due < self.ahead.min_jobs
            || !self.enough_due_decide_ahead()
            || !self.ahead.pool.keep(threads - 1)
        {
            self.ahead.jobs.active = 0;
            return std::mem::take(&mut self.ahead.jobs);
        }
        self.ahead.stats.phases += 1;
        self.open_jobs(due, threads);
        let next = AtomicUsize::new(0);
        let world = &*self;
        let work = || {
            let take =
                |first: usize| (first < due).then(|| first + guided_chunk(due - first, threads));
            world.with_scratch(|scratch| {
                while let Ok(first) = next.fetch_update(Ordering::Relaxed, Ordering::Relaxed, take)
                {
                    // Runs are disjoint and the jobs fresh, so no job is taken twice.
                    let count = guided_chunk(due - first, threads);
                    let decided = world.decide_jobs(first, count, scratch);
                    debug_assert!(decided.is_ok(), "{decided:?}");
                }
            })
        };
        // At least this many runs: a phase of one run needs no other thread.
        let runs = due.div_ceil(guided_chunk(due, threads));
        self.ahead.pool.run(threads.min(runs) - 1, work);
        self.put_minds_back();
        std::mem::take(&mut self.ahead.jobs)
    }

    /// Opens the phase's `due` jobs: buffers for at least `threads` deciding threads, brought
    /// to the committer's state ([`Brains::open_phase`]), and the minds that decide in place
    /// taken out of their records, up to the first think that may write facts
    /// ([`Brains::fences`]) and while the plan budget surely lets them think (a mind sensed
    /// ahead must think this tick).
    fn open_jobs(&mut self, due: usize, threads: usize) {
        self.ahead.jobs.open(due, &self.brains);
        let pool = self
            .ahead
            .scratch
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        if pool.len() < threads {
            pool.resize_with(threads, Default::default);
        }
        B::open_phase(&mut self.brains, pool);
        let serial = self.serial();
        let mut budget = u64::from(self.budget_left);
        for (at, &(_, npc)) in self.due.iter().enumerate() {
            let Some(record) = npc
                .key_in(serial)
                .and_then(|k| self.entities.get_mut(k).ok())
            else {
                continue;
            };
            let Some(archetype) = record.archetype() else {
                continue;
            };
            // A think spends at most twice its cost: a behaviour tree's plan leaf spends its
            // search on top (docs/parallel-think.md §3.7).
            let cost = B::think_cost(&self.domain, self.domain.archetype(archetype));
            let Some(left) = budget.checked_sub(2 * u64::from(cost)) else {
                break;
            };
            budget = left;
            if self.ahead.speculation[archetype.0 as usize] == Speculation::InPlace {
                let job = self.ahead.jobs.jobs[at]
                    .get_mut()
                    .unwrap_or_else(PoisonError::into_inner);
                job.mind = record.mind.take();
            }
            if self.ahead.fences[archetype.0 as usize] {
                break;
            }
        }
    }

    /// Puts back the minds [`World::open_jobs`] took out, before the first commit.
    fn put_minds_back(&mut self) {
        let serial = self.serial();
        for (at, job) in self.ahead.jobs.jobs[..self.ahead.jobs.active]
            .iter_mut()
            .enumerate()
        {
            let job = job.get_mut().unwrap_or_else(PoisonError::into_inner);
            if let Some(mind) = job.mind.take() {
                let key = self.due[at].1.key_in(serial);
                if let Some(record) = key.and_then(|k| self.entities.get_mut(k).ok()) {
                    record.mind = Some(mind);
                }
            }
        }
    }

    /// Whether at least the world's minimum of due thinks' NPCs may decide ahead: with fewer,
    /// a phase's threads cost more than they save. Reads records only, in due order (mostly
    /// slot order), which the commits read next, and stops at the minimum.
    fn enough_due_decide_ahead(&self) -> bool {
        let min = self.ahead.min_jobs;
        self.due
            .iter()
            .filter(|&&(_, npc)| {
                self.live_record(npc).is_some_and(|r| {
                    r.archetype()
                        .is_some_and(|a| match self.ahead.speculation[a.0 as usize] {
                            Speculation::Never => false,
                            Speculation::ReadOnly => Self::may_decide_reading(r),
                            Speculation::InPlace => true,
                        })
                })
            })
            .take(min)
            .count()
            == min
    }

    /// Whether the NPC of `record` may decide reading only: not while it performs an action
    /// (a UBC NPC decides when idle), which its record tells without loading its mind.
    fn may_decide_reading(record: &EntityRecord<B>) -> bool {
        record.alarm == Alarm::NEVER
    }

    /// Whether a think of the NPC of `record` may read its own facts: every brain's does (GOAP
    /// captures its symbols from them, UDGOAP senses itself), but a reading-only one's (UBC)
    /// decides nothing, and reads none of them, while the NPC performs an action.
    pub(crate) fn think_may_read_facts(&self, record: &EntityRecord<B>) -> bool {
        record.archetype().is_none_or(|a| {
            self.ahead.speculation[a.0 as usize] != Speculation::ReadOnly
                || Self::may_decide_reading(record)
        })
    }

    /// Opens a tick whose thinks are decided ahead by whoever calls [`World::decide_range`]
    /// (the engine's threads, through [`World::tick_begin`]'s guard or the C ABI): advances
    /// the world as [`World::tick`] does up to its thinks, lists them, and returns how many
    /// there are (the jobs, numbered from 0). Until [`World::close_tick`], the world must be
    /// changed by nothing else. An error when a tick is open already, or `dt` is refused
    /// (then nothing changed).
    pub(crate) fn open_tick(&mut self, dt: f64) -> Result<usize> {
        if self.ahead.open {
            return Err(Error::invalid("a tick is open: end it first"));
        }
        self.phases.start();
        let tick_start = self.start_tick(dt)?;
        self.phases.lap(Phase::Passes);
        self.order_due(tick_start);
        let due = self.due.len();
        // The engine's threads take buffers as they come (`decide_range`); those kept from
        // earlier ticks are brought up to date.
        self.open_jobs(due, 0);
        if due > 0 {
            self.ahead.stats.phases += 1;
        }
        self.ahead.open = true;
        self.write_log.start(true);
        Ok(due)
    }

    /// Decides ahead for the jobs `first .. first + count` of the open tick, reading only: any
    /// number of threads may call it at once, on disjoint ranges. Jobs no range covers decide
    /// at their turn in [`World::close_tick`]; the result is the same either way. An error
    /// when no tick is open, the range goes past the jobs, or a job in it was taken already
    /// (the jobs before that one are decided).
    pub(crate) fn decide_range(&self, first: usize, count: usize) -> Result<()> {
        if !self.ahead.open {
            return Err(Error::invalid("no tick is open: begin one first"));
        }
        let jobs = self.ahead.jobs.active;
        if first.checked_add(count).is_none_or(|end| end > jobs) {
            return Err(Error::invalid(format!(
                "jobs {first} + {count} go past the tick's {jobs} jobs"
            )));
        }
        self.with_scratch(|scratch| self.decide_jobs(first, count, scratch))
    }

    /// Ends the tick [`World::open_tick`] opened, if one is: runs its thinks in order, each
    /// committing what was decided ahead for it if that still holds, then the rest of the
    /// tick.
    pub(crate) fn close_tick(&mut self) {
        if !self.ahead.open {
            return;
        }
        self.ahead.open = false;
        self.phases.start();
        self.put_minds_back();
        let jobs = std::mem::take(&mut self.ahead.jobs);
        self.commit_due_thinks(jobs);
        self.phases.lap(Phase::Thinks);
        self.end_tick();
        self.phases.lap(Phase::After);
    }

    /// Runs `body` with a set of decision buffers of the world's pool, taken for the call.
    fn with_scratch<R>(&self, body: impl FnOnce(&mut B::Scratch) -> R) -> R {
        let pool = || {
            self.ahead
                .scratch
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
        };
        let mut scratch = pool().pop().unwrap_or_default();
        let result = body(&mut scratch);
        pool().push(scratch);
        result
    }

    /// Decides ahead for the jobs `first .. first + count` (in range) with `scratch`; an error
    /// at the first job taken already.
    fn decide_jobs(&self, first: usize, count: usize, scratch: &mut B::Scratch) -> Result<()> {
        for at in first..first + count {
            self.prefetch_job(at + FAR_AHEAD, |mind| mind.brain.prefetch_far());
            self.prefetch_job(at + NEAR_AHEAD, Mind::prefetch_brain);
            let mut job = self.ahead.jobs.jobs[at]
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if job.taken {
                return Err(Error::invalid(format!(
                    "job {at} was taken by another think_range"
                )));
            }
            job.taken = true;
            let npc = self.due[at].1;
            let job = &mut *job;
            job.ready =
                self.decide_one_ahead(npc, job.mind.as_deref_mut(), scratch, &mut job.proposal);
            // Also when not ready: a decision that came to nothing may have grown buffers.
            B::reach_marks(&self.brains, &job.proposal);
        }
        Ok(())
    }

    /// Starts loading, with `prefetch`, what deciding the job at `at` reads, if it is a mind
    /// out of its record that no other thread holds: a thread's decisions stream through minds
    /// as the one-thread commits do, in stages (`schedule.rs`, `prefetch_minds`).
    fn prefetch_job(&self, at: usize, prefetch: fn(&Mind<B>)) {
        let Some(job) = self.ahead.jobs.jobs[..self.ahead.jobs.active].get(at) else {
            return;
        };
        if let Ok(job) = job.try_lock() {
            if let Some(mind) = job.mind.as_deref() {
                prefetch(mind);
            }
        }
    }

    /// [`Brains::decide_in_place`] for `npc` with its mind `out` of its record, or
    /// [`Brains::decide`] with the mind in it, if it is a live thinking NPC.
    fn decide_one_ahead(
        &self,
        npc: Entity,
        out: Option<&mut Mind<B>>,
        scratch: &mut B::Scratch,
        proposal: &mut B::Proposal,
    ) -> bool {
        let Some(record) = self.live_record(npc) else {
            return false;
        };
        match (record.archetype(), out, record.mind.as_deref()) {
            (Some(archetype), Some(mind), _) => {
                B::decide_in_place(self, npc, archetype, mind, scratch, proposal)
            }
            // Its mind, last written by the committing core, stays where it is.
            (Some(_), None, Some(_)) if !Self::may_decide_reading(record) => false,
            (Some(archetype), None, Some(mind)) => {
                B::decide(self, npc, archetype, mind, scratch, proposal)
            }
            _ => false,
        }
    }

    /// Gives back the phase's proposals, kept for their buffers.
    pub(crate) fn keep_jobs(&mut self, jobs: Jobs<B>) {
        self.ahead.jobs = jobs;
    }

    /// Counts a proposal committed or decided again.
    pub(crate) fn count_proposal(&mut self) {
        self.ahead.stats.decided_ahead += 1;
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
        self.count_stale(!holds);
        holds
    }

    /// Counts a proposal checked at its commit, and stale if `stale`.
    pub(crate) fn count_stale(&mut self, stale: bool) {
        self.ahead.stats.checked += 1;
        self.ahead.stats.stale += u64::from(stale);
    }

    /// Whether a commit should decide a proposal that holds again, to compare
    /// ([`SpeculationCheck::Verify`]).
    pub(crate) fn verifying(&self) -> bool {
        self.ahead.check == SpeculationCheck::Verify
    }

    /// Whether a tick is open ([`World::tick_begin`], not yet ended).
    pub fn tick_is_open(&self) -> bool {
        self.ahead.open
    }

    /// What the think phases decided ahead since the world was made.
    pub fn parallel_stats(&self) -> ParallelStats {
        self.ahead.stats
    }
}

#[cfg(test)]
mod tests {
    use std::sync::PoisonError;

    use crate::core::world::buffer_room::Buffers;
    use crate::domain::load_scenario_file;
    use crate::sim::Simulator;

    /// Guided runs, taken one after another from the start as the threads take them, cover
    /// every due think once, each run within the bounds, and shorten to at most the least run
    /// at the end of a phase, whatever its size and thread count.
    #[test]
    fn guided_runs_cover_a_phase_once_and_shorten_towards_its_end() {
        use super::{guided_chunk, MAX_CHUNK, MIN_CHUNK};
        for threads in [2, 3, 8, 64] {
            for due in (1..600).chain([4_999, 20_000]) {
                let (mut first, mut runs) = (0, Vec::new());
                while first < due {
                    let count = guided_chunk(due - first, threads);
                    assert!((1..=MAX_CHUNK).contains(&count) && count <= due - first);
                    assert!(count >= MIN_CHUNK.min(due - first), "{due} {first} {count}");
                    runs.push(count);
                    first += count;
                }
                assert_eq!(first, due);
                assert!(runs.windows(2).all(|w| w[1] <= w[0]), "{due}: {runs:?}");
                assert!(*runs.last().unwrap() <= MIN_CHUNK, "{due}: {runs:?}");
            }
        }
    }

    /// The room of each buffer of `set`, in its order.
    fn rooms(set: &mut impl Buffers) -> Vec<usize> {
        let mut rooms = Vec::new();
        set.each_buffer(&mut |buffer| rooms.push(buffer.room()));
        rooms
    }

    /// A phase opening gives the committing thread's buffers and every think thread's the room
    /// of the roomiest (`buffer_room.rs`): on three threads, where the sets meet different
    /// shares of the decisions (handed out last in first out, the third only when a phase has
    /// work for three), they all have the same room once a phase opens.
    #[test]
    fn a_phase_gives_every_set_of_buffers_the_roomiest_ones_room() {
        let path = format!("{}/scenarios/hospital.json", env!("CARGO_MANIFEST_DIR"));
        let scenario = load_scenario_file(std::path::Path::new(&path))
            .unwrap()
            .value
            .with_variant("ubc")
            .unwrap();
        let mut instance = scenario.instantiate(Some(300), Some(1)).unwrap();
        let world = &mut instance.world;
        world.set_parallel_min_jobs(16);
        world.set_think_threads(3).unwrap();
        let mut simulator = Simulator::new(instance.rules.clone(), world).unwrap();
        simulator.run(world, 30.0, &mut ()).unwrap();
        assert!(world.parallel_stats().decided_ahead > 1_000);
        world.open_tick(simulator.rules().step).unwrap();
        let committer = rooms(&mut world.brains.scratch);
        assert!(
            committer.iter().filter(|&&room| room > 0).count() > 5,
            "{committer:?}"
        );
        let pool = world
            .ahead
            .scratch
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        assert_eq!(pool.len(), 3);
        for set in pool.iter_mut() {
            assert_eq!(rooms(set), committer);
        }
        world.close_tick();
    }
}
