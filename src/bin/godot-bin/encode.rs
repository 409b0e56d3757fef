//! `godot-bin encode`: text or JSON to a save, new or in the format of an original.

use godot_bin::container::{Compression, Container, Layout, Stored};
use godot_bin::file::{Content, Format, Kind, Save};
use godot_bin::{json, text};

use crate::{data, read_input, write_bin, Bin, Fail, Form, Godot, Io, Reading};

#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    godot: Godot,
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
    io: Io,
    /// Write an encrypted file with the password in $GODOT_BIN_PASSWORD (--password and --key imply it).
    #[arg(long, conflicts_with = "plain")]
    encrypt: bool,
    /// Write no container (default: ORIGINAL's container with --like, else none).
    #[arg(long)]
    plain: bool,
    /// The save the input was decoded from. Its dialect, framing and container (compression mode;
    /// encryption, with the same key and layout) are kept, and types JSON tools lose come back from it: jq
    /// prints 1.0 as 1 and -0.0 as -0. Unchanged values give back its very bytes.
    #[arg(long, value_name = "ORIGINAL")]
    like: Option<String>,
    /// Input file (default: standard input).
    file: Option<String>,
}

pub(crate) fn compression(s: &str) -> Result<Compression, String> {
    s.parse()
}

pub(crate) fn run(a: Args) -> Result<(), Fail> {
    // The original (--like): read first, since it gives the dialect and format when not given.
    let original = match &a.like {
        Some(o) => {
            let reading = Reading::new(a.godot.dialect, &a.godot.common, &a.io);
            Some(reading.read(&read_input(Some(o))?).map_err(|Fail(c, m)| Fail(c, format!("--like {o}: {m}")))?)
        }
        None => None,
    };
    let dialect = match (a.godot.dialect, &original) {
        (Some(d), _) => d,
        (None, Some(o)) => o.format.dialect,
        (None, None) => {
            return Err(Fail(
                2,
                "encode: give --dialect D (the dialect to write), or --like ORIGINAL to write in the dialect and \
                 framing of the file the input was decoded from"
                    .into(),
            ))
        }
    };
    let mut format = match &original {
        Some(o) if o.format.dialect != dialect => o.format.in_dialect(dialect),
        Some(o) => o.format.clone(),
        None => Format::new(Container::Plain, Content::Bare, dialect),
    };
    format.config = a.godot.common.config(dialect);
    // The container: as the flags say, else the original's, else none.
    let like_encrypted = matches!(format.stored.container, Container::Encrypted(..));
    if let Some(mode) = a.compress {
        if a.io.secret.given() && !like_encrypted {
            return Err(Fail(
                2,
                "--compress with --password/--key: a file is compressed or encrypted, not both".into(),
            ));
        }
        format.stored = Stored::new(Container::Compressed(mode));
    } else if a.plain {
        format.stored = Stored::new(Container::Plain);
    } else if a.encrypt || a.io.secret.given() {
        let key = a.io.secret.required("--encrypt")?;
        // Encrypted in the original's layout, unless --dialect chose the dialect.
        let layout = match (&format.stored.container, a.godot.dialect) {
            (Container::Encrypted(_, l), None) => *l,
            _ => Layout::for_dialect(dialect),
        };
        let container = Container::Encrypted(key, layout);
        if format.stored.container != container {
            format.stored = Stored::new(container);
        }
    }
    let kind = match (a.godot.common.framing, &original) {
        (Some(k), _) => k,
        (None, Some(o)) => o.format.content.kind(),
        (None, None) if format.stored.container == Container::Plain => Kind::Bare,
        (None, None) => Kind::Stream { big_endian: false },
    };
    if format.content.kind() != kind {
        format.content = Content::new(kind, dialect);
    }
    let raw = read_input(a.file.as_deref())?;
    let src = String::from_utf8(raw)
        .map_err(|e| data(format!("input is not UTF-8 at byte {}", e.utf8_error().valid_up_to())))?;
    let many = match &format.content {
        Content::Stream { .. } => true,
        Content::Json(style) => style.lines,
        _ => false,
    };
    let cfg = &format.config;
    let mut values = match (a.from, many) {
        (Form::Text, false) => vec![text::from_text(&src, cfg).map_err(|e| data(e.to_string()))?],
        (Form::Text, true) => text::from_text_many(&src, cfg).map_err(|e| data(e.to_string()))?,
        (Form::Json, false) => vec![json::from_json_str(&src, cfg).map_err(|e| data(e.to_string()))?],
        (Form::Json, true) => json::from_json_str_many(&src, cfg).map_err(|e| data(e.to_string()))?,
    };
    let bytes = match original {
        Some(mut o) => {
            for (v, was) in values.iter_mut().zip(&o.values) {
                json::restore_types(v, was);
            }
            // In the original's own format, unchanged values give back its very bytes.
            if o.format == format {
                o.values = values;
                o.to_bytes()
            } else {
                Save::new(values, format).to_bytes()
            }
        }
        None => Save::new(values, format).to_bytes(),
    };
    write_bin(&bytes.map_err(|e| data(e.to_string()))?, a.out_encoding, &a.io.dest)
}
