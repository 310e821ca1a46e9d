//! The GOAP brain in a world: goal selection, execution through events, replanning triggers,
//! the planning scheduler and planning on several threads, on the scenarios of Pittman 2007
//! (004_bdde6381c6c06595.txt) and Sloan et al. 2011 (003_a22f8616c585d8bb.txt); digest
//! ../shared/spec/003_004_ubc_and_goap.md, Part D.

use motive::core::brains::goap::gather::GoapInputs;
use motive::core::brains::goap::{GoapSearch, Workspace};
use motive::core::brains::SearchStatus;
use motive::core::model::action::{ActionId, Planning};
use motive::core::model::archetype::{ArchetypeId, ThinkSettings};
use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
use motive::core::model::curve::Curve;
use motive::core::model::domain::DomainBuilder;
use motive::core::model::effect::{Effect, EffectOp};
use motive::core::model::goap::{GoapGoalId, Relevance};
use motive::core::world::actions::ActionOutcome;
use motive::core::world::event::{Event, EventKind};
use motive::core::{AttributeId, Entity, EntityKind, Value, ValueType, Vec3, World, WorldConfig};

fn cmp(attribute: AttributeId, op: CmpOp, rhs: Operand) -> Condition {
    Condition::Compare {
        role: Role::Consumer,
        attribute,
        op,
        rhs,
    }
}

fn is(attribute: AttributeId, value: bool) -> Condition {
    cmp(attribute, CmpOp::Eq, Operand::Constant(Value::Bool(value)))
}

fn num(n: f64) -> Operand {
    Operand::Constant(Value::Number(n))
}

fn set(attribute: AttributeId, value: bool) -> Effect {
    Effect {
        role: Role::Consumer,
        op: EffectOp::Set(attribute, Operand::Constant(Value::Bool(value))),
    }
}

fn effect(op: EffectOp) -> Effect {
    Effect {
        role: Role::Consumer,
        op,
    }
}

/// A domain under construction with terse helpers.
struct Builder(DomainBuilder);

impl Builder {
    fn attr(&mut self, name: &str, t: ValueType) -> AttributeId {
        self.0.add_attribute(name, t).unwrap()
    }

    fn action(&mut self, name: &str, cost: f64, pre: &[Condition], eff: &[Effect]) -> ActionId {
        let a = self.0.add_action(name).unwrap();
        for c in pre {
            self.0.add_precondition(a, c.clone()).unwrap();
        }
        for e in eff {
            self.0.add_effect(a, *e).unwrap();
        }
        self.0
            .set_action_planning(
                a,
                Planning {
                    cost,
                    ..Planning::default()
                },
            )
            .unwrap();
        a
    }

    fn goal(
        &mut self,
        name: &str,
        priority: u32,
        relevance: Relevance,
        req: &[Condition],
    ) -> GoapGoalId {
        let g = self.0.add_goap_goal(name, priority, relevance).unwrap();
        for c in req {
            self.0.add_goap_requirement(g, c.clone()).unwrap();
        }
        g
    }

    fn archetype(
        &mut self,
        name: &str,
        consumes: &[ActionId],
        supplies: &[ActionId],
        goals: &[GoapGoalId],
    ) -> ArchetypeId {
        let a = self.0.add_archetype(name).unwrap();
        for &x in consumes {
            self.0.add_consumed_action(a, x).unwrap();
        }
        for &x in supplies {
            self.0.add_supplied_action(a, x).unwrap();
        }
        for &g in goals {
            self.0.add_archetype_goap_goal(a, g).unwrap();
        }
        a
    }

    fn world(&self, budget: u32) -> World {
        let config = WorldConfig {
            plan_budget_per_tick: budget,
            ..WorldConfig::default()
        };
        World::new(self.0.build().unwrap(), config).unwrap()
    }
}

fn at(z: f32) -> Vec3 {
    Vec3::new(0.0, 0.0, z)
}

