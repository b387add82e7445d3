//! Fixed-size numeric forms of a game for learning environments: a flat
//! action index over a square board window, and an observation tensor.
//! Both are read from the game's declarations (kinds of feature, figure
//! kinds, expansions' tile attributes), never from expansion names.
//!
//! Action layout for a window of radius `R` (width `W = 2R + 1`), `F`
//! figure kinds and `S` deploy spots (see [`Layout::spots`] and the
//! package README for the table):
//!
//! - `[0, 4·W²)`: place the drawn tile at window cell `(x + R, y + R)`
//!   turned `r` quarters: `((y + R)·W + (x + R))·4 + r`;
//! - `4·W²`: pass (deploy nothing);
//! - then `F · S`: deploy figure kind `f` on the tile just placed at spot
//!   `s`: `f·S + s`, a spot being a feature's kind and where it lies on the
//!   tile as placed (its first side or segment clockwise from the north),
//!   or one of the 4 corners, or the tile itself;
//! - then `OVERFLOW` option slots: the options of the pending decision
//!   that are neither a placement nor a deployment on the tile just placed
//!   (expansions' decisions, deployments on other tiles, recalls), slot `k`
//!   being the `k`-th of them in the engine's order of the legal list.
//!   Their meaning is the decision's, never the window's: the same at every
//!   radius. A placement outside the window has no index (it is refused:
//!   not in the mask, `play_index` cannot play it), nor has an option past
//!   the last slot.

use carcassonne_core::figures::{NEUTRAL, Spot};
use carcassonne_core::geometry::{Rotation, Segment, Side};
use carcassonne_core::tiles::{KindScoring, KindShape, Landscape, TileType};
use carcassonne_core::values::ValueKind;
use carcassonne_core::{Action, CounterDecl, CounterScope, CounterSink, Decision, FeatureKind, Game, Pos};

/// Option slots: for a decision's options that are neither a placement
/// nor a deployment on the tile just placed (the most any decision needed
/// in random games of every expansion alone and all together was 142: a
/// deployment of The Princess & the Dragon's). An option past the last
/// slot has no index, but every decision but a placement keeps some.
pub const OVERFLOW: usize = 256;
/// Seats a game can have.
pub const MAX_SEATS: usize = carcassonne_core::MAX_PLAYERS;

const SIDE_NAMES: [&str; 4] = ["N", "E", "S", "W"];
const SEGMENT_NAMES: [&str; 12] = ["NW", "N", "NE", "EN", "E", "ES", "SE", "S", "SW", "WS", "W", "WN"];
const CORNER_NAMES: [&str; 4] = ["NW", "NE", "SE", "SW"];
/// Pairs of sides whose centres may hold the same feature (`joined:` planes).
const SIDE_PAIRS: [(usize, usize); 6] = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)];
/// Planes per seat saying where its figures stand on a tile: on a feature
/// lying on side N, E, S, W, inside, or on a corner or the tile itself.
const FIGURE_ON: usize = 6;
/// No spot (a feature without a structured deploy index).
const NO_SPOT: u16 = u16::MAX;

/// Channels a kind of feature takes, by its shape: a path (road, river) 4,
/// its centre on side N, E, S, W; a region (city) 4, on side N, E, S, W; a
/// land (field) 12, on each segment clockwise from NW; inside a tile
/// (cloister, garden) 1.
fn shape_channels(shape: KindShape) -> usize {
    match shape {
        KindShape::Path | KindShape::Region => 4,
        KindShape::Land => 12,
        KindShape::Inner => 1,
    }
}

/// One kind of feature the game's tiles show, with its channels.
#[derive(Clone, Debug)]
struct KindSlot {
    /// The declared name (`road`, `river`, `garden`).
    name: &'static str,
    shape: KindShape,
    /// First channel in the tile code (after `tile`).
    first: usize,
    /// The most features of this kind on no edge one tile of the game
    /// has, though the kind lies on edges (fields enclosed by a city): as
    /// many more channels, `KIND:inside`, `KIND:inside-2` …, after the
    /// shape's, for the first, second … such feature in definition order.
    inside: usize,
}

impl KindSlot {
    fn channels(&self) -> usize {
        shape_channels(self.shape) + self.inside
    }
}

/// One attribute an expansion declares for its tiles, with its channels.
#[derive(Clone, Debug)]
struct AttrSlot {
    expansion: &'static str,
    key: &'static str,
    kind: ValueKind,
    first: usize,
}

/// One counter an enabled expansion declares, with where its numbers go.
#[derive(Clone, Debug)]
struct CounterSlot {
    expansion: &'static str,
    decl: &'static CounterDecl,
    /// A tile counter's first plane (its values' planes follow); a game or
    /// seat counter's offset in the numbers after `set-aside`.
    first: usize,
}

