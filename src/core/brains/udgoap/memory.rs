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

use crate::core::brains::udgoap::fact_key::{
    attribute_word, entity_word, packed_key, unpacked_key,
};
use crate::core::model::condition::FactView;
use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;
use crate::core::model::fact_set::Fact;
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;

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
/// Stored as parallel arrays, keys packed ([`packed_key`]): a lookup binary-searches plain
/// integers, sensing rewrites a value and a time in place, and the planner copies the keys
/// and values it simulates with two block copies.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub struct Memory {
    #[serde(with = "crate::core::brains::udgoap::fact_key::packed_keys")]
    keys: Vec<u128>,
    values: Vec<Value>,
    times: Vec<f64>,
    capacity: usize,
    /// Where the fact after the last one remembered sits: sensing remembers in (entity,
    /// attribute) order, so the next fact is usually there and needs no search.
    next: usize,
}

impl Memory {
    /// Heap bytes one remembered fact takes: its key, value and time.
    pub(crate) const BYTES_PER_FACT: usize =
        std::mem::size_of::<u128>() + std::mem::size_of::<Value>() + std::mem::size_of::<f64>();

    /// An empty memory holding at most `capacity` facts (at least 1), reserved up front so that
    /// remembering never allocates.
    pub fn new(capacity: u32) -> Self {
        let capacity = (capacity as usize).max(1);
        Memory {
            keys: Vec::with_capacity(capacity),
            values: Vec::with_capacity(capacity),
            times: Vec::with_capacity(capacity),
            capacity,
            next: 0,
        }
    }

    /// Remembers `value` for (`entity`, `attribute`) as of `time`, forgetting the oldest fact
    /// first when memory is full.
    // Sensing's slow path (a fact not where the last one ended): kept out of its loop.
    #[inline(never)]
    pub fn remember(&mut self, entity: Entity, attribute: AttributeId, value: Value, time: f64) {
        let key = packed_key(entity, attribute);
        let found = match self.at_hint(key) {
            Some(i) => Ok(i),
            None => self.keys.binary_search(&key),
        };
        self.next = match found {
            Ok(i) => {
                self.values[i] = value;
                self.times[i] = time;
                i + 1
            }
            Err(mut i) => {
                if self.keys.len() == self.capacity {
                    let oldest = self.oldest();
                    self.keys.remove(oldest);
                    self.values.remove(oldest);
                    self.times.remove(oldest);
                    if oldest < i {
                        i -= 1;
                    }
                }
                self.keys.insert(i, key);
                self.values.insert(i, value);
                self.times.insert(i, time);
                i + 1
            }
        };
    }

    /// Points the hint at the first fact: sensing, which remembers in key order, starts there.
    pub(crate) fn start_sensing(&mut self) {
        self.next = 0;
    }

