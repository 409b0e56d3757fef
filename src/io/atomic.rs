//! The atomic write behind `file::write_atomic` (feature `containers`), in a module of its own: every
//! write of a path goes through it.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The temporary files of this process's writes in progress; `None` once [`remove_unfinished_writes`] ran
/// (no write starts after it).
static IN_PROGRESS: Mutex<Option<Vec<PathBuf>>> = Mutex::new(Some(Vec::new()));

fn in_progress() -> MutexGuard<'static, Option<Vec<PathBuf>>> {
    IN_PROGRESS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes the temporary files of the [`write_atomic`](crate::file::write_atomic) calls in progress in this
/// process and makes later calls fail (`ErrorKind::Interrupted`) instead of starting: for a program that
/// stops on a signal (`godot-bin` does on Ctrl+C and SIGTERM) and must leave no `.NAME.godot-bin-tmp-…`
/// behind. A target is never touched: it is either the old file or, if its rename was done, the new one.
///
/// ```
/// let path = std::env::temp_dir().join(format!("godot_bin_unfinished_doc_{}.sav", std::process::id()));
/// godot_bin::file::write_atomic(&path, b"done")?;
/// godot_bin::file::remove_unfinished_writes(); // as a signal handler would, on its way out
/// assert_eq!(std::fs::read(&path)?, b"done");
/// assert!(godot_bin::file::write_atomic(&path, b"late").is_err());
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn remove_unfinished_writes() {
    let mut guard = in_progress();
    for tmp in guard.take().unwrap_or_default() {
        let _ = fs::remove_file(tmp);
    }
}

/// Writes `bytes` to the file at `path` atomically: into a temporary file in the same folder (named
/// `.NAME.godot-bin-tmp-PID-N`), flushed to the disk, then renamed over `path`, and the folder synced. On
/// any error the temporary file is removed and `path` is as it was. A temporary file of the same `NAME`
/// that a killed process left (its PID no longer runs; checked where `/proc` tells) is removed first.
///
/// A `path` that is a symbolic link has the file it points to replaced, and the link stays. On Unix the
/// temporary file is created with the existing file's mode from the start (never wider while the new
/// content is written), and gets its owner and group where the process may set them (as root; otherwise
/// the file is the writer's, as any rewrite by another user makes it). Reading the old content first and writing the same path
/// (`godot-bin convert save.sav -o save.sav`) is safe: the old file is only replaced once the new one is
/// whole.
///
/// ```
/// let path = std::env::temp_dir().join(format!("godot_bin_atomic_doc_{}.sav", std::process::id()));
/// godot_bin::file::write_atomic(&path, b"first")?;
/// godot_bin::file::write_atomic(&path, b"second")?;
/// assert_eq!(std::fs::read(&path)?, b"second");
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_atomic(path: impl AsRef<Path>, bytes: &[u8]) -> io::Result<()> {
    let target = resolve(path.as_ref());
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, format!("{}: not a file name", target.display())))?;
    remove_stale(&dir, name);
    let (tmp, file) = create_temp(&dir, name, fs::metadata(&target).ok().as_ref())?;
    let written = write_and_sync(file, bytes, &target).and_then(|()| fs::rename(&tmp, &target));
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    if let Some(list) = in_progress().as_mut() {
        list.retain(|t| *t != tmp);
    }
    written?;
    sync_dir(&dir);
    Ok(())
}

/// The file a path names: a symbolic link's target (followed to the end), else the path itself.
fn resolve(path: &Path) -> PathBuf {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    }
}

/// The name a temporary file for `name` starts with.
fn temp_prefix(name: &std::ffi::OsStr) -> std::ffi::OsString {
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".godot-bin-tmp-");
    prefix
}

