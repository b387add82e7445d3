//! Seeded random games with Gambler's Luck keep the invariants of any game
//! (the test kit's harness), alone and with Abbey & Mayor (the mayor's
//! table) and Family Feud, and the die is rolled: tokens are laid.

use carcassonne_core::{Event, GameConfig};
use carcassonne_gamblers_luck::INFO;
use carcassonne_testkit::{Kit, game_config, random_games};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_abbey_and_mayor::INFO)
        .with(&carcassonne_family_feud::INFO)
}

fn config(players: usize, seed: u64, others: &[&str]) -> GameConfig {
    let expansions: Vec<&str> = std::iter::once(INFO.id).chain(others.iter().copied()).collect();
    game_config(players, seed, &expansions)
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = kit();
    for (players, seed, others) in [
        (2, 0, &[][..]),
        (3, 10, &["abbey-and-mayor"][..]),
        (5, 20, &["family-feud"][..]),
    ] {
        let played = random_games(&kit, &config(players, seed, others), 2);
        assert!(
            played.points_by_source.get("cities").copied().unwrap_or(0) > 0,
            "{played:?}"
        );
    }
}

/// Every question-marked tile placed rolls once: in games played to the end
/// by the test kit's uniform player, the log holds one roll per such tile
/// on the board, each a face of 1 to 6.
#[test]
fn every_question_marked_tile_placed_rolls_the_die() {
    let kit = kit();
    let mut rolls = Vec::new();
    for seed in 0..4 {
        let rules = kit.rules(&config(2, seed, &[]));
        let mut game = carcassonne_core::Game::new(std::sync::Arc::clone(&rules)).expect("a game");
        game.set_narrated(true);
        let mut rng = carcassonne_core::rng::GameRng::new(seed);
        let mut options = Vec::new();
        let slot = rules.expansion_slot(INFO.id).unwrap();
        while !game.is_over() {
            game.legal_actions(&mut options);
            let choice = options[rng.below(options.len() as u32) as usize].clone();
            game.play(&choice).expect("a listed option is legal");
            for e in game.last_events() {
                if let Event::Expansion { slot: s, detail } = e
                    && *s == slot
                {
                    rolls.push(detail["roll"].as_u64().expect("a roll"));
                }
            }
        }
        let marked = game
            .state()
            .board()
            .tiles()
            .iter()
            .filter(|t| game.state().tables().tile(t.tile).set == INFO.id)
            .count();
        let tokens = carcassonne_testkit::state::<carcassonne_gamblers_luck::State>(&game, INFO.id)
            .tokens
            .len();
        assert_eq!(tokens, marked, "seed {seed}: one token per question-marked tile");
    }
    assert!(!rolls.is_empty());
    assert!(rolls.iter().all(|r| (1..=6).contains(r)), "{rolls:?}");
}
