//! The nodes of a behaviour tree (002_37948445dded21f3.txt:1170-1919, digest §1.3) and the
//! hints that re-order it (§1.4).

use crate::core::model::action::ActionId;
use crate::core::model::domain::AttributeId;
use crate::core::model::goal::GoalId;
use crate::core::model::goap::GoapGoalId;

/// A hint's name interned by the domain: trees speak of hints by id, never by string (the
/// thesis hashes names with a function that collides, L3738-3747; digest §1.6).
#[derive(
    serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash,
)]
pub struct HintId(pub u32);

/// A callback name interned by the domain: the engine registers one condition and one action
/// callback per world, which receive this id (no strings at run time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BtCallbackId(pub u32);

/// The goal a plan leaf hands to a planner, and so which planner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanGoal {
    /// A GOAP goal, planned for by regressive A* (least cost).
    Goap(GoapGoalId),
    /// A UDGOAP goal, planned for by the utility search: the plan that most raises the goal's
    /// completeness (about the NPC itself) from what the NPC perceives.
    Udgoap(GoalId),
}

/// A hint's state. The order is the priority order of a hinted selector's buckets:
/// Positive ++ Neutral ++ Negative (L2051, L2256-2290).
#[derive(
    serde::Serialize,
    serde::Deserialize,
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
)]
pub enum HintState {
    /// Do this: the branch runs before the others.
    Positive,
    /// No hint: the branch keeps its place.
    #[default]
    Neutral,
    /// Do not do this: the branch stays available, but last (L1057-1068).
    Negative,
}

/// Whose blackboards a flag node writes (the thesis broadcasts to every instance, with an option
/// to include the sender, L4782-4846).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagScope {
    /// The NPC's own blackboard.
    Myself,
    /// Every other behaviour-tree NPC of the world.
    Others,
    /// Every behaviour-tree NPC of the world, the sender included.
    Everyone,
    /// Every member of the groups the sender belongs to, the sender included (Ocio's broadcast
    /// scoped to a chain of command, L5006-5022); only the sender when it is in no group.
    Group,
}

/// How a condition node reports (L1602-1629, Table 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConditionMode {
    /// True succeeds, false fails.
    Precondition,
    /// True keeps running (beside a body in a Parallel), false fails.
    Assertion,
}

