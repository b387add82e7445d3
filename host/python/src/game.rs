//! The Python classes: `Game`, `Action`, `Decision`, `Bot` and the batched
//! `Batch` of games for fast learning loops.

use crate::encoding::{Completion, Layout};
use crate::{ConfigError, ExpansionError, IllegalActionError, RecordError};
use carcassonne_bots::{Bot, BotSpec, MctsBot};
use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Decision, Event, Game, GameConfig, GameRecord, Move, PlayError, RefusalKind};
use carcassonne_setup::{GameSetup, Overrides, describe};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

fn config_error(e: anyhow::Error) -> PyErr {
    ConfigError::new_err(format!("{e:#}"))
}

fn play_error(e: PlayError) -> PyErr {
    match e {
        PlayError::Illegal(i) => illegal(i.kind, i.message),
        other @ PlayError::ExpansionFailed { .. } => ExpansionError::new_err(other.to_string()),
    }
}

/// `IllegalActionError(message)` with its `kind`: the engine's refusal kind
/// in the words records and the server use (`"tile-does-not-fit"`), so a
/// program can tell refusals apart without reading the message.
fn illegal(kind: RefusalKind, message: impl Into<String>) -> PyErr {
    let err = IllegalActionError::new_err(message.into());
    let kind = serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    Python::attach(|py| {
        // Setting an attribute on a fresh exception object cannot fail.
        let _ = err.value(py).setattr("kind", kind);
    });
    err
}

fn json_to_py<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

fn py_to_json(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    obj.py().import("json")?.call_method1("dumps", (obj,))?.extract()
}

/// Largest window radius (a window of 201 × 201 cells; an observation
/// of that window is some megabytes).
const MAX_RADIUS: i32 = 100;

/// Where a game's expansions and tiles come from, shared by its copies.
struct Context {
    plugins: Vec<PathBuf>,
    tiles_dir: Option<PathBuf>,
}

/// What happened to a game since it started: moves, and redraws of hidden
/// information (`determinized`), so that a copy can be rebuilt from them.
#[derive(Clone)]
enum Step {
    /// A move, with the rolls chosen for it (`Game.reroll`; empty: the
    /// stream's).
    Move(Move, Vec<u32>),
    Determinized(u64),
}

/// A game with what Python needs around it: its origin, its history and
/// the legal options of the pending decision (listed once per decision).
#[derive(Clone)]
struct Session {
    game: Game,
    context: Arc<Context>,
    history: Vec<Step>,
    options: Vec<Action>,
    listed: bool,
    indices: Vec<Option<u32>>,
    indexed_radius: Option<i32>,
    off_window: usize,
    /// The layout of the last window asked for (rules and seats never change).
    layout: Option<Arc<Layout>>,
    /// Which features are complete, for observations.
    completion: Completion,
    /// Whether moves are kept (a batch's games keep none: they are never saved).
    recording: bool,
    /// In a game with a draw order, the order as drawn so far and as it
    /// stands (draws chosen with [`Session::redraw`] change it): what
    /// its record says, so that a replay draws the same tiles.
    order: Option<Vec<String>>,
    /// Tiles the last decision (or the setup) drew, in order: discarded
    /// and set-aside ones included.
    last_drawn: Vec<u16>,
    /// A tile went back into the bag (an expansion returned one it had set
    /// aside): a draw order stacks such a tile on top, so draws chosen
    /// after it cannot be written as one.
    returned: bool,
    /// Draws were chosen after a tile went back into the bag: no draw order
    /// replays this game, so it has no record.
    unrecordable: bool,
    /// Whether each decision's rolls are noted (`Game.note_rolls`), so that
    /// they can be chosen (`Game.reroll`).
    noting: bool,
    /// The rolls the last decision made, as (n, value), when noted.
    last_rolls: Vec<(u32, u32)>,
    /// What was chosen for the last decision: its rolls (`reroll`) and its
    /// draws (`redraw`), kept so that choosing one keeps the other.
    chosen_rolls: Vec<u32>,
    chosen_draws: Vec<u16>,
    /// Rolls were chosen: a record (moves only) would roll other dice.
    rolls_chosen: bool,
}

impl Session {
    fn new(game: Game, context: Arc<Context>) -> Session {
        Session {
            game,
            context,
            history: Vec::new(),
            options: Vec::new(),
            listed: false,
            indices: Vec::new(),
            indexed_radius: None,
            off_window: 0,
            layout: None,
            completion: Completion::default(),
            recording: true,
            order: None,
            last_drawn: Vec::new(),
            returned: false,
            unrecordable: false,
            noting: false,
            last_rolls: Vec::new(),
            chosen_rolls: Vec::new(),
            chosen_draws: Vec::new(),
            rolls_chosen: false,
        }
    }

    /// The tiles the last play (or the setup) drew, from its events: a
    /// tile that fit nowhere or was set aside counts, and a tile an
    /// expansion put back into the bag does not take a draw's place (the
    /// difference in tiles left would miss a draw for each).
    fn note_draws(&mut self) {
        self.last_drawn.clear();
        for e in self.game.last_events() {
            match e {
                Event::TileDrawn { tile, .. } => self.last_drawn.push(*tile),
                Event::TileReturned { .. } => self.returned = true,
                _ => {}
            }
        }
    }

    /// The record, unless draws were chosen after a tile went back into
    /// the bag (then no draw order replays the game: an error says so).
    fn checked_record(&self) -> PyResult<GameRecord> {
        if self.rolls_chosen {
            return Err(RecordError::new_err(
                "this game's rolls were chosen (Game.reroll): a record holds the moves, and replayed from its \
                 seed the game would roll other dice (keep its actions instead)",
            ));
        }
        if self.unrecordable {
            return Err(RecordError::new_err(
                "this game's draws were chosen (Game.redraw) after a tile went back into the bag; a draw order \
                 stacks a returned tile on top, so no draw order names these draws and the game has no record \
                 that replays (keep its actions instead)",
            ));
        }
        Ok(self.record())
    }

    fn start(setup: GameSetup, plugins: Vec<PathBuf>, tiles_dir: Option<PathBuf>) -> PyResult<Session> {
        let rules = setup.rules().map_err(config_error)?;
        let mut game = Game::new(Arc::new(rules)).map_err(play_error)?;
        let order = game.rules().config.draw_order.clone();
        if order.is_some() {
            // Its draws may be chosen (`redraw`), which takes the last
            // decision back.
            game.set_undoable(true);
        }
        let context = Arc::new(Context { plugins, tiles_dir });
        let mut session = Session::new(game, context);
        session.note_draws();
        session.order = order;
        Ok(session)
    }

    fn options(&mut self) -> &[Action] {
        if !self.listed {
            self.game.legal_actions(&mut self.options);
            self.listed = true;
        }
        &self.options
    }

    fn layout(&mut self, radius: i32) -> PyResult<Arc<Layout>> {
        if !(0..=MAX_RADIUS).contains(&radius) {
            return Err(PyValueError::new_err(format!(
                "window radius {radius} is not in 0..={MAX_RADIUS}"
            )));
        }
        match &self.layout {
            Some(l) if l.radius == radius => Ok(l.clone()),
            _ => {
                let l = Arc::new(Layout::of(&self.game, radius));
                self.layout = Some(l.clone());
                Ok(l)
            }
        }
    }

    fn indexed(&mut self, radius: i32) -> PyResult<Arc<Layout>> {
        let layout = self.layout(radius)?;
        self.options();
        if self.indexed_radius != Some(radius) {
            self.off_window = layout.indices(&self.game, &self.options, &mut self.indices);
            self.indexed_radius = Some(radius);
        }
        Ok(layout)
    }

    /// Whether the pending decision has legal options but none with an
    /// index at `radius` (every placement outside the window): a learner
    /// choosing by index cannot go on.
    fn outgrown(&mut self, radius: i32) -> PyResult<bool> {
        if self.game.decision().is_none() {
            return Ok(false);
        }
        self.indexed(radius)?;
        Ok(!self.indices.is_empty() && self.indices.iter().all(Option::is_none))
    }

    /// Plays `action` on a batch's fast path: the move kept only when
    /// recording, no draws or rolls noted (nothing redraws a batch's game).
    fn play_unnoted(&mut self, action: &Action) -> Result<(), PlayError> {
        let m = self.recording.then(|| self.game.move_of(action));
        self.game.play(action)?;
        if let Some(m) = m {
            self.history.push(Step::Move(m, Vec::new()));
        }
        self.listed = false;
        self.indexed_radius = None;
        Ok(())
    }

    fn play(&mut self, action: &Action) -> PyResult<()> {
        self.play_choosing(action, &[])?;
        self.chosen_rolls.clear();
        self.chosen_draws.clear();
        Ok(())
    }

    /// Plays `action`, its first rolls giving `rolls` when rolls are noted.
    fn play_choosing(&mut self, action: &Action, rolls: &[u32]) -> PyResult<()> {
        let m = self.recording.then(|| self.game.move_of(action));
        if self.noting {
            self.game.note_rolls(Some(rolls.to_vec()));
        }
        self.game.play(action).map_err(play_error)?;
        self.last_rolls = self.game.noted_rolls().map(<[_]>::to_vec).unwrap_or_default();
        self.note_draws();
        if let Some(m) = m {
            self.history.push(Step::Move(m, rolls.to_vec()));
        }
        self.listed = false;
        self.indexed_radius = None;
        Ok(())
    }

