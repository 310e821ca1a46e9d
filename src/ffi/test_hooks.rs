//! Exports that exist only in builds with the `test-hooks` feature, to prove safety nets.

use super::guard::guard;
use super::status::motive_status;
use super::world::{motive_world, with_world};

/// Panics inside `world` on purpose (test builds only): returns `MOTIVE_STATUS_PANIC` and
/// leaves the world poisoned, proving that no panic unwinds into C.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_debug_panic(world: *mut motive_world) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |_| -> Result<(), _> { panic!("motive_debug_panic") }) })
}
