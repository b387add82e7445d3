//! "Cleric": the first player to score a cloister (or an abbey) takes the
//! Cleric; a player left with strictly more scored cloisters than the holder
//! takes it from them.

use crate::State;
use carcassonne_core::expansion::FeatureScoring;
use carcassonne_core::serde_json::json;
use carcassonne_core::{CoreState, Ctx};
use serde::Serialize;

/// The Cleric: who holds it and how many cloisters each player has scored.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cleric {
    /// The holder, once somebody has scored a cloister.
    pub holder: Option<u8>,
    /// Cloisters (abbeys included) each player has scored during the game.
    pub cloisters_scored: Vec<u32>,
}

/// Whether tile type `tile` is an Abbey & Mayor abbey.
pub(crate) fn is_abbey_tile(view: &CoreState, tile: u16) -> bool {
    view.tables()
        .tile(tile)
        .def
        .attribute("abbey-and-mayor")
        .and_then(|t| t.get("abbey"))
        .and_then(|a| a.as_bool())
        == Some(true)
}

/// A completed cloister or abbey was scored: its scorers count it, and the
/// Cleric may change hands.
pub(crate) fn note_scoring(state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring) {
    if scoring.winners.is_empty() {
        return;
    }
    let cleric = &mut state.cleric;
    for &w in &scoring.winners {
        cleric.cloisters_scored[w as usize] += 1;
    }
    // A challenger takes the Cleric with strictly more scored cloisters
    // than the holder (nobody holding counts as 0). Two challengers tied
    // for the lead by the same scoring beat the holder together, and the
    // rules do not say who takes it: neither does (see the docs' open
    // questions).
    let held = cleric.holder.map_or(0, |h| cleric.cloisters_scored[h as usize]);
    let challengers: Vec<u8> = (0..cleric.cloisters_scored.len() as u8)
        .filter(|&p| Some(p) != cleric.holder && cleric.cloisters_scored[p as usize] > held)
        .collect();
    let best = challengers
        .iter()
        .map(|&p| cleric.cloisters_scored[p as usize])
        .max()
        .unwrap_or(0);
    let leaders: Vec<u8> = challengers
        .into_iter()
        .filter(|&p| cleric.cloisters_scored[p as usize] == best)
        .collect();
    if let [taker] = leaders[..] {
        cleric.holder = Some(taker);
        ctx.log_with(|| json!({ "cleric": { "holder": taker, "cloisters": best } }));
    }
}
