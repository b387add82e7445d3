//! The Count of Carcassonne (docs/expansions/count-of-carcassonne.md): the
//! City of Carcassonne as the start, its four quarters, and the Count.
//!
//! - **The city** (`city`): the twelve tiles of the City of Carcassonne are
//!   laid as one block instead of the start tile (the base start tile's
//!   copy leaves the game: `base_start_tile`). Its four quarters (castle,
//!   market, blacksmith, cathedral) are features of the declared kind
//!   `quarter` that only this expansion's rules put followers on.
//! - **Into the city** (`enter`): a player whose tile made at least one
//!   opponent score while they scored nothing may put one follower from
//!   their supply into a quarter of their choice after the turn's scoring,
//!   and then move the Count (`count_move`).
//! - **Out of the city** (`leave`): before features completed by a tile
//!   score, every player in turn (from the one after the tile's player,
//!   who comes last) may send followers from the matching quarter (castle →
//!   city, blacksmith → road, cathedral → cloister) into them, except from
//!   the Count's quarter; before the final scoring, players in turn send
//!   followers one at a time from the market onto fields
//!   (`final_move = "market_only"`) or from every quarter into features
//!   that score at the end (`"any_quarter"`).
//! - **Farms** (`farms`): every field touching the City of Carcassonne counts
//!   it as one more completed city (`city_counts_for_farms`).

mod city;
mod enter;
mod farms;
mod leave;

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::serde_json;
use carcassonne_core::tiles::{
    AttributeDecl, AttributePlace, FeatureKindDecl, KindScoring, KindShape, TileArrangement,
};
use carcassonne_core::{
    BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Expansion, ExpansionGroup, ExpansionInfo,
    FeatureScoring, FigureClass, FigureDecl, FigurePlacement, Line, Pos, Recall, Strength, ValueKind, VariantDecl,
    register_expansion,
};
use serde::{Deserialize, Serialize};

pub use city::{Quarter, QuarterSpots};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "count-of-carcassonne";

/// A quarter of the City of Carcassonne: inside the tile like a cloister;
/// followers wait there (any number, any players', no majority), placed
/// and moved by this expansion's rules alone; never scored.
pub const QUARTER: FeatureKindDecl = FeatureKindDecl {
    name: "quarter",
    label: "city quarter",
    shape: KindShape::Inner,
    scoring: KindScoring::None,
    occupiable: false,
    invites: &[],
    source: "",
    colour: "#b59a6a",
};

/// The Count: one in the game, belonging to nobody; he stands on the
/// quarters' tile, and the quarter he blocks is the state's.
pub const COUNT: FigureDecl = FigureDecl {
    id: "count",
    name: "Count",
    per_player: 0,
    by_players: &[],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 1,
};

/// The tile attributes: each block tile's place, the walled tiles, and the
/// quarter each quarter feature is.
const ATTRIBUTES: &[AttributeDecl] = &[
    AttributeDecl {
        key: "block_x",
        on: &[AttributePlace::Tile],
        kind: ValueKind::integer(-8, 8),
        required: true,
        description: "the tile's column in the City of Carcassonne, from the tile with the quarters (laid at the \
                      start instead of the start tile)",
    },
    AttributeDecl {
        key: "block_y",
        on: &[AttributePlace::Tile],
        kind: ValueKind::integer(-8, 8),
        required: true,
        description: "the tile's row in the City of Carcassonne, from the tile with the quarters (south is positive)",
    },
    AttributeDecl {
        key: "walled",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: false,
        description: "the tile lies wholly inside the city's walls: no figure goes onto it, and the dragon does not \
                      enter it",
    },
    AttributeDecl {
        key: "quarter",
        on: &[AttributePlace::OtherKind],
        kind: ValueKind::one_of(&["castle", "market", "blacksmith", "cathedral"]),
        required: true,
        description: "which quarter of the city this is: its followers go into cities (castle), onto fields \
                      (market), onto roads (blacksmith) or into cloisters (cathedral)",
    },
];

