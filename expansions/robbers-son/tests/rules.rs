//! Robber's Son replayed from hand-written games, worked out by hand from
//! the rules quoted in docs/expansions/robbers-son.md. The start tile D at
//! (0, 0) has a city cap north and a road west–east. RS-A: a city cap
//! north, a road curve from west to south carrying the symbol, a road from
//! the east ending at the city. RS-B: a road from the north ending at an
//! inn, the symbol on it; field all round. Ann is player 0, Bob player 1.

use carcassonne_core::serde_json::json;
use carcassonne_core::{Event, Game};
use carcassonne_robbers_son::INFO;
use carcassonne_testkit::{Kit, RecordBuilder, options, points, try_play, with_variant};

/// Inns & Cathedrals in the catalog: it reads RS-B's inn (and is in
/// completed.json's game).
fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_inns_and_cathedrals::INFO)
}

fn followers_in_supply(game: &Game, player: u8) -> u8 {
    let kind = game.state().tables().figure_index("follower").unwrap();
    game.state().supply(player, kind)
}

/// remove.json. Ann's U at (1,0), her follower on its road (which runs on
/// through D). Bob's RS-A at (2,0): its symbol's curve continues that road
/// from the west. He deploys nothing and sends Ann's highwayman home ("you
/// may remove one highwayman of your choice (even your own) from the
/// continued road and return it to its player's supply"). Ann's E turned
/// 180° at (0,-1) closes D's city with her follower: 4.
///
/// End: the road (D, U, RS-A's curve), open, holds nobody: 0. Ann 4, Bob
/// 0, all Ann's followers back. Had Bob sent nobody home, Ann's road would
/// score 3 at the end: 7.
#[test]
fn a_highwayman_goes_home_instead_of_a_deployment() {
    let kit = kit();
    let game = kit.replay("remove.json");
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (4, 0));
    assert_eq!(points(&game, 0, "roads"), 0);
    assert_eq!(followers_in_supply(&game, 0), 7);

    let mut record = kit.record("remove.json");
    record.moves[4] = carcassonne_core::serde_json::from_value(json!({"robbers-son": "nothing"})).unwrap();
    let kept = kit.replay_record(&record).unwrap();
    assert_eq!(points(&kept, 0, "roads"), 3);
    assert_eq!(kept.state().score(0), 7);
}

/// The question after Bob's RS-A in remove.json: Ann's highwayman, named,
/// or nobody; and the removal in the turn's log.
#[test]
fn the_question_and_the_removal_in_words() {
    let kit = kit();
    let game = kit.replay_first("remove.json", 4);
    assert_eq!(
        options(&game),
        [
            r#"{"robbers-son":{"remove":{"at":[1,0],"follower":0}}}"#,
            r#"{"robbers-son":"nothing"}"#
        ]
    );
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    let labels: Vec<String> = out.iter().map(|a| game.action_label(a)).collect();
    assert_eq!(
        labels,
        [
            "Send Ann's highwayman 1 tile west of the new tile home",
            "Send no highwayman home"
        ]
    );
    let after = kit.replay_first("remove.json", 5);
    let slot = after.rules().expansion_slot(INFO.id).unwrap();
    let logged: Vec<String> = after
        .last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { slot: s, detail } if *s == slot => Some(after.expansion_log_line(slot, detail).text),
            _ => None,
        })
        .collect();
    assert_eq!(
        logged,
        ["The robber's son sends Ann's highwayman 1 tile west of the last tile placed home"]
    );
}

