//! The command line's words: clap structures only. Each turns into the
//! libraries' plain configuration (`GameArgs::to_overrides`,
//! `NewTileArgs::tile`), so no library depends on clap.

use anyhow::Result;
use carcassonne_setup::Overrides;
use carcassonne_setup::tile_edit::{self, NewTile};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// Options that choose the game (shared by every command that starts one).
#[derive(Args, Debug, Clone, Default)]
pub(crate) struct GameArgs {
    /// Game configuration file (TOML); flags override it.
    #[arg(long)]
    pub(crate) config: Option<PathBuf>,
    /// Number of players (1–6; 1 for a solo game), named "Player 1" … unless the configuration names them.
    #[arg(long, allow_negative_numbers = true, value_parser = player_count)]
    pub(crate) players: Option<usize>,
    /// Seed of the game's random number generator (default: the configuration's, else drawn at random for
    /// `play` and `serve`, 0 for `simulate`).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Expansions to enable, comma-separated (e.g. easter,fruit-trees).
    #[arg(long, value_delimiter = ',')]
    pub(crate) expansions: Option<Vec<String>>,
    /// Directory of tile files (default: $CARCASSONNE_TILES, the project's tiles/, or the built-in copies).
    #[arg(long)]
    pub(crate) tiles: Option<PathBuf>,
    /// Expansions whose tiles are shuffled in with their rules off, comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub(crate) tiles_only: Option<Vec<String>>,
    /// A rule variant, as EXPANSION.NAME=VALUE (e.g. easter.die=d6); repeatable.
    #[arg(long = "variant", value_name = "EXPANSION.NAME=VALUE")]
    pub(crate) variants: Vec<String>,
    /// Switch a part of an expansion on or off, as EXPANSION.PART=on|off (e.g. abbey-and-mayor.abbey=off);
    /// repeatable. Every part is on unless switched off.
    #[arg(long = "part", value_name = "EXPANSION.PART=on|off")]
    pub(crate) parts: Vec<String>,
    /// Load an expansion from a dynamic library (or every library in a directory); repeatable.
    #[arg(long = "plugin")]
    pub(crate) plugins: Vec<PathBuf>,
}

/// `--players`: a number from 1 to 6 (a negative one is read as a number,
/// not as an unknown flag).
fn player_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<i64>() {
        Ok(n @ 1..=6) => Ok(n as usize),
        Ok(n) => Err(format!("a game has 1 to 6 players, not {n}")),
        Err(_) => Err(format!("`{text}` is not a number of players (1 to 6)")),
    }
}

/// `serve --max-games`: 1 to 1000.
fn game_limit(text: &str) -> Result<usize, String> {
    match text.trim().parse::<i64>() {
        Ok(n @ 1..=1000) => Ok(n as usize),
        Ok(n) => Err(format!("a server holds 1 to 1000 games, not {n}")),
        Err(_) => Err(format!("`{text}` is not a number of games (1 to 1000)")),
    }
}

/// `--threads`: 0 (one per core) to `simulate::MAX_THREADS`.
fn thread_count(text: &str) -> Result<usize, String> {
    let max = carcassonne_lab::simulate::MAX_THREADS;
    match text.trim().parse::<i128>() {
        Ok(n) if (0..=max as i128).contains(&n) => Ok(n as usize),
        Ok(n) => Err(format!("{n} threads: give 0 (one per core) to {max}")),
        Err(_) => Err(format!("`{text}` is not a number of threads (0 to {max})")),
    }
}

impl GameArgs {
    /// Whether the flags say anything about a game to start (beyond where
    /// expansions and tiles come from).
    pub(crate) fn describes_a_game(&self) -> bool {
        self.config.is_some()
            || self.players.is_some()
            || self.seed.is_some()
            || self.expansions.is_some()
            || self.tiles_only.is_some()
            || !self.variants.is_empty()
            || !self.parts.is_empty()
    }

    /// The flags as the setup library's overrides.
    pub(crate) fn to_overrides(&self) -> Overrides {
        Overrides {
            config: self.config.clone(),
            players: self.players,
            seed: self.seed,
            expansions: self.expansions.clone(),
            tiles: self.tiles.clone(),
            tiles_only: self.tiles_only.clone(),
            variants: self.variants.clone(),
            parts: self.parts.clone(),
            plugins: self.plugins.clone(),
        }
    }
}

