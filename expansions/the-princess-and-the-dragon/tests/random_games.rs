//! Seeded random games with The Princess & the Dragon keep the invariants
//! of any game (the test kit's harness: figures conserved, scores that
//! never fall, hooks declared) and its own: one dragon and one fairy at
//! most on the board, every dragon tile placed once the dragon is in play.

use carcassonne_core::{GameConfig, Value};
use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_the_princess_and_the_dragon::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit(), &config, 3);
        assert!(
            played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0,
            "no dragon, fairy or princess decision in {players}-player games: {played:?}"
        );
    }
}

#[test]
fn every_variant_keeps_the_invariants() {
    for (name, value) in [
        ("dragon_moves", "after-scoring"),
        ("princess", "must"),
        ("fairy_final_scoring", "false"),
        ("fairy_placement", "on-tile"),
    ] {
        let mut config = game_config(3, 7, &[INFO.id]);
        config.variants.entry(INFO.id.into()).or_default().insert(
            name.into(),
            value.parse::<bool>().map_or(Value::Text(value.into()), Value::Bool),
        );
        random_games(&kit(), &config, 2);
    }
}

/// Each part alone, and each part off: the hooks of a part switched off do
/// nothing (debug builds call every hook and fail one that acts unlisted).
#[test]
fn each_part_on_or_off_keeps_the_invariants() {
    let parts = ["dragon", "fairy", "princess", "portal"];
    for (i, part) in parts.iter().enumerate() {
        for alone in [true, false] {
            let mut config = GameConfig::with_players(3);
            config.seed = 30 + i as u64;
            config.expansions = vec![INFO.id.into()];
            let switches = config.parts.entry(INFO.id.into()).or_default();
            for other in parts {
                switches.insert(other.into(), if other == *part { alone } else { !alone });
            }
            random_games(&kit(), &config, 2);
        }
    }
}
