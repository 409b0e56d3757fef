//! `godot_bin::tokio_codec` (feature `tokio`): the `StreamPeer.put_var` and `PacketPeerStream` bytes Godot
//! 4.6.3 and 3.6.2 wrote (tests/fixtures/godot-*/serde.tsv) decoded from pieces of every size and rebuilt,
//! typed messages over tokio streams and loopback TCP, the size limit, truncated and corrupt streams.
#![cfg(feature = "tokio")]

use crate::common;

use bytes::BytesMut;
use futures::{SinkExt, StreamExt};
use godot_bin::framing::{self, Endian};
use godot_bin::tokio_codec::{PacketStreamCodec, VarCodec, PACKET_STREAM_MAX};
use godot_bin::{markers::Vector2, packed::PackedStringArray, Config, Dialect, ErrorKind, Variant};
use serde::{Deserialize, Serialize};
use tokio::io::AsyncWriteExt;
use tokio_util::codec::{Decoder, Encoder, FramedRead, FramedWrite};

fn engines() -> [(&'static str, Config); 2] {
    [("godot-4.6", Config::new(Dialect::Godot4_6)), ("godot-3.6", Config::new(Dialect::Godot3))]
}

/// (id, framing, bytes) rows of an engine's serde.tsv.
fn rows(engine: &str) -> Vec<(String, String, Vec<u8>)> {
    common::rows(&format!("{engine}/serde.tsv"))
        .into_iter()
        .map(|r| (r.get(0).to_owned(), r.get(1).to_owned(), common::unhex(r.get(2))))
        .collect()
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

/// Feeds `stream` to `codec` in pieces of `step` bytes (as a socket might deliver it), collecting items.
fn decode_in_pieces<D: Decoder>(codec: &mut D, stream: &[u8], step: usize) -> Result<Vec<D::Item>, D::Error> {
    let mut buf = BytesMut::new();
    let mut out = Vec::new();
    for piece in stream.chunks(step) {
        buf.extend_from_slice(piece);
        while let Some(v) = codec.decode(&mut buf)? {
            out.push(v);
        }
    }
    if let Some(v) = codec.decode_eof(&mut buf)? {
        out.push(v);
    }
    Ok(out)
}

#[test]
fn engine_put_var_and_packet_stream_bytes_decode_and_rebuild() {
    for (engine, cfg) in engines() {
        let rows = rows(engine);
        let payload = |id: &str| rows.iter().find(|r| r.0 == id && r.1 == "var").expect("var row").2.clone();
        let mut checked = 0;
        for (framing_name, endian) in
            [("put_var", Endian::Little), ("put_var_be", Endian::Big), ("packet_stream", Endian::Little)]
        {
            let frames: Vec<_> = rows.iter().filter(|r| r.1 == framing_name).collect();
            assert_eq!(frames.len(), 6, "{engine} {framing_name}");
            let stream: Vec<u8> = frames.iter().flat_map(|r| r.2.clone()).collect();
            let want: Vec<Variant> = frames.iter().map(|r| Variant::decode(&payload(&r.0), &cfg).unwrap()).collect();
            for step in [1, 2, 3, 5, 7, 64, stream.len()] {
                let mut codec = VarCodec::<Variant>::new(cfg.clone()).endian(endian);
                let got = decode_in_pieces(&mut codec, &stream, step).unwrap();
                assert_eq!(got, want, "{engine} {framing_name} step {step}");
            }
            // Encoding gives the engine's bytes (Godot 3.6.2 leaves NodePath padding unwritten: modulo padding).
            let mut codec = VarCodec::<Variant>::new(cfg.clone()).endian(endian);
            let mut ours = BytesMut::new();
            for v in &want {
                codec.encode(v, &mut ours).unwrap();
            }
            assert!(common::equal_modulo_padding(&stream, &ours), "{engine} {framing_name}");
            if framing_name == "packet_stream" {
                let packets = decode_in_pieces(&mut PacketStreamCodec::new(), &stream, 3).unwrap();
                for (p, r) in packets.iter().zip(&frames) {
                    assert!(common::equal_modulo_padding(&payload(&r.0), p), "{engine} {}", r.0);
                    assert_eq!(framing::decode_packet::<Variant>(p, &cfg).unwrap(), Variant::decode(p, &cfg).unwrap());
                }
                let mut again = BytesMut::new();
                for p in packets {
                    PacketStreamCodec::new().encode(p, &mut again).unwrap();
                }
                assert_eq!(&again[..], &stream[..], "{engine}: packets re-framed");
            }
            checked += frames.len();
        }
        assert_eq!(checked, 18, "{engine}");
    }
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
enum Msg {
    Move { id: i64, to: Vector2 },
    Chat(String),
    Tags(PackedStringArray),
    Ping,
}

fn messages() -> Vec<Msg> {
    vec![
        Msg::Move { id: 1, to: Vector2::new(1.5, -2.0) },
        Msg::Chat("héllo ✓".into()),
        Msg::Tags(vec!["a".to_string(), String::new()].into()),
        Msg::Ping,
        // Vector components are f32 on the wire (single-precision builds).
        Msg::Move { id: 5_000_000_000, to: Vector2::new(0.1f32 as f64, 3e38f32 as f64) },
    ]
}

#[test]
fn typed_messages_over_a_tokio_stream_both_endians_and_dialects() {
    rt().block_on(async {
        for (_, cfg) in engines() {
            for endian in [Endian::Little, Endian::Big] {
                let (a, b) = tokio::io::duplex(64); // small: frames cross many reads
                let codec = || VarCodec::<Msg>::new(cfg.clone()).endian(endian);
                let mut tx = FramedWrite::new(a, codec());
                let mut rx = FramedRead::new(b, codec());
                let sent = messages();
                let writer = async {
                    for m in &sent {
                        tx.send(m).await.unwrap();
                    }
                    SinkExt::<&Msg>::close(&mut tx).await.unwrap();
                };
                let reader = async {
                    let mut got = Vec::new();
                    while let Some(m) = rx.next().await {
                        got.push(m.unwrap());
                    }
                    got
                };
                let ((), got) = tokio::join!(writer, reader);
                assert_eq!(got, sent, "{} {endian:?}", cfg.dialect());
            }
        }
    });
}

#[test]
fn the_bytes_are_framing_put_var() {
    let cfg = Config::default();
    let mut codec = VarCodec::<Msg>::new(cfg.clone()).endian(Endian::Big);
    let mut buf = BytesMut::new();
    for m in messages() {
        buf.clear();
        codec.encode(&m, &mut buf).unwrap();
        assert_eq!(&buf[..], framing::put_var(&m, &cfg, Endian::Big).unwrap());
    }
}

#[test]
fn loopback_tcp_server_and_blocking_client() {
    rt().block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        // A blocking std client writing what StreamPeer.put_var writes, reading replies with framing::read_frame.
        let client = std::thread::spawn(move || {
            use std::io::Write;
            let cfg = Config::default();
            let mut s = std::net::TcpStream::connect(addr).unwrap();
            s.set_read_timeout(Some(std::time::Duration::from_secs(10))).unwrap();
            let mut replies = Vec::new();
            for m in messages() {
                s.write_all(&framing::put_var(&m, &cfg, Endian::Little).unwrap()).unwrap();
                let f = framing::read_frame(&mut s, Endian::Little, 1 << 20).unwrap().unwrap();
                replies.push(godot_bin::from_slice::<Msg>(&f).unwrap());
            }
            replies
        });
        let (sock, _) = listener.accept().await.unwrap();
        let mut peer = tokio_util::codec::Framed::new(sock, VarCodec::<Msg>::default());
        for _ in 0..messages().len() {
            let m =
                tokio::time::timeout(std::time::Duration::from_secs(10), peer.next()).await.unwrap().unwrap().unwrap();
            peer.send(&m).await.unwrap(); // echo
        }
        let replies = tokio::task::spawn_blocking(move || client.join().unwrap()).await.unwrap();
        assert_eq!(replies, messages());
    });
}

#[test]
fn oversized_length_refused_before_buffering() {
    let mut codec = VarCodec::<Variant>::default().max_frame(1024);
    let mut buf = BytesMut::new();
    // A valid frame, then a length of 2 GiB - 1 with nothing behind it.
    codec.encode(&1i32, &mut buf).unwrap();
    buf.extend_from_slice(&[0xff, 0xff, 0xff, 0x7f]);
    assert_eq!(codec.decode(&mut buf).unwrap(), Some(Variant::Int(1)));
    let err = codec.decode(&mut buf).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidLength { value: 0x7fff_ffff }), "{err}");
    assert_eq!(err.offset(), Some(12), "stream offset of the length field");
    // The same through a FramedRead: an error, then the end of the stream.
    rt().block_on(async {
        let (mut a, b) = tokio::io::duplex(64);
        a.write_all(&[0, 0, 0, 0x10]).await.unwrap();
        let mut rx = FramedRead::new(b, VarCodec::<Variant>::default().max_frame(1 << 20));
        assert!(rx.next().await.unwrap().is_err());
        assert!(rx.next().await.is_none());
    });
    // Encoding refuses too, and writes nothing.
    let mut out = BytesMut::new();
    let big = vec![0u8; 2000];
    assert!(VarCodec::<()>::default()
        .max_frame(1024)
        .encode(&godot_bin::packed::PackedByteArray(big.clone()), &mut out)
        .is_err());
    assert!(PacketStreamCodec::with_max_packet(1024).encode(big, &mut out).is_err());
    assert!(out.is_empty());
    // PacketPeerStream's default limit.
    let mut p = PacketStreamCodec::new();
    let mut buf = BytesMut::from(&((PACKET_STREAM_MAX + 1) as u32).to_le_bytes()[..]);
    assert!(p.decode(&mut buf).is_err());
    let mut buf = BytesMut::from(&(PACKET_STREAM_MAX as u32).to_le_bytes()[..]);
    assert_eq!(PacketStreamCodec::new().decode(&mut buf).unwrap(), None);
}

