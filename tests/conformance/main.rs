//! Conformance: our bytes against the engines' own (fixtures written by Godot and Pandemonium, the sample
//! saves, the spec's examples), differential and property tests of every entry point, and round trips.

#[path = "../common/mod.rs"]
mod common;

/// The fuzz targets' shared code: the config byte, the entry points that must agree, the value shapes.
#[path = "../../fuzz/fuzz_targets/common/mod.rs"]
mod fuzz_common;

/// The benches' game state, checked here to be what the engine's speed script builds.
#[path = "../../benches/common/mod.rs"]
mod bench_state;

mod differential;
mod engine_fixtures;
mod packed_reals_groups;
mod proptest_variant;
mod roundtrip;
mod samples;
mod small_math_encode;
mod spec_examples;
mod speed_state;
mod type_names;
mod typed_containers;
