//! The headless simulator playing the engine's part: walking at its speed to its stand-off or
//! slot, busy actions failing at their chance from a seeded stream, spawn rules, joint actions
//! reported once, and performances the world ended never reported.

#[path = "common/walk_up.rs"]
mod walk_up;
use walk_up::{walk_up_then, WalkUp};

use std::sync::Arc;

use motive::core::model::action::{ActionId, ExecutionHints};
use motive::core::model::archetype::ArchetypeId;
use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
use motive::core::model::drive::{GoalGenerator, TriggerScope};
use motive::core::model::effect::{Effect, EffectOp};
use motive::core::model::goal::GoalCondition;
use motive::core::model::goap::Relevance;
use motive::core::model::smart_object::{JointAction, SlotDef};
use motive::core::world::event::{Event, EventKind};
use motive::core::{
    AttributeId, Domain, DomainBuilder, Entity, EntityKind, Value, ValueType, Vec3, World,
    WorldConfig,
};
use motive::sim::{EngineAction, Observer, Performed, SimRules, SimStats, Simulator, SpawnRule};

const STEP: f64 = 0.05;
const SPEED: f64 = 2.0;
const STAND_OFF: f64 = 1.0;

/// Walkers that walk up to a post (`goto`, stand-off [`STAND_OFF`]) and pull it (`pull`, an
/// engine action that does not move) until `done`.
struct Walk {
    domain: Arc<Domain>,
    walker: ArchetypeId,
    post: ArchetypeId,
    goto: ActionId,
    pull: ActionId,
}

/// `slots`: the post's slot offsets; `joint`: every slot is required and pulling is a joint
/// action that works at this chance.
fn walk_domain(slots: &[Vec3], joint: Option<f64>) -> Walk {
    let mut b = DomainBuilder::new();
    let WalkUp { goto, action: pull } = walk_up_then(&mut b, "pull");
    let done = b.add_attribute("done", ValueType::Bool).unwrap();
    let consumer = |op| Effect {
        role: Role::Consumer,
        op,
    };
    b.add_effect(goto, consumer(EffectOp::MoveTo(Role::Supplier)))
        .unwrap();
    let hints = ExecutionHints {
        stand_off: STAND_OFF,
        ..ExecutionHints::default()
    };
    b.set_action_hints(goto, hints).unwrap();
    let set_done = EffectOp::Set(done, Operand::Constant(Value::Bool(true)));
    b.add_effect(pull, consumer(set_done)).unwrap();
    let goal = b.add_goap_goal("done", 1, Relevance::Fixed(1.0)).unwrap();
    b.add_goap_requirement(goal, is_true(done)).unwrap();
    let walker = b.add_archetype("walker").unwrap();
    let post = b.add_archetype("post").unwrap();
    for action in [goto, pull] {
        b.add_consumed_action(walker, action).unwrap();
        b.add_supplied_action(post, action).unwrap();
    }
    b.add_archetype_goap_goal(walker, goal).unwrap();
    for &offset in slots {
        let slot = SlotDef {
            offset,
            required: joint.is_some(),
            ..SlotDef::default()
        };
        b.add_slot(post, slot).unwrap();
    }
    if let Some(chance) = joint {
        let joint = JointAction {
            action: pull,
            timeout: 60.0,
            chance: vec![chance],
        };
        b.set_joint_action(post, joint).unwrap();
    }
    Walk {
        domain: b.build().unwrap(),
        walker,
        post,
        goto,
        pull,
    }
}

fn is_true(attribute: AttributeId) -> Condition {
    Condition::Compare {
        role: Role::Consumer,
        attribute,
        op: CmpOp::Eq,
        rhs: Operand::Constant(Value::Bool(true)),
    }
}

fn world(domain: &Arc<Domain>, seed: u64) -> World {
    let config = WorldConfig {
        seed,
        ..WorldConfig::default()
    };
    World::new(domain.clone(), config).unwrap()
}

