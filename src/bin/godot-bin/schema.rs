//! `godot-bin schema`: the shape of the values in saves, as Rust, GDScript or a schema file.

use godot_bin::schema::Schema;
use godot_bin::Dialect;

use crate::{data, read_input, write_text, Common, Fail, Io, Reading};

#[derive(clap::Args)]
pub(crate) struct Args {
    /// What to print: Rust types, a GDScript file, or the schema file (JSON).
    #[arg(long, value_enum)]
    to: SchemaForm,
    /// The name of the top type (inferred from saves; a schema file keeps its own).
    #[arg(long, default_value = "Save")]
    name: String,
    /// Read the schema from this schema file (JSON, as `--to json` prints it) instead of inferring it
    /// from saves. A FILE is always read as a save, whatever its text.
    #[arg(long, value_name = "SCHEMA_FILE", conflicts_with = "files")]
    schema: Option<String>,
    /// The Dictionaries at this path are maps (their keys are data), whatever they look like: keys from the
    /// top value joined by `.`, `*` for any key (`world`, `world.*.npcs`). Repeatable.
    #[arg(long = "map", value_name = "PATH")]
    maps: Vec<String>,
    /// The Dictionaries at this path are structs (their keys are names), whatever they look like. Repeatable.
    #[arg(long = "struct", value_name = "PATH")]
    structs: Vec<String>,
    /// With --to gdscript: refuse a Dictionary with a key that is no field of its struct, instead of
    /// keeping such keys in the class's `extra` Dictionary and writing them back.
    #[arg(long)]
    refuse_unknown_keys: bool,
    /// The dialect of every FILE (see decode). Default: detected in each.
    #[arg(long, value_parser = crate::dialect)]
    dialect: Option<Dialect>,
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    io: Io,
    /// Saves (any container, dialect and framing, JSON text included).
    #[arg(required_unless_present = "schema", value_name = "FILE")]
    files: Vec<String>,
}

#[derive(Clone, Copy, clap::ValueEnum, PartialEq, Eq)]
enum SchemaForm {
    /// Rust types deriving Serialize and Deserialize.
    Rust,
    /// One GDScript file.
    Gdscript,
    /// The schema file.
    Json,
}

pub(crate) fn run(a: Args) -> Result<(), Fail> {
    let schema = schema_of(&a)?;
    let out = match a.to {
        SchemaForm::Json => format!("{}\n", schema.to_json()),
        SchemaForm::Rust => godot_bin::schema::rust::from_schema(&schema).map_err(|e| data(e.to_string()))?,
        SchemaForm::Gdscript => godot_bin::gdscript::from_schema(
            &schema,
            &godot_bin::gdscript::Options::default().refuse_unknown_keys(a.refuse_unknown_keys),
        )
        .map_err(|e| data(e.to_string()))?,
    };
    write_text(&out, &a.io.dest)
}

/// The schema `schema` prints: the schema file's (`--schema`), or one inferred from the values of every
/// save (one type per value when a save holds values of different keys: `Schema::infer_saves`).
fn schema_of(a: &Args) -> Result<Schema, Fail> {
    if let Some(file) = &a.schema {
        let raw = read_input(Some(file))?;
        let text = std::str::from_utf8(&raw).map_err(|e| data(format!("{file}: a schema file is UTF-8 JSON: {e}")))?;
        return Schema::from_json(text).map_err(|e| data(format!("{file}: {e}")));
    }
    let name = &a.name;
    godot_bin::schema::check_type_name(name).map_err(|e| Fail(2, format!("--name: {e}")))?;
    let mut saves = Vec::new();
    let mut seen: Option<(Dialect, &str)> = None;
    for file in &a.files {
        let raw = read_input(Some(file))?;
        let at = |Fail(c, m)| Fail(c, format!("{file}: {m}"));
        let reading = Reading::new(a.dialect, &a.common, &a.io);
        let save = reading.read(&raw).map_err(at)?;
        let d = save.format.dialect;
        match seen {
            Some((first, other)) if first != d => {
                return Err(Fail(
                    2,
                    format!("{other} reads as {first} and {file} as {d}: give --dialect to read them all in one"),
                ))
            }
            _ => seen = Some((d, file)),
        }
        saves.push(save.values);
    }
    let Some((d, _)) = seen else { return Err(Fail(2, "no FILE given".into())) };
    let maps: Vec<&str> = a.maps.iter().map(String::as_str).collect();
    let structs: Vec<&str> = a.structs.iter().map(String::as_str).collect();
    Schema::infer_saves(&saves, d, name, &maps, &structs).map_err(|e| data(e.to_string()))
}
