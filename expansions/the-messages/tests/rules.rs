//! The Messages replayed from hand-written records (tests/records), worked
//! out by hand from the rules quoted in docs/expansions/the-messages.md.
//!
//! Every record but `not-your-turn.json` plays the same 11 turns of the base
//! game (Ann is player 0, Bob player 1; the start tile D at (0, 0) has a city
//! cap north and a road west–east):
//!
//! 1. Ann: A (cloister, road) at (1, 0) turned 90°, its road west joining
//!    D's; a follower on that road.
//! 2. Bob: U (straight road) at (-1, 0).
//! 3. Ann: F (city with a coat of arms) at (0, -1) turned 90°, joining D's
//!    city; a follower in the city (D + F: 2 tiles, 1 coat of arms, open).
//! 4. Bob: U at (-2, 0).
//! 5. Ann: B (cloister) at (1, 1); a monk. Around it: D, A, and (turn 6) B.
//! 6. Bob: B at (2, 0).
//! 7. Ann: W (crossroads) at (-1, 1); a follower on its east road (1 tile).
//! 8. Bob: E (city cap) at (-2, -1).
//! 9. Ann: E at (-1, -1); a farmer in its field (its cities all open).
//! 10. Bob: V (curve) at (1, -1), far from everything of Ann's.
//! 11. Ann: L (city, three roads) at (-3, 0): the road A, D, U, U, L is
//!     complete, 5 tiles: 5 points for Ann, on her turn. Both her scoring
//!     figures stand on 0, so either moving is the same: no question, the
//!     scoring meeple moves to 5, a dark space, and Ann draws a message.
//!
//! The message drawn follows the record's seed: each test checks which.
//! At the message Ann has: a road of 1 tile (W), a city of 2 tiles and 1
//! coat of arms (3 points at the end), a monastery with 3 tiles around it
//! (4), one knight, one farmer in a farm touching no completed city (0).

use carcassonne_core::{Decision, Event, Game, Pos};
use carcassonne_testkit::{Kit, options, points, with_variant};
use carcassonne_the_messages::{ID, INFO, Message, State};

/// Inns & Cathedrals in the catalog, for inn.json, cathedral.json and
/// inn-score-follower.json.
fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_inns_and_cathedrals::INFO)
}

fn state(game: &Game) -> &State {
    carcassonne_testkit::state(game, ID)
}

/// The 22 moves of the 11 turns.
const PREFIX: usize = 22;

/// Replays `record` up to the message and checks it is `message`, offered
/// to Ann with its points in words.
fn at_message(record: &str, message: Message, perform: &str) -> Game {
    let game = kit().replay_first(record, PREFIX);
    let s = state(&game);
    assert_eq!(s.message, Some(message), "{record}");
    assert_eq!(s.figures[0], [5, 0], "the road's 5 points moved the scoring meeple");
    assert_eq!(s.unseen.len(), 7);
    assert_eq!(game.decision().map(|d| d.player()), Some(0));
    let labels = labels(&game);
    assert_eq!(
        labels,
        [perform.to_string(), "Take 2 points instead of the message".to_string()]
    );
    let decl = message.decl();
    assert_eq!(
        logged(&game),
        [format!(
            "Their scoring meeple stops on dark space 5: message {}, {}",
            decl.number, decl.name
        )]
    );
    game
}

/// The expansion's log lines of the last decision, in words.
fn logged(game: &Game) -> Vec<String> {
    let slot = game.rules().expansion_slot(ID).unwrap();
    game.last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { slot: s, detail } if *s == slot => Some(game.expansion_log_line(slot, detail).text),
            _ => None,
        })
        .collect()
}

/// The options of the decision under way, in words.
fn labels(game: &Game) -> Vec<String> {
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    actions.iter().map(|a| game.action_label(a)).collect()
}

/// After the message: its points went to the figure that moved this turn,
/// the message went under the stack, nobody is asked anything more.
fn after(record: &str, message: Message, points_of_message: i32) -> Game {
    let game = kit().replay(record);
    let s = state(&game);
    assert_eq!(points(&game, 0, ID), points_of_message, "{record}");
    assert_eq!(s.figures[0], [5 + points_of_message, 0]);
    assert_eq!(s.message, None);
    assert_eq!(s.under, [message]);
    assert_eq!(game.state().score(0), 5 + points_of_message);
    game
}

/// (1) "Choose a road on which you have a highwayman (you do not need to
/// control the road). [...] the road that would be worth the fewest
/// points. Determine the chosen road's score as you would during final
/// scoring [...]. Your highwayman remains on the road." Ann's only road is
/// W's east road, 1 tile: 1 point; her follower stays.
#[test]
fn message_1_scores_the_smallest_road() {
    at_message("smallest-road.json", Message::SmallestRoad, "Smallest road: 1 point");
    let game = after("smallest-road.json", Message::SmallestRoad, 1);
    assert_eq!(game.state().figures_on(Pos::from([-1, 1])).count(), 1);
}

