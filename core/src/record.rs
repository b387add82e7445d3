//! Game records: the configuration plus every decision, in a JSON form
//! people can write by hand (tiles by id, positions as `[x, y]`, rotations
//! in degrees, features by stable names; see `docs/records.md`).

use crate::config::GameConfig;
use crate::expansion::Deployment;
use crate::figures::{CORNER_NAMES, Spot};
use crate::game::{Action, Game, IllegalAction, PlayError, RefusalKind};
use crate::geometry::{Pos, Rotation};
use crate::registry::Catalog;
use crate::rules::{Rules, SetupError, TileSource};
use crate::state::CoreState;
use crate::values::Value;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::Arc;

/// The record format this engine writes.
pub const RECORD_FORMAT: u32 = 1;

/// The oldest record format this engine reads. Format 1 is the first there
/// was; a record of an older format is refused, never guessed at.
pub const OLDEST_RECORD_FORMAT: u32 = 1;

/// The engine version a record that names none (no `engine`, or an empty
/// one) is read as: 0.1.0, the last version whose records did not state
/// every variant. Hand-written records of that time left `engine` out; a
/// record's meaning must not depend on the engine that reads it, so they
/// keep the defaults they were written for.
pub const UNNAMED_ENGINE: &str = "0.1.0";

/// This engine's version, as records name it (`engine`).
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// One decision as written in a record.
///
/// A `place` or `deploy` object with a misspelt key or a bad value does not
/// read as that move; it is kept as an [`Move::Expansion`] and replaying it
/// explains what is wrong (see [`Game::action_from_move`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Move {
    /// Place the drawn tile.
    Place {
        /// The drawn tile's id; checked when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tile: Option<String>,
        /// Where.
        at: Pos,
        /// Degrees clockwise (0, 90, 180, 270).
        #[serde(default)]
        rotation: Rotation,
    },
    /// Deploy a figure.
    Deploy {
        /// Figure id; a follower when left out.
        #[serde(default = "follower", skip_serializing_if = "is_follower")]
        figure: String,
        /// The tile; the one just placed when left out.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<Pos>,
        /// The feature, by a stable name such as `city:N` or `field:NW`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        feature: Option<String>,
        /// A corner (`NW`, `NE`, `SE`, `SW`) for figures that stand on corners.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        corner: Option<String>,
        /// Any other spot: `"tile"`, on the tile itself (a fairy).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        spot: Option<String>,
    },
    /// Deploy nothing.
    Pass,
    /// Take a figure back instead of deploying (a figure whose declaration
    /// allows it, such as the abbot): `{"recall": {"figure": "abbot", "at":
    /// [1, 2], "feature": "garden"}}`.
    Recall {
        /// Figure id.
        figure: String,
        /// The tile it stands on.
        at: Pos,
        /// The feature it stands on, by a stable name.
        feature: String,
    },
    /// An expansion's decision: `{"<expansion id>": <its action>}`.
    #[serde(untagged)]
    Expansion(BTreeMap<String, serde_json::Value>),
}

fn follower() -> String {
    "follower".into()
}

/// The core moves alone, without the expansion fallback of [`Move`]: reading
/// a malformed `place` or `deploy` through it says what is wrong with it.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[allow(dead_code)]
enum CoreMove {
    Place {
        tile: Option<String>,
        at: Pos,
        #[serde(default)]
        rotation: Rotation,
    },
    Deploy {
        #[serde(default = "follower")]
        figure: String,
        at: Option<Pos>,
        feature: Option<String>,
        corner: Option<String>,
        spot: Option<String>,
    },
    Recall {
        figure: String,
        at: Pos,
        feature: String,
    },
}

/// Why `{id: value}` does not read as a core move, if `id` names one.
fn core_move_error(id: &str, value: &serde_json::Value) -> Option<String> {
    match id {
        "pass" => Some("malformed `pass` move: write it as the string \"pass\"".into()),
        "place" | "deploy" | "recall" => {
            let why = match serde_json::from_value::<CoreMove>(serde_json::json!({ id: value })) {
                Err(e) => e.to_string(),
                Ok(_) => "it does not read as one".into(),
            };
            Some(format!("malformed `{id}` move: {why}"))
        }
        _ => None,
    }
}

