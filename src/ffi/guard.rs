//! The panic firewall every export runs behind.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::last_error;
use super::status::motive_status;
use crate::core::Error;

/// A failure on its way to C: the status to return and the message to record.
#[derive(Debug)]
pub(crate) struct FfiError {
    pub status: motive_status,
    pub message: String,
}

impl FfiError {
    pub fn new(status: motive_status, message: impl Into<String>) -> Self {
        FfiError {
            status,
            message: message.into(),
        }
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        FfiError::new(motive_status::InvalidArgument, message)
    }

    /// The same failure, its message prefixed with where it happened (`"conditions[2]: …"`).
    pub fn context(self, place: impl std::fmt::Display) -> Self {
        FfiError::new(self.status, format!("{place}: {}", self.message))
    }
}

impl From<Error> for FfiError {
    fn from(error: Error) -> Self {
        FfiError::new(error.kind.into(), error.message)
    }
}

pub(crate) type FfiResult<T> = Result<T, FfiError>;

/// Runs an export's body: a panic becomes `MOTIVE_STATUS_PANIC`, an error becomes its status,
/// and both leave their message in the thread's last error.
pub(crate) fn guard(body: impl FnOnce() -> FfiResult<()>) -> motive_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => motive_status::Ok,
        Ok(Err(error)) => {
            last_error::set(&error.message);
            error.status
        }
        Err(payload) => {
            last_error::set(&panic_message(payload.as_ref()));
            motive_status::Panic
        }
    }
}

/// Runs the body of an export that returns a plain value; a panic returns `on_panic`.
pub(crate) fn guard_value<T>(on_panic: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|payload| {
        last_error::set(&panic_message(payload.as_ref()));
        on_panic
    })
}

/// The message of a caught panic, for the last error.
pub(crate) fn panic_message(payload: &(dyn Any + Send)) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(no message)");
    format!("internal panic (a bug in motive, please report it): {text}")
}
