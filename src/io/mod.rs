//! Layer 7, messages on streams: [`framing`] (the length-prefixed frames of `StreamPeer.put_var`,
//! `PacketPeerStream` and `FileAccess.store_var`) and `tokio_codec` (feature `tokio`). Uses the codec and the
//! serde format.

pub mod framing;
#[cfg(feature = "tokio")]
#[cfg_attr(docsrs, doc(cfg(feature = "tokio")))]
pub mod tokio_codec;
