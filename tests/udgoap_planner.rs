//! Golden tests of the UDGOAP planner called directly, against the thesis's worked examples.

use bumpalo::Bump;
use motive::core::brains::udgoap::memory::Memory;
use motive::core::brains::udgoap::planner::{BoundGoal, PlanRequest, Search, Supplier};
use motive::core::brains::udgoap::utility::TopLevelUtility;
use motive::core::brains::StopReason;
use motive::core::brains::{SearchStats, SearchStatus};
use motive::core::model::action::ActionId;
use motive::core::model::goal::GoalId;
use motive::core::world::Step;
use motive::core::{AttributeId, Domain, Entity, Value, Vec3};
use motive::sim::wizard::WizardDomain;

fn entity(index1: u32) -> Entity {
    Entity {
        index1,
        generation: 0,
        world: 1,
    }
}

const WIZARD: u32 = 1;
const POTION: u32 = 2;
const GOBLIN: u32 = 3;

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Table A.1 (000_16db0c300c7e0e65.txt:1923-1931), plus the facts the example uses but does not
/// tabulate: teams, the goblin's damage (30, :2014) and the potion's amounts (+40 mana, :1994).
fn appendix_a_memory(w: &WizardDomain) -> Memory {
    let mut m = Memory::new(64);
    let mut put = |e: u32, a: AttributeId, v: Value| m.remember(entity(e), a, v, 2.0);
    let at = |z: f32| Value::Position(Vec3::new(0.0, 0.0, z));
    put(WIZARD, AttributeId::POSITION, at(-10.0));
    put(WIZARD, w.health, Value::Number(15.0));
    put(WIZARD, w.mana, Value::Number(0.0));
    put(WIZARD, w.team, Value::Number(0.0));
    put(POTION, AttributeId::POSITION, at(10.0));
    put(POTION, w.heal_amount, Value::Number(0.0));
    put(POTION, w.mana_amount, Value::Number(40.0));
    put(GOBLIN, AttributeId::POSITION, at(20.0));
    put(GOBLIN, w.health, Value::Number(30.0));
    put(GOBLIN, w.team, Value::Number(1.0));
    put(GOBLIN, w.damage, Value::Number(30.0));
    m
}

fn steps(domain: &Domain, plan: &[Step]) -> Vec<(String, u32)> {
    plan.iter()
        .map(|s| {
            (
                domain.actions().name(s.action.0).to_owned(),
                s.supplier.index1,
            )
        })
        .collect()
}

fn goal(w: &WizardDomain, name: &str, drive: u32, subject: u32) -> BoundGoal {
    BoundGoal {
        goal: GoalId(w.domain.goals().find(name).unwrap()),
        drive,
        subject: entity(subject),
    }
}

/// The Appendix A request: the wizard's three goals and the three known suppliers.
fn appendix_a_request<'r>(
    w: &WizardDomain,
    memory: &'r Memory,
    goals: &'r [BoundGoal],
    suppliers: &'r [Supplier],
) -> PlanRequest<'r> {
    PlanRequest {
        archetype: w.wizard,
        consumer: entity(WIZARD),
        facts: memory,
        suppliers,
        goals,
        drive_weights: &[1.0, 1.0, 1.0],
        top_level: TopLevelUtility::LinearWithBadDeath { veto: 1 },
        max_expansions: 64,
        max_depth: 8,
    }
}

fn appendix_a_parts(w: &WizardDomain) -> ([BoundGoal; 3], [Supplier; 3]) {
    (
        [
            goal(w, "kill_enemy", 0, GOBLIN),
            goal(w, "maximize_health", 1, WIZARD),
            goal(w, "maximize_mana", 2, WIZARD),
        ],
        [
            Supplier {
                entity: entity(WIZARD),
                archetype: w.wizard,
                utility_factor: 1.0,
            },
            Supplier {
                entity: entity(POTION),
                archetype: w.potion,
                utility_factor: 1.0,
            },
            Supplier {
                entity: entity(GOBLIN),
                archetype: w.goblin,
                utility_factor: 1.0,
            },
        ],
    )
}

