//! Entity handles as C value structs, and their `uint64_t` packing.
//!
//! `motive_entity`, `motive_npc` and `motive_object` share one layout (`{index1, generation,
//! world}`, 8 bytes, all zero = null) but are distinct C types, so passing an object where an
//! NPC is expected is a compile error in C and C++. Every world call checks the handle's world,
//! slot, generation and kind.

use super::guard::guard_value;
use crate::core::Entity;

/// A handle to any entity (NPC or smart object) of one world. All zero is the null handle.
/// Plain value: copy it freely; it never owns anything.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct motive_entity {
    /// Slot index plus one; 0 only in the null handle.
    pub index1: u32,
    /// Slot generation when the entity was created.
    pub generation: u16,
    /// Serial of the world that issued the handle.
    pub world: u16,
}

/// A handle to an NPC. Same layout and rules as `motive_entity`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct motive_npc {
    /// Slot index plus one; 0 only in the null handle.
    pub index1: u32,
    /// Slot generation when the NPC was created.
    pub generation: u16,
    /// Serial of the world that issued the handle.
    pub world: u16,
}

/// A handle to a smart object. Same layout and rules as `motive_entity`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct motive_object {
    /// Slot index plus one; 0 only in the null handle.
    pub index1: u32,
    /// Slot generation when the object was created.
    pub generation: u16,
    /// Serial of the world that issued the handle.
    pub world: u16,
}

/// A handle to a behaviour-tree group (`motive_world_create_bt_group`): no body, but the same
/// layout and checks as `motive_entity`, over the world's groups.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct motive_bt_group {
    /// Slot index plus one; 0 only in the null handle.
    pub index1: u32,
    /// Slot generation when the group was created.
    pub generation: u16,
    /// Serial of the world that issued the handle.
    pub world: u16,
}

/// A handle to a squad (`motive_squad_create`): an entity without a body that commands its
/// members. Same layout and rules as `motive_entity`; `motive_squad_entity` gives the entity
/// handle its facts (the squad's shared blackboard) are read and written with.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct motive_squad {
    /// Slot index plus one; 0 only in the null handle.
    pub index1: u32,
    /// Slot generation when the squad was created.
    pub generation: u16,
    /// Serial of the world that issued the handle.
    pub world: u16,
}

macro_rules! entity_layout {
    ($($handle:ident),*) => {$(
        impl From<$handle> for Entity {
            fn from(h: $handle) -> Self {
                Entity { index1: h.index1, generation: h.generation, world: h.world }
            }
        }
        impl From<Entity> for $handle {
            fn from(e: Entity) -> Self {
                $handle { index1: e.index1, generation: e.generation, world: e.world }
            }
        }
    )*};
}
entity_layout!(
    motive_entity,
    motive_npc,
    motive_object,
    motive_bt_group,
    motive_squad
);

/// Converts between handle types of the same layout, behind the firewall.
fn convert<A: Into<Entity>, B: From<Entity>>(handle: A) -> B {
    guard_value(Entity::NULL.into(), || handle.into().into())
}

/// The entity handle of an NPC (for facts, positions and targets). Never fails.
#[no_mangle]
pub extern "C" fn motive_npc_entity(npc: motive_npc) -> motive_entity {
    convert(npc)
}

/// The entity handle of a smart object. Never fails.
#[no_mangle]
pub extern "C" fn motive_object_entity(object: motive_object) -> motive_entity {
    convert(object)
}

/// The entity handle of a squad (for its facts). Never fails.
#[no_mangle]
pub extern "C" fn motive_squad_entity(squad: motive_squad) -> motive_entity {
    convert(squad)
}

/// Reinterprets an entity handle as a squad handle without checking its kind; the next call
/// that uses it checks. Never fails.
#[no_mangle]
pub extern "C" fn motive_entity_as_squad(entity: motive_entity) -> motive_squad {
    convert(entity)
}

/// Reinterprets an entity handle as an NPC handle without checking its kind; the next call
/// that uses it checks (see `motive_entity_get_kind`). Never fails.
#[no_mangle]
pub extern "C" fn motive_entity_as_npc(entity: motive_entity) -> motive_npc {
    convert(entity)
}

/// Reinterprets an entity handle as a smart-object handle without checking its kind; the
/// next call that uses it checks. Never fails.
#[no_mangle]
pub extern "C" fn motive_entity_as_object(entity: motive_entity) -> motive_object {
    convert(entity)
}

/// Packs a handle into a `uint64_t` (bits 0–31 index1, 32–47 generation, 48–63 world; null
/// is 0), for engine components and save files. `motive_entity_from_u64` reverses it.
#[no_mangle]
pub extern "C" fn motive_entity_to_u64(entity: motive_entity) -> u64 {
    guard_value(0, || Entity::from(entity).to_bits())
}

/// Unpacks a value made by `motive_entity_to_u64`. Any value unpacks; validity is checked
/// when the handle is used.
#[no_mangle]
pub extern "C" fn motive_entity_from_u64(bits: u64) -> motive_entity {
    convert(Entity::from_bits(bits))
}

/// Packs an NPC handle into a `uint64_t` (same layout as `motive_entity_to_u64`).
#[no_mangle]
pub extern "C" fn motive_npc_to_u64(npc: motive_npc) -> u64 {
    guard_value(0, || Entity::from(npc).to_bits())
}

/// Unpacks a value made by `motive_npc_to_u64`.
#[no_mangle]
pub extern "C" fn motive_npc_from_u64(bits: u64) -> motive_npc {
    convert(Entity::from_bits(bits))
}

/// Packs a smart-object handle into a `uint64_t` (same layout as `motive_entity_to_u64`).
#[no_mangle]
pub extern "C" fn motive_object_to_u64(object: motive_object) -> u64 {
    guard_value(0, || Entity::from(object).to_bits())
}

/// Unpacks a value made by `motive_object_to_u64`.
#[no_mangle]
pub extern "C" fn motive_object_from_u64(bits: u64) -> motive_object {
    convert(Entity::from_bits(bits))
}
