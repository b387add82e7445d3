//! Abbey & Mayor: the abbey tiles and the barn (the mayor and the wagon are
//! not implemented).
//!
//! Rules (digest, "Companion expansions"):
//!
//! - **Abbey.** Each player holds one abbey tile. At the start of a turn,
//!   instead of drawing, a player may place it into a hole whose four sides
//!   all touch tiles. Its wall edges match anything and end the features
//!   that reach them; it is then an ordinary placed tile with a cloister
//!   (deployment, scoring as a cloister — all done by the core).
//! - **Barn.** Deployed instead of a follower, on a corner of the tile just
//!   placed where four tiles meet with field on all four corners, in one
//!   farm that holds no barn yet. The farmers of that farm at once score 3 per completed city (to
//!   the farm's majority) and return. Farmers may not be deployed into a
//!   farm with a barn. When a placement joins a farm holding farmers to a
//!   barn's farm, those farmers score 1 per completed city and return. At
//!   game end each barn scores 4 per completed city of its farm.

use carcassonne_core::expansion::{self, DynExpansion, Hooks};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{CORNER_NAMES, FigureId, Spot};
use carcassonne_core::tiles::{AttributeProblem, FeatureKind};
use carcassonne_core::{
    BuildContext, CoreState, Ctx, Deployment, Expansion, ExpansionInfo, FigureClass, FigureDecl, FigurePlacement, Pos,
    Rotation, Segment, TileFile, register_expansion,
};
use carcassonne_core::{Side, serde_json, toml};
use serde::{Deserialize, Serialize};

/// The expansion's id, as in configurations and records.
pub const ID: &str = "abbey-and-mayor";

/// Id of the barn figure.
pub const BARN: &str = "barn";

/// Id of the abbey tile in `tiles/abbey-and-mayor.toml`.
pub const ABBEY_TILE: &str = "AM-abbey";

/// Score source of the barns' end-of-game points (`abbey-and-mayor.barn`).
pub const BARN_SOURCE: &str = "barn";

/// Score source of the points farmers make when a barn is placed in their
/// farm or their farm joins a barn's farm (`abbey-and-mayor.farmers`).
pub const FARMERS_SOURCE: &str = "farmers";

/// Points per completed city for farmers when a barn is placed in their farm.
const BARN_PLACED_PER_CITY: i32 = 3;
/// Points per completed city for farmers whose farm joins a barn's farm.
const FARM_JOINED_PER_CITY: i32 = 1;
/// Points per completed city for a barn at game end.
const BARN_FINAL_PER_CITY: i32 = 4;

/// The expansion's declaration.
pub static INFO: ExpansionInfo = ExpansionInfo {
    id: ID,
    name: "Abbey & Mayor (abbey and barn)",
    version: env!("CARGO_PKG_VERSION"),
    description: "Abbeys fill holes in the landscape; barns cash in the farmers of a farm",
    requires: &[],
    conflicts: &[],
    tile_files: &[TileFile {
        file_name: "abbey-and-mayor.toml",
        embedded: include_str!("../../../tiles/abbey-and-mayor.toml"),
    }],
    variants: &[],
    figures: &[FigureDecl {
        id: BARN,
        name: "Barn",
        per_player: 1,
        strength: 0,
        class: FigureClass::Special,
        placement: FigurePlacement::ByExpansion,
    }],
    score_sources: &[BARN_SOURCE, FARMERS_SOURCE],
    check_attributes,
    build,
};

register_expansion!(INFO);

/// Checks `[tile.abbey-and-mayor]`: `abbey = true` on a tile, nothing else.
fn check_attributes(feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    if feature.is_some() {
        return vec![AttributeProblem::new(
            &[],
            "abbey-and-mayor has no feature attributes; mark an abbey on the tile: [tile.abbey-and-mayor] abbey = true",
        )];
    }
    let mut problems = Vec::new();
    for (key, value) in table.as_table().into_iter().flatten() {
        match (key.as_str(), value.as_bool()) {
            ("abbey", Some(true)) => {}
            ("abbey", _) => problems.push(AttributeProblem::new(&["abbey"], "`abbey` must be true")),
            (other, _) => problems.push(AttributeProblem::new(
                &[other],
                format!("unknown key `{other}`; expected `abbey`"),
            )),
        }
    }
    if table.get("abbey").is_none() && problems.is_empty() {
        problems.push(AttributeProblem::new(&[], "expected `abbey = true`"));
    }
    problems
}

