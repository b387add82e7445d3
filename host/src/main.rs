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
    /// Continue a game from its record (as `play --record` writes it) to the end.
    Resume(ResumeArgs),
    /// List every available expansion (linked and loaded) with its variants.
    Expansions(ExpansionsArgs),
    /// Check, list and show tile files.
    #[command(subcommand)]
    Tiles(TilesCommand),
    /// Play many seeded bot games on all cores and summarise them.
    Simulate(SimulateArgs),
    /// Draw a recorded game's board (SVG) and write its HTML replay viewer.
    Render(RenderArgs),
}

#[derive(Subcommand, Debug)]
enum TilesCommand {
    /// Validate tile files (default: every known one) and print each problem with a caret.
    Check {
        /// Tile files to check.
        files: Vec<PathBuf>,
        #[command(flatten)]
        common: TilesCommon,
    },
    /// List a set's tiles with counts, edges and features.
    List {
        /// Set id (base, easter …) or a tile file path.
        #[arg(default_value = "base")]
        set: String,
        #[command(flatten)]
        common: TilesCommon,
    },
    /// Write an SVG of each tile and an HTML contact sheet per set.
    Render {
        /// Output directory.
        #[arg(long)]
        out: PathBuf,
        /// Sets to render (default: every known set).
        sets: Vec<String>,
        #[command(flatten)]
        common: TilesCommon,
    },
    /// Draw one tile in the terminal.
    Show {
        /// Tile id.
        id: String,
        /// Set id or tile file that holds it (default: search every known set).
        #[arg(long)]
        set: Option<String>,
        /// Clockwise rotation in degrees.
        #[arg(long, default_value_t = 0)]
        rotation: i64,
        #[command(flatten)]
        common: TilesCommon,
    },
}

