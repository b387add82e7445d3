//! Dynamic expansions: the example plugin loads and plays a whole game (and
//! gives the same record as when linked statically); libraries with a wrong
//! ABI, a wrong fingerprint or no declaration are refused with messages that
//! say why; a panicking plugin hook becomes an error naming the plugin.

use carcassonne_core::{Catalog, Game, GameConfig, GameRecord, Rules, TileSource};
use carcassonne_setup::{plugins, session};
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
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
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
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
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
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
fn host_binary_plays_with_plugin_flag() {
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
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

/// A plugin's JCloisterZone mapping works as a linked expansion's: the
/// example's (`jcz.toml`, a made-up add-on) checks, and a save written with
/// it imports while the plugin is loaded and replays to its scores; without
/// the plugin the save is refused by name.
#[test]
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
fn import_jcz_reads_a_plugins_mapping() {
    let carcassonne = || Command::new(env!("CARGO_BIN_EXE_carcassonne"));
    let plugin = lib("carcassonne_watchtower");
    let save = root().join("expansions/example-watchtower/tests/samples/watchtower.jcz");
    let out = carcassonne()
        .args(["import-jcz", "--check-mappings", "--plugin"])
        .arg(&plugin)
        .output()
        .expect("host runs");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}{}", String::from_utf8_lossy(&out.stderr));
    assert!(report.contains("(watchtower): 1 sets, 2 tiles"), "{report}");

    let dir = std::env::temp_dir().join(format!("carcassonne-plugin-jcz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("watchtower.json");
    let out = carcassonne()
        .arg("import-jcz")
        .arg(&save)
        .arg("--out")
        .arg(&record)
        .arg("--plugin")
        .arg(&plugin)
        .output()
        .expect("host runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = carcassonne()
        .args(["replay", "--json"])
        .arg(&record)
        .arg("--plugin")
        .arg(&plugin)
        .output()
        .expect("host runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let scores: Vec<i64> = json["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["score"].as_i64().unwrap())
        .collect();
    assert_eq!(scores, [3, 4], "{json}");
    std::fs::remove_dir_all(&dir).unwrap();

    let out = carcassonne().arg("import-jcz").arg(&save).output().expect("host runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the JCZ tile set `example-watchtowers:1` (setup.sets)"),
        "{err}"
    );
}

#[test]
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
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
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
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
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
fn library_without_declaration_is_refused() {
    let e = load_error("test_plugin_no_symbol");
    assert!(
        e.contains("is not a carcassonne-rs plugin") && e.contains("CARCASSONNE_PLUGIN"),
        "{e}"
    );
}

/// An expansion crate that registers its expansion but never exports the
/// plugin declaration: the refusal names the missing macro.
#[test]
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
fn a_plugin_without_export_plugin_is_refused_naming_the_macro() {
    let e = load_error("test_plugin_no_export");
    assert!(
        e.contains("is not a carcassonne-rs plugin") && e.contains("carcassonne_core::export_plugin!();"),
        "{e}"
    );
}

/// A library that exports the declaration but registers no expansion used
/// to load silently, and the game then said the expansion was unknown:
/// it is refused, naming `register_expansion!`, and the command line says
/// so instead of "load it with --plugin".
#[test]
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
fn a_plugin_that_registers_nothing_is_refused_naming_the_macro() {
    let e = load_error("test_plugin_no_registration");
    assert!(
        e.contains("registers no expansion") && e.contains("register_expansion!(YOUR_DECLARATION)"),
        "{e}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["play", "--seed", "1", "--expansions", "forgotten", "--plugin"])
        .arg(lib("test_plugin_no_registration"))
        .output()
        .expect("host runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("registers no expansion"), "{stderr}");
    assert!(!stderr.contains("unknown expansion"), "{stderr}");
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
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
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

    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["play", "--seed", "1", "--expansions", "panicky", "--plugin"])
        .arg(lib("test_plugin_panicky"))
        .output()
        .expect("host runs");
    assert_eq!(out.status.code(), Some(1), "a clean error exit, not a crash");
    assert!(String::from_utf8_lossy(&out.stderr).contains("expansion `panicky` failed"));
}

/// Copies the files under `from` to `to` (directories recursively).
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("creates the copy");
    for entry in std::fs::read_dir(from).expect("reads the source") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copies");
        }
    }
}

