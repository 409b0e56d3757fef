//! GDScript from a [`Schema`](super::Schema): one class per type, with typed fields, `from_variant` and
//! `to_variant`.
//!
//! The file's script is the root type's class; every other struct and data enum is an inner class, every
//! enum of unit variants only a GDScript `enum` (with its wire names in a `const` array). Each class has:
//! - `static func from_variant(value, lenient := false)`: an instance, or `null` with the error pushed
//!   (`push_error("Save.items[2].name: …")`); strict mode wants every key (but optional fields) and every
//!   value of the right type, lenient mode (old saves) gives missing keys their default;
//! - `static func check(value, lenient := false)`: `""`, or the first error with its path;
//! - `func to_variant()`: exactly the value godot_bin's serde mapping writes for the same Rust value.
//!
//! Godot 4 dialects get the 4.x flavour (`extends RefCounted`, `Array[Item]`, `Dictionary[String, int]` where
//! the dialect has typed containers); the others the 3.x flavour (`extends Reference`, `PoolVector2Array`,
//! untyped containers; Godot 3.1 or newer). How the root's script finds itself: in 4.x it preloads its own
//! file (save it under [`Options::with_file_name`]'s name, by default the root's name in snake case); in 3.x,
//! which refuses that, it looks its `class_name` up in the project's global classes (the editor registers
//! it), so the 3.x flavour needs a class name. Two generated files that share a type each hold it as an inner
//! class: give the second file's root another class name if the first one's types are global classes too.
//!
//! ```
//! use godot_bin::markers::Vector2;
//! use godot_bin::{gdscript, Config, Dialect};
//! use serde::{Deserialize, Serialize};
//!
//! /// A message from the server.
//! #[derive(Serialize, Deserialize)]
//! enum Msg { Hello, Chat(String), Move { to: Vector2 } }
//!
//! #[derive(Serialize, Deserialize)]
//! struct Save { player: String, pos: Vector2, inbox: Vec<Msg> }
//!
//! let gd = gdscript::for_type::<Save>(&Config::new(Dialect::Godot4_6))?;
//! assert!(gd.contains("class_name Save\nextends RefCounted\n"));
//! assert!(gd.contains("var inbox: Array[Msg] = []"));
//! assert!(gd.contains("class MsgMove extends RefCounted:"));
//! let gd3 = gdscript::for_type::<Save>(&Config::new(Dialect::Godot3))?;
//! assert!(gd3.contains("extends Reference") && gd3.contains("var inbox: Array = []"));
//! # Ok::<(), godot_bin::Error>(())
//! ```

use serde::de::DeserializeOwned;

use super::{Def, Enum, Field, Schema, Shape, Struct, VariantData};
use crate::config::{Config, Dialect};
use crate::dialect::Family;
use crate::error::{Error, ErrorKind, Result};
use crate::types::TypeKind;

mod enums;
mod values;

/// How the GDScript is written: the root's `class_name` and the file name its script preloads itself by.
///
/// ```
/// use godot_bin::gdscript::{from_schema, Options};
/// use godot_bin::schema::{Def, Schema, Struct};
/// let mut s = Schema::new(godot_bin::Dialect::Godot4_6);
/// s.defs.push(Def::Struct(Struct { name: "Save".into(), doc: None, fields: vec![] }));
/// let o = Options::default().with_class_name(Some("SaveGame".into())).with_file_name("save_game.gd");
/// let gd = from_schema(&s, &o)?;
/// assert!(gd.contains("class_name SaveGame\n") && gd.contains("preload(\"save_game.gd\")"));
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Options {
    class_name: Option<Option<String>>,
    file_name: Option<String>,
}

impl Options {
    /// `class_name X` for the root class (`None`: no `class_name` line). Default: the root type's name.
    ///
    /// ```
    /// use godot_bin::gdscript::{from_schema, Options};
    /// use godot_bin::schema::{Def, Field, Schema, Shape, Struct};
    /// let mut s = Schema::new(godot_bin::Dialect::Godot4_6);
    /// s.defs.push(Def::Struct(Struct { name: "Save".into(), doc: None, fields: vec![Field::new("hp", Shape::Bool)] }));
    /// s.root = Some("Save".into());
    /// let gd = from_schema(&s, &Options::default().with_class_name(None))?;
    /// assert!(!gd.contains("class_name"));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn with_class_name(mut self, name: Option<String>) -> Options {
        self.class_name = Some(name);
        self
    }

    /// The name the file is saved under, next to nothing else: the 4.x flavour's script preloads itself by
    /// it. Default: the root type's name in snake case, `.gd` (`SaveGame` → `save_game.gd`).
    ///
    /// ```
    /// use godot_bin::gdscript::{from_schema, Options};
    /// use godot_bin::schema::{Def, Schema, Struct};
    /// let mut s = Schema::new(godot_bin::Dialect::Godot4_6);
    /// s.defs.push(Def::Struct(Struct { name: "Save".into(), doc: None, fields: vec![] }));
    /// s.root = Some("Save".into());
    /// let gd = from_schema(&s, &Options::default().with_file_name("state.gd"))?;
    /// assert!(gd.contains("preload(\"state.gd\")"));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn with_file_name(mut self, name: impl Into<String>) -> Options {
        self.file_name = Some(name.into());
        self
    }
}

/// One GDScript file whose script is `T`'s class, the types it uses as inner classes, for `cfg`'s dialect
/// (the 3.x flavour for a dialect without typed containers).
///
/// ```
/// use godot_bin::{gdscript, Config, Dialect};
/// #[derive(serde::Serialize, serde::Deserialize)]
/// struct Item { name: String, count: u16 }
/// let gd = gdscript::for_type::<Item>(&Config::new(Dialect::Godot4_6))?;
/// assert!(gd.contains("var count: int") && gd.contains("static func from_variant("));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn for_type<T: DeserializeOwned + serde::Serialize>(cfg: &Config) -> Result<String> {
    let schema = Schema::new(cfg.dialect()).add::<T>()?;
    from_schema(&schema, &Options::default())
}

