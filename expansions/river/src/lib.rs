//! The River (docs/expansions/river.md): twelve river tiles drawn before the
//! bag, from the spring (the start tile) to the lake (drawn last).
//!
//! The river is a new kind of edge (`W`: field | river | field) that meets
//! only a river, and a new kind of feature that no figure stands on and
//! nobody scores; both are declared here as data, so the core knows no
//! river. Its rules are a setup and one veto: the spring starts the game
//! and the base start tile leaves it, the river tiles are drawn first and
//! the lake last (`arrange_tiles`); a river tile must continue the river at
//! one open end and may not turn the same way twice in a row
//! (`placement_allowed`, which reads the river's open ends kept up in the
//! state from the tiles placed, `observe`, and compared with a recount by
//! `check_kept_up`). The River II (`carcassonne-river-ii`) reuses
//! [`course`] and [`stack`].

pub mod course;
pub mod stack;

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::tiles::{
    AttributeDecl, AttributePlace, EdgeKind, EdgeKindDecl, FeatureKindDecl, KindScoring, KindShape, Matching,
    TileArrangement,
};
use carcassonne_core::{
    BuildContext, CoreState, Event, Expansion, ExpansionInfo, PartDecl, Pos, Rotation, TileType, ValueKind,
    VariantDecl, register_expansion,
};

/// The expansion's id.
pub const ID: &str = "river";

/// The river as a kind of feature: a path along the centre of sides, never
/// scored (so never reported complete), on which no figure stands.
pub const RIVER_FEATURE: FeatureKindDecl = FeatureKindDecl {
    name: "river",
    label: "river",
    shape: KindShape::Path,
    scoring: KindScoring::None,
    occupiable: false,
    invites: &[],
    source: "",
    colour: "#4a90c8",
};

/// The river as a kind of edge: field | river | field, meeting only a river.
pub const RIVER_EDGE: EdgeKindDecl = EdgeKindDecl {
    name: "river",
    letter: 'W',
    label: "river",
    segments: &["field", "river", "field"],
    matching: Matching::Itself,
};

/// The variant both river sets offer for the base start tile.
pub const START_TILE: VariantDecl = VariantDecl {
    name: "start_tile",
    label: "The base game's start tile",
    kind: ValueKind::OneOf {
        values: &["removed", "shuffled"],
    },
    default: "removed",
    description: "what becomes of the base game's start tile, which the spring replaces: `removed` leaves the \
                  game (the printed rules), `shuffled` goes into the bag (a house rule some compilations print)",
    earlier_defaults: &[],
};

/// The variant both river sets offer for U-turns.
pub const U_TURN: VariantDecl = VariantDecl {
    name: "u_turn",
    label: "What counts as a U-turn",
    kind: ValueKind::OneOf {
        values: &["immediate", "lookahead"],
    },
    default: "immediate",
    description: "which river placements count as a U-turn: `immediate` two curves the same way in a row (Hans \
                  im Glück's answer), `lookahead` any tile beside the square in front of an open end or on or \
                  beside the square two ahead (JCloisterZone's test)",
    earlier_defaults: &[],
};

/// The part both river sets declare: the course of the river. On (as the
/// printed rules play), the spring starts the game, the river tiles are
/// drawn before the bag and the lake last, and each river tile continues
/// the river without a U-turn. Off (a game may switch it off, and an
/// expansion whose rules replace it, such as Fishermen, does), the river
/// tiles are plain tiles shuffled into the bag (their river edges still
/// meet only river edges) and the base game's start tile starts the game.
pub const COURSE: PartDecl = PartDecl {
    id: "course",
    name: "The river's course",
    description: "the spring starts the game, the river tiles come first and the lake last, each continuing the \
                  river without a U-turn; off, the river tiles are shuffled into the bag and the base start tile \
                  starts the game",
    figures: &[],
};

/// The attribute a river set marks its special tiles with.
pub const ROLE: AttributeDecl = AttributeDecl {
    key: "role",
    on: &[AttributePlace::Tile],
    kind: ValueKind::OneOf {
        values: &["spring", "fork", "lake"],
    },
    required: true,
    description: "the tile's place in the river: `spring` starts the game, `fork` is placed first, `lake` is \
                  drawn last of the river",
};

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The River",
    version: env!("CARGO_PKG_VERSION"),
    description: "A river from the spring to the lake, placed before the other tiles",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!("river.toml", "tiles/river.toml")],
    variants: &[START_TILE, U_TURN],
    figures: &[],
    parts: &[COURSE],
    score_sources: &[],
    score_source_names: &[],
    attributes: &[ROLE],
    check_attributes: expansion::schema_only,
    feature_kinds: &[RIVER_FEATURE],
    edge_kinds: &[RIVER_EDGE],
    counters: &[],
    build,
    companions: &[],
    tile_marks: &[],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: carcassonne_core::ExpansionGroup::BaseGame,
    year: 2001,
    refines: &[],
    parts_off: &[],
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(RiverRules::new(
        ctx,
        ID,
        RiverSet {
            // With The River II on there is one river: its spring starts it
            // and this set's lake leaves the game ("One spring and one lake
            // are discarded"), so the two branches end in River II's lakes.
            dropped: if ctx.is_enabled("river-ii") {
                &[stack::Role::Spring, stack::Role::Lake]
            } else {
                &[]
            },
        },
    )?))
}

