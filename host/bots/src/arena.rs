//! Bots against bots: every seed is played once per seating (the bots'
//! seats rotated), so each bot meets the same tiles from every seat and
//! the first player's edge cancels out. Win rates count a shared win as a
//! fraction, with Wilson 95 % intervals.
//!
//! Game `i` uses configuration seed `seed + i / k` with the seats rotated
//! `i % k` places (k bots, one per seat), so a run is the same whatever
//! the thread count; the bots' own seeds derive from the game seed and
//! their seat.

use crate::clock::Instant;
use crate::{Bot, BotSpec};
use carcassonne_core::{Action, Game, PlayError, Rules, SetupError};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::Arc;

/// Why an arena could not run.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    /// The game cannot be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A game failed.
    #[error("game seed {seed}: {error}")]
    Play {
        /// The game's seed.
        seed: u64,
        /// What failed.
        error: PlayError,
    },
    /// Fewer than two bots, or more bots than seats allow.
    #[error("an arena needs 2 to 6 bots (one per seat), not {0}")]
    Seats(usize),
    /// No games.
    #[error("an arena needs at least one game")]
    NoGames,
    /// The thread pool could not start.
    #[error("cannot start the thread pool: {0}")]
    Threads(String),
}

/// One game's outcome, seats in the bots' order (not the seating).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaGame {
    /// Configuration seed.
    pub seed: u64,
    /// How many places the seating was rotated: bot `b` sat in seat `(b + rotation) % k`.
    pub rotation: usize,
    /// Final score of each bot.
    pub scores: Vec<i32>,
    /// Seconds each bot spent choosing.
    pub think_seconds: Vec<f64>,
    /// Turns each bot played.
    pub turns: Vec<u32>,
}

/// Plays game `index` of an arena: the seed and seating it stands for.
pub fn play_game(base: &Rules, bots: &[BotSpec], seed0: u64, index: u64) -> Result<ArenaGame, ArenaError> {
    let k = bots.len();
    let seed = seed0.wrapping_add(index / k as u64);
    let rotation = (index % k as u64) as usize;
    let rules = Arc::new(base.reseeded(seed)?);
    if rules.config.players.len() != k {
        return Err(ArenaError::Seats(k));
    }
    // Seat s is played by bot (s - rotation) mod k.
    let bot_of_seat = |s: usize| (s + k - rotation) % k;
    let mut seated: Vec<Box<dyn Bot>> = (0..k)
        .map(|s| bots[bot_of_seat(s)].build(seed ^ 0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(s as u64 + 1)))
        .collect();
    let mut game = Game::with_narration(rules, false).map_err(|error| ArenaError::Play { seed, error })?;
    let mut think = vec![0f64; k];
    let mut turns = vec![0u32; k];
    let mut options: Vec<Action> = Vec::new();
    let mut last_turn = 0;
    while let Some(decision) = game.decision() {
        let seat = decision.player() as usize;
        game.legal_actions(&mut options);
        let start = Instant::now();
        let choice = seated[seat]
            .choose(&game, &options)
            .min(options.len().saturating_sub(1));
        think[bot_of_seat(seat)] += start.elapsed().as_secs_f64();
        let number = game.state().turn().number;
        if number != last_turn {
            last_turn = number;
            turns[bot_of_seat(game.state().turn().player as usize)] += 1;
        }
        let action = options.swap_remove(choice);
        game.play(&action).map_err(|error| ArenaError::Play { seed, error })?;
    }
    let scores = (0..k).map(|b| game.state().score(((b + rotation) % k) as u8)).collect();
    Ok(ArenaGame {
        seed,
        rotation,
        scores,
        think_seconds: think,
        turns,
    })
}

/// Plays `games` arena games from `seed0` on `threads` threads (0: all
/// cores); `progress` is called after each game.
pub fn run(
    base: &Rules,
    bots: &[BotSpec],
    seed0: u64,
    games: u64,
    threads: usize,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<ArenaGame>, ArenaError> {
    if !(2..=6).contains(&bots.len()) || base.config.players.len() != bots.len() {
        return Err(ArenaError::Seats(bots.len()));
    }
    if games == 0 {
        return Err(ArenaError::NoGames);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| ArenaError::Threads(e.to_string()))?;
    pool.install(|| {
        (0..games)
            .into_par_iter()
            .map(|i| {
                let g = play_game(base, bots, seed0, i);
                progress();
                g
            })
            .collect()
    })
}

/// A proportion with its Wilson 95 % interval, in percent.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// The proportion.
    pub percent: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
}

impl Rate {
    /// `successes` (fractions allowed, for shared wins) out of `n`.
    pub fn wilson(successes: f64, n: f64) -> Rate {
        if n <= 0.0 {
            return Rate {
                percent: 0.0,
                low: 0.0,
                high: 100.0,
            };
        }
        let z = 1.959_964_f64;
        let p = successes / n;
        let z2n = z * z / n;
        let centre = (p + z2n / 2.0) / (1.0 + z2n);
        let half = z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
        Rate {
            percent: round(100.0 * p),
            low: round(100.0 * (centre - half).max(0.0)),
            high: round(100.0 * (centre + half).min(1.0)),
        }
    }
}