/// Drains the events and returns the requests as (action name, target, request id).
fn requests(world: &mut World) -> Vec<(String, Entity, u32)> {
    let mut events: Vec<Event> = Vec::new();
    world.drain_events(&mut events);
    events
        .iter()
        .filter(|e| e.kind == EventKind::ActionRequested)
        .map(|e| {
            let name = world
                .domain()
                .actions()
                .name(e.action.unwrap().0)
                .to_owned();
            (name, e.target, e.request)
        })
        .collect()
}

/// Reports `request` of `npc` and returns the next requests.
fn report(
    world: &mut World,
    npc: Entity,
    request: u32,
    outcome: ActionOutcome,
) -> Vec<(String, Entity, u32)> {
    world.report_action(npc, request, outcome).unwrap();
    requests(world)
}

fn names(plan: &[(String, Entity, u32)]) -> Vec<&str> {
    plan.iter().map(|r| r.0.as_str()).collect()
}

/// The remaining plan of `npc` as action names.
fn plan_of(world: &World, npc: Entity) -> Vec<String> {
    let mind = world.mind(npc).unwrap();
    mind.remaining_plan()
        .iter()
        .map(|s| world.domain().actions().name(s.action.0).to_owned())
        .collect()
}

struct Nurse {
    world: World,
    nurse: Entity,
    cabinet: Entity,
    has_pills: AttributeId,
}

/// Figure 2 of Sloan et al. 2011 (S:112): get_pills 10, get_backup_pills 30.
fn nurse() -> Nurse {
    let mut b = Builder(DomainBuilder::new());
    let at_pills = b.attr("at_pills", ValueType::Bool);
    let has_pills = b.attr("has_pills", ValueType::Bool);
    let medicated = b.attr("patient_medicated", ValueType::Bool);
    let goto_pills = b.action("goto_pills", 1.0, &[], &[set(at_pills, true)]);
    let get_pills = b.action(
        "get_pills",
        10.0,
        &[is(at_pills, true)],
        &[set(has_pills, true)],
    );
    let backup = b.action("get_backup_pills", 30.0, &[], &[set(has_pills, true)]);
    let give = b.action(
        "give_pills",
        1.0,
        &[is(has_pills, true)],
        &[set(has_pills, false), set(medicated, true)],
    );
    let goal = b.goal(
        "patients_medicated",
        3,
        Relevance::Fixed(1.0),
        &[is(medicated, true)],
    );
    let nurse = b.archetype(
        "nurse",
        &[goto_pills, get_pills, backup, give],
        &[goto_pills, backup, give],
        &[goal],
    );
    let cabinet = b.archetype("cabinet", &[], &[get_pills], &[]);
    let mut world = b.world(0);
    let n = world.spawn(nurse, at(0.0)).unwrap();
    let c = world.spawn(cabinet, at(5.0)).unwrap();
    Nurse {
        world,
        nurse: n,
        cabinet: c,
        has_pills,
    }
}

#[test]
fn nurse_pills_runs_the_cheap_plan_and_replans_around_a_failed_action() {
    let Nurse {
        mut world,
        nurse,
        cabinet,
        has_pills,
    } = nurse();
    world.think_now(nurse).unwrap();
    assert_eq!(
        plan_of(&world, nurse),
        ["goto_pills", "get_pills", "give_pills"]
    );
    let goal = world.goap_mind(nurse).unwrap().goal.unwrap();
    assert_eq!(
        world.domain().goap_goals().name(goal.0),
        "patients_medicated"
    );
    assert_eq!(world.goap_mind(nurse).unwrap().decision.cost, 12.0);
    let r = requests(&mut world);
    assert_eq!(names(&r), ["goto_pills"]);
    let r = report(&mut world, nurse, r[0].2, ActionOutcome::Succeeded);
    assert_eq!((r[0].0.as_str(), r[0].1), ("get_pills", cabinet));
    // get_pills fails (S:105, Part D item 6): the replan for the same goal leaves it out.
    assert!(report(&mut world, nurse, r[0].2, ActionOutcome::Failed).is_empty());
    world.tick(0.2).unwrap();
    assert_eq!(plan_of(&world, nurse), ["get_backup_pills", "give_pills"]);
    let r = requests(&mut world);
    let r = report(&mut world, nurse, r[0].2, ActionOutcome::Succeeded);
    assert_eq!(
        world.fact(nurse, has_pills).unwrap().value,
        Value::Bool(true),
        "effects apply"
    );
    assert_eq!(names(&r), ["give_pills"]);
    assert!(report(&mut world, nurse, r[0].2, ActionOutcome::Succeeded).is_empty());
    // The goal holds: nothing more to do, and no plan request is made.
    world.tick(0.2).unwrap();
    assert!(requests(&mut world).is_empty());
    assert!(world.mind(nurse).unwrap().remaining_plan().is_empty());
}

