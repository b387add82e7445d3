//! Village Life replayed from hand-written records (tests/records) and games
//! built move by move, worked out by hand from the rules quoted in
//! docs/expansions/village-life.md. The start tile D at (0, 0) has a city
//! cap north and a road west–east. Ann is player 0, Bob player 1.

use carcassonne_testkit::{Kit, RecordBuilder, points, try_play};
use carcassonne_village_life::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

/// bushes.json:
///
/// ```text
///          x=-1   0     1
///   y=0     W     D    VL-D (turned 90°: bush west, road south)
///   y=1                VL-O (turned 90°: bush north, road west–east)
/// ```
///
/// Move 1: Ann's junction W at (-1,0), her follower on its east road, which
/// runs into D's road. Move 2: Bob's VL-D turned 90° at (1,0) puts its bush
/// against D's road: "the bushes then serve as the end of that road". Ann's
/// road (-1,0)–(0,0) is complete: 2 tiles, 2 points; the bush's tile is not
/// part of it. Bob stands on VL-D's own road, which runs from the south
/// side to the bush inside the tile. Move 3: Ann's VL-O turned 90° at (1,1)
/// meets that road with its north bush: Bob's road ends there too, 1 tile,
/// 1 point. Ann 2, Bob 1.
#[test]
fn a_bush_ends_the_road_it_meets() {
    let kit = kit();
    let after_two = kit.replay_first("bushes.json", 4);
    assert_eq!(points(&after_two, 0, "roads"), 2);
    assert_eq!(after_two.state().score(1), 0);
    let game = kit.replay("bushes.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 1, "roads"), 1);
    assert_eq!((game.state().score(0), game.state().score(1)), (2, 1));
}

/// A bush meets a road, a field or another bush, never a city: VL-D with
/// its bush south cannot lie north of D, whose north is a city; turned
/// 180° (its city south) it can.
#[test]
fn a_bush_never_meets_a_city() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .draw_order(&["VL-D"])
        .build();
    let mut game = kit.replay_record(&record).unwrap();
    try_play(
        &mut game,
        r#"{"place": {"tile": "VL-D", "at": [0, -1], "rotation": 0}}"#,
    )
    .unwrap_err();
    try_play(
        &mut game,
        r#"{"place": {"tile": "VL-D", "at": [0, -1], "rotation": 180}}"#,
    )
    .unwrap();
}

/// "The bushes may also connect directly to another bushes on an adjacent
/// tile. When two bushes edges touch, they divide the field." VL-O (bushes
/// west and east, road north–south) turned 90° lies at (0,1) with its
/// north bush against D's field, and another at (0,2) bush against bush.
/// Turned 90°, a VL-O's fields are its four corners (definition order:
/// north-east, south-east, north-west, south-west after the turn, indices
/// 3 to 6). Across the two bushes the east halves join and the west halves
/// join, and east and west stay two fields.
#[test]
fn two_bushes_meet_and_part_the_field() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .draw_order(&["VL-O", "VL-O"])
        .place("VL-O", (0, 1), 90)
        .pass()
        .place("VL-O", (0, 2), 90)
        .pass()
        .build();
    let game = kit.replay_record(&record).unwrap();
    let view = game.state();
    let root = |y: i32, fi: usize| {
        let node = view.node_at(carcassonne_core::Pos::new(0, y), fi).unwrap();
        view.features().root(node)
    };
    // Upper tile's south-east corner (4) with the lower's north-east (3);
    // upper south-west (6) with lower north-west (5).
    assert_eq!(root(1, 4), root(2, 3));
    assert_eq!(root(1, 6), root(2, 5));
    assert_ne!(root(1, 4), root(1, 6), "the bushes part east from west");
    assert_ne!(root(2, 3), root(2, 5));
}

/// marketplace.json:
///
/// ```text
///          x=-1   0     1     2
///   y=0     W     D    VL-X   U
///   y=1                 V (turned 180°: road north, then east)
/// ```
///
/// Move 1: Ann's VL-X (a marketplace with four roads) at (1,0), her
/// follower on its west road, which runs into D's. Move 2: Bob's U at
/// (2,0) lengthens the marketplace's east road to 2 tiles. Move 3: Ann's
/// junction W at (-1,0) completes her road (-1,0)–(1,0): 3 tiles, 3
/// points, and it ends at the marketplace, whose other roads cover 1
/// (north), 2 (east) and 1 (south) tiles: 4 points more. Move 4: Bob's V
/// turned 180° at (1,1) lengthens the south road, his follower on it; at
/// the end it is open: 2 tiles, 2 points, and no marketplace points (the
/// road is not complete). Ann 7, Bob 2.
#[test]
fn a_completed_road_at_a_marketplace_scores_its_other_roads() {
    let kit = kit();
    let after_three = kit.replay_first("marketplace.json", 6);
    assert_eq!(points(&after_three, 0, "roads"), 3);
    assert_eq!(points(&after_three, 0, "village-life.marketplace"), 4);
    let game = kit.replay("marketplace.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 1, "roads"), 2);
    assert_eq!(points(&game, 1, "village-life.marketplace"), 0);
    assert_eq!((game.state().score(0), game.state().score(1)), (7, 2));
}
