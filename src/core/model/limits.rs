//! The documented ranges of what a domain or a caller chooses and the library then allocates,
//! loops over or sums: a size past one of these is an error naming the limit, never an
//! out-of-memory abort, a hang or an infinite utility (issue 32). Each limit sits far above
//! anything shipped (`docs/domain-format.md`, "Limits", has the whole table); the C header
//! repeats them as `MOTIVE_MAX_*` (`src/ffi/limits.rs`), hence each `cbindgen:ignore`.

use crate::core::model::error::{Error, Result};

/// The largest entity-capacity hint a world accepts: a hint is memory reserved up front, and a
/// typo (or `UINT32_MAX`) must be an error, not an out-of-memory abort.
///
/// cbindgen:ignore
pub const MAX_ENTITY_CAPACITY_HINT: u32 = 1 << 24;

/// Longest plan a planner may build: a bound on simulation scratch per state.
///
/// cbindgen:ignore
pub const MAX_PLAN_DEPTH: u32 = 32;

/// Most facts one UDGOAP NPC may remember (`think.memory_capacity`). Memory grows as facts
/// arrive, at most 32 bytes a fact, so this bounds one NPC's memory at 2 MiB; a fact's time is
/// a 16-bit stamp, one per distinct time remembered.
///
/// cbindgen:ignore
pub const MAX_MEMORY_CAPACITY: u32 = u16::MAX as u32;

/// Most attributes a domain declares: a UDGOAP memory packs a fact's attribute into 14 bits,
/// beside its entity and its value's type, and keeps the last for positions.
///
/// cbindgen:ignore
pub const MAX_ATTRIBUTES: u32 = (1 << 14) - 1;

/// Most archetypes a domain declares: the perception tables hold a bit per pair of archetypes
/// (32 MiB at this many), and an entity's record packs its archetype into 16 bits beside its
/// kind and claim priority, so that the record fits one cache line (`record_tag.rs`).
///
/// cbindgen:ignore
pub const MAX_ARCHETYPES: u32 = (1 << 14) - 1;

/// Most entities one think may perceive besides the NPC itself (`think.perception_limit`): a
/// think tests what is within its range but keeps, senses and plans over only this many of
/// them, the nearest, so a crowd costs each think a bounded amount of work past the range test.
///
/// cbindgen:ignore
pub const MAX_PERCEPTION_LIMIT: u32 = 1 << 16;

/// Most plan states one search may expand (`think.max_expansions`, and the limit a caller
/// passes to a direct plan): every state expanded is kept until the search ends.
///
/// cbindgen:ignore
pub const MAX_PLAN_EXPANSIONS: u32 = 1 << 20;

/// Largest weight of a goal, a drive or a UBC goal. Utilities are weighted means, and sums of
/// weights this size stay finite, so every utility and satisfaction stays in [0, 1] (two
/// drives of weight `DBL_MAX` made their sum infinite and the utility NaN).
///
/// cbindgen:ignore
pub const MAX_WEIGHT: f64 = 1e6;

/// Largest GOAP cost: an action's cost, its cost per unit of distance and its maximum distance
/// cost, and a contention penalty's cost. A plan sums at most [`MAX_PLAN_DEPTH`] of them, each
/// times a distance below 2^129 (positions are `f32`), so a plan's cost stays finite.
///
/// cbindgen:ignore
pub const MAX_COST: f64 = 1e9;

/// Most threads one world's tick may think on (`WorldConfig::think_threads`): each but the
/// caller is a thread the world keeps from its first parallel tick until it drops
/// (`think_pool.rs`), with its own think buffers, and a machine with more cores than this
/// gains nothing more from one world.
///
/// cbindgen:ignore
pub const MAX_THINK_THREADS: u32 = 64;

/// Most events a world keeps pending for the engine to poll (`World::set_event_limit`): past
/// it the oldest is dropped, so a world nobody polls stays bounded. 2^24 events is 1 GB.
///
/// cbindgen:ignore
pub const MAX_EVENT_LIMIT: u32 = 1 << 24;

/// Checks that the GOAP cost `what` is finite, at least `min` and at most [`MAX_COST`].
pub(crate) fn check_cost_range(what: &str, cost: f64, min: f64) -> Result<()> {
    if !(cost.is_finite() && cost >= min) {
        return Err(Error::invalid(format!(
            "{what} must be finite and >= {min}, got {cost}"
        )));
    }
    at_most(what, cost, MAX_COST, "MOTIVE_MAX_COST")
}

/// Checks that `value` of the quantity `what` is at most `max`, whose C name is `c_name`:
/// the error names both, so a caller finds the limit in the header. Numbers print as Rust
/// debugs them, so `DBL_MAX` is `1.7976931348623157e308`, not 309 digits.
pub(crate) fn at_most<T: PartialOrd + std::fmt::Debug>(
    what: &str,
    value: T,
    max: T,
    c_name: &str,
) -> Result<()> {
    if value <= max {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "{what} {value:?} is above the maximum {max:?} ({c_name})"
        )))
    }
}

/// A search's expansion limit: at most [`MAX_PLAN_EXPANSIONS`].
pub(crate) fn check_expansions(max_expansions: u32) -> Result<()> {
    at_most(
        "max expansions",
        max_expansions,
        MAX_PLAN_EXPANSIONS,
        "MOTIVE_MAX_PLAN_EXPANSIONS",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_value_and_the_limit() {
        assert!(at_most("memory capacity", 3, 4, "MOTIVE_MAX_X").is_ok());
        let error = at_most("memory capacity", 5u32, 4, "MOTIVE_MAX_X").unwrap_err();
        assert_eq!(
            error.message,
            "memory capacity 5 is above the maximum 4 (MOTIVE_MAX_X)"
        );
    }
}
