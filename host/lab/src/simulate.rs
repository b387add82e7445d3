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

/// Most games whose results a run keeps all of in memory ([`run`], and
/// so `simulate --compare`, which pairs them seed by seed, and the Python
/// package's shards): about 250 bytes a game, a gigabyte in all. A summary,
/// a CSV or a shard's lines are made game by game instead, in constant
/// memory ([`run_each`]), whatever the number of games.
pub const MAX_KEPT_GAMES: u64 = 4_000_000;

/// Games each worker thread plays between two hand-overs of results in
/// [`run_each`]: a run holds this many games per thread in memory at once,
/// and its threads wait for the slowest game of each chunk (one in 64).
const CHUNK_GAMES_PER_THREAD: u64 = 64;

/// Plays `games` games from `seed` on `threads` threads (0: all cores, at
/// most [`MAX_THREADS`]) and returns every result, in game order.
///
/// # Errors
/// As [`run_each`]; and more than [`MAX_KEPT_GAMES`] games, whose results
/// would not fit in memory.
pub fn run(
    base: &GameConfig,
    make_rules: impl Fn(&GameConfig) -> Result<Rules> + Sync,
    games: u64,
    threads: usize,
    bot: &str,
    progress: bool,
) -> Result<Vec<GameResult>> {
    check_kept(games, "this run")?;
    let mut results = Vec::with_capacity(usize::try_from(games).unwrap_or(0));
    run_each(base, make_rules, games, threads, bot, progress, |r| {
        results.push(r);
        Ok(())
    })?;
    Ok(results)
}

/// Refuses to keep the results of more than [`MAX_KEPT_GAMES`] games in
/// memory, saying what to do instead.
pub fn check_kept(games: u64, what: &str) -> Result<()> {
    if games > MAX_KEPT_GAMES {
        anyhow::bail!(
            "{what} keeps every game's result in memory (about 250 bytes a game): at most {MAX_KEPT_GAMES} games, \
             not {games}; play it in shards (`simulate --shard K/N --jsonl --out FILE`) and put them together \
             with `simulate merge` or `simulate compare`, or ask for a summary, a CSV or JSON lines, which are \
             made game by game"
        );
    }
    Ok(())
}

/// Plays `games` games from `seed` on `threads` threads (0: all cores, at
/// most [`MAX_THREADS`]) and hands each result to `each`, in game order,
/// a few dozen games per thread at a time: the memory a run takes does not
/// grow with its number of games.
///
/// # Errors
/// Too many threads, a game that cannot be played, or an error of `each`
/// (the run stops there).
pub fn run_each(
    base: &GameConfig,
    make_rules: impl Fn(&GameConfig) -> Result<Rules> + Sync,
    games: u64,
    threads: usize,
    bot: &str,
    progress: bool,
    mut each: impl FnMut(GameResult) -> Result<()>,
) -> Result<()> {
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
    let chunk = CHUNK_GAMES_PER_THREAD * pool.current_num_threads().max(1) as u64;
    let mut from = 0;
    while from < games {
        let to = from.saturating_add(chunk).min(games);
        let chunk: Result<Vec<GameResult>> = pool.install(|| {
            (from..to)
                .into_par_iter()
                .map(|i| {
                    let r = play_one(&rules_for, base.seed.wrapping_add(i), bot);
                    bar.inc(1);
                    r
                })
                .collect()
        });
        let chunk = match chunk {
            Ok(c) => c,
            Err(e) => {
                bar.finish_and_clear();
                return Err(e);
            }
        };
        for r in chunk {
            each(r)?;
        }
        from = to;
    }
    bar.finish_and_clear();
    Ok(())
}

/// Mean and standard deviation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spread {
    /// Mean.
    pub mean: f64,
    /// Population standard deviation.
    pub sd: f64,
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

/// Shares of a win are counted in these units: a win shared by k seats
/// (at most [`carcassonne_core::MAX_PLAYERS`], 6) is a whole number of
/// them, so the sums are exact whatever the order of the games.
const WIN_UNITS: u128 = 60;

