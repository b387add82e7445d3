//! Armed hooks (`Expansion::armed_hooks`, `Ctx::arm`,
//! `Expansion::armed_by_tile`): a hook an expansion arms runs on the turns
//! an earlier hook, or the placed tile's type, armed it, arming lasts until
//! the turn ends, debug builds catch an armed-only hook that acts on a turn
//! nothing armed it, and setup refuses hooks that cannot be armed.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::playout::{self, Mode};
use carcassonne_core::{
    BuildContext, Ctx, Expansion, ExpansionInfo, Game, Hooks, PlayError, Rules, SetupError, TileType, ValueKind,
    VariantDecl,
};
use std::sync::Arc;

mod common;
use common::rules_with;

/// On odd turns a placement leaves a point owed, which `after_scoring`
/// gives: the after-scoring hook matters only on those turns.
struct OddTurns {
    /// Which turns `tile_placed` arms `after_scoring` on.
    arms: Arming,
    /// What `armed_hooks` names.
    armed: Hooks,
}

#[derive(Clone, Copy, PartialEq)]
enum Arming {
    /// Every odd turn, as it should.
    OddTurns,
    /// The first turn only: the later odd turns' points are given by a hook
    /// nothing armed.
    FirstTurnOnly,
}

#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
struct Owed {
    point: bool,
    odd_turns: u32,
}

impl Expansion for OddTurns {
    type State = Owed;
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) -> Owed {
        Owed::default()
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | Hooks::AFTER_SCORING
    }

    fn armed_hooks(&self) -> Hooks {
        self.armed
    }

    fn tile_placed(&self, owed: &mut Owed, ctx: &mut Ctx<'_>, _placed: PlacedTile) {
        let turn = ctx.view().turn().number;
        if turn % 2 == 1 {
            owed.point = true;
            owed.odd_turns += 1;
            if self.arms == Arming::OddTurns || turn == 1 {
                ctx.arm(Hooks::AFTER_SCORING);
            }
        }
    }

    fn after_scoring(&self, owed: &mut Owed, ctx: &mut Ctx<'_>) {
        if std::mem::take(&mut owed.point) {
            let player = ctx.view().turn().player;
            ctx.score(player, 1, "");
        }
    }
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let arms = match ctx.variant("arms") {
        "first-turn-only" => Arming::FirstTurnOnly,
        _ => Arming::OddTurns,
    };
    let armed = match ctx.variant("names") {
        "final-scoring" => Hooks::AFTER_SCORING | Hooks::FINAL_SCORING,
        "end-of-turn" => Hooks::AFTER_SCORING | Hooks::END_OF_TURN,
        _ => Hooks::AFTER_SCORING,
    };
    Ok(expansion::boxed(OddTurns { arms, armed }))
}

static ODD_TURNS: ExpansionInfo = ExpansionInfo {
    id: "odd-turns",
    name: "Odd turns",
    version: "0.0.0",
    description: "a point for every odd turn's placement, to test armed hooks",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[
        VariantDecl {
            name: "arms",
            label: "Arms",
            kind: ValueKind::one_of(&["odd-turns", "first-turn-only"]),
            default: "odd-turns",
            description: "on which turns it arms after_scoring",
            earlier_defaults: &[],
        },
        VariantDecl {
            name: "names",
            label: "Names",
            kind: ValueKind::one_of(&["after-scoring", "final-scoring", "end-of-turn"]),
            default: "after-scoring",
            description: "what armed_hooks names besides after_scoring",
            earlier_defaults: &[],
        },
    ],
    figures: &[],
    parts: &[],
    score_sources: &[""],
    score_source_names: &[],
    attributes: &[],
    check_attributes: expansion::no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build,
    ..ExpansionInfo::EMPTY
};

fn rules(arms: &str, names: &str) -> Result<Rules, SetupError> {
    rules_with(&ODD_TURNS, 5, &[("arms", arms), ("names", names)])
}

fn play(arms: &str) -> Result<Game, PlayError> {
    let rules = Arc::new(rules(arms, "after-scoring").expect("rules"));
    playout::random_game(&rules, Mode::Full, 3, &mut Vec::new())
}

#[test]
fn an_armed_hook_runs_on_the_turns_it_was_armed() {
    let game = play("odd-turns").expect("the game plays");
    let source = game
        .rules()
        .score_sources()
        .iter()
        .position(|s| s == "odd-turns")
        .expect("its source");
    let given: i32 = (0..2).map(|p| game.state().breakdown(p)[source]).sum();
    let owed = game.expansion_state(0).to_json();
    assert!(owed["odd_turns"].as_u64().is_some_and(|n| n > 30), "{owed}");
    assert_eq!(
        given as u64,
        owed["odd_turns"].as_u64().unwrap_or(0),
        "a point for every odd turn"
    );
    assert_eq!(owed["point"], false, "every point owed was given");
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "the check runs in debug builds only")]
fn arming_lasts_until_the_turn_ends() {
    let err = play("first-turn-only").expect_err("turn 3's point is given by an unarmed hook");
    assert_eq!(
        err,
        PlayError::ExpansionFailed {
            expansion: "odd-turns".into(),
            message: "hook `after_scoring` panicked: `after_scoring` acts on a turn nothing armed it: call \
                      `ctx.arm(Hooks::AFTER_SCORING)` in an earlier hook of the turn, or leave it out of \
                      `armed_hooks()`"
                .into(),
        }
    );
}

