//! Edits a person makes on a tile's picture (the browser editor): repaint a
//! side, move a segment between features, pennants, a cloister, which
//! cities a field touches, expansion attributes; and new, duplicated and
//! deleted tiles.
//!
//! Each edit works on the tile as the loader reads it ([`TileDef`]), so it
//! can reason about segments rather than names, and writes the result back
//! into the tile's `[[tile]]` table with `toml_edit`: the keys it changes
//! are replaced (a changed feature list is rewritten one feature per line),
//! everything else in the file keeps its bytes and comments.

use super::{EditError, parse_doc, position, quote, replace_value, tile_ids, validate};
use carcassonne_core::tiles::{
    AttributeCheck, EdgeKind, FeatureDef, FeatureKind, KindShape, Landscape, Segments, TileDef,
};
use carcassonne_core::{Segment, Side};
use serde::Deserialize;
use toml_edit::{DocumentMut, InlineTable, Item, Table, Value};

/// One edit on the picture, as the editor page sends it (`{"op": "move-segment", …}`).
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case", deny_unknown_fields)]
pub enum PictureEdit {
    /// Makes `side` (N, E, S, W) a side of `kind` (C, R, F, X, or any
    /// declared edge kind by letter or name): its
    /// segments leave their features and form new ones (a city side its
    /// own city, a road its own road ending in the middle, field halves
    /// join the field next to them round the edge).
    SetEdge {
        /// N, E, S or W.
        side: String,
        /// C, R, F, X or a declared edge kind's letter or name.
        kind: String,
    },
    /// Moves `segment` (and the rest of its side when the side is a city or
    /// a field: those are covered whole) into feature `to` (0-based), or
    /// into a new feature of its kind when `to` is absent.
    MoveSegment {
        /// A segment name (`NW`, `N` …).
        segment: String,
        /// The feature to join; a new one when absent.
        #[serde(default)]
        to: Option<usize>,
    },
    /// Sets a city's number of pennants.
    SetPennants {
        /// The city (0-based feature index).
        feature: usize,
        /// 0 to 9.
        pennants: u8,
    },
    /// Adds a cloister in the middle of the tile, or takes it away.
    ToggleCloister,
    /// Adds a feature of a kind that lies inside the tile (a garden) by
    /// its name, or takes it away.
    ToggleInner {
        /// The kind's name (`garden`).
        kind: String,
    },
    /// Makes field `field` touch the city covering side `city`, or no longer touch it.
    ToggleCity {
        /// The field (0-based feature index).
        field: usize,
        /// A side the city covers.
        city: String,
    },
    /// Sets (or, with `value` absent, removes) the attribute `key` of
    /// `expansion` on the tile or on feature `feature`.
    SetAttribute {
        /// The feature; the tile itself when absent.
        #[serde(default)]
        feature: Option<usize>,
        /// The expansion's id.
        expansion: String,
        /// The attribute.
        key: String,
        /// The new value (`"nest"`, `true`, `2`); absent removes the key.
        #[serde(default)]
        value: Option<serde_json::Value>,
    },
    /// Sets the number of copies.
    SetCount {
        /// 1 to 10000.
        count: i64,
    },
    /// Sets (or with an empty text removes) the tile's name for people.
    SetName {
        /// The name.
        name: String,
    },
}

/// A segment edit that cannot be made, in words for the person clicking.
fn refuse(message: impl Into<String>) -> EditError {
    EditError::Picture(message.into())
}

fn side_named(name: &str) -> Result<Side, EditError> {
    Side::ALL
        .into_iter()
        .find(|s| s.name() == name)
        .ok_or_else(|| refuse(format!("unknown side `{name}`; expected N, E, S or W")))
}

/// The segments that move together with `segment`: a city or field side is
/// covered whole, a road side's halves and centre each on their own.
fn unit_of(landscape: &Landscape, edges: &[EdgeKind; 4], segment: Segment) -> Vec<Segment> {
    let edge = edges[segment.side() as usize];
    if landscape.kind_at(edge, segment).is_none() {
        Vec::new()
    } else if landscape.is_whole(edge) {
        Segment::of_side(segment.side()).to_vec()
    } else {
        vec![segment]
    }
}

fn owner(def: &TileDef, segment: Segment) -> Option<usize> {
    def.features.iter().position(|f| f.segments.contains(segment))
}

fn without(segments: Segments, gone: &[Segment]) -> Segments {
    let mut mask = segments.0;
    for s in gone {
        mask &= !(1 << s.index());
    }
    Segments(mask)
}