    /// Plays the last decision (or the setup) again with its draws being
    /// `draws`, first drawn first: a chance node of a search choosing what
    /// a draw gives, at the cost of one decision taken back and played
    /// again (the setup is made again, with no decision to replay).
    /// Returns how many tiles the decision drew: more than `draws` when
    /// a chosen tile fit nowhere and the game drew again.
    fn redraw(&mut self, draws: &[String]) -> PyResult<usize> {
        if self.order.is_none() {
            return Err(illegal(
                RefusalKind::WrongDecision,
                "only a game with a draw order (Game.with_draw_order) has draws that can be chosen",
            ));
        }
        let rules = self.game.rules_arc().clone();
        let mut tiles = Vec::with_capacity(draws.len());
        for id in draws {
            let Some(index) = rules.tile_by_id(id).map(|t| t.index) else {
                return Err(illegal(RefusalKind::UnknownTile, format!("no tile {id} in this game")));
            };
            tiles.push(index);
        }
        match self.history.last() {
            None => {
                // The setup drew: make it again with the order starting so.
                let mut rest = self.order.clone().unwrap_or_default();
                for id in draws {
                    let Some(at) = rest.iter().position(|t| t == id) else {
                        return Err(illegal(
                            RefusalKind::NotAnOption,
                            format!("no tile {id} is left in the bag"),
                        ));
                    };
                    rest.remove(at);
                }
                let mut record = GameRecord::new(rules.config.clone());
                record.config.draw_order = Some(draws.iter().cloned().chain(rest).collect());
                let noting = self.noting;
                *self = Session::replayed(&record, self.context.plugins.clone(), self.context.tiles_dir.clone())?;
                self.noting = noting;
            }
            Some(Step::Move(m, _)) => {
                let m = m.clone();
                self.unrecordable |= self.returned;
                if !self.game.undo() {
                    return Err(illegal(
                        RefusalKind::WrongDecision,
                        "the last decision cannot be taken back",
                    ));
                }
                let action = self.game.action_from_move(&m).map_err(|e| illegal(e.kind, e.message))?;
                if let Err(e) = self.game.arrange_next_draws(&tiles) {
                    // Back as it was: the same decision on the same bag.
                    self.game.play(&action).map_err(play_error)?;
                    return Err(illegal(e.kind, e.message));
                }
                // The order as drawn so far, then the bag as now arranged.
                if let Some(order) = &mut self.order {
                    let drawn = order.len().saturating_sub(self.game.state().tiles_left());
                    order.truncate(drawn);
                    let next = self.game.next_draws().into_iter().flatten();
                    order.extend(next.map(|t| rules.tile(t).def.id.clone()));
                }
                self.history.pop();
                let rolls = std::mem::take(&mut self.chosen_rolls);
                self.play_choosing(&action, &rolls)?;
                self.chosen_rolls = rolls;
                self.chosen_draws = tiles;
            }
            Some(Step::Determinized(_)) => {
                return Err(illegal(
                    RefusalKind::WrongDecision,
                    "a determinized game's draws cannot be chosen",
                ));
            }
        }
        Ok(self.last_drawn.len())
    }

    /// Plays the last decision again with its first rolls being `rolls`
    /// (and the draws chosen for it, if any, again): a chance node of a
    /// search choosing what a die or a token drawn from a bag gives.
    /// Returns the rolls the decision made, as (n, value): more than
    /// `rolls` when a later roll is still to be chosen.
    fn reroll(&mut self, rolls: &[u32]) -> PyResult<Vec<(u32, u32)>> {
        if !self.noting {
            return Err(illegal(
                RefusalKind::WrongDecision,
                "rolls are chosen only in a game that notes them (Game.note_rolls)",
            ));
        }
        let Some(Step::Move(m, _)) = self.history.last() else {
            return Err(illegal(
                RefusalKind::WrongDecision,
                "no decision to play again with other rolls (the setup's rolls are the seed's)",
            ));
        };
        let m = m.clone();
        if !self.game.undo() {
            return Err(illegal(
                RefusalKind::WrongDecision,
                "the last decision cannot be taken back",
            ));
        }
        let action = self.game.action_from_move(&m).map_err(|e| illegal(e.kind, e.message))?;
        let draws = std::mem::take(&mut self.chosen_draws);
        if !draws.is_empty() {
            self.game
                .arrange_next_draws(&draws)
                .map_err(|e| illegal(e.kind, e.message))?;
        }
        self.history.pop();
        self.play_choosing(&action, rolls)?;
        self.chosen_rolls = rolls.to_vec();
        self.chosen_draws = draws;
        self.rolls_chosen |= !rolls.is_empty();
        Ok(self.last_rolls.clone())
    }

    fn play_index(&mut self, index: usize, radius: i32) -> PyResult<()> {
        self.indexed(radius)?;
        let Some(k) = self.indices.iter().position(|&i| i == Some(index as u32)) else {
            return Err(illegal(
                RefusalKind::NotAnOption,
                format!("action index {index} is not legal now (the mask says which are)"),
            ));
        };
        let action = self.options[k].clone();
        self.play(&action)
    }

    fn record(&self) -> GameRecord {
        let mut record = GameRecord::new(self.game.rules().config.clone());
        if let Some(order) = &self.order {
            // As drawn, when draws were chosen.
            record.config.draw_order = Some(order.clone());
        }
        record.moves = self
            .history
            .iter()
            .filter_map(|s| match s {
                Step::Move(m, _) => Some(m.clone()),
                Step::Determinized(_) => None,
            })
            .collect();
        record
    }

    /// The engine's state behind a copy: the record, plugins, tile directory
    /// and where hidden information was redrawn.
    fn saved_state(&self) -> PyResult<String> {
        let mut determinized = Vec::new();
        let mut rolls = Vec::new();
        let mut moves = 0;
        for s in &self.history {
            match s {
                Step::Move(_, chosen) => {
                    if !chosen.is_empty() {
                        rolls.push(serde_json::json!([moves, chosen]));
                    }
                    moves += 1;
                }
                Step::Determinized(seed) => determinized.push(serde_json::json!([moves, seed])),
            }
        }
        if self.unrecordable {
            // The draws chosen: no draw order says them.
            self.checked_record()?;
        }
        Ok(serde_json::json!({
            "record": serde_json::from_str::<serde_json::Value>(&self.record().to_json()).unwrap_or_default(),
            "plugins": self.context.plugins,
            "tiles": self.context.tiles_dir,
            "determinized": determinized,
            // Rolls noted, and those chosen by move, so that a copy rolls the same dice.
            "noting": self.noting,
            "rolls": rolls,
        })
        .to_string())
    }

    fn replayed(record: &GameRecord, plugins: Vec<PathBuf>, tiles_dir: Option<PathBuf>) -> PyResult<Session> {
        let setup = GameSetup::for_record(record, &plugins, tiles_dir.as_deref())
            .map_err(|e| RecordError::new_err(format!("{e:#}")))?;
        let mut session = Session::start(setup, plugins, tiles_dir)?;
        for (i, m) in record.moves.iter().enumerate() {
            session
                .play_move(m)
                .map_err(|e| RecordError::new_err(format!("move {}: {e}", i + 1)))?;
        }
        Ok(session)
    }

    fn play_move(&mut self, m: &Move) -> PyResult<()> {
        self.play_move_choosing(m, &[])
    }

    fn play_move_choosing(&mut self, m: &Move, rolls: &[u32]) -> PyResult<()> {
        if self.game.decision().is_none() {
            return Err(illegal(RefusalKind::GameOver, "the game is over"));
        }
        let action = self.game.action_from_move(m).map_err(|e| illegal(e.kind, e.message))?;
        self.play_choosing(&action, rolls)?;
        // As `reroll` leaves it: the rolls chosen for the last decision.
        self.chosen_rolls = rolls.to_vec();
        self.chosen_draws.clear();
        Ok(())
    }

    fn determinize(&mut self, seed: u64) {
        self.game = self.game.determinized(seed);
        self.completion = Completion::default();
        self.history.push(Step::Determinized(seed));
        self.listed = false;
        self.indexed_radius = None;
    }

    fn scores(&self) -> Vec<i32> {
        let s = self.game.state();
        (0..s.players() as u8).map(|p| s.score(p)).collect()
    }
}

/// One legal option of the pending decision: its label for people, its
/// record form (a move as written in game records) and its position in the
/// legal list.
#[pyclass(module = "carcassonne._core", name = "Action", frozen)]
pub struct PyAction {
    action: Action,
    /// Position in the legal list it came from.
    #[pyo3(get)]
    index: usize,
    /// What it does, in words.
    #[pyo3(get)]
    label: String,
    record_json: String,
}

#[pymethods]
impl PyAction {
    /// The record form: the move as JSON-like data (`"pass"`, `{"place": …}` …).
    #[getter]
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.record_json)
    }

    /// The record form as one line of JSON.
    #[getter]
    fn record_json(&self) -> &str {
        &self.record_json
    }

    /// `"place"`, `"deploy"`, `"pass"` or `"expansion"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.action {
            Action::Place { .. } => "place",
            Action::Deploy(_) => "deploy",
            Action::Pass => "pass",
            Action::Expansion { .. } => "expansion",
        }
    }

    fn __repr__(&self) -> String {
        format!("<Action {}: {}>", self.index, self.label)
    }

    fn __str__(&self) -> String {
        self.label.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyAction>()
            .is_ok_and(|o| o.get().record_json == self.record_json && o.get().index == self.index)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.record_json.hash(&mut h);
        self.index.hash(&mut h);
        h.finish()
    }
}

fn py_actions(game: &Game, options: &[Action]) -> Vec<PyAction> {
    options
        .iter()
        .enumerate()
        .map(|(index, a)| PyAction {
            action: a.clone(),
            index,
            // The engine's words, as the command line and the browser show them.
            label: game.action_label(a),
            record_json: serde_json::to_string(&game.move_of(a)).unwrap_or_default(),
        })
        .collect()
}

/// Whose decision it is and of what kind.
#[pyclass(module = "carcassonne._core", name = "Decision", frozen, get_all)]
pub struct PyDecision {
    /// `"place"`, `"deploy"` or `"expansion"`.
    kind: &'static str,
    /// The deciding seat (0-based).
    player: u8,
    /// The drawn tile's id (placing).
    tile: Option<String>,
    /// Where the tile was placed (deploying), as (x, y).
    at: Option<(i32, i32)>,
    /// The expansion asking (expansion decisions).
    expansion: Option<String>,
    /// What the expansion asks.
    label: Option<String>,
}

