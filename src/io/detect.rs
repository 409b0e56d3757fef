//! What a buffer of bytes is: a file container, a stream of `store_var`/`put_var` frames or one bare value,
//! and which dialects read it, with the evidence.
//!
//! Godot writes no marker of its version into a value, and most small values mean the same in several
//! dialects (an int is an int everywhere), so detection reads the bytes in every dialect and keeps those
//! that take the whole input without an error. Candidates that read to the same value are one answer; when
//! candidates read to *different* values (a Godot 3 `Color` and a Godot 4 `Plane` are both type 14 with 16
//! bytes) the detection says so ([`Detection::is_ambiguous`]) and ranks them: a stream whose lengths land
//! exactly first, then by how plausible the values look (floats that are subnormal or NaN, as small ints
//! and lengths read as floats are, and text with control characters, counted against a reading), then by
//! how common the dialect is (Godot 4.6, then Godot 3, then the others).

use std::fmt;

use crate::config::{Config, Dialect};
use crate::data::dict_keys;
use crate::error::{Error, ErrorKind, ForeignFormat};
use crate::markers::Reals;
use crate::value::{Object, Variant};
use crate::wire::{frame_len, Cut, Frames};

/// The file containers of Godot's `FileAccess`, told by their first four bytes (the `containers` feature's
/// `container::Kind`, which opens them).
///
/// ```
/// # #[cfg(feature = "containers")] {
/// use godot_bin::container::Kind;
/// assert_eq!(Kind::of(b"GCPF\x00\x00\x00\x00"), Kind::Compressed);
/// assert_eq!(Kind::of(b"RSRC"), Kind::Plain);
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContainerKind {
    /// No container: the bytes are the content.
    Plain,
    /// `FileAccess.open_compressed` (magic `GCPF`).
    Compressed,
    /// `FileAccess.open_encrypted` / `open_encrypted_with_pass` (magic `GDEC`).
    Encrypted,
}

/// The first four bytes of a `FileAccess.open_compressed` file.
pub(crate) const COMPRESSED_MAGIC: &[u8; 4] = b"GCPF";
/// The first four bytes of a `FileAccess.open_encrypted` file.
pub(crate) const ENCRYPTED_MAGIC: &[u8; 4] = b"GDEC";

impl ContainerKind {
    /// The container whose magic `bytes` start with (four bytes are enough).
    pub fn of(bytes: &[u8]) -> ContainerKind {
        match bytes.get(..4) {
            Some(m) if m == ENCRYPTED_MAGIC => ContainerKind::Encrypted,
            Some(m) if m == COMPRESSED_MAGIC => ContainerKind::Compressed,
            _ => ContainerKind::Plain,
        }
    }
}

/// How values are laid out in the bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Framing {
    /// One value and nothing else: `var_to_bytes`, `PacketPeer.put_var` (one packet).
    Bare,
    /// Values each behind a 4-byte length: `FileAccess.store_var`, `StreamPeer.put_var`. `big_endian`:
    /// the lengths are big-endian (`FileAccess.big_endian = true`); the values themselves never are.
    Stream {
        /// Whether the length prefixes are big-endian.
        big_endian: bool,
    },
}

impl fmt::Display for Framing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Framing::Bare => f.write_str("one bare value (var_to_bytes)"),
            Framing::Stream { big_endian: false } => f.write_str("store_var/put_var stream"),
            Framing::Stream { big_endian: true } => f.write_str("store_var/put_var stream, big-endian lengths"),
        }
    }
}

/// Dialects that read the input to the same values.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Candidate {
    /// The dialects, most common first ([`Candidate::dialect`] is the first).
    pub(crate) dialects: Vec<Dialect>,
    /// How the input is framed in this reading.
    pub(crate) framing: Framing,
    /// How many values the input holds in this reading.
    pub(crate) values: usize,
    /// How implausible the values look: floats that are subnormal or NaN, and strings with control
    /// characters, counted. 0 for most real data.
    pub(crate) oddities: usize,
}

