//! `godot-bin decode`: any save to Godot's text syntax or JSON.

use godot_bin::{json, text};

use crate::{decode_bin, read_input, write_text, Bin, Fail, Form, Godot, Io, Reading};

#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    godot: Godot,
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
    let reading = Reading::new(a.godot.dialect, &a.godot.common, &a.io);
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
