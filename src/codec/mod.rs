//! Layer 4, the [`Variant`] codec: values to bytes and back. It speaks in [`TypeKind`]s and asks the
//! [`Dialect`] for ids and rules, so one decoder and one encoder serve every engine. Here: the [`Decoder`]
//! and [`Encoder`], the borrowed [`VariantRef`](borrowed::VariantRef) ([`borrowed`]) and the admission rules
//! of typed containers ([`admit`]). Uses the data, wire, config/error and dialect layers; no serde.

pub(crate) mod admit;
pub(crate) mod borrowed;

use std::hash::{Hash, Hasher};

use crate::config::check_depth;
use crate::config::{Config, Dialect, Family};
use crate::data::dict_keys::{self, Building, HashIndex};
use crate::error::{Error, ErrorKind, Result};
use crate::markers::*;
use crate::types::TypeKind;
use crate::value::*;
use crate::wire::*;

/// Whole values in and out: the entry points of this layer (the serde format and every other form call these
/// or the `Decoder` and `Encoder` below).
impl Variant {
    /// Decodes exactly one value: the whole input must be that value (see [`Variant::decode_prefix`] for
    /// the engines' behaviour of ignoring what follows).
    ///
    /// ```
    /// use godot_bin::{Config, Variant};
    /// // Godot 4.6 var_to_bytes(1), tests/fixtures/godot-4.6/values.tsv "int_1":
    /// let v = Variant::decode(&[2, 0, 0, 0, 1, 0, 0, 0], &Config::default()).unwrap();
    /// assert_eq!(v, Variant::Int(1));
    /// assert!(Variant::decode(&[2, 0, 0, 0, 1, 0, 0, 0, 0], &Config::default()).is_err());
    /// ```
    pub fn decode(bytes: &[u8], cfg: &Config) -> Result<Variant> {
        let (v, used) = Self::decode_prefix(bytes, cfg)?;
        if used != bytes.len() {
            return Err(Error::at(ErrorKind::TrailingBytes(bytes.len() - used), used).hinted(bytes));
        }
        Ok(v)
    }

    /// Decodes one value from the start of `bytes` and returns it with the number of bytes it took, like
    /// `bytes_to_var`, which ignores whatever follows.
    ///
    /// ```
    /// use godot_bin::{Config, Variant};
    /// // Godot 4.6 var_to_bytes(true), tests/fixtures/godot-4.6/values.tsv "bool_true", then a stray byte:
    /// let (v, used) = Variant::decode_prefix(&[1, 0, 0, 0, 1, 0, 0, 0, 0xff], &Config::default()).unwrap();
    /// assert_eq!((v, used), (Variant::Bool(true), 8));
    /// ```
    pub fn decode_prefix(bytes: &[u8], cfg: &Config) -> Result<(Variant, usize)> {
        decode_prefix(bytes, cfg).map_err(|e| e.hinted(bytes))
    }

    /// Encodes the value as `var_to_bytes` (or `var_to_bytes_with_objects` when objects are allowed) would.
    ///
    /// ```
    /// use godot_bin::{Config, Variant};
    /// // Godot 4.6 var_to_bytes(1.5), tests/fixtures/godot-4.6/values.tsv "float_1_5":
    /// assert_eq!(Variant::Float(1.5).encode(&Config::default()).unwrap(), [3, 0, 0, 0, 0, 0, 0xc0, 0x3f]);
    /// ```
    pub fn encode(&self, cfg: &Config) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.encode_into(&mut out, cfg)?;
        Ok(out)
    }

    /// Appends the encoded value to `out`, a `Vec<u8>` or a `bytes::BytesMut` ([`Output`]), writing
    /// straight into it. On error `out` holds what was written before the error.
    ///
    /// ```
    /// use godot_bin::{Config, Variant};
    /// let (cfg, mut out) = (Config::default(), Vec::new());
    /// Variant::Int(1).encode_into(&mut out, &cfg)?;
    /// Variant::from("a").encode_into(&mut out, &cfg)?;
    /// let (first, used) = Variant::decode_prefix(&out, &cfg)?;
    /// assert_eq!(first, Variant::Int(1));
    /// assert_eq!(Variant::decode(&out[used..], &cfg)?, Variant::from("a"));
    /// // The same bytes straight into a BytesMut:
    /// let mut buf = bytes::BytesMut::with_capacity(64);
    /// Variant::Int(1).encode_into(&mut buf, &cfg)?;
    /// Variant::from("a").encode_into(&mut buf, &cfg)?;
    /// assert_eq!(&buf[..], &out[..]);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn encode_into<O: Output>(&self, out: &mut O, cfg: &Config) -> Result<()> {
        encode_into(self, out, cfg)
    }
}

/// Godot 2.1 `Image::FORMAT_MAX`.
const GODOT2_IMAGE_FORMATS: u32 = 23;

pub(crate) fn decode_prefix(bytes: &[u8], cfg: &Config) -> Result<(Variant, usize)> {
    let mut d = Decoder::new(bytes, cfg);
    let v = d.value(0)?;
    Ok((v, d.r.pos()))
}

pub(crate) fn encode_into<O: Output>(v: &Variant, out: &mut O, cfg: &Config) -> Result<()> {
    Encoder::new(cfg, out).value(v, 0)
}

/// How a real of a math type is stored in memory for this config (see `markers` docs).
#[derive(Clone, Copy)]
struct RealMode {
    /// The wire may say f64 with the header flag (Godot 4).
    flag_allowed: bool,
    /// `real_t` is f64.
    double: bool,
}

impl RealMode {
    /// Turns a wire f32 into the stored f64.
    #[inline]
    fn stored_from_f32(self, x: f32) -> f64 {
        if self.double {
            widen_like_engine(x)
        } else {
            widen_exact(x)
        }
    }

    /// Turns a wire f64 into the stored f64.
    #[inline]
    fn stored_from_f64(self, x: f64) -> f64 {
        if self.double {
            x
        } else {
            widen_exact(narrow_like_engine(x))
        }
    }
}

/// Decodes values from a byte slice.
pub(crate) struct Decoder<'a, 'c> {
    pub(crate) r: Reader<'a>,
    cfg: &'c Config,
    d: Dialect,
    /// `d.table()`: type id -> kind, looked up once.
    table: &'static [TypeKind],
    godot2: bool,
    real: RealMode,
    utf8: Utf8Rule,
    /// Bytes promised to the not-yet-started element slots of the open containers (every slot, a value or
    /// an object property's name, takes at least 4 bytes). A new count must fit in what is left after
    /// them, so the capacity reserved by all open containers together never exceeds the input.
    promised: usize,
}

/// What a [`Decoder`] keeps of its dialect, the same for every call: looked up per dialect in
/// [`DIALECT_READING`] rather than worked out from the dialect each time a decoder is made.
#[derive(Clone, Copy)]
struct DialectReading {
    /// `Dialect::table`.
    table: &'static [TypeKind],
    /// The dialect is Godot 2's.
    godot2: bool,
    /// `Dialect::math_flag`.
    math_flag: bool,
    /// How the dialect's engine reads a string's bytes.
    utf8: Utf8Rule,
}

impl DialectReading {
    const fn of(d: Dialect) -> Self {
        DialectReading {
            table: d.table(),
            godot2: matches!(d.family(), Family::Godot2),
            math_flag: d.math_flag(),
            utf8: match d {
                Dialect::Godot2 => Utf8Rule::Lossy,
                Dialect::Godot3 | Dialect::Pandemonium3_5 => Utf8Rule::Godot3,
                _ => Utf8Rule::Strict,
            },
        }
    }
}

/// [`DialectReading`] of every dialect (index: `Dialect as usize`), built at compile time.
static DIALECT_READING: [DialectReading; Dialect::ALL.len()] = crate::dialect::per_dialect!(DialectReading::of);

impl<'a, 'c> Decoder<'a, 'c> {
    #[inline]
    pub(crate) fn new(bytes: &'a [u8], cfg: &'c Config) -> Self {
        let d = cfg.dialect();
        // One load of the dialect's facts (built at compile time) instead of a match per fact.
        let p = &DIALECT_READING[d as usize];
        Decoder {
            r: Reader::new(bytes),
            cfg,
            d,
            table: p.table,
            godot2: p.godot2,
            real: RealMode { flag_allowed: p.math_flag, double: cfg.is_double_precision() },
            promised: 0,
            utf8: p.utf8,
        }
    }