/// A run's summary gathered game by game ([`Tally::add`]), in memory that
/// does not grow with the number of games: exact integer sums (of scores,
/// their squares, points, turns, wins in sixtieths), extremes and
/// histograms. The same games give the same [`Summary`] in any order, so
/// a run, its shards merged and its threads all agree byte for byte.
#[derive(Clone, Debug)]
pub struct Tally {
    seats: usize,
    games: u64,
    score_sum: Vec<i128>,
    score_squares: Vec<i128>,
    wins: Vec<u128>,
    points: Vec<i128>,
    turns_sum: i128,
    turns_squares: i128,
    turns_range: Option<(u32, u32)>,
    turns_histogram: std::collections::BTreeMap<u32, u64>,
    score_histogram: Vec<Vec<u64>>,
}

impl Tally {
    /// An empty tally for games of `seats` seats and `sources` score sources.
    pub fn new(seats: usize, sources: usize) -> Tally {
        Tally {
            seats,
            games: 0,
            score_sum: vec![0; seats],
            score_squares: vec![0; seats],
            wins: vec![0; seats],
            points: vec![0; sources],
            turns_sum: 0,
            turns_squares: 0,
            turns_range: None,
            turns_histogram: std::collections::BTreeMap::new(),
            score_histogram: vec![Vec::new(); seats],
        }
    }

    /// Counts one game (seats and sources beyond the tally's are left out).
    pub fn add(&mut self, r: &GameResult) {
        self.games += 1;
        let best = r.scores.iter().copied().max().unwrap_or(0);
        let winners = r.scores.iter().take(self.seats).filter(|&&s| s == best).count().max(1) as u128;
        for (p, &score) in r.scores.iter().enumerate().take(self.seats) {
            let x = i128::from(score);
            self.score_sum[p] += x;
            self.score_squares[p] += x * x;
            if score == best {
                self.wins[p] += WIN_UNITS / winners;
            }
            let bin = (score.max(0) / SCORE_BIN) as usize;
            let bin = bin.min(MAX_GAME_FIGURE as usize / SCORE_BIN as usize);
            let h = &mut self.score_histogram[p];
            if h.len() <= bin {
                h.resize(bin + 1, 0);
            }
            h[bin] += 1;
        }
        for b in r.breakdown.iter().take(self.seats) {
            for (i, &v) in b.iter().enumerate().take(self.points.len()) {
                self.points[i] += i128::from(v);
            }
        }
        let t = i128::from(r.turns);
        self.turns_sum += t;
        self.turns_squares += t * t;
        self.turns_range = Some(match self.turns_range {
            None => (r.turns, r.turns),
            Some((lo, hi)) => (lo.min(r.turns), hi.max(r.turns)),
        });
        *self.turns_histogram.entry(r.turns).or_insert(0) += 1;
    }

    /// The games counted.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The summary of the games counted, for a run from `base` with score
    /// sources `sources`.
    pub fn summary(&self, base: &GameConfig, sources: &[String]) -> Summary {
        let n = self.games.max(1) as f64;
        let spread_of = |sum: i128, squares: i128| spread_of_sums(self.games, sum, squares);
        let win = |p: usize| self.wins[p] as f64 / WIN_UNITS as f64 / n;
        let (shortest, longest) = self.turns_range.unwrap_or((0, 0));
        Summary {
            games: self.games,
            seed: base.seed,
            expansions: base.expansions.clone(),
            score_by_seat: (0..self.seats)
                .map(|p| spread_of(self.score_sum[p], self.score_squares[p]))
                .collect(),
            win_rate_by_seat: (0..self.seats).map(|p| round(win(p))).collect(),
            points_by_source: sources
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let sum = self.points.get(i).copied().unwrap_or(0) as f64;
                    (s.clone(), round(sum / (n * self.seats.max(1) as f64)))
                })
                .collect(),
            turns: spread_of(self.turns_sum, self.turns_squares),
            turns_range: (shortest, longest),
            win_rate_ci_by_seat: (0..self.seats)
                .map(|p| {
                    let (lo, hi) = wilson_interval(win(p), self.games as f64);
                    (round(lo), round(hi))
                })
                .collect(),
            score_histogram_by_seat: self.score_histogram.clone(),
            turns_histogram: match self.turns_range {
                None => Vec::new(),
                Some((lo, hi)) => (lo..=hi)
                    .map(|t| self.turns_histogram.get(&t).copied().unwrap_or(0))
                    .collect(),
            },
        }
    }
}

