//! "Leaving the city": before the features a tile completed score, every
//! player in turn — from the one after the tile's player round to that
//! player, last — may send any of their followers from the matching quarter
//! (castle → city, blacksmith → road, cathedral → cloister) into them,
//! except from the Count's quarter; the moved followers count in the
//! majority and go home with the feature's. Before the final scoring,
//! players in turn from the one after the last player send followers one
//! at a time (a pass is for good) from the market onto fields
//! (`final_move = "market_only"`), or from every quarter into a feature of
//! its kind that scores at the end (`"any_quarter"`).

use crate::city::{self, Quarter};
use crate::{Action, CountOfCarcassonne, Stage, State};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, Spot};
use carcassonne_core::serde_json::{self, json};
use carcassonne_core::{CoreState, Ctx, FeatureKind, Line, Pos};

/// A feature a follower may be sent into: a tile of it and its index there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Target {
    root: NodeId,
    kind: FeatureKind,
    pos: Pos,
    fi: usize,
}

fn target_of(view: &CoreState, node: NodeId) -> Target {
    let placed = view.tile_of_node(node);
    Target {
        root: view.features().root(node),
        kind: view.features().kind(node),
        pos: placed.pos,
        fi: view.feature_index(node),
    }
}

/// The features the turn's tile completed that followers may join: cities,
/// roads and cloisters, once each.
fn completed_targets(view: &CoreState) -> Vec<Target> {
    let mut out: Vec<Target> = Vec::new();
    for &node in &view.turn().completed {
        let t = target_of(view, node);
        let wanted = [FeatureKind::CITY, FeatureKind::ROAD, FeatureKind::CLOISTER].contains(&t.kind);
        if wanted && !out.iter().any(|o| o.root == t.root) {
            out.push(t);
        }
    }
    out
}

/// Every feature on the board that scores at the end and a quarter's
/// followers may join: unfinished cities, roads and cloisters, and fields;
/// once each, named by their first tile in placing order.
fn final_targets(view: &CoreState, kinds: &[FeatureKind]) -> Vec<Target> {
    let mut out: Vec<Target> = Vec::new();
    for placed in view.board().tiles() {
        let n = view.tables().tile(placed.tile).def.features.len();
        for fi in 0..n {
            let node = placed.first_node + fi as NodeId;
            let kind = view.features().kind(node);
            if !kinds.contains(&kind) {
                continue;
            }
            let root = view.features().root(node);
            if out.iter().any(|o| o.root == root) || (kind != FeatureKind::FIELD && view.is_complete(node)) {
                continue;
            }
            out.push(Target {
                root,
                kind,
                pos: placed.pos,
                fi,
            });
        }
    }
    out
}

/// The player's figure kinds waiting in `q`, once each, with how many.
fn waiting(state: &State, view: &CoreState, player: u8, q: Quarter) -> Vec<(u8, usize)> {
    let mut kinds: Vec<(u8, usize)> = Vec::new();
    for f in city::in_quarter(&state.spots, view, q).filter(|f| f.owner == player) {
        match kinds.iter_mut().find(|(k, _)| *k == f.kind) {
            Some((_, n)) => *n += 1,
            None => kinds.push((f.kind, 1)),
        }
    }
    kinds
}

/// The options of sending one of `player`'s followers from the quarters
/// `from` (never the Count's) into `targets`.
fn leave_options(
    state: &State,
    view: &CoreState,
    player: u8,
    from: &[Quarter],
    targets: &[Target],
    out: &mut Vec<Action>,
) {
    for &q in from {
        if q == state.count {
            continue;
        }
        let kinds = waiting(state, view, player, q);
        if kinds.is_empty() {
            continue;
        }
        for t in targets.iter().filter(|t| t.kind == q.kind()) {
            for &(k, _) in &kinds {
                out.push(Action::Leave {
                    figure: view.tables().figures()[k as usize].id.to_string(),
                    from: q,
                    at: t.pos,
                    feature: view.feature_name(t.pos, t.fi),
                });
            }
        }
    }
}

