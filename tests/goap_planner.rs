//! The GOAP planner on its own: binding, regressive A*, optimality and slicing, on the
//! examples of Sloan et al. 2011 (003_a22f8616c585d8bb.txt) and Pittman 2007
//! (004_bdde6381c6c06595.txt).

use motive::core::brains::goap::bind::BindInput;
use motive::core::brains::goap::{GoapProblem, GoapSearch, Target, Test, Workspace};
use motive::core::brains::SearchStatus;
use motive::core::model::action::{ActionId, Planning};
use motive::core::model::archetype::ArchetypeId;
use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
use motive::core::model::domain::DomainBuilder;
use motive::core::model::effect::{Effect, EffectOp};
use motive::core::model::goap::SymbolicState;
use motive::core::{AttributeId, Domain, Entity, Value, ValueType, Vec3, World, WorldConfig};
use std::sync::Arc;

fn is(attribute: AttributeId, value: bool) -> Condition {
    Condition::Compare {
        role: Role::Consumer,
        attribute,
        op: CmpOp::Eq,
        rhs: Operand::Constant(Value::Bool(value)),
    }
}

fn set(attribute: AttributeId, value: bool) -> Effect {
    Effect {
        role: Role::Consumer,
        op: EffectOp::Set(attribute, Operand::Constant(Value::Bool(value))),
    }
}

fn action(
    b: &mut DomainBuilder,
    name: &str,
    cost: f64,
    pre: &[Condition],
    eff: &[Effect],
) -> ActionId {
    let a = b.add_action(name).unwrap();
    for c in pre {
        b.add_precondition(a, c.clone()).unwrap();
    }
    for e in eff {
        b.add_effect(a, *e).unwrap();
    }
    b.set_action_planning(
        a,
        Planning {
            cost,
            ..Planning::default()
        },
    )
    .unwrap();
    a
}

/// Plans for `npc` in `world` towards `goal`, unsliced.
fn plan(
    world: &World,
    npc: Entity,
    goal: &[Condition],
) -> (SearchStatus, Vec<(String, Entity)>, f64) {
    let domain = world.domain().clone();
    let archetype = world.archetype(npc).unwrap().unwrap();
    let targets: Vec<Target> = world
        .entities()
        .filter_map(|e| {
            Some(Target {
                entity: e,
                archetype: world.archetype(e).ok()??,
                position: world.position(e).ok(),
                extra_cost: 0.0,
            })
        })
        .collect();
    let mut start = SymbolicState::default();
    start.capture(domain.symbols(), world, npc);
    let tests = goal_tests(&domain, world, npc, goal);
    let problem = GoapProblem {
        bind: BindInput {
            domain: &domain,
            npc,
            position: world.position(npc).ok(),
            actions: &domain.archetype(archetype).consumes,
            cost_deltas: &[],
            excluded: &[],
            targets: &targets,
            view: world,
            engine_check: None,
        },
        start: &start,
        goal: &tests,
        max_expansions: 10_000,
        max_depth: 32,
    };
    let mut search = GoapSearch::begin(&problem, Workspace::default());
    let status = search.step(u32::MAX);
    let steps = search
        .plan()
        .iter()
        .map(|s| (domain.actions().name(s.action.0).to_owned(), s.target))
        .collect();
    (status, steps, search.cost())
}

fn goal_tests(domain: &Arc<Domain>, world: &World, npc: Entity, goal: &[Condition]) -> Vec<Test> {
    let me = motive::core::model::condition::Bindings {
        consumer: npc,
        supplier: npc,
        other: Entity::NULL,
    };
    goal.iter()
        .map(|c| {
            motive::core::brains::goap::bind::resolve_test(domain.symbols(), c, world, &me)
                .unwrap()
                .unwrap()
        })
        .collect()
}

struct Nurse {
    world: World,
    nurse: Entity,
    cabinet: Entity,
    medicated: AttributeId,
}

/// Figure 2 of Sloan et al. 2011 (S:112): get_pills costs 10, get_backup_pills 30.
fn nurse() -> Nurse {
    let mut b = DomainBuilder::new();
    let at_pills = b.add_attribute("at_pills", ValueType::Bool).unwrap();
    let has_pills = b.add_attribute("has_pills", ValueType::Bool).unwrap();
    let medicated = b
        .add_attribute("patient_medicated", ValueType::Bool)
        .unwrap();
    let goto_pills = action(&mut b, "goto_pills", 1.0, &[], &[set(at_pills, true)]);
    let get_pills = action(
        &mut b,
        "get_pills",
        10.0,
        &[is(at_pills, true)],
        &[set(has_pills, true)],
    );
    let backup = action(
        &mut b,
        "get_backup_pills",
        30.0,
        &[],
        &[set(has_pills, true)],
    );
    let give = action(
        &mut b,
        "give_pills",
        1.0,
        &[is(has_pills, true)],
        &[set(has_pills, false), set(medicated, true)],
    );
    let nurse = b.add_archetype("nurse").unwrap();
    let cabinet = b.add_archetype("cabinet").unwrap();
    for a in [goto_pills, get_pills, backup, give] {
        b.add_consumed_action(nurse, a).unwrap();
    }
    for a in [goto_pills, backup, give] {
        b.add_supplied_action(nurse, a).unwrap();
    }
    b.add_supplied_action(cabinet, get_pills).unwrap();
    let domain = b.build().unwrap();
    let mut world = World::new(domain, WorldConfig::default()).unwrap();
    let spawn = |w: &mut World, a: ArchetypeId| w.spawn(a, Vec3::new(0.0, 0.0, 0.0)).unwrap();
    let n = spawn(&mut world, nurse);
    let c = spawn(&mut world, cabinet);
    Nurse {
        world,
        nurse: n,
        cabinet: c,
        medicated,
    }
}

#[test]
fn nurse_pills_prefers_the_cheap_pills() {
    let n = nurse();
    let (status, steps, cost) = plan(&n.world, n.nurse, &[is(n.medicated, true)]);
    assert_eq!(status, SearchStatus::Found);
    assert_eq!(
        steps,
        vec![
            ("goto_pills".to_owned(), n.nurse),
            ("get_pills".to_owned(), n.cabinet),
            ("give_pills".to_owned(), n.nurse)
        ]
    );
    assert_eq!(cost, 12.0);
}