/// Mean and population standard deviation of `games` values from their
/// sum and the sum of their squares: n²·variance = n·Σx² − (Σx)², exact in
/// integers (as long as it fits in 128 bits, far beyond any run), else in
/// floating point.
fn spread_of_sums(games: u64, sum: i128, squares: i128) -> Spread {
    let count = games.max(1);
    let n = count as f64;
    let scaled = i128::from(count)
        .checked_mul(squares)
        .and_then(|a| sum.checked_mul(sum).and_then(|b| a.checked_sub(b)))
        .map_or_else(
            || {
                let mean = sum as f64 / n;
                (squares as f64 / n - mean * mean).max(0.0) * n * n
            },
            |v| v.max(0) as f64,
        );
    Spread {
        mean: round(sum as f64 / n),
        sd: round(scaled.sqrt() / n),
    }
}

/// Summarises results (in any order: see [`Tally`]).
pub fn summarise(base: &GameConfig, sources: &[String], results: &[GameResult]) -> Summary {
    let mut tally = Tally::new(base.players.len(), sources.len());
    for r in results {
        tally.add(r);
    }
    tally.summary(base, sources)
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
    let mut out = csv_header(sources, seats);
    for r in results {
        out.push_str(&csv_line(r, seats));
    }
    out
}

/// The CSV's first line (see [`csv`]), with its line end.
pub fn csv_header(sources: &[String], seats: usize) -> String {
    let mut out = String::from("seed,turns");
    for p in 1..=seats {
        out.push_str(&format!(",p{p}_score"));
        for s in sources {
            out.push_str(&format!(",p{p}_{s}"));
        }
    }
    out.push('\n');
    out
}

/// One game's CSV line (see [`csv`]), with its line end.
pub fn csv_line(r: &GameResult, seats: usize) -> String {
    let mut out = format!("{},{}", r.seed, r.turns);
    for p in 0..seats {
        out.push_str(&format!(",{}", r.scores.get(p).copied().unwrap_or(0)));
        for v in r.breakdown.get(p).into_iter().flatten() {
            out.push_str(&format!(",{v}"));
        }
    }
    out.push('\n');
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
    let mut out = shard_header_line(header)?;
    for r in results {
        out.push_str(&result_line(r)?);
    }
    Ok(out)
}

/// A shard's first line (see [`shard_jsonl`]), with its line end.
pub fn shard_header_line(header: &ShardHeader) -> Result<String> {
    Ok(format!(
        "{}\n",
        serde_json::to_string(&serde_json::json!({ "shard": header }))?
    ))
}

