//! Hinted behaviour trees through the C ABI: a builder for trees made in code (the thesis's
//! start / leaf / end builder, 002_37948445dded21f3.txt:3150-3438), hints, trees and an
//! archetype's layers in a domain; an NPC's layers pushed, popped and read at run time, its
//! hints, flags and running path; the player model the engine feeds and the adaptive layers it
//! chooses.

use std::ffi::c_char;

use super::actions::motive_action_id;
use super::archetypes::motive_archetype_id;
use super::conditions::{motive_condition, read_condition};
use super::domain::{define, edit, find, motive_attribute, motive_domain, motive_domain_builder};
use super::enum_codes::{c_enum, decode};
use super::guard::{guard, guard_value, FfiError, FfiResult};
use super::handles::{motive_bt_group, motive_npc};
use super::minds::MOTIVE_NO_ID;
use super::pointers::{borrow_mut, free, out, read_def_with_bools, slice};
use super::status::motive_status;
use super::world::{list_query, motive_world, query, with_world};
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::bt::{
    BtBuilder, BtCallbackId, BtNode, BtTreeId, ConditionMode, FlagScope, HintId, HintState,
    PlanGoal, TestExpr,
};
use crate::core::model::goal::GoalId;
use crate::core::model::goap::GoapGoalId;
use crate::core::model::player_style::{AdaptationSettings, PlayerActionId, StyleId};
use crate::core::{AttributeId, Entity, Result as CoreResult, World};

/// Dense id of a hint name in its domain.
pub type motive_hint_id = u32;

/// Dense id of a behaviour tree in its domain.
pub type motive_bt_tree_id = u32;

/// Dense id of an engine callback's name in its domain (behaviour trees' `call` and `ask`).
pub type motive_bt_callback_id = u32;

/// Index of a condition tree in the tree being built.
pub type motive_bt_test_id = u32;

/// Dense id of a play style in its domain.
pub type motive_player_style_id = u32;

/// Dense id of a player action in its domain.
pub type motive_player_action_id = u32;

/// A hint's state; selectors try Positive branches, then Neutral ones, then Negative ones.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_hint_state {
    /// Do this.
    Positive = 0,
    /// No hint (sent, it retracts one).
    Neutral = 1,
    /// Do not do this, unless nothing else works.
    Negative = 2,
}

c_enum!(motive_hint_state => HintState {
    Positive => HintState::Positive,
    Neutral => HintState::Neutral,
    Negative => HintState::Negative,
});

/// Whose blackboards a flag node writes.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_flag_scope {
    /// The NPC's own.
    Myself = 0,
    /// Every other behaviour-tree NPC's.
    Others = 1,
    /// Every behaviour-tree NPC's, the sender's included.
    Everyone = 2,
    /// Every member's of the groups the sender is in, the sender's included (only its own when
    /// it is in no group).
    Group = 3,
}

c_enum!(motive_flag_scope => FlagScope {
    Myself => FlagScope::Myself,
    Others => FlagScope::Others,
    Everyone => FlagScope::Everyone,
    Group => FlagScope::Group,
});

/// The planner a plan node hands its goal to.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_bt_planner {
    /// GOAP: `goal` is a `motive_goap_goal_id`; the least-cost plan.
    Goap = 0,
    /// UDGOAP: `goal` is a `motive_goal_id`; the plan that most raises the goal's completeness.
    Udgoap = 1,
}

c_enum!(motive_bt_planner { Goap, Udgoap });

