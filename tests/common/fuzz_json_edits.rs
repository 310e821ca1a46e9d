//! A structure-aware mutator of JSON documents: edits drawn from fuzzer bytes (`arbitrary`) and
//! applied to a parsed document, so that mutations of a shipped scenario stay mostly
//! well-formed and reach the loader's checks rather than the JSON parser's. Shared by
//! `tests/fuzz.rs` and the coverage-guided targets in `fuzz/`.

use arbitrary::{Arbitrary, Unstructured};
use serde_json::{Map, Number, Value};

/// A value an edit puts somewhere: the extremes, wrong types and odd strings loaders trip on.
#[derive(Arbitrary, Debug)]
enum Awkward {
    Null,
    Bool(bool),
    Zero,
    MinusOne,
    Huge,
    NegativeHuge,
    Tiny,
    U64Max,
    I64Min,
    Int(i64),
    Float(f64),
    /// A string of the document (a name, a kind): references to other definitions.
    Known(usize),
    Text(String),
    /// `"NaN"`, `"inf"` and friends, which are not JSON numbers.
    NotANumber(u8),
    /// One character repeated up to 64 Ki times.
    Long(char, u16),
    EmptyArray,
    EmptyObject,
}

/// One edit of the member or element at a pointer (indexes wrap over the document's pointers).
#[derive(Arbitrary, Debug)]
enum Edit {
    Replace(usize, Awkward),
    Delete(usize),
    /// Appends a copy of an array element, or copies a member under a known key.
    Duplicate(usize, usize),
    Swap(usize, usize),
    /// Copies the value at the first pointer over the value at the second.
    Transplant(usize, usize),
    /// Renames an object member to a known string.
    Rename(usize, usize),
    /// Wraps a value in up to 255 arrays or single-member objects under a known key.
    Nest(usize, u8, Option<usize>),
}

/// What happens to the edited document's text.
#[derive(Arbitrary, Debug)]
enum Finish {
    Whole,
    Pretty,
    /// Cut at a byte offset (wrapping), rounded down to a character boundary.
    Truncated(usize),
}

/// The text of `base` after the edits `u` describes.
pub fn mutate(base: &Value, u: &mut Unstructured) -> arbitrary::Result<String> {
    let mut doc = base.clone();
    let words = strings(base);
    for _ in 0..u.int_in_range(1..=8)? {
        let edit = Edit::arbitrary(u)?;
        apply(&mut doc, edit, &words);
    }
    Ok(match Finish::arbitrary(u)? {
        Finish::Whole => doc.to_string(),
        Finish::Pretty => serde_json::to_string_pretty(&doc).expect("a Value always serialises"),
        Finish::Truncated(at) => {
            let text = doc.to_string();
            let mut at = at % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text[..at].to_owned()
        }
    })
}

fn apply(doc: &mut Value, edit: Edit, words: &[String]) {
    let all = pointers(doc);
    let at = |i: usize| all[i % all.len()].clone();
    let word = |i: usize| {
        words
            .get(i % words.len().max(1))
            .cloned()
            .unwrap_or_default()
    };
    match edit {
        Edit::Replace(i, value) => set(doc, &at(i), awkward(value, words)),
        Edit::Delete(i) => {
            remove(doc, &at(i));
        }
        Edit::Duplicate(i, k) => {
            let p = at(i);
            let copy = doc.pointer(&p).cloned();
            match (copy, parent(doc, &p)) {
                (Some(v), Some(Value::Array(items))) => items.push(v),
                (Some(v), Some(Value::Object(map))) => {
                    map.insert(word(k), v);
                }
                _ => {}
            }
        }
        Edit::Swap(i, j) => {
            let (a, b) = (at(i), at(j));
            // A value cannot swap with one inside itself.
            if a.starts_with(&b) || b.starts_with(&a) {
                return;
            }
            let (va, vb) = (doc.pointer(&a).cloned(), doc.pointer(&b).cloned());
            if let (Some(va), Some(vb)) = (va, vb) {
                set(doc, &a, vb);
                set(doc, &b, va);
            }
        }
        Edit::Transplant(i, j) => {
            if let Some(v) = doc.pointer(&at(i)).cloned() {
                set(doc, &at(j), v);
            }
        }
        Edit::Rename(i, k) => {
            let p = at(i);
            if let Some(v) = remove(doc, &p) {
                if let Some(Value::Object(map)) = parent(doc, &p) {
                    map.insert(word(k), v);
                }
            }
        }
        Edit::Nest(i, depth, key) => {
            let p = at(i);
            let Some(mut v) = doc.pointer(&p).cloned() else {
                return;
            };
            for _ in 0..depth {
                v = match key {
                    Some(k) => Value::Object(Map::from_iter([(word(k), v)])),
                    None => Value::Array(vec![v]),
                };
            }
            set(doc, &p, v);
        }
    }
}

