//! `godot-bin`: inspect, write and migrate Godot saves and Variant data from the command line. Its reference
//! is its help (`godot-bin --help`, `godot-bin COMMAND --help`: the texts in help.rs). Every decision about
//! a file (its container, kind, framing and dialect, and the limits) is the library's (`godot_bin::file`):
//! the commands say what the user asked for and what the library found.

#![forbid(unsafe_code)]

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use godot_bin::container::Key;
use godot_bin::error::Hint;
use godot_bin::file::{self, Kind, Options, Save};
use godot_bin::{Config, Dialect, Error, ErrorKind};

mod check;
mod config_file;
mod convert;
mod decode;
mod encode;
mod help;
mod info;
mod schema;
mod web;

#[derive(Parser)]
#[command(name = "godot-bin", version, about = "Decode, encode and convert Godot's binary Variant format (var_to_bytes, store_var, put_var)", long_about = help::ABOUT, after_help = help::AFTER)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    #[command(about = "Binary to text or JSON", long_about = help::DECODE_ABOUT, after_help = help::DECODE_AFTER)]
    Decode(decode::Args),
    #[command(about = "What a file is: its container, framing and the dialects that read it", long_about = help::INFO_ABOUT)]
    Info(info::Args),
    #[command(about = "Text or JSON to binary", long_about = help::ENCODE_ABOUT, after_help = help::ENCODE_AFTER)]
    Encode(encode::Args),
    #[command(about = "Binary of one dialect to binary of another", long_about = help::CONVERT_ABOUT, after_help = help::CONVERT_AFTER)]
    Convert(convert::Args),
    #[command(about = "ConfigFile text (ConfigFile.save) to JSON and back", long_about = help::CONFIG_FILE_ABOUT, after_help = help::CONFIG_FILE_AFTER)]
    ConfigFile(config_file::Args),
    #[command(about = "The scripts a Resource save would run: exit 1 naming each one not the game's own", long_about = help::CHECK_ABOUT)]
    Check(check::Args),
    #[command(about = "The shape of the values in saves, as Rust types, GDScript classes or JSON", long_about = help::SCHEMA_ABOUT, after_help = help::SCHEMA_AFTER)]
    Schema(schema::Args),
    #[command(about = "Serve the save inspector (a page that opens and edits saves) on 127.0.0.1", long_about = web::ABOUT)]
    Web {
        /// The port (0: any free port; the first line of output names it).
        #[arg(long, default_value_t = 8740)]
        port: u16,
        /// Serve this folder (what `scripts/web.sh build` assembles) instead of the app built into the tool.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

/// A byte encoding of input or output.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub(crate) enum Bin {
    /// The bytes as they are.
    Raw,
    /// Lowercase hex on one line (reading: whitespace ignored).
    Hex,
    /// Standard base64 on one line (reading: white space skipped, padding optional).
    Base64,
}

/// A text form of values.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub(crate) enum Form {
    /// The dialect's `var_to_str` syntax.
    Text,
    /// The documented type-tagged JSON (one document per line).
    Json,
}

/// The options every reading command shares.
#[derive(clap::Args)]
pub(crate) struct Common {
    /// The engine's real_t is double (a `precision=double` build).
    #[arg(long)]
    pub(crate) double: bool,
    /// Allow full objects (`var_to_bytes_with_objects` / `allow_objects`).
    #[arg(long)]
    pub(crate) objects: bool,
    /// What the content is: stream (store_var/put_var, little-endian lengths), stream-be (big-endian lengths),
    /// bare (one value; `none` is the same), config (ConfigFile text), json (a JSON save) or resource (a
    /// `.tres`/`.res` Resource save, written back into the structure of an original). Reading: detected
    /// from the bytes when not given (stream for a file in a container). Writing: bare, or stream for a
    /// container (encode --like: the original's).
    #[arg(long, value_parser = kind, value_name = "KIND")]
    pub(crate) framing: Option<Kind>,
}

/// The Godot side of `decode` and `encode`: `--dialect` and the [`Common`] options.
#[derive(clap::Args)]
pub(crate) struct Godot {
    /// godot2, godot3, godot4.0 … godot4.6, godot4, pandemonium-3.5, pandemonium-3.8, pandemonium-5, pandemonium.
    /// Reading: detected from the bytes when not given (what was detected is said on stderr; `info` shows the
    /// candidates). encode: the dialect to write (default with --like: the original's, and its framing).
    #[arg(long, value_parser = dialect)]
    pub(crate) dialect: Option<Dialect>,
    #[command(flatten)]
    pub(crate) common: Common,
}

