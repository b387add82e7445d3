//! One tile, drawn from its definition: the layout (shapes and the
//! representative point of every feature, in the board frame) and its SVG.

use super::escape_xml;
use super::svg::{CENTRE, Cmd, P, Path, along, dist, dist_to_polyline, inside, num, turn};
use super::words::Glossary;
use carcassonne_core::tiles::{FeatureKind, KindShape, LeadsInto, TileType};
use carcassonne_core::{Rotation, Segment, Side};

const FIELD: &str = "#8fbf5a";
const CITY: &str = "#d9ad6c";
const CITY_WALL: &str = "#7a4a1c";
/// The stonework drawn over a city: the city's tan and the field's green
/// are of one brightness for red–green colour-blind eyes, so a city is
/// also told by its texture (masonry courses), not by colour alone.
const CITY_STONES: &str = "#7a4a1c";
pub(crate) const ROAD: &str = "#f6f1e3";
pub(crate) const ROAD_CASING: &str = "#6b5a45";
const PENNANT: &str = "#1f4fa8";
const WALL: &str = "#4a4a4a";
/// The banks of a river (any path kind other than a road).
const RIVER_BANK: &str = "#2f5f8f";

/// A city of a tile: its filled shape, its inner wall line and the shape as
/// a polygon (for hit tests).
pub(crate) struct CityShape {
    pub feature: usize,
    pub fill: Path,
    pub walls: Path,
    pub poly: Vec<P>,
    /// The wall lines as polylines.
    pub wall_lines: Vec<Vec<P>>,
}

/// A road of a tile: its stroke and the stroke as polylines.
pub(crate) struct RoadShape {
    pub feature: usize,
    pub path: Path,
    pub lines: Vec<Vec<P>>,
    /// For a path of another kind than a road (a river): its declared
    /// colour; it is drawn under the roads (which cross it on bridges) and
    /// ends in a pond where it ends on the tile.
    pub colour: Option<&'static str>,
}

