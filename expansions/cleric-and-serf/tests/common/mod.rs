//! The expansion's test kit: this expansion with the two whose tiles and
//! figures it meets (inns on its tiles, the barn and the abbey), the
//! workspace's tiles, records from `tests/records/`.

#![allow(dead_code, unused_imports)]

use carcassonne_cleric_and_serf::State;
use carcassonne_core::{Catalog, Game, GameRecord, Pos, TileSource};
use carcassonne_testkit::Kit;
pub use carcassonne_testkit::points;

/// The expansions of these tests, the workspace's tiles and this crate's records.
pub fn kit() -> Kit {
    Kit::new(&carcassonne_cleric_and_serf::INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_abbey_and_mayor::INFO)
        .tiles_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))
}

pub fn catalog() -> Catalog {
    kit().catalog().clone()
}

pub fn tiles() -> TileSource {
    kit().tiles().clone()
}

pub fn record(name: &str) -> GameRecord {
    kit().record(name)
}

pub fn replay(name: &str) -> Game {
    kit().replay(name)
}

pub fn replay_record(record: &GameRecord) -> Game {
    kit().replay_record(record).unwrap_or_else(|e| panic!("{e}"))
}

pub fn replay_prefix(name: &str, moves: usize) -> Game {
    kit().replay_first(name, moves)
}

pub fn state(game: &Game) -> &State {
    carcassonne_testkit::state(game, carcassonne_cleric_and_serf::ID)
}

/// The root of the feature `name` of the tile at (x, y).
pub fn root(game: &Game, x: i32, y: i32, name: &str) -> u32 {
    let pos = Pos::new(x, y);
    let fi = game.feature_by_name(pos, name).unwrap_or_else(|e| panic!("{e}"));
    let node = game.state().node_at(pos, fi).expect("placed");
    game.state().features().root(node)
}
