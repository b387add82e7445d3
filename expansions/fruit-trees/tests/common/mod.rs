//! Helpers shared by the integration tests: the catalog, the tile
//! directory, record replay and access to the expansion's state.

#![allow(dead_code)]

use carcassonne_core::serde_json;
use carcassonne_core::{Action, Catalog, Game, GameRecord, Move, TileSource};
use carcassonne_fruit_trees::{INFO, State};
use std::path::PathBuf;

/// A catalog with only this expansion.
pub fn catalog() -> Catalog {
    let mut catalog = Catalog::default();
    catalog.add(&INFO).expect("fruit-trees registers");
    catalog
}

/// The workspace's tile directory, so edits to the TOML files apply.
pub fn tiles() -> TileSource {
    TileSource {
        dir: Some(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))),
    }
}

/// A record from `tests/records/`.
pub fn record(name: &str) -> GameRecord {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/records")).join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Replays a record from `tests/records/` with this expansion only.
pub fn replay(name: &str) -> Game {
    record(name)
        .replay(&catalog(), &tiles())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Replays only the first `n` moves of a record.
pub fn replay_first(name: &str, n: usize) -> Game {
    let mut r = record(name);
    r.moves.truncate(n);
    r.replay(&catalog(), &tiles()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The expansion's slot in `game`.
pub fn slot(game: &Game) -> u8 {
    game.rules().expansion_slot("fruit-trees").expect("fruit-trees is on")
}

/// The expansion's full state (hidden stack order included).
pub fn state(game: &Game) -> &State {
    game.expansion_state(slot(game))
        .as_any()
        .downcast_ref::<State>()
        .expect("the fruit-trees slot holds its state")
}

/// A player's points under breakdown key `source` (`"fruit-trees.harvest"`, `"roads"` …).
pub fn points(game: &Game, player: u8, source: &str) -> i32 {
    let i = game
        .rules()
        .score_sources()
        .iter()
        .position(|s| s == source)
        .unwrap_or_else(|| panic!("no score source `{source}`"));
    game.state().breakdown(player)[i]
}

/// The pending decision's options in record form, as JSON text.
pub fn options(game: &Game) -> Vec<String> {
    let mut out: Vec<Action> = Vec::new();
    game.legal_actions(&mut out);
    out.iter()
        .map(|a| serde_json::to_string(&game.move_of(a)).expect("moves serialise"))
        .collect()
}

/// The record move `json` as an action of `game` now.
pub fn action(game: &Game, json: &str) -> Result<Action, String> {
    let m: Move = serde_json::from_str(json).map_err(|e| e.to_string())?;
    game.action_from_move(&m).map_err(|e| e.to_string())
}
