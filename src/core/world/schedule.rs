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
use crate::core::world::World;

impl<B: Brains> World<B> {
    /// Runs the thinks that are due, within the tick's plan budget: those due before
    /// `tick_start` (postponed) earliest first, then the rest in slot order (module docs).
    pub(crate) fn run_due_thinks(&mut self, tick_start: f64) {
        let mut due = std::mem::take(&mut self.due);
        due.clear();
        for index in 0..self.entities.slot_count() {
            // The schedule is in the record, so this pass never touches a mind.
            if let Some((key, record)) = self.entities.get_at(index) {
                if record.mind.is_some() && record.next_think <= self.time {
                    due.push((record.next_think, Entity::from_key(key, self.serial())));
                }
            }
        }
        // Postponed thinks (due at or before the tick's start) keep their time as the key;
        // newly due ones share one that sorts after all of them.
        for (time, _) in &mut due {
            if *time > tick_start {
                *time = f64::INFINITY;
            }
        }
        due.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.index1.cmp(&b.1.index1)));
        for (at, &(_, npc)) in due.iter().enumerate() {
            self.prefetch_minds(&due[at + 1..]);
            // One look-up of the record serves the cost and the think.
            let archetype = self.live_record(npc).and_then(|r| r.archetype);
            let cost =
                archetype.map_or(0, |a| B::think_cost(&self.domain, self.domain.archetype(a)));
            if cost > self.budget_left {
                break;
            }
            self.budget_left -= cost;
            self.tick_expansions += cost;
            if let Some(archetype) = archetype {
                self.think_as(npc, archetype);
            }
        }
        self.due = due;
    }

    /// Starts loading the minds of the NPCs due `next`, while this think runs, as a pipeline:
    /// the record of the fourth (its slot's address needs no load); the mind's struct of the
    /// third; what the second's brain needs to find its buffers; and what the first's think
    /// reads first, each stage's addresses requested a think before. A think takes
    /// microseconds, enough for each stage to arrive.
    fn prefetch_minds(&self, next: &[(f64, Entity)]) {
        if let Some(&(_, fourth)) = next.get(3) {
            self.entities.prefetch_at(fourth.index1.wrapping_sub(1));
        }
        let record = |at: usize| next.get(at).and_then(|&(_, npc)| self.live_record(npc));
        let mind = |at: usize| record(at).and_then(|record| record.mind.as_deref());
        if let Some(third) = mind(2) {
            crate::prefetch::value(third);
        }
        if let Some(second) = mind(1) {
            second.brain.prefetch_far();
        }
        if let Some(first) = record(0) {
            // Every brain's think reads the NPC's own facts.
            first.facts.prefetch();
            if let Some(mind) = first.mind.as_deref() {
                mind.brain.prefetch();
            }
        }
    }

    /// Schedules `npc`'s next think at `time` (a thinking NPC's; others never think).
    pub(crate) fn think_at(&mut self, npc: Entity, time: f64) {
        if let Some(record) = self.live_record_mut(npc) {
            record.next_think = time;
        }
    }

    /// Thinks for `npc` now: schedules its next think, then its brain thinks.
    pub(crate) fn think(&mut self, npc: Entity) {
        if let Some(archetype) = self.live_record(npc).and_then(|r| r.archetype) {
            self.think_as(npc, archetype);
        }
    }

    /// [`World::think`] for `npc` of `archetype`, known to the caller.
    fn think_as(&mut self, npc: Entity, archetype: crate::core::model::archetype::ArchetypeId) {
        let next = self.time + self.domain.archetype(archetype).think.think_interval;
        let _ = self.with_mind(npc, |world, mind| {
            world.think_at(npc, next);
            B::think(world, npc, archetype, mind);
            world.note_decision(npc, mind);
            Ok(())
        });
    }

    /// Lists `npc` among the tick's deciders if its mind decided just now (once: a think may
    /// have served its own plan request, which noted it already).
    pub(crate) fn note_decision(&mut self, npc: Entity, mind: &Mind<B>) {
        if mind.brain.last_decision() == Some(self.time) && self.decided.last() != Some(&npc) {
            self.decided.push(npc);
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
