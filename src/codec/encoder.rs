//! The [`Encoder`]: values to bytes, in place.

use crate::config::check_depth;
use crate::config::{Config, Dialect, Family};
use crate::error::{Error, ErrorKind, Result};
use crate::markers::*;
use crate::types::TypeKind;
use crate::value::*;
use crate::wire::*;

/// Encodes values into an [`Output`] (a `Vec<u8>` or a `BytesMut`), in place.
pub(crate) struct Encoder<'c, 'o, O: Output> {
    cfg: &'c Config,
    d: Dialect,
    out: &'o mut O,
}

impl<'c, 'o, O: Output> Encoder<'c, 'o, O> {
    pub(crate) fn new(cfg: &'c Config, out: &'o mut O) -> Self {
        Encoder { cfg, d: cfg.dialect(), out }
    }

    fn id(&self, kind: TypeKind) -> Result<u32> {
        self.d.type_id(kind).ok_or_else(|| ErrorKind::Unsupported { what: kind.name(), dialect: self.d }.into())
    }

    fn header(&mut self, kind: TypeKind, flags: u32) -> Result<()> {
        let id = self.id(kind)?;
        let flags = if self.d.has_flags() { flags } else { 0 };
        self.out.w32(id | flags);
        Ok(())
    }

    /// Whether math types go out as f64 with the flag, and the flag bit to set.
    fn math_wide(&self, kind: TypeKind) -> Result<(bool, u32)> {
        let wide = math_wide(self.cfg, kind)?;
        Ok((wide, if wide { FLAG_64 } else { 0 }))
    }

    fn reals<T: Reals>(&mut self, v: &T, wide: bool) {
        let mut buf = [0f64; 16];
        v.to_reals(&mut buf);
        put_reals(self.out, &buf[..T::N], wide);
    }

    fn math<T: Reals>(&mut self, kind: TypeKind, v: &T) -> Result<()> {
        let (wide, flag) = self.math_wide(kind)?;
        self.header(kind, flag)?;
        self.reals(v, wide);
        Ok(())
    }

    fn packed_math<T: Reals>(&mut self, kind: TypeKind, v: &[T]) -> Result<()> {
        let (wide, flag) = self.math_wide(kind)?;
        self.header(kind, flag)?;
        self.out.w32(count32(v.len(), T::N * if wide { 8 } else { 4 })?);
        for x in v {
            self.reals(x, wide);
        }
        Ok(())
    }

    fn color(&mut self, c: &Color) {
        for x in [c.r, c.g, c.b, c.a] {
            self.out.wf32(x);
        }
    }

    fn i32s(&mut self, v: &[i32]) {
        for &x in v {
            self.out.w32(x as u32);
        }
    }

    fn check_depth(&self, depth: usize) -> Result<()> {
        check_depth!(self.cfg, depth, Error::from);
        Ok(())
    }

    /// Encodes `v`, nested `depth` levels inside what was written before. Containers are walked with a stack
    /// on the heap, so no depth can exhaust the thread's stack.
    pub(crate) fn value(&mut self, v: &Variant, depth: usize) -> Result<()> {
        let mut stack: Vec<Children<'_>> = Vec::new();
        let mut cur = v;
        loop {
            self.check_depth(depth + stack.len())?;
            let children = match cur {
                Variant::Object(o) => self.object(o)?,
                Variant::Dictionary(d) => Some(self.dictionary(d)?),
                Variant::Array(a) => Some(self.array(a, false)?),
                Variant::PackedTypedArray(a) => Some(self.array(a, true)?),
                _ => {
                    self.leaf(cur)?;
                    None
                }
            };
            stack.extend(children);
            // The next value to write: the next child of the innermost container that has one left.
            cur = loop {
                let Some(top) = stack.last_mut() else { return Ok(()) };
                let next = match top {
                    Children::Items(it) => it.next(),
                    Children::Entries(it, pending) => match pending.take() {
                        Some(value) => Some(value),
                        None => it.next().map(|(k, v)| {
                            *pending = Some(v);
                            k
                        }),
                    },
                    Children::Properties(it) => match it.next() {
                        Some((name, v)) => {
                            self.out.wstr(name)?;
                            Some(v)
                        }
                        None => None,
                    },
                };
                match next {
                    Some(child) => break child,
                    None => {
                        stack.pop();
                    }
                }
            };
        }
    }