struct Pirate {
    world: World,
    pirate: Entity,
    bottle: Entity,
    cask: Entity,
}

/// Pittman's pirate (P:383): get drunk by stealing the bottle (unlawful), working and buying
/// (lawful), or collecting molasses and brewing (unlawful, when there is no bottle). Places
/// are entities; `at` is an entity attribute that `goto` sets to its target.
fn pirate(lawful: bool, with_bottle: bool) -> Pirate {
    let mut b = Builder(DomainBuilder::new());
    let at_attr = b.attr("at", ValueType::Entity);
    let is_lawful = b.attr("lawful", ValueType::Bool);
    let gold = b.attr("gold", ValueType::Number);
    let has_rum = b.attr("has_rum", ValueType::Bool);
    let molasses = b.attr("has_molasses", ValueType::Bool);
    let drunk = b.attr("drunk", ValueType::Bool);
    let here = cmp(at_attr, CmpOp::Eq, Operand::Entity(Role::Supplier));
    let unlawful = is(is_lawful, false);
    let goto = b.action(
        "goto",
        1.0,
        &[],
        &[effect(EffectOp::Set(
            at_attr,
            Operand::Entity(Role::Supplier),
        ))],
    );
    let steal = b.action(
        "steal_rum",
        1.0,
        &[here.clone(), unlawful.clone()],
        &[
            set(has_rum, true),
            Effect {
                role: Role::Supplier,
                op: EffectOp::End,
            },
        ],
    );
    let work = b.action(
        "work",
        3.0,
        std::slice::from_ref(&here),
        &[effect(EffectOp::Add(gold, num(10.0)))],
    );
    let buy = b.action(
        "buy_rum",
        1.0,
        &[here.clone(), cmp(gold, CmpOp::Ge, num(10.0))],
        &[
            effect(EffectOp::Subtract(gold, num(10.0))),
            set(has_rum, true),
        ],
    );
    let collect = b.action(
        "collect_molasses",
        1.0,
        std::slice::from_ref(&here),
        &[set(molasses, true)],
    );
    let brew = b.action(
        "brew_rum",
        1.0,
        &[is(molasses, true), unlawful],
        &[set(molasses, false), set(has_rum, true)],
    );
    let drink = b.action(
        "drink_rum",
        1.0,
        &[is(has_rum, true)],
        &[set(has_rum, false), set(drunk, true)],
    );
    let goal = b.goal("get_drunk", 1, Relevance::Fixed(1.0), &[is(drunk, true)]);
    let pirate = b.archetype(
        "pirate",
        &[goto, steal, work, buy, collect, brew, drink],
        &[brew, drink],
        &[goal],
    );
    let bottle = b.archetype("bottle", &[], &[goto, steal], &[]);
    let dock = b.archetype("dock", &[], &[goto, work], &[]);
    let tavern = b.archetype("tavern", &[], &[goto, buy], &[]);
    let cask = b.archetype("molasses_cask", &[], &[goto, collect], &[]);
    let mut world = b.world(0);
    let p = world.spawn(pirate, at(0.0)).unwrap();
    world.set_fact(p, is_lawful, Value::Bool(lawful)).unwrap();
    world.set_fact(p, gold, Value::Number(0.0)).unwrap();
    let bottle = world.spawn(bottle, at(3.0)).unwrap();
    world.spawn(dock, at(4.0)).unwrap();
    world.spawn(tavern, at(5.0)).unwrap();
    let cask = world.spawn(cask, at(6.0)).unwrap();
    if !with_bottle {
        world.destroy(bottle, EntityKind::Object).unwrap();
    }
    Pirate {
        world,
        pirate: p,
        bottle,
        cask,
    }
}

