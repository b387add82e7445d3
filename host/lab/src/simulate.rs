//! Many seeded bot games at once, summarised for balance research.
//!
//! Game `i` of a run with seed `S` is the game with configuration seed
//! `S + i`, so a seed range always means the same games. Games run on a
//! rayon pool; results are gathered by game index and summarised in that
//! order, so the summary is identical whatever the thread count.

use anyhow::Result;
use carcassonne_core::{Game, GameConfig, Rules};
use carcassonne_setup::session;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The outcome of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// Seed of the game.
    pub seed: u64,
    /// Final score per seat.
    pub scores: Vec<i32>,
    /// Points per seat by score source.
    pub breakdown: Vec<Vec<i32>>,
    /// Turns played.
    pub turns: u32,
}

/// Plays game `seed` of `base` with `bot` in every seat without one.
pub fn play_one(rules_for: &dyn Fn(u64) -> Result<Arc<Rules>>, seed: u64, bot: &str) -> Result<GameResult> {
    let rules = rules_for(seed)?;
    let config = rules.config.clone();
    let mut bots = session::bots_for(&config, bot)?;
    // Neither a record nor a narration is kept: writing every move in its
    // record form costs more than playing it, and a seed with the same bots
    // replays the game anyway.
    let mut game = Game::with_narration(rules, false)?;
    let mut options = Vec::new();
    while let Some(decision) = game.decision() {
        game.legal_actions(&mut options);
        let choice = bots[decision.player() as usize]
            .choose(&game, &options)
            .min(options.len().saturating_sub(1));
        let action = options.swap_remove(choice);
        game.play(&action).map_err(|e| anyhow::anyhow!("seed {seed}: {e}"))?;
    }
    let s = game.state();
    let seats = s.players() as u8;
    Ok(GameResult {
        seed,
        scores: (0..seats).map(|p| s.score(p)).collect(),
        breakdown: (0..seats).map(|p| s.breakdown(p).to_vec()).collect(),
        turns: s.turn().number,
    })
}

/// Most worker threads a run starts: far more than any machine has cores,
/// so more only costs memory and start-up time.
pub const MAX_THREADS: usize = 256;

/// Refuses a run whose workers, each playing a game whose search bots
/// start their own threads, would start more than [`MAX_THREADS`] threads
/// at once (`--threads 4` with `mcts:threads=256` would be 1,024).
fn check_thread_total(base: &GameConfig, workers: usize, bot: &str) -> Result<()> {
    use carcassonne_bots::BotSpec;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let search_threads = |name: &str| match BotSpec::parse(name) {
        Ok(BotSpec::Mcts(m)) if m.threads == 0 => cores,
        Ok(BotSpec::Mcts(m)) => m.threads,
        _ => 1,
    };
    let (widest, name) = base
        .players
        .iter()
        .map(|p| p.bot.as_deref().unwrap_or(bot))
        .map(|name| (search_threads(name), name))
        .max_by_key(|&(k, _)| k)
        .unwrap_or((1, bot));
    let workers = if workers == 0 { cores } else { workers };
    let total = workers.saturating_mul(widest);
    if widest > 1 && total > MAX_THREADS {
        anyhow::bail!(
            "{workers} worker threads, each playing a game where bot `{name}` searches on {widest} threads, \
             would start {total} threads; at most {MAX_THREADS}: give fewer --threads or a smaller threads=K"
        );
    }
    Ok(())
}

