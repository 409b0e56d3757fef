//! Schemas: the shape of the values a program and a Godot game exchange, written once and turned into code
//! for both sides.
//!
//! A [`Schema`] is a list of named types ([`Def`]: structs and enums) whose fields have a [`Shape`]: which
//! Godot value they are written as under godot_bin's serde mapping. It comes from two places:
//! - Rust types that derive `Serialize`/`Deserialize`: [`Schema::add`] traces them through serde;
//! - values read from real saves: `godot-bin schema FILE…` infers one ([`Schema::infer_saves`]: one type
//!   per value of a save, maps where keys are data, structs where keys are names).
//!
//! and goes to three: GDScript classes that read and write exactly those values ([`gdscript`]), Rust types
//! that read a save ([`rust`]), and a JSON file that holds the schema itself (its serde form; feature `json`
//! for [`Schema::to_json`] and [`Schema::from_json`]).
//!
//! # What maps to what
//!
//! One row per [`Shape`]: the Rust types traced to it, what godot_bin writes, the field the GDScript
//! class declares (Godot 4 / Godot 3), and what `godot-bin schema` infers it from in a save.
//!
//! | Rust | [`Shape`] | written as | GDScript 4 field | GDScript 3 field | inferred from |
//! |---|---|---|---|---|---|
//! | `bool` | `Bool` | bool | `bool` | `bool` | a bool |
//! | `i8` … `u64` | `Int` | int (range checked by `from_variant`) | `int` | `int` | an int (`i64`) |
//! | `f32`, `f64` | `Float` | float | `float` | `float` | a float (`f64`) |
//! | `String`, `char` | `String` | String | `String` | `String` | a String |
//! | `Option<T>` | `Option` | `null` or `T` | untyped `var` (`T` for a class) | untyped `var` (`T` for a class) | a key sometimes missing or `null` |
//! | `Vec<T>`, slices | `Array` | untyped Array | `Array[T]` | `Array` | an untyped Array of one kind (`Vec<Variant>` for mixed ones) |
//! | tuples, tuple structs | `Tuple` | untyped Array | `Array` | `Array` | — |
//! | `HashMap`, `BTreeMap` | `Map` | untyped Dictionary | `Dictionary[K, V]` (4.4+) | `Dictionary` | a Dictionary whose keys are data (the rule: [`Schema::infer_saves`]; `Dictionary`, which keeps the order, unless its keys are sorted or `--map` says so) |
//! | [`TypedArray<T>`](crate::typed::TypedArray) | `TypedArray` | `Array[T]` (4.3+; a struct: `Array[Dictionary]`) | `Array[T]` | `Array` | a typed Array |
//! | [`TypedDictionary<K, V>`](crate::typed::TypedDictionary) | `TypedDictionary` | `Dictionary[K, V]` (4.4+) | `Dictionary[K, V]` | `Dictionary` | a typed Dictionary |
//! | the [`markers`](crate::markers), the [`packed`](crate::packed) arrays, bytes | `Builtin` | the Godot type | the Godot type | its Godot 3 name (`PoolVector2Array`, `Transform`, …) | the same type |
//! | [`Variant`](crate::Variant) | `Variant` | any value | untyped `var` | untyped `var` | values of several kinds |
//! | a struct | `Named` ([`Def::Struct`]) | Dictionary with String keys, in field order | a class (`extends RefCounted`) | a class (`extends Reference`) | Dictionaries with the same String keys in the same order |
//! | an enum of unit variants | `Named` ([`Def::Enum`]) | the variant's name as a String | a GDScript `enum` | `int` of a GDScript `enum` | a String field with few values across many samples |
//! | an enum with data | `Named` ([`Def::Enum`]) | unit: its name; others: `{"Name": data}` | a class with `variant` and `value` | the same | — |
//!
//! serde attributes: `rename` and `rename_all` are followed (the schema holds serde's names),
//! `default` and `Option` fields make a key [optional](Field::optional), `skip_serializing_if` on an
//! `Option` makes it [left out when null](Field::omit_if_null); `flatten`, internally tagged, adjacently
//! tagged and untagged enums, and `skip_serializing_if` on other fields are refused by [`Schema::add`] with
//! an error naming the type or field.
//!
//! ```
//! use godot_bin::schema::{Def, Schema, Shape};
//! use godot_bin::Dialect;
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize)]
//! struct Item { name: String, count: u16 }
//!
//! let schema = Schema::new(Dialect::Godot4_6).add::<Item>()?;
//! let Def::Struct(item) = &schema.defs[0] else { unreachable!() };
//! assert_eq!(item.fields[1].shape, Shape::Int { bits: 16, signed: false });
//! # Ok::<(), godot_bin::Error>(())
//! ```

