//! The accesses the streaming deserializer hands to visitors: Array elements, Dictionary entries, packed
//! array elements, math components, and the `{"Name": payload}` / `"Name"` enum forms.

use std::borrow::Cow;

use serde::de::{self, DeserializeSeed, Visitor};

use crate::error::{Error, Result, Step};
use crate::types::TypeKind;

use super::key::{forward_key, key_at_step, key_forwarding, key_text, scalar_text, NameDe};
use super::scalar::{float_wide, int_narrow, int_wide, Scalar, ScalarDe};
use super::stream::{reads_as_struct, Deserializer, Next};
use crate::format::magic::DepthGuard;

pub(super) struct SeqAccess<'a, 'de, 'c> {
    pub(super) de: &'a mut Deserializer<'de, 'c>,
    pub(super) left: usize,
    /// Elements read so far (for an error's path).
    pub(super) index: usize,
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, 'de, '_> {
    type Error = Error;
    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        self.index += 1;
        self.de.dec.start_slot();
        let i = self.index - 1;
        seed.deserialize(&mut *self.de).map(Some).map_err(|e| e.inside(Step::Index(i)))
    }
    #[inline]
    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

pub(super) struct MapAccess<'a, 'de, 'c> {
    pub(super) de: &'a mut Deserializer<'de, 'c>,
    pub(super) left: usize,
    /// A struct is read (not a map). Its entries' count was checked against the input but not promised
    /// (`fast_container`), so its keys and values start no slot: a struct reserves no memory for its entries
    /// (its fields are its own), and the containers inside it are still held to what is left of the input
    /// after the open containers' promises. A map's entries were promised; each key and value starts a slot.
    pub(super) is_struct: bool,
    /// How much of the input was left where the last key starts (an error's path finds the key there and
    /// decodes it again).
    pub(super) key_left: usize,
    /// A struct's keys may take the plain-name fast path: `is_struct`, and the level within the depth limit
    /// (its depth does not change while its entries are read, so this is checked once, not per key).
    pub(super) fast_keys: bool,
}

impl<'a, 'de, 'c> MapAccess<'a, 'de, 'c> {
    /// The access to the `n` entries of a Dictionary whose count was read, one level deeper already: as a
    /// struct when `fields` says so (see [`reads_as_struct`]).
    #[inline(always)]
    pub(super) fn new(de: &'a mut Deserializer<'de, 'c>, n: usize, fields: &'static [&'static str]) -> Self {
        let is_struct = reads_as_struct(fields);
        let fast_keys = is_struct && de.depth < de.fast_below;
        MapAccess { de, left: n, is_struct, key_left: 0, fast_keys }
    }
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de, '_> {
    type Error = Error;
    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        // Where the key starts, for an error's path.
        self.key_left = self.de.dec.r.remaining();
        // A struct's key (not a map's: a struct with `#[serde(flatten)]` is read as a map, and its other keys
        // are kept as they are handed over) that is a plain ASCII name: handed to the field identifier as it is.
        if self.fast_keys {
            if let Some((name, total)) = self.de.plain_name_here(0) {
                self.de.dec.r.skip_lenient(total);
                return seed.deserialize(NameDe(name)).map(Some);
            }
        }
        if !self.is_struct {
            self.de.dec.start_slot();
        }
        seed.deserialize(KeyDe(&mut *self.de)).map(Some)
    }
    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        if !self.is_struct {
            self.de.dec.start_slot();
        }
        let left = self.key_left;
        seed.deserialize(&mut *self.de).map_err(|e| {
            let whole = self.de.dec.r.whole();
            e.inside(key_at_step(whole.len() - left, whole, self.de.dec.cfg()))
        })
    }
    #[inline]
    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// The elements of a packed array of scalars, read raw.
pub(super) struct PackedAccess<'a, 'de, 'c> {
    pub(super) de: &'a mut Deserializer<'de, 'c>,
    pub(super) kind: TypeKind,
    pub(super) left: usize,
}

