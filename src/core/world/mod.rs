//! The running world: the entities of one simulation, their facts and positions, its clock,
//! and the execution of what its NPCs decide (requests, reports, claims, joint actions,
//! ambiance). The brains that decide are in `brains/`.

pub mod actions;
mod alarm;
mod ambiance;
pub mod ambiance_areas;
mod brains;
pub(crate) mod buffer_room;
pub mod claims;
pub mod collect_in_advance;
mod deciders;
mod engine_timeout;
pub mod event;
pub mod event_queue;
pub mod find;
mod heap_layout;
pub mod history;
mod joint;
mod load_checks;
pub mod mind;
pub(crate) mod nearest;
mod open_tick;
mod orders;
pub mod perceived;
mod perceived_ahead;
pub mod player_model;
mod record_tag;
pub mod save;
mod saved_record;
mod schedule;
pub mod serial;
pub mod spatial;
pub mod spatial_index;
pub mod squads;
mod step;
mod tended;
pub mod think_ahead;
pub mod tick_phases;
mod while_out;
pub(crate) mod within_range;
pub(crate) mod write_log;

pub use brains::{Brains, Speculation};
pub use mind::{Mind, Part, Running};
pub use open_tick::OpenTick;
pub use step::Step;

use crate::core::world::alarm::Alarm;
use std::sync::Arc;

use crate::core::model::archetype::ArchetypeId;
use crate::core::model::condition::FactView;
use crate::core::model::domain::{AttributeId, Domain};
use crate::core::model::entity::{Entity, EntityKind};
use crate::core::model::error::{Error, ErrorKind, Result};
use crate::core::model::fact_set::{Fact, FactSet};
use crate::core::model::limits::MAX_ENTITY_CAPACITY_HINT;
#[cfg(doc)]
use crate::core::model::limits::MAX_THINK_THREADS;
use crate::core::model::outcome::OutcomeHistory;
use crate::core::model::rng::WorldRng;
use crate::core::model::slot_map::{KeyError, SlotKey, SlotMap};
use crate::core::model::smart_object::{ClaimPriority, SlotState};
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;
use crate::core::world::ambiance_areas::Ambiance;
use crate::core::world::event_queue::EventQueue;
use crate::core::world::player_model::PlayerModel;
use crate::core::world::record_tag::RecordTag;
use crate::core::world::serial::WorldSerial;
use crate::core::world::spatial::WorldSpatial;
use crate::core::world::tick_phases::Phase;

/// How a world starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorldConfig {
    /// Seed of every random draw the world makes: same seed, same inputs, same results.
    pub seed: u64,
    /// How many entities to reserve room for; the world still grows past it. At most
    /// [`MAX_ENTITY_CAPACITY_HINT`].
    pub entity_capacity: u32,
    /// Most plan-state expansions all planning of one tick may use, UDGOAP thinks and GOAP
    /// searches together; 0 means no limit. A UDGOAP think whose NPC's `max_expansions` does
    /// not fit in what is left waits for the next tick, first in line; a GOAP search stops
    /// where the budget ends and resumes from the back of the queue. No tick plans more.
    pub plan_budget_per_tick: u32,
    /// Threads a tick thinks on, the calling thread included (`think_ahead.rs`): 0 or 1 is the
    /// calling thread only, today's one-thread tick; at most [`MAX_THINK_THREADS`]. Any count
    /// gives the events, decisions and state of one thread, byte for byte.
    pub think_threads: u32,
}

impl Default for WorldConfig {
    fn default() -> Self {
        WorldConfig {
            seed: 0,
            entity_capacity: 64,
            plan_budget_per_tick: 0,
            think_threads: 1,
        }
    }
}

