//! Where a river tile may go: it continues the river at exactly one open
//! end, and does not turn the same way as the tile it continues (two curves
//! the same way in a row are a U-turn). Read from the board alone, so The
//! River and The River II share it and a check never needs a history; the
//! river's open ends ([`OpenEnds`]), kept up as tiles are placed, only
//! spare the veto a look round every square no open end faces.

use carcassonne_core::tiles::EdgeKind;
use carcassonne_core::{CoreState, Pos, Rotation, Side, TileType};

/// Which way a river bends on a tile, looking downstream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Straight on.
    Straight,
    /// A quarter turn clockwise (to the right, looking downstream).
    Right,
    /// A quarter turn anticlockwise.
    Left,
}

/// The turn of a river that enters a tile through side `entry` and leaves
/// through side `exit`.
pub fn turn(entry: Side, exit: Side) -> Turn {
    // Entering through a side means flowing away from it.
    let heading = entry.opposite() as u8;
    match (exit as u8 + 4 - heading) % 4 {
        1 => Turn::Right,
        3 => Turn::Left,
        _ => Turn::Straight,
    }
}

/// Which U-turns a river set forbids (variant `u_turn`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UTurns {
    /// Only two curves the same way in a row (Hans im Glück's answer), and
    /// a tile may not join two open ends.
    Immediate,
    /// JCloisterZone's test instead: ahead of every open end the tile
    /// leaves, the two squares beside the square in front, the square two
    /// ahead and the two beside it must all be empty.
    Lookahead,
}

impl UTurns {
    /// The variant's value read from its canonical text.
    pub fn parse(text: &str) -> Result<UTurns, String> {
        match text {
            "immediate" => Ok(UTurns::Immediate),
            "lookahead" => Ok(UTurns::Lookahead),
            other => Err(format!("unknown u_turn `{other}`")),
        }
    }
}

/// Why a river tile may not go somewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// None of its river edges meets the river.
    Unconnected,
    /// Its river edges meet the river at two ends (joining two branches).
    Joins,
    /// It bends the same way as the tile it continues.
    UTurn(Turn),
    /// A tile lies ahead of one of its open ends (`UTurns::Lookahead`).
    Blocked,
}

impl Refusal {
    /// The refusal in words for the player.
    pub fn words(self) -> String {
        match self {
            Refusal::Unconnected => "a river tile must continue the river: put one of its river ends against an \
                                     open end of the river"
                .to_string(),
            Refusal::Joins => "the tile would join two branches of the river, which must stay apart".to_string(),
            Refusal::UTurn(t) => format!(
                "the river would turn {} twice in a row, a U-turn, which is not allowed",
                if t == Turn::Left { "left" } else { "right" }
            ),
            Refusal::Blocked => "the river's way ahead must be clear: no tile beside the square in front of \
                                 an open end of the river, nor on or beside the square two ahead"
                .to_string(),
        }
    }
}

/// The sides of `tile` turned by `rotation` whose edge is a river.
fn river_ends(tile: &TileType, rotation: Rotation, river: EdgeKind) -> impl Iterator<Item = Side> + '_ {
    Side::ALL.into_iter().filter(move |&s| tile.edge(rotation, s) == river)
}

/// Whether `tile` shows a river edge at all.
pub fn is_river_tile(tile: &TileType, river: EdgeKind) -> bool {
    tile.def.edges.contains(&river)
}

/// Whether the river tile `tile` may go at `pos` turned by `rotation` (its
/// edges already match) under `u_turns`, or why not. A tile without river
/// edges always may.
pub fn check(
    view: &CoreState,
    tile: &TileType,
    pos: Pos,
    rotation: Rotation,
    river: EdgeKind,
    u_turns: UTurns,
) -> Result<(), Refusal> {
    match u_turns {
        UTurns::Immediate => check_immediate(view, tile, pos, rotation, river),
        UTurns::Lookahead => check_lookahead(view, tile, pos, rotation, river),
    }
}

/// The river ends of `tile` at `pos` turned by `rotation`, split into
/// those that meet a placed tile (edge matching makes that a river end)
/// and those left open: a bit per side (N lowest), so a check of every
/// candidate placement allocates nothing.
fn split_ends(view: &CoreState, tile: &TileType, pos: Pos, rotation: Rotation, river: EdgeKind) -> (Sides, Sides) {
    let (mut met, mut open) = (Sides(0), Sides(0));
    for side in river_ends(tile, rotation, river) {
        let set = if view.board().is_occupied(pos.step(side)) {
            &mut met
        } else {
            &mut open
        };
        set.0 |= 1 << side as u8;
    }
    (met, open)
}

