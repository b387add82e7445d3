//! Whole moves (`Game::moves`, `Game::deployments_for`, `Game::play_move`)
//! against the two-step API on random base games (2–6 players): at every
//! placement decision,
//!
//! - `moves` lists exactly, and in the same order, what the two-step API
//!   gives by playing each listed placement on a copy and listing the
//!   deployment decision that follows (each deployment, then a pass);
//! - `deployments_for` gives the same deployments for every placement, and
//!   refuses placements that are not legal;
//! - every listed move plays with `play_move` to the same game as its two
//!   steps played with `play`;
//! - moves that are not listed (a deployment on another tile, on a feature
//!   the placement would join to an occupied one, `later` where the
//!   deployment decision follows, an illegal placement) are refused and
//!   leave the game as it was.
//!
//! The games are played by drawing a listed whole move, so they also show
//! that a game driven by whole moves alone runs to its end.

use carcassonne_core::board::PlacedTile;
use carcassonne_core::expansion::{self, DynExpansion};
use carcassonne_core::figures::Spot;
use carcassonne_core::rng::GameRng;
use carcassonne_core::tiles::AttributeProblem;
use carcassonne_core::{
    Action, AfterPlacement, AfterPlacing, BuildContext, Catalog, CoreState, Ctx, Decision, Deployment, Expansion,
    ExpansionInfo, FeatureKind, Game, GameConfig, Hooks, NextDecision, PlayError, Pos, RefusalKind, Rotation, Rules,
    TileSource, TileType, WholeMove, toml,
};
use proptest::prelude::*;
use std::sync::Arc;

mod common;
use common::rules_with;

fn new_game(seed: u64, players: usize) -> Game {
    let mut config = GameConfig::with_players(players);
    config.seed = seed;
    let rules = Arc::new(Rules::new(&Catalog::default(), &config, &TileSource::default()).expect("base rules"));
    Game::new(rules).expect("base game starts")
}

/// The whole moves of the pending placement, found with the two-step API
/// only: each placement played on a copy, then the options listed.
fn two_step_moves(game: &Game) -> Vec<WholeMove> {
    let mut placements = Vec::new();
    game.legal_actions(&mut placements);
    let mut moves = Vec::new();
    let mut options = Vec::new();
    for place in &placements {
        let Action::Place { pos, rotation } = *place else {
            panic!("a placement decision lists placements, got {place:?}");
        };
        let mut copy = game.clone();
        copy.play(place).expect("a listed placement plays");
        if !matches!(copy.decision(), Some(Decision::Deploy { .. })) {
            moves.push(WholeMove {
                pos,
                rotation,
                then: AfterPlacing::Later,
            });
            continue;
        }
        copy.legal_actions(&mut options);
        for o in &options {
            let then = match o {
                Action::Deploy(d) => AfterPlacing::Deploy(*d),
                Action::Pass => AfterPlacing::Pass,
                other => panic!("a deployment decision lists deployments, got {other:?}"),
            };
            moves.push(WholeMove { pos, rotation, then });
        }
    }
    moves
}

/// What a host sees of a game, for "same game" checks.
fn observe(game: &Game) -> String {
    let s = game.state();
    let expansions: Vec<_> = (0..game.rules().expansions().len() as u8)
        .map(|slot| game.public_expansion_state(slot))
        .collect();
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        expansions,
        (0..s.players() as u8).map(|p| s.score(p)).collect::<Vec<_>>(),
        s.board().tiles(),
        s.figures(),
        (0..s.players() as u8).map(|p| s.supply(p, 0)).collect::<Vec<_>>(),
        s.turn(),
        s.phase(),
        s.tiles_left(),
        game.decision(),
    )
}