    /// Remembers what sensing finds of `entity` as of `time`: its `facts` (in attribute order,
    /// as a [`FactSet`](crate::core::model::fact_set::FactSet) keeps them), then its `position`. The same as remembering each in
    /// turn; when the memory already holds exactly those facts where the last entity ended (a
    /// second look at the same entity), it rewrites them in one pass, with no search.
    #[inline]
    pub fn remember_entity(&mut self, entity: Entity, facts: &[Fact], position: Vec3, time: f64) {
        // The attribute is the key's low word.
        let entity_key = packed_key(entity, AttributeId(0));
        let (start, end) = (self.next, self.next + facts.len());
        let position_key = packed_key(entity, AttributeId::POSITION);
        if self.keys.get(end) != Some(&position_key) {
            return self.remember_entity_slowly(entity, facts, position, time);
        }
        // Keys, values and times of the run, each as long as `facts`: no bounds checks inside.
        let keys = &self.keys[start..end];
        let values = &mut self.values[start..end];
        let times = &mut self.times[start..end];
        for k in 0..facts.len() {
            if keys[k] != entity_key | u128::from(facts[k].attribute.0) {
                // The facts before k were rewritten as remembering them would: going over
                // them again changes nothing.
                return self.remember_entity_slowly(entity, facts, position, time);
            }
            values[k] = facts[k].value;
            times[k] = time;
        }
        self.remember_position(end, position);
        self.times[end] = time;
        self.next = end + 1;
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

    /// Writes `position` into fact `i`, a position, when it moved: most entities stand still,
    /// and a position value built on the stack and copied whole stalls on its partial writes
    /// (store forwarding).
    #[inline]
    fn remember_position(&mut self, i: usize, position: Vec3) {
        let bits = |p: Vec3| [p.x.to_bits(), p.y.to_bits(), p.z.to_bits()];
        if !matches!(self.values[i], Value::Position(p) if bits(p) == bits(position)) {
            self.values[i] = Value::Position(position);
        }
    }

    /// The fact after the last one remembered, when its key is `key`: where sensing, which
    /// remembers in key order, usually finds the next fact.
    #[inline]
    fn at_hint(&self, key: u128) -> Option<usize> {
        (self.keys.get(self.next) == Some(&key)).then_some(self.next)
    }

    /// Forgets facts about entities for which `exists` is false (asked once per entity).
    pub fn forget_missing(&mut self, mut exists: impl FnMut(Entity) -> bool) {
        let mut last: Option<(Entity, bool)> = None;
        let mut kept = 0;
        for i in 0..self.keys.len() {
            let entity = unpacked_key(self.keys[i]).0;
            let alive = match last {
                Some((e, alive)) if e == entity => alive,
                _ => exists(entity),
            };
            last = Some((entity, alive));
            if alive {
                if kept != i {
                    self.keys[kept] = self.keys[i];
                    self.values[kept] = self.values[i];
                    self.times[kept] = self.times[i];
                }
                kept += 1;
            }
        }
        self.keys.truncate(kept);
        self.values.truncate(kept);
        self.times.truncate(kept);
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
        let word = entity_word(packed_key(subject, AttributeId(0)));
        let start = self.keys.partition_point(|&k| entity_word(k) < word);
        let count = self.keys[start..]
            .iter()
            .take_while(|&&k| entity_word(k) == word)
            .count();
        About {
            memory: self,
            subject,
            facts: start..start + count,
        }
    }

    /// All facts, by entity then attribute.
    pub fn facts(&self) -> impl ExactSizeIterator<Item = MemoryFact> + '_ {
        (0..self.keys.len()).map(|i| self.fact(i))
    }

    /// The facts' (entity, attribute) keys, packed and ascending, beside [`Memory::values`].
    pub(crate) fn keys(&self) -> &[u128] {
        &self.keys
    }

    /// The facts' values, in the order of their keys.
    pub(crate) fn values(&self) -> &[Value] {
        &self.values
    }

    /// Starts loading every fact ([`crate::prefetch`]): sensing rewrites them all, and goal
    /// generation and planning read them again. Asked a think ahead, the whole memory (a few
    /// KB) arrives while the think before runs; a hint for the front alone left the rest to
    /// stall, most on a loaded machine (bench-ab: about 8 % faster there, within noise on a
    /// quiet one).
    pub(crate) fn prefetch(&self) {
        crate::prefetch::all(&self.keys);
        crate::prefetch::all(&self.values);
        crate::prefetch::all(&self.times);
    }

