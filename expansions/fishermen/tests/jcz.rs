//! Fishermen's FanCloisterZone mapping (`jcz.toml`), a save written by
//! hand (tests/samples/fishermen.jcz), and FanCloisterZone's
//! own Fishermen engine tests (`engine-tests/fishermen/*.jcz` and
//! `engine-tests/village-life/donkey-blocking-fishermen.jcz` in its
//! repository), read where a local mirror of it is
//! (`$FANCLOISTERZONE_MIRROR`, a bare git directory, by default
//! `/work/.mirror/fancarpedia+FanCloisterZone/repo`; the test is skipped
//! without one, and nothing of the files is copied here). Each save is
//! imported with this engine's importer and replayed; the scores its
//! assertions state ("Ariel has 7 points.") are compared with this
//! engine's. docs/expansions/fishermen.md says which reproduce and why the
//! others do not.

use carcassonne_core::TileSource;
use carcassonne_fishermen::INFO;
use carcassonne_testkit::Kit;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_river::INFO)
        .with(&carcassonne_river_ii::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_the_gold_mines::INFO)
        .with(&carcassonne_little_buildings::INFO)
        .with(&carcassonne_village_life::INFO)
        .with(&carcassonne_traders_and_builders::INFO)
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
            .with(&carcassonne_river::INFO)
            .catalog(),
        &TileSource::default(),
        "(fishermen): 0 sets, 0 tiles, 1 elements",
    );
}

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "fishermen.jcz")
}

/// fishermen.jcz, written by hand in FanCloisterZone's format (no file of
/// it copied): the base start tile BA/RCr starts (the `fishermen` element
/// leaves the river no course). Ann lays the spring RI/s below it (its
/// river east) and fishes it (`River`, location `E`); Bob's RI.1/IFI
/// continues it east; Ann's lake RI.1/I.e closes it: 3 tiles, 6 points.
#[test]
fn a_save_with_a_fisherman_imports_and_replays() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_river::INFO);
    let record = carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert!(
        record.config.expansions.iter().any(|e| e == INFO.id),
        "{:?}",
        record.config.expansions
    );
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 0));
    assert_eq!(carcassonne_testkit::points(&game, 0, INFO.id), 6);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    // The first thing a bare engine lacks is The River's set.
    assert!(e.contains("river"), "{e}");
}

/// The saves whose every stated score this engine reproduces; the list and
/// the reasons for the others are in docs/expansions/fishermen.md.
#[test]
fn fancloisterzones_engine_tests() {
    let Some(saves) = carcassonne_jcz::testing::fancloisterzone_saves(&[
        "engine-tests/fishermen/",
        "engine-tests/village-life/donkey-blocking-fishermen.jcz",
    ]) else {
        eprintln!("no FanCloisterZone mirror: skipped");
        return;
    };
    let kit = kit();
    let reproduced = carcassonne_jcz::testing::reproduced_saves(&saves, kit.catalog(), &TileSource::default());
    assert_eq!(
        reproduced,
        [
            "fishermen-goldmines.jcz",
            "fishermen-little-buildings.jcz",
            "fishermen-scoring.jcz",
            "donkey-blocking-fishermen.jcz"
        ]
    );
}
