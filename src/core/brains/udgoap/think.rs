//! The per-tick pipeline of UDGOAP NPCs (000_16db0c300c7e0e65.txt:894-953): sense → merge facts →
//! drives and goals → plan → execute.
//!
//! Scheduling: every NPC thinks once per think interval (200 ms by default, :1350), staggered
//! at spawn. A tick first runs the thinks it inherits (due before the tick began, postponed by
//! the budget) earliest first, then those that fell due during the tick in slot order; ties go
//! by slot index, so the order is deterministic. Slot order is for the cache: entities spawned
//! together sit in neighbouring slots, so consecutive thinks mostly sense the same surroundings,
//! still loaded, where earliest-first order would jump across the world between thinks (the
//! staggered phases interleave every group). With a per-tick plan budget, a think whose
//! `max_expansions` no longer fits waits for the next tick, where it runs before any newly due.
//! A planning NPC replans only when it is not performing an action: a better idea does not
//! interrupt a running action (the thesis's GOAP baseline kept switching drives, :1489-1497);
//! failure and invalidation do.

use bumpalo::Bump;

use crate::core::brains::ubc::rating::{RatingScratch, Usable};
use crate::core::brains::udgoap::focus::pick_focus;
use crate::core::brains::udgoap::goal_update::update_drives_and_goals;
use crate::core::brains::udgoap::mind::{Brain, Candidate, Mind};
use crate::core::brains::udgoap::planner::{BoundGoal, PlanRequest, Search, Supplier};
use crate::core::brains::udgoap::utility::{TopLevelUtility, WeightedScore};
use crate::core::brains::{SearchStats, SearchStatus};
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::archetype::TopLevel;
use crate::core::model::entity::Entity;
use crate::core::world::event::EventKind;
use crate::core::world::perceived::Perceived;
use crate::core::world::Step;
use crate::core::world::{EntityRecord, World};

/// Buffers every think reuses, so a steady-state tick allocates nothing.
#[derive(Default)]
pub(crate) struct ThinkScratch {
    arena: Bump,
    suppliers: Vec<Supplier>,
    goals: Vec<BoundGoal>,
    weights: Vec<f64>,
    scores: Vec<WeightedScore>,
    due: Vec<(f64, Entity)>,
    /// Slots of the entities a think perceives.
    pub(crate) perceived: Perceived,
    /// What a UBC NPC may use, and the buffers its ratings reuse.
    pub(crate) ubc_candidates: Vec<Usable>,
    pub(crate) ubc_rating: RatingScratch,
    /// The most candidates one UDGOAP decision has recorded ([`record_decision`]).
    most_recorded: usize,
}