fn build(_ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(AbbeyAndMayor))
}

/// The rules for one game (no variants).
struct AbbeyAndMayor;

/// A barn on the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Barn {
    /// The barn figure's id on the board.
    pub figure: FigureId,
    /// Its owner.
    pub owner: u8,
    /// The tile it was deployed on.
    pub at: Pos,
    /// The corner of that tile: `NW`, `NE`, `SE` or `SW`.
    pub corner: &'static str,
    /// A node of its farm (take the root for the farm as it is now).
    #[serde(skip)]
    farm: NodeId,
}

/// What the expansion remembers.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct State {
    /// Abbeys each player still holds.
    pub abbeys_left: Vec<u8>,
    /// Barns on the board, in the order they were deployed.
    pub barns: Vec<Barn>,
    /// The abbey tile's index in this game's tile table (none if the tile
    /// file has no abbey: then no one holds one).
    #[serde(skip)]
    abbey_tile: Option<u16>,
    /// The barn's index in this game's figure table.
    #[serde(skip)]
    barn_figure: Option<u8>,
}

/// The decision at the start of a turn of a player who still holds an abbey
/// while a hole exists. Records write `{"abbey-and-mayor": "draw"}` or
/// `{"abbey-and-mayor": {"abbey": [x, y]}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Draw a tile as usual (keep the abbey).
    Draw,
    /// Place the abbey into the hole at this position instead of drawing.
    Abbey(Pos),
}

/// The four corners of a tile: the two board-frame segments that touch
/// each, and the offset of the corner point from the tile's own position
/// (the corner point (x, y) is the NW corner of the tile at (x, y)).
const CORNERS: [([usize; 2], (i32, i32)); 4] = [
    ([11, 0], (0, 0)), // NW: WN, NW
    ([2, 3], (1, 0)),  // NE: NE, EN
    ([5, 6], (1, 1)),  // SE: ES, SE
    ([8, 9], (0, 1)),  // SW: SW, WS
];

/// The farm node of the barn spot at corner `corner` of the tile at `pos`:
/// the four tiles round that corner point must all be there, and all eight
/// segments touching the point must be field of one farm.
fn barn_farm(view: &CoreState, pos: Pos, corner: u8) -> Option<NodeId> {
    let (_, (dx, dy)) = *CORNERS.get(corner as usize)?;
    let (px, py) = (pos.x + dx, pos.y + dy);
    // Each tile round the point, with the corner of its own that is the point.
    let around = [
        (Pos::new(px - 1, py - 1), 2u8),
        (Pos::new(px, py - 1), 3),
        (Pos::new(px, py), 0),
        (Pos::new(px - 1, py), 1),
    ];
    let mut farm: Option<NodeId> = None;
    let mut own: Option<NodeId> = None;
    for (p, c) in around {
        let placed = view.board().get(p)?;
        let tile = view.rules().tile(placed.tile);
        for seg in CORNERS[c as usize].0 {
            let fi = tile.feature_at(placed.rotation, Segment::from_index(seg))?;
            if tile.feature_kind(fi) != FeatureKind::Field {
                return None;
            }
            let node = placed.first_node + fi as NodeId;
            let root = view.features().root(node);
            if farm.is_some_and(|f| f != root) {
                return None;
            }
            farm = Some(root);
            if p == pos {
                own = Some(node);
            }
        }
    }
    own
}

/// Empty cells whose four sides all touch tiles, where `tile` (the abbey,
/// unturned) fits, sorted. The real abbey's walls fit everywhere; the check
/// keeps an edited tile file from putting a mismatching tile down.
fn holes(view: &CoreState, tile: u16) -> Vec<Pos> {
    let board = view.board();
    let abbey = view.rules().tile(tile);
    let mut holes: Vec<Pos> = board
        .frontier()
        .iter()
        .copied()
        .filter(|&p| Side::ALL.iter().all(|&s| board.is_occupied(p.step(s))))
        .filter(|&p| board.fits(abbey, Rotation::NONE, p))
        .collect();
    holes.sort();
    holes
}

/// Completed cities touching the farm of `node`.
fn completed_cities(view: &CoreState, node: NodeId) -> i32 {
    view.cities_of_field(node)
        .iter()
        .filter(|&&c| view.is_complete(c))
        .count() as i32
}

