//! `carcassonne bench`: how fast the engine plays, single-threaded, in one run.
//!
//! It measures random 2-player games per second in full and sampled mode
//! (see `carcassonne_core::playout`) on the base game and with a set of
//! expansions, the time to list the options of one decision, the time and
//! size of a game-state clone, and the time per placed tile in a long game
//! (the base bag repeated many times) against a normal one.
//!
//! Rules are built before timing, one per seed of a fixed cycle (reseeded
//! from one set of rules, so they share the tile table, as a simulation's
//! games do), because parsing tile files is setup rather than play; each
//! timed game then starts from its rules.

use anyhow::{Context, Result};
use carcassonne_core::playout::{self, Mode};
use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Catalog, Decision, Game, GameConfig, Rules, TileSource};
use serde::Serialize;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A stopwatch of the time this thread spent running, so that other work
/// on a shared machine does not slow the figures down: Linux's per-thread
/// scheduler statistics when readable, else the wall clock.
#[derive(Clone, Copy)]
struct Stopwatch {
    wall: Instant,
    cpu: Option<u64>,
}

/// Nanoseconds this thread has run on a CPU (`CLOCK_THREAD_CPUTIME_ID`),
/// where the system offers it. Read to the nanosecond: measurements time
/// batches of a few milliseconds, and Linux's `/proc/thread-self/schedstat`,
/// read before, moved only at a scheduler tick (a batch between two ticks
/// timed as nothing).
#[cfg(target_os = "linux")]
fn thread_cpu_ns() -> Option<u64> {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Some(u64::try_from(t.tv_sec).ok()? * 1_000_000_000 + u64::try_from(t.tv_nsec).ok()?)
}

#[cfg(not(target_os = "linux"))]
fn thread_cpu_ns() -> Option<u64> {
    None
}

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch {
            cpu: thread_cpu_ns(),
            wall: Instant::now(),
        }
    }

    /// Wall time since the start: bounds how long a measurement runs.
    fn wall(&self) -> Duration {
        self.wall.elapsed()
    }

    /// Time this thread ran since the start: what the figures divide by.
    fn busy(&self) -> Duration {
        match (self.cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) if b >= a => Duration::from_nanos(b - a),
            _ => self.wall.elapsed(),
        }
    }
}

/// Which clock the figures use.
pub fn clock_name() -> &'static str {
    if thread_cpu_ns().is_some() {
        "thread-cpu"
    } else {
        "wall"
    }
}

/// Distinct seeds (rules and choices) the game measurements cycle through.
const SEEDS: u64 = 64;
/// Games played before a measurement starts, to warm caches and allocators.
const WARM_UP_GAMES: u64 = 32;

/// How long each measurement runs.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Games per games-per-second figure (when set, `seconds` is ignored there).
    pub games: Option<u64>,
    /// Seconds per measurement.
    pub seconds: f64,
}

/// Games per second in both modes.
#[derive(Clone, Debug, Serialize)]
pub struct Speeds {
    /// Full mode: every decision lists all options.
    pub full: f64,
    /// Sampled mode: rejection-sampled placements.
    pub sampled: f64,
}

/// The expansions' run, against the base game's and against the same tiles
/// played by the base rules.
///
/// Expansions bring tiles, so their games are longer: `same_tiles` shuffles
/// those tiles in with the expansions' rules off (`tiles_only`), which
/// separates what the longer game costs from what the rules cost.
#[derive(Clone, Debug, Serialize)]
pub struct ExpansionSpeeds {
    /// Which expansions were on.
    pub expansions: Vec<String>,
    /// Full mode, games per second.
    pub full: f64,
    /// Sampled mode, games per second.
    pub sampled: f64,
    /// `full` over the base game's full figure.
    pub full_ratio: f64,
    /// `sampled` over the base game's sampled figure.
    pub sampled_ratio: f64,
    /// Flat mode (whole moves listed at every placement), games per second.
    pub flat: f64,
    /// `flat` over `full`: what listing whole moves costs with these
    /// expansions (an expansion acting between a placement and its
    /// deployment makes each placement be played on a copy).
    pub flat_ratio: f64,
    /// Tiles placed per game, on average (the base game places 71).
    pub tiles_per_game: f64,
    /// The expansions' tiles with their rules off, games per second.
    pub same_tiles: Speeds,
    /// `full` over `same_tiles.full`: what the rules cost.
    pub rules_full_ratio: f64,
    /// `sampled` over `same_tiles.sampled`.
    pub rules_sampled_ratio: f64,
}

