//! Building a tree the way the thesis's Lua builder does (L3150-3438, Table 15): composites
//! and filters are opened and closed around their children, leaves are added in one call, and
//! a tree is checked before anyone can run it (L4084, L5032).

use crate::core::model::error::{Error, Result};

use super::condition_tree::{BtTest, TestExpr};
use super::node::{BtNode, HintId};
use super::tree::{BtTree, MAX_TREE_DEPTH, MAX_TREE_NODES};

/// A node opened and not yet closed, with the children added to it so far.
#[derive(Clone)]
struct Open {
    node: u32,
    children: Vec<u32>,
    hints: Vec<Option<HintId>>,
}

/// Builds one [`BtTree`]. Every call checks what it can at once and leaves the builder as it
/// was when it fails.
#[derive(Clone, Default)]
pub struct BtBuilder {
    tree: Option<BtTree>,
    open: Vec<Open>,
    roots: u32,
    /// The hint the next child of the selector on top exposes.
    branch: Option<HintId>,
}

impl BtBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        BtBuilder::default()
    }

    fn tree(&mut self) -> &mut BtTree {
        self.tree.get_or_insert_with(|| BtTree {
            nodes: Vec::new(),
            spans: Vec::new(),
            children: Vec::new(),
            branch_hints: Vec::new(),
            tests: Vec::new(),
            exposed: Vec::new(),
        })
    }

    /// The nodes added so far, in pre-order.
    pub fn nodes(&self) -> &[BtNode] {
        self.tree.as_ref().map_or(&[], |t| &t.nodes)
    }

    /// The kinds of the open nodes, innermost last (Table 15's stack).
    pub fn stack(&self) -> Vec<BtNode> {
        self.open
            .iter()
            .map(|o| self.nodes()[o.node as usize])
            .collect()
    }

    /// Names the next child of the selector being built: the branch exposes `hint` (L3614-3730).
    pub fn branch(&mut self, hint: HintId) -> Result<()> {
        match self.open.last().map(|o| self.nodes()[o.node as usize]) {
            Some(BtNode::Selector) => {
                self.branch = Some(hint);
                Ok(())
            }
            _ => Err(Error::invalid("only a selector's branches can be named")),
        }
    }

    /// Adds a condition tree; nodes refer to it by the index returned.
    pub fn test(&mut self, expr: &TestExpr) -> Result<u32> {
        if test_depth(expr) > MAX_TREE_DEPTH {
            return Err(Error::invalid(format!(
                "a condition tree may nest at most {MAX_TREE_DEPTH} deep"
            )));
        }
        if test_count(expr) + self.nodes().len() > MAX_TREE_NODES {
            return Err(too_many());
        }
        let tests = &mut self.tree().tests;
        let at = tests.len() as u32;
        tests.push(BtTest::Not { child: 0 });
        flatten(expr, at, tests).inspect_err(|_| tests.truncate(at as usize))?;
        Ok(at)
    }

    /// Opens a composite or a filter: the nodes added until [`BtBuilder::end`] are its children.
    pub fn start(&mut self, node: BtNode) -> Result<()> {
        if node.arity() == Some(0) {
            return Err(Error::invalid(format!(
                "{node:?} is a leaf: add it, do not open it"
            )));
        }
        if self.open.len() >= MAX_TREE_DEPTH {
            return Err(Error::invalid(format!(
                "a tree may nest at most {MAX_TREE_DEPTH} deep"
            )));
        }
        let at = self.add(node)?;
        self.open.push(Open {
            node: at,
            children: Vec::new(),
            hints: Vec::new(),
        });
        Ok(())
    }

    /// Adds a leaf to the node being built (or as the root).
    pub fn leaf(&mut self, node: BtNode) -> Result<()> {
        if node.arity() != Some(0) {
            return Err(Error::invalid(format!("{node:?} takes children: open it")));
        }
        self.add(node).map(|_| ())
    }

    /// Closes the innermost open node, which must have its children: one or more for a
    /// composite, exactly one for a filter.
    pub fn end(&mut self) -> Result<()> {
        let Some(open) = self.open.last() else {
            return Err(Error::invalid("no node is open"));
        };
        let node = self.nodes()[open.node as usize];
        match (node.arity(), open.children.len()) {
            (None, 0) => return Err(Error::invalid(format!("{node:?} has no children"))),
            (Some(1), n) if n != 1 => {
                return Err(Error::invalid(format!(
                    "{node:?} decorates one node, not {n}"
                )))
            }
            _ => {}
        }
        let open = self.open.pop().expect("checked above");
        self.branch = None;
        let tree = self.tree();
        tree.spans[open.node as usize] = (tree.children.len() as u32, open.children.len() as u32);
        tree.children.extend(&open.children);
        tree.branch_hints.extend(&open.hints);
        Ok(())
    }

    /// The tree: every node closed, one root. Collects the hints it exposes.
    pub fn finish(mut self) -> Result<BtTree> {
        if !self.open.is_empty() {
            return Err(Error::invalid(format!(
                "{} nodes are still open",
                self.open.len()
            )));
        }
        if self.roots != 1 {
            return Err(Error::invalid("a tree has one root node"));
        }
        let mut tree = self.tree.take().expect("a root was added");
        let mut exposed: Vec<HintId> = tree.branch_hints.iter().flatten().copied().collect();
        exposed.extend(tree.tests.iter().filter_map(|t| match t {
            BtTest::Hint(hint) => Some(*hint),
            _ => None,
        }));
        exposed.sort_unstable();
        exposed.dedup();
        tree.exposed = exposed;
        Ok(tree)
    }

    fn add(&mut self, node: BtNode) -> Result<u32> {
        if self.nodes().len() + self.tests_len() >= MAX_TREE_NODES {
            return Err(too_many());
        }
        if let BtNode::Condition { test, .. }
        | BtNode::ConditionalLoop { test }
        | BtNode::ConditionalExecution { test } = node
        {
            if test as usize >= self.tests_len() {
                return Err(Error::invalid(format!("no condition tree {test}")));
            }
        }
        if let BtNode::TimedLoop { seconds } = node {
            if !(seconds.is_finite() && seconds > 0.0) {
                return Err(Error::invalid(format!(
                    "a timed loop runs for a finite time > 0, not {seconds}"
                )));
            }
        }
        match self.open.last() {
            None if self.roots > 0 => return Err(Error::invalid("a tree has one root node")),
            None => self.roots += 1,
            Some(_) => {}
        }
        let branch = self.branch.take();
        let tree = self.tree();
        let at = tree.nodes.len() as u32;
        tree.nodes.push(node);
        tree.spans.push((0, 0));
        if let Some(open) = self.open.last_mut() {
            open.children.push(at);
            open.hints.push(branch);
        }
        Ok(at)
    }

    fn tests_len(&self) -> usize {
        self.tree.as_ref().map_or(0, |t| t.tests.len())
    }
}

