//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save written by hand (tests/samples/darmstadt-promos.jcz,
//! from JCZ's format, no JCZ file copied) imports with the expansion and
//! replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_darmstadt_promos::INFO;
use carcassonne_testkit::{Kit, points};

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "darmstadt-promos.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(darmstadt-promos): 1 sets, 3 tiles, 1 elements, 0 rule options, 0 actions",
    );
}

/// darmstadt-promos.jcz: tests/records/church_same_turn.json's game in
/// JCZ's words. Ann's DA/LRR (DA-C) at (0,1), empty; Bob's BA/Rr (V) at
/// (1,1), his follower on its road; Ann's BA/RFr (U) at (-1,0), her
/// follower on the start road; then U, two BA/L (B) and two V, the last
/// closing the church's road (Bob 4) and surrounding the church: one
/// follower each round it, 3 to both. End: Ann's road 3. Ann 6, Bob 7.
#[test]
fn a_save_with_a_church_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["darmstadt-promos"]);
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (6, 7));
    assert_eq!(points(&game, 0, "darmstadt-promos.church"), 3);
    assert_eq!(points(&game, 1, "darmstadt-promos.church"), 3);
}

/// Without JCZ's element `church` JCZ plays the churches as plain
/// cloisters: the same save imports with the part `churches` off, and
/// nobody gets the church's 3. Ann 3, Bob 4.
#[test]
fn without_the_church_element_the_churches_are_plain_cloisters() {
    let kit = kit();
    let text = save().replace(", \"church\": true", "");
    assert_ne!(text, save());
    let record = &carcassonne_jcz::testing::import_record(&text, kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["darmstadt-promos"]);
    let game = kit.replay_record(record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 4));
    assert_eq!(points(&game, 1, "darmstadt-promos.church"), 0);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("darmstadt"), "{e}");
}
