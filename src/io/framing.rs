//! Framing: how the engines put values on a stream, in a packet or in a file.
//!
//! | engine API | bytes | here |
//! |---|---|---|
//! | `var_to_bytes` / `bytes_to_var` | the value, nothing else | [`to_vec_with`](crate::to_vec_with) / [`take_from_slice_with`](crate::de::take_from_slice_with) |
//! | `PacketPeer.put_var` / `get_var` (UDP, ENet, WebSocket, …) | one value per packet, no prefix | [`encode_packet`] / [`decode_packet`] |
//! | `StreamPeer.put_var` / `get_var`, `FileAccess.store_var` / `get_var` (`File` in 3.x) | u32 length, then the value | [`put_var`], [`write_var`], [`FrameDecoder`], [`values`], [`read_frame`] |
//! | `PacketPeerStream` (packets over a StreamPeer) | u32 length, then the packet | [`put_var`] with [`Endian::Little`], [`FrameDecoder`] |
//!
//! The length is little-endian unless the peer or file has `big_endian = true` (4.x; `endian_swap` on a
//! 3.x `File`): then only the length is big-endian, the value itself always little-endian. PacketPeerStream
//! always writes its length little-endian. (Checked against bytes Godot 4.6.3 and 3.6.2 wrote:
//! `tests/fixtures/godot-*/serde.tsv`.)
//!
//! ```
//! use godot_bin::framing::{self, Endian, FrameDecoder, Decoded};
//! let cfg = godot_bin::Config::default();
//! // What StreamPeer.put_var("hello") sends, twice, arriving in odd pieces (Godot 4.6's bytes:
//! // tests/fixtures/godot-4.6/serde.tsv "str", put_var):
//! let one = framing::put_var(&"hello", &cfg, Endian::Little)?;
//! assert_eq!(one, [16, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0, b'h', b'e', b'l', b'l', b'o', 0, 0, 0]);
//! let stream = [one.clone(), one].concat();
//! let mut dec = FrameDecoder::new(Endian::Little, 1 << 20);
//! dec.feed(&stream[..3]);
//! assert_eq!(dec.next_frame()?, Decoded::NeedMore(1)); // the length itself is incomplete
//! dec.feed(&stream[3..24]);
//! let Decoded::Frame(f) = dec.next_frame()? else { unreachable!() };
//! assert_eq!(godot_bin::from_slice_with::<String>(&f, &cfg)?, "hello");
//! assert_eq!(dec.next_frame()?, Decoded::NeedMore(16)); // 4 of the second frame's 20 bytes are here
//! # Ok::<(), godot_bin::Error>(())
//! ```

use bytes::{Buf, Bytes, BytesMut};
use serde::{Deserialize, Serialize};

use crate::config::Config;
use crate::error::{Error, ErrorKind, Result};
use crate::wire::Output;

/// Byte order of a frame's u32 length (the value inside is always little-endian).
///
/// ```
/// use godot_bin::framing::Endian;
/// assert_eq!(Endian::default(), Endian::Little);
/// // Godot 4.6 var_to_bytes(1) behind a big-endian store_var length:
/// let put = godot_bin::framing::put_var(&1, &godot_bin::Config::default(), Endian::Big)?;
/// assert_eq!(put[..4], [0, 0, 0, 8]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Endian {
    /// The default of every peer and file (`big_endian = false`).
    #[default]
    Little,
    /// `StreamPeer.big_endian` / `FileAccess.big_endian = true` (3.x: `File.endian_swap = true`).
    Big,
}

impl Endian {
    /// `n` in this byte order.
    pub(crate) fn u32_bytes(self, n: u32) -> [u8; 4] {
        match self {
            Endian::Little => n.to_le_bytes(),
            Endian::Big => n.to_be_bytes(),
        }
    }

    /// A u32 from 4 bytes in this byte order.
    ///
    /// ```
    /// use godot_bin::framing::Endian;
    /// assert_eq!(Endian::Big.read_u32([0, 0, 1, 0]), 256);
    /// ```
    pub fn read_u32(self, b: [u8; 4]) -> u32 {
        crate::wire::u32_in(b, self == Endian::Big)
    }
}