/// The kind of a behaviour-tree node (docs/domain-format.md's table).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_bt_node_kind {
    /// Children in order, one finishing per step.
    Sequence = 0,
    /// Every child each step; the first to finish decides.
    Parallel = 1,
    /// Children by (hinted) priority until one does not fail.
    Selector = 2,
    /// `test`: true succeeds, false fails.
    Precondition = 3,
    /// `test`: true keeps running, false fails.
    Assertion = 4,
    /// Restarts its child when it succeeds.
    Loop = 5,
    /// Loops its child while `test` holds, then succeeds.
    ConditionalLoop = 6,
    /// Restarts its child when it fails.
    RunUntilSucceeded = 7,
    /// Its child's result while `test` holds, else failed.
    ConditionalExecution = 8,
    /// Swaps succeeded and failed.
    Not = 9,
    /// Failed becomes succeeded.
    IgnoreFailure = 10,
    /// Loops its child for `seconds`, then succeeds.
    TimedLoop = 11,
    /// Performs `action` on the nearest supplier, or on the entity at blackboard key `target`.
    Action = 12,
    /// Plans for `goal` with `planner` and performs the plan.
    Plan = 13,
    /// Sends `hint` in `hint_state` to the layer below.
    Hint = 14,
    /// Sets (`flag_value`) or removes `flag` on the blackboards of `flag_scope`.
    Flag = 15,
    /// Runs the engine's action callback for `callback` (`motive_world_set_bt_action_callback`).
    Call = 16,
}

c_enum!(motive_bt_node_kind {
    Sequence,
    Parallel,
    Selector,
    Precondition,
    Assertion,
    Loop,
    ConditionalLoop,
    RunUntilSucceeded,
    ConditionalExecution,
    Not,
    IgnoreFailure,
    TimedLoop,
    Action,
    Plan,
    Hint,
    Flag,
    Call,
});

/// How a condition tree combines its operands.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_bt_test_op {
    /// Every operand holds.
    And = 0,
    /// Some operand holds.
    Or = 1,
    /// Its one operand does not hold.
    Not = 2,
}

c_enum!(motive_bt_test_op { And, Or, Not });

/// A node to add to a tree being built. Each kind reads only its own fields.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_bt_node_def {
    /// `sizeof(motive_bt_node_def)`, from `motive_bt_node_def_default()`.
    pub struct_size: u32,
    /// A `motive_bt_node_kind`.
    pub kind: u32,
    /// The condition tree (precondition, assertion, conditional loop and execution).
    pub test: motive_bt_test_id,
    /// The action (action).
    pub action: motive_action_id,
    /// The goal (plan): a `motive_goap_goal_id`, or with `planner` UDGOAP a `motive_goal_id`.
    pub goal: u32,
    /// The hint (hint).
    pub hint: motive_hint_id,
    /// A `motive_hint_state` (hint).
    pub hint_state: u32,
    /// The flag, a bool attribute (flag).
    pub flag: motive_attribute,
    /// Set (true) or remove (false) the flag (flag).
    pub flag_value: bool,
    /// A `motive_flag_scope` (flag).
    pub flag_scope: u32,
    /// Seconds, finite and > 0 (timed loop).
    pub seconds: f64,
    /// An entity attribute whose blackboard entry is the target (action); `MOTIVE_NO_ID`, the
    /// nearest supplier the NPC perceives.
    pub target: motive_attribute,
    /// The engine callback (call), from `motive_domain_builder_bt_callback`.
    pub callback: motive_bt_callback_id,
    /// A `motive_bt_planner` (plan): GOAP by default.
    pub planner: u32,
}

/// A play style's weight in a player action or an adaptive layer.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_style_weight {
    /// The style.
    pub style: motive_player_style_id,
    /// Its weight, finite and ≥ 0 (the weights are normalised; not all 0).
    pub weight: f64,
}

/// A behaviour tree being built: nodes are opened and closed around their children, leaves
/// added in one call; condition trees are built beside them, operands inside open groups. Use
/// one builder from one thread at a time.
pub struct motive_bt_builder {
    tree: BtBuilder,
    /// Open condition groups, innermost last, with the operands given so far.
    groups: Vec<(motive_bt_test_op, Vec<TestExpr>)>,
}