#[test]
fn the_unlawful_pirate_steals_then_drinks() {
    let Pirate {
        mut world,
        pirate,
        bottle,
        ..
    } = pirate(false, true);
    world.think_now(pirate).unwrap();
    assert_eq!(plan_of(&world, pirate), ["goto", "steal_rum", "drink_rum"]);
    assert_eq!(world.mind(pirate).unwrap().plan[1].supplier, bottle);
}

/// The unlawful pirate walking to the bottle (the walk's request id), which someone then
/// takes: the bottle is destroyed before the walk is reported.
fn pirate_whose_bottle_vanishes() -> (Pirate, u32) {
    let mut p = pirate(false, true);
    p.world.think_now(p.pirate).unwrap();
    let walk = requests(&mut p.world);
    assert_eq!((walk[0].0.as_str(), walk[0].1), ("goto", p.bottle));
    p.world.destroy(p.bottle, EntityKind::Object).unwrap();
    (p, walk[0].2)
}

/// The engine never reports a walk whose target was destroyed; the GOAP NPC must not wait for
/// it forever. Its next think fails the running action, as a UDGOAP think does, and it replans
/// (Pittman P:383: the pirate who finds the bottle gone brews from molasses).
#[test]
fn a_vanished_target_fails_the_running_action_and_the_pirate_replans() {
    let (
        Pirate {
            mut world,
            pirate,
            cask,
            ..
        },
        walk,
    ) = pirate_whose_bottle_vanishes();
    let mut events: Vec<Event> = Vec::new();
    for _ in 0..3 {
        world.tick(0.2).unwrap();
        world.drain_events(&mut events);
        if events.iter().any(|e| e.kind == EventKind::ActionFailed) {
            break;
        }
    }
    let failed = events
        .iter()
        .find(|e| e.kind == EventKind::ActionFailed)
        .expect("the walk to the vanished bottle fails");
    assert_eq!((failed.npc, failed.request), (pirate, walk));
    world.tick(0.2).unwrap();
    assert_eq!(
        plan_of(&world, pirate)[..],
        ["goto", "collect_molasses", "brew_rum", "drink_rum"],
        "the replan brews instead"
    );
    let next = world.mind(pirate).unwrap().remaining_plan()[0];
    assert_eq!(next.supplier, cask, "and walks to the cask");
}

#[test]
fn the_lawful_pirate_works_buys_and_drinks() {
    let Pirate {
        mut world, pirate, ..
    } = pirate(true, true);
    world.think_now(pirate).unwrap();
    assert_eq!(
        plan_of(&world, pirate),
        ["goto", "work", "goto", "buy_rum", "drink_rum"],
        "two goto steps to different places (P:295)"
    );
    let plan = &world.mind(pirate).unwrap().plan;
    assert_ne!(plan[0].supplier, plan[2].supplier);
    // It runs to the end through the event protocol.
    let mut r = requests(&mut world);
    for _ in 0..5 {
        assert_eq!(r.len(), 1);
        r = report(&mut world, pirate, r[0].2, ActionOutcome::Succeeded);
    }
    let drunk = world.domain().find_attribute("drunk").unwrap();
    assert_eq!(world.fact(pirate, drunk).unwrap().value, Value::Bool(true));
}

