//! The JSON tree the JSON form is built in and read from: serde_json's `Value` in shape, but objects keep
//! their members in order whatever serde_json's features (its `Map` is sorted unless the whole build turns
//! on `preserve_order`), and numbers read from text are correctly rounded (without `float_roundtrip`
//! serde_json's parser may be an ulp off, so [`Value::from_text`] reads each float's digits again).

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Number;

/// A JSON value (the subset of serde_json's `Value` API the JSON form uses).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Value {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Value>),
    Object(Map),
}

/// A JSON object's members in order. As in serde_json with `preserve_order`, a key read twice keeps its
/// first place and its last value.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Map(Vec<(String, Value)>);

impl Map {
    pub(super) fn new() -> Self {
        Map(Vec::new())
    }

    /// Sets `k` to `v`: in place if `k` is there, else at the end.
    pub(super) fn insert(&mut self, k: String, v: Value) {
        match self.0.iter_mut().find(|(x, _)| *x == k) {
            Some(slot) => slot.1 = v,
            None => self.0.push((k, v)),
        }
    }

    /// Appends `k`, which the caller knows is not there yet (a Dictionary's distinct String keys).
    pub(super) fn push_new(&mut self, k: String, v: Value) {
        self.0.push((k, v));
    }

    pub(super) fn get(&self, k: &str) -> Option<&Value> {
        self.0.iter().find(|(x, _)| x == k).map(|(_, v)| v)
    }

    pub(super) fn contains_key(&self, k: &str) -> bool {
        self.get(k).is_some()
    }

    pub(super) fn keys(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(k, _)| k)
    }

    pub(super) fn len(&self) -> usize {
        self.0.len()
    }

    /// Members as read, a key possibly more than once: each key keeps its first place and its last value
    /// (sorting the places by key finds the repeats without a quadratic search).
    fn dedupe(&mut self) {
        let m = &mut self.0;
        if m.len() > 1 {
            let mut order: Vec<usize> = (0..m.len()).collect();
            order.sort_by(|&a, &b| m[a].0.cmp(&m[b].0).then(a.cmp(&b)));
            let runs: Vec<&[usize]> = order.chunk_by(|&a, &b| m[a].0 == m[b].0).filter(|r| r.len() > 1).collect();
            if !runs.is_empty() {
                let mut gone = vec![false; m.len()];
                for run in runs {
                    let (first, last) = (run[0], run[run.len() - 1]);
                    m[first].1 = std::mem::replace(&mut m[last].1, Value::Null);
                    run[1..].iter().for_each(|&i| gone[i] = true);
                }
                let mut i = 0;
                m.retain(|_| {
                    i += 1;
                    !gone[i - 1]
                });
            }
        }
    }
}

