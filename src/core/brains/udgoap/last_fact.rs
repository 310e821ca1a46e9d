//! A fact view that keeps where the last fact it read is: a goal's completeness and its
//! removal test usually read the same fact of its subject (a patient's `medication` is both how
//! far the goal has come and whether it is done), and the second read then costs a comparison.
//!
//! It keeps the fact's place, not its value: a value kept in a `Cell` was copied whole (16
//! bytes) right after the view's call had written it in parts, and read back whole again, two
//! stalled store forwardings per fact read (perf annotate, hospital udgoap@5,008: a fifth of the
//! goal update). Unpacking the fact again from its place is a few register moves.

use std::cell::Cell;

use crate::core::model::condition::FactView;
use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;

/// A view whose facts sit at places it can find once and read again.
pub(crate) trait IndexedFacts: FactView {
    /// The place of (`entity`, `attribute`)'s fact, if known.
    fn find(&self, entity: Entity, attribute: AttributeId) -> Option<usize>;
    /// The value of the fact at `index`, a place [`IndexedFacts::find`] gave.
    fn fact_at(&self, index: usize) -> Value;
    /// The fact at `index`'s number, if it is one.
    fn number_at(&self, index: usize) -> Option<f64>;
}

/// No fact there: the last read found none.
const NOWHERE: usize = usize::MAX;

/// `view`, answering a read of the fact it read last without finding it again.
pub(crate) struct LastFact<V> {
    view: V,
    /// The pair read last, if any.
    last: Cell<Option<(Entity, AttributeId)>>,
    /// Its place, or [`NOWHERE`].
    index: Cell<usize>,
}

impl<V: IndexedFacts> LastFact<V> {
    /// `view` with nothing read yet.
    pub(crate) fn new(view: V) -> Self {
        LastFact {
            view,
            last: Cell::new(None),
            index: Cell::new(NOWHERE),
        }
    }
}

impl<V: IndexedFacts> LastFact<V> {
    /// The place of (`entity`, `attribute`)'s fact, found only when the pair is not the last.
    #[inline]
    fn find(&self, entity: Entity, attribute: AttributeId) -> Option<usize> {
        if self.last.get() != Some((entity, attribute)) {
            let index = self.view.find(entity, attribute).unwrap_or(NOWHERE);
            self.last.set(Some((entity, attribute)));
            self.index.set(index);
        }
        Some(self.index.get()).filter(|&index| index != NOWHERE)
    }
}

impl<V: IndexedFacts> FactView for LastFact<V> {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        self.find(entity, attribute).map(|i| self.view.fact_at(i))
    }

    fn number(&self, entity: Entity, attribute: AttributeId) -> Option<f64> {
        self.view.number_at(self.find(entity, attribute)?)
    }

    // The view's own, which may not read the position fact.
    fn position(&self, entity: Entity) -> Option<Vec3> {
        self.view.position(entity)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A view whose facts are a function of the pair, counting its reads.
    struct Counted {
        reads: Cell<u32>,
    }

    /// The fact of a pair: its number is its place, and every fourth pair is unknown.
    fn place(entity: Entity, attribute: AttributeId) -> Option<usize> {
        let n = entity.index1.wrapping_mul(3).wrapping_add(attribute.0);
        (n % 4 != 0).then_some(n as usize)
    }

    impl FactView for Counted {
        fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
            self.reads.set(self.reads.get() + 1);
            place(entity, attribute).map(|n| Value::Number(n as f64))
        }
    }

    impl IndexedFacts for Counted {
        fn find(&self, entity: Entity, attribute: AttributeId) -> Option<usize> {
            self.reads.set(self.reads.get() + 1);
            place(entity, attribute)
        }

        fn fact_at(&self, index: usize) -> Value {
            Value::Number(index as f64)
        }

        fn number_at(&self, index: usize) -> Option<f64> {
            Some(index as f64)
        }
    }

    fn e(index1: u32) -> Entity {
        Entity {
            index1,
            generation: 0,
            world: 1,
        }
    }

    proptest! {
        /// Any sequence of reads, of values or numbers, answers as the view does, asking it
        /// only when the pair differs from the last one read. Fails if a kept place answered a
        /// different pair.
        #[test]
        fn reads_answer_as_the_view_does(reads in proptest::collection::vec((1u32..4, 0u32..3, any::<bool>()), 0..40)) {
            let last = LastFact::new(Counted { reads: Cell::new(0) });
            let plain = Counted { reads: Cell::new(0) };
            let mut asked = 0;
            let mut previous = None;
            for &(entity, attribute, number) in &reads {
                let (entity, attribute) = (e(entity), AttributeId(attribute));
                if number {
                    prop_assert_eq!(
                        last.number(entity, attribute),
                        plain.number(entity, attribute)
                    );
                } else {
                    prop_assert_eq!(
                        last.value(entity, attribute),
                        plain.value(entity, attribute)
                    );
                }
                prop_assert_eq!(last.position(entity), plain.position(entity));
                if previous != Some((entity, attribute)) {
                    asked += 1;
                }
                previous = Some((entity, attribute));
            }
            // Positions are read through the view, as the view reads them, uncached.
            prop_assert_eq!(last.view.reads.get(), asked + reads.len() as u32);
        }
    }
}