#[test]
fn without_the_bottle_the_pirate_brews() {
    let Pirate {
        mut world,
        pirate,
        cask,
        ..
    } = pirate(false, false);
    world.think_now(pirate).unwrap();
    assert_eq!(
        plan_of(&world, pirate),
        ["goto", "collect_molasses", "brew_rum", "drink_rum"]
    );
    assert_eq!(world.mind(pirate).unwrap().plan[0].supplier, cask);
}

#[test]
fn a_bottle_removed_after_planning_invalidates_the_plan_on_arrival() {
    let (
        Pirate {
            mut world,
            pirate,
            bottle,
            cask,
        },
        walk,
    ) = pirate_whose_bottle_vanishes();
    world
        .report_action(pirate, walk, ActionOutcome::Succeeded)
        .unwrap();
    let mut events = Vec::new();
    world.drain_events(&mut events);
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::PlanInvalid && e.target == bottle),
        "{events:?}"
    );
    world.tick(0.2).unwrap();
    assert_eq!(
        plan_of(&world, pirate),
        ["goto", "collect_molasses", "brew_rum", "drink_rum"]
    );
    assert_eq!(world.mind(pirate).unwrap().plan[0].supplier, cask);
}

/// Draw then attack (P:227), cover over kill (P:229) and the sniper (P:333, P:341).
struct Soldier {
    world: World,
    soldier: Entity,
    drawn: AttributeId,
    threat: AttributeId,
    can_see: AttributeId,
}

fn soldier(movement: bool) -> Soldier {
    let mut b = Builder(DomainBuilder::new());
    let drawn = b.attr("weapon_drawn", ValueType::Bool);
    let dead = b.attr("enemy_dead", ValueType::Bool);
    let in_cover = b.attr("in_cover", ValueType::Bool);
    let can_see = b.attr("can_see_enemy", ValueType::Bool);
    let threat = b.attr("threat", ValueType::Number);
    let draw = b.action("draw_weapon", 1.0, &[], &[set(drawn, true)]);
    let attack = b.action(
        "attack",
        1.0,
        &[is(drawn, true), is(can_see, true)],
        &[set(dead, true)],
    );
    let take_cover = b.action(
        "goto_cover",
        3.0,
        &[],
        &[set(in_cover, true), set(can_see, true)],
    );
    let approach = b.action("approach", 2.0, &[], &[set(can_see, true)]);
    let kill = b.goal("kill_enemy", 1, Relevance::Fixed(0.5), &[is(dead, true)]);
    let cover = b.goal(
        "take_cover",
        2,
        Relevance::Curve {
            attribute: threat,
            curve: Curve::linear(1.0).unwrap(),
        },
        &[is(in_cover, true)],
    );
    let mut consumes = vec![draw, attack];
    if movement {
        consumes.extend([take_cover, approach]);
    }
    let soldier = b.archetype("soldier", &consumes, &consumes, &[kill, cover]);
    let mut world = b.world(0);
    let s = world.spawn(soldier, at(0.0)).unwrap();
    world.set_fact(s, threat, Value::Number(0.0)).unwrap();
    Soldier {
        world,
        soldier: s,
        drawn,
        threat,
        can_see,
    }
}

#[test]
fn a_holstered_weapon_is_drawn_before_attacking() {
    let Soldier {
        mut world,
        soldier,
        can_see,
        ..
    } = soldier(false);
    world.set_fact(soldier, can_see, Value::Bool(true)).unwrap();
    world.think_now(soldier).unwrap();
    assert_eq!(plan_of(&world, soldier), ["draw_weapon", "attack"]);
    let Soldier {
        mut world,
        soldier,
        drawn,
        can_see,
        ..
    } = self::soldier(false);
    world.set_fact(soldier, can_see, Value::Bool(true)).unwrap();
    world.set_fact(soldier, drawn, Value::Bool(true)).unwrap();
    world.think_now(soldier).unwrap();
    assert_eq!(plan_of(&world, soldier), ["attack"]);
}

