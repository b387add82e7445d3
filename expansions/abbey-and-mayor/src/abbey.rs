//! "Abbey": each player holds one abbey tile and, at the start of a turn,
//! may place it into a hole whose four sides all touch tiles instead of
//! drawing. Its walls match anything and end the features that reach them;
//! it is then an ordinary placed tile with a cloister (deployment, scoring
//! as a cloister: the core's).

use crate::{Action, ID, State};
use carcassonne_core::tiles::{AttributeProblem, FeatureKind};
use carcassonne_core::{CoreState, Ctx, Pos, Rotation, Side, Tables, toml};

/// Id of the abbey tile in `tiles/abbey-and-mayor.toml`.
pub const ABBEY_TILE: &str = "AM-abbey";

/// Checks `[tile.abbey-and-mayor]`: `abbey = true` on a tile, nothing else.
pub(crate) fn check_attributes(feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
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

/// Empty cells whose four sides all touch tiles, where `tile` (the abbey,
/// unturned) fits, sorted. The real abbey's walls fit everywhere; the check
/// keeps an edited tile file from putting a mismatching tile down.
fn holes(view: &CoreState, tile: u16) -> Vec<Pos> {
    let board = view.board();
    let abbey = view.tables().tile(tile);
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

/// The abbey's index in the game's tile table: the tile marked `abbey =
/// true` (normally AM-abbey), if the game's tiles have one.
pub(crate) fn abbey_tile(tables: &Tables) -> Option<u16> {
    tables
        .tile_by_id(ABBEY_TILE)
        .filter(|t| t.def.attribute(ID).is_some())
        .or_else(|| tables.tiles().iter().find(|t| t.def.attribute(ID).is_some()))
        .map(|t| t.index)
}

/// At the start of a turn: asks a player who still holds an abbey whether
/// to place it, when a hole exists.
pub(crate) fn offer(state: &mut State, ctx: &mut Ctx<'_>) {
    let player = ctx.view().turn().player;
    let Some(tile) = state.abbey_tile else {
        return;
    };
    if state.abbeys_left.get(player as usize).is_some_and(|&n| n > 0) && !holes(ctx.view(), tile).is_empty() {
        ctx.ask(player);
    }
}

/// Draw, or the abbey into each hole.
pub(crate) fn options(state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
    out.push(Action::Draw);
    if let Some(tile) = state.abbey_tile
        && state.abbeys_left.get(player as usize).is_some_and(|&n| n > 0)
    {
        out.extend(holes(view, tile).into_iter().map(Action::Abbey));
    }
}

/// Places the abbey where the player chose (a draw needs nothing here).
pub(crate) fn play(state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
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
