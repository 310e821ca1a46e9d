//! Which entities of a world are within range of a point: what sensing (UDGOAP), candidates
//! (UBC) and target gathering (GOAP) see, found through a [`SpatialIndex`] of every entity's
//! position instead of a test of every entity, and bounded to a think's `perception_limit`
//! nearest (`nearest.rs`).
//!
//! **Exact, always.** Candidates are exactly those of testing every entity, in slot order. The
//! index is *stale* from any change to the set of positions (an entity created, spawned,
//! destroyed or moved, by the engine or by an effect) until it is rebuilt, and a query on a
//! stale index scans every entity instead. `tick` rebuilds a stale index once, after needs and
//! running actions (whose effects may move entities) and before thinks, so the thinks of a tick
//! all query it; thinks themselves move nothing. Direct calls between ticks (`think_now`,
//! `plan_into`, `goap_begin`) after a move scan, unless the caller rebuilds first with
//! [`World::refresh_spatial_index`]. Infinite ranges (the default perception range) scan too: the
//! index would visit every entry anyway, and then sort them.
//!
//! **Three tiers.** Smart objects and NPCs are indexed apart, each tier stale only from changes
//! to its own kind's entities. In a game most objects stand still while NPCs walk, so a tick
//! rebuilds only the NPCs' tier (in the hospital, 16 of every 53 entities; UBC at 20,000 NPCs
//! took 13 % less time per decision than with one index). A query walks both tiers' cells, or
//! only the objects' when no NPC can matter to the think (a crowd then costs it nothing).
//! Inert objects, which supply nothing any archetype consumes and carry no watched fact
//! (props, clutter: [`Relevance::inert`](crate::core::model::perception::Relevance::inert)),
//! have a tier of their own, which a think walks only when they can interest it: never for
//! UBC's candidates or GOAP's targets, and for UDGOAP's memory only when everything is
//! remembered. One that gains a watched fact (`World::set_fact`, an effect) makes the
//! objects' tiers stale, and the next rebuild moves it. 10,000 props per
//! copy of the hospital, all in sight, cost a decision (UBC, GOAP, UDGOAP) 3.1 / 2.4 / 74 µs
//! in the objects' tier and 0.43 / 0.53 / 2.6 µs in their own, as with 16 props (`motive bench
//! --objects 10000`, quick, the same minutes).
//!
//! **Order.** Both paths list slot indices in ascending order (the index's own order depends on
//! cells; sorting its results restores slot order), and the limit keeps the nearest by squared
//! distance, then slot, whatever the order of the visit, so what an NPC perceives, and so its memory,
//! its planning and its events, depend only on the world's state: replays and lockstep stay
//! deterministic, and results match those of the scan the world used before it had an index.
//!
//! **Cell size.** The index is fastest with cells of a quarter to a half of the query range
//! (`benches/spatial.rs`). A world starts with half the largest finite perception range among
//! its domain's thinking archetypes ([`DEFAULT_CELL_SIZE`] when none has one): smaller ranges
//! then test a few more entries, larger ones never walk more rows than twice their range
//! covers. Games whose NPCs perceive very different ranges can set it with
//! [`World::set_spatial_cell_size`].

use crate::core::model::archetype::ArchetypeId;
use crate::core::model::condition::squared_distance;
use crate::core::model::domain::{AttributeId, Domain};
use crate::core::model::entity::{Entity, EntityKind};
use crate::core::model::error::Result;
use crate::core::model::perception::{Relevance, Sight};
use crate::core::model::vec3::Vec3;
use crate::core::world::brains::Brains;
use crate::core::world::perceived::Perceived;
use crate::core::world::spatial_index::{SpatialIndex, Staging};
use crate::core::world::within_range::WithinRange;
use crate::core::world::{EntityRecord, World};

/// The cell size of worlds whose archetypes all perceive an infinite (or zero) range, in
/// engine units: such queries scan, so it matters only to direct callers with finite ranges.
pub const DEFAULT_CELL_SIZE: f32 = 10.0;

/// A world's index of entity positions, in two tiers by kind: smart objects (patients, beds,
/// cabinets) mostly stand still while NPCs walk every tick, so the objects' tier is rebuilt only
/// when an object appears, goes or moves, and each tick rebuilds only the NPCs' (a third of the
/// hospital's entities). A query reads both tiers.
#[derive(Clone, Debug)]
pub(crate) struct WorldSpatial {
    objects: Tier,
    /// Inert objects ([`Relevance::inert`](crate::core::model::perception::Relevance::inert)).
    inert: Tier,
    npcs: Tier,
    cell_size: f32,
}