impl<'de> de::SeqAccess<'de> for PackedAccess<'_, 'de, '_> {
    type Error = Error;
    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let at = self.de.dec.r.pos();
        let s = match self.kind {
            TypeKind::PackedInt32Array => Scalar::Int(int_narrow(self.de.reader().u32()?)),
            TypeKind::PackedInt64Array => Scalar::Int(int_wide(self.de.reader().u64()?)),
            TypeKind::PackedFloat32Array => Scalar::F32(self.de.reader().f32()?),
            TypeKind::PackedFloat64Array => Scalar::Float(float_wide(self.de.reader().u64()?)),
            _ if self.de.fast => match self.de.plain_field(0) {
                Some((t, total)) => {
                    self.de.dec.r.skip_lenient(total);
                    Scalar::Borrowed(t)
                }
                None => match self.de.dec.str_cow()? {
                    Cow::Borrowed(s) => Scalar::Borrowed(s),
                    Cow::Owned(s) => Scalar::Owned(s),
                },
            },
            _ => match self.de.dec.str_cow()? {
                Cow::Borrowed(s) => Scalar::Borrowed(s),
                Cow::Owned(s) => Scalar::Owned(s),
            },
        };
        seed.deserialize(ScalarDe { s, at: Some(at) }).map(Some)
    }
    #[inline]
    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// `{"Name": payload}` on the wire, as an enum.
pub(super) struct DictEnum<'a, 'de, 'c> {
    pub(super) de: &'a mut Deserializer<'de, 'c>,
    /// The variant's name when it was already read, a plain ASCII name (the entry's slots not promised), else
    /// `None`: the key is next on the wire (both slots promised).
    pub(super) name: Option<&'de [u8]>,
}

impl<'a, 'de, 'c> de::EnumAccess<'de> for DictEnum<'a, 'de, 'c> {
    type Error = Error;
    type Variant = DictVariant<'a, 'de, 'c>;
    #[inline]
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self::Variant)> {
        let v = match self.name {
            // The entry's slots were never promised (see `deserialize_enum`).
            Some(name) => seed.deserialize(NameDe(name))?,
            None => read_variant_key(self.de, seed)?,
        };
        Ok((v, DictVariant(self.de)))
    }
}

/// The value of a `{"Name": payload}` entry, the name read: the variant's payload. Only the deserializer, so
/// that the variant's identifier and this are handed back together in registers or plain words (a wider
/// tuple was copied through memory in pieces that the processor could not forward: a stall per message).
pub(super) struct DictVariant<'a, 'de, 'c>(pub(super) &'a mut Deserializer<'de, 'c>);

/// The general path of [`DictEnum::variant_seed`]: the key read from the wire, then the value's slot
/// started (out of line, so that the common path, a name already read, keeps a small frame).
#[inline(never)]
pub(super) fn read_variant_key<'de, V: DeserializeSeed<'de>>(
    de: &mut Deserializer<'de, '_>, seed: V,
) -> Result<V::Value> {
    de.dec.start_slot();
    let v = seed.deserialize(&mut *de)?;
    de.dec.start_slot();
    Ok(v)
}

impl<'de> de::VariantAccess<'de> for DictVariant<'_, 'de, '_> {
    type Error = Error;
    #[inline]
    fn unit_variant(self) -> Result<()> {
        de::Deserialize::deserialize(&mut *self.0).map(|_: de::IgnoredAny| ())
    }
    #[inline]
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(&mut *self.0)
    }
    #[inline]
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_seq(&mut *self.0, visitor)
    }
    #[inline]
    fn struct_variant<V: Visitor<'de>>(self, fields: &'static [&'static str], visitor: V) -> Result<V::Value> {
        // Read as a struct, its keys handed to the field identifier (any name not starting with `$` will do).
        de::Deserializer::deserialize_struct(&mut *self.0, "", fields, visitor)
    }
}

