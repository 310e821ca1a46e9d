//! The model: domains, worlds, entities and their facts. Safe Rust, no C, no files, no OS clock.

#![forbid(unsafe_code)]

pub mod action;
pub mod ambiance;
mod ambiance_authoring;
pub mod archetype;
pub mod condition;
pub mod curve;
pub mod distance_attenuation;
pub mod domain;
pub mod drive;
pub mod effect;
pub mod entity;
pub mod error;
pub mod event;
pub(crate) mod fact_key;
pub mod fact_set;
pub mod focus;
pub mod goal;
mod goal_update;
pub mod goap;
pub mod memory;
pub mod mind;
pub mod name_table;
pub mod outcome;
pub mod perception;
pub mod planner;
pub mod rng;
pub mod slot_map;
pub mod smart_object;
mod smart_object_authoring;
pub mod spatial;
pub mod ubc;
pub mod utility;
pub mod value;
pub mod vec3;
pub mod world;
pub mod world_actions;
mod world_ambiance;
pub mod world_claims;
pub mod world_effect;
pub mod world_find;
pub mod world_goap;
mod world_goap_think;
mod world_joint;
pub mod world_serial;
mod world_spatial;
mod world_think;
mod world_ubc_think;

pub use domain::{AttributeId, Domain, DomainBuilder};
pub use entity::{Entity, EntityKind};
pub use error::{Error, ErrorKind, Result};
pub use value::{Value, ValueType};
pub use vec3::Vec3;
pub use world::{World, WorldConfig, MAX_ENTITY_CAPACITY_HINT};
pub use world_spatial::DEFAULT_CELL_SIZE;
