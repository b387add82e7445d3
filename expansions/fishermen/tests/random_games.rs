//! Seeded random games with Fishermen keep the invariants of any game (the
//! test kit's harness), on The River, on both river sets, beside Fish Huts and
//! Village Life, and fishermen score in them.

use carcassonne_fishermen::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_river::INFO)
        .with(&carcassonne_river_ii::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_fish_huts::INFO)
        .with(&carcassonne_village_life::INFO)
}

/// Points the fishermen scored over games of `ids` for a few player counts.
fn fished(ids: &[&str]) -> i64 {
    let kit = kit();
    let mut points = 0;
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let played = random_games(&kit, &game_config(players, seed, ids), 2);
        points += played.points_by_source.get(INFO.id).copied().unwrap_or(0);
    }
    points
}

#[test]
fn games_on_the_river_keep_the_invariants() {
    assert!(fished(&[INFO.id, "river"]) > 0, "no river was scored");
}

#[test]
fn games_on_both_rivers_keep_the_invariants() {
    assert!(fished(&[INFO.id, "river", "river-ii"]) > 0, "no river was scored");
}

#[test]
fn games_with_fish_huts_keep_the_invariants() {
    assert!(fished(&["fish-huts", INFO.id, "river"]) > 0, "no river was scored");
}

#[test]
fn games_with_village_life_keep_the_invariants() {
    assert!(fished(&[INFO.id, "river", "village-life"]) > 0, "no river was scored");
}
