//! Bridges: a road laid across a tile from the centre of one field side to
//! the centre of the opposite one, on the tile just placed or a tile
//! touching it, one a turn from the player's supply; and the placements
//! legal only because such a bridge makes a field side a road's end.
//!
//! A bridge is a feature the core adds to the tile (`Ctx::add_feature`):
//! the field under it keeps its halves and stays one field, the bridge's
//! road joins the roads at its ends, and its sides show a road's edge to
//! later placements.

use crate::{Action, State};
use carcassonne_core::tiles::{EdgeKind, FeatureKind, TileType};
use carcassonne_core::{CoreState, Ctx, Pos, Rotation, Side};
use serde::{Deserialize, Serialize};

/// Which way a bridge lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Axis {
    /// From the north side to the south side.
    #[serde(rename = "NS")]
    NorthSouth,
    /// From the west side to the east side.
    #[serde(rename = "WE")]
    WestEast,
}

impl Axis {
    /// Both ways, north–south first.
    pub const BOTH: [Axis; 2] = [Axis::NorthSouth, Axis::WestEast];

    /// The board sides it joins, a bit each (bit 0 north), as the core
    /// takes them.
    pub fn sides(self) -> u8 {
        match self {
            Axis::NorthSouth => 0b0101,
            Axis::WestEast => 0b1010,
        }
    }

    /// The axis through `side`.
    pub fn through(side: Side) -> Axis {
        match side {
            Side::N | Side::S => Axis::NorthSouth,
            Side::E | Side::W => Axis::WestEast,
        }
    }

    /// Its two sides.
    pub fn ends(self) -> [Side; 2] {
        match self {
            Axis::NorthSouth => [Side::N, Side::S],
            Axis::WestEast => [Side::W, Side::E],
        }
    }
}

/// A bridge on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bridge {
    /// The tile it crosses.
    pub pos: Pos,
    /// Which way.
    pub axis: Axis,
    /// Who placed it.
    pub owner: u8,
}

/// The board as a placement being considered would leave it, with a bridge
/// being considered on it: the edge each tile shows on each side.
struct Board<'a> {
    view: &'a CoreState,
    /// A tile not placed yet: where, its type and turn.
    considered: Option<(Pos, &'a TileType, Rotation)>,
    /// A bridge not placed yet.
    bridge: Option<(Pos, Axis)>,
}

impl Board<'_> {
    /// The edge the tile at `p` shows on `side` (a bridge's ends show a
    /// road); `None` without a tile.
    fn shown(&self, p: Pos, side: Side) -> Option<EdgeKind> {
        if let Some((q, axis)) = self.bridge
            && q == p
            && axis.sides() & (1 << side as u8) != 0
        {
            return Some(EdgeKind::ROAD);
        }
        self.unbridged(p, side)
    }

    /// The edge the tile at `p` shows on `side` without the bridge being
    /// considered.
    fn unbridged(&self, p: Pos, side: Side) -> Option<EdgeKind> {
        if let Some((q, tile, rotation)) = self.considered
            && q == p
        {
            return Some(tile.edge(rotation, side));
        }
        let t = self.view.board().get(p)?;
        Some(
            self.view
                .added_edge(p, side)
                .unwrap_or_else(|| self.view.tables().tile(t.tile).edge(t.rotation, side)),
        )
    }

    fn has_tile(&self, p: Pos) -> bool {
        self.considered.is_some_and(|(q, _, _)| q == p) || self.view.board().is_occupied(p)
    }

    /// Whether a bridge may lie across the tile at `p` that way: a tile is
    /// there with no bridge yet, both ends are fields, and each end faces
    /// an empty cell or the road it continues.
    fn bridge_allowed(&self, p: Pos, axis: Axis) -> bool {
        if !self.has_tile(p) || self.view.added_on(p).next().is_some() {
            return false;
        }
        axis.ends().into_iter().all(|side| {
            self.unbridged(p, side) == Some(EdgeKind::FIELD)
                && match self.unbridged(p.step(side), side.opposite()) {
                    None => true,
                    Some(edge) => edge == EdgeKind::ROAD,
                }
        })
    }

    /// The sides of the tile at `p` whose edges do not match their
    /// neighbours', a bit each.
    fn mismatched(&self, p: Pos) -> u8 {
        let landscape = self.view.tables().landscape();
        let mut sides = 0;
        for side in Side::ALL {
            if let (Some(mine), Some(theirs)) = (self.shown(p, side), self.shown(p.step(side), side.opposite()))
                && !landscape.matches(mine, theirs)
            {
                sides |= 1 << side as u8;
            }
        }
        sides
    }
}

/// The bridges the turn's player may place now, as actions: on the tile
/// just placed or a tile touching it, each way; only those that make every
/// mismatched edge of the tile just placed good when there is one.
pub(crate) fn options(state: &State, view: &CoreState, out: &mut Vec<Action>) {
    if view.placed_this_turn().is_none() {
        return;
    }
    let needed = needs_bridge(view);
    if has_bridge(state, view) {
        any_bridge(view, needed, |at, axis| {
            out.push(Action::Bridge { at, axis });
            false
        });
    }
    if !needed {
        out.push(Action::NoBridge);
    }
}

/// Whether the turn's player has a bridge left.
fn has_bridge(state: &State, view: &CoreState) -> bool {
    let player = view.turn().player;
    state.bridges_left.get(player as usize).copied().unwrap_or(0) > 0
}

