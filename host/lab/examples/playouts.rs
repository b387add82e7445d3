//! A bare loop of random playouts, for profilers and for comparing two
//! builds with nothing else running in between (`carcassonne bench` measures many
//! things in one run; this measures one):
//!
//! ```sh
//! cargo run --release -p carcassonne-lab --example playouts -- EXPANSIONS MODE GAMES
//! cargo run --release -p carcassonne-lab --example playouts -- easter,fruit-trees,cleric-and-serf sampled 6000
//! PLAYOUTS_TILES_ONLY=1 cargo run --release -p carcassonne-lab --example playouts -- easter full 6000
//! perf record -g target/release/examples/playouts "" sampled 40000
//! ```
//!
//! `EXPANSIONS` is comma-separated (`""` for the base game), `MODE` is
//! `full`, `sampled` or `flat`. With `PLAYOUTS_TILES_ONLY` set, the expansions'
//! tiles are shuffled in with their rules off. Games cycle through 64 seeds
//! reseeded from one set of rules; the figure is games per second on the
//! wall clock, and the checksum (the first seat's total score) shows
//! whether two builds played the same games.

use anyhow::{Context, Result, bail};
use carcassonne_core::playout::{self, Mode};
use carcassonne_core::{Catalog, GameConfig, Rules, TileSource};
use std::sync::Arc;
use std::time::Instant;

// The expansions must be linked for their registrations to exist.
// The expansions every host links, as the setup library links them.
use carcassonne_setup as _;

const USAGE: &str = "usage: playouts EXPANSIONS full|sampled|flat GAMES";

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [expansions, mode, games] = args.as_slice() else {
        bail!(USAGE);
    };
    let mode = match mode.as_str() {
        "full" => Mode::Full,
        "sampled" => Mode::Sampled,
        "flat" => Mode::Flat,
        other => bail!("unknown mode `{other}`; {USAGE}"),
    };
    let games: u64 = games
        .parse()
        .with_context(|| format!("GAMES must be a number, not `{games}`"))?;
    let mut config = GameConfig::with_players(2);
    config.expansions = expansions
        .split(',')
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    if std::env::var_os("PLAYOUTS_TILES_ONLY").is_some() {
        config.tiles_only = std::mem::take(&mut config.expansions);
    }
    let first = Rules::new(&Catalog::linked()?, &config, &TileSource::default())?;
    let rules: Vec<Arc<Rules>> = (0..64)
        .map(|seed| first.reseeded(seed).map(Arc::new))
        .collect::<Result<_, _>>()?;
    let mut options = Vec::new();
    let start = Instant::now();
    let mut checksum = 0i64;
    for i in 0..games {
        let game = playout::random_game(&rules[(i % 64) as usize], mode, i ^ 0x5eed, &mut options)?;
        checksum += i64::from(game.state().score(0));
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{:.0} games/s ({games} games in {seconds:.2} s; checksum {checksum})",
        games as f64 / seconds.max(1e-9)
    );
    Ok(())
}
