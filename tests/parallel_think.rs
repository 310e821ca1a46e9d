//! Parallel think inside one world (docs/parallel-think.md): a world that thinks on several
//! threads produces the events, decisions and end state of the one-thread tick, byte for byte,
//! on every shipped scenario and variant, for several seeds, and also when every proposal is
//! rejected or re-decided to compare, and in a ward where earlier commits make later proposals
//! stale.

#[path = "common/same_run.rs"]
mod same_run;
#[path = "common/traced_run.rs"]
mod traced_run;

use motive::core::world::save::SAVE_HEADER_BYTES;
use motive::core::world::think_ahead::{ParallelStats, SpeculationCheck};
use motive::core::{Entity, EntityKind, World};
use motive::domain::{load_scenario, load_scenario_file, Scenario};
use motive::sim::Simulator;
use same_run::assert_same;
use traced_run::{id, run, run_steered, shipped, steps, Run, Trace};

#[test]
fn every_shipped_scenario_thinks_on_several_threads_as_on_one() {
    let mut decided_ahead = 0;
    for (name, scenario) in shipped() {
        for seed in [1, 42] {
            let one = run(&scenario, 64, seed, 10.0, 1, SpeculationCheck::Trust);
            assert_eq!(
                one.parallel,
                ParallelStats::default(),
                "one thread decides nothing ahead"
            );
            for (threads, check) in [
                (2, SpeculationCheck::Trust),
                (4, SpeculationCheck::Trust),
                (2, SpeculationCheck::Verify),
                (3, SpeculationCheck::RejectAll),
            ] {
                let what = format!("{name}, seed {seed}, {threads} threads, {check:?}");
                let many = run(&scenario, 64, seed, 10.0, threads, check);
                assert_same(&one, &many, &what);
                assert_eq!(one.collect, many.collect, "{what}: the passes' collections");
                decided_ahead += many.parallel.decided_ahead;
                if check == SpeculationCheck::RejectAll {
                    assert_eq!(many.parallel.stale, many.parallel.checked, "{what}");
                }
            }
        }
    }
    assert!(decided_ahead > 0, "some thinks were decided ahead");
}

/// The UDGOAP scenarios decide ahead: their NPCs sense, update their goals and plan on the
/// think threads, and most plans are adopted at their turn.
#[test]
fn udgoap_thinks_are_decided_ahead_and_adopted() {
    for (name, scenario) in shipped() {
        let udgoap = [
            "household.json -",
            "wizard_arena.json -",
            "hospital.json udgoap",
        ];
        if !udgoap.contains(&name.as_str()) {
            continue;
        }
        let many = run(&scenario, 64, 1, 10.0, 2, SpeculationCheck::Trust);
        let p = many.parallel;
        assert!(p.decided_ahead > 0 && p.checked > 0, "{name}: {p:?}");
        assert!(
            p.stale * 10 < p.checked,
            "{name}: most plans are adopted: {p:?}"
        );
    }
}

/// The shipped scenario `file` edited by `edit` (its whole document), loaded.
fn edited_scenario(file: &str, edit: impl FnOnce(&mut serde_json::Value)) -> Scenario {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"));
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(file)).unwrap()).unwrap();
    edit(&mut doc);
    load_scenario(&doc.to_string(), Some(dir)).unwrap().value
}

/// Runs `scenario` on one thread, then on 2 (`Trust`) and 3 (`Verify`), each run equal to the
/// first (named `what` when not); the several-thread runs' [`ParallelStats`].
fn several_threads_as_one(
    scenario: &Scenario,
    npcs: u32,
    seed: u64,
    seconds: f64,
    what: &str,
) -> Vec<(String, ParallelStats)> {
    let one = run(scenario, npcs, seed, seconds, 1, SpeculationCheck::Trust);
    [(2, SpeculationCheck::Trust), (3, SpeculationCheck::Verify)]
        .into_iter()
        .map(|(threads, check)| {
            let many = run(scenario, npcs, seed, seconds, threads, check);
            let what = format!("{what}, seed {seed}, {threads} threads, {check:?}");
            assert_same(&one, &many, &what);
            (what, many.parallel)
        })
        .collect()
}

