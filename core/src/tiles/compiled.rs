//! A tile definition prepared for play: per rotation, the packed edge pattern
//! and which feature sits on each board-frame segment, so placement checks
//! and feature joins are table look-ups.

use super::{EdgeKind, FeatureKind, TileDef};
use crate::geometry::{Rotation, Segment, Side};

/// Four edge kinds packed two bits a side (N in the low bits).
pub type EdgeMask = u8;

/// No feature on a segment (a wall edge).
pub(crate) const NO_FEATURE: u8 = u8::MAX;

/// What an empty board cell demands of a tile, in one byte: two bits a side
/// (N in the low bits), 0 for no demand (no neighbour, or a wall there),
/// else 1 + the `EdgeKind` the neighbour shows (field, road or city).
pub type EdgeDemand = u8;

/// The demand of one side: `kind` on board side `side` (a wall demands nothing).
#[inline]
pub fn side_demand(kind: EdgeKind, side: Side) -> EdgeDemand {
    if kind == EdgeKind::Wall {
        0
    } else {
        (kind as u8 + 1) << (2 * side as u8)
    }
}

/// A tile type ready for the board.
#[derive(Clone, Debug)]
pub struct TileType {
    /// Index in the game's tile table.
    pub index: u16,
    /// Id of the set it came from.
    pub set: String,
    /// The definition as read.
    pub def: TileDef,
    edges: [EdgeMask; 4],
    walls: [EdgeMask; 4],
    seg_feature: [[u8; 12]; 4],
    canonical: [Rotation; 4],
    /// For every edge demand, the rotations (bit r = `r` quarter turns)
    /// that meet it: a placement check is one look-up.
    fits: [u8; 256],
    /// The rotations that are their own canonical rotation (bit per rotation).
    distinct: u8,
    /// Per rotation, the board segments (bit per segment index) where a
    /// feature of this tile joins the neighbour's feature across the edge:
    /// a feature is there, the side is no wall, and it is a field or the
    /// side's centre (roads and cities join once per side).
    join_segments: [u16; 4],
    open_sides: Vec<u8>,
    /// Each feature's kind, packed: placing a tile and listing deployments
    /// read them every turn, and `def.features` spreads them out.
    kinds: Vec<FeatureKind>,
    /// Each feature's pennants, packed likewise.
    pennants: Vec<u8>,
    /// Whether a feature is a cloister: asked for the nine tiles round every
    /// placement, so worked out once here rather than by walking features.
    cloister: bool,
}

impl TileType {
    /// Prepares `def` (from set `set`) as tile number `index`.
    pub fn new(index: u16, set: &str, def: TileDef) -> TileType {
        let mut edges = [0; 4];
        let mut walls = [0; 4];
        let mut seg_feature = [[NO_FEATURE; 12]; 4];
        for r in Rotation::ALL {
            let q = r.quarter_turns() as usize;
            for side in Side::ALL {
                let kind = def.edges[side as usize];
                let board_side = side.rotated(r) as usize;
                edges[q] |= (kind as u8) << (2 * board_side);
                if kind == EdgeKind::Wall {
                    walls[q] |= 0b11 << (2 * board_side);
                }
            }
            for (fi, f) in def.features.iter().enumerate() {
                for s in f.segments.iter() {
                    seg_feature[q][s.rotated(r).index()] = fi as u8;
                }
            }
        }
        let open_sides = def
            .features
            .iter()
            .map(|f| f.segments.iter().filter(|s| s.is_centre()).count() as u8)
            .collect();
        let mut canonical = Rotation::ALL;
        for r in Rotation::ALL {
            if let Some(first) = Rotation::ALL
                .into_iter()
                .take(r.quarter_turns() as usize)
                .find(|&e| same_layout(&def, &seg_feature, e, r))
            {
                canonical[r.quarter_turns() as usize] = first;
            }
        }
        let cloister = def.features.iter().any(|f| f.kind == FeatureKind::Cloister);
        let kinds = def.features.iter().map(|f| f.kind).collect();
        let mut fits = [0u8; 256];
        for (demand, bits) in fits.iter_mut().enumerate() {
            for (q, &mask) in edges.iter().enumerate() {
                let meets = Side::ALL.into_iter().all(|side| {
                    let wanted = (demand >> (2 * side as u8)) & 0b11;
                    let mine = (mask >> (2 * side as u8)) & 0b11;
                    wanted == 0 || mine == EdgeKind::Wall as u8 || usize::from(mine) + 1 == wanted
                });
                *bits |= u8::from(meets) << q;
            }
        }
        let distinct = Rotation::ALL
            .into_iter()
            .filter(|&r| canonical[r.quarter_turns() as usize] == r)
            .fold(0, |bits, r| bits | 1 << r.quarter_turns());
        let pennants = def.features.iter().map(|f| f.pennants).collect();
        let mut join_segments = [0u16; 4];
        for (q, joins) in join_segments.iter_mut().enumerate() {
            for (i, &f) in seg_feature[q].iter().enumerate() {
                let seg = Segment::from_index(i);
                let wall = (walls[q] >> (2 * seg.side() as u8)) & 0b11 != 0;
                if f != NO_FEATURE && !wall && (seg.is_centre() || def.features[f as usize].kind == FeatureKind::Field)
                {
                    *joins |= 1 << i;
                }
            }
        }
        TileType {
            join_segments,
            fits,
            distinct,
            kinds,
            pennants,
            index,
            set: set.to_string(),
            def,
            edges,
            walls,
            seg_feature,
            canonical,
            open_sides,
            cloister,
        }
    }

