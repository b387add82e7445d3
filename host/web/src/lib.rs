//! carcassonne-rs in the browser, without a server: the engine, the linked
//! expansions and the bots compiled to WebAssembly, answering the lobby and
//! the game page as `carcassonne serve` does (`docs/web.md`).
//!
//! The pages are the server's own (`carcassonne-serve`'s `pages`): they
//! call a backend, which on the server is `fetch()` against its API and in
//! the static site is this crate through `web.js`. [`LocalLobby`] holds the
//! games of the page and answers each route of `docs/serve-api.md` with
//! the same status and JSON (through `carcassonne_table::answers`, which
//! the server's handlers answer with too); the browser keeps each game in
//! its storage ([`LocalLobby::kept`], [`LocalLobby::load`]) after every
//! change. Bots think in a Web Worker ([`Thinker`], from the game's
//! record), so the page stays responsive while a search runs.
//!
//! Everything here is plain Rust, tested natively; `bindings` (built for
//! `wasm32-unknown-unknown` only) wraps it for JavaScript.

use carcassonne_bots::{Bot, MctsBot, MctsConfig};
use carcassonne_core::{Game, GameRecord};
use carcassonne_setup::{GameSetup, describe};
use carcassonne_table::answers::{self, Answer, ChatRequest, UndoRequest};
use carcassonne_table::configure::{self, Offer};
use carcassonne_table::{BotMirror, StoredGame, Submission, Table, Viewer};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
mod bindings;

/// Most games a browser keeps in progress at once (finished ones do not
/// count, as on a server with a database).
pub const MAX_GAMES: usize = 16;

/// Most finished games a browser keeps: past it, the oldest finished game
/// is forgotten when a new one is created (its record was offered for
/// download when it ended).
pub const MAX_FINISHED: usize = 50;

/// The games of one page: what `carcassonne serve`'s lobby holds, without
/// threads, event streams or a database. Every method answers as the
/// server's route of the same name would (status and JSON body).
pub struct LocalLobby {
    games: BTreeMap<u64, Table>,
    offer: Offer,
    /// The id the next game gets: ids are never used twice, also after a
    /// game was deleted (the page keeps it with the games).
    next: u64,
}

impl Default for LocalLobby {
    fn default() -> Self {
        LocalLobby::new()
    }
}

fn no_game(id: u64) -> Answer {
    Answer::error(
        404,
        format!("no game `{id}` in this browser (it may have been deleted, or kept in another browser): see the lobby"),
    )
}

/// Reads a request body, or the 400 a server answers for it.
fn body<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("bad request body: {e}"))
}

impl LocalLobby {
    /// A lobby with no game, offering the linked expansions.
    pub fn new() -> LocalLobby {
        LocalLobby {
            games: BTreeMap::new(),
            offer: Offer::default(),
            next: 1,
        }
    }

    /// `GET /api/expansions`: the expansions on offer (every linked one).
    pub fn expansions(&self) -> Answer {
        let listed = GameSetup::base_game(&self.offer.plugins, self.offer.tiles.as_deref())
            .and_then(|setup| describe::expansions(&setup.catalog, &setup.tiles));
        match listed {
            Ok(v) => Answer::ok(v),
            Err(e) => Answer::error(500, format!("{e:#}")),
        }
    }

    /// `GET /api/bots`: the bot levels, weakest first.
    pub fn bots(&self) -> Answer {
        Answer::ok(json!(carcassonne_bots::BOT_LEVELS))
    }

    /// `GET /api/tiles`: the tile sets of the tile directory; a browser has
    /// none, so no set of one's own is offered.
    pub fn tile_sets(&self) -> Answer {
        Answer::ok(json!({ "files": [], "expansions": [], "edge_kinds": [], "inner_kinds": [] }))
    }

    /// `GET /api/games`: every game, oldest first.
    pub fn games(&self) -> Answer {
        let games: Vec<Value> = self.games.iter().map(|(id, t)| t.summary(*id)).collect();
        Answer::ok(json!({
            "games": games,
            "seat_chips": (0..6).map(carcassonne_table::seat_chip).collect::<Vec<_>>(),
            "max_games": MAX_GAMES,
            "base": null,
        }))
    }

    fn in_progress(&self) -> usize {
        self.games.values().filter(|t| !t.game().is_over()).count()
    }