/// Calls `f` with each bridge that may be placed now (on the tile just
/// placed or a tile touching it, each way; when `needed`, only those that
/// make every mismatched edge of the tile just placed good), in the order
/// the options list them, until `f` returns true; returns whether it did.
fn any_bridge(view: &CoreState, needed: bool, mut f: impl FnMut(Pos, Axis) -> bool) -> bool {
    let Some(placed) = view.placed_this_turn() else {
        return false;
    };
    let cells = std::iter::once(placed.pos).chain(Side::ALL.map(|s| placed.pos.step(s)));
    for at in cells {
        for axis in Axis::BOTH {
            let board = Board {
                view,
                considered: None,
                bridge: Some((at, axis)),
            };
            if board.bridge_allowed(at, axis) && (!needed || board.mismatched(placed.pos) == 0) && f(at, axis) {
                return true;
            }
        }
    }
    false
}

/// Whether the tile just placed has an edge that matches only once a
/// bridge is built.
pub(crate) fn needs_bridge(view: &CoreState) -> bool {
    view.placed_this_turn().is_some_and(|placed| {
        Board {
            view,
            considered: None,
            bridge: None,
        }
        .mismatched(placed.pos)
            != 0
    })
}

/// Whether a bridge can make good a side where the placed tile shows
/// `mine` against a neighbour's `theirs`: a field side against a road's end
/// (a bridge on the placed tile) or a road's end against a field side (a
/// bridge on the neighbour). `relaxed` accepts nothing else, since a bridge
/// turns only a field side into a road's end.
pub(crate) fn relaxes(mine: EdgeKind, theirs: EdgeKind) -> bool {
    matches!(
        (mine, theirs),
        (EdgeKind::FIELD, EdgeKind::ROAD) | (EdgeKind::ROAD, EdgeKind::FIELD)
    )
}

/// Whether the placement of `tile` at `pos` turned by `rotation`, whose
/// edges do not match on `sides`, is legal thanks to one bridge of the
/// turn's player: one on the tile, or on the neighbour across a mismatched
/// side, that leaves no edge unmatched.
pub(crate) fn relaxed(
    state: &State,
    view: &CoreState,
    tile: &TileType,
    pos: Pos,
    rotation: Rotation,
    sides: u8,
) -> bool {
    let player = view.turn().player;
    if state.bridges_left.get(player as usize).copied().unwrap_or(0) == 0 {
        return false;
    }
    // A bridge changes the two ends of one axis of one tile: on the placed
    // tile it can make good both ends of its axis, and a bridge on a
    // neighbour only the side it touches. So the mismatched sides must be
    // one side, or the two ends of one axis, and a bridge on the neighbour
    // across side `s` helps only when `s` is the only one. (Asked for tens
    // of placements a turn: most fail here, without looking round.)
    let single = sides.count_ones() == 1;
    let landscape = view.tables().landscape();
    if !single && sides != Axis::NorthSouth.sides() && sides != Axis::WestEast.sides() {
        return false;
    }
    Side::ALL
        .into_iter()
        .filter(|&s| sides & (1 << s as u8) != 0)
        .flat_map(|s| {
            let axis = Axis::through(s);
            // On the placed tile, both ends of a bridge are field sides.
            let on_tile = axis
                .ends()
                .into_iter()
                .all(|end| tile.edge(rotation, end) == EdgeKind::FIELD)
                .then_some((pos, axis));
            // A bridge on the neighbour shows a road to this tile's edge
            // on `s`, which must then match it.
            let on_neighbour =
                (single && landscape.matches(tile.edge(rotation, s), EdgeKind::ROAD)).then_some((pos.step(s), axis));
            [on_tile, on_neighbour].into_iter().flatten()
        })
        .any(|(at, axis)| {
            let board = Board {
                view,
                considered: Some((pos, tile, rotation)),
                bridge: Some((at, axis)),
            };
            // What is left to see: the candidates above change only the
            // mismatched sides, each to a road against a road (a bridge on
            // the new tile meets roads or empty cells at its ends; one on
            // the neighbour meets this tile's edge that matches a road), so
            // a bridge allowed leaves no mismatch. Debug builds recount.
            let allowed = board.bridge_allowed(at, axis);
            debug_assert!(
                !allowed || board.mismatched(pos) == 0,
                "a bridge at {at:?} {axis:?} leaves a mismatch at {pos:?}"
            );
            allowed
        })
}

/// Asks the turn's player whether to place a bridge, after the tile is
/// placed, when they have one left (or must: the placement needs one).
pub(crate) fn tile_placed(state: &mut State, ctx: &mut Ctx<'_>) {
    let view = ctx.view();
    let player = view.turn().player;
    // A tile placed by another rule than the turn's placement (none of this
    // game's) is not the turn's tile.
    if view.placed_this_turn().is_none() || state.bridged_this_turn {
        return;
    }
    if !has_bridge(state, view) {
        return;
    }
    // Only a pass: nothing to ask. The first bridge found is enough.
    let needed = needs_bridge(view);
    if any_bridge(view, needed, |_, _| true) {
        state.bridge_asked = true;
        state.bridge_needed = needed;
        ctx.ask(player);
    }
}

/// Plays the bridge decision.
pub(crate) fn play(state: &mut State, ctx: &mut Ctx<'_>, action: &Action) {
    state.bridge_asked = false;
    state.bridge_needed = false;
    let Action::Bridge { at, axis } = *action else {
        return;
    };
    let player = ctx.view().turn().player;
    if let Some(left) = state.bridges_left.get_mut(player as usize) {
        *left = left.saturating_sub(1);
    }
    state.bridges.push(Bridge {
        pos: at,
        axis,
        owner: player,
    });
    state.bridged_this_turn = true;
    ctx.add_feature(at, FeatureKind::ROAD, axis.sides(), EdgeKind::ROAD);
    ctx.log_with(|| carcassonne_core::serde_json::json!({ "bridge": { "player": player, "at": at, "axis": axis } }));
}
