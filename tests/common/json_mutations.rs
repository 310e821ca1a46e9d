//! Mutation sweeps over JSON documents: every value of a valid document replaced, in turn, by
//! each of a set of awkward values, and the loader run on the result. Shared by the domain and
//! scenario loader tests.

use motive::domain::{LoadError, Loaded};
use serde_json::{json, Value};

/// Every JSON value a mutation may put somewhere.
fn arbitrary_values() -> Vec<Value> {
    vec![
        json!(null),
        json!(true),
        json!(-1),
        json!(0),
        json!(1e308),
        json!(0.5),
        json!("hunger"),
        json!("supplier"),
        json!("zzz"),
        json!(""),
        json!([]),
        json!([1, 2, 3]),
        json!({}),
        json!({ "name": "x" }),
        json!({ "type": "linear" }),
    ]
}

/// Every JSON Pointer in `doc`.
fn pointers(doc: &Value, at: String, out: &mut Vec<String>) {
    match doc {
        Value::Object(map) => {
            for (k, v) in map {
                pointers(v, format!("{at}/{k}"), out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                pointers(v, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// Loads every mutation of `base` with `load`, checking that none panics and that every
/// diagnostic points at a value of the mutated document. Returns (mutations tried, rejected).
pub fn sweep<T>(
    base: &Value,
    load: impl Fn(&str) -> Result<Loaded<T>, LoadError> + std::panic::RefUnwindSafe,
) -> (usize, usize) {
    let mut all = Vec::new();
    pointers(base, String::new(), &mut all);
    let (mut tried, mut rejected) = (0, 0);
    for pointer in all.iter().filter(|p| !p.is_empty()) {
        for value in arbitrary_values() {
            let mut doc = base.clone();
            *doc.pointer_mut(pointer).unwrap() = value.clone();
            let text = doc.to_string();
            let result = std::panic::catch_unwind(|| load(&text));
            let result = result.unwrap_or_else(|_| panic!("{pointer} = {value} panicked"));
            tried += 1;
            let diagnostics = match result {
                Ok(loaded) => loaded.warnings,
                Err(error) => {
                    rejected += 1;
                    error.diagnostics
                }
            };
            for d in diagnostics {
                assert!(
                    doc.pointer(&d.path).is_some(),
                    "{pointer} = {value}: {d} points nowhere"
                );
            }
        }
    }
    (tried, rejected)
}
