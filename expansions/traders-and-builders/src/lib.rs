//! Traders & Builders (docs/expansions/traders-and-builders.md): trade
//! goods in cities, the builder's second tile, the pig in a farm.
//!
//! - **Trade goods.** Some city segments show wine, grain or cloth (the
//!   tile attribute `goods`). Whoever places the tile that completes a city
//!   takes one token for every symbol in it, whether or not anyone scores
//!   the city. At the end, the players with the most tokens of a kind score
//!   10 points each.
//! - **The builder** stands on a road or in a city where its owner already
//!   has a follower (placed instead of a follower, on the tile just
//!   placed). A tile that later extends that road or city gives its owner a
//!   second turn straight away; the second tile gives no third. It goes
//!   home when its road or city is completed, or when its owner has no
//!   follower left there.
//! - **The pig** stands in a farm where its owner already has a farmer. At
//!   the end, if its owner wins the farm, each completed city the farm
//!   supplies scores 1 more for them. It goes home when its owner has no
//!   farmer left in the farm. A farm with The River II's pig-herd (the
//!   tile attribute `river-ii = { pig-herd = true }`) scores 1 more per
//!   city for every player who wins it, on top of any pig.
//!
//! Trade goods, the builder and the pig are parts a game may switch off
//! one by one (`[parts.traders-and-builders]`, JCloisterZone's elements
//! `traders`, `builder`, `pig`): with the goods off the symbols are only
//! pictures.

mod builder;
mod goods;
mod pig;

pub use goods::{Good, GoodsCount};

use carcassonne_core::after_placement::WholeFeature;
use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::serde_json;
use carcassonne_core::tiles::{AttributeDecl, AttributePlace};
use carcassonne_core::{
    AfterPlacement, BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Deployment, Expansion,
    ExpansionInfo, FeatureKind, FeatureScoring, FigureClass, FigureDecl, FigurePlacement, Line, PartDecl, Recall,
    ScoringMoment, Strength, ValueKind, VariantDecl, register_expansion,
};
use serde::{Deserialize, Serialize};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "traders-and-builders";

/// Part id of the trade goods (`[parts.traders-and-builders] goods = false`).
pub const PART_GOODS: &str = "goods";
/// Part id of the builder.
pub const PART_BUILDER: &str = "builder";
/// Part id of the pig.
pub const PART_PIG: &str = "pig";

/// Score source of the goods majorities at the end.
pub const GOODS_SOURCE: &str = "goods";
/// Score source of the pig's extra point per city.
pub const PIG_SOURCE: &str = "pig";
/// Score source of a pig-herd's extra point per city (The River II's tile).
pub const PIG_HERD_SOURCE: &str = "pig-herd";

/// The builder: one per player, on a road or in a city beside its owner's
/// follower; no weight in a majority.
pub const BUILDER: FigureDecl = FigureDecl {
    id: "builder",
    name: "Builder",
    per_player: 1,
    by_players: &[],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 0,
};

/// The pig: one per player, in a farm beside its owner's farmer; no weight
/// in a majority.
pub const PIG: FigureDecl = FigureDecl {
    id: "pig",
    name: "Pig",
    per_player: 1,
    by_players: &[],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 0,
};

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Traders & Builders",
    version: env!("CARGO_PKG_VERSION"),
    description: "Trade goods for whoever completes a city; the builder gives a second tile; the pig fattens a farm",
    requires: &[],
    conflicts: &[],
    tile_files: &[carcassonne_core::tile_file!(
        "traders-and-builders.toml",
        "tiles/traders-and-builders.toml"
    )],
    variants: &[VariantDecl {
        name: "pig_with_barn",
        label: "The pig when a barn cashes in farmers",
        kind: ValueKind::one_of(&["counts", "final-only"]),
        default: "counts",
        description: "counts: the pig adds 1 per completed city whenever its owner's farmers in its farm score, also \
                      when Abbey & Mayor's barn cashes them in (as JCloisterZone scores it); final-only: only when \
                      farms score at the end of the game",
        // Engine 0.2.0 added the pig only when farms scored at the end.
        earlier_defaults: &[],
    }],
    figures: &[BUILDER, PIG],
    parts: &[
        PartDecl {
            id: PART_GOODS,
            name: "Trade goods",
            description: "whoever completes a city takes its wine, grain and cloth; the most of each scores 10 at the end",
            figures: &[],
        },
        PartDecl {
            id: PART_BUILDER,
            name: "Builder",
            description: "extending the builder's road or city gives its owner a second tile",
            figures: &[BUILDER.id],
        },
        PartDecl {
            id: PART_PIG,
            name: "Pig",
            description: "a farm won with the pig scores 1 more for each completed city",
            figures: &[PIG.id],
        },
    ],
    score_sources: &[GOODS_SOURCE, PIG_SOURCE, PIG_HERD_SOURCE],
    score_source_names: &["Trade goods", "Pig", "Pig-herd"],
    attributes: ATTRIBUTES,
    check_attributes: expansion::schema_only,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[CounterDecl {
        id: "goods",
        label: "Trade goods held",
        scope: CounterScope::Seat,
        values: &["wine", "grain", "cloth"],
        scale: 10,
        mark: "",
        colour: "",
    }],
    build,
    companions: &[],
    tile_marks: &[],
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: carcassonne_core::ExpansionGroup::BigBox,
    year: 2003,
    refines: &[],
    parts_off: &[],
};

