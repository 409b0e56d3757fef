//! Layer 4, the [`Variant`] codec: values to bytes and back. It speaks in [`TypeKind`](crate::types::TypeKind)s
//! and asks the [`Dialect`](crate::config::Dialect) for ids and rules, so one decoder and one encoder serve
//! every engine. Uses the data, wire, config/error and dialect layers; no serde. One job a file:
//!
//! * `decoder`: the [`Decoder`], the reads of every value that holds no others and of containers' heads;
//! * `walk`: the decode loop, one value and all nested in it with a stack of frames on the heap, and the
//!   rule that makes a container inside a dictionary key build its hash ([`KeyFrame`]);
//! * `dict`: dictionary keys as the engines compare them, the [`DictBuilder`] and the key index shared with
//!   the borrowed decode;
//! * `encoder`: the [`Encoder`];
//! * [`borrowed`]: the borrowed [`VariantRef`](borrowed::VariantRef);
//! * [`admit`]: the admission rules of typed containers.

pub(crate) mod admit;
pub(crate) mod borrowed;
mod decoder;
mod dict;
mod encoder;
mod walk;

pub(crate) use decoder::{reads_alike, Decoder};
pub(crate) use dict::DictBuilder;
pub(crate) use encoder::{math_wide, Encoder};
pub(crate) use walk::{push_frame, KeyFrame};

use crate::config::Config;
use crate::error::{Error, ErrorKind, Result};
use crate::value::*;
use crate::wire::Output;

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

pub(crate) fn decode_prefix(bytes: &[u8], cfg: &Config) -> Result<(Variant, usize)> {
    let mut d = Decoder::new(bytes, cfg);
    let v = d.value(0)?;
    Ok((v, d.r.pos()))
}

pub(crate) fn encode_into<O: Output>(v: &Variant, out: &mut O, cfg: &Config) -> Result<()> {
    Encoder::new(cfg, out).value(v, 0)
}
