//! Working with a [`Variant`] the way `serde_json::Value` is worked with: indexing (`v["key"]`, `v[0]`),
//! `get`/`get_mut`, `as_*`/`is_*` accessors, and `From`/`FromIterator` for Rust values.
//!
//! ```
//! use godot_bin::{Variant, markers::Vector2};
//! let mut v: Variant = [("hp", Variant::from(99.5)), ("pos", Vector2::new(1.0, 2.0).into())]
//!     .into_iter()
//!     .collect();
//! assert_eq!(v["hp"].as_float(), Some(99.5));
//! assert!(v["missing"].is_nil());          // a missing entry reads as nil, as in serde_json
//! v["tags"] = ["npc", "boss"].into_iter().collect();
//! assert_eq!(v["tags"][1].as_str(), Some("boss"));
//! ```

use std::collections::{BTreeMap, HashMap};
use std::ops;

use crate::markers::{
    Aabb, Basis, Color, Plane, Projection, Quaternion, Rect2, Rect2i, Rid, StringName, Transform2D, Transform3D,
    Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i,
};
use crate::value::{Array, Dictionary, Entries, Variant, VariantIndex};

impl VariantIndex for usize {
    fn index_into<'v>(&self, v: &'v Variant) -> Option<&'v Variant> {
        v.as_array()?.items.get(*self)
    }
    fn index_into_mut<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant> {
        v.as_array_mut()?.items.get_mut(*self)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Variant) -> &'v mut Variant {
        let kind = v.kind();
        match v.as_array_mut() {
            Some(a) => {
                let len = a.items.len();
                a.items.get_mut(*self).unwrap_or_else(|| panic!("index {} out of range for an Array of {len}", self))
            }
            None => panic!("cannot index a {kind:?} with a position"),
        }
    }
}

impl VariantIndex for str {
    fn index_into<'v>(&self, v: &'v Variant) -> Option<&'v Variant> {
        v.as_dictionary()?.entries.iter().find(|(k, _)| k.as_str() == Some(self)).map(|(_, x)| x)
    }
    fn index_into_mut<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant> {
        let entries = &mut v.as_dictionary_mut()?.entries;
        let i = text_key_position(entries, self)?;
        entries.value_mut(i)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Variant) -> &'v mut Variant {
        if v.is_nil() {
            *v = Variant::Dictionary(Box::default());
        }
        let kind = v.kind();
        let Some(d) = v.as_dictionary_mut() else { panic!("cannot index a {kind:?} with a key") };
        let i = match text_key_position(&mut d.entries, self) {
            Some(i) => i,
            None => {
                d.entries.push((Variant::from(self), Variant::Nil));
                d.entries.len() - 1
            }
        };
        d.entries.value_mut(i).unwrap_or_else(|| unreachable!("entry {i} was just found or added"))
    }
}

/// The first entry whose key is the String or the StringName `text`, found through the entries' index (built
/// for a dictionary past a few entries), so that setting many keys by name is linear, not a scan per key.
fn text_key_position(entries: &mut Entries, text: &str) -> Option<usize> {
    let as_string = entries.position_indexed(&Variant::from(text));
    let as_name = entries.position_indexed(&Variant::StringName(StringName::from(text)));
    as_string.into_iter().chain(as_name).min()
}

impl VariantIndex for String {
    fn index_into<'v>(&self, v: &'v Variant) -> Option<&'v Variant> {
        self.as_str().index_into(v)
    }
    fn index_into_mut<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant> {
        self.as_str().index_into_mut(v)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Variant) -> &'v mut Variant {
        self.as_str().index_or_insert(v)
    }
}

impl<T: ?Sized + VariantIndex> VariantIndex for &T {
    fn index_into<'v>(&self, v: &'v Variant) -> Option<&'v Variant> {
        (**self).index_into(v)
    }
    fn index_into_mut<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant> {
        (**self).index_into_mut(v)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Variant) -> &'v mut Variant {
        (**self).index_or_insert(v)
    }
}