/// Removes the temporary files for `name` in `dir` whose writer is gone (a PID `/proc` does not list; where
/// there is no `/proc` nothing is removed). Best effort: a file that cannot be read or removed stays.
fn remove_stale(dir: &Path, name: &std::ffi::OsStr) {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let prefix = temp_prefix(name);
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(prefix.to_str()?)) else { continue };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else { continue };
        if pid != std::process::id() && !proc.join(pid.to_string()).exists() {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// A new temporary file in `dir`, created exclusively (never one that exists), with the mode of the file
/// it replaces (`old`) from the start, and its owner and group where the process may set them.
fn create_temp(dir: &Path, name: &std::ffi::OsStr, old: Option<&fs::Metadata>) -> io::Result<(PathBuf, fs::File)> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        options.mode(old.map_or(0o666, |m| m.permissions().mode() & 0o7777));
    }
    // Held while the file is made and listed, so that `remove_unfinished_writes` sees every one.
    let mut list = in_progress();
    let Some(list) = list.as_mut() else {
        return Err(io::Error::new(io::ErrorKind::Interrupted, "the process is stopping: no write starts"));
    };
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut tmp_name = temp_prefix(name);
        tmp_name.push(format!("{}-{n}", std::process::id()));
        let tmp = dir.join(tmp_name);
        match options.open(&tmp) {
            Ok(f) => {
                #[cfg(unix)]
                if let Some(m) = old {
                    use std::os::unix::fs::MetadataExt;
                    // Allowed as root (or for a group of one's own); refused otherwise, and then the new
                    // file is the writer's, as any rewrite by another user makes it.
                    let _ = std::os::unix::fs::fchown(&f, Some(m.uid()), Some(m.gid()));
                }
                #[cfg(not(unix))]
                let _ = old;
                list.push(tmp.clone());
                return Ok((tmp, f));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Writes, keeps the old file's permissions, and flushes the data to the disk.
fn write_and_sync(mut file: fs::File, bytes: &[u8], target: &Path) -> io::Result<()> {
    file.write_all(bytes)?;
    if let Ok(m) = fs::metadata(target) {
        file.set_permissions(m.permissions())?;
    }
    file.sync_all()
}

/// Makes the rename itself durable where the platform allows it (Unix: fsync of the folder); best effort.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("godot_bin_file_{tag}_{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn replaces_and_leaves_no_temporary_file() {
        let dir = scratch("replace");
        let path = dir.join("save.sav");
        fs::write(&path, vec![7u8; 150_000]).unwrap();
        write_atomic(&path, b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        let names: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, [std::ffi::OsString::from("save.sav")]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = scratch("fail");
        // The target is a folder: the rename fails after the temporary file was written.
        let path = dir.join("occupied");
        fs::create_dir(&path).unwrap();
        fs::write(path.join("inside"), b"old").unwrap();
        assert!(write_atomic(&path, b"new").is_err());
        assert_eq!(fs::read(path.join("inside")).unwrap(), b"old");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "the temporary file is removed");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_keeps_pointing_at_the_new_content() {
        let dir = scratch("link");
        let real = dir.join("real.sav");
        fs::write(&real, b"old").unwrap();
        let link = dir.join("link.sav");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"new");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn permissions_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("perm");
        let path = dir.join("save.sav");
        fs::write(&path, b"old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&path, b"new").unwrap();
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o640);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn the_temporary_file_has_the_old_mode_from_the_start() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("mode");
        let path = dir.join("secret.sav");
        fs::write(&path, b"old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        let old = fs::metadata(&path).unwrap();
        let (tmp, _file) = create_temp(&dir, std::ffi::OsStr::new("secret.sav"), Some(&old)).unwrap();
        // Before a byte is written: no wider than the file it replaces.
        assert_eq!(fs::metadata(&tmp).unwrap().permissions().mode() & 0o777, 0o600);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn owner_and_group_are_kept_where_the_process_may_set_them() {
        use std::os::unix::fs::MetadataExt;
        let dir = scratch("owner");
        let path = dir.join("theirs.sav");
        fs::write(&path, b"old").unwrap();
        let mine = fs::metadata(&path).unwrap();
        // As root the file can be another user's (uid/gid 4242); otherwise it stays the writer's.
        let root = std::os::unix::fs::chown(&path, Some(4242), Some(4242)).is_ok();
        write_atomic(&path, b"new").unwrap();
        let now = fs::metadata(&path).unwrap();
        let want = if root { (4242, 4242) } else { (mine.uid(), mine.gid()) };
        assert_eq!((now.uid(), now.gid()), want);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_temporary_file_a_killed_writer_left_is_removed() {
        let dir = scratch("stale");
        let path = dir.join("save.sav");
        // A PID above any Linux pid_max: no process runs with it.
        let stale = dir.join(".save.sav.godot-bin-tmp-4294967295-0");
        let other = dir.join(".other.sav.godot-bin-tmp-4294967295-0");
        fs::write(&stale, b"half").unwrap();
        fs::write(&other, b"half").unwrap();
        write_atomic(&path, b"new").unwrap();
        let proc = Path::new("/proc/self").exists();
        assert_eq!(stale.exists(), !proc, "removed where /proc tells that its writer is gone");
        assert!(other.exists(), "another file's temporary file is not this write's to remove");
        fs::remove_dir_all(&dir).unwrap();
    }
}
