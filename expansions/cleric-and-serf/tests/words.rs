//! The expansion in players' words on the source's Example 1: the Cleric's
//! holder, cloister tokens per player and left, and the log of the move that
//! hands them out.

mod common;

use carcassonne_core::{Event, Line};
use common::replay_prefix;

#[test]
fn holders_and_tokens_are_presented_and_logged_in_words() {
    // Moves 15-16: Red (seat 1) completes Blue's cloister and passes; Blue scores it first.
    let game = replay_prefix("example1-cleric-and-token.json", 16);
    let slot = game.rules().expansion_slot("cleric-and-serf").unwrap();
    let lines = game.presented_expansion_state(slot);
    assert_eq!(
        lines,
        [
            Line::about(0, "holds the Cleric (1 cloister scored)"),
            Line::new("The Serf: nobody yet"),
            Line::about(0, "0 cloister tokens · 1 cloister scored"),
            Line::about(1, "1 cloister token · 0 cloisters scored"),
            Line::new("13 cloister tokens left in the supply"),
        ]
    );
    let logged: Vec<Line> = game
        .last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { slot: s, detail } if *s == slot => Some(game.expansion_log_line(slot, detail)),
            _ => None,
        })
        .collect();
    assert_eq!(
        logged,
        [
            Line::about(1, "takes a cloister token (now 1)"),
            Line::about(0, "takes the Cleric: most cloisters scored (1)"),
        ]
    );
}
