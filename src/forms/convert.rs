//! Moving a [`Variant`] from one dialect to another: Godot 3 → Godot 4 (the common migration), back where
//! possible, between Godot 4 minors and to and from Pandemonium layouts.
//!
//! A [`Variant`] already names values by kind (`PackedInt32Array` is Godot 3's `PoolIntArray`, `Quaternion` is
//! `Quat`, `Transform3D` is `Transform`), so most values carry over unchanged. What changes:
//!
//! | value | target without it | by default | with [`Options::coerce`] |
//! |---|---|---|---|
//! | `StringName` | Godot 2/3 | becomes a `String` | same |
//! | typed `Array` / `Dictionary` | before Godot 4.3 / 4.4, Godot 2/3, Pandemonium < 5 | the untyped container | same |
//! | Pandemonium `PackedTypedArray` | everything else | an `Array` (typed where the target has typed arrays) | same |
//! | `NodePath` | Godot 2 ↔ others | Godot 2's property becomes the last subname, and back | same |
//! | `Vector2i`, `Vector3i`, `Rect2i` | Godot 2/3 | error | `Vector2`, `Vector3`, `Rect2` |
//! | `PackedInt64Array` | Godot 2/3, Pandemonium | error | `PackedInt32Array` if every element fits, else error |
//! | `PackedFloat64Array` | Godot 2/3, Pandemonium | error | `PackedFloat32Array` (rounded) |
//! | `PoolVector2iArray` … (Pandemonium) | Godot | error | an `Array` of the vectors |
//! | `PackedVector4Array` | Godot 2/3, Godot 4.0–4.2 | error | an `Array` of `Vector4` (Godot 4.0–4.2 only) |
//! | `RID` with an id | Godot 2/3, Pandemonium (no id on their wire) | error | `RID` without id |
//! | `Callable`, `Signal`, `Vector4`, `Vector4i`, `Projection`, Godot 2 `Image`/`InputEvent` | where missing | error | error |
//! | `int` outside i32 | Godot 2 | error | error |
//!
//! Full objects are passed on unchanged (class and property names are not renamed). Errors name the path of
//! the value inside the input, such as `entities[3].pos`.
//!
//! ```
//! use godot_bin::convert::{convert, Options};
//! use godot_bin::{Dialect, Dictionary, markers::{StringName, Vector2i}, Variant};
//! let mut d = Dictionary::default();
//! d.insert(Variant::from("name"), Variant::StringName(StringName::from("hero")));
//! d.insert(Variant::from("cell"), Variant::Vector2i(Vector2i::new(3, 4)));
//! let v = Variant::from(d);
//! let err = convert(&v, Dialect::Godot4_6, Dialect::Godot3, &Options::default()).unwrap_err();
//! assert_eq!(err.path(), "cell");
//! let g3 = convert(&v, Dialect::Godot4_6, Dialect::Godot3, &Options::default().coerce(true))?;
//! assert_eq!(godot_bin::text::to_text(&g3, &godot_bin::Config::new(Dialect::Godot3)),
//!            "{\n\"name\": \"hero\",\n\"cell\": Vector2( 3, 4 )\n}");
//! # Ok::<(), godot_bin::Error>(())
//! ```

use crate::codec::DictBuilder;
use crate::config::Dialect;
use crate::error::{Error, ErrorKind, Position};
use crate::markers::*;
use crate::text::{render_path, Seg};
use crate::types::TypeKind;
use crate::value::{with_stack_for, Array, ContainerType, Dictionary, Object, Variant};

/// What [`convert`] may do with values that have no exact counterpart.
///
/// ```
/// let o = godot_bin::convert::Options::default().coerce(true);
/// assert!(o.coerces());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    coerce: bool,
}

impl Options {
    /// Allow the documented lossy mappings (integer vectors to float vectors, 64-bit packed arrays to
    /// 32-bit ones, …) instead of failing.
    ///
    /// ```
    /// use godot_bin::convert::{convert, Options};
    /// use godot_bin::{Dialect, Variant, markers::{Vector2, Vector2i}};
    /// let v = Variant::Vector2i(Vector2i::new(3, 4)); // Godot 3 has no Vector2i
    /// assert!(convert(&v, Dialect::Godot4_6, Dialect::Godot3, &Options::default()).is_err());
    /// let g3 = convert(&v, Dialect::Godot4_6, Dialect::Godot3, &Options::default().coerce(true))?;
    /// assert_eq!(g3, Variant::Vector2(Vector2::new(3.0, 4.0)));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn coerce(mut self, yes: bool) -> Self {
        self.coerce = yes;
        self
    }

    /// Whether lossy mappings are allowed (off by default).
    ///
    /// ```
    /// use godot_bin::convert::Options;
    /// assert!(!Options::default().coerces());
    /// assert!(Options::default().coerce(true).coerces());
    /// assert!(!Options::default().coerce(true).coerce(false).coerces());
    /// ```
    pub fn coerces(&self) -> bool {
        self.coerce
    }
}