#[test]
fn truncated_and_corrupt_streams_are_errors_not_panics() {
    let cfg = Config::default();
    let whole = framing::put_var(&messages(), &cfg, Endian::Little).unwrap();
    // Cut anywhere inside the frame: the end of the stream is an UnexpectedEof error, never a value or a panic.
    for cut in 1..whole.len() {
        let r = decode_in_pieces(&mut VarCodec::<Vec<Msg>>::new(cfg.clone()), &whole[..cut], 7);
        let err = r.unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::UnexpectedEof { .. }), "cut {cut}: {err}");
        // `decode_eof` names the stream offset of the missing part: the length field, or the value.
        let missing_at = if cut < 4 { 0 } else { 4 };
        assert_eq!(err.offset(), Some(missing_at), "cut {cut}: {err}");
        let err = decode_in_pieces(&mut PacketStreamCodec::new(), &whole[..cut], 7).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::UnexpectedEof { .. }), "cut {cut}");
        assert_eq!(err.offset(), Some(missing_at), "cut {cut}: {err}");
    }
    // A clean end between frames is just the end.
    assert_eq!(decode_in_pieces(&mut VarCodec::<Vec<Msg>>::new(cfg.clone()), &whole, 5).unwrap(), [messages()]);
    // Every single-byte corruption of the value: an error with an offset inside the stream, or some value.
    for i in 4..whole.len() {
        for x in [0x00, 0xff, 0x80] {
            let mut bad = whole.clone();
            bad[i] ^= x;
            if let Err(e) = decode_in_pieces(&mut VarCodec::<Variant>::new(cfg.clone()), &bad, 3) {
                assert!(e.offset().is_none_or(|o| o <= bad.len()), "{e}");
            }
            let _ = decode_in_pieces(&mut VarCodec::<Vec<Msg>>::new(cfg.clone()), &bad, 3);
        }
    }
    // A wrong type inside a frame names the stream offset.
    let mut codec = VarCodec::<String>::new(cfg.clone());
    let mut buf = BytesMut::new();
    codec.encode("ok", &mut buf).unwrap();
    codec.encode(5i32, &mut buf).unwrap();
    assert_eq!(codec.decode(&mut buf).unwrap().as_deref(), Some("ok"));
    assert!(codec.decode(&mut buf).is_err());
}

