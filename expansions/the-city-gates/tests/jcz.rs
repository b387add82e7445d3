//! The City Gates' FanCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/the-city-gates.jcz,
//! in FanCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_testkit::{Kit, points};
use carcassonne_the_city_gates::INFO;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "the-city-gates.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(the-city-gates): 1 sets, 5 tiles, 0 elements, 0 rule options, 0 actions",
    );
}

/// the-city-gates.jcz: tests/records/gates.json's game in FanCloisterZone's
/// words. Ann's BA/RFr (U) at (-1,0), her follower on its road; Bob's
/// the-city-gates/gggg (CG-A) at (1,0) ends the road east with a gate, his
/// follower in its walled city: 4. Ann's the-city-gates/gcgg (CG-B) turned
/// 180° at (-2,0) ends it west with a gate: the road of 2 tiles, Ann 2.
#[test]
fn a_save_with_city_gates_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["the-city-gates"]);
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (2, 4));
    assert_eq!(points(&game, 1, "cities"), 4);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("the-city-gates"), "{e}");
}
