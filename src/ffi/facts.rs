//! Typed fact values across the boundary, and reading and writing facts on entities.

use super::domain::motive_attribute;
use super::enum_codes::{c_enum, decode};
use super::guard::{guard, FfiResult};
use super::handles::motive_entity;
use super::pointers::borrow;
use super::status::motive_status;
use super::vec3::motive_vec3;
use super::world::{motive_world, query, with_world};
use crate::core::{AttributeId, Value, ValueType};

/// The type of a fact value; an attribute declares one and all its facts have it.
/// 0 is not a type, so a zeroed `motive_value` is rejected rather than misread.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_value_type {
    /// `motive_value.data.boolean`.
    Bool = 1,
    /// `motive_value.data.number`, finite.
    Number = 2,
    /// `motive_value.data.entity`, null or a live entity of the same world.
    Entity = 3,
    /// `motive_value.data.position`, finite.
    Position = 4,
}

/// The payload of a `motive_value`; which member is meant is given by `motive_value.type`.
#[repr(C)]
#[derive(Clone, Copy)]
pub union motive_value_data {
    /// For `MOTIVE_VALUE_TYPE_BOOL`. Any non-zero byte reads as true.
    pub boolean: bool,
    /// For `MOTIVE_VALUE_TYPE_NUMBER`.
    pub number: f64,
    /// For `MOTIVE_VALUE_TYPE_ENTITY`.
    pub entity: motive_entity,
    /// For `MOTIVE_VALUE_TYPE_POSITION`.
    pub position: motive_vec3,
}

/// A typed fact value: a `motive_value_type` tag and its payload.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct motive_value {
    /// A `motive_value_type`; any other number is `MOTIVE_STATUS_INVALID_ARGUMENT`.
    pub r#type: u32,
    /// The payload named by `type`.
    pub data: motive_value_data,
}

c_enum!(motive_value_type => ValueType {
    Bool => ValueType::Bool,
    Number => ValueType::Number,
    Entity => ValueType::Entity,
    Position => ValueType::Position,
});

impl motive_value {
    /// The core value; an unknown `type` is `MOTIVE_STATUS_INVALID_ARGUMENT`.
    pub(crate) fn to_core(self) -> FfiResult<Value> {
        let value_type: ValueType = decode::<motive_value_type>(self.r#type, "type")?.into();
        // SAFETY: the union is plain Copy data that the caller initialised for the member its
        // tag names; the bool is read through its byte, so any bit pattern is sound.
        Ok(unsafe {
            match value_type {
                ValueType::Bool => Value::Bool(*(&raw const self.data.boolean).cast::<u8>() != 0),
                ValueType::Number => Value::Number(self.data.number),
                ValueType::Entity => Value::Entity(self.data.entity.into()),
                ValueType::Position => Value::Position(self.data.position.into()),
            }
        })
    }

    pub(crate) fn from_core(value: Value) -> Self {
        let (r#type, data) = match value {
            Value::Bool(b) => (motive_value_type::Bool, motive_value_data { boolean: b }),
            Value::Number(n) => (motive_value_type::Number, motive_value_data { number: n }),
            Value::Entity(e) => (
                motive_value_type::Entity,
                motive_value_data { entity: e.into() },
            ),
            Value::Position(p) => (
                motive_value_type::Position,
                motive_value_data { position: p.into() },
            ),
        };
        motive_value {
            r#type: r#type as u32,
            data,
        }
    }
}

/// Writes the fact `attribute = *value` about a live entity, stamped with the world's time.
/// The value's type must be the attribute's (`MOTIVE_STATUS_TYPE_MISMATCH` otherwise), numbers
/// and positions finite, entity references null or live in this world. On any error the
/// entity's facts are unchanged.
///
/// # Safety
/// `world` must be NULL or live; `value` NULL or a readable `motive_value`.
#[no_mangle]
pub unsafe extern "C" fn motive_entity_set_fact(
    world: *mut motive_world,
    entity: motive_entity,
    attribute: motive_attribute,
    value: *const motive_value,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        write_value(world, value, |w, value| {
            w.set_fact(entity.into(), AttributeId(attribute), value)
        })
    }
}

/// Reads `*value` and hands it to `write` on `world`: a typed value written by the caller.
///
/// # Safety
/// `world` must be NULL or live; `value` NULL or a readable `motive_value`.
pub(crate) unsafe fn write_value(
    world: *mut motive_world,
    value: *const motive_value,
    write: impl FnOnce(&mut crate::core::World, Value) -> crate::core::Result<()>,
) -> motive_status {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let value = unsafe { borrow(value, "value") }?.to_core()?;
        // SAFETY: as above.
        unsafe { with_world(world, |w| Ok(write(w, value)?)) }
    })
}

/// Writes the value `read` finds on `world` into `*out_value`.
///
/// # Safety
/// `world` must be NULL or live; `out_value` NULL or writable.
pub(crate) unsafe fn read_value(
    world: *const motive_world,
    out_value: *mut motive_value,
    read: impl FnOnce(&crate::core::World) -> crate::core::Result<Value>,
) -> motive_status {
    // SAFETY: forwarded from this function's contract.
    unsafe {
        query(world, out_value, "out_value", |w| {
            Ok(motive_value::from_core(read(w)?))
        })
    }
}

/// Reads the fact about a live entity for `attribute` into `*out_value`;
/// `MOTIVE_STATUS_NOT_FOUND` when none was written.
///
/// # Safety
/// `world` must be NULL or live; `out_value` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_entity_get_fact(
    world: *const motive_world,
    entity: motive_entity,
    attribute: motive_attribute,
    out_value: *mut motive_value,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        read_value(world, out_value, |w| {
            Ok(w.fact(entity.into(), AttributeId(attribute))?.value)
        })
    }
}
