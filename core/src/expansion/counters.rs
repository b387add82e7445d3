//! Counters: the numbers an expansion keeps that neither a figure on the
//! board nor a printed tile attribute shows (eggs each player has
//! gathered, trade goods held, fruit tokens left on a tree, who holds the
//! King), declared as data so that every host reads them the same way: a
//! learning agent's observation gets a plane or a vector per counter, with
//! a stable layout, and no host names an expansion.
//!
//! An expansion declares its counters in
//! [`ExpansionInfo::counters`](crate::ExpansionInfo::counters) and writes
//! their current values from
//! [`Expansion::counters`](crate::Expansion::counters) into a
//! [`CounterSink`], naming each counter by its index in that list. What a
//! counter says must be public: every player could count it at the table
//! (a tree's stack shows how many tokens it has, not their values).

use crate::board::Board;
use crate::geometry::Pos;

/// What one counter is counted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterScope {
    /// The whole game (tokens left in the supply).
    Game,
    /// Each seat (eggs a player has).
    Seat,
    /// Each tile on the board (tokens on a tree); cells not written are 0.
    Tile,
}

impl CounterScope {
    /// The scope's name as `carcassonne expansions --json` and the Python
    /// observation spec give it.
    pub fn name(self) -> &'static str {
        match self {
            CounterScope::Game => "game",
            CounterScope::Seat => "seat",
            CounterScope::Tile => "tile",
        }
    }
}

/// A counter an expansion declares: what it counts, for what, in how many
/// values.
#[derive(Clone, Copy, Debug)]
pub struct CounterDecl {
    /// Kebab-case id, unique in the expansion (`goods`, `eggs`).
    pub id: &'static str,
    /// What it counts, in words ("Trade goods held").
    pub label: &'static str,
    /// Counted for the game, each seat or each tile.
    pub scope: CounterScope,
    /// The names of its values when it has several (`["wine", "grain",
    /// "cloth"]`: three numbers per seat); empty when it is one number.
    pub values: &'static [&'static str],
    /// A usual largest value, which observations divide by so that numbers
    /// stay near 0..1 (20 eggs, 1 for a yes/no counter). At least 1.
    pub scale: u16,
    /// How pictures of the board show a [`CounterScope::Tile`] counter's
    /// token: a short mark of one to three characters drawn in a badge on
    /// the tile (`"G"` for gold), with the value beside it when it is above
    /// one; `""` draws the value alone. The badge's words on hover are the
    /// `label` (and the value's name). Unused for other scopes.
    pub mark: &'static str,
    /// The badge's colour, `#rrggbb` (`""`: one from the renderers' own
    /// palette).
    pub colour: &'static str,
}

impl CounterDecl {
    /// How many numbers it has per game, seat or tile.
    pub fn width(&self) -> usize {
        self.values.len().max(1)
    }

    /// The name of value `i`: `ID` for a one-value counter, else
    /// `ID:VALUE` (`goods:wine`).
    pub fn value_name(&self, i: usize) -> String {
        match self.values.get(i) {
            Some(v) => format!("{}:{v}", self.id),
            None => self.id.to_string(),
        }
    }
}

/// Where an expansion writes its counters' current values. `counter` is the
/// counter's index in the expansion's
/// [`ExpansionInfo::counters`](crate::ExpansionInfo::counters), `value`
/// the index in its `values` (0 for a one-value counter). Each call sets the number (a later call for the same
/// place replaces it); numbers not written are 0.
///
/// The engine checks every write against the declarations before passing
/// it on: a write to an undeclared counter or value, of the wrong scope,
/// for a seat the game does not have or a place where no tile lies, is
/// dropped and counted ([`Game::counters`](crate::Game::counters)
/// returns how many), so a host never reads outside what was declared.
pub trait CounterSink {
    /// Sets a counter of scope [`CounterScope::Game`].
    fn game(&mut self, counter: usize, value: usize, n: i32);
    /// Sets a counter of scope [`CounterScope::Seat`] for `seat`.
    fn seat(&mut self, counter: usize, seat: u8, value: usize, n: i32);
    /// Sets a counter of scope [`CounterScope::Tile`] for the tile at `pos`.
    fn tile(&mut self, counter: usize, pos: Pos, value: usize, n: i32);
}