/// Plays `games` games from `seed` on `threads` threads (0: all cores, at
/// most [`MAX_THREADS`]).
pub fn run(
    base: &GameConfig,
    make_rules: impl Fn(&GameConfig) -> Result<Rules> + Sync,
    games: u64,
    threads: usize,
    bot: &str,
    progress: bool,
) -> Result<Vec<GameResult>> {
    if threads > MAX_THREADS {
        anyhow::bail!("--threads {threads}: at most {MAX_THREADS} worker threads (0: one per core)");
    }
    check_thread_total(base, threads, bot)?;
    // The pool's error is its own source: said once, with what to do.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| anyhow::anyhow!("cannot start {threads} worker threads: {e}; try fewer with --threads"))?;
    let bar = if progress && games >= 200 {
        ProgressBar::new(games)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({per_sec}, eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let rules_for = |seed: u64| -> Result<Arc<Rules>> {
        let mut config = base.clone();
        config.seed = seed;
        Ok(Arc::new(make_rules(&config)?))
    };
    let results: Result<Vec<GameResult>> = pool.install(|| {
        (0..games)
            .into_par_iter()
            .map(|i| {
                let r = play_one(&rules_for, base.seed.wrapping_add(i), bot);
                bar.inc(1);
                r
            })
            .collect()
    });
    bar.finish_and_clear();
    results
}

/// Mean and standard deviation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spread {
    /// Mean.
    pub mean: f64,
    /// Population standard deviation.
    pub sd: f64,
}

fn spread(xs: impl Iterator<Item = f64> + Clone) -> Spread {
    let n = xs.clone().count().max(1) as f64;
    let mean = xs.clone().sum::<f64>() / n;
    let var = xs.map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
    Spread {
        mean: round(mean),
        sd: round(var.sqrt()),
    }
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// What a run says.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// First seed.
    pub seed: u64,
    /// Expansions on.
    pub expansions: Vec<String>,
    /// Score by seat.
    pub score_by_seat: Vec<Spread>,
    /// Share of games won by each seat (a shared win counts 1/k to each of k).
    pub win_rate_by_seat: Vec<f64>,
    /// Mean points per player per game, by score source.
    pub points_by_source: Vec<(String, f64)>,
    /// Turns per game.
    pub turns: Spread,
    /// Shortest and longest game in turns.
    pub turns_range: (u32, u32),
    /// 95 % confidence interval of each seat's win rate (Wilson score
    /// interval over the games; a shared win counts as its share).
    pub win_rate_ci_by_seat: Vec<(f64, f64)>,
    /// How final scores fall, per seat, in bins of [`SCORE_BIN`] points.
    pub score_histogram_by_seat: Vec<Vec<u64>>,
    /// How many games lasted each number of turns, from `turns_range.0` on.
    pub turns_histogram: Vec<u64>,
}

/// Width in points of a bin of [`Summary::score_histogram_by_seat`].
pub const SCORE_BIN: i32 = 5;

/// The 95 % Wilson score interval of a rate `p` observed over `n` trials.
pub fn wilson_interval(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn histogram(values: impl Iterator<Item = usize>) -> Vec<u64> {
    let mut counts = Vec::new();
    for v in values {
        if counts.len() <= v {
            counts.resize(v + 1, 0);
        }
        counts[v] += 1;
    }
    counts
}

/// Summarises results in game order.
pub fn summarise(base: &GameConfig, sources: &[String], results: &[GameResult]) -> Summary {
    let seats = base.players.len();
    let mut wins = vec![0.0; seats];
    for r in results {
        let best = r.scores.iter().copied().max().unwrap_or(0);
        let winners: Vec<usize> = (0..seats).filter(|&p| r.scores[p] == best).collect();
        for w in &winners {
            wins[*w] += 1.0 / winners.len() as f64;
        }
    }
    let n = results.len().max(1) as f64;
    let shortest = results.iter().map(|r| r.turns).min().unwrap_or(0);
    Summary {
        games: results.len() as u64,
        seed: base.seed,
        expansions: base.expansions.clone(),
        score_by_seat: (0..seats)
            .map(|p| spread(results.iter().map(move |r| f64::from(r.scores[p]))))
            .collect(),
        win_rate_by_seat: wins.iter().map(|w| round(w / n)).collect(),
        points_by_source: sources
            .iter()
            .enumerate()
            .map(|(i, s)| {
                (
                    s.clone(),
                    round(
                        results
                            .iter()
                            .map(|r| r.breakdown.iter().map(|b| f64::from(b[i])).sum::<f64>())
                            .sum::<f64>()
                            / (n * seats as f64),
                    ),
                )
            })
            .collect(),
        turns: spread(results.iter().map(|r| f64::from(r.turns))),
        turns_range: (shortest, results.iter().map(|r| r.turns).max().unwrap_or(0)),
        win_rate_ci_by_seat: wins
            .iter()
            .map(|w| {
                let (lo, hi) = wilson_interval(w / n, results.len() as f64);
                (round(lo), round(hi))
            })
            .collect(),
        score_histogram_by_seat: (0..seats)
            .map(|p| histogram(results.iter().map(|r| (r.scores[p].max(0) / SCORE_BIN) as usize)))
            .collect(),
        turns_histogram: histogram(results.iter().map(|r| (r.turns - shortest) as usize)),
    }
}

/// The summary for people, each score source in `words` (by source index,
/// as [`ShardHeader::words`]; a source without one shows its key).
pub fn summary_text(s: &Summary, names: &[String], words: &[String]) -> String {
    let mut out = format!(
        "{} games from seed {}{}\n\n",
        s.games,
        s.seed,
        if s.expansions.is_empty() {
            ", base game".to_string()
        } else {
            format!(", expansions: {}", s.expansions.join(", "))
        }
    );
    out.push_str(&format!(
        "{:<12} {:>10} {:>8} {:>9}\n",
        "seat", "mean score", "sd", "win rate"
    ));
    for (i, sp) in s.score_by_seat.iter().enumerate() {
        out.push_str(&format!(
            "{:<12} {:>10.2} {:>8.2} {:>8.1}%\n",
            names.get(i).map_or("?", |n| n.as_str()),
            sp.mean,
            sp.sd,
            100.0 * s.win_rate_by_seat[i]
        ));
    }
    out.push_str("\nmean points per player per game by source\n");
    for (i, (src, p)) in s.points_by_source.iter().enumerate() {
        let word = words.get(i).unwrap_or(src);
        out.push_str(&format!("  {word:<28} {p:>8.2}\n"));
    }
    out.push_str(&format!(
        "\nturns per game: mean {:.1}, sd {:.1}, range {}–{}\n",
        s.turns.mean, s.turns.sd, s.turns_range.0, s.turns_range.1
    ));
    out
}

/// One CSV line per game: seed, turns, then score and each source per seat.
pub fn csv(sources: &[String], seats: usize, results: &[GameResult]) -> String {
    let mut out = String::from("seed,turns");
    for p in 1..=seats {
        out.push_str(&format!(",p{p}_score"));
        for s in sources {
            out.push_str(&format!(",p{p}_{s}"));
        }
    }
    out.push('\n');
    for r in results {
        out.push_str(&format!("{},{}", r.seed, r.turns));
        for p in 0..seats {
            out.push_str(&format!(",{}", r.scores[p]));
            for v in &r.breakdown[p] {
                out.push_str(&format!(",{v}"));
            }
        }
        out.push('\n');
    }
    out
}

/// Shard `k` of `n` (0-based) of a run of `games` games: the game numbers
/// `[k·games/n, (k+1)·games/n)`, so shards differ by at most one game and
/// together cover the run exactly once.
///
/// # Errors
/// `n` is 0 or `k` is not below it.
pub fn shard_range(games: u64, k: u64, n: u64) -> Result<std::ops::Range<u64>> {
    if n == 0 || k >= n {
        anyhow::bail!("shard {k}/{n}: write K/N with 0 ≤ K < N (shards are numbered from 0)");
    }
    let at = |i: u64| (u128::from(games) * u128::from(i) / u128::from(n)) as u64;
    Ok(at(k)..at(k + 1))
}

/// The first line of a shard's JSON lines: which run and which part of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardHeader {
    /// This shard's number, from 0.
    pub shard: u64,
    /// Number of shards of the run.
    pub of: u64,
    /// Games of the whole run.
    pub games: u64,
    /// The run's configuration; its seed is the run's first seed.
    pub config: GameConfig,
    /// Bot of the seats without one.
    pub bot: String,
    /// Score sources of the game (columns of each breakdown).
    pub sources: Vec<String>,
    /// The same sources in the words players read ("Serf" for
    /// `cleric-and-serf.serf`), for the text summary; empty in shards
    /// written before it, whose summaries show the keys.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<String>,
}

/// A shard as JSON lines: the header, then one game result per line.
pub fn shard_jsonl(header: &ShardHeader, results: &[GameResult]) -> Result<String> {
    let mut out = serde_json::to_string(&serde_json::json!({ "shard": header }))?;
    out.push('\n');
    for r in results {
        out.push_str(&serde_json::to_string(r)?);
        out.push('\n');
    }
    Ok(out)
}

/// Shards read back and put together: the run's header (with shard 0)
/// and every game's result in game order, exactly as one machine's run
/// would have produced them.
pub struct Merged {
    /// The run (shard number 0 of `of`).
    pub header: ShardHeader,
    /// Each game's result, in game order.
    pub results: Vec<GameResult>,
}

/// Largest shard file read (a million games of six seats fit in far less).
pub const MAX_SHARD_BYTES: u64 = 1 << 30;

/// Most shards a run may be split into.
pub const MAX_SHARDS: u64 = 1 << 20;

/// Largest score, and largest number of turns, a merged game may have:
/// far beyond a real game, and what bounds the summary's histograms (one
/// bin every 5 points, one per turn).
pub const MAX_GAME_FIGURE: u32 = 1_000_000;

/// Checks a shard's header and its games against each other, so that a
/// forged or damaged file is refused with the reason instead of making
/// the summary panic, allocate without bound or add up wrong.
fn check_shard(name: &str, header: &ShardHeader, results: &[GameResult]) -> Result<()> {
    if header.of > MAX_SHARDS {
        anyhow::bail!("{name}: a run of {} shards; at most {MAX_SHARDS}", header.of);
    }
    let seats = header.config.players.len();
    if !(1..=carcassonne_core::MAX_PLAYERS).contains(&seats) {
        anyhow::bail!(
            "{name}: a configuration of {seats} players; a game has 1 to {}",
            carcassonne_core::MAX_PLAYERS
        );
    }
    for (i, r) in results.iter().enumerate() {
        // The header is line 1, games follow in order.
        let line = i + 2;
        let seed = r.seed;
        if r.scores.len() != seats || r.breakdown.len() != seats {
            anyhow::bail!(
                "{name}: line {line} (seed {seed}): {} scores and {} breakdowns for {seats} players",
                r.scores.len(),
                r.breakdown.len()
            );
        }
        for (p, (score, parts)) in r.scores.iter().zip(&r.breakdown).enumerate() {
            if parts.len() != header.sources.len() {
                anyhow::bail!(
                    "{name}: line {line} (seed {seed}): seat {}'s breakdown has {} parts for {} score sources",
                    p + 1,
                    parts.len(),
                    header.sources.len()
                );
            }
            let sum: i64 = parts.iter().map(|&x| i64::from(x)).sum();
            if sum != i64::from(*score) {
                anyhow::bail!(
                    "{name}: line {line} (seed {seed}): seat {}'s breakdown adds up to {sum}, not its score {score}",
                    p + 1
                );
            }
            if score.unsigned_abs() > MAX_GAME_FIGURE {
                anyhow::bail!(
                    "{name}: line {line} (seed {seed}): a score of {score}; at most {MAX_GAME_FIGURE} either way"
                );
            }
        }
        if r.turns > MAX_GAME_FIGURE {
            anyhow::bail!(
                "{name}: line {line} (seed {seed}): {} turns; at most {MAX_GAME_FIGURE}",
                r.turns
            );
        }
    }
    Ok(())
}

/// Merges the shards `files` (name and text): they must belong to one run
/// and cover each of its shards once.
///
/// # Errors
/// A malformed line, shards of different runs, a shard missing or given
/// twice, or a shard whose games do not match its range.
pub fn merge(files: &[(String, String)]) -> Result<Merged> {
    let (merged, missing) = merge_some(files)?;
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(u64::to_string).collect();
        anyhow::bail!("shards missing (of {}): {}", merged.header.of, list.join(", "));
    }
    Ok(merged)
}

