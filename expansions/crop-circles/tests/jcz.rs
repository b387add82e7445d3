//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/crop-circles.jcz,
//! from JCZ's format, no JCZ file copied) imports with the expansion and
//! replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_core::serde_json::json;
use carcassonne_crop_circles::INFO;
use carcassonne_testkit::Kit;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "crop-circles.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(crop-circles): 2 sets, 12 tiles, 1 elements, 0 rule options, 4 actions",
    );
}

/// crop-circles.jcz: the base game's start tile D at (0,0); add.json's
/// game in JCZ's words.
///
/// 1. Ann: BA/RFr (U) at (-1,0), her follower on the road.
/// 2. Bob: BA/RFr (U) at (0,1), his follower on its road.
/// 3. Ann: CC.1/Rr (CR-D, a club circle) at (1,0); she passes, then
///    chooses DEPLOY (`{"choose": "add"}`). Bob adds a follower on his road
///    (`DEPLOY_MEEPLE` with his follower's pointer: `{"add": …}`); Ann
///    passes (the skip: `"pass"`).
///
/// End: Ann's road (-1,0)–(1,0), 3; Bob's road, 1 tile, two followers: 1.
#[test]
fn a_save_with_a_crop_circle_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["crop-circles"]);
    let moves = carcassonne_core::serde_json::to_value(&record.moves).unwrap();
    let moves = moves.as_array().unwrap();
    assert_eq!(moves[6], json!({"crop-circles": {"choose": "add"}}));
    assert_eq!(
        moves[7],
        json!({"crop-circles": {"add": {"at": [0, 1], "feature": "road:E", "figure": "follower"}}})
    );
    assert_eq!(moves.last(), Some(&json!({"crop-circles": "pass"})));
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 1));
}

/// REMOVE imports as `{"choose": "remove"}`, and JCZ's RETURN_MEEPLE from
/// CORN_CIRCLE as the removal of the figure its pointer names.
#[test]
fn a_removal_imports() {
    let kit = kit();
    let text = save()
        .replace(r#"{"value": "DEPLOY"}"#, r#"{"value": "REMOVE"}"#)
        .replace(
            r#"{"type": "DEPLOY_MEEPLE", "payload": {"pointer": {"position": [0, 1], "feature": "Road", "location": "WE"}, "meepleId": "1.small.2"}, "player": 1}"#,
            r#"{"type": "RETURN_MEEPLE", "payload": {"pointer": {"featurePointer": {"position": [0, 1], "feature": "Road", "location": "WE"}, "meepleId": "1.small.1"}, "source": "CORN_CIRCLE"}, "player": 1}"#,
        )
        .replace(
            r#"{"type": "PASS", "payload": {}, "player": 0},
    {"type": "COMMIT", "payload": {}, "player": 0}
  ]"#,
            r#"{"type": "RETURN_MEEPLE", "payload": {"pointer": {"featurePointer": {"position": [-1, 0], "feature": "Road", "location": "WE"}, "meepleId": "0.small.1"}, "source": "CORN_CIRCLE"}, "player": 0},
    {"type": "COMMIT", "payload": {}, "player": 0}
  ]"#,
        );
    let imported = carcassonne_jcz::import(&text, kit.catalog(), kit.tiles()).unwrap();
    let moves = carcassonne_core::serde_json::to_value(&imported.record.moves).unwrap();
    let moves = moves.as_array().unwrap();
    assert_eq!(moves[6], json!({"crop-circles": {"choose": "remove"}}));
    assert_eq!(moves[7], json!({"crop-circles": {"remove": 1}}));
    assert_eq!(moves[8], json!({"crop-circles": {"remove": 0}}));
    let game = kit.replay_record(&imported.record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (0, 0));
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("corn-circles/1"), "{e}");
}
