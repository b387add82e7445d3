//! Seeded bot games with the expansion on: they finish, and the end scores
//! match the completions the state counted.

use carcassonne_bots::{Bot, RandomBot};
use carcassonne_core::{Catalog, Game, GameConfig, Rules, TileSource};
use carcassonne_king_and_robber_baron::{INFO, State};
use std::sync::Arc;

#[test]
fn holders_score_one_per_completion() {
    let mut catalog = Catalog::default();
    catalog.add(&INFO).unwrap();
    for seed in 0..8u64 {
        let mut config = GameConfig::with_players(3);
        config.seed = seed;
        config.expansions = vec![INFO.id.into()];
        let rules = Arc::new(Rules::new(&catalog, &config, &TileSource::default()).unwrap());
        let mut game = Game::new(rules).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut options = Vec::new();
        while !game.is_over() {
            game.legal_actions(&mut options);
            let i = bot.choose(&game, &options);
            game.play(&options[i]).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
        let slot = game.rules().expansion_slot(INFO.id).unwrap();
        let state: &State = game.expansion_state(slot).as_any().downcast_ref().unwrap();
        let sources = game.rules().score_sources();
        let king = sources.iter().position(|s| s == "king-and-robber-baron.king").unwrap();
        let robber = sources
            .iter()
            .position(|s| s == "king-and-robber-baron.robber-baron")
            .unwrap();
        for player in 0..3u8 {
            let b = game.state().breakdown(player);
            let expect_king = if state.king == Some(player) {
                state.cities_completed as i32
            } else {
                0
            };
            let expect_robber = if state.robber_baron == Some(player) {
                state.roads_completed as i32
            } else {
                0
            };
            assert_eq!(b[king], expect_king, "seed {seed} player {player}");
            assert_eq!(b[robber], expect_robber, "seed {seed} player {player}");
        }
        // A holder exists exactly when something of its kind was completed.
        assert_eq!(state.king.is_some(), state.cities_completed > 0, "seed {seed}");
        assert_eq!(state.robber_baron.is_some(), state.roads_completed > 0, "seed {seed}");
    }
}
