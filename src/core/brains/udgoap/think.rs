//! The think of UDGOAP NPCs (000_16db0c300c7e0e65.txt:894-953): sense → merge facts → drives
//! and goals → plan → execute. When it runs is the world's schedule (`world/schedule.rs`); a
//! think may spend its archetype's whole expansion limit of the tick's budget.
//!
//! A planning NPC replans only when it is not performing an action: a better idea does not
//! interrupt a running action (the thesis's GOAP baseline kept switching drives, :1489-1497);
//! failure and invalidation do.

use bumpalo::Bump;

use crate::core::brains::shared::Unshared;
use crate::core::brains::udgoap::focus::pick_focus;
use crate::core::brains::udgoap::goal_update::update_drives_and_goals;
use crate::core::brains::udgoap::mind::{Candidate, CandidateFields, Explanation, UdgoapMind};
use crate::core::brains::udgoap::planner::{BoundGoal, PlanRequest, Search, Supplier};
use crate::core::brains::udgoap::utility::{TopLevelUtility, WeightedScore};
use crate::core::brains::BrainState;
use crate::core::brains::{SearchStats, SearchStatus};
use crate::core::model::archetype::TopLevel;
use crate::core::model::archetype::{ArchetypeId, ThinkSettings};
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, Result};
use crate::core::model::goal::GoalId;
use crate::core::model::limits::check_expansions;
use crate::core::model::perception::{Interest, Sight};
use crate::core::world::event::EventKind;
use crate::core::world::Step;
use crate::core::world::{describe, EntityRecord};
use crate::core::{Mind, World};

/// Buffers every UDGOAP think reuses, so a steady-state tick allocates nothing.
#[derive(Default)]
pub(crate) struct UdgoapScratch {
    /// Reached only through `&mut` ([`Unshared`]): `Bump` is not `Sync`.
    arena: Unshared<Bump>,
    suppliers: Vec<Supplier>,
    goals: Vec<BoundGoal>,
    weights: Vec<f64>,
    pub(crate) scores: Vec<WeightedScore>,
    /// The most candidates one UDGOAP decision has recorded ([`record_decision`]).
    most_recorded: usize,
}

impl World {
    /// One UDGOAP think: sense, update drives and goals, and plan if `npc` is not performing
    /// an action.
    pub(crate) fn udgoap_think(&mut self, npc: Entity, archetype: ArchetypeId, mind: &mut Mind) {
        let domain = self.domain.clone();
        let think = domain.archetype(archetype).think;
        let BrainState::Udgoap(udgoap) = &mut mind.brain else {
            return;
        };
        self.sense(npc, archetype, udgoap, &think);
        update_drives_and_goals(&domain, npc, udgoap, &mut self.brains.udgoap.scores);
        if !self.fail_if_target_gone(npc, mind) && mind.running.is_none() {
            self.plan(npc, archetype, mind);
            self.start_next_step(npc, mind);
        }
    }

