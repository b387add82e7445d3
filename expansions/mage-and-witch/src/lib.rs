//! Mage & Witch (docs/expansions/mage-and-witch.md): two neutral figures
//! that stand on unfinished roads and cities and change their score.
//!
//! - After placing a tile with the magic symbol (before the deployment),
//!   its player must put the mage or the witch on an unfinished road or
//!   city anywhere on the board, not where the other stands: a figure off
//!   the board comes in, one on it moves to another feature. With nowhere
//!   to go, one on the board is set aside.
//! - When a placement joins the two figures' features, the turn's player
//!   moves one of them before scoring.
//! - The mage adds 1 a tile to the points of the road or city he stands
//!   on; the witch halves them (rounded up); after a completed feature is
//!   scored the figure on it is set aside. At the end they change the
//!   scores of unfinished features the same way.
//!
//! The figures are not followers: they are kept as the expansion's tokens
//! on features (a node of the feature each stands in), shown on the board
//! as badges (tile counters "M" and "W").

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, TileType};
use carcassonne_core::{
    BuildContext, CoreState, CounterDecl, CounterScope, CounterSink, Ctx, Expansion, ExpansionGroup, ExpansionInfo,
    FeatureKind, FeatureScoring, Line, Pos, ScoringMoment, ValueKind, register_expansion,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "mage-and-witch";

/// Where each figure stands, for observations and the board's badges.
const COUNTERS: &[CounterDecl] = &[
    CounterDecl {
        id: "mage",
        label: "The mage stands on this tile (1 point more a tile for his road or city)",
        scope: CounterScope::Tile,
        values: &[],
        scale: 1,
        mark: "M",
        colour: "#7b3fa0",
    },
    CounterDecl {
        id: "witch",
        label: "The witch stands on this tile (her road or city scores half)",
        scope: CounterScope::Tile,
        values: &[],
        scale: 1,
        mark: "W",
        colour: "#e07a1f",
    },
];

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Mage & Witch",
    version: env!("CARGO_PKG_VERSION"),
    description: "A mage who adds a point a tile and a witch who halves the score of the road or city they stand on",
    tile_files: &[carcassonne_core::tile_file!(
        "mage-and-witch.toml",
        "tiles/mage-and-witch.toml"
    )],
    attributes: &[AttributeDecl {
        key: "magic",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: true,
        description: "the magic symbol: placing the tile places or moves the mage or the witch",
    }],
    check_attributes: expansion::schema_only,
    counters: COUNTERS,
    build,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    group: ExpansionGroup::Mini,
    year: 2012,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let magic = ctx.tile_flags(ID, "magic");
    Ok(expansion::boxed(MageAndWitch { magic }))
}

/// The rules of one game.
struct MageAndWitch {
    /// By tile index, whether the tile shows the magic symbol.
    magic: Vec<bool>,
}

/// One of the two figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Figure {
    /// The mage: 1 point more a tile.
    Mage,
    /// The witch: half the points, rounded up.
    Witch,
}

impl Figure {
    fn word(self) -> &'static str {
        match self {
            Figure::Mage => "mage",
            Figure::Witch => "witch",
        }
    }

    fn other(self) -> Figure {
        match self {
            Figure::Mage => Figure::Witch,
            Figure::Witch => Figure::Mage,
        }
    }
}

/// Where a figure stands: a feature of a placed tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct Stand {
    /// The tile.
    pub at: Pos,
    /// The feature's index on it.
    pub feature: u8,
    /// A node of the feature (features only join, so it stays in it).
    #[serde(skip)]
    pub node: NodeId,
}

/// Where the figures stand, and what the turn's player must do with them.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// The mage, when on the board.
    pub mage: Option<Stand>,
    /// The witch, when on the board.
    pub witch: Option<Stand>,
    /// The decision asked: after a magic tile, or the two joined.
    pub asked: Option<Why>,
}

impl State {
    fn of(&self, figure: Figure) -> Option<Stand> {
        match figure {
            Figure::Mage => self.mage,
            Figure::Witch => self.witch,
        }
    }

