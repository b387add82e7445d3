//! The Flier replayed from hand-written records (tests/records), worked
//! out by hand from the rules quoted in docs/expansions/the-flier.md. The
//! start tile D at (0, 0) has a city cap north and a road west–east. Ann
//! is player 0, Bob player 1. The die follows the record's seed; each test
//! names the roll and reads it from the log.

use carcassonne_core::serde_json::{Value, json};
use carcassonne_core::{Decision, Event, Game, GameRecord};
use carcassonne_testkit::{Kit, RecordBuilder, options, points, try_play, with_variant};
use carcassonne_the_flier::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_abbot::INFO)
        .with(&carcassonne_the_phantom::INFO)
        .with(&carcassonne_abbey_and_mayor::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

/// The flight logged by the last decision: (roll, target, lands).
fn flight(game: &Game) -> Option<(u64, Value, bool)> {
    game.last_events().iter().find_map(|e| match e {
        Event::Expansion { detail, .. } if detail.get("roll").is_some() => Some((
            detail["roll"].as_u64()?,
            detail["to"].clone(),
            detail["lands"].as_bool()?,
        )),
        _ => None,
    })
}

fn with_seed(record: &GameRecord, seed: u64) -> GameRecord {
    let mut r = record.clone();
    r.config.seed = seed;
    r
}

/// flight.json (seed 0). Ann's U at (-1,0); Bob's U at (-2,0), his follower
/// on the road. Ann's FL-E (machine pointing west) at (1,0): the
/// deployment offers her follower on the tile (the machine) beside the
/// ordinary ones. FL-E looks the same turned 180°, where its machine points
/// east: she aims it, west or east, and takes west. The die shows 2:
/// (-1,0). There she must choose a feature
/// that is not complete, not a field: U's road, occupied by Bob, is the
/// only one (no pass). Bob's A turned 90° at (2,0) ends the road east at
/// its cloister. End: the road (-2,0)–(2,0), open west, 5 tiles, one
/// follower each: 5 and 5.
#[test]
fn a_flier_lands_on_an_occupied_feature() {
    let kit = kit();
    let game = kit.replay_first("flight.json", 5);
    assert!(
        options(&game).contains(&r#"{"deploy":{"spot":"tile"}}"#.to_string()),
        "{:?}",
        options(&game)
    );
    let game = kit.replay_first("flight.json", 6);
    assert_eq!(
        options(&game),
        [r#"{"the-flier":{"aim":"E"}}"#, r#"{"the-flier":{"aim":"W"}}"#]
    );
    let game = kit.replay_first("flight.json", 7);
    assert_eq!(flight(&game), Some((2, json!([-1, 0]), true)));
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })));
    assert_eq!(
        options(&game),
        [r#"{"the-flier":{"land":{"at":[-1,0],"feature":"road:E"}}}"#]
    );
    let mut all = Vec::new();
    game.legal_actions(&mut all);
    assert_eq!(
        game.action_label(&all[0]),
        "Land your follower on the road (east and west) 2 tiles west of the new tile (1 figure there)"
    );
    let game = kit.replay("flight.json");
    assert_eq!(scores(&game), (5, 5));
}