/// The largest value `PacketPeer.put_var` sends in Godot 3.2+ and 4.x (`encode_buffer_max_size`, 8 MiB by
/// default); larger values are refused by the engine, and by [`encode_packet`].
///
/// ```
/// assert_eq!(godot_bin::framing::PACKET_PEER_MAX, 8 * 1024 * 1024);
/// ```
pub const PACKET_PEER_MAX: usize = 8 << 20;

/// The largest frame a length field can describe that the engines' readers accept: `StreamPeer.get_var`
/// reads the length as a signed 32-bit number and fails on negatives.
///
/// ```
/// use godot_bin::framing::{FrameDecoder, Endian, MAX_FRAME};
/// assert_eq!(MAX_FRAME, i32::MAX as usize);
/// let mut dec = FrameDecoder::new(Endian::Little, usize::MAX); // clamped to MAX_FRAME
/// dec.feed(&[0, 0, 0, 0x80]);
/// assert!(dec.next_frame().is_err());
/// ```
pub const MAX_FRAME: usize = i32::MAX as usize;

/// Appends one frame (u32 length in `endian`, then `payload`) to `out` (the save engine's streams).
#[cfg(feature = "containers")]
pub(crate) fn write_frame(out: &mut Vec<u8>, payload: &[u8], endian: Endian) -> Result<()> {
    if payload.len() > MAX_FRAME {
        return Err(ErrorKind::InvalidLength { value: payload.len() as u64 }.into());
    }
    out.extend_from_slice(&endian.u32_bytes(payload.len() as u32));
    out.extend_from_slice(payload);
    Ok(())
}

/// The bytes `StreamPeer.put_var(value)` / `FileAccess.store_var(value)` write: the length, then the value.
///
/// ```
/// use godot_bin::framing::{put_var, Endian};
/// let cfg = godot_bin::Config::default();
/// // FileAccess.store_var(5000000000) with big_endian = true, as Godot 4.6 wrote it
/// // (tests/fixtures/godot-4.6/serde.tsv "int_big", store_var_be):
/// assert_eq!(put_var(&5_000_000_000i64, &cfg, Endian::Big)?, [0, 0, 0, 12, 2, 0, 1, 0, 0, 0xf2, 5, 0x2a, 1, 0, 0, 0]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn put_var<T: ?Sized + Serialize>(value: &T, cfg: &Config, endian: Endian) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(crate::format::ser::INITIAL_CAPACITY);
    put_var_into(value, &mut out, cfg, endian)?;
    Ok(out)
}

/// Appends the bytes of [`put_var`] to `out`, a `Vec<u8>` or a `bytes::BytesMut` ([`Output`]): the value
/// is written straight into `out` after 4 bytes held for its length, which is patched in once the value's
/// size is known (no buffer of its own, no copy). Returns the value's size (the frame is 4 bytes more). On
/// error `out` is cut back to what it held before.
///
/// ```
/// use godot_bin::framing::{put_var, put_var_into, Endian};
/// let cfg = godot_bin::Config::default();
/// let mut buf = bytes::BytesMut::with_capacity(64);
/// let n = put_var_into(&"hello", &mut buf, &cfg, Endian::Little)?;
/// assert_eq!(n, 16);
/// // StreamPeer.put_var("hello") as Godot 4.6 sends it (tests/fixtures/godot-4.6/serde.tsv "str", put_var):
/// assert_eq!(&buf[..], [16, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0, b'h', b'e', b'l', b'l', b'o', 0, 0, 0]);
/// assert_eq!(&buf[..], put_var(&"hello", &cfg, Endian::Little)?);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn put_var_into<T: ?Sized + Serialize, O: Output>(
    value: &T, out: &mut O, cfg: &Config, endian: Endian,
) -> Result<usize> {
    put_var_limited(value, out, cfg, endian, MAX_FRAME)
}