    fn set(&mut self, figure: Figure, stand: Option<Stand>) {
        match figure {
            Figure::Mage => self.mage = stand,
            Figure::Witch => self.witch = stand,
        }
    }
}

/// Why the turn's player moves a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Why {
    /// A tile with the magic symbol was placed.
    Magic,
    /// The two figures' features were joined.
    Joined,
}

/// A figure's move, as records write it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// The figure goes onto this feature (`{"mage": {"at": [x, y], "feature": "road:E"}}`).
    Mage(Target),
    /// The same for the witch.
    Witch(Target),
    /// With nowhere to go, this figure is set aside.
    Remove(Figure),
}

/// A feature a figure goes onto, by a tile of it and its stable name there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct Target {
    /// A tile of the feature.
    pub at: Pos,
    /// The feature's stable name on that tile (`road:E`).
    pub feature: String,
}

impl Action {
    fn figure(&self) -> Figure {
        match self {
            Action::Mage(_) => Figure::Mage,
            Action::Witch(_) => Figure::Witch,
            Action::Remove(f) => *f,
        }
    }
}

/// Every unfinished road or city on the board, by root, with a tile and
/// the feature's index there (its first member): where a figure may go.
fn open_features(view: &CoreState) -> Vec<(NodeId, Pos, u8)> {
    let mut out: Vec<(NodeId, Pos, u8)> = Vec::new();
    for placed in view.board().tiles() {
        let kinds = view.tables().tile(placed.tile).feature_kinds();
        for (fi, &kind) in kinds.iter().enumerate() {
            if kind != FeatureKind::ROAD && kind != FeatureKind::CITY {
                continue;
            }
            let Some(node) = view.node_at(placed.pos, fi) else {
                continue;
            };
            let root = view.features().root(node);
            if !view.is_complete(node) && !out.iter().any(|(r, _, _)| *r == root) {
                out.push((root, placed.pos, fi as u8));
            }
        }
    }
    out
}

/// The moves the turn's player may make: each figure onto each open road
/// or city where the other does not stand and it does not stand already;
/// when there is none, setting aside a figure on the board.
fn moves(state: &State, view: &CoreState) -> Vec<Action> {
    let root_of = |s: Option<Stand>| s.map(|s| view.features().root(s.node));
    let open = open_features(view);
    let mut out = Vec::new();
    // After a join only a figure on the board moves; either may.
    let figures: &[Figure] = &[Figure::Mage, Figure::Witch];
    for &figure in figures {
        if state.asked == Some(Why::Joined) && state.of(figure).is_none() {
            continue;
        }
        let own = root_of(state.of(figure));
        let other = root_of(state.of(figure.other()));
        for &(root, at, fi) in &open {
            if Some(root) == own || Some(root) == other {
                continue;
            }
            let target = Target {
                at,
                feature: view.feature_name(at, fi as usize),
            };
            out.push(match figure {
                Figure::Mage => Action::Mage(target),
                Figure::Witch => Action::Witch(target),
            });
        }
    }
    if out.is_empty() {
        for &figure in figures {
            if state.of(figure).is_some() {
                out.push(Action::Remove(figure));
            }
        }
    }
    out
}

/// Whether [`moves`] lists anything, answered without naming every open
/// feature of the board (a string apiece): asked after every magic tile
/// and every join, where the listing was most of a game's instructions.
fn any_move(state: &State, view: &CoreState) -> bool {
    let root_of = |s: Option<Stand>| s.map(|s| view.features().root(s.node));
    let (mage, witch) = (root_of(state.mage), root_of(state.witch));
    let joined = state.asked == Some(Why::Joined);
    // A figure may move onto an open road or city it does not stand on and
    // the other does not stand on; after a join only one on the board.
    let may_move = |own: Option<NodeId>, other: Option<NodeId>, root: NodeId| {
        !(joined && own.is_none()) && Some(root) != own && Some(root) != other
    };
    let any_open = view.board().tiles().iter().any(|placed| {
        let kinds = view.tables().tile(placed.tile).feature_kinds();
        kinds.iter().enumerate().any(|(fi, &kind)| {
            (kind == FeatureKind::ROAD || kind == FeatureKind::CITY)
                && view.node_at(placed.pos, fi).is_some_and(|node| {
                    let root = view.features().root(node);
                    !view.is_complete(node) && (may_move(mage, witch, root) || may_move(witch, mage, root))
                })
        })
    });
    let answer = any_open || state.mage.is_some() || state.witch.is_some();
    debug_assert_eq!(answer, !moves(state, view).is_empty());
    answer
}

