//! The wagon's 1st-edition move (`wagon_move = C1`): a scored wagon may go
//! to an unfinished, unoccupied feature connected to the scored one, on any
//! of its tiles, where the tiles draw a connection (`leads_into`): a road's
//! end into a cloister or a city's gate, roads meeting at a crossing. Where
//! the wagon stood does not matter.
//!
//! First, tests/records/wagon.json (see tests/wagon.rs for its board)
//! replayed under C1; then a record written here with Abbey & Mayor's land
//! tile AM-F (a city cap whose gate a road enters).

mod common;

use carcassonne_core::serde_json::json;
use carcassonne_core::{Decision, Game};
use carcassonne_testkit::{Kit, RecordBuilder, with_variant};
use common::{options, record, try_move};

fn kit() -> Kit {
    Kit::new(&carcassonne_abbey_and_mayor::INFO, env!("CARGO_MANIFEST_DIR"))
        .tiles_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))
}

fn wagon_move(at: [i32; 2], feature: &str) -> String {
    json!({ "abbey-and-mayor": { "wagon": { "at": at, "feature": feature } } }).to_string()
}

fn keep() -> String {
    json!({ "abbey-and-mayor": "keep-wagon" }).to_string()
}

/// wagon.json's first `moves` under C1.
fn wagon_json_c1(moves: usize) -> Game {
    let mut r = with_variant(&record("wagon.json"), "abbey-and-mayor", "wagon_move", json!("C1"));
    r.moves.truncate(moves);
    kit().replay_record(&r).unwrap()
}

#[test]
fn a_road_connects_to_its_cloister_and_across_a_crossing_however_far() {
    // Turn 5: W at (-1,0) ends Ann's road A (1,0)–D–W and Bob's road
    // W–A (-1,1). Ann's road is connected, tile by tile: A (1,0)'s end runs
    // into A's cloister (open, empty: yes); D's road passes its city without
    // entering it (no); W's east end meets W's south and west roads at the
    // crossing: the south road is Bob's, complete (no), the west road is
    // open and empty (yes). Under C2 she had D's city and the cloisters of
    // (0,1), (1,0), (1,1) round (1,0); here the west road two tiles away,
    // and none of the cloisters she merely stood near.
    let mut game = wagon_json_c1(10);
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })));
    assert_eq!(
        options(&game),
        [wagon_move([-1, 0], "road:W"), wagon_move([1, 0], "cloister"), keep()]
    );
    // D's city is near, not connected: refused, saying why.
    let err = try_move(&mut game, &wagon_move([0, 0], "city:N")).unwrap_err();
    assert!(err.contains("connected to the scored feature"), "{err}");
    assert!(err.contains("wagon_move = C1"), "{err}");

    // Ann takes A (1,0)'s cloister. Bob's road: A (-1,1)'s end runs into
    // its cloister (yes); W's south end meets the east road (complete, no)
    // and the west road (open, empty: yes).
    try_move(&mut game, &wagon_move([1, 0], "cloister")).unwrap();
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 1, .. })));
    assert_eq!(
        options(&game),
        [wagon_move([-1, 0], "road:W"), wagon_move([-1, 1], "cloister"), keep()]
    );
    // Bob takes the west road; the game goes on with Bob's turn.
    try_move(&mut game, &wagon_move([-1, 0], "road:W")).unwrap();
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
}

#[test]
fn a_city_connects_to_the_road_into_its_gate_on_every_tile_of_that_road() {
    // D (start) at (0,0): city cap north, road west–east. Turn 1: Ann's
    // AM-F (city cap north, a road from the west into its gate) at (1,0)
    // unturned: its road joins D's road (now D–AM-F, open at D's west end);
    // Ann's wagon goes into AM-F's city. Turn 2: Bob's E turned 180° at
    // (1,-1) closes that city (2 tiles): Ann's wagon scores 4 and returns.
    //
    // C1: the city's tiles are AM-F and E; AM-F's road runs into the city's
    // gate, so that road is connected, and the wagon may go to any of its
    // tiles: D (0,0) and AM-F (1,0). D's own city cap, open and empty and
    // right beside, is not connected (D's road passes it).
    let built = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("abbey-and-mayor")
        .variant("abbey-and-mayor", "wagon_move", "C1")
        .draw_order(&["AM-F", "E", "U"])
        .place("AM-F", (1, 0), 0)
        .then(json!({ "deploy": { "figure": "wagon", "feature": "city:N" } }))
        .place("E", (1, -1), 180)
        .pass()
        .build();
    let game = kit().replay_record(&built).unwrap();
    assert_eq!(game.state().score(0), 4);
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })));
    assert_eq!(
        options(&game),
        [wagon_move([0, 0], "road:E"), wagon_move([1, 0], "road:W"), keep()]
    );

    // The same game under C2: everything open and empty on AM-F's tile and
    // the eight round it: D's city and the road (on either of its tiles).
    let mut c2 = built.clone();
    c2.config.variants.clear();
    let game = kit().replay_record(&c2).unwrap();
    assert_eq!(
        options(&game),
        [
            wagon_move([0, 0], "city:N"),
            wagon_move([0, 0], "road:E"),
            wagon_move([1, 0], "road:W"),
            keep()
        ]
    );
}

