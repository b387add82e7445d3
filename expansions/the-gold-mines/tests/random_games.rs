//! Seeded random games with The Gold Mines keep the invariants of any game
//! (the test kit's harness) and its own: two ingots come with every gold
//! tile placed, and ingots only move from tiles to players.

use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_the_gold_mines::INFO;

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit, &config, 4);
        assert!(
            played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0,
            "no second ingot chosen in {players}-player games: {played:?}"
        );
        assert!(
            played.points_by_source.get("the-gold-mines.gold").copied().unwrap_or(0) > 0,
            "no gold scored: {played:?}"
        );
    }
}