/// Merges the shards `files` of one run that are there so far, each at
/// most once: the games they hold, in game order, and the numbers of the
/// shards missing (a run still being played, or a job that failed).
///
/// # Errors
/// As [`merge`], except for missing shards.
pub fn merge_some(files: &[(String, String)]) -> Result<(Merged, Vec<u64>)> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct HeaderLine {
        shard: ShardHeader,
    }
    let mut run: Option<ShardHeader> = None;
    let mut parts: std::collections::BTreeMap<u64, (String, Vec<GameResult>)> = std::collections::BTreeMap::new();
    for (name, text) in files {
        let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
        let Some((_, first)) = lines.next() else {
            anyhow::bail!("{name}: empty file; a shard starts with its header line");
        };
        let header = serde_json::from_str::<HeaderLine>(first)
            .map_err(|e| {
                anyhow::anyhow!(
                    "{name}: line 1 is not a shard header ({e}); write shards with `simulate --shard K/N --jsonl`"
                )
            })?
            .shard;
        let results = lines
            .map(|(i, l)| {
                serde_json::from_str::<GameResult>(l).map_err(|e| anyhow::anyhow!("{name}: line {}: {e}", i + 1))
            })
            .collect::<Result<Vec<_>>>()?;
        check_shard(name, &header, &results)?;
        let range = shard_range(header.games, header.shard, header.of).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        // Compared one by one, not listed: the header may declare any
        // number of games.
        let seeds = range.clone().map(|i| header.config.seed.wrapping_add(i));
        if results.len() as u64 != range.end - range.start || results.iter().map(|r| r.seed).ne(seeds) {
            anyhow::bail!(
                "{name}: shard {}/{} should hold the games of seeds {}..{} in order, but holds {} games (is it cut short?)",
                header.shard,
                header.of,
                header.config.seed.wrapping_add(range.start),
                header.config.seed.wrapping_add(range.end),
                results.len()
            );
        }
        let same_run = |a: &ShardHeader| {
            ShardHeader { shard: 0, ..a.clone() }
                == ShardHeader {
                    shard: 0,
                    ..header.clone()
                }
        };
        match &run {
            None => {
                run = Some(ShardHeader {
                    shard: 0,
                    ..header.clone()
                })
            }
            Some(r) if !same_run(r) => anyhow::bail!(
                "{name} belongs to another run (configuration, games, shard count or bot differ from {})",
                parts.values().next().map_or("the first file", |(n, _)| n.as_str())
            ),
            Some(_) => {}
        }
        if let Some((other, _)) = parts.get(&header.shard) {
            anyhow::bail!(
                "shard {}/{} is given twice: {other} and {name}",
                header.shard,
                header.of
            );
        }
        parts.insert(header.shard, (name.clone(), results));
    }
    let Some(header) = run else {
        anyhow::bail!("no shard files given");
    };
    let missing: Vec<u64> = (0..header.of).filter(|k| !parts.contains_key(k)).collect();
    let merged = Merged {
        header,
        results: parts.into_values().flat_map(|(_, r)| r).collect(),
    };
    Ok((merged, missing))
}

