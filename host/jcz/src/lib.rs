//! carcassonne-jcz: imports JCloisterZone (JCZ) saved games (`.jcz`, 5.x
//! and the older 4.x format) as game records of this engine
//! (`docs/records.md`), so that `carcassonne replay` shows the scores JCZ
//! showed.
//!
//! The import plays the save in this engine as it converts it: every JCZ
//! action becomes the record's moves only once the engine has accepted
//! them, so a save this engine would play differently is refused at the
//! action where the two part, never approximated. What the engine cannot
//! express (a tile set, element, rule option or action it lacks) is refused
//! by name.
//!
//! What JCZ's names mean is data, not code: the base game's mapping
//! (`host/jcz/jcz.toml`) and each expansion's own (`ExpansionInfo::jcz`,
//! its crate's `jcz.toml`), read for every expansion of the catalog, linked
//! or plugin ([`mapping`]). `docs/import-jcz.md` describes the schema.
//!
//! ```
//! use carcassonne_core::{Catalog, TileSource};
//! let save = r#"{
//!   "appVersion": "5.7.0",
//!   "setup": { "sets": {"basic:1": 1}, "elements": {"small-follower": 7, "farmers": true},
//!              "rules": {}, "start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}] },
//!   "players": [{"name": "Alice", "slot": 0}, {"name": "Bob", "slot": 1}],
//!   "replay": [
//!     {"type": "PLACE_TILE", "payload": {"tileId": "BA/C", "rotation": "R180", "position": [0, -1]}, "player": 0},
//!     {"type": "PASS", "payload": {}, "player": 0},
//!     {"type": "COMMIT", "payload": {"random": 0.0}, "player": 0}
//!   ],
//!   "gameAnnotations": {"drawOrder": ["BA/C"], "endTurn": 1}
//! }"#;
//! let imported = carcassonne_jcz::import(save, &Catalog::default(), &TileSource::default())?;
//! assert_eq!(imported.record.config.draw_order.as_deref(), Some(&["E".to_string()][..]));
//! assert_eq!(imported.record.moves.len(), 2); // place, pass
//! # Ok::<_, carcassonne_jcz::JczError>(())
//! ```

#![warn(clippy::print_stdout, clippy::print_stderr)]

mod config;
mod legacy;
pub mod location;
pub mod mapping;
mod replay;
pub mod save;
pub mod testing;
pub mod tile_table;

use carcassonne_core::diagnostic::Diagnostics;
use carcassonne_core::{Catalog, Game, GameRecord, Rules, TileSet, TileSource};
use std::sync::Arc;

pub use mapping::{Mapping, Mappings};

/// Why a save could not be imported. Every message names the place in the
/// save (a key of `setup`, or the replay action by number and type).
#[derive(Debug, thiserror::Error)]
pub enum JczError {
    /// Not JSON, truncated, or not shaped like a JCZ save.
    #[error("not a JCZ saved game: {0}")]
    Malformed(String),
    /// A mapping of the catalog (the base game's or an expansion's) has
    /// problems: each with its file, line and column.
    #[error("the JCZ mappings have problems:\n{0}")]
    Mapping(Diagnostics),
    /// Something this engine has no counterpart for.
    #[error("this engine cannot express {what}, so the save cannot be imported without changing the game")]
    Unsupported {
        /// What, and where in the save.
        what: String,
    },
    /// A tile id the tile table does not know.
    #[error("{place}: unknown JCZ tile id `{id}`; this importer knows the tiles of the JCZ sets {sets}")]
    UnknownTile {
        /// Where in the save.
        place: String,
        /// The id.
        id: String,
        /// The sets the table covers.
        sets: String,
    },
    /// A value in the save that is not what JCZ writes there.
    #[error("{place}: {message}")]
    Invalid {
        /// Where in the save.
        place: String,
        /// What is wrong.
        message: String,
    },
    /// The configuration the save sets up is refused by the engine.
    #[error("the game the save sets up cannot be made: {0}")]
    Setup(String),
    /// An action the engine refuses where it stands.
    #[error("{place}: not legal here: {message}")]
    Illegal {
        /// The action, by number and type.
        place: String,
        /// The engine's reason.
        message: String,
    },
}

/// A converted save.
#[derive(Debug)]
pub struct Imported {
    /// The record: the configuration and every move.
    pub record: GameRecord,
    /// The game after the last move (the scores JCZ showed).
    pub game: Game,
    /// Facts worth telling the user (a game saved before its end, …).
    pub notes: Vec<String>,
}

