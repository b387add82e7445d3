//! "Cloister tokens": the player whose placement completes a cloister or an
//! abbey but does not score it takes a token while the 14 last (variant
//! `tokens`: `any-completer` gives it whoever scores).

use crate::State;
use carcassonne_core::expansion::FeatureScoring;
use carcassonne_core::serde_json::json;
use carcassonne_core::{CoreState, Ctx};
use serde::Serialize;

/// Cloister tokens in the game.
pub const CLOISTER_TOKENS: u32 = 14;

/// Who takes a cloister token when a cloister or abbey is completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TokenTaker {
    /// The completing player, only when they do not score it.
    NonScorer,
    /// The completing player, whoever scores it.
    AnyCompleter,
}

/// The cloister tokens.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CloisterTokens {
    /// Tokens each player holds.
    pub held: Vec<u32>,
    /// Tokens left in the supply.
    pub supply: u32,
}

/// Gives the completer of a cloister or abbey a cloister token while the
/// supply lasts.
pub(crate) fn give_token(state: &mut State, ctx: &mut Ctx<'_>, player: u8) {
    let tokens = &mut state.cloister_tokens;
    if tokens.supply == 0 {
        ctx.log_with(|| json!({ "cloister-token": { "player": player, "supply": "empty" } }));
        return;
    }
    tokens.supply -= 1;
    tokens.held[player as usize] += 1;
    ctx.log_with(|| json!({ "cloister-token": { "player": player, "held": tokens.held[player as usize] } }));
}

/// The player whose placement completed this turn's features.
pub(crate) fn completer(view: &CoreState) -> u8 {
    view.placed_this_turn()
        .and_then(|t| t.placer)
        .unwrap_or(view.turn().player)
}

/// A cloister or abbey was completed this turn (`any-completer` gives the
/// token now).
pub(crate) fn on_completed(state: &mut State, ctx: &mut Ctx<'_>, taker: TokenTaker) {
    let view = ctx.view();
    // Whoever scores it: the completing placement is this turn's, and
    // its placer gets the token now. A non-scorer's token waits for the
    // scoring, which says who scores.
    if taker == TokenTaker::AnyCompleter {
        give_token(state, ctx, completer(view));
    }
}

/// A completed cloister or abbey was scored (`non-scorer` gives the token
/// now, knowing who scored).
pub(crate) fn on_scored(state: &mut State, ctx: &mut Ctx<'_>, scoring: &FeatureScoring, taker: TokenTaker) {
    // Source: "The player that completes a cloister or a abbey but not
    // score it receives a cloister token" — a cloister nobody scores
    // included.
    if taker == TokenTaker::NonScorer {
        let completer = completer(ctx.view());
        if !scoring.winners.contains(&completer) {
            give_token(state, ctx, completer);
        }
    }
}
