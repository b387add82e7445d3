//! Crop Circles replayed from hand-written records (tests/records), worked
//! out by hand from the rules quoted in docs/expansions/crop-circles.md.
//! The start tile D at (0, 0) has a city cap north and a road west–east.
//! Ann is player 0, Bob player 1.

use carcassonne_core::serde_json::json;
use carcassonne_core::{Decision, Game, Line};
use carcassonne_crop_circles::INFO;
use carcassonne_testkit::{Kit, RecordBuilder, options, try_play, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_abbey_and_mayor::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_the_phantom::INFO)
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

fn supply(game: &Game, player: u8, figure: &str) -> u8 {
    let kind = game.rules().figure_index(figure).unwrap();
    game.state().supply(player, kind)
}

fn labels(game: &Game) -> Vec<String> {
    let mut all = Vec::new();
    game.legal_actions(&mut all);
    all.iter().map(|a| game.action_label(a)).collect()
}

/// add.json. Ann's U at (-1,0), her follower on the road (-1,0)–(0,0).
/// Bob's U at (0,1), his follower on its road. Ann's CR-D (a club circle:
/// highwaymen) at (1,0) carries her road south; she passes. Nothing is
/// complete. She must choose: add or remove; she chooses add. Bob, on her
/// left, comes first: he may add a follower next to his highwayman at
/// (0,1), or not; he adds. Then Ann, last, adds one next to hers at
/// (-1,0). End: Ann's road (-1,0)–(1,0), 3 tiles, two followers of hers:
/// 3; Bob's road at (0,1), 1 tile: 1. Each has 2 followers on the board.
#[test]
fn every_player_adds_next_to_their_own() {
    let kit = kit();
    let game = kit.replay_first("add.json", 6);
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })));
    assert_eq!(
        options(&game),
        [
            r#"{"crop-circles":{"choose":"add"}}"#,
            r#"{"crop-circles":{"choose":"remove"}}"#
        ]
    );
    assert_eq!(
        labels(&game),
        [
            "Every player may add a highwayman next to one of theirs",
            "Every player removes one of their highwaymen",
        ]
    );
    let game = kit.replay_first("add.json", 7);
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 1, .. })));
    assert_eq!(
        options(&game),
        [
            r#"{"crop-circles":{"add":{"at":[0,1],"feature":"road:E","figure":"follower"}}}"#,
            r#"{"crop-circles":"pass"}"#
        ]
    );
    let game = kit.replay_first("add.json", 8);
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })));
    assert_eq!(
        options(&game),
        [
            r#"{"crop-circles":{"add":{"at":[-1,0],"feature":"road:E","figure":"follower"}}}"#,
            r#"{"crop-circles":"pass"}"#
        ]
    );
    assert_eq!(
        labels(&game)[0],
        "Add your follower to the road (east and west) 2 tiles west of the new tile"
    );
    let game = kit.replay("add.json");
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })) || game.is_over());
    assert_eq!((supply(&game, 0, "follower"), supply(&game, 1, "follower")), (5, 5));
    assert_eq!(scores(&game), (3, 1));
}

