//! The serde [`Serializer`]: any `T: Serialize` to the bytes `var_to_bytes` gives for the equivalent Godot
//! value (see the crate docs for the mapping table).
//!
//! It writes with the wire layer and follows the same rules as [`Variant::encode`](crate::Variant::encode):
//! int 32-bit unless outside i32, float 32-bit iff exactly representable, no header flags in Godot 2, type
//! ids from the dialect's table. Marker types (see [`markers`](crate::markers), [`packed`](crate::packed))
//! announce themselves with `$godot_bin::` struct names and are written as the native Godot type; where a
//! whole fixed-size value is known it is handed to the one [`Variant`] encoder.

use serde::ser::{self, Serialize};

use crate::codec::math_wide;
use crate::config::check_depth;
use crate::config::{Config, Dialect};
use crate::error::{Error, ErrorKind, Result};
use crate::format::magic;
use crate::markers::*;
use crate::types::TypeKind;
use crate::value::{Array, ContainerType, Dictionary, Object, Signal, Variant};
use crate::wire::Target;
use crate::wire::{
    count32, float_as_narrow, int_is_wide, len32, narrow_exact, narrow_like_engine, pad_len, widen_exact,
    widen_like_engine, BufTarget, Output, FLAG_64,
};

impl ser::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        ErrorKind::Message(msg.to_string()).into()
    }
}

/// Serializes Rust values as Godot Variants into a `Vec<u8>`.
///
/// Most users call [`to_vec`](crate::to_vec) / [`to_vec_with`](crate::to_vec_with); the serializer itself
/// lets several values be appended to one buffer.
///
/// The mapping (the README's "serde mapping" section has the full table, with what is read back):
///
/// | Rust | Godot value |
/// |---|---|
/// | `bool` | bool |
/// | any integer | int: 32-bit when it fits, else 64 (`u64` above `i64::MAX`: [`ErrorKind::IntegerOutOfRange`]) |
/// | `f32`, `f64` | float: 32-bit iff exactly representable, else 64 |
/// | `char`, `str` | String |
/// | bytes (`serialize_bytes`) | PackedByteArray |
/// | `None`, `()`, unit struct | Nil |
/// | `Some(x)`, newtype struct | `x` |
/// | sequence, tuple, tuple struct | Array |
/// | map | Dictionary (any key type, iteration order) |
/// | struct | Dictionary with String keys, in field order |
/// | enum | unit variant: String of its name; others `{"Name": value}` |
/// | markers ([`Vector2`](crate::Vector2) …, [`NodePath`](crate::NodePath), [`PackedFloat32Array`](crate::PackedFloat32Array) …) | the native Godot type |
/// | [`Variant`](crate::Variant) | what [`Variant::encode`](crate::Variant::encode) writes |
///
/// A type the dialect lacks is [`ErrorKind::Unsupported`] naming the type and the dialect.
///
/// ```
/// use serde::Serialize;
/// let cfg = godot_bin::Config::default();
/// let mut out = Vec::new();
/// 1i32.serialize(&mut godot_bin::Serializer::new(&mut out, &cfg))?;
/// "a".serialize(&mut godot_bin::Serializer::new(&mut out, &cfg))?;
/// // Godot 4.6's var_to_bytes(1), var_to_bytes("a") (tests/fixtures/godot-4.6/values.tsv `int_1`, `str_len1`):
/// assert_eq!(out, [2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub struct Serializer<'a, O: Output = Vec<u8>> {
    out: &'a mut O,
    cfg: &'a Config,
    d: Dialect,
    depth: usize,
    /// The dialect's String, int, float and Dictionary type ids ([`NO_ID`] if it had none): looked up once, not per value.
    str_id: u32,
    int_id: u32,
    float_id: u32,
    dict_id: u32,
    /// Math types are written with 64-bit reals (a double-precision build of a dialect with the flag).
    wide_math: bool,
}

/// A cached type id of a dialect without the type (none so far lacks String, int, float or Dictionary):
/// the table's own sentinel widened (no type id is 255), so that the ids are copied as they are.
const NO_ID: u32 = crate::dialect::types::NO_ID as u32;