#[derive(Args, Debug)]
struct TilesCommon {
    /// Directory of tile files.
    #[arg(long)]
    tiles: Option<PathBuf>,
    /// Load an expansion from a dynamic library (for its attribute checks); repeatable.
    #[arg(long = "plugin")]
    plugins: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct RenderArgs {
    /// The game record (JSON).
    record: PathBuf,
    /// Draw the board after this many turns (default: the end).
    #[arg(long)]
    turn: Option<u32>,
    /// Where to write the board picture (default: next to the record, .svg).
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Where to write the replay viewer (default: next to the record, .html).
    #[arg(long)]
    html: Option<PathBuf>,
    /// Directory of tile files.
    #[arg(long)]
    tiles: Option<PathBuf>,
    /// Load an expansion from a dynamic library (or a directory of them); repeatable.
    #[arg(long = "plugin")]
    plugins: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct SimulateArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Bot for every seat without one: random or greedy.
    #[arg(long, default_value = "random")]
    bot: String,
    /// Print the summary as JSON.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print one CSV line per game instead of the summary.
    #[arg(long)]
    csv: bool,
}

#[derive(Args, Debug)]
struct ResumeArgs {
    /// The record to continue; it is rewritten after every move.
    file: PathBuf,
    /// Bot for seats the record gives no bot.
    #[arg(long, default_value = "random")]
    bot: String,
    /// Print the final state as JSON.
    #[arg(long)]
    json: bool,
    /// Print only the final table.
    #[arg(long, short)]
    quiet: bool,
    /// Directory of tile files.
    #[arg(long)]
    tiles: Option<PathBuf>,
    /// Load an expansion from a dynamic library (or a directory of them); repeatable.
    #[arg(long = "plugin")]
    plugins: Vec<PathBuf>,
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
        Command::Resume(a) => resume(a),
        Command::Expansions(a) => expansions(a),
        Command::Tiles(t) => tiles(t),
        Command::Simulate(a) => simulate(a),
        Command::Render(a) => render(a),
    };
    if let Err(e) = result {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

fn play(args: PlayArgs) -> Result<()> {
    let mut config = setup::game_config(&args.game)?;
    // The record names every seat's bot, so `resume` continues with the same ones.
    for p in &mut config.players {
        p.bot.get_or_insert_with(|| args.bot.clone());
    }
    let catalog = setup::catalog(&config, &args.game.plugins)?;
    let tiles = setup::tile_source(args.game.tiles.as_deref());
    let rules = Arc::new(carcassonne_core::Rules::new(&catalog, &config, &tiles)?);
    let mut bots = session::bots_for(&config, &args.bot)?;
    let mut game = Game::new(rules)?;
    let mut log = output::TurnLog::new(!args.json && !args.quiet);
    log.events(&game, game.last_events());
    let mut record = GameRecord::new(config);
    if let Some(path) = &args.record {
        setup::write_atomically(path, &record.to_json())?;
    }
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

fn tiles(command: TilesCommand) -> Result<()> {
    use carcassonne_host::tiles_cmd;
    let common = match &command {
        TilesCommand::Check { common, .. }
        | TilesCommand::List { common, .. }
        | TilesCommand::Show { common, .. }
        | TilesCommand::Render { common, .. } => common,
    };
    let mut catalog = carcassonne_core::Catalog::linked()?;
    plugins::load_all(&common.plugins, &mut catalog)?;
    let source = setup::tile_source(common.tiles.as_deref());
    match &command {
        TilesCommand::Check { files, .. } => {
            let (report, problems) = tiles_cmd::check(files, &catalog, &source)?;
            print!("{report}");
            if problems > 0 {
                std::process::exit(1);
            }
        }
        TilesCommand::Render { out, sets, .. } => {
            let written = carcassonne_host::render_cmd::tiles(out, sets, &catalog, &source)?;
            println!("wrote {} files under {}", written.len(), out.display());
        }
        TilesCommand::List { set, .. } => print!("{}", tiles_cmd::list(&tiles_cmd::load_set(set, &catalog, &source)?)),
        TilesCommand::Show { id, set, rotation, .. } => {
            let rotation = carcassonne_core::Rotation::from_degrees(*rotation)
                .with_context(|| format!("rotation {rotation} is not a multiple of 90"))?;
            let sets = match set {
                Some(s) => vec![tiles_cmd::load_set(s, &catalog, &source)?],
                None => tiles_cmd::known_files(&catalog, &source)?
                    .into_iter()
                    .filter_map(|(name, text)| carcassonne_core::tiles::parse_tile_set(&name, &text, &catalog).ok())
                    .collect(),
            };
            let found = sets
                .iter()
                .find_map(|s| s.tiles.iter().find(|t| &t.id == id).map(|t| (s, t)));
            let Some((set, def)) = found else {
                anyhow::bail!(
                    "no tile `{id}` in {}",
                    if set.is_some() { "that set" } else { "any known set" }
                );
            };
            let tile = carcassonne_core::TileType::new(0, &set.id, def.clone());
            print!("{}", tiles_cmd::show(&tile, rotation));
        }
    }
    Ok(())
}

fn simulate(args: SimulateArgs) -> Result<()> {
    use carcassonne_host::simulate;
    let config = setup::game_config(&args.game)?;
    let catalog = setup::catalog(&config, &args.game.plugins)?;
    let tiles = setup::tile_source(args.game.tiles.as_deref());
    // Fail early, before any thread starts, on a configuration that cannot play.
    let rules = carcassonne_core::Rules::new(&catalog, &config, &tiles)?;
    session::bots_for(&config, &args.bot)?;
    let sources = rules.score_sources().to_vec();
    let start = std::time::Instant::now();
    let results = simulate::run(
        &config,
        |c| Ok(carcassonne_core::Rules::new(&catalog, c, &tiles)?),
        args.games,
        args.threads,
        &args.bot,
        !args.json && !args.csv,
    )?;
    let elapsed = start.elapsed().as_secs_f64();
    if args.csv {
        print!("{}", simulate::csv(&sources, config.players.len(), &results));
        return Ok(());
    }
    let summary = simulate::summarise(&config, &sources, &results);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        let names: Vec<String> = config.players.iter().map(|p| p.name.clone()).collect();
        print!("{}", simulate::summary_text(&summary, &names));
        eprintln!(
            "{} games in {elapsed:.2} s ({:.0} games/s)",
            results.len(),
            results.len() as f64 / elapsed.max(1e-9)
        );
    }
    Ok(())
}

fn resume(args: ResumeArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    let mut record = GameRecord::from_json(&text).with_context(|| format!("{}", args.file.display()))?;
    let catalog = setup::catalog(&record.config, &args.plugins)?;
    let tiles = setup::tile_source(args.tiles.as_deref());
    let rules = Arc::new(carcassonne_core::Rules::new(&catalog, &record.config, &tiles)?);
    let mut bots = session::bots_for(&record.config, &args.bot)?;
    let mut game = Game::new(rules)?;
    session::catch_up(&mut game, &mut bots, &record.moves).with_context(|| format!("{}", args.file.display()))?;
    let mut log = output::TurnLog::new(!args.json && !args.quiet);
    if !args.json && !args.quiet {
        println!(
            "Resuming after {} moves (turn {})",
            record.moves.len(),
            game.state().turn().number
        );
    }
    let path = args.file.clone();
    session::play_out(
        &mut game,
        &mut bots,
        &mut record,
        |game, action, phase| match phase {
            session::Step::Before => log.decision(game, action),
            session::Step::After => log.events(game, game.last_events()),
        },
        |record| setup::write_atomically(&path, &record.to_json()),
    )?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&output::final_json(&game))?);
    } else {
        print!("{}", output::score_table(&game));
    }
    Ok(())
}

fn render(args: RenderArgs) -> Result<()> {
    let text =
        std::fs::read_to_string(&args.record).with_context(|| format!("cannot read {}", args.record.display()))?;
    let record = GameRecord::from_json(&text).with_context(|| format!("{}", args.record.display()))?;
    let catalog = setup::catalog(&record.config, &args.plugins)?;
    let tiles = setup::tile_source(args.tiles.as_deref());
    let svg = args.svg.unwrap_or_else(|| args.record.with_extension("svg"));
    let html = args.html.unwrap_or_else(|| args.record.with_extension("html"));
    carcassonne_host::render_cmd::record(&args.record, args.turn, &svg, &html, &catalog, &tiles)?;
    println!("wrote {} and {}", svg.display(), html.display());
    Ok(())
}
