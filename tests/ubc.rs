//! The UBC brain (Sloan, Kelleher & Mac Namee 2011, 003_a22f8616c585d8bb.txt): the paper's
//! worked example (S:126) and the rules of deciding among predefined plans.

use motive::core::brains::ubc::UbcMind;
use motive::core::model::action::ActionId;
use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
use motive::core::model::effect::{Effect, EffectOp};
use motive::core::model::ubc::{Scope, StepTarget};
use motive::core::world::event::EventKind;
use motive::core::{DomainBuilder, Entity, Value, ValueType, Vec3, World, WorldConfig};

/// The watch buyer of S:126: €100 and style 0; watch 1 costs €100 for +95 style, watch 2 €50
/// for +60. Money is worth 1 util per euro, style 2 per point.
struct Watches {
    world: World,
    man: Entity,
    watch1: Entity,
    watch2: Entity,
}

fn watches(money_weight: Option<f64>, with_fallback: bool) -> Watches {
    let mut b = DomainBuilder::new();
    let money = b.add_attribute("money", ValueType::Number).unwrap();
    let style = b.add_attribute("style", ValueType::Number).unwrap();
    let price = b.add_attribute("price", ValueType::Number).unwrap();
    let gives = b.add_attribute("style_gain", ValueType::Number).unwrap();
    // "€100 is the maximum ... 100 style points is the maximum" (S:126).
    b.set_attribute_range(money, 0.0, 100.0).unwrap();
    b.set_attribute_range(style, 0.0, 100.0).unwrap();
    let buy = b.add_action("buy_watch").unwrap();
    let supplier = |a| Operand::Attribute(Role::Supplier, a);
    b.add_precondition(
        buy,
        Condition::Compare {
            role: Role::Consumer,
            attribute: money,
            op: CmpOp::Ge,
            rhs: supplier(price),
        },
    )
    .unwrap();
    b.add_effect(buy, effect(EffectOp::Subtract(money, supplier(price))))
        .unwrap();
    b.add_effect(buy, effect(EffectOp::Add(style, supplier(gives))))
        .unwrap();
    let idle = b.add_action("keep_money").unwrap();
    let watch = b.add_archetype("watch").unwrap();
    b.add_supplied_action(watch, buy).unwrap();
    let man = b.add_archetype("man").unwrap();
    b.add_consumed_action(man, buy).unwrap();
    let g_money = b
        .add_ubc_goal("have_money", money, Scope::Own, 1.0, None)
        .unwrap();
    let g_style = b
        .add_ubc_goal("be_stylish", style, Scope::Own, 2.0, None)
        .unwrap();
    b.add_archetype_ubc_goal(man, g_money, money_weight)
        .unwrap();
    b.add_archetype_ubc_goal(man, g_style, None).unwrap();
    let plan = b.add_ubc_plan("buy_a_watch").unwrap();
    b.add_ubc_plan_step(plan, buy, StepTarget::Target).unwrap();
    b.add_archetype_ubc_plan(man, plan).unwrap();
    if with_fallback {
        b.add_consumed_action(man, idle).unwrap();
        b.add_supplied_action(man, idle).unwrap();
        b.set_fallback(man, idle).unwrap();
    }
    b.set_archetype_state(man, money, Value::Number(100.0))
        .unwrap();
    b.set_archetype_state(man, style, Value::Number(0.0))
        .unwrap();
    let mut world = World::new(b.build().unwrap(), WorldConfig::default()).unwrap();
    let man = world.spawn(man, Vec3::default()).unwrap();
    let mut shop = |p: f64, s: f64, x: f32| {
        let w = world.spawn(watch, Vec3::new(x, 0.0, 0.0)).unwrap();
        world.set_fact(w, price, Value::Number(p)).unwrap();
        world.set_fact(w, gives, Value::Number(s)).unwrap();
        w
    };
    let watch1 = shop(100.0, 95.0, 1.0);
    let watch2 = shop(50.0, 60.0, 2.0);
    Watches {
        world,
        man,
        watch1,
        watch2,
    }
}

fn effect(op: EffectOp) -> Effect {
    Effect {
        role: Role::Consumer,
        op,
    }
}

fn decide(w: &mut Watches) -> UbcMind {
    w.world.think_now(w.man).unwrap();
    w.world.ubc_mind(w.man).unwrap().clone()
}

#[test]
fn the_watch_buyer_rates_the_first_watch_90_and_the_second_70_and_buys_the_first() {
    let mut w = watches(None, false);
    let mind = decide(&mut w);
    let chosen = mind.chosen_rating().unwrap();
    assert_eq!((chosen.target, chosen.gain), (w.watch1, Some(90.0)));
    let step = w.world.mind(w.man).unwrap().running.unwrap().step;
    assert_eq!((step.supplier, step.action), (w.watch1, ActionId(0)));
    // Without the first watch, the plan's best target is the second: +70 (S:126).
    let mut w = watches(None, false);
    w.world
        .destroy(w.watch1, motive::core::EntityKind::Object)
        .unwrap();
    let mind = decide(&mut w);
    let chosen = mind.chosen_rating().unwrap();
    assert_eq!((chosen.target, chosen.gain), (w.watch2, Some(70.0)));
}

#[test]
fn with_the_money_weight_at_2_5_the_second_watch_wins() {
    // Watch 1: −250 + 190 = −60; watch 2: −125 + 120 = −5.
    let mut w = watches(Some(2.5), false);
    let mind = decide(&mut w);
    let chosen = mind.chosen_rating().unwrap();
    assert_eq!(chosen.target, w.watch2);
    assert!((chosen.gain.unwrap() - -5.0).abs() < 1e-9);
    // It buys it: the paper's agent maximises over its plans, and there is no other.
    assert_eq!(
        w.world.mind(w.man).unwrap().running.unwrap().step.supplier,
        w.watch2
    );
}

#[test]
fn a_fallback_is_doing_nothing_rated_0_so_he_keeps_his_money_when_every_watch_costs_utility() {
    let mut w = watches(Some(2.5), true);
    let mind = decide(&mut w);
    assert!(mind.fell_back && mind.chosen.is_none());
    assert_eq!(
        mind.ratings[0].target, w.watch2,
        "still rated, for explanations"
    );
    assert_eq!(
        w.world.mind(w.man).unwrap().running.unwrap().step.supplier,
        w.man
    );
    // At 2.4 the second watch is worth exactly what it costs (−120 + 120): doing nothing is as
    // good, and the fallback wins the tie; without one he buys it.
    let mut w = watches(Some(2.4), true);
    assert!(decide(&mut w).fell_back);
    let mut w = watches(Some(2.4), false);
    assert_eq!(decide(&mut w).chosen_rating().unwrap().target, w.watch2);
    // At the paper's weights buying still wins over keeping the money.
    let mut w = watches(None, true);
    let mind = decide(&mut w);
    assert_eq!(mind.chosen_rating().unwrap().target, w.watch1);
}

#[test]
fn a_plan_whose_preconditions_fail_at_every_target_is_not_rated_and_the_npc_reports_no_plan() {
    let mut w = watches(None, false);
    let money = w.world.domain().find_attribute("money").unwrap();
    w.world.set_fact(w.man, money, Value::Number(10.0)).unwrap();
    let mind = decide(&mut w);
    assert_eq!(mind.ratings.len(), 1);
    assert_eq!(mind.ratings[0].gain, None);
    assert!(mind.chosen.is_none() && !mind.fell_back);
    let mut events = Vec::new();
    w.world.drain_events(&mut events);
    assert!(events
        .iter()
        .any(|e| e.kind == EventKind::NoPlan && e.npc == w.man));
}
