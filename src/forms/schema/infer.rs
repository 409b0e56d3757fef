//! Inferring a [`Schema`] from values read from real saves ([`Schema::infer`]).
//!
//! Each position in the values gets the narrowest shape that writes every value seen there back to the
//! same bytes under godot_bin's serde mapping; where none does, [`Shape::Variant`].

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap, HashSet};
use std::hash::{BuildHasher, Hash, Hasher};

use super::{Def, Enum, EnumVariant, Schema, Shape, Struct};
use crate::config::Dialect;
use crate::error::{Error, ErrorKind, Result};
use crate::types::TypeKind;
use crate::value::{Array, ContainerType, Dictionary, Variant};

/// Shapes nest at most this deep; deeper values are any value (a `Variant`): compilers choke on types
/// nested hundreds deep.
const MAX_DEPTH: usize = 24;
/// At most this many fields make a struct; a Dictionary with more distinct keys is a map.
const MAX_FIELDS: usize = 64;
/// A String position becomes an enum when it takes at most this many distinct values...
const MAX_ENUM_VALUES: usize = 8;
/// ...each seen at least this many times on average...
const MIN_ENUM_REPEATS: usize = 3;
/// ...in at least this many places.
const MIN_ENUM_PLACES: usize = 6;

impl Schema {
    /// The schema of `values`, samples of one type read from real saves (every value of one or more
    /// files, as [`file::open`](crate::file::open) gives them), in `dialect`; the top type is a struct
    /// named `root` (a Rust type name).
    ///
    /// Dictionaries with String keys that recur become structs (fields in the files' key order, `Option`
    /// where a key is sometimes null, or sometimes missing: such a field is left out when `None`); other
    /// Dictionaries become maps; typed arrays and dictionaries, packed arrays and the math types stay what
    /// they are; an untyped Array whose elements share a shape is an `Array` of it; a String that takes a
    /// few values in many places becomes an enum (its doc says so). Names come from the keys (`entities`
    /// holds `Entity`). Every value is written back to the same bytes by the types this schema describes;
    /// a part that no narrower shape writes back exactly is a [`Shape::Variant`].
    ///
    /// An error when `values` is empty, when a value is not a Dictionary with String keys in one order,
    /// or when `root` is not a type name ([`check_type_name`](super::check_type_name)).
    ///
    /// ```
    /// use godot_bin::schema::{Def, Schema, Shape};
    /// use godot_bin::{Dialect, Variant};
    ///
    /// let save = godot_bin::text::from_text(
    ///     r#"{"tick": 7, "hero": {"name": "Ana", "pos": Vector2(1, 2)}}"#,
    ///     &godot_bin::Config::default(),
    /// )?;
    /// let schema = Schema::infer(&[save], Dialect::Godot4_6, "Save")?;
    /// let Some(Def::Struct(hero)) = schema.get("Hero") else { unreachable!() };
    /// assert_eq!(hero.fields[1].shape, Shape::Builtin { name: godot_bin::value::TypeKind::Vector2 });
    /// assert_eq!(schema.root.as_deref(), Some("Save"));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn infer(values: &[Variant], dialect: Dialect, root: &str) -> Result<Schema> {
        let mut cx = Infer::new(&[], &[]);
        cx.taken.insert(root.to_string());
        cx.samples_of_root(values, dialect, root)
    }

    /// The schema of saves, each the list of its values ([`Save::values`](crate::file::Save)): a save of
    /// one value per file (or of values that all have the same keys) gives one top type named `root`, as
    /// [`Schema::infer`] does; saves of several values of different keys (`store_var(state)` then
    /// `store_var(settings)`) give one type per position in the file, `{root}0`, `{root}1`, … (positions of one
    /// shape share a type; a position that holds no Dictionary, such as a version number, gets the shape of
    /// its values, and a single struct among such values is named `root`), listed in [`Schema::stream`],
    /// the first struct as the root.
    ///
    /// Whether a Dictionary is a struct or a map (its keys are names, or data):
    /// - a **map** when its keys are not all field-like Strings (`hp`, `max_hp`, `Mode`), when they are more
    ///   than 64, when across the samples less than half the keys are in at least half the Dictionaries,
    ///   or when it has 3 or more keys whose values are all Dictionaries that are records of one shape
    ///   (`{"forest": {…}, "cave": {…}, "town": {…}}`: the keys name places, players, levels);
    /// - a **struct** otherwise.
    ///
    /// `maps` and `structs` decide it for the Dictionaries at these paths: keys from the top value joined
    /// by `.` (`world`, `world.*.npcs`), where `*` stands for any key (and for every value of a map); an
    /// Array's elements have the Array's path. A map forced on String keys that are not in ascending order
    /// is `String → value` (Rust's `BTreeMap` writes them sorted); an inferred map with such keys keeps
    /// any keys and values, so that it writes back the file's order. An `Option` field is one whose key is
    /// missing from some samples (left out when `None`) or null in some.
    ///
    /// An error when there is no value, when a top value is not a Dictionary with String keys in one
    /// order, when a path of `maps` or `structs` names no Dictionary, or when a forced struct cannot be one.
    ///
    /// ```
    /// use godot_bin::schema::{Def, Schema, Shape};
    /// use godot_bin::Dialect;
    /// let cfg = godot_bin::Config::default();
    /// let state = godot_bin::text::from_text(
    ///     r#"{"hp": 3, "world": {"forest": {"trees": 9}, "cave": {"trees": 0}, "town": {"trees": 2}}}"#, &cfg)?;
    /// let settings = godot_bin::text::from_text(r#"{"volume": 0.5}"#, &cfg)?;
    /// let schema = Schema::infer_saves(&[vec![state, settings]], Dialect::Godot4_6, "Save", &[], &[])?;
    /// assert_eq!(schema.stream.len(), 2);
    /// assert_eq!(schema.stream[1], Shape::Named { name: "Save1".into() });
    /// let Some(Def::Struct(save0)) = schema.get("Save0") else { unreachable!() };
    /// assert!(matches!(&save0.fields[1].shape, Shape::Map { .. }));
    /// let forced = Schema::infer_saves(&[vec![schema_value()?]], Dialect::Godot4_6, "Save", &[], &["world"])?;
    /// assert!(forced.get("World").is_some());
    /// # fn schema_value() -> godot_bin::Result<godot_bin::Variant> {
    /// #     godot_bin::text::from_text(r#"{"world": {"a": {"n": 1}, "b": {"n": 2}, "c": {"n": 3}}}"#, &Default::default())
    /// # }
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn infer_saves(
        saves: &[Vec<Variant>], dialect: Dialect, root: &str, maps: &[&str], structs: &[&str],
    ) -> Result<Schema> {
        super::check_type_name(root)?;
        let mut cx = Infer::new(maps, structs);
        let all: Vec<Variant> = saves.iter().flatten().cloned().collect();
        let longest = saves.iter().map(Vec::len).max().unwrap_or(0);
        let one_type = longest <= 1 || longest > MAX_STREAM || same_keys(&all);
        let schema = if one_type {
            cx.taken.insert(root.to_string());
            cx.samples_of_root(&all, dialect, root)?
        } else {
            let is_dict = |i: usize| saves.iter().filter_map(|s| s.get(i)).all(|v| matches!(v, Variant::Dictionary(_)));
            let structs_at = (0..longest).filter(|&i| is_dict(i)).count();
            // One struct among other values keeps the root's name.
            let names: Vec<String> =
                (0..longest).map(|i| if structs_at == 1 { root.to_string() } else { format!("{root}{i}") }).collect();
            super::check_type_name(&names[longest - 1])?;
            cx.taken.extend(names.iter().cloned());
            let mut stream: Vec<Shape> = Vec::with_capacity(longest);
            for (i, name) in names.iter().enumerate() {
                let at: Vec<&Variant> = saves.iter().filter_map(|s| s.get(i)).collect();
                if !is_dict(i) {
                    // A version number, a name: the shape of the values there.
                    stream.push(cx.shape(&at, At { name, enums: false }));
                    continue;
                }
                let dicts = top_dicts(&at, |_| format!("value {} of a save", i + 1))?;
                let fields = cx
                    .fields(&dicts)
                    .map_err(|why| msg(format!("value {} of the saves cannot be a struct: {why}", i + 1)))?;
                // Positions of one shape share the first one's type.
                let same = cx
                    .defs
                    .iter()
                    .find(|d| matches!(d, Def::Struct(s) if s.fields == fields && names[..i].contains(&s.name)));
                let name = match same {
                    Some(d) => d.name().to_string(),
                    None => {
                        cx.defs.push(Def::Struct(Struct { name: name.clone(), doc: None, fields }));
                        name.clone()
                    }
                };
                stream.push(Shape::Named { name });
            }
            let mut starts = Vec::new();
            for shape in &stream {
                named(shape, &mut starts);
            }
            let Some(root) = starts.iter().find(|n| names.contains(n)).cloned() else {
                return Err(msg("no value of the saves is a Dictionary: nothing to infer a top type from".into()));
            };
            let mut schema = Schema::new(dialect);
            schema.root = Some(root);
            schema.defs = in_order_met(&starts, std::mem::take(&mut cx.defs));
            schema.stream = stream;
            schema
        };
        if let Some(unused) = cx.hints.iter().find(|h| !h.used) {
            return Err(msg(format!(
                "{} {}: no Dictionary of the saves is at this path",
                if unused.map { "--map" } else { "--struct" },
                unused.path.join(".")
            )));
        }
        if let Some(why) = cx.forced_error.take() {
            return Err(msg(why));
        }
        Ok(schema)
    }
}

