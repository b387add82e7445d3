//! The board as it is once the turn's tile is placed, whether it has been
//! placed yet or not: what deployment hooks read.
//!
//! The deployment decision follows a placement, so an expansion that offers
//! or forbids deployments (`Expansion::deploy_options`,
//! `Expansion::deployment_allowed`) answers about the board with the tile
//! on it. A search bot lists a turn's whole moves (placement × deployment)
//! before any placement is played; playing each on a copy of the game to
//! ask the expansion cost Abbey & Mayor's barn thirty times the turn.
//! [`AfterPlacement`] answers the same questions both ways: from the board
//! after the placement was made, or from the board before it and the
//! features across the empty cell's edges, as the tile would join them.
//!
//! Its questions are those of a deployment: which tile lies where, which
//! feature lies on a segment, its kind, which whole feature it is part of,
//! and whether that feature holds a follower. Ask them here rather than of
//! [`AfterPlacement::view`], which shows the board before a placement that
//! is only being considered.

use crate::board::PlacedTile;
use crate::features::NodeId;
use crate::geometry::{Pos, Rotation, Segment, Side};
use crate::state::CoreState;
use crate::tiles::{FeatureKind, TileType};
use std::cell::OnceCell;

/// A feature on the board once the turn's tile is placed: on a tile
/// already there, or on the tile being placed. Compare whole features with
/// [`AfterPlacement::whole`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Feature(Where);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Where {
    /// A node of a tile on the board.
    Node(NodeId),
    /// Feature `index` of the tile being placed (not on the board yet).
    Placing(u8),
}

/// A whole feature once the turn's tile is placed: features the placement
/// joins are one. Equal values are the same feature; the value means
/// nothing else (in particular it is not a node to hand the view).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WholeFeature(NodeId);

/// The board once this turn's tile is placed (see the module's
/// documentation). Made by the engine for deployment hooks.
pub struct AfterPlacement<'a> {
    view: &'a CoreState,
    tile: &'a TileType,
    placed: PlacedTile,
    /// For a placement not made yet: the features across the cell's edges,
    /// looked at when first needed.
    across: Option<&'a OnceCell<CellJoins>>,
    /// For a placement not made yet, worked out when first asked: the
    /// whole feature each of the tile's features joins.
    merged: OnceCell<Merged>,
}

impl<'a> AfterPlacement<'a> {
    /// The board after the turn's tile was placed (its `placed_this_turn`).
    /// `None` when no tile was placed this turn.
    pub fn made(view: &'a CoreState) -> Option<AfterPlacement<'a>> {
        let placed = *view.placed_this_turn()?;
        Some(AfterPlacement {
            view,
            tile: view.tables().tile(placed.tile),
            placed,
            across: None,
            merged: OnceCell::new(),
        })
    }

    /// The board once `tile` is placed at the empty cell `pos`, turned by
    /// `rotation` as the board will store it (the canonical rotation),
    /// with `across` the features across that cell's edges (worked out
    /// here when first needed, and kept for the cell's other rotations).
    pub(crate) fn considered(
        view: &'a CoreState,
        tile: u16,
        pos: Pos,
        rotation: Rotation,
        across: &'a OnceCell<CellJoins>,
    ) -> AfterPlacement<'a> {
        AfterPlacement {
            view,
            tile: view.tables().tile(tile),
            placed: PlacedTile {
                tile,
                rotation,
                pos,
                placer: Some(view.turn().player),
                first_node: view.features().len() as NodeId,
            },
            across: Some(across),
            merged: OnceCell::new(),
        }
    }

    /// Asks `f` about the board once `tile` is placed at the empty cell
    /// `pos`, turned by `rotation`, before it is: for a placement veto
    /// (`Expansion::placement_allowed`, `explain_placement_refusal`) whose
    /// rule depends on what the placement would join or complete ("no
    /// placement may complete a feature on a figure's tile"). A symmetric
    /// tile is looked at turned as the board would store it. The features
    /// across the cell's edges are worked out on each call, and only when
    /// a question needs them: keep such a veto to the placements it
    /// concerns.
    pub fn considering<R>(
        view: &CoreState,
        tile: &TileType,
        pos: Pos,
        rotation: Rotation,
        f: impl FnOnce(&AfterPlacement<'_>) -> R,
    ) -> R {
        let across = OnceCell::new();
        let after = AfterPlacement::considered(view, tile.index, pos, tile.canonical(rotation), &across);
        f(&after)
    }

    /// The game's state: for a placement only being considered, as it is
    /// before the tile is placed. Read players, supplies, the turn and the
    /// tables here; ask about the board through the other methods.
    pub fn view(&self) -> &'a CoreState {
        self.view
    }

