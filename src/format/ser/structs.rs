//! Structs: a plain struct's fields written as they come, a marker struct's collected and written at its end.

use serde::ser::{self, Serialize};

use super::capture::{build_fields, capture, Cap};
use super::container::{container_body, ContainerState};
use super::math::{check_components, int_component, too_many_components, Comps, Sink, FLAT_MSG, MAX_COMPONENTS};
use super::serializer::Serializer;
use crate::config::check_depth;
use crate::error::{Error, Result};
use crate::format::magic;
use crate::types::TypeKind;
use crate::wire::{narrow_exact, Output};

/// What a `$godot_bin::` struct is being collected into.
#[doc(hidden)]
pub(crate) enum MagicStruct {
    /// An ordinary struct: a Dictionary with String keys.
    Plain,
    /// A fixed-size math type that is not small (an integer vector or more than 4 reals): its header is
    /// written, and each numeric component (flattened in field order) is appended as it comes.
    Math(TypeKind, bool),
    /// A small math type (at most 4 reals, see `is_small_math`; `count_at` holds its type id): each
    /// component is kept as it comes, and the end writes header and components.
    Small(TypeKind, [f64; 4]),
    /// Signal, Image, InputEvent, NodePath parts: captured fields, built at the end.
    Fields(Box<(&'static str, Vec<(&'static str, Cap)>)>),
    /// Typed Array/Dictionary, full Object: header fields captured, then the elements streamed.
    Container(Box<ContainerState>),
}

/// Structs: a Dictionary with String keys in field order, or a marker type.
#[doc(hidden)]
pub struct StructCompound<'s, 'a, O: Output = Vec<u8>> {
    pub(super) ser: &'s mut Serializer<'a, O>,
    pub(super) count_at: usize,
    pub(super) n: usize,
    pub(super) closes: usize,
    /// `m.magic` is [`MagicStruct::Plain`]: one flag test on the hot path instead of matching the enum.
    pub(super) plain: bool,
    /// A marker's state. Whatever takes it out of line gets it moved out and back in (`marker_field`), never
    /// a pointer into the compound: the compound's own fields stay in registers across the calls of a
    /// plain struct's fields (a pointer passed anywhere would make every call a possible write to them).
    pub(super) m: Marker,
}

/// A marker struct's state: its count of components or fields, and what it collects.
#[doc(hidden)]
pub(crate) struct Marker {
    pub(super) n: usize,
    pub(super) magic: MagicStruct,
}

impl Marker {
    pub(super) const PLAIN: Marker = Marker { n: 0, magic: MagicStruct::Plain };
}

impl<O: Output> ser::SerializeStruct for StructCompound<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    // Inlined into the struct's `serialize`: a plain field is the key, the value and a count, with no call
    // of its own; marker fields go out of line.
    #[inline(always)]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<()> {
        if self.plain {
            // The one depth check of the field: the value is at the same depth as its key.
            check_depth!(self.ser.cfg, self.ser.depth, |k| self.ser.err_at(k));
            self.ser.key(key)?;
            value.serialize(&mut *self.ser)?;
            self.n += 1;
            return Ok(());
        }
        let mut m = std::mem::replace(&mut self.m, Marker::PLAIN);
        let r = match m.magic {
            MagicStruct::Small(..) => value.serialize(Comps(&mut m)),
            _ => marker_field(self.ser, &mut m, key, value),
        };
        self.m = m;
        r
    }
    #[inline(always)]
    fn end(self) -> Result<()> {
        if self.plain {
            self.ser.patch_len(self.count_at, self.n)?;
            self.ser.depth -= self.closes;
            // Nothing to drop (and no out-of-line `drop_in_place` call for it).
            std::mem::forget(self.m);
            return Ok(());
        }
        if let MagicStruct::Small(kind, c) = self.m.magic {
            let n = self.m.n;
            std::mem::forget(self.m);
            return small_end(self.ser, kind, self.count_at, c, n);
        }
        magic_end(self.ser, self.m, self.count_at, self.closes)
    }
}

/// A marker struct's field (not a small math marker's), out of line.
#[inline(never)]
fn marker_field<T: ?Sized + Serialize, O: Output>(
    ser: &mut Serializer<'_, O>, m: &mut Marker, key: &'static str, value: &T,
) -> Result<()> {
    match &mut m.magic {
        MagicStruct::Plain => {
            check_depth!(ser.cfg, ser.depth, |k| ser.err_at(k));
            ser.string(key)?;
            ser.element(value)?;
            m.n += 1;
        }
        MagicStruct::Math(..) => value.serialize(Comps(&mut MathOut(ser, m)))?,
        MagicStruct::Small(..) => value.serialize(Comps(m))?,
        MagicStruct::Fields(f) => f.1.push((key, capture(value)?)),
        MagicStruct::Container(st) => {
            if matches!(key, "items" | "entries" | "properties") {
                let mut taken = std::mem::replace(&mut **st, ContainerState::new("Array"));
                taken.fields.push((key, Cap::Unit));
                st.done = true;
                container_body(ser, taken, value)?;
            } else {
                st.fields.push((key, capture(value)?));
            }
        }
    }
    Ok(())
}

/// A marker struct's end (not a small math marker's), out of line.
#[inline(never)]
fn magic_end<O: Output>(ser: &mut Serializer<'_, O>, m: Marker, count_at: usize, closes: usize) -> Result<()> {
    match m.magic {
        MagicStruct::Plain => {
            ser.patch_count(count_at, m.n, 0)?;
            ser.depth -= closes;
            Ok(())
        }
        MagicStruct::Math(kind, _) => check_components(kind, m.n),
        MagicStruct::Small(kind, c) => small_end(ser, kind, count_at, c, m.n),
        MagicStruct::Fields(f) => {
            let v = build_fields(f.0, &f.1)?;
            ser.variant(&v)
        }
        MagicStruct::Container(st) if st.done => Ok(()),
        MagicStruct::Container(_) => {
            Err(Error::invalid("a typed container or object marker without its elements", None))
        }
    }
}

