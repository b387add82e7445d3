//! The barn, replayed from tests/records/barn.json.
//!
//! The board at the end (Ann = 0, Bob = 1):
//!
//! ```text
//!            x=0              x=1              x=2
//! y=-1   E 180° (city S)  B (T7)
//! y=0    D (start)        U (road W-E)     A 90° (road W ends)
//! y=1    E 180° (city S)  B, barn on NW
//! y=2    E (city N)       B (T8)
//! ```
//!
//! Cities: C1 = (0,1)+(0,2), completed in turn 2; C2 = D + (0,-1),
//! completed in turn 3. Farms: F1 = D's south field + (0,1)'s field (Ann's
//! farmer, touches C1); F2 = D's north field + U's north field (Bob's
//! farmer, touches C2); F3 = (0,2)'s field (Bob's farmer, touches C1). In
//! turn 5 tile A wraps its field round the end of the road and joins F1
//! and F2.

mod common;

use carcassonne_core::{Decision, RefusalKind, serde_json};
use common::{followers_in_supply, options, points, public, replay, replay_first, try_move, try_play};

const FARMERS: &str = "abbey-and-mayor.farmers";
const BARN: &str = "abbey-and-mayor.barn";

/// The options on a cloister tile in a barn's farm.
const CLOISTER_OR_PASS: [&str; 3] = [
    r#"{"deploy":{"feature":"cloister"}}"#,
    r#"{"deploy":{"figure":"wagon","feature":"cloister"}}"#,
    r#""pass""#,
];

fn barns_in_supply(game: &carcassonne_core::Game, player: u8) -> u8 {
    game.state().supply(player, game.rules().figure_index("barn").unwrap())
}

