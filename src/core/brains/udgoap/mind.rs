//! The state a UDGOAP NPC's brain carries between thinks: memory, drives, goals and the record
//! of its last decision (its plan is the world's, in [`crate::core::world::Mind`]).

pub use crate::core::brains::udgoap::candidate::{Candidate, CandidateFields};
use crate::core::brains::udgoap::focus::Focus;
use crate::core::brains::udgoap::memory::Memory;
use crate::core::brains::{SearchStats, SearchStatus};
use crate::core::model::domain::Domain;
use crate::core::model::drive::DriveId;
use crate::core::model::entity::Entity;
use crate::core::model::goal::GoalId;

/// A drive the NPC holds.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct DriveState {
    /// Its definition.
    pub drive: DriveId,
    /// Added at run time (an order, a map annotation) rather than by the archetype.
    pub external: bool,
    /// Satisfaction at the last think, in [0, 1].
    pub satisfaction: f64,
}

/// A goal the NPC holds.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct GoalState {
    /// Its definition.
    pub goal: GoalId,
    /// Index of its drive in the NPC's drive list.
    pub drive: u32,
    /// The entity it is bound to.
    pub subject: Entity,
    /// Completeness at the last think, in [0, 1].
    pub completeness: f64,
}

/// Why the NPC did what it did: the candidates of its last plan with their drive satisfactions.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct Explanation {
    /// World time of the decision.
    pub time: f64,
    /// How the search ended.
    pub status: Option<SearchStatus>,
    /// Counters of the search.
    pub stats: SearchStats,
    /// Candidate states in generation order (at most [`Explanation::MAX_CANDIDATES`]).
    pub candidates: Vec<Candidate>,
    /// `drives` satisfactions per candidate, flat, in candidate order.
    pub satisfactions: Vec<f64>,
    /// Number of drives at the decision.
    pub drives: usize,
    /// The candidate the plan came from.
    pub chosen: Option<u32>,
    /// The goal the plan serves most.
    pub focus: Option<Focus>,
}

impl Explanation {
    /// Candidates kept per decision: enough to see the alternatives, bounded so that explaining
    /// never grows memory without limit.
    ///
    /// cbindgen:ignore
    pub const MAX_CANDIDATES: usize = 256;

    /// Candidates a decision of an NPC searching at most `max_expansions` states keeps: its
    /// root and one per expansion, at most [`Explanation::MAX_CANDIDATES`].
    pub fn most_candidates(max_expansions: u32) -> usize {
        Self::MAX_CANDIDATES.min(max_expansions as usize + 1)
    }

    /// The drive satisfactions of candidate number `index` (its position in `candidates`).
    pub fn satisfactions_of(&self, index: usize) -> &[f64] {
        &self.satisfactions[index * self.drives..(index + 1) * self.drives]
    }
}

/// The UDGOAP brain's state.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct UdgoapMind {
    /// What it knows.
    pub memory: Memory,
    /// Internal drives first (archetype order), then external ones.
    pub drives: Vec<DriveState>,
    /// Goals of all drives.
    pub goals: Vec<GoalState>,
    /// The last decision.
    pub explanation: Explanation,
    /// The world's destruction count when memory was last cleared of missing entities.
    pub(crate) destructions_checked: u64,
}

impl UdgoapMind {
    /// Starts loading what a think reads first: memory, drives, goals, and when the NPC is
    /// `idle` (it then plans) the explanation the plan rewrites ([`crate::prefetch`]). The
    /// struct itself must be loaded or requested already.
    pub(crate) fn prefetch(&self, idle: bool) {
        self.memory.prefetch();
        crate::prefetch::front(&self.drives, 64);
        crate::prefetch::front(&self.goals, 128);
        if idle {
            crate::prefetch::front(&self.explanation.candidates, 256);
            crate::prefetch::front(&self.explanation.satisfactions, 128);
        }
    }

    /// Whether a decoded mind fits `domain` (`World::load`; its memory is checked as it
    /// decodes): every drive and goal of the domain's, each goal of one of its drives.
    pub(crate) fn fits(&self, domain: &Domain) -> bool {
        self.drives
            .iter()
            .all(|d| (d.drive.0 as usize) < domain.drives().len())
            && self.goals.iter().all(|g| {
                (g.goal.0 as usize) < domain.goals().len() && (g.drive as usize) < self.drives.len()
            })
    }

    /// A fresh state with the archetype's memory capacity and internal drives.
    pub fn new(memory_capacity: u32, drives: &[DriveId]) -> Self {
        UdgoapMind {
            memory: Memory::new(memory_capacity),
            drives: drives
                .iter()
                .map(|&drive| DriveState {
                    drive,
                    external: false,
                    satisfaction: 1.0,
                })
                .collect(),
            goals: Vec::new(),
            explanation: Explanation::default(),
            destructions_checked: 0,
        }
    }

    /// World time of the last decision; `None` before the first.
    pub fn last_decision(&self) -> Option<f64> {
        self.explanation.status.map(|_| self.explanation.time)
    }
}
