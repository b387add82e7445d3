//! The fairy, moved instead of deploying. It keeps the dragon off its
//! tile, gives 1 point at the start of a turn and 3 when a feature is
//! scored, to whom depends on the edition (variant `fairy_placement`):
//!
//! - **next to a follower** (2nd edition, Hans im Glück): the points go to
//!   that one follower's owner. When the follower leaves the board the
//!   fairy stays on the tile, next to nobody, until someone moves it.
//! - **on a tile** (Rio Grande's and ZMG's 1st edition: "placed on the
//!   tile that has one of the player's followers"): every follower on the
//!   tile counts, whoever placed the fairy: the turn's player scores 1 if
//!   any of theirs is there, and each follower there in a scored feature
//!   brings its owner 3.

use crate::{FAIRY_SCORING_POINTS, FAIRY_SOURCE, FAIRY_TURN_POINTS, State};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, NEUTRAL, PlacedFigure, Spot};
use carcassonne_core::serde_json::json;
use carcassonne_core::tiles::KindShape;
use carcassonne_core::{CoreState, Ctx, FigureClass, Line, Pos};
use serde::Serialize;

/// Where the fairy stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Fairy {
    /// Its tile.
    pub at: Pos,
    /// The follower it was put next to (it may have left the board since);
    /// `None` when it stands on the tile as a whole (`fairy_placement =
    /// "on-tile"`).
    pub with: Option<FigureId>,
}

/// Whether `fig` is a player's follower.
fn is_follower(view: &CoreState, fig: &PlacedFigure) -> bool {
    view.tables()
        .figures()
        .get(fig.kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
        && fig.owner != NEUTRAL
}

/// The followers the fairy's points go to: the one it stands next to,
/// while it is still there, or every follower on its tile.
fn companions<'v>(state: &State, view: &'v CoreState) -> impl Iterator<Item = &'v PlacedFigure> {
    let fairy = state.fairy;
    view.figures().iter().filter(move |f| {
        fairy.is_some_and(|fairy| {
            f.pos == fairy.at
                && match fairy.with {
                    Some(with) => f.id == with,
                    None => is_follower(view, f),
                }
        })
    })
}

/// The followers of `player` the fairy may be moved next to: all of
/// theirs on the board but the one it is next to already.
pub(crate) fn options<'v>(state: &State, view: &'v CoreState, player: u8, mut f: impl FnMut(&'v PlacedFigure)) {
    let current = companions(state, view).next().map(|c| c.id);
    for fig in view.figures() {
        if fig.owner == player && is_follower(view, fig) && Some(fig.id) != current {
            f(fig);
        }
    }
}

/// Whether [`options`] lists anything, found without listing: the first
/// follower of `player` the fairy is not next to already.
pub(crate) fn any_option(state: &State, view: &CoreState, player: u8) -> bool {
    let current = companions(state, view).next().map(|c| c.id);
    view.figures()
        .iter()
        .any(|fig| fig.owner == player && Some(fig.id) != current && is_follower(view, fig))
}

/// Whether [`tile_options`] lists anything: a follower of `player` on
/// another tile than the fairy's.
pub(crate) fn any_tile_option(state: &State, view: &CoreState, player: u8) -> bool {
    let at = state.fairy.map(|fairy| fairy.at);
    view.figures()
        .iter()
        .any(|fig| fig.owner == player && Some(fig.pos) != at && is_follower(view, fig))
}

/// The tiles the fairy may be moved onto (`fairy_placement = "on-tile"`):
/// each tile holding a follower of `player`, but the one it stands on
/// ("If the fairy is already on a tile, it may be moved to another").
pub(crate) fn tile_options(state: &State, view: &CoreState, player: u8, mut f: impl FnMut(Pos)) {
    let mut seen: Vec<Pos> = state.fairy.map(|fairy| fairy.at).into_iter().collect();
    for fig in view.figures() {
        if fig.owner == player && is_follower(view, fig) && !seen.contains(&fig.pos) {
            seen.push(fig.pos);
            f(fig.pos);
        }
    }
}

/// Moves the fairy to `to`, next to `with` or onto the tile as a whole.
fn put(state: &mut State, ctx: &mut Ctx<'_>, to: Pos, with: Option<FigureId>) {
    let kind = state.kinds.fairy;
    match ctx.view().figures().iter().find(|f| f.kind == kind).map(|f| f.id) {
        Some(fairy) => ctx.move_figure(fairy, to, Spot::Tile),
        None => ctx.place_neutral(kind, to, Spot::Tile),
    }
    state.fairy = Some(Fairy { at: to, with });
}

/// Moves the fairy next to `figure`.
pub(crate) fn move_to(state: &mut State, ctx: &mut Ctx<'_>, figure: FigureId) {
    if let Some(to) = ctx.view().figure(figure).map(|f| f.pos) {
        put(state, ctx, to, Some(figure));
    }
}

/// Moves the fairy onto the tile at `to`.
pub(crate) fn move_onto(state: &mut State, ctx: &mut Ctx<'_>, to: Pos) {
    put(state, ctx, to, None);
}

/// 1 point to the turn's player when the fairy is next to one of their
/// followers (on its tile: when any of theirs is there; once, however many).
pub(crate) fn turn_points(state: &State, ctx: &mut Ctx<'_>) {
    let player = ctx.view().turn().player;
    if companions(state, ctx.view()).any(|c| c.owner == player) {
        ctx.score(player, FAIRY_TURN_POINTS, FAIRY_SOURCE);
        ctx.log_with(|| json!({ "fairy": FAIRY_TURN_POINTS, "player": player }));
    }
}

/// 3 points to the owner of each of the fairy's followers standing in the
/// feature being scored, whoever wins it.
pub(crate) fn scoring_points(state: &State, ctx: &mut Ctx<'_>, feature: NodeId) {
    let view = ctx.view();
    let root = view.features().root(feature);
    let owners: Vec<u8> = companions(state, view)
        .filter(|c| c.node.is_some_and(|n| view.features().root(n) == root))
        .map(|c| c.owner)
        .collect();
    for owner in owners {
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
            // The node's kind: a feature an expansion added to the tile (a
            // bridge's road) has no definition on it.
            let kind = view.features().kind(f.node?);
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

/// "Ann has the fairy next to their follower on the road (west)", or on a
/// tile: "The fairy stands on the tile of Ann's follower on the road
/// (west) and Bob's farmer on the field (north)".
pub(crate) fn line(state: &State, view: &CoreState) -> Line {
    let Some(fairy) = state.fairy else {
        return Line::new("The fairy waits beside the board");
    };
    let with: Vec<&PlacedFigure> = companions(state, view).collect();
    match (fairy.with, with.as_slice()) {
        (Some(_), []) => Line::new("The fairy stands next to nobody"),
        (None, []) => Line::new("The fairy stands on a tile with no follower"),
        (Some(_), [c, ..]) => Line::about(
            c.owner,
            format!(
                "has the fairy next to their {}",
                describe(view, c.id).unwrap_or_default()
            ),
        ),
        (None, all) => {
            let words: Vec<String> = all
                .iter()
                .map(|c| {
                    format!(
                        "{}'s {}",
                        view.player_name(c.owner),
                        describe(view, c.id).unwrap_or_default()
                    )
                })
                .collect();
            Line::new(format!("The fairy stands on the tile of {}", words.join(" and ")))
        }
    }
}
