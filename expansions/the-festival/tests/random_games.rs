//! Seeded random games with The Festival keep the invariants of any game
//! (the test kit's harness), alone and with expansions whose figures a
//! festival may take back (The Abbot's abbot, Abbey & Mayor's barn and
//! wagon, The Phantom, The Tower's prisoners and floors), and the festival
//! is used.

use carcassonne_core::GameConfig;
use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_the_festival::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_abbot::INFO)
        .with(&carcassonne_abbey_and_mayor::INFO)
        .with(&carcassonne_the_phantom::INFO)
        .with(&carcassonne_the_tower::INFO)
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = kit();
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit, &config, 4);
        assert!(
            played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0,
            "no festival decision in {players}-player games: {played:?}"
        );
    }
}

#[test]
fn games_with_other_figures_keep_the_invariants() {
    let kit = kit();
    for (players, seed, variant) in [(2, 100, "figure"), (4, 200, "follower")] {
        let mut config = GameConfig::with_players(players);
        config.seed = seed;
        config.expansions = vec![
            INFO.id.into(),
            "abbot".into(),
            "abbey-and-mayor".into(),
            "the-phantom".into(),
            "the-tower".into(),
        ];
        config
            .variants
            .entry(INFO.id.into())
            .or_default()
            .insert("festival_return".into(), variant.into());
        let played = random_games(&kit, &config, 3);
        assert!(played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0, "{played:?}");
    }
}
