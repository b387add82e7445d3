//! Under the Big Top (docs/expansions/under-the-big-top.md): the big top
//! and its animal tokens, acrobat pyramids, and the ringmaster.
//!
//! - **The big top** (`big-top`): when the first circus tile is placed, the
//!   big top (a figure of nobody's) goes onto it over a face-down animal
//!   token. Whenever another circus tile is placed, after the turn's
//!   scoring, the token is revealed and every player scores its value for
//!   each of their followers on the big top's tile and the 8 round it; then
//!   the big top moves to the new circus tile over a fresh token. At the
//!   end it scores once more (`big_top_final_scoring`).
//! - **The acrobats** (`acrobats`): instead of a follower on the new tile, a
//!   player may put a follower onto the acrobat space of the new tile or of
//!   one of the 8 round it, up to a pyramid of three (any players'); a
//!   player who deploys nothing may score a full pyramid, 5 points for each
//!   acrobat to its owner, and the three go home. At the end pyramids score
//!   as `acrobats_final_scoring` says.
//! - **The ringmaster** (`ringmaster`): one follower a player, placed like
//!   a follower but never as an acrobat; whenever a feature holding it is
//!   scored, its owner scores 2 for each circus or acrobat tile among its
//!   own tile and the 8 round it.
//!
//! The tiles come in two sets: the official one, and FanCloisterZone's
//! 1st-edition redrawing, chosen by `tile_set` (the other set's tiles are
//! taken out of the game by `arrange_tiles`).

mod acrobats;
mod big_top;
mod ringmaster;

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::figures::PlacedFigure;
use carcassonne_core::serde_json;
use carcassonne_core::tiles::{
    AttributeDecl, AttributePlace, FeatureKindDecl, KindScoring, KindShape, TileArrangement, TileType,
};
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Deployment, Expansion,
    ExpansionGroup, ExpansionInfo, FeatureKind, FeatureScoring, FigureClass, FigureDecl, FigurePlacement, Line,
    PartDecl, Pos, Recall, Strength, ValueKind, VariantDecl, register_expansion,
};
use serde::{Deserialize, Serialize};

pub use big_top::{ANIMALS, TOKEN_VALUES};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "under-the-big-top";

/// Score source of the big top's circus scorings.
pub const BIG_TOP_SOURCE: &str = "big-top";
/// Score source of acrobat pyramids.
pub const ACROBATS_SOURCE: &str = "acrobats";
/// Score source of the ringmaster's bonus.
pub const RINGMASTER_SOURCE: &str = "ringmaster";

/// Part id of the big top, the circus tiles' scoring and the animal tokens.
pub const PART_BIG_TOP: &str = "big-top";
/// Part id of the acrobats.
pub const PART_ACROBATS: &str = "acrobats";
/// Part id of the ringmaster.
pub const PART_RINGMASTER: &str = "ringmaster";

/// The id of the official tile set (`tile_set = "official"`).
pub const OFFICIAL_SET: &str = "under-the-big-top";
/// The id of FanCloisterZone's 1st-edition set (`tile_set = "fcz-c1"`).
pub const FCZ_C1_SET: &str = "under-the-big-top-fcz-c1";

/// The circus space: inside the tile like a cloister; nobody stands on it
/// and it is never scored itself (the big top and its token go there).
pub const CIRCUS: FeatureKindDecl = FeatureKindDecl {
    name: "circus",
    label: "circus space",
    shape: KindShape::Inner,
    scoring: KindScoring::None,
    occupiable: false,
    invites: &[],
    source: "",
    colour: "#c8413a",
};

/// The acrobat space: inside the tile like a cloister; a pyramid of up to
/// three followers of any players stands on it, placed and scored by this
/// expansion's rules alone (no majority; the core never scores it).
pub const ACROBATS: FeatureKindDecl = FeatureKindDecl {
    name: "acrobats",
    label: "acrobat space",
    shape: KindShape::Inner,
    scoring: KindScoring::None,
    occupiable: false,
    invites: &[],
    source: "",
    colour: "#e0a526",
};

