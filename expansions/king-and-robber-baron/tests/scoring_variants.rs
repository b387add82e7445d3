//! The variant `scoring` (JCloisterZone's `king-and-robber-scoring`),
//! replayed from the hand-written records of `titles.rs` and
//! `one_holder.json`. What each value means is JCloisterZone's
//! (`KingCapability` / `RobberCapability`):
//!
//! - `default`: at the end, 1 point per city (King) / road (Robber Baron)
//!   completed during the game;
//! - `10/20`: at the end, 10 points for each title held;
//! - `15/40`: at the end, 15 points for one title, 40 for holding both;
//! - `continuously`: in each turn's scoring, whoever held the title before
//!   that turn's completions scores 1 point per city (road) completed in
//!   the turn; the first completion of a kind pays nobody (no holder yet);
//!   nothing at the end.
//!
//! Ann is player 0, Bob 1. The records' turns are described in
//! `titles.rs`; `one_holder.json`: Ann's E at (0,-1) closes D's city (King
//! to Ann), Bob's A at (1,0) ends D's road east, Ann's A at (-1,0) ends it
//! west (A, D, A: Robber Baron to Ann). Nobody deploys.

use carcassonne_core::serde_json::json;
use carcassonne_core::{Catalog, Game, GameRecord, TileSource};
use carcassonne_king_and_robber_baron::INFO;
use carcassonne_testkit::{points, with_variant};

fn replay(name: &str, scoring: &str) -> Game {
    let path = format!("{}/tests/records/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let record = GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let record = with_variant(&record, INFO.id, "scoring", json!(scoring));
    let mut catalog = Catalog::default();
    catalog.add(&INFO).unwrap();
    let tiles = TileSource {
        dir: Some(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles").into()),
    };
    let game = record.replay(&catalog, &tiles).unwrap_or_else(|e| panic!("{e}"));
    assert!(game.is_over());
    game
}

/// (King, Robber Baron, both) points of each player.
fn titles(game: &Game) -> [(i32, i32, i32); 2] {
    [0, 1].map(|p| {
        (
            points(game, p, "king-and-robber-baron.king"),
            points(game, p, "king-and-robber-baron.robber-baron"),
            points(game, p, "king-and-robber-baron.both"),
        )
    })
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

#[test]
fn default_is_one_point_per_completed_feature() {
    // both.json: King Ann (2 cities), Robber Baron Bob (1 road).
    let game = replay("both", "default");
    assert_eq!(titles(&game), [(2, 0, 0), (0, 1, 0)]);
    // one_holder.json: Ann holds both: 1 city + 1 road.
    let game = replay("one_holder", "default");
    assert_eq!(titles(&game), [(1, 1, 0), (0, 0, 0)]);
}

#[test]
fn ten_twenty_gives_ten_points_a_title() {
    // both.json: Ann 10 for the King, Bob 10 for the Robber Baron.
    let game = replay("both", "10/20");
    assert_eq!(titles(&game), [(10, 0, 0), (0, 10, 0)]);
    assert_eq!(scores(&game), (10, 10));
    // one_holder.json: Ann holds both, 10 + 10 = 20.
    let game = replay("one_holder", "10/20");
    assert_eq!(scores(&game), (20, 0));
    // king.json: only the King was won (Bob): 10; no road was completed.
    let game = replay("king", "10/20");
    assert_eq!(titles(&game), [(0, 0, 0), (10, 0, 0)]);
    assert_eq!(scores(&game), (8, 10));
}

#[test]
fn fifteen_forty_gives_fifteen_for_one_title_and_forty_for_both() {
    // both.json: each holds one title: 15 each.
    let game = replay("both", "15/40");
    assert_eq!(titles(&game), [(15, 0, 0), (0, 15, 0)]);
    // one_holder.json: Ann holds both: 40 (not 15 + 15), under `both`.
    let game = replay("one_holder", "15/40");
    assert_eq!(titles(&game), [(0, 0, 40), (0, 0, 0)]);
    assert_eq!(scores(&game), (40, 0));
}

#[test]
fn continuously_pays_the_holder_before_the_turn_for_each_completion() {
    // king.json. Turn 1: Ann closes D's city, nobody held the King: no
    // point; Ann takes it. Turn 4: Bob closes a 2-tile city: the King
    // (Ann) scores 1. Turn 8: Bob closes the 3-tile city: the King as the
    // turn began, Ann, scores 1, then Bob takes the King. Ann's follower
    // scored that city 8. Nothing at the end.
    let game = replay("king", "continuously");
    assert_eq!(titles(&game), [(2, 0, 0), (0, 0, 0)]);
    assert_eq!(scores(&game), (10, 0));
    // robber_baron.json. Turn 4: Bob closes the first loop (no holder yet)
    // and takes the Robber Baron; turn 9: Ann closes a second loop: Bob
    // scores 1; turn 13: Ann closes the 5-tile road: Bob scores 1, then Ann
    // takes the title; her follower scores the road 5.
    let game = replay("robber_baron", "continuously");
    assert_eq!(titles(&game), [(0, 0, 0), (0, 2, 0)]);
    assert_eq!(scores(&game), (5, 2));
    // one_holder.json: each title is won by its kind's first completion,
    // which pays nobody.
    assert_eq!(scores(&replay("one_holder", "continuously")), (0, 0));
}

#[test]
fn an_unknown_scoring_is_refused_naming_the_values() {
    let path = format!("{}/tests/records/both.json", env!("CARGO_MANIFEST_DIR"));
    let record = GameRecord::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let record = with_variant(&record, INFO.id, "scoring", json!("20/40"));
    let mut catalog = Catalog::default();
    catalog.add(&INFO).unwrap();
    let err = record.replay(&catalog, &TileSource::default()).unwrap_err().to_string();
    assert!(
        err.contains("scoring") && err.contains("default, 10/20, 15/40, continuously"),
        "{err}"
    );
}