impl Common {
    /// The config for `dialect` with these options.
    pub(crate) fn config(&self, dialect: Dialect) -> Config {
        Config::new(dialect).with_double_precision(self.double).with_allow_objects(self.objects)
    }
}

/// The environment variable a password can come from (so it stays out of shell history).
pub(crate) const PASSWORD_ENV: &str = "GODOT_BIN_PASSWORD";

/// The secret of an encrypted file.
#[derive(clap::Args)]
pub(crate) struct Secret {
    /// Password of an encrypted file (open_encrypted_with_pass); default: $GODOT_BIN_PASSWORD.
    #[arg(long, conflicts_with = "key")]
    password: Option<String>,
    /// Key of an encrypted file (open_encrypted): 64 hex digits.
    #[arg(long)]
    key: Option<String>,
}

impl Secret {
    /// The key from --password, --key or the environment (None: none given).
    pub(crate) fn get(&self) -> Result<Option<Key>, Fail> {
        if let Some(p) = &self.password {
            return Ok(Some(Key::from_password(p)));
        }
        if let Some(h) = &self.key {
            return Key::from_hex(h).map(Some).map_err(|e| Fail(2, format!("--key: {e}")));
        }
        Ok(std::env::var(PASSWORD_ENV).ok().filter(|p| !p.is_empty()).map(|p| Key::from_password(&p)))
    }

    /// Whether --password or --key was given.
    pub(crate) fn given(&self) -> bool {
        self.password.is_some() || self.key.is_some()
    }

    /// The key, required (to write an encrypted file).
    pub(crate) fn required(&self, why: &str) -> Result<Key, Fail> {
        self.get()?.ok_or_else(|| Fail(2, format!("{why}: no password (give --password, --key or set {PASSWORD_ENV})")))
    }
}

/// How large a container's content may be.
#[derive(clap::Args)]
pub(crate) struct Limit {
    /// The largest file, and the largest content an encrypted or compressed file may hold, in bytes
    /// (suffixes K, M, G: binary multiples). Default: 512 times the file's size, at least 1M, at most 256M.
    #[arg(long, value_name = "BYTES", value_parser = byte_size)]
    pub(crate) max_size: Option<u64>,
}

/// The key, the size limit and the output of a command that reads a save and writes something.
#[derive(clap::Args)]
pub(crate) struct Io {
    #[command(flatten)]
    pub(crate) secret: Secret,
    #[command(flatten)]
    pub(crate) limit: Limit,
    #[command(flatten)]
    pub(crate) dest: Dest,
}

/// Where a command writes.
#[derive(clap::Args)]
pub(crate) struct Dest {
    /// Write to FILE (default: standard output), atomically: FILE may be the input, and a command that
    /// fails or is cut short leaves it as it was.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
}

/// A failure: exit status and message.
pub(crate) struct Fail(pub(crate) u8, pub(crate) String);

/// Bad data (exit status 1).
pub(crate) fn data(msg: impl Into<String>) -> Fail {
    Fail(1, msg.into())
}

/// The message of a library error, with what to do where the command's flags settle it.
pub(crate) fn failed(e: &Error, limit: &Limit) -> Fail {
    match e.kind() {
        ErrorKind::KeyNeeded => {
            Fail(2, format!("the file is encrypted (GDEC): give --password, --key or set {PASSWORD_ENV}"))
        }
        ErrorKind::TooLarge { .. } if limit.max_size.is_some() => {
            data(format!("{e} (--max-size): give a larger --max-size to allow more"))
        }
        ErrorKind::TooLarge { .. } => data(format!(
            "{e} (the default: 512 times the file's size, at least 1M, at most 256M): give --max-size BYTES (e.g. \
             --max-size 1G) to allow more"
        )),
        _ => data(e.to_string()),
    }
}

fn dialect(s: &str) -> Result<Dialect, String> {
    s.parse::<Dialect>().map_err(|e| e.to_string())
}

fn kind(s: &str) -> Result<Kind, String> {
    s.parse::<Kind>().map_err(|e| e.to_string())
}

/// `123`, `64K`, `64M`, `1G` (also `64MiB`, `64mb`): binary multiples.
fn byte_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (n, unit) = t.split_at(digits);
    let n: u64 = n.parse().map_err(|_| format!("{s:?} is not a size (bytes, or with K, M or G)"))?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        _ => return Err(format!("{s:?} is not a size (bytes, or with K, M or G)")),
    };
    n.checked_mul(1 << shift).ok_or_else(|| format!("{s:?} is too large"))
}

/// The bytes of FILE, or of standard input (`-` or none).
pub(crate) fn read_input(file: Option<&str>) -> Result<Vec<u8>, Fail> {
    let mut buf = Vec::new();
    match file {
        Some(f) if f != "-" => buf = std::fs::read(f).map_err(|e| Fail(2, format!("cannot read {f}: {e}")))?,
        _ => {
            std::io::stdin().read_to_end(&mut buf).map_err(|e| Fail(2, format!("cannot read standard input: {e}")))?;
        }
    }
    Ok(buf)
}

