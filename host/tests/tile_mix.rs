//! Tile mixes (`[tiles]` of a game configuration): the bag they give, a game
//! played from one, and every mistake refused with a clear message.

use carcassonne_core::tiles::parse_tile_set;
use carcassonne_core::{Catalog, Event, Game, GameConfig, GameRecord, Rules, SetupError};
use carcassonne_setup::session;
use carcassonne_setup::setup::{Overrides, game_config, tile_source};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

// Linked so that their attribute checks and tile files are in the catalog.
// The expansions every host links, as the setup library links them.
use carcassonne_setup as _;

fn catalog() -> Catalog {
    Catalog::linked().expect("linked catalog")
}

/// A fresh directory under the target dir for one test's files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("tile-mix-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The configuration a `--config` file with `text` gives (relative tile
/// files resolved against its directory).
fn config_from(dir: &std::path::Path, text: &str) -> GameConfig {
    let path = dir.join("game.toml");
    std::fs::write(&path, text).expect("write config");
    game_config(&Overrides {
        config: Some(path),
        ..Overrides::default()
    })
    .expect("config reads")
}

fn rules(config: &GameConfig) -> Result<Rules, SetupError> {
    Rules::new(&catalog(), config, &tile_source(None).unwrap())
}

fn error(config: &GameConfig) -> String {
    rules(config).expect_err("the mix is refused").to_string()
}

const PLAYERS: &str = "players = [{ name = \"Ann\" }, { name = \"Bob\" }]\n";

#[test]
fn a_game_from_two_base_sets_with_three_tiles_removed_uses_exactly_that_bag() {
    let dir = temp_dir("game");
    let config = config_from(
        &dir,
        &format!("{PLAYERS}seed = 11\n\n[tiles]\nsets = {{ base = 2 }}\ncounts = {{ A = 0, C = 0, X = 0 }}\n"),
    );
    // The expected bag, computed from the tile file itself.
    let base_text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tiles/base.toml")).unwrap();
    let base = parse_tile_set("base.toml", &base_text, &catalog()).expect("base loads");
    let mut expected: BTreeMap<String, usize> = BTreeMap::new();
    for t in &base.tiles {
        let n = if ["A", "C", "X"].contains(&t.id.as_str()) {
            0
        } else {
            2 * t.count as usize
        };
        if n > 0 {
            expected.insert(t.id.clone(), n);
        }
    }
    let in_game: usize = expected.values().sum();
    assert_eq!(in_game, 2 * 72 - 2 * (2 + 1 + 1), "A ×2, C ×1, X ×1 leave twice");

    let rules = Arc::new(rules(&config).expect("the mix is valid"));
    assert_eq!(rules.bag_size(), in_game - 1, "the start tile leaves the bag");
    let mut game = Game::new(rules.clone()).expect("game starts");
    let count_draws = |events: &[Event]| events.iter().filter(|e| matches!(e, Event::TileDrawn { .. })).count();
    // Starting the game already draws the first player's tile.
    let mut drawn = count_draws(game.last_events());
    assert_eq!(game.state().tiles_left() + drawn, in_game - 1);
    let mut bots = session::bots_for(&config, "random").expect("bots");
    let mut record = GameRecord::new(config.clone());
    session::play_out(
        &mut game,
        &mut bots,
        &mut record,
        |g, _, step| {
            if step == session::Step::After {
                drawn += count_draws(g.last_events());
            }
        },
        |_| Ok(()),
    )
    .expect("the game plays to its end");
    assert!(game.is_over());
    assert_eq!(game.state().tiles_left(), 0);

    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let board = game.state().board().tiles();
    for t in board
        .iter()
        .map(|p| p.tile)
        .chain(game.state().discarded().iter().copied())
    {
        *seen.entry(rules.tile(t).def.id.clone()).or_default() += 1;
    }
    assert_eq!(seen, expected, "placed and discarded tiles are exactly the mix");
    assert_eq!(drawn, in_game - 1, "every tile of the bag was drawn once");
    assert_eq!(board.len() + game.state().discarded().len(), drawn + 1);
}

