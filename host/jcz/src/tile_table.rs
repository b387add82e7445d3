//! The table of JCZ tile ids and sets (`tiles.toml`, kept as data) and its
//! check against this engine's tiles.

use crate::location::{Location, jcz_name, signature};
use carcassonne_core::tiles::{Landscape, TileDef};
use carcassonne_core::{FeatureKind, Rotation, TileSet};
use serde::Deserialize;
use std::sync::OnceLock;

/// The table as shipped (`host/jcz/tiles.toml`).
pub const TILE_TABLE: &str = include_str!("../tiles.toml");

/// A JCZ tile set and the tile set of this engine it is.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetEntry {
    /// JCZ's name (a key of `setup.sets`, without `:1`).
    pub jcz: String,
    /// The prefix of its tile ids (`BA` in `BA/RCr`).
    pub prefix: String,
    /// This engine's tile set id.
    pub engine: String,
    /// Tiles of the set under another prefix (`RI/s`, the spring JCZ's
    /// River sets share).
    #[serde(default)]
    pub tiles: Vec<String>,
    /// The set brings its expansion's rules with it: JCZ has no element for
    /// them (The River), so a save with the set plays by them.
    #[serde(default)]
    pub with_rules: bool,
    /// This engine's tiles of another set that this one replaces when both
    /// are in a game (The River II: one spring, and not The River's lake).
    #[serde(default)]
    pub replaces: Vec<String>,
}

/// One JCZ tile id and what it denotes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileEntry {
    /// JCZ's id (`BA/RCr`).
    pub jcz: String,
    /// This engine's id (`D`).
    pub engine: String,
    /// The JCZ set this entry is for, when JCZ's id stands for different
    /// tiles of this engine in different sets (the spring `RI/s`: this
    /// engine's River and River II each have their own). `None`: any set.
    #[serde(default)]
    pub set: Option<String>,
    /// Copies in JCZ's set (absent for tiles handed out, not drawn).
    #[serde(default)]
    pub count: Option<u32>,
    /// Edges N E S W in JCZ's orientation.
    pub edges: String,
    /// Degrees JCZ's tile is turned clockwise to be this engine's tile as
    /// its file draws it (0, 90, 180 or 270; the two were drawn facing
    /// different ways: JCZ's spring sends its river east, this engine's
    /// south).
    #[serde(default)]
    pub turn: u16,
    /// Features in JCZ's terms (see the head of `tiles.toml`).
    pub features: Vec<String>,
}

/// The whole table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileTable {
    /// The sets.
    #[serde(rename = "set")]
    pub sets: Vec<SetEntry>,
    /// The tiles.
    #[serde(rename = "tile")]
    pub tiles: Vec<TileEntry>,
}

/// JCZ's trade goods (a city's `resource`), as Traders & Builders' tiles
/// name them (`traders-and-builders = { goods = "wine" }`).
const RESOURCES: [&str; 3] = ["wine", "grain", "cloth"];

/// The expansion whose tile attribute `goods` is JCZ's `resource`.
const GOODS_EXPANSION: &str = "traders-and-builders";

/// The kind of feature The River declares, which JCZ's tiles call `river`.
pub const RIVER_KIND: &str = "river";

impl TileEntry {
    /// [`TileEntry::turn`] as a rotation.
    pub fn turn(&self) -> Rotation {
        Rotation::from_degrees(i64::from(self.turn)).unwrap_or(Rotation::NONE)
    }
}

/// One feature of a [`TileEntry`], read from its description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JczFeature {
    /// Road, city, field (JCZ's farm) or cloister; `None` for a river
    /// (The River's kind, [`RIVER_KIND`], whose index the game's
    /// landscape gives).
    pub kind: Option<FeatureKind>,
    /// Where it lies.
    pub location: Location,
    /// For a farm: the sides of the cities it touches.
    pub cities: Vec<Location>,
    /// Pennants (cities).
    pub pennants: u8,
    /// An inn on the road.
    pub inn: bool,
    /// A cathedral in the city.
    pub cathedral: bool,
    /// The trade good a city shows (JCZ's `resource`: `wine`, `grain` or
    /// `cloth`; Traders & Builders).
    pub resource: Option<String>,
}

