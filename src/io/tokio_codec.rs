//! [`tokio_util::codec`](https://docs.rs/tokio-util/0.7/tokio_util/codec/index.html) framing for Godot peers (feature `tokio`): `StreamPeer.put_var` / `get_var` over a
//! TCP (or TLS, or any byte) stream, and `PacketPeerStream` packets.
//!
//! | engine side | codec | item |
//! |---|---|---|
//! | `StreamPeerTCP.put_var(v)` / `get_var()` (`big_endian` false or true) | [`VarCodec<T>`] | any serde type `T` (decoding), anything `Serialize` (encoding) |
//! | `PacketPeerStream.put_var(v)` / `get_var()` | [`VarCodec<T>`] (its lengths are always little-endian) | as above |
//! | `PacketPeerStream.put_packet(p)` / `get_packet()` | [`PacketStreamCodec`] | [`Bytes`](https://docs.rs/bytes/1/bytes/struct.Bytes.html) |
//!
//! Both split frames as [`FrameDecoder`](framing::FrameDecoder) does, but in place: a whole frame is split off the buffer tokio
//! reads into and decoded from there, so no received byte is copied. They build frames with
//! [`framing::put_var`], so the bytes are exactly those of [`crate::framing`]. A
//! frame longer than the codec's maximum is an error in both directions: when decoding, as soon as its
//! length field arrives and before anything is reserved for it (so a peer cannot make us allocate what it
//! merely claims); when
//! encoding, before anything is written.
//!
//! ## A message that does not decode
//!
//! Two failures are told apart. **Broken framing** (a length over the maximum, a stream cut inside a frame, an
//! I/O error) is an `Err` of the stream: nothing after it can be found, and tokio-util's `Framed` /
//! `FramedRead` end the stream after it. **An intact frame whose value does not deserialize** as `T` (a
//! message this server does not know, a field of the wrong type, damaged value bytes) has been taken off the
//! stream whole, and the next frame starts right after it. Plain [`VarCodec<T>`] still returns it as an
//! `Err`, which ends a `Framed` stream; [`VarCodec::tolerant`] returns it as an item, `Err(`[`BadFrame`]`)`,
//! and the stream goes on: the outer `Result` is the connection, the inner one the message.
//!
//! ```
//! use futures::{SinkExt, StreamExt};
//! use godot_bin::tokio_codec::VarCodec;
//! use serde::{Deserialize, Serialize};
//! use tokio_util::codec::Framed;
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! enum ClientMsg { Hello { name: String }, Bye }
//!
//! # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
//! let (client, server) = tokio::io::duplex(1024);
//! let mut client = Framed::new(client, VarCodec::<godot_bin::Variant>::default());
//! // A message the server does not know, then one it does: GDScript's put_var("Ping"), put_var("Bye").
//! client.send("Ping").await?;
//! client.send("Bye").await?;
//! let mut peer = Framed::new(server, VarCodec::<ClientMsg>::default().tolerant());
//! let first = peer.next().await.unwrap()?; // `?`: the connection is broken
//! let bad = first.unwrap_err();             // this message is not a ClientMsg
//! assert!(bad.to_string().contains("Ping"), "{bad}");
//! assert_eq!(peer.next().await.unwrap()?.unwrap(), ClientMsg::Bye); // and the stream went on
//! # Ok::<(), godot_bin::Error>(())
//! # }).unwrap();
//! ```
//!
//! Two other ways not to drop a client: take every message as a [`Variant`](crate::Variant)
//! (`VarCodec<Variant>`, which reads any intact frame of the dialect) and convert it with
//! [`from_variant`](crate::from_variant), keeping the value of what did not convert; or give the message enum a
//! catch-all unit variant, `#[serde(other)] Unknown`, which takes any message name it does not know (its
//! payload is skipped; a known name with wrong fields is still an error).
//!
//! ```
//! use godot_bin::{from_variant, Variant};
//! use serde::Deserialize;
//!
//! #[derive(Deserialize, Debug, PartialEq)]
//! enum ClientMsg { Hello { name: String }, Bye, #[serde(other)] Unknown }
//!
//! // {"Chat": {"text": "hi"}}, as GDScript's put_var sends it: an unknown message
//! let mut chat = godot_bin::Dictionary::default();
//! chat.insert("text".into(), "hi".into());
//! let mut msg = godot_bin::Dictionary::default();
//! msg.insert("Chat".into(), chat.into());
//! let msg = Variant::from(msg);
//! assert_eq!(from_variant::<ClientMsg>(&msg)?, ClientMsg::Unknown);
//! assert_eq!(godot_bin::from_slice::<ClientMsg>(&godot_bin::to_vec(&msg)?)?, ClientMsg::Unknown);
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! ## Both directions
//!
//! ```
//! use futures::{SinkExt, StreamExt};
//! use godot_bin::tokio_codec::VarCodec;
//! use serde::{Deserialize, Serialize};
//! use tokio_util::codec::Framed;
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Hello { name: String, level: i32 }
//!
//! # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
//! let (a, b) = tokio::io::duplex(1024);
//! let mut ours = Framed::new(a, VarCodec::<Hello>::new(godot_bin::Config::default()));
//! let mut peer = Framed::new(b, VarCodec::<godot_bin::Variant>::new(godot_bin::Config::default()));
//! ours.send(&Hello { name: "hero".into(), level: 3 }).await?;
//! // What a Godot peer's get_var() returns: {"name": "hero", "level": 3}
//! let v = peer.next().await.unwrap()?;
//! let mut d = godot_bin::Dictionary::default();
//! d.insert("name".into(), "hero".into());
//! d.insert("level".into(), godot_bin::Variant::Int(3));
//! assert_eq!(v, godot_bin::Variant::from(d));
//! peer.send(&v).await?;
//! assert_eq!(ours.next().await.unwrap()?, Hello { name: "hero".into(), level: 3 });
//! # Ok::<(), godot_bin::Error>(())
//! # }).unwrap();
//! ```

