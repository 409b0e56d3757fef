//! The main serializer: scalars, Strings, containers and enums, and where a marker's name leads.

use serde::ser::Serialize;

use super::capture::{capture_str, capture_u64};

use crate::codec::math_wide;
use crate::config::check_depth;
use crate::config::{Config, Dialect};
use crate::error::{Error, ErrorKind, Result};
use crate::markers::*;
use crate::types::TypeKind;
use crate::value::{Object, Variant};
use crate::wire::{float_as_narrow, int_is_wide, len32, narrow_exact, narrow_like_engine, Output, FLAG_64};

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
/// | markers ([`Vector2`](crate::markers::Vector2) …, [`NodePath`](crate::markers::NodePath), [`PackedFloat32Array`](crate::packed::PackedFloat32Array) …) | the native Godot type |
/// | [`Variant`](crate::Variant) | what [`Variant::encode`](crate::Variant::encode) writes |
///
/// A type the dialect lacks is [`ErrorKind::Unsupported`] naming the type and the dialect.
///
/// ```
/// use serde::Serialize;
/// let cfg = godot_bin::Config::default();
/// let mut out = Vec::new();
/// 1i32.serialize(&mut godot_bin::ser::Serializer::new(&mut out, &cfg))?;
/// "a".serialize(&mut godot_bin::ser::Serializer::new(&mut out, &cfg))?;
/// // Godot 4.6's var_to_bytes(1), var_to_bytes("a") (tests/fixtures/godot-4.6/values.tsv `int_1`, `str_len1`):
/// assert_eq!(out, [2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub struct Serializer<'a, O: Output = Vec<u8>> {
    pub(super) out: &'a mut O,
    pub(super) cfg: &'a Config,
    pub(super) d: Dialect,
    pub(super) depth: usize,
    /// The dialect's String, int, float and Dictionary type ids ([`NO_ID`] if it had none): looked up once, not per value.
    pub(super) str_id: u32,
    int_id: u32,
    float_id: u32,
    pub(super) dict_id: u32,
    /// Math types are written with 64-bit reals (a double-precision build of a dialect with the flag).
    wide_math: bool,
}

/// A cached type id of a dialect without the type (none so far lacks String, int, float or Dictionary):
/// the table's own sentinel widened (no type id is 255), so that the ids are copied as they are.
pub(super) const NO_ID: u32 = crate::dialect::types::NO_ID as u32;

