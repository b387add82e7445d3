//! The Cult (docs/expansions/cult.md): the shrine tiles of Cult, Siege &
//! Creativity (Hans im Glück's Heretics and Shrines).
//!
//! - A shrine is placed and scored as a cloister.
//! - A shrine may not be placed next to (diagonals too) more than one
//!   cloister, nor a cloister next to more than one shrine; nor may a tile
//!   give a cloister or shrine already facing an opponent a second one.
//! - A shrine and a cloister next to each other challenge each other: when
//!   one of them is completed and scored (it is occupied), the followers of
//!   the other, if it is still unfinished, go back to their owners without
//!   points. Both completed by the same tile: both score.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileArrangement, TileType};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind, FeatureScoring, Line, Pos,
    Rotation, ScoringMoment, ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id, also the key of its attribute table in tile files.
pub const ID: &str = "cult";

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Cult",
    version: env!("CARGO_PKG_VERSION"),
    description: "Shrines scored as cloisters; a shrine and a cloister next to each other race: the first completed sends the other's follower home without points",
    tile_files: &[carcassonne_core::tile_file!("cult.toml", "tiles/cult.toml")],
    variants: &[VariantDecl {
        name: "tile_set",
        label: "Shrine tiles",
        kind: ValueKind::one_of(&["cult-places", "heretics-and-shrines"]),
        default: "cult-places",
        description: "the six tiles of Rio Grande Games' Cult, Siege & Creativity, or the five of Hans im Glück's Heretics and Shrines (without the shrine with a city and two roads)",
        earlier_defaults: &[],
    }],
    attributes: &[
        AttributeDecl {
            key: "shrine",
            on: &[AttributePlace::Tile],
            kind: ValueKind::Bool,
            required: true,
            description: "the tile's cloister is a shrine: it challenges a cloister next to it, and a cloister it",
        },
        AttributeDecl {
            key: "rgg_only",
            on: &[AttributePlace::Tile],
            kind: ValueKind::Bool,
            required: false,
            description: "the tile came only with Rio Grande Games' box, not with Heretics and Shrines",
        },
    ],
    check_attributes: expansion::schema_only,
    build,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: ExpansionGroup::Mini,
    year: 2007,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let shrine = ctx.tile_flags(ID, "shrine");
    // Heretics and Shrines: RGG's extra tile leaves the game.
    let left_out = if ctx.variant("tile_set") == "heretics-and-shrines" {
        ctx.tile_flags(ID, "rgg_only")
    } else {
        Vec::new()
    };
    let cloister = ctx
        .tiles
        .iter()
        .map(|t| t.def.features.iter().position(|f| f.kind == FeatureKind::CLOISTER))
        .map(|i| i.map(|i| i as u8))
        .collect();
    Ok(expansion::boxed(Cult {
        shrine,
        cloister,
        left_out,
    }))
}

/// The rules of one game.
struct Cult {
    /// By tile index, whether the tile's cloister is a shrine.
    shrine: Vec<bool>,
    /// By tile index, the index of the tile's cloister among its features
    /// (abbeys and other expansions' cloisters included: "the abbey is also
    /// a cloister").
    cloister: Vec<Option<u8>>,
    /// By tile index, the tiles the chosen tile set does not have.
    left_out: Vec<bool>,
}

/// A cloister or shrine on the board.
#[derive(Clone, Copy)]
struct Building {
    pos: Pos,
    shrine: bool,
    node: NodeId,
}

impl Cult {
    fn is_shrine(&self, tile: u16) -> bool {
        self.shrine.get(tile as usize).copied().unwrap_or(false)
    }

    /// The cloister or shrine on the placed tile at `pos`, if any.
    fn building_at(&self, view: &CoreState, pos: Pos) -> Option<Building> {
        let placed = view.board().get(pos)?;
        let fi = self.cloister.get(placed.tile as usize).copied().flatten()?;
        Some(Building {
            pos,
            shrine: self.is_shrine(placed.tile),
            node: view.node_at(pos, fi as usize)?,
        })
    }

    /// Whether the placed tile at `pos` holds a shrine (`Some(true)`), a
    /// cloister (`Some(false)`) or neither: what the veto needs, without
    /// looking up the building's feature.
    fn building_kind_at(&self, view: &CoreState, pos: Pos) -> Option<bool> {
        let placed = view.board().get(pos)?;
        self.cloister.get(placed.tile as usize).copied().flatten()?;
        Some(self.is_shrine(placed.tile))
    }

    /// The buildings of the other kind than `shrine` round `pos`.
    fn opponents(&self, view: &CoreState, pos: Pos, shrine: bool) -> Vec<Building> {
        pos.ring()
            .filter_map(|p| self.building_at(view, p))
            .filter(|b| b.shrine != shrine)
            .collect()
    }

