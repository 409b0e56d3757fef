//! Reading an `RSRC` file into the model.

use super::ids::*;
use crate::error::{Error, ErrorKind, Result};
use crate::io::resource::model::*;
use crate::markers::*;
use crate::value::{Array, Dictionary, Object, Variant};
use crate::wire;

fn eof(at: usize, needed: usize) -> Error {
    Error::at(ErrorKind::UnexpectedEof { needed }, at)
}

fn invalid(what: &'static str, at: usize) -> Error {
    Error::invalid(what, Some(at))
}

struct Reader<'a> {
    b: &'a [u8],
    pos: usize,
    be: bool,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.b.len());
        match end {
            Some(end) => {
                let s = &self.b[self.pos..end];
                self.pos = end;
                Ok(s)
            }
            None => Err(eof(self.pos, n - (self.b.len() - self.pos.min(self.b.len())))),
        }
    }

    fn left(&self) -> usize {
        self.b.len().saturating_sub(self.pos)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    fn u16(&mut self) -> Result<u16> {
        Ok(wire::u16_in(self.array()?, self.be))
    }

    fn u32(&mut self) -> Result<u32> {
        Ok(wire::u32_in(self.array()?, self.be))
    }

    fn u64(&mut self) -> Result<u64> {
        Ok(wire::u64_in(self.array()?, self.be))
    }

    fn f32(&mut self) -> Result<f32> {
        self.u32().map(f32::from_bits)
    }

    fn f64(&mut self) -> Result<f64> {
        self.u64().map(f64::from_bits)
    }

    /// A count of items of at least `min` bytes each, checked against what is left.
    fn count(&mut self, min: usize) -> Result<usize> {
        let at = self.pos;
        let n = self.u32()? as usize;
        if n.saturating_mul(min.max(1)) > self.left() {
            return Err(Error::at(ErrorKind::InvalidLength { value: n as u64 }, at));
        }
        Ok(n)
    }

    /// A string: u32 length (with the closing NUL), the bytes. Read up to the first NUL, as the engine does.
    fn ustring(&mut self) -> Result<String> {
        let at = self.pos;
        let n = self.u32()? as usize;
        if n > self.left() {
            return Err(Error::at(ErrorKind::InvalidLength { value: n as u64 }, at));
        }
        let bytes = self.take(n)?;
        let end = bytes.iter().position(|&c| c == 0).unwrap_or(bytes.len());
        std::str::from_utf8(&bytes[..end]).map(str::to_owned).map_err(|_| Error::at(ErrorKind::InvalidUtf8, at + 4))
    }

    fn pad(&mut self, len: usize) -> Result<()> {
        let extra = (4 - len % 4) % 4;
        self.take(extra).map(|_| ())
    }
}

/// What the reader needs to know about the file while reading values.
struct Ctx<'s> {
    version: u32,
    /// Internal references are table positions (format version 4 and later with named scene ids), not
    /// Godot 3's sub-resource numbers.
    named: bool,
    real64: bool,
    strings: &'s [String],
    /// External resource ids by position.
    ext_ids: &'s [String],
    /// Internal resource ids by position (format version 4 and later refer to them so).
    int_ids: &'s [String],
    max_depth: usize,
    /// Bytes the string table may still lend out as copies (property names, NodePath parts): a 4-byte
    /// index can name a long string, so the copies are bounded by a multiple of the input instead.
    lend: std::cell::Cell<usize>,
}

impl Ctx<'_> {
    fn godot4(&self) -> bool {
        self.version >= 4
    }

    /// A copy of string `idx` of the table, charged to the budget (`at`: where the index was read).
    fn table_string(&self, idx: u32, at: usize, past: &'static str) -> Result<String> {
        let s = self.strings.get(idx as usize).ok_or_else(|| invalid(past, at))?;
        let left = self.lend.get().checked_sub(s.len()).ok_or_else(|| {
            invalid("the string table's strings are named more often than the file's size allows", at)
        })?;
        self.lend.set(left);
        Ok(s.clone())
    }
}

/// How many bytes of copies of the string table a file of `len` bytes may make (engine-written files use
/// each name once per resource that stores it, far below this).
fn lend_budget(len: usize) -> usize {
    len.saturating_mul(8).saturating_add(1 << 16)
}

