//! Reading a tile file, reporting every problem with its place in the file.
//!
//! serde stops at the first error, and tile authors fix files faster when
//! they see all of them, so the spanned TOML tree is walked by hand.

use super::{
    Attributes, EdgeKind, FeatureDef, FeatureKind, KindShape, Landscape, LeadsInto, Segments, TileDef, TileSet,
};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::geometry::{Segment, Side};
use crate::values::is_kebab;
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// A problem an expansion found in its own attribute table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttributeProblem {
    /// Keys (or array indices as text) from the expansion's table down to the
    /// offending value; empty for the table itself.
    pub path: Vec<String>,
    /// What is wrong.
    pub message: String,
    /// Whether the key at the end of `path` is wrong (an unknown key), not
    /// its value: the diagnostic's caret then points at the key.
    pub at_key: bool,
}

impl AttributeProblem {
    /// A problem with the value at `path` inside the expansion's table.
    pub fn new(path: &[&str], message: impl Into<String>) -> Self {
        AttributeProblem {
            path: path.iter().map(|s| s.to_string()).collect(),
            message: message.into(),
            at_key: false,
        }
    }

    /// A key at `path` the expansion does not know (`unknown key `colour``).
    pub fn unknown_key(path: &[&str], message: impl Into<String>) -> Self {
        AttributeProblem {
            at_key: true,
            ..AttributeProblem::new(path, message)
        }
    }
}

/// Validates expansion attribute tables while a tile file is read.
pub trait AttributeCheck {
    /// Problems in `table`, found on a tile (`feature` is `None`) or on a
    /// feature of that kind, under the key `expansion`. `None` when no loaded
    /// expansion has that id.
    fn check(
        &self,
        expansion: &str,
        feature: Option<FeatureKind>,
        table: &toml::Value,
    ) -> Option<Vec<AttributeProblem>>;

    /// The ids of the loaded expansions, for messages.
    fn known(&self) -> Vec<String>;

    /// The kinds of feature and edge tile files may use: the base game's
    /// and the loaded expansions'.
    fn landscape(&self) -> std::sync::Arc<Landscape> {
        Landscape::base()
    }
}

pub(super) type Node<'i> = Spanned<DeValue<'i>>;

/// Longest text value (an id, a name) in a tile file, in characters: ids
/// and names are shown in tables, pictures and messages.
pub const MAX_TEXT_CHARS: usize = 200;

/// A feature as read, with the located segment and city names still to check.
type ParsedFeature = Option<(
    FeatureDef,
    Vec<(Segment, Range<usize>)>,
    Vec<(Side, Range<usize>)>,
    Option<(String, Range<usize>)>,
)>;

pub(super) struct Reader<'a> {
    file: &'a str,
    source: &'a str,
    /// Byte offset of each line's start, found in one pass: locating a
    /// problem or a tile's line is then a binary search, not a rescan of
    /// the text (which made large files quadratic to load).
    line_starts: Vec<usize>,
    problems: Vec<Diagnostic>,
    attributes: &'a dyn AttributeCheck,
    landscape: std::sync::Arc<Landscape>,
}

/// Reads the tile set in `source` (the text of `file`), checking expansion
/// tables with `attributes`. Every problem is reported, each located.
pub fn parse_tile_set(file: &str, source: &str, attributes: &dyn AttributeCheck) -> Result<TileSet, Diagnostics> {
    let (doc, mut reader) = Reader::new(file, source, attributes);
    let set = reader.tile_set(&doc);
    reader.finish(set)
}

impl<'a> Reader<'a> {
    /// A reader of `source` with its syntax errors reported, and the
    /// document as far as it parses.
    pub(super) fn new(
        file: &'a str,
        source: &'a str,
        attributes: &'a dyn AttributeCheck,
    ) -> (Spanned<DeTable<'a>>, Reader<'a>) {
        let (doc, syntax) = DeTable::parse_recoverable(source);
        let line_starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let mut reader = Reader {
            file,
            source,
            line_starts,
            problems: Vec::new(),
            attributes,
            landscape: attributes.landscape(),
        };
        for e in &syntax {
            let span = e.span().unwrap_or(0..0);
            reader.error(span, e.message().trim().to_string());
        }
        (doc, reader)
    }

    /// `value` when nothing was reported, else every problem in file order.
    pub(super) fn finish<T>(mut self, value: T) -> Result<T, Diagnostics> {
        if self.problems.is_empty() {
            Ok(value)
        } else {
            self.problems.sort_by_key(|d| (d.span.start, d.span.end));
            self.problems.dedup();
            Err(Diagnostics(self.problems))
        }
    }
}

