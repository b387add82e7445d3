//! What each fuzz target checks, as plain functions of the input bytes.
//!
//! The targets in `fuzz_targets/` call these, and so does the normal test
//! suite (`core/tests/fuzz_regressions.rs`, which includes this file) on the
//! crash inputs kept under `core/tests/fuzz-regressions/<target>/`: a crash
//! found by the fuzzer is a failing test until it is fixed, with the very
//! same checks. A broken property panics; an input the engine refuses is
//! returned as `Err(message)`.
//!
//! Only `carcassonne-core`, `toml` and `serde_json` are used (the core's own
//! dependencies), so that the core's tests can include the file.

#![allow(dead_code)]

use carcassonne_core::board::PlacedTile;
use carcassonne_core::figures::{PlacedFigure, Spot};
use carcassonne_core::state::Turn;
use carcassonne_core::tiles::{TileType, parse_tile_set};
use carcassonne_core::{
    Action, Catalog, Decision, Deployment, Event, Game, GameConfig, GameRecord, Phase, Pos, RecordError, Rotation,
    Rules, TileSource,
};
use std::sync::{Arc, OnceLock};

/// Upper bound on the actions played after a successful set-up, so that one
/// input stays fast whatever it describes.
pub const MAX_ACTIONS: usize = 40;

/// Plays the first listed option up to `limit` times; every listed option
/// must be accepted.
pub fn play_listed(game: &mut Game, limit: usize) {
    let mut options = Vec::new();
    for _ in 0..limit {
        game.legal_actions(&mut options);
        let Some(first) = options.first().cloned() else {
            assert!(
                game.is_over(),
                "a pending decision without options: {:?}",
                game.decision()
            );
            return;
        };
        if let Err(e) = game.play(&first) {
            panic!("listed option {first:?} was refused: {e}");
        }
    }
}

/// `action` as the engine lists it: a rotation of a symmetric tile that
/// gives the same picture as a smaller one is the same move, listed once,
/// under the smallest rotation.
pub fn canonical(game: &Game, action: &Action) -> Action {
    match (game.decision(), action) {
        (Some(Decision::Place { tile, .. }), Action::Place { pos, rotation }) => Action::Place {
            pos: *pos,
            rotation: game.rules().tile(tile).canonical(*rotation),
        },
        _ => action.clone(),
    }
}

// ------------------------------------------------------------- tile_set

/// A scratch tile directory of this process.
fn scratch() -> &'static std::path::Path {
    static DIR: OnceLock<std::path::PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("carcassonne-fuzz-tiles-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch dir");
        dir
    })
}

/// The tile loader on arbitrary text: a tile set, or located problems. A set
/// that names a start tile is also played a little as the game's base set.
pub fn tile_set(data: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(data);
    let catalog = Catalog::default();
    let set = match parse_tile_set("fuzz.toml", &text, &catalog) {
        Ok(set) => set,
        Err(problems) => {
            assert!(!problems.0.is_empty(), "an error without a problem");
            for p in &problems.0 {
                assert!(p.line >= 1 && p.column >= 1, "{p}");
                assert!(!p.message.is_empty(), "{p:?}");
                let _ = p.render(&text);
            }
            return Err(problems.to_string());
        }
    };
    for (i, def) in set.tiles.iter().enumerate() {
        let tt = TileType::new(i as u16, &set.id, def.clone(), catalog.landscape());
        assert!(tt.distinct_rotations().count() >= 1);
    }
    if set.start.is_some() && set.total() <= 2_000 {
        std::fs::write(scratch().join("base.toml"), text.as_bytes()).expect("write base.toml");
        let tiles = TileSource {
            dir: Some(scratch().to_path_buf()),
        };
        let rules = Rules::new(&catalog, &GameConfig::with_players(2), &tiles)
            .unwrap_or_else(|e| panic!("a valid set with a start tile is refused: {e}"));
        let mut game = Game::new(Arc::new(rules)).expect("no expansion to fail");
        play_listed(&mut game, MAX_ACTIONS);
    }
    Ok(())
}

// ---------------------------------------------------------------- config

