//! GDScript from a [`Schema`](super::Schema): one class per type, with typed fields, `from_variant` and
//! `to_variant`.
//!
//! The file's script is the root type's class; every other struct and data enum is an inner class, every
//! enum of unit variants only a GDScript `enum` (with its wire names in a `const` array). Each class has:
//! - `static func from_variant(value, lenient := false)`: an instance, or `null` with the error pushed
//!   (`push_error("Save.items[2].name: expected String, got int")`); strict mode wants every key (but
//!   optional fields) and every value of the right type, lenient mode (old saves) gives missing keys their
//!   default. In 4.x it declares its class as its return type (`-> Save`, for the root when it has a
//!   `class_name`), so `var s := Save.from_variant(x)` is typed;
//! - `static func check(value, lenient := false)`: `""`, or the first error with its path;
//! - `func to_variant()`: exactly the value godot_bin's serde mapping writes for the same Rust value;
//! - a struct's class: one typed field per key, initialised with the default `#[serde(default = "…")]`
//!   gives where tracing saw it ([`Field::default`](super::Field::default)), and `extra`, a Dictionary of
//!   the keys that are no field (a newer game's), which `to_variant` writes back after the fields
//!   ([`Options::refuse_unknown_keys`]: refused instead; the guide's `saves_that_evolve` page);
//! - a data enum's class: `variant` (the name as written), `value` (its data), `kind` (a `Kind` enum of
//!   the variants, to `match` on) and one static constructor per variant, named in snake case:
//!   `Msg.chat("hi")`, `Msg.move(to, seq)` (a struct variant's fields as parameters), `Msg.bye()`.
//!
//! Errors name the type a wrong value has (`type_string` in 4.x; in 3.x, which has none, each class's
//! `_type_name`).
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
//! assert!(gd.contains("static func from_variant(_in: Variant, _lenient := false) -> Save:"));
//! assert!(gd.contains("static func move(to: Vector2) -> Msg:") && gd.contains("enum Kind { HELLO, CHAT, MOVE }"));
//! let gd3 = gdscript::for_type::<Save>(&Config::new(Dialect::Godot3))?;
//! assert!(gd3.contains("extends Reference") && gd3.contains("var inbox: Array = []"));
//! # Ok::<(), godot_bin::Error>(())
//! ```

use std::collections::{HashMap, HashSet};

use serde::de::DeserializeOwned;

use super::{Def, Enum, Field, Schema, Shape, Struct, VariantData};
use crate::config::{Config, Dialect, Family};
use crate::error::{Error, ErrorKind, Result};
use crate::types::TypeKind;
pub(super) use names::is_reserved_word;
use names::{ident, is_class_name, snake, upper};
use writer::{comment, lit, Writer};

mod classes;
mod enums;
mod names;
mod shapes;
mod values;
mod writer;

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
    refuse_unknown: bool,
}

impl Options {
    /// `class_name X` for the root class (`None`: no `class_name` line). Default: the root type's name. The
    /// name is written as it is, so [`from_schema`] refuses one that is not a plain GDScript identifier (an
    /// ASCII letter or `_`, then letters, digits or `_`) or that is a reserved word, a type, a global
    /// function or a native class of the engines.
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
    /// it. Default: the root type's name in snake case, `.gd` (`SaveGame` → `save_game.gd`). [`from_schema`]
    /// refuses a name that is not a plain file name ending in `.gd` (ASCII letters, digits, `_`, `-`, `.`;
    /// no folder).
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

