//! The GOAP planner against the `dogoap` crate (0.5: forward A* from `pathfinding` over
//! `BTreeMap<String, Datum>` states, <https://github.com/victorb/dogoap>) on identical domains in
//! one process, and motive's replanning throughput for a hospital of 10,000 NPCs.
//!
//! Every domain is written once, planner-neutrally (a `Spec`: facts with their start values,
//! actions with preconditions, effects and costs, a goal), and given to both planners. Before
//! anything is timed, both plans are checked once: each is replayed on the spec (every
//! precondition holds when its action runs, the goal holds at the end, the costs add up) and
//! both have the same length and cost.
//!
//! **Domains.**
//! - `long_plan`: dogoap's own benchmark (`crates/dogoap/benches/long_plan.rs`, the same domain
//!   as its `examples/long_plan.rs`): energy 30, hunger 70, gold 0; `sleep` (energy += 10),
//!   `eat` (energy ≥ 25; hunger −= 10), `rob` (hunger ≤ 50, energy ≥ 50; gold += 1), all of
//!   cost 1; goal gold = 7; an 11-step plan. dogoap's `rob` also carries a second `Effect`
//!   (energy −= 5, hunger += 5), but dogoap's planner only ever applies an action's first
//!   effect, so the domain it plans in, and the final state its bench asserts (energy 50,
//!   hunger 50, gold 7), has `rob` only add gold. dogoap gets the action list exactly as its
//!   bench builds it (and its bench's assertions are repeated here); motive gets the domain
//!   dogoap actually plans in.
//! - `soldier`: the example of GPGOAP's README (<https://github.com/stolk/GPGOAP>), as
//!   `motive::sim::goap_examples::soldier` defines it: `scout`, `approach`, `aim`, `shoot`,
//!   `load`, `detonatebomb` and `flee` over eight booleans, all of cost 1 but `detonatebomb`
//!   (5, from GPGOAP's `main.c`); goal: enemy not alive and self alive. motive plans with that module's
//!   domain; dogoap with the same actions, start and goal from its constants. Plan: scout,
//!   load, aim, shoot (or load first), cost 4.
//! - `chain16+K`: a chain of 16 actions (`a_i` requires `p_{i-1}` and sets `p_i`; `p_0` holds;
//!   goal `p_16`) plus `K` ∈ {0, 4, 8, 32} irrelevant actions (`x_j` requires `p_0`, which holds,
//!   and sets `q_j`, false at the start and needed by nothing). A regressive search never
//!   considers an `x_j`. A forward search must: dogoap's heuristic (the goal's distance, 0 or 1
//!   here) makes it expand every state within 15 steps of the start, about `16 · 2^K` of them,
//!   and its nodes are (last action, state) pairs, so even `K = 0` costs it every `a_i` that
//!   is still applicable at every step. At `K = 32` that is billions of states: dogoap is not
//!   run there (the table says so).
//!
//! **Hospital throughput.** The nurse of Sloan et al. 2011 (`goto_pills`, `get_pills` of cost
//! 10 from a cabinet, `get_backup_pills` of cost 30, `give_pills`; as in
//! `tests/goap_planner.rs`) with a kitchen round (`goto_kitchen`, `get_food` of cost 2, `feed`)
//! and `talk` (needs the patient medicated); going to one room leaves the other; goal: patient
//! medicated, fed and calm. 10,000 nurses share one world, each with its own start state (a
//! seeded mix of where it is, what it holds and what is already done). Timed: one replan of
//! every nurse, as binding and search from its captured symbolic state, on one thread and on
//! two (`std::thread::scope`, one `Workspace` per thread, half the nurses each); and on one
//! thread with the state captured from the world each time. `World` is not `Sync` (its think
//! scratch holds a `bumpalo::Bump`), so the threads bind against a `Snapshot` of the nurses'
//! facts instead (binding reads facts only for context preconditions and attribute operands,
//! which this domain does not have).
//!
//! **Through the C ABI.** Each domain is also planned with `motive_goap_plan_into` in a world
//! of two NPCs (taking turns, they time the binding handed from one to the other: each plans
//! over the actions it supplies itself, so the binding is the same but for whose it is). They
//! stand [`APART`], each beside its own cabinet, and perceive nothing farther: an NPC that
//! perceived the other would bind every action the other supplies too, and branch over twice
//! the instances for the same plan (the soldier's 14 instead of GPGOAP's 7). Before timing,
//! `AbiBench::new` checks that the ABI's search expands and generates what the Rust row's does.
//!
//! **Facts binding reads.** The looting domain (`sim::goap_examples::looting`: a looter and
//! chests whose gold, locks, caps and traps binding reads) times `World::goap_begin` after one
//! chest's fact is set: to what binding read (the binding kept), to other gold (that chest's
//! step bound again in place), locking or unlocking it (the step binds otherwise: the walk
//! bound again from it on), and with the binding forgotten (report mode only, `-- looting`).
//!
//! motive reuses one `Workspace` per thread across plans (its intended use: after the first
//! plans a search allocates nothing); dogoap has no such buffer and allocates per node.
//!
//! Run with `cargo bench --bench goap` (criterion ids `goap/motive/<domain>`,
//! `goap/dogoap/<domain>` and `hospital/...`). With `MOTIVE_BENCH_REPORT=1` it prints instead a
//! table of µs per plan for both planners with the ratio dogoap / motive (motive's binding
//! kept from plan to plan, and in `bound µs` made afresh on every plan), and plans per second
//! for the hospital, from plain `Instant` loops; a plain argument (`-- soldier`, `-- chain`,
//! `-- looting`, `-- hospital`) runs only the domains whose name contains it.

use std::collections::HashMap;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};
use dogoap::prelude::{
    get_effects_from_plan, make_plan, Action as DAction, Compare, Datum, Effect as DEffect, Goal,
    LocalState, Mutator,
};
use dogoap::simple::{simple_decrement_action, simple_increment_action};
use motive::core::brains::goap::bind::{resolve_test, BindInput};
use motive::core::brains::goap::bind_cache::BindStats;
use motive::core::brains::goap::gather::GoapInputs;
use motive::core::brains::goap::{GoapProblem, GoapSearch, Target, Test, Workspace};
use motive::core::brains::SearchStatus;
use motive::core::model::action::{ActionId, Planning};
use motive::core::model::archetype::{ArchetypeId, ThinkSettings};
use motive::core::model::condition::{Bindings, CmpOp, Condition, FactView, Operand, Role};
use motive::core::model::effect::{Effect, EffectOp};
use motive::core::model::goap::SymbolicState;
use motive::core::model::goap::{GoapGoalId, Relevance};
use motive::core::{
    AttributeId, Domain, DomainBuilder, Entity, Value, ValueType, Vec3, World, WorldConfig,
};
use motive::ffi::arena::{
    motive_arena, motive_arena_create, motive_arena_destroy, motive_arena_reset,
};
use motive::ffi::goap_search::{
    motive_arena_goap_begin, motive_goap_plan_into, motive_goap_plan_view,
};
use motive::ffi::handles::motive_npc;
use motive::ffi::minds::motive_search_result;
use motive::ffi::status::motive_status;
use motive::ffi::world::{motive_world, motive_world_destroy};
use motive::sim::goap_examples::{self, SOLDIER_ACTIONS, SOLDIER_GOAL, SOLDIER_START};

#[path = "../tests/common/thread_cpu.rs"]
mod thread_cpu;
use thread_cpu::thread_cpu_ns;

// ---------------------------------------------------------------------------------------------
// Planner-neutral domains.

/// A fact's value: a boolean or an integer (dogoap's `Datum::I64`, motive's number).
#[derive(Clone, Copy, Debug, PartialEq)]
enum V {
    B(bool),
    N(i64),
}

/// The comparisons both planners share.
#[derive(Clone, Copy, Debug)]
enum Cmp {
    Eq,
    Ge,
    Le,
}

