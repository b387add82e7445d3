//! The Courier (docs/expansions/courier.md), a fan expansion by Mati,
//! Bumsakalaka and Snearone of the Carcassonne CZ forum: a neutral figure
//! that brings a thank-you message to a follower just placed near it.
//!
//! "After placing tile with a letter symbol, immediately move The Courier
//! figure to it, regardless of where it is currently located." At the end
//! of the turn, "If the player's meeple, placed in this turn, meets all of
//! the following conditions: stands at the end of the turn in an unfinished
//! feature such as a city, road, monastery, or garden; stands on a tile
//! with the Courier OR stands horizontally or vertically to the tile on
//! which the Courier stands, then the Courier figure is moved to that
//! meeple and the player receives a thank-you message from the Courier for
//! the unfinished feature, which score you points as in the final scoring".
//!
//! Where the page's words leave a choice, variants name it (the defaults
//! play as FanCloisterZone does): `reach` (the same row or column at any
//! distance, or next to the Courier only), `message` (every unfinished
//! feature with a follower on the Courier's tile and the eight round it,
//! or the follower's own feature only) and `letter_tiles` (the tiles
//! variant, or the no-tiles variant with the Courier on the start tile).
//!
//! Written with the authoring kit only: a tile attribute, a neutral figure
//! (`place_neutral`, `move_figure`), armed hooks, and the engine's
//! final-scoring worth of a feature (`Ctx::feature_worth`, with every
//! expansion's adjustments) for "as in the final scoring".

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, PlacedFigure, Spot};
use carcassonne_core::serde::Serialize;
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, KindScoring, TileArrangement, TileType};
use carcassonne_core::words::Line;
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Event, Expansion, ExpansionGroup, ExpansionInfo, FigureClass, FigureDecl,
    FigurePlacement, Pos, Recall, Strength, ValueKind, VariantDecl, register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "courier";

/// The Courier: one in the game, belonging to nobody; it stands on a tile.
pub const COURIER: FigureDecl = FigureDecl {
    id: "courier",
    name: "Courier",
    per_player: 0,
    by_players: &[],
    strength: Strength::Fixed(0),
    class: FigureClass::Special,
    placement: FigurePlacement::ByExpansion,
    recall: Recall::Never,
    neutral: 1,
};

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Courier",
    version: env!("CARGO_PKG_VERSION"),
    description: "A neutral Courier: a follower placed in line with it draws it over and scores the unfinished \
                  features round it as at the end of the game",
    tile_files: &[carcassonne_core::tile_file!("courier.toml", "tiles/courier.toml")],
    variants: &[
        VariantDecl {
            name: "letter_tiles",
            label: "Letter tiles",
            kind: ValueKind::Bool,
            default: "true",
            description: "true: the letter tiles are shuffled in and the Courier waits beside the board until the \
                          first is placed (the tiles variant); false: no letter tiles, the Courier starts on the \
                          start tile (the no-tiles variant)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "reach",
            label: "Followers the Courier answers",
            kind: ValueKind::one_of(&["line", "adjacent"]),
            default: "line",
            description: "line: a follower on the Courier's tile or in its row or column, at any distance \
                          (FanCloisterZone); adjacent: on its tile or one of the four beside it (the page's \
                          German Castles sentence)",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "message",
            label: "What the message scores",
            kind: ValueKind::one_of(&["nearby", "own"]),
            default: "nearby",
            description: "nearby: every unfinished feature with a follower on the Courier's new tile or the eight \
                          round it, each once (FanCloisterZone); own: the follower's own feature only",
            earlier_defaults: &[],
        },
    ],
    figures: &[COURIER],
    score_sources: &[""],
    score_source_names: &["Courier's thank-you messages"],
    attributes: &[AttributeDecl {
        key: "letter",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: true,
        description: "the letter symbol: placing the tile moves the Courier onto it",
    }],
    check_attributes,
    build,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: ExpansionGroup::Fan,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

