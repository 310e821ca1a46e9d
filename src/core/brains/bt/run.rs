//! One tree running for one NPC: the node semantics of the thesis's code (digest §1.3, the
//! truth tables of 002_37948445dded21f3.txt:1298-1919) over flat per-node state, and the
//! hint-aware selector's buckets (L2047-2325, Table 14).
//!
//! Readings where the thesis is loose, each tested:
//! - A filter that restarts its child (Loop, ConditionalLoop, RunUntilSucceeded, TimedLoop)
//!   honours the child's `start`: a child that cannot restart is an error (the thesis ignores
//!   the result, L1683-1695, digest §1.9).
//! - A hint restarts the tree only when its state changes (L1999-2025); the thesis's hint node
//!   re-applies hints on every start (L2893-2896), which under a loop would restart the tree
//!   below every tick.
//! - Table 5's false assertion "succeeds", but the code fails it (L1602-1611): we follow the code.

use std::mem::size_of;
use std::sync::Arc;

use crate::core::model::bt::{BtNode, BtTest, BtTree, ConditionMode, HintId, HintState};

use super::callbacks::CallPhase;
use super::host::BtHost;
use super::status::Status;

/// A tree and its running state.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct TreeRun {
    #[serde(with = "crate::core::model::save_context::tree_ref")]
    tree: Arc<BtTree>,
    /// Per node: started and not yet stopped.
    running: Vec<bool>,
    /// Per composite: the position, in its order, of the child it is on.
    cursor: Vec<u32>,
    /// Parallel to the tree's child table: each selector's children in hinted order.
    order: Vec<u32>,
    /// Per timed loop: world time it started.
    since: Vec<f64>,
    /// Per exposed hint: its state.
    hints: Vec<HintState>,
}

impl TreeRun {
    /// `tree`, stopped, every hint neutral (L2864).
    pub fn new(tree: Arc<BtTree>) -> Self {
        let nodes = tree.nodes().len();
        let order = tree.children.clone();
        let hints = vec![HintState::Neutral; tree.exposed().len()];
        TreeRun {
            running: vec![false; nodes],
            cursor: vec![0; nodes],
            since: vec![0.0; nodes],
            order,
            hints,
            tree,
        }
    }

    /// Heap bytes a run of `tree` takes: per node, whether it runs, its cursor and its start
    /// time; the hinted order of the child table; a state per exposed hint.
    pub(crate) fn bytes_for(tree: &BtTree) -> usize {
        let per_node = size_of::<bool>() + size_of::<u32>() + size_of::<f64>();
        tree.nodes().len() * per_node
            + tree.children.len() * size_of::<u32>()
            + tree.exposed().len() * size_of::<HintState>()
    }

    /// Starts loading the per-node state a step reads ([`crate::prefetch`]).
    pub(crate) fn prefetch(&self) {
        crate::prefetch::all(&self.running);
        crate::prefetch::all(&self.cursor);
        crate::prefetch::all(&self.hints);
        crate::prefetch::all(&self.order);
    }

    /// Whether its state fits its tree (a decoded run is checked before use): every vector
    /// sized from the tree, each cursor on one of its node's children (past the last once the
    /// node ended), and each span of the hinted order the node's own children, each once.
    pub(crate) fn fits_tree(&self, now: f64) -> bool {
        let tree = &*self.tree;
        let nodes = tree.nodes().len();
        let sized = self.running.len() == nodes
            && self.cursor.len() == nodes
            && self.since.len() == nodes
            && self.order.len() == tree.children.len()
            && self.hints.len() == tree.exposed().len();
        sized
            && self.since.iter().all(|&t| t.is_finite() && t <= now)
            && (0..nodes).all(|n| {
                let (first, count) = tree.spans[n];
                let span = first as usize..(first + count) as usize;
                let Some(children) = tree.children.get(span.clone()) else {
                    return false;
                };
                let order = &self.order[span];
                // A composite that ended keeps its cursor past its last child until it
                // starts again; a running one is on a child.
                let cursor = self.cursor[n] as usize;
                let on_child = cursor < children.len() || (children.is_empty() && cursor == 0);
                (on_child || (!self.running[n] && cursor == children.len()))
                    && order
                        .iter()
                        .enumerate()
                        .all(|(i, c)| children.contains(c) && !order[..i].contains(c))
            })
    }