    /// `POST /api/games/check`: whether `config` (JSON) makes a game.
    pub fn check(&self, config: &str) -> Answer {
        match body::<Value>(config) {
            Ok(c) => answers::check(&self.offer, &c, self.in_progress() < MAX_GAMES),
            Err(e) => Answer::error(400, e),
        }
    }

    /// `POST /api/games`: creates the game `config` (JSON) describes
    /// (`201`, its links and tokens).
    pub fn create(&mut self, config: &str) -> Answer {
        if self.in_progress() >= MAX_GAMES {
            return Answer::error(
                429,
                format!("this browser already holds {MAX_GAMES} games in progress: finish or delete one"),
            );
        }
        let config: Value = match body(config) {
            Ok(c) => c,
            Err(e) => return Answer::error(400, e),
        };
        let table = match configure::setup_from_json(&self.offer, &config)
            .and_then(|setup| Table::new(&setup, None).map_err(|e| refused(&e)))
        {
            Ok(t) => t,
            Err(r) => return r.into(),
        };
        self.add(table)
    }

    /// Holds `table` as a new game (`201`, its links and tokens), making
    /// room by forgetting the oldest finished game past [`MAX_FINISHED`].
    fn add(&mut self, table: Table) -> Answer {
        let finished: Vec<u64> = self
            .games
            .iter()
            .filter(|(_, t)| t.game().is_over())
            .map(|(id, _)| *id)
            .collect();
        if finished.len() >= MAX_FINISHED
            && let Some(oldest) = finished.first()
        {
            self.games.remove(oldest);
        }
        let id = self.next.max(self.games.keys().next_back().map_or(1, |last| last + 1));
        self.next = id + 1;
        let answer = Answer {
            status: 201,
            body: table.created(id, None),
        };
        self.games.insert(id, table);
        answer
    }

    /// "Continue a record": a new game from a record file's text (as
    /// `carcassonne play --record`, a server or this page's download wrote
    /// it), its moves replayed, with new seat tokens (`201`, as
    /// [`LocalLobby::create`]); a finished game comes in finished, to look
    /// at and replay. `422` when the record does not read or replay here.
    pub fn import(&mut self, text: &str) -> Answer {
        if text.len() > carcassonne_table::MAX_STORED_BYTES {
            return Answer::error(
                413,
                format!(
                    "a record of {} bytes; at most {}",
                    text.len(),
                    carcassonne_table::MAX_STORED_BYTES
                ),
            );
        }
        let record = match GameRecord::from_json(text) {
            Ok(r) => r,
            Err(e) => return Answer::error(422, format!("this file is not a game record: {e:#}")),
        };
        let table = match Table::from_record(record, &self.offer.plugins, self.offer.tiles.as_deref()) {
            Ok(t) => t,
            Err(e) => return Answer::error(422, format!("this record cannot be played here: {e:#}")),
        };
        if !table.game().is_over() && self.in_progress() >= MAX_GAMES {
            return Answer::error(
                429,
                format!("this browser already holds {MAX_GAMES} games in progress: finish or delete one"),
            );
        }
        self.add(table)
    }

    /// `DELETE /api/games/{id}` with `{"token": …}`: the game's hot-seat token.
    pub fn remove(&mut self, id: u64, request: &str) -> Answer {
        let Some(table) = self.games.get(&id) else {
            return no_game(id);
        };
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct TokenBody {
            token: String,
        }
        let token = match body::<TokenBody>(request) {
            Ok(b) => b.token,
            Err(e) => return Answer::error(400, e),
        };
        if table.viewer(&token) != Some(Viewer::HotSeat) {
            return Answer::error(403, "removing a game takes its hot-seat token");
        }
        self.games.remove(&id);
        Answer::ok(json!({ "ok": true }))
    }

    /// `GET /api/games/{id}`: one game as the lobby lists it.
    pub fn summary(&self, id: u64) -> Answer {
        match self.games.get(&id) {
            Some(t) => Answer::ok(t.summary(id)),
            None => no_game(id),
        }
    }

    /// `GET /api/games/{id}/state?token=…&view=…`.
    pub fn state(&self, id: u64, token: Option<&str>, view: Option<&str>) -> Answer {
        match self.games.get(&id) {
            Some(t) => answers::state(t, token, view),
            None => no_game(id),
        }
    }

