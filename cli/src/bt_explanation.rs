//! Explaining a behaviour-tree NPC: each layer, highest first, with the hints it holds, its
//! selectors' current order and the path that runs now.

use std::fmt::Write as _;
use std::sync::Arc;

use motive::core::brains::bt::{BtMind, TreeRun};
use motive::core::model::bt::{BtNode, BtTree, HintState, PlanGoal};
use motive::core::World;

/// The layers of `bt`, each with its hints and running path.
pub fn explain(out: &mut String, world: &World, bt: &BtMind) {
    let domain = world.domain();
    let _ = writeln!(out, "\nbehaviour-tree layers (highest first):");
    if bt.layers.is_empty() {
        let _ = writeln!(out, "  none: the NPC does nothing");
    }
    for (level, run) in bt.layers.runs().enumerate() {
        let tree = run.tree();
        let _ = writeln!(out, "  {}. {}", level + 1, tree_name(world, tree));
        let hints: Vec<String> = tree
            .exposed()
            .iter()
            .map(|&h| format!("{} {}", domain.hints().name(h.0), hint_word(run.hint(h))))
            .collect();
        if !hints.is_empty() {
            let _ = writeln!(out, "     hints: {}", hints.join(", "));
        }
        let path = running_path(world, run);
        let _ = writeln!(
            out,
            "     running: {}",
            if path.is_empty() {
                "nothing".to_owned()
            } else {
                path.join(" > ")
            }
        );
    }
    match bt.stepped {
        Some(time) => {
            let _ = writeln!(out, "\nlast step at {time:.2} s");
        }
        None => {
            let _ = writeln!(out, "\nno step yet");
        }
    }
}

/// The running nodes of `run`, root first; a selector shows the order its hints gave it.
fn running_path(world: &World, run: &TreeRun) -> Vec<String> {
    let path = run.running_path();
    path.iter()
        .map(|&node| describe(world, run, node))
        .collect()
}

fn describe(world: &World, run: &TreeRun, node: u32) -> String {
    let domain = world.domain();
    let tree = run.tree();
    match tree.nodes()[node as usize] {
        BtNode::Action { action, target } => {
            let on = target.map_or(String::new(), |key| {
                let name = domain.attribute(key).map_or("?", |a| a.name.as_str());
                format!(" on blackboard {name}")
            });
            format!("action {}{on}", domain.actions().name(action.0))
        }
        BtNode::Call(callback) => format!("call {}", domain.bt_callbacks().name(callback.0)),
        BtNode::Plan(PlanGoal::Goap(goal)) => {
            format!("plan {} (GOAP)", domain.goap_goals().name(goal.0))
        }
        BtNode::Plan(PlanGoal::Udgoap(goal)) => {
            format!("plan {} (UDGOAP)", domain.goals().name(goal.0))
        }
        BtNode::Hint { hint, state } => {
            format!("hint {} {}", domain.hints().name(hint.0), hint_word(state))
        }
        BtNode::Selector => {
            // Branches before the cursor were tried and failed this time round; the one at it
            // runs; those after are not tried.
            let cursor = run.cursor(node) as usize;
            let order: Vec<String> = run
                .order(node)
                .iter()
                .enumerate()
                .map(|(at, &child)| {
                    let name = branch_name(world, tree, node, child);
                    match at.cmp(&cursor) {
                        std::cmp::Ordering::Less => format!("{name} (failed)"),
                        std::cmp::Ordering::Equal => format!("{name} (running)"),
                        std::cmp::Ordering::Greater => name,
                    }
                })
                .collect();
            format!("selector [{}]", order.join(", "))
        }
        other => other.kind_name().to_owned(),
    }
}

/// A selector branch's hint name, or its position when it is not named.
fn branch_name(world: &World, tree: &BtTree, selector: u32, child: u32) -> String {
    let at = tree
        .children(selector)
        .iter()
        .position(|&c| c == child)
        .unwrap_or(0);
    match tree.branch_hints(selector)[at] {
        Some(hint) => world.domain().hints().name(hint.0).to_owned(),
        None => format!("#{}", at + 1),
    }
}

fn hint_word(state: HintState) -> &'static str {
    match state {
        HintState::Positive => "+",
        HintState::Neutral => "(neutral)",
        HintState::Negative => "-",
    }
}

/// The domain's name of `tree` (layers share the domain's trees).
pub fn tree_name(world: &World, tree: &Arc<BtTree>) -> String {
    let trees = world.domain().bt_trees();
    let id = trees.items().iter().position(|t| Arc::ptr_eq(t, tree));
    id.map_or_else(
        || "(a tree)".to_owned(),
        |id| trees.name(id as u32).to_owned(),
    )
}