#[test]
fn a_road_connects_to_the_city_whose_gate_it_enters_and_to_its_cloister() {
    // D (start) at (0,0). Turn 1: Ann's T (city on three sides, its road
    // running into the city's gate) turned 180° at (0,-1): its city joins
    // D's cap (open west and east of T), its road points north; Ann's
    // wagon on the road. Turn 2: Bob's A (cloister, road south into it) at
    // (0,-2) closes the road (2 tiles): Ann's wagon scores 2.
    //
    // C1: T's end of the road enters the city (D + T, open, empty: on either
    // tile), A's end the cloister (open, empty). D's road, open and empty
    // beside the wagon, is not connected; under C2 it is offered as well.
    let built = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("abbey-and-mayor")
        .variant("abbey-and-mayor", "wagon_move", "C1")
        .draw_order(&["T", "A", "U"])
        .place("T", (0, -1), 180)
        .then(json!({ "deploy": { "figure": "wagon", "feature": "road:N" } }))
        .place("A", (0, -2), 0)
        .pass()
        .build();
    let game = kit().replay_record(&built).unwrap();
    assert_eq!(game.state().score(0), 2);
    let c1 = options(&game);
    let mut c2_record = built.clone();
    c2_record.config.variants.clear();
    let c2 = options(&kit().replay_record(&c2_record).unwrap());
    assert_eq!(
        c1,
        [
            wagon_move([0, -2], "cloister"),
            wagon_move([0, -1], "city:E"),
            wagon_move([0, 0], "city:N"),
            keep()
        ]
    );
    // C2 adds D's road (and nothing C1 has is missing there).
    assert!(c2.contains(&wagon_move([0, 0], "road:E")), "{c2:?}");
    assert!(c1.iter().all(|o| c2.contains(o)), "{c2:?}");
}

/// wagon_c1_abbey.json: Abbey & Mayor's abbey.json with Ann's wagon where
/// her follower stood and `wagon_move = C1`. The board before the abbey:
///
/// ```text
///          x=-1          x=0      x=1               x=2
/// y=-1   E (city N)             E 180° (city S)    E (city N)
/// y=0    A 270° ─road─  D ─road─ (hole)             B
/// y=1    B              B        B                  B
/// ```
///
/// Turn 10: Bob puts the abbey into the hole at (1,0) and passes. Its walls
/// end D's road (A's cloister–D–the abbey's west wall: 2 tiles, Ann's
/// wagon scores 2) and close Ann's one-tile city on (1,-1) (she scores it,
/// 2). Ann's wagon returns, and under C1 it may go where the road leads:
/// A's cloister, where its west end runs, and the abbey, whose wall its
/// east end meets (Wikicarpedia's wagon page: "Features sharing a surface
/// like an adjacent abbey [...] can also be considered as a valid
/// destination for the wagon"; the ruling in RULES.md). The abbey has
/// tiles on 5 of its 8 sides: open, and empty since Bob passed.
#[test]
fn a_road_that_ends_at_an_abbeys_wall_leads_the_wagon_into_the_abbey() {
    let kit = kit();
    let game = kit.replay_first("wagon_c1_abbey.json", 22);
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })));
    assert_eq!(
        options(&game),
        [wagon_move([-1, 0], "cloister"), wagon_move([1, 0], "cloister"), keep()]
    );
    assert_eq!(common::points(&game, 0, "roads"), 2);
    assert_eq!(common::points(&game, 0, "cities"), 2);
    // She takes the abbey: the wagon stands in its cloister.
    let game = kit.replay("wagon_c1_abbey.json");
    let wagon = game.rules().figure_index("wagon").unwrap();
    let on_abbey: Vec<_> = game
        .state()
        .figures()
        .iter()
        .filter(|f| f.kind == wagon)
        .map(|f| (f.owner, f.pos))
        .collect();
    assert_eq!(on_abbey, [(0, carcassonne_core::Pos::new(1, 0))]);
    // Under C2 the wagon goes only to features on or round the tile it
    // stood on (A at (-1,0)): the abbey, two tiles east, is not offered.
    let mut r = kit.record("wagon_c1_abbey.json");
    r.config.variants.clear();
    r.moves.truncate(22);
    let c2 = kit.replay_record(&r).unwrap();
    assert!(
        !options(&c2).contains(&wagon_move([1, 0], "cloister")),
        "{:?}",
        options(&c2)
    );
}