#[test]
fn appendix_a_wizard_plans_goto_potion_drink_lightning() {
    let w = WizardDomain::new().unwrap();
    let memory = appendix_a_memory(&w);
    let (goals, suppliers) = appendix_a_parts(&w);
    let request = appendix_a_request(&w, &memory, &goals, &suppliers);
    let arena = Bump::new();
    let mut search = Search::new(&w.domain, &request, &arena).unwrap();
    // Table A.3 (:1998-2000): the root's successors, in insertion order.
    let root_successors: Vec<(String, f64)> = search
        .states()
        .iter()
        .filter(|s| s.parent == Some(0))
        .map(|s| {
            (
                w.domain.actions().name(s.step.unwrap().action.0).to_owned(),
                round2(s.utility),
            )
        })
        .collect();
    assert_eq!(
        root_successors,
        vec![
            ("melee".into(), 0.38),
            ("lightning".into(), 0.38),
            ("drink".into(), 0.18)
        ]
    );
    assert_eq!(search.step(100), SearchStatus::Found);
    // :2045: go to the mana potion, drink it, shoot lightning at the goblin.
    assert_eq!(
        steps(&w.domain, search.plan()),
        vec![
            ("goto".into(), POTION),
            ("drink".into(), POTION),
            ("lightning".into(), GOBLIN)
        ]
    );
    let rated = |plan: &[(ActionName, u32)]| -> f64 {
        let state = search
            .states()
            .iter()
            .enumerate()
            .find(|(id, _)| {
                let mut at = Some(*id as u32);
                let mut got = Vec::new();
                while let Some(i) = at {
                    let s = search.states()[i as usize];
                    if let Some(step) = s.step {
                        got.push((step.action, step.supplier.index1));
                    }
                    at = s.parent;
                }
                got == plan.iter().map(|(a, e)| (a.id(&w), *e)).collect::<Vec<_>>()
            })
            .expect("state generated");
        state.1.utility
    };
    // Table A.4 (:2016-2020): goto into melee reach lets the goblin strike first (15 − 30 health):
    // the bad-death veto rates it 0.
    assert_eq!(
        rated(&[(ActionName::Goto, GOBLIN), (ActionName::Melee, GOBLIN)]),
        0.0
    );
    // Table A.5 (:2025) prints 0.51 for {lightning, drink_mana}. Strict forward simulation drinks
    // (+40) then casts (−20), leaving 20 mana: (1 + 0.15 + 0.2) / 3 = 0.45. 0.51 only comes out if
    // the cast is free (digest §3.3 item 6); we simulate strictly.
    assert_eq!(
        round2(rated(&[
            (ActionName::Drink, POTION),
            (ActionName::Lightning, GOBLIN)
        ])),
        0.45
    );
    // Table A.6: walking to the potion changes no goal, so the rating stays.
    assert_eq!(
        round2(rated(&[
            (ActionName::Goto, POTION),
            (ActionName::Drink, POTION),
            (ActionName::Lightning, GOBLIN)
        ])),
        0.45
    );
    let stats = search.stats();
    assert!(
        stats.expanded >= 3 && stats.generated > stats.expanded,
        "{stats:?}"
    );
    assert!(
        stats.duplicates > 0,
        "goto(potion) twice before melee is a duplicate: {stats:?}"
    );
    assert!(stats.peak_bytes > 0);
}

#[derive(Clone, Copy)]
enum ActionName {
    Melee,
    Lightning,
    Goto,
    Drink,
}

impl ActionName {
    fn id(self, w: &WizardDomain) -> motive::core::model::action::ActionId {
        match self {
            ActionName::Melee => w.melee,
            ActionName::Lightning => w.lightning,
            ActionName::Goto => w.goto,
            ActionName::Drink => w.drink,
        }
    }
}