/// One GDScript file for `schema`: its root type's class, the others as inner classes.
///
/// ```
/// use godot_bin::gdscript::{from_schema, Options};
/// use godot_bin::schema::{Def, Field, Schema, Shape, Struct};
/// use godot_bin::value::TypeKind;
/// let mut s = Schema::new(godot_bin::Dialect::Godot3);
/// s.defs.push(Def::Struct(Struct {
///     name: "Save".into(),
///     doc: None,
///     fields: vec![Field::new("path", Shape::Builtin { name: TypeKind::PackedVector2Array })],
/// }));
/// s.root = Some("Save".into());
/// assert!(from_schema(&s, &Options::default())?.contains("var path: PoolVector2Array"));
/// s.defs[0] = Def::Struct(Struct {
///     name: "Save".into(),
///     doc: None,
///     fields: vec![Field::new("cell", Shape::Builtin { name: TypeKind::Vector2i })],
/// });
/// assert_eq!(from_schema(&s, &Options::default()).unwrap_err().to_string(), "Vector2i is not available in godot3");
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn from_schema(schema: &Schema, options: &Options) -> Result<String> {
    Gen::new(schema, options)?.file()
}

/// One GDScript file per struct and data enum of `schema`, as (file name, text): `item.gd` holds
/// `class_name Item`, and the types it uses are the other files, preloaded by their names (`_Item`). Each
/// file's `class_name` is its type's name; `options`' class and file names are not used. In the 3.x flavour
/// two files must not use each other (Godot 3 refuses a preload cycle); one type using itself is fine.
///
/// ```
/// use godot_bin::gdscript::{files_per_type, Options};
/// use godot_bin::{schema::Schema, Dialect};
/// #[derive(serde::Serialize, serde::Deserialize)]
/// struct Item { name: String }
/// #[derive(serde::Serialize, serde::Deserialize)]
/// struct Bag { items: Vec<Item> }
/// let files = files_per_type(&Schema::new(Dialect::Godot4_6).add::<Bag>()?, &Options::default())?;
/// assert_eq!(files.iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>(), ["bag.gd", "item.gd"]);
/// assert!(files[0].1.contains("const _Item = preload(\"item.gd\")"));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn files_per_type(schema: &Schema, options: &Options) -> Result<Vec<(String, String)>> {
    let mut files = Vec::new();
    for d in &schema.defs {
        if matches!(d, Def::Enum(e) if e.is_unit_only()) && schema.root.as_deref() != Some(d.name()) {
            continue;
        }
        let mut g = Gen::new(schema, options)?;
        g.root = d.name().to_string();
        g.class_name = Some(g.cls(d.name()));
        g.file_name = format!("{}.gd", snake(d.name()));
        g.external = true;
        files.push((g.file_name.clone(), g.file()?));
    }
    Ok(files)
}

fn message(text: String) -> Error {
    Error::new(ErrorKind::Message(text), None)
}

/// GDScript's reserved words (3.x and 4.x), its type names, and the names a generated class already uses:
/// a field or class with one of these names gets a `_` after it (its key stays as it is).
const RESERVED: &[&str] = &[
    "if",
    "elif",
    "else",
    "for",
    "while",
    "match",
    "when",
    "break",
    "continue",
    "pass",
    "return",
    "class",
    "class_name",
    "extends",
    "is",
    "in",
    "as",
    "self",
    "super",
    "signal",
    "func",
    "static",
    "const",
    "enum",
    "var",
    "breakpoint",
    "preload",
    "await",
    "yield",
    "assert",
    "void",
    "PI",
    "TAU",
    "INF",
    "NAN",
    "and",
    "or",
    "not",
    "true",
    "false",
    "null",
    "tool",
    "onready",
    "export",
    "setget",
    "puppet",
    "master",
    "remote",
    "sync",
    "remotesync",
    "mastersync",
    "puppetsync",
    "namespace",
    "trait",
    "script",
    "new",
    "variant",
    "value",
    "from_variant",
    "to_variant",
    "check",
    "SCHEMA_VERSION",
    "VARIANTS",
    "_in",
    "_at",
    "_lenient",
    "_err",
    "_o",
    "_d",
    "_k",
    "_r",
    "_SELF",
    "_read",
    "_root_script",
    "int",
    "float",
    "bool",
    "real",
    "String",
    "Variant",
    "Array",
    "Dictionary",
    "Object",
    "Signal",
    "Callable",
];