fn kind_name(v: &DeValue<'_>) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

impl<'a> Reader<'a> {
    pub(super) fn error(&mut self, span: Range<usize>, message: impl Into<String>) {
        let line = self.line_of(span.start.min(self.source.len()));
        let column = self.column_of(span.start);
        self.problems.push(Diagnostic {
            file: self.file.to_string(),
            line,
            column,
            span,
            message: message.into(),
        });
    }

    /// The 1-based column (in characters) of byte `offset` on its line.
    pub(super) fn column_of(&self, offset: usize) -> usize {
        let mut at = offset.min(self.source.len());
        while !self.source.is_char_boundary(at) {
            at -= 1;
        }
        let line = self.line_of(at);
        self.source[self.line_starts[line - 1]..at].chars().count() + 1
    }

    /// The 1-based line holding byte `offset`.
    pub(super) fn line_of(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&start| start <= offset).max(1)
    }

    fn tile_set(&mut self, doc: &Spanned<DeTable<'_>>) -> TileSet {
        let mut set = TileSet {
            id: String::new(),
            name: String::new(),
            start: None,
            tiles: Vec::new(),
            file: self.file.to_string(),
        };
        let mut start_span = None;
        let mut saw_set = false;
        // Id and line of every `[[tile]]`, those with errors too.
        let mut declared: Vec<(String, usize)> = Vec::new();
        for (key, value) in doc.get_ref().iter() {
            match key.get_ref().as_ref() {
                "set" => {
                    saw_set = true;
                    let Some(table) = self.table(value, "`set`") else {
                        continue;
                    };
                    for (k, v) in table.iter() {
                        match k.get_ref().as_ref() {
                            "id" => {
                                if let Some(id) = self.string(v, "`set.id`") {
                                    if !is_kebab(&id) {
                                        self.error(
                                            v.span(),
                                            format!(
                                                "set id `{id}` must be kebab-case (lower-case letters, digits and `-`)"
                                            ),
                                        );
                                    }
                                    set.id = id;
                                }
                            }
                            "name" => set.name = self.string(v, "`set.name`").unwrap_or_default(),
                            "start" => {
                                set.start = self.string(v, "`set.start`");
                                start_span = Some(v.span());
                            }
                            other => self.error(
                                k.span(),
                                format!("unknown key `{other}` in `[set]`; expected one of `id`, `name`, `start`"),
                            ),
                        }
                    }
                    if set.id.is_empty() && !table.iter().any(|(k, _)| k.get_ref() == "id") {
                        self.error(value.span(), "`[set]` has no `id`");
                    }
                }
                "tile" => {
                    let DeValue::Array(items) = value.get_ref() else {
                        self.error(
                            value.span(),
                            format!(
                                "`tile` must be an array of tables (`[[tile]]`), found {}",
                                kind_name(value.get_ref())
                            ),
                        );
                        continue;
                    };
                    for item in items.iter() {
                        if let DeValue::Table(t) = item.get_ref()
                            && let Some((_, id)) = t.iter().find(|(k, _)| k.get_ref() == "id")
                            && let DeValue::String(id) = id.get_ref()
                        {
                            declared.push((id.to_string(), self.line_of(item.span().start)));
                        }
                        if let Some(tile) = self.tile(item) {
                            set.tiles.push(tile);
                        }
                    }
                }
                other => self.error(
                    key.span(),
                    format!("unknown key `{other}`; a tile file has `[set]` and `[[tile]]`"),
                ),
            }
        }
        if !saw_set {
            self.error(0..0, "missing `[set]` table with the set's `id`");
        }
        // Duplicate ids are reported at every repeat, pointing at the repeat
        // (tiles with other errors included, so that all show at once).
        let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        let mut dupes = Vec::new();
        for (id, line) in &declared {
            if let Some(first) = seen.get(id.as_str()) {
                dupes.push((
                    *line,
                    format!("duplicate tile id `{id}` (first defined on line {first})"),
                ));
            } else {
                seen.insert(id, *line);
            }
        }
        for (line, message) in dupes {
            let offset = self.offset_of_line(line);
            self.error(offset..offset + self.source[offset..].find('\n').unwrap_or(0), message);
        }
        // A start tile with errors of its own is reported there, not as missing.
        if let (Some(start), Some(span)) = (&set.start, start_span)
            && set.tile(start).is_none()
            && !declared.iter().any(|(id, _)| id == start)
        {
            self.error(span, format!("start tile `{start}` is not a tile of this set"));
        }
        set
    }

    fn offset_of_line(&self, line: usize) -> usize {
        self.line_starts.get(line - 1).copied().unwrap_or(self.source.len())
    }

    pub(super) fn table<'v, 'i>(&mut self, v: &'v Node<'i>, what: &str) -> Option<&'v DeTable<'i>> {
        match v.get_ref() {
            DeValue::Table(t) => Some(t),
            other => {
                self.error(v.span(), format!("{what} must be a table, found {}", kind_name(other)));
                None
            }
        }
    }

    pub(super) fn string(&mut self, v: &Node<'_>, what: &str) -> Option<String> {
        match v.get_ref() {
            DeValue::String(s) if s.chars().count() > MAX_TEXT_CHARS => {
                self.error(
                    v.span(),
                    format!(
                        "{what} is {} characters long; at most {MAX_TEXT_CHARS}",
                        s.chars().count()
                    ),
                );
                None
            }
            // Ids and names are shown in tables, pictures, records and
            // messages, one line each: a line break or a NUL in one would
            // forge lines there.
            DeValue::String(s) if s.chars().any(char::is_control) => {
                self.error(
                    v.span(),
                    format!("{what} holds a control character (a line break, a tab, NUL …); write it without"),
                );
                None
            }
            DeValue::String(s) => match crate::text_file::direction_control(s) {
                // A direction override would make it look like another id
                // or name wherever it is shown.
                Some((c, name)) => {
                    self.error(
                        v.span(),
                        format!(
                            "{what} holds U+{:04X} ({name}), which changes how the text around it is shown; \
                             write it without",
                            u32::from(c)
                        ),
                    );
                    None
                }
                None => Some(s.to_string()),
            },
            other => {
                self.error(v.span(), format!("{what} must be a string, found {}", kind_name(other)));
                None
            }
        }
    }

    fn integer(&mut self, v: &Node<'_>, what: &str) -> Option<i64> {
        match v.get_ref() {
            DeValue::Integer(i) => match i64::from_str_radix(&i.as_str().replace('_', ""), i.radix()) {
                Ok(n) => Some(n),
                Err(_) => {
                    self.error(v.span(), format!("{what} is out of range"));
                    None
                }
            },
            other => {
                self.error(
                    v.span(),
                    format!("{what} must be an integer, found {}", kind_name(other)),
                );
                None
            }
        }
    }

    fn string_array(&mut self, v: &Node<'_>, what: &str) -> Vec<(String, Range<usize>)> {
        match v.get_ref() {
            DeValue::Array(items) => items
                .iter()
                .filter_map(|i| self.string(i, what).map(|s| (s, i.span())))
                .collect(),
            other => {
                self.error(
                    v.span(),
                    format!("{what} must be an array of strings, found {}", kind_name(other)),
                );
                Vec::new()
            }
        }
    }

    fn tile(&mut self, item: &Node<'_>) -> Option<TileDef> {
        let table = self.table(item, "each `[[tile]]`")?;
        let line = self.line_of(item.span().start);
        let mut tile = TileDef {
            id: String::new(),
            name: None,
            count: 0,
            in_bag: true,
            edges: [EdgeKind::FIELD; 4],
            features: Vec::new(),
            attributes: Attributes::new(),
            art: None,
            line,
        };
        let mut ok = true;
        let mut features_node = None;
        let mut edges_ok = false;
        let mut ext: Vec<(&Spanned<std::borrow::Cow<'_, str>>, &Node<'_>)> = Vec::new();
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "id" => match self.string(v, "tile `id`") {
                    Some(id) if id.is_empty() => self.error(v.span(), "tile `id` is empty"),
                    Some(id) => tile.id = id,
                    None => ok = false,
                },
                "name" => tile.name = self.string(v, "tile `name`"),
                "bag" => match v.get_ref() {
                    DeValue::Boolean(b) => tile.in_bag = *b,
                    other => self.error(
                        v.span(),
                        format!("tile `bag` must be true or false, found {}", kind_name(other)),
                    ),
                },
                "count" => match self.integer(v, "tile `count`") {
                    Some(n) if (1..=10_000).contains(&n) => tile.count = n as u32,
                    Some(n) => {
                        self.error(v.span(), format!("tile `count` must be between 1 and 10000, found {n}"));
                        ok = false;
                    }
                    None => ok = false,
                },
                "edges" => match self.edges(v) {
                    Some(edges) => {
                        tile.edges = edges;
                        edges_ok = ok;
                    }
                    None => ok = false,
                },
                "features" => features_node = Some(v),
                "art" => match self.string(v, "tile `art`") {
                    Some(path) => match super::TileArt::check_path(&path) {
                        Ok(()) => tile.art = Some(super::TileArt { path, svg: None }),
                        Err(why) => self.error(v.span(), why),
                    },
                    None => ok = false,
                },
                _ => ext.push((k, v)),
            }
        }
        for (field, what) in [
            ("id", "`id`"),
            ("count", "`count`"),
            ("edges", "`edges`"),
            ("features", "`features`"),
        ] {
            if !table.iter().any(|(k, _)| k.get_ref() == field) {
                self.error(
                    item.span(),
                    format!(
                        "tile{} has no {what}",
                        if tile.id.is_empty() {
                            String::new()
                        } else {
                            format!(" `{}`", tile.id)
                        }
                    ),
                );
                ok = false;
            }
        }
        tile.attributes = self.attributes(&ext, None, "tile");
        if let Some(features) = features_node {
            match features.get_ref() {
                DeValue::Array(items) => {
                    let mut parsed = Vec::new();
                    for f in items.iter() {
                        parsed.push(self.feature(f));
                    }
                    ok &= self.check_feature_names(items.iter());
                    let geometry = if edges_ok {
                        self.check_geometry(&tile, &parsed)
                    } else {
                        None
                    };
                    ok &= geometry.is_some() && parsed.iter().all(Option::is_some);
                    if let Some(geometry) = geometry {
                        let ends: Vec<Option<(String, Range<usize>)>> =
                            parsed.iter().map(|p| p.as_ref().and_then(|p| p.3.clone())).collect();
                        tile.features = parsed
                            .into_iter()
                            .zip(geometry)
                            .filter_map(|(p, (segments, touches))| {
                                p.map(|(mut f, _, _, _)| {
                                    f.segments = segments;
                                    f.touches = touches;
                                    f
                                })
                            })
                            .collect();
                        ok &= self.resolve_leads_into(&mut tile, &ends);
                    }
                }
                other => {
                    self.error(
                        features.span(),
                        format!("tile `features` must be an array of tables, found {}", kind_name(other)),
                    );
                    ok = false;
                }
            }
        }
        if tile.features.len() > 16 {
            self.error(
                item.span(),
                format!(
                    "tile `{}` has {} features; at most 16 are supported",
                    tile.id,
                    tile.features.len()
                ),
            );
            ok = false;
        }
        ok.then_some(tile)
    }

    /// A tile's `edges`: four letters N E S W (`"CRFR"`), or a list of four
    /// edge kinds by name or letter (`["river", "field", "river", "F"]`).
    fn edges(&mut self, v: &Node<'_>) -> Option<[EdgeKind; 4]> {
        let letters = self.landscape.edge_letters();
        let source = self.source;
        // Each edge as written, and what else than a name it is (`1`, an
        // integer): shown as written in the message, not as an empty name.
        let mut not_names: Vec<(usize, &'static str)> = Vec::new();
        let items: Vec<(String, Range<usize>)> = match v.get_ref() {
            DeValue::String(s) => s.chars().map(|c| (c.to_string(), v.span())).collect(),
            DeValue::Array(a) => a
                .iter()
                .enumerate()
                .map(|(i, item)| match item.get_ref() {
                    DeValue::String(s) => (s.to_string(), item.span()),
                    other => {
                        not_names.push((i, kind_name(other)));
                        let written = source.get(item.span()).unwrap_or("").trim();
                        (written.to_string(), item.span())
                    }
                })
                .collect(),
            other => {
                self.error(
                    v.span(),
                    format!(
                        "tile `edges` must be a string of four letters or a list of four edge kinds, found {}",
                        kind_name(other)
                    ),
                );
                return None;
            }
        };
        let written = match v.get_ref() {
            DeValue::String(s) => s.to_string(),
            _ => items.iter().map(|(s, _)| s.as_str()).collect::<Vec<_>>().join(", "),
        };
        if items.len() != 4 {
            self.error(
                v.span(),
                format!("tile `edges` must be four edges N E S W ({letters}), found `{written}`"),
            );
            return None;
        }
        let mut edges = [EdgeKind::FIELD; 4];
        let mut ok = true;
        for (i, (slot, (name, span))) in edges.iter_mut().zip(items).enumerate() {
            if let Some(&(_, what)) = not_names.iter().find(|(at, _)| *at == i) {
                self.error(
                    span,
                    format!(
                        "edge `{name}` in `{written}` is {what}, not an edge kind: write its name or letter \
                         in quotes ({letters})"
                    ),
                );
                ok = false;
                continue;
            }
            match self.landscape.edge_kind(&name) {
                Some(k) => *slot = k,
                None => {
                    let what = if name.chars().count() == 1 {
                        "edge letter"
                    } else {
                        "edge kind"
                    };
                    self.error(span, format!("unknown {what} `{name}` in `{written}`; use {letters}"));
                    ok = false;
                }
            }
        }
        ok.then_some(edges)
    }

    /// Feature names are unique within a tile and unlike the names records
    /// give features (`city:N`, `cloister#2`, a bare kind), so that every
    /// name in a record reads back as one feature.
    fn check_feature_names<'n, 'i: 'n>(&mut self, features: impl Iterator<Item = &'n Node<'i>>) -> bool {
        let mut seen: Vec<(String, usize)> = Vec::new();
        let mut ok = true;
        for f in features {
            let DeValue::Table(t) = f.get_ref() else {
                continue;
            };
            let Some((_, v)) = t.iter().find(|(k, _)| k.get_ref() == "name") else {
                continue;
            };
            let DeValue::String(name) = v.get_ref() else {
                continue;
            };
            let line = self.line_of(v.span().start);
            if name.is_empty() || name.contains([':', '#']) || self.landscape.feature_kind(name).is_some() {
                self.error(
                    v.span(),
                    format!(
                        "feature name `{name}` is not allowed: a name is not empty, has no `:` or `#` and is not \
                         a feature kind, since records name features `city:N`, `cloister#2` or `road`"
                    ),
                );
                ok = false;
            } else if let Some((_, first)) = seen.iter().find(|(n, _)| n == name.as_ref()) {
                self.error(
                    v.span(),
                    format!("duplicate feature name `{name}` (first on line {first}); feature names are unique within a tile"),
                );
                ok = false;
            }
            seen.push((name.to_string(), line));
        }
        ok
    }

    pub(super) fn attributes(
        &mut self,
        ext: &[(&Spanned<std::borrow::Cow<'_, str>>, &Node<'_>)],
        feature: Option<FeatureKind>,
        owner: &str,
    ) -> Attributes {
        let mut out = Attributes::new();
        for (k, v) in ext {
            let name = k.get_ref().as_ref();
            let value = to_value(v.get_ref());
            if !matches!(v.get_ref(), DeValue::Table(_)) {
                self.error(k.span(), self.unknown_key_message(name, owner));
                continue;
            }
            match self.attributes.check(name, feature, &value) {
                None => {
                    let msg = self.unknown_key_message(name, owner);
                    self.error(k.span(), msg);
                }
                Some(problems) => {
                    for p in problems {
                        let span = locate(v, &p.path, p.at_key);
                        self.error(span, format!("{name}: {}", p.message));
                    }
                    out.insert(name.to_string(), value);
                }
            }
        }
        out
    }

    pub(super) fn unknown_key_message(&self, name: &str, owner: &str) -> String {
        let core = if owner == "tile" {
            "`id`, `name`, `count`, `edges`, `features`, `bag`"
        } else {
            "`kind`, `edges`, `pennants`, `cities`, `leads_into`, `open_ends`, `name`"
        };
        let known = self.attributes.known();
        // The nearest expansion id, for a misspelt one; a list of forty
        // ids would bury the message.
        let nearest = known
            .iter()
            .map(|id| (edit_distance(name, id), id))
            .filter(|(d, id)| *d <= 2.max(id.len() / 4))
            .min();
        let ext = match (known.len(), nearest) {
            (0, _) => "no expansion is loaded".to_string(),
            (_, Some((_, id))) => format!("did you mean the expansion `{id}`?"),
            (1, None) => format!("the loaded expansion is `{}`", known[0]),
            (_, None) => "`carcassonne expansions` lists the loaded expansions' ids".to_string(),
        };
        format!("unknown key `{name}` in {owner}; expected one of {core}, or an expansion's table ({ext})")
    }

    /// A feature with the segments its `edges` and `cities` named, kept for the geometry check.
    fn feature(&mut self, node: &Node<'_>) -> ParsedFeature {
        let table = self.table(node, "each feature")?;
        let mut kind = None;
        let mut segs = Vec::new();
        let mut cities = Vec::new();
        let mut pennants = 0u8;
        let mut name = None;
        let mut ext = Vec::new();
        let mut pennant_span = None;
        let mut leads_into = None;
        let mut open_ends = None;
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "open_ends" => match self.integer(v, "feature `open_ends`") {
                    Some(n @ 0..=4) => open_ends = Some((n as u8, v.span())),
                    Some(n) => self.error(v.span(), format!("`open_ends` must be between 0 and 4, found {n}")),
                    None => {}
                },
                "leads_into" => {
                    if let Some(s) = self.string(v, "feature `leads_into`") {
                        leads_into = Some((s, v.span()));
                    }
                }
                "kind" => {
                    if let Some(s) = self.string(v, "feature `kind`") {
                        kind = self.landscape.feature_kind(&s);
                        if kind.is_none() {
                            let known = self.landscape.feature_names();
                            self.error(v.span(), format!("unknown feature kind `{s}`; expected {known}"));
                            return None;
                        }
                    }
                }
                "edges" => {
                    for (s, span) in self.string_array(v, "feature `edges`") {
                        match Segment::parse(&s) {
                            Some(seg) => segs.push((seg, span)),
                            None => self.error(span, format!("unknown segment `{s}`; expected a side (N E S W) or a half (NW NE EN ES SE SW WS WN)")),
                        }
                    }
                }
                "cities" => {
                    for (s, span) in self.string_array(v, "feature `cities`") {
                        match Side::ALL.into_iter().find(|side| side.name() == s) {
                            Some(side) => cities.push((side, span)),
                            None => self.error(
                                span,
                                format!("`cities` names a city by a side it covers (N E S W), found `{s}`"),
                            ),
                        }
                    }
                }
                "pennants" => {
                    pennant_span = Some(v.span());
                    match self.integer(v, "feature `pennants`") {
                        Some(n @ 0..=9) => pennants = n as u8,
                        Some(n) => self.error(v.span(), format!("`pennants` must be between 0 and 9, found {n}")),
                        None => {}
                    }
                }
                "name" => name = self.string(v, "feature `name`"),
                _ => ext.push((k, v)),
            }
        }
        let Some(kind) = kind else {
            if !table.iter().any(|(k, _)| k.get_ref() == "kind") {
                let known = self.landscape.feature_names();
                self.error(node.span(), format!("feature has no `kind` ({known})"));
            }
            return None;
        };
        let shape = self.landscape.shape(kind);
        let name_of_kind = self.landscape.feature_name(kind);
        if pennants > 0 && shape != KindShape::Region {
            self.error(
                pennant_span.unwrap_or(node.span()),
                format!("only cities have pennants, this is a {name_of_kind}"),
            );
        }
        if !cities.is_empty() && shape != KindShape::Land {
            self.error(
                cities[0].1.clone(),
                format!("only fields touch cities, this is a {name_of_kind}"),
            );
        }
        if shape == KindShape::Inner && !segs.is_empty() {
            self.error(
                segs[0].1.clone(),
                format!("a {name_of_kind} lies inside the tile and covers no edge segments"),
            );
        }
        if shape != KindShape::Inner && segs.is_empty() && !table.iter().any(|(k, _)| k.get_ref() == "edges") {
            self.error(node.span(), format!("{name_of_kind} has no `edges`"));
        }
        let attributes = self.attributes(&ext, Some(kind), "feature");
        if let Some((_, span)) = &leads_into
            && shape != KindShape::Path
        {
            self.error(
                span.clone(),
                format!("only a road's end (a path, such as a road) leads into something, this is a {name_of_kind}"),
            );
        }
        if let Some((_, span)) = &open_ends
            && shape != KindShape::Path
        {
            self.error(
                span.clone(),
                format!("only a road (a path) breaks off inside its tile, this is a {name_of_kind}"),
            );
        }
        let def = FeatureDef {
            kind,
            segments: Segments::default(),
            pennants,
            touches: Vec::new(),
            leads_into: None,
            open_ends: open_ends.map_or(0, |(n, _)| n),
            name,
            attributes,
        };
        Some((def, segs, cities, leads_into))
    }

    /// Each feature's segments and touched cities, checked against the tile's
    /// edges; `None` when anything is wrong (and reported).
    fn check_geometry(&mut self, tile: &TileDef, parsed: &[ParsedFeature]) -> Option<Vec<(Segments, Vec<usize>)>> {
        let before = self.problems.len();
        let mut owner: [Option<usize>; 12] = [None; 12];
        // Segments a feature names wrongly: reported once, not again as uncovered.
        let mut misnamed = [false; 12];
        let mut resolved: Vec<Segments> = vec![Segments::default(); parsed.len()];
        for (fi, p) in parsed.iter().enumerate() {
            let Some((def, segs, _, _)) = p else { continue };
            for (seg, span) in segs {
                // A whole field side may be named by its letter.
                let shape = self.landscape.shape(def.kind);
                let side_edge = tile.edges[seg.side() as usize];
                let covered: Vec<Segment> =
                    if shape == KindShape::Land && seg.is_centre() && self.landscape.is_whole(side_edge) {
                        Segment::of_side(seg.side()).to_vec()
                    } else {
                        vec![*seg]
                    };
                for s in covered {
                    let edge = tile.edges[s.side() as usize];
                    let expected = self.landscape.kind_at(edge, s);
                    let kind_name = self.landscape.feature_name(def.kind);
                    if expected != Some(def.kind) {
                        let what = match expected {
                            Some(k) => {
                                format!(
                                    "`{}` is {} on a {} edge",
                                    s.name(),
                                    self.landscape.feature_name(k),
                                    self.landscape.edge(edge).name
                                )
                            }
                            None => {
                                format!("`{}` is on a wall edge, which no feature covers", s.name())
                            }
                        };
                        self.error(
                            span.clone(),
                            format!("a {kind_name} cannot cover `{}`: {what}", seg.name()),
                        );
                        mark_side_or_segment(&mut misnamed, s, self.landscape.is_whole(edge));
                        continue;
                    }
                    if shape == KindShape::Region && !s.is_centre() {
                        // City halves come with the side; naming a half is a slip for the side.
                        self.error(
                            span.clone(),
                            format!(
                                "a city covers whole sides: write `{}` instead of `{}`",
                                s.side().name(),
                                s.name()
                            ),
                        );
                        mark_side_or_segment(&mut misnamed, s, self.landscape.is_whole(edge));
                        continue;
                    }
                    let targets: Vec<Segment> = if shape == KindShape::Region {
                        Segment::of_side(s.side()).to_vec()
                    } else {
                        vec![s]
                    };
                    for t in targets {
                        match owner[t.index()] {
                            Some(other) if other != fi => self.error(
                                span.clone(),
                                format!(
                                    "segment `{}` is covered by two features (#{} and #{})",
                                    t.name(),
                                    other + 1,
                                    fi + 1
                                ),
                            ),
                            _ => {
                                owner[t.index()] = Some(fi);
                                resolved[fi].insert(t);
                            }
                        }
                    }
                }
            }
        }
        let uncovered: Vec<&str> = (0..12)
            .map(Segment::from_index)
            .filter(|s| {
                owner[s.index()].is_none()
                    && !misnamed[s.index()]
                    && self.landscape.kind_at(tile.edges[s.side() as usize], *s).is_some()
            })
            .map(|s| s.name())
            .collect();
        if !uncovered.is_empty() && parsed.iter().all(Option::is_some) {
            let offset = self.offset_of_line(tile.line);
            self.error(
                offset..offset,
                match uncovered.as_slice() {
                    [one] => format!("tile `{}`: segment {one} is covered by no feature", tile.id),
                    _ => format!(
                        "tile `{}`: segments {} are covered by no feature",
                        tile.id,
                        uncovered.join(", ")
                    ),
                },
            );
        }
        let mut touches = vec![Vec::new(); parsed.len()];
        for (fi, p) in parsed.iter().enumerate() {
            let Some((_, _, cities, _)) = p else { continue };
            for (side, span) in cities {
                let seg = Segment::centre(*side);
                match owner[seg.index()].filter(|&o| {
                    parsed[o]
                        .as_ref()
                        .is_some_and(|(d, _, _, _)| self.landscape.shape(d.kind) == KindShape::Region)
                }) {
                    Some(city) if !touches[fi].contains(&city) => touches[fi].push(city),
                    Some(_) => {}
                    None => self.error(
                        span.clone(),
                        format!(
                            "field #{} touches a city on side {}, but no city covers that side",
                            fi + 1,
                            side.name()
                        ),
                    ),
                }
            }
        }
        (self.problems.len() == before).then(|| resolved.into_iter().zip(touches).collect())
    }
}

