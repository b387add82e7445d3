//! Magic portals: the tile's player may deploy a follower on any feature
//! of the board that is neither occupied nor complete, not only on the
//! new tile (whose features the engine lists itself).

use carcassonne_core::features::NodeId;
use carcassonne_core::figures::Spot;
use carcassonne_core::{AfterPlacement, Deployment, FeatureKind, FigureClass};

/// The followers' options on every other tile of the board.
pub(crate) fn options(after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
    let view = after.view();
    let player = view.turn().player;
    let tables = view.tables();
    let followers: Vec<u8> = (0..tables.figures().len() as u8)
        .filter(|&k| tables.figures()[k as usize].class == FigureClass::Follower && view.supply(player, k) > 0)
        .collect();
    if followers.is_empty() {
        return;
    }
    let here = after.placed().pos;
    // One follower a turn goes through the portal: in a second deployment
    // (The Phantom's), not when the first went through it ("You can send
    // one or the other through the portal, but not both").
    let first = view.turn().deployed.and_then(|id| view.figure(id));
    if view.turn().deploying_more && first.is_some_and(|f| f.pos != here) {
        return;
    }
    for placed in view.board().tiles() {
        if placed.pos == here {
            continue;
        }
        let tile = tables.tile(placed.tile);
        for (fi, &kind) in tile.feature_kinds().iter().enumerate() {
            // The tile's own nodes, numbered from its first (what
            // `after.feature(placed.pos, fi)` finds, without looking the
            // tile up on the board again for every feature).
            let feature = after.node(placed.first_node + fi as NodeId);
            if after.is_occupied(feature) || (kind != FeatureKind::FIELD && after.is_complete(feature)) {
                continue;
            }
            for &k in &followers {
                if tables.figure_may_stand(k, kind) {
                    out.push(Deployment {
                        figure: k,
                        pos: placed.pos,
                        spot: Spot::Feature(fi as u8),
                    });
                }
            }
        }
    }
}
