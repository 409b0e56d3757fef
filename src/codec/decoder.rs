//! The [`Decoder`]: the reads of every value that holds no others, and the heads of containers.

use crate::config::check_depth;
use crate::config::{Config, Dialect, Family};
use crate::error::{Error, ErrorKind, Result};
use crate::markers::*;
use crate::types::TypeKind;
use crate::value::*;
use crate::wire::*;

use super::admit::AdmitRule;
use super::dict::{key_bit, text_mix};

/// Godot 2.1 `Image::FORMAT_MAX`.
const GODOT2_IMAGE_FORMATS: u32 = 23;

/// How a real of a math type is stored in memory for this config (see `markers` docs).
#[derive(Clone, Copy)]
struct RealMode {
    /// The wire may say f64 with the header flag (Godot 4).
    flag_allowed: bool,
    /// `real_t` is f64.
    double: bool,
}

impl RealMode {
    /// Turns a wire f32 into the stored f64.
    #[inline]
    fn stored_from_f32(self, x: f32) -> f64 {
        if self.double {
            widen_like_engine(x)
        } else {
            widen_exact(x)
        }
    }

    /// Turns a wire f64 into the stored f64.
    #[inline]
    fn stored_from_f64(self, x: f64) -> f64 {
        if self.double {
            x
        } else {
            widen_exact(narrow_like_engine(x))
        }
    }
}

/// Decodes values from a byte slice.
pub(crate) struct Decoder<'a, 'c> {
    pub(crate) r: Reader<'a>,
    cfg: &'c Config,
    pub(super) d: Dialect,
    /// `d.table()`: type id -> kind, looked up once.
    table: &'static [TypeKind],
    godot2: bool,
    real: RealMode,
    utf8: Utf8Rule,
    /// Bytes promised to the not-yet-started element slots of the open containers (every slot, a value or
    /// an object property's name, takes at least 4 bytes). A new count must fit in what is left after
    /// them, so the capacity reserved by all open containers together never exceeds the input.
    promised: usize,
}

/// What a [`Decoder`] keeps of its dialect, the same for every call: looked up per dialect in
/// [`DIALECT_READING`] rather than worked out from the dialect each time a decoder is made.
#[derive(Clone, Copy)]
struct DialectReading {
    /// `Dialect::table`.
    table: &'static [TypeKind],
    /// The dialect is Godot 2's.
    godot2: bool,
    /// `Dialect::math_flag`.
    math_flag: bool,
    /// How the dialect's engine reads a string's bytes.
    utf8: Utf8Rule,
}

impl DialectReading {
    const fn of(d: Dialect) -> Self {
        DialectReading {
            table: d.table(),
            godot2: matches!(d.family(), Family::Godot2),
            math_flag: d.math_flag(),
            utf8: match d {
                Dialect::Godot2 => Utf8Rule::Lossy,
                Dialect::Godot3 | Dialect::Pandemonium3_5 => Utf8Rule::Godot3,
                _ => Utf8Rule::Strict,
            },
        }
    }
}

/// [`DialectReading`] of every dialect (index: `Dialect as usize`), built at compile time.
static DIALECT_READING: [DialectReading; Dialect::ALL.len()] = crate::dialect::per_dialect!(DialectReading::of);

/// Whether the decoders of `a` and `b` read every input alike: the same value from the same bytes, and an
/// error from the same bytes (its message may name the dialect). They do when every fact of its dialect a
/// decoder reads is the same: the type table, the family (Godot 2 layouts, objects, admission of typed
/// containers, string-like keys), header flags, the 64-bit math flag, the string rule, a RID's payload and
/// typed arrays and dictionaries in the headers. Detection decodes once for each group of such dialects
/// (Godot 4.0 to 4.2 are one, 4.4 to 4.6 another).
pub(crate) fn reads_alike(a: Dialect, b: Dialect) -> bool {
    let (x, y) = (&DIALECT_READING[a as usize], &DIALECT_READING[b as usize]);
    std::ptr::eq(x.table, y.table)
        && x.godot2 == y.godot2
        && x.math_flag == y.math_flag
        && x.utf8 == y.utf8
        && a.family() == b.family()
        && a.has_flags() == b.has_flags()
        && a.rid_payload() == b.rid_payload()
        && a.typed_arrays() == b.typed_arrays()
        && a.typed_dictionaries() == b.typed_dictionaries()
        && a.any_typed_arrays() == b.any_typed_arrays()
}

