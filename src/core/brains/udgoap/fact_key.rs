//! Fact keys as integers: what memory and the planner binary-search on every lookup.

use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;

/// An (entity, attribute) key packed into one integer whose order is the pair's, so the
/// planner's and memory's many lookups binary-search plain integers instead of comparing four fields.
pub(crate) fn packed_key(entity: Entity, attribute: AttributeId) -> u128 {
    u128::from(entity.index1) << 96
        | u128::from(entity.generation) << 80
        | u128::from(entity.world) << 64
        | u128::from(attribute.0)
}

/// The entity part of a key made by [`packed_key`] (its high word): keys about one entity share
/// it, and it orders as the entity does, so finding an entity's facts compares one `u64`.
pub(crate) fn entity_word(key: u128) -> u64 {
    (key >> 64) as u64
}

/// The attribute part of a key made by [`packed_key`] (its low word): among one entity's keys
/// it alone tells them apart, and a walk for one attribute compares nothing else.
pub(crate) fn attribute_word(key: u128) -> u32 {
    key as u32
}

/// The (entity, attribute) pair of a key made by [`packed_key`].
pub(crate) fn unpacked_key(key: u128) -> (Entity, AttributeId) {
    let entity = Entity {
        index1: (key >> 96) as u32,
        generation: (key >> 80) as u16,
        world: (key >> 64) as u16,
    };
    (entity, AttributeId(key as u32))
}

/// `#[serde(with)]` for a sorted list of packed keys: written as (entity, attribute) pairs, so
/// that a loaded world's keys carry its own serial (the order is the same: one world's keys
/// share their serial).
pub(crate) mod packed_keys {
    use super::*;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes each key as its pair.
    pub(crate) fn serialize<S: Serializer>(keys: &[u128], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(keys.iter().map(|&k| {
            let (entity, attribute) = unpacked_key(k);
            (entity, attribute.0)
        }))
    }

    /// Reads pairs back into keys.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u128>, D::Error> {
        let pairs: Vec<(Entity, u32)> = Vec::deserialize(d)?;
        Ok(pairs
            .into_iter()
            .map(|(e, a)| packed_key(e, AttributeId(a)))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_keys_sort_as_their_pairs() {
        let e = |index1, generation, world| Entity {
            index1,
            generation,
            world,
        };
        let mut pairs = [
            (e(2, 0, 1), AttributeId(3)),
            (e(1, 5, 1), AttributeId::POSITION),
            (e(1, 5, 1), AttributeId(0)),
            (e(1, 4, 2), AttributeId(9)),
            (e(u32::MAX, u16::MAX, u16::MAX), AttributeId(1)),
            (e(2, 0, 1), AttributeId(2)),
        ];
        let mut packed: Vec<u128> = pairs.iter().map(|&(e, a)| packed_key(e, a)).collect();
        pairs.sort();
        packed.sort();
        let repacked: Vec<u128> = pairs.iter().map(|&(e, a)| packed_key(e, a)).collect();
        assert_eq!(packed, repacked);
        let unpacked: Vec<(Entity, AttributeId)> =
            packed.iter().map(|&k| unpacked_key(k)).collect();
        assert_eq!(unpacked, pairs);
        // The entity word orders and equates keys as their entities do.
        for (a, &(ea, _)) in packed.iter().zip(&pairs) {
            for (b, &(eb, _)) in packed.iter().zip(&pairs) {
                assert_eq!(entity_word(*a).cmp(&entity_word(*b)), ea.cmp(&eb));
            }
        }
    }
}
