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

/// Asks the CPU to start loading all of `value` (the struct itself, not what it points to).
#[inline]
pub(crate) fn value<T>(value: &T) {
    let start: *const u8 = (value as *const T).cast();
    value_offsets::<T>(|offset| line(start.wrapping_add(offset)));
}

/// Calls `hint` with the offsets [`value`] hints at in a `T`: those of [`hinted_offsets`],
/// but for a type aligned to a line, which starts on one and fills whole lines, one per line
/// and no last byte (the entity map's slot: the last byte's hint named its one line again,
/// an instruction per record asked for ahead of sensing's walk).
#[inline(always)]
fn value_offsets<T>(mut hint: impl FnMut(usize)) {
    let bytes = std::mem::size_of::<T>();
    if std::mem::align_of::<T>() % LINE == 0 {
        for k in 0..bytes / LINE {
            hint(k * LINE);
        }
    } else {
        hinted_offsets(bytes, hint);
    }
}

/// Asks the CPU to start loading the first `bytes` bytes of `value` (all of it when
/// shorter): the fields a pass reads, where a struct keeps them first.
#[inline]
pub(crate) fn head<T>(value: &T, bytes: usize) {
    lines(
        (value as *const T).cast(),
        bytes.min(std::mem::size_of::<T>()),
    );
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

/// Asks the CPU to start loading `items`'s header and the first `bytes` bytes after it,
/// whatever they hold: a `ThinVec` keeps its length behind the pointer, so asking for exactly
/// its items would wait for that load. An empty one points at a shared static header.
#[inline]
pub(crate) fn thin<T>(items: &thin_vec::ThinVec<T>, bytes: usize) {
    // thin-vec's header: length and capacity, a usize each.
    let header = std::mem::size_of::<[usize; 2]>();
    lines(
        items.as_ptr().cast::<u8>().wrapping_sub(header),
        header + bytes,
    );
}

/// Asks the CPU to start loading every item of `items`.
#[inline]
pub(crate) fn all<T>(items: &[T]) {
    if !items.is_empty() {
        lines(items.as_ptr().cast(), std::mem::size_of_val(items));
    }
}

/// Asks the CPU to start loading the line holding `items[index]`; nothing past the end: for a
/// pass that walks a buffer in order and asks a fixed distance ahead of itself, having asked
/// for its [`front`].
#[inline(always)]
pub(crate) fn item<T>(items: &[T], index: usize) {
    if index < items.len() {
        line(items.as_ptr().wrapping_add(index).cast());
    }
}

/// The cache line's size the hints assume (x86_64's).
const LINE: usize = 64;

/// Prefetches every cache line touching `[start, start + bytes)` (one line at least).
#[inline]
fn lines(start: *const u8, bytes: usize) {
    // Pointer arithmetic only: the pointer is never dereferenced.
    hinted_offsets(bytes, |offset| line(start.wrapping_add(offset)));
}

/// Calls `hint` with the offsets [`lines`] hints at from a range's start: one every line's
/// length from the start, then the last byte. Hints are at most a line apart and within the
/// range, so they name every line the range touches and no other, wherever it starts. How many
/// depends on `bytes` only, not on where the value lies, so a coverage-guided fuzzer sees the
/// same loop whatever the heap's layout (`fuzz/README.md`); and for a value's size, known when
/// compiling, the loop unrolls (an iterator chain over line-aligned offsets did not: 40
/// instructions for the three hints of an entity's slot, a twentieth of a UDGOAP think).
#[inline(always)]
fn hinted_offsets(bytes: usize, mut hint: impl FnMut(usize)) {
    let bytes = bytes.max(1);
    for k in 0..bytes.div_ceil(LINE) {
        hint(k * LINE);
    }
    hint(bytes - 1);
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
        item(&numbers, 2);
        item(&numbers, usize::MAX);
        value(&numbers);
        head(&numbers, 8);
        head(&numbers, 4_096);
        lines(std::ptr::null(), 256);
        lines(usize::MAX as *const u8, 64);
        thin(&thin_vec::thin_vec![1u8, 2], 256);
        thin(&thin_vec::ThinVec::<u64>::new(), 64);
        assert_eq!(numbers, [1, 2, 3]);
    }

    /// A line-aligned value's lines are each hinted once, and no other; a value of another
    /// alignment is hinted as a range of its size.
    #[test]
    fn a_line_aligned_value_is_hinted_once_a_line() {
        // Only their layouts matter: the bytes are never read.
        #[allow(dead_code)]
        #[repr(align(64))]
        struct OneLine([u8; 40]);
        #[allow(dead_code)]
        #[repr(align(64))]
        struct TwoLines([u8; 100]);
        let offsets = |hinted: fn(&mut dyn FnMut(usize))| {
            let mut offsets = Vec::new();
            hinted(&mut |offset| offsets.push(offset));
            offsets
        };
        assert_eq!(offsets(|h| value_offsets::<OneLine>(h)), [0]);
        assert_eq!(offsets(|h| value_offsets::<TwoLines>(h)), [0, LINE]);
        assert_eq!(offsets(|h| value_offsets::<[u64; 3]>(h)), [0, 23]);
        value(&TwoLines([0; 100]));
    }

    /// Every line a range touches is hinted and no other, and how many hints depends on the
    /// range's size alone.
    #[test]
    fn hints_cover_the_range_in_a_count_set_by_its_size() {
        use std::collections::BTreeSet;
        for bytes in 0..300 {
            let counts: BTreeSet<usize> = (0..2 * LINE)
                .map(|start| {
                    let mut offsets = Vec::new();
                    hinted_offsets(bytes, |offset| offsets.push(offset));
                    let hinted: BTreeSet<usize> = offsets
                        .iter()
                        .map(|offset| (start + offset) / LINE)
                        .collect();
                    let touched = (start / LINE..=(start + bytes.max(1) - 1) / LINE).collect();
                    assert_eq!(hinted, touched, "{bytes} bytes from {start}");
                    offsets.len()
                })
                .collect();
            assert_eq!(counts.len(), 1, "{bytes} bytes: counts {counts:?}");
        }
    }
}