impl Candidate {
    /// The most common of the dialects.
    pub(crate) fn dialect(&self) -> Dialect {
        self.dialects[0]
    }
}

/// What [`detect`] found.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Detection {
    /// The file container, by its magic.
    pub(crate) container: ContainerKind,
    /// The framing of the best candidate (`None` when no dialect reads the input, or inside a container).
    pub(crate) framing: Option<Framing>,
    /// The readings, best first: each a set of dialects that read the whole input to the same values.
    /// Empty when the input is a container (open it first) or no dialect reads it.
    pub(crate) candidates: Vec<Candidate>,
    /// When no dialect reads the input: what it is instead, where the bytes say (`None` when there are
    /// candidates, inside a container, or when nothing more is known).
    pub(crate) unreadable: Option<Unreadable>,
}

/// Why no dialect reads an input, where the bytes say: what a tool tells its user instead of "no dialect
/// reads these bytes".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub(crate) enum Unreadable {
    /// The input has no bytes.
    Empty,
    /// A `store_var`/`put_var` stream cut short: the values before `value_at` read whole (in some dialect),
    /// and the length of the value at `value_at` declares `declared` bytes of which only `present` are
    /// there, which read as the start of a value (and the whole input does not read as a bare value cut
    /// short, which would be as likely).
    Truncated {
        /// The framing whose length it is.
        framing: Framing,
        /// Where the value that is cut starts (after its length): 4 for the first.
        value_at: usize,
        /// The bytes its length declares.
        declared: usize,
        /// The bytes there.
        present: usize,
    },
    /// Not Godot data: the first bytes are another format's (see [`ForeignFormat::of`]).
    NotGodot(ForeignFormat),
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unreadable::Empty => f.write_str("empty input: no value to read"),
            Unreadable::Truncated { framing, value_at: 4, declared, present } => {
                write!(f, "truncated: the first value declares {declared} byte(s), {present} present ({framing})")
            }
            Unreadable::Truncated { framing, value_at, declared, present } => write!(
                f,
                "truncated: the value at byte {value_at} declares {declared} byte(s), {present} present ({framing})"
            ),
            Unreadable::NotGodot(looks_like) => write!(f, "not Godot data: this looks like {looks_like}"),
        }
    }
}

/// What an ambiguous detection leaves open ([`Detection::ambiguity`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ambiguity {
    /// Readings in different framings differ.
    pub(crate) framing: bool,
    /// Readings in the same framing differ by dialect.
    pub(crate) dialect: bool,
}

impl Detection {
    /// The best candidate's dialect.
    #[cfg(test)]
    pub(crate) fn dialect(&self) -> Option<Dialect> {
        self.candidates.first().map(Candidate::dialect)
    }

    /// Whether candidates read the input to different values: the bytes alone cannot say which is meant.
    pub(crate) fn is_ambiguous(&self) -> bool {
        self.candidates.len() > 1
    }

    /// What the readings differ in, if they differ: the framing (settled by giving it), the dialect (settled
    /// by giving it), or both.
    pub(crate) fn ambiguity(&self) -> Option<Ambiguity> {
        if !self.is_ambiguous() {
            return None;
        }
        let first = self.candidates[0].framing;
        let framing = self.candidates.iter().any(|c| c.framing != first);
        let dialect = self
            .candidates
            .iter()
            .enumerate()
            .any(|(i, c)| self.candidates[i + 1..].iter().any(|o| o.framing == c.framing));
        Some(Ambiguity { framing, dialect })
    }
}

