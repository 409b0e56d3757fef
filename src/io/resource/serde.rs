//! serde over resource files: the main resource's properties as a map, sub-resources as the maps of their
//! properties ([`from_slice`]); a value written back into a file's own structure ([`to_vec_like`]).

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::model::{each_value, Reference, Resource, ResourceFile, MAX_DEPTH};
use crate::error::{Error, ErrorKind, Result};
use crate::value::{Array, ContainerType, Dictionary, Object, Variant};

/// Reads the main resource of a resource file into `T`: its stored properties are `T`'s fields (by name;
/// those the saver left out because they equal their default are absent, so give them `#[serde(default)]`).
/// A property holding a sub-resource reads as that sub-resource's properties (a struct or a map), an array
/// of them as a `Vec`; a reference to an external resource (the `script` property, another `.tres`) reads
/// as its path. Nothing is loaded or run.
///
/// ```
/// use serde::Deserialize;
/// #[derive(Deserialize)]
/// struct Item { name: String, count: i64 }
/// #[derive(Deserialize)]
/// struct Save { items: Vec<Item>, config: Item, script: String }
/// // A SaveGame saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res): one Item that
/// // several properties refer to.
/// let save: Save = godot_bin::resource::from_slice(&std::fs::read("examples/data/shared_subresource-godot4.6.res")?)?;
/// assert_eq!(save.script, "res://save_game.gd");
/// assert_eq!((save.config.name.as_str(), save.config.count), ("shared", 9));
/// assert_eq!(save.items.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T> {
    let file = ResourceFile::read(bytes)?;
    let v = Expand::new(&file).resource(&file.main, 0)?;
    crate::from_variant(&v)
}

/// Writes `value` into the structure of the resource file `original` (same form, format version,
/// compression, ids, scripts and external resources), and returns the new file's bytes. `value`'s fields
/// set the main resource's properties by name, a map or struct where the original holds a sub-resource
/// sets that sub-resource's properties, and an array of them sets each one: an element added takes the
/// class and script of its siblings (a new sub-resource), one removed is dropped with its sub-resource.
/// What `value` does not hold is kept as the original has it, and a value keeps the original's type where
/// it has one (a `Vec<i32>` stays a `PackedInt32Array`, a `String` a `StringName`). A property the
/// original left out (at its default) is written only when `value` holds another value than `T` reads
/// from the original. Unchanged, the original's bytes come back.
///
/// ```
/// use serde::{Deserialize, Serialize};
/// #[derive(Serialize, Deserialize)]
/// struct Item { name: String, count: i64 }
/// #[derive(Serialize, Deserialize)]
/// struct Save { config: Item }
/// // Saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res).
/// let original = std::fs::read("examples/data/shared_subresource-godot4.6.res")?;
/// let mut save: Save = godot_bin::resource::from_slice(&original)?;
/// assert_eq!(godot_bin::resource::to_vec_like(&save, &original)?, original);
/// save.config.count = 10;
/// let edited = godot_bin::resource::to_vec_like(&save, &original)?;
/// assert_eq!(godot_bin::resource::from_slice::<Save>(&edited)?.config.count, 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_vec_like<T: Serialize + DeserializeOwned>(value: &T, original: &[u8]) -> Result<Vec<u8>> {
    let file = ResourceFile::read(original)?;
    let base = crate::to_variant(&from_slice::<T>(original)?)?;
    merged(&file, &crate::to_variant(value)?, &base)?.to_bytes()
}

/// The values a tool edits in a resource file: the main resource's properties as one Dictionary, with
/// sub-resources expanded into the Dictionaries of their properties and external resources into their
/// paths, as [`from_slice`] reads them.
#[cfg(feature = "containers")]
pub(crate) fn values_of(file: &ResourceFile) -> Result<Variant> {
    Expand::new(file).resource(&file.main, 0)
}

/// `file` with the values `new` (in the shape [`values_of`] gives) written into its structure; `base` is
/// what the values were as read from it (a property the saver left out is written only where `new`
/// differs from it). Sub-resources the edit leaves unreferenced are dropped.
pub(crate) fn merged(file: &ResourceFile, new: &Variant, base: &Variant) -> Result<ResourceFile> {
    let mut file = file.clone();
    let Variant::Dictionary(d) = new else {
        return Err(Error::new(ErrorKind::Conversion("a resource is written from a struct or a map".into()), None));
    };
    let before = reachable(&file);
    let mut m = Merge { file: &mut file, made: 0 };
    let base = match base {
        Variant::Dictionary(b) => Some(&**b),
        _ => None,
    };
    let mut main = std::mem::replace(&mut m.file.main, empty());
    m.resource(&mut main, d, base, 0)?;
    m.file.main = main;

    // The sub-resources the edit left unreferenced are dropped (any the file held unreferenced are kept).
    let was_unreached: std::collections::HashSet<String> =
        file.sub_resources.iter().zip(&before).filter(|(_, reached)| !**reached).map(|(r, _)| r.id.clone()).collect();
    let now = reachable(&file);
    let mut keep = now.into_iter();
    file.sub_resources.retain(|r| keep.next().unwrap_or(true) || was_unreached.contains(&r.id));
    Ok(file)
}