/// What to draw for a tile in the board frame, and where each feature's
/// figures stand.
pub(crate) struct Layout {
    pub cities: Vec<CityShape>,
    pub roads: Vec<RoadShape>,
    /// Dead ends meet at a junction square in the centre.
    pub junction: bool,
    /// Small houses where lone dead ends stop.
    pub houses: Vec<P>,
    /// Where each feature inside the tile stands (a cloister's building, a
    /// garden).
    pub cloisters: Vec<P>,
    /// The declared colour of each of `cloisters` that is not a cloister
    /// (a garden), drawn as a round bed of that colour.
    pub cloister_colours: Vec<Option<&'static str>>,
    /// Where a path of another kind than a road ends on the tile (a spring,
    /// a lake), with its colour.
    pub ponds: Vec<(P, &'static str)>,
    /// Sides that are walls (`X`).
    pub walls: Vec<Side>,
    /// Shield position and pennant count per city with pennants.
    pub pennants: Vec<(P, u8)>,
    /// A representative point per feature (definition order).
    pub points: Vec<P>,
    /// Badge anchors (centre of the badge), labels and hover words.
    pub badges: Vec<(P, String, String)>,
    /// Hedges between two fields that nothing else divides.
    pub hedges: Vec<Vec<P>>,
}

/// The midpoint of `segment` on the tile's border (board frame).
fn segment_mid(segment: Segment) -> P {
    let part = segment.index() % 3;
    let x = [25.0, 50.0, 75.0][part];
    turn((x, 0.0), segment.side() as u8)
}

/// The centre of `side` on the tile's border.
fn side_mid(side: Side) -> P {
    turn((50.0, 0.0), side as u8)
}

/// A point `depth` units in from the middle of `side`.
fn side_inset(side: Side, depth: f64) -> P {
    turn((50.0, depth), side as u8)
}

/// `p` moved `depth` units in from the border, perpendicular to `side`.
fn inset_from(side: Side, p: P, depth: f64) -> P {
    match side {
        Side::N => (p.0, p.1 + depth),
        Side::E => (p.0 - depth, p.1),
        Side::S => (p.0, p.1 - depth),
        Side::W => (p.0 + depth, p.1),
    }
}

fn pull(p: P, k: f64) -> P {
    (CENTRE.0 + (p.0 - CENTRE.0) * k, CENTRE.1 + (p.1 - CENTRE.1) * k)
}

fn centroid(points: &[P]) -> Option<P> {
    if points.is_empty() {
        return None;
    }
    let n = points.len() as f64;
    Some((
        points.iter().map(|p| p.0).sum::<f64>() / n,
        points.iter().map(|p| p.1).sum::<f64>() / n,
    ))
}

/// The shape of a city over `sides` (board frame): fill and wall lines.
fn city_shape(sides: [bool; 4]) -> Option<(Path, Path)> {
    use Cmd::{C, L, M, Q, Z};
    let count = sides.iter().filter(|s| **s).count();
    let first = sides.iter().position(|s| *s)?;
    let (fill, walls, quarters) = match count {
        1 => (
            // A cap on the north side, leaving each corner at under 45° so
            // that caps on adjacent sides stay apart.
            Path(vec![
                M((0.0, 0.0)),
                L((100.0, 0.0)),
                C((54.0, 37.0), (46.0, 37.0), (0.0, 0.0)),
                Z,
            ]),
            Path(vec![M((100.0, 0.0)), C((54.0, 37.0), (46.0, 37.0), (0.0, 0.0))]),
            first as u8,
        ),
        2 if sides[(first + 2) % 4] => (
            // A band joining north and south, narrower in the middle.
            Path(vec![
                M((0.0, 0.0)),
                L((100.0, 0.0)),
                C((72.0, 35.0), (72.0, 65.0), (100.0, 100.0)),
                L((0.0, 100.0)),
                C((28.0, 65.0), (28.0, 35.0), (0.0, 0.0)),
                Z,
            ]),
            Path(vec![
                M((100.0, 0.0)),
                C((72.0, 35.0), (72.0, 65.0), (100.0, 100.0)),
                M((0.0, 100.0)),
                C((28.0, 65.0), (28.0, 35.0), (0.0, 0.0)),
            ]),
            first as u8 % 2,
        ),
        2 => {
            // Adjacent sides: the corner half of the tile, for north + east.
            let s = if sides[(first + 1) % 4] { first } else { (first + 3) % 4 };
            (
                Path(vec![
                    M((0.0, 0.0)),
                    L((100.0, 0.0)),
                    L((100.0, 100.0)),
                    Q((58.0, 42.0), (0.0, 0.0)),
                    Z,
                ]),
                Path(vec![M((100.0, 100.0)), Q((58.0, 42.0), (0.0, 0.0))]),
                s as u8,
            )
        }
        3 => {
            // Everything but a bay on the missing side (south here).
            let missing = sides.iter().position(|s| !*s).unwrap_or(2);
            (
                Path(vec![
                    M((0.0, 0.0)),
                    L((100.0, 0.0)),
                    L((100.0, 100.0)),
                    C((72.0, 62.0), (28.0, 62.0), (0.0, 100.0)),
                    Z,
                ]),
                Path(vec![M((100.0, 100.0)), C((72.0, 62.0), (28.0, 62.0), (0.0, 100.0))]),
                ((missing + 2) % 4) as u8,
            )
        }
        _ => (
            Path(vec![
                M((0.0, 0.0)),
                L((100.0, 0.0)),
                L((100.0, 100.0)),
                L((0.0, 100.0)),
                Z,
            ]),
            Path::default(),
            0,
        ),
    };
    Some((fill.turned(quarters), walls.turned(quarters)))
}

/// The board-frame segments of feature `fi`.
fn board_segments(tile: &TileType, rotation: Rotation, fi: usize) -> Vec<Segment> {
    tile.def
        .features
        .get(fi)
        .map(|f| f.segments.iter().map(|s| s.rotated(rotation)).collect())
        .unwrap_or_default()
}

impl Layout {
    /// Lays out `tile` turned by `rotation`, its attribute badges worded
    /// from `glossary`.
    pub fn new(tile: &TileType, rotation: Rotation, glossary: &Glossary) -> Layout {
        let features = &tile.def.features;
        let landscape = tile.landscape();
        let shape = |f: &carcassonne_core::tiles::FeatureDef| landscape.shape(f.kind);
        let n = features.len();
        let walls: Vec<Side> = Side::ALL.into_iter().filter(|&s| tile.is_wild(rotation, s)).collect();
        let mut layout = Layout {
            cities: Vec::new(),
            roads: Vec::new(),
            junction: false,
            houses: Vec::new(),
            cloisters: Vec::new(),
            cloister_colours: Vec::new(),
            ponds: Vec::new(),
            walls,
            pennants: Vec::new(),
            points: vec![CENTRE; n],
            badges: Vec::new(),
            hedges: Vec::new(),
        };
        let mut placed: Vec<Option<P>> = vec![None; n];

        // Cities.
        for (fi, f) in features.iter().enumerate() {
            if shape(f) != KindShape::Region {
                continue;
            }
            let mut sides = [false; 4];
            for s in board_segments(tile, rotation, fi) {
                sides[s.side() as usize] = true;
            }
            if let Some((fill, walls)) = city_shape(sides) {
                let poly = fill.flatten().into_iter().next().unwrap_or_default();
                let wall_lines = walls.flatten();
                layout.cities.push(CityShape {
                    feature: fi,
                    fill,
                    walls,
                    poly,
                    wall_lines,
                });
            }
        }
        let centre_in_city = layout.cities.iter().any(|c| {
            let sides = board_segments(tile, rotation, c.feature)
                .iter()
                .map(|s| s.side())
                .collect::<std::collections::BTreeSet<_>>();
            sides.len() >= 2
        });

        // Cloisters: the first in the centre, any others in free corners.
        let cloister_spots = [CENTRE, (27.0, 30.0), (73.0, 70.0), (73.0, 30.0), (27.0, 70.0)];
        for (fi, f) in features.iter().enumerate() {
            if f.kind == FeatureKind::CLOISTER {
                let p = cloister_spots[layout.cloisters.len() % cloister_spots.len()];
                layout.cloisters.push(p);
                layout
                    .cloister_colours
                    .push((f.kind != FeatureKind::CLOISTER).then(|| landscape.feature(f.kind).colour));
                placed[fi] = Some(p);
            }
        }

        // Roads, and paths of other kinds (rivers) drawn like them.
        let road_sides: Vec<(usize, Vec<Side>)> = features
            .iter()
            .enumerate()
            .filter(|(_, f)| shape(f) == KindShape::Path)
            .map(|(fi, _)| {
                let sides = board_segments(tile, rotation, fi)
                    .into_iter()
                    .filter(|s| s.is_centre())
                    .map(|s| s.side())
                    .collect();
                (fi, sides)
            })
            .collect();
        let is_road = |fi: usize| features[fi].kind == FeatureKind::ROAD;
        // A road whose end runs into a city's gate (`leads_into = "city:N"`)
        // is drawn into that city, not to a junction or a house: the side
        // of the city it enters, as the board shows it.
        let gate_of = |fi: usize| match features[fi].leads_into {
            Some(LeadsInto::Feature(j)) if shape(&features[j]) == KindShape::Region => {
                board_segments(tile, rotation, j)
                    .into_iter()
                    .find(|s| s.is_centre())
                    .map(|s| s.side())
            }
            _ => None,
        };
        let dead_ends = road_sides
            .iter()
            .filter(|(fi, s)| is_road(*fi) && s.len() == 1 && gate_of(*fi).is_none())
            .count();
        let through = road_sides.iter().filter(|(fi, s)| is_road(*fi) && s.len() >= 2).count();
        layout.junction = layout.cloisters.is_empty() && !centre_in_city && dead_ends >= 2 && through == 0;
        let to_centre = layout.junction || centre_in_city || layout.cloisters.first() == Some(&CENTRE);
        for (fi, sides) in &road_sides {
            let colour = (!is_road(*fi)).then(|| landscape.feature(features[*fi].kind).colour);
            let path = match sides.as_slice() {
                [] => continue,
                // A river that ends on the tile ends in a pond (a spring, a lake).
                [s] if colour.is_some() => {
                    layout.ponds.push((CENTRE, colour.unwrap_or(ROAD)));
                    Path(vec![Cmd::M(side_mid(*s)), Cmd::L(CENTRE)])
                }
                [s] if gate_of(*fi).is_some() => {
                    let city = gate_of(*fi).unwrap_or(*s);
                    Path(vec![Cmd::M(side_mid(*s)), Cmd::Q(CENTRE, side_inset(city, 30.0))])
                }
                [s] => {
                    let end = if to_centre { CENTRE } else { side_inset(*s, 36.0) };
                    if !to_centre {
                        layout.houses.push(side_inset(*s, 40.0));
                    }
                    Path(vec![Cmd::M(side_mid(*s)), Cmd::L(end)])
                }
                [a, b] if (*a as u8 + 2) % 4 == *b as u8 => Path(vec![Cmd::M(side_mid(*a)), Cmd::L(side_mid(*b))]),
                [a, b] => Path(vec![Cmd::M(side_mid(*a)), Cmd::Q(CENTRE, side_mid(*b))]),
                many => {
                    let mut p = Path::default();
                    for s in many {
                        p.extend(Path(vec![Cmd::M(side_mid(*s)), Cmd::L(CENTRE)]));
                    }
                    p
                }
            };
            let lines = path.flatten();
            layout.roads.push(RoadShape {
                feature: *fi,
                path,
                lines,
                colour,
            });
        }

        // Other features inside the tile (a garden): in the open spot
        // furthest from roads, cities and buildings.
        let inner_spots = [
            CENTRE,
            (30.0, 30.0),
            (70.0, 70.0),
            (70.0, 30.0),
            (30.0, 70.0),
            (50.0, 28.0),
            (72.0, 50.0),
            (50.0, 72.0),
            (28.0, 50.0),
            (50.0, 86.0),
            (86.0, 50.0),
            (50.0, 14.0),
            (14.0, 50.0),
        ];
        for (fi, f) in features.iter().enumerate() {
            if shape(f) == KindShape::Inner && f.kind != FeatureKind::CLOISTER {
                let p = inner_spots
                    .iter()
                    .copied()
                    .map(|p| (p, layout.clearance(p)))
                    .fold(None, |best: Option<(P, f64)>, (p, c)| match best {
                        Some((_, b)) if b >= c - 0.5 => best,
                        _ => Some((p, c)),
                    })
                    .map_or(CENTRE, |(p, _)| p);
                layout.cloisters.push(p);
                layout.cloister_colours.push(Some(landscape.feature(f.kind).colour));
                placed[fi] = Some(p);
            }
        }

        // Hedges where two fields meet on the border with nothing between.
        let field_at = |i: usize| {
            tile.feature_at(rotation, Segment::from_index(i))
                .filter(|&f| features.get(f).is_some_and(|d| shape(d) == KindShape::Land))
        };
        for i in 0..12 {
            let (Some(a), Some(b)) = (field_at(i), field_at((i + 1) % 12)) else {
                continue;
            };
            if a != b {
                let side = (i / 3) as u8;
                let x = [100.0 / 3.0, 200.0 / 3.0, 100.0][i % 3];
                let hedge = layout.hedge_from(turn((x, 0.0), side));
                layout.hedges.push(hedge);
            }
        }

        // Representative points: cities, then roads, then fields.
        for c in &layout.cities {
            let mids: Vec<P> = board_segments(tile, rotation, c.feature)
                .into_iter()
                .map(segment_mid)
                .collect();
            let mut cands: Vec<P> = Vec::new();
            if let Some(m) = centroid(&mids) {
                cands.extend([0.72, 0.55, 0.85].map(|k| pull(m, k)));
            }
            if let Some(m) = centroid(&c.poly) {
                cands.push(m);
            }
            let score = |p: P, taken: &[Option<P>]| {
                let own = if inside(p, &c.poly) {
                    dist_to_polyline(p, &c.poly) - 6.0
                } else {
                    -dist_to_polyline(p, &c.poly) - 6.0
                };
                own.min(spacing(p, taken))
            };
            placed[c.feature] = Some(pick(&cands, &placed, 0.0, score));
        }
        for r in &layout.roads {
            let sides = &road_sides
                .iter()
                .find(|(fi, _)| *fi == r.feature)
                .map(|(_, s)| s.clone());
            let mut cands: Vec<P> = Vec::new();
            match sides.as_deref() {
                Some([s]) => cands.extend([16.0, 24.0, 9.0].map(|d| side_inset(*s, d))),
                Some([_, _]) => {
                    if let Some(line) = r.lines.first() {
                        cands.extend([0.5, 0.3, 0.7, 0.2, 0.8].iter().filter_map(|t| along(line, *t)));
                    }
                }
                Some(many) => {
                    for s in many {
                        cands.extend([20.0, 30.0].map(|d| side_inset(*s, d)));
                    }
                }
                None => {}
            }
            placed[r.feature] = Some(pick(&cands, &placed, 0.0, spacing));
        }
        for (fi, f) in features.iter().enumerate() {
            if shape(f) != KindShape::Land {
                continue;
            }
            let segs = board_segments(tile, rotation, fi);
            let mids: Vec<P> = segs.iter().map(|s| segment_mid(*s)).collect();
            let mut cands: Vec<P> = Vec::new();
            if let Some(m) = centroid(&mids) {
                cands.extend([0.72, 0.55, 0.85, 0.4].map(|k| pull(m, k)));
            }
            let anchors: Vec<P> = segs
                .iter()
                .map(|s| inset_from(s.side(), segment_mid(*s), 8.0))
                .collect();
            for s in &segs {
                for d in [13.0, 22.0, 32.0] {
                    cands.push(inset_from(s.side(), segment_mid(*s), d));
                }
            }
            let lay = &layout;
            let score = |p: P, taken: &[Option<P>]| {
                if !anchors.iter().any(|a| lay.open_line(p, *a)) {
                    return -100.0;
                }
                lay.clearance(p).min(spacing(p, taken))
            };
            let p = pick(&cands, &placed, 6.0, score);
            placed[fi] = Some(p);
        }
        layout.points = placed.into_iter().map(|p| p.unwrap_or(CENTRE)).collect();

        // Pennants.
        for c in &layout.cities {
            let pennants = features.get(c.feature).map_or(0, |f| f.pennants);
            if pennants == 0 {
                continue;
            }
            let rep = layout.points.get(c.feature).copied().unwrap_or(CENTRE);
            let (dx, dy) = (rep.0 - CENTRE.0, rep.1 - CENTRE.1);
            let len = (dx * dx + dy * dy).sqrt();
            let dir = if len < 1.0 { (0.0, -1.0) } else { (dx / len, dy / len) };
            let perp = (-dir.1, dir.0);
            let cands = [
                (rep.0 + perp.0 * 18.0, rep.1 + perp.1 * 18.0),
                (rep.0 - perp.0 * 18.0, rep.1 - perp.1 * 18.0),
                (rep.0 + dir.0 * 14.0, rep.1 + dir.1 * 14.0),
                (rep.0 - dir.0 * 16.0, rep.1 - dir.1 * 16.0),
            ];
            let points = &layout.points;
            let best = cands
                .iter()
                .copied()
                .map(|p| {
                    let own = if inside(p, &c.poly) {
                        dist_to_polyline(p, &c.poly) - 8.0
                    } else {
                        -50.0
                    };
                    let others = points.iter().map(|q| dist(p, *q) - 13.0).fold(f64::INFINITY, f64::min);
                    (p, own.min(others))
                })
                .fold(None::<(P, f64)>, |best, (p, s)| match best {
                    Some((_, bs)) if bs >= 0.0 || bs >= s => best,
                    _ => Some((p, s)),
                })
                .map_or(rep, |(p, _)| p);
            layout.pennants.push((best, pennants));
        }

        // Badges: a feature's tables near the feature, the tile's along an
        // edge or in a corner, wherever they hide the least.
        let worded = |(id, v): (&String, &toml::Value)| (attribute_label(id, v), glossary.attribute_words(id, v));
        for (fi, f) in features.iter().enumerate() {
            let labels: Vec<(String, String)> = f.attributes.iter().map(worded).collect();
            if labels.is_empty() {
                continue;
            }
            let rep = layout.points.get(fi).copied().unwrap_or(CENTRE);
            let cands = [
                ((rep.0, rep.1 + 14.0), 12.0),
                ((rep.0, rep.1 - 14.0), -12.0),
                ((rep.0 + 22.0, rep.1 + 10.0), 12.0),
                ((rep.0 - 22.0, rep.1 + 10.0), 12.0),
            ];
            layout.place_badges(labels, &cands);
        }
        let labels: Vec<(String, String)> = tile.def.attributes.iter().map(worded).collect();
        if !labels.is_empty() {
            let w = labels
                .iter()
                .map(|(l, _)| badge_rect((50.0, 50.0), l).2)
                .fold(0.0, f64::max);
            let (left, right) = (w / 2.0 + 3.0, 97.0 - w / 2.0);
            let cands = [
                ((50.0, 89.0), -12.0),
                ((50.0, 11.0), 12.0),
                ((left, 89.0), -12.0),
                ((right, 89.0), -12.0),
                ((left, 11.0), 12.0),
                ((right, 11.0), 12.0),
                ((left, 50.0), 12.0),
                ((right, 50.0), 12.0),
            ];
            layout.place_badges(labels, &cands);
        }
        layout
    }

