//! Seeded random games with The Ferries keep the invariants of any game
//! (the test kit's harness), with 2 to 5 players: ferries laid on every
//! lake and moved as roads through them are extended.

use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_the_ferries::INFO;

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let played = random_games(&kit, &game_config(players, seed, &[INFO.id]), 3);
        assert!(played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0, "{played:?}");
        assert!(
            played.points_by_source.get("roads").copied().unwrap_or(0) > 0,
            "{played:?}"
        );
    }
}
