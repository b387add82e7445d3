//! The Princess & the Dragon's rules replayed from hand-written records
//! (tests/records), worked out by hand from the rules quoted in
//! docs/expansions/the-princess-and-the-dragon.md.
//!
//! Every record starts from the base start tile D at (0, 0): a city cap on
//! its north side and a straight road west-east; y grows southwards. Ann
//! is player 0, Bob 1.

use carcassonne_core::serde_json::json;
use carcassonne_core::{Decision, Game, Pos};
use carcassonne_testkit::{Kit, options, points, state, try_play, with_variant};
use carcassonne_the_princess_and_the_dragon::{ID, INFO, State};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
}

fn pd(game: &Game) -> &State {
    state::<State>(game, ID)
}

/// Who is asked the pending decision.
fn asked(game: &Game) -> Option<u8> {
    match game.decision()? {
        Decision::Expansion { player, .. } | Decision::Place { player, .. } | Decision::Deploy { player, .. } => {
            Some(player)
        }
    }
}

/// The options of the pending decision in words.
fn labels(game: &Game) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out.iter().map(|a| game.action_label(a)).collect()
}

fn followers_in_supply(game: &Game) -> (u8, u8) {
    (game.state().supply(0, 0), game.state().supply(1, 0))
}

fn scores(game: &Game) -> (i32, i32) {
    (game.state().score(0), game.state().score(1))
}