    /// Whether reals are read for a double-precision build (`Config::is_double_precision`, kept in the
    /// decoder: no look-up through the config).
    #[inline]
    pub(crate) fn double_precision(&self) -> bool {
        self.real.double
    }

    /// The configuration being read with.
    #[inline]
    pub(crate) fn cfg(&self) -> &'c Config {
        self.cfg
    }

    /// The dialect being read.
    pub(crate) fn dialect(&self) -> Dialect {
        self.d
    }

    /// A value's header: its kind and flag bits. A plain one (not Godot 2, a known type id) is read here,
    /// without the error path's `Result` of [`Decoder::header`], which is slower to hand back.
    #[inline(always)]
    pub(crate) fn value_header(&mut self) -> Result<(TypeKind, u32)> {
        if !self.godot2 {
            if let Some(b) = self.r.rest().first_chunk::<4>() {
                let h = u32::from_le_bytes(*b);
                if let Some(&k) = self.table.get((h & TYPE_MASK) as usize) {
                    self.r.skip_lenient(4);
                    return Ok((k, h & 0xFFFF_0000));
                }
            }
        }
        let (kind, flags, _) = self.header()?;
        Ok((kind, flags))
    }

    /// The next value's header as [`Decoder::value_header`] reads a plain one, not read; `None` for any other.
    #[inline(always)]
    fn peek_header(&self) -> Option<(TypeKind, u32)> {
        if self.godot2 {
            return None;
        }
        let h = u32::from_le_bytes(*self.r.rest().first_chunk::<4>()?);
        let k = *self.table.get((h & TYPE_MASK) as usize)?;
        Some((k, h & 0xFFFF_0000))
    }

    /// The next `N` bytes, read in place; short input goes to [`Reader::array`] for its error.
    #[inline(always)]
    fn bytes<const N: usize>(&mut self) -> Result<[u8; N]> {
        match self.r.rest().first_chunk::<N>() {
            Some(&b) => {
                self.r.skip_lenient(N);
                Ok(b)
            }
            None => self.r.array::<N>(),
        }
    }

    /// Reads a header: returns (kind, flags, offset of the header).
    pub(crate) fn header(&mut self) -> Result<(TypeKind, u32, usize)> {
        let at = self.r.pos();
        let h = self.r.u32()?;
        let d = self.d;
        if self.godot2 {
            // Godot 2 compares the whole header with VARIANT_MAX.
            return match d.type_kind(h) {
                Some(k) => Ok((k, 0, at)),
                None if h < 256 => Err(Error::at(ErrorKind::UnknownType { id: h, dialect: d }, at)),
                None => Err(Error::at(ErrorKind::InvalidHeader { header: h, dialect: d }, at)),
            };
        }
        // Godot 3, 4 and Pandemonium read the type from the low byte only (bits 8-15 are ignored, seen on
        // 3.2.3, 3.6 and 4.6) and ignore flag bits a type does not use.
        let id = h & TYPE_MASK;
        match self.table.get(id as usize) {
            Some(&k) => Ok((k, h & 0xFFFF_0000, at)),
            None => Err(Error::at(ErrorKind::UnknownType { id, dialect: d }, at)),
        }
    }

    /// A string field as owned text: [`Decoder::text`], else (errors included) [`Decoder::str_cow`].
    fn string(&mut self) -> Result<String> {
        match self.text() {
            Some(s) => Ok(s.to_owned()),
            None => self.str_cow().map(|c| c.into_owned()),
        }
    }

    /// A string field whose text is valid UTF-8 once cut as every engine cuts it (at the first NUL inside
    /// the declared length, then past a leading byte order mark: [`godot_str`]'s rule), borrowed from the
    /// input; not Godot 2. `None`, with nothing read, for anything else: [`Decoder::str_cow`] then reads it
    /// (its errors, its other UTF-8 rules). One pass for the NUL, one for UTF-8, the length read in place.
    #[inline(always)]
    fn text(&mut self) -> Option<&'a str> {
        let (b, padded) = self.string_field()?;
        let t = if padded_has_nul(padded, b.len()) { b.split(|&c| c == 0).next().unwrap_or_default() } else { b };
        let t = t.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(t);
        let t = utf8(t)?;
        self.r.skip_lenient(4 + padded.len());
        Some(t)
    }

    /// The next string field's bytes and its bytes with their padding, not read, when they are all there
    /// (not Godot 2, which reads its own way).
    #[inline(always)]
    fn string_field(&self) -> Option<(&'a [u8], &'a [u8])> {
        if self.godot2 {
            return None;
        }
        let (head, tail) = self.r.rest().split_first_chunk::<4>()?;
        let raw = u32::from_le_bytes(*head);
        let len = raw as usize;
        let total = len + pad_len(len);
        if raw > i32::MAX as u32 || total > tail.len() {
            return None;
        }
        Some((&tail[..len], &tail[..total]))
    }

    /// A dictionary key's text, as [`Decoder::string`] reads it, with its [`key_bit`]. A key whose bytes are
    /// those of a text this decode already validated (an earlier key with the same [`text_slot`], whose text
    /// was its bytes unchanged) is copied from that text, not validated again: a dictionary's keys mostly
    /// repeat its siblings'.
    #[inline(always)]
    fn key_string(&mut self, known: &mut [&'a str; TEXT_SLOTS]) -> Result<(String, u64)> {
        if let Some((b, padded)) = self.string_field() {
            let mix = text_mix(b);
            let slot = (mix >> 59) as usize;
            if known[slot].as_bytes() == b {
                self.r.skip_lenient(4 + padded.len());
                return Ok((owned(known[slot]), 1 << (mix >> 58)));
            }
            if let Some(t) = self.text() {
                if t.len() == b.len() {
                    known[slot] = t;
                }
                return Ok((t.to_owned(), key_bit(t)));
            }
        }
        let k = self.string()?;
        let bit = key_bit(&k);
        Ok((k, bit))
    }

    /// A string field that reads as its bytes (no NUL, no byte order mark, valid UTF-8; not Godot 2),
    /// borrowed from the input; `None`, with nothing read, for anything else ([`Decoder::str_cow`] then
    /// reads it, errors included). Returned in registers, not through memory as a `Result<Cow>` is.
    #[inline]
    pub(crate) fn plain_str(&mut self) -> Option<&'a str> {
        if self.godot2 {
            return None;
        }
        let mut p = self.r.clone();
        let (b, _) = p.string_bytes().ok()?;
        if has_nul(b) || b.starts_with(b"\xEF\xBB\xBF") {
            return None;
        }
        let t = utf8(b)?;
        self.r = p;
        Some(t)
    }

    /// A string field, borrowed from the input when possible.
    pub(crate) fn str_cow(&mut self) -> Result<std::borrow::Cow<'a, str>> {
        if self.d.family() == Family::Godot2 {
            // Godot 2 only checks that the bytes (not the padding) are there.
            let at = self.r.pos();
            let len = self.r.u32()?;
            if len as usize > self.r.remaining() {
                return Err(Error::at(ErrorKind::InvalidLength { value: len as u64 }, at));
            }
            let start = self.r.pos();
            let bytes = self.r.take(len as usize)?;
            self.r.skip_lenient(pad_len(len as usize));
            return godot_str(bytes, self.utf8, start);
        }
        let (bytes, start) = self.r.string_bytes()?;
        godot_str(bytes, self.utf8, start)
    }

    pub(crate) fn reals<T: Reals>(&mut self, wide: bool) -> Result<T> {
        let mut buf = [0f64; 16];
        let n = T::N;
        if wide {
            let b = self.r.take(n * 8)?;
            for (o, c) in buf[..n].iter_mut().zip(b.chunks_exact(8)) {
                *o = self.real.stored_from_f64(f64::from_le_bytes(c.try_into().unwrap()));
            }
        } else {
            let b = self.r.take(n * 4)?;
            for (o, c) in buf[..n].iter_mut().zip(b.chunks_exact(4)) {
                *o = self.real.stored_from_f32(f32::from_le_bytes(c.try_into().unwrap()));
            }
        }
        Ok(T::from_reals(&buf[..n]))
    }

    pub(crate) fn is_wide(&self, flags: u32) -> bool {
        self.real.flag_allowed && flags & FLAG_64 != 0
    }

    fn i32s<const N: usize>(&mut self) -> Result<[i32; N]> {
        let mut a = [0i32; N];
        for x in a.iter_mut() {
            *x = self.r.i32()?;
        }
        Ok(a)
    }

    pub(crate) fn color(&mut self) -> Result<Color> {
        let b = self.r.take(16)?;
        let f = |i: usize| f32::from_le_bytes(b[i * 4..i * 4 + 4].try_into().unwrap());
        Ok(Color::new(f(0), f(1), f(2), f(3)))
    }

    /// A PackedByteArray's payload (after its header), borrowed.
    pub(crate) fn packed_bytes(&mut self) -> Result<&'a [u8]> {
        let n = self.packed_count(1)?;
        let b = self.r.take(n)?;
        // Engines accept a missing final padding.
        self.r.skip_lenient(pad_len(n));
        Ok(b)
    }

    /// A PackedStringArray's count (after its header): the strings follow.
    pub(crate) fn string_array_count(&mut self) -> Result<usize> {
        // The engines read the count signed and make a negative one an empty array.
        let at = self.r.pos();
        let raw = self.r.u32()?;
        let n = if raw > i32::MAX as u32 { 0 } else { raw as usize };
        if n.saturating_mul(4) > self.r.remaining() {
            return Err(Error::at(ErrorKind::InvalidLength { value: raw as u64 }, at));
        }
        Ok(n)
    }

    /// A packed array count: Godot 3+ checks it is non-negative and that the elements fit.
    pub(crate) fn packed_count(&mut self, elem: usize) -> Result<usize> {
        self.r.count(u32::MAX, elem)
    }

    pub(crate) fn check_depth(&self, depth: usize, at: usize) -> Result<()> {
        check_depth!(self.cfg, depth, |k| Error::at(k, at));
        Ok(())
    }

    /// Decodes one value. Nesting is walked with an explicit stack on the heap, so no input and no depth
    /// limit can exhaust the thread's stack; the stack's size is bounded by the depth limit.
    ///
    /// A value that holds no others is written straight into the slot its container has for it (an array
    /// element, a dictionary key or value, an object property), not returned and moved there: moving a
    /// freshly written `Variant` through the stack stalled on store forwarding.
    pub(crate) fn value(&mut self, base_depth: usize) -> Result<Variant> {
        let mut stack: Vec<Frame> = Vec::new();
        // Dictionary keys' texts met so far (`Decoder::key_string`), from the first plain String key (a value
        // with no dictionary does not fill them in).
        let mut known: Option<[&'a str; TEXT_SLOTS]> = None;
        'slots: loop {
            // Object properties are preceded by their name.
            if let Some(Frame::Object { pending_name, .. }) = stack.last_mut() {
                self.start_slot();
                *pending_name = Some(self.string()?);
            }
            if !stack.is_empty() {
                self.start_slot();
            }
            let at = self.r.pos();
            let (kind, flags) = self.value_header()?;
            let depth = base_depth + stack.len();
            self.check_depth(depth, at)?;
            let (mut done, mut done_hash) = if kind.is_container() {
                match self.open(kind, flags, at)? {
                    Opened::Frame(mut f) => {
                        if stack.last().is_some_and(Frame::child_in_key) {
                            f.start_hash();
                        }
                        stack.push(f);
                        continue;
                    }
                    Opened::Value(v) => (v, None),
                }
            } else {
                match stack.last_mut() {
                    None => {
                        let mut v = Variant::Nil;
                        self.leaf(kind, flags, &mut v)?;
                        return Ok(v);
                    }
                    // The commonest child: a String key of a plain dictionary, read straight into a new entry.
                    Some(Frame::Dictionary {
                        b,
                        phase: phase @ DictPhase::Key,
                        key_type: ContainerType::Untyped,
                        hash: None,
                        left,
                        ..
                    }) if kind == TypeKind::String => {
                        // This entry and, in this tight loop, every next one that is a String key and a value
                        // that holds no others: what the general path would do for them, less its dispatch
                        // (this level's depth is checked; a slot not taken is left unread for the general path).
                        let known = known.get_or_insert([""; TEXT_SLOTS]);
                        loop {
                            let (k, bit) = self.key_string(known)?;
                            let i = b.string_key(k, bit);
                            *phase = DictPhase::Value(i);
                            let Some((kind, flags)) = self.peek_header().filter(|(k, _)| !k.is_container()) else {
                                continue 'slots;
                            };
                            self.start_slot();
                            self.r.skip_lenient(4);
                            self.leaf_inline(kind, flags, b.value_slot(i))?;
                            *phase = DictPhase::Key;
                            *left -= 1;
                            if *left == 0 {
                                break stack.pop().map(Frame::finish).unwrap_or_default();
                            }
                            if self.peek_header().is_none_or(|(k, _)| k != TypeKind::String) {
                                continue 'slots;
                            }
                            self.start_slot();
                            self.r.skip_lenient(4);
                        }
                    }
                    // A dictionary's value that holds no others, read straight into its entry.
                    Some(Frame::Dictionary { b, phase: phase @ DictPhase::Value(_), hash: None, left, .. }) => {
                        let DictPhase::Value(i) = *phase else { continue };
                        self.leaf_inline(kind, flags, b.value_slot(i))?;
                        *phase = DictPhase::Key;
                        *left -= 1;
                        if *left != 0 {
                            continue;
                        }
                        stack.pop().map(Frame::finish).unwrap_or_default()
                    }
                    Some(f) => {
                        self.leaf_inline(kind, flags, f.slot())?;
                        if kind.is_engine_packed() && f.converted_len() > 0 {
                            // It becomes an Array whose items sit one level deeper: held to the limit as the
                            // encoder holds them, so that what decodes under a config encodes under it.
                            self.check_depth(depth + 1, at)?;
                        }
                        if !f.filled(None) {
                            continue;
                        }
                        stack.pop().map(Frame::finish).unwrap_or_default()
                    }
                }
            };
            // Hand the finished container to its parent; close every parent it completes.
            loop {
                match stack.last_mut() {
                    None => return Ok(done),
                    Some(f) => {
                        put(f.slot(), done);
                        if !f.filled(done_hash) {
                            break;
                        }
                        (done, done_hash) = stack.pop().map(Frame::finish).unwrap_or_default();
                    }
                }
            }
        }
    }

    /// Reads the head of an object or container: a finished value (a null object, an object by id, an
    /// empty container), or the frame of a container with children to come.
    fn open(&mut self, kind: TypeKind, flags: u32, at: usize) -> Result<Opened> {
        use TypeKind as K;
        let frame = match kind {
            K::Object => match self.object_head(flags, at)? {
                // A null object (id 0, or no class name) is what every 3.x/4.x engine writes back as a
                // bare NIL, so it decodes as Nil: decoding is then a fixed point. Godot 2 keeps its header.
                Ok(Object::Null) if self.d.family() != Family::Godot2 => return Ok(Opened::Value(Variant::Nil)),
                Ok(o) => return Ok(Opened::Value(Variant::Object(Box::new(o)))),
                Err((class, n)) => {
                    Frame::Object { class, properties: Vec::with_capacity(n), left: n, pending_name: None, hash: None }
                }
            },
            K::Dictionary => {
                let (k, v) = dict_type_bits(flags);
                // No type bits (a plain dictionary): untyped, with no call.
                let (key_type, value_type) = if (k, v) != (0, 0) && self.d.typed_dictionaries() {
                    (self.container_type(k)?, self.container_type(v)?)
                } else {
                    (ContainerType::Untyped, ContainerType::Untyped)
                };
                let (n, shared) = self.container_count(2)?;
                Frame::Dictionary {
                    b: DictBuilder::with_capacity(n, self.d),
                    rule: self.admit_rule(),
                    key_type,
                    value_type,
                    shared,
                    left: n,
                    phase: DictPhase::Key,
                    discarded: Variant::Nil,
                    hash: None,
                }
            }
            K::Array => {
                let element_type = if array_type_bits(flags) != 0 && self.d.typed_arrays() {
                    self.container_type(array_type_bits(flags))?
                } else {
                    ContainerType::Untyped
                };
                let (n, shared) = self.container_count(1)?;
                let a = Array { items: Vec::with_capacity(n), element_type, shared };
                Frame::Array { a, packed: false, left: n, rule: self.admit_rule(), hash: None }
            }
            K::TypedArray | K::PackedTypedArray => {
                let element_type = self.pandemonium_element_type(flags, at)?;
                let (n, _) = self.container_count(1)?;
                let a = Array { items: Vec::with_capacity(n), element_type, shared: false };
                Frame::Array {
                    a,
                    packed: kind == K::PackedTypedArray,
                    left: n,
                    rule: AdmitRule::Pandemonium,
                    hash: None,
                }
            }
            _ => return Err(Error::invalid("a leaf decoded as a container", Some(at))),
        };
        Ok(if frame.is_complete() { Opened::Value(frame.finish().0) } else { Opened::Frame(frame) })
    }

    /// A value that holds no other values, written into `out`.
    #[inline(never)]
    pub(crate) fn leaf(&mut self, kind: TypeKind, flags: u32, out: &mut Variant) -> Result<()> {
        self.leaf_inline(kind, flags, out)
    }

    /// [`Decoder::leaf`] inlined: what the decode loop calls for a container's child, saving a call per
    /// leaf (a dictionary key is one).
    #[inline(always)]
    fn leaf_inline(&mut self, kind: TypeKind, flags: u32, out: &mut Variant) -> Result<()> {
        use TypeKind as K;
        use Variant as V;
        let wide = self.is_wide(flags);
        let has_flags = self.d.has_flags();
        let v = match kind {
            K::Nil => V::Nil,
            K::Bool => V::Bool(u32::from_le_bytes(self.bytes()?) != 0),
            K::Int => {
                if has_flags && flags & FLAG_64 != 0 {
                    V::Int(i64::from_le_bytes(self.bytes()?))
                } else {
                    V::Int(i32::from_le_bytes(self.bytes()?) as i64)
                }
            }
            K::Float => {
                if has_flags && flags & FLAG_64 != 0 {
                    V::Float(f64::from_le_bytes(self.bytes()?))
                } else {
                    V::Float(widen_like_engine(f32::from_le_bytes(self.bytes()?)))
                }
            }
            K::String => V::String(self.string()?),
            K::StringName => V::StringName(StringName(self.string()?)),
            K::Vector2 => V::Vector2(self.reals(wide)?),
            K::Rect2 => V::Rect2(self.reals(wide)?),
            K::Vector3 => V::Vector3(self.reals(wide)?),
            K::Transform2D => V::Transform2D(Box::new(self.reals(wide)?)),
            K::Vector4 => V::Vector4(self.reals(wide)?),
            K::Plane => V::Plane(self.reals(wide)?),
            K::Quaternion => V::Quaternion(self.reals(wide)?),
            K::Aabb => V::Aabb(Box::new(self.reals(wide)?)),
            K::Basis => V::Basis(Box::new(self.reals(wide)?)),
            K::Transform3D => V::Transform3D(Box::new(self.reals(wide)?)),
            K::Projection => V::Projection(Box::new(self.reals(wide)?)),
            K::Vector2i => {
                let [x, y] = self.i32s()?;
                V::Vector2i(Vector2i::new(x, y))
            }
            K::Rect2i => {
                let [a, b, c, d] = self.i32s()?;
                V::Rect2i(Rect2i::new(Vector2i::new(a, b), Vector2i::new(c, d)))
            }
            K::Vector3i => {
                let [x, y, z] = self.i32s()?;
                V::Vector3i(Vector3i::new(x, y, z))
            }
            K::Vector4i => {
                let [x, y, z, w] = self.i32s()?;
                V::Vector4i(Vector4i::new(x, y, z, w))
            }
            K::Color => V::Color(self.color()?),
            K::NodePath => V::NodePath(Box::new(self.node_path()?)),
            K::Rid => {
                if self.d.rid_payload() {
                    V::Rid(Rid(self.r.u64()?))
                } else {
                    V::Rid(Rid(0))
                }
            }
            K::Callable => V::Callable,
            K::Signal => {
                let name = self.string()?;
                let object = self.r.u64()?;
                V::Signal(Signal { name, object })
            }
            K::PackedByteArray => V::PackedByteArray(self.packed_bytes()?.to_vec()),
            K::PackedInt32Array => {
                let n = self.packed_count(4)?;
                let b = self.r.take(n * 4)?;
                V::PackedInt32Array(b.chunks_exact(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect())
            }
            K::PackedInt64Array => {
                let n = self.packed_count(8)?;
                let b = self.r.take(n * 8)?;
                V::PackedInt64Array(b.chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().unwrap())).collect())
            }
            K::PackedFloat32Array => {
                let n = self.packed_count(4)?;
                let b = self.r.take(n * 4)?;
                V::PackedFloat32Array(b.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect())
            }
            K::PackedFloat64Array => {
                let n = self.packed_count(8)?;
                let b = self.r.take(n * 8)?;
                V::PackedFloat64Array(b.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect())
            }
            K::PackedStringArray => {
                let n = self.string_array_count()?;
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    v.push(self.string()?);
                }
                V::PackedStringArray(v)
            }
            K::PackedVector2Array => V::PackedVector2Array(self.packed_reals(wide)?),
            K::PackedVector3Array => V::PackedVector3Array(self.packed_reals(wide)?),
            K::PackedVector4Array => V::PackedVector4Array(self.packed_reals(wide)?),
            K::PackedColorArray => {
                let n = self.packed_count(16)?;
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    v.push(self.color()?);
                }
                V::PackedColorArray(v)
            }
            K::PackedVector2iArray => {
                let n = self.packed_count(8)?;
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    let [x, y] = self.i32s()?;
                    v.push(Vector2i::new(x, y));
                }
                V::PackedVector2iArray(v)
            }
            K::PackedVector3iArray => {
                let n = self.packed_count(12)?;
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    let [x, y, z] = self.i32s()?;
                    v.push(Vector3i::new(x, y, z));
                }
                V::PackedVector3iArray(v)
            }
            K::PackedVector4iArray => {
                let n = self.packed_count(16)?;
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    let [x, y, z, w] = self.i32s()?;
                    v.push(Vector4i::new(x, y, z, w));
                }
                V::PackedVector4iArray(v)
            }
            K::Image => V::Image(Box::new(self.image()?)),
            K::InputEvent => V::InputEvent(self.input_event()?),
            K::Object | K::Dictionary | K::Array | K::TypedArray | K::PackedTypedArray => {
                return Err(Error::invalid("container decoded as a leaf", None))
            }
        };
        put(out, v);
        Ok(())
    }

    fn packed_reals<T: Reals>(&mut self, wide: bool) -> Result<Vec<T>> {
        let size = T::N * if wide { 8 } else { 4 };
        let n = self.packed_count(size)?;
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            v.push(self.reals(wide)?);
        }
        Ok(v)
    }

    fn node_path(&mut self) -> Result<NodePath> {
        let at = self.r.pos();
        let first = self.r.u32()?;
        if first & 0x8000_0000 == 0 {
            // The pre-2.0 format: a byte length and the path text, no padding.
            if self.d.family() != Family::Godot2 {
                return Err(Error::invalid("old-format NodePath (rejected since Godot 3.1)", Some(at)));
            }
            let len = first as usize;
            let start = self.r.pos();
            let bytes = self.r.take(len).map_err(|_| Error::at(ErrorKind::InvalidLength { value: len as u64 }, at))?;
            let s = godot_str(bytes, self.utf8, start)?;
            return Ok(NodePath::parse_godot2(&s));
        }
        let names = first & 0x7FFF_FFFF;
        let sub_at = self.r.pos();
        let subnames = self.r.u32()?;
        let flags = self.r.u32()?;
        // The engines add the counts in wrapping 32-bit arithmetic and read that many strings, the first
        // `names` of them names, the rest subnames (bit 1 adds Godot 2's property as one more).
        let total = names.wrapping_add(subnames).wrapping_add(flags >> 1 & 1) as i32;
        if total < 0 || (total as usize).saturating_mul(4) > self.r.remaining() {
            return Err(Error::at(ErrorKind::InvalidLength { value: total as u64 }, sub_at));
        }
        let total = total as usize;
        let mut p = NodePath { absolute: flags & 1 != 0, ..Default::default() };
        for i in 0..total {
            let s = self.string()?;
            if i < names as usize {
                p.names.push(s);
            } else {
                p.subnames.push(s);
            }
        }
        if flags & 2 != 0 && self.d.family() == Family::Godot2 && total > names as usize {
            p.property = p.subnames.pop();
        }
        // Godot 3's decoder turns a path with no names and no subnames into the empty path, which is not
        // absolute (seen on 3.2.3 and 3.6: `NodePath("/")` comes back as `NodePath("")`); Godot 4 keeps it.
        if p.names.is_empty()
            && p.subnames.is_empty()
            && matches!(self.d.family(), Family::Godot3 | Family::Pandemonium)
        {
            p.absolute = false;
        }
        Ok(p)
    }

    /// A Godot 4 container type description of `kind` (0 none, 1 builtin, 2 class name, 3 script path).
    /// Without `allow_objects` every object kind becomes `EncodedObjectAsID`, as in the engine.
    fn container_type(&mut self, kind: u32) -> Result<ContainerType> {
        let objects = self.cfg.objects_allowed();
        let as_id = || ContainerType::Class(crate::codec::admit::ENCODED_OBJECT_AS_ID.to_owned());
        Ok(match kind {
            0 => ContainerType::Untyped,
            1 => {
                let at = self.r.pos();
                let id = self.r.u32()?;
                match self.d.type_kind(id) {
                    Some(TypeKind::Nil) => ContainerType::Untyped,
                    Some(TypeKind::Object) if !objects => as_id(),
                    Some(k) => ContainerType::Builtin(k),
                    None => return Err(Error::at(ErrorKind::UnknownType { id, dialect: self.d }, at)),
                }
            }
            2 => {
                let class = self.string()?;
                match objects {
                    false => as_id(),
                    // No class name: any object (re-encoded by the engine as builtin OBJECT).
                    true if class.is_empty() => ContainerType::Builtin(TypeKind::Object),
                    true => ContainerType::Class(class),
                }
            }
            _ => {
                let at = self.r.pos();
                let path = self.string()?;
                match objects {
                    false => as_id(),
                    // The engine loads the script: it must at least be a resource path.
                    true if !path.starts_with("res://") => {
                        return Err(Error::invalid("typed container script is not a res:// path", Some(at)))
                    }
                    true => ContainerType::Script(path),
                }
            }
        })
    }

    /// An Array/Dictionary element count: bit 31 is Godot 2's "shared" flag, masked off everywhere.
    /// `slots_per_element`: 1 for arrays, 2 for dictionaries (key and value).
    pub(crate) fn container_count(&mut self, slots_per_element: usize) -> Result<(usize, bool)> {
        let at = self.r.pos();
        let raw = self.r.u32()?;
        let n = (raw & 0x7FFF_FFFF) as usize;
        self.promise(n, slots_per_element, at, raw)?;
        Ok((n, raw & SHARED_BIT != 0 && self.d.family() == Family::Godot2))
    }

    /// Checks that `n` elements of `slots` slots each (4+ bytes a slot) fit in the input left after what
    /// open containers already need, and promises their bytes.
    #[inline]
    pub(crate) fn promise(&mut self, n: usize, slots: usize, at: usize, raw: u32) -> Result<()> {
        let need = self.check_promise(n, slots, at, raw)?;
        self.add_promise(need);
        Ok(())
    }

    /// Promises `need` bytes that [`Decoder::check_promise`] found room for.
    #[inline]
    pub(crate) fn add_promise(&mut self, need: usize) {
        self.promised += need;
    }

    /// [`Decoder::promise`]'s check alone: whether `n` elements of `slots` slots each fit, nothing promised;
    /// the bytes they need.
    #[inline]
    pub(crate) fn check_promise(&self, n: usize, slots: usize, at: usize, raw: u32) -> Result<usize> {
        let need = n.saturating_mul(slots).saturating_mul(4);
        if need > self.r.remaining().saturating_sub(self.promised) {
            return Err(too_long(raw, at));
        }
        Ok(need)
    }

    /// A promised slot starts being read: its bytes now count in the reader's position.
    #[inline]
    pub(crate) fn start_slot(&mut self) {
        self.promised = self.promised.saturating_sub(4);
    }

    fn admit_rule(&self) -> AdmitRule {
        if self.d.family() == Family::Godot4 {
            AdmitRule::Godot4 { double: self.cfg.is_double_precision() }
        } else {
            AdmitRule::Any
        }
    }

    /// An object's head: a finished object (null, by id), or a full object's class and property count.
    fn object_head(&mut self, flags: u32, at: usize) -> Result<std::result::Result<Object, (String, usize)>> {
        if self.d.family() == Family::Godot2 {
            return Ok(Ok(Object::Null));
        }
        if flags & FLAG_64 != 0 {
            let id = self.r.u64()?;
            return Ok(Ok(if id == 0 { Object::Null } else { Object::InstanceId(id) }));
        }
        if !self.cfg.objects_allowed() {
            return Err(Error::at(ErrorKind::ObjectsNotAllowed, at));
        }
        let class = self.string()?;
        if class.is_empty() {
            return Ok(Ok(Object::Null));
        }
        // Each property is a name (4+ bytes) and a value (4+ bytes). A negative count means none.
        let at = self.r.pos();
        let raw = self.r.u32()?;
        let n = if raw > i32::MAX as u32 { 0 } else { raw as usize };
        self.promise(n, 2, at, raw)?;
        Ok(Err((class, n)))
    }

    /// The element type of a Pandemonium 5 TypedArray / PackedTypedArray: a type id, and for objects in
    /// full-object mode a StringName value with the class name.
    fn pandemonium_element_type(&mut self, flags: u32, at: usize) -> Result<ContainerType> {
        let tat = self.r.pos();
        let id = self.r.u32()? & 0x7FFF_FFFF;
        let kind =
            self.d.type_kind(id).ok_or_else(|| Error::at(ErrorKind::UnknownType { id, dialect: self.d }, tat))?;
        if kind != TypeKind::Object {
            return Ok(ContainerType::Builtin(kind));
        }
        // Objects by id: the engine types the array EncodedObjectAsID, whatever allow_objects says.
        if flags & FLAG_64 != 0 {
            return Ok(ContainerType::Class(crate::codec::admit::ENCODED_OBJECT_AS_ID.to_owned()));
        }
        let (k, _, _) = self.header()?;
        if !matches!(k, TypeKind::StringName | TypeKind::String) {
            return Err(Error::invalid("TypedArray class name is not a StringName", Some(at)));
        }
        let class = self.string()?;
        Ok(if !self.cfg.objects_allowed() {
            // Without objects the array can only ever be written (and read) by id: EncodedObjectAsID, as
            // Godot 4 does. This changes no bytes and keeps decoding a fixed point.
            ContainerType::Class(crate::codec::admit::ENCODED_OBJECT_AS_ID.to_owned())
        } else if class.is_empty() {
            // The engine sets no class for an empty name.
            ContainerType::Builtin(TypeKind::Object)
        } else {
            ContainerType::Class(class)
        })
    }

    fn image(&mut self) -> Result<Image> {
        let at = self.r.pos();
        let format = self.r.u32()?;
        if format >= GODOT2_IMAGE_FORMATS {
            return Err(Error::invalid("Image format out of range", Some(at)));
        }
        let mipmaps = self.r.u32()?;
        let width = self.r.u32()?;
        let height = self.r.u32()?;
        let len_at = self.r.pos();
        let len = self.r.u32()? as usize;
        if len > self.r.remaining() {
            return Err(Error::at(ErrorKind::InvalidLength { value: len as u64 }, len_at));
        }
        let data = self.r.take(len)?.to_vec();
        self.r.skip_lenient(pad_len(len));
        if data.is_empty() {
            return Ok(Image::default());
        }
        Ok(Image { format, mipmaps, width, height, data })
    }

    fn input_event(&mut self) -> Result<InputEvent> {
        let t = self.r.u32()?;
        let device = self.r.u32()?;
        let _total_len = self.r.u32()?;
        let data = match t {
            0 => InputEventData::None,
            1 => InputEventData::Key { modifiers: self.r.u32()?, scancode: self.r.u32()? },
            2 => InputEventData::MouseMotion,
            3 => InputEventData::MouseButton { button_index: self.r.u32()? },
            4 => InputEventData::JoystickMotion { axis: self.r.u32()?, value_bits: self.r.u32()? },
            5 => InputEventData::JoystickButton { button_index: self.r.u32()? },
            6 => InputEventData::ScreenTouch { index: self.r.u32()? },
            7 => InputEventData::ScreenDrag,
            8 => InputEventData::Action,
            other => InputEventData::Other(other),
        };
        Ok(InputEvent { device, data })
    }
}

