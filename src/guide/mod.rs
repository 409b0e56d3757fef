//! The guide: pages of documentation that hold no code, each the one home of its subject. Every example in
//! them runs as a test.
//!
//! | page | what it says |
//! |---|---|
//! | [`wire_format`] | the dialects, what each engine writes and reads, where we differ on purpose, how each claim is checked against real engines |
//! | [`serde_mapping`] | which Godot value each Rust type becomes, and what it is read back from |
//! | [`safety`] | what decoding untrusted input promises (no panics, bounded memory, time and stack), the test that checks each promise, and fuzzing |
//! | [`saves_that_evolve`] | adding, renaming and removing fields across a game's versions, on the Rust and the GDScript side |
//! | [`speed`] | the current speed against Godot 4.6 and postcard, the targets, and how to measure them |
//! | [`coming_from_gdscript`](crate::coming_from_gdscript) | how a script's values map to Rust, and what surprises people first |
//!
//! The command-line tool documents itself: `godot-bin --help` and `godot-bin COMMAND --help`.
//!
//! ```
//! // Every page's examples run as tests, as this one does. A String on the wire: type id 4, the byte
//! // length, the UTF-8 bytes, zero padding to a multiple of 4 (the wire format page has the rest).
//! let bytes = [4, 0, 0, 0, 5, 0, 0, 0, b'g', b'u', b'i', b'd', b'e', 0, 0, 0];
//! assert_eq!(godot_bin::from_slice::<String>(&bytes)?, "guide");
//! assert_eq!(godot_bin::to_vec("guide")?, bytes);
//! # Ok::<(), godot_bin::Error>(())
//! ```

pub mod safety;
pub mod saves_that_evolve;
pub mod serde_mapping;
pub mod speed;
pub mod wire_format;
