//! Creating, destroying, checking and moving NPCs and smart objects.

use super::defs::{motive_npc_def, motive_object_def};
use super::guard::{guard, guard_value, FfiResult};
use super::handles::{motive_entity, motive_npc, motive_object};
use super::pointers::{borrow, out, read_def};
use super::status::motive_status;
use super::vec3::motive_vec3;
use super::world::{motive_world, query, with_world};
use crate::core::{Entity, EntityKind};

/// Kind of an entity, as `motive_entity_get_kind` reports it.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_entity_kind {
    /// A non-player character.
    Npc = 1,
    /// A smart object.
    Object = 2,
    /// A squad: no body, commands its members (`motive_squad_create`).
    Squad = 3,
}

/// Creates an entity of `kind` at the position its definition gives and writes its handle.
///
/// # Safety
/// `world` must be NULL or live.
unsafe fn create<H: From<Entity>>(
    world: *mut motive_world,
    kind: EntityKind,
    position: impl FnOnce() -> FfiResult<motive_vec3>,
    out_handle: *mut H,
    out_name: &str,
) -> motive_status {
    guard(|| {
        let position = position()?;
        let out_handle = out(out_handle, out_name)?;
        // SAFETY: forwarded from this function's contract.
        let entity = unsafe { with_world(world, |w| Ok(w.create(kind, position.into())?)) }?;
        out_handle.write(entity.into());
        Ok(())
    })
}

/// Destroys a live entity of `kind`.
///
/// # Safety
/// `world` must be NULL or live.
unsafe fn destroy(world: *mut motive_world, entity: Entity, kind: EntityKind) -> motive_status {
    // SAFETY: forwarded from this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.destroy(entity, kind)?)) })
}

/// Whether `entity` is live in `world` and of `kind`; false for NULL or poisoned worlds. It
/// only reads, so it answers while a tick is open too (it said false for every live entity
/// then, and an engine checking its NPCs between `motive_world_tick_begin` and
/// `motive_world_tick_end` took them for gone); from inside one of the world's callbacks, which
/// cannot read the world, false.
///
/// # Safety
/// `world` must be NULL or live.
pub(crate) unsafe fn is_valid(
    world: *const motive_world,
    entity: Entity,
    kind: EntityKind,
) -> bool {
    // SAFETY: forwarded from this function's contract.
    guard_value(false, || unsafe {
        borrow(world, "world")
            .and_then(|w| w.enter_shared(|w| Ok(w.is_live(entity, kind))))
            .unwrap_or(false)
    })
}

/// Creates an NPC as `def` describes (from `motive_npc_def_default()`) and writes its handle to
/// `*out_npc`.
///
/// # Safety
/// `world` must be NULL or live; `def` NULL or a valid definition; `out_npc` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_create(
    world: *mut motive_world,
    def: *const motive_npc_def,
    out_npc: *mut motive_npc,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    let position = || unsafe { read_def(def, "def") }.map(|d| d.position);
    // SAFETY: as above.
    unsafe { create(world, EntityKind::Npc, position, out_npc, "out_npc") }
}

/// Destroys an NPC; its handle (and every copy) becomes stale. A stale, foreign or non-NPC
/// handle is an error and changes nothing.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_destroy(
    world: *mut motive_world,
    npc: motive_npc,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe { destroy(world, npc.into(), EntityKind::Npc) }
}

/// True when `npc` names a live NPC of `world`. False for null, stale, foreign or non-NPC
/// handles, for a NULL or poisoned world, and from inside one of the world's callbacks. It
/// answers while a tick is open (between `motive_world_tick_begin` and
/// `motive_world_tick_end`), from any thread.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_is_valid(world: *const motive_world, npc: motive_npc) -> bool {
    // SAFETY: pointer validity is this function's contract.
    unsafe { is_valid(world, npc.into(), EntityKind::Npc) }
}

/// Creates a smart object as `def` describes (from `motive_object_def_default()`) and writes its
/// handle to `*out_object`.
///
/// # Safety
/// `world` must be NULL or live; `def` NULL or a valid definition; `out_object` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_object_create(
    world: *mut motive_world,
    def: *const motive_object_def,
    out_object: *mut motive_object,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    let position = || unsafe { read_def(def, "def") }.map(|d| d.position);
    // SAFETY: as above.
    unsafe {
        create(
            world,
            EntityKind::Object,
            position,
            out_object,
            "out_object",
        )
    }
}

/// Destroys a smart object; its handle becomes stale. A stale, foreign or non-object handle is
/// an error and changes nothing.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_object_destroy(
    world: *mut motive_world,
    object: motive_object,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe { destroy(world, object.into(), EntityKind::Object) }
}

/// True when `object` names a live smart object of `world`; false otherwise (as
/// `motive_npc_is_valid`).
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_object_is_valid(
    world: *const motive_world,
    object: motive_object,
) -> bool {
    // SAFETY: pointer validity is this function's contract.
    unsafe { is_valid(world, object.into(), EntityKind::Object) }
}

/// Writes the kind of a live entity to `*out_kind` (a `motive_entity_kind`).
///
/// # Safety
/// `world` must be NULL or live; `out_kind` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_entity_get_kind(
    world: *const motive_world,
    entity: motive_entity,
    out_kind: *mut motive_entity_kind,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_kind, "out_kind", |w| {
            Ok(match w.kind(entity.into())? {
                EntityKind::Npc => motive_entity_kind::Npc,
                EntityKind::Object => motive_entity_kind::Object,
                EntityKind::Squad => motive_entity_kind::Squad,
            })
        })
    }
}

/// Writes where a live entity is to `*out_position`.
///
/// # Safety
/// `world` must be NULL or live; `out_position` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_entity_position(
    world: *const motive_world,
    entity: motive_entity,
    out_position: *mut motive_vec3,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_position, "out_position", |w| {
            w.position(entity.into()).map(Into::into)
        })
    }
}

/// Moves a live entity to `position` (finite, else `MOTIVE_STATUS_INVALID_ARGUMENT` and no
/// change). The engine calls this as its bodies move.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_entity_set_position(
    world: *mut motive_world,
    entity: motive_entity,
    position: motive_vec3,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe {
        with_world(world, |w| {
            Ok(w.set_position(entity.into(), position.into())?)
        })
    })
}