fn empty() -> Resource {
    Resource { class: String::new(), id: String::new(), properties: Vec::new() }
}

fn conversion(what: &str) -> Error {
    Error::new(ErrorKind::Conversion(what.to_owned()), None)
}

/// Expands references into values: sub-resources into the maps of their properties, external resources
/// into their paths. Bounded: a cycle is an error, the result nests at most [`MAX_DEPTH`] levels, and
/// the values made are bounded by a multiple of the file's (a sub-resource used many times is copied
/// each time).
struct Expand<'f> {
    file: &'f ResourceFile,
    index: std::collections::HashMap<&'f str, usize>,
    /// Sub-resources being expanded (a reference back to one is a cycle).
    open: Vec<bool>,
    budget: usize,
}

impl<'f> Expand<'f> {
    fn new(file: &'f ResourceFile) -> Self {
        let values: usize =
            file.sub_resources.iter().chain(std::iter::once(&file.main)).map(|r| r.properties.len() + 1).sum();
        let index = file.sub_resources.iter().enumerate().map(|(i, r)| (r.id.as_str(), i)).collect();
        Expand {
            file,
            index,
            open: vec![false; file.sub_resources.len()],
            budget: values.saturating_mul(64).max(1 << 16),
        }
    }

    fn charge(&mut self, n: usize) -> Result<()> {
        self.budget = self.budget.checked_sub(n).ok_or_else(|| {
            Error::new(ErrorKind::InvalidData("sub-resources shared too often to expand into separate values"), None)
        })?;
        Ok(())
    }

    fn resource(&mut self, r: &'f Resource, depth: usize) -> Result<Variant> {
        self.charge(r.properties.len() + 1)?;
        let mut d = Dictionary::default();
        for (name, v) in &r.properties {
            d.insert(Variant::String(name.as_str().into()), self.value(v, depth + 1)?);
        }
        Ok(Variant::from(d))
    }

    fn value(&mut self, v: &Variant, depth: usize) -> Result<Variant> {
        if depth > MAX_DEPTH {
            return Err(Error::new(ErrorKind::TooDeep { max: MAX_DEPTH }, None));
        }
        Ok(match v {
            Variant::Object(o) => match (Reference::of(v), &**o) {
                (Some(Reference::Sub(id)), _) => {
                    let i = *self.index.get(id.as_str()).ok_or_else(|| {
                        Error::new(ErrorKind::InvalidData("a reference to a sub-resource the file does not hold"), None)
                    })?;
                    if self.open[i] {
                        return Err(Error::new(ErrorKind::InvalidData("sub-resources that hold each other"), None));
                    }
                    self.open[i] = true;
                    let file = self.file;
                    let out = self.resource(&file.sub_resources[i], depth)?;
                    self.open[i] = false;
                    out
                }
                (Some(Reference::Ext(id)), _) => {
                    let e = self.file.ext_resources.iter().find(|e| e.id == id);
                    Variant::String(e.map(|e| e.path.as_str()).unwrap_or_default().into())
                }
                (Some(Reference::Path(p)), _) => Variant::String(p.into()),
                (None, Object::Null) => Variant::Nil,
                (None, _) => v.clone(),
            },
            Variant::Array(a) => {
                self.charge(a.items.len())?;
                let items = a.items.iter().map(|x| self.value(x, depth + 1)).collect::<Result<Vec<_>>>()?;
                Variant::from(Array { items, element_type: expanded_type(&a.element_type), shared: a.shared })
            }
            Variant::Dictionary(d) => {
                self.charge(d.len())?;
                let mut out = Dictionary {
                    key_type: expanded_type(&d.key_type),
                    value_type: expanded_type(&d.value_type),
                    shared: d.shared,
                    ..Default::default()
                };
                for (k, x) in d.iter() {
                    out.insert(self.value(k, depth + 1)?, self.value(x, depth + 1)?);
                }
                Variant::from(out)
            }
            _ => v.clone(),
        })
    }
}

/// A container's element type once its resources are expanded: a script's resources become maps, so the
/// type says nothing about them (`Untyped`).
fn expanded_type(t: &ContainerType) -> ContainerType {
    match t {
        ContainerType::Script(_) => ContainerType::Untyped,
        t => t.clone(),
    }
}

