//! The Ferries (docs/expansions/the-ferries.md), the mini expansion of
//! Hans im Glück, 2012: lakes where three or four roads end, and ferries
//! that link two of them.
//!
//! A lake tile (`the-ferries = { lake = true }`) has roads that end at its
//! lake, closed there for the core. After deploying on one, the player must
//! lay a ferry linking two of its roads (`Ctx::link_features`: the ends
//! meet, no open side is used). Whenever a placed tile extends a road, the
//! nearest ferry along that road in each direction (on another tile) may be
//! moved, once a turn, to link two other roads of its lake: the old link is
//! taken back (`Ctx::unlink_features`, which splits the road when nothing
//! else holds it together) and the new one made. A road so closed at both
//! ends is scored with the turn's completed features.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::geometry::{Segment, Side};
use carcassonne_core::serde::{Deserialize, Serialize};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, AttributeProblem};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Expansion, ExpansionGroup, ExpansionInfo, FeatureKind, Line, Pos, ValueKind,
    register_expansion, toml,
};

/// The expansion's id, also the key of its attribute tables in tile files.
pub const ID: &str = "the-ferries";

/// Wooden ferries in the box: one a lake tile.
pub const FERRIES: usize = 8;

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "The Ferries",
    version: env!("CARGO_PKG_VERSION"),
    description: "Lakes where roads end; a ferry links two of a lake's roads, and moves when a road through it is \
                  extended",
    tile_files: &[carcassonne_core::tile_file!(
        "the-ferries.toml",
        "tiles/the-ferries.toml"
    )],
    attributes: &[AttributeDecl {
        key: "lake",
        on: &[AttributePlace::Tile],
        kind: ValueKind::Bool,
        required: true,
        description: "the tile's roads end at a ferry lake (give them no `open_ends`): a ferry links two of them",
    }],
    check_attributes,
    jcz: Some(carcassonne_core::data_file!("jcz.toml")),
    build,
    group: ExpansionGroup::Mini,
    year: 2012,
    ..ExpansionInfo::EMPTY
};

register_expansion!(INFO);
#[cfg(feature = "plugin")]
carcassonne_core::export_plugin!();

/// `lake = false` says nothing a missing table does not: refused.
fn check_attributes(_feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    match table.get("lake").and_then(toml::Value::as_bool) {
        Some(false) => vec![AttributeProblem::new(
            &["lake"],
            "`lake` must be `true` (leave the table out on a tile with no lake)",
        )],
        _ => Vec::new(),
    }
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let flags = ctx.tile_flags(ID, "lake");
    let mut lakes = Vec::with_capacity(flags.len());
    for (tile, lake) in ctx.tiles.iter().zip(flags) {
        let roads: Vec<u8> = if lake {
            (0..tile.feature_kinds().len())
                .filter(|&fi| tile.feature_kind(fi) == FeatureKind::ROAD)
                .map(|fi| fi as u8)
                .collect()
        } else {
            Vec::new()
        };
        if lake && (roads.len() < 2 || roads.iter().any(|&fi| tile.def.features[fi as usize].open_ends > 0)) {
            return Err(format!(
                "tile {}: a lake needs two roads or more ending at it, with no `open_ends`",
                tile.def.id
            ));
        }
        lakes.push(roads);
    }
    Ok(expansion::boxed(Ferries { lakes }))
}

/// The rules of one game.
struct Ferries {
    /// By tile index: the roads (feature indices) ending at its lake; empty
    /// for a tile with no lake.
    lakes: Vec<Vec<u8>>,
}

/// A ferry on a lake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct Ferry {
    /// The lake tile.
    pub at: [i32; 2],
    /// The two roads it links: feature indices of that tile.
    pub roads: [u8; 2],
}

/// What the game remembers.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(crate = "carcassonne_core::serde")]
pub struct State {
    /// Ferries on the board, in the order laid.
    pub ferries: Vec<Ferry>,
    /// The lake placed this turn, waiting for its ferry.
    pub placing: Option<[i32; 2]>,
    /// Lakes whose ferry moved this turn ("each ferry may only be moved
    /// once per turn").
    pub moved: Vec<[i32; 2]>,
}

/// A ferry decision, as records write it under `the-ferries`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_core::serde", rename_all = "kebab-case")]
pub enum Action {
    /// The ferry of the lake at `at` links these two roads (their stable
    /// names, `"road:W"`): laid on the lake just placed, or moved there.
    Ferry {
        /// The lake tile.
        at: [i32; 2],
        /// Its two roads.
        roads: [String; 2],
    },
    /// The ferries in reach stay where they are.
    Pass,
}

fn pos(at: [i32; 2]) -> Pos {
    Pos::new(at[0], at[1])
}

