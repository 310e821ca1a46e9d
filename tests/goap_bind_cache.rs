//! The GOAP binding cache (`core/brains/goap/bind_cache.rs`) against fresh binds: a workspace
//! that keeps its binding from search to search must find exactly what a new workspace finds
//! — the same status, plan (actions, targets, costs to the bit), cost and counters — whatever
//! changed in between: facts, positions (distance costs), claims (contention prices), targets
//! destroyed, handles gone stale, entities spawned, the engine's context answers. Checked on
//! the shipped GOAP scenarios as they run, with random changes between searches, and on a
//! domain whose actions ask the engine. A search from the same binding, start, goal and limits
//! takes the last one's outcome (`core/brains/goap/replay.rs`): checked the same way, with first
//! steps whose budgets reach it and fall short of it.
//!
//! A binding is handed from NPC to NPC when their problems differ only in whose turn it is,
//! and its costs are computed again when only positions, contention or ambiance moved: checked
//! with GPGOAP's soldiers taking turns in one workspace (one binding for all of them), and with
//! bindings that name their NPC, which must not be handed on.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use motive::core::brains::goap::gather::{Callbacks, ContextCallback, GoapInputs};
use motive::core::brains::goap::{GoapSearch, GoapStep, Workspace};
use motive::core::brains::{SearchStatus, StopReason};
use motive::core::model::action::{ActionId, Planning};
use motive::core::model::archetype::ThinkSettings;
use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
use motive::core::model::domain::DomainBuilder;
use motive::core::model::effect::{Effect, EffectOp};
use motive::core::model::goap::{GoapGoalId, Relevance};
use motive::core::{Entity, EntityKind, Value, ValueType, Vec3, World, WorldConfig};
use motive::domain::load_scenario_file;
use motive::sim::Simulator;

/// What a search found, with costs as bits so that equality is exact, and where its first
/// step left it.
#[derive(Debug, PartialEq)]
struct Outcome {
    first: (SearchStatus, u32, u32, u32),
    status: SearchStatus,
    plan: Vec<(ActionId, Entity, u64)>,
    cost: u64,
    expanded: u32,
    generated: u32,
    duplicates: u32,
}

impl Outcome {
    /// Steps `search` once with `budget` expansions, then to its end.
    fn of(search: &mut GoapSearch, budget: u32) -> Self {
        let first = search.step(budget);
        let stats = search.stats();
        let first = (first, stats.expanded, stats.generated, stats.duplicates);
        let status = search.step(u32::MAX);
        let stats = search.stats();
        Outcome {
            first,
            status,
            plan: search
                .plan()
                .iter()
                .map(
                    |&GoapStep {
                         action,
                         target,
                         cost,
                     }| (action, target, cost.to_bits()),
                )
                .collect(),
            cost: search.cost().to_bits(),
            expanded: stats.expanded,
            generated: stats.generated,
            duplicates: stats.duplicates,
        }
    }
}

/// Plans `npc` towards `goal` in `ws` (keeping its buffers in it); `None` when the world
/// refuses the request.
fn plan(world: &World, npc: Entity, goal: GoapGoalId, ws: &mut Workspace) -> Option<Outcome> {
    plan_sliced(world, npc, goal, ws, u32::MAX)
}

/// [`plan`], the first step expanding at most `budget` nodes.
fn plan_sliced(
    world: &World,
    npc: Entity,
    goal: GoapGoalId,
    ws: &mut Workspace,
    budget: u32,
) -> Option<Outcome> {
    let mut inputs = GoapInputs::default();
    let begun = world.goap_begin(npc, goal, &mut inputs, std::mem::take(ws), 0);
    let mut search = begun.ok()?;
    let outcome = Outcome::of(&mut search, budget);
    *ws = search.into_workspace();
    Some(outcome)
}

