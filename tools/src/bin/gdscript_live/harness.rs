//! The files of one run: each top type's values and generated GDScript, `checks.gd` (each field's type and
//! class, generated from the schema), `tops.txt`, the harness (`tests/gd/gdscript_live.gd` or
//! `gdscript_live3.gd`, written as `harness.gd`) and a `project.godot` that makes every warning an error.

use std::fmt::Write as _;
use std::path::Path;

use godot_bin::framing::{write_var, Endian};
use godot_bin::schema::{Def, Schema, Shape, VariantData};
use godot_bin::value::TypeKind;
use godot_bin::{gdscript, Config, Dialect};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::values::{branch, extras4, msg, save, Branch, Draw, Extras4, Msg, Save};
use crate::wrong::{mutate, Bad};
use crate::Res;
use godot_bin_tools::r#gen::Rng;

/// The engine's harness, one per flavour (written into the run's folder as `harness.gd`).
pub(crate) const HARNESS4: &str = include_str!("../../../../tests/gd/gdscript_live.gd");
pub(crate) const HARNESS3: &str = include_str!("../../../../tests/gd/gdscript_live3.gd");

/// One top type of a run: its file's name, schema and generated GDScript.
pub(crate) struct Top {
    pub(crate) file: &'static str,
    pub(crate) schema: Schema,
    pub(crate) gd: String,
    /// The class_name, when it is not the root type's name.
    pub(crate) class: Option<&'static str>,
    /// One file per type (`gdscript::files_per_type`): the other files, as (file name, class name, text).
    pub(crate) others: Vec<(String, String, String)>,
}

pub(crate) fn write_values<T: Serialize>(dir: &Path, name: &str, vals: &[T], bad: &[Bad], cfg: &Config) -> Res<()> {
    let mut file = Vec::new();
    for v in vals {
        write_var(&mut file, v, cfg, Endian::Little)?;
    }
    std::fs::write(dir.join(format!("{name}.in")), &file)?;
    // Values with one part replaced by a value of another kind (or the same kind), as many as there are
    // values: the GDScript must accept or refuse each without a script error.
    let mut junk = Vec::new();
    let mut r = Draw(Rng(0x5eed ^ vals.len() as u64));
    let g4 = cfg.dialect() != Dialect::Godot3;
    for v in vals {
        let m = mutate(&godot_bin::to_variant_with(v, cfg)?, &mut r, g4);
        let _ = write_var(&mut junk, &m, cfg, Endian::Little);
    }
    std::fs::write(dir.join(format!("{name}.junk")), &junk)?;
    let mut file = Vec::new();
    let mut want = String::new();
    for (v, w) in bad {
        write_var(&mut file, v, cfg, Endian::Little)?;
        want.push_str(&w.replace('\n', " "));
        want.push('\n');
    }
    std::fs::write(dir.join(format!("{name}.bad")), &file)?;
    std::fs::write(dir.join(format!("{name}.bad.txt")), want)?;
    Ok(())
}

pub(crate) fn top<T: DeserializeOwned + Serialize>(file: &'static str, dialect: Dialect) -> Res<Top> {
    let schema = Schema::new(dialect).add::<T>()?;
    let gd = gdscript::for_type::<T>(&Config::new(dialect))?;
    Ok(Top { file, schema, gd, class: None, others: vec![] })
}

/// The save's file, with the doc comments of the types (values.rs) as GDScript doc comments.
pub(crate) fn top_save(dialect: Dialect) -> Res<Top> {
    let schema = Schema::new(dialect).add::<Save>()?.with_docs(include_str!("values.rs"));
    let gd = gdscript::from_schema(&schema, &gdscript::Options::default())?;
    Ok(Top { file: "save", schema, gd, class: None, others: vec![] })
}

/// The save as one file per type (save.gd, item.gd, msg.gd).
pub(crate) fn top_save_files(dialect: Dialect) -> Res<Top> {
    let schema = Schema::new(dialect).add::<Save>()?;
    let mut files = gdscript::files_per_type(&schema, &gdscript::Options::default())?;
    let at = files.iter().position(|(f, _)| f == "save.gd").ok_or("no save.gd")?;
    let (_, gd) = files.remove(at);
    let others = files
        .into_iter()
        .map(|(f, text)| {
            let class = schema.defs.iter().map(|d| d.name().to_string()).find(|n| format!("{}.gd", snake(n)) == f);
            (f, class.unwrap_or_default(), text)
        })
        .collect();
    Ok(Top { file: "save", schema, gd, class: None, others })
}

