//! `godot-bin`: inspect, write and migrate Godot binary Variant data from the command line.
//!
//! ```text
//! godot-bin info    [--in raw|hex|base64] [--password PW | --key HEX] [FILE]
//! godot-bin decode  [--dialect D] [--double] [--objects] [--in raw|hex|base64] [--framing none|stream] [--to text|json] [--exact]
//!                   [--password PW | --key HEX] [FILE]
//! godot-bin encode  [--dialect D] [--double] [--objects] [--from text|json [--like ORIGINAL]] [--out raw|hex|base64] [--framing none|stream]
//!                   [--compress fastlz|deflate|zstd|gzip | --password PW | --key HEX | --encrypt] [FILE]
//! godot-bin convert [--from-dialect D1] --to-dialect D2 [--double] [--objects] [--coerce] [--in …] [--out …] [--framing …]
//!                   [--password PW | --key HEX] [--compress MODE | --plain] [FILE]
//! ```
//! Encrypted (`GDEC`) and compressed (`GCPF`) files are found by their magic and opened; the password can
//! come from the environment variable `GODOT_BIN_PASSWORD` instead of the command line. A file in a
//! container is a `store_var` stream unless `--framing` says otherwise. `convert` keeps the container
//! (an encrypted file gets the target engine's layout) unless `--compress` or `--plain` changes it.
//! Each flag means one thing in every command: `--dialect` / `--from-dialect` / `--to-dialect` name dialects,
//! `--from` / `--to` forms (text, json, config), `--in` / `--out` encodings. (`convert --from D1 --to D2`, the
//! old spelling, still works.)
//! Exit status: 0 success, 1 bad data (message on stderr with the byte offset, or line and column for text),
//! 2 bad usage.
#![forbid(unsafe_code)]

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use godot_bin::config_file::{ConfigFile, KeyStyle};
use godot_bin::container::{self, Compression, Container, ContainerError, Key, Kind, Layout, ReadOptions};
use godot_bin::convert::{check_fits, convert, Options};
use godot_bin::{detect, json, text, Config, Dialect, Variant};

