//! Hinted-execution behaviour trees against the thesis (002_37948445dded21f3.txt): every truth
//! table of its node semantics (Tables 4-13), the hinted selector's re-orderings (Table 14), the
//! builder's trace (Table 15), hint changes restarting a tree, and the layer stack's rules
//! (L2483-2603), with a scripted host standing in for the world.

use std::collections::HashMap;
use std::sync::Arc;

use motive::core::brains::bt::{BtHost, CallPhase, Layers, Status, TreeRun};
use motive::core::model::action::ActionId;
use motive::core::model::bt::PlanGoal;
use motive::core::model::bt::{
    BtBuilder, BtCallbackId, BtNode, BtTree, ConditionMode, FlagScope, HintId, HintState, TestExpr,
};
use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
use motive::core::model::goal::GoalId;
use motive::core::model::goap::GoapGoalId;
use motive::core::{AttributeId, Value};

use Status::{Error, Failed, InProgress, Succeeded};

/// A world of scripted leaves: each action answers its script, one status a step (the last
/// repeating); each condition is a boolean fact by attribute.
#[derive(Default)]
struct Script {
    actions: HashMap<u32, Vec<Status>>,
    facts: HashMap<u32, bool>,
    /// Action ids started and stopped, in order.
    started: Vec<u32>,
    stopped: Vec<u32>,
    sent: Vec<(HintId, HintState)>,
    now: f64,
    /// Per action id, steps taken.
    steps: HashMap<u32, usize>,
    /// Action nodes by tree node index, learnt at start.
    by_node: HashMap<u32, u32>,
    /// Flags set on the blackboard.
    flags: Vec<u32>,
    /// Action ids whose start the host refuses.
    refused: Vec<u32>,
}

impl BtHost for Script {
    fn now(&self) -> f64 {
        self.now
    }
    fn start_action(&mut self, node: u32, action: ActionId, _: Option<AttributeId>) -> bool {
        if self.refused.contains(&action.0) {
            return false;
        }
        self.started.push(action.0);
        self.by_node.insert(node, action.0);
        self.steps.insert(action.0, 0);
        true
    }
    /// A scripted plan is action `goal` (the script's entry for that id).
    fn start_plan(&mut self, node: u32, goal: PlanGoal) -> bool {
        let (PlanGoal::Goap(GoapGoalId(id)) | PlanGoal::Udgoap(GoalId(id))) = goal;
        self.start_action(node, ActionId(id), None)
    }
    /// A scripted callback action is action `callback` (the script's entry for that id); a
    /// callback condition the scripted fact `callback`.
    fn call(&mut self, node: u32, callback: BtCallbackId, phase: CallPhase) -> Status {
        match phase {
            CallPhase::Start => {
                self.start_action(node, ActionId(callback.0), None);
                Status::InProgress
            }
            CallPhase::Step => self.step_action(node),
            CallPhase::Stop => {
                self.stop_action(node);
                Status::InProgress
            }
        }
    }
    fn ask(&mut self, callback: BtCallbackId) -> bool {
        self.facts[&callback.0]
    }
    fn step_action(&mut self, node: u32) -> Status {
        let action = self.by_node[&node];
        let script = &self.actions[&action];
        let step = self.steps.get_mut(&action).unwrap();
        let status = script[(*step).min(script.len() - 1)];
        *step += 1;
        status
    }
    fn stop_action(&mut self, node: u32) {
        self.stopped.push(self.by_node[&node]);
    }
    fn holds(&mut self, condition: &Condition) -> bool {
        let Condition::Compare { attribute, .. } = condition else {
            panic!("scripted facts are comparisons");
        };
        self.facts[&attribute.0]
    }
    fn send_hint(&mut self, hint: HintId, state: HintState) {
        self.sent.push((hint, state));
    }
    fn flag(&mut self, flag: AttributeId) -> bool {
        self.flags.contains(&flag.0)
    }
    fn set_flag(&mut self, flag: AttributeId, value: bool, _: FlagScope) {
        self.flags.retain(|&f| f != flag.0);
        if value {
            self.flags.push(flag.0);
        }
    }
}

