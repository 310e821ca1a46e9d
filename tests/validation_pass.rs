//! One load reports every error of a document: a scenario whose domain has errors still has its
//! own parts checked against the names the domain declares, without a second error for a name
//! whose definition was in error; and each error points at the member at fault.

use std::path::Path;

use motive::domain::{load_domain, load_scenario, Diagnostic};
use serde_json::{json, Value as Json};

fn data() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"))
}

fn document(path: &Path) -> Json {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The kitchen scenario with its domain inline.
fn kitchen_inline() -> Json {
    let mut doc = document(&data().join("kitchen_scenario.json"));
    doc["domain"] = document(&data().join("kitchen.json"));
    doc
}

/// A shipped scenario (its domain is inline).
fn shipped(name: &str) -> Json {
    document(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name),
    )
}

fn errors(doc: &Json, base: &Path) -> Vec<String> {
    let error = load_scenario(&doc.to_string(), Some(base)).expect_err("the scenario is wrong");
    error.errors().map(Diagnostic::to_string).collect()
}

#[test]
fn domain_errors_and_scenario_typos_come_in_one_pass() {
    let mut doc = kitchen_inline();
    // "hunger" is declared but in error: the facts and spawn rule naming it add no error.
    doc["domain"]["attributes"][0]["type"] = json!("numbr");
    doc["domain"]["actions"][1]["cost"] = json!(-1);
    doc["entities"][3]["archetype"] = json!("cook_np");
    doc["variants"]["cooks"]["archetypes"]["diner"] = json!("cook_np");
    assert_eq!(
        errors(&doc, data()),
        [
            "error: /domain/attributes/0/type: expected one of bool, number, entity, position, found \"numbr\" (did you mean \"number\"?)",
            "error: /domain/actions/1/cost: an action's cost must be finite and >= 1 (P:541), got -1",
            "error: /entities/3/archetype: unknown archetype \"cook_np\" (did you mean \"cook_npc\"?)",
            "error: /variants/cooks/archetypes/diner: unknown archetype \"cook_np\" (did you mean \"cook_npc\"?)",
        ]
    );
}

#[test]
fn a_domain_file_in_error_leaves_the_scenario_checked_too() {
    let dir = tempfile_dir("file");
    let mut domain = document(&data().join("kitchen.json"));
    domain["actions"][3]["effects"][0]["key"] = json!("hungr");
    std::fs::write(dir.join("kitchen.json"), domain.to_string()).unwrap();
    let mut doc = document(&data().join("kitchen_scenario.json"));
    doc["simulation"]["spawns"][0]["archetype"] = json!("dinner");
    let found = errors(&doc, &dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].starts_with("error: /domain: in ")
            && found[0].ends_with("kitchen.json at /actions/3/effects/0/key: unknown attribute \"hungr\" (did you mean \"hunger\"?)"),
        "{}",
        found[0]
    );
    assert_eq!(
        found[1],
        "error: /simulation/spawns/0/archetype: unknown archetype \"dinner\" (did you mean \"diner\"?)"
    );
}

#[test]
fn a_domain_that_cannot_be_read_is_the_only_error() {
    let mut doc = document(&data().join("kitchen_scenario.json"));
    doc["domain"] = json!("missing.json");
    let found = errors(&doc, data());
    assert_eq!(
        found.len(),
        1,
        "no unknown archetype per entity: {found:#?}"
    );
    assert!(found[0].contains("cannot read"), "{}", found[0]);
    let mut doc = kitchen_inline();
    doc["domain"] = json!([]);
    assert_eq!(
        errors(&doc, data()),
        ["error: /domain: expected an object, found an array"]
    );
}

#[test]
fn definitions_in_error_do_not_make_squads_and_player_rules_wrong() {
    // The squad archetype loses its squad and the officers their goal (so their brain): the
    // squad's members are still not "not a squad" or "do not think"; only a misspelt member
    // is an error of the scenario.
    let mut doc = shipped("squad_drill.json");
    doc["domain"]["archetypes"][0]["squad"]["members_alive"] = json!("members_alve");
    doc["domain"]["archetypes"][1]["goap_goals"] = json!(["hold_asigned"]);
    doc["entities"][12]["members"][1] = json!("oficer_2");
    assert_eq!(
        errors(&doc, data()),
        [
            "error: /domain/archetypes/0/squad/members_alive: unknown attribute \"members_alve\" (did you mean \"members_alive\"?)",
            "error: /domain/archetypes/1/goap_goals/0: unknown GOAP goal \"hold_asigned\" (did you mean \"hold_assigned\"?)",
            "error: /entities/12/members/1: unknown entity \"oficer_2\" (did you mean \"officer_2\"?)",
        ]
    );
    // A player action refused for its weights is declared: the rule reporting it is no second
    // error, and a misspelt one gets a suggestion.
    let mut doc = shipped("adaptive_guards.json");
    doc["domain"]["player_actions"][1]["styles"]["stealth"] = json!(-1);
    doc["simulation"]["player"][1]["action"] = json!("shot");
    assert_eq!(
        errors(&doc, data()),
        [
            "error: /domain/player_actions/1/styles: a style weight is finite and >= 0, not -1",
            "error: /simulation/player/1/action: unknown player action \"shot\" (did you mean \"shoot\"?)",
        ]
    );
}

