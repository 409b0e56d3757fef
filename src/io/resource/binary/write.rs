//! Writing the model as an `RSRC` file, by the savers' rules.

use super::ids::*;
use crate::error::{Error, ErrorKind, Result};
use crate::io::resource::model::*;
use crate::markers::*;
use crate::value::{Object, Variant};

struct Writer {
    out: Vec<u8>,
    be: bool,
}

impl Writer {
    fn u16(&mut self, v: u16) {
        self.out.extend_from_slice(&if self.be { v.to_be_bytes() } else { v.to_le_bytes() });
    }
    fn u32(&mut self, v: u32) {
        self.out.extend_from_slice(&if self.be { v.to_be_bytes() } else { v.to_le_bytes() });
    }
    fn u64(&mut self, v: u64) {
        self.out.extend_from_slice(&if self.be { v.to_be_bytes() } else { v.to_le_bytes() });
    }
    fn ustring(&mut self, s: &str) {
        self.u32(s.len() as u32 + 1);
        self.out.extend_from_slice(s.as_bytes());
        self.out.push(0);
    }
}

/// What the writer needs while writing values.
struct Out<'m> {
    version: u32,
    real64: bool,
    string_index: std::collections::HashMap<&'m str, u32>,
    ext_index: std::collections::HashMap<&'m str, u32>,
    /// Sub-resource id -> the number an internal reference writes (its table position, or Godot 3's N).
    int_index: std::collections::HashMap<&'m str, u32>,
}