/// The observation and action layout of one game's rules and one window:
/// sizes, names and per-tile codes worked out once.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Window radius around the start tile.
    pub radius: i32,
    /// Seats of the game.
    pub players: usize,
    /// Figure kinds of the game.
    pub figures: usize,
    figure_ids: Vec<&'static str>,
    /// Figure kinds some of which belong to nobody (a dragon).
    neutral: Vec<u8>,
    kinds: Vec<KindSlot>,
    /// Per kind index, its slot in `kinds`.
    kind_slot: [u8; 16],
    attrs: Vec<AttrSlot>,
    /// Channels of a tile code (static per tile type and rotation).
    code_len: usize,
    /// Per (tile type · 4 + rotation), the nonzero channels of its code.
    codes: Vec<Vec<(u16, f32)>>,
    /// Per (tile type · 4 + rotation), each feature's spot (or `NO_SPOT`).
    anchors: Vec<Vec<u16>>,
    /// Per (tile type · 4 + rotation), the features that can complete (a
    /// kind the core completes: by its sides or its surroundings) as
    /// (feature, a bit per side whose centre it holds, bit 4 if inside).
    completing: Vec<Vec<(u8, u8)>>,
    /// Per (tile type · 4 + rotation), each feature's sides as placed (a
    /// bit per side it has a segment on).
    sides: Vec<Vec<u8>>,
    tile_ids: Vec<String>,
    bag_size: usize,
    /// The score sources (the core's and those expansions declare).
    sources: Vec<String>,
    /// The enabled expansions' counters, in the order of the expansions
    /// and their declarations.
    counters: Vec<CounterSlot>,
    /// Per expansion slot, its counters' range in `counters`.
    counters_of: Vec<std::ops::Range<usize>>,
    /// Planes the tile counters take.
    counter_planes: usize,
    /// Numbers the game and seat counters take.
    counter_numbers: usize,
}

/// Names of the parts of an observation or action layout.
pub struct Spec {
    /// Plane names, in order.
    pub planes: Vec<String>,
    /// Vector parts: (name, start, stop) as offsets into the whole observation.
    pub vectors: Vec<(String, usize, usize)>,
    /// Names of the channels of a tile code.
    pub code: Vec<String>,
    /// Names of the deploy spots of one figure kind.
    pub spots: Vec<String>,
}

/// Which feature nodes of a game are complete, kept up to date as tiles
/// are placed: a feature completes only when a tile is placed on or next
/// to one of its tiles, and stays complete, so each observation reads a
/// flag instead of walking the feature graph for every tile.
#[derive(Clone, Debug, Default)]
pub struct Completion {
    /// Tiles on the board when last brought up to date.
    tiles: usize,
    /// The last of them (place, type, first node), to notice an undo
    /// followed by another placement.
    last: Option<(Pos, u16, u32)>,
    /// Per feature node, whether its feature is complete.
    complete: Vec<bool>,
}

impl Completion {
    /// Brings the flags up to date with `game`'s board.
    pub fn update(&mut self, game: &Game) {
        let s = game.state();
        let placed = s.board().tiles();
        let same_last = self.tiles == 0
            || placed
                .get(self.tiles - 1)
                .is_some_and(|p| Some((p.pos, p.tile, p.first_node)) == self.last);
        if placed.len() < self.tiles || !same_last {
            // Tiles taken back (an undo): start again.
            *self = Completion::default();
        }
        if placed.len() == self.tiles {
            return;
        }
        self.complete.resize(s.features().len(), false);
        let rules = game.rules();
        let from = self.tiles;
        for p in &placed[from..] {
            // The new tile's features, and those of the tiles round it (a
            // wall closes a neighbour's city; a cloister gets surrounded).
            for q in std::iter::once(p.pos).chain(p.pos.ring()) {
                let Some(t) = s.board().get(q) else { continue };
                for f in 0..rules.tile(t.tile).def.features.len() {
                    let node = t.first_node + f as u32;
                    if !self.complete.get(node as usize).copied().unwrap_or(true) && s.is_complete(node) {
                        for m in s.features().members(node) {
                            if let Some(c) = self.complete.get_mut(m as usize) {
                                *c = true;
                            }
                        }
                    }
                }
            }
        }
        self.tiles = placed.len();
        self.last = placed.last().map(|p| (p.pos, p.tile, p.first_node));
    }

    fn is_complete(&self, node: u32) -> bool {
        self.complete.get(node as usize).copied().unwrap_or(false)
    }
}

