//! The planner's fact keys: the memory's own (entity, attribute) keys without their value
//! type ([`pair_key`]), sorted, of one world. Every lookup of a simulation binary-searches
//! them, so they are single 64-bit integers, and copying them from memory at the start of a
//! plan is one mask per fact. A memory holds one world's facts, so the world is checked once
//! per lookup rather than stored in every key.

use crate::core::brains::udgoap::packed_fact::{attribute_of, entity_of, pair_key};
use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;

/// Sorted (entity, attribute) keys of the facts an NPC knows, all about entities of `world`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FactKeys<'a> {
    keys: &'a [u64],
    world: u16,
}

impl<'a> FactKeys<'a> {
    /// The keys `keys` ([`pair_key`]s, ascending) of facts about entities of `world`.
    pub(crate) fn new(keys: &'a [u64], world: u16) -> Self {
        debug_assert!(keys.is_sorted());
        FactKeys { keys, world }
    }

    /// Where the fact of (`entity`, `attribute`) sits, when known.
    #[inline]
    pub(crate) fn find(&self, entity: Entity, attribute: AttributeId) -> Option<usize> {
        if entity.world != self.world {
            return None;
        }
        self.keys.binary_search(&pair_key(entity, attribute)).ok()
    }

    /// The (entity, attribute) pair of every fact, in key order.
    pub(crate) fn pairs(&self) -> impl Iterator<Item = (Entity, AttributeId)> + 'a {
        let world = self.world;
        self.keys
            .iter()
            .map(move |&k| (entity_of(k, world), attribute_of(k)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys find their own facts, in (entity, attribute) order with positions last, and
    /// nothing of another world.
    #[test]
    fn keys_find_their_pairs_and_nothing_of_another_world() {
        let e = |index1, generation| Entity {
            index1,
            generation,
            world: 7,
        };
        let mut pairs = vec![
            (e(2, 0), AttributeId(3)),
            (e(1, 5), AttributeId::POSITION),
            (e(1, 5), AttributeId(0)),
            (e(1, 4), AttributeId(9)),
            (e(u32::MAX, u16::MAX), AttributeId(1)),
            (e(2, 0), AttributeId(2)),
        ];
        let mut keys: Vec<u64> = pairs.iter().map(|&(e, a)| pair_key(e, a)).collect();
        pairs.sort();
        keys.sort();
        let facts = FactKeys::new(&keys, 7);
        assert_eq!(facts.pairs().collect::<Vec<_>>(), pairs);
        for (i, &(entity, attribute)) in pairs.iter().enumerate() {
            assert_eq!(facts.find(entity, attribute), Some(i));
            let elsewhere = Entity { world: 8, ..entity };
            assert_eq!(facts.find(elsewhere, attribute), None);
        }
        assert_eq!(facts.find(e(1, 5), AttributeId(1)), None);
    }
}
