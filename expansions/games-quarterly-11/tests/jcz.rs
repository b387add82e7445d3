//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand
//! (tests/samples/games-quarterly-11.jcz, from JCZ's format, no JCZ file
//! copied) imports with the expansion and replays to the scores worked out
//! below.

use carcassonne_core::TileSource;
use carcassonne_core::Value;
use carcassonne_games_quarterly_11::INFO;
use carcassonne_testkit::Kit;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "games-quarterly-11.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_river::INFO)
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(games-quarterly-11): 2 sets, 12 tiles, 0 elements, 1 rule options, 0 actions",
    );
}

/// games-quarterly-11.jcz: the base game and JCZ's set `gq11`, the house
/// rule off (`gq11-pig-herd = nothing`). Ann's GQ/CRCr.2 (GQ-5) at (1,0)
/// continues the start road, her knight in its north city; Bob's BA/C (E)
/// turned 180° at (1,-1) closes it: 2 tiles, 4. Ann's GQ/LRRRR (GQ-1) at
/// (2,0) ends the road, her monk in the cloister: at the end 1 + 2 tiles
/// round it ((1,-1), (1,0)) = 3. Ann 7, Bob 0.
#[test]
fn a_save_with_the_promo_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["games-quarterly-11"]);
    assert_eq!(
        record.config.variants["games-quarterly-11"]["pig_herd"],
        Value::from(false)
    );
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (7, 0));
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("gq11"), "{e}");
}