/// Writes a value into a file's structure.
struct Merge<'f> {
    file: &'f mut ResourceFile,
    /// Sub-resources made for added elements (their ids count on from here).
    made: usize,
}

impl Merge<'_> {
    /// Sets the properties of `r` from `new`; `base` is what the value read from the original gave (a
    /// property the saver left out is written only when `new` changed it).
    fn resource(&mut self, r: &mut Resource, new: &Dictionary, base: Option<&Dictionary>, depth: usize) -> Result<()> {
        for (k, v) in new.iter() {
            let Some(name) = k.as_str() else { return Err(conversion("a property name that is not a string")) };
            let was = base.and_then(|b| b.get(k));
            match r.get_mut(name) {
                Some(old) => {
                    let merged = self.value(old, v, was, depth + 1)?;
                    *old = merged;
                }
                None if was == Some(v) => {}
                None => r.set(name, v.clone()),
            }
        }
        Ok(())
    }

    /// The value to store where the file held `old` and the new value is `new`.
    fn value(&mut self, old: &Variant, new: &Variant, base: Option<&Variant>, depth: usize) -> Result<Variant> {
        if depth > MAX_DEPTH {
            return Err(Error::new(ErrorKind::TooDeep { max: MAX_DEPTH }, None));
        }
        match (Reference::of(old), new) {
            (Some(Reference::Sub(id)), Variant::Dictionary(d)) => {
                let i = self.sub_index(&id)?;
                let mut sub = std::mem::replace(&mut self.file.sub_resources[i], empty());
                let base = match base {
                    Some(Variant::Dictionary(b)) => Some(&**b),
                    _ => None,
                };
                let r = self.resource(&mut sub, d, base, depth);
                self.file.sub_resources[i] = sub;
                r?;
                return Ok(old.clone());
            }
            (Some(_), Variant::Nil) => return Ok(Variant::from(Object::Null)),
            (Some(Reference::Ext(id)), Variant::String(s)) => {
                let same = self.file.ext_resources.iter().any(|e| e.id == id && e.path == *s);
                return if same { Ok(old.clone()) } else { Err(conversion("an external resource's path changed")) };
            }
            (Some(Reference::Path(p)), Variant::String(s)) if p == *s => return Ok(old.clone()),
            (Some(_), _) => return Err(conversion("a resource reference given something else than its properties")),
            _ => {}
        }
        Ok(match (old, new) {
            (Variant::Array(a), Variant::Array(b)) => {
                let sibling = a.items.iter().find_map(|x| match Reference::of(x) {
                    Some(Reference::Sub(id)) => Some(id),
                    _ => None,
                });
                let mut items: Vec<Variant> = Vec::with_capacity(b.items.len());
                for (i, x) in b.items.iter().enumerate() {
                    match (a.items.get(i), &sibling, x) {
                        (Some(o), ..) => {
                            let was = match base {
                                Some(Variant::Array(b)) => b.items.get(i),
                                _ => None,
                            };
                            items.push(self.value(o, x, was, depth + 1)?)
                        }
                        (None, Some(id), Variant::Dictionary(d)) => {
                            // Placed after the sub-resource of the element before it, as the saver meets it.
                            let after = items.iter().rev().find_map(|x| match Reference::of(x) {
                                Some(Reference::Sub(id)) => Some(id),
                                _ => None,
                            });
                            let after = after.unwrap_or_else(|| id.clone());
                            items.push(self.new_sibling(id, &after, d, depth)?)
                        }
                        (None, ..) => items.push(x.clone()),
                    }
                }
                Variant::from(Array { items, element_type: a.element_type.clone(), shared: a.shared })
            }
            (Variant::Dictionary(a), Variant::Dictionary(b)) => {
                let mut out = Dictionary {
                    key_type: a.key_type.clone(),
                    value_type: a.value_type.clone(),
                    shared: a.shared,
                    ..Default::default()
                };
                for (k, x) in b.iter() {
                    // A key keeps its original's type (a StringName key given as a String).
                    let key =
                        a.iter().map(|(ok, _)| ok).find(|ok| same_text(ok, k)).cloned().unwrap_or_else(|| k.clone());
                    let v = match a.get(&key) {
                        Some(o) => {
                            let was = match base {
                                Some(Variant::Dictionary(b)) => b.get(k),
                                _ => None,
                            };
                            self.value(o, x, was, depth + 1)?
                        }
                        None => x.clone(),
                    };
                    out.insert(key, v);
                }
                Variant::from(out)
            }
            _ => like(old, new),
        })
    }

    fn sub_index(&self, id: &str) -> Result<usize> {
        self.file.sub_resources.iter().position(|r| r.id == id).ok_or_else(|| {
            Error::new(ErrorKind::InvalidData("a reference to a sub-resource the file does not hold"), None)
        })
    }

    /// A new sub-resource with the class and script of sub-resource `sibling`, placed after sub-resource
    /// `after`, holding `d`.
    fn new_sibling(&mut self, sibling: &str, after: &str, d: &Dictionary, depth: usize) -> Result<Variant> {
        let i = self.sub_index(sibling)?;
        let class = self.file.sub_resources[i].class.clone();
        let script = self.file.sub_resources[i].get("script").cloned();
        let mut r = Resource { id: self.fresh_id(&class), class, properties: Vec::new() };
        if let Some(script) = script {
            r.properties.push(("script".into(), script));
        }
        self.resource(&mut r, d, None, depth)?;
        let reference = Reference::Sub(r.id.clone()).to_variant();
        let at = self.sub_index(after)? + 1;
        self.file.sub_resources.insert(at, r);
        Ok(reference)
    }

    /// An id no sub-resource of the file has: Godot 3 numbers them, Godot 4 names them `Class_xxxxx`.
    fn fresh_id(&mut self, class: &str) -> String {
        let numbered = self.file.sub_resources.iter().all(|r| r.id.parse::<u32>().is_ok());
        loop {
            self.made += 1;
            let id = if numbered {
                let max = self.file.sub_resources.iter().filter_map(|r| r.id.parse::<u64>().ok()).max().unwrap_or(0);
                (max + 1).to_string()
            } else {
                format!("{class}_{}", base36(self.made as u64 + 36u64.pow(4)))
            };
            if self.file.sub_resources.iter().all(|r| r.id != id) {
                return id;
            }
        }
    }
}

