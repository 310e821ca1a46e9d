//! An NPC's memory: what it believes about entities, bounded, with timestamp-based forgetting.
//!
//! The thesis's fact is `(id, entity, attribute, value, timestamp)`; the timestamp is there "to
//! give preference to more recent facts and to make it easier to garbage collect facts when
//! there are too many" (000_16db0c300c7e0e65.txt:835-841), but no policy is given. Ours:
//!
//! - a perceived fact replaces the remembered one (the newest wins);
//! - memory holds at most `capacity` facts; adding one to a full memory first forgets the
//!   fact refreshed longest ago (oldest timestamp; ties go to the lowest entity, then
//!   attribute), so what the NPC keeps seeing stays and what it saw once fades;
//! - facts about entities that no longer exist are forgotten at the next think.

use std::ops::Range;

use crate::core::brains::udgoap::fact_times::FactTimes;
use crate::core::brains::udgoap::last_fact::IndexedFacts;
use crate::core::brains::udgoap::packed_fact::{
    attribute_of, entity_of, entity_part, is_position, pack, pair_key, position_fact, unpack,
    unpack_number, unpack_position, without_type, Payload,
};
use crate::core::brains::udgoap::saved_memory::SavedMemory;
use crate::core::model::condition::FactView;
use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;
use crate::core::model::fact_set::Fact;
use crate::core::model::limits::MAX_MEMORY_CAPACITY;
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;

/// Facts a think ahead asks for ([`Memory::prefetch`]): as far as sensing reaches in its
/// first entities, while its further requests ([`Memory::prefetch_ahead`]) start arriving.
const FRONT_FACTS: usize = 32;

/// How far ahead of the next fact sensing asks for facts ([`Memory::prefetch_ahead`]): a few
/// entities' worth (a hospital entity has about three facts).
const AHEAD_FACTS: usize = 24;

/// One remembered fact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MemoryFact {
    /// Whom it is about.
    pub entity: Entity,
    /// Which attribute ([`AttributeId::POSITION`] for the entity's position).
    pub attribute: AttributeId,
    /// The value last perceived.
    pub value: Value,
    /// World time it was last perceived, in seconds.
    pub time: f64,
}

/// Facts sorted by (entity, attribute): lookups are binary searches and iteration order is
/// deterministic.
///
/// Stored as parallel arrays of packed facts ([`super::packed_fact`]), 22 bytes a fact: a lookup
/// binary-searches plain integers and sensing rewrites a payload and a stamp in place. The
/// arrays grow as facts arrive, never past `capacity`: an NPC that knows little holds little,
/// and once grown to what it sees, remembering allocates nothing.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
#[serde(into = "SavedMemory", try_from = "SavedMemory")]
pub struct Memory {
    /// Keys ([`pair_key`] with the value's type), ascending.
    keys: Vec<u64>,
    payloads: Vec<Payload>,
    /// Each fact's time, a stamp into `times`.
    stamps: Vec<u16>,
    times: FactTimes,
    /// The serial of the world whose entities the facts are about.
    world: u16,
    /// At most [`MAX_MEMORY_CAPACITY`], so every index fits 16 bits.
    capacity: u16,
    /// Where the fact after the last one remembered sits: sensing remembers in (entity,
    /// attribute) order, so the next fact is usually there and needs no search.
    next: u16,
}

impl Memory {
    /// Heap bytes one fact of a memory's capacity may take: its key, payload and stamp, and a
    /// time of its own.
    pub(crate) const BYTES_PER_FACT: usize = std::mem::size_of::<u64>()
        + std::mem::size_of::<Payload>()
        + std::mem::size_of::<u16>()
        + FactTimes::BYTES_PER_TIME;

    /// The most heap bytes a memory of `capacity` facts holds: [`Memory::BYTES_PER_FACT`] a
    /// fact, a time being stamped and the table's header ([`FactTimes::HEADER_BYTES`]).
    pub(crate) fn most_bytes(capacity: usize) -> usize {
        capacity.max(1) * Self::BYTES_PER_FACT + FactTimes::BYTES_PER_TIME + FactTimes::HEADER_BYTES
    }

    /// An empty memory holding at most `capacity` facts (at least 1, at most
    /// [`crate::core::model::limits::MAX_MEMORY_CAPACITY`]), which takes room as facts arrive.
    pub fn new(capacity: u32) -> Self {
        Memory {
            keys: Vec::new(),
            payloads: Vec::new(),
            stamps: Vec::new(),
            times: FactTimes::default(),
            world: 0,
            capacity: capacity.clamp(1, MAX_MEMORY_CAPACITY) as u16,
            next: 0,
        }
    }

