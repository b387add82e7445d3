//! Seeded random games with Děčínský Sněžník keep the invariants of any game
//! (the test kit's harness: figures conserved, the total score never
//! falling, every listed option accepted, records replaying exactly), with
//! observation towers deployed and completed, for 2, 3 and 5 players, and
//! under `placement = free-field`.

use carcassonne_core::GameConfig;
use carcassonne_core::Value;
use carcassonne_decinsky_sneznik::INFO;
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
        deployed += played.deployed.get("observation-tower").copied().unwrap_or(0);
        scored += played.points_by_source.get("decinsky-sneznik").copied().unwrap_or(0);
        config
            .variants
            .entry(INFO.id.into())
            .or_default()
            .insert("placement".into(), Value::Text("free-field".into()));
        random_games(&kit, &config, 1);
    }
    assert!(deployed > 0, "no observation tower deployed");
    assert!(scored > 0, "no observation tower completed");
}

/// `[figures] observation-tower = 0`: nobody has one; the game still builds and
/// plays, with none deployed.
#[test]
fn a_game_giving_nobody_the_figure_plays() {
    let kit = carcassonne_testkit::Kit::new(&carcassonne_decinsky_sneznik::INFO, env!("CARGO_MANIFEST_DIR"));
    let mut config = carcassonne_testkit::game_config(2, 5, &[carcassonne_decinsky_sneznik::INFO.id]);
    config.figures.insert("observation-tower".into(), 0);
    let played = carcassonne_testkit::random_games(&kit, &config, 1);
    assert_eq!(played.games, 1);
    assert_eq!(played.deployed.get("observation-tower"), None);
}
