//! The Labyrinth replayed from hand-written records (tests/records), worked
//! out by hand from the rules quoted in docs/expansions/the-labyrinth.md.
//! The start tile D at (0, 0) has a city cap north and a road west–east.
//! Ann is player 0, Bob player 1. LA-A is the labyrinth (four roads, one
//! road), U a straight road west–east, W a junction (roads east, south and
//! west, each ending at the junction), X a crossroads (four roads ending).
//!
//! The labyrinth lies at (1,0), its west road on D's. Its other three
//! exits end at W (1,-1) (north), W (2,0) (east) and X (1,1) (south); the
//! road's west end is a W at (-1,0) or, after U at (-1,0), at (-2,0).

use carcassonne_core::Pos;
use carcassonne_testkit::{Kit, points, try_play};
use carcassonne_the_labyrinth::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

/// basic_complete.json, the basic rules. Ann's labyrinth, her follower on
/// it: the whole road is hers ("The meeple then is a thief on all the
/// connected roads"). W at (-1,0), W at (1,-1), W at (2,0) and X at (1,1)
/// end its five ends: W, D, LA, W, W, X, 6 tiles, Ann 6. "The labyrinths
/// are scored according to the normal Carcassonne rules for roads. You get
/// no additional points from the meeples placed on the labyrinth network."
#[test]
fn basic_a_completed_labyrinth_scores_as_a_road() {
    let game = kit().replay("basic_complete.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "roads"), 6);
    assert_eq!(points(&game, 0, "the-labyrinth"), 0);
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 0));
    // Scored complete during play, not as an unfinished road at the end.
    let road = game.state().node_at(Pos::new(1, 0), 0).expect("the labyrinth's road");
    assert!(game.state().is_complete(road));
}

