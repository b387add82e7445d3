//! The expansion's tile set and the checks on its attribute tables.

use carcassonne_core::{Catalog, FeatureKind, TileSet, TileSource};
use carcassonne_inns_and_cathedrals::INFO;
use std::path::PathBuf;

fn catalog() -> Catalog {
    let mut catalog = Catalog::default();
    catalog.add(&INFO).unwrap();
    catalog
}

fn set() -> TileSet {
    let tiles = TileSource {
        dir: Some(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))),
    };
    let file = INFO.tile_files[0];
    tiles
        .load(file.file_name, file.embedded, &catalog())
        .unwrap_or_else(|e| panic!("{e}"))
}

fn has(attributes: &carcassonne_core::tiles::Attributes, key: &str) -> bool {
    attributes
        .get("inns-and-cathedrals")
        .and_then(|t| t.get(key))
        .and_then(|v| v.as_bool())
        == Some(true)
}

#[test]
fn the_set_has_eighteen_tiles() {
    let set = set();
    assert_eq!(set.id, "inns-and-cathedrals");
    assert_eq!(set.start, None, "the base start tile is used");
    assert_eq!(set.tiles.iter().map(|t| t.count).sum::<u32>(), 18);
}

#[test]
fn inns_sit_on_roads_and_cathedrals_in_cities() {
    let set = set();
    let mut inns = Vec::new();
    let mut cathedrals = Vec::new();
    for tile in &set.tiles {
        for f in &tile.features {
            if has(&f.attributes, "inn") {
                assert_eq!(f.kind, FeatureKind::ROAD, "{}", tile.id);
                inns.push(tile.id.as_str());
            }
            if has(&f.attributes, "cathedral") {
                assert_eq!(f.kind, FeatureKind::CITY, "{}", tile.id);
                cathedrals.extend(std::iter::repeat_n(tile.id.as_str(), tile.count as usize));
            }
        }
    }
    // Six inn tiles and the cathedral tile twice, as in the published set.
    assert_eq!(inns, ["IC-B", "IC-C", "IC-D", "IC-E", "IC-F", "IC-G"]);
    assert_eq!(cathedrals, ["IC-A", "IC-A"]);
    let pennants: u32 = set
        .tiles
        .iter()
        .flat_map(|t| t.features.iter().map(move |f| u32::from(f.pennants) * t.count))
        .sum();
    assert_eq!(pennants, 3);
}

/// Loads a one-tile file whose features are `features` (TOML array items).
fn load_tile(features: &str) -> Result<TileSet, String> {
    let text = format!(
        "[set]\nid = \"t\"\nname = \"t\"\n\n[[tile]]\nid = \"T\"\ncount = 1\nedges = \"CRFR\"\nfeatures = [\n{features}\n]\n"
    );
    let text: &'static str = Box::leak(text.into_boxed_str());
    TileSource::default()
        .load("t.toml", text, &catalog())
        .map_err(|e| e.to_string())
}

const FIELDS: &str = "{ kind = \"field\", edges = [\"EN\", \"WN\"], cities = [\"N\"] },\n{ kind = \"field\", edges = [\"ES\", \"S\", \"WS\"] },";

#[test]
fn inn_on_a_road_and_cathedral_in_a_city_are_accepted() {
    let set = load_tile(&format!(
        "{{ kind = \"city\", edges = [\"N\"], inns-and-cathedrals = {{ cathedral = true }} }},\n\
         {{ kind = \"road\", edges = [\"E\", \"W\"], inns-and-cathedrals = {{ inn = true }} }},\n{FIELDS}"
    ))
    .unwrap();
    assert!(has(&set.tiles[0].features[0].attributes, "cathedral"));
    assert!(has(&set.tiles[0].features[1].attributes, "inn"));
}

#[test]
fn misplaced_or_malformed_attributes_are_reported() {
    let cases = [
        // An inn in a city: the key is wrong for a city.
        (
            "{ kind = \"city\", edges = [\"N\"], inns-and-cathedrals = { inn = true } },\n{ kind = \"road\", edges = [\"E\", \"W\"] },",
            "unknown key `inn` on a city; expected `cathedral` (`inn` goes on a road)",
        ),
        // A cathedral on a road.
        (
            "{ kind = \"city\", edges = [\"N\"] },\n{ kind = \"road\", edges = [\"E\", \"W\"], inns-and-cathedrals = { cathedral = true } },",
            "unknown key `cathedral` on a road; expected `inn` (`cathedral` goes on a city)",
        ),
        // Not a boolean.
        (
            "{ kind = \"city\", edges = [\"N\"] },\n{ kind = \"road\", edges = [\"E\", \"W\"], inns-and-cathedrals = { inn = \"yes\" } },",
            "`inn` cannot be `yes`; allowed: true or false",
        ),
        // Written, but false: leave it out instead.
        (
            "{ kind = \"city\", edges = [\"N\"] },\n{ kind = \"road\", edges = [\"E\", \"W\"], inns-and-cathedrals = { inn = false } },",
            "`inn` must be `true` (leave it out when there is none)",
        ),
        // An empty table.
        (
            "{ kind = \"city\", edges = [\"N\"], inns-and-cathedrals = {} },\n{ kind = \"road\", edges = [\"E\", \"W\"] },",
            "`inns-and-cathedrals` on a city needs `cathedral`",
        ),
    ];
    for (features, message) in cases {
        let error = load_tile(&format!("{features}\n{FIELDS}")).expect_err(message);
        assert!(error.contains(message), "expected `{message}` in:\n{error}");
        // The problem is located in the file (line 10 is the first feature).
        assert!(error.contains("t.toml:1"), "no location in:\n{error}");
    }
}

#[test]
fn attributes_on_fields_cloisters_and_tiles_are_refused() {
    // The schema's checks, then the expansion's own, as the loader runs them.
    use carcassonne_core::tiles::AttributeCheck;
    let mut catalog = carcassonne_core::Catalog::default();
    catalog.add(&INFO).unwrap();
    let check =
        |kind: Option<FeatureKind>, table: &carcassonne_core::toml::Value| catalog.check(INFO.id, kind, table).unwrap();
    let inn: carcassonne_core::toml::Value = carcassonne_core::toml::from_str("inn = true").unwrap();
    assert!(check(Some(FeatureKind::ROAD), &inn).is_empty());
    for kind in [FeatureKind::FIELD, FeatureKind::CLOISTER, FeatureKind::CITY] {
        assert!(!check(Some(kind), &inn).is_empty(), "{kind:?}");
    }
    let problems = check(None, &inn);
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0]
            .message
            .contains("no attributes on a tile; it has `inn` on a road, `cathedral` on a city")
    );
    // Problems carry the key path inside the table.
    let extra: carcassonne_core::toml::Value = carcassonne_core::toml::from_str("inn = true\nlake = 2").unwrap();
    let problems = check(Some(FeatureKind::ROAD), &extra);
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].path, ["lake"]);
}
