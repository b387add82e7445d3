//! Seeded random games with Hills & Sheep keep the invariants of any game
//! (the test kit's harness) and its own: the bag and the flocks together
//! always hold the 37 sheep and 2 wolves of the box, and every flock
//! scored or tended at least once over the games.

use carcassonne_core::rng::GameRng;
use carcassonne_core::{Game, GameConfig};
use carcassonne_hills_and_sheep::{INFO, State};
use carcassonne_testkit::{Kit, game_config, random_games};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn games_keep_the_invariants_of_any_game_and_the_bag_its_tokens() {
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit(), &config, 4);
        assert!(
            played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0,
            "no flock was tended in {players}-player games: {played:?}"
        );
        let flocks = played
            .points_by_source
            .get("hills-and-sheep.flock")
            .copied()
            .unwrap_or(0);
        assert!(flocks > 0, "no flock scored: {played:?}");
    }
}

#[test]
fn the_bag_and_the_flocks_always_hold_every_token() {
    let mut config = GameConfig::with_players(3);
    config.expansions = vec![INFO.id.into()];
    for seed in 0..3 {
        config.seed = seed;
        let mut game = Game::new(kit().rules(&config)).expect("starts");
        let mut rng = GameRng::new(seed + 100);
        let mut options = Vec::new();
        while !game.is_over() {
            options.clear();
            game.legal_actions(&mut options);
            let pick = rng.below(options.len() as u32) as usize;
            game.play(&options[pick]).expect("a listed option");
            let state: &State = carcassonne_testkit::state(&game, INFO.id);
            let in_bag: u32 = state.bag[..4]
                .iter()
                .enumerate()
                .map(|(i, &n)| (i as u32 + 1) * u32::from(n))
                .sum();
            // Flocks of shepherds sent home by another rule are dropped
            // when the state is next brought up to date; none here.
            let out: u32 = state.flocks.iter().map(|f| f.sheep() as u32).sum();
            assert_eq!(in_bag + out, 37, "seed {seed}: the box's 37 sheep");
            assert_eq!(state.bag[4], 2, "wolves always go back");
        }
    }
}
