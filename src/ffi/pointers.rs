//! Checked conversions of raw pointers from C: NULL is an error, never a crash.

use std::ffi::{c_char, CStr};

use super::guard::{FfiError, FfiResult};
use super::status::motive_status;

/// A non-null out-parameter, checked before any work so that a failure writes nothing.
pub(crate) struct Out<T>(*mut T);

impl<T> Out<T> {
    /// Writes the result; call only once the call has succeeded.
    pub fn write(self, value: T) {
        // SAFETY: `out` checked the pointer is non-null; the caller of the export promised,
        // per the header, that it points to writable memory for a T.
        unsafe { self.0.write(value) }
    }
}

/// Checks an out-parameter named `name` for NULL.
pub(crate) fn out<T>(ptr: *mut T, name: &str) -> FfiResult<Out<T>> {
    if ptr.is_null() {
        Err(null(name))
    } else {
        Ok(Out(ptr))
    }
}

/// Borrows `*ptr`, or fails when it is NULL.
///
/// # Safety
/// A non-null `ptr` must point to a valid `T` that outlives the call and that nothing mutates
/// meanwhile (the header states this for each argument).
pub(crate) unsafe fn borrow<'a, T>(ptr: *const T, name: &str) -> FfiResult<&'a T> {
    // SAFETY: validity of non-null pointers is the caller's contract, stated above.
    unsafe { ptr.as_ref() }.ok_or_else(|| null(name))
}

/// Borrows `*ptr` mutably, or fails when it is NULL.
///
/// # Safety
/// As [`borrow`], and no other reference to `*ptr` may exist during the call.
pub(crate) unsafe fn borrow_mut<'a, T>(ptr: *mut T, name: &str) -> FfiResult<&'a mut T> {
    // SAFETY: validity and exclusivity of non-null pointers is the caller's contract.
    unsafe { ptr.as_mut() }.ok_or_else(|| null(name))
}

/// Frees an object the library handed out with `Box::into_raw`; NULL does nothing.
///
/// # Safety
/// A non-null `ptr` must come from `Box::into_raw` for this `T` and not be used again.
pub(crate) unsafe fn free<T>(ptr: *mut T) {
    if !ptr.is_null() {
        // SAFETY: ownership returns here per the contract above.
        drop(unsafe { Box::from_raw(ptr) });
    }
}

/// Reads a NUL-terminated UTF-8 string argument.
///
/// # Safety
/// A non-null `ptr` must point to a NUL-terminated string that outlives the call.
pub(crate) unsafe fn utf8<'a>(ptr: *const c_char, name: &str) -> FfiResult<&'a str> {
    if ptr.is_null() {
        return Err(null(name));
    }
    // SAFETY: non-null and NUL-terminated per the caller's contract.
    let text = unsafe { CStr::from_ptr(ptr) };
    text.to_str()
        .map_err(|e| FfiError::invalid(format!("{name} is not valid UTF-8: {e}")))
}

/// Borrows the C array `ptr[0..len]`; NULL is allowed when `len` is 0.
///
/// # Safety
/// A non-null `ptr` must point to `len` valid `T`s that outlive the call and that nothing
/// mutates meanwhile.
pub(crate) unsafe fn slice<'a, T>(ptr: *const T, len: usize, name: &str) -> FfiResult<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(FfiError::new(
            motive_status::NullArgument,
            format!("{name} is NULL but its count is {len}"),
        ));
    }
    let fits =
        matches!(len.checked_mul(size_of::<T>()), Some(bytes) if bytes <= isize::MAX as usize);
    if !ptr.is_aligned() || !fits {
        return Err(FfiError::invalid(format!(
            "{name} is misaligned or its count {len} is impossibly large"
        )));
    }
    // SAFETY: non-null and aligned (checked), no larger than isize::MAX bytes (checked), and
    // pointing to `len` valid elements per the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// Copies the `T` at `ptr`, each byte at an offset of `bools` (its `bool` fields) made 0 or 1
/// first: a C caller may have stored any byte there (a `memset`, a `uint8_t` alias, a
/// hand-written P/Invoke struct), and a Rust `bool` holding another byte is undefined
/// behaviour. Non-zero is true, as C reads it.
///
/// # Safety
/// `ptr` must point to a whole readable `T` (alignment not needed); `bools` must hold the
/// offset of every `bool` field of `T`, and every other field of `T` must be valid for any
/// initialised bytes (integers, floats, raw pointers).
pub(crate) unsafe fn read_with_bools<T: Copy>(ptr: *const T, bools: &[usize]) -> T {
    let mut copy = std::mem::MaybeUninit::<T>::uninit();
    let bytes = copy.as_mut_ptr().cast::<u8>();
    // SAFETY: `ptr` is readable for a whole `T` (the caller's contract), `copy` is a distinct
    // `T`-sized buffer, and bytes have no alignment.
    unsafe { std::ptr::copy_nonoverlapping(ptr.cast::<u8>(), bytes, std::mem::size_of::<T>()) };
    for &offset in bools {
        // SAFETY: `offset` is that of a one-byte field inside `T` (the caller's contract),
        // whose byte the copy above initialised.
        unsafe { *bytes.add(offset) = u8::from(*bytes.add(offset) != 0) };
    }
    // SAFETY: every bool field now holds 0 or 1 and every other field is valid for any
    // initialised bytes (the caller's contract); padding need not be initialised.
    unsafe { copy.assume_init() }
}

/// [`read_def`] for a definition with `bool` fields at the offsets `bools`
/// ([`read_with_bools`]).
///
/// # Safety
/// As [`read_def`] and [`read_with_bools`].
pub(crate) unsafe fn read_def_with_bools<T: Copy>(
    ptr: *const T,
    name: &str,
    bools: &[usize],
) -> FfiResult<T> {
    // SAFETY: forwarded from this function's contract.
    unsafe { check_def_size(ptr, name)? };
    // SAFETY: the size is checked, so the whole T is readable.
    Ok(unsafe { read_with_bools(ptr, bools) })
}

/// Reads a definition struct whose first field is its size, rejecting any other size.
///
/// # Safety
/// A non-null `ptr` must point to at least 4 readable bytes, and to a whole `T` when those
/// bytes equal `size_of::<T>()`.
pub(crate) unsafe fn read_def<T: Copy>(ptr: *const T, name: &str) -> FfiResult<T> {
    // SAFETY: forwarded from this function's contract.
    unsafe { check_def_size(ptr, name)? };
    // SAFETY: the caller's struct claims our full size, so the whole T is readable.
    Ok(unsafe { ptr.read_unaligned() })
}

/// Checks that the definition at `ptr` is not NULL and that its first field, its size, is
/// `T`'s.
///
/// # Safety
/// As [`read_def`].
unsafe fn check_def_size<T>(ptr: *const T, name: &str) -> FfiResult<()> {
    if ptr.is_null() {
        return Err(null(name));
    }
    // SAFETY: every definition struct starts with a u32 struct_size; read only that first, so
    // a smaller (older or foreign) struct is never over-read.
    let size = unsafe { ptr.cast::<u32>().read_unaligned() };
    let expected = std::mem::size_of::<T>();
    if size as usize != expected {
        return Err(FfiError::invalid(format!(
            "{name}->struct_size is {size}, expected {expected}: initialise definitions with their motive_*_def_default() function"
        )));
    }
    Ok(())
}

pub(crate) fn null(name: &str) -> FfiError {
    FfiError::new(motive_status::NullArgument, format!("{name} is NULL"))
}
