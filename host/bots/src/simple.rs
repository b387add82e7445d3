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
        best_one_move_ahead(game, options, &mut self.rng, |g, _| {
            let s = g.state();
            let mine = s.score(me);
            let best_other = (0..s.players() as u8)
                .filter(|&p| p != me)
                .map(|p| s.score(p))
                .max()
                .unwrap_or(0);
            f64::from(mine - best_other)
        })
    }
}

/// The option whose position `value` rates highest: each option is played
/// on a copy of one guess at the game (hidden information redrawn from
/// `rng` once per decision, so every option is judged against the same
/// guess, and the bot judges a harvest by what it could know, not by
/// peeking at the stack), then `value` rates the copy (it may play on and
/// use `rng`). Ties are broken at random from `rng`: always taking the
/// first option grows thin, line-like boards on which cloisters never
/// complete. The greedy and the look-ahead bots differ only in `value`.
pub(crate) fn best_one_move_ahead(
    game: &Game,
    options: &[Action],
    rng: &mut GameRng,
    mut value: impl FnMut(&mut Game, &mut GameRng) -> f64,
) -> usize {
    // Look-ahead copies are not narrated: their stories are thrown away.
    let mut guess = if game.rules().expansions().is_empty() {
        game.clone()
    } else {
        game.determinized(rng.next_u64())
    };
    guess.set_narrated(false);
    let mut best = f64::NEG_INFINITY;
    let mut tied: Vec<usize> = Vec::new();
    for (i, a) in options.iter().enumerate() {
        let mut g = guess.clone();
        if g.play(a).is_err() {
            continue;
        }
        let v = value(&mut g, rng);
        if v > best {
            best = v;
            tied.clear();
        }
        if v == best {
            tied.push(i);
        }
    }
    match tied.len() {
        0 => 0,
        1 => tied[0],
        n => tied[rng.below(n as u32) as usize],
    }
}
