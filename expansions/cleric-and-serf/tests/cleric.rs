//! The Cleric and the cloister tokens during play (digest: "Cleric", "Cloister
//! tokens"; source: Example 1).

mod common;

use common::{points, replay, replay_prefix, state};

/// Source, Example 1: "Red places the last tile around a cloister and
/// completes the cloister. Red gets a cloister token ... Blue gets 9 points
/// as usual. If this is the first time that a cloister has been scored,
/// then Blue gets the Cleric tile."
///
/// Blue (player 0) puts a monk on the cloister at (0,1); the tiles around
/// it go down in turns, and Red (player 1) places the eighth neighbour,
/// (0,2), in move 15. One more tile follows so that the game is still
/// running when we look.
#[test]
fn example_1_red_completes_blues_cloister() {
    let before = replay_prefix("example1-cleric-and-token.json", 14);
    assert_eq!(state(&before).cleric.holder, None, "nobody has scored a cloister yet");
    assert_eq!(state(&before).cloister_tokens.supply, 14);

    // Moves 15-16: Red's placement completes the cloister, Red passes.
    let game = replay_prefix("example1-cleric-and-token.json", 16);
    assert!(!game.is_over());
    let s = state(&game);
    // Base rule: a complete cloister scores 1 + 8 neighbours = 9 for Blue.
    assert_eq!(game.state().score(0), 9);
    assert_eq!(game.state().score(1), 0);
    // First cloister scored in the game: its scorer, Blue, takes the Cleric.
    assert_eq!(s.cleric.holder, Some(0));
    assert_eq!(s.cleric.cloisters_scored, vec![1, 0]);
    // The completing player, Red, takes a token although Blue scored it.
    assert_eq!(s.cloister_tokens.held, vec![0, 1]);
    assert_eq!(s.cloister_tokens.supply, 14 - 1);

    // The public state shows holders and counts.
    let slot = game.rules().expansion_slot("cleric-and-serf").unwrap();
    let public = game.public_expansion_state(slot);
    assert_eq!(public["cleric"]["holder"], 0);
    assert_eq!(public["cleric"]["cloisters_scored"][0], 1);
    assert_eq!(public["cloister_tokens"]["held"][1], 1);
    assert_eq!(public["cloister_tokens"]["supply"], 13);
    assert_eq!(public["serf"]["holder"], serde_json_null());

    // Final scoring (the draw order ends after move 18):
    // Cleric: Blue 10 + 2 × 0 abbeys = 10. Most tokens: Red alone (1 vs 0)
    // scores 10. No Serf holder (nobody deployed a farmer), no open feature
    // with followers.
    let game = replay("example1-cleric-and-token.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "cloisters"), 9);
    assert_eq!(points(&game, 0, "cleric-and-serf.cleric"), 10);
    assert_eq!(points(&game, 1, "cleric-and-serf.tokens"), 10);
    assert_eq!(points(&game, 0, "cleric-and-serf.tokens"), 0);
    assert_eq!(points(&game, 0, "cleric-and-serf.serf"), 0);
    assert_eq!(points(&game, 1, "cleric-and-serf.serf"), 0);
    assert_eq!(game.state().score(0), 9 + 10);
    assert_eq!(game.state().score(1), 10);
}

fn serde_json_null() -> carcassonne_core::serde_json::Value {
    carcassonne_core::serde_json::Value::Null
}

/// Digest: "afterwards, whenever a scoring leaves another player with
/// strictly more scored cloisters than the holder, that player takes it."
///
/// Three cloisters in a row: (0,1) Blue's, (1,1) and (2,1) Red's. Red
/// completes the first (move 19), Blue the second (move 21), Red the third
/// (move 27).
#[test]
fn cleric_moves_only_to_strictly_more_cloisters() {
    let name = "cleric-strictly-more.json";

    // First cloister scored: Blue 1, Red 0 → Blue takes the Cleric.
    let game = replay_prefix(name, 20);
    assert_eq!(state(&game).cleric.cloisters_scored, vec![1, 0]);
    assert_eq!(state(&game).cleric.holder, Some(0));

    // Red's first cloister: 1 against Blue's 1 is a tie, not more → Blue keeps it.
    let game = replay_prefix(name, 22);
    assert_eq!(game.state().score(1), 9);
    assert_eq!(state(&game).cleric.cloisters_scored, vec![1, 1]);
    assert_eq!(state(&game).cleric.holder, Some(0));

    // Red's second cloister: 2 > 1 → Red takes the Cleric.
    let game = replay(name);
    assert_eq!(state(&game).cleric.cloisters_scored, vec![1, 2]);
    assert_eq!(state(&game).cleric.holder, Some(1));

    // Tokens went to the completing players: Red (move 19), Blue (move 21),
    // Red (move 27) → Blue 1, Red 2; 14 - 3 = 11 left.
    assert_eq!(state(&game).cloister_tokens.held, vec![1, 2]);
    assert_eq!(state(&game).cloister_tokens.supply, 11);

    // Final: Blue 9 (one cloister). Red 9 + 9 (cloisters) + 10 (Cleric, no
    // abbeys) + 10 (most tokens, 2 > 1) = 38.
    assert_eq!(points(&game, 1, "cleric-and-serf.cleric"), 10);
    assert_eq!(points(&game, 1, "cleric-and-serf.tokens"), 10);
    assert_eq!(game.state().score(0), 9);
    assert_eq!(game.state().score(1), 9 + 9 + 10 + 10);
}

/// With Abbey & Mayor: an abbey counts as a cloister for the Cleric and the
/// tokens, and the Cleric's holder scores 2 more per abbey played.
///
/// Blue and Red surround (0,1) on all eight sides but leave it empty; in
/// move 15 Red puts his abbey into that hole and a monk on it. The abbey is
/// complete at once: Red scores 1 + 8 = 9, takes the Cleric (first cloister
/// scored) and a cloister token (his placement completed it).
#[test]
fn abbey_counts_for_cleric_and_tokens() {
    let game = replay_prefix("cleric-abbey.json", 16);
    let s = state(&game);
    assert_eq!(game.state().score(1), 9);
    assert_eq!(s.cleric.holder, Some(1));
    assert_eq!(s.cleric.cloisters_scored, vec![0, 1]);
    assert_eq!(s.cloister_tokens.held, vec![0, 1]);

    // Final: Cleric 10 + 2 × 1 abbey = 12; most tokens (Red 1, Blue 0) 10.
    let game = replay("cleric-abbey.json");
    assert_eq!(points(&game, 1, "cleric-and-serf.cleric"), 12);
    assert_eq!(points(&game, 1, "cleric-and-serf.tokens"), 10);
    assert_eq!(game.state().score(1), 9 + 12 + 10);
    assert_eq!(game.state().score(0), 0);
}
