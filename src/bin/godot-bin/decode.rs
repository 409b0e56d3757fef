//! `godot-bin decode`: any save to Godot's text syntax or JSON.

use godot_bin::{json, text, Dialect};

use crate::{decode_bin, read_input, write_text, Bin, Common, Fail, Form, Io, Reading};

#[derive(clap::Args)]
pub(crate) struct Args {
    /// godot2, godot3, godot4.0 … godot4.6, godot4, pandemonium-3.5, pandemonium-3.8, pandemonium-5, pandemonium.
    /// Default: detected from the bytes (what was detected is said on stderr; `info` shows the candidates).
    #[arg(long, value_parser = crate::dialect)]
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
    io: Io,
    /// Input file (default: standard input).
    file: Option<String>,
}

pub(crate) fn run(a: Args) -> Result<(), Fail> {
    let bytes = decode_bin(read_input(a.file.as_deref())?, a.input)?;
    let reading = Reading::new(a.dialect, &a.common, &a.io);
    let save = reading.read(&bytes)?;
    let cfg = &save.format.config;
    let many = save.values.len() > 1;
    let mut s = String::new();
    for (i, v) in save.values.iter().enumerate() {
        match a.to {
            Form::Text if a.exact => {
                let t = text::to_text_exact(v, cfg).map_err(|e| {
                    let which = if many { format!("value {}: ", i + 1) } else { String::new() };
                    crate::data(format!("{which}{e} (no exact text form)"))
                })?;
                s.push_str(&t);
            }
            Form::Text => s.push_str(&text::to_text(v, cfg)),
            Form::Json => s.push_str(&json::to_json_string(v, cfg)),
        }
        s.push('\n');
    }
    write_text(&s, &a.io.dest)
}