mod docs;
pub mod gdscript;
mod infer;
pub mod rust;
mod trace;

use serde::{Deserialize, Serialize};

use crate::config::Dialect;
#[cfg(feature = "json")]
use crate::error::Result;
use crate::types::TypeKind;

/// Which Godot value a Rust type is written as, under godot_bin's serde mapping
/// ([`guide::serde_mapping`](crate::guide::serde_mapping)).
///
/// Its JSON form (in a schema file) is an object whose `"type"` names the variant in snake case:
/// `{"type": "int", "bits": 32, "signed": true}`, `{"type": "array", "of": {"type": "string"}}`,
/// `{"type": "builtin", "name": "Vector2"}`, `{"type": "named", "name": "Item"}`.
///
/// ```
/// use godot_bin::schema::Shape;
/// use godot_bin::value::TypeKind;
/// let pos = Shape::Builtin { name: TypeKind::Vector2 };
/// assert_eq!(pos.to_string(), "Vector2");
/// assert_eq!(Shape::Array { of: Box::new(pos) }.to_string(), "Array[Vector2]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Shape {
    /// `null`: `()` and unit structs.
    Nil,
    /// `bool`.
    Bool,
    /// `int`, from a Rust integer of this many bits (8, 16, 32, 64) and signedness: the GDScript side
    /// checks the range.
    Int {
        /// 8, 16, 32 or 64.
        bits: u8,
        /// Whether negative values are allowed.
        signed: bool,
    },
    /// `float`, from an `f32` (32) or an `f64` (64).
    Float {
        /// 32 or 64.
        bits: u8,
    },
    /// `String` (from `String`, `&str`, `char`).
    String,
    /// A value or `null` (`Option<T>`).
    Option {
        /// The value's shape when it is not `null`.
        of: Box<Shape>,
    },
    /// An untyped `Array` whose elements all have one shape (`Vec<T>`, slices).
    Array {
        /// The elements' shape.
        of: Box<Shape>,
    },
    /// An untyped `Array` of a fixed length whose elements have these shapes (tuples, tuple structs, arrays).
    Tuple {
        /// The elements' shapes, in order.
        of: Vec<Shape>,
    },
    /// An untyped `Dictionary` whose keys have one shape and values another (`HashMap`, `BTreeMap`).
    Map {
        /// The keys' shape.
        key: Box<Shape>,
        /// The values' shape.
        value: Box<Shape>,
    },
    /// `Array[T]`, typed where the dialect has typed arrays ([`TypedArray`](crate::typed::TypedArray)).
    TypedArray {
        /// The elements' shape (a [`Shape::Named`] struct is an element of type `Dictionary`).
        of: Box<Shape>,
    },
    /// `Dictionary[K, V]`, typed where the dialect has typed dictionaries
    /// ([`TypedDictionary`](crate::typed::TypedDictionary)).
    TypedDictionary {
        /// The keys' shape.
        key: Box<Shape>,
        /// The values' shape.
        value: Box<Shape>,
    },
    /// A Godot type written natively: the math types, `Color`, `NodePath`, `StringName`, `RID` (the
    /// [`markers`](crate::markers)) and the packed arrays (the [`packed`](crate::packed) types, and bytes
    /// written with `serialize_bytes`).
    Builtin {
        /// The Godot type.
        name: TypeKind,
    },
    /// Any value ([`Variant`](crate::Variant)).
    Variant,
    /// A struct or enum of the schema, by its name.
    Named {
        /// The name of a [`Def`] of the same schema.
        name: String,
    },
}

