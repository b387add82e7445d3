//! Meteorites replayed from hand-written games, worked out by hand from the
//! rules quoted in docs/expansions/meteorites.md. The start tile D at
//! (0, 0) has a city cap north and a road west–east; y grows southward.
//! MET-G: one field and a road from the west ending at the crater. Ann is
//! player 0, Bob player 1.
//!
//! The die follows the record's seed. Each test takes, for every face, the
//! first seed from 0 whose game rolls it (so the test does not hang on one
//! random number), checks the roll and the tiles struck, then the figures
//! sent back and the scores.
//!
//! strike.json and settle.json:
//!
//! 1. Ann: U at (1,0) carries D's road east, her follower on it (it stands
//!    at (1,0)).
//! 2. Bob: B at (0,1), a monk on its cloister.
//! 3. Ann: B at (1,1), a monk on its cloister.
//! 4. Bob: MET-G at (2,0): the road D–U–MET-G ends at its crater. The die
//!    is rolled. Round the crater (2,0): Ann's road follower at (1,0) is 1
//!    step away, her monk at (1,1) 2 steps (1 column, 1 row), Bob's monk at
//!    (0,1) 3 steps (2 columns, 1 row). Then Bob passes (strike.json) or
//!    puts a follower on MET-G's road (settle.json).
//!
//! The end: the road (3 tiles, open west) is worth 3; Ann's cloister at
//! (1,1) has D, U, MET-G and Bob's cloister round it: 5; Bob's cloister at
//! (0,1) has D, U and Ann's cloister: 4.

use carcassonne_core::serde_json::Value;
use carcassonne_core::{Event, Game, GameRecord};
use carcassonne_meteorites::{INFO, Impact, State, Strike};
use carcassonne_testkit::{Kit, points, try_play, with_variant};

/// The Tower in the catalog, for tower.json.
fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_the_tower::INFO)
}

fn state(game: &Game) -> &State {
    carcassonne_testkit::state(game, INFO.id)
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

fn followers(game: &Game, player: u8) -> u8 {
    game.state()
        .supply(player, game.rules().figure_index("follower").unwrap())
}

/// The record replayed at the first seed from 0 whose meteorite shows
/// `face`, with its last strike.
fn rolling(kit: &Kit, record: &GameRecord, face: u8) -> (Game, Strike) {
    let mut record = record.clone();
    for seed in 0..500 {
        record.config.seed = seed;
        let game = kit.replay_record(&record).expect("replays");
        let strike = state(&game).strikes.last().cloned().expect("the meteorite fell");
        if strike.roll == face {
            return (game, strike);
        }
    }
    panic!("no seed below 500 rolls {face}");
}

/// The expansion's log lines of the last decision, in words.
fn logged(game: &Game) -> Vec<String> {
    let slot = game.rules().expansion_slot(INFO.id).unwrap();
    game.last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { slot: s, detail } if *s == slot => Some(game.expansion_log_line(slot, detail).text),
            _ => None,
        })
        .collect()
}

/// strike.json, the default `impact = "standard"` (the flight die): "The
/// number rolled determines the destructive power of the meteorite. The
/// meteorite's impact causes all meeples on the affected tiles to be
/// returned to the supply according to the die value."
///
/// - 1: the crater's tile alone, where nobody stands yet: nothing. Ann 3 +
///   5 = 8, Bob 4.
/// - 2: the crater's tile and the four beside it: Ann's road follower at
///   (1,0) goes back (her supply 5 → 6); the road scores for nobody. Ann 5,
///   Bob 4.
/// - 3: every tile up to two steps away: her monk at (1,1) too (supply 7).
///   Ann 0, Bob 4; Bob's monk, 3 steps away, stays.
#[test]
fn each_face_of_the_flight_die_strikes_its_tiles() {
    let kit = kit();
    let record = kit.record("strike.json");
    for (face, impact, returned, ann_supply, end) in [
        (1, Impact::Tile, 0, 5, (8, 4)),
        (2, Impact::Plus, 1, 6, (5, 4)),
        (3, Impact::Diamond, 2, 7, (0, 4)),
    ] {
        let (game, strike) = rolling(&kit, &record, face);
        assert_eq!((strike.pos.x, strike.pos.y), (2, 0));
        assert_eq!((strike.impact, strike.returned), (impact, returned), "face {face}");
        assert_eq!(followers(&game, 0), ann_supply, "face {face}");
        assert_eq!(followers(&game, 1), 6, "face {face}: Bob's monk stays");
        assert!(game.is_over());
        assert_eq!(scores(&game), end, "face {face}");
    }
}