#[pymethods]
impl PyDecision {
    fn __repr__(&self) -> String {
        let what = match self.kind {
            "place" => format!("place {}", self.tile.as_deref().unwrap_or("?")),
            "deploy" => format!("deploy at {:?}", self.at.unwrap_or_default()),
            _ => format!(
                "{}: {}",
                self.expansion.as_deref().unwrap_or("?"),
                self.label.as_deref().unwrap_or("")
            ),
        };
        format!("<Decision player {}: {what}>", self.player)
    }
}

fn py_decision(game: &Game, d: &Decision) -> PyDecision {
    let mut out = PyDecision {
        kind: "place",
        player: d.player(),
        tile: None,
        at: None,
        expansion: None,
        label: None,
    };
    match d {
        Decision::Place { tile, .. } => out.tile = Some(game.rules().tile(*tile).id().to_string()),
        Decision::Deploy { pos, .. } => {
            out.kind = "deploy";
            out.at = Some((pos.x, pos.y));
        }
        Decision::Expansion { slot, label, .. } => {
            out.kind = "expansion";
            out.expansion = game
                .rules()
                .expansions()
                .get(*slot as usize)
                .map(|e| e.info.id.to_string());
            out.label = Some((*label).to_string());
        }
    }
    out
}

/// Variants as `EXPANSION.NAME=VALUE` strings, from such a list or a dict of
/// dicts (`{"easter": {"die": "d6"}}`).
fn variant_strings(v: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(v) = v else { return Ok(Vec::new()) };
    if let Ok(d) = v.cast::<PyDict>() {
        let mut out = Vec::new();
        for (id, names) in d.iter() {
            let id: String = id.extract()?;
            let names = names
                .cast::<PyDict>()
                .map_err(|_| PyTypeError::new_err(format!("variants[{id:?}] must be a dict of NAME: VALUE")))?;
            for (name, value) in names.iter() {
                let name: String = name.extract()?;
                let value = match value.extract::<bool>() {
                    Ok(b) if value.is_instance_of::<pyo3::types::PyBool>() => b.to_string(),
                    _ => value.str()?.to_string(),
                };
                out.push(format!("{id}.{name}={value}"));
            }
        }
        return Ok(out);
    }
    v.extract::<Vec<String>>().map_err(|_| {
        PyTypeError::new_err("variants: a dict {expansion: {name: value}} or a list of 'EXPANSION.NAME=VALUE'")
    })
}

/// Parts as `EXPANSION.PART=on|off` strings, from such a list or a dict of
/// dicts (`{"abbey-and-mayor": {"abbey": False}}`).
fn part_strings(v: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(v) = v else { return Ok(Vec::new()) };
    if let Ok(d) = v.cast::<PyDict>() {
        let mut out = Vec::new();
        for (id, parts) in d.iter() {
            let id: String = id.extract()?;
            let parts = parts
                .cast::<PyDict>()
                .map_err(|_| PyTypeError::new_err(format!("parts[{id:?}] must be a dict of PART: True/False")))?;
            for (part, on) in parts.iter() {
                let part: String = part.extract()?;
                let on: bool = on
                    .extract()
                    .map_err(|_| PyTypeError::new_err(format!("parts[{id:?}][{part:?}] must be True or False")))?;
                out.push(format!("{id}.{part}={}", if on { "on" } else { "off" }));
            }
        }
        return Ok(out);
    }
    v.extract::<Vec<String>>().map_err(|_| {
        PyTypeError::new_err("parts: a dict {expansion: {part: True/False}} or a list of 'EXPANSION.PART=on|off'")
    })
}

/// A game of Carcassonne with the engine's rules, expansions and plugins.
///
/// `Game(config=None, *, players=None, seed=None, expansions=None,
/// variants=None, parts=None, tiles_only=None, plugins=None, tiles=None)`: `config` is a
/// dict with the keys of a configuration file or the path of a TOML file;
/// the keyword arguments override it as the command line's flags do.
#[pyclass(module = "carcassonne._core", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    session: Session,
}

