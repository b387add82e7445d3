//! carcassonne-bots: players for carcassonne-rs that decide through the same
//! decision API as people (`Game::decision`, `legal_actions`, `play`), so
//! they play every expansion, including plugins loaded at run time.
//!
//! - [`RandomBot`]: a uniform pick among the legal options;
//! - [`GreedyBot`]: the option with the best immediate score gain;
//! - [`LookaheadBot`]: the option whose position the search bot would judge
//!   best (score if the game ended now, figures in hand), one move deep;
//! - [`MctsBot`]: an information-set Monte Carlo tree search (docs/ai.md).
//!
//! [`bot_by_name`] builds one from the strings a game configuration's
//! `bot = "…"` and the command line accept ([`BotSpec`]); [`arena`] matches
//! bots against each other.

pub mod arena;
mod clock;
mod lookahead;
mod mcts;
mod simple;
mod spec;

pub use lookahead::LookaheadBot;
pub use mcts::{Analysis, Budget, MctsBot, MctsConfig, SearchStats};
pub use simple::{GreedyBot, RandomBot};
pub use spec::{BOT_LEVELS, BOT_NAMES, BotLevel, BotSpec, UnknownBot, bot_by_name, bot_words};

use carcassonne_core::{Action, Game};

/// A bot picks one of the legal options of the pending decision.
pub trait Bot: Send {
    /// The option to play; `options` is the non-empty legal list.
    fn choose(&mut self, game: &Game, options: &[Action]) -> usize;

    /// Called instead of [`Bot::choose`] when a recorded decision is replayed
    /// (resuming a game): the bot's own random stream must move on as if it
    /// had chosen, so the rest of the game goes as it would have. The default
    /// chooses and forgets; a bot whose choice is expensive advances its
    /// stream without thinking.
    fn skip(&mut self, game: &Game, options: &[Action]) {
        let _ = self.choose(game, options);
    }
}
