//! Ranges: figures that score for the tiles round them rather than for a
//! feature.
//!
//! Some figures stand on the board and wait until every place of an area
//! round them holds a tile: a shape of tiles (a plus of five round a tile,
//! a cross of nine, a 4 × 4 square round a corner point), anchored at the
//! figure. A [`TileRange`] is such a shape; it counts the tiles of the
//! board in it and says whether it is full. [`anchor_of`] gives a
//! figure's anchor (its tile, or for a figure on a corner the tile whose
//! north-west corner is that point), so a range reads the same for figures
//! on tiles, on features and on corners; [`full_ranges`] lists the figures
//! of one kind whose range is full, which is what a rule that scores and
//! returns them at each turn's scoring asks; [`field_junction`] says whether
//! a corner of the tile being placed is a point where four tiles meet with
//! field at each of their corners (where such figures are often placed).
//!
//! The module decides nothing about points: the expansion scores, returns
//! and logs, through its `Ctx`.

use crate::after_placement::AfterPlacement;
use crate::board::Board;
use crate::figures::{PlacedFigure, Spot};
use crate::geometry::{Pos, Segment};
use crate::state::CoreState;
use crate::tiles::FeatureKind;

/// A shape of tiles: offsets (east, south) from an anchor tile. Build one
/// with [`TileRange::new`] or take a common shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileRange {
    cells: &'static [(i8, i8)],
}

impl TileRange {
    /// A shape of the given offsets (east, south) from the anchor; list each
    /// once.
    pub const fn new(cells: &'static [(i8, i8)]) -> TileRange {
        TileRange { cells }
    }

    /// The anchor tile and its four orthogonal neighbours: 5 tiles.
    pub const PLUS: TileRange = TileRange::new(&[(0, 0), (0, -1), (1, 0), (0, 1), (-1, 0)]);

    /// The anchor tile and two tiles each way orthogonally: 9 tiles.
    pub const CROSS: TileRange = TileRange::new(&[
        (0, 0),
        (0, -1),
        (0, -2),
        (1, 0),
        (2, 0),
        (0, 1),
        (0, 2),
        (-1, 0),
        (-2, 0),
    ]);

    /// The 4 × 4 square round a corner point, anchored at the tile whose
    /// north-west corner is the point (as [`anchor_of`] anchors a figure on
    /// a corner): two tiles each way from the point, 16 tiles.
    pub const SQUARE_AROUND_CORNER: TileRange = TileRange::new(&[
        (-2, -2),
        (-1, -2),
        (0, -2),
        (1, -2),
        (-2, -1),
        (-1, -1),
        (0, -1),
        (1, -1),
        (-2, 0),
        (-1, 0),
        (0, 0),
        (1, 0),
        (-2, 1),
        (-1, 1),
        (0, 1),
        (1, 1),
    ]);

    /// How many places the shape has.
    pub const fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the shape has no place at all.
    pub const fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The places of the shape anchored at `anchor`.
    pub fn cells(&self, anchor: Pos) -> impl Iterator<Item = Pos> + '_ {
        self.cells
            .iter()
            .map(move |&(dx, dy)| Pos::new(anchor.x.saturating_add(dx.into()), anchor.y.saturating_add(dy.into())))
    }

    /// Whether `pos` is one of the shape's places anchored at `anchor`.
    pub fn contains(&self, anchor: Pos, pos: Pos) -> bool {
        self.cells(anchor).any(|p| p == pos)
    }

    /// How many of the shape's places anchored at `anchor` hold a tile.
    pub fn tiles_in(&self, board: &Board, anchor: Pos) -> usize {
        self.cells(anchor).filter(|&p| board.get(p).is_some()).count()
    }

    /// Whether every place of the shape anchored at `anchor` holds a tile.
    pub fn is_full(&self, board: &Board, anchor: Pos) -> bool {
        self.cells(anchor).all(|p| board.get(p).is_some())
    }
}

/// The point at corner `corner` (0 north-west, clockwise, as
/// [`Spot::Corner`]) of the tile at `pos`, named by the tile whose
/// north-west corner it is.
pub fn corner_point(pos: Pos, corner: u8) -> Pos {
    let (dx, dy) = match corner % 4 {
        0 => (0, 0),
        1 => (1, 0),
        2 => (1, 1),
        _ => (0, 1),
    };
    Pos::new(pos.x.saturating_add(dx), pos.y.saturating_add(dy))
}

