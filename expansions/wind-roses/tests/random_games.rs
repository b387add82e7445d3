//! Seeded random games with Wind Roses keep the invariants of any game
//! (the test kit's harness), under both starts, and quarter roses score.

use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_wind_roses::INFO;

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    let mut points = 0;
    for (players, seed, start) in [(2, 0, "removed"), (3, 10, "shuffled"), (5, 20, "removed")] {
        let mut config = game_config(players, seed, &[INFO.id]);
        config
            .variants
            .entry(INFO.id.into())
            .or_default()
            .insert("start_tile".into(), start.into());
        let played = random_games(&kit, &config, 8);
        points += played.points_by_source.get("wind-roses").copied().unwrap_or(0);
    }
    assert!(points > 0, "no quarter rose scored");
}
