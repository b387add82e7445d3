//! `host`: the carcassonne-rs command line. It assembles the linked (and
//! loaded) expansions, builds a game from the configuration and flags, and
//! plays, replays or describes games.

mod linked;

use anyhow::{Context, Result};
use carcassonne_core::{Game, GameRecord, ReplayStep};
use carcassonne_host::setup::GameArgs;
use carcassonne_host::{output, plugins, session, setup};
use clap::{Args, Parser, Subcommand};
use std::ops::ControlFlow;
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
    /// Match bots against each other, seats rotated: win rates with 95 % intervals, mean scores.
    Arena(ArenaArgs),
    /// Measure engine speed on one thread: games/s, option listing, clones, growth.
    Bench(BenchArgs),
    /// Draw a recorded game's board (SVG) and write its HTML replay viewer.
    Render(RenderArgs),
    /// Serve a game to play in the browser: hot-seat or seats on the LAN, bots for bot seats.
    Serve(ServeArgs),
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
    /// Print the bag a game configuration's tile mix gives (ids, counts, totals per set).
    Mix {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Print (or write) a new tile with a default feature layout for its edges.
    New {
        /// Tile id.
        id: String,
        #[command(flatten)]
        tile: NewTileArgs,
        /// Write it to this new file instead of printing it (refused if it exists).
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
    /// Add a tile with the default feature layout for its edges to a tile file.
    Add {
        /// The tile file, edited in place.
        file: PathBuf,
        /// Tile id.
        #[arg(long)]
        id: String,
        #[command(flatten)]
        tile: NewTileArgs,
        #[command(flatten)]
        common: TilesCommon,
    },
    /// Set how many copies of a tile a tile file has.
    SetCount {
        /// The tile file, edited in place.
        file: PathBuf,
        /// Tile id.
        id: String,
        /// Copies (1 to 10000).
        #[arg(allow_negative_numbers = true)]
        count: i64,
        #[command(flatten)]
        common: TilesCommon,
    },
    /// Remove a tile from a tile file.
    Remove {
        /// The tile file, edited in place.
        file: PathBuf,
        /// Tile id.
        id: String,
        #[command(flatten)]
        common: TilesCommon,
    },
    /// Rename a tile of a tile file (and the set's start tile with it).
    Rename {
        /// The tile file, edited in place.
        file: PathBuf,
        /// The tile's id.
        old: String,
        /// Its new id.
        new: String,
        #[command(flatten)]
        common: TilesCommon,
    },
}

#[derive(Args, Debug)]
struct NewTileArgs {
    /// Edge kinds N, E, S, W: C city, R road, F field, X wall (CRFR or C,R,F,R).
    #[arg(long)]
    edges: String,
    /// Copies.
    #[arg(long, default_value_t = 1)]
    count: u32,
    /// A cloister in the middle (roads then end at it).
    #[arg(long)]
    cloister: bool,
    /// A name for people.
    #[arg(long)]
    name: Option<String>,
}

impl NewTileArgs {
    fn tile(&self, id: &str) -> Result<carcassonne_host::tile_edit::NewTile> {
        Ok(carcassonne_host::tile_edit::NewTile {
            id: id.to_string(),
            edges: carcassonne_host::tile_edit::parse_edges(&self.edges)?,
            count: self.count,
            cloister: self.cloister,
            name: self.name.clone(),
        })
    }
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
struct ServeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Address to listen on; loopback by default. Use 0.0.0.0:PORT to let seats join from the LAN.
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: String,
    /// The game record: continued when it exists, else created; rewritten after every move.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Let a person take back their last move while the next seat has not moved (also `undo = true` in the configuration).
    #[arg(long)]
    undo: bool,
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
    /// Bot for every seat without one: random, greedy, mcts, mcts:N (iterations), mcts:0.5s (time).
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
struct ArenaArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The bots, one per seat, comma-separated (e.g. mcts:1000,greedy).
    #[arg(long, value_delimiter = ',', required = true)]
    bots: Vec<String>,
    /// Number of games; each seed is played once per seating.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Games played at once (default: all cores).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Expansions for the second run, comma-separated (empty: skip it).
    #[arg(long, value_delimiter = ',', default_value = "easter,fruit-trees,cleric-and-serf")]
    expansions: Vec<String>,
    /// Games per games/s figure (default: as many as fit in --seconds).
    #[arg(long)]
    games: Option<u64>,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 2.0)]
    seconds: f64,
    /// Print the figures as JSON.
    #[arg(long)]
    json: bool,
    /// Directory of tile files.
    #[arg(long)]
    tiles: Option<PathBuf>,
    /// Load an expansion from a dynamic library (or a directory of them); repeatable.
    #[arg(long = "plugin")]
    plugins: Vec<PathBuf>,
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
    /// Bot for seats the configuration gives no bot: random, greedy, mcts, mcts:N (iterations), mcts:0.5s (time).
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
        Command::Arena(a) => arena(a),
        Command::Bench(a) => bench(a),
        Command::Render(a) => render(a),
        Command::Serve(a) => serve(a),
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
    let bots = session::bots_for(&config, &args.bot)?;
    let game = Game::new(rules)?;
    let mut log = output::TurnLog::new(!args.json && !args.quiet);
    log.events(&game, game.last_events());
    let record = GameRecord::new(config);
    if let Some(path) = &args.record {
        setup::write_atomically(path, &record.to_json())?;
    }
    let save = args.record.clone();
    play_to_the_end(game, bots, record, log, args.json, |record| match &save {
        Some(path) => setup::write_atomically(path, &record.to_json()),
        None => Ok(()),
    })
}

