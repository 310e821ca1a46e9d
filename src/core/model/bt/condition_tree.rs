//! Condition trees (L1466-1571): short-circuit And and Or, Not, leaves, and the hint condition
//! of L2327-2384, which holds while the tree's hint is Positive.

use crate::core::model::condition::Condition;
use crate::core::model::domain::AttributeId;

use super::node::{BtCallbackId, HintId};

/// A condition tree as authored, nested; [`super::BtTree`] stores it flat ([`BtTest`]).
#[derive(Clone, Debug, PartialEq)]
pub enum TestExpr {
    /// Every operand holds.
    And(Vec<TestExpr>),
    /// Some operand holds.
    Or(Vec<TestExpr>),
    /// The operand does not hold.
    Not(Box<TestExpr>),
    /// A motive condition over the world's facts.
    Fact(Condition),
    /// The tree's hint is Positive.
    Hint(HintId),
    /// The flag is set on the NPC's blackboard.
    Flag(AttributeId),
    /// The engine's condition callback answers true for this id.
    Ask(BtCallbackId),
}

/// One node of a condition tree, flat. Operands of And and Or are the tree's test table entries
/// `first..first+count`, of Not the entry `child`.
#[derive(Clone, Debug, PartialEq)]
pub enum BtTest {
    /// Every operand holds; stops at the first that does not.
    And {
        /// First operand's index in [`super::BtTree::tests`].
        first: u32,
        /// Number of operands, ≥ 1.
        count: u32,
    },
    /// Some operand holds; stops at the first that does.
    Or {
        /// First operand's index.
        first: u32,
        /// Number of operands, ≥ 1.
        count: u32,
    },
    /// The operand does not hold.
    Not {
        /// The operand's index.
        child: u32,
    },
    /// A motive condition over the world's facts: the NPC is both the consumer and the
    /// supplier.
    Fact(Condition),
    /// The tree's hint is Positive. The thesis tests Positive only (L2379): a negative hint
    /// must not make a branch's precondition true.
    Hint(HintId),
    /// The flag is set on the NPC's blackboard (the thesis's CheckFlag, L4885-4890).
    Flag(AttributeId),
    /// The engine's condition callback answers true for this id (false without a callback).
    Ask(BtCallbackId),
}
