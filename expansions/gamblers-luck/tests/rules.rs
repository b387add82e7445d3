//! Gambler's Luck replayed from hand-written records (tests/records),
//! worked out by hand from the rules quoted in
//! docs/expansions/gamblers-luck.md. The start tile D at (0, 0) has a city
//! cap north (no coat of arms) and a road west–east. Ann is player 0, Bob
//! player 1. GL-C is a west–east city with a question-marked coat of arms;
//! turned 90° it runs north–south. The die follows the record's seed: each
//! test reads the roll from the log and checks it.

use carcassonne_core::serde_json::{Value, json};
use carcassonne_core::{Event, Game};
use carcassonne_gamblers_luck::{Face, INFO, State};
use carcassonne_testkit::{Kit, points, try_play, with_parts_only, with_variant};

fn kit() -> Kit {
    Kit::new(&INFO, env!("CARGO_MANIFEST_DIR"))
        .with(&carcassonne_abbey_and_mayor::INFO)
        .with(&carcassonne_family_feud::INFO)
}

/// The expansion's log details of the last decision.
fn rolled(game: &Game) -> Vec<Value> {
    let slot = game.rules().expansion_slot(INFO.id).unwrap();
    game.last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { slot: s, detail } if *s == slot => Some(detail.clone()),
            _ => None,
        })
        .collect()
}

/// The expansion's log lines of the last decision, in words.
fn logged(game: &Game) -> Vec<String> {
    let slot = game.rules().expansion_slot(INFO.id).unwrap();
    game.last_events()
        .iter()
        .filter_map(|e| match e {
            Event::Expansion { slot: s, detail } if *s == slot => Some(game.expansion_log_line(slot, detail).text),
            _ => None,
        })
        .collect()
}

fn state(game: &Game) -> &State {
    carcassonne_testkit::state(game, INFO.id)
}

/// luck.json (seed 10). Ann's GL-C turned 90° at (0,-1) joins D's city,
/// her follower in it. After her follower step the die is rolled for its
/// question-marked coat of arms: a 3, "the number of additional coat of
/// arms for the city": a token with 3 coats of arms. Bob's E closes the
/// city: 3 tiles and 3 coats of arms, "Each coat of arms on the token is
/// considered as printed on a tile": 2 × 3 + 2 × 3 = 12.
#[test]
fn a_roll_of_three_gives_the_city_three_coats_of_arms() {
    let kit = kit();
    let game = kit.replay_first("luck.json", 2);
    assert_eq!(
        rolled(&game),
        [json!({"roll": 3, "token": {"coats-of-arms": 3}, "at": [0, -1], "feature": 0})]
    );
    assert_eq!(
        logged(&game),
        ["Gambler's luck for the city (north and south): 3 more coats of arms"]
    );
    assert_eq!(state(&game).tokens[0].face, Face::CoatsOfArms(3));
    let slot = game.rules().expansion_slot(INFO.id).unwrap();
    let shown: Vec<String> = game
        .presented_expansion_state(slot)
        .into_iter()
        .map(|l| l.text)
        .collect();
    assert_eq!(shown, ["city (north and south) at (0,-1): 3 more coats of arms"]);
    let game = kit.replay("luck.json");
    assert_eq!(points(&game, 0, "cities"), 12);
}

/// luck.json at seed 2 and without Bob's tile: the die shows 2, the city
/// of GL-C and D is unfinished at the end: 1 a tile and 1 a coat of arms,
/// 2 + 2 = 4. At seed 4 it shows 6, "nothing": 2.
#[test]
fn tokens_count_at_the_end_and_five_or_six_is_nothing() {
    let kit = kit();
    let mut record = kit.record("luck.json");
    record.moves.truncate(2);
    record.config.draw_order = Some(vec!["GL-C".into()]);
    record.config.seed = 2;
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(state(&game).tokens[0].roll, 2);
    assert_eq!(points(&game, 0, "cities"), 4);
    record.config.seed = 4;
    let game = kit.replay_record(&record).expect("replays");
    assert_eq!(
        (state(&game).tokens[0].roll, state(&game).tokens[0].face),
        (6, Face::Blank)
    );
    assert_eq!(points(&game, 0, "cities"), 2);
}

