//! JCZ's tiles as the mappings describe them (`[[tile]]`), and the check
//! of each description against this engine's tile of that name.

use crate::location::{Location, jcz_name, signature};
use crate::mapping::{FlagPlace, Mapping, Mappings, SetRef, TileEntry};
use carcassonne_core::diagnostic::Diagnostic;
use carcassonne_core::tiles::{FeatureDef, Landscape, TileDef};
use carcassonne_core::{FeatureKind, Rotation, TileSet};

/// One feature of a [`TileEntry`], read from its description:
/// `"<kind> <locations…> [city <sides…>] [pennant|pennants=N] [flags…]"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JczFeature {
    /// The first word, JCZ's name of the kind (`farm`).
    pub word: String,
    /// This engine's kind of feature (`field`), once read with the
    /// mappings' `[[feature]]` names; empty from [`JczFeature::words`].
    pub kind: String,
    /// Where it lies: `I`, inside the tile, when the description names no
    /// place (a cloister).
    pub location: Location,
    /// For a farm: the sides of the cities it touches.
    pub cities: Vec<Location>,
    /// Pennants (cities).
    pub pennants: u8,
    /// The other words, each a `[[flag]]` of some mapping: the word and
    /// its value (`resource=wine`), if it has one.
    pub flags: Vec<(String, Option<String>)>,
}

impl JczFeature {
    /// Reads a description without the mappings: the locations, the
    /// cities, the pennants; the kind word and the flags as they stand.
    pub fn words(text: &str) -> Result<JczFeature, String> {
        let mut words = text.split_whitespace();
        let Some(word) = words.next() else {
            return Err("an empty feature".into());
        };
        let mut places = Vec::new();
        let mut feature = JczFeature {
            word: word.to_string(),
            kind: String::new(),
            location: Location::parse("I").expect("a location"),
            cities: Vec::new(),
            pennants: 0,
            flags: Vec::new(),
        };
        let mut in_cities = false;
        for w in words {
            if w == "city" {
                in_cities = true;
            } else if w == "pennant" {
                feature.pennants = 1;
            } else if let Some(n) = w.strip_prefix("pennants=") {
                feature.pennants = n.parse().map_err(|_| format!("`{text}`: bad pennant count"))?;
            } else if let Some(loc) = Location::parse(w) {
                if in_cities {
                    feature.cities.push(loc);
                } else {
                    places.push(w);
                }
            } else if w.chars().all(|c| c.is_ascii_alphanumeric() || "-_=".contains(c)) {
                let (name, value) = match w.split_once('=') {
                    Some((n, v)) => (n.to_string(), Some(v.to_string())),
                    None => (w.to_string(), None),
                };
                feature.flags.push((name, value));
            } else {
                return Err(format!("`{text}`: unknown location or word `{w}`"));
            }
        }
        if !places.is_empty() {
            feature.location = Location::parse(&places.join(".")).ok_or_else(|| format!("`{text}`: bad location"))?;
        }
        Ok(feature)
    }

    /// Reads a description with the mappings' words: the kind word a
    /// `[[feature]]` name, each flag a `[[flag]]` on features.
    pub fn parse(text: &str, mappings: &Mappings) -> Result<JczFeature, String> {
        let mut f = JczFeature::words(text)?;
        let entry = mappings
            .feature(&f.word)
            .ok_or_else(|| format!("`{text}`: no mapping names a kind of feature `{}`", f.word))?;
        f.kind = entry
            .kind
            .as_ref()
            .map(|k| k.get_ref().clone())
            .ok_or_else(|| format!("`{text}`: `{}` is a place on the tile, not a kind of feature", f.word))?;
        for (name, value) in &f.flags {
            let declared: Vec<_> = mappings
                .flags_named(name)
                .filter(|(_, fl)| fl.on == FlagPlace::Feature)
                .collect();
            if declared.is_empty() {
                return Err(format!("`{text}`: no mapping has a feature flag `{name}` (`[[flag]]`)"));
            }
            for (_, fl) in declared {
                match (value, fl.values.is_empty()) {
                    (None, true) => {}
                    (Some(v), false) if fl.values.contains(v) => {}
                    (Some(v), false) => {
                        return Err(format!(
                            "`{text}`: unknown {name} `{v}` (JCZ has {})",
                            fl.values.join(", ")
                        ));
                    }
                    (None, false) => return Err(format!("`{text}`: `{name}` takes a value (`{name}=…`)")),
                    (Some(_), true) => return Err(format!("`{text}`: `{name}` takes no value")),
                }
            }
        }
        Ok(f)
    }

