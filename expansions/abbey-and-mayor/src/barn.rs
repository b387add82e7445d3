//! "Barn" — where one may stand: deployed instead of a follower on a
//! corner of the tile just placed where four tiles meet with field at that
//! corner, in one farm that holds no barn yet; and no farmer may be deployed
//! into a farm with a barn.

use crate::State;
use carcassonne_core::after_placement::{Feature, WholeFeature};
use carcassonne_core::features::NodeId;
use carcassonne_core::figures::{FigureId, Spot};
use carcassonne_core::{AfterPlacement, CoreState, Deployment, FeatureKind, FigureClass, Pos, Segment};
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

/// For each corner of a tile (as in `CORNERS`), the cells round it that
/// hold the other three tiles round that corner point, as bits of
/// `tiles_around`: north 1, north-east 2, east 4, south-east 8, south 16,
/// south-west 32, west 64, north-west 128.
const SURROUNDING: [u8; 4] = [1 | 64 | 128, 1 | 2 | 4, 4 | 8 | 16, 16 | 32 | 64];

/// The field of the tile at `pos` at the barn spot on its corner
/// `corner`, on the board once this turn's tile is placed: the four tiles
/// round that corner point must all be there, and all eight segments
/// touching the point must be field of one farm.
pub(crate) fn barn_farm(after: &AfterPlacement<'_>, pos: Pos, corner: u8) -> Option<Feature> {
    let (_, (dx, dy)) = *CORNERS.get(corner as usize)?;
    let (px, py) = (pos.x + dx, pos.y + dy);
    // Each tile round the point, with the corner of its own that is the point.
    let around = [
        (Pos::new(px - 1, py - 1), 2u8),
        (Pos::new(px, py - 1), 3),
        (Pos::new(px, py), 0),
        (Pos::new(px - 1, py), 1),
    ];
    // Cheapest first: a listing of whole moves asks this of every corner
    // of every placement, and most corners lack a tile or a field.
    let mut tiles = [None; 4];
    for (slot, &(p, _)) in tiles.iter_mut().zip(&around) {
        *slot = Some(after.tile_at(p)?);
    }
    let mut fields = [None; 8];
    for ((tile, &(p, c)), pair) in tiles.into_iter().zip(&around).zip(fields.chunks_mut(2)) {
        let (tile, rotation) = tile?;
        for (slot, seg) in pair.iter_mut().zip(CORNERS[c as usize].0) {
            let index = tile.feature_at(rotation, Segment::from_index(seg))?;
            if tile.feature_kind(index) != FeatureKind::FIELD {
                return None;
            }
            *slot = Some(after.feature(p, index)?);
        }
    }
    let mut farm: Option<WholeFeature> = None;
    for field in fields.into_iter().flatten() {
        let whole = after.whole(field);
        if farm.is_some_and(|f| f != whole) {
            return None;
        }
        farm = Some(whole);
    }
    // The field of the tile at `pos` touching the point.
    let own = around.iter().position(|&(p, _)| p == pos)?;
    fields[2 * own]
}

/// The board node of the barn spot's farm at `corner` of the tile just
/// placed at `pos`, once it is placed.
pub(crate) fn barn_farm_node(view: &CoreState, pos: Pos, corner: u8) -> Option<NodeId> {
    let after = AfterPlacement::made(view)?;
    after.node_of(barn_farm(&after, pos, corner)?)
}

pub(crate) fn is_follower(view: &CoreState, kind: u8) -> bool {
    view.tables()
        .figures()
        .get(kind as usize)
        .is_some_and(|d| d.class == FigureClass::Follower)
}

/// Forgets barns that are no longer on the board (only a barn returned
/// or captured since the last pruning leaves it: `note_figure_left`).
pub(crate) fn prune_barns(state: &mut State, view: &CoreState) {
    if state.barn_left {
        state.barns.retain(|b| view.figure(b.figure).is_some());
        state.barn_left = false;
    }
}

/// Notes a figure of `kind` that left the board (returned or captured):
/// if it is a barn, the next pruning looks for the barns.
pub(crate) fn note_figure_left(state: &mut State, kind: u8) {
    if state.barn_figure == Some(kind) && !state.barns.is_empty() {
        state.barn_left = true;
    }
}

/// For `check_kept_up`: unless a barn left since the last pruning, every
/// barn remembered is on the board.
pub(crate) fn check_barns(state: &State, view: &CoreState) -> Result<(), String> {
    match state.barns.iter().find(|b| view.figure(b.figure).is_none()) {
        Some(b) if !state.barn_left => Err(format!(
            "barn {:?} at {} is remembered but not on the board, and no barn left it since the last pruning",
            b.figure, b.at
        )),
        _ => Ok(()),
    }
}

