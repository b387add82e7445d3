//! Dynamic expansions: the example plugin loads and plays a whole game (and
//! gives the same record as when linked statically); libraries with a wrong
//! ABI, a wrong fingerprint or no declaration are refused with messages that
//! say why; a panicking plugin hook becomes an error naming the plugin.

use carcassonne_core::{Catalog, Game, GameConfig, GameRecord, Rules, TileSource};
use carcassonne_host::{plugins, session};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn target_dir() -> PathBuf {
    root().join("target").join("test-plugins")
}

/// Builds a plugin workspace with the same cargo (and so the same rustc) as this test.
fn cargo_build(manifest: &Path) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--quiet", "--manifest-path"])
        .arg(manifest)
        .arg("--target-dir")
        .arg(target_dir())
        .env_remove("RUSTFLAGS")
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building {} failed", manifest.display());
}

fn built() -> &'static PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        cargo_build(&root().join("expansions/example-watchtower/Cargo.toml"));
        cargo_build(&root().join("host/tests/plugins/Cargo.toml"));
        target_dir().join("debug")
    })
}

fn lib(name: &str) -> PathBuf {
    built().join(format!(
        "{}{name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ))
}

fn load_error(name: &str) -> String {
    let mut catalog = Catalog::default();
    plugins::load(&lib(name), &mut catalog)
        .map(|_| ())
        .expect_err("must be refused")
        .to_string()
}

fn config(seed: u64, expansions: &[&str]) -> GameConfig {
    let mut c = GameConfig::with_players(3);
    c.seed = seed;
    c.expansions = expansions.iter().map(|s| s.to_string()).collect();
    c
}

fn play_to_record(catalog: &Catalog, config: GameConfig) -> GameRecord {
    let rules = Arc::new(Rules::new(catalog, &config, &TileSource::default()).expect("rules"));
    let mut game = Game::new(rules).expect("starts");
    let mut bots = session::bots_for(&config, "random").expect("bots");
    let mut record = GameRecord::new(config);
    session::play_out(&mut game, &mut bots, &mut record, |_, _, _| {}, |_| Ok(())).expect("plays to the end");
    assert!(game.is_over());
    record
}

/// The search bot plays a plugin it has never heard of, loaded at run
/// time, through the generic decision API alone.
#[test]
fn the_search_bot_plays_a_game_with_a_dynamic_plugin() {
    let mut dynamic = Catalog::default();
    plugins::load(&lib("carcassonne_watchtower"), &mut dynamic).expect("example plugin loads");
    let mut config = config(5, &["watchtower"]);
    config.players.truncate(2);
    for p in &mut config.players {
        p.bot = Some("mcts:6".into());
    }
    let record = play_to_record(&dynamic, config);
    assert!(
        record
            .moves
            .iter()
            .any(|m| matches!(m, carcassonne_core::Move::Expansion(_))),
        "the search bot answered the plugin's question"
    );
}

#[test]
fn example_plugin_loads_and_plays_the_same_game_as_linked() {
    let mut dynamic = Catalog::default();
    let ids = plugins::load(&lib("carcassonne_watchtower"), &mut dynamic).expect("example plugin loads");
    assert_eq!(ids, vec!["watchtower"]);
    assert!(dynamic.is_dynamic("watchtower"));

    // This test binary also links the example statically (a dev-dependency).
    use carcassonne_watchtower as _;
    let linked = Catalog::linked().expect("catalog");
    assert!(linked.get("watchtower").is_some() && !linked.is_dynamic("watchtower"));

    for seed in [3, 11] {
        let a = play_to_record(&dynamic, config(seed, &["watchtower"]));
        let b = play_to_record(&linked, config(seed, &["watchtower"]));
        assert_eq!(a.moves, b.moves, "seed {seed}: dynamic and static games differ");
        assert!(
            a.moves
                .iter()
                .any(|m| matches!(m, carcassonne_core::Move::Expansion(_))),
            "seed {seed}: the plugin's decision came up"
        );
        // The record replays through the dynamic plugin too.
        let replayed = a.replay(&dynamic, &TileSource::default()).expect("replays");
        assert!(replayed.is_over());
    }
}

#[test]
fn host_binary_plays_with_plugin_flag() {
    let out = Command::new(env!("CARGO_BIN_EXE_host"))
        .args([
            "play",
            "--seed",
            "3",
            "--json",
            "--expansions",
            "watchtower",
            "--plugin",
        ])
        .arg(lib("carcassonne_watchtower"))
        .output()
        .expect("host runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(json["over"], true);
    assert!(json["players"][0]["breakdown"].get("watchtower").is_some());
}

#[test]
fn wrong_abi_is_refused_naming_both_versions() {
    let e = load_error("test_plugin_wrong_abi");
    assert!(
        e.contains("built for plugin ABI 999")
            && e.contains(&format!(
                "this host speaks ABI {}",
                carcassonne_core::plugin::PLUGIN_ABI_VERSION
            )),
        "{e}"
    );
}

#[test]
fn wrong_fingerprint_is_refused_showing_both_sides() {
    let e = load_error("test_plugin_wrong_fingerprint");
    assert!(e.contains("does not match this host"), "{e}");
    assert!(e.contains("plugin: carcassonne-core 0.0.1; rustc 1.10.0"), "{e}");
    assert!(
        e.contains(&format!("host:   {}", carcassonne_core::plugin::FINGERPRINT)),
        "{e}"
    );
}

#[test]
fn library_without_declaration_is_refused() {
    let e = load_error("test_plugin_no_symbol");
    assert!(
        e.contains("is not a carcassonne-rs plugin") && e.contains("CARCASSONNE_PLUGIN"),
        "{e}"
    );
}

#[test]
fn missing_library_is_refused() {
    let mut catalog = Catalog::default();
    let e = plugins::load(Path::new("/nonexistent/libnothing.so"), &mut catalog)
        .unwrap_err()
        .to_string();
    assert!(e.contains("does not exist"), "{e}");
}

#[test]
fn panicking_hook_becomes_an_error_naming_the_plugin_and_rolls_back() {
    let mut catalog = Catalog::default();
    plugins::load(&lib("test_plugin_panicky"), &mut catalog).expect("loads");
    let rules = Arc::new(Rules::new(&catalog, &config(1, &["panicky"]), &TileSource::default()).expect("rules"));
    let mut game = Game::new(rules).expect("starts");
    let mut options = Vec::new();
    let err = loop {
        game.legal_actions(&mut options);
        let before_tiles = game.state().board().tiles().len();
        let before_turn = game.state().turn().number;
        match game.play(&options[0]) {
            Ok(()) => continue,
            Err(e) => {
                // Rolled back: the same decision is pending on the same board.
                assert_eq!(game.state().board().tiles().len(), before_tiles);
                assert_eq!(game.state().turn().number, before_turn);
                break e.to_string();
            }
        }
    };
    assert!(
        err.contains("expansion `panicky` failed") && err.contains("the fifth tile is too much"),
        "{err}"
    );

    let out = Command::new(env!("CARGO_BIN_EXE_host"))
        .args(["play", "--seed", "1", "--expansions", "panicky", "--plugin"])
        .arg(lib("test_plugin_panicky"))
        .output()
        .expect("host runs");
    assert_eq!(out.status.code(), Some(1), "a clean error exit, not a crash");
    assert!(String::from_utf8_lossy(&out.stderr).contains("expansion `panicky` failed"));
}
