//! The status code every fallible export returns.

use std::ffi::c_char;

use super::guard::guard_value;
use crate::core::ErrorKind;

/// Result of a motive call. 0 is success; `MOTIVE_STATUS_IN_PROGRESS` means "not finished,
/// call again" and is not a failure; every other value is a failure, grouped by hundreds:
/// 1xx bad arguments, 2xx handles and names, 3xx planning, 4xx data, 5xx world state.
/// Numbers are never reused: retired codes stay reserved.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_status {
    /// Success.
    Ok = 0,
    /// A sliced search has not finished; call its step function again.
    InProgress = 1,
    /// A required pointer argument was NULL.
    NullArgument = 100,
    /// An argument is out of range, non-finite, not UTF-8, or a definition has the wrong size.
    InvalidArgument = 101,
    /// A value's type differs from what the attribute declares.
    TypeMismatch = 102,
    /// The caller's buffer is too small; the required size was reported.
    BufferTooSmall = 103,
    /// The handle names a destroyed entity (or one never issued).
    StaleHandle = 200,
    /// The handle belongs to another world.
    WrongWorld = 201,
    /// A name, id or fact does not exist.
    NotFound = 202,
    /// A name is already defined.
    AlreadyExists = 203,
    /// A search used its whole budget without finding a plan.
    BudgetExhausted = 300,
    /// A search exhausted every option: there is no plan.
    NoPlan = 301,
    /// Authored data could not be parsed or validated.
    ParseError = 400,
    /// The world was re-entered from one of its own callbacks.
    WorldLocked = 500,
    /// A panic happened inside this world earlier; it refuses further calls except destroy.
    Poisoned = 501,
    /// A panic was caught at the boundary (a bug in motive: please report it).
    Panic = 502,
    /// A tick is open (`motive_world_tick_begin`): only `motive_world_think_range` and
    /// `motive_world_tick_end` may be called until it ends.
    TickOpen = 503,
    /// No tick is open: `motive_world_think_range` and `motive_world_tick_end` need
    /// `motive_world_tick_begin` first.
    NoTick = 504,
}

impl motive_status {
    const ALL: [motive_status; 18] = [
        motive_status::Ok,
        motive_status::InProgress,
        motive_status::NullArgument,
        motive_status::InvalidArgument,
        motive_status::TypeMismatch,
        motive_status::BufferTooSmall,
        motive_status::StaleHandle,
        motive_status::WrongWorld,
        motive_status::NotFound,
        motive_status::AlreadyExists,
        motive_status::BudgetExhausted,
        motive_status::NoPlan,
        motive_status::ParseError,
        motive_status::WorldLocked,
        motive_status::Poisoned,
        motive_status::Panic,
        motive_status::TickOpen,
        motive_status::NoTick,
    ];

    fn from_code(code: u32) -> Option<Self> {
        Self::ALL.into_iter().find(|s| *s as u32 == code)
    }

    fn name(self) -> &'static std::ffi::CStr {
        match self {
            motive_status::Ok => c"MOTIVE_STATUS_OK",
            motive_status::InProgress => c"MOTIVE_STATUS_IN_PROGRESS",
            motive_status::NullArgument => c"MOTIVE_STATUS_NULL_ARGUMENT",
            motive_status::InvalidArgument => c"MOTIVE_STATUS_INVALID_ARGUMENT",
            motive_status::TypeMismatch => c"MOTIVE_STATUS_TYPE_MISMATCH",
            motive_status::BufferTooSmall => c"MOTIVE_STATUS_BUFFER_TOO_SMALL",
            motive_status::StaleHandle => c"MOTIVE_STATUS_STALE_HANDLE",
            motive_status::WrongWorld => c"MOTIVE_STATUS_WRONG_WORLD",
            motive_status::NotFound => c"MOTIVE_STATUS_NOT_FOUND",
            motive_status::AlreadyExists => c"MOTIVE_STATUS_ALREADY_EXISTS",
            motive_status::BudgetExhausted => c"MOTIVE_STATUS_BUDGET_EXHAUSTED",
            motive_status::NoPlan => c"MOTIVE_STATUS_NO_PLAN",
            motive_status::ParseError => c"MOTIVE_STATUS_PARSE_ERROR",
            motive_status::WorldLocked => c"MOTIVE_STATUS_WORLD_LOCKED",
            motive_status::Poisoned => c"MOTIVE_STATUS_POISONED",
            motive_status::Panic => c"MOTIVE_STATUS_PANIC",
            motive_status::TickOpen => c"MOTIVE_STATUS_TICK_OPEN",
            motive_status::NoTick => c"MOTIVE_STATUS_NO_TICK",
        }
    }
}

impl From<ErrorKind> for motive_status {
    fn from(kind: ErrorKind) -> Self {
        match kind {
            ErrorKind::InvalidArgument => motive_status::InvalidArgument,
            ErrorKind::StaleHandle => motive_status::StaleHandle,
            ErrorKind::WrongWorld => motive_status::WrongWorld,
            ErrorKind::NotFound => motive_status::NotFound,
            ErrorKind::TypeMismatch => motive_status::TypeMismatch,
            ErrorKind::AlreadyExists => motive_status::AlreadyExists,
        }
    }
}

/// The name of a status code, e.g. "MOTIVE_STATUS_STALE_HANDLE", as a static NUL-terminated
/// string (never freed, never NULL). `code` may be any value; unknown codes give
/// "MOTIVE_STATUS_UNKNOWN". Thread-safe.
#[no_mangle]
pub extern "C" fn motive_status_str(code: u32) -> *const c_char {
    guard_value(c"MOTIVE_STATUS_PANIC".as_ptr(), || {
        motive_status::from_code(code)
            .map_or(c"MOTIVE_STATUS_UNKNOWN", motive_status::name)
            .as_ptr()
    })
}

/// True when `code` is a failure: anything but `MOTIVE_STATUS_OK` and
/// `MOTIVE_STATUS_IN_PROGRESS`. Thread-safe.
#[no_mangle]
pub extern "C" fn motive_status_is_error(code: u32) -> bool {
    guard_value(true, || {
        code != motive_status::Ok as u32 && code != motive_status::InProgress as u32
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn every_status_names_itself_and_codes_are_unique() {
        let mut codes: Vec<u32> = motive_status::ALL.iter().map(|s| *s as u32).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), motive_status::ALL.len());
        for status in motive_status::ALL {
            // SAFETY: motive_status_str returns a static NUL-terminated string.
            let name = unsafe { CStr::from_ptr(motive_status_str(status as u32)) };
            let debug = format!("{status:?}");
            let screaming: String = debug
                .chars()
                .enumerate()
                .flat_map(|(i, c)| {
                    let sep = (i > 0 && c.is_uppercase()).then_some('_');
                    sep.into_iter().chain(c.to_uppercase())
                })
                .collect();
            assert_eq!(name.to_str().unwrap(), format!("MOTIVE_STATUS_{screaming}"));
        }
        // SAFETY: as above.
        let unknown = unsafe { CStr::from_ptr(motive_status_str(7)) };
        assert_eq!(unknown.to_str().unwrap(), "MOTIVE_STATUS_UNKNOWN");
        assert!(!motive_status_is_error(0) && !motive_status_is_error(1));
        assert!(motive_status_is_error(7) && motive_status_is_error(502));
    }
}