/// The scripted fact `fact` (a comparison the script answers by attribute).
fn fact(fact: u32) -> TestExpr {
    TestExpr::Fact(Condition::Compare {
        role: Role::Consumer,
        attribute: AttributeId(fact),
        op: CmpOp::Eq,
        rhs: Operand::Constant(Value::Bool(true)),
    })
}

fn action(id: u32) -> BtNode {
    BtNode::Action {
        action: ActionId(id),
        target: None,
    }
}

/// A composite or filter over action leaves `ids`.
fn over(node: BtNode, ids: &[u32]) -> Arc<BtTree> {
    let mut b = BtBuilder::new();
    b.start(node).unwrap();
    for &id in ids {
        b.leaf(action(id)).unwrap();
    }
    b.end().unwrap();
    Arc::new(b.finish().unwrap())
}

/// Runs `tree` until it is done (at most 20 ticks); the final status.
fn run_to_end(tree: Arc<BtTree>, script: &mut Script) -> Status {
    let mut run = TreeRun::new(tree);
    for _ in 0..20 {
        let status = run.step(script);
        if status != InProgress {
            return status;
        }
    }
    InProgress
}

fn script(actions: &[(u32, &[Status])]) -> Script {
    Script {
        actions: actions.iter().map(|(id, s)| (*id, s.to_vec())).collect(),
        ..Script::default()
    }
}

/// Table 4 (L1298-1304): stop moving, find cover, run path.
#[test]
fn table_4_sequence() {
    let rows: [(&[Status], Status, &[u32]); 4] = [
        (&[Succeeded, Succeeded, Succeeded], Succeeded, &[1, 2, 3]),
        (&[Succeeded, Succeeded, Failed], Failed, &[1, 2, 3]),
        (&[Succeeded, Failed, Succeeded], Failed, &[1, 2]),
        (&[Failed, Succeeded, Succeeded], Failed, &[1]),
    ];
    for (results, expected, ran) in rows {
        let mut s = script(&[(1, &results[..1]), (2, &results[1..2]), (3, &results[2..])]);
        let tree = over(BtNode::Sequence, &[1, 2, 3]);
        assert_eq!(run_to_end(tree, &mut s), expected, "{results:?}");
        assert_eq!(s.started, ran, "{results:?}");
    }
}

/// One child finishes per tick: reaching the next child costs a tick (L1251-1290).
#[test]
fn a_sequence_moves_one_child_a_tick() {
    let mut s = script(&[(1, &[Succeeded]), (2, &[Succeeded])]);
    let mut run = TreeRun::new(over(BtNode::Sequence, &[1, 2]));
    assert_eq!(run.step(&mut s), InProgress);
    assert_eq!(s.started, [1, 2]);
    assert_eq!(run.step(&mut s), Succeeded);
    assert!(!run.is_running());
}

/// Table 5 (L1363-1371): an assertion beside a body. The table's last row says a false
/// assertion succeeds, but the code it documents fails (L1602-1611, digest §1.9): the code wins.
#[test]
fn table_5_parallel_with_an_assertion() {
    let rows = [
        (true, InProgress, InProgress),
        (true, Failed, Failed),
        (true, Succeeded, Succeeded),
        (false, Succeeded, Failed),
    ];
    for (has_enemy, body, expected) in rows {
        let mut b = BtBuilder::new();
        let test = b.test(&fact(0)).unwrap();
        b.start(BtNode::Parallel).unwrap();
        b.leaf(BtNode::Condition {
            test,
            mode: ConditionMode::Assertion,
        })
        .unwrap();
        b.leaf(action(1)).unwrap();
        b.end().unwrap();
        let mut s = script(&[(1, &[body])]);
        s.facts.insert(0, has_enemy);
        let mut run = TreeRun::new(Arc::new(b.finish().unwrap()));
        assert_eq!(run.step(&mut s), expected, "{has_enemy} {body:?}");
    }
}

