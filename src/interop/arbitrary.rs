//! [`Arbitrary`](https://docs.rs/arbitrary/1/arbitrary/trait.Arbitrary.html) for [`Variant`] and its parts (cargo feature `arbitrary`), for fuzzing and property tests.
//!
//! Two ways to make values from unstructured bytes:
//!
//! * `Variant::arbitrary` (and the impl of every part): any value the Rust types can hold, including ones no
//!   dialect can carry (a Vector2i for Godot 3, a String with a NUL in it, a full object without
//!   `allow_objects`). Use it to check that encoding never panics.
//! * [`variant_for`] and [`Holdable`]: a value that a [`Config`] carries exactly, as that engine holds it in
//!   memory, so that encoding then decoding gives it back unchanged and encoding again gives the same bytes.
//!   The rules are the ones the codec documents: a Godot 2 int is 32-bit and its float single precision; a
//!   single-precision build holds every real as an f32 (a Godot 2/3/Pandemonium double build as an f32 the
//!   engine widened, NaNs quiet; a Godot 4 double build any f64); text has no NUL and no leading byte order
//!   mark; a null object is a bare Nil; dictionary keys are unique as the engine compares them; typed
//!   containers hold only elements the engine keeps unconverted; nesting stays within the depth limit.
//!
//! ```
//! use arbitrary::{Arbitrary, Unstructured};
//! use godot_bin::interop::arbitrary::Holdable;
//! use godot_bin::Variant;
//!
//! let mut u = Unstructured::new(&[7, 1, 0, 3, 200, 17, 4, 9, 250, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
//! let Holdable { cfg, value } = Holdable::arbitrary(&mut u).unwrap();
//! let bytes = value.encode(&cfg).unwrap();
//! assert_eq!(Variant::decode(&bytes, &cfg).unwrap(), value);
//! ```

use ::arbitrary::{Arbitrary, Result, Unstructured};

use crate::codec::DictBuilder;
use crate::config::{Config, Dialect, Family};
use crate::markers::*;
use crate::types::TypeKind;
use crate::value::{Array, ContainerType, Dictionary, Object, Signal, Variant};
use crate::wire::{widen_exact, widen_like_engine};

/// How deep generated values nest at most (containers inside containers), whatever the depth limit.
pub(crate) const MAX_GENERATED_DEPTH: usize = 12;

/// At most this many elements per generated container, packed array, string list or property list.
const MAX_LEN: u32 = 12;

fn len(u: &mut Unstructured<'_>) -> Result<usize> {
    Ok(u.int_in_range(0..=MAX_LEN)? as usize)
}

/// An f64 that is often a value floats get wrong: zeros, infinities, NaNs with payloads, subnormals.
fn any_f64(u: &mut Unstructured<'_>) -> Result<f64> {
    const SPECIAL: [u64; 10] = [
        0,
        0x8000_0000_0000_0000,
        0x7FF0_0000_0000_0000,
        0xFFF0_0000_0000_0000,
        0x7FF8_0000_0000_0000,
        0x7FF0_0000_0000_0001,
        0xFFF4_0000_0000_0123,
        1,
        0x3FB9_9999_9999_999A,
        0x47EF_FFFF_E000_0000,
    ];
    Ok(match u.int_in_range(0..=3u8)? {
        0 => f64::from_bits(SPECIAL[u.choose_index(SPECIAL.len())?]),
        1 => f64::from(u.int_in_range(-1000i32..=1000)?) / 8.0,
        _ => f64::from_bits(u.arbitrary()?),
    })
}

/// An f32 the same way.
fn any_f32(u: &mut Unstructured<'_>) -> Result<f32> {
    const SPECIAL: [u32; 9] =
        [0, 0x8000_0000, 0x7F80_0000, 0xFF80_0000, 0x7FC0_0000, 0x7F80_0001, 0xFFA0_0123, 1, 0x3DCC_CCCD];
    Ok(match u.int_in_range(0..=3u8)? {
        0 => f32::from_bits(SPECIAL[u.choose_index(SPECIAL.len())?]),
        1 => u.int_in_range(-1000i16..=1000)? as f32 / 8.0,
        _ => f32::from_bits(u.arbitrary()?),
    })
}

