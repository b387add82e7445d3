//! The game in words for people: the [`Line`] an expansion presents (its
//! state, what just happened), and the direction words that labels share
//! ("north-west", "east then south").
//!
//! Programs read records and JSON; these are for the players' screens and
//! the command line's turn log. Seats are numbered from 1 whenever a seat
//! appears in text; a [`Line`] names its player by seat index instead, so
//! that each front end shows that player its own way (name, colour, shape).

use crate::geometry::{Pos, Segment, Side};
use crate::tiles::Segments;
use serde::Serialize;

/// One line an expansion shows to people: part of its state ("3 eggs"),
/// or what just happened ("rolls 2: 2 hops").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The seat (from 0) the line is about, if any: front ends put that
    /// player (name, colour, shape) before the text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<u8>,
    /// The words, without the player's name.
    pub text: String,
    /// A die face (1–6) to draw beside the text: a roll.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub die: Option<u8>,
}

impl Line {
    /// A line about nobody in particular.
    pub fn new(text: impl Into<String>) -> Line {
        Line {
            player: None,
            text: text.into(),
            die: None,
        }
    }

    /// A line about seat `player` (from 0).
    pub fn about(player: u8, text: impl Into<String>) -> Line {
        Line {
            player: Some(player),
            ..Line::new(text)
        }
    }

    /// The same line with a die showing `face` beside it.
    pub fn with_die(mut self, face: u8) -> Line {
        self.die = Some(face);
        self
    }

    /// The line as plain text, `name` giving each seat's name: "Ann: 3
    /// eggs", with a rolled die as its Unicode face ("⚁").
    pub fn to_text(&self, name: impl Fn(u8) -> String) -> String {
        let die = self.die.and_then(die_face).map(|f| format!("{f} ")).unwrap_or_default();
        match self.player {
            Some(p) => format!("{}: {die}{}", name(p), self.text),
            None => format!("{die}{}", self.text),
        }
    }
}

/// The Unicode picture of die face `n` (1–6).
pub fn die_face(n: u8) -> Option<char> {
    ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅']
        .get(usize::from(n).checked_sub(1)?)
        .copied()
}

/// A side as a word: "north", "east", "south", "west".
pub fn side_word(side: Side) -> &'static str {
    ["north", "east", "south", "west"][side as usize]
}

/// The side of `from` that `to` lies across, when they are neighbours.
pub fn step_side(from: Pos, to: Pos) -> Option<Side> {
    Side::ALL.into_iter().find(|&s| from.step(s) == to)
}

/// The steps of a path as words: "east then south", "north, north then
/// west". `from` is where it starts; a jump between non-neighbours is
/// named by its target's position.
pub fn path_words(from: Pos, path: &[Pos]) -> String {
    let mut words = Vec::with_capacity(path.len());
    let mut at = from;
    for &next in path {
        words.push(step_side(at, next).map_or_else(|| format!("to {next}"), |s| side_word(s).to_string()));
        at = next;
    }
    join_then(&words)
}

/// "a", "a then b", "a, b then c".
fn join_then(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} then {last}", rest.join(", ")),
    }
}

