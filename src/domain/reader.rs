//! Reading a parsed JSON document with paths: every value knows its JSON Pointer, every
//! problem is recorded against it, and reading goes on after a problem so that one load
//! reports them all.

use serde_json::{Map, Value as Json};

use super::diagnostic::{Diagnostic, Severity};
use super::{excerpt, suggest};

/// A JSON value and where it is.
#[derive(Clone, Debug)]
pub struct Node<'a> {
    /// The value.
    pub json: &'a Json,
    /// Its JSON Pointer.
    pub path: String,
}

impl<'a> Node<'a> {
    /// The whole document.
    pub fn root(json: &'a Json) -> Self {
        Node {
            json,
            path: String::new(),
        }
    }

    /// The member `key` of this object node.
    fn member(&self, key: &str, json: &'a Json) -> Node<'a> {
        Node {
            json,
            path: format!("{}/{}", self.path, escape(key)),
        }
    }

    /// The elements of an array node, with their paths.
    fn elements(&self, items: &'a [Json]) -> Vec<Node<'a>> {
        items
            .iter()
            .enumerate()
            .map(|(i, json)| Node {
                json,
                path: format!("{}/{i}", self.path),
            })
            .collect()
    }
}

/// The diagnostics of one load.
#[derive(Debug, Default)]
pub struct Ctx {
    /// Everything found so far, in document order.
    pub diagnostics: Vec<Diagnostic>,
    /// References to definitions that were rejected: resolved to nothing without a second
    /// error, but what depends on them cannot be checked either.
    pub unresolved: usize,
}

impl Ctx {
    /// Records an error at `path`.
    pub fn error(&mut self, path: &str, message: impl Into<String>) {
        self.push(Severity::Error, path, message.into());
    }

    /// Records a lint warning at `path`.
    pub fn warn(&mut self, path: &str, message: impl Into<String>) {
        self.push(Severity::Warning, path, message.into());
    }

    /// Records a diagnostic. Every diagnostic comes through here: its message is capped,
    /// however much of the document it quotes.
    pub fn push(&mut self, severity: Severity, path: &str, message: String) {
        self.diagnostics.push(Diagnostic {
            severity,
            path: path.to_owned(),
            message: excerpt::capped(&message),
        });
    }

    /// True when an error has been recorded.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    /// `node` as an object whose members are all among `fields` (an unknown member is an
    /// error with a suggestion; `$schema` is always allowed). None, with an error, when it is
    /// not an object.
    pub fn object<'a>(&mut self, node: &Node<'a>, fields: &[&str]) -> Option<Obj<'a>> {
        let Json::Object(map) = node.json else {
            self.error(
                &node.path,
                format!("expected an object, found {}", kind(node.json)),
            );
            return None;
        };
        for key in map.keys() {
            if key != "$schema" && !fields.contains(&key.as_str()) {
                let hint = suggest::hint(key, fields.iter().copied());
                self.error(
                    &node.member(key, &map[key]).path,
                    format!("unknown field {key:?}{hint}"),
                );
            }
        }
        Some(Obj {
            node: node.clone(),
            map,
        })
    }

