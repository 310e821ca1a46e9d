//! Smart ambiance in a world (thesis ch. 7, 000_16db0c300c7e0e65.txt:1652-1790): the three
//! demonstrations — the library (location ambiance), the road crossing (event ambiance) and
//! the spy (object ambiance) — with GOAP NPCs planning in a ticking world, and the errors of
//! the world's ambiance calls.

use motive::core::model::action::{ActionDuration, ActionId, Planning};
use motive::core::model::ambiance::{AnnotationId, Modifier, Rate};
use motive::core::model::archetype::ArchetypeId;
use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
use motive::core::model::domain::DomainBuilder;
use motive::core::model::effect::{Effect, EffectOp};
use motive::core::model::goap::{GoapGoalId, Relevance};
use motive::core::world::actions::ActionOutcome;
use motive::core::world::ambiance_areas::{AreaId, Falloff, Shape};
use motive::core::world::event::{Event, EventKind};
use motive::core::{
    AttributeId, Entity, EntityKind, ErrorKind, Value, ValueType, Vec3, World, WorldConfig,
};

/// Seconds per tick: a quarter of the default think interval, so a decision is never late by
/// more than one think.
const DT: f64 = 0.05;

/// A domain under construction: GOAP actions that set one boolean goal attribute.
struct Scene {
    b: DomainBuilder,
    done: AttributeId,
    goal: GoapGoalId,
}

impl Scene {
    /// A scene whose NPCs want `done` to be true.
    fn new(done: &str) -> Scene {
        let mut b = DomainBuilder::new();
        let done = b.add_attribute(done, ValueType::Bool).unwrap();
        let goal = b.add_goap_goal("goal", 1, Relevance::Fixed(1.0)).unwrap();
        b.add_goap_requirement(
            goal,
            Condition::Compare {
                role: Role::Consumer,
                attribute: done,
                op: CmpOp::Eq,
                rhs: Operand::Constant(Value::Bool(true)),
            },
        )
        .unwrap();
        Scene { b, done, goal }
    }

    fn annotation(&mut self, name: &str) -> AnnotationId {
        self.b.add_annotation(name).unwrap()
    }

    /// An action of `cost` carrying `annotations` that makes `done` true.
    fn action(&mut self, name: &str, cost: f64, annotations: &[AnnotationId]) -> ActionId {
        let a = self.b.add_action(name).unwrap();
        let effect = Effect {
            role: Role::Consumer,
            op: EffectOp::Set(self.done, Operand::Constant(Value::Bool(true))),
        };
        self.b.add_effect(a, effect).unwrap();
        let planning = Planning {
            cost,
            ..Planning::default()
        };
        self.b.set_action_planning(a, planning).unwrap();
        self.b.set_action_annotations(a, annotations).unwrap();
        a
    }

    /// An NPC archetype that consumes `actions`, wants the goal, and to which `applicable`
    /// applies (empty: an NPC "without smart ambiance", :1732, :1770).
    fn npc(
        &mut self,
        name: &str,
        actions: &[ActionId],
        applicable: &[AnnotationId],
    ) -> ArchetypeId {
        let a = self.b.add_archetype(name).unwrap();
        for &action in actions {
            self.b.add_consumed_action(a, action).unwrap();
        }
        self.b.add_archetype_goap_goal(a, self.goal).unwrap();
        self.b.set_archetype_annotations(a, applicable).unwrap();
        a
    }

    /// A smart-object archetype that supplies `actions`.
    fn object(&mut self, name: &str, actions: &[ActionId]) -> ArchetypeId {
        let a = self.b.add_archetype(name).unwrap();
        for &action in actions {
            self.b.add_supplied_action(a, action).unwrap();
        }
        a
    }

    fn world(&self) -> World {
        World::new(self.b.build().unwrap(), WorldConfig::default()).unwrap()
    }
}

/// A modifier of `amount` on `annotation` from time 0, held forever: a location or object
/// modifier that is always on.
fn permanent(amount: f64, annotation: AnnotationId) -> Modifier {
    let instant = Rate::Instantaneous;
    let set = [annotation].into_iter().collect();
    Modifier::new(0.0, amount, set, instant, f64::INFINITY, instant).unwrap()
}

