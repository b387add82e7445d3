//! `carcassonne`: the carcassonne-rs command line. The words of the
//! command line are in `args` (clap only); each command turns them into the
//! setup library's configuration, calls the libraries (setup, render,
//! serve, lab) and prints what they return through `report`.

mod args;
mod report;

use anyhow::{Context, Result, bail};
use args::{
    ArenaArgs, BenchArgs, Cli, Command, ExpansionsArgs, ImportJczArgs, NewExpansionArgs, PlayArgs, RenderArgs,
    ReplayArgs, ResumeArgs, ServeArgs, SimulateArgs, TilesCommand, UseEngineArgs,
};
use carcassonne_core::{Game, GameRecord, ReplayStep, Rules};
use carcassonne_setup::journal::RecordWriter;
use carcassonne_setup::{GameSetup, SeedChoice, describe, safe_file, session, setup};
use clap::Parser;
use report::{TurnLog, say};
use std::ops::ControlFlow;
use std::sync::Arc;

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(a) => play(a),
        Command::Replay(a) => replay(a),
        Command::Resume(a) => resume(a),
        Command::ImportJcz(a) => import_jcz(a),
        Command::Expansions(a) => expansions(a),
        Command::Tiles(t) => tiles(t),
        Command::Simulate(a) => simulate(a),
        Command::Arena(a) => arena(a),
        Command::Bench(a) => bench(a),
        Command::Render(a) => render(a),
        Command::Serve(a) => serve(a),
        Command::NewExpansion(a) => new_expansion(a),
        Command::UseEngine(a) => use_engine(a),
        Command::Completions { shell } => completions(shell),
        Command::Manpage { out } => manpage(out.as_deref()),
    };
    if let Err(e) = result {
        eprintln!("error: {e:#}");
        std::process::exit(report::EXIT_FAILED);
    }
}

fn play(args: PlayArgs) -> Result<()> {
    let (mut setup, seed) = GameSetup::for_play(&args.game.to_overrides())?;
    show_notices(&setup);
    // The record names every seat's bot, so `resume` continues with the same ones.
    for p in &mut setup.config.players {
        p.bot.get_or_insert_with(|| args.bot.clone());
    }
    let rules = Arc::new(setup.rules()?);
    let bots = session::bots_for(&setup.config, &args.bot)?;
    let game = Game::new(rules)?;
    if seed == SeedChoice::Random {
        // On standard error, so that `--json` output stays JSON.
        eprintln!(
            "seed {} (drawn at random; play this game again with --seed {})",
            setup.config.seed, setup.config.seed
        );
    }
    let mut log = TurnLog::new(!args.json && !args.quiet);
    log.events(&game, game.last_events());
    // The rules' configuration states every variant, defaults included.
    let record = GameRecord::of_rules(game.rules());
    let writer = match &args.record {
        Some(path) => Some(RecordWriter::create(path, &record)?),
        None => None,
    };
    play_to_the_end(game, bots, record, log, args.json, writer)
}

/// Plays `game` out with `bots`, logging each move, saving the record after
/// each (with `writer`), then prints the final state (JSON) or the score table.
fn play_to_the_end(
    mut game: Game,
    mut bots: Vec<Box<dyn carcassonne_bots::Bot>>,
    mut record: GameRecord,
    mut log: TurnLog,
    json: bool,
    mut writer: Option<RecordWriter>,
) -> Result<()> {
    session::play_out(
        &mut game,
        &mut bots,
        &mut record,
        |game, action, phase| match phase {
            session::Step::Before => log.decision(game, action),
            session::Step::After => log.events(game, game.last_events()),
        },
        |record| writer.as_mut().map_or(Ok(()), |w| w.save(record)),
    )?;
    if let Some(w) = writer {
        w.finish(&record)?;
    }
    if json {
        say(&format!(
            "{}\n",
            serde_json::to_string_pretty(&describe::final_json(&game))?
        ));
    } else {
        say(&describe::score_table(&game));
    }
    Ok(())
}