impl<'a, O: Output> Serializer<'a, O> {
    /// A serializer appending to `out` with `cfg`.
    ///
    /// ```
    /// use serde::Serialize;
    /// let (cfg, mut out) = (godot_bin::Config::default(), vec![0xaa]);
    /// ().serialize(&mut godot_bin::ser::Serializer::new(&mut out, &cfg))?;
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
            wide_math: cfg.double_precision() && d.math_flag(),
        }
    }

    /// A serializer in the same state writing to `out` instead (what Godot 2 checks but does not write).
    pub(super) fn writing_to<'b>(&'b self, out: &'b mut Vec<u8>) -> Serializer<'b, Vec<u8>> {
        let Serializer { out: _, cfg, d, depth, str_id, int_id, float_id, dict_id, wide_math } = *self;
        Serializer { out, cfg, d, depth, str_id, int_id, float_id, dict_id, wide_math }
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
    pub(super) fn header(&mut self, kind: TypeKind, flags: u32) -> Result<()> {
        let id = self.id(kind)?;
        let flags = if self.d.has_flags() { flags } else { 0 };
        self.out.w32(id | flags);
        Ok(())
    }

    /// Whether `s` takes the short String path: up to 24 bytes of text (see
    /// `wire::sealed::Sealed::short_string`), in a dialect with a String type.
    #[inline(always)]
    pub(super) fn short(&self, s: &str) -> bool {
        s.len() <= 24 && self.str_id != NO_ID
    }

    /// A String (struct field names and string values); a short one in one go, longer ones out of line.
    #[inline]
    pub(super) fn string(&mut self, s: &str) -> Result<()> {
        if !self.short(s) {
            return self.long_string(s);
        }
        self.out.short_string(self.str_id, s.as_bytes());
        Ok(())
    }

    /// A struct field's name: as [`Serializer::string`], with the short write inlined (the name's length is
    /// known where the field is written).
    #[inline(always)]
    pub(super) fn key(&mut self, s: &'static str) -> Result<()> {
        if !self.short(s) {
            return self.long_string(s);
        }
        self.out.const_key(self.str_id, s.as_bytes());
        Ok(())
    }

    #[inline(never)]
    fn long_string(&mut self, s: &str) -> Result<()> {
        self.header(TypeKind::String, 0)?;
        self.out.wstr(s)
    }

    pub(super) fn err_at(&self, kind: ErrorKind) -> Error {
        Error::at(kind, self.out.pos())
    }

    /// A header without flags and a 4-byte payload (bool, 32-bit int and float, a container's count
    /// placeholder), in one 8-byte write.
    #[inline]
    pub(super) fn small(&mut self, kind: TypeKind, payload: u32) -> Result<()> {
        let id = self.id(kind)?;
        self.out.w64(id as u64 | (payload as u64) << 32);
        Ok(())
    }

    /// An int: a 32-bit one inline, the rest (and errors) out of line.
    #[inline]
    pub(super) fn int(&mut self, i: i64) -> Result<()> {
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
    pub(super) fn float(&mut self, f: f64) -> Result<()> {
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

    /// Starts a math marker that is not small (see `is_small_math` in structs.rs: an integer vector or more than 4
    /// reals): its header, as the core encoder writes the equivalent [`Variant`]; each component is then
    /// appended as it comes (`MagicStruct::Math`). Returns whether the reals are 64-bit.
    #[inline(never)]
    pub(super) fn math_start(&mut self, kind: TypeKind) -> Result<bool> {
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

    /// Starts a small math marker (see `is_small_math` in structs.rs): checks the depth and that the dialect has the
    /// type (as [`Serializer::math_start`] does, in the same order), and returns its type id. Its components
    /// are kept as they come (`MagicStruct::Small`), and its end writes header and components in one go:
    /// nothing is written before, so no write to the output can change the compound's state under the
    /// compiler's eyes, and it stays in registers. Inlined where the marker's name is recognised
    /// (`serialize_struct`), so that a constant kind folds.
    #[inline]
    pub(super) fn small_math(&mut self, kind: TypeKind) -> Result<usize> {
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
    pub(super) fn small_math_end(&mut self, kind: TypeKind, id: u32, c: [f64; 4], n: usize) {
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

    pub(super) fn variant(&mut self, v: &Variant) -> Result<()> {
        check_depth!(self.cfg, self.depth, |k| self.err_at(k));
        v.encode_into(self.out, self.cfg)
    }

    /// Starts a container (Array or Dictionary) at the current depth: checks the depth limit.
    pub(super) fn enter(&mut self) -> Result<()> {
        check_depth!(self.cfg, self.depth, |k| self.err_at(k));
        self.depth += 1;
        Ok(())
    }

    /// A Dictionary header and a placeholder count (as [`Serializer::open`]); returns the count's offset.
    /// The usual case inline, the rest (and errors) through `open`.
    #[inline(always)]
    pub(super) fn open_dict(&mut self) -> Result<usize> {
        if self.depth <= self.cfg.max_depth() && self.dict_id != NO_ID {
            self.depth += 1;
            self.out.w64(self.dict_id as u64);
            return Ok(self.out.pos() - 4);
        }
        self.open(TypeKind::Dictionary)
    }

    /// A container header and a placeholder count; returns the count's offset.
    pub(super) fn open(&mut self, kind: TypeKind) -> Result<usize> {
        self.enter()?;
        self.small(kind, 0)?;
        Ok(self.out.pos() - 4)
    }

    /// An element of the current container: a full value one level deeper.
    pub(super) fn element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        check_depth!(self.cfg, self.depth, |k| self.err_at(k));
        v.serialize(&mut *self)
    }

    /// A count written over its placeholder at `at` (no bits of the word kept).
    #[inline(always)]
    pub(super) fn patch_len(&mut self, at: usize, n: usize) -> Result<()> {
        let n = len32(n)?;
        self.out.patch(at, &n.to_le_bytes());
        Ok(())
    }

    pub(super) fn patch_count(&mut self, at: usize, n: usize, keep_bits: u32) -> Result<()> {
        let n = len32(n)?;
        let word = self.out.word(at) & keep_bits;
        self.out.patch(at, &(word | n).to_le_bytes());
        Ok(())
    }

    /// `{name: value}`: the shape of non-unit enum variants.
    pub(super) fn tagged<T: ?Sized + Serialize>(&mut self, variant: &str, value: &T) -> Result<()> {
        self.open_tagged(variant)?;
        self.element(value)?;
        self.depth -= 1;
        Ok(())
    }

    /// The start of a non-unit enum variant: a Dictionary one level deeper, holding one entry, and its key
    /// (the variant's name); the value follows.
    pub(super) fn open_tagged(&mut self, variant: &str) -> Result<()> {
        self.enter()?;
        self.header(TypeKind::Dictionary, 0)?;
        self.out.w32(1);
        self.string(variant)
    }

    pub(super) fn magic_newtype<T: ?Sized + Serialize>(&mut self, name: &str, value: &T) -> Result<()> {
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
    pub(super) fn struct_variant(&mut self, variant: &str) -> Result<usize> {
        self.open_tagged(variant)?;
        self.open(TypeKind::Dictionary)
    }
}