/// Which engine's rules a typed container applies to what is put in it.
#[derive(Clone, Copy)]
enum AdmitRule {
    /// No typed containers (Godot 2, 3, Pandemonium before 5): everything is kept.
    Any,
    /// Godot 4.3+: strict conversions, else dropped.
    Godot4 { double: bool },
    /// Pandemonium 5: exact type only.
    Pandemonium,
}

impl AdmitRule {
    fn admit(self, t: &ContainerType, v: Variant) -> Option<Variant> {
        match self {
            _ if t.is_untyped() => Some(v),
            AdmitRule::Any => Some(v),
            AdmitRule::Godot4 { double } => crate::codec::admit::godot4_admit(t, v, double),
            AdmitRule::Pandemonium => crate::codec::admit::pandemonium_admit(t, &v).then_some(v),
        }
    }
}

/// Builds a dictionary's entries in insertion order, a repeated key replacing the earlier value in place
/// (as the engines do), in linear time: keys are found by their hashes (`dict_keys`), computed once per
/// key, and no key is ever copied to be indexed.
pub(crate) struct DictBuilder {
    entries: Vec<(Variant, Variant)>,
    /// The lookup-form hash of each entry's key, from the first key the short text path does not take.
    hashes: Option<Vec<u64>>,
    /// Entries by key hash, once the dictionary is past a few entries.
    index: Option<Box<HashIndex>>,
    /// Keys are looked up as the engine compares them (`None` for Godot 2: exact match).
    string_like: Option<bool>,
    /// While every key is a String (the short text path): one bit per [`key_bit`] of the keys so far. A key
    /// whose bit is clear is new without a scan; a set bit only means the scan runs.
    seen: u64,
}

