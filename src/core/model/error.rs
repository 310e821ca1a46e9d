//! Errors of the safe model. The C boundary maps each kind to a `motive_status`.

use std::fmt;

/// What went wrong, coarse enough for a program to branch on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// An argument is out of range, malformed or non-finite.
    InvalidArgument,
    /// The entity handle was destroyed or its slot recycled.
    StaleHandle,
    /// The handle belongs to another world.
    WrongWorld,
    /// A named or numbered thing does not exist.
    NotFound,
    /// A value's type differs from the attribute's declared type.
    TypeMismatch,
    /// A name is defined twice.
    AlreadyExists,
}

/// An error with a message that says which argument, handle or name was at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The category, for programs.
    pub kind: ErrorKind,
    /// The detail, for people.
    pub message: String,
}

impl Error {
    /// An error of `kind` with `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// Shorthand for [`ErrorKind::InvalidArgument`].
    pub fn invalid(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::InvalidArgument, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Results of the model.
pub type Result<T> = std::result::Result<T, Error>;
