//! Cache hints: asking the CPU to start loading memory a loop will read a little later.
//!
//! Thinking NPCs one after another reads each one's mind, memory and surroundings, cold since
//! its last think a think interval ago; in a large world each of those loads is a chain of
//! cache misses the core waits out in turn. Asking for the next NPC's data while thinking for
//! this one overlaps those waits with work. A hint changes no result, only when the loads
//! happen, and is a no-op on targets without one.
//!
//! This is the one `unsafe` outside the C boundary (`src/ffi`): stable Rust has no safe
//! prefetch, and the instruction cannot fault, whatever the address.

/// Asks the CPU to start loading the cache line holding `address`.
#[inline(always)]
fn line(address: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: PREFETCHT0 is a hint: it never faults or changes memory, whatever the address
    // (an unmapped one is dropped), and SSE is part of every x86_64 target.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(address.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

/// Asks the CPU to start loading the cache line where `value` starts (for an empty slice, a
/// dangling address, which the hint ignores).
#[inline]
pub(crate) fn start_of<T: ?Sized>(value: &T) {
    line((value as *const T).cast());
}

/// Asks the CPU to start loading all of `value` (the struct itself, not what it points to).
#[inline]
pub(crate) fn value<T>(value: &T) {
    lines((value as *const T).cast(), std::mem::size_of::<T>());
}

/// Asks the CPU to start loading the first `bytes` bytes of `items`'s buffer (all of it when
/// shorter), in use or not: a think rewrites buffers it cleared.
#[inline]
pub(crate) fn front<T>(items: &Vec<T>, bytes: usize) {
    let buffer = items.capacity() * std::mem::size_of::<T>();
    if buffer > 0 {
        lines(items.as_ptr().cast(), bytes.min(buffer));
    }
}

/// Asks the CPU to start loading every item of `items`.
#[inline]
pub(crate) fn all<T>(items: &[T]) {
    if !items.is_empty() {
        lines(items.as_ptr().cast(), std::mem::size_of_val(items));
    }
}

/// Prefetches every cache line touching `[start, start + bytes)` (one line at least).
#[inline]
fn lines(start: *const u8, bytes: usize) {
    const LINE: usize = 64;
    let offset = start as usize % LINE;
    let count = (offset + bytes.max(1) - 1) / LINE + 1;
    // Pointer arithmetic only: the pointer is never dereferenced.
    let mut at = start.wrapping_sub(offset);
    for _ in 0..count {
        line(at);
        at = at.wrapping_add(LINE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hints at any address, inside or outside what a value owns, are harmless.
    #[test]
    fn hints_never_touch_what_they_name() {
        let numbers = vec![1u64, 2, 3];
        front(&numbers, 4_096);
        front(&Vec::<u64>::new(), 64);
        all(&numbers);
        all::<u64>(&[]);
        value(&numbers);
        lines(std::ptr::null(), 256);
        lines(usize::MAX as *const u8, 64);
        assert_eq!(numbers, [1, 2, 3]);
    }
}
