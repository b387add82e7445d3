//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/phantom.jcz, from
//! JCZ's format, no JCZ file copied) imports with the expansion and replays
//! to the scores worked out below.

use carcassonne_core::serde_json::json;
use carcassonne_core::{Event, TileSource};
use carcassonne_testkit::{Kit, points};
use carcassonne_the_phantom::INFO;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "phantom.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(the-phantom): 0 sets, 0 tiles, 1 elements, 0 rule options, 0 actions",
    );
}

/// phantom.jcz: the base game with JCZ's element `phantom`; the start
/// tile D at (0,0).
///
/// 1. Ann: BA/RFr (U) at (1,0); her follower on the road (JCZ's `WE`), then
///    in JCZ's phantom step `0.phantom.1` on the north field (`WR.NL.NR.EL`,
///    which holds D's north field, beside D's city): this engine's second
///    deployment.
/// 2. Bob: BA/C (E) turned 180° at (0,-1) closes D's city with his
///    follower: 4. He passes the phantom step (JCZ's PASS).
/// 3. Ann: U at (-1,0); she passes (her phantom is out).
///
/// End: Ann's road (-1,0)–(1,0), open: 3; her phantom farms the north
/// field beside the completed city: 3. Ann 6, Bob 4.
#[test]
fn a_save_with_the_phantom_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["the-phantom"]);
    assert!(record.config.figures.is_empty(), "one phantom each, as here");
    let moves = carcassonne_core::serde_json::to_value(&record.moves).unwrap();
    assert_eq!(
        moves.as_array().unwrap()[2],
        json!({"deploy": {"figure": "phantom", "feature": "field:N"}})
    );
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 4));
    assert_eq!(points(&game, 0, "farms"), 3);
    // Bob's turn: his follower is followed by the phantom step, which he
    // passes; the pass offers no third deployment.
    let offered = |moves: usize| {
        let mut first = record.clone();
        first.moves.truncate(moves);
        let game = kit.replay_record(&first).unwrap();
        game.last_events()
            .iter()
            .filter(|e| matches!(e, Event::DeploymentOffered { .. }))
            .count()
    };
    assert_eq!((offered(5), offered(6)), (1, 0));
}

/// Two phantoms each (JCZ's element says 2): written into the record's
/// figures; a save without the element plays without the expansion.
#[test]
fn the_element_counts_phantoms() {
    let kit = kit();
    let two = save().replace("\"phantom\": 1}", "\"phantom\": 2}");
    let imported = carcassonne_jcz::import(&two, kit.catalog(), kit.tiles()).unwrap();
    assert_eq!(imported.record.config.figures.get("phantom"), Some(&2));
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("the JCZ element `phantom` (setup.elements)"), "{e}");
}
