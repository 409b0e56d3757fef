//! Binary resources (`RSRC`, the engines' `ResourceFormatLoaderBinary` / `ResourceFormatSaverBinary`): read
//! into the model, written back by the savers' rules.
//!
//! Layout: `RSRC`; the endianness word (1 = big-endian, every later number in that order); the "64-bit" word;
//! the engine's major and minor version; the format version; the main resource's class; the import
//! metadata offset (u64). Format version 4 and later then hold the flags (u32), the UID (u64) and, with flag 8,
//! the script class; then 11 reserved words (14 before version 4). Then the string table, the external
//! resources (class, path and, with UIDs, the UID), the internal resources (path `local://ID` and the offset
//! of its data), each internal resource's data (class, property count, then name index and value for each),
//! and `RSRC` again. Strings are a u32 length that counts a closing NUL, then the UTF-8 bytes and the NUL.
//!
//! Values carry the resource format's own type ids (not the Variant ids). Engine quirks kept: in a
//! big-endian file the savers write the elements of packed numeric arrays big-endian, but the loaders take
//! them as they lie (little-endian on every platform the engines run on), so those elements are read and
//! written little-endian here, as the engine loads them; a `Color` is four f32 in Godot 4 whatever `real_t`
//! is.

use super::model::*;
use crate::error::{Error, ErrorKind, Result};
use crate::markers::*;
use crate::value::{Array, Dictionary, Object, Variant};
use crate::wire;

// The resource format's value type ids (numbered apart from the Variant ids).
const NIL: u32 = 1;
const BOOL: u32 = 2;
const INT: u32 = 3;
const FLOAT: u32 = 4;
const STRING: u32 = 5;
const VECTOR2: u32 = 10;
const RECT2: u32 = 11;
const VECTOR3: u32 = 12;
const PLANE: u32 = 13;
const QUATERNION: u32 = 14;
const AABB: u32 = 15;
const BASIS: u32 = 16;
const TRANSFORM3D: u32 = 17;
const TRANSFORM2D: u32 = 18;
const COLOR: u32 = 20;
const IMAGE: u32 = 21;
const NODE_PATH: u32 = 22;
const RID: u32 = 23;
const OBJECT: u32 = 24;
const INPUT_EVENT: u32 = 25;
const DICTIONARY: u32 = 26;
const ARRAY: u32 = 30;
const PACKED_BYTE: u32 = 31;
const PACKED_INT32: u32 = 32;
const PACKED_FLOAT32: u32 = 33;
const PACKED_STRING: u32 = 34;
const PACKED_VECTOR3: u32 = 35;
const PACKED_COLOR: u32 = 36;
const PACKED_VECTOR2: u32 = 37;
const INT64: u32 = 40;
const DOUBLE: u32 = 41;
// Godot 4 (format version 4 and later).
const CALLABLE: u32 = 42;
const SIGNAL: u32 = 43;
const STRING_NAME: u32 = 44;
const VECTOR2I: u32 = 45;
const RECT2I: u32 = 46;
const VECTOR3I: u32 = 47;
const PACKED_INT64: u32 = 48;
const PACKED_FLOAT64: u32 = 49;
const VECTOR4: u32 = 50;
const VECTOR4I: u32 = 51;
const PROJECTION: u32 = 52;
const PACKED_VECTOR4: u32 = 53;
// Pandemonium (format version 3, ids past Godot 3's).
const P_VECTOR2I: u32 = 42;
const P_RECT2I: u32 = 43;
const P_VECTOR3I: u32 = 44;
const P_PACKED_VECTOR3I: u32 = 45;
const P_PACKED_VECTOR2I: u32 = 46;
const P_STRING_NAME: u32 = 47;
const P_VECTOR4: u32 = 48;
const P_VECTOR4I: u32 = 49;
const P_PROJECTION: u32 = 50;
const P_PACKED_VECTOR4: u32 = 51;
const P_PACKED_VECTOR4I: u32 = 52;

const OBJECT_EMPTY: u32 = 0;
const OBJECT_EXTERNAL_RESOURCE: u32 = 1;
const OBJECT_INTERNAL_RESOURCE: u32 = 2;
const OBJECT_EXTERNAL_RESOURCE_INDEX: u32 = 3;

/// The newest format version read (Godot 4.3+ writes 6).
const NEWEST: u32 = 6;

pub(super) const MAGIC: &[u8; 4] = b"RSRC";

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
            STRING => Variant::String(r.ustring()?),
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
                    out.push(r.ustring()?);
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
                STRING_NAME => Variant::StringName(StringName(r.ustring()?)),
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
                P_STRING_NAME => Variant::StringName(StringName(r.ustring()?)),
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
                    (REF_PATH.to_owned(), Variant::String(path)),
                    (OLD_TYPE.to_owned(), Variant::String(class)),
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

/// The property naming the class of an old-style inline external reference (`OBJECT_EXTERNAL_RESOURCE`).
pub(super) const OLD_TYPE: &str = "type";

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
pub(super) fn read(bytes: &[u8], compressed: Option<(u32, u32)>, max_depth: usize) -> Result<ResourceFile> {
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
    })
}

// ---------------------------------------------------------------------------------------------------------
// Writing.

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
pub(super) fn write(file: &ResourceFile, b: &BinaryFormat, order: &[usize], ext_order: &[usize]) -> Result<Vec<u8>> {
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
