//! Whole moves (`Game::moves`, `Game::deployments_for`, `Game::play_move`)
//! against the two-step API with the linked expansions on: for each one
//! alone, the three of the benchmark together and all six, random games
//! are played by drawing listed whole moves, and at every placement
//! decision the whole moves must be exactly the (placement, deployment)
//! pairs found by playing each placement on a copy and listing what
//! follows, and each must play as its two steps do.

// The expansions every host links, as the setup library links them.
use carcassonne_core::figures::Spot;
use carcassonne_core::rng::GameRng;
use carcassonne_core::{AfterPlacing, Catalog, Decision, Game, GameConfig, NextDecision, Rules, TileSource, Value};
use carcassonne_setup as _;
use carcassonne_testkit::two_step_moves;
use std::sync::Arc;

fn game(expansions: &[&str], seed: u64) -> Game {
    game_with(expansions, &[], seed)
}

/// A game with `variants`, each (expansion, variant, value).
fn game_with(expansions: &[&str], variants: &[(&str, &str, &str)], seed: u64) -> Game {
    let mut config = GameConfig::with_players(3);
    config.seed = seed;
    config.expansions = expansions.iter().map(|s| s.to_string()).collect();
    for (expansion, variant, value) in variants {
        config
            .variants
            .entry(expansion.to_string())
            .or_default()
            .insert(variant.to_string(), Value::Text(value.to_string()));
    }
    let catalog = Catalog::linked().expect("linked expansions");
    Game::new(Arc::new(
        Rules::new(&catalog, &config, &TileSource::default()).expect("rules"),
    ))
    .expect("starts")
}

/// The state as far as any player or record can tell, expansions included.
fn observe(game: &Game) -> String {
    let s = game.state();
    let expansions: Vec<_> = (0..game.rules().expansions().len() as u8)
        .map(|slot| game.public_expansion_state(slot))
        .collect();
    format!(
        "{expansions:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        (0..s.players() as u8).map(|p| s.score(p)).collect::<Vec<_>>(),
        s.board().tiles(),
        s.figures(),
        s.turn(),
        s.tiles_left(),
        game.decision()
    )
}

/// What a game checked by `check_game` listed.
#[derive(Default)]
struct Listed {
    /// Moves that put a figure on a corner of the tile (a barn).
    on_corners: usize,
    /// Moves that take a figure back (an abbot).
    recalls: usize,
}

/// Plays a random game by whole moves, checking each placement decision's
/// (see the module's documentation).
fn check(expansions: &[&str], seed: u64) -> Listed {
    check_game(game(expansions, seed), expansions, seed)
}

fn check_game(mut game: Game, expansions: &[&str], seed: u64) -> Listed {
    let mut listed = Listed::default();
    let mut rng = GameRng::new(seed ^ 0xabc);
    let (mut moves, mut options, mut deployments) = (Vec::new(), Vec::new(), Vec::new());
    let mut checked = 0;
    while !game.is_over() {
        if !matches!(game.decision(), Some(Decision::Place { .. })) {
            game.legal_actions(&mut options);
            let a = options[rng.below(options.len() as u32) as usize].clone();
            game.play(&a).expect("a listed option plays");
            continue;
        }
        game.moves(&mut moves);
        assert_eq!(moves, two_step_moves(&game), "{expansions:?} seed {seed}");
        for m in &moves {
            match m.then {
                AfterPlacing::Deploy(d) if matches!(d.spot, Spot::Corner(_)) => listed.on_corners += 1,
                AfterPlacing::Deploy(d) if matches!(d.spot, Spot::Recall(_)) => listed.recalls += 1,
                _ => {}
            }
        }
        for m in &moves {
            if m.then == AfterPlacing::PutAside {
                // No placement: nothing is deployed after it.
                continue;
            }
            let next = game
                .deployments_for(m.pos, m.rotation, &mut deployments)
                .expect("legal");
            assert_eq!(next == NextDecision::Expansion, m.then == AfterPlacing::Later);
            if let AfterPlacing::Deploy(d) = m.then {
                assert!(deployments.contains(&d));
            }
        }
        // Every third turn, every move against its two steps (the copies
        // cost time in a debug build).
        if checked % 3 == 0 {
            for m in &moves {
                let mut whole = game.clone();
                whole.play_move(m).expect("a listed move plays");
                let mut steps = game.clone();
                steps.play(&m.placement()).expect("its placement plays");
                if let Some(second) = m.deployment() {
                    steps.play(&second).expect("its second step plays");
                }
                assert_eq!(observe(&whole), observe(&steps), "{expansions:?} seed {seed}: {m:?}");
            }
        }
        checked += 1;
        let m = moves[rng.below(moves.len() as u32) as usize];
        game.play_move(&m).expect("a listed move plays");
    }
    assert!(checked > 60, "{checked} placements");
    listed
}

#[test]
fn whole_moves_match_the_two_step_api_with_expansions() {
    let sets: [&[&str]; 12] = [
        &["abbey-and-mayor"],
        &["abbot"],
        &["cleric-and-serf"],
        &["easter"],
        &["fruit-trees"],
        &["inns-and-cathedrals"],
        &["king-and-robber-baron"],
        &["traders-and-builders"],
        &["the-tower"],
        &["the-princess-and-the-dragon"],
        &["easter", "fruit-trees", "cleric-and-serf"],
        &[
            "abbey-and-mayor",
            "cleric-and-serf",
            "easter",
            "fruit-trees",
            "inns-and-cathedrals",
            "king-and-robber-baron",
            "traders-and-builders",
            "the-tower",
            "the-princess-and-the-dragon",
        ],
    ];
    for (i, set) in sets.iter().enumerate() {
        check(set, i as u64 + 1);
    }
}

/// The barn's spots and its veto on farmers are asked of the board with
/// the tile considered in place (`AfterPlacement`), not by playing each
/// placement: across games, with either rule for a farm that holds a barn,
/// they match the two-step API, barns included.
#[test]
fn barns_listed_without_playing_match_the_two_step_api() {
    for rule in ["not-occupied", "occupied"] {
        let mut barn_moves = 0;
        for seed in 11..15 {
            let game = game_with(
                &["abbey-and-mayor"],
                &[("abbey-and-mayor", "barn_placement", rule)],
                seed,
            );
            barn_moves += check_game(game, &["abbey-and-mayor"], seed).on_corners;
        }
        assert!(barn_moves > 50, "{rule}: {barn_moves} barn moves listed");
    }
}

/// Taking the abbot back is listed straight from the board as well: it is
/// offered after every placement that does not complete his cloister or
/// garden, which the listing works out for the tile considered in place.
#[test]
fn recalls_listed_without_playing_match_the_two_step_api() {
    let mut recalls = 0;
    for seed in 21..25 {
        recalls += check(&["abbot"], seed).recalls;
    }
    assert!(recalls > 200, "{recalls} recalls listed");
}
