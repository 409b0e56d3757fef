//! `godot-bin config-file`: ConfigFile text to JSON and back.

use godot_bin::config_file::{ConfigFile, KeyStyle};
use godot_bin::container::{Container, Layout};
use godot_bin::file::{self, Content, Format, Kind, Options, Save};
use godot_bin::{json, Config, Dialect, Variant};

use crate::{data, emit, failed, read_input, write_text, Fail, Io};

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The dialect of the values' text syntax (see decode). Default: Godot 3.x or 4.x, detected from the
    /// text (of ORIGINAL with --like).
    #[arg(long, value_parser = crate::dialect)]
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
    /// With --from json: the ConfigFile the JSON was made from. Its dialect and encryption are kept, and
    /// types JSON tools lose come back from it (a float stays a float: jq prints 1.0 as 1).
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
    io: Io,
    /// Input file (default: standard input).
    file: Option<String>,
}

#[derive(Clone, Copy, clap::ValueEnum, PartialEq, Eq)]
enum CfgForm {
    /// ConfigFile text.
    Config,
    /// Type-tagged JSON, one document.
    Json,
}

impl Args {
    /// Reads `bytes` (in their container) as ConfigFile text, in the dialect given or the one the library finds.
    fn read_config(&self, bytes: &[u8], what: &str, writes_text: bool) -> Result<Save, Fail> {
        let mut opts = Options { kind: Some(Kind::ConfigFile), ..Options::default() };
        opts.key = self.io.secret.get()?;
        opts.max_size = self.io.limit.max_size;
        opts.dialect = self.dialect;
        let save = file::read(bytes, &opts).map_err(|e| {
            let Fail(c, m) = failed(&e, &self.io.limit);
            Fail(c, format!("{what}{m}"))
        })?;
        // Which engine wrote the text matters when it is written back, or when the engines read other values.
        let matters = writes_text || !save.report.others.is_empty();
        if self.dialect.is_none() && save.report.dialect_ambiguous && matters {
            return Err(Fail(
                2,
                format!(
                    "{what}cannot tell whether this ConfigFile text is Godot 3.x or 4.x (both read it, and write it \
                     differently): give --dialect godot3 or --dialect godot4"
                ),
            ));
        }
        if self.dialect.is_none() && !save.report.others.is_empty() {
            eprintln!(
                "godot-bin: reading as {} ConfigFile text, detected (give --dialect to choose)",
                save.format.dialect
            );
        }
        Ok(save)
    }
}

pub(crate) fn run(a: Args) -> Result<(), Fail> {
    if a.encrypt && a.to == CfgForm::Json {
        return Err(Fail(2, "--encrypt writes ConfigFile text: give --to config".into()));
    }
    let input = read_input(a.file.as_deref())?;
    let original = match &a.like {
        Some(o) => Some(a.read_config(&read_input(Some(o))?, &format!("--like {o}: "), a.to == CfgForm::Config)?),
        None => None,
    };
    let (value, dialect, was_encrypted) = match a.from {
        CfgForm::Config => {
            let save = a.read_config(&input, "", a.to == CfgForm::Config)?;
            let encrypted = matches!(save.format.stored.container, Container::Encrypted(..));
            let mut values = save.values;
            (values.swap_remove(0), save.format.dialect, encrypted)
        }
        CfgForm::Json => {
            let src = String::from_utf8(input)
                .map_err(|e| data(format!("input is not UTF-8 at byte {}", e.utf8_error().valid_up_to())))?;
            let dialect = match (a.dialect, &original) {
                (Some(d), _) => d,
                (None, Some(o)) => o.format.dialect,
                (None, None) => json_dialect(&src, a.to, a.bare_keys)?,
            };
            let mut v = json::from_json_str(&src, &Config::new(dialect)).map_err(|e| data(e.to_string()))?;
            if let Some(o) = &original {
                json::restore_types(&mut v, &o.values[0]);
            }
            (v, dialect, false)
        }
    };
    let cfg = Config::new(dialect);
    let style = if a.bare_keys { KeyStyle::Bare } else { KeyStyle::Quoted };
    let like_encrypted =
        original.as_ref().is_some_and(|o| matches!(o.format.stored.container, Container::Encrypted(..)));
    match a.to {
        CfgForm::Json => write_text(&format!("{}\n", json::to_json_string(&value, &cfg)), &a.io.dest),
        // ConfigFile text is written encrypted (save_encrypted_pass) as asked, or as the input or ORIGINAL was.
        CfgForm::Config if !a.plain && (a.encrypt || a.io.secret.given() || was_encrypted || like_encrypted) => {
            let key = a.io.secret.required("--encrypt")?;
            let format = Format::new(
                Container::Encrypted(key, Layout::for_dialect(dialect)),
                Content::ConfigFile(style),
                dialect,
            );
            emit(&Save::new(vec![value], format).to_bytes().map_err(|e| data(e.to_string()))?, &a.io.dest, true)
        }
        CfgForm::Config => {
            let cf = ConfigFile::from_variant(&value).map_err(|e| data(e.to_string()))?;
            write_text(&cf.to_text_with(&cfg, style), &a.io.dest)
        }
    }
}

/// The dialect to write JSON's ConfigFile in when nothing says: either, when Godot 4's and Godot 3's text
/// are the same.
fn json_dialect(src: &str, to: CfgForm, bare_keys: bool) -> Result<Dialect, Fail> {
    if to == CfgForm::Json {
        return Ok(Dialect::Godot4_6);
    }
    let style = if bare_keys { KeyStyle::Bare } else { KeyStyle::Quoted };
    let text_in = |d: Dialect| -> Result<String, Fail> {
        let cfg = Config::new(d);
        let v: Variant = json::from_json_str(src, &cfg).map_err(|e| data(e.to_string()))?;
        Ok(ConfigFile::from_variant(&v).map_err(|e| data(e.to_string()))?.to_text_with(&cfg, style))
    };
    if text_in(Dialect::Godot4_6)? == text_in(Dialect::Godot3)? {
        return Ok(Dialect::Godot4_6);
    }
    Err(Fail(
        2,
        "JSON does not say which engine's ConfigFile syntax to write: give --dialect (godot3, godot4, …) or --like \
         ORIGINAL (the ConfigFile the JSON was made from)"
            .into(),
    ))
}