fn rules(domain: &Domain) -> SimRules {
    SimRules {
        speed: SPEED,
        step: STEP,
        ..SimRules::new(domain)
    }
}

/// Everything the simulator announces, with the world time it was announced at.
#[derive(Default)]
struct Log {
    events: Vec<(f64, Event)>,
    performed: Vec<(f64, Performed)>,
    decided: Vec<(f64, Entity)>,
    spawned: Vec<(f64, Entity)>,
    /// Where `tracked` was after each step.
    tracked: Option<Entity>,
    positions: Vec<(f64, Vec3)>,
    steps: u64,
}

impl Observer for Log {
    fn decided(&mut self, world: &World, npc: Entity) {
        self.decided.push((world.time(), npc));
    }
    fn event(&mut self, world: &World, event: &Event) {
        self.events.push((world.time(), *event));
    }
    fn performed(&mut self, world: &World, performed: &Performed) {
        self.performed.push((world.time(), *performed));
    }
    fn spawned(&mut self, world: &World, entity: Entity) {
        self.spawned.push((world.time(), entity));
    }
    fn after_step(&mut self, world: &World, stats: &SimStats) {
        self.steps += 1;
        assert_eq!(stats.ticks, self.steps, "one after_step per tick");
        if let Some(position) = self.tracked.and_then(|e| world.position(e).ok()) {
            self.positions.push((world.time(), position));
        }
    }
}

impl Log {
    fn requested(&self, action: ActionId) -> Vec<(f64, Event)> {
        self.events
            .iter()
            .filter(|(_, e)| e.kind == EventKind::ActionRequested && e.action == Some(action))
            .copied()
            .collect()
    }

    fn performed_of(&self, action: ActionId) -> Vec<(f64, Performed)> {
        self.performed
            .iter()
            .filter(|(_, p)| p.action == action)
            .copied()
            .collect()
    }
}