/// Input bytes in `enc` as raw bytes.
pub(crate) fn decode_bin(raw: Vec<u8>, enc: Bin) -> Result<Vec<u8>, Fail> {
    match enc {
        Bin::Raw => Ok(raw),
        Bin::Hex => unhex(&raw),
        Bin::Base64 => godot_bin::json::base64_decode(&raw).map_err(|e| {
            let at = e.offset().unwrap_or(raw.len());
            match raw.get(at) {
                Some(&c) => data(format!("invalid base64 input: character {:?} at input byte {at}", c as char)),
                None => data("invalid base64 input: it ends inside a byte"),
            }
        }),
    }
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

/// Writes `bytes` in `enc`.
pub(crate) fn write_bin(bytes: &[u8], enc: Bin, dest: &Dest) -> Result<(), Fail> {
    match enc {
        Bin::Raw => emit(bytes, dest, true),
        Bin::Hex => {
            let mut s = String::with_capacity(bytes.len() * 2 + 1);
            for b in bytes {
                s.push(char::from(b"0123456789abcdef"[(b >> 4) as usize]));
                s.push(char::from(b"0123456789abcdef"[(b & 15) as usize]));
            }
            s.push('\n');
            emit(s.as_bytes(), dest, false)
        }
        Bin::Base64 => emit(format!("{}\n", godot_bin::json::base64_encode(bytes)).as_bytes(), dest, false),
    }
}

/// Writes text output.
pub(crate) fn write_text(s: &str, dest: &Dest) -> Result<(), Fail> {
    emit(s.as_bytes(), dest, false)
}

/// Writes the output: to `-o FILE` atomically (the old file stays whole until the new one is), else to
/// standard output (`binary` output is not written to a terminal).
pub(crate) fn emit(bytes: &[u8], dest: &Dest, binary: bool) -> Result<(), Fail> {
    if let Some(path) = dest.output.as_deref().filter(|p| *p != Path::new("-")) {
        return file::write_atomic(path, bytes).map_err(|e| Fail(1, format!("cannot write {}: {e}", path.display())));
    }
    let mut out = std::io::stdout().lock();
    if binary && out.is_terminal() {
        return Err(Fail(
            2,
            "not writing binary data to a terminal: give -o FILE (or redirect the output), or --out-encoding hex"
                .into(),
        ));
    }
    out.write_all(bytes).and_then(|_| out.flush()).map_err(|e| Fail(1, format!("cannot write output: {e}")))
}

/// What reading a save was told.
pub(crate) struct Reading<'a> {
    pub(crate) dialect: Option<Dialect>,
    pub(crate) common: &'a Common,
    pub(crate) secret: &'a Secret,
    pub(crate) limit: &'a Limit,
    /// The command's flag for the input dialect (`--dialect`, or `--from-dialect` for convert).
    pub(crate) flag: &'a str,
}

impl<'a> Reading<'a> {
    /// A reading with the command's options, its dialect flag being `--dialect`.
    pub(crate) fn new(dialect: Option<Dialect>, common: &'a Common, io: &'a Io) -> Self {
        Reading { dialect, common, secret: &io.secret, limit: &io.limit, flag: "--dialect" }
    }

    fn options(&self) -> Result<Options, Fail> {
        let mut opts =
            Options { allow_objects: self.common.objects, double_precision: self.common.double, ..Options::default() };
        opts.key = self.secret.get()?;
        opts.max_size = self.limit.max_size;
        opts.dialect = self.dialect;
        opts.kind = self.common.framing;
        Ok(opts)
    }

    /// Reads `bytes` as the library does, saying on stderr what was detected (and what is ambiguous, with
    /// the flag that settles it); a failure names the flags that do read the bytes.
    pub(crate) fn read(&self, bytes: &[u8]) -> Result<Save, Fail> {
        let opts = self.options()?;
        let save = file::read(bytes, &opts).map_err(|e| self.explain(bytes, &opts, &e))?;
        if self.dialect.is_none() || self.common.framing.is_none() {
            eprintln!(
                "godot-bin: reading as {}, {} ({} value(s)), detected{}",
                save.format.dialect,
                describe(save.format.content.kind()),
                save.values.len(),
                self.ambiguity(&save)
            );
        }
        Ok(save)
    }

