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

use crate::simulate::{GameResult, Merged};
use anyhow::Result;
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
    /// (with the expansion only): those named after it (`x` or `x.name`)
    /// and every other source only the games with it have, such as the
    /// source of a feature kind it declares (Russian Promos' `yaga-hut`).
    pub points_by_source: Vec<(String, Estimate)>,
    /// Points per player per game from every score source of either game,
    /// without and with the expansion: where its points come from, and
    /// which of the base game's sources it feeds or starves.
    pub sources: Vec<Measure>,
    /// Score sources in the words players read, by key ("Serf" for
    /// `cleric-and-serf.serf`), for the text; JSON keeps the keys.
    #[serde(skip)]
    pub words: std::collections::BTreeMap<String, String>,
}

impl Comparison {
    /// The comparison with these `(key, word)` pairs for the text
    /// ([`text`]); a source without one shows its key.
    pub fn with_words(mut self, words: impl IntoIterator<Item = (String, String)>) -> Comparison {
        self.words.extend(words);
        self
    }

    /// A score source in words, or its key.
    fn word<'a>(&'a self, key: &'a str) -> &'a str {
        self.words.get(key).map_or(key, String::as_str)
    }
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

/// Points per player in `game` from the source at `column`, if its game has it.
fn points_per_player(game: &GameResult, column: Option<usize>) -> f64 {
    let seats = game.breakdown.len().max(1) as f64;
    column.map_or(0.0, |i| {
        game.breakdown
            .iter()
            .map(|b| f64::from(b.get(i).copied().unwrap_or(0)))
            .sum::<f64>()
            / seats
    })
}

/// Compares `with` and `without`, played over the same seeds in the same
/// order; `sources` and `sources_without` are the score sources (columns
/// of the breakdowns) of the games with and without the expansion.
pub fn compare(
    expansion: &str,
    with: &[GameResult],
    without: &[GameResult],
    sources: &[String],
    sources_without: &[String],
) -> Comparison {
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
    // A kind's source is not named after its expansion ("gardens",
    // "yaga-hut"): a source the games without it lack is its own too.
    let points_by_source = sources
        .iter()
        .enumerate()
        .filter(|(_, s)| s.as_str() == expansion || s.starts_with(&prefix) || !sources_without.contains(s))
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
    let mut names: Vec<&String> = sources_without.iter().collect();
    names.extend(sources.iter().filter(|s| !sources_without.contains(s)));
    let every_source = names
        .into_iter()
        .map(|name| {
            let column_with = sources.iter().position(|s| s == name);
            let column_without = sources_without.iter().position(|s| s == name);
            let w: Vec<f64> = with.iter().map(|g| points_per_player(g, column_with)).collect();
            let wo: Vec<f64> = without.iter().map(|g| points_per_player(g, column_without)).collect();
            let d: Vec<f64> = w.iter().zip(&wo).map(|(x, y)| x - y).collect();
            Measure {
                name: name.clone(),
                without: Estimate::of(&wo),
                with: Estimate::of(&w),
                difference: Estimate::of(&d),
            }
        })
        .collect();
    Comparison {
        expansion: expansion.to_string(),
        games: with.len() as u64,
        seed: with.first().map_or(0, |g| g.seed),
        measures,
        points_by_source,
        sources: every_source,
        words: std::collections::BTreeMap::new(),
    }
}

/// Two runs' games (each read back from its shards) compared over the
/// seeds both played: `with` must be the game of `without` plus one
/// expansion, with the same seats, bot and first seed.
///
/// # Errors
/// The runs are not such a pair, or they share no seed.
pub fn compare_runs(with: &Merged, without: &Merged) -> Result<Comparison> {
    let (a, b) = (&with.header, &without.header);
    let added: Vec<&String> = a
        .config
        .expansions
        .iter()
        .filter(|e| !b.config.expansions.contains(e))
        .collect();
    let dropped: Vec<&String> = b
        .config
        .expansions
        .iter()
        .filter(|e| !a.config.expansions.contains(e))
        .collect();
    let [expansion] = added.as_slice() else {
        anyhow::bail!(
            "the runs should differ by one expansion, on in the first (--with) and off in the second, \
             but the first adds {}",
            if added.is_empty() {
                "none".to_string()
            } else {
                added.iter().map(|e| e.as_str()).collect::<Vec<_>>().join(", ")
            }
        );
    };
    if !dropped.is_empty() {
        anyhow::bail!(
            "the runs should differ by one expansion, but the second (--without) has {} that the first has not",
            dropped.iter().map(|e| e.as_str()).collect::<Vec<_>>().join(", ")
        );
    }
    if a.bot != b.bot {
        anyhow::bail!(
            "the runs were played by different bots ({} and {}): compare like with like",
            a.bot,
            b.bot
        );
    }
    if a.config.players != b.config.players {
        anyhow::bail!("the runs seat different players: compare like with like");
    }
    let by_seed: std::collections::BTreeMap<u64, &GameResult> = without.results.iter().map(|g| (g.seed, g)).collect();
    let (paired_with, paired_without): (Vec<GameResult>, Vec<GameResult>) = with
        .results
        .iter()
        .filter_map(|g| by_seed.get(&g.seed).map(|o| (g.clone(), (*o).clone())))
        .unzip();
    if paired_with.is_empty() {
        anyhow::bail!("the runs share no seed: play both from the same --seed");
    }
    let words = [a, b]
        .into_iter()
        .flat_map(|h| h.sources.iter().cloned().zip(h.words.iter().cloned()));
    Ok(compare(expansion, &paired_with, &paired_without, &a.sources, &b.sources).with_words(words))
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
            "  {:<44} {:>9.2} [{:.2}, {:.2}]\n",
            c.word(source),
            e.mean,
            e.low,
            e.high
        ));
    }
    out.push_str("\npoints per player per game by score source\n");
    for m in &c.sources {
        out.push_str(&format!(
            "  {:<44} {:>9.2} {:>9.2} {:>+9.2} [{:+.2}, {:+.2}]{}\n",
            c.word(&m.name),
            m.without.mean,
            m.with.mean,
            m.difference.mean,
            m.difference.low,
            m.difference.high,
            if m.difference.excludes_zero() { " *" } else { "" }
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
        let c = compare("x", &with, &without, &["cities".into(), "x".into()], &["cities".into()]);
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
    fn every_source_is_compared_and_a_source_of_one_game_only_counts_zero_in_the_other() {
        let without = [game(1, &[10, 20], 70), game(2, &[30, 10], 72)];
        let with = [game(1, &[14, 24], 71), game(2, &[34, 14], 73)];
        let c = compare("x", &with, &without, &["cities".into(), "x".into()], &["cities".into()]);
        let names: Vec<&str> = c.sources.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["cities", "x"]);
        let (cities, x) = (&c.sources[0], &c.sources[1]);
        assert_eq!(
            (cities.without.mean, cities.with.mean, cities.difference.mean),
            (17.5, 21.5, 4.0)
        );
        assert_eq!((x.without.mean, x.with.mean, x.difference.mean), (0.0, 1.0, 1.0));
    }

    #[test]
    fn a_source_only_the_games_with_the_expansion_have_is_its_own_whatever_its_name() {
        // A feature kind's source ("yaga-hut") is not named after its
        // expansion; the base game's ("cities") is never the expansion's.
        let game3 = |seed, scores: &[i32]| GameResult {
            breakdown: scores.iter().map(|&s| vec![s, 1, 2]).collect(),
            ..game(seed, scores, 70)
        };
        let without = [game(1, &[10, 20], 70), game(2, &[30, 10], 72)];
        let with = [game3(1, &[14, 24]), game3(2, &[34, 14])];
        let sources = ["cities".into(), "x.tolls".into(), "yaga-hut".into()];
        let c = compare("x", &with, &without, &sources, &["cities".into()]);
        let own: Vec<(&str, f64)> = c.points_by_source.iter().map(|(s, e)| (s.as_str(), e.mean)).collect();
        assert_eq!(own, [("x.tolls", 1.0), ("yaga-hut", 2.0)]);
    }

    fn run(expansions: &[&str], bot: &str, games: &[GameResult]) -> Merged {
        let mut config = carcassonne_core::GameConfig::with_players(2);
        config.seed = 1;
        config.expansions = expansions.iter().map(|e| e.to_string()).collect();
        let mut sources = vec!["cities".to_string()];
        sources.extend(expansions.iter().map(|e| e.to_string()));
        Merged {
            header: crate::simulate::ShardHeader {
                shard: 0,
                of: 1,
                games: games.len() as u64,
                config,
                bot: bot.into(),
                sources,
                words: Vec::new(),
            },
            // One column per source: each expansion's source pays 1 a seat.
            results: games
                .iter()
                .map(|g| GameResult {
                    breakdown: g
                        .scores
                        .iter()
                        .map(|&s| [s].into_iter().chain(expansions.iter().map(|_| 1)).collect())
                        .collect(),
                    ..g.clone()
                })
                .collect(),
        }
    }

    #[test]
    fn runs_read_back_are_compared_over_the_seeds_both_played() {
        // The run without the expansion is missing seed 2 (a shard not yet played).
        let without = run(&["a"], "greedy", &[game(1, &[10, 20], 70), game(3, &[30, 10], 72)]);
        let with = run(
            &["a", "x"],
            "greedy",
            &[game(1, &[14, 24], 71), game(2, &[99, 0], 80), game(3, &[34, 14], 73)],
        );
        let c = compare_runs(&with, &without).unwrap();
        assert_eq!((c.expansion.as_str(), c.games, c.seed), ("x", 2, 1));
        assert_eq!(c.measures[0].difference.mean, 4.0, "seed 2 is left out");
        assert_eq!(
            c.sources.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(),
            ["cities", "a", "x"]
        );
    }

    #[test]
    fn runs_that_are_not_a_pair_are_refused_with_the_reason() {
        let games = [game(1, &[10, 20], 70)];
        let message = |with: &Merged, without: &Merged| compare_runs(with, without).unwrap_err().to_string();
        assert!(message(&run(&["x"], "greedy", &games), &run(&["x"], "greedy", &games)).contains("adds none"));
        assert!(message(&run(&["x", "y"], "greedy", &games), &run(&[], "greedy", &games)).contains("adds x, y"));
        assert!(message(&run(&["x"], "greedy", &games), &run(&["y"], "greedy", &games)).contains("has y"));
        assert!(message(&run(&["x"], "mcts:500", &games), &run(&[], "greedy", &games)).contains("different bots"));
        let other_seed = [game(9, &[10, 20], 70)];
        assert!(message(&run(&["x"], "greedy", &games), &run(&[], "greedy", &other_seed)).contains("share no seed"));
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