fn new_feature(kind: FeatureKind, segments: &[Segment]) -> FeatureDef {
    let mut set = Segments::default();
    for s in segments {
        set.insert(*s);
    }
    FeatureDef {
        kind,
        segments: set,
        pennants: 0,
        touches: Vec::new(),
        leads_into: None,
        open_ends: 0,
        name: None,
        attributes: Default::default(),
    }
}

/// Removes the features (other than cloisters) left without segments,
/// renumbering the cities the fields touch.
fn drop_empty(def: &mut TileDef, landscape: &Landscape) {
    let mut i = 0;
    while i < def.features.len() {
        let f = &def.features[i];
        if landscape.shape(f.kind) != KindShape::Inner && f.segments.is_empty() {
            remove_feature(def, i);
        } else {
            i += 1;
        }
    }
}

fn remove_feature(def: &mut TileDef, index: usize) {
    def.features.remove(index);
    for f in &mut def.features {
        f.touches.retain(|&c| c != index);
        for c in &mut f.touches {
            if *c > index {
                *c -= 1;
            }
        }
    }
}

/// Applies `edit` to `def` (the tile as read from a valid file).
///
/// `landscape` holds the kinds of edge and feature the tile may use.
pub fn apply_to(def: &mut TileDef, edit: &PictureEdit, landscape: &Landscape) -> Result<(), EditError> {
    match edit {
        PictureEdit::SetEdge { side, kind } => {
            let side = side_named(side)?;
            let written = if kind.chars().count() == 1 {
                kind.to_ascii_uppercase()
            } else {
                kind.clone()
            };
            let kind = landscape.edge_kind(&written).ok_or_else(|| {
                refuse(format!(
                    "unknown edge kind `{kind}`; expected {}",
                    landscape.edge_letters()
                ))
            })?;
            set_edge(def, side, kind, landscape);
        }
        PictureEdit::MoveSegment { segment, to } => {
            let segment = Segment::parse(segment).ok_or_else(|| refuse(format!("unknown segment `{segment}`")))?;
            move_segment(def, segment, *to, landscape)?;
        }
        PictureEdit::SetPennants { feature, pennants } => {
            let f = feature_mut(def, *feature)?;
            if landscape.shape(f.kind) != KindShape::Region {
                return Err(refuse(format!(
                    "feature {} is a {}: only cities have pennants",
                    feature + 1,
                    landscape.feature_name(f.kind)
                )));
            }
            if *pennants > 9 {
                return Err(refuse("a city has 0 to 9 pennants"));
            }
            f.pennants = *pennants;
        }
        PictureEdit::ToggleCloister => match def.features.iter().position(|f| f.kind == FeatureKind::CLOISTER) {
            Some(i) => remove_feature(def, i),
            None => def.features.insert(0, new_feature(FeatureKind::CLOISTER, &[])),
        },
        PictureEdit::ToggleInner { kind } => {
            let k = landscape
                .feature_kind(kind)
                .filter(|&k| landscape.shape(k) == KindShape::Inner)
                .ok_or_else(|| refuse(format!("`{kind}` is no kind of feature that lies inside a tile")))?;
            match def.features.iter().position(|f| f.kind == k) {
                Some(i) => remove_feature(def, i),
                None => def.features.insert(0, new_feature(k, &[])),
            }
        }
        PictureEdit::ToggleCity { field, city } => {
            let side = side_named(city)?;
            let city = def
                .features
                .iter()
                .position(|f| f.kind == FeatureKind::CITY && f.segments.contains(Segment::centre(side)))
                .ok_or_else(|| refuse(format!("no city covers side {}", side.name())))?;
            let f = feature_mut(def, *field)?;
            if landscape.shape(f.kind) != KindShape::Land {
                return Err(refuse(format!(
                    "feature {} is a {}: only fields touch cities",
                    field + 1,
                    landscape.feature_name(f.kind)
                )));
            }
            match f.touches.iter().position(|&c| c == city) {
                Some(i) => {
                    f.touches.remove(i);
                }
                None => {
                    f.touches.push(city);
                    f.touches.sort_unstable();
                }
            }
        }
        PictureEdit::SetAttribute {
            feature,
            expansion,
            key,
            value,
        } => {
            let attributes = match feature {
                Some(i) => &mut feature_mut(def, *i)?.attributes,
                None => &mut def.attributes,
            };
            let table = attributes
                .entry(expansion.clone())
                .or_insert_with(|| toml::Value::Table(Default::default()));
            let Some(table) = table.as_table_mut() else {
                return Err(refuse(format!("`{expansion}` is not a table")));
            };
            match value {
                Some(v) => {
                    let v: toml::Value =
                        serde_json::from_value(v.clone()).map_err(|e| refuse(format!("attribute `{key}`: {e}")))?;
                    table.insert(key.clone(), v);
                }
                None => {
                    table.remove(key);
                }
            }
            if table.is_empty() {
                attributes.remove(expansion);
            }
        }
        PictureEdit::SetCount { count } => {
            def.count = u32::try_from(*count)
                .ok()
                .filter(|c| (1..=10_000).contains(c))
                .ok_or_else(|| refuse(format!("count {count}: a tile has 1 to 10000 copies")))?;
        }
        PictureEdit::SetName { name } => {
            def.name = Some(name.trim().to_string()).filter(|n| !n.is_empty());
        }
    }
    Ok(())
}

