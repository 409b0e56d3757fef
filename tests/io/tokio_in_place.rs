//! The tokio decoders read frames in place: decoding copies no received byte (counted with a counting
//! allocator, as in tests/hostile/alloc_bounds.rs), and a packet is a view of the buffer tokio read into; a packet
//! is framed straight into the buffer tokio writes from.
#![cfg(feature = "tokio")]

use bytes::{Bytes, BytesMut};
use godot_bin::tokio_codec::{PacketStreamCodec, VarCodec};
use godot_bin::{Config, ErrorKind, Variant};
use tokio_util::codec::{Decoder, Encoder};

use crate::common::alloc::allocated_during;

/// Two `put_var` frames of a 1 MiB PackedByteArray each, as a peer sends them.
fn two_big_frames(cfg: &Config) -> Vec<u8> {
    let v = Variant::PackedByteArray(vec![7u8; 1 << 20]);
    let mut wire = Vec::new();
    for _ in 0..2 {
        wire.extend_from_slice(&godot_bin::framing::put_var(&v, cfg, godot_bin::framing::Endian::Little).unwrap());
    }
    wire
}

#[test]
fn var_codec_decodes_without_copying_received_bytes() {
    let cfg = Config::default();
    let wire = two_big_frames(&cfg);
    // Bytes arrive in pieces, the first frame cut in the middle, as FramedRead hands them over.
    let mut src = BytesMut::with_capacity(wire.len());
    let mut codec = VarCodec::<serde::de::IgnoredAny>::new(cfg);
    let cut = 600_000;
    src.extend_from_slice(&wire[..cut]);
    let (first, n1) = allocated_during(|| codec.decode(&mut src));
    assert!(first.unwrap().is_none());
    src.extend_from_slice(&wire[cut..]);
    let (items, n2) = allocated_during(|| {
        let a = codec.decode(&mut src).unwrap();
        let b = codec.decode(&mut src).unwrap();
        let c = codec.decode_eof(&mut src).unwrap();
        (a.is_some(), b.is_some(), c.is_none())
    });
    assert_eq!(items, (true, true, true));
    // 2 MiB received; the values are ignored, so nothing needs memory: the old decoder copied every
    // received byte into its own buffer (at least 2 MiB here).
    println!("VarCodec<IgnoredAny>, 2 frames, {} bytes received: {} bytes allocated", wire.len(), n1 + n2);
    assert!(n1 + n2 < 4096, "decoding allocated {} bytes", n1 + n2);
    assert!(src.is_empty());
}

#[test]
fn var_codec_owned_values_cost_their_own_bytes_only() {
    let cfg = Config::default();
    let wire = two_big_frames(&cfg);
    let mut src = BytesMut::from(&wire[..]);
    let mut codec = VarCodec::<Variant>::new(cfg);
    let (vals, n) = allocated_during(|| {
        let a = codec.decode(&mut src).unwrap().unwrap();
        let b = codec.decode(&mut src).unwrap().unwrap();
        (a, b)
    });
    assert_eq!(vals.0, Variant::PackedByteArray(vec![7u8; 1 << 20]));
    // The two values hold 2 MiB; the received 2 MiB are not copied a second time.
    println!("VarCodec<Variant>, 2 frames, {} bytes received: {n} bytes allocated", wire.len());
    assert!(n < (2 << 20) + 4096, "decoding allocated {n} bytes for 2 MiB of values");
}

#[test]
fn var_codec_errors_keep_stream_offsets_and_cut_frames_at_eof() {
    let cfg = Config::default();
    let one = godot_bin::framing::put_var(&1i64, &cfg, godot_bin::framing::Endian::Little).unwrap();
    let mut wire = one.clone();
    // A second frame whose value has an unknown type id (0xff) at its first byte.
    wire.extend_from_slice(&[8, 0, 0, 0, 0xff, 0, 0, 0, 0, 0, 0, 0]);
    let mut src = BytesMut::from(&wire[..]);
    let mut codec = VarCodec::<Variant>::new(cfg.clone());
    assert_eq!(codec.decode(&mut src).unwrap(), Some(Variant::Int(1)));
    let err = codec.decode(&mut src).unwrap_err();
    assert_eq!(err.offset(), Some(one.len() + 4), "{err}");

    // A frame cut short at the end of the stream: the error names the missing bytes and where.
    let mut src = BytesMut::from(&one[..one.len() - 3]);
    let mut codec = VarCodec::<Variant>::new(cfg);
    let err = codec.decode_eof(&mut src).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::UnexpectedEof { needed: 3 }), "{err}");
    assert_eq!(err.offset(), Some(4));
}

#[test]
fn packet_stream_packets_are_views_of_the_received_buffer() {
    let mut src = BytesMut::new();
    src.extend_from_slice(&[3, 0, 0, 0, b'a', b'b', b'c', 2, 0, 0, 0, b'x', b'y']);
    let range = src.as_ptr() as usize..src.as_ptr() as usize + src.len();
    let mut codec = PacketStreamCodec::new();
    let (packets, n) = allocated_during(|| {
        let a: Bytes = codec.decode(&mut src).unwrap().unwrap();
        let b: Bytes = codec.decode(&mut src).unwrap().unwrap();
        (a, b)
    });
    assert_eq!((&packets.0[..], &packets.1[..]), (&b"abc"[..], &b"xy"[..]));
    // Both packets point into the buffer the bytes were received in (the old decoder copied small
    // reads into a buffer of its own).
    assert!(range.contains(&(packets.0.as_ptr() as usize)) && range.contains(&(packets.1.as_ptr() as usize)));
    println!("PacketStreamCodec, 2 packets: {n} bytes allocated");
    assert!(n < 256, "decoding allocated {n} bytes");
}

#[test]
fn packet_stream_encodes_into_the_buffer_only() {
    let packet = vec![5u8; 10_000];
    let mut dst = BytesMut::with_capacity(2 * (4 + packet.len()));
    let mut codec = PacketStreamCodec::new();
    let ((), n) = allocated_during(|| {
        codec.encode(&packet[..], &mut dst).unwrap();
        codec.encode(&packet[..], &mut dst).unwrap();
    });
    println!("PacketStreamCodec, 2 packets of 10,000 bytes into a BytesMut with room: {n} bytes allocated");
    // The old encoder framed each packet in a Vec of its own first (10,004 bytes each), then copied it.
    assert_eq!(n, 0);
    assert_eq!(&dst[..4], &[0x10, 0x27, 0, 0]);
    assert_eq!(dst.len(), 2 * 10_004);
}
