//! The builder: where it may stand, and the second tile it gives.

use crate::spots_beside_own_follower;
use carcassonne_core::board::PlacedTile;
use carcassonne_core::{AfterPlacement, Ctx, Deployment, FeatureKind};

/// The builder's spots on the tile just placed: a road or city segment
/// joined to a road or city where the player has a follower.
pub(crate) fn spots(builder: u8, after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
    spots_beside_own_follower(builder, &[FeatureKind::ROAD, FeatureKind::CITY], after, out);
}

/// Gives the turn's player a second turn when `placed` extends a road or
/// city holding their builder, unless this turn is already the second.
pub(crate) fn grant_second_tile(builder: u8, ctx: &mut Ctx<'_>, placed: PlacedTile) {
    let view = ctx.view();
    let turn = view.turn();
    if turn.extra {
        return;
    }
    let player = turn.player;
    // Where the player's builder stands, if it is on the board.
    let Some(home) = view
        .figures()
        .iter()
        .find(|f| f.kind == builder && f.owner == player)
        .and_then(|f| f.node)
    else {
        return;
    };
    let root = view.features().root(home);
    let tile = view.tables().tile(placed.tile);
    let extends = (0..tile.feature_kinds().len()).any(|i| {
        let node = placed.first_node + i as u32;
        view.features().root(node) == root
    });
    // The turn logs say it as the core's event ("plays another turn").
    if extends {
        ctx.take_another_turn();
    }
}
