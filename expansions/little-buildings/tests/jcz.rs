//! Little Buildings' JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, a save written by hand (tests/samples/little-buildings.jcz,
//! in JCZ's format, no file of JCZ copied) imports and replays to the
//! scores worked out below, and FanCloisterZone's own engine tests
//! (`engine-tests/little-bulldings/*.jcz`, sic, and the Fishermen and Fish
//! Huts saves with Little Buildings) are replayed where a local mirror of
//! its repository is (`$FANCLOISTERZONE_MIRROR`; skipped without one,
//! nothing of the files copied here), each stated score compared.
//! docs/expansions/little-buildings.md says which reproduce.

use carcassonne_core::TileSource;
use carcassonne_jcz::testing;
use carcassonne_little_buildings::INFO;
use carcassonne_testkit::{Kit, points};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn save() -> String {
    testing::sample(env!("CARGO_MANIFEST_DIR"), "little-buildings.jcz")
}

#[test]
fn the_mapping_checks() {
    testing::assert_mapping_checks(
        kit().catalog(),
        &TileSource::default(),
        "(little-buildings): 0 sets, 0 tiles, 1 elements, 1 rule options, 3 actions",
    );
}

/// little-buildings.jcz (`1/1/1`), from the start tile D (city north, road
/// west–east):
///
/// 1. Ann: BA/RRR (W) at (1,0), a junction ending the road east; her shed
///    on it (`PLACE_TOKEN` `LB_SHED`).
/// 2. Bob: BA/RFr (U) at (-1,0), his follower on the road.
/// 3. Ann: BA/L (B) at (0,1), her follower on the cloister.
/// 4. Bob: W at (-2,0), a junction closing the road west; his house on it.
///    The road (-2,0)–(1,0), 4 tiles, scores 4 and the shed and the house
///    on it 1 each: Bob 6.
/// 5. Ann: U turned 90° at (1,1), under W's south road; her tower on it.
///
/// The final scoring: Ann's cloister at (0,1) has 4 placed tiles round it,
/// 5 points, and the shed at (1,0) and the tower at (1,1) are within its
/// nine tiles: 2 more. Ann 7, Bob 6.
#[test]
fn a_save_with_a_shed_a_house_and_a_tower_imports_and_replays() {
    let kit = kit();
    let record = testing::import_record(&save(), kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["little-buildings"]);
    let game = kit.replay_record(&record).unwrap();
    assert!(game.is_over());
    let table = game.state().tables().figures();
    let mut placed: Vec<_> = game
        .state()
        .figures()
        .iter()
        .map(|f| (table[usize::from(f.kind)].id, f.pos))
        .filter(|(id, _)| *id != "follower")
        .collect();
    placed.sort();
    assert_eq!(
        placed,
        [
            ("house", carcassonne_core::Pos::new(-2, 0)),
            ("little-tower", carcassonne_core::Pos::new(1, 1)),
            ("shed", carcassonne_core::Pos::new(1, 0))
        ]
    );
    assert_eq!((points(&game, 0, INFO.id), points(&game, 1, INFO.id)), (2, 2));
    assert_eq!((game.state().score(0), game.state().score(1)), (7, 6));
}

/// The same save with JCZ's `3/2/1`: Bob's road 4 + shed 1 + house 2 = 7;
/// Ann's cloister 5 + shed 1 + tower 3 = 9.
#[test]
fn the_3_2_1_rule_option_is_the_scoring_variant() {
    let kit = kit();
    let text = save().replace(r#""1/1/1""#, r#""3/2/1""#);
    let record = testing::import_record(&text, kit.catalog(), kit.tiles());
    assert_eq!(record.config.variants["little-buildings"]["scoring"], "3/2/1".into());
    let game = kit.replay_record(&record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (9, 7));
}

/// The same save without the rule option: FanCloisterZone plays it with
/// its first value, `3/2/1`, and so does the import.
#[test]
fn a_save_without_the_rule_option_plays_3_2_1() {
    let kit = kit();
    let text = save().replace(r#""little-buildings-scoring": "1/1/1""#, "");
    assert!(!text.contains("little-buildings-scoring"));
    let record = testing::import_record(&text, kit.catalog(), kit.tiles());
    assert_eq!(record.config.variants["little-buildings"]["scoring"], "3/2/1".into());
    let game = kit.replay_record(&record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (9, 7));
}

/// The same game as a JCZ 4.x save (little-buildings-4x.jcz, capability
/// `LittleBuildings`): without the 4.x rule `BULDINGS_DIFFERENT_VALUE` it
/// is `1/1/1` (a 4.x rule left out was off), with it `3/2/1`.
#[test]
fn a_jcz_4_save_reads_its_rule_as_on_or_off() {
    let kit = kit();
    let text = testing::sample(env!("CARGO_MANIFEST_DIR"), "little-buildings-4x.jcz");
    let record = testing::import_record(&text, kit.catalog(), kit.tiles());
    assert_eq!(record.config.expansions, ["little-buildings"]);
    let game = kit.replay_record(&record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (7, 6));
    let on = text.replace(
        r#""RANDOM_SEATING_ORDER": false"#,
        r#""BULDINGS_DIFFERENT_VALUE": true"#,
    );
    let record = testing::import_record(&on, kit.catalog(), kit.tiles());
    let game = kit.replay_record(&record).unwrap();
    assert_eq!((game.state().score(0), game.state().score(1)), (9, 7));
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = testing::refusal_without_expansions(&save());
    assert!(e.contains("little-buildings"), "{e}");
}

/// The saves whose every stated score this engine reproduces; the reasons
/// for the others are in docs/expansions/little-buildings.md.
#[test]
fn fancloisterzones_engine_tests() {
    let Some(saves) = testing::fancloisterzone_saves(&[
        "engine-tests/little-bulldings/",
        "engine-tests/fishermen/fishermen-little-buildings.jcz",
        "engine-tests/fishhuts/fishhuts-little-buildings.jcz",
    ]) else {
        eprintln!("no FanCloisterZone mirror: skipped");
        return;
    };
    let kit = kit()
        .with(&carcassonne_fishermen::INFO)
        .with(&carcassonne_river::INFO)
        .with(&carcassonne_river_ii::INFO)
        .with(&carcassonne_fish_huts::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_traders_and_builders::INFO);
    let reproduced = testing::reproduced_saves(&saves, kit.catalog(), &TileSource::default());
    assert_eq!(
        reproduced,
        [
            "lb-321-alt.jcz",
            "lb-321.jcz",
            "lb-standard.jcz",
            "fishermen-little-buildings.jcz"
        ]
    );
}
