//! `carcassonne new-expansion`: the crate it writes builds, passes its own
//! test, loads as a plugin and plays a whole game; with `--linked` it becomes
//! a member of the checkout (no workspace of its own, the workspace's
//! dependencies, its tile file in `tiles/`, named in the setup library) and
//! its test passes there.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Shared with the plugin tests, so the dependencies are built once.
fn target_dir() -> PathBuf {
    root().join("target").join("test-plugins")
}

fn run(program: &str, args: &[&str], dir: &Path) -> Output {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .env_remove("RUSTFLAGS")
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{program} {args:?} failed\nstdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

fn host() -> &'static str {
    env!("CARGO_BIN_EXE_carcassonne")
}

#[test]
#[ignore = "slow suite: builds the new crate with cargo; run: cargo test --workspace -- --ignored"]
fn a_new_expansion_builds_passes_its_test_and_plays_as_a_plugin() {
    let work = target_dir().join("scaffold");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("creates");
    run(host(), &["new-expansion", "moonlit-meadows"], &work);
    let crate_dir = work.join("moonlit-meadows");
    for file in [
        "Cargo.toml",
        "moonlit-meadows.toml",
        "art/MM1.svg",
        "src/lib.rs",
        "tests/record.rs",
        "tests/random_games.rs",
        "README.md",
    ] {
        assert!(crate_dir.join(file).is_file(), "{file} not written");
    }
    // It depends on the engine's release by version; its
    // `.cargo/config.toml` patches that to this checkout (the engine is not
    // on crates.io yet; cargo reads the patch for `cargo package` too, which
    // a `[patch]` in Cargo.toml would not reach).
    let manifest = std::fs::read_to_string(crate_dir.join("Cargo.toml")).expect("manifest");
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        manifest.contains(&format!("carcassonne-core = \"={version}\"")),
        "{manifest}"
    );
    assert!(
        manifest.contains(&format!("carcassonne-testkit = \"={version}\"")),
        "{manifest}"
    );
    assert!(!manifest.contains("[patch"), "{manifest}");
    let config = std::fs::read_to_string(crate_dir.join(".cargo/config.toml")).expect("cargo configuration");
    let patch = &config[config.find("[patch.crates-io]").expect("patched to the checkout")..];
    let core = std::fs::canonicalize(root().join("core")).expect("core");
    assert!(
        patch.contains(&format!(
            "carcassonne-core = {{ path = {:?} }}",
            core.display().to_string()
        )),
        "{config}"
    );
    // Writing over an existing crate is refused.
    let again = Command::new(host())
        .args(["new-expansion", "moonlit-meadows"])
        .current_dir(&work)
        .output()
        .expect("runs");
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));

    let target = target_dir();
    let target = target.to_str().expect("UTF-8 path");
    run(&cargo(), &["test", "--quiet", "--target-dir", target], &crate_dir);
    run(&cargo(), &["build", "--quiet", "--target-dir", target], &crate_dir);
    let library = target_dir().join("debug").join(format!(
        "{}carcassonne_moonlit_meadows{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let library = library.to_str().expect("UTF-8 path");

    // Its tile file checks clean, with its attribute.
    run(
        host(),
        &[
            "tiles",
            "check",
            "moonlit-meadows/moonlit-meadows.toml",
            "--plugin",
            library,
        ],
        &work,
    );
    let out = run(
        host(),
        &[
            "play",
            "--seed",
            "2",
            "--json",
            "--expansions",
            "moonlit-meadows",
            "--variant",
            "moonlit-meadows.multiplier=2",
            "--plugin",
            library,
        ],
        &work,
    );
    let game: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(game["over"], true);
    let bonus: i64 = game["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| {
            p["breakdown"]["moonlit-meadows.bonus"]
                .as_i64()
                .expect("the expansion's source")
        })
        .sum();
    // Two bonus tiles of 2, doubled, whoever placed them (one may have
    // been discarded, fitting nowhere).
    assert!(bonus == 8 || bonus == 4, "bonus points {bonus} in {game}");

    // The first tile is drawn with its own picture (the scaffold's art).
    let pictures = work.join("pictures");
    run(
        host(),
        &[
            "tiles",
            "render",
            "moonlit-meadows",
            "--plugin",
            library,
            "--out",
            pictures.to_str().expect("UTF-8 path"),
        ],
        &work,
    );
    let drawn: Vec<String> = std::fs::read_dir(pictures.join("moonlit-meadows"))
        .expect("pictures written")
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "svg"))
        .map(|e| std::fs::read_to_string(e.path()).expect("reads"))
        .collect();
    assert!(
        drawn.iter().any(|svg| svg.contains("<image class=\"art\"")),
        "no tile drawn with its picture"
    );

    // A tile added to the plugin's own file is in the next game, without
    // rebuilding the plugin or pointing --tiles at the crate.
    run(
        host(),
        &[
            "tiles",
            "add",
            "moonlit-meadows/moonlit-meadows.toml",
            "--id",
            "MM-NEW",
            "--edges",
            "FFFF",
            "--count",
            "3",
            "--plugin",
            library,
        ],
        &work,
    );
    let listed = run(
        host(),
        &["tiles", "list", "moonlit-meadows", "--plugin", library],
        &work,
    );
    let listed = String::from_utf8_lossy(&listed.stdout);
    assert!(listed.contains("MM-NEW"), "the new tile is listed:\n{listed}");
}

