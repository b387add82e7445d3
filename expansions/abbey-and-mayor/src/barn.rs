//! "Barn" — where one may stand: deployed instead of a follower on a
//! corner of the tile just placed where four tiles meet with field at that
//! corner, in one farm that holds no barn yet; and no farmer may be deployed
//! into a farm with a barn.

use crate::State;
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, Spot};
use carcassonne_core::{CoreState, Deployment, FeatureKind, FigureClass, Pos, Segment};
use serde::Serialize;

/// Id of the barn figure.
pub const BARN: &str = "barn";

/// A barn on the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Barn {
    /// The barn figure's id on the board.
    pub figure: FigureId,
    /// Its owner.
    pub owner: u8,
    /// The tile it was deployed on.
    pub at: Pos,
    /// The corner of that tile: `NW`, `NE`, `SE` or `SW`.
    pub corner: &'static str,
    /// A node of its farm (take the root for the farm as it is now).
    #[serde(skip)]
    pub(crate) farm: NodeId,
}

/// The four corners of a tile: the two board-frame segments that touch
/// each, and the offset of the corner point from the tile's own position
/// (the corner point (x, y) is the NW corner of the tile at (x, y)).
const CORNERS: [([usize; 2], (i32, i32)); 4] = [
    ([11, 0], (0, 0)), // NW: WN, NW
    ([2, 3], (1, 0)),  // NE: NE, EN
    ([5, 6], (1, 1)),  // SE: ES, SE
    ([8, 9], (0, 1)),  // SW: SW, WS
];

/// The farm node of the barn spot at corner `corner` of the tile at `pos`:
/// the four tiles round that corner point must all be there, and all eight
/// segments touching the point must be field of one farm.
pub(crate) fn barn_farm(view: &CoreState, pos: Pos, corner: u8) -> Option<NodeId> {
    let (_, (dx, dy)) = *CORNERS.get(corner as usize)?;
    let (px, py) = (pos.x + dx, pos.y + dy);
    // Each tile round the point, with the corner of its own that is the point.
    let around = [
        (Pos::new(px - 1, py - 1), 2u8),
        (Pos::new(px, py - 1), 3),
        (Pos::new(px, py), 0),
        (Pos::new(px - 1, py), 1),
    ];
    let mut farm: Option<NodeId> = None;
    let mut own: Option<NodeId> = None;
    for (p, c) in around {
        let placed = view.board().get(p)?;
        let tile = view.tables().tile(placed.tile);
        for seg in CORNERS[c as usize].0 {
            let fi = tile.feature_at(placed.rotation, Segment::from_index(seg))?;
            if tile.feature_kind(fi) != FeatureKind::FIELD {
                return None;
            }
            let node = placed.first_node + fi as NodeId;
            let root = view.features().root(node);
            if farm.is_some_and(|f| f != root) {
                return None;
            }
            farm = Some(root);
            if p == pos {
                own = Some(node);
            }
        }
    }
    own
}

pub(crate) fn is_follower(view: &CoreState, kind: u8) -> bool {
    view.tables()
        .figures()
        .get(kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
}

/// Forgets barns that are no longer on the board.
pub(crate) fn prune_barns(state: &mut State, view: &CoreState) {
    if !state.barns.is_empty() {
        state.barns.retain(|b| view.figure(b.figure).is_some());
    }
}

/// The barn standing in `node`'s farm, if any.
pub(crate) fn barn_in_farm<'s>(state: &'s State, view: &CoreState, node: NodeId) -> Option<&'s Barn> {
    let root = view.features().root(node);
    state
        .barns
        .iter()
        .find(|b| view.features().root(b.farm) == root && view.figure(b.figure).is_some())
}

pub(crate) fn farm_has_barn(state: &State, view: &CoreState, node: NodeId) -> bool {
    barn_in_farm(state, view, node).is_some()
}

/// The barn already standing in the farm of the barn spot at `corner`
/// of the tile at `pos`, if that spot is otherwise a barn spot.
pub(crate) fn barn_in_spot_farm<'s>(state: &'s State, view: &CoreState, pos: Pos, corner: u8) -> Option<&'s Barn> {
    barn_in_farm(state, view, barn_farm(view, pos, corner)?)
}

/// A barn as people read it: "Bob's barn at (1,1) NW".
fn describe(view: &CoreState, barn: &Barn) -> String {
    format!("{}'s barn at {} {}", view.player_name(barn.owner), barn.at, barn.corner)
}

/// The barn spots on the tile just placed, for a player with a barn left.
/// `shared_farms` (`barn_placement = "occupied"`) allows a farm that holds
/// a barn already.
pub(crate) fn spots(state: &State, view: &CoreState, shared_farms: bool, out: &mut Vec<Deployment>) {
    let (Some(barn), Some(placed)) = (state.barn_figure, view.placed_this_turn()) else {
        return;
    };
    if view.supply(view.turn().player, barn) == 0 {
        return;
    }
    for corner in 0..4u8 {
        // By default never into a farm that already holds a barn (the
        // official rules; JCloisterZone's default `not-occupied`).
        if barn_farm(view, placed.pos, corner).is_some_and(|farm| shared_farms || !farm_has_barn(state, view, farm)) {
            out.push(Deployment {
                figure: barn,
                pos: placed.pos,
                spot: Spot::Corner(corner),
            });
        }
    }
}

/// Whether a deployment is allowed by the barns: no farmer into a farm
/// with a barn.
pub(crate) fn allows(state: &State, view: &CoreState, d: &Deployment) -> bool {
    if state.barns.is_empty() || !is_follower(view, d.figure) {
        return true;
    }
    let Spot::Feature(fi) = d.spot else {
        return true;
    };
    match view.node_at(d.pos, fi as usize) {
        Some(node) if view.features().kind(node) == FeatureKind::FIELD => !farm_has_barn(state, view, node),
        _ => true,
    }
}

/// Why a barn or a farmer may not go where `d` says, when a barn is the
/// reason.
pub(crate) fn explain_refusal(state: &State, view: &CoreState, shared_farms: bool, d: &Deployment) -> Option<String> {
    match d.spot {
        Spot::Corner(corner) if Some(d.figure) == state.barn_figure && !shared_farms => {
            let there = barn_in_spot_farm(state, view, d.pos, corner)?;
            Some(format!(
                "that farm already holds {}; a farm holds at most one barn",
                describe(view, there)
            ))
        }
        Spot::Feature(fi) if is_follower(view, d.figure) => {
            let node = view.node_at(d.pos, fi as usize)?;
            if view.features().kind(node) != FeatureKind::FIELD {
                return None;
            }
            let there = barn_in_farm(state, view, node)?;
            Some(format!(
                "that farm holds {}; no farmer may be deployed into a farm with a barn",
                describe(view, there)
            ))
        }
        _ => None,
    }
}
