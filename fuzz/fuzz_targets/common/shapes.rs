//! Hostile input shapes (dictionaries nested as keys, deep nesting, typed containers), built from a
//! fuzzer's bytes (`arbitrary::Unstructured` picks the shape's parameters): shapes that random bytes almost
//! never reach.
//!
//! * dictionaries nested as keys of dictionaries, each level with a few more entries, the innermost key a
//!   large Array of ints, a PackedByteArray or a typed container;
//! * a key (or a value) nested close to `max_depth`, up to its cap of 4096, by dictionaries-as-keys,
//!   dictionaries-as-values or arrays, once or twice (the same key again: a merge);
//! * typed containers (Godot 4.3+ typed arrays, 4.4+ typed dictionaries, Pandemonium 5 typed arrays) whose
//!   elements are of any kind, so that the decoders convert or drop them, among them a
//!   `Dictionary[Array, …]` whose keys are packed arrays (each converted into an Array key);
//!
//! then, sometimes, one mutation (a cut, a byte or a word overwritten) to reach the error paths inside
//! those shapes. Nested and deep shapes are written word by word with the dialect's type ids (no deep
//! `Variant` is ever built); typed containers are `Variant`s written by our encoder, which writes a typed
//! container's elements as they are.
//!
//! Shared by `structured_binary` and `tests/conformance/differential.rs` (which includes this file).
#![allow(dead_code)]

use arbitrary::{Result, Unstructured};
use godot_bin::{
    value::{ContainerType, TypeKind},
    Array, Config, Dialect, Dictionary, Variant,
};

