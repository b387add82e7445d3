//! Whole moves (`Game::moves`, `Game::deployments_for`, `Game::play_move`)
//! against the two-step API with the linked expansions on: for each one
//! alone, the three of the benchmark together and all six, random games
//! are played by drawing listed whole moves, and at every placement
//! decision the whole moves must be exactly the (placement, deployment)
//! pairs found by playing each placement on a copy and listing what
//! follows, and each must play as its two steps do.

use carcassonne_abbey_and_mayor as _;
use carcassonne_cleric_and_serf as _;
use carcassonne_core::rng::GameRng;
use carcassonne_core::{
    Action, AfterPlacing, Catalog, Decision, Game, GameConfig, NextDecision, Rules, TileSource, WholeMove,
};
use carcassonne_easter as _;
use carcassonne_fruit_trees as _;
use carcassonne_inns_and_cathedrals as _;
use carcassonne_king_and_robber_baron as _;
use std::sync::Arc;

fn game(expansions: &[&str], seed: u64) -> Game {
    let mut config = GameConfig::with_players(3);
    config.seed = seed;
    config.expansions = expansions.iter().map(|s| s.to_string()).collect();
    let catalog = Catalog::linked().expect("linked expansions");
    Game::new(Arc::new(
        Rules::new(&catalog, &config, &TileSource::default()).expect("rules"),
    ))
    .expect("starts")
}

/// The whole moves of the pending placement by the two-step API only.
fn two_step_moves(game: &Game) -> Vec<WholeMove> {
    let (mut placements, mut options, mut moves) = (Vec::new(), Vec::new(), Vec::new());
    game.legal_actions(&mut placements);
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

/// The state as far as any player or record can tell, expansions included.
fn observe(game: &Game) -> String {
    let s = game.state();
    let expansions: Vec<_> = (0..game.rules().expansions().len() as u8)
        .map(|slot| game.public_expansion_state(slot))
        .collect();
    format!(
        "{expansions:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        (0..s.players() as u8).map(|p| s.score(p)).collect::<Vec<_>>(),
        s.board().tiles(),
        s.figures(),
        s.turn(),
        s.tiles_left(),
        game.decision()
    )
}

fn check(expansions: &[&str], seed: u64) {
    let mut game = game(expansions, seed);
    let mut rng = GameRng::new(seed ^ 0xabc);
    let (mut moves, mut options, mut deployments) = (Vec::new(), Vec::new(), Vec::new());
    let mut checked = 0;
    while !game.is_over() {
        if !matches!(game.decision(), Some(Decision::Place { .. })) {
            game.legal_actions(&mut options);
            let a = options[rng.below(options.len() as u32) as usize].clone();
            game.play(&a).expect("a listed option plays");
            continue;
        }
        game.moves(&mut moves);
        assert_eq!(moves, two_step_moves(&game), "{expansions:?} seed {seed}");
        for m in &moves {
            let next = game
                .deployments_for(m.pos, m.rotation, &mut deployments)
                .expect("legal");
            assert_eq!(next == NextDecision::Expansion, m.then == AfterPlacing::Later);
            if let AfterPlacing::Deploy(d) = m.then {
                assert!(deployments.contains(&d));
            }
        }
        // Every third turn, every move against its two steps (the copies
        // cost time in a debug build).
        if checked % 3 == 0 {
            for m in &moves {
                let mut whole = game.clone();
                whole.play_move(m).expect("a listed move plays");
                let mut steps = game.clone();
                steps.play(&m.placement()).expect("its placement plays");
                if let Some(second) = m.deployment() {
                    steps.play(&second).expect("its second step plays");
                }
                assert_eq!(observe(&whole), observe(&steps), "{expansions:?} seed {seed}: {m:?}");
            }
        }
        checked += 1;
        let m = moves[rng.below(moves.len() as u32) as usize];
        game.play_move(&m).expect("a listed move plays");
    }
    assert!(checked > 60, "{checked} placements");
}

#[test]
fn whole_moves_match_the_two_step_api_with_expansions() {
    let sets: [&[&str]; 8] = [
        &["abbey-and-mayor"],
        &["cleric-and-serf"],
        &["easter"],
        &["fruit-trees"],
        &["inns-and-cathedrals"],
        &["king-and-robber-baron"],
        &["easter", "fruit-trees", "cleric-and-serf"],
        &[
            "abbey-and-mayor",
            "cleric-and-serf",
            "easter",
            "fruit-trees",
            "inns-and-cathedrals",
            "king-and-robber-baron",
        ],
    ];
    for (i, set) in sets.iter().enumerate() {
        check(set, i as u64 + 1);
    }
}
