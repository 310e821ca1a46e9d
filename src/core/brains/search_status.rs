//! How a planner's search stands and what it cost: the vocabulary every brain's planner
//! (UDGOAP's best-first search, GOAP's A*) reports in, and explanations record.

/// Why a search ended without a plan.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// Every state was expanded: no plan exists within the depth limit (the thesis returns an
    /// empty plan, :1077).
    Exhausted,
    /// The expansion limit was reached first.
    ExpansionLimit,
}

/// Where a search stands.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchStatus {
    /// More steps are needed.
    InProgress,
    /// A plan was found: see [`crate::core::brains::udgoap::planner::Search::plan`].
    Found,
    /// No plan.
    NoPlan(StopReason),
}

/// Counters of one search.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// States taken from the open list and expanded.
    pub expanded: u32,
    /// Successor states simulated.
    pub generated: u32,
    /// Successors dropped as duplicates.
    pub duplicates: u32,
    /// Bytes the arena held at the end of the last step: a figure of the process's memory
    /// (buffers grow and are reused), not of the world, so a save leaves it out (0 when
    /// loaded).
    #[serde(skip)]
    pub peak_bytes: usize,
}