register_expansion!(INFO);

/// `goods = "wine"` (or `"grain"`, `"cloth"`) on a city segment.
const ATTRIBUTES: &[AttributeDecl] = &[AttributeDecl {
    key: "goods",
    on: &[AttributePlace::City],
    kind: ValueKind::OneOf {
        values: &["wine", "grain", "cloth"],
    },
    required: true,
    description: "the trade good shown in this city segment: one token of it for whoever completes the city",
}];

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(TradersAndBuilders {
        goods: ctx.part_on(PART_GOODS).then(|| goods::GoodsTable::read(&ctx.tiles)),
        // Its part, or a `[figures]` count of 0, takes a figure out.
        builder: ctx.has_figure(BUILDER.id),
        pig: ctx.has_figure(PIG.id),
        pig_herds: pig::PigHerds::read(&ctx.tiles),
        pig_final_only: ctx.variant("pig_with_barn") == "final-only",
    }))
}

/// The rules for one game.
struct TradersAndBuilders {
    /// The goods on each tile type's features, when the goods are on.
    goods: Option<goods::GoodsTable>,
    /// Whether the builder is in the game.
    builder: bool,
    /// Whether the pig is in the game.
    pig: bool,
    /// The River II's pig-herds on the game's tiles (they count with the pig).
    pig_herds: pig::PigHerds,
    /// `pig_with_barn = "final-only"`: the pig and the pig-herd add nothing
    /// when an expansion's rule scores a farm (a barn cashing in farmers).
    pig_final_only: bool,
}

/// The tokens each player holds, and where the game's figure table keeps
/// the builder and the pig. The figures themselves stand on the board.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct State {
    /// Tokens per player (empty when the goods are off).
    pub goods: Vec<GoodsCount>,
    /// The builder's index in the figure table.
    #[serde(skip)]
    builder: Option<u8>,
    /// The pig's index in the figure table.
    #[serde(skip)]
    pig: Option<u8>,
}

/// Traders & Builders asks no decisions of its own (the builder and the
/// pig are deployment options): this type has no values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {}

