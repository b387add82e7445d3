//! Village Life replayed from hand-written records (tests/records) and games
//! built move by move, worked out by hand from the rules quoted in
//! docs/expansions/village-life.md. The start tile D at (0, 0) has a city
//! cap north and a road west–east. Ann is player 0, Bob player 1.

use carcassonne_testkit::{Kit, RecordBuilder, options, points, try_play};
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
        .part(INFO.id, "windmills", false)
        .part(INFO.id, "flowers", false)
        .part(INFO.id, "donkey", false)
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
        .part(INFO.id, "windmills", false)
        .part(INFO.id, "flowers", false)
        .part(INFO.id, "donkey", false)
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

/// The windmill's index in the game's figure table.
fn windmills_in_supply(game: &carcassonne_core::Game, player: u8) -> u8 {
    let kind = game
        .state()
        .tables()
        .figure_index("windmill")
        .expect("the windmill is in the game");
    game.state().supply(player, kind)
}

/// windmill.json (windmills on, flowers and donkey off):
///
/// ```text
///          x=-1   0    1    2    3
///   y=-2             B
///   y=-1             B
///   y= 0    U    D    U    U    U      (a road west–east)
///   y= 1             B
///   y= 2             B
/// ```
///
/// Move 1: Ann's U at (1,0), her windmill on its north field: its cross
/// is (1,-2)…(1,2) and (-1,0)…(3,0). Move 2: Bob's B at (1,1), his windmill
/// on its field: cross (1,-1)…(1,3) and (-1,1)…(3,1). Then U's at (2,0),
/// (3,0), (-1,0) and B's at (1,2), (1,-1), (1,-2): Bob's last tile fills
/// the ninth place of Ann's cross: "1 per tile", 9 points, and her windmill
/// returns. At the end Bob's cross holds (1,-1), (1,0), (1,1) and (1,2): 4
/// tiles, 4 points. Nobody stands on the roads or cloisters. Ann 9, Bob 4.
#[test]
fn a_windmill_scores_its_full_cross_and_an_unfinished_one_a_point_a_tile() {
    let kit = kit();
    let before = kit.replay_first("windmill.json", 15);
    assert_eq!(before.state().score(0), 0);
    assert_eq!(windmills_in_supply(&before, 0), 0);
    let game = kit.replay("windmill.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "village-life.windmill"), 9);
    assert_eq!(points(&game, 1, "village-life.windmill-unfinished"), 4);
    assert_eq!((game.state().score(0), game.state().score(1)), (9, 4));
    assert_eq!(windmills_in_supply(&game, 0), 1, "Ann's windmill came back");
}

/// A windmill stands on a field of the tile just placed, instead of a
/// follower: offered on U's two fields, refused on its road.
#[test]
fn the_windmill_goes_on_a_field_of_the_new_tile() {
    let kit = kit();
    let mut game = kit.replay_first("windmill.json", 1);
    let offered: Vec<String> = options(&game).into_iter().filter(|o| o.contains("windmill")).collect();
    assert_eq!(
        offered,
        [
            r#"{"deploy":{"figure":"windmill","feature":"field:N"}}"#,
            r#"{"deploy":{"figure":"windmill","feature":"field:S"}}"#
        ]
    );
    let e = try_play(&mut game, r#"{"deploy":{"figure":"windmill","feature":"road:E"}}"#).unwrap_err();
    assert!(e.to_string().contains("a windmill stands on a field"), "{e}");
}

/// flowers.json (flowers on, windmills and donkey off), seed 2: Ann draws
/// white, Bob violet ("each player draws one random flower token").
///
/// Move 1: Ann's VL-I (city cap north, road west–east, a white flower in
/// the south-east field) at (1,0), her follower on its road. Move 2: Bob's
/// VL-Q (a marketplace with roads north and south; a violet flower west, a
/// yellow one east) at (1,1), his farmer on its west field. Moves 3 and 4:
/// junctions W at (-1,0) and, turned 180°, at (2,0) complete Ann's road:
/// 4 tiles, 4 points, and one white flower on its tiles (VL-I's): 3
/// points. At the end Bob's farm (VL-Q's west field, VL-I's south-west
/// field, D's south field, W's south-east one) touches no city (0) and
/// holds one violet flower: 3 points. The yellow flower is nobody's.
/// Ann 7, Bob 3.
#[test]
fn a_scored_feature_pays_its_followers_flowers_of_their_colour() {
    let kit = kit();
    let game = kit.replay("flowers.json");
    let colours = &carcassonne_testkit::state::<carcassonne_village_life::State>(&game, INFO.id).colours;
    let names: Vec<&str> = colours
        .iter()
        .map(|&c| carcassonne_village_life::COLOURS[c as usize])
        .collect();
    assert_eq!(names, ["white", "violet"]);
    // A learning agent reads them as the seat counter `flower-colour`.
    let mut readings = carcassonne_core::CounterReadings::default();
    game.counters(game.rules().expansion_slot(INFO.id).unwrap(), &mut readings);
    let seat = carcassonne_core::CounterPlace::Seat;
    assert_eq!((readings.get(0, 0, seat(0)), readings.get(0, 3, seat(1))), (1, 1));
    assert_eq!(readings.get(0, 3, seat(0)) + readings.get(0, 0, seat(1)), 0);
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "roads"), 4);
    assert_eq!(points(&game, 0, "village-life.flowers"), 3);
    assert_eq!(points(&game, 1, "village-life.flowers"), 3);
    assert_eq!((game.state().score(0), game.state().score(1)), (7, 3));
    // Before the road is completed nobody has flowers.
    let before = kit.replay_first("flowers.json", 6);
    assert_eq!(
        points(&before, 0, "village-life.flowers") + points(&before, 1, "village-life.flowers"),
        0
    );
}

