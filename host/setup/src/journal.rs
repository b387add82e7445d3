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
//!   holds, and which record text that is (a hash of it):
//!   `{"journal": 2, "extends": K, "record": "…"}`; a line cut short by
//!   the kill (no newline yet) is ignored, so a journal killed before its
//!   header line ended adds nothing to the record;
//! - the record is only ever rewritten whole before its journal is
//!   removed (a new game, an undo, the end), so a journal whose hash is
//!   not the record's is older than the record, and is ignored: killed
//!   between the two steps, the record read is the new one;
//! - a journal of the first format (no hash) is read as before: when the
//!   record already ends with its moves, they are not added twice, and one
//!   that fits neither way is refused with both paths named.
//!
//! A full disk loses nothing either. A move is saved, and may be
//! acknowledged, only once its line is written whole; a write that fails
//! (no space left) is cut back off the journal at once, or before the next
//! append if that fails too, so later lines never land on a torn one. An
//! undo writes the new record whole before the old journal goes, so at
//! every moment one complete copy of the game is on disk.

use crate::safe_file;
use anyhow::{Context, Result, bail};
use carcassonne_core::text_file::{MAX_RECORD_BYTES, read_text_file};
use carcassonne_core::{GameRecord, Move};
use serde::{Deserialize, Serialize};
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
    /// Journal format: 1 without `record`, 2 with it.
    journal: u32,
    /// Moves in the record the journal extends.
    extends: usize,
    /// The hash of the record text the journal extends ([`text_hash`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    record: Option<String>,
}