fn is_follower(view: &CoreState, kind: u8) -> bool {
    view.rules()
        .figures()
        .get(kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
}

/// Scores the farmers of `farm` (`per_city` a completed city, to the
/// majority) and sends them back. Returns (farmers returned, points, winners).
fn cash_in_farmers(ctx: &mut Ctx<'_>, farm: NodeId, per_city: i32) -> (usize, i32, Vec<u8>) {
    let view = ctx.view();
    let farmers: Vec<FigureId> = view
        .figures_in(farm)
        .filter(|f| is_follower(view, f.kind))
        .map(|f| f.id)
        .collect();
    if farmers.is_empty() {
        return (0, 0, Vec::new());
    }
    let winners = view.majority(farm);
    let points = per_city * completed_cities(view, farm);
    if points > 0 {
        for &w in &winners {
            ctx.score(w, points, FARMERS_SOURCE);
        }
    }
    for &id in &farmers {
        ctx.return_figure(id);
    }
    (farmers.len(), points, winners)
}

/// Forgets barns that are no longer on the board.
fn prune_barns(state: &mut State, view: &CoreState) {
    if !state.barns.is_empty() {
        state.barns.retain(|b| view.figure(b.figure).is_some());
    }
}

impl AbbeyAndMayor {
    /// The barn standing in `node`'s farm, if any.
    fn barn_in_farm<'s>(state: &'s State, view: &CoreState, node: NodeId) -> Option<&'s Barn> {
        let root = view.features().root(node);
        state
            .barns
            .iter()
            .find(|b| view.features().root(b.farm) == root && view.figure(b.figure).is_some())
    }

    fn farm_has_barn(state: &State, view: &CoreState, node: NodeId) -> bool {
        Self::barn_in_farm(state, view, node).is_some()
    }

    /// The barn already standing in the farm of the barn spot at `corner`
    /// of the tile at `pos`, if that spot is otherwise a barn spot.
    fn barn_in_spot_farm<'s>(state: &'s State, view: &CoreState, pos: Pos, corner: u8) -> Option<&'s Barn> {
        Self::barn_in_farm(state, view, barn_farm(view, pos, corner)?)
    }
}

/// A barn as people read it: "Bob's barn at (1,1) NW".
fn describe(view: &CoreState, barn: &Barn) -> String {
    format!("{}'s barn at {} {}", view.player_name(barn.owner), barn.at, barn.corner)
}