/// Time to list the options of one decision, averaged over the decisions of
/// several random base games.
#[derive(Clone, Debug, Serialize)]
pub struct LegalOptions {
    /// Nanoseconds per tile-placement decision.
    pub place_ns: f64,
    /// Nanoseconds per deployment decision.
    pub deploy_ns: f64,
    /// Nanoseconds per turn (one placement and one deployment listing).
    pub per_turn_ns: f64,
    /// Average number of placement options.
    pub place_options: f64,
}

/// Cloning a game state.
#[derive(Clone, Debug, Serialize)]
pub struct CloneCost {
    /// Nanoseconds per `Game::clone`, averaged over the states of whole games.
    pub clone_ns: f64,
    /// `std::mem::size_of::<Game>()`.
    pub size_bytes: usize,
    /// `Game::heap_bytes` at the end of a base game (excluding shared rules).
    pub heap_bytes_end: usize,
    /// The same averaged over every decision of a game.
    pub heap_bytes_mean: f64,
    /// Nanoseconds to copy a state and play one decision on the copy (its
    /// first listed option): what a search pays per child with copies.
    pub clone_and_play_ns: f64,
    /// Nanoseconds to play that decision and take it back with
    /// `Game::undo` on a game with undo on: what a search pays per child
    /// with undo instead.
    pub play_and_undo_ns: f64,
}

/// Time per placed tile in a long game against a normal one, in both modes.
///
/// In sampled mode this is the engine's own cost per tile. Full mode lists
/// every legal placement each turn, and that list grows with the frontier,
/// which grows with the board: its figure shows what a player that wants
/// every option pays on a big board.
#[derive(Clone, Debug, Serialize)]
pub struct Growth {
    /// Sampled mode.
    pub sampled: TileCost,
    /// Full mode.
    pub full: TileCost,
    /// Flat mode (whole moves listed at every placement).
    pub flat: TileCost,
}

/// Time per placed tile in a long game against a normal one, in one mode.
#[derive(Clone, Debug, Serialize)]
pub struct TileCost {
    /// Tiles placed in the normal game (the base bag once).
    pub normal_tiles: f64,
    /// Nanoseconds per placed tile there.
    pub normal_ns_per_tile: f64,
    /// Copies of the base bag in the long game.
    pub long_copies: usize,
    /// Tiles placed in the long game.
    pub long_tiles: f64,
    /// Nanoseconds per placed tile there.
    pub long_ns_per_tile: f64,
    /// `long_ns_per_tile / normal_ns_per_tile` (1.0: perfectly linear).
    pub ratio: f64,
    /// Legal placements per placement decision in the normal game.
    pub normal_place_options: f64,
    /// The same in the long game.
    pub long_place_options: f64,
    /// `ratio` over how many times more placements a turn lists in the
    /// long game (`long_place_options / normal_place_options`): the cost of
    /// a tile per listed placement, long game against normal game.
    pub per_listed_placement_ratio: f64,
}

/// How fast the search bot (`carcassonne_bots::MctsBot`, one thread)
/// thinks: it plays both seats of whole games at a fixed number of
/// iterations per decision for the measurement's time.
#[derive(Clone, Debug, Serialize)]
pub struct SearchSpeed {
    /// Expansions on (empty: the base game).
    pub expansions: Vec<String>,
    /// Iterations per searched decision (decisions with one option are not searched).
    pub iterations_per_decision: u32,
    /// Searched decisions per second.
    pub decisions_per_second: f64,
    /// Search iterations per second.
    pub iterations_per_second: f64,
    /// Decisions the figure is measured over.
    pub decisions: u64,
}

/// Iterations per decision the search speed is measured at.
const SEARCH_ITERATIONS: u32 = 300;

