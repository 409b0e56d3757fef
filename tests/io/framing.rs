//! Framing against the engines: `StreamPeer.put_var`, `FileAccess.store_var` (little- and big-endian
//! lengths) and `PacketPeerStream` bytes that Godot 4.6.3 and 3.6.2 wrote (tests/fixtures/godot-*/serde.tsv,
//! from tests/gd/gen_serde*.gd), rebuilt byte for byte and split back into values from arbitrary chunks.

use crate::common;

use godot_bin::framing::{self, Decoded, Endian, FrameDecoder};
use godot_bin::packed::PackedByteArray;
use godot_bin::*;

fn engines() -> [(&'static str, Config); 2] {
    [("godot-4.6", Config::new(Dialect::Godot4_6)), ("godot-3.6", Config::new(Dialect::Godot3))]
}

/// (id, framing, bytes) of an engine's serde.tsv.
fn rows(engine: &str) -> Vec<(String, String, Vec<u8>)> {
    common::rows(&format!("{engine}/serde.tsv"))
        .into_iter()
        .map(|r| (r.get(0).to_owned(), r.get(1).to_owned(), common::unhex(r.get(2))))
        .collect()
}

fn var_rows(engine: &str) -> Vec<(String, Vec<u8>)> {
    rows(engine).into_iter().filter(|r| r.1 == "var").map(|r| (r.0, r.2)).collect()
}

fn endian_of(framing: &str) -> Endian {
    if framing.ends_with("_be") {
        Endian::Big
    } else {
        Endian::Little
    }
}

#[test]
fn framed_bytes_match_the_engines() {
    for (engine, cfg) in engines() {
        let vars = var_rows(engine);
        let mut checked = 0;
        for (id, framing, theirs) in rows(engine) {
            if framing == "var" || framing == "store_var_multi" {
                continue;
            }
            let payload = &vars.iter().find(|v| v.0 == id).expect("var row").1;
            let v = Variant::decode(payload, &cfg).unwrap();
            let ours = framing::put_var(&v, &cfg, endian_of(&framing)).unwrap();
            // Godot 3.6.2 leaves garbage in NodePath padding: compare modulo padding.
            assert!(common::equal_modulo_padding(&theirs, &ours), "{engine} {id} {framing}");
            // The frame holds the var_to_bytes payload (Godot 3.6.2's NodePath padding garbage differs between
            // its own encodings, so compare modulo padding).
            assert_eq!(endian_of(&framing).read_u32(theirs[..4].try_into().unwrap()) as usize, payload.len());
            assert_eq!(Variant::decode(&theirs[4..], &cfg).unwrap(), v, "{engine} {id} {framing}");
            let mut w = Vec::new();
            framing::write_var(&mut w, &v, &cfg, endian_of(&framing)).unwrap();
            assert_eq!(w, ours);
            checked += 1;
        }
        assert_eq!(checked, 30, "{engine}");
    }
}

#[test]
fn store_var_file_yields_every_value() {
    for (engine, cfg) in engines() {
        let vars = var_rows(engine);
        let file = rows(engine).into_iter().find(|r| r.1 == "store_var_multi").expect("file row").2;
        let got: Vec<Variant> = framing::values(&file, &cfg, Endian::Little).collect::<Result<_>>().unwrap();
        let want: Vec<Variant> = vars.iter().map(|(_, b)| Variant::decode(b, &cfg).unwrap()).collect();
        assert_eq!(got, want, "{engine}");
        // The same through io::Read.
        let mut r = &file[..];
        let mut n = 0;
        while let Some(frame) = framing::read_frame(&mut r, Endian::Little, 1 << 20).unwrap() {
            assert_eq!(Variant::decode(&frame, &cfg).unwrap(), want[n], "{engine} frame {n}");
            n += 1;
        }
        assert_eq!(n, vars.len());
        // Every value of the file borrowed as serde_json values too.
        let json: Vec<serde_json::Value> = framing::values(&file, &cfg, Endian::Little).collect::<Result<_>>().unwrap();
        assert_eq!(json.len(), vars.len());
    }
}

/// Feeds `stream` to a decoder in pieces of `size` and returns the frames.
fn split(stream: &[u8], size: usize, endian: Endian) -> Vec<Vec<u8>> {
    let mut dec = FrameDecoder::new(endian, 1 << 20);
    let mut out = Vec::new();
    for chunk in stream.chunks(size) {
        dec.feed(chunk);
        loop {
            match dec.next_frame().unwrap() {
                Decoded::Frame(f) => out.push(f.to_vec()),
                Decoded::NeedMore(n) => {
                    assert!(n > 0);
                    break;
                }
            }
        }
    }
    assert_eq!(dec.buffered(), 0);
    out
}

#[test]
fn frame_decoder_handles_partial_and_coalesced_input() {
    for (engine, cfg) in engines() {
        let vars = var_rows(engine);
        for (framing, endian) in
            [("put_var", Endian::Little), ("put_var_be", Endian::Big), ("packet_stream", Endian::Little)]
        {
            // The engine's own frames, back to back, as one stream.
            let frames: Vec<Vec<u8>> = rows(engine).into_iter().filter(|r| r.1 == framing).map(|r| r.2).collect();
            let stream: Vec<u8> = frames.concat();
            let want: Vec<Vec<u8>> = frames.iter().map(|f| f[4..].to_vec()).collect();
            assert_eq!(want.len(), vars.len());
            for size in [1, 2, 3, 4, 5, 7, 13, 64, 1000, stream.len()] {
                assert!(split(&stream, size, endian) == want, "{engine} {framing} pieces of {size}");
            }
            // NeedMore is exact once the length is known: that many more bytes complete the frame.
            let mut dec = FrameDecoder::new(endian, 1 << 20);
            dec.feed(&stream[..10]);
            let Decoded::NeedMore(n) = dec.next_frame().unwrap() else { panic!("frame from 10 bytes") };
            dec.feed(&stream[10..10 + n]);
            assert!(matches!(dec.next_frame().unwrap(), Decoded::Frame(_)));
            // Values straight from the decoder.
            let mut dec = FrameDecoder::new(endian, 1 << 20);
            dec.feed(&stream);
            let mut n = 0;
            while let Some(v) = dec.next_value::<Variant>(&cfg).unwrap() {
                assert_eq!(v, Variant::decode(&vars[n].1, &cfg).unwrap());
                n += 1;
            }
            assert_eq!(n, vars.len());
        }
    }
}

#[test]
fn oversized_and_broken_frames_are_errors() {
    let cfg = Config::default();
    // A length above the limit: an error at the length's offset, nothing buffered for it.
    let mut dec = FrameDecoder::new(Endian::Little, 1024);
    dec.feed(&framing::put_var(&1, &cfg, Endian::Little).unwrap());
    dec.feed(&[0xff, 0xff, 0xff, 0x7f, 1, 2]);
    assert!(matches!(dec.next_frame().unwrap(), Decoded::Frame(_)));
    let e = dec.next_frame().unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidLength { value: 0x7fff_ffff }));
    assert_eq!(e.offset(), Some(12));
    assert!(dec.next_frame().is_err(), "the error repeats");
    dec.clear();
    assert_eq!(dec.next_frame().unwrap(), Decoded::NeedMore(4));
    // A negative (above i32::MAX) length is refused whatever the limit.
    let mut dec = FrameDecoder::new(Endian::Big, usize::MAX);
    dec.feed(&[0x80, 0, 0, 0]);
    assert!(dec.next_frame().is_err());
    // read_frame: huge claimed length, tiny input, no huge allocation, an error.
    let mut r: &[u8] = &[0xff, 0xff, 0xff, 0x7f, 1, 2, 3];
    assert!(framing::read_frame(&mut r, Endian::Little, usize::MAX).is_err());
    let mut r: &[u8] = &[1, 0];
    assert!(matches!(
        framing::read_frame(&mut r, Endian::Little, 16).unwrap_err().kind(),
        ErrorKind::UnexpectedEof { .. }
    ));
    // A frame whose value is broken: the error's offset is in file coordinates.
    let mut file = framing::put_var(&"ok", &cfg, Endian::Little).unwrap();
    file.extend_from_slice(&[8, 0, 0, 0, 2, 0, 0, 0, 1, 0]);
    let mut it = framing::values::<Variant>(&file, &cfg, Endian::Little);
    assert!(it.next().unwrap().is_ok());
    assert_eq!(it.next().unwrap().unwrap_err().offset(), Some(file.len() - 6));
    assert!(it.next().is_none());
    // PacketPeer: the engine refuses values above 8 MiB; so do we.
    let big = PackedByteArray::from(vec![0u8; framing::PACKET_PEER_MAX]);
    assert!(framing::encode_packet(&big, &cfg).is_err());
}

