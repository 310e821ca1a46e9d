//! Action definitions through the C ABI: what smart objects supply and NPCs consume.

use std::ffi::c_char;

use super::conditions::{motive_condition, read_condition};
use super::domain::{define, edit, find, motive_attribute, motive_domain, motive_domain_builder};
use super::effects::{motive_effect, read_effect};
use super::enum_codes::{c_enum, decode};
use super::guard::guard_value;
use super::pointers::read_def;
use super::status::motive_status;
use super::world_effects::motive_world_effect_id;
use crate::core::model::action::{ActionDuration, ActionId, ExecutionHints, Planning};
use crate::core::model::world_effect::WorldEffectId;
use crate::core::AttributeId;

/// Dense id of an action definition in its domain (0, 1, 2, … in definition order).
pub type motive_action_id = u32;

/// How long an action runs once started.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_duration_kind {
    /// The engine performs it and reports when it finished; effects apply on success. The
    /// default.
    Engine = 0,
    /// Runs a number of seconds of world time; adds and subtracts accrue while it runs, the
    /// rest applies at the end.
    Seconds = 1,
    /// Runs until the consumer's attribute (which needs a range) reaches its maximum; amounts
    /// are then per second.
    UntilFull = 2,
}

c_enum!(motive_duration_kind {
    Engine,
    Seconds,
    UntilFull
});

/// Defines an action called `name` (an identifier), with no preconditions or effects and
/// performed by the engine, and writes its id to `*out_action`.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_action` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_action(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    out_action: *mut motive_action_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_action, "out_action", |b, name| {
            Ok(b.add_action(name)?.0)
        })
    }
}

/// Adds the precondition `*condition` to `action` (roles: consumer and supplier). Its key, the
/// change that would satisfy it, is derived from the test.
///
/// # Safety
/// `builder` must be NULL or live; `condition` NULL or readable, with a piecewise-linear
/// score curve's `points` readable for `point_count` points.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_precondition(
    builder: *mut motive_domain_builder,
    action: motive_action_id,
    condition: *const motive_condition,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let condition = read_condition(condition, "condition")?;
            Ok(b.add_precondition(ActionId(action), condition)?)
        })
    }
}

/// Adds the effect `*effect` to `action` (roles: consumer and supplier); effects apply in the
/// order added.
///
/// # Safety
/// `builder` must be NULL or live; `effect` NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_effect(
    builder: *mut motive_domain_builder,
    action: motive_action_id,
    effect: *const motive_effect,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let effect = read_effect(effect, "effect")?;
            Ok(b.add_effect(ActionId(action), effect)?)
        })
    }
}

/// Makes `action` check `world_effect` after it is simulated (adding it twice adds it once).
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_action_world_effect(
    builder: *mut motive_domain_builder,
    action: motive_action_id,
    world_effect: motive_world_effect_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.add_action_world_effect(ActionId(action), WorldEffectId(world_effect))?)
        })
    }
}

/// Sets how long `action` runs: `kind` is a `motive_duration_kind`; `seconds` (finite, > 0) is
/// read only for `MOTIVE_DURATION_KIND_SECONDS`, and `until_full` (a number attribute with a
/// range) only for `MOTIVE_DURATION_KIND_UNTIL_FULL`.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_action_duration(
    builder: *mut motive_domain_builder,
    action: motive_action_id,
    kind: u32,
    seconds: f64,
    until_full: motive_attribute,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let duration = match decode::<motive_duration_kind>(kind, "kind")? {
                motive_duration_kind::Engine => ActionDuration::Engine,
                motive_duration_kind::Seconds => ActionDuration::Seconds(seconds),
                motive_duration_kind::UntilFull => {
                    ActionDuration::UntilFull(AttributeId(until_full))
                }
            };
            Ok(b.set_action_duration(ActionId(action), duration)?)
        })
    }
}

/// Sets the seconds after its request at which `action`, when the engine ends it, fails
/// unreported with `MOTIVE_EVENT_KIND_ACTION_TIMED_OUT`: finite and > 0, or infinite for
/// never. Without it the world's timeout applies (`motive_world_set_engine_action_timeout`).
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_action_timeout(
    builder: *mut motive_domain_builder,
    action: motive_action_id,
    seconds: f64,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.set_action_timeout(ActionId(action), seconds)?)
        })
    }
}