/// A container being read.
enum Frame {
    Array { a: Vec<Variant>, left: usize },
    Dict { d: crate::codec::DictBuilder, key: Option<Variant>, left: usize },
}

fn real(r: &mut Reader<'_>, c: &Ctx<'_>) -> Result<f64> {
    if c.real64 {
        r.f64()
    } else {
        r.f32().map(f64::from)
    }
}

fn reals<T: Reals>(r: &mut Reader<'_>, c: &Ctx<'_>) -> Result<T> {
    let mut v = [0f64; 16];
    for x in v.iter_mut().take(T::N) {
        *x = real(r, c)?;
    }
    Ok(T::from_reals(&v[..T::N]))
}

/// A packed array's elements: a u32 count, then `count * per` words of `width` bytes, taken as they lie
/// (little-endian: see the module's notes).
fn packed_words<'a>(r: &mut Reader<'a>, per: usize, width: usize) -> Result<&'a [u8]> {
    let at = r.pos;
    let n = r.u32()? as usize;
    let len = n.checked_mul(per).and_then(|x| x.checked_mul(width));
    match len {
        Some(len) if len <= r.left() => r.take(len),
        _ => Err(Error::at(ErrorKind::InvalidLength { value: n as u64 }, at)),
    }
}

fn le_u32s(b: &[u8]) -> impl Iterator<Item = u32> + '_ {
    b.chunks_exact(4).map(|c| wire::u32_in([c[0], c[1], c[2], c[3]], false))
}

fn le_u64s(b: &[u8]) -> impl Iterator<Item = u64> + '_ {
    b.chunks_exact(8).map(|c| {
        let mut a = [0u8; 8];
        a.copy_from_slice(c);
        wire::u64_in(a, false)
    })
}

fn le_f32s(b: &[u8]) -> impl Iterator<Item = f32> + '_ {
    le_u32s(b).map(f32::from_bits)
}

fn le_i32s(b: &[u8]) -> impl Iterator<Item = i32> + '_ {
    le_u32s(b).map(|x| x as i32)
}

fn le_f64s(b: &[u8]) -> impl Iterator<Item = f64> + '_ {
    le_u64s(b).map(f64::from_bits)
}

/// Packed reals (`real_t`): f32 or f64 by the file's flag.
fn packed_reals<T: Reals>(r: &mut Reader<'_>, c: &Ctx<'_>) -> Result<Vec<T>> {
    let width = if c.real64 { 8 } else { 4 };
    let b = packed_words(r, T::N, width)?;
    let flat: Vec<f64> = if c.real64 { le_f64s(b).collect() } else { le_f32s(b).map(f64::from).collect() };
    Ok(flat.chunks_exact(T::N).map(T::from_reals).collect())
}

fn string_ref(r: &mut Reader<'_>, c: &Ctx<'_>) -> Result<String> {
    let at = r.pos;
    let id = r.u32()?;
    if id & 0x8000_0000 != 0 {
        let len = (id & 0x7fff_ffff) as usize;
        if len > r.left() {
            return Err(Error::at(ErrorKind::InvalidLength { value: len as u64 }, at));
        }
        let bytes = r.take(len)?;
        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        return std::str::from_utf8(&bytes[..end])
            .map(str::to_owned)
            .map_err(|_| Error::at(ErrorKind::InvalidUtf8, at));
    }
    c.table_string(id, at, "string index past the string table")
}

