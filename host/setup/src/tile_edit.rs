//! Editing tile files in place: add, re-count, remove and rename tiles, and
//! write a new tile with a default feature layout for its edges.
//!
//! Every edit works on the file's text with `toml_edit`, which keeps the
//! comments and layout of everything it does not touch, and the edited text
//! is read back with the engine's own loader before anything is written: an
//! edit that would leave the file invalid is refused with the loader's
//! diagnostics and the file stays as it was. The functions on text are
//! separate from the file-writing ones so that other front ends (the
//! browser editor) can reuse them.

use carcassonne_core::text_file::{MAX_TILE_FILE_BYTES, read_text_file};
use carcassonne_core::tiles::{AttributeCheck, EdgeKind, Landscape, TileSet, parse_tile_set};
use carcassonne_core::{Diagnostics, Segment, Side};
use std::path::Path;
use toml_edit::{DocumentMut, Item, Value};

mod picture;
pub use picture::{
    PictureEdit, add_blank, apply_to, blank_tile, duplicate, edit_tile, free_id, id_stem, new_set, set_id,
};

/// Why an edit was refused. The file is unchanged in every case.
#[derive(Debug)]
pub enum EditError {
    /// The file could not be read or written.
    Io {
        /// The file.
        path: String,
        /// The I/O error.
        message: String,
    },
    /// The file is not TOML to begin with (`carcassonne tiles check` shows where).
    Syntax(String),
    /// No tile has the id.
    UnknownTile {
        /// The id asked for.
        id: String,
        /// The ids the file has.
        known: String,
    },
    /// A tile with that id exists already.
    DuplicateId(String),
    /// `--edges` is not four edge letters.
    BadEdges(String),
    /// `--attr` is not `[FEATURE:]ID.KEY=VALUE`.
    Attribute(String),
    /// `--attr FEATURE:…` names no feature of the new tile's layout.
    UnknownFeature {
        /// The name given.
        name: String,
        /// The features of the layout, by name.
        known: String,
    },
    /// The file does not load before any edit (with the expansions on
    /// offer): the edit is not to blame, and nothing was written.
    InvalidBefore {
        /// The loader's problems, each rendered against the file.
        rendered: String,
    },
    /// An edit on the tile's picture that cannot be made (a road segment
    /// joining a city, a pennant on a field …).
    Picture(String),
    /// The file changed on disk since the editor read it: saving would
    /// throw the other change away, so nothing was written.
    ChangedOnDisk(String),
    /// The edited text does not load; nothing was written.
    Invalid {
        /// The loader's problems, each rendered against the edited text.
        rendered: String,
        /// The problems.
        diagnostics: Diagnostics,
    },
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::Io { path, message } => write!(f, "{path}: {message}"),
            EditError::Syntax(m) => write!(f, "the file is not valid TOML, so it was not edited: {m}"),
            EditError::UnknownTile { id, known } => write!(f, "no tile `{id}` in the file; its tiles: {known}"),
            EditError::DuplicateId(id) => write!(f, "the file already has a tile `{id}`; tile ids must be unique"),
            EditError::BadEdges(e) => write!(
                f,
                "edges `{e}`: give four edge letters N E S W, each C (city), R (road), F (field) or X (wall), \
                 e.g. CRFR or C,R,F,R"
            ),
            EditError::Attribute(a) => write!(
                f,
                "--attr `{a}`: write EXPANSION.KEY=VALUE for the tile, e.g. watchtower.height=2, or \
                 FEATURE:EXPANSION.KEY=VALUE for one feature, e.g. road:E:inns-and-cathedrals.inn=true \
                 (the value is TOML: 2, true, \"text\")"
            ),
            EditError::UnknownFeature { name, known } => write!(
                f,
                "--attr: the tile has no feature `{name}` (name one as kind:SEGMENT, a segment it covers, or by \
                 its kind when it is the only one); its features: {known}"
            ),
            EditError::Picture(m) => f.write_str(m),
            EditError::ChangedOnDisk(path) => write!(
                f,
                "{path} changed on disk since the editor read it, so it was not written (reload the file, then make the edit again)"
            ),
            EditError::InvalidBefore { rendered } => write!(
                f,
                "the file does not load as it is, before any edit, so nothing was written \
                 (if it holds attributes of an expansion loaded from a library, pass that library with --plugin):\n{rendered}"
            ),
            EditError::Invalid { rendered, .. } => {
                write!(
                    f,
                    "the edit would leave the file invalid, so it was not written:\n{rendered}"
                )
            }
        }
    }
}

