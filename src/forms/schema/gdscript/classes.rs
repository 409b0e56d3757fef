//! A struct's class: its typed fields, the entry points every class has (`from_variant`, `check`, and in
//! 3.x `_root_script`), `_read` and `to_variant`.

use std::collections::HashSet;

use super::names::ident;
use super::writer::{comment, concat, lit, Part, Writer};
use super::{doc_of, Def, Field, Gen, Shape};
use crate::error::Result;
use crate::types::TypeKind;

impl Gen<'_> {
    pub(super) fn inner_class(&self, w: &mut Writer, name: &str, def: &Def) -> Result<()> {
        w.blank();
        w.blank();
        w.doc(doc_of(def));
        w.block(format_args!("class {} extends {}", self.cls(name), self.base()), |w| self.class_body(w, name, def))
    }

    pub(super) fn class_body(&self, w: &mut Writer, name: &str, def: &Def) -> Result<()> {
        match def {
            Def::Struct(s) => self.struct_body(w, name, &s.fields),
            Def::Enum(e) => self.enum_body(w, name, e),
        }
    }

    /// The fields' GDScript names: each an [`ident`], unique in its class and unlike every class, enum
    /// and constant of the file.
    pub(super) fn field_idents(&self, fields: &[Field]) -> Vec<String> {
        let mut seen = HashSet::new();
        let mut next = std::collections::HashMap::new();
        let mut ids = Vec::with_capacity(fields.len());
        for f in fields {
            let id = super::unique(ident(&f.name), &mut next, |id| !seen.contains(id) && !self.taken.contains(id));
            seen.insert(id.clone());
            ids.push(id);
        }
        ids
    }

    /// The type `from_variant` of type `name` declares it returns: its class in 4.x (the root's: its
    /// `class_name`, if it has one); none in 3.x, whose classes cannot name themselves.
    pub(super) fn own_type(&self, name: &str) -> Option<String> {
        if !self.g4 {
            None
        } else if name == self.root {
            self.class_name.clone()
        } else if self.external {
            None
        } else {
            Some(self.cls(name))
        }
    }

    pub(super) fn new_instance(&self, name: &str) -> String {
        format!("{}.new()", self.class_ref(name))
    }

    /// The static helpers every class has: `from_variant` and `check` (and in 3.x `_root_script`).
    pub(super) fn entry_points(&self, w: &mut Writer, name: &str) {
        let display = lit(name);
        let lenient = if self.g4 { "_lenient := false" } else { "_lenient = false" };
        w.blank();
        w.note("An instance from the value godot_bin writes, or null with the error pushed (lenient: missing keys get defaults).");
        let own = self.own_type(name);
        let input = if self.g4 { "_in: Variant" } else { "_in" };
        w.func(true, format_args!("from_variant({input}, {lenient})"), own.as_deref(), |w| {
            w.var("_err", "[]");
            w.var("_r", format_args!("_read(_in, {display}, _lenient, _err)"));
            w.if_("_err.size() > 0", |w| {
                w.line("push_error(_err[0])");
                w.ret("null");
            });
            w.ret("_r");
        });
        w.blank();
        w.note("\"\" if from_variant would accept the value, else the first error with its path.");
        w.func(true, format_args!("check({input}, {lenient})"), self.g4.then_some("String"), |w| {
            w.var("_err", "[]");
            w.line(format_args!("_read(_in, {display}, _lenient, _err)"));
            w.if_("_err.size() == 0", |w| w.ret("\"\""));
            w.ret("_err[0]");
        });
        if !self.g4 {
            w.blank();
            let names: Vec<String> =
                (0..27).map(|id| lit(self.dialect.type_kind(id).map_or("?", |k| k.name_in(self.dialect)))).collect();
            w.func(true, "_type_name(_t)", None, |w| {
                w.if_(format_args!("_t < 0 or _t >= {}", names.len()), |w| w.ret("\"type \" + str(_t)"));
                w.ret(format_args!("[{}][_t]", names.join(", ")));
            });
            w.blank();
            w.func(true, "_root_script()", None, |w| {
                let c = lit(self.class_name.as_deref().unwrap_or_default());
                w.for_("c", "ProjectSettings.get_setting(\"_global_script_classes\")", |w| {
                    w.if_(format_args!("c[\"class\"] == {c}"), |w| w.ret("load(c[\"path\"])"));
                });
                w.line(format_args!(
                    "push_error({})",
                    concat(&[
                        Part::Text("class_name "),
                        Part::Code(&c),
                        Part::Text(" is not registered in the project (open it in the editor once)")
                    ])
                ));
                w.ret("null");
            });
        }
    }

    fn struct_body(&self, w: &mut Writer, name: &str, fields: &[Field]) -> Result<()> {
        let ids = self.field_idents(fields);
        for (f, id) in fields.iter().zip(&ids) {
            w.doc(f.doc.as_deref());
            let ty = self.var_type(&f.shape);
            let def = default_literal(f).unwrap_or_else(|| self.default_value(&f.shape));
            let key = if id != &f.name { format!(" # key {}", lit(&f.name)) } else { String::new() };
            let note = match (&f.shape, &ty) {
                (Shape::Option { of }, None) => format!(" # {} or null", comment(&of.to_string())),
                (s, None) if !matches!(s, Shape::Variant | Shape::Nil) => {
                    format!(" # {}", comment(&s.to_string()))
                }
                _ => String::new(),
            };
            match ty {
                Some(t) => w.line(format_args!("var {id}: {t} = {def}{note}{key}")),
                None => w.var(id, format_args!("{def}{note}{key}")),
            }
        }
        if !self.refuse_unknown {
            w.note("The keys of the value read that are no field (a newer game's), written back by to_variant.");
            w.line(format_args!("var extra: {} = {{}}", self.type_name_of(TypeKind::Dictionary)));
        }
        self.entry_points(w, name);
        w.blank();
        let dictionary = self.type_const(TypeKind::Dictionary)?;
        w.func(true, "_read(_in, _at, _lenient, _err)", None, |w| -> Result<()> {
            w.if_(format_args!("typeof(_in) != {dictionary}"), |w| {
                let got = self.got("_in");
                let what = format!(": expected a Dictionary ({name}), got ");
                self.refuse(w, &[Part::Code("_at"), Part::Text(&what), Part::Code(&got)])
            });
            w.var("_o", self.new_instance(name));
            if fields.is_empty() {
                w.if_("_lenient", |w| w.line("pass"));
            }
            // How many keys are fields: fewer than the Dictionary has means unknown keys.
            w.var("_n", "0");
            for (f, id) in fields.iter().zip(&ids) {
                let key = lit(&f.name);
                let target = format!("_o.{id}");
                w.if_(format_args!("_in.has({key})"), |w| -> Result<()> {
                    w.line("_n += 1");
                    let at = concat(&[Part::Code("_at"), Part::Text(&format!(".{}", f.name))]);
                    let r = self.read(w, &f.shape, &format!("_in[{key}]"), &at)?;
                    self.assign(w, &target, &f.shape, &r);
                    Ok(())
                })?;
                if f.optional {
                    w.elif("_lenient", |w| w.line("pass"));
                } else {
                    w.elif("_lenient", |w| self.assign(w, &target, &f.shape, &self.lenient_default(&f.shape)));
                    w.else_(|w| self.refuse(w, &[Part::Code("_at"), Part::Text(": missing key "), Part::Text(&key)]));
                }
            }
            let keys: Vec<String> = fields.iter().map(|f| lit(&f.name)).collect();
            w.if_("_in.size() > _n", |w| {
                let k = w.fresh("k");
                w.for_(&k, "_in", |w| {
                    w.if_(format_args!("not [{}].has({k})", keys.join(", ")), |w| {
                        if self.refuse_unknown {
                            let shown = format!("str({k})");
                            self.refuse(w, &[Part::Code("_at"), Part::Text(": unknown key "), Part::Code(&shown)]);
                        } else {
                            w.line(format_args!("_o.extra[{k}] = _in[{k}]"));
                        }
                    });
                });
            });
            w.ret("_o");
            Ok(())
        })?;
        w.blank();
        w.note("The value godot_bin writes for the same Rust value: a Dictionary with String keys in field order.");
        w.func(false, "to_variant()", self.g4.then_some("Dictionary"), |w| -> Result<()> {
            w.var("_d", "{}");
            for (f, id) in fields.iter().zip(&ids) {
                let v = self.write(w, &f.shape, id)?;
                let key = lit(&f.name);
                if f.omit_if_null {
                    w.if_(format_args!("{v} != null"), |w| w.line(format_args!("_d[{key}] = {v}")));
                } else {
                    w.line(format_args!("_d[{key}] = {v}"));
                }
            }
            if !self.refuse_unknown {
                let k = w.fresh("k");
                w.for_(&k, "extra", |w| w.line(format_args!("_d[{k}] = extra[{k}]")));
            }
            w.ret("_d");
            Ok(())
        })
    }
}

/// The GDScript literal of a field's traced default (`#[serde(default = "…")]`), when it is a value of the
/// field's shape: `100`, `0.5`, `true`, `"hero"`.
fn default_literal(f: &Field) -> Option<String> {
    use crate::value::Variant;
    let shape = match &f.shape {
        Shape::Option { of } => &**of,
        s => s,
    };
    Some(match (shape, f.default.as_ref()?) {
        (Shape::Bool, Variant::Bool(b)) => b.to_string(),
        (Shape::Int { .. }, Variant::Int(i)) => i.to_string(),
        (Shape::Float { .. }, Variant::Float(x)) if x.is_finite() => format!("{x:?}"),
        (Shape::String, Variant::String(s)) => lit(s.as_str()),
        _ => return None,
    })
}
