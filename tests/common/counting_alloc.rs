//! A global allocator that counts the allocations of the current thread, for the tests that
//! prove steady-state frames touch no heap, and the heap bytes live in the process, for the
//! tests that measure memory. Each such test file is its own process and installs it with
//! `#[global_allocator]`; the harness's own threads don't count allocations.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, AtomicUsize, Ordering};

/// Forwards to the system allocator, counting allocations and reallocations per thread.
pub struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// Allocations and reallocations of every thread together.
static ALL_ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

/// Heap bytes allocated and not yet freed, every thread together.
static LIVE: AtomicIsize = AtomicIsize::new(0);

/// Heap bytes live in the process now.
#[allow(dead_code)] // not every test file that counts allocations measures bytes
pub fn live_bytes() -> isize {
    LIVE.load(Ordering::Relaxed)
}

// SAFETY: forwards every call to the system allocator unchanged; counting touches only a
// const-initialised thread-local Cell and static atomics, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        ALL_ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        }
        ptr
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        ALL_ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        let moved = unsafe { System.realloc(ptr, layout, new_size) };
        if !moved.is_null() {
            LIVE.fetch_add(
                new_size as isize - layout.size() as isize,
                Ordering::Relaxed,
            );
        }
        moved
    }
}

/// Allocations the current thread made while running `frame`.
#[allow(dead_code)] // not every test file that measures bytes counts allocations
pub fn allocations_during(frame: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    frame();
    ALLOCATIONS.with(Cell::get) - before
}

/// Allocations every thread of the process made while running `frame`: for frames that run
/// on threads of their own (motive's think threads), in a test file whose harness runs no
/// other test at the same time.
#[allow(dead_code)] // only the files that test other threads count the whole process
pub fn process_allocations_during(frame: impl FnOnce()) -> usize {
    let before = ALL_ALLOCATIONS.load(Ordering::SeqCst);
    frame();
    ALL_ALLOCATIONS.load(Ordering::SeqCst) - before
}
