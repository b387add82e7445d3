//! The Courier replayed from hand-written games, worked out by hand from
//! the rules quoted in docs/expansions/courier.md. The start tile D at
//! (0, 0) has a city cap north and a road west–east; y grows southward.
//! COU-B: a city cap north and a road crossing; COU-D: a cloister and a road
//! curve south–west. Ann is player 0, Bob player 1.

use carcassonne_core::figures::Spot;
use carcassonne_core::serde_json::json;
use carcassonne_core::{Event, Game, Pos};
use carcassonne_courier::INFO;
use carcassonne_testkit::{Kit, points, with_variant};

/// The Phantom, The Abbot, Crop Circles and Inns & Cathedrals in the
/// catalog, for phantom.json, garden.json, crop-circle.json, inn.json and
/// cathedral.json.
fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_the_phantom::INFO)
        .with(&carcassonne_abbot::INFO)
        .with(&carcassonne_crop_circles::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
}

/// Where the Courier stands, if it is on the board.
fn courier_at(game: &Game) -> Option<Pos> {
    let view = game.state();
    let kind = view.tables().figure_index("courier").unwrap();
    view.figures().iter().find(|f| f.kind == kind).map(|f| {
        assert_eq!(f.spot, Spot::Tile);
        f.pos
    })
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

/// messages.json, default variants (`reach = "line"`, `message =
/// "nearby"`, letter tiles).
///
/// 1. Ann: U at (1,0), her follower on the road (D–U). The Courier waits
///    beside the board ("Place the Courier to the side for now"): nothing.
/// 2. Bob: B (cloister) at (0,1), a monk. Still nothing.
/// 3. Ann: COU-D at (2,0): its letter draws the Courier there. Her monk on
///    its cloister stands on the Courier's tile: a message. Round (2,0):
///    her road (D, U, COU-D's curve: 3 tiles, 3) and her cloister (1 + U
///    beside it: 2). Bob's cloister at (0,1) is two columns away. Ann 5.
/// 4. Bob: A turned 270° at (-1,0), its road ends D's road in the west; a
///    monk on its cloister, in the Courier's row three tiles away: the
///    Courier goes to (-1,0). Round it: his cloister there (1 + D and B: 3)
///    and his cloister at (0,1) (1 + A, D, U: 4); Ann's follower stands at
///    (1,0), outside. Bob 7.
///
/// End: Ann's road (A, D, U, COU-D, open south) 4 and her cloister 2; Bob's
/// cloisters 4 and 3. Ann 5 + 6 = 11, Bob 7 + 7 = 14.
#[test]
fn a_follower_in_line_draws_the_courier_and_scores_the_features_round_it() {
    let kit = kit();
    let after_two = kit.replay_first("messages.json", 4);
    assert_eq!(courier_at(&after_two), None);
    assert_eq!(points(&after_two, 0, INFO.id), 0);

    let after_three = kit.replay_first("messages.json", 6);
    assert_eq!(courier_at(&after_three), Some(Pos::new(2, 0)));
    assert_eq!(points(&after_three, 0, INFO.id), 5);

    let game = kit.replay("messages.json");
    assert!(game.is_over());
    assert_eq!(courier_at(&game), Some(Pos::new(-1, 0)));
    assert_eq!(points(&game, 0, INFO.id), 5);
    assert_eq!(points(&game, 1, INFO.id), 7);
    assert_eq!(points(&game, 0, "roads"), 4);
    assert_eq!(scores(&game), (11, 14));
}

/// messages.json with `reach = "adjacent"`: Bob's monk at (-1,0) is three
/// tiles from the Courier, not beside it: no message, the Courier stays at
/// (2,0). Ann's message on the Courier's own tile is the same 5.
#[test]
fn adjacent_reach_answers_only_followers_beside_the_courier() {
    let kit = kit();
    let record = with_variant(&kit.record("messages.json"), INFO.id, "reach", json!("adjacent"));
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(courier_at(&game), Some(Pos::new(2, 0)));
    assert_eq!(points(&game, 0, INFO.id), 5);
    assert_eq!(points(&game, 1, INFO.id), 0);
    assert_eq!(scores(&game), (11, 7));
}

/// messages.json with `message = "own"`: each message scores the
/// follower's own feature only: Ann's cloister at (2,0) 2 (not her road),
/// Bob's cloister at (-1,0) 3 (not his other one).
#[test]
fn the_own_message_scores_the_followers_feature_only() {
    let kit = kit();
    let record = with_variant(&kit.record("messages.json"), INFO.id, "message", json!("own"));
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(points(&game, 0, INFO.id), 2);
    assert_eq!(points(&game, 1, INFO.id), 3);
    assert_eq!(scores(&game), (8, 10));
}

/// completed.json.
///
/// 1. Ann: COU-B at (1,0) (the Courier goes there), her follower on its west
///    road, which runs on through D: on the Courier's tile, a message for
///    the road, 2 tiles: 2.
/// 2. Bob: E turned 180° at (1,-1) closes COU-B's city, his follower in it:
///    4, and the follower goes home at the turn's scoring. It stood in the
///    Courier's column, but not "at the end of the turn in an unfinished
///    feature": no message, the Courier stays.
/// 3. Ann: U at (2,0), a farmer on its north field, in the Courier's row:
///    a field is no "city, road, monastery, or garden": no message.
///
/// End: Ann's road (D, COU-B's west road) 2; her farm (D, COU-B and U north
/// of the road) touches COU-B's finished city: 3. Ann 2 + 5 = 7, Bob 4.
#[test]
fn a_finished_feature_or_a_field_brings_no_message() {
    let kit = kit();
    let game = kit.replay("completed.json");
    assert!(game.is_over());
    assert_eq!(courier_at(&game), Some(Pos::new(1, 0)));
    assert_eq!(points(&game, 0, INFO.id), 2);
    assert_eq!(points(&game, 1, INFO.id), 0);
    assert_eq!(points(&game, 1, "cities"), 4);
    assert_eq!(scores(&game), (7, 4));
}

/// no-tiles.json, `letter_tiles = false`: "Place the Courier to starting
/// tile."
///
/// 1. Ann: U at (1,0), her follower on the road, in the row of the Courier
///    on D: it goes to (1,0); the road (D, U) 2.
/// 2. Bob: B at (1,1), a monk, in the Courier's column: it goes to (1,1).
///    Round it: his cloister (1 + D and U: 3) and Ann's road (2). Bob 5.
///
/// End: Ann's road 2, Bob's cloister 3. Ann 4, Bob 8.
#[test]
fn without_letter_tiles_the_courier_starts_on_the_start_tile() {
    let kit = kit();
    let start = kit.replay_first("no-tiles.json", 0);
    assert_eq!(courier_at(&start), Some(Pos::new(0, 0)));
    let game = kit.replay("no-tiles.json");
    assert_eq!(courier_at(&game), Some(Pos::new(1, 1)));
    assert_eq!(points(&game, 0, INFO.id), 2);
    assert_eq!(points(&game, 1, INFO.id), 5);
    assert_eq!(scores(&game), (4, 8));

    // The letter tiles are out of the game: a draw of one is refused.
    let mut record = kit.record("no-tiles.json");
    record.config.draw_order = Some(vec!["COU-A".into(), "B".into()]);
    assert!(kit.replay_record(&record).is_err());
}

/// phantom.json, with The Phantom: Ann's COU-A turned 90° at (1,0) carries
/// D's road on; the Courier goes there. Her follower on its north field (no
/// message: a field), then her phantom on the road (D, COU-A): the first of
/// the turn's followers that qualifies gets the message, 2. End: the road
/// 2 for the phantom, the farm touches D's open city: 0. Ann 4.
#[test]
fn the_first_follower_that_qualifies_gets_the_message() {
    let kit = kit();
    let game = kit.replay("phantom.json");
    assert!(game.is_over());
    assert_eq!(courier_at(&game), Some(Pos::new(1, 0)));
    assert_eq!(points(&game, 0, INFO.id), 2);
    assert_eq!(scores(&game), (4, 0));
}

/// garden.json, with The Abbot ("an unfinished feature such as a city,
/// road, monastery, or garden"): Ann's COU-D at (1,0) draws the Courier; she
/// deploys nothing. Bob's EG at (1,-1), north of it, his abbot on its
/// garden, beside the Courier: the Courier goes to (1,-1) and Bob scores
/// the garden as at the end (1 + COU-D and D round it: 3). End: the garden
/// 3 again. Bob 6, Ann 0.
#[test]
fn an_abbot_on_a_garden_gets_a_message() {
    let kit = kit();
    let game = kit.replay("garden.json");
    assert!(game.is_over());
    assert_eq!(courier_at(&game), Some(Pos::new(1, -1)));
    assert_eq!(points(&game, 1, INFO.id), 3);
    assert_eq!(scores(&game), (0, 6));
}

/// crop-circle.json, with Crop Circles: Ann's COU-A turned 90° at (1,0)
/// (the Courier goes there), her follower on the road (D, COU-A): a
/// message, 2. Bob's road crop circle CR-D at (0,1), no deployment; he
/// chooses "add" and Ann adds a follower beside hers. That follower was
/// placed this turn, on the Courier's tile: at the end of the turn (after
/// the crop circle, which comes after the scoring) Ann receives a message
/// for the road again, 2, as FanCloisterZone gives it to the follower's
/// owner. End: the road 2 for Ann. Ann 6, Bob 0.
#[test]
fn a_follower_added_by_a_crop_circle_gets_the_message_at_the_end_of_the_turn() {
    let kit = kit();
    let game = kit.replay("crop-circle.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, INFO.id), 4);
    assert_eq!(scores(&game), (6, 0));
}

/// The message and the letter in the turn's log, in words.
#[test]
fn the_log_says_what_the_courier_did() {
    let kit = kit();
    let game = kit.replay_first("messages.json", 6);
    let slot = game.rules().expansion_slot(INFO.id).unwrap();
    let logged: Vec<String> = game
        .last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { slot: s, detail } if *s == slot => Some(game.expansion_log_line(slot, detail).text),
            _ => None,
        })
        .collect();
    assert_eq!(
        logged,
        [
            "receives the Courier's thank-you message 2 tiles east of the start tile: 5 points (3 points for the road \
          (east and west) 1 tile east of the start tile; 2 points for the cloister 2 tiles east of the start tile)"
        ]
    );
}