/// The defaults of `motive_bt_node_def`: a sequence, ids `MOTIVE_NO_ID` (so an action's target
/// is the nearest supplier), a positive hint, a flag set on everyone's blackboard, one second.
#[no_mangle]
pub extern "C" fn motive_bt_node_def_default() -> motive_bt_node_def {
    let def = motive_bt_node_def {
        struct_size: std::mem::size_of::<motive_bt_node_def>() as u32,
        kind: motive_bt_node_kind::Sequence as u32,
        test: MOTIVE_NO_ID,
        action: MOTIVE_NO_ID,
        goal: MOTIVE_NO_ID,
        hint: MOTIVE_NO_ID,
        hint_state: motive_hint_state::Positive as u32,
        flag: MOTIVE_NO_ID,
        flag_value: true,
        flag_scope: motive_flag_scope::Everyone as u32,
        seconds: 1.0,
        target: MOTIVE_NO_ID,
        callback: MOTIVE_NO_ID,
        planner: motive_bt_planner::Goap as u32,
    };
    guard_value(def, || def)
}

/// Creates an empty tree builder in `*out_builder`; free it with `motive_bt_builder_destroy`
/// (adding its tree to a domain empties it, it still needs freeing).
///
/// # Safety
/// `out_builder` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_builder_create(
    out_builder: *mut *mut motive_bt_builder,
) -> motive_status {
    guard(|| {
        out(out_builder, "out_builder")?.write(Box::into_raw(Box::new(motive_bt_builder {
            tree: BtBuilder::new(),
            groups: Vec::new(),
        })));
        Ok(())
    })
}

/// Destroys a tree builder. NULL does nothing.
///
/// # Safety
/// `builder` must be NULL or a live builder not used by another call.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_builder_destroy(builder: *mut motive_bt_builder) {
    // SAFETY: forwarded from this function's contract.
    guard_value((), || unsafe { free(builder) })
}

/// Runs `change` on the tree builder behind `builder`, behind the firewall.
///
/// # Safety
/// `builder` must be NULL or live, and not in use by another thread.
unsafe fn with_builder(
    builder: *mut motive_bt_builder,
    change: impl FnOnce(&mut motive_bt_builder) -> FfiResult<()>,
) -> motive_status {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        change(unsafe { borrow_mut(builder, "builder") }?)
    })
}

/// The core node `def` describes.
fn node(def: &motive_bt_node_def) -> FfiResult<BtNode> {
    use motive_bt_node_kind as K;
    Ok(match decode::<motive_bt_node_kind>(def.kind, "kind")? {
        K::Sequence => BtNode::Sequence,
        K::Parallel => BtNode::Parallel,
        K::Selector => BtNode::Selector,
        K::Precondition => BtNode::Condition {
            test: def.test,
            mode: ConditionMode::Precondition,
        },
        K::Assertion => BtNode::Condition {
            test: def.test,
            mode: ConditionMode::Assertion,
        },
        K::Loop => BtNode::Loop,
        K::ConditionalLoop => BtNode::ConditionalLoop { test: def.test },
        K::RunUntilSucceeded => BtNode::RunUntilSucceeded,
        K::ConditionalExecution => BtNode::ConditionalExecution { test: def.test },
        K::Not => BtNode::Not,
        K::IgnoreFailure => BtNode::IgnoreFailure,
        K::TimedLoop => BtNode::TimedLoop {
            seconds: def.seconds,
        },
        K::Action => BtNode::Action {
            action: ActionId(def.action),
            target: (def.target != MOTIVE_NO_ID).then_some(AttributeId(def.target)),
        },
        K::Call => BtNode::Call(BtCallbackId(def.callback)),
        K::Plan => BtNode::Plan(match decode::<motive_bt_planner>(def.planner, "planner")? {
            motive_bt_planner::Goap => PlanGoal::Goap(GoapGoalId(def.goal)),
            motive_bt_planner::Udgoap => PlanGoal::Udgoap(GoalId(def.goal)),
        }),
        K::Hint => BtNode::Hint {
            hint: HintId(def.hint),
            state: decode::<motive_hint_state>(def.hint_state, "hint_state")?.into(),
        },
        K::Flag => BtNode::Flag {
            flag: AttributeId(def.flag),
            value: def.flag_value,
            scope: decode::<motive_flag_scope>(def.flag_scope, "flag_scope")?.into(),
        },
    })
}

