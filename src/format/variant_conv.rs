//! Rust values ⇄ [`Variant`] through the serde mapping of the wire, without the caller handling bytes:
//! [`to_variant`] and [`from_variant`], as `serde_json::to_value` / `from_value` are to `serde_json::Value`.

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::config::Config;
use crate::error::Result;
use crate::format::de::VariantDe;
use crate::value::Variant;

/// The [`Variant`] a value maps to: what decoding `to_vec(value)` gives, so exactly the mapping of the wire
/// (structs become Dictionaries, markers their Godot types, `Option::None` nil, …). With the default
/// config; see [`to_variant_with`]. (Today this goes through the wire form internally.)
///
/// ```
/// use godot_bin::{to_variant, Variant, markers::Vector2};
/// #[derive(serde::Serialize)]
/// struct Mob { name: String, pos: Vector2 }
/// let v = to_variant(&Mob { name: "slime".into(), pos: Vector2::new(1.0, 2.0) })?;
/// assert_eq!(v["name"].as_str(), Some("slime"));
/// assert_eq!(v["pos"], Variant::Vector2(Vector2::new(1.0, 2.0)));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_variant<T: ?Sized + Serialize>(value: &T) -> Result<Variant> {
    to_variant_with(value, &Config::default())
}

/// [`to_variant`] with `cfg` (its dialect decides, for example, whether a `StringName` stays one).
///
/// ```
/// use godot_bin::{to_variant_with, Config, Dialect, Variant, markers::StringName};
/// let v = to_variant_with(&StringName::from("idle"), &Config::new(Dialect::Godot4_6))?;
/// assert!(matches!(v, Variant::StringName(_)));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_variant_with<T: ?Sized + Serialize>(value: &T, cfg: &Config) -> Result<Variant> {
    Variant::decode(&crate::to_vec_with(value, cfg)?, cfg)
}

/// A Rust value from a [`Variant`], read as the same value's bytes would be read (`from_slice`), without
/// encoding it: the deserializer walks the `Variant` itself. There is no `from_variant_with`: a `Variant`
/// already holds its dialect's types, so reading one needs no [`Config`] (writing one does: [`to_variant_with`]).
///
/// ```
/// use godot_bin::{from_variant, Variant, markers::Vector2};
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Mob { name: String, pos: Vector2 }
/// let v: Variant = [("name", Variant::from("slime")), ("pos", Vector2::new(1.0, 2.0).into())]
///     .into_iter()
///     .collect();
/// assert_eq!(from_variant::<Mob>(&v)?, Mob { name: "slime".into(), pos: Vector2::new(1.0, 2.0) });
/// assert!(from_variant::<Mob>(&Variant::Int(1)).is_err());
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn from_variant<T: DeserializeOwned>(v: &Variant) -> Result<T> {
    let _reading = crate::format::magic::ReadScope::enter();
    T::deserialize(VariantDe { v, at: None })
}