/// The functions a GDScript member named like them would shadow (Godot 4 warns, which the check makes an
/// error; Godot 3 may call the member instead): Godot 4's @GlobalScope utility functions and @GDScript
/// functions, Godot 3's @GDScript functions, and the methods of Object, RefCounted and Reference (a member
/// var may not share a method's name). Checked by a live check that uses each as a field name.
const FUNCTIONS: &[&str] = &[
    // Godot 4 @GlobalScope
    "sin",
    "cos",
    "tan",
    "sinh",
    "cosh",
    "tanh",
    "asin",
    "acos",
    "atan",
    "atan2",
    "asinh",
    "acosh",
    "atanh",
    "sqrt",
    "fmod",
    "fposmod",
    "posmod",
    "floor",
    "floorf",
    "floori",
    "ceil",
    "ceilf",
    "ceili",
    "round",
    "roundf",
    "roundi",
    "abs",
    "absf",
    "absi",
    "sign",
    "signf",
    "signi",
    "snapped",
    "snappedf",
    "snappedi",
    "pow",
    "log",
    "exp",
    "is_nan",
    "is_inf",
    "is_equal_approx",
    "is_zero_approx",
    "is_finite",
    "ease",
    "step_decimals",
    "lerp",
    "lerpf",
    "cubic_interpolate",
    "cubic_interpolate_angle",
    "cubic_interpolate_in_time",
    "cubic_interpolate_angle_in_time",
    "bezier_interpolate",
    "bezier_derivative",
    "angle_difference",
    "lerp_angle",
    "inverse_lerp",
    "remap",
    "smoothstep",
    "move_toward",
    "rotate_toward",
    "deg_to_rad",
    "rad_to_deg",
    "linear_to_db",
    "db_to_linear",
    "wrap",
    "wrapi",
    "wrapf",
    "max",
    "maxi",
    "maxf",
    "min",
    "mini",
    "minf",
    "clamp",
    "clampi",
    "clampf",
    "nearest_po2",
    "pingpong",
    "randomize",
    "randi",
    "randf",
    "randi_range",
    "randf_range",
    "randfn",
    "seed",
    "rand_from_seed",
    "weakref",
    "typeof",
    "type_convert",
    "str",
    "error_string",
    "type_string",
    "print",
    "print_rich",
    "printerr",
    "printt",
    "prints",
    "printraw",
    "print_verbose",
    "push_error",
    "push_warning",
    "var_to_str",
    "str_to_var",
    "var_to_bytes",
    "bytes_to_var",
    "var_to_bytes_with_objects",
    "bytes_to_var_with_objects",
    "hash",
    "instance_from_id",
    "is_instance_id_valid",
    "is_instance_valid",
    "rid_allocate_id",
    "rid_from_int64",
    "is_same",
    // Godot 4 @GDScript
    "Color8",
    "char",
    "convert",
    "dict_to_inst",
    "get_stack",
    "inst_to_dict",
    "is_instance_of",
    "len",
    "load",
    "print_debug",
    "print_stack",
    "range",
    "type_exists",
    "ord",
    // Godot 3 @GDScript
    "ColorN",
    "bytes2var",
    "cartesian2polar",
    "db2linear",
    "decimals",
    "dectime",
    "deep_equal",
    "deg2rad",
    "dict2inst",
    "funcref",
    "inst2dict",
    "linear2db",
    "parse_json",
    "polar2cartesian",
    "rad2deg",
    "rand_range",
    "rand_seed",
    "range_lerp",
    "stepify",
    "str2var",
    "to_json",
    "validate_json",
    "var2bytes",
    "var2str",
    // Object, RefCounted, Reference
    "get_class",
    "is_class",
    "set",
    "get",
    "set_indexed",
    "get_indexed",
    "get_property_list",
    "get_method_list",
    "property_can_revert",
    "property_get_revert",
    "notification",
    "to_string",
    "get_instance_id",
    "set_script",
    "get_script",
    "set_meta",
    "remove_meta",
    "get_meta",
    "has_meta",
    "get_meta_list",
    "add_user_signal",
    "has_user_signal",
    "remove_user_signal",
    "emit_signal",
    "call",
    "call_deferred",
    "set_deferred",
    "callv",
    "has_method",
    "get_method_argument_count",
    "has_signal",
    "get_signal_list",
    "get_signal_connection_list",
    "get_incoming_connections",
    "connect",
    "disconnect",
    "is_connected",
    "has_connections",
    "set_block_signals",
    "is_blocking_signals",
    "notify_property_list_changed",
    "property_list_changed_notify",
    "set_message_translation",
    "can_translate_messages",
    "tr",
    "tr_n",
    "get_translation_domain",
    "set_translation_domain",
    "is_queued_for_deletion",
    "cancel_free",
    "free",
    "init_ref",
    "reference",
    "unreference",
    "get_reference_count",
    "_init",
    "_get",
    "_set",
    "_notification",
    "_to_string",
    "_get_property_list",
    "_property_can_revert",
    "_property_get_revert",
    "_validate_property",
    "_iter_init",
    "_iter_next",
    "_iter_get",
    // Godot 4 global enums
    "Side",
    "Corner",
    "Orientation",
    "ClockDirection",
    "HorizontalAlignment",
    "VerticalAlignment",
    "InlineAlignment",
    "EulerOrder",
    "Key",
    "KeyModifierMask",
    "KeyLocation",
    "MouseButton",
    "MouseButtonMask",
    "JoyButton",
    "JoyAxis",
    "MIDIMessage",
    "Error",
    "PropertyHint",
    "PropertyUsageFlags",
    "MethodFlags",
];

/// The native class and singleton names of Godot 4.6, 3.6 and 3.2.3, one a line (scripts/gdscript-names.sh
/// asks the engines): no generated class or field is named like one.
const NATIVE_CLASSES: &str = include_str!("native_classes.txt");

/// Whether a GDScript name would clash with the language or the engine: a reserved word, a type, a
/// global function or method, a native class, or a name with no lowercase letter (a global constant such
/// as `OK` or `KEY_A` may have it).
fn clashes(s: &str) -> bool {
    RESERVED.contains(&s)
        || FUNCTIONS.contains(&s)
        || !s.chars().any(|c| c.is_ascii_lowercase())
        || TypeKind::ALL.iter().any(|k| Family::Godot3.name_of(*k) == s || Family::Godot4.name_of(*k) == s)
        || NATIVE_CLASSES.lines().any(|l| l == s)
        || is_local(s)
}

/// A name like the locals the generated functions make (`_x1`, `_w12`).
fn is_local(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('_') else { return false };
    let letters = rest.chars().take_while(|c| c.is_ascii_lowercase()).count();
    letters > 0 && rest.len() > letters && rest[letters..].chars().all(|c| c.is_ascii_digit())
}

/// `name` with only the characters of a GDScript identifier: others become `_`, a name with no letter
/// gets `key` before it, a leading digit a `_`.
fn plain_ident(name: &str) -> String {
    let mut s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if !s.chars().any(|c| c.is_ascii_alphabetic()) {
        s.insert_str(0, "key");
    } else if s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    s
}

/// `name` made a GDScript identifier that clashes with nothing of the language or engine
/// ([`plain_ident`], then a `_` after it if it [`clashes`]; no listed name ends with `_`).
fn ident(name: &str) -> String {
    let mut s = plain_ident(name);
    if clashes(&s) {
        s.push('_');
    }
    s
}

