//! The river stack: the spring as the start tile, the river tiles drawn
//! before the bag, and the tiles a river set marks with a `role` (its own
//! attribute table) in their places: the fork first, the lake last.

use carcassonne_core::TileType;
use carcassonne_core::tiles::TileArrangement;

/// The draw phase of a river set's first tile (The River II's fork).
pub const FIRST: i32 = -3;
/// The draw phase of the river tiles drawn shuffled.
pub const RIVER: i32 = -2;
/// The draw phase of the last river tile (the lake).
pub const LAST: i32 = -1;

/// What a river tile is for, from `[tile.<expansion>] role`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The start tile.
    Spring,
    /// Placed first, before the shuffled river tiles.
    Fork,
    /// Drawn after every other river tile.
    Lake,
}

/// The role `tile` has in expansion `owner`'s attribute table.
pub fn role(tile: &TileType, owner: &str) -> Option<Role> {
    match tile.def.attribute(owner)?.get("role")?.as_str()? {
        "spring" => Some(Role::Spring),
        "fork" => Some(Role::Fork),
        "lake" => Some(Role::Lake),
        _ => None,
    }
}

/// What a river set does with the base start tile when its spring starts
/// the game (variant `start_tile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaseStart {
    /// Its copy leaves the game (the printed rules).
    Removed,
    /// Its copy goes into the bag with the other tiles.
    Shuffled,
}

impl BaseStart {
    /// The variant's value read from its canonical text.
    pub fn parse(text: &str) -> Result<BaseStart, String> {
        match text {
            "removed" => Ok(BaseStart::Removed),
            "shuffled" => Ok(BaseStart::Shuffled),
            other => Err(format!("unknown start_tile `{other}`")),
        }
    }
}

/// Arranges the river tiles of set `set` (whose roles are in `owner`'s
/// table): the fork first, the lake last, every other tile with a river
/// edge shuffled before the bag. `dropped` lists the roles whose tiles
/// leave the game (a second river set's spring and lake). When this set's
/// spring is the start tile, the base start tile's copy is handled as
/// `base_start` says.
pub fn arrange(tiles: &mut TileArrangement<'_>, set: &str, owner: &str, dropped: &[Role], base_start: BaseStart) {
    let river = tiles.tiles();
    let mut spring_starts = false;
    for t in river.iter().filter(|t| t.set == set) {
        let role = role(t, owner);
        if role.is_some_and(|r| dropped.contains(&r)) {
            tiles.set_count(t.index, 0);
            continue;
        }
        match role {
            Some(Role::Spring) => spring_starts |= tiles.start() == t.index,
            Some(Role::Fork) => tiles.set_phase(t.index, FIRST),
            Some(Role::Lake) => tiles.set_phase(t.index, LAST),
            None => tiles.set_phase(t.index, RIVER),
        }
    }
    let base = tiles.base_start();
    if spring_starts && base_start == BaseStart::Removed && base != tiles.start() {
        let copies = tiles.count(base);
        tiles.set_count(base, copies.saturating_sub(1));
    }
}

/// Mixes the river tiles of set `set` (roles in `owner`'s table) into the
/// bag, for a game without the river's course: the tiles whose roles are
/// `dropped` still leave the game (a second river set's spring and lake:
/// the sets' make-up, not their course), and when this set's spring would
/// start the game the base game's start tile does instead, the spring
/// going into the bag.
pub fn mix_in(tiles: &mut TileArrangement<'_>, set: &str, owner: &str, dropped: &[Role]) {
    let river = tiles.tiles();
    for t in river.iter().filter(|t| t.set == set) {
        if role(t, owner).is_some_and(|r| dropped.contains(&r)) {
            tiles.set_count(t.index, 0);
        }
    }
    if river.get(tiles.start() as usize).is_some_and(|t| t.set == set) {
        let base = tiles.base_start();
        tiles.set_start(base);
    }
}
