//! "Does my expansion break the game?": the same seeds played with and
//! without one expansion, and the differences with 95 % confidence
//! intervals.
//!
//! Game `i` of both runs has the same seed and seats, so each difference is
//! taken per seed (a paired comparison) and its interval is the normal
//! interval of the mean of those per-seed differences. The games diverge
//! from the first tile the expansion changes, so pairing narrows the
//! intervals only as far as seeds still matter (the start of the bag, the
//! seats' bots).

use crate::simulate::GameResult;
use serde::Serialize;

/// A mean with its 95 % confidence interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// Mean over the games.
    pub mean: f64,
    /// Lower end of the 95 % interval.
    pub low: f64,
    /// Upper end of the 95 % interval.
    pub high: f64,
}

impl Estimate {
    /// The mean of `xs` with the normal 95 % interval of a mean
    /// (`1.96 · sd / √n`; the games are many and independent).
    pub fn of(xs: &[f64]) -> Estimate {
        let n = xs.len().max(1) as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = if xs.len() > 1 {
            xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let half = 1.959_963_984_540_054 * (var / n).sqrt();
        Estimate {
            mean: round(mean),
            low: round(mean - half),
            high: round(mean + half),
        }
    }

    /// Whether the interval leaves out zero: the difference is unlikely to
    /// be chance alone.
    pub fn excludes_zero(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// One measure of a game, without and with the expansion.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Measure {
    /// What is measured.
    pub name: String,
    /// Without the expansion.
    pub without: Estimate,
    /// With it.
    pub with: Estimate,
    /// With minus without, seed by seed.
    pub difference: Estimate,
}

/// The comparison of two runs over the same seeds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The expansion compared.
    pub expansion: String,
    /// Games in each run.
    pub games: u64,
    /// First seed.
    pub seed: u64,
    /// Scores, spread, first player's edge and length.
    pub measures: Vec<Measure>,
    /// The expansion's points per player per game, by its score sources
    /// (with the expansion only).
    pub points_by_source: Vec<(String, Estimate)>,
}

/// What one game says, in the order of [`MEASURES`].
fn measures_of(game: &GameResult) -> [f64; 4] {
    let seats = game.scores.len().max(1);
    let mut sorted = game.scores.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let best = sorted.first().copied().unwrap_or(0);
    let margin = best - sorted.get(1).copied().unwrap_or(best);
    let winners = game.scores.iter().filter(|&&s| s == best).count().max(1);
    // The first seat's share of the win, above the fair share 1/seats.
    let first_share = if game.scores.first() == Some(&best) {
        1.0 / winners as f64
    } else {
        0.0
    };
    [
        f64::from(game.scores.iter().sum::<i32>()) / seats as f64,
        f64::from(margin),
        first_share - 1.0 / seats as f64,
        f64::from(game.turns),
    ]
}

/// The names of the per-game measures.
pub const MEASURES: [&str; 4] = [
    "mean score per player",
    "winner's lead over the second",
    "first player's edge (win share - 1/players)",
    "turns per game",
];

/// Compares `with` and `without`, played over the same seeds in the same
/// order; `sources` are the score sources of the games with the expansion.
pub fn compare(expansion: &str, with: &[GameResult], without: &[GameResult], sources: &[String]) -> Comparison {
    let a: Vec<[f64; 4]> = with.iter().map(measures_of).collect();
    let b: Vec<[f64; 4]> = without.iter().map(measures_of).collect();
    let measures = MEASURES
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let w: Vec<f64> = a.iter().map(|m| m[i]).collect();
            let wo: Vec<f64> = b.iter().map(|m| m[i]).collect();
            let d: Vec<f64> = w.iter().zip(&wo).map(|(x, y)| x - y).collect();
            Measure {
                name: (*name).to_string(),
                without: Estimate::of(&wo),
                with: Estimate::of(&w),
                difference: Estimate::of(&d),
            }
        })
        .collect();
    let prefix = format!("{expansion}.");
    let points_by_source = sources
        .iter()
        .enumerate()
        .filter(|(_, s)| s.as_str() == expansion || s.starts_with(&prefix))
        .map(|(i, s)| {
            let per_game: Vec<f64> = with
                .iter()
                .map(|g| {
                    let seats = g.breakdown.len().max(1) as f64;
                    g.breakdown.iter().map(|b| f64::from(b[i])).sum::<f64>() / seats
                })
                .collect();
            (s.clone(), Estimate::of(&per_game))
        })
        .collect();
    Comparison {
        expansion: expansion.to_string(),
        games: with.len() as u64,
        seed: with.first().map_or(0, |g| g.seed),
        measures,
        points_by_source,
    }
}

