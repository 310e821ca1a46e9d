//! The UBC brain through the C ABI: goals with their utility functions, predefined plans, an
//! archetype's weighted goals and plans, and an NPC's last decision (every plan's best target
//! and the utility it adds).

use std::ffi::c_char;

use super::actions::motive_action_id;
use super::archetypes::motive_archetype_id;
use super::curve::motive_curve;
use super::domain::{define, edit, find, motive_attribute, motive_domain, motive_domain_builder};
use super::enum_codes::{c_enum, decode};
use super::handles::{motive_entity, motive_npc};
use super::minds::MOTIVE_NO_ID;
use super::status::motive_status;
use super::world::{list_query, motive_world, query};
use crate::core::brains::ubc::UbcMind;
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::error::Error;
use crate::core::model::ubc::{Scope, StepTarget, UbcGoalId, UbcPlanId};
use crate::core::AttributeId;

/// Dense id of a UBC goal definition in its domain (0, 1, 2, … in definition order).
pub type motive_ubc_goal_id = u32;

/// Dense id of a predefined plan in its domain (0, 1, 2, … in definition order).
pub type motive_ubc_plan_id = u32;

/// Whose attribute a UBC goal rates.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_ubc_scope {
    /// The NPC's own (its money, its style).
    Own = 0,
    /// Every other entity's (the patients' medication).
    Others = 1,
    /// Both.
    All = 2,
}

c_enum!(motive_ubc_scope => Scope {
    Own => Scope::Own,
    Others => Scope::Others,
    All => Scope::All,
});

/// Where a step of a predefined plan is performed.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_ubc_step_target {
    /// The plan's target: it is rated at the best of the entities supplying this action.
    Target = 0,
    /// The NPC itself.
    Self_ = 1,
    /// The nearest entity supplying the action whose preconditions about it hold now.
    Nearest = 2,
    /// The next step's entity (a walk in front of what is done there).
    Next = 3,
}

c_enum!(motive_ubc_step_target => StepTarget {
    Target => StepTarget::Target,
    Self_ => StepTarget::Own,
    Nearest => StepTarget::Nearest,
    Next => StepTarget::Next,
});

/// How one predefined plan rated at an NPC's last decision.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_ubc_rating {
    /// The plan.
    pub plan: motive_ubc_plan_id,
    /// Its best target; null for a plan without one or when it could not be used.
    pub target: motive_entity,
    /// The weighted utility the plan adds at that target (valid when `usable`).
    pub gain: f64,
    /// False when a step's preconditions failed at every candidate target.
    pub usable: bool,
}

/// The last UBC decision of an NPC.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_ubc_decision {
    /// World time of the decision, in seconds.
    pub time: f64,
    /// The plan performed, or `MOTIVE_NO_ID` when none was.
    pub plan: motive_ubc_plan_id,
    /// Its target (null for a plan without one, or when no plan was performed).
    pub target: motive_entity,
    /// The utility it adds.
    pub gain: f64,
    /// No plan would have raised utility, and the archetype's fallback action (doing
    /// nothing, rated 0) was performed instead.
    pub fallback: bool,
}

/// Defines a UBC goal called `name` rating the number attribute `attribute` of the entities in
/// `scope` (a `motive_ubc_scope`), weighted `weight` (> 0, at most `MOTIVE_MAX_WEIGHT`) unless
/// an archetype says otherwise, through `*curve` (NULL: the value itself, 1 util per unit), and
/// writes its id to `*out_goal`.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `curve` NULL or readable,
/// with a piecewise-linear curve's `points` readable for `point_count` points; `out_goal` NULL
/// or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_ubc_goal(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    attribute: motive_attribute,
    scope: u32,
    weight: f64,
    curve: *const motive_curve,
    out_goal: *mut motive_ubc_goal_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_goal, "out_goal", |b, name| {
            let scope: Scope = decode::<motive_ubc_scope>(scope, "scope")?.into();
            let curve = match curve.is_null() {
                true => None,
                // SAFETY: non-null and readable by this function's contract.
                false => Some((*curve).to_core().map_err(|e| e.context("curve"))?),
            };
            Ok(
                b.add_ubc_goal(name, AttributeId(attribute), scope, weight, curve)?
                    .0,
            )
        })
    }
}