/// A named type of a [`Schema`]: a struct (a `Dictionary` with String keys) or an enum.
///
/// ```
/// use godot_bin::schema::{Def, Struct};
/// let d = Def::Struct(Struct { name: "Item".into(), doc: None, fields: vec![] });
/// assert_eq!(d.name(), "Item");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Def {
    /// A struct with named fields: written as a `Dictionary` with one String key per field, in field order.
    Struct(Struct),
    /// An enum: a unit variant is written as the String of its name, another variant as a `Dictionary` of
    /// one entry, its name to its data.
    Enum(Enum),
}

impl Def {
    /// The type's name.
    ///
    /// ```
    /// use godot_bin::schema::{Def, Enum};
    /// assert_eq!(Def::Enum(Enum { name: "Mood".into(), doc: None, variants: vec![] }).name(), "Mood");
    /// ```
    pub fn name(&self) -> &str {
        match self {
            Def::Struct(s) => &s.name,
            Def::Enum(e) => &e.name,
        }
    }
}

/// A struct with named fields: a `Dictionary` with one String key per field, in field order.
///
/// ```
/// use godot_bin::schema::{Field, Shape, Struct};
/// let s = Struct { name: "Item".into(), doc: None, fields: vec![Field::new("name", Shape::String)] };
/// assert_eq!(s.fields[0].name, "name");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Struct {
    /// The type's name (serde's name for it: `#[serde(rename)]` is followed).
    pub name: String,
    /// Its documentation, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
    /// The fields, in the order they are written.
    pub fields: Vec<Field>,
}

/// A field of a struct or of a struct variant: a key of the `Dictionary`.
///
/// ```
/// use godot_bin::schema::{Field, Shape};
/// let f = Field::new("hp", Shape::Float { bits: 64 });
/// assert!(!f.optional && !f.omit_if_null);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Field {
    /// The key it is written under (serde's name: `#[serde(rename)]` is followed).
    pub name: String,
    /// What its value is written as.
    pub shape: Shape,
    /// Its documentation, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
    /// A missing key is read as the field's default (`#[serde(default)]`, or an `Option` field read as
    /// `None`); otherwise a missing key is an error.
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional: bool,
    /// The key is left out when the value is `null` (`#[serde(skip_serializing_if = "Option::is_none")]`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub omit_if_null: bool,
    /// What an [optional](Field::optional) field is read as when its key is missing
    /// (`#[serde(default = "…")]`, or the type's `Default`), when [`Schema::add`] saw it: a bool, an int, a
    /// finite float or a String. The generated GDScript initialises the field with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<crate::value::Variant>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Field {
    /// A required field, always written, with no documentation.
    ///
    /// ```
    /// use godot_bin::schema::{Field, Shape};
    /// assert_eq!(Field::new("alive", Shape::Bool).shape, Shape::Bool);
    /// ```
    pub fn new(name: impl Into<String>, shape: Shape) -> Field {
        Field { name: name.into(), shape, doc: None, optional: false, omit_if_null: false, default: None }
    }
}

/// An enum, written as godot_bin's serde mapping writes enums: a unit variant as the String of its name,
/// another as a `Dictionary` of one entry, its name to its data.
///
/// ```
/// use godot_bin::schema::{Enum, EnumVariant, VariantData};
/// let e = Enum { name: "Mood".into(), doc: None, variants: vec![EnumVariant::unit("Calm")] };
/// assert!(e.is_unit_only());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Enum {
    /// The type's name.
    pub name: String,
    /// Its documentation, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
    /// The variants, in declaration order.
    pub variants: Vec<EnumVariant>,
}

