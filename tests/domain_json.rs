//! The JSON domain loader: every section maps onto the builder, errors name their JSON Pointer
//! with suggestions and all come at once, lint warns about likely mistakes, and no input
//! panics.

use motive::core::model::action::ActionDuration;
use motive::core::model::effect::EffectOp;
use motive::domain::{load_domain, Diagnostic, Severity};
use serde_json::{json, Value};

#[path = "common/json_mutations.rs"]
mod json_mutations;

const KITCHEN: &str = include_str!("data/kitchen.json");

fn kitchen() -> Value {
    serde_json::from_str(KITCHEN).unwrap()
}

/// `doc` with the value at `pointer` replaced.
fn with(mut doc: Value, pointer: &str, value: Value) -> String {
    *doc.pointer_mut(pointer)
        .unwrap_or_else(|| panic!("{pointer} not in the document")) = value;
    doc.to_string()
}

fn errors(text: &str) -> Vec<String> {
    let error = load_domain(text).expect_err("the document is wrong");
    error.errors().map(Diagnostic::to_string).collect()
}

fn warnings(doc: &Value) -> Vec<String> {
    let loaded = load_domain(&doc.to_string()).expect("the document loads");
    loaded.warnings.iter().map(Diagnostic::to_string).collect()
}

#[test]
fn every_section_reaches_the_domain() {
    let loaded = load_domain(KITCHEN).unwrap();
    let d = &loaded.value;
    assert_eq!(d.attributes().len(), 6);
    let cook = d.actions().find("cook").unwrap();
    let cook = d.actions().get(cook).unwrap();
    assert_eq!(cook.duration, ActionDuration::Seconds(2.0));
    assert_eq!((cook.hints.stand_off, cook.hints.animation), (0.5, 7));
    assert_eq!(cook.world_effects.len(), 1);
    assert!(cook.distance_curve.is_some());
    assert!(!cook.annotations.is_empty());
    let goto = d.actions().get(d.actions().find("goto").unwrap()).unwrap();
    assert!(matches!(goto.effects[0].op, EffectOp::MoveTo(_)));
    assert_eq!(goto.planning.cost_per_distance, 0.1);
    let eat = d
        .actions()
        .get(d.actions().find("eat_meal").unwrap())
        .unwrap();
    assert_eq!(eat.planning.cost, 2.0);
    assert_eq!(eat.outcomes.as_ref().unwrap().outcomes().len(), 2);
    let nap = d.actions().get(d.actions().find("nap").unwrap()).unwrap();
    assert!(matches!(nap.duration, ActionDuration::UntilFull(_)));

    let npc = d
        .archetypes()
        .get(d.archetypes().find("cook_npc").unwrap())
        .unwrap();
    assert_eq!(npc.drives.len(), 2);
    assert_eq!(npc.needs.len(), 2);
    assert_eq!(npc.think.think_interval, 0.25);
    assert_eq!(npc.think.max_depth, 6);
    assert_eq!(
        npc.think.memory_capacity, 256,
        "unset think fields keep their defaults"
    );
    assert!(npc.distance_attenuation.is_some());
    let diner = d
        .archetypes()
        .get(d.archetypes().find("diner").unwrap())
        .unwrap();
    assert_eq!(diner.goap_goals.len(), 1);
    assert!(diner.fallback.is_some());
    let stove = d
        .archetypes()
        .get(d.archetypes().find("stove").unwrap())
        .unwrap();
    assert_eq!(stove.slots.len(), 1);
    assert_eq!(stove.slots[0].users.tags.len(), 1);
    assert_eq!(stove.hints.len(), 1);
    assert!(!stove.hints[0].1.face_target);
    let drive = d.drives().get(d.drives().find("hunger").unwrap()).unwrap();
    assert_eq!(drive.weight, 2.0);
    assert_eq!(drive.generators[0].conditions.len(), 1);
}

#[test]
fn the_issue_example_names_path_reason_and_suggestion() {
    let text = with(kitchen(), "/actions/3/effects/0/key", json!("hungr"));
    assert_eq!(
        errors(&text),
        ["error: /actions/3/effects/0/key: unknown attribute \"hungr\" (did you mean \"hunger\"?)"]
    );
}