/// Plays `game` out with `bots`, logging each move, saving the record after
/// each, then prints the final state (JSON) or the score table.
fn play_to_the_end(
    mut game: Game,
    mut bots: Vec<Box<dyn carcassonne_bots::Bot>>,
    mut record: GameRecord,
    mut log: output::TurnLog,
    json: bool,
    save: impl FnMut(&GameRecord) -> Result<()>,
) -> Result<()> {
    session::play_out(
        &mut game,
        &mut bots,
        &mut record,
        |game, action, phase| match phase {
            session::Step::Before => log.decision(game, action),
            session::Step::After => log.events(game, game.last_events()),
        },
        save,
    )?;
    if json {
        output::say(&format!(
            "{}\n",
            serde_json::to_string_pretty(&output::final_json(&game))?
        ));
    } else {
        output::say(&output::score_table(&game));
    }
    Ok(())
}

fn replay(args: ReplayArgs) -> Result<()> {
    let record = setup::read_record(&args.file)?;
    let catalog = setup::catalog(&record.config, &args.plugins)?;
    let tiles = setup::tile_source(args.tiles.as_deref());
    let mut log = output::TurnLog::new(args.log);
    let game = record
        .replay_watched(&catalog, &tiles, |game, step| {
            match step {
                ReplayStep::Before(action) => log.decision(game, action),
                ReplayStep::Started | ReplayStep::After(_) => log.events(game, game.last_events()),
            }
            ControlFlow::Continue(())
        })
        .with_context(|| format!("{}", args.file.display()))?;
    if args.json {
        output::say(&format!(
            "{}\n",
            serde_json::to_string_pretty(&output::final_json(&game))?
        ));
    } else {
        if !game.is_over() {
            output::say(&format!(
                "(the record ends before the game does: {} tiles left)\n",
                game.state().tiles_left()
            ));
        }
        output::say(&output::score_table(&game));
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
    use carcassonne_host::{tile_edit, tiles_cmd};
    let common = match &command {
        TilesCommand::Check { common, .. }
        | TilesCommand::List { common, .. }
        | TilesCommand::Show { common, .. }
        | TilesCommand::Render { common, .. }
        | TilesCommand::Add { common, .. }
        | TilesCommand::SetCount { common, .. }
        | TilesCommand::Remove { common, .. }
        | TilesCommand::Rename { common, .. } => common,
        TilesCommand::Mix { game } => {
            let mut config = setup::game_config(game)?;
            // The bag does not depend on the seats; a mix-only file has none.
            if config.players.is_empty() {
                config.players = carcassonne_core::GameConfig::with_players(2).players;
            }
            let catalog = setup::catalog(&config, &game.plugins)?;
            let tiles = setup::tile_source(game.tiles.as_deref());
            let rules = carcassonne_core::Rules::new(&catalog, &config, &tiles)?;
            print!("{}", tiles_cmd::mix(&rules));
            return Ok(());
        }
        TilesCommand::New { id, tile, output } => {
            let text = tile_edit::tile_toml(&tile.tile(id)?);
            match output {
                Some(path) => {
                    // A new file never replaces one: `add` edits existing files.
                    use std::io::Write;
                    let mut file = std::fs::OpenOptions::new()
                        .write(true)
                        .create_new(true)
                        .open(path)
                        .with_context(|| format!("cannot create {}", path.display()))?;
                    file.write_all(text.as_bytes())?;
                }
                None => print!("{text}"),
            }
            return Ok(());
        }
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
        TilesCommand::Add { file, id, tile, .. } => {
            let new = tile.tile(id)?;
            let set = tile_edit::edit_file(file, &catalog, |text| tile_edit::add(text, &new))?;
            println!(
                "{}: added tile `{id}`; set `{}` now has {} tiles",
                file.display(),
                set.id,
                set.total()
            );
        }
        TilesCommand::SetCount { file, id, count, .. } => {
            let set = tile_edit::edit_file(file, &catalog, |text| tile_edit::set_count(text, id, *count))?;
            println!(
                "{}: tile `{id}` ×{count}; set `{}` now has {} tiles",
                file.display(),
                set.id,
                set.total()
            );
        }
        TilesCommand::Remove { file, id, .. } => {
            let set = tile_edit::edit_file(file, &catalog, |text| tile_edit::remove(text, id))?;
            println!(
                "{}: removed tile `{id}`; set `{}` now has {} tiles",
                file.display(),
                set.id,
                set.total()
            );
        }
        TilesCommand::Rename { file, old, new, .. } => {
            tile_edit::edit_file(file, &catalog, |text| tile_edit::rename(text, old, new))?;
            println!("{}: tile `{old}` is now `{new}`", file.display());
        }
        TilesCommand::Mix { .. } | TilesCommand::New { .. } => unreachable!("handled above"),
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
        // Tile files are read once; each game only rebuilds the hooks.
        |c| Ok(rules.reseeded(c.seed)?),
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

fn arena(args: ArenaArgs) -> Result<()> {
    let config = setup::game_config(&args.game)?;
    if args.game.players.is_some_and(|n| n != args.bots.len()) {
        anyhow::bail!("an arena seats one player per bot: --players must match --bots");
    }
    let catalog = setup::catalog(&config, &args.game.plugins)?;
    let tiles = setup::tile_source(args.game.tiles.as_deref());
    let summary = carcassonne_host::arena::run(
        &config,
        &catalog,
        &tiles,
        &args.bots,
        args.games,
        args.threads,
        !args.json,
    )?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print!("{}", carcassonne_bots::arena::summary_text(&summary));
    }
    Ok(())
}

fn bench(args: BenchArgs) -> Result<()> {
    use carcassonne_host::bench;
    if !(args.seconds.is_finite() && args.seconds > 0.0) {
        anyhow::bail!("--seconds must be a positive number of seconds");
    }
    if args.games == Some(0) {
        anyhow::bail!("--games must be at least 1");
    }
    let mut catalog = carcassonne_core::Catalog::linked()?;
    plugins::load_all(&args.plugins, &mut catalog)?;
    let tiles = setup::tile_source(args.tiles.as_deref());
    let expansions: Vec<String> = args
        .expansions
        .iter()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let budget = bench::Budget {
        games: args.games,
        seconds: args.seconds,
    };
    let report = bench::run(&catalog, &tiles, &expansions, budget)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", bench::text(&report));
    }
    Ok(())
}

fn resume(args: ResumeArgs) -> Result<()> {
    let record = setup::read_record(&args.file)?;
    let catalog = setup::catalog(&record.config, &args.plugins)?;
    let tiles = setup::tile_source(args.tiles.as_deref());
    let rules = Arc::new(carcassonne_core::Rules::new(&catalog, &record.config, &tiles)?);
    let mut bots = session::bots_for(&record.config, &args.bot)?;
    let mut game = Game::new(rules)?;
    session::catch_up(&mut game, &mut bots, &record.moves).with_context(|| format!("{}", args.file.display()))?;
    let log = output::TurnLog::new(!args.json && !args.quiet);
    if !args.json && !args.quiet {
        println!(
            "Resuming after {} moves (turn {})",
            record.moves.len(),
            game.state().turn().number
        );
    }
    let path = args.file.clone();
    play_to_the_end(game, bots, record, log, args.json, |record| {
        setup::write_atomically(&path, &record.to_json())
    })
}

fn render(args: RenderArgs) -> Result<()> {
    let record = setup::read_record(&args.record)?;
    let catalog = setup::catalog(&record.config, &args.plugins)?;
    let tiles = setup::tile_source(args.tiles.as_deref());
    let svg = args.svg.unwrap_or_else(|| args.record.with_extension("svg"));
    let html = args.html.unwrap_or_else(|| args.record.with_extension("html"));
    carcassonne_host::render_cmd::record(&record, &args.record, args.turn, &svg, &html, &catalog, &tiles)?;
    println!("wrote {} and {}", svg.display(), html.display());
    Ok(())
}

fn serve(args: ServeArgs) -> Result<()> {
    use carcassonne_host::serve::{Table, http};
    let mut table = Table::open(&args.game, args.record.as_deref())?;
    if args.undo {
        // The flag adds undo; a configuration's `undo = true` needs no flag.
        table.allow_undo(true);
    }
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&args.bind)
            .await
            .with_context(|| format!("cannot listen on {}", args.bind))?;
        let addr = listener.local_addr()?;
        // The tile editor edits the files the game reads its tiles from.
        let catalog = carcassonne_host::setup::catalog(&table.record().config, &args.game.plugins)?;
        let tiles = carcassonne_host::setup::tile_source(args.game.tiles.as_deref());
        let editor = carcassonne_host::serve::editor::Editor::new(catalog, tiles);
        let server = http::Server::with_editor(table, editor);
        println!("{}", http::banner(&server.table(), addr));
        http::run(listener, server).await.context("server failed")
    })
}