static NIL: Variant = Variant::Nil;

impl<I: VariantIndex> ops::Index<I> for Variant {
    type Output = Variant;

    /// The entry at `index`, or nil where there is none (a missing key, a position past the end, or a value
    /// that is no Array or Dictionary), as `serde_json::Value` does.
    ///
    /// ```
    /// use godot_bin::Variant;
    /// let v = Variant::from(vec![Variant::from("a")]);
    /// assert_eq!(v[0].as_str(), Some("a"));
    /// assert!(v[5].is_nil() && v["k"].is_nil() && Variant::Int(1)[0].is_nil());
    /// ```
    fn index(&self, index: I) -> &Variant {
        index.index_into(self).unwrap_or(&NIL)
    }
}

impl<I: VariantIndex> ops::IndexMut<I> for Variant {
    /// The place of the entry at `index`, for assignment. A missing key is added (a nil becomes an empty
    /// Dictionary first), as `serde_json::Value` does.
    ///
    /// # Panics
    /// On a position past the end of an Array, and on a value that is neither container (nor nil, for a
    /// key), as `serde_json::Value` does.
    ///
    /// ```
    /// use godot_bin::Variant;
    /// let mut v = Variant::Nil;
    /// v["hp"] = 10.into();
    /// v["hp"] = 12.into();
    /// assert_eq!(v["hp"].as_int(), Some(12));
    /// assert_eq!(v.as_dictionary().map(|d| d.entries.len()), Some(1));
    /// ```
    fn index_mut(&mut self, index: I) -> &mut Variant {
        index.index_or_insert(self)
    }
}

impl Variant {
    /// The entry at `index` (a position in an Array, or a text key of a Dictionary), if there is one.
    ///
    /// ```
    /// use godot_bin::{Dictionary, markers::StringName, Variant};
    /// let mut d = Dictionary::default();
    /// d.insert(StringName::from("name").into(), "Ada".into());
    /// let v = Variant::from(d);
    /// assert_eq!(v.get("name").and_then(Variant::as_str), Some("Ada")); // a StringName key is found too
    /// assert_eq!(v.get(0), None);
    /// ```
    pub fn get<I: VariantIndex>(&self, index: I) -> Option<&Variant> {
        index.index_into(self)
    }

    /// The entry at `index`, to change in place.
    ///
    /// ```
    /// use godot_bin::Variant;
    /// let mut v = Variant::from(vec![Variant::Int(1)]);
    /// *v.get_mut(0).unwrap() = Variant::Int(2);
    /// assert_eq!(v[0], Variant::Int(2));
    /// assert!(v.get_mut(1).is_none());
    /// ```
    pub fn get_mut<I: VariantIndex>(&mut self, index: I) -> Option<&mut Variant> {
        index.index_into_mut(self)
    }

    /// The boolean, for Bool.
    ///
    /// ```
    /// use godot_bin::Variant;
    /// assert_eq!(Variant::Bool(true).as_bool(), Some(true));
    /// assert_eq!(Variant::Int(1).as_bool(), None);
    /// ```
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Variant::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The Array, for an Array (typed or not); its `items` are the elements.
    ///
    /// ```
    /// use godot_bin::Variant;
    /// let v: Variant = [1, 2, 3].into_iter().collect();
    /// assert_eq!(v.as_array().map(|a| a.items.len()), Some(3));
    /// assert!(Variant::from("x").as_array().is_none());
    /// ```
    pub fn as_array(&self) -> Option<&Array> {
        match self {
            Variant::Array(a) | Variant::PackedTypedArray(a) => Some(a),
            _ => None,
        }
    }

