//! `godot-bin`: inspect, write and migrate Godot binary Variant data from the command line. Its reference is
//! its help: `godot-bin --help` and `godot-bin COMMAND --help` (the texts below, in `ABOUT` … `CONFIG_FILE_AFTER`).

#![forbid(unsafe_code)]

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use godot_bin::config_file::{ConfigFile, KeyStyle};
use godot_bin::container::{self, Compression, Container, Key, Kind, Layout, ReadOptions};
use godot_bin::convert::{check_fits, convert, Options};
use godot_bin::{detect, json, text, Config, Dialect, ErrorKind, Variant};

// The `web` command's server (a module beside this file: every .rs directly in src/bin/ is a binary).
#[path = "godot-bin/web.rs"]
mod web;

/// `godot-bin --help`: what the tool is and what every command shares.
const ABOUT: &str = "\
Decode, encode and convert Godot's binary Variant format (var_to_bytes, store_var, put_var) for Godot 2.1,
3.x, 4.0-4.6 and Pandemonium.

Input: FILE, or standard input. Without --dialect (--from-dialect for convert) the bytes are read in every
dialect and framing, the reading that fits is taken (exact store_var lengths first, then the most plausible
values, then the most common engine) and stderr says what was taken; when the bytes are ambiguous it says
what else they read as and the flag that settles it (--dialect or --framing). Only readings that decode
under the flags given (--objects, --double) are offered. `info FILE` prints the detection itself.

Encrypted (GDEC: open_encrypted, open_encrypted_with_pass) and compressed (GCPF: open_compressed) files are
found by their magic and opened; the password is --password, --key HEX or the environment variable
GODOT_BIN_PASSWORD (which keeps it out of shell history). A file in a container is a store_var stream unless
--framing says otherwise. What a container may open to is bounded by its file's size: 512 times it, at least
1 MiB (--max-size raises it).

Output: standard output (raw binary is not written to a terminal), or -o FILE, written to a temporary file
beside FILE and renamed over it once whole: FILE may be the input, and a command that fails or is cut short
leaves it as it was (a shell's `> FILE` empties the file before the command even reads it).

Each flag means one thing in every command: --dialect, --from-dialect and --to-dialect name dialects
(godot2, godot3, godot4.0 ... godot4.6, godot4, pandemonium-3.5, pandemonium-3.8, pandemonium-5,
pandemonium); --from and --to name forms (text, json, config); --in-encoding and --out-encoding name byte
encodings (raw, the default, lowercase hex or base64 on one line); -o / --output the file written. The
older spellings --in, --out and convert's --from/--to for dialects still work.";

/// After `godot-bin --help`: exit status and a first session.
const AFTER: &str = "\
Exit status: 0 on success, 1 on bad data (the message has the byte offset, or the line and column for
text and JSON), 2 on bad usage.

Examples:
  godot-bin info save.sav                          # container, framing, the dialects that read it
  godot-bin decode save.sav                        # print the values in Godot's text syntax
  godot-bin decode --to json save.sav | jq -c '.tick += 1' | godot-bin encode --from json --like save.sav -o save.sav
  godot-bin convert --to-dialect godot4 old.sav -o new.sav
  godot-bin config-file settings.cfg -o settings.json
  godot-bin web                                    # the save inspector in the browser (scripts/web.sh build first)

`godot-bin COMMAND --help` describes each command.";

/// `godot-bin decode --help`.
const DECODE_ABOUT: &str = "\
Binary to text or JSON.

