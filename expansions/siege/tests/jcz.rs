//! Siege's JCloisterZone mapping (`jcz.toml`): it checks against the engine,
//! and a save written by hand (tests/samples/siege.jcz, in FanCloisterZone's
//! format, no file of it copied) imports with the expansion and replays to
//! the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_core::serde_json::{self, json};
use carcassonne_siege::INFO;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "siege.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(siege): 2 sets, 10 tiles, 2 elements, 1 rule options, 1 actions",
    );
}

/// siege.jcz, with the elements `siege` and `escape` and the rule
/// `espace-variant = siege-tile`; the start tile D at (0,0).
///
/// 1. Ann: SI.CA/RCr (SI-B) at (1,0): a besieged city cap north, open; its
///    road continues D's. Her follower in the city.
/// 2. Bob: BA/L (B) at (0,1), his monk in it: the cloister touches the
///    siege tile at a corner.
/// 3. Ann: BA/RFr (U) at (-1,0), nothing deployed; after the turn JCZ's
///    `RETURN_MEEPLE` from `SIEGE_ESCAPE` takes her follower out of the
///    city (`{"siege": {"escape": …}}`).
///
/// End: Ann has nothing on the board: 0. Bob's cloister with the three
/// tiles round it: 4.
#[test]
fn a_save_with_an_escape_imports_and_replays() {
    let kit = kit();
    let record = carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["siege"]);
    let moves = serde_json::to_value(&record.moves).unwrap();
    assert_eq!(moves[6], json!({"siege": {"escape": {"follower": 0, "at": [1, 0]}}}));
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (0, 4));
    assert_eq!(points(&game, 1, "cloisters"), 4);
}

/// Without the escape, JCZ moves on (here: the game ends); the skip answers
/// that nobody escapes, and Ann's unfinished besieged city scores nothing.
#[test]
fn a_save_without_the_escape_stays() {
    let kit = kit();
    let text = save();
    let cut = text.find(",\n    {\"type\": \"RETURN_MEEPLE\"").expect("the escape");
    let end = text[cut..].find("\n  ],").unwrap() + cut;
    let stayed = format!("{}{}", &text[..cut], &text[end..]);
    let record = carcassonne_jcz::testing::import_record(&stayed, kit.catalog(), kit.tiles());
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (0, 4));
    assert_eq!(game.state().figures().iter().filter(|f| f.owner == 0).count(), 1);
}

/// JCZ's PASS where it offers the escape reads as staying too.
#[test]
fn a_pass_at_the_escape_stays() {
    let kit = kit();
    let text = save();
    let start = text.find("{\"type\": \"RETURN_MEEPLE\"").expect("the escape");
    let end = text[start..].find("\n").unwrap() + start;
    let passed = format!(
        "{}{}{}",
        &text[..start],
        r#"{"type": "PASS", "payload": {}, "player": 0}"#,
        &text[end..]
    );
    let record = carcassonne_jcz::testing::import_record(&passed, kit.catalog(), kit.tiles());
    let moves = serde_json::to_value(&record.moves).unwrap();
    assert_eq!(moves[6], json!({"siege": "stay"}));
    let game = kit.replay_record(&record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (0, 4));
}

/// The rule option is the variant `escape_from`.
#[test]
fn the_rule_option_is_the_escape_variant() {
    let kit = kit();
    let rgg = save().replace(r#""espace-variant": "siege-tile""#, r#""espace-variant": "any-tile""#);
    let record = carcassonne_jcz::testing::import_record(&rgg, kit.catalog(), kit.tiles());
    let variants = serde_json::to_value(&record.config.variants).unwrap();
    assert_eq!(variants["siege"]["escape_from"], json!("any-tile"));
}

/// The same game with The Besiegers' SI.BE/RrC (SB-F: a besieged city cap
/// north, a road curve west–south) in place of SI.CA/RCr: JCZ's set
/// `siege/besiegers` is the variant `tile_set = "besiegers"`; the same
/// escape, the same scores.
#[test]
fn the_besiegers_set_imports_as_the_tile_set_variant() {
    let kit = kit();
    let besiegers = save()
        .replace("siege/cathars", "siege/besiegers")
        .replace("SI.CA/RCr", "SI.BE/RrC");
    let record = carcassonne_jcz::testing::import_record(&besiegers, kit.catalog(), kit.tiles());
    let variants = serde_json::to_value(&record.config.variants).unwrap();
    assert_eq!(variants["siege"]["tile_set"], json!("besiegers"));
    let game = kit.replay_record(&record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (0, 4));
    assert_eq!(game.state().figures().iter().filter(|f| f.owner == 0).count(), 0);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("`siege/cathars`"), "{e}");
}
