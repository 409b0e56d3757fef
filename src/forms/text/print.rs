//! Printing a value in a dialect's text syntax, and the paths that name a value inside another.

use std::fmt::Write as _;

use super::float::{real_token, saver_real_token};
use crate::error::{Error, Form};

use crate::config::{Config, Dialect, Family};
use crate::markers::*;
use crate::types::TypeKind;
use crate::value::{with_stack_for, Array, ContainerType, Dictionary, Object, Signal, Variant};

/// Prints `v` in the text syntax of `cfg`'s dialect (best effort: see [`to_text_exact`] for the values the
/// engine cannot rebuild from text). `cfg.double_precision()` decides whether math components are f32.
///
/// ```
/// use godot_bin::{text, Config, Dialect, Dictionary, markers::StringName, Variant};
/// let mut d = Dictionary::default();
/// d.insert(Variant::from("b"), Variant::Float(1.0));
/// d.insert(Variant::from("a"), Variant::StringName(StringName::from("x")));
/// assert_eq!(text::to_text(&d.into(), &Config::new(Dialect::Godot4_6)), "{\n\"b\": 1.0,\n\"a\": &\"x\"\n}");
/// ```
pub fn to_text(v: &Variant, cfg: &Config) -> String {
    with_stack_for(v, || {
        let mut w = Writer::new(cfg, false);
        w.value(v);
        w.out
    })
}

/// Prints `v` like [`to_text`], or fails when the engine's `str_to_var` of the text would not give back
/// the same value (and so the same bytes). The error names the path of the first such value.
///
/// ```
/// use godot_bin::{text, Config, Object, Variant};
/// let cfg = Config::default();
/// let v = Variant::from(vec![Variant::Float(0.5), Variant::from(Object::InstanceId(42))]);
/// let err = text::to_text_exact(&v, &cfg).unwrap_err();
/// assert_eq!(err.position(), Some(&godot_bin::error::Position::Value("[1]".into())));
/// assert!(text::to_text_exact(&Variant::Float(0.5), &cfg).is_ok());
/// ```
pub fn to_text_exact(v: &Variant, cfg: &Config) -> Result<String, Error> {
    exact(v, cfg, None)
}

/// How a resource file's saver (`ResourceFormatSaverText`) writes a value, beyond the dialect's syntax.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ResourceStyle {
    /// `PackedByteArray("base64")`, as text format 4 writes byte arrays, instead of numbers.
    pub(crate) base64_bytes: bool,
    /// Godot 3.0 to 3.2's empty Dictionary (`{` and `}` with an empty line between them) instead of later
    /// engines' (`{` and `}` on two lines).
    pub(crate) blank_empty_dictionary: bool,
}

/// Prints a property value of a resource file as the engine's text saver does: `String`s keep their line
/// breaks and tabs (only `\` and `"` escaped), other strings are escaped as C strings (`\'` too, and
/// `\?` in Godot 3), Dictionary keys are sorted as the engine sorts them, references are
/// `ExtResource("id")`/`SubResource("id")` (`ExtResource( 1 )` with Godot 3's integer ids) and typed
/// containers may be typed with a script reference. Fails, naming the path, where the engine could not
/// rebuild the value from the text.
pub(crate) fn to_resource_text(v: &Variant, cfg: &Config, style: ResourceStyle) -> Result<String, Error> {
    exact(v, cfg, Some(style))
}

fn exact(v: &Variant, cfg: &Config, res: Option<ResourceStyle>) -> Result<String, Error> {
    let w = with_stack_for(v, || {
        let mut w = Writer::new(cfg, true);
        w.res = res;
        w.value(v);
        (w.out, w.lossy)
    });
    match w.1 {
        Some((path, message)) => Err(Error::shape(Form::Text, Some(path), message)),
        None => Ok(w.0),
    }
}

