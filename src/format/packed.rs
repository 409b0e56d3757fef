//! Packed arrays for serde users: newtypes over `Vec`s that godot_bin writes as the native packed arrays
//! (`PackedFloat32Array`, …; each names its Godot 3 `Pool…Array` counterpart), and `#[serde(with = …)]` adapters
//! that do the same for plain `Vec` fields.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use godot_bin::{packed, packed::PackedStringArray};
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Level {
//!     tags: PackedStringArray,
//!     #[serde(with = "godot_bin::packed::float32")]
//!     heights: Vec<f32>,
//!     #[serde(with = "godot_bin::packed::vector2")]
//!     path: Vec<[f32; 2]>,
//! }
//! let lvl = Level { tags: vec!["a".to_string()].into(), heights: vec![1.5], path: vec![[1.0, 2.0]] };
//! let bytes = godot_bin::to_vec(&lvl)?;
//! // The Dictionary's "heights" value is a PackedFloat32Array (type id 32 in Godot 4), as Godot 4.6's
//! // var_to_bytes(PackedFloat32Array([1.5])), tests/fixtures/godot-4.6/values.tsv "pf32_1":
//! assert!(bytes.windows(12).any(|w| w == [32, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0xc0, 0x3f]));
//! assert_eq!(godot_bin::from_slice::<Level>(&bytes)?, lvl);
//! # Ok::<(), godot_bin::Error>(())
//! ```

use std::ops::{Deref, DerefMut};

use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::markers::{Color, Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i};
use crate::types::TypeKind;
use crate::wire::Lent;
use crate::wire::{count32, narrow_exact, widen_exact, widen_like_engine, Output};

/// Serializes a byte slice with `serialize_bytes` (one bulk write).
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

struct VecVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de> + Bulk> Visitor<'de> for VecVisitor<T> {
    type Value = Vec<T>;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a packed array or a sequence")
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        // The hint comes from the input, which our Deserializer bounds by its size; cap it anyway.
        let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 16));
        while let Some(x) = seq.next_element()? {
            v.push(x);
        }
        Ok(v)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Vec<T>, D::Error> {
        d.deserialize_seq(self)
    }
    /// The raw little-endian payload of the packed array (godot_bin's Deserializer hands it over when
    /// the wire holds exactly the packed array this type pairs with, in its narrow layout).
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Vec<T>, E> {
        if T::RAW == 0 || !v.len().is_multiple_of(T::RAW) {
            return Err(E::invalid_length(v.len(), &self));
        }
        Ok(T::from_raw(v))
    }
}

fn ser_seq<S: Serializer, T: Serialize + Bulk>(name: &'static str, v: &[T], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_newtype_struct(name, &BulkSlice(v))
}

/// A slice under a packed array's name: with godot_bin's Serializer it writes all its elements at once
/// into the buffer the Serializer offers; with any other serializer it is a plain sequence.
struct BulkSlice<'a, T>(&'a [T]);

impl<T: Serialize + Bulk> Serialize for BulkSlice<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if let Some(mut job) = crate::format::magic::take_packed_job() {
            // An array too big for the wire is left to the element-by-element path, which refuses it
            // before writing.
            let fits = job.kind.packed_elem_size(job.wide).is_none_or(|size| count32(self.0.len(), size).is_ok());
            let done = fits
                && match &mut job.out {
                    Lent::Vec(out) => T::bulk(job.kind, job.wide, self.0, out),
                    Lent::Bytes(out) => T::bulk(job.kind, job.wide, self.0, out),
                };
            if done {
                job.count = Some(self.0.len());
            }
            crate::format::magic::put_packed_job(job);
            if done {
                return s.serialize_unit();
            }
        }
        self.0.serialize(s)
    }
}

/// Elements that can be written to a packed array of `kind` in one go (no per-element serde calls), and
/// read from its raw little-endian payload in one go.
pub(crate) trait Bulk: Sized {
    /// Appends every element as `kind` wants it; `false` (nothing written) if this is not its element type.
    fn bulk<O: Output>(kind: TypeKind, wide: bool, items: &[Self], out: &mut O) -> bool;
    /// The size of one element in the narrow wire layout of the packed array these elements pair with
    /// (0: not read in bulk).
    const RAW: usize;
    /// The elements of a narrow packed payload (`bytes.len()` is a multiple of [`Bulk::RAW`]).
    fn from_raw(bytes: &[u8]) -> Vec<Self>;
}

