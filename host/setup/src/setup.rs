//! Turning files and flags into a game: the expansion catalog, the game
//! configuration and where tile files come from.

use anyhow::Result;
use carcassonne_core::text_file::{MAX_CONFIG_BYTES, read_text_file};
use carcassonne_core::{Catalog, GameConfig, GameRecord, PlayerConfig, Rules, SetupError, TileSource};
use std::path::{Path, PathBuf};

/// What a front end (command line flags, a lobby form, a Python call) says
/// about the game to start: a configuration file and the values laid over it.
/// Every field is optional; `Overrides::default()` is a two-player base game.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// Game configuration file (TOML); the other fields override it.
    pub config: Option<PathBuf>,
    /// Number of players, named "Player 1" … unless the configuration names them.
    pub players: Option<usize>,
    /// Seed of the game's random number generator.
    pub seed: Option<u64>,
    /// Expansions to enable.
    pub expansions: Option<Vec<String>>,
    /// Directory of tile files (default: `$CARCASSONNE_TILES`, the project's
    /// `tiles/`, or the built-in copies).
    pub tiles: Option<PathBuf>,
    /// Expansions whose tiles are shuffled in with their rules off.
    pub tiles_only: Option<Vec<String>>,
    /// Rule variants, each as `EXPANSION.NAME=VALUE`.
    pub variants: Vec<String>,
    /// Parts of expansions switched on or off, each as
    /// `EXPANSION.PART=on` or `=off`.
    pub parts: Vec<String>,
    /// Dynamic expansion libraries (or directories of them) to load.
    pub plugins: Vec<PathBuf>,
}

/// What to do about an expansion the host does not offer.
const LOAD_PLUGIN_HINT: &str = "an expansion built as a plugin must be loaded: `--plugin PATH` (its library, or a directory of libraries) or `plugins = [\"PATH\"]` in the configuration";

/// Everything a game is built from: its configuration, the expansions on
/// offer (linked and loaded) and where tile files are read. This is the one
/// place where a front end's words become a game; the command line, the
/// server and the benchmark all go through it.
pub struct GameSetup {
    /// The game configuration (seats, seed, expansions, variants, tile mix).
    pub config: GameConfig,
    /// The expansions on offer: those linked in and those loaded as plugins.
    pub catalog: Catalog,
    /// Where tile files are read from.
    pub tiles: TileSource,
    /// What the user should know about the plugins loaded (a debug build
    /// in a release host, say), for the front end to show.
    pub notices: Vec<String>,
}

impl GameSetup {
    /// The game `overrides` describe: the configuration file with the other
    /// fields laid over it, the linked expansions plus the plugins the
    /// configuration and `overrides` name, and the tile directory.
    ///
    /// # Errors
    /// An unreadable or invalid configuration, a malformed variant, or a
    /// plugin that cannot be loaded.
    pub fn new(overrides: &Overrides) -> Result<GameSetup> {
        let config = game_config(overrides)?;
        GameSetup::for_config(config, &overrides.plugins, overrides.tiles.as_deref())
    }

    /// [`GameSetup::new`] for a game people play: a game whose overrides
    /// and file give no seed gets one drawn at random (simulations keep
    /// seed 0, so that a seed range always means the same games).
    ///
    /// # Errors
    /// As [`GameSetup::new`], or no randomness for the seed.
    pub fn for_play(overrides: &Overrides) -> Result<(GameSetup, SeedChoice)> {
        let (config, seed) = game_config_and_seed(overrides)?;
        Ok((
            GameSetup::for_config(config, &overrides.plugins, overrides.tiles.as_deref())?,
            seed,
        ))
    }

    /// The setup of a given configuration, with extra `plugins` and a tile directory.
    ///
    /// # Errors
    /// A plugin that cannot be loaded, or a tile directory that does not exist.
    pub fn for_config(config: GameConfig, plugins: &[PathBuf], tiles: Option<&Path>) -> Result<GameSetup> {
        let mut notices = Vec::new();
        let catalog = catalog_noting(&config, plugins, &mut notices)?;
        if let Some(id) = config
            .expansions
            .iter()
            .chain(&config.tiles_only)
            .find(|id| catalog.get(id).is_none())
        {
            let known = catalog.ids().join(", ");
            anyhow::bail!("unknown expansion `{id}`; known expansions: {known}\n{LOAD_PLUGIN_HINT}");
        }
        Ok(GameSetup {
            config,
            catalog,
            tiles: tile_source(tiles)?,
            notices,
        })
    }

