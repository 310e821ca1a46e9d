//! The think of UDGOAP NPCs (000_16db0c300c7e0e65.txt:894-953): sense → merge facts → drives
//! and goals → plan → execute. When it runs is the world's schedule (`world/schedule.rs`); a
//! think may spend its archetype's whole expansion limit of the tick's budget.
//!
//! A planning NPC replans only when it is not performing an action: a better idea does not
//! interrupt a running action (the thesis's GOAP baseline kept switching drives, :1489-1497);
//! failure and invalidation do.

use std::sync::Arc;

use bumpalo::Bump;

use crate::core::brains::shared::{ThinkScratch, Unshared};
use crate::core::brains::udgoap::focus::pick_focus;
use crate::core::brains::udgoap::focus::Focus;
use crate::core::brains::udgoap::goal_update::update_drives_and_goals;
use crate::core::brains::udgoap::memory::Now;
use crate::core::brains::udgoap::mind::{Candidate, CandidateFields, Explanation, UdgoapMind};
use crate::core::brains::udgoap::planner::{BoundGoal, PlanRequest, Search, Supplier};
use crate::core::brains::udgoap::proposal::{ArenaUse, UdgoapProposal};
use crate::core::brains::udgoap::utility::{TopLevelUtility, WeightedMean};
use crate::core::brains::BrainState;
use crate::core::brains::{SearchStats, SearchStatus, StopReason};
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::archetype::TopLevel;
use crate::core::model::domain::Domain;
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, Result};
use crate::core::model::goal::GoalId;
use crate::core::model::limits::check_expansions;
use crate::core::model::perception::{Interest, Sight};
use crate::core::world::buffer_room::{Buffers, Room};
use crate::core::world::event::EventKind;
use crate::core::world::perceived::Perceived;
use crate::core::world::write_log::{note_price, PricedRead};
use crate::core::world::Step;
use crate::core::world::{describe, EntityRecord};
use crate::core::{Mind, World};

/// Buffers every UDGOAP think reuses, so a steady-state tick allocates nothing.
#[derive(Default)]
pub(crate) struct UdgoapScratch {
    /// Reached only through `&mut` ([`Unshared`]): `Bump` is not `Sync`.
    arena: Unshared<Bump>,
    request: RequestBuffers,
    pub(crate) means: Vec<WeightedMean>,
    /// The most candidates one UDGOAP decision has recorded ([`start_record`]): the
    /// committing thread's only, since decisions are recorded at their turn.
    most_recorded: usize,
}

/// A search request's buffers: the suppliers the NPC knows, its goals, its drives' weights.
#[derive(Default)]
struct RequestBuffers {
    suppliers: Vec<Supplier>,
    goals: Vec<BoundGoal>,
    weights: Vec<f64>,
}

/// The arena is not among them: its chunk follows the committing thread's
/// ([`UdgoapScratch::match_arena`]), which a decision's record depends on.
impl Buffers for UdgoapScratch {
    fn each_buffer(&mut self, each: &mut dyn FnMut(&mut dyn Room)) {
        let request = &mut self.request;
        each(&mut request.suppliers);
        each(&mut request.goals);
        each(&mut request.weights);
        each(&mut self.means);
    }
}

impl UdgoapScratch {
    /// The bytes the arena holds after a reset: its one chunk.
    pub(crate) fn arena_bytes(&mut self) -> usize {
        let arena = self.arena.get_mut();
        arena.reset();
        arena.allocated_bytes()
    }

    /// Gives this thread's arena a chunk of `bytes`, the committing thread's, unless it has
    /// one: a search ahead then reports what the same search at its turn would
    /// ([`ArenaUse::fits`]). Allocates only when they differ, which a settled world's do not.
    pub(crate) fn match_arena(&mut self, bytes: usize) {
        if self.arena_bytes() != bytes {
            *self.arena.get_mut() = match bytes {
                0 => Bump::new(),
                _ => Bump::with_capacity(bytes),
            };
        }
    }
}