/// [`put_var_into`] with a maximum value size `max` (at most [`MAX_FRAME`]): a larger value is the same
/// [`ErrorKind::InvalidLength`] error as one over [`MAX_FRAME`], `out` cut back. One test of the size for
/// both limits (the codecs' own maximum and the length field's).
#[inline]
pub(crate) fn put_var_limited<T: ?Sized + Serialize, O: Output>(
    value: &T, out: &mut O, cfg: &Config, endian: Endian, max: usize,
) -> Result<usize> {
    debug_assert!(max <= MAX_FRAME);
    let start = out.pos();
    // The length's placeholder, patched below.
    out.w32(0);
    let r = value.serialize(&mut crate::format::ser::Serializer::new(&mut *out, cfg));
    let n = out.pos() - start - 4;
    let r = r.and_then(|()| match n > max {
        true => Err(ErrorKind::InvalidLength { value: n as u64 }.into()),
        false => Ok(n),
    });
    match r {
        Ok(n) => out.patch(start, &endian.u32_bytes(n as u32)),
        Err(_) => out.cut(start),
    }
    r
}

/// Writes one framed value (as [`put_var`]) to an [`io::Write`](std::io::Write): a stream or a
/// `store_var` file.
///
/// ```
/// use godot_bin::framing::{write_var, values, Endian};
/// let cfg = godot_bin::Config::default();
/// let mut file = Vec::new();
/// write_var(&mut file, &1u8, &cfg, Endian::Little)?;
/// write_var(&mut file, &"two", &cfg, Endian::Little)?;
/// let all: Vec<godot_bin::Variant> = values(&file, &cfg, Endian::Little).collect::<Result<_, _>>()?;
/// assert_eq!(all, [godot_bin::Variant::Int(1), godot_bin::Variant::from("two")]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn write_var<W: std::io::Write, T: ?Sized + Serialize>(
    mut writer: W, value: &T, cfg: &Config, endian: Endian,
) -> Result<()> {
    let bytes = put_var(value, cfg, endian)?;
    writer.write_all(&bytes)?;
    Ok(())
}

/// One `PacketPeer.put_var` packet: the value alone, refused above [`PACKET_PEER_MAX`] as the engine does.
///
/// ```
/// let p = godot_bin::framing::encode_packet(&[1, 2], &godot_bin::Config::default())?;
/// assert_eq!(p, godot_bin::to_vec(&[1, 2])?);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn encode_packet<T: ?Sized + Serialize>(value: &T, cfg: &Config) -> Result<Vec<u8>> {
    let out = crate::to_vec_with(value, cfg)?;
    if out.len() > PACKET_PEER_MAX {
        return Err(ErrorKind::InvalidLength { value: out.len() as u64 }.into());
    }
    Ok(out)
}

/// The value in one `PacketPeer` packet. Like `PacketPeer.get_var`, bytes after the value are ignored.
///
/// ```
/// // Godot 4.6 var_to_bytes(1), tests/fixtures/godot-4.6/values.tsv "int_1", then a stray byte:
/// let v: i32 = godot_bin::framing::decode_packet(&[2, 0, 0, 0, 1, 0, 0, 0, 0xee], &godot_bin::Config::default())?;
/// assert_eq!(v, 1);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[inline(always)]
pub fn decode_packet<'de, T: Deserialize<'de>>(packet: &'de [u8], cfg: &Config) -> Result<T> {
    crate::format::de::from_slice_prefix_with(packet, cfg)
}