/// One step of a path inside a value, for messages such as `entities[3].pos`.
pub(crate) enum Seg<'a> {
    Index(usize),
    Key(&'a Variant),
    Prop(&'a str),
}

/// Renders a path (`entities[3].pos`, `["a b"]`, `[Vector2(1, 2)]`).
pub(crate) fn render_path(segs: &[Seg<'_>]) -> String {
    let mut s = String::new();
    for seg in segs {
        match seg {
            Seg::Index(i) => {
                let _ = write!(s, "[{i}]");
            }
            Seg::Prop(p) => match p.char_indices().nth(KEY_CAP) {
                Some((i, _)) => {
                    let _ = write!(s, ".{}…", &p[..i]);
                }
                None => {
                    let _ = write!(s, ".{p}");
                }
            },
            Seg::Key(k) => match k.as_str() {
                Some(t) if t.len() <= KEY_CAP && is_ident(t) => {
                    if !s.is_empty() {
                        s.push('.');
                    }
                    s.push_str(t);
                }
                _ => {
                    let _ = write!(s, "[{}]", short_key(k));
                }
            },
        }
    }
    s
}

/// The longest rendering of one key in a path, in characters; longer ones end in "…".
const KEY_CAP: usize = 80;

/// A key as a path shows it: its text when short, else a summary of at most about [`KEY_CAP`] characters.
/// The cost is bounded by the cap, never by the key's size: containers and packed arrays are named with
/// their length, and strings are cut before they are rendered.
fn short_key(k: &Variant) -> String {
    use Variant as V;
    let cut = |t: &str| -> (String, bool) {
        match t.char_indices().nth(KEY_CAP) {
            Some((i, _)) => (t[..i].to_owned(), true),
            None => (t.to_owned(), false),
        }
    };
    let count = |name: &str, n: usize| format!("{name}(… {n} items)");
    let cfg = Config::default();
    let (kind, n) = match k {
        V::Dictionary(d) => return format!("{{… {} entries}}", d.entries.len()),
        V::Array(a) | V::PackedTypedArray(a) => return format!("[… {} items]", a.items.len()),
        V::Object(_) => return "Object(…)".to_owned(),
        V::String(t) | V::StringName(crate::markers::StringName(t)) => {
            let (t, more) = cut(t);
            let short = if matches!(k, V::String(_)) {
                V::String(t.into())
            } else {
                V::StringName(crate::markers::StringName(t.into()))
            };
            let mut w = Writer::new(&cfg, false);
            w.leaf(&short);
            return if more { format!("{}…", w.out) } else { w.out };
        }
        V::NodePath(p) => {
            let (t, more) = cut(&p.to_string());
            return format!("NodePath({t:?}{})", if more { "…" } else { "" });
        }
        V::PackedByteArray(a) => (TypeKind::PackedByteArray, a.len()),
        V::PackedInt32Array(a) => (TypeKind::PackedInt32Array, a.len()),
        V::PackedInt64Array(a) => (TypeKind::PackedInt64Array, a.len()),
        V::PackedFloat32Array(a) => (TypeKind::PackedFloat32Array, a.len()),
        V::PackedFloat64Array(a) => (TypeKind::PackedFloat64Array, a.len()),
        V::PackedStringArray(a) => (TypeKind::PackedStringArray, a.len()),
        V::PackedVector2Array(a) => (TypeKind::PackedVector2Array, a.len()),
        V::PackedVector3Array(a) => (TypeKind::PackedVector3Array, a.len()),
        V::PackedVector4Array(a) => (TypeKind::PackedVector4Array, a.len()),
        V::PackedColorArray(a) => (TypeKind::PackedColorArray, a.len()),
        V::PackedVector2iArray(a) => (TypeKind::PackedVector2iArray, a.len()),
        V::PackedVector3iArray(a) => (TypeKind::PackedVector3iArray, a.len()),
        V::PackedVector4iArray(a) => (TypeKind::PackedVector4iArray, a.len()),
        V::Image(img) => (TypeKind::Image, img.data.len()),
        // Every other leaf has a small, fixed-size rendering.
        _ => {
            let mut w = Writer::new(&cfg, false);
            w.leaf(k);
            return w.out;
        }
    };
    count(kind.name(), n)
}

fn is_ident(t: &str) -> bool {
    let mut c = t.chars();
    matches!(c.next(), Some(f) if f.is_alphabetic() || f == '_') && c.all(|c| c.is_alphanumeric() || c == '_')
}

struct Writer<'c> {
    out: String,
    syn: Family,
    single: bool,
    track: bool,
    lossy: Option<(String, &'static str)>,
    path: Vec<Seg<'c>>,
    dialect: Dialect,
    /// Printing a value of a resource file ([`to_resource_text`]).
    res: Option<ResourceStyle>,
}

impl<'c> Writer<'c> {
    fn new(cfg: &Config, track: bool) -> Self {
        Writer {
            out: String::new(),
            syn: cfg.dialect().family(),
            single: !cfg.double_precision(),
            track,
            lossy: None,
            path: Vec::new(),
            dialect: cfg.dialect(),
            res: None,
        }
    }

    fn lossy(&mut self, why: &'static str) {
        if self.track && self.lossy.is_none() {
            self.lossy = Some((render_path(&self.path), why));
        }
    }

    fn real(&mut self, x: f64, single: bool, float_type: bool) {
        if self.res.is_some() {
            let t = saver_real_token(x, single, self.syn != Family::Godot4);
            self.out.push_str(&t);
            // A float value keeps its type: `1.0`, `0.0`, but `1e+20` and `nan` as they are.
            if float_type && t.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
                self.out.push_str(".0");
            }
            return;
        }
        let (s, exact) = real_token(x, single, float_type);
        if !exact {
            self.lossy(if x.is_nan() {
                "a NaN other than the engine's `nan` cannot be written as text"
            } else {
                "the engine's text parser cannot produce this float (too small or subnormal)"
            });
        }
        self.out.push_str(&s);
    }

    fn string(&mut self, s: &str) {
        if s.contains('\0') {
            self.lossy("a string with a NUL character cannot be written as text");
        }
        if self.res.is_some() {
            return self.saver_string(s, false);
        }
        self.out.push('"');
        for c in s.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\n' => self.out.push_str("\\n"),
                '\t' => self.out.push_str("\\t"),
                '\r' => self.out.push_str("\\r"),
                '\u{8}' => self.out.push_str("\\b"),
                '\u{c}' => self.out.push_str("\\f"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(self.out, "\\u{:04x}", c as u32);
                }
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    /// A string as the engines' text saver writes it: a `String` value escaped for several lines
    /// (`c_escape_multiline`: only `\\` and `"`), the others as C strings (`c_escape`: `\n`, `\t`, `\'`, …,
    /// `\?` in Godot 3; other control characters as they are).
    fn saver_string(&mut self, s: &str, c_escape: bool) {
        self.out.push('"');
        for c in s.chars() {
            let e = match c {
                '"' => "\\\"",
                '\\' => "\\\\",
                _ if !c_escape => {
                    self.out.push(c);
                    continue;
                }
                '\u{7}' => "\\a",
                '\u{8}' => "\\b",
                '\u{c}' => "\\f",
                '\n' => "\\n",
                '\r' => "\\r",
                '\t' => "\\t",
                '\u{b}' => "\\v",
                '\'' => "\\'",
                '?' if self.syn != Family::Godot4 => "\\?",
                c => {
                    self.out.push(c);
                    continue;
                }
            };
            self.out.push_str(e);
        }
        self.out.push('"');
    }

    /// A string that is not a `String` value (StringName, NodePath, PackedStringArray element).
    fn name_string(&mut self, s: &str) {
        if self.res.is_some() {
            if s.contains('\0') {
                self.lossy("a string with a NUL character cannot be written as text");
            }
            self.saver_string(s, true);
        } else {
            self.string(s);
        }
    }

    /// `Name(` in Godot 4, `Name( ` in the others.
    fn open(&mut self, name: &str) {
        self.out.push_str(name);
        self.out.push_str(if self.syn == Family::Godot4 { "(" } else { "( " });
    }

    fn close(&mut self) {
        self.out.push_str(if self.syn == Family::Godot4 { ")" } else { " )" });
    }

    fn sep(&mut self, i: usize) {
        if i > 0 {
            self.out.push_str(", ");
        }
    }

    fn reals<T: Reals>(&mut self, name: &str, v: &T) {
        let mut r = [0.0f64; 16];
        v.to_reals(&mut r[..T::N]);
        self.open(name);
        for (i, x) in r[..T::N].iter().enumerate() {
            self.sep(i);
            self.real(*x, self.single, false);
        }
        self.close();
    }

    fn ints(&mut self, name: &str, v: &[i32]) {
        self.open(name);
        for (i, x) in v.iter().enumerate() {
            self.sep(i);
            let _ = write!(self.out, "{x}");
        }
        self.close();
    }

    fn name(&self, k: TypeKind) -> &'static str {
        k.name_in(self.dialect)
    }

    fn check_kind(&mut self, k: TypeKind) {
        if !self.dialect.has_type(k) {
            self.lossy("this type does not exist in the dialect");
        }
    }

    /// Containers here, on a small frame; leaves in [`Writer::leaf`] (deep values stay cheap on the stack).
    fn value(&mut self, v: &'c Variant) {
        self.check_kind(v.kind());
        match v {
            Variant::Dictionary(d) => self.dictionary(d),
            Variant::Array(a) => self.array(a, false),
            Variant::PackedTypedArray(a) => self.array(a, true),
            Variant::Object(o) => self.object(o),
            _ => self.leaf(v),
        }
    }

    #[inline(never)]
    fn leaf(&mut self, v: &Variant) {
        use Variant as V;
        match v {
            V::Nil => self.out.push_str("null"),
            V::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            V::Int(i) => {
                let _ = write!(self.out, "{i}");
            }
            V::Float(x) => self.real(*x, false, true),
            V::String(s) => self.string(s),
            V::StringName(s) => {
                match self.syn {
                    Family::Godot4 => self.out.push('&'),
                    Family::Pandemonium => self.out.push('@'),
                    _ => {}
                }
                self.name_string(&s.0);
            }
            V::Vector2(x) => self.reals(self.name(TypeKind::Vector2), x),
            V::Vector2i(x) => self.ints(self.name(TypeKind::Vector2i), &[x.x, x.y]),
            V::Rect2(x) => self.reals(self.name(TypeKind::Rect2), x),
            V::Rect2i(x) => self.ints(self.name(TypeKind::Rect2i), &[x.position.x, x.position.y, x.size.x, x.size.y]),
            V::Vector3(x) => self.reals(self.name(TypeKind::Vector3), x),
            V::Vector3i(x) => self.ints(self.name(TypeKind::Vector3i), &[x.x, x.y, x.z]),
            V::Transform2D(x) => self.reals(self.name(TypeKind::Transform2D), &**x),
            V::Vector4(x) => self.reals(self.name(TypeKind::Vector4), x),
            V::Vector4i(x) => self.ints(self.name(TypeKind::Vector4i), &[x.x, x.y, x.z, x.w]),
            V::Plane(x) => self.reals(self.name(TypeKind::Plane), x),
            V::Quaternion(x) => self.reals(self.name(TypeKind::Quaternion), x),
            V::Aabb(x) => self.reals(self.name(TypeKind::Aabb), &**x),
            V::Basis(x) => self.reals(self.name(TypeKind::Basis), &**x),
            V::Transform3D(x) => self.reals(self.name(TypeKind::Transform3D), &**x),
            V::Projection(x) => self.reals(self.name(TypeKind::Projection), &**x),
            V::Color(c) => {
                self.open(self.name(TypeKind::Color));
                for (i, x) in [c.r, c.g, c.b, c.a].into_iter().enumerate() {
                    self.sep(i);
                    self.real(x as f64, true, false);
                }
                self.close();
            }
            V::NodePath(p) => {
                self.out.push_str("NodePath(");
                self.name_string(&p.to_string());
                self.out.push(')');
            }
            V::Rid(r) => {
                if self.syn != Family::Godot4 {
                    self.lossy("a RID cannot be written as text in this dialect");
                }
                if r.0 == 0 {
                    self.out.push_str("RID()");
                } else {
                    // As the engine prints it: the id as a signed 64-bit integer (ids above i64::MAX are
                    // negative); the engine's parser clamps larger positive numbers.
                    let _ = write!(self.out, "RID({})", r.0 as i64);
                }
            }
            V::Callable => self.out.push_str("Callable()"),
            V::Signal(s) => {
                if *s != Signal::default() {
                    self.lossy("a Signal's name and object cannot be written as text");
                }
                self.out.push_str("Signal()");
            }
            V::PackedByteArray(b) if self.res.is_some_and(|r| r.base64_bytes) => {
                self.out.push_str(self.name(TypeKind::PackedByteArray));
                self.out.push_str("(\"");
                self.out.push_str(&crate::wire::base64_encode(b));
                self.out.push_str("\")");
            }
            V::PackedByteArray(b) => {
                self.open(self.name(TypeKind::PackedByteArray));
                for (i, x) in b.iter().enumerate() {
                    self.sep(i);
                    let _ = write!(self.out, "{x}");
                }
                self.close();
            }
            V::PackedInt32Array(a) => self.ints(self.name(TypeKind::PackedInt32Array), a),
            V::PackedInt64Array(a) => {
                self.open(self.name(TypeKind::PackedInt64Array));
                for (i, x) in a.iter().enumerate() {
                    self.sep(i);
                    let _ = write!(self.out, "{x}");
                }
                self.close();
            }
            V::PackedFloat32Array(a) => {
                self.open(self.name(TypeKind::PackedFloat32Array));
                for (i, x) in a.iter().enumerate() {
                    self.sep(i);
                    self.real(*x as f64, true, false);
                }
                self.close();
            }
            V::PackedFloat64Array(a) => {
                self.open(self.name(TypeKind::PackedFloat64Array));
                for (i, x) in a.iter().enumerate() {
                    self.sep(i);
                    self.real(*x, false, false);
                }
                self.close();
            }
            V::PackedStringArray(a) => {
                self.open(self.name(TypeKind::PackedStringArray));
                for (i, x) in a.iter().enumerate() {
                    self.sep(i);
                    self.name_string(x);
                }
                self.close();
            }
            V::PackedVector2Array(a) => self.packed_reals(TypeKind::PackedVector2Array, a, self.single),
            V::PackedVector3Array(a) => self.packed_reals(TypeKind::PackedVector3Array, a, self.single),
            V::PackedVector4Array(a) => self.packed_reals(TypeKind::PackedVector4Array, a, self.single),
            V::PackedColorArray(a) => {
                self.open(self.name(TypeKind::PackedColorArray));
                for (i, c) in a.iter().enumerate() {
                    for (j, x) in [c.r, c.g, c.b, c.a].into_iter().enumerate() {
                        self.sep(i * 4 + j);
                        self.real(x as f64, true, false);
                    }
                }
                self.close();
            }
            V::PackedVector2iArray(a) => {
                let flat: Vec<i32> = a.iter().flat_map(|v| [v.x, v.y]).collect();
                self.ints(self.name(TypeKind::PackedVector2iArray), &flat)
            }
            V::PackedVector3iArray(a) => {
                let flat: Vec<i32> = a.iter().flat_map(|v| [v.x, v.y, v.z]).collect();
                self.ints(self.name(TypeKind::PackedVector3iArray), &flat)
            }
            V::PackedVector4iArray(a) => {
                let flat: Vec<i32> = a.iter().flat_map(|v| [v.x, v.y, v.z, v.w]).collect();
                self.ints(self.name(TypeKind::PackedVector4iArray), &flat)
            }
            V::Image(img) => {
                self.lossy("a Godot 2 Image is printed for reading only");
                let _ = write!(self.out, "Image( {}, {}, {}, {}", img.width, img.height, img.mipmaps, img.format);
                for b in &img.data {
                    let _ = write!(self.out, ", {b}");
                }
                self.out.push_str(" )");
            }
            V::InputEvent(ev) => {
                self.lossy("a Godot 2 InputEvent is printed for reading only");
                let _ = write!(self.out, "InputEvent({},{:?})", ev.device, ev.data);
            }
            #[allow(unreachable_patterns)]
            _ => {
                self.lossy("this kind of value has no text form");
                self.out.push_str("null");
            }
        }
    }

    fn packed_reals<T: Reals>(&mut self, kind: TypeKind, a: &[T], single: bool) {
        self.open(self.name(kind));
        let mut r = [0.0f64; 4];
        let mut i = 0;
        for v in a {
            v.to_reals(&mut r[..T::N]);
            for x in &r[..T::N] {
                self.sep(i);
                self.real(*x, single, false);
                i += 1;
            }
        }
        self.close();
    }

    fn container_type(&mut self, t: &ContainerType) {
        match t {
            ContainerType::Untyped => self.out.push_str("Variant"),
            ContainerType::Builtin(k) => self.out.push_str(k.name_in(self.dialect)),
            ContainerType::Class(c) => self.out.push_str(c),
            ContainerType::Script(s) if self.res.is_some() => self.out.push_str(s),
            ContainerType::Script(s) => {
                self.lossy("a container typed with a script cannot be written as text");
                let _ = write!(self.out, "Object /* script {s} */");
            }
        }
    }

    fn array(&mut self, a: &'c Array, packed: bool) {
        let typed = !a.element_type.is_untyped();
        if a.shared {
            self.lossy("Godot 2's shared flag has no text form");
        }
        if typed || packed {
            if self.syn == Family::Pandemonium {
                self.out.push_str(if packed { "PackedTypedArray( " } else { "TypedArray( " });
                self.container_type(&a.element_type);
                self.out.push_str(" , ");
                self.items(&a.items, ", ");
                self.out.push_str(" )");
                return;
            }
            self.out.push_str("Array[");
            self.container_type(&a.element_type);
            self.out.push_str("](");
        }
        let spaced = self.syn != Family::Godot4;
        self.out.push_str(if spaced { "[ " } else { "[" });
        self.items(&a.items, ", ");
        self.out.push_str(if spaced { " ]" } else { "]" });
        if typed || packed {
            self.out.push(')');
        }
    }

    fn items(&mut self, items: &'c [Variant], sep: &str) {
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                self.out.push_str(sep);
            }
            self.path.push(Seg::Index(i));
            self.value(x);
            self.path.pop();
        }
    }

    fn dictionary(&mut self, d: &'c Dictionary) {
        let typed = !d.key_type.is_untyped() || !d.value_type.is_untyped();
        if d.shared {
            self.lossy("Godot 2's shared flag has no text form");
        }
        if typed {
            self.out.push_str("Dictionary[");
            self.container_type(&d.key_type);
            self.out.push_str(", ");
            self.container_type(&d.value_type);
            self.out.push_str("](");
        }
        let blank = self.res.is_some_and(|r| r.blank_empty_dictionary);
        if d.entries.is_empty() {
            self.out.push_str(match self.syn {
                Family::Godot4 => "{}",
                Family::Godot2 => "{\n\n}",
                _ if blank => "{\n\n}",
                _ => "{\n}",
            });
        } else {
            self.out.push_str("{\n");
            let mut entries: Vec<&'c (Variant, Variant)> = d.entries.list.iter().collect();
            if self.res.is_some() {
                let dialect = self.dialect;
                entries.sort_by(|a, b| key_order(&a.0, &b.0, dialect));
            }
            for (i, (k, v)) in entries.into_iter().enumerate() {
                if i > 0 {
                    self.out.push_str(",\n");
                }
                self.path.push(Seg::Key(k));
                self.value(k);
                self.out.push_str(": ");
                self.value(v);
                self.path.pop();
            }
            self.out.push_str("\n}");
        }
        if typed {
            self.out.push(')');
        }
    }

    fn object(&mut self, o: &'c Object) {
        match o {
            Object::Null => self.out.push_str("null"),
            Object::InstanceId(id) => {
                self.lossy("an object by instance id cannot be rebuilt from text");
                let _ = write!(self.out, "Object(EncodedObjectAsID,\"object_id\":{id})");
            }
            Object::Full { class, properties } if self.res.is_some() && self.reference(class, properties) => {}
            Object::Full { class, properties } => {
                self.out.push_str("Object(");
                self.out.push_str(class);
                for (name, v) in properties {
                    self.out.push(',');
                    self.string(name);
                    self.out.push(':');
                    self.path.push(Seg::Prop(name));
                    self.value(v);
                    self.path.pop();
                }
                self.out.push(')');
            }
        }
    }
}

