//! The JCZ tile table (tiles.toml) against this engine's tile files.

use carcassonne_core::{Catalog, FeatureKind, TileSet, TileSource};
use carcassonne_jcz::TileTable;
use carcassonne_jcz::location::Location;
// Links the expansions, so that `Catalog::linked` finds them.
use carcassonne_setup as _;

fn engine_sets() -> Vec<TileSet> {
    let catalog = catalog();
    let tiles = TileSource::default();
    let mut sets = vec![
        tiles
            .load("base.toml", carcassonne_core::rules::BASE_TILES, &catalog)
            .unwrap(),
    ];
    for id in [
        "inns-and-cathedrals",
        "abbey-and-mayor",
        "king-and-robber-baron",
        "traders-and-builders",
        "river",
        "river-ii",
    ] {
        let info = catalog.get(id).expect("linked");
        for f in info.tile_files {
            sets.push(tiles.load(f.file_name, f.embedded, &catalog).unwrap());
        }
    }
    sets
}

fn catalog() -> Catalog {
    Catalog::linked().expect("the linked expansions register")
}

#[test]
fn every_entry_matches_the_engine_tile_it_names() {
    let problems = TileTable::shipped().mismatches(&engine_sets(), catalog().landscape());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_table_covers_the_whole_sets() {
    let table = TileTable::shipped();
    let basic = table.set("basic").unwrap();
    assert_eq!(table.tiles_of(basic).filter_map(|t| t.count).sum::<u32>(), 72);
    assert_eq!(table.tiles_of(basic).count(), 24);
    let ic = table.set("inns-and-cathedrals").unwrap();
    assert_eq!(table.tiles_of(ic).filter_map(|t| t.count).sum::<u32>(), 18);
    assert_eq!(table.tiles_of(ic).count(), 17);
    let am = table.set("abbey-and-mayor").unwrap();
    assert_eq!(table.tiles_of(am).filter_map(|t| t.count).sum::<u32>(), 12);
    // The twelve land tiles and the abbey (`AM/A`, held, not drawn).
    assert_eq!(table.tiles_of(am).count(), 13);
    let kr = table.set("king-and-robber").unwrap();
    assert_eq!(table.tiles_of(kr).filter_map(|t| t.count).sum::<u32>(), 5);
    assert_eq!(table.tiles_of(kr).count(), 5);
    let tb = table.set("traders-and-builders").unwrap();
    assert_eq!(table.tiles_of(tb).filter_map(|t| t.count).sum::<u32>(), 24);
    assert_eq!(table.tiles_of(tb).count(), 24);
    // Every TB tile has its own engine tile.
    let mut engine: Vec<&str> = table.tiles_of(tb).map(|t| t.engine.as_str()).collect();
    engine.sort_unstable();
    engine.dedup();
    assert_eq!(engine.len(), 24);
    let river = table.set("river/1").unwrap();
    assert_eq!(table.tiles_of(river).filter_map(|t| t.count).sum::<u32>(), 12);
    assert_eq!(table.tiles_of(river).count(), 10);
    assert!(
        table.tiles_of(river).any(|t| t.jcz == "RI/s"),
        "the spring is in the set"
    );
    let river_ii = table.set("river/2").unwrap();
    assert_eq!(table.tiles_of(river_ii).filter_map(|t| t.count).sum::<u32>(), 12);
    // One spring id, this engine's spring of each set.
    let spring = |sets: &[&str]| {
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        table.tile_in("RI/s", &sets).map(|t| t.engine.as_str())
    };
    assert_eq!(spring(&["basic", "river/1"]), Some("RV-1"));
    assert_eq!(spring(&["basic", "river/2"]), Some("RV2-1"));
    assert_eq!(spring(&["basic"]), None);
}

/// JCZ's trade goods (a city's `resource`): 9 wine, 6 grain, 5 cloth on
/// the Traders & Builders tiles, as the table states them; the check
/// against the engine's `goods` attribute is in `mismatches`.
#[test]
fn the_trade_goods_are_counted_as_jcz_counts_them() {
    let table = TileTable::shipped();
    let tb = table.set("traders-and-builders").unwrap();
    let mut goods = std::collections::BTreeMap::new();
    for t in table.tiles_of(tb) {
        for f in &t.features {
            if let Some(g) = carcassonne_jcz::tile_table::JczFeature::parse(f).unwrap().resource {
                *goods.entry(g).or_insert(0) += 1;
            }
        }
    }
    let goods: Vec<(String, i32)> = goods.into_iter().collect();
    assert_eq!(
        goods,
        [
            ("cloth".to_string(), 5),
            ("grain".to_string(), 6),
            ("wine".to_string(), 9)
        ]
    );
}

/// On the two tiles with two inner fields, JCZ's `I` and `II` name
/// different fields (the table check alone would accept one field twice).
#[test]
fn the_two_inner_places_are_two_fields() {
    let sets = engine_sets();
    for (jcz, engine) in [("AM/CCcc+", "AM-B"), ("KR/CCcc", "KR-E")] {
        assert_eq!(TileTable::shipped().tile(jcz).map(|t| t.engine.as_str()), Some(engine));
        let def = sets.iter().find_map(|s| s.tile(engine)).expect(engine);
        let at = |name: &str| {
            Location::parse(name)
                .unwrap()
                .find(&def.features, Some(FeatureKind::FIELD))
        };
        let (first, second) = (at("I"), at("II"));
        assert!(
            first.is_some() && second.is_some() && first != second,
            "{jcz}: {first:?} {second:?}"
        );
        assert_eq!(at("INNER_FARM"), first, "{jcz}");
        assert_eq!(at("INNER_FARM_B"), second, "{jcz}");
    }
}

/// A wrong entry is caught: each kind of difference in turn.
#[test]
fn a_wrong_entry_is_named() {
    let sets = engine_sets();
    let shipped = carcassonne_jcz::tile_table::TILE_TABLE;
    let cases = [
        // Mapped to a tile of another shape.
        (r#"engine = "D""#, r#"engine = "U""#, "BA/RCr (engine U)"),
        // A field's neighbouring city left out.
        (r#""farm EL WR city N""#, r#""farm EL WR""#, "touches the cities"),
        // A pennant the engine's tile lacks.
        (
            r#"["city N E W", "farm"#,
            r#"["city N E W pennant", "farm"#,
            "pennants here",
        ),
        // Halves swapped.
        (
            r#""road W S", "farm WR NL NR EL ER SL", "farm SR WL"]"#,
            r#""road W S", "farm WL NL NR EL ER SL", "farm SR WR"]"#,
            "no feature here",
        ),
        // The inn on the wrong road.
        (
            r#""road E inn", "road W", "road S""#,
            r#""road E", "road W inn", "road S""#,
            "inn or cathedral",
        ),
        // A count off by one.
        ("count = 9", "count = 8", "copies here"),
        // A river tile turned the wrong way: the bridge drawn as JCZ draws it.
        (
            "edges = \"WRWR\"\nturn = 90",
            "edges = \"WRWR\"\nturn = 0",
            "in JCZ turned 0°",
        ),
        // The river on the other bank.
        (
            r#""river S E""#,
            r#""river N E""#,
            "no feature here is JCZ's `river N E`",
        ),
        // The wrong trade good, and a trade good the engine's city lacks.
        (
            r#""city N W resource=grain", "farm EL ER SL SR city N"]"#,
            r#""city N W resource=wine", "farm EL ER SL SR city N"]"#,
            "the trade good grain here",
        ),
        (
            r#""city S", "farm NL NR city W""#,
            r#""city S resource=cloth", "farm NL NR city W""#,
            "no trade good here",
        ),
    ];
    for (from, to, expected) in cases {
        assert!(shipped.contains(from), "{from}");
        let table = TileTable::parse(&shipped.replacen(from, to, 1)).unwrap();
        let problems = table.mismatches(&sets, catalog().landscape()).join("\n");
        assert!(
            problems.contains(expected),
            "{to}: expected `{expected}` in:\n{problems}"
        );
    }
}
