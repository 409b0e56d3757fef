//! The streaming [`Deserializer`]: the general path (`next`, a value's header and what can be handed over
//! directly), the narrower ints' and scalars' routes through the fast paths, and serde's `Deserializer` trait.

use std::borrow::Cow;

use serde::de::{self, Deserializer as _, Visitor};

use crate::codec::Decoder;
use crate::config::check_depth;
use crate::config::Config;
use crate::error::{Error, ErrorKind, Result};
use crate::format::magic::{self, hand_over, VARIANT as VARIANT_MAGIC};
use crate::types::TypeKind;
use crate::value::Variant;
use crate::wire::{pad_len, Reader, FLAG_64};

use super::key::NameDe;
use super::scalar::{bool_payload, float_narrow, float_wide, int_narrow, int_wide, Scalar, ScalarDe};
use super::shape::{RealsAccess, RealsMode};
use super::variant::{typed_dropped, VariantDe};
use super::words::Words;

impl de::Error for Error {
    #[inline]
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        ErrorKind::Message(magic::with_refusal(msg.to_string())).into()
    }
}

/// `e` with the offset `at` when it is a visitor's own message (which has none).
pub(super) fn with_offset(e: Error, at: usize) -> Error {
    match e.kind() {
        ErrorKind::Message(_) => e.or_offset(at),
        _ => e,
    }
}

/// Deserializes Godot Variant bytes into Rust values.
///
/// Forgiving where Godot values are: an Int of either width into any integer type (range-checked,
/// [`ErrorKind::IntegerOutOfRange`] with the byte offset), Int or Float into floats, String or StringName into
/// strings, Array or a packed array into sequences, a Dictionary with String/StringName keys into a struct
/// (unknown keys skipped), an enum from a String (unit variant) or a one-entry Dictionary.
///
/// What `deserialize_any` reports for each Godot type:
///
/// | wire | visited as |
/// |---|---|
/// | Nil, null Object, Callable | unit |
/// | bool / int / float | bool / i64 / f64 |
/// | String, StringName | str (borrowed from the input) |
/// | NodePath | its text (`"/root/Main:position"`) |
/// | Vector2 … Projection, Color, Vector2i … | a map of components (`{x, y}`, `{position, size}`, …) |
/// | RID, Object by instance id | u64 |
/// | full Object | a map: `".class"` → class name, then the properties |
/// | Signal | a map `{name, object}` |
/// | Array (typed or not), packed arrays | a sequence (PackedByteArray: of u8; `deserialize_bytes` borrows it) |
/// | Dictionary | a map |
/// | Godot 2 Image / InputEvent | maps `{format, mipmaps, width, height, data}` / `{device, type, fields}` |
///
/// Most users call [`from_slice`](crate::from_slice) and friends; the deserializer itself allows reading
/// several values from one buffer ([`Deserializer::position`] says where the next one starts).
///
/// ```
/// use serde::Deserialize;
/// let cfg = godot_bin::Config::default();
/// // Godot 4.6's var_to_bytes(1) and var_to_bytes("a") one after the other
/// // (tests/fixtures/godot-4.6/values.tsv `int_1`, `str_len1`):
/// let bytes = [2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0];
/// let mut de = godot_bin::de::Deserializer::new(&bytes, &cfg);
/// assert_eq!(u8::deserialize(&mut de)?, 1);
/// assert_eq!(<&str>::deserialize(&mut de)?, "a");
/// assert_eq!(de.position(), bytes.len());
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub struct Deserializer<'de, 'c> {
    pub(super) dec: Decoder<'de, 'c>,
    pub(super) depth: usize,
    /// `cfg.max_depth()`, read once.
    pub(super) limit: usize,
    /// The header words of the common plain values (unused for Godot 2, whose strings follow other rules).
    pub(super) words: Words,
    /// Whether the fast paths may read the input (`words` is the dialect's; not Godot 2).
    pub(super) fast: bool,
    /// The depth from which the header-word fast paths leave a value to the general path: `limit + 1`
    /// (beyond the depth limit, which the general path reports), 0 when `fast` is false. One compare.
    pub(super) fast_below: usize,
    /// Entered when serde's buffer first asks for a value: from then on, and while this deserializer lives,
    /// Godot-only values handed to the buffer are noted (see `magic::note_buffered`).
    pub(super) buffering: Option<magic::ReadScope>,
    /// The byte offset of the value a `TypedArray`/`TypedDictionary` asked for last (see
    /// [`Config::strict_typed_containers`]): a typed container there keeps its type. An offset, not a flag,
    /// so that a value read by a fast path leaves nothing behind for the next one.
    pub(super) typed_at: usize,
}

