//! The expansion in players' words on the recorded games: the abbey
//! decision and the barn as labels, abbeys and barns as state lines, the
//! barn's scoring as a log line.

mod common;

use carcassonne_core::{Event, Game, Line};
use common::replay_first;

fn labels(game: &Game) -> Vec<String> {
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    options.iter().map(|a| game.action_label(a)).collect()
}

#[test]
fn the_abbey_decision_and_the_barn_are_labelled_in_words() {
    // Turn 8: Bob may draw or put his abbey into the hole at (1,0).
    let game = replay_first("abbey.json", 14);
    assert_eq!(
        labels(&game),
        [
            "Draw a tile (keep your abbey)",
            "Place your abbey 1 tile south of the last tile placed instead of drawing"
        ]
    );
    // Turn 6 of the barn game: a barn where four fields meet.
    let game = replay_first("barn.json", 11);
    let offered = labels(&game);
    assert!(
        offered.contains(&"Barn at the north-west corner".to_string()),
        "{offered:?}"
    );
    assert!(offered.iter().all(|l| !l.contains('{')), "{offered:?}");
}

#[test]
fn barns_and_abbeys_are_presented_and_the_barn_scoring_logged() {
    let game = replay_first("barn.json", 12);
    let slot = game.rules().expansion_slot("abbey-and-mayor").unwrap();
    let lines = game.presented_expansion_state(slot);
    assert!(
        lines.contains(&Line::about(
            1,
            "barn 1 tile south and 1 east of the start tile, north-west corner"
        )),
        "{lines:?}"
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
        [Line::new(
            "A barn goes down 1 tile south and 1 east of the start tile, north-west corner: 2 farmers go home, 6 \
             points each to Ann and Bob"
        )]
    );
}