/// A String key's bit in [`DictBuilder::seen`]: from its length and first and last bytes, mixed.
#[inline]
fn key_bit(s: &str) -> u64 {
    1 << (text_mix(s.as_bytes()) >> 58)
}

impl DictBuilder {
    const LINEAR_MAX: usize = 16;

    pub(crate) fn with_capacity(n: usize, d: Dialect) -> Self {
        let string_like = match d.family() {
            Family::Godot2 => None,
            Family::Godot4 => Some(true),
            _ => Some(false),
        };
        DictBuilder { entries: Vec::with_capacity(n), hashes: None, index: None, string_like, seen: 0 }
    }

    /// Adds `k` with `v`; a key already there keeps its place and gets `v`. The key's hash is computed
    /// here when it is needed: a builder that knows it (decoding) uses [`DictBuilder::insert_hashed`].
    pub(crate) fn insert(&mut self, k: Variant, v: Variant) {
        *self.key_slot() = k;
        let i = self.key_done(None);
        *self.value_slot(i) = v;
    }

    /// [`DictBuilder::insert`] for a key whose structural hash (`dict_keys::structural_hash`) may be known
    /// (a container key whose hash its builder made bottom-up); returns the entry's index.
    pub(crate) fn insert_hashed(&mut self, k: Variant, hash: Option<u64>, v: Variant) -> usize {
        *self.key_slot() = k;
        let i = self.key_done(hash);
        *self.value_slot(i) = v;
        i
    }