pub(crate) fn snake(name: &str) -> String {
    let mut s = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            s.push('_');
        }
        s.push(c.to_ascii_lowercase());
    }
    s
}

/// `Msg` is also an inner class of save.gd: its own file takes another class_name, as a project's would.
pub(crate) fn top_msg(dialect: Dialect) -> Res<Top> {
    let schema = Schema::new(dialect).add::<Msg>()?;
    let options = gdscript::Options::default().with_class_name(Some("Message".into())).with_file_name("msg.gd");
    let gd = gdscript::from_schema(&schema, &options)?;
    Ok(Top { file: "msg", schema, gd, class: Some("Message"), others: vec![] })
}

pub(crate) fn tops(dialect: Dialect) -> Res<Vec<Top>> {
    let mut t = vec![top_save(dialect)?, top_msg(dialect)?, top::<Branch>("branch", dialect)?];
    if dialect != Dialect::Godot3 {
        t.push(top::<Extras4>("extras4", dialect)?);
    }
    Ok(t)
}

pub(crate) fn values_of(dialect: Dialect, count: usize, seed: u64) -> (Vec<Save>, Vec<Msg>, Vec<Branch>, Vec<Extras4>) {
    let mut r = Draw(Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1));
    let saves = (0..count).map(|_| save(&mut r)).collect();
    let msgs = (0..count).map(|_| msg(&mut r)).collect();
    let branches = (0..count).map(|_| branch(&mut r, 0)).collect();
    let extras = if dialect == Dialect::Godot3 { vec![] } else { (0..count).map(|_| extras4(&mut r)).collect() };
    (saves, msgs, branches, extras)
}

/// The `TYPE_…` a field of `shape` holds in the engine (`None`: any), from the type-name table.
fn type_const(shape: &Shape, dialect: Dialect, schema: &Schema) -> Option<&'static str> {
    let k = match shape {
        Shape::Nil => TypeKind::Nil,
        Shape::Bool => TypeKind::Bool,
        Shape::Int { .. } => TypeKind::Int,
        Shape::Float { .. } => TypeKind::Float,
        Shape::String => TypeKind::String,
        Shape::Array { .. } | Shape::TypedArray { .. } | Shape::Tuple { .. } => TypeKind::Array,
        Shape::Map { .. } | Shape::TypedDictionary { .. } => TypeKind::Dictionary,
        Shape::Builtin { name } => *name,
        Shape::Named { name } => match schema.get(name) {
            Some(Def::Enum(e)) if e.is_unit_only() => TypeKind::Int,
            _ => TypeKind::Object,
        },
        Shape::Option { .. } | Shape::Variant => return None,
    };
    k.type_constant(dialect)
}

/// The check of one field: a condition that is true when the value is wrong.
fn field_wrong(shape: &Shape, e: &str, dialect: Dialect, schema: &Schema, cls: &dyn Fn(&str) -> String) -> String {
    let g4 = dialect != Dialect::Godot3;
    match shape {
        Shape::Option { of } => format!("({e} != null and ({}))", field_wrong(of, e, dialect, schema, cls)),
        Shape::Variant => "false".into(),
        Shape::Named { name }
            if matches!(schema.get(name), Some(Def::Struct(_)))
                || matches!(schema.get(name), Some(Def::Enum(en)) if !en.is_unit_only() || schema.root.as_deref() == Some(name)) =>
        {
            let object = TypeKind::Object.type_constant(dialect).unwrap_or_default();
            format!("(typeof({e}) != {object} or {e}.get_script() != {})", cls(name))
        }
        s => {
            let t = type_const(s, dialect, schema).unwrap_or_default();
            let mut c = format!("typeof({e}) != {t}");
            if g4 {
                if let Shape::Array { of } | Shape::TypedArray { of } = s {
                    if !matches!(**of, Shape::Option { .. } | Shape::Variant) {
                        c = format!("({c} or not {e}.is_typed())");
                    }
                }
            }
            if let Shape::Array { of } | Shape::TypedArray { of } = s {
                if let Shape::Named { name } = &**of {
                    if g4 && matches!(schema.get(name), Some(Def::Struct(_))) {
                        c = format!("({c} or {e}.any(func(el): return el.get_script() != {}))", cls(name));
                    }
                }
            }
            c
        }
    }
}

