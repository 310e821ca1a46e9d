//! A UDGOAP decision taken ahead of its think's turn (`core/world/think_ahead.rs`). The NPC
//! sensed and updated its drives and goals in place, in its own mind; what it planned from
//! them is kept here with what the plan read, so that its commit can tell whether it holds.

use crate::core::brains::udgoap::focus::Focus;
use crate::core::brains::udgoap::mind::Candidate;
use crate::core::brains::{SearchStats, SearchStatus};
use crate::core::world::write_log::PricedRead;
use crate::core::world::Step;

/// What a UDGOAP think decided ahead against the think phase's starting state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UdgoapProposal {
    /// It planned: the NPC performed no action when it decided (the commit plans at its turn
    /// otherwise, if the NPC no longer performs one by then).
    pub(crate) planned: bool,
    /// The search could be made (its request is built from checked state, so always, but a
    /// failure must be reported as the think at its turn reports it).
    pub(crate) searched: bool,
    /// How the search ended.
    pub(crate) status: Option<SearchStatus>,
    /// The plan found (empty when none was).
    pub(crate) plan: Vec<Step>,
    /// The search's counters; `peak_bytes` is the committer's (`ArenaUse`).
    pub(crate) stats: SearchStats,
    /// The candidate the plan came from.
    pub(crate) chosen: Option<u32>,
    /// The goal the plan serves most.
    pub(crate) focus: Option<Focus>,
    /// The candidates to record (at most `Explanation::MAX_CANDIDATES`), and their drive
    /// satisfactions, flat.
    pub(crate) candidates: Vec<Candidate>,
    pub(crate) satisfactions: Vec<f64>,
    /// The price of every slotted supplier the decision priced, by slot.
    pub(crate) priced: Vec<PricedRead>,
    /// The bytes of the deciding thread's arena when its search started and ended.
    pub(crate) arena: ArenaUse,
}

/// How a search ahead used its thread's arena: an explanation reports the arena's bytes
/// (`SearchStats::peak_bytes`), which the committing thread's arena must report the same.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ArenaUse {
    /// After the reset before the search: the arena's one chunk.
    pub(crate) before: usize,
    /// When the search ended: more than `before` if the arena grew a chunk.
    pub(crate) after: usize,
}

impl ArenaUse {
    /// Whether the search, run in an arena holding `committer` bytes after its reset,
    /// reports those bytes and leaves the arena as it was: true when it fitted in a chunk no
    /// larger, since a bump arena lays out the same allocations at the same offsets in any
    /// chunk, from its end.
    pub(crate) fn fits(self, committer: usize) -> bool {
        self.after == self.before && self.before <= committer
    }
}