    /// How far `p` is from roads, cities, cloisters, junctions, houses and
    /// the tile's border (negative: on one of them).
    fn clearance(&self, p: P) -> f64 {
        let mut c = p.0.min(100.0 - p.0).min(p.1).min(100.0 - p.1) - 7.0;
        for r in &self.roads {
            for line in &r.lines {
                c = c.min(dist_to_polyline(p, line) - 8.0);
            }
        }
        for city in &self.cities {
            let d = dist_to_polyline(p, &city.poly);
            c = c.min(if inside(p, &city.poly) { -d } else { d - 4.0 });
        }
        for q in &self.cloisters {
            c = c.min(dist(p, *q) - 19.0);
        }
        for (q, _) in &self.ponds {
            c = c.min(dist(p, *q) - 15.0);
        }
        if self.junction {
            c = c.min(dist(p, CENTRE) - 12.0);
        }
        for h in &self.houses {
            c = c.min(dist(p, *h) - 10.0);
        }
        for w in &self.walls {
            c = c.min(dist_to_polyline(p, &[turn((0.0, 0.0), *w as u8), turn((100.0, 0.0), *w as u8)]) - 10.0);
        }
        c
    }

    /// Whether `p` is on a road, in a city or on a cloister or junction.
    fn blocked(&self, p: P) -> bool {
        self.roads
            .iter()
            .any(|r| r.lines.iter().any(|l| dist_to_polyline(p, l) <= 5.5))
            || self.cities.iter().any(|c| inside(p, &c.poly))
            || self.cloisters.iter().any(|q| dist(p, *q) <= 12.0)
            || (self.junction && dist(p, CENTRE) <= 7.0)
    }