use std::marker::PhantomData;

use bytes::{Buf, Bytes, BytesMut};
use serde::de::DeserializeOwned;
use serde::Serialize;
use tokio_util::codec::{Decoder, Encoder};

use crate::config::Config;
use crate::error::{Error, ErrorKind, Result};
use crate::framing::{self, Endian};

/// The default maximum packet of [`PacketStreamCodec`]: 65,532 bytes, what fits Godot's default
/// `PacketPeerStream` buffer (2^16 bytes with the 4-byte length; project setting
/// `network/limits/packet_peer_stream/max_buffer_po2`).
///
/// ```
/// assert_eq!(godot_bin::tokio_codec::PACKET_STREAM_MAX, 65532);
/// ```
pub const PACKET_STREAM_MAX: usize = (1 << 16) - 4;

/// Frames cut in place from the buffer tokio reads into, as tokio-util's `LengthDelimitedCodec` does: a
/// frame is split off that buffer (no received byte is copied), a cut frame stays there until the rest
/// arrives. `offset` is the stream offset of the start of that buffer, for the errors' offsets.
#[derive(Debug)]
struct InPlace {
    endian: Endian,
    max_frame: usize,
    offset: usize,
}

impl InPlace {
    fn new(endian: Endian, max_frame: usize) -> Self {
        InPlace { endian, max_frame: max_frame.min(framing::MAX_FRAME), offset: 0 }
    }

    /// The next whole frame (without its length), split off the front of `src`; `None` until one is there.
    /// A length above the maximum is an error as soon as the length field is there.
    fn next(&mut self, src: &mut BytesMut) -> Result<Option<BytesMut>> {
        Ok(self.peek(src)?.map(|len| {
            src.advance(4);
            self.offset += 4 + len;
            src.split_to(len)
        }))
    }