impl std::ops::Index<&str> for Map {
    type Output = Value;
    fn index(&self, k: &str) -> &Value {
        self.get(k).unwrap_or(&Value::Null)
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a String, &'a Value);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (String, Value)>, fn(&'a (String, Value)) -> Self::Item>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl Value {
    /// An object of `members`, in their order (their keys distinct).
    pub(super) fn object<const N: usize>(members: [(&str, Value); N]) -> Value {
        Value::Object(Map(members.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()))
    }

    pub(super) fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    pub(super) fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub(super) fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub(super) fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    pub(super) fn as_u64(&self) -> Option<u64> {
        match self {
            Value::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    /// The member `k` of an object.
    pub(super) fn get(&self, k: &str) -> Option<&Value> {
        match self {
            Value::Object(m) => m.get(k),
            _ => None,
        }
    }

    /// One JSON document read from `text` (which holds it and nothing else but white space), its floats
    /// correctly rounded.
    pub(super) fn from_text(text: &str) -> serde_json::Result<Value> {
        let mut v: Value = serde_json::from_str(text)?;
        v.finish(text);
        Ok(v)
    }

    /// Makes a document just read from `text` what serde_json would have read with `float_roundtrip` and
    /// `preserve_order`: floats correctly rounded, then each repeated key in its first place with its last
    /// value.
    pub(super) fn finish(&mut self, text: &str) {
        self.exact_floats(text);
        let mut stack: Vec<&mut Value> = vec![self];
        while let Some(v) = stack.pop() {
            match v {
                Value::Array(a) => stack.extend(a.iter_mut()),
                Value::Object(m) => {
                    m.dedupe();
                    stack.extend(m.0.iter_mut().map(|(_, v)| v));
                }
                _ => {}
            }
        }
    }

    /// Sets every float to the correctly rounded value of its digits in `text`, the document it was read
    /// from. The number tokens of `text` and the numbers of the tree are in the same order, one for one.
    fn exact_floats(&mut self, text: &str) {
        let mut tokens = NumberTokens { b: text.as_bytes(), i: 0 };
        let mut stack: Vec<&mut Value> = vec![self];
        while let Some(v) = stack.pop() {
            match v {
                Value::Number(n) => {
                    let Some(t) = tokens.next() else { return };
                    if n.is_f64() {
                        if let Some(x) = t.parse::<f64>().ok().and_then(Number::from_f64) {
                            *n = x;
                        }
                    }
                }
                Value::Array(a) => stack.extend(a.iter_mut().rev()),
                Value::Object(m) => stack.extend(m.0.iter_mut().rev().map(|(_, v)| v)),
                _ => {}
            }
        }
    }
}

/// The number tokens of JSON text, in order (strings skipped).
struct NumberTokens<'t> {
    b: &'t [u8],
    i: usize,
}

impl<'t> Iterator for NumberTokens<'t> {
    type Item = &'t str;
    fn next(&mut self) -> Option<&'t str> {
        let b = self.b;
        while self.i < b.len() {
            match b[self.i] {
                b'"' => {
                    self.i += 1;
                    while self.i < b.len() && b[self.i] != b'"' {
                        self.i += if b[self.i] == b'\\' { 2 } else { 1 };
                    }
                    self.i += 1;
                }
                b'-' | b'0'..=b'9' => {
                    let start = self.i;
                    while self.i < b.len() && matches!(b[self.i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                        self.i += 1;
                    }
                    return std::str::from_utf8(&b[start..self.i]).ok();
                }
                _ => self.i += 1,
            }
        }
        None
    }
}

impl From<&serde_json::Value> for Value {
    fn from(j: &serde_json::Value) -> Self {
        match j {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => Value::Number(n.clone()),
            serde_json::Value::String(s) => Value::String(s.clone()),
            serde_json::Value::Array(a) => Value::Array(a.iter().map(Value::from).collect()),
            serde_json::Value::Object(m) => Value::Object(Map(m.iter().map(|(k, v)| (k.clone(), v.into())).collect())),
        }
    }
}

impl From<Value> for serde_json::Value {
    fn from(j: Value) -> Self {
        match j {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(b),
            Value::Number(n) => serde_json::Value::Number(n),
            Value::String(s) => serde_json::Value::String(s),
            Value::Array(a) => serde_json::Value::Array(a.into_iter().map(Into::into).collect()),
            Value::Object(m) => serde_json::Value::Object(m.0.into_iter().map(|(k, v)| (k, v.into())).collect()),
        }
    }
}

macro_rules! from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(x: $t) -> Self {
                Value::Number(Number::from(x))
            }
        }
    )*};
}
from_number!(i32, i64, u32, u64, u8, u16, i16, i8, usize, isize);

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.to_owned())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s)
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Number(n) => n.serialize(s),
            Value::String(t) => s.serialize_str(t),
            Value::Array(a) => a.serialize(s),
            Value::Object(m) => {
                let mut o = s.serialize_map(Some(m.len()))?;
                for (k, v) in &m.0 {
                    o.serialize_entry(k, v)?;
                }
                o.end()
            }
        }
    }
}

impl fmt::Display for Value {
    /// Compact JSON text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serde_json::to_string(self).map_err(|_| fmt::Error)?)
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any valid JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, x: i64) -> Result<Value, E> {
        Ok(Value::Number(x.into()))
    }
    fn visit_u64<E>(self, x: u64) -> Result<Value, E> {
        Ok(Value::Number(x.into()))
    }
    fn visit_f64<E>(self, x: f64) -> Result<Value, E> {
        Ok(Number::from_f64(x).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_owned()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Deserialize::deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Value, A::Error> {
        let mut v = Vec::with_capacity(a.size_hint().unwrap_or(0).min(4096));
        while let Some(x) = a.next_element()? {
            v.push(x);
        }
        Ok(Value::Array(v))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Value, A::Error> {
        let mut m = Vec::new();
        while let Some((k, v)) = a.next_entry::<String, Value>()? {
            m.push((k, v));
        }
        // Repeated keys are resolved by `Value::finish`, after the floats are read again in token order.
        Ok(Value::Object(Map(m)))
    }
}