/// One ward, twelve nurses of `nurse` (an archetype of the hospital's `variant`) who think
/// every tick, and one patient who needs medicine.
fn ward(nurse: &str, variant: &str) -> Scenario {
    let scenario = edited_scenario("hospital.json", |doc| ward_of(doc, nurse));
    scenario.with_variant(variant).unwrap()
}

/// [`ward`]'s edits of the hospital's document.
fn ward_of(doc: &mut serde_json::Value, nurse: &str) {
    for archetype in doc["domain"]["archetypes"].as_array_mut().unwrap() {
        if archetype["name"] == nurse {
            archetype["think"]["interval"] = serde_json::json!(0.05);
        }
    }
    let keep = [
        "medicine_cabinet",
        "backup_medicine",
        "food_trolley",
        "admin_desk",
    ];
    let entities = doc["entities"].as_array_mut().unwrap();
    entities.retain(|e| keep.contains(&e["name"].as_str().unwrap()));
    entities.push(serde_json::json!({
        "name": "patient", "archetype": "patient", "at": [0, 0, 0],
        "facts": { "medication": 10, "hunger": 10, "company": 10 }
    }));
    entities.push(serde_json::json!({
        "name": "nurse", "archetype": "nurse", "at": [-2, 0, 3], "count": 12, "spread": [0.5, 0, 0]
    }));
}

/// In the ward, the patient's one staff slot goes to the first nurse that claims it in a tick,
/// which changes its price for every nurse after her, so their proposals (UBC ratings, UDGOAP
/// plans) go stale and are decided again.
#[test]
fn proposals_made_stale_by_an_earlier_claim_are_decided_again() {
    for (nurse, variant) in [("ubc_nurse", "ubc"), ("udgoap_nurse", "udgoap")] {
        let scenario = ward(nurse, variant);
        for seed in [1, 7] {
            let one = run(&scenario, 1, seed, 30.0, 1, SpeculationCheck::Trust);
            for (threads, check) in [(2, SpeculationCheck::Trust), (4, SpeculationCheck::Verify)] {
                let many = run(&scenario, 1, seed, 30.0, threads, check);
                let what = format!("{variant} ward, seed {seed}, {threads} threads, {check:?}");
                assert_same(&one, &many, &what);
                let p = many.parallel;
                assert!(p.stale > 0, "{what}: {p:?}");
                assert!(p.stale < p.checked, "{what}: {p:?}");
            }
        }
    }
}

/// A phase uses the threads only when enough due thinks may decide ahead: in the UBC ward,
/// with all twelve nurses due every tick and a phase asked for twelve, the first tick (every
/// nurse idle) decides ahead, and the ticks where a nurse performs an action (nothing to
/// decide, which her record tells) run on one thread. Events stay those of one thread.
#[test]
fn a_phase_waits_for_enough_nurses_with_something_to_decide() {
    let scenario = ward("ubc_nurse", "ubc");
    let mut instance = scenario.instantiate(Some(1), Some(1)).unwrap();
    let step = instance.rules.step;
    let world = &mut instance.world;
    world.set_think_threads(2).unwrap();
    world.set_parallel_min_jobs(12);
    let mut sim = Simulator::new(instance.rules.clone(), world).unwrap();
    let ticks = steps(30.0, step);
    for _ in 0..ticks {
        sim.step(world, step, &mut ()).unwrap();
    }
    let p = world.parallel_stats();
    assert!(p.phases > 0, "{p:?}");
    assert!(p.phases < ticks, "{p:?} over {ticks} ticks");
    let one = run(&scenario, 1, 1, 30.0, 1, SpeculationCheck::Trust);
    let many = run(&scenario, 1, 1, 30.0, 2, SpeculationCheck::Verify);
    assert_same(&one, &many, "ubc ward, 2 threads");
}

