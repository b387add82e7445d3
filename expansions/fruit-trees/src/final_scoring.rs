//! "Final scoring": each fruit token still held is worth 1 point.

use crate::{HELD, State};
use carcassonne_core::Ctx;

/// Scores the tokens each player still holds.
pub(crate) fn score_held(state: &mut State, ctx: &mut Ctx<'_>) {
    for (player, grower) in state.growers.iter_mut().enumerate() {
        let points = grower.held.len() as i32;
        grower.held_points = points;
        if points > 0 {
            ctx.score(player as u8, points, HELD);
        }
    }
}
