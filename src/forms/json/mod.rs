//! A lossless, type-tagged JSON form of a [`Variant`] (feature `json`), for `jq` users and other tools.
//!
//! Plain JSON where JSON is unambiguous, a one-key `{"$Type": …}` object where it is not:
//!
//! | Variant | JSON |
//! |---|---|
//! | `null`, `bool`, `String` | `null`, `true`/`false`, `"text"` |
//! | `int` | an integer: `5` |
//! | `float` | a number with a fraction or exponent: `5.0`, `0.1`, `-0.0`, `1e300`; non-finite and NaN payloads as `{"$float": "inf"}`, `"-inf"`, `"nan"`, or `"0x7ff8000000000001"` (the f64 bits) |
//! | untyped `Array` | an array: `[1, "a"]` |
//! | `Dictionary` whose keys are all Strings not starting with `$` | an object, in stored order: `{"hp": 10}` |
//! | any other `Dictionary` | `{"$Dictionary": [[key, value], …]}` plus `"key_type"`/`"value_type"` when typed, `"shared": true` (Godot 2) |
//! | typed `Array` | `{"$Array": […], "type": T}`; T is a built-in type name (`"int"`, `"Vector2"`), `{"class": "Node"}` or `{"script": "res://x.gd"}` |
//! | `StringName`, `NodePath` | `{"$StringName": "name"}`, `{"$NodePath": "a/b:c"}` (Godot 2's property as `"property"`) |
//! | math types, `Color` | `{"$Vector2": [1.0, 2.5]}`, `{"$Transform3D": [12 numbers]}`: components in wire order (Basis by rows, Projection by columns) |
//! | integer vectors | `{"$Vector2i": [1, 2]}`, `{"$Rect2i": [x, y, w, h]}` |
//! | packed arrays | `{"$PackedByteArray": "base64"}`, `{"$PackedInt32Array": [1, 2]}`, `{"$PackedStringArray": ["a"]}`, `{"$PackedVector2Array": [[1, 2], …]}`, `{"$PackedColorArray": [[r, g, b, a], …]}`, Pandemonium's `{"$PoolVector2iArray": [[1, 2]]}` … |
//! | `RID`, `Callable`, `Signal` | `{"$RID": 5}`, `{"$Callable": null}`, `{"$Signal": {"name": "hit", "object": 7}}` |
//! | `Object` | `{"$Object": null}`, `{"$Object": {"id": 123}}`, `{"$Object": {"class": "Node", "properties": [["name", value], …]}}` |
//! | Pandemonium `PackedTypedArray` | `{"$PackedTypedArray": […], "type": T}` |
//! | Godot 2 `Image`, `InputEvent` | `{"$Image": {"format", "mipmaps", "width", "height", "data": "base64"}}`, `{"$InputEvent": {"device", "type", …fields}}` |
//!
//! A real component anywhere may be a number or one of the strings `"inf"`, `"-inf"`, `"nan"`, `"0x…"` (bits:
//! 16 hex digits for f64, 8 for f32 slots). f32 values (single-precision math components, `Color`,
//! `PackedFloat32Array`) are printed with their shortest f32 digits (`0.1`, not `0.10000000149011612`).
//! Reading narrows such components to f32 again, so the round trip is exact.
//! Reading JSON text is limited to 128 levels of nesting (serde_json's guard against deep input), so values
//! nested deeper than about 60 containers go through the text form or binary instead.
//!
//! ```
//! use godot_bin::{json, Config, Dictionary, Variant, markers::Vector2};
//! let cfg = Config::default();
//! let mut d = Dictionary::default();
//! d.insert(Variant::from("pos"), Variant::Vector2(Vector2::new(0.1f32 as f64, 2.0)));
//! d.insert(Variant::from("hp"), Variant::Float(99.5));
//! let v = Variant::from(d);
//! let s = json::to_json_string(&v, &cfg);
//! assert_eq!(s, r#"{"pos":{"$Vector2":[0.1,2.0]},"hp":99.5}"#);
//! assert_eq!(json::from_json_str(&s, &cfg)?, v);
//! # Ok::<(), godot_bin::Error>(())
//! ```

use serde_json::Number;

mod tree;

use tree::{Map, Value};

use crate::codec::DictBuilder;
use crate::config::Config;
use crate::data::dict_keys::{self, Building};
use crate::error::{Error, Form};
use crate::markers::*;
use crate::text::{render_path, Seg};
use crate::types::TypeKind;
use crate::value::{with_stack_for, Array, ContainerType, Dictionary, Object, Signal, Variant};
pub use crate::wire::{base64_decode, base64_encode};
use crate::wire::{narrow_exact, widen_exact};

/// The JSON form of `v` (see the module docs). `cfg` says whether math components are f32. A `Dictionary`'s
/// entries are in stored order in [`to_json_string`]; in this `Value` only where serde_json's
/// `preserve_order` feature is on (else its objects are sorted by key).
///
/// ```
/// use godot_bin::{json, Config, Variant};
/// assert_eq!(json::to_json(&Variant::Float(f64::INFINITY), &Config::default()), serde_json::json!({"$float": "inf"}));
/// ```
pub fn to_json(v: &Variant, cfg: &Config) -> serde_json::Value {
    with_stack_for(v, || Out { single: !cfg.double_precision() }.value(v).into())
}

/// [`to_json`] as compact text (one line).
///
/// ```
/// use godot_bin::{json, Config, Variant};
/// assert_eq!(json::to_json_string(&Variant::from(vec![Variant::Int(1), Variant::Float(1.0)]), &Config::default()), "[1,1.0]");
/// ```
pub fn to_json_string(v: &Variant, cfg: &Config) -> String {
    // Built, printed and dropped where the stack has room for its depth.
    with_stack_for(v, || Out { single: !cfg.double_precision() }.value(v).to_string())
}

/// Reads the JSON form back into a value.
///
/// ```
/// use godot_bin::{json, Config, Variant};
/// let v = json::from_json(&serde_json::json!({"$PackedByteArray": "AQI="}), &Config::default()).unwrap();
/// assert_eq!(v, Variant::PackedByteArray(vec![1, 2]));
/// ```
pub fn from_json(j: &serde_json::Value, cfg: &Config) -> Result<Variant, Error> {
    read(&Value::from(j), cfg)
}

