//! Seeded random games with The School keep the invariants of any game
//! (the test kit's harness: figures conserved, the total score never
//! falling, every listed option accepted, records replaying exactly), for
//! 2, 3 and 5 players, under every variant value, alone and beside The
//! Princess & the Dragon (the dragon flies over the school tiles, portals
//! reach their roads); and the teacher scores.

use carcassonne_core::Value;
use carcassonne_testkit::{Kit, game_config, random_games};
use carcassonne_the_school::{ID, INFO};

/// The Princess & the Dragon's id.
const DRAGON: &str = "the-princess-and-the-dragon";

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_the_princess_and_the_dragon::INFO);
    let mut teacher = 0;
    for (players, seed, side, last_road, with) in [
        (2, 0, "east", "taken", &[ID][..]),
        (3, 10, "west", "stays", &[ID][..]),
        (5, 20, "east", "stays", &[ID][..]),
        (3, 30, "west", "taken", &[ID][..]),
        (4, 40, "east", "taken", &[ID, DRAGON][..]),
    ] {
        let mut config = game_config(players, seed, with);
        let variants = config.variants.entry(ID.into()).or_default();
        variants.insert("side".into(), Value::Text(side.into()));
        variants.insert("last_road".into(), Value::Text(last_road.into()));
        let played = random_games(&kit, &config, 2);
        teacher += played.points_by_source.get(ID).copied().unwrap_or(0);
    }
    assert!(teacher > 0, "the teacher never scored");
}
