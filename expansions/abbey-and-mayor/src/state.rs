//! What the expansion remembers during a game.

use crate::{Barn, ReturnedWagon};
use serde::Serialize;

/// What the expansion remembers.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct State {
    /// Abbeys each player still holds.
    pub abbeys_left: Vec<u8>,
    /// Barns on the board, in the order they were deployed.
    pub barns: Vec<Barn>,
    /// Wagons scored this turn whose owners are still to decide whether to
    /// move them on, in the order they are asked (empty between turns).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub wagons_to_move: Vec<ReturnedWagon>,
    /// The abbey tile's index in this game's tile table (none if the tile
    /// file has no abbey: then no one holds one).
    #[serde(skip)]
    pub(crate) abbey_tile: Option<u16>,
    /// The holes the abbey fits into now, in order (a few at most, so a
    /// sorted vector rather than a set): counted at setup and
    /// kept up as tiles are placed (`abbey::tile_placed`), checked against
    /// a recount by `check_kept_up`. Empty without abbeys.
    #[serde(skip)]
    pub(crate) holes: Vec<carcassonne_core::Pos>,
    /// The barn's index in this game's figure table.
    #[serde(skip)]
    pub(crate) barn_figure: Option<u8>,
    /// Whether a barn has left the board since `barns` was last pruned
    /// (a barn returned or captured, seen by `observe`): only then does
    /// pruning search the board's figures for each barn, twice a turn
    /// otherwise. Checked by `check_kept_up`.
    #[serde(skip)]
    pub(crate) barn_left: bool,
    /// The wagon's index in this game's figure table.
    #[serde(skip)]
    pub(crate) wagon_figure: Option<u8>,
}