impl Expansion for AbbeyAndMayor {
    type State = State;
    type Action = Action;

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        let rules = ctx.view().rules();
        // The tile marked `abbey = true` (normally AM-abbey) is the abbey.
        let abbey_tile = rules
            .tile_by_id(ABBEY_TILE)
            .filter(|t| t.def.attribute(ID).is_some())
            .or_else(|| rules.tiles().iter().find(|t| t.def.attribute(ID).is_some()))
            .map(|t| t.index);
        State {
            abbeys_left: vec![u8::from(abbey_tile.is_some()); ctx.view().players()],
            barns: Vec::new(),
            abbey_tile,
            barn_figure: rules.figure_index(BARN),
        }
    }

    fn hooks(&self) -> Hooks {
        let abbeys = Hooks::TURN_STARTED;
        let barns = Hooks::DEPLOY_OPTIONS
            | Hooks::DEPLOYMENT_ALLOWED
            | Hooks::FIGURE_DEPLOYED
            | Hooks::AFTER_SCORING
            | Hooks::END_OF_TURN
            | Hooks::FINAL_SCORING;
        abbeys | barns
    }

    fn turn_started(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        let player = ctx.view().turn().player;
        let Some(tile) = state.abbey_tile else {
            return;
        };
        if state.abbeys_left.get(player as usize).is_some_and(|&n| n > 0) && !holes(ctx.view(), tile).is_empty() {
            ctx.ask(player);
        }
    }

    fn options(&self, state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
        out.push(Action::Draw);
        if let Some(tile) = state.abbey_tile
            && state.abbeys_left.get(player as usize).is_some_and(|&n| n > 0)
        {
            out.extend(holes(view, tile).into_iter().map(Action::Abbey));
        }
    }

    fn play(&self, state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
        let Action::Abbey(pos) = *action else {
            return;
        };
        let (Some(tile), Some(left)) = (state.abbey_tile, state.abbeys_left.get_mut(player as usize)) else {
            return;
        };
        *left = left.saturating_sub(1);
        // All four edges are walls: every rotation is the same picture.
        ctx.place_tile(player, tile, pos, Rotation::NONE);
    }

    fn decision_label(&self, _state: &State) -> &'static str {
        "place the abbey or draw"
    }

    fn deploy_options(&self, state: &State, view: &CoreState, out: &mut Vec<Deployment>) {
        let (Some(barn), Some(placed)) = (state.barn_figure, view.placed_this_turn()) else {
            return;
        };
        if view.supply(view.turn().player, barn) == 0 {
            return;
        }
        for corner in 0..4u8 {
            // Never into a farm that already holds a barn (the official
            // rules; JCloisterZone's default).
            if barn_farm(view, placed.pos, corner).is_some_and(|farm| !Self::farm_has_barn(state, view, farm)) {
                out.push(Deployment {
                    figure: barn,
                    pos: placed.pos,
                    spot: Spot::Corner(corner),
                });
            }
        }
    }

    fn deployment_allowed(&self, state: &State, view: &CoreState, d: &Deployment) -> bool {
        if state.barns.is_empty() || !is_follower(view, d.figure) {
            return true;
        }
        let Spot::Feature(fi) = d.spot else {
            return true;
        };
        match view.node_at(d.pos, fi as usize) {
            Some(node) if view.features().kind(node) == FeatureKind::Field => !Self::farm_has_barn(state, view, node),
            _ => true,
        }
    }

    fn explain_deployment_refusal(&self, state: &State, view: &CoreState, d: &Deployment) -> Option<String> {
        match d.spot {
            Spot::Corner(corner) if Some(d.figure) == state.barn_figure => {
                let there = Self::barn_in_spot_farm(state, view, d.pos, corner)?;
                Some(format!(
                    "that farm already holds {}; a farm holds at most one barn",
                    describe(view, there)
                ))
            }
            Spot::Feature(fi) if is_follower(view, d.figure) => {
                let node = view.node_at(d.pos, fi as usize)?;
                if view.features().kind(node) != FeatureKind::Field {
                    return None;
                }
                let there = Self::barn_in_farm(state, view, node)?;
                Some(format!(
                    "that farm holds {}; no farmer may be deployed into a farm with a barn",
                    describe(view, there)
                ))
            }
            _ => None,
        }
    }

    fn figure_deployed(&self, state: &mut State, ctx: &mut Ctx<'_>, figure: &carcassonne_core::figures::PlacedFigure) {
        if Some(figure.kind) != state.barn_figure {
            return;
        }
        let Spot::Corner(corner) = figure.spot else {
            return;
        };
        let Some(farm) = barn_farm(ctx.view(), figure.pos, corner) else {
            return;
        };
        let (returned, points, winners) = cash_in_farmers(ctx, farm, BARN_PLACED_PER_CITY);
        let corner = CORNER_NAMES[corner as usize % 4];
        ctx.log_with(|| {
            serde_json::json!({
                "barn": [figure.pos.x, figure.pos.y],
                "corner": corner,
                "farmers_returned": returned,
                "points": points,
                "to": winners,
            })
        });
        state.barns.push(Barn {
            figure: figure.id,
            owner: figure.owner,
            at: figure.pos,
            corner,
            farm,
        });
    }

    // After the turn's own scoring, so the join pays for every city this
    // placement completed as well (the digest gives no moment; see the docs).
    fn after_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        prune_barns(state, ctx.view());
        let mut farms: Vec<NodeId> = Vec::new();
        for b in &state.barns {
            let root = ctx.view().features().root(b.farm);
            if !farms.contains(&root) {
                farms.push(root);
            }
        }
        for farm in farms {
            let (returned, points, winners) = cash_in_farmers(ctx, farm, FARM_JOINED_PER_CITY);
            if returned > 0 {
                let barns: Vec<[i32; 2]> = state
                    .barns
                    .iter()
                    .filter(|b| ctx.view().features().root(b.farm) == farm)
                    .map(|b| [b.at.x, b.at.y])
                    .collect();
                ctx.log_with(|| {
                    serde_json::json!({
                        "joined_barn_farm": barns,
                        "farmers_returned": returned,
                        "points": points,
                        "to": winners,
                    })
                });
            }
        }
    }

    fn final_scoring(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        prune_barns(state, ctx.view());
        for b in &state.barns {
            let points = BARN_FINAL_PER_CITY * completed_cities(ctx.view(), b.farm);
            if points > 0 {
                ctx.score(b.owner, points, BARN_SOURCE);
            }
        }
    }

    // Barns never leave by these rules, but another expansion may remove
    // figures: a barn that left no longer counts (nor shows).
    fn end_of_turn(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        prune_barns(state, ctx.view());
    }
}
