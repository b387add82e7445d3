//! The game table the browser plays, without a server: one game, its
//! record, its seats and their secret tokens, its bots' turns, undo, chat,
//! and the state the game page draws (`docs/serve-api.md`), as JSON.
//!
//! `carcassonne serve` holds one [`Table`] per game behind its HTTP API
//! (the server, its database and its event streams are `carcassonne-serve`'s);
//! the static site holds them in the page, compiled to WebAssembly
//! (`carcassonne-web`), and answers the page with the same JSON. Nothing
//! here needs a network, a thread or a database: where a table keeps its
//! game is a [`GameDb`] (the server's SQLite database) or a record file
//! (`serve --record`), and a browser keeps what [`Table::stored`] gives.
//!
//! Every decision of a person goes through [`Table::submit`], which checks
//! the seat token, and saves the move before playing it: in its [`GameDb`]
//! or in a record file's journal, so a restarted server continues the same
//! game with every acknowledged move. Bot seats think off the table: a
//! [`BotTurn`] is taken out of the table, thought about without holding
//! it (on a worker thread of the server, or in a Web Worker from the
//! record, [`BotMirror`]), and played back with [`Table::finish_bot_turn`].

pub mod answers;
pub mod configure;
mod keep;
mod mirror;
pub mod scores;
mod summary;

pub use keep::{Change, ChatFull, ChatLine, GameDb, MAX_STORED_BYTES, NewGame, StoredGame, now, token_hash};
pub use mirror::BotMirror;
pub use summary::seat_chip;

use anyhow::{Context, Result, bail};
use carcassonne_bots::{Bot, BotSpec};
use carcassonne_core::figures::Spot;
use carcassonne_core::read_text_file;
use carcassonne_core::{Action, CounterScope, Decision, Game, GameRecord, IllegalAction, Move, RefusalKind, Rotation};
use carcassonne_render::{
    Glossary, board_svg_for_page, feature_point, tile_group_referring, tile_svg_referring, tile_tokens, token_fill,
    token_ink,
};
use carcassonne_setup::journal::RecordWriter;
use carcassonne_setup::{describe as output, safe_file, session, setup};
use scores::ScoreTimeline;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
use std::time::Instant;
// A browser's standard library has no clock: the chat's rate reads the page's.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
use web_time::Instant;

/// How many turn-log lines a state keeps (the page shows the latest).
const LOG_LINES: usize = 400;

/// Most cells (columns times rows of tiles) of the board window a state
/// answer draws (`GET /api/games/{id}/state?view=x0,y0,x1,y1`): 50 by 50,
/// under three megabytes of SVG, where a whole board of a hundred
/// thousand tiles is over a hundred. A board of at most this many tiles
/// (every lobby game: see [`configure::MAX_LOBBY_TILES`]) is drawn whole when
/// no window is asked for: its answer is no larger than a full window's.
pub const MAX_VIEW_CELLS: i64 = 2500;

/// Most moves of a game the server draws a replay of
/// (`GET /api/games/{id}/replay`): every lobby game (at most
/// [`configure::MAX_LOBBY_TILES`] tiles) fits, at a few megabytes of
/// page; a longer record is refused (413) and is replayed from its
/// download with `carcassonne render`.
pub const MAX_REPLAY_MOVES: usize = 20_000;

/// Most points of the score over the turns a state carries: a longer game's
/// are sampled evenly (the first and the last always among them).
pub const MAX_TIMELINE_POINTS: usize = 1000;

/// Reads a board window `x0,y0,x1,y1` (tile coordinates, both corners
/// included, `x0 <= x1` and `y0 <= y1`) of at most [`MAX_VIEW_CELLS`]
/// cells.
///
/// # Errors
/// A message for people: the text is not four integers in order, or the
/// window is too large.
pub fn parse_view(text: &str) -> Result<[i32; 4], String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let numbers: Option<Vec<i32>> = parts.iter().map(|p| p.parse::<i32>().ok()).collect();
    let (Some(numbers), 4) = (numbers, parts.len()) else {
        return Err(format!(
            "`view` is four whole numbers x0,y0,x1,y1 (tile coordinates of the window's corners), not `{}`",
            text.chars().take(60).collect::<String>()
        ));
    };
    let [x0, y0, x1, y1] = [numbers[0], numbers[1], numbers[2], numbers[3]];
    if x1 < x0 || y1 < y0 {
        return Err(format!(
            "`view` {x0},{y0},{x1},{y1}: the first corner is the top left one (x0 <= x1, y0 <= y1)"
        ));
    }
    let cells = cells_of([x0, y0, x1, y1]);
    if cells > MAX_VIEW_CELLS {
        return Err(format!(
            "`view` {x0},{y0},{x1},{y1} spans {cells} cells; a state draws at most {MAX_VIEW_CELLS} \
             (50 by 50, say): ask for a smaller window"
        ));
    }
    Ok([x0, y0, x1, y1])
}

/// The window a state draws when none is asked for, on a board of `tiles`
/// tiles within `bounds`: the whole board when it has at most
/// [`MAX_VIEW_CELLS`] tiles or fits that many cells (every game of a usual
/// size, and every lobby game), else the largest square round `centre`
/// (the tile placed last).
fn default_window(bounds: [i32; 4], tiles: usize, centre: (i32, i32)) -> [i32; 4] {
    if whole_by_default(bounds, tiles) {
        return bounds;
    }
    let side = MAX_VIEW_CELLS.isqrt() as i32;
    let (x0, y0) = (centre.0.saturating_sub(side / 2), centre.1.saturating_sub(side / 2));
    [x0, y0, x0.saturating_add(side - 1), y0.saturating_add(side - 1)]
}

/// Whether a board of `tiles` tiles within `bounds` is drawn whole when no
/// window is asked for.
fn whole_by_default(bounds: [i32; 4], tiles: usize) -> bool {
    i64::try_from(tiles).is_ok_and(|n| n <= MAX_VIEW_CELLS) || cells_of(bounds) <= MAX_VIEW_CELLS
}

/// The cells of a window (saturating: the widest window's count does
/// not fit 64 bits).
fn cells_of([x0, y0, x1, y1]: [i32; 4]) -> i64 {
    (i64::from(x1) - i64::from(x0) + 1).saturating_mul(i64::from(y1) - i64::from(y0) + 1)
}

/// At most `most` items of `all`, evenly spread, the first and last among them.
fn sampled<T: Clone>(all: &[T], most: usize) -> Vec<T> {
    let most = most.max(2);
    if all.len() <= most {
        return all.to_vec();
    }
    let last = all.len() - 1;
    (0..most).map(|k| all[k * last / (most - 1)].clone()).collect()
}

/// The secret tokens of a table: one per seat and one for the hot-seat
/// screen, which may act for every person's seat (never for a bot's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    /// Seat `i`'s token.
    pub seats: Vec<String>,
    /// The hot-seat token.
    pub hotseat: String,
}

impl Seats {
    /// Fresh random tokens for `n` seats (128 bits each, from the OS).
    pub fn random(n: usize) -> Result<Seats> {
        let token = || -> Result<String> {
            let mut bytes = [0u8; 16];
            getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no randomness for seat tokens: {e}"))?;
            Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
        };
        Ok(Seats {
            seats: (0..n).map(|_| token()).collect::<Result<_>>()?,
            hotseat: token()?,
        })
    }
}

/// The SHA-256 hashes of a table's seat tokens ([`token_hash`]): all
/// a table needs to know who a token speaks for, and all the database
/// keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SeatHashes {
    seats: Vec<String>,
    hotseat: String,
}

impl SeatHashes {
    fn of(seats: &Seats) -> SeatHashes {
        SeatHashes {
            seats: seats.seats.iter().map(|t| token_hash(t)).collect(),
            hotseat: token_hash(&seats.hotseat),
        }
    }
}

/// Where a lobby game is kept in the server's database, and how many of
/// its moves the database holds.
struct Kept {
    store: Arc<dyn GameDb>,
    id: u64,
    saved: usize,
}

/// What a restarted table takes over from its last run: its seat tokens
/// (or only their hashes), the state version and the turn log.
struct Carried {
    seats: Option<Seats>,
    hashes: SeatHashes,
    version: u64,
    log: Vec<String>,
    chat: Vec<ChatLine>,
}

/// Who a token speaks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// One seat.
    Seat(u8),
    /// The hot-seat screen: every person's seat.
    HotSeat,
}

/// A refused request: the HTTP status and a message for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// HTTP status code.
    pub status: u16,
    /// Why.
    pub error: String,
    /// The seat whose decision it is, if any.
    pub turn: Option<u8>,
    /// The game's reason, when the game refused the move (not the server).
    pub kind: Option<RefusalKind>,
}

/// A decision sent by a page or a client: an option by its index in the
/// state's option list, or a move in its record form.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Submission {
    /// The seat (or hot-seat) token.
    pub token: String,
    /// Index into the current decision's options.
    #[serde(default)]
    pub index: Option<usize>,
    /// A move as written in records (`docs/records.md`).
    #[serde(default, rename = "move")]
    pub mv: Option<Move>,
    /// The state version the choice was made on (required); a stale one
    /// is refused so that a double click or a replayed request cannot play
    /// twice.
    #[serde(default)]
    pub version: Option<u64>,
}