    /// A hedge from border point `from` towards the centre, up to the first
    /// road, city or building; from the centre on, to the nearest one.
    fn hedge_from(&self, from: P) -> Vec<P> {
        let steps = dist(from, CENTRE).ceil().max(1.0) as usize;
        for i in 1..=steps {
            let t = i as f64 / steps as f64;
            let p = (from.0 + (CENTRE.0 - from.0) * t, from.1 + (CENTRE.1 - from.1) * t);
            if self.blocked(p) {
                return vec![from, p];
            }
        }
        let mut targets: Vec<P> = Vec::new();
        for c in &self.cities {
            targets.extend(c.wall_lines.iter().flatten().copied());
        }
        for r in &self.roads {
            targets.extend(r.lines.iter().flatten().copied());
        }
        targets.extend(self.cloisters.iter().map(|q| (q.0, q.1 + 13.0)));
        let nearest = targets
            .into_iter()
            .min_by(|a, b| dist(*a, CENTRE).total_cmp(&dist(*b, CENTRE)));
        match nearest {
            Some(n) => vec![from, CENTRE, n],
            None => vec![from, CENTRE],
        }
    }

    /// Whether the straight way from `a` to `b` crosses no road, city or
    /// cloister (so both lie in the same field).
    fn open_line(&self, a: P, b: P) -> bool {
        let steps = (dist(a, b) / 2.0).ceil().max(1.0) as usize;
        (0..=steps).all(|i| {
            let t = i as f64 / steps as f64;
            let p = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            self.roads
                .iter()
                .all(|r| r.lines.iter().all(|l| dist_to_polyline(p, l) > 5.5))
                && self.cities.iter().all(|c| !inside(p, &c.poly))
                && self.cloisters.iter().all(|q| dist(p, *q) > 12.0)
                && (!self.junction || dist(p, CENTRE) > 7.0)
                && self.hedges.iter().all(|h| dist_to_polyline(p, h) > 2.0)
        })
    }

    /// Places a stack of badges at the first candidate (first badge's
    /// centre, step to the next) that hides nothing, else the clearest.
    fn place_badges(&mut self, labels: Vec<(String, String)>, cands: &[(P, f64)]) {
        let mut best: Option<(usize, f64)> = None;
        for (i, (at, step)) in cands.iter().enumerate() {
            let c = labels
                .iter()
                .enumerate()
                .map(|(k, (l, _))| self.badge_clearance(badge_rect((at.0, at.1 + step * k as f64), l)))
                .fold(f64::INFINITY, f64::min);
            if c >= 1.0 {
                best = Some((i, c));
                break;
            }
            if best.is_none_or(|(_, b)| c > b) {
                best = Some((i, c));
            }
        }
        let (at, step) = best
            .and_then(|(i, _)| cands.get(i).copied())
            .unwrap_or(((50.0, 89.0), -12.0));
        for (k, (label, words)) in labels.into_iter().enumerate() {
            self.badges.push(((at.0, at.1 + step * k as f64), label, words));
        }
    }

