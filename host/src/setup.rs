//! Turning files and flags into a game: the expansion catalog, the game
//! configuration and where tile files come from.

use anyhow::Result;
use carcassonne_core::text_file::{MAX_CONFIG_BYTES, read_text_file};
use carcassonne_core::{Catalog, GameConfig, PlayerConfig, TileSource};
use clap::Args;
use std::path::{Path, PathBuf};

/// Options that choose the game (shared by every command that starts one).
#[derive(Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// Game configuration file (TOML); flags override it.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Number of players (2–6), named "Player 1" … unless the configuration names them.
    #[arg(long, allow_negative_numbers = true, value_parser = player_count)]
    pub players: Option<usize>,
    /// Seed of the game's random number generator (default: the configuration's, else drawn at random).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Expansions to enable, comma-separated (e.g. easter,fruit-trees).
    #[arg(long, value_delimiter = ',')]
    pub expansions: Option<Vec<String>>,
    /// Directory of tile files (default: $CARCASSONNE_TILES, the project's tiles/, or the built-in copies).
    #[arg(long)]
    pub tiles: Option<PathBuf>,
    /// Expansions whose tiles are shuffled in with their rules off, comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub tiles_only: Option<Vec<String>>,
    /// A rule variant, as EXPANSION.NAME=VALUE (e.g. easter.die=d6); repeatable.
    #[arg(long = "variant", value_name = "EXPANSION.NAME=VALUE")]
    pub variants: Vec<String>,
    /// Load an expansion from a dynamic library (or every library in a directory); repeatable.
    #[arg(long = "plugin")]
    pub plugins: Vec<PathBuf>,
}

/// The expansions this binary offers: those linked in, plus those loaded
/// from the configuration's `plugins` and the `--plugin` flags.
pub fn catalog(config: &GameConfig, flags: &[PathBuf]) -> Result<Catalog> {
    let mut catalog = Catalog::linked()?;
    let paths: Vec<PathBuf> = config
        .plugins
        .iter()
        .map(PathBuf::from)
        .chain(flags.iter().cloned())
        .collect();
    crate::plugins::load_all(&paths, &mut catalog)?;
    Ok(catalog)
}

/// `--players`: a number from 2 to 6 (a negative one is read as a number,
/// not as an unknown flag).
fn player_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<i64>() {
        Ok(n @ 2..=6) => Ok(n as usize),
        Ok(n) => Err(format!("a game has 2 to 6 players, not {n}")),
        Err(_) => Err(format!("`{text}` is not a number of players (2 to 6)")),
    }
}

/// The configuration from `--config` with the flags laid over it; seed 0
/// when neither gives one (simulations and tile mixes: a seed range means
/// the same games). Games people play use [`game_config_and_seed`].
pub fn game_config(args: &GameArgs) -> Result<GameConfig> {
    Ok(config_from(args, false)?.0)
}

/// [`game_config`] for a game people play: without `--seed` or a `seed` in
/// the file the seed is drawn at random, and the caller says so.
pub fn game_config_and_seed(args: &GameArgs) -> Result<(GameConfig, SeedChoice)> {
    config_from(args, true)
}

/// Where a game's seed came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedChoice {
    /// `--seed`, or `seed` in the configuration file.
    Given,
    /// Neither: drawn from the operating system's randomness, so that no
    /// one can know the draw order in advance.
    Random,
}

fn config_from(args: &GameArgs, random_seed: bool) -> Result<(GameConfig, SeedChoice)> {
    let mut seed_given = args.seed.is_some();
    let mut config = match &args.config {
        Some(path) => {
            let text = read_text_file(path, MAX_CONFIG_BYTES, "game configuration")?;
            seed_given |= text.parse::<toml::Table>().is_ok_and(|t| t.contains_key("seed"));
            let mut config =
                toml::from_str::<GameConfig>(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            // Extra tile files sit next to the configuration that names
            // them, so the game reads the same files from any directory.
            let dir = path.parent().unwrap_or(Path::new(""));
            for file in &mut config.tiles.files {
                if Path::new(file.as_str()).is_relative() {
                    *file = dir.join(file.as_str()).display().to_string();
                }
            }
            config
        }
        None => GameConfig::with_players(2),
    };
    if let Some(n) = args.players {
        // Keep configured names and bots for the seats that remain.
        let mut players: Vec<PlayerConfig> = config.players.iter().take(n).cloned().collect();
        players.extend((players.len() + 1..=n).map(|i| PlayerConfig {
            name: format!("Player {i}"),
            bot: None,
        }));
        config.players = players;
    }
    if let Some(seed) = args.seed {
        config.seed = seed;
    }
    if random_seed && !seed_given {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no randomness for the game's seed: {e}"))?;
        config.seed = u64::from_le_bytes(bytes);
    }
    if let Some(e) = &args.expansions {
        config.expansions = e
            .iter()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
    }
    if let Some(e) = &args.tiles_only {
        config.tiles_only = e
            .iter()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
    }
    let mut given = std::collections::BTreeSet::new();
    for v in &args.variants {
        let parsed = v
            .split_once('=')
            .and_then(|(key, value)| key.split_once('.').map(|(id, name)| (id, name, value)));
        let Some((id, name, value)) = parsed else {
            anyhow::bail!("--variant `{v}`: write EXPANSION.NAME=VALUE, e.g. easter.die=d6");
        };
        let (id, name) = (id.trim().to_string(), name.trim().to_string());
        if !given.insert((id.clone(), name.clone())) {
            anyhow::bail!("--variant {id}.{name} is given twice; give each variant once");
        }
        config
            .variants
            .entry(id)
            .or_default()
            .insert(name, value.trim().to_string());
    }
    let choice = if random_seed && !seed_given {
        SeedChoice::Random
    } else {
        SeedChoice::Given
    };
    Ok((config, choice))
}

/// Reads and parses the game record at `path` (with the moves of its
/// journal, see [`crate::journal`]), naming the file in errors.
pub fn read_record(path: &Path) -> Result<carcassonne_core::GameRecord> {
    crate::journal::read_record(path)
}

/// Where tile files are read from: the flag, `$CARCASSONNE_TILES`, the
/// project's `tiles/` directory when run from a checkout, else built-in
/// copies. A flag or variable naming no directory is refused rather than
/// silently replaced by the built-in tiles.
pub fn tile_source(flag: Option<&Path>) -> Result<TileSource> {
    let chosen = match flag {
        Some(dir) => Some((dir.to_path_buf(), "--tiles")),
        None => std::env::var_os("CARCASSONNE_TILES").map(|d| (PathBuf::from(d), "CARCASSONNE_TILES")),
    };
    if let Some((dir, from)) = &chosen
        && !dir.is_dir()
    {
        anyhow::bail!(
            "{from} {}: no such directory of tile files{}",
            dir.display(),
            if dir.exists() { " (it is not a directory)" } else { "" }
        );
    }
    let dir = chosen
        .map(|(dir, _)| dir)
        .or_else(|| Some(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../tiles"))).filter(|p| p.is_dir()));
    Ok(TileSource { dir })
}

/// Writes `text` to `path` so that a reader sees the old or the new file,
/// never a half-written one (see [`crate::safe_file`]).
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    crate::safe_file::write_atomically(path, text)
}
