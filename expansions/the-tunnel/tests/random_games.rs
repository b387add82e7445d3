//! Seeded random games with The Tunnel keep the invariants of any game
//! (the test kit's harness): alone with 2 to 5 players (three, two and one
//! colour of tokens each), and with Inns & Cathedrals and Abbey & Mayor.

use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_the_tunnel::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = kit();
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let played = random_games(&kit, &game_config(players, seed, &[INFO.id]), 3);
        assert!(played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0, "{played:?}");
        assert!(
            played.points_by_source.get("roads").copied().unwrap_or(0) > 0,
            "{played:?}"
        );
    }
}

#[test]
fn games_with_inns_and_wagons_keep_the_invariants() {
    let kit = kit()
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_abbey_and_mayor::INFO);
    for (players, seed) in [(2, 100), (4, 110)] {
        let config = game_config(players, seed, &[INFO.id, "inns-and-cathedrals", "abbey-and-mayor"]);
        let played = random_games(&kit, &config, 3);
        assert!(played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0, "{played:?}");
    }
}