    /// How far a badge's rectangle (x, y, w, h) keeps from roads, city
    /// walls, figure spots, buildings, pennants and other badges.
    fn badge_clearance(&self, (x, y, w, h, _): (f64, f64, f64, f64, f64)) -> f64 {
        let mut c = f64::INFINITY;
        let cols = (w / 4.0).ceil().max(1.0) as usize;
        let rows = (h / 4.0).ceil().max(1.0) as usize;
        for i in 0..=cols {
            for j in 0..=rows {
                let p = (x + w * i as f64 / cols as f64, y + h * j as f64 / rows as f64);
                for r in &self.roads {
                    for l in &r.lines {
                        c = c.min(dist_to_polyline(p, l) - 5.5);
                    }
                }
                for city in &self.cities {
                    for l in &city.wall_lines {
                        c = c.min(dist_to_polyline(p, l) - 1.5);
                    }
                }
                for q in &self.points {
                    c = c.min(dist(p, *q) - 9.0);
                }
                for q in &self.cloisters {
                    c = c.min(dist(p, (q.0, q.1 - 3.0)) - 17.0);
                }
                if self.junction {
                    c = c.min(dist(p, CENTRE) - 9.0);
                }
                for q in &self.houses {
                    c = c.min(dist(p, *q) - 8.0);
                }
                for (q, _) in &self.pennants {
                    c = c.min(dist(p, *q) - 8.0);
                }
                for (q, _, _) in &self.badges {
                    c = c.min(dist(p, *q) - 6.0);
                }
            }
        }
        c
    }
}

/// How far `p` is from the points already taken, less a figure's room.
fn spacing(p: P, taken: &[Option<P>]) -> f64 {
    taken
        .iter()
        .flatten()
        .map(|q| dist(p, *q) - 15.0)
        .fold(f64::INFINITY, f64::min)
}

/// The first candidate scoring at least `good`, else the best scoring one.
fn pick(cands: &[P], taken: &[Option<P>], good: f64, score: impl Fn(P, &[Option<P>]) -> f64) -> P {
    let mut best: Option<(P, f64)> = None;
    for &p in cands {
        let s = score(p, taken);
        if s >= good {
            return p;
        }
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((p, s));
        }
    }
    best.map_or(CENTRE, |(p, _)| p)
}

/// The text of an expansion attribute table, for badges, in words: a
/// string value shows as itself (`{symbol = "nest"}` → `nest`), `true` as
/// the key (`{inn = true}` → `inn`), `false` as `no` and the key, a number
/// after its key (`{height = 2}` → `height 2`), anything else as `key:
/// value`, with dashes and underscores of keys as spaces (`pig-herd` →
/// `pig herd`); the parts are joined with ` · ` in file order (`{tree =
/// "apple", farmhouse = true}` → `apple · farmhouse`). An empty table, or
/// one with nothing to show, is labelled with the expansion's id. The
/// badge's hover words name the expansion and each attribute's declared
/// description ([`Glossary::attribute_words`]).
pub fn attribute_label(expansion: &str, value: &toml::Value) -> String {
    use super::words::spaced;
    use toml::Value;
    let parts: Vec<String> = match value {
        Value::Table(t) => t
            .iter()
            .map(|(k, v)| match v {
                Value::String(s) => s.clone(),
                Value::Boolean(true) => spaced(k),
                Value::Boolean(false) => format!("no {}", spaced(k)),
                Value::Integer(i) => format!("{} {i}", spaced(k)),
                Value::Float(f) => format!("{} {f}", spaced(k)),
                Value::Datetime(d) => format!("{} {d}", spaced(k)),
                Value::Array(a) => format!("{}: {}", spaced(k), a.iter().map(scalar).collect::<Vec<_>>().join(", ")),
                Value::Table(_) => format!("{}: {}", spaced(k), scalar(v)),
            })
            .filter(|s| !s.is_empty())
            .collect(),
        other => vec![scalar(other)],
    };
    if parts.is_empty() {
        expansion.to_string()
    } else {
        parts.join(" · ")
    }
}

