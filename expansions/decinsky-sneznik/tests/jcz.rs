//! The expansion's FanCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/decinsky-sneznik.jcz,
//! in FanCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_core::serde_json::json;
use carcassonne_decinsky_sneznik::INFO;
use carcassonne_jcz::testing;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    testing::sample(env!("CARGO_MANIFEST_DIR"), "decinsky-sneznik.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(decinsky-sneznik): 0 sets, 0 tiles, 1 elements, 0 rule options, 0 actions",
    );
}

/// decinsky-sneznik.jcz: the base game with the element
/// `decinsky-sneznik`; the start tile D at (0,0).
///
/// 1. Ann: BA/RFr (U) at (1,0); `0.decinskysneznik.1` on its south field
///    (`ER.SL.SR.WL`): range (1,0), (1,-1), (2,0), (1,1), (0,0).
/// 2. Bob: U at (-1,0), his follower on the road (`WE`).
/// 3. Ann: BA/L (B) at (1,1). 4. Bob: U at (2,0).
/// 5. Ann: BA/C (E) at (1,-1): the fifth tile of her range, 5 points.
///
/// End: Bob's road (-1,0)–(2,0), open: 4. Ann 5, Bob 4.
#[test]
fn a_save_with_an_observation_tower_imports_and_replays() {
    let kit = kit();
    let record = &testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["decinsky-sneznik"]);
    assert!(record.config.figures.is_empty(), "one tower each, as here");
    let moves = carcassonne_core::serde_json::to_value(&record.moves).unwrap();
    assert_eq!(
        moves.as_array().unwrap()[1],
        json!({"deploy": {"figure": "observation-tower", "feature": "field:S"}})
    );
    let game = kit.replay_record(&record.clone()).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (5, 4));
    assert_eq!(points(&game, 0, "decinsky-sneznik"), 5);
}

/// Two towers each (the element says 2): written into the record's figures.
#[test]
fn the_element_counts_towers() {
    let kit = kit();
    let two = save().replace("\"decinsky-sneznik\": 1}", "\"decinsky-sneznik\": 2}");
    let record = testing::import_record(&two, kit.catalog(), kit.tiles());
    assert_eq!(record.config.figures.get("observation-tower"), Some(&2));
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = testing::refusal_without_expansions(&save());
    assert!(e.contains("the JCZ element `decinsky-sneznik` (setup.elements)"), "{e}");
}
