//! The serde mapping: which Godot value each Rust type becomes, and what it is read back from.
//!
//! `#[derive(Serialize, Deserialize)]` game-state structs go straight to the bytes `var_to_bytes` gives for
//! the equivalent Dictionary, and back:
//!
//! ```
//! use godot_bin::markers::{Color, Vector2};
//! use godot_bin::packed::PackedStringArray;
//! use godot_bin::{Config, Dialect};
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Entity { id: i64, pos: Vector2, color: Color, tags: PackedStringArray, big: i64 }
//!
//! let e = Entity { id: 1, pos: Vector2::new(1.5, -2.25), color: Color::new(0.1, 0.2, 0.3, 1.0),
//!                  tags: vec!["npc".to_string()].into(), big: 5_000_000_000 };
//! let bytes = godot_bin::to_vec(&e)?;                         // newest Godot 4 (Config::default())
//! assert_eq!(godot_bin::from_slice::<Entity>(&bytes)?, e);
//! let g3 = godot_bin::to_vec_with(&e, &Config::new(Dialect::Godot3))?;   // what Godot 3's var2bytes gives
//! assert_eq!(godot_bin::from_slice_with::<Entity>(&g3, &Config::new(Dialect::Godot3))?, e);
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! | Rust (serde) | Godot value written | also read from |
//! |---|---|---|
//! | `bool` | bool | |
//! | `i8`…`i64`, `u8`…`u64`, `i128`/`u128` in range | int: 32-bit if it fits, else 64 (`u64` above `i64::MAX`: `IntegerOutOfRange`) | int of either width, range-checked into the target |
//! | `f32`, `f64` | float: 32-bit when exactly representable, else 64 (NaN: 64) | float or int |
//! | `char`, `&str`, `String` | String | String or StringName (`&str` borrows from the input) |
//! | bytes (`serialize_bytes`, `serde_bytes`, `packed::bytes`) | PackedByteArray | PackedByteArray (borrowed as `&[u8]`) or Array of ints |
//! | `None`, `()`, unit struct | Nil | |
//! | `Some(x)`, newtype struct | `x` | |
//! | `Vec`, slice, tuple, tuple struct | Array | Array or any packed array |
//! | map (any key type) | Dictionary, in iteration order | Dictionary; a key that is not a String, read as a string, is its text (`"10"`) |
//! | struct | Dictionary with String keys, in field order | Dictionary with String or StringName keys, in any order; unknown keys skipped (`deny_unknown_fields` refuses them) |
//! | enum | unit variant: String of its name; others: `{"Name": value}` (newtype: the value, tuple: an Array, struct: a Dictionary) | the same |
//! | `Vector2` … `Projection`, `Color`, `Vector2i` … `Rect2i` | the native math type (f64 and the 64-bit flag in Godot 4 double builds) | the native type; sequences of components (`[f32; 2]` from a Vector2) |
//! | `NodePath`, `StringName`, `Rid` | NodePath, StringName, RID | NodePath or String, String or StringName, RID |
//! | `PackedByteArray` … `PackedVector4Array` (Godot 3's `PoolRealArray`, … are aliases); `#[serde(with = "godot_bin::packed::float32")]` etc. on plain `Vec<f32>`, `Vec<i32>`, `Vec<i64>`, `Vec<f64>`, `Vec<u8>`, `Vec<String>`, `Vec<[f32; 2/3/4]>` | the packed array | the packed array or an Array |
//! | `Variant` | exactly what `Variant::encode` writes | exactly what `Variant::decode` reads |
//! | `TypedArray<T>`, `TypedDictionary<K, V>` (`T: Element`: the scalars, strings, markers, containers; `Variant` = untyped) | `Array[T]` / `Dictionary[K, V]` where the dialect has them (Godot 4.3+ / 4.4+, Pandemonium 5 arrays), else plain | any Array or Dictionary |
//!
//! A type the dialect lacks is an error naming both: `Vector2i is not available in godot3`.
//!
//! # With other serde formats
//! With any other serde format the markers are plain data: `Vector2` is `{"x": 1.0, "y": 2.0}`, `NodePath`
//! and `StringName` are strings, packed arrays are sequences. The format is self-describing, so
//! `serde_json::Value` (or any type that reads with `deserialize_any`) reads any Godot value: math types as
//! maps of components, NodePath as its text, RID and objects by id as numbers, a full object as a map with
//! its class under `".class"`.
//!
//! # Depth
//! A [`Variant`](crate::Variant) is handed between the serde format and the core codec whole, so it is
//! lossless at any depth; other types recurse through serde, which
//! `SERDE_MAX_DEPTH` (512) and a stack budget bound so that no input can exhaust a
//! thread's stack ([`safety`](super::safety) has the numbers).
//!
//! # Typed containers
//! A GDScript `var items: Array[Dictionary]` is stored typed; a `Vec` or map field reads it but writes it
//! back untyped, which the script then refuses. Use `TypedArray<T>` / `TypedDictionary<K, V>` for such
//! fields (a derived struct as an element:
//! `TypedArray<AsDictionary<Item>>`), and read with the config's strict typed containers option to be
//! told, with the byte offset and the type to use, where a plain field would drop a type
//! ([`coming_from_gdscript`](crate::coming_from_gdscript) shows it).
//!
//! # Buffered values: `flatten` and untagged or tagged enums
//! `#[serde(flatten)]` and untagged or tagged enums make serde buffer values as plain data first: typed
//! fields (`Vector2`, `StringName`, …) rebuild themselves from it, but a `Variant` holding a Godot-only type
//! there is refused with an error (it would silently become a Dictionary or a String). Read such values as
//! a whole `Variant` and use [`from_variant`](crate::from_variant) (`tests/serde/serde_buffered.rs`).
//!
//! # How it is checked
//! - `tests/serde/serde_engine.rs`: the game state of `tests/gd/gen_serde.gd` / `gen_serde3.gd` (nested arrays of
//!   entity dictionaries with Vector2, Vector3, Color, PackedStringArray, ints beyond i32, floats that do and
//!   do not fit f32, enums, packed arrays), written as Rust structs, gives exactly the bytes Godot 4.6.3 and
//!   3.6.2 wrote, and reads back equal.
//! - `tests/conformance/typed_containers.rs`: 32 typed arrays and dictionaries Godot 4.6.3's `var_to_bytes` wrote read
//!   into `TypedArray` / `TypedDictionary` and write back byte-identical.
//! - `tests/serde/serde_variant.rs`: every engine-written value in `tests/fixtures` reads through serde as the same
//!   `Variant` and writes back the same bytes.
//! - `scripts/live.sh serde`: real Godot 4.6.3, 3.6.2 and 3.2.3 `get_var` our `store_var` files and find every
//!   value equal to the one they build.
