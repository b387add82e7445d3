//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/spiel-doch.jcz,
//! from JCZ's format, no JCZ file copied) imports and replays to the scores
//! worked out below.

use carcassonne_core::TileSource;
use carcassonne_spiel_doch::INFO;
use carcassonne_testkit::Kit;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "spiel-doch.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(spiel-doch): 1 sets, 2 tiles, 0 elements, 0 rule options, 0 actions",
    );
}

/// spiel-doch.jcz: a game with the set and JCZ's standard start (D). Ann's
/// SD/CC (SD-A) turned 180° at (0,-1) closes D's city, her knight in it: a
/// city of 2 tiles, 4. Bob's SD/RRR (SD-B) at (1,0) ends the start road at
/// its junction, his follower on it: at the end a road of 2 tiles, 2.
#[test]
fn a_save_with_the_promo_tiles_shuffled_in_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.tiles_only, ["spiel-doch"]);
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (4, 2));
}

/// JCZ's start option `spiel-doch` lays both promo tiles: the importer
/// reads a start of one tile only and refuses it at `setup.start`.
#[test]
fn a_save_started_with_the_two_promo_tiles_is_refused_at_its_start() {
    let kit = kit();
    let text = save().replace(
        r#""start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}]"#,
        r#""start": [{"tile": "SD/CC", "x": 0, "y": 0, "rotation": 0}, {"tile": "SD/RRR", "x": 1, "y": 0, "rotation": 270}]"#,
    );
    assert_ne!(text, save());
    let Err(e) = carcassonne_jcz::import(&text, kit.catalog(), kit.tiles()) else {
        panic!("a start of two tiles imported");
    };
    let e = e.to_string();
    assert!(e.contains("setup.start"), "{e}");
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("spiel-doch"), "{e}");
}
