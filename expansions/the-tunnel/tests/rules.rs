//! The Tunnel replayed from hand-written records (tests/records), worked
//! out by hand from the rules quoted in docs/expansions/the-tunnel.md. The
//! start tile D at (0, 0) has a city cap north and a road west–east. Ann is
//! player 0, Bob player 1; with two players each has three colours (sets)
//! of two tokens. TU-B has a city cap north and two roads, west and east,
//! each into a tunnel opening; TU-C two roads, east and south, each into
//! one. W is the base game's junction (roads east, south and west ending
//! there), U a straight road west–east.

use carcassonne_core::Pos;
use carcassonne_testkit::{Kit, options, points, try_play};
use carcassonne_the_tunnel::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

/// through_a_tunnel.json. Ann's TU-B at (1,0): its west road meets D's
/// road, which "is "broken off," without being complete" at the opening;
/// her follower on it, her first token of colour 1 on that opening ("The
/// road remains incomplete even when a tunnel token is placed on the
/// tile"). Bob's W at (-1,0) ends D's road west: still open at the tunnel.
/// Ann's TU-C at (0,1) and her second token of colour 1 on its east
/// opening: the tunnel is finished, the road runs on through TU-C's east
/// road, "but is not completed at the tunnel exit". Bob's W at (1,1) ends
/// that road at its junction: "The road is completed in the usual way".
/// W, D, TU-B, TU-C, W: 5 tiles, Ann 5 ("Only the visible segments of a
/// completed road are scored": each tile once).
#[test]
fn a_road_runs_through_a_finished_tunnel_and_completes_as_usual() {
    let game = kit().replay("through_a_tunnel.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "roads"), 5);
    assert_eq!((game.state().score(0), game.state().score(1)), (5, 0));
    let road = game.state().node_at(Pos::new(1, 0), 1).expect("TU-B's west road");
    assert!(game.state().is_complete(road));
}

/// the_tunnel_completes.json: as above, but TU-C's east road is ended by
/// Bob's W at (1,1) before the tunnel is finished; both roads are then
/// open at their tunnel openings only. Ann's second token on TU-C's east
/// opening joins them, and the road, with no open end left, is complete
/// and scored that turn: 5 tiles, Ann 5, her follower back.
#[test]
fn the_second_token_completes_a_road_closed_everywhere_else() {
    let kit = kit();
    let before = kit.replay_first("the_tunnel_completes.json", 14);
    let road = before.state().node_at(Pos::new(1, 0), 1).expect("TU-B's west road");
    assert!(!before.state().is_complete(road), "one token joins nothing");
    let game = kit.replay("the_tunnel_completes.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "roads"), 5);
    let road = game.state().node_at(Pos::new(1, 0), 1).expect("TU-B's west road");
    assert!(game.state().is_complete(road));
    assert_eq!(game.state().score(0), 5);
    // Ann's follower came back when the road scored, before the end.
    let supply = game.state().supply(0, 0);
    assert_eq!(supply, 7, "{supply}");
}

/// A claimed opening takes no other token; a colour is two tokens. After
/// Ann's first token on TU-B's west opening, Bob is offered TU-B's east
/// opening only; he may not claim the west one.
#[test]
fn a_claimed_opening_takes_no_other_token() {
    let kit = kit();
    let mut game = kit.replay_first("through_a_tunnel.json", 5);
    let offered = options(&game);
    assert!(offered.iter().any(|o| o.contains("road:E")), "{offered:?}");
    assert!(!offered.iter().any(|o| o.contains("road:W")), "{offered:?}");
    assert!(
        try_play(
            &mut game,
            r#"{"the-tunnel": {"token": {"set": 0, "at": [1, 0], "road": "road:W"}}}"#
        )
        .is_err()
    );
    // Three colours of two tokens each, with two players: 6 for each of
    // TU-B's east opening, and a pass.
    assert_eq!(offered.len(), 1 + 3, "{offered:?}");
}

/// Undo takes a finished tunnel back: the roads are two again, open at
/// their openings, the points and the follower unscored, and the token
/// back in the player's hand (the join is the event `FeaturesConnected`,
/// which undo rolls back with the rest of the decision).
#[test]
fn undo_takes_the_tunnel_back() {
    let kit = kit();
    let mut record = kit.record("the_tunnel_completes.json");
    // One more tile, so that the game goes on after the token (a game
    // over takes no undo).
    record.config.draw_order.get_or_insert_with(Vec::new).push("U".into());
    let last = record.moves.pop().expect("the second token");
    let mut game = kit.replay_record(&record).expect("replays");
    game.set_undoable(true);
    let before = (game.state().score(0), game.state().supply(0, 0), options(&game));
    let action = game.action_from_move(&last).expect("the second token is an option");
    game.play(&action).expect("plays");
    assert_eq!(game.state().score(0), 5);
    assert!(game.undo());
    let road = game.state().node_at(Pos::new(1, 0), 1).expect("TU-B's west road");
    assert!(!game.state().is_complete(road));
    assert_eq!(
        (game.state().score(0), game.state().supply(0, 0), options(&game)),
        before
    );
    let east = game.state().node_at(Pos::new(0, 1), 0).expect("TU-C's east road");
    assert_ne!(game.state().features().root(road), game.state().features().root(east));
}

/// `token_sets`: with "1/1" two players have one colour each, so Bob is
/// offered TU-B's east opening once (and a pass); with "2/1", twice.
#[test]
fn the_sets_follow_the_variant() {
    let kit = kit();
    for (sets, offered) in [("1/1", 2), ("2/1", 3), ("3/2", 4)] {
        let mut record = carcassonne_testkit::with_variant(
            &kit.record("through_a_tunnel.json"),
            INFO.id,
            "token_sets",
            carcassonne_core::serde_json::json!(sets),
        );
        record.moves.truncate(5);
        let game = kit.replay_record(&record).expect("replays");
        assert_eq!(options(&game).len(), offered, "{sets}");
    }
}

/// The options read as words: which colour, first or second of its pair,
/// and where.
#[test]
fn the_options_are_labelled_in_words() {
    let kit = kit();
    let game = kit.replay_first("through_a_tunnel.json", 8);
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let labels: Vec<String> = actions.iter().map(|a| game.action_label(a)).collect();
    assert!(labels.iter().any(|l| l == "No tunnel token this turn"), "{labels:?}");
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("Tunnel token of colour 1 (second, joining the opening")),
        "{labels:?}"
    );
    assert!(
        labels.iter().any(|l| l.starts_with("Tunnel token of colour 2 (first)")),
        "{labels:?}"
    );
    assert!(labels.iter().all(|l| !l.contains('{')), "{labels:?}");
}