fn at(x: f32, z: f32) -> Vec3 {
    Vec3::new(x, 0.0, z)
}

/// A world ticking with the events it produced kept until a test looks at them.
struct Sim {
    world: World,
    events: Vec<Event>,
}

impl Sim {
    fn new(world: World) -> Sim {
        Sim {
            world,
            events: Vec::new(),
        }
    }

    fn tick(&mut self) {
        self.world.tick(DT).unwrap();
        self.world.drain_events(&mut self.events);
    }

    fn ticks(&mut self, seconds: f64) {
        for _ in 0..(seconds / DT).round() as usize {
            self.tick();
        }
    }

    /// Ticks until `npc` requests an action; returns the action's name and the request.
    fn request(&mut self, npc: Entity) -> (String, u32) {
        for _ in 0..100 {
            let found = self
                .events
                .iter()
                .position(|e| e.npc == npc && e.kind == EventKind::ActionRequested);
            if let Some(i) = found {
                let event = self.events.remove(i);
                let action = event.action.unwrap();
                let name = self.world.domain().actions().name(action.0).to_owned();
                return (name, event.request);
            }
            self.tick();
        }
        panic!("npc {npc:?} requested nothing in 5 s");
    }

    /// Re-plans `npc` where it stands now (a sensor interrupt) and returns what it chooses.
    fn replan(&mut self, npc: Entity) -> String {
        self.events.retain(|e| e.npc != npc);
        self.world.interrupt(npc).unwrap();
        self.request(npc).0
    }

    /// The cost of the plan `npc` chose last.
    fn plan_cost(&self, npc: Entity) -> f64 {
        self.world.goap_mind(npc).unwrap().decision.cost
    }

    fn delta(&self, npc: Entity, action: ActionId) -> f64 {
        self.world.ambiance_cost_delta(npc, action).unwrap()
    }
}

#[test]
fn library_location_ambiance_quietens_an_outgoing_npc() {
    // 000_16db0c300c7e0e65.txt:1730-1744: the outgoing character's designer made chat (loud)
    // cheaper than check_social_network; inside the library loud actions cost more.
    let mut s = Scene::new("socialised");
    let loud = s.annotation("loud");
    let chat = s.action("chat", 2.0, &[loud]);
    let network = s.action("check_social_network", 3.0, &[]);
    let outgoing = s.npc("outgoing", &[chat, network], &[loud]);
    let unaffected = s.npc("unaffected", &[chat, network], &[]);
    let friend = s.object("friend", &[chat]);
    let computer = s.object("computer", &[network]);
    let mut sim = Sim::new(s.world());
    let w = &mut sim.world;
    let library = Shape::Box {
        min: at(0.0, 0.0),
        max: Vec3::new(20.0, 5.0, 20.0),
    };
    w.add_ambiance_area(library, vec![permanent(5.0, loud)])
        .unwrap();
    w.spawn(friend, at(5.0, 5.0)).unwrap();
    w.spawn(computer, at(15.0, 15.0)).unwrap();
    let outside = at(40.0, 10.0);
    let npc = w.spawn(outgoing, outside).unwrap();
    let control = w.spawn(unaffected, at(10.0, 10.0)).unwrap();

    // Outside the library the designer's preference holds.
    assert_eq!(sim.request(npc).0, "chat");
    assert_eq!(sim.plan_cost(npc), 2.0);
    assert_eq!(sim.delta(npc, chat), 0.0);

    // Entering adds the library's modifiers at once (:1728): chat costs 2 + 5 = 7 > 3.
    sim.world.set_position(npc, at(10.0, 12.0)).unwrap();
    assert_eq!(sim.delta(npc, chat), 5.0);
    assert_eq!(sim.delta(npc, network), 0.0, "no annotation, no change");
    assert_eq!(sim.replan(npc), "check_social_network");
    assert_eq!(sim.plan_cost(npc), 3.0);

    // The same character without smart ambiance chats loudly in the library (:1742).
    assert_eq!(sim.request(control).0, "chat");
    assert_eq!(sim.delta(control, chat), 0.0);
    assert_eq!(sim.plan_cost(control), 2.0);

    // Leaving restores the designer's costs.
    sim.world.set_position(npc, outside).unwrap();
    assert_eq!(sim.replan(npc), "chat");
}

