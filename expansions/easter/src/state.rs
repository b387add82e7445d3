//! What the expansion remembers during a game.

use crate::{BunnyPhase, CompletedNest, OpenNest};
use carcassonne_core::Pos;
use serde::Serialize;

/// What the expansion remembers. Everything here is public information.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// Eggs of each player, by seat.
    pub eggs: Vec<u32>,
    /// Where the bunny stands, once it is on the board.
    pub bunny: Option<Pos>,
    /// Nests scored so far, in order.
    pub nests_scored: Vec<Pos>,
    /// Nests completed this turn, waiting for the end of regular scoring.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nests_pending: Vec<CompletedNest>,
    /// The placer of a Bunny tile this turn, whose bunny phase is due.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase_due: Option<u8>,
    /// The bunny phase in progress.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bunny_phase: Option<BunnyPhase>,
    /// Under `revisits = "phase"`: the tiles the bunny has stood on during
    /// the phase in progress (where it started, then every tile entered),
    /// which no later path of the phase may enter.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub visited: Vec<Pos>,
    /// Nest tiles on the board whose 3×3 block is not complete yet, in
    /// placement order, each counting the tiles of its block: a placement
    /// completes at most these, so it looks them up here instead of reading
    /// its nine cells' symbols. Derived from the board (not shown, not
    /// saved).
    #[serde(skip)]
    pub nests_open: Vec<OpenNest>,
}