impl<'a, O: Output> Serializer<'a, O> {
    /// A serializer appending to `out` with `cfg`.
    ///
    /// ```
    /// use serde::Serialize;
    /// let (cfg, mut out) = (godot_bin::Config::default(), vec![0xaa]);
    /// ().serialize(&mut godot_bin::Serializer::new(&mut out, &cfg))?;
    /// assert_eq!(out, [0xaa, 0, 0, 0, 0]);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn new(out: &'a mut O, cfg: &'a Config) -> Self {
        let d = cfg.dialect();
        let [str_id, int_id, float_id, dict_id] = *d.ser_ids();
        Serializer {
            out,
            cfg,
            d,
            depth: 0,
            str_id,
            int_id,
            float_id,
            dict_id,
            wide_math: cfg.is_double_precision() && d.math_flag(),
        }
    }

    #[inline]
    fn id(&self, kind: TypeKind) -> Result<u32> {
        match self.d.type_id(kind) {
            Some(id) => Ok(id),
            None => Err(self.unsupported(kind)),
        }
    }

    #[cold]
    fn unsupported(&self, kind: TypeKind) -> Error {
        ErrorKind::Unsupported { what: kind.name(), dialect: self.d }.into()
    }

    #[inline]
    fn header(&mut self, kind: TypeKind, flags: u32) -> Result<()> {
        let id = self.id(kind)?;
        let flags = if self.d.has_flags() { flags } else { 0 };
        self.out.w32(id | flags);
        Ok(())
    }

    /// A String (struct field names and string values); up to 24 bytes of text in one go (see
    /// `wire::sealed::Sealed::short_string`), longer ones out of line.
    #[inline]
    fn string(&mut self, s: &str) -> Result<()> {
        let k = s.as_bytes();
        if k.len() > 24 || self.str_id == NO_ID {
            return self.long_string(s);
        }
        self.out.short_string(self.str_id, k);
        Ok(())
    }

    /// A struct field's name: as [`Serializer::string`], with the short write inlined (the name's length is
    /// known where the field is written).
    #[inline(always)]
    fn key(&mut self, s: &'static str) -> Result<()> {
        let k = s.as_bytes();
        if k.len() > 24 || self.str_id == NO_ID {
            return self.long_string(s);
        }
        self.out.const_key(self.str_id, k);
        Ok(())
    }

    #[inline(never)]
    fn long_string(&mut self, s: &str) -> Result<()> {
        self.header(TypeKind::String, 0)?;
        self.out.wstr(s)
    }

    fn err_at(&self, kind: ErrorKind) -> Error {
        Error::at(kind, self.out.pos())
    }

    /// A header without flags and a 4-byte payload (bool, 32-bit int and float, a container's count
    /// placeholder), in one 8-byte write.
    #[inline]
    fn small(&mut self, kind: TypeKind, payload: u32) -> Result<()> {
        let id = self.id(kind)?;
        self.out.w64(id as u64 | (payload as u64) << 32);
        Ok(())
    }

    /// An int: a 32-bit one inline, the rest (and errors) out of line.
    #[inline]
    fn int(&mut self, i: i64) -> Result<()> {
        match i32::try_from(i) {
            Ok(v) if self.int_id != NO_ID => {
                self.out.w64(self.int_id as u64 | (v as u32 as u64) << 32);
                Ok(())
            }
            _ => self.int_slow(i),
        }
    }

    #[inline(never)]
    fn int_slow(&mut self, i: i64) -> Result<()> {
        let at = self.out.pos();
        if !int_is_wide(i, self.d.has_flags()).map_err(|e| e.or_offset(at))? {
            self.small(TypeKind::Int, i as i32 as u32)?;
        } else {
            self.header(TypeKind::Int, FLAG_64)?;
            self.out.w64(i as u64);
        }
        Ok(())
    }

    /// A float: one that is exactly an f32 inline, the rest out of line.
    #[inline]
    fn float(&mut self, f: f64) -> Result<()> {
        let narrow = narrow_like_engine(f);
        if narrow as f64 == f && self.float_id != NO_ID {
            self.out.w64(self.float_id as u64 | (narrow.to_bits() as u64) << 32);
            return Ok(());
        }
        self.float_slow(f)
    }

    #[inline(never)]
    fn float_slow(&mut self, f: f64) -> Result<()> {
        match float_as_narrow(f, self.d.has_flags()) {
            Some(narrow) => self.small(TypeKind::Float, narrow.to_bits())?,
            None => {
                self.header(TypeKind::Float, FLAG_64)?;
                self.out.wf64(f);
            }
        }
        Ok(())
    }

    /// Starts a math marker that is not small (see [`is_small_math`]: an integer vector or more than 4
    /// reals): its header, as the core encoder writes the equivalent [`Variant`]; each component is then
    /// appended as it comes (`MagicStruct::Math`). Returns whether the reals are 64-bit.
    #[inline(never)]
    fn math_start(&mut self, kind: TypeKind) -> Result<bool> {
        check_depth!(self.cfg, self.depth, |k| self.err_at(k));
        let wide = !kind.is_int_vector() && kind != TypeKind::Color && math_wide(self.cfg, kind)?;
        self.header(kind, if wide { FLAG_64 } else { 0 })?;
        Ok(wide)
    }

    /// Whether a small math marker's reals are written as 64-bit (a double-precision build of a dialect
    /// with the flag; Color's are always 32-bit).
    #[inline]
    fn small_math_wide(&self, kind: TypeKind) -> bool {
        self.wide_math && kind != TypeKind::Color
    }

    /// Starts a small math marker (see [`is_small_math`]): checks the depth and that the dialect has the
    /// type (as [`Serializer::math_start`] does, in the same order), and returns its type id. Its components
    /// are kept as they come (`MagicStruct::Small`), and its end writes header and components in one go:
    /// nothing is written before, so no write to the output can change the compound's state under the
    /// compiler's eyes, and it stays in registers. Inlined where the marker's name is recognised
    /// (`serialize_struct`), so that a constant kind folds.
    #[inline]
    fn small_math(&mut self, kind: TypeKind) -> Result<usize> {
        check_depth!(self.cfg, self.depth, |k| self.err_at(k));
        if self.small_math_wide(kind) {
            // Refuses what no engine can read (Godot 4.0/4.1 double-precision Vector4).
            math_wide(self.cfg, kind)?;
        }
        Ok(self.id(kind)? as usize)
    }

    /// A small math marker's header (type id `id`) and its `n` (at most 4) components, in one write: as
    /// 32-bit reals (rounded as [`narrow_exact`]) or 64-bit ones with the flag. Always inlined into the
    /// marker's `serialize`, where the kind and count are constants.
    #[inline(always)]
    fn small_math_end(&mut self, kind: TypeKind, id: u32, c: [f64; 4], n: usize) {
        if self.small_math_wide(kind) {
            return self.wide_math_end(id, c, n);
        }
        // Only the `n` components there are (`n` is a constant where this is inlined).
        let r = |i: usize| if i < n { narrow_exact(c[i]).to_bits() } else { 0 };
        self.out.put_words([id, r(0), r(1), r(2), r(3)], 4 + 4 * n);
    }

    #[inline(never)]
    fn wide_math_end(&mut self, id: u32, c: [f64; 4], n: usize) {
        self.out.w32(id | FLAG_64);
        for x in &c[..n] {
            self.out.wf64(*x);
        }
    }

    fn variant(&mut self, v: &Variant) -> Result<()> {
        check_depth!(self.cfg, self.depth, |k| self.err_at(k));
        v.encode_into(self.out, self.cfg)
    }

    /// Starts a container (Array or Dictionary) at the current depth: checks the depth limit.
    fn enter(&mut self) -> Result<()> {
        check_depth!(self.cfg, self.depth, |k| self.err_at(k));
        self.depth += 1;
        Ok(())
    }

    /// A Dictionary header and a placeholder count (as [`Serializer::open`]); returns the count's offset.
    /// The usual case inline, the rest (and errors) through `open`.
    #[inline(always)]
    fn open_dict(&mut self) -> Result<usize> {
        if self.depth <= self.cfg.depth_limit() && self.dict_id != NO_ID {
            self.depth += 1;
            self.out.w64(self.dict_id as u64);
            return Ok(self.out.pos() - 4);
        }
        self.open(TypeKind::Dictionary)
    }

    /// A container header and a placeholder count; returns the count's offset.
    fn open(&mut self, kind: TypeKind) -> Result<usize> {
        self.enter()?;
        self.small(kind, 0)?;
        Ok(self.out.pos() - 4)
    }

    /// An element of the current container: a full value one level deeper.
    fn element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        check_depth!(self.cfg, self.depth, |k| self.err_at(k));
        v.serialize(&mut *self)
    }

    /// A count written over its placeholder at `at` (no bits of the word kept).
    #[inline(always)]
    fn patch_len(&mut self, at: usize, n: usize) -> Result<()> {
        let n = len32(n)?;
        self.out.patch(at, &n.to_le_bytes());
        Ok(())
    }

    fn patch_count(&mut self, at: usize, n: usize, keep_bits: u32) -> Result<()> {
        let n = len32(n)?;
        let word = self.out.word(at) & keep_bits;
        self.out.patch(at, &(word | n).to_le_bytes());
        Ok(())
    }

    /// `{name: value}`: the shape of non-unit enum variants.
    fn tagged<T: ?Sized + Serialize>(&mut self, variant: &str, value: &T) -> Result<()> {
        self.enter()?;
        self.header(TypeKind::Dictionary, 0)?;
        self.out.w32(1);
        self.string(variant)?;
        self.element(value)?;
        self.depth -= 1;
        Ok(())
    }

    fn magic_newtype<T: ?Sized + Serialize>(&mut self, name: &str, value: &T) -> Result<()> {
        match name {
            "StringName" => {
                let s = capture_str(value)?;
                self.header(TypeKind::StringName, 0)?;
                self.out.wstr(&s)?;
            }
            "NodePath" => {
                let s = capture_str(value)?;
                let p = if self.d == Dialect::Godot2 { NodePath::parse_godot2(&s) } else { NodePath::parse(&s) };
                self.variant(&Variant::NodePath(Box::new(p)))?;
            }
            "Rid" => {
                let id = capture_u64(value)?;
                self.variant(&Variant::Rid(Rid(id)))?;
            }
            "Variant" => return self.hand_over(value),
            "ObjectId" => {
                let id = capture_u64(value)?;
                let o = if id == 0 { Object::Null } else { Object::InstanceId(id) };
                self.variant(&Variant::Object(Box::new(o)))?;
            }
            _ => match TypeKind::packed_from_marker(name) {
                Some(kind) => self.packed(kind, value)?,
                None => value.serialize(&mut *self)?,
            },
        }
        Ok(())
    }

    /// `{name: {...}}`: a struct variant's two Dictionaries (see `serialize_struct_variant`); returns the
    /// inner count's offset.
    #[inline(never)]
    fn struct_variant(&mut self, variant: &str) -> Result<usize> {
        self.enter()?;
        self.header(TypeKind::Dictionary, 0)?;
        self.out.w32(1);
        self.string(variant)?;
        self.open(TypeKind::Dictionary)
    }

    /// Lets the `Variant` being serialized write itself with the core encoder (see `value_serde`).
    fn hand_over<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let out = self.out.lend();
        // Should the value panic, no half-done job may stay behind for another serializer to find.
        let _guard = magic::ClearOnDrop;
        magic::offer_encode(magic::EncodeJob { cfg: self.cfg.clone(), depth: self.depth, out, result: None });
        let r = value.serialize(UnitCatcher);
        let job = magic::take_encode();
        match job {
            Some(job) => {
                self.out.restore(job.out);
                match job.result {
                    Some(res) => res.and(r),
                    // Not a Variant after all: serialize it as an ordinary newtype.
                    None => value.serialize(&mut *self),
                }
            }
            None => r.and(Err(Error::invalid("the Variant hand-over lost its buffer", None))),
        }
    }

    fn packed<T: ?Sized + Serialize>(&mut self, kind: TypeKind, value: &T) -> Result<()> {
        let wide = match kind {
            TypeKind::PackedVector2Array | TypeKind::PackedVector3Array | TypeKind::PackedVector4Array => {
                math_wide(self.cfg, kind)?
            }
            _ => false,
        };
        self.header(kind, if wide { FLAG_64 } else { 0 })?;
        let at = self.out.pos();
        self.out.w32(0);
        // Our packed types and `packed::*` adapters write their whole slice at once when offered the
        // buffer; anything else under a packed name is written element by element.
        let out = self.out.lend();
        let guard = magic::ClearOnDrop;
        magic::put_packed_job(magic::PackedJob { kind, wide, out, count: None });
        let bulk = value.serialize(UnitCatcher);
        let job = magic::take_packed_job()
            .ok_or_else(|| Error::invalid("the packed array hand-over lost its buffer", None))?;
        // Both slots are empty now (the packed one just taken; nothing fills the other without emptying
        // it): the guard's two more thread-local accesses are not needed.
        std::mem::forget(guard);
        self.out.restore(job.out);
        let n = match job.count {
            Some(n) => {
                bulk?;
                n
            }
            None => {
                let mut p = PackedSer { out: self.out, kind, wide, count: 0 };
                value.serialize(&mut p)?;
                p.count
            }
        };
        let len = self.out.pos() - at - 4;
        // The engines size a packed array's payload in a signed 32-bit int (strings are checked one by one).
        if kind != TypeKind::PackedStringArray {
            len32(len)?;
        }
        if kind == TypeKind::PackedByteArray {
            self.out.zeros(pad_len(len));
        }
        self.patch_count(at, n, 0)
    }

    /// A `$godot_bin::` struct (`name` has the prefix): its compound's `count_at` and state, or `None` for a
    /// plain struct after all. Out of line: the match on marker names would make the plain path's frame bigger.
    #[inline(never)]
    fn marker_struct(&mut self, name: &str) -> Result<Option<(usize, MagicStruct)>> {
        let m = &name[magic::PREFIX.len()..];
        if let Some(kind) = TypeKind::math_from_marker(m).filter(|&k| is_small_math(k)) {
            return Ok(Some((self.small_math(kind)?, MagicStruct::Small(kind, [0.0; 4]))));
        }
        Ok(match self.magic_struct(m)? {
            MagicStruct::Plain => None,
            MagicStruct::Math(kind, _) => Some((0, MagicStruct::Math(kind, self.math_start(kind)?))),
            magic => Some((0, magic)),
        })
    }

    fn magic_struct(&mut self, name: &str) -> Result<MagicStruct> {
        Ok(match name {
            "Array" | "Dictionary" | "Object" => MagicStruct::Container(Box::new(ContainerState::new(name))),
            "Signal" | "Image" | "InputEvent" | "NodePathParts" => {
                MagicStruct::Fields(Box::new((name_static(name), Vec::new())))
            }
            _ => match TypeKind::math_from_marker(name) {
                Some(kind) => MagicStruct::Math(kind, false),
                None => MagicStruct::Plain,
            },
        })
    }
}