/// One kind's entities, indexed, and whether the index still matches them.
#[derive(Clone, Debug)]
struct Tier {
    index: SpatialIndex,
    /// An entity of the tier's kind appeared, disappeared or moved since the last rebuild.
    stale: bool,
}

impl Tier {
    /// Its index with a rebuild begun when it is stale, which it no longer counts as.
    fn begin_rebuild(&mut self) -> Option<&mut SpatialIndex> {
        if !self.stale {
            return None;
        }
        self.stale = false;
        self.index.clear_staged();
        Some(&mut self.index)
    }
}

impl WorldSpatial {
    /// A stale, empty index of cells of `cell_size` (finite, > 0).
    pub(crate) fn new(cell_size: f32) -> Result<Self> {
        let tier = || -> Result<Tier> {
            Ok(Tier {
                index: SpatialIndex::new(cell_size)?,
                stale: true,
            })
        };
        Ok(WorldSpatial {
            objects: tier()?,
            inert: tier()?,
            npcs: tier()?,
            cell_size,
        })
    }

    /// The index a world over `domain` starts with; see the module documentation.
    pub(crate) fn for_domain(domain: &Domain) -> Self {
        let largest = domain
            .archetypes()
            .items()
            .iter()
            .filter(|a| a.thinks())
            .map(|a| a.think.perception_range)
            .filter(|range| range.is_finite() && *range > 0.0)
            .fold(0.0, f64::max);
        let cell_size = (largest / 2.0) as f32;
        WorldSpatial::new(cell_size)
            .or_else(|_| WorldSpatial::new(DEFAULT_CELL_SIZE))
            .expect("the default cell size is valid")
    }

    /// Records that an entity of `kind` appeared, disappeared or moved: its tier no longer
    /// matches the positions until the next rebuild.
    pub(crate) fn changed(&mut self, kind: EntityKind) {
        match kind {
            // Both objects' tiers: which of them an object is in is the rebuild's to say.
            EntityKind::Object => {
                self.objects.stale = true;
                self.inert.stale = true;
            }
            EntityKind::Npc => self.npcs.stale = true,
            EntityKind::Squad => {}
        }
    }

    /// A fact of `attribute` is about to be set on an entity of `(kind, archetype)`, which
    /// `had` one: a watched fact new to an inert object
    /// ([`Relevance::inert`](crate::core::model::perception::Relevance::inert)) takes it out of
    /// the inert tier, at the next rebuild.
    pub(crate) fn fact_set(
        &mut self,
        relevance: &Relevance,
        (kind, archetype): (EntityKind, Option<ArchetypeId>),
        attribute: AttributeId,
        had: bool,
    ) {
        if !had && relevance.may_stir(kind, archetype, attribute) {
            self.changed(EntityKind::Object);
        }
    }

    /// Some object appeared, disappeared or moved since the last rebuild: a rebuild must be
    /// offered every object, not only the NPCs.
    pub(crate) fn objects_stale(&self) -> bool {
        self.objects.stale || self.inert.stale
    }

    /// Some entity appeared, disappeared or moved since the last rebuild.
    pub(crate) fn is_stale(&self) -> bool {
        self.objects_stale() || self.npcs.stale
    }

    /// The tiers' indexes a query reads: the objects', the inert objects' when `inert`, the
    /// NPCs' when `npcs`.
    fn indexes(&self, npcs: bool, inert: bool) -> impl Iterator<Item = &SpatialIndex> {
        [
            (&self.objects.index, true),
            (&self.inert.index, inert),
            (&self.npcs.index, npcs),
        ]
        .into_iter()
        .filter_map(|(index, read)| read.then_some(index))
    }

    /// Whether the NPCs' tier is stale, which it no longer counts as: the caller stages the
    /// NPCs into `part`, the tier's staging buffer lent, as it goes, and ends with
    /// [`WorldSpatial::index_npcs`]; or gives up, with [`WorldSpatial::give_up_npcs`].
    pub(crate) fn take_npcs_stale(&mut self, part: &mut Staging) -> bool {
        self.npcs.index.lend_staging(part);
        std::mem::replace(&mut self.npcs.stale, false)
    }

