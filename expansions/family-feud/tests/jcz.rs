//! Family Feud's FanCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/family-feud.jcz,
//! in FanCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_family_feud::INFO;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "family-feud.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(family-feud): 1 sets, 6 tiles, 1 elements, 0 rule options, 0 actions",
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
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["family-feud"]);
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 0));
    assert_eq!(points(&game, 0, "cities"), 6);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("family-feud"), "{e}");
}