    /// The tree it runs.
    pub fn tree(&self) -> &Arc<BtTree> {
        &self.tree
    }

    /// True while its root runs.
    pub fn is_running(&self) -> bool {
        self.running[0]
    }

    /// Per node, whether it runs now (the running path, for explanations).
    pub fn running_nodes(&self) -> &[bool] {
        &self.running
    }

    /// The running nodes from the root down, each the running child of the one before (the
    /// first running child, under a Parallel): why the tree does what it does.
    pub fn running_path(&self) -> Vec<u32> {
        let mut path = Vec::new();
        let mut node = 0u32;
        while self.running[node as usize] {
            path.push(node);
            let children = self.tree.children(node);
            match children.iter().find(|&&c| self.running[c as usize]) {
                Some(&next) => node = next,
                None => break,
            }
        }
        path
    }

    /// The state of `hint`; Neutral when the tree does not expose it.
    pub fn hint(&self, hint: HintId) -> HintState {
        self.tree
            .hint_index(hint)
            .map_or(HintState::Neutral, |i| self.hints[i])
    }

    /// Where composite `node` is in its children (its order, for a selector): those before
    /// finished (a selector's failed), the one at it runs.
    pub fn cursor(&self, node: u32) -> u32 {
        self.cursor[node as usize]
    }

    /// The children of selector `node` in the order it tries them now.
    pub fn order(&self, node: u32) -> &[u32] {
        let (first, count) = self.tree.spans[node as usize];
        &self.order[first as usize..(first + count) as usize]
    }

    /// One tick: starts the root if it is not running, steps it, and stops it when it is done.
    /// Every tick starts at the root and the running nodes hold the cursor (L1921-1947).
    pub fn step(&mut self, host: &mut impl BtHost) -> Status {
        if !self.running[0] && !self.start(0, host) {
            return Status::Error;
        }
        let status = self.step_node(0, host);
        if status != Status::InProgress {
            self.stop(0, host);
        }
        status
    }

    /// Stops every running node.
    pub fn stop_all(&mut self, host: &mut impl BtHost) {
        if self.running[0] {
            self.stop(0, host);
        }
    }

    /// Sets `hint` to `state`. When that changes it, the selectors whose branches it names are
    /// re-ordered and the tree restarts at its next step (L2045, L2122). A hint the tree does
    /// not expose changes nothing. Returns whether it changed.
    pub fn set_hint(&mut self, hint: HintId, state: HintState, host: &mut impl BtHost) -> bool {
        let Some(at) = self.tree.hint_index(hint) else {
            return false;
        };
        if self.hints[at] == state {
            return false;
        }
        self.hints[at] = state;
        self.reorder();
        self.stop_all(host);
        true
    }

    /// Every hint back to neutral: what an upper layer's end does to this one (L2537-2590).
    pub fn clear_hints(&mut self, host: &mut impl BtHost) {
        if self.hints.iter().any(|&h| h != HintState::Neutral) {
            self.hints.fill(HintState::Neutral);
            self.reorder();
            self.stop_all(host);
        }
    }

    /// Re-sorts every selector's children into Positive ++ Neutral ++ Negative, each bucket in
    /// authored order (Table 14).
    fn reorder(&mut self) {
        let tree = &*self.tree;
        for (node, kind) in tree.nodes().iter().enumerate() {
            if *kind != BtNode::Selector {
                continue;
            }
            let (first, count) = tree.spans[node];
            let range = first as usize..(first + count) as usize;
            let state = |i: usize| {
                tree.branch_hints[i]
                    .and_then(|h| tree.hint_index(h))
                    .map_or(HintState::Neutral, |at| self.hints[at])
            };
            let slots = &mut self.order[range.clone()];
            let mut pos = 0;
            for bucket in [HintState::Positive, HintState::Neutral, HintState::Negative] {
                for i in range.clone() {
                    if state(i) == bucket {
                        slots[pos] = tree.children[i];
                        pos += 1;
                    }
                }
            }
        }
    }