/// A small deterministic generator (xorshift), so that failures replay.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Changes something the binding may depend on: a number or boolean fact of a random entity,
/// its position, or (rarely) destroys a smart object.
fn perturb(world: &mut World, rng: &mut Rng) {
    let entities: Vec<Entity> = world.entities().collect();
    let e = entities[rng.below(entities.len())];
    match rng.below(8) {
        0..=3 => {
            let attributes = world.domain().attributes().len();
            let attribute = motive::core::AttributeId(rng.below(attributes) as u32);
            let value = match world.domain().attribute(attribute).unwrap().value_type {
                ValueType::Number => Value::Number((rng.below(101)) as f64),
                ValueType::Bool => Value::Bool(rng.below(2) == 0),
                _ => return,
            };
            // A value out of the attribute's range is refused: nothing changes.
            let _ = world.set_fact(e, attribute, value);
        }
        4..=6 => {
            let p = world.position(e).unwrap();
            let step = |r: &mut Rng| (r.below(5) as f32 - 2.0) * 0.5;
            let moved = Vec3::new(p.x + step(rng), p.y, p.z + step(rng));
            let _ = world.set_position(e, moved);
        }
        _ => {
            if world.kind(e).unwrap() == EntityKind::Object && rng.below(4) == 0 {
                world.destroy(e, EntityKind::Object).unwrap();
            }
        }
    }
}

/// Every GOAP NPC of `world` with its goals.
fn goap_npcs(world: &World) -> Vec<(Entity, Vec<GoapGoalId>)> {
    world
        .entities()
        .filter_map(|e| {
            let archetype = world.archetype(e).ok()??;
            let goals = &world.domain().archetype(archetype).goap_goals;
            (!goals.is_empty()).then(|| (e, goals.clone()))
        })
        .collect()
}

#[test]
fn cached_bindings_plan_as_fresh_ones_on_the_shipped_scenarios() {
    let (mut compared, mut adjusted, mut patched) = (0, 0, 0);
    for name in ["hospital", "household"] {
        let path = format!("{}/scenarios/{name}.json", env!("CARGO_MANIFEST_DIR"));
        let scenario = load_scenario_file(std::path::Path::new(&path))
            .unwrap()
            .value;
        let mut instance = scenario.instantiate(None, Some(7)).unwrap();
        let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        // One workspace per NPC (the binding is reused while nothing changed) and one shared
        // by all (it binds again at each switch of NPC or goal).
        let mut own: HashMap<Entity, Workspace> = HashMap::new();
        let mut shared = Workspace::default();
        for round in 0..60 {
            let world = &mut instance.world;
            if round % 3 == 0 {
                sim.step(world, 0.25, &mut ()).unwrap();
            }
            for _ in 0..rng.below(3) {
                perturb(world, &mut rng);
            }
            for (npc, goals) in goap_npcs(world) {
                for goal in goals {
                    let fresh = plan(world, npc, goal, &mut Workspace::default());
                    let cached = plan(world, npc, goal, own.entry(npc).or_default());
                    assert_eq!(cached, fresh, "{name}, round {round}: own workspace");
                    let again = plan(world, npc, goal, own.entry(npc).or_default());
                    assert_eq!(again, fresh, "{name}, round {round}: unchanged world");
                    // The last search's outcome is taken only by a first step whose budget
                    // would have reached it: a shorter one searches, as a fresh one does.
                    let expanded = fresh.as_ref().map_or(0, |f| f.expanded);
                    for budget in [0, expanded.saturating_sub(1), expanded] {
                        let fresh =
                            plan_sliced(world, npc, goal, &mut Workspace::default(), budget);
                        let own = own.entry(npc).or_default();
                        let sliced = plan_sliced(world, npc, goal, own, budget);
                        assert_eq!(sliced, fresh, "{name}, round {round}: budget {budget}");
                    }
                    assert_eq!(plan(world, npc, goal, &mut shared), fresh, "{name}: shared");
                    compared += 1;
                }
            }
            // Stale handles: a workspace whose NPC was destroyed meets a new NPC in its slot.
            if round == 40 {
                if let Some((npc, _)) = goap_npcs(world).first() {
                    let archetype = world.archetype(*npc).unwrap().unwrap();
                    let at = world.position(*npc).unwrap();
                    world.destroy(*npc, EntityKind::Npc).unwrap();
                    let reborn = world.spawn(archetype, at).unwrap();
                    let ws = own.remove(npc).unwrap_or_default();
                    own.insert(reborn, ws);
                }
            }
        }
        adjusted += own.values().map(|ws| ws.bind_stats().adjusted).sum::<u64>();
        patched += own.values().map(|ws| ws.bind_stats().patched).sum::<u64>();
    }
    assert!(compared > 500, "only {compared} comparisons");
    // Costs were computed again for a binding kept (an NPC moved, nothing else changed); the
    // shipped NPCs' bindings name them, so none is handed on (the soldiers' test does that).
    assert!(adjusted > 0, "no binding was recosted");
    // A fact a binding read changed (a patient's need) and only its steps were bound again.
    assert!(patched > 0, "no binding was bound again in part");
}