Text (--to text, the default) is the dialect's var_to_str syntax (var2str in 3.x): Vector2(1, 2.5),
Array[int]([1]), &\"name\" in Godot 4; Vector2( 1, 2.5 ), PoolIntArray( 1 ) in Godot 3. It differs from
the engine's own output in two ways, both so that the engine's str_to_var of this text gives back the exact
bytes: dictionary keys stay in stored order (the engine's printer sorts them), and every float is printed
with digits the engine's own, not correctly rounded, parser reads back exactly. --exact fails instead of
printing a value the engine cannot rebuild from text (an object by instance id, a NaN payload, a non-empty
Signal, a RID in 3.x, a float below about 1e-292).

JSON (--to json) is plain JSON where that is unambiguous (int, float with a '.', String, untyped Array,
Dictionary with String keys) and {\"$Type\": ...} where it is not ({\"$Vector2\": [1.5, -2.25]},
{\"$StringName\": \"a\"}, {\"$PackedByteArray\": \"base64\"}, {\"$float\": \"nan\"}, typed containers,
non-String keys). Lossless: decode --to json, then encode --from json, gives the same bytes.

With --framing stream each value of a store_var/put_var stream is one line of text or JSON.

An empty input says `empty input`; a save cut short says `truncated: the first value declares N byte(s), M
present`; the bytes of another format say what they look like (a PNG image, ConfigFile text, JSON, a Godot
resource pack, ...); flags that do not fit the bytes are answered with the flags that do.";

/// After `godot-bin decode --help`.
const DECODE_AFTER: &str = "\
Examples:
  godot-bin decode save.sav                                     # dialect and framing detected
  godot-bin decode --dialect godot3 --framing stream save.sav -o save.txt
  godot-bin decode --to json save.sav | jq '.entities[1].pos'
  GODOT_BIN_PASSWORD=hunter2 godot-bin decode save.dat          # an encrypted save";

/// `godot-bin info --help`.
const INFO_ABOUT: &str = "\
What a file is: its container, framing and the dialects that read it (with --password/--key, what is
inside an encrypted one).

This is the detection decode and convert do when no dialect is given, printed with every candidate.";

/// `godot-bin encode --help`.
const ENCODE_ABOUT: &str = "\
Text or JSON to binary.

The input is the text or JSON that decode prints (one value, or one per line with --framing stream).
Either --dialect or --like ORIGINAL says what to write: --like takes ORIGINAL's dialect, framing and
container (the compression mode; for an encrypted file the same key and layout), and with --from json the
types JSON tools lose come back from it (jq prints 1.0 as 1 and -0.0 as -0).

Containers: --compress fastlz|deflate|zstd|gzip writes open_compressed's file (FastLZ byte for byte as the
engines write it); --password, --key or --encrypt writes an encrypted file (open_encrypted_with_pass,
open_encrypted) in the dialect's layout;
--plain writes none.";

/// After `godot-bin encode --help`.
const ENCODE_AFTER: &str = "\
Examples:
  godot-bin encode --dialect godot3 --framing stream save.txt -o save.sav
  godot-bin encode --dialect godot4.6 --from json --compress zstd save.json -o save.dat
  godot-bin encode --dialect godot3 --from json --password hunter2 save.json -o save.dat
  godot-bin decode --to json save.sav | jq -c '.tick += 1' | godot-bin encode --from json --like save.sav -o save.sav";

/// `godot-bin convert --help`.
const CONVERT_ABOUT: &str = "\
Binary of one dialect to binary of another (e.g. --from-dialect godot3 --to-dialect godot4).

Godot 3 to 4 writes Pool*Array as Packed*Array, Quat as Quaternion, Transform as Transform3D, ... (the same
values with the target's type ids); back to 3, StringName becomes String and typed containers untyped.
Also between Godot 4 minors (typed containers before 4.3/4.4, PackedVector4Array before 4.3) and
Pandemonium layouts. A value with no counterpart (Vector2i, Callable, PackedInt64Array, ... in Godot 3) is
an error naming where it is (`at entities[3].pos: Vector2i has no counterpart in godot3`) unless --coerce
applies the lossy mapping (Vector2i to Vector2, PackedInt64Array to PackedInt32Array when it fits, ...).
Full objects pass unchanged (class names are not renamed).

The input's container is kept (an encrypted file gets the target engine's layout) unless --compress,
--password/--key or --plain changes it.";

/// After `godot-bin convert --help`.
const CONVERT_AFTER: &str = "\
Examples:
  godot-bin convert --to-dialect godot4 save.sav -o save.sav        # in place, dialect detected
  godot-bin convert --from-dialect godot3 --to-dialect godot4 --framing stream old.sav -o new.sav
  godot-bin convert --to-dialect godot4 --password hunter2 save.dat -o save.dat   # stays encrypted";

/// `godot-bin config-file --help`.
const CONFIG_FILE_ABOUT: &str = "\
ConfigFile text (ConfigFile.save) to JSON and back: JSON is {section: {key: value}} in the type-tagged JSON
of decode --to json; the keys outside any section are under \"\".

Without --dialect the text is read as Godot 4.x and as 3.x (PackedStringArray(...) or
PoolStringArray( ... ), Transform3D or Transform, Color(1, 2, 3, 4) or Color( 1, 2, 3, 4 )) and the
reading that reads it, or that writes more of its lines back as they are, is taken; when that does not
tell and it matters, the message asks for --dialect. Text is written as ConfigFile.save writes it, byte for byte.

Encrypted files (save_encrypted_pass) are opened with the password; ConfigFile text is written encrypted
when the input or ORIGINAL was, or with --password/--key/--encrypt (--plain: never).";