/// Saves of more values than this are read as a stream of one type.
const MAX_STREAM: usize = 64;

/// Whether every value is a Dictionary with the same keys in the same order.
fn same_keys(values: &[Variant]) -> bool {
    let keys = |v: &Variant| match v {
        Variant::Dictionary(d) => Some(d.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>()),
        _ => None,
    };
    let Some(first) = values.first() else { return true };
    let Some(first) = keys(first) else { return false };
    values[1..].iter().all(|v| match v {
        Variant::Dictionary(d) => d.len() == first.len() && d.iter().zip(&first).all(|((k, _), f)| k == f),
        _ => false,
    })
}

/// The top values as Dictionaries with untyped keys and values, or an error naming the first that is not.
fn top_dicts<'a>(values: &[&'a Variant], what: impl Fn(usize) -> String) -> Result<Vec<&'a Dictionary>> {
    let mut dicts = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        match v {
            Variant::Dictionary(d) if d.key_type.is_untyped() && d.value_type.is_untyped() && !d.shared => {
                dicts.push(&**d)
            }
            Variant::Dictionary(_) => {
                return Err(msg(format!(
                    "{} is a typed Dictionary, which a struct is not written as: the top type is a struct",
                    what(i)
                )))
            }
            other => {
                return Err(msg(format!(
                    "{} is {}, not a Dictionary: the top type is a struct",
                    what(i),
                    other.kind().name()
                )))
            }
        }
    }
    Ok(dicts)
}

fn msg(text: String) -> Error {
    Error::new(ErrorKind::Message(text), None)
}

struct Infer {
    defs: Vec<Def>,
    /// Each def's position in `defs` by its name.
    by_name: HashMap<String, usize>,
    /// The positions of the defs whose bodies (fields or variants) have a hash, by that hash.
    by_body: HashMap<u64, Vec<usize>>,
    taken: HashSet<String>,
    /// The next number to try after a taken name, by the name (`Item2`, `Item3`, …).
    next: HashMap<String, usize>,
    /// How many shapes are being inferred around the current one.
    depth: usize,
    /// The keys from the top value to the current one (`*` for a map's values).
    path: Vec<String>,
    /// The `--map` and `--struct` paths.
    hints: Vec<Hint>,
    /// Why a Dictionary forced to be a struct could not be one.
    forced_error: Option<String>,
}