impl<'a, 'c> Decoder<'a, 'c> {
    #[inline]
    pub(crate) fn new(bytes: &'a [u8], cfg: &'c Config) -> Self {
        let d = cfg.dialect();
        // One load of the dialect's facts (built at compile time) instead of a match per fact.
        let p = &DIALECT_READING[d as usize];
        Decoder {
            r: Reader::new(bytes),
            cfg,
            d,
            table: p.table,
            godot2: p.godot2,
            real: RealMode { flag_allowed: p.math_flag, double: cfg.double_precision() },
            promised: 0,
            utf8: p.utf8,
        }
    }

    /// Whether reals are read for a double-precision build (`Config::double_precision`, kept in the
    /// decoder: no look-up through the config).
    #[inline]
    pub(crate) fn double_precision(&self) -> bool {
        self.real.double
    }

    /// The configuration being read with.
    #[inline]
    pub(crate) fn cfg(&self) -> &'c Config {
        self.cfg
    }

    /// The dialect being read.
    pub(crate) fn dialect(&self) -> Dialect {
        self.d
    }

    /// A value's header: its kind and flag bits. A plain one (not Godot 2, a known type id) is read here,
    /// without the error path's `Result` of [`Decoder::header`], which is slower to hand back.
    #[inline(always)]
    pub(crate) fn value_header(&mut self) -> Result<(TypeKind, u32)> {
        if !self.godot2 {
            if let Some(b) = self.r.rest().first_chunk::<4>() {
                let h = u32::from_le_bytes(*b);
                if let Some(&k) = self.table.get((h & TYPE_MASK) as usize) {
                    self.r.skip_lenient(4);
                    return Ok((k, h & 0xFFFF_0000));
                }
            }
        }
        let (kind, flags, _) = self.header()?;
        Ok((kind, flags))
    }

    /// The next value's header as [`Decoder::value_header`] reads a plain one, not read; `None` for any other.
    #[inline(always)]
    pub(super) fn peek_header(&self) -> Option<(TypeKind, u32)> {
        if self.godot2 {
            return None;
        }
        let h = u32::from_le_bytes(*self.r.rest().first_chunk::<4>()?);
        let k = *self.table.get((h & TYPE_MASK) as usize)?;
        Some((k, h & 0xFFFF_0000))
    }

    /// The next `N` bytes, read in place; short input goes to [`Reader::array`] for its error.
    #[inline(always)]
    fn bytes<const N: usize>(&mut self) -> Result<[u8; N]> {
        match self.r.rest().first_chunk::<N>() {
            Some(&b) => {
                self.r.skip_lenient(N);
                Ok(b)
            }
            None => self.r.array::<N>(),
        }
    }

    /// Reads a header: returns (kind, flags, offset of the header).
    pub(crate) fn header(&mut self) -> Result<(TypeKind, u32, usize)> {
        let at = self.r.pos();
        let h = self.r.u32()?;
        let d = self.d;
        if self.godot2 {
            // Godot 2 compares the whole header with VARIANT_MAX.
            return match d.type_kind(h) {
                Some(k) => Ok((k, 0, at)),
                None if h < 256 => Err(Error::at(ErrorKind::UnknownType { id: h, dialect: d }, at)),
                None => Err(Error::at(ErrorKind::InvalidHeader { header: h, dialect: d }, at)),
            };
        }
        // Godot 3, 4 and Pandemonium read the type from the low byte only (bits 8-15 are ignored, seen on
        // 3.2.3, 3.6 and 4.6) and ignore flag bits a type does not use.
        let id = h & TYPE_MASK;
        match self.table.get(id as usize) {
            Some(&k) => Ok((k, h & 0xFFFF_0000, at)),
            None => Err(Error::at(ErrorKind::UnknownType { id, dialect: d }, at)),
        }
    }

    /// A string field as owned text: [`Decoder::text`], else (errors included) [`Decoder::str_cow`].
    pub(super) fn string(&mut self) -> Result<String> {
        match self.text() {
            Some(s) => Ok(s.to_owned()),
            None => self.str_cow().map(|c| c.into_owned()),
        }
    }

    /// [`Decoder::string`] as a [`GString`]: a short text is kept inline, without an allocation.
    pub(super) fn gstring(&mut self) -> Result<GString> {
        match self.text() {
            Some(s) => Ok(GString::from(s)),
            None => self.str_cow().map(GString::from),
        }
    }

    /// A string field whose text is valid UTF-8 once cut as every engine cuts it (at the first NUL inside
    /// the declared length, then past a leading byte order mark: [`godot_str`]'s rule), borrowed from the
    /// input; not Godot 2. `None`, with nothing read, for anything else: [`Decoder::str_cow`] then reads it
    /// (its errors, its other UTF-8 rules). One pass for the NUL, one for UTF-8, the length read in place.
    #[inline(always)]
    fn text(&mut self) -> Option<&'a str> {
        let (b, padded) = self.string_field()?;
        let t = if padded_has_nul(padded, b.len()) { b.split(|&c| c == 0).next().unwrap_or_default() } else { b };
        let t = t.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(t);
        let t = utf8(t)?;
        self.r.skip_lenient(4 + padded.len());
        Some(t)
    }

    /// The next string field's bytes and its bytes with their padding, not read, when they are all there
    /// (not Godot 2, which reads its own way).
    #[inline(always)]
    fn string_field(&self) -> Option<(&'a [u8], &'a [u8])> {
        if self.godot2 {
            return None;
        }
        let (head, tail) = self.r.rest().split_first_chunk::<4>()?;
        let raw = u32::from_le_bytes(*head);
        let len = raw as usize;
        let total = len + pad_len(len);
        if raw > i32::MAX as u32 || total > tail.len() {
            return None;
        }
        Some((&tail[..len], &tail[..total]))
    }

    /// A dictionary key's text, as [`Decoder::string`] reads it, with its [`key_bit`]. A key whose bytes are
    /// those of a text this decode already validated (an earlier key with the same [`text_slot`], whose text
    /// was its bytes unchanged) is copied from that text, not validated again: a dictionary's keys mostly
    /// repeat its siblings'.
    #[inline(always)]
    pub(super) fn key_string(&mut self, known: &mut [&'a str; TEXT_SLOTS]) -> Result<(GString, u64)> {
        if let Some((b, padded)) = self.string_field() {
            let mix = text_mix(b);
            let slot = (mix >> 59) as usize;
            if known[slot].as_bytes() == b {
                self.r.skip_lenient(4 + padded.len());
                return Ok((owned(known[slot]), 1 << (mix >> 58)));
            }
            if let Some(t) = self.text() {
                if t.len() == b.len() {
                    known[slot] = t;
                }
                return Ok((GString::from(t), key_bit(t)));
            }
        }
        let k = self.gstring()?;
        let bit = key_bit(&k);
        Ok((k, bit))
    }

    /// A string field that reads as its bytes (no NUL, no byte order mark, valid UTF-8; not Godot 2),
    /// borrowed from the input; `None`, with nothing read, for anything else ([`Decoder::str_cow`] then
    /// reads it, errors included). Returned in registers, not through memory as a `Result<Cow>` is.
    #[inline]
    pub(crate) fn plain_str(&mut self) -> Option<&'a str> {
        if self.godot2 {
            return None;
        }
        let mut p = self.r.clone();
        let (b, _) = p.string_bytes().ok()?;
        if has_nul(b) || b.starts_with(b"\xEF\xBB\xBF") {
            return None;
        }
        let t = utf8(b)?;
        self.r = p;
        Some(t)
    }

    /// A string field, borrowed from the input when possible.
    pub(crate) fn str_cow(&mut self) -> Result<std::borrow::Cow<'a, str>> {
        if self.d.family() == Family::Godot2 {
            // Godot 2 only checks that the bytes (not the padding) are there.
            let at = self.r.pos();
            let len = self.r.u32()?;
            if len as usize > self.r.remaining() {
                return Err(Error::at(ErrorKind::InvalidLength { value: len as u64 }, at));
            }
            let start = self.r.pos();
            let bytes = self.r.take(len as usize)?;
            self.r.skip_lenient(pad_len(len as usize));
            return godot_str(bytes, self.utf8, start);
        }
        let (bytes, start) = self.r.string_bytes()?;
        godot_str(bytes, self.utf8, start)
    }

    pub(crate) fn reals<T: Reals>(&mut self, wide: bool) -> Result<T> {
        let mut buf = [0f64; 16];
        let n = T::N;
        if wide {
            let b = self.r.take(n * 8)?;
            for (o, c) in buf[..n].iter_mut().zip(b.chunks_exact(8)) {
                *o = self.real.stored_from_f64(f64::from_le_bytes(c.try_into().unwrap()));
            }
        } else {
            let b = self.r.take(n * 4)?;
            for (o, c) in buf[..n].iter_mut().zip(b.chunks_exact(4)) {
                *o = self.real.stored_from_f32(f32::from_le_bytes(c.try_into().unwrap()));
            }
        }
        Ok(T::from_reals(&buf[..n]))
    }

    pub(crate) fn is_wide(&self, flags: u32) -> bool {
        self.real.flag_allowed && flags & FLAG_64 != 0
    }

    fn i32s<const N: usize>(&mut self) -> Result<[i32; N]> {
        let mut a = [0i32; N];
        for x in a.iter_mut() {
            *x = self.r.i32()?;
        }
        Ok(a)
    }

    pub(crate) fn color(&mut self) -> Result<Color> {
        let b = self.r.take(16)?;
        let f = |i: usize| f32::from_le_bytes(b[i * 4..i * 4 + 4].try_into().unwrap());
        Ok(Color::new(f(0), f(1), f(2), f(3)))
    }

    /// A PackedByteArray's payload (after its header), borrowed.
    pub(crate) fn packed_bytes(&mut self) -> Result<&'a [u8]> {
        let n = self.packed_count(1)?;
        let b = self.r.take(n)?;
        // Engines accept a missing final padding.
        self.r.skip_lenient(pad_len(n));
        Ok(b)
    }

    /// A PackedStringArray's count (after its header): the strings follow.
    pub(crate) fn string_array_count(&mut self) -> Result<usize> {
        // The engines read the count signed and make a negative one an empty array.
        let at = self.r.pos();
        let raw = self.r.u32()?;
        let n = if raw > i32::MAX as u32 { 0 } else { raw as usize };
        if n.saturating_mul(4) > self.r.remaining() {
            return Err(Error::at(ErrorKind::InvalidLength { value: raw as u64 }, at));
        }
        Ok(n)
    }

    /// A packed array count: Godot 3+ checks it is non-negative and that the elements fit.
    pub(crate) fn packed_count(&mut self, elem: usize) -> Result<usize> {
        self.r.count(u32::MAX, elem)
    }

    pub(crate) fn check_depth(&self, depth: usize, at: usize) -> Result<()> {
        check_depth!(self.cfg, depth, |k| Error::at(k, at));
        Ok(())
    }

    /// A value that holds no other values, written into `out`.
    #[inline(never)]
    pub(crate) fn leaf(&mut self, kind: TypeKind, flags: u32, out: &mut Variant) -> Result<()> {
        self.leaf_inline(kind, flags, out)
    }

    /// [`Decoder::leaf`] inlined: what the decode loop calls for a container's child, saving a call per
    /// leaf (a dictionary key is one).
    #[inline(always)]
    pub(super) fn leaf_inline(&mut self, kind: TypeKind, flags: u32, out: &mut Variant) -> Result<()> {
        use TypeKind as K;
        use Variant as V;
        let wide = self.is_wide(flags);
        let has_flags = self.d.has_flags();
        let v = match kind {
            K::Nil => V::Nil,
            K::Bool => V::Bool(u32::from_le_bytes(self.bytes()?) != 0),
            K::Int => {
                if has_flags && flags & FLAG_64 != 0 {
                    V::Int(i64::from_le_bytes(self.bytes()?))
                } else {
                    V::Int(i32::from_le_bytes(self.bytes()?) as i64)
                }
            }
            K::Float => {
                if has_flags && flags & FLAG_64 != 0 {
                    V::Float(f64::from_le_bytes(self.bytes()?))
                } else {
                    V::Float(widen_like_engine(f32::from_le_bytes(self.bytes()?)))
                }
            }
            K::String => V::String(self.gstring()?),
            K::StringName => V::StringName(StringName(self.gstring()?)),
            K::Vector2 => V::Vector2(self.reals(wide)?),
            K::Rect2 => V::Rect2(self.reals(wide)?),
            K::Vector3 => V::Vector3(self.reals(wide)?),
            K::Transform2D => V::Transform2D(Box::new(self.reals(wide)?)),
            K::Vector4 => V::Vector4(self.reals(wide)?),
            K::Plane => V::Plane(self.reals(wide)?),
            K::Quaternion => V::Quaternion(self.reals(wide)?),
            K::Aabb => V::Aabb(Box::new(self.reals(wide)?)),
            K::Basis => V::Basis(Box::new(self.reals(wide)?)),
            K::Transform3D => V::Transform3D(Box::new(self.reals(wide)?)),
            K::Projection => V::Projection(Box::new(self.reals(wide)?)),
            K::Vector2i => {
                let [x, y] = self.i32s()?;
                V::Vector2i(Vector2i::new(x, y))
            }
            K::Rect2i => {
                let [a, b, c, d] = self.i32s()?;
                V::Rect2i(Rect2i::new(Vector2i::new(a, b), Vector2i::new(c, d)))
            }
            K::Vector3i => {
                let [x, y, z] = self.i32s()?;
                V::Vector3i(Vector3i::new(x, y, z))
            }
            K::Vector4i => {
                let [x, y, z, w] = self.i32s()?;
                V::Vector4i(Vector4i::new(x, y, z, w))
            }
            K::Color => V::Color(self.color()?),
            K::NodePath => V::NodePath(Box::new(self.node_path()?)),
            K::Rid => {
                if self.d.rid_payload() {
                    V::Rid(Rid(self.r.u64()?))
                } else {
                    V::Rid(Rid(0))
                }
            }
            K::Callable => V::Callable,
            K::Signal => {
                let name = self.string()?;
                let object = self.r.u64()?;
                V::Signal(Signal { name, object })
            }
            K::PackedByteArray => V::PackedByteArray(self.packed_bytes()?.to_vec()),
            K::PackedInt32Array => V::PackedInt32Array(self.packed_words(i32::from_le_bytes)?),
            K::PackedInt64Array => V::PackedInt64Array(self.packed_words(i64::from_le_bytes)?),
            K::PackedFloat32Array => V::PackedFloat32Array(self.packed_words(f32::from_le_bytes)?),
            K::PackedFloat64Array => V::PackedFloat64Array(self.packed_words(f64::from_le_bytes)?),
            K::PackedStringArray => {
                let n = self.string_array_count()?;
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    v.push(self.gstring()?);
                }
                V::PackedStringArray(v)
            }
            K::PackedVector2Array => V::PackedVector2Array(self.packed_reals(wide)?),
            K::PackedVector3Array => V::PackedVector3Array(self.packed_reals(wide)?),
            K::PackedVector4Array => V::PackedVector4Array(self.packed_reals(wide)?),
            K::PackedColorArray => {
                let n = self.packed_count(16)?;
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    v.push(self.color()?);
                }
                V::PackedColorArray(v)
            }
            K::PackedVector2iArray => {
                let n = self.packed_count(8)?;
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    let [x, y] = self.i32s()?;
                    v.push(Vector2i::new(x, y));
                }
                V::PackedVector2iArray(v)
            }
            K::PackedVector3iArray => {
                let n = self.packed_count(12)?;
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    let [x, y, z] = self.i32s()?;
                    v.push(Vector3i::new(x, y, z));
                }
                V::PackedVector3iArray(v)
            }
            K::PackedVector4iArray => {
                let n = self.packed_count(16)?;
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    let [x, y, z, w] = self.i32s()?;
                    v.push(Vector4i::new(x, y, z, w));
                }
                V::PackedVector4iArray(v)
            }
            K::Image => V::Image(Box::new(self.image()?)),
            K::InputEvent => V::InputEvent(self.input_event()?),
            K::Object | K::Dictionary | K::Array | K::TypedArray | K::PackedTypedArray => {
                return Err(Error::invalid("container decoded as a leaf", None))
            }
        };
        put(out, v);
        Ok(())
    }

    /// A packed array of `N`-byte little-endian words: its count, then each element made by `from`.
    #[inline(always)]
    fn packed_words<T, const N: usize>(&mut self, from: fn([u8; N]) -> T) -> Result<Vec<T>> {
        let n = self.packed_count(N)?;
        let b = self.r.take(n * N)?;
        Ok(b.chunks_exact(N).map(|c| from(c.try_into().unwrap())).collect())
    }

    fn packed_reals<T: Reals>(&mut self, wide: bool) -> Result<Vec<T>> {
        let size = T::N * if wide { 8 } else { 4 };
        let n = self.packed_count(size)?;
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            v.push(self.reals(wide)?);
        }
        Ok(v)
    }

    fn node_path(&mut self) -> Result<NodePath> {
        let at = self.r.pos();
        let first = self.r.u32()?;
        if first & 0x8000_0000 == 0 {
            // The pre-2.0 format: a byte length and the path text, no padding.
            if self.d.family() != Family::Godot2 {
                return Err(Error::invalid("old-format NodePath (rejected since Godot 3.1)", Some(at)));
            }
            let len = first as usize;
            let start = self.r.pos();
            let bytes = self.r.take(len).map_err(|_| Error::at(ErrorKind::InvalidLength { value: len as u64 }, at))?;
            let s = godot_str(bytes, self.utf8, start)?;
            return Ok(NodePath::parse_godot2(&s));
        }
        let names = first & 0x7FFF_FFFF;
        let sub_at = self.r.pos();
        let subnames = self.r.u32()?;
        let flags = self.r.u32()?;
        // The engines add the counts in wrapping 32-bit arithmetic and read that many strings, the first
        // `names` of them names, the rest subnames (bit 1 adds Godot 2's property as one more).
        let total = names.wrapping_add(subnames).wrapping_add(flags >> 1 & 1) as i32;
        if total < 0 || (total as usize).saturating_mul(4) > self.r.remaining() {
            return Err(Error::at(ErrorKind::InvalidLength { value: total as u64 }, sub_at));
        }
        let total = total as usize;
        let mut p = NodePath { absolute: flags & 1 != 0, ..Default::default() };
        for i in 0..total {
            let s = self.string()?;
            if i < names as usize {
                p.names.push(s);
            } else {
                p.subnames.push(s);
            }
        }
        if flags & 2 != 0 && self.d.family() == Family::Godot2 && total > names as usize {
            p.property = p.subnames.pop();
        }
        // Godot 3's decoder turns a path with no names and no subnames into the empty path, which is not
        // absolute (seen on 3.2.3 and 3.6: `NodePath("/")` comes back as `NodePath("")`); Godot 4 keeps it.
        if p.names.is_empty()
            && p.subnames.is_empty()
            && matches!(self.d.family(), Family::Godot3 | Family::Pandemonium)
        {
            p.absolute = false;
        }
        Ok(p)
    }

    /// A Godot 4 container type description of `kind` (0 none, 1 builtin, 2 class name, 3 script path).
    /// Without `allow_objects` every object kind becomes `EncodedObjectAsID`, as in the engine.
    pub(super) fn container_type(&mut self, kind: u32) -> Result<ContainerType> {
        let objects = self.cfg.allow_objects();
        let as_id = || ContainerType::Class(crate::codec::admit::ENCODED_OBJECT_AS_ID.to_owned());
        Ok(match kind {
            0 => ContainerType::Untyped,
            1 => {
                let at = self.r.pos();
                let id = self.r.u32()?;
                match self.d.type_kind(id) {
                    Some(TypeKind::Nil) => ContainerType::Untyped,
                    Some(TypeKind::Object) if !objects => as_id(),
                    Some(k) => ContainerType::Builtin(k),
                    None => return Err(Error::at(ErrorKind::UnknownType { id, dialect: self.d }, at)),
                }
            }
            2 => {
                let class = self.string()?;
                match objects {
                    false => as_id(),
                    // No class name: any object (re-encoded by the engine as builtin OBJECT).
                    true if class.is_empty() => ContainerType::Builtin(TypeKind::Object),
                    true => ContainerType::Class(class),
                }
            }
            _ => {
                let at = self.r.pos();
                let path = self.string()?;
                match objects {
                    false => as_id(),
                    // The engine loads the script: it must at least be a resource path.
                    true if !path.starts_with("res://") => {
                        return Err(Error::invalid("typed container script is not a res:// path", Some(at)))
                    }
                    true => ContainerType::Script(path),
                }
            }
        })
    }

    /// A vector with room for the `n` elements of a container whose count is at `at`: an
    /// [`ErrorKind::OutOfMemory`] error, not an abort, when the memory cannot be had.
    pub(crate) fn room<T>(n: usize, at: usize) -> Result<Vec<T>> {
        let mut v = Vec::new();
        match v.try_reserve_exact(n) {
            Ok(()) => Ok(v),
            Err(_) => {
                let bytes = (n as u64).saturating_mul(std::mem::size_of::<T>() as u64);
                Err(Error::at(ErrorKind::OutOfMemory { elements: n as u64, bytes }, at))
            }
        }
    }

    /// An Array/Dictionary element count: bit 31 is Godot 2's "shared" flag, masked off everywhere.
    /// `slots_per_element`: 1 for arrays, 2 for dictionaries (key and value).
    pub(crate) fn container_count(&mut self, slots_per_element: usize) -> Result<(usize, bool)> {
        let at = self.r.pos();
        let raw = self.r.u32()?;
        let n = (raw & 0x7FFF_FFFF) as usize;
        self.promise(n, slots_per_element, at, raw)?;
        Ok((n, raw & SHARED_BIT != 0 && self.d.family() == Family::Godot2))
    }

    /// Checks that `n` elements of `slots` slots each (4+ bytes a slot) fit in the input left after what
    /// open containers already need, and promises their bytes.
    #[inline]
    pub(crate) fn promise(&mut self, n: usize, slots: usize, at: usize, raw: u32) -> Result<()> {
        let need = self.check_promise(n, slots, at, raw)?;
        self.add_promise(need);
        Ok(())
    }

    /// Promises `need` bytes that [`Decoder::check_promise`] found room for.
    #[inline]
    pub(crate) fn add_promise(&mut self, need: usize) {
        self.promised += need;
    }

    /// [`Decoder::promise`]'s check alone: whether `n` elements of `slots` slots each fit, nothing promised;
    /// the bytes they need.
    #[inline]
    pub(crate) fn check_promise(&self, n: usize, slots: usize, at: usize, raw: u32) -> Result<usize> {
        let need = n.saturating_mul(slots).saturating_mul(4);
        if need > self.r.remaining().saturating_sub(self.promised) {
            return Err(too_long(raw, at));
        }
        Ok(need)
    }

    /// A promised slot starts being read: its bytes now count in the reader's position.
    #[inline]
    pub(crate) fn start_slot(&mut self) {
        self.promised = self.promised.saturating_sub(4);
    }

    pub(super) fn admit_rule(&self) -> AdmitRule {
        if self.d.family() == Family::Godot4 {
            AdmitRule::Godot4 { double: self.cfg.double_precision() }
        } else {
            AdmitRule::Any
        }
    }

    /// An object's head: a finished object (null, by id), or a full object's class and property count.
    pub(super) fn object_head(
        &mut self, flags: u32, at: usize,
    ) -> Result<std::result::Result<Object, (String, usize)>> {
        if self.d.family() == Family::Godot2 {
            return Ok(Ok(Object::Null));
        }
        if flags & FLAG_64 != 0 {
            let id = self.r.u64()?;
            return Ok(Ok(if id == 0 { Object::Null } else { Object::InstanceId(id) }));
        }
        if !self.cfg.allow_objects() {
            return Err(Error::at(ErrorKind::ObjectsNotAllowed, at));
        }
        let class = self.string()?;
        if class.is_empty() {
            return Ok(Ok(Object::Null));
        }
        // Each property is a name (4+ bytes) and a value (4+ bytes). A negative count means none.
        let at = self.r.pos();
        let raw = self.r.u32()?;
        let n = if raw > i32::MAX as u32 { 0 } else { raw as usize };
        self.promise(n, 2, at, raw)?;
        Ok(Err((class, n)))
    }

    /// The element type of a Pandemonium 5 TypedArray / PackedTypedArray: a type id, and for objects in
    /// full-object mode a StringName value with the class name.
    pub(super) fn pandemonium_element_type(&mut self, flags: u32, at: usize) -> Result<ContainerType> {
        let tat = self.r.pos();
        let id = self.r.u32()? & 0x7FFF_FFFF;
        let kind =
            self.d.type_kind(id).ok_or_else(|| Error::at(ErrorKind::UnknownType { id, dialect: self.d }, tat))?;
        if kind != TypeKind::Object {
            return Ok(ContainerType::Builtin(kind));
        }
        // Objects by id: the engine types the array EncodedObjectAsID, whatever allow_objects says.
        if flags & FLAG_64 != 0 {
            return Ok(ContainerType::Class(crate::codec::admit::ENCODED_OBJECT_AS_ID.to_owned()));
        }
        let (k, _, _) = self.header()?;
        if !matches!(k, TypeKind::StringName | TypeKind::String) {
            return Err(Error::invalid("TypedArray class name is not a StringName", Some(at)));
        }
        let class = self.string()?;
        Ok(if !self.cfg.allow_objects() {
            // Without objects the array can only ever be written (and read) by id: EncodedObjectAsID, as
            // Godot 4 does. This changes no bytes and keeps decoding a fixed point.
            ContainerType::Class(crate::codec::admit::ENCODED_OBJECT_AS_ID.to_owned())
        } else if class.is_empty() {
            // The engine sets no class for an empty name.
            ContainerType::Builtin(TypeKind::Object)
        } else {
            ContainerType::Class(class)
        })
    }

    fn image(&mut self) -> Result<Image> {
        let at = self.r.pos();
        let format = self.r.u32()?;
        if format >= GODOT2_IMAGE_FORMATS {
            return Err(Error::invalid("Image format out of range", Some(at)));
        }
        let mipmaps = self.r.u32()?;
        let width = self.r.u32()?;
        let height = self.r.u32()?;
        let len_at = self.r.pos();
        let len = self.r.u32()? as usize;
        if len > self.r.remaining() {
            return Err(Error::at(ErrorKind::InvalidLength { value: len as u64 }, len_at));
        }
        let data = self.r.take(len)?.to_vec();
        self.r.skip_lenient(pad_len(len));
        if data.is_empty() {
            return Ok(Image::default());
        }
        Ok(Image { format, mipmaps, width, height, data })
    }

    fn input_event(&mut self) -> Result<InputEvent> {
        let t = self.r.u32()?;
        let device = self.r.u32()?;
        let _total_len = self.r.u32()?;
        let data = match t {
            0 => InputEventData::None,
            1 => InputEventData::Key { modifiers: self.r.u32()?, scancode: self.r.u32()? },
            2 => InputEventData::MouseMotion,
            3 => InputEventData::MouseButton { button_index: self.r.u32()? },
            4 => InputEventData::JoystickMotion { axis: self.r.u32()?, value_bits: self.r.u32()? },
            5 => InputEventData::JoystickButton { button_index: self.r.u32()? },
            6 => InputEventData::ScreenTouch { index: self.r.u32()? },
            7 => InputEventData::ScreenDrag,
            8 => InputEventData::Action,
            other => InputEventData::Other(other),
        };
        Ok(InputEvent { device, data })
    }
}