/// x.json (seed 9). Ann's F (a coat of arms) turned 90° at (0,-1) joins D's
/// city, her follower in it; Bob's GL-C extends it north and rolls a 4:
/// "red "X", loss of all coats of arms throughout the city" — F's printed
/// one too. Ann's M (a coat of arms) turned 180° at (0,-3) joins the city
/// later and loses its own: the city stays open east, and at the end it is
/// 4 tiles and no coat of arms: 4 (6 without the X).
#[test]
fn a_red_x_voids_every_coat_of_arms_of_the_city_even_those_joined_later() {
    let kit = kit();
    let game = kit.replay_first("x.json", 4);
    assert_eq!(rolled(&game)[0]["roll"], 4);
    assert_eq!(state(&game).tokens[0].face, Face::X);
    let game = kit.replay("x.json");
    assert!(game.is_over());
    assert_eq!(points(&game, 0, "cities"), 4);
}

/// The dice tables. luck.json's 3 is "3 more coats of arms" on the regular
/// table (12); with Abbey & Mayor's mayor in the game ("When using Mayor it
/// is suggested to discard all [3] tokens and increase chance to lose
/// all") the `auto` table is the mayor's, where 3 is the red X: the city
/// of 3 tiles scores 6. `dice = "regular"` keeps the regular table with the
/// mayor; `dice = "mayor"` uses the mayor's without it.
#[test]
fn the_mayors_table_turns_a_three_into_a_red_x() {
    let kit = kit();
    let mut with_mayor = kit.record("luck.json");
    with_mayor.config.expansions.push("abbey-and-mayor".into());
    let with_mayor = with_parts_only(&with_mayor, kit.catalog(), "abbey-and-mayor", &["mayor"]);
    let game = kit.replay_record(&with_mayor).expect("replays");
    assert_eq!(state(&game).tokens[0].face, Face::X);
    assert_eq!(points(&game, 0, "cities"), 6);
    let regular = with_variant(&with_mayor, "gamblers-luck", "dice", json!("regular"));
    let game = kit.replay_record(&regular).expect("replays");
    assert_eq!(points(&game, 0, "cities"), 12);
    let mayor = with_variant(&kit.record("luck.json"), "gamblers-luck", "dice", json!("mayor"));
    let game = kit.replay_record(&mayor).expect("replays");
    assert_eq!(points(&game, 0, "cities"), 6);
}

/// feud.json (with Family Feud, seed 9). Ann's red FF-F turned 90° at
/// (0,-1) joins D's city; Bob's GL-C rolls the red X on it: the city has no
/// coats of arms, so it belongs to no family, and Ann's M (blue-and-white)
/// may join it (FanCloisterZone skips cities whose coats of arms are lost).
/// At the end: 4 tiles, no coat of arms, 4. At seed 10 the die gives 3
/// coats of arms instead (a token's coats of arms belong to no family), the
/// city keeps its red one, and M is refused.
#[test]
fn a_red_x_ends_the_family_feud_of_its_city() {
    let kit = kit();
    let game = kit.replay("feud.json");
    assert_eq!(state(&game).tokens[0].face, Face::X);
    assert_eq!(points(&game, 0, "cities"), 4);
    let mut record = kit.record("feud.json");
    record.config.seed = 10;
    record.moves.truncate(4);
    let mut game = kit.replay_record(&record).expect("replays");
    assert_eq!(state(&game).tokens[0].face, Face::CoatsOfArms(3));
    let refused = try_play(&mut game, r#"{"place": {"tile": "M", "at": [0, -3], "rotation": 180}}"#)
        .expect_err("the red city refuses a blue coat of arms");
    assert!(refused.to_string().contains("blue-and-white"), "{refused}");
}