    /// Rebuilds the NPCs' tier from `part`, staged since [`WorldSpatial::take_npcs_stale`].
    pub(crate) fn index_npcs(&mut self, part: &mut Staging) {
        self.npcs.index.index_part(part);
    }

    /// Takes back the buffer lent by [`WorldSpatial::take_npcs_stale`], the NPCs' tier
    /// stale again when `stale`.
    pub(crate) fn give_up_npcs(&mut self, part: &mut Staging, stale: bool) {
        self.npcs.index.return_part(part);
        self.npcs.stale |= stale;
    }

    /// Starts rebuilding the stale tiers, which count as fresh from here: offer every entity
    /// in slot order, then finish. One pass over the records serves both tiers (and, in a
    /// tick, the schedule's: `schedule.rs`).
    pub(crate) fn rebuild_stale(&mut self) -> TierRebuild<'_> {
        TierRebuild {
            objects: self.objects.begin_rebuild(),
            inert: self.inert.begin_rebuild(),
            npcs: self.npcs.begin_rebuild(),
        }
    }
}

/// The stale tiers of a [`WorldSpatial`] being rebuilt ([`WorldSpatial::rebuild_stale`]).
pub(crate) struct TierRebuild<'a> {
    objects: Option<&'a mut SpatialIndex>,
    inert: Option<&'a mut SpatialIndex>,
    npcs: Option<&'a mut SpatialIndex>,
}

impl TierRebuild<'_> {
    /// Stages entity `slot`, of `record`, when its tier is being rebuilt; an inert object
    /// ([`Relevance::inert`]) goes to the inert tier. Whether it is inert is asked only then:
    /// most ticks rebuild the NPCs' tier alone.
    #[inline]
    pub(crate) fn offer<B>(&mut self, relevance: &Relevance, slot: u32, record: &EntityRecord<B>) {
        let index = match record.kind() {
            EntityKind::Object if self.objects.is_none() && self.inert.is_none() => None,
            EntityKind::Object
                if relevance.inert(record.kind(), record.archetype(), &record.facts) =>
            {
                self.inert.as_deref_mut()
            }
            EntityKind::Object => self.objects.as_deref_mut(),
            EntityKind::Npc => self.npcs.as_deref_mut(),
            EntityKind::Squad => None,
        };
        if let Some(index) = index {
            index.stage(slot, record.position);
        }
    }

    /// Indexes what was offered.
    pub(crate) fn finish(self) {
        for index in [self.objects, self.inert, self.npcs].into_iter().flatten() {
            index.index_staged();
        }
    }
}

impl<B: Brains> World<B> {
    /// Fills `out` with the slot indices, ascending, of the entities `npc` (at `from`)
    /// perceives with `sight`: itself, and of the entities within range that can take the
    /// sight's interest (`model/perception.rs`), the `sight.limit` nearest ([`Nearest`]'s
    /// order: squared distance, then slot). Others may be there too, when no more than the
    /// limit were in range and so none needed testing: callers test each entity they read.
    /// Sensing (UDGOAP), candidates (UBC) and target gathering (GOAP) all see through it;
    /// read the entities with [`World::at_slot`]. Allocates nothing once `out` has grown.
    ///
    /// [`Nearest`]: crate::core::world::nearest::Nearest
    pub(crate) fn perceivable(&self, npc: Entity, from: Vec3, sight: Sight, out: &mut Perceived) {
        self.perceivable_through(npc, from, sight, self.index_serves(sight.range), out);
    }

    /// [`World::perceivable`] through the index (which must then be fresh) or by a scan.
    fn perceivable_through(
        &self,
        npc: Entity,
        from: Vec3,
        sight: Sight,
        by_index: bool,
        out: &mut Perceived,
    ) {
        let relevance = self.domain.relevance();
        let passes = |slot: u32| {
            self.at_slot(slot).is_some_and(|(_, record)| {
                relevance.interests(sight.interest, record.archetype(), &record.facts)
            })
        };
        let me = self
            .live_record(npc)
            .and(npc.key_in(self.serial()))
            .map(|key| key.index);
        let npcs = relevance.npcs_may_interest(sight.interest);
        let inert = relevance.inert_may_interest(sight.interest);
        out.start(sight.limit);
        self.within(
            from,
            sight.range,
            by_index,
            (npcs, inert),
            |slot, squared| {
                if Some(slot) != me {
                    out.offer(slot, squared, &passes);
                }
            },
        );
        out.finish(&passes, me);
    }