    /// Opens a new entry and gives its key's place; [`DictBuilder::key_done`] must follow once it is written.
    fn key_slot(&mut self) -> &mut Variant {
        self.entries.push((Variant::Nil, Variant::Nil));
        let last = self.entries.len() - 1;
        &mut self.entries[last].0
    }

    /// Takes back the key of the entry [`DictBuilder::key_slot`] opened.
    fn take_key(&mut self) -> Variant {
        self.entries.pop().map(|(k, _)| k).unwrap_or_default()
    }

    /// The hash a key is looked up by: that of its lookup form (`typed::lookup_key`). `exact` is the key's
    /// structural hash when the caller has it (a container key decoded bottom-up).
    fn lookup_hash(&self, k: &Variant, exact: Option<u64>) -> u64 {
        match (k, self.string_like) {
            // A StringName is looked up as the String of the same text (Godot 4): hashed as that String,
            // without making it.
            (Variant::StringName(s), Some(true)) => {
                let mut h = dict_keys::hasher();
                std::mem::discriminant(&Variant::String(String::new())).hash(&mut h);
                s.0.hash(&mut h);
                h.finish()
            }
            (_, Some(string_like)) => match crate::codec::admit::lookup_key(k, string_like) {
                Some(l) => dict_keys::leaf_hash(&l),
                None => exact.unwrap_or_else(|| dict_keys::structural_hash(k)),
            },
            (_, None) => exact.unwrap_or_else(|| dict_keys::structural_hash(k)),
        }
    }

