//! The game configuration: players, seed, expansions with their variants
//! and parts, figures per player and the tile mix.
//! The same structure is read from TOML files and stored in game records.

use crate::values::Value;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerConfig {
    /// Shown in logs and score tables.
    pub name: String,
    /// A bot that plays this seat (`"random"`, `"greedy"`, `"mcts"`, `"mcts:N"` …:
    /// the names the `carcassonne-bots` crate accepts), or none for a person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

/// Everything that decides a game besides the players' decisions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameConfig {
    /// The seats, in turn order (1 to 6; one for a solo game).
    #[serde(default)]
    pub players: Vec<PlayerConfig>,
    /// Seed of the game's RNG.
    #[serde(default)]
    pub seed: u64,
    /// Expansions whose rules and tiles are on, by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expansions: Vec<String>,
    /// Expansions whose tiles are shuffled in with their rules off.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiles_only: Vec<String>,
    /// Rule variants: expansion id → variant name → value (a word, a whole
    /// number or true/false, as the variant declares).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub variants: BTreeMap<String, BTreeMap<String, Value>>,
    /// Parts of expansions switched on or off (the `[parts]` table):
    /// expansion id → part id → on. A part left out is on; an expansion
    /// named here must be on, and keep one part on at least.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub parts: BTreeMap<String, BTreeMap<String, bool>>,
    /// Whether a player may take back their last decision while the next
    /// player has not acted (honoured by `carcassonne serve`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub undo: bool,
    /// Dynamic expansion libraries to load, or directories of them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plugins: Vec<String>,
    /// A fixed draw order of tile ids instead of random draws; the game ends
    /// when it runs out. For hand-written scenarios.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_order: Option<Vec<String>>,
    /// Figures per player, by figure id (the `[figures]` table):
    /// `follower = 5`, `big-follower = 2`, `barn = 0` … A figure left out
    /// keeps the count its declaration gives; 0 takes it out of the game.
    /// Only figures of the core and of expansions whose rules are on. Signed
    /// so that a negative count reaches `Rules::new`, which refuses it
    /// naming the figure.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub figures: BTreeMap<String, i64>,
    /// Which tiles go into the bag (the `[tiles]` table): set multiplicities,
    /// per-tile counts and extra tile files. Empty means every set of the
    /// game once, with the counts its file gives.
    #[serde(default, skip_serializing_if = "TilesConfig::is_empty")]
    pub tiles: TilesConfig,
}

/// The tile mix of a game: the `[tiles]` table of a configuration.
///
/// Counts are signed so that a negative one reaches `Rules::new`, which
/// refuses it with a message naming the key, rather than failing in serde
/// with a less helpful one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TilesConfig {
    /// Set id → how many copies of the set go into the bag (default 1; 0
    /// leaves the set's tiles out). Any set of the game: base, an enabled or
    /// tiles-only expansion's, or one from `files`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sets: BTreeMap<String, i64>,
    /// Tile id → how many copies are in the game in all, whatever the set
    /// multiplicity (0 removes the tile).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub counts: BTreeMap<String, i64>,
    /// Extra tile files whose tiles are shuffled in. A path is read as
    /// given (relative to the working directory); the host resolves paths of
    /// a configuration file against that file's directory before the game is
    /// built, and records keep the resolved path.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
}

impl TilesConfig {
    /// Whether the table changes nothing (it is then left out of records).
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty() && self.counts.is_empty() && self.files.is_empty()
    }
}

impl GameConfig {
    /// `n` players named "Player 1" … with no bots, seed 0, base game only.
    pub fn with_players(n: usize) -> Self {
        GameConfig {
            players: (1..=n)
                .map(|i| PlayerConfig {
                    name: format!("Player {i}"),
                    bot: None,
                })
                .collect(),
            seed: 0,
            expansions: Vec::new(),
            tiles_only: Vec::new(),
            variants: BTreeMap::new(),
            parts: BTreeMap::new(),
            undo: false,
            plugins: Vec::new(),
            draw_order: None,
            figures: BTreeMap::new(),
            tiles: TilesConfig::default(),
        }
    }
}
