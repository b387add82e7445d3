//! The Watchtowers replayed from hand-written records (tests/records),
//! worked out by hand from the rules quoted in docs/expansions/watchtowers.md.
//! The start tile D at (0, 0) has a city cap north and a road west–east.
//! Ann is player 0, Bob player 1.

use carcassonne_core::{Event, Game};
use carcassonne_testkit::{Kit, RecordBuilder, points};
use carcassonne_watchtowers::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_inns_and_cathedrals::INFO)
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

/// The points scored by the last decision, in order: (player, points).
fn scored(game: &Game) -> Vec<(u8, i32)> {
    game.last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Scored { player, points, .. } => Some((*player, *points)),
            _ => None,
        })
        .collect()
}

/// meeple.json. Ann's WT-D (a meeple tower, 2 each) turned 90° at (1,0)
/// ends D's road east; her follower on its road. Bob's U at (1,-1), his
/// follower on its road. Ann's A turned 270° at (-1,0) ends the road west
/// at its cloister: the road (-1,0)–(1,0) completes, and Ann's follower on
/// the tower tile scores the tower first: on the 9 tiles round (1,0), her
/// follower and Bob's (the monk at (-1,0) is outside): 2 × 2 = 4; then the
/// road, 3 tiles: 3. End: Ann's cloister with D beside it, 2; Bob's road,
/// 1 tile, 1. Ann 9, Bob 1.
#[test]
fn a_meeple_tower_counts_every_follower_round_it() {
    let kit = kit();
    // The last move ends the game: the end's scoring follows the turn's.
    let game = kit.replay("meeple.json");
    assert_eq!(
        scored(&game),
        [(0, 4), (0, 3), (1, 1), (0, 2)],
        "the tower first, then the road"
    );
    assert_eq!(scores(&game), (9, 1));
    assert_eq!(points(&game, 0, "watchtowers"), 4);
}

/// city.json. Ann's WT-C (a city tower, 1 a tile with a city) turned 180°
/// at (0,-1) closes D's city; her knight in it. The tower: WT-C and D have
/// a city, 2; the city, 2 tiles: 4. Ann 6.
#[test]
fn a_city_tower_counts_tiles_with_a_city() {
    let kit = kit();
    let game = kit.replay("city.json");
    assert_eq!(scored(&game), [(0, 2), (0, 4)]);
    assert_eq!(scores(&game), (6, 0));
}

/// monastery.json. Ann's WT-K (a monastery tower, 3 each) at (1,0); her
/// follower on its west road end. Bob's A turned 90° at (1,1), his monk.
/// Ann's A turned 270° at (-1,0) closes the road (-1,0)–(1,0): the tower
/// counts Bob's cloister at (1,1), whoever holds it (Ann's own A is 2 tiles
/// away): 3; the road: 3. End: Bob's cloister, itself, WT-K and D: 3. Ann 6,
/// Bob 3.
#[test]
fn a_monastery_tower_counts_cloisters() {
    let kit = kit();
    let game = kit.replay("monastery.json");
    assert_eq!(scored(&game)[..2], [(0, 3), (0, 3)]);
    assert_eq!(scores(&game), (6, 3));
}

/// An incomplete road at the end scores no tower ("Watchtowers do not
/// provide points after the game"), nor does a follower of the feature
/// elsewhere than on the tower tile: Ann's follower on D's road through
/// the U at (-1,0), WT-D turned 90° at (1,0) with nobody on it, closes the
/// road's east end; A turned 270° at (-2,0) its west end: the road scores 4
/// for Ann, the tower nothing. Alone, Ann's follower on WT-D's road open
/// at the end: 2, no tower.
#[test]
fn only_a_follower_on_the_tower_tile_during_play() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .draw_order(&["U", "WT-D", "A"])
        .place("U", (-1, 0), 0)
        .deploy("road:E")
        .place("WT-D", (1, 0), 90)
        .pass()
        .place("A", (-2, 0), 270)
        .pass()
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(scored(&game), [(0, 4)]);
    assert_eq!(points(&game, 0, "watchtowers"), 0);
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .draw_order(&["WT-D"])
        .place("WT-D", (1, 0), 90)
        .deploy("road:W")
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!(scores(&game), (2, 0));
    assert_eq!(points(&game, 0, "watchtowers"), 0);
}

/// Inns & Cathedrals' big follower triggers the tower and counts as one
/// follower (meeple.json with Ann's big follower on the tower tile): the
/// tower 2 × 2 = 4 as before, the road 3.
#[test]
fn a_big_follower_is_one_follower() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .expansion("inns-and-cathedrals")
        .draw_order(&["WT-D", "U", "A"])
        .place("WT-D", (1, 0), 90)
        .then(carcassonne_core::serde_json::json!({ "deploy": { "figure": "big-follower", "feature": "road:W" } }))
        .place("U", (1, -1), 0)
        .deploy("road:E")
        .place("A", (-1, 0), 270)
        .pass()
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(scored(&game)[..2], [(0, 4), (0, 3)]);
}

/// The expansion's log lines of the last decision, in words.
fn logged(game: &carcassonne_core::Game) -> Vec<carcassonne_core::Line> {
    let slot = game.rules().expansion_slot(INFO.id).unwrap();
    game.last_events()
        .iter()
        .filter_map(|e| match e {
            carcassonne_core::Event::Expansion { slot: s, detail } if *s == slot => {
                Some(game.expansion_log_line(slot, detail))
            }
            _ => None,
        })
        .collect()
}

/// The tower's scoring in words.
#[test]
fn the_tower_in_words() {
    let kit = kit();
    let game = kit.replay("meeple.json");
    assert_eq!(
        logged(&game),
        [carcassonne_core::Line::about(
            0,
            "scores the watchtower 1 tile east of the start tile: 2 followers round it, 4 points"
        )]
    );
}