fn replay(args: ReplayArgs) -> Result<()> {
    let record = setup::read_record(&args.file)?;
    let setup = GameSetup::for_record(&record, &args.plugins, args.tiles.as_deref())
        .with_context(|| format!("{}: record configuration", args.file.display()))?;
    show_notices(&setup);
    for difference in record.version_differences(&setup.catalog) {
        eprintln!("note: {difference}");
    }
    let mut log = TurnLog::new(args.log);
    let game = record
        .replay_watched(&setup.catalog, &setup.tiles, |game, step| {
            match step {
                ReplayStep::Before(action) => log.decision(game, action),
                ReplayStep::Started | ReplayStep::After(_) => log.events(game, game.last_events()),
            }
            ControlFlow::Continue(())
        })
        .with_context(|| format!("{}", args.file.display()))?;
    if args.json {
        say(&format!(
            "{}\n",
            serde_json::to_string_pretty(&describe::final_json(&game))?
        ));
    } else {
        if !game.is_over() {
            say(&format!(
                "(the record ends before the game does: {} tiles left)\n",
                game.state().tiles_left()
            ));
        }
        say(&describe::score_table(&game));
    }
    Ok(())
}

/// `simulate --compare ID`: the same seeds without and with expansion `id`.
fn compare(args: &SimulateArgs, id: &str) -> Result<()> {
    use carcassonne_lab::{compare, simulate};
    let mut setup = GameSetup::new(&args.game.to_overrides())?;
    show_notices(&setup);
    if !setup.config.expansions.iter().any(|e| e == id) {
        setup.config.expansions.push(id.to_string());
        setup.config.tiles_only.retain(|e| e != id);
    }
    let with = setup.rules()?;
    let mut without_config = setup.config.clone();
    without_config.expansions.retain(|e| e != id);
    without_config.variants.remove(id);
    let without =
        Rules::new(&setup.catalog, &without_config, &setup.tiles).with_context(|| format!("the game without {id}"))?;
    session::bots_for(&setup.config, &args.bot)?;
    // The two runs are paired seed by seed: their results are kept.
    simulate::check_kept(args.games, "--compare")?;
    let progress = !args.json;
    let run = |config: &carcassonne_core::GameConfig, rules: &Rules| {
        simulate::run(
            config,
            |c| Ok(rules.reseeded(c.seed)?),
            args.games,
            args.threads,
            &args.bot,
            progress,
        )
    };
    let results_with = run(&setup.config, &with)?;
    let results_without = run(&without_config, &without)?;
    let words = [&with, &without]
        .into_iter()
        .flat_map(|rules| rules.score_sources().iter().cloned().zip(rules.score_source_words()));
    let comparison = compare::compare(
        id,
        &results_with,
        &results_without,
        with.score_sources(),
        without.score_sources(),
    )
    .with_words(words);
    if let Some(path) = &args.html {
        setup::write_atomically(path, &carcassonne_lab::html_report::comparison_html(&comparison))?;
        eprintln!("wrote the report to {}", path.display());
    }
    if args.json {
        say(&format!("{}\n", serde_json::to_string_pretty(&comparison)?));
    } else {
        say(&compare::text(&comparison));
    }
    Ok(())
}

fn expansions(args: ExpansionsArgs) -> Result<()> {
    let setup = GameSetup::base_game(&args.plugins, args.tiles.as_deref())?;
    show_notices(&setup);
    let listing = describe::expansions(&setup.catalog, &setup.tiles)?;
    if args.json {
        say(&format!("{}\n", serde_json::to_string_pretty(&listing)?));
    } else {
        say(&describe::expansions_text(&listing));
    }
    Ok(())
}

