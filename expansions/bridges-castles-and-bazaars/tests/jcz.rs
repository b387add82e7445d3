//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/castles.jcz, from
//! JCZ's format, no JCZ file copied) imports with the expansion and
//! replays to the scores worked out below; tests/samples/bridge.jcz has a
//! bridge a placement needs, which JCZ's `PLACE_TILE` implies. A bazaar
//! held is not read (jcz.toml says why): a save with one is refused.

use carcassonne_bridges_castles_and_bazaars::INFO;
use carcassonne_core::TileSource;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "castles.jcz")
}

/// Inns & Cathedrals reads the inns on BCB-I and BCB-K (and maps JCZ's
/// `inn`); Hills & Sheep's caps carry this expansion's marks.
fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_hills_and_sheep::INFO)
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(bridges-castles-and-bazaars): 1 sets, 11 tiles, 3 elements, 1 rule options, 3 actions",
    );
}

/// castles.jcz: the base game and the set's tiles with JCZ's element
/// `castle` alone; the start tile D at (0,0).
///
/// 1. Ann: BA/C (E) turned 180° at (0,-1) closes D's city with her
///    follower: a small city of two caps with one follower. JCZ's
///    `PLACE_TOKEN` CASTLE: she makes it a castle (this engine's
///    `"castle"`), which scores nothing as a city. Its six neighbouring
///    tiles: its two, and (-1,0), (1,0), (-1,-1), (1,-1).
/// 2. Bob: BA/Rr (V) at (1,0) continues D's road south. He passes.
/// 3. Ann: BA/LR (A) turned 270° at (-1,0) ends the road west at its
///    cloister. She passes.
/// 4. Bob: A turned 180° at (1,1) ends it south at its cloister, with his
///    follower in that cloister. The road (-1,0)–(0,0)–(1,0)–(1,1) is
///    complete, nobody's: 4 points, and it has tiles beside the castle, so
///    the castle scores them for Ann, whose follower goes home.
///
/// End: Bob's cloister at (1,1) with (0,0) and (1,0) round it: 3. Ann 4
/// (castle), Bob 3.
#[test]
fn a_save_with_a_castle_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["bridges-castles-and-bazaars"]);
    assert_eq!(
        record.config.parts["bridges-castles-and-bazaars"].get("bazaars"),
        Some(&false)
    );
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (4, 3));
    assert_eq!(points(&game, 0, "bridges-castles-and-bazaars.castle"), 4);
    assert_eq!(points(&game, 0, "cities"), 0);
}

/// JCZ's PASS in the castle step: the skip answers `"no-castle"`, and the
/// city scores as a city (4 for Ann), so no castle scores the road.
#[test]
fn a_pass_declines_the_castle() {
    let kit = kit();
    let declined = save().replace(
        r#"{"type": "PLACE_TOKEN", "payload": {"token": "CASTLE", "pointer": {"position": [0, -1], "feature": "City", "location": "S"}}, "player": 0}"#,
        r#"{"type": "PASS", "payload": {}, "player": 0}"#,
    );
    let imported = carcassonne_jcz::import(&declined, kit.catalog(), kit.tiles()).unwrap();
    let moves = carcassonne_core::serde_json::to_value(&imported.record.moves).unwrap();
    assert_eq!(
        moves.as_array().unwrap()[2],
        carcassonne_core::serde_json::json!({"bridges-castles-and-bazaars": "no-castle"})
    );
    assert_eq!((imported.game.state().score(0), imported.game.state().score(1)), (4, 3));
    assert_eq!(points(&imported.game, 0, "cities"), 4);
}

