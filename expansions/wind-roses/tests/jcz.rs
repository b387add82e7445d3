//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/wind-roses.jcz,
//! from JCZ's format, no JCZ file copied) imports with the expansion and
//! replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_testkit::{Kit, points};
use carcassonne_wind_roses::INFO;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "wind-roses.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(wind-roses): 1 sets, 6 tiles, 1 elements, 0 rule options, 0 actions",
    );
}

/// wind-roses.jcz: JCZ starts from the orange rose WR/CFR (WR-D) at (0,0);
/// tests/records/roses.json's game in JCZ's words: Ann's WR/RrC (south-west
/// quarter) in the rose's column south of it, 3; Bob's WR/CC.2 (south-east)
/// north of it, nothing; Ann's WR/Rr, the blue rose, turned 180°; Bob's
/// WR/Cc.1 (north-east) in the blue rose's north-east, the board's
/// south-west, 3. Ann 3, Bob 3.
#[test]
fn a_save_with_wind_roses_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["wind-roses"]);
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 3));
    assert_eq!(points(&game, 1, "wind-roses"), 3);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("the JCZ tile set `wind-roses` (setup.sets)"), "{e}");
}