fn tiles(command: TilesCommand) -> Result<()> {
    use carcassonne_setup::{tile_edit, tiles_cmd};
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
            // The bag does not depend on the seats (a mix-only file names
            // none, and gets the default two).
            let rules = GameSetup::new(&game.to_overrides())?.rules()?;
            say(&tiles_cmd::mix(&rules));
            return Ok(());
        }
        TilesCommand::New { id, tile, output } => {
            let new = tile.tile(id)?;
            let text = tile_edit::tile_toml(&new)?;
            // Checked as `add` checks, when the expansions its attributes
            // name are linked in (a plugin's are checked by `add --plugin`):
            // an attribute on the wrong feature is refused, not printed.
            let catalog = carcassonne_core::Catalog::linked()?;
            if new.attributes.iter().all(|a| catalog.get(&a.expansion).is_some()) {
                let file = format!("[set]\nid = \"new\"\n\n{text}");
                tile_edit::validate("(the new tile)", &file, &catalog)?;
            }
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
                None => say(&text),
            }
            return Ok(());
        }
    };
    let GameSetup {
        catalog, tiles: source, ..
    } = GameSetup::base_game(&common.plugins, common.tiles.as_deref())?;
    match &command {
        TilesCommand::Check { files, .. } => {
            let (report, problems) = tiles_cmd::check(files, &catalog, &source)?;
            say(&report);
            if problems > 0 {
                std::process::exit(report::EXIT_TILE_PROBLEMS);
            }
        }
        TilesCommand::Render { out, sets, .. } => {
            let written = carcassonne_render::files::tiles(out, sets, &catalog, &source)?;
            say(&format!("wrote {} files under {}\n", written.len(), out.display()));
        }
        TilesCommand::List { set, .. } => say(&tiles_cmd::list(
            &tiles_cmd::load_set(set, &catalog, &source)?,
            catalog.landscape(),
        )),
        TilesCommand::Show { id, set, rotation, .. } => {
            let rotation = carcassonne_core::Rotation::from_degrees(*rotation)
                .with_context(|| format!("--rotation {rotation}: use 0, 90, 180 or 270 (degrees clockwise)"))?;
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
                bail!(
                    "no tile `{id}` in {}",
                    if set.is_some() { "that set" } else { "any known set" }
                );
            };
            let tile = carcassonne_core::TileType::new(0, &set.id, def.clone(), catalog.landscape());
            say(&tiles_cmd::show(&tile, rotation));
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
    use carcassonne_lab::simulate;
    if let Some(args::SimulateCommand::Merge { files, json, html }) = &args.command {
        return simulate_merge(files, *json, html.as_deref());
    }
    if let Some(args::SimulateCommand::Compare {
        with,
        without,
        json,
        html,
    }) = &args.command
    {
        return simulate_compare(with, without, *json, html.as_deref());
    }
    if let Some(id) = &args.compare {
        return compare(&args, id);
    }
    let setup = GameSetup::new(&args.game.to_overrides())?;
    show_notices(&setup);
    let shard = match &args.shard {
        None => (0, 1),
        Some(text) => text
            .split_once('/')
            .and_then(|(k, n)| Some((k.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?)))
            .with_context(|| format!("--shard {text}: write K/N, e.g. --shard 0/8"))?,
    };
    let start = std::time::Instant::now();
    let progress = !args.json && !args.csv && !args.jsonl && args.out.is_none();
    let header = simulate::shard_header(&setup, args.games, shard, &args.bot)?;
    // Everything is made game by game: the memory a run takes does not grow
    // with its number of games (the lines of `--jsonl` and `--csv` are
    // written as they come, the summary is a tally).
    let mut out = Output::to(args.out.as_deref())?;
    let seats = header.config.players.len();
    let mut tally = simulate::Tally::new(seats, header.sources.len());
    if args.jsonl {
        out.write(&simulate::shard_header_line(&header)?)?;
    } else if args.csv {
        out.write(&simulate::csv_header(&header.sources, seats))?;
    }
    simulate::run_shard_each(&setup, &header, args.threads, progress, |r| {
        if args.jsonl {
            out.write(&simulate::result_line(&r)?)
        } else if args.csv {
            out.write(&simulate::csv_line(&r, seats))
        } else {
            tally.add(&r);
            Ok(())
        }
    })?;
    let elapsed = start.elapsed().as_secs_f64();
    if args.jsonl || args.csv {
        return out.finish();
    }
    let summary = tally.summary(&header.config, &header.sources);
    if let Some(path) = &args.html {
        let names: Vec<String> = header.config.players.iter().map(|p| p.name.clone()).collect();
        setup::write_atomically(path, &carcassonne_lab::html_report::html(&summary, &names))?;
        eprintln!("wrote the report to {}", path.display());
    }
    out.write(&simulate::summary_output_of(&header, &summary, args.json)?)?;
    out.finish()?;
    if !args.json {
        eprintln!(
            "{} games in {elapsed:.2} s ({:.0} games/s)",
            tally.games(),
            tally.games() as f64 / elapsed.max(1e-9)
        );
    }
    Ok(())
}

