//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/watchtowers.jcz,
//! from JCZ's format, no JCZ file copied) imports with the expansion and
//! replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_testkit::{Kit, points};
use carcassonne_watchtowers::INFO;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "watchtowers.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(watchtowers): 1 sets, 12 tiles, 1 elements, 0 rule options, 0 actions",
    );
}

/// watchtowers.jcz: tests/records/meeple.json's game in JCZ's words. Ann's
/// WT/CFRF_2M (WT-D) turned 90° at (1,0), her follower on its road; Bob's
/// BA/RFr (U) at (1,-1), his follower on its road; Ann's BA/LR (A) turned
/// 270° at (-1,0) closes the road, her monk in the cloister. The tower 4,
/// the road 3, the cloister at the end 2: Ann 9; Bob's road 1.
#[test]
fn a_save_with_a_watchtower_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["watchtowers"]);
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (9, 1));
    assert_eq!(points(&game, 0, "watchtowers"), 4);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("watchtower"), "{e}");
}