fn search_speed(rules: &[Arc<Rules>], expansions: &[String], seconds: f64) -> Result<SearchSpeed> {
    use carcassonne_bots::{Bot, Budget, MctsBot, MctsConfig};
    let config = MctsConfig {
        budget: Budget::Iterations(SEARCH_ITERATIONS),
        ..MctsConfig::default()
    };
    let mut bot = MctsBot::new(config, 1);
    let mut options: Vec<Action> = Vec::new();
    let clock = Stopwatch::start();
    let mut busy = Duration::ZERO;
    'games: for r in rules.iter().cycle() {
        let mut game = Game::with_narration(Arc::clone(r), false)?;
        while game.decision().is_some() {
            game.legal_actions(&mut options);
            let i = bot.choose(&game, &options);
            game.play(&options[i])?;
            busy = clock.busy();
            // Enough thinking measured, or a machine so busy that the
            // thread barely runs: stop either way.
            let measured = busy.as_secs_f64() >= seconds && bot.totals().decisions > 0;
            if measured || clock.wall().as_secs_f64() > 10.0 * seconds {
                break 'games;
            }
        }
    }
    let t = bot.totals();
    let secs = busy.as_secs_f64().max(1e-9);
    Ok(SearchSpeed {
        expansions: expansions.to_vec(),
        iterations_per_decision: SEARCH_ITERATIONS,
        decisions_per_second: t.decisions as f64 / secs,
        iterations_per_second: t.iterations as f64 / secs,
        decisions: t.decisions,
    })
}

/// Everything `carcassonne bench` measures.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Base game, full mode, games per second (single thread).
    pub full: f64,
    /// Base game, sampled mode, games per second (single thread).
    pub sampled: f64,
    /// Base game, flat mode (every placement decision lists all whole
    /// moves, placement × deployment, with `Game::moves` and plays one
    /// drawn uniformly), games per second (single thread).
    pub flat: f64,
    /// `flat` over `full`.
    pub flat_ratio: f64,
    /// The same with expansions on (absent when none were asked for).
    pub with_expansions: Option<ExpansionSpeeds>,
    /// Each expansion measured alone (with the expansions it requires), on
    /// a quarter of the time budget each: what its own rules cost against
    /// its tiles with the rules off, and its whole-move listing.
    pub alone: Vec<ExpansionSpeeds>,
    /// Option listing time.
    pub legal_options: LegalOptions,
    /// Clone time and size.
    pub clone: CloneCost,
    /// Long game against normal game.
    pub growth: Growth,
    /// The search bot's speed on the base game and with the expansions.
    pub search: Vec<SearchSpeed>,
    /// Threads the games ran on.
    pub threads: usize,
    /// Cores the machine offers.
    pub cores: usize,
    /// What the times are measured on: `thread-cpu` (time the benchmark's
    /// thread ran, unaffected by other work on the machine) or `wall`.
    pub clock: &'static str,
}

fn rules_for(catalog: &Catalog, tiles: &TileSource, expansions: &[String], seed: u64) -> Result<Arc<Rules>> {
    let mut config = GameConfig::with_players(2);
    config.seed = seed;
    config.expansions = expansions.to_vec();
    Ok(Arc::new(Rules::new(catalog, &config, tiles)?))
}

/// `rules` for each seed of the cycle, sharing one tile table as a
/// simulation's games do (`Rules::reseeded`).
fn seeds(rules: Arc<Rules>) -> Result<Vec<Arc<Rules>>> {
    (0..SEEDS).map(|s| Ok(Arc::new(rules.reseeded(s)?))).collect()
}

/// The base rules with the tiles of `expansions` shuffled in (their rules off).
fn same_tiles_rules(catalog: &Catalog, tiles: &TileSource, expansions: &[String], seed: u64) -> Result<Arc<Rules>> {
    let mut config = GameConfig::with_players(2);
    config.seed = seed;
    config.tiles_only = expansions.to_vec();
    Ok(Arc::new(Rules::new(catalog, &config, tiles)?))
}

/// Tiles placed per game, averaged over one full-mode game per rules.
fn tiles_per_game(rules: &[Arc<Rules>]) -> Result<f64> {
    let mut options = Vec::new();
    let mut placed = 0usize;
    for (i, r) in rules.iter().enumerate() {
        let game = playout::random_game(r, Mode::Full, i as u64, &mut options)?;
        placed += game.state().board().tiles().len() - 1;
    }
    Ok(placed as f64 / rules.len().max(1) as f64)
}

