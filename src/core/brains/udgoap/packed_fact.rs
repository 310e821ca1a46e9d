//! A remembered fact packed into 20 bytes: a `u64` key (entity, attribute and the value's type)
//! and 12 bytes of value. Memory holds one of each per fact, beside a 2-byte time stamp
//! ([`super::fact_times`]): 22 bytes where a `u128` key, a [`Value`] and an `f64` took 40.
//!
//! The key leaves out the entity's world serial: a memory holds one world's facts and keeps the
//! serial once. Its order is the (entity, attribute) pair's, so memory binary-searches plain
//! integers, and the type in its two low bits never decides it (one fact per pair).

use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;
use crate::core::model::limits::MAX_ATTRIBUTES;
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;

/// The bits of a key that hold its value's type.
const TYPE_BITS: u64 = 0b11;

/// The attribute field of a key: [`MAX_ATTRIBUTES`] ids, then [`AttributeId::POSITION`].
const ATTRIBUTE_FIELD: u64 = 0x3fff;
const _: () = assert!(MAX_ATTRIBUTES as u64 == ATTRIBUTE_FIELD);
const _: () = assert!(AttributeId::POSITION.0 as u64 & ATTRIBUTE_FIELD == ATTRIBUTE_FIELD);

/// The key of (`entity`, `attribute`) without a type: what a lookup compares, with the type
/// bits of the keys it meets cleared ([`without_type`]). `attribute` is one of the domain's
/// (below [`MAX_ATTRIBUTES`]) or [`AttributeId::POSITION`], which sorts after them all.
pub(crate) fn pair_key(entity: Entity, attribute: AttributeId) -> u64 {
    debug_assert!(attribute == AttributeId::POSITION || attribute.0 < MAX_ATTRIBUTES);
    // The position's id is all ones, so the mask alone makes its field: no test of it in
    // sensing's loop, which makes a key per fact (callgrind, hospital udgoap: 0.7 % of a tick).
    let attribute = u64::from(attribute.0) & ATTRIBUTE_FIELD;
    u64::from(entity.index1) << 32 | u64::from(entity.generation) << 16 | attribute << 2
}

/// `key` without its value's type: the pair alone, as [`pair_key`] makes it.
pub(crate) fn without_type(key: u64) -> u64 {
    key & !TYPE_BITS
}

/// The entity part of a key (index and generation): keys about one entity share it, and it
/// orders as the entity does within one world.
pub(crate) fn entity_part(key: u64) -> u64 {
    key >> 16
}

/// The attribute of a key.
pub(crate) fn attribute_of(key: u64) -> AttributeId {
    match (key >> 2) & ATTRIBUTE_FIELD {
        ATTRIBUTE_FIELD => AttributeId::POSITION,
        a => AttributeId(a as u32),
    }
}

/// The entity of a key, in the world whose serial is `world`.
pub(crate) fn entity_of(key: u64, world: u16) -> Entity {
    Entity {
        index1: (key >> 32) as u32,
        generation: (key >> 16) as u16,
        world,
    }
}

/// A value's 12 bytes: a number's bits, an entity's handle, a position's coordinates.
pub(crate) type Payload = [u32; 3];

/// `value` packed: the type bits for its key, and its payload. Lossless, to the bit.
pub(crate) fn pack(value: Value) -> (u64, Payload) {
    match value {
        Value::Bool(b) => (0, [u32::from(b), 0, 0]),
        Value::Number(n) => {
            let bits = n.to_bits();
            (1, [bits as u32, (bits >> 32) as u32, 0])
        }
        Value::Entity(e) => (
            2,
            [
                e.index1,
                u32::from(e.generation) | u32::from(e.world) << 16,
                0,
            ],
        ),
        Value::Position(p) => position_fact(p),
    }
}

/// A position packed, as [`pack`] does it.
pub(crate) fn position_fact(p: Vec3) -> (u64, Payload) {
    (3, [p.x.to_bits(), p.y.to_bits(), p.z.to_bits()])
}

/// The value of a key's type and a payload, as [`pack`] packed it.
pub(crate) fn unpack(key: u64, payload: Payload) -> Value {
    let [a, b, _] = payload;
    match key & TYPE_BITS {
        0 => Value::Bool(a != 0),
        1 => Value::Number(unpack_number(key, payload).unwrap_or_default()),
        2 => Value::Entity(Entity {
            index1: a,
            generation: b as u16,
            world: (b >> 16) as u16,
        }),
        _ => Value::Position(unpack_position(payload)),
    }
}

/// The position a payload holds, as [`position_fact`] packed it (its key's type says whether it
/// holds one: [`is_position`]).
pub(crate) fn unpack_position([a, b, c]: Payload) -> Vec3 {
    Vec3::new(f32::from_bits(a), f32::from_bits(b), f32::from_bits(c))
}

/// The number of a key's type and a payload when they hold one, as [`unpack`] reads it.
#[inline]
pub(crate) fn unpack_number(key: u64, payload: Payload) -> Option<f64> {
    let [a, b, _] = payload;
    (key & TYPE_BITS == 1).then(|| f64::from_bits(u64::from(a) | u64::from(b) << 32))
}

/// True when `key` holds a position.
pub(crate) fn is_position(key: u64) -> bool {
    key & TYPE_BITS == 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_pack_to_the_bit_and_keys_sort_as_their_pairs() {
        let e = |index1, generation| Entity {
            index1,
            generation,
            world: 7,
        };
        let values = [
            Value::Bool(true),
            Value::Bool(false),
            Value::Number(-0.0),
            Value::Number(f64::MAX),
            Value::Entity(Entity::NULL),
            Value::Entity(e(u32::MAX, u16::MAX)),
            Value::Position(Vec3::new(-0.0, 1.5, f32::MIN)),
        ];
        for value in values {
            let (kind, payload) = pack(value);
            let back = unpack(kind, payload);
            assert_eq!(format!("{back:?}"), format!("{value:?}"));
            assert_eq!(is_position(kind), matches!(value, Value::Position(_)));
        }
        let mut pairs = [
            (e(2, 0), AttributeId(3)),
            (e(1, 5), AttributeId::POSITION),
            (e(1, 5), AttributeId(0)),
            (e(1, 4), AttributeId(MAX_ATTRIBUTES - 1)),
            (e(u32::MAX, u16::MAX), AttributeId(1)),
            (e(2, 0), AttributeId(2)),
        ];
        // Type bits set on some keys change no order.
        let mut keys: Vec<u64> = pairs
            .iter()
            .enumerate()
            .map(|(i, &(e, a))| pair_key(e, a) | (i as u64 % 4))
            .collect();
        pairs.sort();
        keys.sort();
        let unpacked: Vec<(Entity, AttributeId)> = keys
            .iter()
            .map(|&k| (entity_of(k, 7), attribute_of(k)))
            .collect();
        assert_eq!(unpacked, pairs);
        for (&k, &(entity, attribute)) in keys.iter().zip(&pairs) {
            assert_eq!(without_type(k), pair_key(entity, attribute));
            assert_eq!(entity_part(k), pair_key(entity, AttributeId(0)) >> 16);
        }
    }
}
