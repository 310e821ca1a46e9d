//! The immutable domain and the values it speaks of: what a designer authors, checked and
//! interned into dense ids once, then shared read-only by every world and thread. Nothing here
//! knows of a running world or of a brain's state.

pub mod action;
pub mod ambiance;
mod ambiance_authoring;
pub mod archetype;
pub mod bt;
pub mod condition;
pub mod curve;
pub mod distance_attenuation;
pub mod domain;
pub mod drive;
pub mod effect;
pub mod entity;
pub mod error;
pub mod fact_set;
pub mod fnv;
pub mod goal;
pub mod goap;
pub mod limits;
pub mod name_table;
pub(crate) mod need_decay;
pub mod order;
pub mod outcome;
pub mod perception;
pub mod player_style;
pub mod rng;
pub(crate) mod save_context;
pub mod slot_map;
pub(crate) mod slot_set;
pub mod smart_object;
mod smart_object_authoring;
pub mod squad;
pub mod ubc;
pub mod value;
pub mod vec3;
pub mod world_effect;