    /// The length of the whole frame at the front of `src` (after its 4-byte length field), nothing
    /// consumed: the caller reads `src[4..4 + len]`, then takes both off `src` and counts them in `offset`.
    /// `None` until the whole frame is there; a length above the maximum is an error as soon as the length
    /// field is there.
    #[inline]
    fn peek(&self, src: &BytesMut) -> Result<Option<usize>> {
        let Some(&field) = src.first_chunk::<4>() else {
            return Ok(None);
        };
        let len = self.endian.read_u32(field) as usize;
        if len > self.max_frame {
            return Err(Error::at(ErrorKind::InvalidLength { value: len as u64 }, self.offset));
        }
        Ok((src.len() - 4 >= len).then_some(len))
    }

    /// At the end of the stream (after [`next`](Self::next) found no whole frame): bytes left in `src` are a
    /// cut frame, an error at the stream offset where its length (or, once the length is there, its body) is.
    fn finish(&self, src: &BytesMut) -> Result<()> {
        if src.is_empty() {
            return Ok(());
        }
        if src.len() < 4 {
            return Err(Error::at(ErrorKind::UnexpectedEof { needed: 4 - src.len() }, self.offset));
        }
        let len = self.endian.read_u32([src[0], src[1], src[2], src[3]]) as usize;
        Err(Error::at(ErrorKind::UnexpectedEof { needed: len - (src.len() - 4) }, self.offset + 4))
    }
}

fn check_out_len(len: usize, max: usize) -> Result<()> {
    if len > max {
        return Err(ErrorKind::InvalidLength { value: len as u64 }.into());
    }
    Ok(())
}

/// `StreamPeer.put_var` / `get_var` framing as a tokio-util [`Decoder`][tokio-decoder] of `T` and
/// [`Encoder`][tokio-encoder] of anything [`Serialize`]: a u32 length (little-endian, or big-endian for a peer
/// with `big_endian = true`), then the value in the [`Config`]'s dialect.
///
/// [tokio-decoder]: https://docs.rs/tokio-util/0.7/tokio_util/codec/trait.Decoder.html
/// [tokio-encoder]: https://docs.rs/tokio-util/0.7/tokio_util/codec/trait.Encoder.html
///
/// Decoding reads what the engine's `get_var` reads: bytes inside a frame after the value are ignored, and
/// the value is decoded as [`from_slice_with`](crate::from_slice_with) would (use [`crate::Variant`] as `T`
/// to take any value). Errors carry the byte offset in the stream. A partial frame at the end of the stream is
/// an [`ErrorKind::UnexpectedEof`] error. A value that does not deserialize as `T` is an error too, but its
/// frame has been consumed: calling `decode` again reads the next frame. A tokio-util `Framed` stream ends at
/// any error, though; to keep reading past such a message, use [`tolerant`](VarCodec::tolerant).
///
/// ```
/// use bytes::BytesMut;
/// use godot_bin::framing::Endian;
/// use godot_bin::tokio_codec::VarCodec;
/// use tokio_util::codec::{Decoder, Encoder};
///
/// let mut codec = VarCodec::<(String, i64)>::new(godot_bin::Config::default()).endian(Endian::Big);
/// let mut buf = BytesMut::new();
/// codec.encode(("hp", 5_000_000_000i64), &mut buf)?;
/// assert_eq!(&buf[..4], [0, 0, 0, 32]); // big-endian length
/// let tail = buf.split_off(10);          // the value arrives in two pieces
/// assert_eq!(codec.decode(&mut buf)?, None);
/// buf.unsplit(tail);
/// assert_eq!(codec.decode(&mut buf)?, Some(("hp".to_string(), 5_000_000_000)));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub struct VarCodec<T> {
    cfg: Config,
    endian: Endian,
    max_frame: usize,
    frames: InPlace,
    _t: PhantomData<fn() -> T>,
}

impl<T> std::fmt::Debug for VarCodec<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VarCodec")
            .field("cfg", &self.cfg)
            .field("endian", &self.endian)
            .field("max_frame", &self.max_frame)
            .field("stream_offset", &self.frames.offset)
            .finish()
    }
}

