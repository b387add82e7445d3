//! Seeded random games with Village Life keep the invariants of any game
//! (the test kit's harness: figures conserved, the total score never
//! falling, every listed option accepted, records replaying exactly), with
//! its tiles placed and its marketplaces scored, for 2, 3 and 5 players.

use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_village_life::INFO;

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    let mut marketplace = 0;
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit, &config, 3);
        marketplace += played
            .points_by_source
            .get("village-life.marketplace")
            .copied()
            .unwrap_or(0);
    }
    assert!(marketplace > 0, "no marketplace scored");
}
