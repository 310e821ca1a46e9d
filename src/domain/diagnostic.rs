//! What a load reports: errors and lint warnings, each at a JSON Pointer.

use std::fmt;

use super::excerpt;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Legal, but probably not what was meant (lint). The load succeeds.
    Warning,
    /// The document cannot be loaded as written.
    Error,
}

impl Severity {
    /// Lower-case name, as printed.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One problem: where (a JSON Pointer such as `/actions/3/effects/0/key`; empty for the whole
/// document) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// JSON Pointer (RFC 6901) of the value at fault.
    pub path: String,
    /// The reason, with a suggestion for a near-miss name.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    /// `error: /path: message`, the path cut to [`excerpt::MAX_POINTER_CHARS`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}: {}", self.severity.name(), self.message)
        } else {
            let path = excerpt::cut(self.path.clone(), excerpt::MAX_POINTER_CHARS);
            write!(f, "{}: {path}: {}", self.severity.name(), self.message)
        }
    }
}

/// A failed load: every diagnostic found, errors and warnings alike (at least one error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// In document order, errors and warnings interleaved.
    pub diagnostics: Vec<Diagnostic>,
}

impl LoadError {
    /// The errors only.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut errors = self.errors();
        if let Some(first) = errors.next() {
            write!(f, "{first}")?;
        }
        let more = errors.count();
        if more > 0 {
            write!(
                f,
                " (and {more} more error{})",
                if more == 1 { "" } else { "s" }
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}

impl From<LoadError> for crate::core::Error {
    fn from(error: LoadError) -> Self {
        crate::core::Error::invalid(error.to_string())
    }
}

/// A successful load: the value and the lint warnings about it.
#[derive(Clone, Debug)]
pub struct Loaded<T> {
    /// What was loaded.
    pub value: T,
    /// Lint warnings; empty when the document looks as meant.
    pub warnings: Vec<Diagnostic>,
}