/// How many of `player`'s followers could leave the quarters `from` into
/// `targets` (each counted once).
fn movable(state: &State, view: &CoreState, player: u8, from: &[Quarter], targets: &[Target]) -> usize {
    from.iter()
        .filter(|&&q| q != state.count && targets.iter().any(|t| t.kind == q.kind()))
        .map(|&q| {
            city::in_quarter(&state.spots, view, q)
                .filter(|f| f.owner == player)
                .count()
        })
        .sum()
}

/// The quarters whose followers may leave during play: the market's only
/// at the end.
const DURING_PLAY: [Quarter; 3] = [Quarter::Castle, Quarter::Blacksmith, Quarter::Cathedral];

/// Before the turn's completed features score: every player with a
/// follower that may join one is asked, in turn from the one after the
/// tile's player, who comes last.
pub(crate) fn before_scoring(state: &mut State, ctx: &mut Ctx<'_>) {
    let view = ctx.view();
    if view.turn().completed.is_empty() {
        return;
    }
    let targets = completed_targets(view);
    if targets.is_empty() {
        return;
    }
    let n = view.players() as u8;
    let mover = view.turn().player;
    let mut asked = Vec::new();
    for i in 1..=n {
        let p = (mover + i) % n;
        if movable(state, view, p, &DURING_PLAY, &targets) > 0 {
            asked.push(p);
        }
    }
    if !asked.is_empty() {
        state.stage = Stage::Leave;
        for p in asked {
            ctx.ask(p);
        }
    }
}

pub(crate) fn during_play_options(state: &State, view: &CoreState, player: u8, out: &mut Vec<Action>) {
    let targets = completed_targets(view);
    leave_options(state, view, player, &DURING_PLAY, &targets, out);
}

/// Finds the figure an option sends and the feature's index on its tile.
fn resolve(state: &State, view: &CoreState, player: u8, action: &Action) -> Option<(FigureId, Pos, usize, Quarter)> {
    let Action::Leave {
        figure,
        from,
        at,
        feature,
    } = action
    else {
        return None;
    };
    let kind = view.tables().figure_index(figure)?;
    let id = city::in_quarter(&state.spots, view, *from)
        .find(|f| f.owner == player && f.kind == kind)?
        .id;
    let fi = view.feature_by_name(*at, feature).ok()?;
    Some((id, *at, fi, *from))
}

/// Sends the follower an option names; logs it.
fn send(state: &State, ctx: &mut Ctx<'_>, player: u8, action: &Action) -> bool {
    let Some((id, at, fi, from)) = resolve(state, ctx.view(), player, action) else {
        return false;
    };
    ctx.move_figure(id, at, Spot::Feature(fi as u8));
    let view = ctx.view();
    let into = format!(
        "the {} {}",
        view.feature_words(at, fi).unwrap_or_else(|| "feature".into()),
        view.place_words_from_start(at)
    );
    ctx.log_with(|| json!({ "left": from, "player": player, "into": into }));
    true
}

pub(crate) fn play_during_play(state: &mut State, ctx: &mut Ctx<'_>, player: u8, action: &Action) {
    if !matches!(action, Action::Leave { .. }) {
        return;
    }
    // Counted before the move is applied: this one is about to leave.
    let view = ctx.view();
    let targets = completed_targets(view);
    let more = movable(state, view, player, &DURING_PLAY, &targets) > 1;
    if send(state, ctx, player, action) && more {
        ctx.ask(player);
    }
}

/// The quarters followers may leave before the final scoring, and the
/// kinds of feature they may join.
fn final_quarters(rules: &CountOfCarcassonne) -> &'static [Quarter] {
    if rules.final_any_quarter {
        &Quarter::ALL
    } else {
        &[Quarter::Market]
    }
}

fn final_kinds(rules: &CountOfCarcassonne, state: &State) -> Vec<FeatureKind> {
    final_quarters(rules)
        .iter()
        .filter(|&&q| q != Quarter::Market || state.market)
        .map(|q| q.kind())
        .collect()
}

