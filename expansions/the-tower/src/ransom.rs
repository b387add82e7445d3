//! Buying a follower back: once a turn, 3 points to whoever holds it.

use crate::{Action, Asking, RANSOM, RANSOM_SOURCE, State};
use carcassonne_core::{CoreState, Ctx};

/// At the start of a player's turn (not a second turn of the same one):
/// asks whether to buy a follower back, when someone holds one of theirs
/// and they have the points.
pub(crate) fn offer(state: &mut State, ctx: &mut Ctx<'_>) {
    let view = ctx.view();
    if view.turn().extra {
        return;
    }
    let player = view.turn().player;
    let mut any = Vec::new();
    options(view, player, &mut any);
    if !any.is_empty() {
        state.asking = Some(Asking::Ransom);
        ctx.ask(player);
    }
}

/// One option per holder and kind of the player's followers held, when the
/// player has the points to pay.
pub(crate) fn options(view: &CoreState, player: u8, out: &mut Vec<Action>) {
    if view.score(player) < RANSOM {
        return;
    }
    for c in view.captives().iter().filter(|c| c.owner == player) {
        let option = Action::Ransom { by: c.by, kind: c.kind };
        if !out.contains(&option) {
            out.push(option);
        }
    }
}

/// Pays the ransom and brings the follower home.
pub(crate) fn pay(ctx: &mut Ctx<'_>, player: u8, by: u8, kind: u8) {
    ctx.score(player, -RANSOM, RANSOM_SOURCE);
    ctx.score(by, RANSOM, RANSOM_SOURCE);
    ctx.release_figure(player, kind, by);
}
