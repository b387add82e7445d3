//! Seeded random games with The Flier keep the invariants of any game (the
//! test kit's harness), alone and with other followers that may fly (the
//! abbot, the mayor and the wagon, the big follower, the phantom), and
//! fliers land.

use carcassonne_core::GameConfig;
use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_the_flier::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_abbot::INFO)
        .with(&carcassonne_abbey_and_mayor::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_the_phantom::INFO)
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = kit();
    let mut landed = 0;
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit, &config, 8);
        landed += played.by_kind.get(INFO.id).copied().unwrap_or(0);
    }
    assert!(landed > 0, "no flier landed");
}

#[test]
fn games_with_other_followers_keep_the_invariants() {
    let kit = kit();
    for (players, seed, variant) in [(2, 100, "any-follower"), (4, 200, "normal-and-large")] {
        let mut config = GameConfig::with_players(players);
        config.seed = seed;
        config.expansions = vec![
            INFO.id.into(),
            "abbot".into(),
            "abbey-and-mayor".into(),
            "inns-and-cathedrals".into(),
            "the-phantom".into(),
        ];
        config
            .variants
            .entry(INFO.id.into())
            .or_default()
            .insert("flier_meeples".into(), variant.into());
        let played = random_games(&kit, &config, 3);
        assert!(played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0, "{played:?}");
    }
}
