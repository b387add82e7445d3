//! The Tunnel's JCloisterZone mapping (`jcz.toml`): it checks against the
//! engine, and a save written by hand (tests/samples/the-tunnel.jcz, in
//! JCloisterZone's format, no file of it copied) imports with the
//! expansion and replays to the scores worked out below.

use carcassonne_core::TileSource;
use carcassonne_testkit::{Kit, points};
use carcassonne_the_tunnel::INFO;

fn save() -> String {
    carcassonne_jcz::testing::sample(env!("CARGO_MANIFEST_DIR"), "the-tunnel.jcz")
}

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_mapping_checks() {
    carcassonne_jcz::testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(the-tunnel): 1 sets, 4 tiles, 1 elements, 2 rule options, 3 actions",
    );
}

/// the-tunnel.jcz: tests/records/through_a_tunnel.json's game in
/// JCloisterZone's words. Ann's TU/RCR (TU-B) at (1,0), her follower on its
/// west road and her TUNNEL_A token on that opening; Bob's BA/RRR (W) at
/// (-1,0), no token (JCZ writes none: the importer passes); Ann's TU/RR
/// (TU-C) at (0,1) and her second TUNNEL_A on its east opening, with no
/// follower (the deployment passed first); Bob's BA/RRR at (1,1) ends the
/// road: 5 tiles, Ann 5.
#[test]
fn a_save_with_a_tunnel_imports_and_replays() {
    let kit = kit();
    let record = &carcassonne_jcz::testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["the-tunnel"]);
    let game = kit.replay_record(record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (5, 0));
    assert_eq!(points(&game, 0, "roads"), 5);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::testing::refusal_without_expansions(&save());
    assert!(e.contains("tunnel"), "{e}");
}