/// Checks the whole-move API at the pending placement decision of `game`.
fn check_moves(game: &Game) -> Result<(), TestCaseError> {
    let mut moves = Vec::new();
    game.moves(&mut moves);
    let expected = two_step_moves(game);
    prop_assert_eq!(&moves, &expected);

    // deployments_for, placement by placement.
    let mut deployments = Vec::new();
    for m in &moves {
        let next = game
            .deployments_for(m.pos, m.rotation, &mut deployments)
            .expect("a listed placement is legal");
        let expected_next = if m.then == AfterPlacing::Later {
            NextDecision::Expansion
        } else {
            NextDecision::Deploy
        };
        prop_assert_eq!(next, expected_next);
        let listed: Vec<Deployment> = moves
            .iter()
            .filter(|o| (o.pos, o.rotation) == (m.pos, m.rotation))
            .filter_map(|o| match o.then {
                AfterPlacing::Deploy(d) => Some(d),
                _ => None,
            })
            .collect();
        prop_assert_eq!(&deployments, &listed);
    }

    // Every move plays as its two steps do.
    for m in &moves {
        let mut whole = game.clone();
        whole.play_move(m).expect("a listed move plays");
        let mut steps = game.clone();
        steps.play(&m.placement()).expect("its placement plays");
        if let Some(second) = m.deployment() {
            steps.play(&second).expect("its deployment plays");
        }
        prop_assert_eq!(observe(&whole), observe(&steps));
    }

    // Moves that are not listed are refused and change nothing.
    let before = observe(game);
    let Some(first) = moves.first().copied() else {
        return Ok(());
    };
    // The other kind of second step than the listed one.
    let mut refused = vec![WholeMove {
        then: if first.then == AfterPlacing::Later {
            AfterPlacing::Pass
        } else {
            AfterPlacing::Later
        },
        ..first
    }];
    let far = Pos::new(1000, 1000);
    refused.push(WholeMove {
        pos: far,
        rotation: Rotation::NONE,
        then: AfterPlacing::Pass,
    });
    prop_assert!(game.deployments_for(far, Rotation::NONE, &mut deployments).is_err());
    refused.push(WholeMove {
        then: AfterPlacing::Deploy(Deployment {
            figure: 0,
            pos: far,
            spot: Spot::Feature(0),
        }),
        ..first
    });
    // Every feature the tile has, on every placement: those not listed
    // (occupied once joined) must be refused.
    let tile = match game.decision() {
        Some(Decision::Place { tile, .. }) => tile,
        other => panic!("a placement decision, got {other:?}"),
    };
    let features = game.rules().tile(tile).feature_kinds().len();
    for m in moves.iter().filter(|m| m.then == AfterPlacing::Pass) {
        for fi in 0..features {
            let d = Deployment {
                figure: 0,
                pos: m.pos,
                spot: Spot::Feature(fi as u8),
            };
            let candidate = WholeMove {
                then: AfterPlacing::Deploy(d),
                ..*m
            };
            if !moves.contains(&candidate) {
                refused.push(candidate);
            }
        }
    }
    for m in &refused {
        let mut copy = game.clone();
        prop_assert!(copy.play_move(m).is_err(), "{:?} was accepted", m);
        prop_assert_eq!(observe(&copy), before.clone());
    }
    Ok(())
}

/// Plays a whole game by drawing listed whole moves, checking the API at
/// every placement decision.
fn play_by_whole_moves(seed: u64, players: usize, picks: u64) -> Result<(), TestCaseError> {
    play_game_by_whole_moves(new_game(seed, players), picks)
}

fn play_game_by_whole_moves(game: Game, picks: u64) -> Result<(), TestCaseError> {
    play_game_watched(game, picks, |_, _, _| {})
}

/// As `play_game_by_whole_moves`, showing `seen` each placement decision's
/// moves and the one drawn, before it is played.
fn play_game_watched(
    mut game: Game,
    picks: u64,
    mut seen: impl FnMut(&Game, &[WholeMove], &WholeMove),
) -> Result<(), TestCaseError> {
    let mut rng = GameRng::new(picks);
    let (mut moves, mut options) = (Vec::new(), Vec::new());
    while !game.is_over() {
        match game.decision() {
            Some(Decision::Place { .. }) => {
                check_moves(&game)?;
                game.moves(&mut moves);
                let m = moves[rng.below(moves.len() as u32) as usize];
                seen(&game, &moves, &m);
                game.play_move(&m).expect("a listed move plays");
            }
            _ => {
                game.legal_actions(&mut options);
                let a = options[rng.below(options.len() as u32) as usize].clone();
                game.play(&a).expect("a listed option plays");
            }
        }
    }
    prop_assert!(game.is_over());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn whole_moves_match_the_two_step_api(seed in any::<u64>(), players in 2usize..=6, picks in any::<u64>()) {
        play_by_whole_moves(seed, players, picks)?;
    }
}

/// A game in which a placement's feature joins an occupied one and, through
/// a neighbour's feature that touches both, another feature of the same
/// tile: both are occupied once placed, though the second touches no
/// follower directly (found by this test's search, kept so every run has it).
#[test]
fn a_feature_joined_through_the_placed_tile_is_occupied() {
    play_by_whole_moves(10191650984407623712, 2, 12308480546040978000).expect("whole moves match");
}

