//! Coming from GDScript: how the values a script stores map to Rust types, and the things that surprise
//! people first. Every example here runs as a test.
//!
//! # Typed arrays and dictionaries need `TypedArray` / `TypedDictionary`
//! A script's `var items: Array[Dictionary]` (or `Array[String]`, `Dictionary[String, int]`, …) is stored
//! *typed* (Godot 4.3+ arrays, 4.4+ dictionaries). A `Vec` or map field reads it without complaint, but
//! writes it back untyped, and the script then stops at the assignment (`Trying to assign an array of type
//! "Array" to a variable of type "Array[Dictionary]"`). Use [`TypedArray<T>`](crate::typed::TypedArray) and
//! [`TypedDictionary<K, V>`](crate::typed::TypedDictionary) for such fields; a struct of your own is an element
//! through [`AsDictionary`](crate::typed::AsDictionary). To be told where a plain field would drop a type, read with
//! [`Config::strict_typed_containers`](crate::Config::strict_typed_containers): such a read is then an
//! error at the container's byte offset naming the Godot type and the Rust type to use.
//!
//! ```
//! use godot_bin::{typed::{AsDictionary, TypedArray}, Config};
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize)]
//! struct Item { a: i64 }
//! #[derive(Deserialize)]
//! struct Loose { items: Vec<Item> }
//! #[derive(Serialize, Deserialize)]
//! struct Save { items: TypedArray<AsDictionary<Item>> }
//!
//! // Godot 4.6's var_to_bytes(Array[Dictionary]([{"a": 1}])) (tests/fixtures/godot-4.6/values.tsv "tarr_dict"),
//! // as the value of {"items": …}:
//! let typed = [
//!     0x1c, 0, 1, 0, 0x1b, 0, 0, 0, 1, 0, 0, 0, 0x1b, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0,
//!     2, 0, 0, 0, 1, 0, 0, 0,
//! ];
//! let key = [4, 0, 0, 0, 5, 0, 0, 0, b'i', b't', b'e', b'm', b's', 0, 0, 0];
//! let bytes = [&[0x1b, 0, 0, 0, 1, 0, 0, 0][..], &key, &typed].concat();
//! let strict = Config::default().with_strict_typed_containers(true);
//! let err = godot_bin::from_slice_with::<Loose>(&bytes, &strict).err().unwrap();
//! assert!(err.to_string().contains("Array[Dictionary]") && err.offset() == Some(24));
//! // The typed field reads it, and writes back what Godot wrote:
//! let save: Save = godot_bin::from_slice_with(&bytes, &strict)?;
//! assert_eq!(godot_bin::to_vec(&save)?, bytes);
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! # Enums are ints
//! A GDScript `enum State { IDLE, RUN, JUMP }` is stored as its int: `store_var(State.RUN)` writes `1`.
//! serde's derive writes a Rust enum's *name* (`"Run"`), which the script cannot compare with `State.RUN`.
//! Store the int: with the `serde_repr` crate (`#[derive(Serialize_repr, Deserialize_repr)]` and
//! `#[repr(i64)]`), or with plain serde through `i64`:
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
//! #[serde(into = "i64", try_from = "i64")]
//! enum State { Idle, Run, Jump }
//!
//! impl From<State> for i64 {
//!     fn from(s: State) -> i64 { s as i64 }
//! }
//! impl TryFrom<i64> for State {
//!     type Error = String;
//!     fn try_from(i: i64) -> Result<State, String> {
//!         [State::Idle, State::Run, State::Jump].get(i as usize).copied().ok_or(format!("no State {i}"))
//!     }
//! }
//!
//! // What Godot 4.6 writes for var_to_bytes(1) (tests/fixtures/godot-4.6/values.tsv "int_1"):
//! assert_eq!(godot_bin::to_vec(&State::Run)?, [2, 0, 0, 0, 1, 0, 0, 0]);
//! assert_eq!(godot_bin::from_slice::<State>(&[2, 0, 0, 0, 2, 0, 0, 0])?, State::Jump);
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! # `float` is 64-bit, `Vector2` is not
//! A GDScript `float` is an `f64`; the components of `Vector2`, `Color`, `Transform2D` and the other math
//! types are `real_t`, an `f32` in the engine's default build. Read script floats into `f64` fields: an
//! `f32` field reads `0.1` rounded. The math markers ([`Vector2`](crate::markers::Vector2), …) keep `f64` components,
//! so a double-precision build's values fit too, and are written as the build's `real_t`
//! ([`Config::double_precision`](crate::Config::double_precision)).
//!
//! ```
//! use godot_bin::{Variant, markers::Vector2};
//! // A script's `var hp := 0.1` arrives as a 64-bit float (not representable in 32 bits):
//! let bytes = godot_bin::to_vec(&0.1f64)?;
//! assert_eq!(godot_bin::from_slice::<f64>(&bytes)?, 0.1);
//! assert_eq!(godot_bin::from_slice::<f32>(&bytes)?, 0.1f32); // rounded to the nearest f32
//! // A Vector2's components travel as f32 in a default build: 0.1 comes back as f32's 0.1.
//! let v = Vector2::new(0.1, 2.0);
//! let back: Vector2 = godot_bin::from_slice(&godot_bin::to_vec(&v)?)?;
//! assert_eq!(back.x, 0.1f32 as f64);
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! # `null`, `Option` and missing keys
//! `None` is written as `null`, which a script reads as `null`. With
//! `#[serde(skip_serializing_if = "Option::is_none")]` the key is left out instead: `dict.get("k")` still
//! gives `null`, but `dict["k"]` is an error in the script. Reading, a missing key and a `null` both give
//! `None`.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Player {
//!     name: String,
//!     guild: Option<String>,                                    // written as "guild": null
//!     #[serde(skip_serializing_if = "Option::is_none", default)]
//!     title: Option<String>,                                    // left out when None
//! }
//! let p = Player { name: "Ada".into(), guild: None, title: None };
//! let v: godot_bin::Variant = godot_bin::from_slice(&godot_bin::to_vec(&p)?)?;
//! assert!(v["guild"].is_nil() && v.get("guild").is_some());   // there, and null
//! assert!(v.get("title").is_none());                         // not there at all
//! assert_eq!(godot_bin::from_slice::<Player>(&godot_bin::to_vec(&p)?)?, p);
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! # Dictionaries keep their order, `HashMap` does not
//! A Godot Dictionary keeps its keys in insertion order, and scripts often rely on it (UI lists,
//! `keys()[0]`). A `HashMap` iterates in a random order, so the bytes change from run to run. Use a
//! `BTreeMap` (sorted keys), an `IndexMap` (the `indexmap` crate with its `serde` feature: insertion order),
//! a struct, or [`Variant`](crate::Variant), which keeps the order it read.
//!
//! ```
//! use std::collections::BTreeMap;
//! let scores = BTreeMap::from([("bob", 3), ("ada", 5)]);
//! let v: godot_bin::Variant = godot_bin::from_slice(&godot_bin::to_vec(&scores)?)?;
//! let keys: Vec<&str> = v.as_dictionary().unwrap().entries.iter().filter_map(|(k, _)| k.as_str()).collect();
//! assert_eq!(keys, ["ada", "bob"]); // the same bytes every run
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! # `&"names"`, `^"paths"` and vector math
//! `StringName` (`&"idle"`) and `NodePath` (`^"Player/Sprite"`) are their own types on the wire: a `String`
//! field reads either, but writes a String. Use the markers [`StringName`](crate::markers::StringName) and
//! [`NodePath`](crate::markers::NodePath) where the script compares with `&"…"` or calls `get_node`. For vector
//! math, convert the markers to `glam` (feature `glam`) or `mint` (feature `mint`) types and back.
//!
//! ```
//! use godot_bin::{markers::StringName, Variant};
//! let anim = StringName::from("idle");
//! let v: Variant = godot_bin::from_slice(&godot_bin::to_vec(&anim)?)?;
//! assert!(matches!(v, Variant::StringName(_)));          // &"idle" for the script
//! assert_eq!(godot_bin::from_slice::<String>(&godot_bin::to_vec(&anim)?)?, "idle");
//! # #[cfg(feature = "glam")] {
//! let speed = glam::Vec2::from(godot_bin::markers::Vector2::new(3.0, 4.0));
//! assert_eq!(speed.length(), 5.0);
//! # }
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! # Keeping keys you do not model: read a `Variant`, not `#[serde(flatten)]`
//! A save editor must write back what it did not understand. `#[serde(flatten)] rest: HashMap<String,
//! Variant>` (and internally tagged, adjacently tagged or untagged enums) makes serde buffer the values in
//! its own generic form first, which has no Vector2, Color or StringName: a `Variant` rebuilt from it would
//! be a Dictionary or a String, and write back other bytes. So godot_bin refuses that with an error which
//! names the value and its byte offset (`a Vector2 (byte 52) went through serde's buffering …`), instead of
//! changing it silently. Typed fields are not affected: `pos: Vector2` or `anim: StringName` inside a tagged
//! enum rebuild themselves from the buffer, and a `Variant` holding only plain data (numbers, strings,
//! untyped arrays and dictionaries of them) passes as before.
//!
//! Read the whole value as a [`Variant`](crate::Variant) instead, take the parts you model with
//! [`from_variant`](crate::from_variant) (into a struct without `flatten`), change them in place, and write
//! the `Variant`: every other value keeps its exact type.
//!
//! ```
//! use godot_bin::{from_variant, to_variant, Variant, markers::Vector2};
//! #[derive(serde::Deserialize, serde::Serialize)]
//! struct Known { hp: f64 }
//! let mut save: Variant = [("hp", Variant::from(10.0)), ("spawn", Vector2::new(1.0, 2.0).into())]
//!     .into_iter()
//!     .collect();
//! let mut known: Known = from_variant(&save)?;
//! known.hp += 5.0;
//! save["hp"] = to_variant(&known.hp)?;
//! assert_eq!(save["spawn"], Variant::Vector2(Vector2::new(1.0, 2.0))); // untouched, still a Vector2
//! assert_eq!(save["hp"].as_float(), Some(15.0));
//!
//! // The same save through `#[serde(flatten)]`: an error, not a Dictionary where the Vector2 was.
//! #[derive(serde::Deserialize)]
//! struct Flat { hp: f64, #[serde(flatten)] rest: std::collections::HashMap<String, Variant> }
//! let err = godot_bin::from_slice::<Flat>(&godot_bin::to_vec(&save)?).err().unwrap();
//! assert!(err.to_string().contains("a Vector2 (byte "));
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! (serde's buffer is told apart from everything else by the type names of its private visitor and
//! deserializers. Presenting Godot types to it in a special shape, as the `toml` crate does for dates,
//! would keep them, but every other type read through the buffer would see that shape too: a `String`
//! field could no longer read a StringName, nor a `serde_json::Value` the plain `{"x", "y"}`.)
