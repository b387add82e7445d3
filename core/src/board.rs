//! The board: placed tiles on a growable dense grid, and the frontier of
//! empty cells next to them with the edge pattern each one demands.
//!
//! Listing legal placements dominates a random game's time in every engine
//! measured, so each frontier cell keeps what it demands (a few bits a side, updated
//! at placement) in an array beside the frontier, and each tile type has a
//! table of the rotations that meet every possible demand: a placement
//! check is one look-up, and listing is one pass over two arrays.

use crate::geometry::{Pos, Rotation, Side};
use crate::tiles::{EdgeDemand, TileType};

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    /// Index of the tile type in the game's tile table.
    pub tile: u16,
    /// How it was turned.
    pub rotation: Rotation,
    /// Where it lies.
    pub pos: Pos,
    /// Who placed it (`None` for the start tile).
    pub placer: Option<u8>,
    /// First feature node of this tile; its features follow in definition order.
    pub first_node: u32,
}

const EMPTY: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Cell {
    tile: u32,
    /// Index into the frontier (and its constraints), or `EMPTY`.
    frontier: u32,
    /// The tile here has a cloister: every placement looks for surrounded
    /// cloisters in the 3×3 block round it, and this keeps that look on the grid.
    cloister: bool,
    /// A tile with a cloister lies in the 3×3 block centred here (maybe on
    /// this cell): only a placement on such a cell can surround a cloister.
    near_cloister: bool,
}

const BLANK: Cell = Cell {
    tile: EMPTY,
    frontier: EMPTY,
    cloister: false,
    near_cloister: false,
};

/// Placed tiles and the open frontier.
#[derive(Clone, Debug)]
pub struct Board {
    origin: Pos,
    width: i32,
    height: i32,
    cells: Vec<Cell>,
    placed: Vec<PlacedTile>,
    frontier: Vec<Pos>,
    /// What each frontier cell demands of a tile's edges, at the same
    /// index: listing the placements of a tile is one pass over these two
    /// arrays with one table look-up per cell (`TileType::rotations_meeting`).
    demands: Vec<EdgeDemand>,
    /// While the game keeps an undo history: what each write to the grid
    /// replaced, so it can be taken back (`Board::rollback`).
    journal: Vec<GridChange>,
    journaling: bool,
}

/// A write to the grid, as it can be taken back.
#[derive(Clone, Debug)]
enum GridChange {
    /// The cell at this index held this.
    Cell(u32, Cell),
    /// The grid was regrown; this was the grid before.
    Regrown {
        origin: Pos,
        width: i32,
        height: i32,
        cells: Vec<Cell>,
    },
}

/// Where the board stood, for [`Board::rollback`] (with its frontier, which
/// is small and changes every placement, kept whole).
#[derive(Clone, Debug, Default)]
pub(crate) struct BoardMark {
    placed: usize,
    journal: usize,
    frontier: Vec<Pos>,
    demands: Vec<EdgeDemand>,
}

impl Default for Board {
    fn default() -> Self {
        Board::with_extent(8)
    }
}

impl Board {
    /// An empty board with room for `radius` cells each way before it grows.
    pub fn with_extent(radius: i32) -> Self {
        let side = 2 * radius + 1;
        Board {
            origin: Pos::new(-radius, -radius),
            width: side,
            height: side,
            cells: vec![BLANK; (side * side) as usize],
            placed: Vec::new(),
            frontier: Vec::new(),
            demands: Vec::new(),
            journal: Vec::new(),
            journaling: false,
        }
    }

    /// The cell at grid index `i`, to be written: noted first while journaling.
    #[inline]
    fn cell_mut(&mut self, i: usize) -> &mut Cell {
        if self.journaling {
            self.journal.push(GridChange::Cell(i as u32, self.cells[i]));
        }
        &mut self.cells[i]
    }

    /// Starts (or stops, forgetting what it noted) noting writes for rollback.
    pub(crate) fn set_journaling(&mut self, on: bool) {
        self.journaling = on;
        self.journal.clear();
    }

    /// Notes where the board stands now into `mark` (reusing its buffers).
    pub(crate) fn mark(&self, mark: &mut BoardMark) {
        mark.placed = self.placed.len();
        mark.journal = self.journal.len();
        mark.frontier.clone_from(&self.frontier);
        mark.demands.clone_from(&self.demands);
    }

