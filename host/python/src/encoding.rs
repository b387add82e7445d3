//! Fixed-size numeric forms of a game for learning environments: a flat
//! action index over a square board window, and an observation tensor.
//!
//! Action layout for a window of radius `R` (width `W = 2R + 1`) and `F`
//! figure kinds (see the package README for the table):
//!
//! - `[0, 4·W²)`: place the drawn tile at window cell `(x + R, y + R)`
//!   turned `r` quarters: `((y + R)·W + (x + R))·4 + r`;
//! - `4·W²`: pass (deploy nothing);
//! - then `F · SPOTS`: deploy figure kind `f` on the tile just placed at
//!   spot `s` (feature index `s < 16`, corner `16 + c`): `f·SPOTS + s`;
//! - then `OVERFLOW` slots: every other legal option (expansion decisions,
//!   placements outside the window, deployments on other tiles), in the
//!   engine's order of the legal list.

use carcassonne_core::figures::Spot;
use carcassonne_core::tiles::KindShape;
use carcassonne_core::{Action, Decision, EdgeKind, FeatureKind, Game, Pos};

/// Spots per figure kind: 16 features of a tile, then 4 corners.
pub const SPOTS: usize = 20;
/// Slots for options without a structured index.
pub const OVERFLOW: usize = 64;
/// Observation planes per window cell (see [`Layout::observation`]).
pub const PLANES: usize = 18;
/// Seats the observation has room for: every seat a game can have.
pub const MAX_SEATS: usize = carcassonne_core::MAX_PLAYERS;

/// The index layout of one game's rules and one window.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// Window radius around the start tile.
    pub radius: i32,
    /// Figure kinds of the game.
    pub figures: usize,
    /// Kinds of edge the game's tiles show beyond the base game's (a
    /// river), a bit per kind index: each gets 4 planes at the end of the
    /// observation, and 4 numbers for the drawn tile.
    pub extra_edges: u16,
    /// Kinds of feature inside a tile beyond the cloister (a garden), a bit
    /// per kind index: each gets a plane at the end of the observation.
    pub extra_inner: u16,
}

impl Layout {
    /// Cells per window side.
    pub fn width(&self) -> usize {
        (2 * self.radius + 1) as usize
    }
    /// Index of the pass action.
    pub fn pass(&self) -> usize {
        self.width() * self.width() * 4
    }
    /// First deployment index.
    pub fn deploy_base(&self) -> usize {
        self.pass() + 1
    }
    /// First overflow index.
    pub fn overflow_base(&self) -> usize {
        self.deploy_base() + self.figures * SPOTS
    }
    /// Number of distinct actions.
    pub fn size(&self) -> usize {
        self.overflow_base() + OVERFLOW
    }

    fn cell(&self, p: Pos) -> Option<usize> {
        let r = self.radius;
        (p.x.abs() <= r && p.y.abs() <= r).then(|| ((p.y + r) as usize) * self.width() + (p.x + r) as usize)
    }

    /// The structured index of `action`, if it has one.
    fn structured(&self, game: &Game, action: &Action) -> Option<usize> {
        match action {
            Action::Place { pos, rotation } => self.cell(*pos).map(|c| c * 4 + rotation.quarter_turns() as usize),
            Action::Pass => Some(self.pass()),
            Action::Deploy(d) => {
                if game.state().placed_this_turn().map(|p| p.pos) != Some(d.pos) || d.figure as usize >= self.figures {
                    return None;
                }
                let spot = match d.spot {
                    Spot::Feature(f) if (f as usize) < 16 => f as usize,
                    Spot::Corner(c) if c < 4 => 16 + c as usize,
                    _ => return None,
                };
                Some(self.deploy_base() + d.figure as usize * SPOTS + spot)
            }
            Action::Expansion { .. } => None,
        }
    }

