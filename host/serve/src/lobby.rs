//! The server's games: several [`Table`]s at once, each in a [`GameSlot`]
//! with its event channel and its bot worker, and new games made from a
//! configuration sent as JSON (the keys of a TOML game configuration).

use super::Table;
use super::store::Store;
use anyhow::Result;
use carcassonne_setup::GameSetup;
use carcassonne_table::configure;
pub use carcassonne_table::configure::{
    MAX_BOT_ITERATIONS, MAX_BOT_SECONDS, MAX_FINISHED_GAMES, MAX_GAME_BOT_SECONDS, MAX_LOBBY_TILES, Offer, Refused,
    config_from_json,
};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::watch;

/// How many games a server holds by default (`carcassonne serve --max-games`).
pub const DEFAULT_MAX_GAMES: usize = 16;

/// How long a bot whose move the disk did not take waits before trying
/// it again.
const BOT_SAVE_RETRY: std::time::Duration = std::time::Duration::from_secs(2);

/// One game on the server: its table, the channel that announces each new
/// state version to its event streams, and its bot worker.
pub struct GameSlot {
    id: u64,
    table: Mutex<Table>,
    versions: watch::Sender<u64>,
    /// The number of chat lines, announced apart from the versions: chat
    /// does not change the game.
    chats: watch::Sender<usize>,
    /// A worker thread is letting the bot seats move.
    bots_running: AtomicBool,
    /// The game was removed from the lobby: its bots stop after the
    /// decision they are thinking about.
    removed: AtomicBool,
}

impl GameSlot {
    fn new(id: u64, table: Table) -> Arc<GameSlot> {
        let (versions, _) = watch::channel(table.version());
        let (chats, _) = watch::channel(table.chat_len());
        Arc::new(GameSlot {
            id,
            table: Mutex::new(table),
            versions,
            chats,
            bots_running: AtomicBool::new(false),
            removed: AtomicBool::new(false),
        })
    }

    /// Whether a worker thread is letting this game's bot seats move (it
    /// may still be, for one decision, after the game was removed).
    pub fn bots_running(&self) -> bool {
        self.bots_running.load(Ordering::Acquire)
    }

    /// The game's id on this server (its address is `/games/{id}/`).
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The table, locked.
    pub fn table(&self) -> MutexGuard<'_, Table> {
        // A handler that panicked mid-move cannot leave a half-played move:
        // `Game::play` is all or nothing, so the table is still sound.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A receiver of the state versions, for an event stream.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.versions.subscribe()
    }

    /// A receiver of the number of chat lines, for an event stream.
    pub fn subscribe_chat(&self) -> watch::Receiver<usize> {
        self.chats.subscribe()
    }

    /// Announces a new chat line count to the event streams.
    pub fn announce_chat(&self, lines: usize) {
        self.chats.send_replace(lines);
    }

    /// Announces the table's version to the event streams.
    pub fn announce(&self, version: u64) {
        self.versions.send_replace(version);
    }

    /// Lets the bot seats move, on a worker thread of this game, if one
    /// must and no worker is at it already. Called after every change.
    pub fn wake_bots(self: &Arc<Self>) {
        if self.removed.load(Ordering::Acquire) || self.table().bot_to_move().is_none() {
            return;
        }
        if self.bots_running.swap(true, Ordering::AcqRel) {
            return;
        }
        let slot = self.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("bots of game {}", self.id))
            .spawn(move || slot.run_bots());
        if let Err(e) = spawned {
            self.bots_running.store(false, Ordering::Release);
            let mut table = self.table();
            table.fail_bots(format!("no thread for the bots: {e}"));
            self.announce(table.version());
        }
    }

    /// The worker: one bot decision after another, each thought about
    /// without holding the table, until a person must decide.
    fn run_bots(self: Arc<Self>) {
        loop {
            if self.removed.load(Ordering::Acquire) {
                // Nobody can see this game any more: its bots stop.
                self.bots_running.store(false, Ordering::Release);
                return;
            }
            let turn = self.table().bot_turn();
            match turn {
                Some(mut turn) => {
                    let choice = turn.think();
                    let mut table = self.table();
                    match table.finish_bot_turn(turn, choice) {
                        Ok(_) => self.announce(table.version()),
                        Err(e) if e.is::<super::NotSaved>() => {
                            // A full disk: nothing was played; the same
                            // choice is tried again in a while.
                            drop(table);
                            std::thread::sleep(BOT_SAVE_RETRY);
                        }
                        Err(e) => {
                            table.fail_bots(format!("{e:#}"));
                            self.announce(table.version());
                        }
                    }
                }
                None => {
                    self.bots_running.store(false, Ordering::Release);
                    // A change made between the last look and the flag
                    // going down (an undo) may have handed a bot the turn.
                    let again = self.table().bot_to_move().is_some();
                    if !again || self.bots_running.swap(true, Ordering::AcqRel) {
                        return;
                    }
                }
            }
        }
    }
}

