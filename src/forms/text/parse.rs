//! Reading text as the engine's `str_to_var` does: tokens, containers as frames on a stack, constructors.

use super::float::engine_parse_float;
use super::names::{builtin_of_name, kind_of_name};
use crate::codec::{push_frame, DictBuilder, KeyFrame};
use crate::config::{Config, Dialect, Family};
use crate::data::dict_keys::{self, Building};
use crate::error::{Error, Form};
use crate::markers::*;
use crate::types::TypeKind;
use crate::value::{Array, ContainerType, Dictionary, Object, Signal, Variant};

/// Parses one value written in the text syntax of `cfg`'s dialect, as the engine's `str_to_var` reads it
/// (floats with the engine's arithmetic, math components narrowed to f32 unless `cfg` is double precision).
/// Anything but whitespace after the value is an error.
///
/// ```
/// use godot_bin::{text, Config, Dialect, Variant, markers::Vector2};
/// let v = text::from_text("Vector2( 1, 2.5 )", &Config::new(Dialect::Godot3))?;
/// assert_eq!(v, Variant::Vector2(Vector2::new(1.0, 2.5)));
/// let err = text::from_text("[1, 2", &Config::default()).unwrap_err();
/// assert_eq!(err.position(), Some(&godot_bin::error::Position::Text { line: 1, column: 6, byte: 5 }));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn from_text(text: &str, cfg: &Config) -> Result<Variant, Error> {
    let mut p = Parser::new(text, cfg);
    let v = p.value()?;
    p.skip_ws();
    if p.pos < text.len() {
        return Err(p.err("unexpected text after the value"));
    }
    Ok(v)
}

/// The class name under which a resource file's reference to one of its external resources
/// (`ExtResource("1_abc")`, Godot 3's `ExtResource( 1 )`) or to a resource by path (`Resource("res://x.tres")`)
/// is held in a value read by [`resource_value_at`]: an [`Object::Full`] of this class with the property
/// [`REF_ID`] (the id, as text), or [`REF_PATH`] (and [`REF_UID`] when written) for a path.
pub(crate) const EXT_RESOURCE: &str = "ExtResource";
/// The same for a reference to one of the file's own sub-resources (`SubResource("Resource_x")`).
pub(crate) const SUB_RESOURCE: &str = "SubResource";
/// The property holding a reference's id.
pub(crate) const REF_ID: &str = "id";
/// The property holding the path of a `Resource("…")` reference.
pub(crate) const REF_PATH: &str = "path";
/// The property holding the UID of a `Resource("uid://…", "…")` reference.
pub(crate) const REF_UID: &str = "uid";

/// Reads one value of a resource file (`.tres`) at byte `at` of `text` (white space and `;` comments
/// before it skipped), as the engine's resource loader does: besides everything [`from_text`] reads,
/// `ExtResource(…)`, `SubResource(…)` and `Resource(…)` where a value or a typed container's element type
/// may stand, and full objects whatever [`Config::allow_objects`] says. References are objects of class
/// [`EXT_RESOURCE`] or [`SUB_RESOURCE`]; in a typed container's type they are a [`ContainerType::Script`]
/// holding the reference as Godot 4 writes it (`ExtResource("1_abc")`). Returns the value and the byte
/// offset after it. The same limits as [`from_text`].
pub(crate) fn resource_value_at(text: &str, at: usize, cfg: &Config) -> Result<(Variant, usize), Error> {
    let mut p = Parser::new(text, cfg);
    p.res = true;
    p.objects = true;
    p.pos = at.min(text.len());
    let v = p.value()?;
    Ok((v, p.pos))
}

