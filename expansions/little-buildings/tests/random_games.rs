//! Seeded random games with Little Buildings keep the invariants of any
//! game (the test kit's harness), with buildings placed and scoring.

use carcassonne_little_buildings::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit, &config, 3);
        assert!(
            played.points_by_source.get("little-buildings").copied().unwrap_or(0) > 0,
            "no building scored in {players}-player games: {played:?}"
        );
    }
}