    /// Why a tile with a cloister or shrine may not go at `pos`, or `None`;
    /// found without words or allocation, since the veto asks it for every
    /// fitting placement of such a tile.
    fn refused(&self, view: &CoreState, tile: &TileType, pos: Pos) -> Option<Refusal> {
        self.cloister.get(tile.index as usize).copied().flatten()?;
        let shrine = self.is_shrine(tile.index);
        let mut round = pos.ring().filter(|&p| self.building_kind_at(view, p) == Some(!shrine));
        let one = round.next()?;
        let more = round.count();
        if more > 0 {
            return Some(Refusal::Several(more + 1));
        }
        // The opponent must not face a second building of ours.
        let faced = one.ring().any(|p| self.building_kind_at(view, p) == Some(shrine));
        faced.then_some(Refusal::AlreadyFaced(one))
    }

    /// The refusal of a tile with a cloister or shrine at `pos`, in words.
    fn refusal(&self, view: &CoreState, tile: &TileType, pos: Pos) -> Option<String> {
        let (own, other) = if self.is_shrine(tile.index) {
            ("shrine", "cloister")
        } else {
            ("cloister", "shrine")
        };
        Some(match self.refused(view, tile, pos)? {
            Refusal::AlreadyFaced(at) => format!(
                "the {other} {} already faces a {own}: a {other} may not neighbour several {own}s",
                view.place_words(at)
            ),
            Refusal::Several(n) => format!("a {own} may not neighbour several {other}s ({n} round this place)"),
        })
    }
}

/// Why a cloister or shrine may not go where it was placed.
enum Refusal {
    /// The one building of the other kind round it, on this tile, already
    /// faces one of its kind.
    AlreadyFaced(Pos),
    /// This many buildings of the other kind round it.
    Several(usize),
}

impl Expansion for Cult {
    type State = ();
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) {}

    fn hooks(&self) -> Hooks {
        Hooks::PLACEMENT_ALLOWED | Hooks::FEATURE_SCORED
    }

    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        for (index, _) in self.left_out.iter().enumerate().filter(|(_, out)| **out) {
            tiles.set_count(index as u16, 0);
        }
    }

    /// Only a tile with a cloister or a shrine can be refused: the engine
    /// asks the veto about no other tile (it was asked about every fitting
    /// placement of every tile, 36 % of a game's instructions in full mode).
    fn vetoes_tile(&self, tile: &TileType) -> bool {
        self.cloister.get(tile.index as usize).copied().flatten().is_some()
    }

    fn placement_allowed(&self, _: &(), view: &CoreState, tile: &TileType, pos: Pos, _rotation: Rotation) -> bool {
        // "a shrine may not be placed in such a way that it adjoins several
        // cloisters. Similarly, a cloister may not be placed so that it
        // neighbors several shrines."
        self.refused(view, tile, pos).is_none()
    }

    fn explain_placement_refusal(
        &self,
        _: &(),
        view: &CoreState,
        tile: &TileType,
        pos: Pos,
        _rotation: Rotation,
    ) -> Option<String> {
        self.refusal(view, tile, pos)
    }

    fn feature_scored(&self, _: &mut (), ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        // Only a building completed during the game and occupied wins a
        // challenge ("only occupied features are scored, while unoccupied
        // ones are simply completed").
        if scoring.moment != ScoringMoment::Completed
            || scoring.kind != FeatureKind::CLOISTER
            || scoring.winners.is_empty()
        {
            return;
        }
        let view = ctx.view();
        let placed = view.tile_of_node(scoring.feature);
        let Some(winner) = self.building_at(view, placed.pos) else {
            return;
        };
        let mut losers = Vec::new();
        for other in self.opponents(view, winner.pos, winner.shrine) {
            // Completed by the same tile: no one was first, both score.
            if view.is_complete(other.node) {
                continue;
            }
            for f in view.figures_in(other.node) {
                losers.push((f.id, f.owner, other.pos, other.shrine));
            }
        }
        for (id, owner, at, shrine) in losers {
            ctx.return_figure(id);
            ctx.log_with(|| json!({ "lost": owner, "at": [at.x, at.y], "shrine": shrine }));
        }
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let owner = detail.get("lost")?.as_u64()? as u8;
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        let what = if detail.get("shrine")?.as_bool()? {
            "shrine"
        } else {
            "cloister"
        };
        Some(Line::about(
            owner,
            format!(
                "loses the challenge: the follower in the {what} {} goes home without points",
                view.place_words(Pos::new(at[0], at[1]))
            ),
        ))
    }
}