/// The one value of a `store_var` file (its bytes): the length, then the value, and nothing after it, as
/// a game writes with a single `FileAccess.store_var` (lengths little-endian, the default). A file that
/// holds several values is an error that says so: read those with [`values`] or [`read_store_var`]. An
/// empty file is [`ErrorKind::EmptyInput`]; one that ends inside the value its length declares is
/// [`ErrorKind::Truncated`]; the bytes of another format (a PNG, a ZIP, ConfigFile text, …) get
/// [`Hint::NotGodot`](crate::error::Hint::NotGodot) with the error.
///
/// ```
/// use godot_bin::{error::{ForeignFormat, Hint}, framing::from_store_var, Config, ErrorKind, Variant};
/// let cfg = Config::default();
/// assert!(matches!(from_store_var::<Variant>(&[], &cfg).unwrap_err().kind(), ErrorKind::EmptyInput));
/// let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
/// let err = from_store_var::<Variant>(png, &cfg).unwrap_err();
/// assert_eq!(err.hint(), Some(Hint::NotGodot { looks_like: ForeignFormat::Png }));
/// assert!(err.to_string().contains("not Godot data: this looks like a PNG image"), "{err}");
/// ```
///
/// ```
/// use godot_bin::framing::from_store_var;
/// // What Godot 4.6's FileAccess.store_var(1) wrote: the length 8, then var_to_bytes(1)
/// // (tests/fixtures/godot-4.6/values.tsv "int_1").
/// let file = [8, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0];
/// assert_eq!(from_store_var::<i64>(&file, &godot_bin::Config::default())?, 1);
/// // The same value twice: not one value.
/// let twice = [file, file].concat();
/// let err = from_store_var::<i64>(&twice, &godot_bin::Config::default()).unwrap_err();
/// assert!(err.to_string().contains("framing::values"));
/// assert_eq!(err.offset(), Some(12));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn from_store_var<'de, T: Deserialize<'de>>(file: &'de [u8], cfg: &Config) -> Result<T> {
    use crate::detect::ContainerKind;
    let container = match ContainerKind::of(file) {
        ContainerKind::Plain => None,
        ContainerKind::Encrypted => {
            Some("an encrypted FileAccess file (GDEC): open it with godot_bin::file::open (feature containers)")
        }
        ContainerKind::Compressed => {
            Some("a compressed FileAccess file (GCPF): open it with godot_bin::file::open (feature containers)")
        }
    };
    if let Some(what) = container {
        return Err(Error::at(ErrorKind::Message(format!("this is {what}, not a plain store_var file")), 0));
    }
    let mut it = values::<T>(file, cfg, Endian::Little);
    let v = it
        .next()
        .unwrap_or_else(|| Err(Error::at(ErrorKind::EmptyInput, 0)))
        .map_err(|e| hint_dialect(e, file, true, cfg))?;
    if it.pos < file.len() {
        let msg = format!(
            "the file holds more than one value ({} more byte(s) after the first): read them in turn with \
             godot_bin::framing::values or read_store_var",
            file.len() - it.pos
        );
        return Err(Error::at(ErrorKind::Message(msg), it.pos));
    }
    Ok(v)
}

/// Reads the next value a `store_var` file or `put_var` stream holds from an [`io::Read`](std::io::Read):
/// one frame (the length, then the value), like one `FileAccess.get_var` / `StreamPeer.get_var`; call it
/// again for the next. The frame is read whole before decoding, up to [`MAX_FRAME`] bytes: give an
/// untrusted reader a [`Read::take`](std::io::Read::take) limit or use [`read_frame`] with your own.
///
/// ```
/// use godot_bin::framing::{read_store_var, write_var, Endian};
/// let cfg = godot_bin::Config::default();
/// let mut file = Vec::new();
/// write_var(&mut file, &"level_01", &cfg, Endian::Little)?;
/// write_var(&mut file, &3, &cfg, Endian::Little)?;
/// let mut reader = file.as_slice();
/// assert_eq!(read_store_var::<_, String>(&mut reader, &cfg)?, "level_01");
/// assert_eq!(read_store_var::<_, i32>(&mut reader, &cfg)?, 3);
/// let end = read_store_var::<_, i32>(&mut reader, &cfg).unwrap_err(); // nothing left
/// assert!(matches!(end.kind(), godot_bin::ErrorKind::EmptyInput));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn read_store_var<R: std::io::Read, T: serde::de::DeserializeOwned>(reader: R, cfg: &Config) -> Result<T> {
    let mut reader = reader;
    let frame =
        read_frame(&mut reader, Endian::Little, MAX_FRAME)?.ok_or_else(|| Error::at(ErrorKind::EmptyInput, 0))?;
    decode_packet(&frame, cfg).map_err(|e| hint_dialect(e, &frame, false, cfg).shifted(4))
}