/// Whether a math marker of `kind` is small: at most 4 reals (Vector2/3/4, Color, Quaternion, Plane, Rect2),
/// collected as they come and written at its end ([`Serializer::small_math`]).
fn is_small_math(kind: TypeKind) -> bool {
    kind.components() <= 4 && !kind.is_int_vector()
}

/// The small math markers (see [`is_small_math`]) by their whole magic name. Always inlined: compares of a
/// constant name fold.
#[inline(always)]
fn small_marker(name: &str) -> Option<TypeKind> {
    Some(match name {
        "$godot_bin::Vector2" => TypeKind::Vector2,
        "$godot_bin::Vector3" => TypeKind::Vector3,
        "$godot_bin::Color" => TypeKind::Color,
        "$godot_bin::Vector4" => TypeKind::Vector4,
        "$godot_bin::Quaternion" => TypeKind::Quaternion,
        "$godot_bin::Plane" => TypeKind::Plane,
        "$godot_bin::Rect2" => TypeKind::Rect2,
        _ => return None,
    })
}

fn name_static(name: &str) -> &'static str {
    match name {
        "Signal" => "Signal",
        "Image" => "Image",
        "InputEvent" => "InputEvent",
        _ => "NodePathParts",
    }
}

// ---------------------------------------------------------------------------------------------------------
// The main serializer.

