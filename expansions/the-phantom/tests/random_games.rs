//! Seeded random games with The Phantom keep the invariants of any game
//! (the test kit's harness: figures conserved, the total score never
//! falling, every listed option accepted, records replaying exactly), with
//! the phantom deployed, alone and with The Tower, The Princess & the
//! Dragon and Fruit-Bearing Trees (whose hooks after a deployment run after
//! the phantom's too).

use carcassonne_core::GameConfig;
use carcassonne_testkit::{Kit, random_games};
use carcassonne_the_phantom::INFO;

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_the_tower::INFO)
        .with(&carcassonne_the_princess_and_the_dragon::INFO)
        .with(&carcassonne_fruit_trees::INFO);
    for (players, seed, others) in [
        (2, 0, &[][..]),
        (3, 10, &["the-tower"][..]),
        (5, 20, &["the-princess-and-the-dragon"][..]),
        // Fruit actions follow a deployment beside a tree: the second one's too.
        (3, 30, &["fruit-trees"][..]),
    ] {
        let mut config = GameConfig::with_players(players);
        config.seed = seed;
        config.expansions = std::iter::once(INFO.id)
            .chain(others.iter().copied())
            .map(String::from)
            .collect();
        let played = random_games(&kit, &config, 3);
        // The official app's reading too.
        config.variants.entry(INFO.id.into()).or_default().insert(
            "phantom_after".into(),
            carcassonne_core::Value::Text("figure-on-feature".into()),
        );
        random_games(&kit, &config, 1);
        assert!(
            played.deployed.get("phantom").copied().unwrap_or(0) > 0,
            "no phantom deployed in {players}-player games: {played:?}"
        );
    }
}