/// Converts `v`, read from dialect `from`, into the value dialect `to` has for it (see the module docs).
///
/// ```
/// use godot_bin::convert::{convert, Options};
/// use godot_bin::{Config, Dialect, Variant};
/// // A Godot 3 PoolIntArray is a Godot 4 PackedInt32Array: same value, different type id on the wire.
/// // Godot 3.6 var2bytes(PoolIntArray([7])) and Godot 4.6 var_to_bytes(PackedInt32Array([7])):
/// // tests/fixtures/godot-3.6/values.tsv "pint_1", tests/fixtures/godot-4.6/values.tsv "pi32_1".
/// let g3 = Config::new(Dialect::Godot3);
/// let v = Variant::decode(&[21, 0, 0, 0, 1, 0, 0, 0, 7, 0, 0, 0], &g3).unwrap();
/// let v4 = convert(&v, Dialect::Godot3, Dialect::Godot4_6, &Options::default()).unwrap();
/// assert_eq!(v4.encode(&Config::new(Dialect::Godot4_6)).unwrap(), [30, 0, 0, 0, 1, 0, 0, 0, 7, 0, 0, 0]);
/// ```
pub fn convert(v: &Variant, from: Dialect, to: Dialect, opts: &Options) -> Result<Variant, Error> {
    with_stack_for(v, || Converter { from, to, coerce: opts.coerce, path: Vec::new() }.value(v))
}

/// Checks that every value inside `v` exists in `dialect`, naming the first that does not.
///
/// ```
/// use godot_bin::{convert::check_fits, Dialect, Variant, markers::Vector2i};
/// let v = Variant::from(vec![Variant::Vector2i(Vector2i::new(1, 2))]);
/// assert_eq!(check_fits(&v, Dialect::Godot3).unwrap_err().path(), "[0]");
/// assert!(check_fits(&v, Dialect::Godot4_6).is_ok());
/// ```
pub fn check_fits(v: &Variant, dialect: Dialect) -> Result<(), Error> {
    with_stack_for(v, || fits(v, dialect, &mut Vec::new()))
}

/// A value with no counterpart in the target dialect, at `path` inside the value.
#[cold]
fn conversion(path: String, message: String) -> Error {
    Error::at_position(ErrorKind::Conversion(message), Position::Value(path))
}

fn fits<'a>(v: &'a Variant, d: Dialect, path: &mut Vec<Seg<'a>>) -> Result<(), Error> {
    let k = v.kind();
    if !d.has_type(k) {
        return Err(conversion(render_path(path), format!("{} does not exist in {d}", k.name())));
    }
    match v {
        Variant::Array(a) | Variant::PackedTypedArray(a) => {
            for (i, x) in a.items.iter().enumerate() {
                path.push(Seg::Index(i));
                fits(x, d, path)?;
                path.pop();
            }
        }
        Variant::Dictionary(dict) => {
            for (k, x) in &dict.entries {
                path.push(Seg::Key(k));
                fits(k, d, path)?;
                fits(x, d, path)?;
                path.pop();
            }
        }
        Variant::Object(o) => {
            if let Object::Full { properties, .. } = &**o {
                for (n, x) in properties {
                    path.push(Seg::Prop(n));
                    fits(x, d, path)?;
                    path.pop();
                }
            }
        }
        _ => {}
    }
    Ok(())
}

struct Converter<'a> {
    from: Dialect,
    to: Dialect,
    coerce: bool,
    path: Vec<Seg<'a>>,
}

impl<'a> Converter<'a> {
    fn err(&self, message: String) -> Error {
        conversion(render_path(&self.path), message)
    }

