//! Layer 7, messages, streams and files: [`framing`] (the length-prefixed frames of `StreamPeer.put_var`,
//! `PacketPeerStream` and `FileAccess.store_var`), `tokio_codec` (feature `tokio`), `detect` (crate-private: what a
//! file or message is, for `file` and the framing readers), `container`
//! (feature `containers`: GCPF compressed and GDEC encrypted files), [`config_file`] (ConfigFile text),
//! [`file`] (files on disk, written atomically).
//! Uses the
//! codec, the serde format and the layers below.

#[cfg(feature = "containers")]
mod atomic;
pub mod config_file;
#[cfg(feature = "containers")]
pub mod container;
pub(crate) mod detect;
#[cfg(feature = "containers")]
pub mod file;
pub mod framing;
pub mod resource;
#[cfg(feature = "tokio")]
pub mod tokio_codec;