/// A small math marker's end: its count checked, then header and components written (`id` is its type id).
#[inline(always)]
fn small_end<O: Output>(ser: &mut Serializer<'_, O>, kind: TypeKind, id: usize, c: [f64; 4], n: usize) -> Result<()> {
    check_components(kind, n)?;
    ser.small_math_end(kind, id as u32, c, n);
    Ok(())
}

/// A small math marker's components, each kept in its place (`MagicStruct::Small`; an f32 widened exactly,
/// so that its bits come back when it is written as 32 bits).
impl Sink for Marker {
    #[inline]
    fn push(&mut self, x: f64) -> Result<()> {
        self.component(x)
    }
}

impl Marker {
    /// A small math marker's `n`th component (past the 4th only counted, up to [`MAX_COMPONENTS`]).
    #[inline]
    fn component(&mut self, x: f64) -> Result<()> {
        if self.n < 4 {
            if let MagicStruct::Small(_, c) = &mut self.magic {
                c[self.n] = x;
            }
        } else if self.n >= MAX_COMPONENTS {
            return Err(too_many_components());
        }
        self.n += 1;
        Ok(())
    }
}

/// A math marker's components appended as they come (`MagicStruct::Math`): as i32 (integer vectors), f64
/// (`wide`) or f32; past the type's count only counted, up to [`MAX_COMPONENTS`].
struct MathOut<'c, 's, O: Output>(&'c mut Serializer<'s, O>, &'c mut Marker);

impl<O: Output> Sink for MathOut<'_, '_, O> {
    fn push(&mut self, x: f64) -> Result<()> {
        let (ser, c) = (&mut *self.0, &mut *self.1);
        let MagicStruct::Math(kind, wide) = c.magic else {
            return Err(Error::invalid(FLAT_MSG, None));
        };
        if c.n < kind.components() {
            if kind.is_int_vector() {
                ser.out.w32(int_component(x)? as u32);
            } else if wide {
                ser.out.wf64(x);
            } else {
                ser.out.wf32(narrow_exact(x));
            }
        } else if c.n >= MAX_COMPONENTS {
            return Err(too_many_components());
        }
        c.n += 1;
        Ok(())
    }
}

impl<O: Output> ser::SerializeStructVariant for StructCompound<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    // Inlined as `SerializeStruct::serialize_field` is (a struct variant's fields are plain fields).
    #[inline(always)]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<()> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }
    #[inline(always)]
    fn end(self) -> Result<()> {
        ser::SerializeStruct::end(self)
    }
}

impl<O: Output> Serializer<'_, O> {
    /// A `$godot_bin::` struct (`name` has the prefix): its compound's `count_at` and state, or `None` for a
    /// plain struct after all. Out of line: the match on marker names would make the plain path's frame bigger.
    #[inline(never)]
    pub(super) fn marker_struct(&mut self, name: &str) -> Result<Option<(usize, MagicStruct)>> {
        let m = &name[magic::PREFIX.len()..];
        if let Some(kind) = TypeKind::math_from_marker(m).filter(|&k| is_small_math(k)) {
            return Ok(Some((self.small_math(kind)?, MagicStruct::Small(kind, [0.0; 4]))));
        }
        Ok(match self.magic_struct(m)? {
            MagicStruct::Plain => None,
            MagicStruct::Math(kind, _) => Some((0, MagicStruct::Math(kind, self.math_start(kind)?))),
            magic => Some((0, magic)),
        })
    }

    fn magic_struct(&mut self, name: &str) -> Result<MagicStruct> {
        Ok(match name {
            "Array" | "Dictionary" | "Object" => MagicStruct::Container(Box::new(ContainerState::new(name))),
            "Signal" | "Image" | "InputEvent" | "NodePathParts" => {
                MagicStruct::Fields(Box::new((name_static(name), Vec::new())))
            }
            _ => match TypeKind::math_from_marker(name) {
                Some(kind) => MagicStruct::Math(kind, false),
                None => MagicStruct::Plain,
            },
        })
    }
}

/// Whether a math marker of `kind` is small: at most 4 reals (Vector2/3/4, Color, Quaternion, Plane, Rect2),
/// collected as they come and written at its end ([`Serializer::small_math`]).
pub(super) fn is_small_math(kind: TypeKind) -> bool {
    kind.components() <= 4 && !kind.is_int_vector()
}

/// The small math markers (see [`is_small_math`]) by their whole magic name. Always inlined: compares of a
/// constant name fold.
#[inline(always)]
pub(super) fn small_marker(name: &str) -> Option<TypeKind> {
    Some(match name {
        "$godot_bin::Vector2" => TypeKind::Vector2,
        "$godot_bin::Vector3" => TypeKind::Vector3,
        "$godot_bin::Color" => TypeKind::Color,
        "$godot_bin::Vector4" => TypeKind::Vector4,
        "$godot_bin::Quaternion" => TypeKind::Quaternion,
        "$godot_bin::Plane" => TypeKind::Plane,
        "$godot_bin::Rect2" => TypeKind::Rect2,
        _ => return None,
    })
}

fn name_static(name: &str) -> &'static str {
    match name {
        "Signal" => "Signal",
        "Image" => "Image",
        "InputEvent" => "InputEvent",
        _ => "NodePathParts",
    }
}
