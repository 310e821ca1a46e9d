//! Library and ABI versions. The header's `MOTIVE_VERSION_*` macros come from Cargo.toml at
//! generation time; a test checks that they, Cargo.toml and these functions agree.

use std::ffi::c_char;

use super::guard::guard_value;

/// Version of the C ABI. Bumped on every incompatible change to `motive.h`; wrappers compare
/// it with `motive_abi_version()` when they load the library. There is no ABI stability
/// before motive 1.0: pin exact versions. 2: `motive_think_settings` gained `perception_limit`
/// in what was padding, which a caller built against 1 would leave indeterminate.
pub const MOTIVE_ABI_VERSION: u32 = 2;

const VERSION: &std::ffi::CStr = match std::ffi::CStr::from_bytes_with_nul(
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes(),
) {
    Ok(v) => v,
    Err(_) => panic!("the package version contains a NUL"),
};

/// The library's version, "MAJOR.MINOR.PATCH", as a static NUL-terminated string.
/// Thread-safe.
#[no_mangle]
pub extern "C" fn motive_version() -> *const c_char {
    guard_value(VERSION.as_ptr(), || VERSION.as_ptr())
}

/// The ABI version the library was built with (`MOTIVE_ABI_VERSION` of its header).
/// A wrapper compiled against another value must refuse to run. Thread-safe.
#[no_mangle]
pub extern "C" fn motive_abi_version() -> u32 {
    guard_value(MOTIVE_ABI_VERSION, || MOTIVE_ABI_VERSION)
}

/// The library's version as Rust sees it (same text as `motive_version()`).
pub fn crate_version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