impl Writer<'_> {
    /// A reference of a resource file (`ExtResource("1_abc")`, `SubResource( 2 )`, `Resource("res://a.tres")`);
    /// false (nothing written) when the object is not one.
    fn reference(&mut self, class: &str, properties: &[(String, Variant)]) -> bool {
        use super::parse::{EXT_RESOURCE, REF_ID, REF_PATH, REF_UID, SUB_RESOURCE};
        let prop = |name: &str| properties.iter().find(|(n, _)| n == name).and_then(|(_, v)| v.as_str());
        let (name, args) = match (class, properties.len(), prop(REF_ID), prop(REF_PATH), prop(REF_UID)) {
            (EXT_RESOURCE | SUB_RESOURCE, 1, Some(id), _, _) => (class, [Some(id), None]),
            (EXT_RESOURCE, 1, _, Some(path), _) => ("Resource", [Some(path), None]),
            (EXT_RESOURCE, 2, _, Some(path), Some(uid)) => ("Resource", [Some(uid), Some(path)]),
            _ => return false,
        };
        self.open(name);
        for (i, a) in args.into_iter().flatten().enumerate() {
            self.sep(i);
            // Godot 3 numbers its resources: `ExtResource( 1 )`.
            let number = self.syn != Family::Godot4
                && name != "Resource"
                && !a.is_empty()
                && a.strip_prefix('-').unwrap_or(a).bytes().all(|b| b.is_ascii_digit());
            if number {
                self.out.push_str(a);
            } else {
                self.saver_string(a, true);
            }
        }
        self.close();
        true
    }
}