/// The ringmaster: one per player, a follower of strength 1 placed like a
/// follower (never as an acrobat).
pub const RINGMASTER: FigureDecl = FigureDecl {
    id: "ringmaster",
    name: "Ringmaster",
    per_player: 1,
    by_players: &[],
    strength: Strength::Fixed(1),
    class: FigureClass::Follower,
    placement: FigurePlacement::OnFeatures(&["road", "city", "field", "cloister"]),
    recall: Recall::Never,
    neutral: 0,
};

/// The big top: one in the game, belonging to nobody; it stands on the
/// circus tile whose token waits to be revealed.
pub const BIG_TOP: FigureDecl = FigureDecl {
    id: "big-top",
    name: "Big top",
    per_player: 0,
    by_players: &[],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 1,
};

/// The tile attributes: which space the tile carries, and the fan set's
/// drawing direction of the acrobat space.
const ATTRIBUTES: &[AttributeDecl] = &[
    AttributeDecl {
        key: "space",
        on: &[AttributePlace::Tile],
        kind: ValueKind::one_of(&["circus", "acrobats"]),
        required: true,
        description: "the space the tile carries (a circus space, where the big top stands, or an acrobat space, \
                      where a pyramid of followers stands); the ringmaster scores 2 for each such tile round it",
    },
    AttributeDecl {
        key: "acrobat_direction",
        on: &[AttributePlace::Tile],
        kind: ValueKind::one_of(&["NE", "NW"]),
        required: false,
        description: "which way the drawn acrobat space is turned (FanCloisterZone's drawing; no rule effect)",
    },
];

/// Counters for observations: the animal tokens not yet revealed, by
/// animal (the one under the big top among them, its value unknown).
const COUNTERS: &[CounterDecl] = &[CounterDecl {
    id: "tokens",
    label: "Animal tokens not yet revealed, by animal",
    scope: CounterScope::Game,
    values: &["flea", "monkey", "seal", "bear", "tiger", "elephant"],
    scale: 5,
    mark: "",
    colour: "",
}];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Under the Big Top",
    version: env!("CARGO_PKG_VERSION"),
    description: "The big top moves from circus to circus and scores the followers round it by a hidden animal; \
                  pyramids of acrobats; the ringmaster",
    requires: &[],
    conflicts: &[],
    tile_files: &[
        carcassonne_core::tile_file!("under-the-big-top.toml", "tiles/under-the-big-top.toml"),
        carcassonne_core::tile_file!("under-the-big-top-fcz-c1.toml", "tiles/under-the-big-top-fcz-c1.toml"),
    ],
    variants: &[
        VariantDecl {
            name: "tile_set",
            label: "Tile set",
            kind: ValueKind::one_of(&["official", "fcz-c1"]),
            default: "official",
            description: "official: the 20 tiles as Hans im Glück prints them; fcz-c1: FanCloisterZone's fan \
                          redrawing in 1st-edition art (one acrobat tile and three circus tiles differ); the other \
                          set is left out of the game",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "big_top_final_scoring",
            label: "The big top scores at the end",
            kind: ValueKind::Bool,
            default: "true",
            description: "whether the circus under the big top scores once more at the end of the game, with its \
                          token revealed (as JCloisterZone plays; no rule text read says so)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "acrobats_final_scoring",
            label: "Acrobats at the end",
            kind: ValueKind::one_of(&["any", "full", "none"]),
            default: "any",
            description: "which pyramids score 5 points an acrobat at the end of the game: any: every pyramid with \
                          acrobats (JCloisterZone); full: only pyramids of three; none: no pyramid",
            earlier_defaults: &[],
        },
    ],
    figures: &[RINGMASTER, BIG_TOP],
    parts: &[
        PartDecl {
            id: PART_BIG_TOP,
            name: "Big top",
            description: "the big top moves from circus to circus and scores the followers round it by an animal token",
            figures: &[BIG_TOP.id],
        },
        PartDecl {
            id: PART_ACROBATS,
            name: "Acrobats",
            description: "followers form pyramids on acrobat spaces and score 5 each",
            figures: &[],
        },
        PartDecl {
            id: PART_RINGMASTER,
            name: "Ringmaster",
            description: "a follower that scores 2 for each circus or acrobat tile round it",
            figures: &[RINGMASTER.id],
        },
    ],
    score_sources: &[BIG_TOP_SOURCE, ACROBATS_SOURCE, RINGMASTER_SOURCE],
    score_source_names: &["Big top", "Acrobats", "Ringmaster"],
    attributes: ATTRIBUTES,
    check_attributes: expansion::schema_only,
    feature_kinds: &[CIRCUS, ACROBATS],
    counters: COUNTERS,
    build,
    group: ExpansionGroup::BigBox,
    year: 2017,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

