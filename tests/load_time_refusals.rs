//! Documents that loaded, passed `motive validate`, and then failed at instantiation or in
//! the run (or ran without part of themselves): each is refused at load, at the value that is
//! wrong, with every other error of the document still reported. Found by a review of the
//! JSON format (session 42).

use motive::domain::load_scenario;
use serde_json::{json, Value};

/// The shipped scenario `file`, edited.
fn edited(file: &str, edit: impl FnOnce(&mut Value)) -> String {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios")).join(file);
    let mut document: Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    edit(&mut document);
    document.to_string()
}

/// The index of the last entity `text` lists.
fn last_entity(text: &str) -> usize {
    let document: Value = serde_json::from_str(text).unwrap();
    document["entities"].as_array().unwrap().len() - 1
}

/// Each error of loading `text`, as "pointer message".
fn refusals(text: &str) -> Vec<String> {
    match load_scenario(text, None) {
        Ok(_) => Vec::new(),
        Err(e) => e
            .diagnostics
            .iter()
            .map(|d| format!("{} {}", d.path, d.message))
            .collect(),
    }
}

/// `text` is refused with an error at `pointer` that says `says`.
fn refused_at(text: &str, pointer: &str, says: &str) {
    let errors = refusals(text);
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(&format!("{pointer} ")) && e.contains(says)),
        "{pointer} / {says}: {errors:#?}"
    );
}

/// A test group holding null was taken for no group and refused without a word, and the tree
/// with it: the scenario's group that tree led loaded and ran without its group.
#[test]
fn a_test_holding_null_is_an_error_not_a_lost_tree() {
    let text = edited("guard_watch.json", |d| {
        let trees = d["domain"]["behaviour_trees"].as_array_mut().unwrap();
        let watch = trees.iter_mut().find(|t| t["name"] == "watch").unwrap();
        watch["root"] = json!({ "sequence": [
            { "precondition": { "all": null } }, { "hint": "CALL" } ] });
    });
    let errors = refusals(&text);
    assert!(
        errors.iter().any(|e| e.contains("\"all\" is null")),
        "{errors:#?}"
    );
}

/// A spawn rule naming a squad's archetype failed at the first spawn, seconds into the run.
#[test]
fn a_spawn_rule_may_not_spawn_a_squad() {
    let text = edited("room_clearing.json", |d| {
        d["simulation"]["spawns"] =
            json!([{ "archetype": "swat_team", "at": [0, 0, 0], "every": 1 }]);
    });
    refused_at(&text, "/simulation/spawns/0/archetype", "squad");
}

/// `count` × `spread` past the largest f32 failed at instantiation ("not finite").
#[test]
fn entities_spread_past_the_largest_position_are_refused_at_their_spread() {
    let text = edited("guard_hebt.json", |d| {
        d["entities"].as_array_mut().unwrap().push(
            json!({ "name": "far", "archetype": "cover_spot", "count": 5, "spread": [1e38, 0, 0] }),
        );
    });
    let last = last_entity(&text);
    refused_at(&text, &format!("/entities/{last}/spread"), "finite");
}

/// A group's adaptive tree serving no distribution (a negative or all-zero weight) failed at
/// instantiation.
#[test]
fn a_groups_adaptive_serves_is_a_distribution() {
    for serves in [
        json!({ "action": -1, "stealth": 2 }),
        json!({ "action": 0 }),
    ] {
        let text = edited("guard_watch.json", |d| {
            d["groups"][0]["adaptive"][0]["serves"] = serves.clone();
        });
        refused_at(&text, "/groups/0/adaptive/0/serves", "weight");
    }
}

/// A curve over a range from -1e308 to 1e308 scored NaN, and the NPC's drives and utilities
/// with it; curve parameters are bounded so that no score can.
#[test]
fn curve_parameters_are_bounded() {
    let text = edited("household.json", |d| {
        d["domain"]["goals"][0]["conditions"][0]["curve"] =
            json!({ "type": "linear", "min": -1e308, "max": 1e308 });
    });
    let errors = refusals(&text);
    assert!(errors.iter().any(|e| e.contains("±1e15")), "{errors:#?}");
}

/// Nine squads in a chain above one officer loaded and failed at instantiation ("at most 8
/// levels deep"); the member that makes the ninth level is refused at its pointer, and eight
/// levels load.
#[test]
fn a_hierarchy_deeper_than_eight_levels_is_refused_at_its_member() {
    let chain = |levels: usize| {
        edited("room_clearing.json", |d| {
            let entities = d["entities"].as_array_mut().unwrap();
            entities.push(json!({ "name": "lone", "archetype": "officer" }));
            for k in 1..=levels {
                let below = if k == 1 {
                    "lone".to_owned()
                } else {
                    format!("s{}", k - 1)
                };
                entities.push(json!({ "name": format!("s{k}"), "archetype": "swat_team",
                    "members": [below] }));
            }
        })
    };
    let eight = load_scenario(&chain(8), None).unwrap().value;
    assert!(
        eight.instantiate(None, Some(1)).is_ok(),
        "eight levels are a world's"
    );
    let text = chain(9);
    let last = last_entity(&text);
    refused_at(&text, &format!("/entities/{last}/members/0"), "at most 8");
}

/// A `count` of 0 made an entity vanish, and `per_row: 0` became 1, without a word, where the
/// schema and the docs ask for 1 or more: both are refused at their pointer.
#[test]
fn counts_of_zero_are_refused_not_taken_quietly() {
    let text = edited("guard_hebt.json", |d| {
        d["entities"][0]["count"] = json!(0);
    });
    refused_at(&text, "/entities/0/count", "from 1");
    let text = edited("household.json", |d| {
        d["copies"]["per_row"] = json!(0);
    });
    refused_at(&text, "/copies/per_row", "from 1");
}

/// A name is checked against every entity made so far, the `#k` copies of a count included:
/// `p#2` after two `p` is defined already.
#[test]
fn a_name_taken_by_a_counted_copy_is_already_defined() {
    let text = edited("guard_hebt.json", |d| {
        let entities = d["entities"].as_array_mut().unwrap();
        entities.push(json!({ "name": "p", "archetype": "cover_spot", "count": 2 }));
        entities.push(json!({ "name": "p#2", "archetype": "cover_spot" }));
    });
    let last = last_entity(&text);
    refused_at(&text, &format!("/entities/{last}"), "already defined");
}