    /// Remembers `value` for (`entity`, `attribute`) as of `time`, forgetting the oldest fact
    /// first when memory is full.
    // Sensing's slow path (a fact not where the last one ended): kept out of its loop.
    #[inline(never)]
    pub fn remember(&mut self, entity: Entity, attribute: AttributeId, value: Value, time: f64) {
        self.adopt_world(entity);
        let (kind, payload) = pack(value);
        let key = pair_key(entity, attribute) | kind;
        let stamp = self.stamp(time);
        let found = match self.at_hint(key) {
            Some(i) => Ok(i),
            None => self.search(without_type(key)),
        };
        let next = match found {
            Ok(i) => {
                self.keys[i] = key;
                self.payloads[i] = payload;
                self.stamps[i] = stamp;
                i + 1
            }
            Err(i) if self.keys.len() == self.capacity() => {
                let oldest = self.oldest();
                let at = replace(&mut self.keys, oldest, i, key);
                replace(&mut self.payloads, oldest, i, payload);
                replace(&mut self.stamps, oldest, i, stamp);
                at + 1
            }
            Err(i) => {
                self.make_room();
                self.keys.insert(i, key);
                self.payloads.insert(i, payload);
                self.stamps.insert(i, stamp);
                i + 1
            }
        };
        self.next = next as u16;
    }

    /// Takes the world of `entity` as the memory's when it is empty. A memory holds one world's
    /// facts (sensing sees only its own): a fact about another world's entity starts it anew.
    fn adopt_world(&mut self, entity: Entity) {
        if entity.world != self.world {
            debug_assert!(self.keys.is_empty(), "facts of two worlds in one memory");
            self.clear();
            self.world = entity.world;
        }
    }

    fn clear(&mut self) {
        self.keys.clear();
        self.payloads.clear();
        self.stamps.clear();
        self.next = 0;
    }

    /// Room for one more fact: the arrays grow by a sixteenth (at least 4 facts), never past the
    /// capacity. An NPC meets most of what it will know in its first thinks and then holds
    /// about as many facts for good: doubling left it up to twice the room it used (a hospital
    /// NPC 256 for 153 facts), and the few more reallocations are all in warm-up.
    fn make_room(&mut self) {
        let len = self.keys.len();
        if len == self.keys.capacity() {
            let more = (len / 16).max(4).min(self.capacity() - len);
            self.keys.reserve_exact(more);
            self.payloads.reserve_exact(more);
            self.stamps.reserve_exact(more);
        }
    }

    /// The stamp of `time` ([`FactTimes::stamp`]).
    #[inline]
    fn stamp(&mut self, time: f64) -> u16 {
        let capacity = self.capacity();
        self.times.stamp(time, &mut self.stamps, capacity)
    }

    /// Points the hint at the first fact: sensing, which remembers in key order, starts there.
    pub(crate) fn start_sensing(&mut self) {
        self.next = 0;
    }

    /// `time` with its stamp, for [`Memory::remember_entity`]. Stamping a time the memory
    /// holds changes nothing, and remembering facts as of it adds no other time, so the stamp
    /// stays `time`'s while the entities one sensing perceives are remembered.
    pub(crate) fn now(&mut self, time: f64) -> Now {
        Now {
            time,
            stamp: self.stamp(time),
        }
    }

