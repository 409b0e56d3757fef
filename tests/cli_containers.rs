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
