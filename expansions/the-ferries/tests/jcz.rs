//! The Ferries' JCloisterZone mapping (`jcz.toml`): it checks against the
//! engine, and a save written by hand (tests/samples/the-ferries.jcz, in
//! JCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_testkit::{Kit, points};
use carcassonne_the_ferries::INFO;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "the-ferries.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(the-ferries): 1 sets, 3 tiles, 1 elements, 0 rule options, 1 actions",
    );
}

/// the-ferries.jcz: tests/records/moving_the_ferry_closes_a_road.json's
/// game in JCloisterZone's words. Ann's FR/RRR (FR-B) at (1,0), her
/// follower on its west road, the ferry `WE`; Bob's BA/RRR (W) at (-1,0),
/// no follower and no move (JCZ writes none: the importer passes); Ann's
/// BA/RFr (U) at (2,0), no follower (passed first), the ferry moved to
/// `SE`: the west part closes, 3 tiles, Ann 3.
#[test]
fn a_save_that_lays_and_moves_a_ferry_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["the-ferries"]);
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 0));
    assert_eq!(points(&game, 0, "roads"), 3);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("ferr"), "{e}");
}
