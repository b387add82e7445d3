//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/monasteries.jcz,
//! from JCZ's format, no JCZ file copied) imports with the expansion and
//! replays to the scores worked out below.

use carcassonne_core::{TileSource, Value};
use carcassonne_monasteries::INFO;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "monasteries.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(monasteries): 1 sets, 6 tiles, 0 elements, 1 rule options, 1 actions",
    );
}

/// monasteries.jcz: the base game and JCZ's set `monasteries` with
/// `keep-monasteries = replace`. Ann's MO/M4 (MO-4) at (0,1), her follower
/// on it as an abbot (JCZ's location `AS_ABBOT`); Bob's MO/MR1 (MO-5) at
/// (1,1), his follower in it as a monk (location `I`); MO/M1 at (0,2),
/// BA/C (E) at (-1,1), MO/M2 at (2,1). End: Ann's abbot 1 + north 1 + east
/// 2 + south 1 + west 1 = 6; Bob's monk, the core's unfinished cloister
/// with 4 tiles round it ((0,0), (0,1), (2,1), (0,2)): 5.
#[test]
fn a_save_with_an_abbot_and_a_monk_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["monasteries"]);
    assert_eq!(
        record.config.variants["monasteries"]["base_cloisters"],
        Value::from("replace")
    );
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 5));
    assert_eq!(points(&game, 0, "monasteries.abbot"), 6);
    assert_eq!(points(&game, 1, "cloisters"), 5);
}

/// JCZ's engine takes the base cloisters out only when the save's rule
/// says `replace`: without the rule they stay.
#[test]
fn without_the_rule_the_base_cloisters_stay() {
    let kit = kit();
    let text = save().replace(", \"keep-monasteries\": \"replace\"", "");
    assert_ne!(text, save());
    let record = &carcassonne_jcz::testing::import_record(&text, kit.catalog(), kit.tiles());
    assert_eq!(
        record.config.variants["monasteries"]["base_cloisters"],
        Value::from("keep")
    );
    let game = kit.replay_record(record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 5));
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("monasteries"), "{e}");
}