/// One game's line of a shard (see [`shard_jsonl`]), with its line end.
pub fn result_line(r: &GameResult) -> Result<String> {
    Ok(format!("{}\n", serde_json::to_string(r)?))
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

/// Games `range` of a run from `seed`, in words: "the 3 games of seeds
/// 10 to 12". The last seed is named, not the one after it, which for a
/// run ending at the largest seed wraps to 0 ("seeds 1..0"); a run that
/// wraps past the largest seed says so.
fn games_of_seeds(seed: u64, range: &std::ops::Range<u64>) -> String {
    let count = range.end.saturating_sub(range.start);
    if count == 0 {
        return "no games".into();
    }
    let first = seed.wrapping_add(range.start);
    let last = seed.wrapping_add(range.end - 1);
    let span = |a: u64, b: u64| if a == b { a.to_string() } else { format!("{a} to {b}") };
    let seeds = if first <= last {
        span(first, last)
    } else {
        format!("{} and {}", span(first, u64::MAX), span(0, last))
    };
    if count == 1 {
        format!("the game of seed {seeds}")
    } else {
        format!("the {count} games of seeds {seeds}")
    }
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
                "{name}: shard {}/{} should hold {} in order, but holds {} games (is it cut short?)",
                header.shard,
                header.of,
                games_of_seeds(header.config.seed, &range),
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
/// result in game order. The Python package runs shards through here;
/// the command line through [`shard_header`] and [`run_shard_each`].
///
/// # Errors
/// A configuration that cannot make a game, an unknown bot, a bad shard, or
/// a shard of more than [`MAX_KEPT_GAMES`] games.
pub fn run_shard(
    setup: &carcassonne_setup::GameSetup,
    games: u64,
    shard: (u64, u64),
    threads: usize,
    bot: &str,
    progress: bool,
) -> Result<(ShardHeader, Vec<GameResult>)> {
    let header = shard_header(setup, games, shard, bot)?;
    let range = shard_range(games, shard.0, shard.1)?;
    check_kept(range.end - range.start, "a shard played to a list")?;
    let mut results = Vec::new();
    run_shard_each(setup, &header, threads, progress, |r| {
        results.push(r);
        Ok(())
    })?;
    Ok((header, results))
}

/// The header of shard `k` of `n` of a run of `games` games of `setup`
/// with `bot` in the seats without one, checked before any game is
/// played: the configuration makes a game, the bots are known, the shard
/// is one of the run's.
///
/// # Errors
/// A configuration that cannot make a game, an unknown bot, a bad shard.
pub fn shard_header(
    setup: &carcassonne_setup::GameSetup,
    games: u64,
    (k, n): (u64, u64),
    bot: &str,
) -> Result<ShardHeader> {
    let config = &setup.config;
    // Fail early, before any thread starts, on a configuration that cannot play.
    let rules = setup.rules()?;
    session::bots_for(config, bot)?;
    shard_range(games, k, n)?;
    Ok(ShardHeader {
        shard: k,
        of: n,
        games,
        config: config.clone(),
        bot: bot.to_string(),
        sources: rules.score_sources().to_vec(),
        words: rules.score_source_words(),
    })
}

/// Plays the games of the shard `header` names and hands each result to
/// `each`, in game order, in constant memory (see [`run_each`]).
///
/// # Errors
/// As [`run_each`].
pub fn run_shard_each(
    setup: &carcassonne_setup::GameSetup,
    header: &ShardHeader,
    threads: usize,
    progress: bool,
    each: impl FnMut(GameResult) -> Result<()>,
) -> Result<()> {
    let config = &setup.config;
    let rules = setup.rules()?;
    let range = shard_range(header.games, header.shard, header.of)?;
    let mut first = config.clone();
    first.seed = config.seed.wrapping_add(range.start);
    // Tile files are read once; each game only rebuilds the hooks.
    run_each(
        &first,
        |c| Ok(rules.reseeded(c.seed)?),
        range.end - range.start,
        threads,
        &header.bot,
        progress,
        each,
    )
}

/// The summary as the command line prints it: text for people, or pretty JSON.
pub fn summary_output(header: &ShardHeader, results: &[GameResult], json: bool) -> Result<String> {
    summary_output_of(header, &summarise(&header.config, &header.sources, results), json)
}

/// [`summary_output`] of a summary made already (by a [`Tally`]).
pub fn summary_output_of(header: &ShardHeader, summary: &Summary, json: bool) -> Result<String> {
    let summary = summary.clone();
    Ok(if json {
        format!("{}\n", serde_json::to_string_pretty(&summary)?)
    } else {
        let names: Vec<String> = header.config.players.iter().map(|p| p.name.clone()).collect();
        summary_text(&summary, &names, &header.words)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_core::{Catalog, TileSource};

    fn base_game() -> (GameConfig, Rules) {
        let mut config = GameConfig::with_players(2);
        config.seed = 11;
        let rules = Rules::new(&Catalog::linked().unwrap(), &config, &TileSource::default()).unwrap();
        (config, rules)
    }

    /// A run of 10¹² games hands its first results over while it plays
    /// and stops when told to: nothing waits for the end of the run, so
    /// neither does its memory grow with the number of games. (Before, the
    /// results of every game were collected first: this never returned.)
    #[test]
    fn a_run_hands_each_game_over_as_it_goes_and_stops_when_told() {
        let (config, rules) = base_game();
        let mut seen = Vec::new();
        let error = run_each(
            &config,
            |c| Ok(rules.reseeded(c.seed)?),
            1_000_000_000_000,
            1,
            "random",
            false,
            |r| {
                seen.push(r.seed);
                if seen.len() == 100 {
                    anyhow::bail!("enough");
                }
                Ok(())
            },
        )
        .unwrap_err();
        assert_eq!(error.to_string(), "enough");
        let expected: Vec<u64> = (11..111).collect();
        assert_eq!(seen, expected, "in game order, from the run's seed");
    }

    /// The same games tallied one by one, in any order, give the summary
    /// of the whole list, and a run that keeps every result refuses what
    /// would not fit in memory before playing any game.
    #[test]
    fn a_tally_in_any_order_is_the_summary_and_keeping_too_many_games_is_refused() {
        let (config, rules) = base_game();
        let results = run(&config, |c| Ok(rules.reseeded(c.seed)?), 30, 2, "random", false).unwrap();
        let sources = rules.score_sources().to_vec();
        let whole = summarise(&config, &sources, &results);
        let mut tally = Tally::new(2, sources.len());
        for r in results.iter().rev() {
            tally.add(r);
        }
        assert_eq!(tally.summary(&config, &sources), whole);
        assert_eq!(whole.games, 30);
        let mean = |p: usize| results.iter().map(|r| f64::from(r.scores[p])).sum::<f64>() / 30.0;
        assert!((whole.score_by_seat[0].mean - mean(0)).abs() < 0.001);
        let sd = {
            let m = mean(1);
            (results
                .iter()
                .map(|r| (f64::from(r.scores[1]) - m).powi(2))
                .sum::<f64>()
                / 30.0)
                .sqrt()
        };
        assert!(
            (whole.score_by_seat[1].sd - sd).abs() < 0.001,
            "{} {sd}",
            whole.score_by_seat[1].sd
        );
        assert_eq!(whole.turns_histogram.iter().sum::<u64>(), 30);

        let played = std::sync::atomic::AtomicU64::new(0);
        let refused = run(
            &config,
            |c| {
                played.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                Ok(rules.reseeded(c.seed)?)
            },
            MAX_KEPT_GAMES + 1,
            1,
            "random",
            false,
        )
        .unwrap_err()
        .to_string();
        assert!(refused.contains("at most 4000000 games, not 4000001"), "{refused}");
        assert!(refused.contains("simulate --shard K/N"), "{refused}");
        assert_eq!(played.into_inner(), 0, "refused before any game");
    }

    /// A shard's seeds are named first to last (issue 55, item 9): a run
    /// of every seed from 1 was "seeds 1..0", the sum after the last one
    /// wrapped past the largest seed.
    #[test]
    fn a_shard_of_the_wrong_games_names_its_seeds_first_to_last() {
        let header = |seed, games| ShardHeader {
            shard: 0,
            of: 1,
            games,
            config: GameConfig {
                seed,
                ..GameConfig::with_players(2)
            },
            bot: "random".into(),
            sources: Vec::new(),
            words: Vec::new(),
        };
        let game = GameResult {
            seed: 1,
            scores: vec![0, 0],
            breakdown: vec![Vec::new(), Vec::new()],
            turns: 3,
        };
        let refused = |header: ShardHeader| {
            let text = shard_jsonl(&header, std::slice::from_ref(&game)).unwrap();
            match merge(&[("s.jsonl".into(), text)]) {
                Ok(_) => panic!("merged"),
                Err(e) => e.to_string(),
            }
        };
        let message = refused(header(1, u64::MAX));
        assert!(
            message.contains("should hold the 18446744073709551615 games of seeds 1 to 18446744073709551615 in order, but holds 1 games"),
            "{message}"
        );
        let message = refused(header(u64::MAX - 1, 4));
        assert!(
            message.contains("the 4 games of seeds 18446744073709551614 to 18446744073709551615 and 0 to 1"),
            "{message}"
        );
        assert_eq!(games_of_seeds(7, &(2..3)), "the game of seed 9");
        assert_eq!(
            games_of_seeds(u64::MAX, &(0..2)),
            "the 2 games of seeds 18446744073709551615 and 0"
        );
    }

    /// Sums far beyond a real run fall back to floating point instead of
    /// overflowing.
    #[test]
    fn a_spread_of_huge_sums_does_not_overflow() {
        let s = spread_of_sums(u64::MAX, i128::MAX / 2, i128::MAX);
        assert!(s.mean.is_finite() && s.sd.is_finite(), "{s:?}");
        assert_eq!(spread_of_sums(4, 10, 30), Spread { mean: 2.5, sd: 1.118 });
    }
}