/// "a", "a and b", "a, b and c".
pub fn join_and(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Where on a tile a feature lies, in words, from its segments as they lie
/// on the board (rotated): "north", "north-west" (two sides that meet),
/// "east and west", "all sides"; `None` for a feature without segments (a
/// cloister). A road or city is named by the sides it reaches; a field by
/// where its edge lies as a whole, so the field between a city and a road
/// is "north" and the one beside a curve "south-east". `land` says the
/// feature is field-like (its kind joins on every segment).
pub fn feature_place(land: bool, segments: Segments) -> Option<String> {
    let sides: Vec<Side> = Side::ALL
        .into_iter()
        .filter(|&side| Segment::of_side(side).iter().any(|&s| segments.contains(s)))
        .collect();
    if land {
        return field_place(segments);
    }
    match sides.as_slice() {
        [] => None,
        [one] => Some(side_word(*one).to_string()),
        [a, b] if a.opposite() != *b => Some(corner_word(*a, *b).to_string()),
        [_, _, _, _] => Some("all sides".to_string()),
        _ => Some(join_and(&sides.iter().map(|&s| side_word(s)).collect::<Vec<_>>())),
    }
}

/// `text` with its first letter in upper case ("Field" for "field").
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A field by the centre of its edge segments: one of eight compass words,
/// or "all sides" when they surround the tile evenly.
fn field_place(segments: Segments) -> Option<String> {
    // Each segment's middle, x east and y south, the tile from -1 to 1.
    const AT: [(f64, f64); 12] = [
        (-0.5, -1.0),
        (0.0, -1.0),
        (0.5, -1.0),
        (1.0, -0.5),
        (1.0, 0.0),
        (1.0, 0.5),
        (0.5, 1.0),
        (0.0, 1.0),
        (-0.5, 1.0),
        (-1.0, 0.5),
        (-1.0, 0.0),
        (-1.0, -0.5),
    ];
    let points: Vec<(f64, f64)> = segments.iter().map(|s| AT[s.index()]).collect();
    if points.is_empty() {
        return None;
    }
    let n = points.len() as f64;
    let (x, y) = points.iter().fold((0.0, 0.0), |(x, y), p| (x + p.0 / n, y + p.1 / n));
    if x.hypot(y) < 0.2 {
        return Some("all sides".to_string());
    }
    // Eight sectors of 45°, clockwise from north.
    let angle = x.atan2(-y).to_degrees().rem_euclid(360.0);
    let sector = ((angle + 22.5) / 45.0) as usize % 8;
    Some(
        [
            "north",
            "north-east",
            "east",
            "south-east",
            "south",
            "south-west",
            "west",
            "north-west",
        ][sector]
            .to_string(),
    )
}

/// Two sides that meet as one word: north and west are "north-west".
fn corner_word(a: Side, b: Side) -> &'static str {
    match (a, b) {
        (Side::N, Side::E) | (Side::E, Side::N) => "north-east",
        (Side::E, Side::S) | (Side::S, Side::E) => "south-east",
        (Side::S, Side::W) | (Side::W, Side::S) => "south-west",
        _ => "north-west",
    }
}

/// Corner `c` of a tile (0 north-west, clockwise) in words.
pub fn corner_name(c: u8) -> &'static str {
    ["north-west", "north-east", "south-east", "south-west"][c as usize % 4]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segments(names: &[&str]) -> Segments {
        let mut set = Segments(0);
        for name in names {
            let i = ["NW", "N", "NE", "EN", "E", "ES", "SE", "S", "SW", "WS", "W", "WN"]
                .iter()
                .position(|n| n == name)
                .unwrap();
            set.insert(Segment::from_index(i));
        }
        set
    }

    #[test]
    fn features_are_placed_by_the_sides_they_reach() {
        assert_eq!(feature_place(false, segments(&["E"])).as_deref(), Some("east"));
        assert_eq!(
            feature_place(false, segments(&["E", "W"])).as_deref(),
            Some("east and west")
        );
        // The strip of field between a city on the north side and a west–east road.
        assert_eq!(feature_place(true, segments(&["EN", "WN"])).as_deref(), Some("north"));
        assert_eq!(
            feature_place(false, segments(&["NW", "N", "NE", "WS", "W", "WN"])).as_deref(),
            Some("north-west")
        );
        // The field north of a west–east road: whole north side, parts of east and west.
        assert_eq!(
            feature_place(true, segments(&["WN", "NW", "N", "NE", "EN"])).as_deref(),
            Some("north")
        );
        // The small field inside a curve from south to east.
        assert_eq!(
            feature_place(true, segments(&["ES", "SE"])).as_deref(),
            Some("south-east")
        );
        assert_eq!(feature_place(false, Segments(0)), None);
    }

    #[test]
    fn paths_and_lines_read_as_words() {
        let o = Pos::new(0, 0);
        assert_eq!(path_words(o, &[Pos::new(1, 0), Pos::new(1, 1)]), "east then south");
        assert_eq!(
            path_words(o, &[Pos::new(0, -1), Pos::new(0, -2), Pos::new(-1, -2)]),
            "north, north then west"
        );
        let line = Line::about(1, "rolls 2").with_die(2);
        assert_eq!(line.to_text(|p| format!("Seat {}", p + 1)), "Seat 2: ⚁ rolls 2");
        assert_eq!(serde_json::to_value(&line).unwrap()["player"], 1);
        assert_eq!(die_face(7), None);
    }
}