/// One value, containers on an explicit stack.
fn value(r: &mut Reader<'_>, c: &Ctx<'_>) -> Result<Variant> {
    let mut stack: Vec<Frame> = Vec::new();
    loop {
        let at = r.pos;
        let ty = r.u32()?;
        let mut v = match ty {
            NIL => Variant::Nil,
            BOOL => Variant::Bool(r.u32()? != 0),
            INT => Variant::Int(i64::from(r.u32()? as i32)),
            INT64 => Variant::Int(r.u64()? as i64),
            FLOAT => Variant::Float(real(r, c)?),
            DOUBLE => Variant::Float(r.f64()?),
            STRING => Variant::String(r.ustring()?.into()),
            VECTOR2 => Variant::Vector2(reals(r, c)?),
            RECT2 => Variant::Rect2(reals(r, c)?),
            VECTOR3 => Variant::Vector3(reals(r, c)?),
            PLANE => Variant::Plane(reals(r, c)?),
            QUATERNION => Variant::Quaternion(reals(r, c)?),
            AABB => Variant::Aabb(Box::new(reals(r, c)?)),
            BASIS => Variant::Basis(Box::new(reals(r, c)?)),
            TRANSFORM3D => Variant::Transform3D(Box::new(reals(r, c)?)),
            TRANSFORM2D => Variant::Transform2D(Box::new(reals(r, c)?)),
            COLOR => {
                let mut x = [0f32; 4];
                for e in &mut x {
                    *e = if c.godot4() { r.f32()? } else { real(r, c)? as f32 };
                }
                Variant::Color(Color::new(x[0], x[1], x[2], x[3]))
            }
            NODE_PATH => {
                let names = r.u16()? as usize;
                let raw = r.u16()?;
                let absolute = raw & 0x8000 != 0;
                let mut subs = (raw & 0x7fff) as usize;
                let old = c.version < 3;
                if old {
                    subs += 1;
                }
                let mut np = NodePath { absolute, ..Default::default() };
                for _ in 0..names {
                    np.names.push(string_ref(r, c)?);
                }
                for _ in 0..subs {
                    np.subnames.push(string_ref(r, c)?);
                }
                if old {
                    np.property = np.subnames.pop().filter(|p| !p.is_empty());
                }
                Variant::NodePath(Box::new(np))
            }
            RID => Variant::Rid(Rid(u64::from(r.u32()?))),
            OBJECT => object(r, c, at)?,
            DICTIONARY => {
                let n = (r.u32()? & 0x7fff_ffff) as usize;
                if n.saturating_mul(8) > r.left() {
                    return Err(Error::at(ErrorKind::InvalidLength { value: n as u64 }, at + 4));
                }
                if n == 0 {
                    Variant::from(Dictionary::default())
                } else {
                    if stack.len() >= c.max_depth {
                        return Err(Error::at(ErrorKind::TooDeep { max: c.max_depth }, at));
                    }
                    let d = crate::codec::DictBuilder::with_capacity(n.min(1024), crate::Dialect::Godot4_6);
                    stack.push(Frame::Dict { d, key: None, left: n });
                    continue;
                }
            }
            ARRAY => {
                let n = (r.u32()? & 0x7fff_ffff) as usize;
                if n.saturating_mul(4) > r.left() {
                    return Err(Error::at(ErrorKind::InvalidLength { value: n as u64 }, at + 4));
                }
                if n == 0 {
                    Variant::from(Array::default())
                } else {
                    if stack.len() >= c.max_depth {
                        return Err(Error::at(ErrorKind::TooDeep { max: c.max_depth }, at));
                    }
                    stack.push(Frame::Array { a: Vec::with_capacity(n.min(1024)), left: n });
                    continue;
                }
            }
            PACKED_BYTE => {
                let b = packed_words(r, 1, 1)?.to_vec();
                r.pad(b.len())?;
                Variant::PackedByteArray(b)
            }
            PACKED_INT32 => Variant::PackedInt32Array(le_i32s(packed_words(r, 1, 4)?).collect()),
            PACKED_FLOAT32 => Variant::PackedFloat32Array(le_f32s(packed_words(r, 1, 4)?).collect()),
            PACKED_STRING => {
                let n = r.count(4)?;
                let mut out = Vec::with_capacity(n.min(1024));
                for _ in 0..n {
                    out.push(r.ustring()?.into());
                }
                Variant::PackedStringArray(out)
            }
            PACKED_VECTOR2 => Variant::PackedVector2Array(packed_reals(r, c)?),
            PACKED_VECTOR3 => Variant::PackedVector3Array(packed_reals(r, c)?),
            PACKED_COLOR => {
                let flat: Vec<f32> = le_f32s(packed_words(r, 4, 4)?).collect();
                Variant::PackedColorArray(flat.chunks_exact(4).map(|x| Color::new(x[0], x[1], x[2], x[3])).collect())
            }
            IMAGE if c.version < 3 => godot2_image(r, at)?,
            INPUT_EVENT => return Err(invalid("a Godot 2 InputEvent in a resource is not read", at)),
            t if c.godot4() => match t {
                CALLABLE => Variant::Callable,
                SIGNAL => Variant::Signal(Default::default()),
                STRING_NAME => Variant::StringName(StringName(r.ustring()?.into())),
                VECTOR2I => {
                    let (x, y) = (r.u32()? as i32, r.u32()? as i32);
                    Variant::Vector2i(Vector2i::new(x, y))
                }
                RECT2I => {
                    let v: Vec<i32> = (0..4).map(|_| r.u32().map(|x| x as i32)).collect::<Result<_>>()?;
                    Variant::Rect2i(Rect2i::new(Vector2i::new(v[0], v[1]), Vector2i::new(v[2], v[3])))
                }
                VECTOR3I => {
                    let v: Vec<i32> = (0..3).map(|_| r.u32().map(|x| x as i32)).collect::<Result<_>>()?;
                    Variant::Vector3i(Vector3i::new(v[0], v[1], v[2]))
                }
                VECTOR4I => {
                    let v: Vec<i32> = (0..4).map(|_| r.u32().map(|x| x as i32)).collect::<Result<_>>()?;
                    Variant::Vector4i(Vector4i::new(v[0], v[1], v[2], v[3]))
                }
                VECTOR4 => Variant::Vector4(reals(r, c)?),
                PROJECTION => Variant::Projection(Box::new(reals(r, c)?)),
                PACKED_INT64 => Variant::PackedInt64Array(le_u64s(packed_words(r, 1, 8)?).map(|x| x as i64).collect()),
                PACKED_FLOAT64 => Variant::PackedFloat64Array(le_f64s(packed_words(r, 1, 8)?).collect()),
                PACKED_VECTOR4 => Variant::PackedVector4Array(packed_reals(r, c)?),
                _ => return Err(invalid("unknown value type id in a binary resource", at)),
            },
            t => match t {
                P_VECTOR2I => {
                    let (x, y) = (r.u32()? as i32, r.u32()? as i32);
                    Variant::Vector2i(Vector2i::new(x, y))
                }
                P_RECT2I => {
                    let v: Vec<i32> = (0..4).map(|_| r.u32().map(|x| x as i32)).collect::<Result<_>>()?;
                    Variant::Rect2i(Rect2i::new(Vector2i::new(v[0], v[1]), Vector2i::new(v[2], v[3])))
                }
                P_VECTOR3I => {
                    let v: Vec<i32> = (0..3).map(|_| r.u32().map(|x| x as i32)).collect::<Result<_>>()?;
                    Variant::Vector3i(Vector3i::new(v[0], v[1], v[2]))
                }
                P_VECTOR4I => {
                    let v: Vec<i32> = (0..4).map(|_| r.u32().map(|x| x as i32)).collect::<Result<_>>()?;
                    Variant::Vector4i(Vector4i::new(v[0], v[1], v[2], v[3]))
                }
                P_STRING_NAME => Variant::StringName(StringName(r.ustring()?.into())),
                P_VECTOR4 => Variant::Vector4(reals(r, c)?),
                P_PROJECTION => Variant::Projection(Box::new(reals(r, c)?)),
                P_PACKED_VECTOR2I => {
                    let v: Vec<i32> = le_i32s(packed_words(r, 2, 4)?).collect();
                    Variant::PackedVector2iArray(v.chunks_exact(2).map(|x| Vector2i::new(x[0], x[1])).collect())
                }
                P_PACKED_VECTOR3I => {
                    let v: Vec<i32> = le_i32s(packed_words(r, 3, 4)?).collect();
                    Variant::PackedVector3iArray(v.chunks_exact(3).map(|x| Vector3i::new(x[0], x[1], x[2])).collect())
                }
                P_PACKED_VECTOR4 => Variant::PackedVector4Array(packed_reals(r, c)?),
                P_PACKED_VECTOR4I => {
                    let v: Vec<i32> = le_i32s(packed_words(r, 4, 4)?).collect();
                    Variant::PackedVector4iArray(
                        v.chunks_exact(4).map(|x| Vector4i::new(x[0], x[1], x[2], x[3])).collect(),
                    )
                }
                _ => return Err(invalid("unknown value type id in a binary resource", at)),
            },
        };
        // Feed the value to the containers it completes.
        loop {
            match stack.last_mut() {
                None => return Ok(v),
                Some(Frame::Array { a, left }) => {
                    a.push(v);
                    *left -= 1;
                    if *left > 0 {
                        break;
                    }
                    let Some(Frame::Array { a, .. }) = stack.pop() else { unreachable!() };
                    v = Variant::from(a);
                }
                Some(Frame::Dict { key: key @ None, .. }) => {
                    *key = Some(v);
                    break;
                }
                Some(Frame::Dict { d, key, left }) => {
                    d.insert(key.take().unwrap_or_default(), v);
                    *left -= 1;
                    if *left > 0 {
                        break;
                    }
                    let Some(Frame::Dict { d, .. }) = stack.pop() else { unreachable!() };
                    v = Variant::from(Dictionary { entries: d.finish(), ..Default::default() });
                }
            }
        }
    }
}