/// A tag of a resource file (`[ext_resource type="Script" path="res://a.gd" id="1_x"]`) as the engine's
/// tag parser reads it.
pub(crate) struct ResourceTag {
    /// The tag's name (`gd_resource`, `ext_resource`, `sub_resource`, `resource`).
    pub(crate) name: String,
    /// The attributes in the order written; a repeated one is there each time (the engine keeps the last).
    pub(crate) attrs: Vec<(String, Variant)>,
    /// The tag spans lines.
    pub(crate) lines: bool,
    /// A `;` comment stands inside the tag.
    pub(crate) comment: bool,
    /// Where the tag starts (its `[`) and the byte after its `]`.
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// The tag at byte `at` of a resource file (white space and comments before it skipped); `None` at the
/// end of the text.
pub(crate) fn resource_tag_at(text: &str, at: usize, cfg: &Config) -> Result<Option<ResourceTag>, Error> {
    let mut p = Parser::new(text, cfg);
    p.res = true;
    p.objects = true;
    p.pos = at.min(text.len());
    let start = match p.next()? {
        Tok::Eof => return Ok(None),
        Tok::Punct(b'[') => p.tok_start,
        t => return Err(p.err(format!("expected a tag ([…]), found {}", describe(&t)))),
    };
    p.comments = false;
    let name = match p.next()? {
        Tok::Ident(n) => n,
        t => return Err(p.err(format!("expected a tag name, found {}", describe(&t)))),
    };
    let mut attrs = Vec::new();
    loop {
        match p.next()? {
            Tok::Punct(b']') => break,
            Tok::Ident(key) => {
                p.expect(b'=')?;
                attrs.push((key, p.value()?));
            }
            t => return Err(p.err(format!("expected an attribute or ], found {}", describe(&t)))),
        }
    }
    let lines = text[start..p.pos].contains('\n');
    Ok(Some(ResourceTag { name, attrs, lines, comment: p.comments, start, end: p.pos }))
}

/// The key of the property line at byte `at` of a resource file (`name = …`, white space and comments
/// before it skipped) and the byte after its `=`; `None` when a tag or the end of the text comes next.
pub(crate) fn resource_key_at(text: &str, at: usize) -> Result<Option<(String, usize)>, Error> {
    let mut p = Parser::new(text, &Config::default());
    p.pos = at.min(text.len());
    p.skip_ws();
    p.tok_start = p.pos;
    match p.b.get(p.pos) {
        None | Some(b'[') => return Ok(None),
        Some(b'"') => {
            let Tok::Str(k) = p.next()? else { return Err(p.err("expected a property name")) };
            p.expect(b'=')?;
            return Ok(Some((k, p.pos)));
        }
        _ => {}
    }
    let start = p.pos;
    while p.pos < p.b.len() && p.b[p.pos] != b'=' && p.b[p.pos] != b'\n' {
        p.pos += 1;
    }
    if p.b.get(p.pos) != Some(&b'=') {
        return Err(p.err("expected a property (name = value)"));
    }
    let key = text[start..p.pos].trim_end().to_owned();
    Ok(Some((key, p.pos + 1)))
}

/// Parses a sequence of values separated by whitespace (the text form of a `store_var` stream).
///
/// ```
/// use godot_bin::{text, Config, Variant};
/// let vs = text::from_text_many("1\n\"a\"\n[]\n", &Config::default())?;
/// assert_eq!(vs.len(), 3);
/// assert_eq!(vs[0], Variant::Int(1));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn from_text_many(text: &str, cfg: &Config) -> Result<Vec<Variant>, Error> {
    let mut p = Parser::new(text, cfg);
    let mut out = Vec::new();
    loop {
        p.skip_ws();
        if p.pos >= text.len() {
            return Ok(out);
        }
        out.push(p.value()?);
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Punct(u8),
    Str(String),
    Num { text: String, float: bool },
    Ident(String),
    Eof,
}

/// A container being read. `hash`: inside a dictionary key, its structural hash being built from its
/// children's as they arrive, so that a key is hashed once however deep keys nest in keys.
enum Frame {
    /// `[` seen; `typed` closes with `)` too. `paren` (Pandemonium `TypedArray( T , … )`): no brackets, closes
    /// with `)`; `packed` makes it a PackedTypedArray.
    Array { a: Array, typed: bool, paren: bool, packed: bool, hash: Option<Box<Building>> },
    /// `{` seen; a key has been read when `key` is Some (`key_hash`: its hash, if it built one).
    Dict {
        d: DictBuilder,
        key: Option<Variant>,
        key_hash: Option<u64>,
        key_type: ContainerType,
        value_type: ContainerType,
        typed: bool,
        hash: Option<Box<Building>>,
    },
    /// `Object(Class,` seen (at byte `at`); a property name read when `name` is Some.
    Object {
        class: String,
        props: Vec<(String, Variant)>,
        name: Option<String>,
        at: usize,
        hash: Option<Box<Building>>,
    },
}

impl KeyFrame for Frame {
    fn builds_hash(&self) -> bool {
        match self {
            Frame::Array { hash, .. } | Frame::Dict { hash, .. } | Frame::Object { hash, .. } => hash.is_some(),
        }
    }

    fn next_is_key(&self) -> bool {
        matches!(self, Frame::Dict { key: None, .. })
    }

    fn start_hash(&mut self) {
        match self {
            Frame::Array { a, packed, hash, .. } => {
                let tag = if *packed { dict_keys::tag::PACKED_TYPED_ARRAY } else { dict_keys::tag::ARRAY };
                *hash = Some(Box::new(Building::array(tag, a)));
            }
            Frame::Dict { hash, .. } => *hash = Some(Box::new(Building::dictionary())),
            Frame::Object { class, hash, .. } => *hash = Some(Box::new(Building::object(class))),
        }
    }
}

/// The hash of a child as it was stored: the one it built, else computed (a leaf, or an empty container).
fn hash_of(built: Option<u64>, stored: &Variant) -> u64 {
    built.unwrap_or_else(|| dict_keys::structural_hash(stored))
}

struct Parser<'t> {
    text: &'t str,
    b: &'t [u8],
    pos: usize,
    tok_start: usize,
    syn: Family,
    single: bool,
    double: bool,
    dialect: Dialect,
    max_depth: usize,
    objects: bool,
    /// Reading a resource file: references (`ExtResource(…)`, …) are values ([`resource_value_at`]).
    res: bool,
    /// A `;` comment was skipped.
    comments: bool,
}

impl<'t> Parser<'t> {
    fn new(text: &'t str, cfg: &Config) -> Self {
        Parser {
            text,
            b: text.as_bytes(),
            pos: 0,
            tok_start: 0,
            syn: cfg.dialect().family(),
            single: !cfg.double_precision(),
            double: cfg.double_precision(),
            dialect: cfg.dialect(),
            max_depth: cfg.max_depth(),
            objects: cfg.allow_objects(),
            res: false,
            comments: false,
        }
    }

