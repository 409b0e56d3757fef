//! A global allocator that counts the bytes this thread allocates (every allocation and every growth),
//! for tests that measure what an operation allocates: `#[path = "common/counting_alloc.rs"] mod counting;`
//! then `counting::allocated_during(|| …)`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// Bytes allocated by this thread (every allocation and every growth), never decreased.
    static ALLOCATED: Cell<usize> = const { Cell::new(0) };
}

fn note(n: usize) {
    let _ = ALLOCATED.try_with(|c| c.set(c.get() + n));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        unsafe {
            note(l.size());
            System.alloc(l)
        }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        unsafe {
            note(l.size());
            System.alloc_zeroed(l)
        }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        unsafe {
            note(new.saturating_sub(l.size()));
            System.realloc(p, l, new)
        }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f` and returns its result with the bytes this thread allocated meanwhile.
pub fn allocated_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = ALLOCATED.with(|c| c.get());
    let r = f();
    (r, ALLOCATED.with(|c| c.get()) - before)
}
