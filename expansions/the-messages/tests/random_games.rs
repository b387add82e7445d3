//! Seeded random games with The Messages keep the invariants of any game
//! (the test kit's harness: figures conserved, the total score never
//! falling, every listed option accepted, records replaying exactly, the
//! two scoring figures plus the points not yet on one equal to the game's
//! score), for 2, 3 and 6 players, under both ways of choosing the figure,
//! alone and beside expansions that score outside the core's feature
//! scoring (Abbey & Mayor's barn) or give another turn (Traders &
//! Builders' builder); and messages are drawn and scored.

use carcassonne_core::{GameConfig, Value};
use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_the_messages::{ID, INFO};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_abbey_and_mayor::INFO)
        .with(&carcassonne_traders_and_builders::INFO)
}

fn config(players: usize, seed: u64, choice: &str, with: &[&str]) -> GameConfig {
    let ids: Vec<&str> = [ID].into_iter().chain(with.iter().copied()).collect();
    let mut config = game_config(players, seed, &ids);
    let variants = config.variants.entry(ID.into()).or_default();
    variants.insert("marker_choice".into(), Value::Text(choice.into()));
    config
}

/// Random players score seldom during play, so a message (a figure of the
/// active player stopping on a dark space) comes in few games: these seeds
/// are games where one does.
#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = kit();
    for (players, seed, choice) in [(2, 0, "ask"), (6, 20, "ask")] {
        random_games(&kit, &config(players, seed, choice, &[]), 1);
    }
    let played = random_games(&kit, &config(3, 9, "auto", &[]), 1);
    assert!(played.points_by_source.get(ID).copied().unwrap_or(0) > 0, "{played:?}");
}

#[test]
fn games_beside_other_scoring_rules_keep_the_invariants() {
    let kit = kit();
    for (players, seed, choice, with) in [
        (3, 2, "ask", &["abbey-and-mayor"][..]),
        (4, 5, "auto", &["traders-and-builders"][..]),
        (2, 7, "ask", &["abbey-and-mayor", "traders-and-builders"][..]),
    ] {
        let played = random_games(&kit, &config(players, seed, choice, with), 1);
        assert!(played.points_by_source.get(ID).copied().unwrap_or(0) > 0, "{played:?}");
        assert!(played.by_kind.get(ID).copied().unwrap_or(0) > 0, "{played:?}");
    }
}