pub(crate) fn scalar(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The point where a figure on feature `feature` of `tile` turned by
/// `rotation` stands, in tile units (0..100, `y` to the south): the centre
/// for a cloister, a point inside the city, on the road, or in the field
/// otherwise (from the centroid of the feature's segment midpoints, moved
/// off roads, cities and other features' points). `None` when the tile has
/// no such feature.
pub fn feature_point(tile: &TileType, rotation: Rotation, feature: usize) -> Option<(f64, f64)> {
    if feature >= tile.def.features.len() {
        return None;
    }
    Layout::new(tile, rotation, &Glossary::default())
        .points
        .get(feature)
        .copied()
}

/// The drawing of a tile in the board frame, 100 × 100 units from (0, 0).
pub(crate) fn tile_body(layout: &Layout) -> String {
    let mut s = String::with_capacity(2048);
    s.push_str(&format!(
        r#"<rect class="field" width="100" height="100" fill="{FIELD}"/>"#
    ));
    // Rivers first: roads cross them on bridges.
    for r in layout.roads.iter().filter(|r| r.colour.is_some()) {
        let d = r.path.d();
        let colour = r.colour.unwrap_or(ROAD);
        s.push_str(&format!(
            r#"<path class="river-bank" d="{d}" fill="none" stroke="{RIVER_BANK}" stroke-width="14" stroke-linejoin="round"/><path class="river" data-feature="{}" d="{d}" fill="none" stroke="{colour}" stroke-width="10" stroke-linejoin="round"/>"#,
            r.feature
        ));
    }
    for (p, colour) in &layout.ponds {
        s.push_str(&format!(
            r#"<circle class="pond" cx="{}" cy="{}" r="13" fill="{colour}" stroke="{RIVER_BANK}" stroke-width="2"/>"#,
            num(p.0),
            num(p.1)
        ));
    }
    for r in layout.roads.iter().filter(|r| r.colour.is_none()) {
        let d = r.path.d();
        s.push_str(&format!(
            r#"<path class="road-casing" d="{d}" fill="none" stroke="{ROAD_CASING}" stroke-width="11" stroke-linejoin="round"/><path class="road" data-feature="{}" d="{d}" fill="none" stroke="{ROAD}" stroke-width="7" stroke-linejoin="round"/>"#,
            r.feature
        ));
    }
    for h in &layout.hedges {
        let d: Vec<String> = h.iter().map(|p| format!("{} {}", num(p.0), num(p.1))).collect();
        s.push_str(&format!(
            r##"<path class="hedge" d="M{}" fill="none" stroke="#3f6f2a" stroke-width="3" stroke-dasharray="4 2.5" stroke-linecap="round"/>"##,
            d.join(" L")
        ));
    }
    for h in &layout.houses {
        s.push_str(&house(*h));
    }
    for c in &layout.cities {
        s.push_str(&format!(
            r#"<path class="city" data-feature="{}" d="{}" fill="{CITY}"/>"#,
            c.feature,
            c.fill.d()
        ));
        let stones = stonework(&c.poly);
        if !stones.is_empty() {
            s.push_str(&format!(
                r#"<path class="city-texture" d="{stones}" fill="none" stroke="{CITY_STONES}" stroke-opacity="0.5" stroke-width="1.6" stroke-linecap="round"/>"#
            ));
        }
        if !c.walls.0.is_empty() {
            s.push_str(&format!(
                r#"<path class="city-wall" d="{}" fill="none" stroke="{CITY_WALL}" stroke-width="2.5" stroke-linecap="round"/>"#,
                c.walls.d()
            ));
        }
    }
    if layout.junction {
        s.push_str(&format!(
            r##"<rect class="junction" x="43" y="43" width="14" height="14" rx="1.5" fill="#8a6d4a" stroke="{ROAD_CASING}" stroke-width="1.5"/>"##
        ));
    }
    for (c, colour) in layout.cloisters.iter().zip(&layout.cloister_colours) {
        match colour {
            None => s.push_str(&cloister(*c)),
            Some(colour) => s.push_str(&garden(*c, colour)),
        }
    }
    for w in &layout.walls {
        let (a, b) = (turn((0.0, 0.0), *w as u8), turn((100.0, 6.0), *w as u8));
        let (x, y) = (a.0.min(b.0), a.1.min(b.1));
        let (wd, ht) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
        s.push_str(&format!(
            r#"<rect class="wall" x="{}" y="{}" width="{}" height="{}" fill="{WALL}"/>"#,
            num(x),
            num(y),
            num(wd),
            num(ht)
        ));
    }
    for (p, count) in &layout.pennants {
        s.push_str(&pennant(*p, *count));
    }
    for (p, label, words) in &layout.badges {
        s.push_str(&badge(*p, label, words));
    }
    s
}

/// Masonry courses inside a city's polygon, as one path: short strokes in
/// rows 9 units apart, each row offset by half a stone from the one above
/// (a brick bond), kept 3 units from the city's edge. Fixed in the tile's
/// frame, so the drawing stays deterministic and needs no `<pattern>` (whose
/// id would repeat once per tile in a page).
fn stonework(poly: &[P]) -> String {
    const ROW: f64 = 9.0;
    const STONE: f64 = 6.0;
    const STEP: f64 = 10.0;
    const MARGIN: f64 = 3.0;
    let edge: Vec<P> = poly.iter().copied().chain(poly.first().copied()).collect();
    let clear = |p: P| inside(p, poly) && dist_to_polyline(p, &edge) >= MARGIN;
    let mut d = Vec::new();
    for row in 0..11 {
        let y = 5.0 + ROW * f64::from(row);
        let offset = if row % 2 == 0 { 2.0 } else { 2.0 + STEP / 2.0 };
        for k in 0..10 {
            let x = offset + STEP * f64::from(k);
            let (a, b) = ((x, y), (x + STONE, y));
            if clear(a) && clear(b) {
                d.push(format!("M{} {}h{}", num(a.0), num(a.1), num(STONE)));
            }
        }
    }
    d.join("")
}

fn house(p: P) -> String {
    format!(
        r##"<g class="house"><rect x="{}" y="{}" width="18" height="12" fill="#efe6d2" stroke="#4b3a2a" stroke-width="1.2"/><path d="M{} {} L{} {} L{} {} Z" fill="#b33a2b" stroke="#4b3a2a" stroke-width="1.2" stroke-linejoin="round"/><rect x="{}" y="{}" width="4" height="6" fill="#4b3a2a"/></g>"##,
        num(p.0 - 9.0),
        num(p.1 - 3.0),
        num(p.0 - 12.0),
        num(p.1 - 3.0),
        num(p.0),
        num(p.1 - 13.0),
        num(p.0 + 12.0),
        num(p.1 - 3.0),
        num(p.0 - 2.0),
        num(p.1 + 3.0),
    )
}

/// A feature of a declared kind inside the tile (a garden): a round bed of
/// its colour with a hedge round it.
fn garden(c: P, colour: &str) -> String {
    let (x, y) = c;
    format!(
        r##"<g class="garden"><circle cx="{}" cy="{}" r="9" fill="{colour}" stroke="#3f6f2a" stroke-width="2.2" stroke-dasharray="3 1.5"/><circle cx="{}" cy="{}" r="2.5" fill="#e8c547"/><circle cx="{}" cy="{}" r="2" fill="#d0574b"/><circle cx="{}" cy="{}" r="2" fill="#f2f2f2"/></g>"##,
        num(x),
        num(y),
        num(x - 3.0),
        num(y - 2.5),
        num(x + 3.5),
        num(y + 1.0),
        num(x - 1.0),
        num(y + 4.0),
    )
}

fn cloister(c: P) -> String {
    let (x, y) = c;
    format!(
        r##"<g class="cloister"><rect x="{}" y="{}" width="24" height="17" fill="#f3e6c9" stroke="#4b3a2a" stroke-width="1.2"/><path d="M{} {} L{} {} L{} {} Z" fill="#c0392b" stroke="#4b3a2a" stroke-width="1.2" stroke-linejoin="round"/><rect x="{}" y="{}" width="6" height="8" fill="#4b3a2a"/><path d="M{} {} V{} M{} {} H{}" stroke="#4b3a2a" stroke-width="1.2"/></g>"##,
        num(x - 12.0),
        num(y - 4.0),
        num(x - 15.0),
        num(y - 3.0),
        num(x),
        num(y - 16.0),
        num(x + 15.0),
        num(y - 3.0),
        num(x - 3.0),
        num(y + 5.0),
        num(x),
        num(y - 16.0),
        num(y - 23.0),
        num(x - 3.0),
        num(y - 20.0),
        num(x + 3.0),
    )
}

fn pennant(p: P, count: u8) -> String {
    let (x, y) = p;
    let mut s = format!(
        r##"<path class="pennant" d="M{} {} H{} V{} Q{} {} {} {} Q{} {} {} {} Z" fill="{PENNANT}" stroke="#ffffff" stroke-width="1.3" stroke-linejoin="round"/>"##,
        num(x - 6.0),
        num(y - 7.0),
        num(x + 6.0),
        num(y),
        num(x + 6.0),
        num(y + 6.0),
        num(x),
        num(y + 9.0),
        num(x - 6.0),
        num(y + 6.0),
        num(x - 6.0),
        num(y),
    );
    if count > 1 {
        s.push_str(&format!(
            r##"<text x="{}" y="{}" font-family="sans-serif" font-size="8" font-weight="bold" fill="#ffffff" text-anchor="middle">{count}</text>"##,
            num(x),
            num(y + 3.0)
        ));
    }
    s
}

/// The rectangle (x, y, width, height) and font size of a badge centred on
/// `p`, kept inside the tile; long labels get a smaller font.
fn badge_rect(p: P, label: &str) -> (f64, f64, f64, f64, f64) {
    let chars = label.chars().count().max(1) as f64;
    // Legible at the game page's default zoom (a tile 100 px wide).
    let mut size = 10.0;
    if chars * size * 0.58 + 6.0 > 98.0 {
        size = ((98.0 - 6.0) / (chars * 0.58)).max(3.0);
    }
    let w = (chars * size * 0.58 + 6.0).min(98.0);
    let h = size + 4.0;
    let x = (p.0 - w / 2.0).clamp(1.0, 99.0 - w);
    let y = (p.1 - h / 2.0).clamp(1.0, 99.0 - h);
    (x, y, w, h, size)
}

/// A labelled badge centred on `p`, kept inside the tile, with `words` on
/// hover.
pub(crate) fn badge(p: P, label: &str, words: &str) -> String {
    let (x, y, w, h, size) = badge_rect(p, label);
    format!(
        r##"<g class="badge"><title>{}</title><rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="#ffffff" fill-opacity="0.92" stroke="#333333" stroke-width="0.7"/><text x="{}" y="{}" font-family="sans-serif" font-size="{}" fill="#222222" text-anchor="middle">{}</text></g>"##,
        escape_xml(words),
        num(x),
        num(y),
        num(w),
        num(h),
        num(x + w / 2.0),
        num(y + h - 3.2),
        num(size),
        escape_xml(label)
    )
}

/// The tile's thin outline.
const OUTLINE: &str = r##"<rect class="outline" width="100" height="100" fill="none" stroke="#000000" stroke-opacity="0.35" stroke-width="0.6"/>"##;

/// `tile` turned by `rotation` as an SVG group whose top-left corner is at
/// (`x`, `y`), 100 units a side: the building block of board pictures.
/// Its attribute badges are worded from the linked expansions
/// ([`Glossary::linked`]); [`tile_group_in`] takes the glossary.
pub fn tile_group(tile: &TileType, rotation: Rotation, x: f64, y: f64) -> String {
    tile_group_in(tile, rotation, x, y, Glossary::linked())
}

/// [`tile_group`] with its attribute badges worded from `glossary` (a
/// game's expansions, plugins too: [`Glossary::of_rules`]).
pub fn tile_group_in(tile: &TileType, rotation: Rotation, x: f64, y: f64, glossary: &Glossary) -> String {
    tile_group_with(
        tile,
        rotation,
        x,
        y,
        &Layout::new(tile, rotation, glossary),
        "",
        Art::Inline,
    )
}

/// [`tile_group_in`] with the tile's own picture, if it has one, by
/// reference ([`Art::Reference`]): for a page that holds the picture once
/// ([`art_defs`], as the board pictures hold it), however many tiles show it.
pub fn tile_group_referring(tile: &TileType, rotation: Rotation, x: f64, y: f64, glossary: &Glossary) -> String {
    tile_group_with(
        tile,
        rotation,
        x,
        y,
        &Layout::new(tile, rotation, glossary),
        "",
        Art::Reference,
    )
}

/// How a tile's own picture (`art`) goes into a drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Art {
    /// Whole, in the tile's own group: a picture that stands alone.
    Inline,
    /// As a `<use>` of the picture's element ([`art_id`]), which the
    /// drawing (or the page) holds once in its `<defs>` ([`art_defs`]): a
    /// board of 500 copies of a 500 KB picture holds it once, not 500 times.
    Reference,
}