impl Ferries {
    /// The roads ending at the lake of the tile at `at`.
    fn lake_roads(&self, view: &CoreState, at: [i32; 2]) -> &[u8] {
        view.board()
            .get(pos(at))
            .and_then(|t| self.lakes.get(t.tile as usize))
            .map_or(&[], Vec::as_slice)
    }

    /// Every pair of the lake's roads, in the tile's order.
    fn pairs(&self, view: &CoreState, at: [i32; 2]) -> Vec<[u8; 2]> {
        let roads = self.lake_roads(view, at);
        let mut out = Vec::new();
        for (i, &a) in roads.iter().enumerate() {
            for &b in &roads[i + 1..] {
                out.push([a, b]);
            }
        }
        out
    }

    /// The lakes whose ferries the turn's placement reaches: walking the
    /// roads of the placed tile across tile edges, the first ferry met in
    /// each direction ("the ferry that is closest to the newly placed
    /// tile"), on another tile, not moved this turn. A ferry on the placed
    /// tile is crossed.
    fn nearest(&self, state: &State, view: &CoreState) -> Vec<[i32; 2]> {
        let Some(placed) = view
            .turn()
            .placed
            .and_then(|i| view.board().tiles().get(i as usize))
            .copied()
        else {
            return Vec::new();
        };
        let here = [placed.pos.x, placed.pos.y];
        let tt = view.tables().tile(placed.tile);
        let mut stack: Vec<NodeId> = (0..tt.feature_kinds().len())
            .filter(|&fi| tt.feature_kind(fi) == FeatureKind::ROAD)
            .map(|fi| placed.first_node + fi as NodeId)
            .collect();
        let mut seen = stack.clone();
        let mut found = Vec::new();
        while let Some(n) = stack.pop() {
            let tile = *view.tile_of_node(n);
            let at = [tile.pos.x, tile.pos.y];
            let fi = (n - tile.first_node) as u8;
            let mut visit = |m: NodeId| {
                if !seen.contains(&m) {
                    seen.push(m);
                    stack.push(m);
                }
            };
            if let Some(ferry) = state.ferries.iter().find(|f| f.at == at && f.roads.contains(&fi)) {
                if at != here {
                    if !found.contains(&at) && !state.moved.contains(&at) {
                        found.push(at);
                    }
                    continue;
                }
                let other = if ferry.roads[0] == fi {
                    ferry.roads[1]
                } else {
                    ferry.roads[0]
                };
                visit(tile.first_node + NodeId::from(other));
            }
            let t = view.tables().tile(tile.tile);
            for side in Side::ALL {
                let seg = Segment::centre(side);
                if t.feature_at(tile.rotation, seg) != Some(fi as usize) {
                    continue;
                }
                if let Some(nb) = view.board().get(tile.pos.step(side))
                    && let Some(b) = view.tables().tile(nb.tile).feature_at(nb.rotation, seg.facing())
                    && view.tables().tile(nb.tile).feature_kind(b) == FeatureKind::ROAD
                {
                    visit(nb.first_node + b as NodeId);
                }
            }
        }
        found
    }

    /// The ferry an action lays or moves, resolved against the board, when
    /// the player may: its lake and roads, in the lake's order.
    fn resolve(&self, state: &State, view: &CoreState, action: &Action) -> Option<Ferry> {
        let ferry = Self::named(view, action)?;
        let (at, fis) = (ferry.at, ferry.roads);
        if !self.pairs(view, at).contains(&fis) {
            return None;
        }
        let allowed = match state.placing {
            Some(lake) => lake == at,
            None => {
                let current = state.ferries.iter().find(|f| f.at == at)?;
                current.roads != fis && self.nearest(state, view).contains(&at)
            }
        };
        allowed.then_some(ferry)
    }

    /// The ferry an action names (its roads in the lake's order), without
    /// asking whether the player may lay or move it: `play` is handed
    /// options already checked, and the check's walk over the roads is
    /// made once.
    fn named(view: &CoreState, action: &Action) -> Option<Ferry> {
        let Action::Ferry { at, roads } = action else {
            return None;
        };
        let mut fis = [0u8; 2];
        for (k, name) in roads.iter().enumerate() {
            fis[k] = u8::try_from(view.feature_by_name(pos(*at), name).ok()?).ok()?;
        }
        fis.sort_unstable();
        Some(Ferry { at: *at, roads: fis })
    }

    fn node(view: &CoreState, ferry: &Ferry, k: usize) -> Option<NodeId> {
        view.node_at(pos(ferry.at), ferry.roads[k] as usize)
    }
}

impl Expansion for Ferries {
    type State = State;
    type Action = Action;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> State {
        State::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::AFTER_DEPLOY
    }

