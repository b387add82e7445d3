//! Saving a game record after every move in constant time.
//!
//! Rewriting the whole record after each move made a recorded game
//! quadratic (a 100-set game: 0.05 s unrecorded, 21.7 s recorded). Instead
//! the record is written whole (atomically) when the game starts, and each
//! move is then appended as one line to a journal beside it
//! (`R.json.journal`); when the game ends the record is written whole again
//! and the journal removed. Reading a record ([`read_record`]) folds in its
//! journal, so a game killed at any moment reads back (and `carcassonne resume`s)
//! up to its last whole journal line:
//!
//! - the journal's first line says how many moves the record it extends
//!   holds (`{"journal": 1, "extends": K}`); a line cut short by the kill
//!   (no newline yet) is ignored, so a journal killed before its header
//!   line ended adds nothing to the record;
//! - killed between writing the whole record and removing the journal, the
//!   record already ends with the journal's moves, which are then not
//!   added twice;
//! - a journal that fits neither way is refused with both paths named.

use crate::safe_file;
use anyhow::{Context, Result, bail};
use carcassonne_core::text_file::{MAX_RECORD_BYTES, read_text_file};
use carcassonne_core::{GameRecord, Move};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The journal of the record at `record`.
pub fn journal_path(record: &Path) -> PathBuf {
    let mut name = record.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".journal");
    record.with_file_name(name)
}

/// The journal's first line.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    /// Journal format.
    journal: u32,
    /// Moves in the record the journal extends.
    extends: usize,
}

/// Saves one game's record at a path, move by move.
pub struct RecordWriter {
    path: PathBuf,
    journal: std::fs::File,
    /// Moves of the record on disk, journal included.
    saved: usize,
}

impl RecordWriter {
    /// Writes `record` whole at `path` and starts an empty journal beside
    /// it (replacing any older one).
    pub fn create(path: &Path, record: &GameRecord) -> Result<RecordWriter> {
        let journal_path = journal_path(path);
        // The old journal goes first: killed before the record is written,
        // the old record and no journal remain, never a mix.
        match std::fs::remove_file(&journal_path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(e).with_context(|| format!("cannot remove the old journal {}", journal_path.display()));
            }
        }
        safe_file::write_atomically(path, &record.to_json()).context("cannot save the game record")?;
        // `create_new`: a link planted at the journal's name is not followed.
        let mut journal = std::fs::OpenOptions::new()
            .append(true)
            .create_new(true)
            .open(&journal_path)
            .with_context(|| format!("cannot create the journal {}", journal_path.display()))?;
        let header = serde_json::to_string(&Header {
            journal: 1,
            extends: record.moves.len(),
        })?;
        writeln!(journal, "{header}")
            .with_context(|| format!("cannot write the journal {}", journal_path.display()))?;
        Ok(RecordWriter {
            path: path.to_path_buf(),
            journal,
            saved: record.moves.len(),
        })
    }

    /// Saves the moves of `record` not saved yet (one journal line each). A
    /// record that lost moves (an undo) is written whole again.
    pub fn save(&mut self, record: &GameRecord) -> Result<()> {
        if record.moves.len() < self.saved {
            *self = RecordWriter::create(&self.path, record)?;
            return Ok(());
        }
        let mut lines = String::new();
        for m in &record.moves[self.saved..] {
            lines.push_str(&serde_json::to_string(m)?);
            lines.push('\n');
        }
        // One write per call: a kill leaves at most one partial last line.
        if let Err(e) = self.journal.write_all(lines.as_bytes()) {
            let e = anyhow::anyhow!("cannot append to {}: {e}", journal_path(&self.path).display());
            return Err(save_failed(e, &self.path, self.saved));
        }
        self.saved = record.moves.len();
        Ok(())
    }

    /// Writes `record` whole and removes the journal.
    pub fn finish(self, record: &GameRecord) -> Result<()> {
        safe_file::write_atomically(&self.path, &record.to_json())
            .map_err(|e| save_failed(e, &self.path, self.saved))?;
        drop(self.journal);
        let journal = journal_path(&self.path);
        std::fs::remove_file(&journal).with_context(|| format!("cannot remove the journal {}", journal.display()))
    }
}

/// A save error that says which record holds what, and how to go on.
fn save_failed(e: anyhow::Error, record: &Path, kept: usize) -> anyhow::Error {
    anyhow::anyhow!(
        "{e:#}\nThe game could not be saved: {} holds it up to move {kept}. \
         Free some disk space (or fix the error above), then continue it with `carcassonne resume {}`.",
        record.display(),
        record.display()
    )
}

