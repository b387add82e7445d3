//! The shipped tile file and the checks on `[tile.easter]` tables.

mod common;

use carcassonne_core::tiles::parse_tile_set;
use carcassonne_core::{Catalog, FeatureKind};

fn catalog() -> Catalog {
    let mut catalog = Catalog::default();
    catalog.add(&carcassonne_easter::INFO).unwrap();
    catalog
}

#[test]
fn shipped_file_has_ten_nests_and_twelve_bunnies() {
    let file = carcassonne_easter::INFO.tile_files[0];
    let set = common::tiles().load(file.file_name, file.embedded, &catalog()).unwrap();
    assert_eq!(set.total(), 22, "22 land tiles");
    let symbol = |t: &carcassonne_core::TileDef| {
        t.attribute("easter")
            .and_then(|a| a.get("symbol"))
            .and_then(|s| s.as_str())
            .map(str::to_string)
    };
    let count = |s: &str| {
        set.tiles
            .iter()
            .filter(|t| symbol(t).as_deref() == Some(s))
            .map(|t| t.count)
            .sum::<u32>()
    };
    assert_eq!(count("nest"), 10);
    assert_eq!(count("bunny"), 12);
    // The built-in copy is the file on disk.
    let on_disk = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles/easter.toml")).unwrap();
    assert_eq!(on_disk, file.embedded);
    // Cloisters in proportion to the base set (6 of 72): one or two here.
    let cloisters = set
        .tiles
        .iter()
        .filter(|t| t.features.iter().any(|f| f.kind == FeatureKind::CLOISTER))
        .count();
    assert!((1..=2).contains(&cloisters));
}

const TILE: &str = r#"
[set]
id = "test"
name = "test"

[[tile]]
id = "T1"
count = 1
edges = "FFFF"
features = [
  { kind = "field", edges = ["N", "E", "S", "W"], easter = { symbol = "nest" } },
]
[tile.easter]
symbol = "egg"
colour = "blue"

[[tile]]
id = "T2"
count = 1
edges = "FFFF"
features = [{ kind = "field", edges = ["N", "E", "S", "W"] }]
[tile.easter]
"#;

#[test]
fn bad_tables_are_reported_with_their_place() {
    let err = parse_tile_set("test.toml", TILE, &catalog()).unwrap_err();
    let messages: Vec<(usize, String)> = err.0.iter().map(|d| (d.line, d.message.clone())).collect();
    let has = |line: usize, text: &str| messages.iter().any(|(l, m)| *l == line && m.contains(text));
    assert!(
        has(11, "`easter` has no attributes on a field; it has `symbol` on a tile"),
        "{messages:?}"
    );
    assert!(
        has(14, "`symbol` cannot be `egg`; allowed: one of: nest, bunny"),
        "{messages:?}"
    );
    assert!(has(15, "unknown key `colour`"), "{messages:?}");
    assert!(
        messages.iter().any(|(_, m)| m.contains("needs `symbol`")),
        "{messages:?}"
    );
    assert_eq!(messages.len(), 4, "{messages:?}");
}