impl<'de> Deserializer<'de, '_> {
    /// A `{"Name": payload}` Dictionary whose count (1) was read, as an enum, one level deeper. `name`: the
    /// variant's name when it was read already (its `skip` bytes on the wire are skipped once the level is
    /// entered), else `None`: the key is next on the wire.
    #[inline(always)]
    pub(super) fn visit_dict_enum<V: Visitor<'de>>(
        &mut self, name: Option<&'de [u8]>, skip: usize, visitor: V,
    ) -> Result<V::Value> {
        let _g = DepthGuard::enter(Some(self.dec.r.pos()), || Some(self.dec.cfg().serde_stack()))?;
        self.depth += 1;
        self.dec.r.skip_lenient(skip);
        let r = visitor.visit_enum(DictEnum { de: self, name });
        self.depth -= 1;
        r
    }

    /// The `n` elements of a packed array of `kind` whose count was read, as a sequence.
    #[inline]
    pub(super) fn visit_packed<V: Visitor<'de>>(&mut self, kind: TypeKind, n: usize, visitor: V) -> Result<V::Value> {
        let _g = DepthGuard::enter(Some(self.dec.r.pos()), || Some(self.dec.cfg().serde_stack()))?;
        self.depth += 1;
        let r = visitor.visit_seq(PackedAccess { de: self, kind, left: n });
        self.depth -= 1;
        r
    }

    /// Visits an Array or Dictionary of `n` elements whose count was read. `fields`: the struct's field
    /// names when a struct is read from the Dictionary (not empty: its plain keys go to the field identifier
    /// as they are, see [`NameDe`]).
    #[inline]
    pub(super) fn visit_container<V: Visitor<'de>>(
        &mut self, n: usize, map: bool, fields: &'static [&'static str], visitor: V,
    ) -> Result<V::Value> {
        if map {
            self.visit_dict(n, fields, visitor)
        } else {
            self.visit_array(n, visitor)
        }
    }

    /// [`Deserializer::visit_container`] for a Dictionary (its own function: a smaller frame than both kinds').
    #[inline(never)]
    pub(super) fn visit_dict<V: Visitor<'de>>(
        &mut self, n: usize, fields: &'static [&'static str], visitor: V,
    ) -> Result<V::Value> {
        let at = self.dec.r.pos();
        let _g = DepthGuard::enter(Some(at), || Some(self.dec.cfg().serde_stack()))?;
        self.depth += 1;
        let mut acc = MapAccess::new(self, n, fields);
        let r = visitor.visit_map(&mut acc);
        let left = acc.left;
        // Back out of the level whatever happened: a visitor that swallows an error inside (a field read
        // "or default") goes on reading at this level.
        self.depth -= 1;
        let v = r?;
        if left != 0 {
            return Err(Error::invalid("dictionary has more entries than the type reads", Some(at)));
        }
        Ok(v)
    }

    /// [`Deserializer::visit_container`] for an Array.
    #[inline(never)]
    pub(super) fn visit_array<V: Visitor<'de>>(&mut self, n: usize, visitor: V) -> Result<V::Value> {
        let at = self.dec.r.pos();
        let _g = DepthGuard::enter(Some(at), || Some(self.dec.cfg().serde_stack()))?;
        self.depth += 1;
        let mut acc = SeqAccess { de: self, left: n, index: 0 };
        let r = visitor.visit_seq(&mut acc);
        let left = acc.left;
        self.depth -= 1; // whatever happened, as in `visit_dict`
        let v = r?;
        if left != 0 {
            return Err(Error::invalid("array has more elements than the type reads", Some(at)));
        }
        Ok(v)
    }
}

/// A streamed Dictionary key.
pub(super) struct KeyDe<'a, 'de, 'c>(pub(super) &'a mut Deserializer<'de, 'c>);

impl<'de> de::Deserializer<'de> for KeyDe<'_, 'de, '_> {
    type Error = Error;

    #[inline]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        // The common case: a plain String key, handed over borrowed.
        if let Some(t) = self.0.plain_str() {
            return visitor.visit_borrowed_str(t);
        }
        // A container key is decoded whole by the core (its count promised once, there).
        let mut peek = self.0.dec.r.clone();
        let id = peek.u32()? & crate::wire::TYPE_MASK;
        if matches!(self.0.dec.cfg().dialect().type_kind(id), Some(TypeKind::Array | TypeKind::Dictionary)) {
            let v = self.0.dec.value(self.0.depth)?;
            return visitor.visit_string(key_text(&v));
        }
        let saved = self.0.dec.r.clone();
        match self.0.next()? {
            Next::Scalar(s, at) => match scalar_text(&s) {
                Some(t) => visitor.visit_string(t),
                None => ScalarDe { s, at: Some(at) }.deserialize_str(visitor),
            },
            Next::Whole(v, _) => visitor.visit_string(key_text(&v)),
            _ => {
                // Packed arrays: nothing promised; read again whole.
                self.0.dec.r = saved;
                let v = self.0.dec.value(self.0.depth)?;
                visitor.visit_string(key_text(&v))
            }
        }
    }
    key_forwarding!();
}
