//! Under the Big Top's JCloisterZone mapping (`jcz.toml`): it checks
//! against the engine, a save written by hand
//! (tests/samples/under-the-big-top.jcz, in JCZ's format, no file of JCZ
//! copied) imports and replays to the scores worked out below, and
//! FanCloisterZone's engine tests (`engine-tests/big-top/*.jcz`,
//! `engine-tests/under-the-big-top/*.jcz`) are replayed where a local
//! mirror of its repository is (`$FANCLOISTERZONE_MIRROR`; skipped without
//! one, nothing of the files copied here).
//! docs/expansions/under-the-big-top.md says what reproduces.

use carcassonne_core::TileSource;
use carcassonne_jcz::testing;
use carcassonne_testkit::{Kit, points};
use carcassonne_under_the_big_top::{ACROBATS_SOURCE, INFO, RINGMASTER_SOURCE};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn save() -> String {
    testing::sample(env!("CARGO_MANIFEST_DIR"), "under-the-big-top.jcz")
}

#[test]
fn the_mapping_checks() {
    testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(under-the-big-top): 2 sets, 36 tiles, 3 elements, 0 rule options, 1 actions",
    );
}

/// under-the-big-top.jcz, the official set with the three elements:
///
/// 1. Ann: BT/ffrf.ac (UB-B) at (0,1), her follower onto its acrobat
///    space (a `DEPLOY_MEEPLE` onto `Acrobats`).
/// 2. Bob: BT/ffff.ac (UB-A) at (1,1), his follower onto (0,1)'s space.
/// 3. Ann: BA/L (B) at (-1,1), a second follower onto (0,1)'s space: the
///    pyramid is full.
/// 4. Bob: B at (2,1); instead of deploying he scores the pyramid
///    (`SCORE_ACROBATS`): 5 an acrobat, Ann 10, Bob 5.
#[test]
fn a_save_with_a_pyramid_scored_imports_and_replays() {
    let kit = kit();
    let record = testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["under-the-big-top"]);
    let moves = carcassonne_core::serde_json::to_value(&record.moves).unwrap();
    assert!(
        moves
            .as_array()
            .unwrap()
            .contains(&carcassonne_core::serde_json::json!({"under-the-big-top": {"score-pyramid": [0, 1]}})),
        "{moves}"
    );
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    let key = format!("{}.{ACROBATS_SOURCE}", INFO.id);
    assert_eq!((points(&game, 0, &key), points(&game, 1, &key)), (10, 5));
    assert_eq!((game.state().score(0), game.state().score(1)), (10, 5));
}

/// The same game without `SCORE_ACROBATS` (Bob passes): the pyramid scores
/// at the end all the same (every pyramid with acrobats, as JCZ): 10 and 5.
#[test]
fn a_pyramid_kept_scores_at_the_end() {
    let kit = kit();
    let text = save().replace(
        r#"{"type": "SCORE_ACROBATS", "payload": {"pointer": {"position": [0, 1], "feature": "Acrobats", "location": "I"}}, "player": 1}"#,
        r#"{"type": "PASS", "payload": {}, "player": 1}"#,
    );
    let record = testing::import_record(&text, kit.catalog(), kit.tiles());
    let moves = carcassonne_core::serde_json::to_value(&record.moves)
        .unwrap()
        .to_string();
    assert!(!moves.contains("score-pyramid"), "{moves}");
    let game = kit.replay_record(&record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (10, 5));
}

/// The same game with Ann's ringmaster (`0.ringmaster.1`) on the cloister
/// of turn 3 instead of a second acrobat, and Bob passing on turn 4: the
/// pyramid of two scores at the end, 5 each; the cloister at (-1,1) has 2
/// placed tiles round it, 3 points, and the ringmaster adds 2 for the
/// acrobat tile (0,1) beside it. Ann 10, Bob 5.
#[test]
fn a_ringmaster_imports() {
    let kit = kit();
    let text = save()
        .replace(
            r#"{"pointer": {"position": [0, 1], "feature": "Acrobats", "location": "I"}, "meepleId": "0.small.2"}"#,
            r#"{"pointer": {"position": [-1, 1], "feature": "Monastery", "location": "I"}, "meepleId": "0.ringmaster.1"}"#,
        )
        .replace(
            r#"{"type": "SCORE_ACROBATS", "payload": {"pointer": {"position": [0, 1], "feature": "Acrobats", "location": "I"}}, "player": 1}"#,
            r#"{"type": "PASS", "payload": {}, "player": 1}"#,
        );
    assert!(text.contains("ringmaster.1") && !text.contains("SCORE_ACROBATS"));
    let record = testing::import_record(&text, kit.catalog(), kit.tiles());
    let game = kit.replay_record(&record).unwrap();
    let ringmaster = format!("{}.{RINGMASTER_SOURCE}", INFO.id);
    assert_eq!(points(&game, 0, &ringmaster), 2);
    assert_eq!((game.state().score(0), game.state().score(1)), (10, 5));
}

/// The same game with FanCloisterZone's 1st-edition set
/// (`under-the-big-top-c1`, `ubtc1/…`): this expansion's `fcz-c1` tiles.
#[test]
fn fancloisterzones_set_is_the_fcz_c1_tile_set() {
    let kit = kit();
    let text = save()
        .replace(r#""under-the-big-top:1""#, r#""under-the-big-top-c1""#)
        .replace("BT/ffrf.ac", "ubtc1/ffrf.ac")
        .replace("BT/ffff.ac", "ubtc1/ffff.g.ac");
    let record = testing::import_record(&text, kit.catalog(), kit.tiles());
    assert_eq!(record.config.variants["under-the-big-top"]["tile_set"], "fcz-c1".into());
    let game = kit.replay_record(&record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (10, 5));
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = testing::refusal_without_expansions(&save());
    assert!(e.contains("under-the-big-top"), "{e}");
}

/// FanCloisterZone's engine tests: the saves whose every stated score this
/// engine reproduces.
#[test]
fn fancloisterzones_engine_tests() {
    let Some(saves) = testing::fancloisterzone_saves(&["engine-tests/big-top/", "engine-tests/under-the-big-top/"])
    else {
        eprintln!("no FanCloisterZone mirror: skipped");
        return;
    };
    let kit = kit().with(&carcassonne_abbot::INFO);
    let reproduced = testing::reproduced_saves(&saves, kit.catalog(), &TileSource::default());
    assert_eq!(
        reproduced,
        ["acrobats-no-acrobats.jcz", "big-top-garden-tile-no-garden.jcz"]
    );
}