/// Where one counter value was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterPlace {
    /// For the whole game.
    Game,
    /// For a seat.
    Seat(u8),
    /// For the tile at this place.
    Tile(Pos),
}

/// One value written: counter index, value index, where, and the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CounterReading {
    /// The counter's index in the expansion's declarations.
    pub counter: usize,
    /// The value's index in the counter's `values`.
    pub value: usize,
    /// For the game, a seat or a tile.
    pub place: CounterPlace,
    /// The number.
    pub n: i32,
}

/// A [`CounterSink`] that keeps what is written, in order: for tests and
/// for hosts that show counters as a list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CounterReadings {
    /// The values written.
    pub readings: Vec<CounterReading>,
}

impl CounterReadings {
    /// The last number written for `counter`'s value `value` at `place`
    /// (0 when none was: what a host reads for it).
    pub fn get(&self, counter: usize, value: usize, place: CounterPlace) -> i32 {
        self.readings
            .iter()
            .rev()
            .find(|r| r.counter == counter && r.value == value && r.place == place)
            .map_or(0, |r| r.n)
    }

    fn push(&mut self, counter: usize, value: usize, place: CounterPlace, n: i32) {
        self.readings.push(CounterReading {
            counter,
            value,
            place,
            n,
        });
    }
}

impl CounterSink for CounterReadings {
    fn game(&mut self, counter: usize, value: usize, n: i32) {
        self.push(counter, value, CounterPlace::Game, n);
    }
    fn seat(&mut self, counter: usize, seat: u8, value: usize, n: i32) {
        self.push(counter, value, CounterPlace::Seat(seat), n);
    }
    fn tile(&mut self, counter: usize, pos: Pos, value: usize, n: i32) {
        self.push(counter, value, CounterPlace::Tile(pos), n);
    }
}

/// Passes on the writes that match the declarations (for a seat of the
/// game, a tile on `board`) and counts the others.
pub(crate) struct Checked<'a> {
    pub(crate) decls: &'static [CounterDecl],
    pub(crate) seats: usize,
    pub(crate) board: &'a Board,
    pub(crate) inner: &'a mut dyn CounterSink,
    pub(crate) dropped: usize,
}

impl Checked<'_> {
    fn fits(&mut self, counter: usize, value: usize, scope: CounterScope) -> bool {
        let ok = self
            .decls
            .get(counter)
            .is_some_and(|d| d.scope == scope && value < d.width());
        if !ok {
            self.dropped += 1;
        }
        ok
    }
}

impl CounterSink for Checked<'_> {
    fn game(&mut self, counter: usize, value: usize, n: i32) {
        if self.fits(counter, value, CounterScope::Game) {
            self.inner.game(counter, value, n);
        }
    }
    fn seat(&mut self, counter: usize, seat: u8, value: usize, n: i32) {
        if (seat as usize) >= self.seats {
            self.dropped += 1;
        } else if self.fits(counter, value, CounterScope::Seat) {
            self.inner.seat(counter, seat, value, n);
        }
    }
    fn tile(&mut self, counter: usize, pos: Pos, value: usize, n: i32) {
        if !self.board.is_occupied(pos) {
            self.dropped += 1;
        } else if self.fits(counter, value, CounterScope::Tile) {
            self.inner.tile(counter, pos, value, n);
        }
    }
}

/// Whether `decls` are well formed: kebab-case ids, each once, a scale of
/// at least 1, value names kebab-case and distinct. The problem in words
/// otherwise, with the counter's id.
/// Whether `text` is a colour written `#rrggbb`.
pub(crate) fn is_hex_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].chars().all(|c| c.is_ascii_hexdigit())
}

