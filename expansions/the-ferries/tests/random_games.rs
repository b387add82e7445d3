//! Seeded random games with The Ferries keep the invariants of any game
//! (the test kit's harness), with 2 to 5 players: ferries laid on every
//! lake and moved as roads through them are extended; and beside The
//! Tunnel, Traders & Builders, Inns & Cathedrals and The Phantom, whose
//! tunnels, builders and inns lie on roads a moved ferry splits (and whose
//! second deployment runs the deployment hooks twice in a turn); and beside
//! Bridges, Castles & Bazaars, whose bridges add roads to placed tiles.

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

#[test]
fn games_with_tunnels_builders_inns_and_the_phantom_keep_the_invariants() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_the_tunnel::INFO)
        .with(&carcassonne_traders_and_builders::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_the_phantom::INFO);
    for (players, seed) in [(2, 100), (4, 110)] {
        let config = game_config(
            players,
            seed,
            &[
                INFO.id,
                "the-tunnel",
                "traders-and-builders",
                "inns-and-cathedrals",
                "the-phantom",
            ],
        );
        let played = random_games(&kit, &config, 3);
        assert!(played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0, "{played:?}");
    }
}

/// Beside Bridges, Castles & Bazaars: a bridge's road is a feature added to
/// a placed tile (no definition on it), and a moved ferry may split a road
/// running over one; the split must follow it like any road.
#[test]
fn games_with_bridges_keep_the_invariants() {
    // Its tiles mark inns (Inns & Cathedrals' attribute): the catalog needs that set.
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_bridges_castles_and_bazaars::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO);
    let mut bridges = 0;
    for (players, seed) in [(2, 200), (3, 210), (4, 220), (2, 230)] {
        let config = game_config(players, seed, &[INFO.id, "bridges-castles-and-bazaars"]);
        let played = random_games(&kit, &config, 4);
        assert!(played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0, "{played:?}");
        bridges += played.by_kind.get("bridges-castles-and-bazaars").copied().unwrap_or(0);
    }
    assert!(bridges > 0, "no decision of Bridges, Castles & Bazaars was played");
}
