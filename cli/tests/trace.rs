//! `motive run --trace` on the shipped scenarios: what recurs on a track is folded into one
//! counted span without losing a decision, and each NPC's needs and drives are counter tracks
//! from which the household's measure (all seven drives above 90) can be read.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use motive::core::{Value as Fact, World};
use motive::domain::load_scenario_file;
use motive::sim::household::DRIVES;
use motive::sim::Simulator;
use serde_json::Value;

mod common;
use common::{events, row, run_traced, scenario};

/// The track events of `trace` (decisions and spans, no counters nor metadata), by track, in
/// time order as a viewer shows them.
fn tracks(trace: &Value) -> BTreeMap<u64, Vec<&Value>> {
    let mut tracks: BTreeMap<u64, Vec<&Value>> = BTreeMap::new();
    for event in events(trace, "i").chain(events(trace, "X")) {
        let tid = event["tid"].as_u64().unwrap();
        tracks.entry(tid).or_default().push(event);
    }
    for track in tracks.values_mut() {
        track.sort_by(|a, b| {
            a["ts"]
                .as_f64()
                .unwrap()
                .total_cmp(&b["ts"].as_f64().unwrap())
        });
    }
    tracks
}

/// The events `event` stands for, by name: a folded span its cycle's events `count` times
/// each, any other event itself once.
fn stands_for(event: &Value) -> Vec<(&str, u64)> {
    if event["cat"] != "repeated" {
        return vec![(event["name"].as_str().unwrap(), 1)];
    }
    let count = event["args"]["count"].as_u64().unwrap();
    assert!(count >= 2, "a fold of one: {event}");
    match event["args"]["cycle"].as_array() {
        Some(cycle) => cycle
            .iter()
            .map(|e| (e["name"].as_str().unwrap(), count))
            .collect(),
        None => vec![(event["name"].as_str().unwrap(), count)],
    }
}

#[test]
fn hospital_repeats_fold_into_counted_spans_and_every_decision_is_accounted_for() {
    let run = run_traced(&[&scenario("hospital.json")]);
    let number = |label| row(&run.stdout, label).parse::<u64>().unwrap();
    let (decisions, plans) = (number("decisions"), number("plans"));
    let tracks = tracks(&run.trace);
    assert_eq!(
        tracks.len() as u64,
        number("NPCs"),
        "every NPC has a track, so every decision is in the trace"
    );
    for (tid, track) in &tracks {
        for pair in track.windows(2) {
            let [a, b] = pair else { unreachable!() };
            assert!(
                !(a["ph"] == "i"
                    && b["ph"] == "i"
                    && a["name"] == b["name"]
                    && a["args"] == b["args"]),
                "track {tid}: the same instant twice in a row: {a} {b}"
            );
        }
    }
    // Folded spans nest with the others, as a viewer stacks them: two spans of a track are
    // apart or one holds the other.
    for (tid, track) in &tracks {
        let mut spans: Vec<(f64, f64, &Value)> = track
            .iter()
            .filter(|e| e["ph"] == "X")
            .map(|e| {
                let start = e["ts"].as_f64().unwrap();
                (start, start + e["dur"].as_f64().unwrap(), *e)
            })
            .collect();
        // Outer before inner where they start together.
        spans.sort_by(|a, b| a.0.total_cmp(&b.0).then(b.1.total_cmp(&a.1)));
        let mut open: Vec<f64> = Vec::new();
        for (start, end, span) in spans {
            open.retain(|&e| e > start);
            assert!(
                open.last().is_none_or(|&outer| end <= outer),
                "track {tid}: {span} overlaps a span ending at {open:?}"
            );
            open.push(end);
        }
    }
    let mut represented: HashMap<&str, u64> = HashMap::new();
    let mut folded_no_plans = 0;
    let written: Vec<&Value> = tracks.values().flatten().copied().collect();
    for event in &written {
        for (name, times) in stands_for(event) {
            *represented.entry(name).or_default() += times;
            if name == "no plan" && event["cat"] == "repeated" {
                folded_no_plans += times;
            }
        }
    }
    // Each decision is a "plan" instant or a "no plan" one, folded or not: none is lost.
    assert_eq!(represented["plan"], plans);
    assert_eq!(represented["no plan"], decisions - plans);
    // The visitors' topping up (plan a rest, rest a tick, no plan) is most of their idle time.
    assert!(
        folded_no_plans * 2 > decisions - plans,
        "{folded_no_plans} of {} idle decisions folded",
        decisions - plans
    );
    // The visitors, half the NPCs, loop through three events for most of the run and the staff
    // through two between rounds: unfolded, those loops are most of the events, so folding
    // must leave fewer than a quarter of them.
    let unfolded: u64 = represented.values().sum();
    assert!(
        (written.len() as u64) * 4 < unfolded,
        "{} events written for {unfolded}",
        written.len()
    );
}