/// Writes `v` into `place`, which usually holds a nil (a repeated key's value place holds the value it
/// replaces): only a value that is there is dropped, sparing a call to the drop glue for a nil.
#[inline(always)]
pub(super) fn put(place: &mut Variant, v: Variant) {
    let old = std::mem::replace(place, v);
    if matches!(old, Variant::Nil) {
        std::mem::forget(old);
    } else {
        drop(old);
    }
}

/// Whether `b` holds a zero byte, eight bytes at a time.
#[inline]
fn has_nul(b: &[u8]) -> bool {
    let mut words = b.chunks_exact(8);
    for w in &mut words {
        if has_zero_byte64(u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]])) {
            return true;
        }
    }
    words.remainder().contains(&0)
}

/// `t` as a [`GString`] (inline when short), made here rather than inlined into the decode loop.
#[inline(never)]
fn owned(t: &str) -> GString {
    GString::from(t)
}

/// How many texts [`Decoder::key_string`] remembers.
pub(super) const TEXT_SLOTS: usize = 32;

/// Whether the first `len` bytes of `p` (a string field's bytes and padding: `len` rounded up to 4) hold a
/// zero byte, four bytes at a time; the padding is not looked at.
#[inline(always)]
fn padded_has_nul(p: &[u8], len: usize) -> bool {
    let mut words = p.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
    let Some(last) = words.next_back() else { return false };
    // The padding bytes (the last word's top `pad` bytes) made non-zero.
    let pad = p.len() - len;
    let last = last | !(u32::MAX >> (8 * pad as u32));
    has_zero_byte32(last) || words.any(has_zero_byte32)
}