impl<'s, 'a, O: Output> ser::Serializer for &'s mut Serializer<'a, O> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'s, 'a, O>;
    type SerializeTuple = Compound<'s, 'a, O>;
    type SerializeTupleStruct = Compound<'s, 'a, O>;
    type SerializeTupleVariant = Compound<'s, 'a, O>;
    type SerializeMap = Compound<'s, 'a, O>;
    type SerializeStruct = StructCompound<'s, 'a, O>;
    type SerializeStructVariant = StructCompound<'s, 'a, O>;

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<()> {
        self.small(TypeKind::Bool, v as u32)
    }
    #[inline]
    fn serialize_i8(self, v: i8) -> Result<()> {
        self.int(v as i64)
    }
    #[inline]
    fn serialize_i16(self, v: i16) -> Result<()> {
        self.int(v as i64)
    }
    #[inline]
    fn serialize_i32(self, v: i32) -> Result<()> {
        self.int(v as i64)
    }
    #[inline]
    fn serialize_i64(self, v: i64) -> Result<()> {
        self.int(v)
    }
    fn serialize_i128(self, v: i128) -> Result<()> {
        let i = i64::try_from(v).map_err(|_| self.err_at(ErrorKind::IntegerOutOfRange(v)))?;
        self.int(i)
    }
    #[inline]
    fn serialize_u8(self, v: u8) -> Result<()> {
        self.int(v as i64)
    }
    #[inline]
    fn serialize_u16(self, v: u16) -> Result<()> {
        self.int(v as i64)
    }
    #[inline]
    fn serialize_u32(self, v: u32) -> Result<()> {
        self.int(v as i64)
    }
    fn serialize_u64(self, v: u64) -> Result<()> {
        let i = i64::try_from(v).map_err(|_| self.err_at(ErrorKind::IntegerOutOfRange(v as i128)))?;
        self.int(i)
    }
    fn serialize_u128(self, v: u128) -> Result<()> {
        let i = i64::try_from(v)
            .map_err(|_| self.err_at(ErrorKind::IntegerOutOfRange(v.min(i128::MAX as u128) as i128)))?;
        self.int(i)
    }
    #[inline]
    fn serialize_f32(self, v: f32) -> Result<()> {
        self.float(widen_like_engine(v))
    }
    #[inline]
    fn serialize_f64(self, v: f64) -> Result<()> {
        self.float(v)
    }
    fn serialize_char(self, v: char) -> Result<()> {
        self.serialize_str(v.encode_utf8(&mut [0u8; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<()> {
        self.string(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        self.header(TypeKind::PackedByteArray, 0)?;
        self.out.w32(len32(v.len())?);
        self.out.put(v);
        self.out.zeros(pad_len(v.len()));
        Ok(())
    }
    fn serialize_none(self) -> Result<()> {
        self.header(TypeKind::Nil, 0)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<()> {
        self.header(TypeKind::Nil, 0)
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<()> {
        match name.strip_prefix(magic::PREFIX) {
            Some("Callable") => self.variant(&Variant::Callable),
            Some("ObjectNull") => self.variant(&Variant::Object(Box::new(Object::Null))),
            _ => self.header(TypeKind::Nil, 0),
        }
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<()> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> Result<()> {
        match name.strip_prefix(magic::PREFIX) {
            Some(m) => self.magic_newtype(m, value),
            None => value.serialize(self),
        }
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<()> {
        self.tagged(variant, value)
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'s, 'a, O>> {
        let at = self.open(TypeKind::Array)?;
        Ok(Compound { ser: self, count_at: at, n: 0, closes: 1, keep_bits: 0 })
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'s, 'a, O>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Compound<'s, 'a, O>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'s, 'a, O>> {
        self.enter()?;
        self.header(TypeKind::Dictionary, 0)?;
        self.out.w32(1);
        self.serialize_str(variant)?;
        let at = self.open(TypeKind::Array)?;
        Ok(Compound { ser: self, count_at: at, n: 0, closes: 2, keep_bits: 0 })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'s, 'a, O>> {
        let at = self.open(TypeKind::Dictionary)?;
        Ok(Compound { ser: self, count_at: at, n: 0, closes: 1, keep_bits: 0 })
    }
    #[inline(always)]
    fn serialize_struct(self, name: &'static str, _len: usize) -> Result<StructCompound<'s, 'a, O>> {
        if name.starts_with(magic::PREFIX) {
            // The narrow math markers in line: where the name is a constant (a derived `serialize` this is
            // inlined into) the compares fold, and only the dialect's checks are left.
            if let Some(kind) = small_marker(name) {
                let id = self.small_math(kind)?;
                let magic = MagicStruct::Small(kind, [0.0; 4]);
                return Ok(StructCompound {
                    ser: self,
                    count_at: id,
                    n: 0,
                    closes: 0,
                    plain: false,
                    m: Marker { n: 0, magic },
                });
            }
            if let Some((at, magic)) = self.marker_struct(name)? {
                return Ok(StructCompound {
                    ser: self,
                    count_at: at,
                    n: 0,
                    closes: 0,
                    plain: false,
                    m: Marker { n: 0, magic },
                });
            }
        }
        let at = self.open_dict()?;
        Ok(StructCompound { ser: self, count_at: at, n: 0, closes: 1, plain: true, m: Marker::PLAIN })
    }
    #[inline(always)]
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<StructCompound<'s, 'a, O>> {
        // The usual case inline (in the enum's `serialize`, where the variant's name is a constant): both
        // Dictionaries' depth checks at once, the outer header with its count, the name, the inner header
        // and its placeholder. The rest (and errors) as written out in `struct_variant`.
        // (Both give only the count's offset: the compound is built once, its state constant.)
        let k = variant.as_bytes();
        let at =
            if self.depth < self.cfg.depth_limit() && k.len() <= 24 && self.str_id != NO_ID && self.dict_id != NO_ID {
                self.depth += 2;
                self.out.variant_head(self.dict_id, self.str_id, k);
                self.out.pos() - 4
            } else {
                self.struct_variant(variant)?
            };
        Ok(StructCompound { ser: self, count_at: at, n: 0, closes: 2, plain: true, m: Marker::PLAIN })
    }
    fn is_human_readable(&self) -> bool {
        false
    }
}

/// Arrays, dictionaries and enum variants holding them: counts are back-patched at the end.
#[doc(hidden)]
pub struct Compound<'s, 'a, O: Output = Vec<u8>> {
    ser: &'s mut Serializer<'a, O>,
    count_at: usize,
    n: usize,
    /// Containers opened (2 for a tuple variant: the wrapping Dictionary and the Array).
    closes: usize,
    keep_bits: u32,
}

impl<O: Output> Compound<'_, '_, O> {
    fn finish(self, n: usize) -> Result<()> {
        self.ser.patch_count(self.count_at, n, self.keep_bits)?;
        self.ser.depth -= self.closes;
        Ok(())
    }
}

impl<O: Output> ser::SerializeSeq for Compound<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.ser.element(value)?;
        self.n += 1;
        Ok(())
    }
    fn end(self) -> Result<()> {
        let n = self.n;
        self.finish(n)
    }
}

impl<O: Output> ser::SerializeTuple for Compound<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<()> {
        ser::SerializeSeq::end(self)
    }
}

impl<O: Output> ser::SerializeTupleStruct for Compound<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<()> {
        ser::SerializeSeq::end(self)
    }
}

impl<O: Output> ser::SerializeTupleVariant for Compound<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<()> {
        ser::SerializeSeq::end(self)
    }
}

impl<O: Output> ser::SerializeMap for Compound<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.ser.element(key)
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.ser.element(value)?;
        self.n += 1;
        Ok(())
    }
    fn end(self) -> Result<()> {
        let n = self.n;
        self.finish(n)
    }
}

/// What a `$godot_bin::` struct is being collected into.
#[doc(hidden)]
pub enum MagicStruct {
    /// An ordinary struct: a Dictionary with String keys.
    Plain,
    /// A fixed-size math type that is not small (an integer vector or more than 4 reals): its header is
    /// written, and each numeric component (flattened in field order) is appended as it comes.
    Math(TypeKind, bool),
    /// A small math type (at most 4 reals, see `is_small_math`; `count_at` holds its type id): each
    /// component is kept as it comes, and the end writes header and components.
    Small(TypeKind, [f64; 4]),
    /// Signal, Image, InputEvent, NodePath parts: captured fields, built at the end.
    Fields(Box<(&'static str, Vec<(&'static str, Cap)>)>),
    /// Typed Array/Dictionary, full Object: header fields captured, then the elements streamed.
    Container(Box<ContainerState>),
}

/// Typed containers and full objects in progress.
#[doc(hidden)]
pub struct ContainerState {
    what: &'static str,
    fields: Vec<(&'static str, Cap)>,
    done: bool,
}

impl ContainerState {
    fn new(name: &str) -> Self {
        let what = match name {
            "Array" => "Array",
            "Dictionary" => "Dictionary",
            _ => "Object",
        };
        ContainerState { what, fields: Vec::new(), done: false }
    }

    fn get(&self, k: &str) -> Option<&Cap> {
        self.fields.iter().find(|(n, _)| *n == k).map(|(_, c)| c)
    }
}

/// Structs: a Dictionary with String keys in field order, or a marker type.
#[doc(hidden)]
pub struct StructCompound<'s, 'a, O: Output = Vec<u8>> {
    ser: &'s mut Serializer<'a, O>,
    count_at: usize,
    n: usize,
    closes: usize,
    /// `m.magic` is [`MagicStruct::Plain`]: one flag test on the hot path instead of matching the enum.
    plain: bool,
    /// A marker's state. Whatever takes it out of line gets it moved out and back in (`marker_field`), never
    /// a pointer into the compound: the compound's own fields stay in registers across the calls of a
    /// plain struct's fields (a pointer passed anywhere would make every call a possible write to them).
    m: Marker,
}

/// A marker struct's state: its count of components or fields, and what it collects.
#[doc(hidden)]
pub struct Marker {
    n: usize,
    magic: MagicStruct,
}

impl Marker {
    const PLAIN: Marker = Marker { n: 0, magic: MagicStruct::Plain };
}

impl<O: Output> ser::SerializeStruct for StructCompound<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    // Inlined into the struct's `serialize`: a plain field is the key, the value and a count, with no call
    // of its own; marker fields go out of line.
    #[inline(always)]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<()> {
        if self.plain {
            // The one depth check of the field: the value is at the same depth as its key.
            check_depth!(self.ser.cfg, self.ser.depth, |k| self.ser.err_at(k));
            self.ser.key(key)?;
            value.serialize(&mut *self.ser)?;
            self.n += 1;
            return Ok(());
        }
        let mut m = std::mem::replace(&mut self.m, Marker::PLAIN);
        let r = match m.magic {
            MagicStruct::Small(..) => value.serialize(Comps(&mut m)),
            _ => marker_field(self.ser, &mut m, key, value),
        };
        self.m = m;
        r
    }
    #[inline(always)]
    fn end(self) -> Result<()> {
        if self.plain {
            self.ser.patch_len(self.count_at, self.n)?;
            self.ser.depth -= self.closes;
            // Nothing to drop (and no out-of-line `drop_in_place` call for it).
            std::mem::forget(self.m);
            return Ok(());
        }
        if let MagicStruct::Small(kind, c) = self.m.magic {
            let n = self.m.n;
            std::mem::forget(self.m);
            if n != kind.components() {
                return Err(Error::invalid("wrong number of components in a math type", None));
            }
            self.ser.small_math_end(kind, self.count_at as u32, c, n);
            return Ok(());
        }
        magic_end(self.ser, self.m, self.count_at, self.closes)
    }
}

/// A marker struct's field (not a small math marker's), out of line.
#[inline(never)]
fn marker_field<T: ?Sized + Serialize, O: Output>(
    ser: &mut Serializer<'_, O>,
    m: &mut Marker,
    key: &'static str,
    value: &T,
) -> Result<()> {
    match &mut m.magic {
        MagicStruct::Plain => {
            check_depth!(ser.cfg, ser.depth, |k| ser.err_at(k));
            ser.string(key)?;
            ser.element(value)?;
            m.n += 1;
        }
        MagicStruct::Math(..) => value.serialize(Comps(&mut MathOut(ser, m)))?,
        MagicStruct::Small(..) => value.serialize(Comps(m))?,
        MagicStruct::Fields(f) => f.1.push((key, capture(value)?)),
        MagicStruct::Container(st) => {
            if matches!(key, "items" | "entries" | "properties") {
                let mut taken = std::mem::replace(&mut **st, ContainerState::new("Array"));
                taken.fields.push((key, Cap::Unit));
                st.done = true;
                container_body(ser, taken, value)?;
            } else {
                st.fields.push((key, capture(value)?));
            }
        }
    }
    Ok(())
}

/// A marker struct's end (not a small math marker's), out of line.
#[inline(never)]
fn magic_end<O: Output>(ser: &mut Serializer<'_, O>, m: Marker, count_at: usize, closes: usize) -> Result<()> {
    match m.magic {
        MagicStruct::Plain => {
            ser.patch_count(count_at, m.n, 0)?;
            ser.depth -= closes;
            Ok(())
        }
        MagicStruct::Math(kind, _) => {
            if m.n != kind.components() {
                return Err(Error::invalid("wrong number of components in a math type", None));
            }
            Ok(())
        }
        MagicStruct::Small(kind, c) => {
            if m.n != kind.components() {
                return Err(Error::invalid("wrong number of components in a math type", None));
            }
            ser.small_math_end(kind, count_at as u32, c, m.n);
            Ok(())
        }
        MagicStruct::Fields(f) => {
            let v = build_fields(f.0, &f.1)?;
            ser.variant(&v)
        }
        MagicStruct::Container(st) if st.done => Ok(()),
        MagicStruct::Container(_) => {
            Err(Error::invalid("a typed container or object marker without its elements", None))
        }
    }
}

/// A small math marker's components, each kept in its place (`MagicStruct::Small`; an f32 widened exactly,
/// so that its bits come back when it is written as 32 bits).
impl Sink for Marker {
    #[inline]
    fn push(&mut self, x: f64) -> Result<()> {
        self.component(x)
    }
}

impl Marker {
    /// A small math marker's `n`th component (past the 4th only counted, up to the limit [`Flat`] has).
    #[inline]
    fn component(&mut self, x: f64) -> Result<()> {
        if self.n < 4 {
            if let MagicStruct::Small(_, c) = &mut self.magic {
                c[self.n] = x;
            }
        } else if self.n >= 16 {
            return Err(Error::invalid("too many components in a math type", None));
        }
        self.n += 1;
        Ok(())
    }
}

/// A math marker's components appended as they come (`MagicStruct::Math`): as i32 (integer vectors), f64
/// (`wide`) or f32; past the type's count only counted, up to the limit [`Flat`] has.
struct MathOut<'c, 's, O: Output>(&'c mut Serializer<'s, O>, &'c mut Marker);

impl<O: Output> Sink for MathOut<'_, '_, O> {
    fn push(&mut self, x: f64) -> Result<()> {
        let (ser, c) = (&mut *self.0, &mut *self.1);
        let MagicStruct::Math(kind, wide) = c.magic else {
            return Err(Error::invalid(FLAT_MSG, None));
        };
        if c.n < kind.components() {
            if kind.is_int_vector() {
                if x != x as i32 as f64 {
                    return Err(Error::invalid("integer vector component out of i32 range", None));
                }
                ser.out.w32(x as i32 as u32);
            } else if wide {
                ser.out.wf64(x);
            } else {
                ser.out.wf32(narrow_exact(x));
            }
        } else if c.n >= 16 {
            return Err(Error::invalid("too many components in a math type", None));
        }
        c.n += 1;
        Ok(())
    }
}

impl<O: Output> ser::SerializeStructVariant for StructCompound<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    // Inlined as `SerializeStruct::serialize_field` is (a struct variant's fields are plain fields).
    #[inline(always)]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<()> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }
    #[inline(always)]
    fn end(self) -> Result<()> {
        ser::SerializeStruct::end(self)
    }
}

fn field<'c>(fields: &'c [(&'static str, Cap)], k: &str) -> Option<&'c Cap> {
    fields.iter().find(|(n, _)| *n == k).map(|(_, c)| c)
}

fn cap_u32(c: Option<&Cap>) -> Result<u32> {
    match c {
        Some(Cap::Int(i)) => u32::try_from(*i).map_err(|_| ErrorKind::IntegerOutOfRange(*i).into()),
        _ => Err(Error::invalid("expected an integer field", None)),
    }
}

fn cap_str(c: Option<&Cap>) -> Result<&str> {
    match c {
        Some(Cap::Str(s)) => Ok(s),
        _ => Err(Error::invalid("expected a string field", None)),
    }
}

fn cap_strs(c: Option<&Cap>) -> Result<Vec<String>> {
    match c {
        Some(Cap::Seq(v)) => v.iter().map(|c| cap_str(Some(c)).map(str::to_owned)).collect(),
        _ => Err(Error::invalid("expected a list of strings", None)),
    }
}

fn cap_bool(c: Option<&Cap>) -> bool {
    matches!(c, Some(Cap::Bool(true)))
}

fn build_fields(what: &str, f: &[(&'static str, Cap)]) -> Result<Variant> {
    Ok(match what {
        "Signal" => {
            let name = cap_str(field(f, "name"))?.to_owned();
            let object = match field(f, "object") {
                Some(Cap::Int(i)) => u64::try_from(*i).map_err(|_| Error::from(ErrorKind::IntegerOutOfRange(*i)))?,
                _ => return Err(Error::invalid("Signal object must be an integer", None)),
            };
            Variant::Signal(Signal { name, object })
        }
        "Image" => {
            let data = match field(f, "data") {
                Some(Cap::Bytes(b)) => b.clone(),
                Some(Cap::Seq(s)) => s
                    .iter()
                    .map(|c| match c {
                        Cap::Int(i) => u8::try_from(*i).map_err(|_| ErrorKind::IntegerOutOfRange(*i).into()),
                        _ => Err(Error::invalid("Image data must be bytes", None)),
                    })
                    .collect::<Result<Vec<u8>>>()?,
                _ => return Err(Error::invalid("Image data must be bytes", None)),
            };
            Variant::Image(Box::new(Image {
                format: cap_u32(field(f, "format"))?,
                mipmaps: cap_u32(field(f, "mipmaps"))?,
                width: cap_u32(field(f, "width"))?,
                height: cap_u32(field(f, "height"))?,
                data,
            }))
        }
        "InputEvent" => {
            let device = cap_u32(field(f, "device"))?;
            let t = cap_u32(field(f, "type"))?;
            let xs = match field(f, "fields") {
                Some(Cap::Seq(s)) => s.iter().map(|c| cap_u32(Some(c))).collect::<Result<Vec<u32>>>()?,
                _ => Vec::new(),
            };
            Variant::InputEvent(InputEvent { device, data: InputEventData::from_fields(t, &xs) })
        }
        _ => Variant::NodePath(Box::new(NodePath {
            names: cap_strs(field(f, "names"))?,
            subnames: cap_strs(field(f, "subnames"))?,
            absolute: cap_bool(field(f, "absolute")),
            property: match field(f, "property") {
                Some(Cap::Str(s)) => Some(s.clone()),
                _ => None,
            },
        })),
    })
}

/// A captured [`ContainerType`] (see `serde_markers`: an externally tagged enum).
fn cap_container_type(c: Option<&Cap>) -> Result<ContainerType> {
    Ok(match c {
        None | Some(Cap::Unit) => ContainerType::Untyped,
        Some(Cap::Str(s)) if s == "Untyped" => ContainerType::Untyped,
        Some(Cap::Tagged(tag, inner)) => {
            let s = cap_str(Some(inner))?;
            match tag.as_str() {
                "Builtin" => ContainerType::Builtin(
                    TypeKind::from_name(s).ok_or_else(|| Error::invalid("unknown type name in ContainerType", None))?,
                ),
                "Class" => ContainerType::Class(s.to_owned()),
                "Script" => ContainerType::Script(s.to_owned()),
                _ => return Err(Error::invalid("unknown ContainerType variant", None)),
            }
        }
        _ => return Err(Error::invalid("invalid ContainerType", None)),
    })
}

/// Writes a typed Array/Dictionary or a full Object: the header through the core encoder (an empty value of
/// the same type), then the elements, then the count patched in.
fn container_body<T: ?Sized + Serialize, O: Output>(
    ser: &mut Serializer<'_, O>,
    st: ContainerState,
    value: &T,
) -> Result<()> {
    let shared = cap_bool(st.get("shared"));
    match st.what {
        "Object" => {
            let class = cap_str(st.get("class"))?.to_owned();
            if !ser.cfg.objects_allowed() {
                return Err(ser.err_at(ErrorKind::ObjectsNotAllowed));
            }
            if ser.d == Dialect::Godot2 {
                // Godot 2 writes objects as a bare header; the properties are checked but dropped.
                ser.variant(&Variant::Object(Box::new(Object::Full { class: String::new(), properties: vec![] })))?;
                let mut scratch = Vec::new();
                let mut s2 = Serializer {
                    out: &mut scratch,
                    cfg: ser.cfg,
                    d: ser.d,
                    depth: ser.depth,
                    str_id: ser.str_id,
                    int_id: ser.int_id,
                    float_id: ser.float_id,
                    dict_id: ser.dict_id,
                    wide_math: ser.wide_math,
                };
                return value.serialize(&mut ContainerSer { ser: &mut s2, count_at: None, object: true });
            }
            ser.enter()?;
            ser.header(TypeKind::Object, 0)?;
            ser.out.wstr(&class)?;
            let at = ser.out.pos();
            ser.out.w32(0);
            value.serialize(&mut ContainerSer { ser: &mut *ser, count_at: Some(at), object: true })?;
            ser.depth -= 1;
            Ok(())
        }
        "Array" => {
            let mut element_type = cap_container_type(st.get("element_type"))?;
            // `TypedArray`: typed where the dialect has typed arrays, a plain Array where it has none.
            if cap_bool(st.get("where_supported")) && !ser.d.typed_arrays() && ser.d != Dialect::Pandemonium5 {
                element_type = ContainerType::Untyped;
            }
            let packed = cap_bool(st.get("packed"));
            let a = Box::new(Array { items: vec![], element_type, shared });
            ser.variant(&if packed { Variant::PackedTypedArray(a) } else { Variant::Array(a) })?;
            let at = ser.out.pos() - 4;
            ser.enter()?;
            value.serialize(&mut ContainerSer { ser: &mut *ser, count_at: Some(at), object: false })?;
            ser.depth -= 1;
            Ok(())
        }
        _ => {
            let mut key_type = cap_container_type(st.get("key_type"))?;
            let mut value_type = cap_container_type(st.get("value_type"))?;
            // `TypedDictionary`: typed where the dialect has typed dictionaries, else plain.
            if cap_bool(st.get("where_supported")) && !ser.d.typed_dictionaries() {
                (key_type, value_type) = (ContainerType::Untyped, ContainerType::Untyped);
            }
            ser.variant(&Variant::Dictionary(Box::new(Dictionary {
                entries: Default::default(),
                key_type,
                value_type,
                shared,
            })))?;
            let at = ser.out.pos() - 4;
            ser.enter()?;
            value.serialize(&mut ContainerSer { ser: &mut *ser, count_at: Some(at), object: false })?;
            ser.depth -= 1;
            Ok(())
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Helper serializers. Each accepts only the shapes its marker produces; anything else is an error.

macro_rules! reject {
    ($msg:expr; $($name:ident($($arg:ident: $t:ty),*)),* $(,)?) => {$(
        fn $name(self, $(_: $t),*) -> Result<Self::Ok> { Err(Error::invalid($msg, None)) }
    )*};
}

macro_rules! reject_compounds {
    ($msg:expr) => {
        fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<Self::Ok> {
            Err(Error::invalid($msg, None))
        }
        fn serialize_newtype_variant<T: ?Sized + Serialize>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<Self::Ok> {
            Err(Error::invalid($msg, None))
        }
        fn serialize_tuple_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleVariant> {
            Err(Error::invalid($msg, None))
        }
        fn serialize_struct_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStructVariant> {
            Err(Error::invalid($msg, None))
        }
    };
}

/// The numeric components of a math type, flattened in field order (nested structs and arrays included).
#[doc(hidden)]
#[derive(Default)]
pub struct Flat {
    /// Up to 4 components inline (Vector2/3/4, Color, Quaternion, …: no allocation).
    vals: [f64; 4],
    /// All of them once there are more than 4 (Rect2 and up), at most 16.
    spill: Vec<f64>,
    n: usize,
}

impl Flat {
    fn push(&mut self, x: f64) -> Result<()> {
        match self.n {
            0..=3 => self.vals[self.n] = x,
            16.. => return Err(Error::invalid("too many components in a math type", None)),
            4 => {
                self.spill.reserve_exact(16);
                self.spill.extend_from_slice(&self.vals);
                self.spill.push(x);
            }
            _ => self.spill.push(x),
        }
        self.n += 1;
        Ok(())
    }

    /// The components, in order.
    fn vals(&self) -> &[f64] {
        if self.n <= 4 {
            &self.vals[..self.n]
        } else {
            &self.spill
        }
    }
}

const FLAT_MSG: &str = "math type components must be numbers";

/// Where a math value's numeric components go, one at a time, through [`Comps`].
trait Sink {
    fn push(&mut self, x: f64) -> Result<()>;
    /// An f32 component (its bits kept: [`widen_exact`] by default).
    #[inline]
    fn push_f32(&mut self, x: f32) -> Result<()> {
        self.push(widen_exact(x))
    }
}

impl Sink for Flat {
    #[inline]
    fn push(&mut self, x: f64) -> Result<()> {
        Flat::push(self, x)
    }
}

/// The serializer of a math value's components (nested structs, tuples and sequences flattened in order),
/// handing each number to a [`Sink`].
struct Comps<'f, C>(&'f mut C);

impl<'f, C: Sink> ser::Serializer for Comps<'f, C> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Comps<'f, C>;
    type SerializeTuple = Comps<'f, C>;
    type SerializeTupleStruct = Comps<'f, C>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = Comps<'f, C>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    #[inline]
    fn serialize_f64(self, v: f64) -> Result<()> {
        self.0.push(v)
    }
    #[inline]
    fn serialize_f32(self, v: f32) -> Result<()> {
        self.0.push_f32(v)
    }
    fn serialize_i64(self, v: i64) -> Result<()> {
        self.0.push(v as f64)
    }
    fn serialize_i32(self, v: i32) -> Result<()> {
        self.0.push(v as f64)
    }
    fn serialize_i16(self, v: i16) -> Result<()> {
        self.0.push(v as f64)
    }
    fn serialize_i8(self, v: i8) -> Result<()> {
        self.0.push(v as f64)
    }
    fn serialize_u8(self, v: u8) -> Result<()> {
        self.0.push(v as f64)
    }
    fn serialize_u16(self, v: u16) -> Result<()> {
        self.0.push(v as f64)
    }
    fn serialize_u32(self, v: u32) -> Result<()> {
        self.0.push(v as f64)
    }
    fn serialize_u64(self, v: u64) -> Result<()> {
        self.0.push(v as f64)
    }
    reject!(FLAT_MSG; serialize_bool(v: bool), serialize_char(v: char), serialize_str(v: &str),
        serialize_bytes(v: &[u8]), serialize_none(), serialize_unit(), serialize_unit_struct(n: &'static str),
        serialize_unit_variant(n: &'static str, i: u32, v: &'static str));
    reject_compounds!(FLAT_MSG);
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result<()> {
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self> {
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self> {
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> {
        Err(Error::invalid(FLAT_MSG, None))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self> {
        Ok(self)
    }
}

impl<C: Sink> ser::SerializeSeq for Comps<'_, C> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        v.serialize(Comps(&mut *self.0))
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}
impl<C: Sink> ser::SerializeTuple for Comps<'_, C> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        v.serialize(Comps(&mut *self.0))
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}
impl<C: Sink> ser::SerializeTupleStruct for Comps<'_, C> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        v.serialize(Comps(&mut *self.0))
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}
impl<C: Sink> ser::SerializeStruct for Comps<'_, C> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, _: &'static str, v: &T) -> Result<()> {
        v.serialize(Comps(&mut *self.0))
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}

/// A small captured value: the non-element fields of marker structs.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub enum Cap {
    Unit,
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(String),
    Bytes(Vec<u8>),
    Seq(Vec<Cap>),
    Tagged(String, Box<Cap>),
}

fn capture<T: ?Sized + Serialize>(v: &T) -> Result<Cap> {
    v.serialize(CapSer)
}

fn capture_str<T: ?Sized + Serialize>(v: &T) -> Result<String> {
    match capture(v)? {
        Cap::Str(s) => Ok(s),
        _ => Err(Error::invalid("expected a string", None)),
    }
}

fn capture_u64<T: ?Sized + Serialize>(v: &T) -> Result<u64> {
    match capture(v)? {
        Cap::Int(i) => u64::try_from(i).map_err(|_| ErrorKind::IntegerOutOfRange(i).into()),
        _ => Err(Error::invalid("expected an integer", None)),
    }
}

const CAP_MSG: &str = "unsupported value in a marker field";

struct CapSer;

#[doc(hidden)]
pub struct CapSeq(Vec<Cap>);

impl ser::Serializer for CapSer {
    type Ok = Cap;
    type Error = Error;
    type SerializeSeq = CapSeq;
    type SerializeTuple = CapSeq;
    type SerializeTupleStruct = CapSeq;
    type SerializeTupleVariant = ser::Impossible<Cap, Error>;
    type SerializeMap = ser::Impossible<Cap, Error>;
    type SerializeStruct = ser::Impossible<Cap, Error>;
    type SerializeStructVariant = ser::Impossible<Cap, Error>;

    fn serialize_bool(self, v: bool) -> Result<Cap> {
        Ok(Cap::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Cap> {
        Ok(Cap::Int(v as i128))
    }
    fn serialize_i16(self, v: i16) -> Result<Cap> {
        Ok(Cap::Int(v as i128))
    }
    fn serialize_i32(self, v: i32) -> Result<Cap> {
        Ok(Cap::Int(v as i128))
    }
    fn serialize_i64(self, v: i64) -> Result<Cap> {
        Ok(Cap::Int(v as i128))
    }
    fn serialize_u8(self, v: u8) -> Result<Cap> {
        Ok(Cap::Int(v as i128))
    }
    fn serialize_u16(self, v: u16) -> Result<Cap> {
        Ok(Cap::Int(v as i128))
    }
    fn serialize_u32(self, v: u32) -> Result<Cap> {
        Ok(Cap::Int(v as i128))
    }
    fn serialize_u64(self, v: u64) -> Result<Cap> {
        Ok(Cap::Int(v as i128))
    }
    fn serialize_f32(self, v: f32) -> Result<Cap> {
        Ok(Cap::Float(widen_exact(v)))
    }
    fn serialize_f64(self, v: f64) -> Result<Cap> {
        Ok(Cap::Float(v))
    }
    fn serialize_char(self, v: char) -> Result<Cap> {
        Ok(Cap::Str(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Cap> {
        Ok(Cap::Str(v.to_owned()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Cap> {
        Ok(Cap::Bytes(v.to_vec()))
    }
    fn serialize_none(self) -> Result<Cap> {
        Ok(Cap::Unit)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<Cap> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Cap> {
        Ok(Cap::Unit)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Cap> {
        Ok(Cap::Unit)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, v: &'static str) -> Result<Cap> {
        Ok(Cap::Str(v.to_owned()))
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result<Cap> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<Cap> {
        Ok(Cap::Tagged(variant.to_owned(), Box::new(v.serialize(self)?)))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<CapSeq> {
        Ok(CapSeq(Vec::with_capacity(len.unwrap_or(0).min(64))))
    }
    fn serialize_tuple(self, len: usize) -> Result<CapSeq> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<CapSeq> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(Error::invalid(CAP_MSG, None))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> {
        Err(Error::invalid(CAP_MSG, None))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct> {
        Err(Error::invalid(CAP_MSG, None))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(Error::invalid(CAP_MSG, None))
    }
}

impl ser::SerializeSeq for CapSeq {
    type Ok = Cap;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        self.0.push(v.serialize(CapSer)?);
        Ok(())
    }
    fn end(self) -> Result<Cap> {
        Ok(Cap::Seq(self.0))
    }
}
impl ser::SerializeTuple for CapSeq {
    type Ok = Cap;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> Result<Cap> {
        ser::SerializeSeq::end(self)
    }
}
impl ser::SerializeTupleStruct for CapSeq {
    type Ok = Cap;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> Result<Cap> {
        ser::SerializeSeq::end(self)
    }
}

/// The elements of a typed Array (a sequence), a typed Dictionary (a map) or a full Object's properties (a
/// map with String keys), each element written by the main serializer.
struct ContainerSer<'s, 'a, O: Output> {
    ser: &'s mut Serializer<'a, O>,
    /// Where the count word is, to patch (None: the values are discarded, Godot 2 objects).
    count_at: Option<usize>,
    object: bool,
}

const CONTAINER_MSG: &str = "a typed container's elements must be a sequence or a map";

#[doc(hidden)]
pub struct ContainerCompound<'c, 's, 'a, O: Output> {
    c: &'c mut ContainerSer<'s, 'a, O>,
    n: usize,
}

impl<'c, 's, 'a, O: Output> ser::Serializer for &'c mut ContainerSer<'s, 'a, O> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ContainerCompound<'c, 's, 'a, O>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ContainerCompound<'c, 's, 'a, O>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    reject!(CONTAINER_MSG; serialize_bool(v: bool), serialize_i8(v: i8), serialize_i16(v: i16),
        serialize_i32(v: i32), serialize_i64(v: i64), serialize_u8(v: u8), serialize_u16(v: u16),
        serialize_u32(v: u32), serialize_u64(v: u64), serialize_f32(v: f32), serialize_f64(v: f64),
        serialize_char(v: char), serialize_str(v: &str), serialize_bytes(v: &[u8]), serialize_none(),
        serialize_unit(), serialize_unit_struct(n: &'static str),
        serialize_unit_variant(n: &'static str, i: u32, v: &'static str));
    reject_compounds!(CONTAINER_MSG);
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result<()> {
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq> {
        Ok(ContainerCompound { c: self, n: 0 })
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple> {
        Err(Error::invalid(CONTAINER_MSG, None))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct> {
        Err(Error::invalid(CONTAINER_MSG, None))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> {
        Ok(ContainerCompound { c: self, n: 0 })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct> {
        Err(Error::invalid(CONTAINER_MSG, None))
    }
}

impl<O: Output> ContainerCompound<'_, '_, '_, O> {
    fn finish(self) -> Result<()> {
        if let Some(at) = self.c.count_at {
            let keep = if self.c.object { 0 } else { crate::wire::SHARED_BIT };
            self.c.ser.patch_count(at, self.n, keep)?;
        }
        Ok(())
    }
}

impl<O: Output> ser::SerializeSeq for ContainerCompound<'_, '_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        self.c.ser.element(v)?;
        self.n += 1;
        Ok(())
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}

impl<O: Output> ser::SerializeMap for ContainerCompound<'_, '_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, k: &T) -> Result<()> {
        if self.c.object {
            let name = capture_str(k)?;
            self.c.ser.out.wstr(&name)?;
            Ok(())
        } else {
            self.c.ser.element(k)
        }
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        self.c.ser.element(v)?;
        self.n += 1;
        Ok(())
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}

/// Accepts the unit a `Variant` answers with after writing itself; anything else is not a Variant.
struct UnitCatcher;

const NOT_VARIANT: &str = "not a Variant";

impl ser::Serializer for UnitCatcher {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_unit(self) -> Result<()> {
        Ok(())
    }
    reject!(NOT_VARIANT; serialize_bool(v: bool), serialize_i8(v: i8), serialize_i16(v: i16),
        serialize_i32(v: i32), serialize_i64(v: i64), serialize_u8(v: u8), serialize_u16(v: u16),
        serialize_u32(v: u32), serialize_u64(v: u64), serialize_f32(v: f32), serialize_f64(v: f64),
        serialize_char(v: char), serialize_str(v: &str), serialize_bytes(v: &[u8]), serialize_none(),
        serialize_unit_struct(n: &'static str), serialize_unit_variant(n: &'static str, i: u32, v: &'static str));
    reject_compounds!(NOT_VARIANT);
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, _: &T) -> Result<()> {
        Err(Error::invalid(NOT_VARIANT, None))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq> {
        Err(Error::invalid(NOT_VARIANT, None))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple> {
        Err(Error::invalid(NOT_VARIANT, None))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct> {
        Err(Error::invalid(NOT_VARIANT, None))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> {
        Err(Error::invalid(NOT_VARIANT, None))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct> {
        Err(Error::invalid(NOT_VARIANT, None))
    }
}

// ---------------------------------------------------------------------------------------------------------
// Packed arrays: the elements are written raw (no headers), straight from the values.

struct PackedSer<'o, O: Output> {
    out: &'o mut O,
    kind: TypeKind,
    wide: bool,
    count: usize,
}

const PACKED_MSG: &str = "a packed array must be a sequence of its element type";

#[doc(hidden)]
pub struct PackedSeq<'p, 'o, O: Output>(&'p mut PackedSer<'o, O>);

impl<'p, 'o, O: Output> ser::Serializer for &'p mut PackedSer<'o, O> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = PackedSeq<'p, 'o, O>;
    type SerializeTuple = PackedSeq<'p, 'o, O>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    reject!(PACKED_MSG; serialize_bool(v: bool), serialize_i8(v: i8), serialize_i16(v: i16),
        serialize_i32(v: i32), serialize_i64(v: i64), serialize_u8(v: u8), serialize_u16(v: u16),
        serialize_u32(v: u32), serialize_u64(v: u64), serialize_f32(v: f32), serialize_f64(v: f64),
        serialize_char(v: char), serialize_str(v: &str), serialize_none(),
        serialize_unit(), serialize_unit_struct(n: &'static str),
        serialize_unit_variant(n: &'static str, i: u32, v: &'static str));
    reject_compounds!(PACKED_MSG);
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        match self.kind {
            TypeKind::PackedByteArray => {
                self.out.put(v);
                self.count = v.len();
                Ok(())
            }
            _ => Err(Error::invalid(PACKED_MSG, None)),
        }
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result<()> {
        v.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq> {
        // Refused before anything is written when the length says the array is too big for the wire.
        if let (Some(n), Some(size)) = (len, self.kind.packed_elem_size(self.wide)) {
            count32(n, size)?;
        }
        Ok(PackedSeq(self))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple> {
        Ok(PackedSeq(self))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct> {
        Err(Error::invalid(PACKED_MSG, None))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> {
        Err(Error::invalid(PACKED_MSG, None))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct> {
        Err(Error::invalid(PACKED_MSG, None))
    }
}

impl<O: Output> PackedSeq<'_, '_, O> {
    fn element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        use TypeKind as K;
        let p = &mut *self.0;
        match p.kind {
            K::PackedByteArray => {
                let i = int_of(v)?;
                let b = u8::try_from(i).map_err(|_| Error::from(ErrorKind::IntegerOutOfRange(i)))?;
                p.out.put(&[b]);
            }
            K::PackedInt32Array => {
                let i = int_of(v)?;
                let x = i32::try_from(i).map_err(|_| Error::from(ErrorKind::IntegerOutOfRange(i)))?;
                p.out.w32(x as u32);
            }
            K::PackedInt64Array => {
                let i = int_of(v)?;
                let x = i64::try_from(i).map_err(|_| Error::from(ErrorKind::IntegerOutOfRange(i)))?;
                p.out.w64(x as u64);
            }
            K::PackedFloat32Array => {
                let f = float_of(v)?;
                p.out.wf32(narrow_exact(f));
            }
            K::PackedFloat64Array => {
                let f = float_of(v)?;
                p.out.wf64(f);
            }
            K::PackedStringArray => {
                let s = capture_str(v)?;
                p.out.wstr_nul(&s)?;
            }
            kind => {
                let mut flat = Flat::default();
                v.serialize(Comps(&mut flat))?;
                if flat.n != kind.components() {
                    return Err(Error::invalid("wrong number of components in a packed array element", None));
                }
                for &x in flat.vals() {
                    match kind {
                        K::PackedColorArray => p.out.wf32(narrow_exact(x)),
                        K::PackedVector2iArray | K::PackedVector3iArray | K::PackedVector4iArray => {
                            if x != x as i32 as f64 {
                                return Err(Error::invalid("integer vector component out of i32 range", None));
                            }
                            p.out.w32(x as i32 as u32)
                        }
                        _ if p.wide => p.out.wf64(x),
                        _ => p.out.wf32(narrow_exact(x)),
                    }
                }
            }
        }
        p.count += 1;
        Ok(())
    }
}

fn int_of<T: ?Sized + Serialize>(v: &T) -> Result<i128> {
    match capture(v)? {
        Cap::Int(i) => Ok(i),
        _ => Err(Error::invalid("expected an integer in a packed array", None)),
    }
}

fn float_of<T: ?Sized + Serialize>(v: &T) -> Result<f64> {
    match capture(v)? {
        Cap::Float(f) => Ok(f),
        Cap::Int(i) => Ok(i as f64),
        _ => Err(Error::invalid("expected a number in a packed array", None)),
    }
}

impl<O: Output> ser::SerializeSeq for PackedSeq<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        self.element(v)
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}
impl<O: Output> ser::SerializeTuple for PackedSeq<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        self.element(v)
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------------------
// Entry points.

/// Serializes `value` as the newest Godot 4 writes it (`Config::default()`).
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Entry { a: i32 }
/// let bytes = godot_bin::to_vec(&Entry { a: 1 })?;
/// // Godot 4.6's var_to_bytes({"a": 1}) (tests/fixtures/godot-4.6/values.tsv `dict_a_1`):
/// assert_eq!(bytes, [0x1b, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_vec<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>> {
    to_vec_with(value, &Config::default())
}

/// The capacity [`to_vec_with`] starts with: a small message (a 72-byte move, a 200-byte state) is written
/// with one allocation, where growing from empty took five.
pub(crate) const INITIAL_CAPACITY: usize = 256;

/// Serializes `value` for the engine and options of `cfg`.
///
/// ```
/// let cfg = godot_bin::Config::new("godot3".parse()?);
/// // Godot 3.6's var2bytes(PoolStringArray(["ab"])), strings NUL-terminated
/// // (tests/fixtures/godot-3.6/values.tsv `pstr_1`):
/// let v = godot_bin::PackedStringArray::from(vec!["ab".to_string()]);
/// assert_eq!(godot_bin::to_vec_with(&v, &cfg)?, [23, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, b'a', b'b', 0, 0]);
/// // A type the dialect lacks is an error naming both:
/// let err = godot_bin::to_vec_with(&godot_bin::Vector2i::new(1, 2), &cfg).unwrap_err();
/// assert_eq!(err.to_string(), "Vector2i is not available in godot3");
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_vec_with<T: ?Sized + Serialize>(value: &T, cfg: &Config) -> Result<Vec<u8>> {
    // Most messages fit: one allocation instead of growing 8, 16, 32, 64, 128 bytes.
    let mut out = Vec::with_capacity(INITIAL_CAPACITY);
    value.serialize(&mut Serializer::new(&mut out, cfg))?;
    Ok(out)
}

/// Serializes `value` (`Config::default()`) into an [`io::Write`](std::io::Write).
///
/// ```
/// let mut out = Vec::new();
/// godot_bin::to_writer(&mut out, &true)?;
/// assert_eq!(out, [1, 0, 0, 0, 1, 0, 0, 0]); // tests/fixtures/godot-4.6/values.tsv `bool_true`
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_writer<W: std::io::Write, T: ?Sized + Serialize>(writer: W, value: &T) -> Result<()> {
    to_writer_with(writer, value, &Config::default())
}

/// Serializes `value` with `cfg` into an [`io::Write`](std::io::Write). The value is built in memory
/// first (counts are patched in), then written with one `write_all`.
///
/// ```
/// let mut out = Vec::new();
/// godot_bin::to_writer_with(&mut out, &5_000_000_000i64, &godot_bin::Config::default())?;
/// // Godot 4.6's var_to_bytes(5000000000) (tests/fixtures/godot-4.6/serde.tsv `int_big`):
/// assert_eq!(out, [2, 0, 1, 0, 0, 0xf2, 5, 0x2a, 1, 0, 0, 0]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_writer_with<W: std::io::Write, T: ?Sized + Serialize>(mut writer: W, value: &T, cfg: &Config) -> Result<()> {
    let bytes = to_vec_with(value, cfg)?;
    writer.write_all(&bytes)?;
    Ok(())
}

/// Serializes `value` (`Config::default()`) and appends it to a buffer: see [`to_buf_with`].
///
/// ```
/// let mut buf = bytes::BytesMut::with_capacity(64);
/// godot_bin::to_buf(&mut buf, &1)?;
/// assert_eq!(&buf[..], [2, 0, 0, 0, 1, 0, 0, 0]); // tests/fixtures/godot-4.6/values.tsv `int_1`
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_buf<B: BufTarget, T: ?Sized + Serialize>(buf: &mut B, value: &T) -> Result<()> {
    to_buf_with(buf, value, &Config::default())
}

/// Serializes `value` with `cfg` and appends it to a [`bytes::BufMut`](https://docs.rs/bytes/1/bytes/trait.BufMut.html) ([`BufTarget`]): straight into a
/// `BytesMut` or `Vec<u8>` (no buffer of its own, no copy); built in a `Vec` and copied into any other
/// buffer. A buffer without room for the value (`&mut [u8]`, `Limit`) is an
/// [`InvalidLength`](ErrorKind::InvalidLength) error with the value's size, with nothing written; on any
/// error the buffer is left as it was. The buffer comes first, as the writer of [`to_writer_with`] does.
///
/// ```
/// let mut buf = bytes::BytesMut::new();
/// godot_bin::to_buf_with(&mut buf, &"ab", &godot_bin::Config::default())?;
/// // Godot 4.6's var_to_bytes("ab") (tests/fixtures/godot-4.6/values.tsv `str_len2`):
/// assert_eq!(&buf[..], [4, 0, 0, 0, 2, 0, 0, 0, b'a', b'b', 0, 0]);
/// // A slice too small for the value:
/// let mut space = [0u8; 8];
/// let err = godot_bin::to_buf_with(&mut &mut space[..], &"ab", &godot_bin::Config::default()).unwrap_err();
/// assert!(matches!(err.kind(), godot_bin::ErrorKind::InvalidLength { value: 12 }));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_buf_with<B: BufTarget, T: ?Sized + Serialize>(buf: &mut B, value: &T, cfg: &Config) -> Result<()> {
    match buf.in_place() {
        Some(Target::Vec(out)) => append(value, out, cfg),
        Some(Target::Bytes(out)) => append(value, out, cfg),
        None => {
            let bytes = to_vec_with(value, cfg)?;
            if buf.remaining_mut() < bytes.len() {
                return Err(ErrorKind::InvalidLength { value: bytes.len() as u64 }.into());
            }
            buf.put_slice(&bytes);
            Ok(())
        }
    }
}

/// The former spelling of [`to_buf_with`], with the value before the buffer.
///
/// ```
/// # #![allow(deprecated)]
/// let mut buf = Vec::new();
/// godot_bin::to_buf_mut(&1, &mut buf, &godot_bin::Config::default())?;
/// assert_eq!(buf, [2, 0, 0, 0, 1, 0, 0, 0]); // tests/fixtures/godot-4.6/values.tsv `int_1`
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[deprecated(note = "use `to_buf_with(buf, value, cfg)`: the buffer first, as in `to_writer_with`")]
pub fn to_buf_mut<T: ?Sized + Serialize, B: BufTarget>(value: &T, buf: &mut B, cfg: &Config) -> Result<()> {
    to_buf_with(buf, value, cfg)
}

/// Appends `value` to `out` in place; on error `out` is cut back to what it held before.
fn append<T: ?Sized + Serialize, O: Output>(value: &T, out: &mut O, cfg: &Config) -> Result<()> {
    let start = out.pos();
    let r = value.serialize(&mut Serializer::new(&mut *out, cfg));
    if r.is_err() {
        out.cut(start);
    }
    r
}

/// Serializes `value` with `cfg` into a [`bytes::Bytes`](https://docs.rs/bytes/1/bytes/struct.Bytes.html).
///
/// ```
/// let b = godot_bin::to_bytes_with(&(), &godot_bin::Config::default())?;
/// assert_eq!(&b[..], [0, 0, 0, 0]); // Godot 4.6's var_to_bytes(null)
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_bytes_with<T: ?Sized + Serialize>(value: &T, cfg: &Config) -> Result<bytes::Bytes> {
    to_vec_with(value, cfg).map(bytes::Bytes::from)
}

/// The former spelling of [`to_bytes_with`] (it takes a `Config`, so its name ends in `_with`).
///
/// ```
/// # #![allow(deprecated)]
/// let b = godot_bin::to_bytes(&(), &godot_bin::Config::default())?;
/// assert_eq!(&b[..], [0, 0, 0, 0]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[deprecated(note = "use `to_bytes_with(value, cfg)`: functions that take a Config end in `_with`")]
pub fn to_bytes<T: ?Sized + Serialize>(value: &T, cfg: &Config) -> Result<bytes::Bytes> {
    to_bytes_with(value, cfg)
}