/// Reads the game record at `path` with its journal's moves, if it has a
/// journal (see the module documentation).
pub fn read_record(path: &Path) -> Result<GameRecord> {
    let text = read_text_file(path, MAX_RECORD_BYTES, "game record")?;
    let mut record = GameRecord::from_json(&text).with_context(|| format!("{}", path.display()))?;
    let journal = journal_path(path);
    if !journal.exists() {
        return Ok(record);
    }
    let text = read_text_file(&journal, MAX_RECORD_BYTES, "game record journal")?;
    // Only whole lines count: the last one may have been cut by a kill.
    let complete = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
    if complete.is_empty() {
        // Killed between creating the journal and ending its header line:
        // it holds no move yet, and the record was written whole before it.
        return Ok(record);
    }
    let mut lines = complete.lines();
    let header: Header = lines
        .next()
        .and_then(|l| serde_json::from_str(l).ok())
        .with_context(|| format!("{}: the first line is not a journal header", journal.display()))?;
    let mut moves: Vec<Move> = Vec::new();
    for (i, line) in lines.enumerate() {
        let m = serde_json::from_str(line).with_context(|| format!("{}:{}: not a move", journal.display(), i + 2))?;
        moves.push(m);
    }
    let have = record.moves.len();
    if have == header.extends {
        record.moves.extend(moves);
    } else if have != header.extends + moves.len() || record.moves[header.extends..] != moves[..] {
        bail!(
            "{} does not continue {}: it extends a record of {} moves, and the record has {have}; \
             move the journal away to read the record as it is",
            journal.display(),
            path.display(),
            header.extends
        );
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_core::GameConfig;

    fn temp(name: &str) -> PathBuf {
        let p = std::env::temp_dir().join(format!("carcassonne-journal-{}-{name}.json", std::process::id()));
        let _ = std::fs::remove_file(&p);
        let _ = std::fs::remove_file(journal_path(&p));
        p
    }

    fn record(moves: usize) -> GameRecord {
        let mut r = GameRecord::new(GameConfig::with_players(2));
        r.moves = (0..moves).map(|_| Move::Pass).collect();
        r
    }

    #[test]
    fn moves_go_to_the_journal_and_the_end_compacts_it() {
        let p = temp("compact");
        let mut w = RecordWriter::create(&p, &record(0)).unwrap();
        let whole = std::fs::read_to_string(&p).unwrap();
        w.save(&record(3)).unwrap();
        // The record itself is not rewritten move by move.
        assert_eq!(std::fs::read_to_string(&p).unwrap(), whole);
        assert_eq!(read_record(&p).unwrap(), record(3));
        w.finish(&record(3)).unwrap();
        assert!(!journal_path(&p).exists());
        assert_eq!(read_record(&p).unwrap(), record(3));
        std::fs::remove_file(p).unwrap();
    }

    #[test]
    fn a_kill_at_any_moment_reads_back() {
        let p = temp("kill");
        let mut w = RecordWriter::create(&p, &record(2)).unwrap();
        w.save(&record(4)).unwrap();
        // Cut in the middle of a line.
        let mut j = std::fs::OpenOptions::new().append(true).open(journal_path(&p)).unwrap();
        j.write_all(b"\"pa").unwrap();
        assert_eq!(read_record(&p).unwrap(), record(4));
        // Killed after the whole record was written, before the journal went.
        safe_file::write_atomically(&p, &record(4).to_json()).unwrap();
        assert_eq!(read_record(&p).unwrap(), record(4));
        // A journal of another record is refused, naming both.
        safe_file::write_atomically(&p, &record(1).to_json()).unwrap();
        let e = read_record(&p).unwrap_err().to_string();
        assert!(
            e.contains("does not continue") && e.contains("extends a record of 2 moves"),
            "{e}"
        );
        drop(w);
        std::fs::remove_file(journal_path(&p)).unwrap();
        std::fs::remove_file(p).unwrap();
    }

    #[test]
    fn a_kill_before_the_journal_header_ends_reads_the_record() {
        let p = temp("header");
        // The record is written whole before the journal is created; the
        // kill lands after creating the journal, before or during its header.
        safe_file::write_atomically(&p, &record(3).to_json()).unwrap();
        for torn in ["", "{\"journal\": 1, \"ext"] {
            std::fs::write(journal_path(&p), torn).unwrap();
            assert_eq!(read_record(&p).unwrap(), record(3), "journal {torn:?}");
        }
        // A whole first line that is not a header is still refused.
        std::fs::write(journal_path(&p), "\"pass\"\n").unwrap();
        let e = read_record(&p).unwrap_err().to_string();
        assert!(e.contains("the first line is not a journal header"), "{e}");
        std::fs::remove_file(journal_path(&p)).unwrap();
        std::fs::remove_file(p).unwrap();
    }

    #[test]
    fn an_undo_rewrites_the_record() {
        let p = temp("undo");
        let mut w = RecordWriter::create(&p, &record(0)).unwrap();
        w.save(&record(5)).unwrap();
        w.save(&record(4)).unwrap();
        w.save(&record(6)).unwrap();
        assert_eq!(read_record(&p).unwrap(), record(6));
        w.finish(&record(6)).unwrap();
        std::fs::remove_file(p).unwrap();
    }
}
