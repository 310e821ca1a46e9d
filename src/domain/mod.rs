//! JSON authoring of domains and scenarios (`docs/domain-format.md`, `docs/domain.schema.json`).
//!
//! A loader reads a parsed document with paths, so every problem is reported at its JSON
//! Pointer, and it reads on after a problem so that one load reports all of them. Definitions
//! go through [`crate::core::DomainBuilder`], the same calls the C ABI makes, so a JSON domain
//! is checked exactly as a hand-built one. Lint warnings follow a successful load.

#![forbid(unsafe_code)]

mod archetypes;
mod bt;
mod bt_lint;
mod conditions;
mod curves;
mod definitions;
pub mod diagnostic;
mod document;
mod effects;
pub mod excerpt;
mod lint;
mod loading;
mod modifiers;
mod names;
mod player;
mod reader;
pub mod scenario;
mod scenario_document;
mod scenario_groups;
mod scenario_measures;
pub mod source;
mod squads;
mod suggest;
mod syntax;
mod ubc;
pub mod variant;
mod variant_document;

pub use diagnostic::{Diagnostic, LoadError, Loaded, Severity};
pub use document::load_domain;
pub use scenario::{Instance, Scenario};
#[cfg(test)]
pub(crate) use scenario_document::shipped_instance;
pub use scenario_document::{is_scenario, load_domain_file, load_scenario, load_scenario_file};
pub use source::{document_text, read_document, MAX_DOCUMENT_BYTES};
pub use variant::Variant;