/// Table 6 (L1449-1456): reload if needed, else attack.
#[test]
fn table_6_selector() {
    let rows: [(&[Status], Status, &[u32]); 3] = [
        (&[Succeeded, Succeeded], Succeeded, &[1]),
        (&[Failed, Succeeded], Succeeded, &[1, 2]),
        (&[Failed, Failed], Failed, &[1, 2]),
    ];
    for (results, expected, ran) in rows {
        let mut s = script(&[(1, &results[..1]), (2, &results[1..])]);
        assert_eq!(
            run_to_end(over(BtNode::Selector, &[1, 2]), &mut s),
            expected
        );
        assert_eq!(s.started, ran);
    }
}

/// Table 7 (L1621-1629): precondition and assertion modes.
#[test]
fn table_7_condition_modes() {
    let rows = [
        (ConditionMode::Precondition, true, Succeeded),
        (ConditionMode::Precondition, false, Failed),
        (ConditionMode::Assertion, true, InProgress),
        (ConditionMode::Assertion, false, Failed),
    ];
    for (mode, holds, expected) in rows {
        let mut b = BtBuilder::new();
        let test = b.test(&fact(0)).unwrap();
        b.leaf(BtNode::Condition { test, mode }).unwrap();
        let mut s = Script::default();
        s.facts.insert(0, holds);
        assert_eq!(
            TreeRun::new(Arc::new(b.finish().unwrap())).step(&mut s),
            expected
        );
    }
}

/// A filter over action 1 answering `child`, one step: the filter's status and whether the
/// child was restarted (stopped and started again).
fn filter_step(node: BtNode, child: Status, holds: bool) -> (Status, bool) {
    let mut b = BtBuilder::new();
    let node = match node {
        BtNode::ConditionalLoop { .. } => BtNode::ConditionalLoop {
            test: b.test(&fact(0)).unwrap(),
        },
        BtNode::ConditionalExecution { .. } => BtNode::ConditionalExecution {
            test: b.test(&fact(0)).unwrap(),
        },
        other => other,
    };
    b.start(node).unwrap();
    b.leaf(action(1)).unwrap();
    b.end().unwrap();
    let mut s = script(&[(1, &[child])]);
    s.facts.insert(0, holds);
    let status = TreeRun::new(Arc::new(b.finish().unwrap())).step(&mut s);
    (status, s.started.len() == 2)
}

/// Tables 8-13 (L1700-1919): the filters.
#[test]
fn tables_8_to_13_filters() {
    let cond_loop = BtNode::ConditionalLoop { test: 0 };
    let cond_exec = BtNode::ConditionalExecution { test: 0 };
    #[rustfmt::skip]
    let rows = [
        // Table 8: Loop.
        (BtNode::Loop, Succeeded, true, InProgress, true),
        (BtNode::Loop, Failed, true, Failed, false),
        (BtNode::Loop, Error, true, Error, false),
        (BtNode::Loop, InProgress, true, InProgress, false),
        // Table 9: ConditionalLoop.
        (cond_loop, Succeeded, true, InProgress, true),
        (cond_loop, InProgress, true, InProgress, false),
        (cond_loop, Failed, true, Failed, false),
        (cond_loop, Error, true, Error, false),
        (cond_loop, Succeeded, false, Succeeded, false),
        // Table 10: RunUntilSucceeded.
        (BtNode::RunUntilSucceeded, Succeeded, true, Succeeded, false),
        (BtNode::RunUntilSucceeded, Failed, true, InProgress, true),
        (BtNode::RunUntilSucceeded, Error, true, Error, false),
        (BtNode::RunUntilSucceeded, InProgress, true, InProgress, false),
        // Table 11: ConditionalExecution.
        (cond_exec, Succeeded, true, Succeeded, false),
        (cond_exec, Failed, true, Failed, false),
        (cond_exec, InProgress, true, InProgress, false),
        (cond_exec, Succeeded, false, Failed, false),
        // Table 12: Not.
        (BtNode::Not, Succeeded, true, Failed, false),
        (BtNode::Not, Failed, true, Succeeded, false),
        (BtNode::Not, Error, true, Error, false),
        // Table 13: IgnoreFailure.
        (BtNode::IgnoreFailure, Failed, true, Succeeded, false),
        (BtNode::IgnoreFailure, Succeeded, true, Succeeded, false),
        (BtNode::IgnoreFailure, InProgress, true, InProgress, false),
        (BtNode::IgnoreFailure, Error, true, Error, false),
    ];
    for (node, child, holds, expected, restarted) in rows {
        assert_eq!(
            filter_step(node, child, holds),
            (expected, restarted),
            "{node:?} over {child:?}, condition {holds}"
        );
    }
}