impl fmt::Display for Detection {
    /// One line a reading: what a command-line tool prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.container {
            ContainerKind::Encrypted => {
                return f.write_str("an encrypted file (GDEC): open it with its key or password first");
            }
            ContainerKind::Compressed => return f.write_str("a compressed file (GCPF): decompress it first"),
            ContainerKind::Plain => {}
        }
        if self.candidates.is_empty() {
            return match &self.unreadable {
                Some(u) => fmt::Display::fmt(u, f),
                None => f.write_str("no dialect reads these bytes as Godot values"),
            };
        }
        for (i, c) in self.candidates.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            let names: Vec<&str> = c.dialects.iter().map(|d| d.name()).collect();
            write!(f, "{}: {} value(s), {}", c.framing, c.values, names.join(", "))?;
            if c.oddities > 0 {
                write!(f, " ({} odd value(s))", c.oddities)?;
            }
        }
        match self.ambiguity() {
            Some(Ambiguity { framing: true, dialect: true }) => {
                f.write_str("\nambiguous: these readings differ in framing and dialect; give both")
            }
            Some(Ambiguity { framing: true, .. }) => {
                f.write_str("\nambiguous: these readings differ in framing; give the framing")
            }
            Some(_) => f.write_str("\nambiguous: these readings differ in dialect; give the dialect"),
            None => Ok(()),
        }
    }
}

/// The dialects in the order a tie between different readings is broken: the engines in use most, then
/// the others; a reading shared by several dialects is named by the first of them here.
const PREFERENCE: [Dialect; 12] = [
    Dialect::Godot4_6,
    Dialect::Godot3,
    Dialect::Godot4_5,
    Dialect::Godot4_4,
    Dialect::Godot4_3,
    Dialect::Godot4_2,
    Dialect::Godot4_1,
    Dialect::Godot4_0,
    Dialect::Pandemonium5,
    Dialect::Pandemonium3_8,
    Dialect::Pandemonium3_5,
    Dialect::Godot2,
];

/// Looks at `bytes` and says what they are (see the [module docs](self)). Full objects are read as data
/// (nothing is ever instantiated): [`detect_with`] under `Config::default().with_allow_objects(true)`. The work
/// is a decode per framing and group of dialects whose decoders read alike (8 groups of the 12 dialects; at
/// most 3 framings), each linear in the input and each dropped before the next: memory is that of one decode.
#[cfg(test)]
pub(crate) fn detect(bytes: &[u8]) -> Detection {
    detect_with(bytes, &Config::default().with_allow_objects(true)).unwrap()
}

/// [`detect`] under `cfg`'s options: only readings that decode the whole input with them are offered
/// (full objects only if [`Config::allow_objects`], within [`Config::max_depth`], …), so that the
/// dialect and framing it picks read the input under `cfg` with that dialect. `cfg`'s own dialect is not
/// used: every dialect is tried.
///
/// A reading that runs out of memory ([`ErrorKind::OutOfMemory`]: a container with more elements than the
/// memory left holds) stops the detection, and its error (offset in `bytes`) is the answer: memory is a
/// limit of this machine, not evidence that the dialect does not read the bytes, and a dialect that reads
/// them otherwise (the count as a smaller packed array's) would be a wrong reading.
pub(crate) fn detect_with(bytes: &[u8], cfg: &Config) -> Result<Detection, Error> {
    detect_grouped(bytes, cfg, true)
}