/// A path whose Dictionaries are forced to be maps or structs.
struct Hint {
    path: Vec<String>,
    map: bool,
    used: bool,
}

impl Infer {
    fn new(maps: &[&str], structs: &[&str]) -> Infer {
        let hint = |p: &&str, map| Hint { path: p.split('.').map(String::from).collect(), map, used: false };
        Infer {
            defs: Vec::new(),
            by_name: HashMap::new(),
            by_body: HashMap::new(),
            taken: HashSet::new(),
            next: HashMap::new(),
            depth: 0,
            path: Vec::new(),
            hints: maps.iter().map(|p| hint(p, true)).chain(structs.iter().map(|p| hint(p, false))).collect(),
            forced_error: None,
        }
    }

    /// The schema whose root type `root` has every value of `values` as a sample.
    fn samples_of_root(&mut self, values: &[Variant], dialect: Dialect, root: &str) -> Result<Schema> {
        super::check_type_name(root)?;
        if values.is_empty() {
            return Err(msg("no values to infer a schema from".into()));
        }
        if !values.iter().any(|v| matches!(v, Variant::Dictionary(_))) {
            return Err(msg("no Dictionary value in the saves: nothing to infer a top type from".into()));
        }
        let refs: Vec<&Variant> = values.iter().collect();
        let dicts = top_dicts(&refs, |i| format!("value {}", i + 1))?;
        let fields = self.fields(&dicts).map_err(|why| msg(format!("the top values cannot be a struct: {why}")))?;
        self.defs.push(Def::Struct(Struct { name: root.to_string(), doc: None, fields }));
        let mut schema = Schema::new(dialect);
        schema.root = Some(root.to_string());
        schema.defs = in_order_met(&[root.to_string()], std::mem::take(&mut self.defs));
        Ok(schema)
    }

    /// Whether a `--map` (`Some(true)`) or `--struct` (`Some(false)`) path names the current place.
    fn forced(&mut self) -> Option<bool> {
        let path = &self.path;
        let hint = self
            .hints
            .iter_mut()
            .find(|h| h.path.len() == path.len() && h.path.iter().zip(path).all(|(h, p)| h == "*" || h == p))?;
        hint.used = true;
        Some(hint.map)
    }
}

/// Where a shape is asked for: the name a struct or enum there would get, and whether an enum may stand
/// for Strings (not inside typed containers, whose elements must be Strings).
#[derive(Clone, Copy)]
struct At<'a> {
    name: &'a str,
    enums: bool,
}

impl Infer {
    /// The shape of every value seen at one place.
    fn shape(&mut self, samples: &[&Variant], at: At<'_>) -> Shape {
        let present: Vec<&Variant> = samples.iter().copied().filter(|v| !v.is_nil()).collect();
        if present.is_empty() {
            return Shape::Variant;
        }
        if self.depth >= MAX_DEPTH {
            return Shape::Variant;
        }
        self.depth += 1;
        let inner = self.present_shape(&present, at);
        self.depth -= 1;
        if present.len() == samples.len() || inner == Shape::Variant {
            inner
        } else {
            Shape::Option { of: Box::new(inner) }
        }
    }

    /// The shape of values none of which is null.
    fn present_shape(&mut self, present: &[&Variant], at: At<'_>) -> Shape {
        let first = type_of(present[0]);
        if present.iter().any(|v| type_of(v) != first) {
            return Shape::Variant;
        }
        match present[0] {
            Variant::Bool(_) => Shape::Bool,
            Variant::Int(_) => Shape::Int { bits: 64, signed: true },
            Variant::Float(_) => Shape::Float { bits: 64 },
            Variant::String(_) if at.enums => self.string_or_enum(present, at.name),
            Variant::String(_) => Shape::String,
            Variant::Array(a) if a.shared || present.iter().any(|v| matches!(v, Variant::Array(a) if a.shared)) => {
                Shape::Variant
            }
            Variant::Array(a) => {
                let arrays: Vec<&Array> =
                    present.iter().filter_map(|v| if let Variant::Array(a) = v { Some(&**a) } else { None }).collect();
                self.array(&arrays, &a.element_type, at.name)
            }
            Variant::Dictionary(d) => {
                let dicts: Vec<&Dictionary> = present
                    .iter()
                    .filter_map(|v| if let Variant::Dictionary(d) = v { Some(&**d) } else { None })
                    .collect();
                if dicts.iter().any(|d| d.shared) {
                    return Shape::Variant;
                }
                if d.key_type.is_untyped() && d.value_type.is_untyped() {
                    self.dictionary(&dicts, at.name)
                } else {
                    self.typed_dictionary(&dicts, (&d.key_type, &d.value_type), at.name)
                }
            }
            v => match builtin(v.kind()) {
                Some(kind) => Shape::Builtin { name: kind },
                None => Shape::Variant,
            },
        }
    }

    /// Strings: an enum when a few values recur in many places, else `String`.
    fn string_or_enum(&mut self, present: &[&Variant], name: &str) -> Shape {
        let mut seen: Vec<&str> = Vec::new();
        let mut set: HashSet<&str> = HashSet::new();
        for v in present {
            let s = v.as_str().unwrap_or_default();
            if set.insert(s) {
                if seen.len() == MAX_ENUM_VALUES {
                    // More values than an enum has: a String, without looking at the rest.
                    return Shape::String;
                }
                seen.push(s);
            }
        }
        let idents: HashSet<String> = seen.iter().map(|s| pascal(s)).collect();
        let fits = (2..=MAX_ENUM_VALUES).contains(&seen.len())
            && present.len() >= (seen.len() * MIN_ENUM_REPEATS).max(MIN_ENUM_PLACES)
            && idents.len() == seen.len()
            && seen.iter().all(|s| s.len() <= 32 && !pascal(s).is_empty() && is_type_name(&pascal(s)));
        if !fits {
            return Shape::String;
        }
        let doc = format!(
            "Inferred: a String that took only these {} values in {} places of the samples, so it is read\n\
             as an enum (each variant is written as the String of its name). A value not listed here is\n\
             refused when read: make the field a String if the game writes others.",
            seen.len(),
            present.len()
        );
        let e = Enum {
            name: String::new(),
            doc: Some(doc),
            variants: seen.iter().map(|s| EnumVariant::unit(*s)).collect(),
        };
        self.define(Def::Enum(e), name)
    }