fn bad(error: impl Into<String>) -> Refused {
    Refused {
        status: 400,
        error: error.into(),
    }
}

/// The server's games, by id, with the bound on their number.
pub struct Lobby {
    games: Mutex<BTreeMap<u64, Arc<GameSlot>>>,
    /// Removed games whose bots were still at work when they went: they
    /// count against the limit until their worker stops, so removing and
    /// creating games in a loop cannot pile up bot threads.
    leaving: Mutex<Vec<Arc<GameSlot>>>,
    next: Mutex<u64>,
    max_games: usize,
    offer: Offer,
    /// Where the games are kept across restarts (`serve --data`), if anywhere.
    store: Option<Arc<Store>>,
}

/// What [`Lobby::with_store`] found in the database.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The ids of the games resumed.
    pub resumed: Vec<u64>,
    /// Games that could not be rebuilt (an expansion no longer offered, a
    /// damaged row): their id and why. They stay in the database,
    /// untouched, for a server that can serve them.
    pub skipped: Vec<(u64, String)>,
    /// Finished games pruned for their age (`--keep-days`).
    pub pruned: Vec<u64>,
}

impl Lobby {
    /// An empty lobby holding at most `max_games` games, making new ones
    /// with `offer`'s plugins and tiles.
    pub fn new(offer: Offer, max_games: usize) -> Lobby {
        Lobby {
            games: Mutex::new(BTreeMap::new()),
            leaving: Mutex::new(Vec::new()),
            next: Mutex::new(1),
            max_games: max_games.max(1),
            offer,
            store: None,
        }
    }

    /// A lobby whose games are kept in `store`: every game the database
    /// holds is rebuilt from its moves (finished games older than `keep`
    /// are deleted first), new games are stored as they are created and
    /// each move is committed before it is acknowledged. Finished games do
    /// not count against `max_games`: they stay listed until deleted.
    ///
    /// # Errors
    /// The database cannot be read.
    pub fn with_store(
        offer: Offer,
        max_games: usize,
        store: Arc<Store>,
        keep: Option<std::time::Duration>,
    ) -> Result<(Lobby, Loaded)> {
        let mut lobby = Lobby::new(offer, max_games);
        let mut loaded = Loaded::default();
        // A read-only database (a full disk) prunes nothing: it is served as it is.
        if let Some(keep) = keep.filter(|_| store.read_only().is_none()) {
            for id in store.finished_before(keep)? {
                store.delete(id)?;
                loaded.pruned.push(id);
            }
        }
        for game in store.load()? {
            let stored = match game {
                Ok(g) => g,
                Err(skipped) => {
                    loaded.skipped.push(skipped);
                    continue;
                }
            };
            let id = stored.id;
            let unmarked = stored.finished_at.is_none();
            match Table::from_stored(stored, &lobby.offer.plugins, lobby.offer.tiles.as_deref(), &store) {
                Ok(table) => {
                    if unmarked && table.game().is_over() && store.read_only().is_none() {
                        store.mark_finished(id)?;
                    }
                    lobby.games().insert(id, GameSlot::new(id, table));
                    loaded.resumed.push(id);
                }
                Err(e) => loaded.skipped.push((id, format!("{e:#}"))),
            }
        }
        lobby.store = Some(store);
        Ok((lobby, loaded))
    }