/// One bot's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotResult {
    /// Its name, as given.
    pub bot: String,
    /// Games won; a win shared by j bots counts 1/j.
    pub wins: f64,
    /// Win rate with its interval.
    pub win_rate: Rate,
    /// Mean final score.
    pub mean_score: f64,
    /// Standard deviation of the final score.
    pub score_sd: f64,
    /// Mean seconds spent choosing per turn played.
    pub seconds_per_turn: f64,
}

/// What an arena says.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaSummary {
    /// Games played.
    pub games: u64,
    /// Distinct seeds.
    pub seeds: u64,
    /// Enabled expansions.
    pub expansions: Vec<String>,
    /// Per bot, in the order given.
    pub bots: Vec<BotResult>,
    /// With two bots: the first bot's score minus the second's, per game.
    pub mean_difference: Option<f64>,
    /// Its standard deviation.
    pub difference_sd: Option<f64>,
    /// How often the first seat won (shared wins as fractions), whoever sat there.
    pub first_seat: Rate,
}

/// Sums up arena games.
pub fn summarise(base: &Rules, bots: &[BotSpec], names: &[String], games: &[ArenaGame]) -> ArenaSummary {
    let k = bots.len();
    let n = games.len() as f64;
    let mut wins = vec![0f64; k];
    let mut first_seat = 0f64;
    for g in games {
        let top = g.scores.iter().copied().max().unwrap_or(0);
        let winners: Vec<usize> = (0..k).filter(|&b| g.scores[b] == top).collect();
        let share = 1.0 / winners.len() as f64;
        for &b in &winners {
            wins[b] += share;
            // Bot b sat in seat (b + rotation) % k.
            if (b + g.rotation) % k == 0 {
                first_seat += share;
            }
        }
    }
    let results = (0..k)
        .map(|b| {
            let scores: Vec<f64> = games.iter().map(|g| f64::from(g.scores[b])).collect();
            let (mean, sd) = mean_sd(&scores);
            let think: f64 = games.iter().map(|g| g.think_seconds[b]).sum();
            let turns: u32 = games.iter().map(|g| g.turns[b]).sum();
            BotResult {
                bot: names.get(b).cloned().unwrap_or_else(|| bots[b].to_string()),
                wins: wins[b],
                win_rate: Rate::wilson(wins[b], n),
                mean_score: round(mean),
                score_sd: round(sd),
                seconds_per_turn: round_fine(think / f64::from(turns.max(1))),
            }
        })
        .collect();
    let (mean_difference, difference_sd) = if k == 2 {
        let d: Vec<f64> = games.iter().map(|g| f64::from(g.scores[0] - g.scores[1])).collect();
        let (m, s) = mean_sd(&d);
        (Some(round(m)), Some(round(s)))
    } else {
        (None, None)
    };
    let mut seeds: Vec<u64> = games.iter().map(|g| g.seed).collect();
    seeds.sort_unstable();
    seeds.dedup();
    ArenaSummary {
        games: games.len() as u64,
        seeds: seeds.len() as u64,
        expansions: base.expansions().iter().map(|e| e.info.id.to_string()).collect(),
        bots: results,
        mean_difference,
        difference_sd,
        first_seat: Rate::wilson(first_seat, n),
    }
}

/// The summary as a table for people.
pub fn summary_text(s: &ArenaSummary) -> String {
    let mut out = format!(
        "{} games ({} seeds × every seating), {}\n",
        s.games,
        s.seeds,
        if s.expansions.is_empty() {
            "base game".to_string()
        } else {
            format!("expansions: {}", s.expansions.join(", "))
        }
    );
    let width = s.bots.iter().map(|b| b.bot.len()).max().unwrap_or(3).max(3);
    out += &format!(
        "{:width$}  {:>7}  {:>8}  {:>16}  {:>10}  {:>6}  {:>7}\n",
        "bot", "wins", "win rate", "95 % interval", "mean score", "sd", "s/turn"
    );
    for b in &s.bots {
        out += &format!(
            "{:width$}  {:>7}  {:>7.1}%  {:>16}  {:>10.1}  {:>6.1}  {:>7.3}\n",
            b.bot,
            b.wins,
            b.win_rate.percent,
            format!("{:.1}–{:.1} %", b.win_rate.low, b.win_rate.high),
            b.mean_score,
            b.score_sd,
            b.seconds_per_turn
        );
    }
    if let (Some(m), Some(sd)) = (s.mean_difference, s.difference_sd) {
        out += &format!(
            "score difference ({} − {}): {m:+.1} a game (sd {sd:.1})\n",
            s.bots[0].bot, s.bots[1].bot
        );
    }
    out += &format!(
        "first seat won {:.1} % ({:.1}–{:.1} %)\n",
        s.first_seat.percent, s.first_seat.low, s.first_seat.high
    );
    out
}

fn mean_sd(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
    (mean, var.sqrt())
}

fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn round_fine(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_the_textbook() {
        // 95 of 100: Wilson gives 88.8 %–97.8 %.
        let r = Rate::wilson(95.0, 100.0);
        assert_eq!(r.percent, 95.0);
        assert!((r.low - 88.82).abs() < 0.05 && (r.high - 97.85).abs() < 0.05, "{r:?}");
        // All wins still leave room below.
        let all = Rate::wilson(200.0, 200.0);
        assert!(all.low < 99.0 && all.high == 100.0, "{all:?}");
    }
}
