//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/flier.jcz, from
//! JCZ's format, no JCZ file copied) imports with the expansion and replays
//! to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_core::serde_json::json;
use carcassonne_testkit::Kit;
use carcassonne_the_flier::INFO;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "flier.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn error_of(text: &str) -> String {
    let kit = kit();
    carcassonne_jcz::import(text, kit.catalog(), kit.tiles())
        .map(|_| ())
        .unwrap_err()
        .to_string()
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(the-flier): 1 sets, 8 tiles, 1 elements, 0 rule options, 1 actions",
    );
}

/// flier.jcz: the base game and `flier:1`, without JCZ's element (its
/// client adds it to any game with the set: the set brings the rules). The
/// start tile D at (0,0).
///
/// 1. Ann: BA/RFr (U) at (-1,0); she passes.
/// 2. Bob: U at (-2,0), his follower on the road.
/// 3. Ann: FL/Rr.SW.o (FL-H: a road from the west curving south, the
///    machine pointing west) at (1,0); her follower on JCZ's
///    `FlyingMachine`: on the tile here. JCZ's `random` 0.5 rolls 2
///    (⌊0.5 × 3⌋ + 1); this engine's die, from the record's seed 0, shows 2
///    too: (-1,0). JCZ's second DEPLOY_MEEPLE lands it on U's road
///    (`{"land": {"at": [-1, 0], "feature": "road:E"}}`), Bob's road too.
/// 4. Bob: BA/LR (A) turned 180° at (1,1) ends the road at its cloister.
///
/// End: the road (-2,0)–(1,0)–(1,1), open west, 5 tiles, one follower each:
/// Ann 5, Bob 5.
#[test]
fn a_save_with_a_flight_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["the-flier"]);
    let moves = carcassonne_core::serde_json::to_value(&record.moves).unwrap();
    let moves = moves.as_array().unwrap();
    assert_eq!(moves[5], json!({"deploy": {"spot": "tile"}}));
    assert_eq!(
        moves[6],
        json!({"the-flier": {"land": {"at": [-1, 0], "feature": "road:E"}}})
    );
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (5, 5));
}

/// JCZ rolls 1 (`random` 0.0) and lands the flier on D's road; this
/// engine's die shows 2, and D is not where its flier can land: the save
/// is refused at the landing.
#[test]
fn another_roll_is_refused_at_the_landing() {
    let text = save().replace("\"random\": 0.5", "\"random\": 0.0").replace(
        r#"{"position": [-1, 0], "feature": "Road", "location": "WE"}, "meepleId": "0.small.1"}"#,
        r#"{"position": [0, 0], "feature": "Road", "location": "WE"}, "meepleId": "0.small.1"}"#,
    );
    let e = error_of(&text);
    assert!(e.contains("replay action 9 (DEPLOY_MEEPLE)"), "{e}");
}

/// A flight from a tile that looks the same turned (FL/RFr.WE.o, FL-E):
/// this engine asks its player to aim the machine, which JCZ's save does
/// not say (its rotation does, which this engine's record keeps only up to
/// the look-alike): refused there.
#[test]
fn a_flight_from_a_look_alike_tile_is_refused() {
    let text = save().replace("FL/Rr.SW.o", "FL/RFr.WE.o").replace(
        "\"tileId\": \"BA/LR\", \"rotation\": \"R180\", \"position\": [1, 1]",
        "\"tileId\": \"BA/LR\", \"rotation\": \"R90\", \"position\": [2, 0]",
    );
    let e = error_of(&text);
    assert!(
        e.contains("replay action 9 (DEPLOY_MEEPLE)") && e.contains("aim the flying machine"),
        "{e}"
    );
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("the JCZ tile set `flier:1` (setup.sets)"), "{e}");
}
