//! "Placing followers into the city": when a player's tile makes at least
//! one opponent score while that player scores nothing, the player may, at
//! the end of the turn, put one follower from their supply into the quarter
//! of their choice, and then move the Count (`count_move`).
//!
//! What counts is the points of the features scored because of the turn's
//! tile: those its placement completed, and those an expansion's rule
//! scored during the turn (a barn's farm), each winner's points as the
//! feature gave them. Bonuses scored beside a feature (a ringmaster's, a
//! vineyard's) and points from no feature (the big top, acrobats, a
//! ransom) do not count.

use crate::city::{self, Quarter};
use crate::{Action, CountMove, CountOfCarcassonne, Stage, State, TurnScoring};
use carcassonne_core::figures::Spot;
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::{CoreState, Ctx, FeatureScoring, Line, Phase, ScoringMoment};

/// A feature was scored: note who got points from it this turn.
pub(crate) fn note_scoring(state: &mut State, view: &CoreState, scoring: &FeatureScoring) {
    if matches!(scoring.moment, ScoringMoment::Final) || matches!(view.phase(), Phase::FinalScoring | Phase::Over) {
        return;
    }
    let turn = view.turn().number;
    if state.scored.turn != turn {
        state.scored = TurnScoring {
            turn,
            ..TurnScoring::default()
        };
    }
    if scoring.points <= 0 {
        return;
    }
    let mover = view.turn().player;
    for &w in &scoring.winners {
        if w == mover {
            state.scored.mover = true;
        } else {
            state.scored.others = true;
        }
    }
}

/// After the turn's scoring: the turn's player may put a follower into the
/// city when the tile's scorings gave an opponent points and them none.
pub(crate) fn after_scoring(state: &mut State, ctx: &mut Ctx<'_>) {
    state.stage = Stage::Idle;
    let view = ctx.view();
    let scored = state.scored;
    if scored.turn != view.turn().number || !scored.others || scored.mover {
        return;
    }
    let player = view.turn().player;
    let mut options = Vec::new();
    enter_options(state, view, player, &mut options);
    if !options.is_empty() {
        state.stage = Stage::Enter;
        ctx.ask(player);
    }
}

/// Every (figure kind, quarter) the player may put into the city now: a
/// follower in supply that may stand on the quarter's kind of feature.
pub(crate) fn enter_options(state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
    for q in Quarter::ALL {
        if state.spots[q.index()].is_none() {
            continue;
        }
        for &k in &state.enterable[q.index()] {
            if view.supply(player, k) > 0 {
                out.push(Action::Enter {
                    figure: view.tables().figures()[k as usize].id.to_string(),
                    quarter: q,
                });
            }
        }
    }
}

/// The quarters the Count may move to: every other one (the market only
/// when it is in play).
pub(crate) fn count_options(state: &State, out: &mut Vec<Action>) {
    for q in Quarter::ALL {
        if q != state.count && (q != Quarter::Market || state.market) && state.spots[q.index()].is_some() {
            out.push(Action::Count(q));
        }
    }
}

pub(crate) fn play_enter(
    rules: &CountOfCarcassonne,
    state: &mut State,
    ctx: &mut Ctx<'_>,
    player: u8,
    action: &Action,
) {
    let Action::Enter { figure, quarter } = action else {
        return;
    };
    let view = ctx.view();
    let (Some(kind), Some((pos, fi))) = (view.tables().figure_index(figure), state.spots[quarter.index()]) else {
        return;
    };
    ctx.deploy_figure(player, kind, pos, Spot::Feature(fi));
    let q = *quarter;
    let figure = figure.clone();
    ctx.log_with(|| json!({ "entered": q, "player": player, "figure": figure }));
    match rules.count_move {
        CountMove::ByPlayer => {
            state.stage = Stage::Count;
            ctx.ask(player);
        }
        CountMove::Clockwise => {
            let mut next = state.count.clockwise();
            if next == Quarter::Market && !state.market {
                next = next.clockwise();
            }
            move_count(state, ctx, next);
        }
        CountMove::FollowFollower => move_count(state, ctx, q),
    }
}

pub(crate) fn play_count(state: &mut State, ctx: &mut Ctx<'_>, action: &Action) {
    state.stage = Stage::Idle;
    if let Action::Count(q) = *action {
        move_count(state, ctx, q);
    }
}

fn move_count(state: &mut State, ctx: &mut Ctx<'_>, to: Quarter) {
    if state.count != to {
        state.count = to;
        ctx.log_with(|| json!({ "count": to }));
    }
}

pub(crate) fn enter_label(state: &State, view: &CoreState, figure: &str, quarter: Quarter) -> String {
    let name = view.tables().figure_index(figure).map_or(figure.to_string(), |k| {
        view.tables().figures()[k as usize].name.to_lowercase()
    });
    let waiting = city::in_quarter(&state.spots, view, quarter).count();
    let blocked = if state.count == quarter {
        " (the Count is there: it cannot leave while he stays)"
    } else {
        ""
    };
    let into = match quarter {
        Quarter::Castle => "a city",
        Quarter::Market => "a field at the end",
        Quarter::Blacksmith => "a road",
        Quarter::Cathedral => "a cloister",
    };
    format!(
        "Put a {name} into {} of Carcassonne, to join {into} being scored later{blocked}; {waiting} waiting there",
        quarter.words()
    )
}

pub(crate) fn count_label(quarter: Quarter) -> String {
    format!(
        "Move the Count to {}: its followers cannot leave while he is there",
        quarter.words()
    )
}

pub(crate) fn log_line(_view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
    let quarter = |v: &serde_json::Value| v.as_str().and_then(Quarter::parse);
    if let Some(q) = detail.get("entered").and_then(quarter) {
        let player = detail.get("player").and_then(|v| v.as_u64()).unwrap_or(0) as u8;
        return Some(Line::about(
            player,
            format!("puts a follower into {} of Carcassonne", q.words()),
        ));
    }
    if let Some(q) = detail.get("count").and_then(quarter) {
        return Some(Line::new(format!("The Count moves to {}", q.words())));
    }
    None
}
