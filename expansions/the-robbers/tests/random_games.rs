//! Seeded random games with The Robbers (on the fixture's symbol tiles)
//! keep the invariants of any game (the test kit's harness: figures
//! conserved, the total score never falling, every listed option accepted,
//! records replaying exactly, the scores the expansion keeps equal to the
//! game's), for 2, 3 and 6 players, under every variant value, alone and
//! beside expansions whose own rules score (Abbey & Mayor, King & Robber
//! Baron); and robbers steal.

mod common;

use carcassonne_core::{GameConfig, Value};
use carcassonne_testkit::{game_config, random_games};
use carcassonne_the_robbers::ID;
use common::{FIXTURE, kit};

fn config(players: usize, seed: u64, others: &str, final_scoring: &str) -> GameConfig {
    config_with(players, seed, others, final_scoring, &[])
}

fn config_with(players: usize, seed: u64, others: &str, final_scoring: &str, with: &[&str]) -> GameConfig {
    let ids: Vec<&str> = [ID, FIXTURE.id].into_iter().chain(with.iter().copied()).collect();
    let mut config = game_config(players, seed, &ids);
    let variants = config.variants.entry(ID.into()).or_default();
    variants.insert("others".into(), Value::Text(others.into()));
    variants.insert("final_scoring".into(), Value::Text(final_scoring.into()));
    config
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = kit();
    for (players, seed, others, final_scoring) in [
        (2, 0, "next", "steal"),
        (3, 10, "each", "none"),
        (6, 20, "each", "steal"),
        (3, 30, "next", "none"),
    ] {
        let played = random_games(&kit, &config(players, seed, others, final_scoring), 2);
        assert!(
            played.points_by_source.get("roads").copied().unwrap_or(0) > 0,
            "{played:?}"
        );
    }
}

#[test]
fn games_beside_other_scoring_rules_keep_the_invariants() {
    let kit = kit()
        .with(&carcassonne_abbey_and_mayor::INFO)
        .with(&carcassonne_king_and_robber_baron::INFO);
    for (players, seed, with) in [
        (3, 40, &["abbey-and-mayor"][..]),
        (4, 50, &["king-and-robber-baron"][..]),
        (5, 60, &["abbey-and-mayor", "king-and-robber-baron"][..]),
    ] {
        let played = random_games(&kit, &config_with(players, seed, "each", "steal", with), 2);
        assert!(played.points_by_source.get(ID).copied().unwrap_or(0) > 0, "{played:?}");
    }
}

/// Over a handful of games the uniform player puts robbers out and they
/// steal.
#[test]
fn robbers_steal() {
    let kit = kit();
    let played = random_games(&kit, &config(3, 100, "each", "steal"), 4);
    assert!(
        played.points_by_source.get(ID).copied().unwrap_or(0) > 0,
        "no robbery: {played:?}"
    );
}
