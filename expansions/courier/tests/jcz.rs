//! The Courier's FanCloisterZone mapping (`jcz.toml`): it checks against the
//! engine, and a save written by hand (tests/samples/courier.jcz, in
//! FanCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_courier::INFO;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "courier.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(courier): 1 sets, 4 tiles, 1 elements",
    );
}

/// courier.jcz: the base game with the set `the-courier` and the element
/// `courier`; the start tile D at (0,0). The game of messages.json in
/// FanCloisterZone's words:
///
/// 1. Ann: BA/RFr (U) at (1,0), her follower on its road. No Courier yet.
/// 2. Bob: BA/L (B) at (0,1), a monk.
/// 3. Ann: the-courier/ffrr.me.m (COU-D) at (2,0): the Courier goes there;
///    her monk on it: a message for her road (3) and cloister (2): 5.
/// 4. Bob: BA/LR (A) turned 270° at (-1,0), a monk, in the Courier's row:
///    a message for his two cloisters (3 and 4): 7.
///
/// End: Ann 5 + road 4 + cloister 2 = 11; Bob 7 + cloisters 4 and 3 = 14.
#[test]
fn a_save_with_two_messages_imports_and_replays() {
    let kit = kit();
    let record = carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["courier"]);
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (11, 14));
    assert_eq!(points(&game, 0, INFO.id), 5);
    assert_eq!(points(&game, 1, INFO.id), 7);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("courier"), "{e}");
}
