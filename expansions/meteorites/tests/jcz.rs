//! Meteorites' FanCloisterZone mapping (`jcz.toml`): it checks against the
//! engine, and a save written by hand (tests/samples/meteorites.jcz, in
//! FanCloisterZone's format, no file of it copied) imports with the
//! expansion, its impact table and its `TILE_CONFIRM`, and replays to the
//! scores worked out below.
//!
//! FanCloisterZone rolls the meteorite's die after the player confirms the
//! placement (`TILE_CONFIRM`, its random number in the payload); this
//! engine rolls on placing the tile from the record's seed, so the import
//! reads the confirmation as no move, and what the meteorite strikes is this
//! engine's roll: the test checks the scores the roll it made gives.

use carcassonne_core::TileSource;
use carcassonne_meteorites::{INFO, Impact, State};
use carcassonne_testkit::Kit;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "meteorites.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(meteorites): 1 sets, 8 tiles, 1 elements, 1 rule options, 1 actions",
    );
}

/// meteorites.jcz: the game of strike.json (tests/rules.rs) in
/// FanCloisterZone's words, with `meteorite-impact` "extended". Ann's
/// BA/RFr (U) at (1,0), her follower on its road; Bob's BA/L (B) at (0,1),
/// a monk; Ann's BA/L at (1,1), a monk; Bob's meteorites/FFFR (MET-G) at
/// (2,0), confirmed, then a pass. By this engine's roll: the plus strikes
/// Ann's road follower (Ann 5, Bob 4), the square her monk too (0–4), the
/// wide square Bob's monk as well (0–0).
#[test]
fn a_save_with_a_crater_imports_and_replays() {
    let kit = kit();
    let record = carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["meteorites"]);
    assert_eq!(
        record.config.variants[INFO.id]["impact"],
        carcassonne_core::Value::Text("extended".into())
    );
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    let strike = carcassonne_testkit::state::<State>(&game, INFO.id).strikes[0].clone();
    let expected = match strike.impact {
        Impact::Plus => (5, 4),
        Impact::Square => (0, 4),
        Impact::Wide => (0, 0),
        other => panic!("the extended table has no {other:?}"),
    };
    assert_eq!((game.state().score(0), game.state().score(1)), expected);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("meteorites"), "{e}");
}
