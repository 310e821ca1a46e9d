//! The state a UDGOAP NPC carries between thinks: memory, drives, goals, plan and the record of
//! its last decision.

use crate::core::brains::goap::mind::{GoapDecision, GoapMind};
use crate::core::brains::ubc::UbcMind;
use crate::core::brains::udgoap::focus::Focus;
use crate::core::brains::udgoap::memory::Memory;
use crate::core::brains::{SearchStats, SearchStatus};
use crate::core::model::drive::DriveId;
use crate::core::model::entity::Entity;
use crate::core::model::goal::GoalId;
use crate::core::model::smart_object::Claim;
use crate::core::world::Step;

/// A drive the NPC holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DriveState {
    /// Its definition.
    pub drive: DriveId,
    /// Added at run time (an order, a map annotation) rather than by the archetype.
    pub external: bool,
    /// Satisfaction at the last think, in [0, 1].
    pub satisfaction: f64,
}

/// A goal the NPC holds.
#[derive(Clone, Copy, Debug, PartialEq)]
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

/// One candidate plan state of the last decision, for explanation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// Its id in the search (the root is 0).
    pub id: u32,
    /// The state it extends; `None` for the root.
    pub parent: Option<u32>,
    /// The step it adds to its parent's plan; `None` for the root.
    pub step: Option<Step>,
    /// Where `step` sits in its plan's execution order: its plan is its parent's with `step`
    /// inserted there, so every candidate's plan can be rebuilt from the root.
    pub position: u32,
    /// Number of steps.
    pub depth: u32,
    /// Utility of its simulated outcome.
    pub utility: f64,
    /// All its preconditions held in simulation: a complete plan.
    pub complete: bool,
    /// The NPC died before its last step.
    pub truncated: bool,
}

/// Why the NPC did what it did: the candidates of its last plan with their drive satisfactions.
#[derive(Clone, Debug, Default)]
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

    /// The drive satisfactions of candidate number `index` (its position in `candidates`).
    pub fn satisfactions_of(&self, index: usize) -> &[f64] {
        &self.satisfactions[index * self.drives..(index + 1) * self.drives]
    }
}

/// The action an NPC is performing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Running {
    /// What and on whom.
    pub step: Step,
    /// The request id the engine echoes.
    pub request: u32,
    /// Seconds it has run (while waiting: seconds it has waited).
    pub elapsed: f64,
    /// How the NPC takes part in it.
    pub part: Part,
}

/// How an NPC takes part in the action it is performing: alone, or as one of the users of a
/// joint action ([`crate::core::model::smart_object::JointAction`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// It performs the action by itself.
    Alone,
    /// It waits in its slot for the required slots of a joint action to fill.
    Waiting,
    /// It performs a joint action with helpers: its timer and its report end the performance
    /// for everyone, and the action's effects on the object apply once, through it.
    Leading,
    /// It helps `leader` perform a joint action; its reports are the leader's.
    Helping(Entity),
}

/// Which brain decides for an NPC: it follows from the archetype (drives, GOAP goals or
/// predefined plans).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brain {
    /// Drive-based utility planning (Sloan 2015).
    Udgoap,
    /// Goal-oriented action planning (Pittman 2007).
    Goap,
    /// Utility-based control over predefined plans (Sloan et al. 2011).
    Ubc,
}

impl Brain {
    /// The brain's usual short name: `UDGOAP`, `GOAP`, `UBC`.
    pub fn name(self) -> &'static str {
        match self {
            Brain::Udgoap => "UDGOAP",
            Brain::Goap => "GOAP",
            Brain::Ubc => "UBC",
        }
    }
}

/// Per-NPC state of the UDGOAP pipeline.
pub struct Mind {
    /// What it knows.
    pub memory: Memory,
    /// Internal drives first (archetype order), then external ones.
    pub drives: Vec<DriveState>,
    /// Goals of all drives.
    pub goals: Vec<GoalState>,
    /// The current plan, in execution order.
    pub plan: Vec<Step>,
    /// Index of the next step of `plan` to start.
    pub next_step: usize,
    /// The step being performed.
    pub running: Option<Running>,
    /// The last decision.
    pub explanation: Explanation,
    /// The GOAP brain's state, for NPCs of an archetype with GOAP goals.
    pub goap: Option<Box<GoapMind>>,
    /// The UBC brain's state, for NPCs of an archetype with predefined plans.
    pub ubc: Option<Box<UbcMind>>,
    /// Slots held for the plan.
    pub claims: Vec<Claim>,
    /// The plan is new: it claims its slots before its first step starts.
    pub claims_pending: bool,
    /// The world's destruction count when memory was last cleared of missing entities.
    pub(crate) destructions_checked: u64,
}

impl Mind {
    /// Starts loading what a think reads first: memory, drives, goals and the explanation it
    /// rewrites ([`crate::prefetch`]). The struct itself must be loaded or requested already.
    pub(crate) fn prefetch(&self) {
        self.memory.prefetch();
        crate::prefetch::front(&self.drives, 64);
        crate::prefetch::front(&self.goals, 128);
        crate::prefetch::front(&self.explanation.candidates, 256);
        crate::prefetch::front(&self.explanation.satisfactions, 128);
    }

    /// A fresh mind with the archetype's memory capacity and internal drives.
    pub fn new(memory_capacity: u32, drives: &[DriveId]) -> Self {
        Mind {
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
            plan: Vec::new(),
            next_step: 0,
            running: None,
            explanation: Explanation::default(),
            goap: None,
            ubc: None,
            claims: Vec::new(),
            claims_pending: false,
            destructions_checked: 0,
        }
    }

    /// The goal the current plan pursues (see [`Focus`]); `None` when the NPC has no plan left
    /// or its plan gains no goal.
    pub fn current_goal(&self) -> Option<Focus> {
        if self.remaining_plan().is_empty() {
            return None;
        }
        self.explanation.focus
    }

    /// Which brain decides for the NPC.
    pub fn brain(&self) -> Brain {
        match (&self.goap, &self.ubc) {
            (Some(_), _) => Brain::Goap,
            (None, Some(_)) => Brain::Ubc,
            (None, None) => Brain::Udgoap,
        }
    }

    /// World time of the NPC's last decision, whatever its brain (a GOAP request served, a UBC
    /// rating of its plans, a UDGOAP search); `None` before the first.
    pub fn last_decision(&self) -> Option<f64> {
        if let Some(goap) = self.goap.as_deref() {
            return (goap.decision != GoapDecision::default()).then_some(goap.decision.time);
        }
        if let Some(ubc) = self.ubc.as_deref() {
            return (!ubc.ratings.is_empty() || ubc.fell_back).then_some(ubc.time);
        }
        self.explanation.status.map(|_| self.explanation.time)
    }

    /// The steps not yet finished: the running step (if any) first, then those not started.
    pub fn remaining_plan(&self) -> &[Step] {
        &self.plan[self.next_step.min(self.plan.len())..]
    }
}