/// Room clearing with its squad a behaviour tree (the `bt_squad` variant: its orders write
/// the officers' `assigned` in the think phase) and, after it in slot order, eight watchers of
/// `watcher` (an archetype named "watcher") that read the officers' `assigned` and think in the
/// same ticks; `edit` adds to the domain what the watchers need.
fn room_clearing_watched_by(
    edit: impl FnOnce(&mut serde_json::Value),
    watcher: serde_json::Value,
) -> Scenario {
    let scenario = edited_scenario("room_clearing.json", |doc| {
        edit(&mut doc["domain"]);
        doc["domain"]["archetypes"]
            .as_array_mut()
            .unwrap()
            .push(watcher);
        doc["entities"].as_array_mut().unwrap().push(serde_json::json!({
            "name": "watcher", "archetype": "watcher", "at": [0, 0, -8], "count": 8, "spread": [1, 0, 0]
        }));
    });
    scenario.with_variant("bt_squad").unwrap()
}

/// [`room_clearing_watched_by`] UDGOAP watchers who remember every officer by `assigned`.
fn watched_room_clearing() -> Scenario {
    room_clearing_watched_by(
        |domain| {
            // A goal nobody can reach: the watchers only sense, and remember `assigned`.
            domain["goals"] = serde_json::json!([{
                "name": "see_posted", "weight": 1,
                "conditions": [{ "of": "supplier", "key": "members_alive",
                    "curve": { "type": "linear", "max": 4 } }]
            }]);
            domain["drives"] = serde_json::json!([{
                "name": "watch", "weight": 1,
                "generators": [{ "goal": "see_posted", "scope": "known",
                    "when": [{ "of": "supplier", "key": "assigned", "op": "!=",
                        "value": { "entity": "consumer" } }] }]
            }]);
        },
        serde_json::json!({
            "name": "watcher", "brain": "udgoap", "consumes": [], "drives": ["watch"],
            "think": { "interval": 0.2, "perception_range": 60 }
        }),
    )
}

/// [`room_clearing_watched_by`] UBC watchers who salute an officer once it has been given a
/// spot: the salute's precondition reads the officer's `assigned`, which an order sets.
fn room_clearing_saluted() -> Scenario {
    room_clearing_watched_by(
        |domain| {
            domain["attributes"].as_array_mut().unwrap().push(
                serde_json::json!({ "name": "respect", "type": "number", "min": 0, "max": 100 }),
            );
            domain["actions"]
                .as_array_mut()
                .unwrap()
                .push(serde_json::json!({
                    "name": "salute", "duration": { "seconds": 1 },
                    "preconditions": [{ "of": "supplier", "key": "assigned", "op": "!=",
                        "value": { "entity": "consumer" } }],
                    "effects": [{ "key": "respect", "add": 10 }]
                }));
            domain["ubc_goals"] =
                serde_json::json!([{ "name": "respectful", "key": "respect", "scope": "own" }]);
            domain["ubc_plans"] =
                serde_json::json!([{ "name": "salute_one", "steps": [{ "action": "salute" }] }]);
            for archetype in domain["archetypes"].as_array_mut().unwrap() {
                if archetype["name"] == "officer" || archetype["name"] == "bt_officer" {
                    archetype["supplies"] = serde_json::json!(["salute"]);
                }
            }
        },
        serde_json::json!({
            "name": "watcher", "brain": "ubc", "consumes": ["salute"],
            "state": { "respect": 0 },
            "think": { "interval": 0.2, "perception_range": 60 },
            "ubc": { "goals": ["respectful"], "plans": ["salute_one"] }
        }),
    )
}