/// The id of the element that holds a tile picture in a drawing's
/// `<defs>` ([`art_defs`]): named by a hash of the picture, so that every
/// drawing of one page refers to the same element for the same picture.
pub fn art_id(svg: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in svg.as_bytes() {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("tile-art-{hash:016x}-{}", svg.len())
}

/// A `<defs>` holding each of `pictures` once (tile pictures, the SVG
/// text of their `art`), as the `<image>` elements that tiles drawn with
/// [`Art::Reference`] use; empty when there is none.
pub fn art_defs<'a>(pictures: impl IntoIterator<Item = &'a str>) -> String {
    use base64::Engine as _;
    let mut seen = std::collections::HashSet::new();
    let mut out = String::new();
    for svg in pictures {
        let id = art_id(svg);
        if seen.insert(id.clone()) {
            out.push_str(&format!(
                r#"<image id="{id}" class="art" href="data:image/svg+xml;base64,{}" width="100" height="100" preserveAspectRatio="none"/>"#,
                base64::engine::general_purpose::STANDARD.encode(svg.as_bytes()),
            ));
        }
    }
    if out.is_empty() {
        out
    } else {
        format!("<defs>{out}</defs>")
    }
}

/// The tile's own picture (its `art`, read), if it has one.
pub(crate) fn art_of(tile: &TileType) -> Option<&str> {
    tile.def.art.as_ref().and_then(|a| a.svg.as_deref())
}

/// [`tile_group`] with a precomputed layout and extra attributes for the
/// group element (which must be well-formed XML attributes), its own
/// picture put in as `art` says.
pub(crate) fn tile_group_with(
    tile: &TileType,
    rotation: Rotation,
    x: f64,
    y: f64,
    layout: &Layout,
    attrs: &str,
    art: Art,
) -> String {
    format!(
        r#"<g class="tile" data-tile="{}" data-rotation="{}" transform="translate({} {})"{attrs}><title>{}</title>{}{OUTLINE}</g>"#,
        escape_xml(tile.id()),
        rotation.degrees(),
        num(x),
        num(y),
        escape_xml(&tile_title(tile, rotation)),
        picture(tile, rotation, layout, art),
    )
}

/// The style that hides the features drawn over a tile's own picture
/// until the pointer is on the tile (see [`picture`]).
pub(crate) const ART_STYLE: &str =
    "<style>.art-features{opacity:0}.tile:hover .art-features,svg.art:hover .art-features{opacity:.55}</style>";

/// The tile's picture: its own (`art` in its tile file), turned with the
/// tile, with the features drawn from its definition over it, shown only
/// on hover so the features can still be told apart; or, without one, the
/// picture drawn from its features. The own picture goes into an
/// `<image>` as a data URI (a browser runs no script in it): here, or by
/// reference to one held once in the drawing's `<defs>`.
fn picture(tile: &TileType, rotation: Rotation, layout: &Layout, art: Art) -> String {
    match (art_of(tile), art) {
        (Some(svg), Art::Inline) => {
            use base64::Engine as _;
            format!(
                r#"<image class="art" href="data:image/svg+xml;base64,{}" width="100" height="100" preserveAspectRatio="none" transform="rotate({} 50 50)"/><g class="art-features">{}</g>"#,
                base64::engine::general_purpose::STANDARD.encode(svg.as_bytes()),
                rotation.degrees(),
                tile_body(layout)
            )
        }
        (Some(svg), Art::Reference) => format!(
            r##"<use href="#{}" transform="rotate({} 50 50)"/><g class="art-features">{}</g>"##,
            art_id(svg),
            rotation.degrees(),
            tile_body(layout)
        ),
        (None, _) => tile_body(layout),
    }
}