    /// Remembers what sensing finds of `entity` as of `now` ([`Memory::now`], asked since
    /// the memory took no other time): its `facts` (in attribute order, as a
    /// [`FactSet`](crate::core::model::fact_set::FactSet) keeps them), then its `position`.
    /// The same as remembering each in turn; when the memory already holds exactly those facts
    /// where the last entity ended (a second look at the same entity), it rewrites them in one
    /// pass, with no search.
    // Inlined into sensing's loop, its one caller per perceived entity, which as a call saved
    // and restored registers per entity (callgrind, hospital udgoap: 0.3 % fewer instructions).
    #[inline(always)]
    pub(crate) fn remember_entity(
        &mut self,
        entity: Entity,
        facts: &[Fact],
        position: &Vec3,
        now: Now,
    ) {
        let start = usize::from(self.next);
        let end = start + facts.len();
        let position_key = pair_key(entity, AttributeId::POSITION) | position_fact(*position).0;
        if entity.world != self.world || self.keys.get(end) != Some(&position_key) {
            return self.remember_entity_slowly(entity, facts, *position, now.time);
        }
        debug_assert_eq!(self.times.time(now.stamp), now.time + 0.0, "a stale stamp");
        let stamp = now.stamp;
        // The entity's part of its keys, made once: a fact's key adds its attribute and type.
        let entity_key = pair_key(entity, AttributeId(0));
        // Keys, payloads and stamps of the run, each as long as `facts`: no bounds checks.
        // Each stamp is written beside its payload: a fill of the run's stamps after the loop
        // cost a setup and a loop of its own per entity (callgrind, hospital udgoap).
        let keys = &mut self.keys[start..end];
        let payloads = &mut self.payloads[start..end];
        let stamps = &mut self.stamps[start..end];
        let run = keys
            .iter_mut()
            .zip(payloads.iter_mut())
            .zip(stamps.iter_mut());
        for (((key, payload), fact_stamp), fact) in run.zip(facts) {
            let (kind, packed) = pack(fact.value);
            let wanted = entity_key | attribute_field(fact.attribute) | kind;
            // A key is written only when its value's type changed (rarely): keys otherwise
            // stay clean in the cache, where a rewrite of the same bits would dirty them.
            if *key != wanted {
                if without_type(*key) != without_type(wanted) {
                    // The facts before this one were rewritten as remembering them would:
                    // going over them again changes nothing.
                    return self.remember_entity_slowly(entity, facts, *position, now.time);
                }
                *key = wanted;
            }
            *payload = packed;
            *fact_stamp = stamp;
        }
        self.stamps[end] = stamp;
        self.remember_position(end, position);
        self.next = (end + 1) as u16;
    }

    /// [`Memory::remember_entity`] fact by fact, for an entity whose facts in memory differ
    /// from those sensed (a first look, a fact gained or lost) or sit elsewhere.
    #[inline(never)]
    fn remember_entity_slowly(
        &mut self,
        entity: Entity,
        facts: &[Fact],
        position: Vec3,
        time: f64,
    ) {
        for fact in facts {
            self.remember(entity, fact.attribute, fact.value, time);
        }
        self.remember(
            entity,
            AttributeId::POSITION,
            Value::Position(position),
            time,
        );
    }

    /// Writes `position` into fact `i`, a position, as the facts before it were: unread and
    /// unconditionally. Compared first, to leave a still entity's line clean, the payload's
    /// load and a branch on whether the entity moved (half of the hospital's do, at random)
    /// were the costliest instructions of sensing (perf annotate, udgoap@5,008: 13 %); the
    /// line is dirtied anyway by the facts' payloads beside it.
    // By reference, read where it lies (the entity's record): a copy kept on the stack across
    // the facts' loop, stored as 8 + 4 bytes and read back as 4 + 8, stalled store forwarding
    // on every entity sensed (perf annotate, hospital udgoap: a fifth of sensing).
    #[inline]
    fn remember_position(&mut self, i: usize, position: &Vec3) {
        self.payloads[i] = position_fact(*position).1;
    }

    /// The fact after the last one remembered, when its key is `key`'s: where sensing, which
    /// remembers in key order, usually finds the next fact.
    #[inline]
    fn at_hint(&self, key: u64) -> Option<usize> {
        let next = usize::from(self.next);
        let at = *self.keys.get(next)?;
        (without_type(at) == without_type(key)).then_some(next)
    }

    /// Where the fact of `pair` (a key without type) is, or would be inserted.
    fn search(&self, pair: u64) -> Result<usize, usize> {
        self.keys.binary_search_by(|&k| without_type(k).cmp(&pair))
    }

    /// Forgets facts about entities for which `exists` is false (asked once per entity).
    pub fn forget_missing(&mut self, mut exists: impl FnMut(Entity) -> bool) {
        let mut last: Option<(u64, bool)> = None;
        let mut kept = 0;
        for i in 0..self.keys.len() {
            let part = entity_part(self.keys[i]);
            let alive = match last {
                Some((e, alive)) if e == part => alive,
                _ => exists(entity_of(self.keys[i], self.world)),
            };
            last = Some((part, alive));
            if alive {
                if kept != i {
                    self.keys[kept] = self.keys[i];
                    self.payloads[kept] = self.payloads[i];
                    self.stamps[kept] = self.stamps[i];
                }
                kept += 1;
            }
        }
        self.keys.truncate(kept);
        self.payloads.truncate(kept);
        self.stamps.truncate(kept);
        self.next = 0;
    }