fn feature_mut(def: &mut TileDef, index: usize) -> Result<&mut FeatureDef, EditError> {
    let count = def.features.len();
    def.features.get_mut(index).ok_or_else(|| {
        refuse(format!(
            "the tile has {count} features; there is no feature {}",
            index + 1
        ))
    })
}

fn set_edge(def: &mut TileDef, side: Side, kind: EdgeKind, landscape: &Landscape) {
    let segs = Segment::of_side(side);
    for f in &mut def.features {
        f.segments = without(f.segments, &segs);
    }
    def.edges[side as usize] = kind;
    drop_empty(def, landscape);
    let [Some(first), Some(centre), Some(_)] = segs.map(|s| landscape.kind_at(kind, s)) else {
        // A wall: no feature reaches it.
        return;
    };
    match landscape.shape(centre) {
        // A whole field side joins the field next to it.
        KindShape::Land => join_field_nearby(def, &segs, first),
        // A road or river side: its own road ending in the middle, its
        // halves join the field next to them.
        KindShape::Path => {
            def.features.push(new_feature(centre, &[segs[1]]));
            for half in [segs[0], segs[2]] {
                join_field_nearby(def, &[half], first);
            }
        }
        // A city side: its own city.
        KindShape::Region | KindShape::Inner => def.features.push(new_feature(centre, &segs)),
    }
}

/// Puts field segments into the field next to them round the edge, or a new field.
fn join_field_nearby(def: &mut TileDef, segs: &[Segment], field_kind: FeatureKind) {
    let first = segs[0].index();
    let last = segs[segs.len() - 1].index();
    let neighbours = [Segment::from_index(first + 11), Segment::from_index(last + 1)];
    let field = neighbours
        .into_iter()
        .filter_map(|n| owner(def, n))
        .find(|&i| def.features[i].kind == field_kind);
    match field {
        Some(i) => {
            for s in segs {
                def.features[i].segments.insert(*s);
            }
        }
        None => def.features.push(new_feature(field_kind, segs)),
    }
}

fn move_segment(
    def: &mut TileDef,
    segment: Segment,
    to: Option<usize>,
    landscape: &Landscape,
) -> Result<(), EditError> {
    let unit = unit_of(landscape, &def.edges, segment);
    let Some(kind) = landscape.kind_at(def.edges[segment.side() as usize], segment) else {
        return Err(refuse(format!(
            "side {} is a wall: no feature reaches it",
            segment.side().name()
        )));
    };
    let from = owner(def, segment);
    if let Some(to) = to {
        let target = def.features.get(to).ok_or_else(|| {
            refuse(format!(
                "the tile has {} features; there is no feature {}",
                def.features.len(),
                to + 1
            ))
        })?;
        if target.kind != kind {
            return Err(refuse(format!(
                "segment {} is part of a {}, so it cannot join feature {} (a {})",
                segment.name(),
                landscape.feature_name(kind),
                to + 1,
                landscape.feature_name(target.kind)
            )));
        }
        if from == Some(to) {
            return Ok(());
        }
        for f in &mut def.features {
            f.segments = without(f.segments, &unit);
        }
        for s in &unit {
            def.features[to].segments.insert(*s);
        }
        split_fields_cut_by(def, to, landscape);
    } else {
        if let Some(from) = from {
            let all = def.features[from].segments;
            if without(all, &unit).is_empty() {
                return Err(refuse(format!(
                    "segment {} is all of feature {}: it is a feature of its own already",
                    segment.name(),
                    from + 1
                )));
            }
        }
        for f in &mut def.features {
            f.segments = without(f.segments, &unit);
        }
        def.features.push(new_feature(kind, &unit));
    }
    drop_empty(def, landscape);
    Ok(())
}