/// What one river set drops when another is on.
#[derive(Clone, Copy, Debug)]
pub struct RiverSet {
    /// The roles whose tiles leave the game.
    pub dropped: &'static [stack::Role],
}

/// The rules of one river set for one game: shared by The River and The
/// River II, which differ only in their tiles and in what they drop when
/// combined.
#[derive(Debug)]
pub struct RiverRules {
    owner: &'static str,
    river: EdgeKind,
    /// By tile index: whether the tile has a river edge (only those are
    /// checked, so the veto costs one look-up for every other tile).
    river_tiles: Vec<bool>,
    set: RiverSet,
    base_start: stack::BaseStart,
    u_turns: course::UTurns,
    /// Part `course`: the river's arrangement and its placement rule. Off,
    /// the set's tiles are plain tiles in the bag.
    course: bool,
}

impl RiverRules {
    /// The rules of expansion `owner` (whose tile set has its id) for the
    /// game `ctx` builds.
    pub fn new(ctx: &BuildContext, owner: &'static str, set: RiverSet) -> Result<RiverRules, String> {
        let river = ctx
            .landscape
            .edge_kind(RIVER_EDGE.name)
            .ok_or("the river edge kind is not in the catalog")?;
        Ok(RiverRules {
            owner,
            river,
            river_tiles: ctx.tiles.iter().map(|t| course::is_river_tile(t, river)).collect(),
            set,
            base_start: stack::BaseStart::parse(ctx.variant("start_tile"))?,
            u_turns: course::UTurns::parse(ctx.variant("u_turn"))?,
            course: ctx.part_on(COURSE.id),
        })
    }
}

impl Expansion for RiverRules {
    /// The river's open ends, kept up as tiles are placed (serialized as
    /// nothing: the board shows them).
    type State = course::OpenEnds;
    type Action = ();

    fn setup(&self, ctx: &mut carcassonne_core::Ctx<'_>) -> course::OpenEnds {
        // The spring (and any other start tile) is on the board already.
        course::OpenEnds::recount(ctx.view(), &self.river_tiles, self.river)
    }

    fn hooks(&self) -> Hooks {
        if self.course {
            Hooks::PLACEMENT_ALLOWED | Hooks::OBSERVE
        } else {
            Hooks::NONE
        }
    }

    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        if self.course {
            stack::arrange(tiles, self.owner, self.owner, self.set.dropped, self.base_start);
        } else {
            stack::mix_in(tiles, self.owner, self.owner, self.set.dropped);
        }
    }

    fn vetoes_tile(&self, tile: &TileType) -> bool {
        // Only river tiles, and only while the course is on: every other
        // placement skips the veto.
        self.course && course::is_river_tile(tile, self.river)
    }

    fn placement_allowed(
        &self,
        ends: &course::OpenEnds,
        view: &CoreState,
        tile: &TileType,
        pos: Pos,
        rotation: Rotation,
    ) -> bool {
        !self.course
            || !self.river_tiles.get(tile.index as usize).copied().unwrap_or(false)
            || course::check_kept(ends, view, tile, pos, rotation, self.river, self.u_turns).is_ok()
    }

    fn observe(&self, ends: &mut course::OpenEnds, view: &CoreState, event: &Event) {
        // Every tile placed, whoever places it: one that covers an open end
        // closes it, a river tile opens its own ends.
        if let Event::TilePlaced {
            tile, pos, rotation, ..
        } = *event
            && self.course
        {
            ends.tile_placed(view, &self.river_tiles, self.river, tile, pos, rotation);
        }
    }

    fn check_kept_up(&self, ends: &course::OpenEnds, view: &CoreState) -> Result<(), String> {
        if !self.course {
            // Nothing is kept up without the course.
            return Ok(());
        }
        match ends.differs_from(&course::OpenEnds::recount(view, &self.river_tiles, self.river)) {
            Some(difference) => Err(difference),
            None => Ok(()),
        }
    }

    fn explain_placement_refusal(
        &self,
        _ends: &course::OpenEnds,
        view: &CoreState,
        tile: &TileType,
        pos: Pos,
        rotation: Rotation,
    ) -> Option<String> {
        if !self.course {
            return None;
        }
        course::check(view, tile, pos, rotation, self.river, self.u_turns)
            .err()
            .map(|r| r.words())
    }
}