impl Out<'_> {
    fn godot4(&self) -> bool {
        self.version >= 4
    }

    fn real(&self, w: &mut Writer, x: f64) {
        if self.real64 {
            w.u64(x.to_bits());
        } else {
            w.u32((x as f32).to_bits());
        }
    }

    fn reals<T: Reals>(&self, w: &mut Writer, v: &T) {
        let mut r = [0f64; 16];
        v.to_reals(&mut r[..T::N]);
        for x in &r[..T::N] {
            self.real(w, *x);
        }
    }

    fn packed_reals<T: Reals>(&self, w: &mut Writer, ty: u32, a: &[T]) {
        w.u32(ty);
        w.u32(a.len() as u32);
        let mut r = [0f64; 16];
        for v in a {
            v.to_reals(&mut r[..T::N]);
            for x in &r[..T::N] {
                if self.real64 {
                    w.out.extend_from_slice(&x.to_le_bytes());
                } else {
                    w.out.extend_from_slice(&(*x as f32).to_le_bytes());
                }
            }
        }
    }

    fn string_ref(&self, w: &mut Writer, s: &str) {
        match self.string_index.get(s) {
            Some(&i) => w.u32(i),
            None => {
                w.u32((s.len() as u32 + 1) | 0x8000_0000);
                w.out.extend_from_slice(s.as_bytes());
                w.out.push(0);
            }
        }
    }

    fn value(&self, w: &mut Writer, v: &Variant) -> Result<()> {
        use Variant as V;
        let g4 = self.godot4();
        match v {
            V::Nil => w.u32(NIL),
            V::Bool(b) => {
                w.u32(BOOL);
                w.u32(u32::from(*b));
            }
            V::Int(i) => {
                if i32::try_from(*i).is_ok() {
                    w.u32(INT);
                    w.u32(*i as i32 as u32);
                } else {
                    w.u32(INT64);
                    w.u64(*i as u64);
                }
            }
            V::Float(x) => {
                // As the saver: a double that is an exact float is stored as a real.
                if (*x as f32) as f64 == *x {
                    w.u32(FLOAT);
                    self.real(w, *x);
                } else {
                    w.u32(DOUBLE);
                    w.u64(x.to_bits());
                }
            }
            V::String(s) => {
                w.u32(STRING);
                w.ustring(s);
            }
            V::Vector2(x) => {
                w.u32(VECTOR2);
                self.reals(w, x);
            }
            V::Rect2(x) => {
                w.u32(RECT2);
                self.reals(w, x);
            }
            V::Vector3(x) => {
                w.u32(VECTOR3);
                self.reals(w, x);
            }
            V::Plane(x) => {
                w.u32(PLANE);
                self.reals(w, x);
            }
            V::Quaternion(x) => {
                w.u32(QUATERNION);
                self.reals(w, x);
            }
            V::Aabb(x) => {
                w.u32(AABB);
                self.reals(w, &**x);
            }
            V::Basis(x) => {
                w.u32(BASIS);
                self.reals(w, &**x);
            }
            V::Transform3D(x) => {
                w.u32(TRANSFORM3D);
                self.reals(w, &**x);
            }
            V::Transform2D(x) => {
                w.u32(TRANSFORM2D);
                self.reals(w, &**x);
            }
            V::Color(c) => {
                w.u32(COLOR);
                for x in [c.r, c.g, c.b, c.a] {
                    if g4 {
                        w.u32(x.to_bits());
                    } else {
                        self.real(w, f64::from(x));
                    }
                }
            }
            V::NodePath(p) => {
                w.u32(NODE_PATH);
                let old = self.version < 3;
                let subs = p.subnames.len() + usize::from(old);
                if p.names.len() > 0xffff || subs > 0x7fff {
                    return Err(Error::invalid("a NodePath with too many parts for a binary resource", None));
                }
                w.u16(p.names.len() as u16);
                w.u16(subs as u16 | if p.absolute { 0x8000 } else { 0 });
                for n in &p.names {
                    self.string_ref(w, n);
                }
                for n in &p.subnames {
                    self.string_ref(w, n);
                }
                if old {
                    self.string_ref(w, p.property.as_deref().unwrap_or(""));
                }
            }
            V::Rid(x) => {
                w.u32(RID);
                w.u32(x.0 as u32);
            }
            V::Object(o) => self.object(w, o)?,
            V::Dictionary(d) => {
                w.u32(DICTIONARY);
                w.u32(d.entries.len() as u32);
                for (k, x) in d.iter() {
                    self.value(w, k)?;
                    self.value(w, x)?;
                }
            }
            V::Array(a) => {
                w.u32(ARRAY);
                w.u32(a.items.len() as u32);
                for x in &a.items {
                    self.value(w, x)?;
                }
            }
            V::PackedByteArray(b) => {
                w.u32(PACKED_BYTE);
                w.u32(b.len() as u32);
                w.out.extend_from_slice(b);
                w.out.resize(w.out.len() + (4 - b.len() % 4) % 4, 0);
            }
            V::PackedInt32Array(a) => {
                w.u32(PACKED_INT32);
                w.u32(a.len() as u32);
                for x in a {
                    w.out.extend_from_slice(&x.to_le_bytes());
                }
            }
            V::PackedFloat32Array(a) => {
                w.u32(PACKED_FLOAT32);
                w.u32(a.len() as u32);
                for x in a {
                    w.out.extend_from_slice(&x.to_le_bytes());
                }
            }
            V::PackedStringArray(a) => {
                w.u32(PACKED_STRING);
                w.u32(a.len() as u32);
                for s in a {
                    w.ustring(s);
                }
            }
            V::PackedVector2Array(a) => self.packed_reals(w, PACKED_VECTOR2, a),
            V::PackedVector3Array(a) => self.packed_reals(w, PACKED_VECTOR3, a),
            V::PackedColorArray(a) => {
                w.u32(PACKED_COLOR);
                w.u32(a.len() as u32);
                for c in a {
                    for x in [c.r, c.g, c.b, c.a] {
                        w.out.extend_from_slice(&x.to_le_bytes());
                    }
                }
            }
            V::Image(img) if self.version < 3 => {
                w.u32(IMAGE);
                if img.width == 0 && img.height == 0 && img.data.is_empty() {
                    w.u32(0);
                } else {
                    w.u32(1);
                    for x in [img.width, img.height, img.mipmaps, img.format, img.data.len() as u32] {
                        w.u32(x);
                    }
                    w.out.extend_from_slice(&img.data);
                    w.out.resize(w.out.len() + (4 - img.data.len() % 4) % 4, 0);
                }
            }
            _ if g4 => match v {
                V::Callable => w.u32(CALLABLE),
                V::Signal(_) => w.u32(SIGNAL),
                V::StringName(s) => {
                    w.u32(STRING_NAME);
                    w.ustring(&s.0);
                }
                V::Vector2i(x) => {
                    w.u32(VECTOR2I);
                    w.u32(x.x as u32);
                    w.u32(x.y as u32);
                }
                V::Rect2i(x) => {
                    w.u32(RECT2I);
                    for c in [x.position.x, x.position.y, x.size.x, x.size.y] {
                        w.u32(c as u32);
                    }
                }
                V::Vector3i(x) => {
                    w.u32(VECTOR3I);
                    for c in [x.x, x.y, x.z] {
                        w.u32(c as u32);
                    }
                }
                V::Vector4i(x) => {
                    w.u32(VECTOR4I);
                    for c in [x.x, x.y, x.z, x.w] {
                        w.u32(c as u32);
                    }
                }
                V::Vector4(x) => {
                    w.u32(VECTOR4);
                    self.reals(w, x);
                }
                V::Projection(x) => {
                    w.u32(PROJECTION);
                    self.reals(w, &**x);
                }
                V::PackedInt64Array(a) => {
                    w.u32(PACKED_INT64);
                    w.u32(a.len() as u32);
                    for x in a {
                        w.out.extend_from_slice(&x.to_le_bytes());
                    }
                }
                V::PackedFloat64Array(a) => {
                    w.u32(PACKED_FLOAT64);
                    w.u32(a.len() as u32);
                    for x in a {
                        w.out.extend_from_slice(&x.to_le_bytes());
                    }
                }
                V::PackedVector4Array(a) => self.packed_reals(w, PACKED_VECTOR4, a),
                _ => return Err(unsupported(v, self.version)),
            },
            V::StringName(s) if self.version == 3 => {
                // Pandemonium's StringName; Godot 3 has none (the engine would hold it as a String).
                w.u32(P_STRING_NAME);
                w.ustring(&s.0);
            }
            V::Vector2i(x) if self.version == 3 => {
                w.u32(P_VECTOR2I);
                w.u32(x.x as u32);
                w.u32(x.y as u32);
            }
            V::Rect2i(x) if self.version == 3 => {
                w.u32(P_RECT2I);
                for c in [x.position.x, x.position.y, x.size.x, x.size.y] {
                    w.u32(c as u32);
                }
            }
            V::Vector3i(x) if self.version == 3 => {
                w.u32(P_VECTOR3I);
                for c in [x.x, x.y, x.z] {
                    w.u32(c as u32);
                }
            }
            V::Vector4i(x) if self.version == 3 => {
                w.u32(P_VECTOR4I);
                for c in [x.x, x.y, x.z, x.w] {
                    w.u32(c as u32);
                }
            }
            V::Vector4(x) if self.version == 3 => {
                w.u32(P_VECTOR4);
                self.reals(w, x);
            }
            V::Projection(x) if self.version == 3 => {
                w.u32(P_PROJECTION);
                self.reals(w, &**x);
            }
            V::PackedVector4Array(a) if self.version == 3 => self.packed_reals(w, P_PACKED_VECTOR4, a),
            V::PackedVector2iArray(a) if self.version == 3 => {
                w.u32(P_PACKED_VECTOR2I);
                w.u32(a.len() as u32);
                for v in a {
                    for c in [v.x, v.y] {
                        w.out.extend_from_slice(&c.to_le_bytes());
                    }
                }
            }
            V::PackedVector3iArray(a) if self.version == 3 => {
                w.u32(P_PACKED_VECTOR3I);
                w.u32(a.len() as u32);
                for v in a {
                    for c in [v.x, v.y, v.z] {
                        w.out.extend_from_slice(&c.to_le_bytes());
                    }
                }
            }
            V::PackedVector4iArray(a) if self.version == 3 => {
                w.u32(P_PACKED_VECTOR4I);
                w.u32(a.len() as u32);
                for v in a {
                    for c in [v.x, v.y, v.z, v.w] {
                        w.out.extend_from_slice(&c.to_le_bytes());
                    }
                }
            }
            _ => return Err(unsupported(v, self.version)),
        }
        Ok(())
    }

    fn object(&self, w: &mut Writer, o: &Object) -> Result<()> {
        w.u32(OBJECT);
        match o {
            Object::Null => w.u32(OBJECT_EMPTY),
            Object::InstanceId(_) => {
                return Err(Error::invalid("an object by instance id has no place in a resource", None))
            }
            Object::Full { class, properties } => {
                let v = Variant::from(o.clone());
                match Reference::of(&v) {
                    Some(Reference::Ext(id)) => {
                        let i = self.ext_index.get(id.as_str()).ok_or_else(|| {
                            Error::invalid("a reference to an external resource the file does not list", None)
                        })?;
                        w.u32(OBJECT_EXTERNAL_RESOURCE_INDEX);
                        w.u32(*i);
                    }
                    Some(Reference::Sub(id)) => {
                        let i = self.int_index.get(id.as_str()).ok_or_else(|| {
                            Error::invalid("a reference to a sub-resource the file does not hold", None)
                        })?;
                        w.u32(OBJECT_INTERNAL_RESOURCE);
                        w.u32(*i);
                    }
                    Some(Reference::Path(path)) => {
                        let ty = properties.iter().find(|(n, _)| n == OLD_TYPE).and_then(|(_, v)| v.as_str());
                        w.u32(OBJECT_EXTERNAL_RESOURCE);
                        w.ustring(ty.unwrap_or("Resource"));
                        w.ustring(&path);
                    }
                    None => {
                        let _ = class;
                        return Err(Error::invalid(
                            "a binary resource holds no inline objects (only references to resources)",
                            None,
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

fn unsupported(v: &Variant, version: u32) -> Error {
    let dialect = match version {
        1 | 2 => crate::Dialect::Godot2,
        3 => crate::Dialect::Godot3,
        _ => crate::Dialect::Godot4_6,
    };
    Error::new(ErrorKind::Unsupported { what: v.kind().name(), dialect }, None)
}

/// Writes the model as an `RSRC` file (uncompressed), the resources in `order` (sub-resource indices, the
/// main one last) and the external resources in `ext_order`, by the saver's rules.
pub(crate) fn write(file: &ResourceFile, b: &BinaryFormat, order: &[usize], ext_order: &[usize]) -> Result<Vec<u8>> {
    // The endianness word itself is little-endian; every later number is in the file's order.
    let mut w = Writer { out: Vec::with_capacity(4096), be: false };
    w.out.extend_from_slice(MAGIC);
    w.u32(u32::from(b.big_endian));
    w.be = b.big_endian;
    w.u32(u32::from(b.use_real64));
    w.u32(b.engine_major);
    w.u32(b.engine_minor);
    w.u32(b.version);
    w.ustring(&file.main.class);
    w.u64(b.import_metadata_offset);
    let mut flags = b.flags;
    if b.version >= 4 {
        if b.version >= 5 {
            if file.script_class.is_some() {
                flags |= FLAG_HAS_SCRIPT_CLASS;
            } else {
                flags &= !FLAG_HAS_SCRIPT_CLASS;
            }
        }
        w.u32(flags);
        let uid = file.uid.as_deref().and_then(uid_from_text).unwrap_or(-1);
        w.u64(uid as u64);
        if flags & FLAG_HAS_SCRIPT_CLASS != 0 {
            w.ustring(file.script_class.as_deref().unwrap_or(""));
        }
    }
    let reserved = if b.version >= 4 { 11 } else { 14 };
    for i in 0..reserved {
        w.u32(b.reserved.get(i).copied().unwrap_or(0));
    }
    // The string table: the file's own, then any name it lacks, in the order the saver meets them.
    let mut strings: Vec<&str> = b.strings.iter().map(String::as_str).collect();
    let mut string_index: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
    for (i, s) in strings.iter().enumerate() {
        string_index.entry(s).or_insert(i as u32);
    }
    let all: Vec<&Resource> =
        order.iter().map(|&i| &file.sub_resources[i]).chain(std::iter::once(&file.main)).collect();
    let mut needed: Vec<&str> = Vec::new();
    for r in &all {
        for (name, v) in &r.properties {
            collect_node_path_strings(v, &mut needed);
            needed.push(name);
        }
    }
    for s in needed {
        if !string_index.contains_key(s) {
            string_index.insert(s, strings.len() as u32);
            strings.push(s);
        }
    }
    w.u32(strings.len() as u32);
    for s in &strings {
        w.ustring(s);
    }
    let uids = b.version >= 4 && flags & FLAG_UIDS != 0;
    w.u32(ext_order.len() as u32);
    let mut ext_index = std::collections::HashMap::new();
    for (pos, &i) in ext_order.iter().enumerate() {
        let e = &file.ext_resources[i];
        w.ustring(&e.class);
        w.ustring(&e.path);
        if uids {
            w.u64(e.uid.as_deref().and_then(uid_from_text).unwrap_or(-1) as u64);
        }
        ext_index.insert(e.id.as_str(), pos as u32);
    }
    w.u32(all.len() as u32);
    let mut int_index = std::collections::HashMap::new();
    let mut offsets = Vec::with_capacity(all.len());
    for (pos, r) in all.iter().enumerate() {
        let is_main = pos + 1 == all.len();
        if is_main {
            w.ustring(&b.main_path);
        } else {
            w.ustring(&format!("local://{}", r.id));
            let n = if b.version >= 4 && flags & FLAG_NAMED_SCENE_IDS != 0 {
                pos as u32
            } else {
                r.id.parse::<u32>()
                    .map_err(|_| Error::invalid("a Godot 3 sub-resource id that is not a number", None))?
            };
            int_index.insert(r.id.as_str(), n);
        }
        offsets.push(w.out.len());
        w.u64(0);
    }
    let out = Out { version: b.version, real64: b.real_is_double(), string_index, ext_index, int_index };
    for (pos, r) in all.iter().enumerate() {
        let at = w.out.len() as u64 - if b.compressed.is_some() { 4 } else { 0 };
        let slot = offsets[pos];
        let bytes = if b.big_endian { at.to_be_bytes() } else { at.to_le_bytes() };
        w.out[slot..slot + 8].copy_from_slice(&bytes);
        w.ustring(&r.class);
        w.u32(r.properties.len() as u32);
        for (name, v) in &r.properties {
            w.u32(out.string_index[name.as_str()]);
            crate::value::with_stack_for(v, || out.value(&mut w, v))?;
        }
    }
    w.out.extend_from_slice(MAGIC);
    Ok(w.out)
}

/// The NodePath parts inside a value (the saver puts them in the string table as it meets them).
fn collect_node_path_strings<'v>(v: &'v Variant, out: &mut Vec<&'v str>) {
    each_value(v, |v| {
        if let Variant::NodePath(p) = v {
            out.extend(p.names.iter().map(String::as_str));
            out.extend(p.subnames.iter().map(String::as_str));
        }
    });
}