#[test]
fn several_errors_are_reported_at_once() {
    let mut doc = kitchen();
    doc["goals"][0]["wieght"] = json!(2);
    doc["archetypes"][3]["consumes"][2] = json!("eat_meel");
    doc["actions"][1]["preconditions"][1]["op"] = json!("=>");
    doc["archetypes"][4]["goap_goals"][0] = json!("be_fedd");
    let all = errors(&doc.to_string());
    assert_eq!(
        all,
        [
            "error: /goals/0/wieght: unknown field \"wieght\" (did you mean \"weight\"?)",
            "error: /actions/1/preconditions/1/op: expected one of ==, !=, <, <=, >, >=, found \"=>\" (did you mean \">=\"?)",
            "error: /archetypes/3/consumes/2: unknown action \"eat_meel\" (did you mean \"eat_meal\"?)",
            "error: /archetypes/4/goap_goals/0: unknown GOAP goal \"be_fedd\" (did you mean \"be_fed\"?)",
        ]
    );
}

#[test]
fn syntax_errors_give_pointer_line_and_column() {
    let all = errors("{\n  \"attributes\": [\n    { \"name\": \"a\", }\n  ]\n}");
    assert_eq!(all.len(), 1);
    assert!(
        all[0].starts_with("error: /attributes/0: line 3, column"),
        "{}",
        all[0]
    );
}

#[test]
fn type_and_shape_errors() {
    let cases = [
        ("/actions/2/effects/0/add", json!("lots"), "/actions/2/effects/0/add: expected a number, found a string"),
        ("/actions/2/effects/1/set", json!(3), "/actions/2/effects/1/set: expected true or false, found a number"),
        ("/attributes/0/type", json!("int"), "/attributes/0/type: expected one of bool, number, entity, position, found \"int\""),
        ("/actions/0/effects/0", json!({ "move_to": "supplier", "end": true }), "/actions/0/effects/0: an effect needs exactly one of add, subtract, set, move_to, end, found move_to and end"),
        ("/actions/1/duration", json!({ "seconds": -1 }), "/actions/1/duration: an action's duration must be finite and > 0 seconds, got -1"),
        ("/curves/0/type", json!("linear"), ""),
        ("/archetypes/4/brain", json!("udgoap"), "/archetypes/4/brain: has GOAP goals, so its brain is \"goap\""),
        ("/actions/2/preconditions/1", json!({ "within": 1, "key": "hunger" }), "/actions/2/preconditions/1/key: a \"within\" condition takes no \"key\""),
        ("/archetypes/0/slots/0/offset", json!([1, 2]), "/archetypes/0/slots/0/offset: expected a finite position [x, y, z], found [1,2]"),
        ("/archetypes/3/think/interval", json!(0), "/archetypes/3/think"),
        ("/goals/0/conditions/0/curve", json!("fulll"), "/goals/0/conditions/0/curve: unknown curve \"fulll\" (did you mean \"full\"?)"),
    ];
    for (pointer, value, expected) in cases {
        let text = with(kitchen(), pointer, value);
        if expected.is_empty() {
            assert!(load_domain(&text).is_ok(), "{pointer}: a no-op change");
            continue;
        }
        let all = errors(&text);
        assert!(
            all.iter()
                .any(|e| e.starts_with(&format!("error: {expected}"))),
            "{pointer}: expected {expected:?} in {all:#?}"
        );
    }
}

#[test]
fn a_field_foreign_to_the_curve_type_is_an_error() {
    let mut doc = kitchen();
    doc["goals"][1]["conditions"][0]["curve"]["steepness"] = json!(3);
    assert_eq!(
        errors(&doc.to_string()),
        ["error: /goals/1/conditions/0/curve/steepness: field \"steepness\" does not apply to a power curve"]
    );
}

#[test]
fn a_duplicate_name_is_an_error_and_the_first_definition_stands() {
    let mut doc = kitchen();
    doc["actions"][4]["name"] = json!("nap");
    assert_eq!(
        errors(&doc.to_string()),
        [
            "error: /actions/4: action \"nap\" is already defined",
            "error: /archetypes/4/supplies/0: unknown action \"idle\"",
            "error: /archetypes/4/consumes/3: unknown action \"idle\"",
            "error: /archetypes/4/fallback: unknown action \"idle\"",
        ]
    );
}

#[test]
fn a_rejected_definition_is_reported_once_not_at_every_use() {
    let mut doc = kitchen();
    doc["attributes"][0]["type"] = json!("numbr");
    assert_eq!(
        errors(&doc.to_string()),
        ["error: /attributes/0/type: expected one of bool, number, entity, position, found \"numbr\" (did you mean \"number\"?)"]
    );
}

