//! Family Feud replayed from hand-written records (tests/records), worked
//! out by hand from the rules quoted in docs/expansions/family-feud.md. The
//! start tile D at (0, 0) has a city cap north (no coat of arms) and a road
//! west–east. Ann is player 0, Bob player 1. Base F is a west–east city with
//! a blue-and-white coat of arms; FF-* are this set's red-and-yellow tiles.

use carcassonne_core::serde_json::json;
use carcassonne_family_feud::INFO;
use carcassonne_testkit::{Kit, points, try_play, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

/// feud.json. Ann's F turned 90° at (0,-1) joins D's city: it holds her
/// blue coat of arms now. Bob's FF-C (a red cap) turned 180° at (0,-2) would
/// close that city with a red coat of arms: "If there is a city containing
/// a blue-and-white coat of arms, then a tile containing a red-and-yellow
/// coat of arms is forbidden to be added or joined into that city" — refused.
/// He lays it south of D instead, his follower in it. Ann's plain E closes
/// her city: 3 tiles and a coat of arms, 2 × 3 + 2 = 8. At the end Bob's red
/// city is worth what any is: 1 tile + 1 coat of arms = 2.
#[test]
fn a_red_coat_of_arms_may_not_join_a_blue_city() {
    let kit = kit();
    let mut game = kit.replay_first("feud.json", 2);
    let refused = try_play(
        &mut game,
        r#"{"place": {"tile": "FF-C", "at": [0, -2], "rotation": 180}}"#,
    )
    .expect_err("a red cap on a blue city is refused");
    assert!(refused.to_string().contains("red-and-yellow"), "{refused}");
    let game = kit.replay("feud.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "cities"), 8);
    assert_eq!(points(&game, 1, "cities"), 2);
}

/// red.json. A city without coats of arms belongs to no family: Ann's FF-C
/// turned 180° at (0,-1) closes D's plain city with its red coat of arms,
/// allowed, and scores as a blue one would: 2 × 2 + 2 = 6.
#[test]
fn a_red_coat_of_arms_joins_a_plain_city_and_scores_as_usual() {
    let game = kit().replay("red.json");
    assert_eq!(points(&game, 0, "cities"), 6);
}

/// join.json. Straight roads U west and east of D; F (blue, west–east) at
/// (1,-1) and FF-B turned 180° (a red cap facing east) at (-1,-1) leave the
/// cell north of D between a red city (west), a blue city (east) and D's
/// plain city (south). "No tile, with or without coat of arms can be placed
/// that will join an uncompleted city containing one type of coat of arms
/// with another uncompleted city containing the other type": R, a plain
/// city on three sides, turned 180° there is refused. Ann lays it east of F
/// instead (a plain tile joins the blue city: allowed).
#[test]
fn a_plain_tile_may_not_join_a_red_city_to_a_blue_one() {
    let kit = kit();
    let mut game = kit.replay_first("join.json", 8);
    let refused = try_play(&mut game, r#"{"place": {"tile": "R", "at": [0, -1], "rotation": 180}}"#)
        .expect_err("joining the families is refused");
    assert!(refused.to_string().contains("would join a city"), "{refused}");
    let game = kit.replay("join.json");
    assert!(game.is_over());
}

/// join.json, last move. FF-A has a red cap north and a plain west–east
/// city apart from it; Bob joins the plain city to the blue city of F and R.
/// By default (`scope = "city"`, FanCloisterZone) only the city a placement
/// makes counts: no city holds both families, allowed. Read literally ("a
/// tile containing a red-and-yellow coat of arms is forbidden to be added or
/// joined into that city"), `scope = "tile"` refuses it.
#[test]
fn the_scope_variant_decides_a_tile_whose_red_coat_of_arms_lies_on_another_city() {
    let kit = kit();
    let record = with_variant(&kit.record("join.json"), "family-feud", "scope", json!("tile"));
    let mut truncated = record.clone();
    truncated.moves.truncate(10);
    let mut game = kit.replay_record(&truncated).expect("replays");
    let refused = try_play(
        &mut game,
        r#"{"place": {"tile": "FF-A", "at": [3, -1], "rotation": 0}}"#,
    )
    .expect_err("under scope = tile the red tile may not touch the blue city");
    assert!(refused.to_string().contains("blue-and-white"), "{refused}");
    assert!(kit.replay_record(&record).is_err());
}
