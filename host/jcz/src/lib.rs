//! carcassonne-jcz: imports JCloisterZone (JCZ) 5.x saved games (`.jcz`)
//! as game records of this engine (`docs/records.md`), so that
//! `carcassonne replay` shows the scores JCZ showed.
//!
//! The import plays the save in this engine as it converts it: every JCZ
//! action becomes the record's moves only once the engine has accepted
//! them, so a save this engine would play differently is refused at the
//! action where the two part, never approximated. What the engine cannot
//! express (a tile set, element, rule option or action it lacks) is refused
//! by name. `docs/import-jcz.md` describes the mapping.
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
pub mod location;
mod replay;
pub mod save;
pub mod tile_table;

use carcassonne_core::{Catalog, Game, GameRecord, Rules, TileSource};
use std::sync::Arc;

pub use tile_table::TileTable;

/// Why a save could not be imported. Every message names the place in the
/// save (a key of `setup`, or the replay action by number and type).
#[derive(Debug, thiserror::Error)]
pub enum JczError {
    /// Not JSON, truncated, or not shaped like a JCZ 5.x save.
    #[error("not a JCZ saved game: {0}")]
    Malformed(String),
    /// A JCZ 4.x save.
    #[error(
        "this is a JCZ 4.x saved game (it has {0}); only JCZ 5.x saves are read: open it in JCZ 5 and save it again"
    )]
    Legacy(&'static str),
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

/// Converts the text of a JCZ 5.x saved game into a record of this engine,
/// with the expansions of `catalog` and the tile files of `tiles`.
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
    if let Some(marker) = save::legacy_marker(&value) {
        return Err(JczError::Legacy(marker));
    }
    // A key given twice would be read as its last value without a word.
    carcassonne_core::record::reject_duplicate_keys(text.trim_start_matches('\u{feff}'))
        .map_err(|e| JczError::Malformed(e.to_string()))?;
    let save: save::Save = serde_json::from_value(value).map_err(|e| JczError::Malformed(e.to_string()))?;
    let table = TileTable::shipped();
    let plan = config::plan(&save, catalog, table)?;
    let rules = Rules::new(catalog, &plan.config, tiles).map_err(|e| JczError::Setup(e.to_string()))?;
    let rules = Arc::new(rules);
    let game = Game::new(rules.clone()).map_err(|e| JczError::Setup(e.to_string()))?;
    let mut record = GameRecord::of_rules(&rules);
    let (game, moves) = replay::convert(&save, table, game, plan.board_turn)?;
    record.moves = moves;
    if plan.finished && !game.is_over() {
        return Err(JczError::Invalid {
            place: "the end of the replay".into(),
            message: "JCZ's game is over there (its last tile is placed), but this engine's game goes on".into(),
        });
    }
    Ok(Imported {
        record,
        game,
        notes: plan.notes,
    })
}
