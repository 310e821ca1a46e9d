//! Archetype definitions through the C ABI: what an NPC or smart object supplies, consumes,
//! wants, when it dies and how it thinks.

use std::ffi::c_char;

use super::actions::motive_action_id;
use super::conditions::{motive_condition, read_condition};
use super::domain::{define, edit, find, motive_attribute, motive_domain, motive_domain_builder};
use super::drives::motive_drive_id;
use super::enum_codes::{c_enum, decode};
use super::pointers::read_def;
use super::status::motive_status;
use super::think_settings::motive_think_settings;
use crate::core::model::action::ActionId;
use crate::core::model::archetype::{ArchetypeId, Need, TopLevel};
use crate::core::model::drive::DriveId;
use crate::core::AttributeId;

/// Dense id of an archetype in its domain (0, 1, 2, … in definition order).
pub type motive_archetype_id = u32;

/// How an archetype's NPCs turn their drives' satisfactions into one utility.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_top_level_kind {
    /// The normalised weighted sum of drive satisfactions. The default.
    Linear = 0,
    /// Linear, but 0 whenever the veto drive's satisfaction is 0 (`linear_with_bad_death`).
    LinearWithBadDeath = 1,
}

c_enum!(motive_top_level_kind {
    Linear,
    LinearWithBadDeath
});

/// Defines an archetype called `name` (an identifier) that supplies and consumes nothing and
/// has no drives, and writes its id to `*out_archetype`. `MOTIVE_STATUS_INVALID_ARGUMENT` past
/// `MOTIVE_MAX_ARCHETYPES` archetypes.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_archetype` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_archetype(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    out_archetype: *mut motive_archetype_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_archetype, "out_archetype", |b, name| {
            Ok(b.add_archetype(name)?.0)
        })
    }
}

/// Lets `archetype`'s entities supply `action` to consumers (a potion supplies `drink`).
/// Adding it twice adds it once.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_supplied_action(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    action: motive_action_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.add_supplied_action(ArchetypeId(archetype), ActionId(action))?)
        })
    }
}

/// Lets `archetype`'s NPCs consume (perform) `action`. Adding it twice adds it once.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_consumed_action(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    action: motive_action_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.add_consumed_action(ArchetypeId(archetype), ActionId(action))?)
        })
    }
}

/// Gives `archetype`'s NPCs the internal drive `drive`, after those added before. Adding it
/// twice adds it once.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_internal_drive(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    drive: motive_drive_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.add_internal_drive(ArchetypeId(archetype), DriveId(drive))?)
        })
    }
}

/// Sets `archetype`'s top-level utility: `kind` is a `motive_top_level_kind`; `veto` is read
/// only for `MOTIVE_TOP_LEVEL_KIND_LINEAR_WITH_BAD_DEATH` and must already be one of the
/// archetype's internal drives (`MOTIVE_STATUS_INVALID_ARGUMENT` otherwise).
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_top_level(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    kind: u32,
    veto: motive_drive_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let top_level = match decode::<motive_top_level_kind>(kind, "kind")? {
                motive_top_level_kind::Linear => TopLevel::Linear,
                motive_top_level_kind::LinearWithBadDeath => TopLevel::LinearWithBadDeath {
                    veto: DriveId(veto),
                },
            };
            Ok(b.set_top_level(ArchetypeId(archetype), top_level)?)
        })
    }
}

/// Adds the death condition `*condition` to `archetype` (role: consumer only): the NPC is dead
/// when any of its death conditions holds.
///
/// # Safety
/// `builder` must be NULL or live; `condition` NULL or readable, with a piecewise-linear
/// score curve's `points` readable for `point_count` points.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_death_condition(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    condition: *const motive_condition,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let condition = read_condition(condition, "condition")?;
            Ok(b.add_death_condition(ArchetypeId(archetype), condition)?)
        })
    }
}

/// Adds a need to `archetype`: its NPCs' number attribute `attribute` falls by `rate` (finite,
/// ≥ 0) per second of world time, clamped to the attribute's range.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_need(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    attribute: motive_attribute,
    rate: f64,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let need = Need {
                attribute: AttributeId(attribute),
                rate,
            };
            Ok(b.add_need(ArchetypeId(archetype), need)?)
        })
    }
}

/// Sets how `archetype`'s NPCs think and plan, from `*settings` (from
/// `motive_think_settings_default()`; its `struct_size` and every field are checked).
///
/// # Safety
/// `builder` must be NULL or live; `settings` NULL or a valid `motive_think_settings`.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_think_settings(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    settings: *const motive_think_settings,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let settings = read_def(settings, "settings")?;
            Ok(b.set_think_settings(ArchetypeId(archetype), settings.into())?)
        })
    }
}

/// Looks up the archetype called `name` and writes its id to `*out_archetype`;
/// `MOTIVE_STATUS_NOT_FOUND` when there is none. Thread-safe.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_archetype` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_archetype(
    domain: *const motive_domain,
    name: *const c_char,
    out_archetype: *mut motive_archetype_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(
            domain,
            name,
            out_archetype,
            "out_archetype",
            "archetype",
            |d, name| d.archetypes().find(name),
        )
    }
}
