//! The UBC brain in JSON: the paper's watch example loaded from a scenario, run in the
//! simulator, and the loader's errors for UBC sections.

#[path = "common/json_mutations.rs"]
mod json_mutations;

use motive::domain::{load_domain, load_scenario, load_scenario_file};
use motive::sim::Simulator;
use serde_json::{json, Value};

fn watches() -> Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/watches.json"
    ))
    .unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_watch_buyer_walks_to_the_first_watch_and_buys_it() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/watches.json");
    let scenario = load_scenario_file(std::path::Path::new(path))
        .unwrap()
        .value;
    let mut instance = scenario.instantiate(None, None).unwrap();
    let entity = |name: &str| instance.names.iter().find(|n| n.1 == name).unwrap().0;
    let (man, watch1) = (entity("man"), entity("watch1"));
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    sim.run(&mut instance.world, 5.0, &mut ()).unwrap();
    let world = &instance.world;
    let first = world.ubc_mind(man).unwrap();
    let domain = world.domain();
    let number = |attribute: &str| match world
        .fact(man, domain.find_attribute(attribute).unwrap())
        .unwrap()
        .value
    {
        motive::core::Value::Number(n) => n,
        other => panic!("{other:?}"),
    };
    // Bought watch 1 (+90 utils): money 0, style 95. Then nothing is affordable.
    assert_eq!((number("money"), number("style")), (0.0, 95.0));
    assert_eq!(first.ratings[0].gain, None, "no watch is affordable now");
    assert!(world.position(man).unwrap().x > 2.0, "it walked to watch 1");
    assert!(world.is_alive(watch1));
}

fn errors(doc: &Value) -> Vec<String> {
    match load_domain(&doc["domain"].to_string()) {
        Ok(_) => Vec::new(),
        Err(e) => e.diagnostics.iter().map(|d| d.to_string()).collect(),
    }
}

/// The fixture with `value` at `pointer` (set or added).
fn with(pointer: &str, value: Value) -> Value {
    let mut doc = watches();
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    match doc.pointer_mut(parent).unwrap() {
        Value::Array(items) => items[key.parse::<usize>().unwrap()] = value,
        Value::Object(map) => {
            map.insert(key.to_owned(), value);
        }
        other => panic!("{other}"),
    }
    doc
}

#[test]
fn ubc_sections_report_errors_at_their_pointers() {
    assert_eq!(errors(&watches()), Vec::<String>::new());
    let cases = [
        (
            with("/domain/archetypes/1/ubc/plans/0", json!("buy_a_wach")),
            "/archetypes/1/ubc/plans/0: unknown predefined plan \"buy_a_wach\" (did you mean \"buy_a_watch\"?)",
        ),
        (
            with("/domain/archetypes/1/ubc/goals/0", json!("have_mony")),
            "/archetypes/1/ubc/goals/0: unknown UBC goal \"have_mony\" (did you mean \"have_money\"?)",
        ),
        (
            with("/domain/ubc_goals/0/scope", json!("mine")),
            "/ubc_goals/0/scope: expected one of own, others, all, found \"mine\"",
        ),
        (
            with("/domain/ubc_goals/1/weight", json!(0)),
            "/ubc_goals/1/weight: a weight must be finite and > 0, got 0",
        ),
        (
            with("/domain/ubc_plans/0/steps/1/on", json!("next")),
            "/archetypes/1/ubc/plans/0: predefined plan \"buy_a_watch\" needs steps, and its last step cannot be on \"next\"",
        ),
        (
            with("/domain/archetypes/1/consumes", json!(["buy_watch"])),
            "/archetypes/1/ubc/plans/0: predefined plan \"buy_a_watch\" uses action \"goto\", which archetype \"man\" does not consume",
        ),
        (
            with("/domain/archetypes/1/brain", json!("goap")),
            "/archetypes/1/brain: a \"goap\" brain needs at least one of \"goap_goals\"",
        ),
        (
            with("/domain/archetypes/0/brain", json!("ubc")),
            "/archetypes/0/brain: a \"ubc\" brain needs \"ubc\": { \"goals\", \"plans\" }",
        ),
        (
            with("/domain/archetypes/1/ubc/goals", json!([])),
            "/archetypes/1/ubc: a UBC brain needs at least one of \"goals\" to rate plans by",
        ),
    ];
    for (doc, expected) in cases {
        let found = errors(&doc);
        assert!(
            found.iter().any(|e| e.contains(expected)),
            "expected {expected:?} in {found:#?}"
        );
    }
}

#[test]
fn no_mutation_of_the_watch_scenario_panics_loading_or_running() {
    let (tried, rejected) = json_mutations::sweep(&watches(), |text| {
        let loaded = load_scenario(text, None)?;
        // What loads must also run: rating plans over whatever the mutation made.
        if let Ok(mut instance) = loaded.value.instantiate(None, None) {
            if let Ok(mut sim) = Simulator::new(instance.rules.clone(), &instance.world) {
                let _ = sim.run(&mut instance.world, 2.0, &mut ());
            }
        }
        Ok(loaded)
    });
    assert!(rejected > tried / 3, "{rejected} of {tried} rejected");
}