impl Enum {
    /// Whether every variant is a unit variant (a GDScript `enum` can stand for it).
    ///
    /// ```
    /// use godot_bin::schema::{Enum, EnumVariant, Shape, VariantData};
    /// let mut e = Enum { name: "Msg".into(), doc: None, variants: vec![EnumVariant::unit("Bye")] };
    /// e.variants.push(EnumVariant { name: "Chat".into(), doc: None, data: VariantData::Newtype { shape: Shape::String } });
    /// assert!(!e.is_unit_only());
    /// ```
    pub fn is_unit_only(&self) -> bool {
        self.variants.iter().all(|v| v.data == VariantData::Unit)
    }
}

/// A variant of an [`Enum`].
///
/// ```
/// use godot_bin::schema::{EnumVariant, VariantData};
/// assert_eq!(EnumVariant::unit("Bye").data, VariantData::Unit);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EnumVariant {
    /// The name it is written as (serde's name: `#[serde(rename)]` is followed).
    pub name: String,
    /// Its documentation, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
    /// What it holds.
    pub data: VariantData,
}

impl EnumVariant {
    /// A unit variant with no documentation.
    ///
    /// ```
    /// use godot_bin::schema::EnumVariant;
    /// assert_eq!(EnumVariant::unit("Idle").name, "Idle");
    /// ```
    pub fn unit(name: impl Into<String>) -> EnumVariant {
        EnumVariant { name: name.into(), doc: None, data: VariantData::Unit }
    }
}

/// What an enum variant holds, and so what is written under its name.
///
/// ```
/// use godot_bin::schema::{Shape, VariantData};
/// let d = VariantData::Tuple { of: vec![Shape::Bool, Shape::String] };
/// assert!(matches!(d, VariantData::Tuple { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum VariantData {
    /// Nothing: the variant is written as the String of its name.
    Unit,
    /// One value: `{"Name": value}`.
    Newtype {
        /// The value's shape.
        shape: Shape,
    },
    /// Several values: `{"Name": [a, b, …]}`.
    Tuple {
        /// The values' shapes, in order.
        of: Vec<Shape>,
    },
    /// Named fields: `{"Name": {"field": value, …}}`.
    Struct {
        /// The fields, in the order they are written.
        fields: Vec<Field>,
    },
}

/// The shapes of a program's values: named types, the dialect they are written in, and which of them is the
/// top type.
///
/// ```
/// use godot_bin::schema::Schema;
/// use godot_bin::Dialect;
/// let s = Schema::new(Dialect::Godot3);
/// assert!(s.defs.is_empty() && s.root.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schema {
    /// The dialect the values are written in (its name in JSON: `"godot4.6"`).
    #[serde(with = "dialect_name")]
    pub dialect: Dialect,
    /// The top type: the first type added ([`Schema::add`]) or inferred; `None` when the schema is empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root: Option<String>,
    /// The named types, each once, in the order they were first met.
    pub defs: Vec<Def>,
    /// For saves that hold several values of different types (`store_var(version)`, `store_var(state)`,
    /// `store_var(settings)`): the shape of each value, in the file's order ([`Schema::infer_saves`] names
    /// the structs `Save0`, `Save1`, …; two values of one shape share a type). Empty: every value of a save
    /// is of the [`root`](Schema::root) type.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stream: Vec<Shape>,
}

impl Schema {
    /// An empty schema for `dialect`.
    ///
    /// ```
    /// use godot_bin::schema::Schema;
    /// use godot_bin::Dialect;
    /// assert_eq!(Schema::new(Dialect::Godot4_6).dialect, Dialect::Godot4_6);
    /// ```
    pub fn new(dialect: Dialect) -> Schema {
        Schema { dialect, root: None, defs: Vec::new(), stream: Vec::new() }
    }