/// Reads a node definition; its `flag_value` byte may be any a C caller stored
/// ([`read_with_bools`](super::pointers::read_with_bools)).
///
/// # Safety
/// `def` NULL or a readable definition.
unsafe fn read_node_def(def: *const motive_bt_node_def) -> FfiResult<motive_bt_node_def> {
    let bools = [std::mem::offset_of!(motive_bt_node_def, flag_value)];
    // SAFETY: forwarded from this function's contract; flag_value is the struct's one bool.
    unsafe { read_def_with_bools(def, "def", &bools) }
}

/// Opens a composite or filter node (`*def`): the nodes added until `motive_bt_builder_end`
/// are its children. A tree nests at most 64 deep and has at most 4,096 nodes and condition
/// nodes.
///
/// # Safety
/// `builder` must be NULL or live; `def` NULL or a valid definition.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_builder_start(
    builder: *mut motive_bt_builder,
    def: *const motive_bt_node_def,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        with_builder(builder, |b| {
            let def = read_node_def(def)?;
            Ok(b.tree.start(node(&def)?)?)
        })
    }
}

/// Adds a leaf node (`*def`: a condition, action, call, plan, hint or flag) to the node being
/// built.
///
/// # Safety
/// `builder` must be NULL or live; `def` NULL or a valid definition.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_builder_leaf(
    builder: *mut motive_bt_builder,
    def: *const motive_bt_node_def,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        with_builder(builder, |b| {
            let def = read_node_def(def)?;
            Ok(b.tree.leaf(node(&def)?)?)
        })
    }
}

/// Closes the innermost open node: a composite needs one child or more, a filter exactly one.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_builder_end(builder: *mut motive_bt_builder) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe { with_builder(builder, |b| Ok(b.tree.end()?)) }
}

/// Names the next child of the selector being built: the branch exposes `hint`, which a layer
/// above may send.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_builder_branch(
    builder: *mut motive_bt_builder,
    hint: motive_hint_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe { with_builder(builder, |b| Ok(b.tree.branch(HintId(hint))?)) }
}

/// Opens a condition group (`op`, a `motive_bt_test_op`): the tests added until
/// `motive_bt_builder_test_close` are its operands.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_builder_test_open(
    builder: *mut motive_bt_builder,
    op: u32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        with_builder(builder, |b| {
            let op = decode::<motive_bt_test_op>(op, "op")?;
            if b.groups.len() >= crate::core::model::bt::MAX_TREE_DEPTH {
                return Err(FfiError::invalid("condition groups nest at most 64 deep"));
            }
            b.groups.push((op, Vec::new()));
            Ok(())
        })
    }
}

/// Adds `test` to the open group, or, with none open, adds it to the tree and writes its id to
/// `*out_test`; with a group open `*out_test` receives `MOTIVE_NO_ID`.
fn add_test(
    b: &mut motive_bt_builder,
    test: TestExpr,
    out_test: super::pointers::Out<motive_bt_test_id>,
) -> FfiResult<()> {
    match b.groups.last_mut() {
        Some((_, operands)) => {
            operands.push(test);
            out_test.write(MOTIVE_NO_ID);
        }
        None => out_test.write(b.tree.test(&test)?),
    }
    Ok(())
}

/// Closes the innermost condition group (And and Or need an operand or more, Not exactly one):
/// it becomes an operand of the group around it, or, outermost, a condition tree whose id goes
/// to `*out_test` (`MOTIVE_NO_ID` otherwise).
///
/// # Safety
/// `builder` must be NULL or live; `out_test` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_builder_test_close(
    builder: *mut motive_bt_builder,
    out_test: *mut motive_bt_test_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        with_builder(builder, |b| {
            let out_test = out(out_test, "out_test")?;
            let Some((op, operands)) = b.groups.last() else {
                return Err(FfiError::invalid("no condition group is open"));
            };
            let expr = match op {
                motive_bt_test_op::And => TestExpr::And(operands.clone()),
                motive_bt_test_op::Or => TestExpr::Or(operands.clone()),
                motive_bt_test_op::Not => match &operands[..] {
                    [one] => TestExpr::Not(Box::new(one.clone())),
                    _ => return Err(FfiError::invalid("not takes exactly one operand")),
                },
            };
            if operands.is_empty() {
                return Err(FfiError::invalid("and and or take one operand or more"));
            }
            // The outermost group becomes a condition tree, which the tree may refuse (too
            // deep, too large): the group is closed only once it is in, so that a refusal
            // keeps it open with its operands.
            if b.groups.len() == 1 {
                let test = b.tree.test(&expr)?;
                b.groups.pop();
                out_test.write(test);
                return Ok(());
            }
            b.groups.pop();
            add_test(b, expr, out_test)
        })
    }
}