/// The ZMG readings on add.json. `crop_circle_add_where = "same-feature"`:
/// Ann may add on any tile of her road, (-1,0), D or CR-D, not only next
/// to her follower. `crop_circle_add_mandatory = true`: Bob must add (no
/// pass).
#[test]
fn the_zmg_readings() {
    let kit = kit();
    let mut record = with_variant(
        &kit.record("add.json"),
        INFO.id,
        "crop_circle_add_where",
        "same-feature".into(),
    );
    record.moves.truncate(8);
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(
        options(&game),
        [
            r#"{"crop-circles":{"add":{"at":[-1,0],"feature":"road:E","figure":"follower"}}}"#,
            r#"{"crop-circles":{"add":{"at":[1,0],"feature":"road:S","figure":"follower"}}}"#,
            r#"{"crop-circles":{"add":{"at":[0,0],"feature":"road:E","figure":"follower"}}}"#,
            r#"{"crop-circles":"pass"}"#
        ]
    );
    let mut record = with_variant(
        &kit.record("add.json"),
        INFO.id,
        "crop_circle_add_mandatory",
        true.into(),
    );
    record.moves.truncate(7);
    let mut game = kit.replay_record(&record).unwrap();
    assert_eq!(
        options(&game),
        [r#"{"crop-circles":{"add":{"at":[0,1],"feature":"road:E","figure":"follower"}}}"#]
    );
    assert!(try_play(&mut game, r#"{"crop-circles": "pass"}"#).is_err());
}

/// remove.json. Ann's U at (-1,0), her farmer in the field north of the
/// road. Bob's U at (1,0), his follower on the road (-1,0)–(1,0). Ann's
/// CR-C (a pitchfork circle: farmers) turned 180° at (0,1); she passes and
/// chooses remove. Bob has no farmer: he is passed over. Ann must take
/// her farmer back (no pass), unscored. End: Bob's road, 3 tiles: 3. Ann 0,
/// her 7 followers home.
#[test]
fn every_player_removes_one_of_their_own() {
    let kit = kit();
    let game = kit.replay_first("remove.json", 7);
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })));
    assert_eq!(options(&game), [r#"{"crop-circles":{"remove":0}}"#]);
    assert_eq!(
        labels(&game),
        ["Take your follower back from the field (north) 1 tile north and 1 west of the new tile, without scoring"]
    );
    let game = kit.replay("remove.json");
    assert_eq!(supply(&game, 0, "follower"), 7);
    assert_eq!(scores(&game), (0, 3));
}

/// The tile's player chooses even with no follower of the circle's kind:
/// on remove.json's board Bob places the CR-C instead (Ann passes her
/// second turn): he has no farmer, Ann has; he chooses remove and Ann must
/// take hers back.
#[test]
fn the_tile_player_chooses_without_a_follower_of_the_kind() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .draw_order(&["U", "U", "U", "CR-C"])
        .place("U", (-1, 0), 0)
        .deploy("field:N")
        .place("U", (1, 0), 0)
        .deploy("road:E")
        .place("U", (-2, 0), 0)
        .pass()
        .place("CR-C", (0, 1), 180)
        .pass()
        .build();
    let mut game = kit.replay_record(&record).unwrap();
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 1, .. })));
    carcassonne_testkit::play(&mut game, r#"{"crop-circles": {"choose": "remove"}}"#).unwrap();
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })));
    assert_eq!(options(&game), [r#"{"crop-circles":{"remove":0}}"#]);
}

/// Nobody has a follower of the circle's kind: nothing is asked. Ann's
/// CR-A (a shield circle: knights) turned 180° at (0,-1) beside D's city;
/// nobody has a knight, so the turn ends and Bob places next.
#[test]
fn no_follower_of_the_kind_no_question() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .draw_order(&["CR-A", "U"])
        .place("CR-A", (0, -1), 180)
        .pass()
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert!(
        matches!(game.decision(), Some(Decision::Place { player: 1, .. })),
        "{:?}",
        game.decision()
    );
}

/// The circle's action comes after the turn's scoring: a knight whose city
/// the circle tile completes is home already. Ann's U at (-1,0) passes;
/// Bob's CR-A turned 180° at (0,-1), his knight in its city (open east).
/// A shield circle itself: Bob chooses add; Ann has no knight and is
/// passed over; Bob adds nothing. Ann's CR-B turned 180° at (1,-1) closes it (CR-B's west cap): Bob scores
/// 6 (3 tiles, no pennant, 2 a tile) and his knight goes home before the
/// shield circle acts; nobody has a knight left, so nothing is asked.
#[test]
fn the_action_comes_after_scoring() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .draw_order(&["U", "CR-A", "CR-B", "U"])
        .place("U", (-1, 0), 0)
        .pass()
        .place("CR-A", (0, -1), 180)
        .deploy("city:E")
        .then(json!({ "crop-circles": { "choose": "add" } }))
        .then(json!({ "crop-circles": "pass" }))
        .place("CR-B", (1, -1), 180)
        .pass()
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(scores(&game), (0, 6));
    assert_eq!(supply(&game, 1, "follower"), 7);
    assert!(
        matches!(game.decision(), Some(Decision::Place { player: 1, .. })),
        "{:?}",
        game.decision()
    );
}

