//! The SPIEL DOCH! Promo replayed from hand-written records
//! (tests/records), worked out by hand from the rules quoted in
//! docs/expansions/spiel-doch.md. With the variant `start = "tiles"` (the
//! default) SD-A (city caps north and west) lies at (0,0) and SD-B (roads
//! north, east and south once turned 270°, a field west) at (1,0); y grows
//! southwards. Ann is player 0, Bob player 1.

use carcassonne_core::serde_json::json;
use carcassonne_core::{Game, GameConfig, GameRecord, Pos, Rotation};
use carcassonne_spiel_doch::INFO;
use carcassonne_testkit::{Kit, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_river::INFO)
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

/// The id and turn of the tile at (x, y), if any.
fn tile_at(game: &Game, x: i32, y: i32) -> Option<(String, Rotation)> {
    let placed = game.state().board().get(Pos::new(x, y))?;
    Some((game.rules().tile(placed.tile).def.id.clone(), placed.rotation))
}

/// The game of a record's configuration before its first move, without
/// its draw order: its board and bag as the configuration makes them.
fn fresh(kit: &Kit, record: &GameRecord) -> Game {
    let mut config: GameConfig = record.config.clone();
    config.draw_order = None;
    Game::new(kit.rules(&config)).unwrap()
}

/// start.json. The two promo tiles are the start. Ann's E turned 180° at
/// (0,-1) closes SD-A's northern cap, her knight in it: a city of 2 tiles,
/// 4. Bob's U turned 90° at (1,-1) continues SD-B's northern road, his
/// follower on it. Ann's E turned 90° at (-1,0) closes SD-A's western cap,
/// her knight in it: 4 more. End: Bob's road from the junction, 2 tiles, 2.
/// Ann 8, Bob 2.
#[test]
fn the_two_tiles_are_the_start_and_play_as_ordinary_tiles() {
    let game = kit().replay("start.json");
    assert!(game.is_over());
    assert_eq!(tile_at(&game, 0, 0), Some(("SD-A".into(), Rotation::NONE)));
    assert_eq!(tile_at(&game, 1, 0), Some(("SD-B".into(), Rotation::quarters(3))));
    assert_eq!(scores(&game), (8, 2));
}

/// "remove the regular starting tile from the game": the base game's 72
/// tiles less its start (D) are the bag, 71, and the promo's two lie on the
/// table: 70 once the first turn's tile is drawn. Shuffled, the start is D
/// and the bag holds the other 71 and the promo's 2: 72 after the first
/// draw, and nothing but D lies on the table.
#[test]
fn as_start_tiles_the_base_start_leaves_the_game_and_shuffled_they_join_the_bag() {
    let kit = kit();
    let record = kit.record("start.json");
    let game = fresh(&kit, &record);
    assert_eq!(game.state().tiles_left(), 70);
    assert_eq!(game.state().board().tiles().len(), 2);
    let shuffled = with_variant(&record, INFO.id, "start", json!("shuffled"));
    let game = fresh(&kit, &shuffled);
    assert_eq!(game.state().tiles_left(), 72);
    assert_eq!(game.state().board().tiles().len(), 1);
    assert_eq!(tile_at(&game, 0, 0).map(|(id, _)| id), Some("D".into()));
}

/// With The River the spring is the start: the promo's tiles replace only
/// the base game's start, so they go into the bag (River: 12 tiles, its
/// spring the start; 71 base tiles and 11 River tiles and 2 promo tiles,
/// one drawn: 83).
#[test]
fn with_an_expansion_that_brings_its_own_start_the_tiles_are_shuffled() {
    let kit = kit();
    let mut record = kit.record("start.json");
    record.config.expansions.push("river".into());
    let game = fresh(&kit, &record);
    assert_eq!(game.state().board().tiles().len(), 1);
    assert_ne!(tile_at(&game, 0, 0).map(|(id, _)| id), Some("SD-A".into()));
    assert_eq!(game.state().tiles_left(), 83);
}