/// Basic rules: "a meeple can only be placed on it if all the roads
/// connected to the labyrinth tile are unoccupied". Ann's follower on U's
/// road, joined to the labyrinth through D: Bob's labyrinth takes none
/// (basic_occupied.json); nor does a road tile joined to a labyrinth that
/// holds a follower. At the end the road U, D, LA is unfinished: Ann 3.
#[test]
fn basic_an_occupied_labyrinth_road_takes_no_follower() {
    let kit = kit();
    let mut game = kit.replay_first("basic_occupied.json", 3);
    assert!(try_play(&mut game, r#"{"deploy": {"feature": "road:N"}}"#).is_err());
    let game = kit.replay("basic_occupied.json");
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 0));

    let mut game = kit.replay_first("basic_complete.json", 2);
    try_play(&mut game, r#"{"place": {"tile": "W", "at": [-1, 0], "rotation": 0}}"#).expect("fits");
    assert!(try_play(&mut game, r#"{"deploy": {"feature": "road:E"}}"#).is_err());
    try_play(&mut game, r#"{"deploy": {"feature": "road:S"}}"#).expect("a road of its own");
}

/// advanced_tie.json. Ann's follower on U's road; Bob's labyrinth joins
/// it, and "If you place the labyrinth, you may place a meeple on it even
/// if there is already a meeple on one or more connected roads". Ann's W
/// at (1,-1) and Bob's W at (2,0) each begin a segment at a labyrinth exit
/// that holds nobody: a follower each, Bob's next to his own labyrinth
/// follower (the labyrinth bounds segments). Ann's W at (-2,0) and Bob's
/// X at (1,1) end the road: W, U, D, LA, W, W, X, 7 tiles. Ann and Bob
/// have 2 followers each: "If several players have the majority, each of
/// them gets the full number of points": 7 for the road and "2 points for
/// each meeple standing on the labyrinth or on a connected road", 4
/// meeples, 8. Each 15.
#[test]
fn advanced_a_tie_pays_both_the_full_bonus() {
    let game = kit().replay("advanced_tie.json");
    assert!(game.is_over());
    for player in [0, 1] {
        assert_eq!(points(&game, player, "roads"), 7);
        assert_eq!(points(&game, player, "the-labyrinth"), 8);
        assert_eq!(game.state().score(player), 15);
    }
}

/// advanced_majority.json: as advanced_tie.json, but Ann takes no segment
/// at (1,-1). Bob's 2 followers beat Ann's 1: Bob 7 + 2 × 3 = 13, Ann
/// nothing, though her follower counts towards Bob's bonus ("2 points for
/// each meeple").
#[test]
fn advanced_the_majority_takes_the_road_and_every_meeples_bonus() {
    let game = kit().replay("advanced_majority.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 1, "roads"), 7);
    assert_eq!(points(&game, 1, "the-labyrinth"), 6);
    assert_eq!((game.state().score(0), game.state().score(1)), (0, 13));
}

/// advanced_unfinished.json: the game ends before the labyrinth's road is
/// complete. "The labyrinth and the connected roads are scored when all 4
/// of the roads are completed": unfinished, it is any road at the end, a
/// point a tile (U, D, LA, W, W: 5) to each of the tied players and no
/// bonus.
#[test]
fn advanced_an_unfinished_labyrinth_pays_no_bonus() {
    let game = kit().replay("advanced_unfinished.json");
    assert!(game.is_over());
    for player in [0, 1] {
        assert_eq!(points(&game, player, "roads"), 5);
        assert_eq!(points(&game, player, "the-labyrinth"), 0);
    }
}

/// Advanced variant: a segment that holds a follower takes no other. Ann's
/// W at (-2,0) joins U's segment, where her follower stands: refused. A
/// road through no labyrinth keeps the usual rule (advanced_no_labyrinth.json):
/// Bob's U at (-2,0) joins Ann's road of U and D and takes no follower on
/// it; at the end that road of 3 tiles is Ann's, 3.
#[test]
fn advanced_an_occupied_segment_takes_no_follower() {
    let kit = kit();
    let mut game = kit.replay_first("advanced_tie.json", 8);
    try_play(&mut game, r#"{"place": {"tile": "W", "at": [-2, 0], "rotation": 0}}"#).expect("fits");
    assert!(try_play(&mut game, r#"{"deploy": {"feature": "road:E"}}"#).is_err());

    let mut game = kit.replay_first("advanced_tie.json", 2);
    try_play(
        &mut game,
        r#"{"place": {"tile": "LA-A", "at": [-2, 0], "rotation": 0}}"#,
    )
    .expect("fits");
    // The labyrinth itself is a segment of its own.
    try_play(&mut game, r#"{"deploy": {"feature": "road:N"}}"#).expect("the labyrinth is free");

    let mut game = kit.replay_first("advanced_no_labyrinth.json", 3);
    assert!(try_play(&mut game, r#"{"deploy": {"feature": "road:E"}}"#).is_err());
    let game = kit.replay("advanced_no_labyrinth.json");
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 0));
}

/// two_labyrinths.json, both labyrinth tiles in the game (Spiel Doch!
/// printed two: "Both tiles can be used in all editions"). Ann's labyrinth
/// at (1,0), her follower on it; Bob's U at (2,0) is a segment between it
/// and the next labyrinth, free: his follower. Ann's second labyrinth at
/// (3,0) is a segment of its own: her follower. Bob's U at (4,0) leaves it
/// east, free: his follower. A tile joining that last segment finds it
/// occupied. At the end the road D, LA, U, LA, U, 5 tiles, unfinished,
/// 2 followers each: 5 each.
#[test]
fn advanced_labyrinths_bound_the_segments_between_them() {
    let kit = kit();
    let game = kit.replay("two_labyrinths.json");
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (5, 5));
    assert_eq!(points(&game, 0, "the-labyrinth"), 0);

    let mut record = kit.record("two_labyrinths.json");
    record.config.draw_order.get_or_insert_with(Vec::new).push("U".into());
    let mut game = kit.replay_record(&record).expect("replays");
    try_play(&mut game, r#"{"place": {"tile": "U", "at": [5, 0], "rotation": 0}}"#).expect("fits");
    assert!(try_play(&mut game, r#"{"deploy": {"feature": "road:E"}}"#).is_err());
}

/// With The Phantom, advanced: the second follower of a turn finds the
/// segment the first took occupied. Bob's labyrinth holds his follower: the
/// phantom may not join it there. Ann's W at (1,-1): her follower on the
/// free exit segment, her phantom not on the same road but on the
/// junction's east road, a road of its own.
#[test]
fn advanced_the_phantom_finds_the_segment_taken() {
    let kit = kit().with(&carcassonne_the_phantom::INFO);
    let record = carcassonne_testkit::RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .expansion("the-phantom")
        .variant(INFO.id, "advanced", true)
        .draw_order(&["U", "LA-A", "W"])
        .place("U", (-1, 0), 0)
        .deploy("road:E")
        .pass()
        .place("LA-A", (1, 0), 0)
        .deploy("road:N")
        .build();
    let mut game = kit.replay_record(&record).expect("replays");
    let phantom_on = |feature: &str| format!(r#"{{"deploy": {{"figure": "phantom", "feature": "{feature}"}}}}"#);
    assert!(try_play(&mut game, &phantom_on("road:N")).is_err());
    try_play(&mut game, r#""pass""#).expect("passes");
    try_play(&mut game, r#"{"place": {"tile": "W", "at": [1, -1], "rotation": 0}}"#).expect("fits");
    try_play(&mut game, r#"{"deploy": {"feature": "road:S"}}"#).expect("a free segment");
    assert!(try_play(&mut game, &phantom_on("road:S")).is_err());
    try_play(&mut game, &phantom_on("road:E")).expect("a road of its own");
}