    fn with_table(&mut self, id: u64, request: &str, act: impl FnOnce(&mut Table, &str) -> Answer) -> Answer {
        match self.games.get_mut(&id) {
            Some(t) => act(t, request),
            None => no_game(id),
        }
    }

    /// `POST /api/games/{id}/move`.
    pub fn submit(&mut self, id: u64, request: &str) -> Answer {
        self.with_table(id, request, |t, r| match body::<Submission>(r) {
            Ok(s) => answers::submit(t, &s),
            Err(e) => answers::bad_body(t, e.trim_start_matches("bad request body: ")),
        })
    }

    /// `POST /api/games/{id}/undo`.
    pub fn undo(&mut self, id: u64, request: &str) -> Answer {
        self.with_table(id, request, |t, r| match body::<UndoRequest>(r) {
            Ok(u) => answers::undo(t, &u),
            Err(e) => answers::bad_body(t, e.trim_start_matches("bad request body: ")),
        })
    }

    /// `POST /api/games/{id}/chat`.
    pub fn chat(&mut self, id: u64, request: &str) -> Answer {
        self.with_table(id, request, |t, r| match body::<ChatRequest>(r) {
            Ok(c) => answers::chat(t, &c),
            Err(e) => answers::bad_body(t, e.trim_start_matches("bad request body: ")),
        })
    }

    /// `GET /api/games/{id}/record`: the record so far, as JSON text.
    pub fn record(&self, id: u64) -> Option<String> {
        self.games.get(&id).map(|t| t.record().to_json())
    }

    /// `GET /api/games/{id}/replay`: the replay viewer of the record so far
    /// (an HTML page, what `carcassonne render` writes), as the body's string.
    pub fn replay(&self, id: u64) -> Answer {
        let Some(table) = self.games.get(&id) else {
            return no_game(id);
        };
        let record = table.record();
        let page = GameSetup::for_record(record, &self.offer.plugins, self.offer.tiles.as_deref())
            .and_then(|setup| Ok(carcassonne_render::replay_html(record, &setup.catalog, &setup.tiles)?));
        match page {
            Ok(html) => Answer::ok(Value::String(html)),
            Err(e) => Answer::error(500, format!("{e:#}")),
        }
    }

    /// The state version of game `id` (it changes with every move and undo).
    pub fn version(&self, id: u64) -> Option<u64> {
        self.games.get(&id).map(Table::version)
    }

    /// The number of chat lines of game `id`.
    pub fn chat_count(&self, id: u64) -> Option<usize> {
        self.games.get(&id).map(Table::chat_len)
    }

    /// The id the next game will get (the page keeps it, so that an id is
    /// never used twice).
    pub fn next_id(&self) -> u64 {
        self.next.max(self.games.keys().next_back().map_or(1, |last| last + 1))
    }

    /// Makes the next game's id at least `id` (the one the page kept).
    pub fn reserve(&mut self, id: u64) {
        self.next = self.next.max(id);
    }

    /// The ids of the games held, oldest first.
    pub fn ids(&self) -> Vec<u64> {
        self.games.keys().copied().collect()
    }

    /// Game `id` as the browser keeps it (JSON, [`StoredGame::to_json`]).
    pub fn kept(&self, id: u64) -> Option<String> {
        self.games.get(&id).map(|t| t.stored(id).to_json())
    }

    /// Takes a game the browser kept back in (replacing a game of the same
    /// id: another tab moved it on). Answers its id, or why it cannot be
    /// rebuilt (`422`).
    pub fn load(&mut self, kept: &str) -> Answer {
        let rebuilt = StoredGame::from_json(kept).and_then(|stored| {
            let id = stored.id;
            Table::rebuild(stored, &self.offer.plugins, self.offer.tiles.as_deref(), false).map(|t| (id, t))
        });
        match rebuilt {
            Ok((id, table)) => {
                self.games.insert(id, table);
                Answer::ok(json!({ "ok": true, "id": id }))
            }
            Err(e) => Answer::error(422, format!("a game kept in this browser cannot be rebuilt: {e:#}")),
        }
    }

    /// Stops game `id`'s bots for good, saying why (the Web Worker failed).
    pub fn fail_bots(&mut self, id: u64, why: &str) {
        if let Some(t) = self.games.get_mut(&id) {
            t.fail_bots(why.to_string());
        }
    }

