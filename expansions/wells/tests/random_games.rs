//! Seeded random games with The Wells keep the invariants of any game (the
//! test kit's harness), alone and with Inns & Cathedrals and Abbey & Mayor.

use carcassonne_core::GameConfig;
use carcassonne_testkit::{Kit, random_games};
use carcassonne_wells::INFO;

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_abbey_and_mayor::INFO)
        .with(&carcassonne_village_life::INFO);
    for (players, seed, others) in [
        (2, 0, &[][..]),
        (3, 10, &["inns-and-cathedrals"][..]),
        (4, 20, &["abbey-and-mayor", "inns-and-cathedrals"][..]),
        (2, 30, &["village-life"][..]),
    ] {
        let mut config = GameConfig::with_players(players);
        config.seed = seed;
        config.expansions = std::iter::once(INFO.id)
            .chain(others.iter().copied())
            .map(String::from)
            .collect();
        let played = random_games(&kit, &config, 3);
        assert!(
            played.points_by_source.get("roads").copied().unwrap_or(0) > 0,
            "{played:?}"
        );
    }
}
