//! A data enum's class: `variant` (the name as written) and `value` (its data).

use super::names::{ident, snake, upper};
use super::writer::{comment, concat, lit, Part, Writer};
use super::{Enum, Gen, Shape, VariantData};
use crate::error::Result;
use crate::types::TypeKind;

/// The lines of a constructor's body that set its data.
type Body<'a> = Box<dyn Fn(&mut Writer) + 'a>;

impl Gen<'_> {
    pub(super) fn enum_body(&self, w: &mut Writer, name: &str, e: &Enum) -> Result<()> {
        let names: Vec<String> = e.variants.iter().map(|v| lit(&v.name)).collect();
        w.note("The variants' names, as written.");
        w.line(format_args!("const VARIANTS = [{}]", names.join(", ")));
        w.note("Which variant this is (its name as written).");
        let first = e.variants.first().map(|v| lit(&v.name)).unwrap_or_else(|| lit(""));
        w.line(format_args!("var variant: {} = {first}", self.type_name_of(TypeKind::String)));
        w.note("Its data: null (unit), the value (newtype), an Array (tuple) or an instance (struct).");
        w.var("value", "null");
        let members = self.kind_members(e);
        w.note("The variants, to branch on `kind` with `match`.");
        w.line(format_args!("enum Kind {{ {} }}", members.join(", ")));
        if self.g4 {
            w.note("Which variant this is, as a Kind (-1 for a name no variant has).");
            w.block("var kind: Kind", |w| w.block("get", |w| w.ret("VARIANTS.find(variant) as Kind")));
        } else {
            w.note("Which variant this is, as a Kind (-1 for a name no variant has).");
            w.line("var kind setget _set_kind, _get_kind");
            w.blank();
            w.func(false, "_get_kind()", None, |w| w.ret("VARIANTS.find(variant)"));
            w.blank();
            w.func(false, "_set_kind(_v)", None, |w| w.line("variant = VARIANTS[_v]"));
        }
        self.constructors(w, name, e)?;
        self.entry_points(w, name);
        w.blank();
        w.func(true, "_read(_in, _at, _lenient, _err)", None, |w| self.enum_read(w, name, e))?;
        w.blank();
        w.note("The value godot_bin writes: the name for a unit variant, else {name: data}.");
        w.func(false, "to_variant()", None, |w| -> Result<()> {
            for v in &e.variants {
                w.if_(format_args!("variant == {}", lit(&v.name)), |w| -> Result<()> {
                    match &v.data {
                        VariantData::Unit => w.ret("variant"),
                        VariantData::Newtype { shape } => {
                            let data = self.write(w, shape, "value")?;
                            w.ret(format_args!("{{variant: {data}}}"));
                        }
                        VariantData::Tuple { of } => {
                            let data = self.write(w, &Shape::Tuple { of: of.clone() }, "value")?;
                            w.ret(format_args!("{{variant: {data}}}"));
                        }
                        VariantData::Struct { .. } => {
                            w.if_("value == null", |w| w.ret("{variant: null}"));
                            w.ret("{variant: value.to_variant()}");
                        }
                    }
                    Ok(())
                })?;
            }
            let unknown = concat(&[Part::Text(name), Part::Text(": unknown variant "), Part::Code("variant")]);
            w.line(format_args!("push_error({unknown})"));
            w.ret("null");
            Ok(())
        })
    }

    /// The members of an enum's `Kind`: each variant's name in upper case, unique.
    fn kind_members(&self, e: &Enum) -> Vec<String> {
        let mut seen = std::collections::HashSet::new();
        let mut next = std::collections::HashMap::new();
        e.variants
            .iter()
            .map(|v| {
                let m = super::unique(upper(&v.name), &mut next, |m| !seen.contains(m));
                seen.insert(m.clone());
                m
            })
            .collect()
    }

    /// One static constructor per variant, named like the variant in snake case: `Msg.chat("hi")`,
    /// `Msg.move(to, seq)` (a struct variant's fields as parameters), `Msg.bye()`.
    fn constructors(&self, w: &mut Writer, name: &str, e: &Enum) -> Result<()> {
        let own = self.own_type(name);
        let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
        let mut next = std::collections::HashMap::new();
        let funcs: Vec<String> = e
            .variants
            .iter()
            .map(|v| {
                let f =
                    super::unique(ident(&snake(&v.name)), &mut next, |f| !seen.contains(f) && !self.taken.contains(f));
                seen.insert(f.clone());
                f
            })
            .collect();
        for (v, f) in e.variants.iter().zip(&funcs) {
            // Parameters: the data's, unlike every member and constructor of the class.
            let param = |base: String| {
                let mut p = base;
                while seen.contains(&p) || self.taken.contains(&p) {
                    p.push('_');
                }
                p
            };
            let typed = |p: &str, shape: &Shape| match self.var_type(shape) {
                Some(t) => format!("{p}: {t}"),
                None => p.to_string(),
            };
            w.blank();
            w.note(format_args!("A {} of the variant {}.", comment(&e.name), comment(&v.name)));
            let (params, body): (Vec<String>, Body<'_>) = match &v.data {
                VariantData::Unit => (vec![], Box::new(|_: &mut Writer| {})),
                VariantData::Newtype { shape } => {
                    let p = param("data".into());
                    let decl = typed(&p, shape);
                    (vec![decl], Box::new(move |w: &mut Writer| w.line(format_args!("_o.value = {p}"))))
                }
                VariantData::Tuple { of } => {
                    let ps: Vec<String> = (0..of.len()).map(|i| param(format!("data{i}"))).collect();
                    let decls = ps.iter().zip(of).map(|(p, s)| typed(p, s)).collect();
                    (decls, Box::new(move |w: &mut Writer| w.line(format_args!("_o.value = [{}]", ps.join(", ")))))
                }
                VariantData::Struct { fields } => {
                    let ids = self.field_idents(fields);
                    let ps: Vec<String> = ids.iter().map(|id| param(id.clone())).collect();
                    let decls = ps.iter().zip(fields).map(|(p, f)| typed(p, &f.shape)).collect();
                    let c = self.cls(&format!("{}{}", e.name, v.name));
                    (
                        decls,
                        Box::new(move |w: &mut Writer| {
                            w.var("_v", format_args!("{c}.new()"));
                            for (id, p) in ids.iter().zip(&ps) {
                                w.line(format_args!("_v.{id} = {p}"));
                            }
                            w.line("_o.value = _v");
                        }),
                    )
                }
            };
            w.func(true, format_args!("{f}({})", params.join(", ")), own.as_deref(), |w| {
                w.var("_o", self.new_instance(name));
                w.line(format_args!("_o.variant = {}", lit(&v.name)));
                body(w);
                w.ret("_o");
            });
        }
        Ok(())
    }

    /// The body of an enum's `_read`: a unit variant's name, or a Dictionary of one entry, name to data.
    fn enum_read(&self, w: &mut Writer, name: &str, e: &Enum) -> Result<()> {
        w.var("_o", self.new_instance(name));
        let (in_text, key_text) = (self.to_string("_in"), self.to_string("_k"));
        w.if_(self.is_text("_in")?, |w| {
            let units: Vec<String> =
                e.variants.iter().filter(|v| v.data == VariantData::Unit).map(|v| lit(&v.name)).collect();
            w.if_(format_args!("not [{}].has({in_text})", units.join(", ")), |w| {
                let unknown = format!(": unknown {name} unit variant ");
                self.refuse(w, &[Part::Code("_at"), Part::Text(&unknown), Part::Code(&in_text)])
            });
            w.line(format_args!("_o.variant = {in_text}"));
            w.ret("_o");
        });
        let dictionary = self.type_const(TypeKind::Dictionary)?;
        w.if_(format_args!("typeof(_in) != {dictionary} or _in.size() != 1"), |w| {
            let expected = format!(": expected a {name} (a String or a Dictionary of one entry), got ");
            self.refuse(w, &[Part::Code("_at"), Part::Text(&expected), Part::Code(&self.got("_in"))])
        });
        w.var("_k", "_in.keys()[0]");
        w.if_(format_args!("not {}", self.is_text("_k")?), |w| {
            let expected = format!(": expected a {name} variant name as the key");
            self.refuse(w, &[Part::Code("_at"), Part::Text(&expected)])
        });
        w.line(format_args!("_o.variant = {key_text}"));
        let mut first = true;
        for v in &e.variants {
            let at = concat(&[Part::Code("_at"), Part::Text(&format!(".{}", v.name))]);
            let is_it = format!("_o.variant == {}", lit(&v.name));
            match &v.data {
                VariantData::Unit => continue,
                VariantData::Newtype { shape } => w.if_or_elif(first, is_it, |w| -> Result<()> {
                    let r = self.read(w, shape, "_in[_k]", &at)?;
                    w.line(format_args!("_o.value = {r}"));
                    Ok(())
                })?,
                VariantData::Tuple { of } => w.if_or_elif(first, is_it, |w| -> Result<()> {
                    let r = self.read(w, &Shape::Tuple { of: of.clone() }, "_in[_k]", &at)?;
                    w.line(format_args!("_o.value = {r}"));
                    Ok(())
                })?,
                VariantData::Struct { .. } => w.if_or_elif(first, is_it, |w| {
                    let c = self.cls(&format!("{}{}", e.name, v.name));
                    w.line(format_args!("_o.value = {c}._read(_in[_k], \"\", _lenient, _err)"));
                    w.if_("_err.size() > 0", |w| {
                        w.line(format_args!("_err[0] = {at} + _err[0]"));
                        w.ret("null")
                    });
                }),
            }
            first = false;
        }
        let unknown = |w: &mut Writer| {
            let unknown = format!(": unknown {name} variant ");
            self.refuse(w, &[Part::Code("_at"), Part::Text(&unknown), Part::Code("_o.variant")])
        };
        if first {
            w.if_("true", unknown);
        } else {
            w.else_(unknown);
        }
        w.ret("_o");
        Ok(())
    }
}