    /// The remembered fact for (`entity`, `attribute`).
    pub fn get(&self, entity: Entity, attribute: AttributeId) -> Option<MemoryFact> {
        self.index(entity, attribute).map(|i| self.fact(i))
    }

    /// True when anything is remembered about `entity`.
    pub fn knows(&self, entity: Entity) -> bool {
        self.about(entity).knows()
    }

    /// The memory with `subject`'s facts found once: tests of a goal bound to it then read
    /// them by a short scan instead of a search over everything known.
    pub fn about(&self, subject: Entity) -> About<'_> {
        let part = entity_part(pair_key(subject, AttributeId(0)));
        let facts = if subject.world == self.world {
            let start = self.keys.partition_point(|&k| entity_part(k) < part);
            let count = self.keys[start..]
                .iter()
                .take_while(|&&k| entity_part(k) == part)
                .count();
            start..start + count
        } else {
            0..0
        };
        About {
            memory: self,
            subject,
            facts,
        }
    }

    /// All facts, by entity then attribute.
    pub fn facts(&self) -> impl ExactSizeIterator<Item = MemoryFact> + '_ {
        (0..self.keys.len()).map(|i| self.fact(i))
    }

    /// The facts' (entity, attribute) keys without their value types ([`pair_key`]),
    /// ascending, beside [`Memory::values`]: the planner's ([`super::fact_key::FactKeys`]).
    pub(crate) fn pair_keys(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        self.keys.iter().map(|&k| without_type(k))
    }

    /// The serial of the world whose entities the facts are about.
    pub(crate) fn world(&self) -> u16 {
        self.world
    }

    /// The facts' values, in the order of their keys.
    pub(crate) fn values(&self) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.keys
            .iter()
            .zip(&self.payloads)
            .map(|(&k, &payload)| unpack(k, payload))
    }

    /// Starts loading the front of the facts ([`crate::prefetch`]), where sensing, which
    /// rewrites them all in key order, begins; sensing asks for the rest as it goes
    /// ([`Memory::prefetch_ahead`]). Asked a think ahead: the struct must be loaded.
    ///
    /// The whole memory (~60 lines in the hospital) asked for at once waited on the core's
    /// few outstanding-miss buffers: perf put 8.7 % of a 5,008-NPC UDGOAP tick on the
    /// prefetch instructions themselves (steady state, AMD EPYC VM).
    pub(crate) fn prefetch(&self) {
        crate::prefetch::front(&self.keys, FRONT_FACTS * std::mem::size_of::<u64>());
        crate::prefetch::front(&self.payloads, FRONT_FACTS * std::mem::size_of::<Payload>());
        crate::prefetch::front(&self.stamps, FRONT_FACTS * std::mem::size_of::<u16>());
        self.times.prefetch();
    }

    /// Starts loading the facts [`AHEAD_FACTS`] past where the next one remembered goes: called
    /// per entity sensed, it keeps the loads of the facts a stretch ahead of sensing, a few
    /// lines at a time.
    #[inline(always)]
    pub(crate) fn prefetch_ahead(&self) {
        let at = usize::from(self.next) + AHEAD_FACTS;
        crate::prefetch::item(&self.keys, at);
        crate::prefetch::item(&self.payloads, at);
        crate::prefetch::item(&self.stamps, at);
    }

    /// Entities whose position is known, in handle order.
    pub fn located(&self) -> impl Iterator<Item = (Entity, Vec3)> + '_ {
        self.position_indices().map(|i| {
            let position = unpack_position(self.payloads[i]);
            (entity_of(self.keys[i], self.world), position)
        })
    }

    /// [`Memory::located`]'s entities without their positions, which its callers in a think
    /// (supplier gathering, goal generators over every known subject) do not read: unpacking
    /// them was 1.7 % of gathering's instructions (callgrind, hospital udgoap, 320 NPCs).
    pub(crate) fn located_entities(&self) -> impl Iterator<Item = Entity> + '_ {
        self.position_indices()
            .map(|i| entity_of(self.keys[i], self.world))
    }

    /// Indices of the facts that hold a position, ascending.
    fn position_indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.indices_of(AttributeId::POSITION)
            .filter(|&i| is_position(self.keys[i]))
    }

    /// Entities whose position and `attribute` are known and whose value of `attribute` passes
    /// `keep(entity, value)`, in handle order, each with its facts found ([`Memory::about`]):
    /// [`Memory::located`] narrowed to those that can satisfy a test of `attribute`, without
    /// looking at the rest. `keep` runs first, on the value in hand: most entities fail it, and
    /// then their facts are never looked for.
    pub fn located_with<'m>(
        &'m self,
        attribute: AttributeId,
        mut keep: impl FnMut(Entity, &Value) -> bool + 'm,
    ) -> impl Iterator<Item = About<'m>> + 'm {
        let mut indices = self.indices_of(attribute);
        std::iter::from_fn(move || loop {
            let i = indices.next()?;
            if !keep(entity_of(self.keys[i], self.world), &self.value_at(i)) {
                continue;
            }
            let about = self.about_fact(i);
            // The position sorts last among an entity's facts.
            let last = self.keys[about.facts.end - 1];
            if attribute_of(last) == AttributeId::POSITION && is_position(last) {
                return Some(about);
            }
        })
    }

    /// Indices of the facts of `attribute`, ascending: a search on the keys' attribute bits,
    /// which the compiler makes a tight loop (chained adapters over every key cost several
    /// times as much).
    fn indices_of(&self, attribute: AttributeId) -> impl Iterator<Item = usize> + '_ {
        let mut next = 0;
        let field = attribute_field(attribute);
        std::iter::from_fn(move || {
            let i = next
                + self.keys[next..]
                    .iter()
                    .position(|&key| attribute_field_of(key) == field)?;
            next = i + 1;
            Some(i)
        })
    }

    /// The facts of the subject of fact `i`.
    fn about_fact(&self, i: usize) -> About<'_> {
        let part = entity_part(self.keys[i]);
        let same = |&&k: &&u64| entity_part(k) == part;
        let before = self.keys[..i].iter().rev().take_while(same).count();
        let after = self.keys[i..].iter().take_while(same).count();
        About {
            memory: self,
            subject: entity_of(self.keys[i], self.world),
            facts: i - before..i + after,
        }
    }

    /// Number of facts remembered.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True when nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Most facts remembered at once.
    pub fn capacity(&self) -> usize {
        usize::from(self.capacity)
    }

    /// Heap bytes held: at most [`Memory::most_bytes`] of its capacity.
    pub fn heap_bytes(&self) -> usize {
        self.keys.capacity() * std::mem::size_of::<u64>()
            + self.payloads.capacity() * std::mem::size_of::<Payload>()
            + self.stamps.capacity() * std::mem::size_of::<u16>()
            + self.times.heap_bytes()
    }

    #[inline]
    fn value_at(&self, i: usize) -> Value {
        unpack(self.keys[i], self.payloads[i])
    }

    #[inline]
    fn number_at(&self, i: usize) -> Option<f64> {
        unpack_number(self.keys[i], self.payloads[i])
    }

    fn fact(&self, i: usize) -> MemoryFact {
        MemoryFact {
            entity: entity_of(self.keys[i], self.world),
            attribute: attribute_of(self.keys[i]),
            value: self.value_at(i),
            time: self.times.time(self.stamps[i]),
        }
    }

    fn index(&self, entity: Entity, attribute: AttributeId) -> Option<usize> {
        if entity.world != self.world {
            return None;
        }
        self.search(pair_key(entity, attribute)).ok()
    }

    /// The fact perceived longest ago: the lowest stamp (stamps order as times), the first
    /// (lowest entity, then attribute) among equals.
    fn oldest(&self) -> usize {
        let lowest = self.stamps.iter().copied().min().unwrap_or_default();
        self.stamps
            .iter()
            .position(|&s| s == lowest)
            .unwrap_or_default()
    }

    /// The memory as saved: the same shape as before facts were packed.
    pub(crate) fn saved(&self) -> SavedMemory {
        SavedMemory {
            keys: self
                .keys
                .iter()
                .map(|&k| (entity_of(k, self.world), attribute_of(k).0))
                .collect(),
            values: self.values().collect(),
            times: self.stamps.iter().map(|&s| self.times.time(s)).collect(),
            capacity: self.capacity(),
            next: usize::from(self.next),
        }
    }

    /// A memory from its saved facts, already checked sorted, of one world and within its
    /// capacity ([`SavedMemory`]).
    pub(crate) fn from_saved(saved: &SavedMemory, world: u16) -> Self {
        let (times, stamps) = FactTimes::of(&saved.times);
        Memory {
            keys: saved
                .keys
                .iter()
                .zip(&saved.values)
                .map(|(&(e, a), &v)| pair_key(e, AttributeId(a)) | pack(v).0)
                .collect(),
            payloads: saved.values.iter().map(|&v| pack(v).1).collect(),
            stamps,
            times,
            world,
            capacity: saved.capacity as u16,
            next: saved.next.min(saved.keys.len()) as u16,
        }
    }
}

