//! The Labyrinth's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/the-labyrinth.jcz,
//! in JCloisterZone's format, no file of it copied) imports with the
//! expansion, in the advanced variant, and replays to the scores worked out
//! below.

use carcassonne_core::TileSource;
use carcassonne_testkit::{Kit, points};
use carcassonne_the_labyrinth::INFO;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "the-labyrinth.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(the-labyrinth): 1 sets, 1 tiles, 0 elements, 1 rule options, 0 actions",
    );
}

/// the-labyrinth.jcz: tests/records/advanced_tie.json's game in
/// JCloisterZone's words, with its rule `labyrinth-variant = advanced`.
/// Ann's BA/RFr (U) at (-1,0), her follower on its road; Bob's LA/Rrrr
/// (LA-A) at (1,0), his follower on the labyrinth although the road holds
/// Ann's; Ann's BA/RRR (W) at (1,-1) and Bob's at (2,0), a follower each
/// on the segment that leaves the labyrinth; Ann's BA/RRR at (-2,0) and
/// Bob's BA/RRRR (X) at (1,1) complete the road of 7 tiles. Tied 2–2, each
/// scores 7 and 2 for each of the 4 followers: 15 each.
#[test]
fn an_advanced_save_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["the-labyrinth"]);
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (15, 15));
    assert_eq!(points(&game, 0, "the-labyrinth"), 8);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("labyrinth"), "{e}");
}