    fn array(&mut self, arrays: &[&Array], element_type: &ContainerType, name: &str) -> Shape {
        let items: Vec<&Variant> = arrays.iter().flat_map(|a| a.items.iter()).collect();
        let item_name = singular(name);
        match element_type {
            ContainerType::Untyped => {
                if items.is_empty() {
                    return Shape::Array { of: Box::new(Shape::Variant) };
                }
                let of = self.shape(&items, At { name: &item_name, enums: true });
                Shape::Array { of: Box::new(of) }
            }
            ContainerType::Builtin(kind) => match self.element(&items, *kind, &item_name) {
                Some(of) => Shape::TypedArray { of: Box::new(of) },
                None => Shape::Variant,
            },
            _ => Shape::Variant,
        }
    }

    /// The shape of the elements (or keys, or values) of typed containers of `kind`: one that is written
    /// as that type, or `None`.
    fn element(&mut self, items: &[&Variant], kind: TypeKind, name: &str) -> Option<Shape> {
        let at = At { name, enums: false };
        let shape = if items.is_empty() { kind_shape(kind)? } else { self.shape(items, at) };
        let fits = match &shape {
            Shape::Bool => kind == TypeKind::Bool,
            Shape::Int { .. } => kind == TypeKind::Int,
            Shape::Float { .. } => kind == TypeKind::Float,
            Shape::String => kind == TypeKind::String,
            Shape::Builtin { name } => *name == kind && (builtin_element(kind) || kind == TypeKind::PackedByteArray),
            Shape::Named { name } => {
                kind == TypeKind::Dictionary
                    && matches!(self.by_name.get(name).map(|&i| &self.defs[i]), Some(Def::Struct(_)))
            }
            Shape::Map { .. } | Shape::TypedDictionary { .. } => kind == TypeKind::Dictionary,
            Shape::Array { .. } | Shape::TypedArray { .. } => kind == TypeKind::Array,
            _ => false,
        };
        fits.then_some(shape)
    }

    fn typed_dictionary(
        &mut self, dicts: &[&Dictionary], (key_type, value_type): (&ContainerType, &ContainerType), name: &str,
    ) -> Shape {
        let keys: Vec<&Variant> = dicts.iter().flat_map(|d| d.iter().map(|(k, _)| k)).collect();
        let values: Vec<&Variant> = dicts.iter().flat_map(|d| d.iter().map(|(_, v)| v)).collect();
        let value_name = format!("{}Value", pascal(name));
        let side = |cx: &mut Infer, t: &ContainerType, items: &[&Variant], n: &str| match t {
            ContainerType::Untyped => Some(Shape::Variant),
            ContainerType::Builtin(kind) => cx.element(items, *kind, n),
            _ => None,
        };
        let key = side(self, key_type, &keys, &format!("{}Key", pascal(name)));
        self.path.push("*".into());
        let value = side(self, value_type, &values, &value_name);
        self.path.pop();
        match (key, value) {
            (Some(key), Some(value)) => Shape::TypedDictionary { key: Box::new(key), value: Box::new(value) },
            _ => Shape::Variant,
        }
    }

    /// Untyped Dictionaries: a struct when they look like records, else a map.
    fn dictionary(&mut self, dicts: &[&Dictionary], name: &str) -> Shape {
        match self.forced() {
            Some(true) => return self.map(dicts, name, true),
            Some(false) => match self.fields(dicts) {
                Ok(fields) => {
                    let s = Struct { name: String::new(), doc: None, fields };
                    return self.define(Def::Struct(s), name);
                }
                Err(why) => {
                    let at = self.path.join(".");
                    self.forced_error.get_or_insert(format!("--struct {at}: these Dictionaries are no struct: {why}"));
                }
            },
            None => {
                if looks_like_records(dicts) && !keys_are_data(dicts) {
                    if let Ok(fields) = self.fields(dicts) {
                        let s = Struct { name: String::new(), doc: None, fields };
                        return self.define(Def::Struct(s), name);
                    }
                }
            }
        }
        self.map(dicts, name, false)
    }

    /// A map: `Map { key, value }` with the keys' and values' shapes when every Dictionary has its keys
    /// in ascending order (ints, or Strings by their bytes), as a sorted map writes them; else any keys
    /// and values in the file's order.
    fn map(&mut self, dicts: &[&Dictionary], name: &str, forced: bool) -> Shape {
        let any = Shape::Map { key: Box::new(Shape::Variant), value: Box::new(Shape::Variant) };
        let ints = dicts.iter().all(|d| {
            let keys: Option<Vec<i64>> =
                d.iter().map(|(k, _)| if let Variant::Int(i) = k { Some(*i) } else { None }).collect();
            keys.is_some_and(|k| k.windows(2).all(|w| w[0] < w[1]))
        });
        let strings = dicts.iter().all(|d| {
            let keys: Option<Vec<&str>> =
                d.iter().map(|(k, _)| if let Variant::String(s) = k { Some(s.as_str()) } else { None }).collect();
            keys.is_some_and(|k| forced || k.windows(2).all(|w| w[0] < w[1]))
        });
        let key = match (ints, strings) {
            _ if dicts.iter().all(|d| d.is_empty()) => return any,
            (true, _) => Shape::Int { bits: 64, signed: true },
            (_, true) => Shape::String,
            _ => return any,
        };
        let values: Vec<&Variant> = dicts.iter().flat_map(|d| d.iter().map(|(_, v)| v)).collect();
        self.path.push("*".into());
        let value = self.shape(&values, At { name: &singular(name), enums: true });
        self.path.pop();
        Shape::Map { key: Box::new(key), value: Box::new(value) }
    }