impl JczFeature {
    /// Reads `"<kind> <locations…> [city <sides…>] [pennant|pennants=N] [inn] [cathedral] [resource=GOOD]"`.
    pub fn parse(text: &str) -> Result<JczFeature, String> {
        let mut words = text.split_whitespace();
        let kind = match words.next() {
            Some("city") => Some(FeatureKind::CITY),
            Some("road") => Some(FeatureKind::ROAD),
            Some("farm") => Some(FeatureKind::FIELD),
            Some("cloister") => Some(FeatureKind::CLOISTER),
            Some(RIVER_KIND) => None,
            other => return Err(format!("`{text}`: unknown feature kind {other:?}")),
        };
        let mut places = Vec::new();
        let mut cities = Vec::new();
        let mut in_cities = false;
        let mut feature = JczFeature {
            kind,
            location: Location::parse("CLOISTER").expect("a location"),
            cities: Vec::new(),
            pennants: 0,
            inn: false,
            cathedral: false,
            resource: None,
        };
        for word in words {
            match word {
                "city" => in_cities = true,
                "pennant" => feature.pennants = 1,
                "inn" => feature.inn = true,
                "cathedral" => feature.cathedral = true,
                _ if word.starts_with("resource=") => {
                    let good = &word["resource=".len()..];
                    if !RESOURCES.contains(&good) {
                        return Err(format!(
                            "`{text}`: unknown resource `{good}` (JCZ has wine, grain, cloth)"
                        ));
                    }
                    feature.resource = Some(good.to_string());
                }
                _ if word.starts_with("pennants=") => {
                    feature.pennants = word["pennants=".len()..]
                        .parse()
                        .map_err(|_| format!("`{text}`: bad pennant count"))?;
                }
                _ => {
                    let loc = Location::parse(word).ok_or_else(|| format!("`{text}`: unknown location `{word}`"))?;
                    if in_cities { cities.push(loc) } else { places.push(word) }
                }
            }
        }
        if feature.kind != Some(FeatureKind::CLOISTER) {
            feature.location = Location::parse(&places.join(".")).ok_or_else(|| format!("`{text}`: no location"))?;
        }
        feature.cities = cities;
        Ok(feature)
    }
}

impl TileTable {
    /// The shipped table.
    pub fn shipped() -> &'static TileTable {
        static TABLE: OnceLock<TileTable> = OnceLock::new();
        TABLE.get_or_init(|| TileTable::parse(TILE_TABLE).expect("tiles.toml is checked by the tests"))
    }

    /// Reads a table.
    pub fn parse(text: &str) -> Result<TileTable, String> {
        let table: TileTable = toml::from_str(text).map_err(|e| e.to_string())?;
        for t in &table.tiles {
            if Rotation::from_degrees(i64::from(t.turn)).is_none() {
                return Err(format!("{}: turn = {}: 0, 90, 180 or 270", t.jcz, t.turn));
            }
            for f in &t.features {
                JczFeature::parse(f).map_err(|e| format!("{}: {e}", t.jcz))?;
            }
        }
        Ok(table)
    }

    /// The entry of a JCZ tile id (the first, if the id is in several sets).
    pub fn tile(&self, jcz: &str) -> Option<&TileEntry> {
        self.tiles.iter().find(|t| t.jcz == jcz)
    }

    /// The entry of a JCZ tile id in a game of the JCZ sets `sets` (names
    /// without the edition): the first whose set, if it names one, is
    /// among them.
    pub fn tile_in(&self, jcz: &str, sets: &[String]) -> Option<&TileEntry> {
        self.tiles
            .iter()
            .find(|t| t.jcz == jcz && t.set.as_ref().is_none_or(|s| sets.contains(s)))
    }

    /// The set of a JCZ set name.
    pub fn set(&self, jcz: &str) -> Option<&SetEntry> {
        self.sets.iter().find(|s| s.jcz == jcz)
    }

    /// The tiles of a JCZ set: by id prefix, and those it lists.
    pub fn tiles_of<'a>(&'a self, set: &'a SetEntry) -> impl Iterator<Item = &'a TileEntry> + 'a {
        self.tiles.iter().filter(move |t| {
            (t.jcz.split_once('/').is_some_and(|(p, _)| p == set.prefix) || set.tiles.contains(&t.jcz))
                && t.set.as_ref().is_none_or(|s| *s == set.jcz)
        })
    }

    /// Every way an entry disagrees with this engine's tile of the same
    /// name in `sets` (whose kinds of feature and edge `landscape` names),
    /// one sentence each (empty when the table is right).
    pub fn mismatches(&self, sets: &[TileSet], landscape: &Landscape) -> Vec<String> {
        let mut out = Vec::new();
        for entry in &self.tiles {
            let Some(def) = sets.iter().find_map(|s| s.tile(&entry.engine)) else {
                out.push(format!("{}: this engine has no tile `{}`", entry.jcz, entry.engine));
                continue;
            };
            for problem in entry_mismatches(entry, def, landscape) {
                out.push(format!("{} (engine {}): {problem}", entry.jcz, entry.engine));
            }
        }
        for set in &self.sets {
            let engine_total: u32 = sets
                .iter()
                .find(|s| s.id == set.engine)
                .map(|s| s.tiles.iter().filter(|t| t.in_bag).map(|t| t.count).sum())
                .unwrap_or(0);
            let jcz_total: u32 = self.tiles_of(set).filter_map(|t| t.count).sum();
            if engine_total != jcz_total {
                out.push(format!(
                    "set {}: JCZ has {jcz_total} tiles, this engine's {} has {engine_total}",
                    set.jcz, set.engine
                ));
            }
        }
        out
    }
}

