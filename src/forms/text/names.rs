//! The names of the text syntax: each dialect's family writes its own spelling of a constructor
//! ([`TypeKind`]'s one name table, `dialect::types::NAMES`), and every family's spelling is read.

use crate::config::Dialect;
pub(super) use crate::dialect::Family as Syntax;
use crate::types::TypeKind;

/// The text syntax of a dialect: its engine family's.
pub(super) fn syntax_of(d: Dialect) -> Syntax {
    d.family()
}

/// What a constructor name `Name(…)` means when reading (every family's spelling is accepted).
pub(super) fn kind_of_name(name: &str) -> Option<TypeKind> {
    use TypeKind as K;
    builtin_of_name(name).filter(|k| {
        !matches!(k, K::Nil | K::Bool | K::Int | K::Float | K::String | K::Object | K::Dictionary | K::Array)
    })
}

/// A built-in type name inside `Array[…]` / `Dictionary[…, …]`.
pub(super) fn builtin_of_name(name: &str) -> Option<TypeKind> {
    use TypeKind as K;
    TypeKind::from_any_name(name)
        .filter(|k| !matches!(k, K::Image | K::InputEvent | K::TypedArray | K::PackedTypedArray))
}