    /// The fields of a struct that every one of `dicts` is: String keys, in one order.
    fn fields(&mut self, dicts: &[&Dictionary]) -> std::result::Result<Vec<super::Field>, String> {
        let order = key_order(dicts)?;
        // Every key's values, in one pass over the entries.
        let at: HashMap<&str, usize> = order.iter().enumerate().map(|(i, k)| (k.as_str(), i)).collect();
        let mut by_key: Vec<Vec<&Variant>> = vec![Vec::new(); order.len()];
        for d in dicts {
            for (k, v) in d.iter() {
                if let Some(&i) = k.as_str().and_then(|k| at.get(k)) {
                    by_key[i].push(v);
                }
            }
        }
        let mut fields = Vec::with_capacity(order.len());
        for (key, values) in order.iter().zip(by_key) {
            let missing = values.len() < dicts.len();
            let nulls = values.iter().any(|v| v.is_nil());
            if missing && nulls {
                return Err(format!(
                    "the key {key:?} is missing from some and null in others (a field tells only one of those apart)"
                ));
            }
            self.path.push(key.clone());
            let shape = self.shape(&values, At { name: key, enums: true });
            self.path.pop();
            let mut field = super::Field::new(key.clone(), shape);
            if missing {
                let of = std::mem::replace(&mut field.shape, Shape::Variant);
                field.shape = Shape::Option { of: Box::new(of) };
                field.optional = true;
                field.omit_if_null = true;
            }
            fields.push(field);
        }
        Ok(fields)
    }

    /// Adds `def` under a name made from `hint` (or the name of an equal def already there) and names it.
    fn define(&mut self, mut def: Def, hint: &str) -> Shape {
        let body = body_hash(&def);
        let same = self.by_body.get(&body).into_iter().flatten().map(|&i| &self.defs[i]).find(|d| same_body(d, &def));
        if let Some(d) = same {
            return Shape::Named { name: d.name().to_string() };
        }
        let mut base = pascal(hint);
        if base.is_empty() || !is_type_name(&base) {
            base = format!("Type{base}");
        }
        if RESERVED.contains(&base.as_str()) {
            base.push_str("Data");
        }
        let mut name = base.clone();
        if self.taken.contains(&name) {
            let n = self.next.entry(base.clone()).or_insert(2);
            loop {
                name = format!("{base}{n}");
                *n += 1;
                if !self.taken.contains(&name) {
                    break;
                }
            }
        }
        self.taken.insert(name.clone());
        match &mut def {
            Def::Struct(s) => s.name = name.clone(),
            Def::Enum(e) => e.name = name.clone(),
        }
        self.by_name.insert(name.clone(), self.defs.len());
        self.by_body.entry(body).or_default().push(self.defs.len());
        self.defs.push(def);
        Shape::Named { name }
    }
}

/// Names a generated type must not take: the types the generated Rust and GDScript use.
const RESERVED: &[&str] = &[
    "Variant",
    "Dictionary",
    "Array",
    "TypedArray",
    "TypedDictionary",
    "AsDictionary",
    "Element",
    "Option",
    "Some",
    "None",
    "Vec",
    "String",
    "Box",
    "Result",
    "Ok",
    "Err",
    "Self",
    "Serialize",
    "Deserialize",
    "BTreeMap",
    "Object",
    "Node",
    "Resource",
    "RefCounted",
    "Reference",
    "Callable",
    "Signal",
    "Image",
    "InputEvent",
];

/// A hash of what [`same_body`] compares.
fn body_hash(d: &Def) -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    match d {
        Def::Struct(s) => (0u8, &s.fields).hash(&mut h),
        Def::Enum(e) => (1u8, &e.variants).hash(&mut h),
    }
    h.finish()
}

/// Whether two defs are the same type but for their names.
fn same_body(a: &Def, b: &Def) -> bool {
    match (a, b) {
        (Def::Struct(x), Def::Struct(y)) => x.fields == y.fields,
        (Def::Enum(x), Def::Enum(y)) => x.variants == y.variants,
        _ => false,
    }
}

/// What must be the same of two values for one shape to hold both: the type and, for containers, the
/// declared element types.
fn type_of(v: &Variant) -> (TypeKind, ContainerType, ContainerType) {
    match v {
        Variant::Array(a) => (TypeKind::Array, a.element_type.clone(), ContainerType::Untyped),
        Variant::Dictionary(d) => (TypeKind::Dictionary, d.key_type.clone(), d.value_type.clone()),
        v => (v.kind(), ContainerType::Untyped, ContainerType::Untyped),
    }
}

/// The types written natively by a marker or packed type of godot_bin (`Shape::Builtin`).
fn builtin(kind: TypeKind) -> Option<TypeKind> {
    use TypeKind::*;
    match kind {
        Vector2 | Vector2i | Rect2 | Rect2i | Vector3 | Vector3i | Transform2D | Vector4 | Vector4i | Plane
        | Quaternion | Aabb | Basis | Transform3D | Projection | Color | StringName | NodePath | PackedByteArray
        | PackedInt32Array | PackedInt64Array | PackedFloat32Array | PackedFloat64Array | PackedStringArray
        | PackedVector2Array | PackedVector3Array | PackedColorArray | PackedVector4Array | PackedVector2iArray
        | PackedVector3iArray | PackedVector4iArray => Some(kind),
        _ => None,
    }
}