/// Whether a Dictionary read for a type with these field names is read as a struct (see
/// [`MapAccess::is_struct`]: its count checked but not promised, its keys and values starting no slot) rather
/// than as a map (promised, each key and value starting a slot). The one home of that rule: the count's
/// promise (`deserialize_struct`) and the slots (`visit_dict`) must agree, or the open containers' promises
/// go wrong. A struct without fields has no field to hand a key to and is read as a map.
#[inline(always)]
pub(super) fn reads_as_struct(fields: &[&str]) -> bool {
    !fields.is_empty()
}

/// What the next value on the wire is, after its header (and, for scalars, its payload) was read.
pub(super) enum Next<'de> {
    Scalar(Scalar<'de, 'static>, usize),
    /// Array or Dictionary (untyped): element count; `map` tells which.
    Container {
        n: usize,
        map: bool,
    },
    /// A packed array of scalars: kind, count, wide flag.
    Packed(TypeKind, usize),
    /// PackedByteArray data.
    Bytes(&'de [u8]),
    /// Anything else, decoded whole by the core decoder.
    Whole(Box<Variant>, usize),
}

impl<'de, 'c> Deserializer<'de, 'c> {
    /// A deserializer reading from the start of `bytes` with `cfg`.
    ///
    /// ```
    /// use serde::Deserialize;
    /// let cfg = godot_bin::Config::new("godot3".parse()?);
    /// let mut de = godot_bin::de::Deserializer::new(&[1, 0, 0, 0, 0, 0, 0, 0], &cfg);
    /// assert!(!bool::deserialize(&mut de)?);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn new(bytes: &'de [u8], cfg: &'c Config) -> Self {
        let fast = cfg.dialect().family() != crate::config::Family::Godot2;
        let limit = cfg.max_depth();
        Deserializer {
            dec: Decoder::new(bytes, cfg),
            depth: 0,
            limit,
            words: Words::of(cfg.dialect()),
            fast,
            fast_below: if fast { limit.saturating_add(1) } else { 0 },
            buffering: None,
            typed_at: usize::MAX,
        }
    }

    /// The unread rest of the input.
    #[inline]
    pub(crate) fn rest(&self) -> &'de [u8] {
        self.dec.r.rest()
    }

    /// Bytes consumed so far.
    ///
    /// ```
    /// use serde::Deserialize;
    /// let cfg = godot_bin::Config::default();
    /// let mut de = godot_bin::de::Deserializer::new(&[0, 0, 0, 0, 9], &cfg);
    /// <()>::deserialize(&mut de)?;
    /// assert_eq!(de.position(), 4);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn position(&self) -> usize {
        self.dec.r.pos()
    }

    #[inline]
    pub(super) fn reader(&mut self) -> &mut Reader<'de> {
        &mut self.dec.r
    }

    /// A PackedStringArray's element count from its count field (`raw`, at byte `at`), the rest of the array
    /// next: as the engines and the core decoder read it, a negative count is an empty array, and each
    /// element takes at least its 4-byte length.
    #[inline]
    pub(super) fn packed_strings_count(&self, raw: u32, at: usize) -> Result<usize> {
        let n = if raw > i32::MAX as u32 { 0 } else { raw as usize };
        if n.saturating_mul(4) > self.dec.r.remaining() {
            return Err(Error::at(ErrorKind::InvalidLength { value: raw as u64 }, at));
        }
        Ok(n)
    }

    /// Reads the next value's header and as much of it as can be handed over directly.
    #[inline]
    pub(super) fn next(&mut self) -> Result<Next<'de>> {
        use TypeKind as K;
        let saved = self.dec.r.clone();
        let (kind, flags, at) = self.dec.header()?;
        check_depth!(self.dec.cfg(), self.depth, |k| Error::at(k, at));
        let d = self.dec.cfg().dialect();
        let wide = d.has_flags() && flags & FLAG_64 != 0;
        Ok(match kind {
            K::Nil => Next::Scalar(Scalar::Unit, at),
            K::Bool => Next::Scalar(Scalar::Bool(bool_payload(self.reader().u32()?)), at),
            K::Int => {
                let i = if wide { int_wide(self.reader().u64()?) } else { int_narrow(self.reader().u32()?) };
                Next::Scalar(Scalar::Int(i), at)
            }
            K::Float => {
                let f = if wide { float_wide(self.reader().u64()?) } else { float_narrow(self.reader().u32()?) };
                Next::Scalar(Scalar::Float(f), at)
            }
            K::String | K::StringName => match self.dec.str_cow()? {
                Cow::Borrowed(s) => Next::Scalar(Scalar::Borrowed(s), at),
                Cow::Owned(s) => Next::Scalar(Scalar::Owned(s), at),
            },
            K::Array if !d.typed_arrays() || crate::wire::array_type_bits(flags) == 0 => {
                Next::Container { n: self.container_count(1)?, map: false }
            }
            K::Dictionary if !d.typed_dictionaries() || crate::wire::dict_type_bits(flags) == (0, 0) => {
                Next::Container { n: self.container_count(2)?, map: true }
            }
            K::PackedByteArray => {
                let n = self.reader().count(u32::MAX, 1)?;
                let b = self.reader().take(n)?;
                self.reader().skip_lenient(pad_len(n));
                Next::Bytes(b)
            }
            K::PackedInt32Array | K::PackedFloat32Array => Next::Packed(kind, self.reader().count(u32::MAX, 4)?),
            K::PackedStringArray => {
                let at = self.dec.r.pos();
                let raw = self.reader().u32()?;
                Next::Packed(kind, self.packed_strings_count(raw, at)?)
            }
            K::PackedInt64Array | K::PackedFloat64Array => Next::Packed(kind, self.reader().count(u32::MAX, 8)?),
            _ => {
                self.dec.r = saved;
                let v = self.dec.value(self.depth)?;
                if self.dec.cfg().strict_typed_containers() && at != self.typed_at {
                    if let Some(msg) = typed_dropped(&v) {
                        return Err(Error::new(ErrorKind::Message(msg), Some(at)));
                    }
                }
                Next::Whole(Box::new(v), at)
            }
        })
    }

    /// The payload of a packed array of `kind` (elements of `size` bytes, narrow layout) if that is what the
    /// wire holds next; `None` (nothing read) otherwise. The count is checked against the input, as always.
    #[inline]
    pub(super) fn raw_packed(&mut self, kind: TypeKind, size: usize) -> Result<Option<&'de [u8]>> {
        use TypeKind as K;
        let saved = self.dec.r.clone();
        let (k, flags, at) = match self.dec.header() {
            Ok(h) => h,
            Err(_) => {
                self.dec.r = saved;
                return Ok(None);
            }
        };
        // Reals are stored as the core decoder stores them only in single-precision builds, narrow on the wire.
        let reals = matches!(k, K::PackedVector2Array | K::PackedVector3Array | K::PackedVector4Array);
        let wide = self.dec.cfg().dialect().math_flag() && flags & FLAG_64 != 0;
        if k != kind || (reals && (wide || self.dec.double_precision())) {
            self.dec.r = saved;
            return Ok(None);
        }
        check_depth!(self.dec.cfg(), self.depth, |k| Error::at(k, at));
        let n = self.reader().count(u32::MAX, size)?;
        Ok(Some(self.reader().take(n * size)?))
    }

    /// An Array/Dictionary count (bit 31, Godot 2's "shared" flag, masked off). Its element slots (4+ bytes
    /// each; two per Dictionary entry) are promised to the core decoder's accounting, so that nested
    /// containers together can never claim more elements than the input can hold.
    #[inline]
    pub(super) fn container_count(&mut self, slots: usize) -> Result<usize> {
        let at = self.dec.r.pos();
        let raw = self.reader().u32()?;
        let n = (raw & 0x7FFF_FFFF) as usize;
        self.dec.promise(n, slots, at, raw)?;
        Ok(n)
    }

    /// Hands a container or whole value to the visitor in its self-describing form.
    #[inline]
    pub(super) fn visit_next<V: Visitor<'de>>(
        &mut self, next: Next<'de>, visitor: V, seq_form: bool,
    ) -> Result<V::Value> {
        match next {
            Next::Scalar(s, at) => ScalarDe { s, at: Some(at) }.deserialize_any(visitor),
            Next::Container { n, map } => self.visit_container(n, map, &[], visitor),
            Next::Packed(kind, n) => self.visit_packed(kind, n, visitor),
            Next::Bytes(b) => visitor.visit_seq(de::value::SeqDeserializer::<_, Error>::new(b.iter().copied())),
            Next::Whole(v, at) => {
                let vd = VariantDe { v: &v, at: Some(at) };
                let r = if seq_form { vd.deserialize_seq(visitor) } else { vd.deserialize_any(visitor) };
                r.map_err(|e| with_offset(e, at))
            }
        }
    }

    /// The narrower ints' general path (out of line): an int of either width range-checked by `fit` (`Err(i)`:
    /// out of range, an [`ErrorKind::IntegerOutOfRange`] at the int's header), anything else as
    /// [`forward_scalar`] reads it (`scalar`: the method on [`ScalarDe`], `whole`: on [`VariantDe`]).
    #[inline(never)]
    pub(super) fn general_int<V: Visitor<'de>>(
        &mut self, visitor: V, whole: impl FnOnce(VariantDe<'_>, V) -> Result<V::Value>,
        scalar: impl FnOnce(ScalarDe<'de, 'static>, V) -> Result<V::Value>,
        fit: impl FnOnce(i64, V) -> std::result::Result<Result<V::Value>, i64>,
    ) -> Result<V::Value> {
        if let Some((i, at)) = self.fast_int()? {
            return match fit(i, visitor) {
                Ok(r) => r,
                Err(i) => Err(Error::new(ErrorKind::IntegerOutOfRange(i as i128), Some(at))),
            };
        }
        self.general_scalar(visitor, whole, scalar)
    }

    /// [`forward_scalar`]'s general path (out of line): `scalar`, the method on [`ScalarDe`], `whole`, on
    /// [`VariantDe`].
    #[inline(never)]
    pub(super) fn general_scalar<V: Visitor<'de>>(
        &mut self, visitor: V, whole: impl FnOnce(VariantDe<'_>, V) -> Result<V::Value>,
        scalar: impl FnOnce(ScalarDe<'de, 'static>, V) -> Result<V::Value>,
    ) -> Result<V::Value> {
        if let Some((s, at)) = self.fast_scalar()? {
            return scalar(ScalarDe { s, at: Some(at) }, visitor);
        }
        match self.next()? {
            Next::Scalar(s, at) => scalar(ScalarDe { s, at: Some(at) }, visitor),
            Next::Whole(v, at) => whole(VariantDe { v: &v, at: Some(at) }, visitor).map_err(|e| with_offset(e, at)),
            next => self.visit_next(next, visitor, false),
        }
    }

    /// `deserialize_any` out of line: the general path of a struct that is not an untyped Dictionary with its
    /// header in reach (a small frame for the callers, which serde's derived code often inlines: the
    /// variants of an enum read as structs, a struct's struct fields).
    #[inline(never)]
    pub(super) fn general_any<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_any(self, visitor)
    }

    /// `deserialize_struct`'s general path for a marker name (out of line): another math type with another
    /// number of components (a Vector2 read as a Vector3) is refused as such, instead of the marker's "missing
    /// field z"; anything else is read self-describing.
    #[inline(never)]
    pub(super) fn general_marker<V: Visitor<'de>>(&mut self, name: &'static str, visitor: V) -> Result<V::Value> {
        if let Some(want) = name.strip_prefix("$godot_bin::").and_then(TypeKind::math_from_marker) {
            // Another math type with another number of components (a Vector2 read as a Vector3): say so,
            // instead of the marker's "missing field z".
            let at = self.dec.r.pos();
            let found = self
                .dec
                .r
                .clone()
                .u32()
                .ok()
                .and_then(|h| self.dec.cfg().dialect().type_kind(h & crate::wire::TYPE_MASK));
            if let Some(found) =
                found.filter(|f| TypeKind::math_from_marker(f.name()).is_some() && f.components() != want.components())
            {
                let msg = format!("invalid type: {}, expected {}", found.name(), want.name());
                return Err(Error::new(ErrorKind::Message(msg), Some(at)));
            }
        }
        self.deserialize_any(visitor)
    }

    /// `deserialize_enum`'s general path: every form its fast paths leave (out of line, so that they keep a
    /// small frame). `start`: where the value starts. A one-entry Dictionary whose count was read is handed
    /// back with the visitor (`Ok(Err(visitor))`, its key next on the wire), so that the enum's visitor is
    /// called on a Dictionary from one place (`deserialize_enum`), where the compiler can inline it.
    #[inline(never)]
    pub(super) fn general_enum<V: Visitor<'de>>(
        &mut self, start: usize, name: &'static str, variants: &'static [&'static str], visitor: V,
    ) -> Result<std::result::Result<V::Value, V>> {
        match self.next()? {
            Next::Scalar(s, at) => ScalarDe { s, at: Some(at) }.deserialize_enum(name, variants, visitor).map(Ok),
            Next::Container { n: 1, map: true } => Ok(Err(visitor)),
            Next::Whole(v, at) => VariantDe { v: &v, at: Some(at) }.deserialize_enum(name, variants, visitor).map(Ok),
            _ => Err(Error::invalid("an enum must be a String or a Dictionary with one entry", Some(start))),
        }
    }
}

