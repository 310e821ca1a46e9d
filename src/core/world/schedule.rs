//! The think schedule: every NPC that thinks does so once per think interval
//! (000_16db0c300c7e0e65.txt:1350: 200 ms by default), staggered at spawn, within the tick's
//! planning budget.
//!
//! A tick first runs the thinks it inherits (due before the tick began, postponed by the
//! budget) earliest first, then those that fell due during the tick in slot order; ties go by
//! slot index, so the order is deterministic. Slot order is for the cache: entities spawned
//! together sit in neighbouring slots, so consecutive thinks mostly sense the same surroundings,
//! still loaded, where earliest-first order would jump across the world between thinks (the
//! staggered phases interleave every group). With a per-tick plan budget, a think whose cost
//! ([`Brains::think_cost`]) no longer fits waits for the next tick, where it runs before any
//! newly due. What a think does is its brain's ([`Brains::think`]).

use crate::core::model::entity::Entity;
use crate::core::world::brains::Brains;
use crate::core::world::mind::Mind;
use crate::core::world::tended::next_visited;
use crate::core::world::think_ahead::Jobs;
use crate::core::world::tick_phases::Phase;
use crate::core::world::World;

/// How many thinks ahead [`World::prefetch_minds`] asks for an NPC's record, mind, brain
/// buffers and first reads: each stage needs the previous one's load to have arrived.
const RECORD_AHEAD: usize = 8;
/// See [`RECORD_AHEAD`].
const MIND_AHEAD: usize = 6;
/// See [`RECORD_AHEAD`].
const FAR_AHEAD: usize = 4;
/// See [`RECORD_AHEAD`].
const NEAR_AHEAD: usize = 2;
/// Facts beyond its archetype's starting ones that [`World::prefetch_minds`] expects an NPC to
/// have gained (a visitor's `at`, say): its think reads all of them.
const FACTS_GAINED: usize = 2;

impl<B: Brains> World<B> {
    /// Lists the thinks due now (`self.due`, in slot order) and rebuilds the stale spatial
    /// tiers, in one pass over the records: a large world's records stream from memory on
    /// every pass, and the tick made two (perf, 50,000 UBC NPCs). The tick runs the squads'
    /// update between this and [`World::order_due`]; it moves only squads, which no tier
    /// holds, and schedules nothing, so the list and the index still hold when the thinks run.
    ///
    /// It reads the tended entities only (`tended.rs`: every NPC and every mind among them),
    /// unless the objects' tiers are stale, which need every object offered, or most entities
    /// are tended.
    pub(crate) fn collect_due_and_refresh_spatial(&mut self) {
        let serial = self.serial();
        let time = self.time;
        self.due.clear();
        let every = self.spatial.objects_stale() || self.mostly_tended();
        let end = self.entities.slot_count();
        let relevance = self.domain.relevance();
        let mut rebuild = self.spatial.rebuild_stale();
        let mut next = next_visited(&self.tended, 0, end, every);
        while let Some(index) = next {
            next = next_visited(&self.tended, index + 1, end, every);
            let Some((key, record)) = self.entities.get_at(index) else {
                continue;
            };
            rebuild.offer(relevance, key.index, record);
            if record.mind.is_some() && record.next_think <= time {
                self.due
                    .push((record.next_think, Entity::from_key(key, serial)));
            }
        }
        rebuild.finish();
    }

    /// Runs the thinks listed due ([`World::collect_due_and_refresh_spatial`]), within the
    /// tick's plan budget, in the order [`World::order_due`] gives, deciding ahead on the
    /// world's threads where it can (`think_ahead.rs`).
    pub(crate) fn run_due_thinks(&mut self, tick_start: f64) {
        self.order_due(tick_start);
        let jobs = self.decide_ahead();
        self.phases.lap(Phase::Ahead);
        self.write_log.start(jobs.any());
        self.commit_due_thinks(jobs);
        self.phases.lap(Phase::Thinks);
    }

