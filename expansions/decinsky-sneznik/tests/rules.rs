//! Děčínský Sněžník replayed from hand-written records (tests/records) and
//! games built move by move, worked out by hand from the rules quoted in
//! docs/expansions/decinsky-sneznik.md. The start tile D at (0, 0) has a
//! city cap north and a road west–east, a field on each side of the road.
//! Ann is player 0, Bob player 1.

use carcassonne_core::serde_json::json;
use carcassonne_decinsky_sneznik::INFO;
use carcassonne_testkit::{Kit, RecordBuilder, options, points, try_play, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn towers_in_supply(game: &carcassonne_core::Game, player: u8) -> u8 {
    let kind = game
        .state()
        .tables()
        .figure_index("observation-tower")
        .expect("the tower is in the game");
    game.state().supply(player, kind)
}

/// tower.json:
///
/// 1. Ann: U at (1,0), her observation tower on its south field: its range
///    is (1,0) and (1,-1), (2,0), (1,1), (0,0): 2 of 5 placed.
/// 2. Bob: U at (-1,0), his tower on its north field (range (-1,0),
///    (-1,-1), (0,0), (-1,1), (-2,0): 2 of 5).
/// 3. Ann: B at (1,1): 3 of 5. 4. Bob: U at (2,0): 4 of 5.
/// 5. Ann: E at (1,-1), the fifth: 5 points, and the tower returns.
///
/// End: Bob's tower, incomplete, scores nothing ("the player scores no
/// points"); the road (-1,0)–(2,0) holds nobody. Ann 5, Bob 0.
#[test]
fn a_tower_scores_5_when_its_plus_is_placed_and_nothing_unfinished() {
    let kit = kit();
    let before = kit.replay_first("tower.json", 8);
    assert_eq!(points(&before, 0, "decinsky-sneznik"), 0);
    assert_eq!(towers_in_supply(&before, 0), 0);
    let game = kit.replay("tower.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "decinsky-sneznik"), 5);
    assert_eq!((game.state().score(0), game.state().score(1)), (5, 0));
    assert_eq!(towers_in_supply(&game, 0), 1, "Ann's tower came back");
    assert_eq!(towers_in_supply(&game, 1), 0, "Bob's stays on the board");
}

/// The tower goes on any field of the new tile: after Ann's U at (1,0) both
/// of its fields are offered, and it is refused on the road with the
/// reason.
#[test]
fn the_tower_is_offered_on_the_new_tiles_fields() {
    let kit = kit();
    let mut game = kit.replay_first("tower.json", 1);
    let offered: Vec<String> = options(&game)
        .into_iter()
        .filter(|o| o.contains("observation-tower"))
        .collect();
    assert_eq!(
        offered,
        [
            r#"{"deploy":{"figure":"observation-tower","feature":"field:N"}}"#,
            r#"{"deploy":{"figure":"observation-tower","feature":"field:S"}}"#
        ]
    );
    let e = try_play(
        &mut game,
        r#"{"deploy":{"figure":"observation-tower","feature":"road:E"}}"#,
    )
    .unwrap_err();
    assert!(e.to_string().contains("on a field, not on a road"), "{e}");
}

/// Ann's U at (1,0) with her follower as a farmer in the north field (which
/// runs along D's north side); Bob's U at (-1,0) joins that farm. By
/// default (FanCloisterZone) Bob's tower may stand in either field; under
/// `placement = free-field` only in the south one, and the north is refused
/// with the reason.
#[test]
fn under_free_field_the_tower_keeps_out_of_farms_with_followers() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("decinsky-sneznik")
        .draw_order(&["U", "U"])
        .place("U", (1, 0), 0)
        .deploy("field:N")
        .place("U", (-1, 0), 0)
        .build();
    let towers = |game: &carcassonne_core::Game| -> Vec<String> {
        options(game)
            .into_iter()
            .filter(|o| o.contains("observation-tower"))
            .collect()
    };
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(towers(&game).len(), 2);
    let free = with_variant(&record, INFO.id, "placement", json!("free-field"));
    let mut game = kit.replay_record(&free).unwrap();
    assert_eq!(
        towers(&game),
        [r#"{"deploy":{"figure":"observation-tower","feature":"field:S"}}"#]
    );
    let e = try_play(
        &mut game,
        r#"{"deploy":{"figure":"observation-tower","feature":"field:N"}}"#,
    )
    .unwrap_err();
    assert!(e.to_string().contains("a follower stands in that farm"), "{e}");
}

/// A tower on a tile placed into a gap whose four sides hold tiles
/// completes in the same turn. Ann's U at (-1,0), Bob's B at (-1,1), Ann's
/// B at (-1,2), Bob's B at (0,2), Ann's B at (1,2), Bob's U at (1,1); Ann's
/// A turned 270° (its road east, onto U's road) fills (0,1) below D, beside
/// (-1,1) and (1,1), above (0,2): her tower on its field has all five
/// tiles at once: 5 points, and it is back in her supply when the game
/// ends.
#[test]
fn a_tower_on_a_filled_in_gap_completes_at_once() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("decinsky-sneznik")
        .draw_order(&["U", "B", "B", "B", "B", "U", "A"])
        .place("U", (-1, 0), 0)
        .pass()
        .place("B", (-1, 1), 0)
        .pass()
        .place("B", (-1, 2), 0)
        .pass()
        .place("B", (0, 2), 0)
        .pass()
        .place("B", (1, 2), 0)
        .pass()
        .place("U", (1, 1), 0)
        .pass()
        .place("A", (0, 1), 270)
        .then(json!({"deploy": {"figure": "observation-tower", "feature": "field"}}))
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "decinsky-sneznik"), 5);
    assert_eq!(towers_in_supply(&game, 0), 1);
}

