//! Village Life's bush edges match roads without joining them (the road
//! ends at the bush, each losing that side), so its games list whole moves
//! straight from the board, telling a join from two kinds meeting
//! (`Game::moves`), instead of playing each placement on a copy. The two
//! must agree, in order: whole moves listed from the board are exactly
//! those found by playing each placement on a copy and listing its
//! deployments (windmills included), on random games with every part on
//! and both ways the donkey may move.

use carcassonne_core::{Decision, Game, Value};
use carcassonne_testkit::{Kit, game_config, two_step_moves};
use carcassonne_village_life::INFO;

#[test]
fn whole_moves_match_the_two_step_api() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for seed in 0..4u64 {
        let mut config = game_config(2 + seed as usize % 2, seed, &[INFO.id]);
        let donkey_move = if seed % 2 == 0 {
            "instead-of-follower"
        } else {
            "every-turn"
        };
        config
            .variants
            .entry(INFO.id.to_string())
            .or_default()
            .insert("donkey_move".into(), Value::Text(donkey_move.into()));
        let mut game = Game::new(kit.rules(&config)).expect("the game starts");
        // A fixed walk through the options.
        let mut pick = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let mut actions = Vec::new();
        let mut listed = Vec::new();
        while !game.is_over() {
            if matches!(game.decision(), Some(Decision::Place { .. })) {
                game.moves(&mut listed);
                assert_eq!(listed, two_step_moves(&game), "seed {seed}");
                checked += 1;
            }
            game.legal_actions(&mut actions);
            pick = pick
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let i = usize::try_from((pick >> 33) % actions.len() as u64).unwrap_or(0);
            game.play(&actions[i]).expect("a listed action is accepted");
        }
    }
    assert!(checked > 100, "only {checked} placement decisions");
}