/// With 5 or 6 players the colours come from two sets of four: each colour
/// at most twice; with 4 each once.
#[test]
fn five_players_draw_from_two_sets() {
    let kit = kit();
    for (players, most) in [(4usize, 1usize), (5, 2), (6, 2)] {
        for seed in 0..20u64 {
            let names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"];
            let record = RecordBuilder::new(&names[..players])
                .expansion(INFO.id)
                .seed(seed)
                .draw_order(&["U"])
                .build();
            let game = kit.replay_record(&record).unwrap();
            let colours = &carcassonne_testkit::state::<carcassonne_village_life::State>(&game, INFO.id).colours;
            assert_eq!(colours.len(), players);
            for c in 0..4u8 {
                assert!(colours.iter().filter(|&&x| x == c).count() <= most, "{colours:?}");
            }
        }
    }
}

/// donkey.json (the donkey on, windmills and flowers off): the donkey
/// starts on D (0,0).
///
/// Move 1: Ann's U at (1,0), her follower on the road D–U. Move 2: Bob's
/// junction W at (-1,0) closes its west end; he deploys nothing and leaves
/// the donkey. Move 3: Ann's W would close the east end at (2,0), turned
/// 180°, completing a road on the donkey's tile: refused. She lays it at
/// (0,1) instead, deploys nothing and moves the donkey there. Move 4: Bob's
/// W turned 180° at (2,0) now completes the road (-1,0)–(2,0): 4 tiles,
/// Ann 4 points.
#[test]
fn no_placement_completes_a_feature_on_the_donkeys_tile() {
    let kit = kit();
    let mut game = kit.replay_first("donkey.json", 5);
    let e = try_play(&mut game, r#"{"place": {"tile": "W", "at": [2, 0], "rotation": 180}}"#).unwrap_err();
    assert!(
        e.to_string().ends_with(
            "Village Life: the donkey stands on the tile 1 tile east of the last tile placed: no placement may \
             complete a feature on its tile, and this one would complete its road (east and west)"
        ),
        "{e}"
    );
    let game = kit.replay("donkey.json");
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (4, 0));
}