/// The expansion's log lines of the last decision, in words.
fn logged(game: &carcassonne_core::Game) -> Vec<String> {
    let slot = game.rules().expansion_slot(INFO.id).unwrap();
    game.last_events()
        .iter()
        .filter_map(|e| match e {
            carcassonne_core::Event::Expansion { slot: s, detail } if *s == slot => {
                let line = game.expansion_log_line(slot, detail);
                Some(format!("{:?} {}", line.player, line.text))
            }
            _ => None,
        })
        .collect()
}

/// The completion of tower.json in words, and the towers on the board as
/// the state shows them one tile before.
#[test]
fn the_towers_in_words() {
    let kit = kit();
    assert_eq!(
        logged(&kit.replay("tower.json")),
        [
            "Some(0) completes the observation tower 1 tile south of the new tile: its tile and the four beside it are \
          placed, 5 points; the tower returns"
        ]
    );
    let before = kit.replay_first("tower.json", 8);
    let slot = before.rules().expansion_slot(INFO.id).unwrap();
    let shown: Vec<String> = before
        .presented_expansion_state(slot)
        .into_iter()
        .map(|l| format!("{:?} {}", l.player, l.text))
        .collect();
    assert_eq!(
        shown,
        [
            "Some(0) observation tower 1 tile west of the last tile placed: 4 of 5 tiles placed",
            "Some(1) observation tower 3 tiles west of the last tile placed: 2 of 5 tiles placed"
        ]
    );
}

/// "An observation tower is a special figure": it is no farmer. Ann's U at
/// (1,0) with her tower on its north field, which runs along D's city;
/// Bob's E turned 180° at (0,-1) closes that city (nobody on it). At the
/// end a farmer there would score the completed city, 3 points; the tower
/// scores no farm, and its range (3 of 5 tiles) nothing.
#[test]
fn the_tower_farms_nothing() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("decinsky-sneznik")
        .draw_order(&["U", "E"])
        .place("U", (1, 0), 0)
        .then(json!({"deploy": {"figure": "observation-tower", "feature": "field:N"}}))
        .place("E", (0, -1), 180)
        .pass()
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "farms"), 0);
    assert_eq!(game.state().score(0), 0);
    // The same farm with a follower instead: 3.
    let farmer = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("decinsky-sneznik")
        .draw_order(&["U", "E"])
        .place("U", (1, 0), 0)
        .deploy("field:N")
        .place("E", (0, -1), 180)
        .pass()
        .build();
    assert_eq!(points(&kit.replay_record(&farmer).unwrap(), 0, "farms"), 3);
}
