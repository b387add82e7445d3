//! Whole random games of the base game through the public API.

use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Catalog, Game, GameConfig, Rules, TileSource};
use std::sync::Arc;

fn play_random(seed: u64, players: usize) -> Game {
    let mut config = GameConfig::with_players(players);
    config.seed = seed;
    let rules = Arc::new(Rules::new(&Catalog::default(), &config, &TileSource::default()).expect("base rules"));
    let mut game = Game::new(rules).expect("base game starts");
    let mut picks = GameRng::new(seed ^ 0x5eed); // uniform choices, as the random bot makes them
    let mut options: Vec<Action> = Vec::new();
    while !game.is_over() {
        game.legal_actions(&mut options);
        assert!(!options.is_empty(), "a pending decision always has an option");
        let i = picks.below(options.len() as u32) as usize;
        game.play(&options[i]).expect("listed options are legal");
    }
    game
}

#[test]
fn a_random_base_game_runs_to_the_end() {
    let game = play_random(1, 2);
    let s = game.state();
    assert_eq!(s.tiles_left(), 0);
    assert_eq!(s.board().tiles().len() + s.discarded().len(), 72);
    assert!(s.score(0) + s.score(1) > 0);
}

#[test]
fn reseeded_rules_play_the_same_game_as_rules_built_for_that_seed() {
    let fresh = play_random(9, 3);
    let mut config = GameConfig::with_players(3);
    config.seed = 1;
    let base = Rules::new(&Catalog::default(), &config, &TileSource::default()).expect("base rules");
    let rules = Arc::new(base.reseeded(9).expect("reseeds"));
    assert_eq!(rules.config.seed, 9);
    let mut game = Game::new(rules).expect("starts");
    let mut picks = GameRng::new(9 ^ 0x5eed); // uniform choices, as the random bot makes them
    let mut options: Vec<Action> = Vec::new();
    while !game.is_over() {
        game.legal_actions(&mut options);
        let i = picks.below(options.len() as u32) as usize;
        game.play(&options[i]).expect("legal");
    }
    let scores = |g: &Game| (0..3).map(|p| g.state().score(p)).collect::<Vec<_>>();
    assert_eq!(scores(&game), scores(&fresh));
    assert_eq!(game.state().board().tiles(), fresh.state().board().tiles());
}
