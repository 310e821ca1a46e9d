//! Goal definitions through the C ABI: what a drive wants of one entity.

use std::ffi::c_char;

use super::conditions::{motive_condition, motive_role, read_condition};
use super::curve::motive_curve;
use super::domain::{define, edit, find, motive_attribute, motive_domain, motive_domain_builder};
use super::enum_codes::{c_enum, decode};
use super::guard::FfiResult;
use super::pointers::borrow;
use super::status::motive_status;
use crate::core::model::effect::Change;
use crate::core::model::goal::{GoalCondition, GoalId};
use crate::core::AttributeId;

/// Dense id of a goal definition in its domain (0, 1, 2, … in definition order).
pub type motive_goal_id = u32;

/// How a fact changes. A goal condition names the direction that makes progress: only
/// `INCREASE` and `DECREASE` are accepted there.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_change {
    /// The value goes up.
    Increase = 0,
    /// The value goes down.
    Decrease = 1,
    /// The value changes in any way.
    Change = 2,
    /// The entity stops existing.
    Ended = 3,
}

c_enum!(motive_change => Change {
    Increase => Change::Increase,
    Decrease => Change::Decrease,
    Change => Change::Change,
    Ended => Change::Ended,
});

/// One condition of a goal: a number fact of the NPC (`MOTIVE_ROLE_CONSUMER`) or of the goal's
/// subject (`MOTIVE_ROLE_SUPPLIER`), the change that makes progress, and the curve from its
/// value to completeness. A goal's completeness is the mean over its conditions.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct motive_goal_condition {
    /// A `motive_role`: consumer or supplier.
    pub role: u32,
    /// A number attribute.
    pub attribute: motive_attribute,
    /// A `motive_change`: `MOTIVE_CHANGE_INCREASE` or `MOTIVE_CHANGE_DECREASE`.
    pub change: u32,
    /// Value to completeness, e.g. `motive_curve_inverse_linear(30.0)`.
    pub curve: motive_curve,
}

impl motive_goal_condition {
    /// The core goal condition, not yet checked against a domain.
    ///
    /// # Safety
    /// The curve must satisfy [`motive_curve::to_core`].
    unsafe fn to_core(self) -> FfiResult<GoalCondition> {
        Ok(GoalCondition {
            role: decode::<motive_role>(self.role, "role")?.into(),
            attribute: AttributeId(self.attribute),
            change: decode::<motive_change>(self.change, "change")?.into(),
            // SAFETY: forwarded from this function's contract.
            curve: unsafe { self.curve.to_core() }.map_err(|e| e.context("curve"))?,
        })
    }
}

/// Defines a goal called `name` (an identifier, as for attributes) of `weight` (> 0, at most
/// `MOTIVE_MAX_WEIGHT`) and writes its id to `*out_goal`. Add at least one condition before building.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_goal` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_goal(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    weight: f64,
    out_goal: *mut motive_goal_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_goal, "out_goal", |b, name| {
            Ok(b.add_goal(name, weight)?.0)
        })
    }
}

/// Adds `*condition` to `goal`.
///
/// # Safety
/// `builder` must be NULL or live; `condition` NULL or readable, with a piecewise-linear
/// curve's `points` readable for `point_count` points.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_goal_condition(
    builder: *mut motive_domain_builder,
    goal: motive_goal_id,
    condition: *const motive_goal_condition,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let condition = borrow(condition, "condition")?
                .to_core()
                .map_err(|e| e.context("condition"))?;
            Ok(b.add_goal_condition(GoalId(goal), condition)?)
        })
    }
}

/// Adds a removal trigger to `goal`: the goal is dropped when `*condition` holds (roles:
/// consumer and supplier, the goal's subject). A goal with none is never removed, except when
/// its subject is forgotten.
///
/// # Safety
/// `builder` must be NULL or live; `condition` NULL or readable, with a piecewise-linear
/// score curve's `points` readable for `point_count` points.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_goal_removal(
    builder: *mut motive_domain_builder,
    goal: motive_goal_id,
    condition: *const motive_condition,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let condition = read_condition(condition, "condition")?;
            Ok(b.add_goal_removal(GoalId(goal), condition)?)
        })
    }
}

/// Looks up the goal called `name` and writes its id to `*out_goal`; `MOTIVE_STATUS_NOT_FOUND`
/// when there is none. Thread-safe.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_goal` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_goal(
    domain: *const motive_domain,
    name: *const c_char,
    out_goal: *mut motive_goal_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(domain, name, out_goal, "out_goal", "goal", |d, name| {
            d.goals().find(name)
        })
    }
}