    /// A full object is refused unless [`Config::allow_objects`] is on, as in the binary decoder; objects
    /// by id (`Object(EncodedObjectAsID, "object_id": N)`) are plain numbers and always read.
    fn admit_object(&self, o: Object, at: usize) -> Result<Variant, Error> {
        if matches!(o, Object::Full { .. }) && !self.objects {
            return Err(Error::syntax(
                Form::Text,
                self.text,
                at,
                crate::error::ErrorKind::ObjectsNotAllowed.to_string(),
            ));
        }
        Ok(Variant::from(o))
    }

    fn err(&self, msg: impl Into<String>) -> Error {
        Error::syntax(Form::Text, self.text, self.tok_start, msg)
    }

    fn err_here(&self, msg: impl Into<String>) -> Error {
        Error::syntax(Form::Text, self.text, self.pos, msg)
    }

    fn skip_ws(&mut self) {
        while self.pos < self.b.len() {
            match self.b[self.pos] {
                b' ' | b'\t' | b'\n' | b'\r' => self.pos += 1,
                b';' => {
                    // Comment to the end of the line, as in the engines' parser.
                    self.comments = true;
                    while self.pos < self.b.len() && self.b[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn next(&mut self) -> Result<Tok, Error> {
        self.skip_ws();
        self.tok_start = self.pos;
        let Some(&c) = self.b.get(self.pos) else {
            return Ok(Tok::Eof);
        };
        match c {
            b'{' | b'}' | b'[' | b']' | b'(' | b')' | b':' | b',' | b'&' | b'@' | b'=' => {
                self.pos += 1;
                Ok(Tok::Punct(c))
            }
            b'"' => self.string().map(Tok::Str),
            b'-' | b'0'..=b'9' => self.number(),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let s = self.pos;
                while self.pos < self.b.len() && (self.b[self.pos].is_ascii_alphanumeric() || self.b[self.pos] == b'_')
                {
                    self.pos += 1;
                }
                Ok(Tok::Ident(self.text[s..self.pos].to_owned()))
            }
            _ => {
                let ch = self.text[self.pos..].chars().next().unwrap_or('?');
                Err(self.err_here(format!("unexpected character {ch:?}")))
            }
        }
    }

    fn number(&mut self) -> Result<Tok, Error> {
        let s = self.pos;
        if self.b[self.pos] == b'-' {
            self.pos += 1;
            // `-inf` (Godot 4).
            if self.syn == Family::Godot4 && self.text[self.pos..].starts_with("inf") {
                let end = self.pos + 3;
                if !self.b.get(end).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') {
                    self.pos = end;
                    return Ok(Tok::Num { text: "-inf".into(), float: true });
                }
            }
        }
        let upper_e = self.syn == Family::Godot4;
        let mut float = false;
        let mut seen_dot = false;
        let mut seen_e = false;
        let mut digits = 0;
        while let Some(&c) = self.b.get(self.pos) {
            match c {
                b'0'..=b'9' => digits += 1,
                b'.' if !seen_dot && !seen_e => {
                    seen_dot = true;
                    float = true;
                }
                b'e' | b'E' if !seen_e && digits > 0 && (c == b'e' || upper_e) => {
                    seen_e = true;
                    float = true;
                    if matches!(self.b.get(self.pos + 1), Some(b'+' | b'-')) {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
            self.pos += 1;
        }
        if digits == 0 {
            return Err(Error::syntax(Form::Text, self.text, s, "expected a number"));
        }
        Ok(Tok::Num { text: self.text[s..self.pos].to_owned(), float })
    }

    fn hex(&mut self, n: usize) -> Result<u32, Error> {
        let mut v = 0u32;
        for _ in 0..n {
            let c = self.b.get(self.pos).copied();
            let d = match c {
                Some(c @ b'0'..=b'9') => c - b'0',
                Some(c @ b'a'..=b'f') => c - b'a' + 10,
                Some(c @ b'A'..=b'F') => c - b'A' + 10,
                _ => return Err(self.err_here("expected a hex digit in a \\u escape")),
            };
            v = v * 16 + u32::from(d);
            self.pos += 1;
        }
        Ok(v)
    }

    fn string(&mut self) -> Result<String, Error> {
        self.pos += 1; // opening quote
        let mut out = String::new();
        loop {
            let rest = &self.text[self.pos..];
            let Some(c) = rest.chars().next() else {
                return Err(self.err("unterminated string"));
            };
            self.pos += c.len_utf8();
            match c {
                '"' => return Ok(out),
                '\\' => {
                    let Some(e) = self.text[self.pos..].chars().next() else {
                        return Err(self.err("unterminated string"));
                    };
                    self.pos += e.len_utf8();
                    match e {
                        'b' => out.push('\u{8}'),
                        't' => out.push('\t'),
                        'n' => out.push('\n'),
                        'f' => out.push('\u{c}'),
                        'r' => out.push('\r'),
                        'u' | 'U' => {
                            let at = self.pos - 2;
                            let width = if e == 'U' { 6 } else { 4 };
                            let mut cp = self.hex(width)?;
                            if (0xd800..0xdc00).contains(&cp) && self.text[self.pos..].starts_with("\\u") {
                                let save = self.pos;
                                self.pos += 2;
                                let lo = self.hex(4)?;
                                if (0xdc00..0xe000).contains(&lo) {
                                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                                } else {
                                    self.pos = save;
                                }
                            }
                            match char::from_u32(cp) {
                                Some(ch) if cp != 0 => out.push(ch),
                                _ => {
                                    return Err(Error::syntax(
                                        Form::Text,
                                        self.text,
                                        at,
                                        format!("\\u escape {cp:#x} is not a character a String can hold"),
                                    ))
                                }
                            }
                        }
                        other => out.push(other),
                    }
                }
                c => out.push(c),
            }
        }
    }

    fn expect(&mut self, p: u8) -> Result<(), Error> {
        match self.next()? {
            Tok::Punct(c) if c == p => Ok(()),
            t => Err(self.err(format!("expected '{}', found {}", p as char, describe(&t)))),
        }
    }

    fn peek_punct(&mut self, p: u8) -> bool {
        self.skip_ws();
        if self.b.get(self.pos) == Some(&p) {
            self.tok_start = self.pos;
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn int_of(&self, text: &str) -> i64 {
        // The engine's String::to_int: digits accumulated with wrap-around.
        let (neg, digits) = match text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, text),
        };
        let mut v: u64 = 0;
        for c in digits.bytes().take_while(|c| c.is_ascii_digit()) {
            v = v.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
        }
        let v = v as i64;
        if neg {
            v.wrapping_neg()
        } else {
            v
        }
    }

    fn float_of(&self, text: &str) -> f64 {
        if text == "-inf" {
            f64::NEG_INFINITY
        } else {
            engine_parse_float(text)
        }
    }

    /// A number (or `inf`, `inf_neg`, `nan`) as a double.
    fn real(&mut self) -> Result<f64, Error> {
        match self.next()? {
            Tok::Num { text, float: true } => Ok(self.float_of(&text)),
            Tok::Num { text, float: false } => Ok(self.int_of(&text) as f64),
            Tok::Ident(i) if i == "inf" => Ok(f64::INFINITY),
            Tok::Ident(i) if i == "inf_neg" => Ok(f64::NEG_INFINITY),
            Tok::Ident(i) if i == "nan" => Ok(f64::NAN),
            t => Err(self.err(format!("expected a number, found {}", describe(&t)))),
        }
    }

    fn int(&mut self) -> Result<i64, Error> {
        match self.next()? {
            Tok::Num { text, float: false } => Ok(self.int_of(&text)),
            Tok::Num { text, float: true } => Ok(self.float_of(&text) as i64),
            t => Err(self.err(format!("expected an integer, found {}", describe(&t)))),
        }
    }

    /// `( a, b, … )` read with `item`, allowing an empty list.
    fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> Result<T, Error>) -> Result<Vec<T>, Error> {
        self.expect(b'(')?;
        let mut out = Vec::new();
        if self.peek_punct(b')') {
            return Ok(out);
        }
        loop {
            out.push(item(self)?);
            match self.next()? {
                Tok::Punct(b',') => {
                    if self.peek_punct(b')') {
                        return Ok(out);
                    }
                }
                Tok::Punct(b')') => return Ok(out),
                t => return Err(self.err(format!("expected ',' or ')', found {}", describe(&t)))),
            }
        }
    }

    fn stored_real(&self, x: f64) -> f64 {
        if self.single {
            (x as f32) as f64
        } else {
            x
        }
    }

    fn reals<T: Reals>(&mut self, name: &str) -> Result<T, Error> {
        let at = self.tok_start;
        let v = self.list(|p| p.real())?;
        if v.len() != T::N {
            return Err(Error::syntax(
                Form::Text,
                self.text,
                at,
                format!("{name} takes {} numbers, found {}", T::N, v.len()),
            ));
        }
        let r: Vec<f64> = v.into_iter().map(|x| self.stored_real(x)).collect();
        Ok(T::from_reals(&r))
    }

    fn ints<const N: usize>(&mut self, name: &str) -> Result<[i32; N], Error> {
        let at = self.tok_start;
        let v = self.list(|p| p.int())?;
        if v.len() != N {
            return Err(Error::syntax(
                Form::Text,
                self.text,
                at,
                format!("{name} takes {N} integers, found {}", v.len()),
            ));
        }
        let mut out = [0i32; N];
        for (o, x) in out.iter_mut().zip(v) {
            *o = x as i32;
        }
        Ok(out)
    }

    fn chunks<const N: usize>(&mut self, name: &str, v: Vec<f64>) -> Result<Vec<[f64; N]>, Error> {
        if !v.len().is_multiple_of(N) {
            return Err(self.err(format!("{name} needs a multiple of {N} numbers, found {}", v.len())));
        }
        Ok(v.chunks_exact(N).map(|c| std::array::from_fn(|i| c[i])).collect())
    }

    /// The elements of a packed array of `N`-real groups (`PackedVector2Array(1, 2, 3, 4)`), each group
    /// made into one by `make`.
    fn real_groups<const N: usize, T>(
        &mut self, name: &str, make: impl Fn(&Self, &[f64; N]) -> T,
    ) -> Result<Vec<T>, Error> {
        let v = self.list(|p| p.real())?;
        Ok(self.chunks::<N>(name, v)?.iter().map(|c| make(self, c)).collect())
    }

    /// The elements of a packed array of `N`-integer groups (`PoolVector2iArray(1, 2, 3, 4)`).
    fn int_groups<const N: usize, T>(&mut self, name: &str, make: impl Fn([i32; N]) -> T) -> Result<Vec<T>, Error> {
        let v = self.list(|p| p.int())?;
        if !v.len().is_multiple_of(N) {
            return Err(self.err(format!("{name} needs a multiple of {N} integers")));
        }
        Ok(v.chunks_exact(N).map(|c| make(std::array::from_fn(|i| c[i] as i32))).collect())
    }

    fn color_of(c: &[f64]) -> Color {
        Color::new(c[0] as f32, c[1] as f32, c[2] as f32, c.get(3).map_or(1.0, |a| *a as f32))
    }

    /// A constructor `Name(…)` of a non-container type.
    fn construct(&mut self, name: &str, kind: TypeKind) -> Result<Variant, Error> {
        use TypeKind as K;
        use Variant as V;
        Ok(match kind {
            K::Vector2 => V::Vector2(self.reals(name)?),
            K::Rect2 => V::Rect2(self.reals(name)?),
            K::Vector3 => V::Vector3(self.reals(name)?),
            K::Transform2D => V::Transform2D(Box::new(self.reals(name)?)),
            K::Vector4 => V::Vector4(self.reals(name)?),
            K::Plane => V::Plane(self.reals(name)?),
            K::Quaternion => V::Quaternion(self.reals(name)?),
            K::Aabb => V::Aabb(Box::new(self.reals(name)?)),
            K::Basis => V::Basis(Box::new(self.reals(name)?)),
            K::Transform3D => V::Transform3D(Box::new(self.reals(name)?)),
            K::Projection => V::Projection(Box::new(self.reals(name)?)),
            K::Vector2i => {
                let [x, y] = self.ints(name)?;
                V::Vector2i(Vector2i::new(x, y))
            }
            K::Vector3i => {
                let [x, y, z] = self.ints(name)?;
                V::Vector3i(Vector3i::new(x, y, z))
            }
            K::Vector4i => {
                let [x, y, z, w] = self.ints(name)?;
                V::Vector4i(Vector4i::new(x, y, z, w))
            }
            K::Rect2i => {
                let [x, y, w, h] = self.ints(name)?;
                V::Rect2i(Rect2i::new(Vector2i::new(x, y), Vector2i::new(w, h)))
            }
            K::Color => {
                let at = self.tok_start;
                let v = self.list(|p| p.real())?;
                if !(3..=4).contains(&v.len()) {
                    return Err(Error::syntax(Form::Text, self.text, at, "Color takes 3 or 4 numbers"));
                }
                V::Color(Self::color_of(&v))
            }
            K::NodePath => {
                let v = self.list(|p| match p.next()? {
                    Tok::Str(s) => Ok(s),
                    t => Err(p.err(format!("expected a string, found {}", describe(&t)))),
                })?;
                let s = v.into_iter().next().unwrap_or_default();
                V::NodePath(Box::new(if self.syn == Family::Godot2 {
                    NodePath::parse_godot2(&s)
                } else {
                    NodePath::parse(&s)
                }))
            }
            K::StringName => {
                let v = self.list(|p| match p.next()? {
                    Tok::Str(s) => Ok(s),
                    t => Err(p.err(format!("expected a string, found {}", describe(&t)))),
                })?;
                V::StringName(StringName(v.into_iter().next().unwrap_or_default().into()))
            }
            K::Rid => {
                let v = self.list(|p| p.int())?;
                V::Rid(Rid(v.first().copied().unwrap_or(0) as u64))
            }
            K::Callable => {
                self.list(|p| p.real())?;
                V::Callable
            }
            K::Signal => {
                self.list(|p| p.real())?;
                V::Signal(Signal::default())
            }
            K::PackedByteArray => {
                let v = self.list(|p| match p.next()? {
                    Tok::Str(s) => Ok(Err(s)),
                    Tok::Num { text, float } => Ok(Ok(if float { p.float_of(&text) as i64 } else { p.int_of(&text) })),
                    t => Err(p.err(format!("expected a byte, found {}", describe(&t)))),
                })?;
                let mut out = Vec::with_capacity(v.len());
                for x in v {
                    match x {
                        Ok(i) => out.push(i as u8),
                        // Base64 as Godot 4 writes it, read with `wire::base64_decode`'s leniency.
                        Err(b64) => out.extend(
                            crate::wire::base64_decode(b64.as_bytes())
                                .map_err(|_| self.err("PackedByteArray: invalid base64 string"))?,
                        ),
                    }
                }
                V::PackedByteArray(out)
            }
            K::PackedInt32Array => V::PackedInt32Array(self.list(|p| p.int())?.into_iter().map(|i| i as i32).collect()),
            K::PackedInt64Array => V::PackedInt64Array(self.list(|p| p.int())?),
            K::PackedFloat32Array => {
                V::PackedFloat32Array(self.list(|p| p.real())?.into_iter().map(|x| x as f32).collect())
            }
            K::PackedFloat64Array => V::PackedFloat64Array(self.list(|p| p.real())?),
            K::PackedStringArray => V::PackedStringArray(self.list(|p| match p.next()? {
                Tok::Str(s) => Ok(s.into()),
                t => Err(p.err(format!("expected a string, found {}", describe(&t)))),
            })?),
            K::PackedVector2Array => {
                V::PackedVector2Array(self.real_groups::<2, _>(name, |p, c| Vector2::from_reals(&p.stored(c)))?)
            }
            K::PackedVector3Array => {
                V::PackedVector3Array(self.real_groups::<3, _>(name, |p, c| Vector3::from_reals(&p.stored(c)))?)
            }
            K::PackedVector4Array => {
                V::PackedVector4Array(self.real_groups::<4, _>(name, |p, c| Vector4::from_reals(&p.stored(c)))?)
            }
            K::PackedColorArray => V::PackedColorArray(self.real_groups(name, |_, c: &[f64; 4]| Self::color_of(c))?),
            K::PackedVector2iArray => V::PackedVector2iArray(self.int_groups(name, |[x, y]| Vector2i::new(x, y))?),
            K::PackedVector3iArray => {
                V::PackedVector3iArray(self.int_groups(name, |[x, y, z]| Vector3i::new(x, y, z))?)
            }
            K::PackedVector4iArray => {
                V::PackedVector4iArray(self.int_groups(name, |[x, y, z, w]| Vector4i::new(x, y, z, w))?)
            }
            _ => return Err(self.err(format!("{name}(…) cannot be read from text"))),
        })
    }

    fn stored<const N: usize>(&self, c: &[f64; N]) -> [f64; N] {
        std::array::from_fn(|i| self.stored_real(c[i]))
    }

    /// `T` inside `Array[T]` / `Dictionary[K, V]`.
    fn container_type(&mut self) -> Result<ContainerType, Error> {
        match self.next()? {
            Tok::Ident(n) if n == "Variant" => Ok(ContainerType::Untyped),
            Tok::Ident(n) if self.res && (n == EXT_RESOURCE || n == SUB_RESOURCE) => {
                self.expect(b'(')?;
                let id = self.ref_arg()?;
                self.expect(b')')?;
                let mut t = String::with_capacity(n.len() + id.len() + 8);
                t.push_str(&n);
                t.push('(');
                super::quote::push_quoted(&mut t, &id);
                t.push(')');
                Ok(ContainerType::Script(t))
            }
            Tok::Ident(n) => Ok(match builtin_of_name(&n) {
                Some(k) => ContainerType::Builtin(k),
                None => ContainerType::Class(n),
            }),
            t => Err(self.err(format!("expected a type name, found {}", describe(&t)))),
        }
    }

    /// The argument of a reference: a string, or a number (Godot 3's integer ids), as text.
    fn ref_arg(&mut self) -> Result<String, Error> {
        match self.next()? {
            Tok::Str(s) => Ok(s),
            Tok::Num { text, float: false } => Ok(self.int_of(&text).to_string()),
            Tok::Num { text, float: true } => Ok(text),
            t => Err(self.err(format!("expected a resource id (a string or a number), found {}", describe(&t)))),
        }
    }

    /// `ExtResource(id)`, `SubResource(id)`, `Resource(path)` or `Resource(uid, path)`, the name read.
    fn resource_ref(&mut self, kind: &str) -> Result<Variant, Error> {
        self.expect(b'(')?;
        let first = self.ref_arg()?;
        let (class, properties) = if kind == "Resource" {
            if self.peek_punct(b',') {
                let path = self.ref_arg()?;
                (
                    EXT_RESOURCE,
                    vec![
                        (REF_UID.to_owned(), Variant::String(first.into())),
                        (REF_PATH.to_owned(), Variant::String(path.into())),
                    ],
                )
            } else {
                (EXT_RESOURCE, vec![(REF_PATH.to_owned(), Variant::String(first.into()))])
            }
        } else {
            let class = if kind == SUB_RESOURCE { SUB_RESOURCE } else { EXT_RESOURCE };
            (class, vec![(REF_ID.to_owned(), Variant::String(first.into()))])
        };
        self.expect(b')')?;
        Ok(Variant::from(Object::Full { class: class.to_owned(), properties }))
    }

    fn too_deep(&self, depth: usize) -> Result<(), Error> {
        if depth >= self.max_depth {
            Err(self.err(format!("value nested deeper than {} levels", self.max_depth)))
        } else {
            Ok(())
        }
    }

    /// One complete value, with containers handled on an explicit stack.
    fn value(&mut self) -> Result<Variant, Error> {
        let mut stack: Vec<Frame> = Vec::new();
        'outer: loop {
            // Read the start of a value: either a complete value, or a container opened (pushed).
            let mut v = match self.next()? {
                // `[` or `{`: an empty container, or one opened.
                Tok::Punct(open @ (b'[' | b'{')) => {
                    self.too_deep(stack.len())?;
                    let array = open == b'[';
                    if self.peek_punct(if array { b']' } else { b'}' }) {
                        if array {
                            Variant::from(Array::default())
                        } else {
                            Variant::from(Dictionary::default())
                        }
                    } else {
                        let frame = if array {
                            Frame::Array { a: Array::default(), typed: false, paren: false, packed: false, hash: None }
                        } else {
                            Frame::Dict {
                                d: DictBuilder::with_capacity(0, self.dialect),
                                key: None,
                                key_hash: None,
                                key_type: ContainerType::Untyped,
                                value_type: ContainerType::Untyped,
                                typed: false,
                                hash: None,
                            }
                        };
                        push_frame(&mut stack, frame);
                        continue 'outer;
                    }
                }
                Tok::Punct(b'&') | Tok::Punct(b'@') => match self.next()? {
                    Tok::Str(s) => Variant::StringName(StringName(s.into())),
                    t => {
                        return Err(
                            self.err(format!("expected a string after the StringName mark, found {}", describe(&t)))
                        )
                    }
                },
                Tok::Str(s) => Variant::String(s.into()),
                Tok::Num { text, float: true } => Variant::Float(self.float_of(&text)),
                Tok::Num { text, float: false } => Variant::Int(self.int_of(&text)),
                Tok::Ident(id) => match id.as_str() {
                    "null" | "nil" => Variant::Nil,
                    "true" => Variant::Bool(true),
                    "false" => Variant::Bool(false),
                    "inf" => Variant::Float(f64::INFINITY),
                    "inf_neg" => Variant::Float(f64::NEG_INFINITY),
                    "nan" => Variant::Float(f64::NAN),
                    "Array" => {
                        self.too_deep(stack.len())?;
                        let t = if self.peek_punct(b'[') {
                            let t = self.container_type()?;
                            self.expect(b']')?;
                            t
                        } else {
                            ContainerType::Untyped
                        };
                        self.expect(b'(')?;
                        self.expect(b'[')?;
                        let a = Array { element_type: t, ..Default::default() };
                        if self.peek_punct(b']') {
                            self.expect(b')')?;
                            Variant::from(a)
                        } else {
                            push_frame(
                                &mut stack,
                                Frame::Array { a, typed: true, paren: false, packed: false, hash: None },
                            );
                            continue 'outer;
                        }
                    }
                    "TypedArray" | "PackedTypedArray" => {
                        // Pandemonium 5: `TypedArray( int , 1, 2 )`.
                        self.too_deep(stack.len())?;
                        let packed = id == "PackedTypedArray";
                        self.expect(b'(')?;
                        let t = self.container_type()?;
                        self.expect(b',')?;
                        let a = Array { element_type: t, ..Default::default() };
                        if self.peek_punct(b')') {
                            if packed {
                                Variant::PackedTypedArray(Box::new(a))
                            } else {
                                Variant::from(a)
                            }
                        } else {
                            push_frame(&mut stack, Frame::Array { a, typed: false, paren: true, packed, hash: None });
                            continue 'outer;
                        }
                    }
                    "Dictionary" => {
                        self.too_deep(stack.len())?;
                        let (kt, vt) = if self.peek_punct(b'[') {
                            let k = self.container_type()?;
                            self.expect(b',')?;
                            let v = self.container_type()?;
                            self.expect(b']')?;
                            (k, v)
                        } else {
                            (ContainerType::Untyped, ContainerType::Untyped)
                        };
                        self.expect(b'(')?;
                        self.expect(b'{')?;
                        if self.peek_punct(b'}') {
                            self.expect(b')')?;
                            Variant::from(Dictionary { key_type: kt, value_type: vt, ..Default::default() })
                        } else {
                            push_frame(
                                &mut stack,
                                Frame::Dict {
                                    d: DictBuilder::with_capacity(0, self.dialect),
                                    key: None,
                                    key_hash: None,
                                    key_type: kt,
                                    value_type: vt,
                                    typed: true,
                                    hash: None,
                                },
                            );
                            continue 'outer;
                        }
                    }
                    "Object" => {
                        let at = self.tok_start;
                        self.too_deep(stack.len())?;
                        self.expect(b'(')?;
                        let class = match self.next()? {
                            Tok::Ident(c) => c,
                            t => return Err(self.err(format!("expected a class name, found {}", describe(&t)))),
                        };
                        if self.peek_punct(b')') {
                            self.admit_object(Object::Full { class, properties: Vec::new() }, at)?
                        } else {
                            self.expect(b',')?;
                            let name = self.prop_name()?;
                            push_frame(
                                &mut stack,
                                Frame::Object { class, props: Vec::new(), name: Some(name), at, hash: None },
                            );
                            continue 'outer;
                        }
                    }
                    name @ ("ExtResource" | "SubResource" | "Resource") if self.res => self.resource_ref(name)?,
                    name => match kind_of_name(name) {
                        Some(k) => self.construct(name, k)?,
                        None => return Err(self.err(format!("unknown identifier '{name}'"))),
                    },
                },
                t => return Err(self.err(format!("expected a value, found {}", describe(&t)))),
            };
            // Feed the complete value to the enclosing containers, closing those that end here. `vh`: the
            // value's structural hash, if it is a container that built one (it sits inside a key).
            let mut vh: Option<u64> = None;
            loop {
                match stack.last_mut() {
                    None => return Ok(v),
                    Some(Frame::Array { a, typed, paren, hash, .. }) => {
                        let (typed, paren) = (*typed, *paren);
                        if let Some(x) = admit(&a.element_type, v, self.double, self.dialect) {
                            if let Some(h) = hash.as_deref_mut() {
                                h.item(hash_of(vh, &x));
                            }
                            a.items.push(x);
                        }
                        let close = if paren { b')' } else { b']' };
                        match self.next()? {
                            Tok::Punct(b',') => {
                                if !self.peek_punct(close) {
                                    continue 'outer;
                                }
                            }
                            Tok::Punct(c) if c == close => {}
                            t => {
                                return Err(self.err(format!(
                                    "expected ',' or '{}', found {}",
                                    close as char,
                                    describe(&t)
                                )))
                            }
                        }
                        if typed {
                            self.expect(b')')?;
                        }
                        let Some(Frame::Array { a, packed, hash, .. }) = stack.pop() else { unreachable!() };
                        vh = hash.map(|h| h.finish(None));
                        v = if packed { Variant::PackedTypedArray(Box::new(a)) } else { Variant::from(a) };
                    }
                    Some(Frame::Dict { key, key_hash, .. }) if key.is_none() => {
                        *key = Some(v);
                        *key_hash = vh;
                        self.expect(b':')?;
                        continue 'outer;
                    }
                    Some(Frame::Dict { d, key, key_hash, key_type, value_type, typed, hash }) => {
                        let k = key.take().unwrap_or_default();
                        let kh = key_hash.take();
                        if let Some(k) = admit(key_type, k, self.double, self.dialect) {
                            match hash.as_deref_mut() {
                                Some(h) => {
                                    let (kh, vh) = (hash_of(kh, &k), hash_of(vh, &v));
                                    let i = d.insert_hashed(k, Some(kh), v);
                                    h.key(i, kh);
                                    h.value(i, vh);
                                }
                                None => {
                                    d.insert_hashed(k, kh, v);
                                }
                            }
                        }
                        let typed = *typed;
                        match self.next()? {
                            Tok::Punct(b',') => {
                                if !self.peek_punct(b'}') {
                                    continue 'outer;
                                }
                            }
                            Tok::Punct(b'}') => {}
                            t => return Err(self.err(format!("expected ',' or '}}', found {}", describe(&t)))),
                        }
                        let _ = value_type;
                        if typed {
                            self.expect(b')')?;
                        }
                        let Some(Frame::Dict { d, key_type, value_type, hash, .. }) = stack.pop() else {
                            unreachable!()
                        };
                        let dict = Dictionary { entries: d.finish(), key_type, value_type, shared: false };
                        vh = hash.map(|h| h.finish(Some(&dict)));
                        v = Variant::from(dict);
                    }
                    Some(Frame::Object { props, name, hash, .. }) => {
                        let name = name.take().unwrap_or_default();
                        if let Some(h) = hash.as_deref_mut() {
                            h.property(&name, hash_of(vh, &v));
                        }
                        props.push((name, v));
                        match self.next()? {
                            Tok::Punct(b',') => {
                                let n = self.prop_name()?;
                                if let Some(Frame::Object { name, .. }) = stack.last_mut() {
                                    *name = Some(n);
                                }
                                continue 'outer;
                            }
                            Tok::Punct(b')') => {}
                            t => return Err(self.err(format!("expected ',' or ')', found {}", describe(&t)))),
                        }
                        let Some(Frame::Object { class, props, at, hash, .. }) = stack.pop() else { unreachable!() };
                        let o = object_of(class, props);
                        // An object by id is a number: its hash is its own, not the full object's.
                        vh = if matches!(o, Object::Full { .. }) { hash.map(|h| h.finish(None)) } else { None };
                        v = self.admit_object(o, at)?;
                    }
                }
            }
        }
    }

    /// `"name":` inside `Object(…)`.
    fn prop_name(&mut self) -> Result<String, Error> {
        let n = match self.next()? {
            Tok::Str(s) => s,
            t => return Err(self.err(format!("expected a property name string, found {}", describe(&t)))),
        };
        self.expect(b':')?;
        Ok(n)
    }
}

/// `Object(EncodedObjectAsID,"object_id":N…)` (how the engine prints an object received by id) is read back
/// as that id; the engine itself would make a new EncodedObjectAsID object, whose own id is unpredictable.
fn object_of(class: String, properties: Vec<(String, Variant)>) -> Object {
    if class == "EncodedObjectAsID" {
        let id = properties.iter().find(|(n, _)| n == "object_id").and_then(|(_, v)| v.as_int());
        let rest_default = properties.iter().all(|(n, v)| n == "object_id" || (n == "script" && v.is_nil()));
        if let (Some(id), true) = (id, rest_default) {
            return Object::InstanceId(id as u64);
        }
    }
    Object::Full { class, properties }
}

/// What a typed container keeps of an element read from text (the engine converts as it does on decode).
fn admit(t: &ContainerType, v: Variant, double: bool, d: Dialect) -> Option<Variant> {
    if t.is_untyped() {
        return Some(v);
    }
    match d.family() {
        Family::Godot4 => crate::codec::admit::godot4_admit(t, v, double),
        Family::Pandemonium => crate::codec::admit::pandemonium_admit(t, &v).then_some(v),
        _ => Some(v),
    }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Punct(c) => format!("'{}'", *c as char),
        Tok::Str(_) => "a string".into(),
        Tok::Num { text, .. } => format!("number {text}"),
        Tok::Ident(i) => format!("'{i}'"),
        Tok::Eof => "the end of the text".into(),
    }
}
