//! Fact keys as integers: what the planner binary-searches on every lookup (memory packs its
//! own, smaller: [`super::packed_fact`]).

use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;

/// An (entity, attribute) key packed into one integer whose order is the pair's, so the
/// planner's many lookups binary-search plain integers instead of comparing four fields.
pub(crate) fn packed_key(entity: Entity, attribute: AttributeId) -> u128 {
    u128::from(entity.index1) << 96
        | u128::from(entity.generation) << 80
        | u128::from(entity.world) << 64
        | u128::from(attribute.0)
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
    }
}
