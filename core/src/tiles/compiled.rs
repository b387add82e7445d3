//! A tile definition prepared for play: per rotation, the edge kinds, what
//! each side demands of a neighbour, and which feature sits on each
//! board-frame segment, so placement checks and feature joins are table
//! look-ups.

use super::{EdgeKind, FeatureKind, KindScoring, KindShape, Landscape, TileDef};
use crate::geometry::{Rotation, Segment, Side};
use std::sync::Arc;

/// No feature on a segment (a wall edge).
pub(crate) const NO_FEATURE: u8 = u8::MAX;

/// What an empty board cell demands of a tile, a few bits a side (N in the
/// low bits, [`EdgeCoding::bits`] a side): 0 for no demand (no neighbour,
/// or an edge that matches anything there), else the code of the edge kind
/// the neighbour shows.
pub type EdgeDemand = u16;

/// How one game writes edge kinds into demands: every edge kind its tiles
/// show that does not match anything gets a code from 1, and a side takes
/// as few bits as the codes need (2 for the base game's field, road and
/// city; 3 with a river), so the table of rotations meeting each demand
/// stays small.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeCoding {
    bits: u8,
    /// Code per edge kind index (0: matches anything, or not in the game).
    codes: [u8; EdgeKind::MAX],
    /// The edge kind of each code, from code 1.
    kinds: Vec<EdgeKind>,
}

/// At most this many edge kinds that match only some edges in one game.
pub const MAX_CODED_EDGE_KINDS: usize = 7;

impl EdgeCoding {
    /// The coding of a game whose tiles are `defs`; `None` when they show
    /// more than [`MAX_CODED_EDGE_KINDS`] kinds of edge that match only
    /// some edges.
    pub fn for_tiles<'a>(landscape: &Landscape, defs: impl IntoIterator<Item = &'a TileDef>) -> Option<EdgeCoding> {
        let mut used = 0u32;
        for def in defs {
            for e in def.edges {
                if !landscape.is_wild(e) {
                    used |= 1 << e.index();
                }
            }
        }
        // The base game's three always come first, so their codes never change.
        used |= 0b111;
        let kinds: Vec<EdgeKind> = (0..EdgeKind::MAX as u8)
            .filter(|i| used & (1 << i) != 0)
            .map(EdgeKind)
            .collect();
        if kinds.len() > MAX_CODED_EDGE_KINDS {
            return None;
        }
        let bits = if kinds.len() <= 3 { 2 } else { 3 };
        let mut codes = [0u8; EdgeKind::MAX];
        for (i, k) in kinds.iter().enumerate() {
            codes[k.index()] = i as u8 + 1;
        }
        Some(EdgeCoding { bits, codes, kinds })
    }

    /// The edge kinds a demand may ask for, in code order (code 1 first).
    pub(crate) fn coded_kinds(&self) -> &[EdgeKind] {
        &self.kinds
    }

    /// Bits a side in a demand.
    pub fn bits(&self) -> u8 {
        self.bits
    }

    /// Whether two of the coded edge kinds match while carrying different
    /// kinds of feature on some segment (a road edge that may meet a canal
    /// edge).
    pub fn mixes_kinds(&self, landscape: &Landscape) -> bool {
        let segments = [Segment::from_index(0), Segment::from_index(1), Segment::from_index(2)];
        self.kinds.iter().enumerate().any(|(i, &a)| {
            self.kinds[i + 1..].iter().any(|&b| {
                landscape.matches(a, b)
                    && segments
                        .iter()
                        .any(|&s| landscape.kind_at(a, s) != landscape.kind_at(b, s))
            })
        })
    }

    /// The demand `kind` shown on board side `side` puts on the cell across it.
    #[inline]
    pub fn demand(&self, kind: EdgeKind, side: Side) -> EdgeDemand {
        EdgeDemand::from(self.codes.get(kind.index()).copied().unwrap_or(0)) << (self.bits * side as u8)
    }

    /// The edge kind a demand asks for on `side`, if it asks anything there.
    pub fn demanded(&self, demand: EdgeDemand, side: Side) -> Option<EdgeKind> {
        let code = (demand >> (self.bits * side as u8)) & ((1 << self.bits) - 1);
        (code != 0)
            .then(|| self.kinds.get(code as usize - 1).copied())
            .flatten()
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
    /// Per rotation, the edge kind on each board side.
    edges: [[EdgeKind; 4]; 4],
    /// Per rotation, a bit per board side whose edge matches anything.
    wild: [u8; 4],
    /// Per rotation and board side, the demand this tile's edge puts on
    /// the cell across that side.
    demands_out: [[EdgeDemand; 4]; 4],
    seg_feature: [[u8; 12]; 4],
    canonical: [Rotation; 4],
    /// For every edge demand, the rotations (bit r = `r` quarter turns)
    /// that meet it: a placement check is one look-up.
    fits: Box<[u8]>,
    /// The rotations that are their own canonical rotation (bit per rotation).
    distinct: u8,
    /// Per rotation, the board segments (bit per segment index) where a
    /// feature of this tile joins the neighbour's feature across the edge:
    /// a feature is there, the side matches no matter what, and it is a
    /// field-like kind or the side's centre (paths and regions join once
    /// per side).
    join_segments: [u16; 4],
    open_sides: Vec<u8>,
    /// Each feature's kind, packed: placing a tile and listing deployments
    /// read them every turn, and `def.features` spreads them out.
    kinds: Vec<FeatureKind>,
    /// Each feature's pennants, packed likewise.
    pennants: Vec<u8>,
    /// Whether a feature completes when surrounded (a cloister, a garden):
    /// asked for the nine tiles round every placement, so worked out once
    /// here rather than by walking features.
    cloister: bool,
    /// The kinds its features and edges are of, so that a picture or a
    /// label of the tile needs nothing else.
    landscape: Arc<Landscape>,
}

