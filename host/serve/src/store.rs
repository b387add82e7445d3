//! The lobby's games on disk: an embedded SQLite database (`games.sqlite`
//! in the directory `carcassonne serve --data DIR` names), so that a
//! restart, a crash or a `kill -9` loses no acknowledged move.
//!
//! Each game is a row of `games` (its record's header: format, engine,
//! expansion versions and configuration, as `docs/records.md` states them;
//! its seat tokens as SHA-256 hashes; its state version, turn log and
//! times) and one row of `moves` per move, in the record's own form. A
//! restarted server rebuilds each game by replaying its moves, as it
//! continues a `--record` file.
//!
//! Durability: the database is in WAL mode with `synchronous = FULL`, so a
//! move's commit has reached the disk (an `fsync` of the log) before the
//! move is acknowledged; a killed process loses nothing committed, and
//! neither does a power cut on a disk that honours `fsync`. The database
//! is held in exclusive locking mode: a second server on the same
//! directory is refused at start instead of writing beside the first.

use carcassonne_core::{GameRecord, Move};
pub use carcassonne_table::{Change, ChatLine, NewGame, StoredGame, token_hash};
use carcassonne_table::{ChatFull, GameDb, now};
use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// The database's file name inside the data directory.
pub const DB_FILE: &str = "games.sqlite";

/// Marks the file as this program's (`PRAGMA application_id`: "CARC").
const APPLICATION_ID: i32 = 0x4341_5243;

/// The schema this version writes (`PRAGMA user_version`): 2 added the
/// chat ([`CHAT_SCHEMA`]); a database of schema 1 gains it when opened.
const SCHEMA_VERSION: i32 = 2;

/// The chat between the seats of a game, a row a line: appended, never
/// rewritten.
const CHAT_SCHEMA: &str = "
CREATE TABLE chat (
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    at INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
";

const SCHEMA: &str = "
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    created INTEGER NOT NULL,
    finished_at INTEGER,
    record TEXT NOT NULL,
    seat_hashes TEXT NOT NULL,
    hotseat_hash TEXT NOT NULL,
    version INTEGER NOT NULL,
    log TEXT NOT NULL,
    undo INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE moves (
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE counters (
    name TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
CREATE TABLE record_games (
    path TEXT PRIMARY KEY,
    id INTEGER NOT NULL
);
INSERT INTO counters (name, value) VALUES ('next_id', 1);
";

/// Why the database could not be opened or used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file is not a SQLite database, or not this program's: it is
    /// left as it is.
    #[error("{path}: {why}; the file was not changed: choose another --data directory, or move the file away")]
    Foreign {
        /// The database file.
        path: PathBuf,
        /// What it is instead.
        why: String,
    },
    /// Another process holds the database.
    #[error(
        "{path} is in use by another process (another `carcassonne serve` on the same --data directory?): \
         stop it, or give this server another --data directory"
    )]
    Busy {
        /// The database file.
        path: PathBuf,
    },
    /// The server opened the database read-only: it could not write there
    /// at start (a full disk, say), so it serves the games as they are.
    #[error(
        "{path}: {why}; this server serves its games read-only since it started: free some space on the disk \
         (or fix the error) and restart it to play on"
    )]
    ReadOnly {
        /// The database file.
        path: PathBuf,
        /// Why writes are off.
        why: String,
    },
    /// The chat of every game together holds as much as the server keeps
    /// ([`MAX_CHAT_BYTES`]).
    #[error(
        "the server keeps at most {limit} bytes of chat over all its games, and has that much: \
         no more lines until finished games are deleted (or pruned with --keep-days)"
    )]
    ChatFull {
        /// The limit, in bytes.
        limit: u64,
    },
    /// Reading or writing failed (a full disk, a damaged file …).
    #[error("{path}: {why}")]
    Io {
        /// The database file (or its directory).
        path: PathBuf,
        /// What went wrong.
        why: String,
    },
}

/// A stored game as it loaded: the game, or its id and why its rows do
/// not read.
pub type Loaded = Result<StoredGame, (u64, String)>;

/// The lobby's database. One connection, used by one request at a time:
/// a write is a few hundred bytes and one `fsync`.
pub struct Store {
    conn: Mutex<Connection>,
    path: PathBuf,
    /// Why the database is read-only, when it is: it could not be written
    /// at start, and the games are served as they are (see
    /// [`Store::read_only`]).
    read_only: Mutex<Option<String>>,
    /// Bytes of chat text over all the games stored.
    chat_bytes: std::sync::atomic::AtomicU64,
    /// The most it may hold ([`MAX_CHAT_BYTES`]; less in tests).
    chat_limit: std::sync::atomic::AtomicU64,
    /// The file was there, empty, and was made a new database (see
    /// [`Store::notice`]).
    was_empty: bool,
}

/// Most bytes of chat text the database keeps over all its games: a
/// thousand games' chat of 16 KiB each (see `crate::CHAT_BYTES` for one
/// game's), so that chat cannot fill the disk.
pub const MAX_CHAT_BYTES: u64 = 16 << 20;

/// Most bytes the write-ahead log keeps once checkpointed, and about how
/// far it grows before a checkpoint (256 pages): on a small disk the log
/// alone must not fill it.
const WAL_LIMIT_BYTES: i64 = 1 << 20;

