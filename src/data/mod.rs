//! Layer 3, the values in memory: [`Variant`](crate::Variant) and its containers ([`value`]), the math and
//! engine markers ([`markers`]), access by key or index and conversions ([`value_access`]), and the
//! structural hash and key index of dictionaries ([`dict_keys`]).
//! No bytes and no serde here; uses the dialect tables, the error and config types, and the wire layer's
//! float conversions.

pub(crate) mod dict_keys;
pub(crate) mod entries;
pub(crate) mod gstring;
pub(crate) mod hash_index;
pub mod markers;
pub mod value;
pub(crate) mod value_access;
pub(crate) mod value_traits;
