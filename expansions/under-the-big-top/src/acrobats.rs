//! "Acrobat tiles": instead of a follower on the new tile, a player may put
//! a follower onto the acrobat space of the new tile or of one of the 8
//! round it, while that pyramid holds fewer than three; a player who
//! deploys nothing may score a full pyramid (5 points an acrobat to its
//! owner; the three go home). At the end pyramids score as
//! `acrobats_final_scoring` says.

use crate::{ACROBATS_SOURCE, Action, Space, State, UnderTheBigTop};
use carcassonne_core::figures::{PlacedFigure, Spot};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::{AfterPlacement, CoreState, Ctx, Deployment, Line};

/// Acrobats in a full pyramid (two at the base, one on top).
pub const FULL: usize = 3;

/// Points an acrobat scores.
pub const PER_ACROBAT: i32 = 5;

/// Which pyramids score at the end (`acrobats_final_scoring`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FinalPyramids {
    /// Every pyramid with an acrobat.
    Any,
    /// Full pyramids only.
    Full,
    /// None.
    None,
}

/// The acrobats on a space, in the order they came.
fn acrobats_on(view: &CoreState, space: Space) -> impl Iterator<Item = &PlacedFigure> {
    view.figures()
        .iter()
        .filter(move |f| f.pos == space.pos && f.spot == Spot::Feature(space.feature))
}

/// The acrobat spaces where the turn's player may put a follower: the new
/// tile's and those of the 8 tiles round it, each holding fewer than three.
/// Only the ordinary follower becomes an acrobat.
pub(crate) fn spots(rules: &UnderTheBigTop, state: &State, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
    let view = after.view();
    let follower = state.figures.follower;
    if !rules.acrobats || follower == u8::MAX || view.supply(view.turn().player, follower) == 0 {
        return;
    }
    let placed = *after.placed();
    if let Some(fi) = rules.spaces_of(placed.tile).acrobats {
        out.push(Deployment {
            figure: follower,
            pos: placed.pos,
            spot: Spot::Feature(fi),
        });
    }
    for pos in placed.pos.ring() {
        let Some(t) = view.board().get(pos) else { continue };
        let Some(fi) = rules.spaces_of(t.tile).acrobats else {
            continue;
        };
        if acrobats_on(view, Space { pos, feature: fi }).count() < FULL {
            out.push(Deployment {
                figure: follower,
                pos,
                spot: Spot::Feature(fi),
            });
        }
    }
}

/// Why a figure may not go onto an acrobat space, when that is where it
/// was sent.
pub(crate) fn explain_refusal(
    rules: &UnderTheBigTop,
    state: &State,
    view: &CoreState,
    d: &Deployment,
) -> Option<String> {
    let t = view.board().get(d.pos)?;
    let fi = rules.spaces_of(t.tile).acrobats?;
    if d.spot != Spot::Feature(fi) {
        return None;
    }
    Some(if !rules.acrobats {
        "the acrobats are switched off in this game".to_string()
    } else if d.figure != state.figures.follower {
        let name = view
            .tables()
            .figures()
            .get(d.figure as usize)
            .map_or("figure", |f| f.name);
        format!("only a follower becomes an acrobat, not the {}", name.to_lowercase())
    } else if acrobats_on(
        view,
        Space {
            pos: d.pos,
            feature: fi,
        },
    )
    .count()
        >= FULL
    {
        "that pyramid is full: three acrobats".to_string()
    } else {
        "an acrobat goes onto the new tile's acrobat space or onto one of the 8 tiles round it".to_string()
    })
}

/// The full pyramids on the board.
fn full_pyramids<'s>(state: &'s State, view: &'s CoreState) -> impl Iterator<Item = Space> + 's {
    state
        .spaces
        .iter()
        .copied()
        .filter(move |&s| acrobats_on(view, s).count() >= FULL)
}

/// After the deployment: the new tile's acrobat space joins the board's;
/// a player who deployed nothing may score a full pyramid.
pub(crate) fn after_deploy(
    rules: &UnderTheBigTop,
    state: &mut State,
    ctx: &mut Ctx<'_>,
    deployed: Option<&PlacedFigure>,
) {
    if !rules.acrobats {
        return;
    }
    let view = ctx.view();
    if let Some(placed) = view.placed_this_turn()
        && let Some(fi) = rules.spaces_of(placed.tile).acrobats
    {
        let space = Space {
            pos: placed.pos,
            feature: fi,
        };
        if !state.spaces.contains(&space) {
            state.spaces.push(space);
        }
    }
    if deployed.is_none() && full_pyramids(state, view).next().is_some() {
        ctx.ask(view.turn().player);
    }
}

