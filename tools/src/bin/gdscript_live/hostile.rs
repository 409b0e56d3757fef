//! Hostile names: a schema whose keys and type names are what an attacker's save or an odd rename gives
//! (empty, control characters, quotes, keywords, the emitter's reserved names, global functions, native
//! classes, every engine's type names, ALL_CAPS constants, the generated members, non-ASCII, bidirectional
//! and other invisible format controls, names equal once sanitized). The file must load with no error or warning and read every value back byte-identical.

use std::path::Path;

use godot_bin::schema::{Def, Enum, EnumVariant, Field, Schema, Shape, Struct, VariantData};
use godot_bin::value::TypeKind;
use godot_bin::{gdscript, Config, Dialect, Dictionary, Variant};

use crate::harness::{checks, write_harness, write_values, Top};
use crate::values::Draw;
use crate::wrong::dict;
use crate::{engine_log_ok, Res};
use godot_bin_tools::r#gen::Rng;

/// The names of one of the emitter's word lists (a data file beside its source, read at build time): one a
/// line, `#` comment lines left out.
fn emitter_words(list: &str) -> Vec<String> {
    list.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from).collect()
}

/// Type names that are native classes, odd or equal once sanitized; each a struct `{ x: int }`.
const HOSTILE_TYPES: &[&str] = &["Tree", "Node", "Object", "Timer", "Image", "Resource", "a-b", "a_b", "Ty\n//x", "OK"];

fn hostile_schema(dialect: Dialect) -> Schema {
    let mut keys: Vec<String> = [
        "",
        "_",
        "__",
        "\n//x",
        "a\"b",
        "a\\b",
        "*/",
        "#",
        "a\tb\r",
        "a-b",
        "a_b",
        "a b",
        "OK",
        "TYPE_INT",
        "KEY_A",
        "PI",
        "é",
        "名前",
        // Bidirectional and other invisible format controls: Godot 4 refuses a script holding one as it is.
        "gold\u{202e}",
        "\u{2066}a\u{2069}",
        "\u{202a}\u{202b}\u{202c}\u{202d}",
        "\u{2067}\u{2068}\u{200e}\u{200f}\u{61c}",
        "zero\u{200b}width\u{feff}",
        "Save",
        "Damage",
        "to_variant",
        "from_variant",
        "check",
        "SCHEMA_VERSION",
        "VARIANTS",
        "_SELF",
        "_in",
        "_at",
        "_err",
        "_o",
        "_r",
        "_d",
        "_k",
        "_lenient",
        "_read",
        "_root_script",
        "_x1",
        "_w3",
        "DAMAGE_NAMES",
        "variant",
        "value",
        "x",
    ]
    .map(String::from)
    .to_vec();
    // The emitter's reserved list holds every GDScript keyword (3.x and 4.x) and its own member names; the
    // type-name table every engine's name of every type.
    keys.extend(emitter_words(include_str!("../../../../src/forms/schema/gdscript/reserved.txt")));
    keys.extend(emitter_words(include_str!("../../../../src/forms/schema/gdscript/functions.txt")));
    for d in [Dialect::Godot3, Dialect::GODOT4, Dialect::Pandemonium3_5, Dialect::Pandemonium5] {
        keys.extend(TypeKind::ALL.iter().map(|k| k.name_in(d).to_string()));
    }
    let mut seen = std::collections::HashSet::new();
    keys.retain(|k| seen.insert(k.clone()) && !HOSTILE_TYPES.contains(&k.as_str()));
    let mut fields: Vec<Field> = keys
        .iter()
        .map(|k| {
            if k == "Damage" {
                Field::new(k, Shape::Named { name: "Damage".into() })
            } else {
                Field::new(k, Shape::Int { bits: 32, signed: true })
            }
        })
        .collect();
    fields.extend(HOSTILE_TYPES.iter().map(|t| Field::new(*t, Shape::Named { name: t.to_string() })));
    let mut s = Schema::new(dialect);
    s.defs.push(Def::Struct(Struct { name: "Save".into(), doc: None, fields }));
    for (i, t) in HOSTILE_TYPES.iter().enumerate() {
        let fields = vec![Field::new("x", Shape::Int { bits: 32, signed: true })];
        s.defs.push(Def::Struct(Struct { name: t.to_string(), doc: Some(format!("hostile type {i}")), fields }));
    }
    let variants = ["A", "b\n", "OK"]
        .iter()
        .map(|v| EnumVariant { name: v.to_string(), doc: None, data: VariantData::Unit })
        .collect();
    s.defs.push(Def::Enum(Enum { name: "Damage".into(), doc: None, variants }));
    s.root = Some("Save".into());
    s
}

