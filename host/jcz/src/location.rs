//! JCZ locations and how they name this engine's features.
//!
//! JCZ names a road or city by the sides it leaves through (`N`, `NW` for
//! north and west, `NWSE`), a field by the half-edges it touches (`NL`
//! … `WR`, joined with dots: `NL.NR.EL`), and features that touch no edge by
//! name (`CLOISTER`, `I`, `II` for a second inner place; `INNER_FARM`,
//! `INNER_FARM_B` in older writing). This engine names features by their
//! segments. Both are compared as a set of segments ([`Location::segments`]):
//! the centre segments of a road or city, the half segments of a field.

use carcassonne_core::tiles::{FeatureDef, Segments};
use carcassonne_core::{FeatureKind, Rotation, Segment, Side};

/// JCZ's half-edges in its own order, with the engine segment each one is.
/// `L` is the first half clockwise (`NL` is the west half of the north edge).
const HALF_EDGES: [(&str, &str); 8] = [
    ("NL", "NW"),
    ("NR", "NE"),
    ("EL", "EN"),
    ("ER", "ES"),
    ("SL", "SE"),
    ("SR", "SW"),
    ("WL", "WS"),
    ("WR", "WN"),
];

/// A place on a tile as JCZ writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// Segments named: side centres for roads and cities, halves for fields.
    pub segments: u16,
    /// A feature that touches no edge: `I` (JCZ's inner location, whose
    /// kind the pointer's feature gives), `CLOISTER` / `MONASTERY`, `INNER_FARM`.
    pub inner: bool,
    /// Which of the tile's inner features of the kind: 0, or 1 for JCZ's
    /// second inner place (`II`, `INNER_FARM_B`) on tiles with two inner
    /// fields (Abbey & Mayor's `AM/CCcc+`, King & Robber's `KR/CCcc`).
    nth: u8,
    /// The kind the name itself implies (`CLOISTER`, `INNER_FARM`, half-edges).
    implied: Option<FeatureKind>,
}

impl Location {
    /// Reads a JCZ location: dot-separated parts, each a half-edge (`NL`),
    /// sides (`N`, `NW`, `WE`, `NWSE`, or any string of the letters N E S W;
    /// `_N` for every side but north), `I`, `II`, `CLOISTER` / `MONASTERY`, `INNER_FARM` or `INNER_FARM_B`.
    /// `None` for anything else.
    pub fn parse(text: &str) -> Option<Location> {
        let mut loc = Location {
            segments: 0,
            inner: false,
            nth: 0,
            implied: None,
        };
        for part in text.split('.') {
            if let Some((_, seg)) = HALF_EDGES.iter().find(|(name, _)| *name == part) {
                loc.segments |= bit(Segment::parse(seg)?);
                loc.implied = Some(FeatureKind::FIELD);
            } else if part == "CLOISTER" || part == "MONASTERY" {
                loc.inner = true;
                loc.implied = Some(FeatureKind::CLOISTER);
            } else if part == "INNER_FARM" || part == "INNER_FARM_B" {
                loc.inner = true;
                loc.nth = u8::from(part == "INNER_FARM_B");
                loc.implied = Some(FeatureKind::FIELD);
            } else if part == "I" || part == "II" {
                loc.inner = true;
                loc.nth = u8::from(part == "II");
            } else if let Some(but) = part.strip_prefix('_')
                && but.len() == 1
                && "NESW".contains(but)
            {
                // JCZ's `_N`: every side but north (a city on three sides,
                // as a pointer names it).
                for side in Side::ALL.into_iter().filter(|s| "NESW".find(but) != Some(*s as usize)) {
                    loc.segments |= bit(Segment::centre(side));
                }
            } else if !part.is_empty() && part.chars().all(|c| "NESW".contains(c)) {
                for c in part.chars() {
                    let side = Side::ALL["NESW".find(c)?];
                    loc.segments |= bit(Segment::centre(side));
                }
            } else {
                return None;
            }
        }
        // An inner place is one place: `CLOISTER.N` names nothing.
        if loc.inner && loc.segments != 0 {
            return None;
        }
        if loc.segments & CENTRES != 0 && loc.segments & !CENTRES != 0 {
            return None;
        }
        Some(loc)
    }

    /// The location after the tile is turned by `rotation`.
    pub fn rotated(self, rotation: Rotation) -> Location {
        let mut segments = 0;
        for i in 0..Segment::COUNT {
            if self.segments & (1 << i) != 0 {
                segments |= bit(Segment::from_index(i).rotated(rotation));
            }
        }
        Location { segments, ..self }
    }

    /// The kind of feature the name implies: a field for half-edges or
    /// `INNER_FARM`, a cloister for `CLOISTER`; `None` for sides (a road or
    /// a city) and `I` (any inner feature).
    pub fn implied_kind(self) -> Option<FeatureKind> {
        self.implied
    }

    /// The index of the feature of `features` (a tile's, in the same
    /// orientation as this location) that the location names, of `kind` when
    /// given: the one [`names`](Self::names) accepts, or for `II` /
    /// `INNER_FARM_B` the second inner feature it accepts.
    pub fn find(self, features: &[FeatureDef], kind: Option<FeatureKind>) -> Option<usize> {
        features
            .iter()
            .enumerate()
            .filter(|(_, f)| kind.is_none_or(|k| k == f.kind) && self.names(f))
            .nth(usize::from(self.nth))
            .map(|(i, _)| i)
    }