impl Expansion for TradersAndBuilders {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let tables = ctx.view().tables();
        State {
            goods: if self.goods.is_some() {
                vec![GoodsCount::default(); ctx.view().players()]
            } else {
                Vec::new()
            },
            builder: tables.figure_index(BUILDER.id).filter(|_| self.builder),
            pig: tables.figure_index(PIG.id).filter(|_| self.pig),
        }
    }

    // Each part's hooks only while it is on.
    fn hooks(&self) -> Hooks {
        let mut hooks = Hooks::NONE;
        if self.goods.is_some() {
            hooks |= Hooks::FEATURE_COMPLETED | Hooks::FINAL_SCORING;
        }
        if self.builder {
            hooks |= Hooks::DEPLOY_OPTIONS | Hooks::TILE_PLACED | Hooks::END_OF_TURN;
        }
        if self.pig {
            hooks |= Hooks::DEPLOY_OPTIONS | Hooks::FEATURE_SCORED | Hooks::END_OF_TURN;
        }
        hooks
    }

    // A second turn is granted, nothing moves: the deployments after a
    // placement are the board's.
    fn tile_placed_keeps_deployments(&self) -> bool {
        true
    }

    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        if let Some(builder) = state.builder {
            builder::grant_second_tile(builder, ctx, placed);
        }
    }

    fn deploy_options(&self, state: &State, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
        if let Some(builder) = state.builder {
            builder::spots(builder, after, out);
        }
        if let Some(pig) = state.pig {
            pig::spots(pig, after, out);
        }
    }

    fn explain_deployment_refusal(&self, state: &State, view: &CoreState, d: &Deployment) -> Option<String> {
        let (what, kinds, beside) = if Some(d.figure) == state.builder {
            ("builder", "a road or a city", "follower")
        } else if Some(d.figure) == state.pig {
            ("pig", "a farm", "farmer")
        } else {
            return None;
        };
        if view.supply(view.turn().player, d.figure) == 0 {
            return Some(format!("your {what} is already on the board"));
        }
        Some(format!(
            "a {what} goes only into {kinds} not yet complete where you already have a {beside}, on the tile just placed"
        ))
    }

    fn feature_completed(&self, state: &mut State, ctx: &mut Ctx<'_>, feature: NodeId) {
        if let Some(table) = &self.goods {
            goods::take_tokens(table, state, ctx, feature);
        }
    }

    fn feature_scored(&self, state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        let by_rule = matches!(scoring.moment, ScoringMoment::Expansion { .. });
        if let Some(pig) = state.pig
            && !(by_rule && self.pig_final_only)
        {
            pig::fatten(pig, &self.pig_herds, ctx, scoring);
        }
    }

    fn end_of_turn(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        for figure in [state.builder, state.pig].into_iter().flatten() {
            send_lonely_home(figure, ctx);
        }
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        if self.goods.is_some() {
            goods::score_majorities(state, ctx);
        }
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        let mut lines = Vec::new();
        if self.goods.is_some() {
            lines.extend(goods::lines(state, view));
        }
        if self.builder {
            lines.push(Line::new(
                "A tile that extends a road or city with your builder gives you a second tile (not a third)",
            ));
        }
        if self.pig {
            lines.push(Line::new(
                "A farm you win with your pig in it scores 1 more for each completed city",
            ));
        }
        lines
    }

    fn log_line(&self, _view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        goods::log_line(detail)
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        // Counter 0, `goods`: each seat's tokens of each good, in `Good::ALL`'s order.
        for (seat, held) in state.goods.iter().enumerate() {
            for (i, good) in Good::ALL.into_iter().enumerate() {
                out.seat(0, seat as u8, i, held.of(good) as i32);
            }
        }
    }
}

/// Sends `kind` (the builder or the pig) home wherever its owner has no
/// follower left in its feature: a barn cashed in the farmers, a wagon
/// moved on. The rules tie each to a follower of its owner.
fn send_lonely_home(kind: u8, ctx: &mut Ctx<'_>) {
    let view = ctx.view();
    let lonely: Vec<_> = view
        .figures()
        .iter()
        .filter(|f| f.kind == kind)
        .filter_map(|f| Some((f.id, f.owner, f.node?)))
        .filter(|&(_, owner, node)| !owner_has_follower(view, owner, node))
        .map(|(id, ..)| id)
        .collect();
    for id in lonely {
        ctx.return_figure(id);
    }
}

/// Whether `owner` has a follower in `node`'s whole feature.
fn owner_has_follower(view: &CoreState, owner: u8, node: NodeId) -> bool {
    let root = view.features().root(node);
    view.figures().iter().any(|f| {
        f.owner == owner && f.node.is_some_and(|n| view.features().root(n) == root) && is_follower(view, f.kind)
    })
}

/// Whether figure kind `kind` is a follower (counts for majorities).
fn is_follower(view: &CoreState, kind: u8) -> bool {
    view.tables()
        .figures()
        .get(kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
}

/// The spots of the tile just placed where the turn's player may put a
/// special figure `kind` (from supply): features of `kinds` whose whole
/// feature holds one of the player's followers and is not complete.
fn spots_beside_own_follower(kind: u8, kinds: &[FeatureKind], after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
    let view = after.view();
    let player = view.turn().player;
    if view.supply(player, kind) == 0 {
        return;
    }
    let placed = after.placed();
    let tile = after.tile();
    // The player's followers are looked for in each feature of the kinds
    // (a tile has one to three): a vector of the whole feature of every
    // follower of theirs, built at every listing for both figures, was
    // most of this expansion's cost.
    let mine = |whole: WholeFeature| {
        view.figures().iter().any(|f| {
            f.owner == player
                && f.node.is_some_and(|n| after.whole(after.node(n)) == whole)
                && is_follower(view, f.kind)
        })
    };
    for (i, &feature_kind) in tile.feature_kinds().iter().enumerate() {
        if !kinds.contains(&feature_kind) {
            continue;
        }
        let Some(feature) = after.feature(placed.pos, i) else {
            continue;
        };
        // A feature holding no follower (the core counts them) holds none
        // of the player's: the figures are looked through only when it does.
        if after.is_occupied(feature) && mine(after.whole(feature)) && !after.is_complete(feature) {
            out.push(Deployment {
                figure: kind,
                pos: placed.pos,
                spot: carcassonne_core::figures::Spot::Feature(i as u8),
            });
        }
    }
}