/// An entity's record: 56 bytes, 64 with its generation in the entity map, where each is one
/// aligned cache line (see the tests below; it was 104, then 72), since every tick reads a
/// large world's records once or twice in slot order and its thinks read them at random (issue
/// 33: `scripts/bench-ab` at 50,000 UBC NPCs, 0.588 → 0.550 µs per decision from 104 to 72).
/// A field more costs every entity a second line: keep rarely read state behind a pointer.
/// Saved field by field as before its kind, archetype and claim priority were packed
/// (`saved_record.rs`), so saves are unchanged.
pub(crate) struct EntityRecord<B> {
    /// Its kind, archetype and claim priority (an NPC's: its archetype's unless set at run
    /// time), packed.
    pub(crate) tag: RecordTag,
    pub(crate) position: Vec3,
    pub(crate) facts: FactSet,
    /// The mind of an NPC spawned from an archetype; taken out while it thinks.
    pub(crate) mind: Option<Box<Mind<B>>>,
    /// Its slots' claims, one per slot of its archetype (one pointer wide, as `facts`).
    pub(crate) slots: thin_vec::ThinVec<SlotState>,
    /// World time of a thinking NPC's next think, beside what the per-tick passes read so
    /// that scheduling never loads the mind.
    pub(crate) next_think: f64,
    /// Whether the per-tick pass loads the mind: every tick while its running action advances
    /// with time (see `World::advancing`), once its engine action's deadline passed
    /// (`engine_timeout.rs`), or never. Set whenever the mind goes back in after a change.
    pub(crate) alarm: Alarm,
}

impl<B> EntityRecord<B> {
    /// What the entity is.
    #[inline]
    pub(crate) fn kind(&self) -> EntityKind {
        self.tag.kind()
    }

    /// The archetype it was made from, if any.
    #[inline]
    pub(crate) fn archetype(&self) -> Option<ArchetypeId> {
        self.tag.archetype()
    }

    /// The priority of its claims.
    #[inline]
    pub(crate) fn claim_priority(&self) -> ClaimPriority {
        self.tag.claim_priority()
    }
}

/// The state of one simulation, whose NPCs think with the brains `B` (`crate::core::World`
/// names the world of every brain motive has). Worlds are independent of each other.
pub struct World<B: Brains> {
    pub(crate) domain: Arc<Domain>,
    serial: WorldSerial,
    seed: u64,
    pub(crate) time: f64,
    pub(crate) entities: SlotMap<EntityRecord<B>>,
    npc_count: usize,
    pub(crate) plan_budget_per_tick: u32,
    /// The events the engine has not polled yet, bounded (`event_queue.rs`).
    pub(crate) events: EventQueue,
    pub(crate) next_request: u32,
    /// What the brains keep world-wide ([`Brains::Shared`]).
    pub(crate) brains: B::Shared,
    /// The thinks due this tick, reused (`schedule.rs`).
    pub(crate) due: Vec<(f64, Entity)>,
    /// The due thinks and the NPCs' tier as the advance pass collects them
    /// (`collect_in_advance.rs`).
    pub(crate) collect_in_advance: collect_in_advance::CollectInAdvance,
    /// The NPCs that made a decision since the last tick began, each once, reused.
    pub(crate) decided: deciders::Deciders,
    /// Expansions left in this tick's budget.
    pub(crate) budget_left: u32,
    /// Expansions spent in the current (or last) tick.
    pub(crate) tick_expansions: u32,
    /// Every random draw (outcomes), seeded from the world's seed.
    pub(crate) rng: WorldRng,
    /// Outcomes seen so far per action (by action id): the scope of learning is every object of
    /// the world that supplies the action (the book's room of levers).
    pub(crate) outcome_history: Vec<OutcomeHistory>,
    /// Smart ambiance: areas with their location and event modifiers, entity projections.
    pub(crate) ambiance: Ambiance,
    /// Where entities are, for range queries (`spatial.rs`).
    pub(crate) spatial: WorldSpatial,
    /// Times each phase of a tick when asked (`tick_phases.rs`).
    phases: tick_phases::PhaseClock,
    /// The answer of the last [`World::find_suppliers`], kept to reuse its memory.
    pub(crate) found: Vec<crate::core::world::find::Found>,
    /// What the world believes of the player's style.
    pub(crate) player: PlayerModel,
    /// Entities destroyed so far: a memory checked since the last destruction holds no facts
    /// about missing entities, so sensing skips the check.
    pub(crate) destructions: u64,
    /// Seconds an engine-ended action may go unreported (`engine_timeout.rs`).
    pub(crate) engine_timeout: f64,
    /// Live squads in creation order: the per-tick passes over squads (aggregates, rosters)
    /// visit only these.
    pub(crate) squads: Vec<Entity>,
    /// Per-NPC decision history (`history.rs`); off by default.
    pub(crate) history: history::History,
    /// The think threads and the proposals decided ahead (`think_ahead.rs`).
    pub(crate) ahead: think_ahead::ThinkAhead<B>,
    /// What the commits of a parallel think phase wrote (`write_log.rs`).
    pub(crate) write_log: write_log::WriteLog,
    /// What befell NPCs whose minds were out, not yet carried out: empty between calls
    /// (`while_out.rs`).
    pub(crate) while_out: Vec<while_out::WhileOut>,
    /// The units an interrupt reaches, reused (`squads.rs`).
    pub(crate) interrupted: Vec<Entity>,
    /// The helpers of a joint performance that ended well, with their steps, reused
    /// (`joint.rs`).
    pub(crate) finished_helpers: Vec<(Entity, Step)>,
    /// Entities whose facts and minds were allocated (spawned or loaded) since they were last
    /// laid out in slot order (`heap_layout.rs`).
    pub(crate) scattered: usize,
    /// The slots of the entities the per-tick passes have work for (`tended.rs`).
    pub(crate) tended: crate::core::model::slot_set::SlotSet,
    /// Each archetype's needs as the per-tick pass decays them (`need_decay.rs`).
    pub(crate) need_decays: crate::core::model::need_decay::NeedDecays,
}