/// The road crossing of :1752-1764. Each pedestrian type has its own static costs (:1758-1760);
/// motive's costs belong to actions, so each type consumes its own pair of actions: normal
/// pedestrians walk (2) rather than run (3), nervous ones run (2) rather than walk (3). Both
/// runs carry `nervous` and the event effect: nervous actions cost 0.75 less in the crossing
/// for 5 s, fading linearly over 5 s more. One run does not tip a normal pedestrian
/// (3 − 0.75 > 2); two do (3 − 1.5 < 2): "a threshold to be crossed" (:1760).
struct Crossing {
    sim: Sim,
    road: AreaId,
    run: ActionId,
    walk: ActionId,
    normal: ArchetypeId,
    nervous: ArchetypeId,
    calm: ArchetypeId,
}

const NERVOUS_SHIFT: f64 = -0.75;
const HOLD: f64 = 5.0;
const FADE: f64 = 5.0;

fn crossing() -> Crossing {
    let mut s = Scene::new("crossed");
    let nervous = s.annotation("nervous");
    let walk = s.action("walk", 2.0, &[]);
    let run = s.action("run", 3.0, &[nervous]);
    let nervous_walk = s.action("nervous_walk", 3.0, &[]);
    let nervous_run = s.action("nervous_run", 2.0, &[nervous]);
    let effect = Modifier::new(
        0.0,
        NERVOUS_SHIFT,
        [nervous].into_iter().collect(),
        Rate::Instantaneous,
        HOLD,
        Rate::Linear { duration: FADE },
    )
    .unwrap();
    for a in [run, nervous_run] {
        s.b.set_action_ambiance_effect(a, effect.clone()).unwrap();
    }
    let normal = s.npc("normal", &[walk, run], &[nervous]);
    let nervous_type = s.npc("nervous", &[nervous_walk, nervous_run], &[nervous]);
    let calm = s.npc("calm", &[walk, run], &[]);
    let curb = s.object("far_curb", &[walk, run, nervous_walk, nervous_run]);
    let mut world = s.world();
    let road = Shape::Sphere {
        center: at(0.0, 0.0),
        radius: 10.0,
    };
    let road = world.add_ambiance_area(road, Vec::new()).unwrap();
    world.spawn(curb, at(0.0, 8.0)).unwrap();
    Crossing {
        sim: Sim::new(world),
        road,
        run,
        walk,
        normal,
        nervous: nervous_type,
        calm,
    }
}

/// The run's delta `elapsed` seconds after one run: held, then fading to 0.
fn one_run(elapsed: f64) -> f64 {
    if elapsed < HOLD {
        NERVOUS_SHIFT
    } else {
        NERVOUS_SHIFT * (1.0 - ((elapsed - HOLD) / FADE).min(1.0))
    }
}

impl Crossing {
    fn events_on_road(&self) -> usize {
        self.sim
            .world
            .ambiance()
            .area(self.road)
            .unwrap()
            .events()
            .len()
    }

    /// Spawns a pedestrian of `archetype` at `position`, lets it decide, and returns it with
    /// its choice.
    fn arrive(&mut self, archetype: ArchetypeId, position: Vec3) -> (Entity, String, u32) {
        let npc = self.sim.world.spawn(archetype, position).unwrap();
        let (action, request) = self.sim.request(npc);
        (npc, action, request)
    }

    /// Reports that `npc` finished `request`, and returns the world time it did.
    fn finish(&mut self, npc: Entity, request: u32) -> f64 {
        let w = &mut self.sim.world;
        w.report_action(npc, request, ActionOutcome::Succeeded)
            .unwrap();
        w.time()
    }
}

