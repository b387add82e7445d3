//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/gold_mines.jcz,
//! from JCZ's format, no JCZ file copied) imports with the expansion and
//! replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_testkit::{Kit, points};
use carcassonne_the_gold_mines::INFO;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "gold_mines.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(the-gold-mines): 1 sets, 8 tiles, 1 elements, 0 rule options, 1 actions",
    );
}

/// gold_mines.jcz: the base game's start tile D at (0,0).
///
/// 1. Ann: GO/LRr (GM-A) at (0,1): an ingot on it; D is the only placed
///    tile round it, so the second goes there without a choice (JCZ writes
///    nothing). Her follower in the cloister.
/// 2. Bob: BA/C (E) turned 180° at (0,-1) closes D's city, with his
///    follower: 4 points, and he takes D's ingot.
/// 3. Ann: GO/LRrRr (GM-D) at (1,0): an ingot on it; three placed tiles
///    round it, and JCZ's `PLACE_TOKEN` GOLD puts the second on (0,1)
///    (`{"the-gold-mines": {"ingot": [0, 1]}}`). She passes.
///
/// End: Ann's cloister at (0,1) with (0,0) and (1,0) round it: 3. Bob's
/// ingot: 1 point (1–3 ingots score 1 each); the three left on the board
/// are lost. Ann 3, Bob 4 + 1 = 5.
#[test]
fn a_save_with_gold_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["the-gold-mines"]);
    let moves = carcassonne_core::serde_json::to_value(&record.moves).unwrap();
    assert!(
        moves
            .as_array()
            .unwrap()
            .contains(&carcassonne_core::serde_json::json!({"the-gold-mines": {"ingot": [0, 1]}}))
    );
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 5));
    assert_eq!(points(&game, 1, "the-gold-mines.gold"), 1);
    assert_eq!(points(&game, 0, "cloisters"), 3);
}

/// The token written as a plain name, as JCZ's client sends it, reads
/// the same.
#[test]
fn the_plain_token_name_reads_too() {
    let kit = kit();
    let plain = save().replace(
        "[\"com.jcloisterzone.game.capability.GoldminesCapability$GoldToken\", \"GOLD\"]",
        "\"GOLD\"",
    );
    let imported = carcassonne_jcz::import(&plain, kit.catalog(), kit.tiles()).unwrap();
    assert_eq!(imported.game.state().score(1), 5);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("the JCZ tile set `goldmines` (setup.sets)"), "{e}");
}
