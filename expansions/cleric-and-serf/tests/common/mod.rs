//! Shared helpers of the integration tests: the catalog, the tile directory
//! and typed access to the expansion's state.
#![allow(dead_code)]

use carcassonne_cleric_and_serf::State;
use carcassonne_core::{Catalog, Game, GameRecord, Pos, TileSource};
use std::path::PathBuf;

/// The expansions these tests load: this one, Inns & Cathedrals, whose
/// attribute check the inn on tile CS-1 needs, and Abbey & Mayor for the
/// barn. Their rules stay off unless a record enables them.
pub fn catalog() -> Catalog {
    let mut catalog = Catalog::default();
    catalog.add(&carcassonne_cleric_and_serf::INFO).unwrap();
    catalog.add(&carcassonne_inns_and_cathedrals::INFO).unwrap();
    catalog.add(&carcassonne_abbey_and_mayor::INFO).unwrap();
    catalog
}

/// The workspace's tile files.
pub fn tiles() -> TileSource {
    TileSource {
        dir: Some(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))),
    }
}

/// The record `name` under tests/records.
pub fn record(name: &str) -> GameRecord {
    let path = format!("{}/tests/records/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Replays the whole record `name`.
pub fn replay(name: &str) -> Game {
    replay_record(&record(name))
}

/// Replays `record` with the test catalog.
pub fn replay_record(record: &GameRecord) -> Game {
    record.replay(&catalog(), &tiles()).unwrap_or_else(|e| panic!("{e}"))
}

/// Replays only the first `moves` moves of record `name`.
pub fn replay_prefix(name: &str, moves: usize) -> Game {
    let mut r = record(name);
    r.moves.truncate(moves);
    replay_record(&r)
}

/// This expansion's state in `game`.
pub fn state(game: &Game) -> &State {
    let slot = game
        .rules()
        .expansion_slot(carcassonne_cleric_and_serf::ID)
        .expect("enabled");
    game.expansion_state(slot)
        .as_any()
        .downcast_ref::<State>()
        .expect("the expansion's state")
}

/// A player's points under one score source (`"cloisters"`, `"cleric-and-serf.cleric"` …).
pub fn points(game: &Game, player: u8, source: &str) -> i32 {
    let i = game
        .rules()
        .score_sources()
        .iter()
        .position(|s| s == source)
        .unwrap_or_else(|| panic!("no score source {source}"));
    game.state().breakdown(player)[i]
}

/// The root of the feature named `name` (`road:W`, `field:NE` …) of the tile at `(x, y)`.
pub fn root(game: &Game, x: i32, y: i32, name: &str) -> u32 {
    let pos = Pos::new(x, y);
    let fi = game.feature_by_name(pos, name).unwrap_or_else(|e| panic!("{e}"));
    let node = game.state().node_at(pos, fi).expect("placed");
    game.state().features().root(node)
}