impl<B: Brains> World<B> {
    /// A world over `domain`, empty, at time 0. Fails when the capacity hint is above
    /// [`MAX_ENTITY_CAPACITY_HINT`] or cannot be reserved, when the think threads are above
    /// [`MAX_THINK_THREADS`], or when 65,535 worlds are alive.
    pub fn new(domain: Arc<Domain>, config: WorldConfig) -> Result<Self> {
        if config.entity_capacity > MAX_ENTITY_CAPACITY_HINT {
            return Err(Error::invalid(format!(
                "entity_capacity {} is above the maximum hint {MAX_ENTITY_CAPACITY_HINT}",
                config.entity_capacity
            )));
        }
        let threads = think_ahead::checked_threads(config.think_threads)?;
        let serial = WorldSerial::lease()?;
        let mut world =
            World::new_leased(domain, serial, config.seed, config.entity_capacity as usize)?;
        world.plan_budget_per_tick = config.plan_budget_per_tick;
        world.ahead.threads = threads;
        Ok(world)
    }

    /// An empty world over `domain` under the leased `serial` (creation and loading).
    pub(crate) fn new_leased(
        domain: Arc<Domain>,
        serial: WorldSerial,
        seed: u64,
        entity_capacity: usize,
    ) -> Result<Self> {
        // Sized up front, so that drawing an outcome never allocates.
        let outcome_history = domain
            .actions()
            .items()
            .iter()
            .map(|a| OutcomeHistory::new(a.outcomes.as_ref().map_or(0, |t| t.outcomes().len())))
            .collect();
        Ok(World {
            need_decays: crate::core::model::need_decay::NeedDecays::of(&domain),
            found: Vec::new(),
            squads: Vec::new(),
            history: history::History::default(),
            ahead: think_ahead::ThinkAhead::for_domain(&domain),
            write_log: write_log::WriteLog::default(),
            while_out: Vec::new(),
            interrupted: Vec::new(),
            finished_helpers: Vec::new(),
            scattered: 0,
            tended: Default::default(),
            destructions: 0,
            engine_timeout: crate::core::model::action::DEFAULT_ENGINE_TIMEOUT,
            player: PlayerModel::new(domain.player_styles().len(), domain.adaptation().decay),
            spatial: WorldSpatial::for_domain(&domain),
            phases: Default::default(),
            domain,
            ambiance: Ambiance::for_world(serial.get()),
            serial,
            seed,
            time: 0.0,
            entities: SlotMap::with_capacity(entity_capacity)?,
            npc_count: 0,
            plan_budget_per_tick: 0,
            events: EventQueue::default(),
            next_request: 0,
            brains: B::Shared::default(),
            due: Vec::new(),
            collect_in_advance: Default::default(),
            decided: deciders::Deciders::default(),
            budget_left: 0,
            tick_expansions: 0,
            rng: WorldRng::new(seed),
            outcome_history,
        })
    }

