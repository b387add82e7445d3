//! Figures on the board and in supply.

use crate::features::NodeId;
use crate::geometry::Pos;
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
    /// On an unoccupied feature of these kinds (by name: `"road"`,
    /// `"garden"`) on the tile just placed; the engine lists these options
    /// itself. A kind that is not occupiable (a river) takes no figure
    /// whatever the list says; a kind may also invite a figure that does
    /// not list it ([`FeatureKindDecl::invites`](crate::tiles::FeatureKindDecl::invites)).
    OnFeatures(&'static [&'static str]),
    /// Only where the owning expansion offers it (`deploy_options`).
    ByExpansion,
}

/// Whether a figure may go back to its owner's supply as a turn's
/// deployment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Recall {
    /// Only when its feature is scored (every figure of the base game).
    Never,
    /// Instead of deploying, its owner may take it back from a feature that
    /// is not complete, which first scores as at the end of the game (The
    /// Abbot's abbot).
    Scoring,
}

/// A figure's weight in the majority of the feature it stands in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// Always this much: a follower 1, a big follower 2, a special figure 0.
    Fixed(u8),
    /// The number of pennants in the feature it stands in, so 0 in a city
    /// without pennants (Abbey & Mayor's mayor). A feature whose strongest
    /// player has strength 0 scores for nobody.
    Pennants,
}

impl Strength {
    /// The strength in a feature holding `pennants` pennants.
    pub fn in_feature(self, pennants: u32) -> u32 {
        match self {
            Strength::Fixed(n) => u32::from(n),
            Strength::Pennants => pennants,
        }
    }
}

/// Written as the number, or `"pennants"`.
impl Serialize for Strength {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Strength::Fixed(n) => serializer.serialize_u8(*n),
            Strength::Pennants => serializer.serialize_str("pennants"),
        }
    }
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
    /// How many each player has by the number of players, when that
    /// matters (The Tower's 30 pieces shared out: `&[30, 10, 9, 7, 6, 5]`,
    /// index 0 for a solo game); empty: `per_player` whatever the number.
    /// A game's `[figures]` count overrides both.
    pub by_players: &'static [u8],
    /// Weight in a feature's majority.
    pub strength: Strength,
    /// Follower or special figure.
    pub class: FigureClass,
    /// Where it may be deployed.
    pub placement: FigurePlacement,
    /// Whether its owner may take it back instead of deploying.
    pub recall: Recall,
    /// How many of it belong to nobody (a dragon): an expansion places and
    /// moves them ([`Ctx::place_neutral`](crate::Ctx::place_neutral),
    /// [`Ctx::move_figure`](crate::Ctx::move_figure)), on tiles or corners,
    /// never in a feature, so no majority and no player's count sees them.
    pub neutral: u8,
}

/// The owner of a figure that belongs to nobody ([`FigureDecl::neutral`]).
pub const NEUTRAL: u8 = u8::MAX;

/// Identifies a figure on the board for as long as it stays there.
pub type FigureId = u32;

/// The core's own figure: seven followers a player.
pub const FOLLOWER: FigureDecl = FigureDecl {
    id: "follower",
    name: "Follower",
    per_player: 7,
    by_players: &[],
    strength: Strength::Fixed(1),
    class: FigureClass::Follower,
    placement: FigurePlacement::OnFeatures(&["road", "city", "field", "cloister"]),
    recall: Recall::Never,
    neutral: 0,
};

/// Where on a tile a figure stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spot {
    /// On the tile's feature with this index (definition order).
    Feature(u8),
    /// On a corner of the tile: 0 north-west, 1 north-east, 2 south-east, 3 south-west.
    Corner(u8),
    /// On the tile itself, on none of its features (a dragon, a fairy).
    Tile,
    /// Only in a deployment option, never where a figure stands: take back
    /// the owner's figure of the option's kind that stands on the feature
    /// with this index of the tile at the option's place (a figure whose
    /// declaration allows a [`Recall`]).
    Recall(u8),
}

/// Corner names, clockwise from north-west.
pub const CORNER_NAMES: [&str; 4] = ["NW", "NE", "SE", "SW"];

/// A figure standing on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlacedFigure {
    /// Stable while on the board.
    pub id: FigureId,
    /// Owning player ([`NEUTRAL`] for a figure that belongs to nobody).
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