fn awkward(value: Awkward, words: &[String]) -> Value {
    let float = |f: f64| Number::from_f64(f).map_or(Value::Null, Value::Number);
    match value {
        Awkward::Null => Value::Null,
        Awkward::Bool(b) => Value::Bool(b),
        Awkward::Zero => 0.into(),
        Awkward::MinusOne => (-1).into(),
        Awkward::Huge => float(1e308),
        Awkward::NegativeHuge => float(-1e308),
        Awkward::Tiny => float(5e-324),
        Awkward::U64Max => u64::MAX.into(),
        Awkward::I64Min => i64::MIN.into(),
        Awkward::Int(i) => i.into(),
        Awkward::Float(f) => float(f),
        Awkward::Known(i) => words
            .get(i % words.len().max(1))
            .map_or(Value::Null, |w| w.as_str().into()),
        Awkward::Text(s) => s.into(),
        Awkward::NotANumber(i) => {
            ["NaN", "inf", "-inf", "1e999", "-0", "0x10", "1_000"][usize::from(i) % 7].into()
        }
        Awkward::Long(c, n) => std::iter::repeat_n(c, usize::from(n))
            .collect::<String>()
            .into(),
        Awkward::EmptyArray => Value::Array(Vec::new()),
        Awkward::EmptyObject => Value::Object(Map::new()),
    }
}

/// Every JSON Pointer in `doc`, the root (`""`) included, parents before children.
fn pointers(doc: &Value) -> Vec<String> {
    fn walk(v: &Value, at: String, out: &mut Vec<String>) {
        out.push(at.clone());
        match v {
            Value::Object(map) => {
                for (k, v) in map {
                    walk(
                        v,
                        format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                        out,
                    );
                }
            }
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    walk(v, format!("{at}/{i}"), out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(doc, String::new(), &mut out);
    out
}

/// Every object key and string value in `doc`: the names an edit may borrow.
fn strings(doc: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![doc];
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(map) => {
                out.extend(map.keys().cloned());
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            Value::String(s) => out.push(s.clone()),
            _ => {}
        }
    }
    out.sort();
    out.dedup();
    out
}

fn set(doc: &mut Value, pointer: &str, value: Value) {
    if let Some(slot) = doc.pointer_mut(pointer) {
        *slot = value;
    }
}

/// The container holding the value at `pointer`.
fn parent<'a>(doc: &'a mut Value, pointer: &str) -> Option<&'a mut Value> {
    let (up, _) = pointer.rsplit_once('/')?;
    doc.pointer_mut(up)
}

/// Removes the value at `pointer` from its container, returning it.
fn remove(doc: &mut Value, pointer: &str) -> Option<Value> {
    let last = pointer
        .rsplit_once('/')?
        .1
        .replace("~1", "/")
        .replace("~0", "~");
    match parent(doc, pointer)? {
        Value::Object(map) => map.remove(&last),
        Value::Array(items) => {
            let i: usize = last.parse().ok()?;
            (i < items.len()).then(|| items.remove(i))
        }
        _ => None,
    }
}
