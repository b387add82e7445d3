//! Whole games played by bots, with the token bookkeeping checked after
//! every decision: the 24 tokens are always somewhere (in a stack not yet
//! placed, on a tree, held or sold), each fruit keeps its values 5, 4, 3, 2,
//! and the score breakdown agrees with the tokens.

mod common;

use carcassonne_bots::{Bot, GreedyBot, RandomBot};
use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Decision, Game, Rules, serde_json};
use carcassonne_fruit_trees::{Fruit, State};
use carcassonne_testkit::game_config;
use common::{points, state};
use proptest::prelude::*;
use std::sync::Arc;

fn new_game(seed: u64, players: usize, actions: &str) -> Game {
    let mut config = game_config(players, seed, &["fruit-trees"]);
    config.variants.insert(
        "fruit-trees".into(),
        [("actions".to_string(), carcassonne_core::Value::from(actions))].into(),
    );
    let rules = Arc::new(Rules::new(&common::catalog(), &config, &common::tiles()).expect("rules"));
    Game::new(rules).expect("game starts")
}

/// What the game has seen of fruit actions, to show the checks were not vacuous.
#[derive(Default, Debug)]
struct Seen {
    harvests: u32,
    sales: u32,
    /// Fruit decisions with more than one option that were sampled.
    sampled: u32,
}

/// Sampled playouts draw a fruit action without the engine listing them:
/// only listed options come out, and each of them (30 expected draws each,
/// so missing one has odds of about e^-30).
fn check_sampling(game: &Game, options: &[Action], sampler: &mut GameRng, seen: &mut Seen) {
    if !matches!(game.decision(), Some(Decision::Expansion { .. })) {
        return;
    }
    let mut drawn = vec![0u32; options.len()];
    for _ in 0..30 * options.len() {
        let sampled = game.sample_action(sampler).expect("fruit actions are sampled");
        let i = options.iter().position(|o| *o == sampled);
        let i = i.unwrap_or_else(|| panic!("drew {sampled:?}, which is not listed"));
        drawn[i] += 1;
    }
    assert!(
        drawn.iter().all(|&n| n > 0),
        "some listed option is never drawn: {drawn:?}"
    );
    if options.len() > 1 {
        seen.sampled += 1;
    }
}

fn check_tokens(game: &Game) {
    let s: &State = state(game);
    let count = s.token_count();
    assert_eq!(count.total(), 24, "{count:?}");
    for fruit in Fruit::ALL {
        let mut values: Vec<u8> = s
            .all_tokens()
            .iter()
            .filter(|t| t.fruit == fruit)
            .map(|t| t.value)
            .collect();
        values.sort_unstable();
        assert_eq!(values, vec![2, 3, 4, 5], "{fruit}");
    }
    for (p, g) in s.growers.iter().enumerate() {
        let harvested: i32 = g.held.iter().chain(&g.sold).map(|t| i32::from(t.value)).sum();
        assert_eq!(points(game, p as u8, "fruit-trees.harvest"), harvested);
        assert_eq!(points(game, p as u8, "fruit-trees.sell"), g.sell_points);
        // A sale pays 3 a token for 1 or 2 fruits and up to 15/4 a token for
        // 4, so the player's sale points lie between those rates.
        let sold = g.sold.len() as i32;
        assert!(g.sell_points >= 3 * sold && 4 * g.sell_points <= 15 * sold, "{g:?}");
    }
    // The public state shows sizes that match and no stack values.
    let public = game.public_expansion_state(common::slot(game));
    for t in &s.trees {
        let shown = public["trees"]
            .as_array()
            .unwrap()
            .iter()
            .find(|j| j["at"] == serde_json::json!([t.at.x, t.at.y]))
            .unwrap();
        assert_eq!(shown["tokens"], t.tokens.len());
    }
    for (fruit, stack) in &s.supply {
        assert_eq!(public["supply"][fruit.name()], stack.len());
    }
}

fn play_out(mut game: Game, bot: &mut dyn Bot) -> (Game, Seen) {
    let mut seen = Seen::default();
    let mut options: Vec<Action> = Vec::new();
    let mut sampler = GameRng::new(0x5a3b);
    check_tokens(&game);
    while !game.is_over() {
        game.legal_actions(&mut options);
        assert!(!options.is_empty(), "a pending decision always has an option");
        check_sampling(&game, &options, &mut sampler, &mut seen);
        let i = bot.choose(&game, &options);
        if let Action::Expansion { action, .. } = &options[i] {
            match action.to_json() {
                serde_json::Value::Object(m) if m.contains_key("harvest") => seen.harvests += 1,
                serde_json::Value::Object(m) if m.contains_key("sell") => seen.sales += 1,
                _ => {}
            }
        }
        game.play(&options[i]).expect("listed options are legal");
        check_tokens(&game);
    }
    // Final scoring: 1 point per token still held.
    for (p, g) in state(&game).growers.iter().enumerate() {
        assert_eq!(points(&game, p as u8, "fruit-trees.held"), g.held.len() as i32);
        assert_eq!(g.held_points, g.held.len() as i32);
    }
    (game, seen)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn tokens_always_total_24(seed in any::<u64>(), players in 2usize..=5, one in any::<bool>()) {
        let game = new_game(seed, players, if one { "one" } else { "per-tree" });
        play_out(game, &mut RandomBot::new(seed ^ 0xf00d));
    }
}

/// The property above is not vacuous: random games do harvest and sell.
#[test]
fn random_games_harvest_and_sell() {
    let mut total = Seen::default();
    for seed in 0..4 {
        let (game, seen) = play_out(new_game(seed, 3, "per-tree"), &mut RandomBot::new(seed));
        assert!(game.state().board().tiles().len() > 70);
        total.harvests += seen.harvests;
        total.sales += seen.sales;
        total.sampled += seen.sampled;
    }
    assert!(total.harvests > 0 && total.sales > 0 && total.sampled > 0, "{total:?}");
}

#[test]
fn a_greedy_game_runs_to_the_end() {
    let (game, _) = play_out(new_game(3, 2, "one"), &mut GreedyBot::default());
    assert!(game.is_over());
}
