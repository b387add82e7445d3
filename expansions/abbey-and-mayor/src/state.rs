//! What the expansion remembers during a game.

use crate::Barn;
use serde::Serialize;

/// What the expansion remembers.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct State {
    /// Abbeys each player still holds.
    pub abbeys_left: Vec<u8>,
    /// Barns on the board, in the order they were deployed.
    pub barns: Vec<Barn>,
    /// The abbey tile's index in this game's tile table (none if the tile
    /// file has no abbey: then no one holds one).
    #[serde(skip)]
    pub(crate) abbey_tile: Option<u16>,
    /// The barn's index in this game's figure table.
    #[serde(skip)]
    pub(crate) barn_figure: Option<u8>,
}