/// Plays shard `k` of `n` of a run of `games` games of `setup` (all of
/// them for shard 0 of 1): the header naming the run and each game's
/// result in game order. The command line and the Python package both run
/// shards through here.
///
/// # Errors
/// A configuration that cannot make a game, an unknown bot, a bad shard.
pub fn run_shard(
    setup: &carcassonne_setup::GameSetup,
    games: u64,
    (k, n): (u64, u64),
    threads: usize,
    bot: &str,
    progress: bool,
) -> Result<(ShardHeader, Vec<GameResult>)> {
    let config = &setup.config;
    // Fail early, before any thread starts, on a configuration that cannot play.
    let rules = setup.rules()?;
    session::bots_for(config, bot)?;
    let range = shard_range(games, k, n)?;
    let mut first = config.clone();
    first.seed = config.seed.wrapping_add(range.start);
    // Tile files are read once; each game only rebuilds the hooks.
    let results = run(
        &first,
        |c| Ok(rules.reseeded(c.seed)?),
        range.end - range.start,
        threads,
        bot,
        progress,
    )?;
    let header = ShardHeader {
        shard: k,
        of: n,
        games,
        config: config.clone(),
        bot: bot.to_string(),
        sources: rules.score_sources().to_vec(),
        words: rules.score_source_words(),
    };
    Ok((header, results))
}

/// The summary as the command line prints it: text for people, or pretty JSON.
pub fn summary_output(header: &ShardHeader, results: &[GameResult], json: bool) -> Result<String> {
    let summary = summarise(&header.config, &header.sources, results);
    Ok(if json {
        format!("{}\n", serde_json::to_string_pretty(&summary)?)
    } else {
        let names: Vec<String> = header.config.players.iter().map(|p| p.name.clone()).collect();
        summary_text(&summary, &names, &header.words)
    })
}