fn to_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl Store {
    /// Opens (or creates) `games.sqlite` in `dir`, creating the directory.
    ///
    /// # Errors
    /// The directory cannot be made, the file is not this program's
    /// database ([`StoreError::Foreign`], and it is not touched), another
    /// process holds it ([`StoreError::Busy`]), or it cannot be read.
    pub fn open(dir: &Path) -> Result<Arc<Store>, StoreError> {
        std::fs::create_dir_all(dir).map_err(|e| StoreError::Io {
            path: dir.to_path_buf(),
            why: format!("cannot create the data directory: {e}"),
        })?;
        Store::open_file(&dir.join(DB_FILE))
    }

    /// Opens (or creates) the database file `path`.
    ///
    /// # Errors
    /// As [`Store::open`].
    pub fn open_file(path: &Path) -> Result<Arc<Store>, StoreError> {
        let io = |why: String| StoreError::Io {
            path: path.to_path_buf(),
            why,
        };
        let foreign = |why: String| StoreError::Foreign {
            path: path.to_path_buf(),
            why,
        };
        // Anything but an empty file or a SQLite database is refused before
        // SQLite sees it.
        let mut was_empty = false;
        if let Ok(meta) = std::fs::metadata(path) {
            if !meta.is_file() {
                return Err(foreign("not a file".into()));
            }
            was_empty = meta.len() == 0;
            if meta.len() > 0 {
                use std::io::Read;
                let mut head = [0u8; 16];
                let read = std::fs::File::open(path)
                    .and_then(|mut f| f.read_exact(&mut head))
                    .map_err(|e| io(format!("cannot read: {e}")));
                if read.is_err() || &head != b"SQLite format 3\0" {
                    return Err(foreign("not a SQLite database".into()));
                }
            }
        } else {
            // Readable by its owner only (SQLite gives its WAL the same
            // permissions): the records and logs are the players' business.
            let mut create = std::fs::OpenOptions::new();
            create.write(true).create_new(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut create, 0o600);
            create.open(path).map_err(|e| io(format!("cannot create: {e}")))?;
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| io(format!("cannot open: {e}")))?;
        let sql = |e: rusqlite::Error| -> StoreError {
            match e.sqlite_error_code() {
                Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => StoreError::Busy {
                    path: path.to_path_buf(),
                },
                Some(rusqlite::ErrorCode::NotADatabase) => foreign(format!("not a SQLite database ({e})")),
                Some(rusqlite::ErrorCode::DatabaseCorrupt) => io(format!("the database is damaged ({e})")),
                _ => io(e.to_string()),
            }
        };
        conn.busy_timeout(Duration::ZERO).map_err(sql)?;
        // Held for good from the first write on: no second server, and the
        // WAL index lives in this process's memory (no -shm file to share).
        conn.pragma_update(None, "locking_mode", "EXCLUSIVE").map_err(sql)?;
        let app: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).map_err(sql)?;
        let schema: i32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(sql)?;
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .map_err(sql)?;
        let fresh = app == 0 && tables == 0;
        if !fresh {
            if app != APPLICATION_ID {
                return Err(foreign(format!(
                    "a SQLite database of another program (application id {app:#x}, {tables} tables), \
                     not a carcassonne game database"
                )));
            }
            if schema > SCHEMA_VERSION {
                return Err(foreign(format!(
                    "a game database of a newer carcassonne-rs (schema {schema}; this one reads {SCHEMA_VERSION}): \
                     upgrade carcassonne-rs to serve it"
                )));
            }
            let check: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0)).map_err(sql)?;
            if check != "ok" {
                return Err(io(format!("the database is damaged: {check}")));
            }
        }
        let mode: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(sql)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(io(format!("cannot use WAL mode (journal mode is {mode})")));
        }
        conn.pragma_update(None, "synchronous", "FULL").map_err(sql)?;
        let mut conn = conn;
        // The first write takes the exclusive lock (and creates the schema);
        // a write that does not go in because the disk refuses it (it is
        // full, say) makes the server serve what is there, read-only,
        // rather than nothing.
        let written = (|| -> Result<(), (bool, StoreError)> {
            let disk = |e: rusqlite::Error| (is_disk_error(&e), sql(e));
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Exclusive)
                .map_err(disk)?;
            if fresh {
                tx.execute_batch(SCHEMA).map_err(disk)?;
                tx.execute_batch(CHAT_SCHEMA).map_err(disk)?;
                tx.pragma_update(None, "application_id", APPLICATION_ID).map_err(disk)?;
                tx.pragma_update(None, "user_version", SCHEMA_VERSION).map_err(disk)?;
            } else if schema < 2 {
                // Schema 1 (before the chat): the table is added, nothing else
                // changes.
                tx.execute_batch(CHAT_SCHEMA).map_err(disk)?;
                tx.pragma_update(None, "user_version", SCHEMA_VERSION).map_err(disk)?;
            }
            // A write that must reach the disk: what every move needs.
            carcassonne_setup::safe_file::disk_full::charge(path, 4096).map_err(|e| (true, io(e.to_string())))?;
            tx.execute("UPDATE counters SET value = value WHERE name = 'next_id'", [])
                .map_err(disk)?;
            tx.commit().map_err(disk)?;
            // The write-ahead log is cut back once checkpointed, and
            // checkpointed every megabyte or so.
            conn.pragma_update(None, "journal_size_limit", WAL_LIMIT_BYTES)
                .map_err(disk)?;
            conn.pragma_update(None, "wal_autocheckpoint", WAL_LIMIT_BYTES / 4096)
                .map_err(disk)?;
            conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
                .map_err(disk)?;
            Ok(())
        })();
        let read_only = match written {
            Ok(()) => None,
            Err((true, e)) if !fresh => {
                let why = match e {
                    StoreError::Io { why, .. } => why,
                    other => other.to_string(),
                };
                let why = format!("the disk refused a write at start ({why})");
                // Read through the same connection, which writes nothing
                // more; or, when it cannot read, a read-only one.
                let reads = conn
                    .pragma_update(None, "query_only", true)
                    .and_then(|()| conn.query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0)));
                if reads.is_err() {
                    drop(conn);
                    conn =
                        Store::open_read_only(path).map_err(|e| io(format!("{why}, and reading failed too: {e}")))?;
                }
                Some(why)
            }
            Err((_, e)) => return Err(e),
        };
        let chat_bytes: i64 = conn
            .query_row(
                "SELECT coalesce(sum(length(CAST(text AS BLOB))), 0) FROM chat",
                [],
                |r| r.get(0),
            )
            .map_err(sql)?;
        Ok(Arc::new(Store {
            conn: Mutex::new(conn),
            path: path.to_path_buf(),
            read_only: Mutex::new(read_only),
            chat_bytes: std::sync::atomic::AtomicU64::new(u64::try_from(chat_bytes).unwrap_or(0)),
            chat_limit: std::sync::atomic::AtomicU64::new(MAX_CHAT_BYTES),
            // An empty file is what a first start leaves when it is stopped
            // (or the disk refuses) before SQLite writes its header; but it
            // is also what a database truncated by something else looks
            // like, whose games are gone: the server says which it took.
            was_empty: was_empty && fresh,
        }))
    }

    /// What whoever started the server should know about the database
    /// file: it was an empty file (0 bytes), taken as a new database.
    pub fn notice(&self) -> Option<String> {
        self.was_empty.then(|| {
            format!(
                "{} was an empty file (0 bytes): it is taken as a new database with no games; \
                 if it held games, they were lost before this start (restore the file from a backup, \
                 with the server stopped)",
                self.path.display()
            )
        })
    }

    /// The database at `path` opened for reading only, held against
    /// writers (a second server) as the writable one is.
    fn open_read_only(path: &Path) -> rusqlite::Result<Connection> {
        let conn =
            Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
        conn.busy_timeout(Duration::ZERO)?;
        // No shared-memory index: the write-ahead log is read into memory.
        conn.pragma_update(None, "locking_mode", "EXCLUSIVE")?;
        conn.query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0))?;
        Ok(conn)
    }

    /// Why the games are served read-only, if they are: the database could
    /// not be written at start (or while the games were being loaded),
    /// and every write (a move, a chat line, a new game) is refused until
    /// the server is restarted with room on the disk.
    pub fn read_only(&self) -> Option<String> {
        self.read_only.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Turns writes off for the rest of this run, saying why: a write
    /// failed while the games were being loaded.
    pub fn go_read_only(&self, why: String) {
        let mut read_only = self.read_only.lock().unwrap_or_else(|e| e.into_inner());
        if read_only.is_none() {
            *read_only = Some(why);
        }
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes `bytes` from the test's disk budget of the data directory
    /// (`safe_file::disk_full`), as a write of that size would: a full
    /// disk for tests without filling the machine's. Unarmed, it costs one
    /// atomic load.
    fn charge(&self, bytes: usize) -> Result<(), StoreError> {
        if let Some(why) = self.read_only() {
            return Err(StoreError::ReadOnly {
                path: self.path.clone(),
                why,
            });
        }
        carcassonne_setup::safe_file::disk_full::charge(&self.path, bytes).map_err(|e| self.err(e))
    }

    fn err(&self, e: impl std::fmt::Display) -> StoreError {
        StoreError::Io {
            path: self.path.clone(),
            why: e.to_string(),
        }
    }

    /// Every stored game, oldest first; a game whose rows do not read is
    /// an `Err` with its id and why (the others still load).
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn load(&self) -> Result<Vec<Loaded>, StoreError> {
        let conn = self.conn();
        let mut games = conn
            .prepare(
                "SELECT id, created, finished_at, record, seat_hashes, hotseat_hash, version, log, undo \
                 FROM games ORDER BY id",
            )
            .map_err(|e| self.err(e))?;
        type Row = (i64, i64, Option<i64>, String, String, String, i64, String, bool);
        let rows: Vec<Row> = games
            .query_map([], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                ))
            })
            .and_then(Iterator::collect)
            .map_err(|e| self.err(e))?;
        let mut moves = conn
            .prepare("SELECT seat, move FROM moves WHERE game_id = ?1 ORDER BY seq")
            .map_err(|e| self.err(e))?;
        let mut chat = conn
            .prepare("SELECT seat, at, text FROM chat WHERE game_id = ?1 ORDER BY seq")
            .map_err(|e| self.err(e))?;
        let mut out = Vec::with_capacity(rows.len());
        for (id, created, finished_at, record, seat_hashes, hotseat_hash, version, log, undo) in rows {
            let id = u64::try_from(id).unwrap_or(0);
            let rows: Vec<(i64, String)> = moves
                .query_map([to_i64(id)], |r| Ok((r.get(0)?, r.get(1)?)))
                .and_then(Iterator::collect)
                .map_err(|e| self.err(e))?;
            let said: Vec<ChatLine> = chat
                .query_map([to_i64(id)], |r| {
                    Ok(ChatLine {
                        seat: u8::try_from(r.get::<_, i64>(0)?).unwrap_or(u8::MAX),
                        at: r.get(1)?,
                        text: r.get(2)?,
                    })
                })
                .and_then(Iterator::collect)
                .map_err(|e| self.err(e))?;
            let game = (|| -> Result<StoredGame, String> {
                let mut record = GameRecord::from_json(&record).map_err(|e| e.to_string())?;
                let mut seats = Vec::with_capacity(rows.len());
                for (i, (seat, text)) in rows.into_iter().enumerate() {
                    let mv: Move = serde_json::from_str(&text).map_err(|e| format!("move {}: {e}", i + 1))?;
                    record.moves.push(mv);
                    seats.push(u8::try_from(seat).unwrap_or(u8::MAX));
                }
                Ok(StoredGame {
                    id,
                    record,
                    seats,
                    seat_hashes: serde_json::from_str(&seat_hashes).map_err(|e| format!("seat hashes: {e}"))?,
                    hotseat_hash,
                    version: u64::try_from(version).unwrap_or(0),
                    log: serde_json::from_str(&log).map_err(|e| format!("log: {e}"))?,
                    undo,
                    created,
                    finished_at,
                    chat: said,
                })
            })();
            out.push(game.map_err(|why| (id, why)));
        }
        Ok(out)
    }

    /// Stores a new game under a fresh id (ids are never used twice, also
    /// after a game is deleted) and returns the id.
    ///
    /// # Errors
    /// The write failed: nothing was stored.
    pub fn insert(&self, game: &NewGame<'_>) -> Result<u64, StoreError> {
        let mut header = game.record.clone();
        header.moves.clear();
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(|e| self.err(e))?;
        let id = take_id(&tx).map_err(|e| self.err(e))?;
        let header_json = header.to_json();
        self.charge(header_json.len() + game.log.iter().map(|l| l.len() + 3).sum::<usize>() + 512)?;
        let at = now();
        tx.execute(
            "INSERT INTO games (id, created, finished_at, record, seat_hashes, hotseat_hash, version, log, undo) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                id,
                at,
                game.over.then_some(at),
                header_json,
                serde_json::to_string(game.seat_hashes).map_err(|e| self.err(e))?,
                game.hotseat_hash,
                to_i64(game.version),
                serde_json::to_string(game.log).map_err(|e| self.err(e))?,
                game.undo,
            ],
        )
        .map_err(|e| self.err(e))?;
        self.insert_moves(&tx, id, 0, &game.record.moves, game.seats)?;
        tx.commit().map_err(|e| self.err(e))?;
        Ok(u64::try_from(id).unwrap_or(0))
    }

    /// Saves a change of game `id` in one transaction, so that the disk
    /// holds all of it or none of it: its moves become `change.moves` when
    /// the database holds their first `change.saved` (later rows go, as
    /// after an undo; new ones come), and its state version, log, undo
    /// setting and end with them. The commit is synced (`synchronous =
    /// FULL`) before this returns.
    ///
    /// # Errors
    /// The write failed: the database holds the game as it did, moves,
    /// version and log alike.
    pub fn save_change(&self, id: u64, change: &Change<'_>) -> Result<(), StoreError> {
        self.charge(0)?;
        let log = serde_json::to_string(change.log).map_err(|e| self.err(e))?;
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(|e| self.err(e))?;
        let keep = change.saved.min(change.moves.len());
        tx.execute(
            "DELETE FROM moves WHERE game_id = ?1 AND seq >= ?2",
            params![to_i64(id), to_i64(keep as u64)],
        )
        .map_err(|e| self.err(e))?;
        self.insert_moves(&tx, to_i64(id), keep, change.moves, change.seats)?;
        self.charge(log.len() + 64)?;
        tx.execute(
            "UPDATE games SET version = ?2, log = ?3, undo = ?4, \
             finished_at = CASE WHEN ?5 THEN coalesce(finished_at, ?6) ELSE NULL END WHERE id = ?1",
            params![to_i64(id), to_i64(change.version), log, change.undo, change.over, now()],
        )
        .map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))
    }

    /// Saves game `id`'s state version, log and undo setting, and whether
    /// it is over (the time it ended is kept from the first save that saw
    /// it over).
    ///
    /// # Errors
    /// The write failed.
    pub fn save_state(&self, id: u64, version: u64, log: &[String], undo: bool, over: bool) -> Result<(), StoreError> {
        let log = serde_json::to_string(log).map_err(|e| self.err(e))?;
        self.charge(log.len() + 64)?;
        let conn = self.conn();
        // Committed without an fsync of its own (`synchronous = NORMAL`):
        // safe from a killed process like any commit, and on a power cut
        // at worst the version and log lines of the last moves are lost
        // (the moves are not: theirs was synced). The next move's sync
        // takes this write along.
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(|e| self.err(e))?;
        let saved = conn.execute(
            "UPDATE games SET version = ?2, log = ?3, undo = ?4, \
             finished_at = CASE WHEN ?5 THEN coalesce(finished_at, ?6) ELSE NULL END WHERE id = ?1",
            params![to_i64(id), to_i64(version), log, undo, over, now()],
        );
        let full = conn.pragma_update(None, "synchronous", "FULL");
        saved.map_err(|e| self.err(e))?;
        full.map_err(|e| self.err(e))
    }

    /// Appends `line` to game `id`'s chat as its line number `seq` (from 0).
    ///
    /// # Errors
    /// The write failed: the chat is as it was.
    /// [`StoreError::ChatFull`] when the chat of every game together
    /// already holds [`MAX_CHAT_BYTES`].
    pub fn add_chat(&self, id: u64, seq: usize, line: &ChatLine) -> Result<(), StoreError> {
        use std::sync::atomic::Ordering;
        let limit = self.chat_limit.load(Ordering::Relaxed);
        let bytes = line.text.len() as u64;
        if self.chat_bytes.load(Ordering::Relaxed) + bytes > limit {
            return Err(StoreError::ChatFull { limit });
        }
        self.charge(line.text.len() + 32)?;
        self.conn()
            .execute(
                "INSERT INTO chat (game_id, seq, seat, at, text) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![to_i64(id), to_i64(seq as u64), line.seat, line.at, line.text],
            )
            .map_err(|e| self.err(e))?;
        self.chat_bytes.fetch_add(bytes, Ordering::Relaxed);
        Ok(())
    }

    /// Bytes of chat text over all the games stored.
    pub fn chat_bytes(&self) -> u64 {
        self.chat_bytes.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Lowers the chat kept over all games below [`MAX_CHAT_BYTES`] (for
    /// tests).
    #[doc(hidden)]
    pub fn limit_chat(&self, bytes: u64) {
        self.chat_limit.store(bytes, std::sync::atomic::Ordering::Relaxed);
    }

    /// Deletes game `id`, its moves and its chat.
    ///
    /// # Errors
    /// The write failed: the game is still stored.
    pub fn delete(&self, id: u64) -> Result<(), StoreError> {
        self.charge(64)?;
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(|e| self.err(e))?;
        let said: i64 = tx
            .query_row(
                "SELECT coalesce(sum(length(CAST(text AS BLOB))), 0) FROM chat WHERE game_id = ?1",
                [to_i64(id)],
                |r| r.get(0),
            )
            .map_err(|e| self.err(e))?;
        for sql in [
            "DELETE FROM moves WHERE game_id = ?1",
            "DELETE FROM chat WHERE game_id = ?1",
            "DELETE FROM games WHERE id = ?1",
            "DELETE FROM record_games WHERE id = ?1",
        ] {
            tx.execute(sql, [to_i64(id)]).map_err(|e| self.err(e))?;
        }
        tx.commit().map_err(|e| self.err(e))?;
        let said = u64::try_from(said).unwrap_or(0);
        let _ = self.chat_bytes.fetch_update(
            std::sync::atomic::Ordering::Relaxed,
            std::sync::atomic::Ordering::Relaxed,
            |b| Some(b.saturating_sub(said)),
        );
        Ok(())
    }

    /// The finished games that ended `keep` ago or longer, oldest first.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn finished_before(&self, keep: Duration) -> Result<Vec<u64>, StoreError> {
        let cutoff = now().saturating_sub(i64::try_from(keep.as_secs()).unwrap_or(i64::MAX));
        let conn = self.conn();
        let mut q = conn
            .prepare("SELECT id FROM games WHERE finished_at IS NOT NULL AND finished_at <= ?1 ORDER BY id")
            .map_err(|e| self.err(e))?;
        q.query_map([cutoff], |r| r.get::<_, i64>(0))
            .and_then(Iterator::collect::<Result<Vec<i64>, _>>)
            .map(|ids| ids.into_iter().filter_map(|id| u64::try_from(id).ok()).collect())
            .map_err(|e| self.err(e))
    }

    /// Marks game `id` finished now, if it is not marked (a server killed
    /// between a game's last move and the save of its state).
    ///
    /// # Errors
    /// The write failed.
    pub fn mark_finished(&self, id: u64) -> Result<(), StoreError> {
        self.charge(32)?;
        self.conn()
            .execute(
                "UPDATE games SET finished_at = ?2 WHERE id = ?1 AND finished_at IS NULL",
                params![to_i64(id), now()],
            )
            .map(|_| ())
            .map_err(|e| self.err(e))
    }

    /// The id of the game continued from the record file `path`
    /// (`serve --record`), the same at every start, taken fresh the first
    /// time. Such a game is kept in its file, not here: only its id is.
    ///
    /// # Errors
    /// The database cannot be read or written.
    pub fn record_game_id(&self, path: &Path) -> Result<u64, StoreError> {
        let key = std::path::absolute(path)
            .unwrap_or_else(|_| path.to_path_buf())
            .to_string_lossy()
            .into_owned();
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(|e| self.err(e))?;
        let known: Option<i64> = tx
            .query_row("SELECT id FROM record_games WHERE path = ?1", [&key], |r| r.get(0))
            .optional()
            .map_err(|e| self.err(e))?;
        let id = match known {
            Some(id) => id,
            None => {
                self.charge(key.len() + 32)?;
                let id = take_id(&tx).map_err(|e| self.err(e))?;
                tx.execute("INSERT INTO record_games (path, id) VALUES (?1, ?2)", params![key, id])
                    .map_err(|e| self.err(e))?;
                id
            }
        };
        tx.commit().map_err(|e| self.err(e))?;
        Ok(u64::try_from(id).unwrap_or(0))
    }

    /// Copies the database, as it stands, into a new file `dest` with
    /// SQLite's online backup API (a consistent copy while the server goes
    /// on; the WAL's committed moves included), as one self-contained file
    /// (rollback journal, no WAL beside it), readable by its owner only.
    /// The copy is written beside `dest` and renamed into place once it is
    /// whole and checked; an existing `dest` is not replaced. Returns the
    /// copy's size in bytes and how many games it holds.
    ///
    /// # Errors
    /// `dest` exists, cannot be written, or the copy does not check.
    pub fn backup_to(&self, dest: &Path) -> Result<(u64, u64), StoreError> {
        let io = |why: String| StoreError::Io {
            path: dest.to_path_buf(),
            why,
        };
        if dest.exists() {
            return Err(io("already exists: a backup never replaces a file".into()));
        }
        let mut partial = dest.as_os_str().to_owned();
        partial.push(".partial");
        let partial = PathBuf::from(partial);
        let _ = std::fs::remove_file(&partial);
        let mut create = std::fs::OpenOptions::new();
        create.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut create, 0o600);
        create
            .open(&partial)
            .map_err(|e| io(format!("cannot create {}: {e}", partial.display())))?;
        let copied = (|| -> Result<u64, String> {
            let mut copy = Connection::open(&partial).map_err(|e| e.to_string())?;
            {
                let conn = self.conn();
                let backup = rusqlite::backup::Backup::new(&conn, &mut copy).map_err(|e| e.to_string())?;
                backup
                    .run_to_completion(1024, Duration::ZERO, None)
                    .map_err(|e| e.to_string())?;
            }
            let mode: String = copy
                .query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))
                .map_err(|e| e.to_string())?;
            if !mode.eq_ignore_ascii_case("delete") {
                return Err(format!("the copy stays in journal mode {mode}"));
            }
            let check: String = copy
                .query_row("PRAGMA quick_check", [], |r| r.get(0))
                .map_err(|e| e.to_string())?;
            if check != "ok" {
                return Err(format!("the copy does not check: {check}"));
            }
            let games: i64 = copy
                .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
                .map_err(|e| e.to_string())?;
            copy.close().map_err(|(_, e)| e.to_string())?;
            Ok(u64::try_from(games).unwrap_or(0))
        })();
        let games = match copied {
            Ok(n) => n,
            Err(why) => {
                let _ = std::fs::remove_file(&partial);
                return Err(io(why));
            }
        };
        // Renamed without replacing: a file that appeared meanwhile stays.
        if dest.exists() {
            let _ = std::fs::remove_file(&partial);
            return Err(io("already exists: a backup never replaces a file".into()));
        }
        std::fs::rename(&partial, dest).map_err(|e| io(format!("cannot rename the copy into place: {e}")))?;
        let bytes = std::fs::metadata(dest).map(|m| m.len()).unwrap_or(0);
        Ok((bytes, games))
    }

    /// Inserts `moves[from..]` of game `id`, each with its seat.
    fn insert_moves(
        &self,
        tx: &rusqlite::Transaction<'_>,
        id: i64,
        from: usize,
        moves: &[Move],
        seats: &[u8],
    ) -> Result<(), StoreError> {
        if from >= moves.len() {
            return Ok(());
        }
        let mut insert = tx
            .prepare("INSERT INTO moves (game_id, seq, seat, move) VALUES (?1, ?2, ?3, ?4)")
            .map_err(|e| self.err(e))?;
        for (i, mv) in moves.iter().enumerate().skip(from) {
            let text = serde_json::to_string(mv).map_err(|e| self.err(e))?;
            self.charge(text.len() + 16)?;
            insert
                .execute(params![
                    id,
                    to_i64(i as u64),
                    seats.get(i).copied().unwrap_or(u8::MAX),
                    text
                ])
                .map_err(|e| self.err(e))?;
        }
        Ok(())
    }

    /// Lets the database grow by no more pages: the next write that needs
    /// one fails as on a full disk (for tests).
    #[doc(hidden)]
    pub fn fill_up(&self) -> Result<(), StoreError> {
        let conn = self.conn();
        let pages: i64 = conn
            .query_row("PRAGMA page_count", [], |r| r.get(0))
            .map_err(|e| self.err(e))?;
        conn.query_row(&format!("PRAGMA max_page_count = {pages}"), [], |_| Ok(()))
            .map_err(|e| self.err(e))
    }

    /// Lets the database grow again after [`Store::fill_up`].
    #[doc(hidden)]
    pub fn make_room(&self) -> Result<(), StoreError> {
        self.conn()
            .query_row("PRAGMA max_page_count = 1073741823", [], |_| Ok(()))
            .map_err(|e| self.err(e))
    }
}