/// `e`, from reading `bytes` (a store_var file if `stream`, else one value) in `cfg`'s dialect, with a hint
/// naming the dialect that reads them when it is another one (a Godot 3 save read as Godot 4 fails with
/// "missing field" or "type id 27 is not a type of godot3", which does not say what to do).
#[cold]
fn hint_dialect(e: Error, bytes: &[u8], stream: bool, cfg: &Config) -> Error {
    use crate::detect::Framing;
    // (Objects refused: the error says which switch reads them; other dialects are beside the point.)
    if e.hint().is_some() || matches!(e.kind(), ErrorKind::ObjectsNotAllowed) {
        return e;
    }
    // Readings under `cfg`'s options only, so that the dialect named reads the bytes as they are asked for.
    let Ok(found) = crate::detect::detect_with(bytes, cfg) else {
        return e; // out of memory in another reading: nothing to hint
    };
    let framed = |c: &&crate::detect::Candidate| match c.framing {
        Framing::Bare => !stream,
        Framing::Stream { big_endian } => stream && !big_endian,
    };
    let mut readings = found.candidates.iter().filter(framed);
    if found.candidates.iter().filter(framed).any(|c| c.dialects.contains(&cfg.dialect())) {
        return e; // the dialect reads them: the error is about the type read into
    }
    match readings.next() {
        Some(c) => e.or_hint(crate::error::Hint::OtherDialect { dialect: c.dialect() }),
        None => e,
    }
}

/// `e`, from the first frame of `file`, with [`Hint::NotGodot`](crate::error::Hint::NotGodot) when `file`
/// starts like another format.
#[cold]
fn not_godot(e: Error, file: &[u8]) -> Error {
    match crate::error::ForeignFormat::of(file) {
        Some(looks_like) => e.or_hint(crate::error::Hint::NotGodot { looks_like }),
        None => e,
    }
}

/// What [`FrameDecoder::next_frame`] found.
///
/// ```
/// use godot_bin::framing::{Decoded, Endian, FrameDecoder};
/// let mut dec = FrameDecoder::new(Endian::Little, 16);
/// dec.feed(&[4, 0, 0, 0, 0, 0]);
/// assert_eq!(dec.next_frame()?, Decoded::NeedMore(2));
/// dec.feed(&[0, 0]);
/// assert_eq!(dec.next_frame()?, Decoded::Frame(bytes::Bytes::from_static(&[0, 0, 0, 0])));
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// A whole frame's payload (the encoded value, without its length).
    Frame(Bytes),
    /// Not enough input yet: at least this many more bytes are needed for the next frame.
    NeedMore(usize),
}

/// Splits a byte stream into frames (`StreamPeer.put_var`, `PacketPeerStream`, a `store_var` file), from
/// input that arrives in arbitrary pieces: partial frames wait for more input, several frames in one
/// piece come out one by one.
///
/// A length above the decoder's maximum frame size is an error (with the stream offset of the length
/// field), before anything is buffered for it; the error repeats until the decoder is dropped or
/// [`clear`](FrameDecoder::clear)ed, since the stream cannot be resynchronised.
///
/// ```
/// use godot_bin::framing::{Decoded, Endian, FrameDecoder};
/// let mut dec = FrameDecoder::new(Endian::Little, 64);
/// dec.feed(&[200, 0, 0, 0]);
/// let err = dec.next_frame().unwrap_err();
/// assert!(matches!(err.kind(), godot_bin::ErrorKind::InvalidLength { value: 200 }));
/// assert_eq!(err.offset(), Some(0));
/// ```
#[derive(Debug)]
pub struct FrameDecoder {
    buf: BytesMut,
    endian: Endian,
    max_frame: usize,
    /// Stream offset of the start of `buf`.
    offset: usize,
}

impl FrameDecoder {
    /// A decoder for lengths in `endian`, refusing frames longer than `max_frame` bytes (clamped to
    /// [`MAX_FRAME`]). PacketPeerStream's own limit is 2^`input_buffer_max_size`-ish (64 KiB by default).
    ///
    /// ```
    /// let dec = godot_bin::framing::FrameDecoder::new(godot_bin::framing::Endian::Big, 65536);
    /// assert_eq!(dec.buffered(), 0);
    /// ```
    pub fn new(endian: Endian, max_frame: usize) -> Self {
        FrameDecoder { buf: BytesMut::new(), endian, max_frame: max_frame.min(MAX_FRAME), offset: 0 }
    }