    /// What else the readings leave open, with the flag that settles it.
    fn ambiguity(&self, save: &Save) -> String {
        let mut out = String::new();
        let kind = save.format.content.kind();
        if save.report.kind_ambiguous {
            if let Some(o) = save.report.others.iter().find(|o| o.kind != kind) {
                out.push_str(&format!(
                    "; the framing is ambiguous: the bytes also read, to other values, as {}: give --framing {} to \
                     read them so",
                    describe(o.kind),
                    o.kind
                ));
            }
        }
        if save.report.dialect_ambiguous {
            let others: Vec<String> =
                save.report.others.iter().filter(|o| o.kind == kind).map(|o| o.dialect.to_string()).collect();
            out.push_str(&format!(
                "; the dialect is ambiguous: the bytes also read, to other values, as {}: give {} to choose",
                others.join(", "),
                self.flag
            ));
        }
        out
    }

    /// The error of a failed reading, with the flags that read the bytes when the ones given do not, or
    /// what the bytes are when no reading takes them.
    fn explain(&self, bytes: &[u8], opts: &Options, e: &Error) -> Fail {
        let mut fail = failed(e, self.limit);
        // The library's hint names the calls that settle it; the flags that do are named below instead.
        if let Some(h @ (Hint::OtherDialect { .. } | Hint::StoreVarStream { .. })) = e.hint() {
            if let Some(cut) = fail.1.strip_suffix(&format!("; {h}")) {
                fail.1 = cut.to_owned();
            }
        }
        if fail.0 != 1 || matches!(e.kind(), ErrorKind::TooLarge { .. }) {
            return fail;
        }
        if opts.dialect.is_none() && opts.kind.is_none() {
            // Unless the error says what the bytes are (empty, cut short, another format), a dialect given
            // makes the reading say where it fails.
            let said = matches!(e.kind(), ErrorKind::EmptyInput | ErrorKind::Truncated { .. });
            if !said && godot_bin::error::ForeignFormat::of(bytes).is_none() {
                fail.1.push_str(&format!("; give {} (and --framing) to see where it fails", self.flag));
            }
            return fail;
        }
        // What the bytes read as without the flags given.
        let mut free = opts.clone();
        (free.dialect, free.kind) = (None, None);
        match file::read(bytes, &free) {
            Ok(other) => {
                let (d, k) = (other.format.dialect, other.format.content.kind());
                let framing = if opts.kind != Some(k) { format!(" --framing {k}") } else { String::new() };
                fail.1.push_str(&format!(
                    "; these bytes read cleanly as {d} ({}): try {} {d}{framing}",
                    describe(k),
                    self.flag
                ));
            }
            Err(what) => {
                let what = what.to_string();
                if !fail.1.contains(&what) {
                    fail.1.push_str(&format!("; {what}"));
                }
            }
        }
        fail
    }
}

/// A kind as the messages name it.
pub(crate) fn describe(kind: Kind) -> &'static str {
    match kind {
        Kind::Stream { big_endian: false } => "store_var/put_var stream",
        Kind::Stream { big_endian: true } => "store_var/put_var stream, big-endian lengths",
        Kind::Bare => "one bare value (var_to_bytes)",
        Kind::ConfigFile => "ConfigFile text",
        Kind::Json => "JSON text",
        Kind::Resource => "Resource file (.tres/.res)",
        _ => "content",
    }
}

fn run(cli: Cli) -> Result<(), Fail> {
    match cli.cmd {
        Cmd::Decode(args) => decode::run(args),
        Cmd::Info(args) => info::run(args),
        Cmd::Encode(args) => encode::run(args),
        Cmd::Convert(args) => convert::run(args),
        Cmd::ConfigFile(args) => config_file::run(args),
        Cmd::Schema(args) => schema::run(args),
        Cmd::Check(args) => check::run(args),
        Cmd::Web { port, dir } => web::serve(port, dir).map_err(|web::Fail(code, msg)| Fail(code, msg)),
    }
}

/// On Ctrl+C (SIGINT) or SIGTERM: removes the temporary file of an `-o` write in progress, then ends as the
/// signal would (exit status 128 + its number). A file size limit (`ulimit -f`, SIGXFSZ) does not end the
/// process: the write that reaches it fails ("File too large"), and the error path removes its temporary
/// file as for any failed write. Where signals cannot be caught so, the default stands.
fn stop_cleanly_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM, SIGXFSZ};
        // A handler of its own (a flag nobody reads): the write gets EFBIG instead of the process a kill.
        let _ = signal_hook::flag::register(SIGXFSZ, std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)));
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else { return };
        let _ = std::thread::Builder::new().name("signals".into()).spawn(move || {
            if let Some(sig) = signals.forever().next() {
                file::remove_unfinished_writes();
                std::process::exit(128 + sig);
            }
        });
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
    stop_cleanly_on_signals();
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