    /// The index of each legal option (`None`: more unindexed options than
    /// overflow slots), and how many options have no index.
    pub fn indices(&self, game: &Game, options: &[Action], out: &mut Vec<Option<u32>>) -> usize {
        out.clear();
        let mut overflow = 0;
        let mut dropped = 0;
        for a in options {
            let i = self.structured(game, a).or_else(|| {
                let slot = (overflow < OVERFLOW).then(|| self.overflow_base() + overflow);
                overflow += 1;
                slot
            });
            if i.is_none() {
                dropped += 1;
            }
            out.push(i.map(|i| i as u32));
        }
        dropped
    }

    /// The layout of `game`'s rules for a window of radius `radius`.
    pub fn of(game: &Game, radius: i32) -> Layout {
        let rules = game.rules();
        let landscape = rules.landscape();
        let (mut extra_edges, mut extra_inner) = (0u16, 0u16);
        for t in rules.tiles() {
            for &e in &t.def.edges {
                if e.index() >= 4 && !landscape.is_wild(e) {
                    extra_edges |= 1 << e.index();
                }
            }
            for f in &t.def.features {
                if f.kind != FeatureKind::CLOISTER && landscape.shape(f.kind) == KindShape::Inner {
                    extra_inner |= 1 << f.kind.index();
                }
            }
        }
        Layout {
            radius,
            figures: rules.figures().len(),
            extra_edges,
            extra_inner,
        }
    }

    /// Planes at the end of the observation for the kinds an expansion
    /// declares: 4 a kind of edge, 1 a kind of feature inside a tile.
    pub fn extra_planes(&self) -> usize {
        4 * self.extra_edges.count_ones() as usize + self.extra_inner.count_ones() as usize
    }

    /// Length of the observation vector: [`PLANES`]·W² window planes,
    /// [`Layout::features`] numbers, then the planes and numbers of the
    /// kinds an expansion declares (none in the base game).
    pub fn observation_len(&self) -> usize {
        let area = self.width() * self.width();
        PLANES * area + self.features() + self.extra_planes() * area + 4 * self.extra_edges.count_ones() as usize
    }

    /// Numbers after the planes: decision kind (3), tiles left / bag,
    /// scores / 100 by seat from the observer (6), the drawn tile's edges
    /// unturned (4 sides × 4 kinds), the observer's supply per figure kind / 10.
    pub fn features(&self) -> usize {
        3 + 1 + MAX_SEATS + 16 + self.figures
    }

