//! Distance in decisions through the C ABI: an action's bounded GOAP distance cost and an
//! archetype's UDGOAP distance attenuation, both response curves over the distance in engine
//! units.

use super::actions::motive_action_id;
use super::archetypes::motive_archetype_id;
use super::curve::motive_curve;
use super::domain::{edit, motive_domain_builder};
use super::guard::FfiResult;
use super::pointers::borrow;
use super::status::motive_status;
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::curve::Curve;
use crate::core::model::goap::DistanceCurve;

/// The checked core curve behind `curve` (NULL is an error).
///
/// # Safety
/// `curve` must be NULL or readable, with a piecewise-linear curve's `points` readable for
/// `point_count` points.
unsafe fn read_curve(curve: *const motive_curve) -> FfiResult<Curve> {
    // SAFETY: forwarded from this function's contract.
    unsafe { borrow(curve, "curve")?.to_core() }.map_err(|e| e.context("curve"))
}

/// Adds to `action`'s GOAP cost `max_cost · curve(d)`, `d` being the distance from the NPC to
/// the target, on top of its `motive_action_planning.cost_per_distance` (which a later
/// `motive_domain_builder_set_action_planning` does not clear); replaces any curve set before.
/// The curve's score, clamped to [0, 1], is the share of `max_cost` (0 to `MOTIVE_MAX_COST`) added, so a
/// far target costs at most `max_cost` more: e.g. a linear curve over [10, 50] makes walking
/// free up to 10 units and adds at most `max_cost` from 50 on. Costs never fall below the
/// action's own. A rejected call changes nothing.
///
/// # Safety
/// `builder` must be NULL or live; `curve` NULL or readable, with a piecewise-linear curve's
/// `points` readable for `point_count` points.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_action_distance_curve(
    builder: *mut motive_domain_builder,
    action: motive_action_id,
    curve: *const motive_curve,
    max_cost: f64,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let curve = read_curve(curve)?;
            let distance = DistanceCurve { curve, max_cost };
            Ok(b.set_action_distance_curve(ActionId(action), distance)?)
        })
    }
}

/// Makes `archetype`'s UDGOAP NPCs count only `curve(d)` (clamped to [0, 1]) of a plan's
/// utility gain over their current state, `d` being the distance the plan walks from the NPC
/// through each step's target, as the NPC knows their positions; losses are not attenuated.
/// `motive_curve_inverse_linear(50)` counts a gain fully at 0 and not at all from 50 units on.
/// Without it (the default) plans are rated by utility alone, as in the thesis; GOAP NPCs
/// ignore it (their actions price distance in cost). Replaces any curve set before; a rejected
/// call changes nothing.
///
/// # Safety
/// `builder` must be NULL or live; `curve` NULL or readable, with a piecewise-linear curve's
/// `points` readable for `point_count` points.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_distance_attenuation(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    curve: *const motive_curve,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let curve = read_curve(curve)?;
            Ok(b.set_distance_attenuation(ArchetypeId(archetype), curve)?)
        })
    }
}