/// A gate whose test is false starts nothing: an action it gates off is never requested (and
/// cancelled at the step). Reached by a sequence while its test is false, it starts its child
/// at the first step the test holds, and steps it from the next.
#[test]
fn a_false_gate_starts_its_child_only_once_the_test_holds() {
    for gate in [
        BtNode::ConditionalExecution { test: 0 },
        BtNode::ConditionalLoop { test: 0 },
    ] {
        let build = |b: &mut BtBuilder| {
            let test = b.test(&fact(0)).unwrap();
            match gate {
                BtNode::ConditionalExecution { .. } => BtNode::ConditionalExecution { test },
                _ => BtNode::ConditionalLoop { test },
            }
        };
        // Looped while false: restarted every step, never its child.
        let mut b = BtBuilder::new();
        let node = build(&mut b);
        b.start(BtNode::Loop).unwrap();
        b.start(node).unwrap();
        b.leaf(action(1)).unwrap();
        b.end().unwrap();
        b.end().unwrap();
        let mut s = script(&[(1, &[InProgress])]);
        s.facts.insert(0, false);
        let mut run = TreeRun::new(Arc::new(b.finish().unwrap()));
        for _ in 0..3 {
            run.step(&mut s);
        }
        assert!(s.started.is_empty(), "{gate:?}: {:?}", s.started);

        // Reached while false, stepped once true.
        let mut b = BtBuilder::new();
        let node = build(&mut b);
        b.start(BtNode::Sequence).unwrap();
        b.leaf(action(3)).unwrap();
        b.start(node).unwrap();
        b.leaf(action(1)).unwrap();
        b.end().unwrap();
        b.end().unwrap();
        let mut s = script(&[(1, &[InProgress]), (3, &[Succeeded])]);
        s.facts.insert(0, false);
        let mut run = TreeRun::new(Arc::new(b.finish().unwrap()));
        assert_eq!(run.step(&mut s), InProgress, "{gate:?}");
        assert_eq!(
            s.started,
            [3],
            "{gate:?}: the gate reached, its child not started"
        );
        s.facts.insert(0, true);
        assert_eq!(run.step(&mut s), InProgress, "{gate:?}");
        assert_eq!((&s.started[..], s.steps[&1]), (&[3, 1][..], 0), "{gate:?}");
        assert_eq!(run.step(&mut s), InProgress, "{gate:?}");
        assert_eq!((&s.started[..], s.steps[&1]), (&[3, 1][..], 1), "{gate:?}");
    }
}

/// A parallel whose second child cannot start is an error, and the child it had started
/// hears its stop: under a sequence that reaches it, and as a layer's root (the stack is
/// cleared); otherwise its action ran on with nothing to stop it, holding the NPC's action.
#[test]
fn a_parallel_that_fails_to_start_stops_the_children_it_started() {
    let parallel = |b: &mut BtBuilder| {
        b.start(BtNode::Parallel).unwrap();
        b.leaf(action(1)).unwrap();
        b.leaf(action(2)).unwrap();
        b.end().unwrap();
    };
    let mut b = BtBuilder::new();
    parallel(&mut b);
    let mut layers = Layers::default();
    layers.push(TreeRun::new(Arc::new(b.finish().unwrap())));
    let mut s = script(&[(1, &[InProgress])]);
    s.refused.push(2);
    assert!(!layers.step(&mut s), "the error clears the stack");
    assert_eq!((&s.started[..], &s.stopped[..]), (&[1][..], &[1][..]));

    let mut b = BtBuilder::new();
    b.start(BtNode::Sequence).unwrap();
    b.leaf(action(3)).unwrap();
    parallel(&mut b);
    b.end().unwrap();
    let mut run = TreeRun::new(Arc::new(b.finish().unwrap()));
    let mut s = script(&[(1, &[InProgress]), (3, &[Succeeded])]);
    s.refused.push(2);
    assert_eq!(run.step(&mut s), Error);
    assert_eq!(s.started, [3, 1]);
    assert_eq!(
        s.stopped,
        [3, 1],
        "the sequence's first child, then the parallel's"
    );
    assert!(!run.is_running());
}