    /// Puts the listed due thinks in the order they run: those due before `tick_start`
    /// (postponed) earliest first, then the rest in slot order (module docs).
    pub(crate) fn order_due(&mut self, tick_start: f64) {
        let due = &mut self.due;
        // Postponed thinks (due at or before the tick's start) keep their time as the key;
        // newly due ones share one that sorts after all of them.
        for (time, _) in due.iter_mut() {
            if *time > tick_start {
                *time = f64::INFINITY;
            }
        }
        due.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.index1.cmp(&b.1.index1)));
    }

    /// Runs the listed due thinks in order within the plan budget, each with what was decided
    /// ahead for it in `jobs`, if anything; stops the write log.
    pub(crate) fn commit_due_thinks(&mut self, mut jobs: Jobs<B>) {
        let due = std::mem::take(&mut self.due);
        for (at, &(_, npc)) in due.iter().enumerate() {
            let near = at + 1 + NEAR_AHEAD;
            self.prefetch_minds(
                |i| due.get(at + 1 + i).map(|&(_, npc)| npc),
                jobs.ready(near),
            );
            // One look-up of the record serves the cost and the think.
            let archetype = self.live_record(npc).and_then(|r| r.archetype());
            let cost =
                archetype.map_or(0, |a| B::think_cost(&self.domain, self.domain.archetype(a)));
            if cost > self.budget_left {
                break;
            }
            self.budget_left -= cost;
            self.tick_expansions += cost;
            if let Some(archetype) = archetype {
                let ahead = jobs.proposal(at);
                if ahead.is_some() {
                    self.count_proposal();
                }
                self.think_as(npc, archetype, ahead);
            }
        }
        self.write_log.start(false);
        self.keep_jobs(jobs);
        self.due = due;
    }

    /// Starts loading the minds of the NPCs to think (or, in GOAP's planning queue, to be
    /// served) next, `next(0)` the first of them, while this one runs, as a pipeline: the
    /// record of the one [`RECORD_AHEAD`] on (its slot's address needs no load); the mind's
    /// struct of the one [`MIND_AHEAD`] on; what the brain of the one [`FAR_AHEAD`] on needs to
    /// find its buffers; and what the next ones' thinks read first, each stage's addresses
    /// requested some thinks before. Most thinks of a large world are short (a busy UBC NPC's
    /// returns at once), so each stage is a few thinks from the next: one think apart left the
    /// loads still in flight at 20,000 NPCs (perf). The brain of one `near_decided` ahead (on
    /// another thread, whose cache holds what it wrote) is left alone: its commit reads its
    /// proposal, and pulling its buffers over cost the committing thread more than it saved.
    pub(crate) fn prefetch_minds(
        &self,
        next: impl Fn(usize) -> Option<Entity>,
        near_decided: bool,
    ) {
        if let Some(ahead) = next(RECORD_AHEAD) {
            self.prefetch_record(ahead);
        }
        let record = |at: usize| next(at).and_then(|npc| self.live_record(npc));
        let mind = |at: usize| record(at).and_then(|record| record.mind.as_deref());
        if let Some(ahead) = mind(MIND_AHEAD) {
            crate::prefetch::value(ahead);
        }
        if let Some(ahead) = mind(FAR_AHEAD) {
            ahead.brain.prefetch_far();
        }
        if let Some(ahead) = record(NEAR_AHEAD) {
            // The NPC's facts where its think reads them (most due UBC thinks of a busy world
            // read none), as many as its archetype starts with and a few gained since: the
            // lines past them hold other entities' facts (the buffers lie in slot order), and
            // loading them for nothing took bandwidth the next thinks wait on.
            if self.think_may_read_facts(ahead) {
                let expected = ahead.archetype().map_or(usize::MAX, |a| {
                    self.domain.archetype(a).state.len() + FACTS_GAINED
                });
                ahead.facts.prefetch_first(expected);
            }
            if let Some(mind) = ahead.mind.as_deref() {
                if !near_decided {
                    mind.prefetch_brain();
                }
                // A busy NPC's think first checks that its action's target still exists
                // (`fail_if_target_gone`): that entity's record, a line of the slab no think
                // of this tick has read (perf, GOAP at 50,000 NPCs: 45 % of the think's own
                // samples waited on it).
                if let Some(running) = mind.running {
                    self.prefetch_record(running.step.supplier);
                }
            }
        }
    }

    /// Schedules `npc`'s next think at `time` (a thinking NPC's; others never think).
    pub(crate) fn think_at(&mut self, npc: Entity, time: f64) {
        if let Some(record) = self.live_record_mut(npc) {
            record.next_think = time;
            self.collect_in_advance.think_moved(npc);
        }
    }

    /// Thinks for `npc` now: schedules its next think, then its brain thinks.
    pub(crate) fn think(&mut self, npc: Entity) {
        if let Some(archetype) = self.live_record(npc).and_then(|r| r.archetype()) {
            self.think_as(npc, archetype, None);
        }
    }

    /// [`World::think`] for `npc` of `archetype`, known to the caller, with what its brain
    /// decided ahead, if it did ([`Brains::think`]).
    fn think_as(
        &mut self,
        npc: Entity,
        archetype: crate::core::model::archetype::ArchetypeId,
        ahead: Option<&mut B::Proposal>,
    ) {
        let next = self.time + self.domain.archetype(archetype).think.think_interval;
        let _ = self.with_mind(npc, |world, mind| {
            world.think_at(npc, next);
            B::think(world, npc, archetype, mind, ahead);
            world.note_decision(npc, mind);
            Ok(())
        });
    }

    /// Lists `npc` among the tick's deciders if its mind decided just now (once, however
    /// often it decides before the list is cleared: `deciders.rs`).
    pub(crate) fn note_decision(&mut self, npc: Entity, mind: &Mind<B>) {
        if mind.brain.last_decision() == Some(self.time) {
            if let Some(key) = npc.key_in(self.serial()) {
                self.decided.note(npc, key.index);
            }
        }
    }

    /// Fails `npc`'s running action when its target is gone, whatever the brain: the engine
    /// may never report a walk to an object that no longer exists. True when it failed.
    pub(crate) fn fail_if_target_gone(&mut self, npc: Entity, mind: &mut Mind<B>) -> bool {
        let gone = mind
            .running
            .is_some_and(|running| !self.is_alive(running.step.supplier));
        if gone {
            self.fail_running(npc, mind);
        }
        gone
    }
}