    /// The elements of `node`, which must be an array (else an error and none).
    pub fn array<'a>(&mut self, node: &Node<'a>) -> Vec<Node<'a>> {
        match node.json {
            Json::Array(items) => node.elements(items),
            other => {
                self.error(
                    &node.path,
                    format!("expected an array, found {}", kind(other)),
                );
                Vec::new()
            }
        }
    }

    /// The members of `node`, which must be an object (else an error and none), with their
    /// paths.
    pub fn members<'a>(&mut self, node: &Node<'a>) -> Vec<(&'a str, Node<'a>)> {
        match node.json {
            Json::Object(map) => map
                .iter()
                .map(|(key, json)| (key.as_str(), node.member(key, json)))
                .collect(),
            other => {
                self.error(
                    &node.path,
                    format!("expected an object, found {}", kind(other)),
                );
                Vec::new()
            }
        }
    }

    /// `node` as a string.
    pub fn str<'a>(&mut self, node: &Node<'a>) -> Option<&'a str> {
        match node.json {
            Json::String(s) => Some(s),
            other => {
                self.error(
                    &node.path,
                    format!("expected a string, found {}", kind(other)),
                );
                None
            }
        }
    }

    /// `node` as a number (JSON numbers are always finite).
    pub fn number(&mut self, node: &Node) -> Option<f64> {
        match node.json.as_f64() {
            Some(n) => Some(n),
            None => {
                self.error(
                    &node.path,
                    format!("expected a number, found {}", kind(node.json)),
                );
                None
            }
        }
    }

    /// `node` as a whole number in `[0, max]`.
    pub fn whole(&mut self, node: &Node, max: u64) -> Option<u64> {
        self.whole_between(node, 0, max)
    }

    /// A whole number from `min` to `max` (a count that may not be 0, where 0 would quietly
    /// make nothing).
    pub fn whole_between(&mut self, node: &Node, min: u64, max: u64) -> Option<u64> {
        match node.json.as_u64() {
            Some(n) if (min..=max).contains(&n) => Some(n),
            _ => {
                self.error(
                    &node.path,
                    format!(
                        "expected a whole number from {min} to {max}, found {}",
                        excerpt::json(node.json)
                    ),
                );
                None
            }
        }
    }

    /// `node` as a boolean.
    pub fn bool(&mut self, node: &Node) -> Option<bool> {
        match node.json {
            Json::Bool(b) => Some(*b),
            other => {
                self.error(
                    &node.path,
                    format!("expected true or false, found {}", kind(other)),
                );
                None
            }
        }
    }

    /// `node` as one of `choices` (a string), returning its index.
    pub fn choice(&mut self, node: &Node, choices: &[&str]) -> Option<usize> {
        let s = self.str(node)?;
        match choices.iter().position(|c| *c == s) {
            Some(i) => Some(i),
            None => {
                let hint = suggest::hint(s, choices.iter().copied());
                self.error(
                    &node.path,
                    format!("expected one of {}, found {s:?}{hint}", choices.join(", ")),
                );
                None
            }
        }
    }

    /// `node` as one of `words` or an object of `fields`; anything else is an error saying
    /// what was `expected` (`"engine", {"seconds": s} or {"until_full": attribute}`).
    pub fn form<'a>(
        &mut self,
        node: &Node<'a>,
        words: &[&str],
        fields: &[&str],
        expected: &str,
    ) -> Option<Form<'a>> {
        if let Some(i) = words.iter().position(|w| node.json.as_str() == Some(w)) {
            return Some(Form::Word(i));
        }
        if node.json.is_object() {
            return self.object(node, fields).map(Form::Object);
        }
        self.error(
            &node.path,
            format!("expected {expected}, found {}", excerpt::json(node.json)),
        );
        None
    }

    /// `node` as `[x, y, z]`.
    pub fn vec3(&mut self, node: &Node) -> Option<crate::core::Vec3> {
        let xyz = match node.json {
            Json::Array(items) if items.len() == 3 => items
                .iter()
                .map(|v| v.as_f64())
                .collect::<Option<Vec<f64>>>(),
            _ => None,
        };
        // Positions are f32: a number beyond its range would become infinite.
        let position = xyz.map(|v| crate::core::Vec3::new(v[0] as f32, v[1] as f32, v[2] as f32));
        match position.filter(|p| p.is_finite()) {
            Some(p) => Some(p),
            None => {
                self.error(
                    &node.path,
                    format!(
                        "expected a finite position [x, y, z], found {}",
                        excerpt::json(node.json)
                    ),
                );
                None
            }
        }
    }
}

/// A value written either as one of a few words or as an object (`"engine"` or
/// `{ "seconds": 2 }`).
pub enum Form<'a> {
    /// The word at this index of the words asked for.
    Word(usize),
    /// The object, its members checked.
    Object(Obj<'a>),
}

/// An object node whose members were checked against the fields its reader knows.
#[derive(Clone, Debug)]
pub struct Obj<'a> {
    /// The object itself.
    pub node: Node<'a>,
    map: &'a Map<String, Json>,
}

impl<'a> Obj<'a> {
    /// The member `key`, if present (`null` counts as absent).
    pub fn get(&self, key: &str) -> Option<Node<'a>> {
        self.map
            .get(key)
            .filter(|v| !v.is_null())
            .map(|v| self.node.member(key, v))
    }

    /// True when `key` is present and not null.
    pub fn has(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The member `key`, or an error naming it as missing.
    pub fn require(&self, ctx: &mut Ctx, key: &str) -> Option<Node<'a>> {
        let node = self.get(key);
        if node.is_none() {
            ctx.error(&self.node.path, format!("missing field {key:?}"));
        }
        node
    }

    /// The required string member `key`.
    pub fn str(&self, ctx: &mut Ctx, key: &str) -> Option<&'a str> {
        let node = self.require(ctx, key)?;
        ctx.str(&node)
    }

    /// The required number member `key`.
    pub fn number(&self, ctx: &mut Ctx, key: &str) -> Option<f64> {
        let node = self.require(ctx, key)?;
        ctx.number(&node)
    }

    /// The number member `key`, or `default` when absent; None (with an error) when not a
    /// number.
    pub fn number_or(&self, ctx: &mut Ctx, key: &str, default: f64) -> Option<f64> {
        match self.get(key) {
            Some(node) => ctx.number(&node),
            None => Some(default),
        }
    }

    /// The boolean member `key`, or `default` when absent.
    pub fn bool_or(&self, ctx: &mut Ctx, key: &str, default: bool) -> Option<bool> {
        match self.get(key) {
            Some(node) => ctx.bool(&node),
            None => Some(default),
        }
    }

    /// The elements of the array member `key`; none when absent.
    pub fn list(&self, ctx: &mut Ctx, key: &str) -> Vec<Node<'a>> {
        match self.get(key) {
            Some(node) => ctx.array(&node),
            None => Vec::new(),
        }
    }
}

/// How a JSON value is described in messages.
pub fn kind(json: &Json) -> &'static str {
    match json {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

/// `key` as a JSON Pointer reference token (RFC 6901: `~` and `/` escaped).
pub fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}