/// Appends `size` bytes per item, each made by `f`, through a 4 KiB stack block: one `reserve`, then one
/// `extend_from_slice` per block (no per-element length checks or calls).
#[inline(always)]
fn put_each<T, O: Output>(out: &mut O, items: &[T], size: usize, f: impl Fn(&T, &mut [u8])) {
    const BLOCK: usize = 4096;
    out.room(items.len().saturating_mul(size));
    let mut block = [0u8; BLOCK];
    for chunk in items.chunks(BLOCK / size) {
        let n = chunk.len() * size;
        for (dst, x) in block[..n].chunks_exact_mut(size).zip(chunk) {
            f(x, dst);
        }
        out.put(&block[..n]);
    }
}

/// Reals as f32 (narrow) or f64 (wide), `dst` holding exactly `xs.len()` of them.
#[inline(always)]
fn put_reals(dst: &mut [u8], wide: bool, xs: &[f64]) {
    if wide {
        for (d, &x) in dst.chunks_exact_mut(8).zip(xs) {
            d.copy_from_slice(&x.to_le_bytes());
        }
    } else {
        for (d, &x) in dst.chunks_exact_mut(4).zip(xs) {
            d.copy_from_slice(&narrow_exact(x).to_le_bytes());
        }
    }
}

/// 4-byte words into `dst`, which holds exactly as many.
#[inline(always)]
fn put_words<const K: usize>(dst: &mut [u8], ws: [[u8; 4]; K]) {
    for (d, w) in dst.chunks_exact_mut(4).zip(ws) {
        d.copy_from_slice(&w);
    }
}

/// `Bulk::RAW` and `Bulk::from_raw` of a marker of `$n` 4-byte fields (in the order given), each read from
/// its word with `$word`.
macro_rules! raw_fields {
    ($t:ident, $n:literal, [$($f:ident),*], $word:expr) => {
        const RAW: usize = $n * 4;
        fn from_raw(bytes: &[u8]) -> Vec<$t> {
            bytes
                .chunks_exact($n * 4)
                .map(|c| {
                    let mut it = words::<4>(c).map($word);
                    $t { $($f: it.next().unwrap_or_default()),* }
                })
                .collect()
        }
    };
}

/// The `N`-byte little-endian words of a raw payload.
#[inline(always)]
fn words<const N: usize>(bytes: &[u8]) -> impl Iterator<Item = [u8; N]> + '_ {
    bytes.chunks_exact(N).map(|c| {
        let mut w = [0u8; N];
        w.copy_from_slice(c);
        w
    })
}

/// Appends each item as the `N` little-endian bytes `f` makes of it (see [`put_each`]).
#[inline(always)]
fn put_le<T, const N: usize, O: Output>(out: &mut O, items: &[T], f: impl Fn(&T) -> [u8; N]) {
    put_each(out, items, N, |x, d| d.copy_from_slice(&f(x)));
}

/// The numbers: each writes to the packed arrays listed (`kind => bytes of x`), and is read from a narrow
/// payload of `$raw`-byte words.
macro_rules! bulk_numbers {
    ($($t:ty, $raw:literal: $($kind:ident => |$x:ident| $bytes:expr),+;)*) => {$(
        impl Bulk for $t {
            fn bulk<O: Output>(kind: TypeKind, _: bool, items: &[$t], out: &mut O) -> bool {
                match kind {
                    $(TypeKind::$kind => put_le(out, items, |&$x| $bytes),)+
                    _ => return false,
                }
                true
            }
            const RAW: usize = $raw;
            fn from_raw(bytes: &[u8]) -> Vec<$t> {
                words::<$raw>(bytes).map(<$t>::from_le_bytes).collect()
            }
        }
    )*};
}