/// A soldier that may shoot any of its enemies (the engine decides which are in sight) or
/// walk up to one and stab it; enemies carry a `hp` the stab's cost reads.
struct Duel {
    world: World,
    soldier: Entity,
    enemies: Vec<Entity>,
    goal: GoapGoalId,
    shoot: ActionId,
    hp: motive::core::AttributeId,
}

impl Duel {
    fn new() -> Self {
        let mut b = DomainBuilder::new();
        let won = b.add_attribute("won", ValueType::Bool).unwrap();
        let armed = b.add_attribute("armed", ValueType::Bool).unwrap();
        let hp = b.add_attribute("hp", ValueType::Number).unwrap();
        let soldier = b.add_archetype("soldier").unwrap();
        let enemy = b.add_archetype("enemy").unwrap();
        let set = |attribute, value| Effect {
            role: Role::Consumer,
            op: EffectOp::Set(attribute, Operand::Constant(Value::Bool(value))),
        };
        let holds = |attribute, value| Condition::Compare {
            role: Role::Consumer,
            attribute,
            op: CmpOp::Eq,
            rhs: Operand::Constant(Value::Bool(value)),
        };
        let shoot = b.add_action("shoot").unwrap();
        b.add_precondition(shoot, holds(armed, true)).unwrap();
        b.add_effect(shoot, set(won, true)).unwrap();
        let planning = Planning {
            cost: 1.0,
            engine_check: true,
            ..Planning::default()
        };
        b.set_action_planning(shoot, planning).unwrap();
        let stab = b.add_action("stab").unwrap();
        // A context precondition on the target's facts: only a wounded enemy can be stabbed.
        let wounded = Condition::Compare {
            role: Role::Supplier,
            attribute: hp,
            op: CmpOp::Lt,
            rhs: Operand::Constant(Value::Number(50.0)),
        };
        b.add_precondition(stab, wounded).unwrap();
        b.add_effect(stab, set(won, true)).unwrap();
        let planning = Planning {
            cost: 3.0,
            cost_per_distance: 1.0,
            ..Planning::default()
        };
        b.set_action_planning(stab, planning).unwrap();
        let arm = b.add_action("arm").unwrap();
        b.add_effect(arm, set(armed, true)).unwrap();
        for action in [shoot, stab, arm] {
            b.add_consumed_action(soldier, action).unwrap();
        }
        b.add_supplied_action(soldier, arm).unwrap();
        b.add_supplied_action(enemy, shoot).unwrap();
        b.add_supplied_action(enemy, stab).unwrap();
        let goal = b.add_goap_goal("win", 0, Relevance::Fixed(1.0)).unwrap();
        b.add_goap_requirement(goal, holds(won, true)).unwrap();
        b.add_archetype_goap_goal(soldier, goal).unwrap();
        let mut world = World::new(b.build().unwrap(), WorldConfig::default()).unwrap();
        let me = world.spawn(soldier, Vec3::default()).unwrap();
        let enemies = (0..4)
            .map(|i| {
                let e = world
                    .spawn(enemy, Vec3::new(2.0 + i as f32, 0.0, 0.0))
                    .unwrap();
                world
                    .set_fact(e, hp, Value::Number(30.0 + 20.0 * i as f64))
                    .unwrap();
                e
            })
            .collect();
        Duel {
            world,
            soldier: me,
            enemies,
            goal,
            shoot,
            hp,
        }
    }
}

