//! Where a table keeps its game between moves: a [`GameDb`] (the server's
//! SQLite database, `carcassonne-serve`'s `store`), and the [`StoredGame`]
//! such a place gives back to rebuild it, which a browser keeps as JSON.

use anyhow::{Context, Result, bail};
use carcassonne_core::{GameRecord, Move};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::path::Path;

/// The SHA-256 of a seat token, in hex: what a table compares and a
/// database holds, so that a copy of the file hands out no seat.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Now, in seconds since 1970 (the page's clock in a browser, whose
/// standard library has none).
pub fn now() -> i64 {
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    use std::time::{SystemTime, UNIX_EPOCH};
    #[cfg(all(target_family = "wasm", target_os = "unknown"))]
    use web_time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// A line of a game's chat.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ChatLine {
    /// The seat that said it.
    pub seat: u8,
    /// When (seconds since 1970).
    pub at: i64,
    /// What was said, as checked by [`crate::Table::say`]: plain text, one line.
    pub text: String,
}

/// A game as a database (or a browser) keeps it: enough to rebuild its
/// table with [`crate::Table::from_stored`] or [`crate::Table::rebuild`].
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// Its id on the server (or in the browser).
    pub id: u64,
    /// Its record: the header and every move, in order.
    pub record: GameRecord,
    /// The seat that made each move.
    pub seats: Vec<u8>,
    /// The hash of each seat's token ([`token_hash`]).
    pub seat_hashes: Vec<String>,
    /// The hash of the hot-seat token.
    pub hotseat_hash: String,
    /// The last state version saved.
    pub version: u64,
    /// The turn log.
    pub log: Vec<String>,
    /// Whether a person may take back their last move (`serve --undo`
    /// for the game the flags describe, else the configuration's `undo`).
    pub undo: bool,
    /// When the game was created (seconds since 1970).
    pub created: i64,
    /// When it ended (seconds since 1970), if it has.
    pub finished_at: Option<i64>,
    /// The chat between its seats, oldest first.
    pub chat: Vec<ChatLine>,
}

/// Most bytes of a kept game's JSON read back ([`StoredGame::from_json`]):
/// a record of a lobby game is well under a megabyte.
pub const MAX_STORED_BYTES: usize = 16 << 20;

impl StoredGame {
    /// The game as one JSON object (what the static site keeps in the
    /// browser's storage): its record as `docs/records.md` writes it, and
    /// the rest under the names of this struct's fields.
    pub fn to_json(&self) -> String {
        json!({
            "id": self.id,
            "record": self.record,
            "seats": self.seats,
            "seat_hashes": self.seat_hashes,
            "hotseat_hash": self.hotseat_hash,
            "version": self.version,
            "log": self.log,
            "undo": self.undo,
            "created": self.created,
            "finished_at": self.finished_at,
            "chat": self.chat,
        })
        .to_string()
    }

    /// Reads what [`StoredGame::to_json`] wrote; the record is read as a
    /// record file is (its format checked).
    ///
    /// # Errors
    /// The text is not such an object, or its record does not read.
    pub fn from_json(text: &str) -> Result<StoredGame> {
        if text.len() > MAX_STORED_BYTES {
            bail!("a kept game of {} bytes; at most {MAX_STORED_BYTES}", text.len());
        }
        let mut v: Value = serde_json::from_str(text).context("a kept game is a JSON object")?;
        let record = v
            .get_mut("record")
            .map(Value::take)
            .context("a kept game has a `record`")?;
        let record = GameRecord::from_json(&record.to_string()).context("the kept game's record")?;
        let field = |name: &str| v.get(name).cloned().unwrap_or(Value::Null);
        let read = |name: &str| -> Result<Value> {
            v.get(name)
                .cloned()
                .with_context(|| format!("a kept game has `{name}`"))
        };
        Ok(StoredGame {
            id: serde_json::from_value(read("id")?).context("`id`")?,
            record,
            seats: serde_json::from_value(read("seats")?).context("`seats`")?,
            seat_hashes: serde_json::from_value(read("seat_hashes")?).context("`seat_hashes`")?,
            hotseat_hash: serde_json::from_value(read("hotseat_hash")?).context("`hotseat_hash`")?,
            version: serde_json::from_value(read("version")?).context("`version`")?,
            log: serde_json::from_value(field("log")).unwrap_or_default(),
            undo: serde_json::from_value(field("undo")).unwrap_or(false),
            created: serde_json::from_value(field("created")).unwrap_or(0),
            finished_at: serde_json::from_value(field("finished_at")).unwrap_or(None),
            chat: serde_json::from_value(field("chat")).unwrap_or_default(),
        })
    }
}

