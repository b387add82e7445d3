//! Seeded random games with The City Gates keep the invariants of any game
//! (the test kit's harness), with 2, 3 and 5 players.

use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_the_city_gates::INFO;

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let played = random_games(&kit, &game_config(players, seed, &[INFO.id]), 3);
        assert!(
            played.points_by_source.get("cities").copied().unwrap_or(0) > 0,
            "{played:?}"
        );
        assert!(
            played.points_by_source.get("roads").copied().unwrap_or(0) > 0,
            "{played:?}"
        );
    }
}
