//! The Count of Carcassonne replayed from hand-written records
//! (tests/records) and worked out by hand from the rules quoted in
//! docs/expansions/count-of-carcassonne.md.
//!
//! Every record starts from the City of Carcassonne, twelve tiles in a block
//! of 4 columns × 3 rows with the quarters' tile CC-G at (0, 0): columns −2
//! to 1, rows −1 to 1. Its road ends point north from CC-D at (1,−1), south
//! from CC-K at (0,1) and west from CC-A at (−2,−1); its two small cities
//! open south from CC-I at (−2,1) and east from CC-L at (1,1). The Count
//! starts in the castle quarter. Ann is player 0, Bob 1.

use carcassonne_core::serde_json::{self, Value, json};
use carcassonne_core::{Game, GameConfig, Move, Pos};
use carcassonne_count_of_carcassonne::{INFO, Quarter, Stage, State};
use carcassonne_testkit::{Kit, options, points, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

fn count_state(game: &Game) -> &State {
    carcassonne_testkit::state(game, INFO.id)
}

fn a_move(value: Value) -> Move {
    serde_json::from_value(value).expect("a move")
}

/// The figures in a quarter: (owner, figure id).
fn in_quarter(game: &Game, q: &str) -> Vec<(u8, String)> {
    let tile = game.state().board().get(Pos::new(0, 0)).expect("the quarters' tile");
    let def = &game.rules().tile(tile.tile).def;
    let fi = def
        .features
        .iter()
        .position(|f| f.name.as_deref() == Some(&format!("{q}-quarter")))
        .expect("the quarter");
    game.state()
        .figures()
        .iter()
        .filter(|f| f.pos == Pos::new(0, 0) && f.spot == carcassonne_core::figures::Spot::Feature(fi as u8))
        .map(|f| (f.owner, game.rules().figures()[f.kind as usize].id.to_string()))
        .collect()
}

/// The city is laid whole before the first turn, the Count on it, and the
/// base game's start tile D out of the game (`base_start_tile = "out"`: 3
/// copies of D in the bag; `"in_bag"`: 4).
#[test]
fn the_city_of_carcassonne_is_the_start() {
    let kit = kit();
    for (value, copies_of_d) in [("out", 3), ("in_bag", 4)] {
        let mut config = GameConfig::with_players(2);
        config.expansions = vec![INFO.id.into()];
        config
            .variants
            .entry(INFO.id.into())
            .or_default()
            .insert("base_start_tile".into(), value.into());
        let game = Game::new(kit.rules(&config)).expect("starts");
        let laid: Vec<(&str, Pos)> = game
            .state()
            .board()
            .tiles()
            .iter()
            .map(|t| (game.rules().tile(t.tile).id(), t.pos))
            .collect();
        assert_eq!(laid.len(), 12);
        assert_eq!(laid[0], ("CC-G", Pos::new(0, 0)));
        for (id, x, y) in [("CC-A", -2, -1), ("CC-D", 1, -1), ("CC-I", -2, 1), ("CC-L", 1, 1)] {
            assert!(laid.contains(&(id, Pos::new(x, y))), "{id}");
        }
        let count = game.rules().figure_index("count").unwrap();
        let on = game
            .state()
            .figures()
            .iter()
            .find(|f| f.kind == count)
            .expect("the Count");
        assert_eq!(on.pos, Pos::new(0, 0));
        assert_eq!(count_state(&game).count, Quarter::Castle);
        let mut counts = vec![0u32; game.rules().tiles().len()];
        game.state().count_bag(&mut counts);
        if let Some(drawn) = game.state().turn().drawn {
            counts[drawn as usize] += 1;
        }
        let d = game.rules().tiles().iter().find(|t| t.id() == "D").unwrap().index;
        assert_eq!(counts[d as usize], copies_of_d, "{value}");
        assert_eq!(counts.iter().sum::<u32>(), 71 + copies_of_d - 3, "{value}");
    }
}

/// enter_and_leave.json. Ann's U at (0,2) turned 90° continues CC-K's road
/// end south; her follower on it. Bob's A at (0,3) turned 180° ends it at
/// its cloister: CC-K, U, A, 3 tiles, 3 points for Ann and none for Bob, who
/// placed the tile: Bob may put a follower into the city. He puts one into
/// the blacksmith quarter (roads) and moves the Count from the castle to
/// the market. Ann's U at (1,−2) continues CC-D's road end north, her
/// follower on it. Bob's A at (1,−3) ends it: before it scores, Bob (the
/// only player with a follower in the city; Ann, after him, has none) may
/// send his blacksmith follower onto it: Ann 1, Bob 1, a tie, both score its
/// 3 tiles, and both followers go home. Bob scored this turn: nothing more
/// into the city. Ann 3 + 3 = 6, Bob 3.
#[test]
fn a_follower_earned_by_helping_joins_a_road_being_scored() {
    let kit = kit();
    let game = kit.replay_first("enter_and_leave.json", 4);
    assert_eq!(count_state(&game).stage, Stage::Enter);
    assert_eq!(
        options(&game),
        [
            r#"{"count-of-carcassonne":{"enter":{"figure":"follower","quarter":"castle"}}}"#,
            r#"{"count-of-carcassonne":{"enter":{"figure":"follower","quarter":"market"}}}"#,
            r#"{"count-of-carcassonne":{"enter":{"figure":"follower","quarter":"blacksmith"}}}"#,
            r#"{"count-of-carcassonne":{"enter":{"figure":"follower","quarter":"cathedral"}}}"#,
            r#"{"count-of-carcassonne":"pass"}"#,
        ]
    );
    let game = kit.replay_first("enter_and_leave.json", 6);
    assert_eq!(in_quarter(&game, "blacksmith"), [(1, "follower".to_string())]);
    assert_eq!(count_state(&game).count, Quarter::Market);
    // Bob's A completes Ann's road: Bob alone is asked.
    let game = kit.replay_first("enter_and_leave.json", 10);
    assert_eq!(game.decision().map(|d| d.player()), Some(1));
    let mut all = Vec::new();
    game.legal_actions(&mut all);
    assert_eq!(
        game.action_label(&all[0]),
        "Send a follower from the blacksmith quarter into the road (north and south) 1 tile south of the new tile \
         (yours there 0, others' 1)"
    );
    let game = kit.replay("enter_and_leave.json");
    assert!(game.is_over(), "Bob scored too: no follower into the city");
    assert_eq!(points(&game, 0, "roads"), 6);
    assert_eq!(points(&game, 1, "roads"), 3);
    assert_eq!(scores(&game), (6, 3));
    assert_eq!(in_quarter(&game, "blacksmith"), []);
}

/// The same game with the Count moved onto the blacksmith quarter instead
/// of the market: Bob's follower there may not leave, so nobody is asked
/// before Ann's second road scores; Ann 6, Bob 0. Ann scored and Bob did not
/// on Bob's tile, so Bob may put a follower into the city once more; he
/// passes. With `count_move = "follow_follower"` the Count follows the
/// follower into the blacksmith quarter by himself: the same.
#[test]
fn the_counts_quarter_is_blocked() {
    let kit = kit();
    let mut record = kit.record("enter_and_leave.json");
    record.moves[5] = a_move(json!({ "count-of-carcassonne": { "count": "blacksmith" } }));
    record.moves.truncate(10);
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(
        count_state(&game).stage,
        Stage::Enter,
        "asked to put a follower in again"
    );
    record.moves.push(a_move(json!({ "count-of-carcassonne": "pass" })));
    let game = kit.replay_record(&record).expect("replays");
    assert!(game.is_over());
    assert_eq!(scores(&game), (6, 0));
    assert_eq!(in_quarter(&game, "blacksmith"), [(1, "follower".to_string())]);

    let mut record = with_variant(
        &kit.record("enter_and_leave.json"),
        INFO.id,
        "count_move",
        json!("follow_follower"),
    );
    record.moves.remove(5);
    record.moves.truncate(9);
    record.moves.push(a_move(json!({ "count-of-carcassonne": "pass" })));
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(count_state(&game).count, Quarter::Blacksmith);
    assert_eq!(scores(&game), (6, 0));
}

/// With `count_move = "clockwise"` the Count steps from the castle to the
/// market by himself (no decision), and the game goes on as the record:
/// Ann 6, Bob 3.
#[test]
fn the_count_can_step_clockwise_by_himself() {
    let kit = kit();
    let mut record = with_variant(
        &kit.record("enter_and_leave.json"),
        INFO.id,
        "count_move",
        json!("clockwise"),
    );
    record.moves.remove(5);
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(count_state(&game).count, Quarter::Market);
    assert_eq!(scores(&game), (6, 3));
}

/// final_market.json. As enter_and_leave.json's first two turns: Ann's
/// road scores 3 on Bob's tile; Bob puts a follower into the market and
/// leaves the Count in the castle. The bag is empty: before the final
/// scoring the players in turn from Ann (after Bob, the last) may send
/// followers out of the market onto fields (`final_move = "market_only"`);
/// Ann has none, Bob sends his onto the field round the city's south and
/// east (which the U and the A joined into one). At the end it touches the
/// two small cities of CC-I and CC-L, both unfinished (0), and the City of
/// Carcassonne, which counts as a completed city: 3. Ann 3, Bob 3. Without
/// `city_counts_for_farms`, Bob 0.
#[test]
fn a_market_follower_goes_onto_a_field_before_the_final_scoring() {
    let kit = kit();
    let game = kit.replay_first("final_market.json", 6);
    assert_eq!(count_state(&game).stage, Stage::Final);
    assert_eq!(game.decision().map(|d| d.player()), Some(1));
    assert_eq!(
        options(&game),
        [
            r#"{"count-of-carcassonne":{"leave":{"at":[0,-1],"feature":"field:N","figure":"follower","from":"market"}}}"#,
            r#"{"count-of-carcassonne":{"leave":{"at":[-2,-1],"feature":"field:S","figure":"follower","from":"market"}}}"#,
            r#"{"count-of-carcassonne":"pass"}"#,
        ]
    );
    let game = kit.replay("final_market.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 1, "farms"), 3);
    assert_eq!(scores(&game), (3, 3));
    let record = with_variant(
        &kit.record("final_market.json"),
        INFO.id,
        "city_counts_for_farms",
        json!(false),
    );
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(scores(&game), (3, 0));
    // The Count on the market keeps him there: the game ends unasked.
    let mut record = kit.record("final_market.json");
    record.moves[5] = a_move(json!({ "count-of-carcassonne": { "count": "market" } }));
    record.moves.truncate(6);
    let game = kit.replay_record(&record).expect("replays");
    assert!(game.is_over());
    assert_eq!(scores(&game), (3, 0));
}

/// final_any_quarter.json (`final_move = "any_quarter"`). As final_market,
/// but Bob's follower goes into the castle, and he moves the Count on to
/// the cathedral. Before the final scoring he may send it into an
/// unfinished city: the two small cities of CC-I and CC-L are offered; into
/// CC-L's, 1 tile: 1 point. Ann 3, Bob 1. Under `"market_only"` nobody is
/// asked and the castle follower scores nothing: Ann 3, Bob 0.
#[test]
fn any_quarter_may_empty_into_unfinished_features_at_the_end() {
    let kit = kit();
    let game = kit.replay_first("final_any_quarter.json", 6);
    assert_eq!(options(&game).len(), 3);
    let game = kit.replay("final_any_quarter.json");
    assert_eq!(points(&game, 1, "cities"), 1);
    assert_eq!(scores(&game), (3, 1));
    let mut record = with_variant(
        &kit.record("final_any_quarter.json"),
        INFO.id,
        "final_move",
        json!("market_only"),
    );
    record.moves.truncate(6);
    let game = kit.replay_record(&record).expect("replays");
    assert!(game.is_over());
    assert_eq!(scores(&game), (3, 0));
    assert_eq!(in_quarter(&game, "castle"), [(1, "follower".to_string())]);
}

/// With The Abbot on, the abbot is not offered for the city: its owner may
/// take it back from any unfinished feature, and a quarter is one
/// (question 9). The follower is offered for all four quarters.
#[test]
fn the_abbot_does_not_enter_the_city() {
    let kit = kit().with(&carcassonne_abbot::INFO);
    let mut record = kit.record("final_market.json");
    record.config.expansions.push("abbot".into());
    record.moves.truncate(4);
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(count_state(&game).stage, Stage::Enter);
    let offered = options(&game);
    assert_eq!(
        offered.iter().filter(|o| o.contains(r#""figure":"follower""#)).count(),
        4
    );
    assert!(!offered.iter().any(|o| o.contains("abbot")), "{offered:?}");
}
