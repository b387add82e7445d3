//! Tile definitions as data: what a tile file says, before it meets a board.
//!
//! The loader (`load`) turns TOML into these types and reports every problem
//! with its place in the file; `compiled` precomputes what the engine needs
//! per rotation.

mod arrangement;
mod compiled;
mod kinds;
mod load;
mod marks;
mod schema;

pub use arrangement::{MoreStart, TieBreak, TileArrangement};
pub use compiled::{EdgeCoding, EdgeDemand, MAX_CODED_EDGE_KINDS, TileType};
pub use kinds::{
    BASE_EDGE_KINDS, BASE_FEATURE_KINDS, EdgeKind, EdgeKindDecl, FeatureKind, FeatureKindDecl, KindError, KindScoring,
    KindShape, Landscape, Matching,
};
pub use load::{AttributeCheck, AttributeProblem, MAX_TEXT_CHARS, parse_tile_set};
pub use marks::{AddedFeature, TileMark, TileMarks, parse_tile_marks};
pub use schema::{AttributeDecl, AttributePlace, check_by_schema};

use crate::geometry::{Segment, Side};
use std::collections::BTreeMap;

/// A set of segments as a 12-bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Segments(pub u16);

impl Segments {
    /// Whether `s` is in the set.
    pub fn contains(self, s: Segment) -> bool {
        self.0 & (1 << s.index()) != 0
    }

    /// Adds `s`.
    pub fn insert(&mut self, s: Segment) {
        self.0 |= 1 << s.index();
    }

    /// The segments in clockwise order from `NW`.
    pub fn iter(self) -> impl Iterator<Item = Segment> {
        (0..12).filter(move |i| self.0 & (1 << i) != 0).map(Segment::from_index)
    }

    /// The sides on which the set has at least one segment.
    pub fn sides(self) -> impl Iterator<Item = Side> {
        Side::ALL
            .into_iter()
            .filter(move |&side| Segment::of_side(side).iter().any(|&s| self.contains(s)))
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Expansion-owned attributes: expansion id → that expansion's table.
pub type Attributes = BTreeMap<String, toml::Value>;

/// What a road's end on its tile runs into (`leads_into`): the roads
/// meeting at a crossing, or another feature of the tile, such as the
/// city whose gate it enters or the cloister it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeadsInto {
    /// A crossing where this road meets the tile's other roads that lead
    /// into a crossing.
    Crossing,
    /// The feature of the tile at this index (into the tile's features).
    Feature(usize),
}

/// One feature of a tile, in the tile's unrotated frame.
#[derive(Clone, Debug, PartialEq)]
pub struct FeatureDef {
    /// What kind of feature.
    pub kind: FeatureKind,
    /// The edge segments it covers (none for a cloister).
    pub segments: Segments,
    /// Pennants (cities only).
    pub pennants: u8,
    /// For a field: the indices (into the tile's features) of the cities it touches.
    pub touches: Vec<usize>,
    /// For a road that ends on the tile: what its end runs into, as drawn
    /// (`leads_into` in the file). Landscape, not a rule: Abbey & Mayor's
    /// 1st-edition wagon moves along it, a renderer may draw it.
    pub leads_into: Option<LeadsInto>,
    /// Ends of a road that break off inside the tile without ending there
    /// (`open_ends` in the file; a tunnel opening): each is an open side of
    /// the road until an expansion joins it to another
    /// ([`Ctx::connect_features`](crate::Ctx::connect_features)), so the
    /// road is not complete while one is left.
    pub open_ends: u8,
    /// Optional name, unique within the tile.
    pub name: Option<String>,
    /// Expansion attributes of this feature.
    pub attributes: Attributes,
}

/// One tile type of a set.
#[derive(Clone, Debug, PartialEq)]
pub struct TileDef {
    /// Id, unique within its set.
    pub id: String,
    /// Free text for people.
    pub name: Option<String>,
    /// Copies in the set (the start tile included).
    pub count: u32,
    /// Whether its copies are shuffled into the bag (`bag = false` in the
    /// file: an expansion hands them out, like abbeys).
    pub in_bag: bool,
    /// Edge kinds N, E, S, W.
    pub edges: [EdgeKind; 4],
    /// The tile's features.
    pub features: Vec<FeatureDef>,
    /// Expansion attributes of the tile.
    pub attributes: Attributes,
    /// A picture of the tile (`art = "art/my-set-1.svg"`), drawn instead of
    /// the picture generated from its features.
    pub art: Option<TileArt>,
    /// 1-based line of the tile's definition in its file.
    pub line: usize,
}

/// A tile's own picture: an SVG file beside its tile file, 100 × 100 in
/// its view box as the tile lies unturned (north up). Front ends draw it
/// inside an `<image>` (so a script in it never runs) and outline the
/// tile's features over it on hover; a tile whose picture could not be
/// read is drawn from its features.
#[derive(Clone, Debug, PartialEq)]
pub struct TileArt {
    /// The path as written, relative to the tile file's directory.
    pub path: String,
    /// The SVG text, once read (see `TileSource::load`); `None` when the
    /// tile file came from an expansion's built-in copy that does not
    /// carry the picture.
    pub svg: Option<std::sync::Arc<str>>,
}

/// Largest tile picture read, in bytes.
pub const MAX_ART_BYTES: u64 = 512 << 10;

/// Most bytes of pictures a tile set's tiles may name in all, each picture
/// counted once however many tiles show it: eight pictures of the largest
/// size, or a hundred of 40 KB. A page draws each picture once, so this
/// bounds what a game's state carries of them.
pub const MAX_SET_ART_BYTES: u64 = 4 << 20;

impl TileArt {
    /// Why `path` cannot name a tile picture: it must be a relative path
    /// inside the tile file's directory (no `..`, no root, forward
    /// slashes), ending in `.svg`.
    pub fn check_path(path: &str) -> Result<(), String> {
        let inside = !path.is_empty()
            && !path.starts_with('/')
            && !path.contains('\\')
            && !path.contains(':')
            && path.split('/').all(|c| !c.is_empty() && c != "." && c != "..");
        if !inside {
            return Err(format!(
                "tile `art` {path:?} must be a path relative to the tile file's directory, such as \"art/my-set-1.svg\" (no `..`, no leading `/`)"
            ));
        }
        if !path.ends_with(".svg") {
            return Err(format!("tile `art` {path:?} must name an SVG file (`.svg`)"));
        }
        Ok(())
    }
}

impl TileDef {
    /// The expansion table `expansion` of this tile, if present.
    pub fn attribute(&self, expansion: &str) -> Option<&toml::Value> {
        self.attributes.get(expansion)
    }

