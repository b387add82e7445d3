//! "Hills": a tile from the bag goes under every hill, unseen and out of
//! play; a follower standing on a hill tile breaks ties for the most
//! followers in its feature.

use carcassonne_core::Ctx;
use carcassonne_core::board::PlacedTile;
use carcassonne_core::tiles::{TieBreak, TileArrangement};

/// Marks the hill tiles (by index, `hills`) as breaking ties, as
/// `hill_tiebreak` says: the core's majorities read it everywhere.
pub(crate) fn break_ties(hills: &[bool], mode: TieBreak, tiles: &mut TileArrangement) {
    for (index, &hill) in hills.iter().enumerate() {
        if hill {
            tiles.break_ties_on(index as u16, mode);
        }
    }
}

/// A hill was placed: "immediately draws another tile (without looking at
/// it) and places it underneath the Hill tile". With the bag empty nothing
/// goes under it (JCloisterZone's reading).
pub(crate) fn slide_a_tile_under(hills: &[bool], ctx: &mut Ctx<'_>, placed: PlacedTile) {
    if hills.get(placed.tile as usize).copied().unwrap_or(false) {
        ctx.bury_tile();
    }
}
