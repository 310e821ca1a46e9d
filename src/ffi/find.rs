//! Finding the smart objects that supply an action near a point, through the C ABI.

use super::actions::motive_action_id;
use super::handles::{motive_entity, motive_npc};
use super::status::motive_status;
use super::vec3::motive_vec3;
use super::world::{list_query_writing, motive_world};
use crate::core::model::action::ActionId;
use crate::core::Entity;

/// An entity found by `motive_world_find_suppliers`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_found {
    /// The entity (usually a smart object).
    pub entity: motive_entity,
    /// Its distance from the query's centre.
    pub distance: f64,
}

/// Copies the entities within `range` (≥ 0; infinite for all) of `center` whose archetype
/// supplies `action` into `buffer`, nearest first (equal distances in handle-index order), like
/// `motive_entity_slots`: `*out_count` receives how many there are even when the buffer is
/// too small. With a non-null `user` (a live NPC spawned from an archetype) only those that
/// can serve it now, as its planners see them: objects with no slot that admits it and is
/// open to its priority are left out. Answered through the world's spatial index when it is
/// fresh (`motive_world_refresh_spatial_index`, or the last tick), by a scan otherwise; exact
/// either way. `MOTIVE_STATUS_NOT_FOUND` for an unknown action; `INVALID_ARGUMENT` for a
/// centre that is not finite or a range that is NaN or negative.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_find_suppliers(
    world: *mut motive_world,
    action: motive_action_id,
    center: motive_vec3,
    range: f64,
    user: motive_npc,
    buffer: *mut motive_found,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query_writing(world, buffer, capacity, out_count, |w, list| {
            let user: Entity = user.into();
            let user = (!user.is_null()).then_some(user);
            let found = w.find_suppliers(ActionId(action), center.into(), range, user)?;
            list.fill(found.iter().map(|f| motive_found {
                entity: f.entity.into(),
                distance: f.distance,
            }))
        })
    }
}