impl std::error::Error for EditError {}

/// Parses `--edges`: four letters N, E, S, W, with or without commas.
pub fn parse_edges(text: &str) -> Result<[EdgeKind; 4], EditError> {
    let letters: Vec<char> = text.chars().filter(|c| *c != ',' && !c.is_whitespace()).collect();
    let kinds: Option<Vec<EdgeKind>> = letters
        .iter()
        .map(|c| Landscape::base().edge_by_letter(c.to_ascii_uppercase()))
        .collect();
    match kinds {
        Some(k) if k.len() == 4 => Ok([k[0], k[1], k[2], k[3]]),
        _ => Err(EditError::BadEdges(text.to_string())),
    }
}

/// What `carcassonne tiles new` and `add` make.
#[derive(Clone, Debug)]
pub struct NewTile {
    /// Tile id.
    pub id: String,
    /// Edge kinds N, E, S, W.
    pub edges: [EdgeKind; 4],
    /// Copies.
    pub count: u32,
    /// Whether the tile has a cloister in its middle.
    pub cloister: bool,
    /// Optional name for people.
    pub name: Option<String>,
    /// Expansion attributes of the tile or of one of its features, written
    /// as `[tile.ID] KEY = VALUE` or `ID = { KEY = VALUE }` on the feature,
    /// and checked by that expansion.
    pub attributes: Vec<NewAttribute>,
}

/// One `--attr`: an expansion's attribute of a new tile, or of one feature
/// of its layout.
#[derive(Clone, Debug)]
pub struct NewAttribute {
    /// The feature it goes on (`road:E`, `city:N`, `cloister`), or `None`
    /// for the tile.
    pub feature: Option<String>,
    /// The expansion's id.
    pub expansion: String,
    /// The key in the expansion's table.
    pub key: String,
    /// The value.
    pub value: toml_edit::Value,
}

/// Parses `ID.KEY=VALUE` (`--attr watchtower.height=2`), an attribute of
/// the tile, or `FEATURE:ID.KEY=VALUE` (`--attr
/// road:E:inns-and-cathedrals.inn=true`), one of a feature named as records
/// name it. The value is read as TOML (a number, `true`, `"text"`, `[1,
/// 2]`), and as text when it is not TOML.
pub fn parse_attribute(text: &str) -> Result<NewAttribute, EditError> {
    let bad = || EditError::Attribute(text.to_string());
    let (path, value) = text.split_once('=').ok_or_else(bad)?;
    // An expansion id and key hold no `:`; a feature name does.
    let (feature, path) = match path.rsplit_once(':') {
        Some((feature, rest)) => (Some(feature.trim().to_string()), rest),
        None => (None, path),
    };
    let (id, key) = path.split_once('.').ok_or_else(bad)?;
    let (id, key, value) = (id.trim(), key.trim(), value.trim());
    if id.is_empty() || key.is_empty() || feature.as_deref().is_some_and(str::is_empty) {
        return Err(bad());
    }
    Ok(NewAttribute {
        feature,
        expansion: id.to_string(),
        key: key.to_string(),
        value: value
            .parse::<toml_edit::Value>()
            .unwrap_or_else(|_| toml_edit::Value::from(value)),
    })
}

