//! The JavaScript face of [`LocalLobby`], [`LocalEditor`], [`Thinker`] and [`search_rate`]
//! (`wasm-bindgen`), used by the static site's `web.js` and `worker.js`.
//! Answers are JSON text, `{"status": N, "body": …}`: what the server's
//! route of the same name answers.

use crate::{LocalEditor, LocalLobby, Thinker};
use wasm_bindgen::prelude::*;

/// The page's games (see [`LocalLobby`]); game ids are JavaScript numbers.
#[wasm_bindgen]
pub struct Lobby(LocalLobby);

/// An id from JavaScript: a whole number of at most 2^53.
fn id(n: f64) -> u64 {
    if n.is_finite() && n >= 0.0 { n as u64 } else { 0 }
}

#[wasm_bindgen]
impl Lobby {
    /// No game yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Lobby {
        Lobby(LocalLobby::new())
    }

    /// `GET /api/expansions`.
    pub fn expansions(&self) -> String {
        self.0.expansions().to_json()
    }

    /// `GET /api/bots`.
    pub fn bots(&self) -> String {
        self.0.bots().to_json()
    }

    /// `GET /api/tiles`.
    pub fn tile_sets(&self) -> String {
        self.0.tile_sets().to_json()
    }

    /// `GET /api/games`.
    pub fn games(&self) -> String {
        self.0.games().to_json()
    }

    /// `POST /api/games/check`.
    pub fn check(&self, config: &str) -> String {
        self.0.check(config).to_json()
    }

    /// `POST /api/games`.
    pub fn create(&mut self, config: &str) -> String {
        self.0.create(config).to_json()
    }

    /// "Continue a record": a new game from a record file's text.
    pub fn import_record(&mut self, text: &str) -> String {
        self.0.import(text).to_json()
    }

    /// `DELETE /api/games/{id}`.
    pub fn remove(&mut self, game: f64, request: &str) -> String {
        self.0.remove(id(game), request).to_json()
    }

    /// `GET /api/games/{id}`.
    pub fn summary(&self, game: f64) -> String {
        self.0.summary(id(game)).to_json()
    }

    /// `GET /api/games/{id}/state`.
    pub fn state(&self, game: f64, token: Option<String>, view: Option<String>) -> String {
        self.0.state(id(game), token.as_deref(), view.as_deref()).to_json()
    }

    /// `POST /api/games/{id}/move`.
    pub fn submit(&mut self, game: f64, request: &str) -> String {
        self.0.submit(id(game), request).to_json()
    }

    /// `POST /api/games/{id}/undo`.
    pub fn undo(&mut self, game: f64, request: &str) -> String {
        self.0.undo(id(game), request).to_json()
    }

    /// `POST /api/games/{id}/chat`.
    pub fn chat(&mut self, game: f64, request: &str) -> String {
        self.0.chat(id(game), request).to_json()
    }

    /// `GET /api/games/{id}/record`: the record's JSON, if the game is here.
    pub fn record(&self, game: f64) -> Option<String> {
        self.0.record(id(game))
    }

    /// `GET /api/games/{id}/replay`: the answer's body is the page's HTML.
    pub fn replay(&self, game: f64) -> String {
        self.0.replay(id(game)).to_json()
    }

    /// The state version (-1: no such game).
    pub fn version(&self, game: f64) -> f64 {
        self.0.version(id(game)).map_or(-1.0, |v| v as f64)
    }

    /// The number of chat lines (-1: no such game).
    pub fn chat_count(&self, game: f64) -> f64 {
        self.0.chat_count(id(game)).map_or(-1.0, |n| n as f64)
    }

    /// The ids of the games held.
    pub fn ids(&self) -> Vec<f64> {
        self.0.ids().into_iter().map(|i| i as f64).collect()
    }

    /// The id the next game gets.
    pub fn next_id(&self) -> f64 {
        self.0.next_id() as f64
    }

    /// Makes the next game's id at least `next`.
    pub fn reserve(&mut self, next: f64) {
        self.0.reserve(id(next));
    }

    /// The game as the browser keeps it (JSON).
    pub fn kept(&self, game: f64) -> Option<String> {
        self.0.kept(id(game))
    }

    /// Takes a kept game back in.
    pub fn load(&mut self, kept: &str) -> String {
        self.0.load(kept).to_json()
    }

    /// Forgets a game.
    pub fn forget(&mut self, game: f64) {
        self.0.forget(id(game));
    }

    /// Stops a game's bots for good, saying why.
    pub fn fail_bots(&mut self, game: f64, why: &str) {
        self.0.fail_bots(id(game), why);
    }

    /// `{"version", "record"}` when a bot must decide in the game, else `undefined`.
    pub fn bot_request(&self, game: f64) -> Option<String> {
        self.0.bot_request(id(game)).map(|v| v.to_string())
    }

    /// Plays a bot's choice made at `version`.
    pub fn finish_bot(&mut self, game: f64, version: f64, choice: u32) -> String {
        self.0.finish_bot(id(game), id(version), choice as usize).to_json()
    }
}