    fn no_counterpart(&self, k: TypeKind, hint: bool) -> Error {
        let mut m = format!("{} has no counterpart in {}", k.name(), self.to);
        if hint {
            m.push_str(" (--coerce / Options::coerce maps it, with loss)");
        }
        self.err(m)
    }

    fn container_type(&self, t: &ContainerType, allowed: bool) -> ContainerType {
        if !allowed {
            return ContainerType::Untyped;
        }
        match t {
            ContainerType::Builtin(k) if !self.to.has_type(*k) && *k != TypeKind::Array => ContainerType::Untyped,
            ContainerType::Class(_) | ContainerType::Script(_) if self.to == Dialect::Pandemonium5 => {
                ContainerType::Untyped
            }
            t => t.clone(),
        }
    }

    fn array(&mut self, a: &'a Array) -> Result<Array, Error> {
        let mut items = Vec::with_capacity(a.items.len());
        for (i, x) in a.items.iter().enumerate() {
            self.path.push(Seg::Index(i));
            items.push(self.value(x)?);
            self.path.pop();
        }
        let element_type = self.container_type(&a.element_type, self.to.any_typed_arrays());
        Ok(Array { items, element_type, shared: a.shared && self.to == Dialect::Godot2 })
    }

    /// Containers here, on a small frame; leaves in [`Converter::leaf`] (deep values stay cheap on the stack).
    fn value(&mut self, v: &'a Variant) -> Result<Variant, Error> {
        use TypeKind as K;
        use Variant as V;
        let to = self.to;
        Ok(match v {
            V::Array(a) => V::from(self.array(a)?),
            V::PackedTypedArray(a) => {
                let arr = self.array(a)?;
                if to.has_type(K::PackedTypedArray) {
                    V::PackedTypedArray(Box::new(arr))
                } else {
                    V::from(arr)
                }
            }
            V::Dictionary(d) => {
                let mut b = DictBuilder::with_capacity(d.entries.len(), to);
                for (k, x) in &d.entries {
                    self.path.push(Seg::Key(k));
                    let nk = self.value(k)?;
                    let nx = self.value(x)?;
                    self.path.pop();
                    b.insert(nk, nx);
                }
                let entries = b.finish();
                if entries.len() != d.entries.len() {
                    return Err(self.err(format!("two keys of this Dictionary become one key in {to}")));
                }
                let typed = to.typed_dictionaries();
                V::from(Dictionary {
                    entries,
                    key_type: self.container_type(&d.key_type, typed),
                    value_type: self.container_type(&d.value_type, typed),
                    shared: d.shared && to == Dialect::Godot2,
                })
            }
            V::Object(o) => match &**o {
                Object::Full { class, properties } => {
                    let mut props = Vec::with_capacity(properties.len());
                    for (n, x) in properties {
                        self.path.push(Seg::Prop(n));
                        props.push((n.clone(), self.value(x)?));
                        self.path.pop();
                    }
                    V::from(Object::Full { class: class.clone(), properties: props })
                }
                o => V::from(o.clone()),
            },
            _ => return self.leaf(v),
        })
    }

