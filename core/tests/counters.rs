//! Counters an expansion declares (`ExpansionInfo::counters`) and writes
//! (`Expansion::counters`): what a host reads through `Game::counters`, the
//! writes the engine drops for not matching the declarations, and
//! declarations the catalog refuses.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::registry::CatalogError;
use carcassonne_core::{
    Action, BuildContext, Catalog, CoreState, CounterDecl, CounterPlace, CounterReadings, CounterScope, CounterSink,
    Ctx, Expansion, ExpansionInfo, Game, GameConfig, Hooks, Pos, Rules, TileSource,
};
use std::sync::Arc;

/// Keeps, per seat, the tiles placed and, per tile, the turn it came in;
/// with `stray`, also writes values it does not declare.
struct Tally {
    stray: bool,
}

#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
struct State {
    placed_by: Vec<u32>,
    turns: Vec<(Pos, u32)>,
}

impl Expansion for Tally {
    type State = State;
    type Action = ();

    fn setup(&self, ctx: &mut Ctx<'_>) -> State {
        State {
            placed_by: vec![0; ctx.view().players()],
            turns: Vec::new(),
        }
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
    }

    fn tile_placed_keeps_deployments(&self) -> bool {
        true
    }

    fn tile_placed(&self, state: &mut State, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        let player = ctx.view().turn().player;
        state.placed_by[player as usize] += 1;
        let turn = state.turns.len() as u32 + 1;
        state.turns.push((placed.pos, turn));
    }

    fn counters(&self, state: &State, _view: &CoreState, out: &mut dyn CounterSink) {
        for (seat, &n) in state.placed_by.iter().enumerate() {
            out.seat(0, seat as u8, 0, n as i32);
        }
        for &(at, turn) in &state.turns {
            out.tile(1, at, 0, turn as i32);
        }
        out.game(2, 1, state.turns.len() as i32);
        if self.stray {
            out.game(0, 0, 1); // `placed` is per seat
            out.seat(0, 9, 0, 1); // no seat 9
            out.game(2, 2, 1); // `turns` has two values
            out.tile(3, Pos::new(0, 0), 0, 1); // no fourth counter
        }
    }
}

const COUNTERS: [CounterDecl; 3] = [
    CounterDecl {
        id: "placed",
        label: "Tiles placed",
        scope: CounterScope::Seat,
        values: &[],
        scale: 36,
        mark: "",
        colour: "",
    },
    CounterDecl {
        id: "turn",
        label: "The turn this tile came in",
        scope: CounterScope::Tile,
        values: &[],
        scale: 72,
        mark: "",
        colour: "",
    },
    CounterDecl {
        id: "turns",
        label: "Turns",
        scope: CounterScope::Game,
        values: &["before", "played"],
        scale: 72,
        mark: "",
        colour: "",
    },
];

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    Ok(expansion::boxed(Tally {
        stray: ctx.variant_bool("stray"),
    }))
}

static TALLY: ExpansionInfo = ExpansionInfo {
    id: "tally",
    name: "Tally",
    version: "0.0.0",
    description: "counts tiles placed, per seat and per tile",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[carcassonne_core::VariantDecl {
        name: "stray",
        label: "Stray writes",
        kind: carcassonne_core::ValueKind::Bool,
        default: "false",
        description: "also write counters it does not declare",
        earlier_defaults: &[],
    }],
    figures: &[],
    parts: &[],
    score_sources: &[],
    score_source_names: &[],
    attributes: &[],
    check_attributes: expansion::no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &COUNTERS,
    build,
    ..ExpansionInfo::EMPTY
};

fn game(stray: bool) -> Game {
    let mut catalog = Catalog::default();
    catalog.add(&TALLY).expect("well-formed counters");
    let mut config = GameConfig::with_players(2);
    config.seed = 5;
    config.expansions = vec!["tally".into()];
    if stray {
        config
            .variants
            .entry("tally".into())
            .or_default()
            .insert("stray".into(), true.into());
    }
    Game::new(Arc::new(
        Rules::new(&catalog, &config, &TileSource::default()).expect("rules"),
    ))
    .expect("a game")
}