#[test]
fn a_search_resumed_one_expansion_at_a_time_finds_the_same_plan() {
    let w = WizardDomain::new().unwrap();
    let memory = appendix_a_memory(&w);
    let (goals, suppliers) = appendix_a_parts(&w);
    let request = appendix_a_request(&w, &memory, &goals, &suppliers);
    let whole_arena = Bump::new();
    let mut whole = Search::new(&w.domain, &request, &whole_arena).unwrap();
    assert_eq!(whole.step(u32::MAX), SearchStatus::Found);
    let sliced_arena = Bump::new();
    let mut sliced = Search::new(&w.domain, &request, &sliced_arena).unwrap();
    let mut frames = 0;
    while sliced.step(1) == SearchStatus::InProgress {
        frames += 1;
    }
    assert_eq!(
        frames, 2,
        "three expansions, one per frame: the third frame also finds the plan"
    );
    assert_eq!(sliced.status(), SearchStatus::Found);
    assert_eq!(
        steps(&w.domain, sliced.plan()),
        steps(&w.domain, whole.plan())
    );
    assert_eq!(
        sliced.stats(),
        SearchStats {
            peak_bytes: sliced.stats().peak_bytes,
            ..whole.stats()
        }
    );
}

#[test]
fn limits_end_the_search_without_a_plan() {
    let w = WizardDomain::new().unwrap();
    let memory = appendix_a_memory(&w);
    let (goals, suppliers) = appendix_a_parts(&w);
    // With two steps at most, the best plan left is to drink the potion.
    let two = PlanRequest {
        max_depth: 2,
        ..appendix_a_request(&w, &memory, &goals, &suppliers)
    };
    let arena = Bump::new();
    let mut search = Search::new(&w.domain, &two, &arena).unwrap();
    assert_eq!(search.step(1000), SearchStatus::Found);
    assert_eq!(
        steps(&w.domain, search.plan()),
        vec![("goto".into(), POTION), ("drink".into(), POTION)]
    );
    // Every single action needs another first: with one step, every candidate is exhausted.
    let one = PlanRequest {
        max_depth: 1,
        ..appendix_a_request(&w, &memory, &goals, &suppliers)
    };
    let arena = Bump::new();
    let mut search = Search::new(&w.domain, &one, &arena).unwrap();
    assert_eq!(
        search.step(1000),
        SearchStatus::NoPlan(StopReason::Exhausted)
    );
    assert_eq!(search.plan().len(), 0, "an empty plan (:1077)");
    // Appendix A takes exactly three expansions: a limit of three is enough.
    let exact = PlanRequest {
        max_expansions: 3,
        ..appendix_a_request(&w, &memory, &goals, &suppliers)
    };
    let arena = Bump::new();
    let mut search = Search::new(&w.domain, &exact, &arena).unwrap();
    assert_eq!(search.step(3), SearchStatus::Found);
    let tight = PlanRequest {
        max_expansions: 1,
        ..appendix_a_request(&w, &memory, &goals, &suppliers)
    };
    let arena = Bump::new();
    let mut search = Search::new(&w.domain, &tight, &arena).unwrap();
    assert_eq!(
        search.step(1000),
        SearchStatus::NoPlan(StopReason::ExpansionLimit)
    );
    assert_eq!(search.stats().expanded, 1);
}

#[test]
fn bad_requests_are_errors() {
    let w = WizardDomain::new().unwrap();
    let memory = appendix_a_memory(&w);
    let (goals, suppliers) = appendix_a_parts(&w);
    let arena = Bump::new();
    let base = appendix_a_request(&w, &memory, &goals, &suppliers);
    let too_deep = PlanRequest {
        max_depth: 33,
        ..base
    };
    assert!(Search::new(&w.domain, &too_deep, &arena).is_err());
    let missing_drive = PlanRequest {
        drive_weights: &[1.0],
        ..base
    };
    assert!(Search::new(&w.domain, &missing_drive, &arena).is_err());
}

