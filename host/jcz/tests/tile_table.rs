//! The JCZ mappings (the base game's `host/jcz/jcz.toml` and each linked
//! expansion's `jcz.toml`) against this engine's declarations and tile
//! files, and the mistakes the check names.

use carcassonne_core::{Catalog, FeatureKind, TileSource};
use carcassonne_jcz::location::Location;
use carcassonne_jcz::mapping::{Mapping, Mappings, read_data_file};
use carcassonne_jcz::tile_table::{JczFeature, mismatches};
// Links the expansions, so that `Catalog::linked` finds them.
use carcassonne_setup as _;

fn catalog() -> Catalog {
    Catalog::linked().expect("the linked expansions register")
}

fn mappings() -> Mappings {
    Mappings::of_catalog(&catalog()).unwrap_or_else(|d| panic!("{d}"))
}

/// Every linked expansion's mapping and the base game's: read, checked
/// against the catalog and each other, each tile against this engine's.
#[test]
fn every_mapping_checks() {
    let report = carcassonne_jcz::check_mappings(&catalog(), &TileSource::default()).unwrap();
    assert_eq!(report.problems, 0, "{}", report.text);
    for owner in [
        "base",
        "inns-and-cathedrals",
        "abbey-and-mayor",
        "king-and-robber-baron",
        "traders-and-builders",
        "river",
        "river-ii",
        "the-tower",
        "the-princess-and-the-dragon",
        "abbot",
    ] {
        assert!(report.text.contains(&format!("({owner})")), "{owner}: {}", report.text);
    }
}

/// The tiles of a JCZ set, by name and edition.
fn tiles(m: &Mappings, name: &str, edition: u32) -> Vec<(String, Option<u32>)> {
    m.sets_named(name)
        .into_iter()
        .filter(|&r| m.set(r).editions.contains(&edition))
        .flat_map(|r| m.tiles_of(r).map(|t| (t.jcz.get_ref().clone(), t.count)))
        .collect()
}

fn total(tiles: &[(String, Option<u32>)]) -> u32 {
    tiles.iter().filter_map(|(_, c)| *c).sum()
}

#[test]
fn the_mappings_cover_the_whole_sets() {
    let m = mappings();
    let basic = tiles(&m, "basic", 1);
    assert_eq!((total(&basic), basic.len()), (72, 24));
    let ic = tiles(&m, "inns-and-cathedrals", 1);
    assert_eq!((total(&ic), ic.len()), (18, 17));
    // The twelve land tiles and the abbey (`AM/A`, handed out, no count).
    let am = tiles(&m, "abbey-and-mayor", 1);
    assert_eq!((total(&am), am.len()), (12, 13));
    let kr = tiles(&m, "king-and-robber", 1);
    assert_eq!((total(&kr), kr.len()), (5, 5));
    let tb = tiles(&m, "traders-and-builders", 1);
    assert_eq!((total(&tb), tb.len()), (24, 24));
    let river = tiles(&m, "river/1", 1);
    assert_eq!((total(&river), river.len()), (12, 10));
    assert!(river.iter().any(|(id, _)| id == "RI/s"), "the spring is in the set");
    assert_eq!(total(&tiles(&m, "river/2", 1)), 12);
    assert_eq!(total(&tiles(&m, "tower", 1)), 18);
    assert_eq!(total(&tiles(&m, "princess-and-dragon", 1)), 30);
    // `basic:2`: the base game's 72 and The Abbot's eight garden tiles,
    // which replace as many base copies in this engine's bag.
    let basic2 = tiles(&m, "basic", 2);
    assert_eq!(total(&basic2), 80);
    assert_eq!(basic2.iter().filter(|(id, _)| id.ends_with('G')).count(), 8);
    // One spring id, this engine's spring of each set.
    let spring = |name: &str| {
        let sets = m.sets_named(name);
        m.tile_in("RI/s", &sets).map(|t| t.engine.clone())
    };
    assert_eq!(spring("river/1").as_deref(), Some("RV-1"));
    assert_eq!(spring("river/2").as_deref(), Some("RV2-1"));
    assert_eq!(spring("basic"), None);
}

