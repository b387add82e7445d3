//! The advanced variant's deployments are answered through
//! `AfterPlacement`, both for a placement made and for one a listing of
//! whole moves only considers. The two must agree: whole moves listed
//! straight from the board (`Game::moves`) are those found by playing each
//! placement on a copy and listing its deployments.

use carcassonne_core::{Action, Decision, Game, Value, WholeMove};
use carcassonne_testkit::{Kit, game_config, two_step_moves};
use carcassonne_the_labyrinth::INFO;

fn sorted(mut moves: Vec<WholeMove>) -> Vec<String> {
    let mut out: Vec<String> = moves.drain(..).map(|m| format!("{m:?}")).collect();
    out.sort();
    out
}

#[test]
fn whole_moves_match_the_two_step_api_in_the_advanced_variant() {
    let kit = Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"));
    let mut labyrinth_offers = 0;
    for seed in 0..6u64 {
        let mut config = game_config(3, seed, &[INFO.id]);
        config
            .variants
            .entry(INFO.id.to_string())
            .or_default()
            .insert("advanced".into(), Value::Bool(true));
        // Many labyrinths, so that roads through them fill with followers.
        config.tiles.counts.insert("LA-A".into(), 12);
        let mut game = Game::new(kit.rules(&config)).expect("the game starts");
        // A fixed walk through the options: mostly deploying, so roads
        // fill with followers and segments matter.
        let mut pick = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let mut actions = Vec::new();
        let mut listed = Vec::new();
        while !game.is_over() {
            if matches!(game.decision(), Some(Decision::Place { .. })) {
                game.moves(&mut listed);
                let two_step = two_step_moves(&game);
                assert_eq!(sorted(listed.clone()), sorted(two_step), "seed {seed}");
            }
            game.legal_actions(&mut actions);
            if matches!(game.decision(), Some(Decision::Deploy { .. })) {
                // Deployments on a road that already holds followers come
                // only from the variant.
                labyrinth_offers += actions
                    .iter()
                    .filter(|a| match a {
                        Action::Deploy(d) => {
                            let s = game.state();
                            let carcassonne_core::figures::Spot::Feature(fi) = d.spot else {
                                return false;
                            };
                            s.node_at(d.pos, fi as usize)
                                .is_some_and(|n| s.features().followers(n) > 0)
                        }
                        _ => false,
                    })
                    .count();
            }
            pick = pick
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let n = actions.len();
            assert!(n > 0, "seed {seed}: no option");
            let i = if n > 1 && (pick >> 60) < 12 {
                n - 1 - ((pick >> 33) as usize % (n - 1))
            } else {
                (pick >> 33) as usize % n
            };
            let a = actions[i].clone();
            game.play(&a).expect("a listed option plays");
        }
    }
    assert!(labyrinth_offers > 0, "no segment offered on an occupied road");
}