fn any_i64(u: &mut Unstructured<'_>) -> Result<i64> {
    const SPECIAL: [i64; 7] =
        [0, i32::MAX as i64, i32::MIN as i64, i32::MAX as i64 + 1, i32::MIN as i64 - 1, i64::MAX, i64::MIN];
    Ok(match u.int_in_range(0..=3u8)? {
        0 => SPECIAL[u.choose_index(SPECIAL.len())?],
        1 => i64::from(u.int_in_range(-100i8..=100)?),
        _ => u.arbitrary()?,
    })
}

fn any_string(u: &mut Unstructured<'_>) -> Result<String> {
    u.arbitrary()
}

fn vec_of<T>(u: &mut Unstructured<'_>, mut f: impl FnMut(&mut Unstructured<'_>) -> Result<T>) -> Result<Vec<T>> {
    let n = len(u)?;
    let mut v = Vec::with_capacity(n);
    for _ in 0..n {
        v.push(f(u)?);
    }
    Ok(v)
}

// ---------------------------------------------------------------------------------------------------------
// Any value the types can hold.

macro_rules! reals_arbitrary {
    ($($t:ident { $($f:ident),+ }),+ $(,)?) => {$(
        impl<'a> Arbitrary<'a> for $t {
            fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
                Ok($t { $($f: any_f64(u)?),+ })
            }
        }
    )+};
}
reals_arbitrary!(Vector2 { x, y }, Vector3 { x, y, z }, Vector4 { x, y, z, w }, Quaternion { x, y, z, w });

macro_rules! ints_arbitrary {
    ($($t:ident { $($f:ident),+ }),+ $(,)?) => {$(
        impl<'a> Arbitrary<'a> for $t {
            fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
                Ok($t { $($f: u.arbitrary()?),+ })
            }
        }
    )+};
}
ints_arbitrary!(Vector2i { x, y }, Vector3i { x, y, z }, Vector4i { x, y, z, w });

macro_rules! composite_arbitrary {
    ($($t:ident { $($f:ident),+ }),+ $(,)?) => {$(
        impl<'a> Arbitrary<'a> for $t {
            fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
                Ok($t { $($f: u.arbitrary()?),+ })
            }
        }
    )+};
}
composite_arbitrary!(
    Rect2 { position, size },
    Rect2i { position, size },
    Transform2D { x, y, origin },
    Aabb { position, size },
    Basis { rows },
    Transform3D { basis, origin },
    Projection { columns },
    Signal { name, object },
    NodePath { names, subnames, absolute, property },
    Image { format, mipmaps, width, height, data },
    InputEvent { device, data },
);

impl<'a> Arbitrary<'a> for StringName {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(StringName(u.arbitrary::<String>()?.into()))
    }
}

impl<'a> Arbitrary<'a> for Rid {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Rid(u.arbitrary()?))
    }
}

impl<'a> Arbitrary<'a> for Plane {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Plane { normal: u.arbitrary()?, d: any_f64(u)? })
    }
}

impl<'a> Arbitrary<'a> for Color {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Color { r: any_f32(u)?, g: any_f32(u)?, b: any_f32(u)?, a: any_f32(u)? })
    }
}

impl<'a> Arbitrary<'a> for InputEventData {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        use InputEventData as E;
        Ok(match u.int_in_range(0..=9u8)? {
            0 => E::None,
            1 => E::Key { modifiers: u.arbitrary()?, scancode: u.arbitrary()? },
            2 => E::MouseMotion,
            3 => E::MouseButton { button_index: u.arbitrary()? },
            4 => E::JoystickMotion { axis: u.arbitrary()?, value_bits: u.arbitrary()? },
            5 => E::JoystickButton { button_index: u.arbitrary()? },
            6 => E::ScreenTouch { index: u.arbitrary()? },
            7 => E::ScreenDrag,
            8 => E::Action,
            _ => E::Other(u.arbitrary()?),
        })
    }
}