    /// Sets the bots of every game going (after [`Lobby::with_store`]);
    /// none when the games are served read-only, since no move can be
    /// saved.
    pub fn wake_all(&self) {
        if self.read_only().is_some() {
            return;
        }
        for slot in self.all() {
            slot.wake_bots();
        }
    }

    /// Deletes the finished games that ended `keep` ago or longer, from
    /// the lobby and the database; returns their ids. Without a database
    /// there is nothing to prune.
    ///
    /// # Errors
    /// The database cannot be read or written.
    pub fn prune(&self, keep: std::time::Duration) -> Result<Vec<u64>> {
        let Some(store) = &self.store else {
            return Ok(Vec::new());
        };
        let ids = store.finished_before(keep)?;
        for &id in &ids {
            self.remove(id).map_err(|r| anyhow::anyhow!(r.error))?;
            // A game the lobby did not hold (it could not be rebuilt).
            store.delete(id)?;
        }
        Ok(ids)
    }

    /// Why the games are served read-only, if they are (see
    /// [`Store::read_only`]).
    pub fn read_only(&self) -> Option<String> {
        self.store.as_ref().and_then(|s| s.read_only())
    }

    /// The database the games are kept in, if any.
    pub fn store(&self) -> Option<&Arc<Store>> {
        self.store.as_ref()
    }

    /// How many games count against the limit: all of them, or with a
    /// database only those in progress.
    fn counted(&self, games: &BTreeMap<u64, Arc<GameSlot>>) -> usize {
        match self.store {
            Some(_) => games.values().filter(|g| !g.table().game().is_over()).count(),
            None => games.len(),
        }
    }

    /// The most games this lobby holds.
    pub fn max_games(&self) -> usize {
        self.max_games
    }

    /// What new games are made with.
    pub fn offer(&self) -> &Offer {
        &self.offer
    }

    fn games(&self) -> MutexGuard<'_, BTreeMap<u64, Arc<GameSlot>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The game `id`, if the server holds it.
    pub fn game(&self, id: u64) -> Option<Arc<GameSlot>> {
        self.games().get(&id).cloned()
    }

    /// Every game, oldest first.
    pub fn all(&self) -> Vec<Arc<GameSlot>> {
        self.games().values().cloned().collect()
    }

    /// Adds `table` as a new game and sets its bots going. At the limit,
    /// the oldest finished game makes room (its record stays wherever it
    /// was saved); with none finished the server is full (429). With a
    /// database, the game is stored first (503 when the disk does not
    /// take it) and finished games do not count: they stay.
    pub fn add(&self, mut table: Table) -> Result<Arc<GameSlot>, Refused> {
        let leaving = self.still_leaving();
        let mut games = self.games();
        if self.counted(&games) + leaving >= self.max_games {
            let finished = games
                .iter()
                .find(|(_, g)| g.table().game().is_over())
                .map(|(id, _)| *id);
            match finished {
                Some(id) if self.store.is_none() => {
                    games.remove(&id);
                }
                _ => return self.add_refusal(),
            }
        }
        if self.store.is_some() && games.len() - self.counted(&games) >= MAX_FINISHED_GAMES {
            return Err(Refused {
                status: 429,
                error: format!(
                    "the server keeps {MAX_FINISHED_GAMES} finished games, its limit: delete some \
                     (or start the server with --keep-days N to prune old ones)"
                ),
            });
        }
        let id = match &self.store {
            Some(store) => table.keep_in(store).map_err(|e| Refused {
                status: 503,
                error: format!("the game could not be stored: {e:#}"),
            })?,
            None => {
                let mut next = self.next.lock().unwrap_or_else(|e| e.into_inner());
                let id = *next;
                *next += 1;
                id
            }
        };
        if games.contains_key(&id) {
            return Err(Refused {
                status: 409,
                error: format!("the server already holds game {id}"),
            });
        }
        let slot = GameSlot::new(id, table);
        games.insert(id, slot.clone());
        drop(games);
        slot.wake_bots();
        Ok(slot)
    }

