//! A behaviour-tree NPC's blackboard through the C ABI: typed entries the engine writes (a
//! target for an action leaf's `target` key, a place to guard) and reads back, beside the flags
//! trees write.

use super::domain::motive_attribute;
use super::facts::{motive_value, read_value, write_value};
use super::guard::guard;
use super::handles::motive_npc;
use super::status::motive_status;
use super::world::{motive_world, with_world};
use crate::core::AttributeId;

/// Writes `attribute = *value` on `npc`'s blackboard (a behaviour-tree NPC's), stamped with the
/// world's time. The value's type must be the attribute's (`MOTIVE_STATUS_TYPE_MISMATCH`
/// otherwise), numbers and positions finite, entity references null or live in this world. On
/// any error the blackboard is unchanged. A blackboard holds one entry per attribute.
///
/// # Safety
/// `world` must be NULL or live; `value` NULL or a readable `motive_value`.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_bt_set_blackboard(
    world: *mut motive_world,
    npc: motive_npc,
    attribute: motive_attribute,
    value: *const motive_value,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        write_value(world, value, |w, value| {
            w.set_bt_blackboard(npc.into(), AttributeId(attribute), value)
        })
    }
}

/// Reads the entry for `attribute` on `npc`'s blackboard into `*out_value`;
/// `MOTIVE_STATUS_NOT_FOUND` when it has none.
///
/// # Safety
/// `world` must be NULL or live; `out_value` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_bt_get_blackboard(
    world: *const motive_world,
    npc: motive_npc,
    attribute: motive_attribute,
    out_value: *mut motive_value,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        read_value(world, out_value, |w| {
            Ok(w.bt_blackboard(npc.into(), AttributeId(attribute))?.value)
        })
    }
}

/// Removes the entry for `attribute` from `npc`'s blackboard, if it has one.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_bt_remove_blackboard(
    world: *mut motive_world,
    npc: motive_npc,
    attribute: motive_attribute,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe {
        with_world(world, |w| {
            Ok(w.remove_bt_blackboard(npc.into(), AttributeId(attribute))?)
        })
    })
}