#[test]
fn road_crossing_running_is_contagious_then_fades() {
    let mut c = crossing();
    // Only normal pedestrians: everyone walks (:1760).
    let (first, choice, _) = c.arrive(c.normal, at(2.0, 0.0));
    assert_eq!(choice, "walk");
    assert_eq!(c.sim.delta(first, c.run), 0.0);

    // Nervous pedestrians run; each run performed on the road adds its effect there.
    let (n1, choice, r1) = c.arrive(c.nervous, at(-3.0, 0.0));
    assert_eq!(choice, "nervous_run");
    let (n2, choice, r2) = c.arrive(c.nervous, at(3.0, 1.0));
    assert_eq!(choice, "nervous_run");
    let t1 = c.finish(n1, r1);
    assert_eq!(c.events_on_road(), 1);

    // One run is below the threshold: a normal pedestrian arriving now still walks.
    let (second, choice, _) = c.arrive(c.normal, at(2.0, -1.0));
    assert_eq!(choice, "walk");
    assert_eq!(c.sim.delta(second, c.run), NERVOUS_SHIFT);
    assert_eq!(c.sim.plan_cost(second), 2.0);

    // Two runs tip it: run costs 3 − 1.5 = 1.5 < 2, and the normal pedestrian runs too.
    let t2 = c.finish(n2, r2);
    assert_eq!(c.events_on_road(), 2);
    let (third, choice, r3) = c.arrive(c.normal, at(-2.0, 1.0));
    assert_eq!(choice, "run");
    assert_eq!(c.sim.delta(third, c.run), 2.0 * NERVOUS_SHIFT);
    assert_eq!(c.sim.delta(third, c.walk), 0.0);
    assert_eq!(c.sim.plan_cost(third), 1.5);

    // A pedestrian without smart ambiance is never infected.
    let (calm, choice, _) = c.arrive(c.calm, at(1.0, 1.0));
    assert_eq!(choice, "walk");
    assert_eq!(c.sim.delta(calm, c.run), 0.0);

    // Contagion: the infected normal pedestrian's run spreads nervousness in turn (:1762).
    let t3 = c.finish(third, r3);
    assert_eq!(c.events_on_road(), 3);

    // Fading: at every moment the delta is the sum of each run's booster and dampener.
    let watcher = c.sim.world.spawn(c.normal, at(0.0, -2.0)).unwrap();
    let expected = |now: f64| [t1, t2, t3].iter().map(|t| one_run(now - t)).sum::<f64>();
    for _ in 0..4 {
        c.sim.ticks(2.0);
        let now = c.sim.world.time();
        let delta = c.sim.delta(watcher, c.run);
        assert!((delta - expected(now)).abs() < 1e-9, "t = {now}: {delta}");
    }
    // By now (t3 + 8 s at least) the remaining nervousness is below the threshold again.
    assert!(expected(c.sim.world.time()) > -1.0);
    assert_eq!(c.sim.replan(watcher), "walk");

    // Once every booster and dampener is done the modifiers are pruned ("should stop",
    // :1708) and the cost is back to its base.
    let end = t3 + HOLD + FADE;
    c.sim.ticks(end - c.sim.world.time() + DT);
    assert_eq!(c.events_on_road(), 0);
    assert_eq!(c.sim.delta(watcher, c.run), 0.0);
    assert_eq!(c.sim.replan(watcher), "walk");
    assert_eq!(c.sim.plan_cost(watcher), 2.0);
}

#[test]
fn a_run_off_the_road_changes_no_ambiance() {
    let mut c = crossing();
    let (runner, choice, request) = c.arrive(c.nervous, at(50.0, 0.0));
    assert_eq!(choice, "nervous_run");
    c.finish(runner, request);
    assert_eq!(
        c.events_on_road(),
        0,
        "outside every area the effect has nowhere to go"
    );
    let (pedestrian, choice, _) = c.arrive(c.normal, at(0.0, 0.0));
    assert_eq!(choice, "walk");
    assert_eq!(c.sim.delta(pedestrian, c.run), 0.0);
}

