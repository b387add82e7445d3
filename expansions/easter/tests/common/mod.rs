//! Replaying the hand-written records under tests/records/ and reading what
//! the Easter expansion logged and holds.

#![allow(dead_code)]

use carcassonne_core::serde_json::{self, Value};
use carcassonne_core::{Action, Catalog, Event, ExpansionInfo, Game, GameRecord, Pos, Rules, TileSource};
use carcassonne_easter::State;
use std::path::PathBuf;
use std::sync::Arc;

/// The tiles directory of the workspace, so the shipped files are tested.
pub fn tiles() -> TileSource {
    TileSource {
        dir: Some(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))),
    }
}

/// The record `name` (under tests/records/) with easter `variants` set.
pub fn record(name: &str, variants: &[(&str, &str)]) -> GameRecord {
    let path = format!("{}/tests/records/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut record = GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    for (k, v) in variants {
        record
            .config
            .variants
            .entry("easter".into())
            .or_default()
            .insert(k.to_string(), carcassonne_core::Value::Text(v.to_string()));
    }
    record
}

/// A replayed game with every event it produced, in order.
pub struct Replayed {
    /// The game after the last move.
    pub game: Game,
    /// Every event since the start tile.
    pub events: Vec<Event>,
}

/// Replays `record` move by move with the Easter expansion and `others`.
pub fn play(record: &GameRecord, others: &[&'static ExpansionInfo]) -> Replayed {
    let mut catalog = Catalog::default();
    catalog.add(&carcassonne_easter::INFO).unwrap();
    for info in others {
        catalog.add(info).unwrap();
    }
    // As `GameRecord::replay` does: unstated variants take the defaults of
    // the engine the record names (0.1.0 when it names none).
    let config = record.played_config(&catalog).expect("the record states what it must");
    let rules = Arc::new(Rules::new(&catalog, &config, &tiles()).expect("the record's configuration is valid"));
    let mut game = Game::new(rules).expect("the game starts");
    let mut events = game.last_events().to_vec();
    for (i, m) in record.moves.iter().enumerate() {
        let action = game
            .action_from_move(m)
            .unwrap_or_else(|e| panic!("move {}: {e}", i + 1));
        game.play(&action).unwrap_or_else(|e| panic!("move {}: {e}", i + 1));
        events.extend_from_slice(game.last_events());
    }
    // The record API replays to the same state.
    let again = record.replay(&catalog, &tiles()).expect("the record replays");
    assert_eq!(state_of(&again), state_of(&game));
    Replayed { game, events }
}

/// Replays the record `name` with `variants`, Easter alone.
pub fn replay(name: &str, variants: &[(&str, &str)]) -> Replayed {
    play(&record(name, variants), &[])
}

/// Replays only the first `moves` moves of the record `name`.
pub fn replay_prefix(name: &str, variants: &[(&str, &str)], moves: usize) -> Replayed {
    let mut r = record(name, variants);
    r.moves.truncate(moves);
    play(&r, &[])
}

/// The Easter expansion's state.
pub fn state_of(game: &Game) -> &State {
    let slot = game.rules().expansion_slot("easter").expect("easter is on");
    game.expansion_state(slot)
        .as_any()
        .downcast_ref::<State>()
        .expect("the easter slot holds the easter state")
}

/// What the Easter expansion logged, in order.
pub fn logs(game: &Game, events: &[Event]) -> Vec<Value> {
    let slot = game.rules().expansion_slot("easter").expect("easter is on");
    events
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { slot: s, detail } if *s == slot => Some(detail.clone()),
            _ => None,
        })
        .collect()
}

/// The logged rolls as (player, face, hops rolled, hops the path must have).
pub fn rolls(r: &Replayed) -> Vec<(u64, u64, u64, u64)> {
    logs(&r.game, &r.events)
        .iter()
        .filter(|d| d.get("roll").is_some())
        .map(|d| {
            let n = |k: &str| d[k].as_u64().unwrap();
            (n("player"), n("roll"), n("rolled"), n("hops"))
        })
        .collect()
}

/// The logged bunny moves as (player, path, eggs gained by seat).
pub fn bunny_moves(r: &Replayed) -> Vec<(u64, Vec<Pos>, Vec<u32>)> {
    logs(&r.game, &r.events)
        .iter()
        .filter(|d| d.get("bunny-path").is_some())
        .map(|d| {
            (
                d["player"].as_u64().unwrap(),
                serde_json::from_value(d["bunny-path"].clone()).unwrap(),
                serde_json::from_value(d["eggs"].clone()).unwrap(),
            )
        })
        .collect()
}

/// The logged nest scorings as (nest, placer, eggs gained by seat).
pub fn nests(r: &Replayed) -> Vec<(Pos, u64, Vec<u32>)> {
    logs(&r.game, &r.events)
        .iter()
        .filter(|d| d.get("nest").is_some())
        .map(|d| {
            (
                serde_json::from_value(d["nest"].clone()).unwrap(),
                d["placer"].as_u64().unwrap(),
                serde_json::from_value(d["eggs"].clone()).unwrap(),
            )
        })
        .collect()
}

/// Each player's points under the `easter` score source.
pub fn easter_points(game: &Game) -> Vec<i32> {
    let source = game
        .rules()
        .score_sources()
        .iter()
        .position(|s| s == "easter")
        .expect("the easter score source is declared");
    (0..game.state().players() as u8)
        .map(|p| game.state().breakdown(p)[source])
        .collect()
}

/// The paths offered by the pending bunny-path decision, in order.
pub fn offered_paths(game: &Game) -> Vec<Vec<Pos>> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out.iter()
        .map(|a| match a {
            Action::Expansion { action, .. } => serde_json::from_value::<carcassonne_easter::Action>(action.to_json())
                .expect("an easter option")
                .path
                .to_vec(),
            other => panic!("expected a bunny path decision, got {other:?}"),
        })
        .collect()
}

/// Shorthand for a list of positions.
pub fn ps(cells: &[[i32; 2]]) -> Vec<Pos> {
    cells.iter().map(|&c| Pos::from(c)).collect()
}
