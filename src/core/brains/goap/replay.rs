//! The outcome of the last search a [`Workspace`](crate::core::brains::goap::Workspace) ran,
//! kept with what it was run from, so that a search begun again from the same inputs answers
//! at once (issue 33: what stays per call is proportional to what changed).
//!
//! A search is a function of its bound instances, its start state, its goal and its limits:
//! the open list's order, the node ids and so the plan, cost and counters follow from them
//! alone (the duplicate table's size and stamps change where entries live, never what a probe
//! finds). Slicing does not change it either: the nodes are expanded in the same order
//! whatever the budgets, so a search that ended after `E` expansions ends the same way, with
//! the same counters, in any first step given a budget of at least `E`. So when the binding
//! cache reused the instances ([`BindCache`](crate::core::brains::goap::bind_cache)) and the
//! start, goal and limits are equal — numbers compared bit for bit — the search takes the
//! recorded outcome in its first step if its budget covers the recorded expansions, and
//! otherwise runs as it would have (`tests/goap_bind_cache.rs` checks both against fresh
//! searches).
//!
//! The key costs no copy when it is unchanged: the start state is compared with the
//! workspace's copy of the last search's start (which the search reads anyway) and copied
//! over it only when it differs, and the goal's tests are copied only when they differ. The
//! goal compared here also tells the search whether the goal it compiled last may stay
//! compiled (see `GoapSearch::restart`).
//!
//! Like the binding cache it is derived state, never saved: a loaded search runs.

use crate::core::brains::goap::bind::Test;
use crate::core::brains::goap::search::GoapStep;
use crate::core::brains::{SearchStats, SearchStatus};
use crate::core::model::goap::SymbolicState;

/// The last search's inputs (but its start state, which the workspace keeps) and, once it
/// ended, its outcome.
#[derive(Default)]
pub(crate) struct Replay {
    goal: Vec<Test>,
    limits: (u32, u32),
    /// Whether the inputs above, and the workspace's start state, are those of the search
    /// begun last in the workspace (false before any, and after a load).
    keyed: bool,
    /// Whether `outcome` is how a search from these inputs ended.
    ended: bool,
    /// Kept allocated from search to search.
    outcome: Option<Outcome>,
}

/// How a search ended.
pub(crate) struct Outcome {
    pub status: SearchStatus,
    pub stats: SearchStats,
    pub cost: f64,
    pub plan: Vec<GoapStep>,
}

/// What the search beginning now shares with the one begun last in the workspace.
pub(crate) struct Kept {
    /// Its goal's tests are the last one's, bit for bit: the goal compiled for that search
    /// is this one's too, if the instances were not compiled again.
    pub goal: bool,
    /// The outcome kept is how this search ends (given the budget, see
    /// [`Replay::outcome`]).
    pub outcome: bool,
}

impl Replay {
    /// Keeps the inputs of the search beginning now (`rebound`: its instances were bound or
    /// compiled afresh), bringing `kept_start`, the workspace's copy of the last search's
    /// start, to `start`; what that search shares with the last one.
    pub fn begin(
        &mut self,
        rebound: bool,
        kept_start: &mut SymbolicState,
        start: &SymbolicState,
        goal: &[Test],
        limits: (u32, u32),
    ) -> Kept {
        let same_start = self.keyed && same_state(kept_start, start);
        if !same_start {
            kept_start.clone_from(start);
        }
        let same_goal = self.keyed && same_tests(&self.goal, goal);
        if !same_goal {
            self.goal.clear();
            self.goal.extend_from_slice(goal);
        }
        let outcome = self.limit(!rebound && same_start && same_goal, limits);
        self.keyed = true;
        Kept {
            goal: same_goal,
            outcome,
        }
    }

    /// [`begin`](Replay::begin) for a search from the same instances, start and goal as the
    /// one begun last, which the caller knows (its inputs are unchanged), with `limits`:
    /// whether the outcome kept is how it ends.
    pub fn again(&mut self, limits: (u32, u32)) -> bool {
        self.limit(self.keyed, limits)
    }

    /// Keeps `limits`, the outcome kept only if `same` inputs and limits: whether it is.
    fn limit(&mut self, same: bool, limits: (u32, u32)) -> bool {
        let same = same && self.limits == limits;
        if !same {
            self.limits = limits;
            self.ended = false;
        }
        same && self.ended
    }

    /// The outcome kept, if the search beginning now may take it with `budget` expansions.
    pub fn outcome(&self, budget: u32) -> Option<&Outcome> {
        self.outcome
            .as_ref()
            .filter(|o| self.ended && budget >= o.stats.expanded)
    }

    /// Keeps how the search begun last ended, unless its inputs are not kept (it was loaded).
    pub fn end(&mut self, status: SearchStatus, stats: SearchStats, cost: f64, plan: &[GoapStep]) {
        if !self.keyed {
            return;
        }
        let outcome = self.outcome.get_or_insert_with(|| Outcome {
            status,
            stats,
            cost,
            plan: Vec::new(),
        });
        (outcome.status, outcome.stats, outcome.cost) = (status, stats, cost);
        outcome.plan.clear();
        outcome.plan.extend_from_slice(plan);
        self.ended = true;
    }
}

/// Equal bit for bit (NaN, an unknown number, equals NaN; `0.0` and `-0.0` differ).
fn same_state(a: &SymbolicState, b: &SymbolicState) -> bool {
    a.bools == b.bools
        && a.entities == b.entities
        && a.numbers.len() == b.numbers.len()
        && a.numbers
            .iter()
            .zip(&b.numbers)
            .all(|(x, y)| x.to_bits() == y.to_bits())
}

/// Equal tests, their numbers bit for bit.
fn same_tests(a: &[Test], b: &[Test]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| match (*x, *y) {
            (
                Test::Number { slot, op, value },
                Test::Number {
                    slot: s,
                    op: o,
                    value: v,
                },
            ) => slot == s && op == o && value.to_bits() == v.to_bits(),
            _ => x == y,
        })
}
