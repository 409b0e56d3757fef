//! The model of a resource file: everything a `.tres`, `.res` or compressed `.res` holds, in the order it
//! holds it, and the bytes it was read from.

// The names the text form gives references, used for them in the model.
pub(super) use crate::forms::text::{EXT_RESOURCE, REF_ID, REF_PATH, REF_UID, SUB_RESOURCE};
use crate::value::{Object, Variant};

/// How deep values may nest inside a resource file before reading stops with an error.
pub(super) const MAX_DEPTH: usize = 128;

/// A resource file read whole: its header, its external resources, its sub-resources and the main resource,
/// each resource's properties in the order the file holds them, and how the file is written ([`Format`]).
///
/// References between resources sit in property values as the objects the text form names them after:
/// `ExtResource("1_abc")` is `Object::Full { class: "ExtResource", properties: [("id", "1_abc")] }` (see
/// [`Reference`]), `SubResource("Resource_x")` the same with class `SubResource`, and a null object reference
/// of a binary file (what the engine saves for a property holding no resource) is `Object::Null`. Binary
/// files name their external resources by position: their ids here are `"1"`, `"2"`, … in table order.
///
/// Properties the saver left out (those equal to their default) are simply absent. A file read and written
/// back unchanged gives back the exact bytes it was read from ([`ResourceFile::to_bytes`]); a changed one is
/// written by the engine's own rules for its form.
///
/// ```
/// use godot_bin::resource::{Reference, ResourceFile};
/// // A SaveGame saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res): one Item sub-resource
/// // that several properties refer to.
/// let bytes = std::fs::read("examples/data/shared_subresource-godot4.6.res")?;
/// let file = ResourceFile::read(&bytes)?;
/// assert_eq!(file.script_class.as_deref(), Some("SaveGame"));
/// assert_eq!(file.ext_resources[0].path, "res://save_game.gd");
/// assert_eq!(file.main.get("script").and_then(Reference::of), Some(Reference::Ext("1".into())));
/// let item = &file.sub_resources[0];
/// assert_eq!(item.get("name").and_then(|v| v.as_str()), Some("shared"));
/// assert_eq!(file.to_bytes()?, bytes);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ResourceFile {
    /// How the file is written: text (`.tres`) or binary (`.res`, compressed or not), with the details.
    pub format: Format,
    /// The main resource's global script class (`script_class=` in text, the header's in binary format 5
    /// and later), when the saver wrote one.
    pub script_class: Option<String>,
    /// The file's UID as text (`uid://…`), when it has one.
    pub uid: Option<String>,
    /// The external resources, in file order.
    pub ext_resources: Vec<ExtResource>,
    /// The sub-resources (internal resources but the main one), in file order.
    pub sub_resources: Vec<Resource>,
    /// The main resource (`[resource]` in text, the last internal resource in binary).
    pub main: Resource,
    pub(super) original: Option<Box<Original>>,
    /// Text files: the forms the engines' savers never write, by the resource whose tag has them.
    pub(super) text_forms: Vec<(Reference, Vec<&'static str>)>,
    /// Text files of Godot 3.0 to 3.2: an empty Dictionary is written with an empty line inside (later
    /// engines write none). Known from a file that holds one.
    pub(super) blank_empty_dictionary: bool,
}

impl Eq for ResourceFile {}

/// What a file was read from: its bytes, and the model as read (to tell whether anything changed).
#[derive(Clone, Debug)]
pub(super) struct Original {
    pub(super) bytes: Vec<u8>,
    pub(super) model: ResourceFile,
}

impl PartialEq for ResourceFile {
    fn eq(&self, other: &Self) -> bool {
        self.format == other.format
            && self.script_class == other.script_class
            && self.uid == other.uid
            && self.ext_resources == other.ext_resources
            && self.sub_resources == other.sub_resources
            && self.main == other.main
    }
}