/// [`detect_with`], decoding once per group of dialects whose decoders read alike (`codec::reads_alike`)
/// when `grouped`, else once per dialect (what the tests compare it with).
fn detect_grouped(bytes: &[u8], cfg: &Config, grouped: bool) -> Result<Detection, Error> {
    let container = ContainerKind::of(bytes);
    if container != ContainerKind::Plain {
        return Ok(Detection { container, framing: None, candidates: Vec::new(), unreadable: None });
    }
    if bytes.is_empty() {
        let unreadable = Some(Unreadable::Empty);
        return Ok(Detection { container, framing: None, candidates: Vec::new(), unreadable });
    }
    // Readings are told apart by the structural hash of their values (equal values hash equal), so only
    // one decoded reading is held at a time: memory stays that of one decode.
    let mut readings: Vec<(u64, Candidate)> = Vec::new();
    for framing in framings(bytes) {
        // Each dialect tried, with the reading it gave (an index into `readings`; `None`: it did not read).
        let mut read_by: Vec<(Dialect, Option<usize>)> = Vec::with_capacity(PREFERENCE.len());
        for d in PREFERENCE {
            // A dialect that reads like one tried already gives the same reading: no decode.
            let alike = read_by.iter().find(|(o, _)| grouped && crate::codec::reads_alike(*o, d));
            if let Some(&(_, reading)) = alike {
                if let Some(i) = reading {
                    readings[i].1.dialects.push(d);
                }
                read_by.push((d, reading));
                continue;
            }
            let Some(values) = read_all(bytes, framing, &cfg.clone().with_dialect(d))? else {
                read_by.push((d, None));
                continue;
            };
            let h = values.iter().fold(values.len() as u64, |h, v| {
                h.rotate_left(5) ^ dict_keys::structural_hash(v).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            });
            let i = match readings.iter().position(|(rh, c)| c.framing == framing && *rh == h) {
                Some(i) => {
                    readings[i].1.dialects.push(d);
                    i
                }
                None => {
                    let oddities = values.iter().map(oddities).sum();
                    let c = Candidate { dialects: vec![d], framing, values: values.len(), oddities };
                    readings.push((h, c));
                    readings.len() - 1
                }
            };
            read_by.push((d, Some(i)));
        }
    }
    // A stream whose every length lands exactly on the next is strong evidence on its own: streams first,
    // then the fewest oddities; the order of PREFERENCE (kept by the stable sort) breaks ties.
    let mut candidates: Vec<Candidate> = readings.into_iter().map(|(_, c)| c).collect();
    candidates.sort_by_key(|c| (c.framing == Framing::Bare, c.oddities));
    let unreadable = match candidates.is_empty() {
        true => ForeignFormat::of(bytes).map(Unreadable::NotGodot).or_else(|| truncated(bytes, cfg)),
        false => None,
    };
    Ok(Detection { container, framing: candidates.first().map(|c| c.framing), candidates, unreadable })
}

/// [`Unreadable::Truncated`] if `bytes` (which no dialect reads) are a stream cut inside a value: the
/// values before it are whole frames that read in some dialect, its length runs beyond the input, the bytes
/// after that length read in some dialect as the start of a value that runs out, and no dialect reads the
/// whole input as a bare value that runs out (a bare value cut short is as likely then, and its own error
/// says where). A length above `i32::MAX` is no frame (the engines' readers refuse it, as
/// `framing::MAX_FRAME` does). Linear: each byte is decoded at most once per dialect and framing.
fn truncated(bytes: &[u8], cfg: &Config) -> Option<Unreadable> {
    let runs_out = |e: Error| {
        matches!(e.kind(), ErrorKind::UnexpectedEof { .. } | ErrorKind::InvalidLength { .. } | ErrorKind::EmptyInput)
    };
    let cut =
        |b: &[u8], d: Dialect| Variant::decode_prefix(b, &cfg.clone().with_dialect(d)).err().is_some_and(runs_out);
    let reads = |b: &[u8]| PREFERENCE.into_iter().any(|d| Variant::decode(b, &cfg.clone().with_dialect(d)).is_ok());
    if PREFERENCE.into_iter().any(|d| cut(bytes, d)) {
        return None;
    }
    'framings: for big_endian in [false, true] {
        for frame in Frames::new(bytes, big_endian) {
            match frame {
                Ok((_, body)) if reads(body) => {}
                Err(Cut { at, declared: Some(n), present })
                    if n <= i32::MAX as usize && PREFERENCE.into_iter().any(|d| cut(&bytes[at + 4..], d)) =>
                {
                    let framing = Framing::Stream { big_endian };
                    return Some(Unreadable::Truncated { framing, value_at: at + 4, declared: n, present });
                }
                _ => continue 'framings,
            }
        }
    }
    None
}

