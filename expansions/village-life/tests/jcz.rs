//! Village Life's FanCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/village-life.jcz,
//! in FanCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_jcz::testing;
use carcassonne_testkit::{Kit, points};
use carcassonne_village_life::INFO;

fn save() -> String {
    testing::sample(env!("CARGO_MANIFEST_DIR"), "village-life.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(village-life): 1 sets, 24 tiles, 4 elements, 0 rule options, 1 actions",
    );
}

/// village-life.jcz, with the element `marketplace`:
///
/// 1. Ann: village-life/rrrr.f3m (VL-X, four roads to a marketplace) at
///    (1,0), her follower on its west road, which runs into the start
///    tile's.
/// 2. Bob: BA/RFr (U) at (2,0), lengthening the marketplace's east road.
/// 3. Ann: BA/RRR (W) at (-1,0) completes her road (-1,0)–(1,0): 3 points,
///    and the marketplace's other roads cover 1 + 2 + 1 tiles: 4 more.
/// 4. Bob: village-life/crbf.f1 (VL-D) turned 90° at (2,1), its field
///    against U's, his follower on its road (south), which ends at the
///    tile's bush (west): open at the end, 1 tile, 1 point.
///
/// Ann 7, Bob 1.
#[test]
fn a_save_with_a_marketplace_imports_and_replays() {
    let kit = kit();
    let record = testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["village-life"]);
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "village-life.marketplace"), 4);
    assert_eq!((game.state().score(0), game.state().score(1)), (7, 1));
}

/// The same save naming the set and none of its elements: FanCloisterZone
/// plays the tiles alone (bushes included), and so does the import
/// (`tiles_only`): no marketplace points. Ann 3, Bob 1.
#[test]
fn the_set_without_its_elements_plays_the_tiles_alone() {
    let kit = kit();
    let alone = save().replace(r#", "marketplace": true"#, "");
    let record = testing::import_record(&alone, kit.catalog(), kit.tiles());
    assert!(record.config.expansions.is_empty(), "{:?}", record.config.expansions);
    assert_eq!(record.config.tiles_only, ["village-life"]);
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 1));
}

/// village-life-donkey.jcz, with the elements `windmill` and `donkey`:
/// the game of donkey.json (tests/rules.rs) with Bob's windmill.
///
/// 1. Ann: BA/RFr (U) at (1,0), her follower on the road D–U.
/// 2. Bob: BA/RRR (W) at (-1,0), closing the road's west end, his windmill
///    on its north field (`1.windmill.1`): he deploys, so no donkey move.
/// 3. Ann: W at (0,1), and instead of a follower the donkey to (0,1)
///    (`MOVE_NEUTRAL_FIGURE` of `donkey.1`: this engine passes the
///    deployment, then moves it).
/// 4. Bob: W turned 180° at (2,0) completes Ann's road: 4 tiles, 4 points
///    (with the donkey still on D it could not have); he passes, which
///    leaves the donkey where it is.
///
/// At the end Bob's windmill's cross holds (-1,0), (0,0) and (1,0): 3
/// points. Ann 4, Bob 3.
#[test]
fn a_save_with_a_windmill_and_the_donkey_imports_and_replays() {
    let kit = kit();
    let save = testing::sample(env!("CARGO_MANIFEST_DIR"), "village-life-donkey.jcz");
    let record = testing::import_record(&save, kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["village-life"]);
    let parts = &record.config.parts["village-life"];
    assert_eq!((parts["marketplaces"], parts["flowers"]), (false, false));
    let moves = carcassonne_core::serde_json::to_value(&record.moves).unwrap();
    assert!(
        moves
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == &carcassonne_core::serde_json::json!({"village-life": {"donkey": [0, 1]}})),
        "{moves}"
    );
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!(points(&game, 1, "village-life.windmill-unfinished"), 3);
    assert_eq!((game.state().score(0), game.state().score(1)), (4, 3));
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = testing::refusal_without_expansions(&save());
    assert!(e.contains("village-life"), "{e}");
}