/// A think that writes facts fences the UDGOAP thinks after it: they sense at their turn,
/// after the squad's order, as one thread does (without the fence they sensed the officers
/// before it, and the commit's check of the write log stopped the run).
#[test]
fn a_squads_order_fences_the_udgoap_thinks_after_it() {
    let scenario = watched_room_clearing();
    for seed in [1, 42] {
        let one = run(&scenario, 1, seed, 20.0, 1, SpeculationCheck::Trust);
        assert!(
            one.trace.contains("\n  "),
            "the watchers decide (their explanations are traced)"
        );
        for (what, parallel) in several_threads_as_one(&scenario, 1, seed, 20.0, "watched") {
            assert!(parallel.decided_ahead > 0, "{what}: {parallel:?}");
        }
    }
}

/// A think that writes facts makes every UBC proposal after it stale: UBC watchers decided
/// ahead of the squad's order, which sets the officers' `assigned`, found no officer to salute;
/// at their turn, after the order, one thread's watchers find one. So the write log's
/// world-wide mark sends them to decide again (a UBC NPC has no fence: its proposal is pure,
/// and a stale one is simply decided again).
#[test]
fn a_squads_order_makes_the_ubc_proposals_after_it_stale() {
    let scenario = room_clearing_saluted();
    let one = run(&scenario, 1, 1, 20.0, 1, SpeculationCheck::Trust);
    assert!(one.trace.contains("ActionRequested"), "the watchers salute");
    for (what, parallel) in several_threads_as_one(&scenario, 1, 1, 20.0, "saluted") {
        assert!(parallel.stale > 0, "{what}: {parallel:?}");
    }
}

/// The hospital (in `variant`, when some) with a plan budget of `budget` expansions a tick.
fn hospital_on_a_budget(variant: Option<&str>, budget: u32) -> Scenario {
    let scenario = edited_scenario("hospital.json", |doc| {
        doc["world"]["plan_budget_per_tick"] = serde_json::json!(budget);
    });
    match variant {
        Some(variant) => scenario.with_variant(variant).unwrap(),
        None => scenario,
    }
}

/// A plan budget that postpones most due thinks: a UDGOAP mind is taken out to sense ahead
/// only while the budget surely lets it think this tick (each think charged twice its cost),
/// since one sensed ahead and then postponed would have remembered what one thread's NPC
/// never saw. Three UDGOAP thinks (256 expansions each) fit a tick of 768 where about sixteen
/// fall due (UDGOAP staff in the `udgoap` variant, visitors among GOAP staff as written): one
/// thread and several agree, with minds decided ahead.
#[test]
fn a_plan_budget_keeps_minds_it_would_postpone_from_deciding_ahead() {
    for variant in [Some("udgoap"), None] {
        let scenario = hospital_on_a_budget(variant, 768);
        let what = format!("hospital {variant:?} on a budget");
        for (what, parallel) in several_threads_as_one(&scenario, 64, 5, 10.0, &what) {
            assert!(parallel.decided_ahead > 0, "{what}: {parallel:?}");
        }
    }
}

#[test]
fn think_threads_are_bounded() {
    let (_, scenario) = shipped().into_iter().next().unwrap();
    let mut world = scenario.instantiate(None, None).unwrap().world;
    let limit = motive::core::model::limits::MAX_THINK_THREADS;
    world.set_think_threads(limit).unwrap();
    assert_eq!(world.think_threads(), limit);
    let err = world.set_think_threads(limit + 1).unwrap_err();
    assert!(err.message.contains("think_threads"), "{err}");
    assert_eq!(
        world.think_threads(),
        limit,
        "a refused count changes nothing"
    );
    world.set_think_threads(0).unwrap();
    assert_eq!(world.think_threads(), 1, "0 means the calling thread only");
}