/// Splits each field that feature `cut` (a road or city now reaching two
/// sides or more) divides: its segments on either side of the cut become
/// fields of their own, each touching the cities it borders. A road drawn
/// across a tile so leaves a field on each side, as on the printed tiles;
/// a field the author wants whole again (under a bridge, say) is joined
/// back with "Add to feature", and stays so.
fn split_fields_cut_by(def: &mut TileDef, cut: usize, landscape: &Landscape) {
    let Some(cutter) = def.features.get(cut) else { return };
    if landscape.shape(cutter.kind) == KindShape::Land || cutter.segments.sides().count() < 2 {
        return;
    }
    let cutter = cutter.segments;
    // The runs of the tile's edge between the cut's segments, in order
    // round the tile: each is one side of the cut.
    let start = (0..12).find(|&i| cutter.contains(Segment::from_index(i))).unwrap_or(0);
    let mut arcs: Vec<Vec<Segment>> = Vec::new();
    let mut run: Vec<Segment> = Vec::new();
    for k in 1..=12 {
        let s = Segment::from_index((start + k) % 12);
        if cutter.contains(s) {
            if !run.is_empty() {
                arcs.push(std::mem::take(&mut run));
            }
        } else {
            run.push(s);
        }
    }
    if arcs.len() < 2 {
        return;
    }
    let fields: Vec<usize> = (0..def.features.len())
        .filter(|&i| landscape.shape(def.features[i].kind) == KindShape::Land)
        .collect();
    for field in fields {
        let segments = def.features[field].segments;
        let parts: Vec<Vec<Segment>> = arcs
            .iter()
            .map(|arc| {
                arc.iter()
                    .copied()
                    .filter(|s| segments.contains(*s))
                    .collect::<Vec<_>>()
            })
            .filter(|part| !part.is_empty())
            .collect();
        if parts.len() < 2 {
            continue;
        }
        let kind = def.features[field].kind;
        let touches = def.features[field].touches.clone();
        for (n, part) in parts.iter().enumerate() {
            // The cities next to this part round the edge.
            let near: Vec<usize> = touches
                .iter()
                .copied()
                .filter(|&c| {
                    def.features.get(c).is_some_and(|city| {
                        part.iter().any(|s| {
                            let i = s.index();
                            [Segment::from_index((i + 1) % 12), Segment::from_index((i + 11) % 12)]
                                .iter()
                                .any(|n| city.segments.contains(*n))
                        })
                    })
                })
                .collect();
            if n == 0 {
                let f = &mut def.features[field];
                f.segments = without(segments, &parts[1..].concat());
                f.touches = near;
            } else {
                let mut piece = new_feature(kind, part);
                piece.touches = near;
                def.features.push(piece);
            }
        }
    }
}

/// The names a feature's `edges` list holds: a whole side by its letter
/// (a road's by its centre), halves by their names.
fn edge_names(f: &FeatureDef, landscape: &Landscape) -> Vec<&'static str> {
    let mut names = Vec::new();
    for side in Side::ALL {
        let segs = Segment::of_side(side);
        match landscape.shape(f.kind) {
            KindShape::Path => {
                if f.segments.contains(segs[1]) {
                    names.push(side.name());
                }
            }
            _ if segs.iter().all(|s| f.segments.contains(*s)) => names.push(side.name()),
            _ => names.extend(segs.iter().filter(|s| f.segments.contains(**s)).map(|s| s.name())),
        }
    }
    names
}

/// The side a feature is named by in a field's `cities`.
fn city_side(f: &FeatureDef) -> Option<&'static str> {
    f.segments.sides().next().map(Side::name)
}

/// `value` as a `toml_edit` inline value.
fn edit_value(value: &toml::Value) -> Value {
    match value {
        toml::Value::String(s) => Value::from(s.as_str()),
        toml::Value::Integer(i) => Value::from(*i),
        toml::Value::Float(f) => Value::from(*f),
        toml::Value::Boolean(b) => Value::from(*b),
        toml::Value::Datetime(d) => d.to_string().parse().unwrap_or_else(|_| Value::from(d.to_string())),
        toml::Value::Array(a) => Value::Array(a.iter().map(edit_value).collect()),
        toml::Value::Table(t) => {
            let mut inline = InlineTable::new();
            for (k, v) in t {
                inline.insert(k, edit_value(v));
            }
            Value::InlineTable(inline)
        }
    }
}