impl<'a> Arbitrary<'a> for TypeKind {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(*u.choose(&TypeKind::ALL)?)
    }
}

impl<'a> Arbitrary<'a> for Dialect {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(*u.choose(&Dialect::ALL)?)
    }
}

impl<'a> Arbitrary<'a> for Config {
    /// Any dialect, objects on or off, single or double precision; the depth limit is usually the default
    /// and sometimes a small one (0–8).
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let cfg = Config::new(u.arbitrary()?).with_allow_objects(u.arbitrary()?).with_double_precision(u.arbitrary()?);
        Ok(if u.ratio(1, 8)? { cfg.with_max_depth(u.int_in_range(0..=8)?) } else { cfg })
    }
}

impl<'a> Arbitrary<'a> for ContainerType {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(match u.int_in_range(0..=3u8)? {
            0 => ContainerType::Untyped,
            1 => ContainerType::Builtin(u.arbitrary()?),
            2 => ContainerType::Class(any_string(u)?),
            _ => ContainerType::Script(any_string(u)?),
        })
    }
}

impl<'a> Arbitrary<'a> for Variant {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        any_variant(u, 0)
    }
}

impl<'a> Arbitrary<'a> for Array {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        any_array(u, 0)
    }
}

impl<'a> Arbitrary<'a> for Dictionary {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        any_dictionary(u, 0)
    }
}

impl<'a> Arbitrary<'a> for Object {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        any_object(u, 0)
    }
}

fn any_array(u: &mut Unstructured<'_>, depth: usize) -> Result<Array> {
    Ok(Array { items: vec_of(u, |u| any_variant(u, depth + 1))?, element_type: u.arbitrary()?, shared: u.arbitrary()? })
}

fn any_dictionary(u: &mut Unstructured<'_>, depth: usize) -> Result<Dictionary> {
    Ok(Dictionary {
        entries: vec_of(u, |u| Ok((any_variant(u, depth + 1)?, any_variant(u, depth + 1)?)))?.into(),
        key_type: u.arbitrary()?,
        value_type: u.arbitrary()?,
        shared: u.arbitrary()?,
    })
}

fn any_object(u: &mut Unstructured<'_>, depth: usize) -> Result<Object> {
    Ok(match u.int_in_range(0..=2u8)? {
        0 => Object::Null,
        1 => Object::InstanceId(u.arbitrary()?),
        _ => Object::Full {
            class: any_string(u)?,
            properties: vec_of(u, |u| Ok((any_string(u)?, any_variant(u, depth + 1)?)))?,
        },
    })
}

