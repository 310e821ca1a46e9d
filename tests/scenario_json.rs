//! Scenario documents: a domain by path, entities with counts and references, copies for
//! larger runs, ambiance, simulation rules, and errors at JSON Pointers.

use std::path::Path;

use motive::core::Value;
use motive::domain::{load_scenario, load_scenario_file, Diagnostic};
use serde_json::{json, Value as Json};

#[path = "common/json_mutations.rs"]
mod json_mutations;

fn data() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"))
}

fn fixture() -> Json {
    let text = std::fs::read_to_string(data().join("kitchen_scenario.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn errors(doc: &Json) -> Vec<String> {
    let error = load_scenario(&doc.to_string(), Some(data())).expect_err("the scenario is wrong");
    error.errors().map(Diagnostic::to_string).collect()
}

#[test]
fn a_scenario_instantiates_copies_with_names_facts_and_ambiance() {
    let loaded = load_scenario_file(&data().join("kitchen_scenario.json")).unwrap();
    assert_eq!(loaded.warnings, Vec::new());
    let scenario = loaded.value;
    assert_eq!(scenario.entities.len(), 6, "count 2 expands");
    assert_eq!(scenario.entities[4].name, "cook#2");
    assert_eq!(scenario.npcs_per_copy(), 3);
    assert_eq!(scenario.copies_for(None), 1);
    assert_eq!(scenario.copies_for(Some(7)), 3);
    assert_eq!(scenario.rules.speed, 2.0);
    assert_eq!(scenario.rules.spawns.len(), 1);
    let goto = scenario.domain.actions().find("goto").unwrap() as usize;
    assert_eq!(scenario.rules.per_action[goto].failure_chance, 0.1);

    let instance = scenario.instantiate(Some(7), Some(99)).unwrap();
    let world = &instance.world;
    assert_eq!(world.seed(), 99);
    assert_eq!(instance.names.len(), 18);
    assert_eq!(world.npc_count(), 9);
    assert_eq!(instance.rules.spawns.len(), 3, "one spawn rule per copy");
    let name = |i: usize| instance.names[i].1.as_str();
    assert_eq!(
        (name(0), name(6), name(17)),
        ("stove", "stove@2", "diner@3")
    );
    // Copy 2 is one spacing along x; copy 3 starts the second row, a spacing along z.
    let at = |i: usize| world.position(instance.names[i].0).unwrap();
    assert_eq!((at(6).x, at(6).z), (50.0, 0.0));
    assert_eq!((at(12).x, at(12).z), (0.0, 50.0));
    assert_eq!(instance.rules.spawns[2].at.z, 54.0);
    // The diner of copy 3 points at copy 3's table.
    let at_attr = scenario.domain.find_attribute("at").unwrap();
    let hunger = scenario.domain.find_attribute("hunger").unwrap();
    let diner3 = instance.names[17].0;
    assert_eq!(
        world.fact(diner3, at_attr).unwrap().value,
        Value::Entity(instance.names[13].0)
    );
    assert_eq!(
        world.fact(diner3, hunger).unwrap().value,
        Value::Number(15.0)
    );
    assert_eq!(world.ambiance().areas().count(), 3);

    let counted = scenario.instantiate_copies(2, None).unwrap();
    assert_eq!(counted.names.len(), 12);
    assert_eq!(counted.names[11].1, "diner@2");
    assert_eq!(counted.world.seed(), scenario.config.seed);
    assert_eq!(scenario.instantiate_copies(0, None).unwrap().names.len(), 6);
}

#[test]
fn scenario_errors_name_their_pointer() {
    let mut doc = fixture();
    doc["entities"][4]["facts"]["at"] = json!("tabel");
    doc["entities"][3]["archetype"] = json!("cook_np");
    doc["simulation"]["actions"]["gotoo"] = json!({});
    doc["projections"][0]["anchor"] = json!("stvoe");
    assert_eq!(
        errors(&doc),
        [
            "error: /simulation/actions/gotoo: unknown action \"gotoo\" (did you mean \"goto\"?)",
            "error: /entities/3/archetype: unknown archetype \"cook_np\" (did you mean \"cook_npc\"?)",
            "error: /entities/4/facts/at: unknown entity \"tabel\" (did you mean \"table\"?)",
            "error: /projections/0/anchor: unknown entity \"stvoe\" (did you mean \"stove\"?)",
        ]
    );
}

#[test]
fn simulation_rules_are_checked() {
    let mut doc = fixture();
    doc["simulation"]["actions"]["goto"]["failure_chance"] = json!(1.5);
    assert_eq!(
        errors(&doc),
        ["error: /simulation/actions/goto/failure_chance: actions.goto.failure_chance must be in [0, 1], got 1.5"]
    );
    let mut doc = fixture();
    doc["simulation"]["speed"] = json!(0);
    assert!(errors(&doc)[0].starts_with("error: /simulation/speed: "));
}

#[test]
fn a_domain_file_reports_its_own_errors_through_the_scenario() {
    let dir = std::env::temp_dir().join(format!("motive-scenario-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut domain: Json =
        serde_json::from_str(&std::fs::read_to_string(data().join("kitchen.json")).unwrap())
            .unwrap();
    domain["actions"][3]["effects"][0]["key"] = json!("hungr");
    std::fs::write(dir.join("kitchen.json"), domain.to_string()).unwrap();
    let error = load_scenario(&fixture().to_string(), Some(&dir)).unwrap_err();
    let all: Vec<String> = error.errors().map(Diagnostic::to_string).collect();
    assert_eq!(all.len(), 1, "{all:#?}");
    assert!(all[0].starts_with("error: /domain: in "), "{}", all[0]);
    assert!(
        all[0].ends_with("kitchen.json at /actions/3/effects/0/key: unknown attribute \"hungr\" (did you mean \"hunger\"?)"),
        "{}",
        all[0]
    );
    let mut doc = fixture();
    doc["domain"] = json!("missing.json");
    assert!(errors(&doc)[0].contains("cannot read"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn lint_names_the_entity_that_starts_satisfied() {
    let mut doc = fixture();
    doc["entities"][4]["facts"]["fed"] = json!(true);
    let loaded = load_scenario(&doc.to_string(), Some(data())).unwrap();
    let all: Vec<String> = loaded.warnings.iter().map(Diagnostic::to_string).collect();
    assert_eq!(
        all,
        ["warning: /entities/4: GOAP goal \"be_fed\" of entity \"diner\" is already satisfied at start"]
    );
}

#[test]
fn no_scenario_mutation_panics_and_every_error_points_into_the_document() {
    let (tried, rejected) =
        json_mutations::sweep(&fixture(), |text| load_scenario(text, Some(data())));
    assert!(
        rejected > tried / 2,
        "most mutations are errors: {rejected} of {tried}"
    );
}

#[test]
fn a_variant_swaps_the_archetypes_of_entities_and_spawn_rules() {
    let scenario = load_scenario_file(&data().join("kitchen_scenario.json"))
        .unwrap()
        .value;
    assert_eq!(
        scenario.variant_names().collect::<Vec<_>>(),
        ["cooks", "diners"],
        "in name order"
    );
    let archetype = |name: &str| {
        motive::core::model::archetype::ArchetypeId(
            scenario.domain.archetypes().find(name).unwrap(),
        )
    };
    let (cook, diner) = (archetype("cook_npc"), archetype("diner"));
    let diners = scenario.with_variant("diners").unwrap();
    let cast: Vec<(&str, _)> = diners
        .entities
        .iter()
        .map(|e| (e.name.as_str(), e.archetype))
        .collect();
    assert_eq!(
        cast[3..],
        [("cook", diner), ("cook#2", diner), ("diner", diner)]
    );
    assert_eq!(diners.entities[3].at, scenario.entities[3].at);
    assert_eq!(diners.entities[4].facts, scenario.entities[4].facts);
    assert_eq!(diners.rules.spawns[0].archetype, diner);
    assert_eq!(diners.variant_names().count(), 0, "a variant has none");
    // Swaps apply at once: the cooks' variant turns the diners, spawned ones too, into cooks
    // and leaves the cooks cooks.
    let cooks = scenario.with_variant("cooks").unwrap();
    assert!(cooks.entities[3..].iter().all(|e| e.archetype == cook));
    assert_eq!(cooks.rules.spawns[0].archetype, cook);
    let instance = diners.instantiate(None, None).unwrap();
    let goap = instance
        .names
        .iter()
        .filter(|(e, _)| instance.world.archetype(*e).unwrap() == Some(diner))
        .count();
    assert_eq!(goap, 3, "every NPC of the variant is a diner");
    assert_eq!(
        scenario.entities[3].archetype, cook,
        "the scenario itself is unchanged"
    );
}

#[test]
fn an_unknown_variant_is_an_error_naming_the_known_ones() {
    let scenario = load_scenario_file(&data().join("kitchen_scenario.json"))
        .unwrap()
        .value;
    let message =
        |s: &motive::domain::Scenario, name: &str| s.with_variant(name).unwrap_err().message;
    assert_eq!(
        message(&scenario, "diner"),
        "scenario \"kitchen\" has no variant \"diner\" (did you mean \"diners\"?); its variants are \"cooks\", \"diners\""
    );
    let plain = scenario.with_variant("cooks").unwrap();
    assert_eq!(
        message(&plain, "cooks"),
        "scenario \"kitchen\" has no variants, so no variant \"cooks\""
    );
}

#[test]
fn variant_errors_name_their_pointer_and_suggest() {
    let mut doc = fixture();
    doc["variants"] = json!({
        "9lives": {},
        "typos": { "archetypes": { "cok_npc": "diner", "diner": "cook_np" }, "descripton": "" },
        "bare_stove": { "archetypes": { "stove": "bed" } },
        "tables": { "archetypes": { "cook_npc": "table" } }
    });
    assert_eq!(
        errors(&doc),
        [
            "error: /variants/9lives: variant name \"9lives\" is not an identifier (a letter or '_', then letters, digits, '_', '-' or '.', at most 64 bytes)",
            "error: /variants/bare_stove/archetypes/stove: \"bed\" cannot stand in for \"stove\": it does not supply \"cook\", which \"cook_npc\" consumes",
            "error: /variants/tables/archetypes/cook_npc: \"table\" cannot stand in for \"cook_npc\": slot 0 of \"stove\" admits \"cook_npc\" but not its stand-in",
            "error: /variants/typos/descripton: unknown field \"descripton\" (did you mean \"description\"?)",
            "error: /variants/typos/archetypes/cok_npc: unknown archetype \"cok_npc\" (did you mean \"cook_npc\"?)",
            "error: /variants/typos/archetypes/diner: unknown archetype \"cook_np\" (did you mean \"cook_npc\"?)",
        ]
    );
}

#[test]
fn variant_warnings_name_swaps_that_change_nothing_and_npcs_satisfied_at_start() {
    let mut doc = fixture();
    doc["entities"][2] = json!({ "name": "cot", "archetype": "table", "at": [6, 0, 0] });
    doc["entities"][3]["facts"] = json!({ "fed": true });
    doc["variants"]["rested"] = json!({ "archetypes": { "bed": "table" } });
    let loaded = load_scenario(&doc.to_string(), Some(data())).unwrap();
    let all: Vec<String> = loaded.warnings.iter().map(Diagnostic::to_string).collect();
    assert_eq!(
        all,
        [
            "warning: /variants/rested/archetypes/bed: no entity or spawn rule is a \"bed\", so the swap changes nothing",
            "warning: /entities/3: GOAP goal \"be_fed\" of entity \"cook\" in variant \"diners\" is already satisfied at start",
        ]
    );
}

#[test]
fn a_domain_file_given_as_a_scenario_and_an_empty_domain_say_what_they_are() {
    let domain_text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/kitchen.json"
    ))
    .unwrap();
    let err = motive::domain::load_scenario(&domain_text, None).unwrap_err();
    assert_eq!(
        err.diagnostics.len(),
        1,
        "one error, not one per domain field"
    );
    assert!(
        err.diagnostics[0]
            .message
            .contains("this is a domain, not a scenario"),
        "{}",
        err.diagnostics[0].message
    );
    let err = motive::domain::load_domain("{}").unwrap_err();
    assert!(
        err.diagnostics[0].message.contains("an empty domain"),
        "{}",
        err.diagnostics[0].message
    );
}
