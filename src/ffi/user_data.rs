//! The caller's `user` pointer of a callback, which the world may hand back on any thread.

use std::ffi::c_void;

/// The caller's `user` pointer, carried inside callbacks the world may call from any thread.
#[derive(Clone, Copy)]
pub(crate) struct UserData(pub(crate) *mut c_void);

// SAFETY: motive never dereferences the pointer; it only hands it back to the caller's own
// callback. The header makes the caller responsible for that callback, and whatever `user`
// points to, being safe to use from every thread that makes calls needing it.
unsafe impl Send for UserData {}
// SAFETY: as above; motive shares only the pointer value between threads.
unsafe impl Sync for UserData {}

impl UserData {
    /// The pointer (a method, so that closures capture the whole `Send + Sync` wrapper rather
    /// than its raw field).
    pub(crate) fn get(self) -> *mut c_void {
        self.0
    }
}
