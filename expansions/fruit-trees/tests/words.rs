//! The expansion in players' words, on the rule book's worked examples:
//! fruit actions as labels, fruit held and trees as state lines.

mod common;

use carcassonne_core::{Game, Line};
use common::{replay, replay_first, slot};

fn labels(game: &Game) -> Vec<String> {
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    options.iter().map(|a| game.action_label(a)).collect()
}

#[test]
fn fruit_actions_are_labelled_in_words() {
    // Bob may harvest the apple tree (4 face-down tokens) or stop.
    let harvest = replay_first("harvest_example.json", 4);
    assert_eq!(
        labels(&harvest),
        [
            "Harvest the apple tree (4 tokens left)",
            "Done: no more fruit actions this turn"
        ]
    );
    // Ann holds apple, apricot, apple, cherry: sales are sets of different fruits.
    let sale = replay_first("sell_example.json", 19);
    let offered = labels(&sale);
    assert!(
        offered.contains(&"Sell apple + apricot + cherry for 10".to_string()),
        "{offered:?}"
    );
    assert!(
        offered.contains(&"Sell apple + cherry for 6".to_string()),
        "{offered:?}"
    );
    assert!(offered.iter().all(|l| !l.contains('{')));
}

#[test]
fn fruit_held_and_trees_are_presented_and_logged() {
    let end = replay("harvest_example.json");
    let lines = end.presented_expansion_state(slot(&end));
    assert!(lines.contains(&Line::about(0, "holds no fruit")), "{lines:?}");
    assert!(lines.contains(&Line::about(1, "holds apple 3")), "{lines:?}");
    assert!(
        lines.contains(&Line::new(
            "Apple tree 1 tile east of the start tile: 3 tokens face down"
        )),
        "{lines:?}"
    );
    let harvested = end.expansion_log_line(
        slot(&end),
        &carcassonne_core::serde_json::json!({ "harvest": { "at": [1, 0], "fruit": "apple", "value": 3 } }),
    );
    assert_eq!(
        harvested,
        Line::new("Harvested apple 3 from the tree 1 tile east of the start tile (+3)")
    );
}