impl World {
    /// One UDGOAP think: sense, update drives and goals, and plan if `npc` is not performing
    /// an action. With `ahead`, the NPC sensed and updated its drives and goals ahead of its
    /// turn, in place, and planned if it performed no action then: the plan is adopted if what
    /// it read still holds, or made anew at this turn.
    pub(crate) fn udgoap_think(
        &mut self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &mut Mind,
        ahead: Option<&UdgoapProposal>,
    ) {
        let BrainState::Udgoap(udgoap) = &mut mind.brain else {
            return;
        };
        match ahead {
            // What it sensed ahead is what it would sense now only if no fact, position or
            // entity changed before its turn: `think_ahead.rs` fences every think that may.
            Some(_) => assert!(
                !self.write_log.world_written(),
                "a UDGOAP NPC sensed ahead of a fact written in its phase"
            ),
            None => {
                self.sense_here(npc, archetype, udgoap);
                let domain = &*self.domain;
                update_drives_and_goals(domain, npc, udgoap, &mut self.brains.scratch.udgoap.means);
            }
        }
        if !self.fail_if_target_gone(npc, mind) && mind.running.is_none() {
            match ahead.filter(|ahead| ahead.planned) {
                Some(ahead) if self.plan_holds(npc, archetype, mind, ahead) => {
                    self.adopt_ahead(npc, archetype, mind, ahead)
                }
                _ => self.plan(npc, archetype, mind),
            }
            self.start_next_step(npc, mind);
        }
    }

    /// Decides for `npc` ahead of its turn, its mind out of its record (`think_ahead.rs`):
    /// senses and updates its drives and goals in place, as its turn would, and plans into
    /// `proposal` if it performs no action. False when another brain decides for it.
    pub(crate) fn udgoap_decide_ahead(
        &self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &mut Mind,
        scratch: &mut ThinkScratch,
        proposal: &mut UdgoapProposal,
    ) -> bool {
        let planning = mind.running.is_none();
        let BrainState::Udgoap(udgoap) = &mut mind.brain else {
            return false;
        };
        self.sense(npc, archetype, udgoap, &mut scratch.perceived);
        update_drives_and_goals(&self.domain, npc, udgoap, &mut scratch.udgoap.means);
        proposal.planned = planning;
        if planning {
            self.plan_ahead(npc, archetype, udgoap, &mut scratch.udgoap, proposal);
        }
        true
    }

    /// Plans for `npc` from `mind` into `proposal`, reading only, with the prices it read.
    fn plan_ahead(
        &self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &UdgoapMind,
        scratch: &mut UdgoapScratch,
        proposal: &mut UdgoapProposal,
    ) {
        let UdgoapScratch { arena, request, .. } = scratch;
        let arena = arena.get_mut();
        arena.reset();
        let before = arena.allocated_bytes();
        let UdgoapProposal {
            plan,
            candidates,
            satisfactions,
            priced,
            ..
        } = proposal;
        plan.clear();
        candidates.clear();
        satisfactions.clear();
        priced.clear();
        match self.search(
            &self.domain,
            npc,
            archetype,
            mind,
            request,
            arena,
            0,
            Some(priced),
        ) {
            Ok(mut search) => {
                plan.extend_from_slice(search.plan());
                push_candidates(&search, candidates, satisfactions);
                proposal.status = Some(search.status());
                proposal.stats = search.stats();
                proposal.chosen = search.found_state();
                proposal.focus = focus_of(&self.domain, mind, &mut search);
            }
            Err(_) => proposal.status = None,
        }
        proposal.arena = ArenaUse {
            before,
            after: arena.allocated_bytes(),
        };
    }