/// Counters for observations: the Count's quarter, and each seat's
/// followers in each quarter.
const COUNTERS: &[CounterDecl] = &[
    CounterDecl {
        id: "count",
        label: "The quarter the Count blocks",
        scope: CounterScope::Game,
        values: &["castle", "market", "blacksmith", "cathedral"],
        scale: 1,
        mark: "",
        colour: "",
    },
    CounterDecl {
        id: "in-city",
        label: "Followers waiting in each quarter of the city",
        scope: CounterScope::Seat,
        values: &["castle", "market", "blacksmith", "cathedral"],
        scale: 3,
        mark: "",
        colour: "",
    },
];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Count of Carcassonne",
    version: env!("CARGO_PKG_VERSION"),
    description: "The City of Carcassonne as the start; followers earned by helping others score wait in its \
                  quarters and join features being scored; the Count blocks a quarter",
    requires: &[],
    // Both name their own start tile, which the city replaces (docs page,
    // questions).
    conflicts: &["river", "river-ii"],
    tile_files: &[carcassonne_core::tile_file!(
        "count-of-carcassonne.toml",
        "tiles/count-of-carcassonne.toml"
    )],
    variants: &[
        VariantDecl {
            name: "final_move",
            label: "Leaving the city before the final scoring",
            kind: ValueKind::one_of(&["market_only", "any_quarter"]),
            default: "market_only",
            description: "market_only: before the final scoring followers may leave only the market, onto fields \
                          (2nd edition; JCloisterZone's default); any_quarter: from every quarter into a feature \
                          of its kind that scores at the end (1st edition: \"when any feature is scored (including \
                          farms)\")",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "count_move",
            label: "The Count moves",
            kind: ValueKind::one_of(&["by_player", "clockwise", "follow_follower"]),
            default: "by_player",
            description: "after a follower enters the city: by_player: its owner may move the Count to another \
                          quarter (the rules); clockwise: he steps to the next quarter clockwise; follow_follower: \
                          he goes to the quarter the follower entered (JCloisterZone's house options)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "city_counts_for_farms",
            label: "The city counts for farms",
            kind: ValueKind::Bool,
            default: "true",
            description: "whether a field touching the City of Carcassonne counts it as one more completed city (the \
                          2013 FAQ and JCloisterZone)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "base_start_tile",
            label: "The base game's start tile",
            kind: ValueKind::one_of(&["out", "in_bag"]),
            default: "out",
            description: "out: \"the normal starting tile is not used\", so the base set has one tile fewer; \
                          in_bag: its copy goes into the bag (as JCloisterZone deals it)",
            earlier_defaults: &[],
        },
    ],
    figures: &[COUNT],
    score_sources: &[],
    attributes: ATTRIBUTES,
    check_attributes: expansion::schema_only,
    feature_kinds: &[QUARTER],
    counters: COUNTERS,
    build,
    group: ExpansionGroup::BigBox,
    year: 2004,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

/// How the Count moves after a follower enters the city (`count_move`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CountMove {
    /// Its owner moves him where they like, or leaves him.
    ByPlayer,
    /// He steps to the next quarter clockwise.
    Clockwise,
    /// He goes to the quarter the follower entered.
    FollowFollower,
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let block = city::Block::read(&ctx.tiles)?;
    Ok(expansion::boxed(CountOfCarcassonne {
        block,
        final_any_quarter: ctx.variant("final_move") == "any_quarter",
        count_move: match ctx.variant("count_move") {
            "clockwise" => CountMove::Clockwise,
            "follow_follower" => CountMove::FollowFollower,
            _ => CountMove::ByPlayer,
        },
        city_counts_for_farms: ctx.variant_bool("city_counts_for_farms"),
        base_start_in_bag: ctx.variant("base_start_tile") == "in_bag",
    }))
}

/// The rules of one game.
pub(crate) struct CountOfCarcassonne {
    /// The City of Carcassonne's tiles and quarters.
    pub block: city::Block,
    /// `final_move = "any_quarter"`.
    pub final_any_quarter: bool,
    /// `count_move`.
    pub count_move: CountMove,
    /// `city_counts_for_farms`.
    pub city_counts_for_farms: bool,
    /// `base_start_tile = "in_bag"`.
    pub base_start_in_bag: bool,
}

