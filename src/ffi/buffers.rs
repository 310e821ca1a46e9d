//! Copying lists out to caller buffers: the count is always reported, so a caller can size its
//! buffer with a first call (`buffer` NULL, `capacity` 0).

use super::guard::{FfiError, FfiResult};
use super::pointers::out;
use super::status::motive_status;

/// Writes the number of `items` to `*out_count`, then copies them to `buffer` when `capacity`
/// holds them all; otherwise fails with `MOTIVE_STATUS_BUFFER_TOO_SMALL` and copies nothing.
///
/// # Safety
/// `buffer` must be NULL (with `capacity` 0) or writable for `capacity` items; `out_count`
/// NULL or writable.
pub(crate) unsafe fn copy_out<T: Copy>(
    items: impl ExactSizeIterator<Item = T>,
    buffer: *mut T,
    capacity: usize,
    out_count: *mut usize,
) -> FfiResult<()> {
    let out_count = out(out_count, "out_count")?;
    if buffer.is_null() && capacity > 0 {
        return Err(super::pointers::null("buffer"));
    }
    let count = items.len();
    out_count.write(count);
    if capacity < count {
        return Err(FfiError::new(
            motive_status::BufferTooSmall,
            format!("the buffer holds {capacity} items; {count} are needed"),
        ));
    }
    for (i, item) in items.enumerate() {
        // SAFETY: i < count <= capacity, and the caller promised `capacity` writable items.
        unsafe { buffer.add(i).write(item) };
    }
    Ok(())
}
