//! The expansion's test kit: the catalog, the workspace's tile directory
//! (so edits to the TOML files apply), records from `tests/records/`, and
//! the expansion's state.

#![allow(dead_code, unused_imports)]

use carcassonne_core::{Catalog, Game, GameRecord, TileSource};
use carcassonne_fruit_trees::{INFO, State};
use carcassonne_testkit::Kit;
pub use carcassonne_testkit::{action, options, points};

/// This expansion, the workspace's tiles and this crate's records.
pub fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).tiles_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))
}

/// A catalog with only this expansion.
pub fn catalog() -> Catalog {
    kit().catalog().clone()
}

/// The workspace's tile directory.
pub fn tiles() -> TileSource {
    kit().tiles().clone()
}

/// A record from `tests/records/`.
pub fn record(name: &str) -> GameRecord {
    kit().record(name)
}

/// Replays a record from `tests/records/` with this expansion only.
pub fn replay(name: &str) -> Game {
    kit().replay(name)
}

/// Replays only the first `n` moves of a record.
pub fn replay_first(name: &str, n: usize) -> Game {
    kit().replay_first(name, n)
}

/// The expansion's slot in `game`.
pub fn slot(game: &Game) -> u8 {
    game.rules().expansion_slot("fruit-trees").expect("fruit-trees is on")
}

/// The expansion's full state (hidden stack order included).
pub fn state(game: &Game) -> &State {
    carcassonne_testkit::state(game, "fruit-trees")
}