fn read(j: &Value, cfg: &Config) -> Result<Variant, Error> {
    In { single: !cfg.double_precision(), cfg, path: Vec::new(), in_key: 0, hash: None, made: None }.value(j)
}

/// Parses JSON text and reads it with [`from_json`].
///
/// ```
/// use godot_bin::{json, Config, Variant};
/// assert_eq!(json::from_json_str("[1, 2.5]", &Config::default()).unwrap(), Variant::from(vec![Variant::Int(1), Variant::Float(2.5)]));
/// let err = json::from_json_str("[1,]", &Config::default()).unwrap_err();
/// assert!(matches!(err.position(), Some(godot_bin::error::Position::Text { line: 1, column: 4, byte: 3 })));
/// let err = json::from_json_str(r#"{"a": {"$Vector2": [1]}}"#, &Config::default()).unwrap_err();
/// assert_eq!(err.to_string(), "at a: Vector2 needs 2 numbers");
/// ```
pub fn from_json_str(s: &str, cfg: &Config) -> Result<Variant, Error> {
    read(&Value::from_text(s).map_err(|e| syntax(s, e))?, cfg)
}

/// Reads a sequence of JSON documents separated by whitespace (one per value of a `store_var` stream, as
/// `decode --framing stream --to json` prints them).
///
/// ```
/// use godot_bin::{json, Config};
/// assert_eq!(json::from_json_str_many("1\n{\"a\": 2}\n", &Config::default()).unwrap().len(), 2);
/// ```
pub fn from_json_str_many(s: &str, cfg: &Config) -> Result<Vec<Variant>, Error> {
    let mut out = Vec::new();
    let mut docs = serde_json::Deserializer::from_str(s).into_iter::<Value>();
    let mut start = 0;
    while let Some(j) = docs.next() {
        let mut j = j.map_err(|e| syntax(s, e))?;
        let end = docs.byte_offset();
        j.finish(&s[start..end]);
        start = end;
        out.push(read(&j, cfg)?);
    }
    Ok(out)
}

/// Gives `value`, read back from JSON that a tool such as `jq` rewrote, the types JSON cannot carry, from
/// `original`, the value the JSON was made from: wherever the two have the same shape, a float slot of the
/// original that now holds an int becomes a float again (`jq` prints `1.0` as `1`), and a real that is
/// numerically equal to the original's takes the original's exact bits (`jq` prints `-0.0` as `-0`).
/// Math types' components, Colors and packed float arrays are reals too. Arrays are matched by position,
/// Dictionaries by key; what the JSON added or changed in shape keeps the JSON's types. An int written
/// where the original had a float becomes a float even if its value changed: `jq` has no way to print
/// `50.0`. The walk keeps its own stack: no depth uses the thread's stack.
///
/// ```
/// use godot_bin::{json, Config, Variant, markers::Vector2};
/// let cfg = Config::default();
/// let original: Variant =
///     [("hp", Variant::Float(100.0)), ("pos", Vector2::new(0.0, -0.0).into()), ("lvl", 3.into())]
///         .into_iter()
///         .collect();
/// // What `json::to_json_string(&original) | jq -c .` gives (jq 1.6 drops ".0" and the sign of -0):
/// let from_jq = r#"{"hp":100,"pos":{"$Vector2":[0,-0]},"lvl":3}"#;
/// let mut v = json::from_json_str(from_jq, &cfg)?;
/// assert_ne!(v.encode(&cfg)?, original.encode(&cfg)?);
/// json::restore_types(&mut v, &original);
/// assert_eq!(v.encode(&cfg)?, original.encode(&cfg)?); // byte-identical again
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn restore_types(value: &mut Variant, original: &Variant) {
    let mut stack: Vec<(&mut Variant, &Variant)> = vec![(value, original)];
    while let Some((v, o)) = stack.pop() {
        if let (Variant::Int(i), Variant::Float(f)) = (&*v, o) {
            let x = *i as f64;
            *v = Variant::Float(if x == *f { *f } else { x });
            continue;
        }
        match (v, o) {
            (Variant::Float(x), Variant::Float(f)) => same_real(x, *f),
            (Variant::Vector2(x), Variant::Vector2(y)) => same_reals(x, y),
            (Variant::Vector3(x), Variant::Vector3(y)) => same_reals(x, y),
            (Variant::Vector4(x), Variant::Vector4(y)) => same_reals(x, y),
            (Variant::Quaternion(x), Variant::Quaternion(y)) => same_reals(x, y),
            (Variant::Rect2(x), Variant::Rect2(y)) => same_reals(x, y),
            (Variant::Plane(x), Variant::Plane(y)) => same_reals(x, y),
            (Variant::Transform2D(x), Variant::Transform2D(y)) => same_reals(&mut **x, &**y),
            (Variant::Aabb(x), Variant::Aabb(y)) => same_reals(&mut **x, &**y),
            (Variant::Basis(x), Variant::Basis(y)) => same_reals(&mut **x, &**y),
            (Variant::Transform3D(x), Variant::Transform3D(y)) => same_reals(&mut **x, &**y),
            (Variant::Projection(x), Variant::Projection(y)) => same_reals(&mut **x, &**y),
            (Variant::Color(x), Variant::Color(y)) => {
                for (a, b) in [(&mut x.r, y.r), (&mut x.g, y.g), (&mut x.b, y.b), (&mut x.a, y.a)] {
                    if *a == b {
                        *a = b;
                    }
                }
            }
            (Variant::PackedFloat32Array(x), Variant::PackedFloat32Array(y)) => {
                x.iter_mut().zip(y).filter(|(a, b)| **a == **b).for_each(|(a, b)| *a = *b)
            }
            (Variant::PackedFloat64Array(x), Variant::PackedFloat64Array(y)) => {
                x.iter_mut().zip(y).filter(|(a, b)| **a == **b).for_each(|(a, b)| *a = *b)
            }
            (Variant::Array(x), Variant::Array(y)) | (Variant::PackedTypedArray(x), Variant::PackedTypedArray(y)) => {
                stack.extend(x.items.iter_mut().zip(&y.items))
            }
            (Variant::Dictionary(x), Variant::Dictionary(y)) => {
                // By key: the original's entries indexed once (the same position first, the usual case).
                let index: std::collections::HashMap<&Variant, &Variant> =
                    y.entries.iter().map(|(k, val)| (k, val)).collect();
                for (i, (k, val)) in x.entries.iter_mut().enumerate() {
                    let found = match y.entries.get(i) {
                        Some((ok, ov)) if ok == k => Some(ov),
                        _ => index.get(k).copied(),
                    };
                    if let Some(ov) = found {
                        stack.push((val, ov));
                    }
                }
            }
            _ => {}
        }
    }
}