/// A feature as one inline table, in the order of the project's files.
fn feature_toml(def: &TileDef, f: &FeatureDef, landscape: &Landscape) -> Value {
    let mut t = InlineTable::new();
    t.insert("kind", Value::from(landscape.feature_name(f.kind)));
    if landscape.shape(f.kind) != KindShape::Inner {
        t.insert(
            "edges",
            Value::Array(edge_names(f, landscape).into_iter().map(Value::from).collect()),
        );
    }
    if f.pennants > 0 {
        t.insert("pennants", Value::from(i64::from(f.pennants)));
    }
    if !f.touches.is_empty() {
        let cities = f
            .touches
            .iter()
            .filter_map(|&c| def.features.get(c).and_then(city_side))
            .map(Value::from);
        t.insert("cities", Value::Array(cities.collect()));
    }
    if let Some(name) = &f.name {
        t.insert("name", Value::from(name.as_str()));
    }
    for (k, v) in &f.attributes {
        t.insert(k, edit_value(v));
    }
    t.fmt();
    Value::InlineTable(t)
}

/// The features array, one feature per line.
fn features_toml(def: &TileDef, landscape: &Landscape) -> Value {
    let mut array = toml_edit::Array::new();
    for f in &def.features {
        let mut v = feature_toml(def, f, landscape);
        v.decor_mut().set_prefix("\n  ");
        v.decor_mut().set_suffix("");
        array.push_formatted(v);
    }
    array.set_trailing(",\n");
    array.set_trailing_comma(false);
    if def.features.is_empty() {
        array.set_trailing("");
    }
    Value::Array(array)
}

/// Writes `def` over the `[[tile]]` table that was `before`: changed keys
/// are replaced, unchanged ones keep their text.
fn write_back(table: &mut Table, before: &TileDef, def: &TileDef, landscape: &Landscape) {
    let set = |table: &mut Table, key: &str, value: Value| match table.get_mut(key) {
        Some(item) => replace_value(item, value),
        None => {
            table.insert(key, Item::Value(value));
        }
    };
    if before.edges != def.edges {
        let letters: String = def.edges.iter().map(|&e| landscape.letter(e)).collect();
        set(table, "edges", Value::from(letters));
    }
    if before.count != def.count {
        set(table, "count", Value::from(i64::from(def.count)));
    }
    if before.name != def.name {
        match &def.name {
            Some(n) => set(table, "name", Value::from(n.as_str())),
            None => {
                table.remove("name");
            }
        }
    }
    if before.features != def.features || before.edges != def.edges {
        let features = features_toml(def, landscape);
        match table.get_mut("features").and_then(Item::as_value_mut) {
            // The old array's prefix (` `) stays; its layout does not.
            Some(old) => {
                let prefix = old.decor().prefix().cloned();
                *old = features;
                if let Some(p) = prefix {
                    old.decor_mut().set_prefix(p);
                }
            }
            None => {
                table.insert("features", Item::Value(features));
            }
        }
    }
    let expansions: std::collections::BTreeSet<&String> =
        before.attributes.keys().chain(def.attributes.keys()).collect();
    for id in expansions {
        match (before.attributes.get(id), def.attributes.get(id)) {
            (a, b) if a == b => {}
            (_, None) => {
                table.remove(id);
            }
            (_, Some(value)) => {
                let sub = table.entry(id).or_insert_with(|| Item::Table(Table::new()));
                if !sub.is_table() {
                    *sub = Item::Table(Table::new());
                }
                let Some(sub) = sub.as_table_mut() else { continue };
                let keys: Vec<String> = sub.iter().map(|(k, _)| k.to_string()).collect();
                let new = value.as_table().cloned().unwrap_or_default();
                for k in keys {
                    if !new.contains_key(&k) {
                        sub.remove(&k);
                    }
                }
                for (k, v) in &new {
                    match sub.get_mut(k) {
                        Some(item) => replace_value(item, edit_value(v)),
                        None => {
                            sub.insert(k, Item::Value(edit_value(v)));
                        }
                    }
                }
            }
        }
    }
}

/// `text` with `edit` made to tile `id`. The file must load before the
/// edit (the edit reasons about the tile as read); the result is not yet
/// checked by the loader: [`validate`] it.
pub fn edit_tile(
    file: &str,
    text: &str,
    attributes: &dyn AttributeCheck,
    id: &str,
    edit: &PictureEdit,
) -> Result<String, EditError> {
    let set = validate(file, text, attributes).map_err(|e| match e {
        EditError::Invalid { rendered, .. } => EditError::InvalidBefore { rendered },
        other => other,
    })?;
    let mut doc = parse_doc(text)?;
    let index = position(&doc, id)?;
    let before = set
        .tiles
        .iter()
        .find(|t| t.id == id)
        .cloned()
        .ok_or_else(|| EditError::UnknownTile {
            id: id.to_string(),
            known: tile_ids(&doc).join(", "),
        })?;
    let mut def = before.clone();
    let landscape = attributes.landscape();
    apply_to(&mut def, edit, &landscape)?;
    let table = tile_table(&mut doc, index)?;
    write_back(table, &before, &def, &landscape);
    Ok(doc.to_string())
}