/// What a table keeps beside its record (`R.json.seats.json`, readable by
/// its owner only): the seat tokens, the state version and the turn log, so
/// that a restarted server keeps everyone's link, never hands out an old
/// version again and still shows the log.
#[derive(Serialize, Deserialize)]
struct TableFile {
    #[serde(flatten)]
    seats: Seats,
    #[serde(default)]
    version: u64,
    #[serde(default)]
    log: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    chat: Vec<ChatLine>,
    /// The record's moves this version and log go with. The file is
    /// written before the record takes a change (a move, an undo), so that
    /// the version written is never below one handed out; when the record
    /// did not take the change (the disk refused it), its move count is
    /// not this one, and the last `added` lines of the log, which tell of
    /// the change, are dropped when the game is continued.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    moves: Option<usize>,
    /// The lines the change added at the end of the log.
    #[serde(default, skip_serializing_if = "is_zero")]
    added: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Largest table file read (the log is at most [`LOG_LINES`] lines, the
/// chat [`CHAT_LINES`] of [`CHAT_CHARS`] characters).
const MAX_TABLE_FILE_BYTES: u64 = 4 << 20;

/// Characters a chat line may have.
pub const CHAT_CHARS: usize = 300;

/// Lines a game's chat keeps: a game is a few hundred moves, and a chat
/// that outgrows it is no longer about the game.
pub const CHAT_LINES: usize = 2000;

/// Bytes of chat text a game keeps: about 1,000 lines of 60 characters.
pub const CHAT_BYTES: usize = 64 << 10;

/// Lines a seat may say at once before [`CHAT_EVERY`] applies.
pub const CHAT_BURST: u32 = 5;

/// How often a seat may say a line once its [`CHAT_BURST`] is spent.
pub const CHAT_EVERY: std::time::Duration = std::time::Duration::from_secs(3);

/// Chat lines the state carries (the latest).
const CHAT_SHOWN: usize = 100;

/// How fast each seat of a table may chat: a bucket of [`CHAT_BURST`]
/// lines a seat, one more every [`CHAT_EVERY`] (kept in memory: a
/// restart gives every seat its burst again).
#[derive(Debug)]
struct ChatRate {
    burst: u32,
    every: std::time::Duration,
    /// Per seat: lines left (a line comes back every `every`), and when
    /// that was reckoned.
    seats: Vec<(f64, Instant)>,
}

impl ChatRate {
    fn new(burst: u32, every: std::time::Duration) -> ChatRate {
        ChatRate {
            burst,
            every,
            seats: Vec::new(),
        }
    }

    /// Takes a line for `seat` at `now`, or says how long to wait.
    fn take(&mut self, seat: u8, now: Instant) -> Result<(), std::time::Duration> {
        let i = seat as usize;
        let burst = f64::from(self.burst);
        if self.seats.len() <= i {
            self.seats.resize(i + 1, (burst, now));
        }
        let (left, then) = &mut self.seats[i];
        let every = self.every.as_secs_f64().max(1e-3);
        *left = (*left + now.saturating_duration_since(*then).as_secs_f64() / every).min(burst);
        *then = now;
        if *left < 1.0 {
            return Err(std::time::Duration::from_secs_f64((1.0 - *left) * every));
        }
        *left -= 1.0;
        Ok(())
    }
}

/// The refusal for a decision or undo sent without the version it was made on.
fn version_required() -> String {
    "give `version`, the state version your choice was made on (from /api/state), \
     so that a repeated request cannot play twice"
        .into()
}

/// One game being served.
pub struct Table {
    game: Game,
    record: GameRecord,
    /// Each seat's bot; a bot seat's is away (`None`) while it thinks.
    bots: Vec<Option<Box<dyn Bot>>>,
    human: Vec<bool>,
    /// The seat tokens, when this run made them or read them from a
    /// `--record` game's token file; a game from the database has only
    /// their hashes.
    seats: Option<Seats>,
    hashes: SeatHashes,
    record_path: Option<PathBuf>,
    writer: Option<RecordWriter>,
    /// Where the game is kept in the server's database, if it is.
    db: Option<Kept>,
    version: u64,
    log: Vec<String>,
    /// The seat that made each move of the record.
    movers: Vec<u8>,
    /// Every seat's score at the end of each turn so far.
    timeline: ScoreTimeline,
    undo: bool,
    /// Why a bot seat could not move, if one failed (an engine bug).
    bot_failure: Option<String>,
    /// What the seats said to each other, oldest first.
    chat: Vec<ChatLine>,
    /// Seats whose bot chooses without looking at the game (`random`):
    /// it chooses at once, on the table's game, and needs no copy.
    quick: Vec<bool>,
    /// The copy of the game the last bot thought on, given back with its
    /// answer: the next bot turn brings it up to date by playing the moves
    /// made since, instead of copying the whole game again.
    spare: Option<Spare>,
    /// Counts the times the game was replaced other than by a move (an
    /// undo): a spare copy from before is not brought up to date.
    lineage: u64,
    /// How many times a bot turn copied the whole game.
    copies: u64,
    /// When the game was created (seconds since 1970).
    created: i64,
    /// When it ended (seconds since 1970), if it has.
    finished_at: Option<i64>,
    /// A bot's choice the disk did not take, on the version it was made
    /// on: played again, not thought again, when the bots try once more.
    unsaved_bot_choice: Option<(u64, usize)>,
    /// How fast each seat may chat.
    chat_rate: ChatRate,
}

/// A copy of a table's game kept for its bots ([`Table::bot_turn`]).
struct Spare {
    game: Game,
    /// The record's moves the copy has played.
    moves: usize,
    /// The table's [`Table::lineage`] when it was made.
    lineage: u64,
}

/// A change the disk did not take (it is full, say): the table was put
/// back as it was before the change, which is the game the disk holds, so
/// the change is not acknowledged and may be tried again.
#[derive(Debug)]
pub struct NotSaved(pub String);

impl std::fmt::Display for NotSaved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}; the game is as it was before this change: try again", self.0)
    }
}

impl std::error::Error for NotSaved {}

/// A bot seat's decision taken out of its [`Table`], so that the bot can
/// think without holding the table: requests go on being answered (the
/// state says who is thinking) while a search runs.
pub struct BotTurn {
    /// The game to think on; `None` for a bot that already chose.
    game: Option<Game>,
    /// The choice of a bot that chose at once (it needs no game).
    chosen: Option<usize>,
    options: Vec<Action>,
    bot: Box<dyn Bot>,
    seat: u8,
    version: u64,
    /// The record's moves when the turn was taken, and the table's lineage.
    moves: usize,
    lineage: u64,
}

impl BotTurn {
    /// The seat whose bot decides.
    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// Lets the bot choose: the index of the option to play.
    pub fn think(&mut self) -> usize {
        let last = self.options.len().saturating_sub(1);
        match (self.chosen, &self.game) {
            (Some(choice), _) => choice.min(last),
            (None, Some(game)) => self.bot.choose(game, &self.options).min(last),
            // Never made: a turn has a game or a choice.
            (None, None) => 0,
        }
    }
}

/// Where the seat tokens of the game recorded in `record` are kept, so that
/// a restarted server keeps everyone's link working.
pub fn seats_path(record: &Path) -> PathBuf {
    let mut name = record.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".seats.json");
    record.with_file_name(name)
}

impl Table {
    /// Opens a table: continues the game recorded in `record_path` when that
    /// file exists (its configuration wins over `args`), else starts the
    /// game `args` describe and writes its record there. Seats without a
    /// configured bot are people's.
    pub fn open(args: &setup::Overrides, record_path: Option<&Path>) -> Result<Table> {
        // A server killed while rewriting its files left temporary copies
        // beside them; this server is their only writer.
        if let Some(p) = record_path {
            safe_file::remove_temporaries(p);
            safe_file::remove_temporaries(&seats_path(p));
        }
        let existing = match record_path {
            Some(p) if p.exists() => Some(setup::read_record(p)?),
            _ => None,
        };
        match existing {
            Some(record) => {
                let setup = setup::GameSetup::for_record(&record, &args.plugins, args.tiles.as_deref())?;
                let rules = Arc::new(setup.rules()?);
                Table::start(record, rules, record_path, true, None)
            }
            None => {
                // The configuration's plugins are loaded here; the record
                // names the expansions and states every variant. A game
                // without a seed gets a random one, so nobody knows the draw.
                let (setup, _) = setup::GameSetup::for_play(args)?;
                Table::new(&setup, record_path)
            }
        }
    }

    /// Continues the game of `record` (a record as `play --record` or a
    /// server writes it), kept nowhere, with new seat tokens: its moves
    /// are replayed with the expansions of `plugins` and the tiles of
    /// `tiles`, and a finished game is shown finished. The static site's
    /// "Continue a record".
    ///
    /// # Errors
    /// The record's configuration cannot make a game here (an expansion
    /// not offered), or a move does not replay.
    pub fn from_record(record: GameRecord, plugins: &[PathBuf], tiles: Option<&Path>) -> Result<Table> {
        let setup = setup::GameSetup::for_record(&record, plugins, tiles)?;
        let rules = Arc::new(setup.rules()?);
        Table::start(record, rules, None, true, None)
    }

