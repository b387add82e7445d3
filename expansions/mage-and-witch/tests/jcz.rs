//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/
//! mage_and_witch.jcz, from JCZ's format, no JCZ file copied) imports with
//! the expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_core::serde_json::json;
use carcassonne_mage_and_witch::INFO;
use carcassonne_testkit::{Kit, points, try_play};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "mage_and_witch.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(mage-and-witch): 1 sets, 8 tiles, 2 elements, 0 rule options, 4 actions",
    );
}

/// mage_and_witch.jcz: the game of tests/records/mage_and_witch.json as
/// JCZ writes it. The start tile D at (0,0).
///
/// 1. Ann: MW/CRRR.3 (MW-A, magic) at (1,0). JCZ moves `mage.1` to the
///    road at (1,0), location W: D's road, named by MW-A's tile
///    (`{"mage": {"at": [1, 0], "feature": "road:W"}}`; this engine lists
///    it by D, the road's first tile, and takes either). Her follower on
///    that road.
/// 2. Bob: BA/LR (A) turned 270° at (-1,0) ends the road at its cloister:
///    3 tiles, 3 points and the mage's 3: Ann 6; the mage is set aside.
/// 3. Ann: MW/CFC (MW-E, magic) at (0,-1) completes D's city (nobody's);
///    `witch.1` goes onto MW-E's north cap, and Ann's follower too.
/// 4. Bob: BA/C (E) turned 180° at (0,-2) closes that city: 2 tiles, 4
///    points, halved by the witch: Ann 2.
///
/// Ann 8, Bob 0.
#[test]
fn a_save_with_the_mage_and_the_witch_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["mage-and-witch"]);
    let moves = carcassonne_core::serde_json::to_value(&record.moves).unwrap();
    let moves = moves.as_array().unwrap();
    assert!(moves.contains(&json!({"mage-and-witch": {"mage": {"at": [1, 0], "feature": "road:W"}}})));
    assert!(moves.contains(&json!({"mage-and-witch": {"witch": {"at": [0, -1], "feature": "city:N"}}})));
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (8, 0));
    assert_eq!(points(&game, 0, "roads"), 6);
    assert_eq!(points(&game, 0, "cities"), 2);
}

/// A move naming a listed feature by another of its tiles is the same
/// move; a feature not listed (D's city, just completed) is refused by
/// either of its tiles.
#[test]
fn a_feature_is_named_by_any_of_its_tiles() {
    let kit = kit();
    let imported = carcassonne_jcz::import(&save(), kit.catalog(), kit.tiles()).unwrap();
    let mut first = imported.record.clone();
    first.moves.truncate(6);
    // Ann's MW-E at (0,-1) is placed; the witch is to go somewhere.
    let game = kit.replay_record(&first).unwrap();
    // MW-A's north cap at (1,0), named by its only tile: listed.
    let mut g = game.clone();
    assert!(
        try_play(
            &mut g,
            r#"{"mage-and-witch": {"witch": {"at": [1, 0], "feature": "city:N"}}}"#
        )
        .is_ok()
    );
    // D's city, completed by MW-E's south cap: not listed, by either tile.
    for named in [
        r#"{"at": [0, 0], "feature": "city:N"}"#,
        r#"{"at": [0, -1], "feature": "city:S"}"#,
    ] {
        let mut g = game.clone();
        let refused = try_play(&mut g, &format!(r#"{{"mage-and-witch": {{"witch": {named}}}}}"#));
        assert!(refused.is_err(), "{named}");
    }
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("the JCZ tile set `mage-and-witch:1` (setup.sets)"), "{e}");
}