#[test]
fn two_goblins_at_zero_and_half_health_rate_075() {
    // :1247-1249: kill goals for goblin1 (0 health) and goblin2 (50 of 100), weight 1 each,
    // inverse-linear, one drive: the state's utility is their average, 0.75.
    let mut b = motive::core::DomainBuilder::new();
    let health = b
        .add_attribute("health", motive::core::ValueType::Number)
        .unwrap();
    let kill = b.add_goal("kill", 1.0).unwrap();
    b.add_goal_condition(
        kill,
        motive::core::model::goal::GoalCondition {
            role: motive::core::model::condition::Role::Supplier,
            attribute: health,
            change: motive::core::model::effect::Change::Decrease,
            curve: motive::core::model::curve::Curve::inverse_linear(100.0).unwrap(),
        },
    )
    .unwrap();
    let knight = b.add_archetype("knight").unwrap();
    let domain = b.build().unwrap();
    let mut memory = Memory::new(8);
    memory.remember(entity(2), health, Value::Number(0.0), 0.0);
    memory.remember(entity(3), health, Value::Number(50.0), 0.0);
    let goals = [
        BoundGoal {
            goal: kill,
            drive: 0,
            subject: entity(2),
        },
        BoundGoal {
            goal: kill,
            drive: 0,
            subject: entity(3),
        },
    ];
    let request = PlanRequest {
        archetype: knight,
        consumer: entity(1),
        facts: &memory,
        suppliers: &[],
        goals: &goals,
        drive_weights: &[1.0],
        top_level: TopLevelUtility::Linear,
        max_expansions: 8,
        max_depth: 4,
    };
    let arena = Bump::new();
    let search = Search::new(&domain, &request, &arena).unwrap();
    assert_eq!(search.states()[0].utility, 0.75);
    assert_eq!(
        search.status(),
        SearchStatus::NoPlan(StopReason::Exhausted),
        "no actions: an empty plan"
    );
}

#[test]
fn a_step_that_clears_a_flag_is_never_chained_to_obtain_it() {
    // `unlock` needs `has_key == true` and sets it false. Matching keys only (Algorithm 4)
    // would chain an `unlock` of the other door as a way to get the key; it cannot give one.
    let domain = motive::domain::load_domain(
        r#"{
          "attributes": [ { "name": "has_key", "type": "bool" },
                          { "name": "open", "type": "number", "min": 0, "max": 1 } ],
          "goals": [ { "name": "opened",
                       "conditions": [ { "of": "supplier", "key": "open", "curve": { "type": "linear" } } ],
                       "removal": [] } ],
          "actions": [
            { "name": "fetch", "effects": [ { "key": "has_key", "set": true } ] },
            { "name": "unlock", "preconditions": [ { "key": "has_key", "op": "==", "value": true } ],
              "effects": [ { "key": "has_key", "set": false }, { "of": "supplier", "key": "open", "add": 1 } ] } ],
          "archetypes": [
            { "name": "burglar", "consumes": ["fetch", "unlock"] },
            { "name": "rack", "supplies": ["fetch"] },
            { "name": "door", "supplies": ["unlock"] } ]
        }"#,
    )
    .unwrap()
    .value;
    let memory = burglar_memory(&domain, "has_key", Value::Bool(false));
    let goals = [3, 4].map(|door| opened(&domain, door));
    let arena = Bump::new();
    let search = plan_for_burglar(
        &domain,
        &memory,
        &goals,
        &[(2, "rack"), (3, "door"), (4, "door")],
        &arena,
    );
    let fetch = domain.actions().find("fetch").unwrap();
    let states = search.states();
    for (id, state) in states.iter().enumerate().filter(|(_, s)| s.depth == 1) {
        let fixes: Vec<Step> = states
            .iter()
            .filter(|s| s.parent == Some(id as u32))
            .filter_map(|s| s.step)
            .collect();
        assert!(
            !fixes.is_empty() && fixes.iter().all(|s| s.action.0 == fetch),
            "the key comes from the rack only, for {:?}: {fixes:?}",
            state.step
        );
    }
    assert_eq!(search.plan().len(), 2, "fetch, then unlock one door");
}