    /// Entities whose position is known, in handle order.
    pub fn located(&self) -> impl Iterator<Item = (Entity, Vec3)> + '_ {
        self.indices_of(AttributeId::POSITION)
            .filter_map(|i| match self.values[i] {
                Value::Position(p) => Some((unpacked_key(self.keys[i]).0, p)),
                _ => None,
            })
    }

    /// Entities whose position and `attribute` are known and whose value of `attribute` passes
    /// `keep(entity, value)`, in handle order, each with its facts found ([`Memory::about`]):
    /// [`Memory::located`] narrowed to those that can satisfy a test of `attribute`, without
    /// looking at the rest. `keep` runs first, on the value in hand: most entities fail it, and
    /// then their facts are never looked for.
    pub fn located_with<'m>(
        &'m self,
        attribute: AttributeId,
        mut keep: impl FnMut(Entity, Value) -> bool + 'm,
    ) -> impl Iterator<Item = About<'m>> + 'm {
        let mut indices = self.indices_of(attribute);
        std::iter::from_fn(move || loop {
            let i = indices.next()?;
            if !keep(unpacked_key(self.keys[i]).0, self.values[i]) {
                continue;
            }
            let about = self.about_fact(i);
            // The position sorts last among an entity's facts.
            let last = about.facts.end - 1;
            if attribute_word(self.keys[last]) == AttributeId::POSITION.0
                && matches!(self.values[last], Value::Position(_))
            {
                return Some(about);
            }
        })
    }

    /// Indices of the facts of `attribute`, ascending: a search on the keys' attribute word,
    /// which the compiler makes a tight loop (chained adapters over every key cost several
    /// times as much).
    fn indices_of(&self, attribute: AttributeId) -> impl Iterator<Item = usize> + '_ {
        let mut next = 0;
        std::iter::from_fn(move || {
            let i = next
                + self.keys[next..]
                    .iter()
                    .position(|&key| attribute_word(key) == attribute.0)?;
            next = i + 1;
            Some(i)
        })
    }

    /// The facts of the subject of fact `i`.
    fn about_fact(&self, i: usize) -> About<'_> {
        let word = entity_word(self.keys[i]);
        let same = |&&k: &&u128| entity_word(k) == word;
        let before = self.keys[..i].iter().rev().take_while(same).count();
        let after = self.keys[i..].iter().take_while(same).count();
        About {
            memory: self,
            subject: unpacked_key(self.keys[i]).0,
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
        self.capacity
    }

    fn fact(&self, i: usize) -> MemoryFact {
        let (entity, attribute) = unpacked_key(self.keys[i]);
        MemoryFact {
            entity,
            attribute,
            value: self.values[i],
            time: self.times[i],
        }
    }

    fn index(&self, entity: Entity, attribute: AttributeId) -> Option<usize> {
        self.keys.binary_search(&packed_key(entity, attribute)).ok()
    }

    fn oldest(&self) -> usize {
        let mut oldest = 0;
        for (i, &t) in self.times.iter().enumerate() {
            if t < self.times[oldest] {
                oldest = i;
            }
        }
        oldest
    }
}

impl FactView for Memory {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        self.index(entity, attribute).map(|i| self.values[i])
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
        if entity != self.subject {
            return self.memory.value(entity, attribute);
        }
        // Every key in the range is the subject's: the attribute word alone tells them apart.
        let keys = &self.memory.keys[self.facts.clone()];
        let i = keys
            .iter()
            .position(|&k| attribute_word(k) == attribute.0)?;
        Some(self.memory.values[self.facts.start + i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
    /// everyone else, and knows the subject exactly when the memory does.
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
                let value = match attribute {
                    AttributeId::POSITION => {
                        Value::Position(Vec3::new(rng.below(9) as f32, 0.0, 0.0))
                    }
                    _ => Value::Number(rng.below(9) as f64),
                };
                m.remember(e(1 + rng.below(5) as u32), attribute, value, 0.0);
            }
            for subject in (0..7).map(e) {
                let about = m.about(subject);
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
                    }
                    assert_eq!(about.position(entity), m.position(entity));
                }
            }
            // `located` lists, in order, every entity with a position and the position.
            let expected: Vec<(Entity, Vec3)> = m
                .facts()
                .filter_map(|f| match (f.attribute, f.value) {
                    (AttributeId::POSITION, Value::Position(p)) => Some((f.entity, p)),
                    _ => None,
                })
                .collect();
            assert_eq!(m.located().collect::<Vec<_>>(), expected);
            // `located_with` lists, in order, the entities holding the attribute and a
            // position whose value it keeps, each with a view equal to `about`'s.
            for attribute in [0, 1, 2].map(AttributeId) {
                let keep = |entity: Entity, value: Value| {
                    entity.index1 % 3 != 0 && value != Value::Number(1.0)
                };
                let expected: Vec<Entity> = m
                    .facts()
                    .filter(|f| f.attribute == attribute && m.position(f.entity).is_some())
                    .filter(|f| keep(f.entity, f.value))
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

    /// `remember_entity` is remembering each fact, then the position, in turn: same facts,
    /// values (to the bit), times and order, through hits, misses, inserts and evictions.
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
                    let value = Value::Number(rng.below(4) as f64);
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
            bulk.next = rng.below(bulk.len() + 1);
            each.next = bulk.next;
            bulk.remember_entity(entity, &facts, position, time);
            // Fact by fact: each remembered in turn, then the position.
            each.remember_entity_slowly(entity, &facts, position, time);
            assert_eq!(bulk.keys, each.keys, "round {round}");
            assert_eq!(bulk.times, each.times, "round {round}");
            let bits = |m: &Memory| format!("{:?}", m.values);
            assert_eq!(bits(&bulk), bits(&each), "round {round}");
        }
    }
}