/// Legal placements per placement decision, over one full-mode game.
fn place_options(rules: &Arc<Rules>) -> Result<f64> {
    let mut game = Game::with_narration(Arc::clone(rules), false)?;
    let mut rng = GameRng::new(7);
    let (mut options, mut listed, mut decisions) = (Vec::new(), 0usize, 0usize);
    while !game.is_over() {
        if matches!(game.decision(), Some(Decision::Place { .. })) {
            game.legal_actions(&mut options);
            listed += options.len();
            decisions += 1;
        }
        playout::full_step(&mut game, &mut rng, &mut options)?;
    }
    Ok(listed as f64 / decisions.max(1) as f64)
}

/// Plays random game `i` of the rules cycle in `mode`, its choices seeded
/// by `i`, as every games-per-second figure does.
fn play_cycle_game(rules: &[Arc<Rules>], mode: Mode, i: u64, options: &mut Vec<Action>) -> Result<()> {
    let r = &rules[(i % rules.len() as u64) as usize];
    let game = playout::random_game(r, mode, i ^ 0x5eed, options).with_context(|| format!("random game {i} failed"))?;
    black_box(game);
    Ok(())
}

/// Games per second of `mode` over the rules cycle.
fn games_per_second(rules: &[Arc<Rules>], mode: Mode, budget: Budget) -> Result<f64> {
    let mut options = Vec::new();
    let mut play = |i: u64| play_cycle_game(rules, mode, i, &mut options);
    for i in 0..WARM_UP_GAMES {
        play(i)?;
    }
    let start = Stopwatch::start();
    let mut played = 0;
    match budget.games {
        Some(n) => {
            for i in 0..n {
                play(i)?;
            }
            played = n;
        }
        None => {
            let limit = Duration::from_secs_f64(budget.seconds);
            while start.wall() < limit {
                for _ in 0..16 {
                    play(played)?;
                    played += 1;
                }
            }
        }
    }
    Ok(played as f64 / start.busy().as_secs_f64().max(1e-9))
}

/// Games per second of two sets of rules measured side by side: batches of
/// games alternate between them, game `i` of each with the same seed, so
/// whatever else the machine does slows both alike and their ratio holds
/// (measured one after the other, the ratio of one build moved by a fifth
/// between runs on a shared machine). Each side gets the budget.
fn paired_games_per_second(a: &[Arc<Rules>], b: &[Arc<Rules>], mode: Mode, budget: Budget) -> Result<(f64, f64)> {
    const BATCH: u64 = 16;
    let mut options = Vec::new();
    let mut play = |rules: &[Arc<Rules>], i: u64| play_cycle_game(rules, mode, i, &mut options);
    for i in 0..WARM_UP_GAMES {
        play(a, i)?;
        play(b, i)?;
    }
    let (mut busy_a, mut busy_b) = (Duration::ZERO, Duration::ZERO);
    let mut played = 0;
    let limit = Duration::from_secs_f64(2.0 * budget.seconds);
    let wall = Stopwatch::start();
    loop {
        let batch = match budget.games {
            Some(n) if played >= n => break,
            Some(n) => BATCH.min(n - played),
            None if played > 0 && wall.wall() >= limit => break,
            None => BATCH,
        };
        for (rules, busy) in [(a, &mut busy_a), (b, &mut busy_b)] {
            let clock = Stopwatch::start();
            for i in played..played + batch {
                play(rules, i)?;
            }
            *busy += clock.busy();
        }
        played += batch;
    }
    let rate = |busy: Duration| played as f64 / busy.as_secs_f64().max(1e-9);
    Ok((rate(busy_a), rate(busy_b)))
}

fn speeds(rules: &[Arc<Rules>], budget: Budget) -> Result<Speeds> {
    Ok(Speeds {
        full: games_per_second(rules, Mode::Full, budget)?,
        sampled: games_per_second(rules, Mode::Sampled, budget)?,
    })
}

/// Every decision state of a few full-mode games, for the per-decision timings.
fn decision_states(rules: &[Arc<Rules>], games: usize) -> Result<Vec<Game>> {
    let mut states = Vec::new();
    let mut options = Vec::new();
    for (i, r) in rules.iter().take(games).enumerate() {
        let mut game = Game::new(Arc::clone(r))?;
        let mut rng = GameRng::new(i as u64);
        while !game.is_over() {
            states.push(game.clone());
            playout::full_step(&mut game, &mut rng, &mut options)?;
        }
    }
    Ok(states)
}