/// Whether `e` says the disk refused a write (full, failing, read-only)
/// rather than that the file is not what it should be.
fn is_disk_error(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(
            rusqlite::ErrorCode::DiskFull
                | rusqlite::ErrorCode::SystemIoFailure
                | rusqlite::ErrorCode::ReadOnly
                | rusqlite::ErrorCode::CannotOpen
        )
    )
}

/// Takes the next game id from the counter.
fn take_id(tx: &rusqlite::Transaction<'_>) -> rusqlite::Result<i64> {
    tx.query_row(
        "UPDATE counters SET value = value + 1 WHERE name = 'next_id' RETURNING value - 1",
        [],
        |r| r.get(0),
    )
}

/// The table's view of the database: each of its writes, as [`Store`]'s.
impl GameDb for Store {
    fn insert(&self, game: &NewGame<'_>) -> anyhow::Result<u64> {
        Ok(Store::insert(self, game)?)
    }

    fn record_game_id(&self, path: &Path) -> anyhow::Result<u64> {
        Ok(Store::record_game_id(self, path)?)
    }

    fn save_change(&self, id: u64, change: &Change<'_>) -> anyhow::Result<()> {
        Ok(Store::save_change(self, id, change)?)
    }

    fn save_state(&self, id: u64, version: u64, log: &[String], undo: bool, over: bool) -> anyhow::Result<()> {
        Ok(Store::save_state(self, id, version, log, undo, over)?)
    }