/// Converts the text of a JCZ saved game (5.x, or 4.x) into a record of
/// this engine, with the expansions of `catalog` (and their JCZ mappings)
/// and the tile files of `tiles`.
///
/// # Errors
/// [`JczError`] naming the key or replay action that cannot be converted.
pub fn import(text: &str, catalog: &Catalog, tiles: &TileSource) -> Result<Imported, JczError> {
    let value: serde_json::Value = serde_json::from_str(text.trim_start_matches('\u{feff}')).map_err(|e| {
        JczError::Malformed(if e.is_eof() {
            format!(
                "the text ends at line {} column {} (is the file truncated?)",
                e.line(),
                e.column()
            )
        } else {
            e.to_string()
        })
    })?;
    // A key given twice would be read as its last value without a word.
    carcassonne_core::record::reject_duplicate_keys(text.trim_start_matches('\u{feff}'))
        .map_err(|e| JczError::Malformed(e.to_string()))?;
    let mappings = Mappings::of_catalog(catalog).map_err(JczError::Mapping)?;
    let mut notes = Vec::new();
    let save: save::Save = if let Some(marker) = save::legacy_marker(&value) {
        notes.push(format!(
            "a JCZ 4.x save (it has {marker}): read as JCZ 5 would describe the same game"
        ));
        legacy::convert(&value, &mappings)?
    } else {
        serde_json::from_value(value).map_err(|e| JczError::Malformed(e.to_string()))?
    };
    let plan = config::plan(&save, catalog, &mappings, tiles)?;
    notes.extend(plan.notes);
    let rules = Rules::new(catalog, &plan.config, tiles).map_err(|e| JczError::Setup(e.to_string()))?;
    let rules = Arc::new(rules);
    let game = Game::new(rules.clone()).map_err(|e| JczError::Setup(e.to_string()))?;
    let mut record = GameRecord::of_rules(&rules);
    let converted = replay::convert(&save, &mappings, &plan.sets, game, plan.board_turn, plan.finished)?;
    record.moves = converted.moves;
    notes.extend(converted.notes);
    let game = converted.game;
    if plan.finished && !game.is_over() {
        return Err(JczError::Invalid {
            place: "the end of the replay".into(),
            message: "JCZ's game is over there (its last tile is placed), but this engine's game goes on".into(),
        });
    }
    Ok(Imported { record, game, notes })
}

/// The report of [`check_mappings`].
#[derive(Debug)]
pub struct MappingReport {
    /// One line per mapping read (`ok: …`), then each problem with a caret
    /// under it.
    pub text: String,
    /// How many problems.
    pub problems: usize,
}

/// Checks the JCZ mapping of every expansion of `catalog` and the base
/// game's: each file alone, against the catalog's declarations, against
/// each other, and each `[[tile]]` against this engine's tile of that name
/// (loaded from `tiles`). What `carcassonne import-jcz --check-mappings`
/// prints.
///
/// # Errors
/// A tile file that cannot be read or loaded.
pub fn check_mappings(catalog: &Catalog, tiles: &TileSource) -> Result<MappingReport, JczError> {
    let mut sources: Vec<(String, String)> = vec![(
        mapping::BASE_MAPPING_NAME.to_string(),
        mapping::BASE_MAPPING.to_string(),
    )];
    let mut parsed = Vec::new();
    let mut problems = Vec::new();
    match Mappings::base() {
        Ok(m) => parsed.push(m),
        Err(d) => problems.extend(d.0),
    }
    for info in catalog.all() {
        let Some(file) = info.jcz else { continue };
        let (name, text) = mapping::read_data_file(&file);
        sources.push((name.clone(), text.clone()));
        match Mapping::parse(info.id, &name, &text) {
            Ok(m) => parsed.push(m),
            Err(d) => problems.extend(d.0),
        }
    }
    let mappings = Mappings { list: parsed };
    problems.extend(mappings.problems(catalog));
    let sets = engine_sets(catalog, tiles)?;
    problems.extend(tile_table::mismatches(&mappings, &sets, catalog.landscape()));
    let mut text = String::new();
    for (name, _) in &sources {
        let n = problems.iter().filter(|d| d.file == *name).count();
        match mappings.list.iter().find(|m| m.file == *name) {
            Some(m) if n == 0 => text.push_str(&format!(
                "ok: {name} ({}): {} sets, {} tiles, {} elements, {} rule options, {} actions\n",
                m.owner,
                m.sets.len(),
                m.tiles.len(),
                m.elements.len(),
                m.rules.len(),
                m.actions.len()
            )),
            _ => text.push_str(&format!("{n} problem{}: {name}\n", if n == 1 { "" } else { "s" })),
        }
    }
    for d in &problems {
        let source = sources
            .iter()
            .find(|(name, _)| *name == d.file)
            .map_or("", |(_, t)| t.as_str());
        text.push_str(&d.render(source));
        text.push('\n');
    }
    Ok(MappingReport {
        text,
        problems: problems.len(),
    })
}

/// The base game's tile set and every tile set of the catalog's expansions.
///
/// # Errors
/// A tile file that cannot be read or loaded.
pub fn engine_sets(catalog: &Catalog, tiles: &TileSource) -> Result<Vec<TileSet>, JczError> {
    let setup = |e: String| JczError::Setup(e);
    let mut sets = vec![
        tiles
            .load("base.toml", carcassonne_core::rules::BASE_TILES, catalog)
            .map_err(|e| setup(e.to_string()))?,
    ];
    for info in catalog.all() {
        for f in info.tile_files {
            sets.push(tiles.load_file(f, catalog).map_err(|e| setup(e.to_string()))?);
        }
    }
    Ok(sets)
}
