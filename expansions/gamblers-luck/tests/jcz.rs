//! Gambler's Luck's FanCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/gamblers-luck.jcz,
//! in FanCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::{Catalog, GameRecord, TileSource};
use carcassonne_gamblers_luck::{INFO, State};
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/samples/gamblers-luck.jcz")).unwrap()
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    let report = carcassonne_jcz::check_mappings(kit().catalog(), &TileSource::default()).unwrap();
    assert_eq!(report.problems, 0, "{}", report.text);
    assert!(
        report
            .text
            .contains("(gamblers-luck): 1 sets, 3 tiles, 1 elements, 0 rule options, 0 actions"),
        "{}",
        report.text
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
    let imported = carcassonne_jcz::import(&save(), kit.catalog(), kit.tiles()).unwrap();
    let record = &imported.record;
    assert_eq!(record.config.expansions, ["gamblers-luck"]);
    let game = kit
        .replay_record(&GameRecord::from_json(&record.to_json()).unwrap())
        .unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (0, 2));
    assert_eq!(points(&game, 1, "roads"), 2);
    assert_eq!(carcassonne_testkit::state::<State>(&game, INFO.id).tokens.len(), 1);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::import(&save(), &Catalog::default(), &TileSource::default())
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(e.contains("gamblers-luck"), "{e}");
}
