//! The model: domains, worlds, entities and their facts, and the brains that think over them.
//! Safe Rust, no C, no files, no OS clock.
//!
//! Three layers, imports pointing downward only (`tests/layers.rs` checks it):
//! - [`brains`](crate::core::brains): one folder per decision model (UDGOAP, GOAP, UBC), each with its per-NPC state
//!   and its think;
//! - [`world`](crate::core::world): the running world: entities, facts, positions, claims, joint actions, events,
//!   the execution of actions, ambiance at run time, the think schedule;
//! - [`model`](crate::core::model): the immutable domain: names, values, conditions, effects, actions, goals,
//!   drives, archetypes, curves, smart-object and ambiance definitions, outcome tables.

#![forbid(unsafe_code)]

pub mod brains;
pub mod model;
pub mod world;

pub use model::domain::{AttributeId, Domain, DomainBuilder};
pub use model::entity::{Entity, EntityKind};
pub use model::error::{Error, ErrorKind, Result};
pub use model::limits::MAX_ENTITY_CAPACITY_HINT;
pub use model::value::{Value, ValueType};
pub use model::vec3::Vec3;
pub use world::spatial::DEFAULT_CELL_SIZE;
pub use world::WorldConfig;

/// The world of every brain motive has: what engines, the simulator and the C ABI create.
pub type World = world::World<brains::BrainState>;

/// The per-NPC state of a [`World`]'s NPCs: what every brain shares and the deciding brain's
/// own state.
pub type Mind = world::Mind<brains::BrainState>;