fn base36(mut n: u64) -> String {
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    while n > 0 {
        out.push(digits[(n % 36) as usize]);
        n /= 36;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// Whether two keys are the same text (a String and a StringName of the same text are).
fn same_text(a: &Variant, b: &Variant) -> bool {
    match (a.as_str(), b.as_str()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// `new` in the type `old` has, where the serde mapping gives another type for the same value.
fn like(old: &Variant, new: &Variant) -> Variant {
    use Variant as V;
    let ints =
        |b: &Array| b.items.iter().map(|x| if let V::Int(i) = x { Some(*i) } else { None }).collect::<Option<Vec<_>>>();
    let floats = |b: &Array| {
        b.items
            .iter()
            .map(|x| match x {
                V::Float(f) => Some(*f),
                V::Int(i) => Some(*i as f64),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
    };
    let strings =
        |b: &Array| b.items.iter().map(|x| x.as_str().map(crate::value::GString::from)).collect::<Option<Vec<_>>>();
    let converted = match (old, new) {
        (V::StringName(_), V::String(s)) => Some(V::StringName(s.as_str().into())),
        (V::Float(_), V::Int(i)) => Some(V::Float(*i as f64)),
        (V::PackedByteArray(_), V::Array(b)) => {
            ints(b).and_then(|v| v.into_iter().map(|x| u8::try_from(x).ok()).collect()).map(V::PackedByteArray)
        }
        (V::PackedInt32Array(_), V::Array(b)) => {
            ints(b).and_then(|v| v.into_iter().map(|x| i32::try_from(x).ok()).collect()).map(V::PackedInt32Array)
        }
        (V::PackedInt64Array(_), V::Array(b)) => ints(b).map(V::PackedInt64Array),
        (V::PackedFloat32Array(_), V::Array(b)) => {
            floats(b).map(|v| V::PackedFloat32Array(v.into_iter().map(|x| x as f32).collect()))
        }
        (V::PackedFloat64Array(_), V::Array(b)) => floats(b).map(V::PackedFloat64Array),
        (V::PackedStringArray(_), V::Array(b)) => strings(b).map(V::PackedStringArray),
        _ => None,
    };
    converted.unwrap_or_else(|| new.clone())
}

/// Which sub-resources the main resource reaches through references.
fn reachable(file: &ResourceFile) -> Vec<bool> {
    let index: std::collections::HashMap<&str, usize> =
        file.sub_resources.iter().enumerate().map(|(i, r)| (r.id.as_str(), i)).collect();
    let mut used = vec![false; file.sub_resources.len()];
    let mut todo: Vec<&Resource> = vec![&file.main];
    while let Some(r) = todo.pop() {
        for (_, v) in &r.properties {
            each_value(v, |v| {
                if let Some(Reference::Sub(id)) = Reference::of(v) {
                    if let Some(&i) = index.get(id.as_str()) {
                        if !used[i] {
                            used[i] = true;
                            todo.push(&file.sub_resources[i]);
                        }
                    }
                }
            });
        }
    }
    used
}
