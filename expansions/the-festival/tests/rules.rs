//! The Festival replayed from hand-written records (tests/records), worked
//! out by hand from the rules quoted in docs/expansions/the-festival.md.
//! The start tile D at (0, 0) has a city cap north and a road west–east.
//! Ann is player 0, Bob player 1; figure ids count from 0 in the order
//! figures go onto the board.

use carcassonne_core::{Decision, Game};
use carcassonne_testkit::{Kit, RecordBuilder, options, points, try_play, with_variant};
use carcassonne_the_festival::INFO;

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_abbot::INFO)
        .with(&carcassonne_abbey_and_mayor::INFO)
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

fn asked_by_festival(game: &Game) -> bool {
    let slot = game.rules().expansion_slot(INFO.id);
    matches!(game.decision(), Some(Decision::Expansion { slot: s, .. }) if Some(s) == slot)
}

/// take_back.json. Ann's U at (1,0), her follower (figure 0) on the road.
/// Bob's E turned 180° at (0,-1) closes D's city with his follower: 4, and
/// it goes home. Ann's FE-J (festival) at (2,0) extends her road; she
/// passes the deployment, and the festival offers her own figures on the
/// board: nothing, or her road follower (Bob's are not hers to take). She
/// takes it back: home without scoring, 7 followers in her supply again.
/// The road, open, has no follower at the end: Ann 0, Bob 4.
#[test]
fn a_festival_takes_one_of_the_players_figures_back() {
    let kit = kit();
    let game = kit.replay_first("take_back.json", 6);
    assert!(asked_by_festival(&game));
    assert_eq!(
        options(&game),
        [r#"{"the-festival":"nothing"}"#, r#"{"the-festival":{"take-back":0}}"#]
    );
    let mut all = Vec::new();
    game.legal_actions(&mut all);
    assert_eq!(
        game.action_label(&all[1]),
        "Take your follower back from the road (east and west) 1 tile west of the new tile, without scoring"
    );
    let game = kit.replay("take_back.json");
    let follower = game.rules().figure_index("follower").unwrap();
    assert_eq!(game.state().supply(0, follower), 7);
    assert!(game.state().figures().is_empty());
    assert_eq!(scores(&game), (0, 4));
}

/// completed.json. Ann's U at (1,0), her follower on the road. Bob's A
/// turned 270° at (-1,0) ends the road west at its cloister; his monk
/// there. Ann's FE-G (festival: a cloister where roads from the south and
/// west end) at (2,0) ends it east: the road (-1,0)–(2,0) is complete, 4
/// tiles. She passes and takes her follower back before the scoring: the
/// road scores for nobody. (Taking nothing, she scores 4.) Bob's FE-F
/// (festival) turned 180° at (0,-1) closes D's city with his knight, 4:
/// he deployed, so no question. End: Bob's cloister at (-1,0) with D and
/// FE-F round it, 3. Ann 0, Bob 7.
#[test]
fn a_follower_taken_back_leaves_the_completed_feature_to_nobody() {
    let kit = kit();
    let game = kit.replay("completed.json");
    assert_eq!(scores(&game), (0, 7));
    assert_eq!(points(&game, 0, "roads"), 0);
    // Taking nothing back: the road scores 4 for Ann.
    let mut game = kit.replay_first("completed.json", 6);
    carcassonne_testkit::play(&mut game, r#"{"the-festival": "nothing"}"#).unwrap();
    assert_eq!(points(&game, 0, "roads"), 4);
    // A deployment on a festival tile asks nothing more.
    let game = kit.replay_first("completed.json", 9);
    assert!(game.is_over());
}

/// barn.json (Abbey & Mayor's barn alone). Ann's U at (1,0) and her road
/// follower (figure 0); Bob's B at (0,1); Ann's B at (1,1) and her barn
/// (figure 1) on its north-west corner, where D, U and both B meet in
/// fields. Bob's U at (-1,0). Ann's FE-J at (2,0), a pass: she may take
/// back any of her figures, the barn too (Hans im Glück's "figures"); she
/// takes the barn, which scores nothing. End: her road (-1,0)–(2,0), open,
/// 4. Ann 4, Bob 0. Under `festival_return = "follower"` the barn is not
/// offered and cannot be taken.
#[test]
fn any_figure_or_followers_only() {
    let kit = kit();
    let game = kit.replay_first("barn.json", 10);
    assert_eq!(
        options(&game),
        [
            r#"{"the-festival":"nothing"}"#,
            r#"{"the-festival":{"take-back":0}}"#,
            r#"{"the-festival":{"take-back":1}}"#,
        ]
    );
    let game = kit.replay("barn.json");
    assert_eq!(scores(&game), (4, 0));
    let barn = game.rules().figure_index("barn").unwrap();
    assert_eq!(game.state().supply(0, barn), 1);
    // Followers only.
    let followers = with_variant(&kit.record("barn.json"), INFO.id, "festival_return", "follower".into());
    let mut first = followers.clone();
    first.moves.truncate(10);
    let mut game = kit.replay_record(&first).unwrap();
    assert_eq!(
        options(&game),
        [r#"{"the-festival":"nothing"}"#, r#"{"the-festival":{"take-back":0}}"#]
    );
    assert!(try_play(&mut game, r#"{"the-festival": {"take-back": 1}}"#).is_err());
}

/// abbot.json (The Abbot). Ann's B at (0,1), her abbot in its cloister.
/// Bob's U at (1,0), his follower on the road. Ann's FE-J at (2,0): she
/// takes her abbot back as The Abbot allows instead of deploying (its
/// cloister scores as at the end: B with D and U round it, 3). That was the
/// turn's action: the festival asks nothing. (Passing instead, the festival
/// offers the abbot, to take back without scoring.) Bob's U at (-1,0). End:
/// Bob's road (-1,0)–(2,0), open, 4. Ann 3, Bob 4.
#[test]
fn a_figure_taken_back_by_another_rule_is_the_turns_action() {
    let kit = kit();
    let game = kit.replay_first("abbot.json", 6);
    assert!(!asked_by_festival(&game));
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
    let game = kit.replay("abbot.json");
    assert_eq!(scores(&game), (3, 4));
    // A pass instead: the abbot is offered, to go home without scoring.
    let mut game = kit.replay_first("abbot.json", 5);
    carcassonne_testkit::play(&mut game, r#""pass""#).unwrap();
    assert_eq!(
        options(&game),
        [r#"{"the-festival":"nothing"}"#, r#"{"the-festival":{"take-back":0}}"#]
    );
    carcassonne_testkit::play(&mut game, r#"{"the-festival": {"take-back": 0}}"#).unwrap();
    assert_eq!(points(&game, 0, "cloisters"), 0);
}

/// A festival tile placed by a player with no figure on the board asks
/// nothing, and neither does a tile without a festival.
#[test]
fn nothing_to_take_back_asks_nothing() {
    let kit = kit();
    let record = RecordBuilder::new(&["Ann", "Bob"])
        .expansion(INFO.id)
        .draw_order(&["FE-J", "U"])
        .place("FE-J", (1, 0), 0)
        .pass()
        .build();
    let game = kit.replay_record(&record).unwrap();
    assert!(matches!(game.decision(), Some(Decision::Place { player: 1, .. })));
}