    /// Takes back every change since `mark` (taken while journaling).
    pub(crate) fn rollback(&mut self, mark: &BoardMark) {
        for change in self.journal.drain(mark.journal..).rev() {
            match change {
                GridChange::Cell(i, cell) => self.cells[i as usize] = cell,
                GridChange::Regrown {
                    origin,
                    width,
                    height,
                    cells,
                } => {
                    self.origin = origin;
                    self.width = width;
                    self.height = height;
                    self.cells = cells;
                }
            }
        }
        self.placed.truncate(mark.placed);
        self.frontier.clone_from(&mark.frontier);
        self.demands.clone_from(&mark.demands);
    }

    #[inline]
    fn index(&self, p: Pos) -> Option<usize> {
        // In i64: a cell asked about may lie anywhere (a record's `at`), and
        // its distance from the origin need not fit an i32.
        let (dx, dy) = (
            i64::from(p.x) - i64::from(self.origin.x),
            i64::from(p.y) - i64::from(self.origin.y),
        );
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        (dx >= 0 && dy >= 0 && dx < w && dy < h).then(|| (dy * w + dx) as usize)
    }

    /// The tile at `p`, if any.
    #[inline]
    pub fn get(&self, p: Pos) -> Option<&PlacedTile> {
        let i = self.index(p)?;
        let t = self.cells[i].tile;
        (t != EMPTY).then(|| &self.placed[t as usize])
    }

    /// Which of the eight cells round `p` hold a tile: a bit each, from
    /// bit 0 north clockwise to bit 7 north-west ([`Board::AROUND`]).
    #[inline]
    pub fn tiles_around(&self, p: Pos) -> u8 {
        let (dx, dy) = (
            i64::from(p.x) - i64::from(self.origin.x),
            i64::from(p.y) - i64::from(self.origin.y),
        );
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        if dx >= 1 && dy >= 1 && dx < w - 1 && dy < h - 1 {
            // Inside the grid's border: the eight cells at fixed offsets.
            let i = (dy * w + dx) as usize;
            let w = w as usize;
            let offsets = [i - w, i - w + 1, i + 1, i + w + 1, i + w, i + w - 1, i - 1, i - w - 1];
            let mut around = 0;
            for (bit, j) in offsets.into_iter().enumerate() {
                if self.cells.get(j).is_some_and(|c| c.tile != EMPTY) {
                    around |= 1 << bit;
                }
            }
            return around;
        }
        let mut around = 0;
        for (bit, (dx, dy)) in Board::AROUND.into_iter().enumerate() {
            if self.is_occupied(Pos::new(p.x.wrapping_add(dx), p.y.wrapping_add(dy))) {
                around |= 1 << bit;
            }
        }
        around
    }

    /// The offsets of the cells round a cell, in the order of the bits of
    /// [`Board::tiles_around`]: north, north-east, east, south-east,
    /// south, south-west, west, north-west (y grows southwards).
    pub const AROUND: [(i32, i32); 8] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

    /// Index (in placement order) of the tile at `p`.
    #[inline]
    pub fn placed_index(&self, p: Pos) -> Option<u32> {
        let i = self.index(p)?;
        let t = self.cells[i].tile;
        (t != EMPTY).then_some(t)
    }

    /// Whether a tile lies at `p`.
    #[inline]
    pub fn is_occupied(&self, p: Pos) -> bool {
        self.placed_index(p).is_some()
    }

    /// Makes room for `tiles` more placed tiles, and for the frontier they
    /// can open (at most two cells a tile, and the four round a first
    /// one), without reallocating.
    pub fn reserve_tiles(&mut self, tiles: usize) {
        self.placed.reserve(tiles);
        let cells = 2 * tiles + 4;
        self.frontier.reserve(cells.saturating_sub(self.frontier.len()));
        self.demands.reserve(cells.saturating_sub(self.demands.len()));
    }

    /// Bytes this board holds on the heap (its buffers' capacities).
    pub fn heap_bytes(&self) -> usize {
        self.cells.capacity() * std::mem::size_of::<Cell>()
            + self.journal.capacity() * std::mem::size_of::<GridChange>()
            + self.placed.capacity() * std::mem::size_of::<PlacedTile>()
            + self.frontier.capacity() * std::mem::size_of::<Pos>()
            + self.demands.capacity() * std::mem::size_of::<EdgeDemand>()
    }