/// `letter = false` says nothing: refused, as a symbol left out is clearer.
fn check_attributes(
    _feature: Option<carcassonne_core::FeatureKind>,
    table: &carcassonne_core::toml::Value,
) -> Vec<carcassonne_core::tiles::AttributeProblem> {
    match table.get("letter").and_then(|v| v.as_bool()) {
        Some(false) => vec![carcassonne_core::tiles::AttributeProblem::new(
            &["letter"],
            "`letter` must be `true` (leave the table out where there is none)",
        )],
        _ => Vec::new(),
    }
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Courier {
        letters: ctx.tile_flags(ID, "letter"),
        letter_tiles: ctx.variant_bool("letter_tiles"),
        adjacent_only: ctx.variant("reach") == "adjacent",
        own_only: ctx.variant("message") == "own",
    }))
}

/// The rules of one game.
struct Courier {
    /// By tile index: whether the tile shows the letter symbol.
    letters: Vec<bool>,
    /// `letter_tiles = true`: the tiles variant.
    letter_tiles: bool,
    /// `reach = "adjacent"`.
    adjacent_only: bool,
    /// `message = "own"`.
    own_only: bool,
}

/// What the expansion remembers: the turn's followers, from their
/// deployment to the end of the turn.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// The followers deployed on features this turn, in order, whoever
    /// owns them (each one's id, tile and feature index, kept up to date
    /// when a rule moves one): "the player's meeple, placed in this turn".
    deployed: Vec<(FigureId, Pos, u8)>,
}

/// The Courier's index in the game's figure table.
fn courier_kind(view: &CoreState) -> u8 {
    view.tables().figure_index(COURIER.id).unwrap_or(u8::MAX)
}

/// The Courier on the board, if it is.
fn courier(view: &CoreState) -> Option<&PlacedFigure> {
    let kind = courier_kind(view);
    view.figures().iter().find(|f| f.kind == kind)
}

/// Whether the figure is a follower (not a builder, pig, shepherd …).
fn is_follower(view: &CoreState, figure: &PlacedFigure) -> bool {
    view.tables()
        .figures()
        .get(figure.kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
}

/// Whether the feature of `node` is one a message scores: "an unfinished
/// feature such as a city, road, monastery, or garden", a kind the
/// landscape scores by its tiles (roads, cities) or by the tiles round it
/// (cloisters, gardens); not a field, nor a kind an expansion scores
/// itself.
fn messaged_kind(view: &CoreState, node: NodeId) -> bool {
    let kind = view.features().kind(node);
    view.tables()
        .landscape()
        .get_feature(kind)
        .is_some_and(|d| matches!(d.scoring, KindScoring::Tiles { .. } | KindScoring::Surroundings))
}

/// One feature a message scores: where a follower in it stands (its tile
/// and feature index, to name it) and its points.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Scored {
    pos: Pos,
    feature: u8,
    points: i32,
}

impl Courier {
    /// Whether a follower on the tile at `at` is within the Courier's reach
    /// from the tile `courier`.
    fn in_reach(&self, courier: Pos, at: Pos) -> bool {
        if self.adjacent_only {
            (courier.x - at.x).abs() + (courier.y - at.y).abs() <= 1
        } else {
            courier.x == at.x || courier.y == at.y
        }
    }

    /// The first of the turn's followers that qualifies for a message:
    /// still where it was deployed, in an unfinished feature of a kind
    /// scored by its tiles or surroundings, and within the Courier's reach.
    fn messenger(&self, state: &State, view: &CoreState) -> Option<PlacedFigure> {
        let courier = courier(view)?.pos;
        state.deployed.iter().find_map(|&(id, pos, fi)| {
            let figure = *view.figure(id)?;
            let node = figure.node?;
            let standing = figure.pos == pos && figure.spot == Spot::Feature(fi);
            let open = !view.is_complete(node) && messaged_kind(view, node);
            (standing && open && self.in_reach(courier, figure.pos)).then_some(figure)
        })
    }

