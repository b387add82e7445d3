//! The mayor, replayed from tests/records/mayor.json. Its strength in a
//! city's majority is the number of pennants in that city (JCloisterZone's
//! `Mayor.getPower`); with none it is 0, and a city whose strongest player
//! has strength 0 scores for nobody.
//!
//! The board at the end (Ann = 0, Bob = 1):
//!
//! ```text
//!           x=-1             x=0                x=1
//! y=-2                       M 180° (city S+E,   E 270° (cap W)
//!                            pennant)
//! y=-1                       F 90° (city N–S,    B (cloister)
//!                            pennant)
//! y=0     U (road W–E)       D (start)
//! y=1     E 180° (cap S)
//! y=2     E (cap N)
//! ```
//!
//! Turn 1: Ann's F at (0,-1) extends D's city northwards; she deploys her
//! mayor in it. Turn 4: Bob's E at (1,-2) opens a separate city (cap W);
//! his follower goes there. Turn 5: Ann's M at (0,-2) joins both cities
//! and closes them. Turns 6–7: Bob's mayor in a two-tile city without
//! pennants.

mod common;

use common::{options, points, replay, replay_first, try_move};

fn mayors_in_supply(game: &carcassonne_core::Game, player: u8) -> u8 {
    game.state().supply(player, game.rules().figure_index("mayor").unwrap())
}

#[test]
fn the_mayor_goes_only_into_cities() {
    // Turn 2: Bob's B at (1,-1): a cloister and a field. He holds his
    // mayor, but it is offered on neither.
    let mut game = replay_first("mayor.json", 3);
    assert!(
        !options(&game).iter().any(|o| o.contains("mayor")),
        "{:?}",
        options(&game)
    );
    let err = try_move(&mut game, r#"{"deploy": {"figure": "mayor", "feature": "cloister"}}"#).unwrap_err();
    assert_eq!(err, "cannot deploy mayor: a mayor cannot go on a cloister here");
    // Turn 6: Bob's E at (-1,1): a city and a field. The mayor is offered
    // in the city only.
    let mut game = replay_first("mayor.json", 11);
    let mayor: Vec<String> = options(&game).into_iter().filter(|o| o.contains("mayor")).collect();
    assert_eq!(mayor, [r#"{"deploy":{"figure":"mayor","feature":"city:S"}}"#]);
    let err = try_move(&mut game, r#"{"deploy": {"figure": "mayor", "feature": "field:N"}}"#).unwrap_err();
    assert_eq!(err, "cannot deploy mayor: a mayor cannot go on a field here");
}

#[test]
fn a_mayor_with_two_pennants_outweighs_a_follower() {
    // Turn 5 closes one city: D's cap, F (0,-1), M (0,-2) and E (1,-2):
    // 4 tiles, 2 pennants (F and M), complete: 2 × (4 + 2) = 12.
    // Strengths: Ann's mayor = the city's 2 pennants; Bob's follower 1.
    // Ann alone scores 12 (with a follower instead she would tie with Bob,
    // and both would score 12); both figures go home.
    let game = replay_first("mayor.json", 10);
    assert_eq!(points(&game, 0, "cities"), 12);
    assert_eq!(points(&game, 1, "cities"), 0);
    assert_eq!(mayors_in_supply(&game, 0), 1);
    assert_eq!(common::followers_in_supply(&game, 1), 7);
}

#[test]
fn a_mayor_in_a_city_without_pennants_scores_nothing() {
    // Turn 7 closes E (-1,1) + E (-1,2): 2 tiles, no pennant, 4 points. Its
    // only figure is Bob's mayor, of strength 0: nobody scores it, and the
    // mayor goes home all the same.
    let game = replay("mayor.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 1, "cities"), 0);
    assert_eq!(mayors_in_supply(&game, 1), 1);
    // Nothing stays on the board for final scoring: Ann 12, Bob 0.
    assert!(game.state().figures().is_empty());
    assert_eq!((game.state().score(0), game.state().score(1)), (12, 0));
}
