//! The Robbers replayed from hand-written games, worked out by hand from
//! the rules quoted in docs/expansions/the-robbers.md. The start tile D at
//! (0, 0) has a city cap north and a road west–east. The fixture's RF-U is
//! a straight road west–east and RF-E a city cap north, both with the
//! robber symbol (tests/tiles/robbers-fixture.toml). Every score starts at
//! 0, so every scoring figure starts on space 0. Ann is player 0, Bob 1,
//! Cid 2.

mod common;

use carcassonne_core::Event;
use carcassonne_core::serde_json::json;
use carcassonne_testkit::{options, points, state, try_play, with_variant};
use carcassonne_the_robbers::{ID, State};
use common::kit;

/// steal.json. Ann places RF-U at (1,0) and puts her robber on space 0,
/// beside Bob's scoring figure; Bob, the next player to the left with no
/// robber on the scoreboard, keeps his. Ann's follower goes on the road.
/// Bob's E turned 180° at (0,-1) closes D's city with his follower: 4, his
/// figure leaves space 0, and Ann's robber takes half, 2 ("half of the
/// points (rounded up)"), and goes back to her supply. Bob keeps his 4
/// ("The player moving his counting figure gets all of his points").
/// Final scoring: Ann's open road, D and RF-U, 2. Ann 4 (2 stolen), Bob 4.
#[test]
fn a_robber_takes_half_of_the_next_points_and_goes_home() {
    let kit = kit();
    let game = kit.replay("steal.json");
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (4, 4));
    assert_eq!(points(&game, 0, ID), 2);
    assert_eq!(points(&game, 1, ID), 0);
    assert_eq!(points(&game, 1, "cities"), 4);
    assert_eq!(state::<State>(&game, ID).robber(0), None);
}

