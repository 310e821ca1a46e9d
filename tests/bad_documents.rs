//! Issue 32, "every error is located": a corpus of bad domain and scenario documents (syntax
//! errors at many depths, wrong types, unknown and missing fields, duplicate keys, huge names,
//! text that is not UTF-8, empty goals, bad references, whole-domain rules), each refused with
//! its first error at the expected JSON Pointer, every error at a pointer that resolves in the
//! document (a missing member at the object that lacks it), and every message capped (the
//! one-line summary too, which cuts long pointers).
//! Only a refusal of the whole document (not UTF-8, empty, not an object, junk after it) is at
//! the root pointer "".

use std::path::Path;

use motive::domain::excerpt::{MAX_MESSAGE_CHARS, MAX_POINTER_CHARS, MAX_QUOTE_CHARS};
use motive::domain::{document_text, load_domain, load_scenario, read_document, LoadError};
use serde_json::{json, Value};

const KITCHEN: &str = include_str!("data/kitchen.json");
const SCENARIO: &str = include_str!("data/kitchen_scenario.json");

/// A huge name, to check that messages quote only an excerpt of it.
fn huge() -> String {
    "x".repeat(1 << 20)
}

/// One bad document: what it is, its bytes, whether it is a scenario, and the pointer of its
/// first error.
struct Bad {
    what: &'static str,
    bytes: Vec<u8>,
    scenario: bool,
    at: &'static str,
}

fn domain(what: &'static str, text: impl Into<Vec<u8>>, at: &'static str) -> Bad {
    Bad {
        what,
        bytes: text.into(),
        scenario: false,
        at,
    }
}

fn scenario(what: &'static str, text: impl Into<Vec<u8>>, at: &'static str) -> Bad {
    Bad {
        scenario: true,
        ..domain(what, text, at)
    }
}

/// `base` (JSON text) with the value at `pointer` replaced by `value`, or added as a member.
fn with(base: &str, pointer: &str, value: Value) -> String {
    let mut doc: Value = serde_json::from_str(base).unwrap();
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    match doc.pointer_mut(parent) {
        Some(Value::Object(object)) => object.insert(key.to_owned(), value),
        Some(Value::Array(items)) => Some(std::mem::replace(
            &mut items[key.parse::<usize>().unwrap()],
            value,
        )),
        _ => panic!("{parent} not in the document"),
    };
    doc.to_string()
}

/// `base` without the member at `pointer`.
fn without(base: &str, pointer: &str) -> String {
    let mut doc: Value = serde_json::from_str(base).unwrap();
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    doc.pointer_mut(parent)
        .and_then(Value::as_object_mut)
        .and_then(|object| object.remove(key))
        .unwrap_or_else(|| panic!("{pointer} not in the document"));
    doc.to_string()
}

/// `base` with its text `from` (which must occur) replaced by `to`.
fn edited(base: &str, from: &str, to: &str) -> String {
    assert!(base.contains(from), "{from:?} not in the text");
    base.replacen(from, to, 1)
}