#[test]
fn the_kitchen_is_lint_clean() {
    assert_eq!(warnings(&kitchen()), Vec::<String>::new());
}

#[test]
fn lint_goal_already_satisfied_at_start() {
    let mut doc = kitchen();
    doc["archetypes"][4]["state"]["fed"] = json!(true);
    assert_eq!(
        warnings(&doc),
        ["warning: /archetypes/4: GOAP goal \"be_fed\" of archetype \"diner\" is already satisfied at start"]
    );
    let mut doc = kitchen();
    doc["archetypes"][3]["state"]["energy"] = json!(100);
    assert_eq!(
        warnings(&doc),
        ["warning: /archetypes/3: goal \"rest\" of archetype \"cook_npc\" is already satisfied at start"]
    );
}

#[test]
fn lint_goal_no_action_can_reach() {
    let mut doc = kitchen();
    doc["goals"][1]["conditions"][0]["change"] = json!("decrease");
    doc["goals"][1]["conditions"][0]["key"] = json!("hunger");
    assert_eq!(
        warnings(&doc),
        ["warning: /goals/1: goal \"rest\" can never make progress: no action's effect decreases \"hunger\""]
    );
}

/// The kitchen with one more action, `juggle` (actions/5), which adds to a new attribute,
/// `fun`, that nothing reads.
fn kitchen_with_juggling() -> Value {
    let mut doc = kitchen();
    doc["attributes"]
        .as_array_mut()
        .unwrap()
        .push(json!({ "name": "fun", "type": "number" }));
    doc["actions"]
        .as_array_mut()
        .unwrap()
        .push(json!({ "name": "juggle", "effects": [ { "key": "fun", "add": 1 } ] }));
    doc
}

#[test]
fn lint_action_whose_effects_nothing_needs_and_nobody_consumes() {
    let doc = kitchen_with_juggling();
    assert_eq!(
        warnings(&doc),
        [
            "warning: /actions/5: action \"juggle\" is consumed by no archetype: no NPC can perform it",
            "warning: /actions/5: nothing needs the effects of action \"juggle\": no goal, precondition or trigger reads what it changes",
        ]
    );
}

/// An effect only a UBC goal reads is what a predefined plan is chosen for: no warning.
#[test]
fn lint_counts_a_ubc_goal_as_reading_its_attribute() {
    let mut doc = kitchen_with_juggling();
    doc["archetypes"][3]["consumes"]
        .as_array_mut()
        .unwrap()
        .push(json!("juggle"));
    let needless = "warning: /actions/5: nothing needs the effects of action \"juggle\": no goal, precondition or trigger reads what it changes";
    assert_eq!(warnings(&doc), [needless]);
    doc["ubc_goals"] = json!([{ "name": "have_fun", "key": "fun", "scope": "own" }]);
    assert_eq!(warnings(&doc), Vec::<String>::new());
}

#[test]
fn lint_inverted_falsehood_as_in_pittmans_study() {
    let mut doc = kitchen();
    doc["goap_goals"][0]["requirements"][0]["value"] = json!(false);
    doc["archetypes"][4]["state"]["fed"] = json!(true);
    let all = warnings(&doc);
    assert!(
        all.contains(&"warning: /goap_goals/0: GOAP goal \"be_fed\" asks for \"fed\" == false, but actions only ever make it true; a goal states the world the NPC wants (did you mean true?)".to_owned()),
        "{all:#?}"
    );
}

#[test]
fn warnings_do_not_stop_a_load_and_errors_carry_them() {
    let mut doc = kitchen();
    doc["archetypes"][4]["state"]["fed"] = json!(true);
    doc["actions"][0]["cost"] = json!(0.5);
    let error = load_domain(&doc.to_string()).unwrap_err();
    assert!(
        error
            .diagnostics
            .iter()
            .all(|d| d.severity == Severity::Error),
        "lint runs only on a domain that loads"
    );
    assert!(error.to_string().contains("/actions/0"), "{error}");
}

#[test]
fn no_mutation_panics_and_every_error_points_into_the_document() {
    let (tried, rejected) = json_mutations::sweep(&kitchen(), load_domain);
    assert!(
        rejected > tried / 2,
        "most mutations are errors: {rejected} of {tried}"
    );
}