    /// Whether `npc`'s plan decided `ahead` may be adopted at its turn: its search reports
    /// the bytes of this thread's arena and leaves it as the search here would, and the
    /// prices it read still hold. A stale one is counted.
    fn plan_holds(
        &mut self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &Mind,
        ahead: &UdgoapProposal,
    ) -> bool {
        let committer = self.brains.scratch.udgoap.arena_bytes();
        if !ahead.arena.fits(committer) {
            self.count_stale(true);
            return false;
        }
        if !self.proposal_holds(npc, archetype, &ahead.priced) {
            return false;
        }
        if self.verifying() {
            if let BrainState::Udgoap(udgoap) = &mind.brain {
                let mut again = UdgoapProposal::default();
                let scratch = &mut UdgoapScratch::default();
                self.plan_ahead(npc, archetype, udgoap, scratch, &mut again);
                (again.planned, again.arena) = (true, ahead.arena);
                again.stats.peak_bytes = ahead.stats.peak_bytes;
                assert_eq!(&again, ahead, "a UDGOAP plan taken ahead no longer holds");
            }
        }
        true
    }

    /// Adopts the plan `npc` decided `ahead` and records it, as [`World::plan`] would have.
    fn adopt_ahead(
        &mut self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &mut Mind,
        ahead: &UdgoapProposal,
    ) {
        let BrainState::Udgoap(udgoap) = &mut mind.brain else {
            return;
        };
        let previous = udgoap.explanation.status;
        let status = ahead.status.unwrap_or_else(failed_search);
        if ahead.status.is_some() {
            let stats = SearchStats {
                // The committer's arena's, which the search fitted (`plan_holds`).
                peak_bytes: self.brains.scratch.udgoap.arena.get_mut().allocated_bytes(),
                ..ahead.stats
            };
            let record = Record {
                time: self.time,
                stats,
                chosen: ahead.chosen,
                recorded: ahead.candidates.len(),
                max_expansions: self.domain.archetype(archetype).think.max_expansions,
            };
            let explanation = start_record(
                udgoap,
                record,
                &mut self.brains.scratch.udgoap.most_recorded,
            );
            explanation.candidates.extend_from_slice(&ahead.candidates);
            explanation
                .satisfactions
                .extend_from_slice(&ahead.satisfactions);
            explanation.focus = ahead.focus;
            self.replace_plan(npc, mind, ahead.plan.iter().copied());
        }
        self.conclude_plan(npc, mind, previous, status);
    }

    /// Senses for `npc` at its turn, with the world's buffers ([`World::sense`]).
    fn sense_here(&mut self, npc: Entity, archetype: ArchetypeId, mind: &mut UdgoapMind) {
        let mut perceived = std::mem::take(&mut self.brains.scratch.perceived);
        self.sense(npc, archetype, mind, &mut perceived);
        self.brains.scratch.perceived = perceived;
    }

    /// Merges what `npc` perceives with its archetype's range and limit into its memory:
    /// itself, and the entities in range that can matter to it (`model/perception.rs`), the
    /// nearest, with their positions and facts, stamped now. Facts about entities that no
    /// longer exist are forgotten. `perceived` is scratch space.
    fn sense(
        &self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &mut UdgoapMind,
        perceived: &mut Perceived,
    ) {
        let Ok(me) = self.position(npc) else {
            return;
        };
        let think = &self.domain.archetype(archetype).think;
        let interest = Interest::Memory(archetype);
        self.perceivable(npc, me, Sight::of(think, interest), perceived);
        let relevance = self.domain.relevance();
        mind.memory.start_sensing();
        // Stamped when the first entity is remembered, as remembering it would: a sensing
        // that remembers none adds no time.
        let mut now = None;
        self.walk_perceived(perceived, |slot| {
            mind.memory.prefetch_ahead();
            let Some((entity, record)) = self.at_slot(slot) else {
                return;
            };
            if entity == npc || relevance.interests(interest, record.archetype(), &record.facts) {
                let now = *now.get_or_insert_with(|| mind.memory.now(self.time));
                remember(mind, entity, record, now);
            }
        });
        // Only a destruction makes a remembered entity missing: what sensing adds is alive.
        if mind.destructions_checked != self.destructions {
            mind.memory.forget_missing(|e| self.is_alive(e));
            mind.destructions_checked = self.destructions;
        }
    }

    /// Merges `entity`'s position and facts into `mind`'s memory, stamped now (what an NPC
    /// finds on arrival); forgets it when it no longer exists.
    pub(crate) fn perceive(&self, entity: Entity, mind: &mut UdgoapMind) {
        match self.live_record(entity) {
            Some(record) => {
                let now = mind.memory.now(self.time);
                remember(mind, entity, record, now);
            }
            None => mind.memory.forget_missing(|e| e != entity),
        }
    }

