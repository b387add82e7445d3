//! The game in words for people: the [`Line`] an expansion presents (its
//! state, what just happened), and the direction words that labels share
//! ("north-west", "east then south").
//!
//! Programs read records and JSON; these are for the players' screens and
//! the command line's turn log. Seats are numbered from 1 whenever a seat
//! appears in text; a [`Line`] names its player by seat index instead, so
//! that each front end shows that player its own way (name, colour, shape).

use crate::geometry::{Pos, Rotation, Segment, Side};
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

/// A label phrased for the player who decides ("Move the fairy next to
/// your follower", "who pays you 3") in words for everyone else (the log,
/// other players' screens): "your own" and "your" become "their own" and
/// "their", "yours" "theirs", and "you" "them" after a word ("pays you")
/// or "they" where a clause starts ("(you score 5)" → "(they score 5)").
/// Words are matched whole; the first letter's case is kept.
pub fn for_others(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut word = String::new();
    // Whether the last thing written before `word` was a word (not a
    // parenthesis, a comma, a colon or the start).
    let mut after_word = false;
    let flush = |word: &mut String, out: &mut String, after_word: &mut bool| {
        if word.is_empty() {
            return;
        }
        let lower = word.to_lowercase();
        let swapped = match lower.as_str() {
            "your" => Some("their"),
            "yours" => Some("theirs"),
            "you" if *after_word => Some("them"),
            "you" => Some("they"),
            _ => None,
        };
        match swapped {
            Some(new) if word.starts_with(char::is_uppercase) => out.push_str(&capitalised(new)),
            Some(new) => out.push_str(new),
            None => out.push_str(word),
        }
        word.clear();
        *after_word = true;
    };
    for c in text.chars() {
        if c.is_alphanumeric() || c == '\'' {
            word.push(c);
            continue;
        }
        flush(&mut word, &mut out, &mut after_word);
        if !c.is_whitespace() {
            after_word = false;
        }
        out.push(c);
    }
    flush(&mut word, &mut out, &mut after_word);
    out
}

/// A tile's name (free text, written for the tile as drawn, unturned)
/// with its compass words turned as the tile is: "road curve south-west"
/// turned 90° reads "road curve north-west", "city north-south" turned
/// 90° "city east-west". A pair of one north/south and one east/west word
/// is written north or south first ("south-east", not "east-south").
/// Words are matched whole; the first letter's case is kept.
pub fn turned_compass(text: &str, rotation: Rotation) -> String {
    const SIDES: [&str; 4] = ["north", "east", "south", "west"];
    let turn = |word: &str| -> Option<String> {
        let i = SIDES.iter().position(|s| word.eq_ignore_ascii_case(s))?;
        let new = Side::from_index(i).rotated(rotation);
        let new = SIDES[new as usize];
        Some(match word.starts_with(char::is_uppercase) {
            true => capitalised(new),
            false => new.to_string(),
        })
    };
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.is_empty() {
            return;
        }
        let parts: Vec<&str> = word.split('-').collect();
        let turned: Vec<Option<String>> = parts.iter().map(|p| turn(p)).collect();
        match turned.as_slice() {
            [Some(a), Some(b)] => {
                let vertical = |w: &str| w.eq_ignore_ascii_case("north") || w.eq_ignore_ascii_case("south");
                if !vertical(a) && vertical(b) {
                    // Keep the first letter's case where it was.
                    let (first, second) = match a.starts_with(char::is_uppercase) {
                        true => (capitalised(&b.to_lowercase()), a.to_lowercase()),
                        false => (b.clone(), a.clone()),
                    };
                    out.push_str(&format!("{first}-{second}"));
                } else {
                    out.push_str(&format!("{a}-{b}"));
                }
            }
            _ => {
                let pieces: Vec<String> = parts
                    .iter()
                    .zip(&turned)
                    .map(|(p, t)| t.clone().unwrap_or_else(|| (*p).to_string()))
                    .collect();
                out.push_str(&pieces.join("-"));
            }
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_alphanumeric() || c == '-' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// `n` of a thing in words, its name in the plural unless `n` is 1: "1
/// follower", "7 followers", "2 fairies", "3 witches", "0 big followers".
/// The plural is English's regular one, on the last word: enough for the
/// names of figures, kinds and tokens the engine and its expansions give.
pub fn count_of(n: u64, name: &str) -> String {
    if n == 1 {
        return format!("1 {name}");
    }
    format!("{n} {}", plural(name))
}

/// `name` in the plural, regular English on its last word ("big
/// follower" → "big followers", "fairy" → "fairies", "witch" → "witches").
pub fn plural(name: &str) -> String {
    let lower = name.to_lowercase();
    let vowel_before_y = |w: &str| w.len() > 1 && w[..w.len() - 1].ends_with(['a', 'e', 'i', 'o', 'u']);
    if lower.ends_with('y') && !vowel_before_y(&lower) {
        format!("{}ies", &name[..name.len() - 1])
    } else if ["s", "x", "z", "ch", "sh"].iter().any(|e| lower.ends_with(e)) {
        format!("{name}es")
    } else {
        format!("{name}s")
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

    /// Counts read as English: one thing, many things.
    #[test]
    fn counts_take_the_plural_unless_one() {
        assert_eq!(count_of(1, "follower"), "1 follower");
        assert_eq!(count_of(7, "follower"), "7 followers");
        assert_eq!(count_of(0, "big follower"), "0 big followers");
        assert_eq!(count_of(2, "fairy"), "2 fairies");
        assert_eq!(count_of(3, "witch"), "3 witches");
        assert_eq!(count_of(2, "abbey"), "2 abbeys");
        assert_eq!(count_of(2, "option"), "2 options");
    }

    /// A tile's name turns with the tile.
    #[test]
    fn compass_words_in_a_name_turn_with_the_tile() {
        let r = |q: i64| Rotation::from_degrees(q * 90).unwrap();
        assert_eq!(turned_compass("road curve south-west", r(0)), "road curve south-west");
        assert_eq!(turned_compass("road curve south-west", r(1)), "road curve north-west");
        assert_eq!(turned_compass("road curve south-west", r(2)), "road curve north-east");
        assert_eq!(
            turned_compass("city north-south, road east", r(1)),
            "city east-west, road south"
        );
        assert_eq!(turned_compass("road curve east-south", r(1)), "road curve south-west");
        assert_eq!(
            turned_compass("North cap, northern wall", r(3)),
            "West cap, northern wall"
        );
    }

    /// Labels for the player who decides, told to everyone else.
    #[test]
    fn labels_are_told_to_others_without_you() {
        assert_eq!(
            for_others("Move the fairy next to your follower on the road (east)"),
            "Move the fairy next to their follower on the road (east)"
        );
        assert_eq!(
            for_others("Take your own follower back"),
            "Take their own follower back"
        );
        assert_eq!(
            for_others("Sell the tile to the highest bidder, who pays you 3"),
            "Sell the tile to the highest bidder, who pays them 3"
        );
        assert_eq!(for_others("Acrobats (you score 5)"), "Acrobats (they score 5)");
        assert_eq!(
            for_others("Your turn: yours, Young's youth"),
            "Their turn: theirs, Young's youth"
        );
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