#[test]
fn walking_to_one_object_is_never_chained_to_be_at_another() {
    // `open` needs `at == supplier`; every object offers `goto`, which sets `at` to itself.
    // Matching keys only (Algorithm 4) would chain a walk to each object as a way to be at
    // the door; only the walk to that door can be.
    let domain = motive::domain::load_domain(
        r#"{
          "attributes": [ { "name": "at", "type": "entity" },
                          { "name": "open", "type": "number", "min": 0, "max": 1 } ],
          "goals": [ { "name": "opened",
                       "conditions": [ { "of": "supplier", "key": "open", "curve": { "type": "linear" } } ],
                       "removal": [] } ],
          "actions": [
            { "name": "goto", "effects": [ { "key": "at", "set": { "entity": "supplier" } } ] },
            { "name": "open", "preconditions": [ { "key": "at", "op": "==", "value": { "entity": "supplier" } } ],
              "effects": [ { "of": "supplier", "key": "open", "add": 1 } ] } ],
          "archetypes": [
            { "name": "burglar", "consumes": ["goto", "open"] },
            { "name": "rack", "supplies": ["goto"] },
            { "name": "door", "supplies": ["goto", "open"] } ]
        }"#,
    )
    .unwrap()
    .value;
    let memory = burglar_memory(&domain, "at", Value::Entity(entity(2)));
    let goals = [opened(&domain, 4)];
    let arena = Bump::new();
    let search = plan_for_burglar(
        &domain,
        &memory,
        &goals,
        &[(2, "rack"), (3, "door"), (4, "door"), (5, "rack")],
        &arena,
    );
    let goto = domain.actions().find("goto").unwrap();
    let walks: Vec<Step> = search
        .states()
        .iter()
        .filter(|s| s.depth == 2)
        .filter_map(|s| s.step)
        .collect();
    assert_eq!(
        walks,
        [Step {
            action: ActionId(goto),
            supplier: entity(4)
        }],
        "only the walk to the door to open"
    );
    assert_eq!(
        steps(&domain, search.plan()),
        [("goto".to_owned(), 4), ("open".to_owned(), 4)]
    );
}

/// What the burglar (entity 1) knows: its own `attribute` at `value`, and doors 3 and 4 shut.
fn burglar_memory(domain: &Domain, attribute: &str, value: Value) -> Memory {
    let mut memory = Memory::new(8);
    memory.remember(
        entity(1),
        domain.find_attribute(attribute).unwrap(),
        value,
        0.0,
    );
    let open = domain.find_attribute("open").unwrap();
    for door in [3, 4] {
        memory.remember(entity(door), open, Value::Number(0.0), 0.0);
    }
    memory
}

/// The goal `opened` of `domain` bound to `door`, counting in drive 0.
fn opened(domain: &Domain, door: u32) -> BoundGoal {
    BoundGoal {
        goal: GoalId(domain.goals().find("opened").unwrap()),
        drive: 0,
        subject: entity(door),
    }
}

/// The search of the burglar (entity 1, archetype `burglar`) of `domain` towards `goals`, among
/// `suppliers` (entity and archetype name), run until it finds a plan.
fn plan_for_burglar<'a>(
    domain: &'a Domain,
    memory: &Memory,
    goals: &[BoundGoal],
    suppliers: &[(u32, &str)],
    arena: &'a Bump,
) -> Search<'a> {
    let find = |name: &str| {
        motive::core::model::archetype::ArchetypeId(domain.archetypes().find(name).unwrap())
    };
    let suppliers: Vec<Supplier> = suppliers
        .iter()
        .map(|&(e, a)| Supplier {
            entity: entity(e),
            archetype: find(a),
            utility_factor: 1.0,
        })
        .collect();
    let request = PlanRequest {
        archetype: find("burglar"),
        consumer: entity(1),
        facts: memory,
        suppliers: &suppliers,
        goals,
        drive_weights: &[1.0],
        top_level: TopLevelUtility::Linear,
        max_expansions: 16,
        max_depth: 4,
    };
    let mut search = Search::new(domain, &request, arena).unwrap();
    assert_eq!(search.step(16), SearchStatus::Found);
    search
}