/// Carcassonne rules engine with expansions as plugins.
#[derive(Parser, Debug)]
#[command(name = "carcassonne", version, about)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Play a whole game with bots and print the turn log and final scores
    /// (`carcassonne expansions` lists the expansions and variants to choose from).
    Play(PlayArgs),
    /// Replay a game record and print its result.
    Replay(ReplayArgs),
    /// Continue a game from its record (as `play --record` writes it) to the end.
    Resume(ResumeArgs),
    /// Convert a JCloisterZone saved game (.jcz, 5.x or 4.x) into a game record that `replay` plays to JCZ's scores.
    ImportJcz(ImportJczArgs),
    /// List every available expansion (linked and loaded) with its parts and variants.
    Expansions(ExpansionsArgs),
    /// Check, list and show tile files.
    #[command(subcommand)]
    Tiles(TilesCommand),
    /// Play many seeded bot games on all cores and summarise them.
    Simulate(SimulateArgs),
    /// Measure engine speed on one thread: games/s, option listing, clones, growth.
    Bench(BenchArgs),
    /// Draw a recorded game's board (SVG) and write its HTML replay viewer.
    Render(RenderArgs),
    /// Serve games to play in the browser: a lobby to create them, hot-seat or seats on the LAN, bots for bot seats.
    Serve(ServeArgs),
    /// Write a new expansion crate that builds, loads and plays as it is: a
    /// plugin of its own, or linked into this checkout's host with --linked.
    NewExpansion(NewExpansionArgs),
    /// Point a plugin crate's dependencies on the engine at a checkout of it,
    /// or at the crates `cargo package` makes of it (--packaged), in the
    /// crate's .cargo/config.toml: until the engine is on crates.io.
    UseEngine(UseEngineArgs),
    /// Match bots against each other, seats rotated: win rates with 95 % intervals, mean scores.
    Arena(ArenaArgs),
    /// Print a shell completion script: `carcassonne completions bash > ~/.local/share/bash-completion/completions/carcassonne`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), or write one page per command into a directory.
    Manpage {
        /// Write `carcassonne.1` and `carcassonne-COMMAND.1` … here instead of printing the main page.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

#[derive(Subcommand, Debug)]
pub(crate) enum TilesCommand {
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
pub(crate) struct NewTileArgs {
    /// Edge kinds N, E, S, W: C city, R road, F field, X wall (CRFR or C,R,F,R).
    #[arg(long)]
    pub(crate) edges: String,
    /// Copies.
    #[arg(long, default_value_t = 1)]
    pub(crate) count: u32,
    /// A cloister in the middle (roads then end at it).
    #[arg(long)]
    pub(crate) cloister: bool,
    /// A name for people.
    #[arg(long)]
    pub(crate) name: Option<String>,
    /// An expansion attribute of the tile, EXPANSION.KEY=VALUE (the value as
    /// TOML: 2, true, "text"), written as `[tile.EXPANSION]`; or of one
    /// feature, FEATURE:EXPANSION.KEY=VALUE with the feature named as records
    /// name it (road:E:inns-and-cathedrals.inn=true); repeatable.
    #[arg(long = "attr", value_name = "[FEATURE:]EXPANSION.KEY=VALUE")]
    pub(crate) attributes: Vec<String>,
}

impl NewTileArgs {
    pub(crate) fn tile(&self, id: &str) -> Result<NewTile> {
        Ok(NewTile {
            id: id.to_string(),
            edges: tile_edit::parse_edges(&self.edges)?,
            count: self.count,
            cloister: self.cloister,
            name: self.name.clone(),
            attributes: self
                .attributes
                .iter()
                .map(|a| tile_edit::parse_attribute(a))
                .collect::<Result<_, _>>()?,
        })
    }
}

#[derive(Args, Debug)]
pub(crate) struct TilesCommon {
    /// Directory of tile files.
    #[arg(long)]
    pub(crate) tiles: Option<PathBuf>,
    /// Load an expansion from a dynamic library (for its attribute checks); repeatable.
    #[arg(long = "plugin")]
    pub(crate) plugins: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub(crate) struct NewExpansionArgs {
    /// The expansion's id, kebab-case (e.g. moonlit-meadows); the crate is `carcassonne-ID`.
    pub(crate) id: String,
    /// Make the crate's directory here (default: the current directory; with
    /// --linked, the checkout's expansions/).
    #[arg(long)]
    pub(crate) dir: Option<PathBuf>,
    /// Link it into the host of the checkout it is made in: a workspace
    /// member using the workspace's dependencies, its tile file in tiles/,
    /// named in host/setup (instead of a plugin with a workspace of its own).
    #[arg(long)]
    pub(crate) linked: bool,
    /// Build the plugin against this checkout of the engine: its Cargo.toml
    /// depends on the release by version, and its .cargo/config.toml
    /// patches that to the checkout (default: the checkout this binary was
    /// built from, if it is still there).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["crates_io", "linked"])]
    pub(crate) engine: Option<PathBuf>,
    /// Depend on the engine's release on crates.io only, with no
    /// .cargo/config.toml patching it to a local checkout.
    #[arg(long, conflicts_with = "linked")]
    pub(crate) crates_io: bool,
}

#[derive(Args, Debug)]
pub(crate) struct UseEngineArgs {
    /// The crate's directory (its Cargo.toml names the engine's crates by version).
    #[arg(long = "crate", value_name = "DIR", default_value = ".")]
    pub(crate) crate_dir: PathBuf,
    /// The engine's checkout (default: the one this binary was built from).
    #[arg(long, value_name = "DIR")]
    pub(crate) engine: Option<PathBuf>,
    /// The crates `cargo package` makes of the checkout (unpacked in its
    /// target/engine-packages/), as crates.io will serve them, instead of
    /// the checkout's sources.
    #[arg(long)]
    pub(crate) packaged: bool,
}

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub(crate) struct ServeArgs {
    #[command(subcommand)]
    pub(crate) command: Option<ServeCommand>,
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Address to listen on; loopback by default. Use 0.0.0.0:PORT to let seats join from the LAN.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub(crate) bind: String,
    /// The game record: continued when it exists, else created; rewritten after every move.
    #[arg(long)]
    pub(crate) record: Option<PathBuf>,
    /// Let a person take back their last move while the next seat has not moved (also `undo = true` in the configuration).
    #[arg(long)]
    pub(crate) undo: bool,
    /// The most games the server holds at once (a finished game makes room for a new one).
    #[arg(long, default_value_t = carcassonne_serve::lobby::DEFAULT_MAX_GAMES, value_parser = game_limit)]
    pub(crate) max_games: usize,
    /// Keep every game in DIR/games.sqlite, so a restart loses none (default: the per-user data
    /// directory, e.g. ~/.local/share/carcassonne on Linux).
    #[arg(long, value_name = "DIR", conflicts_with = "no_data")]
    pub(crate) data: Option<PathBuf>,
    /// Keep the games in memory only: a restart loses them (the behaviour before --data).
    #[arg(long)]
    pub(crate) no_data: bool,
    /// Delete finished games that ended N days ago or more, at start and every hour (0: every finished game at start).
    #[arg(long, value_name = "N", conflicts_with = "no_data", value_parser = clap::value_parser!(u32).range(0..=36_500))]
    pub(crate) keep_days: Option<u32>,
    /// Believe the client address, scheme and host that a reverse proxy at ADDR names (Forwarded,
    /// X-Forwarded-For/-Proto/-Host): an address or a range (127.0.0.1, ::1, 10.0.0.0/8); repeatable.
    #[arg(long = "trust-proxy", value_name = "ADDR")]
    pub(crate) trust_proxy: Vec<carcassonne_serve::proxy::Net>,
    /// The address people reach the server at through its proxy (`https://carcassonne.example.org`):
    /// the links it prints and hands out are made with it.
    #[arg(long, value_name = "URL", value_parser = public_url)]
    pub(crate) public_url: Option<String>,
}

/// `serve --public-url`: an http or https address, without a path.
fn public_url(text: &str) -> Result<String, String> {
    let t = text.trim().trim_end_matches('/');
    let rest = t
        .strip_prefix("https://")
        .or_else(|| t.strip_prefix("http://"))
        .ok_or_else(|| format!("`{text}`: write the address with its scheme, e.g. https://carcassonne.example.org"))?;
    if rest.is_empty() || rest.contains(['/', '?', '#', ' ']) {
        return Err(format!(
            "`{text}`: the scheme and host (and port) only, e.g. https://carcassonne.example.org"
        ));
    }
    Ok(t.to_string())
}

#[derive(Subcommand, Debug)]
pub(crate) enum ServeCommand {
    /// Copy the games' database (DIR/games.sqlite) with SQLite's online backup API, also while a
    /// server runs on it (it makes the copy): into DIR/backups/, or to --out.
    Backup {
        /// The data directory (default: as `serve`'s --data).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Write the copy here instead of DIR/backups/ (never over an existing file).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Write the static site: the lobby and game pages with the engine in the page (WebAssembly),
    /// to open without a server (docs/web.md).
    Site {
        /// The directory `wasm-bindgen --target web` wrote carcassonne-web's build into.
        #[arg(long, value_name = "DIR")]
        wasm: PathBuf,
        /// Where to write the site (created if need be).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
}

#[derive(Args, Debug)]
pub(crate) struct RenderArgs {
    /// The game record (JSON).
    pub(crate) record: PathBuf,
    /// Draw the board after this many turns (default: the end).
    #[arg(long)]
    pub(crate) turn: Option<u32>,
    /// Where to write the board picture (default: next to the record, .svg).
    #[arg(long)]
    pub(crate) svg: Option<PathBuf>,
    /// Where to write the replay viewer (default: next to the record, .html).
    #[arg(long)]
    pub(crate) html: Option<PathBuf>,
    /// Directory of tile files.
    #[arg(long)]
    pub(crate) tiles: Option<PathBuf>,
    /// Load an expansion from a dynamic library (or a directory of them); repeatable.
    #[arg(long = "plugin")]
    pub(crate) plugins: Vec<PathBuf>,
}

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub(crate) struct SimulateArgs {
    #[command(subcommand)]
    pub(crate) command: Option<SimulateCommand>,
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Play only shard K of N of the games (K from 0: the game numbers
    /// K·games/N up to (K+1)·games/N); with --jsonl, for `simulate merge`.
    #[arg(long, value_name = "K/N")]
    pub(crate) shard: Option<String>,
    /// Print the games' results as JSON lines (a header line, then one line
    /// per game) for `simulate merge`.
    #[arg(long, conflicts_with_all = ["csv", "json", "html"])]
    pub(crate) jsonl: bool,
    /// Write the output to this file (atomically: a partial file never
    /// appears) instead of printing it; an existing file is replaced.
    #[arg(long, value_name = "FILE")]
    pub(crate) out: Option<PathBuf>,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub(crate) games: u64,
    /// Worker threads (default 0: one per core; at most 256).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = thread_count)]
    pub(crate) threads: usize,
    /// Bot for every seat without one: random, greedy, lookahead, mcts, mcts:N (iterations), mcts:0.5s (time).
    #[arg(long, default_value = "random")]
    pub(crate) bot: String,
    /// Print the summary as JSON.
    #[arg(long, conflicts_with = "csv")]
    pub(crate) json: bool,
    /// Print one CSV line per game instead of the summary.
    #[arg(long)]
    pub(crate) csv: bool,
    /// Also write the summary as a self-contained HTML page of plots.
    #[arg(long, value_name = "FILE", conflicts_with = "csv")]
    pub(crate) html: Option<PathBuf>,
    /// Play the same seeds with and without this expansion (added to the
    /// game's if it is not on) and print the differences with 95 %
    /// intervals: scores, spread, first player's edge, length, and its points
    /// by source (with --html, also as a page).
    #[arg(long, value_name = "EXPANSION", conflicts_with = "csv")]
    pub(crate) compare: Option<String>,
}

#[derive(Subcommand, Debug)]
pub(crate) enum SimulateCommand {
    /// Merge shards written by `simulate --shard K/N --jsonl` into the summary one run over all their games gives.
    Merge {
        /// The shard files (every shard of one run, in any order).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
        /// Also write the summary as a self-contained HTML page of plots.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
    },
    /// Compare two runs written as shards (`simulate --shard K/N --jsonl`), one with an
    /// expansion and one without, over the seeds both played: what `--compare` prints,
    /// from games already played (one run without it serves every expansion; shards
    /// still missing are left out and named).
    Compare {
        /// The shard files of the run with the expansion.
        #[arg(long = "with", value_name = "FILE", num_args = 1.., required = true)]
        with: Vec<PathBuf>,
        /// The shard files of the run without it.
        #[arg(long = "without", value_name = "FILE", num_args = 1.., required = true)]
        without: Vec<PathBuf>,
        /// Print the comparison as JSON.
        #[arg(long)]
        json: bool,
        /// Also write the comparison as a self-contained HTML page.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
    },
}

#[derive(Args, Debug)]
pub(crate) struct BenchArgs {
    /// Expansions for the second run, comma-separated (empty: skip it).
    #[arg(long, value_delimiter = ',', default_value = "easter,fruit-trees,cleric-and-serf")]
    pub(crate) expansions: Vec<String>,
    /// Games per games/s figure (default: as many as fit in --seconds).
    #[arg(long)]
    pub(crate) games: Option<u64>,
    /// Expansions whose rules' cost is measured one at a time (each with
    /// the expansions it requires), comma-separated; by default every one
    /// there is; empty: none.
    #[arg(long, value_delimiter = ',')]
    pub(crate) alone: Option<Vec<String>>,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 2.0)]
    pub(crate) seconds: f64,
    /// Print the figures as JSON.
    #[arg(long)]
    pub(crate) json: bool,
    /// Directory of tile files.
    #[arg(long)]
    pub(crate) tiles: Option<PathBuf>,
    /// Load an expansion from a dynamic library (or a directory of them); repeatable.
    #[arg(long = "plugin")]
    pub(crate) plugins: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub(crate) struct ResumeArgs {
    /// The record to continue; it is rewritten after every move.
    pub(crate) file: PathBuf,
    /// Bot for seats the record gives no bot.
    #[arg(long, default_value = "random")]
    pub(crate) bot: String,
    /// Print the game's summary as JSON (scores by source, tiles, turns, the expansions' public states).
    #[arg(long)]
    pub(crate) json: bool,
    /// Print only the final table.
    #[arg(long, short)]
    pub(crate) quiet: bool,
    /// Directory of tile files.
    #[arg(long)]
    pub(crate) tiles: Option<PathBuf>,
    /// Load an expansion from a dynamic library (or a directory of them); repeatable.
    #[arg(long = "plugin")]
    pub(crate) plugins: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub(crate) struct ExpansionsArgs {
    /// Print JSON for machines.
    #[arg(long)]
    pub(crate) json: bool,
    /// Load an expansion from a dynamic library (or a directory of them); repeatable.
    #[arg(long = "plugin")]
    pub(crate) plugins: Vec<PathBuf>,
    /// Directory of tile files (to count each expansion's tiles).
    #[arg(long)]
    pub(crate) tiles: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// Bot for seats the configuration gives no bot: random, greedy, lookahead, mcts, mcts:N (iterations), mcts:0.5s (time).
    #[arg(long, default_value = "random")]
    pub(crate) bot: String,
    /// Print the game's summary as JSON (players' scores by source, tiles placed, discarded and left, turns, the expansions' public states) instead of the log and table.
    #[arg(long)]
    pub(crate) json: bool,
    /// Write the game record here (rewritten atomically after every move).
    #[arg(long)]
    pub(crate) record: Option<PathBuf>,
    /// Print only the final table.
    #[arg(long, short)]
    pub(crate) quiet: bool,
}

#[derive(Args, Debug)]
pub(crate) struct ReplayArgs {
    /// The game record (JSON).
    pub(crate) file: PathBuf,
    /// Print the game's summary as JSON (scores by source, tiles, turns, the expansions' public states).
    #[arg(long)]
    pub(crate) json: bool,
    /// Print the turn log too.
    #[arg(long)]
    pub(crate) log: bool,
    /// Directory of tile files.
    #[arg(long)]
    pub(crate) tiles: Option<PathBuf>,
    /// Load an expansion from a dynamic library (or a directory of them); repeatable.
    #[arg(long = "plugin")]
    pub(crate) plugins: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub(crate) struct ImportJczArgs {
    /// The JCZ saved game (JSON, as JCZ 5.x or 4.x writes it).
    #[arg(required_unless_present = "check_mappings")]
    pub(crate) save: Option<PathBuf>,
    /// Check the JCZ mapping of every expansion (linked and --plugin) and
    /// the base game's, each tile against this engine's, and print each
    /// problem with a caret; no save is read.
    #[arg(long, conflicts_with_all = ["save", "out"])]
    pub(crate) check_mappings: bool,
    /// Write the record here instead of printing it.
    #[arg(long)]
    pub(crate) out: Option<PathBuf>,
    /// Directory of tile files.
    #[arg(long)]
    pub(crate) tiles: Option<PathBuf>,
    /// Load an expansion from a dynamic library (or a directory of them); repeatable.
    #[arg(long = "plugin")]
    pub(crate) plugins: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub(crate) struct ArenaArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs,
    /// The bots, one per seat, comma-separated (e.g. mcts:1000,greedy).
    #[arg(long, value_delimiter = ',', required = true)]
    pub(crate) bots: Vec<String>,
    /// Number of games; each seed is played once per seating.
    #[arg(long, default_value_t = 100)]
    pub(crate) games: u64,
    /// Games played at once (default 0: one per core; at most 256); the results do not depend on it.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = thread_count)]
    pub(crate) threads: usize,
    /// Print the summary as JSON.
    #[arg(long)]
    pub(crate) json: bool,
}