#[test]
fn random_streams_never_panic() {
    let cfg = Config::default();
    let mut rng = crate::common::r#gen::Rng(0x2545_F491_4F6C_DD1D);
    let mut next = || rng.next_u64();
    let base: Vec<u8> = rows("godot-4.6").into_iter().filter(|r| r.1 == "store_var_multi").flat_map(|r| r.2).collect();
    for _ in 0..2000 {
        let mut s = base.clone();
        for _ in 0..(next() % 8) {
            let i = (next() as usize) % s.len();
            s[i] = next() as u8;
        }
        s.truncate((next() as usize) % (s.len() + 1));
        let _ = framing::values::<Variant>(&s, &cfg, Endian::Little).count();
        let _ = framing::values::<serde_json::Value>(&s, &cfg, Endian::Little).count();
        let mut dec = FrameDecoder::new(Endian::Little, 1 << 16);
        dec.feed(&s);
        while let Ok(Some(_)) = dec.next_value::<serde_json::Value>(&cfg) {}
    }
}

/// The one-call readers on the files users actually have: a save holding two values (Godot 4.6's
/// store_var twice) and the engine's container magics say what to do instead of failing obscurely.
#[test]
fn one_call_readers_say_what_a_file_is() {
    use godot_bin::framing::from_store_var;
    let cfg = Config::new(Dialect::Godot4_6);
    let err = from_store_var::<Variant>(&std::fs::read("examples/data/save-godot4.6.sav").unwrap(), &cfg).unwrap_err();
    assert!(err.to_string().contains("more than one value") && err.to_string().contains("framing::values"), "{err}");
    for (magic, word) in [(b"GDEC", "encrypted"), (b"GCPF", "compressed")] {
        let file = [&magic[..], &[1, 0, 0, 0, 0, 0, 0, 0]].concat();
        let err = from_store_var::<Variant>(&file, &cfg).unwrap_err();
        assert!(err.to_string().contains(word), "{err}");
        assert_eq!(err.offset(), Some(0));
    }
}

