//! Saves that evolve: adding, renaming and removing fields across versions of a game, so that a new
//! version reads old saves and an old version keeps what it does not know.
//!
//! A struct is written as a Dictionary with one String key per field (the [serde
//! mapping](crate::guide::serde_mapping)), so a save carries its field names: each side reads the keys it
//! knows. What each change needs, on the Rust side (serde's attributes) and on the GDScript side (the classes
//! [`gdscript`](crate::gdscript) generates):
//!
//! | change | Rust reads an older save | an older game reads a newer save | an older game writes it back |
//! |---|---|---|---|
//! | add a field | `#[serde(default)]` or `#[serde(default = "fn")]` on it (else: missing field) | the key is kept in the class's `extra` Dictionary | `to_variant` writes `extra` after the fields: nothing lost |
//! | remove a field | the old key is skipped (serde ignores unknown keys unless `deny_unknown_fields`) | `from_variant` wants the key: read with `from_variant(v, true)` (lenient: missing keys get their defaults) | the old key comes back with its default |
//! | rename in Rust only | `#[serde(rename = "old")]`: the key stays | nothing changes | nothing changes |
//! | rename on the wire | `#[serde(alias = "old")]` reads both keys | like a removed field plus an added one | both keys: serde refuses a duplicate field, so rename on the wire only once no older game writes the save back |
//!
//! The generated GDScript initialises a field with the value its `#[serde(default = "…")]` gives when
//! [`Schema::add`](crate::schema::Schema::add) sees it (a bool, an int, a float or a String), so both sides
//! read a save without the key as the same value. A class that must refuse keys it does not know (a server's
//! messages, say) is generated with [`Options::refuse_unknown_keys`](crate::gdscript::Options::refuse_unknown_keys).
//! [`Schema::add`](crate::schema::Schema::add) cannot trace a type with `#[serde(alias)]` (serde lists an
//! alias as one more key of its field; the error says so): generate the GDScript from a copy of the type
//! without the alias, which writes the same keys. `examples/evolving_save.rs` runs the whole story; `scripts/live.sh gdscript` checks in Godot 4.6 and 3.6
//! that a value with a key no field has is read and written back byte-identical.
//!
//! # Adding a field
//! Version 2 adds `stamina`; version 1's saves have no such key.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize)]
//! struct SaveV1 { name: String, hp: i32 }
//!
//! fn full() -> f32 { 100.0 }
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct SaveV2 {
//!     name: String,
//!     hp: i32,
//!     #[serde(default = "full")]
//!     stamina: f32,
//! }
//!
//! let old = godot_bin::to_vec(&SaveV1 { name: "Ana".into(), hp: 7 })?;
//! let read: SaveV2 = godot_bin::from_slice(&old)?;
//! assert_eq!(read, SaveV2 { name: "Ana".into(), hp: 7, stamina: 100.0 });
//!
//! // Version 1 reads version 2's save: the new key is skipped.
//! let new = godot_bin::to_vec(&read)?;
//! let back: SaveV1 = godot_bin::from_slice(&new)?;
//! assert_eq!((back.name.as_str(), back.hp), ("Ana", 7));
//!
//! // The GDScript of version 2 starts `stamina` at the same default, and every class keeps unknown keys.
//! let gd = godot_bin::gdscript::for_type::<SaveV2>(&godot_bin::Config::default())?;
//! assert!(gd.contains("var stamina: float = 100.0"));
//! let gd1 = godot_bin::gdscript::for_type::<SaveV1>(&godot_bin::Config::default())?;
//! assert!(gd1.contains("var extra: Dictionary = {}"));
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! # Renaming and removing
//! Version 3 calls `hp` `health` on the wire and drops `name`.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize)]
//! struct SaveV2 { name: String, hp: i32 }
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct SaveV3 {
//!     #[serde(alias = "hp")]
//!     health: i32,
//! }
//!
//! let old = godot_bin::to_vec(&SaveV2 { name: "Ana".into(), hp: 7 })?;
//! // `name` is skipped, `hp` read as `health`.
//! assert_eq!(godot_bin::from_slice::<SaveV3>(&old)?, SaveV3 { health: 7 });
//!
//! // An older game that re-saves a version 3 save writes `health` (kept in `extra`) and `hp` (its own
//! // field): both keys, which serde refuses. Rename on the wire only once no older game writes saves back;
//! // until then rename in Rust only, keeping the key: `#[serde(rename = "hp")] health: i32`.
//! #[derive(Serialize)]
//! struct Both { hp: i32, health: i32 }
//! let both = godot_bin::to_vec(&Both { hp: 1, health: 7 })?;
//! assert!(godot_bin::from_slice::<SaveV3>(&both).unwrap_err().to_string().contains("duplicate field"));
//! # Ok::<(), godot_bin::Error>(())
//! ```