    /// A value that holds no other values.
    #[inline(never)]
    fn leaf(&mut self, v: &Variant) -> Result<()> {
        use TypeKind as K;
        use Variant as V;
        let g2 = self.d.family() == Family::Godot2;
        match v {
            V::Object(_) | V::Dictionary(_) | V::Array(_) | V::PackedTypedArray(_) => {
                return Err(Error::invalid("container encoded as a leaf", None))
            }
            V::Nil => self.header(K::Nil, 0)?,
            V::Bool(b) => {
                self.header(K::Bool, 0)?;
                self.out.w32(*b as u32);
            }
            V::Int(i) => {
                if !int_is_wide(*i, !g2)? {
                    self.header(K::Int, 0)?;
                    self.out.w32(*i as i32 as u32);
                } else {
                    self.header(K::Int, FLAG_64)?;
                    self.out.w64(*i as u64);
                }
            }
            V::Float(f) => match float_as_narrow(*f, !g2) {
                Some(narrow) => {
                    self.header(K::Float, 0)?;
                    self.out.wf32(narrow);
                }
                None => {
                    self.header(K::Float, FLAG_64)?;
                    self.out.wf64(*f);
                }
            },
            V::String(s) => {
                self.header(K::String, 0)?;
                self.out.wstr(s)?;
            }
            V::StringName(s) => {
                self.header(K::StringName, 0)?;
                self.out.wstr(&s.0)?;
            }
            V::Vector2(x) => self.math(K::Vector2, x)?,
            V::Rect2(x) => self.math(K::Rect2, x)?,
            V::Vector3(x) => self.math(K::Vector3, x)?,
            V::Transform2D(x) => self.math(K::Transform2D, &**x)?,
            V::Vector4(x) => self.math(K::Vector4, x)?,
            V::Plane(x) => self.math(K::Plane, x)?,
            V::Quaternion(x) => self.math(K::Quaternion, x)?,
            V::Aabb(x) => self.math(K::Aabb, &**x)?,
            V::Basis(x) => self.math(K::Basis, &**x)?,
            V::Transform3D(x) => self.math(K::Transform3D, &**x)?,
            V::Projection(x) => self.math(K::Projection, &**x)?,
            V::Vector2i(x) => {
                self.header(K::Vector2i, 0)?;
                self.i32s(&[x.x, x.y]);
            }
            V::Rect2i(x) => {
                self.header(K::Rect2i, 0)?;
                self.i32s(&[x.position.x, x.position.y, x.size.x, x.size.y]);
            }
            V::Vector3i(x) => {
                self.header(K::Vector3i, 0)?;
                self.i32s(&[x.x, x.y, x.z]);
            }
            V::Vector4i(x) => {
                self.header(K::Vector4i, 0)?;
                self.i32s(&[x.x, x.y, x.z, x.w]);
            }
            V::Color(c) => {
                self.header(K::Color, 0)?;
                self.color(c);
            }
            V::NodePath(p) => self.node_path(p)?,
            V::Rid(r) => {
                self.header(K::Rid, 0)?;
                if self.d.rid_payload() {
                    self.out.w64(r.0);
                }
            }
            V::Callable => self.header(K::Callable, 0)?,
            V::Signal(s) => {
                self.header(K::Signal, 0)?;
                self.out.wstr(&s.name)?;
                self.out.w64(s.object);
            }
            V::PackedByteArray(b) => {
                self.header(K::PackedByteArray, 0)?;
                self.out.w32(len32(b.len())?);
                self.out.put(b);
                self.out.zeros(pad_len(b.len()));
            }
            V::PackedInt32Array(a) => {
                self.header(K::PackedInt32Array, 0)?;
                self.out.w32(count32(a.len(), 4)?);
                self.i32s(a);
            }
            V::PackedInt64Array(a) => {
                self.header(K::PackedInt64Array, 0)?;
                self.out.w32(count32(a.len(), 8)?);
                for &x in a {
                    self.out.w64(x as u64);
                }
            }
            V::PackedFloat32Array(a) => {
                self.header(K::PackedFloat32Array, 0)?;
                self.out.w32(count32(a.len(), 4)?);
                for &x in a {
                    self.out.wf32(x);
                }
            }
            V::PackedFloat64Array(a) => {
                self.header(K::PackedFloat64Array, 0)?;
                self.out.w32(count32(a.len(), 8)?);
                for &x in a {
                    self.out.wf64(x);
                }
            }
            V::PackedStringArray(a) => {
                self.header(K::PackedStringArray, 0)?;
                self.out.w32(len32(a.len())?);
                for s in a {
                    self.out.wstr_nul(s)?;
                }
            }
            V::PackedVector2Array(a) => self.packed_math(K::PackedVector2Array, a)?,
            V::PackedVector3Array(a) => self.packed_math(K::PackedVector3Array, a)?,
            V::PackedVector4Array(a) => self.packed_math(K::PackedVector4Array, a)?,
            V::PackedColorArray(a) => {
                self.header(K::PackedColorArray, 0)?;
                self.out.w32(count32(a.len(), 16)?);
                for c in a {
                    self.color(c);
                }
            }
            V::PackedVector2iArray(a) => {
                self.header(K::PackedVector2iArray, 0)?;
                self.out.w32(count32(a.len(), 8)?);
                for x in a {
                    self.i32s(&[x.x, x.y]);
                }
            }
            V::PackedVector3iArray(a) => {
                self.header(K::PackedVector3iArray, 0)?;
                self.out.w32(count32(a.len(), 12)?);
                for x in a {
                    self.i32s(&[x.x, x.y, x.z]);
                }
            }
            V::PackedVector4iArray(a) => {
                self.header(K::PackedVector4iArray, 0)?;
                self.out.w32(count32(a.len(), 16)?);
                for x in a {
                    self.i32s(&[x.x, x.y, x.z, x.w]);
                }
            }
            V::Image(img) => {
                self.header(K::Image, 0)?;
                for x in [img.format, img.mipmaps, img.width, img.height, len32(img.data.len())?] {
                    self.out.w32(x);
                }
                self.out.put(&img.data);
                self.out.zeros(pad_len(img.data.len()));
            }
            V::InputEvent(ev) => {
                self.header(K::InputEvent, 0)?;
                let fields: &[u32] = &match ev.data {
                    InputEventData::Key { modifiers, scancode } => [modifiers, scancode],
                    InputEventData::JoystickMotion { axis, value_bits } => [axis, value_bits],
                    InputEventData::MouseButton { button_index }
                    | InputEventData::JoystickButton { button_index }
                    | InputEventData::ScreenTouch { index: button_index } => [button_index, 0],
                    _ => [0, 0],
                };
                let n = match ev.data {
                    InputEventData::Key { .. } | InputEventData::JoystickMotion { .. } => 2,
                    InputEventData::MouseButton { .. }
                    | InputEventData::JoystickButton { .. }
                    | InputEventData::ScreenTouch { .. } => 1,
                    _ => 0,
                };
                self.out.w32(ev.event_type());
                self.out.w32(ev.device);
                self.out.w32(12 + 4 * n as u32);
                for &f in &fields[..n] {
                    self.out.w32(f);
                }
            }
        }
        Ok(())
    }