fn syntax_errors() -> Vec<Bad> {
    let nested = format!(
        "{{\"description\": {}{}}}",
        "[".repeat(200),
        "]".repeat(200)
    );
    vec![
        domain(
            "a trailing comma in an object",
            "{\"attributes\": [ {\"name\": \"a\", } ]}",
            "/attributes/0",
        ),
        domain(
            "the end inside an array",
            "{ \"attributes\": [",
            "/attributes",
        ),
        domain(
            "a bare word for a value, four deep",
            r#"{"actions": [{"name": "x", "effects": [{"key": "a", "add": tru}]}]}"#,
            "/actions/0/effects/0/add",
        ),
        domain(
            "a doubled comma in the kitchen",
            edited(
                KITCHEN,
                "\"op\": \">\", \"value\": 0 }",
                "\"op\": \">\",, \"value\": 0 }",
            ),
            "/actions/1/preconditions/1",
        ),
        domain(
            "a raw line break in a string",
            "{\"archetypes\": [{\"name\": \"a\nb\"}]}",
            "/archetypes/0/name",
        ),
        domain(
            "an unknown escape",
            r#"{"goals": [{"name": "e\qt"}]}"#,
            "/goals/0/name",
        ),
        domain(
            "a number out of range",
            r#"{"attributes": [{"name": "a", "type": "number", "max": 1e999}]}"#,
            "/attributes/0/max",
        ),
        domain(
            "an unquoted word in an array",
            r#"{"tags": [stove]}"#,
            "/tags/0",
        ),
        domain(
            "a single-quoted key",
            r#"{"curves": [{'name': "c"}]}"#,
            "/curves/0",
        ),
        domain(
            "a missing colon",
            r#"{"world_effects": [{"name" "x"}]}"#,
            "/world_effects/0",
        ),
        domain(
            "the end four deep",
            r#"{"actions":[{"effects":[{"key":"a""#,
            "/actions/0/effects/0",
        ),
        domain("a comment", "{\"tags\": [ // stoves\n \"a\"]}", "/tags/0"),
        domain(
            "NaN",
            r#"{"attributes": [{"name": "a", "type": "number", "max": NaN}]}"#,
            "/attributes/0/max",
        ),
        domain("a lone surrogate", r#"{"tags": ["\ud800"]}"#, "/tags/0"),
        domain(
            "a missing comma between array elements",
            r#"{"annotations": ["loud" "calm"]}"#,
            "/annotations",
        ),
        domain(
            "a key that is not a string",
            r#"{"archetypes": [{"name": "a", 3: 4}]}"#,
            "/archetypes/0",
        ),
        domain(
            "nesting beyond the recursion limit",
            nested,
            // serde_json stops at 128 levels: the innermost array it was reading.
            Box::leak(format!("/description{}", "/0".repeat(126)).into_boxed_str()),
        ),
        domain(
            "an escaped key in the path",
            r#"{"actions": [{"a/b~c": [1 2]}]}"#,
            "/actions/0/a~1b~0c",
        ),
        domain("junk after the document", "{} x", ""),
        domain("an empty document", "", ""),
        domain(
            "a missing comma between members",
            r#"{"name": "x" "tags": []}"#,
            "",
        ),
        scenario(
            "a syntax error among the entities",
            edited(
                SCENARIO,
                "\"archetype\": \"table\",",
                "\"archetype\": \"table\"",
            ),
            "/entities/1",
        ),
    ]
}

fn not_utf8() -> Vec<Bad> {
    let mut deep = KITCHEN.as_bytes().to_vec();
    let at = KITCHEN.find("stove_user").unwrap();
    deep[at] = 0xff;
    vec![
        domain(
            "a byte that is not UTF-8",
            b"{\"name\": \"\xff\"}".to_vec(),
            "",
        ),
        domain("a bad byte deep in the kitchen", deep, ""),
        domain(
            "a truncated UTF-8 sequence",
            b"{\"name\": \"\xc3".to_vec(),
            "",
        ),
        scenario(
            "a scenario in Latin-1",
            b"{\"name\": \"caf\xe9\"}".to_vec(),
            "",
        ),
    ]
}

fn duplicates() -> Vec<Bad> {
    vec![
        domain(
            "a top-level key twice",
            edited(
                KITCHEN,
                "\"name\": \"kitchen\",",
                "\"name\": \"kitchen\", \"name\": \"k\",",
            ),
            "/name",
        ),
        domain(
            "an attribute's type twice",
            edited(
                KITCHEN,
                "\"type\": \"bool\"",
                "\"type\": \"bool\", \"type\": \"bool\"",
            ),
            "/attributes/2/type",
        ),
        domain(
            "a fact twice in an archetype's state",
            edited(
                KITCHEN,
                "\"portions\": 3",
                "\"portions\": 3, \"portions\": 4",
            ),
            "/archetypes/0/state/portions",
        ),
        domain("an escaped key twice", r#"{"a/b": 1, "a/b": 2}"#, "/a~1b"),
        domain(
            "a key twice in an array's object",
            edited(
                KITCHEN,
                "{ \"within\": 0.5 }",
                "{ \"within\": 0.5, \"within\": 1 }",
            ),
            "/actions/2/preconditions/1/within",
        ),
        scenario(
            "a scenario's seed twice",
            edited(SCENARIO, "\"seed\": 7,", "\"seed\": 7, \"seed\": 8,"),
            "/world/seed",
        ),
        scenario(
            "an entity's position twice",
            edited(
                SCENARIO,
                "\"at\": [0, 0, 0]",
                "\"at\": [0, 0, 0], \"at\": [1, 0, 0]",
            ),
            "/entities/0/at",
        ),
    ]
}

fn wrong_values() -> Vec<Bad> {
    vec![
        domain(
            "attributes as a string",
            with(KITCHEN, "/attributes", json!("x")),
            "/attributes",
        ),
        domain(
            "a number for a name",
            with(KITCHEN, "/attributes/0/name", json!(5)),
            "/attributes/0/name",
        ),
        domain(
            "a duration word",
            with(KITCHEN, "/actions/1/duration", json!("forever")),
            "/actions/1/duration",
        ),
        domain(
            "a word for a number fact",
            with(KITCHEN, "/archetypes/0/state/portions", json!("three")),
            "/archetypes/0/state/portions",
        ),
        domain(
            "a negative weight",
            with(KITCHEN, "/goals/0/weight", json!(-1)),
            "/goals/0/weight",
        ),
        domain(
            "a zero think interval",
            with(KITCHEN, "/archetypes/3/think/interval", json!(0)),
            "/archetypes/3/think/interval",
        ),
        domain(
            "a memory of 2^32 - 1 facts (issue 32: it aborted on spawn)",
            with(
                KITCHEN,
                "/archetypes/3/think/memory_capacity",
                json!(4294967295u64),
            ),
            "/archetypes/3/think/memory_capacity",
        ),
        domain(
            "a two-number offset",
            with(KITCHEN, "/archetypes/0/slots/0/offset", json!([1, 2])),
            "/archetypes/0/slots/0/offset",
        ),
        domain(
            "a word for a cost",
            with(KITCHEN, "/actions/0/cost", json!("cheap")),
            "/actions/0/cost",
        ),
        domain(
            "a huge array for a number",
            with(KITCHEN, "/attributes/0/max", json!(vec![1; 100_000])),
            "/attributes/0/max",
        ),
        domain(
            "an unknown comparison",
            with(KITCHEN, "/actions/1/preconditions/1/op", json!("=>")),
            "/actions/1/preconditions/1/op",
        ),
        domain("a document that is an array", "[]", ""),
        scenario(
            "a two-number position",
            with(SCENARIO, "/entities/0/at", json!([0, 0])),
            "/entities/0/at",
        ),
        scenario(
            "a negative seed",
            with(SCENARIO, "/world/seed", json!(-1)),
            "/world/seed",
        ),
    ]
}

fn unknown_and_missing() -> Vec<Bad> {
    vec![
        domain(
            "a misspelt action field",
            with(KITCHEN, "/actions/0/cots", json!(1)),
            "/actions/0/cots",
        ),
        domain(
            "a misspelt section",
            with(KITCHEN, "/attribuets", json!([])),
            "/attribuets",
        ),
        domain(
            "a misspelt think setting",
            with(KITCHEN, "/archetypes/3/think/intervall", json!(1)),
            "/archetypes/3/think/intervall",
        ),
        domain(
            "a huge unknown field",
            with(KITCHEN, &format!("/actions/0/{}", huge()), json!(1)),
            // The pointer names the field whole: it is where the error is, not a message.
            Box::leak(format!("/actions/0/{}", huge()).into_boxed_str()),
        ),
        domain(
            "an attribute without a name",
            without(KITCHEN, "/attributes/0/name"),
            "/attributes/0",
        ),
        domain(
            "an attribute without a type",
            without(KITCHEN, "/attributes/1/type"),
            "/attributes/1",
        ),
        domain(
            "a goal condition without a key",
            without(KITCHEN, "/goals/0/conditions/0/key"),
            "/goals/0/conditions/0",
        ),
        domain(
            "a generator without a goal",
            without(KITCHEN, "/drives/0/generators/0/goal"),
            "/drives/0/generators/0",
        ),
        domain(
            "an action without a name",
            without(KITCHEN, "/actions/3/name"),
            "/actions/3",
        ),
        domain("an empty domain", "{}", ""),
        scenario(
            "an entity without an archetype",
            without(SCENARIO, "/entities/2/archetype"),
            "/entities/2",
        ),
        scenario(
            "a misspelt scenario section",
            with(SCENARIO, "/entites", json!([])),
            "/entites",
        ),
        scenario("a domain for a scenario", KITCHEN, ""),
    ]
}

fn empty_goals() -> Vec<Bad> {
    vec![
        domain(
            "a goal with no conditions",
            with(KITCHEN, "/goals/0/conditions", json!([])),
            "/goals/0",
        ),
        domain(
            "a goal without its conditions",
            without(KITCHEN, "/goals/1/conditions"),
            "/goals/1",
        ),
        scenario(
            "an inline domain's goal with no conditions",
            with(
                SCENARIO,
                "/domain",
                with(KITCHEN, "/goals/1/conditions", json!([]))
                    .parse::<Value>()
                    .unwrap(),
            ),
            "/domain/goals/1",
        ),
    ]
}

fn bad_references() -> Vec<Bad> {
    vec![
        domain(
            "an unknown action consumed",
            with(KITCHEN, "/archetypes/3/consumes/2", json!("eat_meel")),
            "/archetypes/3/consumes/2",
        ),
        domain(
            "a huge unknown action",
            with(KITCHEN, "/archetypes/3/consumes/2", json!(huge())),
            "/archetypes/3/consumes/2",
        ),
        domain(
            "an unknown attribute in an effect",
            with(KITCHEN, "/actions/2/effects/0/key", json!("hungr")),
            "/actions/2/effects/0/key",
        ),
        domain(
            "an unknown goal in a generator",
            with(KITCHEN, "/drives/0/generators/0/goal", json!("eet")),
            "/drives/0/generators/0/goal",
        ),
        domain(
            "an unknown world effect",
            with(KITCHEN, "/actions/1/world_effects/0", json!("clater")),
            "/actions/1/world_effects/0",
        ),
        domain(
            "an unknown curve",
            with(KITCHEN, "/goals/0/conditions/0/curve", json!("ful")),
            "/goals/0/conditions/0/curve",
        ),
        domain(
            "an unknown GOAP goal",
            with(KITCHEN, "/archetypes/4/goap_goals/0", json!("be_fedd")),
            "/archetypes/4/goap_goals/0",
        ),
        domain(
            "an unknown fallback",
            with(KITCHEN, "/archetypes/4/fallback", json!("idel")),
            "/archetypes/4/fallback",
        ),
        domain(
            "an unknown tag",
            with(KITCHEN, "/archetypes/3/tags/0", json!("stove_usr")),
            "/archetypes/3/tags/0",
        ),
        domain(
            "an attribute defined twice",
            with(KITCHEN, "/attributes/1/name", json!("hunger")),
            "/attributes/1",
        ),
        domain(
            "a huge attribute name",
            with(KITCHEN, "/attributes/0/name", json!(huge())),
            "/attributes/0",
        ),
        domain(
            "an archetype with two brains",
            with(KITCHEN, "/archetypes/3/goap_goals", json!(["be_fed"])),
            "/archetypes/3",
        ),
        scenario(
            "an unknown archetype for an entity",
            with(SCENARIO, "/entities/0/archetype", json!("stov")),
            "/entities/0/archetype",
        ),
        scenario(
            "a domain file that does not exist",
            with(SCENARIO, "/domain", json!("no-such-kitchen.json")),
            "/domain",
        ),
        scenario(
            "a variant of an unknown archetype",
            with(
                SCENARIO,
                "/variants/cooks/archetypes",
                json!({ "dinr": "cook_npc" }),
            ),
            "/variants/cooks/archetypes/dinr",
        ),
    ]
}

/// Every bad document of the corpus.
fn corpus() -> Vec<Bad> {
    [
        syntax_errors(),
        not_utf8(),
        duplicates(),
        wrong_values(),
        unknown_and_missing(),
        empty_goals(),
        bad_references(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Loads `bad` as the C ABI does: its bytes checked as text, then loaded.
fn load(bad: &Bad) -> LoadError {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let result = document_text(&bad.bytes).and_then(|text| match bad.scenario {
        true => load_scenario(text, Some(&base)).map(|_| ()),
        false => load_domain(text).map(|_| ()),
    });
    match result {
        Ok(()) => panic!("{}: loaded", bad.what),
        Err(error) => error,
    }
}

/// Why `bad`'s refusal is not located or not capped, if it is not.
fn fault(bad: &Bad, error: &LoadError) -> Option<String> {
    let parsed: Option<Value> = serde_json::from_slice(&bad.bytes).ok();
    let first = error.errors().next()?;
    let shown = error.to_string().chars().count();
    if shown > MAX_POINTER_CHARS + MAX_MESSAGE_CHARS + 40 {
        return Some(format!("a summary of {shown} characters"));
    }
    if first.path != bad.at {
        return Some(format!("first error at {:?}: {first}", first.path));
    }
    for d in error.errors() {
        if d.path.is_empty() && !bad.at.is_empty() {
            return Some(format!("an error at the root: {d}"));
        }
        if let Some(doc) = &parsed {
            if doc.pointer(&d.path).is_none() {
                return Some(format!("{d}: points nowhere"));
            }
        }
        if d.message.chars().count() > MAX_MESSAGE_CHARS + 1
            || d.message.contains(&"x".repeat(MAX_QUOTE_CHARS + 1))
        {
            return Some(format!("a message of {} bytes", d.message.len()));
        }
    }
    None
}

#[test]
fn every_refusal_is_located_and_capped() {
    let corpus = corpus();
    assert!(corpus.len() >= 60, "{} documents", corpus.len());
    let faults: Vec<String> = corpus
        .iter()
        .filter_map(|bad| fault(bad, &load(bad)).map(|f| format!("{}: {f}", bad.what)))
        .collect();
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    let whole = corpus.iter().filter(|bad| bad.at.is_empty()).count();
    assert!(whole <= 12, "{whole} refusals of the whole document");
}

#[test]
fn duplicate_keys_are_all_reported_and_reading_goes_on() {
    let text = edited(
        KITCHEN,
        "\"portions\": 3",
        "\"portions\": 3, \"portions\": 4, \"portions\": 5",
    );
    let text = edited(&text, "\"fallback\": \"idle\"", "\"fallback\": \"idel\"");
    let error = load(&domain("", text, ""));
    let found: Vec<String> = error.errors().map(ToString::to_string).collect();
    assert_eq!(
        found[..2],
        [
            "error: /archetypes/0/state/portions: duplicate key \"portions\": an object names each member once",
            "error: /archetypes/0/state/portions: duplicate key \"portions\": an object names each member once",
        ]
    );
    assert!(found[2].starts_with("error: /archetypes/4/fallback: unknown action \"idel\""));
}

#[test]
fn syntax_and_encoding_errors_give_line_and_column() {
    let error = load(&domain("", "{\n  \"tags\": [\n    \"a\",\n  ]\n}", ""));
    assert_eq!(
        error.to_string(),
        "error: /tags: line 4, column 3: trailing comma"
    );
    let error = load(&domain("", b"{\n  \"name\": \"caf\xe9\"\n}".to_vec(), ""));
    assert_eq!(
        error.to_string(),
        "error: not UTF-8 text: byte 16 (line 2, column 15) is not valid UTF-8"
    );
}

#[test]
fn files_are_read_up_to_the_maximum_only() {
    let folder = std::env::temp_dir().join(format!("motive-bad-documents-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let big = folder.join("big.json");
    // Sparse: a file one byte over the limit costs no disk.
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(motive::domain::MAX_DOCUMENT_BYTES as u64 + 1)
        .unwrap();
    let error = read_document(&big).unwrap_err();
    assert!(
        error.to_string().contains("larger than the 67108864 bytes"),
        "{error}"
    );
    let latin = folder.join("latin.json");
    std::fs::write(&latin, b"{\"name\": \"caf\xe9\"}").unwrap();
    let error = motive::domain::load_domain_file(&latin).unwrap_err();
    assert_eq!(error.diagnostics[0].path, "");
    assert!(error.to_string().contains("byte 13"), "{error}");
    std::fs::remove_dir_all(&folder).unwrap();
}

#[cfg(unix)]
#[test]
fn a_device_without_end_is_refused_promptly() {
    let started = std::time::Instant::now();
    let error = motive::domain::load_domain_file(Path::new("/dev/zero")).unwrap_err();
    assert!(error.to_string().contains("larger than"), "{error}");
    assert!(started.elapsed().as_secs() < 10);
}
