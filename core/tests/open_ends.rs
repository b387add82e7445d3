//! `open_ends` on a road: ends that break off inside the tile (a tunnel
//! opening), read into `FeatureDef::open_ends` and counted as open sides,
//! so the road stays incomplete until an expansion joins them
//! (`Ctx::connect_features`); a mistake is refused where it stands.

use carcassonne_core::Catalog;
use carcassonne_core::tiles::parse_tile_set;

const HEAD: &str = "[set]\nid = \"x\"\n\n";

fn tile(edges: &str, features: &str) -> String {
    format!("{HEAD}[[tile]]\nid = \"T\"\ncount = 1\nedges = \"{edges}\"\nfeatures = [\n{features}]\n")
}

fn problems(text: &str) -> Vec<String> {
    match parse_tile_set("t.toml", text, &Catalog::default()) {
        Ok(_) => panic!("refused expected:\n{text}"),
        Err(d) => d.0.iter().map(|p| p.to_string()).collect(),
    }
}

#[test]
fn a_road_breaks_off_inside_its_tile() {
    let text = tile(
        "FFRF",
        r#"  { kind = "road", edges = ["S"], open_ends = 1 },
  { kind = "field", edges = ["N", "E", "W", "SE", "SW"] },
"#,
    );
    let set = parse_tile_set("t.toml", &text, &Catalog::default()).unwrap_or_else(|d| panic!("{d}"));
    let ends: Vec<u8> = set.tiles[0].features.iter().map(|f| f.open_ends).collect();
    assert_eq!(ends, [1, 0]);
    let without = tile(
        "FFRF",
        r#"  { kind = "road", edges = ["S"] },
  { kind = "field", edges = ["N", "E", "W", "SE", "SW"] },
"#,
    );
    let set = parse_tile_set("t.toml", &without, &Catalog::default()).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(set.tiles[0].features[0].open_ends, 0);
}

#[test]
fn open_ends_on_anything_but_a_road_or_out_of_range_are_refused() {
    let city = problems(&tile(
        "CFFF",
        r#"  { kind = "city", edges = ["N"], open_ends = 1 },
  { kind = "field", edges = ["E", "S", "W"], cities = ["N"] },
"#,
    ));
    assert!(
        city.iter().any(|p| p.contains("only a road (a path) breaks off")),
        "{city:?}"
    );
    let many = problems(&tile(
        "FFRF",
        r#"  { kind = "road", edges = ["S"], open_ends = 5 },
  { kind = "field", edges = ["N", "E", "W", "SE", "SW"] },
"#,
    ));
    assert!(many.iter().any(|p| p.contains("between 0 and 4")), "{many:?}");
}