/// A timed loop restarts its child until its time is up, then succeeds (our reading of the
/// editor's `startTimedLoop(Duration)`, L4347-4359).
#[test]
fn a_timed_loop_loops_for_its_seconds() {
    let mut s = script(&[(1, &[Succeeded])]);
    let mut run = TreeRun::new(over(BtNode::TimedLoop { seconds: 1.0 }, &[1]));
    assert_eq!(run.step(&mut s), InProgress);
    s.now = 0.5;
    assert_eq!(run.step(&mut s), InProgress);
    s.now = 1.0;
    assert_eq!(run.step(&mut s), Succeeded);
    assert_eq!(s.started, [1, 1, 1]);
}

/// A selector of seven branches named by hints 1..7.
fn seven_branches() -> Arc<BtTree> {
    let mut b = BtBuilder::new();
    b.start(BtNode::Selector).unwrap();
    for id in 1..=7 {
        b.branch(HintId(id)).unwrap();
        b.leaf(action(id)).unwrap();
    }
    b.end().unwrap();
    Arc::new(b.finish().unwrap())
}

/// Table 14 (L2053-2060): hinted branches re-ordered Positive ++ Neutral ++ Negative, each in
/// authored order.
#[test]
fn table_14_reorderings() {
    use HintState::{Negative, Positive};
    type Hints<'a> = &'a [(u32, HintState)];
    let cases: [(Hints, [u32; 7]); 2] = [
        (
            &[(1, Positive), (3, Positive), (4, Negative)],
            [1, 3, 2, 5, 6, 7, 4],
        ),
        (
            &[(4, Negative), (5, Negative), (7, Positive)],
            [7, 1, 2, 3, 6, 4, 5],
        ),
    ];
    for (hints, expected) in cases {
        let mut run = TreeRun::new(seven_branches());
        let mut s = Script::default();
        for &(hint, state) in hints {
            assert!(run.set_hint(HintId(hint), state, &mut s));
        }
        // Node k + 1 is the leaf of action k (the selector is node 0).
        assert_eq!(run.order(0), expected, "{hints:?}");
    }
}

/// A hint change restarts the tree (L2045): the running branch stops, and the next tick runs
/// the newly preferred one. Setting the same state again changes nothing (digest §1.9).
#[test]
fn a_hint_change_restarts_the_tree_once() {
    let mut s = script(&[(1, &[InProgress]), (2, &[InProgress])]);
    let mut b = BtBuilder::new();
    b.start(BtNode::Selector).unwrap();
    b.branch(HintId(1)).unwrap();
    b.leaf(action(1)).unwrap();
    b.branch(HintId(2)).unwrap();
    b.leaf(action(2)).unwrap();
    b.end().unwrap();
    let mut run = TreeRun::new(Arc::new(b.finish().unwrap()));
    assert_eq!(run.step(&mut s), InProgress);
    assert!(run.set_hint(HintId(2), HintState::Positive, &mut s));
    assert_eq!(s.stopped, [1], "the running branch stopped");
    assert!(!run.set_hint(HintId(2), HintState::Positive, &mut s));
    assert!(
        !run.set_hint(HintId(9), HintState::Positive, &mut s),
        "not exposed"
    );
    assert_eq!(run.step(&mut s), InProgress);
    assert_eq!(s.started, [1, 2]);
    assert_eq!(run.hint(HintId(2)), HintState::Positive);
}

