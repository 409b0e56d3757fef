//! Code shared by the live-check binaries and the integration tests: seeded random values of every type a
//! dialect has, and the serde game state of `tests/gd/gen_serde*.gd`. The files live beside the tests that
//! use them; these binaries include them.

#[path = "../../tests/common/gen.rs"]
pub mod r#gen;

#[path = "../../tests/serde/state.rs"]
pub mod serde_state;