    /// Forgets game `id` here (another tab deleted it).
    pub fn forget(&mut self, id: u64) {
        self.games.remove(&id);
    }

    /// When a bot seat of game `id` must decide: the version it decides on
    /// and the record to think from, for a [`Thinker`]:
    /// `{"version": N, "record": "…"}`, the record as its JSON text (a
    /// JavaScript number would round a 64-bit seed).
    pub fn bot_request(&self, id: u64) -> Option<Value> {
        let table = self.games.get(&id)?;
        table.bot_to_move()?;
        Some(json!({ "version": table.version(), "record": table.record().to_json() }))
    }

    /// Plays the choice a [`Thinker`] made for game `id` at `version`
    /// (dropped, `{"played": false}`, when the game moved on meanwhile).
    pub fn finish_bot(&mut self, id: u64, version: u64, choice: usize) -> Answer {
        let Some(table) = self.games.get_mut(&id) else {
            return no_game(id);
        };
        match table.finish_remote_bot_turn(version, choice) {
            Ok(played) => Answer::ok(json!({ "played": played, "version": table.version() })),
            Err(e) => Answer::error(500, format!("{e:#}")),
        }
    }
}

fn refused(e: &anyhow::Error) -> configure::Refused {
    configure::Refused {
        status: 400,
        error: format!("{e:#}"),
    }
}

/// The page's tile editor (`editor.html`): `carcassonne-tile-editor`'s
/// work, as `carcassonne serve`'s editor does it, over the linked
/// expansions' built-in sets (read-only: edit and download a working copy)
/// and the sets of one's own this browser keeps (editable: saving and a new
/// set change them here, and the page stores [`LocalEditor::own_files`]).
/// Every method answers as the server's route of the same name.
pub struct LocalEditor {
    editor: carcassonne_tile_editor::Editor,
}

/// An editor answer as the server gives it.
fn editor_answer(result: Result<Value, carcassonne_tile_editor::Failure>) -> Answer {
    match result {
        Ok(body) => Answer::ok(body),
        Err(f) => Answer {
            status: f.status,
            body: f.body,
        },
    }
}

impl LocalEditor {
    /// An editor over the linked expansions' sets and the browser's own
    /// sets `own` (JSON: an object of file name → text; anything else is
    /// taken as none, so a damaged store loses the sets, not the page).
    ///
    /// # Errors
    /// The linked expansions do not make a catalog (two share an id).
    pub fn new(own: &str) -> anyhow::Result<LocalEditor> {
        let own: BTreeMap<String, String> = serde_json::from_str(own).unwrap_or_default();
        let catalog = GameSetup::base_game(&[], None)?.catalog;
        Ok(LocalEditor {
            editor: carcassonne_tile_editor::Editor::in_memory(catalog, own),
        })
    }

    /// `GET /api/tiles`.
    pub fn list(&self) -> Answer {
        Answer::ok(self.editor.list())
    }

    /// `GET /api/tiles/file?file=…`.
    pub fn file(&self, file: &str) -> Answer {
        editor_answer(self.editor.file(file))
    }

    /// `POST /api/tiles/edit`.
    pub fn edit(&self, request: &str) -> Answer {
        match body::<carcassonne_tile_editor::WorkingEdit>(request) {
            Ok(edit) => editor_answer(self.editor.edit(&edit)),
            Err(e) => Answer::error(400, e),
        }
    }

    /// `POST /api/tiles/write`: the working copy kept as the browser's set.
    pub fn write(&self, request: &str) -> Answer {
        match body::<carcassonne_tile_editor::WorkingSave>(request) {
            Ok(save) => editor_answer(self.editor.write(&save)),
            Err(e) => Answer::error(400, e),
        }
    }

    /// `POST /api/tiles/new-set`: a new set of one's own, in this browser.
    pub fn new_set(&self, request: &str) -> Answer {
        match body::<carcassonne_tile_editor::NewSet>(request) {
            Ok(new) => editor_answer(self.editor.new_set(&new)),
            Err(e) => Answer::error(400, e),
        }
    }

    /// The sets of one's own as they now stand, as JSON (file name →
    /// text): what the page keeps in the browser's storage.
    pub fn own_files(&self) -> String {
        let own: BTreeMap<String, String> = self.editor.own_files().into_iter().collect();
        serde_json::to_string(&own).unwrap_or_else(|_| "{}".into())
    }
}

