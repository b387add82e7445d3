//! The Ferries replayed from hand-written records (tests/records), worked
//! out by hand from the rules quoted in docs/expansions/the-ferries.md. The
//! start tile D at (0, 0) has a city cap north and a road west–east. Ann is
//! player 0, Bob player 1. FR-B has three roads, west, south and east, each
//! ending at its lake (a field north). W is the base game's junction (roads
//! east, south and west ending at houses), U a straight road west–east.

use carcassonne_core::Pos;
use carcassonne_testkit::{Kit, options, points, try_play};
use carcassonne_the_ferries::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

/// The road of feature `fi` of the tile at (x, y): its open sides, tiles
/// and followers.
fn road(game: &carcassonne_core::Game, x: i32, y: i32, fi: usize) -> (u32, u32, u32) {
    let s = game.state();
    let n = s.node_at(Pos::new(x, y), fi).expect("a road there");
    let f = s.features();
    (f.open_sides(n), f.tile_count(n), f.followers(n))
}

/// a_ferry_closes_a_road.json. Ann's W at (-1,0) ends D's road west, her
/// follower on it. Bob's FR-B at (1,0) meets D's road with its west road;
/// his follower on its south road; he must lay the ferry and links south
/// and east: "A road segment without a ferry on a lake is closed at this
/// end", so Ann's road (W, D, FR-B) is complete "after placing the ferry"
/// and "scored as usual": Ann 3. At the end Bob's south–east road, open at
/// both ends, scores its one tile: Bob 1.
#[test]
fn a_road_without_the_ferry_ends_at_the_lake_and_scores() {
    let kit = kit();
    let before = kit.replay_first("a_ferry_closes_a_road.json", 4);
    // The ferry is a must: no pass, one option per pair of the lake's roads.
    let offered = options(&before);
    assert_eq!(offered.len(), 3, "{offered:?}");
    assert!(!offered.iter().any(|o| o.contains("pass")), "{offered:?}");
    let game = kit.replay("a_ferry_closes_a_road.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "roads"), 3);
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 1));
    assert_eq!(road(&game, -1, 0, 0).0, 0, "W's east road is complete");
}

/// the_ferry_makes_one_road.json. As above, but Bob links the lake's west
/// and south roads: "The ferry connects the ends of the road to form a
/// continuous road", so Ann's and Bob's followers stand on one road, open
/// only at FR-B's south edge. Ann's W at (1,1), turned half round, ends
/// it: W, D, FR-B, W: 4 tiles (FR-B once), 4 points to each, both having
/// one follower there. Ann may move the ferry first (her W extends the
/// road through it); she leaves it.
#[test]
fn the_ferry_joins_two_roads_into_one() {
    let kit = kit();
    let linked = kit.replay_first("the_ferry_makes_one_road.json", 5);
    assert_eq!(
        road(&linked, -1, 0, 0),
        (1, 3, 2),
        "one road, open at FR-B's south only"
    );
    let before_move = kit.replay_first("the_ferry_makes_one_road.json", 7);
    let offered = options(&before_move);
    assert!(offered.iter().any(|o| o.contains("pass")), "{offered:?}");
    assert_eq!(offered.len(), 1 + 2, "the two other pairs of the lake: {offered:?}");
    let game = kit.replay("the_ferry_makes_one_road.json");
    assert!(game.is_over());
    assert_eq!((points(&game, 0, "roads"), points(&game, 1, "roads")), (4, 4));
}

