//! `godot-bin check`: the scripts a Resource save would make the engine load, as the library reports them;
//! with `--strip`, the save without those from outside the game.

use godot_bin::resource::{self, ResourceFile};

use crate::{data, read_input, write_bin, Bin, Dest, Fail};

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Write the file without the scripts (and other files) from outside the game: embedded scripts and
    /// external resources outside res:// removed, the data kept (to -o FILE, or standard output). Exit 0
    /// when the file written passes the check.
    #[arg(long)]
    strip: bool,
    #[command(flatten)]
    dest: Dest,
    /// The Resource save (`.tres` or `.res`; default: standard input).
    file: Option<String>,
}

pub(crate) fn run(a: Args) -> Result<(), Fail> {
    let bytes = read_input(a.file.as_deref())?;
    let mut file = ResourceFile::read(&bytes).map_err(|e| data(format!("not checked: {e}")))?;
    if a.strip {
        let removed = file.strip();
        let out = file.to_bytes().map_err(|e| data(format!("not stripped: {e}")))?;
        let after = ResourceFile::read(&out).map_err(|e| data(format!("stripped file unreadable: {e}")))?;
        let report = resource::check(&after);
        let n = removed.scripts.iter().filter(|s| s.reason.is_some()).count();
        eprintln!("godot-bin: removed {n} script(s) or file(s) from outside the game; now {report}");
        if !report.passes() {
            return Err(Fail(1, format!("still loads code from outside the game: {report}")));
        }
        return write_bin(&out, Bin::Raw, &a.dest);
    }
    if a.dest.output.is_some() {
        return Err(Fail(2, "check: -o is for --strip".into()));
    }
    let report = resource::check(&file);
    println!("{report}");
    if report.passes() {
        return Ok(());
    }
    let flagged = report.scripts.iter().filter(|s| s.reason.is_some()).count();
    Err(Fail(1, format!("{flagged} script(s) or file(s) from outside the game: loading this file would run code that is not the game's")))
}
