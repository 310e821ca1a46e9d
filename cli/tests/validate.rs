//! `motive validate` end to end: every error of a scenario in one run, each at its exact
//! pointer, and several files checked in one call, each reported, exit code 1 when any fails.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::{json, Value};

fn motive() -> Command {
    Command::cargo_bin("motive").unwrap()
}

/// A test fixture of the library, by its name.
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name)
}

fn read(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Writes `doc` as `name` in `dir`; its path.
fn write(dir: &Path, name: &str, doc: &Value) -> String {
    let path = dir.join(name);
    std::fs::write(&path, doc.to_string()).unwrap();
    path.to_str().unwrap().to_owned()
}

/// The kitchen scenario with its domain inline: a domain error (a negative cost), an entity's
/// archetype misspelt and a variant's stand-in misspelt.
fn three_errors() -> Value {
    let mut doc = read(&fixture("kitchen_scenario.json"));
    doc["domain"] = read(&fixture("kitchen.json"));
    doc["domain"]["actions"][1]["cost"] = json!(-1);
    doc["entities"][3]["archetype"] = json!("cook_np");
    doc["variants"]["cooks"]["archetypes"]["diner"] = json!("cook_np");
    doc
}

#[test]
fn a_scenario_reports_its_domain_errors_and_its_own_in_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(dir.path(), "bad.json", &three_errors());
    let output = motive().args(["validate", &bad]).assert().code(1);
    let stdout = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    let expected = [
        "error: /domain/actions/1/cost: an action's cost must be finite and >= 1 (P:541), got -1",
        "error: /entities/3/archetype: unknown archetype \"cook_np\" (did you mean \"cook_npc\"?)",
        "error: /variants/cooks/archetypes/diner: unknown archetype \"cook_np\" (did you mean \"cook_npc\"?)",
    ];
    let lines: Vec<String> = expected.iter().map(|e| format!("{bad}: {e}")).collect();
    assert_eq!(stdout.lines().collect::<Vec<_>>(), lines);
    output.stderr(format!("motive: {bad}: 3 errors, 0 warnings\n"));
}

#[test]
fn several_files_are_each_checked_and_any_error_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(dir.path(), "bad.json", &three_errors());
    let mut domain = read(&fixture("kitchen.json"));
    domain["goals"][0]["weight"] = json!(0);
    let bad_domain = write(dir.path(), "bad_domain.json", &domain);
    let good = fixture("kitchen_scenario.json");
    let good = good.to_str().unwrap();
    let missing = dir.path().join("missing.json");
    let missing = missing.to_str().unwrap();
    motive()
        .args(["validate", &bad, good, &bad_domain, missing])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(format!(
            "{bad}: error: /entities/3/archetype"
        )))
        .stdout(predicate::str::contains(format!(
            "{good}: a valid scenario, 0 warnings; variants cooks, diners instantiate\n"
        )))
        .stdout(predicate::str::contains(format!(
            "{bad_domain}: error: /goals/0/weight: a weight must be finite and > 0, got 0\n"
        )))
        .stderr(predicate::str::contains(format!(
            "motive: {bad}: 3 errors, 0 warnings\n"
        )))
        .stderr(predicate::str::contains(format!(
            "motive: {bad_domain}: 1 error, 0 warnings\n"
        )))
        .stdout(predicate::str::contains(format!(
            "{missing}: error: cannot read {missing}"
        )))
        .stderr(predicate::str::contains(format!(
            "motive: {missing}: 1 error, 0 warnings\n"
        )))
        .stderr(predicate::str::contains(format!(
            "motive: 3 of 4 files have errors: {bad}, {bad_domain}, {missing}\n"
        )));
    // Valid files only: success, a summary for each.
    let household = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/household.json");
    let household = household.to_str().unwrap();
    let kitchen = fixture("kitchen.json");
    let kitchen = kitchen.to_str().unwrap();
    motive()
        .args(["validate", good, household, kitchen])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "{good}: a valid scenario"
        )))
        .stdout(predicate::str::contains(format!(
            "{household}: a valid scenario"
        )))
        .stdout(predicate::str::contains(format!(
            "{kitchen}: a valid domain"
        )));
}

#[test]
fn a_variant_applies_to_every_scenario_and_is_an_error_for_a_domain() {
    let good = fixture("kitchen_scenario.json");
    let good = good.to_str().unwrap();
    let domain = fixture("kitchen.json");
    let domain = domain.to_str().unwrap();
    motive()
        .args(["validate", good, good, "--variant", "cooks"])
        .assert()
        .success()
        .stdout(predicate::str::contains("; variants cooks instantiate\n").count(2));
    motive()
        .args(["validate", good, domain, "--variant", "cooks"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("; variants cooks instantiate\n"))
        .stderr(predicate::str::contains(format!(
            "motive: {domain}: a domain has no variants; --variant is for scenarios\n"
        )));
}

#[test]
fn files_that_are_not_documents_are_refused_as_errors() {
    let dir = tempfile::tempdir().unwrap();
    let latin = dir.path().join("latin.json");
    std::fs::write(&latin, b"{\"name\": \"caf\xe9\"}").unwrap();
    let latin = latin.to_str().unwrap();
    let twice = dir.path().join("twice.json");
    std::fs::write(&twice, r#"{"name": "a", "name": "b", "attributes": []}"#).unwrap();
    let twice = twice.to_str().unwrap();
    motive()
        .args(["validate", latin, twice])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(format!(
            "{latin}: error: not UTF-8 text: byte 13 (line 1, column 14) is not valid UTF-8\n"
        )))
        .stdout(predicate::str::contains(format!(
            "{twice}: error: /name: duplicate key \"name\""
        )));
    // A device without end is refused after the maximum, not read until memory runs out.
    if cfg!(unix) {
        let larger = "error: cannot read /dev/zero: it is larger than the 67108864 bytes";
        motive()
            .args(["validate", "/dev/zero"])
            .assert()
            .code(1)
            .stdout(predicate::str::contains(larger));
        motive()
            .args(["run", "/dev/zero"])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(larger));
    }
}