/// JCZ's edges (N E S W) turned clockwise by `turn`: the side that was
/// west is north after a quarter turn.
fn turned_edges(edges: &str, turn: Rotation) -> String {
    let mut sides: Vec<char> = edges.chars().collect();
    if sides.len() == 4 {
        sides.rotate_right(usize::from(turn.quarter_turns()));
    }
    sides.into_iter().collect()
}

fn entry_mismatches(entry: &TileEntry, def: &TileDef, landscape: &Landscape) -> Vec<String> {
    let mut out = Vec::new();
    let turn = entry.turn();
    let edges: String = def.edges.iter().map(|&e| landscape.letter(e)).collect();
    let theirs = turned_edges(&entry.edges, turn);
    if edges != theirs {
        out.push(format!(
            "edges {} here, {} in JCZ turned {}°",
            edges,
            theirs,
            turn.degrees()
        ));
    }
    let river = landscape.feature_kind(RIVER_KIND);
    if let Some(count) = entry.count
        && count != def.count
    {
        out.push(format!("{} copies here, {count} in JCZ", def.count));
    }
    if entry.features.len() != def.features.len() {
        out.push(format!(
            "{} features here, {} in JCZ",
            def.features.len(),
            entry.features.len()
        ));
    }
    for text in &entry.features {
        let Ok(jf) = JczFeature::parse(text) else { continue };
        let location = jf.location.rotated(turn);
        let found = match jf.kind {
            Some(kind) => location.find(&def.features, Some(kind)),
            // A river: the feature of The River's kind there.
            None => river.and_then(|r| location.find(&def.features, Some(r))),
        };
        let Some(fi) = found else {
            out.push(format!("no feature here is JCZ's `{text}`"));
            continue;
        };
        let f = &def.features[fi];
        if f.pennants != jf.pennants {
            out.push(format!("`{text}`: {} pennants here", f.pennants));
        }
        let flag = |key: &str| {
            f.attributes
                .get("inns-and-cathedrals")
                .and_then(|t| t.get(key))
                .and_then(|v| v.as_bool())
                .unwrap_or(false)
        };
        if flag("inn") != jf.inn || flag("cathedral") != jf.cathedral {
            out.push(format!("`{text}`: inn or cathedral differs here"));
        }
        let goods = f
            .attributes
            .get(GOODS_EXPANSION)
            .and_then(|t| t.get("goods"))
            .and_then(|v| v.as_str());
        if goods != jf.resource.as_deref() {
            out.push(format!(
                "`{text}`: {} here",
                goods.map_or("no trade good".to_string(), |g| format!("the trade good {g}"))
            ));
        }
        // A farm names a city by any side it covers (`city W` for a city on N and W).
        let resolved: Vec<Option<usize>> = jf
            .cities
            .iter()
            .map(|c| {
                let c = c.rotated(turn);
                def.features.iter().position(|f| {
                    f.kind == FeatureKind::CITY
                        && c.segments != 0
                        && signature(FeatureKind::CITY, f.segments) & c.segments == c.segments
                })
            })
            .collect();
        let mut theirs: Vec<usize> = resolved.iter().flatten().copied().collect();
        theirs.sort_unstable();
        theirs.dedup();
        let mut ours = f.touches.clone();
        ours.sort_unstable();
        if resolved.contains(&None) || theirs != ours {
            let names: Vec<String> = ours
                .iter()
                .map(|&c| jcz_name(FeatureKind::CITY, def.features[c].segments))
                .collect();
            out.push(format!("`{text}`: touches the cities {names:?} here"));
        }
    }
    out
}
