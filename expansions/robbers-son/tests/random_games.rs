//! Seeded random games with Robber's Son keep the invariants of any game
//! (the test kit's harness: figures conserved, the total score never
//! falling, every listed option accepted, records replaying exactly), for 2,
//! 3 and 5 players, under both `action` values, alone, with Inns &
//! Cathedrals (RS-B's inn) and with The Princess & the Dragon (whose
//! princess also asks after the deployment); and highwaymen are sent home.

use carcassonne_core::{GameConfig, Value};
use carcassonne_robbers_son::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_the_princess_and_the_dragon::INFO)
}

fn config(players: usize, seed: u64, others: &[&str], action: &str) -> GameConfig {
    let expansions: Vec<&str> = std::iter::once(INFO.id).chain(others.iter().copied()).collect();
    let mut config = game_config(players, seed, &expansions);
    config
        .variants
        .entry(INFO.id.into())
        .or_default()
        .insert("action".into(), Value::Text(action.into()));
    config
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = kit();
    for (players, seed, others, action) in [
        (2, 0, &[][..], "may"),
        (3, 10, &["inns-and-cathedrals"][..], "must"),
        (5, 20, &["the-princess-and-the-dragon"][..], "may"),
        (2, 30, &["the-princess-and-the-dragon"][..], "must"),
    ] {
        let played = random_games(&kit, &config(players, seed, others, action), 2);
        assert!(
            played.points_by_source.get("roads").copied().unwrap_or(0) > 0,
            "{played:?}"
        );
    }
}

/// Under `must` a symbol's road that holds a highwayman always sends one
/// home: over a handful of games the uniform player is asked, and answers.
#[test]
fn highwaymen_are_sent_home() {
    let kit = kit();
    let played = random_games(&kit, &config(2, 100, &[], "must"), 6);
    assert!(
        played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0,
        "no highwayman sent home: {played:?}"
    );
}