impl Reader<'_> {
    /// Resolves each road's `leads_into` (`"crossing"`, a feature kind that
    /// lies inside the tile such as `"cloister"`, or `"city:N"`: the city
    /// covering that segment) to [`LeadsInto`]; false when one names nothing
    /// on the tile (reported).
    fn resolve_leads_into(&mut self, tile: &mut TileDef, ends: &[Option<(String, Range<usize>)>]) -> bool {
        let before = self.problems.len();
        let mut resolved = vec![None; tile.features.len()];
        for (fi, end) in ends.iter().enumerate() {
            let Some((text, span)) = end else { continue };
            if self.landscape.shape(tile.features[fi].kind) != KindShape::Path {
                continue; // reported where it was read
            }
            let target = if text == "crossing" {
                Some(LeadsInto::Crossing)
            } else {
                let (kind_name, segment) = match text.split_once(':') {
                    Some((k, s)) => (k, Some(s)),
                    None => (text.as_str(), None),
                };
                let kind = self.landscape.feature_kind(kind_name);
                let found: Vec<usize> = tile
                    .features
                    .iter()
                    .enumerate()
                    .filter(|(j, f)| {
                        *j != fi
                            && Some(f.kind) == kind
                            && match segment {
                                None => f.segments.is_empty(),
                                Some(s) => Segment::parse(s).is_some_and(|s| f.segments.contains(s)),
                            }
                    })
                    .map(|(j, _)| j)
                    .collect();
                match found.as_slice() {
                    [one] => Some(LeadsInto::Feature(*one)),
                    _ => {
                        let why = if kind.is_none() {
                            format!("`{kind_name}` is no feature kind")
                        } else if segment.is_none() && kind.is_some_and(|k| self.landscape.shape(k) != KindShape::Inner)
                        {
                            format!("a {kind_name} covers edges: name it by a segment it covers (`{kind_name}:N`)")
                        } else if segment.is_some_and(|s| Segment::parse(s).is_none()) {
                            format!(
                                "`{}` is no segment (N E S W, or a half: NW NE EN ES SE SW WS WN)",
                                segment.unwrap_or("")
                            )
                        } else if found.is_empty() {
                            format!("the tile has no {text} for it")
                        } else {
                            format!(
                                "the tile has {} of them: name one by a segment (`{kind_name}:N`)",
                                found.len()
                            )
                        };
                        self.error(
                            span.clone(),
                            format!(
                                "`leads_into = \"{text}\"`: {why}; write \"crossing\" (roads meeting), the kind of a \
                                 feature inside the tile (\"cloister\"), or a kind and a segment it covers (\"city:N\")"
                            ),
                        );
                        None
                    }
                }
            };
            resolved[fi] = target;
        }
        let crossings = resolved.iter().filter(|r| **r == Some(LeadsInto::Crossing)).count();
        if crossings == 1 {
            let fi = resolved
                .iter()
                .position(|r| *r == Some(LeadsInto::Crossing))
                .unwrap_or(0);
            if let Some((_, span)) = &ends[fi] {
                self.error(
                    span.clone(),
                    "`leads_into = \"crossing\"`: a crossing joins two roads or more, and no other road of the tile leads into it",
                );
            }
        }
        for (f, r) in tile.features.iter_mut().zip(resolved) {
            f.leads_into = r;
        }
        self.problems.len() == before
    }
}