/// Adds the test `*condition` over the NPC's facts (it is the consumer and the supplier); see
/// `add_test` for where it goes and what `*out_test` receives.
///
/// # Safety
/// `builder` must be NULL or live; `condition` NULL or readable (a piecewise-linear score's
/// points too); `out_test` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_builder_test_fact(
    builder: *mut motive_bt_builder,
    condition: *const motive_condition,
    out_test: *mut motive_bt_test_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        with_builder(builder, |b| {
            let out_test = out(out_test, "out_test")?;
            let condition = read_condition(condition, "condition")?;
            add_test(b, TestExpr::Fact(condition), out_test)
        })
    }
}

/// Adds the test "`hint` is Positive in this tree" (a hint condition, which exposes the hint);
/// `*out_test` as for `motive_bt_builder_test_fact`.
///
/// # Safety
/// `builder` must be NULL or live; `out_test` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_builder_test_hint(
    builder: *mut motive_bt_builder,
    hint: motive_hint_id,
    out_test: *mut motive_bt_test_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        with_builder(builder, |b| {
            let out_test = out(out_test, "out_test")?;
            add_test(b, TestExpr::Hint(HintId(hint)), out_test)
        })
    }
}

/// Adds the test "`flag` is set on the NPC's blackboard"; `*out_test` as for
/// `motive_bt_builder_test_fact`.
///
/// # Safety
/// `builder` must be NULL or live; `out_test` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_builder_test_flag(
    builder: *mut motive_bt_builder,
    flag: motive_attribute,
    out_test: *mut motive_bt_test_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        with_builder(builder, |b| {
            let out_test = out(out_test, "out_test")?;
            add_test(b, TestExpr::Flag(AttributeId(flag)), out_test)
        })
    }
}

/// Adds the test "the engine's condition callback holds for `callback`"
/// (`motive_world_set_bt_condition_callback`); `*out_test` as for `motive_bt_builder_test_fact`.
///
/// # Safety
/// `builder` must be NULL or live; `out_test` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_builder_test_ask(
    builder: *mut motive_bt_builder,
    callback: motive_bt_callback_id,
    out_test: *mut motive_bt_test_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        with_builder(builder, |b| {
            let out_test = out(out_test, "out_test")?;
            add_test(b, TestExpr::Ask(BtCallbackId(callback)), out_test)
        })
    }
}

/// The id of the hint called `name`, interned on first use, in `*out_hint`.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_hint` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_hint(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    out_hint: *mut motive_hint_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_hint, "out_hint", |b, name| {
            Ok(b.hint(name)?.0)
        })
    }
}

/// Adds the tree built in `tree` (every node closed, one root; its actions, goals, hints,
/// flags and conditions those of the domain) as `name`, id in `*out_tree`. The tree builder is
/// emptied when the tree is added; on failure it keeps its tree.
///
/// # Safety
/// `builder` and `tree` must be NULL or live; `name` NULL or NUL-terminated; `out_tree` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_bt_tree(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    tree: *mut motive_bt_builder,
    out_tree: *mut motive_bt_tree_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_tree, "out_tree", |b, name| {
            let tree = borrow_mut(tree, "tree")?;
            if !tree.groups.is_empty() {
                return Err(FfiError::invalid("a condition group is still open"));
            }
            let built = tree.tree.clone().finish()?;
            let id = b.add_bt_tree(name, built)?;
            tree.tree = BtBuilder::new();
            Ok(id.0)
        })
    }
}

