//! A new floor's capture: whom a tower may take, and what taking does
//! (prisoner, or one's own follower home; an exchange when two players
//! hold each other's).

use crate::towers::{height, is_follower};
use crate::{Asking, State};
use carcassonne_core::figures::{FigureId, NEUTRAL, PlacedFigure};
use carcassonne_core::serde_json::json;
use carcassonne_core::{CoreState, Ctx, Pos};

/// After a floor went onto the tower at `at`: asks the player whom to
/// take, when anyone is in reach.
pub(crate) fn offer(state: &mut State, ctx: &mut Ctx<'_>, at: Pos, capture_own: bool) {
    let view = ctx.view();
    let player = view.turn().player;
    let h = height(view, state.floor, at);
    let mut any = false;
    targets(view, at, h, player, capture_own, |_| any = true);
    if any {
        state.asking = Some(Asking::Capture { at, height: h });
        ctx.ask(player);
    }
}

/// Each follower a tower `height` high at `at` may take for `player`: on
/// its tile or up to `height` tiles straight north, east, south or west,
/// whoever owns it (their own only with `capture_own`), on a feature or on
/// top of another tower.
pub(crate) fn targets<'v>(
    view: &'v CoreState,
    at: Pos,
    height: u8,
    player: u8,
    capture_own: bool,
    mut f: impl FnMut(&'v PlacedFigure),
) {
    let h = i64::from(height);
    for fig in view.figures() {
        let (dx, dy) = (
            i64::from(fig.pos.x) - i64::from(at.x),
            i64::from(fig.pos.y) - i64::from(at.y),
        );
        let in_reach = (dx == 0 && dy.abs() <= h) || (dy == 0 && dx.abs() <= h);
        if in_reach && fig.owner != NEUTRAL && is_follower(view, fig.kind) && (capture_own || fig.owner != player) {
            f(fig);
        }
    }
}

/// Takes `figure`: one's own goes home, another's is held; then two
/// players holding each other's followers exchange one each.
pub(crate) fn take(ctx: &mut Ctx<'_>, player: u8, figure: FigureId) {
    let Some(f) = ctx.view().figure(figure).copied() else {
        return;
    };
    if f.owner == player {
        ctx.return_figure(figure);
        return;
    }
    // The victim holds one of the captor's: an exchange at once, the
    // figure just taken straight home and one of the captor's back to
    // supply, first-taken first (JCloisterZone lets the captor choose
    // among kinds; the rules' sentence on it was not read).
    if let Some(mine) = ctx
        .view()
        .captives()
        .iter()
        .find(|c| c.owner == player && c.by == f.owner)
        .copied()
    {
        ctx.return_figure(figure);
        ctx.release_figure(mine.owner, mine.kind, mine.by);
        ctx.log_with(|| json!({ "exchange": [player, f.owner] }));
    } else {
        ctx.capture_figure(figure, player);
    }
}
