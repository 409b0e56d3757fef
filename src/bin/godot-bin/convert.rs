//! `godot-bin convert`: a save of one dialect as the same save in another.

use godot_bin::container::{Compression, Container, Stored};
use godot_bin::convert::{convert, Options};
use godot_bin::file::Save;
use godot_bin::Dialect;

use crate::{data, decode_bin, read_input, write_bin, Bin, Common, Fail, Io, Reading};

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The dialect of the input (see decode). Default: detected from the bytes, as decode does.
    #[arg(long = "from-dialect", aliases = ["dialect", "from"], value_parser = crate::dialect)]
    from_dialect: Option<Dialect>,
    /// The dialect to write.
    #[arg(long = "to-dialect", alias = "to", value_parser = crate::dialect)]
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
    io: Io,
    /// Write a compressed file in this mode (default: the input's container).
    #[arg(long, value_parser = crate::encode::compression, conflicts_with = "plain")]
    compress: Option<Compression>,
    /// Write no container (default: the input's container).
    #[arg(long)]
    plain: bool,
    /// Input file (default: standard input).
    file: Option<String>,
}

pub(crate) fn run(a: Args) -> Result<(), Fail> {
    let bytes = decode_bin(read_input(a.file.as_deref())?, a.input)?;
    let reading = Reading { flag: "--from-dialect", ..Reading::new(a.from_dialect, &a.common, &a.io) };
    let save = reading.read(&bytes)?;
    let (from, to) = (save.format.dialect, a.to_dialect);
    let opts = Options::default().coerce(a.coerce);
    let many = save.values.len() > 1;
    let mut values = Vec::with_capacity(save.values.len());
    for (i, v) in save.values.iter().enumerate() {
        values
            .push(convert(v, from, to, &opts).map_err(|e| {
                data(format!("{}{e}", if many { format!("value {}: ", i + 1) } else { String::new() }))
            })?);
    }
    let mut format = save.format.in_dialect(to);
    format.config = a.common.config(to);
    if let Some(mode) = a.compress {
        format.stored = Stored::new(Container::Compressed(mode));
    } else if a.plain {
        format.stored = Stored::new(Container::Plain);
    }
    let out = Save::new(values, format).to_bytes().map_err(|e| data(e.to_string()))?;
    write_bin(&out, a.out_encoding, &a.io.dest)
}
