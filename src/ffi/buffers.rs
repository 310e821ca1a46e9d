//! Copying lists out to caller buffers: the count is always reported, so a caller can size its
//! buffer with a first call (`buffer` NULL, `capacity` 0).

use std::ffi::c_char;

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

/// Copies `text` and a NUL to a caller's `char` buffer: `*out_length` receives its length in
/// bytes (without the NUL); the text is written only when `capacity` exceeds that, else the
/// result is `MOTIVE_STATUS_BUFFER_TOO_SMALL` and `buffer` is untouched. Sets no last error,
/// so the last-error query itself can use it.
///
/// # Safety
/// `buffer` must be NULL or point to `capacity` writable bytes; `out_length` NULL or writable.
pub(crate) unsafe fn copy_c_string(
    text: &str,
    buffer: *mut c_char,
    capacity: usize,
    out_length: *mut usize,
) -> motive_status {
    if out_length.is_null() || (buffer.is_null() && capacity > 0) {
        return motive_status::NullArgument;
    }
    let bytes = text.as_bytes();
    // SAFETY: out_length is non-null (checked) and writable per the contract.
    unsafe { out_length.write(bytes.len()) };
    if capacity <= bytes.len() {
        return motive_status::BufferTooSmall;
    }
    // SAFETY: buffer is non-null (capacity > 0 here) and has capacity > len bytes.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), buffer.cast::<u8>(), bytes.len());
        buffer.add(bytes.len()).write(0);
    }
    motive_status::Ok
}

/// [`copy_c_string`] for a function behind the firewall: a too-small buffer or a NULL output is
/// an error saying so (and recorded as the last error).
///
/// # Safety
/// `buffer` must be NULL or point to `capacity` writable bytes; `out_length` NULL or writable.
pub(crate) unsafe fn copy_name(
    name: &str,
    buffer: *mut c_char,
    capacity: usize,
    out_length: *mut usize,
) -> FfiResult<()> {
    // SAFETY: forwarded from this function's contract.
    match unsafe { copy_c_string(name, buffer, capacity, out_length) } {
        motive_status::Ok => Ok(()),
        motive_status::BufferTooSmall => Err(FfiError::new(
            motive_status::BufferTooSmall,
            format!(
                "the buffer holds {capacity} bytes; {} are needed",
                name.len() + 1
            ),
        )),
        status => Err(FfiError::new(
            status,
            "out_length is NULL, or buffer is NULL with a capacity",
        )),
    }
}
