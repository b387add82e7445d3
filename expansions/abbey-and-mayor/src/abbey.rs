//! "Abbey": each player holds one abbey tile and, at the start of a turn,
//! may place it into a hole whose four sides all touch tiles instead of
//! drawing. Its walls match anything and end the features that reach them;
//! it is then an ordinary placed tile with a cloister (deployment, scoring
//! as a cloister: the core's).

use crate::{Action, ID, State};
use carcassonne_core::tiles::{AttributeDecl, AttributePlace, AttributeProblem, FeatureKind};
use carcassonne_core::{CoreState, Ctx, Pos, Rotation, Side, Tables, ValueKind, toml};

/// Id of the abbey tile in `tiles/abbey-and-mayor.toml`.
pub const ABBEY_TILE: &str = "AM-abbey";

/// `[tile.abbey-and-mayor] abbey = true` marks the abbey tile players hold.
pub(crate) const ATTRIBUTES: &[AttributeDecl] = &[AttributeDecl {
    key: "abbey",
    on: &[AttributePlace::Tile],
    kind: ValueKind::Bool,
    required: true,
    description: "the tile is an abbey: each player holds one and may place it into a hole instead of drawing",
}];

/// What the schema cannot say: `abbey` is written `true`.
pub(crate) fn check_attributes(_feature: Option<FeatureKind>, table: &toml::Value) -> Vec<AttributeProblem> {
    match table.get("abbey").and_then(toml::Value::as_bool) {
        Some(false) => vec![AttributeProblem::new(
            &["abbey"],
            "`abbey` must be true (leave the table out on other tiles)",
        )],
        _ => Vec::new(),
    }
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