/// What the tile's scorings gave this turn: the Count's trigger.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TurnScoring {
    /// The turn these are for.
    pub turn: u32,
    /// Whether the turn's player scored points from a feature.
    pub mover: bool,
    /// Whether another player did.
    pub others: bool,
}

/// The decision under way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// None.
    #[default]
    Idle,
    /// Followers may leave the city into the features the tile completed.
    Leave,
    /// The turn's player may put a follower into the city.
    Enter,
    /// The turn's player may move the Count.
    Count,
    /// Before the final scoring: followers leave the city one at a time.
    Final,
}

/// The Count's quarter, the decision under way and what the turn's scoring
/// gave: all public (the followers in the quarters are figures on the
/// board).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// The quarter the Count blocks.
    pub count: Quarter,
    /// The decision under way.
    pub stage: Stage,
    /// What this turn's feature scorings gave.
    pub scored: TurnScoring,
    /// Before the final scoring: the players who passed (for good).
    pub passed: Vec<bool>,
    /// Where each quarter lies.
    #[serde(skip)]
    pub(crate) spots: QuarterSpots,
    /// By quarter, the figure kinds that may enter it (followers that may
    /// stand on its features' kind and are never taken back early; the
    /// market only with farmers on).
    #[serde(skip)]
    pub(crate) enterable: [Vec<u8>; 4],
    /// Whether the market is in play (the base game's `farmers`).
    #[serde(skip)]
    pub(crate) market: bool,
    /// The Count's figure kind.
    #[serde(skip)]
    pub(crate) count_figure: u8,
}

/// A decision of the Count's rules, as a record writes it under
/// `"count-of-carcassonne"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Put a follower of kind `figure` from supply into `quarter`.
    Enter {
        /// The figure's id (`"follower"`, `"big-follower"` …).
        figure: String,
        /// The quarter.
        quarter: Quarter,
    },
    /// Move the Count to this quarter.
    Count(Quarter),
    /// Send a follower of kind `figure` from quarter `from` into the
    /// feature `feature` (a record's stable name) of the tile at `at`.
    Leave {
        /// The figure's id.
        figure: String,
        /// The quarter it leaves.
        from: Quarter,
        /// A tile of the feature.
        at: Pos,
        /// The feature on that tile.
        feature: String,
    },
    /// Do nothing more (put no follower in, leave the Count, keep the
    /// followers in the city).
    Pass,
}