    /// Adds the game the server was started for (`serve --config`,
    /// `--record`, game flags), as [`Lobby::add`] does. `Ok(Some(why))`:
    /// the games kept in the database fill the server, which serves them
    /// without it (a warning to show; a restart of a long-running server
    /// must not be stopped by its own games).
    ///
    /// # Errors
    /// The game cannot be made or stored (a full or read-only disk), or a
    /// server without a database is full: the server must refuse to start
    /// rather than serve without the game it was asked for.
    pub fn add_at_start(&self, table: Table) -> Result<Option<String>, Refused> {
        match self.add(table) {
            Ok(_) => Ok(None),
            Err(r) if r.status == 429 && self.store.is_some() => Ok(Some(r.error)),
            Err(r) => Err(r),
        }
    }

    /// Whether one more game fits (a finished one may make room).
    pub fn has_room(&self) -> bool {
        let leaving = self.still_leaving();
        let games = self.games();
        self.counted(&games) + leaving < self.max_games
            || (self.store.is_none() && games.values().any(|g| g.table().game().is_over()))
    }

    /// Forgets game `id` (a `--record` game's record stays in its file;
    /// a stored game's rows are deleted) and stops its bots after the
    /// decision they are thinking about. `Ok(None)`: no such game.
    ///
    /// # Errors
    /// The database did not take the deletion (503): the game stays.
    pub fn remove(&self, id: u64) -> Result<Option<Arc<GameSlot>>, Refused> {
        let mut games = self.games();
        let Some(slot) = games.get(&id).cloned() else {
            return Ok(None);
        };
        if let Some(store) = &self.store {
            store.delete(id).map_err(|e| Refused {
                status: 503,
                error: format!("the game could not be deleted: {e}"),
            })?;
        }
        games.remove(&id);
        drop(games);
        slot.removed.store(true, Ordering::Release);
        if slot.bots_running() {
            self.leaving
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(slot.clone());
        }
        Ok(Some(slot))
    }

    /// How many removed games' bots are still finishing a decision.
    fn still_leaving(&self) -> usize {
        let mut leaving = self.leaving.lock().unwrap_or_else(|e| e.into_inner());
        leaving.retain(|slot| slot.bots_running());
        leaving.len()
    }

    /// The setup of the game a configuration sent as JSON describes,
    /// checked as the command line checks it, with this lobby's offer
    /// ([`configure::setup_from_json`]).
    pub fn setup_from_json(&self, body: &Value) -> Result<GameSetup, Refused> {
        configure::setup_from_json(&self.offer, body)
    }

    /// Creates the game a configuration sent as JSON describes.
    pub fn create(&self, body: &Value) -> Result<Arc<GameSlot>, Refused> {
        if !self.has_room() {
            // Said before the work of building the game.
            return self.add_refusal();
        }
        let setup = self.setup_from_json(body)?;
        let table = Table::new(&setup, None).map_err(|e| bad(format!("{e:#}")))?;
        self.add(table)
    }

    fn add_refusal<T>(&self) -> Result<T, Refused> {
        Err(Refused {
            status: 429,
            error: format!(
                "the server already holds {} games in progress, its limit: wait for one to end \
                 (or start the server with a higher --max-games)",
                self.max_games
            ),
        })
    }
}