    /// Every live entity, in slot order.
    pub fn entities(&self) -> impl Iterator<Item = Entity> + '_ {
        let serial = self.serial();
        self.entities
            .iter()
            .map(move |(key, _)| Entity::from_key(key, serial))
    }

    /// The domain the world was created from.
    pub fn domain(&self) -> &Arc<Domain> {
        &self.domain
    }

    /// This world's serial, carried by every handle it issues.
    pub fn serial(&self) -> u16 {
        self.serial.get()
    }

    /// The seed the world was created with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Simulated seconds since creation.
    pub fn time(&self) -> f64 {
        self.time
    }

    /// Advances the world by `dt` seconds (finite, not negative, and keeping the clock finite; a
    /// refused tick changes nothing): the clock, finished ambiance
    /// event modifiers, needs and running actions, the spatial index when something moved
    /// (in the pass that lists the due thinks), squads, then every think that is due
    /// (`schedule.rs`).
    pub fn tick(&mut self, dt: f64) -> Result<()> {
        if self.tick_is_open() {
            return Err(Error::invalid("a tick is open: end it first"));
        }
        self.phases.start();
        let tick_start = self.start_tick(dt)?;
        self.phases.lap(Phase::Passes);
        self.run_due_thinks(tick_start);
        self.end_tick();
        self.phases.lap(Phase::After);
        Ok(())
    }

    /// A tick up to its thinks (checks, clock, ambiance, needs and running actions, the spatial
    /// index, squads, the budget); the tick's start time.
    fn start_tick(&mut self, dt: f64) -> Result<f64> {
        self.check_tick(dt)?;
        let tick_start = self.time;
        self.time += dt;
        self.ambiance.prune_finished(self.time);
        self.lay_out_if_scattered();
        if self.begin_collect_in_advance() {
            self.advance_npcs(dt, true);
            self.end_collect_in_advance();
        } else {
            self.advance_npcs(dt, false);
            self.collect_due_and_refresh_spatial();
        }
        self.update_squads();
        self.budget_left = match self.plan_budget_per_tick {
            0 => u32::MAX,
            budget => budget,
        };
        self.tick_expansions = 0;
        self.decided.clear(self.npc_count);
        Ok(tick_start)
    }

    /// A tick after its due thinks: what the brains do then (GOAP's queue), squads' orders.
    fn end_tick(&mut self) {
        B::after_thinks(self);
        self.check_orders();
    }

    /// Whether [`World::tick`] accepts `dt`: finite, not negative, and keeping the clock finite
    /// (every deadline and timestamp is measured on it; two ticks of `DBL_MAX` made it
    /// infinite).
    pub fn check_tick(&self, dt: f64) -> Result<()> {
        if !(dt.is_finite() && dt >= 0.0) {
            return Err(Error::invalid(format!(
                "dt must be finite and >= 0, got {dt}"
            )));
        }
        if !(self.time + dt).is_finite() {
            return Err(Error::invalid(format!(
                "a tick of {dt} s would take the clock past the largest finite time from {} s",
                self.time
            )));
        }
        Ok(())
    }

    /// The NPCs and squads that made a decision in the last tick (a plan, "no plan", a rating,
    /// a tree step), each once, in the order they decided: what an engine would refresh, and
    /// what the headless simulator counts, without visiting every NPC. Thinks forced outside
    /// a tick (`think_now`) are listed until the next tick begins, each NPC once however often
    /// it is made to think. A loaded world lists none until its first decision.
    pub fn decided_in_last_tick(&self) -> &[Entity] {
        self.decided.as_slice()
    }

    /// Planner expansions spent in the last tick (UDGOAP thinks and GOAP searches): never
    /// more than `plan_budget_per_tick` when it is set.
    pub fn last_tick_expansions(&self) -> u32 {
        self.tick_expansions
    }

    /// Creates an entity of `kind` at `position`, with no archetype: it supplies nothing and
    /// does not think.
    pub fn create(&mut self, kind: EntityKind, position: Vec3) -> Result<Entity> {
        if kind == EntityKind::Squad {
            return Err(Error::invalid(
                "a squad has an archetype: create it with create_squad",
            ));
        }
        self.insert(kind, None, position)
    }

    /// Spawns an entity of `archetype` at `position`. An archetype with drives or consumable
    /// actions makes a thinking NPC, whose first think is staggered across its think interval
    /// so that NPCs spawned together do not all think on the same tick; any other makes a smart
    /// object.
    pub fn spawn(&mut self, archetype: ArchetypeId, position: Vec3) -> Result<Entity> {
        let def = self.domain.archetypes().get(archetype.0)?;
        if def.squad.is_some() {
            return Err(Error::invalid(format!(
                "archetype {:?} is a squad's: create its squads with create_squad",
                self.domain.archetypes().name(archetype.0)
            )));
        }
        let kind = if def.thinks() {
            EntityKind::Npc
        } else {
            EntityKind::Object
        };
        self.spawn_as(archetype, position, kind)
    }

    /// Spawns an entity of `archetype` and `kind` at `position`: its starting facts, slots and
    /// claim priority, and, when it thinks, its mind and a staggered first think.
    pub(crate) fn spawn_as(
        &mut self,
        archetype: ArchetypeId,
        position: Vec3,
        kind: EntityKind,
    ) -> Result<Entity> {
        let domain = self.domain.clone();
        let def = domain.archetypes().get(archetype.0)?;
        let thinks = def.thinks();
        let entity = self.insert(kind, Some(archetype), position)?;
        let time = self.time;
        let record = self.record_mut(entity)?;
        record.slots = thin_vec::thin_vec![SlotState::default(); def.slots.len()];
        record.tag = record.tag.with_claim_priority(def.claim_priority);
        for &(attribute, value) in &def.state {
            record.facts.set(Fact {
                attribute,
                value,
                time,
            });
        }
        for &attribute in &def.state_self {
            record.facts.set(Fact {
                attribute,
                value: Value::Entity(entity),
                time,
            });
        }
        if thinks {
            let think = def.think;
            // Golden-ratio spacing of slot indices spreads any number of NPCs evenly.
            let phase = (f64::from(entity.index1) * 0.618_033_988_749_895).fract();
            let mind = Mind::new(B::new_mind(&domain, def), B::plan_steps(&domain, archetype));
            let first_think = self.time + phase * think.think_interval;
            let record = self.record_mut(entity)?;
            record.mind = Some(Box::new(mind));
            record.next_think = first_think;
        }
        self.tend(entity);
        Ok(entity)
    }

    fn insert(
        &mut self,
        kind: EntityKind,
        archetype: Option<ArchetypeId>,
        position: Vec3,
    ) -> Result<Entity> {
        check_position(position)?;
        let key = self
            .entities
            .insert(EntityRecord {
                tag: RecordTag::new(kind, archetype, ClaimPriority::NORMAL),
                position,
                facts: FactSet::default(),
                mind: None,
                slots: thin_vec::ThinVec::new(),
                next_think: f64::INFINITY,
                alarm: Alarm::NEVER,
            })
            .ok_or_else(|| Error::invalid("the world holds 2^32 entities already"))?;
        if kind == EntityKind::Npc {
            self.npc_count += 1;
        }
        self.scattered += 1;
        self.spatial.changed(kind);
        self.write_log.world_changed();
        let entity = Entity::from_key(key, self.serial());
        self.tend(entity);
        Ok(entity)
    }

    /// Destroys `entity`, which must be live and of `kind`; its handle goes stale and its
    /// ambiance projections go with it.
    pub fn destroy(&mut self, entity: Entity, kind: EntityKind) -> Result<()> {
        self.record(entity, Some(kind))?;
        self.before_destroy(entity);
        self.ambiance.remove_anchored_to(entity);
        let key = entity.key().expect("resolved handles are not null");
        self.entities.remove(key).expect("resolved above");
        self.tended.remove(key.index);
        self.destructions += 1;
        self.spatial.changed(kind);
        self.write_log.world_changed();
        if kind == EntityKind::Npc {
            self.npc_count -= 1;
        }
        Ok(())
    }

    /// True when `entity` is live in this world and of `kind`. Never allocates (no error is
    /// built), so hot paths may call it.
    pub fn is_live(&self, entity: Entity, kind: EntityKind) -> bool {
        self.live_record(entity).is_some_and(|r| r.kind() == kind)
    }

    /// True when `entity` is a live entity of this world, of any kind. Never allocates.
    pub fn is_alive(&self, entity: Entity) -> bool {
        self.live_record(entity).is_some()
    }

    /// The record of a live entity of this world, without building an error when there is none.
    pub(crate) fn live_record(&self, entity: Entity) -> Option<&EntityRecord<B>> {
        self.entities.get(entity.key_in(self.serial())?).ok()
    }

    pub(crate) fn live_record_mut(&mut self, entity: Entity) -> Option<&mut EntityRecord<B>> {
        let key = entity.key_in(self.serial())?;
        self.entities.get_mut(key).ok()
    }

    /// The kind of a live entity.
    pub fn kind(&self, entity: Entity) -> Result<EntityKind> {
        self.record(entity, None).map(|r| r.kind())
    }

    /// Number of live NPCs.
    pub fn npc_count(&self) -> usize {
        self.npc_count
    }

    /// Number of live smart objects.
    pub fn object_count(&self) -> usize {
        self.entities.len() - self.npc_count - self.squads.len()
    }

    /// Where `entity` is.
    pub fn position(&self, entity: Entity) -> Result<Vec3> {
        self.record(entity, None).map(|r| r.position)
    }

    /// Starts loading `entity`'s record (its position, archetype and liveness), for a caller
    /// that will read it a few entities on: nothing for a handle of another world.
    pub(crate) fn prefetch_record(&self, entity: Entity) {
        if let Some(key) = entity.key_in(self.serial()) {
            self.entities.prefetch_at(key.index);
        }
    }

    /// Moves `entity` to `position`.
    pub fn set_position(&mut self, entity: Entity, position: Vec3) -> Result<()> {
        check_position(position)?;
        let record = self.record_mut(entity)?;
        record.position = position;
        let kind = record.kind();
        self.spatial.changed(kind);
        self.write_log.world_changed();
        Ok(())
    }

    /// Writes a fact about `entity`, stamped with the current time. The value must have the
    /// attribute's type, be finite, and reference only null or live entities of this world. A
    /// change of a significant attribute interrupts the NPC or squad it concerns (P:329).
    pub fn set_fact(&mut self, entity: Entity, attribute: AttributeId, value: Value) -> Result<()> {
        self.domain.check_value(attribute, value)?;
        if let Value::Entity(target) = value {
            if !target.is_null() {
                self.record(target, None)?;
            }
        }
        let time = self.time;
        let record = self.record_mut(entity)?;
        let had = record.facts.get(attribute).map(|f| f.value);
        let changed = had != Some(value);
        let thinks = record.mind.is_some();
        let of = (record.kind(), record.archetype());
        record.facts.set(Fact {
            attribute,
            value,
            time,
        });
        self.write_log.world_changed();
        let relevance = self.domain.relevance();
        self.spatial
            .fact_set(relevance, of, attribute, had.is_some());
        if changed && thinks && self.domain.attribute(attribute)?.significant {
            self.interrupt_hierarchy(entity);
        }
        Ok(())
    }

    /// The fact about `entity` for `attribute`; not-found when none was written.
    pub fn fact(&self, entity: Entity, attribute: AttributeId) -> Result<Fact> {
        let name = &self.domain.attribute(attribute)?.name;
        let record = self.record(entity, None)?;
        record.facts.get(attribute).copied().ok_or_else(|| {
            Error::new(
                ErrorKind::NotFound,
                format!(
                    "{} {} has no fact {name:?}",
                    record.kind().name(),
                    describe(entity)
                ),
            )
        })
    }

    /// The archetype `entity` was spawned from, if any.
    pub fn archetype(&self, entity: Entity) -> Result<Option<ArchetypeId>> {
        self.record(entity, None).map(|r| r.archetype())
    }

    /// The mind of an NPC spawned from an archetype, or of a squad.
    pub fn mind(&self, npc: Entity) -> Result<&Mind<B>> {
        let record = self.thinker_record(npc)?;
        record.mind.as_deref().ok_or_else(|| {
            Error::invalid(format!(
                "npc {} was not spawned from an archetype and has no mind",
                describe(npc)
            ))
        })
    }

    pub(crate) fn mind_mut(&mut self, npc: Entity) -> Result<&mut Mind<B>> {
        let record = self.record_mut(npc)?;
        if record.kind() == EntityKind::Object {
            return Err(Error::invalid(format!(
                "entity {} is not an npc",
                describe(npc)
            )));
        }
        record.mind.as_deref_mut().ok_or_else(|| {
            Error::invalid(format!(
                "npc {} was not spawned from an archetype and has no mind",
                describe(npc)
            ))
        })
    }

    /// The record of a live NPC or squad: the entities that may have minds.
    fn thinker_record(&self, entity: Entity) -> Result<&EntityRecord<B>> {
        match self.record(entity, None)? {
            record if record.kind() == EntityKind::Squad => Ok(record),
            _ => self.record(entity, Some(EntityKind::Npc)),
        }
    }

    pub(crate) fn record(
        &self,
        entity: Entity,
        kind: Option<EntityKind>,
    ) -> Result<&EntityRecord<B>> {
        let key = self.check_handle(entity)?;
        let record = self.entities.get(key).map_err(|e| stale(entity, e))?;
        match kind {
            Some(kind) if kind != record.kind() => Err(Error::invalid(format!(
                "entity {} is an {}, not an {}",
                describe(entity),
                record.kind().name(),
                kind.name()
            ))),
            _ => Ok(record),
        }
    }

    pub(crate) fn record_mut(&mut self, entity: Entity) -> Result<&mut EntityRecord<B>> {
        let key = self.check_handle(entity)?;
        self.entities.get_mut(key).map_err(|e| stale(entity, e))
    }

    fn check_handle(&self, entity: Entity) -> Result<SlotKey> {
        let key = entity
            .key()
            .ok_or_else(|| Error::invalid("the entity handle is null"))?;
        if entity.world != self.serial() {
            return Err(Error::new(
                ErrorKind::WrongWorld,
                format!(
                    "entity {} belongs to world {}, not to this world ({})",
                    describe(entity),
                    entity.world,
                    self.serial()
                ),
            ));
        }
        Ok(key)
    }
}