/// (2) The same for cities: D + F open, 2 tiles and 1 coat of arms at 1
/// point each: 3.
#[test]
fn message_2_scores_the_smallest_city() {
    at_message("smallest-city.json", Message::SmallestCity, "Smallest city: 3 points");
    let game = after("smallest-city.json", Message::SmallestCity, 3);
    assert_eq!(game.state().figures_on(Pos::from([0, -1])).count(), 1);
}

/// (3) The same for monasteries: B at (1, 1) with D, A and B around it: 4.
#[test]
fn message_3_scores_the_smallest_monastery() {
    at_message(
        "smallest-monastery.json",
        Message::SmallestMonastery,
        "Smallest monastery: 4 points",
    );
    let game = after("smallest-monastery.json", Message::SmallestMonastery, 4);
    assert_eq!(game.state().figures_on(Pos::from([1, 1])).count(), 1);
}

/// (4) "Add a Landscape Tile": Ann plays another turn at once, drawing K.
#[test]
fn message_4_gives_another_tile() {
    at_message(
        "extra-tile.json",
        Message::ExtraTile,
        "Add a land tile: draw and place another tile",
    );
    let game = after("extra-tile.json", Message::ExtraTile, 0);
    assert_eq!(logged(&game), ["Draws and places another tile (message 4)"]);
    let decision = game.decision().unwrap();
    assert!(
        matches!(decision, Decision::Place { player: 0, .. }),
        "Ann places again: {decision:?}"
    );
    assert!(
        options(&game).iter().all(|o| o.contains("\"tile\":\"K\"")),
        "{:?}",
        options(&game)
    );
}

/// (5) "For each coat of arms in cities where you have at least one knight
/// (you do not need to control the city)", 2 points: F's one: 2.
#[test]
fn message_5_scores_coats_of_arms() {
    at_message(
        "coats-of-arms.json",
        Message::CoatsOfArms,
        "2 points per coat of arms: 2 points",
    );
    after("coats-of-arms.json", Message::CoatsOfArms, 2);
}

/// (6) "You score 2 points for each of your knights. Your knights remain on
/// their cities." One knight: 2.
#[test]
fn message_6_scores_knights() {
    at_message("knights.json", Message::Knights, "2 points per knight: 2 points");
    let game = after("knights.json", Message::Knights, 2);
    assert_eq!(game.state().figures_on(Pos::from([0, -1])).count(), 1);
}

/// (7) Points for each farmer: one farmer, 2 (3 with `farmer_points = 3`).
#[test]
fn message_7_scores_farmers() {
    at_message("farmers.json", Message::Farmers, "Points per farmer: 2 points");
    let game = after("farmers.json", Message::Farmers, 2);
    assert_eq!(game.state().figures_on(Pos::from([-1, -1])).count(), 1);

    let record = with_variant(&kit().record("farmers.json"), ID, "farmer_points", 3i64.into());
    let game = kit().replay_record(&record).unwrap();
    assert_eq!(points(&game, 0, ID), 3);
}

/// (8) Score one follower as at the end of the game and take it back: Ann
/// has four, one choice each, named by feature and place; she takes the
/// monk, 4 points, and it goes back to her supply.
#[test]
fn message_8_scores_a_follower_and_takes_it_back() {
    at_message(
        "score-follower.json",
        Message::ScoreFollower,
        "Score a follower: score one of your followers and take it back",
    );
    let game = kit().replay_first("score-follower.json", PREFIX + 1);
    assert!(state(&game).message.is_some());
    let labels = labels(&game);
    assert_eq!(labels.len(), 4, "{labels:?}");
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("Score your follower in the cloister") && l.contains("4 points")),
        "{labels:?}"
    );
    assert!(labels.iter().any(|l| l.contains("3 points")), "the city: {labels:?}");
    assert!(labels.iter().any(|l| l.contains(": 1 point,")), "the road: {labels:?}");
    assert!(labels.iter().any(|l| l.contains(": 0 points")), "the farm: {labels:?}");
    let before = game.state().figures().len();
    let game = after("score-follower.json", Message::ScoreFollower, 4);
    assert_eq!(game.state().figures_on(Pos::from([1, 1])).count(), 0);
    assert_eq!(game.state().figures().len(), before - 1);
}

/// "Score 2 points (as shown in the bottom-right of the message tile.)"
/// instead of message 6: 2 points, no knight counted, the message under
/// the stack all the same.
#[test]
fn two_points_instead_of_the_message() {
    after("take-points.json", Message::Knights, 2);
}