#[test]
fn setup_refuses_hooks_that_cannot_be_armed() {
    let err = rules("odd-turns", "final-scoring").expect_err("final scoring comes after every turn");
    assert_eq!(
        err.to_string(),
        "expansion `odd-turns`: `armed_hooks()` names Hooks(FINAL_SCORING), which cannot be armed (only hooks that \
         come after another in a turn can: Hooks(TILE_DRAWN | TILE_PLACED | FIGURE_DEPLOYED | AFTER_DEPLOY | \
         BEFORE_SCORING | FEATURE_COMPLETED | FEATURE_SCORED | AFTER_SCORING | END_OF_TURN))"
    );
    let err = rules("odd-turns", "end-of-turn").expect_err("end_of_turn is not among its hooks");
    assert_eq!(
        err.to_string(),
        "expansion `odd-turns`: `armed_hooks()` names Hooks(END_OF_TURN), which `hooks()` does not list"
    );
}

#[test]
fn undo_restores_what_was_armed() {
    // A placement on an odd turn arms `after_scoring`, which runs after the
    // deployment decision: taking that decision back and playing it again
    // must find the hook armed, as it was.
    let rules = Arc::new(rules("odd-turns", "after-scoring").expect("rules"));
    let mut undoable = Game::new(Arc::clone(&rules)).expect("starts");
    undoable.set_undoable(true);
    let mut plain = Game::new(rules).expect("starts");
    let mut options = Vec::new();
    while !undoable.is_over() {
        undoable.legal_actions(&mut options);
        let action = options[options.len() / 2].clone();
        undoable.play(&action).expect("a listed option plays");
        assert!(undoable.undo());
        undoable.play(&action).expect("plays again as before");
        plain.play(&action).expect("plays in the game without undo");
    }
    assert_eq!(
        undoable.expansion_state(0).to_json(),
        plain.expansion_state(0).to_json()
    );
    assert_eq!(
        (undoable.state().score(0), undoable.state().score(1)),
        (plain.state().score(0), plain.state().score(1))
    );
}

/// Counts the cloisters placed, in a `tile_placed` the engine arms for
/// tile types with a cloister (`Expansion::armed_by_tile`); the variant
/// says what it arms.
struct CloisterCount {
    arms: Hooks,
}

impl Expansion for CloisterCount {
    type State = u32;
    type Action = ();

    fn setup(&self, _ctx: &mut Ctx<'_>) -> u32 {
        0
    }

    fn hooks(&self) -> Hooks {
        Hooks::TILE_PLACED | Hooks::END_OF_TURN
    }

    fn armed_hooks(&self) -> Hooks {
        Hooks::TILE_PLACED
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if tile.has_cloister() { self.arms } else { Hooks::NONE }
    }

    fn tile_placed(&self, cloisters: &mut u32, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        if ctx.view().tables().tile(placed.tile).has_cloister() {
            *cloisters += 1;
        }
    }
}

fn build_cloister_count(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let arms = match ctx.variant("arms") {
        "nothing" => Hooks::NONE,
        "end-of-turn" => Hooks::END_OF_TURN,
        _ => Hooks::TILE_PLACED,
    };
    Ok(expansion::boxed(CloisterCount { arms }))
}

static CLOISTER_COUNT: ExpansionInfo = ExpansionInfo {
    id: "cloister-count",
    name: "Cloister count",
    version: "0.0.0",
    description: "counts the cloisters placed, to test hooks armed by tile type",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[VariantDecl {
        name: "arms",
        label: "Arms",
        kind: ValueKind::one_of(&["tile-placed", "nothing", "end-of-turn"]),
        default: "tile-placed",
        description: "what it arms for a cloister tile",
        earlier_defaults: &[],
    }],
    figures: &[],
    parts: &[],
    score_sources: &[""],
    score_source_names: &[],
    attributes: &[],
    check_attributes: expansion::no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build: build_cloister_count,
    ..ExpansionInfo::EMPTY
};

fn cloister_count_rules(arms: &str) -> Result<Rules, SetupError> {
    rules_with(&CLOISTER_COUNT, 8, &[("arms", arms)])
}

fn cloister_count(arms: &str) -> Result<Game, PlayError> {
    let rules = Arc::new(cloister_count_rules(arms).expect("rules"));
    playout::random_game(&rules, Mode::Sampled, 2, &mut Vec::new())
}

#[test]
fn a_hook_armed_by_tile_type_runs_for_those_tiles() {
    let game = cloister_count("tile-placed").expect("the game plays");
    let state = game.state();
    let placed_cloisters = state
        .board()
        .tiles()
        .iter()
        .skip(1) // the start tile is on the board before any turn
        .filter(|t| state.tables().tile(t.tile).has_cloister())
        .count();
    assert!(placed_cloisters > 3, "{placed_cloisters} cloisters");
    assert_eq!(game.expansion_state(0).to_json(), placed_cloisters);
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "the check runs in debug builds only")]
fn a_hook_acting_for_a_tile_type_nothing_arms_fails() {
    let err = cloister_count("nothing").expect_err("a cloister is counted by an unarmed hook");
    assert_eq!(
        err,
        PlayError::ExpansionFailed {
            expansion: "cloister-count".into(),
            message: "hook `tile_placed` panicked: `tile_placed` acts on a turn nothing armed it: call \
                      `ctx.arm(Hooks::TILE_PLACED)` in an earlier hook of the turn, or leave it out of \
                      `armed_hooks()`"
                .into(),
        }
    );
}

#[test]
fn setup_refuses_tile_arming_of_hooks_not_armed() {
    let err = cloister_count_rules("end-of-turn").expect_err("end_of_turn is not among its armed hooks");
    assert_eq!(
        err.to_string(),
        "expansion `cloister-count`: `armed_by_tile` names Hooks(END_OF_TURN) for tile `A` of set `base`, which \
         `armed_hooks()` does not list"
    );
}