/// Sets how the engine should perform `action` at its target: keep `stand_off` (finite, ≥ 0)
/// engine units away, and play `animation`, an engine-defined id motive passes through.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_action_hints(
    builder: *mut motive_domain_builder,
    action: motive_action_id,
    stand_off: f64,
    animation: u32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let hints = ExecutionHints {
                stand_off,
                animation,
                ..ExecutionHints::default()
            };
            Ok(b.set_action_hints(ActionId(action), hints)?)
        })
    }
}

/// How the GOAP planner prices and checks an action (UDGOAP ranks plans by utility and ignores
/// it). Get one from `motive_action_planning_default()`, then change fields;
/// `motive_domain_builder_set_action_planning` checks it.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_action_planning {
    /// `sizeof(motive_action_planning)`, set by `motive_action_planning_default()`; checked on
    /// use.
    pub struct_size: u32,
    /// Cost of one use, 1 to `MOTIVE_MAX_COST` (lower is preferred; ≥ 1 keeps the planner's
    /// heuristic admissible, so its plans are the cheapest). Default 1.
    pub cost: f64,
    /// Cost added per engine unit of distance from the NPC to the target, 0 to `MOTIVE_MAX_COST`
    /// (nearer food is cheaper). Default 0. `motive_domain_builder_set_action_distance_curve`
    /// adds a bounded cost of distance on top.
    pub cost_per_distance: f64,
    /// Ask the world's context callback (`motive_world_set_context_callback`) before using the
    /// action on a target; with no callback set the action is usable. Default false.
    pub engine_check: bool,
}

/// `motive_action_planning` as it is read from C: the same layout with `engine_check` as its
/// byte, so that any byte a caller stored there is sound to read (non-zero is true).
#[repr(C)]
#[derive(Clone, Copy)]
struct PlanningBytes {
    struct_size: u32,
    cost: f64,
    cost_per_distance: f64,
    engine_check: u8,
}

const _: () = {
    use std::mem::{offset_of, size_of};
    assert!(size_of::<PlanningBytes>() == size_of::<motive_action_planning>());
    assert!(
        offset_of!(PlanningBytes, engine_check) == offset_of!(motive_action_planning, engine_check)
    );
    assert!(offset_of!(PlanningBytes, cost) == offset_of!(motive_action_planning, cost));
    assert!(
        offset_of!(PlanningBytes, cost_per_distance)
            == offset_of!(motive_action_planning, cost_per_distance)
    );
};

/// Planning settings with every field at its default. Thread-safe.
#[no_mangle]
pub extern "C" fn motive_action_planning_default() -> motive_action_planning {
    let core = Planning::default();
    let planning = motive_action_planning {
        struct_size: size_of::<motive_action_planning>() as u32,
        cost: core.cost,
        cost_per_distance: core.cost_per_distance,
        engine_check: core.engine_check,
    };
    guard_value(planning, || planning)
}

/// Sets how the GOAP planner prices and checks `action`, from `*planning` (from
/// `motive_action_planning_default()`; its `struct_size` and every field are checked).
///
/// # Safety
/// `builder` must be NULL or live; `planning` NULL or a valid `motive_action_planning`.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_action_planning(
    builder: *mut motive_domain_builder,
    action: motive_action_id,
    planning: *const motive_action_planning,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let bytes = read_def(planning.cast::<PlanningBytes>(), "planning")?;
            let planning = Planning {
                cost: bytes.cost,
                cost_per_distance: bytes.cost_per_distance,
                engine_check: bytes.engine_check != 0,
            };
            Ok(b.set_action_planning(ActionId(action), planning)?)
        })
    }
}

/// Looks up the action called `name` and writes its id to `*out_action`;
/// `MOTIVE_STATUS_NOT_FOUND` when there is none. Thread-safe.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_action` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_action(
    domain: *const motive_domain,
    name: *const c_char,
    out_action: *mut motive_action_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(
            domain,
            name,
            out_action,
            "out_action",
            "action",
            |d, name| d.actions().find(name),
        )
    }
}