/// The trace's counter samples of counters whose name ends with `kind`, by counter name:
/// (µs, value) in file order.
fn counters<'a>(trace: &'a Value, kind: &str) -> BTreeMap<&'a str, Vec<(f64, f64)>> {
    let mut counters: BTreeMap<&str, Vec<(f64, f64)>> = BTreeMap::new();
    for event in events(trace, "C") {
        let name = event["name"].as_str().unwrap();
        if name.ends_with(kind) {
            let sample = (
                event["ts"].as_f64().unwrap(),
                event["args"]["value"].as_f64().unwrap(),
            );
            counters.entry(name).or_default().push(sample);
        }
    }
    counters
}

/// When the library's run of the household scenario (its own rules, seed and step, as `motive
/// run` takes them) first has every drive above 90, in simulated seconds.
fn household_above_90() -> f64 {
    let scenario = load_scenario_file(scenario("household.json").as_ref())
        .unwrap()
        .value;
    let mut instance = scenario.instantiate(None, None).unwrap();
    let world: &mut World = &mut instance.world;
    let (resident, _) = *instance
        .names
        .iter()
        .find(|(_, n)| n == "resident")
        .unwrap();
    let drives: Vec<_> = DRIVES
        .iter()
        .map(|d| world.domain().find_attribute(d).unwrap())
        .collect();
    let mut simulator = Simulator::new(instance.rules.clone(), world).unwrap();
    let lowest = |world: &World| {
        drives
            .iter()
            .map(|&d| match world.fact(resident, d).unwrap().value {
                Fact::Number(n) => n,
                other => panic!("{other:?}"),
            })
            .fold(f64::INFINITY, f64::min)
    };
    while lowest(world) <= 90.0 {
        assert!(world.time() < instance.rules.seconds, "never above 90");
        simulator.step(world, instance.rules.step, &mut ()).unwrap();
    }
    world.time()
}

#[test]
fn household_needs_and_drives_are_counters_that_show_when_all_pass_90() {
    let run = run_traced(&[&scenario("household.json")]);
    let needs = counters(&run.trace, " need");
    let satisfactions = counters(&run.trace, " satisfaction");
    let expected = |kind| -> BTreeSet<String> {
        DRIVES
            .iter()
            .map(|d| format!("1 resident {d} {kind}"))
            .collect()
    };
    let names =
        |c: &BTreeMap<&str, _>| -> BTreeSet<String> { c.keys().map(|n| n.to_string()).collect() };
    assert_eq!(names(&needs), expected("need"));
    assert_eq!(names(&satisfactions), expected("satisfaction"));
    for (counters, range) in [(&needs, 0.0..=100.0), (&satisfactions, 0.0..=1.0)] {
        for (name, samples) in counters {
            assert!(
                samples.iter().all(|(_, v)| range.contains(v)),
                "{name}: {samples:?}"
            );
            // At most one sample a second, and only when the value changed (but the last,
            // at the end of the run).
            for pair in samples.windows(2) {
                let [(t0, v0), (t1, v1)] = pair else {
                    unreachable!()
                };
                assert!(t1 - t0 >= 1e6 - 1.0 || *t1 == 180e6, "{name}: {pair:?}");
                assert_ne!(v0, v1, "{name}: {pair:?}");
            }
        }
    }
    // Replays the samples in time order: the first at which all seven needs are above 90.
    let mut samples: Vec<(f64, &str, f64)> = needs
        .iter()
        .flat_map(|(name, s)| s.iter().map(move |&(t, v)| (t, *name, v)))
        .collect();
    samples.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut now: HashMap<&str, f64> = HashMap::new();
    let mut above_90 = None;
    for (i, &(t, name, value)) in samples.iter().enumerate() {
        now.insert(name, value);
        let time_done = samples.get(i + 1).is_none_or(|next| next.0 > t);
        if time_done && now.len() == 7 && now.values().all(|&v| v > 90.0) {
            above_90 = Some(t / 1e6);
            break;
        }
    }
    let from_trace = above_90.expect("all seven above 90 within the run");
    let library = household_above_90();
    // Samples fall on whole seconds: the trace sees it at the first one after the library
    // does (drives rise in long actions and decay by 0.05 a second, so they stay above).
    assert!(
        library <= from_trace && from_trace < library + 1.0,
        "trace {from_trace} s, library {library} s"
    );
    assert!(from_trace > 0.0 && from_trace <= 180.0);
    let again = run_traced(&[&scenario("household.json")]);
    assert!(run.bytes == again.bytes, "the same seed, the same file");
}
