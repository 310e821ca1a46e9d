//! Distance in decisions, through the world: UDGOAP's attenuation of a plan's utility gain by
//! the distance it walks (`src/core/distance_attenuation.rs`) and GOAP's bounded distance cost
//! curves (`src/core/model/goap/distance_cost.rs`).

use motive::core::brains::goap::gather::GoapInputs;
use motive::core::brains::goap::Workspace;
use motive::core::brains::SearchStatus;
use motive::core::model::action::{ActionId, Planning};
use motive::core::model::archetype::ArchetypeId;
use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
use motive::core::model::curve::{Curve, CurveShape};
use motive::core::model::drive::{GoalGenerator, TriggerScope};
use motive::core::model::effect::{Effect, EffectOp};
use motive::core::model::goal::GoalCondition;
use motive::core::model::goap::{DistanceCurve, Relevance};
use motive::core::world::event::EventKind;
use motive::core::{AttributeId, DomainBuilder, Entity, Value, ValueType, Vec3, World};

/// A diner who wants to be fed (hunger 0 of 100) and food that feeds by its `nutrition`.
struct Diner {
    builder: DomainBuilder,
    hunger: AttributeId,
    nutrition: AttributeId,
    diner: ArchetypeId,
    food: ArchetypeId,
}

fn diner() -> Diner {
    let mut b = DomainBuilder::new();
    let hunger = b.add_attribute("hunger", ValueType::Number).unwrap();
    b.set_attribute_range(hunger, 0.0, 100.0).unwrap();
    let nutrition = b.add_attribute("nutrition", ValueType::Number).unwrap();
    let fed = b.add_goal("fed", 1.0).unwrap();
    b.add_goal_condition(fed, GoalCondition::maximize_own(hunger, 100.0).unwrap())
        .unwrap();
    let appetite = b.add_drive("appetite", 1.0).unwrap();
    let generator = GoalGenerator {
        scope: TriggerScope::Consumer,
        conditions: Vec::new(),
        goal: fed,
    };
    b.add_goal_generator(appetite, generator).unwrap();
    let eat = b.add_action("eat").unwrap();
    let effect = Effect {
        role: Role::Consumer,
        op: EffectOp::Add(hunger, Operand::Attribute(Role::Supplier, nutrition)),
    };
    b.add_effect(eat, effect).unwrap();
    let diner = b.add_archetype("diner").unwrap();
    b.add_consumed_action(diner, eat).unwrap();
    b.add_internal_drive(diner, appetite).unwrap();
    let food = b.add_archetype("food").unwrap();
    b.add_supplied_action(food, eat).unwrap();
    Diner {
        builder: b,
        hunger,
        nutrition,
        diner,
        food,
    }
}