#[derive(Parser)]
#[command(
    name = "godot-bin",
    version,
    about = "Decode, encode and convert Godot's binary Variant format (var_to_bytes, store_var, put_var)"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Bin {
    /// The bytes as they are.
    Raw,
    /// Lowercase hex on one line (reading: whitespace ignored).
    Hex,
    /// Standard base64 on one line (reading: whitespace ignored).
    Base64,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Framing {
    /// The input is exactly one value (`var_to_bytes`).
    None,
    /// Values each preceded by a u32 little-endian length, as `store_var` / `put_var` write them.
    Stream,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Form {
    /// The dialect's `var_to_str` syntax.
    Text,
    /// The documented type-tagged JSON (one document per line).
    Json,
}

#[derive(clap::Args)]
struct Common {
    /// The engine's real_t is double (a `precision=double` build).
    #[arg(long)]
    double: bool,
    /// Allow full objects (`var_to_bytes_with_objects` / `allow_objects`).
    #[arg(long)]
    objects: bool,
    /// How values are framed. Reading: detected from the bytes when not given (stream for a file in a
    /// container). Writing: none, or stream for a container (encode --like: the original's).
    #[arg(long, value_enum)]
    framing: Option<Framing>,
}

/// The environment variable a password can come from (so it stays out of shell history).
const PASSWORD_ENV: &str = "GODOT_BIN_PASSWORD";

#[derive(clap::Args)]
struct Secret {
    /// Password of an encrypted file (open_encrypted_with_pass); default: $GODOT_BIN_PASSWORD.
    #[arg(long, conflicts_with = "key")]
    password: Option<String>,
    /// Key of an encrypted file (open_encrypted): 64 hex digits.
    #[arg(long)]
    key: Option<String>,
}

impl Secret {
    /// The key from --password, --key or the environment (None: none given).
    fn get(&self) -> Result<Option<Key>, Fail> {
        if let Some(p) = &self.password {
            return Ok(Some(Key::from_password(p)));
        }
        if let Some(h) = &self.key {
            return Key::from_hex(h).map(Some).map_err(|e| Fail(2, format!("--key: {e}")));
        }
        Ok(std::env::var(PASSWORD_ENV).ok().filter(|p| !p.is_empty()).map(|p| Key::from_password(&p)))
    }

    fn given(&self) -> bool {
        self.password.is_some() || self.key.is_some()
    }
}

#[derive(Subcommand)]
enum Cmd {
    /// Binary to text or JSON.
    Decode {
        /// godot2, godot3, godot4.0 … godot4.6, godot4, pandemonium-3.5, pandemonium-3.8, pandemonium-5, pandemonium.
        /// Default: detected from the bytes (what was detected is said on stderr; `info` shows the candidates).
        #[arg(long, value_parser = dialect)]
        dialect: Option<Dialect>,
        #[command(flatten)]
        common: Common,
        /// Input encoding.
        #[arg(long = "in", value_enum, default_value = "raw")]
        input: Bin,
        /// Output form.
        #[arg(long, value_enum, default_value = "text")]
        to: Form,
        /// With --to text: fail (exit 1) when the engine's str_to_var could not rebuild a value exactly.
        #[arg(long)]
        exact: bool,
        #[command(flatten)]
        secret: Secret,
        /// Input file (default: standard input).
        file: Option<String>,
    },
    /// What a file is: its container, framing and the dialects that read it (with --password/--key, what
    /// is inside an encrypted one).
    Info {
        /// Input encoding.
        #[arg(long = "in", value_enum, default_value = "raw")]
        input: Bin,
        #[command(flatten)]
        secret: Secret,
        /// Input file (default: standard input).
        file: Option<String>,
    },
    /// Text or JSON to binary.
    Encode {
        /// The dialect to write (see decode). Default with --like: the original's (and its framing).
        #[arg(long, value_parser = dialect)]
        dialect: Option<Dialect>,
        #[command(flatten)]
        common: Common,
        /// Input form.
        #[arg(long, value_enum, default_value = "text")]
        from: Form,
        /// Output encoding.
        #[arg(long = "out", value_enum, default_value = "raw")]
        output: Bin,
        /// Write a compressed file (open_compressed) in this mode.
        #[arg(long, value_parser = compression, conflicts_with_all = ["password", "key", "encrypt"])]
        compress: Option<Compression>,
        #[command(flatten)]
        secret: Secret,
        /// Write an encrypted file with the password in $GODOT_BIN_PASSWORD (--password and --key imply it).
        #[arg(long)]
        encrypt: bool,
        /// With --from json: the binary file the JSON was made from (same dialect and framing; a container
        /// is opened). Types JSON tools lose come back from it: jq prints 1.0 as 1 and -0.0 as -0.
        #[arg(long, value_name = "ORIGINAL")]
        like: Option<String>,
        /// Input file (default: standard input).
        file: Option<String>,
    },
    /// Binary of one dialect to binary of another (e.g. --from-dialect godot3 --to-dialect godot4).
    Convert {
        /// The dialect of the input (see decode). Default: detected from the bytes, as decode does.
        #[arg(long = "from-dialect", aliases = ["dialect", "from"], value_parser = dialect)]
        from_dialect: Option<Dialect>,
        /// The dialect to write.
        #[arg(long = "to-dialect", alias = "to", value_parser = dialect)]
        to_dialect: Dialect,
        #[command(flatten)]
        common: Common,
        /// Map values with no counterpart lossily (Vector2i → Vector2, PackedInt64Array → PackedInt32Array, …)
        /// instead of failing.
        #[arg(long)]
        coerce: bool,
        /// Input encoding.
        #[arg(long = "in", value_enum, default_value = "raw")]
        input: Bin,
        /// Output encoding.
        #[arg(long = "out", value_enum, default_value = "raw")]
        output: Bin,
        #[command(flatten)]
        secret: Secret,
        /// Write a compressed file in this mode (default: the input's container).
        #[arg(long, value_parser = compression, conflicts_with = "plain")]
        compress: Option<Compression>,
        /// Write no container (default: the input's container).
        #[arg(long)]
        plain: bool,
        /// Input file (default: standard input).
        file: Option<String>,
    },
    /// ConfigFile text (ConfigFile.save) to JSON and back: JSON is {section: {key: value}} in the
    /// type-tagged JSON of decode --to json; the keys outside any section are under "".
    ConfigFile {
        /// The dialect of the values' text syntax (see decode).
        #[arg(long, value_parser = dialect)]
        dialect: Dialect,
        /// Input form.
        #[arg(long, value_enum, default_value = "config")]
        from: CfgForm,
        /// Output form.
        #[arg(long, value_enum, default_value = "json")]
        to: CfgForm,
        /// Write every key bare, as Godot 3.2.3 does (default: quoted where needed, as 3.6 and 4.x).
        #[arg(long)]
        bare_keys: bool,
        /// An encrypted input (save_encrypted_pass) is opened with --password / --key / $GODOT_BIN_PASSWORD.
        #[command(flatten)]
        secret: Secret,
        /// Input file (default: standard input).
        file: Option<String>,
    },
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum CfgForm {
    /// ConfigFile text.
    Config,
    /// Type-tagged JSON, one document.
    Json,
}

fn compression(s: &str) -> Result<Compression, String> {
    s.parse()
}

/// What [`open_container`] found: the content, the kind of container, its compression mode and key.
struct Opened {
    content: Vec<u8>,
    kind: Kind,
    mode: Option<Compression>,
    key: Option<Key>,
}

/// Opens the container of `bytes`, if it has one.
fn open_container(bytes: Vec<u8>, secret: &Secret) -> Result<Opened, Fail> {
    let kind = container::detect(&bytes);
    if kind == Kind::Plain {
        return Ok(Opened { content: bytes, kind, mode: None, key: None });
    }
    let key = secret.get()?;
    let mut opts = ReadOptions::new();
    if let Some(k) = &key {
        opts = opts.key(k.clone());
    }
    let mode = if kind == Kind::Compressed {
        bytes.get(4..8).and_then(|m| Compression::from_mode(u32::from_le_bytes(m.try_into().ok()?)))
    } else {
        None
    };
    match container::decode(&bytes, &opts) {
        Ok(content) => Ok(Opened { content, kind, mode, key }),
        Err(ContainerError::KeyNeeded) => {
            Err(Fail(2, format!("the file is encrypted (GDEC): give --password, --key or set {PASSWORD_ENV}")))
        }
        Err(e) => Err(data(e.to_string())),
    }
}

fn wrap(content: Vec<u8>, c: &Container) -> Result<Vec<u8>, Fail> {
    if *c == Container::Plain {
        return Ok(content);
    }
    container::encode(&content, c).map_err(|e| data(e.to_string()))
}

fn dialect(s: &str) -> Result<Dialect, String> {
    s.parse::<Dialect>().map_err(|e| e.to_string())
}

/// A failure: exit status and message.
struct Fail(u8, String);

fn data(msg: impl Into<String>) -> Fail {
    Fail(1, msg.into())
}

fn read_input(file: &Option<String>) -> Result<Vec<u8>, Fail> {
    let mut buf = Vec::new();
    match file {
        Some(f) if f != "-" => {
            buf = std::fs::read(f).map_err(|e| Fail(2, format!("cannot read {f}: {e}")))?;
        }
        _ => {
            std::io::stdin().read_to_end(&mut buf).map_err(|e| Fail(2, format!("cannot read standard input: {e}")))?;
        }
    }
    Ok(buf)
}

fn unhex(b: &[u8]) -> Result<Vec<u8>, Fail> {
    let mut out = Vec::with_capacity(b.len() / 2);
    let mut hi: Option<u8> = None;
    for (i, &c) in b.iter().enumerate() {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            c if c.is_ascii_whitespace() => continue,
            _ => return Err(data(format!("invalid hex input: character {:?} at input byte {i}", c as char))),
        };
        match hi.take() {
            None => hi = Some(d),
            Some(h) => out.push(h << 4 | d),
        }
    }
    if hi.is_some() {
        return Err(data("invalid hex input: odd number of hex digits"));
    }
    Ok(out)
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn unbase64(b: &[u8]) -> Result<Vec<u8>, Fail> {
    let mut out = Vec::with_capacity(b.len() / 4 * 3);
    let (mut acc, mut bits) = (0u32, 0);
    let mut ended = false;
    for (i, &c) in b.iter().enumerate() {
        if c.is_ascii_whitespace() {
            continue;
        }
        if c == b'=' {
            ended = true;
            continue;
        }
        let Some(v) = B64.iter().position(|&x| x == c).filter(|_| !ended) else {
            return Err(data(format!("invalid base64 input: character {:?} at input byte {i}", c as char)));
        };
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

fn base64(b: &[u8]) -> String {
    let mut s = String::with_capacity(b.len().div_ceil(3) * 4);
    for c in b.chunks(3) {
        let n =
            (u32::from(c[0]) << 16) | (u32::from(*c.get(1).unwrap_or(&0)) << 8) | u32::from(*c.get(2).unwrap_or(&0));
        for i in 0..4 {
            s.push(if i <= c.len() { B64[(n >> (18 - 6 * i) & 63) as usize] as char } else { '=' });
        }
    }
    s
}

fn decode_bin(raw: Vec<u8>, enc: Bin) -> Result<Vec<u8>, Fail> {
    match enc {
        Bin::Raw => Ok(raw),
        Bin::Hex => unhex(&raw),
        Bin::Base64 => unbase64(&raw),
    }
}

fn write_bin(bytes: &[u8], enc: Bin) -> Result<(), Fail> {
    let mut out = std::io::stdout().lock();
    let r = match enc {
        Bin::Raw => out.write_all(bytes),
        Bin::Hex => {
            let mut s = String::with_capacity(bytes.len() * 2 + 1);
            for b in bytes {
                s.push(char::from(b"0123456789abcdef"[(b >> 4) as usize]));
                s.push(char::from(b"0123456789abcdef"[(b & 15) as usize]));
            }
            s.push('\n');
            out.write_all(s.as_bytes())
        }
        Bin::Base64 => out.write_all(format!("{}\n", base64(bytes)).as_bytes()),
    };
    r.and_then(|_| out.flush()).map_err(|e| Fail(1, format!("cannot write output: {e}")))
}

/// Splits the input into values: the whole input, or the u32-length-prefixed frames of `store_var`.
/// Returns each value's bytes with its offset in the input.
fn frames(bytes: &[u8], framing: Framing) -> Result<Vec<(usize, &[u8])>, Fail> {
    if framing == Framing::None {
        return Ok(vec![(0, bytes)]);
    }
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < bytes.len() {
        let Some(len) = bytes.get(pos..pos + 4) else {
            return Err(data(format!(
                "stream framing: {} byte(s) left where a 4-byte length was expected at byte {pos}",
                bytes.len() - pos
            )));
        };
        let len = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
        let start = pos + 4;
        let Some(body) = bytes.get(start..start.saturating_add(len)) else {
            let which = if pos == 0 { "the first value" } else { "a value" };
            return Err(data(format!(
                "truncated: {which} declares {len} byte(s), {} present at byte {start}",
                bytes.len() - start
            )));
        };
        out.push((start, body));
        pos = start + len;
    }
    Ok(out)
}

fn frame_out(values: &[Vec<u8>], framing: Framing) -> Result<Vec<u8>, Fail> {
    match framing {
        Framing::None => Ok(values.first().cloned().unwrap_or_default()),
        Framing::Stream => {
            let mut out = Vec::new();
            for v in values {
                let len = u32::try_from(v.len()).map_err(|_| data("a value longer than 4 GiB cannot be framed"))?;
                out.extend_from_slice(&len.to_le_bytes());
                out.extend_from_slice(v);
            }
            Ok(out)
        }
    }
}

/// `flag`: the command's flag for the input dialect (`--dialect`, or `--from-dialect` for convert), named by hints.
fn decode_values(bytes: &[u8], framing: Framing, cfg: &Config, flag: &str) -> Result<Vec<Variant>, Fail> {
    if bytes.is_empty() {
        return Err(data(detect::Unreadable::Empty.to_string()));
    }
    let read = || {
        let mut out = Vec::new();
        for (base, body) in frames(bytes, framing)? {
            let v = Variant::decode(body, cfg).map_err(|e| {
                let at = e.offset().map(|o| format!(" at byte {}", base + o)).unwrap_or_default();
                let hint = e.hint().map(|h| format!("; {h}")).unwrap_or_default();
                data(format!("{}{at}{hint}", e.kind()))
            })?;
            out.push(v);
        }
        Ok(out)
    };
    read().map_err(|Fail(code, msg)| Fail(code, format!("{msg}{}", other_readings(bytes, cfg, framing, flag))))
}

/// For an error: the dialects and framing that do read `bytes` whole under `cfg`'s options, if the ones
/// asked for did not; or that the input is a stream cut short.
fn other_readings(bytes: &[u8], cfg: &Config, framing: Framing, flag: &str) -> String {
    let asked = cfg.dialect();
    let d = detect::detect_with(bytes, cfg);
    // (Read as one value, bytes of another format already say so: the decoder's hint.)
    match (d.unreadable, framing) {
        (Some(u @ detect::Unreadable::Truncated { .. }), Framing::None)
        | (Some(u @ detect::Unreadable::NotGodot(_)), Framing::Stream) => return format!("; {u}"),
        _ => {}
    }
    let Some(c) =
        d.candidates.iter().find(|c| !(c.dialects.contains(&asked) && cli_framing(c.framing) == Some(framing)))
    else {
        return String::new();
    };
    let framing_flag = match cli_framing(c.framing) {
        Some(Framing::Stream) => " --framing stream",
        Some(Framing::None) => " --framing none",
        None => "",
    };
    format!(
        "; these bytes read cleanly as {} ({}{}): try {flag} {}{framing_flag}",
        c.dialect(),
        c.framing,
        if d.is_ambiguous() { ", among other readings: see `godot-bin info`" } else { "" },
        c.dialect()
    )
}

/// The CLI's framing for a detected one (`None`: big-endian lengths, which the CLI does not read).
fn cli_framing(f: detect::Framing) -> Option<Framing> {
    match f {
        detect::Framing::Bare => Some(Framing::None),
        detect::Framing::Stream { big_endian: false } => Some(Framing::Stream),
        detect::Framing::Stream { big_endian: true } => None,
    }
}

/// The dialect and framing to read `content` (in a container of `kind`) with: as given, the rest detected
/// and said on stderr.
fn choose(
    content: &[u8],
    dialect: Option<Dialect>,
    common: &Common,
    kind: Kind,
    flag: &str,
) -> Result<(Dialect, Framing), Fail> {
    // A container holds a store_var stream unless told otherwise; a given framing is kept.
    let framing = common.framing.or((kind != Kind::Plain).then_some(Framing::Stream));
    if content.is_empty() {
        return Err(data(detect::Unreadable::Empty.to_string()));
    }
    if let (Some(d), Some(f)) = (dialect, framing) {
        return Ok((d, f));
    }
    // Only readings that decode under the options given (--objects, --double) are offered.
    let found = detect::detect_with(content, &config(dialect.unwrap_or(Dialect::Godot4_6), common));
    let fits = |c: &&detect::Candidate| {
        dialect.map_or(true, |d| c.dialects.contains(&d)) && framing.map_or(true, |f| cli_framing(c.framing) == Some(f))
    };
    let Some(c) = found.candidates.iter().find(fits) else {
        if let Some(detect::Unreadable::Truncated { framing: detect::Framing::Stream { big_endian: false }, .. }) =
            found.unreadable
        {
            if framing.is_none() {
                // A store_var stream cut short: its reading says so, with the offset.
                return Ok((dialect.unwrap_or(Dialect::Godot4_6), Framing::Stream));
            }
        }
        return match dialect {
            // The decode that follows says what is wrong, with its offset.
            Some(d) => Ok((d, framing.unwrap_or(Framing::None))),
            None if found.unreadable.is_some() => Err(data(found.to_string())),
            None => Err(data(format!("{found}; give {flag} (and --framing) to see where it fails"))),
        };
    };
    let Some(f) = cli_framing(c.framing) else {
        return Err(data("the input is a store_var stream with big-endian lengths, which the CLI does not read"));
    };
    let d = dialect.unwrap_or(c.dialect());
    eprintln!(
        "godot-bin: reading as {d}, {} ({} value(s)), detected{}",
        c.framing,
        c.values,
        ambiguity(&found, c, fits, flag)
    );
    Ok((d, f))
}

/// What else the detected readings leave open, among those that fit the flags given: other framings
/// (settled by --framing) and other dialects (settled by `flag`), each named with the flag that settles it.
fn ambiguity(
    found: &detect::Detection,
    chosen: &detect::Candidate,
    fits: impl Fn(&&detect::Candidate) -> bool,
    flag: &str,
) -> String {
    let others: Vec<&detect::Candidate> =
        found.candidates.iter().filter(|o| !std::ptr::eq(*o, chosen)).filter(|o| fits(o)).collect();
    let mut out = String::new();
    let framings: Vec<String> = others
        .iter()
        .filter(|o| o.framing != chosen.framing)
        .filter_map(|o| cli_framing(o.framing))
        .map(|f| format!("--framing {}", if f == Framing::Stream { "stream" } else { "none" }))
        .collect();
    if let Some(alt) = framings.first() {
        let what = others.iter().find(|o| o.framing != chosen.framing).map(|o| o.framing.to_string());
        out.push_str(&format!(
            "; the framing is ambiguous: the bytes also read, to other values, as {}: give {alt} to read them so",
            what.unwrap_or_default()
        ));
    }
    let dialects: Vec<String> =
        others.iter().filter(|o| o.framing == chosen.framing).map(|o| o.dialect().to_string()).collect();
    if !dialects.is_empty() {
        out.push_str(&format!(
            "; the dialect is ambiguous: the bytes also read, to other values, as {}: give {flag} to choose",
            dialects.join(", ")
        ));
    }
    out
}

fn encode_values(values: &[Variant], cfg: &Config, framing: Framing) -> Result<Vec<u8>, Fail> {
    if framing == Framing::None && values.len() != 1 {
        return Err(data(format!(
            "expected exactly one value, found {} (use --framing stream for several)",
            values.len()
        )));
    }
    let many = values.len() > 1;
    let mut enc = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        let which = if many { format!("value {}: ", i + 1) } else { String::new() };
        check_fits(v, cfg.dialect()).map_err(|e| data(format!("{which}{e}")))?;
        enc.push(v.encode(cfg).map_err(|e| data(format!("{which}{e}")))?);
    }
    frame_out(&enc, framing)
}

fn write_text(s: &str) -> Result<(), Fail> {
    let mut out = std::io::stdout().lock();
    out.write_all(s.as_bytes()).and_then(|_| out.flush()).map_err(|e| Fail(1, format!("cannot write output: {e}")))
}

fn config(d: Dialect, c: &Common) -> Config {
    Config::new(d).double_precision(c.double).allow_objects(c.objects)
}

fn run(cli: Cli) -> Result<(), Fail> {
    match cli.cmd {
        Cmd::Decode { dialect, common, input, to, exact, secret, file } => {
            let opened = open_container(decode_bin(read_input(&file)?, input)?, &secret)?;
            let (dialect, framing) = choose(&opened.content, dialect, &common, opened.kind, "--dialect")?;
            let cfg = config(dialect, &common);
            let values = decode_values(&opened.content, framing, &cfg, "--dialect")?;
            let many = values.len() > 1;
            let mut s = String::new();
            for (i, v) in values.iter().enumerate() {
                match to {
                    Form::Text if exact => {
                        let t = text::to_text_exact(v, &cfg).map_err(|e| {
                            data(format!(
                                "{}{e} (no exact text form)",
                                if many { format!("value {}: ", i + 1) } else { String::new() }
                            ))
                        })?;
                        s.push_str(&t);
                    }
                    Form::Text => s.push_str(&text::to_text(v, &cfg)),
                    Form::Json => s.push_str(&json::to_json_string(v, &cfg)),
                }
                s.push('\n');
            }
            write_text(&s)
        }
        Cmd::Info { input, secret, file } => {
            let raw = decode_bin(read_input(&file)?, input)?;
            let kind = container::detect(&raw);
            let mut s = String::new();
            let content = match kind {
                Kind::Plain => raw,
                _ if !secret.given() && kind == Kind::Encrypted && std::env::var_os(PASSWORD_ENV).is_none() => {
                    s.push_str(&format!("{}\n", detect::detect(&raw)));
                    return write_text(&s);
                }
                _ => {
                    let opened = open_container(raw, &secret)?;
                    s.push_str(&format!("{:?} container, {} byte(s) inside\n", opened.kind, opened.content.len()));
                    opened.content
                }
            };
            s.push_str(&format!("{}\n", detect::detect(&content)));
            write_text(&s)
        }
        Cmd::Encode { dialect, common, from, output, compress, secret, encrypt, like, file } => {
            // The original (--like): opened first, since it gives the dialect and framing when not given.
            let original = match &like {
                Some(o) => Some(
                    open_container(read_input(&Some(o.clone()))?, &secret)
                        .map_err(|Fail(c, m)| Fail(c, format!("--like {o}: {m}")))?,
                ),
                None => None,
            };
            let (dialect, like_framing) = match (dialect, &original) {
                (Some(d), _) => (d, None),
                (None, Some(o)) => {
                    let (d, f) = choose(&o.content, None, &common, o.kind, "--dialect")?;
                    (d, Some(f))
                }
                (None, None) => {
                    return Err(Fail(
                        2,
                        "encode: give --dialect D (the dialect to write), or --like ORIGINAL to write in the \
                         dialect and framing of the file the input was decoded from"
                            .into(),
                    ))
                }
            };
            let cfg = config(dialect, &common);
            let target = if let Some(mode) = compress {
                Container::Compressed(mode)
            } else if encrypt || secret.given() {
                let key = secret.get()?.ok_or_else(|| {
                    Fail(2, format!("--encrypt: no password (give --password, --key or set {PASSWORD_ENV})"))
                })?;
                Container::Encrypted(key, Layout::for_dialect(dialect))
            } else {
                Container::Plain
            };
            let framing = common.framing.or(like_framing).unwrap_or(if target == Container::Plain {
                Framing::None
            } else {
                Framing::Stream
            });
            let raw = read_input(&file)?;
            let src = String::from_utf8(raw)
                .map_err(|e| data(format!("input is not UTF-8 at byte {}", e.utf8_error().valid_up_to())))?;
            let mut values = match (from, framing) {
                (Form::Text, Framing::None) => vec![text::from_text(&src, &cfg).map_err(|e| data(e.to_string()))?],
                (Form::Text, Framing::Stream) => text::from_text_many(&src, &cfg).map_err(|e| data(e.to_string()))?,
                (Form::Json, Framing::None) => vec![json::from_json_str(&src, &cfg).map_err(|e| data(e.to_string()))?],
                (Form::Json, Framing::Stream) => {
                    json::from_json_str_many(&src, &cfg).map_err(|e| data(e.to_string()))?
                }
            };
            if let (Some(original), Some(opened)) = (&like, &original) {
                let originals = decode_values(&opened.content, framing, &cfg, "--dialect")
                    .map_err(|Fail(c, m)| Fail(c, format!("--like {original}: {m}")))?;
                for (v, o) in values.iter_mut().zip(&originals) {
                    json::restore_types(v, o);
                }
            }
            write_bin(&wrap(encode_values(&values, &cfg, framing)?, &target)?, output)
        }
        Cmd::Convert { from_dialect, to_dialect: to, common, coerce, input, output, secret, compress, plain, file } => {
            let Opened { content: bytes, kind, mode, key } =
                open_container(decode_bin(read_input(&file)?, input)?, &secret)?;
            let (from, framing) = choose(&bytes, from_dialect, &common, kind, "--from-dialect")?;
            let cin = config(from, &common);
            let cout = config(to, &common);
            let target = match (compress, plain, kind) {
                (Some(m), _, _) => Container::Compressed(m),
                (None, true, _) | (None, false, Kind::Plain) => Container::Plain,
                (None, false, Kind::Compressed) => Container::Compressed(mode.unwrap_or_default()),
                (None, false, Kind::Encrypted) => {
                    Container::Encrypted(key.expect("an opened encrypted file had a key"), Layout::for_dialect(to))
                }
            };
            let values = decode_values(&bytes, framing, &cin, "--from-dialect")?;
            let many = values.len() > 1;
            let opts = Options::default().coerce(coerce);
            let mut conv = Vec::with_capacity(values.len());
            for (i, v) in values.iter().enumerate() {
                conv.push(convert(v, from, to, &opts).map_err(|e| {
                    data(format!("{}{e}", if many { format!("value {}: ", i + 1) } else { String::new() }))
                })?);
            }
            write_bin(&wrap(encode_values(&conv, &cout, framing)?, &target)?, output)
        }
        Cmd::ConfigFile { dialect, from, to, bare_keys, secret, file } => {
            let cfg = Config::new(dialect);
            let opened = open_container(read_input(&file)?, &secret)?;
            let src = String::from_utf8(opened.content)
                .map_err(|e| data(format!("input is not UTF-8 at byte {}", e.utf8_error().valid_up_to())))?;
            let cf = match from {
                CfgForm::Config => ConfigFile::parse(&src, &cfg).map_err(|e| data(e.to_string()))?,
                CfgForm::Json => {
                    let v = json::from_json_str(&src, &cfg).map_err(|e| data(e.to_string()))?;
                    ConfigFile::from_variant(&v).map_err(|e| data(e.to_string()))?
                }
            };
            match to {
                CfgForm::Json => write_text(&format!("{}\n", json::to_json_string(&cf.to_variant(), &cfg))),
                CfgForm::Config => {
                    let style = if bare_keys { KeyStyle::Bare } else { KeyStyle::Quoted };
                    write_text(&cf.to_text_with(&cfg, style))
                }
            }
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    // Values may nest up to the depth limit: give the work a roomy stack.
    let worker = std::thread::Builder::new().stack_size(256 << 20).spawn(move || run(cli));
    let result = match worker.map(|h| h.join()) {
        Ok(Ok(r)) => r,
        _ => Err(Fail(1, "internal error".into())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(code, msg)) => {
            eprintln!("godot-bin: error: {msg}");
            ExitCode::from(code)
        }
    }
}