    /// The features the message scores once the Courier stands on
    /// `messenger`'s tile, each worth what the final scoring would give it
    /// now ("points as in the final scoring"): the engine's answer with
    /// every expansion's adjustments (an inn on the road: 0).
    fn scored(&self, ctx: &Ctx<'_>, messenger: &PlacedFigure) -> Vec<Scored> {
        let view = ctx.view();
        let mut roots: Vec<NodeId> = Vec::new();
        let mut out = Vec::new();
        let at = messenger.pos;
        let near = |f: &&PlacedFigure| {
            if self.own_only {
                f.id == messenger.id
            } else {
                (f.pos.x - at.x).abs() <= 1 && (f.pos.y - at.y).abs() <= 1
            }
        };
        for f in view.figures().iter().filter(near) {
            let (Some(node), Spot::Feature(fi)) = (f.node, f.spot) else {
                continue;
            };
            if !is_follower(view, f) || view.is_complete(node) {
                continue;
            }
            let root = view.features().root(node);
            if roots.contains(&root) {
                continue;
            }
            if messaged_kind(view, node) {
                roots.push(root);
                out.push(Scored {
                    pos: f.pos,
                    feature: fi,
                    points: ctx.feature_worth(root, false),
                });
            }
        }
        out
    }
}

impl Expansion for Courier {
    type State = State;
    type Action = ();