/// `s` for a comment or inside a string literal: on one line, control characters escaped.
fn esc(s: &str) -> String {
    let l = lit(s);
    l[1..l.len() - 1].to_string()
}

/// A comment's text: on one line, control characters escaped (quotes and backslashes as they are).
fn comment(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// `SaveGame` → `save_game`.
fn snake(name: &str) -> String {
    let mut s = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                s.push('_');
            }
            s.push(c.to_ascii_lowercase());
        } else {
            s.push(c);
        }
    }
    plain_ident(&s)
}

/// `CALM` from `Calm`, for a GDScript enum's constants.
fn upper(name: &str) -> String {
    let mut s = plain_ident(&snake(name).trim_end_matches('_').to_ascii_uppercase());
    while RESERVED.contains(&s.as_str()) {
        s.push('_');
    }
    s
}

/// A GDScript string literal.
fn lit(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The `TYPE_…` constant of `kind` in a family.
fn type_const(kind: TypeKind, g4: bool) -> &'static str {
    use TypeKind as K;
    match (kind, g4) {
        (K::Nil, _) => "TYPE_NIL",
        (K::Bool, _) => "TYPE_BOOL",
        (K::Int, _) => "TYPE_INT",
        (K::Float, true) => "TYPE_FLOAT",
        (K::Float, false) => "TYPE_REAL",
        (K::String, _) => "TYPE_STRING",
        (K::Vector2, _) => "TYPE_VECTOR2",
        (K::Vector2i, _) => "TYPE_VECTOR2I",
        (K::Rect2, _) => "TYPE_RECT2",
        (K::Rect2i, _) => "TYPE_RECT2I",
        (K::Vector3, _) => "TYPE_VECTOR3",
        (K::Vector3i, _) => "TYPE_VECTOR3I",
        (K::Transform2D, _) => "TYPE_TRANSFORM2D",
        (K::Vector4, _) => "TYPE_VECTOR4",
        (K::Vector4i, _) => "TYPE_VECTOR4I",
        (K::Plane, _) => "TYPE_PLANE",
        (K::Quaternion, true) => "TYPE_QUATERNION",
        (K::Quaternion, false) => "TYPE_QUAT",
        (K::Aabb, _) => "TYPE_AABB",
        (K::Basis, _) => "TYPE_BASIS",
        (K::Transform3D, true) => "TYPE_TRANSFORM3D",
        (K::Transform3D, false) => "TYPE_TRANSFORM",
        (K::Projection, _) => "TYPE_PROJECTION",
        (K::Color, _) => "TYPE_COLOR",
        (K::StringName, _) => "TYPE_STRING_NAME",
        (K::NodePath, _) => "TYPE_NODE_PATH",
        (K::Rid, _) => "TYPE_RID",
        (K::Object, _) => "TYPE_OBJECT",
        (K::Callable, _) => "TYPE_CALLABLE",
        (K::Signal, _) => "TYPE_SIGNAL",
        (K::Dictionary, _) => "TYPE_DICTIONARY",
        (K::Array, _) => "TYPE_ARRAY",
        (K::PackedByteArray, true) => "TYPE_PACKED_BYTE_ARRAY",
        (K::PackedByteArray, false) => "TYPE_RAW_ARRAY",
        (K::PackedInt32Array, true) => "TYPE_PACKED_INT32_ARRAY",
        (K::PackedInt32Array, false) => "TYPE_INT_ARRAY",
        (K::PackedInt64Array, _) => "TYPE_PACKED_INT64_ARRAY",
        (K::PackedFloat32Array, true) => "TYPE_PACKED_FLOAT32_ARRAY",
        (K::PackedFloat32Array, false) => "TYPE_REAL_ARRAY",
        (K::PackedFloat64Array, _) => "TYPE_PACKED_FLOAT64_ARRAY",
        (K::PackedStringArray, true) => "TYPE_PACKED_STRING_ARRAY",
        (K::PackedStringArray, false) => "TYPE_STRING_ARRAY",
        (K::PackedVector2Array, true) => "TYPE_PACKED_VECTOR2_ARRAY",
        (K::PackedVector2Array, false) => "TYPE_VECTOR2_ARRAY",
        (K::PackedVector3Array, true) => "TYPE_PACKED_VECTOR3_ARRAY",
        (K::PackedVector3Array, false) => "TYPE_VECTOR3_ARRAY",
        (K::PackedColorArray, true) => "TYPE_PACKED_COLOR_ARRAY",
        (K::PackedColorArray, false) => "TYPE_COLOR_ARRAY",
        (K::PackedVector4Array, _) => "TYPE_PACKED_VECTOR4_ARRAY",
        _ => "TYPE_NIL",
    }
}

/// What a named type becomes.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// A class (struct, data enum, or the root).
    Class,
    /// A GDScript `enum` (unit variants only, not the root).
    UnitEnum,
}

struct Gen<'a> {
    schema: &'a Schema,
    dialect: Dialect,
    /// The 4.x flavour.
    g4: bool,
    root: String,
    class_name: Option<String>,
    file_name: String,
    /// One file per type: the other types are other files, preloaded as `_Name`.
    external: bool,
    /// Each type's GDScript name (class or enum), and each unit enum's names const (keyed `Name\0NAMES`).
    classes: Vec<(String, String)>,
    /// The names of the file's classes, enums and constants: no field takes one.
    taken: Vec<String>,
    out: String,
    tmp: usize,
}