/// A set of sides, a bit each (N lowest).
#[derive(Clone, Copy)]
struct Sides(u8);

impl Sides {
    fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn iter(self) -> impl Iterator<Item = Side> {
        Side::ALL.into_iter().filter(move |&s| self.0 & (1 << s as u8) != 0)
    }
}

/// The lookahead rule: connected at one end at least, and clear ahead of
/// every open end.
fn check_lookahead(
    view: &CoreState,
    tile: &TileType,
    pos: Pos,
    rotation: Rotation,
    river: EdgeKind,
) -> Result<(), Refusal> {
    let board = view.board();
    let (met, open) = split_ends(view, tile, pos, rotation, river);
    if met.is_empty() {
        return if open.is_empty() {
            Ok(())
        } else {
            Err(Refusal::Unconnected)
        };
    }
    for side in open.iter() {
        let front = pos.step(side);
        let two = front.step(side);
        let (left, right) = (Side::from_index(side as usize + 3), Side::from_index(side as usize + 1));
        let ahead = [
            front.step(left),
            front.step(right),
            two,
            two.step(left),
            two.step(right),
        ];
        if ahead.iter().any(|&p| board.is_occupied(p)) {
            return Err(Refusal::Blocked);
        }
    }
    Ok(())
}

/// The immediate rule: exactly one open end met, and not the same turn
/// twice in a row.
fn check_immediate(
    view: &CoreState,
    tile: &TileType,
    pos: Pos,
    rotation: Rotation,
    river: EdgeKind,
) -> Result<(), Refusal> {
    let board = view.board();
    let (met, exits) = split_ends(view, tile, pos, rotation, river);
    let entry = match (met.0.count_ones(), met.iter().next()) {
        (0, _) if exits.is_empty() => return Ok(()),
        (1, Some(one)) => one,
        (0, _) => return Err(Refusal::Unconnected),
        _ => return Err(Refusal::Joins),
    };
    // The tile upstream: the one our entry meets. Its own turn is from its
    // entry (the river end facing a tile placed before it) to us.
    let Some(upstream) = board.get(pos.step(entry)) else {
        return Ok(());
    };
    let up_tile = view.tables().tile(upstream.tile);
    let towards_us = entry.opposite();
    let up_entry = river_ends(up_tile, upstream.rotation, river).find(|&s| {
        s != towards_us
            && board
                .get(upstream.pos.step(s))
                .is_some_and(|before| before.first_node < upstream.first_node)
    });
    let Some(up_entry) = up_entry else {
        // The spring, or a tile placed against nothing upstream.
        return Ok(());
    };
    let before = turn(up_entry, towards_us);
    if before == Turn::Straight {
        return Ok(());
    }
    match exits.iter().find(|&exit| turn(entry, exit) == before) {
        Some(_) => Err(Refusal::UTurn(before)),
        None => Ok(()),
    }
}

/// The river's open ends: every river end of a placed tile whose square
/// beyond is empty, as (the tile's square, the side). Kept up from the
/// tiles placed ([`OpenEnds::tile_placed`]) so that the veto, asked for
/// every fitting placement of a river tile, refuses at once a square no
/// open end faces (nearly all of them) instead of looking round each.
///
/// Serialized as nothing: it is what the board says (a record's final
/// state and a game's public state stay those of a river without state).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenEnds {
    ends: Vec<(Pos, Side)>,
}

impl carcassonne_core::serde::Serialize for OpenEnds {
    fn serialize<S: carcassonne_core::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit()
    }
}

impl OpenEnds {
    /// The open ends of the board `view` shows, counted from every placed
    /// tile whose type `is_river` (by tile index) marks.
    pub fn recount(view: &CoreState, is_river: &[bool], river: EdgeKind) -> OpenEnds {
        let mut ends = OpenEnds::default();
        for placed in view.board().tiles() {
            ends.add_tile(view, is_river, river, placed.tile, placed.pos, placed.rotation);
        }
        ends
    }