/// JCZ's trade goods (a city's `resource`): 9 wine, 6 grain, 5 cloth on
/// the Traders & Builders tiles, as the mapping states them; the check
/// against the engine's `goods` attribute is in `mismatches`.
#[test]
fn the_trade_goods_are_counted_as_jcz_counts_them() {
    let m = mappings();
    let mut goods = std::collections::BTreeMap::new();
    for r in m.sets_named("traders-and-builders") {
        for t in m.tiles_of(r) {
            for f in &t.features {
                let f = JczFeature::parse(f.get_ref(), &m).unwrap();
                for (name, value) in f.flags {
                    if name == "resource" {
                        *goods.entry(value.unwrap()).or_insert(0) += 1;
                    }
                }
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
    let sets = carcassonne_jcz::engine_sets(&catalog(), &TileSource::default()).unwrap();
    let m = mappings();
    for (jcz, set, engine) in [
        ("AM/CCcc+", "abbey-and-mayor", "AM-B"),
        ("KR/CCcc", "king-and-robber", "KR-E"),
    ] {
        let refs = m.sets_named(set);
        assert_eq!(m.tile_in(jcz, &refs).map(|t| t.engine.as_str()), Some(engine));
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

/// The mappings with `owner`'s file edited (`from` replaced by `to`, which
/// must be there once).
fn edited(owner: &str, from: &str, to: &str) -> Mappings {
    let catalog = catalog();
    let (file, text) = if owner == "base" {
        (
            "host/jcz/jcz.toml".to_string(),
            carcassonne_jcz::mapping::BASE_MAPPING.to_string(),
        )
    } else {
        read_data_file(&catalog.get(owner).unwrap().jcz.unwrap())
    };
    assert_eq!(text.matches(from).count(), 1, "`{from}` once in {owner}'s mapping");
    let mut all = mappings();
    let i = all.list.iter().position(|m| m.owner == owner).unwrap();
    all.list[i] = Mapping::parse(owner, &file, &text.replacen(from, to, 1)).unwrap_or_else(|d| panic!("{d}"));
    all
}

/// A wrong entry is caught: each kind of difference in turn, named with
/// its file and line.
#[test]
fn a_wrong_entry_is_named() {
    let sets = carcassonne_jcz::engine_sets(&catalog(), &TileSource::default()).unwrap();
    let cases = [
        // Mapped to a tile of another shape.
        ("base", r#"engine = "D""#, r#"engine = "U""#, "BA/RCr (engine U)"),
        // A field's neighbouring city left out.
        (
            "base",
            r#""farm EL WR city N""#,
            r#""farm EL WR""#,
            "touches the cities",
        ),
        // A pennant the engine's tile lacks.
        (
            "base",
            r#"["city N E W", "farm"#,
            r#"["city N E W pennant", "farm"#,
            "pennants here",
        ),
        // Halves swapped.
        (
            "base",
            r#""road W S", "farm WR NL NR EL ER SL", "farm SR WL"]"#,
            r#""road W S", "farm WL NL NR EL ER SL", "farm SR WR"]"#,
            "no feature here",
        ),
        // The inn on the wrong road.
        (
            "inns-and-cathedrals",
            r#""road E inn", "road W", "road S""#,
            r#""road E", "road W inn", "road S""#,
            "inn",
        ),
        // A count off by one.
        ("base", "count = 9", "count = 8", "copies here"),
        // A river tile turned the wrong way: the bridge drawn as JCZ draws it.
        (
            "river",
            "edges = \"WRWR\"\nturn = 90",
            "edges = \"WRWR\"\nturn = 0",
            "in JCZ turned 0°",
        ),
        // The river on the other bank.
        (
            "river",
            r#""river S E""#,
            r#""river N E""#,
            "no feature here is JCZ's `river N E`",
        ),
        // The wrong trade good, and a trade good the engine's city lacks.
        (
            "traders-and-builders",
            r#""city N W resource=grain", "farm EL ER SL SR city N"]"#,
            r#""city N W resource=wine", "farm EL ER SL SR city N"]"#,
            "resource = grain here",
        ),
        (
            "traders-and-builders",
            r#""city N", "road E", "farm EL city N""#,
            r#""city N resource=cloth", "road E", "farm EL city N""#,
            "resource absent here",
        ),
        // A tower foundation left out.
        (
            "the-tower",
            "engine = \"TW-B\"\ncount = 1\nedges = \"FFFF\"\nfeatures = [\"farm NL NR EL ER SL SR WL WR\"]\nflags = [\"tower\"]",
            "engine = \"TW-B\"\ncount = 1\nedges = \"FFFF\"\nfeatures = [\"farm NL NR EL ER SL SR WL WR\"]",
            "this engine's tile has JCZ's `tower`",
        ),
    ];
    for (owner, from, to, expected) in cases {
        let m = edited(owner, from, to);
        let problems: Vec<String> = mismatches(&m, &sets, catalog().landscape())
            .iter()
            .map(ToString::to_string)
            .collect();
        let text = problems.join("\n");
        assert!(text.contains(expected), "{to}: expected `{expected}` in:\n{text}");
        assert!(
            problems.iter().any(|p| p.contains("jcz.toml:") && p.contains(expected)),
            "named with its file and line: {text}"
        );
    }
}

/// A mapping with several mistakes reports them all at once, each with
/// its file, line and column.
#[test]
fn every_mistake_of_a_mapping_is_reported_at_once() {
    let text = r#"
[[set]]
jcz = "example"
prefix = "EX"
editions = [0]

[[element]]
jcz = "thing"
part = "nothing-here"

[[element]]
jcz = "thing"
expansion = true

[[rule]]
jcz = "option"
values = { a = "b" }

[[action]]
jcz = "PLACE_TOKEN"
expansion_move = { x = "$nowhere" }

[[tile]]
jcz = "EX/A"
engine = "A"
edges = "FFF"
turn = 45
features = ["road N *"]

[[unknown]]
a = 1
"#;
    let problems = Mapping::parse("example", "example/jcz.toml", text).unwrap_err().0;
    let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
    let all = lines.join("\n");
    for expected in [
        "example/jcz.toml:3:7: `editions` lists JCZ's editions",
        "`editions` lists JCZ's editions",
        "the JCZ element `thing` is mapped twice",
        "`values` set a variant",
        "unknown word `$nowhere`",
        "four letters",
        "`turn` is 0, 90, 180 or 270",
        "unknown location or word `*`",
        "unknown key `unknown`",
    ] {
        assert!(all.contains(expected), "`{expected}` in:\n{all}");
    }
    // The part the catalog does not declare, once read with the others.
    let mut m = mappings();
    let broken = r#"
[[element]]
jcz = "thing"
part = "nothing-here"
figure = "ghost"
"#;
    m.list.push(Mapping::parse("abbot", "abbot/jcz.toml", broken).unwrap());
    let problems: Vec<String> = m.problems(&catalog()).iter().map(ToString::to_string).collect();
    let all = problems.join("\n");
    assert!(
        all.contains("abbot/jcz.toml:4:8: `abbot` has no part `nothing-here`"),
        "{all}"
    );
    assert!(all.contains("`abbot` has no figure `ghost`; it has `abbot`"), "{all}");
}