/// The features of tile `t` turned by `r` that can complete, with the
/// completion planes they mark: a bit per side whose centre they hold,
/// bit 4 for a feature inside the tile.
fn completing(t: &TileType, r: Rotation, landscape: &Landscape) -> Vec<(u8, u8)> {
    let mut out: Vec<(u8, u8)> = Vec::new();
    for (f, &k) in t.feature_kinds().iter().enumerate() {
        let d = landscape.feature(k);
        if matches!(d.scoring, KindScoring::None | KindScoring::Farm) || d.shape == KindShape::Land || f > 255 {
            continue;
        }
        let mut bits = 0u8;
        if d.shape == KindShape::Inner {
            bits |= 1 << 4;
        }
        for side in 0..4 {
            if t.feature_at(r, Segment::centre(Side::from_index(side))) == Some(f) {
                bits |= 1 << side;
            }
        }
        if bits != 0 {
            out.push((f as u8, bits));
        }
    }
    out
}

impl Layout {
    /// The layout of `game`'s rules for a window of radius `radius`.
    pub fn of(game: &Game, radius: i32) -> Layout {
        let rules = game.rules();
        let landscape = rules.landscape();
        let mut present = 0u32;
        let mut inside = [0usize; 16];
        for t in rules.tiles() {
            let mut here = [0usize; 16];
            for (f, &k) in t.def.features.iter().zip(t.feature_kinds()) {
                present |= 1 << k.index();
                if f.segments.is_empty() && landscape.shape(k) != KindShape::Inner && k.index() < 16 {
                    here[k.index()] += 1;
                    inside[k.index()] = inside[k.index()].max(here[k.index()]);
                }
            }
        }
        let mut kinds = Vec::new();
        let mut kind_slot = [u8::MAX; 16];
        let mut next = 1; // channel 0: a tile lies here
        for (k, _) in landscape.feature_kinds() {
            if k.index() < 16 && present & (1 << k.index()) != 0 {
                let shape = landscape.shape(k);
                kind_slot[k.index()] = kinds.len() as u8;
                kinds.push(KindSlot {
                    name: landscape.feature(k).name,
                    shape,
                    first: next,
                    inside: inside[k.index()],
                });
                next += kinds.last().map_or(0, KindSlot::channels);
            }
        }
        let spots_end = next;
        next += SIDE_PAIRS.len() + 1; // joined sides, pennants
        let mut attrs = Vec::new();
        for e in rules.expansions() {
            for d in e.info.attributes {
                attrs.push(AttrSlot {
                    expansion: e.info.id,
                    key: d.key,
                    kind: d.kind,
                    first: next,
                });
                next += match d.kind {
                    ValueKind::OneOf { values } => values.len(),
                    ValueKind::Integer { .. } | ValueKind::Bool => 1,
                };
            }
        }
        let code_len = next;
        let players = game.state().players();
        let (mut counters, mut counters_of) = (Vec::new(), Vec::new());
        let (mut counter_planes, mut counter_numbers) = (0, 0);
        for e in rules.expansions() {
            let from = counters.len();
            for decl in e.info.counters {
                let first = match decl.scope {
                    CounterScope::Tile => &mut counter_planes,
                    CounterScope::Game | CounterScope::Seat => &mut counter_numbers,
                };
                counters.push(CounterSlot {
                    expansion: e.info.id,
                    decl,
                    first: *first,
                });
                *first += match decl.scope {
                    CounterScope::Seat => decl.width() * players,
                    CounterScope::Game | CounterScope::Tile => decl.width(),
                };
            }
            counters_of.push(from..counters.len());
        }
        let mut layout = Layout {
            radius,
            players,
            figures: rules.figures().len(),
            figure_ids: rules.figures().iter().map(|f| f.id).collect(),
            neutral: (0..rules.figures().len() as u8)
                .filter(|&k| rules.figures()[k as usize].neutral > 0)
                .collect(),
            kinds,
            kind_slot,
            attrs,
            code_len,
            codes: Vec::new(),
            anchors: Vec::new(),
            completing: Vec::new(),
            sides: Vec::new(),
            tile_ids: rules.tiles().iter().map(|t| t.id().to_string()).collect(),
            bag_size: rules.bag_size(),
            sources: rules.score_sources().to_vec(),
            counters,
            counters_of,
            counter_planes,
            counter_numbers,
        };
        debug_assert!(spots_end == layout.kind_channels() + 1);
        for t in rules.tiles() {
            for r in Rotation::ALL {
                let (code, anchors) = layout.tile_code(t, r);
                layout.codes.push(code);
                layout.anchors.push(anchors);
                layout.completing.push(completing(t, r, landscape));
                layout.sides.push(
                    (0..t.def.features.len())
                        .map(|f| {
                            (0..Segment::COUNT)
                                .filter(|&seg| t.feature_at(r, Segment::from_index(seg)) == Some(f))
                                .fold(0u8, |bits, seg| bits | 1 << (seg / 3))
                        })
                        .collect(),
                );
            }
        }
        layout
    }

    /// Channels of the kinds of feature (without `tile`).
    fn kind_channels(&self) -> usize {
        self.kinds.iter().map(KindSlot::channels).sum()
    }

    fn slot_of(&self, kind: FeatureKind) -> Option<&KindSlot> {
        let i = *self.kind_slot.get(kind.index())?;
        self.kinds.get(i as usize)
    }

