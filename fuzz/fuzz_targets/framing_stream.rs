//! A stream of framed values (`StreamPeer.put_var`, `store_var` files, PacketPeerStream) cut into arbitrary
//! pieces: `FrameDecoder` fed piece by piece gives the same frames, and stops with the same need or error at
//! the same offset, as when fed everything at once; `read_frame` over a reader returning the same pieces
//! gives the same frames; `values` and `next_value` decode each frame as `Variant::decode_prefix` does.
//!
//! Input: config byte (bits 0–3 dialect, bit 4 objects, bit 6 big-endian lengths, bit 7 a 64-byte frame
//! limit), a count k, k piece sizes (0 = 1), then the stream.
#![no_main]

use std::io::Read;

use godot_bin::framing::{read_frame, values, Decoded, Endian, FrameDecoder};
use godot_bin::{Config, Dialect, Variant};
use libfuzzer_sys::fuzz_target;

#[derive(Debug, PartialEq)]
enum End {
    NeedMore(usize),
    Error(Option<usize>),
}

/// Drains every whole frame; returns what stopped it.
fn drain(dec: &mut FrameDecoder, frames: &mut Vec<Vec<u8>>) -> End {
    loop {
        match dec.next_frame() {
            Ok(Decoded::Frame(f)) => frames.push(f.to_vec()),
            Ok(Decoded::NeedMore(n)) => return End::NeedMore(n),
            Err(e) => return End::Error(e.offset()),
        }
    }
}

/// A reader that hands out the stream in the given piece sizes.
struct Pieces<'a> {
    rest: &'a [u8],
    sizes: &'a [u8],
    i: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let want = self.sizes.get(self.i % self.sizes.len().max(1)).map_or(usize::MAX, |&s| (s as usize).max(1));
        self.i += 1;
        let n = want.min(buf.len()).min(self.rest.len());
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

fuzz_target!(|data: &[u8]| {
    let [sel, k, rest @ ..] = data else { return };
    let k = (*k as usize % 17).min(rest.len());
    let (sizes, stream) = rest.split_at(k);
    let d = Dialect::ALL[(sel & 0x0F) as usize % Dialect::ALL.len()];
    let cfg = Config::new(d).with_allow_objects(sel & 0x10 != 0);
    let endian = if sel & 0x40 != 0 { Endian::Big } else { Endian::Little };
    let max_frame = if sel & 0x80 != 0 { 64 } else { 1 << 20 };

    // Everything at once.
    let mut whole = FrameDecoder::new(endian, max_frame);
    whole.feed(stream);
    let mut frames = Vec::new();
    let end = drain(&mut whole, &mut frames);

    // Piece by piece, draining after each piece.
    let mut dec = FrameDecoder::new(endian, max_frame);
    let mut got = Vec::new();
    let mut pos = 0;
    let mut i = 0;
    let mut last = End::NeedMore(4);
    while pos < stream.len() {
        let n = sizes.get(i % k.max(1)).map_or(stream.len(), |&s| (s as usize).max(1)).min(stream.len() - pos);
        i += 1;
        dec.feed(&stream[pos..pos + n]);
        pos += n;
        last = drain(&mut dec, &mut got);
        if matches!(last, End::Error(_)) {
            break;
        }
    }
    if stream.is_empty() {
        last = drain(&mut dec, &mut got);
    }
    assert_eq!(got, frames, "frames differ when fed in pieces {sizes:?}");
    assert_eq!(last, end, "the end differs when fed in pieces {sizes:?}");

    // read_frame over a reader of the same pieces (a clean end only between frames).
    let mut r = Pieces { rest: stream, sizes, i: 0 };
    let mut read = Vec::new();
    while let Ok(Some(f)) = read_frame(&mut r, endian, max_frame) {
        read.push(f);
    }
    assert_eq!(read, frames, "read_frame gives other frames");

    // Each frame's value, as get_var reads it (trailing bytes in a frame ignored).
    let mut it = values::<Variant>(stream, &cfg, endian);
    for f in &frames {
        let expect = Variant::decode_prefix(f, &cfg).map(|(v, _)| v);
        match (it.next(), expect) {
            (Some(Ok(a)), Ok(b)) => assert_eq!(a, b, "values() and decode_prefix differ"),
            (Some(Err(_)), Err(_)) => break,
            (a, b) => panic!("values() gave {a:?}, decode_prefix {b:?}"),
        }
    }
    let mut dec = FrameDecoder::new(endian, max_frame);
    dec.feed(stream);
    for _ in 0..frames.len() {
        if dec.next_value::<serde_json::Value>(&cfg).is_err() {
            break;
        }
    }
});
