//! The expansion in players' words, on real decisions of the recorded games:
//! bunny paths as labels, eggs and the roll as state lines, rolls (with
//! their die) and void moves as log lines.

mod common;

use carcassonne_core::{Action, Line};
use common::{logs, replay, replay_prefix};

fn labels(game: &carcassonne_core::Game) -> Vec<String> {
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    assert!(options.iter().all(|a| matches!(a, Action::Expansion { .. })));
    options.iter().map(|a| game.action_label(a)).collect()
}

fn presented(game: &carcassonne_core::Game) -> Vec<Line> {
    game.presented_expansion_state(game.rules().expansion_slot("easter").unwrap())
}

#[test]
fn bunny_paths_are_labelled_with_hops_directions_and_eggs() {
    // Ann rolled 2 with the bunny on (2,0): west to her follower on (1,0),
    // then west again or north to Bob's follower on (1,-1).
    let ann = replay_prefix("bunny_dead_end.json", &[], 6);
    let mut got = labels(&ann.game);
    got.sort();
    let ann_name = ann.game.state().player_name(0).to_string();
    let bob = ann.game.state().player_name(1).to_string();
    // By name, also the player who decides: "you" next to names reads as
    // nobody on a hot-seat screen and in the log.
    assert_eq!(
        got,
        [
            format!("Bunny: 2 hops, west then north (eggs: {ann_name} +1, {bob} +1)"),
            format!("Bunny: 2 hops, west then west (eggs: {ann_name} +1)"),
        ]
    );
    let lines = presented(&ann.game);
    assert!(lines.contains(&Line::about(0, "0 eggs")));
    assert!(lines.contains(&Line::about(0, "rolled 2: moves the bunny 2 hops").with_die(2)));
    assert!(lines.contains(&Line::new("The bunny sits 2 tiles east of the start tile")));
}

#[test]
fn rolls_and_void_moves_are_logged_in_words() {
    let r = replay("bunny_dead_end_stay.json", &[]);
    let slot = r.game.rules().expansion_slot("easter").unwrap();
    let lines: Vec<Line> = logs(&r.game, &r.events)
        .iter()
        .map(|d| r.game.expansion_log_line(slot, d))
        .collect();
    assert!(lines.iter().all(|l| !l.text.contains('{')), "{lines:?}");
    assert!(lines.contains(&Line::about(1, "rolls 3: 3 hops, but at most 2 hops can be made").with_die(3)));
    assert!(lines.contains(&Line::about(
        1,
        "leaves the bunny where it is (1 tile north and 1 east of the start tile): no path of exactly the rolled length (the move is void)"
    )));
    assert!(
        lines
            .iter()
            .any(|l| l.player == Some(0) && l.text.starts_with("moves the bunny west then north")),
        "{lines:?}"
    );
    assert!(lines.contains(&Line::new("Egg award: Ann 1 egg → 10 points, Bob 1 egg → 10 points")));
    assert_eq!(
        presented(&r.game)[..2],
        [Line::about(0, "1 egg"), Line::about(1, "1 egg")]
    );
}