impl<'a> Gen<'a> {
    fn new(schema: &'a Schema, options: &Options) -> Result<Gen<'a>> {
        let dialect = schema.dialect;
        if dialect.family() == Family::Godot2 {
            // Godot 2's GDScript has no typed variables, class_name or static typing.
            return Err(Error::new(ErrorKind::Unsupported { what: "generated GDScript", dialect }, None));
        }
        let g4 = dialect.family() == Family::Godot4;
        let root = match &schema.root {
            Some(r) => r.clone(),
            None => schema
                .defs
                .first()
                .map(|d| d.name().to_string())
                .ok_or_else(|| message("the schema has no types".into()))?,
        };
        if schema.get(&root).is_none() {
            return Err(message(format!("the schema's root type {root} is not one of its types")));
        }
        let class_name = match &options.class_name {
            Some(c) => c.clone(),
            None => None,
        };
        let file_name = options.file_name.clone().unwrap_or_else(|| format!("{}.gd", snake(&root)));
        let mut g = Gen {
            schema,
            dialect,
            g4,
            root,
            class_name,
            file_name,
            external: false,
            out: String::new(),
            tmp: 0,
            classes: Vec::new(),
            taken: Vec::new(),
        };
        g.name_classes(options.class_name.is_none());
        if !g4 && g.class_name.is_none() {
            return Err(message(format!(
                "the Godot 3 flavour ({dialect}) needs a class_name for {}: its script finds itself by it",
                g.root
            )));
        }
        for d in &schema.defs {
            match d {
                Def::Struct(s) => s.fields.iter().try_for_each(|f| g.validate(&f.shape))?,
                Def::Enum(e) => {
                    for v in &e.variants {
                        match &v.data {
                            VariantData::Unit => {}
                            VariantData::Newtype { shape } => g.validate(shape)?,
                            VariantData::Tuple { of } => of.iter().try_for_each(|s| g.validate(s))?,
                            VariantData::Struct { fields } => fields.iter().try_for_each(|f| g.validate(&f.shape))?,
                        }
                    }
                }
            }
        }
        Ok(g)
    }

    /// A type the dialect lacks, or a name the schema lacks, is an error.
    fn validate(&self, shape: &Shape) -> Result<()> {
        match shape {
            Shape::Builtin { name } => {
                if !self.dialect.has_type(*name) {
                    return Err(Error::new(ErrorKind::Unsupported { what: name.name(), dialect: self.dialect }, None));
                }
                if matches!(
                    name,
                    TypeKind::Object
                        | TypeKind::Callable
                        | TypeKind::Signal
                        | TypeKind::Image
                        | TypeKind::InputEvent
                        | TypeKind::TypedArray
                        | TypeKind::PackedTypedArray
                ) {
                    return Err(message(format!("{} fields are not supported in generated GDScript", name.name())));
                }
                Ok(())
            }
            Shape::Named { name } => match self.schema.get(name) {
                Some(_) => Ok(()),
                None => Err(message(format!("type {name} is used but not defined in the schema"))),
            },
            Shape::Option { of } | Shape::Array { of } | Shape::TypedArray { of } => self.validate(of),
            Shape::Tuple { of } => of.iter().try_for_each(|s| self.validate(s)),
            Shape::Map { key, value } | Shape::TypedDictionary { key, value } => {
                self.validate(key)?;
                self.validate(value)
            }
            _ => Ok(()),
        }
    }

    fn kind(&self, name: &str) -> Kind {
        match self.schema.get(name) {
            Some(Def::Enum(e)) if e.is_unit_only() && name != self.root => Kind::UnitEnum,
            _ => Kind::Class,
        }
    }

    /// The GDScript expression naming the class of type `name` (the root: its script).
    fn class_ref(&self, name: &str) -> String {
        if name == self.root {
            if self.g4 {
                "_SELF".into()
            } else {
                "_root_script()".into()
            }
        } else {
            self.other(name)
        }
    }

    /// The name of a type other than the root: an inner class, or in one file per type the other file's
    /// preloaded script (a struct variant's class is an inner class of its enum's file either way).
    fn other(&self, name: &str) -> String {
        if self.external && self.schema.get(name).is_some() {
            format!("_{}", self.cls(name))
        } else {
            self.cls(name)
        }
    }

    /// The const array of a unit enum's wire names.
    fn names_const(&self, name: &str) -> String {
        self.classes.iter().find(|(n, _)| n == &format!("{name}\0NAMES")).map(|(_, c)| c.clone()).unwrap_or_default()
    }

    /// The GDScript name of the class or enum of type `name` (or of a struct variant's class, named by the
    /// enum's and the variant's names together).
    fn cls(&self, name: &str) -> String {
        self.classes.iter().find(|(n, _)| n == name).map(|(_, c)| c.clone()).unwrap_or_else(|| ident(name))
    }

    /// Gives every class, enum and enum names const of the file its GDScript name: an [`ident`], unique in
    /// the file (and unlike the root's class_name); the root's class_name too when `default_class_name`.
    fn name_classes(&mut self, default_class_name: bool) {
        let mut taken: Vec<String> = ["SCHEMA_VERSION", "VARIANTS", "_SELF"].map(String::from).to_vec();
        taken.extend(self.class_name.clone());
        let mut names: Vec<String> = vec![self.root.clone()];
        for d in &self.schema.defs {
            names.push(d.name().to_string());
            if let Def::Enum(e) = d {
                for v in &e.variants {
                    if let VariantData::Struct { .. } = v.data {
                        names.push(format!("{}{}", e.name, v.name));
                    }
                }
            }
        }
        for n in names {
            if self.classes.iter().any(|(m, _)| m == &n) {
                continue;
            }
            let mut c = ident(&n);
            while taken.contains(&c) {
                c.push('_');
            }
            if n == self.root && default_class_name {
                self.class_name = Some(c.clone());
            }
            taken.push(c.clone());
            self.classes.push((n.clone(), c));
            if self.kind(&n) == Kind::UnitEnum {
                let mut k = format!("{}_NAMES", upper(&n));
                while taken.contains(&k) {
                    k.push('_');
                }
                taken.push(k.clone());
                self.classes.push((format!("{n}\0NAMES"), k));
            }
        }
        self.taken = taken.into_iter().chain(self.classes.iter().map(|(_, c)| format!("_{c}"))).collect();
    }

    /// The static type of a field holding `shape`, if it has one.
    fn var_type(&self, shape: &Shape) -> Option<String> {
        match shape {
            Shape::Nil | Shape::Variant => None,
            Shape::Bool => Some("bool".into()),
            Shape::Int { .. } => Some("int".into()),
            Shape::Float { .. } => Some("float".into()),
            Shape::String => Some("String".into()),
            Shape::Option { of } => match &**of {
                Shape::Named { name } if self.kind(name) == Kind::Class => self.named_type(name),
                _ => None,
            },
            Shape::Tuple { .. } => Some("Array".into()),
            Shape::Array { of } | Shape::TypedArray { of } => {
                if self.dialect.typed_arrays() {
                    if let Some(t) = self.elem_type(of) {
                        return Some(format!("Array[{t}]"));
                    }
                }
                Some("Array".into())
            }
            Shape::Map { key, value } | Shape::TypedDictionary { key, value } => {
                if self.dialect.typed_dictionaries() {
                    if let (Some(k), Some(v)) = (self.elem_type(key), self.elem_type(value)) {
                        return Some(format!("Dictionary[{k}, {v}]"));
                    }
                }
                Some("Dictionary".into())
            }
            Shape::Builtin { name } => Some(self.dialect.family().name_of(*name).into()),
            Shape::Named { name } => self.named_type(name),
        }
    }

    fn named_type(&self, name: &str) -> Option<String> {
        match self.kind(name) {
            Kind::UnitEnum => Some(if self.g4 { self.cls(name) } else { "int".into() }),
            Kind::Class if name == self.root => self.g4.then(|| "_SELF".into()),
            Kind::Class => Some(self.other(name)),
        }
    }

    /// The element type of a typed container field (`Array[T]`), if one fits.
    fn elem_type(&self, shape: &Shape) -> Option<String> {
        match shape {
            Shape::Option { .. } => None,
            Shape::Array { .. } | Shape::TypedArray { .. } => Some("Array".into()),
            Shape::Map { .. } | Shape::TypedDictionary { .. } => Some("Dictionary".into()),
            s => self.var_type(s),
        }
    }

    /// The `TYPE_…` a typed container holds on the wire for elements of `shape` (`None`: untyped), as
    /// godot_bin's `TypedArray` / `TypedDictionary` write them.
    fn wire_type(&self, shape: &Shape) -> Option<&'static str> {
        let k = match shape {
            Shape::Bool => TypeKind::Bool,
            Shape::Int { .. } => TypeKind::Int,
            Shape::Float { .. } => TypeKind::Float,
            Shape::String => TypeKind::String,
            Shape::Builtin { name } => *name,
            Shape::Array { .. } | Shape::TypedArray { .. } | Shape::Tuple { .. } => TypeKind::Array,
            Shape::Map { .. } | Shape::TypedDictionary { .. } => TypeKind::Dictionary,
            Shape::Named { name } => match self.schema.get(name) {
                Some(Def::Struct(_)) => TypeKind::Dictionary,
                _ => return None,
            },
            _ => return None,
        };
        Some(type_const(k, self.g4))
    }