#[test]
fn context_preconditions_and_distances_are_read_again_before_a_binding_is_reused() {
    let mut duel = Duel::new();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut cached = Workspace::default();
    let mut stabbed = 0;
    for round in 0..300 {
        if rng.below(2) == 0 {
            perturb(&mut duel.world, &mut rng);
        }
        let (world, npc, goal) = (&duel.world, duel.soldier, duel.goal);
        let fresh = plan(world, npc, goal, &mut Workspace::default());
        assert_eq!(plan(world, npc, goal, &mut cached), fresh, "round {round}");
        stabbed += usize::from(fresh.is_some_and(|o| o.plan.iter().all(|s| s.0 != duel.shoot)));
    }
    assert!(stabbed > 0, "the stab's context mattered");
}

/// A fact that binding read changes: only the steps of the walk that read it are bound again,
/// in place, while they bind as they did (proportional to what changed, issue 33); a step that
/// now binds otherwise binds the walk again from it on. Every plan is a fresh workspace's.
#[test]
fn a_changed_fact_binds_again_only_the_steps_that_read_it() {
    let mut duel = Duel::new();
    let mut ws = Workspace::default();
    let mut plan_and_count = |duel: &Duel| {
        let (world, npc, goal) = (&duel.world, duel.soldier, duel.goal);
        let fresh = plan(world, npc, goal, &mut Workspace::default());
        assert_eq!(plan(world, npc, goal, &mut ws), fresh);
        let stats = ws.bind_stats();
        (stats.bound, stats.patched, stats.steps_rebound, stats.kept)
    };
    let hit = |duel: &mut Duel, enemy: usize, hp: f64| {
        let enemy = duel.enemies[enemy];
        duel.world
            .set_fact(enemy, duel.hp, Value::Number(hp))
            .unwrap();
    };
    assert_eq!(plan_and_count(&duel), (1, 0, 0, 0));
    // Enemies 0..4 have 30, 50, 70 and 90 hp: only enemy 0 can be stabbed (hp < 50).
    hit(&mut duel, 2, 60.0);
    assert_eq!(
        plan_and_count(&duel),
        (1, 1, 1, 0),
        "one step read enemy 2's hp"
    );
    hit(&mut duel, 1, 55.0);
    hit(&mut duel, 3, 95.0);
    assert_eq!(plan_and_count(&duel), (1, 2, 3, 0), "two steps");
    hit(&mut duel, 0, 20.0);
    assert_eq!(plan_and_count(&duel), (1, 3, 4, 0), "enemy 0 stays wounded");
    assert_eq!(plan_and_count(&duel), (1, 3, 4, 1), "nothing changed");
    // Enemy 3 is wounded now: its stab binds where it did not, so the walk binds again.
    hit(&mut duel, 3, 10.0);
    assert_eq!(plan_and_count(&duel), (2, 3, 4, 1));
    // And enemy 0 no longer is.
    hit(&mut duel, 0, 80.0);
    assert_eq!(plan_and_count(&duel), (3, 3, 4, 1));
    // Enemy 1's step binds again in place, then enemy 2's, wounded now, does not: all afresh,
    // and no step counted as bound again.
    hit(&mut duel, 1, 58.0);
    hit(&mut duel, 2, 5.0);
    assert_eq!(plan_and_count(&duel), (4, 3, 4, 1));
}

/// The looting domain's chests (`sim::goap_examples::looting`: their facts set the values of
/// a bound step's number test, number change and boolean change, and how many facts it
/// reads) change at random between
/// searches: every plan is a fresh workspace's, and most changes are bound again step by
/// step — also when a step reads more or fewer facts than it did, which moves where the later
/// steps' reads lie.
#[test]
fn steps_bound_again_in_place_plan_as_fresh_bindings() {
    let mut looting = motive::sim::goap_examples::looting(6).unwrap();
    let mut rng = Rng(0x0ddb_a11c_afe5_0001);
    let mut ws = Workspace::default();
    let mut plans = std::collections::HashSet::new();
    for round in 0..400 {
        for _ in 0..1 + rng.below(3) {
            let chest = looting.chests[rng.below(looting.chests.len())];
            let (attribute, value) = match rng.below(9) {
                0..=2 => (looting.gold, Value::Number(rng.below(5) as f64)),
                3 | 4 => (looting.locked, Value::Bool(rng.below(3) == 0)),
                5 => (looting.trapped, Value::Bool(rng.below(2) == 0)),
                6 => (looting.cap, Value::Number(rng.below(20) as f64)),
                _ => {
                    // Costs move too: the kept instances' and the rebound ones'.
                    let at = Vec3::new(rng.below(12) as f32, 0.0, rng.below(3) as f32);
                    looting.world.set_position(chest, at).unwrap();
                    continue;
                }
            };
            looting.world.set_fact(chest, attribute, value).unwrap();
        }
        let (world, npc, goal) = (&looting.world, looting.looter, looting.goal);
        let fresh = plan(world, npc, goal, &mut Workspace::default());
        assert_eq!(plan(world, npc, goal, &mut ws), fresh, "round {round}");
        plans.insert(fresh.map(|o| o.plan));
    }
    let stats = ws.bind_stats();
    assert!(plans.len() > 20, "only {} distinct plans", plans.len());
    assert!(stats.patched > 100 && stats.bound > 10, "{stats:?}");
}