/// The effects both planners share.
#[derive(Clone, Copy, Debug)]
enum Op {
    Set,
    Add,
    Sub,
}

/// An action: name, cost, preconditions, effects.
struct Act {
    name: String,
    cost: u32,
    pre: Vec<(String, Cmp, V)>,
    eff: Vec<(String, Op, V)>,
    /// Supplied by a cabinet rather than by the NPC itself (motive binds it to that target;
    /// dogoap has no targets).
    on_cabinet: bool,
}

/// A domain: facts in definition order with their start values, actions, goal.
struct Spec {
    facts: Vec<(String, V)>,
    actions: Vec<Act>,
    goal: Vec<(String, Cmp, V)>,
}

fn act(name: &str, cost: u32, pre: &[(&str, Cmp, V)], eff: &[(&str, Op, V)]) -> Act {
    Act {
        name: name.to_owned(),
        cost,
        pre: pre.iter().map(|&(k, c, v)| (k.to_owned(), c, v)).collect(),
        eff: eff.iter().map(|&(k, o, v)| (k.to_owned(), o, v)).collect(),
        on_cabinet: false,
    }
}

fn facts(list: &[(&str, V)]) -> Vec<(String, V)> {
    list.iter().map(|&(k, v)| (k.to_owned(), v)).collect()
}

fn holds(state: &HashMap<String, V>, (key, cmp, want): &(String, Cmp, V)) -> bool {
    let have = state[key];
    match (cmp, have, *want) {
        (Cmp::Eq, a, b) => a == b,
        (Cmp::Ge, V::N(a), V::N(b)) => a >= b,
        (Cmp::Le, V::N(a), V::N(b)) => a <= b,
        _ => panic!("ordered comparison on a boolean"),
    }
}

impl Spec {
    /// Replays `plan` (action names) from `start`; returns its cost, panicking if a
    /// precondition fails or the goal does not hold at the end.
    fn replay(&self, start: &[(String, V)], plan: &[String]) -> u32 {
        let mut state: HashMap<String, V> = start.iter().cloned().collect();
        let mut cost = 0;
        for name in plan {
            let a = self.actions.iter().find(|a| &a.name == name).unwrap();
            for p in &a.pre {
                assert!(holds(&state, p), "{name}: precondition {p:?} fails");
            }
            for (key, op, v) in &a.eff {
                let slot = state.get_mut(key).unwrap();
                *slot = match (op, *slot, *v) {
                    (Op::Set, _, v) => v,
                    (Op::Add, V::N(a), V::N(b)) => V::N(a + b),
                    (Op::Sub, V::N(a), V::N(b)) => V::N(a - b),
                    _ => panic!("arithmetic on a boolean"),
                };
            }
            cost += a.cost;
        }
        for g in &self.goal {
            assert!(holds(&state, g), "goal {g:?} does not hold after {plan:?}");
        }
        cost
    }
}

/// dogoap's `long_plan` as the planner sees it (see the module doc).
fn long_plan_spec() -> Spec {
    let n = V::N;
    Spec {
        facts: facts(&[("energy", n(30)), ("hunger", n(70)), ("gold", n(0))]),
        actions: vec![
            act("sleep", 1, &[], &[("energy", Op::Add, n(10))]),
            act(
                "eat",
                1,
                &[("energy", Cmp::Ge, n(25))],
                &[("hunger", Op::Sub, n(10))],
            ),
            act(
                "rob",
                1,
                &[("hunger", Cmp::Le, n(50)), ("energy", Cmp::Ge, n(50))],
                &[("gold", Op::Add, n(1))],
            ),
        ],
        goal: vec![("gold".to_owned(), Cmp::Eq, n(7))],
    }
}

/// dogoap's `long_plan` actions built exactly as `crates/dogoap/benches/long_plan.rs` builds
/// them, second effect of `rob` included.
fn long_plan_dogoap_actions() -> Vec<DAction> {
    let sleep_action = simple_increment_action("sleep", "energy", Datum::I64(10));
    let eat_action = simple_decrement_action("eat", "hunger", Datum::I64(10))
        .with_precondition("energy", Compare::GreaterThanEquals(Datum::I64(25)));
    let rob_people = simple_increment_action("rob", "gold", Datum::I64(1))
        .with_effect(DEffect {
            action: "rob".to_string(),
            mutators: vec![
                Mutator::Decrement("energy".to_string(), Datum::I64(5)),
                Mutator::Increment("hunger".to_string(), Datum::I64(5)),
            ],
            state: LocalState::default(),
            cost: 1,
        })
        .with_precondition("hunger", Compare::LessThanEquals(Datum::I64(50)))
        .with_precondition("energy", Compare::GreaterThanEquals(Datum::I64(50)));
    vec![sleep_action, eat_action, rob_people]
}

/// GPGOAP's soldier as `motive::sim::goap_examples` defines it (README actions, start and
/// goal; `main.c`'s cost 5 for `detonatebomb`), for dogoap and for replaying plans.
fn soldier_spec() -> Spec {
    Spec {
        facts: SOLDIER_START
            .iter()
            .map(|&(k, b)| (k.to_owned(), V::B(b)))
            .collect(),
        actions: SOLDIER_ACTIONS
            .iter()
            .map(|a| Act {
                name: a.name.to_owned(),
                cost: a.cost as u32,
                pre: a
                    .pre
                    .iter()
                    .map(|&(k, b)| (k.to_owned(), Cmp::Eq, V::B(b)))
                    .collect(),
                eff: a
                    .post
                    .iter()
                    .map(|&(k, b)| (k.to_owned(), Op::Set, V::B(b)))
                    .collect(),
                on_cabinet: false,
            })
            .collect(),
        goal: SOLDIER_GOAL
            .iter()
            .map(|&(k, b)| (k.to_owned(), Cmp::Eq, V::B(b)))
            .collect(),
    }
}

/// Length of the chain.
const CHAIN: usize = 16;

/// The chain of [`CHAIN`] actions with `irrelevant` extra actions.
fn chain_spec(irrelevant: usize) -> Spec {
    let (t, f) = (V::B(true), V::B(false));
    let mut facts = vec![("p0".to_owned(), t)];
    facts.extend((1..=CHAIN).map(|i| (format!("p{i}"), f)));
    facts.extend((0..irrelevant).map(|j| (format!("q{j}"), f)));
    let mut actions: Vec<Act> = (1..=CHAIN)
        .map(|i| Act {
            name: format!("a{i}"),
            cost: 1,
            pre: vec![(format!("p{}", i - 1), Cmp::Eq, t)],
            eff: vec![(format!("p{i}"), Op::Set, t)],
            on_cabinet: false,
        })
        .collect();
    actions.extend((0..irrelevant).map(|j| Act {
        name: format!("x{j}"),
        cost: 1,
        pre: vec![("p0".to_owned(), Cmp::Eq, t)],
        eff: vec![(format!("q{j}"), Op::Set, t)],
        on_cabinet: false,
    }));
    Spec {
        facts,
        actions,
        goal: vec![(format!("p{CHAIN}"), Cmp::Eq, t)],
    }
}

/// The hospital nurse (see the module doc); start values are per NPC.
fn nurse_spec() -> Spec {
    let (t, f) = (V::B(true), V::B(false));
    let is = |k: &'static str, v: V| (k, Cmp::Eq, v);
    let set = |k: &'static str, v: V| (k, Op::Set, v);
    let mut get_pills = act(
        "get_pills",
        10,
        &[is("at_pills", t)],
        &[set("has_pills", t)],
    );
    get_pills.on_cabinet = true;
    Spec {
        facts: facts(&[
            ("at_pills", f),
            ("has_pills", f),
            ("at_kitchen", f),
            ("has_food", f),
            ("patient_medicated", f),
            ("patient_fed", f),
            ("patient_calm", f),
        ]),
        actions: vec![
            act(
                "goto_pills",
                1,
                &[],
                &[set("at_pills", t), set("at_kitchen", f)],
            ),
            get_pills,
            act("get_backup_pills", 30, &[], &[set("has_pills", t)]),
            act(
                "give_pills",
                1,
                &[is("has_pills", t)],
                &[set("has_pills", f), set("patient_medicated", t)],
            ),
            act(
                "goto_kitchen",
                1,
                &[],
                &[set("at_kitchen", t), set("at_pills", f)],
            ),
            act("get_food", 2, &[is("at_kitchen", t)], &[set("has_food", t)]),
            act(
                "feed",
                1,
                &[is("has_food", t)],
                &[set("has_food", f), set("patient_fed", t)],
            ),
            act(
                "talk",
                1,
                &[is("patient_medicated", t)],
                &[set("patient_calm", t)],
            ),
        ],
        goal: vec![
            ("patient_medicated".to_owned(), Cmp::Eq, t),
            ("patient_fed".to_owned(), Cmp::Eq, t),
            ("patient_calm".to_owned(), Cmp::Eq, t),
        ],
    }
}