/// One node. Composites list their children in the tree's child table (`first..first+count`);
/// filters decorate the one child that follows them there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BtNode {
    /// Children in order; one finishes per step; the first failure fails it (L1251-1290).
    Sequence,
    /// Every child each step, single-threaded; the first child to finish decides (L1316-1352).
    Parallel,
    /// Children by priority, re-ordered by the hints of its named branches (L2047-2325); with
    /// no named branch, the static selector of L1383-1444.
    Selector,
    /// A test of the tree's condition tree `test` (L1602-1629).
    Condition {
        /// Index of the condition tree's root in [`super::BtTree::tests`].
        test: u32,
        /// Precondition or assertion.
        mode: ConditionMode,
    },
    /// Restarts its child whenever it succeeds: never succeeds (L1683-1708, Table 8).
    Loop,
    /// Loops its child while `test` holds; succeeds once it does not (L1720-1768, Table 9).
    ConditionalLoop {
        /// The condition tree tested before each step.
        test: u32,
    },
    /// Restarts its child whenever it fails: never fails (L1778-1817, Table 10).
    RunUntilSucceeded,
    /// Steps its child while `test` holds, fails otherwise (L1825-1843, Table 11).
    ConditionalExecution {
        /// The condition tree tested before each step.
        test: u32,
    },
    /// Swaps success and failure, keeps errors (L1855-1879, Table 12).
    Not,
    /// Failure becomes success (L1889-1919, Table 13).
    IgnoreFailure,
    /// Loops its child for `seconds` of world time from its start, then succeeds. The thesis
    /// lists the node with a `Duration` property defaulting to 1.0 but gives no semantics
    /// (L4347-4359); this is the reading its name and property suggest.
    TimedLoop {
        /// How long it loops, > 0.
        seconds: f64,
    },
    /// Performs a motive action (its claims, events and ambiance as for any brain); succeeds or
    /// fails with the engine's report.
    Action {
        /// The action.
        action: ActionId,
        /// Where the target comes from: `None`, the nearest supplier the NPC perceives; a key,
        /// the entity held there on the NPC's blackboard (which must supply the action). A
        /// missing, dead or unsuitable target fails the leaf.
        target: Option<AttributeId>,
    },
    /// Runs the engine's action callback for this id (for what data cannot express): called
    /// with `Start` when the leaf starts (an `Error` fails the start), `Step` every tick until
    /// it returns anything but `InProgress`, and `Stop` when the leaf is left, finished or
    /// abandoned. Without a callback set the leaf fails.
    Call(BtCallbackId),
    /// Hands a goal to a planner (GOAP or UDGOAP) and performs the plan as its body: a reactive
    /// tree on top, a planner for the hard parts. Plans when it starts, within the archetype's
    /// expansion limit; succeeds when the whole plan has been performed (at once when the goal
    /// needs no step), fails when there is no plan or a step fails.
    Plan(PlanGoal),
    /// Writes a flag (a bool attribute) on blackboards when it starts and succeeds at once:
    /// `true` sets it, `false` removes it (L4852-4866). Flags are messages between NPCs, not
    /// acts on the world: high-level layers may hold them (the disguise layer, L4765-4933).
    Flag {
        /// The flag, a bool attribute of the domain.
        flag: AttributeId,
        /// Set (true) or remove (false).
        value: bool,
        /// Whose blackboards.
        scope: FlagScope,
    },
    /// A hint to the tree one layer below, sent when the node starts; succeeds at once
    /// (L2878-2908). `Neutral` retracts it.
    Hint {
        /// Which hint.
        hint: HintId,
        /// Its new state.
        state: HintState,
    },
}

impl BtNode {
    /// How many children the node takes: `None` for composites (one or more), `Some(1)` for
    /// filters, `Some(0)` for leaves.
    pub fn arity(&self) -> Option<u32> {
        match self {
            BtNode::Sequence | BtNode::Parallel | BtNode::Selector => None,
            BtNode::Loop
            | BtNode::ConditionalLoop { .. }
            | BtNode::RunUntilSucceeded
            | BtNode::ConditionalExecution { .. }
            | BtNode::Not
            | BtNode::IgnoreFailure
            | BtNode::TimedLoop { .. } => Some(1),
            BtNode::Condition { .. }
            | BtNode::Action { .. }
            | BtNode::Call(_)
            | BtNode::Plan(_)
            | BtNode::Flag { .. }
            | BtNode::Hint { .. } => Some(0),
        }
    }

    /// The node's kind as the JSON format names it (`conditional_loop`).
    pub fn kind_name(&self) -> &'static str {
        match self {
            BtNode::Sequence => "sequence",
            BtNode::Parallel => "parallel",
            BtNode::Selector => "selector",
            BtNode::Condition {
                mode: ConditionMode::Precondition,
                ..
            } => "precondition",
            BtNode::Condition { .. } => "assertion",
            BtNode::Loop => "loop",
            BtNode::ConditionalLoop { .. } => "conditional_loop",
            BtNode::RunUntilSucceeded => "run_until_succeeded",
            BtNode::ConditionalExecution { .. } => "conditional_execution",
            BtNode::Not => "not",
            BtNode::IgnoreFailure => "ignore_failure",
            BtNode::TimedLoop { .. } => "timed_loop",
            BtNode::Action { .. } => "action",
            BtNode::Call(_) => "call",
            BtNode::Plan(_) => "plan",
            BtNode::Flag { .. } => "flag",
            BtNode::Hint { .. } => "hint",
        }
    }

    /// True for nodes that act on the world (a callback action is the engine acting): a
    /// high-level layer may not hold them, it hints instead (L2402, L2870).
    pub fn acts(&self) -> bool {
        matches!(
            self,
            BtNode::Action { .. } | BtNode::Call(_) | BtNode::Plan(_)
        )
    }
}