/// Plays `n` turns, each the first legal placement and no deployment.
fn play_turns(game: &mut Game, n: usize) -> Vec<Pos> {
    let mut options = Vec::new();
    let mut placed = Vec::new();
    while placed.len() < n && !game.is_over() {
        game.legal_actions(&mut options);
        let first = options[0].clone();
        if let Action::Place { pos, .. } = first {
            placed.push(pos);
        }
        let choice = if matches!(first, Action::Place { .. }) {
            first
        } else {
            options
                .iter()
                .find(|a| matches!(a, Action::Pass))
                .cloned()
                .unwrap_or(first)
        };
        game.play(&choice).expect("a listed option");
    }
    placed
}

#[test]
fn a_host_reads_what_the_expansion_counts() {
    let mut game = game(false);
    game.set_undoable(true);
    let placed = play_turns(&mut game, 3);
    let mut readings = CounterReadings::default();
    assert_eq!(game.counters(0, &mut readings), 0, "every write is declared");
    // Seat 0 placed turns 1 and 3, seat 1 turn 2.
    assert_eq!(readings.get(0, 0, CounterPlace::Seat(0)), 2);
    assert_eq!(readings.get(0, 0, CounterPlace::Seat(1)), 1);
    for (i, &at) in placed.iter().enumerate() {
        assert_eq!(readings.get(1, 0, CounterPlace::Tile(at)), i as i32 + 1);
    }
    assert_eq!(
        readings.get(1, 0, CounterPlace::Tile(Pos::new(0, 0))),
        0,
        "the start tile came in no turn"
    );
    assert_eq!(readings.get(2, 1, CounterPlace::Game), 3);
    assert_eq!(readings.get(2, 0, CounterPlace::Game), 0, "not written: 0");
    // Undo takes the count back with the tile.
    while game.state().board().tiles().len() > 3 {
        assert!(game.undo(), "the last turn can be undone");
    }
    let mut after = CounterReadings::default();
    game.counters(0, &mut after);
    assert_eq!(after.get(2, 1, CounterPlace::Game), 2);
    assert_eq!(after.get(1, 0, CounterPlace::Tile(placed[2])), 0);
}

#[test]
fn writes_outside_the_declarations_are_dropped_and_counted() {
    let mut game = game(true);
    play_turns(&mut game, 1);
    let mut readings = CounterReadings::default();
    assert_eq!(game.counters(0, &mut readings), 4);
    assert!(
        readings.readings.iter().all(|r| r.counter < 3 && r.value < 2),
        "{readings:?}"
    );
    assert_eq!(readings.readings.len(), 2 + 1 + 1, "2 seats, 1 tile, 1 game value");
    // A slot the game does not have writes nothing.
    assert_eq!(game.counters(7, &mut CounterReadings::default()), 0);
}

#[test]
fn the_catalog_refuses_malformed_counters() {
    static TWICE: ExpansionInfo = ExpansionInfo {
        id: "twice",
        counters: &[COUNTERS[0], COUNTERS[0]],
        ..TALLY
    };
    static NO_SCALE: ExpansionInfo = ExpansionInfo {
        id: "no-scale",
        counters: &[CounterDecl {
            scale: 0,
            ..COUNTERS[0]
        }],
        ..TALLY
    };
    let mut catalog = Catalog::default();
    let err = catalog.add(&TWICE).unwrap_err();
    assert!(matches!(err, CatalogError::BadCounter { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "expansion `twice` declares counter `placed`, which is declared twice"
    );
    let err = catalog.add(&NO_SCALE).unwrap_err().to_string();
    assert!(err.contains("scale 0"), "{err}");
    assert!(catalog.all().is_empty(), "nothing was added");
}