/// "If, during your turn (and only during your turn), your scoring meeple
/// or your messenger moves to and stops on one of the dark spaces [...]":
/// Bob completes Ann's road of 5 on his turn; her scoring meeple stops on
/// 5 with no message. On her turn she closes her city (D, F and E, 3 tiles
/// and a coat of arms: 8): her figures stand apart (5 and 0), so she
/// chooses, and moves her messenger to 8. The draw order ends there: in
/// the final scoring the figures are added up and no message comes.
#[test]
fn messages_come_only_on_your_turn_and_you_choose_the_figure() {
    let kit = kit();
    let game = kit.replay_first("not-your-turn.json", 20);
    let s = state(&game);
    assert_eq!(s.figures[0], [5, 0]);
    assert_eq!(s.message, None);
    assert_eq!(s.unseen.len(), 8, "no message drawn");

    let game = kit.replay_first("not-your-turn.json", 22);
    assert_eq!(game.decision().map(|d| d.player()), Some(0));
    assert_eq!(
        labels(&game),
        [
            "Move your scoring meeple from space 5 to 13",
            "Move your messenger from space 0 to 8"
        ]
    );

    let game = kit.replay("not-your-turn.json");
    let s = state(&game);
    assert!(game.is_over());
    assert!(s.merged);
    assert_eq!(s.figures[0], [game.state().score(0), 0], "one figure on the sum");
    assert_eq!(s.figures[1], [game.state().score(1), 0]);
    assert_eq!(s.unseen.len(), 8, "no message in the final scoring");
    assert_eq!(points(&game, 0, ID), 0);
}

/// `marker_choice = "auto"` asks nothing: the scoring meeple moves when
/// neither figure would stop on a dark space.
#[test]
fn auto_moves_the_scoring_meeple_without_asking() {
    let kit = kit();
    let record = kit.record("not-your-turn.json");
    let mut record = with_variant(&record, ID, "marker_choice", "auto".into());
    record.moves.pop();
    // One more tile, so that the game waits for Bob before its end.
    record.config.draw_order.as_mut().unwrap().push("K".into());
    let game = kit.replay_record(&record).unwrap();
    let s = state(&game);
    assert_eq!(s.figures[0], [13, 0]);
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
}

/// The messenger draws messages too: "your scoring meeple or your
/// messenger moves to and stops on one of the dark spaces". After
/// `not-your-turn.json`'s moves (Ann's meeple on 5, her messenger on 8),
/// Bob places a curve far away and Ann closes her crossroads' road east
/// with A at (0, 1): 2 tiles, 2 points. Her meeple would go to 7, her
/// messenger to 10, a dark space, which the option says; she moves the
/// messenger, draws a message, takes 2 points instead, which join the
/// messenger: 12. (One more tile, K, keeps the game going.)
#[test]
fn the_messenger_on_a_dark_space_draws_a_message() {
    let kit = kit();
    let game = kit.replay_first("messenger.json", 27);
    assert_eq!(state(&game).figures[0], [5, 8]);
    assert_eq!(
        labels(&game),
        [
            "Move your scoring meeple from space 5 to 7",
            "Move your messenger from space 8 to 10: a dark space, draw a message"
        ]
    );
    let game = kit.replay_first("messenger.json", 28);
    let s = state(&game);
    assert_eq!(s.figures[0], [5, 10]);
    let message = s.message.expect("a message drawn");
    assert_eq!(
        logged(&game),
        [format!(
            "Their messenger stops on dark space 10: message {}, {}",
            message.decl().number,
            message.decl().name
        )]
    );
    let game = kit.replay_first("messenger.json", 29);
    let s = state(&game);
    assert_eq!(s.figures[0], [5, 12]);
    assert_eq!(s.under, [message]);
    assert_eq!(points(&game, 0, ID), 2);
}

/// The feature of the one follower standing on the tile at `at`.
fn feature_at(game: &Game, at: [i32; 2]) -> carcassonne_core::features::NodeId {
    let mut on = game.state().figures_on(Pos::from(at)).filter_map(|f| f.node);
    let node = on.next().expect("a follower in a feature there");
    assert_eq!(on.next(), None, "one follower at {at:?}");
    node
}

/// `record` with its first `moves` moves only.
fn first_moves(record: &carcassonne_core::record::GameRecord, moves: usize) -> Game {
    let mut record = record.clone();
    record.moves.truncate(moves);
    kit().replay_record(&record).unwrap()
}

const INNS: &str = "inns-and-cathedrals";

