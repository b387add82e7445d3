//! Magic portals: the tile's player may deploy a follower on any feature
//! of the board that is neither occupied nor complete, not only on the
//! new tile (whose features the engine lists itself).

use carcassonne_core::features::NodeId;
use carcassonne_core::figures::Spot;
use carcassonne_core::{AfterPlacement, Deployment, FeatureKind, FigureClass};

/// Whether the turn's player may send a follower of kind `k` through the
/// portal: a follower with one left in their supply.
fn may_send(after: &AfterPlacement<'_>, k: u8) -> bool {
    let view = after.view();
    view.tables()
        .figures()
        .get(k as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
        && view.supply(view.turn().player, k) > 0
}

/// Whether a follower may go through the portal this turn at all: not in
/// a second deployment (The Phantom's) after the first went through it
/// ("You can send one or the other through the portal, but not both").
fn portal_open(after: &AfterPlacement<'_>) -> bool {
    let view = after.view();
    let here = after.placed().pos;
    let first = view.turn().deployed.and_then(|id| view.figure(id));
    !(view.turn().deploying_more && first.is_some_and(|f| f.pos != here))
}

/// Whether the feature numbered `node` on the board takes a follower
/// through the portal: nobody on it, and not complete (a field never is).
fn open_feature(after: &AfterPlacement<'_>, node: NodeId, kind: FeatureKind) -> bool {
    let feature = after.node(node);
    !after.is_occupied(feature) && (kind == FeatureKind::FIELD || !after.is_complete(feature))
}

/// The followers' options on every other tile of the board.
pub(crate) fn options(after: &AfterPlacement<'_>, out: &mut Vec<Deployment>) {
    let view = after.view();
    let tables = view.tables();
    let followers: Vec<u8> = (0..tables.figures().len() as u8)
        .filter(|&k| may_send(after, k))
        .collect();
    if followers.is_empty() || !portal_open(after) {
        return;
    }
    let here = after.placed().pos;
    for placed in view.board().tiles() {
        if placed.pos == here {
            continue;
        }
        let tile = tables.tile(placed.tile);
        for (fi, &kind) in tile.feature_kinds().iter().enumerate() {
            // The tile's own nodes, numbered from its first (what
            // `after.feature(placed.pos, fi)` finds, without looking the
            // tile up on the board again for every feature).
            if !open_feature(after, placed.first_node + fi as NodeId, kind) {
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

/// Whether [`options`] lists `d`, answered without listing (the engine's
/// check of a deployment played through the portal listed every open
/// feature of the board to find it): the same tests, on its one feature.
pub(crate) fn offers(after: &AfterPlacement<'_>, d: &Deployment) -> bool {
    let view = after.view();
    let tables = view.tables();
    let Spot::Feature(fi) = d.spot else {
        return false;
    };
    if d.pos == after.placed().pos || !may_send(after, d.figure) || !portal_open(after) {
        return false;
    }
    let Some(placed) = view.board().get(d.pos) else {
        return false;
    };
    let Some(&kind) = tables.tile(placed.tile).feature_kinds().get(fi as usize) else {
        return false;
    };
    tables.figure_may_stand(d.figure, kind) && open_feature(after, placed.first_node + NodeId::from(fi), kind)
}
