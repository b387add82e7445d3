//! Cloister tokens: the supply of 14 and the final bonus for the most tokens
//! (digest: "Cloister tokens", "Final scoring").

mod common;

use common::{points, replay, state};

/// A 7 × 5 block of cloister tiles B, rows y = 1..5, x = -3..3, placed row by
/// row (row 1 from the start tile outwards, then west to east). The 15
/// interior cloisters, x = -2..2, y = 2..4, are completed one at a time, each
/// by the placement of its south-east neighbour (x + 1, y + 1): turns 17-21,
/// 24-28 and 31-35. Ann plays the odd turns, Bob the even ones, so Ann
/// completes 8 (17 19 21 25 27 31 33 35) and Bob 7 (18 20 24 26 28 32 34).
///
/// The 14 tokens go to the first 14 completions: Ann 7, Bob 7. The 15th
/// completion (turn 35, Ann) finds the supply empty and gives nothing —
/// had it not run out, Ann would lead 8 to 7.
#[test]
fn token_supply_runs_out_and_tied_players_all_score() {
    let game = replay("tokens-run-out.json");
    assert!(game.is_over());
    let s = state(&game);
    assert_eq!(s.cloister_tokens.supply, 0);
    assert_eq!(s.cloister_tokens.held, vec![7, 7]);
    // Nobody scored a cloister (no monks), so nobody holds the Cleric.
    assert_eq!(s.cleric.holder, None);
    // Most tokens: Ann and Bob tie at 7 and the Cleric holder is not among
    // them (there is none), so both score the full 10.
    assert_eq!(points(&game, 0, "cleric-and-serf.tokens"), 10);
    assert_eq!(points(&game, 1, "cleric-and-serf.tokens"), 10);
    assert_eq!(game.state().score(0), 10);
    assert_eq!(game.state().score(1), 10);
}

/// The same game, except that Bob puts a monk on the cloister at (0,3) when
/// he places it (turn 18). It is completed in turn 26 (Bob's placement of
/// (1,4)), so Bob scores 9 and takes the Cleric. Tokens are still 7 – 7:
/// the tie includes the Cleric holder, so only Bob scores the 10.
#[test]
fn token_tie_including_the_cleric_holder_goes_to_the_holder() {
    let game = replay("tokens-tie-with-cleric.json");
    let s = state(&game);
    assert_eq!(s.cloister_tokens.held, vec![7, 7]);
    assert_eq!(s.cleric.holder, Some(1));
    assert_eq!(points(&game, 0, "cleric-and-serf.tokens"), 0);
    assert_eq!(points(&game, 1, "cleric-and-serf.tokens"), 10);
    // Bob: 9 (cloister) + 10 (Cleric, no abbeys) + 10 (tokens); Ann nothing.
    assert_eq!(game.state().score(1), 9 + 10 + 10);
    assert_eq!(game.state().score(0), 0);
}

/// Three players. Cat's monk stands on the cloister at (0,1); Ann's
/// placement completes it (turn 10): Cat scores 9 and takes the Cleric,
/// Ann takes a token. Bob's placement completes the empty cloister at (1,1)
/// (turn 11): Bob takes a token although nobody scores it.
///
/// Tokens: Ann 1, Bob 1, Cat 0. The tie does not include the Cleric holder
/// (Cat), so Ann and Bob both score 10.
#[test]
fn token_tie_without_the_cleric_holder_scores_for_all_tied() {
    let game = replay("tokens-tie-without-cleric.json");
    let s = state(&game);
    assert_eq!(s.cloister_tokens.held, vec![1, 1, 0]);
    assert_eq!(s.cloister_tokens.supply, 12);
    assert_eq!(s.cleric.holder, Some(2));
    assert_eq!(s.cleric.cloisters_scored, vec![0, 0, 1]);
    assert_eq!(game.state().score(0), 10);
    assert_eq!(game.state().score(1), 10);
    // Cat: 9 (cloister) + 10 (Cleric).
    assert_eq!(game.state().score(2), 9 + 10);
    assert_eq!(points(&game, 2, "cleric-and-serf.tokens"), 0);
}