    /// Whether the placement has been made (the deployment decision is
    /// pending) rather than being considered by a listing of whole moves.
    pub fn is_made(&self) -> bool {
        self.across.is_none()
    }

    /// The turn's tile as it lies (or will lie): its type, position,
    /// rotation and placer. For a placement being considered, its
    /// `first_node` is the node its first feature will have.
    pub fn placed(&self) -> &PlacedTile {
        &self.placed
    }

    /// The type of the turn's tile.
    pub fn tile(&self) -> &'a TileType {
        self.tile
    }

    /// The tile at `pos`, with its rotation: the turn's tile there, else
    /// the board's.
    pub fn tile_at(&self, pos: Pos) -> Option<(&'a TileType, Rotation)> {
        if pos == self.placed.pos {
            return Some((self.tile, self.placed.rotation));
        }
        let t = self.view.board().get(pos)?;
        Some((self.view.tables().tile(t.tile), t.rotation))
    }

    /// Whether a tile lies at `pos` (the turn's tile, or one on the board).
    #[inline]
    pub fn has_tile(&self, pos: Pos) -> bool {
        pos == self.placed.pos || self.view.board().is_occupied(pos)
    }

    /// Which of the eight cells round `pos` hold a tile once the turn's tile
    /// is placed (see [`Board::tiles_around`](crate::board::Board::tiles_around)
    /// for the bits).
    #[inline]
    pub fn tiles_around(&self, pos: Pos) -> u8 {
        let mut around = self.view.board().tiles_around(pos);
        let (dx, dy) = (
            i64::from(self.placed.pos.x) - i64::from(pos.x),
            i64::from(self.placed.pos.y) - i64::from(pos.y),
        );
        if self.across.is_some() && dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0) {
            // The considered tile is one of them.
            let offset = (dx as i32, dy as i32);
            if let Some(bit) = crate::board::Board::AROUND.iter().position(|&o| o == offset) {
                around |= 1 << bit;
            }
        }
        around
    }

    /// The feature on board-frame segment `segment` of the tile at `pos`.
    pub fn feature_at(&self, pos: Pos, segment: Segment) -> Option<Feature> {
        if (self.across.is_none() || pos != self.placed.pos)
            && let Some(t) = self.view.board().get(pos)
        {
            // On the board: an expansion's feature may take the segment (a bridge's road).
            return self.view.node_on_segment(t, segment).map(|n| Feature(Where::Node(n)));
        }
        let (tile, rotation) = self.tile_at(pos)?;
        let index = tile.feature_at(rotation, segment)?;
        self.feature(pos, index)
    }

    /// Feature `index` (of its definition) of the tile at `pos`.
    pub fn feature(&self, pos: Pos, index: usize) -> Option<Feature> {
        if pos == self.placed.pos {
            if index >= self.tile.feature_kinds().len() {
                return None;
            }
            return Some(match self.across {
                None => Feature(Where::Node(self.placed.first_node + index as NodeId)),
                Some(_) => Feature(Where::Placing(index as u8)),
            });
        }
        self.view.node_at(pos, index).map(|n| Feature(Where::Node(n)))
    }

    /// The feature of board node `node` (a tile already on the board).
    pub fn node(&self, node: NodeId) -> Feature {
        Feature(Where::Node(node))
    }

    /// The board node of `feature`, when it lies on a tile already on the
    /// board (always, once the placement is made).
    pub fn node_of(&self, feature: Feature) -> Option<NodeId> {
        match feature.0 {
            Where::Node(n) => Some(n),
            Where::Placing(_) => None,
        }
    }

    /// The kind of `feature`.
    pub fn kind(&self, feature: Feature) -> FeatureKind {
        match feature.0 {
            Where::Node(n) => self.view.features().kind(n),
            Where::Placing(i) => self.tile.feature_kind(i as usize),
        }
    }

    /// The whole feature `feature` is part of once the tile is placed.
    pub fn whole(&self, feature: Feature) -> WholeFeature {
        let features = self.view.features();
        match (feature.0, self.across) {
            (Where::Node(n), None) => WholeFeature(features.root(n)),
            (Where::Node(n), Some(_)) => WholeFeature(self.merged().whole_of_root(features.root(n))),
            (Where::Placing(i), _) => WholeFeature(self.merged().whole_of_placing(i)),
        }
    }

    /// Whether any follower stands in the whole feature `feature` is part
    /// of once the tile is placed.
    pub fn is_occupied(&self, feature: Feature) -> bool {
        let features = self.view.features();
        match (feature.0, self.across) {
            (Where::Node(n), None) => features.followers(n) > 0,
            (Where::Node(n), Some(_)) => {
                let whole = self.merged().whole_of_root(features.root(n));
                self.merged().occupied(whole, features)
            }
            (Where::Placing(i), _) => self.merged().occupied(self.merged().whole_of_placing(i), features),
        }
    }

    /// Whether the whole feature `feature` is part of is complete once the
    /// tile is placed: no open side left (roads, cities), or all eight
    /// cells round its tile filled (cloisters, gardens).
    pub fn is_complete(&self, feature: Feature) -> bool {
        let tables = self.view.tables();
        let kind = self.kind(feature);
        if self.across.is_none() {
            return match feature.0 {
                Where::Node(n) => self.view.is_complete(n),
                Where::Placing(_) => false,
            };
        }
        if tables.completes_by_surroundings(kind) {
            let pos = match feature.0 {
                Where::Node(n) => self.view.tile_of_node(n).pos,
                Where::Placing(_) => self.placed.pos,
            };
            return self.tiles_around(pos) == u8::MAX;
        }
        tables.completes_by_sides(kind) && self.open_sides(feature) == 0
    }

    /// The open sides of the whole feature `feature` is part of once the
    /// considered tile is placed, counted as `CoreState::place_tile` does:
    /// the sides of the board's features and the tile's it takes in, less
    /// two for each join across an edge, less one for each side that runs
    /// into a wall.
    fn open_sides(&self, feature: Feature) -> u32 {
        let features = self.view.features();
        let whole = self.whole(feature);
        let merged = self.merged();
        let name = whole.0;
        let mut open: i64 = 0;
        let mut joins: i64 = 0;
        let links = merged.links();
        for (i, link) in links.iter().enumerate().filter(|(_, l)| l.2 == name) {
            joins += 1;
            if !links[..i].iter().any(|l| l.2 == name && l.1 == link.1) {
                open += i64::from(features.open_sides(link.1));
            }
            if !links[..i].iter().any(|l| l.2 == name && l.0 == link.0) {
                open += i64::from(self.tile.open_sides(link.0 as usize));
            }
        }
        if joins == 0 {
            open = match feature.0 {
                Where::Node(n) => i64::from(features.open_sides(n)),
                Where::Placing(i) => i64::from(self.tile.open_sides(i as usize)),
            };
        }
        open -= 2 * joins;
        // Two kinds meeting at a side's centre close it on both.
        for &(f, root) in merged.closings() {
            let tables = self.view.tables();
            if merged.whole_of_placing(f) == name && tables.is_sided(self.tile.feature_kind(f as usize)) {
                open -= 1;
            }
            if merged.whole_of_root(root) == name && tables.is_sided(features.kind(root)) {
                open -= 1;
            }
        }
        if self.view.tables().walls {
            open -= i64::from(self.walled_sides(whole));
        }
        u32::try_from(open).unwrap_or(0)
    }

    /// How many sides of whole feature `whole` the considered tile closes
    /// with a wall, or a neighbour's wall closes on the tile.
    fn walled_sides(&self, whole: WholeFeature) -> u32 {
        let tables = self.view.tables();
        let (pos, rotation) = (self.placed.pos, self.placed.rotation);
        let mut closed = 0;
        for side in Side::ALL {
            let Some(nb) = self.view.board().get(pos.step(side)) else {
                continue;
            };
            let nt = tables.tile(nb.tile);
            let centre = Segment::centre(side);
            let facing = if self.tile.is_wild(rotation, side) {
                self.view.node_on_segment(nb, centre.facing()).map(|n| self.node(n))
            } else if nt.is_wild(nb.rotation, side.opposite()) {
                self.tile
                    .feature_at(rotation, centre)
                    .and_then(|f| self.feature(pos, f))
            } else {
                None
            };
            if let Some(f) = facing
                && tables.is_sided(self.kind(f))
                && self.whole(f) == whole
            {
                closed += 1;
            }
        }
        closed
    }

    fn merged(&self) -> &Merged {
        self.merged.get_or_init(|| match self.across {
            Some(across) => {
                let across = across.get_or_init(|| CellJoins::of_cell(self.view, self.placed.pos));
                Merged::new(self.tile, self.placed.rotation, self.placed.first_node, across)
            }
            None => Merged::default(),
        })
    }
}

