//! `godot-bin check`: the scripts a Resource save would make the engine load, as the library reports them.

use godot_bin::resource::{self, ResourceFile};

use crate::{data, read_input, Fail};

#[derive(clap::Args)]
pub(crate) struct Args {
    /// The Resource save (`.tres` or `.res`; default: standard input).
    file: Option<String>,
}

pub(crate) fn run(a: Args) -> Result<(), Fail> {
    let bytes = read_input(a.file.as_deref())?;
    let file = ResourceFile::read(&bytes).map_err(|e| data(format!("not checked: {e}")))?;
    let report = resource::check(&file);
    println!("{report}");
    if report.passes() {
        return Ok(());
    }
    let flagged = report.flagged().count();
    Err(Fail(1, format!("{flagged} script(s) or file(s) from outside the game: loading this file would run code that is not the game's")))
}
