//! The names a document defines, by kind, so that references resolve in any order and a
//! misspelt one gets a suggestion.

use std::collections::HashMap;

use super::reader::{Ctx, Node};
use super::suggest;

/// The names of one kind of definition and their dense ids. A name whose definition was
/// rejected maps to `None`: references to it resolve to nothing without a second error.
#[derive(Debug)]
pub struct Names {
    kind: &'static str,
    ids: HashMap<String, Option<u32>>,
}

impl Names {
    /// No names of `kind` ("attribute", "action", …) yet.
    pub fn new(kind: &'static str) -> Self {
        Names {
            kind,
            ids: HashMap::new(),
        }
    }

    /// Records `name` with the id its definition got (None when it was rejected). A duplicate
    /// keeps the first definition.
    pub fn declare(&mut self, name: &str, id: Option<u32>) {
        self.ids.entry(name.to_owned()).or_insert(id);
    }

    /// True when `name` was declared, accepted or not.
    pub fn contains(&self, name: &str) -> bool {
        self.ids.contains_key(name)
    }

    /// The id `node` (a string) names, or an error with a suggestion.
    pub fn resolve(&self, ctx: &mut Ctx, node: &Node) -> Option<u32> {
        let name = ctx.str(node)?;
        self.lookup(ctx, &node.path, name)
    }

    /// The id of `name`, found at `path`, or an error with a suggestion.
    pub fn lookup(&self, ctx: &mut Ctx, path: &str, name: &str) -> Option<u32> {
        match self.ids.get(name) {
            Some(Some(id)) => Some(*id),
            Some(None) => {
                ctx.unresolved += 1;
                None
            }
            None => {
                let hint = suggest::hint(name, self.ids.keys().map(String::as_str));
                ctx.error(path, format!("unknown {} {name:?}{hint}", self.kind));
                None
            }
        }
    }

    /// Resolves every string of the array `nodes`, skipping the ones that fail.
    pub fn resolve_all(&self, ctx: &mut Ctx, nodes: &[Node]) -> Vec<u32> {
        nodes.iter().filter_map(|n| self.resolve(ctx, n)).collect()
    }
}