/// Defines an empty predefined plan called `name` and writes its id to `*out_plan`; add its
/// steps next.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_plan` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_ubc_plan(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    out_plan: *mut motive_ubc_plan_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_plan, "out_plan", |b, name| {
            Ok(b.add_ubc_plan(name)?.0)
        })
    }
}

/// Appends a step to `plan`: `action` performed on `on` (a `motive_ubc_step_target`).
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_ubc_plan_step(
    builder: *mut motive_domain_builder,
    plan: motive_ubc_plan_id,
    action: motive_action_id,
    on: u32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let on: StepTarget = decode::<motive_ubc_step_target>(on, "on")?.into();
            Ok(b.add_ubc_plan_step(UbcPlanId(plan), ActionId(action), on)?)
        })
    }
}

/// Gives `archetype`'s NPCs the UBC goal `goal`, weighted `weight` (> 0, at most
/// `MOTIVE_MAX_WEIGHT`), or the goal's own weight when `weight` is NaN. Giving a goal again changes its weight.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_archetype_ubc_goal(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    goal: motive_ubc_goal_id,
    weight: f64,
) -> motive_status {
    let weight = (!weight.is_nan()).then_some(weight);
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.add_archetype_ubc_goal(ArchetypeId(archetype), UbcGoalId(goal), weight)?)
        })
    }
}

/// Gives `archetype`'s NPCs the predefined plan `plan` (with steps, the last not on `NEXT`,
/// every action consumed by the archetype): they are driven by the UBC brain. An archetype has
/// one brain: one with plans and drives or GOAP goals fails to build, as one with plans and no
/// UBC goal.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_archetype_ubc_plan(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    plan: motive_ubc_plan_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.add_archetype_ubc_plan(ArchetypeId(archetype), UbcPlanId(plan))?)
        })
    }
}

/// Looks up the predefined plan called `name` and writes its id to `*out_plan`;
/// `MOTIVE_STATUS_NOT_FOUND` when there is none. Thread-safe.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_plan` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_ubc_plan(
    domain: *const motive_domain,
    name: *const c_char,
    out_plan: *mut motive_ubc_plan_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(domain, name, out_plan, "out_plan", "ubc plan", |d, name| {
            d.ubc_plans().find(name)
        })
    }
}

/// The UBC brain's state of `npc`, or an error when it has none.
fn ubc_mind(world: &crate::core::World, npc: motive_npc) -> crate::core::Result<&UbcMind> {
    world
        .mind(npc.into())?
        .brain
        .ubc()
        .ok_or_else(|| Error::invalid("the npc has no predefined plans (it is not a UBC NPC)"))
}

/// The last UBC decision of `npc`: the plan performed, its target and the utility it adds.
///
/// # Safety
/// `world` must be NULL or live; `out_decision` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_ubc_decision(
    world: *const motive_world,
    npc: motive_npc,
    out_decision: *mut motive_ubc_decision,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_decision, "out_decision", |w| {
            let mind = ubc_mind(w, npc)?;
            let chosen = mind.chosen_rating();
            Ok(motive_ubc_decision {
                time: mind.time,
                plan: chosen.map_or(MOTIVE_NO_ID, |r| r.plan.0),
                target: chosen
                    .map_or(crate::core::Entity::NULL, |r| r.target)
                    .into(),
                gain: chosen.and_then(|r| r.gain).unwrap_or(0.0),
                fallback: mind.fell_back,
            })
        })
    }
}

/// Copies how each of `npc`'s predefined plans (archetype order) rated at its last decision into
/// `buffer`; `*out_count` receives the number of plans even when the buffer is too small
/// (`MOTIVE_STATUS_BUFFER_TOO_SMALL`).
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_ubc_ratings(
    world: *const motive_world,
    npc: motive_npc,
    buffer: *mut motive_ubc_rating,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            list.fill(ubc_mind(w, npc)?.ratings.iter().map(|r| motive_ubc_rating {
                plan: r.plan.0,
                target: r.target.into(),
                gain: r.gain.unwrap_or(0.0),
                usable: r.gain.is_some(),
            }))
        })
    }
}