/// Whether the Rust type of `Shape::Builtin { name: kind }` can be the element of a typed container.
fn builtin_element(kind: TypeKind) -> bool {
    use TypeKind::*;
    !matches!(kind, PackedVector2iArray | PackedVector3iArray | PackedVector4iArray) && builtin(kind).is_some()
}

/// The shape of an element of typed containers of `kind` when no element was seen.
fn kind_shape(kind: TypeKind) -> Option<Shape> {
    Some(match kind {
        TypeKind::Bool => Shape::Bool,
        TypeKind::Int => Shape::Int { bits: 64, signed: true },
        TypeKind::Float => Shape::Float { bits: 64 },
        TypeKind::String => Shape::String,
        TypeKind::Dictionary => Shape::Map { key: Box::new(Shape::Variant), value: Box::new(Shape::Variant) },
        TypeKind::Array => Shape::Array { of: Box::new(Shape::Variant) },
        k if builtin_element(k) => Shape::Builtin { name: k },
        _ => return None,
    })
}

/// Whether Dictionaries look like records (a struct) rather than maps: String keys that are names, not
/// too many of them, and, across several Dictionaries, mostly the same ones.
fn looks_like_records(dicts: &[&Dictionary]) -> bool {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for d in dicts {
        for (k, _) in d.iter() {
            match k {
                Variant::String(s) if is_field_like(s) => *counts.entry(s.as_str()).or_default() += 1,
                _ => return false,
            }
        }
    }
    if counts.is_empty() || counts.len() > MAX_FIELDS {
        return false;
    }
    // At least half the keys are in at least half the Dictionaries.
    let common = counts.values().filter(|&&n| n * 2 >= dicts.len()).count();
    common * 2 >= counts.len()
}

/// Whether the keys of record-like Dictionaries are data rather than names: 3 or more keys whose values
/// are all untyped Dictionaries that are records of one shape (places, players, levels by their names).
fn keys_are_data(dicts: &[&Dictionary]) -> bool {
    let mut values: Vec<&Dictionary> = Vec::new();
    let mut keys: HashSet<&Variant> = HashSet::new();
    for d in dicts {
        for (k, v) in d.iter() {
            match v {
                Variant::Dictionary(v) if v.key_type.is_untyped() && v.value_type.is_untyped() && !v.shared => {
                    values.push(v)
                }
                _ => return false,
            }
            keys.insert(k);
        }
    }
    keys.len() >= 3 && looks_like_records(&values) && same_record_keys(&values) && key_order(&values).is_ok()
}

/// Whether every Dictionary has most of the keys any of them has (records of one shape, not of several).
fn same_record_keys(dicts: &[&Dictionary]) -> bool {
    let mut counts: HashMap<&Variant, usize> = HashMap::new();
    for d in dicts {
        for (k, _) in d.iter() {
            *counts.entry(k).or_default() += 1;
        }
    }
    // Every Dictionary holds at least half the distinct keys, and no key is in fewer than half of them.
    dicts.iter().all(|d| d.len() * 2 >= counts.len()) && counts.values().all(|&n| n * 2 >= dicts.len())
}

/// A key that reads as a field name: `hp`, `max_hp`, `maxHP`, `Mode`.
fn is_field_like(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && s.len() <= 64
}

/// The keys of `dicts` (all Strings) in one order in which each Dictionary's keys come in its own order.
fn key_order(dicts: &[&Dictionary]) -> std::result::Result<Vec<String>, String> {
    // Each distinct key by its number (first seen first), and the keys each must come after.
    let mut number: HashMap<&str, usize> = HashMap::new();
    let mut first_seen: Vec<&str> = Vec::new();
    let mut after: Vec<HashSet<usize>> = Vec::new();
    for d in dicts {
        let mut prev: Option<usize> = None;
        for (k, _) in d.iter() {
            let Variant::String(k) = k else {
                return Err(format!("a key is {}, not a String", k.kind().name()));
            };
            let i = *number.entry(k.as_str()).or_insert_with(|| {
                first_seen.push(k.as_str());
                after.push(HashSet::new());
                first_seen.len() - 1
            });
            if first_seen.len() > MAX_FIELDS * 4 {
                return Err(format!("more than {} distinct keys", MAX_FIELDS * 4));
            }
            if let Some(p) = prev.filter(|&p| p != i) {
                after[i].insert(p);
            }
            prev = Some(i);
        }
    }
    // Kahn's algorithm, taking the key first seen earliest among those ready.
    let mut waiting: Vec<usize> = after.iter().map(HashSet::len).collect();
    let mut before: Vec<Vec<usize>> = vec![Vec::new(); first_seen.len()];
    for (i, ps) in after.iter().enumerate() {
        for &p in ps {
            before[p].push(i);
        }
    }
    let mut ready: BinaryHeap<Reverse<usize>> =
        (0..first_seen.len()).filter(|&i| waiting[i] == 0).map(Reverse).collect();
    let mut order: Vec<String> = Vec::with_capacity(first_seen.len());
    while let Some(Reverse(i)) = ready.pop() {
        order.push(first_seen[i].to_string());
        for &j in &before[i] {
            waiting[j] -= 1;
            if waiting[j] == 0 {
                ready.push(Reverse(j));
            }
        }
    }
    if order.len() < first_seen.len() {
        let stuck = (0..first_seen.len()).find(|&i| waiting[i] > 0).unwrap_or(0);
        return Err(format!("the keys come in different orders (around {:?})", first_seen[stuck]));
    }
    Ok(order)
}

