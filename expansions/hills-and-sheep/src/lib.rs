//! Hills & Sheep (docs/expansions/hills-and-sheep.md): hills, vineyards,
//! and shepherds with their flocks.
//!
//! - **Hills** (`hills`): when a hill tile is placed, one more tile from
//!   the bag goes under it, unseen and out of play; a follower standing on a
//!   hill tile breaks ties for the most followers in its feature
//!   (`hill_tiebreak`: presence, or the number of them).
//! - **Vineyards** (`vineyards`): a cloister scored as completed scores 3
//!   more for each vineyard among its 8 surrounding tiles.
//! - **Shepherds** (`shepherds`): instead of a follower, a player may put
//!   their shepherd on a field of the tile just placed where no shepherd
//!   stands, and draws a token from the bag at once: sheep join the field's
//!   flock, a wolf sends the shepherd home. Whenever a player's tile extends
//!   a field holding their shepherd they grow the flock (draw again: a wolf
//!   scatters the whole flock and every shepherd there goes home) or bring
//!   it to the stable (every shepherd's owner there scores 1 a sheep, and the
//!   shepherds and sheep go home). A field that can no longer grow brings its
//!   flock in at once (`closed_field_flock`). Flocks score nothing at the
//!   end.

mod flocks;
mod hills;
mod vineyards;

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::PlacedFigure;
use carcassonne_core::serde_json;
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileArrangement, TileType};
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Deployment, Expansion,
    ExpansionGroup, ExpansionInfo, FeatureScoring, FigureClass, FigureDecl, FigurePlacement, Line, PartDecl, Recall,
    Strength, ValueKind, VariantDecl, register_expansion,
};
use serde::{Deserialize, Serialize};

pub use flocks::{Flock, Token};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "hills-and-sheep";

/// Score source of flocks brought to the stable.
pub const FLOCK_SOURCE: &str = "flock";
/// Score source of vineyards round completed cloisters.
pub const VINEYARD_SOURCE: &str = "vineyards";

/// The shepherd: one per player, a special figure (not a follower: it
/// counts for no majority), on fields only.
pub const SHEPHERD: FigureDecl = FigureDecl {
    id: "shepherd",
    name: "Shepherd",
    per_player: 1,
    by_players: &[],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 0,
};

/// Part id of the hills.
pub const PART_HILLS: &str = "hills";
/// Part id of the vineyards.
pub const PART_VINEYARDS: &str = "vineyards";
/// Part id of the shepherds and the bag of sheep and wolves.
pub const PART_SHEPHERDS: &str = "shepherds";

/// The tile attributes: a hill, a vineyard.
const ATTRIBUTES: &[AttributeDecl] = &[
    AttributeDecl {
        key: "hill",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: false,
        description: "the tile is a hill: a tile from the bag goes under it, and a follower on it breaks ties",
    },
    AttributeDecl {
        key: "vineyard",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: false,
        description: "a vineyard: a completed cloister scores 3 more for each one round it",
    },
];