/// inn.json: smallest-road.json with Inns & Cathedrals, Ann's follower of
/// turn 7 on IC-B's road (1 tile, with an inn, open) instead of W's.
/// Message 1: "Determine the chosen road's score as you would during final
/// scoring": a road with an inn still open at the end scores nothing
/// (Inns & Cathedrals), so the message gives 0, not the 1 its tile would
/// give by the declared scoring. The final scoring's own answer for the
/// road is the same 0 (and 2 a tile were it complete). With Inns &
/// Cathedrals' `final_scoring = "ignore"` an open road with an inn scores
/// as any other at the end: the message gives 1.
#[test]
fn message_1_scores_a_road_with_an_inn_as_the_final_scoring_would() {
    let game = kit().replay_first("inn.json", PREFIX);
    assert_eq!(state(&game).message, Some(Message::SmallestRoad));
    assert_eq!(labels(&game)[0], "Smallest road: 0 points");
    let road = feature_at(&game, [-1, 1]);
    assert_eq!(game.feature_worth(road, false), 0);
    assert_eq!(game.feature_worth(road, true), 2, "complete: 2 a tile");

    let game = kit().replay("inn.json");
    assert_eq!(points(&game, 0, ID), 0);
    assert_eq!(state(&game).figures[0], [5, 0]);
    assert_eq!(
        game.state().figures_on(Pos::from([-1, 1])).count(),
        1,
        "the follower stays"
    );

    let record = with_variant(&kit().record("inn.json"), INNS, "final_scoring", "ignore".into());
    let game = first_moves(&record, PREFIX);
    assert_eq!(labels(&game)[0], "Smallest road: 1 point");
    let game = kit().replay_record(&record).unwrap();
    assert_eq!(points(&game, 0, ID), 1);
}

/// cathedral.json: smallest-city.json with Inns & Cathedrals; Ann's city
/// is IC-A (the cathedral) at (0, -1) on D's city cap, joined on turn 9 by
/// her E turned 90° at (-1, -1) (no farmer); Bob's turn 10 puts a cloister
/// tile at (3, 0) instead of V. Message 2: the city, 3 tiles, open, with a
/// cathedral: "none when it is not" completed, so 0 (the declared scoring
/// alone would say 3). Complete, it would be worth 3 a tile: 9. With
/// `final_scoring = "ignore"`, 3.
#[test]
fn message_2_scores_a_city_with_a_cathedral_as_the_final_scoring_would() {
    let game = kit().replay_first("cathedral.json", PREFIX);
    assert_eq!(state(&game).message, Some(Message::SmallestCity));
    assert_eq!(state(&game).figures[0], [5, 0]);
    assert_eq!(labels(&game)[0], "Smallest city: 0 points");
    let city = feature_at(&game, [0, -1]);
    assert_eq!(game.state().features().tile_count(city), 3);
    assert_eq!(game.feature_worth(city, false), 0);
    assert_eq!(game.feature_worth(city, true), 9, "complete: 3 a tile");

    let game = kit().replay("cathedral.json");
    assert_eq!(points(&game, 0, ID), 0);
    assert_eq!(state(&game).under, [Message::SmallestCity]);

    let record = with_variant(&kit().record("cathedral.json"), INNS, "final_scoring", "ignore".into());
    let game = first_moves(&record, PREFIX);
    assert_eq!(labels(&game)[0], "Smallest city: 3 points");
    let game = kit().replay_record(&record).unwrap();
    assert_eq!(points(&game, 0, ID), 3);
}

/// inn-score-follower.json: score-follower.json with IC-B (an inn) for
/// W, as in inn.json. Message 8's choices say what each follower's feature
/// would score at the end: the road with the inn 0, the city 3, the
/// cloister 4, the farm 0. Ann takes the follower off the road with the
/// inn: 0 points, and it goes home.
#[test]
fn message_8_scores_a_road_with_an_inn_as_the_final_scoring_would() {
    let game = kit().replay_first("inn-score-follower.json", PREFIX + 1);
    assert!(state(&game).choosing_follower);
    let labels = labels(&game);
    assert_eq!(labels.len(), 4, "{labels:?}");
    let road = labels
        .iter()
        .find(|l| l.contains(" road "))
        .unwrap_or_else(|| panic!("{labels:?}"));
    assert!(road.contains(": 0 points,"), "{road}");
    assert!(labels.iter().any(|l| l.contains("3 points")), "the city: {labels:?}");
    assert!(
        labels.iter().any(|l| l.contains("4 points")),
        "the cloister: {labels:?}"
    );

    let game = kit().replay("inn-score-follower.json");
    assert_eq!(points(&game, 0, ID), 0);
    assert_eq!(game.state().figures_on(Pos::from([-1, 1])).count(), 0, "taken back");
    assert_eq!(game.state().score(0), 5);
}