fn too_many() -> Error {
    Error::invalid(format!(
        "a tree may have at most {MAX_TREE_NODES} nodes and condition nodes"
    ))
}

fn test_depth(expr: &TestExpr) -> usize {
    1 + match expr {
        TestExpr::And(all) | TestExpr::Or(all) => all.iter().map(test_depth).max().unwrap_or(0),
        TestExpr::Not(one) => test_depth(one),
        TestExpr::Fact(_) | TestExpr::Hint(_) | TestExpr::Flag(_) | TestExpr::Ask(_) => 0,
    }
}

fn test_count(expr: &TestExpr) -> usize {
    1 + match expr {
        TestExpr::And(all) | TestExpr::Or(all) => all.iter().map(test_count).sum(),
        TestExpr::Not(one) => test_count(one),
        TestExpr::Fact(_) | TestExpr::Hint(_) | TestExpr::Flag(_) | TestExpr::Ask(_) => 0,
    }
}

/// Writes `expr` at `at` (a reserved entry), its operands after the table's end, each group
/// contiguous.
fn flatten(expr: &TestExpr, at: u32, tests: &mut Vec<BtTest>) -> Result<()> {
    let flat = match expr {
        TestExpr::And(all) | TestExpr::Or(all) => {
            if all.is_empty() {
                return Err(Error::invalid("And and Or take one operand or more"));
            }
            let first = tests.len() as u32;
            tests.extend(all.iter().map(|_| BtTest::Not { child: 0 }));
            for (i, operand) in all.iter().enumerate() {
                flatten(operand, first + i as u32, tests)?;
            }
            let count = all.len() as u32;
            match expr {
                TestExpr::And(_) => BtTest::And { first, count },
                _ => BtTest::Or { first, count },
            }
        }
        TestExpr::Not(one) => {
            let child = tests.len() as u32;
            tests.push(BtTest::Not { child: 0 });
            flatten(one, child, tests)?;
            BtTest::Not { child }
        }
        TestExpr::Fact(condition) => BtTest::Fact(condition.clone()),
        TestExpr::Hint(hint) => BtTest::Hint(*hint),
        TestExpr::Flag(flag) => BtTest::Flag(*flag),
        TestExpr::Ask(callback) => BtTest::Ask(*callback),
    };
    tests[at as usize] = flat;
    Ok(())
}