    /// Whether a query of `range` may go through the index: it is fresh, and the range finite
    /// (an infinite one would visit every entry anyway, and then sort them).
    pub(crate) fn index_serves(&self, range: f64) -> bool {
        !self.spatial.is_stale() && range.is_finite()
    }

    /// Visits the slot index and squared distance of every entity within `range` of `center`
    /// (tested without a square root, [`WithinRange`]), of `(npcs, inert)`: NPCs only when
    /// `npcs`, inert objects only when `inert`: through the index (which must be fresh: its
    /// tiers' entries are then exactly the live entities), objects first, or by testing every
    /// entity, in slot order.
    pub(crate) fn within(
        &self,
        center: Vec3,
        range: f64,
        by_index: bool,
        (npcs, inert): (bool, bool),
        mut visit: impl FnMut(u32, f64),
    ) {
        if by_index {
            for index in self.spatial.indexes(npcs, inert) {
                index.query_squared(center, range, &mut visit);
            }
            return;
        }
        let relevance = self.domain.relevance();
        let within = WithinRange::new(range);
        for (key, record) in self.entities.iter() {
            // Squads have no body: the index leaves them out, and so does the scan.
            let skipped = match record.kind() {
                EntityKind::Squad => true,
                EntityKind::Npc => !npcs,
                EntityKind::Object => {
                    !inert && relevance.inert(record.kind(), record.archetype(), &record.facts)
                }
            };
            if skipped {
                continue;
            }
            let squared = squared_distance(center, record.position);
            if within.holds(squared) {
                visit(key.index, squared);
            }
        }
    }

    /// The live entity in slot `index`, with its record.
    pub(crate) fn at_slot(&self, index: u32) -> Option<(Entity, &EntityRecord<B>)> {
        let (key, record) = self.entities.get_at(index)?;
        Some((Entity::from_key(key, self.serial()), record))
    }

    /// Rebuilds the spatial index when an entity appeared, disappeared or moved since it was
    /// last built (only the tier of that entity's kind); O(entities), allocating nothing once
    /// warm. [`World::tick`] calls it before thinks. Call it after moving entities between
    /// ticks to make direct queries
    /// ([`World::think_now`], [`World::plan_into`], [`World::goap_begin`]) use the index; they
    /// are exact either way.
    pub fn refresh_spatial_index(&mut self) {
        if !self.spatial.is_stale() {
            return;
        }
        let relevance = self.domain.relevance();
        let mut rebuild = self.spatial.rebuild_stale();
        for (key, record) in self.entities.iter() {
            rebuild.offer(relevance, key.index, record);
        }
        rebuild.finish();
    }

    /// The side of the spatial index's square cells on the ground plane, in engine units.
    pub fn spatial_cell_size(&self) -> f32 {
        self.spatial.cell_size
    }

    /// Sets the side of the spatial index's cells (finite and > 0; best at a quarter to a half
    /// of the perception ranges NPCs query). Only speed depends on it: results are exact with
    /// any cell size. The index is rebuilt at the next tick or refresh. A rejected size changes
    /// nothing.
    pub fn set_spatial_cell_size(&mut self, cell_size: f32) -> Result<()> {
        self.spatial = WorldSpatial::new(cell_size)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::model::action::Planning;
    use crate::core::model::archetype::{ArchetypeId, ThinkSettings};
    use crate::core::model::condition::{distance_between, CmpOp, Condition, Operand, Role};
    use crate::core::model::effect::{Effect, EffectOp};
    use crate::core::model::goap::Relevance;
    use crate::core::model::perception::Interest;
    use crate::core::model::rng::WorldRng;
    use crate::core::world::actions::ActionOutcome;
    use crate::core::world::event::EventKind;
    use crate::core::{
        AttributeId, DomainBuilder, EntityKind, Value, ValueType, World, WorldConfig,
    };

    /// The world's own generator, seeded, so a failing case is reproducible from the printed
    /// seed; with the two draws these tests need.
    struct Rng(WorldRng);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0.below(n)
        }

