//! The parts of a JCZ 5.x saved game the importer reads (a 4.x save is
//! read into the same shape first).

use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// A saved game (`.jcz`): one JSON object. Keys the importer does not need
/// (`initialRandom`, `test`, clocks …) are skipped.
#[derive(Debug, Deserialize)]
pub struct Save {
    /// JCZ's version (`"5.7.0"`).
    #[serde(rename = "appVersion", default)]
    pub app_version: Option<String>,
    /// Sets, elements, rules, start tiles.
    pub setup: Setup,
    /// The seats in turn order.
    pub players: Vec<Player>,
    /// Every action, in order.
    #[serde(default)]
    pub replay: Vec<ReplayAction>,
    /// Forced draws (scenario files).
    #[serde(rename = "gameAnnotations", default)]
    pub annotations: Option<Annotations>,
}

/// `setup`.
#[derive(Debug, Deserialize)]
pub struct Setup {
    /// Tile set (`basic:1`) → copies.
    pub sets: BTreeMap<String, i64>,
    /// Element → its value; an element is on whenever its key is present.
    #[serde(default)]
    pub elements: BTreeMap<String, Value>,
    /// Rule option → value.
    #[serde(default)]
    pub rules: BTreeMap<String, Value>,
    /// Start tiles.
    #[serde(default)]
    pub start: Option<Vec<StartTile>>,
}

/// One start tile.
#[derive(Debug, Deserialize)]
pub struct StartTile {
    /// JCZ tile id.
    pub tile: String,
    /// Column.
    pub x: i64,
    /// Row (growing south).
    pub y: i64,
    /// Quarter turns or degrees or `R90`.
    #[serde(default)]
    pub rotation: Value,
}

/// One seat.
#[derive(Debug, Deserialize)]
pub struct Player {
    /// The player's name.
    pub name: String,
}

/// One action of `replay`.
#[derive(Debug, Deserialize)]
pub struct ReplayAction {
    /// `PLACE_TILE`, `DEPLOY_MEEPLE`, `PASS`, `COMMIT` …
    #[serde(rename = "type")]
    pub kind: String,
    /// The action's fields, under `payload`.
    #[serde(default)]
    pub payload: Value,
    /// The acting seat, when the save says.
    #[serde(default)]
    pub player: Option<u64>,
    /// The other keys: some writers put the fields beside `type` rather
    /// than under `payload`.
    #[serde(flatten)]
    pub rest: serde_json::Map<String, Value>,
}

impl ReplayAction {
    /// The action's fields: `payload`, or the keys beside `type` when there
    /// is no payload.
    pub fn fields(&self) -> Value {
        match &self.payload {
            Value::Object(_) => self.payload.clone(),
            _ => Value::Object(self.rest.clone()),
        }
    }
}

/// `gameAnnotations`.
#[derive(Debug, Default, Deserialize)]
pub struct Annotations {
    /// Tile ids drawn in this order.
    #[serde(rename = "drawOrder", default)]
    pub draw_order: Option<Vec<String>>,
    /// The bag looks empty after this many draws.
    #[serde(rename = "endTurn", default)]
    pub end_turn: Option<usize>,
}

/// What makes a file a JCZ 4.x save rather than a 5.x one, if it is one:
/// the importer then reads it as the 5.x save of the same game.
pub fn legacy_marker(value: &Value) -> Option<&'static str> {
    if value.get("slots").is_some() {
        Some("`slots`")
    } else if value.pointer("/setup/expansions").is_some() {
        Some("`setup.expansions`")
    } else if value.pointer("/annotations/tilePack").is_some() {
        Some("`annotations.tilePack`")
    } else {
        None
    }
}