/// The comparison for people: one line per measure, the difference with its
/// interval, and a mark where the interval leaves out zero.
pub fn text(c: &Comparison) -> String {
    let mut out = format!(
        "{} games from seed {}, each played without and with {} (95 % intervals)\n\n",
        c.games, c.seed, c.expansion
    );
    out.push_str(&format!(
        "{:<46} {:>9} {:>9} {:>30}\n",
        "", "without", "with", "difference"
    ));
    for m in &c.measures {
        out.push_str(&format!(
            "{:<46} {:>9.2} {:>9.2} {:>+9.2} [{:+.2}, {:+.2}]{}\n",
            m.name,
            m.without.mean,
            m.with.mean,
            m.difference.mean,
            m.difference.low,
            m.difference.high,
            if m.difference.excludes_zero() { " *" } else { "" }
        ));
    }
    out.push_str(&format!("\npoints per player per game from {}\n", c.expansion));
    if c.points_by_source.is_empty() {
        out.push_str("  (it declares no score source)\n");
    }
    for (source, e) in &c.points_by_source {
        out.push_str(&format!(
            "  {source:<44} {:>9.2} [{:.2}, {:.2}]\n",
            e.mean, e.low, e.high
        ));
    }
    out.push_str("\n* the interval leaves out zero: unlikely to be chance alone\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(seed: u64, scores: &[i32], turns: u32) -> GameResult {
        GameResult {
            seed,
            scores: scores.to_vec(),
            breakdown: scores.iter().map(|&s| vec![s, 1]).collect(),
            turns,
        }
    }

    #[test]
    fn differences_are_taken_seed_by_seed() {
        let without = [game(1, &[10, 20], 70), game(2, &[30, 10], 72)];
        let with = [game(1, &[14, 24], 71), game(2, &[34, 14], 73)];
        let c = compare("x", &with, &without, &["cities".into(), "x".into()]);
        let score = &c.measures[0];
        // Every seed gains 4 points a player: no spread, a tight interval.
        assert_eq!(
            score.difference,
            Estimate {
                mean: 4.0,
                low: 4.0,
                high: 4.0
            }
        );
        assert_eq!(score.without.mean, 17.5);
        assert_eq!(c.measures[3].difference.mean, 1.0);
        // Seat 1 wins one of two games each time: edge 0.5 - 0.5 = 0.
        assert_eq!(c.measures[2].with.mean, 0.0);
        assert_eq!(
            c.points_by_source,
            vec![(
                "x".to_string(),
                Estimate {
                    mean: 1.0,
                    low: 1.0,
                    high: 1.0
                }
            )]
        );
    }

    #[test]
    fn the_interval_is_the_normal_interval_of_the_mean() {
        let e = Estimate::of(&[1.0, 2.0, 3.0, 4.0]);
        // sd 1.291, n 4: half-width 1.96 · 1.291 / 2 = 1.265.
        assert_eq!((e.mean, e.low, e.high), (2.5, 1.235, 3.765));
        assert!(e.excludes_zero());
        assert!(!Estimate::of(&[-1.0, 1.0]).excludes_zero());
    }
}