/// dragon.json: Ann's first draw is a dragon tile, set aside (no volcano
/// yet); she draws a road. Bob puts a farmer south of the road. Ann's
/// volcano takes no figure; the dragon lands on it and the dragon tile goes
/// back into the bag, drawn next by Bob, who puts a farmer on it. The
/// dragon flies: Bob moves it onto Ann's road follower, Ann onto the start
/// tile, Bob onto his own farmer, Ann onto his farmer deployed this very
/// turn; from there every neighbour is visited or empty: the flight ends
/// after four tiles. Everyone's followers are home.
#[test]
fn the_dragon_waits_for_a_volcano_then_flies_eating_what_it_meets() {
    let kit = kit();
    let game = kit.replay_first("dragon.json", 0);
    let pd_p = game.state().tables().tile_by_id("PD-P").expect("PD-P").index;
    assert_eq!(game.state().set_aside(), [pd_p], "drawn before any volcano: set aside");
    assert_eq!(pd(&game).dragon, None);

    // The volcano takes no figure; its player may only pass.
    let mut game = kit.replay_first("dragon.json", 5);
    let refused = try_play(&mut game, r#"{"deploy": {"feature": "road:E"}}"#).expect_err("a volcano takes no figure");
    assert!(refused.to_string().contains("volcano"), "{refused}");
    assert_eq!(options(&game), [r#""pass""#]);

    // The dragon lands; the set-aside tile is back and drawn next.
    let game = kit.replay_first("dragon.json", 7);
    assert_eq!(pd(&game).dragon, Some(Pos::new(2, 0)));
    assert!(game.state().set_aside().is_empty());
    assert_eq!(game.state().turn().drawn, Some(pd_p), "Bob draws the dragon tile");

    // Bob moves first, then Ann, alternately.
    let game = kit.replay_first("dragon.json", 9);
    assert_eq!(asked(&game), Some(1));
    let mut game = kit.replay_first("dragon.json", 10);
    assert_eq!(asked(&game), Some(0));
    assert_eq!(followers_in_supply(&game).0, 7, "Ann's road follower eaten");
    let refused = try_play(&mut game, r#"{"the-princess-and-the-dragon": {"dragon": [2, 0]}}"#)
        .expect_err("never back onto a tile of this flight");
    assert!(refused.to_string().contains("never onto a tile"), "{refused}");

    let game = kit.replay("dragon.json");
    assert_eq!(pd(&game).dragon, Some(Pos::new(-2, 0)));
    assert_eq!(pd(&game).flight, None, "dead end after four tiles");
    assert_eq!(followers_in_supply(&game), (7, 7), "every follower eaten");
    assert_eq!(scores(&game), (0, 0));
}

/// fairy.json: Ann's volcano turn moves the fairy next to her road
/// follower. Bob's dragon tile cannot send the dragon anywhere: its only
/// neighbour is the fairy's tile, so the flight ends at once. Ann scores 1
/// at the start of her turn. Bob completes the 7-tile road: Ann 7, and 3
/// more for the fairy's follower. Her follower home, the fairy stays next
/// to nobody: no point at her next turn. Last turn she moves it next to
/// her follower in an open city, which scores 1 at the end, and the fairy
/// 3 more: Ann 1 + 7 + 3 + 1 + 3 = 15, 7 of them the fairy's.
#[test]
fn the_fairy_protects_and_scores_each_turn_and_with_its_follower() {
    let kit = kit();
    let game = kit.replay_first("fairy.json", 10);
    assert_eq!(pd(&game).dragon, Some(Pos::new(2, 0)), "the dragon could not move");
    assert_eq!(pd(&game).flight, None);
    assert_eq!(followers_in_supply(&game).0, 6, "Ann's follower protected");
    assert_eq!(scores(&game), (1, 0), "1 point at the start of Ann's turn");

    let game = kit.replay_first("fairy.json", 15);
    assert_eq!(scores(&game), (11, 0));
    assert_eq!(points(&game, 0, "the-princess-and-the-dragon.fairy"), 4);
    let game = kit.replay_first("fairy.json", 20);
    assert_eq!(scores(&game), (11, 0), "the fairy next to nobody gives nothing");

    let game = kit.replay("fairy.json");
    assert_eq!(scores(&game), (15, 0));
    assert_eq!(points(&game, 0, "the-princess-and-the-dragon.fairy"), 7);

    // Without the final scoring's 3 points (JCloisterZone's reading).
    let record = with_variant(&kit.record("fairy.json"), ID, "fairy_final_scoring", json!(false));
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(scores(&game), (12, 0));
}

/// fairy_on_tile.json, under the 1st edition's `fairy_placement =
/// "on-tile"`: Ann's road follower and, through Bob's magic portal, Bob's
/// farmer share the tile (1, 0). Ann moves the fairy onto that tile: from
/// then on it scores for both. Bob 1 at the start of his turn; Bob's
/// junction completes the 4-tile road: Ann 4, and 3 for the fairy; Ann's
/// next turn starts with nothing (her follower is home), Bob's with 1
/// more. At the end Bob's farmer has the completed start city, 3, and the
/// fairy 3: Ann 4 + 3 = 7, Bob 1 + 1 + 3 + 3 = 8.
#[test]
fn the_first_editions_fairy_stands_on_a_tile_for_every_follower_there() {
    let kit = kit();
    let game = kit.replay_first("fairy_on_tile.json", 6);
    assert_eq!(
        options(&game),
        [
            r#"{"the-princess-and-the-dragon":{"fairy-on-tile":[1,0]}}"#,
            r#"{"the-princess-and-the-dragon":"nothing"}"#
        ],
        "one option per tile with Ann's followers"
    );
    let labels = labels(&game);
    assert_eq!(
        labels[0],
        "Move the fairy onto the tile of your follower on the road (east and west), 2 tiles east of the new tile"
    );

    let game = kit.replay_first("fairy_on_tile.json", 7);
    assert_eq!(scores(&game), (0, 1), "Bob's farmer is on the fairy's tile");
    let lines: Vec<String> = game
        .presented_expansion_state(0)
        .into_iter()
        .map(|l| l.text)
        .filter(|t| t.contains("fairy"))
        .collect();
    assert_eq!(
        lines,
        [
            "The fairy stands on the tile of Ann's follower on the road (east and west) and Bob's follower on the field (north)"
        ]
    );
    let game = kit.replay_first("fairy_on_tile.json", 9);
    assert_eq!(scores(&game), (7, 1), "the road 4, the fairy 3");
    assert_eq!(points(&game, 0, "the-princess-and-the-dragon.fairy"), 3);
    // Bob's only follower is on the fairy's tile: he is not asked.
    assert!(matches!(game.decision(), Some(Decision::Place { player: 0, .. })));

    let game = kit.replay("fairy_on_tile.json");
    assert_eq!(scores(&game), (7, 8));
    assert_eq!(points(&game, 1, "the-princess-and-the-dragon.fairy"), 5);

    // The 2nd edition's fairy goes next to one follower: Ann's tile move
    // is refused and she is offered her follower instead.
    let record = with_variant(
        &kit.record("fairy_on_tile.json"),
        ID,
        "fairy_placement",
        json!("next-to-follower"),
    );
    let mut first = record.clone();
    first.moves.truncate(6);
    let mut game = kit.replay_record(&first).expect("replays");
    let refused = try_play(
        &mut game,
        r#"{"the-princess-and-the-dragon": {"fairy-on-tile": [1, 0]}}"#,
    )
    .expect_err("next to a follower");
    assert!(refused.to_string().contains("next-to-follower"), "{refused}");
    try_play(
        &mut game,
        r#"{"the-princess-and-the-dragon": {"fairy": {"follower": 0, "at": [1, 0]}}}"#,
    )
    .expect("next to Ann's follower");
    // Bob's farmer is not the fairy's follower: each of his passes now
    // asks him whether to move it.
    let nothing = r#"{"the-princess-and-the-dragon": "nothing"}"#;
    for (i, m) in record.moves.iter().enumerate().skip(7) {
        try_play(
            &mut game,
            &carcassonne_core::serde_json::to_string(m).expect("a move writes"),
        )
        .expect("replays");
        if i == 8 || i == 12 {
            try_play(&mut game, nothing).expect("Bob leaves the fairy");
        }
    }
    assert!(game.is_over());
    assert_eq!(scores(&game), (7, 3), "Bob's farmer gets nothing from the fairy");
    assert_eq!(points(&game, 1, "the-princess-and-the-dragon.fairy"), 0);
}

/// A turn with nothing to do instead of deploying asks nothing: Ann's pass
/// at (3, 0) has the fairy next to her only follower already.
#[test]
fn a_pass_with_nothing_else_to_do_asks_nothing() {
    let game = kit().replay_first("fairy.json", 12);
    assert!(
        matches!(game.decision(), Some(Decision::Place { player: 1, .. })),
        "Bob's turn"
    );
}

/// princess.json: Ann's knight in the start's city; Bob joins the city with
/// the princess and sends the knight home instead of deploying.
#[test]
fn the_princess_sends_a_knight_home_instead_of_a_deployment() {
    let kit = kit();
    let game = kit.replay_first("princess.json", 4);
    assert_eq!(
        options(&game),
        [
            r#"{"the-princess-and-the-dragon":{"princess":{"at":[0,-1],"knight":0}}}"#,
            r#"{"the-princess-and-the-dragon":"nothing"}"#
        ]
    );
    let game = kit.replay_first("princess.json", 5);
    assert_eq!(followers_in_supply(&game), (7, 7), "Ann's knight home");
    let game = kit.replay("princess.json");
    assert_eq!(scores(&game), (0, 0));

    // The 1st edition's princess must: no deployment, no "nothing".
    let record = with_variant(&kit.record("princess.json"), ID, "princess", json!("must"));
    let mut first_three = record.clone();
    first_three.moves.truncate(3);
    let mut game = kit.replay_record(&first_three).expect("replays");
    assert_eq!(options(&game), [r#""pass""#]);
    let refused = try_play(&mut game, r#"{"deploy": {"feature": "field:E"}}"#).expect_err("she must act");
    assert!(refused.to_string().contains("princess"), "{refused}");
    try_play(&mut game, r#""pass""#).expect("pass");
    assert_eq!(
        options(&game),
        [r#"{"the-princess-and-the-dragon":{"princess":{"at":[0,-1],"knight":0}}}"#]
    );
}

/// portal.json: Bob's portal tile lets him put a knight in the start's
/// city, not on Ann's occupied road. Ann completes the city: Bob 4; Ann's
/// road scores 2 at the end.
#[test]
fn a_magic_portal_deploys_on_any_open_unoccupied_feature() {
    let kit = kit();
    let mut game = kit.replay_first("portal.json", 3);
    let listed = options(&game);
    assert!(
        listed.contains(&r#"{"deploy":{"at":[0,0],"feature":"city:N"}}"#.to_string()),
        "{listed:?}"
    );
    assert!(
        !listed.iter().any(|o| o.contains(r#""at":[1,0],"feature":"road"#)),
        "{listed:?}"
    );
    try_play(&mut game, r#"{"deploy": {"at": [1, 0], "feature": "road:E"}}"#).expect_err("Ann's road");
    // No portal on the next tile: only its own features.
    let game = kit.replay_first("portal.json", 5);
    assert!(
        !options(&game).iter().any(|o| o.contains("\"at\"")),
        "{:?}",
        options(&game)
    );
    let game = kit.replay("portal.json");
    assert_eq!(scores(&game), (2, 4));
}

/// timing.json: Ann's road follower is on the road her dragon tile
/// completes, and the dragon's only way runs over it. Before scoring (2nd
/// edition) it is eaten and the road scores for nobody; after scoring (Rio
/// Grande's 1st edition) the road scores 3 first.
#[test]
fn the_dragon_flies_before_or_after_scoring_by_variant() {
    let kit = kit();
    let game = kit.replay("timing.json");
    assert_eq!(scores(&game), (0, 0));
    assert_eq!(followers_in_supply(&game), (7, 7));
    let record = with_variant(&kit.record("timing.json"), ID, "dragon_moves", json!("after-scoring"));
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(scores(&game), (3, 0));
    assert_eq!(pd(&game).dragon, Some(Pos::new(-1, 0)));
}

/// Options are told in words, without board coordinates: the page points
/// at the tile named in the move.
#[test]
fn options_are_told_in_words() {
    let kit = kit();
    let game = kit.replay_first("fairy.json", 6);
    assert_eq!(
        labels(&game),
        [
            "Move the fairy next to your follower on the road (east and west), 1 tile west of the new tile",
            "Leave the fairy where it is"
        ]
    );
    let game = kit.replay_first("dragon.json", 9);
    assert_eq!(labels(&game), ["The dragon flies west and eats Ann's follower"]);
    let game = kit.replay_first("princess.json", 4);
    assert_eq!(
        labels(&game),
        [
            "The princess sends home Ann's follower in the city (south-east), 1 tile west of the new tile",
            "Keep the knights and leave the fairy where it is"
        ]
    );
}

/// The FAQ (as quoted on Reddit from Wikicarpedia): a player who places a
/// dragon tile and deploys nothing may move the fairy before the dragon
/// flies. In fairy.json Bob, on his dragon tile's turn, takes the fairy
/// from Ann's road follower to his farmer: the dragon's way is open again
/// and Bob flies it onto Ann's follower at once.
#[test]
fn the_fairy_moves_before_the_dragon_flies() {
    let mut game = kit().replay_first("fairy.json", 9);
    try_play(
        &mut game,
        r#"{"the-princess-and-the-dragon": {"fairy": {"follower": 1, "at": [-1, 0]}}}"#,
    )
    .expect("Bob moves the fairy");
    assert_eq!(asked(&game), Some(1), "Bob moves the dragon first");
    assert_eq!(options(&game), [r#"{"the-princess-and-the-dragon":{"dragon":[1,0]}}"#]);
    try_play(&mut game, r#"{"the-princess-and-the-dragon": {"dragon": [1, 0]}}"#).expect("flies");
    assert_eq!(followers_in_supply(&game).0, 7, "Ann's follower eaten");
}
