//! The facts known about one entity: at most one value per attribute, with when it was set.

use thin_vec::ThinVec;

use crate::core::model::domain::AttributeId;
use crate::core::model::need_decay::NeedDecay;
use crate::core::model::value::Value;

/// One fact: an attribute's value and the world time (seconds) it was written.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct Fact {
    /// Which attribute.
    pub attribute: AttributeId,
    /// Its value.
    pub value: Value,
    /// World time of the write, in seconds. Later issues use it to prefer recent facts and to
    /// forget old ones (000_16db0c300c7e0e65.txt:841).
    pub time: f64,
}

impl Fact {
    /// Its number changed by `update` and stamped `time`; nothing when it holds no number.
    #[inline]
    fn update_number(&mut self, time: f64, update: impl FnOnce(f64) -> f64) {
        if let Value::Number(n) = self.value {
            self.value = Value::Number(update(n));
            self.time = time;
        }
    }
}

/// Bytes of facts [`FactSet::prefetch`] asks for, whatever the entity holds: twelve facts of
/// 32 bytes. Past its last fact the hint loads a neighbour's, which the pass reads next
/// anyway; an entity with more has the rest missed on first use.
const PREFETCHED_BYTES: usize = 12 * std::mem::size_of::<Fact>();

/// The most facts [`FactSet`] scans for an attribute rather than binary-searching.
const SCANNED_FACTS: usize = 8;

/// Facts sorted by attribute: lookups are a binary search (a scan when there are few),
/// iteration is deterministic.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct FactSet {
    /// One pointer wide: an entity's record holds it (`thin-vec` in Cargo.toml).
    facts: ThinVec<Fact>,
}

impl FactSet {
    /// Writes `fact`, replacing any earlier value of the same attribute.
    pub fn set(&mut self, fact: Fact) {
        match self.position(fact.attribute) {
            Ok(i) => self.facts[i] = fact,
            Err(i) => self.facts.insert(i, fact),
        }
    }

    /// The fact for `attribute`, if one was written.
    pub fn get(&self, attribute: AttributeId) -> Option<&Fact> {
        self.position(attribute).ok().map(|i| &self.facts[i])
    }

    /// The number held for `attribute`, changed by `update` and stamped `time`; nothing when
    /// there is none (missing, or not a number). One search where a read and a [`FactSet::set`]
    /// made two.
    pub fn update_number(
        &mut self,
        attribute: AttributeId,
        time: f64,
        update: impl FnOnce(f64) -> f64,
    ) {
        if let Ok(i) = self.position(attribute) {
            self.facts[i].update_number(time, update);
        }
    }

    /// Decays the numbers held for `needs` (sorted by attribute, as the facts are) by `dt`
    /// seconds, each stamped `time`; leaves a missing or non-numeric fact alone. One walk over
    /// the facts for all of them, where a search per need started from the first fact each
    /// time (`need_decay.rs`).
    #[inline]
    pub(crate) fn decay(&mut self, needs: &[NeedDecay], dt: f64, time: f64) {
        let facts = &mut self.facts[..];
        let mut at = 0;
        for need in needs {
            while at < facts.len() && facts[at].attribute < need.attribute {
                at += 1;
            }
            let Some(fact) = facts.get_mut(at) else {
                return;
            };
            // Stays put after a match: a need named twice decays its fact twice.
            if fact.attribute == need.attribute {
                fact.update_number(time, |n| need.decayed(n, dt));
            }
        }
    }

    /// Forgets the fact for `attribute`; returns whether there was one.
    pub fn remove(&mut self, attribute: AttributeId) -> bool {
        self.position(attribute)
            .map(|i| {
                self.facts.remove(i);
            })
            .is_ok()
    }

    /// All facts, by attribute id.
    pub fn iter(&self) -> impl Iterator<Item = &Fact> {
        self.facts.iter()
    }

    /// All facts, by attribute id, as one slice.
    pub fn as_slice(&self) -> &[Fact] {
        &self.facts
    }

    /// Starts loading every fact ([`crate::prefetch`]): each reader (a think of the NPC,
    /// sensing the entity, the needs' decay) goes over all of them, spread over several cache
    /// lines; a hint for the first line alone left sensing stalled on the rest (perf,
    /// udgoap@5,008).
    pub(crate) fn prefetch(&self) {
        // A fixed span, whatever the facts take: their count is in the buffer.
        crate::prefetch::thin(&self.facts, PREFETCHED_BYTES);
    }

    /// Starts loading the first `expected` facts (at most as many as [`FactSet::prefetch`]):
    /// for a reader of this entity alone, whose neighbours' facts past its own would be
    /// loaded for nothing.
    pub(crate) fn prefetch_first(&self, expected: usize) {
        let bytes = expected.saturating_mul(std::mem::size_of::<Fact>());
        crate::prefetch::thin(&self.facts, bytes.min(PREFETCHED_BYTES));
    }

    /// The same facts in a fresh buffer of the same capacity, so that facts added later fit
    /// as they would have (`heap_layout.rs`: a copy of exact size made the hospital at
    /// 50,000 NPCs allocate 12 times a tick as patients gained facts).
    pub(crate) fn relocated(&self) -> FactSet {
        let mut facts = ThinVec::with_capacity(self.facts.capacity());
        facts.extend_from_slice(&self.facts);
        FactSet { facts }
    }

    /// Bytes of the buffer the facts are kept in, used or not.
    #[cfg(test)]
    pub(crate) fn capacity_bytes(&self) -> usize {
        self.facts.capacity() * std::mem::size_of::<Fact>()
    }