/// Repeats `f` over `items` until `seconds` pass; nanoseconds per call.
fn ns_per_call<T>(items: &[T], seconds: f64, mut f: impl FnMut(&T)) -> f64 {
    if items.is_empty() {
        return 0.0;
    }
    let limit = Duration::from_secs_f64(seconds);
    let start = Stopwatch::start();
    let mut calls = 0u64;
    while calls == 0 || start.wall() < limit {
        for item in items {
            f(item);
        }
        calls += items.len() as u64;
    }
    start.busy().as_nanos() as f64 / calls as f64
}

fn legal_options(states: &[Game], seconds: f64) -> LegalOptions {
    let (place, deploy): (Vec<&Game>, Vec<&Game>) = states
        .iter()
        .filter(|g| matches!(g.decision(), Some(Decision::Place { .. } | Decision::Deploy { .. })))
        .partition(|g| matches!(g.decision(), Some(Decision::Place { .. })));
    let mut options: Vec<Action> = Vec::new();
    let mut total = 0usize;
    for g in &place {
        g.legal_actions(&mut options);
        total += options.len();
    }
    let place_options = total as f64 / place.len().max(1) as f64;
    let place_ns = ns_per_call(&place, seconds / 2.0, |g| {
        black_box(*g).legal_actions(&mut options);
        black_box(options.len());
    });
    let deploy_ns = ns_per_call(&deploy, seconds / 2.0, |g| {
        black_box(*g).legal_actions(&mut options);
        black_box(options.len());
    });
    LegalOptions {
        place_ns,
        deploy_ns,
        per_turn_ns: place_ns + deploy_ns,
        place_options,
    }
}

fn clone_cost(states: &[Game], seconds: f64) -> Result<CloneCost> {
    let mut kept: Vec<Game> = Vec::with_capacity(states.len());
    // Clones are dropped outside the timed part, as a tree search keeps them.
    let timed_clones = |states: &[Game], seconds: f64, kept: &mut Vec<Game>, mut f: Box<dyn FnMut(&Game) -> Game>| {
        let limit = Duration::from_secs_f64(seconds);
        let mut timed = Duration::ZERO;
        let mut calls = 0u64;
        let overall = Instant::now();
        while calls == 0 || overall.elapsed() < limit {
            let start = Stopwatch::start();
            for g in states {
                kept.push(f(black_box(g)));
            }
            timed += start.busy();
            calls += states.len() as u64;
            kept.clear();
        }
        timed.as_nanos() as f64 / calls.max(1) as f64
    };
    let clone_ns = timed_clones(states, seconds / 3.0, &mut kept, Box::new(|g| g.clone()));
    // The search steps over 64 states spread through the games, so that
    // what they touch stays in cache as a search's nodes near the root do
    // (over all the states above, both would mostly time cache misses).
    let few: Vec<Game> = states.iter().step_by((states.len() / 64).max(1)).cloned().collect();
    // Each state's first listed option, played on a copy / played and undone.
    let mut options = Vec::new();
    let first: Vec<Action> = few
        .iter()
        .map(|g| {
            g.legal_actions(&mut options);
            options.first().cloned().context("a decision without options")
        })
        .collect::<Result<_>>()?;
    let clone_and_play_ns = {
        let mut i = 0;
        let first = first.clone();
        timed_clones(
            &few,
            seconds / 3.0,
            &mut kept,
            Box::new(move |g| {
                let mut copy = g.clone();
                let _ = copy.play(&first[i % first.len()]);
                i += 1;
                copy
            }),
        )
    };
    let mut undoable = few;
    for g in &mut undoable {
        g.set_undoable(true);
    }
    let play_and_undo_ns = {
        let limit = Duration::from_secs_f64(seconds / 3.0);
        let start = Stopwatch::start();
        let mut calls = 0u64;
        while calls == 0 || start.wall() < limit {
            for (g, a) in undoable.iter_mut().zip(&first) {
                let _ = black_box(&mut *g).play(a);
                g.undo();
            }
            calls += undoable.len() as u64;
        }
        start.busy().as_nanos() as f64 / calls as f64
    };
    let end = states.last().map_or(0, |g| g.heap_bytes());
    let mean = states.iter().map(|g| g.heap_bytes() as f64).sum::<f64>() / states.len().max(1) as f64;
    Ok(CloneCost {
        clone_ns,
        size_bytes: std::mem::size_of::<Game>(),
        heap_bytes_end: end,
        heap_bytes_mean: mean,
        clone_and_play_ns,
        play_and_undo_ns,
    })
}