/// Large reads are handed to the frame decoder without a copy (`FrameDecoder::feed_buf`, 64 KiB and more while
/// no partial frame waits); small ones are copied. Whatever the mix, the values and the error offsets are those
/// of one byte at a time.
#[test]
fn big_and_small_reads_decode_alike() {
    let cfg = Config::new(Dialect::Godot4_6);
    let mut stream = Vec::new();
    let mut want = Vec::new();
    for (i, n) in [3usize, 70_000, 5, 200_000, 1, 65_536, 9].into_iter().enumerate() {
        let v = Variant::PackedByteArray((0..n).map(|b| (b * 31 + i) as u8).collect());
        stream.extend(framing::put_var(&v, &cfg, Endian::Little).unwrap());
        want.push(v);
    }
    for step in [1, 4093, 65_536, 70_004, 100_000, 1 << 20] {
        let got =
            decode_in_pieces(&mut VarCodec::<Variant>::new(cfg.clone()).max_frame(1 << 20), &stream, step).unwrap();
        assert!(got == want, "step {step}");
    }
    // Cut inside the 200,000-byte frame: the same end-of-stream error whatever the read size.
    let cut = &stream[..stream.len() - 80_000];
    let errs: Vec<String> = [1, 65_536, 1 << 20]
        .into_iter()
        .map(|step| {
            let r = decode_in_pieces(&mut VarCodec::<Variant>::new(cfg.clone()).max_frame(1 << 20), cut, step);
            r.expect_err("a truncated stream is an error").to_string()
        })
        .collect();
    assert!(errs.iter().all(|e| *e == errs[0] && e.contains("end of input")), "{errs:?}");
}