    /// Appends received bytes.
    ///
    /// ```
    /// let mut dec = godot_bin::framing::FrameDecoder::new(Default::default(), 64);
    /// dec.feed(&[1, 2]);
    /// dec.feed(&[3]);
    /// assert_eq!(dec.buffered(), 3);
    /// ```
    pub fn feed(&mut self, chunk: &[u8]) {
        self.buf.extend_from_slice(chunk);
    }

    /// Takes all of `chunk` (left empty). A chunk of 64 KiB or more that arrives while nothing is buffered is
    /// taken over without a copy (its frames then share `chunk`'s allocation); anything else is appended as by
    /// [`FrameDecoder::feed`], which leaves `chunk`'s allocation to its owner for the next read.
    ///
    /// ```
    /// use godot_bin::framing::{Decoded, FrameDecoder};
    /// let mut dec = FrameDecoder::new(Default::default(), 1 << 20);
    /// // One 100,000-byte frame (its content does not matter to the framing):
    /// let mut frame = vec![0u8; 100_004];
    /// frame[..4].copy_from_slice(&100_000u32.to_le_bytes());
    /// let mut received = bytes::BytesMut::from(&frame[..]);
    /// let at = received.as_ptr() as usize;
    /// dec.feed_buf(&mut received);
    /// assert!(received.is_empty());
    /// let Decoded::Frame(f) = dec.next_frame()? else { panic!("a whole frame") };
    /// assert_eq!((f.len(), f.as_ptr() as usize), (100_000, at + 4)); // the very bytes received
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn feed_buf(&mut self, chunk: &mut BytesMut) {
        const MOVE_MIN: usize = 64 << 10;
        if self.buf.is_empty() && chunk.len() >= MOVE_MIN {
            self.buf = chunk.split();
        } else {
            self.buf.extend_from_slice(chunk);
            chunk.clear();
        }
    }

    /// Bytes buffered and not yet returned in a frame.
    ///
    /// ```
    /// let mut dec = godot_bin::framing::FrameDecoder::new(Default::default(), 64);
    /// dec.feed(&[0, 0, 0, 0, 7]);
    /// assert!(dec.next_frame().is_ok()); // an empty frame
    /// assert_eq!(dec.buffered(), 1);
    /// ```
    pub fn buffered(&self) -> usize {
        self.buf.len()
    }

    /// Drops everything buffered (after an error, to start over on a new connection).
    ///
    /// ```
    /// let mut dec = godot_bin::framing::FrameDecoder::new(Default::default(), 64);
    /// dec.feed(&[0xff, 0xff, 0, 0]);
    /// assert!(dec.next_frame().is_err());
    /// dec.clear();
    /// assert_eq!(dec.buffered(), 0);
    /// ```
    pub fn clear(&mut self) {
        self.offset += self.buf.len();
        self.buf.clear();
    }