    /// The type named `name`, if the schema has it.
    ///
    /// ```
    /// use godot_bin::schema::Schema;
    /// use godot_bin::Dialect;
    /// #[derive(serde::Serialize, serde::Deserialize)]
    /// struct Item { name: String }
    /// let s = Schema::new(Dialect::Godot4_6).add::<Item>()?;
    /// assert!(s.get("Item").is_some() && s.get("Other").is_none());
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn get(&self, name: &str) -> Option<&Def> {
        self.defs.iter().find(|d| d.name() == name)
    }

    /// A short fingerprint of the schema (16 hex digits of a 64-bit FNV-1a hash of its JSON form): the same
    /// for the same types, different when a type, field, shape or the dialect changes. The generated code
    /// carries it, so a game can tell a stale generated file.
    ///
    /// ```
    /// use godot_bin::schema::Schema;
    /// use godot_bin::Dialect;
    /// assert_ne!(Schema::new(Dialect::Godot3).version(), Schema::new(Dialect::Godot4_6).version());
    /// assert_eq!(Schema::new(Dialect::Godot3).version().len(), 16);
    /// ```
    pub fn version(&self) -> String {
        let mut text = format!("{}|{:?}|", self.dialect, self.root);
        if !self.stream.is_empty() {
            text.push_str(&format!("{:?}|", self.stream));
        }
        for d in &self.defs {
            text.push_str(&format!("{d:?};"));
        }
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{h:016x}")
    }

    /// The schema as JSON (a schema file that `godot-bin schema` reads).
    ///
    /// ```
    /// use godot_bin::schema::Schema;
    /// use godot_bin::Dialect;
    /// let s = Schema::new(Dialect::Godot4_6);
    /// assert_eq!(Schema::from_json(&s.to_json())?, s);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[cfg(feature = "json")]
    #[cfg_attr(docsrs, doc(cfg(feature = "json")))]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a schema is always JSON")
    }

    /// A schema from its JSON form ([`Schema::to_json`]). An error for JSON that is no schema, two types of
    /// one name, an enum without variants, or a root type that is not defined.
    ///
    /// ```
    /// use godot_bin::schema::Schema;
    /// let s = Schema::from_json(r#"{"dialect": "godot3", "defs": []}"#)?;
    /// assert_eq!(s.dialect, godot_bin::Dialect::Godot3);
    /// let twice = r#"{"dialect": "godot3", "defs": [{"kind": "struct", "name": "A", "fields": []},
    ///                                              {"kind": "struct", "name": "A", "fields": []}]}"#;
    /// assert!(Schema::from_json(twice).unwrap_err().to_string().contains("two types are named \"A\""));
    /// let no_root = r#"{"dialect": "godot3", "root": "Save", "defs": []}"#;
    /// assert!(Schema::from_json(no_root).unwrap_err().to_string().contains("root type \"Save\" is not defined"));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[cfg(feature = "json")]
    #[cfg_attr(docsrs, doc(cfg(feature = "json")))]
    pub fn from_json(text: &str) -> Result<Schema> {
        let fail =
            |m: String| crate::error::Error::new(crate::error::ErrorKind::Message(format!("schema JSON: {m}")), None);
        let schema: Schema = serde_json::from_str(text).map_err(|e| fail(e.to_string()))?;
        // What `Schema::add` and `Schema::infer` never make: two types of one name, an enum without variants,
        // a root that is not defined.
        let mut names = std::collections::HashSet::new();
        for d in &schema.defs {
            if !names.insert(d.name()) {
                return Err(fail(format!("two types are named {:?}", d.name())));
            }
            if matches!(d, Def::Enum(e) if e.variants.is_empty()) {
                return Err(fail(format!("the enum {:?} has no variants", d.name())));
            }
        }
        if let Some(root) = schema.root.as_deref().filter(|r| !names.contains(r)) {
            return Err(fail(format!("the root type {root:?} is not defined")));
        }
        for shape in &schema.stream {
            let mut used = Vec::new();
            infer::named(shape, &mut used);
            if let Some(t) = used.iter().find(|t| !names.contains(t.as_str())) {
                return Err(fail(format!("the stream's type {t:?} is not defined")));
            }
        }
        Ok(schema)
    }
}