    /// The value a field starts with, and gets in lenient mode when its key is missing.
    fn default_value(&self, shape: &Shape) -> String {
        match shape {
            Shape::Bool => "false".into(),
            Shape::Int { .. } => "0".into(),
            Shape::Float { .. } => "0.0".into(),
            Shape::String => "\"\"".into(),
            Shape::Array { .. } | Shape::TypedArray { .. } | Shape::Tuple { .. } => "[]".into(),
            Shape::Map { .. } | Shape::TypedDictionary { .. } => "{}".into(),
            Shape::Builtin { name } => {
                if *name == TypeKind::StringName && self.g4 {
                    "&\"\"".into()
                } else {
                    format!("{}()", self.dialect.family().name_of(*name))
                }
            }
            Shape::Named { name } if self.kind(name) == Kind::UnitEnum => {
                if self.g4 {
                    format!("{}.{}", self.cls(name), self.first_variant(name))
                } else {
                    "0".into()
                }
            }
            _ => "null".into(),
        }
    }

    fn first_variant(&self, name: &str) -> String {
        match self.schema.get(name) {
            Some(Def::Enum(e)) => e.variants.first().map(|v| upper(&v.name)).unwrap_or_default(),
            _ => String::new(),
        }
    }

    fn fresh(&mut self, prefix: &str) -> String {
        self.tmp += 1;
        format!("_{prefix}{}", self.tmp)
    }