/// After `godot-bin config-file --help`.
const CONFIG_FILE_AFTER: &str = "\
Examples:
  godot-bin config-file settings.cfg -o settings.json
  godot-bin config-file --from json --to config --like settings.cfg settings.json -o settings.cfg
  GODOT_BIN_PASSWORD=hunter2 godot-bin config-file settings.dat
  godot-bin config-file --to config --password hunter2 settings.cfg -o settings.dat";

/// `godot-bin schema --help`.
const SCHEMA_ABOUT: &str = "\
The shape of the values in saves, as Rust types, GDScript classes or a schema file (JSON).

Each FILE is read as decode reads it (container, dialect and framing detected; --password, --dialect,
--framing as there) and one schema is inferred from the Dictionary values of all of them (a value that is
not a Dictionary is left out, and stderr says so): a struct for Dictionaries with String keys that recur,
with the fields in the files' key order; Option where a key is sometimes null, or sometimes missing (such a
field is left out when None); a map for other Dictionaries; typed arrays and dictionaries, packed arrays and
the math types as they are; an enum for a String that takes a few values in many places (its doc says so);
names from the keys. The top type is --name. Every part is as narrow as writes all the values seen back to
the same bytes, else Variant: the Rust reads each file it came from and writes it back byte for byte.

A FILE that is a schema file (what --to json prints) is used as it is, to turn it into Rust or GDScript.

--to rust prints types deriving serde's Serialize and Deserialize that need only godot_bin and serde
(feature derive); --to gdscript one GDScript file: the top type's class, the others as inner classes, with
from_variant and to_variant; --to json the schema file.";

/// After `godot-bin schema --help`.
const SCHEMA_AFTER: &str = "\
Examples:
  godot-bin schema --to rust save.sav > src/save.rs                 # struct Save and what it uses
  godot-bin schema --to rust --name GameState slot1.sav slot2.sav    # one schema from several saves
  godot-bin schema --to json save.sav -o save.schema.json
  godot-bin schema --to gdscript save.schema.json -o save_data.gd";

#[derive(Parser)]
#[command(name = "godot-bin", version, about = "Decode, encode and convert Godot's binary Variant format (var_to_bytes, store_var, put_var)", long_about = ABOUT, after_help = AFTER)]
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
    /// Standard base64 on one line (reading: white space skipped, padding optional; `wire::base64_decode`).
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

/// Where a command writes.
#[derive(clap::Args)]
struct Dest {
    /// Write to FILE (default: standard output), atomically: FILE may be the input, and a command that
    /// fails or is cut short leaves it as it was.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
}

/// The default limit on a container's content: this many times the file's size...
const MAX_SIZE_RATIO: u64 = 512;
/// ...and at least this (the engines' `open_compressed` files hold at most about 180 times their size).
const MAX_SIZE_FLOOR: u64 = 1 << 20;

/// How large a container's content may be.
#[derive(clap::Args)]
struct Limit {
    /// The largest content an encrypted or compressed file may hold, in bytes (suffixes K, M, G: binary
    /// multiples). Default: 512 times the file's size, at least 1M.
    #[arg(long, value_name = "BYTES", value_parser = byte_size)]
    max_size: Option<u64>,
}

