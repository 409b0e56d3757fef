//! The checks and conversions of one value: `from_variant`'s reading and `to_variant`'s writing, per shape.

use super::writer::{concat, Part, Writer};
use super::{Gen, Kind, Shape};
use crate::error::Result;
use crate::types::TypeKind;

impl Gen<'_> {
    /// What the errors say a wrong value is: its type's name (`type_string` in 4.x; in 3.x, which has
    /// none, the class's `_type_name`).
    pub(super) fn got(&self, e: &str) -> String {
        if self.g4 {
            format!("type_string(typeof({e}))")
        } else {
            format!("_type_name(typeof({e}))")
        }
    }

    /// Records the error `message` (the parts of a GDScript String) and returns null from the function.
    pub(super) fn refuse(&self, w: &mut Writer, message: &[Part<'_>]) {
        w.line(format_args!("_err.append({})", concat(message)));
        w.ret("null");
    }

    /// "`path`: expected `what`, got type N".
    fn fail(&self, w: &mut Writer, path: &str, what: &str, e: &str) {
        let expected = format!(": expected {what}, got ");
        self.refuse(w, &[Part::Code(path), Part::Text(&expected), Part::Code(&self.got(e))]);
    }

    /// The condition "`e` is a String" (or a StringName, where the dialect has them).
    pub(super) fn is_text(&self, e: &str) -> Result<String> {
        let s = self.type_const(TypeKind::String)?;
        Ok(match TypeKind::StringName.type_constant(self.dialect) {
            Some(sn) => format!("(typeof({e}) == {s} or typeof({e}) == {sn})"),
            None => format!("typeof({e}) == {s}"),
        })
    }

    /// The condition "`e` is neither a String nor a StringName".
    fn is_not_text(&self, e: &str) -> Result<String> {
        let s = self.type_const(TypeKind::String)?;
        Ok(match TypeKind::StringName.type_constant(self.dialect) {
            Some(sn) => format!("typeof({e}) != {s} and typeof({e}) != {sn}"),
            None => format!("typeof({e}) != {s}"),
        })
    }

    /// `e` as a String.
    pub(super) fn to_string(&self, e: &str) -> String {
        if self.g4 {
            format!("String({e})")
        } else {
            format!("str({e})")
        }
    }

    /// Checks and converts the value `src` of shape `shape`; on error appends it to `_err` and returns null
    /// from the function. Gives the expression holding the result.
    pub(super) fn read(&self, w: &mut Writer, shape: &Shape, src: &str, path: &str) -> Result<String> {
        let x = w.local("x", src);
        let name = |k: TypeKind| self.type_name_of(k);
        match shape {
            Shape::Variant => Ok(x),
            Shape::Nil => {
                w.if_(format_args!("{x} != null"), |w| self.fail(w, path, "null", &x));
                Ok(x)
            }
            Shape::Bool => {
                let t = self.type_const(TypeKind::Bool)?;
                w.if_(format_args!("typeof({x}) != {t}"), |w| self.fail(w, path, name(TypeKind::Bool), &x));
                Ok(x)
            }
            Shape::Int { bits, signed } => {
                let t = self.type_const(TypeKind::Int)?;
                w.if_(format_args!("typeof({x}) != {t}"), |w| self.fail(w, path, name(TypeKind::Int), &x));
                let range = match (bits, signed) {
                    (64, true) => None,
                    (64, false) => Some((0i128, None)),
                    (b, true) => Some((-(1i128 << (b - 1)), Some((1i128 << (b - 1)) - 1))),
                    (b, false) => Some((0, Some((1i128 << b) - 1))),
                };
                if let Some((lo, hi)) = range {
                    let (cond, what) = match hi {
                        Some(hi) => (format!("{x} < {lo} or {x} > {hi}"), format!(" is out of range {lo}..{hi}")),
                        None => (format!("{x} < {lo}"), format!(" is out of range {lo} or more")),
                    };
                    let shown = format!("str({x})");
                    w.if_(cond, |w| {
                        self.refuse(w, &[Part::Code(path), Part::Text(": "), Part::Code(&shown), Part::Text(&what)])
                    });
                }
                Ok(x)
            }
            Shape::Float { .. } => {
                let (f, i) = (self.type_const(TypeKind::Float)?, self.type_const(TypeKind::Int)?);
                w.if_(format_args!("typeof({x}) != {f} and typeof({x}) != {i}"), |w| {
                    self.fail(w, path, name(TypeKind::Float), &x)
                });
                Ok(format!("float({x})"))
            }
            Shape::String => {
                w.if_(self.is_not_text(&x)?, |w| self.fail(w, path, name(TypeKind::String), &x));
                Ok(self.to_string(&x))
            }
            Shape::Builtin { name: k } => {
                let t = self.type_const(*k)?;
                let from_string = matches!(k, TypeKind::StringName | TypeKind::NodePath);
                if from_string {
                    let s = self.type_const(TypeKind::String)?;
                    w.if_(format_args!("typeof({x}) != {t} and typeof({x}) != {s}"), |w| {
                        self.fail(w, path, name(*k), &x)
                    });
                    Ok(format!("{}({x})", name(*k)))
                } else {
                    w.if_(format_args!("typeof({x}) != {t}"), |w| self.fail(w, path, name(*k), &x));
                    Ok(x)
                }
            }
            Shape::Option { of } => {
                let r = w.local("r", "null");
                w.if_(format_args!("{x} != null"), |w| -> Result<()> {
                    let inner = self.read(w, of, &x, path)?;
                    w.line(format_args!("{r} = {inner}"));
                    Ok(())
                })?;
                Ok(r)
            }
            Shape::Array { of } | Shape::TypedArray { of } => {
                let (lo, hi) = self.packed_range()?;
                let array = self.type_const(TypeKind::Array)?;
                let t = w.local("t", format_args!("typeof({x})"));
                w.if_(format_args!("{t} != {array} and ({t} < {lo} or {t} > {hi})"), |w| {
                    self.fail(w, path, name(TypeKind::Array), &x)
                });
                let r = w.fresh("r");
                let i = w.fresh("i");
                w.var(&r, "[]");
                w.for_(&i, format_args!("range({x}.size())"), |w| -> Result<()> {
                    let at = self.index(path, &format!("str({i})"));
                    let e = self.read(w, of, &format!("{x}[{i}]"), &at)?;
                    w.line(format_args!("{r}.append({e})"));
                    Ok(())
                })?;
                Ok(r)
            }
            Shape::Tuple { of } => {
                let array = self.type_const(TypeKind::Array)?;
                w.if_(format_args!("typeof({x}) != {array}"), |w| self.fail(w, path, name(TypeKind::Array), &x));
                let n = of.len();
                w.if_(format_args!("{x}.size() != {n}"), |w| {
                    let size = format!("str({x}.size())");
                    let expected = format!(": expected {n} elements, got ");
                    self.refuse(w, &[Part::Code(path), Part::Text(&expected), Part::Code(&size)])
                });
                let r = w.local("r", "[]");
                for (i, s) in of.iter().enumerate() {
                    let at = concat(&[Part::Code(path), Part::Text(&format!("[{i}]"))]);
                    let e = self.read(w, s, &format!("{x}[{i}]"), &at)?;
                    w.line(format_args!("{r}.append({e})"));
                }
                Ok(r)
            }
            Shape::Map { key, value } | Shape::TypedDictionary { key, value } => {
                let dictionary = self.type_const(TypeKind::Dictionary)?;
                w.if_(format_args!("typeof({x}) != {dictionary}"), |w| {
                    self.fail(w, path, name(TypeKind::Dictionary), &x)
                });
                let r = w.fresh("r");
                let k = w.fresh("k");
                w.var(&r, "{}");
                w.for_(&k, &x, |w| -> Result<()> {
                    let at = self.index(path, &format!("str({k})"));
                    let kr = self.read(w, key, &k, &at)?;
                    let vr = self.read(w, value, &format!("{x}[{k}]"), &at)?;
                    w.line(format_args!("{r}[{kr}] = {vr}"));
                    Ok(())
                })?;
                Ok(r)
            }
            Shape::Named { name: ty } => match self.kind(ty) {
                Kind::UnitEnum => {
                    let names = self.names_const(ty);
                    w.if_(self.is_not_text(&x)?, |w| self.fail(w, path, &format!("a {ty} name (String)"), &x));
                    let s = self.to_string(&x);
                    let i = w.local("n", format_args!("{names}.find({s})"));
                    w.if_(format_args!("{i} < 0"), |w| {
                        let unknown = format!(": unknown {ty} variant ");
                        self.refuse(w, &[Part::Code(path), Part::Text(&unknown), Part::Code(&s)])
                    });
                    Ok(if self.g4 { format!("{i} as {}", self.cls(ty)) } else { i })
                }
                Kind::Class => {
                    let c = self.class_ref(ty);
                    // The path is made only for an error: the callee's is relative, this one puts its own first.
                    let r = w.local("r", format_args!("{c}._read({x}, \"\", _lenient, _err)"));
                    w.if_("_err.size() > 0", |w| {
                        w.line(format_args!("_err[0] = {path} + _err[0]"));
                        w.ret("null")
                    });
                    Ok(r)
                }
            },
        }
    }

    /// The path of an element: `path + "[" + key + "]"`.
    fn index(&self, path: &str, key: &str) -> String {
        concat(&[Part::Code(path), Part::Text("["), Part::Code(key), Part::Text("]")])
    }

    /// The value godot_bin writes for the GDScript value `e` of shape `shape`: lines before, then the
    /// expression.
    pub(super) fn write(&self, w: &mut Writer, shape: &Shape, e: &str) -> Result<String> {
        match shape {
            Shape::Nil => Ok("null".into()),
            Shape::Bool | Shape::Int { .. } | Shape::Float { .. } | Shape::String | Shape::Variant => Ok(e.into()),
            Shape::Builtin { .. } => Ok(e.into()),
            Shape::Option { of } => {
                let r = w.local("w", "null");
                w.if_(format_args!("{e} != null"), |w| -> Result<()> {
                    let inner = self.write(w, of, e)?;
                    w.line(format_args!("{r} = {inner}"));
                    Ok(())
                })?;
                Ok(r)
            }
            Shape::Array { of } | Shape::TypedArray { of } => {
                let r = w.fresh("w");
                let i = w.fresh("e");
                w.var(&r, "[]");
                w.for_(&i, e, |w| -> Result<()> {
                    let v = self.write(w, of, &i)?;
                    w.line(format_args!("{r}.append({v})"));
                    Ok(())
                })?;
                if let Shape::TypedArray { of } = shape {
                    if self.dialect.typed_arrays() {
                        if let Some(t) = self.wire_type(of)? {
                            w.line(format_args!("{r} = {}({r}, {t}, \"\", null)", self.type_name_of(TypeKind::Array)));
                        }
                    }
                }
                Ok(r)
            }
            Shape::Tuple { of } => {
                let r = w.local("w", "[]");
                for (i, s) in of.iter().enumerate() {
                    let v = self.write(w, s, &format!("{e}[{i}]"))?;
                    w.line(format_args!("{r}.append({v})"));
                }
                Ok(r)
            }
            Shape::Map { key, value } | Shape::TypedDictionary { key, value } => {
                let r = w.fresh("w");
                let k = w.fresh("k");
                w.var(&r, "{}");
                w.for_(&k, e, |w| -> Result<()> {
                    let kw = self.write(w, key, &k)?;
                    let vw = self.write(w, value, &format!("{e}[{k}]"))?;
                    w.line(format_args!("{r}[{kw}] = {vw}"));
                    Ok(())
                })?;
                if let Shape::TypedDictionary { .. } = shape {
                    if self.dialect.typed_dictionaries() {
                        // TYPE_NIL is how the engine's constructor says "untyped" for one side.
                        let untyped = self.type_const(TypeKind::Nil)?;
                        let kt = self.wire_type(key)?.unwrap_or(untyped);
                        let vt = self.wire_type(value)?.unwrap_or(untyped);
                        if kt != untyped || vt != untyped {
                            let d = self.type_name_of(TypeKind::Dictionary);
                            w.line(format_args!("{r} = {d}({r}, {kt}, \"\", null, {vt}, \"\", null)"));
                        }
                    }
                }
                Ok(r)
            }
            Shape::Named { name } => match self.kind(name) {
                Kind::UnitEnum => Ok(format!("{}[{e}]", self.names_const(name))),
                Kind::Class => {
                    let r = w.local("w", "null");
                    w.if_(format_args!("{e} != null"), |w| w.line(format_args!("{r} = {e}.to_variant()")));
                    Ok(r)
                }
            },
        }
    }
}
