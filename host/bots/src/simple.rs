//! The two cheap bots: random and greedy.

use crate::Bot;
use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Game};

/// Picks uniformly among the legal options, from its own seeded RNG (so the
/// game's RNG stream does not depend on which bots play).
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::new(seed),
        }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, _game: &Game, options: &[Action]) -> usize {
        self.rng.below(options.len() as u32) as usize
    }
}

/// Takes the option with the best immediate score gain for the deciding
/// player (its own points minus the best opponent's), trying each option on
/// a copy of the game; ties are broken at random from its seed. The copy has its
/// hidden information redrawn (`Game::determinized`), so the bot judges a
/// harvest by what it could know, not by peeking at the stack.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: GameRng,
}

impl GreedyBot {
    /// A greedy bot whose guesses about hidden information come from `seed`.
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            rng: GameRng::new(seed),
        }
    }
}

impl Default for GreedyBot {
    fn default() -> Self {
        GreedyBot::new(0)
    }
}

impl Bot for GreedyBot {
    fn choose(&mut self, game: &Game, options: &[Action]) -> usize {
        let Some(me) = game.decision().map(|d| d.player()) else {
            return 0;
        };
        // One guess per decision, shared by every option so they compare fairly.
        // Look-ahead copies are not narrated: their stories are thrown away.
        let mut guess = if game.rules().expansions().is_empty() {
            game.clone()
        } else {
            game.determinized(self.rng.next_u64())
        };
        guess.set_narrated(false);
        let value = |g: &Game| {
            let s = g.state();
            let mine = s.score(me);
            let best_other = (0..s.players() as u8)
                .filter(|&p| p != me)
                .map(|p| s.score(p))
                .max()
                .unwrap_or(0);
            mine - best_other
        };
        let mut best = i32::MIN;
        let mut tied: Vec<usize> = Vec::new();
        for (i, a) in options.iter().enumerate() {
            let mut g = guess.clone();
            if g.play(a).is_ok() {
                let v = value(&g);
                if v > best {
                    best = v;
                    tied.clear();
                }
                if v == best {
                    tied.push(i);
                }
            }
        }
        // Ties are broken at random: always taking the first option grows
        // thin, line-like boards on which cloisters never complete.
        match tied.len() {
            0 => 0,
            1 => tied[0],
            n => tied[self.rng.below(n as u32) as usize],
        }
    }
}