    /// The two-player base game with extra `plugins` and a tile directory:
    /// what commands that start no game (listing expansions, checking tile
    /// files, the benchmark) need from a setup, its catalog and tile source.
    ///
    /// # Errors
    /// A plugin that cannot be loaded.
    pub fn base_game(plugins: &[PathBuf], tiles: Option<&Path>) -> Result<GameSetup> {
        GameSetup::for_config(GameConfig::with_players(2), plugins, tiles)
    }

    /// The setup that replays `record`: the configuration it was played
    /// with, with extra `plugins` and a tile directory.
    ///
    /// # Errors
    /// A plugin that cannot be loaded, or a record that leaves unstated a
    /// variant whose default changed and names no engine version.
    pub fn for_record(record: &GameRecord, plugins: &[PathBuf], tiles: Option<&Path>) -> Result<GameSetup> {
        // A record names expansions, not libraries: the paths some older
        // records hold belong to the machine that wrote them (and would
        // clash with a host that links the expansion), so only `plugins`
        // are loaded.
        let mut config = record.config.clone();
        config.plugins.clear();
        let mut setup = GameSetup::for_config(config, plugins, tiles)?;
        // An older record's unstated variants take the defaults it was
        // played with (`GameRecord::played_config`).
        setup.config = record.played_config(&setup.catalog)?;
        Ok(setup)
    }

    /// The rules of the configured game (tiles read, expansions built).
    ///
    /// # Errors
    /// The configuration cannot make a game: unknown expansion, bad variant,
    /// broken tile file, wrong player count (the core's `SetupError`).
    pub fn rules(&self) -> Result<Rules> {
        Rules::new(&self.catalog, &self.config, &self.tiles).map_err(|e| match e {
            SetupError::UnknownExpansion { .. } => anyhow::anyhow!("{e}\n{LOAD_PLUGIN_HINT}"),
            e => e.into(),
        })
    }
}

/// The expansions this binary offers: those linked in, plus those loaded
/// from the configuration's `plugins` and the `--plugin` flags.
pub fn catalog(config: &GameConfig, flags: &[PathBuf]) -> Result<Catalog> {
    catalog_noting(config, flags, &mut Vec::new())
}

/// [`catalog`], adding to `notices` what the user should know about the plugins.
pub fn catalog_noting(config: &GameConfig, flags: &[PathBuf], notices: &mut Vec<String>) -> Result<Catalog> {
    let mut catalog = crate::linked::linked_catalog()?;
    let paths: Vec<PathBuf> = config
        .plugins
        .iter()
        .map(PathBuf::from)
        .chain(flags.iter().cloned())
        .collect();
    // One library named twice (by the configuration and a flag, say) is
    // loaded once.
    let mut seen = std::collections::HashSet::new();
    let paths: Vec<PathBuf> = paths
        .into_iter()
        .filter(|p| seen.insert(std::fs::canonicalize(p).unwrap_or_else(|_| p.clone())))
        .collect();
    crate::plugins::load_all_noting(&paths, &mut catalog, notices)?;
    Ok(catalog)
}

/// The configuration from `--config` with the flags laid over it; seed 0
/// when neither gives one (simulations and tile mixes: a seed range means
/// the same games). Games people play use [`game_config_and_seed`].
pub fn game_config(args: &Overrides) -> Result<GameConfig> {
    Ok(config_from(args, false)?.0)
}