/// Start values of the hospital's nurse `i`: a seeded mix of the seven facts, never with the
/// goal already met and never in both rooms.
fn nurse_start(spec: &Spec, i: usize) -> Vec<(String, V)> {
    // SplitMix64 of the nurse's index.
    let mut z = (i as u64)
        .wrapping_add(1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    let mut bits: Vec<bool> = (0..spec.facts.len()).map(|k| z >> k & 1 == 1).collect();
    if bits[0] && bits[2] {
        bits[2] = false; // at_pills and at_kitchen exclude each other
    }
    if bits[4] && bits[5] && bits[6] {
        bits[4 + (z >> 20) as usize % 3] = false;
    }
    spec.facts
        .iter()
        .zip(bits)
        .map(|((k, _), b)| (k.clone(), V::B(b)))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// motive.

/// A domain in a motive world, with its NPCs.
struct MotiveDomain {
    world: World,
    npcs: Vec<Entity>,
    /// The domain's GOAP goal (the spec's goal), for planning through the C ABI.
    goal: GoapGoalId,
    planner: Planner,
}

/// What planning for an NPC of the domain needs besides the world's facts: the actions, what
/// an NPC binds against, and the goal. Unlike `World` (whose think scratch holds a
/// `bumpalo::Bump`), it may be shared between threads.
struct Planner {
    domain: Arc<Domain>,
    actions: Vec<ActionId>,
    archetype: ArchetypeId,
    cabinet: Option<Target>,
    goal: Vec<Test>,
}

fn operand(v: V) -> Operand {
    Operand::Constant(value(v))
}

fn value(v: V) -> Value {
    match v {
        V::B(b) => Value::Bool(b),
        V::N(n) => Value::Number(n as f64),
    }
}

fn condition(attributes: &HashMap<String, AttributeId>, (k, c, v): &(String, Cmp, V)) -> Condition {
    Condition::Compare {
        role: Role::Consumer,
        attribute: attributes[k],
        op: match c {
            Cmp::Eq => CmpOp::Eq,
            Cmp::Ge => CmpOp::Ge,
            Cmp::Le => CmpOp::Le,
        },
        rhs: operand(*v),
    }
}

/// `conditions` on `npc` as the planner's goal tests.
fn goal_tests(domain: &Domain, world: &World, npc: Entity, conditions: &[Condition]) -> Vec<Test> {
    let me = Bindings {
        consumer: npc,
        supplier: npc,
        other: Entity::NULL,
    };
    conditions
        .iter()
        .map(|c| {
            resolve_test(domain.symbols(), c, world, &me)
                .unwrap()
                .unwrap()
        })
        .collect()
}

impl MotiveDomain {
    /// Builds `spec`'s domain and a world with `starts.len()` NPCs (each with its start
    /// values), each beside a cabinet of its own.
    fn from_spec(spec: &Spec, starts: &[Vec<(String, V)>]) -> Self {
        let mut b = DomainBuilder::new();
        let mut by_name = HashMap::new();
        for (name, v) in &spec.facts {
            let ty = match v {
                V::B(_) => ValueType::Bool,
                V::N(_) => ValueType::Number,
            };
            by_name.insert(name.clone(), b.add_attribute(name, ty).unwrap());
        }
        let npc = b.add_archetype("npc").unwrap();
        let cabinet = b.add_archetype("cabinet").unwrap();
        let mut actions = Vec::new();
        for a in &spec.actions {
            let id = b.add_action(&a.name).unwrap();
            for p in &a.pre {
                b.add_precondition(id, condition(&by_name, p)).unwrap();
            }
            for (k, op, v) in &a.eff {
                let (attribute, value) = (by_name[k], operand(*v));
                let op = match op {
                    Op::Set => EffectOp::Set(attribute, value),
                    Op::Add => EffectOp::Add(attribute, value),
                    Op::Sub => EffectOp::Subtract(attribute, value),
                };
                let effect = Effect {
                    role: Role::Consumer,
                    op,
                };
                b.add_effect(id, effect).unwrap();
            }
            let planning = Planning {
                cost: f64::from(a.cost),
                ..Planning::default()
            };
            b.set_action_planning(id, planning).unwrap();
            b.add_consumed_action(npc, id).unwrap();
            let supplier = if a.on_cabinet { cabinet } else { npc };
            b.add_supplied_action(supplier, id).unwrap();
            actions.push(id);
        }
        let goap_goal = b.add_goap_goal("goal", 0, Relevance::Fixed(1.0)).unwrap();
        for g in &spec.goal {
            b.add_goap_requirement(goap_goal, condition(&by_name, g))
                .unwrap();
        }
        b.add_archetype_goap_goal(npc, goap_goal).unwrap();
        // The Rust rows' limits (`Planner::plan`), for the C ABI's searches too; NPCs apart
        // perceive only their own cabinet, not one another's actions.
        let think = ThinkSettings {
            max_expansions: MAX_EXPANSIONS,
            max_depth: 32,
            perception_range: f64::from(APART) / 2.0,
            ..ThinkSettings::default()
        };
        b.set_think_settings(npc, think).unwrap();
        let domain = b.build().unwrap();
        let mut world = World::new(domain.clone(), WorldConfig::default()).unwrap();
        let c = world.spawn(cabinet, Vec3::default()).unwrap();
        let mut npcs = Vec::new();
        for (i, start) in starts.iter().enumerate() {
            let at = apart(i);
            if i > 0 {
                world.spawn(cabinet, at).unwrap();
            }
            let e = world.spawn(npc, at).unwrap();
            for (name, v) in start {
                world.set_fact(e, by_name[name], value(*v)).unwrap();
            }
            npcs.push(e);
        }
        let conditions: Vec<_> = spec.goal.iter().map(|g| condition(&by_name, g)).collect();
        let goal = goal_tests(&domain, &world, npcs[0], &conditions);
        let cabinet = spec.actions.iter().any(|a| a.on_cabinet).then_some(Target {
            entity: c,
            archetype: cabinet,
            position: Some(Vec3::default()),
            extra_cost: 0.0,
        });
        MotiveDomain {
            world,
            npcs,
            goal: goap_goal,
            planner: Planner {
                domain,
                actions,
                archetype: npc,
                cabinet,
                goal,
            },
        }
    }

    /// The soldier of `motive::sim::goap_examples`, `n` of them, at the README's start, apart
    /// (each perceives only itself, and plans over its own seven actions as GPGOAP's does).
    fn soldiers(n: usize) -> Self {
        let s = goap_examples::soldier().unwrap();
        let mut world = World::new(s.domain.clone(), WorldConfig::default()).unwrap();
        let npcs: Vec<Entity> = (0..n)
            .map(|i| s.spawn(&mut world, apart(i)).unwrap())
            .collect();
        let npc = npcs[0];
        let requirements = &s.domain.goap_goals().get(s.goal.0).unwrap().requirements;
        let goal = goal_tests(&s.domain, &world, npc, requirements);
        MotiveDomain {
            world,
            npcs,
            goal: s.goal,
            planner: Planner {
                actions: s.domain.archetype(s.archetype).consumes.clone(),
                domain: s.domain,
                archetype: s.archetype,
                cabinet: None,
                goal,
            },
        }
    }
}

impl Planner {
    /// What `npc` binds against: itself, and the cabinet if there is one (the first `n` of
    /// the array).
    fn targets(&self, npc: Entity) -> ([Target; 2], usize) {
        let me = Target {
            entity: npc,
            archetype: self.archetype,
            position: Some(Vec3::default()),
            extra_cost: 0.0,
        };
        match self.cabinet {
            Some(c) => ([me, c], 2),
            None => ([me, me], 1),
        }
    }

    /// Plans for `npc` from `start` in `ws`'s buffers (take them back with
    /// `into_workspace`), expanding at most `max_expansions` nodes: binding against `view`,
    /// and the search.
    fn plan<F: FactView>(
        &self,
        view: &F,
        npc: Entity,
        targets: &[Target],
        start: &SymbolicState,
        ws: &mut Workspace,
        max_expansions: u32,
    ) -> GoapSearch {
        let problem = GoapProblem {
            bind: BindInput {
                domain: &self.domain,
                npc,
                position: Some(Vec3::default()),
                actions: &self.actions,
                cost_deltas: &[],
                excluded: &[],
                targets,
                view,
                engine_check: None,
            },
            start,
            goal: &self.goal,
            max_expansions,
            max_depth: 32,
        };
        let mut search = GoapSearch::begin(&problem, std::mem::take(ws));
        search.step(u32::MAX);
        search
    }

    fn names(&self, search: &GoapSearch) -> Vec<String> {
        search
            .plan()
            .iter()
            .map(|s| self.domain.actions().name(s.action.0).to_owned())
            .collect()
    }

    /// One replan for `npc` from `start`, binding against `view`; returns the plan's length.
    fn replan<F: FactView>(
        &self,
        view: &F,
        npc: Entity,
        start: &SymbolicState,
        ws: &mut Workspace,
    ) -> usize {
        let (targets, n) = self.targets(npc);
        let search = self.plan(view, npc, &targets[..n], start, ws, MAX_EXPANSIONS);
        debug_assert_eq!(search.status(), SearchStatus::Found);
        let len = search.plan().len();
        *ws = search.into_workspace();
        len
    }
}

/// The Rust rows' expansion limit (the archetype's, as `MotiveDomain` sets it).
const MAX_EXPANSIONS: u32 = 1_000_000;

/// A ready-to-time motive problem: one NPC, its targets and start state, and a workspace.
struct MotiveBench {
    domain: MotiveDomain,
    targets: Vec<Target>,
    start: SymbolicState,
    ws: Workspace,
    /// The limit of the last timed search: [`MotiveBench::run`] alternates it with one less,
    /// so that every plan is searched (the same inputs again would take the last search's
    /// outcome, `goap/replay.rs`) while the binding is reused, as dogoap is timed.
    limit: u32,
}

impl MotiveBench {
    fn new(domain: MotiveDomain) -> Self {
        let npc = domain.npcs[0];
        let mut start = SymbolicState::default();
        start.capture(domain.planner.domain.symbols(), &domain.world, npc);
        let (targets, n) = domain.planner.targets(npc);
        MotiveBench {
            targets: targets[..n].to_vec(),
            domain,
            start,
            ws: Workspace::default(),
            limit: MAX_EXPANSIONS,
        }
    }

    /// Plans once (bind, reused from the last call, and a search that really runs); returns
    /// (plan length, cost).
    fn run(&mut self) -> (usize, f64) {
        self.limit = if self.limit == MAX_EXPANSIONS {
            MAX_EXPANSIONS - 1
        } else {
            MAX_EXPANSIONS
        };
        let d = &self.domain;
        let p = &d.planner;
        let search = p.plan(
            &d.world,
            d.npcs[0],
            &self.targets,
            &self.start,
            &mut self.ws,
            self.limit,
        );
        let out = (search.plan().len(), search.cost());
        self.ws = search.into_workspace();
        out
    }

    /// [`run`](MotiveBench::run), binding every action afresh first: the per-call cost of a
    /// binding that could not be kept (a fact it read changed, a target came or went).
    fn run_bound(&mut self) -> (usize, f64) {
        self.ws.forget_binding();
        self.run()
    }

    /// Plans once and returns the plan's action names, its cost and the search counters.
    fn solve(&mut self) -> (Vec<String>, f64, String, (u32, u32)) {
        let d = &self.domain;
        let p = &d.planner;
        let search = p.plan(
            &d.world,
            d.npcs[0],
            &self.targets,
            &self.start,
            &mut self.ws,
            MAX_EXPANSIONS,
        );
        assert_eq!(search.status(), SearchStatus::Found, "motive found no plan");
        let s = search.stats();
        let stats = format!(
            "{} expanded, {} generated, {} duplicates",
            s.expanded, s.generated, s.duplicates
        );
        let searched = (s.expanded, s.generated);
        let out = (p.names(&search), search.cost(), stats, searched);
        self.ws = search.into_workspace();
        out
    }
}

// ---------------------------------------------------------------------------------------------
// Through the C ABI.

/// A domain's world behind the C ABI with two NPCs at the same start, and an arena: planning
/// as an engine does, with `motive_goap_plan_into`. Planning for the same NPC again reuses the
/// arena's binding; the two NPCs taking turns hand it on, as they plan alike over the actions
/// each supplies itself (`goap/bind_cache.rs`).
struct AbiBench {
    world: *mut motive_world,
    arena: *mut motive_arena,
    npcs: [motive_npc; 2],
    goal: u32,
}

impl AbiBench {
    /// Hands `domain`'s world (with at least two NPCs) to the C ABI; checks that kept and
    /// handed-on plans equal the Rust API's `expected` (action names and cost), searched as it
    /// searched (`(expanded, generated)`): the ABI plans the same problem, not one where each
    /// NPC also binds the other's actions.
    fn new(domain: MotiveDomain, expected: &(Vec<String>, f64), searched: (u32, u32)) -> Self {
        let npcs = [domain.npcs[0].into(), domain.npcs[1].into()];
        let names = domain.planner.domain.clone();
        let mut arena = std::ptr::null_mut();
        // SAFETY: a valid out-parameter.
        assert_eq!(
            unsafe { motive_arena_create(1 << 16, &mut arena) },
            motive_status::Ok
        );
        let abi = AbiBench {
            world: motive_world::boxed(domain.world),
            arena,
            npcs,
            goal: domain.goal.0,
        };
        for npc in [0, 0, 1, 0] {
            let view = abi.plan(npc);
            assert_eq!(view.result, motive_search_result::Found as u32);
            // SAFETY: the view points into the arena, untouched until the next plan.
            let steps = unsafe { std::slice::from_raw_parts(view.steps, view.count) };
            let plan: Vec<String> = steps
                .iter()
                .map(|s| names.actions().name(s.action).to_owned())
                .collect();
            assert_eq!((plan, view.cost), expected.clone(), "ABI plan");
            assert_eq!((view.expanded, view.generated), searched, "ABI search");
        }
        abi
    }

    /// Plans for NPC `npc` (0 or 1) in the reset arena.
    fn plan(&self, npc: usize) -> motive_goap_plan_view {
        self.plan_within(npc, 0)
    }

    /// [`plan`](AbiBench::plan) expanding at most `max_expansions` nodes (0: the archetype's
    /// limit).
    fn plan_within(&self, npc: usize, max_expansions: u32) -> motive_goap_plan_view {
        let mut view = std::mem::MaybeUninit::uninit();
        // SAFETY: world and arena are live and used by this thread only; `view` is writable.
        unsafe {
            motive_arena_reset(self.arena);
            let status = motive_goap_plan_into(
                self.world,
                self.npcs[npc],
                self.goal,
                self.arena,
                max_expansions,
                view.as_mut_ptr(),
            );
            assert_eq!(status, motive_status::Ok);
            view.assume_init()
        }
    }

    /// Begins a search for NPC `npc` in the reset arena: gathering and binding, no search.
    fn begin(&self, npc: usize) {
        // SAFETY: as in `plan`.
        let status = unsafe {
            motive_arena_reset(self.arena);
            motive_arena_goap_begin(self.arena, self.world, self.npcs[npc], self.goal, 0)
        };
        assert_eq!(status, motive_status::Ok);
    }
}

impl Drop for AbiBench {
    fn drop(&mut self) {
        // SAFETY: both were created in `new` and are freed once, here.
        unsafe {
            motive_arena_destroy(self.arena);
            motive_world_destroy(self.world);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// dogoap.

fn datum(v: V) -> Datum {
    match v {
        V::B(b) => Datum::Bool(b),
        V::N(n) => Datum::I64(n),
    }
}

fn compare((_, c, v): &(String, Cmp, V)) -> Compare {
    match c {
        Cmp::Eq => Compare::Equals(datum(*v)),
        Cmp::Ge => Compare::GreaterThanEquals(datum(*v)),
        Cmp::Le => Compare::LessThanEquals(datum(*v)),
    }
}

fn dogoap_state(start: &[(String, V)]) -> LocalState {
    start
        .iter()
        .fold(LocalState::new(), |s, (k, v)| s.with_datum(k, datum(*v)))
}

fn dogoap_actions(spec: &Spec) -> Vec<DAction> {
    spec.actions
        .iter()
        .map(|a| DAction {
            key: a.name.clone(),
            preconditions: a.pre.iter().map(|p| (p.0.clone(), compare(p))).collect(),
            effects: vec![DEffect {
                action: a.name.clone(),
                mutators: a
                    .eff
                    .iter()
                    .map(|(k, op, v)| match op {
                        Op::Set => Mutator::Set(k.clone(), datum(*v)),
                        Op::Add => Mutator::Increment(k.clone(), datum(*v)),
                        Op::Sub => Mutator::Decrement(k.clone(), datum(*v)),
                    })
                    .collect(),
                state: LocalState::new(),
                cost: a.cost as usize,
            }],
        })
        .collect()
}

fn dogoap_goal(spec: &Spec) -> Goal {
    spec.goal
        .iter()
        .fold(Goal::new(), |g, r| g.with_req(&r.0, compare(r)))
}

/// A ready-to-time dogoap problem.
struct DogoapBench {
    start: LocalState,
    actions: Vec<DAction>,
    goal: Goal,
}

impl DogoapBench {
    fn new(spec: &Spec) -> Self {
        DogoapBench {
            start: dogoap_state(&spec.facts),
            actions: dogoap_actions(spec),
            goal: dogoap_goal(spec),
        }
    }

    /// Plans once; returns (plan length, cost).
    fn run(&self) -> (usize, usize) {
        let (nodes, cost) = make_plan(&self.start, &self.actions, &self.goal).unwrap();
        (nodes.len() - 1, cost)
    }

    fn solve(&self) -> (Vec<String>, usize) {
        let (nodes, cost) =
            make_plan(&self.start, &self.actions, &self.goal).expect("dogoap found no plan");
        let names = get_effects_from_plan(nodes)
            .into_iter()
            .map(|e| e.action)
            .collect();
        (names, cost)
    }
}

// ---------------------------------------------------------------------------------------------
// The comparison.

/// One domain, ready for both planners, checked.
struct Case {
    name: String,
    motive: MotiveBench,
    /// `None` where dogoap cannot finish (see the module doc).
    dogoap: Option<DogoapBench>,
    steps: usize,
    cost: f64,
    motive_stats: String,
    /// How long dogoap's checked plan took (to keep slow samples few).
    dogoap_once: Duration,
    /// The same domain through the C ABI, where it is timed there.
    abi: Option<AbiBench>,
}

impl Case {
    /// Takes both planners' problems for `spec` and checks their plans once: valid on the
    /// spec, equal in length and cost.
    fn new(
        name: &str,
        spec: &Spec,
        motive: MotiveDomain,
        dogoap: Option<DogoapBench>,
        abi: Option<MotiveDomain>,
    ) -> Self {
        let mut motive = MotiveBench::new(motive);
        let (plan, cost, motive_stats, searched) = motive.solve();
        let abi = abi.map(|domain| AbiBench::new(domain, &(plan.clone(), cost), searched));
        let replayed = spec.replay(&spec.facts, &plan);
        assert_eq!(f64::from(replayed), cost, "{name}: motive's cost");
        let mut dogoap_once = Duration::ZERO;
        if let Some(d) = &dogoap {
            let began = Instant::now();
            let (dplan, dcost) = d.solve();
            dogoap_once = began.elapsed();
            assert_eq!(
                spec.replay(&spec.facts, &dplan),
                dcost as u32,
                "{name}: dogoap"
            );
            assert_eq!(dplan.len(), plan.len(), "{name}: plan lengths differ");
            assert_eq!(dcost as f64, cost, "{name}: plan costs differ");
        }
        Case {
            name: name.to_owned(),
            motive,
            dogoap,
            steps: plan.len(),
            cost,
            motive_stats,
            dogoap_once,
            abi,
        }
    }

    /// A spec planned by both, built the same way for each, and through the C ABI.
    fn of(name: &str, spec: &Spec, dogoap: bool) -> Self {
        let motive = MotiveDomain::from_spec(spec, std::slice::from_ref(&spec.facts));
        let abi = MotiveDomain::from_spec(spec, &[spec.facts.clone(), spec.facts.clone()]);
        let dogoap = dogoap.then(|| DogoapBench::new(spec));
        Case::new(name, spec, motive, dogoap, Some(abi))
    }
}

/// Irrelevant-action counts of the chain.
const IRRELEVANT: [usize; 4] = [0, 4, 8, 32];

/// dogoap is not run on chains with more irrelevant actions than this.
const DOGOAP_MAX_IRRELEVANT: usize = 8;

/// Metres between two NPCs of a C ABI world, each planning alone.
const APART: f32 = 100.0;

/// Where the `i`th NPC of a C ABI world stands: [`APART`] from the others, so that each plans
/// over its own actions, as the Rust rows do (see `AbiBench::new`).
fn apart(i: usize) -> Vec3 {
    Vec3::new(APART * i as f32, 0.0, 0.0)
}

/// The cases whose name `wanted` accepts.
fn cases(wanted: impl Fn(&str) -> bool) -> Vec<Case> {
    let mut cases = Vec::new();
    if wanted("long_plan") {
        cases.push(long_plan_case());
    }
    if wanted("soldier") {
        let soldier = soldier_spec();
        let dogoap = DogoapBench::new(&soldier);
        cases.push(Case::new(
            "soldier",
            &soldier,
            MotiveDomain::soldiers(1),
            Some(dogoap),
            Some(MotiveDomain::soldiers(2)),
        ));
    }
    for k in IRRELEVANT {
        let name = format!("chain{CHAIN}+{k}");
        if wanted(&name) {
            cases.push(Case::of(&name, &chain_spec(k), k <= DOGOAP_MAX_IRRELEVANT));
        }
    }
    cases
}

fn long_plan_case() -> Case {
    let long = long_plan_spec();
    let exact = DogoapBench {
        start: dogoap_state(&long.facts),
        actions: long_plan_dogoap_actions(),
        goal: dogoap_goal(&long),
    };
    // dogoap's own assertions on its bench.
    let plan = make_plan(&exact.start, &exact.actions, &exact.goal).unwrap();
    let effects = get_effects_from_plan(plan.0);
    assert_eq!(effects.len(), 11);
    let expected = dogoap_state(&facts(&[
        ("energy", V::N(50)),
        ("hunger", V::N(50)),
        ("gold", V::N(7)),
    ]));
    assert_eq!(effects.last().unwrap().state, expected);
    let motive = MotiveDomain::from_spec(&long, std::slice::from_ref(&long.facts));
    Case::new("long_plan", &long, motive, Some(exact), None)
}

// ---------------------------------------------------------------------------------------------
// The hospital.

/// Nurses in the hospital.
const NURSES: usize = 10_000;

/// The facts of every NPC, copied out of the world: a `FactView` that, unlike `World`, may be
/// shared between threads. (Binding reads it only for context preconditions and attribute
/// operands, which the nurse domain does not have.)
struct Snapshot {
    facts: HashMap<(Entity, AttributeId), Value>,
    positions: HashMap<Entity, Vec3>,
}

impl Snapshot {
    fn of(world: &World, npcs: &[Entity]) -> Self {
        let attributes = world.domain().attributes().len() as u32;
        let mut facts = HashMap::new();
        let mut positions = HashMap::new();
        for &npc in npcs {
            for a in (0..attributes).map(AttributeId) {
                if let Some(v) = FactView::value(world, npc, a) {
                    facts.insert((npc, a), v);
                }
            }
            positions.insert(npc, world.position(npc).unwrap());
        }
        Snapshot { facts, positions }
    }
}

impl FactView for Snapshot {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        self.facts.get(&(entity, attribute)).copied()
    }

    fn position(&self, entity: Entity) -> Option<Vec3> {
        self.positions.get(&entity).copied()
    }
}

struct Hospital {
    motive: MotiveDomain,
    /// Every nurse's symbolic state, captured from the world.
    starts: Vec<SymbolicState>,
    snapshot: Snapshot,
}

impl Hospital {
    fn new() -> Self {
        let spec = nurse_spec();
        let starts: Vec<_> = (0..NURSES).map(|i| nurse_start(&spec, i)).collect();
        let motive = MotiveDomain::from_spec(&spec, &starts);
        let starts = motive
            .npcs
            .iter()
            .map(|&npc| {
                let mut s = SymbolicState::default();
                s.capture(motive.planner.domain.symbols(), &motive.world, npc);
                s
            })
            .collect();
        let snapshot = Snapshot::of(&motive.world, &motive.npcs);
        Hospital {
            motive,
            starts,
            snapshot,
        }
    }

    /// Checks every nurse's plan once: valid on the spec from its own start, and (for the
    /// first `against_dogoap` nurses) as long and as cheap as dogoap's. Returns the mean plan
    /// length and the mean nodes expanded and generated.
    fn check(&self, against_dogoap: usize) -> (f64, f64, f64) {
        let spec = nurse_spec();
        let actions = dogoap_actions(&spec);
        let goal = dogoap_goal(&spec);
        let mut ws = Workspace::default();
        let (mut steps, mut expanded, mut generated) = (0, 0, 0);
        for (i, &npc) in self.motive.npcs.iter().enumerate() {
            let p = &self.motive.planner;
            let (targets, n) = p.targets(npc);
            let start = &self.starts[i];
            let search = p.plan(
                &self.motive.world,
                npc,
                &targets[..n],
                start,
                &mut ws,
                MAX_EXPANSIONS,
            );
            assert_eq!(search.status(), SearchStatus::Found, "nurse {i}");
            let plan = p.names(&search);
            let from = nurse_start(&spec, i);
            let cost = spec.replay(&from, &plan);
            assert_eq!(f64::from(cost), search.cost(), "nurse {i}");
            if i < against_dogoap {
                let (nodes, dcost) = make_plan(&dogoap_state(&from), &actions, &goal).unwrap();
                assert_eq!(nodes.len() - 1, plan.len(), "nurse {i}: lengths differ");
                assert_eq!(dcost as u32, cost, "nurse {i}: costs differ");
            }
            steps += plan.len();
            expanded += search.stats().expanded;
            generated += search.stats().generated;
            ws = search.into_workspace();
        }
        let mean = |n: usize| n as f64 / NURSES as f64;
        (
            mean(steps),
            mean(expanded as usize),
            mean(generated as usize),
        )
    }

    /// Replans every nurse once (bind and search from its captured state) on as many threads
    /// as `workspaces`, each with its own workspace and its share of the nurses; returns the
    /// total plan length (so nothing is optimised away) and, if `sched`, what the threads'
    /// scheduler statistics say.
    fn replan_all(&self, workspaces: &mut [Workspace], sched: bool) -> (usize, CpuTime) {
        let (p, snapshot) = (&self.motive.planner, &self.snapshot);
        let plan_share = |npcs: &[Entity], starts: &[SymbolicState], ws: &mut Workspace| {
            let before = if sched { schedstat() } else { None };
            let steps = npcs
                .iter()
                .zip(starts)
                .map(|(&npc, start)| p.replan(snapshot, npc, start, ws))
                .sum::<usize>();
            let cpu = match (before, before.and(schedstat())) {
                (Some((run0, wait0)), Some((run1, wait1))) => CpuTime {
                    busiest: run1 - run0,
                    waited: wait1 - wait0,
                },
                _ => CpuTime::default(),
            };
            (steps, cpu)
        };
        let (npcs, starts) = (&self.motive.npcs[..], &self.starts[..]);
        if workspaces.len() == 1 {
            return plan_share(npcs, starts, &mut workspaces[0]);
        }
        let chunk = npcs.len().div_ceil(workspaces.len());
        std::thread::scope(|scope| {
            let handles: Vec<_> = npcs
                .chunks(chunk)
                .zip(starts.chunks(chunk))
                .zip(workspaces.iter_mut())
                .map(|((npcs, starts), ws)| scope.spawn(move || plan_share(npcs, starts, ws)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap())
                .fold((0, CpuTime::default()), |(steps, cpu), (s, c)| {
                    (steps + s, cpu.merge(c))
                })
        })
    }

    /// Replans every nurse once on this thread against the world itself: capture its state
    /// from the world, bind, search.
    fn replan_all_from_world(&self, start: &mut SymbolicState, ws: &mut Workspace) -> usize {
        let m = &self.motive;
        m.npcs
            .iter()
            .map(|&npc| {
                start.capture(m.planner.domain.symbols(), &m.world, npc);
                m.planner.replan(&m.world, npc, start, ws)
            })
            .sum()
    }
}

/// What the scheduler says about one round of planning threads, in nanoseconds.
#[derive(Clone, Copy, Debug, Default)]
struct CpuTime {
    /// On-CPU time of the busiest thread.
    busiest: u64,
    /// Time the threads spent runnable but waiting for a CPU (other processes had it).
    waited: u64,
}

impl CpuTime {
    fn merge(self, other: CpuTime) -> CpuTime {
        CpuTime {
            busiest: self.busiest.max(other.busiest),
            waited: self.waited + other.waited,
        }
    }
}

/// The calling thread's on-CPU and runqueue-wait nanoseconds so far, from Linux's
/// `/proc/thread-self/schedstat` (`None` elsewhere).
fn schedstat() -> Option<(u64, u64)> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
    Some((fields.next()??, fields.next()??))
}

/// How much faster two threads do twice a fixed ALU-only job than one thread does it once,
/// right now: 2.0 on two idle cores, about 1.0 when something else holds a core.
fn parallel_headroom() -> f64 {
    fn spin() -> u64 {
        let mut x = 0x1234_5678u64;
        for i in 0..20_000_000u64 {
            x = (x.rotate_left(5) ^ i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        x
    }
    let began = Instant::now();
    black_box(spin());
    let one = began.elapsed().as_secs_f64();
    let began = Instant::now();
    std::thread::scope(|scope| {
        let a = scope.spawn(spin);
        black_box((spin(), a.join().unwrap()));
    });
    2.0 * one / began.elapsed().as_secs_f64()
}

fn workspaces(threads: usize) -> Vec<Workspace> {
    (0..threads).map(|_| Workspace::default()).collect()
}

// ---------------------------------------------------------------------------------------------
// Criterion.

fn planners(c: &mut Criterion) {
    let mut group = c.benchmark_group("goap");
    for mut case in cases(|_| true) {
        group.sample_size(100);
        group.bench_function(BenchmarkId::new("motive", &case.name), |b| {
            b.iter(|| black_box(case.motive.run()))
        });
        if let Some(abi) = &case.abi {
            group.bench_function(BenchmarkId::new("abi", &case.name), |b| {
                b.iter(|| black_box(abi.plan(0).count))
            });
        }
        if let Some(d) = &case.dogoap {
            if case.dogoap_once > Duration::from_millis(1) {
                group.sample_size(10);
            }
            group.bench_function(BenchmarkId::new("dogoap", &case.name), |b| {
                b.iter(|| black_box(d.run()))
            });
        }
    }
    group.finish();
}

fn hospital(c: &mut Criterion) {
    let h = Hospital::new();
    h.check(NURSES);
    let mut group = c.benchmark_group("hospital");
    group.sample_size(10);
    group.throughput(Throughput::Elements(NURSES as u64));
    for threads in [1, 2] {
        let mut ws = workspaces(threads);
        h.replan_all(&mut ws, false);
        let id = BenchmarkId::new(format!("motive/replan {NURSES} nurses, threads"), threads);
        group.bench_function(id, |b| b.iter(|| black_box(h.replan_all(&mut ws, false))));
    }
    let (mut start, mut ws) = (SymbolicState::default(), Workspace::default());
    group.bench_function(
        format!("motive/replan {NURSES} nurses from the world, 1 thread"),
        |b| b.iter(|| black_box(h.replan_all_from_world(&mut start, &mut ws))),
    );
    group.finish();
}

// ---------------------------------------------------------------------------------------------
// Report mode.

/// Mean seconds per call of `f`, over at least `min` calls and about `budget` in all.
fn time_per_call<T>(budget: Duration, min: u32, f: impl FnMut() -> T) -> f64 {
    per_call(budget, min, f).0
}

/// Mean seconds per call of `f`, wall and the thread's CPU time (NaN without a CPU clock),
/// over at least `min` calls and about `budget` in all.
fn per_call<T>(budget: Duration, min: u32, mut f: impl FnMut() -> T) -> (f64, f64) {
    black_box(f()); // warm the buffers
    let (start, cpu) = (Instant::now(), thread_cpu_ns());
    // Calls between two looks at the clock, doubled while a batch is short: a look costs
    // ~25 ns on this kind of VM, a tenth of a searched soldier plan, which a look per call
    // counted as planning; a slow call (a dogoap chain) still runs about `min` times.
    let (mut n, mut batch, mut looked) = (0u32, 1u32, start);
    while n < min || looked - start < budget {
        for _ in 0..batch {
            black_box(f());
        }
        n += batch;
        let now = Instant::now();
        if now - looked < Duration::from_millis(1) {
            batch = (batch * 2).min(1024);
        }
        looked = now;
    }
    let wall = start.elapsed().as_secs_f64() / f64::from(n);
    let cpu = match (cpu, thread_cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 * 1e-9 / f64::from(n),
        _ => f64::NAN,
    };
    (wall, cpu)
}

/// Issue 33's target for a searched soldier through the ABI, µs of CPU: a third of GPGOAP's
/// [`GPGOAP_FILED_US`].
const SOLDIER_US: f64 = 0.4;

/// GPGOAP's soldier as issue 33 measured it, elsewhere and earlier (`scripts/peer-gpgoap`
/// measures it beside motive).
const GPGOAP_FILED_US: f64 = 1.19;

/// The C ABI rows of the report: per call, wall (and thread CPU) µs of
/// `motive_goap_plan_into` for the same NPC again (binding reused), of its
/// `motive_arena_goap_begin` part (gathering the NPC's state and targets, binding), the rest
/// (search and plan copy), and the same two with two NPCs taking turns (the binding handed
/// from one to the other). Handing it on costs the difference of the two begins. A repeated
/// call takes the last search's outcome (`goap/replay.rs`); `searched` is the same NPC again
/// with the expansion limit alternating between two values above what the search needs (the
/// binding reused, the search run: the plan is the same, the outcome not reused).
fn report_abi(cases: &[Case], budget: Duration, targets: &mut Vec<(String, bool)>) {
    println!(
        "\nGOAP through the C ABI (motive_goap_plan_into, one arena), µs per call, wall (thread CPU)"
    );
    println!(
        "{:<12} {:>16} {:>16} {:>12} {:>16} {:>16} {:>16} {:>9}",
        "domain",
        "plan_into",
        "begin",
        "search+copy",
        "searched",
        "turns plan_into",
        "turns begin",
        "hand-on"
    );
    let us = |(wall, cpu): (f64, f64)| format!("{:.3} ({:.3})", wall * 1e6, cpu * 1e6);
    for case in cases {
        let Some(abi) = &case.abi else { continue };
        let plan = per_call(budget, 100, || abi.plan(0).count);
        let begin = per_call(budget, 100, || abi.begin(0));
        let mut limit = 0;
        let searched = per_call(budget, 100, || {
            limit = if limit == 100_000 { 99_999 } else { 100_000 };
            abi.plan_within(0, limit).count
        });
        let mut next = 0;
        let turns = per_call(budget, 100, || {
            next ^= 1;
            abi.plan(next).count
        });
        let turns_begin = per_call(budget, 100, || {
            next ^= 1;
            abi.begin(next)
        });
        println!(
            "{:<12} {:>16} {:>16} {:>12.3} {:>16} {:>16} {:>16} {:>9.3}",
            case.name,
            us(plan),
            us(begin),
            (plan.0 - begin.0) * 1e6,
            us(searched),
            us(turns),
            us(turns_begin),
            (turns_begin.0 - begin.0) * 1e6,
        );
        // The targets (issue 33) are for planning, set against GPGOAP, which searches on
        // every call: judged on `searched`, not on a repeat that takes the last outcome.
        let cpu = |(wall, cpu): (f64, f64)| if cpu.is_nan() { wall } else { cpu } * 1e6;
        let (searched, repeat) = (cpu(searched), cpu(plan));
        if case.name == "soldier" {
            targets.push((
                format!(
                    "soldier searched via ABI ≤ {SOLDIER_US} µs CPU ({searched:.3}; a repeat {repeat:.3})"
                ),
                searched <= SOLDIER_US,
            ));
        }
        if case.name == format!("chain{CHAIN}+32") {
            let what = format!(
                "{} searched via ABI ≤ 5 µs CPU ({searched:.3}; a repeat {repeat:.3})",
                case.name
            );
            targets.push((what, searched <= 5.0));
        }
    }
}

/// Chests in the looting rows: binding reads five facts of each, and keeps at most
/// `bind_cache::MAX_READS` (64) reads.
const CHESTS: usize = 12;

/// The looting rows of the report (`sim::goap_examples::looting`, one looter and [`CHESTS`]
/// chests whose facts binding reads): per call, wall (and thread CPU) µs of `World::goap_begin`
/// (gathering, binding, compiling the search) after one chest's fact was set, when the value
/// is the one binding read (the binding kept), when it changes the chest's gold (its step bound
/// again in place, `bind_cache.rs`), when it locks or unlocks the chest (its step binds
/// otherwise: the walk bound again from it on), and with the binding forgotten (bound
/// afresh).
fn report_fact_changes(budget: Duration) {
    let mut looting = goap_examples::looting(CHESTS).expect("the looting domain");
    let (npc, goal, chest) = (looting.looter, looting.goal, looting.chests[CHESTS / 2]);
    let (gold, locked) = (looting.gold, looting.locked);
    let (two, three) = (Value::Number(2.0), Value::Number(3.0));
    let unlocked = [Value::Bool(false), Value::Bool(true)];
    // What each row sets, alternately, and whether it forgets the binding; how its
    // searches must have come by their binding (kept, patched, bound afresh).
    type Row = (
        &'static str,
        AttributeId,
        [Value; 2],
        bool,
        fn(&BindStats) -> bool,
    );
    let rows: [Row; 4] = [
        (
            "to what binding read (binding kept)",
            gold,
            [two, two],
            false,
            |s| s.bound == 1,
        ),
        (
            "gold changed (its step bound again)",
            gold,
            [two, three],
            false,
            |s| s.bound == 1 && s.patched > 1,
        ),
        (
            "lock changed (walk bound again from its step)",
            locked,
            unlocked,
            false,
            |s| s.patched == 0 && s.bound > 1,
        ),
        (
            "binding forgotten (bound afresh)",
            gold,
            [two, two],
            true,
            |s| s.kept == 0,
        ),
    ];
    println!(
        "\nLooting: {CHESTS} chests whose facts binding reads; World::goap_begin (gathering, \
         binding, compiling) per call after one chest's fact is set, µs wall (thread CPU)"
    );
    for (what, attribute, values, forget, came_by) in rows {
        let (mut ws, mut inputs, mut turn) = (Workspace::default(), GoapInputs::default(), 0);
        let (wall, cpu) = per_call(budget, 100, || {
            turn ^= 1;
            let world = &mut looting.world;
            world
                .set_fact(chest, attribute, values[turn])
                .expect("a chest's fact");
            if forget {
                ws.forget_binding();
            }
            let begun = world.goap_begin(npc, goal, &mut inputs, std::mem::take(&mut ws), 0);
            ws = begun.expect("a search").into_workspace();
        });
        let stats = ws.bind_stats();
        assert!(came_by(&stats), "{what}: {stats:?}");
        println!("  {what:<46} {:>7.3} ({:.3})", wall * 1e6, cpu * 1e6);
        looting
            .world
            .set_fact(chest, attribute, values[0])
            .expect("a chest's fact");
    }
}

/// `x` with two significant digits (and no more than needed).
fn significant(x: f64) -> String {
    let digits = (1 - x.abs().log10().floor() as i32).clamp(0, 6) as usize;
    format!("{x:.digits$}")
}

/// Report mode; `filter` (a substring of a domain's name, or `hospital`) picks what to run.
fn report(filter: Option<&str>) {
    let wanted = |name: &str| filter.into_iter().all(|f| name.contains(f));
    let budget = Duration::from_millis(500);
    let cases = cases(wanted);
    if !cases.is_empty() {
        println!(
            "GOAP: motive vs dogoap 0.5, µs per plan ({} logical CPUs)",
            std::thread::available_parallelism().map_or(0, |n| n.get())
        );
        println!(
            "{:<12} {:>5} {:>5} {:>12} {:>12} {:>12} {:>10}  motive search",
            "domain", "steps", "cost", "motive µs", "bound µs", "dogoap µs", "dogoap/m"
        );
    }
    let mut targets = Vec::new();
    let mut cases = cases;
    for case in &mut cases {
        let m = time_per_call(budget, 100, || case.motive.run()) * 1e6;
        let bound = time_per_call(budget, 100, || case.motive.run_bound()) * 1e6;
        let d = case
            .dogoap
            .as_ref()
            .map(|d| time_per_call(budget, 3, || d.run()) * 1e6);
        let (dogoap, ratio) = match d {
            Some(d) => (format!("{d:.2}"), format!("{}x", significant(d / m))),
            None => ("not run".to_owned(), "-".to_owned()),
        };
        println!(
            "{:<12} {:>5} {:>5} {:>12.3} {:>12.3} {:>12} {:>10}  {}",
            case.name, case.steps, case.cost, m, bound, dogoap, ratio, case.motive_stats
        );
        if let Some(d) = d {
            targets.push((
                format!("{}: motive >= 10x faster", case.name),
                d / m >= 10.0,
            ));
        }
        if case.name == "soldier" {
            targets.push((format!("soldier under 1 µs ({m:.3})"), m < 1.0));
        }
        if case.name == format!("chain{CHAIN}+32") {
            targets.push((format!("{} under 20 µs ({m:.3})", case.name), m < 20.0));
        }
    }
    report_abi(&cases, budget, &mut targets);
    if !targets.is_empty() {
        let line: Vec<_> = targets
            .iter()
            .map(|(what, met)| format!("{what}: {}", if *met { "met" } else { "MISSED" }))
            .collect();
        println!("targets: {}", line.join("; "));
    }
    if wanted("soldier") {
        println!(
            "soldier ≤ {SOLDIER_US} µs is issue 33's reading of \"3× GPGOAP\" from GPGOAP at \
             {GPGOAP_FILED_US} µs, measured elsewhere; scripts/peer-gpgoap times GPGOAP and this \
             call in one process"
        );
    }
    if IRRELEVANT
        .iter()
        .any(|&k| k > DOGOAP_MAX_IRRELEVANT && wanted(&format!("chain{CHAIN}+{k}")))
    {
        println!(
            "chain{CHAIN}+K: dogoap not run for K > {DOGOAP_MAX_IRRELEVANT} (forward A* with a 0/1 \
             heuristic expands every state within {} steps)",
            CHAIN - 1
        );
    }

    if wanted("looting") {
        report_fact_changes(budget);
    }
    if !wanted("hospital") {
        return;
    }
    let h = Hospital::new();
    let (steps, expanded, generated) = h.check(1_000);
    println!(
        "\nHospital: {NURSES} nurses; mean plan {steps:.2} steps, {expanded:.2} nodes expanded, \
         {generated:.2} generated (every plan replayed on the spec; the first 1,000 also checked \
         against dogoap)"
    );
    let line = |what: &str, per_round: f64| {
        println!(
            "  {what:<38} {:>10.0} plans/s ({:.3} µs per plan, {:.2} ms per round)",
            NURSES as f64 / per_round,
            per_round / NURSES as f64 * 1e6,
            per_round * 1e3
        )
    };
    println!(
        "  (two threads on this machine right now: {:.2}x the work of one in the same time, \
         for an ALU-only loop)",
        parallel_headroom()
    );
    for threads in [1, 2] {
        let mut ws = workspaces(threads);
        let (mut rounds, mut busiest, mut waited) = (0u64, 0u64, 0u64);
        let per_round = time_per_call(Duration::from_secs(1), 3, || {
            let (steps, cpu) = h.replan_all(&mut ws, true);
            rounds += 1;
            busiest += cpu.busiest;
            waited += cpu.waited;
            steps
        });
        line(
            &format!("motive, bind+search, {threads} thread(s)"),
            per_round,
        );
        if busiest > 0 {
            let busiest = busiest as f64 / rounds as f64 * 1e-9;
            println!(
                "  {:<38} {:>10.0} plans/s on CPU (busiest thread's CPU time); the threads \
                 waited {:.0}% of the round for a CPU",
                "",
                NURSES as f64 / busiest,
                waited as f64 / rounds as f64 * 1e-9 / per_round / threads as f64 * 100.0
            );
        }
    }
    let (mut start, mut ws) = (SymbolicState::default(), Workspace::default());
    let per_round = time_per_call(Duration::from_secs(1), 3, || {
        h.replan_all_from_world(&mut start, &mut ws)
    });
    line("motive, capture+bind+search, 1 thread", per_round);
    let spec = nurse_spec();
    let actions = dogoap_actions(&spec);
    let goal = dogoap_goal(&spec);
    let starts: Vec<LocalState> = (0..1_000)
        .map(|i| dogoap_state(&nurse_start(&spec, i)))
        .collect();
    let per_round = time_per_call(Duration::from_secs(1), 1, || {
        starts
            .iter()
            .map(|s| make_plan(s, &actions, &goal).unwrap().1)
            .sum::<usize>()
    });
    println!(
        "  {:<38} {:>10.0} plans/s (first 1,000 nurses)",
        "dogoap, search, 1 thread",
        1_000.0 / per_round
    );
}

fn main() {
    if std::env::var_os("MOTIVE_BENCH_REPORT").is_some_and(|v| v == "1") {
        // Cargo passes `--bench`; a plain argument filters.
        let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
        report(filter.as_deref());
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    planners(&mut c);
    hospital(&mut c);
    c.final_summary();
}