/// Where `simulate` writes: standard output, or a file put in place whole
/// when the run is done (`--out`); written in pieces of at most 64 KiB.
struct Output {
    file: Option<safe_file::AtomicWriter>,
    pending: String,
}

impl Output {
    fn to(path: Option<&std::path::Path>) -> Result<Output> {
        Ok(Output {
            file: path.map(safe_file::AtomicWriter::create).transpose()?,
            pending: String::new(),
        })
    }

    fn write(&mut self, text: &str) -> Result<()> {
        self.pending.push_str(text);
        if self.pending.len() >= 64 << 10 {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        match &mut self.file {
            Some(file) => file.write(self.pending.as_bytes())?,
            None => say(&self.pending),
        }
        self.pending.clear();
        Ok(())
    }

    fn finish(mut self) -> Result<()> {
        self.flush()?;
        match self.file {
            Some(file) => file.finish(),
            None => Ok(()),
        }
    }
}

/// The shard files' names and texts.
fn read_shards(files: &[std::path::PathBuf]) -> Result<Vec<(String, String)>> {
    files
        .iter()
        .map(|f| {
            let text = carcassonne_core::read_text_file(f, carcassonne_lab::simulate::MAX_SHARD_BYTES, "shard file")?;
            Ok((f.display().to_string(), text))
        })
        .collect()
}

/// `simulate compare`: two runs' shards, with and without an expansion, compared seed by seed.
fn simulate_compare(
    with: &[std::path::PathBuf],
    without: &[std::path::PathBuf],
    json: bool,
    html: Option<&std::path::Path>,
) -> Result<()> {
    use carcassonne_lab::{compare, simulate};
    let read = |files: &[std::path::PathBuf], side: &str| -> Result<simulate::Merged> {
        let (merged, missing) = simulate::merge_some(&read_shards(files)?).with_context(|| format!("--{side}"))?;
        if !missing.is_empty() {
            let list: Vec<String> = missing.iter().map(u64::to_string).collect();
            eprintln!(
                "note: --{side}: shards {} of {} are missing; their games are left out",
                list.join(", "),
                merged.header.of
            );
        }
        Ok(merged)
    };
    let comparison = compare::compare_runs(&read(with, "with")?, &read(without, "without")?)?;
    if let Some(path) = html {
        setup::write_atomically(path, &carcassonne_lab::html_report::comparison_html(&comparison))?;
        eprintln!("wrote the report to {}", path.display());
    }
    if json {
        say(&format!("{}\n", serde_json::to_string_pretty(&comparison)?));
    } else {
        say(&compare::text(&comparison));
    }
    Ok(())
}

/// `simulate merge`: the summary of shards' games, as one run over them prints it.
fn simulate_merge(files: &[std::path::PathBuf], json: bool, html: Option<&std::path::Path>) -> Result<()> {
    use carcassonne_lab::simulate;
    let merged = simulate::merge(&read_shards(files)?)?;
    if let Some(path) = html {
        let config = &merged.header.config;
        let summary = simulate::summarise(config, &merged.header.sources, &merged.results);
        let names: Vec<String> = config.players.iter().map(|p| p.name.clone()).collect();
        setup::write_atomically(path, &carcassonne_lab::html_report::html(&summary, &names))?;
        eprintln!("wrote the report to {}", path.display());
    }
    say(&simulate::summary_output(&merged.header, &merged.results, json)?);
    Ok(())
}

fn bench(args: BenchArgs) -> Result<()> {
    use carcassonne_lab::bench;
    if !(args.seconds.is_finite() && args.seconds > 0.0) {
        bail!("--seconds must be a positive number of seconds");
    }
    if args.games == Some(0) {
        bail!("--games must be at least 1");
    }
    let setup = GameSetup::base_game(&args.plugins, args.tiles.as_deref())?;
    let expansions: Vec<String> = args
        .expansions
        .iter()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let alone: Vec<String> = match &args.alone {
        Some(ids) => ids
            .iter()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect(),
        None => setup.catalog.ids().into_iter().map(String::from).collect(),
    };
    if let Some(unknown) = alone.iter().find(|id| setup.catalog.get(id).is_none()) {
        bail!(
            "--alone: no expansion `{unknown}`; there are {}",
            setup.catalog.ids().join(", ")
        );
    }
    let budget = bench::Budget {
        games: args.games,
        seconds: args.seconds,
    };
    let report = bench::run(&setup.catalog, &setup.tiles, &expansions, &alone, budget)?;
    if args.json {
        say(&format!("{}\n", serde_json::to_string_pretty(&report)?));
    } else {
        say(&bench::text(&report));
    }
    Ok(())
}

fn resume(args: ResumeArgs) -> Result<()> {
    let record = setup::read_record(&args.file)?;
    let setup = GameSetup::for_record(&record, &args.plugins, args.tiles.as_deref())
        .with_context(|| format!("{}: record configuration", args.file.display()))?;
    show_notices(&setup);
    for difference in record.version_differences(&setup.catalog) {
        eprintln!("note: {difference}");
    }
    let rules = Arc::new(setup.rules()?);
    let mut bots = session::bots_for(&record.config, &args.bot)?;
    let mut game = Game::new(rules)?;
    session::catch_up(&mut game, &mut bots, &record.moves).with_context(|| format!("{}", args.file.display()))?;
    let log = TurnLog::new(!args.json && !args.quiet);
    if !args.json && !args.quiet {
        say(&format!(
            "Resuming after {} moves (turn {})\n",
            record.moves.len(),
            game.state().turn().number
        ));
    }
    let writer = RecordWriter::create(&args.file, &record)?;
    play_to_the_end(game, bots, record, log, args.json, Some(writer))
}

/// The largest saved game `import-jcz` reads: far above any real game's.
const MAX_JCZ_BYTES: u64 = 64 << 20;

fn import_jcz(args: ImportJczArgs) -> Result<()> {
    let catalog = setup::catalog(&carcassonne_core::GameConfig::with_players(0), &args.plugins)?;
    let tiles = setup::tile_source(args.tiles.as_deref())?;
    let Some(save) = args.save.as_ref().filter(|_| !args.check_mappings) else {
        let report = carcassonne_jcz::check_mappings(&catalog, &tiles)?;
        say(&report.text);
        if report.problems > 0 {
            std::process::exit(report::EXIT_TILE_PROBLEMS);
        }
        return Ok(());
    };
    let text = carcassonne_core::read_text_file(save, MAX_JCZ_BYTES, "JCZ saved game")?;
    let imported = carcassonne_jcz::import(&text, &catalog, &tiles).with_context(|| format!("{}", save.display()))?;
    for note in &imported.notes {
        eprintln!("note: {note}");
    }
    let json = format!("{}\n", imported.record.to_json());
    match &args.out {
        Some(out) => {
            safe_file::refuse_overwriting(out, "record (--out)", &[save])?;
            setup::write_atomically(out, &json)?;
            eprintln!(
                "wrote {} ({} moves); `carcassonne replay {}` shows the scores",
                out.display(),
                imported.record.moves.len(),
                out.display()
            );
        }
        None => say(&json),
    }
    Ok(())
}

fn render(args: RenderArgs) -> Result<()> {
    let record = setup::read_record(&args.record)?;
    let setup = GameSetup::for_record(&record, &args.plugins, args.tiles.as_deref())
        .with_context(|| format!("{}: record configuration", args.record.display()))?;
    let svg = args.svg.unwrap_or_else(|| args.record.with_extension("svg"));
    let html = args.html.unwrap_or_else(|| args.record.with_extension("html"));
    safe_file::refuse_overwriting(&svg, "board picture (--svg)", &[&args.record])?;
    safe_file::refuse_overwriting(&html, "replay viewer (--html)", &[&args.record, &svg])?;
    carcassonne_render::files::record(
        &record,
        &args.record,
        args.turn,
        &svg,
        &html,
        &setup.catalog,
        &setup.tiles,
    )?;
    say(&format!("wrote {} and {}\n", svg.display(), html.display()));
    Ok(())
}

fn serve(args: ServeArgs) -> Result<()> {
    use carcassonne_serve::lobby::{Lobby, Offer};
    use carcassonne_serve::{Table, editor::Editor, http};
    match &args.command {
        Some(args::ServeCommand::Backup { data, out }) => return serve_backup(data.as_deref(), out.as_deref()),
        Some(args::ServeCommand::Site { wasm, out }) => return serve_site(wasm, out),
        None => {}
    }
    let overrides = args.game.to_overrides();
    // The tile editor edits the files the games read their tiles from, and
    // checks attributes with every expansion on offer (the configuration's
    // plugins and the flags'), which the lobby offers in every new game.
    let setup = GameSetup::new(&overrides)?;
    show_notices(&setup);
    let offer = Offer {
        plugins: setup
            .config
            .plugins
            .iter()
            .map(std::path::PathBuf::from)
            .chain(overrides.plugins.iter().cloned())
            .collect(),
        tiles: overrides.tiles.clone(),
    };
    let keep = args
        .keep_days
        .map(|days| std::time::Duration::from_secs(u64::from(days) * 24 * 3600));
    let lobby = match data_dir(&args)? {
        None => Lobby::new(offer, args.max_games),
        Some(dir) => {
            let store = carcassonne_serve::store::Store::open(&dir)?;
            if let Some(note) = store.notice() {
                eprintln!("warning: {note}");
            }
            let (lobby, loaded) = Lobby::with_store(offer, args.max_games, store.clone(), keep)
                .with_context(|| format!("cannot read the games of {}", store.path().display()))?;
            if !loaded.pruned.is_empty() {
                eprintln!(
                    "note: deleted {} finished games older than {} days (--keep-days)",
                    loaded.pruned.len(),
                    args.keep_days.unwrap_or(0)
                );
            }
            for (id, why) in &loaded.skipped {
                eprintln!(
                    "warning: game {id} of {} cannot be resumed here, and stays in the database untouched: {why}",
                    store.path().display()
                );
            }
            lobby
        }
    };
    let server = http::Server::with_lobby(lobby, Editor::new(setup.catalog, setup.tiles));
    server.set_proxies(carcassonne_serve::proxy::Proxies {
        trusted: args.trust_proxy.clone(),
        public_url: args.public_url.clone(),
    });
    // A game flag (or a record to continue) starts the server with that
    // game created; bare `carcassonne serve` opens an empty lobby.
    if args.game.describes_a_game() || args.record.is_some() {
        let mut table = Table::open(&overrides, args.record.as_deref())?;
        if args.undo {
            // The flag adds undo; a configuration's `undo = true` needs no flag.
            table.allow_undo(true);
        }
        // Kept games may fill the server: it serves them all the same. A
        // game that cannot be stored (a nearly full disk) stops the start:
        // the server was asked to serve it.
        match server.lobby().add_at_start(table) {
            Ok(None) => {}
            Ok(Some(why)) => eprintln!("warning: the game the flags describe was not created: {why}"),
            Err(r) => bail!(
                "the game the flags describe cannot be served, so the server does not start: {}",
                r.error
            ),
        }
    }
    // The bots of the games resumed from the database think on.
    server.lobby().wake_all();
    if let Some(keep) = keep
        && server.lobby().store().is_some()
    {
        let pruner = server.clone();
        std::thread::Builder::new()
            .name("prune finished games".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(std::time::Duration::from_secs(3600));
                    if let Err(e) = pruner.lobby().prune(keep) {
                        eprintln!("warning: pruning old finished games failed: {e:#}");
                    }
                }
            })
            .context("cannot start the pruning thread")?;
    }
    http::serve_blocking(server, &args.bind, |banner| say(&format!("{banner}\n")))
}

