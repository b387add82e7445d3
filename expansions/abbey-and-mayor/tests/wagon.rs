//! The wagon, replayed from tests/records/wagon.json. When a wagon's
//! feature is scored, the wagon goes back to supply and its owner may move
//! it on to an unfinished, unoccupied road, city or cloister on the tile it
//! stood on or one of the eight round it (JCloisterZone's `wagon-move`
//! default, C2), or keep it; the owners decide after the turn's scoring,
//! from the turn's player round the table.
//!
//! The board at the end (Ann = 0, Bob = 1):
//!
//! ```text
//!           x=-1               x=0               x=1
//! y=-1                         E 180° (cap S)
//! y=0     W (junction:         D (start)         A 90° (cloister,
//!         roads E, S, W)                         road W)
//! y=1     A 180° (cloister,    B (cloister)      B (cloister)
//!         road N)
//! ```
//!
//! Turn 1: Ann's wagon on A (1,0)'s road (A–D, open to the west). Turn 4:
//! Bob's wagon on A (-1,1)'s road (open to the north). Turn 5: Ann's W at
//! (-1,0) ends both roads at its junction.

mod common;

use carcassonne_core::Decision;
use carcassonne_core::serde_json::json;
use common::{options, points, public, replay, replay_first, try_move};

fn wagons_in_supply(game: &carcassonne_core::Game, player: u8) -> u8 {
    game.state().supply(player, game.rules().figure_index("wagon").unwrap())
}

fn wagon_move(at: [i32; 2], feature: &str) -> String {
    json!({ "abbey-and-mayor": { "wagon": { "at": at, "feature": feature } } }).to_string()
}

#[test]
fn the_wagon_goes_on_roads_cities_and_cloisters_not_fields() {
    // Turn 1: Ann's A at (1,0): a cloister, a road, a field.
    let game = replay_first("wagon.json", 1);
    let wagon: Vec<String> = options(&game).into_iter().filter(|o| o.contains("wagon")).collect();
    assert_eq!(
        wagon,
        [
            r#"{"deploy":{"figure":"wagon","feature":"cloister"}}"#,
            r#"{"deploy":{"figure":"wagon","feature":"road:W"}}"#,
        ]
    );
}

#[test]
fn scored_wagons_are_asked_from_the_turn_player_round_the_table() {
    // Turn 5: W ends Ann's road A (1,0)–D–W (3 tiles: Ann's wagon scores 3)
    // and Bob's road W–A (-1,1) (2 tiles: Bob's wagon scores 2). Both
    // wagons are back in supply. Ann placed the tile: she decides first.
    let game = replay_first("wagon.json", 10);
    assert_eq!(points(&game, 0, "roads"), 3);
    assert_eq!(points(&game, 1, "roads"), 2);
    assert_eq!((wagons_in_supply(&game, 0), wagons_in_supply(&game, 1)), (1, 1));
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })));
    assert_eq!(
        public(&game)["wagons_to_move"],
        json!([{ "owner": 0, "from": [1, 0] }, { "owner": 1, "from": [-1, 1] }])
    );
    // Ann's wagon stood on (1,0). Round it: D's city (open, empty) and
    // D's road (complete, no); A (1,0)'s cloister (3 neighbours of 8); the
    // cloisters of B (0,1) and B (1,1). Fields never.
    assert_eq!(
        options(&game),
        [
            wagon_move([0, 0], "city:N"),
            wagon_move([0, 1], "cloister"),
            wagon_move([1, 0], "cloister"),
            wagon_move([1, 1], "cloister"),
            json!({ "abbey-and-mayor": "keep-wagon" }).to_string(),
        ]
    );
    // The same options for the player, features named as the core names
    // them in its own labels.
    let mut listed = Vec::new();
    game.legal_actions(&mut listed);
    let labels: Vec<String> = listed.iter().map(|a| game.action_label(a)).collect();
    assert_eq!(
        labels,
        [
            "Move the wagon on to the city (north), 1 tile east of the new tile",
            "Move the wagon on to the cloister, 1 tile south and 1 east of the new tile",
            "Move the wagon on to the cloister, 2 tiles east of the new tile",
            "Move the wagon on to the cloister, 1 tile south and 2 east of the new tile",
            "Keep the wagon (back to your supply)",
        ]
    );
}

#[test]
fn a_wagon_moved_first_takes_the_feature_from_the_next() {
    // Ann moves hers into D's city. Bob's wagon stood on (-1,1): round it
    // D's city is now occupied, W's east and south roads are complete, so
    // W's west road, B (0,1)'s cloister and A (-1,1)'s own cloister remain.
    let mut game = replay_first("wagon.json", 11);
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 1, .. })));
    assert_eq!(
        options(&game),
        [
            wagon_move([-1, 0], "road:W"),
            wagon_move([-1, 1], "cloister"),
            wagon_move([0, 1], "cloister"),
            json!({ "abbey-and-mayor": "keep-wagon" }).to_string(),
        ]
    );
    let err = try_move(&mut game, &wagon_move([0, 0], "city:N")).unwrap_err();
    assert!(err.contains("Bob's wagon from (-1,1) may move to"), "{err}");
    // Bob takes W's west road; Ann's wagon is in D's city.
    let game = replay_first("wagon.json", 12);
    let mut on_board: Vec<(u8, [i32; 2])> = game
        .state()
        .figures()
        .iter()
        .map(|f| (f.owner, [f.pos.x, f.pos.y]))
        .collect();
    on_board.sort();
    assert_eq!(on_board, [(0, [0, 0]), (1, [-1, 0])]);
    assert_eq!((wagons_in_supply(&game, 0), wagons_in_supply(&game, 1)), (0, 0));
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
}

#[test]
fn a_wagon_may_stay_in_supply_and_final_scoring_counts_the_moved_one() {
    // Turn 6: Bob's E at (0,-1) closes D's city (2 tiles, 4 points) for
    // Ann's wagon, the only figure in it. Ann, not the turn's player, is
    // asked; she keeps the wagon in supply.
    let game = replay_first("wagon.json", 14);
    assert_eq!(points(&game, 0, "cities"), 4);
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 0, .. })));
    let game = replay("wagon.json");
    assert!(game.is_over());
    assert_eq!(wagons_in_supply(&game, 0), 1);
    // End: Bob's wagon on W's west road, 1 tile: 1 point.
    // Ann 3 (road) + 4 (city) = 7; Bob 2 (road) + 1 (open road) = 3.
    assert_eq!(points(&game, 1, "roads"), 3);
    assert_eq!((game.state().score(0), game.state().score(1)), (7, 3));
}