    fn child(&self, node: u32) -> u32 {
        self.tree.children[self.tree.spans[node as usize].0 as usize]
    }

    fn start(&mut self, node: u32, host: &mut impl BtHost) -> bool {
        let n = node as usize;
        self.cursor[n] = 0;
        let started = match self.tree.nodes[n] {
            BtNode::Sequence => self.start(self.child(node), host),
            BtNode::Selector => self.start(self.order(node)[0], host),
            BtNode::Parallel => {
                let (first, count) = self.tree.spans[n];
                (first..first + count).all(|i| self.start(self.tree.children[i as usize], host))
            }
            BtNode::Condition { .. } => true,
            BtNode::TimedLoop { .. } => {
                self.since[n] = host.now();
                self.start(self.child(node), host)
            }
            // The child of a gate starts only while its test holds: started regardless, an
            // action gated off was requested from the engine and cancelled at the step (or a
            // `call` heard Start and Stop) on every think. The gate runs either way; its step
            // answers for a false test, and starts the child once the test holds.
            BtNode::ConditionalLoop { test } | BtNode::ConditionalExecution { test } => {
                !self.test(test, host) || self.start(self.child(node), host)
            }
            BtNode::Loop | BtNode::RunUntilSucceeded | BtNode::Not | BtNode::IgnoreFailure => {
                self.start(self.child(node), host)
            }
            BtNode::Action { action, target } => host.start_action(node, action, target),
            BtNode::Call(callback) => host.call(node, callback, CallPhase::Start) != Status::Error,
            BtNode::Plan(goal) => host.start_plan(node, goal),
            BtNode::Hint { hint, state } => {
                host.send_hint(hint, state);
                true
            }
            BtNode::Flag { flag, value, scope } => {
                host.set_flag(flag, value, scope);
                true
            }
        };
        self.running[n] = started;
        if !started {
            // A parallel may have started children before one refused: they must hear their
            // stop now, since `stop` never reaches below a node that is not running.
            self.stop_children(node, host);
        }
        started
    }

    fn stop(&mut self, node: u32, host: &mut impl BtHost) {
        let n = node as usize;
        if !self.running[n] {
            return;
        }
        self.running[n] = false;
        match self.tree.nodes[n] {
            BtNode::Call(callback) => {
                host.call(node, callback, CallPhase::Stop);
            }
            kind if kind.acts() => host.stop_action(node),
            _ => {}
        }
        self.stop_children(node, host);
    }

    fn stop_children(&mut self, node: u32, host: &mut impl BtHost) {
        let (first, count) = self.tree.spans[node as usize];
        for i in first..first + count {
            self.stop(self.tree.children[i as usize], host);
        }
    }

    /// Stops `child` and starts it again: a looping filter's restart.
    fn restart(&mut self, child: u32, host: &mut impl BtHost) -> Status {
        self.stop(child, host);
        match self.start(child, host) {
            true => Status::InProgress,
            false => Status::Error,
        }
    }