#[allow(clippy::too_many_arguments)]
fn setup_of(
    config: Option<&Bound<'_, PyAny>>,
    players: Option<usize>,
    seed: Option<u64>,
    expansions: Option<Vec<String>>,
    variants: Option<&Bound<'_, PyAny>>,
    parts: Option<&Bound<'_, PyAny>>,
    tiles_only: Option<Vec<String>>,
    plugins: Vec<PathBuf>,
    tiles: Option<PathBuf>,
) -> PyResult<GameSetup> {
    let mut overrides = Overrides {
        config: None,
        players,
        seed,
        expansions,
        tiles: tiles.clone(),
        tiles_only,
        variants: variant_strings(variants)?,
        parts: part_strings(parts)?,
        plugins: plugins.clone(),
    };
    match config {
        Some(c) if c.is_instance_of::<PyDict>() => {
            let text = py_to_json(c)?;
            let base: GameConfig =
                serde_json::from_str(&text).map_err(|e| ConfigError::new_err(format!("configuration: {e}")))?;
            let config = carcassonne_setup::apply_overrides(base, &overrides).map_err(config_error)?;
            GameSetup::for_config(config, &plugins, tiles.as_deref()).map_err(config_error)
        }
        Some(c) if !c.is_none() => {
            overrides.config = Some(
                c.extract::<PathBuf>()
                    .map_err(|_| PyTypeError::new_err("config: a dict or the path of a TOML file"))?,
            );
            GameSetup::new(&overrides).map_err(config_error)
        }
        _ => GameSetup::new(&overrides).map_err(config_error),
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (config=None, *, players=None, seed=None, expansions=None, variants=None, parts=None, tiles_only=None, plugins=Vec::new(), tiles=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        config: Option<&Bound<'_, PyAny>>,
        players: Option<usize>,
        seed: Option<u64>,
        expansions: Option<Vec<String>>,
        variants: Option<&Bound<'_, PyAny>>,
        parts: Option<&Bound<'_, PyAny>>,
        tiles_only: Option<Vec<String>>,
        plugins: Vec<PathBuf>,
        tiles: Option<PathBuf>,
    ) -> PyResult<PyGame> {
        let setup = setup_of(
            config,
            players,
            seed,
            expansions,
            variants,
            parts,
            tiles_only,
            plugins.clone(),
            tiles.clone(),
        )?;
        Ok(PyGame {
            session: Session::start(setup, plugins, tiles)?,
        })
    }

    /// The game a record describes, replayed to its end (or to its last
    /// move): `record` is JSON text, a dict, or the path of a record file.
    #[staticmethod]
    #[pyo3(signature = (record, *, plugins=Vec::new(), tiles=None))]
    fn load(record: &Bound<'_, PyAny>, plugins: Vec<PathBuf>, tiles: Option<PathBuf>) -> PyResult<PyGame> {
        let text = if record.is_instance_of::<PyDict>() {
            py_to_json(record)?
        } else {
            let s: PathBuf = record
                .extract()
                .map_err(|_| PyTypeError::new_err("record: JSON text, a dict or a file path"))?;
            let as_text = s.to_string_lossy();
            if as_text.trim_start().starts_with('{') {
                as_text.into_owned()
            } else {
                carcassonne_core::read_text_file(&s, carcassonne_core::text_file::MAX_RECORD_BYTES, "game record")
                    .map_err(|e| RecordError::new_err(e.to_string()))?
            }
        };
        let record = GameRecord::from_json(&text).map_err(|e| RecordError::new_err(e.to_string()))?;
        Ok(PyGame {
            session: Session::replayed(&record, plugins, tiles)?,
        })
    }

    /// The pending decision, or None when the game is over.
    #[getter]
    fn decision(&self) -> Option<PyDecision> {
        let game = &self.session.game;
        game.decision().map(|d| py_decision(game, &d))
    }

    /// The seat to decide, or None when the game is over.
    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.session.game.decision().map(|d| d.player())
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.session.game.is_over()
    }

    /// Number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.session.game.state().players()
    }

    /// The seats' names.
    #[getter]
    fn names(&self) -> Vec<String> {
        let s = self.session.game.state();
        (0..s.players() as u8).map(|p| s.player_name(p).to_string()).collect()
    }

    /// Score per seat.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.session.scores()
    }

    /// Names of the score sources (cities, roads … and expansions').
    #[getter]
    fn score_sources(&self) -> Vec<String> {
        self.session.game.rules().score_sources().to_vec()
    }

    /// The current turn number (from 1).
    #[getter]
    fn turn(&self) -> u32 {
        self.session.game.state().turn().number
    }

    /// Tiles left in the bag.
    #[getter]
    fn tiles_left(&self) -> usize {
        self.session.game.state().tiles_left()
    }

    /// In a game with a draw order, the tile ids the next draws take, in
    /// order; `None` in a game drawn at random.
    #[getter]
    fn next_draws(&self) -> Option<Vec<String>> {
        let g = &self.session.game;
        g.next_draws()
            .map(|draws| draws.map(|t| g.rules().tile(t).def.id.clone()).collect())
    }

    /// Tiles the last decision (or the setup, before any) drew, discarded
    /// ones included: the chance nodes a search puts after it.
    #[getter]
    fn last_draws(&self) -> usize {
        self.session.last_drawn.len()
    }

    /// The tile ids the last decision (or the setup, before any) drew, in
    /// order, discarded and set-aside ones included.
    #[getter]
    fn last_drawn(&self) -> Vec<String> {
        let g = &self.session.game;
        self.session
            .last_drawn
            .iter()
            .map(|&t| g.rules().tile(t).def.id.clone())
            .collect()
    }

    /// The tiles in the bag now, as (tile id, count) pairs in table order
    /// (counts only, never the bag's order: what every player may count).
    fn bag_counts(&self) -> Vec<(String, u32)> {
        let g = &self.session.game;
        let rules = g.rules();
        let mut counts = vec![0u32; rules.tiles().len()];
        g.state().count_bag(&mut counts);
        counts
            .into_iter()
            .enumerate()
            .filter(|&(_, n)| n > 0)
            .map(|(t, n)| (rules.tile(t as u16).id().to_string(), n))
            .collect()
    }

    /// Plays the last decision (or the setup) again with its draws being
    /// `draws` (tile ids, first drawn first) and returns how many tiles it
    /// drew (more than `draws` when a chosen tile fit nowhere and the game
    /// drew again). Only in a game with a draw order (`with_draw_order`):
    /// a search's chance node at the cost of one decision, without
    /// replaying the game. The record then says the order as drawn.
    fn redraw(&mut self, draws: Vec<String>) -> PyResult<usize> {
        self.session.redraw(&draws)
    }

    /// From the next decision on, notes the rolls each decision makes
    /// (dice, tokens drawn from a bag: `last_rolls`) so that they can be
    /// chosen (`reroll`); `False` stops. The setup's rolls stay the seed's.
    #[pyo3(signature = (on=true))]
    fn note_rolls(&mut self, on: bool) {
        self.session.noting = on;
        if on {
            // `reroll` takes the last decision back.
            self.session.game.set_undoable(true);
        }
        if !on {
            self.session.game.note_rolls(None);
            self.session.last_rolls.clear();
        }
    }

    /// The rolls the last decision made, as (n, value) pairs with `value`
    /// in `range(n)`, in the order made; empty unless rolls are noted
    /// (`note_rolls`).
    #[getter]
    fn last_rolls(&self) -> Vec<(u32, u32)> {
        self.session.last_rolls.clone()
    }

    /// Plays the last decision again with its first rolls giving `rolls`
    /// (each in `range(n)` of its roll in `last_rolls`; the draws chosen
    /// for it with `redraw` are kept), and returns `last_rolls`: more than
    /// `rolls` when a roll after them is still to be chosen. A search's
    /// chance node over a die, at the cost of one decision taken back and
    /// played again. The game then has no record (records hold moves, not
    /// rolls).
    fn reroll(&mut self, rolls: Vec<u32>) -> PyResult<Vec<(u32, u32)>> {
        self.session.reroll(&rolls)
    }

    /// Seat `player`'s points by score source.
    fn breakdown<'py>(&self, py: Python<'py>, player: u8) -> PyResult<Bound<'py, PyAny>> {
        if player as usize >= self.players() {
            return Err(PyIndexError::new_err(format!("no seat {player}")));
        }
        json_to_py(
            py,
            &serde_json::Value::Object(describe::breakdown_json(&self.session.game, player)).to_string(),
        )
    }

    /// The public state: players with scores and breakdowns, turns, tiles
    /// placed, discarded and left, the seed and each expansion's public state.
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &describe::final_json(&self.session.game).to_string())
    }

    /// The game's configuration with every variant stated (as a dict).
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(&self.session.game.rules().config)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        json_to_py(py, &text)
    }

    /// The legal options of the pending decision (empty when the game is over).
    fn legal_actions(&mut self) -> Vec<PyAction> {
        let s = &mut self.session;
        s.options();
        py_actions(&s.game, &s.options)
    }

    /// Plays `action`: an `Action` from `legal_actions()`, its index in that
    /// list, or a move in record form (dict, or JSON text such as `"pass"`).
    /// An illegal action raises `IllegalActionError` and changes nothing.
    fn play(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(a) = action.cast::<PyAction>() {
            return self.session.play(&a.get().action);
        }
        if let Ok(i) = action.extract::<usize>() {
            let options = self.session.options();
            let Some(a) = options.get(i).cloned() else {
                return Err(illegal(
                    RefusalKind::NotAnOption,
                    format!("option {i} does not exist: there are {} legal options", options.len()),
                ));
            };
            return self.session.play(&a);
        }
        let text = if action.is_instance_of::<pyo3::types::PyString>() {
            let s: String = action.extract()?;
            if s.trim_start().starts_with(['{', '"']) {
                s
            } else {
                serde_json::to_string(&s).unwrap_or_default()
            }
        } else {
            py_to_json(action)?
        };
        let m: Move = serde_json::from_str(&text)
            .map_err(|e| illegal(RefusalKind::MalformedMove, format!("not a move in record form: {e}")))?;
        self.session.play_move(&m)
    }

    /// A copy to try actions on.
    fn clone(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        Clone::clone(self)
    }

    /// A copy in which everything the players cannot know (the order of the
    /// bag, dice, expansions' hidden information) is redrawn from `seed`.
    fn determinized(&self, seed: u64) -> PyGame {
        let mut copy = Clone::clone(self);
        copy.session.determinize(seed);
        copy
    }

    /// The game record as JSON text (what `carcassonne play --record` writes).
    /// Raises `RecordError` for a game whose draws were chosen
    /// (`redraw`) after a tile went back into the bag: no draw order names
    /// such draws.
    fn record(&self) -> PyResult<String> {
        Ok(self.session.checked_record()?.to_json())
    }

    /// Writes the record to `path`.
    fn save(&self, path: PathBuf) -> PyResult<()> {
        carcassonne_setup::write_atomically(&path, &self.record()?).map_err(|e| PyValueError::new_err(format!("{e:#}")))
    }

    /// The board as an SVG document.
    fn svg(&self) -> String {
        carcassonne_render::board_svg(&self.session.game)
    }

    /// The last action's events as turn-log lines.
    fn events(&self) -> Vec<String> {
        let g = &self.session.game;
        g.last_events()
            .iter()
            .filter_map(|e| describe::describe(g, e))
            .collect()
    }

    /// The score table as text.
    fn score_table(&self) -> String {
        describe::score_table(&self.session.game)
    }

    /// Number of flat action indices for a window of `radius`.
    #[pyo3(signature = (radius=15))]
    fn action_space_size(&mut self, radius: i32) -> PyResult<usize> {
        Ok(self.session.layout(radius)?.size())
    }

    /// One byte per flat action index: 1 where legal now.
    #[pyo3(signature = (radius=15))]
    fn action_mask<'py>(&mut self, py: Python<'py>, radius: i32) -> PyResult<Bound<'py, PyBytes>> {
        let layout = self.session.indexed(radius)?;
        let mut mask = vec![0u8; layout.size()];
        for i in self.session.indices.iter().flatten() {
            mask[*i as usize] = 1;
        }
        Ok(PyBytes::new(py, &mask))
    }

    /// The flat index of each option of `legal_actions()` (None: no slot left).
    #[pyo3(signature = (radius=15))]
    fn action_indices(&mut self, radius: i32) -> PyResult<Vec<Option<u32>>> {
        self.session.indexed(radius)?;
        Ok(self.session.indices.clone())
    }

    /// How many legal options have no structured index (overflow or none).
    #[pyo3(signature = (radius=15))]
    fn unindexed(&mut self, radius: i32) -> PyResult<usize> {
        let layout = self.session.indexed(radius)?;
        Ok(self
            .session
            .indices
            .iter()
            .filter(|i| i.is_none_or(|i| i as usize >= layout.overflow_base()))
            .count())
    }

    /// Plays the option with flat index `index`.
    #[pyo3(signature = (index, radius=15))]
    fn play_index(&mut self, index: usize, radius: i32) -> PyResult<()> {
        self.session.play_index(index, radius)
    }

    /// The observation of seat `player` as float32 bytes (see the README).
    #[pyo3(signature = (player, radius=15))]
    fn observation<'py>(&mut self, py: Python<'py>, player: u8, radius: i32) -> PyResult<Bound<'py, PyBytes>> {
        if player as usize >= self.players() {
            return Err(PyIndexError::new_err(format!(
                "no seat {player}: the game has {} seats",
                self.players()
            )));
        }
        let layout = self.session.layout(radius)?;
        let mut out = vec![0f32; layout.observation_len()];
        let s = &mut self.session;
        layout.observe(&s.game, player, &mut out, &mut s.completion);
        float_bytes(py, &out)
    }

    /// Length of `observation()` in float32 numbers.
    #[pyo3(signature = (radius=15))]
    fn observation_size(&mut self, radius: i32) -> PyResult<usize> {
        Ok(self.session.layout(radius)?.observation_len())
    }

    /// A compact observation of seat `player`, a few hundred numbers
    /// instead of the W × W planes: a dict of numpy arrays, `tiles` (int32,
    /// one row `[x, y, tile type, quarter turns]` per placed tile, in the
    /// order placed, wherever it lies), `figures` (int32, one row `[x, y,
    /// figure kind, owner's seat offset from the observer (-1: nobody's),
    /// deploy spot index (-1: none)]` per figure on the board) and
    /// `numbers` (float32: the observation's numbers after its planes,
    /// exactly, `observation_spec(radius)["vectors"]` less the planes'
    /// length). Tile types index `observation_spec()["tiles"]`, figure
    /// kinds `["figures"]`, spots `action_spec()["spots"]`. Expansions'
    /// per-tile counters (planes in `observation`) are not in it.
    #[pyo3(signature = (player, radius=15))]
    fn compact_observation<'py>(&mut self, py: Python<'py>, player: u8, radius: i32) -> PyResult<Bound<'py, PyDict>> {
        if player as usize >= self.players() {
            return Err(PyIndexError::new_err(format!(
                "no seat {player}: the game has {} seats",
                self.players()
            )));
        }
        let layout = self.session.layout(radius)?;
        let (mut tiles, mut figures) = (Vec::new(), Vec::new());
        layout.entities(&self.session.game, player, &mut tiles, &mut figures);
        let mut numbers = vec![0f32; layout.vector_len()];
        layout.observe_numbers(&self.session.game, player, &mut numbers);
        let d = PyDict::new(py);
        let flat: Vec<i32> = tiles.iter().flatten().copied().collect();
        d.set_item(
            "tiles",
            numpy_array(py, &le_bytes(&flat, i32::to_le_bytes), "<i4", (tiles.len(), 4))?,
        )?;
        let flat: Vec<i32> = figures.iter().flatten().copied().collect();
        d.set_item(
            "figures",
            numpy_array(py, &le_bytes(&flat, i32::to_le_bytes), "<i4", (figures.len(), 5))?,
        )?;
        d.set_item(
            "numbers",
            numpy_array(py, &le_bytes(&numbers, f32::to_le_bytes), "<f4", (numbers.len(),))?,
        )?;
        Ok(d)
    }

    /// The enabled expansions' counters now (what each declares of its
    /// state: eggs, goods held, tokens on trees), as a dict by
    /// `EXPANSION.ID`: `label`, `scope` (`game`, `seat` or `tile`),
    /// `values` (the value names; empty for a one-number counter) and
    /// `numbers`, unscaled: a list of one number per value (game), a list
    /// per seat of those (seat, by absolute seat), or a list of
    /// `{"at": [x, y], "numbers": [...]}` for the tiles that have any
    /// (tile). The observation holds the same numbers divided by each
    /// counter's `scale`.
    fn counters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        use carcassonne_core::{CounterPlace, CounterReadings, CounterScope};
        let game = &self.session.game;
        let seats = game.state().players();
        let mut out = serde_json::Map::new();
        for (slot, e) in game.rules().expansions().iter().enumerate() {
            let mut readings = CounterReadings::default();
            game.counters(slot as u8, &mut readings);
            for (i, decl) in e.info.counters.iter().enumerate() {
                let width = decl.width();
                let numbers =
                    |place: CounterPlace| -> Vec<i32> { (0..width).map(|v| readings.get(i, v, place)).collect() };
                let value = match decl.scope {
                    CounterScope::Game => serde_json::json!(numbers(CounterPlace::Game)),
                    CounterScope::Seat => serde_json::json!(
                        (0..seats as u8)
                            .map(|p| numbers(CounterPlace::Seat(p)))
                            .collect::<Vec<_>>()
                    ),
                    CounterScope::Tile => {
                        let mut at: Vec<carcassonne_core::Pos> = readings
                            .readings
                            .iter()
                            .filter(|r| r.counter == i)
                            .filter_map(|r| match r.place {
                                CounterPlace::Tile(p) => Some(p),
                                _ => None,
                            })
                            .collect();
                        at.sort_by_key(|p| (p.y, p.x));
                        at.dedup();
                        serde_json::json!(
                            at.iter()
                                .map(|&p| serde_json::json!({
                                    "at": [p.x, p.y],
                                    "numbers": numbers(CounterPlace::Tile(p)),
                                }))
                                .collect::<Vec<_>>()
                        )
                    }
                };
                out.insert(
                    format!("{}.{}", e.info.id, decl.id),
                    serde_json::json!({
                        "label": decl.label,
                        "scope": decl.scope.name(),
                        "values": decl.values,
                        "numbers": value,
                    }),
                );
            }
        }
        json_to_py(py, &serde_json::Value::Object(out).to_string())
    }

    /// The observation's layout for a window of `radius`, as a dict:
    /// `radius`, `width` (W), `planes` (the names of the W × W planes, in
    /// order), `vectors` ({name: (start, stop)} offsets of the numbers
    /// after the planes into the whole observation), `tile_code` (the
    /// names of a tile's channels: the first planes, and each rotation's
    /// block of `drawn-tile-code`), `tiles` (tile ids in the order of
    /// `drawn-tile` and `bag-by-tile`), `figures`, `players`, `size`, and
    /// `counters`: the enabled expansions' counters (`expansion`, `id`,
    /// `label`, `scope` of `game`, `seat` or `tile`, `values`, `scale`), a
    /// tile counter's planes named `EXPANSION.ID` (`EXPANSION.ID:VALUE`
    /// with several values), the others' numbers under `vectors` as
    /// `EXPANSION.ID`.
    #[pyo3(signature = (radius=15))]
    fn observation_spec<'py>(&mut self, py: Python<'py>, radius: i32) -> PyResult<Bound<'py, PyDict>> {
        let layout = self.session.layout(radius)?;
        let spec = layout.spec();
        let out = PyDict::new(py);
        out.set_item("radius", radius)?;
        out.set_item("width", layout.width())?;
        out.set_item("planes", spec.planes)?;
        let vectors = PyDict::new(py);
        for (name, start, stop) in spec.vectors {
            vectors.set_item(name, (start, stop))?;
        }
        out.set_item("vectors", vectors)?;
        out.set_item("tile_code", spec.code)?;
        out.set_item("tiles", layout.tile_ids().to_vec())?;
        out.set_item("figures", layout.figure_ids().to_vec())?;
        out.set_item("players", layout.players)?;
        out.set_item("size", layout.observation_len())?;
        let counters = PyList::empty(py);
        for (expansion, decl) in layout.counter_decls() {
            let c = PyDict::new(py);
            c.set_item("expansion", expansion)?;
            c.set_item("id", decl.id)?;
            c.set_item("label", decl.label)?;
            c.set_item("scope", decl.scope.name())?;
            c.set_item("values", decl.values.to_vec())?;
            c.set_item("scale", decl.scale)?;
            counters.append(c)?;
        }
        out.set_item("counters", counters)?;
        Ok(out)
    }

    /// The flat action index's layout for a window of `radius`, as a dict:
    /// `size`, `place` ((start, stop)), `pass` (the index), `deploy`
    /// ((start, stop)), `spots` (the names of one figure kind's deploy
    /// spots, such as `"city:E"`, `"field:NW"`, `"cloister"`,
    /// `"corner:NE"`: deploy index = `deploy[0] + f·len(spots) + s`),
    /// `figures` (figure kind ids, in `f` order) and `overflow` ((start, stop)).
    #[pyo3(signature = (radius=15))]
    fn action_spec<'py>(&mut self, py: Python<'py>, radius: i32) -> PyResult<Bound<'py, PyDict>> {
        let layout = self.session.layout(radius)?;
        let out = PyDict::new(py);
        out.set_item("size", layout.size())?;
        out.set_item("place", (0, layout.pass()))?;
        out.set_item("pass", layout.pass())?;
        out.set_item("deploy", (layout.deploy_base(), layout.overflow_base()))?;
        out.set_item("spots", layout.spec().spots)?;
        out.set_item("figures", layout.figure_ids().to_vec())?;
        out.set_item("overflow", (layout.overflow_base(), layout.size()))?;
        Ok(out)
    }

    /// Number of figure kinds (for the deployment block of the action index).
    #[getter]
    fn figure_kinds(&self) -> Vec<&'static str> {
        self.session.game.rules().figures().iter().map(|f| f.id).collect()
    }

    /// The bag before the first draw as (tile id, count) pairs in table
    /// order (a `draw_order` of the configuration aside).
    fn initial_bag(&self) -> Vec<(String, u32)> {
        let rules = self.session.game.rules();
        let mut counts: std::collections::BTreeMap<u16, u32> = std::collections::BTreeMap::new();
        for t in rules.initial_bag() {
            *counts.entry(*t).or_default() += 1;
        }
        counts
            .into_iter()
            .map(|(t, n)| (rules.tile(t).id().to_string(), n))
            .collect()
    }

    /// The bag before the first draw in its draw phases, first drawn
    /// first: each phase as (tile id, count) pairs in table order. One phase
    /// unless an expansion orders the bag (The River: its river tiles, then
    /// its lake, then the rest); every tile of a phase is drawn before any
    /// of the next.
    fn draw_phases(&self) -> Vec<Vec<(String, u32)>> {
        let rules = self.session.game.rules();
        let bag = rules.initial_bag();
        let mut end = bag.len();
        let mut phases = Vec::new();
        // The first phase lies at the end of the bag, the next before it.
        for &size in rules.draw_phases() {
            let start = end.saturating_sub(size as usize);
            let mut counts: std::collections::BTreeMap<u16, u32> = std::collections::BTreeMap::new();
            for &t in &bag[start..end] {
                *counts.entry(t).or_default() += 1;
            }
            phases.push(
                counts
                    .into_iter()
                    .map(|(t, n)| (rules.tile(t).id().to_string(), n))
                    .collect(),
            );
            end = start;
        }
        phases
    }

    /// This game replayed with the draws fixed to `draws` (tile ids, first
    /// drawn first): the game ends when they run out. Chance nodes of
    /// search frameworks (OpenSpiel) choose the draws this way.
    fn with_draw_order(&self, draws: Vec<String>) -> PyResult<PyGame> {
        let s = &self.session;
        let mut record = s.record();
        record.config.draw_order = Some(draws);
        Ok(PyGame {
            session: Session::replayed(&record, s.context.plugins.clone(), s.context.tiles_dir.clone())?,
        })
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("carcassonne._core")?.getattr("restore")?;
        (restore, (self.session.saved_state()?,)).into_pyobject(py)
    }

    fn __repr__(&self) -> String {
        let g = &self.session.game;
        format!(
            "<Game {} players, turn {}, scores {:?}{}>",
            g.state().players(),
            g.state().turn().number,
            self.session.scores(),
            if g.is_over() { ", over" } else { "" }
        )
    }
}

