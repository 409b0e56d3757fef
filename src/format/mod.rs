//! Layer 5, the serde data format: [`ser`] (a `Serialize` value to Variant bytes) and [`de`] (Variant bytes
//! to a `Deserialize` type), the serde impls of the markers ([`markers`]) and of [`Variant`](crate::Variant)
//! ([`variant`]), the public [`packed`] newtypes and adapters, `TypedArray`/`TypedDictionary`
//! ([`typed_containers`]), `to_variant`/`from_variant` ([`variant_conv`]), and [`magic`]: every
//! `$godot_bin::` name and the hand-over between a value and our Serializer or Deserializer. Uses the codec
//! and everything below it.

pub(crate) mod de;
pub(crate) mod key_hash;
pub(crate) mod magic;
pub(crate) mod markers;
pub mod packed;
pub(crate) mod ser;
pub(crate) mod typed_containers;
pub(crate) mod variant;
pub(crate) mod variant_conv;
