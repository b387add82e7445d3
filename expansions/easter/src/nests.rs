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

/// A nest tile whose 3×3 block is not complete yet, with how many of the
/// block's nine cells hold a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenNest {
    /// The nest tile.
    pub pos: Pos,
    /// Tiles in its block, the nest tile included: 9 completes it.
    pub filled: u8,
}

impl OpenNest {
    /// The nest at `pos`, its block counted on the board.
    pub(crate) fn counted(view: &CoreState, pos: Pos) -> OpenNest {
        OpenNest {
            pos,
            filled: 1 + view.neighbours(pos) as u8,
        }
    }
}

/// Notes a placement by `placer`: a Nest tile opens a nest, and the nests
/// whose block the placement completes wait for the end of regular scoring.
/// Returns whether any did (the scoring hook is armed then).
pub(crate) fn note_placement(
    state: &mut State,
    view: &CoreState,
    placed: PlacedTile,
    placer: u8,
    symbol: Option<Symbol>,
) -> bool {
    // Runs for every tile placed, over every open nest: each nest counts
    // the tiles of its block as they come, rather than looking at its nine
    // cells whenever a tile lands beside it (the distance test is two
    // unsigned comparisons).
    let (x, y) = (placed.pos.x, placed.pos.y);
    let near =
        |n: Pos| n.x.wrapping_sub(x).wrapping_add(1) as u32 <= 2 && n.y.wrapping_sub(y).wrapping_add(1) as u32 <= 2;
    let mut completed = false;
    for nest in &mut state.nests_open {
        if near(nest.pos) {
            nest.filled += 1;
            debug_assert_eq!(*nest, OpenNest::counted(view, nest.pos), "a nest miscounted its block");
            completed |= nest.filled == 9;
        }
    }
    if symbol == Some(Symbol::Nest) {
        let nest = OpenNest::counted(view, placed.pos);
        completed |= nest.filled == 9;
        state.nests_open.push(nest);
    }
    if completed {
        // Only this placement can have filled the last cell of a block that
        // contains it, so the nest is this tile or one of its ring, scored
        // in that order.
        for p in std::iter::once(placed.pos).chain(placed.pos.ring()) {
            if let Some(i) = state.nests_open.iter().position(|n| n.pos == p && n.filled == 9) {
                state.nests_open.remove(i);
                state.nests_pending.push(CompletedNest { pos: p, placer });
            }
        }
    }
    completed
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
