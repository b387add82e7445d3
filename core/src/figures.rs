//! Figures on the board and in supply.

use crate::features::NodeId;
use crate::geometry::Pos;
use crate::tiles::FeatureKind;
use serde::Serialize;

/// Whether a figure is a follower (counts for majorities, "earns" like a
/// meeple) or a special figure (builder, pig, barn …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FigureClass {
    /// A follower: meeple, big follower, wagon, mayor …
    Follower,
    /// A special figure: builder, pig, barn …
    Special,
}

/// Where a figure may be deployed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigurePlacement {
    /// On an unoccupied feature of these kinds on the tile just placed; the
    /// engine lists these options itself.
    OnFeatures(&'static [FeatureKind]),
    /// Only where the owning expansion offers it (`deploy_options`).
    ByExpansion,
}

/// A kind of figure, declared by the core (the follower) or an expansion.
#[derive(Clone, Copy, Debug)]
pub struct FigureDecl {
    /// Id used in records (`"follower"`, `"big-follower"`, `"barn"` …).
    pub id: &'static str,
    /// Human name.
    pub name: &'static str,
    /// How many each player has.
    pub per_player: u8,
    /// Weight in a feature's majority.
    pub strength: u8,
    /// Follower or special figure.
    pub class: FigureClass,
    /// Where it may be deployed.
    pub placement: FigurePlacement,
}

/// Identifies a figure on the board for as long as it stays there.
pub type FigureId = u32;

/// The core's own figure: seven followers a player.
pub const FOLLOWER: FigureDecl = FigureDecl {
    id: "follower",
    name: "Follower",
    per_player: 7,
    strength: 1,
    class: FigureClass::Follower,
    placement: FigurePlacement::OnFeatures(&[
        FeatureKind::Road,
        FeatureKind::City,
        FeatureKind::Field,
        FeatureKind::Cloister,
    ]),
};

/// Where on a tile a figure stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spot {
    /// On the tile's feature with this index (definition order).
    Feature(u8),
    /// On a corner of the tile: 0 north-west, 1 north-east, 2 south-east, 3 south-west.
    Corner(u8),
}

/// Corner names, clockwise from north-west.
pub const CORNER_NAMES: [&str; 4] = ["NW", "NE", "SE", "SW"];

/// A figure standing on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlacedFigure {
    /// Stable while on the board.
    pub id: FigureId,
    /// Owning player.
    pub owner: u8,
    /// Index of its kind in the game's figure table.
    pub kind: u8,
    /// Tile it stands on.
    pub pos: Pos,
    /// Where on the tile.
    pub spot: Spot,
    /// The feature node it stands in, if it stands on a feature.
    pub node: Option<NodeId>,
}
