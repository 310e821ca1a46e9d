//! A fact view that keeps the last fact it read: a goal's completeness and its removal test
//! usually read the same fact of its subject (a patient's `medication` is both how far the
//! goal has come and whether it is done), and the second read then costs a comparison.

use std::cell::Cell;

use crate::core::model::condition::FactView;
use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;

/// `view`, answering a read of the fact it read last without asking it again.
pub(crate) struct LastFact<V> {
    view: V,
    last: Cell<Option<(Entity, AttributeId, Option<Value>)>>,
}

impl<V: FactView> LastFact<V> {
    /// `view` with nothing read yet.
    pub(crate) fn new(view: V) -> Self {
        LastFact {
            view,
            last: Cell::new(None),
        }
    }
}

impl<V: FactView> FactView for LastFact<V> {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        if let Some((e, a, value)) = self.last.get() {
            if e == entity && a == attribute {
                return value;
            }
        }
        let value = self.view.value(entity, attribute);
        self.last.set(Some((entity, attribute, value)));
        value
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

    impl FactView for Counted {
        fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
            self.reads.set(self.reads.get() + 1);
            let n = entity.index1.wrapping_mul(3).wrapping_add(attribute.0);
            (n % 4 != 0).then_some(Value::Number(f64::from(n)))
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
        /// Any sequence of reads answers as the view does, asking it only when the pair
        /// differs from the last one read. Fails if a kept fact answered a different pair.
        #[test]
        fn reads_answer_as_the_view_does(reads in proptest::collection::vec((1u32..4, 0u32..3), 0..40)) {
            let last = LastFact::new(Counted { reads: Cell::new(0) });
            let plain = Counted { reads: Cell::new(0) };
            let mut asked = 0;
            let mut previous = None;
            for &(entity, attribute) in &reads {
                let (entity, attribute) = (e(entity), AttributeId(attribute));
                prop_assert_eq!(
                    last.value(entity, attribute),
                    plain.value(entity, attribute)
                );
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