/// A generated input: the config to read it with, the bytes, and what was built.
#[derive(Debug)]
pub struct Shape {
    pub cfg: Config,
    pub bytes: Vec<u8>,
    pub kind: ShapeKind,
    /// Whether a mutation was applied (then nothing is promised but the differential property).
    pub mutated: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeKind {
    /// `levels` dictionaries nested as keys: well-formed, within the depth limit.
    NestedKeys { levels: usize },
    /// A value `depth` containers deep (well-formed; accepted iff within the depth limit).
    Deep { depth: usize },
    /// Typed containers written by the encoder (well-formed).
    Typed,
}

fn id(cfg: &Config, k: TypeKind) -> u32 {
    cfg.dialect().type_id(k).expect("every dialect has Nil, Int, Array, Dictionary, PackedByteArray")
}

fn word(out: &mut Vec<u8>, w: u32) {
    out.extend_from_slice(&w.to_le_bytes());
}

fn int(out: &mut Vec<u8>, cfg: &Config, i: u32) {
    word(out, id(cfg, TypeKind::Int));
    word(out, i);
}

/// A config for the shape: any dialect (or one from `only`), objects on or off, single or double, and a
/// depth limit: the default, the cap, or a small one.
fn config(u: &mut Unstructured<'_>, only: &[Dialect]) -> Result<Config> {
    let d = if only.is_empty() { *u.choose(&Dialect::ALL)? } else { *u.choose(only)? };
    let cfg = Config::new(d).with_allow_objects(u.arbitrary()?).with_double_precision(u.arbitrary()?);
    Ok(match u.int_in_range(0..=3u8)? {
        0 => cfg,
        1 => cfg.with_max_depth(Config::MAX_DEPTH_LIMIT),
        2 => cfg.with_max_depth(u.int_in_range(1..=64)?),
        _ => cfg.with_max_depth(u.int_in_range(500..=Config::MAX_DEPTH_LIMIT)?),
    })
}

/// Dialects with typed containers.
fn typed_dialects() -> Vec<Dialect> {
    Dialect::ALL
        .into_iter()
        .filter(|&d| (Dialect::Godot4_3..=Dialect::Godot4_6).contains(&d) || d == Dialect::Pandemonium5)
        .collect()
}

/// The innermost key of nested keys: a large Array of ints, a PackedByteArray, or a typed container.
fn inner_key(u: &mut Unstructured<'_>, cfg: &Config, out: &mut Vec<u8>) -> Result<()> {
    let n = u.int_in_range(0..=4000u32)?;
    match u.int_in_range(0..=2u8)? {
        0 => {
            word(out, id(cfg, TypeKind::Array));
            word(out, n);
            for i in 0..n {
                int(out, cfg, i);
            }
        }
        1 => {
            word(out, id(cfg, TypeKind::PackedByteArray));
            word(out, n);
            out.extend((0..n).map(|i| i as u8));
            out.resize(out.len() + (4 - n as usize % 4) % 4, 0);
        }
        _ => match typed_value(u, cfg)?.and_then(|v| v.encode(cfg).ok()) {
            Some(b) => out.extend(b),
            None => int(out, cfg, n),
        },
    }
    Ok(())
}

/// Dictionaries nested as keys: level i (outermost first) has `entries` entries, the first of which has
/// the next level as its key (the innermost: [`inner_key`]); the others int keys, one of them sometimes a
/// repeat of another (merged).
fn nested_keys(u: &mut Unstructured<'_>) -> Result<Shape> {
    // The innermost key (a typed container of generated elements) may nest up to 17 levels itself.
    let cfg = config(u, &[])?;
    let cfg = if cfg.max_depth() < 24 { cfg.with_max_depth(24) } else { cfg };
    let levels = u.int_in_range(1..=200usize)?.min(cfg.max_depth() - 20);
    let entries: Vec<u32> = (0..levels).map(|_| u.int_in_range(1..=16u32)).collect::<Result<_>>()?;
    let repeat = u.arbitrary::<bool>()?;
    let mut out = Vec::new();
    for &e in &entries {
        word(&mut out, id(&cfg, TypeKind::Dictionary));
        word(&mut out, e);
    }
    inner_key(u, &cfg, &mut out)?;
    for (level, &e) in entries.iter().enumerate().rev() {
        int(&mut out, &cfg, level as u32); // the value of the container key
        for k in 1..e {
            let key = if repeat && k == e - 1 && e > 2 { 1 } else { 1000 + k };
            int(&mut out, &cfg, key);
            int(&mut out, &cfg, k);
        }
    }
    Ok(Shape { cfg, bytes: out, kind: ShapeKind::NestedKeys { levels }, mutated: false })
}

/// A value `depth` containers deep, near the depth limit, as a key (dictionaries as keys), a value
/// (dictionaries as values) or arrays; sometimes the whole of it twice as keys of one dictionary.
fn deep(u: &mut Unstructured<'_>) -> Result<Shape> {
    let cfg = config(u, &[])?;
    let limit = cfg.max_depth();
    let depth = (limit + u.int_in_range(0..=4usize)?).saturating_sub(3).max(1);
    let how = u.int_in_range(0..=2u8)?;
    let twice = u.arbitrary::<bool>()?;
    let one = |out: &mut Vec<u8>, depth: usize| {
        for _ in 0..depth {
            match how {
                0 => {
                    word(out, id(&cfg, TypeKind::Dictionary));
                    word(out, 1);
                }
                1 => {
                    word(out, id(&cfg, TypeKind::Dictionary));
                    word(out, 1);
                    int(out, &cfg, 5); // the key; the value nests
                }
                _ => {
                    word(out, id(&cfg, TypeKind::Array));
                    word(out, 1);
                }
            }
        }
        int(out, &cfg, 7);
        if how == 0 {
            for _ in 0..depth {
                int(out, &cfg, 0); // each level's value
            }
        }
    };
    let mut out = Vec::new();
    let total = if twice && depth > 1 {
        word(&mut out, id(&cfg, TypeKind::Dictionary));
        word(&mut out, 2);
        for v in [1, 2] {
            one(&mut out, depth - 1);
            int(&mut out, &cfg, v);
        }
        depth
    } else {
        one(&mut out, depth);
        depth
    };
    Ok(Shape { cfg, bytes: out, kind: ShapeKind::Deep { depth: total }, mutated: false })
}

/// A container type for a typed container of dialect `d`.
fn container_type(u: &mut Unstructured<'_>, cfg: &Config) -> Result<ContainerType> {
    let d = cfg.dialect();
    let kinds: Vec<TypeKind> =
        TypeKind::ALL.into_iter().filter(|&k| d.has_type(k) && k != TypeKind::TypedArray).collect();
    Ok(match u.int_in_range(0..=7u8)? {
        0 => ContainerType::Untyped,
        1 => ContainerType::Class(if u.arbitrary()? { "Node".into() } else { "EncodedObjectAsID".into() }),
        2 if d != Dialect::Pandemonium5 => ContainerType::Script("res://a.gd".into()),
        3 => ContainerType::Builtin(TypeKind::Array),
        _ => ContainerType::Builtin(*u.choose(&kinds)?),
    })
}

/// An element for a typed container: any value the dialect holds (from the `arbitrary` feature), often a
/// large packed array or Array (converted element by element), or a small typed container.
fn element(u: &mut Unstructured<'_>, cfg: &Config, depth: usize) -> Result<Variant> {
    Ok(match u.int_in_range(0..=5u8)? {
        0 => Variant::PackedByteArray((0..u.int_in_range(0..=3000u32)?).map(|i| i as u8).collect()),
        1 => Variant::PackedInt32Array((0..u.int_in_range(0..=500i32)?).collect()),
        2 => Variant::from((0..u.int_in_range(0..=500i64)?).map(Variant::Int).collect::<Vec<_>>()),
        3 if depth < 3 => typed_value_at(u, cfg, depth + 1)?.unwrap_or(Variant::Nil),
        _ => godot_bin::interop::arbitrary::variant_for(u, cfg)?,
    })
}

/// A typed container of the config's dialect, if it has them.
pub fn typed_value(u: &mut Unstructured<'_>, cfg: &Config) -> Result<Option<Variant>> {
    typed_value_at(u, cfg, 0)
}

fn typed_value_at(u: &mut Unstructured<'_>, cfg: &Config, depth: usize) -> Result<Option<Variant>> {
    let d = cfg.dialect();
    let arrays = (Dialect::Godot4_3..=Dialect::Godot4_6).contains(&d) || d == Dialect::Pandemonium5;
    let dicts = (Dialect::Godot4_4..=Dialect::Godot4_6).contains(&d);
    if !arrays {
        return Ok(None);
    }
    let n = u.int_in_range(0..=8usize)?;
    if dicts && u.arbitrary()? {
        let key_type = container_type(u, cfg)?;
        let value_type = container_type(u, cfg)?;
        let mut entries = Vec::with_capacity(n);
        for _ in 0..n {
            entries.push((element(u, cfg, depth)?, element(u, cfg, depth)?));
        }
        let mut dict = Dictionary::from(entries);
        dict.key_type = key_type;
        dict.value_type = value_type;
        return Ok(Some(Variant::Dictionary(Box::new(dict))));
    }
    let element_type = container_type(u, cfg)?;
    let items = (0..n).map(|_| element(u, cfg, depth)).collect::<Result<Vec<_>>>()?;
    let a = Array { items, element_type, shared: false };
    Ok(Some(if d == Dialect::Pandemonium5 && u.arbitrary()? {
        Variant::PackedTypedArray(Box::new(a))
    } else {
        Variant::Array(Box::new(a))
    }))
}

/// Typed containers in a dialect that has them.
fn typed(u: &mut Unstructured<'_>) -> Result<Shape> {
    let cfg = config(u, &typed_dialects())?;
    // `Dictionary[Array, …]` whose keys are packed arrays: each key converted into an Array.
    let v = if u.arbitrary()? && cfg.dialect() >= Dialect::Godot4_4 && cfg.dialect() <= Dialect::Godot4_6 {
        let n = u.int_in_range(1..=20usize)?;
        let mut entries = Vec::with_capacity(n);
        for e in 0..n {
            let len = u.int_in_range(0..=2000usize)?;
            let key = if u.arbitrary()? {
                Variant::PackedByteArray((0..len).map(|i| (i + e) as u8).collect())
            } else {
                Variant::PackedInt32Array((0..len as i32).map(|i| i + e as i32).collect())
            };
            entries.push((key, Variant::Int(e as i64)));
        }
        let mut dict = Dictionary::from(entries);
        dict.key_type = ContainerType::Builtin(TypeKind::Array);
        Variant::Dictionary(Box::new(dict))
    } else {
        typed_value(u, &cfg)?.unwrap_or(Variant::Nil)
    };
    let bytes = v.encode(&cfg).unwrap_or_else(|_| vec![0, 0, 0, 0]);
    Ok(Shape { cfg, bytes, kind: ShapeKind::Typed, mutated: false })
}

/// One mutation: cut the input, overwrite a byte, or overwrite an aligned word with a telling value.
fn mutate(u: &mut Unstructured<'_>, bytes: &mut Vec<u8>) -> Result<()> {
    if bytes.is_empty() {
        return Ok(());
    }
    let at = u.choose_index(bytes.len())?;
    match u.int_in_range(0..=2u8)? {
        0 => bytes.truncate(at),
        1 => bytes[at] = u.arbitrary()?,
        _ => {
            let at = at & !3;
            let w: u32 =
                *u.choose(&[0, 1, 2, 0xFFFF_FFFF, 0x7FFF_FFFF, 0x8000_0000, 27, 28, 29, 0x1_001B, 0x5_001C])?;
            if at + 4 <= bytes.len() {
                bytes[at..at + 4].copy_from_slice(&w.to_le_bytes());
            }
        }
    }
    Ok(())
}

/// A shape chosen by the bytes, sometimes mutated.
pub fn shape(u: &mut Unstructured<'_>) -> Result<Shape> {
    let mut s = match u.int_in_range(0..=2u8)? {
        0 => nested_keys(u)?,
        1 => deep(u)?,
        _ => typed(u)?,
    };
    if u.ratio(1, 3)? {
        mutate(u, &mut s.bytes)?;
        s.mutated = true;
    }
    Ok(s)
}

// ---------------------------------------------------------------------------------------------------------
// Text (`text::from_text`, the syntax of `str_to_var` in each dialect).

/// A generated text input: the config, the text, what was built, and whether it was mutated.
#[derive(Debug)]
pub struct TextShape {
    pub cfg: Config,
    pub text: String,
    pub kind: TextKind,
    pub mutated: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    /// A value printed by `text::to_text` in the dialect (a long packed-array constructor, a typed
    /// container): it must parse.
    Printed,
    /// `depth` nested `[`, `{key:` (dictionaries as keys) or `{"a":` (as values), closed: accepted exactly
    /// when within the depth limit.
    Deep { depth: usize },
    /// Dictionaries nested as keys, `levels` deep, around a long Array: within the depth limit, accepted.
    NestedKeys { levels: usize },
}

/// A packed array (or a typed container) with many elements, to be printed as its constructor.
fn long_value(u: &mut Unstructured<'_>, cfg: &Config) -> Result<Variant> {
    let n = u.int_in_range(0..=4000usize)?;
    let f = |i: usize| i as f64 * 0.5 - 7.25;
    Ok(match u.int_in_range(0..=11u8)? {
        0 => Variant::PackedInt32Array((0..n as i32).map(|i| i.wrapping_mul(-7919)).collect()),
        1 => Variant::PackedByteArray((0..n).map(|i| i as u8).collect()),
        2 => Variant::PackedFloat32Array((0..n).map(|i| f(i) as f32).collect()),
        3 => Variant::PackedStringArray((0..n.min(1000)).map(|i| format!("s{i}\"\\\n").into()).collect()),
        4 => Variant::PackedVector2Array((0..n).map(|i| godot_bin::markers::Vector2::new(f(i), -f(i))).collect()),
        5 => Variant::PackedColorArray(
            (0..n).map(|i| godot_bin::markers::Color { r: i as f32, g: 0.5, b: -1.0, a: 1.0 }).collect(),
        ),
        6 => Variant::PackedInt64Array((0..n as i64).map(|i| i.wrapping_mul(i64::MAX / 3)).collect()),
        7 => Variant::PackedFloat64Array((0..n).map(f).collect()),
        8 => Variant::PackedVector3Array((0..n).map(|i| godot_bin::markers::Vector3::new(f(i), 1.0, -f(i))).collect()),
        9 => Variant::from((0..n as i64).map(Variant::Int).collect::<Vec<_>>()),
        _ => typed_value(u, cfg)?
            .unwrap_or_else(|| godot_bin::interop::arbitrary::variant_for(u, cfg).unwrap_or_default()),
    })
}

/// `depth` nested containers around `7`, in text: arrays, dictionaries as keys or as values.
fn deep_text(depth: usize, how: u8) -> String {
    let mut s = String::with_capacity(depth * 8);
    for _ in 0..depth {
        s.push_str(match how {
            0 => "[",
            1 => "{",
            _ => "{\"a\": ",
        });
    }
    s.push('7');
    if how == 1 {
        s.push_str(": 0");
    }
    for _ in 0..depth {
        s.push_str(match how {
            0 => "]",
            1 => "}: 0",
            _ => "}",
        });
    }
    if how == 1 {
        // The last ": 0" belongs to no dictionary: the outermost one is a value, not a key.
        s.truncate(s.len() - 3);
    }
    s
}

/// Dictionaries nested as keys, in text: `{{{[0, 1, …]: 0, 1001: 1}: 1, 1001: 1}: 2, …}`.
fn nested_keys_text(levels: usize, entries: usize, ints: usize) -> String {
    let mut s = "{".repeat(levels);
    s.push('[');
    for i in 0..ints {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&i.to_string());
    }
    s.push(']');
    for level in 0..levels {
        s.push_str(&format!(": {level}"));
        for e in 1..entries {
            s.push_str(&format!(", {}: {e}", 1000 + e));
        }
        s.push('}');
    }
    s
}

