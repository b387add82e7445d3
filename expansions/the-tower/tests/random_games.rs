//! Seeded random games with The Tower keep the invariants of any game (the
//! test kit's harness: figures conserved with prisoners counted, the total
//! score never falling) and its own: a tower is as high as the floors
//! placed on it, floors never leave the board, a prisoner is never held by
//! its owner.

use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_the_tower::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit(), &config, 3);
        assert!(
            played.by_kind.get("the-tower").copied().unwrap_or(0) > 0,
            "no capture or ransom decision in {players}-player games: {played:?}"
        );
    }
}