/// The `[[tile]]` table for `tile` with the default feature layout, in the
/// style of the project's tile files (one feature per line):
///
/// - every city side belongs to one city;
/// - road sides: exactly two make one road through the centre; one is a
///   road ending in the centre; three or four meet at a junction, each its
///   own road (so do all roads of a tile with a cloister, which they end at);
/// - fields are the field segments between the cuts that the roads and the
///   city make across the tile: a city on one side (a cap) or a single road
///   cuts nothing off, a city or road joining two sides splits the fields
///   into those on either side of it;
/// - each field touches the city when it borders one of the city's sides.
pub fn tile_toml(tile: &NewTile) -> Result<String, EditError> {
    let centre = |side: Side| Segment::of_side(side)[1];
    let sides_of = |kind: EdgeKind| -> Vec<Side> {
        Side::ALL
            .into_iter()
            .filter(|s| tile.edges[*s as usize] == kind)
            .collect()
    };
    let cities = sides_of(EdgeKind::CITY);
    let roads = sides_of(EdgeKind::ROAD);
    // Each feature: its kind, the segments it covers, and the rest of its
    // inline table after `edges`.
    let mut features: Vec<(&str, Vec<&str>, String)> = Vec::new();
    if tile.cloister {
        features.push(("cloister", Vec::new(), String::new()));
    }
    let list = |names: &[&str]| names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ");
    if !cities.is_empty() {
        let names: Vec<&str> = cities.iter().map(|s| s.name()).collect();
        features.push(("city", names, String::new()));
    }
    if roads.len() == 2 && !tile.cloister {
        let names: Vec<&str> = roads.iter().map(|s| s.name()).collect();
        features.push(("road", names, String::new()));
    } else {
        // Roads that end at the cloister, or meet at a crossing: the
        // landscape says so (`leads_into`, docs/tile-format.md).
        let end = if tile.cloister {
            ", leads_into = \"cloister\""
        } else if roads.len() >= 3 {
            ", leads_into = \"crossing\""
        } else {
            ""
        };
        for s in &roads {
            features.push(("road", vec![s.name()], end.to_string()));
        }
    }
    // The ring of the 12 edge segments, clockwise from NW. Each group of
    // non-field sides (the roads, joined at the centre; the city) touches
    // the ring at some positions; two field segments are apart when such a
    // group touches the ring on both arcs between them.
    let is_field = |i: usize| {
        let seg = Segment::from_index(i);
        Landscape::base().kind_at(tile.edges[seg.side() as usize], seg) == Some(carcassonne_core::FeatureKind::FIELD)
    };
    let groups: Vec<Vec<usize>> = [
        roads.iter().map(|s| centre(*s).index()).collect::<Vec<_>>(),
        cities.iter().map(|s| centre(*s).index()).collect(),
    ]
    .into_iter()
    .filter(|g| g.len() >= 2)
    .collect();
    let between = |a: usize, b: usize, p: usize| (a < p && p < b) || (b < p && p < a);
    let apart = |a: usize, b: usize| {
        groups
            .iter()
            .any(|g| g.iter().any(|&p| between(a, b, p)) && g.iter().any(|&p| !between(a, b, p)))
    };
    let mut region: Vec<Option<usize>> = vec![None; 12];
    let mut regions = 0;
    for i in (0..12).filter(|&i| is_field(i)) {
        if region[i].is_some() {
            continue;
        }
        for (j, r) in region.iter_mut().enumerate().skip(i) {
            if is_field(j) && r.is_none() && !apart(i, j) {
                *r = Some(regions);
            }
        }
        regions += 1;
    }
    for r in 0..regions {
        let segs: Vec<usize> = (0..12).filter(|&i| region[i] == Some(r)).collect();
        let mut names: Vec<&str> = Vec::new();
        for side in Side::ALL {
            let of_side = Segment::of_side(side);
            if of_side.iter().all(|s| segs.contains(&s.index())) {
                names.push(side.name());
            } else {
                names.extend(of_side.iter().filter(|s| segs.contains(&s.index())).map(|s| s.name()));
            }
        }
        let borders_city = segs.iter().any(|&i| {
            [(i + 11) % 12, (i + 1) % 12]
                .iter()
                .any(|&n| tile.edges[Segment::from_index(n).side() as usize] == EdgeKind::CITY)
        });
        let touches = match cities.first() {
            Some(c) if borders_city => format!(", cities = [\"{}\"]", c.name()),
            _ => String::new(),
        };
        features.push(("field", names, touches));
    }
    // Attributes of one feature, as inline tables on it.
    let mut extra: Vec<String> = vec![String::new(); features.len()];
    let mut feature_ids: Vec<Vec<&str>> = vec![Vec::new(); features.len()];
    for a in tile.attributes.iter().filter(|a| a.feature.is_some()) {
        let name = a.feature.as_deref().unwrap_or("");
        let fi = feature_named(&features, name).ok_or_else(|| EditError::UnknownFeature {
            name: name.to_string(),
            known: features
                .iter()
                .map(|(kind, segs, _)| match segs.first() {
                    Some(s) => format!("{kind}:{s}"),
                    None => kind.to_string(),
                })
                .collect::<Vec<_>>()
                .join(", "),
        })?;
        if !feature_ids[fi].contains(&a.expansion.as_str()) {
            feature_ids[fi].push(&a.expansion);
        }
    }
    for (fi, ids) in feature_ids.iter().enumerate() {
        for id in ids {
            let pairs: Vec<String> = tile
                .attributes
                .iter()
                .filter(|a| {
                    a.expansion == *id && a.feature.as_deref().and_then(|n| feature_named(&features, n)) == Some(fi)
                })
                .map(|a| format!("{} = {}", a.key, a.value.to_string().trim()))
                .collect();
            extra[fi].push_str(&format!(", {id} = {{ {} }}", pairs.join(", ")));
        }
    }
    let features: Vec<String> = features
        .iter()
        .zip(&extra)
        .map(|((kind, segs, rest), extra)| {
            if segs.is_empty() {
                format!("{{ kind = \"{kind}\"{rest}{extra} }}")
            } else {
                format!("{{ kind = \"{kind}\", edges = [{}]{rest}{extra} }}", list(segs))
            }
        })
        .collect();
    let edges: String = tile.edges.iter().map(|e| e.base_letter().unwrap_or('?')).collect();
    let mut out = format!(
        "[[tile]]\nid = {}\ncount = {}\nedges = \"{edges}\"\n",
        quote(&tile.id),
        tile.count
    );
    if let Some(name) = &tile.name {
        out.push_str(&format!("name = {}\n", quote(name)));
    }
    out.push_str("features = [\n");
    for f in features {
        out.push_str(&format!("  {f},\n"));
    }
    out.push_str("]\n");
    let mut ids: Vec<&str> = Vec::new();
    for a in tile.attributes.iter().filter(|a| a.feature.is_none()) {
        if !ids.contains(&a.expansion.as_str()) {
            ids.push(&a.expansion);
        }
    }
    for id in ids {
        out.push_str(&format!("[tile.{id}]\n"));
        for a in tile
            .attributes
            .iter()
            .filter(|a| a.feature.is_none() && a.expansion == id)
        {
            out.push_str(&format!("{} = {}\n", a.key, a.value.to_string().trim()));
        }
    }
    Ok(out)
}

