//! Behaviour trees in JSON: the domain's `"behaviour_trees"` (`{ name, root }`, a node per
//! object) and an archetype's `"behaviour_trees"` (its layers, the base tree first).
//!
//! A node is an object with one key naming its kind: `sequence`, `parallel` and `selector`
//! take a list (a selector's entries may be `{ "branch": HINT, "do": node }`, which names the
//! branch so that a layer above can hint it); `loop`, `run_until_succeeded`, `not` and
//! `ignore_failure` take a node; `conditional_loop` takes `{ "while": test, "do": node }`,
//! `conditional_execution` `{ "if": test, "do": node }`, `timed_loop` `{ "seconds", "do" }`;
//! `precondition` and `assertion` take a test; `action` names an action; `plan` names a GOAP
//! goal (a UDGOAP goal with `"planner": "udgoap"`), planned for when the node starts and
//! performed as its body (an action's `"target"`
//! names an entity attribute whose blackboard entry is the target, instead of the nearest
//! supplier); `call` names an engine callback action; `hint` names a hint,
//! with `"state"` `positive` (the default), `negative` or `neutral`; `flag` names a bool
//! attribute, with `"value"` (true sets it, false removes it; true by default) and `"to"`
//! (`myself`, `others`, `everyone`, the default, or `group`). A test is `{ "all": [..] }`,
//! `{ "any": [..] }`, `{ "not": test }`, `{ "hint": HINT }`, `{ "flag": FLAG }`,
//! `{ "ask": CALLBACK }` (an engine callback condition) or a condition.

use super::loading::Loading;
use super::reader::{Node, Obj};
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::bt::{
    BtBuilder, BtCallbackId, BtNode, BtTreeId, ConditionMode, FlagScope, HintState, PlanGoal,
    TestExpr,
};
use crate::core::model::goal::GoalId;
use crate::core::model::goap::GoapGoalId;
use crate::core::AttributeId;

/// The kinds of node, the keys that name them.
const NODE_KINDS: &[&str] = &[
    "sequence",
    "parallel",
    "selector",
    "loop",
    "run_until_succeeded",
    "not",
    "ignore_failure",
    "conditional_loop",
    "conditional_execution",
    "timed_loop",
    "precondition",
    "assertion",
    "action",
    "call",
    "plan",
    "hint",
    "flag",
];

/// Keys a node may have beside its kind's: an action's target, a hint's state, a flag's value
/// and scope.
const EXTRAS: &[(&str, &[&str])] = &[
    ("action", &["target"]),
    ("plan", &["planner"]),
    ("hint", &["state"]),
    ("flag", &["value", "to"]),
];

/// Every key of [`EXTRAS`].
const EXTRA_KEYS: &[&str] = &["target", "planner", "state", "value", "to"];

const FLAG_SCOPES: &[&str] = &["myself", "others", "everyone", "group"];

const HINT_STATES: &[&str] = &["positive", "neutral", "negative"];

impl Loading {
    /// A behaviour tree: `{ name, root }`.
    pub fn bt_tree(&mut self, node: &Node) {
        let Some((obj, name)) = self.named(node, &["root"]) else {
            return;
        };
        let mut builder = BtBuilder::new();
        let built = obj
            .require(&mut self.ctx, "root")
            .and_then(|root| self.bt_node(&mut builder, &root));
        let added = built.and_then(|()| {
            let tree = self.check(&node.path, builder.finish())?;
            Some(self.builder.add_bt_tree(name, tree).map(|t| t.0))
        });
        if let Some(id) = self.define(&node.path, name, |r| &mut r.bt_trees, added) {
            self.paths.bt_trees.insert(id, node.path.clone());
        }
    }

    /// An archetype's `"behaviour_trees": [name]`, its layers from the base tree up. Warns when
    /// a layer sends a hint the layer below does not expose (it would change nothing), and when
    /// a high-level layer has a parallel.
    pub fn archetype_bt(&mut self, obj: &Obj, id: ArchetypeId) {
        let Some(node) = obj.get("behaviour_trees") else {
            return;
        };
        let names = self.ctx.array(&node);
        let layers: Vec<(BtTreeId, Node)> = names
            .into_iter()
            .filter_map(|n| Some((BtTreeId(self.refs.bt_trees.resolve(&mut self.ctx, &n)?), n)))
            .collect();
        if layers.is_empty() {
            self.ctx
                .error(&node.path, "list the base tree, then any layers above it");
            return;
        }
        let ids: Vec<BtTreeId> = layers.iter().map(|(t, _)| *t).collect();
        let set = self.builder.set_archetype_bt(id, &ids);
        if self.check(&node.path, set).is_none() {
            return;
        }
        for (tree, at) in &layers[1..] {
            let trees = self.builder.domain().bt_trees();
            if trees.items()[tree.0 as usize].has_parallel() {
                let message = format!(
                    "layer {:?} has a parallel: in a high-level layer the order of its children \
                     decides between conflicting hints (L2910-2917)",
                    trees.name(tree.0)
                );
                self.ctx.warn(&at.path, message);
            }
        }
        for pair in layers.windows(2) {
            let [(below, _), (above, at)] = pair else {
                continue;
            };
            let trees = self.builder.domain().bt_trees();
            let exposed = trees.items()[below.0 as usize].exposed().to_vec();
            for hint in trees.items()[above.0 as usize].sent_hints() {
                if exposed.binary_search(&hint).is_err() {
                    let message = format!(
                        "layer {:?} sends hint {:?}, which the layer below ({:?}) does not \
                         expose: it changes nothing",
                        trees.name(above.0),
                        self.builder.domain().hints().name(hint.0),
                        trees.name(below.0)
                    );
                    self.ctx.warn(&at.path, message);
                }
            }
        }
    }

