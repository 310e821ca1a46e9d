//! The state of one domain load: the diagnostics, the builder the definitions go through, and
//! the names defined so far. The readers of each part of the document (`curves.rs`,
//! `conditions.rs`, `definitions.rs`, `archetypes.rs`, …) are methods of [`Loading`].

use std::collections::HashMap;

use super::names::Names;
use super::reader::Ctx;
use crate::core::model::curve::Curve;
use crate::core::{DomainBuilder, Result, ValueType};

/// The names of every kind of definition.
#[derive(Debug)]
pub struct Refs {
    /// Attributes.
    pub attributes: Names,
    /// Named curves (ids index `Loading::curves`).
    pub curves: Names,
    /// Smart-object tags.
    pub tags: Names,
    /// Ambiance annotations.
    pub annotations: Names,
    /// UDGOAP goals.
    pub goals: Names,
    /// Drives.
    pub drives: Names,
    /// World-effect generators.
    pub world_effects: Names,
    /// Actions.
    pub actions: Names,
    /// GOAP goals.
    pub goap_goals: Names,
    /// UBC goals.
    pub ubc_goals: Names,
    /// UBC predefined plans.
    pub ubc_plans: Names,
    /// Behaviour trees.
    pub bt_trees: Names,
    /// Archetypes.
    pub archetypes: Names,
}

impl Default for Refs {
    fn default() -> Self {
        Refs {
            attributes: Names::new("attribute"),
            curves: Names::new("curve"),
            tags: Names::new("tag"),
            annotations: Names::new("annotation"),
            goals: Names::new("goal"),
            drives: Names::new("drive"),
            world_effects: Names::new("world effect"),
            actions: Names::new("action"),
            goap_goals: Names::new("GOAP goal"),
            ubc_goals: Names::new("UBC goal"),
            ubc_plans: Names::new("predefined plan"),
            bt_trees: Names::new("behaviour tree"),
            archetypes: Names::new("archetype"),
        }
    }
}

/// Where each definition was written, by kind and id, so lint can point at it.
#[derive(Debug, Default)]
pub struct Paths {
    /// JSON Pointers of goals, by goal id.
    pub goals: HashMap<u32, String>,
    /// Of actions, by action id.
    pub actions: HashMap<u32, String>,
    /// Of GOAP goals, by id.
    pub goap_goals: HashMap<u32, String>,
    /// Of archetypes, by id.
    pub archetypes: HashMap<u32, String>,
    /// Of behaviour trees, by id.
    pub bt_trees: HashMap<u32, String>,
}

/// One load in progress.
#[derive(Debug, Default)]
pub struct Loading {
    /// Errors and warnings so far.
    pub ctx: Ctx,
    /// The definitions accepted so far.
    pub builder: DomainBuilder,
    /// The names defined.
    pub refs: Refs,
    /// Named curves, by curve id.
    pub curves: Vec<Curve>,
    /// Where definitions were written.
    pub paths: Paths,
}

impl Loading {
    /// The builder's verdict on one definition: its value, or its error recorded at `path`.
    pub fn check<T>(&mut self, path: &str, result: Result<T>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(e) => {
                self.ctx.error(path, e.message);
                None
            }
        }
    }

    /// Declares the definition `name`, of the kind `names` selects, with the id `added` gave
    /// it: none when its fields were already in error (`added` is `None`) or when the builder
    /// refused it (the refusal is reported at `path`). References to such a name then resolve
    /// to nothing without a second error.
    pub fn define(
        &mut self,
        path: &str,
        name: &str,
        names: fn(&mut Refs) -> &mut Names,
        added: Option<Result<u32>>,
    ) -> Option<u32> {
        let id = added.and_then(|result| self.check(path, result));
        names(&mut self.refs).declare(name, id);
        id
    }

    /// The type of attribute `id`.
    pub fn attribute_type(&self, id: crate::core::AttributeId) -> ValueType {
        self.builder.domain().attributes()[id.0 as usize].value_type
    }
}