#[test]
fn the_engine_is_asked_on_every_search_and_its_answers_are_never_cached() {
    let mut duel = Duel::new();
    // The enemies in sight, changed between searches; every question asked, in order.
    let sight = Arc::new(Mutex::new(vec![true; duel.enemies.len()]));
    let asked = Arc::new(Mutex::new(Vec::new()));
    let (enemies, s, a) = (duel.enemies.clone(), sight.clone(), asked.clone());
    let context: ContextCallback = Arc::new(move |npc, action, target| {
        a.lock().unwrap().push((npc, action, target));
        let i = enemies.iter().position(|&e| e == target).unwrap();
        s.lock().unwrap()[i]
    });
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut cached = Workspace::default();
    let (mut shot, mut toggled) = (0, 0);
    let mut engine_checks = false;
    for round in 0..300 {
        // The engine sets and clears its callback between searches too: a binding made
        // without it must not stand once it is set.
        if round == 0 || rng.below(6) == 0 {
            engine_checks = !engine_checks;
            toggled += 1;
            duel.world.set_callbacks(Callbacks {
                context: engine_checks.then(|| context.clone()),
                relevance: None,
            });
        }
        for seen in sight.lock().unwrap().iter_mut() {
            if rng.below(3) == 0 {
                *seen = !*seen;
            }
        }
        if rng.below(2) == 0 {
            perturb(&mut duel.world, &mut rng);
        }
        let (world, npc, goal) = (&duel.world, duel.soldier, duel.goal);
        let fresh = plan(world, npc, goal, &mut Workspace::default());
        let fresh_asks = std::mem::take(&mut *asked.lock().unwrap());
        let reused = plan(world, npc, goal, &mut cached);
        let reused_asks = std::mem::take(&mut *asked.lock().unwrap());
        assert_eq!(reused, fresh, "round {round}");
        assert_eq!(
            reused_asks, fresh_asks,
            "round {round}: the engine's questions"
        );
        let shoots = |o: &Option<Outcome>| {
            o.as_ref()
                .is_some_and(|o| o.plan.iter().any(|s| s.0 == duel.shoot))
        };
        shot += usize::from(shoots(&fresh));
    }
    assert!(
        shot > 0 && shot < 300,
        "the engine's answers changed the plans"
    );
    assert!(toggled > 10, "the callback came and went");
}

