//! Bots that try actions on a copy of the game cannot peek at face-down
//! tokens: `Game::determinized` redraws the unseen values of each fruit.

mod common;

use carcassonne_fruit_trees::Fruit;

fn unseen(state: &carcassonne_fruit_trees::State, fruit: Fruit) -> Vec<u8> {
    let mut v: Vec<u8> = state.supply.get(&fruit).cloned().unwrap_or_default();
    for t in state.trees.iter().filter(|t| t.fruit == Some(fruit)) {
        v.extend(&t.tokens);
    }
    v
}

#[test]
fn determinized_copies_keep_what_players_know_and_redraw_the_rest() {
    let game = common::replay_first("sell_example.json", 6);
    let real = common::state(&game);
    let public = game.public_expansion_state(common::slot(&game));
    let mut differed = false;
    for seed in 0..20 {
        let copy = game.determinized(seed);
        // Everything public is the same: sizes, held and sold tokens, scores.
        assert_eq!(copy.public_expansion_state(common::slot(&copy)), public);
        assert_eq!(copy.state().score(0), game.state().score(0));
        let guessed = common::state(&copy);
        for fruit in Fruit::ALL {
            let (mut a, mut b) = (unseen(real, fruit), unseen(guessed, fruit));
            differed |= a != b;
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "the unseen values of {fruit:?} are the same multiset");
        }
    }
    assert!(differed, "some copy must arrange the hidden tokens differently");
}