    /// The observation of `game` for `me`, written into `out` (resized).
    ///
    /// Planes (each W × W, row-major by y then x, cell (0,0) = start tile):
    /// 0 tile present; 1–4 city on side N, E, S, W; 5–8 road on side N, E, S,
    /// W; 9 cloister on the tile; 10–15 figures of seat `me`, `me+1` … (by
    /// offset, so the observer is always plane 10); 16 the tile placed this
    /// turn; 17 a cell where the drawn tile fits (any rotation).
    pub fn observation(&self, game: &Game, me: u8, out: &mut Vec<f32>) {
        let w = self.width();
        let area = w * w;
        out.clear();
        out.resize(self.observation_len(), 0.0);
        let s = game.state();
        let rules = game.rules();
        let seats = s.players();
        for placed in s.board().tiles() {
            let Some(c) = self.cell(placed.pos) else { continue };
            out[c] = 1.0;
            let def = &rules.tile(placed.tile).def;
            let q = placed.rotation.quarter_turns() as usize;
            for side in 0..4 {
                // The tile's own side (side − q) faces `side` once turned.
                match def.edges[(side + 4 - q) % 4] {
                    EdgeKind::CITY => out[(1 + side) * area + c] = 1.0,
                    EdgeKind::ROAD => out[(5 + side) * area + c] = 1.0,
                    _ => {}
                }
            }
            if def.features.iter().any(|f| f.kind == FeatureKind::CLOISTER) {
                out[9 * area + c] = 1.0;
            }
        }
        // Figures of nobody's (a dragon) have no plane in this layout.
        for f in s
            .figures()
            .iter()
            .filter(|f| f.owner != carcassonne_core::figures::NEUTRAL)
        {
            if let Some(c) = self.cell(f.pos) {
                let offset = (f.owner as usize + seats - me as usize) % seats.max(1);
                if offset < MAX_SEATS {
                    out[(10 + offset) * area + c] = 1.0;
                }
            }
        }
        if let Some(c) = s.placed_this_turn().and_then(|p| self.cell(p.pos)) {
            out[16 * area + c] = 1.0;
        }
        let base = PLANES * area;
        if let Some(d) = game.decision() {
            let kind = match d {
                Decision::Place { tile, .. } => {
                    game.placements(tile, |p, _| {
                        if let Some(c) = self.cell(p) {
                            out[17 * area + c] = 1.0;
                        }
                    });
                    0
                }
                Decision::Deploy { .. } => 1,
                Decision::Expansion { .. } => 2,
            };
            out[base + kind] = 1.0;
        }
        out[base + 3] = s.tiles_left() as f32 / rules.bag_size().max(1) as f32;
        for offset in 0..seats.min(MAX_SEATS) {
            let p = ((me as usize + offset) % seats) as u8;
            out[base + 4 + offset] = s.score(p) as f32 / 100.0;
        }
        if let Some(t) = s.turn().drawn {
            // The base game's four edge kinds, one-hot; an expansion's
            // kinds (a river) come at the end (`declared_kinds`).
            for (side, e) in rules.tile(t).def.edges.iter().enumerate() {
                if e.index() < 4 {
                    out[base + 4 + MAX_SEATS + side * 4 + e.index()] = 1.0;
                }
            }
        }
        for k in 0..self.figures {
            out[base + 4 + MAX_SEATS + 16 + k] = f32::from(s.supply(me, k as u8)) / 10.0;
        }
        self.declared_kinds(game, out);
    }

    /// The planes and numbers of the kinds an expansion declares, after
    /// everything else: per extra edge kind (by kind index) 4 planes, that
    /// kind on side N, E, S, W of the tile; per extra inner kind a plane,
    /// the tile has one; then per extra edge kind 4 numbers, that kind on
    /// the drawn tile's side N, E, S, W (unturned).
    fn declared_kinds(&self, game: &Game, out: &mut [f32]) {
        if self.extra_edges == 0 && self.extra_inner == 0 {
            return;
        }
        let area = self.width() * self.width();
        let start = PLANES * area + self.features();
        let edge_slot = |e: usize| (self.extra_edges & ((1u16 << e) - 1)).count_ones() as usize;
        let inner_base = start + 4 * self.extra_edges.count_ones() as usize * area;
        let inner_slot = |k: usize| (self.extra_inner & ((1u16 << k) - 1)).count_ones() as usize;
        let s = game.state();
        let rules = game.rules();
        for placed in s.board().tiles() {
            let Some(c) = self.cell(placed.pos) else { continue };
            let def = &rules.tile(placed.tile).def;
            let q = placed.rotation.quarter_turns() as usize;
            for side in 0..4 {
                let e = def.edges[(side + 4 - q) % 4].index();
                if e < 16 && self.extra_edges & (1 << e) != 0 {
                    out[start + (4 * edge_slot(e) + side) * area + c] = 1.0;
                }
            }
            for f in &def.features {
                let k = f.kind.index();
                if k < 16 && self.extra_inner & (1 << k) != 0 {
                    out[inner_base + inner_slot(k) * area + c] = 1.0;
                }
            }
        }
        if let Some(t) = s.turn().drawn {
            let numbers = start + self.extra_planes() * area;
            for (side, e) in rules.tile(t).def.edges.iter().enumerate() {
                let e = e.index();
                if e < 16 && self.extra_edges & (1 << e) != 0 {
                    out[numbers + 4 * edge_slot(e) + side] = 1.0;
                }
            }
        }
    }
}
