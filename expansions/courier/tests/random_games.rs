//! Seeded random games with The Courier keep the invariants of any game
//! (the test kit's harness: figures conserved, the total score never
//! falling, every listed option accepted, records replaying exactly), for 2,
//! 3 and 5 players, under every variant, alone and with The Abbot (gardens
//! and the abbot), Crop Circles (followers added after the scoring), The
//! Phantom (a second follower a turn) and Hills & Sheep (a shepherd, no
//! follower); and messages are scored.

use carcassonne_core::{GameConfig, Value};
use carcassonne_courier::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_abbot::INFO)
        .with(&carcassonne_the_phantom::INFO)
        .with(&carcassonne_hills_and_sheep::INFO)
        .with(&carcassonne_crop_circles::INFO)
}

fn config(players: usize, seed: u64, others: &[&str], variants: &[(&str, Value)]) -> GameConfig {
    let expansions: Vec<&str> = std::iter::once(INFO.id).chain(others.iter().copied()).collect();
    let mut config = game_config(players, seed, &expansions);
    let ours = config.variants.entry(INFO.id.into()).or_default();
    for (name, value) in variants {
        ours.insert((*name).into(), value.clone());
    }
    config
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = kit();
    let text = |s: &str| Value::Text(s.into());
    for (players, seed, others, variants) in [
        (2, 0, &[][..], vec![]),
        (3, 10, &["abbot", "crop-circles"][..], vec![("reach", text("adjacent"))]),
        (5, 20, &["the-phantom"][..], vec![("message", text("own"))]),
        (
            2,
            30,
            &["hills-and-sheep"][..],
            vec![("letter_tiles", Value::Bool(false))],
        ),
    ] {
        let played = random_games(&kit, &config(players, seed, others, &variants), 2);
        assert!(
            played.points_by_source.get(INFO.id).copied().unwrap_or(0) > 0,
            "no message scored: {played:?}"
        );
    }
}