    /// Adds `node` (and what it holds) to `b`.
    fn bt_node(&mut self, b: &mut BtBuilder, node: &Node) -> Option<()> {
        let obj = self.ctx.object(node, &[NODE_KINDS, EXTRA_KEYS].concat())?;
        let kinds: Vec<usize> = (0..NODE_KINDS.len())
            .filter(|&k| obj.has(NODE_KINDS[k]))
            .collect();
        let [kind] = kinds[..] else {
            self.ctx.error(
                &node.path,
                format!("a node has one of {}", NODE_KINDS.join(", ")),
            );
            return None;
        };
        let extras = EXTRAS
            .iter()
            .find(|(k, _)| *k == NODE_KINDS[kind])
            .map_or(&[][..], |(_, e)| *e);
        for &extra in EXTRA_KEYS {
            if obj.has(extra) && !extras.contains(&extra) {
                let message = format!("a {} node has no {extra:?}", NODE_KINDS[kind]);
                self.ctx.error(&node.path, message);
                return None;
            }
        }
        let body = obj.get(NODE_KINDS[kind])?;
        match NODE_KINDS[kind] {
            composite @ ("sequence" | "parallel" | "selector") => {
                let node_kind = match composite {
                    "sequence" => BtNode::Sequence,
                    "parallel" => BtNode::Parallel,
                    _ => BtNode::Selector,
                };
                let started = b.start(node_kind);
                self.check(&body.path, started)?;
                let children = self.ctx.array(&body);
                for child in &children {
                    let child = match composite {
                        "selector" if child.json.get("branch").is_some() => {
                            let entry = self.ctx.object(child, &["branch", "do"])?;
                            let name = entry.str(&mut self.ctx, "branch")?;
                            let hint = self.builder.hint(name);
                            let hint = self.check(&child.path, hint)?;
                            let named = b.branch(hint);
                            self.check(&child.path, named)?;
                            entry.require(&mut self.ctx, "do")?
                        }
                        _ => child.clone(),
                    };
                    self.bt_node(b, &child)?;
                }
                let ended = b.end();
                self.check(&body.path, ended)
            }
            filter @ ("loop" | "run_until_succeeded" | "not" | "ignore_failure") => {
                let node_kind = match filter {
                    "loop" => BtNode::Loop,
                    "run_until_succeeded" => BtNode::RunUntilSucceeded,
                    "not" => BtNode::Not,
                    _ => BtNode::IgnoreFailure,
                };
                self.bt_filter(b, node_kind, &body, &body)
            }
            "conditional_loop" | "conditional_execution" => {
                let key = match NODE_KINDS[kind] {
                    "conditional_loop" => "while",
                    _ => "if",
                };
                let inner = self.ctx.object(&body, &[key, "do"])?;
                let test_node = inner.require(&mut self.ctx, key)?;
                let test = self.bt_test(&test_node)?;
                let test = b.test(&test);
                let test = self.check(&body.path, test)?;
                let node_kind = match key {
                    "while" => BtNode::ConditionalLoop { test },
                    _ => BtNode::ConditionalExecution { test },
                };
                let child = inner.require(&mut self.ctx, "do")?;
                self.bt_filter(b, node_kind, &body, &child)
            }
            "timed_loop" => {
                let inner = self.ctx.object(&body, &["seconds", "do"])?;
                let seconds = inner.number(&mut self.ctx, "seconds")?;
                let child = inner.require(&mut self.ctx, "do")?;
                self.bt_filter(b, BtNode::TimedLoop { seconds }, &body, &child)
            }
            mode @ ("precondition" | "assertion") => {
                let test = self.bt_test(&body)?;
                let test = b.test(&test);
                let test = self.check(&body.path, test)?;
                let mode = match mode {
                    "precondition" => ConditionMode::Precondition,
                    _ => ConditionMode::Assertion,
                };
                let added = b.leaf(BtNode::Condition { test, mode });
                self.check(&body.path, added)
            }
            "action" => {
                let action = ActionId(self.refs.actions.resolve(&mut self.ctx, &body)?);
                let target = match obj.get("target") {
                    Some(key) => Some(AttributeId(
                        self.refs.attributes.resolve(&mut self.ctx, &key)?,
                    )),
                    None => None,
                };
                let added = b.leaf(BtNode::Action { action, target });
                self.check(&node.path, added)
            }
            "call" => {
                let callback = self.bt_callback(&body)?;
                let added = b.leaf(BtNode::Call(callback));
                self.check(&body.path, added)
            }
            "plan" => {
                let planner = match obj.get("planner") {
                    Some(p) => self.ctx.choice(&p, &["goap", "udgoap"])?,
                    None => 0,
                };
                let goal = match planner {
                    0 => PlanGoal::Goap(GoapGoalId(
                        self.refs.goap_goals.resolve(&mut self.ctx, &body)?,
                    )),
                    _ => PlanGoal::Udgoap(GoalId(self.refs.goals.resolve(&mut self.ctx, &body)?)),
                };
                let added = b.leaf(BtNode::Plan(goal));
                self.check(&body.path, added)
            }
            "flag" => {
                let flag = self.refs.attributes.resolve(&mut self.ctx, &body)?;
                let value = obj.bool_or(&mut self.ctx, "value", true)?;
                let scope = match obj.get("to") {
                    Some(to) => [
                        FlagScope::Myself,
                        FlagScope::Others,
                        FlagScope::Everyone,
                        FlagScope::Group,
                    ][self.ctx.choice(&to, FLAG_SCOPES)?],
                    None => FlagScope::Everyone,
                };
                let added = b.leaf(BtNode::Flag {
                    flag: AttributeId(flag),
                    value,
                    scope,
                });
                self.check(&body.path, added)
            }
            _ => {
                let name = self.ctx.str(&body)?;
                let hint = self.builder.hint(name);
                let hint = self.check(&body.path, hint)?;
                let state = match obj.get("state") {
                    Some(s) => [HintState::Positive, HintState::Neutral, HintState::Negative]
                        [self.ctx.choice(&s, HINT_STATES)?],
                    None => HintState::Positive,
                };
                let added = b.leaf(BtNode::Hint { hint, state });
                self.check(&body.path, added)
            }
        }
    }