impl TileType {
    /// Prepares `def` (from set `set`, its kinds from `landscape`) as tile
    /// number `index`, on its own: its demands are coded for its own edges
    /// (pictures, checks of one tile). A game prepares its tiles with
    /// [`TileType::in_game`].
    pub fn new(index: u16, set: &str, def: TileDef, landscape: &Arc<Landscape>) -> TileType {
        let coding = EdgeCoding::for_tiles(landscape, [&def]).unwrap_or_else(|| EdgeCoding {
            // Four edges hold at most four kinds: the coding always fits.
            bits: 3,
            codes: [0; EdgeKind::MAX],
            kinds: Vec::new(),
        });
        TileType::in_game(index, set, def, landscape, &coding)
    }

    /// Prepares `def` as tile number `index` of a game whose demands are
    /// written with `coding`.
    pub fn in_game(index: u16, set: &str, def: TileDef, landscape: &Arc<Landscape>, coding: &EdgeCoding) -> TileType {
        let mut edges = [[EdgeKind::FIELD; 4]; 4];
        let mut wild = [0u8; 4];
        let mut demands_out = [[0; 4]; 4];
        let mut seg_feature = [[NO_FEATURE; 12]; 4];
        for r in Rotation::ALL {
            let q = r.quarter_turns() as usize;
            for side in Side::ALL {
                let kind = def.edges[side as usize];
                let board_side = side.rotated(r);
                edges[q][board_side as usize] = kind;
                if landscape.is_wild(kind) {
                    wild[q] |= 1 << board_side as u8;
                }
                demands_out[q][board_side as usize] = coding.demand(kind, board_side.opposite());
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
            .map(|f| f.segments.iter().filter(|s| s.is_centre()).count() as u8 + f.open_ends)
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
        let cloister = def.features.iter().any(|f| {
            landscape.shape(f.kind) == KindShape::Inner
                && landscape
                    .get_feature(f.kind)
                    .is_some_and(|d| d.scoring != KindScoring::None)
        });
        let kinds = def.features.iter().map(|f| f.kind).collect();
        let bits = coding.bits;
        let side_mask: usize = (1 << bits) - 1;
        let mut fits = vec![0u8; 1 << (4 * bits)].into_boxed_slice();
        for (demand, rotations) in fits.iter_mut().enumerate() {
            for q in 0..4 {
                let meets = Side::ALL.into_iter().all(|side| {
                    let wanted = (demand >> (bits as usize * side as usize)) & side_mask;
                    if wanted == 0 || wild[q] & (1 << side as u8) != 0 {
                        return true;
                    }
                    coding
                        .kinds
                        .get(wanted - 1)
                        .is_some_and(|&theirs| landscape.matches(edges[q][side as usize], theirs))
                });
                *rotations |= u8::from(meets) << q;
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
                let is_wild = wild[q] & (1 << seg.side() as u8) != 0;
                if f != NO_FEATURE
                    && !is_wild
                    && (seg.is_centre() || landscape.shape(def.features[f as usize].kind) == KindShape::Land)
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
            wild,
            demands_out,
            seg_feature,
            canonical,
            open_sides,
            cloister,
            landscape: Arc::clone(landscape),
        }
    }

    /// The kinds of feature and edge the tile was read with.
    pub fn landscape(&self) -> &Landscape {
        &self.landscape
    }

    /// The declaration of feature `feature`'s kind.
    ///
    /// # Panics
    /// If `feature` is not one of the tile's features.
    pub fn feature_decl(&self, feature: usize) -> &super::FeatureKindDecl {
        self.landscape.feature(self.kinds[feature])
    }

    /// The tile's id.
    pub fn id(&self) -> &str {
        &self.def.id
    }

    /// The edge kind on board side `side` after `rotation`.
    #[inline]
    pub fn edge(&self, rotation: Rotation, side: Side) -> EdgeKind {
        self.edges[rotation.quarter_turns() as usize][side as usize]
    }

    /// Whether the edge on board side `side` after `rotation` matches
    /// anything (a wall, which ends every feature reaching it).
    #[inline]
    pub fn is_wild(&self, rotation: Rotation, side: Side) -> bool {
        self.wild[rotation.quarter_turns() as usize] & (1 << side as u8) != 0
    }

    /// The sides (a bit per side, N lowest) whose edges match anything
    /// after `rotation`.
    #[inline]
    pub fn wild_sides(&self, rotation: Rotation) -> u8 {
        self.wild[rotation.quarter_turns() as usize]
    }

    /// The demand the edge on board side `side` after `rotation` puts on
    /// the empty cell across it.
    #[inline]
    pub fn demand_across(&self, rotation: Rotation, side: Side) -> EdgeDemand {
        self.demands_out[rotation.quarter_turns() as usize][side as usize]
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

    /// The rotations (bit `r` for `r` quarter turns) that meet `demand`
    /// (a demand of the game's coding).
    #[inline]
    pub fn rotations_meeting(&self, demand: EdgeDemand) -> u8 {
        self.fits.get(demand as usize).copied().unwrap_or(0)
    }

    /// By demand (of the game's `coding`), for each rotation `r` (bits
    /// `4r..4r + 4`), the sides (bit 0 north) whose edges do not meet the
    /// demand, when every one of them shows an edge that `relaxes` accepts
    /// against the demanded one; 0 for a rotation that meets the demand or
    /// fails it on a side `relaxes` refuses. The placements an expansion's
    /// relaxed placement may make legal, with their mismatched sides,
    /// tabled once per game as [`TileType::rotations_meeting`] is (with the
    /// same reading of wild edges and of sides that demand nothing).
    pub(crate) fn relaxable_sides(
        &self,
        coding: &EdgeCoding,
        relaxes: impl Fn(EdgeKind, EdgeKind) -> bool,
    ) -> Box<[u16]> {
        let bits = coding.bits as usize;
        let side_mask = (1 << bits) - 1;
        let mut table = vec![0u16; 1 << (4 * bits)].into_boxed_slice();
        for (demand, entry) in table.iter_mut().enumerate() {
            for q in 0..4 {
                let mut sides = 0u16;
                let mut refused = false;
                for side in Side::ALL {
                    let wanted = (demand >> (bits * side as usize)) & side_mask;
                    let mine = self.edges[q][side as usize];
                    let Some(&theirs) = wanted.checked_sub(1).and_then(|code| coding.kinds.get(code)) else {
                        continue;
                    };
                    if self.wild[q] & (1 << side as u8) != 0 || self.landscape.matches(mine, theirs) {
                        continue;
                    }
                    sides |= 1 << side as u8;
                    refused |= !relaxes(mine, theirs);
                }
                if !refused {
                    *entry |= sides << (4 * q);
                }
            }
        }
        table
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

    /// Whether the tile has a feature that completes when surrounded (a
    /// cloister, a garden).
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
