//! Robber's Son's FanCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/robbers-son.jcz, in
//! FanCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_core::serde_json::{self, json};
use carcassonne_robbers_son::INFO;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "robbers-son.jcz")
}

/// Inns & Cathedrals maps FanCloisterZone's `inn` (on robbers-son/rfff.i).
fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_inns_and_cathedrals::INFO)
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(robbers-son): 1 sets, 2 tiles, 1 elements, 1 rule options, 1 actions",
    );
}

/// robbers-son.jcz: the base game with the element `robbers-son`; the
/// start tile D at (0,0), its road west–east.
///
/// 1. Ann: BA/RFr (U) at (1,0), her follower on its road (D–U).
/// 2. Bob: robbers-son/crrr (RS-A) at (2,0): its symbol's curve continues
///    Ann's road from the west. FanCloisterZone's `RETURN_MEEPLE` from
///    `ROBBERS_SON`: this engine passes the deployment, then sends Ann's
///    highwayman home (`{"robbers-son": {"remove": …}}`).
/// 3. Ann: robbers-son/rfff.i (RS-B) turned 90° at (-1,0): its inn road
///    ends D's road in the west. The road holds nobody, so nothing is
///    asked; she deploys on it.
///
/// End: the road (-1,0)–(2,0), open on RS-A's south: 4 tiles, 4 for Ann
/// (no Inns & Cathedrals in the game: the inn counts nothing). Bob 0.
#[test]
fn a_save_with_a_highwayman_sent_home_imports_and_replays() {
    let kit = kit();
    let record = carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["robbers-son"]);
    let moves = serde_json::to_value(&record.moves).unwrap();
    assert_eq!(moves[3], json!("pass"));
    assert_eq!(
        moves[4],
        json!({"robbers-son": {"remove": {"follower": 0, "at": [1, 0]}}})
    );
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (4, 0));
    assert_eq!(points(&game, 0, "roads"), 4);
}

/// FanCloisterZone's rule option `robbers-son-action` is the variant
/// `action`; the save's moves are legal under `must` too (Bob sent Ann's
/// highwayman home), and replay to the same scores.
#[test]
fn the_rule_option_is_the_action_variant() {
    let kit = kit();
    let must = save().replace(r#""robbers-son-action": "may""#, r#""robbers-son-action": "must""#);
    let record = carcassonne_jcz::testing::import_record(&must, kit.catalog(), kit.tiles());
    let variants = serde_json::to_value(&record.config.variants).unwrap();
    assert_eq!(variants["robbers-son"]["action"], json!("must"));
    let game = kit.replay_record(&record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (4, 0));
}

/// FanCloisterZone's `PASS` on such a tile (Bob sends nobody home) reads as
/// this engine's pass, then "nothing": Ann's highwayman stays, and her
/// third turn deploys nothing (her road is occupied). End: the road, open,
/// 4 tiles, hers: 4 : 0 again, now from the first follower.
#[test]
fn a_pass_on_the_tile_sends_nobody_home() {
    let kit = kit();
    let text = save();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !(l.contains("DEPLOY_MEEPLE") && l.contains("[-1, 0]")))
        .map(|l| {
            if l.contains("RETURN_MEEPLE") {
                r#"    {"type": "PASS", "payload": {}, "player": 1},"#
            } else {
                l
            }
        })
        .collect();
    let passed = lines.join("\n");
    let record = carcassonne_jcz::testing::import_record(&passed, kit.catalog(), kit.tiles());
    let moves = serde_json::to_value(&record.moves).unwrap();
    assert_eq!(moves[3], json!("pass"));
    assert_eq!(moves[4], json!({"robbers-son": "nothing"}));
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (4, 0));
    let kind = game.state().tables().figure_index("follower").unwrap();
    assert_eq!(game.state().supply(0, kind), 6);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("robbers-son"), "{e}");
}
