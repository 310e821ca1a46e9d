//! Copying lists out to caller buffers: the count is always reported, so a caller can size its
//! buffer with a first call (`buffer` NULL, `capacity` 0).

use super::guard::{FfiError, FfiResult};
use super::pointers::{out, Out};
use super::status::motive_status;

/// A caller's list buffer and count pointer, checked before any work so that a NULL argument
/// fails before handles are resolved or state is read.
pub(crate) struct OutList<T> {
    buffer: *mut T,
    capacity: usize,
    count: Out<usize>,
}

impl<T: Copy> OutList<T> {
    /// Checks `out_count` (never NULL) and `buffer` (NULL only with `capacity` 0).
    ///
    /// # Safety
    /// `buffer` must be NULL (with `capacity` 0) or writable for `capacity` items; `out_count`
    /// NULL or writable.
    pub(crate) unsafe fn new(
        buffer: *mut T,
        capacity: usize,
        out_count: *mut usize,
    ) -> FfiResult<Self> {
        let count = out(out_count, "out_count")?;
        if buffer.is_null() && capacity > 0 {
            return Err(super::pointers::null("buffer"));
        }
        Ok(OutList {
            buffer,
            capacity,
            count,
        })
    }

    /// Items that fit: how many of `available` the next [`OutList::fill`] can take whole.
    pub(crate) fn room(&self, available: usize) -> usize {
        self.capacity.min(available)
    }

    /// Writes the number of `items` to the count, then copies them to the buffer when it
    /// holds them all; otherwise fails with `MOTIVE_STATUS_BUFFER_TOO_SMALL` and copies
    /// nothing.
    pub(crate) fn fill(self, items: impl ExactSizeIterator<Item = T>) -> FfiResult<()> {
        let count = items.len();
        self.count.write(count);
        if self.capacity < count {
            return Err(FfiError::new(
                motive_status::BufferTooSmall,
                format!(
                    "the buffer holds {} items; {count} are needed",
                    self.capacity
                ),
            ));
        }
        for (i, item) in items.enumerate() {
            // SAFETY: i < count <= capacity, and `new`'s caller promised `capacity` writable
            // items.
            unsafe { self.buffer.add(i).write(item) };
        }
        Ok(())
    }
}
