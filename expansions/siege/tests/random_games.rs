//! Seeded random games with Siege keep the invariants of any game (the test
//! kit's harness), under both escape rules, with either release's tiles.

use carcassonne_siege::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    let mut escapes = 0;
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        for from in ["siege-tile", "any-tile"] {
            for tiles in ["cathars", "besiegers"] {
                let mut config = game_config(players, seed, &[INFO.id]);
                let variants = config.variants.entry(INFO.id.to_string()).or_default();
                variants.insert("escape_from".to_string(), from.into());
                variants.insert("tile_set".to_string(), tiles.into());
                let played = random_games(&kit, &config, 4);
                escapes += played.by_kind.get(INFO.id).copied().unwrap_or(0);
            }
        }
    }
    assert!(escapes > 0, "no escape offered in any game");
}
