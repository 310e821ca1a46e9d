//! Parsing JSON text with paths: a syntax error is reported at the JSON Pointer of the
//! innermost value being read (with its line and column), and a key written twice in an object
//! is an error at the second one. serde_json reports only lines and columns, and its `Value`
//! keeps the last of duplicate keys silently, so the document is read through a seed that
//! keeps the path as it goes and checks every object's keys.

use std::cell::RefCell;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value as Json};

use super::reader::{escape, Ctx};

/// Parses `text`; every duplicate key and the syntax error, if any, are recorded at their
/// pointers. None when the text is not JSON; the value (its last duplicate kept) otherwise.
pub fn parse(ctx: &mut Ctx, text: &str) -> Option<Json> {
    let walk = RefCell::new(Walk::default());
    let mut de = serde_json::Deserializer::from_str(text);
    let parsed = Value::root(&walk)
        .deserialize(&mut de)
        .and_then(|json| de.end().map(|()| json));
    let walk = walk.into_inner();
    for (pointer, key) in &walk.duplicates {
        ctx.error(
            pointer,
            format!("duplicate key {key:?}: an object names each member once"),
        );
    }
    match parsed {
        Ok(json) => Some(json),
        Err(e) => {
            let (line, column) = (e.line(), e.column());
            let reason = e
                .to_string()
                .replace(&format!(" at line {line} column {column}"), "");
            ctx.error(
                &walk.pointer(),
                format!("line {line}, column {column}: {reason}"),
            );
            None
        }
    }
}

/// Where the parse is: the path of the value being read, and the duplicate keys met.
#[derive(Default)]
struct Walk {
    /// Escaped reference tokens from the root to the value being read; left as it was when a
    /// value fails, so that after an error it names the innermost value being read.
    path: Vec<String>,
    /// Keys written a second time in their object, with their pointers.
    duplicates: Vec<(String, String)>,
}

impl Walk {
    /// The JSON Pointer of the value being read.
    fn pointer(&self) -> String {
        self.path.iter().map(|token| format!("/{token}")).collect()
    }
}

/// One value to read, at `token` below the value being read (none for the root).
struct Value<'w> {
    walk: &'w RefCell<Walk>,
    token: Option<String>,
}

impl<'w> Value<'w> {
    fn root(walk: &'w RefCell<Walk>) -> Self {
        Value { walk, token: None }
    }

    fn at(walk: &'w RefCell<Walk>, token: String) -> Self {
        Value {
            walk,
            token: Some(token),
        }
    }
}

impl<'de> DeserializeSeed<'de> for Value<'_> {
    type Value = Json;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Json, D::Error> {
        let Value { walk, token } = self;
        let entered = token.map(|token| walk.borrow_mut().path.push(token));
        // The visitor reads the value's contents, below its token.
        let json = deserializer.deserialize_any(Value::root(walk))?;
        if entered.is_some() {
            walk.borrow_mut().path.pop();
        }
        Ok(json)
    }
}

impl<'de> Visitor<'de> for Value<'_> {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Json, E> {
        Ok(Json::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Json, E> {
        Ok(Json::from(n))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Json, E> {
        Ok(Json::from(n))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Json, E> {
        // JSON text has no infinities or NaN; serde_json refuses numbers out of range.
        Ok(Number::from_f64(n).map_or(Json::Null, Json::Number))
    }

    fn visit_str<E>(self, s: &str) -> Result<Json, E> {
        Ok(Json::String(s.to_owned()))
    }

    fn visit_string<E>(self, s: String) -> Result<Json, E> {
        Ok(Json::String(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) =
            seq.next_element_seed(Value::at(self.walk, items.len().to_string()))?
        {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut members = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let token = escape(&key);
            let value = map.next_value_seed(Value::at(self.walk, token.clone()))?;
            if members.contains_key(&key) {
                let mut walk = self.walk.borrow_mut();
                let at = format!("{}/{token}", walk.pointer());
                walk.duplicates.push((at, key.clone()));
            }
            members.insert(key, value);
        }
        Ok(Json::Object(members))
    }
}
