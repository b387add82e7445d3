//! Seeded random games with the Darmstadt Promo keep the invariants of any
//! game (the test kit's harness), alone and with Inns & Cathedrals, and
//! the churches' bonus is paid.
//!
//! The Darmstadtium's bonus is not asserted here: its city is open on four
//! sides, and random players never completed it in 300 games (measured while
//! writing this test: it was still open at every game's end); its
//! scoring is worked by hand in tests/rules.rs.

use carcassonne_darmstadt_promos::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_inns_and_cathedrals::INFO);
    let mut paid = std::collections::BTreeMap::new();
    for (players, seed, with_inns) in [(2, 0, false), (3, 100, true), (5, 200, false)] {
        let mut config = game_config(players, seed, &[INFO.id]);
        if with_inns {
            config.expansions.push("inns-and-cathedrals".into());
        }
        let played = random_games(&kit, &config, 30);
        for (source, points) in &played.points_by_source {
            if source.starts_with("darmstadt-promos.") {
                *paid.entry(source.clone()).or_insert(0) += points;
            }
        }
    }
    assert!(paid.get("darmstadt-promos.church").is_some_and(|&p| p > 0), "{paid:?}");
}