impl std::fmt::Display for Shape {
    /// GDScript-like: `int`, `float`, `String`, `Vector2`, `Array[Item]`, `Dictionary[String, int]`,
    /// `Item`, `Variant`, `String?` for an Option.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Shape::Nil => f.write_str("null"),
            Shape::Bool => f.write_str("bool"),
            Shape::Int { .. } => f.write_str("int"),
            Shape::Float { .. } => f.write_str("float"),
            Shape::String => f.write_str("String"),
            Shape::Option { of } => write!(f, "{of}?"),
            Shape::Array { of } | Shape::TypedArray { of } => write!(f, "Array[{of}]"),
            Shape::Tuple { of } => {
                f.write_str("[")?;
                for (i, s) in of.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{s}")?;
                }
                f.write_str("]")
            }
            Shape::Map { key, value } | Shape::TypedDictionary { key, value } => {
                write!(f, "Dictionary[{key}, {value}]")
            }
            Shape::Builtin { name } => f.write_str(name.name()),
            Shape::Variant => f.write_str("Variant"),
            Shape::Named { name } => f.write_str(name),
        }
    }
}

/// Checks that `name` can name a generated type as it is: an ASCII letter, then ASCII letters, digits or
/// `_`, and no reserved word of Rust (`Self`, `fn`, `type`, …) or GDScript (`class`, `func`, …). The name
/// given for an inferred schema's top type ([`Schema::infer`], `godot-bin schema --name`) must pass; an
/// error says why it does not.
///
/// ```
/// use godot_bin::schema::check_type_name;
/// assert!(check_type_name("SaveGame").is_ok());
/// for bad in ["two words", "9lives", "Self", "fn", "class", "Save\u{202e}", ""] {
///     assert!(check_type_name(bad).unwrap_err().to_string().contains("not a type name"), "{bad:?}");
/// }
/// ```
pub fn check_type_name(name: &str) -> crate::error::Result<()> {
    let fail = |why: &str| {
        Err(crate::error::Error::new(
            crate::error::ErrorKind::Message(format!("{name:?} is not a type name ({why})")),
            None,
        ))
    };
    let mut chars = name.chars();
    if !(chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_'))
    {
        return fail("a letter, then letters, digits or '_'");
    }
    if rust::is_keyword(name) || name == "Self" || gdscript::is_reserved_word(name) {
        return fail("a reserved word of Rust or GDScript");
    }
    Ok(())
}

/// Whether generated code never holds `c` as it is, even inside a string literal or a comment: a control
/// character, a line or paragraph separator, or an invisible format control (the bidirectional embeddings,
/// overrides, isolates and marks, the zero-width characters, the soft hyphen, the byte order mark, …). Such
/// a character can make code read differently from what it does; rustc refuses the bidirectional ones in
/// literals and comments and Godot 4 refuses a script that holds one. The emitters write it escaped.
pub(crate) fn is_hidden_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{ad}'
                | '\u{600}'..='\u{605}'
                | '\u{61c}'
                | '\u{6dd}'
                | '\u{70f}'
                | '\u{890}'..='\u{891}'
                | '\u{8e2}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
                | '\u{110bd}'
                | '\u{110cd}'
                | '\u{13430}'..='\u{1343f}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0001}'
                | '\u{e0020}'..='\u{e007f}'
        )
}

mod dialect_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::config::Dialect;

    pub(super) fn serialize<S: Serializer>(d: &Dialect, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(d)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Dialect, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}