    /// All placed tiles in placement order.
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.placed
    }

    /// Empty cells next to at least one tile, in no particular order.
    pub fn frontier(&self) -> &[Pos] {
        &self.frontier
    }

    /// The demand of each cell of [`Board::frontier`], in its order.
    #[inline]
    pub(crate) fn frontier_demands(&self) -> &[EdgeDemand] {
        &self.demands
    }

    /// The demand of frontier cell `p` (empty and next to a tile); `None`
    /// for any other cell.
    #[inline]
    pub(crate) fn frontier_demand(&self, p: Pos) -> Option<EdgeDemand> {
        let c = &self.cells[self.index(p)?];
        (c.tile == EMPTY && c.frontier != EMPTY).then(|| self.demands[c.frontier as usize])
    }

    /// Whether `tile` turned by `rotation` may lie at empty cell `p` as far as
    /// edges go: it touches a tile and every touching edge matches.
    #[inline]
    pub fn fits(&self, tile: &TileType, rotation: Rotation, p: Pos) -> bool {
        let Some(i) = self.index(p) else { return false };
        let c = &self.cells[i];
        c.tile == EMPTY && c.frontier != EMPTY && meets(self.demands[c.frontier as usize], tile, rotation)
    }

    /// [`Board::fits`] for the `k`-th cell of [`Board::frontier`], without
    /// looking the cell up in the grid (`false` past the frontier's end).
    #[inline]
    pub fn fits_frontier_cell(&self, tile: &TileType, rotation: Rotation, k: usize) -> bool {
        self.demands.get(k).is_some_and(|&d| meets(d, tile, rotation))
    }

    /// Calls `f` for every frontier cell and distinct rotation where `tile` fits.
    #[inline]
    pub fn for_each_fit(&self, tile: &TileType, mut f: impl FnMut(Pos, Rotation)) {
        let distinct = tile.distinct_rotation_bits();
        for (&p, &d) in self.frontier.iter().zip(&self.demands) {
            let mut fitting = tile.rotations_meeting(d) & distinct;
            while fitting != 0 {
                f(p, Rotation::ALL[fitting.trailing_zeros() as usize]);
                fitting &= fitting - 1;
            }
        }
    }

    /// Every frontier cell and distinct rotation where `tile` fits, in the
    /// order of [`Board::for_each_fit`], as an iterator: a list built from
    /// it (`Vec::extend`) keeps its length in a register instead of
    /// reloading it through a closure at every fit.
    #[inline]
    pub fn fits_iter<'a>(&'a self, tile: &'a TileType) -> Fits<'a> {
        Fits {
            cells: self.frontier.iter().zip(&self.demands),
            tile,
            distinct: tile.distinct_rotation_bits(),
            pos: Pos::new(0, 0),
            fitting: 0,
        }
    }

    /// Calls `f` for every frontier cell where `tile` fits, with the
    /// distinct rotations that fit there as bits (bit `r` for `r` quarter
    /// turns; never 0): [`Board::for_each_fit`] grouped by cell, for work
    /// done once per cell.
    #[inline]
    pub fn for_each_fitting_cell(&self, tile: &TileType, mut f: impl FnMut(Pos, u8)) {
        let distinct = tile.distinct_rotation_bits();
        for (&p, &d) in self.frontier.iter().zip(&self.demands) {
            let fitting = tile.rotations_meeting(d) & distinct;
            if fitting != 0 {
                f(p, fitting);
            }
        }
    }

    /// Whether `p` is a frontier cell (empty and next to a tile), in O(1).
    #[inline]
    pub fn is_frontier(&self, p: Pos) -> bool {
        self.index(p).is_some_and(|i| self.cells[i].frontier != EMPTY)
    }

    /// Like [`Board::for_each_fit`], but stops at the first fit for which
    /// `f` returns true; returns whether it did.
    #[inline]
    pub fn any_fit(&self, tile: &TileType, mut f: impl FnMut(Pos, Rotation) -> bool) -> bool {
        let distinct = tile.distinct_rotation_bits();
        self.frontier.iter().zip(&self.demands).any(|(&p, &d)| {
            let mut fitting = tile.rotations_meeting(d) & distinct;
            while fitting != 0 {
                if f(p, Rotation::ALL[fitting.trailing_zeros() as usize]) {
                    return true;
                }
                fitting &= fitting - 1;
            }
            false
        })
    }

    /// Placement indices of the tiles with a cloister in the 3×3 block
    /// centred on the placed tile at `p` whose eight neighbours are all
    /// occupied, into `out` (at most nine); returns how many.
    pub fn surrounded_cloisters_around(&self, p: Pos, out: &mut [u32; 9]) -> usize {
        let Some(centre) = self.index(p) else { return 0 };
        // Most placements have no cloister within reach: skip the block.
        if self.cells[centre].tile == EMPTY || !self.cells[centre].near_cloister {
            return 0;
        }
        // A placed tile's neighbours lie on the grid (it keeps a margin), so
        // the 3×3 block round `p` and, for each occupied cell in it, that
        // cell's own ring are plain offsets into the grid.
        let w = self.width as isize;
        // In the order of `Pos::ring`, so cloisters are reported (and scored)
        // in the order they always were.
        let ring = [-w - 1, -w, -w + 1, 1, w + 1, w, w - 1, -1];
        let mut n = 0;
        for d in std::iter::once(0).chain(ring) {
            let c = centre.wrapping_add_signed(d);
            let cell = &self.cells[c];
            if cell.tile == EMPTY || !cell.cloister {
                continue;
            }
            if ring.iter().all(|&e| self.cells[c.wrapping_add_signed(e)].tile != EMPTY) {
                out[n] = cell.tile;
                n += 1;
            }
        }
        n
    }

    /// The sides (a bit per board side) on which `tile` turned by
    /// `rotation` fails to match what the empty frontier cell `p` demands
    /// (`coding` is the game's edge coding, `matches` the landscape's
    /// matching); `None` off the frontier. 0: it fits.
    pub fn mismatched_sides(
        &self,
        tile: &TileType,
        rotation: Rotation,
        p: Pos,
        coding: &crate::tiles::EdgeCoding,
        matches: impl Fn(crate::tiles::EdgeKind, crate::tiles::EdgeKind) -> bool,
    ) -> Option<u8> {
        let i = self.index(p)?;
        let c = &self.cells[i];
        if c.tile != EMPTY || c.frontier == EMPTY {
            return None;
        }
        let demand = self.demands[c.frontier as usize];
        let mut sides = 0;
        for side in Side::ALL {
            if let Some(wanted) = coding.demanded(demand, side)
                && !matches(tile.edge(rotation, side), wanted)
            {
                sides |= 1 << side as u8;
            }
        }
        Some(sides)
    }

    /// Whether `tile` fits anywhere.
    pub fn fits_anywhere(&self, tile: &TileType) -> bool {
        self.demands.iter().any(|&d| tile.rotations_meeting(d) != 0)
    }

    /// Puts a tile on the board (the caller has checked it fits) and returns
    /// its placement index.
    pub fn place(&mut self, placed: PlacedTile, tile: &TileType) -> u32 {
        self.ensure_room(placed.pos);
        let idx = self.placed.len() as u32;
        self.placed.push(placed);
        let i = self.index(placed.pos).expect("grid grown to hold the tile");
        let fi = self.cells[i].frontier;
        if fi != EMPTY {
            self.remove_frontier(fi);
        }
        let cloister = tile.has_cloister();
        let near_cloister = self.cells[i].near_cloister || cloister;
        *self.cell_mut(i) = Cell {
            tile: idx,
            frontier: EMPTY,
            cloister,
            near_cloister,
        };
        // The grid keeps a margin round every tile (`ensure_room`), so the
        // cells round it are plain offsets from its index: no position is
        // turned into an index (with its range checks) a neighbour.
        let w = self.width as usize;
        if cloister {
            for qi in [i - w - 1, i - w, i - w + 1, i + 1, i + w + 1, i + w, i + w - 1, i - 1] {
                if !self.cells[qi].near_cloister {
                    self.cell_mut(qi).near_cloister = true;
                }
            }
        }
        for (side, ni) in Side::ALL.into_iter().zip([i - w, i + 1, i + w, i - 1]) {
            let cell = self.cells[ni];
            if cell.tile != EMPTY {
                continue;
            }
            let k = if cell.frontier == EMPTY {
                let k = self.frontier.len();
                self.cell_mut(ni).frontier = k as u32;
                self.frontier.push(placed.pos.step(side));
                self.demands.push(0);
                k
            } else {
                cell.frontier as usize
            };
            // The neighbour's side facing this tile is new: nothing was demanded there.
            self.demands[k] |= tile.demand_across(placed.rotation, side);
        }
        idx
    }

    /// The placement indices of the tiles next to the placed tile at `p`,
    /// one a side in [`Side::ALL`] order (`None` where no tile lies or
    /// off the grid): four neighbours looked up from one index.
    #[inline]
    pub(crate) fn tiles_beside(&self, p: Pos) -> [Option<u32>; 4] {
        let Some(i) = self.index(p) else {
            return [None; 4];
        };
        let w = self.width as usize;
        // A placed tile has the grid's margin round it; any other cell is
        // looked up the long way.
        if self.cells[i].tile == EMPTY {
            return Side::ALL.map(|side| self.placed_index(p.step(side)));
        }
        [i - w, i + 1, i + w, i - 1].map(|n| {
            let t = self.cells[n].tile;
            (t != EMPTY).then_some(t)
        })
    }

    /// Replaces what the empty cell `p` demands on its side `side` with
    /// `demand` (a demand of the game's edge coding, `bits` a side): a
    /// feature added to the tile across that side changed its edge. No-op
    /// off the frontier.
    pub(crate) fn redemand(&mut self, p: Pos, side: Side, demand: EdgeDemand, bits: u8) {
        let Some(i) = self.index(p) else { return };
        let fi = self.cells[i].frontier;
        if self.cells[i].tile != EMPTY || fi == EMPTY {
            return;
        }
        let mask: EdgeDemand = ((1 << bits) - 1) << (bits * side as u8);
        // The frontier's demands are kept whole by a mark: no journal needed.
        let d = &mut self.demands[fi as usize];
        *d = (*d & !mask) | (demand & mask);
    }

    fn remove_frontier(&mut self, fi: u32) {
        let last = *self.frontier.last().expect("frontier entry exists");
        self.frontier.swap_remove(fi as usize);
        self.demands.swap_remove(fi as usize);
        if (fi as usize) < self.frontier.len() {
            let li = self.index(last).expect("frontier on grid");
            self.cell_mut(li).frontier = fi;
        }
    }

    /// Grows the grid so that `p` and its neighbours lie on it.
    fn ensure_room(&mut self, p: Pos) {
        // `p` and its eight neighbours lie on the grid: one range check on
        // the offset from the origin (in i64, as `index`).
        let (dx, dy) = (
            i64::from(p.x) - i64::from(self.origin.x),
            i64::from(p.y) - i64::from(self.origin.y),
        );
        if dx >= 1 && dy >= 1 && dx < i64::from(self.width) - 1 && dy < i64::from(self.height) - 1 {
            return;
        }
        let min_x = self.origin.x.min(p.x - 1);
        let min_y = self.origin.y.min(p.y - 1);
        let max_x = (self.origin.x + self.width - 1).max(p.x + 1);
        let max_y = (self.origin.y + self.height - 1).max(p.y + 1);
        // Grow by half again in each direction so growth stays amortised.
        let (mx, my) = ((max_x - min_x + 1) / 2 + 2, (max_y - min_y + 1) / 2 + 2);
        let origin = Pos::new(min_x - mx / 2, min_y - my / 2);
        let (width, height) = (max_x - min_x + 1 + mx, max_y - min_y + 1 + my);
        let mut cells = vec![BLANK; (width * height) as usize];
        // Row by row: the old grid lies whole inside the new one.
        let old_width = self.width as usize;
        for (y, row) in self.cells.chunks_exact(old_width).enumerate() {
            let (nx, ny) = (self.origin.x - origin.x, self.origin.y + y as i32 - origin.y);
            let start = (ny * width + nx) as usize;
            cells[start..start + old_width].copy_from_slice(row);
        }
        let old = std::mem::replace(&mut self.cells, cells);
        if self.journaling {
            self.journal.push(GridChange::Regrown {
                origin: self.origin,
                width: self.width,
                height: self.height,
                cells: old,
            });
        }
        self.origin = origin;
        self.width = width;
        self.height = height;
    }
}

