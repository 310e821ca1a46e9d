//! Per-NPC state of the GOAP brain: goal relevance and bias, the goal pursued, the actions
//! that failed for it, the search in flight and the record of the last decision.

use crate::core::brains::{SearchStats, SearchStatus};
use crate::core::model::action::ActionId;

use crate::core::brains::goap::search::GoapSearch;
use crate::core::model::archetype::ArchetypeDef;
use crate::core::model::domain::Domain;
use crate::core::model::goap::goal::GoapGoalId;

/// Why the NPC does what it does: the last GOAP decision.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default, PartialEq)]
pub struct GoapDecision {
    /// World time the decision ended.
    pub time: f64,
    /// The goal the plan is for; `None` when no goal had a plan.
    pub goal: Option<GoapGoalId>,
    /// How the last search ended.
    pub status: Option<SearchStatus>,
    /// Counters summed over the goals tried.
    pub stats: SearchStats,
    /// Goals tried, the chosen one included.
    pub tried: u32,
    /// The plan's cost.
    pub cost: f64,
    /// No goal had a plan and the archetype's fallback action was chosen.
    pub fallback: bool,
}

/// The GOAP half of a mind. Vectors indexed by goal follow the archetype's goal order.
// Laid out in declaration order (which the save format fixes too): what every think reads
// (the goal, the per-goal vectors, the flags, the order) comes first, in the struct's first
// lines, which the scheduler asks for ahead ([`GoapMind::prefetch_far`]). Left to the
// compiler, the in-flight search (over a kilobyte) came first and the goal after it, a cold
// line per think: perf put 41 % of the GOAP think's own samples on that one load at 14,000
// NPCs. (The search is boxed since, so the mind is a few lines in all.)
#[repr(C)]
#[derive(serde::Serialize, serde::Deserialize, Default)]
pub struct GoapMind {
    /// The goal the current plan pursues.
    pub goal: Option<GoapGoalId>,
    /// Additive relevance bias per goal (a superior's recommendation, P:325 of
    /// 004_bdde6381c6c06595.txt); may be negative.
    pub bias: Vec<f64>,
    /// Relevance plus bias per goal at the last think.
    pub relevance: Vec<f64>,
    /// Whether each goal was satisfied at the last think.
    pub satisfied: Vec<bool>,
    /// Actions that failed while pursuing `goal`, left out when replanning for it (S:105 of
    /// 003_a22f8616c585d8bb.txt); cleared when the goal changes.
    pub failed: Vec<ActionId>,
    /// A significant fact changed (a sensor interrupt, P:329): re-select and replan.
    pub interrupted: bool,
    /// A superior recommended a goal it does not pursue: at its next think it re-selects, and
    /// replans when the most relevant goal is no longer the one it pursues.
    pub reselect: bool,
    /// Waiting in the world's planning queue.
    pub queued: bool,
    /// Goal indices in the order they are tried for the pending decision.
    pub order: Vec<u32>,
    /// How many of `order` were tried.
    pub next: usize,
    /// The search in flight and its goal. Boxed: the world's queue hands searches between its
    /// pool and minds by a pointer, and a mind holds no kilobyte of buffers inline for a search
    /// it has in flight only while a tick's budget runs out.
    pub search: Option<(GoapGoalId, Box<GoapSearch>)>,
    /// The last decision.
    pub decision: GoapDecision,
    /// The decision being made (counters accumulate over goals).
    pub pending: GoapDecision,
}

impl GoapMind {
    /// A mind for `goals` goals, with no bias.
    pub fn new(goals: usize) -> Self {
        GoapMind {
            bias: vec![0.0; goals],
            relevance: vec![0.0; goals],
            satisfied: vec![false; goals],
            ..GoapMind::default()
        }
    }

    /// Whether a decoded mind fits its archetype `def` in `domain` (`World::load`): a vector
    /// per goal of the archetype, and every goal and action id within the domain's.
    pub(crate) fn fits(&self, domain: &Domain, def: &ArchetypeDef) -> bool {
        let goals = def.goap_goals.len();
        let goal = |g: &GoapGoalId| (g.0 as usize) < domain.goap_goals().len();
        self.bias.len() == goals
            && self.relevance.len() == goals
            && self.satisfied.len() == goals
            && self.goal.iter().all(goal)
            && self.search.iter().all(|(g, _)| goal(g))
            && [&self.decision, &self.pending]
                .iter()
                .all(|d| d.goal.iter().all(goal))
            && self
                .failed
                .iter()
                .all(|a| (a.0 as usize) < domain.actions().len())
            && self.order.iter().all(|&i| (i as usize) < goals)
            && self.next <= self.order.len()
    }

    /// Starts loading the fields a think reads: the struct's head up to the search in flight,
    /// and the last decision, which the scheduler reads after the think ([`crate::prefetch`]).
    /// The save format fixes the declaration order, so the decision stays after the search.
    pub(crate) fn prefetch_far(&self) {
        crate::prefetch::head(self, std::mem::offset_of!(GoapMind, search));
        crate::prefetch::value(&self.decision);
    }

    /// Starts loading the per-goal vectors a think reads for every goal; the head is loaded
    /// or requested already ([`GoapMind::prefetch_far`]).
    pub(crate) fn prefetch(&self) {
        crate::prefetch::front(&self.bias, 64);
        crate::prefetch::front(&self.relevance, 64);
        crate::prefetch::front(&self.satisfied, 64);
    }
}
