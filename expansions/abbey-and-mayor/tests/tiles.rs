//! The abbey tile and the attribute check.

use carcassonne_abbey_and_mayor as am;
use carcassonne_core::toml;
use carcassonne_core::{Catalog, EdgeKind, FeatureKind, GameConfig, Rules, TileSource};
use std::path::PathBuf;

fn rules() -> Rules {
    let mut catalog = Catalog::default();
    catalog.add(&am::INFO).unwrap();
    let mut config = GameConfig::with_players(2);
    config.expansions = vec![am::ID.into()];
    let tiles = TileSource {
        dir: Some(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))),
    };
    Rules::new(&catalog, &config, &tiles).unwrap()
}

#[test]
fn abbey_tile_is_a_walled_cloister_outside_the_bag() {
    let rules = rules();
    let abbey = rules.tile_by_id(am::ABBEY_TILE).expect("AM-abbey is loaded");
    assert!(!abbey.def.in_bag);
    assert_eq!(abbey.def.edges, [EdgeKind::WALL; 4]);
    let kinds: Vec<FeatureKind> = abbey.def.features.iter().map(|f| f.kind).collect();
    assert_eq!(kinds, [FeatureKind::CLOISTER]);
    // The base game's 71 bag tiles and the expansion's 12 land tiles, and
    // no abbey among them.
    assert_eq!(rules.bag_size(), 71 + 12);
}

#[test]
fn attribute_check() {
    // The schema's checks, then the expansion's own, as the loader runs them.
    use carcassonne_core::tiles::AttributeCheck;
    let mut catalog = Catalog::default();
    catalog.add(&am::INFO).unwrap();
    let check = |feature: Option<FeatureKind>, text: &str| {
        let value: toml::Value = toml::from_str(text).unwrap();
        catalog.check(am::ID, feature, &value).unwrap()
    };
    assert!(check(None, "abbey = true").is_empty());
    assert_eq!(check(None, "abbey = false").len(), 1);
    assert_eq!(check(None, "abbey = 1").len(), 1);
    assert_eq!(check(None, "abbey = true\nmayor = true").len(), 1);
    assert_eq!(check(None, "").len(), 1);
    assert_eq!(check(Some(FeatureKind::CLOISTER), "abbey = true").len(), 1);
}
