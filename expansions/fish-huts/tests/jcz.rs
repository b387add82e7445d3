//! Fish Huts' FanCloisterZone mapping (`jcz.toml`): it checks against the
//! engine, and a save written by hand (tests/samples/fish-huts.jcz, in
//! FanCloisterZone's format, no file of it copied) imports with the
//! expansion and The River and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_fish_huts::INFO;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "fish-huts.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_river::INFO)
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(fish-huts): 1 sets, 10 tiles, 1 elements, 0 rule options, 0 actions",
    );
}

/// fish-huts.jcz, in FanCloisterZone's places (its spring sends the river
/// east; the importer turns the board a quarter so that it flows south, as
/// here). Ann's fishhuts-FIFI (FH-E, a straight river) continues the
/// spring at (1,0), her follower on the hut. Bob's RI.1/II turns the river
/// south at (2,0), Ann's RI.1/IFI runs on at (2,1): a river tile at a
/// corner of the hut. Cloisters (BA/L) fill the other corners, (0,-1),
/// (2,-1) and (0,1); the last completes the hut: 7 + 2 × 1 = 9 for Ann.
#[test]
fn a_save_with_a_fish_hut_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert!(
        record.config.expansions.iter().any(|e| e == "fish-huts"),
        "{:?}",
        record.config.expansions
    );
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (9, 0));
    assert_eq!(points(&game, 0, "fish-huts"), 9);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("fish"), "{e}");
}