#[test]
fn extra_files_are_read_next_to_the_configuration_and_shuffled_in() {
    let dir = temp_dir("files");
    std::fs::write(
        dir.join("mine.toml"),
        "# my tiles\n[set]\nid = \"mine\"\nname = \"Mine\"\n\n[[tile]]\nid = \"M1\"\ncount = 2\nedges = \"CFFF\"\n\
         features = [\n  { kind = \"city\", edges = [\"N\"] },\n  { kind = \"field\", edges = [\"E\", \"S\", \"W\"], cities = [\"N\"] },\n]\n",
    )
    .unwrap();
    let config = config_from(
        &dir,
        &format!("{PLAYERS}[tiles]\nfiles = [\"mine.toml\"]\nsets = {{ mine = 3 }}\n"),
    );
    assert_eq!(config.tiles.files, [dir.join("mine.toml").display().to_string()]);
    let rules = rules(&config).expect("valid");
    let m1 = rules.tile_by_id("M1").expect("the extra tile is in the game").index;
    assert_eq!(rules.initial_bag().iter().filter(|&&t| t == m1).count(), 6);
    assert_eq!(rules.bag_size(), 71 + 6);
}

#[test]
fn set_multiplicity_zero_and_tiles_only_sets_mix() {
    let dir = temp_dir("zero");
    let config = config_from(
        &dir,
        &format!(
            "{PLAYERS}tiles_only = [\"inns-and-cathedrals\"]\n\n[tiles]\nsets = {{ base = 0, inns-and-cathedrals = 2 }}\n"
        ),
    );
    let rules = rules(&config).expect("valid");
    let inns = catalog()
        .get("inns-and-cathedrals")
        .expect("linked")
        .tile_files
        .iter()
        .map(|f| {
            parse_tile_set(f.file_name, f.embedded, &catalog())
                .expect("loads")
                .total() as usize
        })
        .sum::<usize>();
    // Only the inns tiles, twice; the start tile is still placed first.
    assert_eq!(rules.bag_size(), 2 * inns);
    assert!(
        rules
            .initial_bag()
            .iter()
            .all(|&t| rules.tile(t).set == "inns-and-cathedrals")
    );
}

#[test]
fn an_unknown_set_names_the_sets_of_the_game() {
    let dir = temp_dir("unknown-set");
    let config = config_from(
        &dir,
        &format!("{PLAYERS}expansions = [\"easter\"]\n[tiles]\nsets = {{ inns = 2 }}\n"),
    );
    assert_eq!(
        error(&config),
        "[tiles] sets: unknown tile set `inns`; the sets in this game: base, easter"
    );
}

#[test]
fn an_unknown_tile_names_the_sets_of_the_game() {
    let dir = temp_dir("unknown-tile");
    let config = config_from(&dir, &format!("{PLAYERS}[tiles]\ncounts = {{ \"EA-1\" = 0 }}\n"));
    assert_eq!(
        error(&config),
        "[tiles] counts: unknown tile id `EA-1`: no tile set of this game (base) has it; \
         it may belong to another tile set or to an expansion that is not enabled"
    );
}

#[test]
fn negative_counts_and_multiplicities_are_refused() {
    let dir = temp_dir("negative");
    let config = config_from(&dir, &format!("{PLAYERS}[tiles]\ncounts = {{ D = -1 }}\n"));
    assert_eq!(
        error(&config),
        "[tiles] counts: `D` = -1: must be between 0 and 10000 (0 removes the tile)"
    );
    let config = config_from(&dir, &format!("{PLAYERS}[tiles]\nsets = {{ base = -2 }}\n"));
    assert_eq!(
        error(&config),
        "[tiles] sets: `base` = -2: must be between 0 and 100 (0 removes the set's tiles)"
    );
}

