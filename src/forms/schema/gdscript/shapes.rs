//! What a shape is in GDScript: a field's static type, its starting value, the `TYPE_…` a typed container
//! holds for it on the wire. Every type name and `TYPE_…` constant comes from the type-name table
//! ([`TypeKind::name_in`], [`TypeKind::type_constant`]).

use super::names::upper;
use super::writer::Writer;
use super::{Def, Gen, Kind, Shape};
use crate::error::Result;
use crate::types::TypeKind;

impl Gen<'_> {
    /// The static type of a field holding `shape`, if it has one.
    pub(super) fn var_type(&self, shape: &Shape) -> Option<String> {
        let name = |k: TypeKind| Some(self.type_name_of(k).to_string());
        match shape {
            Shape::Nil | Shape::Variant => None,
            Shape::Bool => name(TypeKind::Bool),
            Shape::Int { .. } => name(TypeKind::Int),
            Shape::Float { .. } => name(TypeKind::Float),
            Shape::String => name(TypeKind::String),
            Shape::Option { of } => match &**of {
                Shape::Named { name } if self.kind(name) == Kind::Class => self.named_type(name),
                _ => None,
            },
            Shape::Tuple { .. } => name(TypeKind::Array),
            Shape::Array { of } | Shape::TypedArray { of } => {
                if self.dialect.typed_arrays() {
                    if let Some(t) = self.elem_type(of) {
                        return Some(format!("{}[{t}]", self.type_name_of(TypeKind::Array)));
                    }
                }
                name(TypeKind::Array)
            }
            Shape::Map { key, value } | Shape::TypedDictionary { key, value } => {
                if self.dialect.typed_dictionaries() {
                    if let (Some(k), Some(v)) = (self.elem_type(key), self.elem_type(value)) {
                        return Some(format!("{}[{k}, {v}]", self.type_name_of(TypeKind::Dictionary)));
                    }
                }
                name(TypeKind::Dictionary)
            }
            Shape::Builtin { name: k } => name(*k),
            Shape::Named { name } => self.named_type(name),
        }
    }

    pub(super) fn named_type(&self, name: &str) -> Option<String> {
        match self.kind(name) {
            Kind::UnitEnum => Some(if self.g4 { self.cls(name) } else { self.type_name_of(TypeKind::Int).into() }),
            Kind::Class if name == self.root => self.g4.then(|| "_SELF".into()),
            Kind::Class => Some(self.other(name)),
        }
    }

    /// The element type of a typed container field (`Array[T]`), if one fits.
    fn elem_type(&self, shape: &Shape) -> Option<String> {
        match shape {
            Shape::Option { .. } => None,
            Shape::Array { .. } | Shape::TypedArray { .. } => Some(self.type_name_of(TypeKind::Array).into()),
            Shape::Map { .. } | Shape::TypedDictionary { .. } => Some(self.type_name_of(TypeKind::Dictionary).into()),
            s => self.var_type(s),
        }
    }

    /// The `TYPE_…` a typed container holds on the wire for elements of `shape` (`None`: untyped), as
    /// godot_bin's `TypedArray` / `TypedDictionary` write them.
    pub(super) fn wire_type(&self, shape: &Shape) -> Result<Option<&'static str>> {
        let k = match shape {
            Shape::Bool => TypeKind::Bool,
            Shape::Int { .. } => TypeKind::Int,
            Shape::Float { .. } => TypeKind::Float,
            Shape::String => TypeKind::String,
            Shape::Builtin { name } => *name,
            Shape::Array { .. } | Shape::TypedArray { .. } | Shape::Tuple { .. } => TypeKind::Array,
            Shape::Map { .. } | Shape::TypedDictionary { .. } => TypeKind::Dictionary,
            Shape::Named { name } => match self.def(name) {
                Some(Def::Struct(_)) => TypeKind::Dictionary,
                _ => return Ok(None),
            },
            _ => return Ok(None),
        };
        self.type_const(k).map(Some)
    }

    /// The value a field starts with, and gets in lenient mode when its key is missing.
    pub(super) fn default_value(&self, shape: &Shape) -> String {
        match shape {
            Shape::Bool => "false".into(),
            Shape::Int { .. } => "0".into(),
            Shape::Float { .. } => "0.0".into(),
            Shape::String => "\"\"".into(),
            Shape::Array { .. } | Shape::TypedArray { .. } | Shape::Tuple { .. } => "[]".into(),
            Shape::Map { .. } | Shape::TypedDictionary { .. } => "{}".into(),
            Shape::Builtin { name } => {
                if *name == TypeKind::StringName && self.g4 {
                    "&\"\"".into()
                } else {
                    format!("{}()", self.type_name_of(*name))
                }
            }
            Shape::Named { name } if self.kind(name) == Kind::UnitEnum => {
                if self.g4 {
                    format!("{}.{}", self.cls(name), self.first_variant(name))
                } else {
                    "0".into()
                }
            }
            _ => "null".into(),
        }
    }

    fn first_variant(&self, name: &str) -> String {
        match self.def(name) {
            Some(Def::Enum(e)) => e.variants.first().map(|v| upper(&v.name)).unwrap_or_default(),
            _ => String::new(),
        }
    }

    /// The value a missing key gets in lenient mode: the field's default, a fresh instance for a struct.
    pub(super) fn lenient_default(&self, shape: &Shape) -> String {
        match shape {
            Shape::Named { name } if matches!(self.def(name), Some(Def::Struct(_))) => self.new_instance(name),
            s => self.default_value(s),
        }
    }

    /// `target = value`, through `assign` for a typed container.
    pub(super) fn assign(&self, w: &mut Writer, target: &str, shape: &Shape, value: &str) {
        let typed = self.var_type(shape).is_some_and(|t| t.ends_with(']'));
        if typed {
            w.line(format_args!("{target}.assign({value})"));
        } else {
            w.line(format_args!("{target} = {value}"));
        }
    }

    /// The first and the last `TYPE_…` of the dialect's packed arrays: their ids are one run at the end of
    /// every dialect's table, so `t >= first and t <= last` is "a packed array".
    pub(super) fn packed_range(&self) -> Result<(&'static str, &'static str)> {
        let packed: Vec<TypeKind> =
            (0..).map_while(|id| self.dialect.type_kind(id)).filter(|k| is_packed(*k)).collect();
        match (packed.first(), packed.last()) {
            (Some(first), Some(last)) => Ok((self.type_const(*first)?, self.type_const(*last)?)),
            _ => Err(super::message(format!("{} has no packed arrays", self.dialect))),
        }
    }
}

/// The packed arrays: every `Packed…Array` / `Pool…Array` kind (not Pandemonium 5's typed arrays).
pub(super) fn is_packed(k: TypeKind) -> bool {
    k == TypeKind::PackedStringArray || k.packed_elem_size(false).is_some()
}

#[cfg(test)]
mod tests {
    use super::is_packed;
    use crate::config::Dialect;

    /// The range check of `packed_range` holds only if the packed arrays' ids are one run.
    #[test]
    fn packed_arrays_are_one_run_of_ids_in_every_dialect() {
        for d in Dialect::ALL {
            let ids: Vec<u32> = (0..)
                .map_while(|id| d.type_kind(id).map(|k| (id, k)))
                .filter(|(_, k)| is_packed(*k))
                .map(|(i, _)| i)
                .collect();
            assert!(ids.len() >= 7, "{d}");
            assert!(ids.windows(2).all(|w| w[1] == w[0] + 1), "{d}: {ids:?}");
        }
    }
}
