//! Typed fact values.

use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, Result};
use crate::core::model::vec3::Vec3;

/// The type an attribute declares; every fact of that attribute has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueType {
    /// True or false.
    Bool,
    /// A finite `f64`.
    Number,
    /// A reference to an entity of the same world (or null).
    Entity,
    /// A finite position.
    Position,
}

impl ValueType {
    /// Lower-case name for messages and authoring.
    pub fn name(self) -> &'static str {
        match self {
            ValueType::Bool => "bool",
            ValueType::Number => "number",
            ValueType::Entity => "entity",
            ValueType::Position => "position",
        }
    }
}

/// A fact's value.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A boolean.
    Bool(bool),
    /// A finite number.
    Number(f64),
    /// An entity of the same world, or [`Entity::NULL`] for "none".
    Entity(Entity),
    /// A finite position.
    Position(Vec3),
}

impl Value {
    /// The value's type.
    pub fn value_type(self) -> ValueType {
        match self {
            Value::Bool(_) => ValueType::Bool,
            Value::Number(_) => ValueType::Number,
            Value::Entity(_) => ValueType::Entity,
            Value::Position(_) => ValueType::Position,
        }
    }

    /// The number, when this is one. By reference: read where the value lies, a number is one
    /// load, where a copy of the enum moves it as its widest variant.
    #[inline]
    pub fn number(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// Rejects NaN and infinities, which would poison every comparison downstream.
    pub fn check_finite(self) -> Result<Self> {
        let finite = match self {
            Value::Number(n) => n.is_finite(),
            Value::Position(p) => p.is_finite(),
            Value::Bool(_) | Value::Entity(_) => true,
        };
        if finite {
            Ok(self)
        } else {
            Err(Error::invalid(format!("{self:?} is not finite")))
        }
    }
}
