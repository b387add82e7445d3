//! Reading a person's text file (tile file, configuration, record) without
//! trusting it: only regular files, at most a stated size, UTF-8 with the
//! place of the first bad byte when it is not. `/dev/zero`, a FIFO or a
//! multi-gigabyte file named in a record someone sent is refused before it
//! is read, instead of filling memory or blocking.

use std::io::Read;
use std::path::Path;

/// Largest tile file read (8 MiB: the project's largest is 30 KiB).
pub const MAX_TILE_FILE_BYTES: u64 = 8 << 20;
/// Largest game configuration read (1 MiB).
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;
/// Largest game record read (64 MiB: a 100-set game's record is about 2 MiB).
pub const MAX_RECORD_BYTES: u64 = 64 << 20;

/// Why a text file was not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextFileError {
    /// The file could not be opened or read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The path.
        path: String,
        /// The operating system's reason.
        message: String,
    },
    /// A directory, device, FIFO or socket where a file was expected.
    #[error("{path} is a {kind}, not a regular file: give the path of a {what}")]
    NotAFile {
        /// The path.
        path: String,
        /// What it is instead.
        kind: &'static str,
        /// What was expected (`tile file`, `game record` …).
        what: &'static str,
    },
    /// Larger than the limit for its kind of file.
    #[error("{path} is larger than {limit}, the limit for a {what}; it was not read")]
    TooLarge {
        /// The path.
        path: String,
        /// The limit, for people (`8 MiB`).
        limit: String,
        /// What kind of file.
        what: &'static str,
    },
    /// Not UTF-8 text.
    #[error("{path}:{line}:{column}: byte 0x{byte:02x} is not UTF-8 text; save the {what} as UTF-8")]
    NotUtf8 {
        /// The path.
        path: String,
        /// 1-based line of the first bad byte.
        line: usize,
        /// 1-based column (in characters) of the first bad byte.
        column: usize,
        /// The byte.
        byte: u8,
        /// What kind of file.
        what: &'static str,
    },
}

/// `bytes` as `8 MiB`, `64 KiB` or `100 bytes`.
pub fn human_size(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// Reads the regular file at `path` as UTF-8 text of at most `limit`
/// bytes; `what` names the kind of file in messages.
pub fn read_text_file(path: &Path, limit: u64, what: &'static str) -> Result<String, TextFileError> {
    let shown = path.display().to_string();
    let io = |e: std::io::Error| TextFileError::Io {
        path: shown.clone(),
        message: e.to_string(),
    };
    // Checked before opening: opening a FIFO would block until a writer came.
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(TextFileError::NotAFile {
            path: shown,
            kind: file_kind(&meta),
            what,
        });
    }
    let too_large = || TextFileError::TooLarge {
        path: shown.clone(),
        limit: human_size(limit),
        what,
    };
    if meta.len() > limit {
        return Err(too_large());
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // One byte more than allowed tells a file that grew past the limit.
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let before = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        TextFileError::NotUtf8 {
            path: shown.clone(),
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            byte: bytes[valid],
            what,
        }
    })
}

fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_char_device() {
            return "character device";
        }
        if t.is_block_device() {
            return "block device";
        }
        if t.is_fifo() {
            return "FIFO (named pipe)";
        }
        if t.is_socket() {
            return "socket";
        }
    }
    "special file"
}

/// The first character of `text` that changes the direction text is shown
/// in (the embeddings, overrides and isolates U+202A–U+202E and
/// U+2066–U+2069), with its name. Such a character in an id or a name
/// makes it look like other text in a table, a message or the editor
/// ("Trojan Source"): ids and names are refused with one. The marks
/// U+200E and U+200F, which only tell where a run of text ends, are not
/// among them.
pub fn direction_control(text: &str) -> Option<(char, &'static str)> {
    text.chars().find_map(|c| {
        let name = match c {
            '\u{202A}' => "left-to-right embedding",
            '\u{202B}' => "right-to-left embedding",
            '\u{202C}' => "pop directional formatting",
            '\u{202D}' => "left-to-right override",
            '\u{202E}' => "right-to-left override",
            '\u{2066}' => "left-to-right isolate",
            '\u{2067}' => "right-to-left isolate",
            '\u{2068}' => "first strong isolate",
            '\u{2069}' => "pop directional isolate",
            _ => return None,
        };
        Some((c, name))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let p = std::env::temp_dir().join(format!("carcassonne-text-file-{}-{name}", std::process::id()));
        std::fs::write(&p, bytes).unwrap();
        p
    }

    #[test]
    fn a_bad_byte_is_located_by_line_and_column() {
        let p = temp("utf8", b"[set]\nid = \"x\xffy\"\n");
        let e = read_text_file(&p, 100, "tile file").unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "{}:2:8: byte 0xff is not UTF-8 text; save the tile file as UTF-8",
                p.display()
            )
        );
        std::fs::remove_file(p).unwrap();
    }

    #[test]
    fn a_file_over_the_limit_is_refused_before_reading() {
        let p = temp("big", &[b'a'; 2049]);
        let e = read_text_file(&p, 2048, "game record").unwrap_err();
        assert!(
            e.to_string()
                .ends_with("is larger than 2 KiB, the limit for a game record; it was not read"),
            "{e}"
        );
        assert_eq!(read_text_file(&p, 4096, "game record").unwrap().len(), 2049);
        std::fs::remove_file(p).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_directories_are_refused() {
        let e = read_text_file(Path::new("/dev/zero"), 1 << 20, "tile file").unwrap_err();
        assert_eq!(
            e.to_string(),
            "/dev/zero is a character device, not a regular file: give the path of a tile file"
        );
        let e = read_text_file(&std::env::temp_dir(), 1 << 20, "game configuration").unwrap_err();
        assert!(e.to_string().contains("is a directory, not a regular file"), "{e}");
    }
}
