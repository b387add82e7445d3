//! `carcassonne arena`: bots against bots over many seeded games, seats rotated,
//! summarised with win rates (Wilson 95 % intervals) and mean scores.

use anyhow::{Context, Result, bail};
use carcassonne_bots::BotSpec;
use carcassonne_bots::arena::{self, ArenaSummary};
use carcassonne_core::{Catalog, GameConfig, Rules, TileSource};
use indicatif::{ProgressBar, ProgressStyle};

/// Plays `games` games of `config` (one seat per bot, the seats' own bots
/// ignored) between the bots named in `bots`, on `threads` threads (0: all
/// cores), and sums them up.
pub fn run(
    config: &GameConfig,
    catalog: &Catalog,
    tiles: &TileSource,
    bots: &[String],
    games: u64,
    threads: usize,
    progress: bool,
) -> Result<ArenaSummary> {
    if !(2..=6).contains(&bots.len()) {
        bail!(
            "--bots names 2 to 6 bots, one per seat (e.g. --bots mcts:1000,greedy), not {}",
            bots.len()
        );
    }
    if games == 0 {
        bail!("--games must be at least 1");
    }
    let specs: Vec<BotSpec> = bots.iter().map(|b| BotSpec::parse(b)).collect::<Result<_, _>>()?;
    let mut config = config.clone();
    if config.players.len() != bots.len() {
        config.players = GameConfig::with_players(bots.len()).players;
    }
    for p in &mut config.players {
        p.bot = None;
    }
    let rules = Rules::new(catalog, &config, tiles).context("cannot set up the arena's game")?;
    let bar = if progress {
        ProgressBar::new(games)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let played = arena::run(&rules, &specs, config.seed, games, threads, &|| bar.inc(1))?;
    bar.finish_and_clear();
    Ok(arena::summarise(&rules, &specs, bots, &played))
}