/// The bots of a page's games, thinking away from the page (in its Web
/// Worker): one [`BotMirror`] per game, brought up to date from the record
/// the page sends with each request.
#[derive(Default)]
pub struct Thinker {
    mirrors: BTreeMap<u64, BotMirror>,
}

impl Thinker {
    /// No game yet.
    pub fn new() -> Thinker {
        Thinker::default()
    }

    /// The choice of the bot deciding in game `id`, whose record is
    /// `record` (JSON): the index of its option among the decision's legal
    /// options.
    ///
    /// # Errors
    /// The record does not read or replay, or no bot decides.
    pub fn think(&mut self, id: u64, record: &str) -> anyhow::Result<usize> {
        let record = GameRecord::from_json(record)?;
        match self.mirrors.get_mut(&id) {
            Some(m) => m.follow(&record)?,
            None => {
                let m = BotMirror::new(&record, &[], None)?;
                self.mirrors.insert(id, m);
            }
        }
        let Some(mirror) = self.mirrors.get_mut(&id) else {
            anyhow::bail!("no copy of game {id}");
        };
        mirror.think()
    }

    /// Forgets game `id`'s copy.
    pub fn forget(&mut self, id: u64) {
        self.mirrors.remove(&id);
    }
}

/// What [`search_rate`] measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchRate {
    /// Decisions searched.
    pub decisions: u64,
    /// Search iterations run.
    pub iterations: u64,
    /// Seconds of searching.
    pub seconds: f64,
}

