//! Small geometry for the pictures: points, paths that can be turned by
//! quarter turns about a tile's centre, flattening and distances.
//!
//! A tile is drawn in a 100 × 100 square, `y` growing to the south.

/// A point in tile units.
pub(crate) type P = (f64, f64);

/// The tile's centre.
pub(crate) const CENTRE: P = (50.0, 50.0);

/// `p` turned clockwise by `quarters` quarter turns about the tile's centre.
pub(crate) fn turn(p: P, quarters: u8) -> P {
    let mut p = p;
    for _ in 0..quarters % 4 {
        p = (100.0 - p.1, p.0);
    }
    p
}

/// A number for SVG text: one decimal at most, no `-0`.
pub(crate) fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".into();
    }
    let r = (v * 10.0).round() / 10.0;
    if r == 0.0 {
        return "0".into();
    }
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// One drawing command of a [`Path`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Cmd {
    /// Move to.
    M(P),
    /// Line to.
    L(P),
    /// Quadratic curve: control, end.
    Q(P, P),
    /// Cubic curve: two controls, end.
    C(P, P, P),
    /// Close the sub-path.
    Z,
}

/// A path in tile units.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Path(pub Vec<Cmd>);

impl Path {
    /// The path turned clockwise by `quarters` about the tile's centre.
    pub fn turned(&self, quarters: u8) -> Path {
        let t = |p| turn(p, quarters);
        Path(
            self.0
                .iter()
                .map(|c| match *c {
                    Cmd::M(p) => Cmd::M(t(p)),
                    Cmd::L(p) => Cmd::L(t(p)),
                    Cmd::Q(a, p) => Cmd::Q(t(a), t(p)),
                    Cmd::C(a, b, p) => Cmd::C(t(a), t(b), t(p)),
                    Cmd::Z => Cmd::Z,
                })
                .collect(),
        )
    }

    /// Appends the commands of `other`.
    pub fn extend(&mut self, other: Path) {
        self.0.extend(other.0);
    }

    /// The SVG `d` attribute.
    pub fn d(&self) -> String {
        let pt = |p: P| format!("{} {}", num(p.0), num(p.1));
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|c| match *c {
                Cmd::M(p) => format!("M{}", pt(p)),
                Cmd::L(p) => format!("L{}", pt(p)),
                Cmd::Q(a, p) => format!("Q{} {}", pt(a), pt(p)),
                Cmd::C(a, b, p) => format!("C{} {} {}", pt(a), pt(b), pt(p)),
                Cmd::Z => "Z".to_string(),
            })
            .collect();
        parts.join(" ")
    }

    /// The path as polylines, one per sub-path (curves cut in 16 steps; a
    /// closed sub-path ends where it began).
    pub fn flatten(&self) -> Vec<Vec<P>> {
        const STEPS: usize = 16;
        let mut out: Vec<Vec<P>> = Vec::new();
        let mut cur: Vec<P> = Vec::new();
        let mut at: P = (0.0, 0.0);
        let mut start: P = (0.0, 0.0);
        for c in &self.0 {
            match *c {
                Cmd::M(p) => {
                    if cur.len() > 1 {
                        out.push(std::mem::take(&mut cur));
                    }
                    cur = vec![p];
                    at = p;
                    start = p;
                }
                Cmd::L(p) => {
                    cur.push(p);
                    at = p;
                }
                Cmd::Q(a, p) => {
                    for i in 1..=STEPS {
                        let t = i as f64 / STEPS as f64;
                        let u = 1.0 - t;
                        cur.push((
                            u * u * at.0 + 2.0 * u * t * a.0 + t * t * p.0,
                            u * u * at.1 + 2.0 * u * t * a.1 + t * t * p.1,
                        ));
                    }
                    at = p;
                }
                Cmd::C(a, b, p) => {
                    for i in 1..=STEPS {
                        let t = i as f64 / STEPS as f64;
                        let u = 1.0 - t;
                        let (w0, w1, w2, w3) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
                        cur.push((
                            w0 * at.0 + w1 * a.0 + w2 * b.0 + w3 * p.0,
                            w0 * at.1 + w1 * a.1 + w2 * b.1 + w3 * p.1,
                        ));
                    }
                    at = p;
                }
                Cmd::Z => {
                    cur.push(start);
                    at = start;
                    if cur.len() > 1 {
                        out.push(std::mem::take(&mut cur));
                    }
                    cur = vec![start];
                }
            }
        }
        if cur.len() > 1 {
            out.push(cur);
        }
        out
    }
}

/// Distance between two points.
pub(crate) fn dist(a: P, b: P) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// Distance from `p` to the segment `a`–`b`.
pub(crate) fn dist_to_segment(p: P, a: P, b: P) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return dist(p, a);
    }
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0);
    dist(p, (a.0 + t * dx, a.1 + t * dy))
}

/// Distance from `p` to a polyline.
pub(crate) fn dist_to_polyline(p: P, line: &[P]) -> f64 {
    match line {
        [] => f64::INFINITY,
        [one] => dist(p, *one),
        _ => line
            .windows(2)
            .map(|w| dist_to_segment(p, w[0], w[1]))
            .fold(f64::INFINITY, f64::min),
    }
}

/// Whether `p` lies inside the closed polygon `poly` (even–odd rule).
pub(crate) fn inside(p: P, poly: &[P]) -> bool {
    let mut c = false;
    let n = poly.len();
    if n < 3 {
        return false;
    }
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (poly[i], poly[j]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 {
            c = !c;
        }
        j = i;
    }
    c
}

/// The point at fraction `t` (0..1) of the length of a polyline.
pub(crate) fn along(line: &[P], t: f64) -> Option<P> {
    let total: f64 = line.windows(2).map(|w| dist(w[0], w[1])).sum();
    let first = *line.first()?;
    if total == 0.0 {
        return Some(first);
    }
    let mut want = total * t.clamp(0.0, 1.0);
    for w in line.windows(2) {
        let d = dist(w[0], w[1]);
        if want <= d && d > 0.0 {
            let f = want / d;
            return Some((w[0].0 + f * (w[1].0 - w[0].0), w[0].1 + f * (w[1].1 - w[0].1)));
        }
        want -= d;
    }
    line.last().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_turn_takes_north_to_east() {
        assert_eq!(turn((50.0, 0.0), 1), (100.0, 50.0));
        assert_eq!(turn((0.0, 0.0), 1), (100.0, 0.0));
        assert_eq!(turn((50.0, 0.0), 4), (50.0, 0.0));
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(-0.01), "0");
        assert_eq!(num(12.345), "12.3");
        assert_eq!(num(f64::NAN), "0");
    }

    #[test]
    fn flattened_square_contains_its_centre() {
        let sq = Path(vec![
            Cmd::M((0.0, 0.0)),
            Cmd::L((100.0, 0.0)),
            Cmd::L((100.0, 100.0)),
            Cmd::L((0.0, 100.0)),
            Cmd::Z,
        ]);
        let poly = &sq.flatten()[0];
        assert!(inside(CENTRE, poly));
        assert!(!inside((150.0, 50.0), poly));
        assert_eq!(along(&[(0.0, 0.0), (10.0, 0.0)], 0.5), Some((5.0, 0.0)));
    }
}