/// Where a figure's range is anchored: the tile it stands on, or for a
/// figure on a corner the tile whose north-west corner is that point (so a
/// figure on the south-east corner of (0,0) and one on the north-west
/// corner of (1,1) have the same range).
pub fn anchor_of(figure: &PlacedFigure) -> Pos {
    match figure.spot {
        Spot::Corner(c) => corner_point(figure.pos, c),
        _ => figure.pos,
    }
}

/// The figures of kind `kind` (an index in the game's figure table) on the
/// board whose `range`, anchored as [`anchor_of`] says, is full, in the
/// board's order of figures.
pub fn full_ranges(view: &CoreState, kind: u8, range: TileRange) -> Vec<PlacedFigure> {
    view.figures()
        .iter()
        .filter(|f| f.kind == kind && range.is_full(view.board(), anchor_of(f)))
        .copied()
        .collect()
}

/// The two board-frame segments touching each corner of a tile (as
/// [`Spot::Corner`] numbers them): north-west is the west half of the
/// north side and the north half of the west side, and so on clockwise.
const CORNER_SEGMENTS: [[usize; 2]; 4] = [[0, 11], [2, 3], [5, 6], [8, 9]];

/// Whether corner `corner` of the tile at `pos` is, once the turn's tile
/// is placed, a junction of four tiles with field at each of their corners
/// there: all four tiles round the point are on the board and each shows
/// field on both segments touching it. The fields need not be one farm.
pub fn field_junction(after: &AfterPlacement<'_>, pos: Pos, corner: u8) -> bool {
    let point = corner_point(pos, corner);
    // Each tile round the point, with its own corner that is the point.
    let around = [
        (Pos::new(point.x.saturating_sub(1), point.y.saturating_sub(1)), 2usize),
        (Pos::new(point.x, point.y.saturating_sub(1)), 3),
        (Pos::new(point.x, point.y), 0),
        (Pos::new(point.x.saturating_sub(1), point.y), 1),
    ];
    around.iter().all(|&(p, c)| {
        after.tile_at(p).is_some_and(|(tile, rotation)| {
            CORNER_SEGMENTS[c].iter().all(|&seg| {
                tile.feature_at(rotation, Segment::from_index(seg))
                    .is_some_and(|fi| tile.feature_kind(fi) == FeatureKind::FIELD)
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_have_their_sizes_and_no_place_twice() {
        for (range, len) in [
            (TileRange::PLUS, 5),
            (TileRange::CROSS, 9),
            (TileRange::SQUARE_AROUND_CORNER, 16),
        ] {
            assert_eq!(range.len(), len);
            let mut cells: Vec<Pos> = range.cells(Pos::new(3, -2)).collect();
            cells.sort();
            cells.dedup();
            assert_eq!(cells.len(), len);
        }
    }

    #[test]
    fn the_square_round_a_corner_reaches_two_tiles_each_way_from_the_point() {
        // The south-east corner of (0,0) is the north-west corner of (1,1).
        let anchor = corner_point(Pos::new(0, 0), 2);
        assert_eq!(anchor, Pos::new(1, 1));
        let square = TileRange::SQUARE_AROUND_CORNER;
        assert!(square.contains(anchor, Pos::new(-1, -1)));
        assert!(square.contains(anchor, Pos::new(2, 2)));
        assert!(!square.contains(anchor, Pos::new(3, 1)));
        assert!(!square.contains(anchor, Pos::new(-2, 0)));
        assert_eq!(corner_point(Pos::new(0, 0), 0), Pos::new(0, 0));
        assert_eq!(corner_point(Pos::new(0, 0), 1), Pos::new(1, 0));
        assert_eq!(corner_point(Pos::new(0, 0), 3), Pos::new(0, 1));
    }

    #[test]
    fn a_range_far_out_does_not_overflow() {
        let far = Pos::new(i32::MAX, i32::MIN);
        assert_eq!(TileRange::CROSS.cells(far).count(), 9);
        assert_eq!(corner_point(far, 2), Pos::new(i32::MAX, i32::MIN + 1));
    }
}
