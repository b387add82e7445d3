//! Seeded random games with the Russian Promos keep the invariants of any
//! game (the test kit's harness), alone, with Traders & Builders (whose
//! builder and pig the traps meet) and with Abbey & Mayor (an abbey placed
//! without a draw, a wagon moving onto a trap's road), and the hut and the
//! Vodyanoy both score.

use carcassonne_russian_promos::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_traders_and_builders::INFO)
        .with(&carcassonne_abbey_and_mayor::INFO);
    let mut paid = std::collections::BTreeMap::new();
    for (players, seed, with) in [
        (2, 0, None),
        (3, 100, Some("traders-and-builders")),
        (4, 300, Some("abbey-and-mayor")),
        (5, 200, None),
    ] {
        let mut config = game_config(players, seed, &[INFO.id]);
        if let Some(other) = with {
            config.expansions.push(other.into());
        }
        let played = random_games(&kit, &config, 30);
        for (source, points) in &played.points_by_source {
            if source.starts_with("russian-promos.") || source == "yaga-hut" {
                *paid.entry(source.clone()).or_insert(0) += points;
            }
        }
    }
    assert!(paid.get("yaga-hut").is_some_and(|&p| p > 0), "{paid:?}");
    assert!(paid.get("russian-promos.vodyanoy").is_some_and(|&p| p < 0), "{paid:?}");
}