/// The example plugin built against a copy of the core whose sources
/// differ from the host's by one swapped pair of fields in `Pos` (the
/// version is the same): the case where a plugin would load and miscompute.
fn plugin_of_a_changed_core() -> PathBuf {
    let work = target_dir().join("changed-core");
    let _ = std::fs::remove_dir_all(&work);
    let root = root();
    for dir in ["src", "benches"] {
        copy_tree(&root.join("core").join(dir), &work.join("core").join(dir));
    }
    for file in ["Cargo.toml", "build.rs"] {
        std::fs::copy(root.join("core").join(file), work.join("core").join(file)).expect("copies");
    }
    // The core embeds the base tiles from its `tiles/` (a link to the
    // project's `tiles/base.toml`).
    std::fs::create_dir_all(work.join("core/tiles")).expect("creates");
    std::fs::copy(root.join("tiles/base.toml"), work.join("core/tiles/base.toml")).expect("copies");
    // The core inherits its dependencies from its workspace: the same
    // `[workspace.dependencies]`, with the core as the only member.
    let workspace = std::fs::read_to_string(root.join("Cargo.toml")).expect("workspace manifest");
    let inherited = &workspace[workspace.find("[workspace.package]").expect("workspace.package")..];
    std::fs::write(
        work.join("Cargo.toml"),
        format!("[workspace]\nresolver = \"3\"\nmembers = [\"core\"]\n\n{inherited}"),
    )
    .expect("writes");
    let geometry = work.join("core/src/geometry.rs");
    let text = std::fs::read_to_string(&geometry).expect("geometry");
    let swapped = text.replacen(
        "    /// Column, growing to the east.\n    pub x: i32,\n    /// Row, growing to the south.\n    pub y: i32,",
        "    /// Row, growing to the south.\n    pub y: i32,\n    /// Column, growing to the east.\n    pub x: i32,",
        1,
    );
    assert_ne!(swapped, text, "the test's change to `Pos` no longer applies");
    std::fs::write(&geometry, swapped).expect("writes");

    example_plugin_against(&work, "changed-core-watchtower", "../core")
}

/// The example plugin copied into `work/plugin` and built under the crate
/// name `name` (its library must not replace the real one in the shared
/// target directory) against the core at `core`, relative to the copy.
fn example_plugin_against(work: &Path, name: &str, core: &str) -> PathBuf {
    let plugin = work.join("plugin");
    let example = root().join("expansions/example-watchtower");
    copy_tree(&example.join("src"), &plugin.join("src"));
    for file in ["watchtower.toml", "jcz.toml", "Cargo.lock"] {
        std::fs::copy(example.join(file), plugin.join(file)).expect("copies");
    }
    let manifest = std::fs::read_to_string(example.join("Cargo.toml"))
        .expect("manifest")
        .replace("name = \"carcassonne-watchtower\"", &format!("name = \"{name}\""))
        .replace("path = \"../../core\"", &format!("path = \"{core}\""))
        // Only the library is built: its tests' kit and importer are not
        // copied.
        .replace("carcassonne-testkit = { path = \"../../host/testkit\" }", "")
        .replace("carcassonne-jcz = { path = \"../../host/jcz\" }", "");
    std::fs::write(plugin.join("Cargo.toml"), manifest).expect("writes");
    cargo_build(&plugin.join("Cargo.toml"));
    lib(&name.replace('-', "_"))
}

#[test]
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
fn plugin_built_against_a_changed_core_of_the_same_version_is_refused() {
    let mut catalog = Catalog::default();
    let e = plugins::load(&plugin_of_a_changed_core(), &mut catalog)
        .map(|_| ())
        .expect_err("a changed core must be refused")
        .to_string();
    assert!(e.contains("does not match this host"), "{e}");
    let version = format!("carcassonne-core {} (sources ", env!("CARGO_PKG_VERSION"));
    let plugin_line = e
        .lines()
        .find(|l| l.contains("plugin: "))
        .expect("names the plugin's side");
    let host_line = e.lines().find(|l| l.contains("host: ")).expect("names the host's side");
    assert!(plugin_line.contains(&version) && host_line.contains(&version), "{e}");
    assert_ne!(
        plugin_line.split("plugin:").nth(1).map(str::trim),
        host_line.split("host:").nth(1).map(str::trim),
        "{e}"
    );
    assert!(catalog.ids().is_empty(), "nothing of the refused plugin was registered");
}