/// A time and its stamp in one memory ([`Memory::now`]): sensing stamps every entity it
/// remembers with one time, looked up once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Now {
    time: f64,
    stamp: u16,
}

/// The attribute bits of a key, as [`attribute_field`] makes them.
fn attribute_field_of(key: u64) -> u64 {
    without_type(key) & 0xffff
}

/// The attribute bits a key of `attribute` holds.
fn attribute_field(attribute: AttributeId) -> u64 {
    pair_key(Entity::NULL, attribute)
}

/// Removes element `oldest` of `items` and inserts `item` where it goes, before element
/// `before` of the items as they were: one shift of the elements between the two places
/// instead of two of everything after them. Returns the new element's index.
fn replace<T: Copy>(items: &mut [T], oldest: usize, before: usize, item: T) -> usize {
    if oldest < before {
        items.copy_within(oldest + 1..before, oldest);
        items[before - 1] = item;
        before - 1
    } else {
        items.copy_within(before..oldest, before + 1);
        items[before] = item;
        before
    }
}

impl FactView for Memory {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        self.index(entity, attribute).map(|i| self.value_at(i))
    }

    fn number(&self, entity: Entity, attribute: AttributeId) -> Option<f64> {
        self.number_at(self.index(entity, attribute)?)
    }
}