    fn node_path(&mut self, p: &NodePath) -> Result<()> {
        self.header(TypeKind::NodePath, 0)?;
        let g2 = self.d.family() == Family::Godot2;
        // Outside Godot 2 a property is just one more subname.
        let (prop, extra_sub) = if g2 { (p.property.as_deref(), None) } else { (None, p.property.as_deref()) };
        let subs = p.subnames.len() + usize::from(extra_sub.is_some());
        self.out.w32(len32(p.names.len())? | 0x8000_0000);
        self.out.w32(len32(subs)?);
        self.out.w32(u32::from(p.absolute) | if prop.is_some() { 2 } else { 0 });
        for s in p.names.iter().chain(p.subnames.iter()).map(String::as_str).chain(extra_sub).chain(prop) {
            self.out.wstr(s)?;
        }
        Ok(())
    }

    /// Writes an object's head; a full object's properties are to follow.
    fn object<'v>(&mut self, o: &'v Object) -> Result<Option<Children<'v>>> {
        let g2 = self.d.family() == Family::Godot2;
        match o {
            _ if g2 => self.header(TypeKind::Object, 0)?,
            Object::Null => self.header(TypeKind::Nil, 0)?,
            Object::InstanceId(id) => {
                self.header(TypeKind::Object, FLAG_64)?;
                self.out.w64(*id);
            }
            Object::Full { class, properties } => {
                if !self.cfg.allow_objects() {
                    return Err(ErrorKind::ObjectsNotAllowed.into());
                }
                self.header(TypeKind::Object, 0)?;
                self.out.wstr(class)?;
                self.out.w32(len32(properties.len())?);
                return Ok(Some(Children::Properties(properties.iter())));
            }
        }
        Ok(None)
    }

    /// The header flags and trailing type data for a Godot 4 container type.
    fn container_type_kind(&self, t: &ContainerType) -> u32 {
        match t {
            ContainerType::Untyped => 0,
            ContainerType::Builtin(_) => 1,
            ContainerType::Class(_) => 2,
            ContainerType::Script(_) if !self.cfg.allow_objects() => 2,
            ContainerType::Script(_) => 3,
        }
    }

    fn container_type_data(&mut self, t: &ContainerType) -> Result<()> {
        match t {
            // Without full objects the engine names every object-typed container EncodedObjectAsID.
            ContainerType::Class(_) | ContainerType::Script(_) if !self.cfg.allow_objects() => {
                self.out.wstr(crate::codec::admit::ENCODED_OBJECT_AS_ID)?
            }
            ContainerType::Untyped => {}
            ContainerType::Builtin(k) => {
                let id = self.id(*k)?;
                self.out.w32(id);
            }
            ContainerType::Class(s) | ContainerType::Script(s) => self.out.wstr(s)?,
        }
        Ok(())
    }

    fn count_word(&self, n: usize, shared: bool) -> Result<u32> {
        let n = len32(n)?;
        Ok(if shared && self.d.family() == Family::Godot2 { n | SHARED_BIT } else { n })
    }

    /// Writes an array's head; its elements are to follow.
    fn array<'v>(&mut self, a: &'v Array, packed: bool) -> Result<Children<'v>> {
        let pand5 = self.d == Dialect::Pandemonium5;
        if pand5 && (packed || !a.element_type.is_untyped()) {
            return self.pandemonium_typed_array(a, packed);
        }
        if packed {
            return Err(ErrorKind::Unsupported { what: "PackedTypedArray", dialect: self.d }.into());
        }
        if !a.element_type.is_untyped() && !self.d.typed_arrays() {
            return Err(ErrorKind::Unsupported { what: "typed Array", dialect: self.d }.into());
        }
        let kind = self.container_type_kind(&a.element_type);
        self.header(TypeKind::Array, kind << 16)?;
        self.container_type_data(&a.element_type)?;
        let count = self.count_word(a.items.len(), a.shared)?;
        self.out.w32(count);
        Ok(Children::Items(a.items.iter()))
    }

    fn pandemonium_typed_array<'v>(&mut self, a: &'v Array, packed: bool) -> Result<Children<'v>> {
        let kind = if packed { TypeKind::PackedTypedArray } else { TypeKind::TypedArray };
        let (elem, class) = match &a.element_type {
            ContainerType::Untyped => (TypeKind::Nil, None),
            ContainerType::Builtin(k) => (*k, None),
            ContainerType::Class(c) => (TypeKind::Object, Some(c.as_str())),
            ContainerType::Script(_) => {
                return Err(ErrorKind::Unsupported { what: "script-typed Array", dialect: self.d }.into())
            }
        };
        let id_mode = elem == TypeKind::Object && !self.cfg.allow_objects();
        self.header(kind, if id_mode { FLAG_64 } else { 0 })?;
        let elem_id = self.id(elem)?;
        self.out.w32(elem_id);
        if elem == TypeKind::Object && !id_mode {
            self.header(TypeKind::StringName, 0)?;
            // No class: the engine writes an empty StringName.
            self.out.wstr(class.unwrap_or(""))?;
        }
        self.out.w32(len32(a.items.len())?);
        Ok(Children::Items(a.items.iter()))
    }

    /// Writes a dictionary's head; its keys and values are to follow.
    fn dictionary<'v>(&mut self, d: &'v Dictionary) -> Result<Children<'v>> {
        let typed = !d.key_type.is_untyped() || !d.value_type.is_untyped();
        if typed && !self.d.typed_dictionaries() {
            return Err(ErrorKind::Unsupported { what: "typed Dictionary", dialect: self.d }.into());
        }
        let flags = (self.container_type_kind(&d.key_type) << 16) | (self.container_type_kind(&d.value_type) << 18);
        self.header(TypeKind::Dictionary, flags)?;
        self.container_type_data(&d.key_type)?;
        self.container_type_data(&d.value_type)?;
        let count = self.count_word(d.entries.len(), d.shared)?;
        self.out.w32(count);
        Ok(Children::Entries(d.entries.iter(), None))
    }
}

