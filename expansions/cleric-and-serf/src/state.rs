//! What the expansion remembers during a game.

use crate::live_farms::LiveFarms;
use crate::{Cleric, CloisterTokens, PendingBarn, Serf};
use serde::Serialize;

/// The expansion's state; all of it is public information.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// The Cleric.
    pub cleric: Cleric,
    /// The cloister tokens.
    pub cloister_tokens: CloisterTokens,
    /// The Serf.
    pub serf: Serf,
    /// Barns placed this turn whose removed farmers are still being counted
    /// (settled at the end of the turn).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pending_barns: Vec<PendingBarn>,
    /// The live Serf's farms, followed from turn to turn.
    #[serde(skip)]
    pub(crate) live_farms: LiveFarms,
}