#[test]
fn when_threatened_cover_outranks_killing_then_it_fires_from_cover() {
    let Soldier {
        mut world,
        soldier,
        threat,
        drawn,
        ..
    } = soldier(true);
    world.set_fact(soldier, drawn, Value::Bool(true)).unwrap();
    world.set_fact(soldier, threat, Value::Number(0.9)).unwrap();
    world.think_now(soldier).unwrap();
    let r = requests(&mut world);
    assert_eq!(names(&r), ["goto_cover"]);
    assert!(report(&mut world, soldier, r[0].2, ActionOutcome::Succeeded).is_empty());
    // In cover, take_cover holds: kill_enemy is pursued, from where it stands.
    world.tick(0.2).unwrap();
    let r = requests(&mut world);
    assert_eq!(names(&r), ["attack"]);
    let goal = world.goap_mind(soldier).unwrap().goal.unwrap();
    assert_eq!(world.domain().goap_goals().name(goal.0), "kill_enemy");
}

#[test]
fn a_higher_priority_goal_becoming_unsatisfied_cancels_and_replans() {
    let Soldier {
        mut world,
        soldier,
        threat,
        ..
    } = soldier(true);
    world.think_now(soldier).unwrap();
    let r = requests(&mut world);
    let goal = world.goap_mind(soldier).unwrap().goal.unwrap();
    assert_eq!(
        world.domain().goap_goals().name(goal.0),
        "kill_enemy",
        "the only relevant goal"
    );
    assert_eq!(
        world.mind(soldier).unwrap().plan.len(),
        3,
        "draw, approach, attack"
    );
    // Threat rises: take_cover (priority 2) is now relevant and unsatisfied. It was satisfied
    // before only if it held; make it hold, then break it, to see the S:140 trigger.
    let in_cover = world.domain().find_attribute("in_cover").unwrap();
    world
        .set_fact(soldier, in_cover, Value::Bool(true))
        .unwrap();
    world.set_fact(soldier, threat, Value::Number(0.9)).unwrap();
    world.tick(0.2).unwrap();
    assert!(requests(&mut world).is_empty(), "still drawing");
    world
        .set_fact(soldier, in_cover, Value::Bool(false))
        .unwrap();
    world.tick(0.2).unwrap();
    let mut events = Vec::new();
    world.drain_events(&mut events);
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::ActionCancelled && e.request == r[0].2),
        "{events:?}"
    );
    let goal = world.goap_mind(soldier).unwrap().goal.unwrap();
    assert_eq!(world.domain().goap_goals().name(goal.0), "take_cover");
}

#[test]
fn a_sensor_interrupt_replans_at_the_next_think() {
    let Soldier {
        mut world, soldier, ..
    } = soldier(true);
    world.think_now(soldier).unwrap();
    let first = requests(&mut world);
    world.tick(0.2).unwrap();
    assert!(requests(&mut world).is_empty(), "no trigger, no replan");
    world.interrupt(soldier).unwrap();
    world.tick(0.2).unwrap();
    let mut events = Vec::new();
    world.drain_events(&mut events);
    assert!(events
        .iter()
        .any(|e| e.kind == EventKind::ActionCancelled && e.request == first[0].2));
    assert!(events.iter().any(|e| e.kind == EventKind::ActionRequested));
}

#[test]
fn a_sniper_without_movement_never_moves() {
    let Soldier {
        mut world,
        soldier,
        drawn,
        can_see,
        ..
    } = soldier(false);
    world.set_fact(soldier, drawn, Value::Bool(true)).unwrap();
    world.think_now(soldier).unwrap();
    let mut events = Vec::new();
    world.drain_events(&mut events);
    assert!(events.iter().all(|e| e.kind != EventKind::ActionRequested));
    assert!(events.iter().any(|e| e.kind == EventKind::NoPlan));
    for _ in 0..10 {
        world.tick(0.2).unwrap();
    }
    assert!(
        requests(&mut world).is_empty(),
        "no NoPlan storm, no movement"
    );
    world.set_fact(soldier, can_see, Value::Bool(true)).unwrap();
    world.tick(0.2).unwrap();
    assert_eq!(names(&requests(&mut world)), ["attack"]);
}

