//! The Cult replayed from hand-written records (tests/records), worked out
//! by hand from the rules quoted in docs/expansions/cult.md. The start tile
//! D at (0, 0) has a city cap north and a road west–east; y grows south.
//! Ann is player 0, Bob player 1.

use carcassonne_cult::INFO;
use carcassonne_testkit::{Kit, points};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

/// The players' followers on the board.
fn on_board(game: &carcassonne_core::Game, player: u8) -> usize {
    game.state().figures().iter().filter(|f| f.owner == player).count()
}

/// challenge.json. Ann's shrine CU-A at (0,1), her follower on it; Bob's
/// cloister B at (1,1) beside it, his monk on it: a challenge. Six tiles
/// later (U at (1,0) and (-1,0); E at (-1,1), (0,2), (-1,2)), Bob's E at
/// (1,2) fills the last place round the shrine: Ann scores 9. Bob's
/// cloister still lacks (2,0), (2,1) and (2,2): "the first to complete
/// their feature gets 9 points, the other player scores nothing", so his
/// monk goes home without points and scores nothing at the end.
#[test]
fn the_first_completed_wins_the_challenge() {
    let kit = kit();
    let game = kit.replay_first("challenge.json", 14);
    assert_eq!(on_board(&game, 1), 1, "Bob's monk stands until the shrine is complete");
    let game = kit.replay("challenge.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "cloisters"), 9);
    assert_eq!(on_board(&game, 1), 0, "Bob's monk went home");
    assert_eq!((game.state().score(0), game.state().score(1)), (9, 0));
}

/// challenge.json with Ann's shrine left empty: it completes, but "only
/// occupied features are scored, while unoccupied ones are simply
/// completed", so it wins no challenge. Bob's monk stays and his
/// unfinished cloister scores at the end: itself and (0,0), (1,0), (0,1),
/// (0,2), (1,2): 6.
#[test]
fn an_empty_shrine_wins_no_challenge() {
    let kit = kit();
    let mut record = kit.record("challenge.json");
    record.moves[1] = carcassonne_core::serde_json::from_str("\"pass\"").unwrap();
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(points(&game, 0, "cloisters"), 0);
    assert_eq!(points(&game, 1, "cloisters"), 6);
}

/// both_complete.json. The same shrine and cloister; nine tiles fill every
/// place round both but (1,2), which is round both. Bob's E there
/// completes them together: "no-one completed the building first, and
/// both receive the points": 9 each.
#[test]
fn both_completed_by_one_tile_both_score() {
    let game = kit().replay("both_complete.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "cloisters"), 9);
    assert_eq!(points(&game, 1, "cloisters"), 9);
}

/// After challenge.json's first two turns (shrine at (0,1), cloister at
/// (1,1)): "a shrine may not be placed in such a way that it adjoins
/// several cloisters. Similarly, a cloister may not be placed so that it
/// neighbors several shrines", and a building already challenged takes no
/// second opponent.
#[test]
fn placements_next_to_several_opponents_are_refused() {
    let kit = kit();
    let text = std::fs::read_to_string(format!("{}/tests/records/challenge.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let refused = |tile: &str, at: [i32; 2]| -> String {
        let mut json: carcassonne_core::serde_json::Value = carcassonne_core::serde_json::from_str(&text).unwrap();
        json["config"]["draw_order"] = carcassonne_core::serde_json::json!(["CU-A", "B", "U", "U", tile]);
        let mut moves = json["moves"].as_array().unwrap()[..8].to_vec();
        moves.push(carcassonne_core::serde_json::json!({ "place": { "tile": tile, "at": at, "rotation": 0 } }));
        json["moves"] = moves.into();
        let record = carcassonne_core::GameRecord::from_json(&json.to_string()).unwrap();
        kit.replay_record(&record).expect_err("refused")
    };
    // A second cloister beside the shrine, which already faces one.
    let e = refused("B", [-1, 1]);
    assert!(e.contains("already faces a cloister"), "{e}");
    // A second shrine beside the challenged cloister.
    let e = refused("CU-B", [2, 1]);
    assert!(e.contains("already faces a shrine"), "{e}");
    // Shrines beside shrines are not limited: CU-C at (-1,1) touches the
    // shrine (0,1) but not the cloister (1,1).
    let mut record = kit.record("challenge.json");
    record.moves.truncate(8);
    record
        .moves
        .push(carcassonne_core::serde_json::from_str(r#"{"place":{"tile":"CU-C","at":[-1,1],"rotation":0}}"#).unwrap());
    record.config.draw_order = Some(vec!["CU-A".into(), "B".into(), "U".into(), "U".into(), "CU-C".into()]);
    kit.replay_record(&record).expect("a shrine beside a shrine");
}

/// "5 new land tiles with shrines" (Heretics and Shrines) against Cult,
/// Siege & Creativity's six ("along with one extra landscape tile (CRFR)"):
/// the variant `tile_set` takes CU-F out of the bag.
#[test]
fn heretics_and_shrines_has_five_tiles() {
    use carcassonne_core::{Game, GameConfig};
    let kit = kit();
    let count = |set: &str| -> usize {
        let mut config = GameConfig::with_players(2);
        config.expansions = vec![INFO.id.to_string()];
        config
            .variants
            .entry(INFO.id.to_string())
            .or_default()
            .insert("tile_set".to_string(), set.into());
        let game = Game::new(kit.rules(&config)).expect("a game");
        // The base game's 72 tiles, the start among them; the first turn's
        // tile is drawn already, neither in the bag nor on the board.
        game.state().tiles_left() + 1 + game.state().board().tiles().len() - 72
    };
    assert_eq!(count("cult-places"), 6);
    assert_eq!(count("heretics-and-shrines"), 5);
}