/// The README's quick start with the wrong dialect (a Godot 3.6 save read with `Dialect::Godot4_6`, and the
/// other way round) says which dialect reads the file, instead of only "missing field" or "type id 27 is not
/// a type of godot3". Both saves are what the engines' store_var wrote (examples/data).
#[test]
fn wrong_dialect_names_the_one_that_reads_the_file() {
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Save {
        tick: i64,
    }
    let g4 = Config::new(Dialect::Godot4_6);
    let g3 = Config::new(Dialect::Godot3);
    for (path, asked, right) in
        [("examples/data/save-godot3.6.sav", &g4, "godot3"), ("examples/data/save-godot4.6.sav", &g3, "godot4.6")]
    {
        let mut file = std::fs::File::open(path).unwrap();
        let err = framing::read_store_var::<_, Save>(&mut file, asked).unwrap_err();
        assert!(matches!(err.hint(), Some(error::Hint::OtherDialect { dialect }) if dialect.to_string() == right));
        assert!(err.to_string().contains(&format!("read cleanly as {right}")), "{err}");
        let bytes = std::fs::read(path).unwrap();
        let err = framing::from_store_var::<Save>(&bytes, asked).unwrap_err();
        assert!(err.to_string().contains(&format!("--dialect {right}")), "{err}");
    }
    // The right dialect with a wrong type: no dialect hint (the dialect is not the problem).
    let mut file = std::fs::File::open("examples/data/save-godot4.6.sav").unwrap();
    let err = framing::read_store_var::<_, Vec<i64>>(&mut file, &g4).unwrap_err();
    assert_eq!(err.hint(), None, "{err}");
}

/// A store_var file with no value: the readers of one value (`from_store_var`, `read_store_var`)
/// say "empty input" at byte 0; `values` yields no value (a stream that ends before its first frame holds
/// none, as `read_frame` and `FrameDecoder::finish` also say).
#[test]
fn empty_store_var_files_say_empty_input() {
    let cfg = Config::new(Dialect::Godot3);
    let errors = [
        framing::from_store_var::<Variant>(&[], &cfg).unwrap_err(),
        framing::read_store_var::<_, Variant>(&b""[..], &cfg).unwrap_err(),
    ];
    for e in errors {
        assert_eq!(e.to_string(), "empty input: no value to read at byte 0");
    }
    assert_eq!(framing::values::<Variant>(&[], &cfg, Endian::Little).count(), 0);
}

/// A save Godot 3.6 wrote with store_var, cut inside its first value and inside its second: the file
/// readers say "truncated" with the declared and present sizes, at the value's byte.
#[test]
fn truncated_store_var_files_say_truncated() {
    let save = std::fs::read("examples/data/save-godot3.6.sav").unwrap();
    let cfg = Config::new(Dialect::Godot3);
    let first = u32::from_le_bytes(save[..4].try_into().unwrap()) as usize;
    let e = framing::from_store_var::<Variant>(&save[..300], &cfg).unwrap_err();
    assert_eq!(e.to_string(), format!("truncated: {first} byte(s) declared, 296 present at byte 4"));
    let second = u32::from_le_bytes(save[4 + first..8 + first].try_into().unwrap()) as usize;
    let cut = &save[..save.len() - 10];
    let mut it = framing::values::<Variant>(cut, &cfg, Endian::Little);
    assert!(it.next().unwrap().is_ok());
    let e = it.next().unwrap().unwrap_err();
    let msg = format!("truncated: {second} byte(s) declared, {} present at byte {}", second - 10, first + 8);
    assert_eq!(e.to_string(), msg);
}
