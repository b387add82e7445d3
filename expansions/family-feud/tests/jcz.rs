//! Family Feud's FanCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/family-feud.jcz,
//! in FanCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::{Catalog, GameRecord, TileSource};
use carcassonne_family_feud::INFO;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/samples/family-feud.jcz")).unwrap()
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
            .contains("(family-feud): 1 sets, 6 tiles, 1 elements, 0 rule options, 0 actions"),
        "{}",
        report.text
    );
}

/// family-feud.jcz: Ann's family-feud/cfff.= (FF-C, a red cap) turned 180°
/// at (0,-1) closes the start tile's plain city, her follower in it: 2 tiles
/// and a coat of arms, 6. Bob's family-feud/fffc.= (FF-B)
/// turned 180° at (1,-1), its red cap east, touches the first tile by a
/// field only; nobody scores its city.
#[test]
fn a_save_with_red_coats_of_arms_imports_and_replays() {
    let kit = kit();
    let imported = carcassonne_jcz::import(&save(), kit.catalog(), kit.tiles()).unwrap();
    let record = &imported.record;
    assert_eq!(record.config.expansions, ["family-feud"]);
    let game = kit
        .replay_record(&GameRecord::from_json(&record.to_json()).unwrap())
        .unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 0));
    assert_eq!(points(&game, 0, "cities"), 6);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::import(&save(), &Catalog::default(), &TileSource::default())
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(e.contains("family-feud"), "{e}");
}
