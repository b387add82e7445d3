//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and saves written by hand (tests/samples/spiel-doch.jcz and
//! spiel-doch-start.jcz, from JCZ's format, no JCZ file copied) import and
//! replay to the scores worked out below.

use carcassonne_core::{Pos, TileSource, Value};
use carcassonne_spiel_doch::INFO;
use carcassonne_testkit::Kit;

fn save(name: &str) -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), name)
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

/// The variant `start` an imported record plays with.
fn start_variant(record: &carcassonne_core::GameRecord) -> Option<&Value> {
    record.config.variants.get(INFO.id)?.get("start")
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(spiel-doch): 1 sets, 2 tiles, 0 elements, 0 rule options, 0 actions",
    );
}

/// spiel-doch.jcz: a game with the set and JCZ's standard start (D), so the
/// promo's tiles are shuffled in. Ann's SD/CC (SD-A) turned 180° at (0,-1)
/// closes D's city, her knight in it: a city of 2 tiles, 4. Bob's SD/RRR
/// (SD-B) at (1,0) ends the start road at its junction, his follower on it:
/// at the end a road of 2 tiles, 2.
#[test]
fn a_save_with_the_promo_tiles_shuffled_in_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save("spiel-doch.jcz"), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["spiel-doch"]);
    assert_eq!(start_variant(record), Some(&Value::from("shuffled")));
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (4, 2));
}

/// spiel-doch-start.jcz: tests/records/start.json's game in JCZ's words,
/// started with JCZ's start option `spiel-doch` (SD/CC at (0,0), SD/RRR at
/// (1,0) turned 270°): it imports with `start = "tiles"` and replays to
/// the record's scores, Ann 8 and Bob 2.
#[test]
fn a_save_started_with_the_two_promo_tiles_imports_with_them_as_the_start() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save("spiel-doch-start.jcz"), kit.catalog(), kit.tiles());
    assert_eq!(start_variant(record), Some(&Value::from("tiles")));
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    let at = |x, y| {
        game.state()
            .board()
            .get(Pos::new(x, y))
            .map(|p| game.rules().tile(p.tile).def.id.clone())
    };
    assert_eq!((at(0, 0), at(1, 0)), (Some("SD-A".into()), Some("SD-B".into())));
    assert_eq!((game.state().score(0), game.state().score(1)), (8, 2));
}

/// A start of the promo's tiles laid otherwise than this engine lays them
/// (SD/RRR unturned: its field would not meet SD/CC's) is refused at
/// `setup.start`, naming the start this engine expects.
#[test]
fn a_start_laid_otherwise_is_refused_at_setup_start() {
    let kit = kit();
    let text = save("spiel-doch-start.jcz").replace(
        r#"{"tile": "SD/RRR", "x": 1, "y": 0, "rotation": 270}"#,
        r#"{"tile": "SD/RRR", "x": 1, "y": 0, "rotation": 0}"#,
    );
    assert_ne!(text, save("spiel-doch-start.jcz"));
    let Err(e) = carcassonne_jcz::import(&text, kit.catalog(), kit.tiles()) else {
        panic!("a start laid otherwise imported");
    };
    let e = e.to_string();
    assert!(
        e.contains("setup.start") && e.contains("SD/RRR at (1,0) turned 270°"),
        "{e}"
    );
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save("spiel-doch.jcz"));
    assert!(e.contains("spiel-doch"), "{e}");
}