    /// The Array, to change in place.
    ///
    /// ```
    /// use godot_bin::Variant;
    /// let mut v = Variant::from(Vec::<Variant>::new());
    /// v.as_array_mut().unwrap().items.push(Variant::Int(1));
    /// assert_eq!(v[0], Variant::Int(1));
    /// ```
    pub fn as_array_mut(&mut self) -> Option<&mut Array> {
        match self {
            Variant::Array(a) | Variant::PackedTypedArray(a) => Some(a),
            _ => None,
        }
    }

    /// The Dictionary, for a Dictionary (typed or not); its `entries` keep their order.
    ///
    /// ```
    /// use godot_bin::Variant;
    /// let v: Variant = [("a", 1)].into_iter().collect();
    /// assert_eq!(v.as_dictionary().map(|d| d.entries.len()), Some(1));
    /// ```
    pub fn as_dictionary(&self) -> Option<&Dictionary> {
        match self {
            Variant::Dictionary(d) => Some(d),
            _ => None,
        }
    }

    /// The Dictionary, to change in place.
    ///
    /// ```
    /// use godot_bin::Variant;
    /// let mut v: Variant = [("a", 1)].into_iter().collect();
    /// v.as_dictionary_mut().unwrap().insert("b".into(), 2.into());
    /// assert_eq!(v["b"].as_int(), Some(2));
    /// ```
    pub fn as_dictionary_mut(&mut self) -> Option<&mut Dictionary> {
        match self {
            Variant::Dictionary(d) => Some(d),
            _ => None,
        }
    }
}

/// `From` for the Rust values with one Godot counterpart each: the narrower ints and f32, and the math
/// markers.
macro_rules! from_value {
    ($($t:ty => |$x:ident| $e:expr;)*) => {$(
        impl From<$t> for Variant {
            fn from($x: $t) -> Variant {
                $e
            }
        }
    )*};
}

from_value! {
    i8 => |x| Variant::Int(x.into());
    i16 => |x| Variant::Int(x.into());
    u8 => |x| Variant::Int(x.into());
    u16 => |x| Variant::Int(x.into());
    u32 => |x| Variant::Int(x.into());
    f32 => |x| Variant::Float(x.into());
    Vector2 => |x| Variant::Vector2(x);
    Vector2i => |x| Variant::Vector2i(x);
    Rect2 => |x| Variant::Rect2(x);
    Rect2i => |x| Variant::Rect2i(x);
    Vector3 => |x| Variant::Vector3(x);
    Vector3i => |x| Variant::Vector3i(x);
    Transform2D => |x| Variant::Transform2D(Box::new(x));
    Vector4 => |x| Variant::Vector4(x);
    Vector4i => |x| Variant::Vector4i(x);
    Plane => |x| Variant::Plane(x);
    Quaternion => |x| Variant::Quaternion(x);
    Aabb => |x| Variant::Aabb(Box::new(x));
    Basis => |x| Variant::Basis(Box::new(x));
    Transform3D => |x| Variant::Transform3D(Box::new(x));
    Projection => |x| Variant::Projection(Box::new(x));
    Color => |x| Variant::Color(x);
    Rid => |x| Variant::Rid(x);
}

impl<T: Into<Variant>> FromIterator<T> for Variant {
    /// An untyped Array of the items.
    ///
    /// ```
    /// use godot_bin::{Variant, markers::Vector2};
    /// let v: Variant = (0..3).map(|i| Vector2::new(i as f64, 0.0)).collect();
    /// assert_eq!(v[2], Variant::Vector2(Vector2::new(2.0, 0.0)));
    /// ```
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Variant {
        Variant::from(items.into_iter().map(Into::into).collect::<Vec<Variant>>())
    }
}

impl<K: Into<Variant>, V: Into<Variant>> FromIterator<(K, V)> for Dictionary {
    /// An untyped Dictionary of the pairs, in order; a repeated key keeps its place and takes the later
    /// value (as [`Dictionary::insert`]).
    ///
    /// ```
    /// use godot_bin::{Dictionary, Variant};
    /// let d: Dictionary = [("a", 1), ("b", 2), ("a", 3)].into_iter().collect();
    /// assert_eq!(d.entries, [("a".into(), Variant::Int(3)), ("b".into(), Variant::Int(2))]);
    /// ```
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Dictionary {
        let mut d = Dictionary::default();
        for (k, v) in pairs {
            d.insert(k.into(), v.into());
        }
        d
    }
}