impl Limit {
    /// The limit for a file of `len` bytes.
    fn for_file(&self, len: usize) -> u64 {
        self.max_size.unwrap_or_else(|| (len as u64).saturating_mul(MAX_SIZE_RATIO).max(MAX_SIZE_FLOOR))
    }
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

#[derive(Subcommand)]
enum Cmd {
    #[command(about = "Binary to text or JSON", long_about = DECODE_ABOUT, after_help = DECODE_AFTER)]
    Decode {
        /// godot2, godot3, godot4.0 … godot4.6, godot4, pandemonium-3.5, pandemonium-3.8, pandemonium-5, pandemonium.
        /// Default: detected from the bytes (what was detected is said on stderr; `info` shows the candidates).
        #[arg(long, value_parser = dialect)]
        dialect: Option<Dialect>,
        #[command(flatten)]
        common: Common,
        /// Input encoding.
        #[arg(long = "in-encoding", visible_alias = "in", value_enum, default_value = "raw")]
        input: Bin,
        /// Output form.
        #[arg(long, value_enum, default_value = "text")]
        to: Form,
        /// With --to text: fail (exit 1) when the engine's str_to_var could not rebuild a value exactly.
        #[arg(long)]
        exact: bool,
        #[command(flatten)]
        secret: Secret,
        #[command(flatten)]
        limit: Limit,
        #[command(flatten)]
        dest: Dest,
        /// Input file (default: standard input).
        file: Option<String>,
    },
    #[command(about = "What a file is: its container, framing and the dialects that read it", long_about = INFO_ABOUT)]
    Info {
        /// Input encoding.
        #[arg(long = "in-encoding", visible_alias = "in", value_enum, default_value = "raw")]
        input: Bin,
        #[command(flatten)]
        secret: Secret,
        #[command(flatten)]
        limit: Limit,
        #[command(flatten)]
        dest: Dest,
        /// Input file (default: standard input).
        file: Option<String>,
    },
    #[command(about = "Text or JSON to binary", long_about = ENCODE_ABOUT, after_help = ENCODE_AFTER)]
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
        #[arg(long = "out-encoding", alias = "out", value_enum, default_value = "raw")]
        out_encoding: Bin,
        /// Write a compressed file (open_compressed) in this mode.
        #[arg(long, value_parser = compression, conflicts_with_all = ["encrypt", "plain"])]
        compress: Option<Compression>,
        #[command(flatten)]
        secret: Secret,
        #[command(flatten)]
        limit: Limit,
        #[command(flatten)]
        dest: Dest,
        /// Write an encrypted file with the password in $GODOT_BIN_PASSWORD (--password and --key imply it).
        #[arg(long, conflicts_with = "plain")]
        encrypt: bool,
        /// Write no container (default: ORIGINAL's container with --like, else none).
        #[arg(long)]
        plain: bool,
        /// With --from json: the binary file the JSON was made from. Its dialect, framing and container
        /// (compression mode; encryption, with the same key and layout) are kept, and types JSON tools lose
        /// come back from it: jq prints 1.0 as 1 and -0.0 as -0.
        #[arg(long, value_name = "ORIGINAL")]
        like: Option<String>,
        /// Input file (default: standard input).
        file: Option<String>,
    },
    #[command(about = "Binary of one dialect to binary of another", long_about = CONVERT_ABOUT, after_help = CONVERT_AFTER)]
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
        #[arg(long = "in-encoding", visible_alias = "in", value_enum, default_value = "raw")]
        input: Bin,
        /// Output encoding.
        #[arg(long = "out-encoding", alias = "out", value_enum, default_value = "raw")]
        out_encoding: Bin,
        #[command(flatten)]
        secret: Secret,
        #[command(flatten)]
        limit: Limit,
        #[command(flatten)]
        dest: Dest,
        /// Write a compressed file in this mode (default: the input's container).
        #[arg(long, value_parser = compression, conflicts_with = "plain")]
        compress: Option<Compression>,
        /// Write no container (default: the input's container).
        #[arg(long)]
        plain: bool,
        /// Input file (default: standard input).
        file: Option<String>,
    },
    #[command(about = "ConfigFile text (ConfigFile.save) to JSON and back", long_about = CONFIG_FILE_ABOUT, after_help = CONFIG_FILE_AFTER)]
    ConfigFile {
        /// The dialect of the values' text syntax (see decode). Default: Godot 3.x or 4.x, detected from
        /// the text (of ORIGINAL with --like).
        #[arg(long, value_parser = dialect)]
        dialect: Option<Dialect>,
        /// Input form.
        #[arg(long, value_enum, default_value = "config")]
        from: CfgForm,
        /// Output form.
        #[arg(long, value_enum, default_value = "json")]
        to: CfgForm,
        /// Write every key bare, as Godot 3.2.3 does (default: quoted where needed, as 3.6 and 4.x).
        #[arg(long)]
        bare_keys: bool,
        /// With --from json: the ConfigFile the JSON was made from. Its dialect and encryption are kept,
        /// and types JSON tools lose come back from it (a float stays a float: jq prints 1.0 as 1).
        #[arg(long, value_name = "ORIGINAL")]
        like: Option<String>,
        /// Write the ConfigFile text encrypted with the password in $GODOT_BIN_PASSWORD.
        #[arg(long, conflicts_with = "plain")]
        encrypt: bool,
        /// Write the ConfigFile text unencrypted, even if the input was encrypted.
        #[arg(long)]
        plain: bool,
        /// An encrypted input (save_encrypted_pass) is opened with --password / --key / $GODOT_BIN_PASSWORD,
        /// and ConfigFile text is written encrypted (save_encrypted_pass) when the input or ORIGINAL was, or
        /// when --password / --key / --encrypt is given.
        #[command(flatten)]
        secret: Secret,
        #[command(flatten)]
        limit: Limit,
        #[command(flatten)]
        dest: Dest,
        /// Input file (default: standard input).
        file: Option<String>,
    },
    #[command(about = "The shape of the values in saves, as Rust types, GDScript classes or JSON", long_about = SCHEMA_ABOUT, after_help = SCHEMA_AFTER)]
    Schema {
        /// What to print: Rust types, a GDScript file, or the schema file (JSON).
        #[arg(long, value_enum)]
        to: SchemaForm,
        /// The name of the top type (inferred from saves; a schema file keeps its own).
        #[arg(long, default_value = "Save")]
        name: String,
        /// The dialect of every FILE (see decode). Default: detected in each.
        #[arg(long, value_parser = dialect)]
        dialect: Option<Dialect>,
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        secret: Secret,
        #[command(flatten)]
        limit: Limit,
        #[command(flatten)]
        dest: Dest,
        /// Saves (any container, dialect and framing), or one schema file (JSON).
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
    },
    #[command(about = "Serve the save inspector (a page that opens and edits saves) on 127.0.0.1", long_about = web::ABOUT)]
    Web {
        /// The port (0: any free port; the first line of output names it).
        #[arg(long, default_value_t = 8740)]
        port: u16,
        /// The app's folder (what `scripts/web.sh build` assembles). Default: web/dist here, else in the
        /// repository the tool was built in.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum SchemaForm {
    /// Rust types deriving Serialize and Deserialize.
    Rust,
    /// One GDScript file.
    Gdscript,
    /// The schema file.
    Json,
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

/// What [`open_container`] found: the content, the kind of container, its compression mode, and the key
/// and layout it was encrypted with.
struct Opened {
    content: Vec<u8>,
    kind: Kind,
    mode: Option<Compression>,
    key: Option<Key>,
    layout: Option<Layout>,
}

impl Opened {
    /// The same container again, around other content (an encrypted one in `layout`).
    fn container(&self, layout: Layout) -> Container {
        match self.kind {
            Kind::Plain => Container::Plain,
            Kind::Compressed => Container::Compressed(self.mode.unwrap_or_default()),
            Kind::Encrypted => {
                Container::Encrypted(self.key.clone().expect("an opened encrypted file had a key"), layout)
            }
        }
    }
}

/// Opens the container of `bytes`, if it has one: its content may be as large as `limit` allows for
/// a file of this size.
fn open_container(bytes: Vec<u8>, secret: &Secret, limit: &Limit) -> Result<Opened, Fail> {
    let kind = container::detect(&bytes);
    if kind == Kind::Plain {
        return Ok(Opened { content: bytes, kind, mode: None, key: None, layout: None });
    }
    let key = secret.get()?;
    let max = limit.for_file(bytes.len());
    let mut opts = ReadOptions::new().max_size(max);
    if let Some(k) = &key {
        opts = opts.key(k.clone());
    }
    // container::open keeps what writing back needs: the compression mode, or the key and the layout
    // that opened the file.
    match container::open(&bytes, &opts) {
        Ok((content, stored)) => {
            let (mode, layout) = match stored.container {
                Container::Compressed(m) => (Some(m), None),
                Container::Encrypted(_, l) => (None, Some(l)),
                _ => (None, None),
            };
            Ok(Opened { content, kind, mode, key, layout })
        }
        Err(e) if matches!(e.kind(), ErrorKind::KeyNeeded) => {
            Err(Fail(2, format!("the file is encrypted (GDEC): give --password, --key or set {PASSWORD_ENV}")))
        }
        Err(e) if matches!(e.kind(), ErrorKind::TooLarge { .. }) && limit.max_size.is_some() => {
            Err(data(format!("{e} (--max-size): give a larger --max-size to allow more")))
        }
        Err(e) if matches!(e.kind(), ErrorKind::TooLarge { .. }) => Err(data(format!(
            "{e} (the default for a {}-byte file: {MAX_SIZE_RATIO} times its size, at least 1M): give \
             --max-size BYTES (e.g. --max-size 1G) to allow more",
            bytes.len()
        ))),
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

fn decode_bin(raw: Vec<u8>, enc: Bin) -> Result<Vec<u8>, Fail> {
    match enc {
        Bin::Raw => Ok(raw),
        Bin::Hex => unhex(&raw),
        Bin::Base64 => godot_bin::wire::base64_decode(&raw).map_err(|e| {
            let at = e.offset().unwrap_or(raw.len());
            match raw.get(at) {
                Some(&c) => data(format!("invalid base64 input: character {:?} at input byte {at}", c as char)),
                None => data("invalid base64 input: it ends inside a byte"),
            }
        }),
    }
}

fn write_bin(bytes: &[u8], enc: Bin, dest: &Dest) -> Result<(), Fail> {
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
        Bin::Base64 => emit(format!("{}\n", godot_bin::wire::base64_encode(bytes)).as_bytes(), dest, false),
    }
}

/// Writes the output: to `-o FILE` atomically (the old file stays whole until the new one is), else to
/// standard output (`binary` output is not written to a terminal).
fn emit(bytes: &[u8], dest: &Dest, binary: bool) -> Result<(), Fail> {
    if let Some(path) = dest.output.as_deref().filter(|p| *p != Path::new("-")) {
        return godot_bin::file::write_atomic(path, bytes)
            .map_err(|e| Fail(1, format!("cannot write {}: {e}", path.display())));
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
        dialect.is_none_or(|d| c.dialects.contains(&d)) && framing.is_none_or(|f| cli_framing(c.framing) == Some(f))
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

fn write_text(s: &str, dest: &Dest) -> Result<(), Fail> {
    emit(s.as_bytes(), dest, false)
}

fn config(d: Dialect, c: &Common) -> Config {
    Config::new(d).with_double_precision(c.double).with_allow_objects(c.objects)
}

fn run(cli: Cli) -> Result<(), Fail> {
    match cli.cmd {
        Cmd::Decode { dialect, common, input, to, exact, secret, limit, dest, file } => {
            let opened = open_container(decode_bin(read_input(&file)?, input)?, &secret, &limit)?;
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
            write_text(&s, &dest)
        }
        Cmd::Info { input, secret, limit, dest, file } => {
            let raw = decode_bin(read_input(&file)?, input)?;
            let kind = container::detect(&raw);
            let mut s = String::new();
            let content = match kind {
                Kind::Plain => raw,
                _ if !secret.given() && kind == Kind::Encrypted && std::env::var_os(PASSWORD_ENV).is_none() => {
                    s.push_str(&format!("{}\n", detect::detect(&raw)));
                    return write_text(&s, &dest);
                }
                _ => {
                    let opened = open_container(raw, &secret, &limit)?;
                    s.push_str(&format!("{:?} container, {} byte(s) inside\n", opened.kind, opened.content.len()));
                    opened.content
                }
            };
            s.push_str(&format!("{}\n", detect::detect(&content)));
            write_text(&s, &dest)
        }
        Cmd::Encode {
            dialect,
            common,
            from,
            out_encoding,
            compress,
            secret,
            limit,
            dest,
            encrypt,
            plain,
            like,
            file,
        } => {
            // The original (--like): opened first, since it gives the dialect and framing when not given.
            let original = match &like {
                Some(o) => Some(
                    open_container(read_input(&Some(o.clone()))?, &secret, &limit)
                        .map_err(|Fail(c, m)| Fail(c, format!("--like {o}: {m}")))?,
                ),
                None => None,
            };
            let dialect_given = dialect.is_some();
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
            // The container: as the flags say, else the original's, else none. Encrypted in the original's
            // layout, unless --dialect chose the dialect.
            let like_encrypted = original.as_ref().is_some_and(|o| o.kind == Kind::Encrypted);
            let layout = original
                .as_ref()
                .and_then(|o| o.layout)
                .filter(|_| !dialect_given)
                .unwrap_or(Layout::for_dialect(dialect));
            let target = if let Some(mode) = compress {
                if secret.given() && !like_encrypted {
                    return Err(Fail(
                        2,
                        "--compress with --password/--key: a file is compressed or encrypted, not both".into(),
                    ));
                }
                Container::Compressed(mode)
            } else if plain {
                Container::Plain
            } else if encrypt || secret.given() {
                let key = secret.get()?.ok_or_else(|| {
                    Fail(2, format!("--encrypt: no password (give --password, --key or set {PASSWORD_ENV})"))
                })?;
                Container::Encrypted(key, layout)
            } else if let Some(o) = &original {
                o.container(layout)
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
            write_bin(&wrap(encode_values(&values, &cfg, framing)?, &target)?, out_encoding, &dest)
        }
        Cmd::Convert {
            from_dialect,
            to_dialect: to,
            common,
            coerce,
            input,
            out_encoding,
            secret,
            limit,
            dest,
            compress,
            plain,
            file,
        } => {
            let Opened { content: bytes, kind, mode, key, .. } =
                open_container(decode_bin(read_input(&file)?, input)?, &secret, &limit)?;
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
            write_bin(&wrap(encode_values(&conv, &cout, framing)?, &target)?, out_encoding, &dest)
        }
        Cmd::ConfigFile { dialect, from, to, bare_keys, secret, limit, dest, like, encrypt, plain, file } => {
            let opened = open_container(read_input(&file)?, &secret, &limit)?;
            let src = utf8(opened.content)?;
            let original = match &like {
                Some(o) => {
                    let at = |Fail(c, m)| Fail(c, format!("--like {o}: {m}"));
                    let op = open_container(read_input(&Some(o.clone()))?, &secret, &limit).map_err(at)?;
                    Some((op.kind, utf8(op.content).map_err(at)?))
                }
                None => None,
            };
            if encrypt && to == CfgForm::Json {
                return Err(Fail(2, "--encrypt writes ConfigFile text: give --to config".into()));
            }
            let style = if bare_keys { KeyStyle::Bare } else { KeyStyle::Quoted };
            // The whole conversion in one dialect: the output, and how many lines of the ConfigFile text read
            // (the input, else ORIGINAL) are as that dialect writes them.
            let convert_in = |d: Dialect| -> Result<(String, usize), Fail> {
                let cfg = Config::new(d);
                let like_file = match (&like, &original) {
                    (Some(name), Some((_, text))) => {
                        Some((ConfigFile::parse(text, &cfg).map_err(|e| data(format!("--like {name}: {e}")))?, text))
                    }
                    _ => None,
                };
                let cf = match from {
                    CfgForm::Config => ConfigFile::parse(&src, &cfg).map_err(|e| data(e.to_string()))?,
                    CfgForm::Json => {
                        let mut v = json::from_json_str(&src, &cfg).map_err(|e| data(e.to_string()))?;
                        if let Some((o, _)) = &like_file {
                            json::restore_types(&mut v, &o.to_variant());
                        }
                        ConfigFile::from_variant(&v).map_err(|e| data(e.to_string()))?
                    }
                };
                let alike = match (from, &like_file) {
                    (CfgForm::Config, _) => lines_written_as(&cf, &src, &cfg),
                    (CfgForm::Json, Some((o, text))) => lines_written_as(o, text, &cfg),
                    (CfgForm::Json, None) => 0,
                };
                let out = match to {
                    CfgForm::Json => format!("{}\n", json::to_json_string(&cf.to_variant(), &cfg)),
                    CfgForm::Config => cf.to_text_with(&cfg, style),
                };
                Ok((out, alike))
            };
            let (dialect, out) = match dialect {
                Some(d) => (d, convert_in(d)?.0),
                None => config_file_dialect(convert_in, from == CfgForm::Json && like.is_none())?,
            };
            // ConfigFile text is written encrypted (save_encrypted_pass) as asked, or as the input or ORIGINAL was.
            let was_encrypted =
                opened.kind == Kind::Encrypted || original.as_ref().is_some_and(|(k, _)| *k == Kind::Encrypted);
            if to == CfgForm::Config && !plain && (encrypt || secret.given() || was_encrypted) {
                let key = secret.get()?.ok_or_else(|| {
                    Fail(2, format!("--encrypt: no password (give --password, --key or set {PASSWORD_ENV})"))
                })?;
                let file = container::encrypt(out.as_bytes(), &key, Layout::for_dialect(dialect))
                    .map_err(|e| data(e.to_string()))?;
                return emit(&file, &dest, true);
            }
            write_text(&out, &dest)
        }
        Cmd::Web { port, dir } => web::serve(port, dir).map_err(|web::Fail(code, msg)| Fail(code, msg)),
        Cmd::Schema { to, name, dialect, common, secret, limit, dest, files } => {
            let schema = schema_of(&files, &name, dialect, &common, &secret, &limit)?;
            let out = match to {
                SchemaForm::Json => format!("{}\n", schema.to_json()),
                SchemaForm::Rust => godot_bin::schema::rust::from_schema(&schema).map_err(|e| data(e.to_string()))?,
                SchemaForm::Gdscript => {
                    godot_bin::gdscript::from_schema(&schema, &godot_bin::gdscript::Options::default())
                        .map_err(|e| data(e.to_string()))?
                }
            };
            write_text(&out, &dest)
        }
    }
}

/// The schema `schema` prints: a schema file's, or one inferred from the Dictionary values of every save.
fn schema_of(
    files: &[String],
    name: &str,
    dialect: Option<Dialect>,
    common: &Common,
    secret: &Secret,
    limit: &Limit,
) -> Result<godot_bin::schema::Schema, Fail> {
    let mut chars = name.chars();
    if !(chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || c == '_'))
    {
        return Err(Fail(2, format!("--name {name:?} is not a type name (a letter, then letters, digits or '_')")));
    }
    let mut values = Vec::new();
    let mut seen: Option<(Dialect, &str)> = None;
    for file in files {
        let raw = read_input(&Some(file.clone()))?;
        let text = std::str::from_utf8(&raw).ok().filter(|t| t.trim_start().starts_with('{'));
        if let Some(text) = text {
            let schema = godot_bin::schema::Schema::from_json(text).map_err(|e| data(format!("{file}: {e}")))?;
            if files.len() > 1 {
                return Err(Fail(2, format!("{file} is a schema file: give it alone, or only saves")));
            }
            return Ok(schema);
        }
        let at = |Fail(c, m)| Fail(c, format!("{file}: {m}"));
        let opened = open_container(raw, secret, limit).map_err(at)?;
        let (d, framing) = choose(&opened.content, dialect, common, opened.kind, "--dialect").map_err(at)?;
        match seen {
            Some((first, other)) if first != d => {
                return Err(Fail(
                    2,
                    format!("{other} reads as {first} and {file} as {d}: give --dialect to read them all in one"),
                ))
            }
            _ => seen = Some((d, file)),
        }
        let read = decode_values(&opened.content, framing, &config(d, common), "--dialect").map_err(at)?;
        for (i, v) in read.into_iter().enumerate() {
            match v {
                Variant::Dictionary(_) => values.push(v),
                other => eprintln!(
                    "godot-bin: {file}: value {} is {}, left out (the top type describes the Dictionary values)",
                    i + 1,
                    other.kind().name()
                ),
            }
        }
    }
    let Some((d, _)) = seen else { return Err(Fail(2, "no FILE given".into())) };
    if values.is_empty() {
        return Err(data("no Dictionary value in the files: nothing to infer a top type from"));
    }
    godot_bin::schema::Schema::infer(&values, d, name).map_err(|e| data(e.to_string()))
}

fn utf8(content: Vec<u8>) -> Result<String, Fail> {
    String::from_utf8(content).map_err(|e| data(format!("input is not UTF-8 at byte {}", e.utf8_error().valid_up_to())))
}

/// How many lines of `text` are as `cfg`'s dialect writes them for `cf` (keys quoted where needed, or bare).
fn lines_written_as(cf: &ConfigFile, text: &str, cfg: &Config) -> usize {
    let lines: std::collections::HashSet<&str> = text.lines().collect();
    [KeyStyle::Quoted, KeyStyle::Bare]
        .into_iter()
        .map(|style| cf.to_text_with(cfg, style).lines().filter(|l| lines.contains(l)).count())
        .max()
        .unwrap_or(0)
}

/// Runs a `config-file` conversion (`convert_in`) when no dialect is given: in Godot 4.x and 3.x. Their
/// value syntax differs (`PackedStringArray(…)` / `PoolStringArray( … )`, `Transform3D` / `Transform`,
/// `Color(1, 2, 3, 4)` / `Color( 1, 2, 3, 4 )`): the one that reads the text is taken; when both do and
/// the outputs differ, the one that writes more of the text's lines as they are. `from_json`: the only
/// text is JSON (which does not tell).
fn config_file_dialect(
    convert_in: impl Fn(Dialect) -> Result<(String, usize), Fail>,
    from_json: bool,
) -> Result<(Dialect, String), Fail> {
    let (d4, d3) = (Dialect::Godot4_6, Dialect::Godot3);
    let said = |d: Dialect, out: String| {
        eprintln!("godot-bin: reading as {d} ConfigFile text, detected (give --dialect to choose)");
        Ok((d, out))
    };
    match (convert_in(d4), convert_in(d3)) {
        (Ok((a, _)), Err(_)) => said(d4, a),
        (Err(_), Ok((b, _))) => said(d3, b),
        (Ok((a, _)), Ok((b, _))) if a == b => Ok((d4, a)),
        (Ok((a, n4)), Ok((_, n3))) if n4 > n3 => said(d4, a),
        (Ok((_, n4)), Ok((b, n3))) if n3 > n4 => said(d3, b),
        (Ok(_), Ok(_)) if from_json => Err(Fail(
            2,
            "JSON does not say which engine's ConfigFile syntax to write: give --dialect (godot3, godot4, …) \
             or --like ORIGINAL (the ConfigFile the JSON was made from)"
                .into(),
        )),
        (Ok(_), Ok(_)) => Err(Fail(
            2,
            "cannot tell whether this ConfigFile text is Godot 3.x or 4.x (both read it, and write it \
             differently): give --dialect godot3 or --dialect godot4"
                .into(),
        )),
        (Err(Fail(c, e4)), Err(Fail(_, e3))) if e4 == e3 => Err(Fail(c, e4)),
        (Err(Fail(c, e4)), Err(Fail(_, e3))) => Err(Fail(
            c,
            format!("read as Godot 4.x: {e4}; read as Godot 3.x: {e3} (give --dialect to choose the dialect)"),
        )),
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
