//! Seeded random games with Village Life keep the invariants of any game
//! (the test kit's harness: figures conserved, the total score never
//! falling, every listed option accepted, records replaying exactly), with
//! its tiles placed, marketplaces, windmills and flowers scored and the
//! donkey moved, for 2, 3 and 5 players, each way the donkey may move, and
//! with each part alone.

use carcassonne_core::Value;
use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_village_life::INFO;
use std::collections::BTreeMap;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = kit();
    let mut by_source: BTreeMap<String, i64> = BTreeMap::new();
    let mut windmills = 0;
    for (players, seed, donkey_move) in [
        (2, 0, "instead-of-follower"),
        (3, 10, "every-turn"),
        (5, 20, "instead-of-follower"),
    ] {
        let mut config = game_config(players, seed, &[INFO.id]);
        config
            .variants
            .entry(INFO.id.to_string())
            .or_default()
            .insert("donkey_move".into(), Value::Text(donkey_move.into()));
        let played = random_games(&kit, &config, 3);
        for (source, points) in &played.points_by_source {
            *by_source.entry(source.clone()).or_default() += *points;
        }
        windmills += played.deployed.get("windmill").copied().unwrap_or(0);
    }
    assert!(windmills > 0, "no windmill deployed");
    for source in ["marketplace", "windmill", "windmill-unfinished", "flowers"] {
        assert!(
            by_source.get(&format!("village-life.{source}")).copied().unwrap_or(0) > 0,
            "nothing scored by {source}: {by_source:?}"
        );
    }
}

/// Each part alone (the others off) plays.
#[test]
fn each_part_alone_plays() {
    let kit = kit();
    for part in ["marketplaces", "windmills", "flowers", "donkey"] {
        let mut config = game_config(2, 7, &[INFO.id]);
        let parts = config.parts.entry(INFO.id.to_string()).or_default();
        for other in ["marketplaces", "windmills", "flowers", "donkey"] {
            parts.insert(other.to_string(), other == part);
        }
        let played = random_games(&kit, &config, 1);
        assert_eq!(played.games, 1, "{part}");
    }
}

/// The donkey's cells (where a placement could complete a feature of its
/// tile), kept up from the events for the placement veto, agree with a
/// recount from the board after every decision (the kit's harness calls
/// `check_kept_up`): over games where the donkey moves every turn, so it
/// stands on many tiles, beside features complete and not.
#[test]
fn the_donkeys_cells_are_kept_up() {
    let kit = kit();
    let mut moved = 0;
    for (players, seed) in [(2, 100), (3, 200), (4, 300)] {
        let mut config = game_config(players, seed, &[INFO.id]);
        config
            .variants
            .entry(INFO.id.to_string())
            .or_default()
            .insert("donkey_move".into(), Value::Text("every-turn".into()));
        let played = random_games(&kit, &config, 4);
        assert_eq!(played.games, 4);
        moved += played.by_kind.get(INFO.id).copied().unwrap_or(0);
    }
    assert!(moved > 100, "the donkey was asked about only {moved} times");
}