/// `checks.gd`: per top type, `check_<file>(h, S, x, n)`, which calls `h.fail` for each field of the value
/// `x` (the `n`th read by the script `S`) that does not have its type and class.
pub(crate) fn checks(tops: &[Top], dialect: Dialect) -> String {
    let g4 = dialect != Dialect::Godot3;
    let mut h = String::new();
    let _ = writeln!(
        h,
        "# Generated by tools/src/bin/gdscript_live (scripts/live.sh gdscript): the field checks harness.gd calls."
    );
    let _ = writeln!(
        h,
        "extends {}
",
        if g4 { "RefCounted" } else { "Reference" }
    );
    for t in tops {
        let f = t.file;
        let root = t.schema.root.clone().unwrap_or_default();
        let _ = writeln!(
            h,
            "\nfunc check_{f}(h, S, x, n):\n\tif h == null or S == null or x == null or n < 0:\n\t\treturn"
        );
        let split = !t.others.is_empty();
        let cls = |name: &str| {
            if name == root {
                "S".to_string()
            } else if split {
                format!("load(\"res://{}.gd\")", snake(name))
            } else {
                format!("S.{name}")
            }
        };
        match t.schema.get(&root) {
            Some(Def::Struct(s)) => {
                for fld in &s.fields {
                    let id = ident_of(&t.gd, &fld.name);
                    let c = field_wrong(&fld.shape, &format!("x.{id}"), dialect, &t.schema, &cls);
                    let _ = writeln!(
                        h,
                        "\tif {c}:\n\t\th.fail(\"{f} value %d: field {id} has type %d\" % [n, typeof(x.{id})])"
                    );
                }
            }
            Some(Def::Enum(e)) => {
                let string = TypeKind::String.type_constant(dialect).unwrap_or_default();
                let _ = writeln!(h, "\tif typeof(x.variant) != {string}:\n\t\th.fail(\"{f} value %d: variant\" % n)");
                // The typed way to branch, and the static constructors: each value built again from its
                // data by its variant's constructor writes the same bytes.
                let _ = writeln!(
                    h,
                    "\tif int(x.kind) != x.VARIANTS.find(x.variant):\n\t\th.fail(\"{f} value %d: kind\" % n)"
                );
                let to_bytes = if g4 { "var_to_bytes" } else { "var2bytes" };
                let mut built = 0;
                for (i, v) in e.variants.iter().enumerate() {
                    let func = snake(&v.name);
                    if !t.gd.contains(&format!("static func {func}(")) {
                        continue;
                    }
                    built += 1;
                    let args = match &v.data {
                        VariantData::Unit => String::new(),
                        VariantData::Newtype { .. } => "x.value".into(),
                        VariantData::Tuple { of } => {
                            (0..of.len()).map(|k| format!("x.value[{k}]")).collect::<Vec<_>>().join(", ")
                        }
                        VariantData::Struct { fields } => fields
                            .iter()
                            .map(|fld| format!("x.value.{}", ident_of(&t.gd, &fld.name)))
                            .collect::<Vec<_>>()
                            .join(", "),
                    };
                    let _ = writeln!(
                        h,
                        "\tif x.variant == {:?}:\n\t\tvar y{i} = S.{func}({args})\n\t\tif {to_bytes}(y{i}.to_variant()) != {to_bytes}(x.to_variant()) or y{i}.kind != x.kind:\n\t\t\th.fail(\"{f} value %d: {func}() builds another value\" % n)",
                        v.name
                    );
                }
                if built < e.variants.len() {
                    let _ =
                        writeln!(h, "\th.fail(\"{f}: {} of {} variants have a constructor\")", built, e.variants.len());
                }
                for v in &e.variants {
                    let c = match &v.data {
                        VariantData::Unit => "x.value != null".to_string(),
                        VariantData::Newtype { shape } => field_wrong(shape, "x.value", dialect, &t.schema, &cls),
                        VariantData::Tuple { .. } => {
                            format!("typeof(x.value) != {}", TypeKind::Array.type_constant(dialect).unwrap_or_default())
                        }
                        VariantData::Struct { .. } => format!("x.value.get_script() != S.{}{}", e.name, v.name),
                    };
                    let _ = writeln!(
                        h,
                        "\tif x.variant == {:?} and ({c}):\n\t\th.fail(\"{f} value %d: {} data\" % n)",
                        v.name, v.name
                    );
                }
            }
            None => {}
        }
    }
    h
}

