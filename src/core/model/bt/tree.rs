//! A built behaviour tree: nodes in pre-order (the root first), children in one flat table, the
//! condition trees in another, and the hints the tree exposes (named selector branches and hint
//! conditions, L2605-2866), each with the selectors that receive it.

use super::condition_tree::BtTest;
use super::node::{BtNode, HintId};
use crate::core::model::action::ActionId;

/// Most nodes one tree may have: a tree is authored, and its per-NPC state is sized by it.
pub const MAX_TREE_NODES: usize = 4096;

/// Deepest nesting of nodes (and of condition trees) one tree may have: running a tree
/// recurses that deep.
pub const MAX_TREE_DEPTH: usize = 64;

/// Most layers one NPC may stack: the thesis's are unbounded (L2923), but each costs its
/// tree's state, and a stack is pushed by callers. An archetype's authored layers, with room
/// for its adaptive layer if it has any, must fit.
pub const MAX_LAYERS: usize = 16;

/// A behaviour tree, immutable once built ([`super::BtBuilder`]).
#[derive(Clone, Debug, PartialEq)]
pub struct BtTree {
    pub(crate) nodes: Vec<BtNode>,
    /// Per node: its children's span in `children` (`first`, `count`).
    pub(crate) spans: Vec<(u32, u32)>,
    /// Every node's children, each node's contiguous.
    pub(crate) children: Vec<u32>,
    /// Parallel to `children`: the hint a selector's branch exposes (its name), if any.
    pub(crate) branch_hints: Vec<Option<HintId>>,
    /// Condition trees, flat.
    pub(crate) tests: Vec<BtTest>,
    /// The hints the tree exposes, sorted, each once.
    pub(crate) exposed: Vec<HintId>,
}

impl BtTree {
    /// Its nodes in pre-order; the root is node 0.
    pub fn nodes(&self) -> &[BtNode] {
        &self.nodes
    }

    /// The children of `node`, in authored order.
    pub fn children(&self, node: u32) -> &[u32] {
        let (first, count) = self.spans[node as usize];
        &self.children[first as usize..(first + count) as usize]
    }

    /// The hints of `node`'s branches, parallel to [`BtTree::children`] (a selector's).
    pub fn branch_hints(&self, node: u32) -> &[Option<HintId>] {
        let (first, count) = self.spans[node as usize];
        &self.branch_hints[first as usize..(first + count) as usize]
    }

    /// Condition trees, flat; nodes refer to their roots by index.
    pub fn tests(&self) -> &[BtTest] {
        &self.tests
    }

    /// The hints this tree exposes (a layer above may send them), sorted.
    pub fn exposed(&self) -> &[HintId] {
        &self.exposed
    }

    /// Where `hint` sits in [`BtTree::exposed`]; `None` when the tree does not expose it.
    pub fn hint_index(&self, hint: HintId) -> Option<usize> {
        self.exposed.binary_search(&hint).ok()
    }

    /// True when no node acts on the world: the tree can only hint the layer below (a
    /// high-level tree, L2402).
    pub fn hints_only(&self) -> bool {
        !self.nodes.iter().any(BtNode::acts)
    }

    /// The first action its action leaves perform that is not in `consumes` (an archetype's):
    /// such a tree cannot be that archetype's base layer.
    pub fn unconsumed_action(&self, consumes: &[ActionId]) -> Option<ActionId> {
        self.nodes.iter().find_map(|n| match n {
            BtNode::Action { action, .. } if !consumes.contains(action) => Some(*action),
            _ => None,
        })
    }

    /// True when the tree can lead a group: a group has no body, so the tree may only hint,
    /// and test only its own hints (no facts, flags or engine callbacks).
    pub fn can_lead_group(&self) -> bool {
        let tests_hints_only = self
            .tests
            .iter()
            .all(|t| !matches!(t, BtTest::Fact(_) | BtTest::Flag(_) | BtTest::Ask(_)));
        self.hints_only() && tests_hints_only
    }

    /// The hints this tree's hint nodes send, each once, sorted.
    pub fn sent_hints(&self) -> Vec<HintId> {
        let mut sent: Vec<HintId> = self
            .nodes
            .iter()
            .filter_map(|n| match n {
                BtNode::Hint { hint, .. } => Some(*hint),
                _ => None,
            })
            .collect();
        sent.sort_unstable();
        sent.dedup();
        sent
    }

    /// True when the tree has a Parallel: in a high-level tree the order of its children would
    /// decide between conflicting hints (L2910-2917), which lint reports.
    pub fn has_parallel(&self) -> bool {
        self.nodes.contains(&BtNode::Parallel)
    }
}