/// How a resource file is written.
///
/// ```
/// use godot_bin::resource::{Format, ResourceFile};
/// // Saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res).
/// let file = ResourceFile::read(&std::fs::read("examples/data/shared_subresource-godot4.6.res")?)?;
/// assert!(matches!(file.format, Format::Binary(ref b) if b.version == 6 && b.compressed.is_none()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Format {
    /// A text resource (`.tres`).
    Text(TextFormat),
    /// A binary resource (`.res`), compressed (`RSCC`) or not (`RSRC`).
    Binary(BinaryFormat),
}

/// The header facts of a text resource.
///
/// ```
/// use godot_bin::resource::TextFormat;
/// let t = TextFormat { format: 3, load_steps: false };
/// assert_eq!(t.format, 3);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TextFormat {
    /// `format=`: 1 (Godot 2), 2 (Godot 3), 3 (Godot 4), 4 (Godot 4.3 and later when the file holds a
    /// `PackedVector4Array` or a `PackedByteArray` over 64 bytes, written in base64).
    pub format: u32,
    /// Whether the header has `load_steps=` (Godot 2, 3 and 4 up to 4.5 write it when there is more than
    /// one resource; 4.6 never does). Written again with the count of the resources saved.
    pub load_steps: bool,
}

/// The header facts of a binary resource.
///
/// ```
/// use godot_bin::resource::{BinaryFormat, Format, ResourceFile};
/// let file = ResourceFile::read(&std::fs::read("examples/data/shared_subresource-godot4.6.res")?)?;
/// let Format::Binary(b) = &file.format else { panic!() };
/// assert_eq!((b.engine_major, b.version, b.big_endian, b.compressed), (4, 6, false, None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct BinaryFormat {
    /// The file is big-endian (`ResourceSaver.FLAG_SAVE_BIG_ENDIAN`).
    pub big_endian: bool,
    /// The header's "64-bit" field (the savers write 0; the loaders ignore it).
    pub use_real64: bool,
    /// The engine's major version that wrote the file.
    pub engine_major: u32,
    /// The engine's minor version.
    pub engine_minor: u32,
    /// The format version: 1 and 2 (Godot 2), 3 (Godot 3, Pandemonium), 4, 5 and 6 (Godot 4).
    pub version: u32,
    /// The format flags (version 4 and later): 1 named scene ids, 2 UIDs, 4 `real_t` is double, 8 a script
    /// class follows the UID.
    pub flags: u32,
    /// The import metadata offset (0 in saves).
    pub import_metadata_offset: u64,
    /// The string table (property names and NodePath parts), in file order. It holds the names of
    /// properties the saver left out too, as the engine writes them.
    pub strings: Vec<String>,
    /// The main resource's path in the internal resource table (`local://…`, or the path it was saved at).
    pub main_path: String,
    /// Compressed (`RSCC`): the `FileAccessCompressed` mode (0 FastLZ, 1 Deflate, 2 Zstd, 3 GZIP) and block
    /// size. `None` for a plain `RSRC` file.
    pub compressed: Option<(u32, u32)>,
    /// The reserved header words, as read (zeros in every engine-written file).
    pub reserved: Vec<u32>,
}

impl BinaryFormat {
    /// Whether reals (vectors, transforms, `Float` stored as `real_t`) take 8 bytes: format version 4 and
    /// later with the `REAL_T_IS_DOUBLE` flag.
    pub(crate) fn real_is_double(&self) -> bool {
        self.version >= 4 && self.flags & FLAG_REAL_T_IS_DOUBLE != 0
    }
}

pub(super) const FLAG_NAMED_SCENE_IDS: u32 = 1;
pub(super) const FLAG_UIDS: u32 = 2;
pub(super) const FLAG_REAL_T_IS_DOUBLE: u32 = 4;
pub(super) const FLAG_HAS_SCRIPT_CLASS: u32 = 8;

/// One external resource (`[ext_resource]`): a file the engine loads with this one.
///
/// ```
/// use godot_bin::resource::ExtResource;
/// let e = ExtResource { class: "Script".into(), path: "res://item.gd".into(), id: "1_abc".into(), uid: None };
/// assert!(e.path.starts_with("res://"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ExtResource {
    /// Its class (`type=`): `Script`, `Resource`, `Texture2D`, …
    pub class: String,
    /// Its path as written (`res://…` in the engines' saves).
    pub path: String,
    /// Its id in this file (text: as written; binary: its position in the table, from `"1"`).
    pub id: String,
    /// Its UID as text (`uid://…`), when written.
    pub uid: Option<String>,
}