    /// The next whole frame, or how many more bytes it needs.
    ///
    /// ```
    /// use godot_bin::framing::{Decoded, FrameDecoder};
    /// let mut dec = FrameDecoder::new(Default::default(), 64);
    /// assert_eq!(dec.next_frame()?, Decoded::NeedMore(4));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn next_frame(&mut self) -> Result<Decoded> {
        if self.buf.len() < 4 {
            return Ok(Decoded::NeedMore(4 - self.buf.len()));
        }
        let len = self.endian.read_u32([self.buf[0], self.buf[1], self.buf[2], self.buf[3]]) as usize;
        if len > self.max_frame {
            return Err(Error::at(ErrorKind::InvalidLength { value: len as u64 }, self.offset));
        }
        if self.buf.len() - 4 < len {
            return Ok(Decoded::NeedMore(len - (self.buf.len() - 4)));
        }
        self.buf.advance(4);
        let frame = self.buf.split_to(len).freeze();
        self.offset += 4 + len;
        Ok(Decoded::Frame(frame))
    }

    /// The end of the stream: `Ok` if nothing is buffered, else the error for the partial (or undecoded)
    /// frame, with the stream offset of that frame's missing part.
    ///
    /// ```
    /// use godot_bin::{framing::FrameDecoder, ErrorKind};
    /// let mut dec = FrameDecoder::new(Default::default(), 64);
    /// assert!(dec.finish().is_ok());
    /// dec.feed(&[8, 0, 0, 0, 1, 0]); // 8 bytes announced, 2 there
    /// let err = dec.finish().unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::UnexpectedEof { needed: 6 }));
    /// assert_eq!(err.offset(), Some(4));
    /// ```
    pub fn finish(&mut self) -> Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let at = self.offset;
        match self.next_frame()? {
            Decoded::NeedMore(needed) if self.buf.len() < 4 => Err(Error::at(ErrorKind::UnexpectedEof { needed }, at)),
            Decoded::NeedMore(needed) => Err(Error::at(ErrorKind::UnexpectedEof { needed }, at + 4)),
            Decoded::Frame(_) => Err(Error::invalid("frame left undecoded at end of stream", Some(at))),
        }
    }

    /// The value in the next whole frame, if one is there (`None`: more input needed). Like
    /// `StreamPeer.get_var`, bytes inside the frame after the value are ignored.
    ///
    /// ```
    /// use godot_bin::framing::{put_var, Endian, FrameDecoder};
    /// let cfg = godot_bin::Config::default();
    /// let mut dec = FrameDecoder::new(Endian::Big, 1 << 16);
    /// dec.feed(&put_var(&(1, "a"), &cfg, Endian::Big)?);
    /// assert_eq!(dec.next_value::<(u8, String)>(&cfg)?, Some((1, "a".to_string())));
    /// assert_eq!(dec.next_value::<(u8, String)>(&cfg)?, None);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn next_value<T: serde::de::DeserializeOwned>(&mut self, cfg: &Config) -> Result<Option<T>> {
        let start = self.offset + 4;
        match self.next_frame()? {
            Decoded::Frame(f) => decode_packet(&f, cfg).map(Some).map_err(|e| e.shifted(start)),
            Decoded::NeedMore(_) => Ok(None),
        }
    }
}

/// Reads one frame from an [`io::Read`](std::io::Read) (a socket, a `store_var` file): `Ok(None)` at a
/// clean end of input. Memory grows with the bytes actually read, never with what a length claims; a
/// length above `max_frame` is an error. Error offsets count from where this call started reading (its
/// length field is byte 0, the value byte 4): add the reader's position for a file offset.
///
/// ```
/// use godot_bin::framing::{read_frame, Endian};
/// // A length of 8, then Godot 4.6 var_to_bytes(true), tests/fixtures/godot-4.6/values.tsv "bool_true":
/// let mut input: &[u8] = &[8, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];
/// let f = read_frame(&mut input, Endian::Little, 1 << 20)?.unwrap();
/// assert_eq!(godot_bin::from_slice::<bool>(&f)?, true);
/// assert!(read_frame(&mut input, Endian::Little, 1 << 20)?.is_none());
/// // A frame cut short: 8 bytes announced, 2 there; the value (byte 4) is where bytes are missing.
/// let mut cut: &[u8] = &[8, 0, 0, 0, 1, 0];
/// assert_eq!(read_frame(&mut cut, Endian::Little, 1 << 20).unwrap_err().offset(), Some(4));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn read_frame<R: std::io::Read>(reader: &mut R, endian: Endian, max_frame: usize) -> Result<Option<Vec<u8>>> {
    let mut len = [0u8; 4];
    let mut got = 0;
    while got < 4 {
        match reader.read(&mut len[got..]) {
            Ok(0) if got == 0 => return Ok(None),
            Ok(0) => return Err(Error::at(ErrorKind::UnexpectedEof { needed: 4 - got }, 0)),
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Error::at(ErrorKind::Io(e), got)),
        }
    }
    let n = endian.read_u32(len) as usize;
    if n > max_frame.min(MAX_FRAME) {
        return Err(Error::at(ErrorKind::InvalidLength { value: n as u64 }, 0));
    }
    let mut buf = Vec::with_capacity(n.min(1 << 16));
    if let Err(e) = std::io::Read::read_to_end(&mut std::io::Read::take(reader, n as u64), &mut buf) {
        return Err(Error::at(ErrorKind::Io(e), 4 + buf.len()));
    }
    if buf.len() < n {
        return Err(Error::at(ErrorKind::UnexpectedEof { needed: n - buf.len() }, 4));
    }
    Ok(Some(buf))
}