    /// Starts the game `setup` describes, writing its record to
    /// `record_path` if given (an existing file there is replaced).
    ///
    /// # Errors
    /// The configuration cannot make a game, a bot name is unknown, or the
    /// record cannot be written.
    pub fn new(setup: &setup::GameSetup, record_path: Option<&Path>) -> Result<Table> {
        let rules = Arc::new(setup.rules()?);
        Table::start(GameRecord::of_rules(&rules), rules, record_path, false, None)
    }

    /// Rebuilds a game the server's database holds, by replaying its moves
    /// with the expansions of `plugins` and the tiles of `tiles` (as the
    /// lobby offers them), and keeps it there: every later move is saved
    /// in `store`. Its seat tokens stay those of its links (the database
    /// has their hashes); its version moves past the saved one.
    ///
    /// # Errors
    /// The record's configuration cannot make a game here (an expansion
    /// no longer offered), or a move does not replay.
    pub fn from_stored<D: GameDb + 'static>(
        stored: StoredGame,
        plugins: &[PathBuf],
        tiles: Option<&Path>,
        store: &Arc<D>,
    ) -> Result<Table> {
        let store: Arc<dyn GameDb> = store.clone();
        let id = stored.id;
        let stored_version = stored.version;
        let mut table = Table::rebuild(stored, plugins, tiles, true)?;
        table.db = Some(Kept {
            store: store.clone(),
            id,
            saved: table.record.moves.len(),
        });
        // The new version and the "resumed" line, before any is handed out.
        // A disk that refuses it makes the games read-only for this run:
        // the game is served as it is (no move is made on it, so the
        // version, not stored, names the position stored).
        if store.read_only().is_none()
            && let Err(e) = table.save_table()
        {
            store.go_read_only(format!("the disk refused a write while the games were loaded ({e:#})"));
        }
        if store.read_only().is_some() {
            // Nothing is stored, so no new version is handed out: the
            // stored one names the stored position, which cannot change.
            table.version = stored_version;
        }
        Ok(table)
    }

    /// Rebuilds a game kept as [`Table::stored`] gave it, by replaying its
    /// moves with the expansions of `plugins` and the tiles of `tiles`,
    /// kept nowhere (a browser keeps it again from [`Table::stored`] after
    /// every change). `resumed` adds the turn log's "Resumed from the
    /// record" line (the server, after a restart); a page that was only
    /// reloaded leaves it out.
    ///
    /// # Errors
    /// The record's configuration cannot make a game here, or a move does
    /// not replay.
    pub fn rebuild(stored: StoredGame, plugins: &[PathBuf], tiles: Option<&Path>, resumed: bool) -> Result<Table> {
        let setup = setup::GameSetup::for_record(&stored.record, plugins, tiles)?;
        let rules = Arc::new(setup.rules()?);
        if stored.seat_hashes.len() != stored.record.config.players.len() {
            bail!(
                "{} seat token hashes for {} players",
                stored.seat_hashes.len(),
                stored.record.config.players.len()
            );
        }
        let undo = stored.undo;
        let (created, finished_at) = (stored.created, stored.finished_at);
        let carried = Carried {
            seats: None,
            hashes: SeatHashes {
                seats: stored.seat_hashes,
                hotseat: stored.hotseat_hash,
            },
            version: stored.version,
            log: stored.log,
            chat: stored.chat,
        };
        let mut table = Table::start(stored.record, rules, None, resumed, Some(carried))?;
        table.undo |= undo;
        table.created = created;
        if table.game.is_over() {
            table.finished_at = finished_at.or(Some(created));
        }
        Ok(table)
    }

    /// Stores this table as a new game of `store` (its record so far, its
    /// tokens' hashes, version and log) and keeps every later change
    /// there; returns the game's id. A table kept in a `--record` file is
    /// not stored: it gets the id its file is known by.
    ///
    /// # Errors
    /// The database did not take the game; nothing was stored.
    pub fn keep_in<D: GameDb + 'static>(&mut self, store: &Arc<D>) -> Result<u64> {
        if let Some(path) = &self.record_path {
            return store.record_game_id(path);
        }
        let id = store.insert(&NewGame {
            record: &self.record,
            seats: &self.movers,
            seat_hashes: &self.hashes.seats,
            hotseat_hash: &self.hashes.hotseat,
            version: self.version,
            log: &self.log,
            undo: self.undo,
            over: self.game.is_over(),
        })?;
        self.db = Some(Kept {
            store: store.clone(),
            id,
            saved: self.record.moves.len(),
        });
        Ok(id)
    }

    /// The record file this table is kept in (`serve --record`), if any.
    pub fn record_path(&self) -> Option<&Path> {
        self.record_path.as_deref()
    }

    fn start(
        record: GameRecord,
        rules: Arc<carcassonne_core::Rules>,
        record_path: Option<&Path>,
        resumed: bool,
        carried: Option<Carried>,
    ) -> Result<Table> {
        let config = record.config.clone();
        let human: Vec<bool> = config.players.iter().map(|p| p.bot.is_none()).collect();
        // Person seats get a bot too: `catch_up` asks every seat's bot so
        // that the bot seats' random streams stand where they stood.
        let mut bots = session::bots_for(&config, "random")?;
        let mut game = Game::new(rules)?;
        let (movers, timeline) = replay(&mut game, &mut bots, &record.moves)?;
        let kept = match record_path.map(seats_path) {
            _ if carried.is_some() => None,
            Some(p) if resumed && p.exists() => {
                let text = read_text_file(&p, MAX_TABLE_FILE_BYTES, "seat token file")?;
                let kept: TableFile = serde_json::from_str(&text).with_context(|| format!("{}", p.display()))?;
                if kept.seats.seats.len() != config.players.len() {
                    bail!(
                        "{}: {} seat tokens for {} players",
                        p.display(),
                        kept.seats.seats.len(),
                        config.players.len()
                    );
                }
                Some(kept)
            }
            _ => None,
        };
        // A game carried over from its last run has its log: only a new
        // game's starts with the setup's events.
        let fresh = carried.is_none() && kept.is_none();
        let carried = match (carried, kept) {
            (Some(c), _) => c,
            (None, Some(mut k)) => {
                if k.moves.is_some_and(|n| n != record.moves.len()) {
                    // The last change was written here but not to the
                    // record: the game is as before it, and so is the log.
                    let keep = k.log.len().saturating_sub(k.added);
                    k.log.truncate(keep);
                }
                Carried {
                    hashes: SeatHashes::of(&k.seats),
                    seats: Some(k.seats),
                    version: k.version,
                    log: k.log,
                    chat: k.chat,
                }
            }
            (None, None) => {
                let seats = Seats::random(config.players.len())?;
                Carried {
                    hashes: SeatHashes::of(&seats),
                    seats: Some(seats),
                    // One less than the first version handed out.
                    version: u64::MAX,
                    log: Vec::new(),
                    chat: Vec::new(),
                }
            }
        };
        // A fresh version: none handed out before the restart matches it.
        let version = carried.version.wrapping_add(1);
        let (seats, hashes, mut log, chat) = (carried.seats, carried.hashes, carried.log, carried.chat);
        if resumed {
            log.push(format!("Resumed from the record after {} moves", record.moves.len()));
        } else if fresh {
            push_events(&mut log, &game);
        }
        let mut table = Table {
            game,
            record,
            bots: bots.into_iter().map(Some).collect(),
            human,
            seats,
            hashes,
            record_path: record_path.map(Path::to_path_buf),
            writer: None,
            db: None,
            version,
            log,
            movers,
            timeline,
            undo: false,
            bot_failure: None,
            chat,
            quick: config
                .players
                .iter()
                .map(|p| matches!(p.bot.as_deref().map(BotSpec::parse), Some(Ok(BotSpec::Random))))
                .collect(),
            spare: None,
            lineage: 0,
            copies: 0,
            unsaved_bot_choice: None,
            chat_rate: ChatRate::new(CHAT_BURST, CHAT_EVERY),
            created: now(),
            finished_at: None,
        };
        if table.game.is_over() {
            table.finished_at = Some(table.created);
        }
        table.undo = table.record.config.undo;
        table.write_record()?;
        table.compact_if_over()?;
        table.save_table()?;
        Ok(table)
    }

    /// Lets a person take back the last move when it was theirs (off by
    /// default): see [`Table::undo`].
    pub fn allow_undo(&mut self, on: bool) {
        self.undo = on;
        // Kept for the next start; a failure only loses the setting.
        if let Err(e) = self.save_table() {
            eprintln!("warning: the undo setting was not saved: {e:#}");
        }
    }

    /// Takes back the record's last move, when undo is allowed, the move
    /// was a person's, and `token` is that seat's or the hot-seat's. The
    /// game is rebuilt from the shorter record (bots included, so they
    /// choose again as they would have). Only the last move can go: once
    /// the next seat has moved, the last move is theirs.
    pub fn undo(&mut self, token: &str, version: Option<u64>) -> Result<(), Refusal> {
        let refuse = |status: u16, error: String| Refusal {
            status,
            error,
            turn: None,
            kind: None,
        };
        let Some(viewer) = self.viewer(token) else {
            return Err(refuse(
                401,
                "unknown seat token: use the link the server printed".into(),
            ));
        };
        if !self.undo {
            return Err(refuse(
                403,
                "undo is off for this game (set `undo = true` in the game configuration, or start the server with --undo)".into(),
            ));
        }
        let Some(version) = version else {
            return Err(refuse(400, version_required()));
        };
        if version != self.version {
            return Err(refuse(
                409,
                format!("the game has moved on (version {}): look again", self.version),
            ));
        }
        let Some(&mover) = self.movers.last() else {
            return Err(refuse(409, "there is no move to take back".into()));
        };
        if !self.is_human(mover) {
            return Err(refuse(
                409,
                format!("the last move was {}'s, a bot's", self.name(mover)),
            ));
        }
        if let Viewer::Seat(me) = viewer
            && me != mover
        {
            return Err(refuse(
                403,
                format!(
                    "only {} (seat {}) may take back the last move",
                    self.name(mover),
                    mover + 1
                ),
            ));
        }
        let n = self.record.moves.len() - 1;
        let config = &self.record.config;
        let rebuilt = session::bots_for(config, "random").and_then(|mut bots| {
            let mut game = Game::new(self.game.rules_arc().clone())?;
            let (movers, timeline) = replay(&mut game, &mut bots, &self.record.moves[..n])?;
            Ok((game, bots, movers, timeline))
        });
        let (game, bots, movers, timeline) = rebuilt.map_err(|e| refuse(500, format!("{e:#}")))?;
        let mut log = self.log.clone();
        log.push(format!("    {} takes back the last move", self.name(mover)));
        trim_log(&mut log);
        // The disk must hold the shorter game, its version and its log
        // before any of it is acknowledged: saved first, together, and on
        // failure the table is as it was.
        let taken = self.record.moves.split_off(n);
        let taken_mover = self.movers.split_off(n);
        let version = self.version.wrapping_add(1);
        if let Err(e) = self.persist(version, &log, 1, false) {
            self.record.moves.extend(taken);
            self.movers.extend(taken_mover);
            return Err(refuse(503, NotSaved(format!("{e:#}")).to_string()));
        }
        self.game = game;
        if !self.game.is_over() {
            self.finished_at = None;
        }
        // A bot's copy of the game is of the longer record.
        self.lineage += 1;
        self.spare = None;
        self.unsaved_bot_choice = None;
        self.movers = movers;
        self.timeline = timeline;
        self.log = log;
        self.version = version;
        // A bot thinking about the taken-back position is now away for
        // good: its answer comes back on an older version and is dropped.
        self.bots = bots.into_iter().map(Some).collect();
        Ok(())
    }

    /// Adds `text` to the game's chat as said by `token`'s seat: plain
    /// text, one line (line breaks and other control characters become
    /// spaces), 1 to [`CHAT_CHARS`] characters once trimmed, at most
    /// [`CHAT_LINES`] lines and [`CHAT_BYTES`] bytes a game (and a
    /// database's own limit over its stored games), and at most
    /// [`CHAT_BURST`] lines at once from a seat, then one every
    /// [`CHAT_EVERY`] (429 when faster). Kept with the game (the database, or
    /// the `--record` game's seat token file) before it is acknowledged;
    /// pages escape it. Chat does not change the game's version: a move
    /// made on the version a player saw is not refused because someone
    /// spoke. Returns the number of lines.
    pub fn say(&mut self, token: &str, text: &str) -> Result<usize, Refusal> {
        let refuse = |status: u16, error: String| Refusal {
            status,
            error,
            turn: None,
            kind: None,
        };
        let seat = match self.viewer(token) {
            Some(Viewer::Seat(seat)) => seat,
            Some(Viewer::HotSeat) => {
                return Err(refuse(
                    403,
                    "the hot-seat link speaks for every seat at one screen: chat from a seat's own link".into(),
                ));
            }
            None => {
                return Err(refuse(
                    401,
                    "only the seats of a game chat: use your seat's link (watchers read along)".into(),
                ));
            }
        };
        let one_line: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        let text = one_line.trim();
        let n = text.chars().count();
        if n == 0 {
            return Err(refuse(400, "say something: the message is empty".into()));
        }
        if n > CHAT_CHARS {
            return Err(refuse(
                400,
                format!("a message has at most {CHAT_CHARS} characters (this one has {n})"),
            ));
        }
        let bytes: usize = self.chat.iter().map(|l| l.text.len()).sum();
        if self.chat.len() >= CHAT_LINES || bytes + text.len() > CHAT_BYTES {
            return Err(refuse(
                409,
                format!("this game's chat is full (it keeps at most {CHAT_LINES} lines and {CHAT_BYTES} bytes)"),
            ));
        }
        if let Err(wait) = self.chat_rate.take(seat, Instant::now()) {
            return Err(refuse(
                429,
                format!(
                    "{} is chatting too fast: at most {CHAT_BURST} lines at once, then one every {} s; \
                     wait {} s",
                    self.name(seat),
                    CHAT_EVERY.as_secs(),
                    wait.as_secs_f64().ceil()
                ),
            ));
        }
        let line = ChatLine {
            seat,
            at: now(),
            text: text.to_string(),
        };
        let saved = match &self.db {
            Some(kept) => match kept.store.add_chat(kept.id, self.chat.len(), &line) {
                Err(e) if e.is::<ChatFull>() => return Err(refuse(409, e.to_string())),
                other => other,
            },
            None => {
                self.chat.push(line.clone());
                let saved = self.save_table();
                self.chat.pop();
                saved
            }
        };
        if let Err(e) = saved {
            return Err(refuse(503, NotSaved(format!("{e:#}")).to_string()));
        }
        self.chat.push(line);
        Ok(self.chat.len())
    }

    /// Sets how fast each seat may chat (for tests: [`CHAT_BURST`] lines
    /// at once, one every [`CHAT_EVERY`] by default).
    #[doc(hidden)]
    pub fn set_chat_rate(&mut self, burst: u32, every: std::time::Duration) {
        self.chat_rate = ChatRate::new(burst, every);
    }

    /// The number of chat lines.
    pub fn chat_len(&self) -> usize {
        self.chat.len()
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The record so far.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The seat tokens, when this server knows them: it made them, or read
    /// them from a `--record` game's token file. A game rebuilt from the
    /// database has only their hashes (`None`): the links handed out when
    /// it was created go on working, but the server cannot print them.
    pub fn seats(&self) -> Option<&Seats> {
        self.seats.as_ref()
    }

    /// The game as a database keeps it, under the id `id`: what a browser
    /// keeps after every change, and gives [`Table::rebuild`] to carry on.
    pub fn stored(&self, id: u64) -> StoredGame {
        StoredGame {
            id,
            record: self.record.clone(),
            seats: self.movers.clone(),
            seat_hashes: self.hashes.seats.clone(),
            hotseat_hash: self.hashes.hotseat.clone(),
            version: self.version,
            log: self.log.clone(),
            undo: self.undo,
            created: self.created,
            finished_at: self.finished_at,
            chat: self.chat.clone(),
        }
    }

    /// The game's id in the server's database, if it is kept there.
    pub fn stored_id(&self) -> Option<u64> {
        self.db.as_ref().map(|k| k.id)
    }

    /// Whether seat `p` is a person's (not a bot's).
    pub fn is_human(&self, p: u8) -> bool {
        self.human.get(p as usize).copied().unwrap_or(false)
    }

    /// Counts every change, so pages know when to fetch the state again.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Who `token` speaks for, if anyone.
    pub fn viewer(&self, token: &str) -> Option<Viewer> {
        if token.is_empty() {
            return None;
        }
        // Compared by hash: the database holds no token.
        let hash = token_hash(token);
        if hash == self.hashes.hotseat {
            return Some(Viewer::HotSeat);
        }
        self.hashes
            .seats
            .iter()
            .position(|t| *t == hash)
            .map(|i| Viewer::Seat(i as u8))
    }

    fn name(&self, p: u8) -> String {
        self.game.state().player_name(p).to_string()
    }

    /// Writes the record's new moves to its file (`serve --record`: a
    /// journal line each, see [`carcassonne_setup::journal`]), or the
    /// record whole when it lost moves (an undo) or has no writer yet:
    /// after it, the file holds `self.record`. Nothing without a file.
    fn write_record(&mut self) -> Result<()> {
        let Some(path) = &self.record_path else {
            return Ok(());
        };
        match &mut self.writer {
            Some(writer) => writer.save(&self.record),
            None => {
                self.writer = Some(RecordWriter::create(path, &self.record)?);
                Ok(())
            }
        }
    }

    /// Saves a change already made to `self.record` and `self.movers` (a
    /// move played, or one taken back), with the state version `version`
    /// and the turn log `log` that go with it (its last `added` lines tell
    /// of the change), before any of it is acknowledged. In the database,
    /// the moves, the version and the log are one transaction; a
    /// `--record` game's version and log are written beside the record
    /// first (the file says which move count they go with), then the
    /// record. On an error the disk holds the game as it was (and no
    /// version below one handed out): the caller puts the table back.
    fn persist(&mut self, version: u64, log: &[String], added: usize, over: bool) -> Result<()> {
        if let Some(kept) = &mut self.db {
            kept.store.save_change(
                kept.id,
                &Change {
                    saved: kept.saved,
                    moves: &self.record.moves,
                    seats: &self.movers,
                    version,
                    log,
                    undo: self.undo,
                    over,
                },
            )?;
            kept.saved = self.record.moves.len();
            return Ok(());
        }
        if self.record_path.is_none() {
            return Ok(());
        }
        self.write_table_file(version, log, added)?;
        self.write_record()
    }

    /// A finished game's record is written whole and its journal removed.
    fn compact_if_over(&mut self) -> Result<()> {
        if self.game.is_over()
            && let Some(writer) = self.writer.take()
        {
            writer.finish(&self.record)?;
        }
        Ok(())
    }

    /// Saves the seat tokens, the version and the log beside the record,
    /// readable by the owner only, or the version and the log in the
    /// database. Called before a new version is handed out (a change of
    /// the game itself goes through [`Table::persist`]).
    fn save_table(&self) -> Result<()> {
        if let Some(kept) = &self.db {
            kept.store
                .save_state(kept.id, self.version, &self.log, self.undo, self.game.is_over())?;
            return Ok(());
        }
        self.write_table_file(self.version, &self.log, 0)
    }

    /// Writes a `--record` game's seat token file with `version` and `log`
    /// (its last `added` lines about a change the record is about to take).
    fn write_table_file(&self, version: u64, log: &[String], added: usize) -> Result<()> {
        let (Some(record), Some(seats)) = (&self.record_path, &self.seats) else {
            return Ok(());
        };
        let kept = TableFile {
            seats: seats.clone(),
            version,
            log: log.to_vec(),
            chat: self.chat.clone(),
            moves: Some(self.record.moves.len()),
            added,
        };
        safe_file::write_private(&seats_path(record), &serde_json::to_string_pretty(&kept)?)
    }

    /// Plays `action` for the deciding seat, records, logs and saves it.
    /// The move is played with the game's undo on, then saved with the
    /// version and log after it, all at once; only once the disk holds
    /// them is the table changed for good. When the save fails, the move
    /// is taken back (the game, its record, version and log are exactly
    /// as before) and the error is a [`NotSaved`]: only a move the disk
    /// holds is acknowledged, and a version is never handed out twice.
    fn apply(&mut self, action: &Action) -> Result<()> {
        let Some(d) = self.game.decision() else {
            bail!("the game is over");
        };
        self.game.check(action)?;
        let mv = self.game.move_of(action);
        let said = output::decision(&self.game, action);
        let undoable = self.game.is_undoable();
        self.game.set_undoable(true);
        if let Err(e) = self.game.play(action) {
            self.game.set_undoable(undoable);
            return Err(e.into());
        }
        let mut log = self.log.clone();
        let before = log.len();
        log.extend(said);
        push_events(&mut log, &self.game);
        let added = log.len() - before;
        trim_log(&mut log);
        let added = added.min(log.len());
        self.record.moves.push(mv);
        self.movers.push(d.player());
        let version = self.version.wrapping_add(1);
        let over = self.game.is_over();
        if let Err(e) = self.persist(version, &log, added, over) {
            self.record.moves.pop();
            self.movers.pop();
            self.game.undo();
            self.game.set_undoable(undoable);
            return Err(NotSaved(format!("{e:#}")).into());
        }
        self.game.set_undoable(undoable);
        self.log = log;
        if over && self.finished_at.is_none() {
            self.finished_at = Some(now());
        }
        self.timeline.follow(self.game.last_events());
        self.version = version;
        // The move is on disk in the journal; writing a finished game's
        // record whole only compacts it, so a failure there loses nothing.
        if let Err(e) = self.compact_if_over() {
            eprintln!("warning: the finished game is saved in its journal, but {e:#}");
        }
        Ok(())
    }

    /// The decision of a bot seat, taken out to think about off the table
    /// ([`BotTurn::think`]), when a bot seat must decide and its bot is
    /// here (not already thinking). The bot is away until
    /// [`Table::finish_bot_turn`] brings it back.
    pub fn bot_turn(&mut self) -> Option<BotTurn> {
        let d = self.game.decision()?;
        let seat = d.player();
        if self.is_human(seat) || self.bot_failure.is_some() {
            return None;
        }
        let mut options = Vec::new();
        self.game.legal_actions(&mut options);
        if options.is_empty() {
            self.bot_failure = Some(format!("no legal option for {d:?}: engine bug"));
            self.version += 1;
            return None;
        }
        let mut bot = self.bots.get_mut(seat as usize)?.take()?;
        let retry = self
            .unsaved_bot_choice
            .take()
            .and_then(|(version, choice)| (version == self.version).then_some(choice));
        let (game, chosen) = if let Some(choice) = retry {
            // The choice the disk did not take last time, tried again.
            (None, Some(choice))
        } else if self.quick.get(seat as usize).copied().unwrap_or(false) {
            // A choice that does not look at the game costs nothing to make
            // here, and saves copying the game.
            (None, Some(bot.choose(&self.game, &options)))
        } else {
            (Some(self.bot_copy()), None)
        };
        Some(BotTurn {
            game,
            chosen,
            options,
            bot,
            seat,
            version: self.version,
            moves: self.record.moves.len(),
            lineage: self.lineage,
        })
    }

    /// A copy of the game for a bot to think on: the spare copy the last
    /// bot gave back, brought up to date by playing the moves made since
    /// (a move or two), or, when there is none or it is of another lineage
    /// (an undo came between), a copy of the whole game.
    fn bot_copy(&mut self) -> Game {
        if let Some(mut spare) = self.spare.take()
            && spare.lineage == self.lineage
            && spare.moves <= self.record.moves.len()
        {
            let caught_up = self.record.moves[spare.moves..].iter().all(|m| {
                spare
                    .game
                    .action_from_move(m)
                    .is_ok_and(|a| spare.game.play(&a).is_ok())
            });
            // The same moves from the same game make the same game; the
            // decision is compared all the same, and a copy that strayed
            // is dropped.
            if caught_up && spare.game.decision() == self.game.decision() {
                return spare.game;
            }
        }
        self.copies += 1;
        self.game.clone()
    }

    /// How many times a bot turn copied the whole game (for tests: a game
    /// of bots copies it once, not once a move).
    pub fn game_copies(&self) -> u64 {
        self.copies
    }

    /// Plays the option `choice` of `turn` and brings its bot back, unless
    /// the game moved on meanwhile (a person took back a move): then the
    /// answer is dropped and `false` returned.
    ///
    /// # Errors
    /// The record cannot be saved.
    pub fn finish_bot_turn(&mut self, turn: BotTurn, choice: usize) -> Result<bool> {
        if turn.version != self.version {
            return Ok(false);
        }
        let BotTurn {
            options,
            bot,
            seat,
            game,
            moves,
            lineage,
            ..
        } = turn;
        self.bots[seat as usize] = Some(bot);
        let Some(action) = options.get(choice) else {
            bail!("the bot chose option {choice} of {}", options.len());
        };
        let played = self.apply(action);
        if let Some(game) = game {
            // Kept for the next bot turn, which plays the moves made since on it.
            self.spare = Some(Spare { game, moves, lineage });
        }
        match played {
            Ok(()) => Ok(true),
            Err(e) if e.is::<NotSaved>() => {
                // The disk did not take it: nothing changed, and the same
                // choice is played when the worker tries again (the bot is
                // not asked twice, so its choices stay those a restarted
                // server would make).
                self.unsaved_bot_choice = Some((self.version, choice));
                Err(e)
            }
            Err(e) => {
                self.bot_failure = Some(format!("{} (bot) could not move: {e:#}", self.name(seat)));
                self.version += 1;
                Err(e)
            }
        }
    }

    /// Plays option `choice` (among the decision's legal options, in
    /// `Game::legal_actions`' order) for the bot seat that decides at
    /// `version`, as a bot chose it away from the table (a [`BotMirror`]
    /// in a browser's Web Worker); the table's own bot of that seat is not
    /// asked. When the game moved on meanwhile (a person took back a move)
    /// the answer is dropped and `false` returned.
    ///
    /// # Errors
    /// The choice is not an option, or the move cannot be played or saved.
    pub fn finish_remote_bot_turn(&mut self, version: u64, choice: usize) -> Result<bool> {
        if version != self.version || self.bot_to_move().is_none() {
            return Ok(false);
        }
        let mut options = Vec::new();
        self.game.legal_actions(&mut options);
        let Some(action) = options.get(choice) else {
            bail!("the bot chose option {choice} of {}", options.len());
        };
        let played = self.apply(action);
        if let Err(e) = &played {
            let seat = self.game.decision().map_or(0, |d| d.player());
            self.bot_failure = Some(format!("{} (bot) could not move: {e:#}", self.name(seat)));
            self.version += 1;
        }
        played?;
        self.save_table()?;
        Ok(true)
    }

    /// Lets the bot seats decide, here and now, until a person must or the
    /// game is over: for callers without a bot worker (a server runs them
    /// on `carcassonne-serve`'s `lobby::GameSlot`).
    ///
    /// # Errors
    /// A bot's move cannot be played or saved.
    pub fn play_bots(&mut self) -> Result<()> {
        while let Some(mut turn) = self.bot_turn() {
            let choice = turn.think();
            self.finish_bot_turn(turn, choice)?;
        }
        match &self.bot_failure {
            Some(why) => bail!("{why}"),
            None => Ok(()),
        }
    }

    /// Stops the bot seats for good, saying why (a failed worker).
    pub fn fail_bots(&mut self, why: String) {
        self.log.push(format!("    the bots stopped: {why}"));
        self.bot_failure = Some(why);
        self.version += 1;
    }

    /// Whether a bot seat must decide now (it is thinking, or about to).
    pub fn bot_to_move(&self) -> Option<u8> {
        let p = self.game.decision()?.player();
        (!self.is_human(p) && self.bot_failure.is_none()).then_some(p)
    }

    /// Plays a person's decision: checks the token and the version, finds
    /// the option, plays it and lets the bots answer.
    pub fn submit(&mut self, s: &Submission) -> Result<(), Refusal> {
        let refuse = |status: u16, error: String, turn: Option<u8>| Refusal {
            status,
            error,
            turn,
            kind: None,
        };
        let illegal = |e: IllegalAction, turn: Option<u8>| Refusal {
            status: 400,
            error: format!("illegal move: {e}"),
            turn,
            kind: Some(e.kind),
        };
        let Some(viewer) = self.viewer(&s.token) else {
            return Err(refuse(
                401,
                "unknown seat token: use the link the server printed".into(),
                None,
            ));
        };
        let Some(decision) = self.game.decision() else {
            return Err(refuse(409, "the game is over".into(), None));
        };
        let p = decision.player();
        let whose = format!("it is {}'s turn (seat {})", self.name(p), p + 1);
        match viewer {
            Viewer::Seat(me) if me != p => {
                return Err(refuse(
                    403,
                    format!("this link is {}'s seat (seat {}): {whose}", self.name(me), me + 1),
                    Some(p),
                ));
            }
            _ if !self.is_human(p) => {
                return Err(refuse(403, format!("{whose}, and a bot plays that seat"), Some(p)));
            }
            _ => {}
        }
        let Some(v) = s.version else {
            return Err(refuse(400, version_required(), Some(p)));
        };
        if v != self.version {
            return Err(refuse(
                409,
                format!("the game has moved on (version {} not {v}): look again", self.version),
                Some(p),
            ));
        }
        let action = match (s.index, &s.mv) {
            (Some(i), None) => {
                let mut options = Vec::new();
                self.game.legal_actions(&mut options);
                let n = options.len();
                options
                    .into_iter()
                    .nth(i)
                    .ok_or_else(|| refuse(400, format!("option {i} does not exist: there are {n}"), Some(p)))?
            }
            (None, Some(m)) => self.game.action_from_move(m).map_err(|e| illegal(e, Some(p)))?,
            _ => return Err(refuse(400, "give exactly one of `index` and `move`".into(), Some(p))),
        };
        if let Err(e) = self.game.check(&action) {
            return Err(illegal(e, Some(p)));
        }
        self.apply(&action).map_err(|e| {
            // A move the disk did not take is not made: try again later.
            let status = if e.is::<NotSaved>() { 503 } else { 500 };
            refuse(status, format!("{e:#}"), self.game.decision().map(|d| d.player()))
        })
    }

    /// The public state as JSON, seen by `viewer` (see `docs/serve-api.md`),
    /// with the board drawn in its default window (the whole board when it
    /// has at most [`MAX_VIEW_CELLS`] tiles).
    pub fn state_json(&self, viewer: Option<Viewer>) -> Value {
        self.state_json_in(viewer, None)
    }

    /// The public state as JSON, seen by `viewer`, with the board's tiles
    /// drawn in `window` (`[x0, y0, x1, y1]`, from [`parse_view`]), or in the
    /// default window for `None`. The window is not checked against
    /// [`MAX_VIEW_CELLS`] here: [`parse_view`] checks it.
    pub fn state_json_in(&self, viewer: Option<Viewer>, window: Option<[i32; 4]>) -> Value {
        let game = &self.game;
        let s = game.state();
        let rules = game.rules();
        let figures = rules.figures();
        let players: Vec<Value> = (0..s.players() as u8)
            .map(|p| {
                let breakdown = output::breakdown_json(game, p);
                let supply: serde_json::Map<String, Value> = figures
                    .iter()
                    .enumerate()
                    .map(|(k, f)| (f.id.to_string(), json!(s.supply(p, k as u8))))
                    .collect();
                json!({
                    "seat": p,
                    "name": s.player_name(p),
                    "colour": carcassonne_render::player_colour(p),
                    "shape": carcassonne_render::player_shape(p),
                    "bot": rules.config.players.get(p as usize).and_then(|c| c.bot.clone()),
                    "bot_words": rules
                        .config
                        .players
                        .get(p as usize)
                        .and_then(|c| c.bot.as_deref())
                        .map(carcassonne_bots::bot_words),
                    "score": s.score(p),
                    "breakdown": breakdown,
                    "supply": supply,
                    // The supply in words, in the plural where it is more
                    // than one ("7 followers", "1 big follower"); none left
                    // are not listed.
                    "supply_words": figures
                        .iter()
                        .enumerate()
                        .map(|(k, f)| (u64::from(s.supply(p, k as u8)), f.name.to_lowercase()))
                        .filter(|(n, _)| *n > 0)
                        .map(|(n, name)| carcassonne_core::words::count_of(n, &name))
                        .collect::<Vec<_>>(),
                    // Others' figures this player holds (a tower's prisoners).
                    "prisoners": s
                        .captives()
                        .iter()
                        .filter(|c| c.by == p)
                        .map(|c| json!({ "owner": c.owner, "figure": figures[c.kind as usize].name }))
                        .collect::<Vec<_>>(),
                })
            })
            .collect();
        let expansions = output::expansions_json(game);
        let presented: serde_json::Map<String, Value> = rules
            .expansions()
            .iter()
            .enumerate()
            .map(|(slot, e)| {
                let lines = game.presented_expansion_state(slot as u8);
                (e.info.id.to_string(), json!({ "name": e.info.name, "lines": lines }))
            })
            .collect();
        let tiles = s.board().tiles();
        let tile_bounds = bounds_of(tiles.iter().map(|t| (t.pos.x, t.pos.y)));
        let mut bounds = tile_bounds;
        let decision = game.decision().map(|d| {
            let v = self.decision_json(&d);
            for o in v["options"].as_array().into_iter().flatten() {
                if let Some([x, y]) = o["move"]["place"]["at"].as_array().map(Vec::as_slice)
                    && let (Some(x), Some(y)) = (x.as_i64(), y.as_i64())
                {
                    bounds = grow(bounds, (x as i32, y as i32));
                }
            }
            v
        });
        let centre = tiles.last().map_or((0, 0), |t| (t.pos.x, t.pos.y));
        // A board drawn whole is drawn as ever (markers off the tiles too).
        let whole = window.is_none() && whole_by_default(bounds, tiles.len());
        let window = window.unwrap_or_else(|| default_window(bounds, tiles.len(), centre));
        let complete = window[0] <= tile_bounds[0]
            && window[1] <= tile_bounds[1]
            && window[2] >= tile_bounds[2]
            && window[3] >= tile_bounds[3];
        let drawn = (!whole).then_some(window);
        let (counters, tokens) = tokens_json(game, drawn);
        let shown: Vec<u16> = match game.decision() {
            Some(Decision::Place { tile, .. }) => vec![tile],
            _ => Vec::new(),
        };
        let you = match viewer {
            Some(Viewer::Seat(p)) => json!({ "seat": p, "name": s.player_name(p) }),
            Some(Viewer::HotSeat) => json!({ "hotseat": true }),
            None => Value::Null,
        };
        json!({
            "version": self.version,
            // A string: a 64-bit seed does not fit a JavaScript number.
            "seed": rules.config.seed.to_string(),
            "you": you,
            // The latest lines; `chat_count` tells a page that one came.
            "chat": self.chat[self.chat.len().saturating_sub(CHAT_SHOWN)..]
                .iter()
                .map(|l| json!({ "seat": l.seat, "name": s.player_name(l.seat), "at": l.at, "text": l.text }))
                .collect::<Vec<_>>(),
            "chat_count": self.chat.len(),
            "over": game.is_over(),
            "turn": s.turn().number,
            "moves": self.record.moves.len(),
            "tiles_left": s.tiles_left(),
            "tiles_placed": tiles.len(),
            "tiles_discarded": s.discarded().len(),
            "sources": rules.score_sources(),
            "source_names": rules.score_source_words(),
            "source_groups": scores::source_groups(rules),
            "score_over_turns": sampled(self.timeline.points(), MAX_TIMELINE_POINTS),
            // Only once over: a hand-written draw order is the tile order.
            "play_again": game.is_over().then(|| scores::play_again_config(&rules.config)),
            "players": players,
            "expansions": expansions,
            "presented": presented,
            "board": {
                // The tokens of tile counters are drawn by the page, from
                // `counters` (the declarations) and `tokens` (their values).
                // Each tile picture once (the tile to place's too), which
                // the tiles here and the decision's pictures refer to.
                "svg": board_svg_for_page(game, drawn, &shown),
                "counters": counters,
                "tokens": tokens,
                "bounds": bounds,
                "window": window,
                "complete": complete,
                "max_view_cells": MAX_VIEW_CELLS,
            },
            "last_placed": tiles.last().map(|t| [t.pos.x, t.pos.y]),
            "decision": decision,
            "undo": {
                "allowed": self.undo,
                "last_mover": self.movers.last(),
            },
            "thinking": self.bot_to_move().map(|p| json!({ "seat": p, "name": s.player_name(p) })),
            "bot_failure": self.bot_failure,
            // Why the server takes no move (its disk refused writes at start), if so.
            "read_only": self.db.as_ref().and_then(|k| k.store.read_only()),
            "log": self.log,
        })
    }

    fn decision_json(&self, d: &Decision) -> Value {
        let game = &self.game;
        let rules = game.rules();
        let mut options = Vec::new();
        game.legal_actions(&mut options);
        let list: Vec<Value> = options
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let mv = game.move_of(a);
                let mut o = json!({ "index": i, "move": mv, "label": game.action_label(a) });
                if let Action::Deploy(dep) = a
                    && let Some(placed) = game.state().board().get(dep.pos)
                {
                    let (x, y) = (f64::from(dep.pos.x) * 100.0, f64::from(dep.pos.y) * 100.0);
                    let local = match dep.spot {
                        Spot::Corner(c) => {
                            Some([(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)][c as usize % 4])
                        }
                        // Taking a figure back: the spot is the figure itself.
                        // On the tile itself: where the board draws such figures.
                        Spot::Tile => Some((50.0, 30.0)),
                        Spot::Feature(fi) | Spot::Recall(fi) => {
                            feature_point(rules.tile(placed.tile), placed.rotation, fi as usize)
                        }
                    };
                    if let Some((lx, ly)) = local {
                        o["point"] = json!([x + lx, y + ly]);
                    }
                }
                o
            })
            .collect();
        let p = d.player();
        let mut v = json!({
            "player": p,
            "name": game.state().player_name(p),
            "bot": !self.is_human(p),
            "options": list,
        });
        match d {
            Decision::Place { tile, .. } => {
                let t = rules.tile(*tile);
                let rotations: Vec<Rotation> = (0..4).filter_map(|q| Rotation::from_degrees(q * 90)).collect();
                let glossary = Glossary::of_rules(rules);
                v["kind"] = json!("place");
                v["tile"] = json!(t.id());
                // What the tile shows, in words (its id when the file gives no name).
                let name = t.def.name.clone().unwrap_or_else(|| t.id().to_string());
                // And as turned: one name per rotation, its compass words
                // turned with the tile ("road curve south-west" turned 90°
                // reads "road curve north-west").
                v["tile_names"] = json!(
                    rotations
                        .iter()
                        .map(|r| carcassonne_core::words::turned_compass(&name, *r))
                        .collect::<Vec<_>>()
                );
                v["tile_name"] = json!(name);
                // Its own picture, if it has one, by reference: the board's
                // SVG holds it once (`board_svg_for_page`).
                v["tile_svgs"] = json!(
                    rotations
                        .iter()
                        .map(|r| tile_svg_referring(t, *r, &glossary))
                        .collect::<Vec<_>>()
                );
                v["tile_groups"] = json!(
                    rotations
                        .iter()
                        .map(|r| tile_group_referring(t, *r, 0.0, 0.0, &glossary))
                        .collect::<Vec<_>>()
                );
            }
            Decision::Deploy { pos, .. } => {
                v["kind"] = json!("deploy");
                v["at"] = json!([pos.x, pos.y]);
            }
            Decision::Expansion { slot, label, .. } => {
                v["kind"] = json!("expansion");
                v["expansion"] = json!(rules.expansions().get(*slot as usize).map(|e| e.info.id));
                v["expansion_name"] = json!(rules.expansions().get(*slot as usize).map(|e| e.info.name));
                v["label"] = json!(label);
                // As everyone else reads it ("tend their flock"), for the
                // screens of those who do not decide.
                v["label_for_others"] = json!(carcassonne_core::words::for_others(label));
            }
        }
        v
    }
}

