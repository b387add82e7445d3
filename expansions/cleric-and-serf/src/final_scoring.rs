//! "Final scoring", before farms are scored: the Serf's holder 1 point per
//! farmer on the board and 5 per barn played; the Cleric's holder 10 + 2
//! per abbey; the player(s) with the most cloister tokens 10 (a tie that
//! includes the Cleric's holder goes to the holder).

use crate::State;
use crate::cleric::is_abbey_tile;
use crate::hooks::ClericAndSerf;
use crate::serf::{SerfRule, is_farmer};
use carcassonne_core::Ctx;
use carcassonne_core::serde_json::json;

impl ClericAndSerf {
    /// Gives the Serf's, the Cleric's and the cloister tokens' points.
    pub(crate) fn final_scores(&self, state: &mut State, ctx: &mut Ctx<'_>) {
        // A barn placed in the last turn is settled at that turn's end, but
        // be sure nothing is left over before the Serf is scored.
        if self.serf == SerfRule::Barn {
            Self::settle_barns(state, ctx);
        }
        let view = ctx.view();
        if let Some(holder) = state.serf.holder {
            let farmers = view.figures().iter().filter(|f| is_farmer(view, f)).count() as i32;
            let barns = state.serf.barns_played as i32;
            let points = farmers + 5 * barns;
            ctx.log_with(
                || json!({ "serf": { "holder": holder, "farmers": farmers, "barns": barns, "points": points } }),
            );
            if points != 0 {
                ctx.score(holder, points, "serf");
            }
        }
        let view = ctx.view();
        if let Some(holder) = state.cleric.holder {
            let abbeys = view
                .board()
                .tiles()
                .iter()
                .filter(|t| is_abbey_tile(view, t.tile))
                .count() as i32;
            let points = 10 + 2 * abbeys;
            ctx.log_with(|| json!({ "cleric": { "holder": holder, "abbeys": abbeys, "points": points } }));
            ctx.score(holder, points, "cleric");
        }
        let held = &state.cloister_tokens.held;
        let most = held.iter().copied().max().unwrap_or(0);
        // Nobody "has collected the most" tokens when nobody has any.
        if most > 0 {
            let tied: Vec<u8> = (0..held.len() as u8).filter(|&p| held[p as usize] == most).collect();
            let winners = match state.cleric.holder {
                Some(h) if tied.len() > 1 && tied.contains(&h) => vec![h],
                _ => tied,
            };
            ctx.log_with(|| json!({ "cloister-tokens": { "most": most, "winners": winners } }));
            for p in winners {
                ctx.score(p, 10, "tokens");
            }
        }
    }
}