    fn after_deploy(
        &self,
        state: &mut State,
        ctx: &mut Ctx<'_>,
        _deployed: Option<&carcassonne_core::figures::PlacedFigure>,
    ) {
        let view = ctx.view();
        let player = view.turn().player;
        // A second deployment in the turn (The Phantom's) runs this hook
        // again for the same placement: its ferry and moves were settled
        // after the first.
        if view.turn().deploying_more {
            return;
        }
        state.moved.clear();
        state.placing = None;
        let Some(placed) = view.turn().placed.and_then(|i| view.board().tiles().get(i as usize)) else {
            return;
        };
        let at = [placed.pos.x, placed.pos.y];
        // "Afterward, the active player must take a ferry from the stock and
        // link two of the road segments on the tile": after the follower,
        // before scoring, so what the ferry completes scores this turn.
        let laid = state.ferries.iter().any(|f| f.at == at);
        if !self.lake_roads(view, at).is_empty() && !laid && state.ferries.len() < FERRIES {
            state.placing = Some(at);
            ctx.ask(player);
        } else if !self.nearest(state, view).is_empty() {
            ctx.ask(player);
        }
    }

    fn options(&self, state: &State, view: &CoreState, _player: u8, out: &mut Vec<Action>) {
        let lakes = match state.placing {
            Some(lake) => vec![lake],
            None => {
                out.push(Action::Pass);
                self.nearest(state, view)
            }
        };
        for at in lakes {
            let current = state.ferries.iter().find(|f| f.at == at).map(|f| f.roads);
            for pair in self.pairs(view, at) {
                if Some(pair) != current {
                    out.push(Action::Ferry {
                        at,
                        roads: pair.map(|fi| view.feature_name(pos(at), fi as usize)),
                    });
                }
            }
        }
    }

    fn is_option(&self, state: &State, view: &CoreState, _player: u8, action: &Action) -> bool {
        match action {
            Action::Pass => state.placing.is_none(),
            _ => self.resolve(state, view, action).is_some(),
        }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        // The engine has checked the option (`is_option` or listed).
        let Some(ferry) = Self::named(ctx.view(), action) else {
            // A pass: the ferries in reach stay.
            return;
        };
        let view = ctx.view();
        let new = (Self::node(view, &ferry, 0), Self::node(view, &ferry, 1));
        if state.placing.take().is_some() {
            state.ferries.push(ferry);
            ctx.log_with(|| json!({ "ferry": ferry.at, "roads": ferry.roads }));
        } else if let Some(old) = state.ferries.iter_mut().find(|f| f.at == ferry.at) {
            // "The player may move the ferry such that it no longer connects
            // to the road that has just been extended."
            let before = *old;
            *old = ferry;
            state.moved.push(ferry.at);
            if let (Some(a), Some(b)) = (Self::node(view, &before, 0), Self::node(view, &before, 1)) {
                ctx.unlink_features(a, b);
            }
            ctx.log_with(|| json!({ "moved": ferry.at, "roads": ferry.roads, "from": before.roads }));
        }
        if let (Some(a), Some(b)) = new {
            ctx.link_features(a, b);
        }
        // Other ferries the placement reaches, now the roads run anew.
        if !self.nearest(state, ctx.view()).is_empty() {
            ctx.ask(player);
        }
    }

    fn decision_label(&self, state: &State) -> &'static str {
        if state.placing.is_some() {
            "ferry"
        } else {
            "ferry moves"
        }
    }

    fn option_label(&self, state: &State, view: &CoreState, _player: u8, action: &Action) -> Option<String> {
        let Some(ferry) = self.resolve(state, view, action) else {
            return Some("Leave the ferries where they are".to_string());
        };
        let at = pos(ferry.at);
        let words = |k: usize| {
            view.feature_words(at, ferry.roads[k] as usize)
                .unwrap_or_else(|| "road".into())
        };
        let verb = if state.placing.is_some() { "Lay" } else { "Move" };
        Some(format!(
            "{verb} the ferry {} between its {} and its {}",
            view.place_words(at),
            words(0),
            words(1)
        ))
    }

    fn public_state(&self, state: &State) -> serde_json::Value {
        serde_json::to_value(state).unwrap_or(serde_json::Value::Null)
    }

    fn present(&self, state: &State, _view: &CoreState) -> Vec<Line> {
        vec![Line::new(format!(
            "{} ferries on lakes, {} in the supply",
            state.ferries.len(),
            FERRIES.saturating_sub(state.ferries.len())
        ))]
    }

    fn log_line(&self, view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
        let (verb, at) = match (detail.get("ferry"), detail.get("moved")) {
            (Some(at), _) => ("lays a ferry", at),
            (None, Some(at)) => ("moves the ferry", at),
            _ => return None,
        };
        let at = at.as_array()?;
        let at = Pos::new(at.first()?.as_i64()? as i32, at.get(1)?.as_i64()? as i32);
        Some(Line::new(format!("{verb} {}", view.place_words(at))))
    }
}
