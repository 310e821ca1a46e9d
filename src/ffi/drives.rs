//! Drive definitions through the C ABI: lasting wants that generate goals.

use std::ffi::c_char;

use super::conditions::{motive_condition, read_condition, read_conditions};
use super::domain::{define, edit, find, motive_domain, motive_domain_builder};
use super::enum_codes::{c_enum, decode};
use super::goals::motive_goal_id;
use super::status::motive_status;
use crate::core::model::drive::{DriveId, GoalGenerator, TriggerScope};
use crate::core::model::goal::GoalId;

/// Dense id of a drive definition in its domain (0, 1, 2, … in definition order).
pub type motive_drive_id = u32;

/// Which entities a goal generator's trigger tests as the subject of the goal it generates.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_trigger_scope {
    /// The NPC itself (`self_below_max_health`).
    Consumer = 0,
    /// Every other entity the NPC knows (`enemy_spotted`).
    Known = 1,
}

c_enum!(motive_trigger_scope => TriggerScope {
    Consumer => TriggerScope::Consumer,
    Known => TriggerScope::Known,
});

/// Defines a drive called `name` (an identifier) of `weight` (> 0, at most
/// `MOTIVE_MAX_WEIGHT`) and writes its id to `*out_drive`.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_drive` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_drive(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    weight: f64,
    out_drive: *mut motive_drive_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_drive, "out_drive", |b, name| {
            Ok(b.add_drive(name, weight)?.0)
        })
    }
}

/// Adds a trigger-goal pair to `drive`: for each subject in `scope` (a `motive_trigger_scope`)
/// for which all `condition_count` `conditions` hold (roles: consumer, and supplier for the
/// subject; none fires for every subject), the drive gets `goal` bound to that subject.
/// `conditions` may be NULL when `condition_count` is 0.
///
/// # Safety
/// `builder` must be NULL or live; `conditions` NULL or `condition_count` readable conditions,
/// with piecewise-linear score curves' `points` readable for their `point_count` points.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_goal_generator(
    builder: *mut motive_domain_builder,
    drive: motive_drive_id,
    scope: u32,
    conditions: *const motive_condition,
    condition_count: usize,
    goal: motive_goal_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let generator = GoalGenerator {
                scope: decode::<motive_trigger_scope>(scope, "scope")?.into(),
                conditions: read_conditions(conditions, condition_count, "conditions")?,
                goal: GoalId(goal),
            };
            Ok(b.add_goal_generator(DriveId(drive), generator)?)
        })
    }
}

/// Adds a removal trigger to `drive`: the drive and all its goals are dropped when
/// `*condition` holds for the NPC (role: consumer only). For external drives such as orders.
///
/// # Safety
/// `builder` must be NULL or live; `condition` NULL or readable, with a piecewise-linear
/// score curve's `points` readable for `point_count` points.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_drive_removal(
    builder: *mut motive_domain_builder,
    drive: motive_drive_id,
    condition: *const motive_condition,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let condition = read_condition(condition, "condition")?;
            Ok(b.add_drive_removal(DriveId(drive), condition)?)
        })
    }
}

/// Looks up the drive called `name` and writes its id to `*out_drive`;
/// `MOTIVE_STATUS_NOT_FOUND` when there is none. Thread-safe.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_drive` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_drive(
    domain: *const motive_domain,
    name: *const c_char,
    out_drive: *mut motive_drive_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(domain, name, out_drive, "out_drive", "drive", |d, name| {
            d.drives().find(name)
        })
    }
}