/// `x` takes `f`'s bits where the two are the same number (`-0.0` and `0.0` are).
fn same_real(x: &mut f64, f: f64) {
    if *x == f {
        *x = f;
    }
}

/// Component-wise [`same_real`] for a math value.
fn same_reals<T: Reals>(x: &mut T, y: &T) {
    let (mut a, mut b) = ([0.0; 16], [0.0; 16]);
    let (a, b) = (&mut a[..T::N], &mut b[..T::N]);
    x.to_reals(a);
    y.to_reals(b);
    if a.iter().zip(b.iter()).any(|(p, q)| p == q && p.to_bits() != q.to_bits()) {
        a.iter_mut().zip(b.iter()).for_each(|(p, q)| same_real(p, *q));
        *x = T::from_reals(a);
    }
}

/// A JSON syntax error of `text` at the line and column serde_json gives (its column counts bytes).
#[cold]
fn syntax(text: &str, e: serde_json::Error) -> Error {
    let line_start = text.split_inclusive('\n').take(e.line().saturating_sub(1)).map(str::len).sum::<usize>();
    let message = e.to_string();
    let message = match message.rfind(" at line ") {
        Some(cut) => &message[..cut],
        None => &message,
    };
    Error::syntax(Form::Json, text, line_start + e.column().saturating_sub(1), message)
}

// ---------------------------------------------------------------------------------------------------------

fn f64_json(x: f64) -> Value {
    if x.is_finite() {
        Number::from_f64(x).map(Value::Number).unwrap_or(Value::Null)
    } else if x.is_nan() && x.to_bits() == f64::NAN.to_bits() {
        Value::from("nan")
    } else if x.is_nan() {
        Value::from(format!("0x{:016x}", x.to_bits()))
    } else if x > 0.0 {
        Value::from("inf")
    } else {
        Value::from("-inf")
    }
}

fn f32_json(x: f32) -> Value {
    if x.is_nan() {
        return if x.to_bits() == f32::NAN.to_bits() {
            Value::from("nan")
        } else {
            Value::from(format!("0x{:08x}", x.to_bits()))
        };
    }
    if !x.is_finite() {
        return f64_json(x as f64);
    }
    // Shortest f32 digits, if reading them as f64 then narrowing gives x back (it nearly always does).
    let short: f64 = format!("{x:e}").parse().unwrap_or(x as f64);
    let y = if short as f32 == x { short } else { x as f64 };
    f64_json(y)
}

fn tagged(tag: &str, v: Value) -> Value {
    let mut m = Map::new();
    m.insert(format!("${tag}"), v);
    Value::Object(m)
}

fn type_json(t: &ContainerType) -> Value {
    match t {
        ContainerType::Untyped => Value::from("Variant"),
        ContainerType::Builtin(k) => Value::from(k.name()),
        ContainerType::Class(c) => Value::object([("class", Value::from(c.as_str()))]),
        ContainerType::Script(s) => Value::object([("script", Value::from(s.as_str()))]),
    }
}

struct Out {
    single: bool,
}

impl Out {
    fn real(&self, x: f64) -> Value {
        if self.single && (x as f32) as f64 == x {
            f32_json(x as f32)
        } else if self.single && x.is_nan() && widen_exact(narrow_exact(x)).to_bits() == x.to_bits() {
            // Bit-exact: `as f32` would quiet a signalling NaN, which the wire keeps.
            f32_json(narrow_exact(x))
        } else {
            f64_json(x)
        }
    }

    fn reals<T: Reals>(&self, v: &T) -> Value {
        let mut r = [0.0; 16];
        v.to_reals(&mut r[..T::N]);
        Value::Array(r[..T::N].iter().map(|x| self.real(*x)).collect())
    }

    fn ints(v: &[i32]) -> Value {
        Value::Array(v.iter().map(|x| Value::from(*x)).collect())
    }

    fn color(c: &Color) -> Value {
        Value::Array([c.r, c.g, c.b, c.a].iter().map(|x| f32_json(*x)).collect())
    }

    fn array(&self, tag: &str, a: &Array) -> Value {
        let items = Value::Array(a.items.iter().map(|x| self.value(x)).collect());
        if tag == "Array" && a.element_type.is_untyped() && !a.shared {
            return items;
        }
        let mut m = Map::new();
        m.insert(format!("${tag}"), items);
        if !a.element_type.is_untyped() {
            m.insert("type".into(), type_json(&a.element_type));
        }
        if a.shared {
            m.insert("shared".into(), Value::Bool(true));
        }
        Value::Object(m)
    }

    /// Containers here, on a small frame; leaves in [`Out::leaf`] (deep values stay cheap on the stack).
    fn value(&self, v: &Variant) -> Value {
        match v {
            Variant::Array(a) => self.array("Array", a),
            Variant::PackedTypedArray(a) => self.array("PackedTypedArray", a),
            Variant::Dictionary(d) => self.dictionary(d),
            Variant::Object(o) => self.object(o),
            _ => self.leaf(v),
        }
    }

    fn object(&self, o: &Object) -> Value {
        let inner = match o {
            Object::Null => Value::Null,
            Object::InstanceId(id) => Value::object([("id", Value::from(*id))]),
            Object::Full { class, properties } => {
                let props: Vec<Value> = properties
                    .iter()
                    .map(|(n, x)| Value::Array(vec![Value::from(n.as_str()), self.value(x)]))
                    .collect();
                let mut m = Map::new();
                m.insert("class".into(), Value::from(class.as_str()));
                m.insert("properties".into(), Value::Array(props));
                Value::Object(m)
            }
        };
        tagged("Object", inner)
    }

