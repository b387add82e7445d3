//! "What earns eggs": every figure whose declaration is of class
//! `Follower` earns 1 egg (a big follower too, once); no `Special` figure
//! (barn, builder, pig) ever does.

use crate::State;
use carcassonne_core::{CoreState, FigureClass, Pos};

/// The owners of the egg-earning figures on the tile at `pos`: one entry per
/// figure whose declaration is of class `Follower`.
pub(crate) fn egg_earners(view: &CoreState, pos: Pos) -> impl Iterator<Item = u8> + '_ {
    let decls = view.tables().figures();
    view.figures_on(pos)
        .filter(move |f| {
            decls
                .get(f.kind as usize)
                .is_some_and(|d| d.class == FigureClass::Follower)
        })
        .map(|f| f.owner)
}

/// Adds the eggs each player `gained` (by seat) to their totals.
pub(crate) fn add_eggs(state: &mut State, gained: &[u32]) {
    for (total, g) in state.eggs.iter_mut().zip(gained) {
        *total += g;
    }
}