/// What the neighbours of an empty cell bring to a tile placed there, per
/// board segment: the feature across the edge (its root) and whether it
/// holds a follower. Which segments join depends on the tile and its
/// rotation (`TileType::join_segments`), as in `CoreState::place_tile`;
/// in a game whose edges match across kinds (a road against a bush), also
/// on the kinds that meet (`CellJoins::joining`).
pub(crate) struct CellJoins {
    /// Segments (bit per index) whose feature across the edge holds a follower.
    pub(crate) occupied: u16,
    /// Segments with a neighbour's feature across the edge.
    pub(crate) joined: u16,
    /// That feature's root, where `joined` has the segment.
    pub(crate) roots: [NodeId; Segment::COUNT],
    /// The game's edges match across kinds (`Tables::mixed_matching`):
    /// `kinds` then holds the kind across each segment of `joined`.
    mixed: bool,
    /// The kind of the feature across the edge, where `joined` has the
    /// segment (kept only when `mixed`).
    kinds: [FeatureKind; Segment::COUNT],
}

impl CellJoins {
    /// No neighbour's feature anywhere.
    pub(crate) const NONE: CellJoins = CellJoins {
        occupied: 0,
        joined: 0,
        roots: [0; Segment::COUNT],
        mixed: false,
        kinds: [FeatureKind::FIELD; Segment::COUNT],
    };

