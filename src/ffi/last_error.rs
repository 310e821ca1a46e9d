//! The thread-local message of the most recent failure, for people reading logs.

use std::cell::RefCell;
use std::ffi::c_char;

use super::buffers::copy_c_string;
use super::guard::guard_value;
use super::status::motive_status;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Records `message` as this thread's last error, capped: a name it quotes may be as long as
/// the caller made it.
pub(crate) fn set(message: &str) {
    let message = crate::domain::excerpt::capped(message);
    LAST_ERROR.with(|last| *last.borrow_mut() = message);
}

/// Copies the message of the most recent failure on the calling thread into `buffer`.
///
/// The message says which argument, handle or name was at fault (a quoted name cut to 64
/// characters, the whole to 1024); it is empty when no call on this thread has failed yet, and
/// successful calls leave it as it was. `*out_length` receives the message's length in bytes,
/// without the terminating NUL. When `capacity` is more than that length, the message and a NUL are written to `buffer` and the result is OK; otherwise
/// nothing is written to `buffer` and the result is `MOTIVE_STATUS_BUFFER_TOO_SMALL` (pass
/// `buffer = NULL, capacity = 0` to ask for the length). This call never changes the message.
/// The message is UTF-8. Thread-safe: each thread has its own message.
///
/// # Safety
/// `buffer` must be NULL or point to `capacity` writable bytes; `out_length` must be NULL or
/// point to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn motive_last_error_message(
    buffer: *mut c_char,
    capacity: usize,
    out_length: *mut usize,
) -> motive_status {
    guard_value(motive_status::Panic, || {
        LAST_ERROR.with(|last| {
            // SAFETY: forwarded from this function's contract.
            unsafe { copy_c_string(&last.borrow(), buffer, capacity, out_length) }
        })
    })
}