bulk_numbers! {
    i32, 4: PackedInt32Array => |x| x.to_le_bytes(), PackedInt64Array => |x| (x as i64).to_le_bytes();
    i64, 8: PackedInt64Array => |x| x.to_le_bytes();
    f32, 4: PackedFloat32Array => |x| x.to_le_bytes(), PackedFloat64Array => |x| widen_like_engine(x).to_le_bytes();
    f64, 8: PackedFloat64Array => |x| x.to_le_bytes(), PackedFloat32Array => |x| narrow_exact(x).to_le_bytes();
}
macro_rules! bulk_text {
    ($($t:ty),*) => {$(
        impl Bulk for $t {
            fn bulk<O: Output>(kind: TypeKind, _: bool, items: &[$t], out: &mut O) -> bool {
                if kind != TypeKind::PackedStringArray {
                    return false;
                }
                // A string too long for its length field is left to the element-by-element path, which
                // refuses it with an error.
                if items.iter().any(|x| x.len() >= i32::MAX as usize) {
                    return false;
                }
                items.iter().try_for_each(|x| out.wstr_nul(x)).is_ok()
            }
            const RAW: usize = 0;
            fn from_raw(_: &[u8]) -> Vec<$t> {
                Vec::new()
            }
        }
    )*};
}
bulk_text!(String, crate::value::GString);

/// A `Variant::PackedStringArray`'s texts written as the packed array.
pub(crate) fn ser_texts<S: Serializer>(v: &[crate::value::GString], s: S) -> Result<S::Ok, S::Error> {
    ser_seq("$godot_bin::PackedStringArray", v, s)
}
impl<const N: usize> Bulk for [f32; N] {
    fn bulk<O: Output>(kind: TypeKind, wide: bool, items: &[[f32; N]], out: &mut O) -> bool {
        let fits = matches!(
            (kind, N),
            (TypeKind::PackedVector2Array, 2)
                | (TypeKind::PackedVector3Array, 3)
                | (TypeKind::PackedVector4Array, 4)
                | (TypeKind::PackedColorArray, 4)
        );
        if !fits {
            return false;
        }
        if wide && kind != TypeKind::PackedColorArray {
            put_each(out, items, N * 8, |a, dst| {
                for (d, &x) in dst.chunks_exact_mut(8).zip(a) {
                    d.copy_from_slice(&widen_exact(x).to_le_bytes());
                }
            });
        } else {
            put_each(out, items, N * 4, |a, dst| put_words(dst, a.map(f32::to_le_bytes)));
        }
        true
    }
    const RAW: usize = N * 4;
    fn from_raw(bytes: &[u8]) -> Vec<[f32; N]> {
        bytes
            .chunks_exact(N * 4)
            .map(|c| std::array::from_fn(|i| f32::from_le_bytes([c[4 * i], c[4 * i + 1], c[4 * i + 2], c[4 * i + 3]])))
            .collect()
    }
}
/// Elements converted together by the narrow paths of `bulk_reals!`: a group's reals go through one array
/// with plain `as` casts, which the compiler turns into packed conversions (2 reals per instruction).
const GROUP: usize = 4;

