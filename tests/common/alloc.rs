//! The counting global allocator of every test binary: it counts, per thread (so tests running in parallel
//! threads do not disturb each other's counts), the bytes allocated in all and the bytes held at the peak.
//! Tests measure an operation with [`measure`] or [`allocated_during`].

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// Bytes this thread holds now (allocations minus frees).
    static CURRENT: Cell<isize> = const { Cell::new(0) };
    /// The most `CURRENT` has been since the last reset.
    static PEAK: Cell<isize> = const { Cell::new(0) };
    /// As `PEAK`, counting a moving realloc as holding both blocks for a moment.
    static PEAK_MOVING: Cell<isize> = const { Cell::new(0) };
    /// Bytes allocated by this thread (every allocation and every growth), never decreased.
    static TOTAL: Cell<usize> = const { Cell::new(0) };
}

fn note(delta: isize, transient_extra: isize) {
    let _ = CURRENT.try_with(|c| {
        let now = c.get() + delta;
        c.set(now);
        let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
        let _ = PEAK_MOVING.try_with(|p| p.set(p.get().max(now + transient_extra)));
    });
    if delta > 0 {
        let _ = TOTAL.try_with(|t| t.set(t.get() + delta as usize));
    }
}

// SAFETY: every call is forwarded unchanged to the system allocator; only counters are kept beside it.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        unsafe {
            let p = System.alloc(l);
            if !p.is_null() {
                note(l.size() as isize, 0);
            }
            p
        }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        unsafe {
            let p = System.alloc_zeroed(l);
            if !p.is_null() {
                note(l.size() as isize, 0);
            }
            p
        }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe {
            System.dealloc(p, l);
            note(-(l.size() as isize), 0);
        }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        unsafe {
            let q = System.realloc(p, l, new);
            if !q.is_null() {
                note(new as isize - l.size() as isize, l.size().min(new) as isize);
            }
            q
        }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// What this thread allocated while an operation ran, above what it held before.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    /// Bytes allocated in all (every allocation and every growth).
    pub allocated: usize,
    /// Bytes held at the peak.
    pub peak: usize,
    /// Bytes held at the peak, counting a moving realloc as holding both blocks for a moment.
    pub peak_moving: usize,
}

/// Runs `f` and returns its result with what this thread allocated meanwhile. A result that owns memory is
/// still held at the end; drop it inside `f` to have it counted at the peak only.
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, Usage) {
    let base = CURRENT.with(Cell::get);
    PEAK.with(|p| p.set(base));
    PEAK_MOVING.with(|p| p.set(base));
    let total = TOTAL.with(Cell::get);
    let r = f();
    let usage = Usage {
        allocated: TOTAL.with(Cell::get) - total,
        peak: (PEAK.with(Cell::get) - base).max(0) as usize,
        peak_moving: (PEAK_MOVING.with(Cell::get) - base).max(0) as usize,
    };
    (r, usage)
}

/// Runs `f` and returns its result with the bytes this thread allocated meanwhile.
pub fn allocated_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let (r, usage) = measure(f);
    (r, usage.allocated)
}