    /// Strict mode: `from_variant` refuses a Dictionary with a key that is no field of its struct
    /// (`Save.hero: unknown key "mana"`). By default such keys, which a newer version of the game writes,
    /// are kept in each class's `extra` Dictionary and written back by `to_variant` after the fields, so that
    /// an older game that loads and saves a newer save loses nothing.
    ///
    /// ```
    /// use godot_bin::gdscript::{from_schema, Options};
    /// use godot_bin::schema::{Def, Schema, Struct};
    /// let mut s = Schema::new(godot_bin::Dialect::Godot4_6);
    /// s.defs.push(Def::Struct(Struct { name: "Save".into(), doc: None, fields: vec![] }));
    /// assert!(from_schema(&s, &Options::default())?.contains("var extra: Dictionary = {}"));
    /// let strict = from_schema(&s, &Options::default().refuse_unknown_keys(true))?;
    /// assert!(!strict.contains("var extra") && strict.contains("unknown key"));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn refuse_unknown_keys(mut self, yes: bool) -> Options {
        self.refuse_unknown = yes;
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

/// A GDScript string literal holding `s`, as the generated files write every key and name: quotes and
/// backslashes escaped, and every control character, line or paragraph separator and invisible format
/// control of the Basic Multilingual Plane (the bidirectional controls Godot 4 refuses in a script, the
/// zero-width characters, the byte order mark), so that the literal stays on its line, reads as what it
/// holds, and holds `s` exactly.
///
/// ```
/// use godot_bin::gdscript::string_literal;
/// assert_eq!(string_literal("max hp"), "\"max hp\"");
/// assert_eq!(string_literal("a\"b\\c\nd"), r#""a\"b\\c\nd""#);
/// assert_eq!(string_literal("\u{1}\u{2028}"), r#""\u0001\u2028""#);
/// assert_eq!(string_literal("gold\u{202e}"), r#""gold\u202e""#);
/// ```
pub fn string_literal(s: &str) -> String {
    lit(s)
}

/// Whether `f` is a plain script file name: a non-empty stem of ASCII letters, digits, `_`, `-` and `.`
/// (not starting with a dot), then `.gd`.
fn is_file_name(f: &str) -> bool {
    f.strip_suffix(".gd").is_some_and(|stem| {
        !stem.is_empty()
            && !stem.starts_with('.')
            && stem.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
    })
}

fn message(text: String) -> Error {
    Error::new(ErrorKind::Message(text), None)
}

/// `base` if `free` says it is, else the first free of `base_`, `base_2`, `base_3`, …: `next` keeps the
/// number to try next for each base, so that many names made from one base cost linear time in all.
fn unique(base: String, next: &mut HashMap<String, usize>, free: impl Fn(&str) -> bool) -> String {
    if free(&base) {
        return base;
    }
    let first = format!("{base}_");
    if free(&first) {
        return first;
    }
    let n = next.entry(base.clone()).or_insert(2);
    loop {
        let c = format!("{base}_{n}");
        *n += 1;
        if free(&c) {
            return c;
        }
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
    classes: HashMap<String, String>,
    /// The names of the file's classes, enums and constants: no field takes one.
    taken: HashSet<String>,
    /// Strict mode: unknown keys are refused, not kept in `extra`.
    refuse_unknown: bool,
    /// The schema's types by name (the first of a name), so that looking one up costs one hash.
    defs: HashMap<&'a str, &'a Def>,
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
            Some(Some(c)) if !is_class_name(c) => {
                return Err(message(format!(
                    "the class name {c:?} is not a GDScript identifier (a letter or '_', then letters, digits or \
                     '_'; no reserved word, type, global function or native class of the engines)"
                )))
            }
            Some(c) => c.clone(),
            None => None,
        };
        if let Some(f) = options.file_name.as_deref().filter(|f| !is_file_name(f)) {
            return Err(message(format!(
                "the file name {f:?} is not a script's file name (letters, digits, '_', '-' or '.', ending in \
                 \".gd\"; no folder)"
            )));
        }
        let file_name = options.file_name.clone().unwrap_or_else(|| format!("{}.gd", snake(&root)));
        let mut g = Gen {
            schema,
            dialect,
            g4,
            root,
            class_name,
            file_name,
            external: false,
            classes: HashMap::new(),
            taken: HashSet::new(),
            refuse_unknown: options.refuse_unknown,
            defs: HashMap::new(),
        };
        for d in &schema.defs {
            g.defs.entry(d.name()).or_insert(d);
        }
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

    /// The type named `name` ([`Schema::get`] through the index).
    fn def(&self, name: &str) -> Option<&'a Def> {
        self.defs.get(name).copied()
    }