/// The donkey goes to any tile but its own, or stays: after Bob's pass in
/// donkey.json (move 2) he is offered the three other tiles and staying.
/// By default a player who deploys is not asked; with `donkey_move =
/// "every-turn"` Ann is asked after her deployment in move 1 too.
#[test]
fn the_donkey_moves_to_another_tile_instead_of_a_follower() {
    let kit = kit();
    let game = kit.replay_first("donkey.json", 4);
    let mut offered = options(&game);
    offered.sort();
    assert_eq!(
        offered,
        [
            r#"{"village-life":"stay"}"#,
            r#"{"village-life":{"donkey":[-1,0]}}"#,
            r#"{"village-life":{"donkey":[1,0]}}"#,
        ]
    );
    let mut record = carcassonne_testkit::with_variant(
        &kit.record("donkey.json"),
        INFO.id,
        "donkey_move",
        carcassonne_core::serde_json::json!("every-turn"),
    );
    record.moves.truncate(2);
    let every = kit.replay_record(&record).unwrap();
    assert!(
        options(&every).iter().any(|o| o.contains("donkey")),
        "{:?}",
        options(&every)
    );
}

/// "A windmill for the tiles of its range": with the flowers on (seed 2:
/// Ann white), Ann's VL-I at (1,0) with her windmill on its south-west
/// field ends the game: the windmill's cross holds VL-I and D, 2 tiles, 2
/// points, and VL-I's white flower, 3 points. Ann 5.
#[test]
fn a_windmill_pays_its_owners_flowers_in_its_cross() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .part(INFO.id, "donkey", false)
        .seed(2)
        .draw_order(&["VL-I"])
        .place("VL-I", (1, 0), 0)
        .then(carcassonne_core::serde_json::json!({"deploy": {"figure": "windmill", "feature": "field:SW"}}))
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "village-life.windmill-unfinished"), 2);
    assert_eq!(points(&game, 0, "village-life.flowers"), 3);
    assert_eq!(game.state().score(0), 5);
}

/// A cloister counts the flowers of the nine tiles round it: seed 0 (Ann
/// yellow, Bob violet), Ann's monk on VL-L (a monastery and a yellow
/// flower) at (0,1) ends the game: 2 tiles, 2 points, and 1 yellow flower,
/// 3 points. Ann 5, Bob 0.
#[test]
fn a_cloister_counts_the_flowers_round_it() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .part(INFO.id, "donkey", false)
        .seed(0)
        .draw_order(&["VL-L"])
        .place("VL-L", (0, 1), 0)
        .deploy("cloister")
        .build();
    let game = kit.replay_record(&record).unwrap();
    let colours = &carcassonne_testkit::state::<carcassonne_village_life::State>(&game, INFO.id).colours;
    assert_eq!(colours, &[2, 3], "yellow and violet");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "village-life.flowers"), 3);
    assert_eq!((game.state().score(0), game.state().score(1)), (5, 0));
}

/// The expansion's log lines of a game, in words.
fn logged(game: &carcassonne_core::Game) -> Vec<String> {
    let slot = game.rules().expansion_slot(INFO.id).unwrap();
    let mut texts = Vec::new();
    for e in game.last_events() {
        if let carcassonne_core::Event::Expansion { slot: s, detail } = e
            && *s == slot
        {
            let line = game.expansion_log_line(slot, detail);
            texts.push(format!("{:?} {}", line.player, line.text));
        }
    }
    texts
}

/// The last decision of each record, in words.
#[test]
fn the_rules_in_words() {
    let kit = kit();
    assert_eq!(
        logged(&kit.replay("windmill.json")),
        [
            "Some(0) completes the windmill 1 tile east of the start tile: all 9 tiles of its cross, 9 points; the \
             windmill returns",
            "Some(1) scores the unfinished windmill 1 tile south and 1 east of the start tile: 4 of 9 tiles of its \
             cross, 4 points"
        ]
    );
    assert_eq!(
        logged(&kit.replay("flowers.json")),
        [
            "Some(0) 1 white flower on the scored road: 3 points",
            "Some(1) 1 violet flower on the scored field: 3 points"
        ]
    );
    assert_eq!(
        logged(&kit.replay_first("marketplace.json", 6)),
        [
            "Some(0) the completed road ends at the marketplace 1 tile east of the start tile: its other roads add 4 \
          tiles, 4 points"
        ]
    );
    assert_eq!(
        logged(&kit.replay_first("donkey.json", 8)),
        ["Some(0) moves the donkey to the tile 1 tile south of the start tile"]
    );
}