    fn add_chat(&self, id: u64, seq: usize, line: &ChatLine) -> anyhow::Result<()> {
        match Store::add_chat(self, id, seq, line) {
            Err(e @ StoreError::ChatFull { .. }) => Err(ChatFull(e.to_string()).into()),
            other => Ok(other?),
        }
    }

    fn read_only(&self) -> Option<String> {
        Store::read_only(self)
    }

    fn go_read_only(&self, why: String) {
        Store::go_read_only(self, why);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lobby::{Lobby, Offer};
    use crate::{Submission, Table};
    use carcassonne_setup::Overrides;
    use serde_json::json;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("carcassonne-store-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    fn table(seed: u64) -> Table {
        let args = Overrides {
            players: Some(2),
            seed: Some(seed),
            ..Overrides::default()
        };
        Table::open(&args, None).unwrap()
    }

    fn play(table: &mut Table, token: &str) -> Result<(), crate::Refusal> {
        let version = table.version();
        table.submit(&Submission {
            token: token.into(),
            index: Some(0),
            mv: None,
            version: Some(version),
        })
    }

    fn stored_lobby(store: &Arc<Store>) -> Lobby {
        Lobby::with_store(Offer::default(), 4, store.clone(), None).unwrap().0
    }

    /// A full disk (the database may grow by no page) refuses moves with
    /// 503 and keeps the game at its last saved move; the database then
    /// holds exactly the acknowledged moves, and takes moves again once
    /// there is room.
    #[test]
    fn a_full_disk_acknowledges_only_what_it_saved() {
        let d = dir("full");
        let store = Store::open(&d).unwrap();
        let lobby = stored_lobby(&store);
        let t = table(5);
        let hot = t.seats().unwrap().hotseat.clone();
        let slot = lobby.add(t).unwrap();
        for _ in 0..3 {
            play(&mut slot.table(), &hot).unwrap();
        }
        store.fill_up().unwrap();
        let mut refused = 0;
        for _ in 0..200 {
            let mut table = slot.table();
            let (moves, version) = (table.record().moves.clone(), table.version());
            match play(&mut table, &hot) {
                Ok(()) => {}
                Err(r) => {
                    // Refused, and nothing played: the move, its version
                    // and its log go in together or not at all.
                    assert_eq!(r.status, 503, "{}", r.error);
                    assert_eq!(table.record().moves, moves, "nothing unsaved is kept");
                    assert_eq!(table.version(), version);
                    refused += 1;
                    if refused == 3 {
                        break;
                    }
                }
            }
        }
        assert_eq!(refused, 3, "the full database refused no move");
        let acknowledged = slot.table().record().moves.clone();
        let stored = store.load().unwrap().pop().unwrap().unwrap();
        assert_eq!(stored.record.moves, acknowledged);
        assert_eq!(
            stored.version,
            slot.table().version(),
            "the version went in with the moves"
        );
        store.make_room().unwrap();
        play(&mut slot.table(), &hot).unwrap();
        assert_eq!(
            store.load().unwrap().pop().unwrap().unwrap().record.moves.len(),
            acknowledged.len() + 1
        );
        drop((slot, lobby, store));
        let _ = std::fs::remove_dir_all(d);
    }

    /// Issue 55, item 1: on a nearly full disk (the data directory's test
    /// budget, `safe_file::disk_full`, spent part way through a save) a
    /// move or an undo is saved with its version and log or not at all: a
    /// refusal (503) leaves the game, its version and the database as they
    /// were, and after a restart the version is above every one handed
    /// out, so that a request made before it is refused, never played on
    /// another position. (Before, a move could be saved without its
    /// version: answered 500 yet played, and after a restart the version
    /// went back and was handed out again.)
    #[test]
    fn a_change_the_disk_refuses_is_not_played_and_no_version_comes_back() {
        use carcassonne_setup::safe_file::disk_full;
        let d = dir("budget");
        let store = Store::open(&d).unwrap();
        let lobby = stored_lobby(&store);
        let mut t = table(13);
        t.allow_undo(true);
        let hot = t.seats().unwrap().hotseat.clone();
        let slot = lobby.add(t).unwrap();
        let id = slot.id();
        let (mut refused, mut played, mut undone) = (0, 0, 0);
        let mut highest = slot.table().version();
        for k in 0..240u64 {
            let mut table = slot.table();
            let (moves, version) = (table.record().moves.clone(), table.version());
            let log = table.state_json(None)["log"].clone();
            // About what the change writes (a move, the log), give or take:
            // the budget runs out before, between or after its parts.
            let budget = log.to_string().len() as u64 + (k * 37) % 500;
            disk_full::arm(&d, budget);
            // Every third try takes the last move back instead.
            let result = if k % 3 == 2 && !moves.is_empty() {
                table.undo(&hot, Some(version)).map(|()| undone += 1)
            } else {
                play(&mut table, &hot).map(|()| played += 1)
            };
            disk_full::disarm(&d);
            match result {
                Ok(()) => assert!(table.version() > version),
                Err(r) => {
                    assert_eq!(r.status, 503, "budget {budget}: {}", r.error);
                    assert!(r.error.contains("no space left"), "{}", r.error);
                    assert_eq!(table.record().moves, moves, "budget {budget}: nothing unsaved is kept");
                    assert_eq!(table.version(), version);
                    assert_eq!(table.state_json(None)["log"], log, "the log is as it was");
                    refused += 1;
                }
            }
            highest = highest.max(table.version());
            // The database holds exactly the table: moves, version, log.
            let stored = store
                .load()
                .unwrap()
                .into_iter()
                .flatten()
                .find(|g| g.id == id)
                .unwrap();
            assert_eq!(stored.record.moves, *table.record().moves, "budget {budget}");
            assert_eq!(stored.version, table.version(), "budget {budget}");
            assert_eq!(json!(stored.log), table.state_json(None)["log"], "budget {budget}");
        }
        assert!(refused > 20 && played > 20 && undone > 5, "{refused} {played} {undone}");
        let acknowledged = slot.table().record().moves.clone();
        drop((slot, lobby));
        // A restart: every acknowledged move, and a version never handed out.
        let lobby = stored_lobby(&store);
        let slot = lobby.game(id).unwrap();
        assert_eq!(slot.table().record().moves, acknowledged);
        assert!(
            slot.table().version() > highest,
            "{} after {highest}",
            slot.table().version()
        );
        let stale = play(&mut slot.table(), &hot);
        assert!(stale.is_ok(), "the current version plays");
        drop((slot, lobby, store));
        let _ = std::fs::remove_dir_all(d);
    }

    /// Issue 55, item 4: a server restarted on a full disk (the data
    /// directory's test budget spent) opens the database read-only, says
    /// why, and serves every game as it is — listed, with its moves and
    /// links — refusing moves, chat, new games and deletions with 503;
    /// restarted with room, it plays on with versions above those it
    /// handed out. (Before, every game was skipped: an empty lobby, every
    /// link 404.) The write-ahead log stays small (it is cut back after
    /// each checkpoint), so on a small disk it cannot fill it alone.
    #[test]
    fn a_restart_on_a_full_disk_serves_every_game_read_only() {
        use carcassonne_setup::safe_file::disk_full;
        let d = dir("read-only");
        let store = Store::open(&d).unwrap();
        let lobby = stored_lobby(&store);
        let mut games = Vec::new();
        for seed in 1..=3 {
            let mut t = table(seed);
            let seats = t.seats().unwrap().clone();
            for _ in 0..seed * 2 {
                play(&mut t, &seats.hotseat).unwrap();
            }
            let slot = lobby.add(t).unwrap();
            let version = slot.table().version();
            games.push((slot.id(), seats, slot.table().record().moves.clone(), version));
        }
        drop(lobby);
        drop(store);
        disk_full::arm(&d, 0);
        let store = Store::open(&d).expect("a full disk still serves what is there");
        let why = store.read_only().expect("read-only");
        assert!(why.contains("refused a write"), "{why}");
        let (lobby, loaded) = Lobby::with_store(Offer::default(), 4, store.clone(), Some(Duration::ZERO)).unwrap();
        assert_eq!(loaded.resumed, games.iter().map(|g| g.0).collect::<Vec<_>>());
        assert!(loaded.skipped.is_empty() && loaded.pruned.is_empty(), "{loaded:?}");
        for (id, seats, moves, version) in &games {
            let slot = lobby.game(*id).expect("every game is listed");
            let mut table = slot.table();
            assert_eq!(table.record().moves, *moves);
            assert_eq!(table.version(), *version, "no version is handed out that is not stored");
            assert_eq!(
                table.viewer(&seats.seats[0]),
                Some(crate::Viewer::Seat(0)),
                "links work"
            );
            let refused = play(&mut table, &seats.hotseat).unwrap_err();
            assert_eq!(refused.status, 503);
            assert!(refused.error.contains("read-only"), "{}", refused.error);
            assert_eq!(table.say(&seats.seats[0], "hello").unwrap_err().status, 503);
            assert_eq!(table.state_json(None)["read_only"], json!(why));
        }
        assert_eq!(lobby.add(table(9)).err().unwrap().status, 503);
        assert_eq!(lobby.remove(games[0].0).err().unwrap().status, 503);
        assert_eq!(lobby.all().len(), 3);
        drop(lobby);
        drop(store);
        disk_full::disarm(&d);
        // Room again: writable, every game there, versions going on.
        let store = Store::open(&d).unwrap();
        assert_eq!(store.read_only(), None);
        let lobby = stored_lobby(&store);
        for (id, seats, moves, handed_out) in &games {
            let slot = lobby.game(*id).unwrap();
            assert_eq!(slot.table().record().moves, *moves);
            assert!(slot.table().version() > *handed_out);
            play(&mut slot.table(), &seats.hotseat).unwrap();
        }
        // Whole games of bots: hundreds of commits, and a small log.
        for seed in 0..5 {
            let mut config = carcassonne_core::GameConfig::with_players(2);
            config.seed = seed;
            for p in &mut config.players {
                p.bot = Some("random".into());
            }
            let setup = carcassonne_setup::GameSetup::for_config(config, &[], None).unwrap();
            let mut t = Table::new(&setup, None).unwrap();
            t.keep_in(&store).unwrap();
            t.play_bots().unwrap();
        }
        let wal = std::fs::metadata(d.join(format!("{DB_FILE}-wal"))).map_or(0, |m| m.len());
        assert!(wal <= 2 * WAL_LIMIT_BYTES as u64, "a write-ahead log of {wal} bytes");
        drop((lobby, store));
        let _ = std::fs::remove_dir_all(d);
    }

    /// Issue 55, item 5: chat cannot fill the disk. A seat says at most
    /// `CHAT_BURST` lines at once (429, saying how long to wait; the other
    /// seats speak on), a game keeps at most `CHAT_BYTES` of it and the
    /// database `MAX_CHAT_BYTES` over all games (409, saying why); a
    /// deleted game gives its chat's room back, and a restarted server
    /// counts what is stored. (Before, a seat could say 2,000 lines of 300
    /// characters as fast as it could send them, in every game.)
    #[test]
    fn chat_is_rate_limited_per_seat_and_capped_per_game_and_in_all() {
        use crate::{CHAT_BURST, CHAT_BYTES};
        let d = dir("chat-limits");
        let store = Store::open(&d).unwrap();
        let lobby = stored_lobby(&store);
        let t = table(21);
        let seats = t.seats().unwrap().clone();
        let (ann, bob) = (&seats.seats[0], &seats.seats[1]);
        let first = lobby.add(t).unwrap();
        {
            let mut table = first.table();
            for i in 0..CHAT_BURST {
                table.say(ann, &format!("line {i}")).unwrap();
            }
            let refused = table.say(ann, "one more").unwrap_err();
            assert_eq!(refused.status, 429, "{}", refused.error);
            assert!(
                refused.error.contains("too fast") && refused.error.contains("wait"),
                "{}",
                refused.error
            );
            table.say(bob, "the other seat speaks").unwrap();
            // Past the rate (a test's own), a game's chat stops at its bytes.
            table.set_chat_rate(u32::MAX, Duration::ZERO);
            let line = "x".repeat(crate::CHAT_CHARS);
            let refused = loop {
                if let Err(r) = table.say(ann, &line) {
                    break r;
                }
            };
            assert_eq!(refused.status, 409, "{}", refused.error);
            assert!(refused.error.contains("chat is full"), "{}", refused.error);
            let kept: usize = table.state_json(None)["chat_count"].as_u64().unwrap() as usize;
            assert!(
                kept * 10 < CHAT_BYTES && store.chat_bytes() as usize <= CHAT_BYTES,
                "{kept} lines"
            );
        }
        // The database's chat over all games.
        let full = store.chat_bytes();
        store.limit_chat(full + 1_000);
        let t = table(22);
        let others = t.seats().unwrap().clone();
        let second = lobby.add(t).unwrap();
        let mut said = 0;
        let refused = loop {
            match second.table().say(&others.seats[0], &"y".repeat(300)) {
                Ok(_) => said += 1,
                Err(r) => break r,
            }
        };
        assert_eq!(said, 3);
        assert_eq!(refused.status, 409, "{}", refused.error);
        assert!(refused.error.contains("over all its games"), "{}", refused.error);
        // Deleting the first game makes room again.
        lobby.remove(first.id()).unwrap();
        assert!(store.chat_bytes() < 1_000, "{}", store.chat_bytes());
        second.table().set_chat_rate(u32::MAX, Duration::ZERO);
        second.table().say(&others.seats[0], "room again").unwrap();
        let counted = store.chat_bytes();
        drop((first, second, lobby, store));
        let store = Store::open(&d).unwrap();
        assert_eq!(store.chat_bytes(), counted, "counted again at start");
        drop(store);
        let _ = std::fs::remove_dir_all(d);
    }

    /// The chat between seats: each seat's lines kept with the game and
    /// read back after a restart, watchers and the hot-seat screen
    /// refused, empty and long lines refused, line breaks flattened; a
    /// database written before the chat (schema 1) gains its table.
    #[test]
    fn the_chat_is_kept_with_the_game_and_only_seats_speak() {
        let d = dir("chat");
        let store = Store::open(&d).unwrap();
        let lobby = stored_lobby(&store);
        let t = table(11);
        let seats = t.seats().unwrap().clone();
        let slot = lobby.add(t).unwrap();
        let id = slot.id();
        {
            let mut table = slot.table();
            let version = table.version();
            assert_eq!(table.say(&seats.seats[0], "  hello\nBob <b>  "), Ok(1));
            assert_eq!(table.say(&seats.seats[1], "hi Ann"), Ok(2));
            assert_eq!(table.version(), version, "chat is not a move");
            assert_eq!(table.say(&seats.hotseat, "x").unwrap_err().status, 403);
            assert_eq!(table.say("", "x").unwrap_err().status, 401);
            assert_eq!(table.say(&seats.seats[0], " \n ").unwrap_err().status, 400);
            let long = "a".repeat(crate::CHAT_CHARS + 1);
            let refused = table.say(&seats.seats[0], &long).unwrap_err();
            assert!(refused.error.contains("at most"), "{}", refused.error);
            let state = table.state_json(None);
            assert_eq!(state["chat_count"], 2);
            assert_eq!(
                state["chat"][0]["text"], "hello Bob <b>",
                "one line, trimmed, kept as written"
            );
            assert_eq!(state["chat"][1]["name"], "Player 2");
        }
        drop((slot, lobby));
        let stored = store.load().unwrap().pop().unwrap().unwrap();
        assert_eq!(stored.id, id);
        let said: Vec<(u8, &str)> = stored.chat.iter().map(|l| (l.seat, l.text.as_str())).collect();
        assert_eq!(said, [(0, "hello Bob <b>"), (1, "hi Ann")]);
        let lobby = stored_lobby(&store);
        let slot = lobby.game(id).unwrap();
        assert_eq!(slot.table().say(&seats.seats[1], "still here"), Ok(3));
        drop((slot, lobby, store));

        // A schema-1 database (no chat table) opens and takes chat.
        {
            let conn = Connection::open(d.join(DB_FILE)).unwrap();
            conn.execute_batch("DROP TABLE chat; PRAGMA user_version = 1;").unwrap();
        }
        let store = Store::open(&d).unwrap();
        let games = store.load().unwrap();
        assert!(games[0].as_ref().unwrap().chat.is_empty());
        let lobby = stored_lobby(&store);
        assert_eq!(lobby.game(id).unwrap().table().say(&seats.seats[0], "again"), Ok(1));
        drop((lobby, store));
        let _ = std::fs::remove_dir_all(d);
    }

    /// The database holds the tokens' hashes, never the tokens; a rebuilt
    /// table knows its seats by them, an undo deletes the move's row, and
    /// a deleted game's rows go while its id is never given again.
    #[test]
    fn tokens_are_kept_as_hashes_and_ids_are_never_reused() {
        let d = dir("hashes");
        let store = Store::open(&d).unwrap();
        let lobby = stored_lobby(&store);
        let mut t = table(7);
        t.allow_undo(true);
        let seats = t.seats().unwrap().clone();
        let first = lobby.add(t).unwrap().id();
        let second = lobby.add(table(8)).unwrap().id();
        assert_eq!((first, second), (1, 2));
        {
            let slot = lobby.game(first).unwrap();
            let mut table = slot.table();
            play(&mut table, &seats.hotseat).unwrap();
            play(&mut table, &seats.hotseat).unwrap();
        }
        lobby.remove(second).unwrap().unwrap();
        drop(lobby);
        let stored = store.load().unwrap();
        assert_eq!(stored.len(), 1, "the deleted game's rows are gone");
        let game = stored[0].as_ref().unwrap();
        assert_eq!(game.seats.len(), 2);
        drop(store);
        for file in std::fs::read_dir(&d).unwrap() {
            let bytes = std::fs::read(file.unwrap().path()).unwrap();
            for token in seats.seats.iter().chain([&seats.hotseat]) {
                assert!(
                    !bytes.windows(token.len()).any(|w| w == token.as_bytes()),
                    "a token in the database's files"
                );
            }
        }
        let store = Store::open(&d).unwrap();
        let lobby = stored_lobby(&store);
        let slot = lobby.game(first).unwrap();
        assert!(slot.table().seats().is_none(), "the tokens are not known");
        assert_eq!(slot.table().viewer(&seats.seats[1]), Some(crate::Viewer::Seat(1)));
        assert_eq!(slot.table().viewer(&seats.hotseat), Some(crate::Viewer::HotSeat));
        assert_eq!(slot.table().viewer("0123"), None);
        let version = slot.table().version();
        slot.table().undo(&seats.hotseat, Some(version)).unwrap();
        assert_eq!(store.load().unwrap()[0].as_ref().unwrap().record.moves.len(), 1);
        assert_eq!(
            lobby.add(table(9)).unwrap().id(),
            3,
            "ids go on after the deleted game's"
        );
        drop((slot, lobby, store));
        let _ = std::fs::remove_dir_all(d);
    }

    /// A file that is not this program's database is refused with its name
    /// and left byte for byte as it was; so is a second server on the same
    /// database while the first holds it.
    #[test]
    fn foreign_files_and_a_second_server_are_refused_untouched() {
        let d = dir("foreign");
        std::fs::create_dir_all(&d).unwrap();
        let text = d.join("text.sqlite");
        std::fs::write(&text, "not a database at all, just some words").unwrap();
        let other = d.join("other.sqlite");
        {
            let c = Connection::open(&other).unwrap();
            c.execute_batch("CREATE TABLE birds (name TEXT); INSERT INTO birds VALUES ('wren');")
                .unwrap();
        }
        for file in [&text, &other] {
            let before = std::fs::read(file).unwrap();
            let e = Store::open_file(file).err().expect("refused");
            assert!(matches!(e, StoreError::Foreign { .. }), "{e}");
            assert!(e.to_string().contains(&*file.to_string_lossy()), "{e}");
            assert_eq!(std::fs::read(file).unwrap(), before, "{} was changed", file.display());
        }
        let ours = d.join("ours.sqlite");
        let first = Store::open_file(&ours).unwrap();
        let e = Store::open_file(&ours).err().expect("refused");
        assert!(matches!(e, StoreError::Busy { .. }), "{e}");
        drop(first);
        Store::open_file(&ours).unwrap();
        let _ = std::fs::remove_dir_all(d);
    }

    /// A database of a newer schema is refused untouched; a damaged one
    /// is refused by name (or its games skipped), never a panic.
    #[test]
    fn newer_and_damaged_databases_are_refused_by_name() {
        let d = dir("damaged");
        let store = Store::open(&d).unwrap();
        let lobby = Lobby::with_store(Offer::default(), 20, store.clone(), None).unwrap().0;
        for seed in 1..=20 {
            let mut t = table(seed);
            let hot = t.seats().unwrap().hotseat.clone();
            for _ in 0..6 {
                play(&mut t, &hot).unwrap();
            }
            lobby.add(t).unwrap();
        }
        drop((lobby, store));
        let file = d.join(DB_FILE);
        {
            let c = Connection::open(&file).unwrap();
            c.pragma_update(None, "user_version", 99).unwrap();
        }
        let e = Store::open(&d).err().expect("refused");
        assert!(
            e.to_string().contains("newer") && e.to_string().contains(DB_FILE),
            "{e}"
        );
        {
            let c = Connection::open(&file).unwrap();
            c.pragma_update(None, "user_version", SCHEMA_VERSION).unwrap();
            c.pragma_update(None, "journal_mode", "DELETE").unwrap();
        }
        // Garbage over the pages after the first.
        let mut bytes = std::fs::read(&file).unwrap();
        assert!(bytes.len() > 3 * 4096, "{} bytes", bytes.len());
        for (i, b) in bytes.iter_mut().enumerate().skip(4096 + 100).take(2 * 4096) {
            *b = (i * 7 + 3) as u8;
        }
        std::fs::write(&file, &bytes).unwrap();
        match Store::open(&d) {
            Err(e) => assert!(e.to_string().contains(DB_FILE), "{e}"),
            Ok(store) => {
                // Whatever still reads is served; the rest is named.
                let _ = Lobby::with_store(Offer::default(), 4, store, None);
            }
        }
        let _ = std::fs::remove_dir_all(d);
    }

    /// Finished games older than the age kept are pruned; others stay.
    #[test]
    fn old_finished_games_are_pruned_by_age() {
        let d = dir("prune");
        let store = Store::open(&d).unwrap();
        let lobby = stored_lobby(&store);
        for seed in 1..=3 {
            lobby.add(table(seed)).unwrap();
        }
        let day = 24 * 3600;
        {
            let conn = store.conn();
            // Game 1 ended ten days ago, game 2 two days ago; 3 goes on.
            conn.execute("UPDATE games SET finished_at = ?1 WHERE id = 1", [now() - 10 * day])
                .unwrap();
            conn.execute("UPDATE games SET finished_at = ?1 WHERE id = 2", [now() - 2 * day])
                .unwrap();
        }
        let keep = |days: u64| Duration::from_secs(days * day as u64);
        assert_eq!(lobby.prune(keep(5)).unwrap(), [1]);
        assert_eq!(lobby.all().iter().map(|g| g.id()).collect::<Vec<_>>(), [2, 3]);
        drop(lobby);
        let (lobby, loaded) = Lobby::with_store(Offer::default(), 4, store.clone(), Some(keep(1))).unwrap();
        assert_eq!(loaded.pruned, [2]);
        assert_eq!(loaded.resumed, [3]);
        assert_eq!(lobby.all().len(), 1);
        drop((lobby, store));
        let _ = std::fs::remove_dir_all(d);
    }

    /// A zero-byte database file (issue 55, item 9) is taken as a new
    /// database, and the store says so, since the games it may have held
    /// are gone; a file it made itself, or a real database, says nothing.
    #[test]
    fn an_empty_database_file_is_taken_as_new_and_said_so() {
        let d = dir("empty-file");
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join(DB_FILE), b"").unwrap();
        let store = Store::open(&d).unwrap();
        let note = store.notice().expect("said so");
        assert!(
            note.contains("games.sqlite was an empty file (0 bytes)") && note.contains("backup"),
            "{note}"
        );
        table(1).keep_in(&store).unwrap();
        drop(store);
        let again = Store::open(&d).unwrap();
        assert_eq!(again.notice(), None, "a database now");
        assert_eq!(again.load().unwrap().len(), 1);
        drop(again);
        let fresh = dir("no-file");
        assert_eq!(Store::open(&fresh).unwrap().notice(), None, "made here");
        let _ = std::fs::remove_dir_all(d);
        let _ = std::fs::remove_dir_all(fresh);
    }
}