    fn dictionary(&self, d: &Dictionary) -> Value {
        use Variant as V;
        let plain = d.key_type.is_untyped()
            && d.value_type.is_untyped()
            && !d.shared
            && d.entries.iter().all(|(k, _)| matches!(k, V::String(s) if !s.starts_with('$')));
        if plain {
            let mut m = Map::new();
            for (k, x) in &d.entries {
                if let V::String(s) = k {
                    m.push_new(s.to_string(), self.value(x));
                }
            }
            return Value::Object(m);
        }
        let mut m = Map::new();
        m.insert(
            "$Dictionary".into(),
            Value::Array(d.entries.iter().map(|(k, x)| Value::Array(vec![self.value(k), self.value(x)])).collect()),
        );
        if !d.key_type.is_untyped() {
            m.insert("key_type".into(), type_json(&d.key_type));
        }
        if !d.value_type.is_untyped() {
            m.insert("value_type".into(), type_json(&d.value_type));
        }
        if d.shared {
            m.insert("shared".into(), Value::Bool(true));
        }
        Value::Object(m)
    }

    #[inline(never)]
    fn leaf(&self, v: &Variant) -> Value {
        use Variant as V;
        let k = v.kind();
        match v {
            V::Nil => Value::Null,
            V::Bool(b) => Value::Bool(*b),
            V::Int(i) => Value::from(*i),
            V::Float(x) if x.is_finite() => f64_json(*x),
            V::Float(x) => tagged("float", f64_json(*x)),
            V::String(s) => Value::from(s.as_str()),
            V::StringName(s) => tagged("StringName", Value::from(s.as_str())),
            V::Vector2(x) => tagged(k.name(), self.reals(x)),
            V::Vector2i(x) => tagged(k.name(), Self::ints(&[x.x, x.y])),
            V::Rect2(x) => tagged(k.name(), self.reals(x)),
            V::Rect2i(x) => tagged(k.name(), Self::ints(&[x.position.x, x.position.y, x.size.x, x.size.y])),
            V::Vector3(x) => tagged(k.name(), self.reals(x)),
            V::Vector3i(x) => tagged(k.name(), Self::ints(&[x.x, x.y, x.z])),
            V::Transform2D(x) => tagged(k.name(), self.reals(&**x)),
            V::Vector4(x) => tagged(k.name(), self.reals(x)),
            V::Vector4i(x) => tagged(k.name(), Self::ints(&[x.x, x.y, x.z, x.w])),
            V::Plane(x) => tagged(k.name(), self.reals(x)),
            V::Quaternion(x) => tagged(k.name(), self.reals(x)),
            V::Aabb(x) => tagged(k.name(), self.reals(&**x)),
            V::Basis(x) => tagged(k.name(), self.reals(&**x)),
            V::Transform3D(x) => tagged(k.name(), self.reals(&**x)),
            V::Projection(x) => tagged(k.name(), self.reals(&**x)),
            V::Color(c) => tagged(k.name(), Self::color(c)),
            V::NodePath(p) => {
                let mut q = (**p).clone();
                let prop = q.property.take();
                let mut m = Map::new();
                m.insert("$NodePath".into(), Value::from(q.to_string()));
                if let Some(prop) = prop {
                    m.insert("property".into(), Value::from(prop));
                }
                Value::Object(m)
            }
            V::Rid(r) => tagged(k.name(), Value::from(r.0)),
            V::Callable => tagged("Callable", Value::Null),
            V::Signal(s) => tagged(
                "Signal",
                Value::object([("name", Value::from(s.name.as_str())), ("object", Value::from(s.object))]),
            ),
            V::PackedByteArray(b) => tagged(k.name(), Value::from(base64_encode(b))),
            V::PackedInt32Array(a) => tagged(k.name(), Self::ints(a)),
            V::PackedInt64Array(a) => tagged(k.name(), Value::Array(a.iter().map(|x| Value::from(*x)).collect())),
            V::PackedFloat32Array(a) => tagged(k.name(), Value::Array(a.iter().map(|x| f32_json(*x)).collect())),
            V::PackedFloat64Array(a) => tagged(k.name(), Value::Array(a.iter().map(|x| f64_json(*x)).collect())),
            V::PackedStringArray(a) => {
                tagged(k.name(), Value::Array(a.iter().map(|x| Value::from(x.as_str())).collect()))
            }
            V::PackedVector2Array(a) => tagged(k.name(), Value::Array(a.iter().map(|x| self.reals(x)).collect())),
            V::PackedVector3Array(a) => tagged(k.name(), Value::Array(a.iter().map(|x| self.reals(x)).collect())),
            V::PackedVector4Array(a) => tagged(k.name(), Value::Array(a.iter().map(|x| self.reals(x)).collect())),
            V::PackedColorArray(a) => tagged(k.name(), Value::Array(a.iter().map(Self::color).collect())),
            V::PackedVector2iArray(a) => {
                tagged(k.name(), Value::Array(a.iter().map(|x| Self::ints(&[x.x, x.y])).collect()))
            }
            V::PackedVector3iArray(a) => {
                tagged(k.name(), Value::Array(a.iter().map(|x| Self::ints(&[x.x, x.y, x.z])).collect()))
            }
            V::PackedVector4iArray(a) => {
                tagged(k.name(), Value::Array(a.iter().map(|x| Self::ints(&[x.x, x.y, x.z, x.w])).collect()))
            }
            V::Image(img) => tagged(
                "Image",
                Value::object([
                    ("format", img.format.into()),
                    ("mipmaps", img.mipmaps.into()),
                    ("width", img.width.into()),
                    ("height", img.height.into()),
                    ("data", base64_encode(&img.data).into()),
                ]),
            ),
            V::InputEvent(ev) => {
                let mut m = Map::new();
                m.insert("device".into(), Value::from(ev.device));
                m.insert("type".into(), Value::from(ev.event_type()));
                let mut f = |n: &str, x: u32| {
                    m.insert(n.into(), Value::from(x));
                };
                match ev.data {
                    InputEventData::Key { modifiers, scancode } => {
                        f("modifiers", modifiers);
                        f("scancode", scancode);
                    }
                    InputEventData::MouseButton { button_index } | InputEventData::JoystickButton { button_index } => {
                        f("button_index", button_index)
                    }
                    InputEventData::JoystickMotion { axis, value_bits } => {
                        f("axis", axis);
                        f("value_bits", value_bits);
                    }
                    InputEventData::ScreenTouch { index } => f("index", index),
                    _ => {}
                }
                tagged("InputEvent", Value::Object(m))
            }
            #[allow(unreachable_patterns)]
            _ => Value::Null,
        }
    }
}