    fn step_node(&mut self, node: u32, host: &mut impl BtHost) -> Status {
        let n = node as usize;
        match self.tree.nodes[n] {
            BtNode::Sequence => {
                let children = self.tree.spans[n].1;
                let current = self.tree.children(node)[self.cursor[n] as usize];
                let status = self.step_node(current, host);
                if status != Status::Succeeded {
                    return status;
                }
                self.stop(current, host);
                self.cursor[n] += 1;
                if self.cursor[n] == children {
                    return Status::Succeeded;
                }
                let next = self.tree.children(node)[self.cursor[n] as usize];
                self.started(next, host)
            }
            BtNode::Selector => {
                let children = self.tree.spans[n].1;
                let current = self.order(node)[self.cursor[n] as usize];
                let status = self.step_node(current, host);
                if status != Status::Failed {
                    return status;
                }
                self.stop(current, host);
                self.cursor[n] += 1;
                if self.cursor[n] == children {
                    return Status::Failed;
                }
                let next = self.order(node)[self.cursor[n] as usize];
                self.started(next, host)
            }
            BtNode::Parallel => {
                let (first, count) = self.tree.spans[n];
                for i in first..first + count {
                    let status = self.step_node(self.tree.children[i as usize], host);
                    if status != Status::InProgress {
                        return status;
                    }
                }
                Status::InProgress
            }
            BtNode::Condition { test, mode } => match (self.test(test, host), mode) {
                (true, ConditionMode::Precondition) => Status::Succeeded,
                (true, ConditionMode::Assertion) => Status::InProgress,
                (false, _) => Status::Failed,
            },
            BtNode::Loop => {
                let child = self.child(node);
                match self.step_node(child, host) {
                    Status::Succeeded => self.restart(child, host),
                    other => other,
                }
            }
            BtNode::ConditionalLoop { test } => {
                if !self.test(test, host) {
                    return Status::Succeeded;
                }
                let child = self.child(node);
                if !self.running[child as usize] {
                    return self.started(child, host);
                }
                match self.step_node(child, host) {
                    Status::Succeeded => self.restart(child, host),
                    other => other,
                }
            }
            BtNode::RunUntilSucceeded => {
                let child = self.child(node);
                match self.step_node(child, host) {
                    Status::Failed => self.restart(child, host),
                    other => other,
                }
            }
            BtNode::ConditionalExecution { test } => {
                if !self.test(test, host) {
                    return Status::Failed;
                }
                let child = self.child(node);
                match self.running[child as usize] {
                    true => self.step_node(child, host),
                    false => self.started(child, host),
                }
            }
            BtNode::Not => match self.step_node(self.child(node), host) {
                Status::Succeeded => Status::Failed,
                Status::Failed => Status::Succeeded,
                other => other,
            },
            BtNode::IgnoreFailure => match self.step_node(self.child(node), host) {
                Status::Failed => Status::Succeeded,
                other => other,
            },
            BtNode::TimedLoop { seconds } => {
                if host.now() - self.since[n] >= seconds {
                    return Status::Succeeded;
                }
                let child = self.child(node);
                match self.step_node(child, host) {
                    Status::Succeeded => self.restart(child, host),
                    other => other,
                }
            }
            BtNode::Action { .. } | BtNode::Plan(_) => host.step_action(node),
            BtNode::Call(callback) => host.call(node, callback, CallPhase::Step),
            BtNode::Hint { .. } | BtNode::Flag { .. } => Status::Succeeded,
        }
    }

    /// Starts the next child of a composite: in progress, or an error when it cannot start.
    fn started(&mut self, child: u32, host: &mut impl BtHost) -> Status {
        match self.start(child, host) {
            true => Status::InProgress,
            false => Status::Error,
        }
    }

    /// Evaluates the condition tree at `at`, short-circuiting And and Or.
    fn test(&self, at: u32, host: &mut impl BtHost) -> bool {
        match &self.tree.tests[at as usize] {
            BtTest::And { first, count } => (*first..first + count).all(|i| self.test(i, host)),
            BtTest::Or { first, count } => (*first..first + count).any(|i| self.test(i, host)),
            BtTest::Not { child } => !self.test(*child, host),
            BtTest::Fact(condition) => host.holds(condition),
            BtTest::Hint(hint) => self.hint(*hint) == HintState::Positive,
            BtTest::Flag(flag) => host.flag(*flag),
            BtTest::Ask(callback) => host.ask(*callback),
        }
    }
}
