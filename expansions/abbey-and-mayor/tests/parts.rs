//! Each part of Abbey & Mayor switched on alone (`[parts.abbey-and-mayor]`,
//! JCloisterZone's separate game elements), proven on the hand-worked
//! records of the other test files: a record that uses only one part
//! replays to the same scores, move for move, with every other part off;
//! the parts that are off bring no figure, no option and no decision.

mod common;

use carcassonne_core::{Decision, Game, GameRecord};
use carcassonne_testkit::{Kit, with_parts_only};
use common::{options, record};

fn kit() -> Kit {
    Kit::new(&carcassonne_abbey_and_mayor::INFO, env!("CARGO_MANIFEST_DIR"))
        .tiles_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tiles"))
}

/// `name` with only the parts `on`.
fn alone(name: &str, on: &[&str]) -> GameRecord {
    with_parts_only(&record(name), kit().catalog(), "abbey-and-mayor", on)
}

/// Final scores and each seat's breakdown.
fn result(game: &Game) -> Vec<(i32, Vec<i32>)> {
    (0..game.state().players() as u8)
        .map(|p| (game.state().score(p), game.state().breakdown(p).to_vec()))
        .collect()
}

fn supply(game: &Game, figure: &str) -> u8 {
    game.state().supply(0, game.rules().figure_index(figure).unwrap())
}

/// Replays `record` move by move; at every decision, checks that no option
/// names a figure of `absent` and that the expansion asks no question
/// whose label holds one of `unasked` (`"abbey"`, `"wagon"`).
fn replay_checking(record: &GameRecord, absent: &[&str], unasked: &[&str]) -> Game {
    let kit = kit();
    let mut game = kit
        .replay_record(&GameRecord {
            moves: Vec::new(),
            ..record.clone()
        })
        .unwrap();
    for (i, m) in record.moves.iter().enumerate() {
        for figure in absent {
            let named = format!("\"figure\":\"{figure}\"");
            assert!(
                !options(&game).iter().any(|o| o.contains(&named)),
                "move {}: {figure} offered",
                i + 1
            );
        }
        if let Some(Decision::Expansion { label, .. }) = game.decision() {
            assert!(
                !unasked.iter().any(|u| label.contains(u)),
                "move {}: the expansion asks to {label}",
                i + 1
            );
        }
        let text = carcassonne_core::serde_json::to_string(m).unwrap();
        carcassonne_testkit::play(&mut game, &text).unwrap_or_else(|e| panic!("move {}: {e}", i + 1));
    }
    game
}

#[test]
fn the_barn_alone() {
    let full = kit().replay("barn.json");
    let barn = alone("barn.json", &["barn"]);
    let game = replay_checking(&barn, &["wagon", "mayor"], &["abbey", "wagon"]);
    assert!(game.is_over());
    assert_eq!(result(&game), result(&full));
    assert_eq!((supply(&game, "wagon"), supply(&game, "mayor")), (0, 0));
    // The same for the records of a second barn and of one player's two.
    for name in ["second_barn.json", "two_barns_one_owner.json"] {
        let game = kit().replay_record(&alone(name, &["barn"])).unwrap();
        assert_eq!(result(&game), result(&kit().replay(name)), "{name}");
    }
}

#[test]
fn the_mayor_alone() {
    let game = replay_checking(
        &alone("mayor.json", &["mayor"]),
        &["wagon", "barn"],
        &["abbey", "wagon"],
    );
    assert_eq!(result(&game), result(&kit().replay("mayor.json")));
}

#[test]
fn the_wagon_alone() {
    let game = replay_checking(&alone("wagon.json", &["wagon"]), &["barn", "mayor"], &["abbey"]);
    assert_eq!(result(&game), result(&kit().replay("wagon.json")));
}

#[test]
fn the_abbeys_alone() {
    // The abbey record answers the abbey decisions ("draw", then the abbey):
    // they are still asked; no other figure is offered.
    let game = replay_checking(
        &alone("abbey.json", &["abbey"]),
        &["barn", "wagon", "mayor"],
        &["wagon"],
    );
    assert_eq!(result(&game), result(&kit().replay("abbey.json")));
}

#[test]
fn without_the_abbeys_nobody_is_asked_about_one() {
    // The abbey record's first 14 moves leave a hole at (1,0); with the
    // abbeys on, Bob is asked next whether to place his (tests/abbey.rs).
    // With them off he draws: the next decision is his tile's place.
    let mut off = alone("abbey.json", &["barn", "wagon", "mayor"]);
    off.moves.truncate(14);
    let game = replay_checking(&off, &[], &["abbey"]);
    assert!(
        matches!(game.decision(), Some(Decision::Place { player: 1, .. })),
        "{:?}",
        game.decision()
    );
    let slot = game.rules().expansion_slot("abbey-and-mayor").unwrap();
    assert_eq!(
        game.public_expansion_state(slot)["abbeys_left"],
        carcassonne_core::serde_json::json!([])
    );
    let mut on = record("abbey.json");
    on.moves.truncate(14);
    let game = kit().replay_record(&on).unwrap();
    assert!(matches!(game.decision(), Some(Decision::Expansion { player: 1, .. })));
}

#[test]
fn a_figure_of_a_part_that_is_off_is_refused() {
    // The barn record's barn, with the barn off: the move is refused.
    let e = kit().replay_record(&alone("barn.json", &["abbey"])).unwrap_err();
    assert!(e.contains("move 12"), "{e}");
    // And a record played with every part stays what it was: the parts
    // are not written when none is switched.
    assert!(kit().replay("barn.json").rules().config.parts.is_empty());
}