/// The tokens in the bag and on the board, the flocks' sheep by tile, for
/// observations. Written by `counters`, in this order.
const COUNTERS: &[CounterDecl] = &[
    CounterDecl {
        id: "bag",
        label: "Tokens in the bag, by kind",
        scope: CounterScope::Game,
        values: &["one-sheep", "two-sheep", "three-sheep", "four-sheep", "wolf"],
        scale: 5,
        mark: "",
        colour: "",
    },
    CounterDecl {
        id: "flock",
        label: "Sheep in the flock of the shepherd on this tile",
        scope: CounterScope::Tile,
        values: &[],
        scale: 10,
        mark: "",
        colour: "#ece6d2",
    },
];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Hills & Sheep",
    version: env!("CARGO_PKG_VERSION"),
    description: "Hills break ties and hide a tile; vineyards reward completed cloisters; shepherds grow flocks from a \
                  bag of sheep and wolves",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!(
        "hills-and-sheep.toml",
        "tiles/hills-and-sheep.toml"
    )],
    variants: &[
        VariantDecl {
            name: "hill_tiebreak",
            label: "Hills break ties by",
            kind: ValueKind::one_of(&["presence", "count"]),
            default: "presence",
            description: "presence: of the players tied for a feature, those with a follower on a hill tile in it win \
                          (JCloisterZone's default); count: those with the most followers on hill tiles win",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "closed_field_flock",
            label: "A flock whose field closes",
            kind: ValueKind::one_of(&["score", "stay"]),
            default: "score",
            description: "score: a flock whose field can no longer grow is brought to the stable at once, for every \
                          shepherd there (as JCloisterZone plays); stay: it waits, and scores nothing at the end",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "vineyards_for_garden",
            label: "Vineyards count for gardens",
            kind: ValueKind::Bool,
            default: "false",
            description: "whether a completed garden (The Abbot) scores the vineyards round it too \
                          (FanCloisterZone's option)",
            earlier_defaults: &[],
        },
    ],
    figures: &[SHEPHERD],
    parts: &[
        PartDecl {
            id: PART_HILLS,
            name: "Hills",
            description: "a tile goes under each hill; followers on hills break ties",
            figures: &[],
        },
        PartDecl {
            id: PART_VINEYARDS,
            name: "Vineyards",
            description: "a completed cloister scores 3 more for each vineyard round it",
            figures: &[],
        },
        PartDecl {
            id: PART_SHEPHERDS,
            name: "Shepherds",
            description: "shepherds on fields grow flocks from a bag of sheep and wolves",
            figures: &[SHEPHERD.id],
        },
    ],
    score_sources: &[FLOCK_SOURCE, VINEYARD_SOURCE],
    score_source_names: &["Flock", "Vineyards"],
    attributes: ATTRIBUTES,
    check_attributes: expansion::schema_only,
    counters: COUNTERS,
    build,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: ExpansionGroup::BigBox,
    year: 2014,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let attribute = |t: &TileType, key: &str| {
        t.def
            .attribute(ID)
            .and_then(|a| a.get(key))
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
    };
    let garden = ctx
        .variant_bool("vineyards_for_garden")
        .then(|| ctx.feature_kind("garden"))
        .flatten();
    Ok(expansion::boxed(HillsAndSheep {
        hills: ctx
            .part_on(PART_HILLS)
            .then(|| ctx.tiles.iter().map(|t| attribute(t, "hill")).collect()),
        tie_break: match ctx.variant("hill_tiebreak") {
            "count" => carcassonne_core::tiles::TieBreak::Count,
            _ => carcassonne_core::tiles::TieBreak::Presence,
        },
        vineyards: ctx
            .part_on(PART_VINEYARDS)
            .then(|| vineyards::Vineyards::new(ctx.tiles.iter().map(|t| attribute(t, "vineyard")).collect(), garden)),
        shepherds: ctx.has_figure(SHEPHERD.id),
        closed_fields_score: ctx.variant("closed_field_flock") == "score",
    }))
}

/// The rules of one game.
struct HillsAndSheep {
    /// By tile index, whether the tile is a hill (when the hills are on).
    hills: Option<Vec<bool>>,
    tie_break: carcassonne_core::tiles::TieBreak,
    /// The vineyards, when they are on.
    vineyards: Option<vineyards::Vineyards>,
    /// Whether the shepherds are in the game.
    shepherds: bool,
    /// `closed_field_flock = "score"`.
    closed_fields_score: bool,
}

/// The bag of sheep and wolves and the flocks on the board: what every
/// player sees (the bag's contents are known; draws are random).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// Tokens in the bag by kind (1, 2, 3, 4 sheep, wolf).
    pub bag: [u8; 5],
    /// Each shepherd on the board with the sheep drawn for it.
    pub flocks: Vec<Flock>,
    /// Fields (a node of each) whose flock the turn's player tends next,
    /// in order.
    pub to_tend: Vec<NodeId>,
    /// The shepherd's index in the figure table.
    #[serde(skip)]
    shepherd: u8,
}