    /// The features an empty cell's neighbours bring to it.
    pub(crate) fn of_cell(view: &CoreState, pos: Pos) -> CellJoins {
        let tables = view.tables();
        let features = view.features();
        let mut joins = CellJoins::NONE;
        joins.mixed = tables.mixed_matching;
        for side in Side::ALL {
            let Some(nb) = view.board().get(pos.step(side)) else {
                continue;
            };
            let nt = tables.tile(nb.tile);
            // A wall ends what runs into it: nothing joins across.
            if nt.is_wild(nb.rotation, side.opposite()) {
                continue;
            }
            for seg in Segment::of_side(side) {
                // An expansion's feature may take the centre (a bridge's road).
                let Some(b) = view.node_on_segment(nb, seg.facing()) else {
                    continue;
                };
                let root = features.root(b);
                let bit = 1 << seg.index();
                joins.joined |= bit;
                joins.roots[seg.index()] = root;
                if joins.mixed {
                    joins.kinds[seg.index()] = features.kind(b);
                }
                if features.followers(root) > 0 {
                    joins.occupied |= bit;
                }
            }
        }
        joins
    }

    /// The segments across which `tt` turned by `rotation` (as the board
    /// stores it) would join a neighbour's feature: its joining segments
    /// with a feature across, less those where two kinds meet
    /// ([`CellJoins::meeting`]).
    #[inline]
    pub(crate) fn joining(&self, tt: &TileType, rotation: Rotation) -> u16 {
        let joining = self.joined & tt.join_segments(rotation);
        if !self.mixed {
            return joining;
        }
        joining & !self.meeting(tt, rotation)
    }

    /// In a game whose edges match across kinds: the segments where a
    /// feature of `tt` turned by `rotation` meets a feature of another kind
    /// across the edge (a road against a bush). Neither joins there; at a
    /// side's centre each that counts its sides loses that one, as
    /// `CoreState::place_tile` closes them. Nothing in other games.
    pub(crate) fn meeting(&self, tt: &TileType, rotation: Rotation) -> u16 {
        if !self.mixed {
            return 0;
        }
        let mut meeting = 0;
        for s in bits(self.joined & tt.join_segments(rotation)) {
            if let Some(f) = tt.feature_at(rotation, Segment::from_index(s as usize))
                && tt.feature_kind(f) != self.kinds[s as usize]
            {
                meeting |= 1 << s;
            }
        }
        meeting
    }

