//! GOAP definitions through the C ABI: goals with a priority, a relevance and the state they
//! require, an archetype's goals and fallback action (action costs are set in `actions.rs`).

use std::ffi::c_char;

use super::actions::motive_action_id;
use super::archetypes::motive_archetype_id;
use super::conditions::{motive_condition, read_condition};
use super::curve::motive_curve;
use super::domain::{define, edit, find, motive_attribute, motive_domain, motive_domain_builder};
use super::enum_codes::{c_enum, decode};
use super::guard::FfiResult;
use super::pointers::borrow;
use super::status::motive_status;
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::goap::{GoapGoalId, Relevance};
use crate::core::AttributeId;

/// Dense id of a GOAP goal definition in its domain (0, 1, 2, … in definition order). A
/// separate table from `motive_goal_id` (UDGOAP goals).
pub type motive_goap_goal_id = u32;

/// Where a GOAP goal's relevance comes from.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_relevance_kind {
    /// Always `motive_relevance.value`, in [0, 1].
    Fixed = 0,
    /// `motive_relevance.curve` over the NPC's number attribute `motive_relevance.attribute`
    /// (take cover when health is low); 0 while the NPC has no such fact.
    Curve = 1,
    /// Asked of the world's relevance callback (`motive_world_set_relevance_callback`) when
    /// goals are selected; 0 while none is set.
    Engine = 2,
}

c_enum!(motive_relevance_kind {
    Fixed,
    Curve,
    Engine
});

/// How relevant a GOAP goal is, in [0, 1] (0: not now); the NPC pursues its most relevant
/// goal, ties broken by priority. Each kind reads only its own fields and ignores the rest:
/// - `MOTIVE_RELEVANCE_KIND_FIXED`: `value`;
/// - `MOTIVE_RELEVANCE_KIND_CURVE`: `attribute` (a number attribute), `curve`;
/// - `MOTIVE_RELEVANCE_KIND_ENGINE`: nothing.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_relevance {
    /// A `motive_relevance_kind`.
    pub kind: u32,
    /// The relevance, in [0, 1] (fixed).
    pub value: f64,
    /// The NPC's number attribute the curve reads (curve).
    pub attribute: motive_attribute,
    /// From the attribute's value to relevance (curve).
    pub curve: motive_curve,
}

impl motive_relevance {
    /// The core relevance, not yet checked against a domain.
    ///
    /// # Safety
    /// A curve relevance's curve must satisfy [`motive_curve::to_core`].
    unsafe fn to_core(self) -> FfiResult<Relevance> {
        Ok(match decode::<motive_relevance_kind>(self.kind, "kind")? {
            motive_relevance_kind::Fixed => Relevance::Fixed(self.value),
            motive_relevance_kind::Curve => Relevance::Curve {
                attribute: AttributeId(self.attribute),
                // SAFETY: forwarded from this function's contract.
                curve: unsafe { self.curve.to_core() }.map_err(|e| e.context("curve"))?,
            },
            motive_relevance_kind::Engine => Relevance::Engine,
        })
    }
}

/// Defines a GOAP goal called `name` (an identifier, as for attributes) with `priority`
/// (higher wins ties in relevance; a goal of higher priority becoming unsatisfied makes the NPC
/// replan) and `*relevance`, and writes its id to `*out_goal`. Add its requirements next: a goal
/// needs at least one before an archetype can pursue it.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `relevance` NULL or readable,
/// with a piecewise-linear curve's `points` readable for `point_count` points; `out_goal` NULL
/// or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_goap_goal(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    priority: u32,
    relevance: *const motive_relevance,
    out_goal: *mut motive_goap_goal_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_goal, "out_goal", |b, name| {
            let relevance = borrow(relevance, "relevance")?
                .to_core()
                .map_err(|e| e.context("relevance"))?;
            Ok(b.add_goap_goal(name, priority, relevance)?.0)
        })
    }
}

/// Adds a requirement to the GOAP goal `goal`: a `MOTIVE_CONDITION_KIND_COMPARE` on one of the
/// NPC's own (`MOTIVE_ROLE_CONSUMER`) boolean, number or entity attributes, against a constant,
/// another of its attributes, or itself (`MOTIVE_OPERAND_KIND_ENTITY`). The goal is satisfied
/// when all its requirements hold.
///
/// # Safety
/// `builder` must be NULL or live; `condition` NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_goap_requirement(
    builder: *mut motive_domain_builder,
    goal: motive_goap_goal_id,
    condition: *const motive_condition,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let condition = read_condition(condition, "condition")?;
            Ok(b.add_goap_requirement(GoapGoalId(goal), condition)?)
        })
    }
}

/// Gives `archetype`'s NPCs the GOAP goal `goal` (which must have a requirement already): they
/// are planned for by the GOAP brain, over the actions they consume. An archetype has one
/// brain: one with GOAP goals and drives fails to build. Adding a goal twice adds it once.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_archetype_goap_goal(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    goal: motive_goap_goal_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.add_archetype_goap_goal(ArchetypeId(archetype), GoapGoalId(goal))?)
        })
    }
}

/// Sets the action `archetype`'s GOAP NPCs perform on themselves when no goal has a plan (an
/// idle); the archetype must already consume and supply it.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_fallback(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    action: motive_action_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.set_fallback(ArchetypeId(archetype), ActionId(action))?)
        })
    }
}

/// Looks up the GOAP goal called `name` and writes its id to `*out_goal`;
/// `MOTIVE_STATUS_NOT_FOUND` when there is none. Thread-safe.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_goal` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_goap_goal(
    domain: *const motive_domain,
    name: *const c_char,
    out_goal: *mut motive_goap_goal_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(
            domain,
            name,
            out_goal,
            "out_goal",
            "goap goal",
            |d, name| d.goap_goals().find(name),
        )
    }
}
