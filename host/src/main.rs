//! `host`: the carcassonne-rs command line. It assembles the linked (and
//! loaded) expansions, builds a game from the configuration and flags, and
//! plays, replays or describes games.

mod linked;

use anyhow::{Context, Result};
use carcassonne_core::{Game, GameRecord};
use carcassonne_host::setup::GameArgs;
use carcassonne_host::{output, plugins, session, setup};
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
    /// List every available expansion (linked and loaded) with its variants.
    Expansions(ExpansionsArgs),
}

#[derive(Args, Debug)]
struct ExpansionsArgs {
    /// Print JSON for machines.
    #[arg(long)]
    json: bool,
    /// Load an expansion from a dynamic library (or a directory of them); repeatable.
    #[arg(long = "plugin")]
    plugins: Vec<PathBuf>,
    /// Directory of tile files (to count each expansion's tiles).
    #[arg(long)]
    tiles: Option<PathBuf>,
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
        Command::Expansions(a) => expansions(a),
    };
    if let Err(e) = result {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

fn play(args: PlayArgs) -> Result<()> {
    let config = setup::game_config(&args.game)?;
    let catalog = setup::catalog(&config, &args.game.plugins)?;
    let tiles = setup::tile_source(args.game.tiles.as_deref());
    let rules = Arc::new(carcassonne_core::Rules::new(&catalog, &config, &tiles)?);
    let mut bots = session::bots_for(&config, &args.bot)?;
    let mut game = Game::new(rules)?;
    let mut log = output::TurnLog::new(!args.json && !args.quiet);
    log.events(&game, game.last_events());
    let mut record = GameRecord::new(config);
    session::play_out(
        &mut game,
        &mut bots,
        &mut record,
        |game, action, phase| match phase {
            session::Step::Before => log.decision(game, action),
            session::Step::After => log.events(game, game.last_events()),
        },
        |record| match &args.record {
            Some(path) => setup::write_atomically(path, &record.to_json()),
            None => Ok(()),
        },
    )?;
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

fn expansions(args: ExpansionsArgs) -> Result<()> {
    let mut catalog = carcassonne_core::Catalog::linked()?;
    plugins::load_all(&args.plugins, &mut catalog)?;
    let tiles = setup::tile_source(args.tiles.as_deref());
    let listing = output::expansions(&catalog, &tiles)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&listing)?);
    } else {
        print!("{}", output::expansions_text(&listing));
    }
    Ok(())
}