macro_rules! bulk_reals {
    ($t:ident, $kind:ident, $n:literal, [$($f:ident),*]) => {
        impl Bulk for $t {
            fn bulk<O: Output>(kind: TypeKind, wide: bool, items: &[$t], out: &mut O) -> bool {
                if kind != TypeKind::$kind {
                    return false;
                }
                if wide {
                    put_each(out, items, $n * 8, |v, d| put_reals(d, true, &[$(v.$f),*]));
                    return true;
                }
                // Narrow: plain `as f32` a group at a time, NaNs noted on the way. `as f32` makes a signalling
                // NaN quiet and one with only low payload bits not `narrow_exact`'s quiet NaN, so if there was a
                // NaN, everything is written again with `narrow_exact`.
                let start = out.pos();
                out.room(items.len().saturating_mul($n * 4));
                let mut nan = false;
                let groups = items.chunks_exact(GROUP);
                let rest = groups.remainder();
                for g in groups {
                    let mut a = [0f64; $n * GROUP];
                    for (d, v) in a.chunks_exact_mut($n).zip(g) {
                        d.copy_from_slice(&[$(v.$f),*]);
                    }
                    nan |= a.iter().fold(false, |m, x| m | x.is_nan());
                    let mut b = [0u8; $n * GROUP * 4];
                    for (d, x) in b.chunks_exact_mut(4).zip(a) {
                        d.copy_from_slice(&(x as f32).to_le_bytes());
                    }
                    out.put(&b);
                }
                if nan {
                    out.cut(start);
                    put_each(out, items, $n * 4, |v, d| put_reals(d, false, &[$(v.$f),*]));
                } else {
                    put_each(out, rest, $n * 4, |v, d| put_reals(d, false, &[$(v.$f),*]));
                }
                true
            }
            // Stored as the core decoder stores single-precision reals (read only when not a double build).
            raw_fields!($t, $n, [$($f),*], |w| widen_exact(f32::from_le_bytes(w)));
        }
    };
}
bulk_reals!(Vector2, PackedVector2Array, 2, [x, y]);
bulk_reals!(Vector3, PackedVector3Array, 3, [x, y, z]);
bulk_reals!(Vector4, PackedVector4Array, 4, [x, y, z, w]);
impl Bulk for Color {
    fn bulk<O: Output>(kind: TypeKind, _: bool, items: &[Color], out: &mut O) -> bool {
        if kind != TypeKind::PackedColorArray {
            return false;
        }
        put_each(out, items, 16, |c, dst| put_words(dst, [c.r, c.g, c.b, c.a].map(f32::to_le_bytes)));
        true
    }
    raw_fields!(Color, 4, [r, g, b, a], f32::from_le_bytes);
}
macro_rules! bulk_ints {
    ($t:ident, $kind:ident, $n:literal, [$($f:ident),*]) => {
        impl Bulk for $t {
            fn bulk<O: Output>(kind: TypeKind, _: bool, items: &[$t], out: &mut O) -> bool {
                if kind != TypeKind::$kind {
                    return false;
                }
                put_each(out, items, $n * 4, |v, dst| put_words(dst, [$(v.$f),*].map(i32::to_le_bytes)));
                true
            }
            raw_fields!($t, $n, [$($f),*], i32::from_le_bytes);
        }
    };
}
bulk_ints!(Vector2i, PackedVector2iArray, 2, [x, y]);
bulk_ints!(Vector3i, PackedVector3iArray, 3, [x, y, z]);
bulk_ints!(Vector4i, PackedVector4iArray, 4, [x, y, z, w]);

fn de_seq<'de, D: Deserializer<'de>, T: Deserialize<'de> + Bulk>(name: &'static str, d: D) -> Result<Vec<T>, D::Error> {
    d.deserialize_newtype_struct(name, VecVisitor(std::marker::PhantomData))
}

fn ser_bytes<S: Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_newtype_struct("$godot_bin::PackedByteArray", &Bytes(v))
}

fn de_bytes<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    struct V;
    impl<'de> Visitor<'de> for V {
        type Value = Vec<u8>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a PackedByteArray")
        }
        fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Vec<u8>, D::Error> {
            d.deserialize_byte_buf(crate::format::markers::bytes_field::BytesVisitor)
        }
        fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }
        fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
            Ok(v)
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, seq: A) -> Result<Vec<u8>, A::Error> {
            crate::format::markers::bytes_field::BytesVisitor.visit_seq(seq)
        }
    }
    d.deserialize_newtype_struct("$godot_bin::PackedByteArray", V)
}

