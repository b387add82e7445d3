//! Writing files without clobbering anything else.
//!
//! Every file the host writes (records, seat tokens, tile files, pictures)
//! goes through [`write_atomically`]: the text is written to a temporary
//! file with a fresh random name, created exclusively (so a planted link
//! cannot redirect it) in the target's directory, then renamed over the
//! target, so a reader sees the old file or the new one, never half of one.
//! A symbolic link is written through to its target and stays a link; a
//! target that is not a regular file (`/dev/null`, a directory, a FIFO) is
//! refused. On any error the temporary file is removed, so a full disk is
//! left as full as it was.

use anyhow::{Context, Result, bail};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Who may read a written file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// A replaced file keeps its permissions; a new one is readable by all
    /// (0644 on Unix).
    Shared,
    /// Readable and writable by its owner only (0600 on Unix): seat tokens.
    Private,
}

/// Writes `text` to `path` atomically; see the module documentation.
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    write_with(path, text.as_bytes(), Access::Shared)
}

/// Writes `text` to `path` atomically, readable by its owner only.
pub fn write_private(path: &Path, text: &str) -> Result<()> {
    write_with(path, text.as_bytes(), Access::Private)
}

/// Removes the temporary copies of `path` that a process killed while
/// writing it left beside it (`.NAME.XXXXXX.tmp`, as [`write_with`] names
/// them). Only the one program that writes `path` should call it, when it
/// starts, before it writes: a copy another writer is still filling would
/// go too. Returns how many were removed.
pub fn remove_temporaries(path: &Path) -> usize {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return 0;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with(&prefix) && n.ends_with(".tmp") && e.file_type().is_ok_and(|t| t.is_file())
        })
        .filter(|e| std::fs::remove_file(e.path()).is_ok())
        .count()
}

/// Writes `bytes` to `path` atomically with the given access.
pub fn write_with(path: &Path, bytes: &[u8], access: Access) -> Result<()> {
    let mut file = AtomicWriter::create_with(path, access)?;
    file.write(bytes)?;
    file.finish()
}

/// A file written piece by piece and put in place whole at the end
/// ([`AtomicWriter::finish`]), as [`write_atomically`] writes one: for
/// output too large to hold in memory first (a simulation's lines, game
/// by game). Dropped unfinished, it leaves the old file as it was.
pub struct AtomicWriter {
    tmp: tempfile::NamedTempFile,
    target: PathBuf,
    path: PathBuf,
}

impl AtomicWriter {
    /// A new file to put at `path` once finished (shared access).
    ///
    /// # Errors
    /// `path` is not a file that may be written, or no temporary file can
    /// be made beside it.
    pub fn create(path: &Path) -> Result<AtomicWriter> {
        AtomicWriter::create_with(path, Access::Shared)
    }

    fn create_with(path: &Path, access: Access) -> Result<AtomicWriter> {
        let target = target_of(path)?;
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = match (access, std::fs::metadata(&target)) {
                (Access::Private, _) => 0o600,
                (Access::Shared, Ok(old)) => old.permissions().mode() & 0o7777,
                (Access::Shared, Err(_)) => 0o644,
            };
            builder.permissions(std::fs::Permissions::from_mode(mode));
        }
        #[cfg(not(unix))]
        let _ = access;
        let tmp = builder.tempfile_in(&dir).with_context(|| {
            format!(
                "cannot create a temporary file in {} to write {}",
                dir.display(),
                path.display()
            )
        })?;
        Ok(AtomicWriter {
            tmp,
            target,
            path: path.to_path_buf(),
        })
    }

    /// Appends `bytes`.
    ///
    /// # Errors
    /// The write failed (a full disk): the old file is still there, and
    /// the temporary one goes when this writer is dropped.
    pub fn write(&mut self, bytes: &[u8]) -> Result<()> {
        write_all_to(self.tmp.as_file_mut(), &self.target, bytes)
            .with_context(|| format!("cannot write {}", self.path.display()))
    }

    /// Puts the file written in place of the old one, whole.
    ///
    /// # Errors
    /// It cannot be synced or renamed: the old file is still there.
    pub fn finish(self) -> Result<()> {
        self.tmp
            .as_file()
            .sync_all()
            .with_context(|| format!("cannot write {}", self.path.display()))?;
        self.tmp
            .persist(&self.target)
            .map_err(|e| e.error)
            .with_context(|| format!("cannot replace {}", self.path.display()))?;
        Ok(())
    }
}