/// Any follower that may stand on the feature may be added (Abbey &
/// Mayor's mayor in a city: "Any follower that can be put in a city, is
/// considered to be a knight"; its wagon; Inns & Cathedrals' big
/// follower). Ann's CR-A turned 180° at (0,-1), her knight in its city with
/// D's; she chooses add: the follower, the mayor, the wagon and the big
/// follower are offered there; she adds the mayor. With remove instead,
/// her knight is the one to take back.
#[test]
fn other_followers_are_added_and_removed() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .expansion("abbey-and-mayor")
        .part("abbey-and-mayor", "abbey", false)
        .expansion("inns-and-cathedrals")
        .draw_order(&["CR-A", "U"])
        .place("CR-A", (0, -1), 180)
        .deploy("city:E")
        .then(json!({ "crop-circles": { "choose": "add" } }))
        .build();
    let mut game = kit.replay_record(&record).unwrap();
    assert_eq!(
        options(&game),
        [
            r#"{"crop-circles":{"add":{"at":[0,-1],"feature":"city:E","figure":"follower"}}}"#,
            r#"{"crop-circles":{"add":{"at":[0,-1],"feature":"city:E","figure":"mayor"}}}"#,
            r#"{"crop-circles":{"add":{"at":[0,-1],"feature":"city:E","figure":"wagon"}}}"#,
            r#"{"crop-circles":{"add":{"at":[0,-1],"feature":"city:E","figure":"big-follower"}}}"#,
            r#"{"crop-circles":"pass"}"#
        ]
    );
    carcassonne_testkit::play(
        &mut game,
        r#"{"crop-circles": {"add": {"at": [0, -1], "feature": "city:E", "figure": "mayor"}}}"#,
    )
    .unwrap();
    assert_eq!(supply(&game, 0, "mayor"), 0);
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
    // With remove instead, the knight is the one to take back.
    let mut remove = record.clone();
    remove.moves[2] =
        carcassonne_core::serde_json::from_value(json!({ "crop-circles": { "choose": "remove" } })).unwrap();
    let game = kit.replay_record(&remove).unwrap();
    assert_eq!(options(&game), [r#"{"crop-circles":{"remove":0}}"#]);
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

/// What the page shows of the expansion's state.
fn presented(game: &carcassonne_core::Game) -> Vec<carcassonne_core::Line> {
    let slot = game.rules().expansion_slot(INFO.id).unwrap();
    game.presented_expansion_state(slot)
}

/// The choice, the additions and the removals in words.
#[test]
fn the_action_in_words() {
    let kit = kit();
    let game = kit.replay_first("add.json", 6);
    assert_eq!(
        presented(&game),
        [Line::about(
            0,
            "chooses for the crop circle: every player adds a highwayman, or removes one"
        )]
    );
    let game = kit.replay_first("add.json", 7);
    assert_eq!(
        logged(&game),
        [Line::about(
            0,
            "chooses for the crop circle: every player may add a highwayman"
        )]
    );
    assert_eq!(
        presented(&game),
        [Line::about(
            1,
            "may add a highwayman next to one of theirs (crop circle)"
        )]
    );
    let game = kit.replay_first("add.json", 8);
    assert_eq!(
        logged(&game),
        [Line::about(
            1,
            "adds a follower to the road (east and west) 1 tile south of the start tile (crop circle)"
        )]
    );
    let game = kit.replay("remove.json");
    assert_eq!(
        logged(&game),
        [Line::about(
            0,
            "takes back a follower from the field (north) 1 tile west of the start tile (crop circle)"
        )]
    );
}
