//! The `motive` binary's global allocator: the system allocator, counting the heap bytes live
//! in the process and the allocations each thread makes, so that `motive bench` can report
//! bytes per NPC, the domain's size and allocations per steady-state tick. Counting costs an
//! atomic add per allocation, which no command notices.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, Ordering};

/// Forwards to the system allocator, counting as it goes.
pub struct Counting;

/// Heap bytes allocated and not yet freed, every thread together.
static LIVE: AtomicIsize = AtomicIsize::new(0);

thread_local! {
    // Const-initialised and without a destructor, so the allocator may touch it at any time.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// Heap bytes live in the process now.
pub fn live_bytes() -> isize {
    LIVE.load(Ordering::Relaxed)
}

/// Allocations and reallocations the calling thread has made so far.
pub fn thread_allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

fn counted(bytes: isize) {
    LIVE.fetch_add(bytes, Ordering::Relaxed);
    ALLOCATIONS.with(|n| n.set(n.get() + 1));
}

// SAFETY: every call is forwarded to the system allocator unchanged; counting touches only an
// atomic and a const-initialised thread-local Cell, neither of which allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the system allocator's.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            counted(layout.size() as isize);
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the system allocator's.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            counted(layout.size() as isize);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract is the system allocator's.
        let moved = unsafe { System.realloc(ptr, layout, new_size) };
        if !moved.is_null() {
            counted(new_size as isize - layout.size() as isize);
        }
        moved
    }
}
