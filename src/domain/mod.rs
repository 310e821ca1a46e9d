//! JSON authoring of domains and scenarios.
//!
//! Empty until the data-driven issue (#6): until then domains are defined through
//! [`crate::core::DomainBuilder`] and the C ABI's `motive_domain_builder_*` calls.

#![forbid(unsafe_code)]
