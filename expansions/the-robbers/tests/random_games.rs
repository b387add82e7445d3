//! Seeded random games with The Robbers (on the fixture's symbol tiles)
//! keep the invariants of any game (the test kit's harness: figures
//! conserved, the total score never falling, every listed option accepted,
//! records replaying exactly, the scores the expansion keeps equal to the
//! game's), for 2, 3 and 6 players, under every variant value; and robbers
//! steal.

mod common;

use carcassonne_core::{GameConfig, Value};
use carcassonne_testkit::{game_config, random_games};
use carcassonne_the_robbers::ID;
use common::{FIXTURE, kit};

fn config(players: usize, seed: u64, others: &str, final_scoring: &str) -> GameConfig {
    let mut config = game_config(players, seed, &[ID, FIXTURE.id]);
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
