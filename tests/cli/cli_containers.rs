//! `godot-bin` on encrypted and compressed files written by real engines (tests/fixtures/<engine>/containers;
//! feature `cli`).
#![cfg(feature = "cli")]

use std::io::Write;
use std::process::{Command, Output, Stdio};

const PASSWORD: &str = "hunter2 \u{e9}";

fn run_env(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_godot-bin"));
    cmd.args(args).env_remove("GODOT_BIN_PASSWORD").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("spawn godot-bin");
    let mut i = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = i.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

fn ok_env(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Vec<u8> {
    let o = run_env(args, stdin, env);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    o.stdout
}

fn ok(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    ok_env(args, stdin, &[])
}

fn fails(args: &[&str], stdin: &[u8], code: i32) -> String {
    let o = run_env(args, stdin, &[]);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn fix(engine: &str, name: &str) -> String {
    format!("{}/tests/fixtures/{engine}/containers/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn key_hex() -> String {
    (0..32).map(|i| format!("{:02x}", (i * 7 + 3) % 256)).collect()
}

const ENGINES: [(&str, &str); 3] = [("godot-3.2.3", "godot3"), ("godot-3.6", "godot3"), ("godot-4.6", "godot4.6")];

#[test]
fn decode_opens_every_container_to_the_plain_files_values() {
    let key = key_hex();
    for (engine, dialect) in ENGINES {
        let plain = ok(
            &["decode", "--dialect", dialect, "--framing", "stream", "--to", "json", &fix(engine, "plain.sav")],
            b"",
        );
        assert_eq!(String::from_utf8_lossy(&plain).lines().count(), 3, "{engine}");
        for mode in ["fastlz", "deflate", "zstd", "gzip"] {
            let got = ok(&["decode", "--dialect", dialect, "--to", "json", &fix(engine, &format!("{mode}.gcpf"))], b"");
            assert_eq!(got, plain, "{engine} {mode}");
        }
        let by_key =
            ok(&["decode", "--dialect", dialect, "--to", "json", "--key", &key, &fix(engine, "key.gdec")], b"");
        assert_eq!(by_key, plain, "{engine}");
        let by_pass = ok(
            &["decode", "--dialect", dialect, "--to", "json", "--password", PASSWORD, &fix(engine, "pass.gdec")],
            b"",
        );
        assert_eq!(by_pass, plain, "{engine}");
        // The password from the environment, and the file from standard input.
        let pass_file = std::fs::read(fix(engine, "pass.gdec")).unwrap();
        let by_env =
            ok_env(&["decode", "--dialect", dialect, "--to", "json"], &pass_file, &[("GODOT_BIN_PASSWORD", PASSWORD)]);
        assert_eq!(by_env, plain, "{engine}");
    }
}

#[test]
fn decode_errors_name_the_problem() {
    let f = fix("godot-4.6", "pass.gdec");
    let e = fails(&["decode", "--dialect", "godot4", &f], b"", 2);
    assert!(e.contains("encrypted") && e.contains("GODOT_BIN_PASSWORD"), "{e}");
    let e = fails(&["decode", "--dialect", "godot4", "--password", "hunter2", &f], b"", 1);
    assert!(e.contains("wrong password or key"), "{e}");
    let e = fails(&["decode", "--dialect", "godot4", "--key", "abcd", &f], b"", 2);
    assert!(e.contains("64 hex digits"), "{e}");
    let mut cut = std::fs::read(fix("godot-4.6", "fastlz.gcpf")).unwrap();
    cut.truncate(100);
    let e = fails(&["decode", "--dialect", "godot4"], &cut, 1);
    assert!(e.contains("truncated") && e.contains("at byte"), "{e}");
}

#[test]
fn encode_writes_the_engines_bytes() {
    for (engine, dialect) in ENGINES {
        // The engine's plain file as JSON, written back inside each container.
        let json = ok(
            &["decode", "--dialect", dialect, "--framing", "stream", "--to", "json", &fix(engine, "plain.sav")],
            b"",
        );
        let fastlz = ok(&["encode", "--dialect", dialect, "--from", "json", "--compress", "fastlz"], &json);
        assert_eq!(fastlz, std::fs::read(fix(engine, "fastlz.gcpf")).unwrap(), "{engine}: FastLZ byte-identical");
        for mode in ["deflate", "zstd", "gzip"] {
            let file = ok(&["encode", "--dialect", dialect, "--from", "json", "--compress", mode], &json);
            assert_eq!(&file[..4], b"GCPF");
            assert_eq!(ok(&["decode", "--dialect", dialect, "--to", "json"], &file), json, "{engine} {mode}");
        }
        let enc = ok(&["encode", "--dialect", dialect, "--from", "json", "--password", PASSWORD], &json);
        if dialect == "godot3" {
            assert_eq!(
                enc,
                std::fs::read(fix(engine, "pass.gdec")).unwrap(),
                "{engine}: 3.x encryption byte-identical"
            );
        } else {
            assert_eq!(enc.len(), std::fs::read(fix(engine, "pass.gdec")).unwrap().len(), "{engine}");
        }
        let back = ok(&["decode", "--dialect", dialect, "--to", "json", "--password", PASSWORD], &enc);
        assert_eq!(back, json, "{engine}");
        // --encrypt takes the password from the environment.
        let enc = ok_env(
            &["encode", "--dialect", dialect, "--from", "json", "--encrypt"],
            &json,
            &[("GODOT_BIN_PASSWORD", PASSWORD)],
        );
        assert_eq!(ok(&["decode", "--dialect", dialect, "--to", "json", "--password", PASSWORD], &enc), json);
    }
    let e = fails(&["encode", "--dialect", "godot4", "--encrypt"], b"1", 2);
    assert!(e.contains("GODOT_BIN_PASSWORD"), "{e}");
    fails(&["encode", "--dialect", "godot4", "--compress", "gzip", "--password", "x"], b"1", 2);
}

#[test]
fn convert_keeps_or_changes_the_container() {
    let f = fix("godot-3.6", "pass.gdec");
    // A 3.x encrypted save becomes a 4.x encrypted save (4.x layout: no mode field, an IV).
    let out = ok(&["convert", "--from-dialect", "godot3", "--to-dialect", "godot4", "--password", PASSWORD, &f], b"");
    let plain3 = std::fs::read(fix("godot-3.6", "plain.sav")).unwrap();
    let content = godot_bin::container::decrypt_as(
        &out,
        &godot_bin::container::Key::from_password(PASSWORD),
        godot_bin::container::Layout::Godot4,
        1 << 20,
    )
    .unwrap();
    let converted_plain =
        ok(&["convert", "--from-dialect", "godot3", "--to-dialect", "godot4", "--framing", "stream"], &plain3);
    assert_eq!(content, converted_plain);
    // Compressed stays compressed in its mode, or changes.
    let z = ok(&["convert", "--from-dialect", "godot3", "--to-dialect", "godot4", &fix("godot-3.6", "zstd.gcpf")], b"");
    assert_eq!(&z[..8], b"GCPF\x02\0\0\0");
    let g = ok(
        &[
            "convert",
            "--from-dialect",
            "godot3",
            "--to-dialect",
            "godot4",
            "--compress",
            "gzip",
            &fix("godot-3.6", "zstd.gcpf"),
        ],
        b"",
    );
    assert_eq!(&g[..8], b"GCPF\x03\0\0\0");
    let p = ok(
        &["convert", "--from-dialect", "godot3", "--to-dialect", "godot4", "--plain", &fix("godot-3.6", "zstd.gcpf")],
        b"",
    );
    assert_eq!(p, converted_plain);
}

/// `encode --like ORIGINAL` writes ORIGINAL's container: an encrypted save stays encrypted (same key, same
/// layout: Godot 3.x's gives the engine's very bytes), a compressed one compressed in its mode (FastLZ: the
/// engine's very bytes), unless --plain or --compress say otherwise.
#[test]
fn encode_like_keeps_the_originals_container() {
    for (engine, dialect) in ENGINES {
        let pass = fix(engine, "pass.gdec");
        let json = ok(&["decode", "--to", "json", "--password", PASSWORD, &pass], b"");
        let enc = ok(&["encode", "--from", "json", "--like", &pass, "--password", PASSWORD], &json);
        let key = godot_bin::container::Key::from_password(PASSWORD);
        let layout = godot_bin::container::Layout::for_dialect(dialect.parse().unwrap());
        let plain = std::fs::read(fix(engine, "plain.sav")).unwrap();
        let content = godot_bin::container::decrypt_as(&enc, &key, layout, 1 << 20).unwrap();
        assert_eq!(
            ok(&["decode", "--dialect", dialect, "--framing", "stream", "--to", "json"], &content),
            ok(&["decode", "--dialect", dialect, "--framing", "stream", "--to", "json"], &plain),
            "{engine}"
        );
        if dialect == "godot3" {
            assert_eq!(enc, std::fs::read(&pass).unwrap(), "{engine}: 3.x encryption byte-identical");
        }
        // The password from the environment, and --plain.
        let by_env = ok_env(&["encode", "--from", "json", "--like", &pass], &json, &[("GODOT_BIN_PASSWORD", PASSWORD)]);
        assert_eq!(godot_bin::container::decrypt_as(&by_env, &key, layout, 1 << 20).unwrap(), content, "{engine}");
        let p = ok(&["encode", "--from", "json", "--like", &pass, "--password", PASSWORD, "--plain"], &json);
        assert_eq!(p, content, "{engine}");
        for (mode, id) in [("fastlz", 0u8), ("deflate", 1), ("zstd", 2), ("gzip", 3)] {
            let orig = fix(engine, &format!("{mode}.gcpf"));
            let json = ok(&["decode", "--to", "json", &orig], b"");
            let file = ok(&["encode", "--from", "json", "--like", &orig], &json);
            assert_eq!(file[..8], [b'G', b'C', b'P', b'F', id, 0, 0, 0], "{engine} {mode}");
            assert_eq!(ok(&["decode", "--to", "json", "--dialect", dialect], &file), json, "{engine} {mode}");
            if mode == "fastlz" {
                assert_eq!(file, std::fs::read(&orig).unwrap(), "{engine}: FastLZ byte-identical");
            }
            let other = ok(&["encode", "--from", "json", "--like", &orig, "--compress", "gzip"], &json);
            assert_eq!(other[..8], *b"GCPF\x03\0\0\0");
        }
    }
    // A compressed file cannot also be encrypted.
    let z = fix("godot-4.6", "zstd.gcpf");
    let e = fails(&["encode", "--from", "json", "--like", &z, "--compress", "gzip", "--password", "x"], b"1", 2);
    assert!(e.contains("not both"), "{e}");
}

/// A zstd frame of `head` then `zeros` zero bytes: a raw block, then run-length blocks of 128 KiB (zstd's
/// largest), four bytes each.
fn zstd_zeros(head: &[u8], zeros: usize) -> Vec<u8> {
    let mut f = 0xFD2F_B528u32.to_le_bytes().to_vec();
    // No content size, no checksum, a 128 KiB window (a frame may ask for a window of at most twice its
    // file's size, 128 KiB always allowed: a window is reserved before anything decompresses).
    f.extend_from_slice(&[0x00, 7 << 3]);
    let block = |f: &mut Vec<u8>, last: bool, kind: u32, size: usize| {
        f.extend_from_slice(&(u32::from(last) | kind << 1 | (size as u32) << 3).to_le_bytes()[..3]);
    };
    block(&mut f, zeros == 0, 0, head.len());
    f.extend_from_slice(head);
    let mut left = zeros;
    while left > 0 {
        let n = left.min(128 << 10);
        left -= n;
        block(&mut f, left == 0, 1, n);
        f.push(0);
    }
    f
}

/// A GCPF file whose one block holds 2 MiB of zeros (a 2 MiB PackedByteArray in a few hundred bytes, zstd
/// or deflate): far more than the engine's 4096-byte blocks can hold in a file that size (at most about 180
/// times its size), so by default it is refused from its header, before anything is allocated for it, with
/// a message naming --max-size, which opens it.
#[test]
fn max_size_bounds_a_compressed_file_by_its_size() {
    use godot_bin::container::{compress, compress_with_block_size, Compression};
    let n = 2 << 20;
    let mut head = (n as u32 + 8).to_le_bytes().to_vec();
    head.extend_from_slice(&29u32.to_le_bytes()); // PackedByteArray (Godot 4)
    head.extend_from_slice(&(n as u32).to_le_bytes());
    let mut content = head.clone();
    content.resize(n + 12, 0);
    let z = zstd_zeros(&head, n);
    let mut zstd = b"GCPF\x02\0\0\0".to_vec();
    for x in [8 << 20, n as u32 + 12, z.len() as u32] {
        zstd.extend_from_slice(&x.to_le_bytes());
    }
    zstd.extend_from_slice(&z);
    zstd.extend_from_slice(b"GCPF");
    let deflate = compress_with_block_size(&content, Compression::Deflate, 8 << 20).unwrap();
    for file in [zstd, deflate] {
        assert!(file.len() < 8 << 10, "{}", file.len());
        let e = fails(&["decode", "--dialect", "godot4", "--to", "json"], &file, 1);
        assert!(
            e.contains(&format!("declared size {} is above", n + 12))
                && e.contains("at byte 12")
                && e.contains("--max-size"),
            "{e}"
        );
        let e = fails(&["decode", "--dialect", "godot4", "--max-size", "2M"], &file, 1);
        assert!(e.contains("give a larger --max-size"), "{e}");
        for big in ["3M", "3MiB", "3145728"] {
            assert_eq!(ok(&["convert", "--to-dialect", "godot4", "--plain", "--max-size", big], &file), content);
        }
    }
    // The same content in the engine's 4096-byte blocks opens by default.
    for mode in [Compression::Zstd, Compression::Deflate] {
        assert_eq!(ok(&["convert", "--to-dialect", "godot4", "--plain"], &compress(&content, mode).unwrap()), content);
    }
    fails(&["decode", "--max-size", "12Q"], b"", 2);
}
