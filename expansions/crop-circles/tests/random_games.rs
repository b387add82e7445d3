//! Seeded random games with Crop Circles keep the invariants of any game
//! (the test kit's harness), alone and with other followers that may be
//! added or removed (the mayor and the wagon, the big follower, the
//! phantom), under every reading, and crop circles act.

use carcassonne_core::GameConfig;
use carcassonne_crop_circles::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_abbey_and_mayor::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_the_phantom::INFO)
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = kit();
    let mut acted = 0;
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit, &config, 8);
        acted += played.by_kind.get(INFO.id).copied().unwrap_or(0);
    }
    assert!(acted > 0, "no crop circle acted");
}

#[test]
fn games_with_other_followers_keep_the_invariants() {
    let kit = kit();
    for (players, seed, place, mandatory) in [(2, 100, "same-tile", false), (4, 200, "same-feature", true)] {
        let mut config = GameConfig::with_players(players);
        config.seed = seed;
        config.expansions = vec![
            INFO.id.into(),
            "abbey-and-mayor".into(),
            "inns-and-cathedrals".into(),
            "the-phantom".into(),
        ];
        let variants = config.variants.entry(INFO.id.into()).or_default();
        variants.insert("crop_circle_add_where".into(), place.into());
        variants.insert("crop_circle_add_mandatory".into(), mandatory.into());
        let played = random_games(&kit, &config, 3);
        assert!(played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0, "{played:?}");
    }
}