/// The decision of tending a flock whose field the turn's tile extended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Draw a token: sheep grow the flock, a wolf scatters it.
    Grow,
    /// Bring the flock to the stable: 1 point a sheep for every shepherd's
    /// owner in the field.
    Gather,
}

impl Expansion for HillsAndSheep {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        State {
            bag: flocks::FULL_BAG,
            flocks: Vec::new(),
            to_tend: Vec::new(),
            shepherd: ctx.view().tables().figure_index(SHEPHERD.id).unwrap_or(u8::MAX),
        }
    }

    fn hooks(&self) -> Hooks {
        let mut hooks = Hooks::NONE;
        if self.hills.is_some() {
            hooks |= Hooks::TILE_PLACED;
        }
        if self.vineyards.is_some() {
            hooks |= Hooks::FEATURE_SCORED;
        }
        if self.shepherds {
            hooks |= Hooks::DEPLOY_OPTIONS | Hooks::FIGURE_DEPLOYED | Hooks::AFTER_DEPLOY;
        }
        hooks
    }

    fn armed_hooks(&self) -> Hooks {
        // The tile under a hill: only on turns a hill is placed.
        if self.hills.is_some() {
            Hooks::TILE_PLACED
        } else {
            Hooks::NONE
        }
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        match &self.hills {
            Some(hills) if hills.get(tile.index as usize).copied().unwrap_or(false) => Hooks::TILE_PLACED,
            _ => Hooks::NONE,
        }
    }

    fn tile_placed_keeps_deployments(&self) -> bool {
        true // it only buries a tile
    }

    fn arrange_tiles(&self, tiles: &mut TileArrangement) {
        if let Some(hills) = &self.hills {
            hills::break_ties(hills, self.tie_break, tiles);
        }
    }

    fn tile_placed(&self, _: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        if let Some(hills) = &self.hills {
            hills::slide_a_tile_under(hills, ctx, placed);
        }
    }

    fn feature_scored(&self, _: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        if let Some(vineyards) = &self.vineyards {
            vineyards::score(vineyards, ctx, scoring);
        }
    }

    fn deploy_options(&self, state: &State, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        flocks::shepherd_spots(state, after, out);
    }

    fn figure_deployed(&self, state: &mut State, ctx: &mut Ctx<'_>, figure: &PlacedFigure) {
        if figure.kind == state.shepherd {
            flocks::shepherd_placed(state, ctx, figure);
        }
    }

    fn after_deploy(&self, state: &mut State, ctx: &mut Ctx<'_>, _: Option<&PlacedFigure>) {
        flocks::after_deploy(state, ctx, self.closed_fields_score);
    }

    fn options(&self, _: &State, _: &CoreState, _: u8, out: &mut Vec<Action>) {
        out.push(Action::Grow);
        out.push(Action::Gather);
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, _: u8, action: &Action) {
        flocks::tend(state, ctx, action, self.closed_fields_score);
    }

    fn option_label(&self, state: &State, view: &CoreState, _: u8, action: &Action) -> Option<String> {
        Some(flocks::option_label(state, view, action))
    }

    fn decision_label(&self, _: &State) -> &'static str {
        "tend your flock"
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        if !self.shepherds {
            return Vec::new();
        }
        flocks::lines(state, view)
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        flocks::log_line(view, detail)
    }

    fn counters(&self, state: &State, view: &CoreState, out: &mut dyn CounterSink) {
        for (i, &n) in state.bag.iter().enumerate() {
            out.game(0, i, i32::from(n));
        }
        for flock in flocks::live(state, view) {
            if let Some(f) = view.figure(flock.shepherd) {
                out.tile(1, f.pos, 0, flock.sheep());
            }
        }
    }
}