impl<K: Into<Variant>, V: Into<Variant>> FromIterator<(K, V)> for Variant {
    /// An untyped Dictionary of the pairs (see [`Dictionary`]'s `FromIterator`).
    ///
    /// ```
    /// use godot_bin::Variant;
    /// let v: Variant = [("hp", 10)].into_iter().collect();
    /// assert_eq!(v["hp"].as_int(), Some(10));
    /// ```
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Variant {
        Variant::Dictionary(Box::new(pairs.into_iter().collect()))
    }
}

impl<K: Into<Variant>, V: Into<Variant>, S> From<HashMap<K, V, S>> for Variant {
    /// An untyped Dictionary of the map's entries, in the map's (unspecified) order: use a `BTreeMap` or
    /// an `IndexMap` where the order matters to the engine.
    ///
    /// ```
    /// use std::collections::HashMap;
    /// let v = godot_bin::Variant::from(HashMap::from([("a", 1)]));
    /// assert_eq!(v["a"].as_int(), Some(1));
    /// ```
    fn from(m: HashMap<K, V, S>) -> Variant {
        m.into_iter().collect()
    }
}

impl<K: Into<Variant>, V: Into<Variant>> From<BTreeMap<K, V>> for Variant {
    /// An untyped Dictionary of the map's entries, in key order.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// let v = godot_bin::Variant::from(BTreeMap::from([("b", 2), ("a", 1)]));
    /// assert_eq!(v.as_dictionary().unwrap().entries[0].0.as_str(), Some("a"));
    /// ```
    fn from(m: BTreeMap<K, V>) -> Variant {
        m.into_iter().collect()
    }
}

impl From<&String> for Variant {
    /// A String.
    ///
    /// ```
    /// let s = String::from("x");
    /// assert_eq!(godot_bin::Variant::from(&s).as_str(), Some("x"));
    /// ```
    fn from(s: &String) -> Variant {
        Variant::String(s.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markers::StringName;

    #[test]
    fn index_mut_on_a_string_name_key_changes_that_entry() {
        let mut d = Dictionary::default();
        d.insert(StringName::from("k").into(), 1.into());
        let mut v = Variant::from(d);
        v["k"] = 2.into();
        assert_eq!(v.as_dictionary().unwrap().entries, [(StringName::from("k").into(), Variant::Int(2))]);
    }

    /// With the index built (past a few entries), a name finds the first entry whose key is that String or
    /// that StringName, as a scan in order does.
    #[test]
    fn index_by_name_finds_the_first_string_or_string_name_key() {
        for name_first in [true, false] {
            let mut d = Dictionary::default();
            for i in 0..20 {
                d.insert(Variant::from(format!("x{i}")), Variant::Nil);
            }
            let (a, b) = (Variant::from(StringName::from("k")), Variant::from("k"));
            let (first, second) = if name_first { (a, b) } else { (b, a) };
            d.insert(first.clone(), 1.into());
            d.insert(second.clone(), 2.into());
            let mut v = Variant::from(d);
            v["k"] = 3.into();
            v["new"] = 4.into();
            let entries = &v.as_dictionary().unwrap().entries;
            assert_eq!(entries[20], (first, Variant::Int(3)));
            assert_eq!(entries[21], (second, Variant::Int(2)));
            assert_eq!(entries[22], (Variant::from("new"), Variant::Int(4)));
            assert_eq!(entries.len(), 23);
        }
    }

    #[test]
    #[should_panic(expected = "out of range")]
    fn index_mut_past_the_end_panics_like_serde_json() {
        let mut v = Variant::from(vec![Variant::Nil]);
        v[1] = 1.into();
    }
}