/// `{"Kick": {"who": "bot"}}`: a message a client sends that `Msg` does not know (GDScript's put_var of that
/// Dictionary).
fn unknown_message() -> Variant {
    let mut inner = godot_bin::Dictionary::default();
    inner.insert("who".into(), "bot".into());
    let mut outer = godot_bin::Dictionary::default();
    outer.insert("Kick".into(), inner.into());
    outer.into()
}

#[test]
fn an_unknown_message_then_a_known_one_over_loopback_tcp() {
    rt().block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        // A blocking client sends an unknown message and a known one in one write (as a burst arrives), then
        // waits for the reply to the known one.
        let client = std::thread::spawn(move || {
            use std::io::Write;
            let cfg = Config::default();
            let mut s = std::net::TcpStream::connect(addr).unwrap();
            s.set_read_timeout(Some(std::time::Duration::from_secs(10))).unwrap();
            let mut burst = framing::put_var(&unknown_message(), &cfg, Endian::Little).unwrap();
            burst.extend(framing::put_var(&Msg::Ping, &cfg, Endian::Little).unwrap());
            s.write_all(&burst).unwrap();
            let f = framing::read_frame(&mut s, Endian::Little, 1 << 20).unwrap().unwrap();
            godot_bin::from_slice::<Msg>(&f).unwrap()
        });
        let (sock, _) = listener.accept().await.unwrap();
        let mut peer = tokio_util::codec::Framed::new(sock, VarCodec::<Msg>::default().tolerant());
        let ten = std::time::Duration::from_secs(10);
        let bad = tokio::time::timeout(ten, peer.next())
            .await
            .unwrap()
            .expect("the stream goes on")
            .expect("intact framing")
            .unwrap_err();
        assert!(bad.to_string().contains("Kick"), "{bad}");
        // The stream offset of where it went wrong: inside the first frame's value.
        assert!(bad.error.offset().is_some_and(|o| (4..4 + bad.frame.len()).contains(&o)), "{bad}");
        assert_eq!(godot_bin::from_slice::<Variant>(&bad.frame).unwrap(), unknown_message());
        let known =
            tokio::time::timeout(ten, peer.next()).await.unwrap().expect("the stream goes on").expect("intact framing");
        assert_eq!(known.unwrap(), Msg::Ping);
        peer.send(&Msg::Chat("pong".into())).await.unwrap();
        let reply = tokio::task::spawn_blocking(move || client.join().unwrap()).await.unwrap();
        assert_eq!(reply, Msg::Chat("pong".into()));
    });
}

#[test]
fn a_tolerant_stream_reports_each_bad_message_and_ends_only_at_broken_framing() {
    rt().block_on(async {
        let (a, b) = tokio::io::duplex(4096);
        let mut client = tokio_util::codec::Framed::new(a, VarCodec::<Variant>::default());
        client.send(&unknown_message()).await.unwrap();
        client.send(&Msg::Ping).await.unwrap();
        client.send(&Variant::Int(3)).await.unwrap(); // a known type, but not a Msg
        client.send(&Msg::Chat("x".into())).await.unwrap();
        // Broken framing: a length over the maximum.
        client.get_mut().write_all(&[0xff, 0xff, 0xff, 0x7f]).await.unwrap();
        let mut rx = FramedRead::new(b, VarCodec::<Msg>::default().max_frame(1 << 10).tolerant());
        let mut items = Vec::new();
        let end = loop {
            match rx.next().await.expect("an item or the framing error") {
                Ok(item) => items.push(item.map_err(|bad| (bad.error.offset(), bad.frame.len()))),
                Err(e) => break e,
            }
        };
        let ping_len = 4 + framing::encode_packet(&Msg::Ping, &Config::default()).unwrap().len();
        let kick_len = 4 + framing::encode_packet(&unknown_message(), &Config::default()).unwrap().len();
        // Each bad message with its stream offset (the unknown name: after the name is read; the Int: its start,
        // after its length) and its value's size.
        assert_eq!(
            items,
            [
                Err((Some(24), kick_len - 4)), // 4 (length) + 8 (Dictionary, 1 entry) + 8 + 4 ("Kick")
                Ok(Msg::Ping),
                Err((Some(kick_len + ping_len + 4), 8)),
                Ok(Msg::Chat("x".into()))
            ]
        );
        assert!(matches!(end.kind(), ErrorKind::InvalidLength { value: 0x7fff_ffff }), "{end}");
        assert!(rx.next().await.is_none(), "broken framing ends the stream");
    });
    // A frame cut by the end of the stream is broken framing too.
    let mut codec = VarCodec::<Msg>::default().tolerant();
    let mut buf = BytesMut::new();
    codec.encode(&Msg::Ping, &mut buf).unwrap();
    buf.truncate(buf.len() - 1);
    assert!(codec.decode(&mut buf).unwrap().is_none());
    let err = codec.decode_eof(&mut buf).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::UnexpectedEof { needed: 1 }), "{err}");
}
