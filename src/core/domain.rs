//! The domain: authored definitions, immutable once built and shared by any number of worlds.
//!
//! Names are interned into dense ids when the domain is built; everything after that (worlds,
//! planners) works on ids only.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::error::{Error, ErrorKind, Result};
use super::value::ValueType;

/// Dense id of an attribute: its index in the domain's attribute table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttributeId(pub u32);

/// An attribute definition: a name and the type of every value it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttributeDef {
    /// Unique name, a valid identifier (see [`check_name`]).
    pub name: String,
    /// Type of its values.
    pub value_type: ValueType,
}

/// Checks that `name` is an identifier: an ASCII letter or `_`, then letters, digits, `_`, `-`
/// or `.`, at most 64 bytes. Identifiers keep JSON paths, error messages and C# / C++ names
/// unambiguous.
pub fn check_name(what: &str, name: &str) -> Result<()> {
    let mut chars = name.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if first_ok && rest_ok && name.len() <= 64 {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "{what} name {name:?} is not an identifier (a letter or '_', then letters, digits, '_', '-' or '.', at most 64 bytes)"
        )))
    }
}

/// Collects definitions; [`DomainBuilder::build`] freezes them into a [`Domain`].
#[derive(Clone, Debug, Default)]
pub struct DomainBuilder {
    attributes: Vec<AttributeDef>,
    by_name: BTreeMap<String, AttributeId>,
}

impl DomainBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Defines an attribute; its id is the number of attributes defined before it.
    pub fn add_attribute(&mut self, name: &str, value_type: ValueType) -> Result<AttributeId> {
        check_name("attribute", name)?;
        if self.by_name.contains_key(name) {
            return Err(Error::new(
                ErrorKind::AlreadyExists,
                format!("attribute {name:?} is already defined"),
            ));
        }
        let id = AttributeId(self.attributes.len() as u32);
        self.attributes.push(AttributeDef {
            name: name.to_owned(),
            value_type,
        });
        self.by_name.insert(name.to_owned(), id);
        Ok(id)
    }

    /// Freezes the definitions. The builder keeps them and can build again.
    pub fn build(&self) -> Arc<Domain> {
        Arc::new(Domain {
            attributes: self.attributes.clone(),
            by_name: self.by_name.clone(),
        })
    }
}

/// Immutable definitions shared (through `Arc`) by worlds and threads without locks.
#[derive(Debug)]
pub struct Domain {
    attributes: Vec<AttributeDef>,
    by_name: BTreeMap<String, AttributeId>,
}

impl Domain {
    /// The attribute called `name`.
    pub fn find_attribute(&self, name: &str) -> Option<AttributeId> {
        self.by_name.get(name).copied()
    }

    /// The definition of `id`, or a not-found error naming it.
    pub fn attribute(&self, id: AttributeId) -> Result<&AttributeDef> {
        self.attributes.get(id.0 as usize).ok_or_else(|| {
            Error::new(
                ErrorKind::NotFound,
                format!(
                    "attribute id {} is not defined (the domain has {})",
                    id.0,
                    self.attributes.len()
                ),
            )
        })
    }

    /// All attribute definitions, indexed by id.
    pub fn attributes(&self) -> &[AttributeDef] {
        &self.attributes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_get_dense_ids_and_names_are_unique() {
        let mut b = DomainBuilder::new();
        assert_eq!(
            b.add_attribute("health", ValueType::Number),
            Ok(AttributeId(0))
        );
        assert_eq!(
            b.add_attribute("alive", ValueType::Bool),
            Ok(AttributeId(1))
        );
        let dup = b.add_attribute("health", ValueType::Bool).unwrap_err();
        assert_eq!(dup.kind, ErrorKind::AlreadyExists);
        let domain = b.build();
        assert_eq!(domain.find_attribute("alive"), Some(AttributeId(1)));
        assert_eq!(domain.find_attribute("mana"), None);
        assert_eq!(
            domain.attribute(AttributeId(2)).unwrap_err().kind,
            ErrorKind::NotFound
        );
    }

    #[test]
    fn names_must_be_identifiers() {
        for bad in ["", "1st", "has space", "é", "a/b", &"x".repeat(65)] {
            assert!(check_name("attribute", bad).is_err(), "{bad:?}");
        }
        for good in ["_x", "health", "target.dead", "mana-max", "A1"] {
            assert!(check_name("attribute", good).is_ok(), "{good:?}");
        }
    }
}