macro_rules! packed_type {
    ($(#[$doc:meta])* $name:ident, $elem:ty, $magic:literal, $example:literal) => {
        packed_type!($(#[$doc])* $name, $elem, $magic, $example, "godot_bin::Config::default()");
    };
    ($(#[$doc:meta])* $name:ident, $elem:ty, $magic:literal, $example:literal, $cfg:literal) => {
        $(#[$doc])*
        ///
        /// `Default`, `From<Vec<_>>`, and derefs to the `Vec`. Written as the native packed array by
        /// godot_bin, as a plain sequence by other serde formats.
        ///
        /// ```
        #[doc = concat!("use godot_bin::packed::", stringify!($name), ";")]
        #[doc = concat!("let a = ", stringify!($name), "::from(vec![", $example, "]);")]
        /// assert_eq!(a.len(), 1);
        #[doc = concat!("let cfg = ", $cfg, ";")]
        #[doc = concat!("let back: ", stringify!($name), " = godot_bin::from_slice_with(&godot_bin::to_vec_with(&a, &cfg)?, &cfg)?;")]
        /// assert_eq!(back, a);
        #[doc = concat!("assert!(", stringify!($name), "::default().is_empty());")]
        /// # Ok::<(), godot_bin::Error>(())
        /// ```
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct $name(pub Vec<$elem>);

        impl From<Vec<$elem>> for $name {
            fn from(v: Vec<$elem>) -> Self {
                $name(v)
            }
        }
        impl From<$name> for Vec<$elem> {
            fn from(v: $name) -> Self {
                v.0
            }
        }
        impl FromIterator<$elem> for $name {
            fn from_iter<I: IntoIterator<Item = $elem>>(it: I) -> Self {
                $name(it.into_iter().collect())
            }
        }
        impl Deref for $name {
            type Target = Vec<$elem>;
            fn deref(&self) -> &Vec<$elem> {
                &self.0
            }
        }
        impl DerefMut for $name {
            fn deref_mut(&mut self) -> &mut Vec<$elem> {
                &mut self.0
            }
        }
        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                ser_seq($magic, &self.0, s)
            }
        }
        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                de_seq($magic, d).map($name)
            }
        }
    };
}

/// `PackedByteArray` (`PoolByteArray` in Godot 3): bytes.
///
/// `Default`, `From<Vec<u8>>`, and derefs to the `Vec`. Written with `serialize_bytes`, so godot_bin
/// writes it in one piece and reads it back from a PackedByteArray or an Array of ints.
///
/// ```
/// use godot_bin::packed::PackedByteArray;
/// let a = PackedByteArray::from(vec![1, 38, 75]);
/// let bytes = godot_bin::to_vec(&a)?;
/// // Godot 4.6 var_to_bytes(PackedByteArray([1, 38, 75])), tests/fixtures/godot-4.6/values.tsv "pba_len3":
/// assert_eq!(bytes, [29, 0, 0, 0, 3, 0, 0, 0, 1, 38, 75, 0]);
/// assert_eq!(godot_bin::from_slice::<PackedByteArray>(&bytes)?, a);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PackedByteArray(pub Vec<u8>);

impl From<Vec<u8>> for PackedByteArray {
    fn from(v: Vec<u8>) -> Self {
        PackedByteArray(v)
    }
}
impl From<PackedByteArray> for Vec<u8> {
    fn from(v: PackedByteArray) -> Self {
        v.0
    }
}
impl Deref for PackedByteArray {
    type Target = Vec<u8>;
    fn deref(&self) -> &Vec<u8> {
        &self.0
    }
}
impl DerefMut for PackedByteArray {
    fn deref_mut(&mut self) -> &mut Vec<u8> {
        &mut self.0
    }
}
impl Serialize for PackedByteArray {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ser_bytes(&self.0, s)
    }
}
impl<'de> Deserialize<'de> for PackedByteArray {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        de_bytes(d).map(PackedByteArray)
    }
}

