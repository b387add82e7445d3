//! Gambler's Luck's FanCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/gamblers-luck.jcz,
//! in FanCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_gamblers_luck::{INFO, State};
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "gamblers-luck.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(gamblers-luck): 1 sets, 3 tiles, 1 elements, 0 rule options, 0 actions",
    );
}

/// gamblers-luck.jcz: Ann's gamblers-luck/fcrc (GL-C) turned 90° at (0,-1)
/// joins the start tile's city, nobody in it; the die is rolled for its
/// question-marked coat of arms (this engine's roll: FanCloisterZone writes
/// no action for it). Bob's BA/RFr (U) at (1,0) carries the start tile's
/// road east, his follower on it: unfinished at the end, 2 tiles, 2. The
/// city has nobody, so the roll changes no score: 0–2.
#[test]
fn a_save_with_a_question_marked_tile_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["gamblers-luck"]);
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (0, 2));
    assert_eq!(points(&game, 1, "roads"), 2);
    assert_eq!(carcassonne_testkit::state::<State>(&game, INFO.id).tokens.len(), 1);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("gamblers-luck"), "{e}");
}