/// The engine's job system: between `tick_begin` and `tick_end`, threads call `think_range` on
/// ranges of their choosing (some jobs left to the commit), and the run equals `tick`'s.
#[test]
fn think_ranges_from_the_engines_threads_equal_a_tick() {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"));
    let hospital = load_scenario_file(&dir.join("hospital.json"))
        .unwrap()
        .value;
    for variant in ["ubc", "udgoap", "goap"] {
        let scenario = hospital.with_variant(variant).unwrap();
        let reference = run(&scenario, 256, 3, 10.0, 1, SpeculationCheck::Trust);
        let mut instance = scenario.instantiate(Some(256), Some(3)).unwrap();
        let world = &mut instance.world;
        let mut sim = Simulator::new(instance.rules.clone(), world).unwrap();
        let mut trace = Trace::default();
        let mut ticks = 0u64;
        // The simulator ticks the world through the engine path: begin, ranges, end.
        let mut engine_tick = |world: &mut World, dt: f64| -> motive::core::Result<()> {
            let tick = world.tick_begin(dt)?;
            ticks += 1;
            let jobs = tick.jobs();
            let third = jobs / 3;
            let shared = &tick;
            std::thread::scope(|scope| {
                // Two threads take the first two thirds in uneven ranges; the last third is
                // left to the commits, every other tick.
                scope.spawn(move || {
                    for first in (0..third).step_by(5) {
                        shared.think_range(first, 5.min(third - first)).unwrap();
                    }
                });
                scope.spawn(move || shared.think_range(third, third).unwrap());
            });
            if ticks % 2 == 0 {
                tick.think_range(2 * third, jobs - 2 * third)?;
            }
            assert!(
                tick.think_range(0, 1).is_err() || jobs == 0,
                "a job is taken once"
            );
            assert!(
                tick.think_range(jobs, 1).is_err(),
                "a range past the jobs is refused"
            );
            tick.end();
            Ok(())
        };
        let step = instance.rules.step;
        for _ in 0..steps(10.0, step) {
            sim.step_with(world, step, &mut trace, &mut engine_tick)
                .unwrap();
        }
        let engine = Run {
            trace: trace.0,
            stats: reference.stats.clone(),
            state: world.save().unwrap()[SAVE_HEADER_BYTES..].to_vec(),
            parallel: world.parallel_stats(),
            collect: world.collect_stats(),
        };
        assert_same(&reference, &engine, variant);
        assert_eq!(
            reference.collect, engine.collect,
            "{variant}: the passes' collections"
        );
        if variant != "goap" {
            assert!(engine.parallel.decided_ahead > 0, "{:?}", engine.parallel);
        }
    }
}

/// The simulator's step in [`touring_and_direct`], in seconds.
const TOURING_STEP: f64 = 0.05;

/// A touring worker (first in slot order) holds the one slot of a station while it touches a
/// marker (a timed action of 5 s, which the world advances: no engine report can end it) before
/// going on to the station; a direct worker, after it, waits for the station.
fn touring_and_direct() -> Scenario {
    let doc = serde_json::json!({
        "name": "touring_and_direct",
        "world": { "seed": 1 },
        "simulation": { "speed": 1, "step": TOURING_STEP, "seconds": 10, "action_seconds": 0.5 },
        "domain": {
            "tags": ["worker"],
            "attributes": [
                { "name": "work", "type": "number", "min": 0, "max": 100 },
                { "name": "at", "type": "entity" }
            ],
            "actions": [
                { "name": "goto", "effects": [ { "move_to": "supplier" },
                                               { "key": "at", "set": { "entity": "supplier" } } ] },
                { "name": "touch", "duration": { "seconds": 5 },
                  "preconditions": [ { "key": "at", "op": "==", "value": { "entity": "supplier" } } ] },
                { "name": "use_station", "duration": { "seconds": 2 },
                  "preconditions": [ { "key": "at", "op": "==", "value": { "entity": "supplier" } } ],
                  "effects": [ { "key": "work", "add": 50 } ] }
            ],
            "ubc_goals": [ { "name": "working", "key": "work", "scope": "own" } ],
            "ubc_plans": [
                { "name": "tour", "steps": [ { "action": "goto", "on": "next" },
                                             { "action": "touch", "on": "nearest" },
                                             { "action": "goto", "on": "next" },
                                             { "action": "use_station" } ] },
                { "name": "direct", "steps": [ { "action": "goto", "on": "next" },
                                               { "action": "use_station" } ] }
            ],
            "archetypes": [
                { "name": "marker", "supplies": ["goto", "touch"] },
                { "name": "station", "supplies": ["goto", "use_station"],
                  "slots": [ { "offset": [0, 0, 1], "users": { "tags": ["worker"] } } ] },
                { "name": "touring", "brain": "ubc", "consumes": ["goto", "touch", "use_station"],
                  "tags": ["worker"], "state": { "work": 0 }, "think": { "interval": 0.05 },
                  "ubc": { "goals": ["working"], "plans": ["tour"] } },
                { "name": "direct", "brain": "ubc", "consumes": ["goto", "use_station"],
                  "tags": ["worker"], "state": { "work": 0 }, "think": { "interval": 0.05 },
                  "ubc": { "goals": ["working"], "plans": ["direct"] } }
            ]
        },
        "entities": [
            { "name": "tourist", "archetype": "touring", "at": [0, 0, 0] },
            { "name": "worker", "archetype": "direct", "at": [0, 0, 2] },
            { "name": "station", "archetype": "station", "at": [2, 0, 0] },
            { "name": "marker", "archetype": "marker", "at": [-1, 0, 0] }
        ]
    });
    load_scenario(&doc.to_string(), None).unwrap().value
}