/// What one tile type carries, read once when the rules are built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TileSpaces {
    /// The index of its circus space feature.
    pub circus: Option<u8>,
    /// The index of its acrobat space feature.
    pub acrobats: Option<u8>,
}

impl TileSpaces {
    /// Whether the tile carries a circus or an acrobat space (what the
    /// ringmaster counts).
    pub fn any(self) -> bool {
        self.circus.is_some() || self.acrobats.is_some()
    }
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let circus = ctx.feature_kind(CIRCUS.name);
    let acrobats = ctx.feature_kind(ACROBATS.name);
    let mut spaces = Vec::with_capacity(ctx.tiles.len());
    for t in ctx.tiles.iter() {
        let find = |kind: Option<FeatureKind>| {
            kind.and_then(|k| t.feature_kinds().iter().position(|&f| f == k))
                .map(|i| i as u8)
        };
        let s = TileSpaces {
            circus: find(circus),
            acrobats: find(acrobats),
        };
        // The attribute names the space the tile's features show.
        let said = t
            .def
            .attribute(ID)
            .and_then(|a| a.get("space"))
            .and_then(|v| v.as_str());
        let shown = match (s.circus, s.acrobats) {
            (Some(_), None) => Some("circus"),
            (None, Some(_)) => Some("acrobats"),
            (None, None) => None,
            (Some(_), Some(_)) => return Err(format!("tile {} has both a circus and an acrobat space", t.def.id)),
        };
        if said.is_some() && said != shown {
            return Err(format!(
                "tile {}: `space = \"{}\"` but its features show {}",
                t.def.id,
                said.unwrap_or_default(),
                shown.map_or("no space".to_string(), |s| format!("a {s} space"))
            ));
        }
        spaces.push(s);
    }
    Ok(expansion::boxed(UnderTheBigTop {
        spaces,
        big_top: ctx.part_on(PART_BIG_TOP),
        acrobats: ctx.part_on(PART_ACROBATS),
        ringmaster: ctx.part_on(PART_RINGMASTER),
        left_out: match ctx.variant("tile_set") {
            "fcz-c1" => OFFICIAL_SET,
            _ => FCZ_C1_SET,
        },
        big_top_final: ctx.variant_bool("big_top_final_scoring"),
        acrobats_final: match ctx.variant("acrobats_final_scoring") {
            "full" => acrobats::FinalPyramids::Full,
            "none" => acrobats::FinalPyramids::None,
            _ => acrobats::FinalPyramids::Any,
        },
    }))
}

/// The rules of one game.
pub(crate) struct UnderTheBigTop {
    /// By tile index, its circus and acrobat spaces.
    pub spaces: Vec<TileSpaces>,
    /// Whether the big top part is on.
    pub big_top: bool,
    /// Whether the acrobats part is on.
    pub acrobats: bool,
    /// Whether the ringmaster part is on.
    pub ringmaster: bool,
    /// The tile set `tile_set` leaves out.
    pub left_out: &'static str,
    /// `big_top_final_scoring`.
    pub big_top_final: bool,
    /// `acrobats_final_scoring`.
    pub acrobats_final: acrobats::FinalPyramids,
}

impl UnderTheBigTop {
    /// The spaces of tile type `tile`.
    pub(crate) fn spaces_of(&self, tile: u16) -> TileSpaces {
        self.spaces.get(tile as usize).copied().unwrap_or_default()
    }
}

/// An acrobat space on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Space {
    /// The tile it lies on.
    pub pos: Pos,
    /// Its feature index on that tile.
    pub feature: u8,
}

/// The animal tokens and the acrobat spaces on the board: what every player
/// sees (the token under the big top is drawn from the tokens not yet
/// revealed when it is revealed, so no hidden value is kept).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// Animal tokens not yet revealed, by value (see [`TOKEN_VALUES`]): the
    /// face-down stack and the token under the big top.
    pub tokens: [u8; 6],
    /// The acrobat spaces on the board, in the order their tiles were placed.
    pub spaces: Vec<Space>,
    /// The figure table's indices: the follower, the ringmaster, the big top.
    #[serde(skip)]
    pub(crate) figures: Figures,
}