/// Where the diner goes to eat, and the utilities its explanation gives the snack and the feast.
fn diner_choice(d: &Diner) -> (Entity, f64, f64) {
    let mut world = World::new(d.builder.build().unwrap(), Default::default()).unwrap();
    let npc = world.spawn(d.diner, Vec3::default()).unwrap();
    world.set_fact(npc, d.hunger, Value::Number(0.0)).unwrap();
    let mut food = |x: f32, nutrition: f64| {
        let e = world.spawn(d.food, Vec3::new(x, 0.0, 0.0)).unwrap();
        world
            .set_fact(e, d.nutrition, Value::Number(nutrition))
            .unwrap();
        e
    };
    // The snack is near and a little less filling than the feast, far away.
    let snack = food(5.0, 45.0);
    let feast = food(60.0, 50.0);
    world.think_now(npc).unwrap();
    let mut events = Vec::new();
    world.drain_events(&mut events);
    let request = events
        .iter()
        .find(|e| e.kind == EventKind::ActionRequested)
        .expect("the diner goes to eat");
    let utility_of = |target: Entity| {
        let explanation = &world.udgoap_mind(npc).unwrap().explanation;
        explanation
            .candidates
            .iter()
            .find(|c| c.depth() == 1 && c.step().is_some_and(|s| s.supplier == target))
            .map(|c| c.utility())
            .unwrap()
    };
    (request.target, utility_of(snack), utility_of(feast))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn attenuation_makes_a_near_supplier_win_over_a_slightly_better_far_one() {
    let mut d = diner();
    // The thesis's rating: the feast fills more, whatever the walk.
    let (target, snack, feast) = diner_choice(&d);
    assert_eq!((snack, feast), (0.45, 0.5));
    assert_eq!(target.index1, 3, "the feast");

    // A malformed curve is rejected and changes nothing.
    let mut bad = Curve::inverse_linear(100.0).unwrap();
    bad.shape = CurveShape::Power {
        exponent: 0.0,
        slope: 1.0,
        offset: 0.0,
    };
    let error = d
        .builder
        .set_distance_attenuation(d.diner, bad)
        .unwrap_err();
    assert!(error.message.contains("exponent > 0"), "{error}");
    let again = diner_choice(&d);
    assert_eq!(
        (again.0.index1, again.1, again.2),
        (target.index1, snack, feast)
    );

    // Attenuated over 100 units: gains count 95% at 5 units and 40% at 60.
    d.builder
        .set_distance_attenuation(d.diner, Curve::inverse_linear(100.0).unwrap())
        .unwrap();
    let (target, snack, feast) = diner_choice(&d);
    assert!(
        close(snack, 0.95 * 0.45) && close(feast, 0.4 * 0.5),
        "{snack} {feast}"
    );
    assert_eq!(target.index1, 2, "the snack");
}

/// GOAP: a worker wants water; it draws from a well (cost 1 plus the distance's) or buys it
/// at the shop (cost 6, wherever the shop is).
fn water_plan(per_distance: f64, curve: Option<DistanceCurve>, well_at: f32) -> (String, f64) {
    let mut b = DomainBuilder::new();
    let watered = b.add_attribute("watered", ValueType::Bool).unwrap();
    let effect = Effect {
        role: Role::Consumer,
        op: EffectOp::Set(watered, Operand::Constant(Value::Bool(true))),
    };
    let worker = b.add_archetype("worker").unwrap();
    let action = |b: &mut DomainBuilder, name: &str, cost: f64| -> (ActionId, ArchetypeId) {
        let action = b.add_action(name).unwrap();
        b.add_effect(action, effect).unwrap();
        let planning = Planning {
            cost,
            ..Planning::default()
        };
        b.set_action_planning(action, planning).unwrap();
        b.add_consumed_action(worker, action).unwrap();
        let supplier = b.add_archetype(&format!("{name}_place")).unwrap();
        b.add_supplied_action(supplier, action).unwrap();
        (action, supplier)
    };
    let (draw, well) = action(&mut b, "draw", 1.0);
    let (_, shop) = action(&mut b, "buy", 6.0);
    let planning = Planning {
        cost: 1.0,
        cost_per_distance: per_distance,
        ..Planning::default()
    };
    b.set_action_planning(draw, planning).unwrap();
    if let Some(curve) = curve {
        b.set_action_distance_curve(draw, curve).unwrap();
    }
    let goal = b.add_goap_goal("water", 1, Relevance::Fixed(1.0)).unwrap();
    let requirement = Condition::Compare {
        role: Role::Consumer,
        attribute: watered,
        op: CmpOp::Eq,
        rhs: Operand::Constant(Value::Bool(true)),
    };
    b.add_goap_requirement(goal, requirement).unwrap();
    b.add_archetype_goap_goal(worker, goal).unwrap();
    let domain = b.build().unwrap();
    let mut world = World::new(domain.clone(), Default::default()).unwrap();
    let npc = world.spawn(worker, Vec3::default()).unwrap();
    world.spawn(well, Vec3::new(well_at, 0.0, 0.0)).unwrap();
    world.spawn(shop, Vec3::new(500.0, 0.0, 0.0)).unwrap();
    let mut inputs = GoapInputs::default();
    let mut search = world
        .goap_begin(npc, goal, &mut inputs, Workspace::default(), 0)
        .unwrap();
    assert_eq!(search.step(u32::MAX), SearchStatus::Found);
    let step = search.plan()[0];
    (domain.actions().name(step.action.0).to_owned(), step.cost)
}

/// Walking costs nothing up to 10 units, then up to 10 more by 50 units, and no more beyond.
fn ramp() -> DistanceCurve {
    let curve = Curve::new(
        10.0,
        50.0,
        CurveShape::Linear {
            slope: 1.0,
            offset: 0.0,
        },
    );
    DistanceCurve {
        curve: curve.unwrap(),
        max_cost: 10.0,
    }
}

#[test]
fn goap_distance_costs_are_linear_by_default_and_curves_saturate() {
    // Linear: 1 + 0.2 per unit; the shop's 6 is cheaper beyond 25 units.
    assert_eq!(water_plan(0.2, None, 20.0), ("draw".into(), 5.0));
    assert_eq!(water_plan(0.2, None, 30.0), ("buy".into(), 6.0));
    // The ramp: 1 + 10 · (d − 10) / 40: walking is free up to 10, and from 30 on the shop is
    // as cheap (a tie goes to it) or cheaper.
    assert_eq!(water_plan(0.0, Some(ramp()), 8.0), ("draw".into(), 1.0));
    assert_eq!(water_plan(0.0, Some(ramp()), 28.0), ("draw".into(), 5.5));
    assert_eq!(water_plan(0.0, Some(ramp()), 34.0), ("buy".into(), 6.0));
    // Both add; a cheaper curve keeps a very far well at a bounded cost.
    assert_eq!(water_plan(0.0625, Some(ramp()), 16.0), ("draw".into(), 3.5));
    let cheap = DistanceCurve {
        max_cost: 4.0,
        ..ramp()
    };
    assert_eq!(water_plan(0.0, Some(cheap), 1e6), ("draw".into(), 5.0));
}

/// The diner's utilities for the feast and the snack (`None` when the feast is no candidate)
/// and where it goes, when another diner is already eating the feast, the food has one slot
/// each, and the diner prices contention as `contention`.
fn diner_beside_a_busy_feast(
    contention: motive::core::model::smart_object::Contention,
) -> (Entity, f64, Option<f64>) {
    use motive::core::model::smart_object::SlotDef;
    let mut d = diner();
    d.builder.add_slot(d.food, SlotDef::default()).unwrap();
    d.builder.set_contention(d.diner, contention).unwrap();
    let mut world = World::new(d.builder.build().unwrap(), Default::default()).unwrap();
    let mut food = |x: f32, nutrition: f64| {
        let e = world.spawn(d.food, Vec3::new(x, 0.0, 0.0)).unwrap();
        world
            .set_fact(e, d.nutrition, Value::Number(nutrition))
            .unwrap();
        e
    };
    let snack = food(5.0, 45.0);
    let feast = food(60.0, 50.0);
    let hungry = |world: &mut World| {
        let npc = world.spawn(d.diner, Vec3::default()).unwrap();
        world.set_fact(npc, d.hunger, Value::Number(0.0)).unwrap();
        world.think_now(npc).unwrap();
        npc
    };
    let first = hungry(&mut world);
    assert_eq!(
        world.slots(feast).unwrap()[0].holder,
        first,
        "eating the feast"
    );
    let mut events = Vec::new();
    world.drain_events(&mut events);
    let npc = hungry(&mut world);
    events.clear();
    world.drain_events(&mut events);
    let target = events
        .iter()
        .find(|e| {
            e.npc == npc && matches!(e.kind, EventKind::ActionRequested | EventKind::PlanInvalid)
        })
        .expect("the diner decides")
        .target;
    let explanation = &world.udgoap_mind(npc).unwrap().explanation;
    let utility_of = |target: Entity| {
        explanation
            .candidates
            .iter()
            .find(|c| c.depth() == 1 && c.step().is_some_and(|s| s.supplier == target))
            .map(|c| c.utility())
    };
    (target, utility_of(snack).unwrap(), utility_of(feast))
}

#[test]
fn a_contention_penalty_scales_the_gain_of_plans_that_use_a_busy_supplier() {
    use motive::core::model::smart_object::Contention;
    // Excluded: the busy feast is no candidate, the snack it is.
    let (target, snack, feast) = diner_beside_a_busy_feast(Contention::Exclude);
    assert_eq!((target.index1, snack, feast), (1, 0.45, None));
    // Half its gain: 0.25 < 0.45, the snack.
    let half = Contention::Penalty {
        cost: 0.0,
        utility_factor: 0.5,
    };
    let (target, snack, feast) = diner_beside_a_busy_feast(half);
    assert_eq!((target.index1, snack), (1, 0.45));
    assert!(close(feast.unwrap(), 0.5 * 0.5), "{feast:?}");
    // 95% of it: 0.475 > 0.45, so it goes for the feast, finds the slot still taken on
    // arrival (its plan is invalid) and replans.
    let mild = Contention::Penalty {
        cost: 0.0,
        utility_factor: 0.95,
    };
    let (target, _, feast) = diner_beside_a_busy_feast(mild);
    assert!(close(feast.unwrap(), 0.95 * 0.5), "{feast:?}");
    assert_eq!(target.index1, 2, "the feast");
}