#[test]
fn moves_are_empty_outside_a_placement_decision() {
    let mut game = new_game(4, 2);
    let mut moves = Vec::new();
    game.moves(&mut moves);
    let first = moves[0];
    game.play(&first.placement()).expect("listed");
    assert!(matches!(game.decision(), Some(Decision::Deploy { .. })));
    game.moves(&mut moves);
    assert!(moves.is_empty());
    let mut deployments = Vec::new();
    assert!(
        game.deployments_for(first.pos, first.rotation, &mut deployments)
            .is_err()
    );
    let err = game.play_move(&first).expect_err("not a placement decision");
    assert!(
        matches!(&err, PlayError::Illegal(i) if i.kind == RefusalKind::WrongDecision),
        "{err}"
    );
}

/// A test expansion acting between a placement and its deployment: after a
/// placement on an even column it asks the player for a toll (0 or 1
/// point) before the deployment decision, and it forbids deploying on a
/// tile's first feature. What it declares is its `declares` variant.
///
/// Two variants ask only after cloister tiles, with `tile_placed` armed:
/// by the tile's type (`asks-by-tile`), or from `tile_drawn` when the
/// drawn tile has a cloister (`asks-when-drawn`). Every other placement's
/// moves are then listed without playing it.
struct Toll {
    declared: Hooks,
    arming: Arming,
    /// What `tile_placed_keeps_deployments` says: with `quiet`, truly
    /// (`tile_placed` then scores the toll instead of asking it); with
    /// `claims-quiet`, falsely (it still asks).
    keeps_deployments: bool,
    asks: bool,
    /// `reads-board`: the veto reads the board once the tile is placed.
    reads_board: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Arming {
    /// `tile_placed` runs after every placement.
    Never,
    /// `armed_by_tile` arms it for tile types with a cloister.
    ByTile,
    /// `tile_drawn` arms it when the drawn tile has a cloister.
    WhenDrawn,
}

impl Expansion for Toll {
    type State = u32;
    type Action = u8;

    fn setup(&self, _ctx: &mut Ctx<'_>) -> u32 {
        0
    }

    fn hooks(&self) -> Hooks {
        self.declared
    }

    fn armed_hooks(&self) -> Hooks {
        match self.arming {
            Arming::Never => Hooks::NONE,
            Arming::ByTile | Arming::WhenDrawn => Hooks::TILE_PLACED,
        }
    }

    fn armed_by_tile(&self, tile: &TileType) -> Hooks {
        if self.arming == Arming::ByTile && tile.has_cloister() {
            Hooks::TILE_PLACED
        } else {
            Hooks::NONE
        }
    }

    fn tile_placed_keeps_deployments(&self) -> bool {
        self.keeps_deployments
    }

    fn tile_drawn(&self, _: &mut u32, ctx: &mut Ctx<'_>, tile: &TileType) {
        if self.arming == Arming::WhenDrawn && tile.has_cloister() {
            ctx.arm(Hooks::TILE_PLACED);
        }
    }

    // Each hook acts only when declared (and, when armable, armed): debug
    // builds call every hook and fail one that acts otherwise.
    fn tile_placed(&self, asked: &mut u32, ctx: &mut Ctx<'_>, placed: PlacedTile) {
        let cloister = ctx.view().tables().tile(placed.tile).has_cloister();
        let acts = self.declared.contains(Hooks::TILE_PLACED) && (self.arming == Arming::Never || cloister);
        if acts && placed.pos.x % 2 == 0 {
            *asked += 1;
            let player = ctx.view().turn().player;
            if self.asks {
                ctx.ask(player);
            } else {
                ctx.score(player, 1, "");
            }
        }
    }

    fn options(&self, _: &u32, _: &CoreState, _: u8, out: &mut Vec<u8>) {
        out.extend([0, 1]);
    }

    fn play(&self, _: &mut u32, ctx: &mut Ctx<'_>, player: u8, toll: &u8) {
        ctx.score(player, i32::from(*toll), "");
    }

