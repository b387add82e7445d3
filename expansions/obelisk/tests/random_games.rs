//! Seeded random games with The Obelisk keep the invariants of any game
//! (the test kit's harness: figures conserved, the total score never
//! falling, every listed option accepted, records replaying exactly), with
//! obelisks deployed and scored, for 2, 3 and 5 players.

use carcassonne_core::GameConfig;
use carcassonne_obelisk::INFO;
use carcassonne_testkit::{Kit, random_games};

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    let mut deployed = 0;
    let mut scored = 0;
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let mut config = GameConfig::with_players(players);
        config.seed = seed;
        config.expansions = vec![INFO.id.to_string()];
        let played = random_games(&kit, &config, 3);
        deployed += played.deployed.get("obelisk").copied().unwrap_or(0);
        scored += played.points_by_source.get("obelisk").copied().unwrap_or(0)
            + played.points_by_source.get("obelisk.incomplete").copied().unwrap_or(0);
    }
    assert!(deployed > 0, "no obelisk deployed");
    assert!(scored > 0, "no obelisk scored");
}

/// `[figures] obelisk = 0`: nobody has one; the game still builds and
/// plays, with none deployed.
#[test]
fn a_game_giving_nobody_the_figure_plays() {
    let kit = carcassonne_testkit::Kit::new(&carcassonne_obelisk::INFO, env!("CARGO_MANIFEST_DIR"));
    let mut config = carcassonne_testkit::game_config(2, 5, &[carcassonne_obelisk::INFO.id]);
    config.figures.insert("obelisk".into(), 0);
    let played = carcassonne_testkit::random_games(&kit, &config, 1);
    assert_eq!(played.games, 1);
    assert_eq!(played.deployed.get("obelisk"), None);
}
