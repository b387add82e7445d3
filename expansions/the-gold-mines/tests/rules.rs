//! The Gold Mines replayed from hand-written records (tests/records),
//! worked out by hand from the rules quoted in
//! docs/expansions/the-gold-mines.md. The start tile D at (0, 0) has a city
//! cap north and a road west–east. Ann is player 0, Bob player 1.

use carcassonne_core::Game;
use carcassonne_testkit::{Kit, options, points};
use carcassonne_the_gold_mines::{INFO, State};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn state(game: &Game) -> &State {
    carcassonne_testkit::state(game, INFO.id)
}

fn on_tiles(game: &Game) -> Vec<([i32; 2], u32)> {
    let mut v: Vec<([i32; 2], u32)> = state(game).on_tiles.iter().map(|&(p, n)| ([p.x, p.y], n)).collect();
    v.sort();
    v
}

/// gold.json. Ann's GM-A (gold) at (0,1): an ingot on it, and the second
/// on D, the only placed tile round it. Her monk on its cloister. Bob's E
/// turned 180° at (0,-1) completes D's city with his knight: 4 points, and
/// the ingot on D (the city's tiles are D and E). Ann's GM-D (gold) at
/// (1,0) has three placed tiles round it (E, D, GM-A): she chooses, and
/// puts the second ingot on GM-A (2 there). The game ends: ingots on the
/// board are lost; Bob's one ingot scores 1 (1 to 3 ingots: 1 each). Ann's
/// unfinished cloister: 1 + its 2 neighbours = 3. Ann 3, Bob 4 + 1.
#[test]
fn gold_goes_on_the_tile_and_a_chosen_neighbour_and_to_the_completed_feature() {
    let kit = kit();
    let game = kit.replay_first("gold.json", 1);
    assert_eq!(
        on_tiles(&game),
        [([0, 0], 1), ([0, 1], 1)],
        "the second ingot needs no choice"
    );
    let game = kit.replay_first("gold.json", 4);
    assert_eq!(state(&game).held, [0, 1]);
    assert_eq!(on_tiles(&game), [([0, 1], 1)]);
    let game = kit.replay_first("gold.json", 5);
    let mut offered = options(&game);
    offered.sort();
    assert_eq!(
        offered,
        [
            r#"{"the-gold-mines":{"ingot":[0,-1]}}"#,
            r#"{"the-gold-mines":{"ingot":[0,0]}}"#,
            r#"{"the-gold-mines":{"ingot":[0,1]}}"#,
        ]
    );
    let game = kit.replay("gold.json");
    assert_eq!(on_tiles(&game), [([0, 1], 2), ([1, 0], 1)]);
    assert_eq!(points(&game, 1, "the-gold-mines.gold"), 1);
    assert_eq!((game.state().score(0), game.state().score(1)), (3, 5));
}

/// shared_gold.json. Ann's GM-A turned 180° at (1,0): road from D's east
/// end curving north; gold on it and on D (its only neighbour). Her
/// follower on that road. Bob's U at (0,1), his follower on its road.
/// Ann's GM-D turned 90° at (-1,0) extends D's road west and south; gold on
/// it, and she puts the second ingot on D (2 there). Bob's V at (-1,1)
/// joins the two roads; A at (1,1) and Bob's A at (1,-1) end them: one road
/// of 7 tiles (A, GM-A, D, GM-D, V, U, A), Ann's follower and Bob's: a tie,
/// 7 each. Its tiles hold 4 ingots (GM-A 1, D 2, GM-D 1): the tied winners
/// take one at a time from the turn's player, Bob: 2 each. At the end 2
/// ingots score 2 each.
#[test]
fn tied_winners_take_the_gold_one_ingot_at_a_time() {
    let game = kit().replay("shared_gold.json");
    assert_eq!((points(&game, 0, "roads"), points(&game, 1, "roads")), (7, 7));
    assert_eq!(state(&game).held, [2, 2]);
    assert_eq!(on_tiles(&game), []);
    assert_eq!(points(&game, 0, "the-gold-mines.gold"), 2);
    assert_eq!(points(&game, 1, "the-gold-mines.gold"), 2);
}