/// The file a write to `path` replaces: `path` itself when it is a regular
/// file or does not exist, the file a symbolic link points to; an error for
/// anything else.
pub fn target_of(path: &Path) -> Result<PathBuf> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(path.to_path_buf()),
        Err(e) => return Err(e).with_context(|| format!("cannot write {}", path.display())),
    };
    if meta.file_type().is_symlink() {
        let Ok(target) = std::fs::canonicalize(path) else {
            let link = std::fs::read_link(path)
                .map(|l| l.display().to_string())
                .unwrap_or_default();
            bail!(
                "{} is a symbolic link to {link}, which does not exist: not writing through it \
                 (point the link at a file, or give another path)",
                path.display()
            );
        };
        let meta = std::fs::metadata(&target).with_context(|| format!("cannot write {}", target.display()))?;
        if !meta.is_file() {
            bail!(
                "{} is a symbolic link to {}, which is not a regular file: refusing to write over it",
                path.display(),
                target.display()
            );
        }
        return Ok(target);
    }
    if !meta.is_file() {
        bail!(
            "{} is not a regular file (a directory, device or pipe): refusing to write over it; give a file's path",
            path.display()
        );
    }
    Ok(path.to_path_buf())
}

/// Whether `a` and `b` are the same existing file (hard and symbolic links
/// included).
pub fn same_file(a: &Path, b: &Path) -> bool {
    same_file::is_same_file(a, b).unwrap_or(false)
}

