//! The Obelisk replayed from hand-written records (tests/records) and games
//! built move by move, worked out by hand from the rules quoted in
//! docs/expansions/obelisk.md. The start tile D at (0, 0) has a city cap
//! north and a road west–east; its two south corners are field. Ann is
//! player 0, Bob player 1. A junction is named by the tile whose north-west
//! corner it is: the junction (0,1) is where (-1,0), (0,0), (-1,1) and
//! (0,1) meet; its obelisk area is columns -2..1, rows -1..2.

use carcassonne_obelisk::INFO;
use carcassonne_testkit::{Kit, RecordBuilder, options, points, try_play};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

/// The obelisk's index in the game's figure table.
fn obelisks_in_supply(game: &carcassonne_core::Game, player: u8) -> u8 {
    let kind = game
        .state()
        .tables()
        .figure_index("obelisk")
        .expect("the obelisk is in the game");
    game.state().supply(player, kind)
}

/// obelisk.json, fifteen tiles round D:
///
/// ```text
///          x=-2  -1    0    1
///   y=-1    E    E    E↓   E        (E↓: turned 180°, its city on D's)
///   y= 0    U    U    D    U        (a road west–east)
///   y= 1    B    B    B    B        (cloisters, all field)
///   y= 2    U    U    U    U        (a road west–east)
/// ```
///
/// Move 5: Ann's B at (0,1) makes the junction (0,1) of four field corners
/// (U's south-east, D's south-west, B's north-east and B's north-west):
/// her obelisk stands on its north-west corner. Move 11: Bob's B at (1,1)
/// makes the junction (1,1) (D's south-east corner, U's south-west, two
/// B's): his obelisk there. Move 27: Bob's E turned 180° closes D's city
/// with his follower: 2 tiles, 4 points. Move 28: Ann's E at (1,-1) is the
/// sixteenth tile of her area (four rows of four): "upon completion, the
/// player gets 16 points" and the obelisk returns to her supply.
///
/// At the end Bob's obelisk area (columns -1..2, rows -1..2) holds the
/// four rows of columns -1..1 (column 2 is empty): 12 tiles, "1 point for
/// each tile": 12. The roads and cloisters hold nobody. Ann 16, Bob 4 + 12
/// = 16.
#[test]
fn a_full_area_scores_16_and_the_obelisk_returns_and_an_unfinished_one_a_point_a_tile() {
    let kit = kit();
    let game = kit.replay("obelisk.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "obelisk"), 16);
    assert_eq!(points(&game, 1, "obelisk.incomplete"), 12);
    assert_eq!(points(&game, 1, "cities"), 4);
    assert_eq!((game.state().score(0), game.state().score(1)), (16, 16));
    assert_eq!(obelisks_in_supply(&game, 0), 1, "Ann's obelisk came back");

    // One tile short (before Ann's last tile): nothing yet, both stand.
    let before = kit.replay_first("obelisk.json", 28);
    assert_eq!(points(&before, 0, "obelisk"), 0);
    assert_eq!(obelisks_in_supply(&before, 0), 0);
    assert_eq!(obelisks_in_supply(&before, 1), 0);
    // The same game ended there: Ann's area holds 15 tiles, Bob's 11 (no
    // tile at (1,-1)).
    let mut record = kit.record("obelisk.json");
    record.moves.truncate(28);
    record.config.draw_order.as_mut().unwrap().pop();
    let short = kit.replay_record(&record).unwrap();
    assert!(short.is_over());
    assert_eq!(points(&short, 0, "obelisk.incomplete"), 15);
    assert_eq!(points(&short, 0, "obelisk"), 0);
    assert_eq!(points(&short, 1, "obelisk.incomplete"), 11);
}

/// "If you place a tile that creates a junction where 4 tiles connect to
/// create an open field, you may place your obelisk directly on that
/// junction": after Ann's B at (0,1) (obelisk.json, move 4) the one corner
/// of the new tile where four tiles meet is its north-west; the others lack
/// tiles, and the obelisk is refused there with the reason.
#[test]
fn the_obelisk_is_offered_on_the_new_tiles_field_junctions_only() {
    let kit = kit();
    let mut game = kit.replay_first("obelisk.json", 5);
    let offered: Vec<String> = options(&game).into_iter().filter(|o| o.contains("obelisk")).collect();
    assert_eq!(offered, [r#"{"deploy":{"figure":"obelisk","corner":"NW"}}"#]);
    let e = try_play(&mut game, r#"{"deploy":{"figure":"obelisk","corner":"NE"}}"#).unwrap_err();
    assert!(e.to_string().contains("four tiles meet with field"), "{e}");
    // Not on a feature either.
    let e = try_play(&mut game, r#"{"deploy":{"figure":"obelisk","feature":"cloister"}}"#).unwrap_err();
    assert!(e.to_string().contains("tile corner"), "{e}");
}

/// "Example 2: The corners of both bottom tiles have city segments: you
/// may not place an obelisk here." Ann's U at (-1,0), Bob's E at (-1,-1),
/// then Ann's E turned 180° at (0,-1): four tiles meet at D's north-west
/// corner, but D's and the new tile's corners there are city. No obelisk
/// is offered, and one is refused.
#[test]
fn a_junction_with_city_corners_takes_no_obelisk() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("obelisk")
        .draw_order(&["U", "E", "E"])
        .place("U", (-1, 0), 0)
        .pass()
        .place("E", (-1, -1), 0)
        .pass()
        .place("E", (0, -1), 180)
        .build();
    let mut game = kit.replay_record(&record).unwrap();
    assert!(
        options(&game).iter().all(|o| !o.contains("obelisk")),
        "{:?}",
        options(&game)
    );
    let e = try_play(&mut game, r#"{"deploy":{"figure":"obelisk","corner":"SW"}}"#).unwrap_err();
    assert!(e.to_string().contains("four tiles meet with field"), "{e}");
    // The city closes with nobody on it; the game ends with no obelisk points.
    try_play(&mut game, r#""pass""#).unwrap();
    assert!(game.is_over());
    assert_eq!(
        points(&game, 0, "obelisk.incomplete") + points(&game, 1, "obelisk.incomplete"),
        0
    );
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

/// The completion and the final scoring of obelisk.json in words, and the
/// obelisks on the board as the state shows them one tile before.
#[test]
fn the_obelisks_in_words() {
    let kit = kit();
    let game = kit.replay("obelisk.json");
    let texts: Vec<String> = logged(&game)
        .into_iter()
        .map(|l| format!("{:?} {}", l.player, l.text))
        .collect();
    assert_eq!(
        texts,
        [
            "Some(0) completes the obelisk at the north-west corner of the tile 2 tiles south and 1 west of the new \
             tile: all 16 tiles of its area, 16 points; the obelisk returns",
            "Some(1) scores the unfinished obelisk at the north-west corner of the tile 2 tiles south of the new tile: \
             12 of 16 tiles of its area, 12 points",
        ]
    );
    let before = kit.replay_first("obelisk.json", 28);
    let slot = before.rules().expansion_slot(INFO.id).unwrap();
    let shown: Vec<String> = before
        .presented_expansion_state(slot)
        .into_iter()
        .map(|l| format!("{:?} {}", l.player, l.text))
        .collect();
    assert_eq!(
        shown,
        [
            "Some(0) obelisk at the north-west corner of the tile 2 tiles south of the last tile placed: 15 of 16 \
             tiles of its area",
            "Some(1) obelisk at the north-west corner of the tile 2 tiles south and 1 east of the last tile placed: 11 \
             of 16 tiles of its area",
        ]
    );
}
