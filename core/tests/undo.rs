//! Undo (`Game::set_undoable`, `Game::undo`) on random base games: after
//! every decision the game is compared with a copy taken before it, after
//! undoing; lines of several decisions are undone back to where they
//! started; and a game played on after undoing plays exactly as a game that
//! never undid (same tiles drawn, same scores), so the RNG comes back too.

use carcassonne_core::rng::GameRng;
use carcassonne_core::{Action, Catalog, Game, GameConfig, Rules, TileSource};
use proptest::prelude::*;
use std::sync::Arc;

fn new_game(seed: u64, players: usize) -> Game {
    let mut config = GameConfig::with_players(players);
    config.seed = seed;
    let rules = Arc::new(Rules::new(&Catalog::default(), &config, &TileSource::default()).expect("base rules"));
    Game::new(rules).expect("base game starts")
}

/// The whole state, down to the board's grid and the feature graph's
/// nodes (and their undo journals, which undoing also takes back).
fn observe(game: &Game) -> String {
    format!(
        "{:?}\n{:?}\n{}",
        game.state().board(),
        game.state().features(),
        public(game)
    )
}

/// What a player, a record or the engine's next move depends on, through
/// the public accessors (the same with and without undo on).
fn public(game: &Game) -> String {
    let s = game.state();
    let players = s.players() as u8;
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    let f = s.features();
    let nodes: Vec<_> = (0..f.len() as u32)
        .map(|n| {
            (
                f.root(n),
                f.kind(n),
                f.open_sides(n),
                f.followers(n),
                f.pennants(n),
                f.tile_of(n),
            )
        })
        .collect();
    format!(
        "{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        s.board().tiles(),
        s.board().frontier(),
        nodes,
        s.figures(),
        (0..players)
            .map(|p| (s.score(p), s.breakdown(p).to_vec(), s.supply(p, 0)))
            .collect::<Vec<_>>(),
        s.tiles_left(),
        s.discarded(),
        s.turn(),
        s.phase(),
        game.decision(),
        options,
        game.last_events(),
    )
}

fn pick(game: &Game, rng: &mut GameRng) -> Action {
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    options[rng.below(options.len() as u32) as usize].clone()
}

fn check_undo(seed: u64, players: usize, picks: u64) -> Result<(), TestCaseError> {
    let mut game = new_game(seed, players);
    game.set_undoable(true);
    let mut plain = new_game(seed, players);
    let mut rng = GameRng::new(picks);
    let mut line = 0;
    while !game.is_over() {
        let before = observe(&game);
        let depth = game.undo_depth();
        let action = pick(&game, &mut rng);
        game.play(&action).expect("a listed option plays");
        prop_assert_eq!(game.undo_depth(), depth + 1);
        // One decision back, then forward again.
        prop_assert!(game.undo());
        prop_assert_eq!(observe(&game), before.clone());
        game.play(&action).expect("plays again");
        plain.play(&action).expect("the plain game plays it too");
        prop_assert_eq!(public(&game), public(&plain));
        // Every 17 decisions, a line of up to 12 random decisions played
        // and undone back to here.
        line += 1;
        if line % 17 == 0 {
            let here = observe(&game);
            let depth = game.undo_depth();
            let mut side = rng.clone();
            let mut played = 0;
            while played < 12 && !game.is_over() {
                let a = pick(&game, &mut side);
                game.play(&a).expect("a listed option plays");
                played += 1;
            }
            for _ in 0..played {
                prop_assert!(game.undo());
            }
            prop_assert_eq!(game.undo_depth(), depth);
            prop_assert_eq!(observe(&game), here);
        }
    }
    // All the way back to the start, and nothing further.
    while game.undo() {}
    prop_assert_eq!(game.undo_depth(), 0);
    prop_assert_eq!(public(&game), public(&new_game(seed, players)));
    prop_assert!(!game.undo());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    #[test]
    fn undo_restores_the_game_exactly(seed in any::<u64>(), players in 2usize..=6, picks in any::<u64>()) {
        check_undo(seed, players, picks)?;
    }
}