/// Rules whose draw order is the base bag repeated `copies` times, shuffled.
fn long_rules(catalog: &Catalog, tiles: &TileSource, copies: usize, seed: u64) -> Result<Arc<Rules>> {
    let base = rules_for(catalog, tiles, &[], seed)?;
    let mut order: Vec<String> = Vec::new();
    for _ in 0..copies {
        order.extend(base.initial_bag().iter().map(|&t| base.tile(t).id().to_string()));
    }
    // Fisher–Yates with the game RNG, so the order is random but repeatable.
    let mut rng = GameRng::new(seed);
    for i in (1..order.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        order.swap(i, j);
    }
    let mut config = base.config.clone();
    config.draw_order = Some(order);
    Ok(Arc::new(Rules::new(catalog, &config, tiles)?))
}

/// Nanoseconds per placed tile, tiles placed and placement options per
/// decision, over games in `mode` with `copies` base bags, for about
/// `seconds`. A game's start is timed too.
fn per_tile(catalog: &Catalog, tiles: &TileSource, copies: usize, mode: Mode, seconds: f64) -> Result<(f64, f64, f64)> {
    let rules: Vec<Arc<Rules>> = (0..8)
        .map(|s| long_rules(catalog, tiles, copies, s))
        .collect::<Result<_>>()?;
    let mut options = Vec::new();
    let limit = Duration::from_secs_f64(seconds);
    let (mut placed, mut games) = (0usize, 0usize);
    // One untimed game first, to warm up.
    playout::random_game(&rules[0], mode, 1, &mut options)?;
    let start = Stopwatch::start();
    while games == 0 || start.wall() < limit {
        let game = playout::random_game(&rules[games % rules.len()], mode, games as u64, &mut options)?;
        placed += game.state().board().tiles().len() - 1;
        games += 1;
    }
    let ns = start.busy().as_nanos() as f64 / placed.max(1) as f64;
    Ok((ns, placed as f64 / games as f64, place_options(&rules[0])?))
}

/// The expansions' figures: their games against the base game's
/// (`base`) and against their tiles with the rules off.
fn expansion_speeds(
    catalog: &Catalog,
    tiles: &TileSource,
    expansions: &[String],
    base: &Speeds,
    budget: Budget,
) -> Result<ExpansionSpeeds> {
    let rules = rules_for(catalog, tiles, expansions, 0)
        .and_then(seeds)
        .with_context(|| format!("cannot set up a game with {}", expansions.join(",")))?;
    let same = seeds(same_tiles_rules(catalog, tiles, expansions, 0)?)?;
    let (full, same_full) = paired_games_per_second(&rules, &same, Mode::Full, budget)?;
    let (sampled, same_sampled) = paired_games_per_second(&rules, &same, Mode::Sampled, budget)?;
    let flat = games_per_second(&rules, Mode::Flat, budget)?;
    let same_tiles = Speeds {
        full: same_full,
        sampled: same_sampled,
    };
    Ok(ExpansionSpeeds {
        expansions: expansions.to_vec(),
        full_ratio: full / base.full,
        sampled_ratio: sampled / base.sampled,
        full,
        sampled,
        flat,
        flat_ratio: flat / full,
        tiles_per_game: tiles_per_game(&rules[..8])?,
        rules_full_ratio: full / same_tiles.full,
        rules_sampled_ratio: sampled / same_tiles.sampled,
        same_tiles,
    })
}

/// `id` with every expansion it requires, required ones first, in the
/// order the catalog lists them.
pub fn with_requirements(catalog: &Catalog, id: &str) -> Vec<String> {
    let mut needed = vec![id.to_string()];
    let mut i = 0;
    while let Some(next) = needed.get(i).cloned() {
        for r in catalog.get(&next).map_or(&[][..], |info| info.requires) {
            if !needed.iter().any(|n| n == r) {
                needed.push(r.to_string());
            }
        }
        i += 1;
    }
    let order = catalog.ids();
    needed.sort_by_key(|n| order.iter().position(|o| o == n));
    needed
}