#[test]
fn relevance_bias_picks_between_goals() {
    // Part D item 16: relevancies 0.5 and 0.7; +0.3 on the first wins, +0.1 does not.
    for (bias, expected) in [(0.3, "first"), (0.1, "second"), (-0.6, "second")] {
        let mut b = Builder(DomainBuilder::new());
        let x = b.attr("x", ValueType::Bool);
        let y = b.attr("y", ValueType::Bool);
        let do_x = b.action("do_x", 1.0, &[], &[set(x, true)]);
        let do_y = b.action("do_y", 1.0, &[], &[set(y, true)]);
        let first = b.goal("first", 0, Relevance::Fixed(0.5), &[is(x, true)]);
        let second = b.goal("second", 0, Relevance::Fixed(0.7), &[is(y, true)]);
        let unit = b.archetype("unit", &[do_x, do_y], &[do_x, do_y], &[first, second]);
        let other = b.goal("not_mine", 0, Relevance::Fixed(1.0), &[is(x, true)]);
        let mut world = b.world(0);
        let npc = world.spawn(unit, at(0.0)).unwrap();
        world.set_goal_bias(npc, first, bias).unwrap();
        world.set_goal_bias(npc, other, 5.0).unwrap(); // a goal it lacks: no effect
        world.think_now(npc).unwrap();
        let goal = world.goap_mind(npc).unwrap().goal.unwrap();
        assert_eq!(
            world.domain().goap_goals().name(goal.0),
            expected,
            "bias {bias}"
        );
    }
}

#[test]
fn the_fallback_action_runs_when_no_goal_has_a_plan() {
    let mut b = Builder(DomainBuilder::new());
    let x = b.attr("x", ValueType::Bool);
    let idle = b.action("idle", 1.0, &[], &[]);
    let goal = b.goal("unreachable", 0, Relevance::Fixed(1.0), &[is(x, true)]);
    let unit = b.archetype("unit", &[idle], &[idle], &[goal]);
    b.0.set_fallback(unit, idle).unwrap();
    let mut world = b.world(0);
    let npc = world.spawn(unit, at(0.0)).unwrap();
    world.think_now(npc).unwrap();
    assert_eq!(names(&requests(&mut world)), ["idle"]);
    let decision = world.goap_mind(npc).unwrap().decision;
    assert!(decision.fallback && decision.goal.is_none());
    assert_eq!(
        decision.status,
        Some(SearchStatus::NoPlan(
            motive::core::brains::StopReason::Exhausted
        ))
    );
}

/// A chain a_1..a_len (a_i needs p_{i-1}, sets p_i) plus `noise` irrelevant actions: a long
/// plan for the scheduler tests.
fn chain(len: usize, noise: usize, budget: u32, npcs: usize) -> (World, Vec<Entity>) {
    let mut b = Builder(DomainBuilder::new());
    let p: Vec<AttributeId> = (0..=len)
        .map(|i| b.attr(&format!("p{i}"), ValueType::Bool))
        .collect();
    let mut actions = Vec::new();
    for i in 1..=len {
        actions.push(b.action(
            &format!("a{i}"),
            1.0,
            &[is(p[i - 1], true)],
            &[set(p[i], true)],
        ));
        // A dearer alternative, so the search has choices to weigh.
        actions.push(b.action(
            &format!("b{i}"),
            2.0,
            &[is(p[i - 1], true)],
            &[set(p[i], true)],
        ));
    }
    for k in 0..noise {
        let q = b.attr(&format!("q{k}"), ValueType::Bool);
        actions.push(b.action(&format!("noise{k}"), 1.0, &[], &[set(q, true)]));
    }
    let goal = b.goal("end", 0, Relevance::Fixed(1.0), &[is(p[len], true)]);
    let unit = b.archetype("unit", &actions, &actions, &[goal]);
    let think = ThinkSettings {
        max_depth: 16,
        max_expansions: 4096,
        ..ThinkSettings::default()
    };
    b.0.set_think_settings(unit, think).unwrap();
    let mut world = b.world(budget);
    let npcs = (0..npcs)
        .map(|i| {
            let npc = world.spawn(unit, at(i as f32)).unwrap();
            world.set_fact(npc, p[0], Value::Bool(true)).unwrap();
            npc
        })
        .collect();
    (world, npcs)
}