fn any_variant(u: &mut Unstructured<'_>, depth: usize) -> Result<Variant> {
    use Variant as V;
    let leaf_only = depth >= MAX_GENERATED_DEPTH;
    let n = if leaf_only { 42 } else { 46 };
    Ok(match u.int_in_range(0..=n - 1)? {
        0 => V::Nil,
        1 => V::Bool(u.arbitrary()?),
        2 => V::Int(any_i64(u)?),
        3 => V::Float(any_f64(u)?),
        4 => V::String(any_string(u)?.into()),
        5 => V::StringName(u.arbitrary()?),
        6 => V::Vector2(u.arbitrary()?),
        7 => V::Vector2i(u.arbitrary()?),
        8 => V::Rect2(u.arbitrary()?),
        9 => V::Rect2i(u.arbitrary()?),
        10 => V::Vector3(u.arbitrary()?),
        11 => V::Vector3i(u.arbitrary()?),
        12 => V::Transform2D(u.arbitrary()?),
        13 => V::Vector4(u.arbitrary()?),
        14 => V::Vector4i(u.arbitrary()?),
        15 => V::Plane(u.arbitrary()?),
        16 => V::Quaternion(u.arbitrary()?),
        17 => V::Aabb(u.arbitrary()?),
        18 => V::Basis(u.arbitrary()?),
        19 => V::Transform3D(u.arbitrary()?),
        20 => V::Projection(u.arbitrary()?),
        21 => V::Color(u.arbitrary()?),
        22 => V::NodePath(u.arbitrary()?),
        23 => V::Rid(u.arbitrary()?),
        24 => V::Callable,
        25 => V::Signal(u.arbitrary()?),
        26 => V::PackedByteArray(u.arbitrary()?),
        27 => V::PackedInt32Array(u.arbitrary()?),
        28 => V::PackedInt64Array(u.arbitrary()?),
        29 => V::PackedFloat32Array(vec_of(u, any_f32)?),
        30 => V::PackedFloat64Array(vec_of(u, any_f64)?),
        31 => {
            V::PackedStringArray(u.arbitrary::<Vec<String>>()?.into_iter().map(crate::value::GString::from).collect())
        }
        32 => V::PackedVector2Array(u.arbitrary()?),
        33 => V::PackedVector3Array(u.arbitrary()?),
        34 => V::PackedColorArray(u.arbitrary()?),
        35 => V::PackedVector4Array(u.arbitrary()?),
        36 => V::PackedVector2iArray(u.arbitrary()?),
        37 => V::PackedVector3iArray(u.arbitrary()?),
        38 => V::PackedVector4iArray(u.arbitrary()?),
        39 => V::Image(u.arbitrary()?),
        40 => V::InputEvent(u.arbitrary()?),
        41 => V::Object(Box::new(Object::InstanceId(u.arbitrary()?))),
        // Containers.
        42 => V::Object(Box::new(any_object(u, depth)?)),
        43 => V::Dictionary(Box::new(any_dictionary(u, depth)?)),
        44 => V::Array(Box::new(any_array(u, depth)?)),
        _ => V::PackedTypedArray(Box::new(any_array(u, depth)?)),
    })
}

// ---------------------------------------------------------------------------------------------------------
// Values a config carries exactly.

/// A [`Config`] and a value it carries exactly: `value.encode(&cfg)` succeeds, decoding those bytes with
/// `cfg` gives `value` back, and encoding that gives the same bytes. See the [module docs](self).
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use godot_bin::{interop::arbitrary::Holdable, Variant};
/// let Holdable { cfg, value } = Holdable::arbitrary(&mut Unstructured::new(b"any bytes at all will do"))?;
/// let bytes = value.encode(&cfg)?;
/// let back = Variant::decode(&bytes, &cfg)?;
/// assert_eq!(back, value);
/// assert_eq!(back.encode(&cfg)?, bytes);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Holdable {
    /// The config (any dialect, objects on or off, single or double precision, some depth limit).
    pub cfg: Config,
    /// A value `cfg` carries exactly.
    pub value: Variant,
}

impl<'a> Arbitrary<'a> for Holdable {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let cfg: Config = u.arbitrary()?;
        let value = variant_for(u, &cfg)?;
        Ok(Holdable { cfg, value })
    }
}

/// A value that `cfg` carries exactly (see the [module docs](self)), nested at most
/// 12 deep and never deeper than `cfg`'s depth limit.
///
/// ```
/// use arbitrary::Unstructured;
/// use godot_bin::{interop::arbitrary::variant_for, Config, Dialect, Variant};
/// for d in Dialect::ALL {
///     let cfg = Config::new(d);
///     let v = variant_for(&mut Unstructured::new(b"the same bytes for every dialect"), &cfg)?;
///     assert_eq!(Variant::decode(&v.encode(&cfg)?, &cfg)?, v);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn variant_for(u: &mut Unstructured<'_>, cfg: &Config) -> Result<Variant> {
    HoldGen::new(cfg).value(u, 0)
}

struct HoldGen<'c> {
    cfg: &'c Config,
    d: Dialect,
    kinds: Vec<TypeKind>,
    max_depth: usize,
}