/// The index of the feature of a new tile's layout that `name` names, as
/// records name features: `kind:SEGMENT` with any segment it covers (a
/// whole side, `N`, or a half, `NW`; a field's side counts for its halves),
/// or the kind alone when the layout has one feature of it.
fn feature_named(features: &[(&str, Vec<&str>, String)], name: &str) -> Option<usize> {
    let (kind, segment) = match name.split_once(':') {
        Some((k, s)) => (k, Some(s)),
        None => (name, None),
    };
    let of_kind: Vec<usize> = (0..features.len()).filter(|&i| features[i].0 == kind).collect();
    match segment {
        None => match of_kind.as_slice() {
            [one] => Some(*one),
            _ => None,
        },
        Some(seg) => {
            let wanted = Segment::parse(seg)?;
            of_kind.into_iter().find(|&i| {
                features[i].1.iter().any(|s| {
                    Segment::parse(s).is_some_and(|covered| {
                        covered == wanted || (covered.is_centre() && covered.side() == wanted.side() && kind != "road")
                    })
                })
            })
        }
    }
}

/// A TOML basic string for `s`, escaped by toml_edit.
pub(crate) fn quote(s: &str) -> String {
    Value::from(s).to_string().trim().to_string()
}

pub(crate) fn parse_doc(text: &str) -> Result<DocumentMut, EditError> {
    text.parse::<DocumentMut>()
        .map_err(|e| EditError::Syntax(e.to_string()))
}