/// `serve backup`: a copy of the games' database, made by the running
/// server when one holds it.
fn serve_backup(data: Option<&std::path::Path>, out: Option<&std::path::Path>) -> Result<()> {
    let data = match data {
        Some(dir) => dir.to_path_buf(),
        None => default_data_dir()?,
    };
    let made = carcassonne_serve::backup::backup(&data, out)?;
    say(&format!(
        "backed up {} {} ({} bytes{}) to {}\n",
        made.games,
        if made.games == 1 { "game" } else { "games" },
        made.bytes,
        if made.by_server { ", by the running server" } else { "" },
        made.path.display()
    ));
    Ok(())
}

/// `serve site`: the static site, from wasm-bindgen's output.
fn serve_site(wasm: &std::path::Path, out: &std::path::Path) -> Result<()> {
    let written = carcassonne_serve::pages::write_static_site(out, wasm)?;
    say(&format!(
        "wrote the static site ({} files) to {}: serve that directory with any web server of static files \
         (e.g. `python3 -m http.server -d {}`) and open index.html\n",
        written.len(),
        out.display(),
        out.display()
    ));
    Ok(())
}

/// Where `serve` keeps its games: `--data DIR`, none with `--no-data`,
/// else `carcassonne` in the per-user data directory (`$XDG_DATA_HOME`,
/// else `~/.local/share` on Linux; `~/Library/Application Support` on
/// macOS; `%APPDATA%` on Windows).
fn data_dir(args: &ServeArgs) -> Result<Option<std::path::PathBuf>> {
    if args.no_data {
        return Ok(None);
    }
    if let Some(dir) = &args.data {
        return Ok(Some(dir.clone()));
    }
    default_data_dir().map(Some)
}