/// `--crates-io` leaves the patch out; `--engine DIR` patches to that
/// checkout, and a directory that is not one is refused with nothing
/// written.
#[test]
fn a_new_plugin_crate_depends_on_the_release_or_a_named_checkout() {
    let work = target_dir().join("scaffold-sources");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("creates");
    let version = env!("CARGO_PKG_VERSION");

    run(host(), &["new-expansion", "released", "--crates-io"], &work);
    let manifest = std::fs::read_to_string(work.join("released/Cargo.toml")).expect("manifest");
    assert!(
        manifest.contains(&format!("carcassonne-core = \"={version}\"")),
        "{manifest}"
    );
    assert!(!manifest.contains("[patch"), "{manifest}");
    assert!(!manifest.contains("path ="), "{manifest}");
    assert!(!work.join("released/.cargo").exists(), "no patch at all");

    let root = std::fs::canonicalize(root()).expect("root");
    let root_arg = root.to_str().expect("UTF-8 path");
    run(host(), &["new-expansion", "patched", "--engine", root_arg], &work);
    let config = std::fs::read_to_string(work.join("patched/.cargo/config.toml")).expect("cargo configuration");
    let core = root.join("core").display().to_string();
    assert!(
        config.contains(&format!("[patch.crates-io]\ncarcassonne-core = {{ path = {core:?} }}")),
        "{config}"
    );
    let readme = std::fs::read_to_string(work.join("patched/README.md")).expect("README");
    assert!(readme.contains("Sharing your expansion"), "{readme}");

    let refused = Command::new(host())
        .args(["new-expansion", "nowhere", "--engine", "no-such-checkout"])
        .current_dir(&work)
        .output()
        .expect("runs");
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("is not a checkout of the engine"), "{stderr}");
    assert!(
        !work.join("nowhere").exists(),
        "nothing is written for a refused engine"
    );
}

/// Copies what a checkout is made of (not its build output).
fn copy_checkout(to: &Path) {
    fn copy_tree(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).expect("creates");
        for entry in std::fs::read_dir(from).expect("reads") {
            let entry = entry.expect("entry");
            if entry.file_name() == "target" {
                continue;
            }
            let target = to.join(entry.file_name());
            if entry.path().is_dir() {
                copy_tree(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), &target).expect("copies");
            }
        }
    }
    let root = root();
    for dir in ["core", "expansions", "host", "tiles"] {
        copy_tree(&root.join(dir), &to.join(dir));
    }
    for file in ["Cargo.toml", "Cargo.lock"] {
        std::fs::copy(root.join(file), to.join(file)).expect("copies");
    }
}

