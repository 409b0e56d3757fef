//! The checks and conversions of one value: `from_variant`'s reading and `to_variant`'s writing, per shape.

use super::{esc, type_const, Def, Gen, Kind, Shape};
use crate::error::Result;
use crate::types::TypeKind;

impl Gen<'_> {
    /// The value a missing key gets in lenient mode: the field's default, a fresh instance for a struct.
    pub(super) fn lenient_default(&self, shape: &Shape) -> String {
        match shape {
            Shape::Named { name } if matches!(self.schema.get(name), Some(Def::Struct(_))) => self.new_instance(name),
            s => self.default_value(s),
        }
    }

    /// `target = value`, through `assign` for a typed container.
    pub(super) fn assign(&mut self, ind: usize, target: &str, shape: &Shape, value: &str) {
        let ty = self.var_type(shape);
        match ty {
            Some(t) if t.starts_with("Array[") || t.starts_with("Dictionary[") => {
                self.line(ind, &format!("{target}.assign({value})"))
            }
            _ => self.line(ind, &format!("{target} = {value}")),
        }
    }

    pub(super) fn type_name(&self, e: &str) -> String {
        format!("\"type \" + str(typeof({e}))")
    }

    pub(super) fn fail(&mut self, ind: usize, path: &str, what: &str, e: &str) {
        let t = self.type_name(e);
        self.line(ind, &format!("_err.append({path} + \": expected {what}, got \" + {t})"));
        self.line(ind, "return null");
    }

    /// Checks and converts the value `src` of shape `shape`; on error appends it to `err` and returns null
    /// from the function. Gives the expression holding the result.
    pub(super) fn read(&mut self, ind: usize, shape: &Shape, src: &str, path: &str) -> Result<String> {
        let x = self.fresh("x");
        self.line(ind, &format!("var {x} = {src}"));
        let g4 = self.g4;
        match shape {
            Shape::Variant => Ok(x),
            Shape::Nil => {
                self.line(ind, &format!("if {x} != null:"));
                self.fail(ind + 1, path, "null", &x);
                Ok(x)
            }
            Shape::Bool => {
                self.line(ind, &format!("if typeof({x}) != TYPE_BOOL:"));
                self.fail(ind + 1, path, "bool", &x);
                Ok(x)
            }
            Shape::Int { bits, signed } => {
                self.line(ind, &format!("if typeof({x}) != TYPE_INT:"));
                self.fail(ind + 1, path, "int", &x);
                let range = match (bits, signed) {
                    (64, true) => None,
                    (64, false) => Some((0i128, None)),
                    (b, true) => Some((-(1i128 << (b - 1)), Some((1i128 << (b - 1)) - 1))),
                    (b, false) => Some((0, Some((1i128 << b) - 1))),
                };
                if let Some((lo, hi)) = range {
                    let cond = match hi {
                        Some(hi) => format!("{x} < {lo} or {x} > {hi}"),
                        None => format!("{x} < {lo}"),
                    };
                    let what = match hi {
                        Some(hi) => format!("{lo}..{hi}"),
                        None => format!("{lo} or more"),
                    };
                    self.line(ind, &format!("if {cond}:"));
                    self.line(
                        ind + 1,
                        &format!("_err.append({path} + \": \" + str({x}) + \" is out of range {what}\")"),
                    );
                    self.line(ind + 1, "return null");
                }
                Ok(x)
            }
            Shape::Float { .. } => {
                let f = type_const(TypeKind::Float, g4);
                self.line(ind, &format!("if typeof({x}) != {f} and typeof({x}) != TYPE_INT:"));
                self.fail(ind + 1, path, "float", &x);
                Ok(format!("float({x})"))
            }
            Shape::String => {
                if self.dialect.has_type(TypeKind::StringName) {
                    self.line(ind, &format!("if typeof({x}) != TYPE_STRING and typeof({x}) != TYPE_STRING_NAME:"));
                } else {
                    self.line(ind, &format!("if typeof({x}) != TYPE_STRING:"));
                }
                self.fail(ind + 1, path, "String", &x);
                Ok(if g4 { format!("String({x})") } else { format!("str({x})") })
            }
            Shape::Builtin { name } => {
                let t = type_const(*name, g4);
                let also = match name {
                    TypeKind::StringName | TypeKind::NodePath => Some("TYPE_STRING"),
                    _ => None,
                };
                match also {
                    Some(a) => self.line(ind, &format!("if typeof({x}) != {t} and typeof({x}) != {a}:")),
                    None => self.line(ind, &format!("if typeof({x}) != {t}:")),
                }
                let n = self.dialect.family().name_of(*name);
                self.fail(ind + 1, path, n, &x);
                Ok(match name {
                    TypeKind::StringName | TypeKind::NodePath => format!("{n}({x})"),
                    _ => x,
                })
            }
            Shape::Option { of } => {
                let r = self.fresh("r");
                self.line(ind, &format!("var {r} = null"));
                self.line(ind, &format!("if {x} != null:"));
                let inner = self.read(ind + 1, of, &x, path)?;
                self.line(ind + 1, &format!("{r} = {inner}"));
                Ok(r)
            }
            Shape::Array { of } | Shape::TypedArray { of } => {
                let (lo, hi) = if g4 {
                    ("TYPE_PACKED_BYTE_ARRAY", "TYPE_PACKED_VECTOR4_ARRAY")
                } else {
                    ("TYPE_RAW_ARRAY", "TYPE_COLOR_ARRAY")
                };
                let t = self.fresh("t");
                self.line(ind, &format!("var {t} = typeof({x})"));
                self.line(ind, &format!("if {t} != TYPE_ARRAY and ({t} < {lo} or {t} > {hi}):"));
                self.fail(ind + 1, path, "Array", &x);
                let r = self.fresh("r");
                let i = self.fresh("i");
                self.line(ind, &format!("var {r} = []"));
                self.line(ind, &format!("for {i} in range({x}.size()):"));
                let p = format!("{path} + \"[\" + str({i}) + \"]\"");
                let e = self.read(ind + 1, of, &format!("{x}[{i}]"), &p)?;
                self.line(ind + 1, &format!("{r}.append({e})"));
                Ok(r)
            }
            Shape::Tuple { of } => {
                self.line(ind, &format!("if typeof({x}) != TYPE_ARRAY:"));
                self.fail(ind + 1, path, "Array", &x);
                self.line(ind, &format!("if {x}.size() != {}:", of.len()));
                self.line(
                    ind + 1,
                    &format!("_err.append({path} + \": expected {} elements, got \" + str({x}.size()))", of.len()),
                );
                self.line(ind + 1, "return null");
                let r = self.fresh("r");
                self.line(ind, &format!("var {r} = []"));
                for (i, s) in of.iter().enumerate() {
                    let p = format!("{path} + \"[{i}]\"");
                    let e = self.read(ind, s, &format!("{x}[{i}]"), &p)?;
                    self.line(ind, &format!("{r}.append({e})"));
                }
                Ok(r)
            }
            Shape::Map { key, value } | Shape::TypedDictionary { key, value } => {
                self.line(ind, &format!("if typeof({x}) != TYPE_DICTIONARY:"));
                self.fail(ind + 1, path, "Dictionary", &x);
                let r = self.fresh("r");
                let k = self.fresh("k");
                self.line(ind, &format!("var {r} = {{}}"));
                self.line(ind, &format!("for {k} in {x}:"));
                let p = format!("{path} + \"[\" + str({k}) + \"]\"");
                let kr = self.read(ind + 1, key, &k, &p)?;
                let vr = self.read(ind + 1, value, &format!("{x}[{k}]"), &p)?;
                self.line(ind + 1, &format!("{r}[{kr}] = {vr}"));
                Ok(r)
            }
            Shape::Named { name } => match self.kind(name) {
                Kind::UnitEnum => {
                    let names = self.names_const(name);
                    self.line(
                        ind,
                        &format!(
                            "if typeof({x}) != TYPE_STRING{}:",
                            if self.dialect.has_type(TypeKind::StringName) {
                                format!(" and typeof({x}) != TYPE_STRING_NAME")
                            } else {
                                String::new()
                            }
                        ),
                    );
                    self.fail(ind + 1, path, &format!("a {} name (String)", esc(name)), &x);
                    let i = self.fresh("n");
                    let s = if g4 { format!("String({x})") } else { format!("str({x})") };
                    self.line(ind, &format!("var {i} = {names}.find({s})"));
                    self.line(ind, &format!("if {i} < 0:"));
                    self.line(ind + 1, &format!("_err.append({path} + \": unknown {} variant \" + {s})", esc(name)));
                    self.line(ind + 1, "return null");
                    Ok(if g4 { format!("{i} as {}", self.cls(name)) } else { i })
                }
                Kind::Class => {
                    let c = self.class_ref(name);
                    let r = self.fresh("r");
                    self.line(ind, &format!("var {r} = {c}._read({x}, {path}, _lenient, _err)"));
                    self.line(ind, "if _err.size() > 0:");
                    self.line(ind + 1, "return null");
                    Ok(r)
                }
            },
        }
    }

    /// The value godot_bin writes for the GDScript value `e` of shape `shape`: lines before, then the
    /// expression.
    pub(super) fn write(&mut self, ind: usize, shape: &Shape, e: &str) -> Result<String> {
        match shape {
            Shape::Nil => Ok("null".into()),
            Shape::Bool | Shape::Int { .. } | Shape::Float { .. } | Shape::String | Shape::Variant => Ok(e.into()),
            Shape::Builtin { .. } => Ok(e.into()),
            Shape::Option { of } => {
                let r = self.fresh("w");
                self.line(ind, &format!("var {r} = null"));
                self.line(ind, &format!("if {e} != null:"));
                let inner = self.write(ind + 1, of, e)?;
                self.line(ind + 1, &format!("{r} = {inner}"));
                Ok(r)
            }
            Shape::Array { of } | Shape::TypedArray { of } => {
                let r = self.fresh("w");
                let i = self.fresh("e");
                self.line(ind, &format!("var {r} = []"));
                self.line(ind, &format!("for {i} in {e}:"));
                let w = self.write(ind + 1, of, &i)?;
                self.line(ind + 1, &format!("{r}.append({w})"));
                if let Shape::TypedArray { of } = shape {
                    if self.dialect.typed_arrays() {
                        if let Some(t) = self.wire_type(of) {
                            self.line(ind, &format!("{r} = Array({r}, {t}, \"\", null)"));
                        }
                    }
                }
                Ok(r)
            }
            Shape::Tuple { of } => {
                let r = self.fresh("w");
                self.line(ind, &format!("var {r} = []"));
                for (i, s) in of.iter().enumerate() {
                    let w = self.write(ind, s, &format!("{e}[{i}]"))?;
                    self.line(ind, &format!("{r}.append({w})"));
                }
                Ok(r)
            }
            Shape::Map { key, value } | Shape::TypedDictionary { key, value } => {
                let r = self.fresh("w");
                let k = self.fresh("k");
                self.line(ind, &format!("var {r} = {{}}"));
                self.line(ind, &format!("for {k} in {e}:"));
                let kw = self.write(ind + 1, key, &k)?;
                let vw = self.write(ind + 1, value, &format!("{e}[{k}]"))?;
                self.line(ind + 1, &format!("{r}[{kw}] = {vw}"));
                if let Shape::TypedDictionary { .. } = shape {
                    if self.dialect.typed_dictionaries() {
                        let kt = self.wire_type(key).unwrap_or("TYPE_NIL");
                        let vt = self.wire_type(value).unwrap_or("TYPE_NIL");
                        if kt != "TYPE_NIL" || vt != "TYPE_NIL" {
                            self.line(ind, &format!("{r} = Dictionary({r}, {kt}, \"\", null, {vt}, \"\", null)"));
                        }
                    }
                }
                Ok(r)
            }
            Shape::Named { name } => match self.kind(name) {
                Kind::UnitEnum => Ok(format!("{}[{e}]", self.names_const(name))),
                Kind::Class => {
                    let r = self.fresh("w");
                    self.line(ind, &format!("var {r} = null"));
                    self.line(ind, &format!("if {e} != null:"));
                    self.line(ind + 1, &format!("{r} = {e}.to_variant()"));
                    Ok(r)
                }
            },
        }
    }
}
