//! The one-move look-ahead bot: the search bot's judgement of a position
//! without the search.

use crate::Bot;
use crate::mcts::{position_values, settle};
use crate::simple::best_one_move_ahead;
use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Game};

/// Points a figure in supply is worth at the start of the game, as the
/// search bot counts it ([`crate::MctsConfig::default`]).
const FIGURE_VALUE: f64 = 3.0;

/// Plays each option on a copy of the game (hidden information redrawn
/// once per decision, as [`crate::GreedyBot`] does), finishes the turn
/// with the search's cheap policy (no figure deployed, expansions'
/// questions answered at random) and judges the position as the search
/// bot judges its leaves: each player's score if the game ended now
/// (open features and farms scored as at the end) plus 3 points for each
/// figure still in supply, falling to nothing as the bag empties, against
/// the best opponent's. Takes the best option; ties are broken at random.
///
/// Where [`crate::GreedyBot`] sees only the points scored this turn (so a
/// farmer or an open city is worth nothing to it), this bot sees what
/// they will be worth, and what a figure in hand is worth: a baseline
/// between greedy and the search, at a few milliseconds a decision.
#[derive(Clone, Debug)]
pub struct LookaheadBot {
    rng: GameRng,
}

impl LookaheadBot {
    /// A look-ahead bot whose guesses and tie-breaks come from `seed`.
    pub fn new(seed: u64) -> Self {
        LookaheadBot {
            rng: GameRng::new(seed),
        }
    }
}

impl Bot for LookaheadBot {
    fn choose(&mut self, game: &Game, options: &[Action]) -> usize {
        let Some(me) = game.decision().map(|d| d.player() as usize) else {
            return 0;
        };
        if options.len() < 2 {
            return 0;
        }
        let bag = game.rules().bag_size() as f64;
        let players = game.state().players().min(8);
        let mut values = [0f64; 8];
        best_one_move_ahead(game, options, &mut self.rng, |g, rng| {
            settle(g, rng);
            position_values(g, FIGURE_VALUE, bag, &mut values[..players]);
            // Alone (a solo game) a player plays for points.
            let best_other = (0..players)
                .filter(|&q| q != me)
                .map(|q| values[q])
                .reduce(f64::max)
                .unwrap_or(0.0);
            values.get(me).copied().unwrap_or(0.0) - best_other
        })
    }
}