/// Writes a run's harness: `harness.gd` (the flavour's, from tests/gd), `checks.gd`, `tops.txt` and
/// `project.godot`.
pub(crate) fn write_harness(dir: &Path, tops: &[Top], dialect: Dialect, checks_gd: &str) -> Res<()> {
    let g4 = dialect != Dialect::Godot3;
    std::fs::write(dir.join("harness.gd"), if g4 { HARNESS4 } else { HARNESS3 })?;
    std::fs::write(dir.join("checks.gd"), checks_gd)?;
    let list: String = tops.iter().map(|t| format!("{}\n", t.file)).collect();
    std::fs::write(dir.join("tops.txt"), list)?;
    std::fs::write(dir.join("project.godot"), project(tops, g4))?;
    Ok(())
}

/// The GDScript name the generated file gives the field written under `key` (a `# key "…"` note marks a
/// renamed one).
pub(crate) fn ident_of(gd: &str, key: &str) -> String {
    let note = format!("# key {}", gdscript::string_literal(key));
    for l in gd.lines() {
        let l = l.trim();
        if l.starts_with("var ") && l.ends_with(&note) {
            return l[4..].split([':', ' ']).next().unwrap_or(key).to_string();
        }
    }
    key.to_string()
}

/// The check's project.godot: every GDScript warning an error (Godot 3: and the class_name registrations,
/// as the editor writes them).
pub(crate) fn project(tops: &[Top], g4: bool) -> String {
    let mut classes = String::new();
    for t in tops {
        let root = t.class.map(String::from).or_else(|| t.schema.root.clone()).unwrap_or_default();
        let _ = write!(
            classes,
            "{}{{\n\"base\": \"Reference\",\n\"class\": \"{root}\",\n\"language\": \"GDScript\",\n\"path\": \"res://{}.gd\"\n}}",
            if classes.is_empty() { "" } else { ", " },
            t.file
        );
        for (f, class, _) in &t.others {
            let _ = write!(
                classes,
                ", {{\n\"base\": \"Reference\",\n\"class\": \"{class}\",\n\"language\": \"GDScript\",\n\"path\": \"res://{f}\"\n}}"
            );
        }
    }
    if g4 {
        // Every GDScript warning an error, so that a warning in the generated files fails the check.
        let mut p = String::from("config_version=5\n\n[debug]\n\n");
        for w in WARNINGS4 {
            let _ = writeln!(p, "gdscript/warnings/{w}=2");
        }
        p
    } else {
        let mut icons: Vec<String> = tops
            .iter()
            .map(|t| {
                format!("\"{}\": \"\"", t.class.map(String::from).or_else(|| t.schema.root.clone()).unwrap_or_default())
            })
            .collect();
        icons.extend(tops.iter().flat_map(|t| t.others.iter().map(|(_, c, _)| format!("\"{c}\": \"\""))));
        format!(
            "config_version=4\n\n_global_script_classes=[ {classes} ]\n_global_script_class_icons={{\n{}\n}}\n\n[debug]\n\ngdscript/warnings/treat_warnings_as_errors=true\n",
            icons.join(",\n")
        )
    }
}

/// Godot 4.6's GDScript warnings that are on by default (each raised to an error in the check's project).
const WARNINGS4: &[&str] = &[
    "unassigned_variable",
    "unassigned_variable_op_assign",
    "unused_variable",
    "unused_local_constant",
    "unused_private_class_variable",
    "unused_parameter",
    "unused_signal",
    "shadowed_variable",
    "shadowed_variable_base_class",
    "shadowed_global_identifier",
    "unreachable_code",
    "unreachable_pattern",
    "standalone_expression",
    "standalone_ternary",
    "incompatible_ternary",
    "static_called_on_instance",
    "redundant_static_unload",
    "redundant_await",
    "assert_always_true",
    "assert_always_false",
    "integer_division",
    "narrowing_conversion",
    "int_as_enum_without_cast",
    "int_as_enum_without_match",
    "enum_variable_without_default",
    "empty_file",
    "deprecated_keyword",
    "confusable_identifier",
    "confusable_local_declaration",
    "confusable_local_usage",
    "confusable_capture_reassignment",
    "inference_on_variant",
    "native_method_override",
    "get_node_default_without_onready",
    "onready_with_export",
    "missing_tool",
    "missing_await",
];