/// TOML text → `GameConfig` → `Rules::new` (no expansion linked) → a few
/// turns. `Err` when the text is not a configuration or the rules refuse it.
pub fn config(data: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(data);
    let config = toml::from_str::<GameConfig>(&text).map_err(|e| e.to_string())?;
    let rules = Rules::new(&Catalog::default(), &config, &TileSource::default()).map_err(|e| {
        let message = e.to_string();
        assert!(!message.is_empty(), "{e:?}");
        message
    })?;
    let mut game = Game::new(Arc::new(rules)).expect("no expansion to fail");
    play_listed(&mut game, MAX_ACTIONS);
    Ok(())
}

// ---------------------------------------------------------------- record

/// `GameRecord::from_json` then `replay` (no expansion linked). A record that
/// reads is written back and must read as the same record.
pub fn record(data: &[u8]) -> Result<(), String> {
    let text = std::str::from_utf8(data).map_err(|e| e.to_string())?;
    let record = match GameRecord::from_json(text) {
        Ok(r) => r,
        Err(e) => {
            assert!(
                matches!(
                    e,
                    RecordError::Parse(_) | RecordError::Format { .. } | RecordError::OldFormat { .. }
                ),
                "{e:?}"
            );
            let message = e.to_string();
            assert!(!message.is_empty());
            return Err(message);
        }
    };
    let written = record.to_json();
    let again = GameRecord::from_json(&written)
        .unwrap_or_else(|e| panic!("a record the engine wrote does not read back: {e}\n{written}"));
    assert_eq!(again, record, "a record changed when written and read back");
    match record.replay(&Catalog::default(), &TileSource::default()) {
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty(), "{e:?}");
            Err(message)
        }
        Ok(mut game) => {
            play_listed(&mut game, 4);
            Ok(())
        }
    }
}

// ------------------------------------------------------------- decisions