/// A new game to store (see [`GameDb::insert`]).
pub struct NewGame<'a> {
    /// The record so far.
    pub record: &'a GameRecord,
    /// The seat that made each of its moves.
    pub seats: &'a [u8],
    /// The hash of each seat's token.
    pub seat_hashes: &'a [String],
    /// The hash of the hot-seat token.
    pub hotseat_hash: &'a str,
    /// The state version.
    pub version: u64,
    /// The turn log.
    pub log: &'a [String],
    /// Whether a person may take back their last move.
    pub undo: bool,
    /// Whether the game is over.
    pub over: bool,
}

/// A database that keeps games move by move, so that a restarted server
/// loses no acknowledged move: `carcassonne serve --data`'s SQLite store.
/// A table saves each move there before it plays it.
pub trait GameDb: Send + Sync {
    /// Stores a new game under a fresh id and returns the id.
    ///
    /// # Errors
    /// The write failed: nothing was stored.
    fn insert(&self, game: &NewGame<'_>) -> Result<u64>;

    /// The id of the game continued from the record file `path`
    /// (`serve --record`), the same at every start.
    ///
    /// # Errors
    /// The database cannot be read or written.
    fn record_game_id(&self, path: &Path) -> Result<u64>;

    /// Saves a change to game `id` (a move, an undo): its moves, version,
    /// log and whether it is over, all at once or not at all.
    ///
    /// # Errors
    /// The write failed: the database holds the game as it was.
    fn save_change(&self, id: u64, change: &Change<'_>) -> Result<()>;

    /// Saves game `id`'s state version, log and undo setting, and whether
    /// it is over.
    ///
    /// # Errors
    /// The write failed.
    fn save_state(&self, id: u64, version: u64, log: &[String], undo: bool, over: bool) -> Result<()>;

    /// Appends `line` to game `id`'s chat as its line number `seq` (from 0).
    ///
    /// # Errors
    /// The write failed: the chat is as it was; a [`ChatFull`] when the
    /// database holds all the chat it may.
    fn add_chat(&self, id: u64, seq: usize, line: &ChatLine) -> Result<()>;

    /// Why the games are served read-only (the disk refused a write at
    /// start), if they are.
    fn read_only(&self) -> Option<String>;

    /// Serves the games read-only from now on, saying why.
    fn go_read_only(&self, why: String);
}

/// A change to a stored game (a move, an undo), saved whole or not at all
/// (see [`GameDb::save_change`]).
pub struct Change<'a> {
    /// How many of the game's moves the database holds now.
    pub saved: usize,
    /// The game's moves after the change.
    pub moves: &'a [Move],
    /// The seat that made each of them.
    pub seats: &'a [u8],
    /// The state version after the change.
    pub version: u64,
    /// The turn log after the change.
    pub log: &'a [String],
    /// Whether a person may take back their last move.
    pub undo: bool,
    /// Whether the game is over after the change.
    pub over: bool,
}

/// A chat line refused because the database holds all the chat it may
/// over its games (a 409, as a game's own full chat).
#[derive(Debug)]
pub struct ChatFull(pub String);

impl std::fmt::Display for ChatFull {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ChatFull {}