#[test]
#[ignore = "slow suite: builds the new crate with cargo; run: cargo test --workspace -- --ignored"]
fn a_linked_new_expansion_joins_the_workspace_and_the_host() {
    let checkout = target_dir().join("scaffold-checkout");
    let _ = std::fs::remove_dir_all(&checkout);
    copy_checkout(&checkout);
    run(host(), &["new-expansion", "moonlit-meadows", "--linked"], &checkout);

    let manifest = std::fs::read_to_string(checkout.join("expansions/moonlit-meadows/Cargo.toml")).expect("manifest");
    assert!(!manifest.contains("[workspace]"), "{manifest}");
    assert!(manifest.contains("carcassonne-core.workspace = true"), "{manifest}");
    assert!(checkout.join("tiles/moonlit-meadows.toml").is_file());
    assert!(
        checkout.join("tiles/art/MM1.svg").is_file(),
        "its tile picture beside the tile file"
    );
    let linked = std::fs::read_to_string(checkout.join("host/setup/src/linked.rs")).expect("linked.rs");
    assert!(linked.contains("use carcassonne_moonlit_meadows as _;"), "{linked}");
    // The new member on a line of its own, laid out as the others.
    let workspace = std::fs::read_to_string(checkout.join("Cargo.toml")).expect("workspace manifest");
    assert!(
        workspace.contains("\n    \"expansions/moonlit-meadows\",\n]")
            || workspace.contains("\n    \"expansions/moonlit-meadows\"\n]"),
        "{workspace}"
    );

    // The workspace is whole (no second root) and the setup library depends on it.
    let out = run(
        &cargo(),
        &["metadata", "--format-version", "1", "--no-deps", "--offline"],
        &checkout,
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let packages = meta["packages"].as_array().expect("packages");
    assert!(packages.iter().any(|p| p["name"] == "carcassonne-moonlit-meadows"));
    let setup = packages
        .iter()
        .find(|p| p["name"] == "carcassonne-setup")
        .expect("setup library");
    assert!(
        setup["dependencies"]
            .as_array()
            .expect("dependencies")
            .iter()
            .any(|d| d["name"] == "carcassonne-moonlit-meadows"),
        "{setup}"
    );
    // Its own test passes as a member, reading its tiles from tiles/.
    let target = target_dir();
    run(
        &cargo(),
        &[
            "test",
            "--quiet",
            "-p",
            "carcassonne-moonlit-meadows",
            "--target-dir",
            target.to_str().expect("UTF-8 path"),
        ],
        &checkout,
    );
}

/// What "Sharing your expansion" in the guide says, step by step: a new
/// crate with a dev-dependency on another of the engine's expansions (a
/// test that plays with Inns & Cathedrals) patched to the engine's
/// packaged crates, packed by `cargo package` (which builds the packed
/// crate alone), then the package unpacked elsewhere, patched the same way,
/// tested and built as a player would, and its plugin loaded into the host.
#[test]
#[ignore = "slow suite: packages the engine and builds the new crate from its package with cargo; run: cargo test --workspace -- --ignored"]
fn a_new_expansion_packages_and_builds_from_its_package_against_the_engine_packages() {
    let work = target_dir().join("publish");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("creates");
    let version = env!("CARGO_PKG_VERSION");
    // Its own id: the other tests build `moonlit-meadows` into the same target.
    run(host(), &["new-expansion", "sea-roads"], &work);
    let crate_dir = work.join("sea-roads");

    // A test that plays with another expansion, through a dev-dependency
    // on its crate, as an author adds one.
    let manifest_path = crate_dir.join("Cargo.toml");
    let manifest = std::fs::read_to_string(&manifest_path).expect("manifest");
    let testkit = format!("carcassonne-testkit = \"={version}\"\n");
    let manifest = manifest.replacen(
        &testkit,
        &format!("{testkit}carcassonne-inns-and-cathedrals = \"={version}\"\n"),
        1,
    );
    std::fs::write(&manifest_path, manifest).expect("writes");
    std::fs::write(
        crate_dir.join("tests/with_inns.rs"),
        "//! Sea Roads with Inns & Cathedrals keep the invariants of any game.\n\
         use carcassonne_core::GameConfig;\n\
         use carcassonne_testkit::{Kit, random_games};\n\n\
         #[test]\n\
         fn random_games_with_inns_and_cathedrals_keep_the_invariants() {\n\
         \x20   let kit = Kit::new(&carcassonne_sea_roads::SEA_ROADS, env!(\"CARGO_MANIFEST_DIR\"))\n\
         \x20       .with(&carcassonne_inns_and_cathedrals::INFO);\n\
         \x20   let mut config = GameConfig::with_players(3);\n\
         \x20   config.seed = 4;\n\
         \x20   config.expansions = vec![\"sea-roads\".into(), \"inns-and-cathedrals\".into()];\n\
         \x20   random_games(&kit, &config, 2);\n\
         }\n",
    )
    .expect("writes");

    // The engine's crates as crates.io will serve them.
    let packages = root().join("target/engine-packages");
    let out = run(host(), &["use-engine", "--packaged"], &crate_dir);
    let said = String::from_utf8_lossy(&out.stdout);
    let config = std::fs::read_to_string(crate_dir.join(".cargo/config.toml")).expect("configuration");
    for name in [
        "carcassonne-core",
        "carcassonne-testkit",
        "carcassonne-inns-and-cathedrals",
    ] {
        assert!(said.contains(name), "{said}");
        let unpacked = std::fs::canonicalize(&packages)
            .expect("packages")
            .join(format!("{name}-{version}"));
        assert!(unpacked.join("Cargo.toml").is_file(), "{name} unpacked");
        assert!(
            config.contains(&format!("{name} = {{ path = {:?} }}", unpacked.display().to_string())),
            "{config}"
        );
    }
    assert!(
        !config.contains("carcassonne-bots"),
        "a dev-dependency's dev-dependencies are not patched (an unused patch warns): {config}"
    );

    // Packed, and the pack built alone against those packages.
    let target = target_dir();
    let target = target.to_str().expect("UTF-8 path");
    run(&cargo(), &["package", "--quiet", "--target-dir", target], &crate_dir);
    let file = target_dir().join("package/carcassonne-sea-roads-0.1.0.crate");
    assert!(file.is_file(), "{} packed", file.display());
    // What it carries: the tile file and its art, not the patch.
    let listed = run("tar", &["tzf", file.to_str().expect("UTF-8 path")], &work);
    let listed = String::from_utf8_lossy(&listed.stdout);
    for packed in ["sea-roads.toml", "art/SR1.svg", "tests/with_inns.rs", "Cargo.lock"] {
        assert!(
            listed.contains(&format!("carcassonne-sea-roads-0.1.0/{packed}\n")),
            "{packed} packed:\n{listed}"
        );
    }
    assert!(!listed.contains(".cargo/"), "{listed}");

    // Somewhere else, as a player who has the package: unpacked, patched to
    // the engine's packages, tested, built, and loaded into the host.
    // Outside the checkout: the packed manifest has no `[workspace]`, so
    // under the engine's directory cargo would take it for a member.
    let elsewhere = std::env::temp_dir().join(format!("carcassonne-publish-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&elsewhere);
    std::fs::create_dir_all(&elsewhere).expect("creates");
    run(
        "tar",
        &[
            "xzf",
            file.to_str().expect("UTF-8 path"),
            "-C",
            elsewhere.to_str().expect("UTF-8 path"),
        ],
        &work,
    );
    let unpacked = elsewhere.join("carcassonne-sea-roads-0.1.0");
    let packed_manifest = std::fs::read_to_string(unpacked.join("Cargo.toml")).expect("manifest");
    // By version only, as crates.io serves it: no patch, no engine path.
    assert!(
        packed_manifest.contains(&format!("[dependencies.carcassonne-core]\nversion = \"={version}\"")),
        "{packed_manifest}"
    );
    assert!(
        !packed_manifest.contains("[patch") && !packed_manifest.contains("engine-packages"),
        "{packed_manifest}"
    );
    run(host(), &["use-engine", "--packaged"], &unpacked);
    run(&cargo(), &["test", "--quiet", "--target-dir", target], &unpacked);
    run(&cargo(), &["build", "--quiet", "--target-dir", target], &unpacked);
    let library = target_dir().join("debug").join(format!(
        "{}carcassonne_sea_roads{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    let out = run(
        host(),
        &[
            "play",
            "--seed",
            "2",
            "--json",
            "--expansions",
            "sea-roads,inns-and-cathedrals",
            "--plugin",
            library.to_str().expect("UTF-8 path"),
        ],
        &work,
    );
    let game: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(game["over"], true);
    assert!(
        game["players"][0]["breakdown"].get("sea-roads.bonus").is_some(),
        "{game}"
    );
    std::fs::remove_dir_all(&elsewhere).expect("removes the unpacked copy");
}
