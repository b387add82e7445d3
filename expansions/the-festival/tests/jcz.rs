//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/festival.jcz, from
//! JCZ's format, no JCZ file copied) imports with the expansion and replays
//! to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_core::serde_json::json;
use carcassonne_testkit::{Kit, points};
use carcassonne_the_festival::INFO;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "festival.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(the-festival): 1 sets, 10 tiles, 1 elements, 1 rule options, 1 actions",
    );
}

/// festival.jcz: the base game's start tile D at (0,0).
///
/// 1. Ann: BA/RFr (U) at (1,0), her follower on the road.
/// 2. Bob: BA/LR (A) turned 270° at (-1,0) ends the road west at its
///    cloister; his monk there.
/// 3. Ann: FE/RrRr (FE-J, a festival) at (2,0); JCZ's `RETURN_MEEPLE` from
///    `FESTIVAL` names her road follower: this engine passes the
///    deployment and takes figure 0 back (`{"take-back": 0}`), unscored.
/// 4. Bob: FE/CFR (FE-C, a festival) turned 180° at (0,-1) closes D's city
///    (nobody's). He passes; his monk is on the board, so the festival
///    asks, and JCZ's game ends with nothing taken back (the skip:
///    `"nothing"`).
///
/// End: Bob's cloister at (-1,0) with D and FE-C round it, 3. Ann 0, Bob 3.
#[test]
fn a_save_with_a_festival_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["the-festival"]);
    let moves = carcassonne_core::serde_json::to_value(&record.moves).unwrap();
    let moves = moves.as_array().unwrap();
    assert_eq!(moves[5], json!("pass"));
    assert_eq!(moves[6], json!({"the-festival": {"take-back": 0}}));
    assert_eq!(moves.last(), Some(&json!({"the-festival": "nothing"})));
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (0, 3));
    assert_eq!(points(&game, 1, "cloisters"), 3);
}

/// JCZ's `festival-return = follower` is `festival_return = "follower"`.
#[test]
fn the_rule_option_sets_the_variant() {
    let kit = kit();
    let text = save().replace("\"festival-return\": \"meeple\"", "\"festival-return\": \"follower\"");
    let imported = carcassonne_jcz::import(&text, kit.catalog(), kit.tiles()).unwrap();
    let variant = &imported.record.config.variants[INFO.id]["festival_return"];
    assert_eq!(variant.to_string(), "follower");
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("the JCZ tile set `festival` (setup.sets)"), "{e}");
}