    fn line(&mut self, indent: usize, text: &str) {
        for _ in 0..indent {
            self.out.push('\t');
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn doc(&mut self, indent: usize, doc: &Option<String>) {
        let mark = if self.g4 { "##" } else { "#" };
        if let Some(d) = doc {
            for l in d.lines() {
                let l = l.trim_end();
                let t = if l.is_empty() { mark.to_string() } else { format!("{mark} {}", comment(l.trim_start())) };
                self.line(indent, &t);
            }
        }
    }

    fn file(mut self) -> Result<String> {
        let flavour = if self.g4 { "4.x" } else { "3.x" };
        self.line(0, &format!("# Generated by godot_bin from a schema (Rust types or saves); do not edit, generate it again. Dialect: {}, GDScript {flavour}.", self.dialect));
        self.line(0, "# Types:");
        for d in &self.schema.defs {
            let mut t = comment(&overview(d));
            let c = self.cls(d.name());
            if c != d.name() {
                // Renamed: a native class, a keyword, or alike another name once sanitized.
                t.push_str(&format!(" (GDScript name {c})"));
            }
            self.line(0, &format!("#   {t}"));
        }
        if let Some(c) = &self.class_name {
            let c = c.clone();
            self.line(0, &format!("class_name {c}"));
        }
        self.line(0, &format!("extends {}", self.base()));
        self.line(0, "");
        let root_def = self.schema.get(&self.root).cloned().ok_or_else(|| message("no root".into()))?;
        self.doc(0, &doc_of(&root_def));
        self.line(0, &format!("const SCHEMA_VERSION = {}", lit(&self.schema.version())));
        if self.g4 {
            let f = lit(&self.file_name);
            self.line(0, &format!("const _SELF = preload({f})"));
        }
        if self.external {
            let mut used = Vec::new();
            uses(&self.schema.get(&self.root).cloned().ok_or_else(|| message("no root".into()))?, &mut used);
            for name in used {
                if name != self.root && self.kind(&name) == Kind::Class {
                    let f = lit(&format!("{}.gd", snake(&name)));
                    let c = self.cls(&name);
                    self.line(0, &format!("const _{c} = preload({f})"));
                }
            }
        }
        // Unit-only enums.
        let defs = self.schema.defs.clone();
        for d in &defs {
            if let Def::Enum(e) = d {
                if self.kind(&e.name) == Kind::UnitEnum {
                    self.line(0, "");
                    self.doc(0, &e.doc);
                    let consts: Vec<String> = e.variants.iter().map(|v| upper(&v.name)).collect();
                    let c = self.cls(&e.name);
                    self.line(0, &format!("enum {c} {{ {} }}", consts.join(", ")));
                    let names: Vec<String> = e.variants.iter().map(|v| lit(&v.name)).collect();
                    self.line(
                        0,
                        &format!("## The names {} is written as, by value.", comment(&e.name))
                            .replace("##", if self.g4 { "##" } else { "#" }),
                    );
                    self.line(0, &format!("const {} = [{}]", self.names_const(&e.name), names.join(", ")));
                }
            }
        }
        self.line(0, "");
        self.class_body(0, &self.root.clone(), &root_def)?;
        for d in &defs {
            if self.external || d.name() == self.root || self.kind(d.name()) == Kind::UnitEnum {
                continue;
            }
            self.inner_class(d.name(), d)?;
            if let Def::Enum(e) = d {
                for v in &e.variants {
                    if let VariantData::Struct { fields } = &v.data {
                        let name = format!("{}{}", e.name, v.name);
                        let s = Def::Struct(Struct { name: name.clone(), doc: v.doc.clone(), fields: fields.clone() });
                        self.inner_class(&name, &s)?;
                    }
                }
            }
        }
        if let Def::Enum(e) = &root_def {
            for v in &e.variants {
                if let VariantData::Struct { fields } = &v.data {
                    let name = format!("{}{}", e.name, v.name);
                    let s = Def::Struct(Struct { name: name.clone(), doc: v.doc.clone(), fields: fields.clone() });
                    self.inner_class(&name, &s)?;
                }
            }
        }
        Ok(self.out)
    }

    fn base(&self) -> &'static str {
        if self.g4 {
            "RefCounted"
        } else {
            "Reference"
        }
    }

    fn inner_class(&mut self, name: &str, def: &Def) -> Result<()> {
        self.line(0, "");
        self.line(0, "");
        self.doc(0, &doc_of(def));
        let c = self.cls(name);
        self.line(0, &format!("class {c} extends {}:", self.base()));
        self.class_body(1, name, def)
    }

    fn class_body(&mut self, ind: usize, name: &str, def: &Def) -> Result<()> {
        match def {
            Def::Struct(s) => self.struct_body(ind, name, &s.fields),
            Def::Enum(e) => self.enum_body(ind, name, e),
        }
    }

    /// The fields' GDScript names: each an [`ident`], unique in its class and unlike every class, enum
    /// and constant of the file.
    fn field_idents(&self, fields: &[Field]) -> Vec<String> {
        let mut seen: Vec<String> = Vec::new();
        for f in fields {
            let mut id = ident(&f.name);
            while seen.contains(&id) || self.taken.contains(&id) {
                id.push('_');
            }
            seen.push(id);
        }
        seen
    }

    fn new_instance(&self, name: &str) -> String {
        format!("{}.new()", self.class_ref(name))
    }

    /// The static helpers every class has: `from_variant` and `check`.
    fn entry_points(&mut self, ind: usize, name: &str) {
        let display = lit(name);
        let lenient = if self.g4 { "_lenient := false" } else { "_lenient = false" };
        self.line(ind, "");
        let mark = if self.g4 { "##" } else { "#" };
        self.line(ind, &format!("{mark} An instance from the value godot_bin writes, or null with the error pushed (lenient: missing keys get defaults)."));
        self.line(ind, &format!("static func from_variant(_in, {lenient}):"));
        self.line(ind + 1, "var _err = []");
        self.line(ind + 1, &format!("var _r = _read(_in, {display}, _lenient, _err)"));
        self.line(ind + 1, "if _err.size() > 0:");
        self.line(ind + 2, "push_error(_err[0])");
        self.line(ind + 2, "return null");
        self.line(ind + 1, "return _r");
        self.line(ind, "");
        self.line(
            ind,
            &format!("{mark} \"\" if from_variant would accept the value, else the first error with its path."),
        );
        let ret = if self.g4 { " -> String" } else { "" };
        self.line(ind, &format!("static func check(_in, {lenient}){ret}:"));
        self.line(ind + 1, "var _err = []");
        self.line(ind + 1, &format!("_read(_in, {display}, _lenient, _err)"));
        self.line(ind + 1, "if _err.size() == 0:");
        self.line(ind + 2, "return \"\"");
        self.line(ind + 1, "return _err[0]");
        if !self.g4 {
            self.line(ind, "");
            self.line(ind, "static func _root_script():");
            let c = lit(self.class_name.as_deref().unwrap_or_default());
            self.line(ind + 1, "for c in ProjectSettings.get_setting(\"_global_script_classes\"):");
            self.line(ind + 2, &format!("if c[\"class\"] == {c}:"));
            self.line(ind + 3, "return load(c[\"path\"])");
            self.line(ind + 1, &format!("push_error(\"class_name \" + {c} + \" is not registered in the project (open it in the editor once)\")"));
            self.line(ind + 1, "return null");
        }
    }

    fn struct_body(&mut self, ind: usize, name: &str, fields: &[Field]) -> Result<()> {
        let ids = self.field_idents(fields);
        for (f, id) in fields.iter().zip(&ids) {
            self.doc(ind, &f.doc);
            let ty = self.var_type(&f.shape);
            let def = self.default_value(&f.shape);
            let key = if id != &f.name { format!(" # key {}", lit(&f.name)) } else { String::new() };
            let note = match (&f.shape, &ty) {
                (Shape::Option { of }, None) => format!(" # {} or null", comment(&of.to_string())),
                (s, None) if !matches!(s, Shape::Variant | Shape::Nil) => format!(" # {}", comment(&s.to_string())),
                _ => String::new(),
            };
            match ty {
                Some(t) => self.line(ind, &format!("var {id}: {t} = {def}{note}{key}")),
                None => self.line(ind, &format!("var {id} = {def}{note}{key}")),
            }
        }
        self.entry_points(ind, name);
        // _read
        self.line(ind, "");
        self.line(ind, "static func _read(_in, _at, _lenient, _err):");
        let b = ind + 1;
        self.line(b, "if typeof(_in) != TYPE_DICTIONARY:");
        self.line(
            b + 1,
            &format!(
                "_err.append(_at + \": expected a Dictionary ({}), got \" + {})",
                esc(name),
                self.type_name("_in")
            ),
        );
        self.line(b + 1, "return null");
        let inst = self.new_instance(name);
        self.line(b, &format!("var _o = {inst}"));
        if fields.is_empty() {
            self.line(b, "if _lenient:");
            self.line(b + 1, "pass");
        }
        for (f, id) in fields.iter().zip(&ids) {
            let key = lit(&f.name);
            self.line(b, &format!("if _in.has({key}):"));
            let p = format!("_at + {}", lit(&format!(".{}", f.name)));
            let r = self.read(b + 1, &f.shape, &format!("_in[{key}]"), &p)?;
            self.assign(b + 1, &format!("_o.{id}"), &f.shape, &r);
            if f.optional {
                self.line(b, "elif _lenient:");
                self.line(b + 1, "pass");
            } else {
                self.line(b, "elif _lenient:");
                let d = self.lenient_default(&f.shape);
                self.assign(b + 1, &format!("_o.{id}"), &f.shape, &d);
                self.line(b, "else:");
                self.line(b + 1, &format!("_err.append(_at + \": missing key \" + {})", lit(&lit(&f.name))));
                self.line(b + 1, "return null");
            }
        }
        self.line(b, "return _o");
        // to_variant
        self.line(ind, "");
        let mark = if self.g4 { "##" } else { "#" };
        self.line(ind, &format!("{mark} The value godot_bin writes for the same Rust value: a Dictionary with String keys in field order."));
        let ret = if self.g4 { " -> Dictionary" } else { "" };
        self.line(ind, &format!("func to_variant(){ret}:"));
        self.line(b, "var _d = {}");
        for (f, id) in fields.iter().zip(&ids) {
            let w = self.write(b, &f.shape, id)?;
            if f.omit_if_null {
                self.line(b, &format!("if {w} != null:"));
                self.line(b + 1, &format!("_d[{}] = {w}", lit(&f.name)));
            } else {
                self.line(b, &format!("_d[{}] = {w}", lit(&f.name)));
            }
        }
        self.line(b, "return _d");
        Ok(())
    }
}

/// The named types `def` uses directly, each once, in order.
fn uses(def: &Def, out: &mut Vec<String>) {
    fn shape(s: &Shape, out: &mut Vec<String>) {
        match s {
            Shape::Named { name } if !out.contains(name) => out.push(name.clone()),
            Shape::Option { of } | Shape::Array { of } | Shape::TypedArray { of } => shape(of, out),
            Shape::Tuple { of } => of.iter().for_each(|s| shape(s, out)),
            Shape::Map { key, value } | Shape::TypedDictionary { key, value } => {
                shape(key, out);
                shape(value, out);
            }
            _ => {}
        }
    }
    match def {
        Def::Struct(st) => st.fields.iter().for_each(|f| shape(&f.shape, out)),
        Def::Enum(e) => {
            for v in &e.variants {
                match &v.data {
                    VariantData::Unit => {}
                    VariantData::Newtype { shape: s } => shape(s, out),
                    VariantData::Tuple { of } => of.iter().for_each(|s| shape(s, out)),
                    VariantData::Struct { fields } => fields.iter().for_each(|f| shape(&f.shape, out)),
                }
            }
        }
    }
}

fn doc_of(d: &Def) -> Option<String> {
    match d {
        Def::Struct(s) => s.doc.clone(),
        Def::Enum(e) => e.doc.clone(),
    }
}

/// One line of the types overview: `Save (struct): name: String, items: Array[Item]`.
fn overview(d: &Def) -> String {
    match d {
        Def::Struct(s) => {
            let f: Vec<String> = s.fields.iter().map(|f| format!("{}: {}", f.name, f.shape)).collect();
            format!("{} (struct): {}", s.name, f.join(", "))
        }
        Def::Enum(e) => {
            let v: Vec<String> = e
                .variants
                .iter()
                .map(|v| match &v.data {
                    VariantData::Unit => v.name.clone(),
                    VariantData::Newtype { shape } => format!("{}({shape})", v.name),
                    VariantData::Tuple { of } => {
                        let t: Vec<String> = of.iter().map(|s| s.to_string()).collect();
                        format!("{}({})", v.name, t.join(", "))
                    }
                    VariantData::Struct { fields } => {
                        let f: Vec<String> = fields.iter().map(|f| format!("{}: {}", f.name, f.shape)).collect();
                        format!("{} {{ {} }}", v.name, f.join(", "))
                    }
                })
                .collect();
            format!("{} (enum): {}", e.name, v.join(", "))
        }
    }
}