    /// Fills `request` from `npc`'s mind: known suppliers (with `priced`, the price of each
    /// slotted one, by slot), goals and drive weights. Returns the top-level function for the
    /// NPC's current drives.
    fn gather_request(
        &self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &UdgoapMind,
        request: &mut RequestBuffers,
        priced: Option<&mut Vec<PricedRead>>,
    ) -> TopLevelUtility {
        let domain = &*self.domain;
        self.gather_suppliers(npc, archetype, mind, &mut request.suppliers, priced);
        let RequestBuffers { goals, weights, .. } = request;
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

    /// Fills `suppliers` with the entities `mind` knows that supply something `npc` consumes,
    /// priced by contention; with `priced`, notes the price of each slotted one, by slot.
    fn gather_suppliers(
        &self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &UdgoapMind,
        suppliers: &mut Vec<Supplier>,
        mut priced: Option<&mut Vec<PricedRead>>,
    ) {
        let domain = &*self.domain;
        let serial = self.serial();
        suppliers.clear();
        let pricing = self.pricing(npc, Some(archetype));
        for entity in mind.memory.located_entities() {
            let Some((key, record)) = entity
                .key_in(serial)
                .and_then(|key| Some((key, self.entities.get(key).ok()?)))
            else {
                continue;
            };
            let Some(supplier) = record.archetype() else {
                continue;
            };
            // An entity supplying nothing the NPC consumes can be no step of a plan: leave it
            // out, so that a crowd of others costs the search nothing.
            if !domain.relevance().supplies(archetype, supplier) {
                continue;
            }
            // Contention: objects with no slot open to the NPC are left out or priced.
            let price = self.price(&pricing, entity, record);
            note_price(priced.as_deref_mut(), key.index, record, price);
            if let Some((_, utility_factor)) = price {
                suppliers.push(Supplier {
                    entity,
                    archetype: supplier,
                    utility_factor,
                });
            }
        }
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
            let mut request = std::mem::take(&mut world.brains.scratch.udgoap.request);
            let search = world.search(
                &world.domain,
                npc,
                archetype,
                udgoap,
                &mut request,
                arena,
                max_expansions,
                None,
            );
            world.brains.scratch.udgoap.request = request;
            let search = search?;
            Ok((
                &*arena.alloc_slice_copy(search.plan()),
                search.status(),
                search.stats(),
            ))
        })
    }

    /// Starts a search for `npc` from `mind` in `arena`, its request gathered into `request`
    /// (with `priced`, the prices of slotted suppliers noted), and runs it for at most
    /// `max_expansions` (0 means the archetype's limit). `domain` is the world's, borrowed for
    /// as long as the search lives ([`Search::new`]).
    #[allow(clippy::too_many_arguments)]
    fn search<'a>(
        &self,
        domain: &'a Domain,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &UdgoapMind,
        request: &mut RequestBuffers,
        arena: &'a Bump,
        max_expansions: u32,
        priced: Option<&mut Vec<PricedRead>>,
    ) -> Result<Search<'a>> {
        let top_level = self.gather_request(npc, archetype, mind, request, priced);
        self.search_gathered(
            domain,
            npc,
            archetype,
            mind,
            top_level,
            request,
            arena,
            max_expansions,
        )
    }

    /// Runs a search for `npc` over `request` (suppliers, goals, weights) and what `mind`
    /// remembers, for at most `max_expansions` (0 means the archetype's limit).
    #[allow(clippy::too_many_arguments)]
    fn search_gathered<'a>(
        &self,
        domain: &'a Domain,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &UdgoapMind,
        top_level: TopLevelUtility,
        request: &RequestBuffers,
        arena: &'a Bump,
        max_expansions: u32,
    ) -> Result<Search<'a>> {
        let think = domain.archetype(archetype).think;
        let limit = if max_expansions == 0 {
            think.max_expansions
        } else {
            max_expansions
        };
        let request = PlanRequest {
            archetype,
            consumer: npc,
            facts: &mind.memory,
            suppliers: &request.suppliers,
            goals: &request.goals,
            drive_weights: &request.weights,
            top_level,
            max_expansions: limit,
            max_depth: think.max_depth,
        };
        let mut search = Search::new(domain, &request, arena)?;
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
        self.sense_here(npc, archetype, memory);
        let mut request = std::mem::take(&mut self.brains.scratch.udgoap.request);
        self.gather_suppliers(npc, archetype, memory, &mut request.suppliers, None);
        let RequestBuffers { goals, weights, .. } = &mut request;
        goals.clear();
        goals.push(BoundGoal {
            goal,
            drive: 0,
            subject: npc,
        });
        weights.clear();
        weights.push(1.0);
        let mut arena = std::mem::take(self.brains.scratch.udgoap.arena.get_mut());
        arena.reset();
        let linear = TopLevelUtility::Linear;
        let outcome = match self
            .search_gathered(&domain, npc, archetype, memory, linear, &request, &arena, 0)
        {
            Ok(search) => {
                let status = search.status();
                if status == SearchStatus::Found {
                    adopt(self, search.plan());
                }
                (status, search.stats().expanded)
            }
            Err(_) => (failed_search(), 0),
        };
        *self.brains.scratch.udgoap.arena.get_mut() = arena;
        self.brains.scratch.udgoap.request = request;
        outcome
    }

    /// Runs a UDGOAP search from what `npc` knows and records the plan and its explanation.
    fn plan(&mut self, npc: Entity, archetype: ArchetypeId, mind: &mut Mind) {
        let BrainState::Udgoap(udgoap) = &mut mind.brain else {
            return;
        };
        let mut arena = std::mem::take(self.brains.scratch.udgoap.arena.get_mut());
        arena.reset();
        let mut request = std::mem::take(&mut self.brains.scratch.udgoap.request);
        let previous = udgoap.explanation.status;
        // The search borrows the domain while the plan is adopted, which writes the world.
        let domain = Arc::clone(&self.domain);
        let status = match self.search(
            &domain,
            npc,
            archetype,
            udgoap,
            &mut request,
            &arena,
            0,
            None,
        ) {
            Ok(mut search) => {
                let record = Record {
                    time: self.time,
                    stats: search.stats(),
                    chosen: search.found_state(),
                    recorded: recorded(&search),
                    max_expansions: self.domain.archetype(archetype).think.max_expansions,
                };
                let most = &mut self.brains.scratch.udgoap.most_recorded;
                let explanation = start_record(udgoap, record, most);
                push_candidates(
                    &search,
                    &mut explanation.candidates,
                    &mut explanation.satisfactions,
                );
                udgoap.explanation.focus = focus_of(&self.domain, udgoap, &mut search);
                self.replace_plan(npc, mind, search.plan().iter().copied());
                search.status()
            }
            Err(_) => failed_search(),
        };
        *self.brains.scratch.udgoap.arena.get_mut() = arena;
        self.brains.scratch.udgoap.request = request;
        self.conclude_plan(npc, mind, previous, status);
    }

    /// Ends a decision of `npc`, made here or ahead: its status `status` recorded, and a
    /// `NoPlan` event when it found none and its last decision (`previous`) ended otherwise.
    fn conclude_plan(
        &mut self,
        npc: Entity,
        mind: &mut Mind,
        previous: Option<SearchStatus>,
        status: SearchStatus,
    ) {
        if let BrainState::Udgoap(udgoap) = &mut mind.brain {
            udgoap.explanation.status = Some(status);
        }
        if status != SearchStatus::Found && previous != Some(status) {
            self.push_event(EventKind::NoPlan, npc, None, Entity::NULL, 0);
        }
    }
}

