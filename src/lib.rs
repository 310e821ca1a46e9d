//! motive: the decision-making core for game NPCs.
//!
//! Layers, from the bottom (imports point downward only):
//! - [`core`]: the safe, engine-neutral model (domain tables, worlds, entities, facts);
//! - [`sim`]: a headless engine stand-in that runs worlds without an engine;
//! - [`domain`]: JSON authoring of domains;
//! - [`ffi`]: the C boundary, the only place with `unsafe` but for one cache hint (`prefetch`)
//!   and the think threads' borrowed work (`think_pool`).
//!
//! `include/motive.h` is generated from [`ffi`] by cbindgen; see `docs/architecture.md`.

#![warn(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

/// cbindgen:ignore
pub mod core;
/// cbindgen:ignore
pub mod domain;
pub mod ffi;
mod prefetch;
/// cbindgen:ignore
pub mod sim;
mod think_pool;
