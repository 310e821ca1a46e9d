//! Probabilistic outcomes through the C ABI: an action's outcome table (each outcome a weight
//! and its own effects) and how history reweights it (definitions); the odds the world's next
//! draw would use (world).

use super::actions::motive_action_id;
use super::domain::{edit, motive_domain_builder};
use super::effects::{motive_effect, read_effect};
use super::enum_codes::{c_enum, decode};
use super::guard::FfiResult;
use super::pointers::slice;
use super::status::motive_status;
use super::world::{list_query, motive_world};
use crate::core::model::action::ActionId;
use crate::core::model::outcome::{Learning, Outcome, OutcomeTable};

/// How the history of interaction changes an outcome table's odds.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_outcome_learning {
    /// The normalised weights, whatever happened before (the sword is picked up 95% of the
    /// time).
    Fixed = 0,
    /// Repeated tries at objects with fixed but unknown odds: outcome `i` has probability
    /// `(s·p_i + c_i) / (s + n)`, `p_i` its normalised weight, `c_i` how often it was seen in
    /// `n` tries, `s` the prior strength (> 0).
    Counts = 1,
    /// A set of objects that each hide one outcome (the room of four levers): weights are whole
    /// counts of objects, and every outcome seen uses one up.
    WithoutReplacement = 2,
}

c_enum!(motive_outcome_learning {
    Fixed,
    Counts,
    WithoutReplacement
});

/// One way an action can turn out: its relative weight (finite, ≥ 0; only ratios matter) and
/// what it changes, `effect_count` effects at `effects` (NULL when the count is 0), which
/// follow the rules of `motive_domain_builder_add_effect`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_outcome_def {
    /// Relative likelihood.
    pub weight: f64,
    /// Its effects; copied.
    pub effects: *const motive_effect,
    /// Number of `effects`.
    pub effect_count: usize,
}

/// Gives `action` the outcome table `outcomes[0..count]` (replacing any it had): each
/// successful performance draws one from the world's seeded RNG and applies its effects after
/// the action's own (`MOTIVE_EVENT_KIND_OUTCOME_DRAWN` says which). `learning` is a
/// `motive_outcome_learning`; `prior_strength` is read only for `COUNTS` (finite, > 0). At
/// least one outcome; weights finite, ≥ 0, with a positive sum, and whole numbers for
/// `WITHOUT_REPLACEMENT`. The history is the world's, per action: every object that supplies
/// the action shares it.
///
/// # Safety
/// `builder` must be NULL or live; `outcomes` NULL (with `count` 0) or readable for `count`
/// items, each with `effects` NULL or readable for `effect_count` items.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_action_outcomes(
    builder: *mut motive_domain_builder,
    action: motive_action_id,
    outcomes: *const motive_outcome_def,
    count: usize,
    learning: u32,
    prior_strength: f64,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let learning = match decode::<motive_outcome_learning>(learning, "learning")? {
                motive_outcome_learning::Fixed => Learning::Fixed,
                motive_outcome_learning::Counts => Learning::Counts { prior_strength },
                motive_outcome_learning::WithoutReplacement => Learning::WithoutReplacement,
            };
            let defs = slice(outcomes, count, "outcomes")?;
            let outcomes = defs
                .iter()
                .enumerate()
                .map(|(i, def)| read_outcome(def, i))
                .collect::<FfiResult<Vec<_>>>()?;
            let table = OutcomeTable::new(outcomes, learning)?;
            Ok(b.set_action_outcomes(ActionId(action), table)?)
        })
    }
}

/// Copies outcome number `index`.
///
/// # Safety
/// `def.effects` must be NULL or readable for `def.effect_count` effects.
unsafe fn read_outcome(def: &motive_outcome_def, index: usize) -> FfiResult<Outcome> {
    let name = format!("outcomes[{index}]");
    // SAFETY: forwarded from this function's contract.
    let effects = unsafe { slice(def.effects, def.effect_count, &format!("{name}.effects")) }?;
    let effects = (0..effects.len())
        .map(|k| {
            // SAFETY: `k` is within the slice just checked.
            unsafe { read_effect(&effects[k], &format!("{name}.effects[{k}]")) }
        })
        .collect::<FfiResult<Vec<_>>>()?;
    Ok(Outcome {
        weight: def.weight,
        effects,
    })
}

/// Copies the odds of each outcome of `action`, as the world's next draw would use them after
/// its history so far, into `buffer` (one per outcome, summing to 1), like
/// `motive_entity_slots`: `*out_count` receives the number of outcomes even when the buffer is
/// too small. `MOTIVE_STATUS_NOT_FOUND` when the action is unknown or has no outcomes.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_outcome_probabilities(
    world: *const motive_world,
    action: motive_action_id,
    buffer: *mut f64,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            list.fill(w.outcome_odds(ActionId(action))?)
        })
    }
}
