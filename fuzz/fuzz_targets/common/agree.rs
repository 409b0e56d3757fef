//! The differential property: `Variant::decode`, `VariantRef::decode`,
//! `from_slice_with::<Variant>` (serde) and `from_slice_with::<serde_json::Value>` (serde, self-describing)
//! read the same bytes the same way: they accept or refuse together, and refuse with the same error kind at
//! the same byte offset, which lies inside the input.
//!
//! Shared by the fuzz targets (`differential`, `structured_binary`) and by `tests/conformance/differential.rs`, which
//! includes this file, so the property and its exceptions are written once.
//!
//! What "the same" means where the representations differ (every exception is checked as narrowly as the
//! reason allows):
//!
//! * `Variant`, `VariantRef` (once owned) and serde's `Variant` must give equal values and identical errors:
//!   no exception. (serde hands a `Variant` over whole from the core decoder.)
//! * `serde_json::Value` goes through serde recursion, level by level, which is held to `SERDE_MAX_DEPTH`
//!   and `Config::DEFAULT_SERDE_STACK` whatever `Config::max_depth` says; the core decoders walk nesting without
//!   recursion. So serde_json may refuse with `TooDeep { max: SERDE_MAX_DEPTH }` or `StackBudget` where the
//!   core accepts, but only if the core's value really nests that deep (`nesting_depth`), or where the core
//!   refuses something later in the input (a larger offset: serde stopped first).
//! * Values: serde_json cannot hold every Variant (a NaN becomes `null`, a Vector2 a map of components, a
//!   key that is no string its debug text, keys that are distinct in Godot but the same text are merged by
//!   the map). [`expected_json`] gives the `serde_json::Value` the README's `deserialize_any` table says for
//!   the kinds it covers (nil, bool, int, float, text, arrays, packed arrays of scalars and text, and
//!   dictionaries whose keys are all distinct texts); for anything else only accept/reject, kind and offset
//!   are compared.
#![allow(dead_code)]

use godot_bin::{de::SERDE_MAX_DEPTH, from_slice_with, Config, Error, ErrorKind, Variant, VariantRef};
use serde_json::Value;

/// What the four decoders did with one input.
#[derive(Debug)]
pub enum Agreed {
    /// All four accepted it (`json` is false when serde_json alone stopped at its recursion limit).
    Accepted { value: Variant, json: bool },
    /// All four refused it with this error.
    Refused(Error),
}

fn same_error(a: &Error, b: &Error) -> bool {
    format!("{:?}", a.kind()) == format!("{:?}", b.kind()) && a.offset() == b.offset()
}

fn check_offset(who: &str, e: &Error, n: usize, cfg: &Config) {
    match e.offset() {
        Some(at) => assert!(at <= n, "{cfg:?}: {who} error offset {at} beyond the input ({n} bytes): {e}"),
        None => panic!("{cfg:?}: {who} error without an offset: {e}"),
    }
}

/// Whether serde_json's refusal is serde's own recursion limit (not the input's fault), and how deep the
/// value had to nest for it.
fn serde_limit(e: &Error) -> Option<usize> {
    match e.kind() {
        ErrorKind::TooDeep { max } if *max == SERDE_MAX_DEPTH => Some(SERDE_MAX_DEPTH),
        ErrorKind::StackBudget { depth, .. } => Some(*depth),
        _ => None,
    }
}

