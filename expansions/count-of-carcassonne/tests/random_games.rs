//! Seeded random games with The Count of Carcassonne keep the invariants of
//! any game (the test kit's harness), and its own: the city is laid whole
//! before the first turn with the Count on it, no follower ever leaves the
//! Count's quarter, and over the games followers enter the city, leave it
//! into features being scored during play and before the final scoring,
//! and the Count moves.

use carcassonne_core::rng::GameRng;
use carcassonne_core::serde_json::Value;
use carcassonne_core::{Event, Game, GameConfig};
use carcassonne_count_of_carcassonne::{INFO, Quarter, Stage, State};
use carcassonne_testkit::{Kit, game_config, random_games};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn games_keep_the_invariants_of_any_game() {
    for (players, seed) in [(2, 0), (3, 10), (5, 20)] {
        let config = game_config(players, seed, &[INFO.id]);
        let played = random_games(&kit(), &config, 4);
        assert!(
            played.by_kind.get(INFO.id).copied().unwrap_or(0) > 0,
            "{players} players: no decision of the Count's rules: {played:?}"
        );
    }
}

#[test]
fn every_variant_plays() {
    let mut config = game_config(3, 40, &[INFO.id]);
    for (name, value) in [
        ("final_move", "any_quarter"),
        ("count_move", "clockwise"),
        ("count_move", "follow_follower"),
        ("base_start_tile", "in_bag"),
    ] {
        let mut variants = std::collections::BTreeMap::new();
        variants.insert(name.to_string(), value.into());
        config.variants.insert(INFO.id.into(), variants);
        random_games(&kit(), &config, 2);
    }
    let mut variants = std::collections::BTreeMap::new();
    variants.insert("city_counts_for_farms".to_string(), false.into());
    config.variants.insert(INFO.id.into(), variants);
    random_games(&kit(), &config, 2);
}

/// What the log of the last decision says the rules did.
fn details(game: &Game) -> Vec<Value> {
    game.last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { detail, .. } => Some(detail.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn followers_enter_and_leave_the_city_but_never_the_counts_quarter() {
    let mut config = GameConfig::with_players(4);
    config.expansions = vec![INFO.id.into()];
    let (mut entered, mut left_in_play, mut left_at_end, mut count_moves) = (0, 0, 0, 0);
    for seed in 0..12 {
        config.seed = seed;
        let mut game = Game::new(kit().rules(&config)).expect("starts");
        assert_eq!(game.state().board().tiles().len(), 12, "the city is laid whole");
        let count = game.rules().figure_index("count").expect("the Count");
        assert_eq!(game.state().neutral_supply(count), 0, "the Count stands on the city");
        let mut rng = GameRng::new(seed + 100);
        let mut options = Vec::new();
        while !game.is_over() {
            options.clear();
            game.legal_actions(&mut options);
            let before: State = carcassonne_testkit::state::<State>(&game, INFO.id).clone();
            let pick = options[rng.below(options.len() as u32) as usize].clone();
            game.play(&pick).expect("a listed option");
            for d in details(&game) {
                if d.get("entered").is_some() {
                    entered += 1;
                }
                if d.get("count").is_some() {
                    count_moves += 1;
                }
                if let Some(from) = d.get("left").and_then(|v| v.as_str()).and_then(Quarter::parse) {
                    assert_ne!(from, before.count, "seed {seed}: a follower left the Count's quarter");
                    if before.stage == Stage::Final {
                        left_at_end += 1;
                        assert_eq!(from, Quarter::Market, "market_only: only the market at the end");
                    } else {
                        left_in_play += 1;
                    }
                }
            }
        }
    }
    assert!(entered > 0, "no follower entered the city");
    assert!(count_moves > 0, "the Count never moved");
    assert!(left_in_play > 0, "no follower left the city during play");
    assert!(left_at_end > 0, "no follower left the market before the final scoring");
}
