//! The one bench harness: interleaved rounds, medians and bests, ratios to a reference taken in the same run;
//! cases on the main thread or on a freshly spawned thread; allocations counted per operation. Used by
//! `benches/ratios.rs`, `benches/hostile.rs` and `benches/instructions.rs` (`#[path = "common/harness.rs"]`).
//!
//! Absolute times on a small shared machine drift from run to run; ratios taken in the same run drift much
//! less. [`run`] runs every case of a group in turn, round after round, so that a change in the machine's load
//! hits them all alike, and keeps one sample a round: the mean time of one operation over about 20 ms of calls.
//!
//! Allocations: a bench binary that installs [`Counting`] as its global allocator
//! (`#[global_allocator] static ALLOC: harness::Counting = harness::Counting;`) gets each case's allocations
//! per operation, counted on the thread that ran it during the case's warm-up call, in an `allocs/op` column.
//! The counter is one thread-local add per allocation; binaries that count instructions leave it out.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::time::{Duration, Instant};

/// One timed case: a closure called `iters` times a sample, on the main thread or on a thread spawned for
/// each sample.
pub struct Case<'a> {
    pub name: String,
    body: Body<'a>,
    /// Run after each sample, outside the clock (drops what the sample kept).
    after: Option<Box<dyn FnMut() + 'a>>,
    iters: u32,
    /// Operations per call of the closure (a tight loop's messages): samples are per operation.
    ops: u32,
    /// Seconds per operation, one a round.
    pub samples: Vec<f64>,
    /// Allocations per operation in the warm-up call, when the binary counts them ([`Counting`]).
    pub allocs: Option<f64>,
}

enum Body<'a> {
    /// Called on the thread that runs the rounds.
    Here(Box<dyn FnMut() + 'a>),
    /// Called on a thread spawned for each sample (and for the warm-up), timed inside that thread: what a
    /// server's freshly started worker sees (an allocator arena of its own, not yet warm).
    Fresh(Box<dyn FnMut() + Send + 'a>),
}

/// A case called on the thread that runs the rounds.
pub fn case<'a>(name: &str, f: impl FnMut() + 'a) -> Case<'a> {
    Case {
        name: name.to_string(),
        body: Body::Here(Box::new(f)),
        after: None,
        iters: 1,
        ops: 1,
        samples: Vec::new(),
        allocs: None,
    }
}

/// The same on a freshly spawned thread: each sample spawns a thread, which makes the sample's calls and
/// times them itself (the spawn and the join are outside the clock).
pub fn case_fresh_thread<'a>(name: &str, f: impl FnMut() + Send + 'a) -> Case<'a> {
    Case { body: Body::Fresh(Box::new(f)), ..case(name, || {}) }
}

/// A tight loop of `ops` operations in one call of `f`, timed once per round (no calibration, no closure call
/// or clock per operation): its samples are per operation.
pub fn case_loop<'a>(name: &str, ops: u32, f: impl FnMut() + 'a) -> Case<'a> {
    Case { ops, ..case(name, f) }
}

/// A case whose results are kept in `sink` and dropped after the sample, off the clock (as GDScript's
/// `bytes_to_var` timing in tests/gd/speed.gd does).
pub fn case_keep<'a, T: 'a>(
    name: &str,
    sink: &'a std::cell::RefCell<Vec<T>>,
    mut f: impl FnMut() -> T + 'a,
) -> Case<'a> {
    let mut c = case(name, move || sink.borrow_mut().push(f()));
    c.after = Some(Box::new(move || sink.borrow_mut().clear()));
    c
}

/// `n` calls of `f` as a user's loop makes them, `(0..n).map(|_| f()).filter(ok).count()`: every result checked
/// by `ok`, so that none is left unused. How many `ok` accepted.
#[inline(always)]
pub fn user_loop<T>(n: usize, mut f: impl FnMut() -> T, ok: impl Fn(&T) -> bool) -> usize {
    (0..n).map(|_| f()).filter(|v| ok(v)).count()
}

/// A tight loop of `ops` calls of `f` as one case ([`user_loop`]); it fails if `ok` refuses a result.
pub fn tight<'a, T>(name: &str, ops: u32, mut f: impl FnMut() -> T + 'a, ok: impl Fn(&T) -> bool + 'a) -> Case<'a> {
    let n = ops as usize;
    case_loop(name, ops, move || assert_eq!(user_loop(n, &mut f, &ok), n))
}

/// A case that copies `src` into `dst` (a memcpy of the same byte count: a reference).
pub fn memcpy_case<'a>(name: &str, src: &'a [u8], dst: &'a mut [u8]) -> Case<'a> {
    case(name, move || {
        dst.copy_from_slice(std::hint::black_box(src));
        std::hint::black_box(&mut *dst);
    })
}