/// The next player, from `from` on round the table, who has not passed and
/// has a follower that may leave (`moved` of `mover`'s is leaving now).
fn next_in_final_round(
    rules: &CountOfCarcassonne,
    state: &State,
    view: &CoreState,
    from: u8,
    mover: Option<u8>,
) -> Option<u8> {
    let targets = final_targets(view, &final_kinds(rules, state));
    let n = view.players() as u8;
    (0..n).map(|i| (from + i) % n).find(|&p| {
        let leaving = usize::from(mover == Some(p));
        !state.passed[p as usize] && movable(state, view, p, final_quarters(rules), &targets) > leaving
    })
}

/// The bag is empty: before the final scoring, the players in turn from the
/// one after the last player send followers out of the city.
pub(crate) fn start_final_round(rules: &CountOfCarcassonne, state: &mut State, ctx: &mut Ctx<'_>) {
    if state.stage == Stage::Final {
        return;
    }
    let view = ctx.view();
    let n = view.players() as u8;
    state.passed = vec![false; n as usize];
    let first = (view.turn().player + 1) % n;
    if let Some(p) = next_in_final_round(rules, state, view, first, None) {
        state.stage = Stage::Final;
        ctx.ask(p);
    }
}

pub(crate) fn final_options(
    rules: &CountOfCarcassonne,
    state: &State,
    view: &CoreState,
    player: u8,
    out: &mut Vec<Action>,
) {
    let targets = final_targets(view, &final_kinds(rules, state));
    leave_options(state, view, player, final_quarters(rules), &targets, out);
}

pub(crate) fn play_final(
    rules: &CountOfCarcassonne,
    state: &mut State,
    ctx: &mut Ctx<'_>,
    player: u8,
    action: &Action,
) {
    let moved = match action {
        Action::Leave { .. } => {
            let next = next_in_final_round(rules, state, ctx.view(), player + 1, Some(player));
            send(state, ctx, player, action);
            next
        }
        _ => {
            if let Some(p) = state.passed.get_mut(player as usize) {
                *p = true;
            }
            next_in_final_round(rules, state, ctx.view(), player + 1, None)
        }
    };
    match moved {
        Some(p) => ctx.ask(p),
        None => state.stage = Stage::Idle,
    }
}

pub(crate) fn label(view: &CoreState, player: u8, figure: &str, from: Quarter, at: Pos, feature: &str) -> String {
    let name = view.tables().figure_index(figure).map_or(figure.to_string(), |k| {
        view.tables().figures()[k as usize].name.to_lowercase()
    });
    let Ok(fi) = view.feature_by_name(at, feature) else {
        return format!("Send a {name} from {} into a feature", from.words());
    };
    let words = view.feature_words(at, fi).unwrap_or_else(|| "feature".into());
    let (mut mine, mut others) = (0, 0);
    if let Some(node) = view.node_at(at, fi) {
        for f in view.figures_in(node) {
            if f.owner == player {
                mine += 1;
            } else if f.owner != carcassonne_core::figures::NEUTRAL {
                others += 1;
            }
        }
    }
    let standing = match (mine, others) {
        (0, 0) => "nobody's there yet".to_string(),
        (m, o) => format!("yours there {m}, others' {o}"),
    };
    format!(
        "Send a {name} from {} into the {words} {} ({standing})",
        from.words(),
        view.place_words(at)
    )
}

pub(crate) fn log_line(_view: &CoreState, detail: &serde_json::Value) -> Option<Line> {
    let from = detail.get("left")?.as_str().and_then(Quarter::parse)?;
    let player = detail.get("player").and_then(|v| v.as_u64()).unwrap_or(0) as u8;
    let into = detail.get("into").and_then(|v| v.as_str()).unwrap_or("a feature");
    Some(Line::about(
        player,
        format!("sends a follower from {} into {into}", from.words()),
    ))
}