/// GPGOAP's soldiers, each planning over the actions it supplies itself, taking turns in one
/// workspace while their atoms and positions change: every plan is a fresh workspace's, and
/// the actions are bound once for all of them (issue 33: binding once per archetype and
/// target set).
#[test]
fn soldiers_taking_turns_in_one_workspace_bind_once() {
    let s = motive::sim::goap_examples::soldier().unwrap();
    let mut world = World::new(s.domain.clone(), WorldConfig::default()).unwrap();
    let soldiers: Vec<Entity> = (0..6)
        .map(|i| {
            let at = Vec3::new(10.0 * i as f32, 0.0, 0.0);
            s.spawn(&mut world, at).unwrap()
        })
        .collect();
    let mut rng = Rng(0x0bad_5eed_1234_5678);
    let mut shared = Workspace::default();
    let mut found = 0;
    for round in 0..200 {
        let soldier = soldiers[rng.below(soldiers.len())];
        match rng.below(3) {
            0 => {
                let atom = s.atoms[rng.below(s.atoms.len())];
                let value = Value::Bool(rng.below(2) == 0);
                world.set_fact(soldier, atom, value).unwrap();
            }
            1 => {
                let at = Vec3::new(rng.below(100) as f32, 0.0, rng.below(100) as f32);
                world.set_position(soldier, at).unwrap();
            }
            _ => {}
        }
        for &npc in &soldiers {
            let fresh = plan(&world, npc, s.goal, &mut Workspace::default()).unwrap();
            let turn = plan(&world, npc, s.goal, &mut shared).unwrap();
            assert_eq!(turn, fresh, "round {round}");
            assert!(
                fresh.plan.iter().all(|step| step.1 == npc),
                "its own actions"
            );
            found += usize::from(fresh.status == SearchStatus::Found);
        }
    }
    assert!(found > 100, "only {found} plans found");
    let stats = shared.bind_stats();
    assert_eq!(stats.bound, 1, "{stats:?}");
    assert!(stats.adjusted >= 199 * 6, "{stats:?}");
}

/// Who may use the box of [`Owned`].
#[derive(Clone, Copy, Debug, PartialEq)]
enum Badges {
    /// Its owner (`owner == consumer`, a context precondition).
    None,
    /// Its owner, once it has pinned a badge naming itself (`badge = consumer`, an entity
    /// change, and a test of it).
    Pinned,
    /// Whoever wears the badge its owner names (`badge == supplier.owner`, a symbolic test
    /// whose value is the box's fact), each worker wearing its own and no one owning the box.
    Worn,
}

/// Two workers and a box between them that only the workers `Badges` says may use, each
/// seeing the box but not the other: bindings that name their NPC in a value read or written.
struct Owned {
    world: World,
    workers: [Entity; 2],
    boxed: Entity,
    owner: motive::core::AttributeId,
    goal: GoapGoalId,
}

/// `role.attribute == rhs`.
fn equals(role: Role, attribute: motive::core::AttributeId, rhs: Operand) -> Condition {
    Condition::Compare {
        role,
        attribute,
        op: CmpOp::Eq,
        rhs,
    }
}

impl Owned {
    fn new(badges: Badges) -> Self {
        let mut b = DomainBuilder::new();
        let done = b.add_attribute("done", ValueType::Bool).unwrap();
        let badge_attribute = b.add_attribute("badge", ValueType::Entity).unwrap();
        let owner = b.add_attribute("owner", ValueType::Entity).unwrap();
        let worker = b.add_archetype("worker").unwrap();
        let crate_ = b.add_archetype("box").unwrap();
        let use_box = b.add_action("use_box").unwrap();
        let mine = match badges {
            Badges::Worn => equals(
                Role::Consumer,
                badge_attribute,
                Operand::Attribute(Role::Supplier, owner),
            ),
            _ => equals(Role::Supplier, owner, Operand::Entity(Role::Consumer)),
        };
        b.add_precondition(use_box, mine).unwrap();
        let set_done = Effect {
            role: Role::Consumer,
            op: EffectOp::Set(done, Operand::Constant(Value::Bool(true))),
        };
        b.add_effect(use_box, set_done).unwrap();
        b.add_consumed_action(worker, use_box).unwrap();
        b.add_supplied_action(crate_, use_box).unwrap();
        if badges == Badges::Pinned {
            let pinned = equals(
                Role::Consumer,
                badge_attribute,
                Operand::Entity(Role::Consumer),
            );
            b.add_precondition(use_box, pinned).unwrap();
            let pin = b.add_action("pin_badge").unwrap();
            let set_badge = Effect {
                role: Role::Consumer,
                op: EffectOp::Set(badge_attribute, Operand::Entity(Role::Consumer)),
            };
            b.add_effect(pin, set_badge).unwrap();
            b.add_consumed_action(worker, pin).unwrap();
            b.add_supplied_action(worker, pin).unwrap();
        }
        let near = ThinkSettings {
            perception_range: 6.0,
            ..ThinkSettings::default()
        };
        b.set_think_settings(worker, near).unwrap();
        let goal = b.add_goap_goal("work", 0, Relevance::Fixed(1.0)).unwrap();
        let is_done = equals(Role::Consumer, done, Operand::Constant(Value::Bool(true)));
        b.add_goap_requirement(goal, is_done).unwrap();
        b.add_archetype_goap_goal(worker, goal).unwrap();
        let mut world = World::new(b.build().unwrap(), WorldConfig::default()).unwrap();
        let workers = [-5.0, 5.0].map(|x| world.spawn(worker, Vec3::new(x, 0.0, 0.0)).unwrap());
        let boxed = world.spawn(crate_, Vec3::default()).unwrap();
        if badges == Badges::Worn {
            for w in workers {
                world
                    .set_fact(w, badge_attribute, Value::Entity(w))
                    .unwrap();
            }
            world.set_fact(boxed, owner, Value::Entity(boxed)).unwrap();
        }
        Owned {
            world,
            workers,
            boxed,
            owner,
            goal,
        }
    }
}