/// Replays `moves` with [`session::catch_up`] one at a time into `game`,
/// just made (its setup's events not yet read); returns the seat that made
/// each and the scores turn by turn.
fn replay(game: &mut Game, bots: &mut [Box<dyn Bot>], moves: &[Move]) -> Result<(Vec<u8>, ScoreTimeline)> {
    let mut movers = Vec::with_capacity(moves.len());
    let mut timeline = ScoreTimeline::new(game.state().players());
    timeline.follow(game.last_events());
    for (i, m) in moves.iter().enumerate() {
        let Some(d) = game.decision() else {
            bail!("move {} comes after the end of the game", i + 1);
        };
        movers.push(d.player());
        session::catch_up(game, bots, std::slice::from_ref(m)).with_context(|| format!("move {}", i + 1))?;
        timeline.follow(game.last_events());
    }
    Ok((movers, timeline))
}

/// Keeps the latest [`LOG_LINES`] lines of a turn log.
fn trim_log(log: &mut Vec<String>) {
    let excess = log.len().saturating_sub(LOG_LINES);
    log.drain(..excess);
}

fn push_events(log: &mut Vec<String>, game: &Game) {
    // In words: the page shows no coordinates and names tiles by what they show.
    log.extend(
        game.last_events()
            .iter()
            .filter_map(|e| output::describe_in_words(game, e)),
    );
}

