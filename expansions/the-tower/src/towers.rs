//! Towers on the board: their heights, the follower on top, and where a
//! floor or a follower may go instead of a deployment on the new tile.

use crate::State;
use carcassonne_core::figures::{FigurePlacement, PlacedFigure, Spot};
use carcassonne_core::{CoreState, Deployment, FigureClass, Line, Pos};

/// The floors of the tower at `at`.
pub(crate) fn height(view: &CoreState, floor: u8, at: Pos) -> u8 {
    view.figures_on(at)
        .filter(|f| f.kind == floor && f.spot == Spot::Tile)
        .count() as u8
}

/// The follower standing on top of the tower at `at`, if any (it closes
/// the tower while it stands there).
pub(crate) fn guard(view: &CoreState, floor: u8, at: Pos) -> Option<&PlacedFigure> {
    view.figures_on(at)
        .find(|f| f.kind != floor && f.spot == Spot::Tile && is_follower(view, f.kind))
}

/// Whether figure kind `kind` is a follower.
pub(crate) fn is_follower(view: &CoreState, kind: u8) -> bool {
    view.tables()
        .figures()
        .get(kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
}

/// Whether a follower of kind `kind` may stand on a tower: one that may
/// stand on any feature (a follower, a big follower); not one tied to some
/// features (a mayor to cities, a wagon off fields, an abbot to cloisters:
/// the FAQ, "the deployment of these figures is limited to the features
/// described in the rules").
fn may_guard(view: &CoreState, kind: u8) -> bool {
    view.tables().figures().get(kind as usize).is_some_and(|d| {
        d.class == FigureClass::Follower
            && matches!(d.placement, FigurePlacement::OnFeatures(kinds)
                if ["road", "city", "field", "cloister"].iter().all(|k| kinds.contains(k)))
    })
}

/// The turn's alternatives to deploying on the new tile: a floor of the
/// player's on any foundation or open tower, or a follower of theirs on
/// top of any open tower (one with floors and no follower on top).
/// `new_foundation` is the considered tile's foundation, when the
/// placement is only being considered (not yet in `state`).
pub(crate) fn spots(state: &State, view: &CoreState, new_foundation: Option<Pos>, out: &mut Vec<Deployment>) {
    let player = view.turn().player;
    let has_floor = view.supply(player, state.floor) > 0;
    let guards: Vec<u8> = (0..view.tables().figures().len() as u8)
        .filter(|&k| k != state.floor && view.supply(player, k) > 0 && may_guard(view, k))
        .collect();
    for &at in state.towers.iter().chain(new_foundation.iter()) {
        if guard(view, state.floor, at).is_some() {
            continue;
        }
        if has_floor {
            out.push(Deployment {
                figure: state.floor,
                pos: at,
                spot: Spot::Tile,
            });
        }
        if height(view, state.floor, at) > 0 {
            for &kind in &guards {
                out.push(Deployment {
                    figure: kind,
                    pos: at,
                    spot: Spot::Tile,
                });
            }
        }
    }
}

/// The towers in words: how many, how high (each placed in steps from the
/// start tile), which are closed.
pub(crate) fn lines(state: &State, view: &CoreState) -> Vec<Line> {
    let mut lines = Vec::new();
    let built: Vec<String> = state
        .towers
        .iter()
        .filter_map(|&at| {
            let h = height(view, state.floor, at);
            (h > 0).then(|| match guard(view, state.floor, at) {
                Some(g) => format!(
                    "{} high {}, closed by {}",
                    h,
                    view.place_words_from_start(at),
                    view.player_name(g.owner)
                ),
                None => format!("{h} high {}", view.place_words_from_start(at)),
            })
        })
        .collect();
    let empty = state
        .towers
        .iter()
        .filter(|&&at| height(view, state.floor, at) == 0)
        .count();
    if built.is_empty() {
        lines.push(Line::new(format!("No tower built yet ({empty} foundations free)")));
    } else {
        lines.push(Line::new(format!(
            "Towers: {} ({empty} foundations free)",
            built.join("; ")
        )));
    }
    lines
}