#[test]
fn runaway_contagion_keeps_costs_at_the_floor() {
    // :1786-1788: contagion may run away; costs stay valid for the planner (≥ 1).
    let mut c = crossing();
    for i in 0..6 {
        let (runner, choice, request) = c.arrive(c.nervous, at(i as f32 - 3.0, 2.0));
        assert_eq!(choice, "nervous_run");
        c.finish(runner, request);
    }
    let (pedestrian, choice, _) = c.arrive(c.normal, at(0.0, 0.0));
    assert_eq!(choice, "run");
    assert_eq!(c.sim.delta(pedestrian, c.run), 6.0 * NERVOUS_SHIFT);
    assert_eq!(c.sim.plan_cost(pedestrian), 1.0, "3 − 4.5 is floored at 1");
}

#[test]
fn a_delayed_effect_starts_after_the_performance() {
    let mut s = Scene::new("done");
    let loud = s.annotation("loud");
    let shout = s.action("shout", 2.0, &[loud]);
    let instant = Rate::Instantaneous;
    let delayed = Modifier::new(
        1.0,
        3.0,
        [loud].into_iter().collect(),
        instant,
        1.0,
        instant,
    );
    s.b.set_action_ambiance_effect(shout, delayed.unwrap())
        .unwrap();
    let npc_type = s.npc("npc", &[shout], &[loud]);
    let stage = s.object("stage", &[shout]);
    let mut sim = Sim::new(s.world());
    let hall = Shape::Sphere {
        center: at(0.0, 0.0),
        radius: 5.0,
    };
    sim.world.add_ambiance_area(hall, Vec::new()).unwrap();
    sim.world.spawn(stage, at(0.0, 0.0)).unwrap();
    let npc = sim.world.spawn(npc_type, at(1.0, 0.0)).unwrap();
    let (_, request) = sim.request(npc);
    sim.world
        .report_action(npc, request, ActionOutcome::Succeeded)
        .unwrap();
    assert_eq!(
        sim.delta(npc, shout),
        0.0,
        "not yet: the effect starts 1 s later"
    );
    sim.ticks(0.5);
    assert_eq!(sim.delta(npc, shout), 0.0);
    sim.ticks(1.0);
    assert_eq!(sim.delta(npc, shout), 3.0);
    sim.ticks(1.0);
    assert_eq!(sim.delta(npc, shout), 0.0);
}

#[test]
fn timed_actions_spread_their_effect_when_they_end() {
    // Actions timed by motive finish inside a tick; their effect joins the area then.
    let mut s = Scene::new("done");
    let loud = s.annotation("loud");
    let sing = s.action("sing", 1.0, &[loud]);
    s.b.set_action_duration(sing, ActionDuration::Seconds(0.5))
        .unwrap();
    let instant = Rate::Instantaneous;
    let effect = Modifier::new(
        0.0,
        1.0,
        [loud].into_iter().collect(),
        instant,
        10.0,
        instant,
    );
    s.b.set_action_ambiance_effect(sing, effect.unwrap())
        .unwrap();
    let singer = s.npc("singer", &[sing], &[loud]);
    let stage = s.object("stage", &[sing]);
    let mut sim = Sim::new(s.world());
    let hall = Shape::Sphere {
        center: at(0.0, 0.0),
        radius: 5.0,
    };
    let hall = sim.world.add_ambiance_area(hall, Vec::new()).unwrap();
    sim.world.spawn(stage, at(0.0, 0.0)).unwrap();
    let npc = sim.world.spawn(singer, at(1.0, 0.0)).unwrap();
    assert_eq!(sim.request(npc).0, "sing");
    let requested = sim.world.time();
    sim.ticks(1.0);
    let events = sim.world.ambiance().area(hall).unwrap().events();
    assert_eq!(events.len(), 1);
    let start = events[0].start();
    assert!(start >= requested + 0.5 - 1e-9 && start <= requested + 0.5 + DT + 1e-9);
}

/// The facility of :1766-1772: cameras at x = 0 and x = 60 project `suspicious` +5 within
/// 10 units; the spy runs (1) rather than walks (2) unless a camera sees her.
struct Facility {
    sim: Sim,
    spy: Entity,
    cameras: [Entity; 2],
    walk: ActionId,
    run: ActionId,
    oblivious: ArchetypeId,
}