/// moving_the_ferry_closes_a_road.json. Ann's FR-B at (1,0), her follower
/// on its west road (joined to D's), the ferry west–east. Bob's W at
/// (-1,0) extends that road, which "already includes a ferry": he may move
/// it but leaves it ("not required to do so"). Ann's U at (2,0) extends it
/// again; she moves the ferry to south–east: "The player may move the
/// ferry such that it no longer connects to the road that has just been
/// extended." The road splits: W, D and FR-B's west road are closed at
/// both ends ("If this movement leads to a road being closed at both
/// ends, that road now scores"): Ann 3 that turn; U and FR-B's south and
/// east roads stay open, with nobody on them.
#[test]
fn moving_the_ferry_splits_the_road_and_scores_the_closed_part() {
    let kit = kit();
    let before = kit.replay_first("moving_the_ferry_closes_a_road.json", 8);
    assert_eq!(
        road(&before, 1, 0, 0),
        (1, 4, 1),
        "W, D, FR-B and U: open at U's east only"
    );
    let game = kit.replay("moving_the_ferry_closes_a_road.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "roads"), 3);
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 0));
    // The east part: FR-B's south and east roads with U, open at two sides.
    assert_eq!(road(&game, 2, 0, 0), (2, 2, 0));
    assert_eq!(
        road(&game, 1, 0, 0),
        (0, 3, 0),
        "the closed part, scored: the follower went home"
    );
}

/// only_the_nearest_ferry_moves_once.json. Two lakes on one road: FR-B at
/// (1,0) and FR-B at (2,0), both ferries west–east. Bob, laying the second
/// ferry, extended the road through the first: he may move it (he
/// passes). Ann's W at (-1,0) extends the road from the west: only "the
/// first ferry in the road – the ferry that is closest to" her tile may
/// move, the one at (1,0), not the one at (2,0). She moves it; it may not
/// move again this turn, and nothing else is asked.
#[test]
fn only_the_nearest_ferry_moves_and_once_a_turn() {
    let kit = kit();
    let mut before = kit.replay_first("only_the_nearest_ferry_moves_once.json", 9);
    let offered = options(&before);
    assert_eq!(offered.len(), 1 + 2, "{offered:?}");
    assert!(offered.iter().all(|o| !o.contains("[2,0]")), "{offered:?}");
    assert!(
        try_play(
            &mut before,
            r#"{"the-ferries": {"ferry": {"at": [2, 0], "roads": ["road:W", "road:S"]}}}"#
        )
        .is_err(),
        "the farther ferry may not move"
    );
    assert!(
        try_play(
            &mut before,
            r#"{"the-ferries": {"ferry": {"at": [1, 0], "roads": ["road:W", "road:E"]}}}"#
        )
        .is_err(),
        "a move goes somewhere else"
    );
    let game = kit.replay("only_the_nearest_ferry_moves_once.json");
    assert!(game.is_over(), "no second move was asked");
    assert_eq!(road(&game, -1, 0, 0), (1, 3, 0), "W, D and FR-B's west and south roads");
}

/// Undo takes a ferry move back whole: the split road is one again, its
/// follower back on it, the points unscored; played again, the move
/// splits and scores as before.
#[test]
fn undo_takes_a_moved_ferry_back() {
    let kit = kit();
    let mut game = kit.replay_first("moving_the_ferry_closes_a_road.json", 8);
    game.set_undoable(true);
    let before = (road(&game, 1, 0, 0), road(&game, 2, 0, 0), game.state().score(0));
    let ferry = r#"{"the-ferries": {"ferry": {"at": [1, 0], "roads": ["road:S", "road:E"]}}}"#;
    try_play(&mut game, ferry).expect("the move");
    let after = (road(&game, 1, 0, 0), road(&game, 2, 0, 0), game.state().score(0));
    assert_eq!(after, ((0, 3, 0), (2, 2, 0), 3));
    assert!(game.undo());
    assert_eq!(
        (road(&game, 1, 0, 0), road(&game, 2, 0, 0), game.state().score(0)),
        before
    );
    assert_eq!(before.0, (1, 4, 1));
    try_play(&mut game, ferry).expect("the move again");
    assert_eq!(
        (road(&game, 1, 0, 0), road(&game, 2, 0, 0), game.state().score(0)),
        after
    );
}