/// How a search is reported when it could not be made: its request is built from checked
/// state, so a failure is a bug, reported as no plan.
fn failed_search() -> SearchStatus {
    SearchStatus::NoPlan(StopReason::Exhausted)
}

/// The goal the plan of `search`, made from `mind`, serves most.
fn focus_of(domain: &Domain, mind: &UdgoapMind, search: &mut Search<'_>) -> Option<Focus> {
    search
        .plan_completeness()
        .and_then(|after| pick_focus(domain, &mind.drives, &mind.goals, after))
}

/// What a decision records in an explanation beside its candidates.
struct Record {
    time: f64,
    stats: SearchStats,
    chosen: Option<u32>,
    /// Candidates it records.
    recorded: usize,
    /// The NPC's archetype's search limit.
    max_expansions: u32,
}

/// The candidates of `search` an explanation records (bounded).
fn recorded(search: &Search<'_>) -> usize {
    search.states().len().min(Explanation::MAX_CANDIDATES)
}

/// Starts recording a decision in `mind`'s explanation: `record`'s fields, and its
/// candidates' buffers cleared, with room for them; the caller adds the candidates.
///
/// Each NPC's buffers are grown to the most candidates any decision of the world has recorded
/// (`most_recorded`), not just to its own: per-NPC high-water marks would keep rising, and
/// allocating, long after the world settles, one NPC's first large search at a time. The
/// world's mark settles within its first decisions, and each NPC then grows at most once; but
/// never past what its own searches can record (`max_expansions`), which its memory bound
/// counts: an archetype that searches little, beside one that searches much, keeps its size.
fn start_record<'m>(
    mind: &'m mut UdgoapMind,
    record: Record,
    most_recorded: &mut usize,
) -> &'m mut Explanation {
    *most_recorded = (*most_recorded).max(record.recorded);
    let room = (*most_recorded).min(Explanation::most_candidates(record.max_expansions));
    let explanation = &mut mind.explanation;
    explanation.time = record.time;
    explanation.stats = record.stats;
    explanation.chosen = record.chosen;
    explanation.drives = mind.drives.len();
    explanation.candidates.clear();
    explanation.satisfactions.clear();
    explanation.candidates.reserve_exact(room);
    explanation
        .satisfactions
        .reserve_exact(room * explanation.drives);
    explanation
}