/// The input, read a few bytes at a time; zeros once it runs out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn u8(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }

    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    fn i32(&mut self) -> i32 {
        i32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Everything a refused action must leave as it was.
#[derive(Debug, PartialEq)]
struct Snapshot {
    decision: Option<Decision>,
    phase: Phase,
    turn: Turn,
    scores: Vec<i32>,
    breakdowns: Vec<Vec<i32>>,
    supply: Vec<u8>,
    tiles: Vec<PlacedTile>,
    frontier: Vec<Pos>,
    figures: Vec<PlacedFigure>,
    tiles_left: usize,
    discarded: Vec<u16>,
    events: Vec<Event>,
    options: Vec<Action>,
}

fn snapshot(game: &Game) -> Snapshot {
    let s = game.state();
    let players = 0..s.players() as u8;
    let kinds = game.rules().figures().len() as u8;
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    Snapshot {
        decision: game.decision(),
        phase: s.phase(),
        turn: s.turn().clone(),
        scores: players.clone().map(|p| s.score(p)).collect(),
        breakdowns: players.clone().map(|p| s.breakdown(p).to_vec()).collect(),
        supply: players.flat_map(|p| (0..kinds).map(move |k| s.supply(p, k))).collect(),
        tiles: s.board().tiles().to_vec(),
        frontier: s.board().frontier().to_vec(),
        figures: s.figures().to_vec(),
        tiles_left: s.tiles_left(),
        discarded: s.discarded().to_vec(),
        events: game.last_events().to_vec(),
        options,
    }
}

/// A position: a frontier cell, a cell near a placed tile, or any cell.
fn position(game: &Game, input: &mut Bytes<'_>) -> Pos {
    let board = game.state().board();
    match input.u8() % 4 {
        0 if !board.frontier().is_empty() => board.frontier()[input.u16() as usize % board.frontier().len()],
        1 | 2 => {
            let tiles = board.tiles();
            let base = tiles[input.u16() as usize % tiles.len()].pos;
            let (dx, dy) = (i32::from(input.u8() as i8 % 3), i32::from(input.u8() as i8 % 3));
            Pos::new(base.x + dx, base.y + dy)
        }
        _ => Pos::new(input.i32(), input.i32()),
    }
}

/// An arbitrary action, legal or not.
fn arbitrary_action(game: &Game, input: &mut Bytes<'_>) -> Action {
    match input.u8() % 5 {
        0 | 1 => Action::Place {
            pos: position(game, input),
            rotation: Rotation::quarters(input.u8()),
        },
        2 => {
            let figure = input.u8() % 3;
            let pos = position(game, input);
            let spot = match input.u8() {
                b if b < 200 => Spot::Feature(b % 20),
                b => Spot::Corner(b % 6),
            };
            Action::Deploy(Deployment { figure, pos, spot })
        }
        3 => Action::Pass,
        _ => Action::Expansion {
            slot: input.u8() % 3,
            action: Box::new(input.u8()),
        },
    }
}

/// The base game's rules for `players` and `seed`.
fn base_rules(players: usize, seed: u64) -> Arc<Rules> {
    // Reading the base set dominates a short game: keep the rules of each
    // player count and seed (the input picks among 256 seeds).
    thread_local! {
        static RULES: std::cell::RefCell<std::collections::HashMap<(usize, u64), Arc<Rules>>> =
            Default::default();
    }
    RULES.with_borrow_mut(|all| {
        Arc::clone(all.entry((players, seed)).or_insert_with(|| {
            let mut config = GameConfig::with_players(players);
            config.seed = seed;
            Arc::new(Rules::new(&Catalog::default(), &config, &TileSource::default()).expect("the base game"))
        }))
    })
}

/// A base game (player count and seed from the input) driven by the input:
/// each step plays a listed option (which must be accepted) or an arbitrary
/// action, which is accepted exactly when it is listed and otherwise leaves
/// the game as it was. Accepted actions are written as record moves, read
/// back as the same actions, and the record replays to the same game.
pub fn decisions(data: &[u8]) {
    let mut input = Bytes(data);
    let players = 2 + usize::from(input.u8() % 5);
    let seed = u64::from(input.u8());
    let rules = base_rules(players, seed);
    let mut game = Game::new(Arc::clone(&rules)).expect("no expansion to fail");
    let mut record = GameRecord::new(rules.config.clone());
    let mut options = Vec::new();
    let mut steps = 0;
    while !input.is_empty() && !game.is_over() && steps < 400 {
        steps += 1;
        game.legal_actions(&mut options);
        assert!(
            !options.is_empty(),
            "a pending decision without options: {:?}",
            game.decision()
        );
        let action = if input.u8() % 2 == 0 {
            options[input.u16() as usize % options.len()].clone()
        } else {
            arbitrary_action(&game, &mut input)
        };
        let listed = options.contains(&canonical(&game, &action));
        // The record form of a listed action reads back as that action.
        let mv = listed.then(|| game.move_of(&action));
        if let Some(mv) = &mv {
            let back = game
                .action_from_move(mv)
                .unwrap_or_else(|e| panic!("the move {mv:?} of {action:?} does not read back: {e}"));
            assert_eq!(canonical(&game, &back), canonical(&game, &action), "{mv:?}");
        }
        let before = snapshot(&game);
        match game.play(&action) {
            Ok(()) => {
                let Some(mv) = mv else {
                    panic!("{action:?} was accepted but is not listed among {options:?}");
                };
                record.moves.push(mv);
            }
            Err(e) => {
                assert!(!listed, "listed option {action:?} was refused: {e}");
                assert!(!e.to_string().is_empty());
                assert_eq!(snapshot(&game), before, "refusing {action:?} ({e}) changed the game");
            }
        }
    }
    // The record of what was accepted reads back and replays to the same
    // game (as `GameRecord::replay` does, on the rules already built).
    let text = record.to_json();
    let read =
        GameRecord::from_json(&text).unwrap_or_else(|e| panic!("the engine's record does not read: {e}\n{text}"));
    assert_eq!(read, record, "the record changed when written and read back");
    assert_eq!(read.config, rules.config);
    let mut replayed = Game::new(rules).expect("no expansion to fail");
    for (i, m) in read.moves.iter().enumerate() {
        let action = replayed
            .action_from_move(m)
            .unwrap_or_else(|e| panic!("move {} does not read: {e}\n{text}", i + 1));
        replayed
            .play(&action)
            .unwrap_or_else(|e| panic!("move {} does not replay: {e}\n{text}", i + 1));
    }
    assert_eq!(
        snapshot(&game),
        snapshot(&replayed),
        "the replayed record differs\n{text}"
    );
}
