//! Towers on the board: their heights, the follower on top, and where a
//! floor or a follower may go instead of a deployment on the new tile.

use crate::State;
use carcassonne_core::figures::{FigurePlacement, PlacedFigure, Spot};
use carcassonne_core::{CoreState, Deployment, FigureClass, Line, Pos};

/// A tower's floors and whether a follower stands on top of it, as the
/// figures on its tile say ([`recount`] keeps it up).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Top {
    /// Floors built.
    pub(crate) height: u8,
    /// Whether a follower stands on top (it closes the tower).
    pub(crate) guarded: bool,
}

/// Reads the floors and guard of the tower at `at` (of every tower with
/// `None`) again from the figures on the board.
pub(crate) fn recount(state: &mut State, view: &CoreState, at: Option<Pos>) {
    let floor = state.floor;
    for (i, &pos) in state.towers.iter().enumerate() {
        if at.is_none_or(|at| at == pos) {
            state.tops[i] = Top {
                height: height(view, floor, pos),
                guarded: guard(view, floor, pos).is_some(),
            };
        }
    }
}

/// Whether the kept-up tops agree with the figures on the board.
pub(crate) fn check_tops(state: &State, view: &CoreState) -> Result<(), String> {
    if state.tops.len() != state.towers.len() {
        return Err(format!(
            "{} tops kept for {} towers",
            state.tops.len(),
            state.towers.len()
        ));
    }
    for (&at, kept) in state.towers.iter().zip(&state.tops) {
        let counted = Top {
            height: height(view, state.floor, at),
            guarded: guard(view, state.floor, at).is_some(),
        };
        if *kept != counted {
            return Err(format!("the tower at {at:?}: kept {kept:?}, counted {counted:?}"));
        }
    }
    Ok(())
}

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
    // The kinds the player has in supply that may stand on top, read once
    // for all the towers (a game has two or three: the first few kept on
    // the stack, any more read again for each tower).
    let mut guards = [0u8; 4];
    let mut count = 0;
    let mut more = false;
    for_each_kind(&state.guard_kinds, |kind| {
        if view.supply(player, kind) > 0 {
            match guards.get_mut(count) {
                Some(g) => {
                    *g = kind;
                    count += 1;
                }
                None => more = true,
            }
        }
    });
    let fresh = Top::default();
    let open = state
        .towers
        .iter()
        .zip(&state.tops)
        .chain(new_foundation.as_ref().map(|at| (at, &fresh)));
    for (&at, top) in open {
        if top.guarded {
            continue;
        }
        if has_floor {
            out.push(Deployment {
                figure: state.floor,
                pos: at,
                spot: Spot::Tile,
            });
        }
        if top.height > 0 {
            let guard = |figure| Deployment {
                figure,
                pos: at,
                spot: Spot::Tile,
            };
            if more {
                for_each_kind(&state.guard_kinds, |kind| {
                    if view.supply(player, kind) > 0 {
                        out.push(guard(kind));
                    }
                });
            } else {
                out.extend(guards[..count].iter().map(|&kind| guard(kind)));
            }
        }
    }
}

/// Each kind whose bit is set in `bits` (as [`guard_kinds`] makes them),
/// in order.
fn for_each_kind(bits: &[u64; 4], mut f: impl FnMut(u8)) {
    for (word, &bits) in bits.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let kind = (word * 64) as u8 + bits.trailing_zeros() as u8;
            bits &= bits - 1;
            f(kind);
        }
    }
}

/// The figure kinds that may stand on top of a tower ([`may_guard`]), as
/// bits by kind index (a kind is a `u8`: four words hold them all).
pub(crate) fn guard_kinds(view: &CoreState, floor: u8) -> [u64; 4] {
    let mut bits = [0u64; 4];
    for k in 0..view.tables().figures().len().min(256) {
        let kind = k as u8;
        if kind != floor && may_guard(view, kind) {
            bits[k / 64] |= 1 << (k % 64);
        }
    }
    bits
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