/// Runs the four decoders on `bytes` and checks that they agree (see the module docs). Panics on any
/// disagreement, naming the decoders and the config.
pub fn agree(bytes: &[u8], cfg: &Config) -> Agreed {
    let n = bytes.len();
    let core = Variant::decode(bytes, cfg);
    let by_ref = VariantRef::decode(bytes, cfg).map(|r| r.to_variant());
    let serde_variant = from_slice_with::<Variant>(bytes, cfg);
    let serde_json = from_slice_with::<Value>(bytes, cfg);
    for (who, r) in [("VariantRef", &by_ref), ("from_slice::<Variant>", &serde_variant)] {
        match (&core, r) {
            (Ok(a), Ok(b)) => assert!(a == b, "{cfg:?}: Variant::decode {a:?} but {who} {b:?}"),
            (Err(a), Err(b)) => assert!(same_error(a, b), "{cfg:?}: Variant::decode error {a:?} but {who} {b:?}"),
            (a, b) => panic!("{cfg:?}: Variant::decode {a:?} but {who} {b:?}"),
        }
    }
    for (who, r) in [("Variant::decode", core.as_ref().err()), ("serde_json", serde_json.as_ref().err())] {
        if let Some(e) = r {
            check_offset(who, e, n, cfg);
        }
    }
    match (core, serde_json) {
        (Ok(v), Ok(j)) => {
            if let Some(want) = expected_json(&v) {
                assert!(j == want, "{cfg:?}: from_slice::<Value> gave {j} for {v:?}, expected {want}");
            }
            Agreed::Accepted { value: v, json: true }
        }
        (Err(a), Err(b)) if same_error(&a, &b) => Agreed::Refused(a),
        (core, Err(b)) if serde_limit(&b).is_some() => {
            let need = serde_limit(&b).unwrap();
            match core {
                Ok(v) => {
                    let depth = v.nesting_depth();
                    assert!(
                        depth >= need,
                        "{cfg:?}: serde_json refused {b:?} (its recursion limit) a value only {depth} deep: {v:?}"
                    );
                    Agreed::Accepted { value: v, json: false }
                }
                Err(a) => {
                    assert!(
                        a.offset() >= b.offset(),
                        "{cfg:?}: Variant::decode refused {a:?}, earlier than serde_json's recursion limit {b:?}"
                    );
                    Agreed::Refused(a)
                }
            }
        }
        (a, b) => panic!("{cfg:?}: Variant::decode {a:?} but from_slice::<serde_json::Value> {b:?}"),
    }
}

/// The `serde_json::Value` that `from_slice::<serde_json::Value>` gives for a value, per the
/// `deserialize_any` table in src/de.rs (`Deserializer`'s docs), for the kinds whose form is plain data;
/// `None` for the rest (math types, paths, objects, signals, and dictionaries with a key that is no text or
/// two keys of the same text, which a JSON map cannot keep apart), and for values nested deeper than 128
/// levels (this function recurses; the values are checked up to there).
pub fn expected_json(v: &Variant) -> Option<Value> {
    expected_json_at(v, 0)
}

fn expected_json_at(v: &Variant, depth: usize) -> Option<Value> {
    if depth > 128 {
        return None;
    }
    let expected_json = |x: &Variant| expected_json_at(x, depth + 1);
    use serde_json::Number;
    let float = |f: f64| Number::from_f64(f).map_or(Value::Null, Value::Number);
    let nums = |it: &mut dyn Iterator<Item = Value>| Value::Array(it.collect());
    Some(match v {
        Variant::Nil | Variant::Callable => Value::Null,
        Variant::Bool(b) => Value::Bool(*b),
        Variant::Int(i) => Value::from(*i),
        Variant::Float(f) => float(*f),
        Variant::String(s) => Value::String(s.to_string()),
        Variant::StringName(s) => Value::String(s.0.to_string()),
        Variant::Array(a) | Variant::PackedTypedArray(a) => {
            Value::Array(a.items.iter().map(expected_json).collect::<Option<_>>()?)
        }
        Variant::PackedByteArray(b) => nums(&mut b.iter().map(|&x| Value::from(x))),
        Variant::PackedInt32Array(x) => nums(&mut x.iter().map(|&x| Value::from(x))),
        Variant::PackedInt64Array(x) => nums(&mut x.iter().map(|&x| Value::from(x))),
        Variant::PackedFloat32Array(x) => nums(&mut x.iter().map(|&x| float(f64::from(x)))),
        Variant::PackedFloat64Array(x) => nums(&mut x.iter().map(|&x| float(x))),
        Variant::PackedStringArray(x) => nums(&mut x.iter().map(|s| Value::String(s.to_string()))),
        Variant::Dictionary(d) => {
            let mut m = serde_json::Map::new();
            for (k, x) in &d.entries {
                let k = match k {
                    Variant::String(s) => s.to_string(),
                    Variant::StringName(s) => s.0.to_string(),
                    _ => return None,
                };
                if m.insert(k, expected_json(x)?).is_some() {
                    return None;
                }
            }
            Value::Object(m)
        }
        _ => return None,
    })
}