#[test]
fn refusals_point_at_the_member_at_fault() {
    let kitchen = document(&data().join("kitchen.json"));
    let cases = [
        (
            "/actions/2/cost",
            json!(-1),
            "an action's cost must be finite and >= 1 (P:541), got -1",
        ),
        (
            "/actions/0/cost_per_distance",
            json!(-0.5),
            "an action's cost per distance must be finite and >= 0, got -0.5",
        ),
        (
            "/goals/0/weight",
            json!(0),
            "a weight must be finite and > 0, got 0",
        ),
        (
            "/drives/0/weight",
            json!(-2),
            "a weight must be finite and > 0, got -2",
        ),
        (
            "/world_effects/0/within",
            json!(-3),
            "a distance must be finite and >= 0, got -3",
        ),
        (
            "/attributes/0/max",
            json!(-5),
            "an attribute range needs finite min < max, got [0, -5]",
        ),
        (
            "/goap_goals/0/relevance",
            json!(2),
            "a fixed relevance must be in [0, 1], got 2",
        ),
    ];
    for (pointer, value, message) in cases {
        let mut doc = kitchen.clone();
        *doc.pointer_mut(pointer).unwrap() = value;
        let error = load_domain(&doc.to_string()).unwrap_err();
        let found: Vec<String> = error.errors().map(Diagnostic::to_string).collect();
        assert_eq!(found, [format!("error: {pointer}: {message}")]);
    }
    // A duplicate name is still the definition's error.
    let mut doc = kitchen.clone();
    doc["goals"][1]["name"] = json!("eat");
    let error = load_domain(&doc.to_string()).unwrap_err();
    assert_eq!(
        error.errors().next().unwrap().to_string(),
        "error: /goals/1: goal \"eat\" is already defined"
    );
    // In a scenario, the projection's radius.
    let mut doc = document(&data().join("kitchen_scenario.json"));
    doc["projections"][0]["radius"] = json!(0);
    assert_eq!(
        errors(&doc, data()),
        ["error: /projections/0/radius: an ambiance projection's radius must be finite and > 0, got 0"]
    );
}

/// A fresh folder of the temporary directory for this test process.
fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("motive-pass-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_bad_simulation_rule_is_reported_at_its_member() {
    let cases = [
        ("/simulation/speed", json!({ "speed": 0 })),
        (
            "/simulation/actions/drink/failure_chance",
            json!({ "actions": { "drink": { "failure_chance": 2 } } }),
        ),
        (
            "/simulation/spawns/0/every",
            json!({ "spawns": [ { "archetype": "antlion", "at": [0, 0, 0], "every": 0 } ] }),
        ),
        (
            "/simulation/spawns/0/max_alive",
            json!({ "spawns": [ { "archetype": "antlion", "at": [0, 0, 0], "every": 5, "max_alive": 0 } ] }),
        ),
        (
            "/simulation/reset_on_death",
            json!({ "reset_on_death": "wizzard" }),
        ),
    ];
    let never_dies = (
        "/simulation/reset_on_death",
        json!({ "reset_on_death": "bar" }),
    );
    let all = cases
        .into_iter()
        .map(|c| ("wizard_arena.json", c))
        .chain([("pirate.json", never_dies)]);
    for (file, (pointer, simulation)) in all {
        let mut doc = shipped(file);
        let rules = doc["simulation"].as_object_mut().unwrap();
        rules.remove("spawns");
        rules.remove("reset_on_death");
        for (key, value) in simulation.as_object().unwrap() {
            rules.insert(key.clone(), value.clone());
        }
        let found = errors(&doc, data());
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with(&format!("error: {pointer}: ")),
            "{found:?}"
        );
    }
}