/// The tile counters the enabled expansions of `game` declare (what the
/// page draws tokens from: each counter's expansion, id, label, values,
/// mark, declared colour and the badge's `fill` and `ink`), and their
/// values above 0 on the tiles in `window` (all tiles for `None`), each
/// naming its counter by its index in the first list.
fn tokens_json(game: &Game, window: Option<[i32; 4]>) -> (Vec<Value>, Vec<Value>) {
    let mut counters = Vec::new();
    let mut index = std::collections::HashMap::new();
    for (slot, e) in game.rules().expansions().iter().enumerate() {
        for (i, c) in e.info.counters.iter().enumerate() {
            if c.scope != CounterScope::Tile {
                continue;
            }
            index.insert((slot, i), counters.len());
            let fill = token_fill(e.info.id, c);
            counters.push(json!({
                "expansion": e.info.id,
                "expansion_name": e.info.name,
                "id": c.id,
                "label": c.label,
                "values": c.values,
                "scale": c.scale,
                "mark": c.mark,
                "colour": c.colour,
                "ink": token_ink(&fill),
                "fill": fill,
            }));
        }
    }
    let inside = |x: i32, y: i32| window.is_none_or(|[x0, y0, x1, y1]| x >= x0 && x <= x1 && y >= y0 && y <= y1);
    let tokens = tile_tokens(game)
        .into_iter()
        .filter(|t| inside(t.pos.x, t.pos.y))
        .filter_map(|t| {
            let counter = index.get(&(t.slot as usize, t.counter))?;
            Some(json!({ "at": [t.pos.x, t.pos.y], "counter": counter, "value": t.value, "n": t.n }))
        })
        .collect();
    (counters, tokens)
}