    /// The value the description gives flag `name`: `true` for the word
    /// alone.
    fn flag(&self, name: &str) -> Option<String> {
        self.flags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone().unwrap_or_else(|| "true".to_string()))
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

/// An attribute as the text a flag compares: `true`, or its text; `None`
/// when absent or false.
fn attribute_text(table: Option<&toml::Value>, key: &str) -> Option<String> {
    match table?.get(key)? {
        toml::Value::Boolean(true) => Some("true".into()),
        toml::Value::Boolean(false) => None,
        toml::Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

/// Every way the tile descriptions of `mappings` disagree with this
/// engine's tiles in `sets` (whose kinds `landscape` names), and each set
/// entry's count with the engine set's, located in the mapping files.
pub fn mismatches(mappings: &Mappings, sets: &[TileSet], landscape: &Landscape) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (mi, m) in mappings.list.iter().enumerate() {
        let refs: Vec<SetRef> = (0..m.sets.len()).map(|si| (mi, si)).collect();
        for t in &m.tiles {
            let entry = t.get_ref();
            let engine_sets: Vec<String> = refs
                .iter()
                .filter(|&&r| mappings.tiles_of(r).any(|x| std::ptr::eq(x, entry)))
                .map(|&r| mappings.engine_set(r))
                .collect();
            if engine_sets.is_empty() {
                out.push(m.at(
                    entry.jcz.span(),
                    format!(
                        "{}: the tile is in none of this file's sets (a set's `prefix` or `tiles`)",
                        entry.jcz.get_ref()
                    ),
                ));
                continue;
            }
            let def = sets
                .iter()
                .filter(|s| engine_sets.contains(&s.id))
                .find_map(|s| s.tile(&entry.engine));
            let Some(def) = def else {
                out.push(m.at(
                    entry.jcz.span(),
                    format!(
                        "{}: this engine has no tile `{}` in the set {}",
                        entry.jcz.get_ref(),
                        entry.engine,
                        engine_sets.join(", ")
                    ),
                ));
                continue;
            };
            // Several JCZ ids may be one tile here (FanCloisterZone draws
            // copies of a tile under ids of their own: `ffrr.ac.1`,
            // `ffrr.ac.2`): their copies together are the tile's.
            let copies = entry.count.map(|own| {
                refs.iter()
                    .find(|&&r| mappings.tiles_of(r).any(|x| std::ptr::eq(x, entry)))
                    .map_or(own, |&r| {
                        mappings
                            .tiles_of(r)
                            .filter(|t| t.engine == entry.engine)
                            .filter_map(|t| t.count)
                            .sum::<u32>()
                    })
            });
            for problem in entry_mismatches(entry, copies, def, landscape, mappings) {
                out.push(m.at(
                    entry.jcz.span(),
                    format!("{} (engine {}): {problem}", entry.jcz.get_ref(), entry.engine),
                ));
            }
        }
        for &r in &refs {
            out.extend(count_mismatch(mappings, m, r, sets));
        }
    }
    out
}

fn count_mismatch(mappings: &Mappings, m: &Mapping, r: SetRef, sets: &[TileSet]) -> Option<Diagnostic> {
    let set = mappings.set(r);
    let engine = mappings.engine_set(r);
    let Some(engine_set) = sets.iter().find(|s| s.id == engine) else {
        return Some(m.at(
            set.jcz.span(),
            format!("set {}: this engine has no tile set `{engine}`", set.jcz.get_ref()),
        ));
    };
    let engine_total: u32 = engine_set.tiles.iter().filter(|t| t.in_bag).map(|t| t.count).sum();
    let jcz_total: u32 = mappings.tiles_of(r).filter_map(|t| t.count).sum();
    (engine_total != jcz_total).then(|| {
        m.at(
            set.jcz.span(),
            format!(
                "set {}: JCZ has {jcz_total} tiles, this engine's {engine} has {engine_total}",
                set.jcz.get_ref()
            ),
        )
    })
}

fn entry_mismatches(
    entry: &TileEntry,
    copies: Option<u32>,
    def: &TileDef,
    landscape: &Landscape,
    mappings: &Mappings,
) -> Vec<String> {
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
    if let Some(count) = copies
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
    // Flags on the tile (`tower`, `height=2`).
    let tile_flags: Vec<(&str, String)> = entry
        .flags
        .iter()
        .map(|f| match f.get_ref().split_once('=') {
            Some((name, value)) => (name, value.to_string()),
            None => (f.get_ref().as_str(), "true".to_string()),
        })
        .collect();
    let mut words: Vec<&str> = mappings
        .flags()
        .filter(|(_, f)| f.on == FlagPlace::Tile)
        .map(|(_, f)| f.jcz.get_ref().as_str())
        .collect();
    words.sort_unstable();
    words.dedup();
    for word in words {
        let ours: Vec<Option<String>> = mappings
            .flags_named(word)
            .filter(|(_, f)| f.on == FlagPlace::Tile)
            .map(|(owner, f)| attribute_text(def.attribute(owner), f.attribute.get_ref()))
            .collect();
        let theirs = tile_flags.iter().find(|(n, _)| *n == word).map(|(_, v)| v);
        let agrees = match theirs {
            Some(v) => ours.iter().any(|o| o.as_ref() == Some(v)),
            None => ours.iter().all(Option::is_none),
        };
        if !agrees {
            let here: Vec<String> = ours.iter().flatten().cloned().collect();
            out.push(match theirs {
                Some(v) if here.is_empty() => format!("JCZ's tile has `{word}` ({v}), this engine's not"),
                Some(v) => format!("JCZ's tile has `{word}` = {v}, this engine's {}", here.join(" / ")),
                None => format!("this engine's tile has JCZ's `{word}`, the description not"),
            });
        }
    }
    for text in &entry.features {
        let text = text.get_ref();
        let Ok(jf) = JczFeature::parse(text, mappings) else {
            continue;
        };
        let location = jf.location.rotated(turn);
        let found = landscape
            .feature_kind(&jf.kind)
            .and_then(|kind| location.find(&def.features, Some(kind)));
        let Some(fi) = found else {
            out.push(format!("no feature here is JCZ's `{text}`"));
            continue;
        };
        let f = &def.features[fi];
        if f.pennants != jf.pennants {
            out.push(format!("`{text}`: {} pennants here", f.pennants));
        }
        out.extend(flag_mismatches(text, &jf, f, mappings));
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

/// Where the feature flags of a description disagree with the attributes
/// of this engine's feature: a word JCZ writes must be one of its owners'
/// attributes here, and a word JCZ leaves out none of them.
fn flag_mismatches(text: &str, jf: &JczFeature, f: &FeatureDef, mappings: &Mappings) -> Vec<String> {
    let mut words: Vec<&str> = mappings
        .flags()
        .filter(|(_, fl)| fl.on == FlagPlace::Feature)
        .map(|(_, fl)| fl.jcz.get_ref().as_str())
        .collect();
    words.sort_unstable();
    words.dedup();
    let mut out = Vec::new();
    for word in words {
        let ours: Vec<Option<String>> = mappings
            .flags_named(word)
            .filter(|(_, fl)| fl.on == FlagPlace::Feature)
            .map(|(owner, fl)| attribute_text(f.attributes.get(owner), fl.attribute.get_ref()))
            .collect();
        let theirs = jf.flag(word);
        let agrees = match &theirs {
            Some(v) => ours.iter().any(|o| o.as_ref() == Some(v)),
            None => ours.iter().all(Option::is_none),
        };
        if !agrees {
            let here: Vec<String> = ours.iter().flatten().cloned().collect();
            out.push(format!(
                "`{text}`: {word} {} here",
                if here.is_empty() {
                    "absent".to_string()
                } else {
                    format!("= {}", here.join(" / "))
                }
            ));
        }
    }
    out
}
