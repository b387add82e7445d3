//! Solo games (one player): the Cleric, the cloister tokens and their ties
//! when nobody else plays.
//!
//! `solo-cloister.json` is Example 1 (`example1-cleric-and-token.json`)
//! played by Blue alone: he puts a monk on the cloister at (0,1) and places
//! all eight neighbours, the last one (0,2) in move 15.

mod common;

use carcassonne_core::Move;
use common::{points, record, replay, replay_record, state};

/// Blue completes his own monk's cloister: 1 + 8 = 9, and the Cleric (the
/// first cloister scored). He scores it, so he takes no token — in the
/// two-player Example 1 Red, the completer, took one. Final: Cleric 10 +
/// 2 × 0 abbeys; no tokens, so nobody has the most. Blue 9 + 10 = 19.
#[test]
fn a_solo_player_completing_his_own_cloister_takes_the_cleric_and_no_token() {
    let game = replay("solo-cloister.json");
    assert!(game.is_over());
    let s = state(&game);
    assert_eq!(s.cleric.holder, Some(0));
    assert_eq!(s.cloister_tokens.held, vec![0]);
    assert_eq!(points(&game, 0, "cleric-and-serf.cleric"), 10);
    assert_eq!(points(&game, 0, "cleric-and-serf.tokens"), 0);
    assert_eq!(game.state().score(0), 19);
}

/// The same game without the monk (move 2 passes): Blue completes the
/// cloister, nobody scores it, so he takes a token; no Cleric (no cloister
/// scored). Final: Blue alone holds tokens, so he has the most: 10. There
/// is never a tie to break.
#[test]
fn a_solo_player_completing_an_empty_cloister_takes_a_token_and_the_most_tokens() {
    let mut record = record("solo-cloister.json");
    record.moves[1] = Move::Pass;
    let game = replay_record(&record);
    let s = state(&game);
    assert_eq!(s.cleric.holder, None);
    assert_eq!(s.cloister_tokens.held, vec![1]);
    assert_eq!(points(&game, 0, "cleric-and-serf.tokens"), 10);
    assert_eq!(game.state().score(0), 10);
}
