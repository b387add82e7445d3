//! The Wells' FanCloisterZone mapping (`jcz.toml`): it checks against the
//! engine, a save written by hand (tests/samples/wells.jcz, in
//! FanCloisterZone's format, no file of it copied) imports and replays to
//! the scores worked out below, and FanCloisterZone's own engine tests
//! (`engine-tests/wells/*.jcz`) are replayed where a local mirror of its
//! repository is (`$FANCLOISTERZONE_MIRROR`; skipped without one, nothing
//! of the files copied here), each stated score compared.
//! docs/expansions/wells.md says which reproduce.

use carcassonne_core::TileSource;
use carcassonne_jcz::testing;
use carcassonne_testkit::Kit;
use carcassonne_wells::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn save() -> String {
    testing::sample(env!("CARGO_MANIFEST_DIR"), "wells.jcz")
}

#[test]
fn the_mapping_checks() {
    testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(wells): 1 sets, 10 tiles, 1 elements, 0 rule options, 0 actions",
    );
}

/// wells.jcz, with the element `well`, from the start tile D (road
/// west–east):
///
/// 1. Ann: wells/R.w (WL-B) at (1,0), its road from the west ending at a
///    well: the road's east end; her follower on it.
/// 2. Bob: BA/RFr (U) at (-1,0), the road on west.
/// 3. Ann: wells/Rr.ww (WL-D, two wells) turned 180° at (-2,0): the road
///    turns north.
/// 4. Bob: BA/RRR (W) at (-2,-1), a junction closing it: 5 tiles and 3
///    wells, 8 points for Ann.
///
/// Ann 8, Bob 0.
#[test]
fn a_save_with_wells_imports_and_replays() {
    let kit = kit();
    let record = testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["wells"]);
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (8, 0));
}

/// The same save without the element: FanCloisterZone plays the set's
/// tiles alone, and so does the import (`tiles_only`): the road scores its
/// 5 tiles.
#[test]
fn the_set_without_the_element_plays_the_tiles_alone() {
    let kit = kit();
    let alone = save().replace(r#", "well": true"#, "");
    let record = testing::import_record(&alone, kit.catalog(), kit.tiles());
    assert!(record.config.expansions.is_empty(), "{:?}", record.config.expansions);
    assert_eq!(record.config.tiles_only, ["wells"]);
    let game = kit.replay_record(&record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (5, 0));
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = testing::refusal_without_expansions(&save());
    assert!(e.contains("wells"), "{e}");
}

/// The saves whose every stated score this engine reproduces; the reasons
/// for the others are in docs/expansions/wells.md.
#[test]
fn fancloisterzones_engine_tests() {
    let Some(saves) = testing::fancloisterzone_saves(&["engine-tests/wells/"]) else {
        eprintln!("no FanCloisterZone mirror: skipped");
        return;
    };
    let kit = kit()
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_abbey_and_mayor::INFO);
    let reproduced = testing::reproduced_saves(&saves, kit.catalog(), &TileSource::default());
    assert_eq!(
        reproduced,
        [
            "wells-from-abbeys-and-mayors-with-inns-ignored-in-final-scoring.jcz",
            "wells-from-abbeys-and-mayors-with-inns.jcz",
            "wells-from-abbeys-and-mayors.jcz",
            "wells-no-wells.jcz",
            "wells-without-mechanics-from-abbeys-and-mayors-with-inns.jcz",
            "wells-without-mechanics-from-abbeys-and-mayors.jcz"
        ]
    );
}
