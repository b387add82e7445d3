//! The abbot's deployment is offered through `AfterPlacement`, both for a
//! placement made and for one a listing of whole moves only considers. The
//! two must agree: whole moves listed straight from the board
//! (`Game::moves`) are those found by playing each placement on a copy and
//! listing its deployments.

use carcassonne_core::figures::Spot;
use carcassonne_core::{Action, Decision, Game, WholeMove};
use carcassonne_monasteries::INFO;
use carcassonne_testkit::{Kit, game_config, two_step_moves};

fn sorted(moves: Vec<WholeMove>) -> Vec<String> {
    let mut out: Vec<String> = moves.into_iter().map(|m| format!("{m:?}")).collect();
    out.sort();
    out
}

#[test]
fn whole_moves_match_the_two_step_api() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    let mut abbots_offered = 0;
    for seed in 0..4u64 {
        let mut config = game_config(3, seed, &[INFO.id]);
        // Many monasteries, so that the abbot is offered on most turns.
        for id in ["MO-1", "MO-5"] {
            config.tiles.counts.insert(id.into(), 10);
        }
        let mut game = Game::new(kit.rules(&config)).expect("the game starts");
        // A fixed walk through the options.
        let mut pick = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let mut actions = Vec::new();
        let mut listed = Vec::new();
        while !game.is_over() {
            if matches!(game.decision(), Some(Decision::Place { .. })) {
                game.moves(&mut listed);
                assert_eq!(sorted(listed.clone()), sorted(two_step_moves(&game)), "seed {seed}");
            }
            game.legal_actions(&mut actions);
            abbots_offered += actions
                .iter()
                .filter(|a| matches!(a, Action::Deploy(d) if d.spot == Spot::Tile))
                .count();
            pick = pick
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let i = usize::try_from((pick >> 33) % actions.len() as u64).unwrap_or(0);
            game.play(&actions[i]).expect("a listed action is accepted");
        }
    }
    assert!(abbots_offered > 0);
}
