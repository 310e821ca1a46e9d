//! The C boundary: the only module with `unsafe`, and no decision logic.
//!
//! Conventions, which `include/motive.h` (generated from this module) repeats:
//! - every fallible function returns a `motive_status`, 0 = OK, and writes its outputs only on
//!   success; the detail of the last failure on the calling thread is in
//!   `motive_last_error_message`;
//! - every export runs behind one panic firewall (`guard`): no panic unwinds into C, and a
//!   world in which one happened is poisoned;
//! - handles are checked on every call, in release builds too;
//! - owned objects (`motive_world`, `motive_domain`, `motive_domain_builder`) are created by
//!   `*_create`/`*_build`, freed by `*_destroy`, and `*_destroy(NULL)` does nothing.

// C names (`motive_world`, `motive_status`) are the ABI; Rust naming would hide what C sees.
#![allow(non_camel_case_types)]

pub mod actions;
pub mod ambiance;
pub mod archetypes;
pub mod arena;
pub mod bt;
pub mod bt_blackboard;
pub mod bt_callbacks;
mod buffers;
pub mod conditions;
pub mod curve;
pub mod defs;
pub mod distance;
pub mod domain;
pub mod domain_json;
pub mod drives;
pub mod effects;
pub mod entities;
mod enum_codes;
pub mod events;
pub mod facts;
pub mod find;
pub mod goals;
pub mod goap_definitions;
pub mod goap_minds;
pub mod goap_search;
mod guard;
pub mod handles;
pub mod history;
pub mod joint_actions;
pub mod last_error;
pub mod limits;
pub mod minds;
pub mod names;
pub mod outcomes;
pub mod parallel_stats;
mod pointers;
pub mod save;
pub mod scenario;
pub mod sim;
pub mod smart_objects;
pub mod spatial;
pub mod squads;
pub mod status;
#[cfg(feature = "test-hooks")]
pub mod test_hooks;
pub mod think_settings;
pub mod ubc;
mod user_data;
pub mod vec3;
pub mod version;
pub mod world;
pub mod world_effects;