/// A JSON error as a message, saying plainly when the text stops early.
fn json_error(e: &serde_json::Error) -> String {
    if e.is_eof() {
        format!(
            "the text ends in the middle of the record at line {} column {} (is the file truncated?)",
            e.line(),
            e.column()
        )
    } else {
        e.to_string()
    }
}

fn is_follower(s: &str) -> bool {
    s == "follower"
}

/// Refuses JSON `text` in which an object names a key twice: serde_json
/// keeps the last of them, so such a text could read one way in one
/// program and another way in the next. The error names the key, with its
/// line and column. Records are checked so ([`GameRecord::from_json`]);
/// importers of other formats may check their input the same way.
///
/// # Errors
/// The first duplicated key, or the text's JSON syntax error.
pub fn reject_duplicate_keys(text: &str) -> Result<(), serde_json::Error> {
    serde_json::from_str::<NoDuplicateKeys>(text).map(|_| ())
}

/// Walks a JSON document and refuses an object that names a key twice.
/// serde_json keeps the last of them where a struct would refuse them, so a
/// move such as `{"place": {"at": [1, 0], "at": [2, 0]}}` could read one
/// way here and another way once written back: a record must not be
/// ambiguous.
struct NoDuplicateKeys;

impl<'de> Deserialize<'de> for NoDuplicateKeys {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(NoDuplicateKeys)
    }
}

impl<'de> serde::de::Visitor<'de> for NoDuplicateKeys {
    type Value = NoDuplicateKeys;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Self, E> {
        Ok(self)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Self, E> {
        Ok(self)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Self, E> {
        Ok(self)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Self, E> {
        Ok(self)
    }

    fn visit_str<E>(self, _: &str) -> Result<Self, E> {
        Ok(self)
    }

    fn visit_unit<E>(self) -> Result<Self, E> {
        Ok(self)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self, A::Error> {
        while seq.next_element::<NoDuplicateKeys>()?.is_some() {}
        Ok(self)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self, A::Error> {
        let mut keys = std::collections::BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if keys.contains(&key) {
                return Err(serde::de::Error::custom(format!("duplicate key `{key}`")));
            }
            map.next_value::<NoDuplicateKeys>()?;
            keys.insert(key);
        }
        Ok(self)
    }
}

/// A whole game: enough to replay it exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Record format version.
    pub format: u32,
    /// Engine version that wrote it: the defaults of the variants the
    /// record leaves unstated are those of this version.
    #[serde(default)]
    pub engine: String,
    /// The version of each expansion the game was played with, by id (those
    /// whose rules were on). A record names expansions, never the libraries
    /// they were loaded from: it replays on any host that offers them,
    /// linked or loaded. Another version still replays; hosts say so
    /// ([`GameRecord::version_differences`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub versions: BTreeMap<String, String>,
    /// The game configuration (players, seed, expansions …), without the
    /// plugin libraries it was loaded with.
    pub config: GameConfig,
    /// Every decision, in order.
    #[serde(default)]
    pub moves: Vec<Move>,
}

/// Where a watched replay stands (see [`GameRecord::replay_watched`]).
#[derive(Clone, Copy, Debug)]
pub enum ReplayStep<'a> {
    /// The game has started; no move is played yet.
    Started,
    /// This move's action is about to be played.
    Before(&'a Action),
    /// This move's action was just played.
    After(&'a Action),
}

/// Why a record could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// Not valid JSON or not a record.
    #[error("not a valid game record: {0}")]
    Parse(String),
    /// Written by a newer engine.
    #[error("record format {found} is newer than this engine's ({supported}); upgrade carcassonne-rs to read it")]
    Format {
        /// In the file.
        found: u64,
        /// Read here.
        supported: u32,
    },
    /// A format older than any this engine reads.
    #[error(
        "record format {found} is older than any this engine reads (formats {oldest} to {supported}); \
         it cannot be replayed here"
    )]
    OldFormat {
        /// In the file.
        found: u64,
        /// The oldest format read here.
        oldest: u32,
        /// The newest format read here.
        supported: u32,
    },
    /// The configuration is not playable here. (Not a `#[source]`: the
    /// message already holds it, and error chains would print it twice.)
    #[error("record configuration: {0}")]
    Setup(SetupError),
    /// A move does not apply.
    #[error("move {index} ({text}): {error}")]
    Move {
        /// 1-based move number.
        index: usize,
        /// The move as written.
        text: String,
        /// Why.
        error: PlayError,
    },
    /// An expansion failed while the game was set up.
    #[error("{0}")]
    Start(PlayError),
    /// The record leaves variants unstated whose default changed between
    /// engine versions, and does not say which version wrote it.
    #[error(
        "the record's `engine` ({engine:?}) is not a version, and it does not state {}: \
         their defaults changed between engine versions, so the game it records is unknown; \
         add them under `variants` in its configuration ({})",
        .unstated.iter().map(|u| format!("{}.{}", u.expansion, u.name)).collect::<Vec<_>>().join(", "),
        .unstated.iter().map(UnstatedVariant::choices).collect::<Vec<_>>().join("; ")
    )]
    UnstatedVariants {
        /// The record's `engine` as written.
        engine: String,
        /// The variants to add.
        unstated: Vec<UnstatedVariant>,
    },
}