/// Runs every measurement. `expansions` empty skips the expansions' run;
/// `alone` are measured one at a time, each with what it requires.
pub fn run(
    catalog: &Catalog,
    tiles: &TileSource,
    expansions: &[String],
    alone: &[String],
    budget: Budget,
) -> Result<Report> {
    let base = seeds(rules_for(catalog, tiles, &[], 0)?)?;
    let base_speeds = speeds(&base, budget)?;
    let flat = games_per_second(&base, Mode::Flat, budget)?;
    let with_expansions = if expansions.is_empty() {
        None
    } else {
        Some(expansion_speeds(catalog, tiles, expansions, &base_speeds, budget)?)
    };
    let quarter = Budget {
        seconds: budget.seconds / 4.0,
        ..budget
    };
    let alone = alone
        .iter()
        .map(|id| expansion_speeds(catalog, tiles, &with_requirements(catalog, id), &base_speeds, quarter))
        .collect::<Result<Vec<_>>>()?;
    let mut search = vec![search_speed(&base, &[], budget.seconds)?];
    if !expansions.is_empty() {
        let rules = rules_for(catalog, tiles, expansions, 0).and_then(seeds)?;
        search.push(search_speed(&rules, expansions, budget.seconds)?);
    }
    let states = decision_states(&base, 8)?;
    let legal_options = legal_options(&states, budget.seconds);
    let clone = clone_cost(&states, budget.seconds)?;
    const LONG_COPIES: usize = 14;
    let growth_in = |mode: Mode| -> Result<TileCost> {
        let (normal_ns_per_tile, normal_tiles, normal_place_options) =
            per_tile(catalog, tiles, 1, mode, budget.seconds)?;
        let (long_ns_per_tile, long_tiles, long_place_options) =
            per_tile(catalog, tiles, LONG_COPIES, mode, budget.seconds)?;
        Ok(TileCost {
            normal_tiles,
            normal_ns_per_tile,
            long_copies: LONG_COPIES,
            long_tiles,
            long_ns_per_tile,
            ratio: long_ns_per_tile / normal_ns_per_tile,
            per_listed_placement_ratio: long_ns_per_tile
                / normal_ns_per_tile
                / (long_place_options / normal_place_options.max(1e-9)).max(1e-9),
            normal_place_options,
            long_place_options,
        })
    };
    let growth = Growth {
        sampled: growth_in(Mode::Sampled)?,
        full: growth_in(Mode::Full)?,
        flat: growth_in(Mode::Flat)?,
    };
    Ok(Report {
        full: base_speeds.full,
        sampled: base_speeds.sampled,
        flat,
        flat_ratio: flat / base_speeds.full,
        with_expansions,
        alone,
        legal_options,
        clone,
        growth,
        search,
        threads: 1,
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        clock: clock_name(),
    })
}

