//! GDScript classes for a game's Rust types: a server's message enum and a save struct become one `.gd`
//! file with typed fields, `from_variant` (strict, or lenient for old saves) and `to_variant`, which read
//! and write exactly the values godot_bin writes for these types.
//!
//! ```text
//! cargo run --example gdscript_types                         # print the Godot 4.6 file
//! cargo run --example gdscript_types -- godot3 save.gd       # the Godot 3 flavour, written to a file
//! ```
//!
//! In the game (Godot 4), with the file saved as `save.gd` in any folder of the project (the root type's
//! name in snake case: the script preloads itself by that name; `gdscript::Options::with_file_name` picks
//! another):
//!
//! ```text
//! var save: Save = Save.from_variant(bytes_to_var(bytes))   # null, and the error pushed, if anything is off
//! save.pos += Vector2(1, 0)
//! var back := var_to_bytes(save.to_variant())              # what godot_bin::from_slice::<Save> reads
//! ```
//!
//! `scripts/live.sh gdscript` runs such generated files in real Godot 4.6 and 3.6 against values Rust wrote.

use godot_bin::markers::{Color, Vector2};
use godot_bin::schema::Schema;
use godot_bin::typed::{AsDictionary, TypedArray};
use godot_bin::{gdscript, Dialect};
use serde::{Deserialize, Serialize};

/// A message between the game server and a client.
#[derive(Serialize, Deserialize)]
enum Msg {
    /// The player moved.
    Move {
        /// Where to.
        to: Vector2,
        /// The client's counter, to drop stale moves.
        seq: u32,
    },
    /// A line of chat.
    Chat(String),
    /// The client leaves.
    Bye,
}

/// How a character feels: a GDScript `enum` on the other side.
#[derive(Serialize, Deserialize)]
enum Mood {
    Calm,
    Angry,
}

/// One stack of items in the inventory.
#[derive(Serialize, Deserialize)]
struct Item {
    /// The item's id in the game's item table.
    name: String,
    count: u16,
    tint: Color,
}

/// A player's save.
#[derive(Serialize, Deserialize)]
struct Save {
    /// Seconds played.
    played: f64,
    pos: Vector2,
    /// `Array[Dictionary]` on the wire, `Array[Item]` in the GDScript class.
    inventory: TypedArray<AsDictionary<Item>>,
    mood: Mood,
    /// Saves from before pets were added have no `pet` key: read them with `from_variant(v, true)`.
    #[serde(default)]
    pet: Option<String>,
    /// The last message the server sent.
    last: Msg,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dialect: Dialect = args.next().as_deref().unwrap_or("godot4.6").parse()?;
    // The schema of both types (the first added is the file's own class, the others its inner classes),
    // with the doc comments of this very file.
    let schema = Schema::new(dialect).add::<Save>()?.add::<Msg>()?.with_docs(include_str!("gdscript_types.rs"));
    let text = gdscript::from_schema(&schema, &gdscript::Options::default())?;
    match args.next() {
        Some(path) => {
            std::fs::write(&path, &text)?;
            eprintln!("wrote {path}: {} types for {dialect}, schema version {}", schema.defs.len(), schema.version());
        }
        None => print!("{text}"),
    }
    Ok(())
}
