//! Random games with the watchtower on keep the invariants of any game (the
//! engine's test kit: figures and tiles conserved, scores never falling,
//! every listed option accepted — surveys and declines included — records
//! replaying identically, `hooks()` honest in debug builds), and surveys
//! score.

use carcassonne_core::GameConfig;
use carcassonne_testkit::{Kit, random_games};
use carcassonne_watchtower::WATCHTOWER;

#[test]
fn games_with_watchtowers_keep_the_invariants() {
    // The tile file next to the crate, so edits to it are tested.
    let kit = Kit::new(&WATCHTOWER, env!("CARGO_MANIFEST_DIR")).tiles_dir(env!("CARGO_MANIFEST_DIR"));
    let mut config = GameConfig::with_players(3);
    config.expansions = vec!["watchtower".into()];
    let played = random_games(&kit, &config, 6);
    assert!(played.by_kind.get("watchtower").is_some_and(|&n| n > 0), "{played:?}");
    assert!(
        played.points_by_source["watchtower"] > 0,
        "no survey scored: {played:?}"
    );
}