    /// The no-tiles variant: "Place the Courier to starting tile."
    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        if !self.letter_tiles {
            let kind = courier_kind(ctx.view());
            let start = ctx.view().board().tiles().first().map(|t| t.pos);
            if let Some(pos) = start
                && ctx.view().neutral_supply(kind) > 0
            {
                ctx.place_neutral(kind, pos, Spot::Tile);
            }
        }
        State::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | Hooks::OBSERVE | Hooks::END_OF_TURN
    }

    // Only a letter tile moves the Courier.
    fn armed_hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.letters.get(tile.index as usize).copied().unwrap_or(false) {
            Hooks::TILE_PLACED
        } else {
            Hooks::NONE
        }
    }

    /// The no-tiles variant plays without the letter tiles.
    fn arrange_tiles(&self, tiles: &mut TileArrangement<'_>) {
        if self.letter_tiles {
            return;
        }
        for (index, &letter) in self.letters.iter().enumerate() {
            if letter {
                tiles.set_count(index as u16, 0);
            }
        }
    }

    /// "After placing tile with a letter symbol, immediately move The
    /// Courier figure to it, regardless of where it is currently located."
    fn tile_placed(&self, _state: &mut State, ctx: &mut Ctx<'_>, placed: carcassonne_core::board::PlacedTile) {
        if !self.letters.get(placed.tile as usize).copied().unwrap_or(false) {
            return;
        }
        let kind = courier_kind(ctx.view());
        match courier(ctx.view()).map(|c| (c.id, c.pos)) {
            Some((_, pos)) if pos == placed.pos => {}
            Some((id, _)) => ctx.move_figure(id, placed.pos, Spot::Tile),
            None if ctx.view().neutral_supply(kind) > 0 => ctx.place_neutral(kind, placed.pos, Spot::Tile),
            None => {}
        }
        ctx.log_with(|| json!({"letter": [placed.pos.x, placed.pos.y]}));
    }

    /// "the player's meeple, placed in this turn": each follower deployed
    /// on a feature this turn, in order, however it came (the turn's
    /// deployment, The Phantom's second one, a crop circle's, a wagon
    /// moving on), followed if a rule moves it on in the same turn (a
    /// flier landing), as FanCloisterZone reads its deployments.
    fn observe(&self, state: &mut State, view: &CoreState, event: &Event) {
        match *event {
            Event::TurnStarted { .. } if !state.deployed.is_empty() => state.deployed.clear(),
            Event::FigureDeployed {
                figure,
                pos,
                spot: Spot::Feature(fi),
                ..
            } if view.figure(figure).is_some_and(|f| is_follower(view, f)) => {
                state.deployed.push((figure, pos, fi));
            }
            Event::FigureMoved { figure, pos, spot } => {
                if let Some(entry) = state.deployed.iter_mut().find(|e| e.0 == figure) {
                    match spot {
                        Spot::Feature(fi) => *entry = (figure, pos, fi),
                        _ => state.deployed.retain(|e| e.0 != figure),
                    }
                }
            }
            Event::FigureReturned { figure, .. } | Event::FigureCaptured { figure, .. }
                if state.deployed.iter().any(|e| e.0 == figure) =>
            {
                state.deployed.retain(|e| e.0 != figure);
            }
            _ => {}
        }
    }

    /// "4. End of turn - The Courier Move - Receiving a thank-you message":
    /// the last thing in the turn (after the turn's scoring and whatever
    /// other expansions ask after it, such as a crop circle's followers),
    /// the first follower deployed this turn that qualifies draws the
    /// Courier to its tile and its owner scores the message.
    fn end_of_turn(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        let messenger = self.messenger(state, ctx.view());
        if !state.deployed.is_empty() {
            state.deployed.clear();
        }
        let Some(messenger) = messenger else {
            return;
        };
        if let Some((id, pos)) = courier(ctx.view()).map(|c| (c.id, c.pos))
            && pos != messenger.pos
        {
            ctx.move_figure(id, messenger.pos, Spot::Tile);
        }
        let scored = self.scored(ctx, &messenger);
        let player = messenger.owner;
        for s in &scored {
            if s.points != 0 {
                ctx.score(player, s.points, "");
            }
        }
        let at = messenger.pos;
        let features: Vec<serde_json::Value> = scored
            .iter()
            .map(|s| json!({"at": [s.pos.x, s.pos.y], "feature": s.feature, "points": s.points}))
            .collect();
        ctx.log_with(|| json!({"message": player, "to": [at.x, at.y], "features": features}));
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let place = |v: &serde_json::Value| -> Option<Pos> {
            let at: [i32; 2] = serde_json::from_value(v.clone()).ok()?;
            Some(Pos::new(at[0], at[1]))
        };
        if let Some(at) = detail.get("letter") {
            return Some(Line::new(format!(
                "A letter tile: the Courier goes to the tile {}",
                view.place_words_from_start(place(at)?)
            )));
        }
        let player = detail.get("message")?.as_u64()? as u8;
        let to = place(detail.get("to")?)?;
        let mut parts = Vec::new();
        let mut total = 0;
        for f in detail.get("features")?.as_array()? {
            let pos = place(f.get("at")?)?;
            let fi = f.get("feature")?.as_u64()? as usize;
            let points = f.get("points")?.as_i64()?;
            total += points;
            let what = view.feature_words(pos, fi).unwrap_or_else(|| "a feature".into());
            parts.push(format!(
                "{} for the {what} {}",
                count_points(points),
                view.place_words_from_start(pos)
            ));
        }
        Some(Line::about(
            player,
            format!(
                "receives the Courier's thank-you message {}: {} ({})",
                view.place_words_from_start(to),
                count_points(total),
                parts.join("; ")
            ),
        ))
    }

    /// Where the Courier stands.
    fn present(&self, _state: &State, view: &CoreState) -> Vec<Line> {
        vec![Line::new(match courier(view) {
            Some(c) => format!("The Courier stands on the tile {}", view.place_words(c.pos)),
            None => "The Courier waits beside the board for the first letter tile".to_string(),
        })]
    }
}

/// "1 point", "4 points".
fn count_points(points: i64) -> String {
    if points == 1 {
        "1 point".into()
    } else {
        format!("{points} points")
    }
}
