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
