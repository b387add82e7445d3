//! The rule book's two worked examples, as hand-written records
//! (tests/records/harvest_example.json and sell_example.json).
//!
//! Both use seed 5. Setup shuffles each fruit's tokens (5, 4, 3, 2) with the
//! game RNG; for seed 5 the stacks are, bottom to top:
//! apple [5, 2, 4, 3], apricot [5, 2, 3, 4], cherry [2, 3, 5, 4]
//! (checked by `seed_5_stacks` below, so the arithmetic rests on it).

mod common;

use carcassonne_fruit_trees::{Fruit, Token};
use common::{options, points, replay, replay_first, state};

#[test]
fn seed_5_stacks() {
    let game = replay_first("harvest_example.json", 0);
    let s = state(&game);
    assert_eq!(s.supply[&Fruit::Apple], vec![5, 2, 4, 3]);
    assert_eq!(s.supply[&Fruit::Apricot], vec![5, 2, 3, 4]);
    assert_eq!(s.supply[&Fruit::Cherry], vec![2, 3, 5, 4]);
}

/// "You place a tile next to the apple tree and you place a meeple. You
/// decide to harvest … You get 3 points and place the token in front of you."
#[test]
fn harvest_example() {
    // Bob's U at (2,0) touches the apple tree at (1,0); he deploys a follower
    // on it, so he may harvest (or stop). He holds nothing: no sale offered.
    let before = replay_first("harvest_example.json", 4);
    assert_eq!(
        options(&before),
        vec![r#"{"fruit-trees":{"harvest":[1,0]}}"#, r#"{"fruit-trees":"done"}"#]
    );

    // The harvest is the last move; the draw order is used up, so the game
    // also runs its final scoring.
    let end = replay("harvest_example.json");
    assert!(end.is_over());
    let s = state(&end);
    // The apple stack's top token is the 3: Bob scores it at once and keeps it.
    assert_eq!(points(&end, 1, "fruit-trees.harvest"), 3);
    assert_eq!(
        s.growers[1].held,
        vec![Token {
            fruit: Fruit::Apple,
            value: 3
        }]
    );
    assert_eq!(s.tree_at([1, 0].into()).map(|t| t.tokens.clone()), Some(vec![5, 2, 4]));

    // Final scoring: Bob's farmer (field north of U, joined with the apple
    // tile's and the start tile's city-side field) touches only the start
    // tile's unfinished city: 3 × 0 completed cities = 0. His apple token
    // is worth 1. Bob: 3 harvest + 1 held = 4; Ann deployed nothing: 0.
    assert_eq!(points(&end, 1, "fruit-trees.held"), 1);
    assert_eq!(points(&end, 1, "farms"), 0);
    assert_eq!(end.state().score(1), 4);
    assert_eq!(end.state().score(0), 0);
}

/// "Up to now, you have harvested 2 apple tokens, 1 apricot and one cherry
/// token. You sell three different tokens for 10 points. As you are only
/// allowed to sell one set at a time you keep one apple token."
#[test]
fn sell_example() {
    // Ann's harvests (tops of the seed-5 stacks):
    //   turn 1, apple tile with a farmer on it:        apple 3
    //   turn 3, apricot at (2,0) touching the apple tree, 2 trees in reach,
    //           so 2 actions (per-tree): apricot 4, then apple 4
    //   turn 5, cherry at (3,0) touching the apricot tree: cherry 4, then done
    // Harvest points: 3 + 4 + 4 + 4 = 15.
    let before_sale = replay_first("sell_example.json", 19);
    let s = state(&before_sale);
    let fruits: Vec<Fruit> = s.growers[0].held.iter().map(|t| t.fruit).collect();
    assert_eq!(fruits, vec![Fruit::Apple, Fruit::Apricot, Fruit::Apple, Fruit::Cherry]);
    assert_eq!(points(&before_sale, 0, "fruit-trees.harvest"), 15);
    // Turn 7: U at (0,1) touches only the apple tree (diagonally): one action.
    // Sales are the sets of different fruits she holds; none repeats a fruit.
    let offered = options(&before_sale);
    assert!(offered.contains(&r#"{"fruit-trees":{"sell":["apple","apricot","cherry"]}}"#.to_string()));
    assert!(offered.iter().all(|o| o.matches("apple").count() <= 1));
    assert_eq!(
        offered.len(),
        1 + 7 + 1,
        "harvest apple, 7 non-empty subsets of 3 fruits, done"
    );

    let end = replay("sell_example.json");
    let s = state(&end);
    // 3 different fruits sell for 10; one of the two apples stays.
    assert_eq!(points(&end, 0, "fruit-trees.sell"), 10);
    assert_eq!(s.growers[0].held.len(), 1);
    assert_eq!(s.growers[0].held[0].fruit, Fruit::Apple);
    assert_eq!(s.growers[0].sold.len(), 3);
    // One action only (one tree in reach): the game went straight on (to
    // its end, as the draw order is used up).
    assert!(end.is_over());

    // Final scoring by hand:
    //   road (-3,0)…(2,0): U, U, U, start tile, apple, apricot = 6 tiles,
    //     open at both ends, Ann's follower on it             → 6
    //   road of U at (0,1), 1 tile, Ann's follower            → 1   roads 7
    //   cherry's city cap, 1 tile, unfinished                 → 1   cities 1
    //   Ann's farmer: south farm touches no city              → 0
    //   1 apple still held                                    → 1   held 1
    // Total: 15 harvest + 10 sell + 7 + 1 + 0 + 1 = 34. Bob never deployed: 0.
    assert_eq!(points(&end, 0, "roads"), 7);
    assert_eq!(points(&end, 0, "cities"), 1);
    assert_eq!(points(&end, 0, "farms"), 0);
    assert_eq!(points(&end, 0, "fruit-trees.held"), 1);
    assert_eq!(end.state().score(0), 34);
    assert_eq!(end.state().score(1), 0);
}