/// `values` as little-endian float32 bytes (numpy: `np.frombuffer(b, np.float32)`).
fn float_bytes<'py>(py: Python<'py>, values: &[f32]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, values.len() * 4, |buf| {
        for (chunk, v) in buf.chunks_exact_mut(4).zip(values) {
            chunk.copy_from_slice(&v.to_le_bytes());
        }
        Ok(())
    })
}

/// `bytes` as a new writable numpy array of `dtype` and `shape` (its own
/// memory: a bytearray's, which the array keeps alive).
fn numpy_array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: impl IntoPyObject<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let buffer = pyo3::types::PyByteArray::new(py, bytes);
    py.import("numpy")?
        .call_method1("frombuffer", (buffer, dtype))?
        .call_method1("reshape", (shape,))
}

/// Little-endian bytes of `values`.
fn le_bytes<const N: usize, T: Copy>(values: &[T], to: impl Fn(T) -> [u8; N]) -> Vec<u8> {
    values.iter().flat_map(|&v| to(v)).collect()
}

/// Rebuilds a game from `Game.__reduce__`'s state (pickling, Ray, OpenSpiel).
#[pyfunction]
pub fn restore(state: &str) -> PyResult<PyGame> {
    let v: serde_json::Value = serde_json::from_str(state).map_err(|e| RecordError::new_err(e.to_string()))?;
    let record = GameRecord::from_json(&v["record"].to_string()).map_err(|e| RecordError::new_err(e.to_string()))?;
    let plugins: Vec<PathBuf> = serde_json::from_value(v["plugins"].clone()).unwrap_or_default();
    let tiles: Option<PathBuf> = serde_json::from_value(v["tiles"].clone()).unwrap_or_default();
    let redraws: Vec<(usize, u64)> = serde_json::from_value(v["determinized"].clone()).unwrap_or_default();
    let rolls: std::collections::HashMap<usize, Vec<u32>> =
        serde_json::from_value::<Vec<(usize, Vec<u32>)>>(v["rolls"].clone())
            .unwrap_or_default()
            .into_iter()
            .collect();
    let setup = GameSetup::for_record(&record, &plugins, tiles.as_deref())
        .map_err(|e| RecordError::new_err(format!("{e:#}")))?;
    let mut session = Session::start(setup, plugins, tiles)?;
    session.noting = v["noting"].as_bool().unwrap_or(false);
    if session.noting {
        // `reroll` takes the last decision back.
        session.game.set_undoable(true);
    }
    let mut redraw = redraws.iter().peekable();
    for (i, m) in record.moves.iter().enumerate() {
        while let Some((_, seed)) = redraw.next_if(|(at, _)| *at == i) {
            session.determinize(*seed);
        }
        let chosen = rolls.get(&i).map_or(&[][..], Vec::as_slice);
        session
            .play_move_choosing(m, chosen)
            .map_err(|e| RecordError::new_err(format!("move {}: {e}", i + 1)))?;
        session.rolls_chosen |= !chosen.is_empty();
    }
    for (_, seed) in redraw {
        session.determinize(*seed);
    }
    Ok(PyGame { session })
}