impl<T> Default for VarCodec<T> {
    /// [`VarCodec::new`] with [`Config::default`] (the newest Godot 4).
    fn default() -> Self {
        Self::new(Config::default())
    }
}

impl<T> VarCodec<T> {
    /// A codec for values in `cfg`'s dialect, with little-endian lengths (every peer's default, and always
    /// `PacketPeerStream`'s) and frames up to [`framing::PACKET_PEER_MAX`].
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use godot_bin::{tokio_codec::VarCodec, Config, Dialect};
    /// use tokio_util::codec::Encoder;
    /// let mut codec = VarCodec::<godot_bin::Variant>::new(Config::new(Dialect::Godot3));
    /// let mut buf = BytesMut::new();
    /// codec.encode(godot_bin::markers::Vector2::new(1.0, 2.0), &mut buf)?;
    /// assert_eq!(buf[4], 5); // Vector2 is type 5 in Godot 3 too (after the 4-byte length)
    /// codec.encode(std::collections::BTreeMap::<String, i64>::new(), &mut buf)?;
    /// assert_eq!(buf[12 + 4 + 4], 18); // a Dictionary is type 18 in Godot 3 (27 in Godot 4)
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn new(cfg: Config) -> Self {
        VarCodec {
            cfg,
            endian: Endian::Little,
            max_frame: framing::PACKET_PEER_MAX,
            frames: InPlace::new(Endian::Little, framing::PACKET_PEER_MAX),
            _t: PhantomData,
        }
    }

    /// The byte order of the length (`StreamPeer.big_endian = true` → [`Endian::Big`]). Call before use: it
    /// starts a fresh decoder.
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use godot_bin::{framing::Endian, tokio_codec::VarCodec};
    /// use tokio_util::codec::Encoder;
    /// let mut codec = VarCodec::<i32>::default().endian(Endian::Big);
    /// let mut buf = BytesMut::new();
    /// codec.encode(7, &mut buf)?;
    /// assert_eq!(&buf[..], [0, 0, 0, 8, 2, 0, 0, 0, 7, 0, 0, 0]); // only the length is big-endian
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn endian(mut self, endian: Endian) -> Self {
        self.endian = endian;
        self.frames = InPlace::new(endian, self.max_frame);
        self
    }

    /// The largest frame (value bytes, without the 4-byte length) accepted in either direction, clamped to
    /// [`framing::MAX_FRAME`]. Call before use: it starts a fresh decoder.
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use godot_bin::tokio_codec::VarCodec;
    /// use tokio_util::codec::{Decoder, Encoder};
    /// let mut codec = VarCodec::<String>::default().max_frame(16);
    /// assert!(codec.encode("far too long for sixteen bytes", &mut BytesMut::new()).is_err());
    /// // A length of 1000 is refused as soon as it arrives, before the 1000 bytes do:
    /// let err = codec.decode(&mut BytesMut::from(&[0xe8, 3, 0, 0][..])).unwrap_err();
    /// assert!(matches!(err.kind(), godot_bin::ErrorKind::InvalidLength { value: 1000 }));
    /// ```
    pub fn max_frame(mut self, max: usize) -> Self {
        self.max_frame = max.min(framing::MAX_FRAME);
        self.frames = InPlace::new(self.endian, self.max_frame);
        self
    }

    /// This codec, with a frame whose value does not deserialize as `T` returned as an item,
    /// `Err(`[`BadFrame`]`)`, instead of as an error that ends a tokio-util `Framed` stream: the stream goes
    /// on with the next frame. Broken framing (a length over the maximum, a cut frame, an I/O error) is still
    /// the stream's error. See [the module docs](self#a-message-that-does-not-decode).
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use godot_bin::tokio_codec::VarCodec;
    /// use tokio_util::codec::{Decoder, Encoder};
    ///
    /// let mut codec = VarCodec::<i64>::default().tolerant();
    /// let mut buf = BytesMut::new();
    /// codec.encode("not a number", &mut buf)?;
    /// codec.encode(7, &mut buf)?;
    /// let bad = codec.decode(&mut buf)?.unwrap().unwrap_err();
    /// // A stream offset: the 4-byte length, then the 20-byte String that is not an int.
    /// assert_eq!(bad.error.offset(), Some(24));
    /// assert_eq!(codec.decode(&mut buf)?.unwrap()?, 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tolerant(self) -> TolerantVarCodec<T> {
        TolerantVarCodec { codec: self }
    }
}