/// Every value of a `store_var` file (or a recorded `put_var` stream), in order. Like `FileAccess.get_var`,
/// each frame must be complete (one that runs past the end is [`ErrorKind::Truncated`]) and bytes inside a
/// frame after its value are ignored. Errors carry file offsets; iteration stops after the first error; an
/// error in the first frame of bytes in another format (a PNG, ConfigFile text, …) has
/// [`Hint::NotGodot`](crate::error::Hint::NotGodot).
///
/// An empty file holds no values: the iterator yields none, as a stream that ends before its first frame
/// does (the readers of one value, [`from_store_var`] and [`read_store_var`], say
/// [`ErrorKind::EmptyInput`]).
///
/// ```
/// use godot_bin::framing::{values, Endian};
/// let cfg = godot_bin::Config::default();
/// assert_eq!(values::<i64>(&[], &cfg, Endian::Little).count(), 0);
/// ```
///
/// ```
/// use godot_bin::framing::{values, Endian};
/// let cfg = godot_bin::Config::default();
/// // A file written with store_var(1) then store_var("a") … cut short: each length, then Godot 4.6's
/// // var_to_bytes of the value (tests/fixtures/godot-4.6/values.tsv "int_1", "str_len1"):
/// let file = [8, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 12, 0, 0, 0, 4, 0];
/// let mut it = values::<i64>(&file, &cfg, Endian::Little);
/// assert_eq!(it.next().unwrap()?, 1);
/// assert_eq!(it.next().unwrap().unwrap_err().offset(), Some(16));
/// assert!(it.next().is_none());
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn values<'de, T: Deserialize<'de>>(file: &'de [u8], cfg: &Config, endian: Endian) -> Values<'de, T> {
    Values { file, pos: 0, cfg: cfg.clone(), endian, done: false, _t: std::marker::PhantomData }
}

/// The iterator of [`values`].
///
/// ```
/// let cfg = godot_bin::Config::default();
/// let file = godot_bin::framing::put_var(&7, &cfg, Default::default())?;
/// let it: godot_bin::framing::Values<'_, i32> = godot_bin::framing::values(&file, &cfg, Default::default());
/// assert_eq!(it.map(Result::unwrap).collect::<Vec<_>>(), [7]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Debug)]
pub struct Values<'de, T> {
    file: &'de [u8],
    pos: usize,
    cfg: Config,
    endian: Endian,
    done: bool,
    _t: std::marker::PhantomData<fn() -> T>,
}

impl<'de, T: Deserialize<'de>> Iterator for Values<'de, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if self.done || self.pos >= self.file.len() {
            return None;
        }
        let rest = &self.file[self.pos..];
        let r = (|| {
            if rest.len() < 4 {
                return Err(Error::at(ErrorKind::UnexpectedEof { needed: 4 - rest.len() }, self.pos));
            }
            let n = self.endian.read_u32([rest[0], rest[1], rest[2], rest[3]]) as usize;
            if n > rest.len() - 4 {
                return Err(Error::at(ErrorKind::Truncated { declared: n, present: rest.len() - 4 }, self.pos + 4));
            }
            let frame = &rest[4..4 + n];
            let v = decode_packet(frame, &self.cfg).map_err(|e| e.shifted(self.pos + 4))?;
            self.pos += 4 + n;
            Ok(v)
        })();
        let r = match r {
            Err(e) if self.pos == 0 => Err(not_godot(e, self.file)),
            r => r,
        };
        if r.is_err() {
            self.done = true;
        }
        Some(r)
    }
}