/// The number of single-character edits between `a` and `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let replaced = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = replaced.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

/// Marks `s` as named; on a city or field edge (`whole`), a whole side is
/// one piece, so the whole side is.
fn mark_side_or_segment(marks: &mut [bool; 12], s: Segment, whole: bool) {
    if !whole {
        marks[s.index()] = true;
    } else {
        for t in Segment::of_side(s.side()) {
            marks[t.index()] = true;
        }
    }
}

/// The span of the value at `path` below `node`, or the deepest part found.
/// Where the value at `path` is (or its key, with `at_key`), as far as
/// the path leads.
fn locate(node: &Node<'_>, path: &[String], at_key: bool) -> Range<usize> {
    let mut cur = node;
    let mut key_span = None;
    for key in path {
        let next = match cur.get_ref() {
            DeValue::Table(t) => t
                .iter()
                .find(|(k, _)| k.get_ref().as_ref() == key.as_str())
                .map(|(k, v)| (Some(k.span()), v)),
            DeValue::Array(a) => key.parse::<usize>().ok().and_then(|i| a.get(i)).map(|v| (None, v)),
            _ => None,
        };
        match next {
            Some((k, n)) => {
                cur = n;
                key_span = k;
            }
            None => {
                key_span = None;
                break;
            }
        }
    }
    match key_span {
        Some(span) if at_key => span,
        _ => cur.span(),
    }
}

pub(super) fn to_value(v: &DeValue<'_>) -> toml::Value {
    match v {
        DeValue::String(s) => toml::Value::String(s.to_string()),
        DeValue::Integer(i) => {
            toml::Value::Integer(i64::from_str_radix(&i.as_str().replace('_', ""), i.radix()).unwrap_or_default())
        }
        DeValue::Float(f) => toml::Value::Float(f.as_str().replace('_', "").parse().unwrap_or_default()),
        DeValue::Boolean(b) => toml::Value::Boolean(*b),
        DeValue::Datetime(d) => toml::Value::Datetime(*d),
        DeValue::Array(a) => toml::Value::Array(a.iter().map(|x| to_value(x.get_ref())).collect()),
        DeValue::Table(t) => toml::Value::Table(
            t.iter()
                .map(|(k, v)| (k.get_ref().to_string(), to_value(v.get_ref())))
                .collect(),
        ),
    }
}
