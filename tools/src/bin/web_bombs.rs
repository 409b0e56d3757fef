//! Writes the compressed bombs the page's attacks open (web/attack): `FileAccessCompressed` files (GCPF,
//! written with the library's own container writer, in the engines' 4096-byte blocks) whose content is just
//! under the 256 MiB the save engine reads, every one inside the bound on a container's content (512 times
//! the file's size), each in another mode and each a store_var stream of another shape:
//!
//! - `bomb-fastlz-nils.gcpf`: one Array of 67 million Nils (FastLZ);
//! - `bomb-deflate-string.gcpf`: one String of 255 MiB of `<`, the character markup starts with (Deflate);
//! - `bomb-zstd-controls.gcpf`: one String of 255 MiB of U+0001, six characters each in JSON (Zstd);
//! - `bomb-gzip-bytes.gcpf`: one PackedByteArray of 255 MiB (GZIP);
//! - `bomb-deflate-frames.gcpf`: 33 million store_var frames of a Nil each (Deflate);
//! - `bomb-zstd-dictionary.gcpf`: one Dictionary of 22 million entries, int keys (Zstd).
//!
//!   cargo run -p godot_bin_tools --bin web_bombs -- OUT_DIR [NAME...]   (NAME: a file's name above, or all)
//!
//! Inputs for the page, not expected outputs: the attacks judge what the page does with them.
use godot_bin::container::{self, Compression, Container};

/// The content of each: a little under the save engine's 256 MiB.
const SIZE: usize = 255 << 20;

/// A store_var frame: the value's byte length, then its bytes.
fn frame(value: &[u8]) -> Vec<u8> {
    let mut out = u32::try_from(value.len()).expect("under 4 GiB").to_le_bytes().to_vec();
    out.extend_from_slice(value);
    out
}

fn words(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// A Godot 4 String of `n` copies of the one-byte character `c` (padded to 4 bytes).
fn string(c: u8, n: usize) -> Vec<u8> {
    let mut v = words(&[4, n as u32]);
    v.resize(8 + n.next_multiple_of(4), c);
    v[8 + n..].fill(0);
    v
}

fn content(name: &str) -> Option<(Compression, Vec<u8>)> {
    Some(match name {
        "bomb-fastlz-nils.gcpf" => {
            let n = (SIZE - 16) / 4;
            let mut v = words(&[28, n as u32]); // Array, n elements
            v.resize(8 + 4 * n, 0); // each a Nil (type 0)
            (Compression::FastLz, frame(&v))
        }
        "bomb-deflate-string.gcpf" => (Compression::Deflate, frame(&string(b'<', SIZE - 16))),
        "bomb-zstd-controls.gcpf" => (Compression::Zstd, frame(&string(1, SIZE - 16))),
        "bomb-gzip-bytes.gcpf" => {
            let n = SIZE - 16;
            let mut v = words(&[29, n as u32]); // PackedByteArray
            v.resize(8 + n, 0);
            (Compression::Gzip, frame(&v))
        }
        "bomb-deflate-frames.gcpf" => (Compression::Deflate, words(&[4, 0]).repeat(SIZE / 8)),
        "bomb-zstd-dictionary.gcpf" => {
            let n = (SIZE - 16) / 12;
            let mut v = words(&[27, n as u32]); // Dictionary
            v.reserve(12 * n);
            for i in 0..n as u32 {
                v.extend_from_slice(&words(&[2, i, 0])); // int i: Nil
            }
            (Compression::Zstd, frame(&v))
        }
        _ => return None,
    })
}

const ALL: [&str; 6] = [
    "bomb-fastlz-nils.gcpf",
    "bomb-deflate-string.gcpf",
    "bomb-zstd-controls.gcpf",
    "bomb-gzip-bytes.gcpf",
    "bomb-deflate-frames.gcpf",
    "bomb-zstd-dictionary.gcpf",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((out, names)) = args.split_first() else {
        return Err("usage: web_bombs OUT_DIR [NAME...]".into());
    };
    let names: Vec<&str> = if names.is_empty() { ALL.to_vec() } else { names.iter().map(String::as_str).collect() };
    std::fs::create_dir_all(out)?;
    for name in names {
        let (mode, bytes) = content(name).ok_or_else(|| format!("no bomb named {name}: {}", ALL.join(", ")))?;
        let file = container::encode(&bytes, &Container::Compressed(mode))?;
        std::fs::write(std::path::Path::new(out).join(name), &file)?;
        println!("{name}: {} bytes to {} ({}x)", file.len(), bytes.len(), bytes.len() / file.len());
    }
    Ok(())
}
