//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/russian-promos.jcz,
//! from JCZ's format, no JCZ file copied) imports with the expansion and
//! replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_russian_promos::INFO;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "russian-promos.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(russian-promos): 2 sets, 4 tiles, 1 elements, 0 rule options, 1 actions",
    );
}

/// russian-promos.jcz. Ann's RU/L (RU-A) at (0,1), her follower on Baba
/// Yaga's hut; Bob's BA/RFr (U) at (1,0); Ann's U at (2,0), her follower on
/// the start road; Bob's RU/V (RU-D, the Vodyanoy) at (2,1) traps it; Ann's
/// U at (-1,0) and she frees it (JCZ's RETURN_MEEPLE from TRAP). End: 3 of
/// the 8 places round the hut hold tiles ((-1,0), D, (1,0)): 1 + 5 empty,
/// 6 for Ann; Bob 0.
#[test]
fn a_save_with_the_hut_and_the_vodyanoy_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["russian-promos"]);
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 0));
    assert_eq!(points(&game, 0, "yaga-hut"), 6);
    assert_eq!(points(&game, 0, "russian-promos.vodyanoy"), 0);
}

/// Without JCZ's element `russian-trap` JCZ plays the lake as a plain tile:
/// the save's RETURN_MEEPLE then has nothing to free, and the importer
/// refuses it where the two games part.
#[test]
fn without_the_trap_element_the_lake_traps_nothing() {
    let kit = kit();
    let text = save().replace(", \"russian-trap\": true", "");
    assert_ne!(text, save());
    let e = match carcassonne_jcz::import(&text, kit.catalog(), kit.tiles()) {
        Ok(_) => panic!("the save imports without the traps"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("RETURN_MEEPLE"), "{e}");
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("russian-promos"), "{e}");
}