impl<T: DeserializeOwned> VarCodec<T> {
    /// The next whole frame's value: `Ok(None)` until the frame is there, `Err` for broken framing, and
    /// `Ok(Some(Err(_)))` for an intact frame whose value does not deserialize. Either way a whole frame is
    /// taken off `src`, so the next call starts at the next frame.
    #[inline(always)]
    fn next_value(&mut self, src: &mut BytesMut) -> Result<Option<std::result::Result<T, BadFrame>>> {
        let start = self.frames.offset + 4;
        let Some(len) = self.frames.peek(src)? else {
            return Ok(None);
        };
        // Decoded like `get_var`, straight from tokio's buffer, then the frame and its length are consumed in
        // one step (read or not); errors carry stream offsets.
        let value = framing::decode_packet(&src[4..4 + len], &self.cfg);
        self.frames.offset += 4 + len;
        Ok(Some(match value {
            Ok(v) => {
                src.advance(4 + len);
                Ok(v)
            }
            Err(e) => {
                let mut frame = src.split_to(4 + len);
                frame.advance(4);
                Err(BadFrame { error: e.shifted(start), frame: frame.freeze() })
            }
        }))
    }
}

impl<T: DeserializeOwned> Decoder for VarCodec<T> {
    type Item = T;
    type Error = Error;

    #[inline(always)]
    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<T>> {
        match self.next_value(src)? {
            Some(value) => value.map(Some).map_err(|bad| bad.error),
            None => Ok(None),
        }
    }

    fn decode_eof(&mut self, src: &mut BytesMut) -> Result<Option<T>> {
        match self.decode(src)? {
            Some(v) => Ok(Some(v)),
            None => self.frames.finish(src).map(|()| None),
        }
    }
}

impl<T, I: Serialize> Encoder<I> for VarCodec<T> {
    type Error = Error;

    fn encode(&mut self, item: I, dst: &mut BytesMut) -> Result<()> {
        // Framed straight into `dst`; a frame over the limit (`max_frame <= MAX_FRAME`) is taken back out,
        // with the error of `check_out_len`.
        framing::put_var_limited(&item, dst, &self.cfg, self.endian, self.max_frame).map(drop)
    }
}

/// A [`VarCodec`] that keeps going past a message it cannot read: its items are `Result<T, BadFrame>`, an
/// intact frame whose value does not deserialize as `T` being an `Err(BadFrame)` item after which the stream
/// goes on. The decoder's own errors (the outer `Result` of a `Framed` stream) are broken framing only: a
/// length over the maximum, a frame cut by the end of the stream. Made by [`VarCodec::tolerant`]; it encodes
/// as the [`VarCodec`] it was made from.
///
/// ```
/// use futures::{SinkExt, StreamExt};
/// use godot_bin::tokio_codec::VarCodec;
/// use tokio_util::codec::Framed;
///
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let (a, b) = tokio::io::duplex(1024);
/// let mut client = Framed::new(a, VarCodec::<godot_bin::Variant>::default());
/// client.send(1.5).await?;
/// client.send(2).await?;
/// drop(client);
/// let mut server = Framed::new(b, VarCodec::<i32>::default().tolerant());
/// let mut got = Vec::new();
/// while let Some(frame) = server.next().await {
///     match frame? {
///         Ok(n) => got.push(n),
///         Err(bad) => println!("skipped a message: {bad}"),
///     }
/// }
/// assert_eq!(got, [2]);
/// # Ok::<(), godot_bin::Error>(())
/// # }).unwrap();
/// ```
pub struct TolerantVarCodec<T> {
    codec: VarCodec<T>,
}

