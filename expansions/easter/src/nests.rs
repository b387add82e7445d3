//! "Easter Nest scoring": when a placement completes the 3×3 block around a
//! nest tile (the nest tile itself may be the last one), the nest is scored
//! after the turn's regular scoring: 2 eggs to the placer of the completing
//! tile, then 1 egg per follower on the 9 tiles. Once per nest.

use crate::eggs::{add_eggs, egg_earners};
use crate::{State, Symbol};
use carcassonne_core::board::PlacedTile;
use carcassonne_core::serde_json::json;
use carcassonne_core::{CoreState, Ctx, Pos};
use serde::Serialize;

/// Eggs for the player whose tile completes a nest.
pub const NEST_PLACER_EGGS: u32 = 2;

/// A nest completed this turn, scored after the regular scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CompletedNest {
    /// The nest tile.
    pub pos: Pos,
    /// Who placed the tile that completed its 3×3 block.
    pub placer: u8,
}

/// Notes a placement by `placer`: a Nest tile opens a nest, and the nests
/// whose block the placement completes wait for the end of regular scoring.
pub(crate) fn note_placement(
    state: &mut State,
    view: &CoreState,
    placed: PlacedTile,
    placer: u8,
    symbol: Option<Symbol>,
) {
    if symbol == Some(Symbol::Nest) {
        state.nests_open.push(placed.pos);
    }
    // Only this placement can have filled the last cell of a block that
    // contains it, so the nest must be this tile or one of its ring
    // (looked at in that order, which is the order they score in).
    // Runs for every tile placed, over every open nest: the distance test
    // first, as two unsigned comparisons.
    let (x, y) = (placed.pos.x, placed.pos.y);
    let near =
        |n: &Pos| n.x.wrapping_sub(x).wrapping_add(1) as u32 <= 2 && n.y.wrapping_sub(y).wrapping_add(1) as u32 <= 2;
    if state.nests_open.iter().any(|n| near(n) && view.neighbours(*n) == 8) {
        for p in std::iter::once(placed.pos).chain(placed.pos.ring()) {
            if let Some(i) = state.nests_open.iter().position(|&n| n == p)
                && view.neighbours(p) == 8
            {
                state.nests_open.remove(i);
                state.nests_pending.push(CompletedNest { pos: p, placer });
            }
        }
    }
}

/// Scores the nests completed this turn.
pub(crate) fn score_nests(state: &mut State, ctx: &mut Ctx<'_>) {
    for nest in std::mem::take(&mut state.nests_pending) {
        let view = ctx.view();
        let mut gained = vec![0u32; view.players()];
        if let Some(g) = gained.get_mut(nest.placer as usize) {
            *g += NEST_PLACER_EGGS;
        }
        for p in std::iter::once(nest.pos).chain(nest.pos.ring()) {
            for owner in egg_earners(view, p) {
                gained[owner as usize] += 1;
            }
        }
        add_eggs(state, &gained);
        state.nests_scored.push(nest.pos);
        ctx.log_with(|| json!({ "nest": nest.pos, "placer": nest.placer, "eggs": gained }));
    }
}