packed_type!(
    /// `PackedInt32Array` (`PoolIntArray` in Godot 3).
    PackedInt32Array, i32, "$godot_bin::PackedInt32Array", "1"
);
packed_type!(
    /// `PackedInt64Array` (Godot 4).
    PackedInt64Array, i64, "$godot_bin::PackedInt64Array", "5_000_000_000"
);
packed_type!(
    /// `PackedFloat32Array` (`PoolRealArray` in Godot 3).
    PackedFloat32Array, f32, "$godot_bin::PackedFloat32Array", "0.5"
);
packed_type!(
    /// `PackedFloat64Array` (Godot 4).
    PackedFloat64Array, f64, "$godot_bin::PackedFloat64Array", "0.1"
);
packed_type!(
    /// `PackedStringArray` (`PoolStringArray` in Godot 3).
    PackedStringArray, String, "$godot_bin::PackedStringArray", "\"npc\".to_string()"
);
packed_type!(
    /// `PackedVector2Array` (`PoolVector2Array` in Godot 3).
    PackedVector2Array, Vector2, "$godot_bin::PackedVector2Array", "godot_bin::markers::Vector2::new(1.0, 2.0)"
);
packed_type!(
    /// `PackedVector3Array` (`PoolVector3Array` in Godot 3).
    PackedVector3Array, Vector3, "$godot_bin::PackedVector3Array", "godot_bin::markers::Vector3::new(1.0, 2.0, 3.0)"
);
packed_type!(
    /// `PackedColorArray` (`PoolColorArray` in Godot 3).
    PackedColorArray, Color, "$godot_bin::PackedColorArray", "godot_bin::markers::Color::new(1.0, 0.5, 0.0, 1.0)"
);
packed_type!(
    /// `PackedVector4Array` (Godot 4.3+; Pandemonium `PoolVector4Array`).
    PackedVector4Array, Vector4, "$godot_bin::PackedVector4Array", "godot_bin::markers::Vector4::new(1.0, 2.0, 3.0, 4.0)"
);
packed_type!(
    /// Pandemonium `PoolVector2iArray` (write it with a Pandemonium [`Config`](crate::Config)).
    PackedVector2iArray, Vector2i, "$godot_bin::PackedVector2iArray", "godot_bin::markers::Vector2i::new(1, 2)",
    "godot_bin::Config::new(\"pandemonium\".parse()?)"
);
packed_type!(
    /// Pandemonium `PoolVector3iArray` (write it with a Pandemonium [`Config`](crate::Config)).
    PackedVector3iArray, Vector3i, "$godot_bin::PackedVector3iArray", "godot_bin::markers::Vector3i::new(1, 2, 3)",
    "godot_bin::Config::new(\"pandemonium\".parse()?)"
);
packed_type!(
    /// Pandemonium 3.8+ `PoolVector4iArray` (write it with a Pandemonium [`Config`](crate::Config)).
    PackedVector4iArray, Vector4i, "$godot_bin::PackedVector4iArray", "godot_bin::markers::Vector4i::new(1, 2, 3, 4)",
    "godot_bin::Config::new(\"pandemonium\".parse()?)"
);

macro_rules! adapter {
    ($(#[$doc:meta])* $m:ident, $elem:ty, $magic:literal, $example:literal) => {
        $(#[$doc])*
        ///
        /// ```
        /// #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
        /// struct S {
        #[doc = concat!("    #[serde(with = \"godot_bin::packed::", stringify!($m), "\")]")]
        #[doc = concat!("    v: Vec<", stringify!($elem), ">,")]
        /// }
        #[doc = concat!("let s = S { v: vec![", $example, "] };")]
        /// assert_eq!(godot_bin::from_slice::<S>(&godot_bin::to_vec(&s)?)?, s);
        /// # Ok::<(), godot_bin::Error>(())
        /// ```
        pub mod $m {
            use super::*;

            /// Writes the `Vec` as the packed array (see the module example).
            ///
            /// ```
            /// use godot_bin::{Config, de::Deserializer, ser::Serializer, Variant};
            /// let (cfg, mut out) = (Config::default(), Vec::new());
            #[doc = concat!("let v = vec![", $example, "];")]
            #[doc = concat!("godot_bin::packed::", stringify!($m), "::serialize(&v, &mut Serializer::new(&mut out, &cfg))?;")]
            /// // A plain `Vec` would be written as an Array; this is not one:
            /// assert!(!matches!(Variant::decode(&out, &cfg)?, Variant::Array(_)));
            #[doc = concat!("assert_eq!(godot_bin::packed::", stringify!($m), "::deserialize(&mut Deserializer::new(&out, &cfg))?, v);")]
            /// # Ok::<(), godot_bin::Error>(())
            /// ```
            pub fn serialize<S: Serializer>(v: &[$elem], s: S) -> Result<S::Ok, S::Error> {
                ser_seq($magic, v, s)
            }

            /// Reads the packed array (or any Array of compatible values) into a `Vec` (see the module
            /// example).
            ///
            /// ```
            /// use godot_bin::{Config, de::Deserializer};
            /// let cfg = Config::default();
            #[doc = concat!("let v = vec![", $example, "];")]
            /// let array = godot_bin::to_vec_with(&v, &cfg)?; // a plain `Vec`: an Array, not packed
            #[doc = concat!("assert_eq!(godot_bin::packed::", stringify!($m), "::deserialize(&mut Deserializer::new(&array, &cfg))?, v);")]
            /// # Ok::<(), godot_bin::Error>(())
            /// ```
            pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<$elem>, D::Error> {
                de_seq($magic, d)
            }
        }
    };
}

/// `#[serde(with = "godot_bin::packed::bytes")]`: `Vec<u8>` as a PackedByteArray.
///
/// ```
/// #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
/// struct S {
///     #[serde(with = "godot_bin::packed::bytes")]
///     v: Vec<u8>,
/// }
/// let s = S { v: vec![1, 2] };
/// assert_eq!(godot_bin::from_slice::<S>(&godot_bin::to_vec(&s)?)?, s);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub mod bytes {
    use super::*;

    /// Writes the bytes as a PackedByteArray (see the module example).
    ///
    /// ```
    /// use godot_bin::{Config, ser::Serializer, Variant};
    /// let (cfg, mut out) = (Config::default(), Vec::new());
    /// godot_bin::packed::bytes::serialize(&[1, 2, 255], &mut Serializer::new(&mut out, &cfg))?;
    /// assert_eq!(Variant::decode(&out, &cfg)?, Variant::PackedByteArray(vec![1, 2, 255]));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn serialize<S: Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
        ser_bytes(v, s)
    }

    /// Reads a PackedByteArray (or an Array of ints) (see the module example).
    ///
    /// ```
    /// use godot_bin::{Config, de::Deserializer, Variant};
    /// let cfg = Config::default();
    /// let ints = Variant::from(vec![Variant::Int(1), Variant::Int(255)]).encode(&cfg)?;
    /// assert_eq!(godot_bin::packed::bytes::deserialize(&mut Deserializer::new(&ints, &cfg))?, [1, 255]);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        de_bytes(d)
    }
}

