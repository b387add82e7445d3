//! Seeded random games with Fish Huts and a river keep the invariants of any
//! game (the test kit's harness), and huts score in them.

use carcassonne_fish_huts::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_river::INFO);
    let mut huts = 0;
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let played = random_games(&kit, &game_config(players, seed, &[INFO.id, "river"]), 3);
        huts += played.points_by_source.get("fish-huts").copied().unwrap_or(0);
    }
    assert!(huts > 0, "no hut was completed in these games");
}