/// A count (raw `raw`, at byte `at`) that the input left cannot hold (cold: only on bad input).
#[cold]
fn too_long(raw: u32, at: usize) -> Error {
    Error::at(ErrorKind::InvalidLength { value: raw as u64 }, at)
}

#[cfg(test)]
mod key_text_tests {
    use super::*;

    /// A Godot 4 dictionary of `n` entries from raw key bytes, each value the Int of its index.
    fn dict(keys: &[&[u8]]) -> Vec<u8> {
        let mut out = Vec::new();
        let w = |out: &mut Vec<u8>, x: u32| out.extend_from_slice(&x.to_le_bytes());
        w(&mut out, 27);
        w(&mut out, keys.len() as u32);
        for (i, k) in keys.iter().enumerate() {
            w(&mut out, 4);
            w(&mut out, k.len() as u32);
            out.extend_from_slice(k);
            out.resize(out.len() + pad_len(k.len()), 0);
            w(&mut out, 2);
            w(&mut out, i as u32);
        }
        out
    }

    fn entries(bytes: &[u8]) -> Vec<(String, i64)> {
        let v = Variant::decode(bytes, &Config::default()).unwrap();
        let Variant::Dictionary(d) = v else { panic!("not a dictionary") };
        d.entries
            .into_iter()
            .map(|(k, v)| match (k, v) {
                (Variant::String(k), Variant::Int(i)) => (k.into(), i),
                other => panic!("unexpected entry {other:?}"),
            })
            .collect()
    }