/// Gives `archetype`'s NPCs the layers `layers[0..count]`, the base tree first (the layers
/// above it may only hint; the base tree's actions must be ones the archetype consumes).
///
/// # Safety
/// `builder` must be NULL or live; `layers` readable for `count` ids (NULL when 0).
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_archetype_bt(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    layers: *const motive_bt_tree_id,
    count: usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let layers: Vec<BtTreeId> = slice(layers, count, "layers")?
                .iter()
                .map(|&t| BtTreeId(t))
                .collect();
            Ok(b.set_archetype_bt(ArchetypeId(archetype), &layers)?)
        })
    }
}

/// `weights[0..count]` as core style weights.
///
/// # Safety
/// `weights` must be readable for `count` items (NULL when 0).
unsafe fn style_weights(
    weights: *const motive_style_weight,
    count: usize,
) -> FfiResult<Vec<(StyleId, f64)>> {
    // SAFETY: forwarded from this function's contract.
    let weights = unsafe { slice(weights, count, "weights") }?;
    Ok(weights
        .iter()
        .map(|w| (StyleId(w.style), w.weight))
        .collect())
}

/// Adds the play style `name`, id in `*out_style`. A domain that adds none has PaSSAGE's five
/// (fighter, method_actor, storyteller, tactician, power_gamer); add styles before anything
/// uses them.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_style` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_player_style(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    out_style: *mut motive_player_style_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_style, "out_style", |b, name| {
            Ok(b.add_player_style(name)?.0)
        })
    }
}

/// Adds the player action `name`, which shows the styles `weights[0..count]`, id in
/// `*out_action`.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `weights` readable for
/// `count` items; `out_action` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_player_action(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    weights: *const motive_style_weight,
    count: usize,
    out_action: *mut motive_player_action_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_action, "out_action", |b, name| {
            let weights = style_weights(weights, count)?;
            Ok(b.add_player_action(name, &weights)?.0)
        })
    }
}

/// How the player model learns (`decay` in (0, 1): the share of the model each report keeps)
/// and how much better (`margin` in [0, 1)) an adaptive layer must fit to replace the one in
/// place. Defaults 0.9 and 0.1.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_adaptation(
    builder: *mut motive_domain_builder,
    decay: f64,
    margin: f64,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.set_adaptation(AdaptationSettings { decay, margin })?)
        })
    }
}

/// Lets the player model push `tree` (which may only hint) on `archetype`'s NPCs (driven by
/// behaviour trees) when the player's style fits `weights[0..count]`, the styles it serves.
///
/// # Safety
/// `builder` must be NULL or live; `weights` readable for `count` items.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_archetype_adaptive_layer(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    tree: motive_bt_tree_id,
    weights: *const motive_style_weight,
    count: usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let weights = style_weights(weights, count)?;
            Ok(b.add_archetype_adaptive_layer(ArchetypeId(archetype), BtTreeId(tree), &weights)?)
        })
    }
}

/// Looks up the hint called `name`; `MOTIVE_STATUS_NOT_FOUND` when there is none.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_hint` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_hint(
    domain: *const motive_domain,
    name: *const c_char,
    out_hint: *mut motive_hint_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(domain, name, out_hint, "out_hint", "hint", |d, n| {
            d.hints().find(n)
        })
    }
}

/// Looks up the behaviour tree called `name`; `MOTIVE_STATUS_NOT_FOUND` when there is none.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_tree` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_bt_tree(
    domain: *const motive_domain,
    name: *const c_char,
    out_tree: *mut motive_bt_tree_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(
            domain,
            name,
            out_tree,
            "out_tree",
            "behaviour tree",
            |d, n| d.bt_trees().find(n),
        )
    }
}

/// Looks up the player action called `name`; `MOTIVE_STATUS_NOT_FOUND` when there is none.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_action` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_player_action(
    domain: *const motive_domain,
    name: *const c_char,
    out_action: *mut motive_player_action_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(
            domain,
            name,
            out_action,
            "out_action",
            "player action",
            |d, n| d.player_actions().find(n),
        )
    }
}

/// Pushes `tree` on top of `npc`'s layers (a tree that acts only on an empty stack; at most 16
/// layers). Another brain's NPC is an error; a refused push changes nothing.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_push_bt_layer(
    world: *mut motive_world,
    npc: motive_npc,
    tree: motive_bt_tree_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.push_bt_layer(npc.into(), BtTreeId(tree))?)) })
}