/// castles.jcz with JCZ's element `bridge`: Ann lays a bridge west–east
/// across her E at (0,-1) (JCZ's `PLACE_TOKEN` BRIDGE before her
/// deployment); where JCZ lays none, its next action answers
/// `"no-bridge"`. The scores are those of the save without bridges (the
/// bridge joins no road); Ann has 2 bridges left, Bob 3.
#[test]
fn a_bridge_laid_by_choice_imports() {
    let kit = kit();
    let text = save().replace("\"castle\": 1}", "\"castle\": 1, \"bridge\": 1}").replace(
        r#"    {"type": "DEPLOY_MEEPLE", "payload": {"pointer": {"position": [0, -1], "feature": "City", "location": "S"}"#,
        r#"    {"type": "PLACE_TOKEN", "payload": {"token": "BRIDGE", "pointer": {"position": [0, -1], "feature": "Road", "location": "WE"}}, "player": 0},
    {"type": "DEPLOY_MEEPLE", "payload": {"pointer": {"position": [0, -1], "feature": "City", "location": "S"}"#,
    );
    let imported = carcassonne_jcz::import(&text, kit.catalog(), kit.tiles()).unwrap_or_else(|e| panic!("{e}"));
    let moves = carcassonne_core::serde_json::to_value(&imported.record.moves).unwrap();
    assert_eq!(
        moves.as_array().unwrap()[1],
        carcassonne_core::serde_json::json!({"bridges-castles-and-bazaars": {"bridge": {"at": [0, -1], "axis": "WE"}}})
    );
    let state: &carcassonne_bridges_castles_and_bazaars::State = carcassonne_testkit::state(&imported.game, INFO.id);
    assert_eq!(state.bridges_left, [2, 3]);
    assert_eq!((imported.game.state().score(0), imported.game.state().score(1)), (4, 3));
}

/// Bazaars are read while none is held: the same game with JCZ's element
/// `bazaar` (and its rule option) has the bazaars on, and none of the
/// bazaar tiles is placed.
#[test]
fn bazaars_are_read_until_one_is_held() {
    let kit = kit();
    let with_bazaars = save()
        .replace("\"castle\": 1}", "\"castle\": 1, \"bazaar\": true}")
        .replace("\"bazaar-no-auction\": false", "\"bazaar-no-auction\": true");
    let imported = carcassonne_jcz::import(&with_bazaars, kit.catalog(), kit.tiles()).unwrap();
    let config = &imported.record.config;
    assert_eq!(
        config.parts["bridges-castles-and-bazaars"].get("bridges"),
        Some(&false),
        "castles and bazaars on, no bridges"
    );
    let variants = &config.variants["bridges-castles-and-bazaars"];
    assert_eq!(variants["bazaar_auction"].to_string(), "no-auction");
    assert_eq!(variants["bazaar_builder_order"].to_string(), "builder-first");
    assert_eq!((imported.game.state().score(0), imported.game.state().score(1)), (4, 3));
}

/// A bazaar held: Bob's BB/F.b (a bazaar in a field) at (1,-1) starts one
/// at the end of his turn, where JCZ's `BAZAAR_BID` follows; no mapping
/// reads it, and the save is refused there by name.
#[test]
fn a_bazaar_held_is_refused_by_name() {
    let kit = kit();
    let text = save()
        .replace("\"castle\": 1}", "\"castle\": 1, \"bazaar\": true}")
        .replace(
            r#"{"tileId": "BA/Rr", "rotation": "R0", "position": [1, 0]}"#,
            r#"{"tileId": "BB/F.b", "rotation": "R0", "position": [1, -1]}"#,
        )
        .replace(
            r#"{"type": "COMMIT", "payload": {}, "player": 1},
    {"type": "PLACE_TILE", "payload": {"tileId": "BA/LR", "rotation": "R270""#,
            r#"{"type": "COMMIT", "payload": {}, "player": 1},
    {"type": "BAZAAR_BID", "payload": {"supplyIndex": 0, "price": 0}, "player": 0},
    {"type": "PLACE_TILE", "payload": {"tileId": "BA/LR", "rotation": "R270""#,
        )
        .replace("\"BA/Rr\", \"BA/LR\"", "\"BB/F.b\", \"BA/LR\"");
    let e = carcassonne_jcz::import(&text, kit.catalog(), kit.tiles())
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the JCZ action `BAZAAR_BID` (replay action 8 (BAZAAR_BID))"),
        "{e}"
    );
}

/// bridge.jcz: the base game and the set's tiles with JCZ's element
/// `bridge` alone; the start tile D at (0,0).
///
/// 1. Ann: BA/L (B, a cloister in a field) at (1,0) meets D's road with its
///    west field side: it fits only with a bridge across it west–east,
///    which JCZ's `PLACE_TILE` implies (no action of its own): the import
///    plays the engine's only option, that bridge. Her PASS then answers
///    the deployment.
/// 2. Bob: BA/RFr (U) at (2,0) continues the bridge's road east, his
///    follower on it (JCZ's next action answers his optional bridge
///    decision with `"no-bridge"`).
///
/// End: Bob's open road D, B (the bridge), U: 3. Ann 0, Bob 3; Ann has 2
/// bridges left, Bob 3.
#[test]
fn a_bridge_a_placement_needs_is_implied_by_the_placement() {
    let kit = kit();
    let text = carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "bridge.jcz");
    let imported = carcassonne_jcz::import(&text, kit.catalog(), kit.tiles()).unwrap_or_else(|e| panic!("{e}"));
    let moves = carcassonne_core::serde_json::to_value(&imported.record.moves).unwrap();
    let moves = moves.as_array().unwrap();
    assert_eq!(
        moves[1],
        carcassonne_core::serde_json::json!({"bridges-castles-and-bazaars": {"bridge": {"at": [1, 0], "axis": "WE"}}})
    );
    assert_eq!(
        moves[2],
        carcassonne_core::serde_json::json!("pass"),
        "the PASS answers the deployment"
    );
    assert_eq!(
        moves[4],
        carcassonne_core::serde_json::json!({"bridges-castles-and-bazaars": "no-bridge"})
    );
    let game = kit.replay_record(&imported.record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (0, 3));
    assert_eq!(points(&game, 1, "roads"), 3);
    let state: &carcassonne_bridges_castles_and_bazaars::State = carcassonne_testkit::state(&game, INFO.id);
    assert_eq!(state.bridges_left, [2, 3]);
}