    /// The tile's id.
    pub fn id(&self) -> &str {
        &self.def.id
    }

    /// The packed edge kinds in board frame after `rotation`.
    #[inline]
    pub fn edge_mask(&self, rotation: Rotation) -> EdgeMask {
        self.edges[rotation.quarter_turns() as usize]
    }

    /// Sides (packed like [`EdgeMask`]) that are walls after `rotation`.
    #[inline]
    pub fn wall_mask(&self, rotation: Rotation) -> EdgeMask {
        self.walls[rotation.quarter_turns() as usize]
    }

    /// The edge kind on board side `side` after `rotation`.
    pub fn edge(&self, rotation: Rotation, side: Side) -> EdgeKind {
        let code = (self.edge_mask(rotation) >> (2 * side as u8)) & 0b11;
        [EdgeKind::Field, EdgeKind::Road, EdgeKind::City, EdgeKind::Wall][code as usize]
    }

    /// The feature index on board-frame segment `segment` after `rotation`.
    #[inline]
    pub fn feature_at(&self, rotation: Rotation, segment: Segment) -> Option<usize> {
        let f = self.seg_feature[rotation.quarter_turns() as usize][segment.index()];
        (f != NO_FEATURE).then_some(f as usize)
    }

    /// The rotations that give different tiles on the board (a symmetric tile
    /// has fewer than four).
    pub fn distinct_rotations(&self) -> impl Iterator<Item = Rotation> + '_ {
        Rotation::ALL
            .into_iter()
            .filter(|r| self.canonical[r.quarter_turns() as usize] == *r)
    }

    /// The first rotation that looks the same on the board as `rotation`.
    pub fn canonical(&self, rotation: Rotation) -> Rotation {
        self.canonical[rotation.quarter_turns() as usize]
    }

    /// Number of sides on which a road or city feature leaves the tile.
    pub(crate) fn open_sides(&self, feature: usize) -> u8 {
        self.open_sides[feature]
    }

    /// The rotations (bit `r` for `r` quarter turns) that meet `demand`.
    #[inline]
    pub fn rotations_meeting(&self, demand: EdgeDemand) -> u8 {
        self.fits[demand as usize]
    }

    /// The board segments (bit per segment index) where this tile, turned by
    /// `rotation`, joins its feature to a neighbour's across the edge: a
    /// feature lies there, the side is no wall, and it is a field or the
    /// side's centre.
    #[inline]
    pub fn join_segments(&self, rotation: Rotation) -> u16 {
        self.join_segments[rotation.quarter_turns() as usize]
    }

    /// The rotations (as bits) that are not the same layout as a smaller one.
    #[inline]
    pub fn distinct_rotation_bits(&self) -> u8 {
        self.distinct
    }

    /// The kind of feature `feature` (an index into `def.features`).
    #[inline]
    pub fn feature_kind(&self, feature: usize) -> FeatureKind {
        self.kinds[feature]
    }

    /// The pennants on feature `feature`.
    #[inline]
    pub fn pennants(&self, feature: usize) -> u8 {
        self.pennants[feature]
    }

    /// The kinds of the tile's features, in definition order.
    #[inline]
    pub fn feature_kinds(&self) -> &[FeatureKind] {
        &self.kinds
    }

    /// Whether the tile has a cloister.
    pub fn has_cloister(&self) -> bool {
        self.cloister
    }
}

/// Whether turning the tile by `a` and by `b` gives the same board picture.
fn same_layout(def: &TileDef, seg_feature: &[[u8; 12]; 4], a: Rotation, b: Rotation) -> bool {
    let (fa, fb) = (
        &seg_feature[a.quarter_turns() as usize],
        &seg_feature[b.quarter_turns() as usize],
    );
    let mut map = vec![None; def.features.len()];
    for i in 0..12 {
        match (fa[i], fb[i]) {
            (NO_FEATURE, NO_FEATURE) => {}
            (NO_FEATURE, _) | (_, NO_FEATURE) => return false,
            (x, y) => match map[x as usize] {
                None => map[x as usize] = Some(y as usize),
                Some(m) if m == y as usize => {}
                Some(_) => return false,
            },
        }
    }
    map.iter().enumerate().all(|(x, m)| match m {
        None => true,
        Some(y) => {
            let (p, q) = (&def.features[x], &def.features[*y]);
            // The cities a field touches are a set: H's field lists its
            // caps as [N, S], and turned 180° they map to [S, N].
            let mut mapped: Vec<Option<usize>> = p.touches.iter().map(|c| map[*c]).collect();
            let mut theirs: Vec<Option<usize>> = q.touches.iter().map(|c| Some(*c)).collect();
            mapped.sort_unstable();
            theirs.sort_unstable();
            p.kind == q.kind && p.pennants == q.pennants && p.attributes == q.attributes && mapped == theirs
        }
    })
}
