//! A table of named definitions with dense ids: names are interned once, at authoring time.

use std::collections::BTreeMap;

use crate::core::model::domain::check_name;
use crate::core::model::error::{Error, ErrorKind, Result};

/// Definitions of one kind, indexed by dense id, each with a unique identifier name.
#[derive(Clone, Debug)]
pub struct NameTable<T> {
    kind: &'static str,
    items: Vec<T>,
    names: Vec<String>,
    by_name: BTreeMap<String, u32>,
}

impl<T> NameTable<T> {
    /// An empty table of definitions called `kind` in messages ("action", "drive", …).
    pub fn new(kind: &'static str) -> Self {
        NameTable {
            kind,
            items: Vec::new(),
            names: Vec::new(),
            by_name: BTreeMap::new(),
        }
    }

    /// Adds `item` under `name`; its id is the number of items added before it.
    pub fn add(&mut self, name: &str, item: T) -> Result<u32> {
        check_name(self.kind, name)?;
        if self.by_name.contains_key(name) {
            return Err(Error::new(
                ErrorKind::AlreadyExists,
                format!("{} {name:?} is already defined", self.kind),
            ));
        }
        let id = u32::try_from(self.items.len())
            .map_err(|_| Error::invalid(format!("too many {} definitions", self.kind)))?;
        self.items.push(item);
        self.names.push(name.to_owned());
        self.by_name.insert(name.to_owned(), id);
        Ok(id)
    }

    /// The id of `name`.
    pub fn find(&self, name: &str) -> Option<u32> {
        self.by_name.get(name).copied()
    }

    /// The item `id`, or a not-found error naming the kind.
    pub fn get(&self, id: u32) -> Result<&T> {
        self.items.get(id as usize).ok_or_else(|| self.missing(id))
    }

    /// The item `id`, mutable (builders only).
    pub fn get_mut(&mut self, id: u32) -> Result<&mut T> {
        let missing = self.missing(id);
        self.items.get_mut(id as usize).ok_or(missing)
    }

    /// The name of `id`, if the table has it.
    pub fn name_of(&self, id: u32) -> Option<&str> {
        self.names.get(id as usize).map(String::as_str)
    }

    /// The name of `id` (or `"?"` for an unknown id, in messages).
    pub fn name(&self, id: u32) -> &str {
        self.names.get(id as usize).map_or("?", String::as_str)
    }

    /// All items, by id.
    pub fn items(&self) -> &[T] {
        &self.items
    }

    /// Number of items.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when nothing is defined.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    fn missing(&self, id: u32) -> Error {
        Error::new(
            ErrorKind::NotFound,
            format!(
                "{} id {id} is not defined (there are {})",
                self.kind,
                self.items.len()
            ),
        )
    }
}