/// The barn standing in `feature`'s farm, if any, once this turn's tile
/// is placed.
pub(crate) fn barn_in_farm<'s>(state: &'s State, after: &AfterPlacement<'_>, feature: Feature) -> Option<&'s Barn> {
    if state.barns.is_empty() {
        return None;
    }
    let farm = after.whole(feature);
    state
        .barns
        .iter()
        .find(|b| after.whole(after.node(b.farm)) == farm && after.view().figure(b.figure).is_some())
}

pub(crate) fn farm_has_barn(state: &State, after: &AfterPlacement<'_>, feature: Feature) -> bool {
    barn_in_farm(state, after, feature).is_some()
}

/// The barn already standing in the farm of the barn spot at `corner`
/// of the tile at `pos`, if that spot is otherwise a barn spot.
pub(crate) fn barn_in_spot_farm<'s>(
    state: &'s State,
    after: &AfterPlacement<'_>,
    pos: Pos,
    corner: u8,
) -> Option<&'s Barn> {
    barn_in_farm(state, after, barn_farm(after, pos, corner)?)
}

/// A barn as people read it: "Bob's barn 1 tile east of the new tile
/// (north-west corner)".
fn describe(view: &CoreState, barn: &Barn) -> String {
    let corner = match barn.corner {
        "NW" => "north-west",
        "NE" => "north-east",
        "SE" => "south-east",
        _ => "south-west",
    };
    format!(
        "{}'s barn {} ({corner} corner)",
        view.player_name(barn.owner),
        view.place_words(barn.at)
    )
}

/// The barn spots on the turn's tile, for a player with a barn left.
/// `shared_farms` (`barn_placement = "occupied"`) allows a farm that holds
/// a barn already.
pub(crate) fn spots(state: &State, after: &AfterPlacement<'_>, shared_farms: bool, out: &mut Vec<Deployment>) {
    let Some(barn) = state.barn_figure else {
        return;
    };
    let view = after.view();
    if view.supply(view.turn().player, barn) == 0 {
        return;
    }
    let pos = after.placed().pos;
    // A spot needs tiles on the three other cells round its corner point;
    // most placements have none such, and this says so in a few looks.
    let around = after.tiles_around(pos);
    for corner in (0..4u8).filter(|&c| around & SURROUNDING[c as usize] == SURROUNDING[c as usize]) {
        // By default never into a farm that already holds a barn (the
        // official rules; JCloisterZone's default `not-occupied`).
        if barn_farm(after, pos, corner).is_some_and(|farm| shared_farms || !farm_has_barn(state, after, farm)) {
            out.push(Deployment {
                figure: barn,
                pos,
                spot: Spot::Corner(corner),
            });
        }
    }
}

/// Whether a deployment is allowed by the barns: no farmer into a farm
/// with a barn.
pub(crate) fn allows(state: &State, after: &AfterPlacement<'_>, d: &Deployment) -> bool {
    if state.barns.is_empty() || !is_follower(after.view(), d.figure) {
        return true;
    }
    let Spot::Feature(fi) = d.spot else {
        return true;
    };
    match after.feature(d.pos, fi as usize) {
        Some(field) if after.kind(field) == FeatureKind::FIELD => !farm_has_barn(state, after, field),
        _ => true,
    }
}

/// Why a barn or a farmer may not go where `d` says, when a barn is the
/// reason.
pub(crate) fn explain_refusal(state: &State, view: &CoreState, shared_farms: bool, d: &Deployment) -> Option<String> {
    let after = AfterPlacement::made(view)?;
    match d.spot {
        Spot::Corner(corner) if Some(d.figure) == state.barn_figure && !shared_farms => {
            let there = barn_in_spot_farm(state, &after, d.pos, corner)?;
            Some(format!(
                "that farm already holds {}; a farm holds at most one barn",
                describe(view, there)
            ))
        }
        Spot::Feature(fi) if is_follower(view, d.figure) => {
            let field = after.feature(d.pos, fi as usize)?;
            if after.kind(field) != FeatureKind::FIELD {
                return None;
            }
            let there = barn_in_farm(state, &after, field)?;
            Some(format!(
                "that farm holds {}; no farmer may be deployed into a farm with a barn",
                describe(view, there)
            ))
        }
        _ => None,
    }
}
