//! `leads_into` on a road: what its end on the tile runs into (a crossing,
//! a cloister, a city's gate), read into `FeatureDef::leads_into`, and every
//! mistake in it refused with its place.

use carcassonne_core::Catalog;
use carcassonne_core::tiles::{LeadsInto, parse_tile_set};

const HEAD: &str = "[set]\nid = \"x\"\n\n";

fn tile(edges: &str, features: &str) -> String {
    format!("{HEAD}[[tile]]\nid = \"T\"\ncount = 1\nedges = \"{edges}\"\nfeatures = [\n{features}]\n")
}

fn leads(text: &str) -> Vec<Option<LeadsInto>> {
    let set = parse_tile_set("t.toml", text, &Catalog::default()).unwrap_or_else(|d| panic!("{d}\n{text}"));
    set.tiles[0].features.iter().map(|f| f.leads_into).collect()
}

fn problems(text: &str) -> Vec<String> {
    match parse_tile_set("t.toml", text, &Catalog::default()) {
        Ok(_) => panic!("refused expected:\n{text}"),
        Err(d) => d.0.iter().map(|p| p.to_string()).collect(),
    }
}

#[test]
fn a_road_leads_into_a_cloister_a_city_gate_or_a_crossing() {
    // Base A: cloister, road south into it.
    let a = tile(
        "FFRF",
        r#"  { kind = "cloister" },
  { kind = "road", edges = ["S"], leads_into = "cloister" },
  { kind = "field", edges = ["N", "E", "W", "SE", "SW"] },
"#,
    );
    assert_eq!(leads(&a), [None, Some(LeadsInto::Feature(0)), None]);
    // Two city caps, each with a road into its gate (Abbey & Mayor's AM-D):
    // a city named by a segment it covers.
    let d = tile(
        "CRRC",
        r#"  { kind = "city", edges = ["N"] },
  { kind = "city", edges = ["W"] },
  { kind = "road", edges = ["E"], leads_into = "city:N" },
  { kind = "road", edges = ["S"], leads_into = "city:W" },
  { kind = "field", edges = ["EN"], cities = ["N"] },
  { kind = "field", edges = ["SW"], cities = ["W"] },
  { kind = "field", edges = ["ES", "SE"], cities = ["N", "W"] },
"#,
    );
    assert_eq!(
        leads(&d)[2..4],
        [Some(LeadsInto::Feature(0)), Some(LeadsInto::Feature(1))]
    );
    // Base W: three roads meet.
    let w = tile(
        "FRRR",
        r#"  { kind = "road", edges = ["E"], leads_into = "crossing" },
  { kind = "road", edges = ["S"], leads_into = "crossing" },
  { kind = "road", edges = ["W"], leads_into = "crossing" },
  { kind = "field", edges = ["N", "EN", "WN"] },
  { kind = "field", edges = ["ES", "SE"] },
  { kind = "field", edges = ["SW", "WS"] },
"#,
    );
    assert_eq!(leads(&w)[..3], [Some(LeadsInto::Crossing); 3]);
}

#[test]
fn what_a_road_cannot_lead_into_is_refused_where_it_stands() {
    let text = tile(
        "CRRC",
        r#"  { kind = "city", edges = ["N"] },
  { kind = "city", edges = ["W"], leads_into = "crossing" },
  { kind = "road", edges = ["E"], leads_into = "city" },
  { kind = "road", edges = ["S"], leads_into = "cloister" },
  { kind = "field", edges = ["EN"], cities = ["N"] },
  { kind = "field", edges = ["SW"], cities = ["W"] },
  { kind = "field", edges = ["ES", "SE"], cities = ["N", "W"], leads_into = "city:N" },
"#,
    );
    assert_eq!(
        problems(&text),
        [
            "t.toml:10:48: only a road's end (a path, such as a road) leads into something, this is a city",
            "t.toml:11:48: `leads_into = \"city\"`: a city covers edges: name it by a segment it covers (`city:N`); write \"crossing\" (roads meeting), the kind of a feature inside the tile (\"cloister\"), or a kind and a segment it covers (\"city:N\")",
            "t.toml:12:48: `leads_into = \"cloister\"`: the tile has no cloister for it; write \"crossing\" (roads meeting), the kind of a feature inside the tile (\"cloister\"), or a kind and a segment it covers (\"city:N\")",
            "t.toml:15:77: only a road's end (a path, such as a road) leads into something, this is a field",
        ]
    );
    // A crossing needs a second road; an unknown kind is named.
    let text = tile(
        "FRRR",
        r#"  { kind = "road", edges = ["E"], leads_into = "crossing" },
  { kind = "road", edges = ["S"], leads_into = "tower" },
  { kind = "road", edges = ["W"], leads_into = "city:Q" },
  { kind = "field", edges = ["N", "EN", "WN"] },
  { kind = "field", edges = ["ES", "SE"] },
  { kind = "field", edges = ["SW", "WS"] },
"#,
    );
    let p = problems(&text);
    assert_eq!(p.len(), 3, "{p:?}");
    assert!(
        p[0].contains("t.toml:9:48: `leads_into = \"crossing\"`: a crossing joins two roads or more"),
        "{p:?}"
    );
    assert!(
        p[1].contains("t.toml:10:48: `leads_into = \"tower\"`: `tower` is no feature kind"),
        "{p:?}"
    );
    assert!(
        p[2].contains("t.toml:11:48: `leads_into = \"city:Q\"`: `Q` is no segment"),
        "{p:?}"
    );
}
