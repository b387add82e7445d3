//! Seeded random games with the SPIEL DOCH! Promo keep the invariants of
//! any game (the test kit's harness), with its tiles as the start and
//! shuffled, alone and with Inns & Cathedrals.

use carcassonne_core::Value;
use carcassonne_spiel_doch::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR")).with(&carcassonne_inns_and_cathedrals::INFO);
    let mut placed = 0;
    for (players, seed, with_inns, start) in [
        (2, 0, false, "tiles"),
        (3, 10, true, "tiles"),
        (5, 20, false, "shuffled"),
        (2, 30, true, "shuffled"),
    ] {
        let mut config = game_config(players, seed, &[INFO.id]);
        if with_inns {
            config.expansions.push("inns-and-cathedrals".into());
        }
        config
            .variants
            .entry(INFO.id.into())
            .or_default()
            .insert("start".into(), Value::from(start));
        let played = random_games(&kit, &config, 6);
        placed += played.by_kind.get("place").copied().unwrap_or(0);
    }
    assert!(placed > 0);
}