impl<'c> HoldGen<'c> {
    fn new(cfg: &'c Config) -> Self {
        let d = cfg.dialect();
        let no_wide4 = cfg.double_precision() && d.vector4_flag_bug();
        let kinds = TypeKind::ALL
            .into_iter()
            .filter(|&k| d.has_type(k))
            // Reached through Variant::Array / Variant::PackedTypedArray.
            .filter(|&k| k != TypeKind::TypedArray)
            // Godot 4.0/4.1 double builds cannot write these readably: encoding refuses them.
            .filter(|&k| !(no_wide4 && matches!(k, TypeKind::Vector4 | TypeKind::Projection)))
            .collect();
        HoldGen { cfg, d, kinds, max_depth: cfg.max_depth().min(MAX_GENERATED_DEPTH) }
    }

    fn family(&self) -> Family {
        self.d.family()
    }

    fn objects(&self) -> bool {
        self.cfg.allow_objects()
    }

    /// A real as this build holds it in memory.
    fn real(&self, u: &mut Unstructured<'_>) -> Result<f64> {
        Ok(if !self.cfg.double_precision() {
            widen_exact(any_f32(u)?)
        } else if self.d.math_flag() {
            any_f64(u)?
        } else {
            // Godot 2/3/Pandemonium double builds read f32 and widen it as C++ does.
            widen_like_engine(any_f32(u)?)
        })
    }

    fn v2(&self, u: &mut Unstructured<'_>) -> Result<Vector2> {
        Ok(Vector2::new(self.real(u)?, self.real(u)?))
    }

    fn v3(&self, u: &mut Unstructured<'_>) -> Result<Vector3> {
        Ok(Vector3::new(self.real(u)?, self.real(u)?, self.real(u)?))
    }

    fn v4(&self, u: &mut Unstructured<'_>) -> Result<Vector4> {
        Ok(Vector4::new(self.real(u)?, self.real(u)?, self.real(u)?, self.real(u)?))
    }

    /// Text as every engine reads it back: no NUL (it ends the text) and no leading byte order mark.
    fn text(&self, u: &mut Unstructured<'_>) -> Result<String> {
        let s: String = any_string(u)?;
        let s: String = s.chars().filter(|&c| c != '\0').collect();
        Ok(s.trim_start_matches('\u{feff}').to_owned())
    }

    fn node_path(&self, u: &mut Unstructured<'_>) -> Result<NodePath> {
        let names = vec_of(u, |u| self.text(u))?;
        let subnames = vec_of(u, |u| self.text(u))?;
        // Only Godot 2 has a separate property; elsewhere it is one more subname.
        let property = if self.family() == Family::Godot2 && u.arbitrary()? { Some(self.text(u)?) } else { None };
        // Godot 3 and Pandemonium read a path with no names and no subnames as the empty, relative path.
        let absolute = u.arbitrary::<bool>()?
            && !(names.is_empty()
                && subnames.is_empty()
                && matches!(self.family(), Family::Godot3 | Family::Pandemonium));
        Ok(NodePath { names, subnames, absolute, property })
    }

    fn value(&self, u: &mut Unstructured<'_>, depth: usize) -> Result<Variant> {
        let k = *u.choose(&self.kinds)?;
        self.of_kind(u, k, depth)
    }

    /// Whether a container at `depth` may have children.
    fn may_nest(&self, depth: usize) -> bool {
        depth < self.max_depth
    }