/// A variant a record must state (see [`RecordError::UnstatedVariants`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnstatedVariant {
    /// The expansion's id.
    pub expansion: String,
    /// The variant's name.
    pub name: String,
    /// Its default now.
    pub default: String,
    /// Its earlier defaults, as (first version without it, value).
    pub earlier: Vec<(String, String)>,
}

impl UnstatedVariant {
    /// What to write, and which value each engine version played.
    fn choices(&self) -> String {
        let earlier: Vec<String> = self
            .earlier
            .iter()
            .map(|(until, value)| format!("\"{value}\" before engine {until}"))
            .collect();
        format!(
            "{}.{}: \"{}\" now, {}",
            self.expansion,
            self.name,
            self.default,
            earlier.join(", ")
        )
    }
}

impl From<SetupError> for RecordError {
    fn from(e: SetupError) -> Self {
        RecordError::Setup(e)
    }
}

impl GameRecord {
    /// An empty record for `config`, written by this engine version.
    ///
    /// Pass the configuration of the game's [`Rules`] (`rules.config`),
    /// which states every variant of every enabled expansion: a record
    /// that states them replays the same game whatever defaults later
    /// versions choose.
    ///
    /// The configuration's `plugins` are left out: library paths belong to
    /// one machine, while the record names the expansions themselves.
    pub fn new(mut config: GameConfig) -> Self {
        config.plugins.clear();
        GameRecord {
            format: RECORD_FORMAT,
            engine: ENGINE_VERSION.into(),
            versions: BTreeMap::new(),
            config,
            moves: Vec::new(),
        }
    }

    /// An empty record of the game `rules` make: their configuration, every
    /// variant stated, and the versions of the enabled expansions.
    pub fn of_rules(rules: &Rules) -> Self {
        let mut record = GameRecord::new(rules.config.clone());
        record.versions = rules
            .expansions()
            .iter()
            .map(|e| (e.info.id.to_string(), e.info.version.to_string()))
            .collect();
        record
    }

    /// How the expansions `catalog` offers differ from the versions the
    /// record was played with, one sentence each (empty when they agree or
    /// the record names no versions). Another version may score differently,
    /// so a host shows these before a replay.
    pub fn version_differences(&self, catalog: &Catalog) -> Vec<String> {
        self.versions
            .iter()
            .filter_map(|(id, recorded)| {
                let offered = catalog.get(id)?.version;
                (offered != recorded)
                    .then(|| format!("the record was played with {id} {recorded}; this host has {id} {offered}"))
            })
            .collect()
    }

