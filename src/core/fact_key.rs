//! Fact keys as integers: what memory and the planner binary-search on every lookup.

use super::domain::AttributeId;
use super::entity::Entity;

/// An (entity, attribute) pair of one world packed into one integer whose order is the pair's,
/// so the planner's and memory's many lookups binary-search plain integers instead of
/// comparing four fields.
///
/// The world's serial is left out: every key of a memory (and of a plan's simulation) names an
/// entity of the NPC's own world, whose serial the holder keeps. That halves the keys, which
/// sensing streams through once per think for every NPC. The attribute takes the low 16 bits:
/// a domain has fewer than [`MAX_ATTRIBUTES`](super::domain::MAX_ATTRIBUTES) attributes, and [`AttributeId::POSITION`] packs
/// as the largest, so an entity's position still sorts after its other facts.
pub(crate) type FactKey = u64;

/// The key of (`entity`, `attribute`): see [`FactKey`].
pub(crate) fn packed_key(entity: Entity, attribute: AttributeId) -> FactKey {
    let attribute = match attribute {
        AttributeId::POSITION => u16::MAX,
        // Domains issue fewer ids (`MAX_ATTRIBUTES`): saturating keeps a foreign id from
        // aliasing a real one.
        AttributeId(id) => u16::try_from(id).unwrap_or(u16::MAX - 1),
    };
    u64::from(entity.index1) << 32 | u64::from(entity.generation) << 16 | u64::from(attribute)
}

/// The (entity, attribute) pair of a key made by [`packed_key`] from an entity of world
/// `world`.
pub(crate) fn unpacked_key(key: FactKey, world: u16) -> (Entity, AttributeId) {
    let entity = Entity {
        index1: (key >> 32) as u32,
        generation: (key >> 16) as u16,
        world,
    };
    let attribute = match key as u16 {
        u16::MAX => AttributeId::POSITION,
        id => AttributeId(u32::from(id)),
    };
    (entity, attribute)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::domain::MAX_ATTRIBUTES;

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
            (e(1, 4, 1), AttributeId(9)),
            (e(1, 4, 1), AttributeId(MAX_ATTRIBUTES - 1)),
            (e(u32::MAX, u16::MAX, 1), AttributeId(1)),
            (e(2, 0, 1), AttributeId(2)),
        ];
        let mut packed: Vec<FactKey> = pairs.iter().map(|&(e, a)| packed_key(e, a)).collect();
        pairs.sort();
        packed.sort();
        let repacked: Vec<FactKey> = pairs.iter().map(|&(e, a)| packed_key(e, a)).collect();
        assert_eq!(packed, repacked);
        let unpacked: Vec<(Entity, AttributeId)> =
            packed.iter().map(|&k| unpacked_key(k, 1)).collect();
        assert_eq!(unpacked, pairs);
    }

    #[test]
    fn an_id_no_domain_issues_aliases_no_real_attribute_nor_the_position() {
        let e = Entity {
            index1: 7,
            generation: 2,
            world: 1,
        };
        let foreign = packed_key(e, AttributeId(u32::from(u16::MAX) + 3));
        assert_eq!(foreign, packed_key(e, AttributeId(u32::MAX - 1)));
        for real in [
            AttributeId(0),
            AttributeId(MAX_ATTRIBUTES - 1),
            AttributeId::POSITION,
        ] {
            assert_ne!(foreign, packed_key(e, real), "{real:?}");
        }
    }
}