#[test]
fn undo_is_off_by_default_and_refusals_leave_no_frame() {
    let mut game = new_game(3, 2);
    assert!(!game.is_undoable());
    let a = pick(&game, &mut GameRng::new(1));
    game.play(&a).expect("listed");
    assert!(!game.undo(), "nothing to undo while off");
    game.set_undoable(true);
    assert!(game.play(&Action::Pass).is_err() || game.undo_depth() == 1);
    let depth = game.undo_depth();
    assert!(
        game.play(&Action::Place {
            pos: carcassonne_core::Pos::new(99, 99),
            rotation: carcassonne_core::Rotation::NONE
        })
        .is_err()
    );
    assert_eq!(game.undo_depth(), depth, "a refused action is no decision");
    game.set_undoable(false);
    assert_eq!(game.undo_depth(), 0);
}

/// A game whose bag is a stack in the base game's tile order.
fn ordered_game() -> Game {
    let mut config = GameConfig::with_players(2);
    let plain = Rules::new(&Catalog::default(), &config, &TileSource::default()).expect("base rules");
    let order: Vec<String> = plain
        .initial_bag()
        .iter()
        .map(|&t| plain.tile(t).def.id.clone())
        .collect();
    config.draw_order = Some(order);
    let rules = Arc::new(Rules::new(&Catalog::default(), &config, &TileSource::default()).expect("ordered rules"));
    Game::new(rules).expect("starts")
}

fn tiles_sorted(game: &Game) -> Vec<u16> {
    let mut tiles: Vec<u16> = game.next_draws().expect("a draw order").collect();
    tiles.sort_unstable();
    tiles
}

/// A chance node as a search makes it (`arrange_next_draws` between an
/// undo and the same decision played again): the decision draws the tile
/// chosen, the bag keeps the same tiles, and the game equals one whose draw
/// order had that tile there from the start.
#[test]
fn a_decision_played_again_after_arranging_draws_the_chosen_tile() {
    let mut game = ordered_game();
    assert!(
        Game::new(new_game(1, 2).rules_arc().clone())
            .expect("starts")
            .next_draws()
            .is_none()
    );
    game.set_undoable(true);
    let mut rng = GameRng::new(9);
    // Up to a decision that draws.
    let action = loop {
        let action = pick(&game, &mut rng);
        let left = game.state().tiles_left();
        game.play(&action).expect("legal");
        if game.state().tiles_left() < left {
            break action;
        }
    };
    let drawn = game.state().turn().drawn.expect("a tile drawn");
    assert!(game.undo());
    let bag = tiles_sorted(&game);
    let next: Vec<u16> = game.next_draws().expect("order").collect();
    assert_eq!(next[0], drawn, "the stack's top is what the decision drew");
    let wanted = *next
        .iter()
        .rev()
        .find(|&&t| t != drawn)
        .expect("another tile type in the bag");
    game.arrange_next_draws(&[wanted]).expect("arranged");
    assert_eq!(tiles_sorted(&game), bag, "the same tiles in the bag");
    assert_eq!(game.next_draws().expect("order").next(), Some(wanted));
    game.play(&action).expect("the same decision");
    assert_eq!(game.state().turn().drawn, Some(wanted));

    // Refusals leave the game as it was.
    let before = public(&game);
    let absent = (0..game.rules().tiles().len() as u16)
        .find(|t| !game.next_draws().expect("order").any(|b| b == *t))
        .expect("a tile type with no copy left");
    let e = game.arrange_next_draws(&[absent]).expect_err("no copy left");
    assert!(e.message.contains("left in the bag"), "{e}");
    let too_many = vec![wanted; game.state().tiles_left() + 1];
    assert!(game.arrange_next_draws(&too_many).is_err());
    assert_eq!(public(&game), before);
    let mut random = new_game(1, 2);
    let e = random.arrange_next_draws(&[0]).expect_err("a random bag has no order");
    assert!(e.message.contains("draw order"), "{e}");
}