/// The base game (id `base`, its own variants) and every expansion on offer
/// (linked, and loaded from `plugins`) with its variants, the shelf it
/// comes from (`group`: `base-game`, `big-box`, `mini`, `promo` or `fan`)
/// and its `year` (0: not known), as the command line's `expansions --json`
/// lists them; the base game's entry lists the groups in order with their
/// headings (`groups`).
#[pyfunction]
#[pyo3(signature = (plugins=Vec::new(), tiles=None))]
pub fn expansions<'py>(py: Python<'py>, plugins: Vec<PathBuf>, tiles: Option<PathBuf>) -> PyResult<Bound<'py, PyAny>> {
    let setup = GameSetup::base_game(&plugins, tiles.as_deref()).map_err(config_error)?;
    let listing = describe::expansions(&setup.catalog, &setup.tiles).map_err(config_error)?;
    json_to_py(py, &listing.to_string())
}

/// A built-in bot with its own seeded random stream: `random`, `greedy`, or
/// the search bot `mcts`, `mcts:N` (iterations a decision), `mcts:0.5s`
/// (time a decision), each mcts form optionally followed by `:threads=K`.
#[pyclass(module = "carcassonne._core", name = "Bot")]
pub struct PyBot {
    name: String,
    seed: u64,
    bot: Mutex<BotKind>,
}

/// The search bot kept as itself, so that its analysis can be asked for;
/// the others through the common trait.
enum BotKind {
    Search(Box<MctsBot>),
    Other(Box<dyn Bot>),
}

impl BotKind {
    fn bot(&mut self) -> &mut dyn Bot {
        match self {
            BotKind::Search(b) => b.as_mut(),
            BotKind::Other(b) => b.as_mut(),
        }
    }
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (name="random", seed=0))]
    fn new(name: &str, seed: u64) -> PyResult<PyBot> {
        // The bots crate's message names the bots and the forms (mcts:N, mcts:0.5s).
        let spec = BotSpec::parse(name).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let bot = match spec {
            BotSpec::Mcts(config) => BotKind::Search(Box::new(MctsBot::new(config, seed))),
            other => BotKind::Other(other.build(seed)),
        };
        Ok(PyBot {
            name: name.to_string(),
            seed,
            bot: Mutex::new(bot),
        })
    }

    /// The bot's option for `game`'s pending decision (None when it is over).
    fn choose(&self, game: &mut PyGame) -> Option<PyAction> {
        let s = &mut game.session;
        s.options();
        if s.options.is_empty() {
            return None;
        }
        let mut bot = self.bot.lock().unwrap_or_else(|p| p.into_inner());
        let k = bot.bot().choose(&s.game, &s.options).min(s.options.len() - 1);
        py_actions(&s.game, &s.options[k..=k]).pop().map(|mut a| {
            a.index = k;
            a
        })
    }

    /// Chooses and plays one option; returns it (None when the game is over).
    fn play(&self, game: &mut PyGame) -> PyResult<Option<PyAction>> {
        let Some(a) = self.choose(game) else { return Ok(None) };
        game.session.play(&a.action)?;
        Ok(Some(a))
    }

    /// What the search bot thinks of each option of `game`'s pending
    /// decision, as a dict: `actions` (the legal actions, as
    /// `legal_actions()` lists them), `visits` (iterations that tried each
    /// first), `q` (each one's mean reward in [0, 1] for the deciding
    /// player; NaN if never tried), `best` (the index the bot would play)
    /// and `iterations`. The search is the one `choose` runs, on the bot's
    /// own stream: targets for imitation or AlphaZero-style training.
    /// Raises `ValueError` for a bot that does not search, `IndexError`
    /// when the game is over.
    fn analyse<'py>(&self, py: Python<'py>, game: &mut PyGame) -> PyResult<Bound<'py, PyDict>> {
        let s = &mut game.session;
        s.options();
        if s.options.is_empty() {
            return Err(PyIndexError::new_err("the game is over: no decision to analyse"));
        }
        let mut bot = self.bot.lock().unwrap_or_else(|p| p.into_inner());
        let BotKind::Search(search) = &mut *bot else {
            return Err(PyValueError::new_err(format!(
                "Bot({:?}) does not search: analyse needs a search bot, mcts or mcts:N",
                self.name
            )));
        };
        let analysis = search.analyse(&s.game, &s.options);
        let out = PyDict::new(py);
        let actions: Vec<PyAction> = py_actions(&s.game, &s.options);
        out.set_item("actions", actions)?;
        out.set_item("visits", analysis.visits.clone())?;
        out.set_item("q", analysis.means.clone())?;
        out.set_item("best", analysis.best)?;
        out.set_item("iterations", analysis.stats.iterations)?;
        Ok(out)
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?}, seed={})", self.name, self.seed)
    }
}

/// Most games a `Batch` holds: each is a whole game in memory (some tens
/// of kilobytes), so ten million would abort the interpreter.
const MAX_BATCH_GAMES: usize = 1 << 16;

/// Largest observation buffer a `Batch` fills at once, in bytes.
const MAX_BATCH_OBSERVATION_BYTES: usize = 8 << 30;

/// Many games stepped together by flat action index: the fast path of
/// learning loops (one call per step of every game instead of one per game).
/// A finished game restarts at once with the next seed. Seats given to
/// built-in bots (`opponents`) are played in Rust inside `step`, so the
/// games wait only for the learner's seats.
#[pyclass(module = "carcassonne._core", name = "Batch")]
pub struct PyBatch {
    template: PyGame,
    layout: Arc<Layout>,
    games: Vec<Session>,
    /// Per game, per seat, the bot playing it (None: the learner).
    bots: Vec<Mutex<SeatBots>>,
    /// Per seat, the bot named for it.
    opponents: Vec<Option<BotSpec>>,
    radius: i32,
    next_seed: u64,
    rng: GameRng,
    finished: u64,
    threads: usize,
    /// Each game's seed.
    seeds: Vec<u64>,
    /// Whether games keep their moves, for `ended()`'s records.
    record: bool,
    /// The games the last step ended, before they restarted.
    ended: Vec<Ended>,
    /// Games ended because they outgrew the window, so far.
    outgrown: u64,
}

/// A game of a batch that a step ended (and restarted).
struct Ended {
    game: usize,
    seed: u64,
    scores: Vec<i32>,
    outgrown: bool,
    record: Option<String>,
}

fn reseeded(template: &PyGame, layout: &Arc<Layout>, seed: u64, record: bool) -> PyResult<Session> {
    let s = &template.session;
    let rules = s
        .game
        .rules()
        .reseeded(seed)
        .map_err(|e| ConfigError::new_err(e.to_string()))?;
    let game = Game::with_narration(Arc::new(rules), false).map_err(play_error)?;
    let mut session = Session::new(game, s.context.clone());
    session.recording = record;
    session.layout = Some(layout.clone());
    Ok(session)
}

/// A game's bots by seat (None: a learner's seat).
type SeatBots = Vec<Option<Box<dyn Bot>>>;

/// The bots of one game seeded `seed`, one per seat named in `opponents`.
fn seat_bots(opponents: &[Option<BotSpec>], seed: u64) -> SeatBots {
    opponents
        .iter()
        .enumerate()
        .map(|(seat, spec)| {
            spec.as_ref()
                .map(|b| b.build(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(seat as u64 + 1)))
        })
        .collect()
}

/// Plays the bots' seats of `s` until a learner's seat decides or the game ends.
fn play_bots(s: &mut Session, bots: &mut [Option<Box<dyn Bot>>]) -> Result<(), PlayError> {
    while let Some(d) = s.game.decision() {
        let Some(Some(bot)) = bots.get_mut(d.player() as usize) else {
            break;
        };
        s.game.legal_actions(&mut s.options);
        if s.options.is_empty() {
            break;
        }
        let k = bot.choose(&s.game, &s.options).min(s.options.len() - 1);
        let action = s.options[k].clone();
        s.play_unnoted(&action)?;
    }
    Ok(())
}