    /// Whether `feature` (in the same orientation as this location) is one
    /// the location names (any inner feature, for an inner location: see
    /// [`find`](Self::find) for which).
    pub fn names(self, feature: &FeatureDef) -> bool {
        if self.implied.is_some_and(|k| k != feature.kind) {
            return false;
        }
        let sig = signature(feature.kind, feature.segments);
        if self.inner {
            feature.segments.is_empty()
        } else {
            feature.kind != FeatureKind::CLOISTER && self.segments != 0 && self.segments == sig
        }
    }
}

/// The centre segments of the four sides.
const CENTRES: u16 = 0b010_010_010_010;

fn bit(s: Segment) -> u16 {
    1 << s.index()
}

/// What a JCZ location of a feature of `kind` covering `segments` holds:
/// the centres for a road or city, the halves for a field.
pub fn signature(kind: FeatureKind, segments: Segments) -> u16 {
    let all = segments.0;
    match kind {
        FeatureKind::FIELD => all & !CENTRES,
        FeatureKind::CLOISTER => 0,
        _ => all & CENTRES,
    }
}

/// `segments` after the tile is turned by `rotation`.
pub fn rotated_segments(segments: Segments, rotation: Rotation) -> Segments {
    let mut out = Segments::default();
    for s in segments.iter() {
        out.insert(s.rotated(rotation));
    }
    out
}

/// The JCZ location of a feature of `kind` covering `segments` (for
/// messages): sides for roads and cities, dotted half-edges for fields.
pub fn jcz_name(kind: FeatureKind, segments: Segments) -> String {
    let sig = signature(kind, segments);
    match kind {
        FeatureKind::CLOISTER => "CLOISTER".into(),
        FeatureKind::FIELD if sig == 0 => "INNER_FARM".into(),
        FeatureKind::FIELD => HALF_EDGES
            .iter()
            .filter(|(_, seg)| Segment::parse(seg).is_some_and(|s| sig & bit(s) != 0))
            .map(|(name, _)| *name)
            .collect::<Vec<_>>()
            .join("."),
        _ => {
            let has = |side: Side| sig & bit(Segment::centre(side)) != 0;
            let mask = Side::ALL
                .iter()
                .enumerate()
                .filter(|(_, s)| has(**s))
                .fold(0, |m, (i, _)| m | 1 << i);
            // JCZ's own names; it has none for three sides.
            match mask {
                0b1001 => "NW".into(),
                0b0011 => "NE".into(),
                0b1100 => "SW".into(),
                0b0110 => "SE".into(),
                0b1010 => "WE".into(),
                0b0101 => "NS".into(),
                0b1111 => "NWSE".into(),
                _ => [Side::N, Side::W, Side::S, Side::E]
                    .into_iter()
                    .filter(|s| has(*s))
                    .map(|s| s.name())
                    .collect(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_side_but_one_reads_as_the_three_others() {
        let but_north = Location::parse("_N").unwrap();
        assert_eq!(but_north.segments, Location::parse("ESW").unwrap().segments);
        assert_eq!(
            Location::parse("_E").unwrap().segments,
            Location::parse("NSW").unwrap().segments
        );
        assert!(Location::parse("_NE").is_none());
        assert!(Location::parse("_X").is_none());
    }

    #[test]
    fn compound_field_names_read_as_halves() {
        let loc = Location::parse("NL.NR.EL.ER.WL.WR").unwrap();
        let names: Vec<&str> = (0..12)
            .filter(|i| loc.segments & (1 << i) != 0)
            .map(|i| Segment::from_index(i).name())
            .collect();
        assert_eq!(names, ["NW", "NE", "EN", "ES", "WS", "WN"]);
        assert_eq!(loc.implied_kind(), Some(FeatureKind::FIELD));
    }

    #[test]
    fn sides_read_as_centres_and_turn_clockwise() {
        let loc = Location::parse("NW").unwrap();
        assert_eq!(
            loc.segments,
            bit(Segment::centre(Side::N)) | bit(Segment::centre(Side::W))
        );
        assert_eq!(loc.implied_kind(), None);
        let turned = loc.rotated(Rotation::quarters(1));
        assert_eq!(turned, Location::parse("NE").unwrap());
        assert_eq!(
            Location::parse("SL").unwrap().rotated(Rotation::quarters(2)),
            Location::parse("NL").unwrap()
        );
    }

    #[test]
    fn unknown_parts_are_refused() {
        for bad in ["", "NX", "N..S", "TOWER", "nl"] {
            assert_eq!(Location::parse(bad), None, "{bad}");
        }
        for bad in ["CLOISTER.N", "NL.N"] {
            assert_eq!(Location::parse(bad), None, "{bad}");
        }
        assert_eq!(
            Location::parse("CLOISTER").unwrap().implied_kind(),
            Some(FeatureKind::CLOISTER)
        );
        assert_eq!(
            Location::parse("INNER_FARM").unwrap().implied_kind(),
            Some(FeatureKind::FIELD)
        );
        assert_eq!(Location::parse("I").unwrap().implied_kind(), None);
        assert_eq!(Location::parse("II").unwrap().implied_kind(), None);
        assert_eq!(
            Location::parse("INNER_FARM_B").unwrap().implied_kind(),
            Some(FeatureKind::FIELD)
        );
        assert_eq!(Location::parse("III"), None);
    }
}
