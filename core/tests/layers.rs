//! The core's modules depend one way: each uses only modules listed before it
//! in [`LAYERS`]. This reads every `crate::…` path in `core/src` (comments
//! left out) and fails on an edge pointing up the list, which every import
//! cycle has. A new module goes into the list where what it reads sits below
//! it (docs/architecture.md shows the map).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Bottom first: a module may use any module before it, none after.
const LAYERS: &[&str] = &[
    "values",
    "geometry",
    "rng",
    "config",
    "diagnostic",
    "text_file",
    "tiles",
    "words",
    "features",
    "board",
    "figures",
    "events",
    "tables",
    "state",
    "after_placement",
    "ranges",
    "expansion",
    "base_game",
    "registry",
    "plugin",
    "rules",
    "game",
    "record",
    "playout",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("core/src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `core/src` belongs to (`game/moves.rs` is
/// `game`), or `None` for the crate root.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).expect("a file under core/src");
    let first = rel.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (name != "lib").then(|| name.to_string())
}

/// The code of a file without its comments (doc links name modules without
/// using them).
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(|line| line.split("//").next().unwrap_or(""))
}

/// The names the crate root re-exports, by the module they come from
/// (`pub use tiles::{EdgeKind, …}` makes `crate::EdgeKind` a use of `tiles`).
fn root_reexports(lib: &str, modules: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut by_name = BTreeMap::new();
    let code: String = code_lines(lib).collect::<Vec<_>>().join(" ");
    for item in code.split(';') {
        let Some(rest) = item.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, names)) = rest.split_once("::") else {
            continue;
        };
        if !modules.contains(module) {
            continue;
        }
        for name in names.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if !name.is_empty() {
                by_name.insert(name.to_string(), module.to_string());
            }
        }
    }
    by_name
}

/// Every `crate::NAME` in `code`, NAME resolved to the module it means.
fn used_modules(code: &str, modules: &BTreeSet<String>, reexports: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        if code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue; // `other_crate::`
        }
        let name: String = code[i + "crate::".len()..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if modules.contains(&name) {
            used.insert(name);
        } else if let Some(module) = reexports.get(&name) {
            used.insert(module.clone());
        }
    }
    used
}

/// Every edge between the core's top-level modules: (user, used).
fn edges() -> BTreeSet<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(&src, f)).collect();
    let lib = fs::read_to_string(src.join("lib.rs")).expect("core/src/lib.rs is readable");
    let reexports = root_reexports(&lib, &modules);
    let mut edges = BTreeSet::new();
    for file in &files {
        let Some(user) = module_of(&src, file) else {
            continue;
        };
        let text = fs::read_to_string(file).expect("a readable source file");
        let code: String = code_lines(&text).collect::<Vec<_>>().join("\n");
        for used in used_modules(&code, &modules, &reexports) {
            if used != user {
                edges.insert((user.clone(), used));
            }
        }
    }
    edges
}

fn layer(module: &str) -> usize {
    LAYERS
        .iter()
        .position(|m| *m == module)
        .unwrap_or_else(|| panic!("module `{module}` is not in LAYERS: put it above every module it uses"))
}

/// The edges that point up [`LAYERS`], described.
fn upward(edges: &BTreeSet<(String, String)>) -> Vec<String> {
    edges
        .iter()
        .filter(|(user, used)| layer(used) > layer(user))
        .map(|(user, used)| format!("`{user}` uses `{used}`, which sits above it"))
        .collect()
}

#[test]
fn every_module_uses_only_modules_below_it() {
    let upward = upward(&edges());
    assert!(
        upward.is_empty(),
        "the core's modules must depend one way (tests/layers.rs):\n{}",
        upward.join("\n")
    );
}

#[test]
fn the_reader_finds_uses_paths_and_root_names() {
    let modules: BTreeSet<String> = ["state", "rules", "tiles", "geometry"].map(String::from).into();
    let lib = "pub mod tiles;\n// pub use rules::Hidden;\npub use tiles::{EdgeKind, FeatureKind};";
    let reexports = root_reexports(lib, &modules);
    let code = "use crate::rules::Rules;\nlet e = crate::EdgeKind::WALL;\nlet x = other_crate::geometry::Pos;\n";
    let used = used_modules(code, &modules, &reexports);
    assert_eq!(used, ["rules", "tiles"].map(String::from).into());
    // An edge up the list is refused; one down it is not.
    let up: BTreeSet<(String, String)> = [("state".to_string(), "rules".to_string())].into();
    assert_eq!(upward(&up), ["`state` uses `rules`, which sits above it"]);
    let down: BTreeSet<(String, String)> = [("rules".to_string(), "state".to_string())].into();
    assert!(upward(&down).is_empty());
}