impl<T> std::fmt::Debug for TolerantVarCodec<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("TolerantVarCodec").field(&self.codec).finish()
    }
}

impl<T: DeserializeOwned> Decoder for TolerantVarCodec<T> {
    type Item = std::result::Result<T, BadFrame>;
    type Error = Error;

    #[inline(always)]
    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<Self::Item>> {
        self.codec.next_value(src)
    }

    fn decode_eof(&mut self, src: &mut BytesMut) -> Result<Option<Self::Item>> {
        match self.decode(src)? {
            Some(v) => Ok(Some(v)),
            None => self.codec.frames.finish(src).map(|()| None),
        }
    }
}

impl<T, I: Serialize> Encoder<I> for TolerantVarCodec<T> {
    type Error = Error;

    fn encode(&mut self, item: I, dst: &mut BytesMut) -> Result<()> {
        self.codec.encode(item, dst)
    }
}

/// An intact frame whose value did not deserialize, as [`TolerantVarCodec`] returns it: the error (its offset
/// is the stream offset where the value went wrong) and the frame's value bytes (without the length), taken off
/// the stream, which goes on after them. The bytes can be read again another way, e.g. as a
/// [`Variant`](crate::Variant) to log what the peer sent.
///
/// ```
/// use bytes::BytesMut;
/// use godot_bin::tokio_codec::VarCodec;
/// use tokio_util::codec::{Decoder, Encoder};
///
/// let mut codec = VarCodec::<bool>::default().tolerant();
/// let mut buf = BytesMut::new();
/// codec.encode("Ping", &mut buf)?;
/// let bad = codec.decode(&mut buf)?.unwrap().unwrap_err();
/// assert_eq!(godot_bin::from_slice::<godot_bin::Variant>(&bad.frame)?, "Ping".into());
/// assert!(matches!(bad.error.kind(), godot_bin::ErrorKind::Message(_)), "{bad}");
/// codec.encode(5, &mut buf)?;
/// let bad = codec.decode(&mut buf)?.unwrap().unwrap_err(); // TYPE_INT, 5: not a bool
/// assert_eq!(&bad.frame[..], [2, 0, 0, 0, 5, 0, 0, 0]);
/// assert_eq!(bad.error.offset(), Some(16 + 4 + 8)); // the first frame, this one's length, its 8-byte int
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct BadFrame {
    /// Why the value did not deserialize, with its stream offset.
    pub error: Error,
    /// The frame's value bytes, without the length field.
    pub frame: Bytes,
}

impl std::fmt::Display for BadFrame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a message of {} byte(s) did not decode: {}", self.frame.len(), self.error)
    }
}

