//! Seeded random games with The Watchtowers keep the invariants of any game
//! (the test kit's harness), alone and with Inns & Cathedrals, and towers
//! score.

use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_watchtowers::INFO;

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_inns_and_cathedrals::INFO);
    let mut points = 0;
    for (players, seed, with_inns) in [(2, 0, false), (3, 10, true), (5, 20, false)] {
        let mut config = game_config(players, seed, &[INFO.id]);
        if with_inns {
            config.expansions.push("inns-and-cathedrals".into());
        }
        let played = random_games(&kit, &config, 8);
        points += played.points_by_source.get(INFO.id).copied().unwrap_or(0);
    }
    assert!(points > 0, "no watchtower scored");
}