/// Bindings that name their NPC are never handed to another: the box's owner plans to use it
/// (pinning its badge first, when there are badges), the other worker finds no plan,
/// whichever planned last in the shared workspace, as the box changes hands. A box that
/// neither owns names neither: without badges, that binding is handed on.
#[test]
fn bindings_that_name_their_npc_are_not_handed_on() {
    for badge in [false, true] {
        let mut owned = Owned::new(if badge { Badges::Pinned } else { Badges::None });
        let mut shared = Workspace::default();
        let mut rng = Rng(0x5151_7777_0101_3333);
        let (mut used, mut refused) = (0, 0);
        for round in 0..200 {
            if round == 0 || rng.below(4) == 0 {
                let owners = [owned.workers[0], owned.workers[1], owned.boxed];
                let owner = Value::Entity(owners[rng.below(3)]);
                owned
                    .world
                    .set_fact(owned.boxed, owned.owner, owner)
                    .unwrap();
            }
            let npc = owned.workers[rng.below(2)];
            let (world, goal) = (&owned.world, owned.goal);
            let fresh = plan(world, npc, goal, &mut Workspace::default()).unwrap();
            let turn = plan(world, npc, goal, &mut shared).unwrap();
            assert_eq!(turn, fresh, "badge {badge}, round {round}");
            let owns = world.fact(owned.boxed, owned.owner).unwrap().value == Value::Entity(npc);
            assert_eq!(fresh.status == SearchStatus::Found, owns, "round {round}");
            if owns {
                assert_eq!(fresh.plan.len(), 1 + usize::from(badge), "round {round}");
                used += 1;
            } else {
                refused += 1;
            }
        }
        assert!(
            used > 20 && refused > 20,
            "{used} plans, {refused} refusals"
        );
        // Handed on only while the box owns itself, and never with badges.
        let stats = shared.bind_stats();
        assert_eq!(stats.adjusted > 0, !badge, "badge {badge}: {stats:?}");
    }
}

/// A binding whose step, bound again in place, comes to name its NPC is no longer handed on
/// ([`Badges::Worn`]).
#[test]
fn a_step_bound_again_to_name_its_npc_keeps_the_binding_for_it() {
    let mut owned = Owned::new(Badges::Worn);
    let mut shared = Workspace::default();
    let mut turn = |owned: &Owned, npc: Entity| {
        let (world, goal) = (&owned.world, owned.goal);
        let fresh = plan(world, npc, goal, &mut Workspace::default()).unwrap();
        assert_eq!(plan(world, npc, goal, &mut shared).unwrap(), fresh);
        let stats = shared.bind_stats();
        (fresh.status, stats.bound, stats.adjusted, stats.patched)
    };
    let [a, b] = owned.workers;
    let none = SearchStatus::NoPlan(StopReason::Exhausted);
    assert_eq!(turn(&owned, a), (none, 1, 0, 0));
    let why = "a box owning itself names no worker";
    assert_eq!(turn(&owned, b), (none, 1, 1, 0), "{why}");
    let owner = Value::Entity(b);
    owned
        .world
        .set_fact(owned.boxed, owned.owner, owner)
        .unwrap();
    assert_eq!(turn(&owned, b), (SearchStatus::Found, 1, 1, 1));
    assert_eq!(turn(&owned, a), (none, 2, 1, 1), "the binding names b now");
}