impl Case<'_> {
    /// `iters` calls, timed on the thread that makes them; with the allocations counted there.
    fn sample(&mut self, iters: u32) -> (Duration, u64) {
        fn calls(f: &mut dyn FnMut(), iters: u32) -> (Duration, u64) {
            let a = allocations();
            let t = Instant::now();
            for _ in 0..iters {
                f();
            }
            let d = t.elapsed();
            (d, allocations() - a)
        }
        match &mut self.body {
            Body::Here(f) => calls(f, iters),
            Body::Fresh(f) => {
                std::thread::scope(|s| s.spawn(|| calls(f, iters)).join().expect("a case panicked on its thread"))
            }
        }
    }
}

/// Runs the cases interleaved for `rounds` rounds: one sample of each case a round, in order.
pub fn run(cases: &mut [Case], rounds: usize) {
    let counting = counting();
    // Calibrate: enough calls per sample for about 20 ms, after one warm-up call (a tight loop: one call).
    for c in cases.iter_mut() {
        let (_, allocs) = c.sample(1);
        if counting {
            c.allocs = Some(allocs as f64 / c.ops as f64);
        }
        if let Some(after) = c.after.as_mut() {
            after();
        }
        if c.ops > 1 {
            continue;
        }
        let one = c.sample(1).0.max(Duration::from_nanos(100));
        if let Some(after) = c.after.as_mut() {
            after();
        }
        c.iters = ((0.02 / one.as_secs_f64()).ceil() as u32).clamp(1, 1_000_000);
    }
    for _ in 0..rounds {
        for c in cases.iter_mut() {
            let (t, _) = c.sample(c.iters);
            c.samples.push(t.as_secs_f64() / c.iters as f64 / c.ops as f64);
            if let Some(after) = c.after.as_mut() {
                after();
            }
        }
    }
}

/// The smallest sample: the best of the rounds.
pub fn best(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::INFINITY, f64::min)
}

pub fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    let n = s.len();
    if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    }
}

pub fn fmt_time(s: f64) -> String {
    if s >= 1e-3 {
        format!("{:8.2} ms", s * 1e3)
    } else if s >= 1e-6 {
        format!("{:8.1} µs", s * 1e6)
    } else {
        format!("{:8.1} ns", s * 1e9)
    }
}

/// The medians and bests of a group's cases, by name.
pub struct Results {
    pub cases: Vec<(String, f64, f64, Option<f64>)>,
}

impl Results {
    fn find(&self, name: &str) -> Option<&(String, f64, f64, Option<f64>)> {
        self.cases.iter().find(|(n, ..)| n == name)
    }
    /// The case's median seconds per operation (panics on a name the group does not have).
    pub fn median(&self, name: &str) -> f64 {
        self.get(name).unwrap_or_else(|| panic!("no case {name:?}"))
    }
    /// The case's median, if the group has it.
    pub fn get(&self, name: &str) -> Option<f64> {
        self.find(name).map(|c| c.1)
    }
    /// The case's best (fastest round) seconds per operation.
    pub fn best(&self, name: &str) -> f64 {
        self.find(name).unwrap_or_else(|| panic!("no case {name:?}")).2
    }
    /// The case's allocations per operation, when the binary counts them.
    pub fn allocs(&self, name: &str) -> Option<f64> {
        self.find(name).and_then(|c| c.3)
    }
}

/// Prints the group's medians, bests, MB/s of `bytes` and allocations per operation, and the ratios
/// `case / reference` of the medians (below 1: faster than the reference); returns them by name.
pub fn report(title: &str, bytes: usize, cases: &[Case], refs: &[&str]) -> Results {
    println!("\n## {title} ({bytes} bytes in the Godot format)");
    let results = Results {
        cases: cases.iter().map(|c| (c.name.clone(), median(&c.samples), best(&c.samples), c.allocs)).collect(),
    };
    let counting = cases.iter().any(|c| c.allocs.is_some());
    print!("{:<40} {:>11} {:>11} {:>10}", "case", "median", "best", "MB/s");
    if counting {
        print!(" {:>12}", "allocs/op");
    }
    for r in refs {
        print!(" {:>16}", format!("÷ {r}"));
    }
    println!();
    for (name, t, b, allocs) in &results.cases {
        print!("{:<40} {} {} {:>10.0}", name, fmt_time(*t), fmt_time(*b), bytes as f64 / t / 1e6);
        if counting {
            match allocs {
                Some(a) => print!(" {a:>12.1}"),
                None => print!(" {:>12}", "-"),
            }
        }
        for r in refs {
            match results.get(r) {
                Some(rt) => print!(" {:>16.2}", t / rt),
                None => print!(" {:>16}", "-"),
            }
        }
        println!();
    }
    results
}

/// A global allocator that counts, per thread, the calls that hand out memory (alloc, alloc_zeroed, realloc),
/// and forwards every call unchanged to the system allocator.
pub struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn note() {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

/// The allocations this thread has made so far (0 when [`Counting`] is not the global allocator).
pub fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Whether [`Counting`] is the global allocator of this binary.
pub fn counting() -> bool {
    let before = allocations();
    drop(std::hint::black_box(Box::new(0u64)));
    allocations() > before
}

// SAFETY: every call is forwarded unchanged to the system allocator; a thread-local counter is kept beside it.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc(l) }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        note();
        unsafe { System.realloc(p, l, new) }
    }
}
