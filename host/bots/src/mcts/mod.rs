//! An information-set Monte Carlo tree search bot (single-observer ISMCTS,
//! Cowling, Powley & Whitehouse 2012) that knows no expansion: it plays
//! through `decision`, `legal_actions` and `play`, and meets hidden
//! information and chance only through `Game::determinized`.
//!
//! One iteration takes a fresh determinization of the position (the bag's
//! future draws, dice and hidden expansion state redrawn from the bot's
//! own seed), walks the tree choosing actions by UCT among the children
//! progressive widening has opened (in the order of a cheap prior), follows
//! chance to the child keyed by what the players observe next (the drawn
//! tile, the next question and its options), and judges the new leaf by a
//! heuristic: finish the turn in progress, end the game there
//! (`Game::end_now`) and add a value for each figure still in supply. See
//! docs/ai.md for the choices and the measurements behind them.

mod search;

pub(crate) use search::{position_values, settle};

use crate::Bot;
use crate::clock::Instant;
use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Game};
use search::Search;
use std::time::Duration;

/// How long the bot thinks about each decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// Search iterations per decision (over all threads): the same game
    /// seed and bot seed then give the same choices.
    Iterations(u32),
    /// Wall-clock time per decision (each thread searches that long).
    Time(Duration),
}

/// Iterations per decision of the default level (`mcts`): about half a
/// second a turn on one core of the reference machine (docs/ai.md).
pub const DEFAULT_ITERATIONS: u32 = 3000;

/// The search's settings. [`MctsConfig::default`] is the tuned default
/// level; the fields let researchers try others.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Thinking budget per decision.
    pub budget: Budget,
    /// Search threads, each growing its own tree (root parallelism);
    /// 0 means one per core.
    pub threads: usize,
    /// UCT exploration constant (rewards lie in [0, 1]; one move changes
    /// them by a few hundredths, hence a small constant).
    pub exploration: f64,
    /// Progressive widening: a node visited n times considers its best
    /// `1 + widening·√n` options by prior.
    pub widening: f64,
    /// Points a figure in supply is worth at the start of the game; the
    /// value falls linearly to nothing as the bag empties.
    pub figure_value: f64,
    /// Score difference (in points) that a reward of sigmoid(1) ≈ 0.73 stands for.
    pub reward_scale: f64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(DEFAULT_ITERATIONS),
            threads: 1,
            exploration: 0.2,
            widening: 2.0,
            figure_value: 3.0,
            reward_scale: 12.0,
        }
    }
}

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Decisions searched (those with one option are answered without searching).
    pub decisions: u64,
    /// Iterations run, over all threads.
    pub iterations: u64,
    /// Tree nodes grown, over all threads.
    pub nodes: u64,
    /// Wall-clock time spent searching.
    pub elapsed: Duration,
}

impl SearchStats {
    fn add(&mut self, other: &SearchStats) {
        self.decisions += other.decisions;
        self.iterations += other.iterations;
        self.nodes += other.nodes;
        self.elapsed += other.elapsed;
    }
}

/// The search bot. Its random choices (which determinizations it samples,
/// its default policy) come from its own seed, never from the game's RNG.
#[derive(Clone, Debug)]
pub struct MctsBot {
    config: MctsConfig,
    rng: GameRng,
    totals: SearchStats,
}

impl MctsBot {
    /// A search bot with `config`, seeded with `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        MctsBot {
            config,
            rng: GameRng::new(seed),
            totals: SearchStats::default(),
        }
    }

    /// Its settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// What all its searches so far did, summed.
    pub fn totals(&self) -> SearchStats {
        self.totals
    }

    /// Searches the pending decision of `game` (whose legal options are
    /// `options`) as [`Bot::choose`] would, and returns what the search
    /// thinks of each option instead of only its choice.
    pub fn analyse(&mut self, game: &Game, options: &[Action]) -> Analysis {
        let seed = self.rng.next_u64();
        let analysis = self.search(game, options, seed);
        self.totals.add(&analysis.stats);
        analysis
    }

    /// Searches with the decision seed `seed`.
    fn search(&self, game: &Game, options: &[Action], seed: u64) -> Analysis {
        let start = Instant::now();
        let threads = match self.config.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            k => k,
        };
        let per_thread = |i: usize| -> Budget {
            match self.config.budget {
                // The iterations are shared out, so `mcts:N` costs the same
                // work whatever the thread count.
                Budget::Iterations(n) => {
                    let k = threads as u32;
                    Budget::Iterations((n / k + u32::from((i as u32) < n % k)).max(1))
                }
                Budget::Time(d) => Budget::Time(d),
            }
        };
        let thread_seed = |i: usize| seed ^ 0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(i as u64 + 1);
        let results: Vec<search::RootResult> = if threads == 1 {
            vec![Search::new(game, options, &self.config, seed).run(per_thread(0), start)]
        } else {
            std::thread::scope(|scope| {
                // A thread the system refuses (too many threads, no memory)
                // searches its share here instead: the same seeds and
                // budgets, so the same answer, only later.
                let handles: Vec<_> = (0..threads)
                    .map(|i| {
                        let copy = game.clone();
                        let config = &self.config;
                        let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                            Search::new(&copy, options, config, thread_seed(i)).run(per_thread(i), start)
                        });
                        (i, spawned.ok())
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|(i, h)| match h {
                        Some(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
                        None => Search::new(game, options, &self.config, thread_seed(i)).run(per_thread(i), start),
                    })
                    .collect()
            })
        };
        let mut visits = vec![0u64; options.len()];
        let mut value = vec![0f64; options.len()];
        let mut stats = SearchStats {
            decisions: 1,
            elapsed: start.elapsed(),
            ..SearchStats::default()
        };
        for r in &results {
            stats.iterations += r.iterations;
            stats.nodes += r.nodes;
            for (i, (v, w)) in r.edges.iter().enumerate() {
                visits[i] += u64::from(*v);
                value[i] += w;
            }
        }
        let mean = |i: usize| {
            if visits[i] == 0 {
                f64::NAN
            } else {
                value[i] / visits[i] as f64
            }
        };
        // The most visited option; equal visits are told apart by their
        // mean value (a naive tie-break plays near random when visits are
        // spread thin).
        let key = |i: usize| if visits[i] == 0 { f64::MIN } else { mean(i) };
        let best = (0..options.len())
            .max_by(|&a, &b| {
                visits[a]
                    .cmp(&visits[b])
                    .then(key(a).total_cmp(&key(b)))
                    .then(b.cmp(&a))
            })
            .unwrap_or(0);
        let means = (0..options.len()).map(mean).collect();
        Analysis {
            best,
            visits,
            means,
            stats,
        }
    }
}

/// What a search thinks of a decision's options (in the caller's order).
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The option the bot plays.
    pub best: usize,
    /// Iterations that tried each option first.
    pub visits: Vec<u64>,
    /// Each option's mean reward in [0, 1] for the deciding player (NaN if never tried).
    pub means: Vec<f64>,
    /// What the search did.
    pub stats: SearchStats,
}

impl Bot for MctsBot {
    fn choose(&mut self, game: &Game, options: &[Action]) -> usize {
        // One draw per decision, searched or not, so `skip` can keep the
        // stream in step without searching.
        let seed = self.rng.next_u64();
        if options.len() <= 1 || game.decision().is_none() {
            return 0;
        }
        let analysis = self.search(game, options, seed);
        self.totals.add(&analysis.stats);
        analysis.best
    }

    fn skip(&mut self, _game: &Game, _options: &[Action]) {
        let _ = self.rng.next_u64();
    }
}