impl Expansion for MageAndWitch {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | Hooks::BEFORE_SCORING | Hooks::FEATURE_POINTS | Hooks::FEATURE_SCORED
    }

    fn armed_hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.magic.get(tile.index as usize).copied().unwrap_or(false) {
            Hooks::TILE_PLACED
        } else {
            Hooks::NONE
        }
    }

    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        if !self.magic.get(placed.tile as usize).copied().unwrap_or(false) {
            return;
        }
        // "before continuing to 2. Place a Meeple, you must first place one
        // of the magic figures" — unless there is nothing to do at all.
        state.asked = Some(Why::Magic);
        if !any_move(state, ctx.view()) {
            state.asked = None;
            return;
        }
        let player = ctx.view().turn().player;
        ctx.ask(player);
    }

    fn before_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        // "If you cause both magic figures to be occupying the same feature,
        // you must immediately move one of the magic figures [...] before
        // scoring the feature."
        let (Some(mage), Some(witch)) = (state.mage, state.witch) else {
            return;
        };
        let view = ctx.view();
        if view.features().root(mage.node) != view.features().root(witch.node) {
            return;
        }
        state.asked = Some(Why::Joined);
        if !any_move(state, ctx.view()) {
            state.asked = None;
            return;
        }
        let player = ctx.view().turn().player;
        ctx.ask(player);
    }

    fn options(&self, state: &State, view: &CoreState, _: u8, out: &mut Vec<Action>) {
        out.extend(moves(state, view));
    }

    fn is_option(&self, state: &State, view: &CoreState, _: u8, action: &Action) -> bool {
        // Answered without listing every feature of the board (the list
        // names each feature, a string apiece): the same as `moves`. A
        // listed option names a feature by its first tile placed; a move
        // naming the same feature by another of its tiles is the same move
        // (JCloisterZone's saves name the feature by the tile pointed at),
        // and is accepted as it.
        let root_of = |s: Option<Stand>| s.map(|s| view.features().root(s.node));
        let target = match action {
            Action::Remove(f) => {
                return state.of(*f).is_some() && moves(state, view).contains(action);
            }
            Action::Mage(t) | Action::Witch(t) => t,
        };
        let figure = action.figure();
        if state.asked == Some(Why::Joined) && state.of(figure).is_none() {
            return false;
        }
        let Ok(fi) = view.feature_by_name(target.at, &target.feature) else {
            return false;
        };
        let Some(node) = view.node_at(target.at, fi) else {
            return false;
        };
        let root = view.features().root(node);
        let kind = view.features().kind(node);
        let open = (kind == FeatureKind::ROAD || kind == FeatureKind::CITY) && !view.is_complete(node);
        open && Some(root) != root_of(state.of(figure)) && Some(root) != root_of(state.of(figure.other()))
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, _: u8, action: &Action) {
        state.asked = None;
        let figure = action.figure();
        match action {
            Action::Remove(f) => {
                state.set(*f, None);
                ctx.log_with(|| json!({ "set_aside": f }));
            }
            Action::Mage(t) | Action::Witch(t) => {
                let view = ctx.view();
                let Ok(fi) = view.feature_by_name(t.at, &t.feature) else {
                    return; // listed options only: never taken
                };
                let Some(node) = view.node_at(t.at, fi) else { return };
                // Stands where the listed option names the feature: on its
                // first tile placed (its smallest node: nodes are made tile
                // by tile), however the move named it, so that a move
                // naming it by another tile is the same move in every way.
                let first = view
                    .features()
                    .members(view.features().root(node))
                    .min()
                    .unwrap_or(node);
                let at = view.tile_of_node(first).pos;
                let fi = view.feature_index(first);
                state.set(
                    figure,
                    Some(Stand {
                        at,
                        feature: fi as u8,
                        node: first,
                    }),
                );
                let name = view.feature_name(at, fi);
                ctx.log_with(|| json!({ "moved": figure, "at": [at.x, at.y], "feature": name }));
            }
        }
    }

    fn decision_label(&self, state: &State) -> &'static str {
        match state.asked {
            Some(Why::Joined) => "move the mage or the witch off the feature they share",
            _ => "place or move the mage or the witch",
        }
    }

    fn option_label(&self, state: &State, view: &CoreState, _: u8, action: &Action) -> Option<String> {
        Some(match action {
            Action::Remove(f) => format!("Set the {} aside: no unfinished road or city is free", f.word()),
            Action::Mage(t) | Action::Witch(t) => {
                let figure = action.figure();
                let verb = if state.of(figure).is_some() { "Move" } else { "Put" };
                let fi = view.feature_by_name(t.at, &t.feature).ok()?;
                let node = view.node_at(t.at, fi)?;
                let tiles = view.features().tile_count(node);
                let words = view.feature_words(t.at, fi)?;
                format!(
                    "{verb} the {} onto the {words} {} ({tiles} tile{})",
                    figure.word(),
                    view.place_words(t.at),
                    if tiles == 1 { "" } else { "s" }
                )
            }
        })
    }

    fn feature_points(&self, state: &State, view: &CoreState, feature: NodeId, _complete: bool, points: &mut i32) {
        let root = view.features().root(feature);
        let here = |s: Option<Stand>| s.is_some_and(|s| view.features().root(s.node) == root);
        // "The Mage is worth 1 point per tile in the scored feature. The
        // Witch halves the points of the scored feature (rounded up)."
        if here(state.mage) {
            *points += view.features().tile_count(feature) as i32;
        }
        if here(state.witch) {
            *points -= *points / 2;
        }
    }

    fn feature_scored(&self, state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
        // "After modifying a scored feature, the magic figure is removed
        // from the tile and set aside."
        if scoring.moment != ScoringMoment::Completed {
            return;
        }
        let features = ctx.view().features();
        let root = features.root(scoring.feature);
        let here: Vec<Figure> = [Figure::Mage, Figure::Witch]
            .into_iter()
            .filter(|&f| state.of(f).is_some_and(|s| features.root(s.node) == root))
            .collect();
        for figure in here {
            state.set(figure, None);
            ctx.log_with(|| json!({ "set_aside": figure }));
        }
    }

    fn present(&self, state: &State, view: &CoreState) -> Vec<Line> {
        [Figure::Mage, Figure::Witch]
            .into_iter()
            .map(|f| {
                Line::new(match state.of(f) {
                    None => format!("The {} is set aside", f.word()),
                    Some(s) => format!(
                        "The {} stands on the {} {}",
                        f.word(),
                        view.feature_words(s.at, s.feature as usize).unwrap_or_default(),
                        view.place_words_from_start(s.at)
                    ),
                })
            })
            .collect()
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        if let Some(f) = detail.get("set_aside").and_then(|f| f.as_str()) {
            return Some(Line::new(format!("The {f} is set aside")));
        }
        let f = detail.get("moved")?.as_str()?;
        let at: [i32; 2] = serde_json::from_value(detail.get("at")?.clone()).ok()?;
        Some(Line::new(format!(
            "The {f} goes onto the {} {}",
            detail.get("feature")?.as_str()?.split(':').next().unwrap_or("feature"),
            view.place_words_from_start(Pos::from(at))
        )))
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        for (i, f) in [Figure::Mage, Figure::Witch].into_iter().enumerate() {
            if let Some(s) = state.of(f) {
                out.tile(i, s.at, 0, 1);
            }
        }
    }
}