/// The order in which the engines' saver writes two Dictionary keys (`Variant::operator<`): by type
/// first (the dialect's type ids), then by value where the engine compares values of the type (numbers,
/// strings, vectors); keys it does not compare keep their order.
fn key_order(a: &Variant, b: &Variant, dialect: Dialect) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    use Variant as V;
    let (ta, tb) = (dialect.type_id(a.kind()), dialect.type_id(b.kind()));
    if ta != tb {
        return ta.cmp(&tb);
    }
    let reals = |x: &[f64], y: &[f64]| {
        x.iter().zip(y).map(|(p, q)| p.partial_cmp(q).unwrap_or(Ordering::Equal)).find(|o| o.is_ne())
    };
    let found = match (a, b) {
        (V::Bool(x), V::Bool(y)) => Some(x.cmp(y)),
        (V::Int(x), V::Int(y)) => Some(x.cmp(y)),
        (V::Float(x), V::Float(y)) => x.partial_cmp(y),
        (V::String(x), V::String(y)) => Some(x.cmp(y)),
        (V::StringName(x), V::StringName(y)) => Some(x.0.cmp(&y.0)),
        (V::Vector2(x), V::Vector2(y)) => reals(&[x.x, x.y], &[y.x, y.y]),
        (V::Vector3(x), V::Vector3(y)) => reals(&[x.x, x.y, x.z], &[y.x, y.y, y.z]),
        (V::Vector4(x), V::Vector4(y)) => reals(&[x.x, x.y, x.z, x.w], &[y.x, y.y, y.z, y.w]),
        (V::Vector2i(x), V::Vector2i(y)) => Some((x.x, x.y).cmp(&(y.x, y.y))),
        (V::Vector3i(x), V::Vector3i(y)) => Some((x.x, x.y, x.z).cmp(&(y.x, y.y, y.z))),
        (V::Vector4i(x), V::Vector4i(y)) => Some((x.x, x.y, x.z, x.w).cmp(&(y.x, y.y, y.z, y.w))),
        _ => None,
    };
    found.unwrap_or(Ordering::Equal)
}