    fn children<T>(
        &self, u: &mut Unstructured<'_>, depth: usize, mut f: impl FnMut(&mut Unstructured<'_>) -> Result<T>,
    ) -> Result<Vec<T>> {
        if !self.may_nest(depth) {
            return Ok(Vec::new());
        }
        vec_of(u, &mut f)
    }

    fn of_kind(&self, u: &mut Unstructured<'_>, k: TypeKind, depth: usize) -> Result<Variant> {
        use TypeKind as K;
        use Variant as V;
        let g2 = self.family() == Family::Godot2;
        Ok(match k {
            K::Nil => V::Nil,
            K::Bool => V::Bool(u.arbitrary()?),
            K::Int if g2 => V::Int(any_i64(u)? as i32 as i64),
            K::Int => V::Int(any_i64(u)?),
            K::Float if g2 => V::Float(widen_like_engine(any_f32(u)?)),
            K::Float => V::Float(any_f64(u)?),
            K::String => V::String(self.text(u)?.into()),
            K::StringName => V::StringName(StringName(self.text(u)?.into())),
            K::Vector2 => V::Vector2(self.v2(u)?),
            K::Vector2i => V::Vector2i(u.arbitrary()?),
            K::Rect2 => V::Rect2(Rect2::new(self.v2(u)?, self.v2(u)?)),
            K::Rect2i => V::Rect2i(u.arbitrary()?),
            K::Vector3 => V::Vector3(self.v3(u)?),
            K::Vector3i => V::Vector3i(u.arbitrary()?),
            K::Transform2D => V::Transform2D(Box::new(Transform2D::new(self.v2(u)?, self.v2(u)?, self.v2(u)?))),
            K::Vector4 => V::Vector4(self.v4(u)?),
            K::Vector4i => V::Vector4i(u.arbitrary()?),
            K::Plane => V::Plane(Plane::new(self.v3(u)?, self.real(u)?)),
            K::Quaternion => {
                let q = self.v4(u)?;
                V::Quaternion(Quaternion::new(q.x, q.y, q.z, q.w))
            }
            K::Aabb => V::Aabb(Box::new(Aabb::new(self.v3(u)?, self.v3(u)?))),
            K::Basis => V::Basis(Box::new(Basis::from_rows(self.v3(u)?, self.v3(u)?, self.v3(u)?))),
            K::Transform3D => V::Transform3D(Box::new(Transform3D::new(
                Basis::from_rows(self.v3(u)?, self.v3(u)?, self.v3(u)?),
                self.v3(u)?,
            ))),
            K::Projection => {
                V::Projection(Box::new(Projection { columns: [self.v4(u)?, self.v4(u)?, self.v4(u)?, self.v4(u)?] }))
            }
            K::Color => V::Color(u.arbitrary()?),
            K::NodePath => V::NodePath(Box::new(self.node_path(u)?)),
            K::Rid => V::Rid(Rid(if self.d.rid_payload() { u.arbitrary()? } else { 0 })),
            K::Object => V::Object(Box::new(self.object(u, depth)?)),
            K::Callable => V::Callable,
            K::Signal => V::Signal(Signal { name: self.text(u)?, object: u.arbitrary()? }),
            K::Dictionary => V::Dictionary(Box::new(self.dictionary(u, depth)?)),
            K::Array => V::Array(Box::new(self.array(u, depth, false)?)),
            K::PackedTypedArray => V::PackedTypedArray(Box::new(self.array(u, depth, true)?)),
            K::PackedByteArray => V::PackedByteArray(u.arbitrary()?),
            K::PackedInt32Array => V::PackedInt32Array(vec_of(u, |u| u.arbitrary())?),
            K::PackedInt64Array => V::PackedInt64Array(vec_of(u, any_i64)?),
            K::PackedFloat32Array => V::PackedFloat32Array(vec_of(u, any_f32)?),
            K::PackedFloat64Array => V::PackedFloat64Array(vec_of(u, any_f64)?),
            K::PackedStringArray => V::PackedStringArray(vec_of(u, |u| self.text(u).map(crate::value::GString::from))?),
            K::PackedVector2Array => V::PackedVector2Array(vec_of(u, |u| self.v2(u))?),
            K::PackedVector3Array => V::PackedVector3Array(vec_of(u, |u| self.v3(u))?),
            K::PackedVector4Array => V::PackedVector4Array(vec_of(u, |u| self.v4(u))?),
            K::PackedColorArray => V::PackedColorArray(u.arbitrary()?),
            K::PackedVector2iArray => V::PackedVector2iArray(u.arbitrary()?),
            K::PackedVector3iArray => V::PackedVector3iArray(u.arbitrary()?),
            K::PackedVector4iArray => V::PackedVector4iArray(u.arbitrary()?),
            K::Image => {
                let data: Vec<u8> = u.arbitrary()?;
                // An image without data is read back as the empty Image.
                V::Image(Box::new(if data.is_empty() {
                    Image::default()
                } else {
                    Image {
                        format: u.int_in_range(0..=22)?,
                        mipmaps: u.arbitrary()?,
                        width: u.arbitrary()?,
                        height: u.arbitrary()?,
                        data,
                    }
                }))
            }
            K::InputEvent => {
                let mut ev: InputEvent = u.arbitrary()?;
                if let InputEventData::Other(t) = &mut ev.data {
                    // Type numbers 0–8 have their own fields.
                    *t = (*t).max(9);
                }
                V::InputEvent(ev)
            }
            // Not a kind of Variant value (a Pandemonium TypedArray is a typed Variant::Array).
            K::TypedArray => V::Nil,
        })
    }

    /// An object this config carries: Godot 2 has only the null object; elsewhere a null object is written
    /// as Nil, so it is an object by id or (with `allow_objects`) a full object.
    fn object(&self, u: &mut Unstructured<'_>, depth: usize) -> Result<Object> {
        if self.family() == Family::Godot2 {
            return Ok(Object::Null);
        }
        if self.objects() && u.arbitrary()? {
            let mut class = self.text(u)?;
            if class.is_empty() {
                class.push('O'); // an empty class name reads back as a null object
            }
            let properties = self.children(u, depth, |u| Ok((self.text(u)?, self.value(u, depth + 1)?)))?;
            return Ok(Object::Full { class, properties });
        }
        Ok(Object::InstanceId(u.arbitrary::<u64>()?.max(1)))
    }

    /// A Godot 4 container type that reads back as itself.
    fn godot4_container_type(&self, u: &mut Unstructured<'_>) -> Result<ContainerType> {
        Ok(match u.int_in_range(0..=5u8)? {
            0..=2 => ContainerType::Untyped,
            3 => {
                let k = *u.choose(&self.kinds)?;
                match k {
                    // Builtin(Nil) reads back as untyped; Object-typed without objects as EncodedObjectAsID.
                    TypeKind::Nil | TypeKind::PackedTypedArray => ContainerType::Untyped,
                    TypeKind::Object if !self.objects() => {
                        ContainerType::Class(crate::codec::admit::ENCODED_OBJECT_AS_ID.into())
                    }
                    k => ContainerType::Builtin(k),
                }
            }
            // An empty class name reads back as Builtin(Object); a script must be a resource path.
            4 if self.objects() => ContainerType::Class(self.text(u)? + "Node"),
            5 if self.objects() => ContainerType::Script(format!("res://{}", self.text(u)?)),
            _ => ContainerType::Class(crate::codec::admit::ENCODED_OBJECT_AS_ID.into()),
        })
    }

    /// An element a typed container keeps unconverted.
    fn element(&self, u: &mut Unstructured<'_>, t: &ContainerType, depth: usize) -> Result<Variant> {
        let pand5 = self.d == Dialect::Pandemonium5;
        match t {
            ContainerType::Untyped => self.value(u, depth),
            ContainerType::Builtin(TypeKind::Object) if pand5 || !self.objects() => self.object_element(u, t, depth),
            ContainerType::Builtin(k) => self.of_kind(u, *k, depth),
            ContainerType::Class(_) | ContainerType::Script(_) => self.object_element(u, t, depth),
        }
    }

    fn object_element(&self, u: &mut Unstructured<'_>, t: &ContainerType, depth: usize) -> Result<Variant> {
        if u.ratio(1, 4)? {
            return Ok(Variant::Nil);
        }
        let o = self.object(u, depth)?;
        // Godot 4 keeps an object by id only where its EncodedObjectAsID stand-in fits the class.
        let id_fits = self.d == Dialect::Pandemonium5
            || match t {
                ContainerType::Class(c) => matches!(c.as_str(), "EncodedObjectAsID" | "RefCounted" | "Object" | ""),
                _ => true,
            };
        Ok(match o {
            Object::InstanceId(_) if !id_fits => Variant::Nil,
            o => Variant::Object(Box::new(o)),
        })
    }

    fn array(&self, u: &mut Unstructured<'_>, depth: usize, packed: bool) -> Result<Array> {
        let element_type = if self.d.typed_arrays() {
            self.godot4_container_type(u)?
        } else if self.d == Dialect::Pandemonium5 {
            self.pandemonium_element_type(u, packed)?
        } else {
            ContainerType::Untyped
        };
        let items = self.children(u, depth, |u| self.element(u, &element_type, depth + 1))?;
        let shared = self.family() == Family::Godot2 && u.arbitrary()?;
        Ok(Array { items, element_type, shared })
    }

    /// A Pandemonium 5 TypedArray element type that reads back as itself (`packed`: a PackedTypedArray,
    /// which is never untyped).
    fn pandemonium_element_type(&self, u: &mut Unstructured<'_>, packed: bool) -> Result<ContainerType> {
        if !packed && u.ratio(1, 2)? {
            return Ok(ContainerType::Untyped);
        }
        let k = *u.choose(&self.kinds)?;
        Ok(match k {
            TypeKind::PackedTypedArray => ContainerType::Builtin(TypeKind::Nil),
            // Objects go by id (read back as EncodedObjectAsID) or, with objects, by class name; an empty
            // class name means no class (Builtin(Object)).
            TypeKind::Object if self.objects() => {
                let class = self.text(u)?;
                if class.is_empty() {
                    ContainerType::Builtin(TypeKind::Object)
                } else {
                    ContainerType::Class(class)
                }
            }
            TypeKind::Object => ContainerType::Class(crate::codec::admit::ENCODED_OBJECT_AS_ID.into()),
            k => ContainerType::Builtin(k),
        })
    }

    fn dictionary(&self, u: &mut Unstructured<'_>, depth: usize) -> Result<Dictionary> {
        let (key_type, value_type) = if self.d.typed_dictionaries() {
            (self.godot4_container_type(u)?, self.godot4_container_type(u)?)
        } else {
            (ContainerType::Untyped, ContainerType::Untyped)
        };
        let pairs = self.children(u, depth, |u| {
            // Keys are converted or dropped by a typed dictionary; values are kept as they are.
            Ok((self.element(u, &key_type, depth + 1)?, self.value(u, depth + 1)?))
        })?;
        // Keys unique as the engine compares them, in the order it keeps them.
        let mut b = DictBuilder::with_capacity(pairs.len(), self.d);
        for (k, v) in pairs {
            b.insert(k, v);
        }
        let shared = self.family() == Family::Godot2 && u.arbitrary()?;
        Ok(Dictionary { entries: b.finish(), key_type, value_type, shared })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic pseudo-random bytes.
    fn bytes(seed: u64, n: usize) -> Vec<u8> {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect()
    }

    #[test]
    fn holdable_values_round_trip() {
        for seed in 0..3000u64 {
            let data = bytes(seed, 64 + (seed as usize % 512));
            let mut u = Unstructured::new(&data);
            let Holdable { cfg, value } = Holdable::arbitrary(&mut u).unwrap();
            let b = value.encode(&cfg).unwrap_or_else(|e| panic!("#{seed} {cfg:?}: encode {value:?}: {e}"));
            let back = Variant::decode(&b, &cfg).unwrap_or_else(|e| panic!("#{seed} {cfg:?}: decode {value:?}: {e}"));
            assert_eq!(back, value, "#{seed} {cfg:?}");
            assert_eq!(back.encode(&cfg).unwrap(), b, "#{seed} {cfg:?}");
        }
    }

    #[test]
    fn any_value_encodes_or_errors() {
        for seed in 0..2000u64 {
            let data = bytes(seed, 32 + (seed as usize % 256));
            let mut u = Unstructured::new(&data);
            let v = Variant::arbitrary(&mut u).unwrap();
            let cfg = Config::arbitrary(&mut u).unwrap();
            let _ = v.encode(&cfg);
        }
    }
}