/// Removes `npc`'s top layer; the layer below loses its hints and restarts.
/// `MOTIVE_STATUS_NOT_FOUND` when it has none.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_pop_bt_layer(
    world: *mut motive_world,
    npc: motive_npc,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.pop_bt_layer(npc.into())?)) })
}

/// Replaces `npc`'s top layer by `tree` in one step: the layer below loses the old layer's
/// hints and takes the new one's from its next think. Above another layer `tree` may only
/// hint; with one layer this swaps the base tree (its actions must be ones the NPC consumes).
/// `MOTIVE_STATUS_NOT_FOUND` when the NPC has no layer or `tree` is no tree of the domain (the
/// message tells which); a refused swap changes nothing.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_swap_bt_layer(
    world: *mut motive_world,
    npc: motive_npc,
    tree: motive_bt_tree_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.swap_bt_layer(npc.into(), BtTreeId(tree))?)) })
}

/// Removes every layer of `npc`.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_clear_bt_layers(
    world: *mut motive_world,
    npc: motive_npc,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.clear_bt_layers(npc.into())?)) })
}

/// Copies the trees of `npc`'s layers, the highest first, into `buffer`, like
/// `motive_npc_drives`.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_bt_layers(
    world: *const motive_world,
    npc: motive_npc,
    buffer: *mut motive_bt_tree_id,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            let bt = w.bt_mind(npc.into())?;
            list.fill(bt.layers.runs().map(|run| tree_id(w, run.tree())))
        })
    }
}

/// The state (a `motive_hint_state`) of `hint` in `npc`'s layer `level` (0 the highest);
/// Neutral where that tree does not expose the hint.
///
/// # Safety
/// `world` must be NULL or live; `out_state` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_bt_hint(
    world: *const motive_world,
    npc: motive_npc,
    level: u32,
    hint: motive_hint_id,
    out_state: *mut u32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_state, "out_state", |w| {
            let state = w.bt_hint(npc.into(), level as usize, HintId(hint))?;
            Ok(match state {
                HintState::Positive => motive_hint_state::Positive,
                HintState::Neutral => motive_hint_state::Neutral,
                HintState::Negative => motive_hint_state::Negative,
            } as u32)
        })
    }
}

/// Whether `flag` is set on `npc`'s blackboard. `MOTIVE_STATUS_INVALID_ARGUMENT` for an
/// attribute that is not a bool one, `MOTIVE_STATUS_NOT_FOUND` for one the domain lacks.
///
/// # Safety
/// `world` must be NULL or live; `out_set` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_bt_flag(
    world: *const motive_world,
    npc: motive_npc,
    flag: motive_attribute,
    out_set: *mut bool,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_set, "out_set", |w| {
            w.bt_flag(npc.into(), AttributeId(flag))
        })
    }
}

/// Copies the running path of `npc`'s layer `level` (0 the highest), node indices of its tree
/// in pre-order from the root down, into `buffer`, like `motive_npc_drives`: why the NPC does
/// what it does.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_bt_running(
    world: *const motive_world,
    npc: motive_npc,
    level: u32,
    buffer: *mut u32,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            let bt = w.bt_mind(npc.into())?;
            let run = bt.layers.runs().nth(level as usize).ok_or_else(|| {
                FfiError::new(
                    motive_status::NotFound,
                    format!("the npc has {} layers, no layer {level}", bt.layers.len()),
                )
            })?;
            list.fill(run.running_path().into_iter())
        })
    }
}

/// The player performed `action`: the world's player model learns the styles it shows.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_report_player_action(
    world: *mut motive_world,
    action: motive_player_action_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe {
        with_world(world, |w| {
            Ok(w.report_player_action(PlayerActionId(action))?)
        })
    })
}

/// Copies the player model, a distribution over the domain's play styles (in id order), into
/// `buffer`, like `motive_npc_drives`.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_player_model(
    world: *const motive_world,
    buffer: *mut f64,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            list.fill(w.player_model().shares().iter().copied())
        })
    }
}

