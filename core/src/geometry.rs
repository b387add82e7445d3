//! Board coordinates, sides, edge segments and rotations.
//!
//! A side is cut into three segments so that fields on either side of a road
//! stay apart. Segments are numbered clockwise round the tile, three per side,
//! which makes a clockwise quarter turn "add 3" and the facing segment of a
//! neighbour "opposite side, mirrored half".

use serde::{Deserialize, Serialize};
use std::fmt;

/// A cell of the board. `y` grows to the south; the start tile is at (0, 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[i32; 2]", into = "[i32; 2]")]
pub struct Pos {
    /// Column, growing to the east.
    pub x: i32,
    /// Row, growing to the south.
    pub y: i32,
}

impl Pos {
    /// The cell at `(x, y)`.
    pub const fn new(x: i32, y: i32) -> Self {
        Pos { x, y }
    }

    /// The orthogonal neighbour across `side`.
    pub const fn step(self, side: Side) -> Pos {
        match side {
            Side::N => Pos::new(self.x, self.y - 1),
            Side::E => Pos::new(self.x + 1, self.y),
            Side::S => Pos::new(self.x, self.y + 1),
            Side::W => Pos::new(self.x - 1, self.y),
        }
    }

    /// The eight cells around this one (orthogonal and diagonal).
    pub fn ring(self) -> impl Iterator<Item = Pos> {
        const D: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)];
        D.into_iter().map(move |(dx, dy)| Pos::new(self.x + dx, self.y + dy))
    }
}

impl From<[i32; 2]> for Pos {
    fn from([x, y]: [i32; 2]) -> Self {
        Pos { x, y }
    }
}

impl From<Pos> for [i32; 2] {
    fn from(p: Pos) -> Self {
        [p.x, p.y]
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// One of the four sides of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// North (up).
    N = 0,
    /// East (right).
    E = 1,
    /// South (down).
    S = 2,
    /// West (left).
    W = 3,
}

impl Side {
    /// All sides in clockwise order from north.
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    /// The side with index `i % 4`.
    pub const fn from_index(i: usize) -> Side {
        Side::ALL[i % 4]
    }

    /// The facing side of a neighbour.
    pub const fn opposite(self) -> Side {
        Side::from_index(self as usize + 2)
    }

    /// This side after the tile is turned by `rotation`.
    pub const fn rotated(self, rotation: Rotation) -> Side {
        Side::from_index(self as usize + rotation.0 as usize)
    }

    /// The side's letter.
    pub const fn name(self) -> &'static str {
        ["N", "E", "S", "W"][self as usize]
    }
}

/// One of the twelve edge segments of a tile: `side * 3 + part`, where part 0
/// is the first half clockwise, 1 the centre and 2 the second half.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Segment(u8);

const SEGMENT_NAMES: [&str; 12] = ["NW", "N", "NE", "EN", "E", "ES", "SE", "S", "SW", "WS", "W", "WN"];

impl Segment {
    /// Number of segments round a tile.
    pub const COUNT: usize = 12;

    /// The segment with index `i` (0..12).
    pub const fn from_index(i: usize) -> Segment {
        Segment((i % 12) as u8)
    }

    /// Index 0..12, clockwise from the west half of the north side.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The centre segment of `side` (where roads and cities meet).
    pub const fn centre(side: Side) -> Segment {
        Segment(side as u8 * 3 + 1)
    }

    /// The three segments of `side`, clockwise.
    pub const fn of_side(side: Side) -> [Segment; 3] {
        let b = side as u8 * 3;
        [Segment(b), Segment(b + 1), Segment(b + 2)]
    }

    /// The side this segment lies on.
    pub const fn side(self) -> Side {
        Side::from_index(self.0 as usize / 3)
    }

    /// Whether this is the centre of its side rather than a half.
    pub const fn is_centre(self) -> bool {
        self.0 % 3 == 1
    }

    /// This segment after the tile is turned by `rotation`.
    pub const fn rotated(self, rotation: Rotation) -> Segment {
        Segment((self.0 + 3 * rotation.0) % 12)
    }

    /// The segment of the neighbouring tile that touches this one.
    pub const fn facing(self) -> Segment {
        let side = self.0 / 3;
        let part = self.0 % 3;
        Segment(((side + 2) % 4) * 3 + (2 - part))
    }

    /// The segment's name (`"N"`, `"NW"`, `"WN"` …), see `docs/tile-format.md`.
    pub const fn name(self) -> &'static str {
        SEGMENT_NAMES[self.0 as usize]
    }

    /// Parses a segment name.
    pub fn parse(name: &str) -> Option<Segment> {
        SEGMENT_NAMES.iter().position(|n| *n == name).map(|i| Segment(i as u8))
    }
}

impl fmt::Display for Segment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A clockwise rotation in quarter turns (0..4). Records write it in degrees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Rotation(u8);

impl Rotation {
    /// No rotation.
    pub const NONE: Rotation = Rotation(0);
    /// All four rotations.
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    /// `quarters` clockwise quarter turns (taken modulo 4).
    pub const fn quarters(quarters: u8) -> Rotation {
        Rotation(quarters % 4)
    }

    /// Number of clockwise quarter turns (0..4).
    pub const fn quarter_turns(self) -> u8 {
        self.0
    }

    /// Degrees clockwise: 0, 90, 180 or 270.
    pub const fn degrees(self) -> u16 {
        self.0 as u16 * 90
    }

    /// The rotation for `degrees` clockwise: 0, 90, 180 or 270, nothing else.
    pub fn from_degrees(degrees: i64) -> Option<Rotation> {
        // Only the four written forms: -90 or 450 in a record is a typo or
        // a forgery, and accepting it would let one move have two spellings.
        match degrees {
            0 | 90 | 180 | 270 => Some(Rotation((degrees / 90) as u8)),
            _ => None,
        }
    }

    /// The rotation that undoes this one.
    pub const fn inverse(self) -> Rotation {
        Rotation((4 - self.0) % 4)
    }
}

impl Serialize for Rotation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.degrees())
    }
}

impl<'de> Deserialize<'de> for Rotation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let degrees = i64::deserialize(d)?;
        Rotation::from_degrees(degrees).ok_or_else(|| {
            serde::de::Error::custom(format!("rotation {degrees}: use 0, 90, 180 or 270 (degrees clockwise)"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_segments_mirror_halves() {
        assert_eq!(Segment::parse("NW").unwrap().facing().name(), "SW");
        assert_eq!(Segment::parse("NE").unwrap().facing().name(), "SE");
        assert_eq!(Segment::parse("EN").unwrap().facing().name(), "WN");
        assert_eq!(Segment::parse("W").unwrap().facing().name(), "E");
        for i in 0..12 {
            let s = Segment::from_index(i);
            assert_eq!(s.facing().facing(), s);
        }
    }

    #[test]
    fn quarter_turn_moves_north_half_to_east() {
        let r = Rotation::quarters(1);
        assert_eq!(Segment::parse("NW").unwrap().rotated(r).name(), "EN");
        assert_eq!(Segment::parse("WN").unwrap().rotated(r).name(), "NE");
        assert_eq!(Side::W.rotated(r), Side::N);
        assert_eq!(Rotation::from_degrees(270), Some(Rotation::quarters(3)));
        for wrong in [-90, 45, 360, 450] {
            assert_eq!(Rotation::from_degrees(wrong), None, "{wrong}");
        }
    }
}