/// A hint condition holds only for a Positive hint (L2365-2379): `Or(LowHealth, Hint(COVER))`,
/// the coward's fix.
#[test]
fn a_hint_condition_tests_positive_only() {
    let cover = HintId(1);
    let mut b = BtBuilder::new();
    let test = b
        .test(&TestExpr::Or(vec![fact(0), TestExpr::Hint(cover)]))
        .unwrap();
    b.leaf(BtNode::Condition {
        test,
        mode: ConditionMode::Precondition,
    })
    .unwrap();
    let tree = Arc::new(b.finish().unwrap());
    assert_eq!(tree.exposed(), [cover], "hint conditions expose their hint");
    let mut s = Script::default();
    s.facts.insert(0, false);
    let mut run = TreeRun::new(tree);
    assert_eq!(run.step(&mut s), Failed);
    run.set_hint(cover, HintState::Negative, &mut s);
    assert_eq!(run.step(&mut s), Failed);
    run.set_hint(cover, HintState::Positive, &mut s);
    assert_eq!(run.step(&mut s), Succeeded);
}

/// Table 15 (L3427-3438): building `Loop(IgnoreFailure(FaceEnemy))`, the stack and the tree at
/// each command.
#[test]
fn table_15_builder_trace() {
    let face_enemy = action(1);
    let mut b = BtBuilder::new();
    b.start(BtNode::Loop).unwrap();
    assert_eq!(b.stack(), [BtNode::Loop]);
    b.start(BtNode::IgnoreFailure).unwrap();
    assert_eq!(b.stack(), [BtNode::Loop, BtNode::IgnoreFailure]);
    b.leaf(face_enemy).unwrap();
    assert_eq!(b.nodes(), [BtNode::Loop, BtNode::IgnoreFailure, face_enemy]);
    b.end().unwrap();
    assert_eq!(b.stack(), [BtNode::Loop]);
    b.end().unwrap();
    assert!(b.stack().is_empty());
    let tree = b.finish().unwrap();
    assert_eq!(tree.children(0), [1]);
    assert_eq!(tree.children(1), [2]);
}

/// Trees are checked before anyone runs them (L4084, L5032): one root, composites with
/// children, filters with one, conditions that exist, nothing left open.
#[test]
fn malformed_trees_are_refused() {
    let mut b = BtBuilder::new();
    b.start(BtNode::Sequence).unwrap();
    assert!(b.end().is_err(), "an empty composite");
    let mut b = BtBuilder::new();
    b.start(BtNode::Not).unwrap();
    b.leaf(action(1)).unwrap();
    b.leaf(action(2)).unwrap();
    assert!(b.end().is_err(), "a filter over two nodes");
    let mut b = BtBuilder::new();
    b.leaf(action(1)).unwrap();
    assert!(b.leaf(action(2)).is_err(), "two roots");
    let mut b = BtBuilder::new();
    assert!(b
        .leaf(BtNode::Condition {
            test: 0,
            mode: ConditionMode::Precondition
        })
        .is_err());
    assert!(b.test(&TestExpr::And(vec![])).is_err(), "an empty And");
    assert!(b.branch(HintId(1)).is_err(), "a branch outside a selector");
    b.start(BtNode::Selector).unwrap();
    assert!(b.finish().is_err(), "left open");
    assert!(BtBuilder::new().finish().is_err(), "no root");
    let mut b = BtBuilder::new();
    assert!(b.start(BtNode::TimedLoop { seconds: f64::NAN }).is_err());
}