fn check_position(position: Vec3) -> Result<()> {
    if position.is_finite() {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "position {position:?} is not finite"
        )))
    }
}

/// `{index1:generation@world}`, the form every message uses for a handle.
pub(crate) fn describe(entity: Entity) -> String {
    format!(
        "{{{}:{}@{}}}",
        entity.index1, entity.generation, entity.world
    )
}

fn stale(entity: Entity, error: KeyError) -> Error {
    let why = match error {
        KeyError::Stale => "was destroyed",
        KeyError::Unknown => "was never issued by this world",
    };
    Error::new(
        ErrorKind::StaleHandle,
        format!("entity {} {why}", describe(entity)),
    )
}

/// The world's truth, read without allocating: what GOAP binds against and what context
/// preconditions test.
impl<B: Brains> FactView for World<B> {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        self.live_record(entity)?
            .facts
            .get(attribute)
            .map(|f| f.value)
    }

    fn number(&self, entity: Entity, attribute: AttributeId) -> Option<f64> {
        self.live_record(entity)?
            .facts
            .get(attribute)?
            .value
            .number()
    }

    fn position(&self, entity: Entity) -> Option<Vec3> {
        self.live_record(entity).map(|r| r.position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{DomainBuilder, ValueType};

    fn world() -> (crate::core::World, AttributeId, AttributeId) {
        let mut b = DomainBuilder::new();
        let health = b.add_attribute("health", ValueType::Number).unwrap();
        let target = b.add_attribute("target", ValueType::Entity).unwrap();
        (
            World::new(b.build().unwrap(), WorldConfig::default()).unwrap(),
            health,
            target,
        )
    }

    #[test]
    fn handles_go_stale_and_recycled_slots_do_not_revive_them() {
        let (mut w, health, _) = world();
        let a = w.create(EntityKind::Npc, Vec3::default()).unwrap();
        w.destroy(a, EntityKind::Npc).unwrap();
        let b = w.create(EntityKind::Npc, Vec3::default()).unwrap();
        assert_eq!(a.index1, b.index1, "slot is recycled");
        assert!(!w.is_live(a, EntityKind::Npc));
        assert!(w.is_live(b, EntityKind::Npc));
        let err = w.set_fact(a, health, Value::Number(1.0)).unwrap_err();
        assert_eq!(err.kind, ErrorKind::StaleHandle);
        assert_eq!(w.npc_count(), 1);
    }

    #[test]
    fn foreign_wrong_kind_and_null_handles_are_rejected() {
        let (mut w1, _, _) = world();
        let (mut w2, _, _) = world();
        let npc = w1.create(EntityKind::Npc, Vec3::default()).unwrap();
        w2.create(EntityKind::Npc, Vec3::default()).unwrap();
        assert_eq!(w2.position(npc).unwrap_err().kind, ErrorKind::WrongWorld);
        let err = w1.destroy(npc, EntityKind::Object).unwrap_err();
        assert_eq!(err.kind, ErrorKind::InvalidArgument);
        assert!(err.message.contains("is an npc, not an object"), "{err}");
        assert!(
            w1.is_live(npc, EntityKind::Npc),
            "rejected destroy loses nothing"
        );
        assert_eq!(
            w1.kind(Entity::NULL).unwrap_err().kind,
            ErrorKind::InvalidArgument
        );
    }

    #[test]
    fn facts_are_typed_finite_stamped_and_reference_live_entities() {
        let (mut w, health, target) = world();
        let npc = w.create(EntityKind::Npc, Vec3::default()).unwrap();
        let obj = w
            .create(EntityKind::Object, Vec3::new(1.0, 2.0, 3.0))
            .unwrap();
        w.tick(1.5).unwrap();
        w.set_fact(npc, health, Value::Number(40.0)).unwrap();
        let fact = w.fact(npc, health).unwrap();
        assert_eq!((fact.value, fact.time), (Value::Number(40.0), 1.5));
        let wrong = w.set_fact(npc, health, Value::Bool(true)).unwrap_err();
        assert_eq!(wrong.kind, ErrorKind::TypeMismatch);
        let nan = w
            .set_fact(npc, health, Value::Number(f64::NAN))
            .unwrap_err();
        assert_eq!(nan.kind, ErrorKind::InvalidArgument);
        assert_eq!(w.fact(npc, health).unwrap().value, Value::Number(40.0));
        w.set_fact(npc, target, Value::Entity(obj)).unwrap();
        w.set_fact(npc, target, Value::Entity(Entity::NULL))
            .unwrap();
        w.destroy(obj, EntityKind::Object).unwrap();
        let dangling = w.set_fact(npc, target, Value::Entity(obj)).unwrap_err();
        assert_eq!(dangling.kind, ErrorKind::StaleHandle);
        assert_eq!(
            w.fact(obj, health).unwrap_err().kind,
            ErrorKind::StaleHandle
        );
        assert_eq!(
            w.fact(npc, AttributeId(9)).unwrap_err().kind,
            ErrorKind::NotFound
        );
    }

    #[test]
    fn capacity_hints_are_bounded_not_fatal() {
        let config = WorldConfig {
            entity_capacity: u32::MAX,
            ..WorldConfig::default()
        };
        let err = crate::core::World::new(DomainBuilder::new().build().unwrap(), config)
            .err()
            .unwrap();
        assert_eq!(err.kind, ErrorKind::InvalidArgument);
    }

    #[test]
    fn tick_rejects_bad_dt_and_keeps_the_clock() {
        let (mut w, _, _) = world();
        w.tick(0.25).unwrap();
        for dt in [f64::NAN, -0.1, f64::INFINITY] {
            assert_eq!(w.tick(dt).unwrap_err().kind, ErrorKind::InvalidArgument);
        }
        w.tick(0.0).unwrap();
        assert_eq!(w.time(), 0.25);
    }

    /// A record and its generation are one cache line in the entity map: each field more
    /// loads a second line per entity, per pass and per random read, in a large world (issue
    /// 33).
    #[test]
    fn a_record_and_its_generation_are_one_cache_line() {
        use super::EntityRecord;
        use crate::core::brains::BrainState;
        use crate::core::model::slot_map::SlotMap;
        assert_eq!(std::mem::size_of::<EntityRecord<BrainState>>(), 56);
        assert_eq!(
            SlotMap::<EntityRecord<BrainState>>::bytes_per_value(),
            64 + 4
        );
    }
}
