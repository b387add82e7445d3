//! Cloister tokens: the supply of 14 and the final bonus for the most tokens
//! (digest: "Cloister tokens", "Final scoring").

mod common;

use common::{points, record, replay, replay_prefix, replay_record, state};
use std::collections::BTreeMap;

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

/// `tokens = "non-scorer"` is the default (source: "The player that
/// completes a cloister or a abbey but not score it receives a cloister
/// token"; the publisher's note: the player who receives the token "may not
/// be the same player that scores the cloister").
///
/// `tokens-own-cloister.json` (engine 0.2.0, no variant stated): Example 1's
/// board with one more tile first (Red's E at (0,-1), touching no cloister
/// neighbour), so that Blue places the eighth neighbour (0,2) of his own
/// monk's cloister (0,1) in move 17, and Red the last tile.
/// - Blue completes and scores the cloister: 1 + 8 = 9, and the Cleric
///   (first cloister scored). He scores it, so no token.
/// - Final: Cleric 10 + 2 × 0 abbeys; nobody holds a token, so nobody has
///   the most. Blue 9 + 10 = 19, Red 0.
///
/// With `tokens = "any-completer"` (engine 0.1.0's reading) Blue takes the
/// token too and, alone with the most tokens, 10 more: 29.
#[test]
fn a_completer_who_scores_the_cloister_takes_no_token_by_default() {
    let game = replay_prefix("tokens-own-cloister.json", 18);
    assert_eq!(
        game.rules().config.variants["cleric-and-serf"]["tokens"],
        "non-scorer".into()
    );
    let s = state(&game);
    assert_eq!(points(&game, 0, "cloisters"), 9);
    assert_eq!(s.cleric.holder, Some(0));
    assert_eq!(s.cloister_tokens.held, vec![0, 0]);
    assert_eq!(s.cloister_tokens.supply, 14);

    let game = replay("tokens-own-cloister.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "cleric-and-serf.cleric"), 10);
    assert_eq!(points(&game, 0, "cleric-and-serf.tokens"), 0);
    assert_eq!(game.state().score(0), 19);
    assert_eq!(game.state().score(1), 0);

    let mut any = record("tokens-own-cloister.json");
    any.config.variants.insert(
        "cleric-and-serf".into(),
        BTreeMap::from([("tokens".to_string(), "any-completer".into())]),
    );
    let game = replay_record(&any);
    assert_eq!(state(&game).cloister_tokens.held, vec![1, 0]);
    assert_eq!(points(&game, 0, "cleric-and-serf.tokens"), 10);
    assert_eq!(game.state().score(0), 29);
}

/// "A completion that nobody scores gives the completer a token": the same
/// game with Blue's monk left out (move 2 passes). Blue completes the
/// cloister, nobody scores it, so Blue takes a token under the default; no
/// Cleric (no cloister scored). Final: Blue alone has the most tokens, 10;
/// the cloister scores nothing (complete, no follower). Blue 10, Red 0.
#[test]
fn a_completion_nobody_scores_gives_the_completer_a_token() {
    let mut r = record("tokens-own-cloister.json");
    r.moves[1] = carcassonne_core::Move::Pass;
    let game = replay_record(&r);
    let s = state(&game);
    assert_eq!(s.cloister_tokens.held, vec![1, 0]);
    assert_eq!(s.cleric.holder, None);
    assert_eq!(points(&game, 0, "cleric-and-serf.tokens"), 10);
    assert_eq!(game.state().score(0), 10);
    assert_eq!(game.state().score(1), 0);
}

/// Example 1 (Red completes Blue's cloister) gives Red the token under both
/// readings: the record of engine 0.1.0 (`any-completer`) and the same moves
/// read by engine 0.2.0 (`non-scorer`) end alike.
#[test]
fn example_1_gives_red_the_token_under_both_readings() {
    for engine in ["0.1.0", "0.2.0"] {
        let mut r = record("example1-cleric-and-token.json");
        r.engine = engine.into();
        let game = replay_record(&r);
        assert_eq!(state(&game).cloister_tokens.held, vec![0, 1], "engine {engine}");
        assert_eq!(game.state().score(0), 9 + 10, "engine {engine}");
        assert_eq!(game.state().score(1), 10, "engine {engine}");
    }
}