/// The defs reachable from `roots`, in the order they are first met from it (depth first, fields in order).
fn in_order_met(roots: &[String], defs: Vec<Def>) -> Vec<Def> {
    fn visit(
        name: &str, defs: &[Def], by_name: &HashMap<&str, usize>, seen: &mut HashSet<usize>, out: &mut Vec<usize>,
    ) {
        let Some(&i) = by_name.get(name) else { return };
        if !seen.insert(i) {
            return;
        }
        out.push(i);
        let mut names = Vec::new();
        match &defs[i] {
            Def::Struct(s) => s.fields.iter().for_each(|f| named(&f.shape, &mut names)),
            Def::Enum(_) => {}
        }
        for n in names {
            visit(&n, defs, by_name, seen, out);
        }
    }
    let mut order = Vec::new();
    {
        let mut by_name: HashMap<&str, usize> = HashMap::new();
        for (i, d) in defs.iter().enumerate() {
            by_name.entry(d.name()).or_insert(i);
        }
        let mut seen = HashSet::new();
        for root in roots {
            visit(root, &defs, &by_name, &mut seen, &mut order);
        }
    }
    let mut slots: Vec<Option<Def>> = defs.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| slots[i].take()).collect()
}

/// The names a shape refers to, in order.
pub(super) fn named(shape: &Shape, out: &mut Vec<String>) {
    match shape {
        Shape::Named { name } => out.push(name.clone()),
        Shape::Option { of } | Shape::Array { of } | Shape::TypedArray { of } => named(of, out),
        Shape::Tuple { of } => of.iter().for_each(|s| named(s, out)),
        Shape::Map { key, value } | Shape::TypedDictionary { key, value } => {
            named(key, out);
            named(value, out);
        }
        _ => {}
    }
}

/// Whether `s` is a Rust (and GDScript) type name: an ASCII letter, then ASCII letters, digits or `_`.
fn is_type_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `max_hp` → `MaxHp`, `level-01` → `Level01`, `Item` → `Item`: the ASCII letters and digits of `s`,
/// each word capitalized.
pub(super) fn pascal(s: &str) -> String {
    let mut out = String::new();
    let mut upper = true;
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            if upper {
                out.push(c.to_ascii_uppercase());
                upper = false;
            } else {
                out.push(c);
            }
        } else {
            upper = true;
        }
    }
    out
}