        fn between(&mut self, low: f64, high: f64) -> f64 {
            low + (high - low) * self.0.unit()
        }

        fn pick<T: Copy>(&mut self, from: &[T]) -> T {
            from[self.below(from.len())]
        }
    }

    /// GOAP walkers that want to have `arrived`, and posts that supply `goto` (move to the
    /// post, set `arrived`): reporting a goto moves a walker through an effect.
    struct Walkers {
        world: World,
        arrived: AttributeId,
        walker: ArchetypeId,
        post: ArchetypeId,
        /// An NPC that walks and also supplies `goto`: a walker's target among NPCs.
        guide: ArchetypeId,
        /// An inert object: it supplies `polish`, which nobody consumes.
        prop: ArchetypeId,
    }

    /// What facts of other entities the walkers' domain watches (`model/perception.rs`).
    #[derive(Clone, Copy)]
    enum Watch {
        Nothing,
        /// A world effect's filter tests `arrived` on its other entity.
        Arrived,
        /// A world effect without a filter binds any entity.
        Everything,
    }

    fn walkers(perception_range: f64) -> Walkers {
        walkers_watching(perception_range, Watch::Nothing)
    }

    fn walkers_watching(perception_range: f64, watch: Watch) -> Walkers {
        let mut b = DomainBuilder::new();
        let arrived = b.add_attribute("arrived", ValueType::Bool).unwrap();
        let goto = b.add_action("goto").unwrap();
        for op in [
            EffectOp::MoveTo(Role::Supplier),
            EffectOp::Set(arrived, Operand::Constant(Value::Bool(true))),
        ] {
            let effect = Effect {
                role: Role::Consumer,
                op,
            };
            b.add_effect(goto, effect).unwrap();
        }
        let planning = Planning {
            cost_per_distance: 1.0,
            ..Planning::default()
        };
        b.set_action_planning(goto, planning).unwrap();
        let goal = b.add_goap_goal("arrive", 1, Relevance::Fixed(1.0)).unwrap();
        let requirement = Condition::Compare {
            role: Role::Consumer,
            attribute: arrived,
            op: CmpOp::Eq,
            rhs: Operand::Constant(Value::Bool(true)),
        };
        b.add_goap_requirement(goal, requirement).unwrap();
        let walker = b.add_archetype("walker").unwrap();
        b.add_consumed_action(walker, goto).unwrap();
        b.add_archetype_goap_goal(walker, goal).unwrap();
        let think = ThinkSettings {
            perception_range,
            think_interval: 0.1,
            ..ThinkSettings::default()
        };
        b.set_think_settings(walker, think).unwrap();
        let post = b.add_archetype("post").unwrap();
        b.add_supplied_action(post, goto).unwrap();
        let guide = b.add_archetype("guide").unwrap();
        b.add_consumed_action(guide, goto).unwrap();
        b.add_supplied_action(guide, goto).unwrap();
        b.set_think_settings(guide, think).unwrap();
        let polish = b.add_action("polish").unwrap();
        let prop = b.add_archetype("prop").unwrap();
        b.add_supplied_action(prop, polish).unwrap();
        if let Watch::Arrived | Watch::Everything = watch {
            let effect = b.add_world_effect("notice", 5.0).unwrap();
            if let Watch::Arrived = watch {
                let filter = Condition::Compare {
                    role: Role::Other,
                    attribute: arrived,
                    op: CmpOp::Eq,
                    rhs: Operand::Constant(Value::Bool(true)),
                };
                b.add_world_effect_filter(effect, filter).unwrap();
            }
        }
        let world = World::new(b.build().unwrap(), WorldConfig::default()).unwrap();
        Walkers {
            world,
            arrived,
            walker,
            post,
            guide,
            prop,
        }
    }

    /// What testing every live entity decides, in slot order: `npc` when live, and of the
    /// others within range that take the sight's interest, the `limit` nearest by sorting
    /// them all.
    fn brute_force(world: &World, npc: Entity, from: Vec3, sight: Sight) -> Vec<u32> {
        let relevance = world.domain.relevance();
        let mut others: Vec<(f64, u32)> = world
            .entities()
            .filter(|&e| e != npc)
            .filter_map(|e| {
                let record = world.live_record(e)?;
                let interests =
                    relevance.interests(sight.interest, record.archetype(), &record.facts);
                (interests && distance_between(from, record.position) <= sight.range)
                    .then(|| (squared_distance(from, record.position), e.index1 - 1))
            })
            .collect();
        others.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        others.truncate(sight.limit as usize);
        let mut slots: Vec<u32> = others.into_iter().map(|(_, slot)| slot).collect();
        slots.extend(world.live_record(npc).map(|_| npc.index1 - 1));
        slots.sort_unstable();
        slots
    }

    /// What a think uses of `perceived`: `npc`, and the entities that take the interest (the
    /// rest is there only when the selection did not need to test it). Checks the order.
    fn used(world: &World, npc: Entity, sight: Sight, perceived: &Perceived) -> Vec<u32> {
        assert!(
            perceived.windows(2).all(|w| w[0] < w[1]),
            "ascending, once each"
        );
        let relevance = world.domain.relevance();
        perceived
            .iter()
            .copied()
            .filter(|&slot| {
                let (entity, record) = world.at_slot(slot).expect("a live entity");
                entity == npc
                    || relevance.interests(sight.interest, record.archetype(), &record.facts)
            })
            .collect()
    }

    #[test]
    fn perceivable_is_exact_through_the_index_and_the_scan_under_random_changes() {
        let (mut indexed, mut scanned, mut moved, mut limited) = (0, 0, 0, 0);
        for seed in 0..40u64 {
            let mut rng = Rng(WorldRng::new(seed));
            // Inert props take a memory's interest only through a watched fact (`arrived`,
            // given to some) or when everything is remembered.
            let watch = [Watch::Nothing, Watch::Arrived, Watch::Everything][seed as usize % 3];
            let mut w = walkers_watching(rng.pick(&[5.0, 12.0, 30.0]), watch);
            let mut gone: Vec<Entity> = Vec::new();
            let mut out = Perceived::default();
            let mut events = Vec::new();
            for op in 0..150 {
                let extent = rng.pick(&[3.0, 40.0, 1e6]);
                let spot = |rng: &mut Rng| {
                    let c = [0; 3].map(|_| rng.between(-extent, extent) as f32);
                    Vec3::new(c[0], c[1], c[2])
                };
                let live: Vec<Entity> = w.world.entities().collect();
                match rng.below(10) {
                    0 => {
                        let kind = rng.pick(&[EntityKind::Npc, EntityKind::Object]);
                        w.world.create(kind, spot(&mut rng)).unwrap();
                    }
                    1 => {
                        let archetype = rng.pick(&[w.walker, w.post, w.post, w.guide, w.prop]);
                        // Some at one spot: a crowd of ties.
                        let at = match rng.below(3) {
                            0 => Vec3::new(1.0, 0.0, 1.0),
                            _ => spot(&mut rng),
                        };
                        let spawned = w.world.spawn(archetype, at).unwrap();
                        if archetype == w.prop && rng.below(2) == 0 {
                            w.world
                                .set_fact(spawned, w.arrived, Value::Bool(true))
                                .unwrap();
                        }
                    }
                    2 if !live.is_empty() => {
                        let e = rng.pick(&live);
                        w.world.destroy(e, w.world.kind(e).unwrap()).unwrap();
                        gone.push(e);
                    }
                    3 | 4 if !live.is_empty() => {
                        let e = rng.pick(&live);
                        let to = match rng.below(3) {
                            0 => w.world.position(e).unwrap(),
                            _ => spot(&mut rng),
                        };
                        w.world.set_position(e, to).unwrap();
                    }
                    5 => w.world.tick(rng.pick(&[0.0, 0.05, 0.2])).unwrap(),
                    6 => {
                        // The engine performs what was requested: a goto moves its walker.
                        w.world.drain_events(&mut events);
                        for event in events.drain(..) {
                            if event.kind == EventKind::ActionRequested {
                                let outcome = rng.pick(&[
                                    ActionOutcome::Succeeded,
                                    ActionOutcome::Succeeded,
                                    ActionOutcome::Failed,
                                ]);
                                let before = w.world.position(event.npc).ok();
                                let _ = w.world.report_action(event.npc, event.request, outcome);
                                moved += usize::from(w.world.position(event.npc).ok() != before);
                            }
                        }
                    }
                    7 => {
                        for &e in &live {
                            if w.world.archetype(e).unwrap() == Some(w.walker) {
                                w.world.set_fact(e, w.arrived, Value::Bool(false)).unwrap();
                                w.world.interrupt(e).unwrap();
                            }
                        }
                        // A prop gains a watched fact between rebuilds: it is inert no more.
                        let props: Vec<Entity> = live
                            .iter()
                            .copied()
                            .filter(|&e| w.world.archetype(e).unwrap() == Some(w.prop))
                            .collect();
                        if !props.is_empty() {
                            let prop = rng.pick(&props);
                            w.world
                                .set_fact(prop, w.arrived, Value::Bool(true))
                                .unwrap();
                        }
                    }
                    8 => w.world.refresh_spatial_index(),
                    _ if op % 37 == 0 => {
                        let cell = rng.pick(&[0.5, 2.0, 7.0, 25.0, 1e5]);
                        w.world.set_spatial_cell_size(cell).unwrap();
                    }
                    _ => {}
                }
                let live: Vec<Entity> = w.world.entities().collect();
                for _ in 0..6 {
                    let npc = match rng.below(4) {
                        0 if !gone.is_empty() => rng.pick(&gone),
                        1 => Entity::NULL,
                        _ if !live.is_empty() => rng.pick(&live),
                        _ => Entity::NULL,
                    };
                    let from = match w.world.position(npc) {
                        Ok(at) if rng.below(2) == 0 => at,
                        _ => spot(&mut rng),
                    };
                    let range = match rng.below(8) {
                        0 => 0.0,
                        1 => rng.pick(&[f64::INFINITY, f64::NAN, -1.0, 1e30]),
                        2 if !live.is_empty() => {
                            distance_between(from, w.world.position(rng.pick(&live)).unwrap())
                        }
                        _ => rng.between(0.0, 2.0 * extent),
                    };
                    let consumer = rng.pick(&[w.walker, w.post, w.guide]);
                    let sight = Sight {
                        range,
                        limit: rng.pick(&[1, 2, 3, 7, 256]),
                        interest: match rng.below(2) {
                            0 => Interest::Memory(consumer),
                            _ => Interest::Supply(consumer),
                        },
                    };
                    let expected = brute_force(&w.world, npc, from, sight);
                    let context = format!("seed {seed}, op {op}, npc {npc:?}, {from:?}, {sight:?}");
                    w.world.perceivable(npc, from, sight, &mut out);
                    assert_eq!(used(&w.world, npc, sight, &out), expected, "{context}");
                    w.world
                        .perceivable_through(npc, from, sight, false, &mut out);
                    assert_eq!(
                        used(&w.world, npc, sight, &out),
                        expected,
                        "scan: {context}"
                    );
                    scanned += 1;
                    if !w.world.spatial.is_stale() {
                        w.world
                            .perceivable_through(npc, from, sight, true, &mut out);
                        assert_eq!(
                            used(&w.world, npc, sight, &out),
                            expected,
                            "index: {context}"
                        );
                        indexed += 1;
                    }
                    let unlimited = Sight {
                        limit: u32::MAX,
                        ..sight
                    };
                    let all = brute_force(&w.world, npc, from, unlimited);
                    limited += usize::from(all.len() > expected.len());
                }
            }
        }
        // Both paths must have been tried often, and effects must have moved walkers, or this
        // would test little.
        assert!(indexed > 5_000 && scanned == 36_000, "{indexed} {scanned}");
        assert!(moved >= 10, "{moved} walkers moved by effects");
        // The limit must have cut many, or the selection would be tested little.
        assert!(limited > 2_000, "{limited} limited");
    }

    /// A crowd of props around a post: a supplier search walks none of them, a memory walks
    /// them only when everything is remembered, and a prop that gains a watched fact is
    /// walked from the next rebuild on.
    #[test]
    fn thinks_that_cannot_use_props_never_visit_them() {
        let visits = |w: &Walkers, (npcs, inert): (bool, bool)| -> (usize, usize) {
            let (mut props, mut others) = (0, 0);
            w.world
                .within(Vec3::default(), 50.0, true, (npcs, inert), |slot, _| {
                    let (_, record) = w.world.at_slot(slot).unwrap();
                    if record.archetype() == Some(w.prop) {
                        props += 1;
                    } else {
                        others += 1;
                    }
                });
            (props, others)
        };
        for watch in [Watch::Nothing, Watch::Arrived, Watch::Everything] {
            let mut w = walkers_watching(30.0, watch);
            let props: Vec<Entity> = (0..200)
                .map(|i| {
                    let at = Vec3::new((i % 20) as f32, 0.0, (i / 20) as f32);
                    w.world.spawn(w.prop, at).unwrap()
                })
                .collect();
            w.world.spawn(w.post, Vec3::new(1.0, 0.0, 1.0)).unwrap();
            w.world.refresh_spatial_index();
            let relevance = w.world.domain.relevance();
            let walk = |interest| (false, relevance.inert_may_interest(interest));
            let everything = matches!(watch, Watch::Everything);
            assert_eq!(visits(&w, walk(Interest::Supply(w.walker))), (0, 1));
            let memory = walk(Interest::Memory(w.walker));
            assert_eq!(visits(&w, memory).0, if everything { 200 } else { 0 });
            w.world
                .set_fact(props[7], w.arrived, Value::Bool(true))
                .unwrap();
            w.world.refresh_spatial_index();
            let noticed = match watch {
                Watch::Nothing => 0,
                Watch::Arrived => 1,
                Watch::Everything => 200,
            };
            assert_eq!(visits(&w, memory).0, noticed);
            assert_eq!(visits(&w, (false, true)), (200, 1), "find walks them all");
        }
    }

    #[test]
    fn every_change_to_positions_makes_the_index_stale_until_a_tick() {
        let mut w = walkers(10.0);
        let post = w.world.spawn(w.post, Vec3::new(5.0, 0.0, 0.0)).unwrap();
        let walker = w.world.spawn(w.walker, Vec3::default()).unwrap();
        assert!(w.world.spatial.is_stale(), "spawning");
        w.world.tick(0.0).unwrap();
        assert!(!w.world.spatial.is_stale(), "a tick rebuilds");
        w.world
            .set_position(post, Vec3::new(6.0, 0.0, 0.0))
            .unwrap();
        assert!(w.world.spatial.is_stale(), "moving");
        assert!(!w.world.spatial.npcs.stale, "an object moved, not an NPC");
        w.world.refresh_spatial_index();
        // The walker thinks within the next interval and asks to go to the post; reporting
        // success moves it there through the goto's effect.
        w.world.tick(0.1).unwrap();
        let mut events = Vec::new();
        w.world.drain_events(&mut events);
        let request = events
            .iter()
            .find(|e| e.kind == EventKind::ActionRequested)
            .expect("a goto is requested");
        assert!(!w.world.spatial.is_stale(), "thinking moves nothing");
        w.world
            .report_action(walker, request.request, ActionOutcome::Succeeded)
            .unwrap();
        assert_eq!(w.world.position(walker).unwrap(), Vec3::new(6.0, 0.0, 0.0));
        assert!(w.world.spatial.is_stale(), "an effect moved the walker");
        // What stood still keeps its tier: a tick rebuilds only the walkers'.
        assert!(
            !w.world.spatial.objects.stale,
            "the walker moved, not an object"
        );
        w.world.refresh_spatial_index();
        w.world.destroy(post, EntityKind::Object).unwrap();
        assert!(w.world.spatial.is_stale(), "destroying");
        w.world.refresh_spatial_index();
        w.world.create(EntityKind::Object, Vec3::default()).unwrap();
        assert!(w.world.spatial.is_stale(), "creating");
    }

    #[test]
    fn cell_size_comes_from_perception_ranges_and_bad_sizes_change_nothing() {
        assert_eq!(walkers(30.0).world.spatial_cell_size(), 15.0);
        assert_eq!(
            walkers(f64::INFINITY).world.spatial_cell_size(),
            DEFAULT_CELL_SIZE
        );
        assert_eq!(walkers(0.0).world.spatial_cell_size(), DEFAULT_CELL_SIZE);
        let mut w = walkers(30.0);
        for bad in [0.0, -1.0, f32::NAN, f32::INFINITY] {
            assert!(w.world.set_spatial_cell_size(bad).is_err(), "{bad}");
            assert_eq!(w.world.spatial_cell_size(), 15.0);
        }
        w.world.set_spatial_cell_size(4.0).unwrap();
        assert_eq!(w.world.spatial_cell_size(), 4.0);
    }
}