impl World {
    /// Runs the thinks that are due, within the tick's plan budget: those due before
    /// `tick_start` (postponed) earliest first, then the rest in slot order (module docs).
    pub(crate) fn run_due_thinks(&mut self, tick_start: f64) {
        let mut due = std::mem::take(&mut self.scratch.due);
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
            let cost = self.think_cost(npc);
            if cost > self.budget_left {
                break;
            }
            self.budget_left -= cost;
            self.tick_expansions += cost;
            self.think(npc);
        }
        self.scratch.due = due;
    }

    /// Starts loading the minds of the NPCs due `next`, while this think runs: the struct of
    /// the second, and what the first's think reads first (its struct was requested a think
    /// ago). A think takes microseconds, enough for both to arrive.
    fn prefetch_minds(&self, next: &[(f64, Entity)]) {
        let mind = |at: usize| {
            next.get(at)
                .and_then(|&(_, npc)| self.live_record(npc))
                .and_then(|record| record.mind.as_deref())
        };
        if let Some(second) = mind(1) {
            crate::prefetch::value(second);
        }
        if let Some(first) = mind(0) {
            first.prefetch();
        }
    }

    /// Schedules `npc`'s next think at `time` (a thinking NPC's; others never think).
    pub(crate) fn think_at(&mut self, npc: Entity, time: f64) {
        if let Some(record) = self.live_record_mut(npc) {
            record.next_think = time;
        }
    }

    /// Thinks for `npc` now, whatever its schedule: sense, update drives and goals, and plan if
    /// it is not performing an action.
    /// A GOAP NPC's plan request is served at once, with no budget.
    pub fn think_now(&mut self, npc: Entity) -> crate::core::model::error::Result<()> {
        self.mind(npc)?;
        self.think(npc);
        if let Some(at) = self.goap_queue.iter().position(|&e| e == npc) {
            self.goap_queue.remove(at);
            let saved = std::mem::replace(&mut self.budget_left, u32::MAX);
            self.serve_request(npc);
            self.budget_left = saved;
        }
        Ok(())
    }

    /// What a think costs against the tick's budget: a UDGOAP think may spend its archetype's
    /// whole expansion limit; a GOAP think only queues a request (its search is budgeted by the
    /// queue); a UBC think rates each predefined plan once.
    fn think_cost(&self, npc: Entity) -> u32 {
        let archetype = self.archetype(npc).ok().flatten();
        archetype.map_or(0, |a| {
            let def = self.domain.archetype(a);
            if def.uses_goap() {
                0
            } else if def.uses_ubc() {
                def.ubc.plans.len() as u32
            } else {
                def.think.max_expansions
            }
        })
    }

    fn think(&mut self, npc: Entity) {
        let Some(archetype) = self.live_record(npc).and_then(|r| r.archetype) else {
            return;
        };
        let domain = self.domain.clone();
        let think = domain.archetype(archetype).think;
        let _ = self.with_mind(npc, |world, mind| {
            world.think_at(npc, world.time + think.think_interval);
            // A running action whose target is gone fails, whatever the brain: the engine may
            // never report a walk to an object that no longer exists.
            let vanished = mind
                .running
                .is_some_and(|running| !world.is_alive(running.step.supplier));
            let brain = mind.brain();
            if brain != Brain::Udgoap {
                if vanished {
                    world.fail_running(npc, mind);
                }
                match brain {
                    Brain::Goap => world.goap_think(npc, archetype, mind),
                    _ => world.ubc_think(npc, archetype, mind),
                }
                return Ok(());
            }
            world.sense(npc, archetype, mind, think.perception_range);
            update_drives_and_goals(&domain, npc, mind, &mut world.scratch.scores);
            if vanished {
                world.fail_running(npc, mind);
            } else if mind.running.is_none() {
                world.plan(npc, archetype, mind);
                world.start_next_step(npc, mind);
            }
            Ok(())
        });
    }

    /// Merges what `npc` perceives into its memory: itself, and every entity within `range`
    /// that can matter to it (`perception.rs`), with its position and facts, stamped now.
    /// Facts about entities that no longer exist are forgotten.
    fn sense(&mut self, npc: Entity, archetype: ArchetypeId, mind: &mut Mind, range: f64) {
        let Ok(me) = self.position(npc) else {
            return;
        };
        let mut perceived = std::mem::take(&mut self.scratch.perceived);
        self.perceivable(npc, me, range, &mut perceived);
        let relevance = self.domain.relevance();
        mind.memory.start_sensing();
        for (at, &slot) in perceived.iter().enumerate() {
            self.prefetch_perceived(&perceived[at + 1..]);
            let Some((entity, record)) = self.at_slot(slot) else {
                continue;
            };
            if entity == npc || relevance.matters(archetype, record.archetype, &record.facts) {
                remember(mind, entity, record, self.time);
            }
        }
        self.scratch.perceived = perceived;
        // Only a destruction makes a remembered entity missing: what sensing adds is alive.
        if mind.destructions_checked != self.destructions {
            mind.memory.forget_missing(|e| self.is_alive(e));
            mind.destructions_checked = self.destructions;
        }
    }

    /// Starts loading the entities sensing reads `next`: the record a few ahead, and the
    /// facts of one whose record was requested a few entities ago.
    fn prefetch_perceived(&self, next: &[u32]) {
        const RECORD_AHEAD: usize = 6;
        const FACTS_AHEAD: usize = 3;
        if let Some(&slot) = next.get(RECORD_AHEAD) {
            self.entities.prefetch_at(slot);
        }
        if let Some((_, record)) = next.get(FACTS_AHEAD).and_then(|&s| self.entities.get_at(s)) {
            record.facts.prefetch();
        }
    }

    /// Merges `entity`'s position and facts into `mind`'s memory, stamped now (what an NPC
    /// finds on arrival); forgets it when it no longer exists.
    pub(crate) fn perceive(&self, entity: Entity, mind: &mut Mind) {
        match self.live_record(entity) {
            Some(record) => remember(mind, entity, record, self.time),
            None => mind.memory.forget_missing(|e| e != entity),
        }
    }

    /// Fills the scratch request buffers from `npc`'s mind: known suppliers, goals and drive
    /// weights. Returns the top-level function for the NPC's current drives.
    fn gather_request(
        &mut self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &Mind,
    ) -> TopLevelUtility {
        let domain = self.domain.clone();
        let serial = self.serial();
        let mut suppliers = std::mem::take(&mut self.scratch.suppliers);
        suppliers.clear();
        let pricing = self.pricing(npc, Some(archetype));
        for (entity, _) in mind.memory.located() {
            let Some(record) = entity
                .key_in(serial)
                .and_then(|key| self.entities.get(key).ok())
            else {
                continue;
            };
            let Some(supplier) = record.archetype else {
                continue;
            };
            // An entity supplying nothing the NPC consumes can be no step of a plan: leave it
            // out, so that a crowd of others costs the search nothing.
            if !domain.relevance().supplies(archetype, supplier) {
                continue;
            }
            // Contention: objects with no slot open to the NPC are left out or priced.
            if let Some((_, utility_factor)) = self.price(&pricing, entity, record) {
                suppliers.push(Supplier {
                    entity,
                    archetype: supplier,
                    utility_factor,
                });
            }
        }
        self.scratch.suppliers = suppliers;
        let ThinkScratch { goals, weights, .. } = &mut self.scratch;
        goals.clear();
        goals.extend(mind.goals.iter().map(|g| BoundGoal {
            goal: g.goal,
            drive: g.drive,
            subject: g.subject,
        }));
        weights.clear();
        weights.extend(
            mind.drives
                .iter()
                .map(|d| domain.drives().items()[d.drive.0 as usize].weight),
        );
        match domain.archetype(archetype).top_level {
            TopLevel::Linear => TopLevelUtility::Linear,
            TopLevel::LinearWithBadDeath { veto } => TopLevelUtility::LinearWithBadDeath {
                veto: mind
                    .drives
                    .iter()
                    .position(|d| d.drive == veto)
                    .unwrap_or(usize::MAX),
            },
        }
    }

    /// Plans for `npc` from what it knows now, in the caller's `arena`, without changing the NPC:
    /// the direct-call form of the planner. Expands at most `max_expansions` states (0 means the
    /// archetype's limit). Returns the plan (copied into the arena), how the search ended, and
    /// its statistics.
    pub fn plan_into<'a>(
        &mut self,
        npc: Entity,
        arena: &'a Bump,
        max_expansions: u32,
    ) -> crate::core::model::error::Result<(&'a [Step], SearchStatus, SearchStats)> {
        let archetype = self
            .archetype(npc)?
            .ok_or_else(|| crate::core::model::error::Error::invalid("the npc has no archetype"))?;
        self.with_mind(npc, |world, mind| {
            let search = world.search(npc, archetype, mind, arena, max_expansions)?;
            Ok((
                &*arena.alloc_slice_copy(search.plan()),
                search.status(),
                search.stats(),
            ))
        })
    }

    /// Starts a search for `npc` from `mind` in `arena` and runs it for at most
    /// `max_expansions` (0 means the archetype's limit).
    fn search<'a>(
        &mut self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &Mind,
        arena: &'a Bump,
        max_expansions: u32,
    ) -> crate::core::model::error::Result<Search<'a>> {
        let top_level = self.gather_request(npc, archetype, mind);
        let think = self.domain.archetype(archetype).think;
        let limit = if max_expansions == 0 {
            think.max_expansions
        } else {
            max_expansions
        };
        let request = PlanRequest {
            archetype,
            consumer: npc,
            facts: &mind.memory,
            suppliers: &self.scratch.suppliers,
            goals: &self.scratch.goals,
            drive_weights: &self.scratch.weights,
            top_level,
            max_expansions: limit,
            max_depth: think.max_depth,
        };
        let mut search = Search::new(&self.domain, &request, arena)?;
        search.step(limit);
        Ok(search)
    }

    /// Runs a UDGOAP search from what `npc` knows and records the plan and its explanation.
    fn plan(&mut self, npc: Entity, archetype: ArchetypeId, mind: &mut Mind) {
        let mut arena = std::mem::take(&mut self.scratch.arena);
        arena.reset();
        let previous = mind.explanation.status;
        let status = match self.search(npc, archetype, mind, &arena, 0) {
            Ok(mut search) => {
                record_decision(mind, &search, self.time, &mut self.scratch.most_recorded);
                mind.explanation.focus = search
                    .plan_completeness()
                    .and_then(|after| pick_focus(&self.domain, &mind.drives, &mind.goals, after));
                self.replace_plan(npc, mind, search.plan().iter().copied());
                search.status()
            }
            // The request is built from checked state; a failure here is a bug, reported as no plan.
            Err(_) => SearchStatus::NoPlan(crate::core::brains::StopReason::Exhausted),
        };
        self.scratch.arena = arena;
        mind.explanation.status = Some(status);
        if status != SearchStatus::Found && previous != Some(status) {
            self.push_event(EventKind::NoPlan, npc, None, Entity::NULL, 0);
        }
    }
}