    /// The code of tile type `t` turned by `r` (its nonzero channels) and
    /// each feature's deploy spot.
    fn tile_code(&self, t: &TileType, r: Rotation) -> (Vec<(u16, f32)>, Vec<u16>) {
        let mut code = vec![0f32; self.code_len];
        code[0] = 1.0;
        let n = t.def.features.len();
        let mut anchors = vec![NO_SPOT; n];
        for seg in 0..Segment::COUNT {
            let s = Segment::from_index(seg);
            let Some(f) = t.feature_at(r, s) else { continue };
            let Some(slot) = self.slot_of(t.feature_kind(f)) else {
                continue;
            };
            let side = seg / 3;
            let ch = match slot.shape {
                KindShape::Path if s.is_centre() => Some(slot.first + side),
                KindShape::Region => Some(slot.first + side),
                KindShape::Land => Some(slot.first + seg),
                _ => None,
            };
            if let Some(ch) = ch {
                code[ch] = 1.0;
                // Segments go clockwise from NW: the first one seen is the anchor.
                if anchors[f] == NO_SPOT {
                    anchors[f] = (ch - 1) as u16;
                }
            }
        }
        let mut enclosed = [0usize; 16];
        for (f, anchor) in anchors.iter_mut().enumerate() {
            let k = t.feature_kind(f);
            let Some(slot) = self.slot_of(k) else { continue };
            let ch = if slot.shape == KindShape::Inner {
                slot.first
            } else if t.def.features[f].segments.is_empty() && enclosed[k.index()] < slot.inside {
                enclosed[k.index()] += 1;
                slot.first + shape_channels(slot.shape) + enclosed[k.index()] - 1
            } else {
                continue;
            };
            code[ch] = 1.0;
            *anchor = (ch - 1) as u16;
        }
        // A path that touches no side centre (none the declarations allow)
        // gets no spot; two features on one spot keep the first (the
        // second goes to overflow when listed).
        let mut seen = Vec::new();
        for a in anchors.iter_mut() {
            if *a != NO_SPOT {
                if seen.contains(a) {
                    *a = NO_SPOT;
                } else {
                    seen.push(*a);
                }
            }
        }
        let joined = 1 + self.kind_channels();
        for (i, &(a, b)) in SIDE_PAIRS.iter().enumerate() {
            let fa = t.feature_at(r, Segment::centre(Side::from_index(a)));
            let fb = t.feature_at(r, Segment::centre(Side::from_index(b)));
            if fa.is_some() && fa == fb {
                code[joined + i] = 1.0;
            }
        }
        code[joined + SIDE_PAIRS.len()] = (0..n).map(|f| f32::from(t.pennants(f))).sum();
        for a in &self.attrs {
            let tables = std::iter::once(t.def.attributes.get(a.expansion))
                .chain(t.def.features.iter().map(|f| f.attributes.get(a.expansion)))
                .flatten();
            for table in tables {
                let Some(v) = table.get(a.key) else { continue };
                match a.kind {
                    ValueKind::Bool => {
                        if v.as_bool() == Some(true) {
                            code[a.first] = 1.0;
                        }
                    }
                    ValueKind::Integer { min, max } => {
                        let scale = min.abs().max(max.abs()).max(1) as f32;
                        let x = v.as_integer().unwrap_or(0) as f32 / scale;
                        if x.abs() > code[a.first].abs() {
                            code[a.first] = x;
                        }
                    }
                    ValueKind::OneOf { values } => {
                        if let Some(i) = v.as_str().and_then(|s| values.iter().position(|w| *w == s)) {
                            code[a.first + i] = 1.0;
                        }
                    }
                }
            }
        }
        let sparse = code
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0.0)
            .map(|(i, &v)| (i as u16, v))
            .collect();
        (sparse, anchors)
    }

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
    /// Deploy spots per figure kind: the kinds' channels, then 4 corners,
    /// then the tile itself (a tower floor).
    pub fn spots(&self) -> usize {
        self.kind_channels() + 5
    }
    /// First overflow index.
    pub fn overflow_base(&self) -> usize {
        self.deploy_base() + self.figures * self.spots()
    }
    /// Number of distinct actions.
    pub fn size(&self) -> usize {
        self.overflow_base() + OVERFLOW
    }

    fn cell(&self, p: Pos) -> Option<usize> {
        let r = self.radius;
        (p.x.abs() <= r && p.y.abs() <= r).then(|| ((p.y + r) as usize) * self.width() + (p.x + r) as usize)
    }

    /// The deploy spot of the `k`th feature an expansion added to the tile
    /// at `pos` (a bridge's road, `Ctx::add_feature`): its kind's channel
    /// on the first board side it takes, as a tile's own path or region
    /// is anchored, unless one of the tile's own features holds that spot
    /// (then none: the deployment goes to an overflow slot).
    fn added_anchor(&self, game: &Game, pos: Pos, k: usize, own: &[u16]) -> Option<usize> {
        let added = game.state().added_on(pos).nth(k)?;
        let slot = self.slot_of(added.kind)?;
        let side = (0..4).find(|s| added.sides & (1 << s) != 0)?;
        let ch = match slot.shape {
            KindShape::Path | KindShape::Region => slot.first + side,
            KindShape::Land | KindShape::Inner => return None,
        };
        let anchor = (ch - 1) as u16;
        (!own.contains(&anchor)).then_some(anchor as usize)
    }

    /// The structured index of `action`, if it has one.
    fn structured(&self, game: &Game, action: &Action) -> Option<usize> {
        match action {
            Action::Place { pos, rotation } => self.cell(*pos).map(|c| c * 4 + rotation.quarter_turns() as usize),
            Action::Pass => Some(self.pass()),
            Action::Deploy(d) => {
                let placed = game.state().placed_this_turn()?;
                if placed.pos != d.pos || d.figure as usize >= self.figures {
                    return None;
                }
                let spot = match d.spot {
                    Spot::Feature(f) => {
                        let code = placed.tile as usize * 4 + placed.rotation.quarter_turns() as usize;
                        let own = self.anchors.get(code)?;
                        match own.get(f as usize) {
                            Some(&a) => (a != NO_SPOT).then_some(a as usize)?,
                            // Past the tile's own features: one an expansion
                            // added to it (a bridge's road).
                            None => self.added_anchor(game, placed.pos, f as usize - own.len(), own)?,
                        }
                    }
                    Spot::Corner(c) if c < 4 => self.kind_channels() + c as usize,
                    Spot::Tile => self.kind_channels() + 4,
                    _ => return None,
                };
                Some(self.deploy_base() + d.figure as usize * self.spots() + spot)
            }
            Action::Expansion { .. } => None,
        }
    }

    /// The index of each legal option (`None`: a placement outside the
    /// window, or an option past the last slot: refused), and how many
    /// options have none. Every index is given at most once: a deployment
    /// whose structured index is taken goes to a slot.
    pub fn indices(&self, game: &Game, options: &[Action], out: &mut Vec<Option<u32>>) -> usize {
        out.clear();
        let mut overflow = 0;
        let mut dropped = 0;
        let mut deploys: Vec<usize> = Vec::new();
        for a in options {
            let mut i = self.structured(game, a);
            if let (Some(k), Action::Deploy(_)) = (i, a) {
                if deploys.contains(&k) {
                    i = None;
                } else {
                    deploys.push(k);
                }
            }
            let placement = matches!(a, Action::Place { .. });
            let i = i.or_else(|| {
                if placement {
                    // Outside the window: no index means the same cell at every radius.
                    return None;
                }
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

    // Plane offsets (in planes) after the tile code.
    fn complete_plane(&self) -> usize {
        self.code_len
    }
    fn figure_plane(&self) -> usize {
        self.complete_plane() + 5
    }
    fn neutral_plane(&self) -> usize {
        self.figure_plane() + self.figures * self.players
    }
    fn figure_on_plane(&self) -> usize {
        self.neutral_plane() + self.neutral.len()
    }
    fn placed_plane(&self) -> usize {
        self.figure_on_plane() + FIGURE_ON * self.players
    }
    /// First plane of the expansions' tile counters.
    fn counter_plane(&self) -> usize {
        self.placed_plane() + 2
    }
    /// Planes of the observation.
    pub fn planes(&self) -> usize {
        self.counter_plane() + self.counter_planes
    }

    /// Length of the numbers after the planes.
    pub fn vector_len(&self) -> usize {
        let (p, t) = (self.players, self.tile_ids.len());
        3 + p
            + t
            + 4 * self.code_len
            + t
            + 1
            + p
            + self.figures * p
            + self.neutral.len()
            + self.figures * p * p
            + self.sources.len() * p
            + t
            + self.counter_numbers
    }

    /// Length of the observation: the planes (`planes() · W²`), then the numbers.
    pub fn observation_len(&self) -> usize {
        self.planes() * self.width() * self.width() + self.vector_len()
    }

    /// The names of every plane and vector part, the tile code and the deploy spots.
    pub fn spec(&self) -> Spec {
        let mut code = vec!["tile".to_string()];
        for k in &self.kinds {
            let name = k.name;
            match k.shape {
                KindShape::Path | KindShape::Region => {
                    code.extend(SIDE_NAMES.iter().map(|s| format!("{name}:{s}")));
                }
                KindShape::Land => code.extend(SEGMENT_NAMES.iter().map(|s| format!("{name}:{s}"))),
                KindShape::Inner => code.push(name.to_string()),
            }
            for i in 1..=k.inside {
                code.push(if i == 1 {
                    format!("{name}:inside")
                } else {
                    format!("{name}:inside-{i}")
                });
            }
        }
        let spots: Vec<String> = code[1..]
            .iter()
            .cloned()
            .chain(CORNER_NAMES.iter().map(|c| format!("corner:{c}")))
            .chain(std::iter::once("tile".to_string()))
            .collect();
        code.extend(
            SIDE_PAIRS
                .iter()
                .map(|&(a, b)| format!("joined:{}-{}", SIDE_NAMES[a], SIDE_NAMES[b])),
        );
        code.push("pennants".into());
        for a in &self.attrs {
            match a.kind {
                ValueKind::OneOf { values } => {
                    code.extend(values.iter().map(|v| format!("{}.{}={v}", a.expansion, a.key)));
                }
                _ => code.push(format!("{}.{}", a.expansion, a.key)),
            }
        }
        let mut planes = code.clone();
        planes.extend(SIDE_NAMES.iter().map(|s| format!("complete:{s}")));
        planes.push("complete:inner".into());
        let seat = |o: usize| if o == 0 { "me".to_string() } else { format!("+{o}") };
        for f in &self.figure_ids {
            planes.extend((0..self.players).map(|o| format!("figure:{f}:{}", seat(o))));
        }
        planes.extend(
            self.neutral
                .iter()
                .map(|&k| format!("neutral:{}", self.figure_ids[k as usize])),
        );
        for o in 0..self.players {
            let seat = seat(o);
            planes.extend(SIDE_NAMES.iter().map(|s| format!("figure-on:{s}:{seat}")));
            planes.push(format!("figure-on:inner:{seat}"));
            planes.push(format!("figure-on:corner-or-tile:{seat}"));
        }
        planes.push("placed-this-turn".into());
        planes.push("drawn-tile-fits".into());
        for c in self.counters.iter().filter(|c| c.decl.scope == CounterScope::Tile) {
            planes.extend((0..c.decl.width()).map(|i| format!("{}.{}", c.expansion, c.decl.value_name(i))));
        }
        debug_assert_eq!(planes.len(), self.planes());
        let (p, t) = (self.players, self.tile_ids.len());
        let mut vectors = Vec::new();
        let mut at = self.planes() * self.width() * self.width();
        for (name, len) in [
            ("decision-kind", 3),
            ("decider", p),
            ("drawn-tile", t),
            ("drawn-tile-code", 4 * self.code_len),
            ("bag-by-tile", t),
            ("tiles-left", 1),
            ("scores", p),
            ("supply", self.figures * p),
            ("neutral-supply", self.neutral.len()),
            ("captives", self.figures * p * p),
            ("score-breakdown", self.sources.len() * p),
            ("set-aside", t),
        ] {
            vectors.push((name.to_string(), at, at + len));
            at += len;
        }
        for c in self.counters.iter().filter(|c| c.decl.scope != CounterScope::Tile) {
            let len = match c.decl.scope {
                CounterScope::Seat => c.decl.width() * p,
                _ => c.decl.width(),
            };
            vectors.push((format!("{}.{}", c.expansion, c.decl.id), at, at + len));
            at += len;
        }
        debug_assert_eq!(at, self.observation_len());
        Spec {
            planes,
            vectors,
            code,
            spots,
        }
    }

    /// The tile ids in table order (the drawn tile's one-hot and the bag's counts).
    pub fn tile_ids(&self) -> &[String] {
        &self.tile_ids
    }

    /// The figure kinds' ids.
    pub fn figure_ids(&self) -> &[&'static str] {
        &self.figure_ids
    }

    /// The observation of `game` for `me`, written into `out`, which must
    /// hold `observation_len()` numbers (all of it is written);
    /// `completion` is `game`'s, brought up to date here.
    ///
    /// Planes (each W × W, row-major by y then x, cell (0,0) = start tile)
    /// and numbers as [`Layout::spec`] names them; seats are counted from
    /// `me` (offset 0 is `me`, 1 the next seat …).
    pub fn observe(&self, game: &Game, me: u8, out: &mut [f32], completion: &mut Completion) {
        completion.update(game);
        out.fill(0.0);
        let w = self.width();
        let area = w * w;
        let s = game.state();
        let seats = self.players.max(1);
        let rel = |p: u8| (p as usize + seats - me as usize % seats) % seats;
        for placed in s.board().tiles() {
            let Some(c) = self.cell(placed.pos) else { continue };
            let q = placed.rotation.quarter_turns() as usize;
            let code = placed.tile as usize * 4 + q;
            if let Some(code) = self.codes.get(code) {
                for &(ch, v) in code {
                    out[ch as usize * area + c] = v;
                }
            }
            let complete = self.complete_plane();
            for &(f, bits) in self.completing.get(code).map_or(&[][..], Vec::as_slice) {
                if completion.is_complete(placed.first_node + u32::from(f)) {
                    for b in 0..5 {
                        if bits & (1 << b) != 0 {
                            out[(complete + b) * area + c] = 1.0;
                        }
                    }
                }
            }
        }
        for f in s.figures() {
            let Some(c) = self.cell(f.pos) else { continue };
            if f.owner == NEUTRAL {
                // On a tile, never in a feature: its own plane says all.
                if let Some(i) = self.neutral.iter().position(|&k| k == f.kind) {
                    out[(self.neutral_plane() + i) * area + c] += 1.0;
                }
                continue;
            }
            if (f.kind as usize) < self.figures {
                let plane = self.figure_plane() + f.kind as usize * self.players + rel(f.owner);
                out[plane * area + c] += 1.0;
            }
            // Where on the tile, by owner: two figures of two seats on one
            // tile are told apart.
            let on = self.figure_on_plane() + FIGURE_ON * rel(f.owner);
            match f.spot {
                Spot::Feature(i) => {
                    let code = s
                        .board()
                        .get(f.pos)
                        .map(|p| p.tile as usize * 4 + p.rotation.quarter_turns() as usize);
                    if let Some(&bits) = code.and_then(|code| self.sides.get(code)?.get(i as usize)) {
                        for side in 0..4 {
                            if bits & (1 << side) != 0 {
                                out[(on + side) * area + c] = 1.0;
                            }
                        }
                        if bits == 0 {
                            out[(on + 4) * area + c] = 1.0;
                        }
                    }
                }
                _ => out[(on + 5) * area + c] = 1.0,
            }
        }
        if let Some(c) = s.placed_this_turn().and_then(|p| self.cell(p.pos)) {
            out[self.placed_plane() * area + c] = 1.0;
        }
        let fits = (self.placed_plane() + 1) * area;
        if let Some(Decision::Place { tile, .. }) = game.decision() {
            game.placements(tile, |p, _| {
                if let Some(c) = self.cell(p) {
                    out[fits + c] = 1.0;
                }
            });
        }
        let (planes, numbers) = out.split_at_mut(self.planes() * area);
        self.write_numbers(game, me, numbers, Some(planes));
    }

    /// The numbers of `game`'s observation for `me` alone (what follows the
    /// planes: `vector_len()` of them), written into `out`: the compact
    /// observation's numbers, without the W × W planes.
    pub fn observe_numbers(&self, game: &Game, me: u8, out: &mut [f32]) {
        out.fill(0.0);
        self.write_numbers(game, me, out, None);
    }

    /// The numbers after the planes into `out` (zeroed), and the tile
    /// counters into `planes` when given.
    fn write_numbers(&self, game: &Game, me: u8, out: &mut [f32], planes: Option<&mut [f32]>) {
        let s = game.state();
        let seats = self.players.max(1);
        let rel = |p: u8| (p as usize + seats - me as usize % seats) % seats;
        let mut v = 0;
        if let Some(d) = game.decision() {
            let kind = match d {
                Decision::Place { .. } => 0,
                Decision::Deploy { .. } => 1,
                Decision::Expansion { .. } => 2,
            };
            out[v + kind] = 1.0;
            out[v + 3 + rel(d.player())] = 1.0;
        }
        v += 3 + self.players;
        let t = self.tile_ids.len();
        let drawn = s.turn().drawn.filter(|&d| (d as usize) < t);
        if let Some(d) = drawn {
            out[v + d as usize] = 1.0;
        }
        v += t;
        if let Some(d) = drawn {
            for r in 0..4 {
                for &(ch, x) in &self.codes[d as usize * 4 + r] {
                    out[v + r * self.code_len + ch as usize] = x;
                }
            }
        }
        v += 4 * self.code_len;
        let left = s.tiles_left();
        if left > 0 {
            let mut counts = vec![0u32; t];
            s.count_bag(&mut counts);
            for (o, n) in out[v..v + t].iter_mut().zip(&counts) {
                *o = *n as f32 / left as f32;
            }
        }
        v += t;
        out[v] = left as f32 / self.bag_size.max(1) as f32;
        v += 1;
        for p in 0..self.players as u8 {
            out[v + rel(p)] = s.score(p) as f32 / 100.0;
        }
        v += self.players;
        for k in 0..self.figures {
            for p in 0..self.players as u8 {
                out[v + k * self.players + rel(p)] = f32::from(s.supply(p, k as u8)) / 10.0;
            }
        }
        v += self.figures * self.players;
        for (i, &k) in self.neutral.iter().enumerate() {
            out[v + i] = f32::from(s.neutral_supply(k)) / 10.0;
        }
        v += self.neutral.len();
        let p = self.players;
        for c in s.captives() {
            if (c.kind as usize) < self.figures && (c.owner as usize) < p && (c.by as usize) < p {
                out[v + (c.kind as usize * p + rel(c.owner)) * p + rel(c.by)] += 1.0;
            }
        }
        v += self.figures * p * p;
        let n = self.sources.len();
        for player in 0..p as u8 {
            for (i, &points) in s.breakdown(player).iter().enumerate().take(n) {
                out[v + i * p + rel(player)] = points as f32 / 100.0;
            }
        }
        v += n * p;
        for &t in s.set_aside() {
            if (t as usize) < self.tile_ids.len() {
                out[v + t as usize] += 1.0;
            }
        }
        v += self.tile_ids.len();
        let area = self.width() * self.width();
        let mut planes = planes.map(|p| &mut p[self.counter_plane() * area..]);
        for (slot, range) in self.counters_of.iter().enumerate() {
            if range.is_empty() {
                continue;
            }
            let mut sink = ObservedCounters {
                layout: self,
                counters: &self.counters[range.clone()],
                planes: planes.as_deref_mut(),
                numbers: &mut out[v..],
                me,
            };
            game.counters(slot as u8, &mut sink);
        }
    }

    /// The board as entities, for a compact observation: each placed tile
    /// as `[x, y, tile type, quarter turns]` and each figure as `[x, y,
    /// figure kind, owner's seat offset from me (-1: nobody's), spot]`, the
    /// spot being the deploy spot's index (`spec().spots`: the feature's
    /// kind and where it lies on the tile as placed, a corner, the tile) or
    /// -1. Tiles in the order placed, wherever they lie (no window).
    pub fn entities(&self, game: &Game, me: u8, tiles: &mut Vec<[i32; 4]>, figures: &mut Vec<[i32; 5]>) {
        let s = game.state();
        let seats = self.players.max(1);
        for p in s.board().tiles() {
            tiles.push([
                p.pos.x,
                p.pos.y,
                i32::from(p.tile),
                i32::from(p.rotation.quarter_turns()),
            ]);
        }
        for f in s.figures() {
            let owner = if f.owner == NEUTRAL {
                -1
            } else {
                ((f.owner as usize + seats - me as usize % seats) % seats) as i32
            };
            let spot = match f.spot {
                Spot::Feature(i) => s
                    .board()
                    .get(f.pos)
                    .and_then(|p| {
                        let code = p.tile as usize * 4 + p.rotation.quarter_turns() as usize;
                        self.anchors.get(code)?.get(i as usize).copied()
                    })
                    .filter(|&a| a != NO_SPOT)
                    .map_or(-1, i32::from),
                Spot::Corner(c) if c < 4 => (self.kind_channels() + c as usize) as i32,
                Spot::Tile => (self.kind_channels() + 4) as i32,
                _ => -1,
            };
            figures.push([f.pos.x, f.pos.y, i32::from(f.kind), owner, spot]);
        }
    }

    /// The counters each enabled expansion declares: (expansion, id,
    /// scope, value names, label), in layout order.
    pub fn counter_decls(&self) -> impl Iterator<Item = (&'static str, &'static CounterDecl)> + '_ {
        self.counters.iter().map(|c| (c.expansion, c.decl))
    }
}

/// Writes one expansion's counters into an observation: a tile counter's
/// value into its plane at the tile's cell (when the tile is in the
/// window), a game counter's into its numbers, a seat counter's at
/// `value · P + offset`, the seat counted from the observer. Each number
/// is divided by the counter's declared scale. The engine has checked the
/// indices against the declarations; they are checked again here, as
/// every index into `out` is.
struct ObservedCounters<'a> {
    layout: &'a Layout,
    /// The expansion's counters, in its declaration order.
    counters: &'a [CounterSlot],
    /// The counter planes (none for the numbers alone) and the counter numbers.
    planes: Option<&'a mut [f32]>,
    numbers: &'a mut [f32],
    me: u8,
}

fn set(out: Option<&mut f32>, n: i32, scale: u16) {
    if let Some(o) = out {
        *o = n as f32 / f32::from(scale.max(1));
    }
}

impl CounterSink for ObservedCounters<'_> {
    fn game(&mut self, counter: usize, value: usize, n: i32) {
        let Some(c) = self.counters.get(counter) else { return };
        set(self.numbers.get_mut(c.first + value), n, c.decl.scale);
    }

    fn seat(&mut self, counter: usize, seat: u8, value: usize, n: i32) {
        let Some(c) = self.counters.get(counter) else { return };
        let p = self.layout.players.max(1);
        let offset = (seat as usize + p - self.me as usize % p) % p;
        set(self.numbers.get_mut(c.first + value * p + offset), n, c.decl.scale);
    }

    fn tile(&mut self, counter: usize, pos: Pos, value: usize, n: i32) {
        let Some(c) = self.counters.get(counter) else { return };
        let Some(cell) = self.layout.cell(pos) else { return };
        let area = self.layout.width() * self.layout.width();
        let at = (c.first + value) * area + cell;
        set(self.planes.as_deref_mut().and_then(|p| p.get_mut(at)), n, c.decl.scale);
    }
}