    /// Parses a record from JSON, checking the format version. The
    /// `engine` that wrote it is read only when the record is played: it
    /// gives the defaults of the variants the record leaves unstated (see
    /// [`GameRecord::played_config`] and `docs/records.md`).
    ///
    /// # Errors
    /// [`RecordError`] for text that is not a record (with the line and
    /// column), or a record of another format version.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        if text.starts_with('\u{feff}') {
            return Err(RecordError::Parse(
                "the text starts with a byte-order mark (U+FEFF), which JSON does not allow: \
                 save the record as UTF-8 without a BOM"
                    .into(),
            ));
        }
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| RecordError::Parse(json_error(&e)))?;
        if let serde_json::Value::Object(fields) = &value {
            match fields.get("format") {
                None => {
                    return Err(RecordError::Parse(format!(
                        "the record has no `format` (its format version; this engine writes format {RECORD_FORMAT})"
                    )));
                }
                Some(f) => match f.as_u64() {
                    Some(found) if found > u64::from(RECORD_FORMAT) => {
                        return Err(RecordError::Format {
                            found,
                            supported: RECORD_FORMAT,
                        });
                    }
                    Some(found) if found < u64::from(OLDEST_RECORD_FORMAT) => {
                        return Err(RecordError::OldFormat {
                            found,
                            oldest: OLDEST_RECORD_FORMAT,
                            supported: RECORD_FORMAT,
                        });
                    }
                    _ => {}
                },
            }
        }
        // Read the text again rather than `value`, so that errors say where.
        reject_duplicate_keys(text).map_err(|e| RecordError::Parse(json_error(&e)))?;
        serde_json::from_str(text).map_err(|e| RecordError::Parse(json_error(&e)))
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialise")
    }

    /// The configuration the recorded game was played with: the record's
    /// own, plus every variant it leaves unstated whose default has changed
    /// since the engine version that wrote it (`engine`), set to the default
    /// of that version. The engine writes every variant into the records it
    /// writes, so this matters only for records of older versions and for
    /// hand-written ones:
    ///
    /// - a version (`"0.1.0"`): that version's defaults;
    /// - no `engine` (or an empty one): a hand-written record, read as one
    ///   of [`UNNAMED_ENGINE`];
    /// - anything else: refused when a variant it leaves unstated ever
    ///   changed its default ([`RecordError::UnstatedVariants`] names them).
    ///
    /// Expansions that are not in `catalog` are left for [`Rules::new`] to
    /// report.
    pub fn played_config(&self, catalog: &Catalog) -> Result<GameConfig, RecordError> {
        let mut config = self.config.clone();
        let engine = match self.engine.trim() {
            "" => UNNAMED_ENGINE,
            named => named,
        };
        let version = semver::Version::parse(engine).ok();
        let mut unstated = Vec::new();
        for id in &self.config.expansions {
            let Some(info) = catalog.get(id) else { continue };
            for decl in info.variants.iter().filter(|d| !d.earlier_defaults.is_empty()) {
                let stated = self.config.variants.get(id).is_some_and(|v| v.contains_key(decl.name));
                if stated {
                    continue;
                }
                match &version {
                    Some(v) => {
                        config
                            .variants
                            .entry(id.clone())
                            .or_default()
                            .insert(decl.name.to_string(), Value::Text(decl.default_for(v).to_string()));
                    }
                    None => unstated.push(UnstatedVariant {
                        expansion: id.clone(),
                        name: decl.name.to_string(),
                        default: decl.default.to_string(),
                        earlier: decl
                            .earlier_defaults
                            .iter()
                            .map(|d| (d.until.to_string(), d.value.to_string()))
                            .collect(),
                    }),
                }
            }
        }
        if !unstated.is_empty() {
            return Err(RecordError::UnstatedVariants {
                engine: self.engine.clone(),
                unstated,
            });
        }
        Ok(config)
    }

    /// Replays the record: builds the rules (with [`GameRecord::played_config`])
    /// and plays every move.
    ///
    /// # Errors
    /// [`RecordError`] when the configuration cannot make a game, or a move
    /// is not legal where it stands (naming the move).
    pub fn replay(&self, catalog: &Catalog, tiles: &TileSource) -> Result<Game, RecordError> {
        self.replay_watched(catalog, tiles, |_, _| ControlFlow::Continue(()))
    }

    /// Replays the record as [`GameRecord::replay`] does, showing `watch`
    /// the game once started and before and after each move (turn logs,
    /// replay viewers); `watch` may stop the replay there, and the game is
    /// returned as it stands.
    pub fn replay_watched(
        &self,
        catalog: &Catalog,
        tiles: &TileSource,
        mut watch: impl FnMut(&Game, ReplayStep<'_>) -> ControlFlow<()>,
    ) -> Result<Game, RecordError> {
        let rules = Arc::new(Rules::new(catalog, &self.played_config(catalog)?, tiles)?);
        let mut game = Game::new(rules).map_err(RecordError::Start)?;
        if watch(&game, ReplayStep::Started).is_break() {
            return Ok(game);
        }
        for (i, m) in self.moves.iter().enumerate() {
            let err = |error| RecordError::Move {
                index: i + 1,
                text: serde_json::to_string(m).unwrap_or_default(),
                error,
            };
            let action = game.action_from_move(m).map_err(|e| err(e.into()))?;
            if watch(&game, ReplayStep::Before(&action)).is_break() {
                break;
            }
            game.play(&action).map_err(err)?;
            if watch(&game, ReplayStep::After(&action)).is_break() {
                break;
            }
        }
        Ok(game)
    }
}