// ---------------------------------------------------------------------------------------------------------

enum PathSeg {
    Index(usize),
    Key(String),
}

struct In<'c> {
    single: bool,
    cfg: &'c Config,
    path: Vec<PathSeg>,
    /// How many dictionary keys the value being read sits inside: inside one, every value's structural
    /// hash is made from its children's as they are read (each part of a key hashed once, however deep).
    in_key: usize,
    /// Inside a key: the structural hash of the value just read.
    hash: Option<u64>,
    /// Set by a container that made its own hash from its children's, for [`In::value`] to hand on.
    made: Option<u64>,
}

impl In<'_> {
    fn err(&self, message: impl Into<String>) -> Error {
        let keys: Vec<Variant> = self
            .path
            .iter()
            .map(|s| match s {
                PathSeg::Key(k) => Variant::from(k.as_str()),
                PathSeg::Index(_) => Variant::Nil,
            })
            .collect();
        let segs: Vec<Seg<'_>> = self
            .path
            .iter()
            .zip(&keys)
            .map(|(s, k)| match s {
                PathSeg::Index(i) => Seg::Index(*i),
                PathSeg::Key(_) => Seg::Key(k),
            })
            .collect();
        Error::shape(Form::Json, Some(render_path(&segs)), message)
    }

    fn f64_of(&self, j: &Value) -> Result<f64, Error> {
        match j {
            Value::Number(n) => n.as_f64().ok_or_else(|| self.err("number out of range")),
            Value::String(s) => match s.as_str() {
                "inf" => Ok(f64::INFINITY),
                "-inf" => Ok(f64::NEG_INFINITY),
                "nan" => Ok(f64::NAN),
                h if h.starts_with("0x") && h.len() == 18 => {
                    u64::from_str_radix(&h[2..], 16).map(f64::from_bits).map_err(|_| self.err("bad float bits"))
                }
                h if h.starts_with("0x") && h.len() == 10 => u32::from_str_radix(&h[2..], 16)
                    .map(|b| f32::from_bits(b) as f64)
                    .map_err(|_| self.err("bad float bits")),
                _ => {
                    Err(self.err(format!("expected a number, \"inf\", \"-inf\", \"nan\" or \"0x…\" bits, found {s:?}")))
                }
            },
            _ => Err(self.err("expected a number")),
        }
    }

    fn f32_of(&self, j: &Value) -> Result<f32, Error> {
        if let Value::String(h) = j {
            if h.starts_with("0x") && h.len() == 10 {
                return u32::from_str_radix(&h[2..], 16).map(f32::from_bits).map_err(|_| self.err("bad float bits"));
            }
        }
        Ok(self.f64_of(j)? as f32)
    }

    fn real(&self, j: &Value) -> Result<f64, Error> {
        let x = self.f64_of(j)?;
        Ok(if self.single {
            if let Value::String(h) = j {
                if h.starts_with("0x") && h.len() == 10 {
                    return Ok(widen_exact(self.f32_of(j)?));
                }
            }
            if x.is_nan() {
                x
            } else {
                (x as f32) as f64
            }
        } else {
            x
        })
    }

    fn list<'j>(&self, j: &'j Value, what: &str) -> Result<&'j Vec<Value>, Error> {
        j.as_array().ok_or_else(|| self.err(format!("{what} needs an array")))
    }

    fn reals<T: Reals>(&self, j: &Value, tag: &str) -> Result<T, Error> {
        let a = self.list(j, tag)?;
        if a.len() != T::N {
            return Err(self.err(format!("{tag} needs {} numbers", T::N)));
        }
        let r: Vec<f64> = a.iter().map(|x| self.real(x)).collect::<Result<_, _>>()?;
        Ok(T::from_reals(&r))
    }

    fn i64_of(&self, j: &Value) -> Result<i64, Error> {
        j.as_i64().ok_or_else(|| self.err("expected an integer"))
    }

    fn u64_of(&self, j: &Value) -> Result<u64, Error> {
        j.as_u64().ok_or_else(|| self.err("expected a non-negative integer"))
    }

    fn u32_of(&self, j: &Value) -> Result<u32, Error> {
        j.as_u64().and_then(|x| u32::try_from(x).ok()).ok_or_else(|| self.err("expected a 32-bit unsigned integer"))
    }

    fn i32s<const N: usize>(&self, j: &Value, tag: &str) -> Result<[i32; N], Error> {
        let a = self.list(j, tag)?;
        if a.len() != N {
            return Err(self.err(format!("{tag} needs {N} integers")));
        }
        let mut out = [0; N];
        for (o, x) in out.iter_mut().zip(a) {
            *o = x.as_i64().and_then(|x| i32::try_from(x).ok()).ok_or_else(|| self.err("expected a 32-bit integer"))?;
        }
        Ok(out)
    }

    fn color(&self, j: &Value) -> Result<Color, Error> {
        let a = self.list(j, "Color")?;
        if a.len() != 4 {
            return Err(self.err("Color needs 4 numbers"));
        }
        Ok(Color::new(self.f32_of(&a[0])?, self.f32_of(&a[1])?, self.f32_of(&a[2])?, self.f32_of(&a[3])?))
    }

    fn each<T>(
        &mut self, j: &Value, tag: &str, mut f: impl FnMut(&mut Self, &Value) -> Result<T, Error>,
    ) -> Result<Vec<T>, Error> {
        let a = self.list(j, tag)?;
        let mut out = Vec::with_capacity(a.len());
        for (i, x) in a.iter().enumerate() {
            self.path.push(PathSeg::Index(i));
            out.push(f(self, x)?);
            self.path.pop();
        }
        Ok(out)
    }

    fn container_type(&self, j: Option<&Value>) -> Result<ContainerType, Error> {
        let Some(j) = j else { return Ok(ContainerType::Untyped) };
        match j {
            Value::String(s) if s == "Variant" => Ok(ContainerType::Untyped),
            Value::String(s) => {
                builtin(s).map(ContainerType::Builtin).ok_or_else(|| self.err(format!("unknown built-in type {s:?}")))
            }
            Value::Object(m) => match (m.get("class"), m.get("script")) {
                (Some(Value::String(c)), None) => Ok(ContainerType::Class(c.clone())),
                (None, Some(Value::String(s))) => Ok(ContainerType::Script(s.clone())),
                _ => Err(self.err("a container type object needs \"class\" or \"script\"")),
            },
            _ => Err(self.err("bad container type")),
        }
    }

    /// Reads a value; inside a dictionary key, also leaves its structural hash in `self.hash`.
    fn value(&mut self, j: &Value) -> Result<Variant, Error> {
        let v = self.value_inner(j)?;
        if self.in_key > 0 {
            // A container read here made its hash from its children's; anything else is a leaf (or a
            // container with no such path, hashed by one walk).
            self.hash = Some(self.made.take().unwrap_or_else(|| dict_keys::structural_hash(&v)));
        }
        Ok(v)
    }

    /// Reads a dictionary key: its value and structural hash.
    fn key(&mut self, j: &Value) -> Result<(Variant, Option<u64>), Error> {
        self.in_key += 1;
        let k = self.value(j);
        self.in_key -= 1;
        Ok((k?, self.hash.take()))
    }

    /// Inside a key, the hash of the value just read (for its container's hash).
    fn child_hash(&mut self) -> Option<u64> {
        if self.in_key > 0 {
            self.hash.take()
        } else {
            None
        }
    }

    /// Inside a key, records the hash of container `v` (head as `v` has it) from its children's hashes.
    fn made_seq(&mut self, tag: u64, head: impl FnOnce(&mut dyn std::hash::Hasher), children: Vec<u64>) {
        if self.in_key > 0 {
            let mut c = dict_keys::Combiner::new(tag, head);
            children.into_iter().for_each(|h| c.push(h));
            self.made = Some(c.finish());
        }
    }

    fn value_inner(&mut self, j: &Value) -> Result<Variant, Error> {
        use Variant as V;
        Ok(match j {
            Value::Null => V::Nil,
            Value::Bool(b) => V::Bool(*b),
            Value::Number(n) => match n.as_i64() {
                Some(i) if !n.is_f64() => V::Int(i),
                _ if n.is_u64() => return Err(self.err("integer out of the 64-bit signed range")),
                _ => V::Float(n.as_f64().unwrap_or(0.0)),
            },
            Value::String(s) => V::String(s.as_str().into()),
            Value::Array(a) => {
                let mut items = Vec::with_capacity(a.len());
                let mut hashes = Vec::new();
                for (i, x) in a.iter().enumerate() {
                    self.path.push(PathSeg::Index(i));
                    items.push(self.value(x)?);
                    hashes.extend(self.child_hash());
                    self.path.pop();
                }
                let a = Array::from(items);
                self.made_seq(dict_keys::tag::ARRAY, dict_keys::array_head(&a), hashes);
                V::from(a)
            }
            Value::Object(m) => {
                let tag = m.keys().find(|k| k.starts_with('$'));
                match tag {
                    None => {
                        let mut b = DictBuilder::with_capacity(m.len(), self.cfg.dialect());
                        let mut hash = (self.in_key > 0).then(Building::dictionary);
                        for (k, x) in m {
                            self.path.push(PathSeg::Key(k.clone()));
                            let v = self.value(x)?;
                            let vh = self.child_hash();
                            self.path.pop();
                            let k = V::String(k.as_str().into());
                            let kh = hash.as_ref().map(|_| dict_keys::leaf_hash(&k));
                            let i = b.insert_hashed(k, kh, v);
                            if let (Some(h), Some(kh), Some(vh)) = (hash.as_mut(), kh, vh) {
                                h.key(i, kh);
                                h.value(i, vh);
                            }
                        }
                        let d = Dictionary::from(b.finish());
                        self.made = hash.map(|h| h.finish(Some(&d)));
                        V::from(d)
                    }
                    Some(t) => self.tagged(&t[1..], &m[t], m)?,
                }
            }
        })
    }

    fn tagged(&mut self, tag: &str, j: &Value, m: &Map) -> Result<Variant, Error> {
        use Variant as V;
        let allowed: &[&str] = match tag {
            "Array" | "PackedTypedArray" => &["type", "shared"],
            "Dictionary" => &["key_type", "value_type", "shared"],
            "NodePath" => &["property"],
            _ => &[],
        };
        if let Some(extra) = m.keys().find(|k| !k.starts_with('$') && !allowed.contains(&k.as_str())) {
            return Err(self.err(format!("unexpected key {extra:?} beside ${tag}")));
        }
        if m.keys().filter(|k| k.starts_with('$')).count() > 1 {
            return Err(self.err("more than one $tag in one object"));
        }
        let shared = m.get("shared").and_then(Value::as_bool).unwrap_or(false);
        Ok(match tag {
            "float" => V::Float(self.f64_of(j)?),
            "StringName" => {
                V::StringName(StringName(j.as_str().ok_or_else(|| self.err("$StringName needs a string"))?.into()))
            }
            "NodePath" => {
                let mut p = NodePath::parse(j.as_str().ok_or_else(|| self.err("$NodePath needs a string"))?);
                if let Some(prop) = m.get("property") {
                    p.property = Some(prop.as_str().ok_or_else(|| self.err("property needs a string"))?.into());
                }
                V::NodePath(Box::new(p))
            }
            "Vector2" => V::Vector2(self.reals(j, tag)?),
            "Rect2" => V::Rect2(self.reals(j, tag)?),
            "Vector3" => V::Vector3(self.reals(j, tag)?),
            "Transform2D" => V::Transform2D(Box::new(self.reals(j, tag)?)),
            "Vector4" => V::Vector4(self.reals(j, tag)?),
            "Plane" => V::Plane(self.reals(j, tag)?),
            "Quaternion" => V::Quaternion(self.reals(j, tag)?),
            "AABB" => V::Aabb(Box::new(self.reals(j, tag)?)),
            "Basis" => V::Basis(Box::new(self.reals(j, tag)?)),
            "Transform3D" => V::Transform3D(Box::new(self.reals(j, tag)?)),
            "Projection" => V::Projection(Box::new(self.reals(j, tag)?)),
            "Color" => V::Color(self.color(j)?),
            "Vector2i" => {
                let [x, y] = self.i32s(j, tag)?;
                V::Vector2i(Vector2i::new(x, y))
            }
            "Vector3i" => {
                let [x, y, z] = self.i32s(j, tag)?;
                V::Vector3i(Vector3i::new(x, y, z))
            }
            "Vector4i" => {
                let [x, y, z, w] = self.i32s(j, tag)?;
                V::Vector4i(Vector4i::new(x, y, z, w))
            }
            "Rect2i" => {
                let [x, y, w, h] = self.i32s(j, tag)?;
                V::Rect2i(Rect2i::new(Vector2i::new(x, y), Vector2i::new(w, h)))
            }
            "RID" => V::Rid(Rid(self.u64_of(j)?)),
            "Callable" => V::Callable,
            "Signal" => {
                let name = j.get("name").and_then(Value::as_str).ok_or_else(|| self.err("$Signal needs a \"name\""))?;
                let object = self.u64_of(j.get("object").unwrap_or(&Value::from(0)))?;
                V::Signal(Signal { name: name.into(), object })
            }
            "Object" => V::from(match j {
                Value::Null => Object::Null,
                Value::Object(o) if o.contains_key("id") => Object::InstanceId(self.u64_of(&o["id"])?),
                Value::Object(o) => {
                    let class =
                        o.get("class").and_then(Value::as_str).ok_or_else(|| self.err("$Object needs \"class\""))?;
                    // Refused unless allowed, as in the binary decoder (objects by id are always read).
                    if !self.cfg.allow_objects() {
                        return Err(self.err(crate::error::ErrorKind::ObjectsNotAllowed.to_string()));
                    }
                    let props = o.get("properties").cloned().unwrap_or(Value::Array(Vec::new()));
                    let mut hash = (self.in_key > 0).then(|| Building::object(class));
                    let properties = self.each(&props, "properties", |s, p| {
                        let pair = p
                            .as_array()
                            .filter(|a| a.len() == 2)
                            .ok_or_else(|| s.err("a property is [name, value]"))?;
                        let n = pair[0].as_str().ok_or_else(|| s.err("a property name is a string"))?.to_owned();
                        s.path.push(PathSeg::Key(n.clone()));
                        let v = s.value(&pair[1])?;
                        if let (Some(h), Some(vh)) = (hash.as_mut(), s.child_hash()) {
                            h.property(&n, vh);
                        }
                        s.path.pop();
                        Ok((n, v))
                    })?;
                    self.made = hash.map(|h| h.finish(None));
                    Object::Full { class: class.into(), properties }
                }
                _ => return Err(self.err("$Object needs null, {\"id\"} or {\"class\", \"properties\"}")),
            }),
            "Array" | "PackedTypedArray" => {
                let mut hashes = Vec::new();
                let items = self.each(j, tag, |s, x| {
                    let v = s.value(x)?;
                    hashes.extend(s.child_hash());
                    Ok(v)
                })?;
                let a = Array { items, element_type: self.container_type(m.get("type"))?, shared };
                let t = if tag == "Array" { dict_keys::tag::ARRAY } else { dict_keys::tag::PACKED_TYPED_ARRAY };
                self.made_seq(t, dict_keys::array_head(&a), hashes);
                if tag == "Array" {
                    V::from(a)
                } else {
                    V::PackedTypedArray(Box::new(a))
                }
            }
            "Dictionary" => {
                let pairs = self.each(j, tag, |s, p| {
                    let pair =
                        p.as_array().filter(|a| a.len() == 2).ok_or_else(|| s.err("an entry is [key, value]"))?;
                    let (k, kh) = s.key(&pair[0])?;
                    let v = s.value(&pair[1])?;
                    Ok((k, kh, v, s.child_hash()))
                })?;
                let mut b = DictBuilder::with_capacity(pairs.len(), self.cfg.dialect());
                let mut hash = (self.in_key > 0).then(Building::dictionary);
                for (k, kh, v, vh) in pairs {
                    let i = b.insert_hashed(k, kh, v);
                    if let (Some(h), Some(kh), Some(vh)) = (hash.as_mut(), kh, vh) {
                        h.key(i, kh);
                        h.value(i, vh);
                    }
                }
                let d = Dictionary {
                    entries: b.finish(),
                    key_type: self.container_type(m.get("key_type"))?,
                    value_type: self.container_type(m.get("value_type"))?,
                    shared,
                };
                self.made = hash.map(|h| h.finish(Some(&d)));
                V::from(d)
            }
            "PackedByteArray" => V::PackedByteArray(
                j.as_str()
                    .and_then(|s| base64_decode(s.as_bytes()).ok())
                    .ok_or_else(|| self.err("$PackedByteArray needs a base64 string"))?,
            ),
            "PackedInt32Array" => V::PackedInt32Array(self.each(j, tag, |s, x| {
                x.as_i64().and_then(|x| i32::try_from(x).ok()).ok_or_else(|| s.err("expected a 32-bit integer"))
            })?),
            "PackedInt64Array" => V::PackedInt64Array(self.each(j, tag, |s, x| s.i64_of(x))?),
            "PackedFloat32Array" => V::PackedFloat32Array(self.each(j, tag, |s, x| s.f32_of(x))?),
            "PackedFloat64Array" => V::PackedFloat64Array(self.each(j, tag, |s, x| s.f64_of(x))?),
            "PackedStringArray" => V::PackedStringArray(self.each(j, tag, |s, x| {
                x.as_str().map(crate::value::GString::from).ok_or_else(|| s.err("expected a string"))
            })?),
            "PackedVector2Array" => V::PackedVector2Array(self.each(j, tag, |s, x| s.reals(x, "Vector2"))?),
            "PackedVector3Array" => V::PackedVector3Array(self.each(j, tag, |s, x| s.reals(x, "Vector3"))?),
            "PackedVector4Array" => V::PackedVector4Array(self.each(j, tag, |s, x| s.reals(x, "Vector4"))?),
            "PackedColorArray" => V::PackedColorArray(self.each(j, tag, |s, x| s.color(x))?),
            "PoolVector2iArray" => V::PackedVector2iArray(self.each(j, tag, |s, x| {
                let [a, b] = s.i32s(x, "Vector2i")?;
                Ok(Vector2i::new(a, b))
            })?),
            "PoolVector3iArray" => V::PackedVector3iArray(self.each(j, tag, |s, x| {
                let [a, b, c] = s.i32s(x, "Vector3i")?;
                Ok(Vector3i::new(a, b, c))
            })?),
            "PoolVector4iArray" => V::PackedVector4iArray(self.each(j, tag, |s, x| {
                let [a, b, c, d] = s.i32s(x, "Vector4i")?;
                Ok(Vector4i::new(a, b, c, d))
            })?),
            "Image" => {
                let g = |k: &str| j.get(k).ok_or_else(|| self.err(format!("$Image needs {k:?}")));
                V::Image(Box::new(Image {
                    format: self.u32_of(g("format")?)?,
                    mipmaps: self.u32_of(g("mipmaps")?)?,
                    width: self.u32_of(g("width")?)?,
                    height: self.u32_of(g("height")?)?,
                    data: g("data")?
                        .as_str()
                        .and_then(|s| base64_decode(s.as_bytes()).ok())
                        .ok_or_else(|| self.err("Image data is base64"))?,
                }))
            }
            "InputEvent" => {
                let g = |k: &str| -> Result<u32, Error> {
                    self.u32_of(j.get(k).ok_or_else(|| self.err(format!("$InputEvent needs {k:?}")))?)
                };
                let data = match g("type")? {
                    0 => InputEventData::None,
                    1 => InputEventData::Key { modifiers: g("modifiers")?, scancode: g("scancode")? },
                    2 => InputEventData::MouseMotion,
                    3 => InputEventData::MouseButton { button_index: g("button_index")? },
                    4 => InputEventData::JoystickMotion { axis: g("axis")?, value_bits: g("value_bits")? },
                    5 => InputEventData::JoystickButton { button_index: g("button_index")? },
                    6 => InputEventData::ScreenTouch { index: g("index")? },
                    7 => InputEventData::ScreenDrag,
                    8 => InputEventData::Action,
                    t => InputEventData::Other(t),
                };
                V::InputEvent(InputEvent { device: g("device")?, data })
            }
            other => return Err(self.err(format!("unknown tag ${other}"))),
        })
    }
}