fn tile_table(doc: &mut DocumentMut, index: usize) -> Result<&mut Table, EditError> {
    doc.get_mut("tile")
        .and_then(Item::as_array_of_tables_mut)
        .and_then(|aot| aot.get_mut(index))
        .ok_or_else(|| refuse("the file has no such tile"))
}

/// The first id `stem`, `stem-2`, `stem-3` … that `text` does not use yet.
pub fn free_id(text: &str, stem: &str) -> Result<String, EditError> {
    let doc = parse_doc(text)?;
    let ids = tile_ids(&doc);
    let stem = if stem.is_empty() { "T" } else { stem };
    Ok((1..)
        .map(|n| format!("{stem}-{n}"))
        .find(|id| !ids.contains(id))
        .unwrap_or_else(|| stem.to_string()))
}

/// The stem of new tile ids in set `set`: the initials of its words, upper
/// case (`my-tiles` → `MT`), or the first two letters of a one-word id, so
/// that new tiles (`MT-1`, `MT-2` …) do not take the ids of the base game
/// (`A` … `X`) or of another set: tile ids are unique across the sets of a
/// game.
pub fn id_stem(set: &str) -> String {
    let words: Vec<&str> = set.split(['-', '_']).filter(|w| !w.is_empty()).collect();
    let stem: String = if words.len() > 1 {
        words.iter().filter_map(|w| w.chars().next()).collect()
    } else {
        set.chars().filter(|c| c.is_ascii_alphanumeric()).take(2).collect()
    };
    if stem.is_empty() {
        "T".into()
    } else {
        stem.to_uppercase()
    }
}

/// The `[set] id` of a tile file's text, if it has one.
pub fn set_id(text: &str) -> Option<String> {
    let doc = parse_doc(text).ok()?;
    doc.get("set")?.get("id")?.as_str().map(str::to_string)
}

/// The text of a blank tile: four field sides, one field, one copy.
pub fn blank_tile(id: &str) -> String {
    format!(
        "[[tile]]\nid = {}\ncount = 1\nedges = \"FFFF\"\nfeatures = [\n  {{ kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"] }},\n]\n",
        quote(id)
    )
}

/// `text` with a blank tile `id` appended.
pub fn add_blank(text: &str, id: &str) -> Result<String, EditError> {
    let doc = parse_doc(text)?;
    if tile_ids(&doc).iter().any(|i| i == id) {
        return Err(EditError::DuplicateId(id.to_string()));
    }
    Ok(append(text, &blank_tile(id)))
}

fn append(text: &str, block: &str) -> String {
    let mut out = text.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(block);
    out
}

/// `text` with a copy of tile `id` named `new` appended (its attribute
/// tables and comments inside it included).
pub fn duplicate(text: &str, id: &str, new: &str) -> Result<String, EditError> {
    let mut doc = parse_doc(text)?;
    let index = position(&doc, id)?;
    if tile_ids(&doc).iter().any(|i| i == new) {
        return Err(EditError::DuplicateId(new.to_string()));
    }
    let mut copy = tile_table(&mut doc, index)?.clone();
    if let Some(item) = copy.get_mut("id") {
        replace_value(item, Value::from(new));
    }
    // The comment lines above the original's header stay with it, and the
    // copy goes last, not next to the original.
    copy.decor_mut().set_prefix("\n");
    copy.set_position(None);
    if let Some(aot) = doc.get_mut("tile").and_then(Item::as_array_of_tables_mut) {
        aot.push(copy);
    }
    Ok(doc.to_string())
}

