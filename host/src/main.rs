//! `host`: the carcassonne-rs command line. It assembles the linked (and
//! loaded) expansions, builds a game from the configuration and flags, and
//! plays, replays or describes games.

mod output;
mod plugins;
mod setup;

use anyhow::{Context, Result, bail};
use carcassonne_core::bots::{BOT_NAMES, Bot, bot_by_name};
use carcassonne_core::{Action, Game, GameRecord};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::sync::Arc;

/// Carcassonne rules engine with expansions as plugins.
#[derive(Parser, Debug)]
#[command(name = "host", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a whole game with bots and print the turn log and final scores.
    Play(PlayArgs),
    /// Replay a game record and print its result.
    Replay(ReplayArgs),
}

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
    /// Load an expansion from a dynamic library (or every library in a directory); repeatable.
    #[arg(long = "plugin")]
    pub plugins: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Bot for seats the configuration gives no bot: random or greedy.
    #[arg(long, default_value = "random")]
    bot: String,
    /// Print the final state as JSON instead of the log and table.
    #[arg(long)]
    json: bool,
    /// Write the game record here (rewritten atomically after every move).
    #[arg(long)]
    record: Option<PathBuf>,
    /// Print only the final table.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// The game record (JSON).
    file: PathBuf,
    /// Print the final state as JSON.
    #[arg(long)]
    json: bool,
    /// Print the turn log too.
    #[arg(long)]
    log: bool,
    /// Directory of tile files.
    #[arg(long)]
    tiles: Option<PathBuf>,
    /// Load an expansion from a dynamic library (or a directory of them); repeatable.
    #[arg(long = "plugin")]
    plugins: Vec<PathBuf>,
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(a) => play(a),
        Command::Replay(a) => replay(a),
    };
    if let Err(e) = result {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

fn play(args: PlayArgs) -> Result<()> {
    if !BOT_NAMES.contains(&args.bot.as_str()) {
        bail!("unknown bot `{}`; bots: {}", args.bot, BOT_NAMES.join(", "));
    }
    let config = setup::game_config(&args.game)?;
    let catalog = setup::catalog(&config, &args.game.plugins)?;
    let tiles = setup::tile_source(args.game.tiles.as_deref());
    let rules = Arc::new(carcassonne_core::Rules::new(&catalog, &config, &tiles)?);
    let mut bots: Vec<Box<dyn Bot>> = Vec::new();
    for (i, p) in config.players.iter().enumerate() {
        let name = p.bot.as_deref().unwrap_or(&args.bot);
        let seed = config.seed ^ (0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(i as u64 + 1));
        bots.push(
            bot_by_name(name, seed)
                .with_context(|| format!("player {}: unknown bot `{name}`; bots: {}", i + 1, BOT_NAMES.join(", ")))?,
        );
    }
    let mut game = Game::new(rules)?;
    let mut record = GameRecord::new(config);
    let mut log = output::TurnLog::new(!args.json && !args.quiet);
    log.events(&game, game.last_events());
    let mut options: Vec<Action> = Vec::new();
    while let Some(decision) = game.decision() {
        game.legal_actions(&mut options);
        let choice = bots[decision.player() as usize].choose(&game, &options);
        let action = &options[choice];
        record.moves.push(game.move_of(action));
        log.decision(&game, action);
        game.play(action)
            .map_err(|e| anyhow::anyhow!("bot chose an illegal option: {e}"))?;
        log.events(&game, game.last_events());
        if let Some(path) = &args.record {
            setup::write_atomically(path, &record.to_json())?;
        }
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&output::final_json(&game))?);
    } else {
        print!("{}", output::score_table(&game));
    }
    Ok(())
}

fn replay(args: ReplayArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    let record = GameRecord::from_json(&text).with_context(|| format!("{}", args.file.display()))?;
    let catalog = setup::catalog(&record.config, &args.plugins)?;
    let tiles = setup::tile_source(args.tiles.as_deref());
    let game = if args.log {
        let rules = Arc::new(carcassonne_core::Rules::new(&catalog, &record.config, &tiles)?);
        let mut game = Game::new(rules)?;
        let mut log = output::TurnLog::new(true);
        log.events(&game, game.last_events());
        for (i, m) in record.moves.iter().enumerate() {
            let action = game.action_from_move(m).with_context(|| format!("move {}", i + 1))?;
            log.decision(&game, &action);
            game.play(&action).with_context(|| format!("move {}", i + 1))?;
            log.events(&game, game.last_events());
        }
        game
    } else {
        record
            .replay(&catalog, &tiles)
            .with_context(|| format!("{}", args.file.display()))?
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&output::final_json(&game))?);
    } else {
        if !game.is_over() {
            println!(
                "(the record ends before the game does: {} tiles left)",
                game.state().tiles_left()
            );
        }
        print!("{}", output::score_table(&game));
    }
    Ok(())
}
