//! The expansion's test kit: records from `tests/records/` replayed with
//! the workspace's tiles, moves and options in record form.

#![allow(dead_code, unused_imports)]

use carcassonne_core::{Game, GameRecord};
use carcassonne_testkit::Kit;
pub use carcassonne_testkit::{options, play as try_move, points, try_play};

fn kit() -> Kit {
    Kit::new(&carcassonne_abbey_and_mayor::INFO, env!("CARGO_MANIFEST_DIR"))
        .tiles_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))
}

pub fn record(name: &str) -> GameRecord {
    kit().record(name)
}

pub fn replay(name: &str) -> Game {
    kit().replay(name)
}

pub fn replay_first(name: &str, moves: usize) -> Game {
    let available = record(name).moves.len();
    assert!(moves <= available, "{name} has only {available} moves");
    kit().replay_first(name, moves)
}

pub fn followers_in_supply(game: &Game, player: u8) -> u8 {
    game.state()
        .supply(player, game.rules().figure_index("follower").unwrap())
}

pub fn public(game: &Game) -> carcassonne_core::serde_json::Value {
    let slot = game.rules().expansion_slot("abbey-and-mayor").unwrap();
    game.public_expansion_state(slot)
}
