//! Engine benchmarks on the base game, through the public API:
//!
//! - `game/full`, `game/sampled`: a whole random 2-player game played by
//!   `carcassonne_core::playout` in full mode (every decision lists all legal
//!   options) or sampled mode (rejection-sampled placements); see that
//!   module for the exact procedure. `carcassonne bench` uses the same code;
//! - `game/sampled_by_check`: the same with `check` as the only test of a
//!   sample (a refused `check` builds an explanation string, so this shows
//!   what that costs in a playout);
//! - `legal_actions/place`, `legal_actions/deploy`: listing the options of
//!   one decision, mid-game (about 35 tiles down);
//! - `clone/mid_game`: `Game::clone` of that mid-game state.
//!
//! Rules are built before timing (parsing the tile file is setup, not
//! play), reseeded for each seed. Game counts are reported as elements per
//! second. `host` has the same with expansions (`benches/expansions.rs`).

use carcassonne_core::playout;
use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Catalog, Decision, Game, GameConfig, Rotation, Rules, TileSource};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;

/// Distinct seeds the game benchmarks cycle through.
const SEEDS: u64 = 64;

fn rules_for(seed: u64) -> Arc<Rules> {
    let mut config = GameConfig::with_players(2);
    config.seed = seed;
    Arc::new(Rules::new(&Catalog::default(), &config, &TileSource::default()).expect("base rules"))
}

/// The rules for every seed, reseeded from one (sharing the tile table, as
/// a simulation's games do).
fn seeded_rules() -> Vec<Arc<Rules>> {
    let first = rules_for(0);
    (0..SEEDS)
        .map(|s| Arc::new(first.reseeded(s).expect("base rules")))
        .collect()
}

fn pick(rng: &mut GameRng, n: usize) -> usize {
    rng.below(n as u32) as usize
}

/// One decision answered by a uniform pick among all legal options.
fn play_full_step(game: &mut Game, rng: &mut GameRng, options: &mut Vec<Action>) {
    playout::full_step(game, rng, options).expect("listed options are legal");
}

/// One decision answered as `playout::sampled_step` does.
fn play_sampled_step(game: &mut Game, rng: &mut GameRng, options: &mut Vec<Action>) {
    playout::sampled_step(game, rng, options).expect("base game plays");
}

/// Like [`play_sampled_step`] with `check` as the only test of a sample.
fn play_checked_sample_step(game: &mut Game, rng: &mut GameRng, options: &mut Vec<Action>) {
    if let Some(Decision::Place { .. }) = game.decision() {
        let frontier = game.state().board().frontier();
        for _ in 0..playout::SAMPLE_TRIES {
            let action = Action::Place {
                pos: frontier[pick(rng, frontier.len())],
                rotation: Rotation::ALL[pick(rng, 4)],
            };
            if game.check(&action).is_ok() {
                game.play(&action).expect("checked");
                return;
            }
        }
    }
    play_full_step(game, rng, options);
}

fn play_game(rules: &Arc<Rules>, seed: u64, step: fn(&mut Game, &mut GameRng, &mut Vec<Action>)) -> Game {
    // Not narrated, as `playout::random_game` plays.
    let mut game = Game::with_narration(Arc::clone(rules), false).expect("base game starts");
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut options = Vec::new();
    while !game.is_over() {
        step(&mut game, &mut rng, &mut options);
    }
    game
}

/// A game with at least `tiles` tiles down, at a place decision (or at the
/// deploy decision of the next tile, when `deploy`).
fn mid_game(rules: &Arc<Rules>, tiles: usize, deploy: bool) -> Game {
    let mut game = Game::new(Arc::clone(rules)).expect("base game starts");
    let mut rng = GameRng::new(7);
    let mut options = Vec::new();
    while game.state().board().tiles().len() < tiles || !matches!(game.decision(), Some(Decision::Place { .. })) {
        play_full_step(&mut game, &mut rng, &mut options);
    }
    if deploy {
        play_full_step(&mut game, &mut rng, &mut options);
        assert!(matches!(game.decision(), Some(Decision::Deploy { .. })));
    }
    game
}

fn games(c: &mut Criterion) {
    let rules = seeded_rules();
    let mut group = c.benchmark_group("game");
    group.throughput(Throughput::Elements(1));
    for (name, step) in [
        ("full", play_full_step as fn(&mut Game, &mut GameRng, &mut Vec<Action>)),
        ("sampled", play_sampled_step),
        ("sampled_by_check", play_checked_sample_step),
    ] {
        let mut seed = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed = (seed + 1) % SEEDS;
                black_box(play_game(&rules[seed as usize], seed, step))
            })
        });
    }
    group.finish();
}

fn decisions(c: &mut Criterion) {
    let rules = rules_for(3);
    let place = mid_game(&rules, 35, false);
    let deploy = mid_game(&rules, 35, true);
    let mut options = Vec::new();
    let mut group = c.benchmark_group("legal_actions");
    group.bench_function("place", |b| {
        b.iter(|| {
            black_box(&place).legal_actions(&mut options);
            black_box(options.len())
        })
    });
    group.bench_function("deploy", |b| {
        b.iter(|| {
            black_box(&deploy).legal_actions(&mut options);
            black_box(options.len())
        })
    });
    group.finish();

    let mut group = c.benchmark_group("clone");
    group.bench_function("mid_game", |b| {
        // The clones are dropped outside the timed loop.
        b.iter_with_large_drop(|| black_box(&place).clone())
    });
    group.finish();
}

criterion_group!(benches, games, decisions);
criterion_main!(benches);
