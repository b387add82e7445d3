//! The expansion's JCloisterZone mapping (`jcz.toml`): it checks against
//! the engine, and a save of the made-up add-on (tests/samples/
//! watchtower.jcz, written by hand) imports with the expansion in the
//! catalog and is refused by name without it.

use carcassonne_core::{Catalog, GameRecord, TileSource};
use std::path::PathBuf;

fn save() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/samples/watchtower.jcz")).unwrap()
}

fn with_watchtower() -> Catalog {
    let mut catalog = Catalog::default();
    catalog.add(&carcassonne_watchtower::WATCHTOWER).unwrap();
    catalog
}

/// The tile file next to the crate, so edits to it are tested.
fn tiles() -> TileSource {
    TileSource {
        dir: Some(PathBuf::from(env!("CARGO_MANIFEST_DIR"))),
    }
}

#[test]
fn the_mapping_checks() {
    let report = carcassonne_jcz::check_mappings(&with_watchtower(), &tiles()).unwrap();
    assert_eq!(report.problems, 0, "{}", report.text);
    assert!(report.text.contains("(watchtower): 1 sets, 2 tiles"), "{}", report.text);
}

/// 1. Ann: XW/RFr.t (WT1, a road with a tower 2 high) at (1,0), her
///    follower on the road; she surveys (JCZ's `SURVEY`): her follower is
///    in view, 1 point.
/// 2. Bob: BA/C turned 180° at (0,-1) closes the start tile's city: 4.
///
/// End: Ann's road (0,0)–(1,0), open: 2. Ann 1 + 2 = 3, Bob 4.
#[test]
fn a_save_of_the_add_on_imports_with_the_expansion() {
    let catalog = with_watchtower();
    let imported = carcassonne_jcz::import(&save(), &catalog, &tiles()).unwrap();
    assert_eq!(imported.record.config.expansions, ["watchtower"]);
    let record = GameRecord::from_json(&imported.record.to_json()).unwrap();
    let game = record.replay(&catalog, &tiles()).unwrap();
    assert!(game.is_over());
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 4));
    // Declined (no SURVEY): the skip answers the engine, Ann 2.
    let declined = save().replace("    {\"type\": \"SURVEY\", \"payload\": {}, \"player\": 0},\n", "");
    let imported = carcassonne_jcz::import(&declined, &catalog, &tiles()).unwrap();
    assert_eq!(imported.game.state().score(0), 2);
    // The rule option sets the variant.
    let two = save().replace(
        r#""example-watchtower-points": "1""#,
        r#""example-watchtower-points": "2""#,
    );
    let imported = carcassonne_jcz::import(&two, &catalog, &tiles()).unwrap();
    assert_eq!(imported.game.state().score(0), 4);
}

#[test]
fn without_the_expansion_the_save_is_refused_by_name() {
    let e = carcassonne_jcz::import(&save(), &Catalog::default(), &tiles())
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the JCZ tile set `example-watchtowers:1` (setup.sets)"),
        "{e}"
    );
}
