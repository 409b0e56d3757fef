//! `godot-bin info`: what a file is, as the library finds it.

use godot_bin::file::{self, Options};
use godot_bin::ErrorKind;

use crate::{decode_bin, failed, read_input, write_text, Bin, Fail, Io};

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Input encoding.
    #[arg(long = "in-encoding", visible_alias = "in", value_enum, default_value = "raw")]
    input: Bin,
    #[command(flatten)]
    io: Io,
    /// Input file (default: standard input).
    file: Option<String>,
}

pub(crate) fn run(a: Args) -> Result<(), Fail> {
    let raw = decode_bin(read_input(a.file.as_deref())?, a.input)?;
    let mut opts = Options { allow_objects: true, partial: true, ..Options::default() };
    opts.key = a.io.secret.get()?;
    opts.max_size = a.io.limit.max_size;
    // A Resource save's evidence holds the check report: the scripts it would make the engine load.
    let lines = match file::read(&raw, &opts) {
        Ok(save) => save.report.evidence,
        // Without the key, or with bytes no reading takes, the error says what the bytes are.
        Err(e) if matches!(e.kind(), ErrorKind::KeyNeeded | ErrorKind::EmptyInput | ErrorKind::NotGodotData(_)) => {
            vec![e.to_string()]
        }
        Err(e) => return Err(failed(&e, &a.io.limit)),
    };
    write_text(&format!("{}\n", lines.join("\n")), &a.io.dest)
}