/// A text shape chosen by the bytes, in any dialect, sometimes mutated.
pub fn text_shape(u: &mut Unstructured<'_>) -> Result<TextShape> {
    let cfg = config(u, &[])?;
    let cfg = if cfg.max_depth() < 2 { cfg.with_max_depth(2) } else { cfg };
    let limit = cfg.max_depth();
    let (mut text, kind) = match u.int_in_range(0..=2u8)? {
        0 => (godot_bin::text::to_text(&long_value(u, &cfg)?, &cfg), TextKind::Printed),
        1 => {
            let depth = (limit + u.int_in_range(0..=4usize)?).saturating_sub(3).max(1);
            (deep_text(depth, u.int_in_range(0..=2u8)?), TextKind::Deep { depth })
        }
        _ => {
            // Around an Array: levels + 1 containers.
            let levels = u.int_in_range(1..=200usize)?.min(limit - 1);
            let text = nested_keys_text(levels, u.int_in_range(1..=16usize)?, u.int_in_range(0..=4000usize)?);
            (text, TextKind::NestedKeys { levels })
        }
    };
    let mutated = u.ratio(1, 3)? && !text.is_empty();
    if mutated {
        let mut at = u.choose_index(text.len())?;
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        match u.int_in_range(0..=2u8)? {
            0 => text.truncate(at),
            1 => {
                let c = *u.choose(&['[', ']', '{', '}', '(', ')', ',', ':', '"', ' ', '0', 'e', '-', '&', '\\'])?;
                text.insert(at, c);
            }
            _ => {
                let end = (at + u.int_in_range(1..=8usize)?).min(text.len());
                let end = (end..=text.len()).find(|&e| text.is_char_boundary(e)).unwrap_or(text.len());
                text.replace_range(at..end, "");
            }
        }
    }
    Ok(TextShape { cfg, text, kind, mutated })
}