fn builtin(s: &str) -> Option<TypeKind> {
    use TypeKind as K;
    // Every kind a typed container can name (not Godot 2's Image/InputEvent; Pandemonium 5 takes any
    // element type id, its typed arrays' own included).
    TypeKind::from_name(s).filter(|k| !matches!(k, K::Image | K::InputEvent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_floats_and_tags_round_trip() {
        let cfg = Config::default();
        let mut d = Dictionary::default();
        d.insert(Variant::Int(1), Variant::Float(f64::from_bits(0x7ff8_0000_0000_0001)));
        d.insert(Variant::from("$x"), Variant::Float(-0.0));
        let v = Variant::from(vec![
            Variant::from(d),
            Variant::PackedFloat32Array(vec![0.1, f32::from_bits(0x7fc0_0001), f32::NEG_INFINITY]),
            Variant::Color(Color::new(0.1, 0.2, 0.3, 1.0)),
            Variant::from(Object::Full { class: "Node".into(), properties: vec![("name".into(), Variant::from("n"))] }),
            Variant::from(Array {
                items: vec![Variant::Int(1)],
                element_type: ContainerType::Builtin(TypeKind::Int),
                shared: false,
            }),
        ]);
        let s = to_json_string(&v, &cfg);
        // The full object reads back only with objects allowed.
        let e = from_json_str(&s, &cfg).unwrap_err();
        assert!(e.to_string().contains("objects are not allowed"), "{e}");
        assert_eq!(from_json_str(&s, &cfg.clone().with_allow_objects(true)).unwrap(), v, "{s}");
    }

    /// Floats read from JSON text are correctly rounded (digits that a fast parser can get an ulp wrong),
    /// and objects keep their members in order, a repeated key in its first place with its last value:
    /// whatever features serde_json is built with.
    #[test]
    fn floats_exact_and_objects_in_order() {
        let cfg = Config::default();
        for (t, want) in [
            ("2.2250738585072011e-308", 2.225073858507201e-308),
            ("0.1", 0.1),
            ("9007199254740993.0", 9007199254740992.0),
            ("1.7976931348623157e308", f64::MAX),
            ("4.9406564584124654e-324", 5e-324),
            ("2.4703282292062328e-324", 5e-324),
            ("0.30000000000000004", 0.30000000000000004),
            ("123456789012345678901234567890e-40", 1.2345678901234568e-11),
            ("-1.2345678901234567e-300", -1.2345678901234567e-300),
        ] {
            let doc = format!("[\"a\\\"1.5\", {t}, {{\"k\": {t}}}]");
            let v = from_json_str(&doc, &cfg).unwrap();
            let Variant::Array(a) = &v else { panic!("{v:?}") };
            assert_eq!(a.items[1], Variant::Float(want), "{t}");
            assert_eq!(from_json_str_many(&format!("1 {t}"), &cfg).unwrap()[1], Variant::Float(want), "{t}");
        }
        // 2^53 + 1 as an integer stays exact (an int, not a float).
        assert_eq!(from_json_str("9007199254740993", &cfg).unwrap(), Variant::Int(9007199254740993));
        let v = from_json_str(r#"{"z": 1, "a": 2.5, "z": 3, "m": [0.1]}"#, &cfg).unwrap();
        assert_eq!(to_json_string(&v, &cfg), r#"{"z":3,"a":2.5,"m":[0.1]}"#);
    }
}
