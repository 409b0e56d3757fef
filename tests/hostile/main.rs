//! Hostile input: typed errors, and bounds on memory (measured by the counting allocator of
//! tests/common/alloc.rs), stack and time, for every entry point; inputs the fuzzers found.

#[path = "../common/mod.rs"]
mod common;

mod alloc_bounds;
mod containers_hostile;
mod fuzz_regressions;
mod hostile;
mod hostile_codegen;
mod hostile_forms;
mod hostile_keys;
mod hostile_serde;
mod resource_hostile;
mod text_hostile;