    /// Number of facts.
    pub fn len(&self) -> usize {
        self.facts.len()
    }

    /// True when nothing is known.
    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }

    /// Where `attribute`'s fact is (`Ok`) or would go (`Err`), as a binary search answers.
    fn position(&self, attribute: AttributeId) -> Result<usize, usize> {
        // Most entities hold a handful of facts, and every need of every entity is looked up
        // each tick: a forward scan of a few costs less than a binary search's set-up.
        if self.facts.len() <= SCANNED_FACTS {
            let i = self
                .facts
                .iter()
                .position(|f| f.attribute >= attribute)
                .unwrap_or(self.facts.len());
            return match self.facts.get(i) {
                Some(f) if f.attribute == attribute => Ok(i),
                _ => Err(i),
            };
        }
        self.facts.binary_search_by_key(&attribute, |f| f.attribute)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fact(attribute: u32, n: f64) -> Fact {
        Fact {
            attribute: AttributeId(attribute),
            value: Value::Number(n),
            time: n,
        }
    }

    #[test]
    fn set_replaces_and_keeps_attribute_order() {
        let mut set = FactSet::default();
        for (a, n) in [(3, 1.0), (1, 2.0), (2, 3.0), (1, 4.0)] {
            set.set(fact(a, n));
        }
        let order: Vec<_> = set.iter().map(|f| (f.attribute.0, f.value)).collect();
        assert_eq!(
            order,
            vec![
                (1, Value::Number(4.0)),
                (2, Value::Number(3.0)),
                (3, Value::Number(1.0))
            ]
        );
        assert!(set.remove(AttributeId(2)));
        assert!(!set.remove(AttributeId(2)));
        assert_eq!(set.get(AttributeId(2)), None);
        assert_eq!(set.len(), 2);
    }

    /// A relocated set keeps its facts and its room: a fact added after the layout fits
    /// where it would have, without growing the buffer.
    #[test]
    fn a_relocated_set_keeps_its_facts_and_its_room() {
        let mut set = FactSet::default();
        for a in 0..5 {
            set.set(fact(a, f64::from(a)));
        }
        let room = set.capacity_bytes();
        assert!(room > 5 * std::mem::size_of::<Fact>(), "grown by doubling");
        let mut moved = set.relocated();
        assert_ne!(moved.as_slice().as_ptr(), set.as_slice().as_ptr());
        assert_eq!(moved.as_slice(), set.as_slice());
        assert_eq!(moved.capacity_bytes(), room);
        moved.set(fact(9, 9.0));
        assert_eq!(moved.capacity_bytes(), room, "the sixth fact fits");
    }

    /// A set holding a number (attribute 1, 10.0) and a flag (attribute 2).
    fn a_number_and_a_flag() -> FactSet {
        let mut set = FactSet::default();
        set.set(fact(1, 10.0));
        set.set(Fact {
            attribute: AttributeId(2),
            value: Value::Bool(true),
            time: 0.0,
        });
        set
    }

    #[test]
    fn decay_rewrites_only_a_number_in_place() {
        let mut set = a_number_and_a_flag();
        let need = |attribute| NeedDecay {
            attribute: AttributeId(attribute),
            rate: 5.0,
            low: 0.0,
            high: 100.0,
        };
        set.decay(&[need(1), need(2), need(3)], 0.5, 7.0);
        let facts: Vec<Fact> = set.iter().copied().collect();
        assert_eq!(
            facts,
            vec![
                Fact {
                    attribute: AttributeId(1),
                    value: Value::Number(7.5),
                    time: 7.0
                },
                Fact {
                    attribute: AttributeId(2),
                    value: Value::Bool(true),
                    time: 0.0
                },
            ]
        );
    }

    /// A number is changed in place and stamped; a missing fact or one that holds no number
    /// is left alone, as a read followed by a write of its number would.
    #[test]
    fn update_number_changes_only_a_number_held() {
        let mut set = a_number_and_a_flag();
        let before: Vec<Fact> = set.iter().copied().collect();
        set.update_number(AttributeId(2), 5.0, |n| n + 1.0);
        set.update_number(AttributeId(3), 5.0, |n| n + 1.0);
        assert_eq!(set.iter().copied().collect::<Vec<_>>(), before);
        set.update_number(AttributeId(1), 5.0, |n| n * 3.0);
        assert_eq!(
            set.get(AttributeId(1)),
            Some(&Fact {
                attribute: AttributeId(1),
                value: Value::Number(30.0),
                time: 5.0
            })
        );
        assert_eq!(set.iter().count(), 2);
    }

    /// Scanned (few facts) or binary-searched (more), a lookup answers as a binary search of
    /// the sorted attributes does, present or absent.
    #[test]
    fn lookups_answer_as_a_binary_search() {
        let mut rng = crate::core::model::rng::WorldRng::new(3);
        for _ in 0..2_000 {
            let mut set = FactSet::default();
            for _ in 0..rng.below(2 * SCANNED_FACTS + 2) {
                set.set(fact(rng.below(40) as u32, 1.0));
            }
            let attributes: Vec<AttributeId> = set.iter().map(|f| f.attribute).collect();
            for attribute in (0..42).map(AttributeId) {
                assert_eq!(
                    set.position(attribute),
                    attributes.binary_search(&attribute),
                    "{attribute:?} in {attributes:?}"
                );
            }
        }
    }
}