/// The placements of a tile type on a board's frontier
/// ([`Board::fits_iter`]).
#[derive(Clone, Debug)]
pub struct Fits<'a> {
    cells: std::iter::Zip<std::slice::Iter<'a, Pos>, std::slice::Iter<'a, EdgeDemand>>,
    tile: &'a TileType,
    distinct: u8,
    /// The cell whose fitting rotations are being given.
    pos: Pos,
    /// The rotations of `pos` not given yet, a bit each.
    fitting: u8,
}

impl Iterator for Fits<'_> {
    type Item = (Pos, Rotation);

    #[inline]
    fn next(&mut self) -> Option<(Pos, Rotation)> {
        while self.fitting == 0 {
            let (&p, &d) = self.cells.next()?;
            self.pos = p;
            self.fitting = self.tile.rotations_meeting(d) & self.distinct;
        }
        let r = Rotation::ALL[(self.fitting.trailing_zeros() & 3) as usize];
        self.fitting &= self.fitting - 1;
        Some((self.pos, r))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // At most four rotations a cell.
        let here = self.fitting.count_ones() as usize;
        (here, Some(here + 4 * self.cells.len()))
    }
}

#[inline]
fn meets(demand: EdgeDemand, tile: &TileType, r: Rotation) -> bool {
    tile.rotations_meeting(demand) & (1 << r.quarter_turns()) != 0
}