    /// Follows a tile placed at `pos`: the open ends it covers close, and
    /// its own river ends that face an empty square open.
    pub fn tile_placed(
        &mut self,
        view: &CoreState,
        is_river: &[bool],
        river: EdgeKind,
        tile: u16,
        pos: Pos,
        rotation: Rotation,
    ) {
        self.ends.retain(|&(at, side)| at.step(side) != pos);
        self.add_tile(view, is_river, river, tile, pos, rotation);
    }

    fn add_tile(
        &mut self,
        view: &CoreState,
        is_river: &[bool],
        river: EdgeKind,
        tile: u16,
        pos: Pos,
        rotation: Rotation,
    ) {
        if !is_river.get(tile as usize).copied().unwrap_or(false) {
            return;
        }
        let board = view.board();
        for side in river_ends(view.tables().tile(tile), rotation, river) {
            if !board.is_occupied(pos.step(side)) {
                self.ends.push((pos, side));
            }
        }
    }

    /// Whether an open end faces the empty square `pos`: a river tile
    /// placed there (its edges matching) continues the river only then.
    pub fn faces(&self, pos: Pos) -> bool {
        self.ends.iter().any(|&(at, side)| at.step(side) == pos)
    }

    /// The first difference from `recount` (the same ends in any order),
    /// for `Expansion::check_kept_up`.
    pub fn differs_from(&self, recount: &OpenEnds) -> Option<String> {
        let sorted = |e: &OpenEnds| {
            let mut v: Vec<(i32, i32, u8)> = e.ends.iter().map(|&(p, s)| (p.x, p.y, s as u8)).collect();
            v.sort_unstable();
            v
        };
        let (kept, counted) = (sorted(self), sorted(recount));
        (kept != counted).then(|| format!("the river's open ends kept up are {kept:?}, the board shows {counted:?}"))
    }
}

/// [`check`], with the river's open ends kept up: a square no open end
/// faces is refused without looking at the board (a river tile there
/// would meet no river: its edges match, so a river end against a tile is
/// against that tile's open end). The same answer as `check` for every
/// placement whose edges match.
pub fn check_kept(
    ends: &OpenEnds,
    view: &CoreState,
    tile: &TileType,
    pos: Pos,
    rotation: Rotation,
    river: EdgeKind,
    u_turns: UTurns,
) -> Result<(), Refusal> {
    if !ends.faces(pos) {
        let kept = if river_ends(tile, rotation, river).next().is_some() {
            Err(Refusal::Unconnected)
        } else {
            Ok(())
        };
        // Debug builds (the tests' random games) check the shortcut against
        // the board at every placement it refuses so.
        debug_assert_eq!(
            kept,
            check(view, tile, pos, rotation, river, u_turns),
            "the kept-up open ends refuse {pos} differently from the board"
        );
        return kept;
    }
    check(view, tile, pos, rotation, river, u_turns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_ends_compare_as_sets() {
        let ends = |list: &[(i32, i32, Side)]| OpenEnds {
            ends: list.iter().map(|&(x, y, s)| (Pos::new(x, y), s)).collect(),
        };
        let kept = ends(&[(0, 0, Side::E), (2, 1, Side::S)]);
        assert_eq!(kept.differs_from(&ends(&[(2, 1, Side::S), (0, 0, Side::E)])), None);
        // An end the upkeep missed, or one it failed to close, shows.
        assert!(kept.differs_from(&ends(&[(0, 0, Side::E)])).is_some());
        assert!(kept.differs_from(&ends(&[(0, 0, Side::E), (2, 1, Side::W)])).is_some());
        assert!(kept.faces(Pos::new(1, 0)) && kept.faces(Pos::new(2, 2)));
        assert!(!kept.faces(Pos::new(0, 1)) && !kept.faces(Pos::new(2, 1)));
    }

    #[test]
    fn turns_are_read_downstream() {
        // Flowing south (entering through the north side).
        assert_eq!(turn(Side::N, Side::S), Turn::Straight);
        assert_eq!(turn(Side::N, Side::E), Turn::Left);
        assert_eq!(turn(Side::N, Side::W), Turn::Right);
        // Flowing east (entering through the west side).
        assert_eq!(turn(Side::W, Side::S), Turn::Right);
        assert_eq!(turn(Side::W, Side::N), Turn::Left);
    }
}