    /// Whether two keys are one key for the engine.
    fn same_key(&self, a: &Variant, b: &Variant) -> bool {
        let Some(string_like) = self.string_like else { return a == b };
        let la = crate::codec::admit::lookup_key(a, string_like);
        let lb = crate::codec::admit::lookup_key(b, string_like);
        la.as_ref().unwrap_or(a) == lb.as_ref().unwrap_or(b)
    }

    /// The key of the entry [`DictBuilder::key_slot`] opened is written: returns the index of the entry its
    /// value goes to (an earlier one with the same key, the new entry then dropped). `exact`: the key's
    /// structural hash, if the caller computed it.
    #[inline(always)]
    fn key_done(&mut self, exact: Option<u64>) -> usize {
        // A String key whose bit no earlier key has: new, with nothing to compare.
        if let (None, Some(n)) = (&self.hashes, self.entries.len().checked_sub(1)) {
            if let (Variant::String(s), Some(_)) = (&self.entries[n].0, self.string_like) {
                let bit = key_bit(s);
                if n < Self::LINEAR_MAX && self.seen & bit == 0 {
                    self.seen |= bit;
                    return n;
                }
            }
        }
        self.key_lookup(exact)
    }

    /// A String key `k` whose [`key_bit`] is `bit`: adds its entry and returns the index of the entry its
    /// value goes to, as [`DictBuilder::key_done`] does, without looking at the key again.
    #[inline(always)]
    fn string_key(&mut self, k: String, bit: u64) -> usize {
        let n = self.entries.len();
        self.entries.push((Variant::String(k), Variant::Nil));
        if self.hashes.is_none() && self.string_like.is_some() && n < Self::LINEAR_MAX && self.seen & bit == 0 {
            self.seen |= bit;
            return n;
        }
        self.key_lookup(None)
    }

    /// [`DictBuilder::key_done`] for a key that may be a repeat.
    #[inline(never)]
    fn key_lookup(&mut self, exact: Option<u64>) -> usize {
        let Some(n) = self.entries.len().checked_sub(1) else { return 0 };
        if self.hashes.is_none() {
            // The common case, a String key among few entries: compared as text with the String (and, in
            // Godot 4, StringName) keys only, which is what the general lookup below concludes for them.
            if let (Variant::String(s), Some(string_like)) = (&self.entries[n].0, self.string_like) {
                if n < Self::LINEAR_MAX {
                    self.seen |= key_bit(s);
                    let found = self.entries[..n].iter().position(|(ek, _)| match ek {
                        Variant::String(t) => t == s,
                        Variant::StringName(t) => string_like && t.0 == *s,
                        _ => false,
                    });
                    if let Some(i) = found {
                        self.entries.pop();
                        return i;
                    }
                    return n;
                }
            }
            // From here on every key's hash is kept. The keys so far all took the text path: hashing them
            // costs their length.
            let hashes = self.entries[..n].iter().map(|(k, _)| self.lookup_hash(k, None)).collect();
            self.hashes = Some(hashes);
        }
        let h = self.lookup_hash(&self.entries[n].0, exact);
        let Some(hashes) = self.hashes.take() else { return n };
        let (earlier, new) = self.entries.split_at(n);
        let key = &new[0].0;
        let found = if self.index.is_none() && n < Self::LINEAR_MAX {
            (0..n).find(|&i| hashes[i] == h && self.same_key(&earlier[i].0, key))
        } else {
            let mut index = match self.index.take() {
                Some(ix) => ix,
                None => {
                    let mut ix = Box::new(HashIndex::with_capacity(self.entries.capacity()));
                    for (i, &eh) in hashes.iter().enumerate() {
                        ix.find_or_insert(eh, i, |j| self.same_key(&earlier[j].0, &earlier[i].0));
                    }
                    ix
                }
            };
            let found = index.find_or_insert(h, n, |i| self.same_key(&earlier[i].0, key));
            self.index = Some(index);
            found
        };
        let mut hashes = hashes;
        let i = match found {
            Some(i) => {
                self.entries.pop();
                i
            }
            None => {
                hashes.push(h);
                n
            }
        };
        self.hashes = Some(hashes);
        i
    }