impl Game {
    /// The record form of `action` in the current state.
    pub fn move_of(&self, action: &Action) -> Move {
        let core = self.state();
        match action {
            Action::Place { pos, rotation } => Move::Place {
                tile: core.turn().drawn.map(|t| self.rules().tile(t).id().to_string()),
                at: *pos,
                rotation: *rotation,
            },
            Action::Pass => Move::Pass,
            Action::Deploy(d) => {
                let figure = self.rules().figures()[d.figure as usize].id.to_string();
                let at = (Some(d.pos) != core.placed_this_turn().map(|p| p.pos)).then_some(d.pos);
                match d.spot {
                    Spot::Feature(fi) => Move::Deploy {
                        figure,
                        at,
                        feature: Some(self.feature_name(d.pos, fi as usize)),
                        corner: None,
                        spot: None,
                    },
                    Spot::Corner(c) => Move::Deploy {
                        figure,
                        at,
                        feature: None,
                        corner: Some(CORNER_NAMES[c as usize % 4].to_string()),
                        spot: None,
                    },
                    Spot::Tile => Move::Deploy {
                        figure,
                        at,
                        feature: None,
                        corner: None,
                        spot: Some("tile".to_string()),
                    },
                    Spot::Recall(fi) => Move::Recall {
                        figure,
                        at: d.pos,
                        feature: self.feature_name(d.pos, fi as usize),
                    },
                }
            }
            Action::Expansion { slot, action } => Move::Expansion(BTreeMap::from([(
                self.rules().expansions()[*slot as usize].info.id.to_string(),
                action.to_json(),
            )])),
        }
    }

    /// The stable name of feature `fi` of the tile at `pos`
    /// (see [`CoreState::feature_name`]).
    pub fn feature_name(&self, pos: Pos, fi: usize) -> String {
        self.state().feature_name(pos, fi)
    }

