//! Seeded bot games with the expansion on keep the invariants of any game
//! (the test kit's harness), and the end scores match the completions the
//! state counted.

use carcassonne_bots::{Bot, RandomBot};
use carcassonne_core::{Game, GameConfig};
use carcassonne_king_and_robber_baron::{INFO, State};
use carcassonne_testkit::{Kit, game_config, points, random_games, state};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn config(seed: u64) -> GameConfig {
    game_config(3, seed, &[INFO.id])
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let played = random_games(&kit(), &config(0), 4);
    assert!(
        played.points_by_source["king-and-robber-baron.king"] > 0,
        "the King scored in none of the games: {played:?}"
    );
}

#[test]
fn holders_score_one_per_completion() {
    for seed in 0..8u64 {
        let mut game = Game::new(kit().rules(&config(seed))).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut options = Vec::new();
        while !game.is_over() {
            game.legal_actions(&mut options);
            let i = bot.choose(&game, &options);
            game.play(&options[i]).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
        let state: &State = state(&game, INFO.id);
        for player in 0..3u8 {
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
            assert_eq!(
                points(&game, player, "king-and-robber-baron.king"),
                expect_king,
                "seed {seed} player {player}"
            );
            assert_eq!(
                points(&game, player, "king-and-robber-baron.robber-baron"),
                expect_robber,
                "seed {seed} player {player}"
            );
        }
        // A holder exists exactly when something of its kind was completed.
        assert_eq!(state.king.is_some(), state.cities_completed > 0, "seed {seed}");
        assert_eq!(state.robber_baron.is_some(), state.roads_completed > 0, "seed {seed}");
    }
}