    /// The place of entry `i`'s value.
    fn value_slot(&mut self, i: usize) -> &mut Variant {
        let last = self.entries.len() - 1;
        &mut self.entries[i.min(last)].1
    }

    pub(crate) fn finish(self) -> Entries {
        self.entries.into()
    }
}

/// Writes `v` into `place`, which usually holds a nil (a repeated key's value place holds the value it
/// replaces): only a value that is there is dropped, sparing a call to the drop glue for a nil.
#[inline(always)]
fn put(place: &mut Variant, v: Variant) {
    let old = std::mem::replace(place, v);
    if matches!(old, Variant::Nil) {
        std::mem::forget(old);
    } else {
        drop(old);
    }
}

/// Whether `b` holds a zero byte, eight bytes at a time.
#[inline]
fn has_nul(b: &[u8]) -> bool {
    let mut words = b.chunks_exact(8);
    for w in &mut words {
        if has_zero_byte64(u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]])) {
            return true;
        }
    }
    words.remainder().contains(&0)
}

/// `t.to_owned()`, its allocation and copy inlined here (not a call to the generic `RawVec` allocation
/// the decode loop otherwise makes of it).
#[inline(never)]
fn owned(t: &str) -> String {
    t.to_owned()
}

/// How many texts [`Decoder::key_string`] remembers.
const TEXT_SLOTS: usize = 32;

