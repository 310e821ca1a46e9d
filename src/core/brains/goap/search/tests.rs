//! The one-word sets against the general ones: on random boolean problems (two targets, so
//! instances share bits, integer costs, shallow depth limits), a search over one-word sets
//! (`OneWord`) finds the same plan at the same cost with the same counters as one forced onto
//! the general ones (`Lists`), sliced or not. And a workspace kept from search to search
//! (its binding, compiled goal and start state reused when unchanged) finds what a fresh one
//! finds, as goals and start states change between searches.

use proptest::collection::vec;
use proptest::prelude::*;

use crate::core::brains::goap::gather::GoapInputs;
use crate::core::brains::goap::Workspace;
use crate::core::model::action::Planning;
use crate::core::model::archetype::ThinkSettings;
use crate::core::model::condition::{CmpOp, Condition, Operand, Role};
use crate::core::model::domain::DomainBuilder;
use crate::core::model::effect::{Effect, EffectOp};
use crate::core::model::goap::{GoapGoalId, Relevance};
use crate::core::{AttributeId, Entity, Value, ValueType, Vec3, World, WorldConfig};

use super::GoapSearch;

/// Atoms of the random problems.
const ATOMS: usize = 6;

/// (atom, value) pairs: preconditions, effects or the goal.
fn literals(most: usize) -> impl Strategy<Value = Vec<(usize, bool)>> {
    vec((0..ATOMS, any::<bool>()), 0..=most)
}

/// An action: preconditions, effects (at least one), cost.
type Action = (Vec<(usize, bool)>, Vec<(usize, bool)>, u8);

fn action() -> impl Strategy<Value = Action> {
    (literals(2), vec((0..ATOMS, any::<bool>()), 1..=2), 1u8..4)
}

/// A world with one NPC at `start` and an object that supplies every other action, and the
/// goals `goals`, planned `depth` actions deep at most.
fn world(
    actions: &[Action],
    start: u8,
    goals: &[Vec<(usize, bool)>],
    depth: u32,
) -> (World, Entity, Vec<GoapGoalId>) {
    let mut b = DomainBuilder::new();
    let atoms: Vec<AttributeId> = (0..ATOMS)
        .map(|i| b.add_attribute(&format!("b{i}"), ValueType::Bool).unwrap())
        .collect();
    let holds = |(atom, value): (usize, bool)| Condition::Compare {
        role: Role::Consumer,
        attribute: atoms[atom],
        op: CmpOp::Eq,
        rhs: Operand::Constant(Value::Bool(value)),
    };
    let npc = b.add_archetype("npc").unwrap();
    let object = b.add_archetype("object").unwrap();
    for (k, (pre, post, cost)) in actions.iter().enumerate() {
        let a = b.add_action(&format!("a{k}")).unwrap();
        for &literal in pre {
            b.add_precondition(a, holds(literal)).unwrap();
        }
        for &(atom, value) in post {
            let op = EffectOp::Set(atoms[atom], Operand::Constant(Value::Bool(value)));
            let effect = Effect {
                role: Role::Consumer,
                op,
            };
            b.add_effect(a, effect).unwrap();
        }
        let planning = Planning {
            cost: f64::from(*cost),
            ..Planning::default()
        };
        b.set_action_planning(a, planning).unwrap();
        b.add_consumed_action(npc, a).unwrap();
        b.add_supplied_action(npc, a).unwrap();
        if k % 2 == 0 {
            b.add_supplied_action(object, a).unwrap();
        }
    }
    let settings = ThinkSettings {
        max_depth: depth,
        ..ThinkSettings::default()
    };
    b.set_think_settings(npc, settings).unwrap();
    let goals: Vec<GoapGoalId> = goals
        .iter()
        .enumerate()
        .map(|(k, goal)| {
            let g = b
                .add_goap_goal(&format!("goal{k}"), 0, Relevance::Fixed(1.0))
                .unwrap();
            for &literal in goal {
                b.add_goap_requirement(g, holds(literal)).unwrap();
            }
            g
        })
        .collect();
    let mut world = World::new(b.build().unwrap(), WorldConfig::default()).unwrap();
    let me = world.spawn(npc, Vec3::new(0.0, 0.0, 0.0)).unwrap();
    world.spawn(object, Vec3::new(3.0, 0.0, 4.0)).unwrap();
    set_start(&mut world, me, start);
    (world, me, goals)
}

