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
/// unturned) fits, in order. The real abbey's walls fit everywhere; the
/// check keeps an edited tile file from putting a mismatching tile down.
/// A recount of the board: the state keeps the same set up as tiles arrive
/// ([`tile_placed`], from every `TilePlaced` event); this counts it once at setup and checks the upkeep.
pub(crate) fn holes(view: &CoreState, tile: u16) -> Vec<Pos> {
    let mut holes: Vec<Pos> = view
        .board()
        .frontier()
        .iter()
        .copied()
        .filter(|&p| is_hole(view, tile, p))
        .collect();
    holes.sort_unstable();
    holes
}

/// Whether the empty cell `p` is a hole the abbey `tile` fits into.
fn is_hole(view: &CoreState, tile: u16, p: Pos) -> bool {
    let board = view.board();
    !board.is_occupied(p)
        && Side::ALL.iter().all(|&s| board.is_occupied(p.step(s)))
        && board.fits(view.tables().tile(tile), Rotation::NONE, p)
}

/// A tile was placed at `pos`: it fills the hole there, if it was one, and
/// only its four neighbours can have become holes (a cell's sides change
/// only when a tile arrives next to it). Listing the holes then reads the
/// set instead of scanning the whole frontier at every turn's start.
///
/// One look at the eight cells round `pos` tells most of it: an empty
/// neighbour is a hole only if both cells flanking it diagonally hold
/// tiles, and then only the cell beyond it is left to look at.
pub(crate) fn tile_placed(state: &mut State, view: &CoreState, pos: Pos) {
    let Some(tile) = state.abbey_tile else {
        return;
    };
    if let Ok(filled) = state.holes.binary_search(&pos) {
        state.holes.remove(filled);
    }
    let board = view.board();
    let around = board.tiles_around(pos);
    // Each side: its neighbour's bit in `tiles_around` and the bits of the
    // two diagonal cells beside that neighbour (north is bit 0, clockwise).
    for (side, next, flanks) in [
        (Side::N, 0, [7, 1]),
        (Side::E, 2, [1, 3]),
        (Side::S, 4, [3, 5]),
        (Side::W, 6, [5, 7]),
    ] {
        let bit = |b: u8| around & (1 << b) != 0;
        if bit(next) || !flanks.iter().all(|&b| bit(b)) {
            continue;
        }
        let cell = pos.step(side);
        if board.is_occupied(cell.step(side))
            && board.fits(view.tables().tile(tile), Rotation::NONE, cell)
            && let Err(at) = state.holes.binary_search(&cell)
        {
            state.holes.insert(at, cell);
        }
    }
}

/// The holes kept up agree with a recount of the board.
pub(crate) fn check_holes(state: &State, view: &CoreState) -> Result<(), String> {
    let Some(tile) = state.abbey_tile else {
        return Ok(());
    };
    let counted = holes(view, tile);
    if counted == state.holes {
        Ok(())
    } else {
        Err(format!(
            "abbey holes kept up {:?}, the board has {counted:?}",
            state.holes
        ))
    }
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
    // A tile another expansion handed the player and declared mandatory
    // (a tile bought at a bazaar: the FAQ forbids an abbey instead) is not
    // to be replaced: no offer this turn.
    if ctx.view().turn().supplied.is_some_and(|s| s.mandatory) {
        return;
    }
    if state.abbeys_left.get(player as usize).is_some_and(|&n| n > 0) && !state.holes.is_empty() {
        ctx.ask(player);
    }
}

/// Draw, or the abbey into each hole.
pub(crate) fn options(state: &State, player: u8, out: &mut Vec<Action>) {
    out.push(Action::Draw);
    if state.abbeys_left.get(player as usize).is_some_and(|&n| n > 0) {
        out.extend(state.holes.iter().copied().map(Action::Abbey));
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