/// The questions of steal.json: Ann may put her robber on the one space
/// with another player's figure, or not; then Bob is asked likewise.
#[test]
fn the_questions_name_the_spaces_and_the_players_beside_them() {
    let kit = kit();
    let game = kit.replay_first("steal.json", 1);
    assert_eq!(
        options(&game),
        [r#"{"the-robbers":{"place":{"space":0}}}"#, r#"{"the-robbers":"pass"}"#]
    );
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let labels: Vec<String> = actions.iter().map(|a| game.action_label(a)).collect();
    assert_eq!(
        labels,
        [
            "Put your robber beside Bob (space 0)",
            "Keep your robber in your supply"
        ]
    );
    let game = kit.replay_first("steal.json", 2);
    assert_eq!(game.state().turn().player, 0);
    assert_eq!(state::<State>(&game, ID).robber(0), Some(0));
    let asked = game.decision().map(|d| d.player());
    assert_eq!(asked, Some(1), "Bob, the next player to the left, is asked");
}

/// A tile without the symbol offers no robber: after E in steal.json the
/// next decision is Bob's deployment.
#[test]
fn only_the_symbol_offers_a_robber() {
    let kit = kit();
    let game = kit.replay_first("steal.json", 5);
    assert!(options(&game).iter().all(|o| !o.contains(ID)), "{:?}", options(&game));
}

/// rogue.json, under `others = "each"`. Ann's E closes D's city: 4, her
/// figure on space 4. Bob places RF-U; he keeps his robber; then every
/// other player with a robber in supply, in turn order: Cid puts his beside
/// Ann (space 4), Ann hers beside Bob (space 0). Bob's follower on the
/// road. Final scoring: Bob's road, 2, from space 0: Ann's robber takes 1
/// and Ann's figure moves from space 4 to 5 with stolen points, so Cid's
/// robber beside it "scores no points. Instead, the robber moves forward
/// with [it]": Cid 0, his robber on space 5. Ann 5, Bob 2.
#[test]
fn stolen_points_carry_the_robbers_beside_the_thief_along() {
    let kit = kit();
    let game = kit.replay("rogue.json");
    assert!(game.is_over());
    let scores: Vec<i32> = (0..3).map(|p| game.state().score(p)).collect();
    assert_eq!(scores, [5, 2, 0]);
    assert_eq!(points(&game, 0, ID), 1);
    let robbers = state::<State>(&game, ID);
    assert_eq!(
        (robbers.robber(0), robbers.robber(1), robbers.robber(2)),
        (None, None, Some(5))
    );
}

/// rogue.json under the default `others = "next"`: after Bob, only Cid (the
/// next player to the left with no robber out) is asked, not Ann.
#[test]
fn only_the_next_player_is_asked_by_default() {
    let kit = kit();
    let record = with_variant(&kit.record("rogue.json"), ID, "others", json!("next"));
    let mut short = record.clone();
    short.moves.truncate(5);
    let mut game = kit.replay_record(&short).unwrap();
    // Bob passed, Cid placed: the turn goes on to Bob's deployment.
    assert!(options(&game).iter().all(|o| !o.contains(ID)), "{:?}", options(&game));
    assert!(try_play(&mut game, r#"{"the-robbers":{"place":{"space":0}}}"#).is_err());
}

/// rogue.json under `final_scoring = "none"`: the robbers leave the
/// scoreboard before the final scoring, so Ann's robber takes nothing from
/// Bob's road: Ann 4, Bob 2, Cid 0.
#[test]
fn robbers_may_leave_before_the_final_scoring() {
    let kit = kit();
    let record = with_variant(&kit.record("rogue.json"), ID, "final_scoring", json!("none"));
    let game = kit.replay_record(&record).unwrap();
    let scores: Vec<i32> = (0..3).map(|p| game.state().score(p)).collect();
    assert_eq!(scores, [4, 2, 0]);
    assert_eq!(points(&game, 0, ID), 0);
    assert_eq!(state::<State>(&game, ID).robber(2), None);
}

/// completing.json, the page's question: "If the tile with a bag completes
/// a feature from an opponent, may a player placing (or moving) their
/// robber place it on the same space as the opponent's scoring meeple and
/// score [...] for it? Answer: Yes". Bob's E at (1,-1) holds his follower
/// in an open city cap; Ann's RF-E turned 180° at (1,-2) closes it. Ann
/// first puts her robber beside Bob (space 0); the city then scores 4 for
/// Bob, and Ann's robber takes 2 at once. Ann 2, Bob 4.
#[test]
fn the_symbol_tile_may_complete_what_its_robber_robs() {
    let kit = kit();
    let game = kit.replay("completing.json");
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (2, 4));
    assert_eq!(points(&game, 0, ID), 2);
}

/// A robber already on the scoreboard may be moved "to a different space"
/// only. Ann's RF-U at (1,0) puts her robber beside Bob on space 0; she
/// deploys nothing. Bob's U at (2,0), nothing deployed. Ann's RF-E turned
/// 180° at (0,-1) closes D's empty city (no points): her robber stands on
/// the only space with another player's figure, so she has no other space
/// and is not asked; Bob, the next player with his robber in supply, is.
#[test]
fn a_robber_on_the_board_moves_to_another_space_only() {
    let kit = kit();
    let mut record = kit.record("steal.json");
    record.config.draw_order = Some(vec!["RF-U".into(), "U".into(), "RF-E".into()]);
    record.moves.truncate(3);
    let mut game = kit.replay_record(&record).unwrap();
    for m in [
        r#""pass""#,
        r#"{"place":{"tile":"U","at":[2,0],"rotation":0}}"#,
        r#""pass""#,
        r#"{"place":{"tile":"RF-E","at":[0,-1],"rotation":180}}"#,
    ] {
        try_play(&mut game, m).unwrap();
    }
    assert_eq!(game.decision().map(|d| d.player()), Some(1));
    assert_eq!(
        options(&game),
        [r#"{"the-robbers":{"place":{"space":0}}}"#, r#"{"the-robbers":"pass"}"#]
    );
    assert_eq!(state::<State>(&game, ID).robber(0), Some(0));
}

/// choice.json, the page's "If two or more score markers are on the same
/// space with a robber and both score, the robber's owner can choose who
/// to rob." Ann's RF-U at (-1,0) puts her robber on space 0 (beside Bob
/// and Cid); Bob, asked next, keeps his. Bob's N turned 180° at (0,-1)
/// carries D's city on east, his follower in it. Cid's D at (1,0), his
/// follower in its city cap facing north. Ann's I turned 270° at (1,-1)
/// closes both: Bob's city of 3 tiles, 6, and Cid's of 2, 4, both leaving
/// space 0 in the same scoring. Ann chooses: robbing Bob takes 3, robbing
/// Cid 2. Ann 3, Bob 6, Cid 4.
#[test]
fn the_robbers_owner_chooses_between_figures_leaving_together() {
    let kit = kit();
    let game = kit.replay_first("choice.json", 10);
    let mut offered = options(&game);
    offered.sort();
    assert_eq!(
        offered,
        [
            r#"{"the-robbers":{"rob":{"player":1}}}"#,
            r#"{"the-robbers":{"rob":{"player":2}}}"#
        ]
    );
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let mut labels: Vec<String> = actions.iter().map(|a| game.action_label(a)).collect();
    labels.sort();
    assert_eq!(labels, ["Rob Bob of 6 points: take 3", "Rob Cid of 4 points: take 2"]);

    let game = kit.replay("choice.json");
    assert!(game.is_over());
    let scores: Vec<i32> = (0..3).map(|p| game.state().score(p)).collect();
    assert_eq!(scores, [3, 6, 4]);

    let mut record = kit.record("choice.json");
    record.moves[10] =
        carcassonne_core::serde_json::from_value(json!({"the-robbers": {"rob": {"player": 2}}})).unwrap();
    let other = kit.replay_record(&record).unwrap();
    let scores: Vec<i32> = (0..3).map(|p| other.state().score(p)).collect();
    assert_eq!(scores, [2, 6, 4]);
}

/// first-move.json: "BLUE only receives “Robber points” for the first
/// movement of the scoring figure that stands on the same space as the
/// Robber" (annotated rules, example 1). Ann's RF-U at (-1,0) puts her
/// robber beside Bob on space 0; Bob, asked next, keeps his. Bob's N turned 180° at (0,-1) carries
/// D's city east, his follower in it; Ann's U at (-2,0); Bob's D at (1,0),
/// his follower in its city. Ann's I turned 270° at (1,-1) closes both of
/// Bob's cities, 6 and 4, in the same scoring: his figure leaves space 0
/// with the first of them only, and Ann's robber takes half of that one.
#[test]
fn a_robber_takes_only_the_first_move_off_its_space() {
    let kit = kit();
    let mut game = kit.replay_first("first-move.json", 11);
    try_play(&mut game, r#""pass""#).unwrap();
    let bobs: Vec<i32> = game
        .last_events()
        .iter()
        .filter_map(|e| match *e {
            Event::Scored { player: 1, points, .. } => Some(points),
            _ => None,
        })
        .collect();
    assert_eq!(bobs.len(), 2, "both of Bob's cities score: {bobs:?}");
    let mut both = bobs.clone();
    both.sort();
    assert_eq!(both, [4, 6]);
    assert_eq!(points(&game, 0, ID), (bobs[0] + 1) / 2);
    assert_eq!(state::<State>(&game, ID).robber(0), None);
}