#[test]
fn an_extra_tile_of_an_expansion_that_is_off_says_which_to_enable() {
    let dir = temp_dir("expansion-off");
    std::fs::write(
        dir.join("inn.toml"),
        "[set]\nid = \"mine\"\nname = \"Mine\"\n\n[[tile]]\nid = \"M1\"\ncount = 1\nedges = \"FRFR\"\nfeatures = [\n  \
         { kind = \"road\", edges = [\"E\", \"W\"], inns-and-cathedrals = { inn = true } },\n  \
         { kind = \"field\", edges = [\"N\", \"EN\", \"WN\"] },\n  { kind = \"field\", edges = [\"S\", \"ES\", \"WS\"] },\n]\n",
    )
    .unwrap();
    let config = config_from(&dir, &format!("{PLAYERS}[tiles]\nfiles = [\"inn.toml\"]\n"));
    let file = dir.join("inn.toml").display().to_string();
    assert_eq!(
        error(&config),
        format!(
            "[tiles] files: tile `M1` in {file} has `inns-and-cathedrals` attributes or kinds, but \
             `inns-and-cathedrals` is not in this game; enable it (expansions = [\"inns-and-cathedrals\"]) \
             or shuffle in its tiles with its rules off (tiles_only = [\"inns-and-cathedrals\"])"
        )
    );
    // With the expansion's tiles in the game, the same file is accepted.
    let config = config_from(
        &dir,
        &format!("{PLAYERS}tiles_only = [\"inns-and-cathedrals\"]\n[tiles]\nfiles = [\"inn.toml\"]\n"),
    );
    assert!(rules(&config).is_ok());
}

#[test]
fn a_broken_extra_file_reports_its_diagnostics() {
    let dir = temp_dir("broken");
    std::fs::write(dir.join("bad.toml"), "[set]\nid = \"mine\"\nname = \"Mine\"\n\n[[tile]]\nid = \"M1\"\ncount = 0\nedges = \"FFFF\"\nfeatures = [{ kind = \"field\", edges = [\"N\", \"E\", \"S\", \"W\"] }]\n").unwrap();
    let config = config_from(&dir, &format!("{PLAYERS}[tiles]\nfiles = [\"bad.toml\"]\n"));
    let message = error(&config);
    assert!(message.contains("bad.toml:7:"), "{message}");
    assert!(message.contains("between 1 and 10000, found 0"), "{message}");
}

#[test]
fn records_without_a_tiles_table_read_and_write_as_before() {
    let config = GameConfig::with_players(2);
    let json = serde_json::to_string(&config).unwrap();
    assert!(!json.contains("tiles"), "{json}");
    let back: GameConfig = serde_json::from_str(&json).unwrap();
    assert_eq!(back, config);
    let unknown = toml::from_str::<GameConfig>("[tiles]\ncount = { D = 1 }\n").expect_err("unknown key");
    assert!(unknown.to_string().contains("unknown field `count`"), "{unknown}");
}

#[test]
fn the_mix_command_prints_ids_counts_and_totals() {
    let dir = temp_dir("command");
    std::fs::write(
        dir.join("game.toml"),
        "[tiles]\nsets = { base = 2 }\ncounts = { A = 0, C = 0, X = 0, D = 3 }\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["tiles", "mix", "--config"])
        .arg(dir.join("game.toml"))
        .output()
        .expect("host runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("base ×2\n"), "{text}");
    assert!(text.contains("\n  B      8\n"), "{text}");
    assert!(text.contains("\n  D      3 (start tile, placed first)\n"), "{text}");
    assert!(text.contains("\n  X      0 (count set by the mix)\n"), "{text}");
    // 144 - A 4 - C 2 - X 2 - (D 8 - 3) = 131
    assert!(
        text.contains("\n  base: 131 tiles\ntotal: 131 tiles (130 in the bag"),
        "{text}"
    );
}