/// The per-user data directory's `carcassonne`.
fn default_data_dir() -> Result<std::path::PathBuf> {
    match dirs::data_dir() {
        Some(dir) => Ok(dir.join("carcassonne")),
        None => bail!("this system names no per-user data directory: give --data DIR (or --no-data)"),
    }
}

/// What the user should know about the game's setup (plugins built in
/// another mode than this host), on standard error.
fn show_notices(setup: &GameSetup) {
    for notice in &setup.notices {
        eprintln!("note: {notice}");
    }
}

fn new_expansion(args: NewExpansionArgs) -> Result<()> {
    let written = carcassonne_setup::scaffold::new_expansion(&carcassonne_setup::scaffold::NewExpansion {
        id: args.id.clone(),
        dir: args.dir,
        linked: args.linked,
        engine: match (args.engine, args.crates_io) {
            (Some(dir), _) => carcassonne_setup::scaffold::EngineSource::Checkout(dir),
            (None, true) => carcassonne_setup::scaffold::EngineSource::CratesIo,
            (None, false) => carcassonne_setup::scaffold::EngineSource::ThisCheckout,
        },
    })?;
    let mut text = String::new();
    for path in &written {
        text.push_str(&format!("wrote {}\n", path.display()));
    }
    text.push_str(&format!(
        "the expansion `{}` is ready: see the README.md beside its Cargo.toml\n",
        args.id
    ));
    say(&text);
    Ok(())
}

