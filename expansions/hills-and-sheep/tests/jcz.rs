//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/
//! hills_and_sheep.jcz, from JCZ's format, no JCZ file copied) imports
//! with the expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_hills_and_sheep::{INFO, State};
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "hills_and_sheep.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(hills-and-sheep): 1 sets, 16 tiles, 3 elements, 2 rule options, 2 actions",
    );
}

/// hills_and_sheep.jcz: the base game's start tile D at (0,0); the save
/// names the three elements and JCZ's rule options.
///
/// 1. Ann: BA/RFr (U) at (1,0), her shepherd on its south field (JCZ's
///    `ER.SL.SR.WL`): the shepherd draws at once. This engine's generator
///    (the record's seed 0, not JCZ's `random`) draws 3 sheep.
/// 2. Bob: U at (-1,0), a follower on the road (JCZ's `WE`). His tile
///    extends the shepherd's field, but the shepherd is Ann's: nothing.
/// 3. Ann: U at (2,0) extends her shepherd's field; she passes the
///    deployment, then JCZ's `FLOCK_EXPAND_OR_SCORE` SCORE: the flock comes
///    to the stable, 3 points, and the shepherd goes home.
/// 4. Bob: HS/RFR.h (HS-M, a hill) turned 90° at (-2,0): its east road end
///    closes the road's west end. The bag (the save's four draws) is empty:
///    nothing goes under the hill. He passes.
///
/// End: Bob's road from the hill to (2,0), open to the east, 5 tiles: 5.
/// Ann 3 (flock), Bob 5 (road).
#[test]
fn a_save_with_shepherds_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["hills-and-sheep"]);
    assert_eq!(
        record.config.draw_order.as_deref(),
        Some(&["U", "U", "U", "HS-M"].map(String::from)[..])
    );
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 5));
    assert_eq!(points(&game, 0, "hills-and-sheep.flock"), 3);
    assert_eq!(points(&game, 1, "roads"), 5);
    // The draw: 3 sheep for Ann's shepherd after her deployment.
    let mut first = record.clone();
    first.moves.truncate(2);
    let after = kit.replay_record(&first).unwrap();
    let state: &State = carcassonne_testkit::state(&after, INFO.id);
    let flocks: Vec<(u8, i32)> = state.flocks.iter().map(|f| (f.owner, f.sheep())).collect();
    assert_eq!(flocks, [(0, 3)]);
    // The tending, as records write it.
    let moves = carcassonne_core::serde_json::to_value(&record.moves).unwrap();
    assert!(
        moves
            .as_array()
            .unwrap()
            .contains(&carcassonne_core::serde_json::json!({"hills-and-sheep": "gather"}))
    );
}

/// JCZ's options and elements: `number-of-followers` is this engine's
/// `hill_tiebreak = "count"`; a save without `hill` and `vineyard` has
/// only the shepherds' part on.
#[test]
fn rule_options_and_elements_set_variants_and_parts() {
    let kit = kit();
    let count = save().replace("\"at-least-one-follower\"", "\"number-of-followers\"");
    let imported = carcassonne_jcz::import(&count, kit.catalog(), kit.tiles()).unwrap();
    let variant = &imported.record.config.variants["hills-and-sheep"]["hill_tiebreak"];
    assert_eq!(variant.to_string(), "count");
    let shepherds_only = save().replace(", \"hill\": true, \"vineyard\": true", "");
    let imported = carcassonne_jcz::import(&shepherds_only, kit.catalog(), kit.tiles()).unwrap();
    let parts = &imported.record.config.parts["hills-and-sheep"];
    assert_eq!(
        (parts.get("hills"), parts.get("vineyards")),
        (Some(&false), Some(&false))
    );
    assert_eq!(imported.game.state().score(0), 3);
}

/// Expanding the flock instead (EXPAND) draws again with this engine's
/// generator: the record plays `grow`.
#[test]
fn expand_is_grow() {
    let kit = kit();
    let grown = save().replace("\"value\": \"SCORE\"", "\"value\": \"EXPAND\"");
    let imported = carcassonne_jcz::import(&grown, kit.catalog(), kit.tiles()).unwrap();
    let moves = carcassonne_core::serde_json::to_value(&imported.record.moves).unwrap();
    assert!(
        moves
            .as_array()
            .unwrap()
            .contains(&carcassonne_core::serde_json::json!({"hills-and-sheep": "grow"}))
    );
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("the JCZ tile set `hills-and-sheep:1` (setup.sets)"), "{e}");
}

/// A hill placed while tiles are left: JCZ slides an unnamed tile under
/// it; this engine buries the next tile of the draw order, the one JCZ
/// places next, so the save is refused there (jcz.toml says why).
#[test]
fn a_hill_placed_with_tiles_left_is_refused() {
    let kit = kit();
    let text = save()
        .replace(
            "{\"tileId\": \"BA/RFr\", \"rotation\": \"R0\", \"position\": [2, 0]}",
            "{\"tileId\": \"HS/RFR.h\", \"rotation\": \"R90\", \"position\": [2, 0]}",
        )
        .replace(
            "{\"tileId\": \"HS/RFR.h\", \"rotation\": \"R90\", \"position\": [-2, 0]}",
            "{\"tileId\": \"BA/RFr\", \"rotation\": \"R0\", \"position\": [-2, 0]}",
        )
        .replace(
            "[\"BA/RFr\", \"BA/RFr\", \"BA/RFr\", \"HS/RFR.h\"]",
            "[\"BA/RFr\", \"BA/RFr\", \"HS/RFR.h\", \"BA/RFr\"]",
        );
    let e = carcassonne_jcz::import(&text, kit.catalog(), kit.tiles())
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(e.contains("replay action 11 (PLACE_TILE)"), "{e}");
}