fn facility() -> Facility {
    let mut s = Scene::new("escaped");
    let suspicious = s.annotation("suspicious");
    let walk = s.action("walk", 2.0, &[]);
    let run = s.action("run", 1.0, &[suspicious]);
    let spy = s.npc("spy", &[walk, run], &[suspicious]);
    let oblivious = s.npc("oblivious", &[walk, run], &[]);
    let exit = s.object("exit", &[walk, run]);
    let camera = s.object("camera", &[]);
    let mut world = s.world();
    world.spawn(exit, at(100.0, 0.0)).unwrap();
    let cameras = [0.0, 60.0].map(|x| {
        let camera = world.spawn(camera, at(x, 0.0)).unwrap();
        let modifier = permanent(5.0, suspicious);
        world
            .add_ambiance_projection(camera, 10.0, modifier, Falloff::Constant)
            .unwrap();
        camera
    });
    let spy = world.spawn(spy, at(0.0, 0.0)).unwrap();
    Facility {
        sim: Sim::new(world),
        spy,
        cameras,
        walk,
        run,
        oblivious,
    }
}

#[test]
fn spy_walks_near_cameras_and_runs_elsewhere() {
    let mut f = facility();
    assert_eq!(f.sim.request(f.spy).0, "walk");
    // The engine moves her down the corridor and re-plans her every 5 units.
    let mut chosen = vec!["walk".to_owned()];
    let mut deltas = vec![f.sim.delta(f.spy, f.run)];
    for step in 1..=18 {
        f.sim
            .world
            .set_position(f.spy, at(step as f32 * 5.0, 0.0))
            .unwrap();
        chosen.push(f.sim.replan(f.spy));
        deltas.push(f.sim.delta(f.spy, f.run));
        assert_eq!(f.sim.delta(f.spy, f.walk), 0.0);
    }
    // Within 10 of x = 0 (0, 5, 10) and x = 60 (50 … 70) she walks; elsewhere she runs.
    let expected: Vec<&str> = (0..=18)
        .map(|step| match step * 5 {
            0..=10 | 50..=70 => "walk",
            _ => "run",
        })
        .collect();
    assert_eq!(chosen, expected);
    let seen: Vec<f64> = expected
        .iter()
        .map(|c| if *c == "walk" { 5.0 } else { 0.0 })
        .collect();
    assert_eq!(deltas, seen);
}

#[test]
fn a_spy_without_smart_ambiance_runs_past_the_cameras() {
    // :1770: "runs straight from the beginning to the exit, including running past every
    // camera".
    let mut f = facility();
    let careless = f.sim.world.spawn(f.oblivious, at(0.0, 0.0)).unwrap();
    assert_eq!(f.sim.request(careless).0, "run");
    assert_eq!(f.sim.delta(careless, f.run), 0.0);
    assert_eq!(f.sim.plan_cost(careless), 1.0);
}

#[test]
fn projections_follow_their_camera_and_go_with_it() {
    let mut f = facility();
    assert_eq!(f.sim.request(f.spy).0, "walk");
    f.sim.world.set_position(f.spy, at(30.0, 0.0)).unwrap();
    assert_eq!(f.sim.replan(f.spy), "run");
    // A camera moved next to her takes its ambiance along (read where it is now).
    f.sim
        .world
        .set_position(f.cameras[1], at(35.0, 0.0))
        .unwrap();
    assert_eq!(f.sim.delta(f.spy, f.run), 5.0);
    assert_eq!(f.sim.replan(f.spy), "walk");
    // Destroying the camera removes its projection.
    f.sim
        .world
        .destroy(f.cameras[1], EntityKind::Object)
        .unwrap();
    assert_eq!(f.sim.world.ambiance().projections().count(), 1);
    assert_eq!(f.sim.delta(f.spy, f.run), 0.0);
    assert_eq!(f.sim.replan(f.spy), "run");
}