fn use_engine(args: UseEngineArgs) -> Result<()> {
    use carcassonne_setup::use_engine::{EngineForm, use_engine};
    let checkout = match args.engine {
        Some(dir) => dir,
        None => carcassonne_setup::scaffold::this_checkout()
            .context("the checkout this binary was built from is gone: name one with --engine DIR")?,
    };
    let form = if args.packaged {
        EngineForm::Packaged
    } else {
        EngineForm::Checkout
    };
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let patched = use_engine(&args.crate_dir, &checkout, form, &cargo)?;
    let mut text = format!("wrote {}:\n", patched.config.display());
    for (name, dir) in &patched.crates {
        text.push_str(&format!("  {name} from {}\n", dir.display()));
    }
    say(&text);
    Ok(())
}

fn completions(shell: clap_complete::Shell) -> Result<()> {
    let mut command = <Cli as clap::CommandFactory>::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "carcassonne", &mut script);
    say(&String::from_utf8_lossy(&script));
    Ok(())
}

fn manpage(out: Option<&std::path::Path>) -> Result<()> {
    let command = <Cli as clap::CommandFactory>::command();
    match out {
        Some(dir) => {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
            clap_mangen::generate_to(command, dir).with_context(|| format!("cannot write into {}", dir.display()))?;
            say(&format!("wrote the manual pages into {}\n", dir.display()));
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            say(&String::from_utf8_lossy(&page));
        }
    }
    Ok(())
}

fn arena(args: ArenaArgs) -> Result<()> {
    if args.game.players.is_some_and(|n| n != args.bots.len()) {
        bail!("an arena seats one player per bot: --players must match --bots");
    }
    let setup = GameSetup::new(&args.game.to_overrides())?;
    show_notices(&setup);
    let summary = carcassonne_lab::arena::run(
        &setup.config,
        &setup.catalog,
        &setup.tiles,
        &args.bots,
        args.games,
        args.threads,
        !args.json,
    )?;
    if args.json {
        say(&format!("{}\n", serde_json::to_string_pretty(&summary)?));
    } else {
        say(&carcassonne_bots::arena::summary_text(&summary));
    }
    Ok(())
}