    /// The features (bit per index) of `tt` turned by `rotation` (as the
    /// board stores it) that would be occupied once placed here: those that
    /// join a feature holding a follower, and those that join a feature
    /// another occupied feature of the tile joins (the placement merges
    /// them all into one).
    #[inline]
    pub(crate) fn occupied_features(&self, tt: &TileType, rotation: Rotation) -> u64 {
        let joining = self.joining(tt, rotation);
        let direct = self.occupied & joining;
        if direct == 0 {
            return 0;
        }
        let feature_at = |s: u32| {
            tt.feature_at(rotation, Segment::from_index(s as usize))
                .map_or(0, |f| 1u64 << f)
        };
        let mut occupied = 0;
        for s in bits(direct) {
            occupied |= feature_at(s);
        }
        let joined = self.joined & joining;
        if joined & !direct == 0 {
            return occupied;
        }
        // Spread through neighbours' features two of the tile's features
        // join, until nothing changes.
        loop {
            let before = occupied;
            for s in bits(joined) {
                if occupied & feature_at(s) == 0 {
                    continue;
                }
                let root = self.roots[s as usize];
                for t in bits(joined) {
                    if self.roots[t as usize] == root {
                        occupied |= feature_at(t);
                    }
                }
            }
            if occupied == before {
                return occupied;
            }
        }
    }
}

/// The set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u16) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros();
            mask &= mask - 1;
            b
        })
    })
}

/// Which whole feature each of a considered tile's features, and each
/// neighbour's feature it joins, becomes. A whole feature is named by the
/// smallest root among the board's features it takes in, or, taking none,
/// by the node the tile's feature will have (above every node on the
/// board). Held in place, without allocating: a listing of whole moves
/// works it out for each placement whose deployments ask.
#[derive(Default)]
struct Merged {
    first_node: NodeId,
    /// One per joining segment: the tile's feature there, the root across
    /// the edge, and the whole feature both become.
    links: [(u8, NodeId, NodeId); Segment::COUNT],
    count: usize,
    /// Where edges match across kinds, one per side whose centre meets a
    /// feature of another kind: the tile's feature there and the root
    /// across. Each loses that side without joining.
    closings: [(u8, NodeId); 4],
    closing_count: usize,
}

impl Merged {
    fn new(tile: &TileType, rotation: Rotation, first_node: NodeId, across: &CellJoins) -> Merged {
        let mut merged = Merged {
            first_node,
            ..Merged::default()
        };
        let joined = across.joining(tile, rotation);
        for s in bits(across.meeting(tile, rotation)) {
            let segment = Segment::from_index(s as usize);
            if segment.is_centre()
                && let Some(f) = tile.feature_at(rotation, segment)
                && let Ok(f) = u8::try_from(f)
                && merged.closing_count < merged.closings.len()
            {
                merged.closings[merged.closing_count] = (f, across.roots[s as usize]);
                merged.closing_count += 1;
            }
        }
        for s in bits(joined) {
            // The direct listing takes tiles of at most 64 features.
            if let Some(f) = tile.feature_at(rotation, Segment::from_index(s as usize))
                && let Ok(f) = u8::try_from(f)
            {
                let root = across.roots[s as usize];
                merged.links[merged.count] = (f, root, root);
                merged.count += 1;
            }
        }
        // Links that share the tile's feature or the root across are one
        // whole feature: each takes the smallest name among those it is
        // connected to, until nothing changes (a few links, a few rounds).
        let links = &mut merged.links[..merged.count];
        loop {
            let mut changed = false;
            for i in 1..links.len() {
                for j in 0..i {
                    let (a, b) = (links[i], links[j]);
                    if (a.0 == b.0 || a.1 == b.1) && a.2 != b.2 {
                        let name = a.2.min(b.2);
                        links[i].2 = name;
                        links[j].2 = name;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        merged
    }

    fn links(&self) -> &[(u8, NodeId, NodeId)] {
        &self.links[..self.count]
    }

    fn closings(&self) -> &[(u8, NodeId)] {
        &self.closings[..self.closing_count]
    }

    fn whole_of_root(&self, root: NodeId) -> NodeId {
        self.links().iter().find(|l| l.1 == root).map_or(root, |l| l.2)
    }

    fn whole_of_placing(&self, index: u8) -> NodeId {
        self.links()
            .iter()
            .find(|l| l.0 == index)
            .map_or(self.first_node + NodeId::from(index), |l| l.2)
    }

    /// Whether whole feature `whole` holds a follower: one of the board's
    /// features it takes in does (the tile's own features hold none yet).
    fn occupied(&self, whole: NodeId, features: &crate::features::Features) -> bool {
        let mut taken_in = self.links().iter().filter(|l| l.2 == whole).peekable();
        if taken_in.peek().is_none() {
            // Untouched by the placement: a root of the board, or a feature
            // of the tile that joins nothing (named above every node).
            return (whole as usize) < features.len() && features.followers(whole) > 0;
        }
        taken_in.any(|l| features.followers(l.1) > 0)
    }
}