/// Refuses to write `output` (`what`, for the message) when it is one of
/// `inputs`: a command never writes over a file it reads.
pub fn refuse_overwriting(output: &Path, what: &str, inputs: &[&Path]) -> Result<()> {
    for input in inputs {
        if output == *input || same_file(output, input) {
            bail!(
                "the {what} would be written to {}, which is an input of this command: refusing to overwrite it; \
                 give another path",
                output.display()
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("carcassonne-safe-file-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_written_through_and_stays_a_link() {
        let d = dir("link");
        let target = d.join("target.json");
        std::fs::write(&target, "old").unwrap();
        let link = d.join("current.json");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_atomically(&link, "new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        // Nothing else is left in the directory.
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 2);
        std::fs::remove_dir_all(d).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn devices_directories_and_dangling_links_are_refused() {
        let e = write_atomically(Path::new("/dev/null"), "x").unwrap_err();
        assert!(e.to_string().contains("/dev/null is not a regular file"), "{e}");
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
        let d = dir("dangling");
        let link = d.join("r.json");
        std::os::unix::fs::symlink(d.join("missing"), &link).unwrap();
        let e = write_atomically(&link, "x").unwrap_err();
        assert!(e.to_string().contains("which does not exist"), "{e}");
        assert!(!d.join("missing").exists());
        let e = write_atomically(&d, "x").unwrap_err();
        assert!(e.to_string().contains("is not a regular file"), "{e}");
        std::fs::remove_dir_all(d).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn permissions_are_kept_and_private_files_are_private() {
        use std::os::unix::fs::PermissionsExt;
        let d = dir("modes");
        let shared = d.join("shared.json");
        write_atomically(&shared, "a").unwrap();
        assert_eq!(std::fs::metadata(&shared).unwrap().permissions().mode() & 0o777, 0o644);
        std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&shared, "b").unwrap();
        assert_eq!(std::fs::metadata(&shared).unwrap().permissions().mode() & 0o777, 0o640);
        let private = d.join("seats.json");
        write_private(&private, "secret").unwrap();
        assert_eq!(std::fs::metadata(&private).unwrap().permissions().mode() & 0o777, 0o600);
        std::fs::remove_dir_all(d).unwrap();
    }

    #[test]
    fn an_input_is_never_an_output() {
        let d = dir("input");
        let record = d.join("game.html");
        std::fs::write(&record, "{}").unwrap();
        let e = refuse_overwriting(&d.join(".").join("game.html"), "replay viewer", &[&record]).unwrap_err();
        assert!(
            e.to_string().starts_with("the replay viewer would be written to"),
            "{e}"
        );
        refuse_overwriting(&d.join("game.svg"), "board picture", &[&record]).unwrap();
        std::fs::remove_dir_all(d).unwrap();
    }
}

/// Writes `bytes` to `file` (open at `path`) as `write_all` does, except
/// that under a directory [`disk_full`] armed, the write stops where its
/// budget runs out, having written what fit, with "no space left on
/// device", as a full disk does.
pub fn write_all_to(file: &mut std::fs::File, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let room = disk_full::take(path, bytes.len());
    file.write_all(&bytes[..room])?;
    if room < bytes.len() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::StorageFull,
            "no space left on device (a full disk armed by a test)",
        ));
    }
    Ok(())
}

/// A full disk for tests, without filling the machine's: once armed for a
/// directory with a budget of bytes, writes of files under it through
/// [`write_all_to`] (records, journals, seat tokens, tile files) fail when
/// the budget runs out. Nothing is armed unless a test arms it, and then
/// only for its own directory, so tests running side by side are not
/// touched; unarmed, a write pays one atomic load.
pub mod disk_full {
    use std::path::{Path, PathBuf};
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, Ordering};

    static ANY: AtomicBool = AtomicBool::new(false);
    static ARMED: Mutex<Vec<(PathBuf, u64)>> = Mutex::new(Vec::new());

    /// Lets `bytes` more bytes be written under `dir`, then fails writes.
    pub fn arm(dir: &Path, bytes: u64) {
        let mut armed = ARMED.lock().unwrap_or_else(|e| e.into_inner());
        armed.retain(|(d, _)| d != dir);
        armed.push((dir.to_path_buf(), bytes));
        ANY.store(true, Ordering::SeqCst);
    }

    /// Frees the disk under `dir` again.
    pub fn disarm(dir: &Path) {
        let mut armed = ARMED.lock().unwrap_or_else(|e| e.into_inner());
        armed.retain(|(d, _)| d != dir);
        ANY.store(!armed.is_empty(), Ordering::SeqCst);
    }

    /// Takes `len` bytes for a write to `path` from its directory's
    /// budget, for writers that do not go through [`super::write_all_to`]
    /// (the server's database): an error, "no space left on device", when
    /// they do not all fit (what fits is used up, as by a torn write).
    ///
    /// # Errors
    /// The budget of `path`'s directory is spent.
    pub fn charge(path: &Path, len: usize) -> std::io::Result<()> {
        if take(path, len) < len {
            return Err(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                "no space left on device (a full disk armed by a test)",
            ));
        }
        Ok(())
    }

    /// How many of `len` bytes may be written to `path` now, taken from
    /// its directory's budget (all of them when none is armed).
    pub(crate) fn take(path: &Path, len: usize) -> usize {
        if !ANY.load(Ordering::Relaxed) {
            return len;
        }
        let mut armed = ARMED.lock().unwrap_or_else(|e| e.into_inner());
        match armed.iter_mut().find(|(d, _)| path.starts_with(d)) {
            Some((_, budget)) => {
                let room = usize::try_from(*budget).unwrap_or(usize::MAX).min(len);
                *budget -= room as u64;
                room
            }
            None => len,
        }
    }
}
