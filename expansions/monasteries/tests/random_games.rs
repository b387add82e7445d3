//! Seeded random games with The Monasteries keep the invariants of any
//! game (the test kit's harness), alone, with both packs and the base
//! cloisters kept, and with Inns & Cathedrals and The Phantom (more
//! followers that may be abbots, and a second deployment on the same
//! monastery); abbots are deployed and paid.

use carcassonne_core::Value;
use carcassonne_monasteries::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_the_phantom::INFO);
    let mut paid = 0;
    for (players, seed, others) in [
        (2, 0, &[][..]),
        (3, 100, &["inns-and-cathedrals", "the-phantom"][..]),
        (5, 200, &[][..]),
    ] {
        let mut config = game_config(players, seed, &[INFO.id]);
        config.expansions.extend(others.iter().map(|e| (*e).to_string()));
        if players == 5 {
            let v = config.variants.entry(INFO.id.into()).or_default();
            v.insert("base_cloisters".into(), Value::from("keep"));
            v.insert("packs".into(), Value::from(2));
        }
        let played = random_games(&kit, &config, 25);
        paid += played.points_by_source.get("monasteries.abbot").copied().unwrap_or(0);
    }
    assert!(paid > 0, "no abbot scored");
}