macro_rules! forward_scalar {
    ($($m:ident $(| $fast:ident)?),*) => {$(
        #[inline]
        fn $m<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            $(let visitor = match self.$fast(visitor)? {
                Ok(value) => return Ok(value),
                Err(visitor) => visitor,
            };)?
            self.general_scalar(visitor, |d, v| d.$m(v), |s, v| s.$m(v))
        }
    )*};
}

/// The narrower ints: an int on the wire is range-checked and visited straight away (the error, as
/// [`ScalarDe`]'s, at the int's header), anything else takes [`forward_scalar`]'s paths.
macro_rules! forward_int {
    ($($m:ident $t:ty => $visit:ident),*) => {$(
        #[inline]
        fn $m<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            // A narrow int with its payload: read here (no call, no saved registers); anything else, out of line.
            if let Some(w) = self.peek8() {
                if w as u32 == self.words.int {
                    let i = int_narrow((w >> 32) as u32);
                    if let Ok(x) = <$t>::try_from(i) {
                        self.dec.r.skip_lenient(8);
                        return visitor.$visit(x);
                    }
                }
            }
            self.general_int(visitor, |d, v| d.$m(v), |s, v| s.$m(v), |i, v| match <$t>::try_from(i) {
                Ok(x) => Ok(v.$visit(x)),
                Err(_) => Err(i),
            })
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de, '_> {
    type Error = Error;

    forward_int!(deserialize_i8 i8 => visit_i8, deserialize_i16 i16 => visit_i16, deserialize_i32 i32 => visit_i32,
        deserialize_u8 u8 => visit_u8, deserialize_u16 u16 => visit_u16, deserialize_u32 u32 => visit_u32,
        deserialize_u64 u64 => visit_u64);

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if magic::is_buffer_visitor::<V>() && self.buffering.get_or_insert_with(magic::ReadScope::enter).is_noting() {
            // serde's buffer: a StringName or packed array (streamed otherwise) is read whole, so that
            // `VariantDe` notes it (see `magic::note_buffered`).
            let at = self.dec.r.pos();
            let id = self.dec.r.clone().u32().ok().map(|h| h & crate::wire::TYPE_MASK);
            if id.and_then(|id| self.dec.cfg().dialect().type_kind(id)).is_some_and(|k| {
                use TypeKind as K;
                matches!(
                    k,
                    K::StringName
                        | K::PackedByteArray
                        | K::PackedInt32Array
                        | K::PackedInt64Array
                        | K::PackedFloat32Array
                        | K::PackedFloat64Array
                        | K::PackedStringArray
                )
            }) {
                check_depth!(self.dec.cfg(), self.depth, |k| Error::at(k, at));
                let v = self.dec.value(self.depth)?;
                return VariantDe { v: &v, at: Some(at) }.deserialize_any(visitor).map_err(|e| with_offset(e, at));
            }
        }
        let next = self.next()?;
        self.visit_next(next, visitor, false)
    }

    forward_scalar!(
        deserialize_bool | fast_bool,
        deserialize_i64 | fast_i64,
        deserialize_i128,
        deserialize_u128,
        deserialize_f32 | fast_f32,
        deserialize_f64 | fast_f64,
        deserialize_char,
        deserialize_str | fast_str,
        deserialize_string | fast_str,
        deserialize_identifier,
        deserialize_unit,
        deserialize_ignored_any
    );

    #[inline]
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.next()? {
            Next::Bytes(b) => visitor.visit_borrowed_bytes(b),
            Next::Scalar(s, at) => ScalarDe { s, at: Some(at) }.deserialize_bytes(visitor),
            Next::Whole(v, at) => VariantDe { v: &v, at: Some(at) }.deserialize_bytes(visitor),
            next => self.visit_next(next, visitor, false),
        }
    }

    #[inline]
    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let saved = self.dec.r.clone();
        let (kind, _, _) = self.dec.header()?;
        if kind == TypeKind::Nil {
            return visitor.visit_none();
        }
        self.dec.r = saved;
        visitor.visit_some(self)
    }

    #[inline]
    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        if name == VARIANT_MAGIC {
            let at = self.dec.r.pos();
            check_depth!(self.dec.cfg(), self.depth, |k| Error::at(k, at));
            let v = self.dec.value(self.depth)?;
            return hand_over(v, visitor).map_err(|e| with_offset(e, at));
        }
        if let Some((kind, size)) = name.strip_prefix(magic::PREFIX).and_then(TypeKind::bulk_packed_from_marker) {
            if let Some(b) = self.raw_packed(kind, size)? {
                return visitor.visit_borrowed_bytes(b);
            }
        }
        if name == magic::TYPED_ARRAY || name == magic::TYPED_DICTIONARY {
            self.typed_at = self.dec.r.pos();
        }
        visitor.visit_newtype_struct(self)
    }

    #[inline]
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if let Some(n) = self.fast_container(false, true)? {
            return self.visit_container(n, false, &[], visitor);
        }
        if let Some(n) = self.fast_packed_strings()? {
            return self.visit_packed(TypeKind::PackedStringArray, n, visitor);
        }
        let next = self.next()?;
        match next {
            Next::Bytes(b) => visitor.visit_seq(de::value::SeqDeserializer::<_, Error>::new(b.iter().copied())),
            next => self.visit_next(next, visitor, true),
        }
    }

    #[inline]
    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    #[inline]
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self, _name: &'static str, _len: usize, visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    #[inline]
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_any(visitor)
    }

    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self, name: &'static str, fields: &'static [&'static str], visitor: V,
    ) -> Result<V::Value> {
        if !name.starts_with('$') {
            if let Some(n) = self.fast_container(true, !reads_as_struct(fields))? {
                return self.visit_dict(n, fields, visitor);
            }
            return self.general_any(visitor);
        }
        if let Some((kind, b)) = self.narrow_math(name) {
            // Color keeps f32 components; reals are stored as the core decoder stores single-precision reals.
            let mode = match kind {
                TypeKind::Color => RealsMode::F32,
                _ if self.dec.double_precision() => RealsMode::LikeEngine,
                _ => RealsMode::Exact,
            };
            return visitor.visit_seq(RealsAccess { b, mode });
        }
        self.general_marker(name, visitor)
    }

    #[inline]
    fn deserialize_enum<V: Visitor<'de>>(
        self, name: &'static str, variants: &'static [&'static str], visitor: V,
    ) -> Result<V::Value> {
        let start = self.dec.r.pos();
        // `{"Variant": payload}` or `"Variant"` with a plain ASCII name: handed to the variant's identifier
        // as it is ([`NameDe`]; the general path below reads every other form).
        if let Some(h) = self.peek_word() {
            let w = &self.words;
            if h == w.string {
                if let Some((found, total)) = self.plain_name(0) {
                    self.dec.r.skip_lenient(total);
                    return visitor.visit_enum(NameDe(found));
                }
            } else if h == w.dictionary && self.dec.r.rest().get(4..8) == Some(&[1, 0, 0, 0]) {
                if let Some((found, total)) = self.plain_name(8) {
                    // The count (1, just read) checked as `container_count` checks it. Its two slots are
                    // not promised: the key's is read here and the value's starts right after, with nothing
                    // read in between (promised and started at once, the accounting would not change).
                    let at = self.dec.r.pos() + 4;
                    self.dec.r.skip_lenient(8);
                    self.dec.check_promise(1, 2, at, 1)?;
                    return self.visit_dict_enum(Some(found), total, visitor);
                }
            }
        }
        match self.general_enum(start, name, variants, visitor)? {
            Ok(value) => Ok(value),
            Err(visitor) => self.visit_dict_enum(None, 0, visitor),
        }
    }

    #[inline]
    fn is_human_readable(&self) -> bool {
        false
    }
}
