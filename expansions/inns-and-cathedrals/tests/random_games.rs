//! Seeded bot games with the expansion on keep the invariants of any game
//! (the test kit's harness: figures and tiles conserved, scores never
//! falling, every listed option accepted, records replaying identically,
//! hook declarations honest), big followers are used, and no player ever
//! has more than one.

use carcassonne_core::GameConfig;
use carcassonne_inns_and_cathedrals::INFO;
use carcassonne_testkit::{Kit, random_games};

#[test]
fn games_keep_the_invariants_and_use_the_big_follower() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    let mut config = GameConfig::with_players(3);
    config.expansions = vec![INFO.id.into()];
    // 71 base tiles after the start tile, plus the expansion's 18.
    let rules = kit.rules(&config);
    assert_eq!(rules.bag_size(), 71 + 18);
    assert_eq!(
        rules
            .figures()
            .iter()
            .find(|f| f.id == "big-follower")
            .map(|f| f.per_player),
        Some(1),
        "one big follower each (conserved by the harness)"
    );
    let played = random_games(&kit, &config, 6);
    assert_eq!(played.games, 6);
    assert!(
        played.deployed.get("big-follower").is_some_and(|&n| n > 0),
        "{played:?}"
    );
}