/// The example plugin built against the core as `cargo package` makes it
/// (what crates.io would serve for this release: a rewritten manifest, no
/// workspace), not against the checkout's `core/`.
fn plugin_of_the_packaged_core() -> PathBuf {
    let work = target_dir().join("packaged-core");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("creates");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(&cargo)
        .args([
            "package",
            "--quiet",
            "--no-verify",
            "--allow-dirty",
            "-p",
            "carcassonne-core",
        ])
        .arg("--target-dir")
        .arg(&work)
        .current_dir(root())
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo package failed");
    let name = format!("carcassonne-core-{}", env!("CARGO_PKG_VERSION"));
    let status = Command::new("tar")
        .arg("xzf")
        .arg(work.join("package").join(format!("{name}.crate")))
        .current_dir(&work)
        .status()
        .expect("tar runs");
    assert!(status.success(), "unpacking the packaged core failed");
    example_plugin_against(&work, "packaged-core-watchtower", &format!("../{name}"))
}

/// What "Sharing your expansion" in the guide promises: a plugin built
/// against the release of the core from crates.io loads into a host built
/// from the same release's checkout, since the fingerprint hashes the
/// core's sources and the boundary crates' versions, not its manifest.
#[test]
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
fn plugin_built_against_the_packaged_core_loads_into_this_host() {
    let mut catalog = Catalog::default();
    let loaded = plugins::load(&plugin_of_the_packaged_core(), &mut catalog);
    assert!(loaded.is_ok(), "{:?}", loaded.err().map(|e| e.to_string()));
    assert!(catalog.ids().contains(&"watchtower"), "{:?}", catalog.ids());
}

#[test]
fn fingerprint_names_the_sources_and_boundary_crates() {
    let f = carcassonne_core::plugin::FINGERPRINT;
    for part in [
        "(sources ",
        "serde =",
        "serde_json =",
        "toml =",
        "inventory =",
        "rustc ",
    ] {
        assert!(f.contains(part), "`{part}` missing from {f}");
    }
    assert!(!f.contains(" unknown"), "a part of the fingerprint was not found: {f}");
}

