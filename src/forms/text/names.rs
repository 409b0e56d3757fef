//! The names the text syntax reads: every engine's spelling of a constructor ([`TypeKind`]'s one name
//! table, `dialect::types::NAMES`; each dialect writes its own, [`TypeKind::name_in`]).

use crate::types::TypeKind;

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