/// inn.json: messages.json with Inns & Cathedrals and IC-B (a straight
/// road with an inn) for U at (1,0). The message is worth "points as in
/// the final scoring", and a road with an inn still open at the end scores
/// nothing: on turn 3 Ann's message round (2,0) is her road 0 (D, IC-B,
/// COU-D's curve, with the inn; 3 by the declared scoring alone) and her
/// cloister 2. Bob's message on turn 4 is the same 7. End: the road, open,
/// 0; her cloister 2; Bob's cloisters 4 and 3. Ann 2 + 2 = 4, Bob 7 + 7 =
/// 14. With Inns & Cathedrals' `final_scoring = "ignore"` the open road
/// scores 1 a tile at the end and so in the message: Ann 5 + 6 = 11.
#[test]
fn the_message_scores_a_road_with_an_inn_as_the_final_scoring_would() {
    let kit = kit();
    let after_three = kit.replay_first("inn.json", 6);
    assert_eq!(courier_at(&after_three), Some(Pos::new(2, 0)));
    assert_eq!(points(&after_three, 0, INFO.id), 2);

    let game = kit.replay("inn.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, INFO.id), 2);
    assert_eq!(points(&game, 1, INFO.id), 7);
    assert_eq!(points(&game, 0, "roads"), 0);
    assert_eq!(scores(&game), (4, 14));

    let record = with_variant(
        &kit.record("inn.json"),
        "inns-and-cathedrals",
        "final_scoring",
        json!("ignore"),
    );
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(points(&game, 0, INFO.id), 5);
    assert_eq!(points(&game, 0, "roads"), 4);
    assert_eq!(scores(&game), (11, 14));
}

/// cathedral.json, with Inns & Cathedrals.
///
/// 1. Ann: IC-A (the cathedral, city on all sides) at (0,-1) on D's city
///    cap, her follower in it: D and IC-A, open. The Courier waits.
/// 2. Bob: COU-B at (1,0): the Courier goes there; his follower on its
///    west road (D, COU-B: 2 tiles, open at D's west end) stands on its
///    tile: a message round (1,0), all to Bob: his road 2 and Ann's city,
///    whose follower stands at (0,-1), diagonally beside: open with a
///    cathedral, 0 as at the end (2 by the declared scoring alone). Bob 2.
///
/// End: Ann's city 0, Bob's road 2. Ann 0, Bob 4. With `final_scoring =
/// "ignore"`: the city 2 in the message and at the end: Ann 2, Bob 6.
#[test]
fn the_message_scores_a_city_with_a_cathedral_as_the_final_scoring_would() {
    let kit = kit();
    let game = kit.replay("cathedral.json");
    assert!(game.is_over());
    assert_eq!(courier_at(&game), Some(Pos::new(1, 0)));
    assert_eq!(points(&game, 1, INFO.id), 2);
    assert_eq!(points(&game, 0, "cities"), 0);
    assert_eq!(scores(&game), (0, 4));

    let record = with_variant(
        &kit.record("cathedral.json"),
        "inns-and-cathedrals",
        "final_scoring",
        json!("ignore"),
    );
    let game = kit.replay_record(&record).unwrap();
    assert_eq!(points(&game, 1, INFO.id), 4);
    assert_eq!(scores(&game), (2, 6));
}