/// Copies the candidates of `search` into the NPC's explanation (bounded).
///
/// Each NPC's buffers are grown to the most candidates any decision of the world has recorded
/// (`most_recorded`), not just to its own: per-NPC high-water marks would keep rising, and
/// allocating, long after the world settles, one NPC's first large search at a time. The
/// world's mark settles within its first decisions, and each NPC then grows at most once.
fn record_decision(mind: &mut Mind, search: &Search<'_>, time: f64, most_recorded: &mut usize) {
    let recorded = search
        .states()
        .len()
        .min(crate::core::brains::udgoap::mind::Explanation::MAX_CANDIDATES);
    *most_recorded = (*most_recorded).max(recorded);
    let explanation = &mut mind.explanation;
    explanation.time = time;
    explanation.stats = search.stats();
    explanation.chosen = search.found_state();
    explanation.drives = mind.drives.len();
    explanation.candidates.clear();
    explanation.satisfactions.clear();
    explanation.candidates.reserve(*most_recorded);
    explanation
        .satisfactions
        .reserve(*most_recorded * explanation.drives);
    for (id, state) in search.states().iter().enumerate().take(recorded) {
        explanation.candidates.push(Candidate {
            id: id as u32,
            parent: state.parent,
            step: state.step,
            position: state.position,
            depth: state.depth,
            utility: state.utility,
            complete: state.parent.is_some() && state.unsatisfied.is_none() && !state.truncated,
            truncated: state.truncated,
        });
        explanation
            .satisfactions
            .extend_from_slice(search.satisfactions(id as u32));
    }
}

/// Remembers `entity`'s facts and position. Sensing visits entities in slot (so handle)
/// order and the position sorts after every attribute ([`AttributeId::POSITION`]), so the
/// memory finds each fact where the last one ended.
fn remember(mind: &mut Mind, entity: Entity, record: &EntityRecord, now: f64) {
    mind.memory
        .remember_entity(entity, record.facts.as_slice(), record.position, now);
}