/// The framings worth trying: a stream when the first four bytes are the length of what follows them (or
/// of a first frame that ends inside the input), either byte order; always a bare value.
fn framings(bytes: &[u8]) -> Vec<Framing> {
    let mut out = Vec::new();
    if let (Some(le), Some(be)) = (frame_len(bytes, false), frame_len(bytes, true)) {
        let fits = |n: u32| n >= 4 && n as usize <= bytes.len() - 4;
        if fits(le) {
            out.push(Framing::Stream { big_endian: false });
        }
        if fits(be) && be != le {
            out.push(Framing::Stream { big_endian: true });
        }
    }
    out.push(Framing::Bare);
    out
}

/// Every value of `bytes` read under `cfg`, if they all read and nothing is left over; an
/// [`ErrorKind::OutOfMemory`] error (its offset in `bytes`) when a value needs more memory than there is.
fn read_all(bytes: &[u8], framing: Framing, cfg: &Config) -> Result<Option<Vec<Variant>>, Error> {
    let out_of_memory = |e: &Error| matches!(e.kind(), ErrorKind::OutOfMemory { .. });
    match framing {
        Framing::Bare => match Variant::decode(bytes, cfg) {
            Ok(v) => Ok(Some(vec![v])),
            Err(e) if out_of_memory(&e) => Err(e),
            Err(_) => Ok(None),
        },
        Framing::Stream { big_endian } => {
            let mut values = Vec::new();
            for frame in Frames::new(bytes, big_endian) {
                let Ok((at, body)) = frame else { return Ok(None) };
                match Variant::decode(body, cfg) {
                    Ok(v) => values.push(v),
                    Err(e) if out_of_memory(&e) => return Err(e.shifted(at)),
                    Err(_) => return Ok(None),
                }
            }
            Ok(Some(values))
        }
    }
}

/// The children of a container still to visit, for [`oddities`].
enum Children<'v> {
    Items(std::slice::Iter<'v, Variant>),
    Entries(std::slice::Iter<'v, (Variant, Variant)>, Option<&'v Variant>),
    Properties(std::slice::Iter<'v, (String, Variant)>),
}

impl<'v> Iterator for Children<'v> {
    type Item = &'v Variant;

    fn next(&mut self) -> Option<&'v Variant> {
        match self {
            Children::Items(it) => it.next(),
            Children::Entries(it, value) => value.take().or_else(|| {
                let (k, v) = it.next()?;
                *value = Some(v);
                Some(k)
            }),
            Children::Properties(it) => it.next().map(|(_, v)| v),
        }
    }
}

/// How many parts of `v` look like bytes read in the wrong layout (see [`Candidate::oddities`]); a walk
/// whose stack holds one iterator per level of nesting (not every child).
fn oddities(v: &Variant) -> usize {
    // Small ints and lengths read as floats are subnormal; other words read as floats are often NaN.
    let odd_float = |x: f64| x.is_nan() || (x != 0.0 && x.abs() < f64::from(f32::MIN_POSITIVE));
    let odd_text = |s: &str| s.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'));
    let mut n = 0;
    let mut stack: Vec<Children<'_>> = vec![Children::Items(std::slice::from_ref(v).iter())];
    while let Some(top) = stack.last_mut() {
        let Some(v) = top.next() else {
            stack.pop();
            continue;
        };
        match v {
            Variant::Array(a) | Variant::PackedTypedArray(a) => stack.push(Children::Items(a.items.iter())),
            Variant::Dictionary(d) => stack.push(Children::Entries(d.entries.iter(), None)),
            Variant::Object(o) => {
                if let Object::Full { properties, .. } = &**o {
                    stack.push(Children::Properties(properties.iter()));
                }
            }
            Variant::String(s) => n += usize::from(odd_text(s)),
            Variant::StringName(s) => n += usize::from(odd_text(&s.0)),
            Variant::Float(x) => n += usize::from(odd_float(*x)),
            Variant::Color(c) => n += [c.r, c.g, c.b, c.a].into_iter().filter(|&x| odd_float(f64::from(x))).count(),
            Variant::Vector2(x) => n += odd_reals(x, odd_float),
            Variant::Vector3(x) => n += odd_reals(x, odd_float),
            Variant::Vector4(x) => n += odd_reals(x, odd_float),
            Variant::Quaternion(x) => n += odd_reals(x, odd_float),
            Variant::Rect2(x) => n += odd_reals(x, odd_float),
            Variant::Plane(x) => n += odd_reals(x, odd_float),
            Variant::Transform2D(x) => n += odd_reals(&**x, odd_float),
            Variant::Aabb(x) => n += odd_reals(&**x, odd_float),
            Variant::Basis(x) => n += odd_reals(&**x, odd_float),
            Variant::Transform3D(x) => n += odd_reals(&**x, odd_float),
            Variant::Projection(x) => n += odd_reals(&**x, odd_float),
            Variant::PackedFloat32Array(x) => n += x.iter().filter(|&&x| odd_float(f64::from(x))).count(),
            Variant::PackedFloat64Array(x) => n += x.iter().filter(|&&x| odd_float(x)).count(),
            Variant::PackedStringArray(x) => n += x.iter().filter(|s| odd_text(s)).count(),
            _ => {}
        }
    }
    n
}

