//! The Count of Carcassonne's JCloisterZone mapping (`jcz.toml`): it
//! checks against the engine, a save written by hand
//! (tests/samples/count.jcz, in JCZ's format, no file of JCZ copied)
//! imports with the City laid as JCZ lays it and replays to the scores
//! worked out below, and FanCloisterZone's engine test
//! (`engine-tests/count/*.jcz`) is replayed where a local mirror of its
//! repository is (`$FANCLOISTERZONE_MIRROR`; skipped without one, nothing
//! of the files copied here). docs/expansions/count-of-carcassonne.md
//! says what reproduces.

use carcassonne_core::TileSource;
use carcassonne_count_of_carcassonne::INFO;
use carcassonne_jcz::testing;
use carcassonne_testkit::Kit;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn save() -> String {
    testing::sample(env!("CARGO_MANIFEST_DIR"), "count.jcz")
}

#[test]
fn the_mapping_checks() {
    testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(count-of-carcassonne): 1 sets, 12 tiles, 1 elements, 2 rule options, 8 actions",
    );
}

/// count.jcz: JCZ lists the City's twelve tiles from its north-west corner
/// (CO/1 at (-2,-1)), CO/7 at (0,0); the importer finds this engine's block
/// in them.
///
/// 1. Ann: BA/L (B) at (2,0), against the City's east wall tile CO/8; her
///    follower on its field, which joins the City's east rim field.
/// 2. Bob: BA/C (E) turned 270° at (2,1): its city closes the City's cap
///    CO/12 opens east; his follower on it: 2 tiles, 4 points.
///
/// The final scoring: Ann's farm touches that completed city, 3, and the
/// City of Carcassonne, 3 more. Ann 6, Bob 4.
#[test]
fn a_save_with_the_city_as_the_start_imports_and_replays() {
    let kit = kit();
    let record = testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["count-of-carcassonne"]);
    assert_eq!(
        record.config.variants["count-of-carcassonne"]["base_start_tile"],
        "in_bag".into()
    );
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 4));
}

/// count-enter.jcz:
///
/// 1. Ann: BA/RFr (U) turned 90° at (0,2), below the road end of the
///    City's CO/11; her follower on it.
/// 2. Bob: BA/RRR (W) turned 180° at (0,3), a junction closing the road:
///    3 tiles, 3 points for Ann. Bob made an opponent score and scored
///    nothing: after JCZ's COMMIT, his follower goes into the blacksmith
///    quarter (`DEPLOY_MEEPLE` at `QUARTER_BLACKSMITH`), and he moves the
///    Count from the castle to the market (`MOVE_NEUTRAL_FIGURE` of
///    `count.1`).
///
/// The follower waits in the city and scores nothing: Ann 3, Bob 0.
#[test]
fn a_follower_put_into_the_city_and_the_count_moved_import() {
    let kit = kit();
    let save = testing::sample(env!("CARGO_MANIFEST_DIR"), "count-enter.jcz");
    let record = testing::import_record(&save, kit.catalog(), kit.tiles());
    let moves = carcassonne_core::serde_json::to_value(&record.moves).unwrap();
    let ours = |m: carcassonne_core::serde_json::Value| moves.as_array().unwrap().contains(&m);
    assert!(
        ours(
            carcassonne_core::serde_json::json!({"count-of-carcassonne": {"enter": {"figure": "follower", "quarter": "blacksmith"}}})
        ),
        "{moves}"
    );
    assert!(
        ours(carcassonne_core::serde_json::json!({"count-of-carcassonne": {"count": "market"}})),
        "{moves}"
    );
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 0));
    // The same turn with JCZ's PASS where it offers the city: nobody
    // enters, the Count is not asked about.
    let deploy = save.lines().find(|l| l.contains("QUARTER_BLACKSMITH")).unwrap();
    let count = save.lines().find(|l| l.contains("QUARTER_MARKET")).unwrap();
    let passed = save.replace(
        &format!("{deploy}\n{count}"),
        r#"    {"type": "PASS", "payload": {}, "player": 1}"#,
    );
    assert!(!passed.contains("QUARTER"));
    let record = testing::import_record(&passed, kit.catalog(), kit.tiles());
    let moves = carcassonne_core::serde_json::to_value(&record.moves)
        .unwrap()
        .to_string();
    assert!(!moves.contains("enter"), "{moves}");
}

/// The rule options are the variants: `any-district` is `any_quarter`,
/// `follow-meeple` is `follow_follower`.
#[test]
fn the_rule_options_are_the_variants() {
    let kit = kit();
    let text = save()
        .replace("market-only", "any-district")
        .replace("by-player", "follow-meeple");
    let record = testing::import_record(&text, kit.catalog(), kit.tiles());
    let variants = &record.config.variants["count-of-carcassonne"];
    assert_eq!(
        (&variants["final_move"], &variants["count_move"]),
        (&"any_quarter".into(), &"follow_follower".into())
    );
}

/// The City laid otherwise than JCZ lays it is refused, naming the block
/// this engine starts with.
#[test]
fn a_city_laid_otherwise_is_refused() {
    let kit = kit();
    let text = save().replace(r#""CO/8", "x": 1, "y": 0"#, r#""CO/8", "x": 2, "y": 0"#);
    let e = carcassonne_jcz::import(&text, kit.catalog(), kit.tiles())
        .unwrap_err()
        .to_string();
    assert!(e.contains("CO/8 at (1,0)"), "{e}");
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = testing::refusal_without_expansions(&save());
    assert!(e.contains("count"), "{e}");
}

/// FanCloisterZone's one Count engine test: a farmer beside the City.
#[test]
fn fancloisterzones_engine_tests() {
    let Some(saves) = testing::fancloisterzone_saves(&["engine-tests/count/"]) else {
        eprintln!("no FanCloisterZone mirror: skipped");
        return;
    };
    let reproduced = testing::reproduced_saves(&saves, kit().catalog(), &TileSource::default());
    assert_eq!(reproduced, ["coc-field-scoring.jcz"]);
}