#[test]
fn removed_ambiance_handles_are_errors() {
    let mut f = facility();
    let w = &mut f.sim.world;
    let (first, _) = w.ambiance().projections().next().unwrap();
    w.remove_ambiance_projection(first).unwrap();
    let again = w.remove_ambiance_projection(first).unwrap_err();
    assert_eq!(again.kind, ErrorKind::StaleHandle);
    assert!(again.message.contains("was removed"), "{again}");
    assert_eq!(w.ambiance().projections().count(), 1);
    // A new projection may reuse the slot, but the old handle never reaches it.
    let camera = f.cameras[0];
    let annotation = AnnotationId(0);
    let reused = w
        .add_ambiance_projection(camera, 3.0, permanent(1.0, annotation), Falloff::Linear)
        .unwrap();
    assert_eq!(reused.index1, first.index1);
    assert_eq!(
        w.remove_ambiance_projection(first).unwrap_err().kind,
        ErrorKind::StaleHandle
    );
    assert_eq!(w.ambiance().projections().count(), 2);

    let everywhere = Shape::Sphere {
        center: at(0.0, 0.0),
        radius: 1000.0,
    };
    let area = w.add_ambiance_area(everywhere, Vec::new()).unwrap();
    w.remove_ambiance_area(area).unwrap();
    assert_eq!(
        w.remove_ambiance_area(area).unwrap_err().kind,
        ErrorKind::StaleHandle
    );
    let other = World::new(w.domain().clone(), WorldConfig::default()).unwrap();
    let foreign = AreaId::new(area.index1, area.generation, other.serial());
    assert_eq!(
        w.remove_ambiance_area(foreign).unwrap_err().kind,
        ErrorKind::WrongWorld
    );
}

#[test]
fn rejected_world_calls_change_nothing() {
    let mut f = facility();
    let w = &mut f.sim.world;
    let undefined = permanent(1.0, AnnotationId(7));
    let everywhere = Shape::Sphere {
        center: at(0.0, 0.0),
        radius: 1000.0,
    };
    let kind = |e: motive::core::Error| e.kind;
    assert_eq!(
        kind(
            w.add_ambiance_area(everywhere, vec![undefined.clone()])
                .unwrap_err()
        ),
        ErrorKind::NotFound
    );
    let inverted = Shape::Box {
        min: at(1.0, 0.0),
        max: at(0.0, 0.0),
    };
    assert_eq!(
        kind(w.add_ambiance_area(inverted, Vec::new()).unwrap_err()),
        ErrorKind::InvalidArgument
    );
    assert_eq!(w.ambiance().areas().count(), 0);

    let camera = f.cameras[0];
    let suspicious = permanent(1.0, AnnotationId(0));
    let project = |w: &mut World, entity, radius, modifier: &Modifier| {
        w.add_ambiance_projection(entity, radius, modifier.clone(), Falloff::Constant)
            .unwrap_err()
            .kind
    };
    assert_eq!(project(w, camera, 1.0, &undefined), ErrorKind::NotFound);
    assert_eq!(
        project(w, camera, 0.0, &suspicious),
        ErrorKind::InvalidArgument
    );
    assert_eq!(
        project(w, camera, f64::NAN, &suspicious),
        ErrorKind::InvalidArgument
    );
    let gone = w.create(EntityKind::Object, at(0.0, 0.0)).unwrap();
    w.destroy(gone, EntityKind::Object).unwrap();
    assert_eq!(project(w, gone, 1.0, &suspicious), ErrorKind::StaleHandle);
    assert_eq!(
        project(w, Entity::NULL, 1.0, &suspicious),
        ErrorKind::InvalidArgument
    );
    assert_eq!(w.ambiance().projections().count(), 2);

    // Cost deltas are for NPCs spawned from an archetype, and defined actions.
    assert_eq!(
        kind(w.ambiance_cost_delta(camera, f.run).unwrap_err()),
        ErrorKind::InvalidArgument
    );
    let bare = w.create(EntityKind::Npc, at(0.0, 0.0)).unwrap();
    assert_eq!(
        kind(w.ambiance_cost_delta(bare, f.run).unwrap_err()),
        ErrorKind::InvalidArgument
    );
    assert_eq!(
        kind(w.ambiance_cost_delta(f.spy, ActionId(99)).unwrap_err()),
        ErrorKind::NotFound
    );
    assert_eq!(w.ambiance_cost_delta(f.spy, f.run).unwrap(), 5.0);
}