    fn deployment_allowed(&self, _: &u32, after: &AfterPlacement<'_>, d: &Deployment) -> bool {
        if !self.declared.contains(Hooks::DEPLOYMENT_ALLOWED) {
            return true;
        }
        if !self.reads_board {
            return d.spot != Spot::Feature(0);
        }
        // No figure into a feature the placement completes, nor into the
        // start tile's city, however far it has grown.
        let Spot::Feature(fi) = d.spot else {
            return true;
        };
        let Some(feature) = after.feature(d.pos, usize::from(fi)) else {
            return true;
        };
        let start_city = after.feature(Pos::new(0, 0), 0).map(|f| after.whole(f));
        !after.is_complete(feature) && Some(after.whole(feature)) != start_city
    }
}

fn no_attributes(_: Option<FeatureKind>, _: &toml::Value) -> Vec<AttributeProblem> {
    Vec::new()
}

fn build(ctx: &BuildContext) -> Result<Box<dyn DynExpansion>, String> {
    let (declared, arming) = match ctx.variant("declares") {
        "asks" => (Hooks::TILE_PLACED, Arming::Never),
        "vetoes" | "reads-board" => (Hooks::DEPLOYMENT_ALLOWED, Arming::Never),
        "both" => (Hooks::TILE_PLACED | Hooks::DEPLOYMENT_ALLOWED, Arming::Never),
        "asks-by-tile" => (Hooks::TILE_PLACED, Arming::ByTile),
        "asks-when-drawn" => (Hooks::TILE_DRAWN | Hooks::TILE_PLACED, Arming::WhenDrawn),
        "quiet" | "claims-quiet" => (Hooks::TILE_PLACED, Arming::Never),
        other => return Err(format!("unknown declaration {other}")),
    };
    let keeps_deployments = ctx.variant("declares").ends_with("quiet");
    Ok(expansion::boxed(Toll {
        declared,
        arming,
        keeps_deployments,
        asks: ctx.variant("declares") != "quiet",
        reads_board: ctx.variant("declares") == "reads-board",
    }))
}

static TOLL: ExpansionInfo = ExpansionInfo {
    id: "toll",
    name: "Toll",
    version: "0.0.0",
    description: "asks a toll after placements on even columns; no figure on a first feature",
    requires: &[],
    conflicts: &[],
    tile_files: &[],
    variants: &[carcassonne_core::VariantDecl {
        name: "declares",
        label: "Declares",
        kind: carcassonne_core::ValueKind::one_of(&[
            "asks",
            "vetoes",
            "both",
            "asks-by-tile",
            "asks-when-drawn",
            "quiet",
            "claims-quiet",
            "reads-board",
        ]),
        default: "both",
        description: "which hooks it declares",
        earlier_defaults: &[],
    }],
    figures: &[],
    parts: &[],
    score_sources: &[""],
    score_source_names: &[],
    attributes: &[],
    check_attributes: no_attributes,
    feature_kinds: &[],
    edge_kinds: &[],
    counters: &[],
    build,
    ..ExpansionInfo::EMPTY
};

/// A veto that reads the board once the tile is placed (whether the
/// placement completes a feature, which whole feature one is part of) gives
/// whole moves listed without playing any placement that match the
/// two-step API: `AfterPlacement` answers for a placement considered as it
/// does once the placement is made.
#[test]
fn a_veto_reading_the_board_after_the_placement_matches_the_two_step_api() {
    let mut vetoed = 0;
    let mut options = Vec::new();
    for seed in 0..12 {
        let game = toll_game("reads-board", seed);
        play_game_watched(game, seed, |game: &Game, _: &[WholeMove], m: &WholeMove| {
            let mut placed = game.clone();
            placed.play(&m.placement()).expect("a listed placement plays");
            // Free features of the placed tile the veto keeps a follower from.
            placed.legal_actions(&mut options);
            let s = placed.state();
            let tile = s.placed_this_turn().copied().expect("placed");
            if s.supply(s.turn().player, 0) > 0 && matches!(placed.decision(), Some(Decision::Deploy { .. })) {
                for fi in 0..placed.rules().tile(tile.tile).feature_kinds().len() {
                    let node = s.node_at(tile.pos, fi).expect("a feature");
                    let offered = Action::Deploy(Deployment {
                        figure: 0,
                        pos: tile.pos,
                        spot: Spot::Feature(fi as u8),
                    });
                    vetoed += usize::from(s.features().followers(node) == 0 && !options.contains(&offered));
                }
            }
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    assert!(vetoed >= 12, "{vetoed} deployments vetoed");
}

/// Tiles with walls, which end the roads and cities that run into them:
/// a placement beside one closes a side without joining anything.
const WALL_TILES: &str = r#"
[set]
id = "walled-toll"
name = "Walls for the toll"

[[tile]]
id = "WCRF"
count = 6
edges = "XCRF"
features = [
  { kind = "city", edges = ["E"] },
  { kind = "road", edges = ["S"] },
  { kind = "field", edges = ["W", "SE", "SW"] },
]

[[tile]]
id = "WRWR"
count = 6
edges = "RXRX"
features = [
  { kind = "road", edges = ["N", "S"] },
  { kind = "field", edges = ["NE", "SE"] },
  { kind = "field", edges = ["NW", "SW"] },
]
"#;

/// The toll with tiles that have walls.
static WALLED_TOLL: ExpansionInfo = ExpansionInfo {
    id: "walled-toll",
    tile_files: &[carcassonne_core::TileFile {
        file_name: "walled-toll.toml",
        embedded: WALL_TILES,
        source: "",
        art: &[],
    }],
    ..TOLL
};

/// The same with walls on some tiles: a side closed by a wall counts, on
/// the tile considered and on its neighbours.
#[test]
fn a_veto_reading_the_board_sees_walls_close_features() {
    for seed in 0..8 {
        let game = Game::new(Arc::new(
            rules_with(&WALLED_TOLL, seed, &[("declares", "reads-board")]).expect("rules"),
        ))
        .expect("starts");
        play_game_by_whole_moves(game, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

fn toll_game(declares: &str, seed: u64) -> Game {
    Game::new(Arc::new(
        rules_with(&TOLL, seed, &[("declares", declares)]).expect("rules"),
    ))
    .expect("starts")
}

/// An expansion whose `tile_placed` runs only when armed (by the tile's
/// type, or by an earlier hook of the turn) shapes the moves of the turns
/// it runs on: a cloister tile's placements on even columns are `later`,
/// every other placement lists its deployments. Both ways match the
/// two-step API at every placement of whole games.
#[test]
fn an_armed_tile_placed_shapes_only_the_turns_it_runs_on() {
    for declares in ["asks-by-tile", "asks-when-drawn"] {
        let mut cloister_turns = 0;
        for seed in 0..3 {
            let game = toll_game(declares, seed);
            play_game_watched(game, seed, |game: &Game, moves: &[WholeMove], _: &WholeMove| {
                let Some(Decision::Place { tile, .. }) = game.decision() else {
                    unreachable!("a placement decision");
                };
                let cloister = game.rules().tile(tile).has_cloister();
                let later = moves.iter().any(|m| m.then == AfterPlacing::Later);
                let on_even_column = moves.iter().any(|m| m.pos.x % 2 == 0);
                assert_eq!(later, cloister && on_even_column, "{declares}, seed {seed}");
                cloister_turns += usize::from(cloister);
            })
            .unwrap_or_else(|e| panic!("{declares}, seed {seed}: {e}"));
        }
        assert!(cloister_turns > 5, "{declares}: {cloister_turns} cloister turns");
    }
}

/// A `tile_placed` that keeps the deployments (it scores the toll rather
/// than asking it) leaves every move a placement and a deployment or pass,
/// as the two-step API plays them.
#[test]
fn a_tile_placed_that_keeps_the_deployments_does_not_shape_the_moves() {
    for seed in 0..2 {
        let game = toll_game("quiet", seed);
        let mut moves = Vec::new();
        game.moves(&mut moves);
        assert!(moves.iter().all(|m| m.then != AfterPlacing::Later));
        play_game_by_whole_moves(game, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

/// A `tile_placed` that says it keeps the deployments but asks fails debug
/// builds, with a message that names the declaration.
#[test]
#[cfg_attr(not(debug_assertions), ignore = "the check runs in debug builds only")]
fn a_tile_placed_that_claims_to_keep_the_deployments_but_asks_fails() {
    let mut game = toll_game("claims-quiet", 0);
    let mut moves = Vec::new();
    game.moves(&mut moves);
    let even = moves
        .iter()
        .find(|m| m.pos.x % 2 == 0)
        .expect("the start tile has even columns beside it");
    let err = game.play(&even.placement()).expect_err("its tile_placed asks");
    assert_eq!(
        err,
        PlayError::ExpansionFailed {
            expansion: "toll".into(),
            message: "hook `tile_placed` panicked: `tile_placed` asks a decision or moves a figure or tile, but \
                      `tile_placed_keeps_deployments()` says it leaves the deployments as the board gives them: \
                      return false there"
                .into(),
        }
    );
}

/// An expansion that asks a decision after some placements makes those
/// moves `later`; one that forbids deployments removes them; both are
/// found by playing on a copy, and match the two-step API.
#[test]
fn expansions_acting_after_a_placement_shape_the_moves() {
    for declares in ["asks", "vetoes", "both"] {
        for seed in 0..2 {
            let game = toll_game(declares, seed);
            let mut moves = Vec::new();
            game.moves(&mut moves);
            let later = moves.iter().filter(|m| m.then == AfterPlacing::Later).count();
            match declares {
                "vetoes" => assert_eq!(later, 0),
                _ => assert!(later > 0, "the start tile has even columns beside it"),
            }
            play_game_by_whole_moves(game, seed).unwrap_or_else(|e| panic!("{declares}, seed {seed}: {e}"));
        }
    }
}