pub(crate) fn options(state: &State, view: &CoreState, out: &mut Vec<Action>) {
    out.extend(full_pyramids(state, view).map(|s| Action::ScorePyramid(s.pos)));
    out.push(Action::Keep);
}

/// Each acrobat on `space` scores 5 for its owner (once for all of a
/// player's); with `home`, they go back to their owners' supplies.
fn score_pyramid(ctx: &mut Ctx<'_>, space: Space, home: bool, why: &'static str) {
    let view = ctx.view();
    let mut acrobats = vec![0i32; view.players()];
    let mut ids = Vec::new();
    for f in acrobats_on(view, space) {
        if let Some(n) = acrobats.get_mut(f.owner as usize) {
            *n += 1;
        }
        ids.push(f.id);
    }
    for (player, &n) in acrobats.iter().enumerate() {
        if n > 0 {
            ctx.score(player as u8, n * PER_ACROBAT, ACROBATS_SOURCE);
            ctx.log_with(|| json!({ why: n * PER_ACROBAT, "player": player, "acrobats": n }));
        }
    }
    if home {
        for id in ids {
            ctx.return_figure(id);
        }
    }
}

pub(crate) fn play(state: &mut State, ctx: &mut Ctx<'_>, action: &Action) {
    if let Action::ScorePyramid(pos) = *action
        && let Some(space) = state.spaces.iter().copied().find(|s| s.pos == pos)
    {
        score_pyramid(ctx, space, true, "pyramid");
    }
}

/// At the end, pyramids score as `acrobats_final_scoring` says; the acrobats
/// stay where they are.
pub(crate) fn final_scoring(rules: &UnderTheBigTop, state: &State, ctx: &mut Ctx<'_>) {
    let least = match rules.acrobats_final {
        FinalPyramids::None => return,
        FinalPyramids::Full => FULL,
        FinalPyramids::Any => 1,
    };
    let spaces: Vec<Space> = state
        .spaces
        .iter()
        .copied()
        .filter(|&s| acrobats_on(ctx.view(), s).count() >= least)
        .collect();
    for space in spaces {
        score_pyramid(ctx, space, false, "final_pyramid");
    }
}

pub(crate) fn option_label(state: &State, view: &CoreState, player: u8, action: &Action) -> String {
    match *action {
        Action::Keep => "Score no acrobat pyramid this turn".to_string(),
        Action::ScorePyramid(pos) => {
            let Some(space) = state.spaces.iter().copied().find(|s| s.pos == pos) else {
                return "Score an acrobat pyramid".to_string();
            };
            let (mut mine, mut others) = (0, 0);
            for f in acrobats_on(view, space) {
                if f.owner == player {
                    mine += 1;
                } else {
                    others += 1;
                }
            }
            let yours = match mine {
                0 => "none of them yours".to_string(),
                n => format!("you score {}", n * PER_ACROBAT),
            };
            let theirs = match others {
                0 => String::new(),
                n => format!(", the others {} between them", n * PER_ACROBAT),
            };
            format!(
                "Score the full acrobat pyramid {}: 5 points an acrobat ({yours}{theirs}); the three go home",
                view.place_words(pos)
            )
        }
    }
}

pub(crate) fn lines(state: &State, view: &CoreState) -> Vec<Line> {
    let mut lines = Vec::new();
    for &space in &state.spaces {
        let mut by_player = vec![0u32; view.players()];
        for f in acrobats_on(view, space) {
            if let Some(n) = by_player.get_mut(f.owner as usize) {
                *n += 1;
            }
        }
        let total: u32 = by_player.iter().sum();
        if total == 0 {
            continue;
        }
        let place = view.place_words_from_start(space.pos);
        for (p, &n) in by_player.iter().enumerate() {
            if n > 0 {
                let acrobats = if n == 1 { "acrobat" } else { "acrobats" };
                lines.push(Line::about(
                    p as u8,
                    format!("{n} {acrobats} in the pyramid {place} ({total} of 3)"),
                ));
            }
        }
    }
    lines
}

pub(crate) fn log_line(_view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
    for (key, words) in [
        ("pyramid", "for a full acrobat pyramid"),
        ("final_pyramid", "for an acrobat pyramid at the end"),
    ] {
        if let Some(points) = detail.get(key).and_then(|v| v.as_i64()) {
            let player = detail.get("player").and_then(|v| v.as_u64()).unwrap_or(0) as u8;
            let n = detail.get("acrobats").and_then(|v| v.as_i64()).unwrap_or(0);
            let acrobats = if n == 1 { "acrobat" } else { "acrobats" };
            return Some(Line::about(
                player,
                format!("scores {points} {words}: {n} {acrobats}, 5 each"),
            ));
        }
    }
    None
}