    /// Merges what `npc` perceives with `think`'s range and limit into its memory: itself, and
    /// the entities in range that can matter to it (`model/perception.rs`), the nearest, with
    /// their positions and facts, stamped now. Facts about entities that no longer exist are
    /// forgotten.
    fn sense(
        &mut self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &mut UdgoapMind,
        think: &ThinkSettings,
    ) {
        let Ok(me) = self.position(npc) else {
            return;
        };
        let mut perceived = std::mem::take(&mut self.brains.perceived);
        let interest = Interest::Memory(archetype);
        self.perceivable(npc, me, Sight::of(think, interest), &mut perceived);
        let relevance = self.domain.relevance();
        mind.memory.start_sensing();
        for (at, &slot) in perceived.iter().enumerate() {
            self.prefetch_perceived(&perceived[at + 1..]);
            let Some((entity, record)) = self.at_slot(slot) else {
                continue;
            };
            if entity == npc || relevance.interests(interest, record.archetype, &record.facts) {
                remember(mind, entity, record, self.time);
            }
        }
        self.brains.perceived = perceived;
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
    pub(crate) fn perceive(&self, entity: Entity, mind: &mut UdgoapMind) {
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
        mind: &UdgoapMind,
    ) -> TopLevelUtility {
        let domain = self.domain.clone();
        self.gather_suppliers(npc, archetype, mind);
        let UdgoapScratch { goals, weights, .. } = &mut self.brains.udgoap;
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

    /// Fills the scratch suppliers with the entities `mind` knows that supply something `npc`
    /// consumes, priced by contention.
    fn gather_suppliers(&mut self, npc: Entity, archetype: ArchetypeId, mind: &UdgoapMind) {
        let domain = self.domain.clone();
        let serial = self.serial();
        let mut suppliers = std::mem::take(&mut self.brains.udgoap.suppliers);
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
        self.brains.udgoap.suppliers = suppliers;
    }

    /// Plans for `npc` from what it knows now, in the caller's `arena`, without changing the NPC:
    /// the direct-call form of the planner. Expands at most `max_expansions` states (0 means the
    /// archetype's limit; above `MAX_PLAN_EXPANSIONS` is an error). Returns the plan (copied into the arena), how the search ended, and
    /// its statistics.
    pub fn plan_into<'a>(
        &mut self,
        npc: Entity,
        arena: &'a Bump,
        max_expansions: u32,
    ) -> Result<(&'a [Step], SearchStatus, SearchStats)> {
        check_expansions(max_expansions)?;
        let archetype = self
            .archetype(npc)?
            .ok_or_else(|| Error::invalid("the npc has no archetype"))?;
        self.with_mind(npc, |world, mind| {
            let BrainState::Udgoap(udgoap) = &mind.brain else {
                return Err(Error::invalid(format!(
                    "npc {} plans with {}, not UDGOAP",
                    describe(npc),
                    mind.brain.kind().name()
                )));
            };
            let search = world.search(npc, archetype, udgoap, arena, max_expansions)?;
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
        mind: &UdgoapMind,
        arena: &'a Bump,
        max_expansions: u32,
    ) -> Result<Search<'a>> {
        let top_level = self.gather_request(npc, archetype, mind);
        self.search_gathered(npc, archetype, mind, top_level, arena, max_expansions)
    }

    /// Runs a search for `npc` over the scratch request (suppliers, goals, weights) and what
    /// `mind` remembers, for at most `max_expansions` (0 means the archetype's limit).
    fn search_gathered<'a>(
        &self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &UdgoapMind,
        top_level: TopLevelUtility,
        arena: &'a Bump,
        max_expansions: u32,
    ) -> Result<Search<'a>> {
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
            suppliers: &self.brains.udgoap.suppliers,
            goals: &self.brains.udgoap.goals,
            drive_weights: &self.brains.udgoap.weights,
            top_level,
            max_expansions: limit,
            max_depth: think.max_depth,
        };
        let mut search = Search::new(&self.domain, &request, arena)?;
        search.step(limit);
        Ok(search)
    }

    /// Plans for `goal` alone, about `npc` itself, from what `npc` perceives now (sensed into
    /// `memory`, which the caller keeps between plans): a behaviour tree's plan leaf hands its
    /// goal to UDGOAP this way. The search maximises the goal's completeness within the
    /// archetype's limits; a found plan goes to `adopt`, and so does an empty one, without a
    /// search, when the goal is complete already (the utility search finds no plan that
    /// improves on a complete goal, which a behaviour tree reads as success, not failure).
    /// Returns how the search ended and the states it expanded.
    pub(crate) fn udgoap_plan_goal(
        &mut self,
        npc: Entity,
        archetype: ArchetypeId,
        memory: &mut UdgoapMind,
        goal: GoalId,
        adopt: impl FnOnce(&mut World, &[Step]),
    ) -> (SearchStatus, u32) {
        let domain = self.domain.clone();
        let complete = domain.goals().get(goal.0).map(|def| {
            def.completeness(
                &*self,
                &crate::core::model::condition::Bindings::pair(npc, npc),
            )
        });
        if complete.is_ok_and(|c| c >= 1.0) {
            adopt(self, &[]);
            return (SearchStatus::Found, 0);
        }
        self.sense(npc, archetype, memory, &domain.archetype(archetype).think);
        self.gather_suppliers(npc, archetype, memory);
        let UdgoapScratch { goals, weights, .. } = &mut self.brains.udgoap;
        goals.clear();
        goals.push(BoundGoal {
            goal,
            drive: 0,
            subject: npc,
        });
        weights.clear();
        weights.push(1.0);
        let mut arena = std::mem::take(self.brains.udgoap.arena.get_mut());
        arena.reset();
        let linear = TopLevelUtility::Linear;
        let outcome = match self.search_gathered(npc, archetype, memory, linear, &arena, 0) {
            Ok(search) => {
                let status = search.status();
                if status == SearchStatus::Found {
                    adopt(self, search.plan());
                }
                (status, search.stats().expanded)
            }
            // The request is built from checked state; a failure here is a bug, reported as no plan.
            Err(_) => (
                SearchStatus::NoPlan(crate::core::brains::StopReason::Exhausted),
                0,
            ),
        };
        *self.brains.udgoap.arena.get_mut() = arena;
        outcome
    }

    /// Runs a UDGOAP search from what `npc` knows and records the plan and its explanation.
    fn plan(&mut self, npc: Entity, archetype: ArchetypeId, mind: &mut Mind) {
        let mut arena = std::mem::take(self.brains.udgoap.arena.get_mut());
        arena.reset();
        let BrainState::Udgoap(udgoap) = &mut mind.brain else {
            return;
        };
        let previous = udgoap.explanation.status;
        let status = match self.search(npc, archetype, udgoap, &arena, 0) {
            Ok(mut search) => {
                let expansions = self.domain.archetype(archetype).think.max_expansions;
                let most = &mut self.brains.udgoap.most_recorded;
                record_decision(udgoap, &search, self.time, expansions, most);
                udgoap.explanation.focus = search.plan_completeness().and_then(|after| {
                    pick_focus(&self.domain, &udgoap.drives, &udgoap.goals, after)
                });
                self.replace_plan(npc, mind, search.plan().iter().copied());
                search.status()
            }
            // The request is built from checked state; a failure here is a bug, reported as no plan.
            Err(_) => SearchStatus::NoPlan(crate::core::brains::StopReason::Exhausted),
        };
        *self.brains.udgoap.arena.get_mut() = arena;
        if let BrainState::Udgoap(udgoap) = &mut mind.brain {
            udgoap.explanation.status = Some(status);
        }
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
/// world's mark settles within its first decisions, and each NPC then grows at most once; but
/// never past what its own searches can record (`max_expansions`), which its memory bound
/// counts: an archetype that searches little, beside one that searches much, keeps its size.
fn record_decision(
    mind: &mut UdgoapMind,
    search: &Search<'_>,
    time: f64,
    max_expansions: u32,
    most_recorded: &mut usize,
) {
    let recorded = search.states().len().min(Explanation::MAX_CANDIDATES);
    *most_recorded = (*most_recorded).max(recorded);
    let room = (*most_recorded).min(Explanation::most_candidates(max_expansions));
    let explanation = &mut mind.explanation;
    explanation.time = time;
    explanation.stats = search.stats();
    explanation.chosen = search.found_state();
    explanation.drives = mind.drives.len();
    explanation.candidates.clear();
    explanation.satisfactions.clear();
    explanation.candidates.reserve_exact(room);
    explanation
        .satisfactions
        .reserve_exact(room * explanation.drives);
    for (id, state) in search.states().iter().enumerate().take(recorded) {
        explanation.candidates.push(Candidate::new(CandidateFields {
            id: id as u32,
            parent: state.parent,
            step: state.step,
            position: state.position,
            depth: state.depth,
            utility: state.utility,
            complete: state.parent.is_some() && state.unsatisfied.is_none() && !state.truncated,
            truncated: state.truncated,
        }));
        explanation
            .satisfactions
            .extend_from_slice(search.satisfactions(id as u32));
    }
}

/// Remembers `entity`'s facts and position. Sensing visits entities in slot (so handle)
/// order and the position sorts after every attribute ([`AttributeId::POSITION`]), so the
/// memory finds each fact where the last one ended.
fn remember(mind: &mut UdgoapMind, entity: Entity, record: &EntityRecord<BrainState>, now: f64) {
    mind.memory
        .remember_entity(entity, record.facts.as_slice(), record.position, now);
}

#[cfg(test)]
mod tests {
    use crate::core::brains::mind_limits::MindLimits;
    use crate::core::brains::udgoap::mind::Explanation;
    use crate::core::brains::BrainState;
    use crate::domain::load_scenario_file;
    use crate::sim::Simulator;

    /// The wizard searches up to 512 states, its antlions 64: once the wizard has recorded a
    /// full explanation, the antlions' buffers still grow only to what their own searches can
    /// record, the room their memory bound counts.
    #[test]
    fn an_npc_keeps_room_for_its_own_decisions_beside_a_larger_searcher() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let scenario = load_scenario_file(&path.join("wizard_arena.json")).unwrap();
        let mut instance = scenario.value.instantiate(None, Some(1)).unwrap();
        let world = &mut instance.world;
        let mut simulator = Simulator::new(instance.rules.clone(), world).unwrap();
        world.brains.udgoap.most_recorded = Explanation::MAX_CANDIDATES;
        simulator.run(world, 30.0, &mut ()).unwrap();
        let mut antlions = 0;
        for npc in world.entities() {
            let (Ok(Some(archetype)), Ok(mind)) = (world.archetype(npc), world.mind(npc)) else {
                continue;
            };
            let BrainState::Udgoap(udgoap) = &mind.brain else {
                continue;
            };
            let own = MindLimits::of(world.domain(), archetype).candidates;
            let room = udgoap.explanation.candidates.capacity();
            assert!(
                room <= own,
                "{npc:?} has room for {room}, its searches {own}"
            );
            antlions += usize::from(own < Explanation::MAX_CANDIDATES);
        }
        assert!(antlions > 0, "antlions thought");
    }
}
