//! `Game::play_sampled` and `Game::play_listed`, which playouts answer
//! expansion decisions with, against what they stand for:
//! `Game::play(&Game::sample_action(rng))` and
//! `Game::play(&Game::legal_actions()[pick])`. Both sides of every expansion
//! decision of seeded games with the linked expansions must take the same
//! option, leave the same game (the expansions' full states, hidden parts
//! included) and the same sampler, and undo alike.

use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Catalog, Decision, Game, GameConfig, Rules, TileSource};
// The expansions every host links, as the setup library links them.
use carcassonne_setup as _;
use std::sync::Arc;

fn game(expansions: &[&str], seed: u64) -> Game {
    let mut config = GameConfig::with_players(3);
    config.seed = seed;
    config.expansions = expansions.iter().map(|s| s.to_string()).collect();
    let catalog = Catalog::linked().expect("linked expansions");
    let mut game = Game::new(Arc::new(
        Rules::new(&catalog, &config, &TileSource::default()).expect("rules"),
    ))
    .expect("starts");
    game.set_undoable(true);
    game
}

/// The game through public accessors, expansions' full states included.
fn observe(game: &Game) -> String {
    let s = game.state();
    let expansions: Vec<_> = (0..game.rules().expansions().len() as u8)
        .map(|slot| game.expansion_state(slot).to_json())
        .collect();
    format!(
        "{expansions:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        (0..s.players() as u8).map(|p| s.score(p)).collect::<Vec<_>>(),
        s.figures(),
        s.turn(),
        game.decision(),
        game.last_events(),
    )
}

#[test]
fn playouts_play_what_the_listing_and_the_draw_give() {
    let sets: [&[&str]; 2] = [
        &["easter", "fruit-trees", "cleric-and-serf"],
        &["easter", "fruit-trees", "abbey-and-mayor", "king-and-robber-baron"],
    ];
    let (mut sampled_decisions, mut listed_decisions) = (0, 0);
    for (i, set) in sets.iter().enumerate() {
        for seed in 0..4 {
            let seed = seed * 10 + i as u64;
            let mut game = game(set, seed);
            let mut rng = GameRng::new(seed);
            let mut options = Vec::new();
            while !game.is_over() {
                if !matches!(game.decision(), Some(Decision::Expansion { .. })) {
                    assert!(
                        game.play_sampled(&mut rng.clone()).is_none(),
                        "no draw but an expansion's"
                    );
                    assert!(
                        game.clone().play_listed(|_| 0).is_none(),
                        "no listing but an expansion's"
                    );
                    game.legal_actions(&mut options);
                    let action: Action = options[rng.below(options.len() as u32) as usize].clone();
                    game.play(&action).expect("a listed option plays");
                    continue;
                }
                let before = observe(&game);
                // Listed: the same pick among the same options.
                let mut listed = game.clone();
                let mut picked_by = rng.clone();
                let played = listed.play_listed(|n| picked_by.below(n as u32) as usize);
                let mut reference = game.clone();
                let mut reference_rng = rng.clone();
                reference.legal_actions(&mut options);
                let picked = options[reference_rng.below(options.len() as u32) as usize].clone();
                reference.play(&picked).expect("a listed option plays");
                played
                    .expect("an expansion decision has options")
                    .expect("the picked option plays");
                assert_eq!(observe(&listed), observe(&reference), "{set:?} seed {seed}: {picked:?}");
                assert_eq!(
                    picked_by.below(1 << 30),
                    reference_rng.below(1 << 30),
                    "same sampler after"
                );
                assert!(listed.undo(), "a listed decision is undoable");
                assert_eq!(observe(&listed), before, "{set:?} seed {seed}: undoing {picked:?}");
                listed_decisions += 1;
                // Sampled: the expansion's own draw, when it draws one.
                let (mut drawn_by, mut sampled_by) = (rng.clone(), rng.clone());
                let mut reference = game.clone();
                let drawn = reference.sample_action(&mut drawn_by);
                let played = game.play_sampled(&mut sampled_by);
                assert_eq!(drawn.is_some(), played.is_some(), "{set:?} seed {seed}: draws alike");
                let (Some(action), Some(played)) = (drawn, played) else {
                    game.legal_actions(&mut options);
                    let action: Action = options[rng.below(options.len() as u32) as usize].clone();
                    game.play(&action).expect("a listed option plays");
                    continue;
                };
                sampled_decisions += 1;
                played.expect("a sampled option plays");
                reference.play(&action).expect("the drawn option plays");
                assert_eq!(observe(&game), observe(&reference), "{set:?} seed {seed}: {action:?}");
                assert_eq!(sampled_by.below(1 << 30), drawn_by.below(1 << 30), "same sampler after");
                assert!(game.undo(), "a sampled decision is undoable");
                assert_eq!(observe(&game), before, "{set:?} seed {seed}: undoing {action:?}");
                game.play_sampled(&mut rng)
                    .expect("still a decision")
                    .expect("plays again");
            }
        }
    }
    assert!(
        sampled_decisions > 100,
        "only {sampled_decisions} expansion decisions were sampled"
    );
    assert!(
        listed_decisions > sampled_decisions,
        "{listed_decisions} listed, {sampled_decisions} sampled: some expansions draw none"
    );
}
