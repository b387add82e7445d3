//! The fairy: moved next to one of a player's followers instead of
//! deploying; keeps the dragon off that tile, and gives the follower's
//! owner 1 point at the start of their turn and 3 when its feature scores.
//! When the follower leaves the board the fairy stays on the tile, next
//! to nobody, until someone moves it.

use crate::{FAIRY_SCORING_POINTS, FAIRY_SOURCE, FAIRY_TURN_POINTS, State};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, PlacedFigure, Spot};
use carcassonne_core::serde_json::json;
use carcassonne_core::tiles::KindShape;
use carcassonne_core::{CoreState, Ctx, FigureClass, Line, Pos};
use serde::Serialize;

/// Where the fairy stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Fairy {
    /// Its tile.
    pub at: Pos,
    /// The follower it was put next to (it may have left the board since).
    pub with: FigureId,
}

/// The follower the fairy stands next to, while it is still there.
fn companion<'v>(state: &State, view: &'v CoreState) -> Option<&'v PlacedFigure> {
    let fairy = state.fairy?;
    view.figure(fairy.with).filter(|f| f.pos == fairy.at)
}

/// The followers of `player` the fairy may be moved next to: all of
/// theirs on the board but the one it is next to already.
pub(crate) fn options(state: &State, view: &CoreState, player: u8, mut f: impl FnMut(FigureId, Pos)) {
    let current = companion(state, view).map(|c| c.id);
    for fig in view.figures() {
        let follower = view
            .tables()
            .figures()
            .get(fig.kind as usize)
            .is_some_and(|d| d.class == FigureClass::Follower);
        if fig.owner == player && follower && Some(fig.id) != current {
            f(fig.id, fig.pos);
        }
    }
}

/// Moves the fairy next to `figure`.
pub(crate) fn move_to(state: &mut State, ctx: &mut Ctx<'_>, figure: FigureId) {
    let Some(to) = ctx.view().figure(figure).map(|f| f.pos) else {
        return;
    };
    let kind = state.kinds.fairy;
    match ctx.view().figures().iter().find(|f| f.kind == kind).map(|f| f.id) {
        Some(fairy) => ctx.move_figure(fairy, to, Spot::Tile),
        None => ctx.place_neutral(kind, to, Spot::Tile),
    }
    state.fairy = Some(Fairy { at: to, with: figure });
}

/// 1 point to the turn's player when the fairy is next to one of their
/// followers.
pub(crate) fn turn_points(state: &State, ctx: &mut Ctx<'_>) {
    let player = ctx.view().turn().player;
    if companion(state, ctx.view()).is_some_and(|c| c.owner == player) {
        ctx.score(player, FAIRY_TURN_POINTS, FAIRY_SOURCE);
        ctx.log_with(|| json!({ "fairy": FAIRY_TURN_POINTS, "player": player }));
    }
}

/// 3 points to the owner of the fairy's follower when the feature it
/// stands in is scored, whoever wins it.
pub(crate) fn scoring_points(state: &State, ctx: &mut Ctx<'_>, feature: NodeId) {
    let view = ctx.view();
    let Some(c) = companion(state, view) else { return };
    let root = view.features().root(feature);
    if c.node.is_some_and(|n| view.features().root(n) == root) {
        let owner = c.owner;
        ctx.score(owner, FAIRY_SCORING_POINTS, FAIRY_SOURCE);
        ctx.log_with(|| json!({ "fairy": FAIRY_SCORING_POINTS, "player": owner }));
    }
}

/// "follower on the road (west)": a figure in words, by where it stands
/// on its tile.
pub(crate) fn describe(view: &CoreState, figure: FigureId) -> Option<String> {
    let f = view.figure(figure)?;
    let name = view.tables().figures().get(f.kind as usize)?.name.to_lowercase();
    Some(match f.spot {
        Spot::Feature(fi) => {
            // "In" a city or a cloister (a kind shaped like them), as the
            // engine's own deployment labels say.
            let kind = view
                .tables()
                .tile(view.board().get(f.pos)?.tile)
                .feature_kind(fi as usize);
            let on = match view.tables().landscape().shape(kind) {
                KindShape::Region | KindShape::Inner => "in",
                _ => "on",
            };
            match view.feature_words(f.pos, fi as usize) {
                Some(words) => format!("{name} {on} the {words}"),
                None => name,
            }
        }
        Spot::Tile => format!("{name} on the tower"),
        Spot::Corner(_) | Spot::Recall(_) => name,
    })
}

/// "The fairy is next to Ann's follower at (1,0)".
pub(crate) fn line(state: &State, view: &CoreState) -> Line {
    match (state.fairy, companion(state, view)) {
        (None, _) => Line::new("The fairy waits beside the board"),
        (Some(_), Some(c)) => Line::about(
            c.owner,
            format!(
                "has the fairy next to their {}",
                describe(view, c.id).unwrap_or_default()
            ),
        ),
        (Some(_), None) => Line::new("The fairy stands next to nobody"),
    }
}