/// What a container being encoded has left to write.
enum Children<'v> {
    Items(std::slice::Iter<'v, Variant>),
    /// Entries, and the value of the entry whose key was just written.
    Entries(std::slice::Iter<'v, (Variant, Variant)>, Option<&'v Variant>),
    /// Properties: each name is written just before its value.
    Properties(std::slice::Iter<'v, (String, Variant)>),
}

/// Whether math types go out as f64 with the 64-bit flag (Godot 4 double builds); Godot 4.0/4.1 double builds
/// cannot write Vector4/Projection readably at all. The one rule of both encoders (this and `ser.rs`).
#[inline]
pub(crate) fn math_wide(cfg: &Config, kind: TypeKind) -> Result<bool> {
    let d = cfg.dialect();
    if !(cfg.double_precision() && d.math_flag()) {
        return Ok(false);
    }
    if d.vector4_flag_bug() && matches!(kind, TypeKind::Vector4 | TypeKind::Projection | TypeKind::PackedVector4Array) {
        return Err(ErrorKind::Unsupported {
            what: "Vector4/Projection in a double-precision build (Godot 4.0/4.1 write them without the 64-bit flag, unreadable by any engine)",
            dialect: d,
        }
        .into());
    }
    Ok(true)
}

/// Real components: f64 each when `wide`, else f32 each ([`narrow_exact`]: NaN payloads kept).
#[inline]
pub(crate) fn put_reals<O: Output>(out: &mut O, vals: &[f64], wide: bool) {
    for &x in vals {
        if wide {
            out.wf64(x);
        } else {
            out.wf32(narrow_exact(x));
        }
    }
}