/// A text's length and first and last bytes, mixed: its place among [`TEXT_SLOTS`] is the top 5 bits, its
/// [`key_bit`] the top 6.
#[inline(always)]
fn text_mix(b: &[u8]) -> u64 {
    let (first, last) = match (b.first(), b.last()) {
        (Some(&f), Some(&l)) => (u64::from(f), u64::from(l)),
        _ => (0, 0),
    };
    let x = (b.len() as u64) | first << 8 | last << 16;
    x.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Whether the first `len` bytes of `p` (a string field's bytes and padding: `len` rounded up to 4) hold a
/// zero byte, four bytes at a time; the padding is not looked at.
#[inline(always)]
fn padded_has_nul(p: &[u8], len: usize) -> bool {
    let mut words = p.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
    let Some(last) = words.next_back() else { return false };
    // The padding bytes (the last word's top `pad` bytes) made non-zero.
    let pad = p.len() - len;
    let last = last | !(u32::MAX >> (8 * pad as u32));
    has_zero_byte32(last) || words.any(has_zero_byte32)
}

/// What [`Decoder::open`] read.
enum Opened {
    /// A container with children to come.
    Frame(Frame),
    /// A finished value.
    Value(Variant),
}

/// Which place of a dictionary the next child fills.
#[derive(Clone, Copy)]
enum DictPhase {
    /// The key of a new entry.
    Key,
    /// The value of entry `i`.
    Value(usize),
    /// The value of a pair whose key the dictionary's key type refused: read, then dropped.
    Discard,
}

/// A container being decoded: what is built so far and how many children are left.
enum Frame {
    Array {
        a: Array,
        packed: bool,
        left: usize,
        rule: AdmitRule,
        /// Inside a dictionary key: the structural hash being built.
        hash: Option<Box<Building>>,
    },
    Dictionary {
        b: DictBuilder,
        rule: AdmitRule,
        key_type: ContainerType,
        value_type: ContainerType,
        shared: bool,
        left: usize,
        phase: DictPhase,
        /// The place of a value that is dropped ([`DictPhase::Discard`]).
        discarded: Variant,
        /// Inside a dictionary key: the structural hash being built.
        hash: Option<Box<Building>>,
    },
    Object {
        class: String,
        properties: Vec<(String, Variant)>,
        left: usize,
        pending_name: Option<String>,
        /// Inside a dictionary key: the structural hash being built.
        hash: Option<Box<Building>>,
    },
}

impl Frame {
    fn is_complete(&self) -> bool {
        match self {
            Frame::Array { left, .. } | Frame::Dictionary { left, .. } | Frame::Object { left, .. } => *left == 0,
        }
    }

    /// Whether a container opened as this frame's next child sits inside a dictionary key (and so must
    /// build its hash).
    fn child_in_key(&self) -> bool {
        match self {
            Frame::Dictionary { hash, phase, .. } => hash.is_some() || matches!(phase, DictPhase::Key),
            Frame::Array { hash, .. } | Frame::Object { hash, .. } => hash.is_some(),
        }
    }

    /// Makes this frame build its structural hash (it sits inside a dictionary key).
    fn start_hash(&mut self) {
        match self {
            Frame::Array { a, packed, hash, .. } => {
                let tag = if *packed { dict_keys::tag::PACKED_TYPED_ARRAY } else { dict_keys::tag::ARRAY };
                *hash = Some(Box::new(Building::array(tag, a)));
            }
            Frame::Dictionary { hash, .. } => *hash = Some(Box::new(Building::dictionary())),
            Frame::Object { class, hash, .. } => *hash = Some(Box::new(Building::object(class))),
        }
    }

    /// The place of the next child; [`Frame::filled`] must follow once it is written.
    #[inline(always)]
    fn slot(&mut self) -> &mut Variant {
        match self {
            Frame::Array { a, .. } => {
                a.items.push(Variant::Nil);
                let last = a.items.len() - 1;
                &mut a.items[last]
            }
            Frame::Dictionary { b, phase, discarded, .. } => match *phase {
                DictPhase::Key => b.key_slot(),
                DictPhase::Value(i) => b.value_slot(i),
                DictPhase::Discard => discarded,
            },
            Frame::Object { properties, pending_name, .. } => {
                properties.push((pending_name.take().unwrap_or_default(), Variant::Nil));
                let last = properties.len() - 1;
                &mut properties[last].1
            }
        }
    }

    /// The element count of the packed array just written into this frame's slot if the frame converts it
    /// into an Array (an element of a typed `Array[Array]`, a key of a `Dictionary[Array, …]`, under Godot 4's
    /// rule: see `admit::godot4_admit`), else 0.
    #[cold]
    fn converted_len(&self) -> usize {
        let (t, rule, last) = match self {
            Frame::Array { a, rule, .. } => (&a.element_type, rule, a.items.last()),
            Frame::Dictionary { b, key_type, rule, phase: DictPhase::Key, .. } => {
                (key_type, rule, b.entries.last().map(|(k, _)| k))
            }
            _ => return 0,
        };
        if !matches!(rule, AdmitRule::Godot4 { .. }) || *t != ContainerType::Builtin(TypeKind::Array) {
            return 0;
        }
        match last {
            Some(Variant::PackedByteArray(p)) => p.len(),
            Some(Variant::PackedInt32Array(p)) => p.len(),
            Some(Variant::PackedInt64Array(p)) => p.len(),
            Some(Variant::PackedFloat32Array(p)) => p.len(),
            Some(Variant::PackedFloat64Array(p)) => p.len(),
            Some(Variant::PackedStringArray(p)) => p.len(),
            Some(Variant::PackedVector2Array(p)) => p.len(),
            Some(Variant::PackedVector3Array(p)) => p.len(),
            Some(Variant::PackedColorArray(p)) => p.len(),
            Some(Variant::PackedVector4Array(p)) => p.len(),
            _ => 0,
        }
    }

    /// The child [`Frame::slot`] gave the place of is written; returns whether the container is now complete.
    /// `child`: the child's structural hash, if it is a container that built one.
    #[inline(always)]
    fn filled(&mut self, child: Option<u64>) -> bool {
        // The hash of the child as it was stored (a typed container may have converted a leaf).
        let hash_of = |stored: &Variant| child.unwrap_or_else(|| dict_keys::structural_hash(stored));
        match self {
            Frame::Array { a, left, rule, hash, .. } => {
                let before = a.items.len() - 1;
                // A typed array converts or drops elements that fail its type check, as the engine does.
                if !a.element_type.is_untyped() {
                    if let Some(v) = a.items.pop() {
                        if let Some(v) = rule.admit(&a.element_type, v) {
                            a.items.push(v);
                        }
                    }
                }
                if let Some(h) = hash.as_deref_mut() {
                    if let Some(stored) = a.items.get(before) {
                        h.item(hash_of(stored));
                    }
                }
                *left -= 1;
            }
            Frame::Dictionary { b, key_type, left, phase, rule, discarded, hash, .. } => match *phase {
                DictPhase::Key => {
                    // A typed dictionary checks (and converts) keys only; a refused key drops the pair.
                    let kept = key_type.is_untyped() || {
                        match rule.admit(key_type, b.take_key()) {
                            Some(k) => {
                                *b.key_slot() = k;
                                true
                            }
                            None => false,
                        }
                    };
                    *phase = if kept {
                        let n = b.entries.len() - 1;
                        let exact = match hash.as_deref() {
                            Some(_) => Some(hash_of(&b.entries[n].0)),
                            None => child,
                        };
                        let i = b.key_done(exact);
                        if let (Some(h), Some(kh)) = (hash.as_deref_mut(), exact) {
                            h.key(i, kh);
                        }
                        DictPhase::Value(i)
                    } else {
                        DictPhase::Discard
                    };
                }
                DictPhase::Value(i) => {
                    if let Some(h) = hash.as_deref_mut() {
                        if let Some((_, v)) = b.entries.get(i) {
                            h.value(i, hash_of(v));
                        }
                    }
                    *phase = DictPhase::Key;
                    *left -= 1;
                }
                DictPhase::Discard => {
                    *discarded = Variant::Nil;
                    *phase = DictPhase::Key;
                    *left -= 1;
                }
            },
            Frame::Object { left, properties, hash, .. } => {
                if let (Some(h), Some((name, v))) = (hash.as_deref_mut(), properties.last()) {
                    h.property(name, hash_of(v));
                }
                *left -= 1
            }
        }
        self.is_complete()
    }

    /// The finished value, and its structural hash if it sits inside a dictionary key.
    fn finish(self) -> (Variant, Option<u64>) {
        match self {
            Frame::Array { a, packed, hash, .. } => {
                let h = hash.map(|b| b.finish(None));
                let v = if packed { Variant::PackedTypedArray(Box::new(a)) } else { Variant::Array(Box::new(a)) };
                (v, h)
            }
            Frame::Dictionary { b, key_type, value_type, shared, hash, .. } => {
                let d = Dictionary { entries: b.finish(), key_type, value_type, shared };
                let h = hash.map(|b| b.finish(Some(&d)));
                (Variant::Dictionary(Box::new(d)), h)
            }
            Frame::Object { class, properties, hash, .. } => {
                let h = hash.map(|b| b.finish(None));
                (Variant::Object(Box::new(Object::Full { class, properties })), h)
            }
        }
    }
}

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
                if !self.cfg.objects_allowed() {
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
            ContainerType::Script(_) if !self.cfg.objects_allowed() => 2,
            ContainerType::Script(_) => 3,
        }
    }

    fn container_type_data(&mut self, t: &ContainerType) -> Result<()> {
        match t {
            // Without full objects the engine names every object-typed container EncodedObjectAsID.
            ContainerType::Class(_) | ContainerType::Script(_) if !self.cfg.objects_allowed() => {
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
        let id_mode = elem == TypeKind::Object && !self.cfg.objects_allowed();
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
    if !(cfg.is_double_precision() && d.math_flag()) {
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

/// A count (raw `raw`, at byte `at`) that the input left cannot hold (cold: only on bad input).
#[cold]
fn too_long(raw: u32, at: usize) -> Error {
    Error::at(ErrorKind::InvalidLength { value: raw as u64 }, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Repeated String keys among up to `LINEAR_MAX` entries are found whether or not their bits in
    /// `seen` are shared with other keys (a shared bit only means a scan).
    #[test]
    fn repeated_string_keys_are_found_on_the_short_path() {
        let keys: Vec<String> = (0..DictBuilder::LINEAR_MAX).map(|i| format!("k{i}")).collect();
        for d in [Dialect::Godot4_6, Dialect::Godot3] {
            let mut b = DictBuilder::with_capacity(32, d);
            for (i, k) in keys.iter().enumerate() {
                b.insert(Variant::from(k.as_str()), Variant::Int(i as i64));
            }
            for (i, k) in keys.iter().enumerate().rev() {
                b.insert(Variant::from(k.as_str()), Variant::Int(100 + i as i64));
            }
            let e = b.finish();
            assert_eq!(e.len(), keys.len());
            for (i, (k, v)) in e.iter().enumerate() {
                assert_eq!(k.as_str(), Some(keys[i].as_str()));
                assert_eq!(*v, Variant::Int(100 + i as i64));
            }
        }
    }
}

#[cfg(test)]
mod key_text_tests {
    use super::*;

    /// A Godot 4 dictionary of `n` entries from raw key bytes, each value the Int of its index.
    fn dict(keys: &[&[u8]]) -> Vec<u8> {
        let mut out = Vec::new();
        let w = |out: &mut Vec<u8>, x: u32| out.extend_from_slice(&x.to_le_bytes());
        w(&mut out, 27);
        w(&mut out, keys.len() as u32);
        for (i, k) in keys.iter().enumerate() {
            w(&mut out, 4);
            w(&mut out, k.len() as u32);
            out.extend_from_slice(k);
            out.resize(out.len() + pad_len(k.len()), 0);
            w(&mut out, 2);
            w(&mut out, i as u32);
        }
        out
    }

    fn entries(bytes: &[u8]) -> Vec<(String, i64)> {
        let v = Variant::decode(bytes, &Config::default()).unwrap();
        let Variant::Dictionary(d) = v else { panic!("not a dictionary") };
        d.entries
            .into_iter()
            .map(|(k, v)| match (k, v) {
                (Variant::String(k), Variant::Int(i)) => (k, i),
                other => panic!("unexpected entry {other:?}"),
            })
            .collect()
    }

    /// Keys whose text the engines cut (at a NUL, past a byte order mark) are never taken for the texts of
    /// their bytes: a cut key that equals an earlier key's text is that key, and the texts are kept.
    #[test]
    fn remembered_key_texts_keep_the_cut_and_repeats() {
        let e = entries(&dict(&[b"a\0b", b"a", b"\xEF\xBB\xBFa", b"ab", b"a\0b", b"ab"]));
        assert_eq!(e, vec![("a".to_string(), 4), ("ab".to_string(), 5)]);
        // The same bytes in sibling dictionaries (remembered texts) decode as in the first.
        let one = dict(&[b"id", b"name", b"\xEF\xBB\xBFid", b"na\0me"]);
        let mut arr = vec![28, 0, 0, 0, 3, 0, 0, 0];
        for _ in 0..3 {
            arr.extend_from_slice(&one);
        }
        let v = Variant::decode(&arr, &Config::default()).unwrap();
        let Variant::Array(a) = v else { panic!("not an array") };
        for d in &a.items {
            let Variant::Dictionary(d) = d else { panic!("not a dictionary") };
            let keys: Vec<_> = d.entries.iter().map(|(k, v)| (k.as_str().unwrap(), v.clone())).collect();
            assert_eq!(keys, vec![("id", Variant::Int(2)), ("name", Variant::Int(1)), ("na", Variant::Int(3))]);
        }
        // A key that is not valid UTF-8 is still an error at its byte, after remembered keys.
        let bad = dict(&[b"id", b"i\xff"]);
        let err = Variant::decode(&bad, &Config::default()).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::InvalidUtf8));
        assert_eq!(err.offset(), Some(bad.len() - 12 + 1));
    }
}