/// The live entity of `world` whose archetype is named `archetype` (one of a kind).
fn one_of(world: &World, archetype: &str) -> Entity {
    let wanted = world.domain().archetypes().find(archetype).unwrap();
    (world.entities())
        .find(|&e| world.archetype(e).unwrap().map(|a| a.0) == Some(wanted))
        .unwrap()
}

/// [`touring_and_direct`] for 4 s on `threads` threads checked by `check`, the marker
/// destroyed by the game after 2 s, mid-touch; with the count of the trace's lines that grant
/// the station to the direct worker.
fn run_touring_and_direct(threads: u32, check: SpeculationCheck) -> (Run, usize) {
    let scenario = touring_and_direct();
    let mut granted = String::new();
    let run = run_steered(
        &scenario,
        1,
        1,
        4.0,
        |world| {
            world.set_think_threads(threads).unwrap();
            world.set_parallel_min_jobs(1);
            world.set_speculation_check(check);
            granted = format!(
                "ClaimGranted {} None {} ",
                id(one_of(world, "direct")),
                id(one_of(world, "station"))
            );
        },
        |world, step| {
            if step == steps(2.0, TOURING_STEP) {
                let marker = one_of(world, "marker");
                world.destroy(marker, EntityKind::Object).unwrap();
            }
        },
    );
    let granted = run
        .trace
        .lines()
        .filter(|l| l.starts_with(&granted))
        .count();
    (run, granted)
}

/// A plan given up at its turn frees, in the phase, the slot it held: the touring worker's
/// touch fails at its think (its marker is gone: `fail_if_target_gone`) and its plan releases
/// the station, so the direct worker, after it in the same phase, finds the station open,
/// where the proposal it decided ahead found it held. The release is logged, so that proposal
/// is stale and decided again, as one thread decides it (without the log's note in
/// `release_where`, the two-thread run kept the worker idle).
#[test]
fn a_slot_released_by_an_earlier_think_makes_later_proposals_stale() {
    let (one, granted) = run_touring_and_direct(1, SpeculationCheck::Trust);
    assert!(
        granted > 0,
        "the direct worker gets the station once the tourist lets it go"
    );
    for (threads, check) in [(2, SpeculationCheck::Trust), (2, SpeculationCheck::Verify)] {
        let (many, _) = run_touring_and_direct(threads, check);
        let what = format!("touring and direct, {threads} threads, {check:?}");
        assert_same(&one, &many, &what);
        assert!(many.parallel.stale > 0, "{what}: {:?}", many.parallel);
    }
}