/// Indices of the figures the rules use in the game's figure table
/// (`u8::MAX` for one not in the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Figures {
    pub follower: u8,
    pub ringmaster: u8,
    pub big_top: u8,
}

/// The decision of scoring a full acrobat pyramid instead of deploying.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Score the full pyramid on the tile at this place: 5 points an
    /// acrobat to its owner, and the three go home.
    ScorePyramid(Pos),
    /// Score no pyramid this turn.
    Keep,
}

impl Expansion for UnderTheBigTop {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let view = ctx.view();
        let index = |id: &str| view.tables().figure_index(id).unwrap_or(u8::MAX);
        State {
            tokens: big_top::token_stack(self, view),
            spaces: Vec::new(),
            figures: Figures {
                follower: index(carcassonne_core::figures::FOLLOWER.id),
                ringmaster: index(RINGMASTER.id),
                big_top: index(BIG_TOP.id),
            },
        }
    }

    fn hooks(&self) -> Hooks {
        let mut hooks = Hooks::NONE;
        if self.acrobats {
            hooks |= Hooks::DEPLOY_OPTIONS | Hooks::AFTER_DEPLOY | Hooks::FINAL_SCORING;
        }
        if self.big_top {
            hooks |= Hooks::AFTER_SCORING | Hooks::FINAL_SCORING;
        }
        if self.ringmaster {
            hooks |= Hooks::FEATURE_SCORED;
        }
        hooks
    }

    fn armed_hooks(&self) -> Hooks {
        // The big top moves only on turns a circus tile is placed.
        if self.big_top {
            Hooks::AFTER_SCORING
        } else {
            Hooks::NONE
        }
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.big_top && self.spaces_of(tile.index).circus.is_some() {
            Hooks::AFTER_SCORING
        } else {
            Hooks::NONE
        }
    }

    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        for t in tiles.tiles() {
            if t.set == self.left_out {
                tiles.set_count(t.index, 0);
            }
        }
    }

    fn deploy_options(&self, state: &State, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        acrobats::spots(self, state, after, out);
    }

    fn explain_deployment_refusal(&self, state: &State, view: &CoreState, deployment: &Deployment) -> Option<String> {
        acrobats::explain_refusal(self, state, view, deployment)
    }

    fn after_deploy(&self, state: &mut State, ctx: &mut Ctx<'_>, deployed: Option<&PlacedFigure>) {
        acrobats::after_deploy(self, state, ctx, deployed);
    }

    fn feature_scored(&self, state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        ringmaster::bonus(self, state, ctx, scoring);
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if let Some(placed) = ctx.view().placed_this_turn().copied() {
            big_top::circus_placed(self, state, ctx, placed);
        }
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if self.big_top && self.big_top_final {
            big_top::final_scoring(state, ctx);
        }
        if self.acrobats {
            acrobats::final_scoring(self, state, ctx);
        }
    }

    fn options(&self, state: &State, view: &CoreState, _: u8, out: &mut Vec<Action>) {
        acrobats::options(state, view, out);
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, _: u8, action: &Action) {
        acrobats::play(state, ctx, action);
    }

    fn option_label(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> Option<String> {
        Some(acrobats::option_label(state, view, player, action))
    }

    fn decision_label(&self, _: &State) -> &'static str {
        "score a full acrobat pyramid"
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        let mut lines = Vec::new();
        if self.big_top {
            lines.extend(big_top::lines(state, view));
        }
        if self.acrobats {
            lines.extend(acrobats::lines(state, view));
        }
        lines
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        big_top::log_line(view, detail)
            .or_else(|| acrobats::log_line(view, detail))
            .or_else(|| ringmaster::log_line(view, detail))
    }

    fn counters(&self, state: &State, _: &CoreState, out: &mut dyn CounterSink) {
        if self.big_top {
            for (i, &n) in state.tokens.iter().enumerate() {
                out.game(0, i, i32::from(n));
            }
        }
    }
}