/// Where `out` (a writable C-contiguous float32 numpy array, or a
/// bytearray, of `len` numbers) keeps its numbers.
fn float_buffer(out: &Bound<'_, PyAny>, len: usize) -> PyResult<usize> {
    use pyo3::types::PyByteArray;
    if let Ok(b) = out.cast::<PyByteArray>() {
        if b.len() != len * 4 {
            return Err(PyValueError::new_err(format!(
                "out: a bytearray of {} bytes, but the observations take {} ({} float32)",
                b.len(),
                len * 4,
                len
            )));
        }
        let ptr = b.data() as usize;
        if len > 0 && !ptr.is_multiple_of(4) {
            return Err(PyValueError::new_err(
                "out: the bytearray's memory is not 4-byte aligned",
            ));
        }
        return Ok(ptr);
    }
    let bad = || {
        PyTypeError::new_err(format!(
            "out: a writable C-contiguous numpy float32 array of {len} numbers (or a bytearray of {} bytes)",
            len * 4
        ))
    };
    let iface = out.getattr("__array_interface__").map_err(|_| bad())?;
    let iface = iface.cast::<PyDict>().map_err(|_| bad())?;
    let get = |k: &str| iface.get_item(k).ok().flatten().ok_or_else(bad);
    let typestr: String = get("typestr")?.extract().map_err(|_| bad())?;
    let little = cfg!(target_endian = "little");
    if !(typestr == "<f4" && little || typestr == ">f4" && !little) {
        return Err(bad());
    }
    if !get("strides")?.is_none() {
        return Err(bad());
    }
    let shape: Vec<usize> = get("shape")?.extract().map_err(|_| bad())?;
    if shape.iter().product::<usize>() != len {
        return Err(PyValueError::new_err(format!(
            "out: an array of shape {shape:?}, but the observations take {len} numbers"
        )));
    }
    let (ptr, readonly): (usize, bool) = get("data")?.extract().map_err(|_| bad())?;
    if readonly || (len > 0 && (ptr == 0 || !ptr.is_multiple_of(4))) {
        return Err(bad());
    }
    Ok(ptr)
}

#[pymethods]
impl PyBatch {
    /// `n` games of `game`'s rules with seeds `seed`, `seed + 1` … (default:
    /// the game's seed); `radius` is the action window's. `opponents`
    /// seats built-in bots (`{1: "greedy"}`, names as for `Bot`): their
    /// turns are played inside `step`. `threads` fills observations on
    /// that many threads (0: one per core).
    #[new]
    #[pyo3(signature = (game, n, radius=15, seed=None, *, opponents=None, threads=0, record=false))]
    fn new(
        game: &mut PyGame,
        n: usize,
        radius: i32,
        seed: Option<u64>,
        opponents: Option<std::collections::HashMap<usize, String>>,
        threads: usize,
        record: bool,
    ) -> PyResult<PyBatch> {
        if radius < 1 {
            return Err(PyValueError::new_err(format!(
                "window radius {radius}: a batch needs at least 1 (radius 0 holds only the start tile, so no \
                 placement has an index)"
            )));
        }
        if n > MAX_BATCH_GAMES {
            return Err(PyValueError::new_err(format!(
                "a batch of {n} games; at most {MAX_BATCH_GAMES} (each holds a whole game in memory)"
            )));
        }
        let layout = game.session.layout(radius)?;
        let seats = game.session.game.state().players();
        let mut specs: Vec<Option<BotSpec>> = (0..seats).map(|_| None).collect();
        for (seat, name) in opponents.unwrap_or_default() {
            if seat >= seats {
                return Err(PyValueError::new_err(format!(
                    "opponents: no seat {seat}, the game has {seats} seats"
                )));
            }
            specs[seat] = Some(BotSpec::parse(&name).map_err(|e| PyValueError::new_err(e.to_string()))?);
        }
        if specs.iter().all(Option::is_some) {
            return Err(PyValueError::new_err(
                "opponents: every seat is a bot; leave at least one seat to the learner",
            ));
        }
        let first = seed.unwrap_or(game.session.game.rules().config.seed);
        let mut games = Vec::with_capacity(n);
        let mut bots = Vec::with_capacity(n);
        for i in 0..n as u64 {
            let seed = first.wrapping_add(i);
            let mut s = reseeded(game, &layout, seed, record)?;
            let mut b = seat_bots(&specs, seed);
            play_bots(&mut s, &mut b).map_err(play_error)?;
            games.push(s);
            bots.push(Mutex::new(b));
        }
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, usize::from)
        } else {
            threads.min(256)
        };
        Ok(PyBatch {
            template: Clone::clone(game),
            layout,
            games,
            bots,
            opponents: specs,
            radius,
            next_seed: first.wrapping_add(n as u64),
            rng: GameRng::new(first ^ 0x5eed),
            finished: 0,
            threads,
            seeds: (0..n as u64).map(|i| first.wrapping_add(i)).collect(),
            record,
            ended: Vec::new(),
            outgrown: 0,
        })
    }

    /// Number of games.
    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// Number of flat action indices.
    #[getter]
    fn action_space_size(&self) -> usize {
        self.layout.size()
    }

    /// Length of one game's observation in float32 numbers.
    #[getter]
    fn observation_size(&self) -> usize {
        self.layout.observation_len()
    }

    /// Games finished (and restarted) so far.
    #[getter]
    fn finished(&self) -> u64 {
        self.finished
    }

    /// Games ended because they outgrew the window so far (a decision none
    /// of whose legal options had an index at the batch's radius: every
    /// placement outside it); each is counted in `finished` too.
    #[getter]
    fn outgrown(&self) -> u64 {
        self.outgrown
    }

    /// Each game's seed (the game now in that row), a uint64 numpy array.
    #[getter]
    fn seeds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        numpy_array(py, &le_bytes(&self.seeds, u64::to_le_bytes), "<u8", (self.seeds.len(),))
    }

    /// The games the last `step` ended, before they restarted: a list of
    /// dicts with the row (`game`), its `seed`, final `scores`, `outgrown`
    /// (ended because it outgrew the window, not over) and `record` (the
    /// game's record as JSON, as `Game.record()` gives it, when the batch
    /// was made with `record=True`; else None).
    fn ended<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for e in &self.ended {
            let d = PyDict::new(py);
            d.set_item("game", e.game)?;
            d.set_item("seed", e.seed)?;
            d.set_item("scores", e.scores.clone())?;
            d.set_item("outgrown", e.outgrown)?;
            d.set_item("record", e.record.clone())?;
            list.append(d)?;
        }
        Ok(list)
    }

    /// The deciding seat of each game: a uint8 numpy array of n.
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v: Vec<u8> = self
            .games
            .iter()
            .map(|s| s.game.decision().map_or(0, |d| d.player()))
            .collect();
        numpy_array(py, &v, "u1", (v.len(),))
    }

    /// The action masks of all games: a bool numpy array of shape
    /// `(n, action_space_size)`, True where legal.
    fn masks<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let size = self.layout.size();
        let mut out = vec![0u8; size * self.games.len()];
        for (g, s) in self.games.iter_mut().enumerate() {
            s.indexed(self.radius)?;
            for i in s.indices.iter().flatten() {
                out[g * size + *i as usize] = 1;
            }
        }
        numpy_array(py, &out, "?", (self.games.len(), size))
    }

    /// The observations of the deciding seats, one row per game, filled in
    /// Rust on the batch's threads (the GIL released) into `out` — a
    /// writable C-contiguous float32 numpy array of `n × observation_size`
    /// numbers (any shape), or a bytearray of that many float32 — and
    /// returns it; without `out`, into a new numpy array of shape
    /// `(n, observation_size)`. Reuse `out` across steps: nothing else is
    /// allocated. Do not touch `out` from another thread meanwhile.
    #[pyo3(signature = (out=None))]
    fn observations<'py>(&mut self, py: Python<'py>, out: Option<Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyAny>> {
        let len = self.layout.observation_len();
        let total = len * self.games.len();
        if total.saturating_mul(4) > MAX_BATCH_OBSERVATION_BYTES {
            return Err(PyValueError::new_err(format!(
                "the observations of {} games at radius {} take {} bytes; at most {} at once (a smaller radius or batch)",
                self.games.len(),
                self.radius,
                total.saturating_mul(4),
                MAX_BATCH_OBSERVATION_BYTES
            )));
        }
        let out = match out {
            Some(o) => o,
            None => py
                .import("numpy")?
                .call_method1("empty", ((self.games.len(), len), "float32"))?,
        };
        let ptr = float_buffer(&out, total)?;
        if total == 0 {
            return Ok(out);
        }
        let layout = &*self.layout;
        let games = &mut self.games;
        let threads = self.threads.clamp(1, games.len().div_ceil(8).max(1));
        py.detach(|| {
            // SAFETY: `float_buffer` checked that `ptr` addresses `total`
            // writable, aligned float32 of `out` (its array interface or
            // bytearray), which this call holds a reference to, so it stays
            // alive and unresized; the slice is the only access this
            // process makes while the GIL is released. Without numpy's C
            // API (abi3 offers no buffer protocol before Python 3.11) this
            // is how the rows reach a caller's preallocated array.
            #[allow(unsafe_code)]
            let all = unsafe { std::slice::from_raw_parts_mut(ptr as *mut f32, total) };
            let per = games.len().div_ceil(threads);
            std::thread::scope(|scope| {
                for (chunk, rows) in games.chunks_mut(per).zip(all.chunks_mut(per * len)) {
                    scope.spawn(move || {
                        for (s, row) in chunk.iter_mut().zip(rows.chunks_exact_mut(len)) {
                            let me = s.game.decision().map_or(0, |d| d.player());
                            layout.observe(&s.game, me, row, &mut s.completion);
                        }
                    });
                }
            });
        });
        Ok(out)
    }

    /// Every game's compact observation (`Game.compact_observation`) of its
    /// deciding seat, in one call: a dict of numpy arrays, `tiles` (int32,
    /// rows `[x, y, tile type, quarter turns]` of every game, game after
    /// game) with `tile_offsets` (int32, n + 1: game `g`'s rows are
    /// `tiles[tile_offsets[g]:tile_offsets[g+1]]`), `figures` (int32, rows
    /// `[x, y, kind, owner offset, spot]`) with `figure_offsets`, and
    /// `numbers` (float32, `(n, numbers)`).
    fn compact_observations<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let layout = &*self.layout;
        let width = layout.vector_len();
        let (mut tiles, mut figures) = (Vec::new(), Vec::new());
        let (mut tile_offsets, mut figure_offsets) = (vec![0i32], vec![0i32]);
        let mut numbers = vec![0f32; width * self.games.len()];
        for (s, row) in self.games.iter().zip(numbers.chunks_exact_mut(width.max(1))) {
            let me = s.game.decision().map_or(0, |d| d.player());
            layout.entities(&s.game, me, &mut tiles, &mut figures);
            layout.observe_numbers(&s.game, me, &mut row[..width]);
            tile_offsets.push(tiles.len() as i32);
            figure_offsets.push(figures.len() as i32);
        }
        let d = PyDict::new(py);
        let flat: Vec<i32> = tiles.iter().flatten().copied().collect();
        d.set_item(
            "tiles",
            numpy_array(py, &le_bytes(&flat, i32::to_le_bytes), "<i4", (tiles.len(), 4))?,
        )?;
        d.set_item(
            "tile_offsets",
            numpy_array(
                py,
                &le_bytes(&tile_offsets, i32::to_le_bytes),
                "<i4",
                (tile_offsets.len(),),
            )?,
        )?;
        let flat: Vec<i32> = figures.iter().flatten().copied().collect();
        d.set_item(
            "figures",
            numpy_array(py, &le_bytes(&flat, i32::to_le_bytes), "<i4", (figures.len(), 5))?,
        )?;
        d.set_item(
            "figure_offsets",
            numpy_array(
                py,
                &le_bytes(&figure_offsets, i32::to_le_bytes),
                "<i4",
                (figure_offsets.len(),),
            )?,
        )?;
        d.set_item(
            "numbers",
            numpy_array(
                py,
                &le_bytes(&numbers, f32::to_le_bytes),
                "<f4",
                (self.games.len(), width),
            )?,
        )?;
        Ok(d)
    }

    /// The legal flat indices of all games at once: (indices, offsets) as
    /// int32 numpy arrays, game `g`'s indices being `indices[offsets[g]:offsets[g+1]]`
    /// in legal-list order (a sparse form of `masks()`, for choosing without
    /// a dense mask).
    fn legal<'py>(&mut self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let mut indices: Vec<u8> = Vec::new();
        let mut offsets: Vec<u8> = Vec::with_capacity(4 * (self.games.len() + 1));
        let mut count: i32 = 0;
        offsets.extend(count.to_le_bytes());
        for s in &mut self.games {
            s.indexed(self.radius)?;
            for i in s.indices.iter().flatten() {
                indices.extend((*i as i32).to_le_bytes());
                count += 1;
            }
            offsets.extend(count.to_le_bytes());
        }
        Ok((
            numpy_array(py, &indices, "<i4", (indices.len() / 4,))?,
            numpy_array(py, &offsets, "<i4", (offsets.len() / 4,))?,
        ))
    }

    /// Plays one flat action index per game, then the bots' seats until a
    /// learner's seat decides again (the games' bots on the batch's
    /// threads); returns each game's score change per seat over that span
    /// (an int32 numpy array of shape `(n, seats)`, before any restart)
    /// and a bool array of n, True where the game ended (and restarted: its
    /// final scores and record in `ended()`). A game also ends when it
    /// outgrows the window: a decision none of whose options has an index
    /// (`outgrown`). An illegal index raises `IllegalActionError`: the
    /// games before it in the batch have moved, that one and those after
    /// it have not.
    fn step<'py>(&mut self, py: Python<'py>, actions: Vec<usize>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        if actions.len() != self.games.len() {
            return Err(PyValueError::new_err(format!(
                "{} actions for {} games",
                actions.len(),
                self.games.len()
            )));
        }
        let choice: Vec<Option<usize>> = actions.into_iter().map(Some).collect();
        self.advance(py, &choice)
    }

    /// Plays a uniformly random legal option in every game (from the
    /// batch's own seeded stream), then the bots' seats; returns what
    /// `step` returns.
    fn step_random<'py>(&mut self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let none = vec![None; self.games.len()];
        self.advance(py, &none)
    }
}