    /// Keys whose text the engines cut (at a NUL, past a byte order mark) are never taken for the texts of
    /// their bytes: a cut key that equals an earlier key's text is that key, and the texts are kept.
    #[test]
    fn remembered_key_texts_keep_the_cut_and_repeats() {
        let e = entries(&dict(&[b"a\0b", b"a", b"\xEF\xBB\xBFa", b"ab", b"a\0b", b"ab"]));
        assert_eq!(e, vec![("a".to_string(), 4), ("ab".to_string(), 5)]);
        // The same bytes in sibling dictionaries (remembered texts) decode as in the first.
        let one = dict(&[b"id", b"name", b"\xEF\xBB\xBFid", b"na\0me"]);
        let mut arr = vec![28, 0, 0, 0, 3, 0, 0, 0];
        for _ in 0..3 {
            arr.extend_from_slice(&one);
        }
        let v = Variant::decode(&arr, &Config::default()).unwrap();
        let Variant::Array(a) = v else { panic!("not an array") };
        for d in &a.items {
            let Variant::Dictionary(d) = d else { panic!("not a dictionary") };
            let keys: Vec<_> = d.entries.iter().map(|(k, v)| (k.as_str().unwrap(), v.clone())).collect();
            assert_eq!(keys, vec![("id", Variant::Int(2)), ("name", Variant::Int(1)), ("na", Variant::Int(3))]);
        }
        // A key that is not valid UTF-8 is still an error at its byte, after remembered keys.
        let bad = dict(&[b"id", b"i\xff"]);
        let err = Variant::decode(&bad, &Config::default()).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::InvalidUtf8));
        assert_eq!(err.offset(), Some(bad.len() - 12 + 1));
    }
}