impl std::error::Error for BadFrame {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl From<BadFrame> for Error {
    fn from(bad: BadFrame) -> Error {
        bad.error
    }
}

/// `PacketPeerStream` packets (`put_packet` / `get_packet`) as a tokio-util [`Decoder`][tokio-decoder] /
/// [`Encoder`][tokio-encoder] of raw [`Bytes`][bytes-bytes]: a little-endian u32 length, then the packet. A packet holding a value (`put_var`) decodes with
/// [`framing::decode_packet`]; or use [`VarCodec`], which reads and writes the same bytes for values.
///
/// ```
/// use bytes::{Buf, Bytes, BytesMut};
/// use godot_bin::tokio_codec::PacketStreamCodec;
/// use tokio_util::codec::{Decoder, Encoder};
///
/// let mut codec = PacketStreamCodec::new();
/// let mut buf = BytesMut::new();
/// codec.encode(Bytes::from_static(b"raw"), &mut buf)?;
/// codec.encode(&godot_bin::framing::encode_packet(&42, &godot_bin::Config::default())?[..], &mut buf)?;
/// assert_eq!(&buf[..7], [3, 0, 0, 0, b'r', b'a', b'w']);
/// assert_eq!(codec.decode(&mut buf)?, Some(Bytes::from_static(b"raw")));
/// let p = codec.decode(&mut buf)?.unwrap();
/// assert_eq!(godot_bin::framing::decode_packet::<i32>(&p, &godot_bin::Config::default())?, 42);
/// # Ok::<(), godot_bin::Error>(())
/// ```
///
/// [tokio-decoder]: https://docs.rs/tokio-util/0.7/tokio_util/codec/trait.Decoder.html
/// [tokio-encoder]: https://docs.rs/tokio-util/0.7/tokio_util/codec/trait.Encoder.html
/// [bytes-bytes]: https://docs.rs/bytes/1/bytes/struct.Bytes.html
#[derive(Debug)]
pub struct PacketStreamCodec {
    max_packet: usize,
    frames: InPlace,
}

impl Default for PacketStreamCodec {
    /// [`PacketStreamCodec::new`].
    fn default() -> Self {
        Self::new()
    }
}

impl PacketStreamCodec {
    /// A codec for packets up to [`PACKET_STREAM_MAX`] bytes (Godot's default `PacketPeerStream` buffer).
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use godot_bin::tokio_codec::{PacketStreamCodec, PACKET_STREAM_MAX};
    /// use tokio_util::codec::Encoder;
    /// let mut c = PacketStreamCodec::new();
    /// assert!(c.encode(&[0u8; PACKET_STREAM_MAX][..], &mut BytesMut::new()).is_ok());
    /// assert!(c.encode(&[0u8; PACKET_STREAM_MAX + 1][..], &mut BytesMut::new()).is_err());
    /// ```
    pub fn new() -> Self {
        Self::with_max_packet(PACKET_STREAM_MAX)
    }

    /// A codec for packets up to `max` bytes (clamped to [`framing::MAX_FRAME`]), in both directions; match
    /// the engine side's `input_buffer_max_size` / `output_buffer_max_size`.
    ///
    /// ```
    /// use bytes::BytesMut;
    /// use tokio_util::codec::Encoder;
    /// let mut c = godot_bin::tokio_codec::PacketStreamCodec::with_max_packet(2);
    /// assert!(c.encode(&b"abc"[..], &mut BytesMut::new()).is_err());
    /// ```
    pub fn with_max_packet(max: usize) -> Self {
        let max = max.min(framing::MAX_FRAME);
        PacketStreamCodec { max_packet: max, frames: InPlace::new(Endian::Little, max) }
    }

    fn put(&self, packet: &[u8], dst: &mut BytesMut) -> Result<()> {
        check_out_len(packet.len(), self.max_packet)?;
        // The frame framing::put_var writes, written straight into `dst` (max_packet <= MAX_FRAME).
        dst.reserve(4 + packet.len());
        dst.extend_from_slice(&Endian::Little.u32_bytes(packet.len() as u32));
        dst.extend_from_slice(packet);
        Ok(())
    }
}

impl Decoder for PacketStreamCodec {
    type Item = Bytes;
    type Error = Error;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<Bytes>> {
        Ok(self.frames.next(src)?.map(BytesMut::freeze))
    }

    fn decode_eof(&mut self, src: &mut BytesMut) -> Result<Option<Bytes>> {
        match self.decode(src)? {
            Some(p) => Ok(Some(p)),
            None => self.frames.finish(src).map(|()| None),
        }
    }
}

impl Encoder<Bytes> for PacketStreamCodec {
    type Error = Error;

    fn encode(&mut self, item: Bytes, dst: &mut BytesMut) -> Result<()> {
        self.put(&item, dst)
    }
}

impl Encoder<&[u8]> for PacketStreamCodec {
    type Error = Error;

    fn encode(&mut self, item: &[u8], dst: &mut BytesMut) -> Result<()> {
        self.put(item, dst)
    }
}

impl Encoder<Vec<u8>> for PacketStreamCodec {
    type Error = Error;

    fn encode(&mut self, item: Vec<u8>, dst: &mut BytesMut) -> Result<()> {
        self.put(&item, dst)
    }
}