impl Expansion for CountOfCarcassonne {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let view = ctx.view();
        let spots = city::quarter_spots(&self.block, view);
        let farmers = view
            .tables()
            .config
            .variants
            .get(carcassonne_core::BASE_ID)
            .and_then(|v| v.get("farmers"))
            .is_none_or(|v| v.to_string() != "false");
        let mut enterable: [Vec<u8>; 4] = Default::default();
        for q in Quarter::ALL {
            if q == Quarter::Market && !farmers {
                continue;
            }
            for (k, decl) in view.tables().figures().iter().enumerate() {
                // A figure its owner may take back from an unfinished
                // feature (the abbot) would leave the city by that rule.
                let enters = decl.class == FigureClass::Follower
                    && decl.recall == Recall::Never
                    && view.tables().figure_may_stand(k as u8, q.kind());
                if enters {
                    enterable[q.index()].push(k as u8);
                }
            }
        }
        let count_figure = view.tables().figure_index(COUNT.id).unwrap_or(u8::MAX);
        let players = view.players();
        // The Count starts on the castle quarter: he stands on its tile.
        if let Some((pos, _)) = spots[Quarter::Castle.index()]
            && view.neutral_supply(count_figure) > 0
        {
            ctx.place_neutral(count_figure, pos, carcassonne_core::figures::Spot::Tile);
        }
        State {
            count: Quarter::Castle,
            stage: Stage::Idle,
            scored: TurnScoring::default(),
            passed: vec![false; players],
            spots,
            enterable,
            market: farmers,
            count_figure,
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::FEATURE_SCORED
            | Hooks::BEFORE_SCORING
            | Hooks::AFTER_SCORING
            | Hooks::END_OF_TURN
            | if self.city_counts_for_farms {
                Hooks::FEATURE_POINTS
            } else {
                Hooks::NONE
            }
    }

    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        self.block.arrange(tiles, self.base_start_in_bag);
    }

    fn before_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        leave::before_scoring(state, ctx);
    }

    fn feature_points(&self, _: &State, view: &CoreState, feature: NodeId, _: bool, points: &mut i32) {
        farms::adjust(self, view, feature, points);
    }

    fn feature_scored(&self, state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        enter::note_scoring(state, ctx.view(), scoring);
    }

    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        enter::after_scoring(state, ctx);
    }

    fn end_of_turn(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if ctx.view().tiles_left() == 0 {
            leave::start_final_round(self, state, ctx);
        }
    }

    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        match state.stage {
            Stage::Leave => leave::during_play_options(state, view, player, out),
            Stage::Final => leave::final_options(self, state, view, player, out),
            Stage::Enter => enter::enter_options(state, view, player, out),
            Stage::Count => enter::count_options(state, out),
            Stage::Idle => {}
        }
        out.push(Action::Pass);
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        match state.stage {
            Stage::Leave => leave::play_during_play(state, ctx, player, action),
            Stage::Final => leave::play_final(self, state, ctx, player, action),
            Stage::Enter => enter::play_enter(self, state, ctx, player, action),
            Stage::Count => enter::play_count(state, ctx, action),
            Stage::Idle => {}
        }
    }

    fn option_label(&self, state: &State, view: &CoreState, player: u8, action: &Action) -> Option<String> {
        Some(match action {
            Action::Pass => match state.stage {
                Stage::Leave => "Keep your followers in the city for now".to_string(),
                Stage::Final => "Pass: keep your remaining followers in the city (they score nothing)".to_string(),
                Stage::Enter => "Put no follower into the city".to_string(),
                Stage::Count | Stage::Idle => format!("Leave the Count in {}", state.count.words()),
            },
            Action::Enter { figure, quarter } => enter::enter_label(state, view, figure, *quarter),
            Action::Count(q) => enter::count_label(*q),
            Action::Leave {
                figure,
                from,
                at,
                feature,
            } => leave::label(view, player, figure, *from, *at, feature),
        })
    }

    fn decision_label(&self, state: &State) -> &'static str {
        match state.stage {
            Stage::Leave => "send followers from the city into the features being scored",
            Stage::Final => "send followers from the city before the final scoring",
            Stage::Enter => "put a follower into the City of Carcassonne",
            Stage::Count | Stage::Idle => "move the Count",
        }
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        let mut lines = vec![Line::new(format!("The Count blocks {}", state.count.words()))];
        for p in 0..view.players() as u8 {
            let parts: Vec<String> = Quarter::ALL
                .into_iter()
                .filter_map(|q| {
                    let n = city::in_quarter(&state.spots, view, q).filter(|f| f.owner == p).count();
                    (n > 0).then(|| format!("{n} in {}", q.words()))
                })
                .collect();
            if !parts.is_empty() {
                lines.push(Line::about(p, format!("followers in the city: {}", parts.join(", "))));
            }
        }
        lines
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        enter::log_line(view, detail).or_else(|| leave::log_line(view, detail))
    }

    fn counters(&self, state: &State, view: &CoreState, out: &mut dyn CounterSink) {
        out.game(0, state.count.index(), 1);
        for f in view.figures() {
            if let Some(q) = city::quarter_of(&state.spots, f)
                && f.owner != carcassonne_core::figures::NEUTRAL
            {
                let n = city::in_quarter(&state.spots, view, q)
                    .filter(|g| g.owner == f.owner)
                    .count();
                out.seat(1, f.owner, q.index(), n as i32);
            }
        }
    }
}
