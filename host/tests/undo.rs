//! Undo (`Game::set_undoable`, `Game::undo`) with the linked expansions on:
//! after every decision of random games the game is undone and compared
//! with how it was (the expansions' full states, hidden parts included),
//! then played on exactly like a game that never undid, so the dice, the
//! draws and the expansions' states all come back.

// The expansions every host links, as the setup library links them.
use carcassonne_core::rng::GameRng;
use carcassonne_core::{Catalog, Game, GameConfig, Rules, TileSource};
use carcassonne_setup as _;
use std::sync::Arc;

fn game(expansions: &[&str], seed: u64) -> Game {
    let mut config = GameConfig::with_players(3);
    config.seed = seed;
    config.expansions = expansions.iter().map(|s| s.to_string()).collect();
    let catalog = Catalog::linked().expect("linked expansions");
    Game::new(Arc::new(
        Rules::new(&catalog, &config, &TileSource::default()).expect("rules"),
    ))
    .expect("starts")
}

/// The state through public accessors, expansions' full states included.
fn observe(game: &Game) -> String {
    let s = game.state();
    let expansions: Vec<_> = (0..game.rules().expansions().len() as u8)
        .map(|slot| game.expansion_state(slot).to_json())
        .collect();
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    format!(
        "{expansions:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{options:?}\n{:?}",
        (0..s.players() as u8)
            .map(|p| (s.score(p), s.breakdown(p).to_vec()))
            .collect::<Vec<_>>(),
        s.board().tiles(),
        s.board().frontier(),
        s.figures(),
        s.turn(),
        s.tiles_left(),
        game.decision(),
        game.last_events(),
    )
}

#[test]
fn undo_restores_games_with_expansions() {
    let sets: [&[&str]; 3] = [
        &["easter", "fruit-trees", "cleric-and-serf"],
        &["abbey-and-mayor", "inns-and-cathedrals", "king-and-robber-baron"],
        &[
            "abbey-and-mayor",
            "cleric-and-serf",
            "easter",
            "fruit-trees",
            "inns-and-cathedrals",
            "king-and-robber-baron",
        ],
    ];
    for (i, set) in sets.iter().enumerate() {
        let seed = i as u64 + 7;
        let mut undoable = game(set, seed);
        undoable.set_undoable(true);
        let mut plain = game(set, seed);
        let mut rng = GameRng::new(seed);
        let mut options = Vec::new();
        // How the game was before each decision, to compare every undo
        // with on the way back: undo reuses its frames' buffers, and a
        // frame that kept a state from an earlier line would show there.
        let mut seen = Vec::new();
        while !undoable.is_over() {
            let before = observe(&undoable);
            seen.push(before.clone());
            undoable.legal_actions(&mut options);
            let action = options[rng.below(options.len() as u32) as usize].clone();
            undoable.play(&action).expect("a listed option plays");
            assert!(undoable.undo());
            assert_eq!(observe(&undoable), before, "{set:?}: undoing {action:?}");
            undoable.play(&action).expect("plays again");
            plain.play(&action).expect("plays in the plain game");
            assert_eq!(observe(&undoable), observe(&plain), "{set:?}");
        }
        assert_eq!(undoable.undo_depth(), seen.len());
        while let Some(before) = seen.pop() {
            assert!(undoable.undo());
            assert_eq!(
                observe(&undoable),
                before,
                "{set:?}: back before decision {}",
                seen.len()
            );
        }
        assert!(!undoable.undo());
        assert_eq!(
            observe(&undoable),
            observe(&game(set, seed)),
            "{set:?}: back to the start"
        );
    }
}