/// Sets the NPC's atoms to the bits of `start`.
fn set_start(world: &mut World, npc: Entity, start: u8) {
    for i in 0..ATOMS {
        let atom = AttributeId(i as u32);
        world
            .set_fact(npc, atom, Value::Bool(start >> i & 1 == 1))
            .unwrap();
    }
}

/// Plans in `world`, with the general sets when `general`, stepping `budget` nodes at a time;
/// whether the search kept one word, and how it ended.
fn plan(
    world: &World,
    npc: Entity,
    goal: GoapGoalId,
    general: bool,
    budget: u32,
) -> (bool, String) {
    plan_in(world, npc, goal, general, budget, &mut Workspace::default())
}

/// [`plan`] in `ws`'s buffers, given back to it.
fn plan_in(
    world: &World,
    npc: Entity,
    goal: GoapGoalId,
    general: bool,
    budget: u32,
    ws: &mut Workspace,
) -> (bool, String) {
    let mut inputs = GoapInputs::default();
    let mut search: GoapSearch = world
        .goap_begin(npc, goal, &mut inputs, std::mem::take(ws), 0)
        .unwrap();
    let one_word = search.one_word;
    search.one_word &= !general;
    while search.step(budget) == crate::core::brains::SearchStatus::InProgress {}
    let stats = search.stats();
    let outcome = format!(
        "{:?} {:?} {} {} {} {}",
        search.status(),
        search.plan(),
        search.cost(),
        stats.expanded,
        stats.generated,
        stats.duplicates
    );
    *ws = search.into_workspace();
    (one_word, outcome)
}

proptest! {
    #[test]
    fn one_word_sets_search_as_the_general_ones(
        actions in vec(action(), 1..10),
        start in any::<u8>(),
        goal in vec((0..ATOMS, any::<bool>()), 1..=3),
        depth in 1u32..6,
        budget in prop_oneof![Just(u32::MAX), 1u32..4],
    ) {
        let (world, npc, goals) = world(&actions, start, &[goal], depth);
        let goal = goals[0];
        let (one_word, specialised) = plan(&world, npc, goal, false, budget);
        prop_assert!(one_word, "a boolean problem keeps one word");
        let (_, general) = plan(&world, npc, goal, true, u32::MAX);
        prop_assert_eq!(specialised, general);
    }

    #[test]
    fn a_kept_workspace_plans_as_a_fresh_one(
        actions in vec(action(), 1..10),
        goals in vec(vec((0..ATOMS, any::<bool>()), 1..=3), 1..4),
        searches in vec((any::<u8>(), 0usize..4, 1u32..4), 1..12),
        depth in 1u32..6,
    ) {
        let (mut world, npc, goals) = world(&actions, 0, &goals, depth);
        let mut kept = Workspace::default();
        for (start, goal, budget) in searches {
            // A start that often stays, and goals that come back.
            set_start(&mut world, npc, start % 4);
            let goal = goals[goal % goals.len()];
            let fresh = plan(&world, npc, goal, false, u32::MAX);
            prop_assert_eq!(&plan_in(&world, npc, goal, false, u32::MAX, &mut kept), &fresh);
            // Again from the same inputs (the last outcome taken), and sliced.
            prop_assert_eq!(&plan_in(&world, npc, goal, false, u32::MAX, &mut kept), &fresh);
            prop_assert_eq!(&plan_in(&world, npc, goal, false, budget, &mut kept), &fresh);
        }
    }
}
