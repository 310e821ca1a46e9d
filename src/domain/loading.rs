//! The state of one domain load: the diagnostics, the builder the definitions go through, and
//! the names defined so far. The readers of each part of the document (`curves.rs`,
//! `conditions.rs`, `definitions.rs`, `archetypes.rs`, …) are methods of [`Loading`].

use std::collections::HashMap;

use super::names::Names;
use super::reader::{Ctx, Obj};
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
    /// Player actions.
    pub player_actions: Names,
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
            player_actions: Names::new("player action"),
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
    /// True when the definitions are those of a domain in error: a scenario's parts are then
    /// checked against the names the domain declares, but not against what its definitions
    /// hold (a squad, a brain, what a stand-in supplies), which may be missing for the error.
    pub partial: bool,
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

    /// The number member `key` of `obj` (`default` when absent; an error when there is none),
    /// held to `valid` at its own pointer: a value the builder would refuse in a whole
    /// definition is reported at the member at fault rather than at the definition.
    pub fn checked_number(
        &mut self,
        obj: &Obj,
        key: &str,
        default: Option<f64>,
        valid: fn(f64) -> Result<()>,
    ) -> Option<f64> {
        let Some(node) = obj.get(key) else {
            return default.or_else(|| obj.number(&mut self.ctx, key));
        };
        let value = self.ctx.number(&node)?;
        self.check(&node.path, valid(value))?;
        Some(value)
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
