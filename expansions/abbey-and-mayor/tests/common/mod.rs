//! Replaying the hand-written records of this crate, whole or in part.

#![allow(dead_code)]

use carcassonne_core::{Action, Catalog, Game, GameRecord, Move, PlayError, TileSource};
use std::path::PathBuf;

/// The record `name` under tests/records.
pub fn record(name: &str) -> GameRecord {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn catalog() -> Catalog {
    let mut catalog = Catalog::default();
    catalog.add(&carcassonne_abbey_and_mayor::INFO).unwrap();
    catalog
}

fn tiles() -> TileSource {
    TileSource {
        dir: Some(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))),
    }
}

/// The whole record, replayed.
pub fn replay(name: &str) -> Game {
    record(name)
        .replay(&catalog(), &tiles())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The record's first `moves` moves, replayed.
pub fn replay_first(name: &str, moves: usize) -> Game {
    let mut r = record(name);
    assert!(moves <= r.moves.len(), "{name} has only {} moves", r.moves.len());
    r.moves.truncate(moves);
    r.replay(&catalog(), &tiles()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Plays one move written as record JSON.
pub fn try_move(game: &mut Game, json: &str) -> Result<(), String> {
    let m: Move = carcassonne_core::serde_json::from_str(json).map_err(|e| e.to_string())?;
    let action = game.action_from_move(&m).map_err(|e| e.to_string())?;
    game.play(&action).map_err(|e: PlayError| e.to_string())
}

/// The legal options of the pending decision, in record form.
pub fn options(game: &Game) -> Vec<String> {
    let mut out: Vec<Action> = Vec::new();
    game.legal_actions(&mut out);
    out.iter()
        .map(|a| carcassonne_core::serde_json::to_string(&game.move_of(a)).unwrap())
        .collect()
}

/// Points of `player` under the score source named `source`.
pub fn points(game: &Game, player: u8, source: &str) -> i32 {
    let i = game
        .rules()
        .score_sources()
        .iter()
        .position(|s| s == source)
        .unwrap_or_else(|| panic!("no score source {source}: {:?}", game.rules().score_sources()));
    game.state().breakdown(player)[i]
}

/// Followers of `player` in supply.
pub fn followers_in_supply(game: &Game, player: u8) -> u8 {
    game.state()
        .supply(player, game.rules().figure_index("follower").unwrap())
}

/// The expansion's public state.
pub fn public(game: &Game) -> carcassonne_core::serde_json::Value {
    let slot = game.rules().expansion_slot("abbey-and-mayor").unwrap();
    game.public_expansion_state(slot)
}