/// A hash of a record's text that every build computes alike (64-bit
/// FNV-1a, in hex): what ties a journal to the record it extends.
fn text_hash(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in text.as_bytes() {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Saves one game's record at a path, move by move.
pub struct RecordWriter {
    path: PathBuf,
    journal: std::fs::File,
    /// Moves of the record on disk, journal included.
    saved: usize,
    /// The journal's length once its last line was written whole.
    durable: u64,
    /// The journal's length and the moves saved before the last save, for
    /// [`RecordWriter::take_back_last`].
    before_last: (u64, usize),
    /// A failed write may have left part of a line past `durable`, and
    /// cutting it off failed too: the next save cuts it first.
    torn: bool,
}

impl RecordWriter {
    /// Writes `record` whole at `path` and starts an empty journal beside
    /// it, replacing any older one. The record is written first: until it
    /// is whole, the old record and its journal stay as they were.
    pub fn create(path: &Path, record: &GameRecord) -> Result<RecordWriter> {
        let journal_path = journal_path(path);
        let text = record.to_json();
        safe_file::write_atomically(path, &text).context("cannot save the game record")?;
        // The old journal extends an older record (its hash says so), so
        // reading ignores it even if a kill lands before it goes.
        match std::fs::remove_file(&journal_path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(e).with_context(|| format!("cannot remove the old journal {}", journal_path.display()));
            }
        }
        // `create_new`: a link planted at the journal's name is not followed.
        let mut journal = std::fs::OpenOptions::new()
            .append(true)
            .create_new(true)
            .open(&journal_path)
            .with_context(|| format!("cannot create the journal {}", journal_path.display()))?;
        let mut header = serde_json::to_string(&Header {
            journal: 2,
            extends: record.moves.len(),
            record: Some(text_hash(&text)),
        })?;
        header.push('\n');
        if let Err(e) = safe_file::write_all_to(&mut journal, &journal_path, header.as_bytes()) {
            // A torn header adds nothing to the record, which holds the game.
            let _ = journal.set_len(0);
            return Err(e).with_context(|| format!("cannot write the journal {}", journal_path.display()));
        }
        Ok(RecordWriter {
            path: path.to_path_buf(),
            journal,
            saved: record.moves.len(),
            durable: header.len() as u64,
            before_last: (header.len() as u64, record.moves.len()),
            torn: false,
        })
    }

    /// Saves the moves of `record` not saved yet (one journal line each). A
    /// record that lost moves (an undo) is written whole again. On an
    /// error nothing of the new moves is kept on disk: the game there is
    /// the one of the last save that succeeded.
    pub fn save(&mut self, record: &GameRecord) -> Result<()> {
        if record.moves.len() < self.saved {
            *self = RecordWriter::create(&self.path, record)?;
            return Ok(());
        }
        if self.torn {
            self.cut_back()?;
        }
        let mut lines = String::new();
        for m in &record.moves[self.saved..] {
            lines.push_str(&serde_json::to_string(m)?);
            lines.push('\n');
        }
        let journal = journal_path(&self.path);
        // One write per call: a kill leaves at most one partial last line.
        if let Err(e) = safe_file::write_all_to(&mut self.journal, &journal, lines.as_bytes()) {
            // Part of the lines may be on disk: cut them off now, or before
            // the next append, so no line lands on a torn one.
            self.torn = true;
            let _ = self.cut_back();
            let e = anyhow::anyhow!("cannot append to {}: {e}", journal.display());
            return Err(save_failed(e, &self.path, self.saved));
        }
        self.before_last = (self.durable, self.saved);
        self.durable += lines.len() as u64;
        self.saved = record.moves.len();
        Ok(())
    }

    /// Takes the moves of the last save off the journal again (a caller
    /// that saves a move before playing it, when playing it failed). Only
    /// the last save can be taken back, once; a record written whole (an
    /// undo) cannot.
    pub fn take_back_last(&mut self) -> Result<()> {
        let (durable, saved) = self.before_last;
        self.durable = durable;
        self.saved = saved;
        self.torn = true;
        self.cut_back()
    }

    /// Cuts the journal back to its last whole line.
    fn cut_back(&mut self) -> Result<()> {
        self.journal
            .set_len(self.durable)
            .with_context(|| format!("cannot cut a torn line off {}", journal_path(&self.path).display()))?;
        self.torn = false;
        Ok(())
    }

    /// Writes `record` whole and removes the journal.
    pub fn finish(self, record: &GameRecord) -> Result<()> {
        safe_file::write_atomically(&self.path, &record.to_json())
            .map_err(|e| save_failed(e, &self.path, self.saved))?;
        // (A file of WebAssembly's standard library has nothing to close.)
        #[cfg_attr(target_family = "wasm", allow(clippy::drop_non_drop))]
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
    let record_text = read_text_file(path, MAX_RECORD_BYTES, "game record")?;
    let mut record = GameRecord::from_json(&record_text).with_context(|| format!("{}", path.display()))?;
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
    if header.record.is_some() && header.record != Some(text_hash(&record_text)) {
        // The record was written whole after this journal began (the
        // journal's removal was cut short): the record is the newer copy.
        return Ok(record);
    }
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
    use crate::safe_file::disk_full;
    use carcassonne_core::GameConfig;
    use std::io::Write;

    /// A record path in a directory of its own, which a test may fill.
    fn own_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("carcassonne-journal-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("game.json")
    }

    /// The journal's lines, each whole.
    fn journal_lines(p: &Path) -> Vec<String> {
        let text = std::fs::read_to_string(journal_path(p)).unwrap();
        assert!(text.is_empty() || text.ends_with('\n'), "a torn line is left: {text:?}");
        text.lines().map(String::from).collect()
    }

    #[test]
    fn a_full_disk_mid_append_loses_nothing_saved_and_the_next_save_lands_whole() {
        let p = own_dir("full-append");
        let dir = p.parent().unwrap().to_path_buf();
        let mut w = RecordWriter::create(&p, &record(2)).unwrap();
        w.save(&record(4)).unwrap();
        // Room for part of the next line only.
        disk_full::arm(&dir, 3);
        let e = w.save(&record(7)).unwrap_err().to_string();
        assert!(e.contains("no space left") && e.contains("up to move 4"), "{e}");
        // The torn part is cut off: the journal holds the four moves saved.
        assert_eq!(journal_lines(&p).len(), 1 + 2);
        assert_eq!(read_record(&p).unwrap(), record(4));
        // Still full: the next try fails the same way, and keeps the game.
        assert!(w.save(&record(7)).is_err());
        assert_eq!(read_record(&p).unwrap(), record(4));
        disk_full::disarm(&dir);
        w.save(&record(7)).unwrap();
        assert_eq!(journal_lines(&p).len(), 1 + 5);
        assert_eq!(read_record(&p).unwrap(), record(7));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn an_undo_on_a_full_disk_keeps_the_game_and_one_killed_midway_reads_either_copy() {
        let p = own_dir("full-undo");
        let dir = p.parent().unwrap().to_path_buf();
        let mut w = RecordWriter::create(&p, &record(0)).unwrap();
        w.save(&record(5)).unwrap();
        // The undo's whole record does not fit: the old record and journal stay.
        disk_full::arm(&dir, 10);
        assert!(w.save(&record(4)).is_err());
        assert_eq!(read_record(&p).unwrap(), record(5));
        disk_full::disarm(&dir);
        // Killed after the new record was written, before the old journal
        // went: the journal extends another record, and is not read.
        safe_file::write_atomically(&p, &record(4).to_json()).unwrap();
        assert_eq!(read_record(&p).unwrap(), record(4));
        // And the undo, saved, holds.
        let mut w = RecordWriter::create(&p, &record(5)).unwrap();
        w.save(&record(4)).unwrap();
        w.save(&record(6)).unwrap();
        assert_eq!(read_record(&p).unwrap(), record(6));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_last_save_can_be_taken_back() {
        let p = own_dir("take-back");
        let mut w = RecordWriter::create(&p, &record(1)).unwrap();
        w.save(&record(3)).unwrap();
        w.save(&record(4)).unwrap();
        w.take_back_last().unwrap();
        assert_eq!(read_record(&p).unwrap(), record(3));
        assert_eq!(journal_lines(&p).len(), 1 + 2);
        // Saving goes on from there.
        w.save(&record(5)).unwrap();
        assert_eq!(read_record(&p).unwrap(), record(5));
        std::fs::remove_dir_all(p.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_journal_of_the_first_format_is_read_as_before() {
        let p = own_dir("first-format");
        safe_file::write_atomically(&p, &record(2).to_json()).unwrap();
        std::fs::write(
            journal_path(&p),
            "{\"journal\": 1, \"extends\": 2}\n\"pass\"\n\"pass\"\n",
        )
        .unwrap();
        assert_eq!(read_record(&p).unwrap(), record(4));
        // A record that already ends with its moves: not added twice.
        safe_file::write_atomically(&p, &record(4).to_json()).unwrap();
        assert_eq!(read_record(&p).unwrap(), record(4));
        // One that fits neither way is refused, naming both.
        safe_file::write_atomically(&p, &record(1).to_json()).unwrap();
        let e = read_record(&p).unwrap_err().to_string();
        assert!(
            e.contains("does not continue") && e.contains("extends a record of 2 moves"),
            "{e}"
        );
        std::fs::remove_dir_all(p.parent().unwrap()).unwrap();
    }

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
        // A journal begun for another record text is older than the record.
        safe_file::write_atomically(&p, &record(1).to_json()).unwrap();
        assert_eq!(read_record(&p).unwrap(), record(1));
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