/// How many of a math value's components `odd` says are odd.
fn odd_reals<T: Reals>(v: &T, odd: impl Fn(f64) -> bool) -> usize {
    let mut r = [0.0; 16];
    let r = &mut r[..T::N];
    v.to_reals(r);
    r.iter().filter(|&&x| odd(x)).count()
}

#[cfg(test)]
mod tests {
    //! What detection finds on engine-written bytes (the values cited in each case).
    use super::*;
    use crate::error::ForeignFormat;
    use crate::Variant;

    /// Every value the engines wrote (tests/fixtures: Godot 4.6, 3.6, 3.2.3 `values.tsv`; Godot 2.1 and
    /// Pandemonium `samples.tsv`), as bytes.
    fn engine_values() -> Vec<Vec<u8>> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
        let files = ["godot-4.6/values.tsv", "godot-3.6/values.tsv", "godot-3.2.3/values.tsv", "godot-2.1/samples.tsv"]
            .into_iter()
            .chain(["pandemonium-4.9/samples.tsv", "pandemonium-5.2/samples.tsv"]);
        let hex = |h: &str| (0..h.len() / 2).map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16)).collect();
        let mut out = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(format!("{dir}/{f}")).unwrap();
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                if let Some(Ok(bytes)) = line.split('\t').nth(2).map(hex) {
                    out.push(bytes);
                }
            }
        }
        assert!(out.len() > 1500, "{} engine values", out.len());
        out
    }

    /// Decoding once per group of dialects that read alike finds what decoding in every dialect finds: on
    /// every engine-written value, alone, as a stream of two in either byte order, and with one byte
    /// changed (a reading that only some dialects take).
    #[test]
    fn grouped_detection_finds_what_every_dialect_finds() {
        let values = engine_values();
        let cfgs = [Config::default(), Config::default().with_allow_objects(true)];
        let mut checked = 0;
        for (i, v) in values.iter().enumerate() {
            let next = &values[(i * 7 + 3) % values.len()];
            let mut inputs = vec![v.clone()];
            for big in [false, true] {
                let mut s = Vec::new();
                for x in [v, next] {
                    let n = x.len() as u32;
                    s.extend(if big { n.to_be_bytes() } else { n.to_le_bytes() });
                    s.extend_from_slice(x);
                }
                inputs.push(s);
            }
            if !v.is_empty() {
                let mut m = v.clone();
                let at = (i * 31) % m.len();
                m[at] ^= 1 << (i % 8);
                inputs.push(m);
            }
            for input in &inputs {
                for cfg in &cfgs {
                    let (grouped, each) = (detect_grouped(input, cfg, true), detect_grouped(input, cfg, false));
                    assert_eq!(grouped.unwrap(), each.unwrap(), "{input:02x?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 12_000, "{checked}");
        // The groups this relies on: 4.0 to 4.2 read alike, and 4.4 to 4.6; 4.3 (typed arrays, no typed
        // dictionaries) is on its own.
        use crate::codec::reads_alike;
        assert!(reads_alike(Dialect::Godot4_0, Dialect::Godot4_2) && reads_alike(Dialect::Godot4_4, Dialect::Godot4_6));
        assert!(
            !reads_alike(Dialect::Godot4_3, Dialect::Godot4_4) && !reads_alike(Dialect::Godot4_2, Dialect::Godot4_3)
        );
        assert!(
            !reads_alike(Dialect::Pandemonium3_5, Dialect::Pandemonium3_8)
                && !reads_alike(Dialect::Godot3, Dialect::Godot2)
        );
    }

    #[test]
    fn on_module() {
        // Godot 4.6 store_var(Vector2(1, 2)) wrote its length, then var_to_bytes(Vector2(1, 2))
        // (the value's bytes: tests/fixtures/godot-4.6/values.tsv "v2_1_2").
        let file = [12, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40];
        let d = detect(&file);
        assert_eq!(d.framing, Some(Framing::Stream { big_endian: false }));
        assert_eq!(d.dialect(), Some(Dialect::Godot4_6));
        // Type 5 is a Vector2 in Godot 3 too: one reading, shared.
        assert!(!d.is_ambiguous() && d.candidates[0].dialects.contains(&Dialect::Godot3));

        // Godot 3.6 var2bytes({}) (tests/fixtures/godot-3.6/values.tsv "dict_empty"): type 18, a Dictionary in
        // Godot 3, is a 48-byte Transform3D in Godot 4: only the Godot 3 layouts read these 8 bytes.
        let d = detect(&[0x12, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(d.dialect(), Some(Dialect::Godot3));
        assert_eq!(d.framing, Some(Framing::Bare));
    }

    #[test]
    fn on_containerkind() {
        assert_eq!(detect(b"GCPF\x00\x00\x00\x00").container, ContainerKind::Compressed);
    }

    #[test]
    fn on_of() {
        assert_eq!(ContainerKind::of(b"GDEC\x01\x00\x00\x00"), ContainerKind::Encrypted);
        assert_eq!(ContainerKind::of(b"GCPF"), ContainerKind::Compressed);
        assert_eq!(ContainerKind::of(&[12, 0, 0, 0]), ContainerKind::Plain); // a store_var length
    }

    #[test]
    fn on_framing() {
        // Godot 4.6 var_to_bytes(1) (tests/fixtures/godot-4.6/values.tsv "int_1"), bare and behind its length.
        assert_eq!(detect(&[2, 0, 0, 0, 1, 0, 0, 0]).framing, Some(Framing::Bare));
        let stored = [8, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0];
        assert_eq!(detect(&stored).framing, Some(Framing::Stream { big_endian: false }));
    }

    #[test]
    fn on_fmt() {
        assert_eq!(Framing::Stream { big_endian: false }.to_string(), "store_var/put_var stream");
        assert_eq!(Framing::Bare.to_string(), "one bare value (var_to_bytes)");
    }

    #[test]
    fn on_candidate() {
        // Godot 4.6 var_to_bytes(1) (tests/fixtures/godot-4.6/values.tsv "int_1"): one value, every dialect.
        let c = &detect(&[2, 0, 0, 0, 1, 0, 0, 0]).candidates[0];
        assert_eq!((c.values, c.oddities, c.dialects.len()), (1, 0, Dialect::ALL.len()));
    }

    #[test]
    fn on_dialect() {
        let d = detect(&[2, 0, 0, 0, 7, 0, 0, 0]); // an int: the same everywhere
        assert_eq!(d.candidates[0].dialect(), crate::Dialect::Godot4_6);
    }

    #[test]
    fn on_detection() {
        let d = detect(&[0xff; 8]); // no dialect has type 255
        assert_eq!((d.container, d.framing, d.candidates.len()), (ContainerKind::Plain, None, 0));
        assert_eq!(d.dialect(), None);
    }

    #[test]
    fn on_unreadable() -> std::io::Result<()> {
        assert_eq!(detect(&[]).unreadable, Some(Unreadable::Empty));
        assert_eq!(detect(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").unreadable, Some(Unreadable::NotGodot(ForeignFormat::Png)));
        // The first 300 bytes of a save Godot 3.6 wrote with store_var: its first value declares 920 bytes.
        let save = std::fs::read("examples/data/save-godot3.6.sav")?;
        let d = detect(&save[..300]);
        let framing = Framing::Stream { big_endian: false };
        assert_eq!(d.unreadable, Some(Unreadable::Truncated { framing, value_at: 4, declared: 920, present: 296 }));
        assert_eq!(
            d.to_string(),
            "truncated: the first value declares 920 byte(s), 296 present (store_var/put_var stream)"
        );
        Ok(())
    }

    #[test]
    fn on_fmt2() {
        assert_eq!(Unreadable::Empty.to_string(), "empty input: no value to read");
        assert_eq!(
            Unreadable::NotGodot(ForeignFormat::Zip).to_string(),
            "not Godot data: this looks like a ZIP archive"
        );
    }

    #[test]
    fn on_ambiguity() {
        // Godot 3.6 var2bytes("") (tests/fixtures/godot-3.6/values.tsv "str_len0"): an empty String, or a
        // store_var stream of one null; every dialect agrees on each.
        let d = detect(&[4, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(d.ambiguity(), Some(Ambiguity { framing: true, dialect: false }));
    }

    #[test]
    fn on_dialect2() {
        // Godot 4.6 var_to_bytes({}) (tests/fixtures/godot-4.6/values.tsv "dict_empty"): type 27 exists
        // only in Godot 4's table.
        let d = detect(&[0x1b, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(d.dialect(), Some(Dialect::Godot4_6));
    }

    #[test]
    fn on_is_ambiguous() {
        // Type 14 with four floats: a Color in Godot 3, a Plane in Godot 4.
        let d = detect(&[14, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x3f]);
        assert!(d.is_ambiguous());
    }

    #[test]
    fn on_ambiguity2() {
        // Godot 3.6 var2bytes(PoolVector2Array()) (tests/fixtures/godot-3.6/values.tsv "pv2_empty"): type 24
        // is a PoolVector2Array in Godot 3, something else in the other dialects.
        let d = detect(&[0x18, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(d.ambiguity(), Some(Ambiguity { framing: false, dialect: true }));
        // Godot 4.6 var_to_bytes(1) (tests/fixtures/godot-4.6/values.tsv "int_1"): one reading.
        assert_eq!(detect(&[2, 0, 0, 0, 1, 0, 0, 0]).ambiguity(), None);
    }

    #[test]
    fn on_fmt3() {
        let d = detect(b"GDEC\x01\x00\x00\x00");
        assert_eq!(d.to_string(), "an encrypted file (GDEC): open it with its key or password first");
    }

    #[test]
    fn on_detect() {
        // Godot 4.6 var_to_bytes("ab") (tests/fixtures/godot-4.6/values.tsv "str_len2"): a String reads the
        // same in every dialect.
        let d = detect(&[4, 0, 0, 0, 2, 0, 0, 0, b'a', b'b', 0, 0]);
        assert_eq!(d.framing, Some(Framing::Bare));
        assert!(!d.is_ambiguous());
        assert_eq!(d.candidates[0].dialects.len(), Dialect::ALL.len());
    }

    #[test]
    fn on_detect_with() {
        // Godot 3.6 var2bytes(PoolVector2Array()) (tests/fixtures/godot-3.6/values.tsv "pv2_empty"): in Godot 4
        // type 24 is an Object, which only reads where objects are allowed.
        let bytes = [0x18, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(detect(&bytes).dialect(), Some(Dialect::Godot4_6));
        let cfg = Config::default(); // objects not allowed
        let d = detect_with(&bytes, &cfg).unwrap();
        assert_eq!(d.dialect(), Some(Dialect::Godot3));
        assert!(Variant::decode(&bytes, &cfg.with_dialect(Dialect::Godot3)).is_ok());
    }
}