/// [`game_config`] for a game people play: without a seed in the overrides
/// or the file, the seed is drawn at random, and the caller says so.
pub fn game_config_and_seed(args: &Overrides) -> Result<(GameConfig, SeedChoice)> {
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

fn config_from(args: &Overrides, random_seed: bool) -> Result<(GameConfig, SeedChoice)> {
    let mut seed_given = args.seed.is_some();
    let config = match &args.config {
        Some(path) => {
            let text = read_text_file(path, MAX_CONFIG_BYTES, "game configuration")?;
            seed_given |= text.parse::<toml::Table>().is_ok_and(|t| t.contains_key("seed"));
            let mut config =
                toml::from_str::<GameConfig>(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            // Extra tile files sit next to the configuration that names
            // them, so the game reads the same files from any directory.
            // Plugin libraries too.
            let dir = path.parent().unwrap_or(Path::new(""));
            for file in config.tiles.files.iter_mut().chain(&mut config.plugins) {
                if Path::new(file.as_str()).is_relative() {
                    *file = dir.join(file.as_str()).display().to_string();
                }
            }
            config
        }
        None => GameConfig::with_players(2),
    };
    overrides_on(config, args, random_seed && !seed_given)
}

/// `config` with the other fields of `args` (all but `config`) laid over
/// it: what a front end holding a configuration as a value (a Python dict)
/// shares with one reading it from a file. The seed stays the
/// configuration's unless `args` gives one.
pub fn apply_overrides(config: GameConfig, args: &Overrides) -> Result<GameConfig> {
    Ok(overrides_on(config, args, false)?.0)
}

/// A seed drawn from the operating system's randomness, for a game people
/// play whose configuration gives none: no one can know the draw order.
///
/// # Errors
/// No randomness is available.
pub fn draw_seed() -> Result<u64> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no randomness for the game's seed: {e}"))?;
    Ok(u64::from_le_bytes(bytes))
}

/// Lays `args` over `config`; `draw_seed`: the seed is drawn at random.
fn overrides_on(mut config: GameConfig, args: &Overrides, draw_seed: bool) -> Result<(GameConfig, SeedChoice)> {
    // Every key of a configuration is optional, seats too: a file that
    // names none plays the same two-player game as no file at all.
    if config.players.is_empty() && args.players.is_none() {
        config.players = GameConfig::with_players(2).players;
    }
    if let Some(n) = args.players {
        // Refused before the seats are made: a count of millions would
        // exhaust memory naming them.
        if !(1..=carcassonne_core::MAX_PLAYERS).contains(&n) {
            anyhow::bail!(
                "a game needs 1 to {} players (1 for a solo game), got {n}",
                carcassonne_core::MAX_PLAYERS
            );
        }
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
    if draw_seed {
        config.seed = self::draw_seed()?;
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
            .insert(name, carcassonne_core::Value::parse_text(value.trim()));
    }
    let mut switched = std::collections::BTreeSet::new();
    for p in &args.parts {
        let (id, part, on) = parse_part(p)?;
        if !switched.insert((id.clone(), part.clone())) {
            anyhow::bail!("--part {id}.{part} is given twice; give each part once");
        }
        config.parts.entry(id).or_default().insert(part, on);
    }
    let choice = if draw_seed {
        SeedChoice::Random
    } else {
        SeedChoice::Given
    };
    Ok((config, choice))
}

/// `--part EXPANSION.PART=on|off` as (expansion, part, on). Whether the
/// expansion has the part is the rules' check, which lists its parts.
fn parse_part(text: &str) -> Result<(String, String, bool)> {
    let parsed = text.split_once('=').and_then(|(key, value)| {
        key.split_once('.')
            .map(|(id, part)| (id.trim(), part.trim(), value.trim()))
    });
    let Some((id, part, value)) = parsed.filter(|(id, part, _)| !id.is_empty() && !part.is_empty()) else {
        anyhow::bail!("--part `{text}`: write EXPANSION.PART=on or =off, e.g. abbey-and-mayor.abbey=off");
    };
    let on = match value {
        "on" | "true" | "yes" => true,
        "off" | "false" | "no" => false,
        other => anyhow::bail!("--part {id}.{part}=`{other}`: a part is `on` or `off`"),
    };
    Ok((id.to_string(), part.to_string(), on))
}

/// Reads and parses the game record at `path` (with the moves of its
/// journal, see [`crate::journal`]), naming the file in errors.
pub fn read_record(path: &Path) -> Result<GameRecord> {
    crate::journal::read_record(path)
}

/// Where tile files are read from: the flag, `$CARCASSONNE_TILES`, the
/// project's `tiles/` directory when run from a checkout, else built-in
/// copies. A flag or variable naming no directory is refused rather than
/// silently replaced by the built-in tiles.
///
/// # Errors
/// `--tiles` or `$CARCASSONNE_TILES` names no directory.
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
        .or_else(|| project_tiles().filter(|p| p.is_dir()));
    Ok(TileSource { dir })
}

/// The project's `tiles/` directory when run from a checkout, without `..`
/// in it (it is printed in messages).
fn project_tiles() -> Option<PathBuf> {
    Some(Path::new(env!("CARGO_MANIFEST_DIR")).parent()?.parent()?.join("tiles"))
}

/// Writes `text` to `path` so that a reader sees the old or the new file,
/// never a half-written one (see [`crate::safe_file`]).
///
/// # Errors
/// The target is not a regular file, or the file cannot be written.
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    crate::safe_file::write_atomically(path, text)
}
