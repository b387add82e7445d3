//! Turning files and flags into a game: the expansion catalog, the game
//! configuration and where tile files come from.

use anyhow::{Context, Result};
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
    #[arg(long)]
    pub players: Option<usize>,
    /// Seed of the game's random number generator.
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

/// The configuration from `--config` with the flags laid over it.
pub fn game_config(args: &GameArgs) -> Result<GameConfig> {
    let mut config = match &args.config {
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
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
    for v in &args.variants {
        let parsed = v
            .split_once('=')
            .and_then(|(key, value)| key.split_once('.').map(|(id, name)| (id, name, value)));
        let Some((id, name, value)) = parsed else {
            anyhow::bail!("--variant `{v}`: write EXPANSION.NAME=VALUE, e.g. easter.die=d6");
        };
        config
            .variants
            .entry(id.trim().to_string())
            .or_default()
            .insert(name.trim().to_string(), value.trim().to_string());
    }
    Ok(config)
}

/// Reads and parses the game record at `path`, naming the file in errors.
pub fn read_record(path: &Path) -> Result<carcassonne_core::GameRecord> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    carcassonne_core::GameRecord::from_json(&text).with_context(|| format!("{}", path.display()))
}

/// Where tile files are read from: the flag, `$CARCASSONNE_TILES`, the
/// project's `tiles/` directory when run from a checkout, else built-in copies.
pub fn tile_source(flag: Option<&Path>) -> TileSource {
    let dir = flag
        .map(Path::to_path_buf)
        .or_else(|| std::env::var_os("CARCASSONNE_TILES").map(PathBuf::from))
        .or_else(|| Some(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../tiles"))).filter(|p| p.is_dir()));
    TileSource { dir }
}

/// Writes `text` to `path` so that a reader sees the old or the new file,
/// never a half-written one: write a sibling temporary file, then rename.
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let tmp = path.with_extension("tmp~");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot replace {}", path.display()))?;
    Ok(())
}
