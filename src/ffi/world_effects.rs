//! World-effect definitions through the C ABI: how the world reacts to a simulated action.

use std::ffi::c_char;

use super::conditions::{motive_condition, read_condition};
use super::domain::{define, edit, find, motive_domain, motive_domain_builder};
use super::effects::{motive_effect, read_effect};
use super::status::motive_status;
use crate::core::model::world_effect::WorldEffectId;

/// Dense id of a world-effect generator in its domain (0, 1, 2, … in definition order).
pub type motive_world_effect_id = u32;

/// Defines a world-effect generator called `name` (an identifier) and writes its id to
/// `*out_world_effect`. After an action that checks it is simulated, every other known entity
/// within `within` (finite, ≥ 0) of the consumer for which all its filters hold plays
/// `MOTIVE_ROLE_OTHER` in its effects (`nearby_enemy_damage`).
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_world_effect` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_world_effect(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    within: f64,
    out_world_effect: *mut motive_world_effect_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(
            builder,
            name,
            out_world_effect,
            "out_world_effect",
            |b, name| Ok(b.add_world_effect(name, within)?.0),
        )
    }
}

/// Adds the filter `*condition` to `world_effect` (roles: consumer, supplier, other).
///
/// # Safety
/// `builder` must be NULL or live; `condition` NULL or readable, with a piecewise-linear
/// score curve's `points` readable for `point_count` points.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_world_effect_filter(
    builder: *mut motive_domain_builder,
    world_effect: motive_world_effect_id,
    condition: *const motive_condition,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let condition = read_condition(condition, "condition")?;
            Ok(b.add_world_effect_filter(WorldEffectId(world_effect), condition)?)
        })
    }
}

/// Adds the effect `*effect` to `world_effect` (roles: consumer, supplier, other).
///
/// # Safety
/// `builder` must be NULL or live; `effect` NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_world_effect_effect(
    builder: *mut motive_domain_builder,
    world_effect: motive_world_effect_id,
    effect: *const motive_effect,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let effect = read_effect(effect, "effect")?;
            Ok(b.add_world_effect_effect(WorldEffectId(world_effect), effect)?)
        })
    }
}

/// Looks up the world-effect generator called `name` and writes its id to
/// `*out_world_effect`; `MOTIVE_STATUS_NOT_FOUND` when there is none. Thread-safe.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_world_effect` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_world_effect(
    domain: *const motive_domain,
    name: *const c_char,
    out_world_effect: *mut motive_world_effect_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(
            domain,
            name,
            out_world_effect,
            "out_world_effect",
            "world effect",
            |d, name| d.world_effects().find(name),
        )
    }
}