impl PyBatch {
    fn advance<'py>(
        &mut self,
        py: Python<'py>,
        indices: &[Option<usize>],
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let seats = self.template.session.game.state().players();
        self.ended.clear();
        let mut rewards = Vec::with_capacity(self.games.len() * seats * 4);
        let mut done = Vec::with_capacity(self.games.len());
        let radius = self.radius;
        let has_bots = self.opponents.iter().any(Option::is_some);
        let threads = self.threads.max(1);
        let result = py.detach(|| -> PyResult<()> {
            // The learners' actions, game after game (the batch's stream
            // chooses the random ones in game order); an illegal one stops
            // here, and only the games before it go on.
            let mut befores = Vec::with_capacity(indices.len());
            let mut refused = None;
            for (s, index) in self.games.iter_mut().zip(indices) {
                let before = s.scores();
                let played = match *index {
                    Some(index) => s.play_index(index, radius),
                    None => {
                        s.options();
                        let k = self.rng.below(s.options.len().max(1) as u32) as usize;
                        match s.options.get(k).cloned() {
                            Some(action) => s.play_unnoted(&action).map_err(play_error),
                            None => Ok(()),
                        }
                    }
                };
                if let Err(e) = played {
                    refused = Some(e);
                    break;
                }
                befores.push(before);
            }
            let moved = befores.len();
            // The bots' turns, each game on its own, on the batch's threads.
            if has_bots && moved > 0 {
                let per = moved.div_ceil(threads);
                let games = &mut self.games[..moved];
                let bots = &mut self.bots[..moved];
                let failed = std::thread::scope(|scope| {
                    let handles: Vec<_> = games
                        .chunks_mut(per)
                        .zip(bots.chunks_mut(per))
                        .map(|(games, bots)| {
                            scope.spawn(move || {
                                for (s, b) in games.iter_mut().zip(bots.iter_mut()) {
                                    let b = b.get_mut().unwrap_or_else(|p| p.into_inner());
                                    play_bots(s, b)?;
                                }
                                Ok::<(), PlayError>(())
                            })
                        })
                        .collect();
                    // Every thread joined before the first failure is told.
                    let joined: Vec<_> = handles.into_iter().map(|h| h.join()).collect();
                    joined.into_iter().find_map(|j| match j {
                        Ok(r) => r.err().map(play_error),
                        Err(_) => Some(ExpansionError::new_err("a bot's thread panicked")),
                    })
                });
                if let Some(e) = failed {
                    return Err(e);
                }
            }
            for (g, before) in befores.iter().enumerate() {
                let s = &mut self.games[g];
                let after = s.scores();
                rewards.extend(before.iter().zip(&after).flat_map(|(b, a)| (a - b).to_le_bytes()));
                let over = s.game.is_over();
                let outgrown = !over && s.outgrown(radius)?;
                done.push(u8::from(over || outgrown));
                if over || outgrown {
                    self.finished += 1;
                    self.outgrown += u64::from(outgrown);
                    self.ended.push(Ended {
                        game: g,
                        seed: self.seeds[g],
                        scores: after,
                        outgrown,
                        record: self.record.then(|| s.record().to_json()),
                    });
                    let seed = self.next_seed;
                    self.next_seed = self.next_seed.wrapping_add(1);
                    self.seeds[g] = seed;
                    let mut fresh = reseeded(&self.template, &self.layout, seed, self.record)?;
                    let mut bots = seat_bots(&self.opponents, seed);
                    play_bots(&mut fresh, &mut bots).map_err(play_error)?;
                    self.games[g] = fresh;
                    self.bots[g] = Mutex::new(bots);
                }
            }
            refused.map_or(Ok(()), Err)
        });
        result?;
        let n = done.len();
        Ok((
            numpy_array(py, &rewards, "<i4", (n, seats))?,
            numpy_array(py, &done, "?", (n,))?,
        ))
    }
}

/// Plays shard `shard` of `of` of a run of `games` seeded bot games, as
/// `carcassonne simulate --shard K/N --jsonl` does, and returns its JSON
/// lines. The game is chosen as for `Game(...)`; the GIL is released
/// while the games run on `threads` threads (0: all cores).
#[pyfunction]
#[pyo3(signature = (games, shard=0, of=1, *, config=None, players=None, seed=None, expansions=None, variants=None, parts=None, tiles_only=None, plugins=Vec::new(), tiles=None, bot="random", threads=1))]
#[allow(clippy::too_many_arguments)]
pub fn simulate_shard(
    py: Python<'_>,
    games: u64,
    shard: u64,
    of: u64,
    config: Option<&Bound<'_, PyAny>>,
    players: Option<usize>,
    seed: Option<u64>,
    expansions: Option<Vec<String>>,
    variants: Option<&Bound<'_, PyAny>>,
    parts: Option<&Bound<'_, PyAny>>,
    tiles_only: Option<Vec<String>>,
    plugins: Vec<PathBuf>,
    tiles: Option<PathBuf>,
    bot: &str,
    threads: usize,
) -> PyResult<String> {
    use carcassonne_lab::simulate;
    let setup = setup_of(
        config, players, seed, expansions, variants, parts, tiles_only, plugins, tiles,
    )?;
    py.detach(|| {
        let (header, results) = simulate::run_shard(&setup, games, (shard, of), threads, bot, false)?;
        simulate::shard_jsonl(&header, &results)
    })
    .map_err(config_error)
}

/// The summary of shards' JSON lines (`texts`, any order), exactly as
/// `carcassonne simulate merge` prints it (pretty JSON with `json`).
#[pyfunction]
#[pyo3(signature = (texts, json=false))]
pub fn merge_shards(texts: Vec<String>, json: bool) -> PyResult<String> {
    use carcassonne_lab::simulate;
    let named: Vec<(String, String)> = texts
        .into_iter()
        .enumerate()
        .map(|(i, t)| (format!("shard text {}", i + 1), t))
        .collect();
    let merged = simulate::merge(&named).map_err(|e| PyValueError::new_err(format!("{e:#}")))?;
    simulate::summary_output(&merged.header, &merged.results, json).map_err(|e| PyValueError::new_err(format!("{e:#}")))
}