    #[inline(never)]
    fn leaf(&mut self, v: &'a Variant) -> Result<Variant, Error> {
        use TypeKind as K;
        use Variant as V;
        let to = self.to;
        let out = match v {
            V::StringName(s) if !to.has_type(K::StringName) => V::String(s.0.clone()),
            V::NodePath(p) => {
                let mut p = (**p).clone();
                if to == Dialect::Godot2 && self.from != Dialect::Godot2 && p.property.is_none() {
                    p.property = p.subnames.pop();
                } else if to != Dialect::Godot2 {
                    if let Some(prop) = p.property.take() {
                        p.subnames.push(prop);
                    }
                }
                V::NodePath(Box::new(p))
            }
            V::Int(i) if to == Dialect::Godot2 && i32::try_from(*i).is_err() => {
                return Err(self.err(format!("int {i} does not fit Godot 2's 32-bit int")));
            }
            V::Rid(r) if !to.rid_payload() && r.0 != 0 => {
                if !self.coerce {
                    return Err(self.err(format!("RID {} keeps no id in {to}'s format", r.0)));
                }
                V::Rid(Rid(0))
            }
            x if to.has_type(x.kind()) => x.clone(),
            // No such type in the target: the documented lossy mappings.
            V::Vector2i(x) if self.coerce && to.has_type(K::Vector2) => {
                V::Vector2(Vector2::new(x.x as f64, x.y as f64))
            }
            V::Vector3i(x) if self.coerce && to.has_type(K::Vector3) => {
                V::Vector3(Vector3::new(x.x as f64, x.y as f64, x.z as f64))
            }
            V::Rect2i(x) if self.coerce && to.has_type(K::Rect2) => V::Rect2(Rect2::new(
                Vector2::new(x.position.x as f64, x.position.y as f64),
                Vector2::new(x.size.x as f64, x.size.y as f64),
            )),
            V::PackedInt64Array(a) if self.coerce && to.has_type(K::PackedInt32Array) => {
                let mut out = Vec::with_capacity(a.len());
                for (i, x) in a.iter().enumerate() {
                    match i32::try_from(*x) {
                        Ok(y) => out.push(y),
                        Err(_) => {
                            self.path.push(Seg::Index(i));
                            let e = self.err(format!("{x} does not fit a PackedInt32Array element"));
                            return Err(e);
                        }
                    }
                }
                V::PackedInt32Array(out)
            }
            V::PackedFloat64Array(a) if self.coerce && to.has_type(K::PackedFloat32Array) => {
                V::PackedFloat32Array(a.iter().map(|x| *x as f32).collect())
            }
            V::PackedVector2iArray(a) if self.coerce => {
                self.vec_array(a.iter().map(|x| V::Vector2i(*x)).collect(), K::Vector2i)?
            }
            V::PackedVector3iArray(a) if self.coerce => {
                self.vec_array(a.iter().map(|x| V::Vector3i(*x)).collect(), K::Vector3i)?
            }
            V::PackedVector4iArray(a) if self.coerce => {
                self.vec_array(a.iter().map(|x| V::Vector4i(*x)).collect(), K::Vector4i)?
            }
            V::PackedVector4Array(a) if self.coerce => {
                self.vec_array(a.iter().map(|x| V::Vector4(*x)).collect(), K::Vector4)?
            }
            x => {
                let k = x.kind();
                let hint = matches!(
                    k,
                    K::Vector2i
                        | K::Vector3i
                        | K::Rect2i
                        | K::PackedInt64Array
                        | K::PackedFloat64Array
                        | K::PackedVector2iArray
                        | K::PackedVector3iArray
                        | K::PackedVector4iArray
                        | K::PackedVector4Array
                ) && !self.coerce;
                return Err(self.no_counterpart(k, hint));
            }
        };
        Ok(out)
    }

    /// A packed array of vectors the target lacks, as an Array of those vectors (typed where possible).
    fn vec_array(&mut self, items: Vec<Variant>, elem: TypeKind) -> Result<Variant, Error> {
        if !self.to.has_type(elem) {
            return Err(self.no_counterpart(elem, false));
        }
        let element_type = if self.to.any_typed_arrays() && self.to != Dialect::Pandemonium5 {
            ContainerType::Builtin(elem)
        } else {
            ContainerType::Untyped
        };
        Ok(Variant::from(Array { items, element_type, shared: false }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn godot4_to_3_and_back() {
        let v = Variant::from(vec![
            Variant::PackedInt64Array(vec![1, 2]),
            Variant::StringName(StringName::from("a")),
            Variant::from(Array {
                items: vec![Variant::Int(1)],
                element_type: ContainerType::Builtin(TypeKind::Int),
                shared: false,
            }),
        ]);
        let e = convert(&v, Dialect::Godot4_6, Dialect::Godot3, &Options::default()).unwrap_err();
        assert_eq!(e.path(), "[0]");
        let g3 = convert(&v, Dialect::Godot4_6, Dialect::Godot3, &Options::default().coerce(true)).unwrap();
        assert!(check_fits(&g3, Dialect::Godot3).is_ok());
        let back = convert(&g3, Dialect::Godot3, Dialect::Godot4_6, &Options::default()).unwrap();
        assert!(matches!(&back, Variant::Array(a) if a.items[1] == Variant::from("a")));
    }

    #[test]
    fn key_collision_is_an_error() {
        let mut d = Dictionary::default();
        d.insert(Variant::from("k"), Variant::Int(1));
        d.insert(Variant::StringName(StringName::from("k")), Variant::Int(2));
        let v = Variant::from(vec![Variant::from(d)]);
        let e = convert(&v, Dialect::Pandemonium5, Dialect::Godot3, &Options::default()).unwrap_err();
        assert_eq!(e.path(), "[0]");
    }
}