/// "set/id: name, turned N°".
fn tile_title(tile: &TileType, rotation: Rotation) -> String {
    let mut t = format!("{}/{}", tile.set, tile.id());
    if let Some(name) = &tile.def.name {
        t.push_str(": ");
        t.push_str(name);
    }
    if rotation.degrees() != 0 {
        t.push_str(&format!(", turned {}°", rotation.degrees()));
    }
    t
}

/// A standalone SVG picture of `tile` turned by `rotation`, drawn from its
/// definition (see the module documentation for what it shows). The
/// picture is 100 × 100 units in its `viewBox` and 200 pixels wide; it
/// scales to any size. Its attribute badges are worded from the linked
/// expansions ([`Glossary::linked`]); [`tile_svg_in`] takes the glossary.
pub fn tile_svg(tile: &TileType, rotation: Rotation) -> String {
    tile_svg_in(tile, rotation, Glossary::linked())
}

/// [`tile_svg`] with its attribute badges worded from `glossary` (a
/// catalog's expansions, plugins too: [`Glossary::of_catalog`]).
pub fn tile_svg_in(tile: &TileType, rotation: Rotation, glossary: &Glossary) -> String {
    tile_svg_sized(tile, rotation, 200, glossary)
}

/// [`tile_svg_in`] with the tile's own picture, if it has one, by
/// reference ([`Art::Reference`]), for a page that holds it once (see
/// [`tile_group_referring`]).
pub fn tile_svg_referring(tile: &TileType, rotation: Rotation, glossary: &Glossary) -> String {
    tile_svg_drawn(tile, rotation, 200, glossary, Art::Reference)
}

/// [`tile_svg_in`] at `px` pixels a side.
pub(crate) fn tile_svg_sized(tile: &TileType, rotation: Rotation, px: u32, glossary: &Glossary) -> String {
    tile_svg_drawn(tile, rotation, px, glossary, Art::Inline)
}

fn tile_svg_drawn(tile: &TileType, rotation: Rotation, px: u32, glossary: &Glossary, art_in: Art) -> String {
    let layout = Layout::new(tile, rotation, glossary);
    let art = tile.def.art.as_ref().is_some_and(|a| a.svg.is_some());
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 102 102" width="{px}" height="{px}" role="img"{}><title>{}</title>{}{}{OUTLINE}</svg>"#,
        if art { r#" class="art""# } else { "" },
        escape_xml(&tile_title(tile, rotation)),
        if art { ART_STYLE } else { "" },
        picture(tile, rotation, &layout, art_in),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_core::rules::BASE_TILES;
    use carcassonne_core::{Catalog, TileSource};

    fn base(id: &str) -> TileType {
        let set = TileSource::default()
            .load("base.toml", BASE_TILES, &Catalog::default())
            .expect("base tiles");
        let def = set.tile(id).expect("tile").clone();
        TileType::new(0, "base", def, &carcassonne_core::tiles::Landscape::base())
    }

    /// A tile with its own picture is drawn with it, turned with the tile,
    /// the features from its definition over it for the hover; a tile
    /// without one is drawn from its features alone.
    #[test]
    fn a_tile_with_its_own_picture_is_drawn_with_it() {
        use base64::Engine as _;
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'><rect width='100' height='40'/></svg>";
        let mut def = base("U").def;
        def.art = Some(carcassonne_core::tiles::TileArt {
            path: "art/u.svg".into(),
            svg: Some(svg.into()),
        });
        let tile = TileType::new(0, "base", def, &carcassonne_core::tiles::Landscape::base());
        let drawn = tile_svg(&tile, Rotation::quarters(1));
        let encoded = base64::engine::general_purpose::STANDARD.encode(svg);
        assert!(
            drawn.contains(&format!("href=\"data:image/svg+xml;base64,{encoded}\"")),
            "{drawn}"
        );
        assert!(drawn.contains("rotate(90 50 50)"), "{drawn}");
        assert!(
            drawn.contains("<g class=\"art-features\"><rect class=\"field\""),
            "{drawn}"
        );
        assert!(
            !drawn.contains("<svg xmlns='http"),
            "the picture is inside an image, never inline"
        );
        let group = tile_group(&tile, Rotation::NONE, 0.0, 0.0);
        assert!(group.contains("<image class=\"art\""), "{group}");
        assert!(!tile_svg(&base("U"), Rotation::NONE).contains("<image"));
    }

    #[test]
    fn separate_cities_do_not_overlap() {
        for id in ["H", "I"] {
            for r in Rotation::ALL {
                let layout = Layout::new(&base(id), r, &Glossary::default());
                assert_eq!(layout.cities.len(), 2);
                let (a, b) = (&layout.cities[0].poly, &layout.cities[1].poly);
                for i in 0..50 {
                    for j in 0..50 {
                        let p = (1.0 + 2.0 * i as f64, 1.0 + 2.0 * j as f64);
                        assert!(!(inside(p, a) && inside(p, b)), "{id} {r:?}: both cities at {p:?}");
                    }
                }
                // And a field lies between them: the tile's centre.
                assert!(!inside(CENTRE, a) && !inside(CENTRE, b));
            }
        }
    }

    #[test]
    fn one_city_over_several_sides_is_one_shape_through_the_middle() {
        for id in ["C", "F", "Q"] {
            let layout = Layout::new(&base(id), Rotation::NONE, &Glossary::default());
            assert_eq!(layout.cities.len(), 1);
            assert!(inside(CENTRE, &layout.cities[0].poly), "{id}");
        }
    }

    #[test]
    fn roads_join_at_side_centres() {
        // U's road meets both sides at their centres, so neighbours join.
        let layout = Layout::new(&base("U"), Rotation::NONE, &Glossary::default());
        let line = &layout.roads[0].lines[0];
        assert_eq!(line.first(), Some(&(100.0, 50.0)));
        assert_eq!(line.last(), Some(&(0.0, 50.0)));
        // V's curve too, turned.
        let layout = Layout::new(&base("V"), Rotation::quarters(1), &Glossary::default());
        let line = &layout.roads[0].lines[0];
        let ends = [line[0], line[line.len() - 1]];
        assert!(ends.contains(&(0.0, 50.0)) && ends.contains(&(50.0, 0.0)), "{ends:?}");
    }
}