/// One resource of the file: a sub-resource or the main resource.
///
/// ```
/// use godot_bin::{resource::Resource, Variant};
/// let r = Resource { class: "Resource".into(), id: "Resource_a1b2c".into(), properties: vec![("level".into(), Variant::Int(3))] };
/// assert_eq!(r.get("level"), Some(&Variant::Int(3)));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Resource {
    /// Its class (`type=`): `Resource` for a custom resource (its `script` property names the script).
    pub class: String,
    /// Its id (`Resource_a1b2c` in Godot 4, `1` in Godot 3). Empty for the main resource of a text file.
    pub id: String,
    /// Its stored properties, in file order.
    pub properties: Vec<(String, Variant)>,
}

impl Resource {
    /// The value of a stored property.
    ///
    /// ```
    /// use godot_bin::{resource::Resource, Variant};
    /// let r = Resource { class: "Resource".into(), id: String::new(), properties: vec![("gold".into(), Variant::Int(5))] };
    /// assert_eq!(r.get("gold"), Some(&Variant::Int(5)));
    /// assert_eq!(r.get("level"), None); // not stored: at its default
    /// ```
    pub fn get(&self, name: &str) -> Option<&Variant> {
        self.properties.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// The stored property to change.
    ///
    /// ```
    /// use godot_bin::{resource::Resource, Variant};
    /// let mut r = Resource { class: "Resource".into(), id: String::new(), properties: vec![("gold".into(), Variant::Int(5))] };
    /// *r.get_mut("gold").unwrap() = Variant::Int(6);
    /// assert_eq!(r.get("gold"), Some(&Variant::Int(6)));
    /// ```
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Variant> {
        self.properties.iter_mut().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Sets a property: in place when it is stored, else added at the end (before the `metadata/…`
    /// properties, which the engine writes last).
    ///
    /// ```
    /// use godot_bin::{resource::Resource, Variant};
    /// let mut r = Resource { class: "Resource".into(), id: String::new(), properties: vec![("metadata/x".into(), Variant::Nil)] };
    /// r.set("gold", Variant::Int(5));
    /// assert_eq!(r.properties[0].0, "gold");
    /// ```
    pub fn set(&mut self, name: &str, value: Variant) {
        match self.get_mut(name) {
            Some(v) => *v = value,
            None => {
                let at = self.properties.iter().position(|(n, _)| is_metadata(n)).unwrap_or(self.properties.len());
                self.properties.insert(at, (name.to_owned(), value));
            }
        }
    }
}

/// Whether a property is one of the engine's metadata entries (`metadata/…`, Godot 3's `__meta__`).
pub(super) fn is_metadata(name: &str) -> bool {
    name.starts_with("metadata/") || name == "__meta__"
}

/// A reference from a property value to another resource, as [`Reference::of`] reads it out of a value.
///
/// ```
/// use godot_bin::{resource::Reference, Variant};
/// let v = Reference::Sub("Resource_x".into()).to_variant();
/// assert_eq!(Reference::of(&v), Some(Reference::Sub("Resource_x".into())));
/// assert_eq!(Reference::of(&Variant::Int(1)), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reference {
    /// `ExtResource(id)`: an external resource of the file, by id.
    Ext(String),
    /// `SubResource(id)`: a sub-resource of the file, by id.
    Sub(String),
    /// `Resource(path)`: a resource loaded by its path (text files; binary files' old inline form).
    Path(String),
}

impl Reference {
    /// The reference a value is, if it is one.
    ///
    /// ```
    /// use godot_bin::{resource::Reference, Object, Variant};
    /// let v = Variant::from(Object::Full { class: "ExtResource".into(), properties: vec![("id".into(), "1".into())] });
    /// assert_eq!(Reference::of(&v), Some(Reference::Ext("1".into())));
    /// ```
    pub fn of(v: &Variant) -> Option<Reference> {
        let Variant::Object(o) = v else { return None };
        let Object::Full { class, properties } = &**o else { return None };
        let prop = |name: &str| properties.iter().find(|(n, _)| n == name).and_then(|(_, v)| v.as_str());
        if class == SUB_RESOURCE {
            return prop(REF_ID).map(|id| Reference::Sub(id.to_owned()));
        }
        if class != EXT_RESOURCE {
            return None;
        }
        match prop(REF_ID) {
            Some(id) => Some(Reference::Ext(id.to_owned())),
            None => prop(REF_PATH).map(|p| Reference::Path(p.to_owned())),
        }
    }

    /// The value that holds this reference.
    ///
    /// ```
    /// use godot_bin::resource::Reference;
    /// let v = Reference::Ext("2_x".into()).to_variant();
    /// assert_eq!(godot_bin::text::to_text(&v, &Default::default()), "Object(ExtResource,\"id\":\"2_x\")");
    /// ```
    pub fn to_variant(&self) -> Variant {
        let (class, name, v) = match self {
            Reference::Ext(id) => (EXT_RESOURCE, REF_ID, id),
            Reference::Sub(id) => (SUB_RESOURCE, REF_ID, id),
            Reference::Path(p) => (EXT_RESOURCE, REF_PATH, p),
        };
        Variant::from(Object::Full {
            class: class.to_owned(),
            properties: vec![(name.to_owned(), Variant::String(v.as_str().into()))],
        })
    }
}

/// Calls `f` on `v` and every value inside it, in file order (a Dictionary's key before its value), with
/// no recursion.
pub(super) fn each_value<'v>(v: &'v Variant, mut f: impl FnMut(&'v Variant)) {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        f(v);
        match v {
            Variant::Array(a) => stack.extend(a.items.iter().rev()),
            Variant::Dictionary(d) => {
                for (k, x) in d.entries.list.iter().rev() {
                    stack.push(x);
                    stack.push(k);
                }
            }
            _ => {}
        }
    }
}

/// Godot's text form of a UID (`ResourceUID::id_to_text`): base 34 with the digits `a`…`y`, `0`…`8`.
/// `None` for a negative id (no UID).
pub(super) fn uid_to_text(id: i64) -> Option<String> {
    if id < 0 {
        return None;
    }
    const DIGITS: &[u8; 34] = b"abcdefghijklmnopqrstuvwxy012345678";
    let mut n = id as u64;
    let mut rev = Vec::new();
    loop {
        rev.push(DIGITS[(n % 34) as usize]);
        n /= 34;
        if n == 0 {
            break;
        }
    }
    rev.reverse();
    Some(format!("uid://{}", String::from_utf8(rev).unwrap_or_default()))
}

/// The id of a UID's text form; `None` for text that is not one (the engine's invalid id, -1).
pub(super) fn uid_from_text(s: &str) -> Option<i64> {
    let digits = s.strip_prefix("uid://")?;
    if digits.is_empty() {
        return None;
    }
    let mut n: u64 = 0;
    for c in digits.bytes() {
        let d = match c {
            b'a'..=b'y' => c - b'a',
            b'0'..=b'8' => c - b'0' + 25,
            _ => return None,
        };
        n = n.checked_mul(34)?.checked_add(u64::from(d))?;
    }
    i64::try_from(n).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uids_as_the_engine_writes_them() {
        // Godot 4.6 wrote these pairs (tests/fixtures/godot-4.6/resources: save_game.res's header holds
        // 1717171717171717 and save_game.tres says uid://3jtqyrwjir; shared_config.tres's is 4242424242424242).
        assert_eq!(uid_to_text(1717171717171717).as_deref(), Some("uid://3jtqyrwjir"));
        assert_eq!(uid_to_text(4242424242424242).as_deref(), Some("uid://cb4wfktva4a"));
        assert_eq!(uid_from_text("uid://3jtqyrwjir"), Some(1717171717171717));
        assert_eq!(uid_from_text("uid://<invalid>"), None);
        assert_eq!(uid_to_text(-1), None);
        for id in [0i64, 1, 33, 34, i64::MAX] {
            assert_eq!(uid_from_text(&uid_to_text(id).unwrap()), Some(id));
        }
    }
}