/// Creates a group led by `tree` (which may only hint, and test only its own hints) with no
/// member yet, handle in `*out_group`. After each tick's thinks its tree steps once and its
/// hints go to every member's top layer.
///
/// # Safety
/// `world` must be NULL or live; `out_group` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_create_bt_group(
    world: *mut motive_world,
    tree: motive_bt_tree_id,
    out_group: *mut motive_bt_group,
) -> motive_status {
    guard(|| {
        let out_group = out(out_group, "out_group")?;
        // SAFETY: pointer validity is this function's contract.
        let group = unsafe { with_world(world, |w| Ok(w.create_bt_group(BtTreeId(tree))?)) }?;
        out_group.write(group.into());
        Ok(())
    })
}

/// Destroys `group`: its members' top layers lose its hints; the handle goes stale.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_destroy_bt_group(
    world: *mut motive_world,
    group: motive_bt_group,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.destroy_bt_group(group.into())?)) })
}

/// Adds `npc` (a behaviour-tree NPC) to `group` (at most 4,096 members; a member joins once).
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_group_add_member(
    world: *mut motive_world,
    group: motive_bt_group,
    npc: motive_npc,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe { membership(world, group, npc, World::add_bt_group_member) }
}

/// Applies `change` (joining or leaving) to `npc` and `group` in `world`.
///
/// # Safety
/// `world` must be NULL or live.
unsafe fn membership(
    world: *mut motive_world,
    group: motive_bt_group,
    npc: motive_npc,
    change: fn(&mut World, Entity, Entity) -> CoreResult<()>,
) -> motive_status {
    // SAFETY: forwarded from this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(change(w, group.into(), npc.into())?)) })
}

/// Removes `npc` from `group`; its top layer loses the group's hints. `MOTIVE_STATUS_NOT_FOUND`
/// when it is no member.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_group_remove_member(
    world: *mut motive_world,
    group: motive_bt_group,
    npc: motive_npc,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe { membership(world, group, npc, World::remove_bt_group_member) }
}

/// Copies `group`'s members, in the order they joined, into `buffer`, like
/// `motive_npc_drives`.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_group_members(
    world: *const motive_world,
    group: motive_bt_group,
    buffer: *mut motive_npc,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            let members = w.bt_group_members(group.into())?;
            list.fill(members.iter().map(|&m| m.into()))
        })
    }
}

/// Lets the player model choose `tree` (which may only hint) to lead `group` when the player's
/// style fits `weights[0..count]`, the styles it serves: from the first reported player action
/// on, the best of the group's adaptive trees (by expected utility, changing only for one
/// better by the domain's margin) replaces its tree for every member. At most 16 per group.
///
/// # Safety
/// `world` must be NULL or live; `weights` readable for `count` items.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_group_add_adaptive_layer(
    world: *mut motive_world,
    group: motive_bt_group,
    tree: motive_bt_tree_id,
    weights: *const motive_style_weight,
    count: usize,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let weights = unsafe { style_weights(weights, count) }?;
        // SAFETY: as above.
        unsafe {
            with_world(world, |w| {
                Ok(w.add_bt_group_adaptive_layer(group.into(), BtTreeId(tree), &weights)?)
            })
        }
    })
}

/// The id of the tree leading `group` now (its first, or the adaptive tree the player model
/// chose) in `*out_tree`.
///
/// # Safety
/// `world` must be NULL or live; `out_tree` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_bt_group_tree(
    world: *const motive_world,
    group: motive_bt_group,
    out_tree: *mut motive_bt_tree_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_tree, "out_tree", |w| {
            Ok(tree_id(w, w.bt_group_tree(group.into())?))
        })
    }
}

/// The domain's id of `tree` (a tree of `world`'s domain); `MOTIVE_NO_ID` if it is none.
fn tree_id(
    world: &crate::core::World,
    tree: &std::sync::Arc<crate::core::model::bt::BtTree>,
) -> u32 {
    let trees = world.domain().bt_trees().items();
    let id = trees.iter().position(|t| std::sync::Arc::ptr_eq(t, tree));
    id.map_or(MOTIVE_NO_ID, |i| i as u32)
}