/// "If you did not remove a meeple during step 1, you may place a meeple as
/// normal": Bob deploys on RS-A's east road instead, and nobody is asked.
/// And without a highwayman on the symbol's road (Ann passes on U) nothing
/// is asked either.
#[test]
fn a_deployment_or_an_empty_road_asks_nothing() {
    let kit = kit();
    let deployed = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("robbers-son")
        .draw_order(&["U", "RS-A", "E"])
        .place("U", (1, 0), 0)
        .deploy("road:E")
        .place("RS-A", (2, 0), 0)
        .deploy("road:E")
        .build();
    let game = kit.replay_record(&deployed).unwrap();
    assert!(
        options(&game).iter().all(|o| o.starts_with(r#"{"place""#)),
        "{:?}",
        options(&game)
    );
    let empty = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("robbers-son")
        .draw_order(&["U", "RS-A", "E"])
        .place("U", (1, 0), 0)
        .pass()
        .place("RS-A", (2, 0), 0)
        .pass()
        .build();
    let game = kit.replay_record(&empty).unwrap();
    assert!(options(&game).iter().all(|o| o.starts_with(r#"{"place""#)));
}

/// "The Robber's son symbol only affects the road segment including it":
/// RS-A turned 180° at (2,0) continues Ann's road with its plain road end
/// (its symbol's curve now runs north–east): Bob passes and is asked
/// nothing.
#[test]
fn only_the_symbols_road_counts() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("robbers-son")
        .draw_order(&["U", "RS-A", "E"])
        .place("U", (1, 0), 0)
        .deploy("road:E")
        .place("RS-A", (2, 0), 180)
        .pass()
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert!(options(&game).iter().all(|o| o.starts_with(r#"{"place""#)));
}

/// "(even your own)": Ann places RS-A on her own road; her own highwayman
/// is offered.
#[test]
fn a_player_may_send_her_own_highwayman_home() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion("robbers-son")
        .draw_order(&["U", "B", "RS-A"])
        .place("U", (1, 0), 0)
        .deploy("road:E")
        .place("B", (0, 1), 0)
        .pass()
        .place("RS-A", (2, 0), 0)
        .pass()
        .build();
    let mut game = kit.replay_record(&record).unwrap();
    try_play(&mut game, r#"{"robbers-son":{"remove":{"at":[1,0],"follower":0}}}"#).unwrap();
    assert!(game.is_over());
    assert_eq!(followers_in_supply(&game, 0), 7);
    assert_eq!(game.state().score(0), 0);
}

/// `action = "must"` (FanCloisterZone's option): after Bob's RS-A no
/// figure may be deployed, with the reason, and once he passes one
/// highwayman must go (no "nothing").
#[test]
fn under_must_a_highwayman_goes_home() {
    let kit = kit();
    let mut record = kit.record("remove.json");
    record.moves.truncate(3);
    let must = with_variant(&record, INFO.id, "action", json!("must"));
    let mut game = kit.replay_record(&must).unwrap();
    assert_eq!(options(&game), [r#""pass""#]);
    let e = try_play(&mut game, r#"{"deploy":{"feature":"road:E"}}"#).unwrap_err();
    assert!(e.to_string().contains("one goes home instead of a deployment"), "{e}");
    try_play(&mut game, r#""pass""#).unwrap();
    assert_eq!(
        options(&game),
        [r#"{"robbers-son":{"remove":{"at":[1,0],"follower":0}}}"#]
    );
}

/// choice.json: "you may remove one highwayman of your choice". Ann's U at
/// (1,0), her follower on D's road; Bob's U at (1,1), his follower on its
/// road; Ann's V turned 90° at (2,1) carries Bob's road north. Bob's RS-A
/// at (2,0): its symbol's curve joins both roads, one road with two
/// highwaymen. He deploys nothing and is offered each of them, or nobody;
/// he sends Ann's home. Ann's E turned 180° at (0,-1) closes D's city: 4.
///
/// End: the road D, U, RS-A, V, U (5 tiles, open at both ends) is Bob's
/// alone: 5. Ann 4, Bob 5. Had he sent nobody home, both would score it
/// (Ann 9, Bob 5); had he sent his own, Ann alone (9, 0).
#[test]
fn one_highwayman_of_the_players_choice_goes_home() {
    let kit = kit();
    let asked = kit.replay_first("choice.json", 8);
    assert_eq!(
        options(&asked),
        [
            r#"{"robbers-son":{"remove":{"at":[1,0],"follower":0}}}"#,
            r#"{"robbers-son":{"remove":{"at":[1,1],"follower":1}}}"#,
            r#"{"robbers-son":"nothing"}"#
        ]
    );
    let game = kit.replay("choice.json");
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (4, 5));
    assert_eq!((points(&game, 0, "roads"), points(&game, 1, "roads")), (0, 5));

    let mut record = kit.record("choice.json");
    record.moves[8] = carcassonne_core::serde_json::from_value(json!({"robbers-son": "nothing"})).unwrap();
    let kept = kit.replay_record(&record).unwrap();
    assert_eq!((kept.state().score(0), kept.state().score(1)), (9, 5));
    record.moves[8] =
        carcassonne_core::serde_json::from_value(json!({"robbers-son": {"remove": {"follower": 1, "at": [1, 1]}}}))
            .unwrap();
    let own = kit.replay_record(&record).unwrap();
    assert_eq!((own.state().score(0), own.state().score(1)), (9, 0));
}

/// completed.json, with Inns & Cathedrals: Ann's U at (1,0), her follower
/// on D's road; Bob's A turned 270° at (-1,0) ends it in the west at its
/// cloister; Ann's E turned 180° at (0,-1) closes D's city, her second
/// follower in it: 4. Bob's RS-B turned 270° at (2,0) ends the road in the
/// east at its inn: the road (A, D, U, RS-B) is complete, and Bob sends
/// Ann's highwayman home before it is scored: nobody scores it. Ann 4, Bob
/// 0, Ann's seven followers back.
///
/// Had he sent nobody home, the completed road with an inn would score 2 a
/// tile for Ann: 8, so 12 in all.
#[test]
fn the_highwayman_goes_home_before_the_completed_road_scores() {
    let kit = kit();
    let game = kit.replay("completed.json");
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (4, 0));
    assert_eq!(points(&game, 0, "roads"), 0);
    assert_eq!(followers_in_supply(&game, 0), 7);

    let mut record = kit.record("completed.json");
    record.moves[8] = carcassonne_core::serde_json::from_value(json!({"robbers-son": "nothing"})).unwrap();
    let kept = kit.replay_record(&record).unwrap();
    assert_eq!(points(&kept, 0, "roads"), 8);
    assert_eq!(kept.state().score(0), 12);
}

/// A player with no follower left deploys nothing, and may still send a
/// highwayman home: choice.json with one follower each, Bob's on his road.
#[test]
fn a_player_without_followers_may_still_send_one_home() {
    let kit = kit();
    let mut record = kit.record("choice.json");
    record.config.figures.insert("follower".into(), 1);
    record.moves.truncate(8);
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(
        options(&game),
        [
            r#"{"robbers-son":{"remove":{"at":[1,0],"follower":0}}}"#,
            r#"{"robbers-son":{"remove":{"at":[1,1],"follower":1}}}"#,
            r#"{"robbers-son":"nothing"}"#
        ]
    );
}

/// A tile file's `symbol = false` is refused (a road without the symbol
/// leaves the table out); `symbol = true` passes.
#[test]
fn a_symbol_set_to_false_is_refused() {
    use carcassonne_core::FeatureKind;
    let table = |b: bool| {
        let mut t = carcassonne_core::toml::Table::new();
        t.insert("symbol".into(), carcassonne_core::toml::Value::Boolean(b));
        carcassonne_core::toml::Value::Table(t)
    };
    assert_eq!((INFO.check_attributes)(Some(FeatureKind::ROAD), &table(false)).len(), 1);
    assert!((INFO.check_attributes)(Some(FeatureKind::ROAD), &table(true)).is_empty());
}
