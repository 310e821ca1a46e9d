//! `scenarios/household.json` with its resident driven by a behaviour tree whose plan leaves
//! hand UDGOAP goals to the utility planner, in turn: eat, then sleep (archetype
//! `tree_resident`, tree `routine`).

use serde_json::json;

/// The shipped household as JSON, its resident re-made as `tree_resident`.
pub fn tree_household() -> serde_json::Value {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("household.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let domain = &mut json["domain"];
    domain.as_object_mut().unwrap().insert(
        "behaviour_trees".into(),
        json!([{ "name": "routine", "root": { "loop": { "sequence": [
            { "plan": "maximize_hunger", "planner": "udgoap" },
            { "plan": "maximize_energy", "planner": "udgoap" }
        ] } } }]),
    );
    let archetypes = domain["archetypes"].as_array_mut().unwrap();
    let mut tree_resident = archetypes[0].clone();
    assert_eq!(tree_resident["name"], "resident");
    let object = tree_resident.as_object_mut().unwrap();
    object.remove("drives");
    object.insert("name".into(), json!("tree_resident"));
    object.insert("brain".into(), json!("bt"));
    object.insert("behaviour_trees".into(), json!(["routine"]));
    archetypes.push(tree_resident);
    let entities = json["entities"].as_array_mut().unwrap();
    entities.last_mut().unwrap()["archetype"] = json!("tree_resident");
    json
}