/// The report as text for people.
pub fn text(r: &Report) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "single thread ({} cores on this machine; times on the {} clock)",
        r.cores, r.clock
    );
    let _ = writeln!(
        s,
        "base game, 2 players:   full {:>9.0} games/s   sampled {:>9.0} games/s",
        r.full, r.sampled
    );
    let _ = writeln!(
        s,
        "  whole moves listed:   flat {:>9.0} games/s   ({:.2}× full)",
        r.flat, r.flat_ratio
    );
    if let Some(e) = &r.with_expansions {
        let _ = writeln!(
            s,
            "with {} ({:.0} tiles a game):\n                        full {:>9.0} games/s   sampled {:>9.0} games/s   ({:.2}× / {:.2}× base)",
            e.expansions.join(","),
            e.tiles_per_game,
            e.full,
            e.sampled,
            e.full_ratio,
            e.sampled_ratio
        );
        let _ = writeln!(
            s,
            "  whole moves listed:   flat {:>9.0} games/s   ({:.2}× full)",
            e.flat, e.flat_ratio
        );
        let _ = writeln!(
            s,
            "  same tiles, rules off: full {:>9.0} games/s   sampled {:>9.0} games/s   (rules cost: {:.2}× / {:.2}×)",
            e.same_tiles.full, e.same_tiles.sampled, e.rules_full_ratio, e.rules_sampled_ratio
        );
    }
    if !r.alone.is_empty() {
        let _ = writeln!(
            s,
            "each expansion alone:   rules cost full / sampled, whole moves (flat) over full"
        );
    }
    for e in &r.alone {
        let _ = writeln!(
            s,
            "  {:<30} {:.2}× / {:.2}×   flat {:.2}×",
            e.expansions.join(","),
            e.rules_full_ratio,
            e.rules_sampled_ratio,
            e.flat_ratio
        );
    }
    for m in &r.search {
        let _ = writeln!(
            s,
            "search bot ({}, mcts:{}): {:>7.1} decisions/s   {:>9.0} iterations/s",
            if m.expansions.is_empty() {
                "base".to_string()
            } else {
                m.expansions.join(",")
            },
            m.iterations_per_decision,
            m.decisions_per_second,
            m.iterations_per_second
        );
    }
    let l = &r.legal_options;
    let _ = writeln!(
        s,
        "legal options:          place {:.0} ns ({:.1} options), deploy {:.0} ns, per turn {:.0} ns",
        l.place_ns, l.place_options, l.deploy_ns, l.per_turn_ns
    );
    let c = &r.clone;
    let _ = writeln!(
        s,
        "game state:             clone {:.0} ns, size_of {} B, heap ≈ {} B at the end ({:.0} B mean)",
        c.clone_ns, c.size_bytes, c.heap_bytes_end, c.heap_bytes_mean
    );
    let _ = writeln!(
        s,
        "search step:            clone + play {:.0} ns, play + undo {:.0} ns",
        c.clone_and_play_ns, c.play_and_undo_ns
    );
    for (mode, g) in [
        ("sampled", &r.growth.sampled),
        ("full", &r.growth.full),
        ("flat", &r.growth.flat),
    ] {
        let _ = writeln!(
            s,
            "time per placed tile, {mode:<7} {:.0} ns in a {:.0}-tile game, {:.0} ns in a {:.0}-tile game ({}× the bag): ratio {:.2}",
            g.normal_ns_per_tile, g.normal_tiles, g.long_ns_per_tile, g.long_tiles, g.long_copies, g.ratio
        );
        let _ = writeln!(
            s,
            "                        (a turn has {:.0} → {:.0} placements, {:.2}×: per listed placement, ratio {:.2})",
            g.normal_place_options,
            g.long_place_options,
            g.long_place_options / g.normal_place_options.max(1e-9),
            g.per_listed_placement_ratio
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::with_requirements;
    use carcassonne_core::expansion::DynExpansion;
    use carcassonne_core::tiles::AttributeProblem;
    use carcassonne_core::{BuildContext, Catalog, ExpansionInfo, FeatureKind};

    fn no_attributes(_: Option<FeatureKind>, _: &carcassonne_core::toml::Value) -> Vec<AttributeProblem> {
        Vec::new()
    }

    fn unbuilt(_: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
        Err("only declared".into())
    }

    const BASE: ExpansionInfo = ExpansionInfo {
        id: "a-ground",
        name: "Ground",
        version: "0.0.0",
        description: "required by the others",
        requires: &[],
        conflicts: &[],
        tile_files: &[],
        variants: &[],
        figures: &[],
        parts: &[],
        score_sources: &[],
        score_source_names: &[],
        attributes: &[],
        check_attributes: no_attributes,
        feature_kinds: &[],
        edge_kinds: &[],
        counters: &[],
        build: unbuilt,
        ..ExpansionInfo::EMPTY
    };
    static GROUND: ExpansionInfo = BASE;
    static WALLS: ExpansionInfo = ExpansionInfo {
        id: "b-walls",
        requires: &["a-ground"],
        ..BASE
    };
    static ROOF: ExpansionInfo = ExpansionInfo {
        id: "c-roof",
        requires: &["b-walls"],
        ..BASE
    };

    /// An expansion measured alone brings what it requires, and what that
    /// requires, in the catalog's order.
    #[test]
    fn an_expansion_alone_brings_what_it_requires() {
        let mut catalog = Catalog::default();
        for info in [&ROOF, &GROUND, &WALLS] {
            catalog.add(info).expect("a new id");
        }
        assert_eq!(with_requirements(&catalog, "c-roof"), ["a-ground", "b-walls", "c-roof"]);
        assert_eq!(with_requirements(&catalog, "a-ground"), ["a-ground"]);
    }
}
