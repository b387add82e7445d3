//! Seeded random games with Games Quarterly 11 keep the invariants of any
//! game (the test kit's harness): alone, with The River (its river tile in
//! the river), and with Traders & Builders and the pig-herd house rule,
//! which pays.

use carcassonne_core::Value;
use carcassonne_games_quarterly_11::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_traders_and_builders::INFO)
        .with(&carcassonne_river::INFO);
    let mut herd = 0;
    for (players, seed, others) in [
        (2, 0, &[][..]),
        (3, 100, &["river"][..]),
        (4, 200, &["traders-and-builders"][..]),
    ] {
        let mut config = game_config(players, seed, &[INFO.id]);
        config.expansions.extend(others.iter().map(|e| (*e).to_string()));
        config
            .variants
            .entry(INFO.id.into())
            .or_default()
            .insert("pig_herd".into(), Value::from(true));
        let played = random_games(&kit, &config, 25);
        herd += played
            .points_by_source
            .get("games-quarterly-11.pig-herd")
            .copied()
            .unwrap_or(0);
    }
    assert!(herd > 0, "the pig-herd never paid");
}