    /// The action a record's move stands for, or why it does not fit.
    pub fn action_from_move(&self, m: &Move) -> Result<Action, IllegalAction> {
        let core = self.state();
        match m {
            Move::Place { tile, at, rotation } => {
                if let Some(id) = tile
                    && self.rules().tile_by_id(id).is_none()
                {
                    let mut sets: Vec<&str> = Vec::new();
                    for t in self.rules().tiles() {
                        if !sets.contains(&t.set.as_str()) {
                            sets.push(&t.set);
                        }
                    }
                    return Err(IllegalAction::new(
                        RefusalKind::UnknownTile,
                        format!(
                            "unknown tile id `{id}`: no tile set of this game ({}) has it; \
                         it may belong to another tile set or to an expansion that is not enabled",
                            sets.join(", ")
                        ),
                    ));
                }
                if let (Some(id), Some(drawn)) = (tile, core.turn().drawn) {
                    let drawn_id = self.rules().tile(drawn).id();
                    if id != drawn_id {
                        return Err(IllegalAction::new(
                            RefusalKind::NotTheDrawnTile,
                            format!("the drawn tile is {drawn_id}, not {id}"),
                        ));
                    }
                }
                Ok(Action::Place {
                    pos: *at,
                    rotation: *rotation,
                })
            }
            Move::Pass => Ok(Action::Pass),
            Move::Deploy {
                figure,
                at,
                feature,
                corner,
                spot,
            } => {
                let kind = self.rules().figure_index(figure).ok_or_else(|| {
                    IllegalAction::new(
                        RefusalKind::UnknownFigure,
                        format!(
                            "unknown figure `{figure}`; figures in this game: {}",
                            self.rules()
                                .figures()
                                .iter()
                                .map(|f| f.id)
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    )
                })?;
                let pos = at.or_else(|| core.placed_this_turn().map(|p| p.pos)).ok_or_else(|| {
                    IllegalAction::new(RefusalKind::WrongDecision, "no tile was placed this turn".into())
                })?;
                let spot = match (feature, corner, spot.as_deref()) {
                    (Some(name), None, None) => Spot::Feature(self.feature_by_name(pos, name)? as u8),
                    (None, Some(c), None) => Spot::Corner(CORNER_NAMES.iter().position(|n| n == c).ok_or_else(|| {
                        IllegalAction::new(
                            RefusalKind::NoSuchFeature,
                            format!("unknown corner `{c}`; use NW, NE, SE or SW"),
                        )
                    })? as u8),
                    (None, None, Some("tile")) => Spot::Tile,
                    (None, None, Some(other)) => {
                        return Err(IllegalAction::new(
                            RefusalKind::MalformedMove,
                            format!("unknown spot `{other}`; the spots besides features and corners: tile"),
                        ));
                    }
                    _ => {
                        return Err(IllegalAction::new(
                            RefusalKind::MalformedMove,
                            "a deploy names one of a `feature`, a `corner` or a `spot`".into(),
                        ));
                    }
                };
                Ok(Action::Deploy(Deployment {
                    figure: kind,
                    pos,
                    spot,
                }))
            }
            Move::Recall { figure, at, feature } => {
                let kind = self.rules().figure_index(figure).ok_or_else(|| {
                    IllegalAction::new(RefusalKind::UnknownFigure, format!("unknown figure `{figure}`"))
                })?;
                let fi = self.feature_by_name(*at, feature)?;
                Ok(Action::Deploy(Deployment {
                    figure: kind,
                    pos: *at,
                    spot: Spot::Recall(fi as u8),
                }))
            }
            Move::Expansion(map) => {
                let (id, value) = map.iter().next().filter(|_| map.len() == 1).ok_or_else(|| {
                    IllegalAction::new(
                        RefusalKind::MalformedMove,
                        "an expansion move is one key, the expansion's id".into(),
                    )
                })?;
                if let Some(why) = core_move_error(id, value) {
                    return Err(IllegalAction::new(RefusalKind::MalformedMove, why));
                }
                let slot = self.rules().expansion_slot(id).ok_or_else(|| {
                    IllegalAction::new(
                        RefusalKind::UnknownExpansion,
                        format!("`{id}` is not a move (place, deploy, pass) nor an enabled expansion"),
                    )
                })?;
                let action = self.rules().expansions()[slot as usize]
                    .hooks
                    .parse_action(value)
                    .map_err(|e| IllegalAction::new(RefusalKind::MalformedMove, format!("{id}: {e}")))?;
                Ok(Action::Expansion { slot, action })
            }
        }
    }

    /// Finds a feature of the tile at `pos` by its stable name
    /// (see [`CoreState::feature_by_name`]).
    pub fn feature_by_name(&self, pos: Pos, name: &str) -> Result<usize, IllegalAction> {
        self.state().feature_by_name(pos, name)
    }
}

impl CoreState {
    /// The stable name of feature `fi` of the tile at `pos`: `kind:SEGMENT`
    /// with the feature's first segment in board orientation; for a feature
    /// that covers no edge, its `name`, else its kind when the tile has no
    /// other feature of that kind, else `kind#N` (the N-th edgeless feature
    /// of that kind). [`Game::feature_by_name`] reads every such name back.
    pub fn feature_name(&self, pos: Pos, fi: usize) -> String {
        let Some(placed) = self.board().get(pos) else {
            return format!("#{fi}");
        };
        let tile = &self.tables().tile(placed.tile).def;
        let Some(def) = tile.features.get(fi) else {
            return self.added_feature_name(pos, fi - tile.features.len());
        };
        // A centre segment names a road or a city side best ("city:N", not "city:NW").
        // Built without a vector or the formatter: expansions name every
        // open feature of the board in their options (Mage & Witch).
        let board = || def.segments.iter().map(|s| s.rotated(placed.rotation));
        match board().filter(|s| s.is_centre()).min().or_else(|| board().min()) {
            Some(seg) => {
                let (kind, side) = (self.tables().kind_name(def.kind), seg.name());
                let mut name = String::with_capacity(kind.len() + 1 + side.len());
                name.push_str(kind);
                name.push(':');
                name.push_str(side);
                name
            }
            None => def.name.clone().unwrap_or_else(|| {
                let kind_name = self.tables().kind_name(def.kind);
                let same_kind = tile.features.iter().filter(|f| f.kind == def.kind).count();
                if same_kind == 1 {
                    kind_name.to_string()
                } else {
                    let nth = tile.edgeless_of_kind(def.kind).position(|i| i == fi).unwrap_or(0) + 1;
                    format!("{kind_name}#{nth}")
                }
            }),
        }
    }

