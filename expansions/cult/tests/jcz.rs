//! The Cult's JCloisterZone mapping (`jcz.toml`): it checks against the
//! engine, and a save written by hand (tests/samples/cult.jcz, in
//! FanCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_cult::INFO;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "cult.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(cult): 2 sets, 6 tiles, 1 elements, 0 rule options, 0 actions",
    );
}

/// cult.jcz: the game of tests/records/challenge.json. Ann's shrine CU/S
/// (CU-A) at (0,1) with her follower; Bob's cloister BA/L (B) at (1,1)
/// with his monk; BA/RFr at (1,0) and (-1,0), BA/C at (-1,1), (0,2),
/// (-1,2) and, by Bob, (1,2), which fills the last place round the shrine:
/// Ann 9, and Bob's monk, in an unfinished cloister, goes home without
/// points (JCZ writes no action for it).
#[test]
fn a_save_with_a_challenge_imports_and_replays() {
    let kit = kit();
    let record = carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["cult"]);
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (9, 0));
    assert_eq!(points(&game, 0, "cloisters"), 9);
}

/// The same game from Heretics and Shrines' five tiles (JCZ's `cult/5`):
/// the variant `tile_set` leaves RGG's sixth tile out of the bag.
#[test]
fn the_five_tile_set_is_heretics_and_shrines() {
    let kit = kit();
    let five = save().replace("\"cult/6\"", "\"cult/5\"");
    let record = carcassonne_jcz::testing::import_record(&five, kit.catalog(), kit.tiles());
    let variants = carcassonne_core::serde_json::to_value(&record.config.variants).unwrap();
    assert_eq!(variants["cult"]["tile_set"], "heretics-and-shrines");
    let game = kit.replay_record(&record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (9, 0));
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("`cult/6`"), "{e}");
}
