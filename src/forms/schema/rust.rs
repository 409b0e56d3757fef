//! Rust source from a [`Schema`](super::Schema): structs and enums that derive `Serialize` and `Deserialize`.
