//! The expansion's FanCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/obelisk.jcz, in
//! FanCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_core::serde_json::json;
use carcassonne_jcz::testing;
use carcassonne_obelisk::INFO;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    testing::sample(env!("CARGO_MANIFEST_DIR"), "obelisk.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(obelisk): 0 sets, 0 tiles, 1 elements, 0 rule options, 0 actions",
    );
}

/// obelisk.jcz: the base game with the element `obelisk`; the start tile D
/// at (0,0).
///
/// 1. Ann: BA/RFr (U) at (-1,0), passes.
/// 2. Bob: BA/L (B) at (-1,1), passes.
/// 3. Ann: B at (0,1); `0.obelisk.1` pointed at the field of (0,1) (the
///    tile south-east of the junction): the junction of (-1,0), D, (-1,1)
///    and (0,1), this engine's north-west corner of the tile just placed.
/// 4. Bob: U at (1,0), his follower on the road (`WE`).
/// 5. Ann: U at (-2,0), passes.
///
/// End: Ann's obelisk area (columns -2..1, rows -1..2) holds the four
/// tiles of row 0 and the two B's: 6 tiles, 6 points. Bob's road
/// (-2,0)–(1,0), open: 4. Ann 6, Bob 4.
#[test]
fn a_save_with_an_obelisk_imports_and_replays() {
    let kit = kit();
    let record = &testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["obelisk"]);
    assert!(record.config.figures.is_empty(), "one obelisk each, as here");
    let moves = carcassonne_core::serde_json::to_value(&record.moves).unwrap();
    assert_eq!(
        moves.as_array().unwrap()[5],
        json!({"deploy": {"figure": "obelisk", "corner": "NW"}})
    );
    let game = kit.replay_record(&record.clone()).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 4));
    assert_eq!(points(&game, 0, "obelisk.incomplete"), 6);
}

/// Two obelisks each (the element says 2): written into the record's
/// figures.
#[test]
fn the_element_counts_obelisks() {
    let kit = kit();
    let two = save().replace("\"obelisk\": 1}", "\"obelisk\": 2}");
    let record = testing::import_record(&two, kit.catalog(), kit.tiles());
    assert_eq!(record.config.figures.get("obelisk"), Some(&2));
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = testing::refusal_without_expansions(&save());
    assert!(e.contains("the JCZ element `obelisk` (setup.elements)"), "{e}");
}