#[test]
fn barn_refused_where_the_corner_lacks_a_tile() {
    // Turn 4: Bob placed U at (1,0). Its SW corner point has D, U and
    // (0,1), but (1,1) is empty; its NW corner point lacks (1,-1).
    let mut game = replay_first("barn.json", 7);
    assert_eq!(barns_in_supply(&game, 1), 1, "Bob holds his barn");
    assert!(
        !options(&game).iter().any(|o| o.contains("barn")),
        "{:?}",
        options(&game)
    );
    let err = try_play(&mut game, r#"{"deploy": {"figure": "barn", "corner": "SW"}}"#).unwrap_err();
    // Not a barn spot at all: the engine's own refusal, not the barn rule's.
    assert_eq!(err.kind, RefusalKind::NotAnOption, "{err}");
}

#[test]
fn barn_offered_where_four_fields_meet() {
    // Turn 6: B at (1,1). Its NW corner point is met by D (SE corner: south
    // field), U (SW: south field), (0,1) (NE: field) and B (NW: field).
    // Every other corner of B lacks a tile.
    let game = replay_first("barn.json", 11);
    let barns: Vec<String> = options(&game).into_iter().filter(|o| o.contains("barn")).collect();
    assert_eq!(barns, [r#"{"deploy":{"figure":"barn","corner":"NW"}}"#]);
}

#[test]
fn barn_placement_scores_the_farmers_and_returns_them() {
    let game = replay_first("barn.json", 12);
    // Rule: on placement the farmers of the barn's farm score 3 per
    // completed city, to the majority as in farm scoring. The farm F1+F2
    // holds Ann's farmer and Bob's: a tie, both score. It touches C1
    // (complete) and C2 (complete): 3 × 2 = 6 each. The barn's owner (Bob)
    // scores as a farmer here, not as the barn's owner.
    assert_eq!(points(&game, 0, FARMERS), 6);
    assert_eq!(points(&game, 1, FARMERS), 6);
    assert_eq!(points(&game, 1, BARN), 0, "the barn itself scores at game end");
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 6));
    // Both farmers went home: Ann 7 in supply; Bob 6 (his farmer on (0,2)
    // in F3 stays on the board).
    assert_eq!(followers_in_supply(&game, 0), 7);
    assert_eq!(followers_in_supply(&game, 1), 6);
    assert_eq!(barns_in_supply(&game, 1), 0);
    assert_eq!(
        public(&game)["barns"],
        serde_json::json!([{ "figure": 3, "owner": 1, "at": [1, 1], "corner": "NW" }])
    );
}

#[test]
fn farmer_refused_in_a_barns_farm() {
    // Turn 7: Ann's B at (1,-1) joins the barn's farm (through U's north
    // field). Her only options are the cloister (a follower or the wagon)
    // and passing.
    let mut game = replay_first("barn.json", 13);
    assert!(matches!(game.decision(), Some(Decision::Deploy { player: 0, .. })));
    assert_eq!(options(&game), CLOISTER_OR_PASS);
    let err = try_play(&mut game, r#"{"deploy": {"feature": "field:N"}}"#).unwrap_err();
    assert_eq!(err.kind, RefusalKind::DeploymentForbidden, "{err}");
    // Turn 8: Bob's B at (1,2) likewise.
    let game = replay_first("barn.json", 15);
    assert_eq!(options(&game), CLOISTER_OR_PASS);
}

#[test]
fn barn_refused_where_a_corner_is_city() {
    // Turn 7: four tiles meet at B(1,-1)'s SW corner point — (0,-1), (1,-1),
    // D and U — but D's NE corner and (0,-1)'s SE corner are city. Ann
    // still holds her barn.
    let mut game = replay_first("barn.json", 13);
    assert_eq!(barns_in_supply(&game, 0), 1);
    let err = try_play(&mut game, r#"{"deploy": {"figure": "barn", "corner": "SW"}}"#).unwrap_err();
    // Not a barn spot at all: the engine's own refusal, not the barn rule's.
    assert_eq!(err.kind, RefusalKind::NotAnOption, "{err}");
}

#[test]
fn joining_a_barns_farm_scores_one_per_city_and_barn_scores_four_at_end() {
    let game = replay("barn.json");
    assert!(game.is_over());
    // Turn 8: B at (1,2) joins F3 (Bob's farmer, on (0,2)) to the barn's
    // farm. Rule: those farmers score 1 per completed city of the joined
    // farm — C1 and C2 — to the majority (Bob alone): 1 × 2 = 2, and go
    // home. Bob's farmer points: 6 (barn placement) + 2 = 8.
    assert_eq!(points(&game, 1, FARMERS), 8);
    assert_eq!(followers_in_supply(&game, 1), 7);
    // Game end: the barn scores 4 per completed city of its farm for its
    // owner: C1 and C2, 4 × 2 = 8. No farmer is left, so the farm itself
    // scores nothing.
    assert_eq!(points(&game, 1, BARN), 8);
    assert_eq!(points(&game, 0, "farms") + points(&game, 1, "farms"), 0);
    // Totals: Ann 6; Bob 6 + 2 + 8 = 16.
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 16));
}

/// A barn may not go into a farm that already holds a barn (the official
/// rules; JCloisterZone's default). `second_barn.json` is `barn.json` with
/// one more tile: in turn 9 Ann's B at (2,1) makes its NW corner point a
/// barn spot as far as the tiles go — U (1,0), A (2,0), B (1,1) and B (2,1)
/// meet there, field at every corner — but that farm is Bob's barn's (A's
/// field joined U's two fields in turn 5, and B (1,1) carries the barn). The spot is not
/// offered, a barn there is refused naming Bob's barn, and so is a farmer
/// in that farm; Ann passes and keeps her barn.
#[test]
fn no_second_barn_in_a_farm_that_holds_one() {
    let mut game = replay_first("second_barn.json", 17);
    assert_eq!(barns_in_supply(&game, 0), 1, "Ann holds her barn");
    assert!(
        !options(&game).iter().any(|o| o.contains("barn")),
        "{:?}",
        options(&game)
    );
    let err = try_move(&mut game, r#"{"deploy": {"figure": "barn", "corner": "NW"}}"#).unwrap_err();
    assert_eq!(
        err,
        "cannot deploy barn: that farm already holds Bob's barn 1 tile west of the new tile (north-west corner); a farm holds at most one barn"
    );
    let err = try_move(&mut game, r#"{"deploy": {"feature": "field:N"}}"#).unwrap_err();
    assert_eq!(
        err,
        "cannot deploy follower: that farm holds Bob's barn 1 tile west of the new tile (north-west corner); no \
         farmer may be deployed into a farm with a barn"
    );
    let game = replay("second_barn.json");
    assert!(game.is_over());
    assert_eq!(barns_in_supply(&game, 0), 1);
    assert_eq!(public(&game)["barns"].as_array().unwrap().len(), 1);
}

/// `barn_placement = "occupied"` (JCloisterZone's `barn-placement`): a barn
/// may join a farm that holds one. `second_barn_occupied.json` is
/// `second_barn.json` with that variant, and in turn 9 Ann deploys her barn
/// on the NW corner of B (2,1), in Bob's barn's farm. Farmers are still
/// refused there.
#[test]
fn a_second_barn_in_a_farm_with_barn_placement_occupied() {
    let mut game = replay_first("second_barn_occupied.json", 17);
    let barns: Vec<String> = options(&game).into_iter().filter(|o| o.contains("barn")).collect();
    assert_eq!(barns, [r#"{"deploy":{"figure":"barn","corner":"NW"}}"#]);
    let err = try_move(&mut game, r#"{"deploy": {"feature": "field:N"}}"#).unwrap_err();
    assert!(
        err.contains("no farmer may be deployed into a farm with a barn"),
        "{err}"
    );
    let game = replay("second_barn_occupied.json");
    assert!(game.is_over());
    assert_eq!(barns_in_supply(&game, 0), 0);
    assert_eq!(public(&game)["barns"].as_array().unwrap().len(), 2);
    // Ann's barn cashes in no farmer (none may stand in a barn's farm). At
    // the end each barn scores 4 per completed city of the farm, C1 and C2:
    // 8 each. Ann 6 (farmer, turn 6) + 8 = 14; Bob 16 as in barn.json.
    assert_eq!(points(&game, 0, BARN), 8);
    assert_eq!(points(&game, 1, BARN), 8);
    assert_eq!((game.state().score(0), game.state().score(1)), (14, 16));
}

/// Two barns of one player in one farm score that player once, as a
/// special figure does not stack (JCloisterZone pays each player with a
/// barn in a farm once). `two_barns_one_owner.json` is
/// `second_barn_occupied.json` with two barns a player (`[figures] barn =
/// 2`) and turns 8 and 9 swapped, so that Bob deploys his second barn on the
/// NW corner of B (2,1), in the farm of his first. At the end the farm's
/// two completed cities pay Bob's barns 4 each once: 8, not 16.
#[test]
fn two_barns_of_one_player_in_one_farm_score_once() {
    let game = replay("two_barns_one_owner.json");
    assert!(game.is_over());
    assert_eq!(barns_in_supply(&game, 1), 0, "both of Bob's barns are on the board");
    assert_eq!(public(&game)["barns"].as_array().unwrap().len(), 2);
    assert_eq!(points(&game, 1, BARN), 8);
    assert_eq!(points(&game, 0, BARN), 0);
}
