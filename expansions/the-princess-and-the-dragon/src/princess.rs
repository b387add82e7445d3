//! The princess: a princess tile joined to a city with knights lets its
//! player send one of them home instead of deploying.

use carcassonne_core::features::NodeId;
use carcassonne_core::figures::FigureId;
use carcassonne_core::{CoreState, Ctx, FigureClass, Pos};

/// The princess's city (feature `feature` of the tile at `pos`), when it
/// holds a knight.
pub(crate) fn city(view: &CoreState, pos: Pos, feature: u8) -> Option<NodeId> {
    let node = view.node_at(pos, feature as usize)?;
    let mut any = false;
    knights(view, node, |_, _| any = true);
    any.then_some(node)
}

/// The knights in `city`: followers of any player, the turn's own
/// included ("remove a knight"); not a builder.
pub(crate) fn knights(view: &CoreState, city: NodeId, mut f: impl FnMut(FigureId, Pos)) {
    for fig in view.figures_in(city) {
        if view
            .tables()
            .figures()
            .get(fig.kind as usize)
            .is_some_and(|d| d.class == FigureClass::Follower)
        {
            f(fig.id, fig.pos);
        }
    }
}

/// The knight goes back to its owner's supply.
pub(crate) fn send_home(ctx: &mut Ctx<'_>, knight: FigureId) {
    ctx.return_figure(knight);
}