#[test]
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
fn configuration_plugins_are_relative_to_it_and_records_name_expansions_not_libraries() {
    let dir = target_dir().join("configured");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("creates");
    let library = lib("carcassonne_watchtower");
    let relative = format!("../debug/{}", library.file_name().unwrap().to_string_lossy());
    std::fs::write(
        dir.join("game.toml"),
        format!("seed = 3\nexpansions = [\"watchtower\"]\nplugins = [\"{relative}\"]\n"),
    )
    .expect("writes");
    let record_path = dir.join("game.json");
    // Run from elsewhere: the library is found next to the configuration.
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["play", "-q", "--config"])
        .arg(dir.join("game.toml"))
        .arg("--record")
        .arg(&record_path)
        .current_dir(std::env::temp_dir())
        .output()
        .expect("host runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record_path).expect("record written")).expect("json");
    assert!(record["config"].get("plugins").is_none(), "{record}");
    assert_eq!(record["versions"], serde_json::json!({ "watchtower": "0.1.0" }));

    // The record replays wherever the expansion is offered…
    let replay = |extra: &[&std::ffi::OsStr]| {
        Command::new(env!("CARGO_BIN_EXE_carcassonne"))
            .arg("replay")
            .arg(&record_path)
            .args(extra)
            .output()
            .expect("host runs")
    };
    let out = replay(&["--plugin".as_ref(), library.as_os_str()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // …and where it is not, the error says how to offer it.
    let out = replay(&[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("unknown expansion `watchtower`") && stderr.contains("--plugin PATH"),
        "{stderr}"
    );
}

#[test]
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
fn an_expansion_registered_twice_names_both_origins() {
    // This test binary links the example statically (a dev-dependency).
    use carcassonne_watchtower as _;
    let mut catalog = Catalog::linked().expect("catalog");
    let library = lib("carcassonne_watchtower");
    let e = format!(
        "{:#}",
        plugins::load(&library, &mut catalog).expect_err("the id is taken")
    );
    assert!(
        e.contains("`watchtower` is registered twice: linked into this host and loaded from")
            && e.contains(&library.display().to_string()),
        "{e}"
    );
}

fn host_run(args: &[&std::ffi::OsStr]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(args)
        .output()
        .expect("host runs")
}

#[test]
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
fn tile_tools_write_and_show_expansion_attributes() {
    let library = lib("carcassonne_watchtower");
    let plugin = ["--plugin".as_ref(), library.as_os_str()];
    // `tiles new --attr` writes the expansion's table.
    let out = host_run(&[
        "tiles".as_ref(),
        "new".as_ref(),
        "WX".as_ref(),
        "--edges".as_ref(),
        "FRFR".as_ref(),
        "--attr".as_ref(),
        "watchtower.height=2".as_ref(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("[tile.watchtower]\nheight = 2\n"));

    let dir = target_dir().join("attr-edit");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("creates");
    let file = dir.join("watchtower.toml");
    std::fs::copy(root().join("expansions/example-watchtower/watchtower.toml"), &file).expect("copies");
    let add = |id: &str, attr: &str, with_plugin: bool| {
        let mut args: Vec<&std::ffi::OsStr> = vec![
            "tiles".as_ref(),
            "add".as_ref(),
            file.as_os_str(),
            "--id".as_ref(),
            id.as_ref(),
            "--edges".as_ref(),
            "FRFR".as_ref(),
            "--attr".as_ref(),
            attr.as_ref(),
        ];
        if with_plugin {
            args.extend(plugin);
        }
        host_run(&args)
    };
    // With the plugin, the attribute is checked by the expansion: a wrong
    // height is refused, a right one written.
    let out = add("WX", "watchtower.height=7", true);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("`height` cannot be `7`; allowed: a whole number from 1 to 2")
    );
    let out = add("WX", "watchtower.height=1", true);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("[tile.watchtower]\nheight = 1\n")
    );
    // Without it, the file itself does not load: the edit is not blamed.
    let before = std::fs::read_to_string(&file).unwrap();
    let out = add("WY", "watchtower.height=1", false);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("before any edit") && stderr.contains("--plugin"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before, "nothing written");

    // `tiles show` lists the tile's attribute table apart from its features.
    let mut args: Vec<&std::ffi::OsStr> = vec!["tiles".as_ref(), "show".as_ref(), "WT1".as_ref()];
    args.extend(plugin);
    let out = host_run(&args);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(shown.contains("  3. field") && !shown.contains("  4. "), "{shown}");
    assert!(
        shown.contains("tile attributes:\n  [tile.watchtower] height=2"),
        "{shown}"
    );
}

#[test]
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
fn an_unknown_attribute_key_is_pointed_at_not_its_value() {
    let dir = target_dir().join("attr-key");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("creates");
    let text = std::fs::read_to_string(root().join("expansions/example-watchtower/watchtower.toml"))
        .expect("tile file")
        .replace("height = 2\n", "height = 2\ncolour = \"red\"\n");
    let file = dir.join("watchtower.toml");
    std::fs::write(&file, text).expect("writes");
    let library = lib("carcassonne_watchtower");
    let out = host_run(&[
        "tiles".as_ref(),
        "check".as_ref(),
        file.as_os_str(),
        "--plugin".as_ref(),
        library.as_os_str(),
    ]);
    let report = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(report.contains("unknown key `colour`"), "{report}");
    // The caret sits under `colour` (six characters from the line's start).
    assert!(report.contains("| colour = \"red\"\n   | ^^^^^^\n"), "{report}");
}

#[test]
#[ignore = "slow suite: builds plugins with cargo; run: cargo test --workspace -- --ignored"]
fn a_plugin_built_in_the_other_mode_loads_with_a_notice() {
    // The example built in the mode this test binary was not.
    let release = cfg!(debug_assertions);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut build = Command::new(cargo);
    build
        .args(["build", "--quiet", "--manifest-path"])
        .arg(root().join("expansions/example-watchtower/Cargo.toml"))
        .arg("--target-dir")
        .arg(target_dir())
        .env_remove("RUSTFLAGS");
    if release {
        build.arg("--release");
    }
    assert!(build.status().expect("cargo runs").success());
    let library = target_dir()
        .join(if release { "release" } else { "debug" })
        .join(format!(
            "{}carcassonne_watchtower{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        ));
    let out = host_run(&["expansions".as_ref(), "--plugin".as_ref(), library.as_os_str()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let (theirs, ours) = if release {
        ("release build", "debug build")
    } else {
        ("debug build", "release build")
    };
    assert!(
        stderr.contains(&format!(
            "note: plugin {} is a {theirs}, this host a {ours}",
            library.display()
        )),
        "{stderr}"
    );
    // The same mode loads without one.
    let out = host_run(&[
        "expansions".as_ref(),
        "--plugin".as_ref(),
        lib("carcassonne_watchtower").as_os_str(),
    ]);
    assert!(out.status.success() && !String::from_utf8_lossy(&out.stderr).contains("note:"));
}
