//! A data enum's class: `variant` (the name as written) and `value` (its data).

use super::{esc, lit, Enum, Gen, Shape, VariantData};
use crate::error::Result;
use crate::types::TypeKind;

impl Gen<'_> {
    pub(super) fn enum_body(&mut self, ind: usize, name: &str, e: &Enum) -> Result<()> {
        let shown = esc(name);
        let mark = if self.g4 { "##" } else { "#" };
        let names: Vec<String> = e.variants.iter().map(|v| lit(&v.name)).collect();
        self.line(ind, &format!("{mark} The variants' names, as written."));
        self.line(ind, &format!("const VARIANTS = [{}]", names.join(", ")));
        self.line(ind, &format!("{mark} Which variant this is (its name as written)."));
        let first = e.variants.first().map(|v| lit(&v.name)).unwrap_or_else(|| "\"\"".into());
        self.line(ind, &format!("var variant: String = {first}"));
        self.line(
            ind,
            &format!("{mark} Its data: null (unit), the value (newtype), an Array (tuple) or an instance (struct)."),
        );
        self.line(ind, "var value = null");
        self.entry_points(ind, name);
        self.line(ind, "");
        self.line(ind, "static func _read(_in, _at, _lenient, _err):");
        let b = ind + 1;
        let inst = self.new_instance(name);
        self.line(b, &format!("var _o = {inst}"));
        let sn = self.dialect.has_type(TypeKind::StringName);
        let is_str = |x: &str| {
            if sn {
                format!("(typeof({x}) == TYPE_STRING or typeof({x}) == TYPE_STRING_NAME)")
            } else {
                format!("typeof({x}) == TYPE_STRING")
            }
        };
        let tostr = |x: &str, g4: bool| if g4 { format!("String({x})") } else { format!("str({x})") };
        self.line(b, &format!("if {}:", is_str("_in")));
        let units: Vec<String> =
            e.variants.iter().filter(|v| v.data == VariantData::Unit).map(|v| lit(&v.name)).collect();
        self.line(b + 1, &format!("if not [{}].has({}):", units.join(", "), tostr("_in", self.g4)));
        self.line(
            b + 2,
            &format!("_err.append(_at + \": unknown {shown} unit variant \" + {})", tostr("_in", self.g4)),
        );
        self.line(b + 2, "return null");
        self.line(b + 1, &format!("_o.variant = {}", tostr("_in", self.g4)));
        self.line(b + 1, "return _o");
        self.line(b, "if typeof(_in) != TYPE_DICTIONARY or _in.size() != 1:");
        let t = self.type_name("_in");
        self.line(
            b + 1,
            &format!("_err.append(_at + \": expected a {shown} (a String or a Dictionary of one entry), got \" + {t})"),
        );
        self.line(b + 1, "return null");
        self.line(b, "var _k = _in.keys()[0]");
        self.line(b, &format!("if not {}:", is_str("_k")));
        self.line(b + 1, &format!("_err.append(_at + \": expected a {shown} variant name as the key\")"));
        self.line(b + 1, "return null");
        self.line(b, &format!("_o.variant = {}", tostr("_k", self.g4)));
        let mut first = true;
        for v in &e.variants {
            let kw = if first { "if" } else { "elif" };
            let p = format!("_at + {}", lit(&format!(".{}", v.name)));
            match &v.data {
                VariantData::Unit => continue,
                VariantData::Newtype { shape } => {
                    self.line(b, &format!("{kw} _o.variant == {}:", lit(&v.name)));
                    let r = self.read(b + 1, shape, "_in[_k]", &p)?;
                    self.line(b + 1, &format!("_o.value = {r}"));
                }
                VariantData::Tuple { of } => {
                    self.line(b, &format!("{kw} _o.variant == {}:", lit(&v.name)));
                    let r = self.read(b + 1, &Shape::Tuple { of: of.clone() }, "_in[_k]", &p)?;
                    self.line(b + 1, &format!("_o.value = {r}"));
                }
                VariantData::Struct { .. } => {
                    self.line(b, &format!("{kw} _o.variant == {}:", lit(&v.name)));
                    let c = self.cls(&format!("{}{}", e.name, v.name));
                    self.line(b + 1, &format!("_o.value = {c}._read(_in[_k], {p}, _lenient, _err)"));
                    self.line(b + 1, "if _err.size() > 0:");
                    self.line(b + 2, "return null");
                }
            }
            first = false;
        }
        if first {
            self.line(b, "if true:");
        } else {
            self.line(b, "else:");
        }
        self.line(b + 1, &format!("_err.append(_at + \": unknown {shown} variant \" + _o.variant)"));
        self.line(b + 1, "return null");
        self.line(b, "return _o");
        // to_variant
        self.line(ind, "");
        self.line(
            ind,
            &format!("{mark} The value godot_bin writes: the name for a unit variant, else {{name: data}}."),
        );
        self.line(ind, "func to_variant():");
        for v in &e.variants {
            self.line(b, &format!("if variant == {}:", lit(&v.name)));
            match &v.data {
                VariantData::Unit => self.line(b + 1, "return variant"),
                VariantData::Newtype { shape } => {
                    let w = self.write(b + 1, shape, "value")?;
                    self.line(b + 1, &format!("return {{variant: {w}}}"));
                }
                VariantData::Tuple { of } => {
                    let w = self.write(b + 1, &Shape::Tuple { of: of.clone() }, "value")?;
                    self.line(b + 1, &format!("return {{variant: {w}}}"));
                }
                VariantData::Struct { .. } => {
                    self.line(b + 1, "if value == null:");
                    self.line(b + 2, "return {variant: null}");
                    self.line(b + 1, "return {variant: value.to_variant()}");
                }
            }
        }
        self.line(b, &format!("push_error({} + \": unknown variant \" + variant)", lit(name)));
        self.line(b, "return null");
        Ok(())
    }
}