/// The other entry points on the same bytes, given what the four decoders agreed on:
/// * `framing::values` over the bytes as one `store_var` frame reads what `Variant::decode_prefix` reads
///   (bytes after a frame's value are ignored, as `get_var` does), errors at the stream offset (4 more);
/// * `from_reader_with` is `from_slice_with`;
/// * a value the decoders accepted prints as godot_bin's JSON form and reads back equal (`json`: lossless
///   by design; serde_json refuses JSON text nested beyond 128 levels, about 40 Godot containers, so deeper
///   values must be refused with an error, not read). Not checked for values holding a NodePath that its
///   text form cannot carry (a name or subname that is empty or holds `/` or `:`, which the wire allows):
///   the JSON form writes a NodePath as its text, `{"$NodePath": "a/b:c"}`, as the engines' text form does.
pub fn other_entry_points(bytes: &[u8], cfg: &Config, agreed: &Agreed) {
    use godot_bin::framing::{values, Endian};
    // The value behind a store_var length (fuzz inputs are far below the largest frame).
    if let Ok(n) = u32::try_from(bytes.len()) {
        let frame = [&n.to_le_bytes()[..], bytes].concat();
        let first = values::<Variant>(&frame, cfg, Endian::Little).next();
        match (Variant::decode_prefix(bytes, cfg), first) {
            (Ok((v, _)), Some(Ok(w))) => assert!(v == w, "{cfg:?}: framing::values read another value"),
            (Err(e), Some(Err(f))) => {
                assert!(
                    format!("{:?}", e.kind()) == format!("{:?}", f.kind()) && f.offset() == e.offset().map(|o| o + 4),
                    "{cfg:?}: decode_prefix {e:?} but framing::values {f:?}"
                )
            }
            (a, b) => panic!("{cfg:?}: decode_prefix {a:?} but framing::values {b:?}"),
        }
    }
    let from_reader = godot_bin::de::from_reader_with::<_, Variant>(bytes, cfg);
    match (agreed, &from_reader) {
        (Agreed::Accepted { value, .. }, Ok(v)) => assert!(v == value, "{cfg:?}: from_reader read another value"),
        (Agreed::Refused(e), Err(f)) => assert!(same_error(e, f), "{cfg:?}: from_reader {f:?}, the decoders {e:?}"),
        (a, b) => panic!("{cfg:?}: the decoders {a:?} but from_reader {b:?}"),
    }
    if let Agreed::Accepted { value, .. } = agreed {
        // Far beyond what JSON text can nest, printing is all the work and the refusal is certain.
        if has_untextable_node_path(value) || value.nesting_depth() > 60 {
            return;
        }
        let text = godot_bin::json::to_json_string(value, cfg);
        match godot_bin::json::from_json_str(&text, cfg) {
            Ok(back) => assert!(back == *value, "{cfg:?}: the JSON form {text:.300} read back differently"),
            Err(e) => assert!(
                value.nesting_depth() > 40,
                "{cfg:?}: a value {} deep printed as JSON {text:.300} which does not read: {e}",
                value.nesting_depth()
            ),
        }
    }
}

/// Whether a NodePath inside `v` has a name or subname that its text form cannot carry.
fn has_untextable_node_path(v: &Variant) -> bool {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Variant::NodePath(p) => {
                let bad = |s: &String| s.is_empty() || s.contains(['/', ':']);
                if p.names.iter().chain(&p.subnames).chain(&p.property).any(bad) {
                    return true;
                }
            }
            Variant::Array(a) | Variant::PackedTypedArray(a) => stack.extend(&a.items),
            Variant::Dictionary(d) => stack.extend(d.entries.iter().flat_map(|(k, x)| [k, x])),
            Variant::Object(o) => {
                if let godot_bin::Object::Full { properties, .. } = &**o {
                    stack.extend(properties.iter().map(|(_, x)| x));
                }
            }
            _ => {}
        }
    }
    false
}
