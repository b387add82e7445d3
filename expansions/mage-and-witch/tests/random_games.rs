//! Seeded random games with Mage & Witch keep the invariants of any game
//! (the test kit's harness), with the mage and the witch placed and moved.

use carcassonne_mage_and_witch::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit, &config, 4);
        assert!(
            played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0,
            "no figure placed or moved in {players}-player games: {played:?}"
        );
    }
}