pub(crate) fn check_decls(decls: &[CounterDecl]) -> Result<(), (String, String)> {
    for (i, d) in decls.iter().enumerate() {
        let problem = if !crate::values::is_kebab(d.id) {
            Some("has an id that is not kebab-case".to_string())
        } else if decls[..i].iter().any(|e| e.id == d.id) {
            Some("is declared twice".to_string())
        } else if d.scale == 0 {
            Some("has scale 0 (observations divide by it; give at least 1)".to_string())
        } else if d.mark.chars().count() > 3 || d.mark.chars().any(char::is_control) {
            Some(format!(
                "has mark `{}`: a badge holds one to three characters",
                d.mark.escape_default()
            ))
        } else if !d.colour.is_empty() && !is_hex_colour(d.colour) {
            Some(format!(
                "has colour `{}`: write #rrggbb, or \"\" for the renderers' own",
                d.colour
            ))
        } else if let Some(v) = d.values.iter().find(|v| !crate::values::is_kebab(v)) {
            Some(format!("has a value name `{v}` that is not kebab-case"))
        } else {
            d.values
                .iter()
                .enumerate()
                .find(|(j, v)| d.values[..*j].contains(v))
                .map(|(_, v)| format!("names value `{v}` twice"))
        };
        if let Some(problem) = problem {
            return Err((d.id.to_string(), problem));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECLS: [CounterDecl; 2] = [
        CounterDecl {
            id: "goods",
            label: "Goods",
            scope: CounterScope::Seat,
            values: &["wine", "grain"],
            scale: 10,
            mark: "",
            colour: "",
        },
        CounterDecl {
            id: "left",
            label: "Left",
            scope: CounterScope::Game,
            values: &[],
            scale: 5,
            mark: "",
            colour: "",
        },
    ];

    /// Writes outside the declarations never reach the host, and are counted.
    #[test]
    fn writes_are_checked_against_the_declarations() {
        let mut readings = CounterReadings::default();
        let board = Board::default();
        let mut checked = Checked {
            decls: &DECLS,
            seats: 2,
            board: &board,
            inner: &mut readings,
            dropped: 0,
        };
        checked.seat(0, 1, 1, 3); // goods:grain of seat 1
        checked.seat(0, 2, 0, 3); // no seat 2
        checked.seat(0, 0, 2, 3); // no third value
        checked.game(0, 0, 3); // goods is per seat
        checked.game(1, 0, 4);
        checked.tile(2, Pos::new(0, 0), 0, 1); // no third counter
        assert_eq!(checked.dropped, 4);
        assert_eq!(readings.get(0, 1, CounterPlace::Seat(1)), 3);
        assert_eq!(readings.get(1, 0, CounterPlace::Game), 4);
        assert_eq!(readings.readings.len(), 2);
        assert_eq!(DECLS[0].value_name(1), "goods:grain");
        assert_eq!(DECLS[1].value_name(0), "left");
    }

    #[test]
    fn malformed_declarations_are_named() {
        assert_eq!(check_decls(&DECLS), Ok(()));
        let twice = [DECLS[1], DECLS[1]];
        assert_eq!(check_decls(&twice), Err(("left".into(), "is declared twice".into())));
        let mut zero = DECLS;
        zero[1].scale = 0;
        assert!(check_decls(&zero).unwrap_err().1.contains("scale 0"));
        let mut values = DECLS;
        values[0].values = &["wine", "wine"];
        assert!(check_decls(&values).unwrap_err().1.contains("twice"));
        values[0].values = &["Wine"];
        assert!(check_decls(&values).unwrap_err().1.contains("kebab"));
        let mut badge = DECLS;
        badge[1].mark = "GOLD";
        assert!(check_decls(&badge).unwrap_err().1.contains("one to three characters"));
        badge[1].mark = "G";
        badge[1].colour = "gold";
        assert!(check_decls(&badge).unwrap_err().1.contains("#rrggbb"));
        badge[1].colour = "#d4af37";
        assert_eq!(check_decls(&badge), Ok(()));
    }
}