fn object(r: &mut Reader<'_>, c: &Ctx<'_>, at: usize) -> Result<Variant> {
    let kind = r.u32()?;
    Ok(match kind {
        OBJECT_EMPTY => Variant::from(Object::Null),
        OBJECT_INTERNAL_RESOURCE => {
            let i = r.u32()?;
            let id = if c.named {
                c.int_ids
                    .get(i as usize)
                    .cloned()
                    .ok_or_else(|| invalid("internal resource index past the table", at))?
            } else {
                // Godot 3 names the sub-resource by its number (`local://N`).
                i.to_string()
            };
            Reference::Sub(id).to_variant()
        }
        OBJECT_EXTERNAL_RESOURCE => {
            let class = r.ustring()?;
            let path = r.ustring()?;
            Variant::from(Object::Full {
                class: EXT_RESOURCE.to_owned(),
                properties: vec![
                    (REF_PATH.to_owned(), Variant::String(path.into())),
                    (OLD_TYPE.to_owned(), Variant::String(class.into())),
                ],
            })
        }
        OBJECT_EXTERNAL_RESOURCE_INDEX => {
            let i = r.u32()?;
            match c.ext_ids.get(i as usize) {
                Some(id) => Reference::Ext(id.clone()).to_variant(),
                // The engine loads a broken index as null.
                None => return Err(invalid("external resource index past the table", at)),
            }
        }
        _ => return Err(invalid("unknown object kind in a binary resource", at)),
    })
}