    /// The name of the `k`-th feature an expansion added to the tile at
    /// `pos`: `kind+SIDES`, its sides' letters clockwise from north
    /// (`road+NS`, `road+EW`).
    fn added_feature_name(&self, pos: Pos, k: usize) -> String {
        let Some(added) = self.added_on(pos).nth(k) else {
            return format!("#{k}");
        };
        let mut name = format!("{}+", self.tables().kind_name(added.kind));
        for side in crate::geometry::Side::ALL {
            if added.sides & (1 << side as u8) != 0 {
                name.push_str(side.name());
            }
        }
        name
    }

    /// Finds a feature of the tile at `pos` by its stable name.
    pub fn feature_by_name(&self, pos: Pos, name: &str) -> Result<usize, IllegalAction> {
        let placed = self
            .board()
            .get(pos)
            .ok_or_else(|| IllegalAction::new(RefusalKind::NoSuchFeature, format!("no tile at {pos}")))?;
        let def = &self.tables().tile(placed.tile).def;
        if name.contains('+') {
            // A feature an expansion added (`road+NS`).
            let own = def.features.len();
            return (0..self.added_on(pos).count())
                .find(|&k| self.added_feature_name(pos, k) == name)
                .map(|k| own + k)
                .ok_or_else(|| {
                    IllegalAction::new(
                        RefusalKind::NoSuchFeature,
                        format!("the tile at {pos} has no added feature `{name}`"),
                    )
                });
        }
        def.feature_by_name(
            name,
            placed.rotation,
            self.tables().landscape(),
            &format!("the tile at {pos}"),
        )
        .map_err(|e| {
            let kind = if e.malformed {
                RefusalKind::MalformedMove
            } else {
                RefusalKind::NoSuchFeature
            };
            IllegalAction::new(kind, e.message)
        })
    }
}