fn distance(a: Vec3, b: Vec3) -> f64 {
    let d = [a.x - b.x, a.y - b.y, a.z - b.z].map(f64::from);
    (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
}

/// One walker at the origin and a post at (10, 0, 0): walks, pulls, done.
fn walk_to_post(slots: &[Vec3]) -> (World, Simulator, Log, Entity, Entity) {
    let w = walk_domain(slots, None);
    let mut world = world(&w.domain, 1);
    let post = world.spawn(w.post, Vec3::new(10.0, 0.0, 0.0)).unwrap();
    let walker = world.spawn(w.walker, Vec3::default()).unwrap();
    let mut sim = Simulator::new(rules(&w.domain), &world).unwrap();
    let mut log = Log {
        tracked: Some(walker),
        ..Log::default()
    };
    sim.run(&mut world, 12.0, &mut log).unwrap();
    assert_eq!(log.requested(w.goto).len(), 1, "one walk");
    assert_eq!(log.performed_of(w.pull).len(), 1, "then one pull");
    (world, sim, log, walker, post)
}

#[test]
fn walking_takes_distance_over_speed_and_stops_stand_off_short() {
    let (world, sim, log, walker, post) = walk_to_post(&[]);
    let goto = ActionId(world.domain().actions().find("goto").unwrap());
    let (asked, _) = log.requested(goto)[0];
    let (arrived, _) = log.performed_of(goto)[0];
    let walk = (10.0 - STAND_OFF) / SPEED;
    let took = arrived - asked;
    assert!(
        took >= walk - 1e-9 && took <= walk + STEP + 1e-9,
        "{took} s for a {walk} s walk"
    );
    // Positions change over time, at the walking speed.
    let (_, midway) = log
        .positions
        .iter()
        .find(|(t, _)| *t >= asked + 2.0 - 1e-9)
        .unwrap();
    assert!((f64::from(midway.x) - 2.0 * SPEED).abs() <= SPEED * STEP + 1e-4);
    let here = world.position(post).unwrap();
    assert!(log
        .positions
        .iter()
        .all(|(_, p)| distance(*p, here) >= STAND_OFF - 1e-4));
    // The engine's position stands, not the move effect's.
    let end = distance(world.position(walker).unwrap(), here);
    assert!((end - STAND_OFF).abs() < 1e-3, "ended {end} from the post");
    let stats = sim.stats();
    assert_eq!(stats.stale_reports, 0);
    assert_eq!((stats.actions_requested, stats.actions_performed), (2, 2));
    assert!(
        stats.decisions >= 1 && stats.plans_adopted == 1,
        "{stats:?}"
    );
    assert_eq!(
        stats.decisions,
        log.decided.len() as u64,
        "every decision is announced"
    );
}

#[test]
fn a_claimed_slot_is_walked_to_instead_of_the_stand_off() {
    let offset = Vec3::new(0.0, 0.0, 3.0);
    let (world, _, log, walker, _) = walk_to_post(&[offset]);
    let goto = ActionId(world.domain().actions().find("goto").unwrap());
    let request = log.requested(goto)[0].1;
    assert_eq!(request.slot, 0, "the walk is to the claimed slot");
    let end = world.position(walker).unwrap();
    assert!(distance(end, Vec3::new(10.0, 0.0, 3.0)) < 1e-3, "{end:?}");
    let took = log.performed_of(goto)[0].0 - log.requested(goto)[0].0;
    let walk = (10.0f64.powi(2) + 3.0f64.powi(2)).sqrt() / SPEED;
    assert!(took >= walk - 1e-9 && took <= walk + STEP + 1e-9);
}

#[test]
fn cancelled_performances_are_dropped_not_reported() {
    let w = walk_domain(&[], None);
    let mut world = world(&w.domain, 1);
    world.spawn(w.post, Vec3::new(10.0, 0.0, 0.0)).unwrap();
    let walker = world.spawn(w.walker, Vec3::default()).unwrap();
    let mut sim = Simulator::new(rules(&w.domain), &world).unwrap();
    let mut log = Log::default();
    sim.run(&mut world, 1.0, &mut log).unwrap();
    let first = log.requested(w.goto)[0].1.request;
    // A sensor interrupt: at its next think the walker cancels the walk and plans it again.
    world.interrupt(walker).unwrap();
    sim.run(&mut world, 10.0, &mut log).unwrap();
    let cancelled: Vec<u32> = log
        .events
        .iter()
        .filter(|(_, e)| e.kind == EventKind::ActionCancelled)
        .map(|(_, e)| e.request)
        .collect();
    assert_eq!(cancelled, [first]);
    let performed: Vec<u32> = log.performed.iter().map(|(_, p)| p.request).collect();
    assert!(!performed.contains(&first), "{performed:?}");
    assert_eq!(
        log.performed_of(w.pull).len(),
        1,
        "the second walk got there"
    );
    assert_eq!(sim.stats().stale_reports, 0, "nothing stale was reported");

    // A walker destroyed by the game mid-walk, with no event: the run goes on.
    let other = world.spawn(w.walker, Vec3::new(0.0, 0.0, 20.0)).unwrap();
    let before = log.performed.len();
    sim.run(&mut world, 2.0, &mut log).unwrap();
    world.destroy(other, EntityKind::Npc).unwrap();
    sim.run(&mut world, 20.0, &mut log).unwrap();
    assert_eq!(log.performed.len(), before);
    assert_eq!(sim.stats().stale_reports, 0);
}

/// Two walkers pull a post with two required slots together (busy 1 s), when it works at
/// `chance`.
fn pull_together(chance: f64) -> (Walk, Log, SimStats) {
    let w = walk_domain(
        &[Vec3::new(1.0, 0.0, 0.0), Vec3::new(-1.0, 0.0, 0.0)],
        Some(chance),
    );
    let mut world = world(&w.domain, 1);
    world.spawn(w.post, Vec3::new(0.0, 0.0, 5.0)).unwrap();
    for x in [-4.0, 4.0] {
        world.spawn(w.walker, Vec3::new(x, 0.0, 0.0)).unwrap();
    }
    let mut rules = rules(&w.domain);
    rules.action_seconds = 1.0;
    let mut sim = Simulator::new(rules, &world).unwrap();
    let mut log = Log::default();
    sim.run(&mut world, 15.0, &mut log).unwrap();
    let stats = *sim.stats();
    (w, log, stats)
}

#[test]
fn a_joint_action_is_reported_once_for_all_its_users() {
    let (w, log, stats) = pull_together(1.0);
    let asked = log.requested(w.pull);
    assert_eq!(asked.len(), 2);
    assert_eq!(asked[0].1.request, asked[1].1.request, "one performance");
    let pulled = log.performed_of(w.pull);
    assert_eq!(pulled.len(), 2, "announced for each user");
    assert!(pulled.iter().all(|(_, p)| p.request == asked[0].1.request));
    assert!(
        (pulled[0].0 - asked[0].0 - 1.0).abs() < STEP + 1e-9,
        "busy 1 s"
    );
    assert_eq!(stats.stale_reports, 0, "reported once");

    // Reported as done, but a joint action that does not work fails its users (who try again).
    let (w, log, stats) = pull_together(0.0);
    let pulls = log.requested(w.pull).len() as u64;
    assert!(pulls >= 2, "{pulls}");
    assert!(log.performed_of(w.pull).is_empty());
    assert_eq!(stats.actions_failed, pulls, "every pull failed");
    assert_eq!(
        stats.actions_performed,
        log.requested(w.goto).len() as u64,
        "only the walks succeeded"
    );
    assert_eq!(stats.stale_reports, 0);
}

/// Workers at a desk try (`try`: +1 progress, engine-performed, instant) again and again.
fn desk(failure_chance: f64) -> (Arc<Domain>, ArchetypeId, ArchetypeId, SimRules) {
    let mut b = DomainBuilder::new();
    let progress = b.add_attribute("progress", ValueType::Number).unwrap();
    b.set_attribute_range(progress, 0.0, 1e6).unwrap();
    let goal = b.add_goal("progress", 1.0).unwrap();
    b.add_goal_condition(goal, GoalCondition::maximize_own(progress, 1e6).unwrap())
        .unwrap();
    let drive = b.add_drive("work", 1.0).unwrap();
    let generator = GoalGenerator {
        scope: TriggerScope::Consumer,
        conditions: Vec::new(),
        goal,
    };
    b.add_goal_generator(drive, generator).unwrap();
    let attempt = b.add_action("try").unwrap();
    let add = EffectOp::Add(progress, Operand::Constant(Value::Number(1.0)));
    b.add_effect(
        attempt,
        Effect {
            role: Role::Consumer,
            op: add,
        },
    )
    .unwrap();
    let worker = b.add_archetype("worker").unwrap();
    b.add_internal_drive(worker, drive).unwrap();
    b.add_consumed_action(worker, attempt).unwrap();
    let desk = b.add_archetype("desk").unwrap();
    b.add_supplied_action(desk, attempt).unwrap();
    let domain = b.build().unwrap();
    let mut rules = SimRules::new(&domain);
    rules.per_action[attempt.0 as usize] = EngineAction {
        seconds: None,
        failure_chance,
    };
    (domain, worker, desk, rules)
}

/// Each attempt's (time, worker's slot, failed) over 10 s of 20 workers (slots, since each
/// world's handles carry its own serial).
fn attempts(failure_chance: f64, seed: u64) -> (Vec<(f64, u32, bool)>, SimStats) {
    let (domain, worker, desk, rules) = desk(failure_chance);
    let mut world = world(&domain, seed);
    world.spawn(desk, Vec3::default()).unwrap();
    let progress = domain.find_attribute("progress").unwrap();
    for i in 0..20 {
        let npc = world.spawn(worker, Vec3::new(i as f32, 0.0, 0.0)).unwrap();
        world.set_fact(npc, progress, Value::Number(0.0)).unwrap();
    }
    let mut sim = Simulator::new(rules, &world).unwrap();
    let mut log = Log::default();
    sim.run(&mut world, 10.0, &mut log).unwrap();
    let mut outcomes: Vec<(f64, u32, bool)> = log
        .performed
        .iter()
        .map(|&(t, p)| (t, p.npc.index1, false))
        .collect();
    outcomes.extend(
        log.events
            .iter()
            .filter(|(_, e)| e.kind == EventKind::ActionFailed)
            .map(|&(t, e)| (t, e.npc.index1, true)),
    );
    outcomes.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    (outcomes, *sim.stats())
}

#[test]
fn failures_happen_at_their_chance_and_replay_exactly_per_seed() {
    let (outcomes, stats) = attempts(0.3, 7);
    let failed = outcomes.iter().filter(|o| o.2).count() as f64;
    let n = outcomes.len() as f64;
    assert!(n > 3000.0, "about one attempt per worker per tick: {n}");
    // Binomial standard deviation ≈ 0.007 at this n: four of them either side.
    let rate = failed / n;
    assert!((rate - 0.3).abs() < 0.03, "failure rate {rate}");
    assert_eq!(stats.actions_failed as f64, failed);
    assert_eq!(stats.actions_performed as f64, n - failed);
    assert_eq!(
        stats.needs_satisfied, stats.actions_performed,
        "try serves work"
    );
    assert_eq!(stats.stale_reports, 0);

    assert!(attempts(0.3, 7).0 == outcomes, "same seed, same run");
    assert!(attempts(0.3, 8).0 != outcomes, "another seed, another run");
    assert_eq!(attempts(0.0, 7).1.actions_failed, 0);
    assert_eq!(attempts(1.0, 7).1.actions_performed, 0);
}

#[test]
fn spawns_keep_their_cadence_and_their_maximum_alive() {
    let mut b = DomainBuilder::new();
    let company = b.add_attribute("company", ValueType::Number).unwrap();
    let visitor = b.add_archetype("visitor").unwrap();
    let domain = b.build().unwrap();
    let mut world = world(&domain, 1);
    let mut rules = SimRules::new(&domain);
    rules.spawns.push(SpawnRule {
        archetype: visitor,
        at: Vec3::new(1.0, 2.0, 3.0),
        every: 2.0,
        max_alive: 3,
        facts: vec![(company, Value::Number(4.0))],
    });
    let mut sim = Simulator::new(rules, &world).unwrap();
    let mut log = Log::default();
    sim.run(&mut world, 9.0, &mut log).unwrap();
    let times: Vec<f64> = log.spawned.iter().map(|s| s.0).collect();
    assert_eq!(times.len(), 3, "at most three alive: {times:?}");
    for (time, expected) in times.iter().zip([2.0, 4.0, 6.0]) {
        assert!((time - expected).abs() < 1e-6, "{times:?}");
    }
    let first = log.spawned[0].1;
    assert_eq!(world.position(first).unwrap(), Vec3::new(1.0, 2.0, 3.0));
    assert_eq!(
        world.fact(first, company).unwrap().value,
        Value::Number(4.0)
    );
    // One leaves: the next period (10 s) brings one in, and then none until another leaves.
    world.destroy(first, EntityKind::Object).unwrap();
    sim.run(&mut world, 7.0, &mut log).unwrap();
    let later: Vec<f64> = log.spawned[3..].iter().map(|s| s.0).collect();
    assert_eq!(later.len(), 1, "{later:?}");
    assert!((later[0] - 10.0).abs() < 1e-6);
    assert_eq!(sim.stats().spawned, 4);
    assert_eq!(world.object_count(), 3);
}
