//! The watchtower's survey, replayed from a hand-written record.

use carcassonne_core::{Catalog, GameRecord, TileSource};
use std::path::PathBuf;

fn replay(variant: Option<&str>) -> carcassonne_core::Game {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/records/survey.json")).unwrap();
    let mut record = GameRecord::from_json(&text).unwrap();
    if let Some(points) = variant {
        record
            .config
            .variants
            .entry("watchtower".into())
            .or_default()
            .insert("points_per_follower".into(), points.into());
    }
    let mut catalog = Catalog::default();
    catalog.add(&carcassonne_watchtower::WATCHTOWER).unwrap();
    // The tile file next to the crate, so edits to it are tested.
    let tiles = TileSource {
        dir: Some(PathBuf::from(env!("CARGO_MANIFEST_DIR"))),
    };
    record.replay(&catalog, &tiles).unwrap()
}

#[test]
fn survey_scores_the_follower_in_view() {
    let game = replay(None);
    let s = game.state();
    assert!(game.is_over());
    // Ann's follower stands on WT1's road, within the tower's height 2:
    // 1 follower × 1 point. At the end her road (start tile D + WT1) is
    // incomplete: 1 point a tile = 2. Bob has nothing.
    let sources = game.rules().score_sources();
    let watchtower = sources.iter().position(|s| s == "watchtower").unwrap();
    assert_eq!(s.breakdown(0)[watchtower], 1);
    assert_eq!(s.breakdown(0)[0], 2, "roads");
    assert_eq!((s.score(0), s.score(1)), (3, 0));
}

#[test]
fn variant_doubles_the_survey() {
    let game = replay(Some("2"));
    // 1 follower × 2 points, plus the same 2 road points.
    assert_eq!(game.state().score(0), 4);
}

/// The survey decision in players' words, on the recorded game.
#[test]
fn the_survey_decision_and_its_log_read_as_words() {
    use carcassonne_core::{Action, Decision, Event, Line};
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/records/survey.json")).unwrap();
    let record = GameRecord::from_json(&text).unwrap();
    let mut catalog = Catalog::default();
    catalog.add(&carcassonne_watchtower::WATCHTOWER).unwrap();
    let tiles = TileSource {
        dir: Some(PathBuf::from(env!("CARGO_MANIFEST_DIR"))),
    };
    let mut start = record.clone();
    start.moves.clear();
    let mut game = start.replay(&catalog, &tiles).unwrap();
    let mut logged = Vec::new();
    for m in &record.moves {
        if let Some(Decision::Expansion { .. }) = game.decision() {
            let mut options = Vec::new();
            game.legal_actions(&mut options);
            let labels: Vec<String> = options.iter().map(|a| game.action_label(a)).collect();
            assert_eq!(
                labels,
                [
                    "Survey from the tower: 1 point for your followers within 2 tiles",
                    "Don't survey (the tower stays unsurveyed)"
                ]
            );
            assert!(options.iter().all(|a| matches!(a, Action::Expansion { .. })));
            let lines = game.presented_expansion_state(0);
            assert!(lines[1].text.ends_with("(height 2) waits for its survey"), "{lines:?}");
        }
        let action = game.action_from_move(m).unwrap();
        game.play(&action).unwrap();
        for e in game.last_events() {
            if let Event::Expansion { slot, detail } = e {
                logged.push(game.expansion_log_line(*slot, detail));
            }
        }
    }
    assert_eq!(logged.len(), 1, "{logged:?}");
    assert!(logged[0].text.ends_with("1 follower(s) in view, 1 point"), "{logged:?}");
    assert_eq!(game.presented_expansion_state(0)[0], Line::new("Towers surveyed: 1"));
}