/// A memory with one subject's facts located ([`Memory::about`]).
pub struct About<'a> {
    memory: &'a Memory,
    subject: Entity,
    /// Where the subject's facts sit in the memory's arrays.
    facts: Range<usize>,
}

impl About<'_> {
    /// Whom the facts are about.
    pub fn subject(&self) -> Entity {
        self.subject
    }

    /// True when anything is remembered about the subject.
    pub fn knows(&self) -> bool {
        !self.facts.is_empty()
    }
}

impl FactView for About<'_> {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        self.find(entity, attribute).map(|i| self.fact_at(i))
    }

    fn number(&self, entity: Entity, attribute: AttributeId) -> Option<f64> {
        self.number_at(self.find(entity, attribute)?)
    }
}

impl IndexedFacts for About<'_> {
    fn find(&self, entity: Entity, attribute: AttributeId) -> Option<usize> {
        if entity != self.subject {
            return self.memory.index(entity, attribute);
        }
        // Every key in the range is the subject's: the attribute bits alone tell them apart.
        let keys = &self.memory.keys[self.facts.clone()];
        let field = attribute_field(attribute);
        let i = keys.iter().position(|&k| attribute_field_of(k) == field)?;
        Some(self.facts.start + i)
    }

    #[inline]
    fn fact_at(&self, index: usize) -> Value {
        self.memory.value_at(index)
    }

    #[inline]
    fn number_at(&self, index: usize) -> Option<f64> {
        self.memory.number_at(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::brains::udgoap::last_fact::LastFact;
    use crate::core::model::fact_set::Fact;

    fn e(index1: u32) -> Entity {
        Entity {
            index1,
            generation: 0,
            world: 1,
        }
    }

    #[test]
    fn newest_value_wins_and_the_oldest_fact_is_forgotten_when_full() {
        let mut m = Memory::new(3);
        let hp = AttributeId(0);
        m.remember(e(2), hp, Value::Number(5.0), 1.0);
        m.remember(e(1), hp, Value::Number(7.0), 2.0);
        m.remember(e(2), hp, Value::Number(4.0), 3.0);
        assert_eq!(m.value(e(2), hp), Some(Value::Number(4.0)));
        m.remember(e(3), hp, Value::Number(1.0), 4.0);
        assert_eq!(m.len(), 3);
        // Full: the next new fact forgets e1 (time 2.0), not e2 (refreshed at 3.0).
        m.remember(e(4), hp, Value::Number(9.0), 5.0);
        assert_eq!(m.value(e(1), hp), None);
        let order: Vec<u32> = m.facts().map(|f| f.entity.index1).collect();
        assert_eq!(order, vec![2, 3, 4], "sorted by entity");
        assert_eq!(m.keys.capacity(), 3, "never grows past its capacity");
        assert_eq!(m.get(e(4), hp).map(|f| f.time), Some(5.0));
    }

    #[test]
    fn positions_and_forgetting_entities() {
        let mut m = Memory::new(8);
        m.remember(
            e(1),
            AttributeId::POSITION,
            Value::Position(Vec3::new(1.0, 0.0, 0.0)),
            0.0,
        );
        m.remember(e(2), AttributeId(0), Value::Bool(true), 0.0);
        assert_eq!(m.position(e(1)), Some(Vec3::new(1.0, 0.0, 0.0)));
        assert_eq!(m.located().count(), 1);
        m.forget_missing(|x| x != e(1));
        assert_eq!(m.position(e(1)), None);
        assert_eq!(m.len(), 1);
    }

    /// A view about one subject reads exactly what the memory holds, for the subject and for
    /// everyone else, and knows the subject exactly when the memory does; so does the goal
    /// update's view of it, which keeps the place of the fact read last.
    #[test]
    fn a_view_about_a_subject_reads_what_the_memory_holds() {
        let mut rng = crate::core::model::rng::WorldRng::new(5);
        for _ in 0..200 {
            let mut m = Memory::new(16);
            for _ in 0..rng.below(20) {
                let attribute = if rng.below(4) == 0 {
                    AttributeId::POSITION
                } else {
                    AttributeId(rng.below(3) as u32)
                };
                // Now and then a number where the position goes: `located` passes over it.
                let value = match attribute {
                    AttributeId::POSITION if rng.below(4) > 0 => {
                        Value::Position(Vec3::new(rng.below(9) as f32, 0.0, 0.0))
                    }
                    _ => Value::Number(rng.below(9) as f64),
                };
                m.remember(e(1 + rng.below(5) as u32), attribute, value, 0.0);
            }
            for subject in (0..7).map(e) {
                let about = m.about(subject);
                // The goal update's view: each pair read twice, the second from its place.
                let last = LastFact::new(m.about(subject));
                let known = m.facts().any(|f| f.entity == subject);
                assert_eq!(about.knows(), known);
                assert_eq!(m.knows(subject), known);
                for entity in (0..7).map(e) {
                    for attribute in [0, 1, 2]
                        .map(AttributeId)
                        .into_iter()
                        .chain([AttributeId::POSITION])
                    {
                        let expected = m
                            .facts()
                            .find(|f| f.entity == entity && f.attribute == attribute)
                            .map(|f| f.value);
                        assert_eq!(about.value(entity, attribute), expected);
                        assert_eq!(last.value(entity, attribute), expected);
                        assert_eq!(last.value(entity, attribute), expected);
                        let number = match expected {
                            Some(Value::Number(n)) => Some(n),
                            _ => None,
                        };
                        assert_eq!(about.number(entity, attribute), number);
                        assert_eq!(last.number(entity, attribute), number);
                        assert_eq!(m.number(entity, attribute), number);
                    }
                    assert_eq!(about.position(entity), m.position(entity));
                }
            }
            // `located` lists, in order, every entity with a position and the position;
            // `located_entities` the same entities.
            let expected: Vec<(Entity, Vec3)> = m
                .facts()
                .filter_map(|f| match (f.attribute, f.value) {
                    (AttributeId::POSITION, Value::Position(p)) => Some((f.entity, p)),
                    _ => None,
                })
                .collect();
            assert_eq!(m.located().collect::<Vec<_>>(), expected);
            let entities: Vec<Entity> = expected.iter().map(|&(e, _)| e).collect();
            assert_eq!(m.located_entities().collect::<Vec<_>>(), entities);
            // `located_with` lists, in order, the entities holding the attribute and a
            // position whose value it keeps, each with a view equal to `about`'s.
            for attribute in [0, 1, 2].map(AttributeId) {
                let keep = |entity: Entity, value: &Value| {
                    entity.index1 % 3 != 0 && *value != Value::Number(1.0)
                };
                let expected: Vec<Entity> = m
                    .facts()
                    .filter(|f| f.attribute == attribute && m.position(f.entity).is_some())
                    .filter(|f| keep(f.entity, &f.value))
                    .map(|f| f.entity)
                    .collect();
                let found: Vec<Entity> = m
                    .located_with(attribute, keep)
                    .map(|view| {
                        assert_eq!(view.facts, m.about(view.subject()).facts);
                        view.subject()
                    })
                    .collect();
                assert_eq!(found, expected);
            }
        }
    }

    /// Memory against a plain map evicting the oldest fact, lowest (entity, attribute) first
    /// among equals: same facts, values and times through refreshes, evictions, times earlier
    /// than the newest (renumbering stamps), forgetting and a save's round trip; and never
    /// more heap than its bound.
    #[test]
    fn memory_is_a_map_that_forgets_the_oldest() {
        use std::collections::BTreeMap;
        let mut rng = crate::core::model::rng::WorldRng::new(3);
        for capacity in [1, 2, 5, 16] {
            let mut m = Memory::new(capacity);
            let mut reference: BTreeMap<(Entity, AttributeId), (Value, f64)> = BTreeMap::new();
            let mut clock = 0.0;
            for round in 0..3_000 {
                if rng.below(3) == 0 {
                    clock += 0.5;
                }
                let time = if rng.below(8) == 0 {
                    f64::from(rng.below(6) as u32) * 0.25
                } else {
                    clock
                };
                let entity = e(1 + rng.below(7) as u32);
                let attribute =
                    [AttributeId(0), AttributeId(2), AttributeId::POSITION][rng.below(3)];
                let value = match rng.below(4) {
                    0 => Value::Bool(rng.below(2) == 0),
                    1 => Value::Number(rng.below(5) as f64 - 2.0),
                    2 => Value::Entity(e(rng.below(3) as u32)),
                    _ => Value::Position(Vec3::new(rng.below(4) as f32, -0.0, 1.0)),
                };
                if rng.below(50) == 0 {
                    m.forget_missing(|x| x != entity);
                    reference.retain(|&(x, _), _| x != entity);
                    continue;
                }
                m.remember(entity, attribute, value, time);
                let key = (entity, attribute);
                if !reference.contains_key(&key) && reference.len() == capacity as usize {
                    let oldest = *reference
                        .iter()
                        .min_by(|a, b| a.1 .1.total_cmp(&b.1 .1).then(a.0.cmp(b.0)))
                        .unwrap()
                        .0;
                    reference.remove(&oldest);
                }
                reference.insert(key, (value, time));
                let expected: Vec<MemoryFact> = reference
                    .iter()
                    .map(|(&(entity, attribute), &(value, time))| MemoryFact {
                        entity,
                        attribute,
                        value,
                        time,
                    })
                    .collect();
                assert_eq!(m.facts().collect::<Vec<_>>(), expected, "round {round}");
                assert!(m.heap_bytes() <= Memory::most_bytes(capacity as usize));
            }
            let saved = serde_json::to_string(&m).unwrap();
            let loaded: Memory = serde_json::from_str(&saved).unwrap();
            // Handles load into the loading world's serial (none here): the rest is the same.
            assert_eq!(loaded.len(), m.len());
            assert_eq!(serde_json::to_string(&loaded).unwrap(), saved);
        }
    }

    /// `remember_entity` is remembering each fact, then the position, in turn: same facts,
    /// values (to the bit), types, times and order, through hits, misses, inserts, evictions
    /// and facts whose value changed type.
    #[test]
    fn remembering_an_entity_is_remembering_each_fact() {
        let mut rng = crate::core::model::rng::WorldRng::new(11);
        let mut bulk = Memory::new(12);
        let mut each = Memory::new(12);
        for round in 0..2_000 {
            let entity = e(1 + rng.below(6) as u32);
            let time = f64::from(round);
            let mut facts = Vec::new();
            for attribute in (0..4).map(AttributeId) {
                if rng.below(3) > 0 {
                    // Of several types: a fact whose type changed has its key rewritten.
                    let value = match rng.below(3) {
                        0 => Value::Number(rng.below(4) as f64),
                        1 => Value::Bool(rng.below(2) == 0),
                        _ => Value::Entity(e(1 + rng.below(3) as u32)),
                    };
                    facts.push(Fact {
                        attribute,
                        value,
                        time,
                    });
                }
            }
            // Few distinct positions (some of them -0.0), so unmoved and moved both occur.
            let coordinate = [0.0, -0.0, 1.5][rng.below(3)];
            let position = Vec3::new(coordinate, 0.0, 0.0);
            bulk.next = rng.below(bulk.len() + 1) as u16;
            each.next = bulk.next;
            let now = bulk.now(time);
            bulk.remember_entity(entity, &facts, &position, now);
            // Fact by fact: each remembered in turn, then the position.
            each.remember_entity_slowly(entity, &facts, position, time);
            let facts = |m: &Memory| format!("{:?}", m.facts().collect::<Vec<_>>());
            assert_eq!(facts(&bulk), facts(&each), "round {round}");
            assert_eq!(bulk.keys, each.keys, "round {round}");
        }
    }
}