    /// The feature that stable name `name` names on this tile turned by
    /// `rotation` (records and marks name features so): `kind:SEGMENT` (a
    /// segment it covers, as the turned tile lies), a feature's own `name`,
    /// `kind` (the tile's one feature of that kind) or `kind#N` (its N-th
    /// feature of that kind that covers no edge). `tile` is the tile in
    /// words, for messages ("the tile at (1,0)").
    pub fn feature_by_name(
        &self,
        name: &str,
        rotation: crate::geometry::Rotation,
        landscape: &Landscape,
        tile: &str,
    ) -> Result<usize, FeatureNameError> {
        let missing = |message: String| FeatureNameError {
            malformed: false,
            message,
        };
        let malformed = |message: String| FeatureNameError {
            malformed: true,
            message,
        };
        if let Some(fi) = self.features.iter().position(|f| f.name.as_deref() == Some(name)) {
            return Ok(fi);
        }
        if let Some((kind_name, nth)) = name.split_once('#')
            && let Some(kind) = landscape.feature_kind(kind_name)
        {
            let kind_name = landscape.feature_name(kind);
            let n: usize = nth
                .parse()
                .map_err(|_| malformed(format!("`{name}`: write {kind_name}#N with N a number from 1")))?;
            return n
                .checked_sub(1)
                .and_then(|k| self.edgeless_of_kind(kind).nth(k))
                .ok_or_else(|| missing(format!("{tile} has no {name} (no edgeless {kind_name} number {n})")));
        }
        let (kind_name, seg) = match name.split_once(':') {
            Some((k, s)) => (k, Some(s)),
            None => (name, None),
        };
        let kind = landscape.feature_kind(kind_name).ok_or_else(|| {
            malformed(format!(
                "unknown feature `{name}`; write kind:SEGMENT such as city:N or field:NW"
            ))
        })?;
        let kind_name = landscape.feature_name(kind);
        match seg {
            Some(s) => {
                let seg = Segment::parse(s).ok_or_else(|| malformed(format!("unknown segment `{s}` in `{name}`")))?;
                let local = seg.rotated(rotation.inverse());
                self.features
                    .iter()
                    .position(|f| f.kind == kind && f.segments.contains(local))
                    .ok_or_else(|| missing(format!("no {kind_name} covers {s} on {tile}")))
            }
            None => {
                let mut matching = self
                    .features
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f.kind == kind)
                    .map(|(i, _)| i);
                match (matching.next(), matching.next()) {
                    (Some(one), None) => Ok(one),
                    (None, _) => Err(missing(format!("{tile} has no {kind_name}"))),
                    _ => Err(malformed(format!(
                        "{tile} has several {kind_name} features; name one as {kind_name}:SEGMENT"
                    ))),
                }
            }
        }
    }

    /// The indices of the features of `kind` that cover no edge, in file
    /// order: `kind#N` names the N-th of them.
    pub fn edgeless_of_kind(&self, kind: FeatureKind) -> impl Iterator<Item = usize> + '_ {
        self.features
            .iter()
            .enumerate()
            .filter(move |(_, f)| f.kind == kind && f.segments.is_empty())
            .map(|(i, _)| i)
    }
}

/// Why a feature name names no feature of a tile
/// ([`TileDef::feature_by_name`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureNameError {
    /// Whether the name is not of a feature name's form (an unknown kind or
    /// segment, an ambiguous kind), rather than of a feature the tile lacks.
    pub malformed: bool,
    /// What is wrong, in words.
    pub message: String,
}

/// A tile file: a named set of tile types.
#[derive(Clone, Debug, PartialEq)]
pub struct TileSet {
    /// Set id (kebab-case).
    pub id: String,
    /// Human name.
    pub name: String,
    /// Tile placed at (0, 0) before play, if the set has one.
    pub start: Option<String>,
    /// The tile types, in file order.
    pub tiles: Vec<TileDef>,
    /// Where the set was read from.
    pub file: String,
}

impl TileSet {
    /// The tile with `id`.
    pub fn tile(&self, id: &str) -> Option<&TileDef> {
        self.tiles.iter().find(|t| t.id == id)
    }

    /// Copies of all tiles together.
    pub fn total(&self) -> u32 {
        self.tiles.iter().map(|t| t.count).sum()
    }
}
