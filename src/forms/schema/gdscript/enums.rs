//! A data enum's class: `variant` (the name as written) and `value` (its data).

use super::writer::{concat, lit, Part, Writer};
use super::{Enum, Gen, Shape, VariantData};
use crate::error::Result;
use crate::types::TypeKind;

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
                    w.line(format_args!("_o.value = {c}._read(_in[_k], {at}, _lenient, _err)"));
                    w.if_("_err.size() > 0", |w| w.ret("null"));
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
