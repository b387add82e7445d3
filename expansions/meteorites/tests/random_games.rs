//! Seeded random games with Meteorites keep the invariants of any game (the
//! test kit's harness: figures conserved, the total score never falling,
//! every listed option accepted, records replaying exactly), for 2, 3 and 5
//! players, under each impact table, alone and with Abbey & Mayor (barns on
//! corners), The Princess & the Dragon (a dragon and a fairy), The Tower
//! and Little Buildings (pieces on tiles, which stay), The Count of
//! Carcassonne (followers in its quarters, which stay), The Courier, The
//! School and Under the Big Top (neutral figures, which stay), The Wells
//! and Inns & Cathedrals; and meteorites fall and strike figures.

use carcassonne_core::rng::GameRng;
use carcassonne_core::{Game, GameConfig, Value};
use carcassonne_meteorites::{INFO, State, Strike};
use carcassonne_testkit::{Kit, game_config, random_games};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_abbey_and_mayor::INFO)
        .with(&carcassonne_the_princess_and_the_dragon::INFO)
        .with(&carcassonne_wells::INFO)
        .with(&carcassonne_inns_and_cathedrals::INFO)
        .with(&carcassonne_the_tower::INFO)
        .with(&carcassonne_little_buildings::INFO)
        .with(&carcassonne_count_of_carcassonne::INFO)
        .with(&carcassonne_courier::INFO)
        .with(&carcassonne_the_school::INFO)
        .with(&carcassonne_under_the_big_top::INFO)
}

fn config(players: usize, seed: u64, others: &[&str], impact: &str) -> GameConfig {
    let expansions: Vec<&str> = std::iter::once(INFO.id).chain(others.iter().copied()).collect();
    let mut config = game_config(players, seed, &expansions);
    config
        .variants
        .entry(INFO.id.into())
        .or_default()
        .insert("impact".into(), Value::Text(impact.into()));
    config
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    let kit = kit();
    let mut returned = 0;
    for (players, seed, others, impact) in [
        (2, 0, &[][..], "standard"),
        (3, 10, &["abbey-and-mayor"][..], "extended"),
        (5, 20, &["the-princess-and-the-dragon"][..], "combination"),
        (2, 30, &["wells", "inns-and-cathedrals"][..], "extended"),
        (3, 40, &["the-tower", "little-buildings"][..], "extended"),
        (4, 50, &["count-of-carcassonne", "courier"][..], "combination"),
        (2, 60, &["the-school", "under-the-big-top"][..], "extended"),
    ] {
        let config = config(players, seed, others, impact);
        random_games(&kit, &config, 2);
        let strikes = strikes_of_one_game(&kit, &config);
        assert!(!strikes.is_empty(), "no meteorite fell: {config:?}");
        returned += strikes.iter().map(|s| s.returned).sum::<u32>();
    }
    assert!(returned > 0, "no meteorite struck a figure");
}

/// One more game of the configuration, played at random here, for the
/// meteorites that fell in it.
fn strikes_of_one_game(kit: &Kit, config: &GameConfig) -> Vec<Strike> {
    let mut game = Game::new(kit.rules(config)).expect("the game starts");
    let mut rng = GameRng::new(config.seed ^ 0x3e7e);
    let mut options = Vec::new();
    while !game.is_over() {
        game.legal_actions(&mut options);
        let choice = options[rng.below(options.len() as u32) as usize].clone();
        game.play(&choice).expect("a listed option plays");
    }
    carcassonne_testkit::state::<State>(&game, INFO.id).strikes.clone()
}