/// The kamikaze of L3750-3782: a high-level `Loop(Hint(COVER, Negative))` over a base selector
/// COVER | ATTACK. Cover is tried last, and still taken when attacking fails (L1057-1068);
/// popping the layer restores the original order (L1068).
#[test]
fn the_kamikaze_layer_demotes_cover_but_keeps_it() {
    let (cover, attack) = (HintId(1), HintId(2));
    let mut b = BtBuilder::new();
    b.start(BtNode::Loop).unwrap();
    b.start(BtNode::Selector).unwrap();
    b.branch(cover).unwrap();
    b.leaf(action(1)).unwrap();
    b.branch(attack).unwrap();
    b.leaf(action(2)).unwrap();
    b.end().unwrap();
    b.end().unwrap();
    let base = Arc::new(b.finish().unwrap());
    let mut b = BtBuilder::new();
    b.start(BtNode::Loop).unwrap();
    b.leaf(BtNode::Hint {
        hint: cover,
        state: HintState::Negative,
    })
    .unwrap();
    b.end().unwrap();
    let kamikaze = Arc::new(b.finish().unwrap());
    assert!(kamikaze.hints_only() && !base.hints_only());

    let mut layers = Layers::default();
    layers.push(TreeRun::new(base));
    layers.push(TreeRun::new(kamikaze));
    // Attacking takes a tick, then fails; cover takes a tick.
    let mut s = script(&[(1, &[InProgress]), (2, &[InProgress, Failed])]);
    assert!(layers.step(&mut s));
    assert_eq!(s.started, [2], "attack first: cover is negatively hinted");
    assert!(layers.step(&mut s));
    assert_eq!(s.started, [2, 1], "attack failed: cover, as a last resort");
    assert!(
        s.sent.is_empty(),
        "hints go to the layer below, not to the world"
    );
    assert!(layers.pop(&mut s));
    let before = s.started.len();
    layers.step(&mut s);
    assert_eq!(
        s.started[before], 1,
        "without the layer, cover comes first again"
    );
}

/// Stack rules (L2483-2603): an ending upper layer clears the hints it gave and waits to be
/// dropped from the top; an error anywhere clears the stack.
#[test]
fn layer_stack_unwinds_and_errors_clear_it() {
    let cover = HintId(1);
    let mut b = BtBuilder::new();
    b.start(BtNode::Loop).unwrap();
    b.start(BtNode::Selector).unwrap();
    b.leaf(action(2)).unwrap();
    b.branch(cover).unwrap();
    b.leaf(action(1)).unwrap();
    b.end().unwrap();
    b.end().unwrap();
    let base = Arc::new(b.finish().unwrap());
    // A one-shot upper layer: hints COVER+ and ends at once.
    let mut b = BtBuilder::new();
    b.leaf(BtNode::Hint {
        hint: cover,
        state: HintState::Positive,
    })
    .unwrap();
    let once = Arc::new(b.finish().unwrap());
    let mut layers = Layers::default();
    layers.push(TreeRun::new(base.clone()));
    layers.push(TreeRun::new(once));
    let mut s = script(&[(1, &[InProgress]), (2, &[InProgress])]);
    assert!(layers.step(&mut s));
    let base_run = layers.runs().last().unwrap();
    assert_eq!(
        base_run.hint(cover),
        HintState::Neutral,
        "cleared when the upper one ended"
    );
    assert_eq!(
        layers.len(),
        2,
        "the finished layer waits until the next step"
    );
    layers.step(&mut s);
    assert_eq!(layers.len(), 1, "then it is dropped from the top");

    // An action that cannot start is an error: the stack is cleared.
    struct Refuse;
    impl BtHost for Refuse {
        fn now(&self) -> f64 {
            0.0
        }
        fn start_action(&mut self, _: u32, _: ActionId, _: Option<AttributeId>) -> bool {
            false
        }
        fn call(&mut self, _: u32, _: BtCallbackId, _: CallPhase) -> Status {
            Error
        }
        fn ask(&mut self, _: BtCallbackId) -> bool {
            false
        }
        fn start_plan(&mut self, _: u32, _: PlanGoal) -> bool {
            false
        }
        fn step_action(&mut self, _: u32) -> Status {
            Failed
        }
        fn stop_action(&mut self, _: u32) {}
        fn holds(&mut self, _: &Condition) -> bool {
            false
        }
        fn send_hint(&mut self, _: HintId, _: HintState) {}
        fn flag(&mut self, _: AttributeId) -> bool {
            false
        }
        fn set_flag(&mut self, _: AttributeId, _: bool, _: FlagScope) {}
    }
    let mut layers = Layers::default();
    layers.push(TreeRun::new(base));
    assert!(!layers.step(&mut Refuse));
    assert!(layers.is_empty());
}
