//! The checks every expansion's `tests/jcz.rs` makes of its mapping,
//! written once: the sample save read, the mapping checked against the
//! engine's tiles, a save imported and its record read back as a record
//! file is, and the refusal without the expansion. Test helpers: each
//! panics with the report or the error when its check fails, as an
//! assertion does.

use crate::{check_mappings, import};
use carcassonne_core::{Catalog, GameRecord, TileSource};

/// The text of the sample save `name` in the `tests/samples/` folder of
/// the crate at `manifest_dir` (`env!("CARGO_MANIFEST_DIR")`).
///
/// # Panics
/// The file cannot be read.
pub fn sample(manifest_dir: &str, name: &str) -> String {
    let path = std::path::Path::new(manifest_dir).join("tests/samples").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Checks every mapping of `catalog` against `tiles` (the sets the
/// mappings name) and asserts that none has a problem and that the report
/// holds `summary`, the expansion's line (`"(watchtowers): 1 sets, 12
/// tiles, 1 elements, 0 rule options, 0 actions"`).
///
/// # Panics
/// A mapping does not check, or the report lacks `summary`.
pub fn assert_mapping_checks(catalog: &Catalog, tiles: &TileSource, summary: &str) {
    let report = check_mappings(catalog, tiles).unwrap_or_else(|e| panic!("the mappings do not load: {e}"));
    assert_eq!(report.problems, 0, "{}", report.text);
    assert!(report.text.contains(summary), "no `{summary}` in:\n{}", report.text);
}

/// The save `text` imported with `catalog` and `tiles`, its record written
/// as JSON and read back: what `carcassonne import-jcz` writes and a
/// replay reads.
///
/// # Panics
/// The save does not import, or its record does not read back.
pub fn import_record(text: &str, catalog: &Catalog, tiles: &TileSource) -> GameRecord {
    let imported = import(text, catalog, tiles).unwrap_or_else(|e| panic!("the save does not import: {e}"));
    GameRecord::from_json(&imported.record.to_json())
        .unwrap_or_else(|e| panic!("the imported record does not read back: {e}"))
}

/// The error importing `text` with no expansion at all gives: a save of an
/// expansion names what it needs.
///
/// # Panics
/// The save imports without any expansion.
pub fn refusal_without_expansions(text: &str) -> String {
    match import(text, &Catalog::default(), &TileSource::default()) {
        Ok(_) => panic!("the save imported without any expansion"),
        Err(e) => e.to_string(),
    }
}

/// Where [`fancloisterzone_saves`] looks for FanCloisterZone's repository
/// when `$FANCLOISTERZONE_MIRROR` is not set: a bare git directory.
pub const DEFAULT_FANCLOISTERZONE_MIRROR: &str = "/work/.mirror/fancarpedia+FanCloisterZone/repo";

/// FanCloisterZone's own engine tests under `paths` (folders ending in
/// `/`, or files) of a local mirror of its repository
/// (`$FANCLOISTERZONE_MIRROR`, a bare git directory, by default
/// [`DEFAULT_FANCLOISTERZONE_MIRROR`]), each as (file name, text); `None`
/// without a mirror, so a test skips. They are read where they are, never
/// copied into a crate: FanCloisterZone's saves are AGPL.
pub fn fancloisterzone_saves(paths: &[&str]) -> Option<Vec<(String, String)>> {
    let mirror = std::env::var("FANCLOISTERZONE_MIRROR").unwrap_or_else(|_| DEFAULT_FANCLOISTERZONE_MIRROR.into());
    let git = |args: &[&str]| -> Option<String> {
        let out = std::process::Command::new("git")
            .arg("--git-dir")
            .arg(&mirror)
            .args(args)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let mut found = Vec::new();
    for path in paths {
        let names = git(&["ls-tree", "-r", "--name-only", "HEAD", path])?;
        for n in names.lines().filter(|n| n.ends_with(".jcz")) {
            let name = n.rsplit('/').next()?.to_string();
            found.push((name, git(&["show", &format!("HEAD:{n}")])?));
        }
    }
    Some(found)
}

/// Scores by player name.
pub type Scores = Vec<(String, i32)>;

/// The scores an engine test's assertions state ("Ariel has 54 points.",
/// with or without the full stop)
/// and this engine's at the end of its replay, or why it was not imported.
///
/// # Errors
/// The text is not JSON, or the save does not import (the reason).
pub fn asserted_and_replayed(text: &str, catalog: &Catalog, tiles: &TileSource) -> Result<(Scores, Scores), String> {
    use carcassonne_core::serde_json::{self, Value};
    let save: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let asserted: Scores = save["test"]["assertions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| {
            let (name, rest) = a.as_str()?.split_once(" has ")?;
            // Some saves end the sentence without a full stop ("Bob has 17 points").
            let rest = rest.strip_suffix('.').unwrap_or(rest);
            let points = rest.strip_suffix(" points").or_else(|| rest.strip_suffix(" point"))?;
            Some((name.to_string(), points.parse().ok()?))
        })
        .collect();
    let imported = import(text, catalog, tiles).map_err(|e| e.to_string())?;
    let ours = save["players"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(seat, p)| Some((p["name"].as_str()?.to_string(), imported.game.state().score(seat as u8))))
        .collect();
    Ok((asserted, ours))
}

/// The names of the `saves` whose every stated score this engine
/// reproduces, in order; each save's scores (or why it was not replayed)
/// are printed, so a test's output says what the others lack.
// A test helper: the test's own output is where it reports each save.
#[allow(clippy::print_stderr)]
pub fn reproduced_saves(saves: &[(String, String)], catalog: &Catalog, tiles: &TileSource) -> Vec<String> {
    let mut reproduced = Vec::new();
    for (name, text) in saves {
        match asserted_and_replayed(text, catalog, tiles) {
            Ok((asserted, ours)) if !asserted.is_empty() => {
                eprintln!("{name}: FanCloisterZone {asserted:?}, here {ours:?}");
                if asserted.iter().all(|a| ours.contains(a)) {
                    reproduced.push(name.clone());
                }
            }
            Ok(_) => eprintln!("{name}: states no score"),
            Err(e) => eprintln!("{name}: not imported: {e}"),
        }
    }
    eprintln!("reproduced: {reproduced:?}");
    reproduced
}