fn bounds_of(cells: impl Iterator<Item = (i32, i32)>) -> [i32; 4] {
    cells.fold([0, 0, 0, 0], grow)
}

fn grow(b: [i32; 4], (x, y): (i32, i32)) -> [i32; 4] {
    [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_core::GameConfig;

    fn table(bots: &[Option<&str>], seed: u64, copies: i64, undo: bool) -> Table {
        let mut config = GameConfig::with_players(bots.len());
        config.seed = seed;
        config.undo = undo;
        for (p, bot) in config.players.iter_mut().zip(bots) {
            p.bot = bot.map(str::to_string);
        }
        if copies != 1 {
            config.tiles.sets.insert("base".into(), copies);
        }
        let setup = setup::GameSetup::for_config(config, &[], None).unwrap();
        Table::new(&setup, None).unwrap()
    }

    /// One bot turn as the server's worker plays it; checks that the game
    /// the bot thinks on is the table's.
    fn bot_move(t: &mut Table) {
        let mut turn = t.bot_turn().expect("a bot's turn");
        if let Some(game) = &turn.game {
            let mut options = Vec::new();
            game.legal_actions(&mut options);
            assert_eq!(options, turn.options, "the bot's copy of the game is the table's");
            assert_eq!(game.state().board().tiles().len(), t.game.state().board().tiles().len());
        }
        let choice = turn.think();
        assert!(t.finish_bot_turn(turn, choice).unwrap());
    }

    #[test]
    fn a_bot_that_looks_at_the_game_gets_it_copied_once_not_once_a_move() {
        let mut t = table(&[Some("greedy"), Some("greedy")], 5, 1, false);
        for _ in 0..60 {
            bot_move(&mut t);
        }
        assert_eq!(t.record.moves.len(), 60);
        assert_eq!(t.game_copies(), 1);
    }

    /// The lobby's list says what a game changed: parts off, options
    /// given another value than their default, by their names in words.
    #[test]
    fn a_games_summary_says_its_parts_off_and_changed_options() {
        let mut config = GameConfig::with_players(2);
        config.expansions = vec!["abbey-and-mayor".into()];
        config
            .parts
            .entry("abbey-and-mayor".into())
            .or_default()
            .insert("barn".into(), false);
        config
            .parts
            .entry("abbey-and-mayor".into())
            .or_default()
            .insert("mayor".into(), true);
        let base = config.variants.entry("base".into()).or_default();
        base.insert("farmers".into(), carcassonne_core::Value::Bool(false));
        // Its default, written out: not a change.
        base.insert("tiny_city".into(), carcassonne_core::Value::Bool(false));
        let setup = setup::GameSetup::for_config(config, &[], None).unwrap();
        let t = Table::new(&setup, None).unwrap();
        assert_eq!(
            t.changes_in_words(),
            ["Abbey & Mayor: Barn off", "Base game: Farmers off"]
        );
        assert_eq!(
            t.summary(1)["changes"],
            json!(["Abbey & Mayor: Barn off", "Base game: Farmers off"])
        );
        assert_eq!(table(&[None, None], 1, 1, false).summary(1)["changes"], json!([]));
    }

    /// What the game page shows in words: the supply in the plural, and
    /// the drawn tile's name for each way it may be turned.
    #[test]
    fn the_state_gives_the_supply_and_the_turned_tile_names_in_words() {
        let t = table(&[None, None], 1, 1, false);
        let st = t.state_json_in(None, None);
        assert_eq!(st["players"][0]["supply_words"], json!(["7 followers"]));
        let names = st["decision"]["tile_names"]
            .as_array()
            .expect("a placement's names")
            .clone();
        let name = st["decision"]["tile_name"].as_str().unwrap().to_string();
        assert_eq!(names.len(), 4);
        for (q, turned) in names.iter().enumerate() {
            let r = Rotation::from_degrees(q as i64 * 90).unwrap();
            assert_eq!(turned, &json!(carcassonne_core::words::turned_compass(&name, r)));
        }
    }

    #[test]
    fn a_random_bot_needs_no_copy_of_the_game() {
        let mut t = table(&[Some("random"), Some("random")], 5, 1, false);
        t.play_bots().unwrap();
        assert!(t.game.is_over());
        assert_eq!(t.game_copies(), 0);
    }

    #[test]
    fn after_an_undo_the_bot_thinks_on_a_fresh_copy() {
        let mut t = table(&[None, Some("greedy")], 9, 1, true);
        let hotseat = t.seats().unwrap().hotseat.clone();
        let person = |t: &mut Table| {
            let s = Submission {
                token: hotseat.clone(),
                index: Some(0),
                mv: None,
                version: Some(t.version()),
            };
            t.submit(&s).unwrap();
        };
        // The person's turns, then the bot's, three times over.
        for _ in 0..3 {
            while t.bot_to_move().is_none() {
                person(&mut t);
            }
            while t.bot_to_move().is_some() {
                bot_move(&mut t);
            }
        }
        assert_eq!(t.game_copies(), 1);
        // The person places a tile and takes it back: the bot's copy is of
        // a game that no longer is.
        person(&mut t);
        t.undo(&hotseat, Some(t.version())).unwrap();
        while t.bot_to_move().is_none() {
            person(&mut t);
        }
        while t.bot_to_move().is_some() {
            bot_move(&mut t);
        }
        assert_eq!(t.game_copies(), 2);
        while t.bot_to_move().is_none() {
            person(&mut t);
        }
        bot_move(&mut t);
        assert_eq!(t.game_copies(), 2);
    }

    #[test]
    fn an_answer_thought_before_an_undo_is_dropped() {
        let mut t = table(&[None, Some("greedy")], 9, 1, true);
        let hotseat = t.seats().unwrap().hotseat.clone();
        while t.bot_to_move().is_none() {
            let v = t.version();
            t.submit(&Submission {
                token: hotseat.clone(),
                index: Some(0),
                mv: None,
                version: Some(v),
            })
            .unwrap();
        }
        let moves = t.record.moves.len();
        let mut turn = t.bot_turn().unwrap();
        let choice = turn.think();
        // The person's deploy was last: it can go while the bot thinks.
        t.undo(&hotseat, Some(t.version())).unwrap();
        assert!(!t.finish_bot_turn(turn, choice).unwrap());
        assert_eq!(t.record.moves.len(), moves - 1);
    }

    #[test]
    fn a_seat_chats_again_as_its_lines_come_back() {
        use std::time::{Duration, Instant};
        let mut rate = ChatRate::new(2, Duration::from_secs(3));
        let t0 = Instant::now();
        assert!(rate.take(0, t0).is_ok() && rate.take(0, t0).is_ok());
        let wait = rate.take(0, t0).unwrap_err();
        assert!(
            wait > Duration::from_millis(2900) && wait <= Duration::from_secs(3),
            "{wait:?}"
        );
        assert!(rate.take(1, t0).is_ok(), "another seat has its own lines");
        assert!(rate.take(0, t0 + Duration::from_secs(2)).is_err());
        assert!(
            rate.take(0, t0 + Duration::from_secs(3)).is_ok(),
            "one line back after 3 s"
        );
        assert!(rate.take(0, t0 + Duration::from_secs(3)).is_err());
        assert!(rate.take(0, t0 + Duration::from_secs(60)).is_ok());
        assert!(
            rate.take(0, t0 + Duration::from_secs(60)).is_ok(),
            "the burst again, no more"
        );
        assert!(rate.take(0, t0 + Duration::from_secs(60)).is_err());
    }

    #[test]
    fn views_are_read_and_bounded() {
        assert_eq!(parse_view("-3,-2,4,5"), Ok([-3, -2, 4, 5]));
        assert_eq!(parse_view(" 0, 0, 49, 49 "), Ok([0, 0, 49, 49]));
        for bad in [
            "",
            "1,2,3",
            "1,2,3,4,5",
            "a,b,c,d",
            "1.5,0,2,2",
            "3,0,1,1",
            "0,0,64,63",
            "0,0,49,50",
            "-2147483648,-2147483648,2147483647,2147483647",
        ] {
            let e = parse_view(bad).unwrap_err();
            assert!(e.contains("`view`"), "{bad}: {e}");
        }
        assert!(parse_view("0,0,64,63").unwrap_err().contains("at most 2500"));
        assert_eq!(default_window([-2, -2, 3, 4], 10, (0, 0)), [-2, -2, 3, 4]);
        let w = default_window([-100, -100, 100, 100], 3000, (10, -10));
        assert!(cells_of(w) <= MAX_VIEW_CELLS && w[0] <= 10 && w[2] >= 10 && w[1] <= -10 && w[3] >= -10);
        // A lobby game's 2,000 tiles spread over more cells are drawn whole.
        assert_eq!(
            default_window([-100, -100, 100, 100], 2000, (10, -10)),
            [-100, -100, 100, 100]
        );
        assert_eq!(default_window([0, 0, 9, 9], 100, (i32::MAX, i32::MIN)), [0, 0, 9, 9]);
        let far = default_window([i32::MIN, 0, i32::MAX, 0], 3000, (i32::MAX, 0));
        assert!(far[0] <= far[2]);
        assert_eq!(sampled(&[1, 2, 3], 1000), vec![1, 2, 3]);
        let s = sampled(&(0..10_000).collect::<Vec<_>>(), 1000);
        assert_eq!((s.len(), s[0], s[999]), (1000, 0, 9999));
    }

    #[test]
    fn a_usual_game_is_drawn_whole_as_before() {
        let mut t = table(&[Some("random"), Some("random")], 3, 1, false);
        t.play_bots().unwrap();
        let s = t.state_json(None);
        assert_eq!(
            s["board"]["svg"],
            json!(carcassonne_render::board_svg_window_without_tokens(&t.game, None))
        );
        assert_eq!(
            s["board"]["svg"],
            json!(carcassonne_render::board_svg(&t.game)),
            "no tokens in a base game"
        );
        assert_eq!(s["board"]["complete"], json!(true));
        assert_eq!(s["board"]["window"], s["board"]["bounds"]);
    }

    #[test]
    fn a_large_board_is_drawn_in_a_window_and_its_state_stays_small() {
        let mut t = table(&[Some("random"), Some("random")], 3, 60, false);
        t.play_bots().unwrap();
        let placed = t.game.state().board().tiles().len();
        assert!(placed > 4000, "{placed}");
        let whole = carcassonne_render::board_svg(&t.game).len();
        let s = t.state_json(None);
        let size = s.to_string().len();
        let w: Vec<i32> = serde_json::from_value(s["board"]["window"].clone()).unwrap();
        let b: Vec<i32> = serde_json::from_value(s["board"]["bounds"].clone()).unwrap();
        assert!(cells_of([w[0], w[1], w[2], w[3]]) <= MAX_VIEW_CELLS);
        if !whole_by_default([b[0], b[1], b[2], b[3]], placed) {
            assert_eq!(s["board"]["complete"], json!(false));
            assert!(size < whole, "{size} >= {whole}");
        }
        // 50 by 50 tiles of SVG, at most: a few megabytes.
        assert!(size < 4 << 20, "a state of {size} bytes");
        assert!(s["score_over_turns"].as_array().unwrap().len() <= MAX_TIMELINE_POINTS);

        // A window draws its tiles and no others.
        let last = t.game.state().board().tiles().last().unwrap().pos;
        let window = [last.x - 1, last.y - 1, last.x + 1, last.y + 1];
        let s = t.state_json_in(None, Some(window));
        let svg = s["board"]["svg"].as_str().unwrap();
        let inside = t
            .game
            .state()
            .board()
            .tiles()
            .iter()
            .filter(|p| p.pos.x.abs_diff(last.x) <= 1 && p.pos.y.abs_diff(last.y) <= 1)
            .count();
        let drawn = carcassonne_render::board_svg_window_without_tokens(&t.game, Some(window));
        assert_eq!(svg, drawn);
        // Each tile is a group of its own.
        assert_eq!(svg.matches(r#"<g class="tile" "#).count(), inside, "{svg}");
        assert!(inside >= 2);
        assert!(svg.len() < 100_000);
        assert_eq!(s["board"]["window"], json!(window));
        assert_eq!(s["board"]["complete"], json!(false));
    }
}