/// Appends the candidates of `search` an explanation records, and their drive satisfactions.
fn push_candidates(
    search: &Search<'_>,
    candidates: &mut Vec<Candidate>,
    satisfactions: &mut Vec<f64>,
) {
    for (id, state) in search.states().iter().enumerate().take(recorded(search)) {
        candidates.push(Candidate::new(CandidateFields {
            id: id as u32,
            parent: state.parent,
            step: state.step,
            position: state.position,
            depth: state.depth,
            utility: state.utility,
            complete: state.parent.is_some() && state.unsatisfied.is_none() && !state.truncated,
            truncated: state.truncated,
        }));
        satisfactions.extend_from_slice(search.satisfactions(id as u32));
    }
}

/// Remembers `entity`'s facts and position. Sensing visits entities in slot (so handle)
/// order and the position sorts after every attribute ([`AttributeId::POSITION`]), so the
/// memory finds each fact where the last one ended.
#[inline(always)]
fn remember(mind: &mut UdgoapMind, entity: Entity, record: &EntityRecord<BrainState>, now: Now) {
    mind.memory
        .remember_entity(entity, record.facts.as_slice(), &record.position, now);
}

#[cfg(test)]
mod tests {
    use crate::core::brains::mind_limits::MindLimits;
    use crate::core::brains::udgoap::mind::Explanation;
    use crate::core::brains::BrainState;
    use crate::domain::shipped_instance;
    use crate::sim::Simulator;

    /// The wizard searches up to 512 states, its antlions 64: once the wizard has recorded a
    /// full explanation, the antlions' buffers still grow only to what their own searches can
    /// record, the room their memory bound counts.
    #[test]
    fn an_npc_keeps_room_for_its_own_decisions_beside_a_larger_searcher() {
        let mut instance = shipped_instance("wizard_arena.json", None, 1);
        let world = &mut instance.world;
        let mut simulator = Simulator::new(instance.rules.clone(), world).unwrap();
        world.brains.scratch.udgoap.most_recorded = Explanation::MAX_CANDIDATES;
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