pub(crate) fn tile_ids(doc: &DocumentMut) -> Vec<String> {
    doc.get("tile")
        .and_then(Item::as_array_of_tables)
        .map(|aot| {
            aot.iter()
                .filter_map(|t| t.get("id").and_then(Item::as_str).map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The position of tile `id` in the file's `[[tile]]` array.
pub(crate) fn position(doc: &DocumentMut, id: &str) -> Result<usize, EditError> {
    let ids = tile_ids(doc);
    ids.iter().position(|i| i == id).ok_or_else(|| EditError::UnknownTile {
        id: id.to_string(),
        known: if ids.is_empty() { "none".into() } else { ids.join(", ") },
    })
}

/// Replaces the value of `key` in `table`, keeping the whitespace and
/// comments around the old value.
pub(crate) fn replace_value(item: &mut Item, value: Value) {
    if let Some(old) = item.as_value_mut() {
        let decor = old.decor().clone();
        *old = value;
        *old.decor_mut() = decor;
    } else {
        *item = Item::Value(value);
    }
}

/// The `[[tile]]` table of tile `id`.
fn tile_mut<'d>(doc: &'d mut DocumentMut, id: &str) -> Result<&'d mut toml_edit::Table, EditError> {
    let index = position(doc, id)?;
    doc.get_mut("tile")
        .and_then(Item::as_array_of_tables_mut)
        .and_then(|aot| aot.get_mut(index))
        .ok_or_else(|| EditError::UnknownTile {
            id: id.to_string(),
            known: String::new(),
        })
}

/// Checks edited text with the engine's loader (the same checks as
/// `carcassonne tiles check`).
pub fn validate(file: &str, text: &str, attributes: &dyn AttributeCheck) -> Result<TileSet, EditError> {
    parse_tile_set(file, text, attributes).map_err(|diagnostics| EditError::Invalid {
        rendered: diagnostics.render_each(text).join("\n"),
        diagnostics,
    })
}

/// `text` with `tile` appended as a new `[[tile]]` at the end.
pub fn add(text: &str, tile: &NewTile) -> Result<String, EditError> {
    let doc = parse_doc(text)?;
    if tile_ids(&doc).contains(&tile.id) {
        return Err(EditError::DuplicateId(tile.id.clone()));
    }
    // Appending text rather than a table leaves every existing byte as it
    // was; a blank line separates tiles as in the project's files.
    let mut out = text.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(&tile_toml(tile)?);
    Ok(out)
}

/// `text` with tile `id`'s count set to `count`.
pub fn set_count(text: &str, id: &str, count: i64) -> Result<String, EditError> {
    let mut doc = parse_doc(text)?;
    let table = tile_mut(&mut doc, id)?;
    match table.get_mut("count") {
        Some(item) => replace_value(item, Value::from(count)),
        None => {
            table.insert("count", toml_edit::value(count));
        }
    }
    Ok(doc.to_string())
}

/// `text` without tile `id` (and the comment lines just above its header).
pub fn remove(text: &str, id: &str) -> Result<String, EditError> {
    let mut doc = parse_doc(text)?;
    let index = position(&doc, id)?;
    if let Some(aot) = doc["tile"].as_array_of_tables_mut() {
        aot.remove(index);
    }
    Ok(doc.to_string())
}

/// `text` with tile `old` renamed to `new`, and the set's `start` with it.
pub fn rename(text: &str, old: &str, new: &str) -> Result<String, EditError> {
    let mut doc = parse_doc(text)?;
    position(&doc, old)?;
    if old != new && tile_ids(&doc).iter().any(|i| i == new) {
        return Err(EditError::DuplicateId(new.to_string()));
    }
    if let Some(item) = tile_mut(&mut doc, old)?.get_mut("id") {
        replace_value(item, Value::from(new));
    }
    if let Some(start) = doc.get_mut("set").and_then(|s| s.get_mut("start"))
        && start.as_str() == Some(old)
    {
        replace_value(start, Value::from(new));
    }
    Ok(doc.to_string())
}

/// Reads `path`, applies `edit`, checks the result with the loader and,
/// when it loads, replaces the file atomically ([`crate::safe_file`]). On
/// any error the file is untouched. Returns the set as it now reads.
pub fn edit_file(
    path: &Path,
    attributes: &dyn AttributeCheck,
    edit: impl FnOnce(&str) -> Result<String, EditError>,
) -> Result<TileSet, EditError> {
    let text = read_text_file(path, MAX_TILE_FILE_BYTES, "tile file").map_err(|e| EditError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    // A file that is already broken (or whose expansion is not loaded)
    // must not make the edit look guilty.
    if let Err(EditError::Invalid { rendered, .. }) = validate(&path.display().to_string(), &text, attributes) {
        return Err(EditError::InvalidBefore { rendered });
    }
    let edited = edit(&text)?;
    let set = validate(&path.display().to_string(), &edited, attributes)?;
    // Through a symbolic link to its target; never over a device.
    crate::safe_file::write_atomically(path, &edited).map_err(|e| EditError::Io {
        path: path.display().to_string(),
        message: format!("{e:#}"),
    })?;
    Ok(set)
}
