//! "The ringmaster": a follower placed like any other (never as an
//! acrobat); whenever a feature holding it is scored, during play or at the
//! end, fields included, its owner scores 2 for each tile carrying a
//! circus or an acrobat space among the ringmaster's own tile and the 8
//! round it, whoever wins the feature.

use crate::{RINGMASTER_SOURCE, State, UnderTheBigTop};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::{CoreState, Ctx, FeatureScoring, Line};

/// Points for each circus or acrobat tile round a ringmaster.
pub const PER_SPACE: i32 = 2;

/// A feature was scored: each ringmaster in it brings its owner its bonus.
pub(crate) fn bonus(rules: &UnderTheBigTop, state: &State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
    let ringmaster = state.figures.ringmaster;
    if !rules.ringmaster || ringmaster == u8::MAX {
        return;
    }
    let view = ctx.view();
    let mut bonuses: Vec<(u8, i32)> = Vec::new();
    for f in view.figures_in(scoring.feature).filter(|f| f.kind == ringmaster) {
        let spaces = std::iter::once(f.pos)
            .chain(f.pos.ring())
            .filter_map(|p| view.board().get(p))
            .filter(|t| rules.spaces_of(t.tile).any())
            .count() as i32;
        if spaces > 0 {
            bonuses.push((f.owner, spaces));
        }
    }
    for (owner, spaces) in bonuses {
        ctx.score(owner, PER_SPACE * spaces, RINGMASTER_SOURCE);
        ctx.log_with(|| json!({ "ringmaster": PER_SPACE * spaces, "player": owner, "spaces": spaces }));
    }
}

pub(crate) fn log_line(_view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
    let points = detail.get("ringmaster")?.as_i64()?;
    let player = detail.get("player").and_then(|v| v.as_u64()).unwrap_or(0) as u8;
    let n = detail.get("spaces").and_then(|v| v.as_i64()).unwrap_or(0);
    let tiles = if n == 1 { "tile" } else { "tiles" };
    Some(Line::about(
        player,
        format!("scores {points} with the ringmaster: {n} circus or acrobat {tiles} round it, 2 each"),
    ))
}