fn godot2_image(r: &mut Reader<'_>, at: usize) -> Result<Variant> {
    let encoding = r.u32()?;
    match encoding {
        0 => Ok(Variant::Image(Box::default())),
        1 => {
            let width = r.u32()?;
            let height = r.u32()?;
            let mipmaps = r.u32()?;
            let format = r.u32()?;
            let data = packed_words(r, 1, 1)?.to_vec();
            r.pad(data.len())?;
            Ok(Variant::Image(Box::new(Image { width, height, mipmaps, format, data })))
        }
        _ => Err(invalid("a compressed Godot 2 Image in a resource is not read", at)),
    }
}

/// Reads an `RSRC` file (the bytes after decompression, for `RSCC`). `compressed`: the RSCC mode and block
/// size, kept in the model.
pub(crate) fn read(bytes: &[u8], compressed: Option<(u32, u32)>, max_depth: usize) -> Result<ResourceFile> {
    if bytes.get(..4) != Some(MAGIC) {
        return Err(invalid("not a binary resource (no RSRC)", 0));
    }
    let mut r = Reader { b: bytes, pos: 4, be: false };
    let big_endian = r.u32()? != 0;
    r.be = big_endian;
    let use_real64 = r.u32()? != 0;
    let engine_major = r.u32()?;
    let engine_minor = r.u32()?;
    let version_at = r.pos;
    let version = r.u32()?;
    if version == 0 || version > NEWEST {
        return Err(invalid("binary resource format version not read (1 to 6 are)", version_at));
    }
    let class = r.ustring()?;
    let import_metadata_offset = r.u64()?;
    let (mut flags, mut uid, mut script_class) = (0, None, None);
    let reserved_count = if version >= 4 {
        flags = r.u32()?;
        let raw = r.u64()? as i64;
        if flags & FLAG_UIDS != 0 {
            uid = uid_to_text(raw);
        }
        if flags & FLAG_HAS_SCRIPT_CLASS != 0 {
            script_class = Some(r.ustring()?);
        }
        11
    } else {
        14
    };
    let mut reserved = Vec::with_capacity(reserved_count);
    for _ in 0..reserved_count {
        reserved.push(r.u32()?);
    }
    let n = r.count(4)?;
    let mut strings = Vec::with_capacity(n.min(4096));
    for _ in 0..n {
        strings.push(r.ustring()?);
    }
    let n = r.count(8)?;
    let mut ext_resources = Vec::with_capacity(n.min(4096));
    for i in 0..n {
        let class = r.ustring()?;
        let path = r.ustring()?;
        let uid = if version >= 4 && flags & FLAG_UIDS != 0 { uid_to_text(r.u64()? as i64) } else { None };
        ext_resources.push(ExtResource { class, path, id: (i + 1).to_string(), uid });
    }
    let table_at = r.pos;
    let n = r.count(12)?;
    if n == 0 {
        return Err(invalid("a binary resource with no internal resource (no main resource)", table_at));
    }
    let mut table = Vec::with_capacity(n.min(4096));
    for _ in 0..n {
        let path = r.ustring()?;
        let offset_at = r.pos;
        let offset = r.u64()?;
        table.push((path, offset, offset_at));
    }
    let int_ids: Vec<String> = table.iter().map(|(p, ..)| p.strip_prefix("local://").unwrap_or(p).to_owned()).collect();
    let ext_ids: Vec<String> = ext_resources.iter().map(|e| e.id.clone()).collect();
    let ctx = Ctx {
        version,
        named: version >= 4 && flags & FLAG_NAMED_SCENE_IDS != 0,
        real64: version >= 4 && flags & FLAG_REAL_T_IS_DOUBLE != 0,
        strings: &strings,
        ext_ids: &ext_ids,
        int_ids: &int_ids,
        max_depth,
        lend: std::cell::Cell::new(lend_budget(bytes.len())),
    };
    // The resources' data is read in the order it lies in the file, each from its offset, and no two may
    // share bytes: every byte of the input is read once, so memory and time stay linear in its size.
    let mut by_offset: Vec<usize> = (0..table.len()).collect();
    by_offset.sort_by_key(|&i| table[i].1);
    let mut floor = r.pos;
    let mut read: Vec<Option<Resource>> = vec![None; table.len()];
    for i in by_offset {
        let (_, offset, offset_at) = &table[i];
        // In a compressed file the offsets count from after the RSCC header, where the payload (without
        // the RSRC magic, which the reader puts back in front) starts.
        let shift = if compressed.is_some() { 4 } else { 0 };
        let at = usize::try_from(*offset).ok().and_then(|o| o.checked_add(shift)).filter(|&o| o < bytes.len());
        let Some(at) = at else {
            return Err(invalid("internal resource offset past the end of the file", *offset_at));
        };
        if at < floor {
            return Err(invalid("internal resource offset inside the tables or another resource's data", *offset_at));
        }
        r.pos = at;
        let class = r.ustring()?;
        let count = r.count(8)?;
        let mut properties = Vec::with_capacity(count.min(1024));
        for _ in 0..count {
            let name_at = r.pos;
            let name = ctx.table_string(r.u32()?, name_at, "property name past the string table")?;
            if name.is_empty() {
                return Err(invalid("a property with an empty name", name_at));
            }
            properties.push((name, value(&mut r, &ctx)?));
        }
        read[i] = Some(Resource { class, id: int_ids[i].clone(), properties });
        floor = r.pos;
    }
    let mut resources: Vec<Resource> = read.into_iter().flatten().collect();
    let mut main = resources.pop().unwrap_or_else(|| unreachable!("the table is not empty"));
    let main_path = table.last().map(|(p, ..)| p.clone()).unwrap_or_default();
    main.id = String::new();
    if main.class != class {
        // The header's class is what the engine reports before loading; the data's is what it makes.
        return Err(invalid("the header's class is not the main resource's", 24));
    }
    Ok(ResourceFile {
        format: Format::Binary(BinaryFormat {
            big_endian,
            use_real64,
            engine_major,
            engine_minor,
            version,
            flags,
            import_metadata_offset,
            strings,
            main_path,
            compressed,
            reserved,
        }),
        script_class,
        uid,
        ext_resources,
        sub_resources: resources,
        main,
        original: None,
        text_forms: Vec::new(),
        blank_empty_dictionary: false,
    })
}