/// The name of one element of the container under key `key`: `entities` → `Entity`, `items` → `Item`,
/// `inventory` → `InventoryItem`.
fn singular(key: &str) -> String {
    let p = pascal(key);
    let one = if let Some(stem) = p.strip_suffix("ies") {
        format!("{stem}y")
    } else if p.ends_with("sses") || p.ends_with("xes") || p.ends_with("ches") || p.ends_with("shes") {
        p[..p.len() - 2].to_string()
    } else if p.ends_with('s') && !p.ends_with("ss") && p.len() > 1 {
        p[..p.len() - 1].to_string()
    } else {
        format!("{p}Item")
    };
    if one.is_empty() {
        "Item".to_string()
    } else {
        one
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn parse(text: &str) -> Variant {
        crate::text::from_text(text, &Config::default()).expect("test text")
    }

    fn def<'a>(s: &'a Schema, name: &str) -> &'a Def {
        s.get(name).unwrap_or_else(|| panic!("no {name} in {:#?}", s.defs))
    }

    #[test]
    fn records_options_and_names() {
        let a = parse(r#"{"tick": 1, "entities": [{"hp": 1.5, "tag": null}, {"hp": 2.0, "tag": "x"}]}"#);
        let b = parse(r#"{"tick": 2, "entities": [], "extra": Vector2(1, 2)}"#);
        let s = Schema::infer(&[a, b], Dialect::Godot4_6, "Save").unwrap();
        let Def::Struct(save) = def(&s, "Save") else { panic!() };
        assert_eq!(save.fields.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["tick", "entities", "extra"]);
        assert_eq!(save.fields[1].shape, Shape::Array { of: Box::new(Shape::Named { name: "Entity".into() }) });
        assert!(save.fields[2].optional && save.fields[2].omit_if_null);
        let Def::Struct(e) = def(&s, "Entity") else { panic!() };
        assert_eq!(e.fields[1].shape, Shape::Option { of: Box::new(Shape::String) });
        assert!(!e.fields[1].optional);
        assert_eq!(s.defs[0].name(), "Save");
    }

    #[test]
    fn enums_maps_and_typed_arrays() {
        let v = parse(
            r#"{"units": [{"mode": "idle"}, {"mode": "run"}, {"mode": "idle"}, {"mode": "run"}, {"mode": "run"},
                           {"mode": "idle"}],
                "inv": {1: "sword", 2: "potion"}, "odd": {"two words": 1},
                "ids": Array[int]([1, 2])}"#,
        );
        let s = Schema::infer(&[v], Dialect::Godot4_6, "Save").unwrap();
        let Def::Enum(mode) = def(&s, "Mode") else { panic!() };
        assert_eq!(mode.variants.len(), 2);
        assert!(mode.doc.as_deref().unwrap_or_default().contains("Inferred"));
        let Def::Struct(save) = def(&s, "Save") else { panic!() };
        let int = Shape::Int { bits: 64, signed: true };
        assert_eq!(save.fields[1].shape, Shape::Map { key: Box::new(int.clone()), value: Box::new(Shape::String) });
        assert_eq!(save.fields[2].shape, Shape::Map { key: Box::new(Shape::String), value: Box::new(int.clone()) });
        assert_eq!(save.fields[3].shape, Shape::TypedArray { of: Box::new(int) });
    }

    #[test]
    fn refusals() {
        assert!(Schema::infer(&[], Dialect::Godot4_6, "Save").is_err());
        assert!(Schema::infer(&[Variant::Int(1)], Dialect::Godot4_6, "Save").is_err());
        let typed = parse(r#"Dictionary[String, int]({"a": 1})"#);
        assert!(Schema::infer(&[typed], Dialect::Godot4_6, "Save").is_err());
        assert!(Schema::infer(&[parse("{}")], Dialect::Godot4_6, "no name").is_err());
        let both = [parse(r#"{"a": 1, "b": 2}"#), parse(r#"{"b": 1, "a": 2}"#)];
        assert!(Schema::infer(&both, Dialect::Godot4_6, "Save").is_err());
        let null_and_missing = [parse(r#"{"a": null}"#), parse("{}"), parse(r#"{"a": 1}"#)];
        assert!(Schema::infer(&null_and_missing, Dialect::Godot4_6, "Save").is_err());
    }

    #[test]
    fn deep_values_are_variants_below_a_depth() {
        let deep = format!("{{\"a\": {}1{}}}", "[".repeat(100), "]".repeat(100));
        let s = Schema::infer(&[parse(&deep)], Dialect::Godot4_6, "Save").unwrap();
        let Def::Struct(save) = def(&s, "Save") else { panic!() };
        let mut shape = &save.fields[0].shape;
        let mut depth = 0;
        while let Shape::Array { of } = shape {
            shape = of;
            depth += 1;
        }
        assert_eq!((depth, shape), (MAX_DEPTH, &Shape::Variant));
    }

    #[test]
    fn a_stream_of_two_values_gives_two_types() {
        let state = || parse(r#"{"hp": 3, "pos": Vector2(1, 2)}"#);
        let settings = || parse(r#"{"volume": 0.5, "lang": "en"}"#);
        let saves = [vec![state(), settings()], vec![state(), settings(), state()]];
        let s = Schema::infer_saves(&saves, Dialect::Godot4_6, "Save", &[], &[]).unwrap();
        let named = |n: &str| Shape::Named { name: n.into() };
        assert_eq!(s.stream, [named("Save0"), named("Save1"), named("Save0")]);
        assert_eq!(s.root.as_deref(), Some("Save0"));
        let Def::Struct(s1) = def(&s, "Save1") else { panic!() };
        assert_eq!(
            s1.fields.iter().map(|f| (&*f.name, f.optional)).collect::<Vec<_>>(),
            [("volume", false), ("lang", false)]
        );
        assert!(s.get("Save2").is_none());
        // Values that all have the same keys are samples of one type.
        let one = Schema::infer_saves(&[vec![state(), state()]], Dialect::Godot4_6, "Save", &[], &[]).unwrap();
        assert!(one.stream.is_empty() && one.get("Save").is_some());
        // A position that is no Dictionary is named in the error.
        // A version number first: its shape, then the struct.
        let s = Schema::infer_saves(&[vec![Variant::Int(3), state()]], Dialect::Godot4_6, "Save", &[], &[]).unwrap();
        assert_eq!(s.stream, [Shape::Int { bits: 64, signed: true }, named("Save")]);
        assert_eq!(s.root.as_deref(), Some("Save"));
    }

    #[test]
    fn keys_that_are_data_make_maps_and_names_make_structs() {
        let v = parse(
            r#"{"world": {"forest": {"trees": 9, "boss": "ent"}, "cave": {"trees": 0, "boss": "bat"},
                          "town": {"trees": 2, "boss": "mayor"}},
                "party": {"hero": {"hp": 1}, "pet": {"hp": 2}},
                "stats": {"str": 1, "dex": 2, "int": 3}}"#,
        );
        let s = Schema::infer_saves(&[vec![v.clone()]], Dialect::Godot4_6, "Save", &[], &[]).unwrap();
        let Def::Struct(save) = def(&s, "Save") else { panic!() };
        // Unsorted String keys: any keys and values, so that the file's order is kept.
        let any = Shape::Map { key: Box::new(Shape::Variant), value: Box::new(Shape::Variant) };
        assert_eq!(save.fields[0].shape, any);
        assert_eq!(save.fields[1].shape, Shape::Named { name: "Party".into() });
        assert_eq!(save.fields[2].shape, Shape::Named { name: "Stats".into() });
        // Forced: `world` a map of String to one struct, `party` a map too, `stats` stays a struct.
        let s = Schema::infer_saves(&[vec![v.clone()]], Dialect::Godot4_6, "Save", &["world", "party"], &[]).unwrap();
        let Def::Struct(save) = def(&s, "Save") else { panic!() };
        let world = Shape::Named { name: "WorldItem".into() };
        assert_eq!(save.fields[0].shape, Shape::Map { key: Box::new(Shape::String), value: Box::new(world) });
        let Def::Struct(place) = def(&s, "WorldItem") else { panic!() };
        assert_eq!(place.fields.len(), 2);
        assert!(matches!(save.fields[1].shape, Shape::Map { .. }));
        // And the other way round, with `*` for a map's values.
        let s = Schema::infer_saves(&[vec![v.clone()]], Dialect::Godot4_6, "Save", &[], &["world"]).unwrap();
        assert!(matches!(def(&s, "World"), Def::Struct(w) if w.fields.len() == 3));
        let err = Schema::infer_saves(&[vec![v.clone()]], Dialect::Godot4_6, "Save", &["nowhere"], &[]).unwrap_err();
        assert!(err.to_string().contains("--map nowhere: no Dictionary"), "{err}");
        let sorted = parse(r#"{"w": {"a": {"n": {"x": 1}}, "b": {"n": {"x": 2}}, "c": {"n": {"x": 3}}}}"#);
        let s = Schema::infer_saves(&[vec![sorted.clone()]], Dialect::Godot4_6, "Save", &[], &["w.*.n"]).unwrap();
        let Def::Struct(save) = def(&s, "Save") else { panic!() };
        assert!(matches!(&save.fields[0].shape, Shape::Map { key, .. } if **key == Shape::String));
        assert!(s.get("N").is_some());
        let ids = parse(r#"{"m": {1: "a", 2: "b"}}"#);
        let err = Schema::infer_saves(&[vec![ids]], Dialect::Godot4_6, "Save", &[], &["m"]).unwrap_err();
        assert!(err.to_string().contains("--struct m: these Dictionaries are no struct: a key is int"), "{err}");
    }

    #[test]
    fn words() {
        assert_eq!(pascal("max_hp"), "MaxHp");
        assert_eq!(singular("entities"), "Entity");
        assert_eq!(singular("inventory"), "InventoryItem");
        assert_eq!(singular("boxes"), "Box");
    }
}
