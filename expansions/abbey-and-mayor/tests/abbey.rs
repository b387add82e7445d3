//! The abbey, replayed from tests/records/abbey.json.
//!
//! The board the record builds (Ann = 0, Bob = 1), before the abbey:
//!
//! ```text
//!            x=-1        x=0         x=1          x=2
//! y=-1   E (Ann, T9)               E 180° city S   E (city N)
//!                                  Ann's follower
//! y=0    A 270°      D (start)     [hole]         B
//!        road E      road E-W
//!        Ann's road follower
//! y=1    B           B             B              B
//! ```
//!
//! The hole at (1,0) touches the start tile's road (west), the city cap of
//! (1,-1) (north) and two cloister tiles' fields (east, south).

mod common;

use carcassonne_abbey_and_mayor as am;
use carcassonne_core::serde_json;
use carcassonne_core::{Decision, Pos, RefusalKind};
use common::{followers_in_supply, options, points, public, replay, replay_first, try_play};

/// Moves before Bob's first abbey decision (7 turns of place + deploy).
const BEFORE_FIRST_DECISION: usize = 14;
/// Moves before Bob's decision in turn 10, where he places the abbey.
const BEFORE_ABBEY: usize = 20;
/// Moves up to Bob's deployment on the abbey (the turn is then scored).
const AFTER_ABBEY_TURN: usize = 22;

#[test]
fn abbey_completes_the_road_and_city_it_walls_off() {
    let game = replay_first("abbey.json", AFTER_ABBEY_TURN);
    let abbey = game
        .state()
        .board()
        .get(Pos::new(1, 0))
        .expect("the abbey lies at (1,0)");
    assert_eq!(game.rules().tile(abbey.tile).id(), am::ABBEY_TILE);
    assert_eq!(abbey.placer, Some(1), "Bob placed it");
    // Rule: the abbey's walls end the features that reach them, and a
    // completed feature scores at once for the majority (Ann, not Bob).
    // Road A(-1,0) + D(0,0), ended by A's cloister and the abbey's wall:
    // complete, 2 tiles × 1 = 2. City cap at (1,-1) closed by the wall:
    // complete, 1 tile × 2 = 2.
    assert_eq!(points(&game, 0, "roads"), 2);
    assert_eq!(points(&game, 0, "cities"), 2);
    assert_eq!(game.state().score(0), 4);
    assert_eq!(game.state().score(1), 0);
    // Completed features give their followers back: Ann has all 7.
    assert_eq!(followers_in_supply(&game, 0), 7);
}

#[test]
fn abbey_scores_as_a_cloister_at_game_end() {
    let game = replay("abbey.json");
    assert!(game.is_over());
    // Bob's follower on the abbey: at game end an incomplete cloister scores
    // 1 + 1 per neighbouring tile. Of the 8 cells round (1,0) only (0,-1)
    // is empty: 1 + 7 = 8.
    assert_eq!(points(&game, 1, "cloisters"), 8);
    assert_eq!(game.state().score(1), 8);
    // Ann's points came from the abbey turn; nothing of hers is left.
    assert_eq!(game.state().score(0), 4);
    // Bob used his abbey; Ann kept hers (she answered "draw").
    assert_eq!(public(&game)["abbeys_left"], serde_json::json!([1, 0]));
}

#[test]
fn a_player_is_asked_only_once_a_hole_exists() {
    // Turns 1-7 have no decision (there is no hole): the record places at
    // once. In turn 7, before the hole is closed, the decision is the place.
    let mut game = replay_first("abbey.json", 12);
    assert!(matches!(game.decision(), Some(Decision::Place { player: 0, .. })));
    let err = try_play(&mut game, r#"{"abbey-and-mayor": {"abbey": [1, 0]}}"#).unwrap_err();
    assert_eq!(err.kind, RefusalKind::WrongDecision, "{err}");
    assert!(err.message.contains("must place tile E"), "{err}");

    // Turn 8: the hole (1,0) exists and Bob still has his abbey.
    let game = replay_first("abbey.json", BEFORE_FIRST_DECISION);
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 1, .. })));
    assert_eq!(
        options(&game),
        [
            r#"{"abbey-and-mayor":"draw"}"#,
            r#"{"abbey-and-mayor":{"abbey":[1,0]}}"#
        ]
    );
}

#[test]
fn draw_keeps_the_abbey() {
    // Bob (turn 8) and Ann (turn 9) answered "draw".
    let game = replay_first("abbey.json", BEFORE_ABBEY);
    assert_eq!(public(&game)["abbeys_left"], serde_json::json!([1, 1]));
}

#[test]
fn abbey_refused_where_a_side_is_open() {
    let mut game = replay_first("abbey.json", BEFORE_ABBEY);
    // (0,-1) touches tiles on three sides (W, S, E) but not north.
    for side in carcassonne_core::Side::ALL {
        let occupied = game.state().board().is_occupied(Pos::new(0, -1).step(side));
        assert_eq!(occupied, side != carcassonne_core::Side::N, "{side:?}");
    }
    assert_eq!(
        options(&game),
        [
            r#"{"abbey-and-mayor":"draw"}"#,
            r#"{"abbey-and-mayor":{"abbey":[1,0]}}"#
        ]
    );
    let err = try_play(&mut game, r#"{"abbey-and-mayor": {"abbey": [0, -1]}}"#).unwrap_err();
    assert_eq!(err.kind, RefusalKind::Expansion, "{err}");
    // Nor on a tile, nor far from the board.
    let err = try_play(&mut game, r#"{"abbey-and-mayor": {"abbey": [0, 0]}}"#).unwrap_err();
    assert_eq!(err.kind, RefusalKind::Expansion, "{err}");
    // A malformed answer is a clear error, not a panic.
    let err = try_play(&mut game, r#"{"abbey-and-mayor": {"abbey": "here"}}"#).unwrap_err();
    assert_eq!(err.kind, RefusalKind::MalformedMove, "{err}");
    assert!(err.message.contains("abbey-and-mayor"), "{err}");
}

#[test]
fn only_the_cloister_is_offered_on_the_abbey() {
    // A follower or the wagon may go on the abbey's cloister (the mayor
    // only into cities); nothing else is on the tile.
    let game = replay_first("abbey.json", BEFORE_ABBEY + 1);
    assert_eq!(
        options(&game),
        [
            r#"{"deploy":{"feature":"cloister"}}"#,
            r#"{"deploy":{"figure":"wagon","feature":"cloister"}}"#,
            r#""pass""#
        ]
    );
}
