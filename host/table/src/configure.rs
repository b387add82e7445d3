//! New games from a configuration sent as JSON (the keys of a TOML game
//! configuration), checked as the command line checks it and bounded for
//! a server that anyone on the LAN may ask: the lobby's `POST /api/games`
//! and `/check`, on the server and in the static site alike.

use carcassonne_bots::{BotSpec, Budget};
use carcassonne_core::GameConfig;
use carcassonne_setup::GameSetup;
use serde_json::Value;
use std::path::PathBuf;

/// The longest a bot of a game made through the API may think per decision:
/// the server faces a LAN, and a bot seat's search takes a core.
pub const MAX_BOT_SECONDS: f64 = 5.0;

/// The most search iterations per decision of a bot made through the API
/// (about five seconds on one core, like [`MAX_BOT_SECONDS`]).
pub const MAX_BOT_ITERATIONS: u32 = 30_000;

/// Most tiles a lobby game's bag may hold: every official and fan set in
/// this host several times over, and far from the hundreds of thousands a
/// tile mix could ask for (which would make a game of days of bot time
/// and answers of tens of megabytes).
pub const MAX_LOBBY_TILES: usize = 2_000;

/// Most thinking time all of a lobby game's timed bots may take together
/// over the game, reckoned at their time a decision and two decisions a
/// turn: an hour of one core.
pub const MAX_GAME_BOT_SECONDS: f64 = 3_600.0;

/// Most finished games a lobby with a database keeps (they stay listed,
/// with their records, until deleted or pruned by `--keep-days`): past it,
/// creating a game is refused until some are deleted.
pub const MAX_FINISHED_GAMES: usize = 1_000;

/// Why a game could not be created: the HTTP status and a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// 400 for a configuration that cannot make a game, 429 for a full server.
    pub status: u16,
    /// Why, in the words of the command line where it has them.
    pub error: String,
}

fn bad(error: impl Into<String>) -> Refused {
    Refused {
        status: 400,
        error: error.into(),
    }
}

/// Where new games get their expansions and tiles: the plugins and tile
/// directory the server was started with.
#[derive(Clone, Debug, Default)]
pub struct Offer {
    /// Plugin libraries (or directories of them) loaded for every game.
    pub plugins: Vec<PathBuf>,
    /// The tile directory (`--tiles`).
    pub tiles: Option<PathBuf>,
}

/// The setup of the game a configuration sent as JSON describes (see
/// [`config_from_json`]), checked as the command line checks it: the
/// rules are built and every bot name read.
pub fn setup_from_json(offer: &Offer, body: &Value) -> Result<GameSetup, Refused> {
    let mut config = config_from_json(body)?;
    resolve_tile_files(offer, &mut config)?;
    let setup =
        GameSetup::for_config(config, &offer.plugins, offer.tiles.as_deref()).map_err(|e| bad(format!("{e:#}")))?;
    let rules = setup.rules().map_err(|e| bad(format!("{e:#}")))?;
    carcassonne_setup::session::bots_for(&setup.config, "random").map_err(|e| bad(format!("{e:#}")))?;
    check_bot_budgets(&setup.config)?;
    check_game_size(&setup.config, rules.bag_size())?;
    Ok(setup)
}

/// `tiles.files` from the LAN name tile sets of the server's own tile
/// directory, by file name alone (`my-tiles.toml`, as the tile editor
/// saves them): the name is checked to be a bare `.toml` name and the
/// file to be there, then replaced by its path, so a client can try a set
/// drawn in the editor without naming any other file on the server.
fn resolve_tile_files(offer: &Offer, config: &mut GameConfig) -> Result<(), Refused> {
    if config.tiles.files.is_empty() {
        return Ok(());
    }
    let source = carcassonne_setup::setup::tile_source(offer.tiles.as_deref()).map_err(|e| bad(format!("{e:#}")))?;
    let Some(dir) = source.dir else {
        return Err(bad(
            "`tiles.files`: this server has no tile directory, so it has no tile files to name; \
             start it with --tiles DIR",
        ));
    };
    for file in &mut config.tiles.files {
        let bare =
            file.ends_with(".toml") && !file.starts_with('.') && !file.contains(['/', '\\', ':']) && file.len() <= 100;
        if !bare {
            return Err(bad(format!(
                "`tiles.files`: `{file}` is not the name of a tile file in the server's tile directory \
                 (write a file name such as `my-tiles.toml`, no directories)"
            )));
        }
        let path = dir.join(&*file);
        if !path.is_file() {
            return Err(bad(format!(
                "`tiles.files`: the server's tile directory has no `{file}` (the tile editor lists its sets)"
            )));
        }
        *file = path.to_string_lossy().into_owned();
    }
    Ok(())
}

