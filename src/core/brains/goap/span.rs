//! Spans: where one item's parts lie in a flat array shared by all items (an instance's tests
//! and changes in a binding, an edit's operations in the compiled search), as `(start, end)`
//! pairs of `u32`, which keep the items' records small.

use std::ops::Range;

/// The indices of `span`.
pub(crate) fn range((start, end): (u32, u32)) -> Range<usize> {
    start as usize..end as usize
}

/// How many parts `span` holds.
pub(crate) fn len((start, end): (u32, u32)) -> u32 {
    end - start
}

/// Copies the parts of span `from` over those of span `to`, as long.
pub(crate) fn copy_over<T: Copy>(parts: &mut [T], from: (u32, u32), to: (u32, u32)) {
    debug_assert_eq!(len(from), len(to), "spans of one length");
    parts.copy_within(range(from), to.0 as usize);
}