impl Default for Lobby {
    fn default() -> Self {
        Lobby::new()
    }
}

/// The page's tile editor (see [`LocalEditor`]).
#[wasm_bindgen(js_name = TileEditor)]
pub struct JsTileEditor(LocalEditor);

#[wasm_bindgen(js_class = TileEditor)]
impl JsTileEditor {
    /// An editor over the built-in sets and `own`, the browser's sets
    /// (JSON: file name → text).
    ///
    /// # Errors
    /// The linked expansions do not make a catalog.
    #[wasm_bindgen(constructor)]
    pub fn new(own: &str) -> Result<JsTileEditor, JsError> {
        LocalEditor::new(own)
            .map(JsTileEditor)
            .map_err(|e| JsError::new(&format!("{e:#}")))
    }

    /// `GET /api/tiles`.
    pub fn list(&self) -> String {
        self.0.list().to_json()
    }

    /// `GET /api/tiles/file?file=…`.
    pub fn file(&self, file: &str) -> String {
        self.0.file(file).to_json()
    }

    /// `POST /api/tiles/edit`.
    pub fn edit(&self, request: &str) -> String {
        self.0.edit(request).to_json()
    }

    /// `POST /api/tiles/write`.
    pub fn write(&self, request: &str) -> String {
        self.0.write(request).to_json()
    }

    /// `POST /api/tiles/new-set`.
    pub fn new_set(&self, request: &str) -> String {
        self.0.new_set(request).to_json()
    }

    /// The browser's own sets as JSON (file name → text), to keep.
    pub fn own_files(&self) -> String {
        self.0.own_files()
    }
}

/// The bots of the page's games, in its Web Worker (see [`Thinker`]).
#[wasm_bindgen(js_name = Thinker)]
pub struct JsThinker(Thinker);

#[wasm_bindgen(js_class = Thinker)]
impl JsThinker {
    /// No game yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> JsThinker {
        JsThinker(Thinker::new())
    }

    /// The deciding bot's choice in game `game`, from its record (JSON).
    ///
    /// # Errors
    /// The record does not read or replay, or no bot decides.
    pub fn think(&mut self, game: f64, record: &str) -> Result<u32, JsError> {
        self.0
            .think(id(game), record)
            .map(|c| c as u32)
            .map_err(|e| JsError::new(&format!("{e:#}")))
    }

    /// Forgets a game's copy.
    pub fn forget(&mut self, game: f64) {
        self.0.forget(id(game));
    }
}

impl Default for JsThinker {
    fn default() -> Self {
        JsThinker::new()
    }
}

/// The search bot's speed here (see [`crate::search_rate`]):
/// `{"decisions", "iterations", "seconds", "per_second"}` as JSON.
///
/// # Errors
/// The game cannot be made.
#[wasm_bindgen]
pub fn search_rate(iterations: u32, decisions: u32) -> Result<String, JsError> {
    let r = crate::search_rate(iterations, decisions).map_err(|e| JsError::new(&format!("{e:#}")))?;
    Ok(serde_json::json!({
        "decisions": r.decisions,
        "iterations": r.iterations,
        "seconds": r.seconds,
        "per_second": r.per_second(),
    })
    .to_string())
}

/// The engine's version (`carcassonne_core::record::ENGINE_VERSION`).
#[wasm_bindgen]
pub fn engine_version() -> String {
    carcassonne_core::record::ENGINE_VERSION.to_string()
}