    /// A type the dialect lacks, or a name the schema lacks, is an error.
    fn validate(&self, shape: &Shape) -> Result<()> {
        match shape {
            Shape::Builtin { name } => {
                self.type_const(*name)?;
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
            Shape::Named { name } => match self.def(name) {
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

    /// The `TYPE_…` constant of `kind` in the dialect (the type-name table's); a type the dialect lacks is
    /// an error naming both.
    fn type_const(&self, kind: TypeKind) -> Result<&'static str> {
        kind.type_constant(self.dialect)
            .ok_or_else(|| Error::new(ErrorKind::Unsupported { what: kind.name(), dialect: self.dialect }, None))
    }

    /// The name of `kind` in the dialect (the type-name table's): a GDScript type, a constructor.
    fn type_name_of(&self, kind: TypeKind) -> &'static str {
        kind.name_in(self.dialect)
    }

    fn kind(&self, name: &str) -> Kind {
        match self.def(name) {
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
        if self.external && self.def(name).is_some() {
            format!("_{}", self.cls(name))
        } else {
            self.cls(name)
        }
    }

    /// The const array of a unit enum's wire names.
    fn names_const(&self, name: &str) -> String {
        self.classes.get(&format!("{name}\0NAMES")).cloned().unwrap_or_default()
    }

    /// The GDScript name of the class or enum of type `name` (or of a struct variant's class, named by the
    /// enum's and the variant's names together).
    fn cls(&self, name: &str) -> String {
        self.classes.get(name).cloned().unwrap_or_else(|| ident(name))
    }

    /// Gives every class, enum and enum names const of the file its GDScript name: an [`ident`], unique in
    /// the file (and unlike the root's class_name); the root's class_name too when `default_class_name`.
    fn name_classes(&mut self, default_class_name: bool) {
        let mut taken: HashSet<String> = ["SCHEMA_VERSION", "VARIANTS", "_SELF"].map(String::from).into();
        let mut next = HashMap::new();
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
            if self.classes.contains_key(&n) {
                continue;
            }
            let c = unique(ident(&n), &mut next, |c| !taken.contains(c));
            if n == self.root && default_class_name {
                self.class_name = Some(c.clone());
            }
            taken.insert(c.clone());
            if self.kind(&n) == Kind::UnitEnum {
                let k = unique(format!("{}_NAMES", upper(&n)), &mut next, |k| !taken.contains(k));
                taken.insert(k.clone());
                self.classes.insert(format!("{n}\0NAMES"), k);
            }
            self.classes.insert(n, c);
        }
        let privates: Vec<String> = self.classes.values().map(|c| format!("_{c}")).collect();
        taken.extend(privates);
        self.taken = taken;
    }

    fn file(&self) -> Result<String> {
        let mut w = Writer::new(self.g4);
        let flavour = if self.g4 { "4.x" } else { "3.x" };
        w.comment(format_args!(
            "Generated by godot_bin from a schema (Rust types or saves); do not edit, generate it again. Dialect: {}, GDScript {flavour}.",
            self.dialect
        ));
        w.comment("Types:");
        for d in &self.schema.defs {
            let mut t = comment(&overview(d));
            let c = self.cls(d.name());
            if c != d.name() {
                // Renamed: a native class, a keyword, or alike another name once sanitized.
                t.push_str(&format!(" (GDScript name {c})"));
            }
            w.comment(format_args!("  {t}"));
        }
        if !self.schema.stream.is_empty() {
            let values: Vec<String> = self.schema.stream.iter().map(|s| comment(&s.to_string())).collect();
            w.comment(format_args!("A save holds these values, in order (one get_var each): {}", values.join(", ")));
        }
        if let Some(c) = &self.class_name {
            w.line(format_args!("class_name {c}"));
        }
        w.line(format_args!("extends {}", self.base()));
        w.blank();
        let root_def = self.def(&self.root).ok_or_else(|| message("no root".into()))?;
        w.doc(doc_of(root_def));
        w.line(format_args!("const SCHEMA_VERSION = {}", lit(&self.schema.version())));
        if self.g4 {
            w.line(format_args!("const _SELF = preload({})", lit(&self.file_name)));
        }
        if self.external {
            let mut used = Vec::new();
            uses(root_def, &mut used);
            for name in used {
                if name != self.root && self.kind(&name) == Kind::Class {
                    w.line(format_args!(
                        "const _{} = preload({})",
                        self.cls(&name),
                        lit(&format!("{}.gd", snake(&name)))
                    ));
                }
            }
        }
        // Unit-only enums.
        for d in &self.schema.defs {
            if let Def::Enum(e) = d {
                if self.kind(&e.name) == Kind::UnitEnum {
                    w.blank();
                    w.doc(e.doc.as_deref());
                    let consts: Vec<String> = e.variants.iter().map(|v| upper(&v.name)).collect();
                    w.line(format_args!("enum {} {{ {} }}", self.cls(&e.name), consts.join(", ")));
                    let names: Vec<String> = e.variants.iter().map(|v| lit(&v.name)).collect();
                    w.note(format_args!("The names {} is written as, by value.", comment(&e.name)));
                    w.line(format_args!("const {} = [{}]", self.names_const(&e.name), names.join(", ")));
                }
            }
        }
        w.blank();
        self.class_body(&mut w, &self.root, root_def)?;
        for d in &self.schema.defs {
            if self.external || d.name() == self.root || self.kind(d.name()) == Kind::UnitEnum {
                continue;
            }
            self.inner_class(&mut w, d.name(), d)?;
            if let Def::Enum(e) = d {
                self.variant_classes(&mut w, e)?;
            }
        }
        if let Def::Enum(e) = root_def {
            self.variant_classes(&mut w, e)?;
        }
        Ok(w.finish())
    }

    /// The inner classes of an enum's struct variants (`MsgAttack`).
    fn variant_classes(&self, w: &mut Writer, e: &Enum) -> Result<()> {
        for v in &e.variants {
            if let VariantData::Struct { fields } = &v.data {
                let name = format!("{}{}", e.name, v.name);
                let s = Def::Struct(Struct { name: name.clone(), doc: v.doc.clone(), fields: fields.clone() });
                self.inner_class(w, &name, &s)?;
            }
        }
        Ok(())
    }

    fn base(&self) -> &'static str {
        if self.g4 {
            "RefCounted"
        } else {
            "Reference"
        }
    }
}

/// The named types `def` uses directly, each once, in order.
fn uses(def: &Def, out: &mut Vec<String>) {
    let mut seen: HashSet<String> = out.iter().cloned().collect();
    let out = &mut (out, &mut seen);
    fn shape(s: &Shape, out: &mut (&mut Vec<String>, &mut HashSet<String>)) {
        match s {
            Shape::Named { name } if !out.1.contains(name) => {
                out.1.insert(name.clone());
                out.0.push(name.clone());
            }
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

fn doc_of(d: &Def) -> Option<&str> {
    match d {
        Def::Struct(s) => s.doc.as_deref(),
        Def::Enum(e) => e.doc.as_deref(),
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