adapter!(
    /// `#[serde(with = "godot_bin::packed::int32")]`: `Vec<i32>` as a PackedInt32Array (`PoolIntArray`).
    int32, i32, "$godot_bin::PackedInt32Array", "1, -2"
);
adapter!(
    /// `#[serde(with = "godot_bin::packed::int64")]`: `Vec<i64>` as a PackedInt64Array (Godot 4).
    int64, i64, "$godot_bin::PackedInt64Array", "1, -5_000_000_000"
);
adapter!(
    /// `#[serde(with = "godot_bin::packed::float32")]`: `Vec<f32>` as a PackedFloat32Array (`PoolRealArray`).
    float32, f32, "$godot_bin::PackedFloat32Array", "0.5, -1.25"
);
adapter!(
    /// `#[serde(with = "godot_bin::packed::float64")]`: `Vec<f64>` as a PackedFloat64Array (Godot 4).
    float64, f64, "$godot_bin::PackedFloat64Array", "0.1"
);
adapter!(
    /// `#[serde(with = "godot_bin::packed::string")]`: `Vec<String>` as a PackedStringArray.
    string, String, "$godot_bin::PackedStringArray", "\"a\".to_string()"
);
adapter!(
    /// `#[serde(with = "godot_bin::packed::vector2")]`: `Vec<[f32; 2]>` as a PackedVector2Array.
    vector2, [f32; 2], "$godot_bin::PackedVector2Array", "[1.0, 2.0]"
);
adapter!(
    /// `#[serde(with = "godot_bin::packed::vector3")]`: `Vec<[f32; 3]>` as a PackedVector3Array.
    vector3, [f32; 3], "$godot_bin::PackedVector3Array", "[1.0, 2.0, 3.0]"
);
adapter!(
    /// `#[serde(with = "godot_bin::packed::vector4")]`: `Vec<[f32; 4]>` as a PackedVector4Array (Godot 4.3+).
    vector4, [f32; 4], "$godot_bin::PackedVector4Array", "[1.0, 2.0, 3.0, 4.0]"
);
adapter!(
    /// `#[serde(with = "godot_bin::packed::color")]`: `Vec<[f32; 4]>` (r, g, b, a) as a PackedColorArray.
    color, [f32; 4], "$godot_bin::PackedColorArray", "[1.0, 0.5, 0.0, 1.0]"
);