pub(crate) fn hostile_values(schema: &Schema, count: usize, seed: u64) -> Vec<Variant> {
    let mut r = Draw(Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1));
    let Some(Def::Struct(root)) = schema.get("Save") else { return vec![] };
    (0..count)
        .map(|_| {
            let mut d = Dictionary::default();
            for f in &root.fields {
                let v = match &f.shape {
                    Shape::Named { name } if name == "Damage" => Variant::from(["A", "b\n", "OK"][r.below(3) as usize]),
                    Shape::Named { .. } => dict(&[("x", Variant::from(r.below(1000) as i64 - 500))]),
                    _ => Variant::from(r.below(1 << 31) as i64 - (1 << 30)),
                };
                d.insert(Variant::from(f.name.as_str()), v);
            }
            Variant::from(d)
        })
        .collect()
}

/// The class the generated file gives hostile type `i` (its doc comment names it).
pub(crate) fn hostile_class(gd: &str, i: usize) -> String {
    let mut lines = gd.lines();
    while let Some(l) = lines.next() {
        if l.ends_with(&format!(" hostile type {i}")) {
            if let Some(c) = lines.next().and_then(|c| c.strip_prefix("class ")) {
                return c.split(' ').next().unwrap_or_default().to_string();
            }
        }
    }
    format!("NO_CLASS_FOR_TYPE_{i}")
}

pub(crate) fn prepare_hostile(dialect: Dialect, dir: &Path, count: usize, seed: u64) -> Res<()> {
    let cfg = Config::new(dialect);
    let schema = hostile_schema(dialect);
    let gd = gdscript::from_schema(&schema, &gdscript::Options::default())?;
    let vals = hostile_values(&schema, count, seed);
    write_values(dir, "save", &vals, &[], &cfg)?;
    let top = Top { file: "save", schema, gd, class: None, others: vec![] };
    std::fs::write(dir.join("save.gd"), &top.gd)?;
    let mut c = checks(std::slice::from_ref(&top), dialect);
    // The inner classes' names, as the file gives them.
    for (i, t) in HOSTILE_TYPES.iter().enumerate() {
        c = c.replace(&format!("S.{t})"), &format!("S.@{i}@)"));
    }
    for i in 0..HOSTILE_TYPES.len() {
        c = c.replace(&format!("S.@{i}@)"), &format!("S.{})", hostile_class(&top.gd, i)));
    }
    write_harness(dir, &[top], dialect, &c)
}

pub(crate) fn check_hostile(dialect: Dialect, dir: &Path, count: usize) -> Res<String> {
    engine_log_ok(dir)?;
    let inp = std::fs::read(dir.join("save.in"))?;
    let out = std::fs::read(dir.join("save.out"))?;
    if inp != out {
        let at = inp.iter().zip(&out).position(|(a, b)| a != b).unwrap_or(inp.len().min(out.len()));
        return Err(format!("save.out differs from save.in at byte {at} ({} vs {} bytes)", out.len(), inp.len()).into());
    }
    let n = hostile_schema(dialect).defs.first().map_or(0, |d| match d {
        Def::Struct(s) => s.fields.len(),
        Def::Enum(_) => 0,
    });
    Ok(format!(
        "OK (hostile names: {count} values of a struct of {n} fields named by keywords, reserved and global names, native classes, ALL_CAPS, control characters, non-ASCII and clashing keys, with {} types named like native classes or alike once sanitized: loaded with no error or warning, every field typed, written back byte-identical)",
        HOSTILE_TYPES.len()
    ))
}