/// A new tile file: the `[set]` table and one blank tile `T`.
pub fn new_set(id: &str, name: &str) -> String {
    format!(
        "# Tile set `{id}`, made in the tile editor (see docs/tile-format.md).\n[set]\nid = {}\nname = {}\n\n{}",
        quote(id),
        quote(name),
        blank_tile(&format!("{}-1", id_stem(id)))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_core::Catalog;

    const ONE: &str = "[set]\nid = \"mine\"\nname = \"Mine\"\n\n# the tile\n[[tile]]\nid = \"T\" # keep me\ncount = 1\nedges = \"FFFF\"\nfeatures = [\n  { kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"] },\n]\n";

    fn run(text: &str, edits: &[PictureEdit]) -> (String, TileDef) {
        let catalog = Catalog::default();
        let mut text = text.to_string();
        for e in edits {
            text = edit_tile("t.toml", &text, &catalog, "T", e).unwrap_or_else(|e| panic!("{e}"));
        }
        let set = validate("t.toml", &text, &catalog).unwrap_or_else(|e| panic!("{e}\n{text}"));
        (text, set.tile("T").unwrap().clone())
    }

    fn edge(side: &str, kind: &str) -> PictureEdit {
        PictureEdit::SetEdge {
            side: side.into(),
            kind: kind.into(),
        }
    }

    #[test]
    fn a_city_on_two_sides_with_a_road_is_built_from_a_blank_tile() {
        let (text, def) = run(
            ONE,
            &[
                edge("N", "C"),
                edge("E", "C"),
                // Join the two city parts: E into N's city.
                PictureEdit::MoveSegment {
                    segment: "E".into(),
                    to: Some(1),
                },
                PictureEdit::SetPennants {
                    feature: 1,
                    pennants: 1,
                },
                edge("S", "R"),
            ],
        );
        assert!(text.contains("id = \"T\" # keep me"), "{text}");
        assert!(text.contains("# the tile\n[[tile]]"), "{text}");
        let kinds: Vec<FeatureKind> = def.features.iter().map(|f| f.kind).collect();
        assert_eq!(kinds.iter().filter(|k| **k == FeatureKind::CITY).count(), 1, "{text}");
        let city = def.features.iter().find(|f| f.kind == FeatureKind::CITY).unwrap();
        assert_eq!(city.pennants, 1);
        assert_eq!(city.segments.sides().count(), 2);
        // The road ends in the middle: the field halves on either side of it are apart.
        let fields: Vec<&FeatureDef> = def.features.iter().filter(|f| f.kind == FeatureKind::FIELD).collect();
        assert_eq!(fields.len(), 2, "{text}");
        assert!(text.contains("{ kind = \"road\", edges = [\"S\"] }"), "{text}");
    }

    #[test]
    fn a_field_is_split_and_touches_a_city_by_clicks() {
        let (_, def) = run(
            ONE,
            &[
                edge("N", "C"),
                PictureEdit::MoveSegment {
                    segment: "S".into(),
                    to: None,
                },
                PictureEdit::ToggleCity {
                    field: 0,
                    city: "N".into(),
                },
            ],
        );
        let fields: Vec<&FeatureDef> = def.features.iter().filter(|f| f.kind == FeatureKind::FIELD).collect();
        assert_eq!(fields.len(), 2);
        assert_eq!(def.features[0].touches.len(), 1);
    }

    #[test]
    fn a_road_through_the_tile_is_ended_in_the_middle_by_splitting_it() {
        let catalog = Catalog::default();
        let step = |text: &str, e: PictureEdit| edit_tile("t.toml", text, &catalog, "T", &e).unwrap();
        let roads = |def: &TileDef| def.features.iter().filter(|f| f.kind == FeatureKind::ROAD).count();
        // Two road sides, as base tile U: each new road side ends in the middle.
        let text = step(&step(ONE, edge("E", "R")), edge("W", "R"));
        let (_, def) = run(&text, &[]);
        assert_eq!(roads(&def), 2);
        let east = def.features.iter().position(|f| f.kind == FeatureKind::ROAD).unwrap();
        // Joined: one road through the tile.
        let joined = step(
            &text,
            PictureEdit::MoveSegment {
                segment: "W".into(),
                to: Some(east),
            },
        );
        let (_, def) = run(&joined, &[]);
        assert_eq!(roads(&def), 1);
        // The road across the tile cuts its field in two, north and south.
        let mut fields: Vec<Vec<&str>> = def
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::FIELD)
            .map(|f| f.segments.iter().map(|s| s.name()).collect())
            .collect();
        fields.iter_mut().for_each(|f| f.sort_unstable());
        fields.sort();
        assert_eq!(
            fields,
            [vec!["EN", "N", "NE", "NW", "WN"], vec!["ES", "S", "SE", "SW", "WS"]],
            "{joined}"
        );
        // Split off again: the road ends in the middle, as at a bush.
        let (_, def) = run(
            &joined,
            &[PictureEdit::MoveSegment {
                segment: "W".into(),
                to: None,
            }],
        );
        assert_eq!(roads(&def), 2);
    }

    /// A city drawn from north to south cuts the field into a west and an
    /// east field, each touching it; a road curve cuts off its corner.
    #[test]
    fn a_city_or_a_curve_across_the_tile_splits_the_field() {
        let (text, def) = run(
            ONE,
            &[
                edge("N", "C"),
                edge("S", "C"),
                PictureEdit::ToggleCity {
                    field: 0,
                    city: "N".into(),
                },
                PictureEdit::MoveSegment {
                    segment: "S".into(),
                    to: Some(1),
                },
            ],
        );
        let city = def.features.iter().position(|f| f.kind == FeatureKind::CITY).unwrap();
        let fields: Vec<&FeatureDef> = def.features.iter().filter(|f| f.kind == FeatureKind::FIELD).collect();
        assert_eq!(fields.len(), 2, "{text}");
        for f in &fields {
            assert_eq!(f.segments.sides().count(), 1, "one side each: {text}");
            assert_eq!(f.touches, [city], "{text}");
        }

        let (text, def) = run(
            ONE,
            &[
                edge("E", "R"),
                edge("S", "R"),
                PictureEdit::MoveSegment {
                    segment: "S".into(),
                    to: Some(1),
                },
            ],
        );
        let mut sizes: Vec<usize> = def
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::FIELD)
            .map(|f| f.segments.iter().count())
            .collect();
        sizes.sort_unstable();
        assert_eq!(sizes, [2, 8], "the corner inside the curve, and the rest: {text}");
    }

    #[test]
    fn a_cloister_and_a_name_and_a_count_come_and_go() {
        let (text, def) = run(
            ONE,
            &[
                PictureEdit::ToggleCloister,
                PictureEdit::SetCount { count: 3 },
                PictureEdit::SetName { name: "Chapel".into() },
            ],
        );
        assert!(def.features.iter().any(|f| f.kind == FeatureKind::CLOISTER));
        assert_eq!(def.count, 3);
        assert!(text.contains("name = \"Chapel\""));
        let (_, def) = run(&text, &[PictureEdit::ToggleCloister]);
        assert!(!def.features.iter().any(|f| f.kind == FeatureKind::CLOISTER));
    }

    #[test]
    fn impossible_clicks_are_refused_in_words() {
        let catalog = Catalog::default();
        let text = edit_tile("t.toml", ONE, &catalog, "T", &edge("N", "C")).unwrap();
        for (edit, says) in [
            (
                PictureEdit::MoveSegment {
                    segment: "N".into(),
                    to: Some(0),
                },
                "cannot join",
            ),
            (
                PictureEdit::MoveSegment {
                    segment: "N".into(),
                    to: None,
                },
                "of its own already",
            ),
            (
                PictureEdit::SetPennants {
                    feature: 0,
                    pennants: 1,
                },
                "only cities",
            ),
            (PictureEdit::SetCount { count: 0 }, "1 to 10000"),
            (edge("Q", "C"), "unknown side"),
            (edge("N", "Z"), "unknown edge kind"),
        ] {
            let e = edit_tile("t.toml", &text, &catalog, "T", &edit)
                .unwrap_err()
                .to_string();
            assert!(e.contains(says), "{edit:?}: {e}");
        }
    }

    #[test]
    fn new_duplicate_and_blank_tiles() {
        let catalog = Catalog::default();
        let set = new_set("my-tiles", "Mine");
        assert_eq!(set_id(&set).as_deref(), Some("my-tiles"));
        let id = free_id(&set, &id_stem("my-tiles")).unwrap();
        assert_eq!(id, "MT-2");
        let text = add_blank(&set, &id).unwrap();
        let text = duplicate(&text, "MT-1", "MT-3").unwrap();
        let loaded = validate("t.toml", &text, &catalog).unwrap();
        let ids: Vec<&str> = loaded.tiles.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["MT-1", "MT-2", "MT-3"]);
        assert!(matches!(
            duplicate(&text, "MT-1", "MT-2"),
            Err(EditError::DuplicateId(_))
        ));
        // A copy takes its attribute tables along, after its own header.
        let with_table = format!("{text}[tile.x]\nk = 1\n");
        let copied = duplicate(&with_table, "MT-3", "MT-4").unwrap();
        let header = copied.rfind("id = \"MT-4\"").unwrap();
        assert_eq!(copied.matches("[tile.x]").count(), 2, "{copied}");
        assert!(copied.rfind("[tile.x]").unwrap() > header, "{copied}");
        assert_eq!(
            (id_stem("base"), id_stem("fan_set-two"), id_stem("-")),
            ("BA".into(), "FST".into(), "T".into())
        );
    }
}
