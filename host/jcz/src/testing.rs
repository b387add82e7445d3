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