/// A game configuration sent as JSON: the keys of a TOML configuration
/// (`players`, `seed`, `expansions`, `tiles_only`, `variants`, `undo`,
/// `draw_order`, `tiles`), read by the same code as a configuration file,
/// so a mistake gets the command line's message. A `null` is an absent
/// key; `seed` may be a string of digits (a 64-bit seed does not fit a
/// JavaScript number); without one the seed is drawn at random. Keys that
/// would make the server load code (`plugins`) are refused: that belongs to
/// whoever starts the server; `tiles.files` may only name tile sets of the
/// server's tile directory (see [`setup_from_json`]).
pub fn config_from_json(body: &Value) -> Result<GameConfig, Refused> {
    let Value::Object(map) = body else {
        return Err(bad(
            "a game configuration is a JSON object with the keys of a TOML game configuration",
        ));
    };
    let mut map = map.clone();
    drop_nulls(&mut map);
    if map.contains_key("plugins") {
        return Err(bad(
            "`plugins` cannot be sent to the server: a plugin is code run on the server; \
             start the server with --plugin PATH to offer its expansions in every game",
        ));
    }
    // The seed is read apart: TOML integers stop at 2^63, seeds at 2^64.
    let seed = match map.remove("seed") {
        None => None,
        Some(Value::String(s)) if !s.trim().is_empty() && s.trim().bytes().all(|b| b.is_ascii_digit()) => Some(
            s.trim()
                .parse::<u64>()
                .map_err(|_| bad(format!("seed `{s}`: write a whole number from 0 to {}", u64::MAX)))?,
        ),
        Some(Value::Number(n)) if n.is_u64() => n.as_u64(),
        // Anything else is put back for the configuration reader to refuse
        // in its own words.
        Some(other) => {
            map.insert("seed".into(), other);
            None
        }
    };
    let table = toml::Value::try_from(Value::Object(map))
        .map_err(|e| bad(format!("the configuration has no TOML form: {e}")))?;
    let mut config: GameConfig = table
        .try_into()
        .map_err(|e: toml::de::Error| bad(format!("game configuration: {}", e.to_string().trim())))?;
    if config.players.is_empty() {
        config.players = GameConfig::with_players(2).players;
    }
    config.seed = match seed {
        Some(seed) => seed,
        None => carcassonne_setup::setup::draw_seed().map_err(|e| bad(format!("{e:#}")))?,
    };
    Ok(config)
}

/// Removes `null` values from objects, at every depth: an absent key.
fn drop_nulls(map: &mut serde_json::Map<String, Value>) {
    map.retain(|_, v| !v.is_null());
    for v in map.values_mut() {
        match v {
            Value::Object(inner) => drop_nulls(inner),
            Value::Array(items) => items.iter_mut().for_each(|i| {
                if let Value::Object(inner) = i {
                    drop_nulls(inner);
                }
            }),
            _ => {}
        }
    }
}

/// Refuses a search bot that would hold a core (or all of them) for long:
/// a game made through the server is made by anyone on the LAN.
/// Refuses a game too long for this server: a bag of more than
/// [`MAX_LOBBY_TILES`] tiles, or timed bots that would think for more than
/// [`MAX_GAME_BOT_SECONDS`] over the game.
fn check_game_size(config: &GameConfig, tiles: usize) -> Result<(), Refused> {
    if tiles > MAX_LOBBY_TILES {
        return Err(bad(format!(
            "a bag of {tiles} tiles; a game on this server has at most {MAX_LOBBY_TILES} (fewer copies of the tile sets)"
        )));
    }
    let seats = config.players.len().max(1) as f64;
    let per_seat_decisions = 2.0 * tiles as f64 / seats;
    let seconds: f64 = config
        .players
        .iter()
        .filter_map(|p| match p.bot.as_deref().map(BotSpec::parse) {
            Some(Ok(BotSpec::Mcts(m))) => match m.budget {
                Budget::Time(t) => Some(t.as_secs_f64() * per_seat_decisions),
                // Reckoned at the rate the iteration cap is set by.
                Budget::Iterations(n) => {
                    Some(f64::from(n) * MAX_BOT_SECONDS / f64::from(MAX_BOT_ITERATIONS) * per_seat_decisions)
                }
            },
            _ => None,
        })
        .sum();
    if seconds > MAX_GAME_BOT_SECONDS {
        return Err(bad(format!(
            "the bots would think for about {:.0} minutes over this game of {tiles} tiles; at most {:.0} minutes \
             (shorter thinking times or fewer tiles)",
            seconds / 60.0,
            MAX_GAME_BOT_SECONDS / 60.0
        )));
    }
    Ok(())
}

fn check_bot_budgets(config: &GameConfig) -> Result<(), Refused> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (i, p) in config.players.iter().enumerate() {
        let Some(Ok(BotSpec::Mcts(m))) = p.bot.as_deref().map(BotSpec::parse) else {
            continue;
        };
        let seat = format!("player {} ({})", i + 1, p.name);
        match m.budget {
            Budget::Iterations(n) if n > MAX_BOT_ITERATIONS => {
                return Err(bad(format!(
                    "{seat}: bot `{}` thinks too long for this server: at most {MAX_BOT_ITERATIONS} iterations a decision",
                    p.bot.as_deref().unwrap_or("")
                )));
            }
            Budget::Time(t) if t.as_secs_f64() > MAX_BOT_SECONDS => {
                return Err(bad(format!(
                    "{seat}: bot `{}` thinks too long for this server: at most {MAX_BOT_SECONDS} s a decision",
                    p.bot.as_deref().unwrap_or("")
                )));
            }
            _ => {}
        }
        if m.threads > cores {
            return Err(bad(format!(
                "{seat}: bot `{}` asks for {} threads; this server has {cores} cores",
                p.bot.as_deref().unwrap_or(""),
                m.threads
            )));
        }
    }
    Ok(())
}