impl SearchRate {
    /// Iterations a second.
    pub fn per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.iterations as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// The search bot's speed: a base game of two seats played by the search
/// bot at `iterations` a decision for `decisions` decisions from the start
/// (seed 1), timed by the search's own clock. The same positions natively
/// and in WebAssembly, so the two speeds compare (docs/web.md).
///
/// # Errors
/// The game cannot be made (never with the linked base game).
pub fn search_rate(iterations: u32, decisions: u32) -> anyhow::Result<SearchRate> {
    let mut config = carcassonne_core::GameConfig::with_players(2);
    config.seed = 1;
    let setup = GameSetup::for_config(config, &[], None)?;
    let mut game = Game::new(Arc::new(setup.rules()?))?;
    let mut bot = MctsBot::new(
        MctsConfig {
            budget: carcassonne_bots::Budget::Iterations(iterations.max(1)),
            ..MctsConfig::default()
        },
        7,
    );
    let mut options = Vec::new();
    for _ in 0..decisions {
        if game.decision().is_none() {
            break;
        }
        game.legal_actions(&mut options);
        let choice = bot.choose(&game, &options).min(options.len().saturating_sub(1));
        let Some(action) = options.get(choice) else {
            break;
        };
        game.play(action)?;
    }
    let totals = bot.totals();
    Ok(SearchRate {
        decisions: totals.decisions,
        iterations: totals.iterations,
        seconds: totals.elapsed.as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json_of(a: &Answer) -> &Value {
        &a.body
    }

    #[test]
    fn a_game_of_bots_is_played_through_the_thinker_as_the_server_would_play_it() {
        let config =
            r#"{"players": [{"name": "Ann", "bot": "greedy"}, {"name": "Robo", "bot": "mcts:20"}], "seed": "5"}"#;
        let mut lobby = LocalLobby::new();
        let created = lobby.create(config);
        assert_eq!(created.status, 201, "{:?}", created.body);
        let id = json_of(&created)["id"].as_u64().unwrap();
        let mut thinker = Thinker::new();
        let mut turns = 0;
        while let Some(req) = lobby.bot_request(id) {
            let version = req["version"].as_u64().unwrap();
            let choice = thinker.think(id, req["record"].as_str().unwrap()).unwrap();
            let a = lobby.finish_bot(id, version, choice);
            assert_eq!(a.body["played"], json!(true), "{:?}", a.body);
            turns += 1;
            // Kept and taken back in now and then, as a reloaded page does.
            if turns % 40 == 0 {
                let kept = lobby.kept(id).unwrap();
                assert_eq!(lobby.load(&kept).status, 200);
            }
        }
        let state = lobby.state(id, None, None);
        assert_eq!(state.body["over"], json!(true));
        // The server's table plays the same game with its own bots.
        let setup = configure::setup_from_json(&Offer::default(), &serde_json::from_str(config).unwrap()).unwrap();
        let mut table = Table::new(&setup, None).unwrap();
        table.play_bots().unwrap();
        assert_eq!(
            table.record().moves,
            GameRecord::from_json(&lobby.record(id).unwrap()).unwrap().moves
        );
    }

    #[test]
    fn a_person_plays_undoes_and_the_answers_are_the_servers() {
        let mut lobby = LocalLobby::new();
        let created = lobby.create(r#"{"players": [{"name": "Ann"}, {"name": "Bob"}], "seed": 3, "undo": true}"#);
        let id = created.body["id"].as_u64().unwrap();
        let hotseat = created.body["hotseat"]
            .as_str()
            .unwrap()
            .split("seat=")
            .nth(1)
            .unwrap()
            .to_string();
        let st = lobby.state(id, Some(&hotseat), None);
        assert_eq!(st.status, 200);
        assert_eq!(st.body["you"], json!({ "hotseat": true }));
        let v = st.body["version"].as_u64().unwrap();
        let moved = lobby.submit(id, &json!({ "token": hotseat, "index": 0, "version": v }).to_string());
        assert_eq!(moved.status, 200, "{:?}", moved.body);
        let stale = lobby.submit(id, &json!({ "token": hotseat, "index": 0, "version": v }).to_string());
        assert_eq!(stale.status, 409);
        let v2 = moved.body["version"].as_u64().unwrap();
        assert_eq!(
            lobby
                .undo(id, &json!({ "token": hotseat, "version": v2 }).to_string())
                .status,
            200
        );
        assert_eq!(lobby.state(id, Some("nope"), None).status, 401);
        assert_eq!(lobby.state(id, None, Some("0,0,100,100")).status, 400);
        assert_eq!(lobby.submit(id, "{").status, 400);
        assert_eq!(lobby.state(99, None, None).status, 404);
        assert_eq!(lobby.check(r#"{"expansions": ["nope"]}"#).status, 400);
        assert_eq!(lobby.remove(id, r#"{"token": "x"}"#).status, 403);
        assert_eq!(lobby.remove(id, &json!({ "token": hotseat }).to_string()).status, 200);
        assert!(lobby.ids().is_empty());
    }

    #[test]
    fn a_kept_game_comes_back_without_a_resumed_line() {
        let mut lobby = LocalLobby::new();
        let created = lobby.create(r#"{"players": [{"name": "Ann"}, {"name": "Robo", "bot": "random"}], "seed": 9}"#);
        let id = created.body["id"].as_u64().unwrap();
        let before = lobby.state(id, None, None).body;
        let kept = lobby.kept(id).unwrap();
        let mut other = LocalLobby::new();
        assert_eq!(other.load(&kept).status, 200);
        let after = other.state(id, None, None).body;
        assert_eq!(before["log"], after["log"]);
        assert!(after["version"].as_u64() > before["version"].as_u64());
        assert_eq!(other.load("{\"id\": 1}").status, 422);
        assert_eq!(other.load("not json").status, 422);
    }

    #[test]
    fn a_downloaded_record_is_continued_where_it_stopped() {
        let mut lobby = LocalLobby::new();
        let created = lobby.create(r#"{"players": [{"name": "Ann"}, {"name": "Robo", "bot": "greedy"}], "seed": 4}"#);
        let id = created.body["id"].as_u64().unwrap();
        let hotseat = created.body["hotseat"]
            .as_str()
            .unwrap()
            .split("seat=")
            .nth(1)
            .unwrap()
            .to_string();
        let mut thinker = Thinker::new();
        // A few moves of Ann's and the bot's.
        for _ in 0..6 {
            if let Some(req) = lobby.bot_request(id) {
                let choice = thinker.think(id, req["record"].as_str().unwrap()).unwrap();
                lobby.finish_bot(id, req["version"].as_u64().unwrap(), choice);
            } else {
                let v = lobby.state(id, Some(&hotseat), None).body["version"].as_u64().unwrap();
                let a = lobby.submit(id, &json!({ "token": hotseat, "index": 0, "version": v }).to_string());
                assert_eq!(a.status, 200, "{:?}", a.body);
            }
        }
        let text = lobby.record(id).unwrap();
        let moves = GameRecord::from_json(&text).unwrap().moves.len();
        let other = lobby.import(&text);
        assert_eq!(other.status, 201, "{:?}", other.body);
        let other_id = other.body["id"].as_u64().unwrap();
        assert_ne!(other_id, id);
        assert_ne!(other.body["hotseat"], created.body["hotseat"], "new tokens");
        let state = lobby.state(other_id, None, None).body;
        assert_eq!(state["moves"], json!(moves));
        assert_eq!(
            GameRecord::from_json(&lobby.record(other_id).unwrap()).unwrap().moves,
            GameRecord::from_json(&text).unwrap().moves
        );
        // Not a record, a record of an expansion not linked, a broken move.
        assert_eq!(lobby.import("{}").status, 422);
        assert_eq!(lobby.import("not json").status, 422);
        let mut foreign: Value = serde_json::from_str(&text).unwrap();
        foreign["config"]["expansions"] = json!(["no-such-expansion"]);
        let a = lobby.import(&foreign.to_string());
        assert_eq!(a.status, 422, "{:?}", a.body);
        assert!(
            a.body["error"].as_str().unwrap().contains("no-such-expansion"),
            "{:?}",
            a.body
        );
    }

    #[test]
    fn the_search_rate_is_measured() {
        let r = search_rate(50, 3).unwrap();
        assert!(r.iterations >= 50 && r.decisions >= 1, "{r:?}");
    }

    /// The static site's tile editor, as a person uses it: the built-in
    /// sets are listed and read-only, a new set of one's own is made,
    /// edited (a tile added, previewed with its picture) and saved in the
    /// browser's keeping, and comes back in a new page's editor; a save
    /// over a copy changed meanwhile, a built-in set and a bad request are
    /// refused with the server's statuses.
    #[test]
    fn the_tile_editor_edits_and_keeps_sets_of_ones_own() {
        let editor = LocalEditor::new("{}").unwrap();
        let list = editor.list();
        let files = list.body["files"].as_array().unwrap();
        let base = files.iter().find(|f| f["file"] == "base.toml").unwrap();
        assert_eq!(base["editable"], json!(false));
        assert!(files.len() > 20, "the linked sets are listed");
        let read = editor.file("base.toml");
        assert_eq!(read.status, 200);
        assert!(
            read.body["note"]
                .as_str()
                .unwrap()
                .contains("download the working copy")
        );
        let refused = editor.write(
            &json!({ "file": "base.toml", "text": read.body["text"], "version": read.body["version"] }).to_string(),
        );
        assert_eq!(refused.status, 409, "{:?}", refused.body);

        let made = editor.new_set(r#"{"file": "my-tiles.toml", "id": "my-tiles", "name": "My tiles"}"#);
        assert_eq!(made.status, 200, "{:?}", made.body);
        let mine = editor.file("my-tiles.toml");
        assert_eq!(mine.body["editable"], json!(true));
        let tiles = mine.body["tiles"].as_array().unwrap().len();
        let edited =
            editor.edit(&json!({ "file": "my-tiles.toml", "text": mine.body["text"], "op": "new-tile" }).to_string());
        assert_eq!(edited.status, 200, "{:?}", edited.body);
        let text = edited.body["text"].as_str().unwrap().to_string();
        assert_eq!(edited.body["tiles"].as_array().unwrap().len(), tiles + 1);
        assert!(edited.body["tiles"][tiles]["svg"].as_str().unwrap().contains("<svg"));
        let saved = editor
            .write(&json!({ "file": "my-tiles.toml", "text": text, "version": mine.body["version"] }).to_string());
        assert_eq!(saved.status, 200, "{:?}", saved.body);
        // Saved over a copy that changed since it was read: refused, kept.
        let stale =
            editor.write(&json!({ "file": "my-tiles.toml", "text": "", "version": mine.body["version"] }).to_string());
        assert_eq!(stale.status, 409, "{:?}", stale.body);
        assert_eq!(editor.new_set("not json").status, 400);

        // A new page's editor, from what the browser kept.
        let again = LocalEditor::new(&editor.own_files()).unwrap();
        let back = again.file("my-tiles.toml");
        assert_eq!(back.body["text"], json!(text));
        assert_eq!(back.body["tiles"].as_array().unwrap().len(), tiles + 1);
        // A damaged store loses the sets, not the page.
        assert_eq!(LocalEditor::new("[1, 2").unwrap().file("my-tiles.toml").status, 404);
    }
}
