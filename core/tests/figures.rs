//! Figures per player (the configuration's `[figures]` table), replayed from
//! hand-written records in `tests/golden/`, and its refusals. The expansions'
//! figures are tested in their crates (Inns & Cathedrals: the big follower
//! without its tiles; Abbey & Mayor: no barn, two wagons).

use carcassonne_core::rules::{CITIES, FARMS, ROADS};
use carcassonne_core::serde_json;
use carcassonne_core::{Action, Catalog, Decision, Game, GameConfig, GameRecord, Rules, TileSource};

fn record() -> GameRecord {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/one_follower_each.json");
    GameRecord::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn replay_first(moves: usize) -> Game {
    let mut record = record();
    record.moves.truncate(moves);
    record.replay(&Catalog::default(), &TileSource::default()).unwrap()
}

/// `follower = 1`: each player has one follower. The board: D at (0,0), U
/// at (1,0) (Ann's follower on the road) and (-1,0) (Bob's farmer north of
/// the road), A turned to end the road at (2,0) and (-2,0), E closing D's
/// city cap from (0,-1).
#[test]
fn one_follower_each_is_used_again_once_it_returns() {
    // Turn 3: Ann's follower stands on the road: she has none to deploy on
    // A's cloister, road or field; passing is all she may do.
    let game = replay_first(5);
    assert!(matches!(game.decision(), Some(Decision::Deploy { player: 0, .. })));
    let mut options = Vec::new();
    game.legal_actions(&mut options);
    assert_eq!(options, [Action::Pass]);
    assert_eq!(game.state().supply(0, 0), 0);
    // Turn 4: Bob's A closes the road: A, U, D, U, A = 5 tiles, Ann's
    // follower scores 5 and returns. Turn 5: Ann deploys it again, on E's
    // city, which E completes: 2 tiles = 4.
    let game = replay_first(10);
    assert!(game.is_over());
    assert_eq!(game.state().breakdown(0)[ROADS as usize], 5);
    assert_eq!(game.state().breakdown(0)[CITIES as usize], 4);
    // End: Bob's farmer's farm touches D's city, complete: 3.
    assert_eq!(game.state().breakdown(1)[FARMS as usize], 3);
    assert_eq!((game.state().score(0), game.state().score(1)), (9, 3));
}

#[test]
fn the_figures_table_is_written_into_records() {
    let game = replay_first(10);
    let json = GameRecord::of_rules(game.rules()).to_json();
    let record: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        record["config"]["figures"],
        serde_json::json!({ "follower": 1 }),
        "{json}"
    );
}

fn setup_error(figures: &[(&str, i64)]) -> String {
    let mut config = GameConfig::with_players(2);
    config.figures = figures.iter().map(|(id, n)| (id.to_string(), *n)).collect();
    Rules::new(&Catalog::default(), &config, &TileSource::default())
        .unwrap_err()
        .to_string()
}

#[test]
fn bad_figure_counts_are_refused_naming_the_figure() {
    assert_eq!(
        setup_error(&[("meeple", 3)]),
        "[figures]: unknown figure `meeple`; the figures of this game: follower"
    );
    assert_eq!(
        setup_error(&[("follower", -1)]),
        "[figures]: `follower` = -1: must be between 0 and 30 (0 takes the figure out of the game)"
    );
    assert_eq!(
        setup_error(&[("follower", 31)]),
        "[figures]: `follower` = 31: must be between 0 and 30 (0 takes the figure out of the game)"
    );
}

#[test]
fn no_followers_at_all_leaves_only_passing() {
    let mut config = GameConfig::with_players(2);
    config.figures.insert("follower".into(), 0);
    let rules = Rules::new(&Catalog::default(), &config, &TileSource::default()).unwrap();
    let mut game = Game::new(std::sync::Arc::new(rules)).unwrap();
    let mut options = Vec::new();
    while !game.is_over() {
        game.legal_actions(&mut options);
        if matches!(game.decision(), Some(Decision::Deploy { .. })) {
            assert_eq!(options, [Action::Pass]);
        }
        game.play(&options[0]).unwrap();
    }
    assert_eq!((game.state().score(0), game.state().score(1)), (0, 0));
}