#[test]
fn the_scheduler_serves_every_npc_within_the_budget_per_tick() {
    // Part D item 23: 10 NPCs needing long plans, 4 expansions per tick.
    let budget = 4;
    let (mut world, npcs) = chain(12, 4, budget, 10);
    let mut planned_at = vec![None; npcs.len()];
    for tick in 0..400 {
        world.tick(0.05).unwrap();
        assert!(world.last_tick_expansions() <= budget, "tick {tick}");
        for (i, &npc) in npcs.iter().enumerate() {
            if planned_at[i].is_none() && !world.mind(npc).unwrap().remaining_plan().is_empty() {
                planned_at[i] = Some(tick);
            }
        }
    }
    let done: Vec<u32> = planned_at
        .iter()
        .map(|t| t.expect("every npc got a plan"))
        .collect();
    // Round robin: the last plan comes within a few ticks of 10 plans' worth of expansions.
    let one = {
        let (mut w, n) = chain(12, 4, 0, 1);
        w.think_now(n[0]).unwrap();
        w.goap_mind(n[0]).unwrap().decision.stats.expanded
    };
    let last = *done.iter().max().unwrap();
    assert!(
        f64::from(last) <= (10.0 * f64::from(one) / f64::from(budget)) + 10.0,
        "{done:?}, {one} expansions per plan"
    );
    for &npc in &npcs {
        assert_eq!(world.mind(npc).unwrap().plan.len(), 12);
    }
}

#[test]
fn plans_made_on_several_threads_equal_single_threaded_ones() {
    let (world, npcs) = chain(10, 8, 0, 64);
    let goal = world
        .domain()
        .goap_goals()
        .find("end")
        .map(GoapGoalId)
        .unwrap();
    let begin = |npc: Entity| {
        let mut inputs = GoapInputs::default();
        world
            .goap_begin(npc, goal, &mut inputs, Workspace::default(), 0)
            .unwrap()
    };
    let digest = |searches: &mut [GoapSearch]| -> u64 {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for s in searches.iter() {
            for step in s.plan() {
                for word in [
                    u64::from(step.action.0),
                    step.target.to_bits(),
                    step.cost.to_bits(),
                ] {
                    h = (h ^ word).wrapping_mul(0x0000_0100_0000_01b3);
                }
            }
        }
        h
    };
    // Binding reads the world once per search; the searches then run with no world at all.
    let mut single: Vec<GoapSearch> = npcs.iter().map(|&n| begin(n)).collect();
    for s in &mut single {
        assert_eq!(s.step(u32::MAX), SearchStatus::Found);
    }
    let mut threaded: Vec<GoapSearch> = npcs.iter().map(|&n| begin(n)).collect();
    std::thread::scope(|scope| {
        for part in threaded.chunks_mut(16) {
            scope.spawn(move || {
                for s in part {
                    while s.step(3) == SearchStatus::InProgress {}
                }
            });
        }
    });
    assert_eq!(digest(&mut single), digest(&mut threaded));
    assert!(single.iter().all(|s| s.plan().len() == 10));
}