    /// Opens filter `kind` at `at`, adds `child` under it, closes it.
    fn bt_filter(
        &mut self,
        b: &mut BtBuilder,
        kind: BtNode,
        at: &Node,
        child: &Node,
    ) -> Option<()> {
        let started = b.start(kind);
        self.check(&at.path, started)?;
        self.bt_node(b, child)?;
        let ended = b.end();
        self.check(&at.path, ended)
    }

    /// The engine callback named at `node`, interned.
    fn bt_callback(&mut self, node: &Node) -> Option<BtCallbackId> {
        let name = self.ctx.str(node)?;
        let callback = self.builder.bt_callback(name);
        self.check(&node.path, callback)
    }

    /// A condition tree: `all`, `any`, `not`, `hint`, `flag`, `ask`, or a condition.
    fn bt_test(&mut self, node: &Node) -> Option<TestExpr> {
        const GROUPS: [&str; 6] = ["all", "any", "not", "hint", "flag", "ask"];
        let group = GROUPS.iter().position(|k| node.json.get(k).is_some());
        let Some(group) = group else {
            return self.condition(node).map(TestExpr::Fact);
        };
        let key = GROUPS[group];
        let obj = self.ctx.object(node, &[key])?;
        // The reader takes null for absent: said here, or the tree was refused in silence and
        // every reference to it resolved to nothing (a group's tree, its group gone).
        let Some(body) = obj.get(key) else {
            self.ctx
                .error(&node.path, format!("{key:?} is null: give it a test"));
            return None;
        };
        match key {
            "all" | "any" => {
                let operands: Option<Vec<TestExpr>> = self
                    .ctx
                    .array(&body)
                    .iter()
                    .map(|o| self.bt_test(o))
                    .collect();
                let operands = operands?;
                Some(match key {
                    "all" => TestExpr::And(operands),
                    _ => TestExpr::Or(operands),
                })
            }
            "not" => Some(TestExpr::Not(Box::new(self.bt_test(&body)?))),
            "flag" => {
                let flag = self.refs.attributes.resolve(&mut self.ctx, &body)?;
                Some(TestExpr::Flag(AttributeId(flag)))
            }
            "ask" => self.bt_callback(&body).map(TestExpr::Ask),
            _ => {
                let name = self.ctx.str(&body)?;
                let hint = self.builder.hint(name);
                self.check(&body.path, hint).map(TestExpr::Hint)
            }
        }
    }
}