/// completed.json (seed 2). Ann's E turned 180° at (0,-1) closes D's city:
/// 4. Bob's FL-E at (1,0), his follower flies west; the die shows 1: D. D's city
/// is complete, its fields are fields: the road is the only landing. Ann's
/// U at (-1,0). End: Bob's road (-1,0)–(1,0), open, 3. Ann 4, Bob 3.
#[test]
fn a_completed_feature_is_no_landing() {
    let kit = kit();
    let game = kit.replay_first("completed.json", 5);
    assert_eq!(flight(&game), Some((1, json!([0, 0]), true)));
    assert_eq!(
        options(&game),
        [r#"{"the-flier":{"land":{"at":[0,0],"feature":"road:E"}}}"#]
    );
    let game = kit.replay("completed.json");
    assert_eq!(scores(&game), (4, 3));
    // The same flight the turn before the city closed (Ann passes): D's
    // city and road are both landings.
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .seed(2)
        .expansion(INFO.id)
        .draw_order(&["FL-E"])
        .place("FL-E", (1, 0), 0)
        .then(json!({ "deploy": { "spot": "tile" } }))
        .then(json!({ "the-flier": { "aim": "W" } }))
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(options(&game).len(), 2, "{:?}", options(&game));
}

/// no_tile.json (seed 0). Ann's FL-E at (1,0), her follower flies west; the die
/// shows 2: (-1,0), where no tile lies. The follower goes home; her turn's
/// deployment is spent. Bob's U at (-1,0), his follower on the road. End:
/// the road (-1,0)–(1,0), open, Bob's: 3. Ann 0, Bob 3.
#[test]
fn no_tile_no_flight() {
    let kit = kit();
    let game = kit.replay_first("no_tile.json", 3);
    assert_eq!(flight(&game), Some((2, json!([-1, 0]), false)));
    let follower = game.rules().figure_index("follower").unwrap();
    assert_eq!(game.state().supply(0, follower), 7);
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
    assert_eq!(scores(&kit.replay("no_tile.json")), (0, 3));
}

/// abbot.json (The Abbot; seed 0). Ann's A turned 270° at (-1,0): a
/// cloister with D's road ending at it. Bob's FL-E at (1,0), his abbot on
/// the machine, aimed west; the die shows 2: (-1,0). The abbot stands only in a
/// cloister or a garden: the cloister is the one landing, not the road.
/// Ann's U at (2,0). End: Bob's cloister with D round it, 2. With seed 2
/// the die shows 1, D: no cloister there, and the abbot goes home.
#[test]
fn a_flier_lands_where_its_kind_stands() {
    let kit = kit();
    let game = kit.replay_first("abbot.json", 5);
    assert_eq!(flight(&game), Some((2, json!([-1, 0]), true)));
    assert_eq!(
        options(&game),
        [r#"{"the-flier":{"land":{"at":[-1,0],"feature":"cloister"}}}"#]
    );
    assert_eq!(scores(&kit.replay("abbot.json")), (0, 2));
    let mut seed2 = with_seed(&kit.record("abbot.json"), 2);
    seed2.moves.truncate(5);
    let game = kit.replay_record(&seed2).unwrap();
    assert_eq!(flight(&game), Some((1, json!([0, 0]), false)));
    let abbot = game.rules().figure_index("abbot").unwrap();
    assert_eq!(game.state().supply(1, abbot), 1);
    // The 3rd edition's text: only the ordinary and the big follower fly.
    let only = with_variant(
        &kit.record("abbot.json"),
        INFO.id,
        "flier_meeples",
        "normal-and-large".into(),
    );
    let mut first = only.clone();
    first.moves.truncate(3);
    let mut game = kit.replay_record(&first).unwrap();
    let offered = options(&game);
    assert!(
        offered.contains(&r#"{"deploy":{"spot":"tile"}}"#.to_string()),
        "{offered:?}"
    );
    assert!(
        !offered.iter().any(|o| o.contains("abbot") && o.contains("tile")),
        "{offered:?}"
    );
    assert!(try_play(&mut game, r#"{"deploy": {"figure": "abbot", "spot": "tile"}}"#).is_err());
}

/// phantom.json (The Phantom; seed 0). Ann's U at (-1,0). Bob's FL-E at
/// (1,0), his follower flies 2 tiles west onto U's road. The Phantom offers its
/// second deployment: the machine has served this turn, so the tile is not
/// among the options; the phantom goes on the north field. Ann's U at
/// (2,0). End: the road (-1,0)–(2,0), 4, Bob's. The north field touches
/// only D's open city: 0. When the first follower does not fly, the phantom
/// may.
#[test]
fn one_flight_a_turn() {
    let kit = kit();
    let game = kit.replay_first("phantom.json", 6);
    let offered = options(&game);
    assert!(offered.iter().any(|o| o.contains("phantom")), "{offered:?}");
    assert!(!offered.iter().any(|o| o.contains("\"spot\":\"tile\"")), "{offered:?}");
    assert_eq!(scores(&kit.replay("phantom.json")), (0, 4));
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .expansion("the-phantom")
        .draw_order(&["FL-E"])
        .place("FL-E", (1, 0), 0)
        .deploy("field:N")
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert!(options(&game).contains(&r#"{"deploy":{"figure":"phantom","spot":"tile"}}"#.to_string()));
}

/// The machine turns with the tile. FL-F's machine points north-west; at
/// (0,1) unturned (seed 2, the die shows 1) the flier reaches (-1,0), Ann's
/// U there, and lands on its road. Turned 90° it points north-east: (1,0),
/// where no tile lies. FL-F looks different each way it is turned: no aim.
#[test]
fn the_machine_turns_with_the_tile() {
    let kit = kit();
    let flight_with = |rotation: u16| {
        let record = RecordBuilder::new(&["Ann", "Bob"])
            .seed(2)
            .expansion(INFO.id)
            .draw_order(&["U", "FL-F"])
            .place("U", (-1, 0), 0)
            .pass()
            .place("FL-F", (0, 1), rotation)
            .then(json!({ "deploy": { "spot": "tile" } }))
            .build();
        flight(&kit.replay_record(&record).unwrap())
    };
    assert_eq!(flight_with(0), Some((1, json!([-1, 0]), true)));
    assert_eq!(flight_with(90), Some((1, json!([1, 0]), false)));
}

/// A tile that looks the same turned keeps only its first look-alike
/// rotation: FL-C (a straight road, the machine north-west) placed turned
/// 180° lies as unturned, and its player aims the machine north-west or
/// south-east (seed 2, the die shows 1): north-west reaches Ann's U at
/// (-1,0), south-east (1,2), where no tile lies.
#[test]
fn a_look_alike_tile_is_aimed() {
    let kit = kit();
    let aimed = |aim: &str| {
        let record = RecordBuilder::new(&["Ann", "Bob"])
            .seed(2)
            .expansion(INFO.id)
            .draw_order(&["U", "FL-C"])
            .place("U", (-1, 0), 0)
            .pass()
            .place("FL-C", (0, 1), 180)
            .then(json!({ "deploy": { "spot": "tile" } }))
            .build();
        let mut game = kit.replay_record(&record).unwrap();
        assert_eq!(
            options(&game),
            [r#"{"the-flier":{"aim":"SE"}}"#, r#"{"the-flier":{"aim":"NW"}}"#]
        );
        carcassonne_testkit::play(&mut game, &format!(r#"{{"the-flier": {{"aim": "{aim}"}}}}"#)).unwrap();
        flight(&game)
    };
    assert_eq!(aimed("NW"), Some((1, json!([-1, 0]), true)));
    assert_eq!(aimed("SE"), Some((1, json!([1, 2]), false)));
}

/// Abbey & Mayor's mayor flies and lands only in a city; Inns &
/// Cathedrals' big follower flies and weighs 2 where it lands.
#[test]
fn other_followers_fly() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .seed(2)
        .expansion(INFO.id)
        .expansion("abbey-and-mayor")
        .part("abbey-and-mayor", "abbey", false)
        .expansion("inns-and-cathedrals")
        .draw_order(&["FL-E"])
        .place("FL-E", (1, 0), 0)
        .then(json!({ "deploy": { "figure": "mayor", "spot": "tile" } }))
        .then(json!({ "the-flier": { "aim": "W" } }))
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(flight(&game), Some((1, json!([0, 0]), true)));
    assert_eq!(
        options(&game),
        [r#"{"the-flier":{"land":{"at":[0,0],"feature":"city:N"}}}"#]
    );
    let mut big = record.clone();
    big.moves[1] = serde_json_move(r#"{"deploy": {"figure": "big-follower", "spot": "tile"}}"#);
    let game = kit.replay_record(&big).unwrap();
    assert_eq!(options(&game).len(), 2, "the city and the road: {:?}", options(&game));
    assert_eq!(points(&game, 1, "roads"), 0);
}

fn serde_json_move(text: &str) -> carcassonne_core::Move {
    carcassonne_core::serde_json::from_str(text).unwrap()
}

/// The Count of Carcassonne: "The flier can land on features outside the
/// City of Carcassonne (but not in the City itself)". The City's quarters
/// lie on its tile at (0,0), a kind of feature only that expansion's rules
/// put followers on. Ann's FL-E turned 90° at (0,2) below the City
/// continues its road south; her follower flies north (FL-E looks the same
/// turned 270°: she aims). Seed 0: the die shows 2, the quarters' tile: no
/// landing, the follower goes home. Seed 2: the die shows 1, the City's
/// tile at (0,1), whose road (open) takes it.
#[test]
fn no_landing_in_the_city_of_carcassonne() {
    let kit = kit().with(&carcassonne_count_of_carcassonne::INFO);
    let flight_with = |seed: u64| {
        let record = RecordBuilder::new(&["Ann", "Bob"])
            .seed(seed)
            .expansion(INFO.id)
            .expansion("count-of-carcassonne")
            .draw_order(&["FL-E"])
            .place("FL-E", (0, 2), 90)
            .then(json!({ "deploy": { "spot": "tile" } }))
            .then(json!({ "the-flier": { "aim": "N" } }))
            .build();
        kit.replay_record(&record).unwrap()
    };
    let game = flight_with(0);
    assert_eq!(flight(&game), Some((2, json!([0, 0]), false)));
    let follower = game.rules().figure_index("follower").unwrap();
    assert_eq!(game.state().supply(0, follower), 7);
    let game = flight_with(2);
    assert_eq!(flight(&game), Some((1, json!([0, 1]), true)));
    assert_eq!(
        options(&game),
        [r#"{"the-flier":{"land":{"at":[0,1],"feature":"road:S"}}}"#]
    );
}