/// strike.json with `impact = "extended"` ("Players can agree to use a more
/// destructive meteorite impact"):
///
/// - 1: the crater's tile and the four beside it: Ann's road follower. Ann
///   5, Bob 4.
/// - 2: the 3 × 3 square: her monk at (1,1) too. Ann 0, Bob 4.
/// - 3: the 5 × 5 square without its corners: Bob's monk at (0,1) (2
///   columns, 1 row) too. Nobody scores: 0–0.
#[test]
fn the_extended_impact_strikes_wider() {
    let kit = kit();
    let record = with_variant(&kit.record("strike.json"), INFO.id, "impact", "extended".into());
    for (face, impact, returned, end) in [
        (1, Impact::Plus, 1, (5, 4)),
        (2, Impact::Square, 2, (0, 4)),
        (3, Impact::Wide, 3, (0, 0)),
    ] {
        let (game, strike) = rolling(&kit, &record, face);
        assert_eq!((strike.impact, strike.returned), (impact, returned), "face {face}");
        assert_eq!(scores(&game), end, "face {face}");
    }
    let (game, _) = rolling(&kit, &record, 3);
    assert_eq!((followers(&game, 0), followers(&game, 1)), (7, 7));
}

/// strike.json with `impact = "combination"`: a six-sided die, 1 to 6 the
/// standard and extended shapes in turn, from the smallest.
#[test]
fn the_combination_rolls_a_six_sided_die() {
    let kit = kit();
    let record = with_variant(&kit.record("strike.json"), INFO.id, "impact", "combination".into());
    for (face, impact, end) in [
        (1, Impact::Tile, (8, 4)),
        (2, Impact::Plus, (5, 4)),
        (3, Impact::Plus, (5, 4)),
        (4, Impact::Square, (0, 4)),
        (5, Impact::Diamond, (0, 4)),
        (6, Impact::Wide, (0, 0)),
    ] {
        let (game, strike) = rolling(&kit, &record, face);
        assert_eq!(strike.impact, impact, "face {face}");
        assert_eq!(scores(&game), end, "face {face}");
    }
}

/// settle.json: the roll comes before the follower step ("After placing the
/// tile, the active player rolls the die" — "2. Placing a meeple"), so
/// Bob may take the road the meteorite cleared: with a 2 he puts a follower
/// on MET-G's road and scores it at the end, 3; Ann 5, Bob 3 + 4 = 7. With
/// a 1 Ann's follower still holds the road, and the same deployment is
/// refused.
#[test]
fn the_player_may_settle_what_the_meteorite_cleared() {
    let kit = kit();
    let record = kit.record("settle.json");
    let (game, _) = rolling(&kit, &record, 2);
    assert!(game.is_over());
    assert_eq!(scores(&game), (5, 7));
    assert_eq!(points(&game, 1, "roads"), 3);

    let mut placed = record.clone();
    placed.moves.truncate(7);
    let (mut game, strike) = rolling(&kit, &placed, 1);
    assert_eq!(strike.returned, 0);
    assert!(try_play(&mut game, r#"{"deploy": {"feature": "road:W"}}"#).is_err());
}

/// The roll is logged, in words, with the die's face; a tile without a
/// crater rolls nothing.
#[test]
fn the_strike_is_logged_in_words() {
    let kit = kit();
    let mut record = kit.record("strike.json");
    record.moves.truncate(7);
    let (game, _) = rolling(&kit, &record, 2);
    assert_eq!(
        logged(&game),
        [
            "A meteorite strikes the crater's tile and the four beside it (the crater 2 tiles east of the start \
          tile): 1 figure goes back to its supply"
        ]
    );
    let line = game.expansion_log_line(
        game.rules().expansion_slot(INFO.id).unwrap(),
        &game
            .last_events()
            .iter()
            .find_map(|e| match e {
                Event::Expansion { detail, .. } => Some(detail.clone()),
                _ => None,
            })
            .unwrap_or(Value::Null),
    );
    assert_eq!(line.die, Some(2));

    record.moves.truncate(2);
    let game = kit.replay_record(&record).unwrap();
    assert!(state(&game).strikes.is_empty());
}

/// tower.json: Ann's TW-B (a tower in an open field) at (0,1), her tower
/// floor on it; Bob's B at (1,1), his follower on top of Ann's tower (its
/// guard). Ann's MET-G at (0,2) rolls a 2: the crater's tile and the four
/// beside it, (0,1) among them. Bob's follower on the tower is a meeple
/// and goes back; the tower's floor is a piece of a building, not a
/// meeple, and stays: the tower is open again.
#[test]
fn a_tower_keeps_its_floors_and_loses_its_guard() {
    let kit = kit();
    let (game, strike) = rolling(&kit, &kit.record("tower.json"), 2);
    assert_eq!((strike.impact, strike.returned), (Impact::Plus, 1));
    let floor = game.rules().figure_index("tower-floor").unwrap();
    let on_tower: Vec<(u8, u8)> = game
        .state()
        .figures_on(carcassonne_core::Pos::new(0, 1))
        .map(|f| (f.owner, f.kind))
        .collect();
    assert_eq!(on_tower, [(0, floor)]);
    assert_eq!(followers(&game, 1), 7);
}
